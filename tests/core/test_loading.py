"""The loader's API: load_path refusals, options, kinds, ID columns and prepare()."""

from __future__ import annotations

import codecs

import numpy as np
import pandas as pd
import pytest

from dtree_core import loading
from dtree_core.budget import Budget
from dtree_core.data import DataError
from dtree_core.loading import (
    DEFAULT_MISSING,
    MAX_BRANCHES,
    MAX_BYTES,
    LoadedTable,
    LoadError,
    LoadReport,
    Prepared,
    load_bytes,
    load_path,
    prepare,
)

WATERMELON = "编号,色泽,纹理,密度,好瓜\n1,青绿,清晰,0.697,是\n2,乌黑,清晰,0.774,是\n" \
    "3,乌黑,模糊,0.634,否\n4,青绿,稍糊,,否\n"


def load(text: str, name: str = "data.csv", **options) -> LoadedTable:
    return load_bytes(text.encode("utf-8"), name, **options)


def refusal(call, *args, **kwargs) -> str:
    with pytest.raises(LoadError) as err:
        call(*args, **kwargs)
    return str(err.value)


def test_public_constants_and_error_type():
    assert DEFAULT_MISSING == ("", "NA", "N/A", "?", "null", "-")
    assert MAX_BYTES == 50 * 1024 * 1024 and MAX_BRANCHES == 50
    assert issubclass(LoadError, DataError) and issubclass(LoadError, ValueError)
    err = LoadError("Bad.", "ragged", line=3)
    assert (str(err), err.code, err.details) == ("Bad.", "ragged", {"line": 3})


# ---------------------------------------------------------------- load_path


def test_missing_file(tmp_path):
    path = tmp_path / "nope.csv"
    assert refusal(load_path, path) == f"File not found: {path}."


def test_directory(tmp_path):
    assert refusal(load_path, tmp_path) == f"'{tmp_path}' is a directory, not a data file."


def test_file_over_the_size_limit(tmp_path):
    path = tmp_path / "big.csv"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: no 50 MB written
    assert refusal(load_path, path) == "'big.csv' is 50.1 MB, over the 50 MB limit."  # up


def test_bytes_over_the_size_limit(monkeypatch):
    monkeypatch.setattr(loading, "MAX_BYTES", 10)
    assert refusal(load, "a,b\n1,2\n3,4\n") == "'data.csv' is 0.1 MB, over the 0 MB limit."


def test_load_path_reads_a_file(tmp_path):
    path = tmp_path / "西瓜.csv"
    path.write_text(WATERMELON, encoding="gb18030")
    table = load_path(path)
    assert table.report.filename == "西瓜.csv"
    assert table.report.encoding == "gb18030"
    assert table.frame["色泽"].tolist() == ["青绿", "乌黑", "乌黑", "青绿"]


# ---------------------------------------------------------------- report


def test_report_describes_the_load():
    report = load(WATERMELON).report
    assert report == LoadReport(
        filename="data.csv", encoding="utf-8", delimiter=",", n_rows=4, n_columns=5,
        kinds={"编号": "nominal", "色泽": "nominal", "纹理": "nominal", "密度": "continuous",
               "好瓜": "nominal"},
        missing={"编号": 0, "色泽": 0, "纹理": 0, "密度": 1, "好瓜": 0},
        id_columns=("编号",), warnings=(), n_bytes=len(WATERMELON.encode()))
    assert report.delimiter_name == "comma"
    assert report.summary() == "data.csv: 4 rows x 5 columns (utf-8, comma-separated)"


def test_frame_dtypes():
    frame = load(WATERMELON).frame
    assert frame["密度"].dtype == np.float64 and frame["编号"].dtype == np.float64
    assert frame["色泽"].dtype == object
    assert np.isnan(frame["密度"][3])


# ---------------------------------------------------------------- missing markers


def test_missing_markers_ignore_case():
    frame = load("a,b\nNA,1\nn/a,2\n?,3\nNULL,4\n-,5\nx,6\n").frame
    assert frame["a"].isna().tolist() == [True] * 5 + [False]


def test_missing_markers_typed_full_width_are_missing_too():
    """A Chinese input method types ？, ＮＡ and Ｎ／Ａ: missing, as ０．５ is the number 0.5,
    so a column of numbers with a ？ stays continuous (it was read as text)."""
    table = load("色泽,密度,好瓜\n青绿,0.697,是\n？,0.774,是\n乌黑,？,否\nＮＡ,０．５,否\n"
                 "Ｎ／Ａ,0.6,是\n浅白,0.7,否\n")
    assert table.frame["色泽"].isna().tolist() == [False, True, False, True, True, False]
    assert table.report.kinds["密度"] == "continuous" and not table.report.warnings
    assert table.frame["密度"].tolist()[3] == 0.5 and table.report.missing["密度"] == 1
    assert load("a,b\n？？,1\nx,2\n").frame["a"].tolist() == ["？？", "x"]  # not a marker


def test_full_width_signs_are_values_as_ascii_signs_are():
    """A column of ＋ and － (Quinlan's classes typed full-width) keeps both: the width-blind
    missing markers must not take － for the '-' marker where the signs rule applies."""
    table = load("a,c\nx,＋\ny,－\nx,＋\ny,－\nz,＋\n")
    assert table.frame["c"].tolist() == ["＋", "－", "＋", "－", "＋"]
    assert [w.code for w in table.report.warnings] == ["signs"]
    assert prepare(table, "c").y.tolist() == ["＋", "－", "＋", "－", "＋"]


def test_missing_markers_are_configurable():
    frame = load("a,b\nNA,1\n-,2\nmissing,3\nx,4\n", missing=("missing",)).frame
    assert frame["a"].tolist()[:2] == ["NA", "-"] and np.isnan(frame["a"][2])


# What a Chinese spreadsheet holds for "no value" besides '-': the em dash, the 破折号 that a
# Chinese input method types for Shift+-, the en dash, the horizontal bar, full-width and
# small hyphens, a run of hyphens as financial data exports write it.
NO_VALUE_DASHES = ["—", "——", "–", "―", "－", "﹣", "﹘", "--", "−"]


@pytest.mark.parametrize("dash", NO_VALUE_DASHES)
def test_dashes_typed_for_no_value_are_missing_as_the_dash_marker_is(dash):
    """A column of numbers with a — (U+2014) was text: 980 and 750 split as two names, the
    dash a third. A cell of dashes alone is the '-' marker, in numbers and in words alike."""
    table = load(f"色泽,价格,好瓜\n青绿,980,是\n{dash},{dash},否\n浅白,750,否\n乌黑,1100,是\n")
    assert table.report.kinds["价格"] == "continuous" and not table.report.warnings
    assert table.frame["价格"].isna().tolist() == [False, True, False, False]
    assert table.report.missing == {"色泽": 1, "价格": 1, "好瓜": 0}
    # as '-' is, only when '-' is a marker, and a dash is a value beside other text
    kept = load(f"a,b\n{dash},1\nx,2\n", missing=("?",))
    assert kept.frame["a"].tolist() == [dash, "x"]
    assert load(f"a,b\n{dash}x,1\n—1,2\nx,3\n").report.missing["a"] == 0


def test_a_marker_of_dashes_is_every_dash_and_signs_keep_theirs():
    """A marker given as — reads as the '-' marker (— was compared as written, ？ as NFKC
    writes it, so it matched no cell); a column of + and - keeps its signs, dashes beside."""
    table = load("a,b\n—,1\n——,2\n-,3\nx,4\n", missing=("—",))
    assert table.frame["a"].isna().tolist() == [True, True, True, False]
    assert load("a,b\n？,1\nx,2\n", missing=("？",)).frame["a"].isna().tolist() == [True, False]
    signs = load("a,c\nx,+\ny,-\nx,+\ny,-\n")
    assert signs.frame["c"].tolist() == ["+", "-", "+", "-"]


def test_negative_numbers_are_not_the_dash_marker():
    frame = load("a,b\n-1.5,x\n-,y\n2,x\n").frame
    assert frame["a"].dtype == np.float64
    assert frame["a"].tolist()[0] == -1.5 and np.isnan(frame["a"][1])


def test_empty_column_is_text_with_no_values():
    frame = load("a,b,c\n1,,x\n2,,y\n").frame
    assert frame["b"].dtype == object and frame["b"].isna().all()


# ---------------------------------------------------------------- delimiters and shapes


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "\uff0c"])
def test_each_delimiter(delimiter):
    text = WATERMELON.replace(",", delimiter)
    table = load(text)
    assert table.report.delimiter == delimiter
    pd.testing.assert_frame_equal(table.frame, load(WATERMELON).frame)


def test_fullwidth_comma_inside_a_comma_separated_value_stays():
    frame = load("说明,好瓜\n甜，脆,是\n苦，软,否\n").frame
    assert frame["说明"].tolist() == ["甜，脆", "苦，软"]


def test_tsv_prefers_tab_even_with_commas_in_values():
    frame = load("a\tb\n1,5\tx\n2,5\ty\n", "data.tsv").frame
    assert frame["a"].tolist() == ["1,5", "2,5"]


def test_spaces_after_a_closing_quote_are_allowed():
    frame = load('a,b\n"x" , "y"\n"1"\t,2\n').frame
    assert frame["a"].tolist() == ["x", "1"] and frame["b"].tolist() == ["y", "2"]


def test_one_megabyte_cell():
    big = "长" * 1_000_000
    frame = load(f'a,b\n"{big}",1\nx,2\n').frame
    assert frame["a"][0] == big


def test_header_of_numbers_warns():
    report = load("1,2\n3,4\n5,6\n").report
    assert report.warnings == (
        "Every column name is a number; is the first row data rather than a header?",)


def test_unknown_encoding_name():
    assert refusal(load, "a,b\n1,2\n", encoding="klingon") == "Unknown encoding 'klingon'."


def test_charset_normalizer_is_the_last_resort():
    text = "name,city\n" + "".join(f"Müller{i},Düsseldorf Straße café\n" for i in range(30))
    report = load_bytes(text.encode("cp1252"), "de.csv").report
    assert report.encoding_guessed
    assert report.warnings[0].startswith("The encoding was guessed as ")


