"""Files as Excel, WPS and students make them, uploaded on the grow page."""

from __future__ import annotations

from app_helpers import new_app

from tests.core.test_loading import chart_first_book


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
