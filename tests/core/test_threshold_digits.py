"""A cut point is written on the side of every training value that the cut itself is.

Six significant digits put 1.2345672 (between 1.2345671 and 1.2345673) at 1.23457, above
both rows it separates: "x <= 1.23457" would send both left. Such a split record carries
threshold_digits, and every text of it (labels, rules, score tables, exports, sentences)
writes the cut to that many digits.
"""

from __future__ import annotations

import json
from decimal import Decimal

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dtree_core import DecisionTree, Trace
from dtree_core.export import score_table, to_markdown
from dtree_core.labels import score_table_text
from dtree_core.rules import rules_text
from dtree_core.split import Condition, record_threshold_text, threshold_text
from dtree_core.splitting import threshold_digits

CLOSE = pd.DataFrame({"x": [1.2345671, 1.2345673, 1.2345675, 1.2345677, 2.5, 2.6]})
CLOSE_Y = pd.Series(["a", "b", "a", "b", "b", "a"], name="y")


def close_trace(algorithm: str = "c45") -> dict:
    return DecisionTree(algorithm).fit(CLOSE, CLOSE_Y).trace_.to_dict()


def test_six_digits_that_would_cross_a_value_ask_for_more():
    t = np.array([1.2345672, 0.3815, 0.29400000000000004, 2.0, np.nan, 1000001.75])
    below = np.array([1.2345671, 0.360, 0.243, 1.5, 1.0, 1000001.5])
    above = np.array([1.2345673, 0.403, 0.345, 2.5, 2.0, 1000002.0])
    assert threshold_digits(t, below, above).tolist() == [8, 0, 0, 0, 0, 0]
    # the book's cuts need nothing: no array, and no field in their traces
    assert threshold_digits(t[1:], below[1:], above[1:]) is None


def test_a_cut_next_to_a_value_is_written_between_them():
    assert threshold_text(1.2345672, 8) == "1.2345672"
    # without digits too: six (1.23457) would not read back as the cut, so more are written
    assert threshold_text(1.2345672) == "1.2345672"
    assert threshold_text(0.3815, None) == "0.3815"
    assert threshold_text(2.0, 9) == "2"


def test_the_record_carries_the_digits_to_every_text():
    trace = close_trace()
    root = trace["nodes"][0]
    assert root["decision"]["threshold_digits"] == 8
    assert record_threshold_text(root["decision"]) == "1.2345672"
    assert root["scores"][0]["threshold_digits"] == 8
    assert root["scores"][0]["branches"][0]["threshold_digits"] == 8
    child = trace["nodes"][root["children"][0]]
    assert Condition.from_dict(child["branch"]).text() == "x<=1.2345672"
    assert "1.2345672" in score_table_text(root)
    assert "1.23457" not in score_table_text(root)
    assert "| 1.2345672 |" in to_markdown(score_table(root))
    assert "x <= 1.2345672" in rules_text(trace).replace("<=", " <= ").replace("  ", " ")


def test_json_round_trip_keeps_the_digits_and_other_traces_do_not_change():
    trace = close_trace()
    again = Trace.from_json(json.dumps(trace)).to_dict()
    assert again["nodes"][0]["decision"]["threshold_digits"] == 8
    assert again["nodes"][1]["branch"]["threshold_digits"] == 8
    book = pd.DataFrame({"x": [0.697, 0.774, 0.634, 0.608, 0.556, 0.403, 0.481, 0.437]})
    text = json.dumps(DecisionTree("c45").fit(book, pd.Series(list("aabbabab"))).trace_.to_dict())
    assert "threshold_digits" not in text


def _rows_at(table: pd.DataFrame, trace: dict, node: dict) -> pd.DataFrame:
    """The rows that reach a node (no unknown values: each row takes one path)."""
    keep = np.ones(len(table), dtype=bool)
    while node["parent"] is not None and node["parent"] >= 0:
        keep &= Condition.from_dict(node["branch"]).holds(table)
        node = trace["nodes"][node["parent"]]
    return table[keep]