def test_a_short_western_file_is_read_as_excels_cp1252_not_a_lookalike():
    """charset-normalizer cannot tell cp1250 from cp1252 on a few words (the same chaos and
    coherence) and picked cp1250: naïve read naďve, déjà read déjŕ."""
    data = "name,x,y\ncafé,1,yes\nnaïve,2,no\ndéjà,3,yes\n".encode("cp1252")
    table = load_bytes(data, "fr.csv")
    assert table.frame["name"].tolist() == ["café", "naïve", "déjà"]
    assert table.report.encoding == "cp1252" and table.report.encoding_guessed
    # where the cp1250 reading agrees with cp1252 (no letter they differ on), it is said cp1252
    table = load_bytes("name,y\ncafé,yes\nthé,no\n".encode("cp1252"), "fr.csv")
    assert table.frame["name"].tolist() == ["café", "thé"] and table.report.encoding == "cp1252"
    # a file charset-normalizer tells apart keeps its reading (Czech in cp1250)
    czech = "jméno,město,y\nŽluťoučký kůň,Brno,ano\nŘeřicha,Plzeň,ne\nŠťovík,Ústí,ano\n"
    table = load_bytes(czech.encode("cp1250"), "cz.csv")
    assert table.frame["jméno"].tolist() == ["Žluťoučký kůň", "Řeřicha", "Šťovík"]


# ---------------------------------------------------------------- prepare


def test_prepare_splits_target_and_excludes_the_id():
    prepared = prepare(load(WATERMELON), "好瓜")
    assert isinstance(prepared, Prepared)
    assert list(prepared.X.columns) == ["色泽", "纹理", "密度"]
    assert prepared.y.tolist() == ["是", "是", "否", "否"] and prepared.y.name == "好瓜"
    assert prepared.kinds == {"色泽": "nominal", "纹理": "nominal", "密度": "continuous"}
    assert prepared.nominal == ["色泽", "纹理"] and prepared.continuous == ["密度"]
    assert prepared.excluded == {"编号": (
        "'编号' is left out because it has a different value in every row, like a row number, "
        "so it cannot generalise; include ID columns (--include-ids) to see ID3's bias toward "
        "many-valued attributes.")}
    assert prepared.dropped_rows == 0
    assert prepared.notes == tuple(prepared.excluded.values())


def test_include_ids_makes_the_id_a_nominal_attribute():
    prepared = prepare(load(WATERMELON), "好瓜", include_ids=True)
    assert list(prepared.X.columns) == ["编号", "色泽", "纹理", "密度"]
    assert prepared.kinds["编号"] == "nominal" and prepared.excluded == {}


def test_naming_an_id_column_includes_it():
    prepared = prepare(load(WATERMELON), "好瓜", continuous=["编号"])
    assert prepared.kinds["编号"] == "continuous" and "编号" not in prepared.excluded


def test_exclude_wins_and_is_explained():
    prepared = prepare(load(WATERMELON), "好瓜", exclude=["纹理"], nominal=["纹理"])
    assert list(prepared.X.columns) == ["色泽", "密度"]
    assert prepared.excluded["纹理"] == "'纹理' is excluded, as asked."


def test_rows_without_target_are_dropped_and_counted():
    prepared = prepare(load("a,c\nx,yes\ny,\nx,no\ny,?\n"), "c")
    assert prepared.dropped_rows == 2 and prepared.y.tolist() == ["yes", "no"]
    assert prepared.X["a"].tolist() == ["x", "x"]
    assert prepared.notes == ("Dropped 2 rows with no value for the target 'c'.",)


def test_numeric_target_classes_become_text():
    prepared = prepare(load("a,c\nx,1\ny,0\nx,1\n"), "c")
    assert prepared.y.tolist() == ["1", "0", "1"]


def test_declared_continuous_text_becomes_float():
    table = load("a,c\n1,yes\n2,no\n1,no\n", missing=())
    frame = table.frame.assign(a=table.frame["a"].map(lambda v: f"{v:g}"))
    prepared = prepare(frame, "c", continuous=["a"])
    assert prepared.X["a"].dtype == np.float64 and prepared.X["a"].tolist() == [1.0, 2.0, 1.0]


@pytest.mark.parametrize(("options", "message"), [
    ({"exclude": ["x"]}, "Unknown column 'x'; the columns are: 编号, 色泽, 纹理, 密度, 好瓜."),
    ({"nominal": ["色泽"], "continuous": ["色泽"]},
     "Column '色泽' cannot be both nominal and continuous."),
    ({"continuous": ["色泽"]}, "Column '色泽' cannot be continuous: it holds text values."),
    ({"exclude": ["色泽", "纹理", "密度"]},
     "No attribute columns are left besides the target '好瓜'; left out: 编号, 色泽, 纹理, 密度. "
     "Include at least one (ID-like columns with --include-ids, or name a column's kind)."),
])
def test_prepare_refusals(options, message):
    assert refusal(prepare, load(WATERMELON), "好瓜", **options) == message


def test_too_many_numeric_codes_suggest_continuous():
    rows = "".join(f"{i % 60},{'ab'[i % 2]}\n" for i in range(120))
    table = load("code,c\n" + rows)
    assert refusal(prepare, table, "c", nominal=["code"]) == (
        "Column 'code' has 60 different values, too many branches for a multiway split to draw "
        "(the limit is 50); treat it as continuous or exclude it.")
    assert prepare(table, "c").kinds["code"] == "continuous"


def test_prepare_accepts_a_plain_frame():
    frame = pd.DataFrame({"a": ["x", "y", "x"], "c": ["p", "q", "q"]})
    assert prepare(frame, "c").X["a"].tolist() == ["x", "y", "x"]


def test_load_path_passes_options(tmp_path):
    path = tmp_path / "big5.csv"
    path.write_bytes("色澤,好瓜\n青綠,是\n烏黑,否\n".encode("big5"))
    table = load_path(path, encoding="big5", missing=("是",))
    assert table.report.encoding == "big5"
    assert table.frame["色澤"].tolist() == ["青綠", "烏黑"]
    assert table.frame["好瓜"].isna().tolist() == [True, False]


def test_numbers_formatted_by_a_spreadsheet_are_named_not_guessed():
    """Excel shows 3,100 and 95%: such a column is read as text (3,5 could be a decimal
    comma), and the loader now says so, with an example and what to do, in both languages."""
    from dtree_core.cli_messages import notice_text

    table = load('名,月收入,出勤率,码,好\nA,"3,100",95%,v1,是\nB,"12,500",80%,v2,否\n'
                 'C,800,100%,v1,是\nD,"1,200",?,v3,否\n')
    notes = {n.details["column"]: n for n in table.report.warnings
             if n.code == "formatted_numbers"}
    assert set(notes) == {"月收入", "出勤率"}  # not the codes v1, v2 …
    assert notes["月收入"].details["example"] == "3,100"
    assert notes["出勤率"].details["example"] == "95%"
    assert "千位分隔符" in notice_text(notes["月收入"], "zh")
    assert table.report.kinds["月收入"] == "nominal"  # still text, as before


def priced_melons(dash: str = "—") -> str:
    """A user's CSV as Chinese Excel saves it: 价格 with thousands separators and a dash for
    "no value" (its prices: PRICES with the dash)."""
    colours = ["青绿", "乌黑", "浅白", "青绿", "乌黑", "浅白", "青绿"]
    prices = [p or dash for p in PRICES]
    return "色泽,价格,好瓜\n" + "".join(f'{c},"{p}",{y}\n' for c, p, y in zip(
        colours, prices, "是否否是是否否", strict=True))


PRICES = ["1,234", None, "980", "2,500", "1,100", "3,001", "750"]


@pytest.mark.parametrize("encoding", ["gbk", "utf-8-sig"])
@pytest.mark.parametrize("dash", ["—", "——", "–", "-"])
def test_thousands_separators_with_a_dash_for_no_value_are_named_formatted_numbers(
        encoding, dash):
    """1,234 / — / 980 (a GBK CSV from Chinese Excel): the — kept the column from the
    formatted_numbers notice that 1,234 and - get, so it was text without a word (ID3 split
    it seven ways). The dash is a missing value and the column is named, in both languages;
    it is still text, as the notice says."""
    from dtree_core.cli_messages import notice_text

    table = load_bytes(priced_melons(dash).encode(encoding), "西瓜.csv")
    notes = [n for n in table.report.warnings if n.code != "encoding_guessed"]
    assert [(n.code, n.details) for n in notes] == [
        ("formatted_numbers", {"column": "价格", "example": "1,234"})]
    assert "千位分隔符" in notice_text(notes[0], "zh") and "thousands separators" in notes[0]
    assert table.report.missing["价格"] == 1 and table.report.kinds["价格"] == "nominal"
    assert table.frame["价格"].tolist()[2:] == PRICES[2:]
    assert table.frame["价格"].isna().tolist() == [p is None for p in PRICES]


def test_money_as_excel_and_wps_save_it_is_named_a_formatted_number():
    """Excel's currency format saves ¥1,200.00 in a CSV (￥800 on Chinese Windows): such a
    column is text, as before, but it was left without a word, and then out of the tree as 'a
    different value in every row, like a row number'. It is named as a formatted number, in
    both languages."""
    from dtree_core.cli_messages import notice_text

    table = load('名,价格,运费,好\nA,"¥1,200.00",￥8,是\nB,¥800.00,$5.50,否\n'
                 'C,-¥35.00,12,是\nD,"¥2,500.00",?,否\n')
    notes = {n.details["column"]: n for n in table.report.warnings
             if n.code == "formatted_numbers"}
    assert {c: n.details["example"] for c, n in notes.items()} == {"价格": "¥1,200.00",
                                                                   "运费": "￥8"}
    assert "a currency sign" in notes["价格"]
    assert "货币符号" in notice_text(notes["价格"], "zh")
    assert table.frame["价格"].tolist() == ["¥1,200.00", "¥800.00", "-¥35.00", "¥2,500.00"]
    # money among words, or a sign alone, is no number written with a currency sign
    words = load("名,价格,好\nA,¥,是\nB,¥80,否\nC,免费,是\nD,¥12,否\n")
    assert not any(n.code == "formatted_numbers" for n in words.report.warnings)


def test_spaces_units_and_accounting_formats_are_named_not_left_silent():
    """1 200 (a space as thousands separator, a no-break one as French Excel writes it), 20kg,
    the accounting format's (21) and its zero '￥ -': each column stayed text without a word,
    then was left out as 'like a row number' or split many ways. Each is named, in both
    languages, and still read as text."""
    from dtree_core.cli_messages import notice_text

    table = load('名,收入,月薪,重量,体温,盈亏,金额,码,色,好\n'
                 'A,1 200,1\u00a0500,20kg,36.5℃,(21),"￥ 1,200.00",1A,青,是\n'
                 'B,800,2\u202f300,18.5 kg,37.2℃,15,￥ -,2B,青,否\n'
                 'C,12 500,900,21kg,36.8℃,(3.50),"￥ (35.00)",3号,乌,是\n'
                 'D,2 100,1 100,19kg,38℃,0,￥ 80.00,０１,乌,否\n')
    notes = {n.details["column"]: n for n in table.report.warnings}
    assert {c: (n.code, n.details["example"]) for c, n in notes.items()} == {
        "收入": ("formatted_numbers", "1 200"), "月薪": ("formatted_numbers", "1\u00a0500"),
        "重量": ("number_units", "20kg"), "体温": ("number_units", "36.5℃"),
        "盈亏": ("formatted_numbers", "(21)"),
        "金额": ("formatted_numbers", "￥ 1,200.00")}  # not the codes 1A, 3号, ０１
    assert "accounting format" in notes["盈亏"] and "会计格式" in notice_text(notes["盈亏"], "zh")
    assert "a unit" in notes["重量"] and "单位" in notice_text(notes["重量"], "zh")
    assert table.frame["重量"].tolist() == ["20kg", "18.5 kg", "21kg", "19kg"]  # text, as before
    assert prepare(table, "好").excluded["重量"].code == "numbers_as_text"
    # a unit among words, or a word after a number that is no unit, is no measure
    assert not load("x,y\n20kg,a\n重,b\n3kg,a\n").report.warnings
    assert not load("x,y\n3楼,a\n4楼,b\n").report.warnings
    # forms that do not go together are no one reading: nothing said
    assert not load("x,y\n20kg,a\n95%,b\n").report.warnings


