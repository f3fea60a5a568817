"""Files as Excel, WPS and students make them, uploaded on the grow page."""

from __future__ import annotations

import re

import pytest
from app_helpers import uploaded_app

from dtree_core.data import Listed
from tests.core.test_loading import chart_first_book, hidden_first_book
from ui.messages import t


def uploaded(name: str, data: bytes, lang: str = "zh"):
    return uploaded_app(name, data, lang, "application/octet-stream")


def test_a_workbook_whose_first_sheet_is_a_chart_loads_its_data_sheet(tmp_path):
    """The chart sheet Excel puts before the data was read as the table: a traceback."""
    data = chart_first_book(tmp_path / "图表.xlsx").read_bytes()
    at = uploaded("图表.xlsx", data)
    assert not at.exception and not at.error
    assert at.session_state["dataset"]["name"] == "图表.xlsx"
    assert at.session_state["dataset"]["sheet"] is None
    assert at.session_state["current"]["trace"]["classes"] == ["是", "否"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_workbook_whose_first_sheet_is_hidden_loads_the_sheet_excel_shows(tmp_path, lang):
    """A template's hidden lookup sheet was read as the table; the sheet Excel shows is, and
    the sidebar says which sheet was passed, in the session's language."""
    data = hidden_first_book(tmp_path / "模板.xlsx").read_bytes()
    at = uploaded("模板.xlsx", data, lang)
    assert not at.exception and not at.error
    assert at.session_state["current"]["trace"]["classes"] == ["是", "否"]
    warnings = [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]
    hint = {"zh": "在 Excel 中是隐藏的", "en": "hidden in Excel"}[lang]
    assert any("代码表" in w and "数据" in w and hint in w for w in warnings), warnings


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_two_title_rows_above_a_csv_are_named_as_titles(lang):
    """A title and a subtitle above the header (Excel's ',,' padding): the titles became
    the header and the real header a row of data; now the upload is refused, saying so in
    the session's language, and the tree grown before stays."""
    data = ("西瓜数据集,,\n2024年秋季 第4章,,\n色泽,根蒂,好瓜\n青绿,蜷缩,是\n乌黑,稍蜷,否\n"
            "浅白,硬挺,否\n").encode("utf-8-sig")
    at = uploaded("两行标题.csv", data, lang)
    assert not at.exception
    expected = t("error.title_rows", _lang=lang, count=2, found=3,
                 titles=Listed(["西瓜数据集", "2024年秋季 第4章"]))
    errors = [re.sub(r"\\(.)", r"\1", e.value) for e in at.error]
    assert any(expected in e for e in errors), (expected, errors)
    assert at.session_state["current"]["trace"]["classes"]  # the tree before is kept


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_target_of_numbers_with_a_unit_is_not_advised_on(lang):
    """The class column 重量 (20kg, 25kg) is text as a target should be: the sidebar said
    to write its numbers alone to use it as a continuous attribute."""
    rows = "色泽,根蒂,重量\n青绿,蜷缩,20kg\n乌黑,稍蜷,25kg\n浅白,硬挺,20kg\n青绿,蜷缩,25kg\n"
    at = uploaded("重量.csv", rows.encode("utf-8"), lang)
    assert not at.exception and not at.error
    assert at.session_state["current"]["trace"]["classes"] == ["20kg", "25kg"]
    warnings = [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]
    assert not any("20kg" in w for w in warnings), warnings
    attributes = next(m for m in at.multiselect if m.key.startswith("attrs::"))
    attributes.set_value([]).run()  # no attribute left: no tree grows from these choices
    assert not at.exception and at.error
    warnings = [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]
    assert not any("20kg" in w for w in warnings), warnings
    at.selectbox(key=next(s.key for s in at.selectbox if s.key.startswith("target::"))
                 ).set_value("根蒂").run()  # 重量 an attribute: its notice is said
    warnings = [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]
    assert any("20kg" in w for w in warnings), warnings


def test_money_saved_by_excel_is_named_in_chinese_above_the_tree():
    """A column of ￥1,200.00 (Chinese Excel's currency format, saved in a GBK CSV) was text
    without a word; the sidebar says why it is text, in the session's language."""
    rows = "".join(f'{c},"￥{p:,.2f}",{y}\n' for c, p, y in [
        ("青绿", 1200, "是"), ("乌黑", 800, "否"), ("浅白", 1350.5, "是"), ("青绿", 2500, "否"),
        ("乌黑", 990, "是"), ("浅白", 1200, "否")])
    at = uploaded("价格.csv", ("色泽,价格,好瓜\n" + rows).encode("gbk"))
    assert not at.exception and not at.error
    warnings = [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]  # Markdown's escapes
    assert any("价格" in w and "货币符号" in w and "￥1,200.00" in w for w in warnings), warnings


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_guessed_encoding_is_said_once_with_both_remedies(lang):
    """A GBK file's guessed encoding (its — makes the guess uncertain) was warned of twice in
    the sidebar, inside the load report (choose the encoding) and below it (save as UTF-8):
    now once, naming both ways."""
    data = "色泽,价格,好瓜\n青绿,—,是\n乌黑,980,否\n浅白,—,否\n青绿,750,是\n".encode("gbk")
    at = uploaded("编码.csv", data, lang)
    assert not at.exception and not at.error
    assert at.session_state["current"]["trace"]["classes"] == ["是", "否"]
    warnings = [re.sub(r"\\(.)", r"\1", w.value) for w in at.warning]
    guessed = [w for w in warnings if "gb18030" in w]
    label = t("setup.encoding", _lang=lang)
    assert guessed == [t("setup.report.guessed", _lang=lang, value="gb18030", widget=label)]
    # the box it names is the one the sidebar shows, by its label in the page's language
    assert label in [box.label for box in at.sidebar.selectbox], at.sidebar.selectbox
    assert label in guessed[0] and "UTF-8" in guessed[0], guessed