def _written_number(condition: dict) -> Decimal:
    return Decimal(Condition.from_dict(condition).text(named=False).lstrip("<=>"))


def _reads_on_the_cuts_side(values: pd.Series, t: float, written: Decimal) -> bool:
    """Every value is on the written number's side that it is of t, as the data write it
    and as the float the written number reads back as routes it."""
    back = float(written)
    return all((x <= t) == (Decimal(repr(x)) <= written) == (x <= back) for x in values.tolist())


@st.composite
def crowded_columns(draw):
    """Values a few units of the 7th or 8th digit apart, and some far away; or, for numbers
    of 14 to 16 digits, a tenth apart (where a value's shortest form is a half-ulp off)."""
    n = draw(st.integers(4, 30))
    if draw(st.booleans()):
        base = draw(st.sampled_from([1.2345, 0.0012345, 123.45, 98765.4, -3.21]))
        step = abs(base) * draw(st.sampled_from([1e-7, 3e-8, 1e-6, 1e-3]))
    else:
        base = draw(st.sampled_from([348135459184978.7, 71234567890123.4, 1234567890123.4]))
        step = draw(st.sampled_from([0.1, 0.3, 1.0]))
    steps = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    x = [base + k * step for k in steps]
    y = draw(st.lists(st.sampled_from("pq"), min_size=n, max_size=n))
    if len(set(y)) < 2:
        y[0], y[-1] = "p", "q"
    return pd.DataFrame({"x": x}), pd.Series(y, name="y")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowded_columns(), st.sampled_from(["id3", "c45", "cart"]))
def test_every_written_cut_separates_the_rows_it_separates(data, algorithm):
    X, y = data
    trace = DecisionTree(algorithm, continuous=["x"]).fit(X, y).trace_.to_dict()
    for node in trace["nodes"]:
        here = _rows_at(X, trace, node)["x"]
        decision = node["decision"]
        if decision["kind"] == "split":
            written = _written_number(trace["nodes"][node["children"][0]]["branch"])
            assert _reads_on_the_cuts_side(here, decision["threshold"], written)
            assert Decimal(record_threshold_text(decision)) == written
        for row in node["scores"]:
            if row["threshold"] is not None:
                assert _reads_on_the_cuts_side(here, row["threshold"],
                                               Decimal(record_threshold_text(row)))


def test_a_cut_of_sixteen_digits_is_checked_as_written():
    """At 3.5e14 a float is a sixteenth apart: 978.75 between 978.7 and 978.8 written with
    16 digits is 978.8, the value above; the vectorised bound alone cleared it."""
    below, above = 348135459184978.7, 348135459184978.8
    t = (below + above) / 2
    digits = threshold_digits(np.array([t]), np.array([below]), np.array([above]))
    assert digits is not None and threshold_text(t, int(digits[0])) == "348135459184978.75"
    written = Decimal(threshold_text(t, int(digits[0])))
    assert _reads_on_the_cuts_side(pd.Series([below, above]), t, written)


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_the_fix_is_needed_on_the_close_rows(algorithm):
    """With six digits the root's cut reads on the wrong side (the test can fail)."""
    trace = close_trace(algorithm)
    root = trace["nodes"][0]
    t = root["decision"]["threshold"]
    assert not _reads_on_the_cuts_side(CLOSE["x"], t, Decimal(f"{t:.6g}"))
    assert _reads_on_the_cuts_side(CLOSE["x"], t, Decimal(record_threshold_text(root["decision"])))


