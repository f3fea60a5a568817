"""The export page says which tree each rule list belongs to (the sidebar's: R1, R2, …; the
hold-out tree grown on training rows only: H1, H2, …), and no data table prints a missing
value as "None" or "nan": the numbers stay numbers (a column sorts by value) and a gap shows
as the em dash, with the export page saying why an accuracy is missing."""

from __future__ import annotations

import json
import re

import pandas as pd
import pyarrow as pa
import pytest

from dtree_core.evaluate import stratified_split
from dtree_core.rules import percent_text, rules
from dtree_core.split import format_number
from tests.app.app_helpers import content, grown_app, new_app, page_app, trace
from tests.conftest import dataset_path
from ui.messages import t
from ui.tables import BLANK

LANGS = ["en", "zh"]


def export_app(lang: str):
    """The export page with its hold-out switch turned on (off by default)."""
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("pages/export.py").run()
    at.toggle(key="exp_holdout").set_value(True).run()
    assert not at.exception and not at.error
    return at


def frames(at) -> list[pd.DataFrame]:
    return [df.value for df in at.dataframe]


def rules_table(at, lang: str) -> pd.DataFrame:
    """The IF-THEN rules (the frame with an IF column)."""
    return next(f for f in frames(at) if t("exp.col.if", _lang=lang) in f.columns)


def han_table(at, lang: str) -> pd.DataFrame:
    """Han's rule table: the frame with one column per attribute (纹理 among them)."""
    return next(f for f in frames(at) if t("exp.col.rule", _lang=lang) in f.columns
                and "纹理" in f.columns)


def captions(at) -> list[str]:
    return [c.value for c in at.caption]


# --------------------------------------------------------------------- Defect 1: which tree


@pytest.mark.parametrize("lang", LANGS)
def test_holdout_rules_are_named_apart_from_the_sidebar_trees(lang):
    at = export_app(lang)
    held_out = rules_table(at, lang)
    rule = t("exp.col.rule", _lang=lang)
    n_holdout = len(held_out)
    assert list(held_out[rule]) == [f"H{i}" for i in range(1, n_holdout + 1)]
    table = han_table(at, lang)
    assert list(table[rule]) == [f"R{i}" for i in range(1, len(table) + 1)]
    assert not set(held_out[rule]) & set(table[rule])  # no name means two trees' rules
    # The held-out tree is the one grown on the split's training rows: 12 of the 17 rows.
    assert t("exp.rules.caption_holdout", _lang=lang, train=12, test=5) in captions(at)
    sidebar = t("exp.rules.sidebar_all", _lang=lang, rows=17)
    said = t("exp.rules.sidebar_section", _lang=lang, tree=sidebar)
    assert captions(at).count(said) == 2  # the rule post-pruning and the rule table

    at.toggle(key="exp_holdout").set_value(False).run()
    assert not at.exception
    own = rules_table(at, lang)
    expected = rules(trace(at))  # the sidebar's tree, in the rule table's order
    assert list(own[rule]) == list(table[rule]) == [f"R{i}" for i in range(1, len(expected) + 1)]
    assert list(own[t("exp.col.then", _lang=lang)]) == [r.conclusion_text for r in expected]
    assert list(table.iloc[:, -1]) == [r.label for r in expected]
    assert t("exp.rules.caption_all", _lang=lang, tree=sidebar) in captions(at)
    assert not any(c.startswith(t("exp.rules.caption_holdout", _lang=lang, train=12,
                                  test=5)[:20]) for c in captions(at))


def test_the_sidebar_tree_grown_on_part_of_the_rows_says_so():
    at = new_app().run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    at.selectbox(key="prune").set_value("rep").run()
    at.radio(key="validation_source::False").set_value("split").run()
    assert not at.exception and not at.error
    grown = trace(at)["nodes"][0]["n"]
    assert grown < 17
    at.switch_page("pages/export.py").run()
    at.toggle(key="exp_holdout").set_value(False).run()
    assert not at.exception and not at.error
    tree = t("exp.rules.sidebar_part", _lang="en", rows=grown, total=17)
    assert t("exp.rules.caption_all", _lang="en", tree=tree) in captions(at)
    assert not any(t("exp.rules.sidebar_all", _lang="en", rows=17) in c for c in captions(at))


