"""The server's budget in the app: a refused upload says which limit, in the UI's language."""

from __future__ import annotations

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