def test_the_cli_writes_the_cut_of_its_score_tables_to_the_digits_it_needs(tmp_path):
    """--scores-md and --scores-latex write the threshold column as the tree's labels do
    (they wrote it to the score decimals, 1.235, which is no cut between these rows)."""
    from dtree_core.cli import main

    data = tmp_path / "close.csv"
    CLOSE.assign(y=CLOSE_Y).to_csv(data, index=False)
    md, tex = tmp_path / "s.md", tmp_path / "s.tex"
    assert main(["grow", str(data), "--target", "y", "--algorithm", "c45",
                 "--scores-md", str(md), "--scores-latex", str(tex)]) == 0
    assert "| 1.2345672 |" in md.read_text(encoding="utf-8")
    assert "& 1.2345672 &" in tex.read_text(encoding="utf-8")


def test_each_row_of_an_exported_table_writes_its_cut_to_its_own_digits():
    """v's cut needs 16 digits; u's is written 400 (between 400 and the float after it).
    Written to the column's most, u's read 400.0000000000001: the value above its cut."""
    from dtree_core.export import to_latex

    X = pd.DataFrame({"u": [400.0, 400.0000000000001] * 2,
                      "v": [22489.06765590129, 22489.067655901294] * 2})
    root = DecisionTree("c45").fit(X, pd.Series(list("abab"), name="y")).trace_.to_dict()[
        "nodes"][0]
    assert [r.get("threshold_digits") for r in root["scores"]] == [None, 16]
    assert record_threshold_text(root["scores"][0]) == "400"
    for text in (to_markdown(score_table(root)), to_latex(score_table(root))):
        assert "400.0000000000001" not in text and "22489.06765590129" in text


def test_no_typed_value_lies_between_the_written_cut_and_the_cut():
    """123456.5 and 123457.25 are cut at 123456.875; written 123456.9 (between the two rows,
    so enough for them), a new value of 123456.88 read '<= 123456.9' while the tree sent it
    above. The cut is written as the number it is."""
    X = pd.DataFrame({"v": [123456.5, 123456.5, 123457.25, 123457.25]})
    model = DecisionTree("cart").fit(X, pd.Series(["a", "a", "b", "b"], name="c"))
    trace = model.trace_.to_dict()
    assert record_threshold_text(trace["nodes"][0]["decision"]) == "123456.875"
    assert model.predict(pd.DataFrame({"v": [123456.88]}))[0] == "b"
    assert "IF v>123456.875 THEN c=b" in rules_text(trace)


def test_a_midpoint_the_arithmetic_moved_off_its_short_decimal_is_written_as_it_is():
    """-43.6 and 48.8 are cut at the float 2.599999999999998, five units in its last place
    from 2.6 (the operands' units are larger): written 2.6, a typed 2.6 read '<= 2.6' while
    the tree sent it above (hypothesis found it, one run in ten)."""
    X = pd.DataFrame({"v": [-43.6, -43.6, 48.8, 48.8]})
    model = DecisionTree("cart").fit(X, pd.Series(["a", "a", "b", "b"], name="c"))
    trace = model.trace_.to_dict()
    t = trace["nodes"][0]["decision"]["threshold"]
    assert t == (-43.6 + 48.8) / 2 and t != 2.6
    assert record_threshold_text(trace["nodes"][0]["decision"]) == "2.599999999999998"
    assert model.predict(pd.DataFrame({"v": [2.6]}))[0] == "b"
    assert "IF v>2.599999999999998 THEN c=b" in rules_text(trace)
    assert threshold_text(2.6) == "2.6" and threshold_text(0.29400000000000004) == "0.294"


@settings(max_examples=300, deadline=None)
@given(st.integers(-10**8, 10**8), st.integers(1, 10**8), st.integers(-8, 4))
def test_a_midpoint_of_short_decimals_reads_back_as_itself(first, gap, exponent):
    """Two values of up to 8 significant digits: their midpoint is written as the cut the
    tree routes by (within a few units in the last place), not as a nearby number."""
    below = float(f"{first}e{exponent}")
    above = float(f"{first + gap}e{exponent}")
    t = (below + above) / 2
    assert abs(float(threshold_text(t)) - t) <= 4 * np.spacing(abs(t))
