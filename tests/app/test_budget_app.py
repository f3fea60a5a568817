"""The server's budget in the app: a refused upload says which limit, in the UI's language."""

from __future__ import annotations

import io

import pandas as pd
import pytest
from app_helpers import new_app

from ui import engine


@pytest.fixture
def small_budget(monkeypatch):
    monkeypatch.setenv("DTREE_BUDGET_ROWS", "10")
    engine.app_budget.cache_clear()
    engine.load_table.clear()
    yield
    engine.app_budget.cache_clear()
    engine.load_table.clear()


@pytest.mark.parametrize("lang, words", [("en", "limit of 10"), ("zh", "10 行的上限")])
def test_an_upload_over_the_row_limit_is_refused_in_words(small_budget, lang, words):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    assert not at.exception
    text = " ".join(e.value for e in at.error)
    assert words in text and "17" in text


@pytest.fixture
def few_entries(monkeypatch):
    monkeypatch.setenv("DTREE_BUDGET_ENTRIES", "3000")
    engine.app_budget.cache_clear()
    yield
    engine.app_budget.cache_clear()


@pytest.mark.parametrize("lang, words", [("en", "with blanked values"), ("zh", "置空部分取值后")])
def test_the_compare_page_s_trees_grow_within_the_budget_too(few_entries, lang, words):
    """Han's blanked copy of the data sends rows with a blank down every branch: under the
    server's budget its tree is refused, said, and the rest of the page goes on (it used to
    grow without any budget: a 30,000-row upload took the server past 24 GB)."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(2)
    frame = pd.DataFrame({"a": rng.random(600).round(6), "b": rng.random(600).round(6),
                          "y": rng.choice(["p", "q"], 600)})
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(
        ("blanks.csv", frame.to_csv(index=False).encode(), "text/csv")).run()
    assert not at.exception and not at.error
    at.switch_page("pages/compare.py").run()
    assert not at.exception and not at.error
    notes = [i.value for i in at.info if words in i.value]
    assert notes and all("3000" in note for note in notes)
    assert [c for c in at.get("plotly_chart")]  # the page went on past Han's tables


@pytest.fixture
def small_unpacked(monkeypatch):
    monkeypatch.setenv("DTREE_BUDGET_UNPACKED_BYTES", "20000")
    for cached in (engine.app_budget.cache_clear, engine.load_table.clear,
                   engine.sheet_names.clear):
        cached()
    yield
    for cached in (engine.app_budget.cache_clear, engine.load_table.clear,
                   engine.sheet_names.clear):
        cached()


@pytest.mark.parametrize("lang, words", [("en", "limit of 20,000"), ("zh", "20,000 字节的上限")])
def test_an_xlsx_that_unpacks_past_the_limit_is_refused_in_words(small_unpacked, monkeypatch,
                                                                 lang, words):
    """A 196 KB workbook holding one 200 MB cell loaded at 1.5 GB: its size unpacked is
    refused before openpyxl opens it, and the sheet picker reads the names without it."""
    import openpyxl

    def never(*args, **kwargs):
        raise AssertionError("openpyxl opened a workbook the budget refuses")

    frame = pd.DataFrame({"x": ["A" * 30_000, "b", "c"], "y": ["p", "q", "p"]})
    buffer = io.BytesIO()
    frame.to_excel(buffer, index=False)
    monkeypatch.setattr(openpyxl, "load_workbook", never)
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("big.xlsx", buffer.getvalue(), "application/"
                                              "vnd.ms-excel")).run()
    assert not at.exception
    assert words in " ".join(e.value for e in at.error)


def test_a_refused_upload_is_not_read_again_on_every_rerun(small_budget, monkeypatch):
    """Each rerun read a refused upload again (a 300k-row XLSX: 9 s each time); the refusal
    of those bytes is kept and said at once."""
    reads, original = [], engine.load_bytes

    def counted(data, filename, **kwargs):
        reads.append(filename)
        return original(data, filename, **kwargs)

    monkeypatch.setattr(engine, "load_bytes", counted)
    rows = "x,y\n" + "".join(f"{i % 3},{'pq'[i % 2]}\n" for i in range(40))
    at = new_app()
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("forty.csv", rows.encode(), "text/csv")).run()
    assert "limit of 10" in " ".join(e.value for e in at.error)
    at.run()
    at.run()
    assert not at.exception
    assert "limit of 10" in " ".join(e.value for e in at.error)
    assert reads.count("forty.csv") == 1, reads


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("setting", [("DTREE_BUDGET_ROWS", "abc", False),
                                     ("DTREE_BUDGET_ROWS", "1.5", False),
                                     ("DTREE_BUDGET_ROW", "100", True)])
def test_a_bad_budget_setting_is_said_and_the_app_runs_on_its_default(lang, setting,
                                                                      monkeypatch):
    """DTREE_BUDGET_ROWS=abc stopped every page for every student with an uncaught error;
    1.5 was read as 1, and a misspelt name was ignored without a word."""
    from dtree_core.budget import Budget
    from ui.messages import t

    monkeypatch.setenv(*setting[:2])
    engine.app_budget.cache_clear()
    try:
        at = new_app()
        at.query_params["lang"] = lang
        at.run()
        assert not at.exception
        said = " ".join(e.value for e in at.error)
        assert setting[0] in said.replace("\\", "")
        key = "setup.budget_unknown" if setting[2] else "setup.budget_setting"
        assert t(key, _lang=lang, reason="").rstrip(": ：") in said.replace("\\", "")
        assert engine.app_budget().rows == Budget().rows  # the default
        assert at.session_state["current"]["trace"]["nodes"]  # a tree grew
    finally:
        engine.app_budget.cache_clear()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_first_visit_over_the_budget_says_no_previous_dataset_and_writes_its_figures(
        lang, monkeypatch):
    """With a budget of 10 rows, a first visit's bundled dataset (17 rows) was refused with
    "The previous dataset is still loaded" (none was), and "limit of 1500" not "1,500"."""
    from ui.messages import t

    monkeypatch.setenv("DTREE_BUDGET_ROWS", "10")
    engine.app_budget.cache_clear()
    engine.load_table.clear()
    try:
        at = new_app()
        at.query_params["lang"] = lang
        at.run()
        said = " ".join(e.value for e in at.error)
        kept = t("setup.upload.bad", _lang=lang, name="x", reason="y").split("y", 1)[1].strip()
        assert kept not in said.replace("\\", "")
        big = pd.DataFrame({"a": range(1500), "y": ["p", "q"] * 750}).to_csv(index=False)
        monkeypatch.setenv("DTREE_BUDGET_ROWS", "1000")
        engine.app_budget.cache_clear()
        at = new_app()
        at.query_params["lang"] = lang
        at.run()
        at.radio(key="source").set_value("upload").run()
        at.file_uploader(key="upload").set_value(("big.csv", big.encode(), "text/csv")).run()
        said = " ".join(e.value for e in at.error).replace("\\", "")
        assert "1,500" in said and "1,000" in said
    finally:
        engine.app_budget.cache_clear()
        engine.load_table.clear()
