"""Titles in merged cells above the header (基本信息 over six columns, 测量 over two, a column
of no group named in a cell merged down both rows) are said as such: read as the header,
their blanks became column_N, the real header a row of data, and a tree grew on them."""

from __future__ import annotations

import io

import pytest

from dtree_core.cli_messages import error_text
from dtree_core.loading import LoadError, load_bytes
from tests.conftest import dataset_path
from ui.messages import t

HEADER, *ROWS = dataset_path("watermelon_3.0.csv").read_text(encoding="utf-8").splitlines()[:9]
GROUPS = "基本信息,,,,,,,测量,,结果"


def text(*lines: str) -> bytes:
    return "\n".join(lines).encode() + b"\n"


def refused(data: bytes, name: str = "分组.csv") -> LoadError:
    with pytest.raises(LoadError) as caught:
        load_bytes(data, name)
    return caught.value


@pytest.mark.parametrize("groups, titles", [
    (GROUPS, ["基本信息", "测量", "结果"]),
    (GROUPS + ",,,", ["基本信息", "测量", "结果"]),  # Excel's trailing commas
    ("基本信息,,,,,,,测量", ["基本信息", "测量"]),
    ("2024 西瓜数据,,,,,,,,,来源：周志华", ["2024 西瓜数据", "来源：周志华"]),  # a title, a source
], ids=["three groups", "trailing commas", "two groups", "a title and its source"])
def test_titles_above_the_header_are_refused_in_words(groups, titles):
    error = refused(text(groups, HEADER, *ROWS))
    assert error.code == "group_titles"
    assert list(error.details["titles"].items) == titles
    assert error.details["found"] == 10
    assert "titles in merged cells above the header" in str(error)


def test_names_merged_down_both_rows_are_read_from_the_first():
    """Excel's usual grouped header: 编号 and 好瓜 in cells merged down both rows (their names
    in the first row alone), the groups' columns named in the second."""
    first = "编号,基本信息,,,,,,测量,,好瓜"
    second = "," + ",".join(HEADER.split(",")[1:-1]) + ","
    error = refused(text(first, second, *ROWS))
    assert error.code == "group_titles"
    assert list(error.details["titles"].items) == ["基本信息", "测量"]


def workbook(lines: list[str], merged: list[str]) -> bytes:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for line in lines:
        sheet.append([float(v) if v.replace(".", "", 1).isdigit() else (v or None)
                      for v in line.split(",")])
    for cells in merged:
        sheet.merge_cells(cells)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def test_titles_in_a_workbook_are_refused_alike():
    first = "编号,基本信息,,,,,,测量,,好瓜"
    second = "," + ",".join(HEADER.split(",")[1:-1]) + ","
    data = workbook([first, second, *ROWS], ["A1:A2", "B1:G1", "H1:I1", "J1:J2"])
    error = refused(data, "分组.xlsx")
    assert error.code == "group_titles" and error.details["found"] == 10


@pytest.mark.parametrize("first", [
    "编号,,根蒂,敲声,纹理,脐部,触感,密度,含糖率,好瓜",  # one name left out
    "编号,色泽,,,,,,,,",  # a header naming two columns
    ",,,,,,,测量,,结果",  # the first column named by neither row
], ids=["one blank name", "a header of two names", "a column without a name"])
def test_a_header_with_blank_names_over_data_is_read_as_before(first):
    """The row below holds numbers (编号, 密度): data, so the first row is the header, its
    blank names column_N."""
    table = load_bytes(text(first, *ROWS), "blank.csv")
    assert any(c.startswith("column_") for c in table.frame.columns)


def test_words_that_recur_below_are_data_not_a_header():
    """No number among them, but 青绿 and 是 recur in their columns below: the first row is the
    header (blank names and all)."""
    words = [",".join(r.split(",")[1:7] + [r.split(",")[-1]]) for r in ROWS]
    table = load_bytes(text("色泽,,,,,,好瓜", *words), "words.csv")
    assert list(table.frame.columns)[:2] == ["色泽", "column_2"]


def test_numbers_below_a_first_row_of_blanks_are_data_not_a_header():
    """Nothing recurs (every value differs), but the row below holds numbers: data."""
    rows = [f"{k},{k * 1.5},{k * 2.5},item{k}" for k in range(1, 9)]
    table = load_bytes(text("a,,,d", *rows), "numbers.csv")
    assert list(table.frame.columns) == ["a", "column_2", "column_3", "d"]


@pytest.mark.parametrize("below", [2, 3], ids=["two rows", "three rows"])
def test_a_few_rows_of_words_are_no_evidence(below):
    """Two or three rows of words that happen not to repeat: read as before (the refusal's
    advice would remove the user's real header)."""
    lines = ["sunny,hot,high,weak,no", "rain,mild,normal,strong,yes", "overcast,cool,high,weak,yes"]
    table = load_bytes(text("outlook,,,,play", *lines[:below]), "tiny.csv")
    assert list(table.frame.columns)[0] == "outlook"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_refusal_is_worded_in_both_languages(lang):
    error = refused(text(GROUPS, HEADER, *ROWS))
    said = t("error.group_titles", _lang=lang, **error.details)
    assert "10" in said and "基本信息" in said
    if lang == "zh":
        assert "（基本信息、测量、结果）" in said
        assert "（基本信息、测量、结果）" in error_text(error, "zh")
