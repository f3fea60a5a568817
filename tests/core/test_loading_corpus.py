"""The corpus of unusual and broken files (tests/core/corpus, made by make_corpus.py).

Each file either parses to exactly the same table as its clean UTF-8 original, or is refused with
exactly the sentence given here.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from dtree_core.loading import LoadError, load_bytes, load_path, prepare

CORPUS = Path(__file__).parent / "corpus"

# The clean table, written out by hand: the reference every variant must match.
CLEAN = pd.DataFrame({
    "编号": pd.Series([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], dtype="float64"),
    "色泽": pd.Series(["青绿", "乌黑", "浅白", "青绿", "乌黑 亮", "浅白"], dtype=object),
    "根蒂": pd.Series(["蜷缩", "稍蜷", np.nan, "硬挺", "蜷缩", "稍蜷"], dtype=object),
    "密度": pd.Series([0.697, 0.774, 0.634, np.nan, 0.556, 0.403], dtype="float64"),
    "等级": pd.Series([1.0, 2.0, 3.0, 1.0, 2.0, 3.0], dtype="float64"),
    "好瓜": pd.Series(["是", "是", "否", "否", "是", "否"], dtype=object),
})
MULTILINE = pd.DataFrame({
    "name": pd.Series(["a", "b", "c", "d"], dtype=object),
    "note": pd.Series(["line one\nline two", 'says "hi", twice', "x, y; z\ttab", "plain"],
                      dtype=object),
    "class": pd.Series(["yes", "no", "yes", "no"], dtype=object),
})

# file -> (encoding, delimiter, extra load_bytes options, warnings)
SAME_AS_CLEAN = {
    "clean_utf8.csv": ("utf-8", ",", {}, ()),
    "utf8_bom.csv": ("utf-8-sig", ",", {}, ()),
    "gb18030_excel.csv": ("gb18030", ",", {}, ()),
    "gbk.csv": ("gb18030", ",", {}, ()),
    "utf16_unicode_text.txt": ("utf-16", "\t", {}, ()),
    "utf16_bom.csv": ("utf-16", ",", {}, ()),
    "utf16_be.csv": ("utf-16", ",", {}, ()),
    "utf16_le_no_bom.csv": ("utf-16-le", ",", {}, ()),
    "semicolon.csv": ("utf-8", ";", {}, ()),
    "tab.tsv": ("utf-8", "\t", {}, ()),
    "tab.txt": ("utf-8", "\t", {}, ()),
    "fullwidth_comma.csv": ("utf-8", "\uff0c", {}, ()),
    "crlf.csv": ("utf-8", ",", {}, ()),
    "cr_only.csv": ("utf-8", ",", {}, ()),
    "no_final_newline.csv": ("utf-8", ",", {}, ()),
    "stray_spaces.csv": ("utf-8", ",", {}, ()),
    "fullwidth_spaces.csv": ("utf-8", ",", {}, ()),
    "trailing_empty_columns.csv": ("utf-8", ",", {}, ()),
    "trailing_blank_rows.csv": ("utf-8", ",", {}, ("Skipped 2 empty rows.",)),
    "quoted_all.csv": ("utf-8", ",", {}, ()),
    "missing_markers.csv": ("utf-8", ",", {}, ()),
    "excel_semicolon_bom_crlf.csv": ("utf-8-sig", ";", {}, ()),
    "fullwidth_digits.csv": ("utf-8", ",", {}, ()),
    "zero_width_and_nbsp.csv": ("utf-8", ",", {}, ()),
    "clean.xlsx": (None, None, {}, ()),
    "two_sheets.xlsx": (None, None, {"sheet": "数据"}, ("Skipped 1 empty row.",)),
}

SAME_AS_MULTILINE = {
    "multiline_clean.csv": ("utf-8", ","),
    "multiline_crlf.csv": ("utf-8", ","),
    "multiline_cr.csv": ("utf-8", ","),
    "multiline_semicolon_gbk.csv": ("utf-8", ";"),  # the text is ASCII, so UTF-8 reads it
}

BINARY = "is {what}, not a text table; save the data as CSV (UTF-8) or .xlsx."
REFUSED = {
    "empty.csv": "'empty.csv' is empty.",
    "whitespace_only.csv": "'whitespace_only.csv' is empty.",
    "bom_only.csv": "'bom_only.csv' is empty.",
    "header_only.csv": "'header_only.csv' has a header row but no data rows.",
    "one_column.csv": "Only one column ('好瓜') was found in 'one_column.csv', so there is nothing "
                      "to split on; separate values with commas, semicolons, tabs or full-width "
                      "commas.",
    "zip_renamed.csv": "'zip_renamed.csv' " + BINARY.format(what="a ZIP archive"),
    "gzip_renamed.csv": "'gzip_renamed.csv' " + BINARY.format(what="a gzip archive"),
    "png_renamed.csv": "'png_renamed.csv' " + BINARY.format(what="a PNG image"),
    "pdf_renamed.csv": "'pdf_renamed.csv' " + BINARY.format(what="a PDF document"),
    "xls_renamed.csv": "'xls_renamed.csv' is an old-style Excel .xls (or other Office) file, "
                       "which this tool cannot read; open it in Excel and save it as .xlsx or as "
                       "CSV (UTF-8).",
    "random_binary.csv": "'random_binary.csv' " + BINARY.format(what="a binary file"),
    "control_chars.csv": "'control_chars.csv' " + BINARY.format(what="a binary file"),
    "xlsx_renamed.csv": "'xlsx_renamed.csv' is an Excel workbook with a text-file name; rename it "
                        "to .xlsx or save it as CSV.",
    "ragged_long.csv": "Line 3 has 7 values but the header has 6 columns; quote values that "
                       "contain the delimiter.",
    "ragged_short.csv": "Line 4 has 5 values but the header has 6 columns; quote values that "
                        "contain the delimiter.",
    "unclosed_quote.csv": "The quote opened on line 2 is never closed.",
    "unclosed_quote_middle.csv": 'Line 2 has text after the closing quote of a value; write a '
                                 'quote inside a quoted value as two quotes ("").',
    "duplicate_header.csv": "The column name '色泽' appears twice in the header (columns 1 and "
                            "3); rename one of them.",
    "not_really.xlsx": "'not_really.xlsx' is not a readable Excel .xlsx workbook.",
    "two_sheets.xlsx": "Sheet '说明' of 'two_sheets.xlsx' has a header row but no data rows.",
}

# file -> (target, exact message from prepare)
REFUSED_BY_PREPARE = {
    "many_values.csv": ("label", "Column 'city' has 60 different values, too many branches for "
                        "a multiway split to draw (the limit is 50); exclude it, or group its "
                        "values."),
    "one_class.csv": ("好瓜", "The target '好瓜' has only one class ('是') after dropping 1 row "
                      "with no value; a tree needs at least two."),
    "numeric_target.csv": ("price", "The target 'price' is a number with 80 different values, "
                           "which is regression; this tool classifies, so choose a column of "
                           "classes or group the numbers into ranges first."),
    "target_all_missing.csv": ("b", "The target 'b' has no values."),
    "clean_utf8.csv": ("nope", "Unknown target column 'nope'; the columns are: 编号, 色泽, 根蒂, "
                       "密度, 等级, 好瓜."),
}


def read(name: str) -> bytes:
    return (CORPUS / name).read_bytes()


def test_the_corpus_has_at_least_thirty_files():
    files = [p for p in CORPUS.iterdir() if p.suffix != ".py" and p.is_file()]
    assert len(files) >= 30
    named = {*SAME_AS_CLEAN, *SAME_AS_MULTILINE, *REFUSED, *REFUSED_BY_PREPARE}
    assert named <= {p.name for p in files}


@pytest.mark.parametrize("name", sorted(SAME_AS_CLEAN))
def test_variants_parse_to_the_clean_table(name):
    encoding, delimiter, options, warnings = SAME_AS_CLEAN[name]
    table = load_bytes(read(name), name, **options)
    pd.testing.assert_frame_equal(table.frame, CLEAN)
    assert (table.report.encoding, table.report.delimiter) == (encoding, delimiter)
    assert table.report.warnings == warnings
    assert table.report.encoding_guessed is False
    assert table.report.missing == {
        "编号": 0, "色泽": 0, "根蒂": 1, "密度": 1, "等级": 0, "好瓜": 0}
    assert table.report.id_columns == ("编号",)
    assert table.report.kinds == {"编号": "nominal", "色泽": "nominal", "根蒂": "nominal",
                                  "密度": "continuous", "等级": "nominal", "好瓜": "nominal"}


def test_text_values_are_python_str_and_missing_is_nan():
    frame = load_path(CORPUS / "gb18030_excel.csv").frame
    assert all(type(v) is str for v in frame["好瓜"])
    assert frame["根蒂"].dtype == object and math.isnan(frame["根蒂"][2])


@pytest.mark.parametrize("name", sorted(SAME_AS_MULTILINE))
def test_quoted_newlines_quotes_and_delimiters(name):
    table = load_path(CORPUS / name)
    pd.testing.assert_frame_equal(table.frame, MULTILINE)
    assert (table.report.encoding, table.report.delimiter) == SAME_AS_MULTILINE[name]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_broken_files_are_refused_with_one_sentence(name):
    with pytest.raises(LoadError) as err:
        load_bytes(read(name), name)
    assert str(err.value) == REFUSED[name]
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("name", sorted(REFUSED_BY_PREPARE))
def test_prepare_refuses_with_one_sentence(name):
    target, message = REFUSED_BY_PREPARE[name]
    table = load_path(CORPUS / name)
    with pytest.raises(LoadError) as err:
        prepare(table, target)
    assert str(err.value) == message


def test_a_value_in_a_trailing_column_without_a_name_is_a_column_named_for_it():
    """'a,b,' then a row with a value in the third field: the header has three fields, so the
    third is a column without a name, named as one in the middle is (it was refused as a
    ragged line: "Line 3 has 3 values but the header has 2 columns")."""
    table = load_path(CORPUS / "value_in_unnamed_column.csv")
    assert list(table.frame.columns) == ["a", "b", "column_3"]
    assert table.frame["column_3"].tolist()[1] == 5.0
    assert [w.code for w in table.report.warnings] == ["unnamed_column"]


def test_pandas_index_column_is_named_and_excluded_as_an_id():
    table = load_path(CORPUS / "pandas_index.csv")
    assert list(table.frame.columns) == ["column_1", "色泽", "好瓜"]
    assert table.report.warnings == (
        "Column 1 has no name in the header; it is called 'column_1'.",)
    prepared = prepare(table, "好瓜")
    assert list(prepared.X.columns) == ["色泽"]
    assert list(prepared.excluded) == ["column_1"]


def test_inf_and_nan_are_missing_on_purpose():
    table = load_path(CORPUS / "inf_nan.csv")
    expected = pd.DataFrame({
        "x": [1.5, np.nan, np.nan, 2.5],
        "y": [np.nan, 2.0, 3.5, 4.0],
        "c": pd.Series(["a", "b", "a", "b"], dtype=object),
    })
    pd.testing.assert_frame_equal(table.frame, expected)
    assert table.report.warnings == (
        "Column 'x' has 2 values that are not a finite number (-inf, NaN), read as missing.",
        "Column 'y' has 1 value that is not a finite number (inf), read as missing.",
    )
    assert table.report.missing == {"x": 2, "y": 1, "c": 0}


def test_codes_ranges_and_leading_zeros():
    table = load_path(CORPUS / "codes_and_ranges.csv")
    frame = table.frame
    assert frame["grade"].tolist() == [1.0, 2.0, 3.0]  # numeric, but a nominal code
    assert frame["age"].tolist() == ["10-19", "20-29", "10-19"]
    assert frame["zip"].tolist() == ["007", "010", "123"]  # leading zeros keep it text
    assert table.report.kinds == {"grade": "nominal", "age": "nominal", "zip": "nominal",
                                  "c": "nominal"}
    prepared = prepare(table, "c", continuous=["grade"])
    assert prepared.kinds["grade"] == "continuous"


def test_rare_characters_in_gb18030_ask_the_user_to_confirm():
    table = load_path(CORPUS / "gb18030_rare.csv")
    assert table.frame["名字"].tolist() == ["𠮷野家", "青绿", "乌黑"]
    assert table.report.encoding == "gb18030" and table.report.encoding_guessed
    assert table.report.warnings == (
        "The encoding was guessed as gb18030; if the text looks wrong, choose the encoding and "
        "load the file again.",)


def test_big5_is_flagged_unsure_and_reads_right_when_chosen():
    data = read("big5.csv")
    assert load_bytes(data, "big5.csv").report.encoding_guessed
    table = load_bytes(data, "big5.csv", encoding="big5")
    assert table.report.encoding == "big5" and not table.report.encoding_guessed
    assert list(table.frame.columns) == ["色澤", "根蒂", "好瓜"]
    assert table.frame["色澤"].tolist() == ["青綠", "烏黑", "淺白"]


def test_plus_minus_classes_keep_the_minus():
    table = load_path(CORPUS / "plus_minus.csv")
    assert table.frame["class"].tolist() == ["+", "-", "+", "-"]
    assert table.report.warnings == (
        "Column 'class' holds '+' and '-', so '-' is read as a value, not as missing.",)


def test_mostly_numbers_is_text_with_a_warning():
    table = load_path(CORPUS / "mostly_numbers.csv")
    assert table.frame["x"].tolist() == ["1", "2", "3", "4", "5", "six"]
    assert table.report.warnings == (
        "Column 'x' is read as text because of values such as 'six' among its numbers.",)


def test_two_sheets_by_index_and_unknown_sheet():
    data = read("two_sheets.xlsx")
    table = load_bytes(data, "two_sheets.xlsx", sheet=1)
    pd.testing.assert_frame_equal(table.frame, CLEAN)
    assert (table.report.sheet, table.report.sheets) == ("数据", ("说明", "数据"))
    with pytest.raises(LoadError) as err:
        load_bytes(data, "two_sheets.xlsx", sheet="Sheet9")
    assert str(err.value) == ("There is no sheet 'Sheet9' in 'two_sheets.xlsx'; its sheets are: "
                              "说明, 数据.")
    with pytest.raises(LoadError) as err:
        load_bytes(data, "two_sheets.xlsx", sheet=2)
    assert str(err.value) == "'two_sheets.xlsx' has 2 sheets, so there is no sheet number 3."


def test_forcing_the_wrong_encoding_is_one_sentence():
    with pytest.raises(LoadError) as err:
        load_bytes(read("gbk.csv"), "gbk.csv", encoding="utf-8")
    assert str(err.value) == ("'gbk.csv' is not valid utf-8: the byte 0xB1 at position 0 cannot "
                              "be decoded; choose another encoding.")