def test_a_column_of_numbered_labels_is_no_accounting_format():
    """(1), (2) typed as labels (question numbers, groups; （1） and ⑴ as Chinese text writes
    them) were named the accounting format's negatives, 'numbers a spreadsheet formatted', and
    left out for 'its numbers read as text'. Alone they are labels: nothing said; beside other
    numbers, (21) is still the accounting format's."""
    table = load("题号,组,好\n(1),（1）,是\n(2),⑵,否\n(3),（1）,是\n(4),⑵,否\n")
    assert not table.report.warnings
    assert prepare(table, "好").excluded["题号"].code == "id_like"
    assert [n.code for n in load("x,y\n(21),a\n15,b\n(3),a\n").report.warnings] == [
        "formatted_numbers"]


def test_one_formatted_cell_among_plain_numbers_is_named_not_said_of_every_value():
    """12, 15, 95%, 20: the one percent keeps the column text, and the notice said 'its values
    look like numbers a spreadsheet formatted' of 12, 15 and 20 too. It says what the column
    holds and names the cell that did it, in both languages."""
    from dtree_core.cli_messages import notice_text

    table = load("成绩,好\n12,是\n15,否\n95%,是\n20,否\n")
    assert table.frame["成绩"].tolist() == ["12", "15", "95%", "20"]  # text, as before
    (note,) = table.report.warnings
    assert note.code == "formatted_numbers" and note.details["example"] == "95%"
    assert "it holds numbers a spreadsheet formatted" in note and "'95%'" in note
    assert "its values" not in note
    zh = notice_text(note, "zh")
    assert "它含有电子表格设置了格式的数字" in zh and "“95%”" in zh and "它的取值" not in zh


def test_a_number_with_a_capital_letter_is_a_category_not_a_unit():
    """4G, 5G (network generations) and 2T, 3T (clothing sizes) were 'numbers written with a
    unit' (grams, tons: the units were matched in any case), and the notice said to write the
    numbers alone. A unit of one letter is one in its own case, or in capitals after a decimal
    (1.75M, 7.5H: no category has one); the others still are units."""
    for values in (["4G", "5G", "3G", "4G"], ["2T", "3T", "4T", "2T"], ["2T", "3T", "XL"],
                   ["2H", "4H", "HB"], ["3M", "1M"]):
        rows = "".join(f"{v},{y}\n" for v, y in zip(values, "是否是否", strict=False))
        table = load("类别,好\n" + rows)
        assert not table.report.warnings, values
        assert table.frame["类别"].tolist() == values
    for values in (["500g", "250g"], ["2t", "1.5t"], ["1.5L", "2L"], ["2l", "1l"],
                   ["60W", "100W"], ["8h", "7.5h"], ["20KG", "3.5Kg"], ["3.5cm", "170CM"],
                   ["100ml", "250mL"], ["5元", "3元"], ["3个", "2个"], ["1.75 m", "1.8m"],
                   ["36.5°C", "37°c"], ["1.75M", "1.80M"], ["7.5H", "8.5 H"], ["1.5T", ".5T"]):
        table = load("量,好\n" + "".join(f"{v},{y}\n" for v, y in zip(values, "是否", strict=True)))
        assert [n.code for n in table.report.warnings] == ["number_units"], values


def test_a_notice_says_a_column_holds_such_numbers_not_that_all_its_values_are():
    """Old 15-digit ID cards beside new 18-digit ones, 20kg beside 25, 0,5 beside 1: the
    notices said 'its whole numbers have more than 15 digits', 'its values are numbers written
    with a unit' (or with a decimal comma) of every value. Each says what the column holds."""
    from dtree_core.cli_messages import notice_text

    ids = ["110101900101123", "110101199001011234", "110101900101456", "110101199001015678"]
    table = load("身份证号,重量,密度,y\n" + "".join(
        f'{x},{w},"{d}",{y}\n' for x, w, d, y in
        zip(ids, ["20kg", "25", "30", "22"], ["0,5", "1", "2", "0,75"], "是否是否", strict=True)))
    notes = {n.details["column"]: n for n in table.report.warnings}
    assert {c: n.code for c, n in notes.items()} == {
        "身份证号": "long_numbers", "重量": "number_units", "密度": "decimal_comma_text"}
    assert "it holds whole numbers of more than 15 digits" in notes["身份证号"]
    assert "it holds numbers written with a unit" in notes["重量"]
    assert "it holds numbers written with a decimal comma" in notes["密度"]
    for note in notes.values():
        assert "its values are" not in note and "its whole numbers" not in note
        assert "它含有" in notice_text(note, "zh")


def test_a_semicolon_file_reads_decimal_commas_as_numbers_and_says_so():
    """Excel where the comma is the decimal mark saves CSV with semicolons and 0,697: every
    such column read as text, a continuous attribute turned nominal without a word."""
    from dtree_core.cli_messages import notice_text

    table = load("编号;密度;含糖率;等级;好瓜\n1;0,697;0,46;1,2;是\n2;0,774;?;3;是\n"
                 "3;0,403;0,237;甲;否\n4;1;0,091;2;否\n")
    assert table.frame["密度"].tolist() == [0.697, 0.774, 0.403, 1.0]
    assert table.frame["含糖率"].iloc[[0, 2, 3]].tolist() == [0.46, 0.237, 0.091]
    assert pd.isna(table.frame["含糖率"].iloc[1])  # '?' is still a missing value
    assert table.frame["等级"].tolist() == ["1,2", "3", "甲", "2"]  # text among them: as read
    notes = {n.details["column"]: n for n in table.report.warnings if n.code == "decimal_comma"}
    assert set(notes) == {"密度", "含糖率"} and notes["密度"].details["example"] == "0,697"
    assert "小数点" in notice_text(notes["密度"], "zh")
    # a comma-separated file's quoted "0,5" stays text, as before: there it is ambiguous
    comma = load('x,y\n"0,5",a\n"1,5",b\n')
    assert comma.frame["x"].tolist() == ["0,5", "1,5"]
    # a thousands dot; a marker that looks like such a number stays a missing value
    table = load_bytes(b"x;y\n1.234,5;a\n-1,0;b\n2;a\n", "t.csv",
                       missing=("", "-1,0"))
    assert table.frame["x"].tolist()[::2] == [1234.5, 2.0] and pd.isna(table.frame["x"][1])


@pytest.mark.parametrize("delimiter", [";", ","])
def test_a_column_with_both_decimal_marks_is_kept_as_text_and_named(delimiter):
    """A semicolon file whose column held 1.234 beside 0,5 read 1.234 as one thousand two
    hundred thirty-four (a thousands dot), saying only that it read decimal commas; one with
    1.5 beside 0,5 kept the column as text without a word. Which mark is the decimal one is not
    known, so the column is kept as written and the notice names both marks with an example of
    each; a comma-separated file with the same cells quoted reads and says the same."""
    from dtree_core.cli_messages import notice_text

    rows = [("1", "0,697", "1.5", "是"), ("2", "1.234", "0,46", "是"),
            ("3", "0,403", "0,237", "否"), ("4", "0,245", "2.25", "否"), ("5", "0,5", "?", "是")]
    quote = (lambda v: f'"{v}"') if delimiter == "," else str
    table = load(f"编号{delimiter}密度{delimiter}含糖率{delimiter}好瓜\n" + "".join(
        delimiter.join(quote(v) for v in row) + "\n" for row in rows))
    assert table.frame["密度"].tolist() == ["0,697", "1.234", "0,403", "0,245", "0,5"]
    assert table.frame["含糖率"].tolist()[:4] == ["1.5", "0,46", "0,237", "2.25"]
    assert pd.isna(table.frame["含糖率"][4])  # '?' is still a missing value
    notes = {n.details["column"]: n for n in table.report.warnings}
    assert {c: (n.code, n.details) for c, n in notes.items()} == {
        "密度": ("decimal_marks", {"column": "密度", "points": 1, "point": "1.234",
                                   "commas": 4, "comma": "0,697"}),
        "含糖率": ("decimal_marks", {"column": "含糖率", "points": 2, "point": "1.5",
                                     "commas": 2, "comma": "0,46"})}
    assert "a point in 1 value (such as '1.234')" in notes["密度"]
    assert "a comma in 4 (such as '0,697')" in notes["密度"]
    zh = notice_text(notes["密度"], "zh")
    assert "“1.234”" in zh and "“0,697”" in zh and "小数点" in zh
    # left out with a value in every row: for its numbers read as text, not 'like a row number'
    assert prepare(table, "好瓜", nominal=["含糖率"]).excluded[
        "密度"].code == "numbers_as_text"


def test_one_decimal_mark_in_a_semicolon_file_reads_as_numbers_as_before():
    """Only decimal commas (with a thousands dot before one, or 1.234.567, which only
    thousands dots write), or only decimal points: numbers, as before the two marks mixed in
    one column were named."""
    commas = load("x;y\n0,5;a\n1.234,5;b\n2;a\n1.234.567;b\n")
    assert commas.frame["x"].tolist() == [0.5, 1234.5, 2.0, 1234567.0]
    assert [n.code for n in commas.report.warnings] == ["decimal_comma"]
    points = load("x;y\n0.5;a\n1.234;b\n2;a\n.25;b\n")
    assert points.frame["x"].tolist() == [0.5, 1.234, 2.0, 0.25]
    assert not points.report.warnings
    # a comma-separated file's 3,100 beside 1.5 is a thousands comma, as before: no two marks
    english = load('x,y\n1.5,a\n"3,100",b\n')
    assert [n.code for n in english.report.warnings] == ["formatted_numbers"]