def pruned_export_app(lang: str, dataset: str, source: str):
    """The export page for ID3 with reduced-error pruning, its validation rows the book's
    paired set's ("paired") or carved out of the training rows ("split")."""
    at = page_app(None, dataset, lang, algorithm="id3")
    at.selectbox(key="prune").set_value("rep").run()
    at.radio(key=f"validation_source::{source == 'paired'}").set_value(source).run()
    at.switch_page("pages/export.py").run()
    at.toggle(key="exp_holdout").set_value(True).run()
    assert not at.exception and not at.error
    return at


def export_split(filename: str) -> tuple[list, list, pd.Series]:
    """The export page's held-out split, its other widgets untouched (30 %, seed 0)."""
    y = pd.read_csv(dataset_path(filename))["好瓜"].astype(str)
    train, test = stratified_split(y, 0.3, 0)
    return train, test, y


@pytest.mark.parametrize("lang", LANGS)
def test_the_holdout_tree_says_it_grew_on_the_training_rows_less_its_validation_rows(lang):
    """The split's 12 training rows less those the sidebar's validation split (its share and
    seed, on those 12 rows) carves out for reduced-error pruning: the rows the tree grew on."""
    at = pruned_export_app(lang, "watermelon_2.0", "split")
    spec = at.session_state["current"]["choices"]["validation"]
    train, test, y = export_split("watermelon_2.0.csv")
    carved = len(stratified_split(y.iloc[train].reset_index(drop=True), float(spec["share"]),
                                  int(spec["seed"]))[1])
    assert (len(train), len(test)) == (12, 5) and 0 < carved < 12
    said = t("exp.rules.caption_holdout.carved", _lang=lang, grown=12 - carved, train=12,
             validation=carved, test=5)
    assert said in captions(at)
    assert t("exp.rules.caption_holdout", _lang=lang, train=12, test=5) not in captions(at)


@pytest.mark.parametrize("lang", LANGS)
def test_the_holdout_tree_pruned_by_a_validation_file_grew_on_every_training_row(lang):
    """The book's paired validation set (Zhou table 4.2) is not carved out of the training
    rows: every one of them grows the tree."""
    at = pruned_export_app(lang, "watermelon_2.0_train", "paired")
    n_train, n_test = (len(rows) for rows in export_split("watermelon_2.0_train.csv")[:2])
    assert t("exp.rules.caption_holdout", _lang=lang, train=n_train, test=n_test) \
        in captions(at)
    assert not [c for c in range(1, n_train) if t(
        "exp.rules.caption_holdout.carved", _lang=lang, grown=n_train - c, train=n_train,
        validation=c, test=n_test) in captions(at)]


@pytest.mark.parametrize("lang", LANGS)
def test_holdout_rule_files_carry_the_pages_numbers(downloads, lang):
    at = export_app(lang)
    downloads.clear()  # the run before the switch was turned on offered the sidebar's rules
    at.run()
    names = dict(downloads)
    held_out = rules_table(at, lang)
    stem = t("file.rules_holdout", _lang=lang)
    text = next(v for k, v in names.items() if k.endswith(f"_{stem}.txt"))
    markdown = next(v for k, v in names.items() if k.endswith(f"_{stem}.md"))
    lines = content(text).splitlines()
    ids = [re.match(r"([A-Z]\d+)[:：]", line).group(1) for line in lines]
    assert ids == list(held_out[t("exp.col.rule", _lang=lang)])
    rows = [line for line in content(markdown).splitlines() if re.match(r"\| [A-Z]\d+ \|", line)]
    assert [row.split(" | ")[0][2:] for row in rows] == ids
    assert not any(k.endswith(f"_{t('file.rules', _lang=lang)}.txt") for k in names)

    downloads.clear()
    at.toggle(key="exp_holdout").set_value(False).run()
    names = dict(downloads)
    text = next(v for k, v in names.items() if k.endswith(f"_{t('file.rules', _lang=lang)}.txt"))
    assert [line.split(":")[0].split("：")[0] for line in content(text).splitlines()] == \
        [f"R{i}" for i in range(1, len(rules(trace(at))) + 1)]


