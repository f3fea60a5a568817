"""A count of one takes the singular in English sentences ("1 row is held out", not
"1 rows are"), in the app's catalogue and the command line's; other counts and Chinese are
left as written."""

from __future__ import annotations

import pytest

from dtree_core.cli_messages import say
from dtree_core.wording import counted
from ui.messages import fill, t


@pytest.mark.parametrize(("value", "after", "expected"), [
    ("1", " rows are held out", " row is held out"),
    ("1", " training rows; ", " training row; "),
    ("1", " leaves, ", " leaf, "),
    ("1", " classes", " class"),
    ("1", " nodes agree", " node agrees"),
    ("1", " trees were asked for", " tree was asked for"),
    ("2", " rows are held out", " rows are held out"),
    ("21", " rows", " rows"),
    ("1.5", " rows", " rows"),
    ("1", " rowsy", " rowsy"),  # not the noun
    ("1", ", rows", ", rows"),  # the noun does not follow the count
    ("1", " 行", " 行"),
    ("1", " values that are not a finite number", " value that is not a finite number"),
    ("2", " values that are not a finite number", " values that are not a finite number"),
    ("1", " empty rows.", " empty row."),
    ("1", " forced splits", " forced split"),
    ("1", " sheets, so", " sheet, so"),
    ("1", " passes of", " pass of"),
])
def test_counted(value, after, expected):
    assert counted(value, after) == expected


def test_fill_fills_like_format():
    template = "{rows} rows x {columns} columns ({how}) {{braces}}"
    for rows, columns in [(1, 1), (1, 3), (17, 1), (17, 8)]:
        plain = template.format(rows=rows, columns=columns, how="utf-8")
        got = fill(template, {"rows": rows, "columns": columns, "how": "utf-8"})
        assert got == plain.replace("1 rows", "1 row").replace("1 columns", "1 column")


def test_the_manual_pages_held_out_rows():
    assert t("man.training", _lang="en", train=1, test=1) == (
        "Your tree grows on 1 training row; 1 row is held out for the test.")
    assert t("man.training", _lang="en", train=11, test=6) == (
        "Your tree grows on 11 training rows; 6 rows are held out for the test.")
    assert t("man.training", _lang="zh", train=1, test=1) == (
        "你的决策树在 1 个训练样本上生成；留出 1 个样本作测试集。")


def test_a_value_is_never_changed():
    """Only the template's words change: a value that reads "1 rows" is the data's."""
    assert fill("{name}: {n} rows", {"name": "1 rows", "n": 1}) == "1 rows: 1 row"


def test_the_command_lines_file_summary():
    text = say("en", "summary.file", filename="a.csv", rows=1, columns=2, how="utf-8")
    assert text == "a.csv: 1 row x 2 columns (utf-8)"


@pytest.mark.parametrize("key", ["setup.clear_forces", "error.sheet_number",
                                 "boundary.missing_rows", "linear.learner",
                                 "error.validation_columns", "tc.file.error.forced"])
def test_no_english_sentence_writes_a_plural_in_brackets(key):
    """fill writes the singular after a count of one, so "row(s)" is never needed: a
    sentence says "1 row" or "2 rows"."""
    assert "(s)" not in t(key, _lang="en") and "(es)" not in t(key, _lang="en")


def test_no_loader_notice_writes_a_plural_in_brackets():
    from dtree_core.loading import NOTICES
    assert [code for code, text in NOTICES.items() if "(s)" in text or "(es)" in text] == []


def test_c45s_rule_counts_the_attributes_above_the_mean_in_words():
    """'(…; there are 1)' had its count before the verb, out of fill's reach."""
    for key, noun in (("rule.c45_gain_ratio", "attribute"),
                      ("rule.c45_gain_ratio.lihang", "feature")):
        one = t(key, _lang="en", passed=1, mean="0.1", attribute="a", ratio="0.3")
        assert f"Of the 1 {noun} whose" in one and "there are" not in one
        assert f"Of the 3 {noun}s whose" in t(key, _lang="en", passed=3, mean="0.1",
                                              attribute="a", ratio="0.3")


def test_one_merged_range_is_a_range():
    from dtree_core.data import Listed
    from dtree_core.loading import Notice

    assert str(Notice("merged_cells", count=1, ranges=Listed(["A1:B1"]))).startswith(
        "Merged cells in 1 range (A1:B1) are read")
    assert str(Notice("merged_cells", count=2, ranges=Listed(["A1:B1", "C1:D1"]))).startswith(
        "Merged cells in 2 ranges (A1:B1, C1:D1) are read")