def test_a_thousands_dot_beside_a_decimal_comma_reads_whole_dotted_numbers_as_thousands():
    """German-locale Excel writes 1.234,50 and 2.000 in one column: the first shows the dots
    separate thousands, so 2.000 is two thousand, as before two marks in one column were
    named (the mixed-marks rule had counted 2.000 as a decimal point and kept it as text)."""
    table = load("Umsatz;Klasse\n1.234,50;A\n2.000;B\n987,25;A\n15.300;B\n")
    assert table.frame["Umsatz"].tolist() == [1234.5, 2000.0, 987.25, 15300.0]
    assert [n.code for n in table.report.warnings] == ["decimal_comma"]
    # without a comma number that shows its dots, 2.000 beside 3,5 is still either reading
    assert [n.code for n in load("x;y\n2.000;a\n3,5;b\n").report.warnings] == ["decimal_marks"]


def _one_column_file(values: list[str], form: str) -> LoadedTable:
    """A file of column x (the values) and a class y, as a CSV quoted and separated by `form`
    (",", ";" or a tab) or as a workbook's text cells ("xlsx")."""
    if form == "xlsx":
        import io

        openpyxl = pytest.importorskip("openpyxl")
        book = openpyxl.Workbook()
        book.active.append(["x", "y"])
        for i, value in enumerate(values):
            book.active.append([value, "是否"[i % 2]])
        saved = io.BytesIO()
        book.save(saved)
        return load_bytes(saved.getvalue(), "data.xlsx")
    quote = '"' if form == "," else ""
    return load(f"x{form}y\n" + "".join(f"{quote}{value}{quote}{form}{'是否'[i % 2]}\n"
                                          for i, value in enumerate(values)))


FORMS = [",", ";", "\t", "xlsx"]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("values, point, comma", [
    (["0.5", "0，5", "1.5", "2，5", "3.5"], "0.5", "0，5"),  # a Chinese input method's ，
    (["0．5", "0,5", "1．5", "2,5", "3．5"], "0．5", "0,5"),  # its ． beside an ASCII comma
    (["０．５", "０，５", "1．5", "2，5", "3．5"], "０．５", "０，５"),  # full-width digits too
])
def test_full_width_decimal_marks_mixed_in_a_column_are_named_as_ascii_ones_are(
        form, values, point, comma):
    """0.5 beside 0，5 (a full-width comma as the decimal mark), or 0．5 beside 0,5, was not
    seen as two decimal marks: a comma- or tab-separated file or a workbook named the column
    as numbers with a decimal comma, advising a semicolon file (where it was then kept as text
    without a word). As with 0.5 beside 0,5, the column is kept as written and the
    decimal_marks notice names both marks, with examples as the file writes them."""
    from dtree_core.cli_messages import notice_text

    table = _one_column_file(values, form)
    assert table.frame["x"].tolist() == values  # nothing read as a number
    (notice,) = table.report.warnings
    assert (notice.code, notice.details) == ("decimal_marks", {
        "column": "x", "points": 3, "point": point, "commas": 2, "comma": comma})
    assert f"a point in 3 values (such as '{point}')" in notice
    assert f"“{point}”" in notice_text(notice, "zh") and f"“{comma}”" in notice_text(notice, "zh")


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("values", [
    ["0.5", "0，5", "1.5"], ["0．5", "0,5"], ["０．５", "０，５", "1"], ["3，100", "0.5"],
    ["1．234", "0，5"], ["2．000", "3，5"], ["1．234，5", "2．000"], ["0，697", "1", "2"],
    ["０１，５", "0,5"], ["0．234，5", "0,5"], ["0，5", "?", "1.25"], ["1，5", "2，5", "甲"],
])
def test_a_column_of_full_width_numbers_reads_as_its_ascii_twin(form, values):
    """Full-width digits and marks (as a Chinese input method types them) read as the same
    column written in ASCII reads: the same kind, numbers and notices."""
    import unicodedata

    table = _one_column_file(values, form)
    twin = _one_column_file([unicodedata.normalize("NFKC", v) for v in values], form)
    assert table.frame["x"].dtype == twin.frame["x"].dtype
    if table.frame["x"].dtype == "float64":
        assert table.frame["x"].equals(twin.frame["x"])
    assert [n.code for n in table.report.warnings] == [n.code for n in twin.report.warnings]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("values, example", [
    (["0。697", "0。774", "0。403", "0。245"], "0。697"),
    (["0.697", "0。774", "0.403", "1"], "0。774"),  # beside points and whole numbers
    (["0.697", "0｡774", "0.403"], "0｡774"),  # the half-width ｡ too
])
def test_the_chinese_full_stop_as_a_decimal_point_is_named(form, values, example):
    """0。5 (the Chinese full stop, as a Chinese input method types the point in Chinese
    punctuation) was kept as text without a word, alone or beside 0.5, and a column of them
    was left out 'like a row number'. It is still kept as written (。 is no decimal point),
    and the ideographic_point notice says why, with the way to write it, in both languages."""
    from dtree_core.cli_messages import notice_text

    table = _one_column_file(values, form)
    assert table.frame["x"].tolist() == values
    (notice,) = table.report.warnings
    assert (notice.code, notice.details) == ("ideographic_point",
                                             {"column": "x", "example": example})
    assert f"(such as '{example}')" in notice and "'。'" in notice
    assert f"“{example}”" in notice_text(notice, "zh") and "“。”" in notice_text(notice, "zh")
    assert loading.numbers_as_text(table.report) == {"x"}  # not left out 'like a row number'


@pytest.mark.parametrize("values", [["第1。2节", "第3。4节"], ["1。", "2。"], ["0。5", "0,5"],
                                    ["。5", "1.5"]])
def test_other_values_with_a_chinese_full_stop_are_not_named_as_decimal_points(values):
    """A sentence, a numbered item (1。) or two ways of writing the point mixed: no notice."""
    table = _one_column_file(values, ",")
    assert table.frame["x"].tolist() == values
    assert not [n for n in table.report.warnings if n.code == "ideographic_point"]


@pytest.mark.parametrize("values, other", [
    (["0。5", "1²", "0。7", "1²"], "1²"), (["①", "0。5", "①", "0。7"], "①"),
    (["3,100", "𝟏", "3,100", "2,500"], "𝟏"), (["20kg", "2²", "20kg", "30kg"], "2²"),
])
def test_no_reading_is_named_beside_a_value_only_nfkc_reads_as_a_number(values, other):
    """1², ① and 𝟏 are text to the loader (only width forms are made ASCII): a column of
    0。5 beside 1² is no column of numbers written with '。', and writing the point as '.'
    would not make it continuous. The text readings read them through NFKC as numbers
    (12, 1), so the notice named the column's other values and told the user how to write
    them, a promise the column's 1² broke."""
    table = _one_column_file(values, ",")
    assert table.frame["x"].tolist() == values
    assert not [n for n in table.report.warnings if n.code in loading.TEXT_READINGS], other


def test_a_semicolon_files_full_width_decimal_comma_reads_as_its_ascii_one():
    """0，697 in a semicolon file was kept as text without a word, though a comma-separated
    file's notice for it says such numbers are read as numbers in a semicolon file, and
    0,697 is: now it is read so, with the notice's example as written."""
    table = load("密度;好瓜\n0，697;是\n0，774;否\n1;是\n")
    assert table.frame["密度"].tolist() == [0.697, 0.774, 1.0]
    (notice,) = table.report.warnings
    assert (notice.code, notice.details["example"]) == ("decimal_comma", "0，697")


@pytest.mark.parametrize("cell, kept", [("0.234,5", "0.234,5"), ("-0.500,25", "-0.500,25"),
                                        ("0.234.567", "0.234.567"), (" 0.234,5", "0.234,5")])
def test_a_first_group_of_zero_is_never_a_thousands_group(cell, kept):
    """A semicolon file read 0.234,5 beside 0,5 as 234.5 (and -0.500,25 as -500.25, 0.234.567
    as 234567), as if the point separated thousands, saying only that it read decimal commas.
    A thousands group never follows a first group of 0: such a cell is no number written with
    a decimal comma, so the column is kept as written, and no decimal_comma notice is given."""
    table = load(f"x;y\n0,5;a\n{cell};b\n1,25;a\n")
    assert table.frame["x"].tolist() == ["0,5", kept, "1,25"]
    assert "decimal_comma" not in [n.code for n in table.report.warnings]
    # with a first group of 1 to 999 the point is a thousands dot, as before
    assert load("x;y\n0,5;a\n1.234,5;b\n-12.500,25;a\n").frame["x"].tolist() == [
        0.5, 1234.5, -12500.25]


def test_a_first_group_of_zero_is_never_formatted_with_thousands_separators():
    """0 234 (or "0,234.5" in a comma-separated file) was named as a number written with
    thousands separators, with it as the example: no thousands separator writes it."""
    spaces = load("x;y\n0 234;a\n1 200;b\n")
    assert spaces.frame["x"].tolist() == ["0 234", "1 200"]  # text, as before
    assert "formatted_numbers" not in [n.code for n in spaces.report.warnings]
    grouped = load('x,y\n"0,234.5",a\n"1,234.5",b\n')
    assert "formatted_numbers" not in [n.code for n in grouped.report.warnings]
    # with a first group of 1 to 999: thousands separators, as before
    assert [(n.code, n.details["example"]) for n in load(
        "x;y\n1 234;a\n12 200;b\n").report.warnings] == [("formatted_numbers", "1 234")]


def test_a_semicolon_column_whose_points_may_all_separate_thousands_is_said_so():
    """Excel where the comma is the decimal mark saves a semicolon file, and with a thousands
    separator in the cell's format writes 1234 as 1.234: a column of only such values (and
    whole numbers below 1000) was read as 1.234 without a word. It is still read with a
    decimal point, as before, and a notice says the point may separate thousands. A value no
    thousands dot writes (0.5, 1.25, .25, 0.234 with its first group of 0, or 2019 without a
    dot) shows the point is a decimal one: nothing is said, as before."""
    from dtree_core.cli_messages import notice_text

    table = load("编号;密度;价格;好瓜\n1;0.697;1.234;是\n2;0.774;12.500;是\n3;0.634;?;否\n"
                 "4;0.608;2;否\n")
    assert table.frame["价格"].iloc[[0, 1, 3]].tolist() == [1.234, 12.5, 2.0]  # as before
    assert table.frame["密度"].tolist() == [0.697, 0.774, 0.634, 0.608]
    notes = [(n.code, n.details) for n in table.report.warnings]
    assert notes == [("thousands_dot", {"column": "价格", "example": "1.234",
                                        "thousands": "1234"})]
    (note,) = table.report.warnings
    assert "'1.234' may be 1234" in note and "decimal point" in note
    zh = notice_text(note, "zh")
    assert "“1.234”可能是 1234" in zh and "千位分隔符" in zh
    # the fast path (no marker) and the exact one (full-width digits, a negative) alike
    assert [n.details for n in load("x;y\n-1.500;a\n3;b\n").report.warnings] == [
        {"column": "x", "example": "-1.500", "thousands": "-1500"}]
    wide = load("x;y\n１.２３４;a\n３;b\n")
    assert wide.frame["x"].tolist() == [1.234, 3.0]
    assert [n.details for n in wide.report.warnings] == [
        {"column": "x", "example": "１.２３４", "thousands": "1234"}]
    for text in ("x;y\n1.234;a\n1.25;b\n", "x;y\n1.234;a\n0.234;b\n", "x;y\n0.234;a\n-0.5;b\n",
                 "x;y\n1.234;a\n2019;b\n", "x;y\n1.234;a\n1.5e3;b\n", "x,y\n1.234,a\n2,b\n",
                 "x\ty\n1.234\ta\n2\tb\n"):
        assert not load(text).report.warnings, text


