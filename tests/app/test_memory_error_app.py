"""A server out of memory ends one session's request with a message: the tree and the data
the session had stay, and the failure is not remembered (the next try does the work)."""

from __future__ import annotations

import pytest
from app_helpers import started_app
from test_source_switch import GOOD as FILE

from ui import engine
from ui.messages import t


def _out_of_memory(calls: list):
    def run(*args, **kwargs):
        calls.append(args)
        raise MemoryError
    return run


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_out_of_memory_while_growing_keeps_the_tree_and_is_not_remembered(lang, monkeypatch):
    at = started_app(lang)
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    before = at.session_state["current"]["trace_id"]
    calls: list = []
    grow = engine.grow_trace
    monkeypatch.setattr(engine, "grow_trace", _out_of_memory(calls))
    at.selectbox(key="algorithm").set_value("c45").run()
    assert calls and not at.exception
    # (and which tree the pages still show)
    assert any(e.value.startswith(t("error.memory", _lang=lang)) for e in at.error)
    assert at.session_state["current"]["trace_id"] == before  # the ID3 tree stays
    monkeypatch.setattr(engine, "grow_trace", grow)
    at.run()
    assert not at.exception and not at.error
    assert at.session_state["current"]["trace"]["algorithm"] == "c45"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_out_of_memory_while_reading_an_upload_keeps_the_dataset(lang, monkeypatch):
    at = started_app(lang)
    before = at.session_state["dataset"]["key"]
    calls: list = []
    load = engine.load_table
    monkeypatch.setattr(engine, "load_table", _out_of_memory(calls))
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(FILE).run()
    assert calls and not at.exception
    assert t("error.memory", _lang=lang) in [e.value for e in at.error]
    assert at.session_state["dataset"]["key"] == before
    monkeypatch.setattr(engine, "load_table", load)
    at.run()  # the same file, read again now that memory allows
    assert not at.exception and not at.error
    assert at.session_state["dataset"]["name"] == "two.csv"
