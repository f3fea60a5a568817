"""Files as Excel, WPS and students make them, uploaded on the grow page."""

from __future__ import annotations

import re

import pytest
from app_helpers import new_app

from tests.core.test_loading import chart_first_book, hidden_first_book


def uploaded(name: str, data: bytes, lang: str = "zh"):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value((name, data, "application/octet-stream")).run()
    return at


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