# --------------------------------------------------------------------- Defect 2: no "None"
# A gap stays a missing number (so a column sorts by value, not as text) and st.dataframe
# shows it as BLANK: its placeholder, which every table here must pass.


def element(at, columns: set[str]):
    """The dataframe element whose frame has these columns."""
    return next(df for df in at.dataframe if columns <= set(df.value.columns))


def formats(df) -> dict[str, str]:
    """Each column's printf format from its column config."""
    config = json.loads(df.proto.columns or "{}")
    return {c: v["type_config"]["format"] for c, v in config.items()
            if v.get("type_config", {}).get("format")}


def display_values(df) -> pd.DataFrame:
    """A Styler's cells as shown (its display values)."""
    styler = df.proto.arrow_data.styler
    return pa.ipc.open_stream(styler.display_values).read_all().to_pandas()


def assert_gaps_are_blank(df, gap_columns: set[str]) -> None:
    """Missing values only in gap_columns, and shown as BLANK there."""
    frame = df.value
    assert df.proto.placeholder == BLANK
    assert {c for c in frame.columns if frame[c].isna().any()} <= gap_columns
    assert not {"None", "nan", "NaN", "<NA>"} & {str(v) for v in frame.to_numpy().ravel()
                                                 if isinstance(v, str)}


@pytest.mark.parametrize("lang", LANGS)
def test_export_rule_accuracy_of_a_rule_covering_nothing_is_a_dash(lang):
    at = export_app(lang)
    accuracy = {t("exp.col.train_accuracy", _lang=lang), t("exp.col.test_accuracy", _lang=lang)}
    df = element(at, {t("exp.col.if", _lang=lang)})
    frame = df.value
    assert_gaps_are_blank(df, accuracy)
    test_coverage = frame[t("exp.col.test_coverage", _lang=lang)]
    test_accuracy = frame[t("exp.col.test_accuracy", _lang=lang)]
    assert (test_coverage == 0).any()  # watermelon 2.0's split leaves rules with no row
    assert list(test_accuracy.isna()) == list(test_coverage == 0)
    assert pd.api.types.is_float_dtype(test_accuracy)  # sorts by value
    assert t("exp.rules.undefined", _lang=lang) in captions(at)


def test_export_rule_accuracy_is_the_exact_share_as_a_percent():
    """The accuracy column holds 100 × the rule's exact share, and its format prints what
    the rule files print (percent_text), to the places the sidebar's decimals give."""
    at = export_app("en")
    at.toggle(key="exp_holdout").set_value(False).run()
    df = element(at, {t("exp.col.if", _lang="en")})
    column = t("exp.col.train_accuracy", _lang="en")
    found = rules(trace(at))
    decimals = int(at.session_state["decimals"])
    shares = [r.train.accuracy for r in found]
    assert None in shares  # ID3's empty branches: leaves that cover no training row
    values = df.value[column].tolist()
    assert [v != v for v in values] == [s is None for s in shares]  # NaN where undefined
    assert [v for v in values if v == v] == [100 * s for s in shares if s is not None]
    fmt = formats(df)[column]
    assert [fmt % (100 * s) for s in shares if s is not None] == \
        [percent_text(s, decimals) for s in shares if s is not None]
    assert_gaps_are_blank(df, {column})


def grow_app(lang: str, dataset: str, algorithm: str):
    return grown_app(dataset, algorithm, lang)


def root_score_table(at, lang: str, root: dict):
    return next(df for df in at.dataframe if t("col.threshold", _lang=lang) in df.value.columns
                and len(df.value) == len(root["scores"]))


@pytest.mark.parametrize("lang", LANGS)
def test_grow_page_score_table_shows_no_none_for_a_nominal_threshold(lang):
    at = grow_app(lang, "watermelon_3.0", "id3")
    root = trace(at)["nodes"][0]
    df = root_score_table(at, lang, root)
    column = t("col.threshold", _lang=lang)
    assert_gaps_are_blank(df, {column})
    attributes = list(df.value[t("col.attribute", _lang=lang)])
    shown = display_values(df)[column]
    for row in root["scores"]:
        value = df.value[column].iloc[attributes.index(row["attribute"])]
        if row["threshold"] is None:
            assert value != value  # NaN
        else:
            assert value == row["threshold"]
            assert shown.iloc[attributes.index(row["attribute"])] == f"{row['threshold']:.6g}"
    assert shown.iloc[attributes.index("密度")] == f"{0.3815:.6g}"