def test_decimal_commas_in_a_comma_separated_file_are_named_as_such():
    """Google Sheets (or Excel) where the comma is the decimal mark saves a comma-separated
    file with "0,697" quoted: the column stayed text with no word at all (0,23), or was said
    to hold thousands separators (0,200, which no thousands separator writes), and was then
    left out as 'a different value in every row'. It stays text (there a comma separates
    values too), and the notice names the decimal comma and how to save the file."""
    from dtree_core.cli_messages import notice_text

    table = load('编号,密度,含糖率,比例,收入,好瓜\n1,"0,697","0,46","0,200","3,100",是\n'
                 '2,"0,774","0,376","0,350","12,500",是\n3,"0,634",?,"1,5","1,200",否\n'
                 '4,1,"0,091","0,125",800,否\n')
    notes = {n.details["column"]: n for n in table.report.warnings}
    assert {c: (n.code, n.details["example"]) for c, n in notes.items()} == {
        "密度": ("decimal_comma_text", "0,697"), "含糖率": ("decimal_comma_text", "0,46"),
        "比例": ("decimal_comma_text", "0,200"),
        "收入": ("formatted_numbers", "3,100")}  # 3,100 alone: the thousands it shows
    assert "decimal comma" in notes["密度"] and ".xlsx" in notes["密度"]
    zh = notice_text(notes["密度"], "zh")
    assert "小数点" in zh and ".xlsx" in zh
    assert table.frame["密度"].tolist() == ["0,697", "0,774", "0,634", "1"]  # text, as before
    # left out with a value in every row: for its numbers read as text, not 'like a row number'
    excluded = prepare(table, "好瓜").excluded
    assert {c: n.code for c, n in excluded.items()} == {
        "编号": "id_like", "密度": "numbers_as_text", "比例": "numbers_as_text",
        "收入": "numbers_as_text"}
    assert "row number" not in excluded["密度"] and "read as text" in excluded["密度"]
    # a tab-separated file's are named alike; a semicolon file reads them as numbers
    tab = load("x\ty\n0,5\ta\n1,25\tb\n")
    assert [n.code for n in tab.report.warnings] == ["decimal_comma_text"]
    semicolon = load("x;y\n0,5;a\n1,25;b\n")
    assert [n.code for n in semicolon.report.warnings] == ["decimal_comma"]
    # a code with a leading zero, or a word among them, is no number: nothing said
    assert not load('x,y\n"01,5",a\n"0,5",b\n"甲",c\n').report.warnings


@pytest.mark.parametrize("text", [
    "西瓜数据集2.0,,,\n色泽,根蒂,敲声,好瓜\n青绿,蜷缩,浊响,是\n乌黑,稍蜷,沉闷,否\n",  # Excel's ,,,
    "西瓜数据集2.0\n色泽,根蒂,敲声,好瓜\n青绿,蜷缩,浊响,是\n乌黑,稍蜷,沉闷,否\n",  # no delimiter
])
def test_a_title_row_above_the_table_is_named_as_one(text):
    """A sheet's title in a merged cell above the table: it was refused as a ragged line
    ('the header has 1 columns; quote values…') or as a file of one column."""
    with pytest.raises(LoadError) as refused:
        load(text)
    assert refused.value.code == "title_row"
    assert refused.value.details == {"title": "西瓜数据集2.0", "found": 4}
    assert refusal(load, "a\n1\n2\n").startswith("Only one column ('a')")  # one column: as before
    assert refusal(load, 'x\n"1,2"\n"3,4"\n').startswith("Only one column ('x')")  # quoted


@pytest.mark.parametrize("above", ["西瓜数据集,,,\n,,\n", "西瓜数据集,,,\r\n,,,\r\n",
                                   "西瓜数据集,,,,,\n,\n", "西瓜数据集,,,\n\n"])
def test_a_title_row_wider_than_the_table_is_named_as_one(above):
    """A title typed by hand with more commas than the table has columns, over a blank row
    of commas: its extra field made the comma look unlike the table's delimiter, the
    semicolon was chosen, and the file was refused as 'Only one column ('西瓜数据集,,,')'.
    It is the title row Excel's own ',,' gets (refused, as the README says)."""
    text = above + "色泽,根蒂,好瓜\n青绿,蜷缩,是\n乌黑,稍蜷,否\n浅白,硬挺,否\n"
    with pytest.raises(LoadError) as refused:
        load(text)
    assert refused.value.code == "title_row"
    assert refused.value.details == {"title": "西瓜数据集", "found": 3}
    # numbers below one name are no header under a title: one column, as before
    assert refusal(load, "x\n1,2\n3,4\n").startswith("Only one column ('x')")
    # a delimiter that names the columns in the first line wins over one that needs a title
    tab = load("x\ty\n0,5\ta\n1,25\tb\n")
    assert tab.report.delimiter == "\t" and tab.frame.columns.tolist() == ["x", "y"]


@pytest.mark.parametrize("above", [
    "西瓜数据集\n2024年秋季 第4章\n",  # no delimiter: read as one column before
    "西瓜数据集,,\n2024年秋季 第4章,,\n",  # Excel's: loaded with the titles as header and data
    "西瓜数据集,,\n\n2024年秋季 第4章,,\n,,\n",  # blank rows between
])
def test_two_title_rows_above_the_table_are_named_as_titles(above):
    """Two titles over the header (a title and a subtitle, merged cells in Excel): the
    comma file loaded 西瓜数据集 as the header, the subtitle and the real header as data, and
    the plain one was refused as a file of one column."""
    from dtree_core.cli_messages import error_text

    with pytest.raises(LoadError) as refused:
        load(above + "色泽,根蒂,好瓜\n青绿,蜷缩,是\n乌黑,稍蜷,否\n")
    assert refused.value.code == "title_rows"
    assert refused.value.details["count"] == 2 and refused.value.details["found"] == 3
    assert str(refused.value.details["titles"]) == "西瓜数据集, 2024年秋季 第4章"
    assert "The first 2 rows hold one value each" in error_text(refused.value, "en")
    assert "前 2 行各只有一个值（西瓜数据集、2024年秋季 第4章）" in error_text(refused.value, "zh")


@pytest.mark.parametrize("subtitle", ["Source: Zhou, 2016", "周志华; 2016"])
def test_a_subtitle_with_a_comma_is_a_title_too(subtitle):
    """A subtitle holding a delimiter was taken for a header read as one field: the titles
    then loaded as the header and rows of data (a sheet's cells, a quoted CSV field)."""
    import io

    frame = pd.DataFrame([[subtitle, None, None], ["色泽", "根蒂", "好瓜"], ["青绿", "蜷缩", "是"],
                          ["乌黑", "稍蜷", "否"]], columns=["西瓜数据集", None, None])
    buffer = io.BytesIO()
    frame.to_excel(buffer, index=False)
    text = f'西瓜数据集,,\n"{subtitle}",,\n色泽,根蒂,好瓜\n青绿,蜷缩,是\n乌黑,稍蜷,否\n'
    with pytest.raises(LoadError) as from_sheet:
        load_bytes(buffer.getvalue(), "title.xlsx")
    with pytest.raises(LoadError) as from_text:
        load(text)
    for refused in (from_sheet, from_text):
        assert refused.value.code == "title_rows"
        assert refused.value.details["titles"].items == ("西瓜数据集", subtitle)


def test_rows_of_one_value_over_numbers_are_data_not_titles():
    """Only a row naming columns ends a run of titles: one-value rows over numbers are a
    column's data (a file of one column), and past TITLE_ROWS no run is titles."""
    assert refusal(load, "x\n1\n2\n3\n").startswith("Only one column ('x')")
    table = load("t,,\nu,,\n1,2,3\n4,5,6\n")
    assert table.frame.columns.tolist() == ["t", "column_2", "column_3"]
    many = "".join(f"t{i},,\n" for i in range(loading.TITLE_ROWS + 1))
    assert load(many + "色泽,根蒂,好瓜\n青绿,蜷缩,是\n").frame.columns.tolist() == [
        "t0", "column_2", "column_3"]


def test_two_title_rows_above_a_workbooks_table_are_named_as_titles():
    import io

    frame = pd.DataFrame([["2023级", None, None], ["色泽", "根蒂", "好瓜"], ["青绿", "蜷缩", "是"],
                          ["乌黑", "稍蜷", "否"]], columns=["学生成绩表", None, None])
    buffer = io.BytesIO()
    frame.to_excel(buffer, index=False)
    with pytest.raises(LoadError) as refused:
        load_bytes(buffer.getvalue(), "title.xlsx")
    assert refused.value.code == "title_rows" and refused.value.details["found"] == 3


@pytest.mark.parametrize("d", loading.DELIMITERS)
def test_a_title_read_as_one_column_is_named_without_its_delimiters(d):
    """A title away from the first field is read whole, as a file of one column: the title_row
    refusal showed it with its commas (',西瓜数据集,,'), in either language."""
    from dtree_core.cli_messages import error_text

    with pytest.raises(LoadError) as refused:
        load(f"{d}西瓜数据集{d}{d}\n色泽{d}根蒂{d}好瓜\n青绿{d}蜷缩{d}是\n")
    assert refused.value.code == "title_row"
    assert refused.value.details == {"title": "西瓜数据集", "found": 3}
    assert "('西瓜数据集')" in error_text(refused.value, "en")
    assert "（“西瓜数据集”）" in error_text(refused.value, "zh")


@pytest.mark.parametrize("header", ["色泽,2023,好瓜", '"色泽,2023,好瓜"'])
def test_a_title_row_is_judged_alike_with_or_without_the_delimiter(header):
    """One rule for a title, wherever it is judged: a number among the names below it (a
    year) does not make them data, quoted or not (quoted, it was read as one column)."""
    with pytest.raises(LoadError) as refused:
        load(f"t\n{header}\n青绿,1,是\n")
    assert refused.value.details == {"title": "t", "found": 3}


