"""Which whole numbers are codes and which a measurement, and the load report's reason for each
column's kind (a stable rule code, its figures and the sentence the core words)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree_core.data import (
    CONTINUOUS,
    NOMINAL,
    RULE_SENTENCES,
    KindRule,
    infer_kind,
    is_id_like,
    kind_rule,
)
from dtree_core.datasets import load_bundled
from dtree_core.loading import load_bytes, prepare

# Quinlan's weather data (C4.5, 1993) with temperature and humidity as whole numbers.
WEATHER = {
    "outlook": ["sunny", "sunny", "overcast", "rain", "rain", "rain", "overcast", "sunny", "sunny",
                "rain", "sunny", "overcast", "overcast", "rain"],
    "temperature": [85, 80, 83, 70, 68, 65, 64, 72, 69, 75, 75, 72, 81, 71],
    "humidity": [85, 90, 86, 96, 80, 70, 65, 95, 70, 80, 70, 90, 75, 91],
    "windy": ["FALSE", "TRUE", "FALSE", "FALSE", "FALSE", "TRUE", "TRUE", "FALSE", "FALSE",
              "FALSE", "TRUE", "TRUE", "FALSE", "TRUE"],
    "rating": [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3, 3, 2, 4],
    "play": ["no", "no", "yes", "yes", "yes", "no", "yes", "no", "yes", "yes", "yes", "yes",
             "yes", "no"],
}


def weather_csv(with_day: bool = False) -> bytes:
    columns = {"day": list(range(1, 15))} if with_day else {}
    columns.update(WEATHER)
    rows = zip(*columns.values(), strict=True)
    return "\n".join([",".join(columns), *(",".join(map(str, r)) for r in rows)]).encode()


def test_quinlans_whole_number_weather_is_continuous_and_the_rating_nominal():
    report = load_bytes(weather_csv(), "weather.csv").report
    assert report.kinds == {"outlook": NOMINAL, "temperature": CONTINUOUS,
                            "humidity": CONTINUOUS, "windy": NOMINAL, "rating": NOMINAL,
                            "play": NOMINAL}
    rules = report.kind_rules
    assert rules["humidity"] == KindRule(CONTINUOUS, "integer_measure",
                                         {"low": "65", "high": "96", "distinct": 10})
    assert rules["humidity"].sentence == ("whole numbers 65–96, 10 distinct: a measurement, not "
                                          "codes, so continuous")
    assert rules["temperature"] == KindRule(CONTINUOUS, "integer_measure",
                                            {"low": "64", "high": "85", "distinct": 12})
    assert rules["rating"] == KindRule(NOMINAL, "integer_codes",
                                       {"low": "1", "high": "5", "distinct": 5})
    assert rules["rating"].sentence == ("whole numbers 1–5, 5 distinct: codes (few values in a "
                                        "nearly consecutive range), not a measurement, so nominal")
    assert rules["outlook"] == KindRule(NOMINAL, "text", {"example": "sunny"})
    assert rules["outlook"].sentence == "text (such as 'sunny'), so nominal"


def test_the_report_names_a_rule_for_every_column():
    report = load_bytes(weather_csv(), "weather.csv").report
    assert list(report.kind_rules) == list(report.kinds)
    assert all(rule.kind == report.kinds[c] for c, rule in report.kind_rules.items())
    assert all(rule.code in RULE_SENTENCES and rule.sentence for rule in report.kind_rules.values())


def test_prepare_names_the_rule_for_each_attribute():
    table = load_bytes(weather_csv(with_day=True), "weather.csv")
    prepared = prepare(table, "play", nominal=["temperature"])
    assert "day" not in prepared.kind_rules  # the ID is left out
    assert prepared.kind_rules["temperature"] == KindRule(NOMINAL, "declared_nominal")
    assert prepared.kind_rules["humidity"].code == "integer_measure"
    assert prepared.kind_rules["windy"].code == "text"
    assert prepared.kind_rules["temperature"].sentence == "declared nominal"
    included = prepare(table, "play", include_ids=True, continuous=["rating"])
    assert included.kind_rules["day"] == KindRule(NOMINAL, "id_like")
    assert included.kind_rules["rating"] == KindRule(CONTINUOUS, "declared_continuous")
    assert {c: r.kind for c, r in included.kind_rules.items()} == included.kinds


@pytest.mark.parametrize(("values", "kind", "code"), [
    ([1, 2, 3, 4, 5, 3], NOMINAL, "integer_codes"),  # a 1-5 rating
    ([0, 1, 1, 0], NOMINAL, "integer_codes"),  # a flag
    ([1, 2, 3, 1, 2, 3], NOMINAL, "integer_codes"),  # grades
    ([2007, 2008, 2009, 2008], NOMINAL, "integer_codes"),  # years in the penguins data
    ([7, 7, 7], NOMINAL, "integer_codes"),  # one value
    ([-1, 0, 1], NOMINAL, "integer_codes"),
    ([1, 3, 5, 3], NOMINAL, "integer_codes"),  # 3 values over 5 numbers: still nearly consecutive
    (list(range(1, 21, 2)), NOMINAL, "integer_codes"),  # 10 values over 19 numbers
    (list(range(1, 22, 2)), CONTINUOUS, "integer_measure"),  # 11 values
    ([*range(1, 19, 2), 21], CONTINUOUS, "integer_measure"),  # 10 values over 21 numbers
    ([0, 9], CONTINUOUS, "integer_measure"),  # 2 values over 10 numbers
    ([10, 20, 30], CONTINUOUS, "integer_measure"),  # doses, not codes
    ([0.5, 1, 2], CONTINUOUS, "decimal"),
    ([np.nan, np.nan], NOMINAL, "no_values"),
    ([np.inf, np.nan], NOMINAL, "no_values"),
])
def test_numbers(values, kind, code):
    series = pd.Series(values, dtype="float64")
    assert kind_rule(series).code == code
    assert kind_rule(series).kind == infer_kind(series) == kind


def test_text_and_empty_text():
    assert kind_rule(pd.Series([None, "x", "y"], dtype=object)) == KindRule(
        NOMINAL, "text", {"example": "x"})
    assert kind_rule(pd.Series([None, None], dtype=object)) == KindRule(NOMINAL, "no_values")
    assert kind_rule(pd.Series([True, False])) == KindRule(NOMINAL, "text", {"example": "True"})
    late = pd.Series([None] * 100 + ["late"], dtype=object)
    assert kind_rule(late).details == {"example": "late"}


def test_decimal_figures_and_sentence():
    rule = kind_rule(pd.Series([0.697, 0.774, np.nan, 0.243]))
    assert rule == KindRule(CONTINUOUS, "decimal", {"low": "0.243", "high": "0.774"})
    assert rule.sentence == "numbers with decimals (0.243 to 0.774), so continuous"


def test_bundled_years_stay_codes_and_measures_stay_measures():
    penguins = load_bundled("penguins").report.kind_rules
    assert penguins["year"] == KindRule(NOMINAL, "integer_codes",
                                        {"low": "2007", "high": "2009", "distinct": 3})
    assert penguins["flipper_length_mm"].code == "integer_measure"
    assert penguins["bill_length_mm"].code == "decimal"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-30, 30) | st.just(None), min_size=1, max_size=40))
def test_whole_number_rule(values):
    series = pd.Series([np.nan if v is None else float(v) for v in values], dtype="float64")
    known = {v for v in values if v is not None}
    rule = kind_rule(series)
    if not known:
        assert rule.code == "no_values"
        return
    codes = len(known) <= 10 and max(known) - min(known) + 1 <= 2 * len(known)
    assert rule.code == ("integer_codes" if codes else "integer_measure")
    assert rule.details == {"low": str(min(known)), "high": str(max(known)),
                            "distinct": len(known)}


def old_is_id_like(series: pd.Series) -> bool:
    """The definition is_id_like keeps, written the short way."""
    known = series.dropna()
    if len(known) < len(series) or len(series) < 3 or known.nunique() < len(series):
        return False
    if not pd.api.types.is_numeric_dtype(series) or pd.api.types.is_bool_dtype(series):
        return True
    return bool((known == np.floor(known)).all())


NUMBERS = st.sampled_from([0.0, 1.0, 2.0, 3.0, -1.0, 2.5, 1e6, 2.0**60, np.inf, -np.inf, np.nan])


@settings(max_examples=400, deadline=None)
@given(st.lists(NUMBERS, max_size=300) | st.lists(st.integers(-400, 400), max_size=300).map(
    lambda v: [float(x) for x in v]) | st.lists(st.integers(0, 299), max_size=300).map(
    lambda v: [float(x) for x in dict.fromkeys(v)]))
def test_id_like_numbers(values):
    series = pd.Series(values, dtype="float64")
    assert is_id_like(series) == old_is_id_like(series)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c", None]) | st.text(max_size=3), max_size=300))
def test_id_like_text(values):
    series = pd.Series(values, dtype=object)
    assert is_id_like(series) == old_is_id_like(series)


def test_id_like_long_columns():
    ids = pd.Series(np.arange(1, 100_001, dtype=float))
    assert is_id_like(ids) and is_id_like(pd.Series([f"r{i}" for i in range(1000)]))
    assert not is_id_like(pd.Series([*range(999), 5], dtype=float))  # one repeat at the end
    assert not is_id_like(pd.Series([*map(str, range(999)), "5"]))
    assert not is_id_like(pd.Series([*map(str, range(999)), None]))


def test_an_included_measurement_that_differs_in_every_row_stays_continuous():
    """Eight students' ages and monthly spending, all different: ID-like by the rule (left
    out unless included), but when included they are measurements, as the load report says,
    not eight-way nominal splits; the student number 1–8 numbers the rows and is nominal
    (Zhou's 编号), in the report and in the grown tree alike."""
    from dtree_core.data import numbers_rows

    csv = "学号,年龄,月消费,是否购买\n" + "\n".join(
        f"{i + 1},{age},{spend},{buy}" for i, (age, spend, buy) in enumerate(zip(
            [18, 25, 33, 41, 52, 60, 29, 38], [1200, 3100, 2500, 800, 4100, 3900, 1500, 2200],
            "是否是否是否否是", strict=True)))
    table = load_bytes(csv.encode(), "students.csv")
    rules = table.report.kind_rules
    assert rules["学号"] == KindRule(NOMINAL, "id_like")
    assert rules["年龄"].code == rules["月消费"].code == "integer_measure"
    assert set(table.report.id_columns) == {"学号", "年龄", "月消费"}  # left out by default
    included = prepare(table, "是否购买", include_ids=True)
    assert included.kinds == {"学号": NOMINAL, "年龄": CONTINUOUS, "月消费": CONTINUOUS}
    assert included.kind_rules == {c: rules[c] for c in ("学号", "年龄", "月消费")}
    assert numbers_rows(pd.Series(np.arange(1, 18.0)))  # watermelon 2.0's 编号
    assert numbers_rows(pd.Series([3.0, 1, 5, 2, 8, 4]))  # row numbers with gaps, shuffled
    assert not numbers_rows(pd.Series([64.0, 65, 68, 69, 70, 71, 72, 85]))  # temperatures
    assert numbers_rows(pd.Series(["a", "b", "c"]))
    wm2 = load_bundled("watermelon_2.0").report.kind_rules
    assert wm2["编号"] == KindRule(NOMINAL, "id_like")


def test_a_measurement_with_a_typo_is_text_but_no_id_and_its_reason_quotes_the_typo():
    """Watermelon 3.0's 密度 with 0.403 typed 0.4O3: the column reads as text and all its
    values differ, but it is a measurement, not a row number: it stays an attribute (the
    loader's notice names the value), and its kind's reason quotes the value that made it
    text, not a number ('text (such as '0.697')')."""
    from dtree_core.data import is_id_like, kind_rule
    from dtree_core.loading import load_bytes, prepare

    rows = ["0.697", "0.774", "0.634", "0.608", "0.556", "0.4O3", "0.481", "0.437"]
    text = "密度,好瓜\n" + "".join(f"{v},{'是' if i % 2 else '否'}\n" for i, v in enumerate(rows))
    table = load_bytes(text.encode(), "typo.csv")
    assert "密度" not in table.report.id_columns
    assert not is_id_like(table.frame["密度"])
    assert kind_rule(table.frame["密度"]).details == {"example": "0.4O3"}
    assert any("0.4O3" in str(w) for w in table.report.warnings)
    assert "密度" in prepare(table, "好瓜").X.columns
    # text codes are still IDs: A001…, and numbers with a leading zero kept as text
    assert is_id_like(pd.Series([f"A{i:03d}" for i in range(8)]))
    assert is_id_like(pd.Series([f"{i:03d}" for i in range(8)]))


def test_whole_numbers_longer_than_a_float_keeps_are_codes_kept_as_written():
    """18-digit ID card numbers (身份证号, saved as text in Excel so that they survive) read as
    floats: ten students' different IDs became three numbers, and the column a nominal
    attribute of codes that no longer told them apart. They are text, as written, said so;
    15 digits and a long decimal stay numbers."""
    ids = [str(110101199001011000 + i) for i in range(10)]
    rows = "".join(f"{x},{1e14 + i * 7919:.0f},0.3000000000000000{i},{'是' if i % 2 else '否'}\n"
                   for i, x in enumerate(ids))
    for text in ("身份证号,fifteen,long_decimal,y\n" + rows,
                 "身份证号,fifteen,long_decimal,y\n" + rows.replace(ids[4], "NA")):
        table = load_bytes(text.encode("gbk"), "ids.csv")
        kept = [x for x in ids if x in text]
        assert table.frame["身份证号"].dropna().tolist() == kept
        assert table.report.kind_rules["身份证号"].code in ("text", "id_like")
        assert [w.code for w in table.report.warnings] == ["long_numbers"]
        assert table.report.warnings[0] == (
            "Column '身份证号' is read as text: it holds whole numbers of more than 15 digits "
            "(such as '110101199001011000'), more than a number keeps exactly, so its numbers "
            "are codes (ID or card numbers), not measurements.")
        assert table.report.kinds["fifteen"] == table.report.kinds["long_decimal"] == CONTINUOUS
        assert table.frame["fifteen"].tolist()[:2] == [1e14, 1e14 + 7919]