@pytest.mark.parametrize("lang", LANGS)
def test_grow_page_score_table_under_cart_shows_no_none_for_a_multiway_gini(lang):
    """CART shows the multiway Gini_index of nominal attributes only: the continuous rows have
    none, a gap shown as BLANK there too."""
    at = grow_app(lang, "watermelon_3.0", "cart")
    root = trace(at)["nodes"][0]
    df = root_score_table(at, lang, root)
    frame = df.value
    multiway = [c for c in frame.columns if frame[c].isna().any()
                and c != t("col.threshold", _lang=lang)]
    assert len(multiway) == 1  # the column with the continuous rows' gaps
    assert_gaps_are_blank(df, {t("col.threshold", _lang=lang), multiway[0]})
    attributes = list(frame[t("col.attribute", _lang=lang)])
    for row in root["scores"]:
        cell = frame[multiway[0]].iloc[attributes.index(row["attribute"])]
        assert (cell != cell) == (row["gini_index_multiway"] is None)
        if row["gini_index_multiway"] is not None:
            assert cell == row["gini_index_multiway"]  # exact, rounded for display only


@pytest.mark.parametrize("lang", LANGS)
def test_compare_scores_blank_cells_show_a_dash(lang):
    """The compare page's merged score table of watermelon 3.0: nominal attributes have no t,
    a gap shown as BLANK; the thresholds are numbers shown to 6 significant digits."""
    at = grow_app(lang, "watermelon_3.0", "id3")
    at.switch_page("pages/compare.py").run()
    assert not at.exception
    column = t("col.threshold", _lang=lang)
    df = next(df for df in at.dataframe if column in df.value.columns)
    shown = df.value
    kinds = shown[t("col.kind", _lang=lang)]
    nominal = kinds == t("kind.nominal", _lang=lang)
    assert nominal.any() and (~nominal).any()
    assert shown.loc[nominal, column].isna().all()
    assert (shown.loc[~nominal, column] > 0).all()
    gaps = {c for c in shown.columns if shown[c].isna().any()}
    assert_gaps_are_blank(df, gaps)
    # as shown (a Styler: each row's cut with its own record's digits)
    cells = display_values(df)
    assert (cells.loc[nominal.to_numpy(), column] == BLANK).all()
    assert cells.loc[(~nominal).to_numpy(), column].tolist() == [
        format_number(x) for x in shown.loc[~nominal, column]]
    decimals = int(at.session_state["decimals"])
    gain = t("col.gain", _lang=lang)
    assert cells[gain].tolist() == [f"{x:.{decimals}f}" for x in shown[gain]]
    assert all(pd.api.types.is_float_dtype(shown[c]) for c in gaps)


def test_a_percentage_column_gets_the_places_its_inexact_shares_need():
    """A column of 2999/3000 and 1 was printed 100.0% and 100.0%: the column's format takes
    the places percent_text gives the share that needs the most."""
    from ui.tables import percent_format
    fmt = percent_format(3, [2999 / 3000, 1.0, None])
    assert fmt == "%.2f%%" and fmt % (100 * 2999 / 3000) == "99.97%"
    assert percent_format(3, [0.5, None]) == "%.1f%%" == percent_format(3)


def test_the_chinese_counts_of_the_rules_rows_are_samples():
    """Rows of data are 样本 (Li Hang: 实例) in the app's Chinese, as the sidebar_all caption
    already said; "17 行" is a file's lines."""
    counts = {"rows": 12, "total": 17, "train": 12, "test": 5, "grown": 8, "validation": 4}
    for key in ("exp.rules.sidebar_all", "exp.rules.sidebar_part", "exp.rules.caption_holdout",
                "exp.rules.caption_holdout.carved"):
        text = t(key, _lang="zh", tree="", **counts)
        assert "样本" in text and "行" not in text, text
        assert "实例" in t(key, _lang="zh", _notation="lihang", tree="", **counts)