def test_numbers_below_one_name_are_data_with_or_without_the_delimiter():
    """Numbers below one name are no header under a title (as the delimiter is chosen): its
    table's data, the other columns unnamed; with the commas shown it was refused as a title."""
    table = load("t,,\n1,2,3\n4,5,6\n")
    assert table.frame.columns.tolist() == ["t", "column_2", "column_3"]
    assert [n.code for n in table.report.warnings] == ["unnamed_column"] * 2
    assert refusal(load, "x\n1,2\n3,4\n").startswith("Only one column ('x')")  # as before


def test_a_title_row_above_a_workbooks_table_is_named_as_one():
    import io

    frame = pd.DataFrame([["色泽", "根蒂", "好瓜"], ["青绿", "蜷缩", "是"], ["乌黑", "稍蜷", "否"]],
                         columns=["2023级学生成绩表", None, None])
    buffer = io.BytesIO()
    frame.to_excel(buffer, index=False)
    with pytest.raises(LoadError) as refused:
        load_bytes(buffer.getvalue(), "title.xlsx")
    assert refused.value.code == "title_row" and refused.value.details["found"] == 3


def test_an_encoding_that_takes_the_line_breaks_away_is_named():
    """UTF-8 read as UTF-16 is one long line: it was refused as "a header row but no data
    rows", though the file has 17; a genuine UTF-16 file still reads."""
    from dtree_core.cli_messages import error_text

    text = "a,y\n" + "".join(f"{i % 3},{'pq'[i % 2]}\n" for i in range(17))
    with pytest.raises(LoadError) as err:
        load_bytes(text.encode("utf-8"), "t.csv", encoding="utf-16")
    assert err.value.code == "encoding_lines" and err.value.details["lines"] == 18
    assert "line breaks are gone" in str(err.value)
    assert "18 个换行都不见了" in error_text(err.value, "zh")
    assert len(load_bytes(text.encode("utf-16"), "t.csv", encoding="utf-16").frame) == 17


def test_a_byte_the_encoding_cannot_decode_is_named_in_chinese_too():
    from dtree_core.cli_messages import error_text

    with pytest.raises(LoadError) as err:
        load_bytes("a,y\n密,p\n度,q\n".encode(), "t.csv", encoding="ascii")
    said = error_text(err.value, "zh")
    assert "“t.csv”不是有效的 ascii：位置 4 的字节 0xE5 无法解码" in said


def test_an_unnamed_column_is_not_named_after_a_real_column():
    """Column 2 has no name and column 3 is called column_2: the placeholder takes the next
    free name rather than making a duplicate the user never wrote."""
    table = load("a,,column_2,y\n1,x,m,p\n2,y,n,q\n")
    assert list(table.frame.columns) == ["a", "column_2_2", "column_2", "y"]
    assert table.report.warnings[0].code == "unnamed_column"
    assert "column_2_2" in str(table.report.warnings[0])
    assert list(load("a,,column_2_2,column_2,y\n1,x,m,n,p\n").frame.columns) == [
        "a", "column_2_3", "column_2_2", "column_2", "y"]


def test_a_duplicate_name_names_both_of_its_columns():
    said = refusal(load, "a,,b,c,b,y\n1,x,2,3,4,p\n")  # the first b is column 3
    assert "'b' appears twice in the header (columns 3 and 5)" in said


def test_excel_error_values_are_missing_with_a_notice():
    """#N/A, #DIV/0!: a formula with no result, as Excel's CSV writes it (one such cell read
    the whole column as text, and a measure became a nominal attribute)."""
    table = load("a,b,y\n1.5,x,p\n2.5,#N/A,q\n3.5,y,p\n#N/A,x,q\n4.5,#div/0!,p\n")
    assert table.report.kinds["a"] == "continuous"
    assert table.frame["a"].isna().tolist() == [False, False, False, True, False]
    assert table.frame["b"].isna().tolist() == [False, True, False, False, True]
    assert table.report.missing == {"a": 1, "b": 2, "y": 0}
    notices = [w for w in table.report.warnings if w.code == "excel_errors"]
    assert [n.details["column"] for n in notices] == ["a", "b"]
    assert notices[1].details["count"] == 2 and "#N/A, #div/0!" in notices[1]
    # a value that only starts like one is a value
    assert load("a,y\n#N/A1,p\n#N/A,q\n").frame["a"].tolist()[0] == "#N/A1"


def test_excel_error_cells_of_a_workbook_are_missing(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["a", "y"])
    for value, label in [(1.5, "p"), (2.5, "q"), ("#N/A", "p"), (4.5, "q"), ("#DIV/0!", "p")]:
        sheet.append([value, label])
    assert sheet["A4"].data_type == "e"  # stored as an error cell, as Excel stores it
    book.save(tmp_path / "errors.xlsx")
    table = load_path(tmp_path / "errors.xlsx")
    assert table.report.kinds["a"] == "continuous" and table.report.missing["a"] == 2
    assert [w.code for w in table.report.warnings] == ["excel_errors"]


def test_a_workbooks_decimal_comma_text_cells_get_a_spreadsheets_advice(tmp_path):
    """Numbers stored as text cells with a decimal comma: the CSV's advice (save the file as
    .xlsx, or separated by semicolons) made no sense for a workbook; its own does."""
    from dtree_core.cli_messages import notice_text

    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["密度", "色泽", "y"])
    for value, label in [("0,697", "是"), ("0,774", "否"), ("1,25", "是")]:
        book.active.append([value, "青绿", label])
    book.save(tmp_path / "text_cells.xlsx")
    table = load_path(tmp_path / "text_cells.xlsx")
    (notice,) = table.report.warnings
    assert notice.code == "decimal_comma_cells" and notice.details["example"] == "0,697"
    assert ".xlsx" not in notice and "semicolon" not in notice and "Text to Columns" in notice
    zh = notice_text(notice, "zh")
    assert ".xlsx" not in zh and "分号" not in zh and "分列" in zh
    assert table.frame["密度"].tolist() == ["0,697", "0,774", "1,25"]  # kept as written
    assert prepare(table, "y").excluded["密度"].code == "numbers_as_text"


@pytest.mark.parametrize("data", [
    b"sep=;\na;y\n1,5;p\n2;q\n",
    b"\xef\xbb\xbfSEP=;\r\na;y\r\n1,5;p\r\n2;q\r\n",
    b'"sep=;"\na;y\n1,5;p\n2;q\n',
])
def test_excels_separator_line_names_the_delimiter(data):
    """Excel's CSV for another list separator starts with "sep=;": a hint, not a title row."""
    table = load_bytes(data, "excel.csv")
    assert table.report.delimiter == ";"
    assert table.frame.to_dict("list") == {"a": [1.5, 2.0], "y": ["p", "q"]}


def test_after_a_separator_line_lines_are_counted_as_the_file_has_them():
    said = refusal(load_bytes, b"sep=,\na,y\n1,p\n2,q,3\n", "excel.csv")
    assert said.startswith("Line 4 has 3 values")
    # the hint wins over what the lines would suggest, and only as the first line
    assert load_bytes(b"sep=;\na,b;y\n1,2;p\n", "x.csv").frame.columns.tolist() == ["a,b", "y"]
    # a hint the header does not follow is none: its commas are found (it was one column)
    assert load_bytes(b"sep=;\na,b,y\n1,2,p\n", "x.csv").frame.columns.tolist() == [
        "a", "b", "y"]
    assert "Only one column" in refusal(load_bytes, b"x\nsep=;\na;y\n1;p\n", "x.csv")


@pytest.mark.parametrize("data, code", [
    ("<html><body><table><tr><td>色泽</td><td>好瓜</td></tr><tr><td>青绿</td><td>是</td></tr>"
     "</table></body></html>".encode(), "web_page"),
    (b"\xef\xbb\xbf\r\n<!DOCTYPE html>\n<html><head></head></html>", "web_page"),
    (b'<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n'
     b'<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"></Workbook>',
     "xml_spreadsheet"),
])
def test_a_web_page_or_xml_spreadsheet_named_xls_is_said_to_be_one(data, code):
    """School systems export HTML tables as .xls: it was read as a header without rows."""
    with pytest.raises(LoadError) as err:
        load_bytes(data, "成绩.xls")
    assert err.value.code == code and "'成绩.xls'" in str(err.value)
    assert "save it as .xlsx or CSV" in str(err.value)


def test_a_table_whose_first_name_looks_like_a_tag_still_loads():
    assert list(load("<b>a</b>,y\n1,p\n2,q\n").frame.columns) == ["<b>a</b>", "y"]


def merged_book(path, merges, cells) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for ref, value in cells.items():
        sheet[ref] = value
    for ref in merges:
        sheet.merge_cells(ref)
    book.save(path)


def test_merged_cells_of_a_workbook_hold_their_value_in_every_row(tmp_path):
    """青绿 merged over two rows is 青绿 in both, as the sheet shows it (a read-only sheet
    hides merges: the second row read as a missing value, and a merged class dropped a row)."""
    cells = {"A1": "色泽", "B1": "根蒂", "C1": "好瓜", "A2": "青绿", "B2": "蜷缩", "C2": "是",
             "B3": "稍蜷", "A4": "乌黑", "B4": "蜷缩", "C4": "否", "B5": "硬挺", "A6": "浅白",
             "B6": "稍蜷", "C6": "否"}
    merged_book(tmp_path / "m.xlsx", ["A2:A3", "C2:C3", "A4:A5", "C4:C5", "B6:C6"], cells)
    table = load_path(tmp_path / "m.xlsx")
    assert table.frame.to_dict("list") == {
        "色泽": ["青绿", "青绿", "乌黑", "乌黑", "浅白"],
        "根蒂": ["蜷缩", "稍蜷", "蜷缩", "硬挺", "稍蜷"],
        "好瓜": ["是", "是", "否", "否", np.nan]}  # B6:C6 spans columns: left as it is
    notice = table.report.warnings[0]
    assert notice.code == "merged_cells" and notice.details["count"] == 4
    assert "A2:A3, C2:C3, A4:A5, C4:C5" in notice


def test_a_header_merged_down_is_not_copied_into_the_data(tmp_path):
    merged_book(tmp_path / "h.xlsx", ["A1:A2"], {"A1": "a", "B1": "y", "B2": "p", "A3": "1",
                                                 "B3": "q", "A4": "2", "B4": "p"})
    table = load_path(tmp_path / "h.xlsx")
    assert table.frame["a"].isna().tolist() == [True, False, False]
    assert not [w for w in table.report.warnings if w.code == "merged_cells"]


TRADITIONAL = "色澤,根蒂,敲聲,好瓜\n" + ("青綠,蜷縮,濁響,是\n烏黑,稍蜷,沉悶,否\n"
                                     "淺白,硬挺,清脆,否\n") * 3


