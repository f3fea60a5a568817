"""A row of merged cells grouping the columns above the header (基本信息 over five columns,
测量 over two, 结果 over one) is said as such: read as the header, its blanks became
column_N, the real header a row of data, and a tree grew on them."""

from __future__ import annotations

import io

import pytest

from dtree_core.cli_messages import error_text
from dtree_core.loading import LoadError, load_bytes
from ui.messages import t

HEADER = "编号,色泽,根蒂,敲声,纹理,脐部,触感,密度,含糖率,好瓜"
ROWS = ["1,青绿,蜷缩,浊响,清晰,凹陷,硬滑,0.697,0.46,是",
        "2,乌黑,蜷缩,沉闷,清晰,凹陷,硬滑,0.774,0.376,是",
        "3,浅白,硬挺,清脆,模糊,平坦,软粘,0.245,0.057,否"]
GROUPS = "基本信息,,,,,,,测量,,结果"


def text(*lines: str) -> bytes:
    return "\n".join(lines).encode() + b"\n"


@pytest.mark.parametrize("groups", [GROUPS, GROUPS + ",,,", "基本信息,,,,,,,测量"],
                         ids=["three groups", "Excel's trailing commas", "two groups"])
def test_group_titles_above_the_header_are_refused_in_words(groups):
    with pytest.raises(LoadError) as refused:
        load_bytes(text(groups, HEADER, *ROWS), "分组.csv")
    titles = [name for name in groups.split(",") if name]
    assert refused.value.code == "group_titles"
    assert list(refused.value.details["titles"].items) == titles
    assert refused.value.details["found"] == 10
    assert "merged cells grouping the columns" in str(refused.value)


def test_group_titles_in_a_workbook_are_refused_alike():
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for line in (GROUPS, HEADER, *ROWS):
        sheet.append([float(v) if v.replace(".", "", 1).isdigit() else (v or None)
                      for v in line.split(",")])
    sheet.merge_cells("A1:G1")
    sheet.merge_cells("H1:I1")
    data = io.BytesIO()
    book.save(data)
    with pytest.raises(LoadError) as refused:
        load_bytes(data.getvalue(), "分组.xlsx")
    assert refused.value.code == "group_titles"
    assert refused.value.details["found"] == 10


@pytest.mark.parametrize("first", [
    "编号,,根蒂,敲声,纹理,脐部,触感,密度,含糖率,好瓜",  # one name left out: a header of blanks
    "编号,色泽,,,,,,,,",  # a header naming two columns over data
    ",,,,,,,测量,,结果",  # the first column has no group: not merged cells from the first
], ids=["one blank name", "a header of two names", "no group at the first column"])
def test_a_header_with_blank_names_is_read_as_before(first):
    """A header naming more than half of the columns, or none at the first: read as the
    header, its blanks named column_N (the next row is data)."""
    table = load_bytes(text(first, *ROWS), "blank.csv")
    assert any(c.startswith("column_") for c in table.frame.columns)


def test_a_first_row_whose_names_recur_below_is_data_not_group_titles():
    """The next row's names recur in their columns below: it is data, and the first row the
    header (with blank names), as before."""
    first = "a,,,,,,,b,,c"
    rows = ["x1,青绿,蜷缩,浊响,清晰,凹陷,硬滑,0.697,0.46,是", *ROWS[1:],
            "x2,青绿,蜷缩,浊响,清晰,凹陷,硬滑,0.697,0.46,是"]
    table = load_bytes(text(first, *rows), "data.csv")
    assert list(table.frame.columns)[:2] == ["a", "column_2"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_refusal_is_worded_in_both_languages(lang):
    with pytest.raises(LoadError) as refused:
        load_bytes(text(GROUPS, HEADER, *ROWS), "分组.csv")
    details = refused.value.details
    said = t("error.group_titles", _lang=lang, **details)
    assert "10" in said and ("基本信息" in said)
    if lang == "zh":
        assert "基本信息、测量、结果" in said
        assert "基本信息、测量、结果" in error_text(refused.value, "zh")