def test_a_big5_file_is_read_as_big5():
    """Excel in Taiwan saves Big5: read as GB18030 its headers were ︹緼 and private-use
    characters, and only "the encoding was guessed" was said. (A file only cp950 reads: the
    test after the next.)"""
    table = load_bytes(TRADITIONAL.encode("big5"), "西瓜.csv")
    assert list(table.frame.columns) == ["色澤", "根蒂", "敲聲", "好瓜"]
    assert table.report.encoding == "big5" and table.report.encoding_guessed
    assert table.frame["敲聲"].tolist()[:3] == ["濁響", "沉悶", "清脆"]


def test_gbk_text_with_rare_characters_stays_gb18030():
    text = "姓名,喆,堃,犇,好瓜\n张三,是,否,是,是\n李四,否,否,是,否\n"
    table = load_bytes(text.encode("gb18030"), "名单.csv")
    assert list(table.frame.columns) == ["姓名", "喆", "堃", "犇", "好瓜"]
    assert table.report.encoding == "gb18030"
    assert load_bytes(WATERMELON.encode("gbk"), "w.csv").report.encoding == "gb18030"


def test_a_gbk_class_list_with_rare_names_is_not_said_to_be_guessed():
    """Excel on Chinese Windows saves GBK; names hold characters GB2312 lacks (喆, 堃, 珺, 昇,
    赟, 镕), and such a file was said to be 'guessed as gb18030; if the text looks wrong…'."""
    rare = "姓名,成绩,通过\n张喆,85,是\n李堃,60,否\n王芳,90,是\n刘洋,70,否\n"
    longer = "姓名,性别,成绩,通过\n" + "".join(
        f"{name},{sex},{score},{passed}\n" for name, sex, score, passed in [
            ("张喆", "男", 85, "是"), ("李堃", "男", 60, "否"), ("王珺", "女", 90, "是"),
            ("刘昇", "男", 70, "否"), ("陈赟", "女", 88, "是"), ("朱镕", "男", 75, "是"),
            ("赵丽", "女", 66, "否"), ("孙伟", "男", 92, "是")])
    for text in (rare, longer):
        table = load_bytes(text.encode("gbk"), "名单.csv")
        assert table.frame["姓名"].tolist()[:2] == ["张喆", "李堃"]
        assert table.report.encoding == "gb18030" and not table.report.encoding_guessed
        assert not table.report.warnings


def test_other_encodings_that_read_as_gb18030_are_still_said_to_be_guessed():
    """Big5 and Shift-JIS bytes read as GB18030 without an error, garbled, mostly outside
    GB2312: the rare names' leniency does not take them for GBK."""
    short_big5 = "姓名,成績,通過\n張三,85,是\n李四,60,否\n"
    for text in (short_big5, TRADITIONAL):
        table = load_bytes(text.encode("big5"), "台北.csv")
        assert table.report.encoding == "big5" and table.report.encoding_guessed
        assert list(table.frame.columns)[0] == text.split(",")[0]
        assert [w.code for w in table.report.warnings] == ["encoding_guessed"]
    for text in ("名前,点数,合格\n山田太郎,85,はい\n佐藤花子,60,いいえ\n",
                 "氏名,年齢,合格\n山田,20,合\n佐藤,30,否\n"):
        report = load_bytes(text.encode("shift_jis"), "東京.csv").report
        assert report.encoding_guessed
        assert [w.code for w in report.warnings] == ["encoding_guessed"]


def test_gbk_rows_pasted_into_a_utf8_file_are_refused_naming_their_line():
    """Rows of a GBK file appended to a UTF-8 one (with Excel's BOM or without): 'the encoding
    cannot be recognised', no line named, or read whole as GB18030, garbled. The refusal names
    the line where the other encoding starts, in both languages; a GBK file still reads."""
    from dtree_core.cli_messages import ERRORS_ZH

    utf8 = "色泽,密度,好瓜\r\n青绿,0.697,是\r\n乌黑,0.774,是\r\n".encode()
    gbk = "浅白,0.634,否\r\n青绿,0.608,否\r\n".encode("gbk")
    for data in (utf8 + gbk, codecs.BOM_UTF8 + utf8 + gbk):
        with pytest.raises(LoadError) as err:
            load_bytes(data, "合并.csv")
        assert err.value.code == "encoding_mixed" and err.value.details["line"] == 4
        assert str(err.value) == (
            "'合并.csv' is UTF-8 until line 4, which holds bytes of another encoding (rows pasted "
            "from a GBK file?); no one encoding reads both parts: save the file those rows came "
            "from as UTF-8 and paste them again.")
        assert "第 4 行" in ERRORS_ZH["encoding_mixed"].format(**err.value.details)
        # as said: choosing either encoding (the advice was 'choose the encoding of the rest')
        # does not read the file
        for encoding in ("gb18030", "utf-8"):
            with pytest.raises(LoadError, match="cannot be decoded"):
                load_bytes(data, "合并.csv", encoding=encoding)
    assert load_bytes(utf8.decode().encode("gbk") + gbk, "w.csv").report.encoding == "gb18030"


def test_a_gbk_file_whose_bytes_read_as_utf8_letters_is_no_mixed_file():
    """职业,学位 in GBK is valid UTF-8 for its first four characters (Hebrew, Cyrillic and Greek
    letters): the file was refused as 'UTF-8 until line 1', rows pasted from a GBK file. Only
    Chinese characters read as UTF-8 say a file is UTF-8: it reads as GB18030, as before."""
    text = "职业,学位,月收入,录用\n教师,本科,5000,是\n医生,硕士,8000,是\n工人,专科,4000,否\n"
    table = load_bytes(text.encode("gbk"), "招聘.csv")
    assert table.report.encoding == "gb18030" and list(table.frame.columns)[:2] == ["职业", "学位"]


def test_the_minus_sign_reads_as_a_minus():
    """−0.5 (U+2212, as typeset text writes it; NFKC keeps it) is the number -0.5: two such
    values among four read the column as text, with no warning."""
    table = load("a,y\n−0.5,p\n1.5,q\n−2,p\n3,q\n")
    assert table.report.kinds["a"] == "continuous"
    assert table.frame["a"].tolist() == [-0.5, 1.5, -2.0, 3.0]
    # the sign alone is the dash marker, as '-' is: a missing value, not text
    alone = load("x,y\n−,p\n0.25,q\n−1.5,p\n1.75,q\n")
    assert alone.report.kinds["x"] == "continuous" and alone.report.missing["x"] == 1


@pytest.mark.parametrize("cells, odd", [
    (["1²", "2²", "3²", "4²", "5²"], None),  # squares, as a worksheet of powers writes them
    (["0.5", "1.5", "2²", "3", "4"], "2²"),
    (["①", "②", "③", "④"], None),  # numbered items, as (1), (2) are
    (["𝟏", "𝟐", "3"], None),  # mathematical bold digits
])
def test_superscripts_and_circled_digits_are_not_read_as_the_digits_they_show(cells, odd):
    """Full-width digits were made ASCII with all of NFKC, which also makes 2² the digits 22
    and ① the digit 1: a column of 1², 2², 3² read as the numbers 12, 22, 32 without a word.
    Only width forms (０．５, ﹣, no-break spaces) and the minus sign are made ASCII now; such
    a column is text, and one such value among numbers is named as text among numbers."""
    table = load("x,y\n" + "".join(f"{cell},{'pq'[i % 2]}\n" for i, cell in enumerate(cells)))
    assert table.frame["x"].tolist() == cells
    assert [n.details["example"] for n in table.report.warnings if n.code == "mixed_text"] == \
        ([odd] if odd else [])
    # full-width digits and a small or full-width minus still read as numbers
    widths = load("x;y\n０．５;p\n﹣1;q\n－２;p\n")
    assert widths.frame["x"].tolist() == [0.5, -1.0, -2.0]


def test_infinity_typed_full_width_is_named_as_infinity_is():
    """ｉｎｆ (full-width, as a Chinese input method types it) was read as a missing value, as
    inf is, but without the non_finite notice that names inf: now it is named too."""
    table = load("x,y\n0.5,p\nｉｎｆ,q\n1.5,p\n")
    assert table.frame["x"].isna().tolist() == [False, True, False]
    (notice,) = table.report.warnings
    assert (notice.code, notice.details["count"], str(notice.details["values"])) == (
        "non_finite", 1, "ｉｎｆ")


@pytest.mark.parametrize("budget", [None, Budget()])
def test_a_workbook_whose_sheet_leads_nowhere_is_refused_not_a_traceback(budget):
    """A workbook whose relationships name a sheet part it does not hold (a file cut short or
    written by hand) opened in openpyxl with no sheet, and choosing the first one raised an
    IndexError: a traceback on the command line. It is refused as an unreadable workbook."""
    import io
    import zipfile

    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["a", "y"])
    book.active.append([1, "是"])
    saved, broken = io.BytesIO(), io.BytesIO()
    book.save(saved)
    with zipfile.ZipFile(saved) as whole, zipfile.ZipFile(broken, "w") as cut:
        for info in whole.infolist():
            part = whole.read(info)
            if info.filename == "xl/_rels/workbook.xml.rels":
                part = part.replace(b"worksheets/sheet1.xml", b"worksheets/missing.xml")
            cut.writestr(info, part)
    with pytest.raises(LoadError) as err:
        load_bytes(broken.getvalue(), "cut.xlsx", budget=budget)
    assert (err.value.code, str(err.value)) == (
        "xlsx", "'cut.xlsx' is not a readable Excel .xlsx workbook.")


def test_an_empty_sheet_of_several_is_named(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["a", "y"])
    book.active.append([1, "p"])
    book.create_sheet("空表")
    book.save(tmp_path / "two.xlsx")
    with pytest.raises(LoadError) as err:
        load_path(tmp_path / "two.xlsx", sheet="空表")
    assert err.value.code == "empty_sheet" and err.value.details["sheet"] == "空表"
    assert str(err.value) == "Sheet '空表' of 'two.xlsx' is empty; choose another sheet."


def chart_first_book(path):
    """A workbook whose first sheet is a chart moved to a sheet of its own (Excel's "Move
    Chart, New sheet" puts it before the data), then the data sheet."""
    openpyxl = pytest.importorskip("openpyxl")
    from openpyxl.chart import BarChart, Reference

    book = openpyxl.Workbook()
    data = book.active
    data.title = "数据"
    for row in [["色泽", "密度", "好瓜"], ["青绿", 0.697, "是"], ["乌黑", 0.774, "是"],
                ["浅白", 0.634, "否"]]:
        data.append(row)
    chart = BarChart()
    chart.add_data(Reference(data, min_col=2, min_row=1, max_row=4), titles_from_data=True)
    book.create_chartsheet("图表1", 0).add_chart(chart)
    book.save(path)
    return path


def hidden_first_book(path):
    """A template's workbook: a hidden lookup sheet first, then the data Excel shows."""
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    lookup = book.active
    lookup.title = "代码表"
    for row in (["代码", "含义"], [1, "是"], [2, "否"]):
        lookup.append(row)
    lookup.sheet_state = "hidden"
    data = book.create_sheet("数据")
    for row in (["色泽", "密度", "好瓜"], ["青绿", 0.697, "是"], ["乌黑", 0.774, "是"],
                ["浅白", 0.634, "否"]):
        data.append(row)
    book.active = 1
    book.save(path)
    return path


def test_a_hidden_first_sheet_is_passed_for_the_first_sheet_excel_shows(tmp_path):
    """A hidden lookup sheet before the data was read as the table (the user sees the data
    sheet first in Excel): the first shown sheet is read, with a notice naming the hidden
    one; it is not offered in the picker, and naming it still reads it."""
    path = hidden_first_book(tmp_path / "模板.xlsx")
    for budget in (None, Budget()):
        table = load_path(path, budget=budget)
        assert (table.report.sheet, table.report.sheets) == ("数据", ("代码表", "数据"))
        assert table.frame["密度"].tolist() == [0.697, 0.774, 0.634]
        (notice,) = [w for w in table.report.warnings if w.code == "hidden_sheets"]
        assert notice.details["sheet"] == "数据" and str(notice.details["hidden"]) == "代码表"
        assert loading.xlsx_sheet_names(path.read_bytes(), budget) == ["数据"]
        named = load_path(path, sheet="代码表", budget=budget)
        assert named.report.sheet == "代码表" and list(named.frame.columns) == ["代码", "含义"]
        assert not [w for w in named.report.warnings if w.code == "hidden_sheets"]
        assert load_path(path, sheet=0, budget=budget).report.sheet == "代码表"


def test_a_hidden_sheet_after_the_data_changes_nothing(tmp_path):
    path = hidden_first_book(tmp_path / "模板.xlsx")
    book = pytest.importorskip("openpyxl").load_workbook(path)
    book.move_sheet("代码表", offset=1)  # now after 数据
    book.save(path)
    table = load_path(path)
    assert table.report.sheet == "数据"
    assert not [w for w in table.report.warnings if w.code == "hidden_sheets"]
    assert loading.xlsx_sheet_names(path.read_bytes()) == ["数据"]


def test_a_chart_sheet_is_no_table_the_first_sheet_with_cells_is_read(tmp_path):
    """A chart sheet before the data was read as the first sheet and crashed (AttributeError:
    'Chartsheet' object has no attribute 'reset_dimensions'); it is neither read nor offered,
    and naming it says it is a chart."""
    path = chart_first_book(tmp_path / "图表.xlsx")
    for budget in (None, Budget()):
        table = load_path(path, budget=budget)
        assert (table.report.sheet, table.report.sheets) == ("数据", ("数据",))
        assert table.frame["密度"].tolist() == [0.697, 0.774, 0.634]
        assert loading.xlsx_sheet_names(path.read_bytes(), budget) == ["数据"]
        with pytest.raises(LoadError) as err:
            load_path(path, sheet="图表1", budget=budget)
        assert err.value.code == "chart_sheet"
        assert str(err.value) == ("Sheet '图表1' of '图表.xlsx' is a chart, not a table; the "
                                  "sheets with a table are: 数据.")


def test_merged_cells_past_the_data_or_over_blank_rows_add_nothing(tmp_path):
    """A range down a column past the data's (XFD) would widen every row, past the budget's
    cells; one past the last row would make its blank rows data. Neither is filled."""
    merged_book(tmp_path / "far.xlsx", ["D2:D3", "B3:B5"],
                {"A1": "色泽", "B1": "好瓜", "A2": "青绿", "B2": "是", "A3": "乌黑", "B3": "否",
                 "A4": "浅白", "B4": ""})
    table = load_path(tmp_path / "far.xlsx")
    assert list(table.frame.columns) == ["色泽", "好瓜"] and len(table.frame) == 3
    assert table.frame["好瓜"].tolist() == ["是", "否", "否"]  # row 4 filled, row 5 left blank


def test_a_separator_line_is_no_way_round_the_columns_limit():
    from dtree_core.budget import Budget, BudgetError

    wide = ",".join(f"c{i}" for i in range(Budget().columns + 1)).encode() + b"\n" + \
        ",".join("1" for _ in range(Budget().columns + 1)).encode() + b"\n"
    for data in (wide, b"sep=,\n" + wide, b"\r\n" + wide):
        with pytest.raises(BudgetError):
            load_bytes(data, "wide.csv", budget=Budget())


def test_a_few_private_use_characters_keep_a_gbk_file_gbk():
    """造字 for a rare name, or GB18030's old ḿ (A8BC): one private-use character does not
    make a GBK file Big5 (98% of GB2312's pairs are Big5 pairs too: it read as ぐ秞)."""
    data = "拼音,好瓜\n".encode("gbk") + b"\xa8\xbc,\xca\xc7\nma,\xb7\xf1\n"
    table = load_bytes(data, "a.csv")
    assert list(table.frame.columns) == ["拼音", "好瓜"] and table.report.encoding == "gb18030"


def test_a_file_only_cp950_reads_is_said_to_be_cp950():
    text = TRADITIONAL + "裏,蜷縮,濁響,是\n"  # 裏 (F9D8): Microsoft's cp950, not Big5
    with pytest.raises(UnicodeEncodeError):
        text.encode("big5")
    table = load_bytes(text.encode("cp950"), "西瓜.csv")
    assert table.report.encoding == "cp950" and table.frame["色澤"].tolist()[-1] == "裏"


@pytest.mark.parametrize("written", ["#ERROR!", "Err:502"])
def test_other_spreadsheets_error_values_are_missing_too(written):
    table = load(f"a,y\n1.5,p\n{written},q\n3,p\n")
    assert table.report.kinds["a"] == "continuous" and table.report.missing["a"] == 1
    assert [w.code for w in table.report.warnings] == ["excel_errors"]


@pytest.mark.parametrize("data", [
    b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0">'
    b"<html></html>",
    b"MIME-Version: 1.0\r\nContent-Type: multipart/related\r\n\r\n<html></html>"])
def test_xhtml_and_a_page_saved_whole_are_web_pages(data):
    with pytest.raises(LoadError) as err:
        load_bytes(data, "成绩.xls")
    assert err.value.code == "web_page"


def test_a_header_row_that_looks_like_data_is_warned_of():
    """A file saved without its header: the first row (青绿, 0.697, 是) became the names, with
    no warning, since not every name is a number. A name with decimals is data."""
    from dtree_core.loading import load_bytes

    table = load_bytes("青绿,0.697,是\n乌黑,0.774,是\n浅白,0.243,否\n".encode(), "h.csv")
    assert [w.code for w in table.report.warnings] == ["number_names"]
    assert "(0.697)" in str(table.report.warnings[0])
    named = load_bytes("色泽,密度,好瓜\n青绿,0.697,是\n乌黑,0.774,是\n".encode(), "w.csv")
    assert not named.report.warnings
    years = load_bytes(b"name,2019,2020\na,1,2\nb,3,4\n", "y.csv")  # years name columns
    assert not years.report.warnings


def test_a_column_with_data_but_no_name_after_the_last_named_one_is_kept_and_named():
    """'a,b,y,,' with a value in the fifth field: refused as "Line 2 has 5 values but the
    header has 3 columns" (the header line has 5 fields), while a nameless column in the
    middle was named column_2. Both are named now; a header shorter than a row is still
    refused, and an empty trailing column still goes."""
    from dtree_core.loading import LoadError, load_bytes

    table = load_bytes("a,b,y,,\ny,2,否,,5\nx,3,是,,6\nz,1,否,,\n".encode(), "t.csv")
    assert list(table.frame.columns) == ["a", "b", "y", "column_5"]
    assert table.frame["column_5"].tolist()[:2] == [5.0, 6.0]
    assert [w.code for w in table.report.warnings] == ["unnamed_column"]
    with pytest.raises(LoadError, match="Line 2 has 4 values but the header has 3 columns"):
        load_bytes("a,b,y\ny,2,否,5\n".encode(), "r.csv")


@pytest.mark.parametrize("name", ["old.xls", "old.csv", "old.xlsx"])
def test_an_old_xls_workbook_is_named_with_what_to_do(name):
    """The uploader takes .xls, and the app said only "This is not a text table" of one."""
    from dtree_core.cli_messages import error_text
    from dtree_core.loading import LoadError, load_bytes

    with pytest.raises(LoadError) as refused:
        load_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, name)
    assert refused.value.code == "old_xls"
    assert "save it as .xlsx or as CSV" in str(refused.value)
    assert "另存为 .xlsx 或 CSV" in error_text(refused.value, "zh")


def test_formulas_without_saved_results_are_named_not_read_as_a_column_with_no_values():
    """A workbook made by openpyxl or pandas holds formulas (=B2/2) with no saved result:
    read as empty, the column was left out as having no values, with no word of why."""
    import io

    import openpyxl

    from dtree_core.loading import load_bytes

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["密度", "含糖率", "备注", "好瓜"])
    for i, (density, good) in enumerate([(0.697, "是"), (0.774, "是"), (0.634, "否")], start=2):
        sheet.append([density, f"=A{i}/2", None, good])
    buffer = io.BytesIO()
    book.save(buffer)
    table = load_bytes(buffer.getvalue(), "formulas.xlsx")
    codes = [(w.code, w.details.get("column")) for w in table.report.warnings]
    assert ("uncalculated_formulas", "含糖率") in codes
    assert ("uncalculated_formulas", "备注") not in codes  # empty, but no formula there


def test_a_file_over_the_size_cap_is_refused_with_its_size_in_mb_in_both_languages():
    """The app said "The file is over the 52428800 byte limit." (neither the file's size nor
    what to do); the command line's Chinese gave bytes too."""
    from dtree_core.cli_messages import error_text
    from dtree_core.loading import MAX_BYTES, LoadError, load_bytes
    from ui.messages import t

    with pytest.raises(LoadError) as refused:
        load_bytes(b"a,b\n" + b"1,2\n" * (MAX_BYTES // 4 + 1), "big.csv")
    details = refused.value.details  # a few bytes over: rounded up, not read as 50.0 MB
    assert (details["size_mb"], details["limit_mb"]) == ("50.1", 50)
    assert t("error.too_large", _lang="en", **details).startswith(
        "The file is 50.1 MB, over the 50 MB limit: save only")
    assert "50.1 MB，超过了 50 MB 的上限" in t("error.too_large", _lang="zh", **details)
    assert "50.1 MB，超过了 50 MB" in error_text(refused.value, "zh")
