"""Helpers shared by the AppTest modules (kept out of conftest so imports are unambiguous)."""

from __future__ import annotations

import contextlib
import logging
import re
from pathlib import Path

from streamlit.elements.lib import policies
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
TIMEOUT = 60


def new_app() -> AppTest:
    return AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)


def bundled_app(dataset: str = "watermelon_2.0", algorithm: str = "id3") -> AppTest:
    """The app with a bundled dataset and an algorithm chosen in the sidebar, grown."""
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value(dataset)
    at.selectbox(key="algorithm").set_value(algorithm).run()
    assert not at.exception and not at.error
    return at


def started_app(lang: str | None = None, notation: str | None = None) -> AppTest:
    """The app after its first run, opened in a language (None: the browser's) and a
    notation (None: Zhou's), as a link with ?lang= and ?notation= opens it."""
    at = new_app()
    if lang is not None:
        at.query_params["lang"] = lang
    if notation is not None:
        at.query_params["notation"] = notation
    at.run()
    return at


def grown_app(dataset: str, algorithm: str, lang: str | None = None,
              notation: str | None = None, step: int = 0) -> AppTest:
    """The grow page in a language (and a notation), a bundled dataset and an algorithm chosen
    together before one run, moved to a step of the growth."""
    at = started_app(lang, notation)
    at.selectbox(key="bundled_key").set_value(dataset)
    at.selectbox(key="algorithm").set_value(algorithm).run()
    if step:
        at.slider(key="step_slider").set_value(step).run()
    assert not at.exception and not at.error
    return at


def page_app(page: str | None, dataset: str = "watermelon_2.0", lang: str | None = None,
             algorithm: str | None = None, notation: str | None = None) -> AppTest:
    """The app in a language (None: the browser's) and a notation (None: Zhou's), a bundled
    dataset (and an algorithm) chosen in the sidebar, switched to a page (None: stay on the
    grow page)."""
    at = started_app(lang, notation)
    at.selectbox(key="bundled_key").set_value(dataset).run()
    if algorithm is not None:
        at.selectbox(key="algorithm").set_value(algorithm).run()
    if page is not None:
        at.switch_page(page).run()
    assert not at.exception and not at.error
    return at


def uploaded_app(name: str, data: bytes, lang: str | None = None,
                 mime: str = "text/csv") -> AppTest:
    """The app in a language (None: the browser's) after uploading `data` as the file
    `name` in the sidebar (not checked: a test may expect a refusal)."""
    at = started_app(lang)
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value((name, data, mime)).run()
    return at


def uploaded_page(page: str, frame, lang: str | None = None) -> AppTest:
    """The app with a DataFrame uploaded on the grow page as a CSV (its last column the
    class), in a language, switched to a page."""
    at = uploaded_app("two.csv", frame.to_csv(index=False).encode("utf-8"), lang)
    at.switch_page(page).run()
    assert not at.exception and not at.error
    return at


def dot_source(at: AppTest) -> str:
    """The DOT the page handed to st.graphviz_chart (AppTest does not render Graphviz)."""
    charts = at.get("graphviz_chart")
    assert len(charts) == 1
    return charts[0].proto.spec


def trace(at: AppTest) -> dict:
    return at.session_state["current"]["trace"]


def content(data) -> str:
    """A download's data as text (built now when the page passed a callable)."""
    data = data() if callable(data) else data
    return data.decode("utf-8-sig") if isinstance(data, bytes) else str(data)


def node_widget(at: AppTest, prefix: str, node_id: int) -> str:
    """The key ui.state.node_widget_key gives a node's widget in the tree shown now."""
    state = at.session_state  # init_state sets all three
    return f"{prefix}{node_id}_{state['tree_number']}_{state['lang']}_{state['notation']}"


def attribute_box(at: AppTest):
    """Choose the split's attribute box at the node that waits (one box per node:
    ui.manual.attribute_key)."""
    return next(s for s in at.selectbox if str(s.key).startswith("man_attr::"))


def has_attribute_box(at: AppTest) -> bool:
    """Does a node wait for a split (its attribute box is shown)?"""
    return any(str(s.key).startswith("man_attr::") for s in at.selectbox)


@contextlib.contextmanager
def default_value_warnings(monkeypatch):
    """Collects Streamlit's warnings that a widget had both a default value and a value set
    through session state. Streamlit says it once a process, so the flag of it having been
    said is reset first: a test earlier in the process would otherwise leave nothing to
    catch."""
    monkeypatch.setattr(policies, "_shown_default_value_warning", False)
    kept = _Kept()
    logger = logging.getLogger(policies.__name__)
    logger.addHandler(kept)
    try:
        yield kept.messages
    finally:
        logger.removeHandler(kept)


class _Kept(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def open_link(params: dict, lang: str = "en", page: str | None = None) -> AppTest:
    """A new session's first visit by a link with these parameters (to `page`, a page's file,
    else the app's first page)."""
    at = new_app()
    for key, value in {**params, "lang": lang}.items():
        at.query_params[key] = value
    if page is not None:
        at.switch_page(page)
    at.run()
    assert not at.exception
    return at


def plain(text: str) -> str:
    """Markdown's backslash escapes taken out (a warning's text as the reader sees it)."""
    return re.sub(r"\\(.)", r"\1", text)


def warnings(at) -> list[str]:
    return [plain(w.value) for w in at.warning]


def open_tab(at: AppTest) -> int:
    """The tab the page tells the browser to open (the page's one set of tabs: its index)."""
    def blocks(node):
        yield node
        for child in getattr(node, "children", {}).values():
            yield from blocks(child)
    [tabs] = [b for b in blocks(at._tree) if getattr(b, "type", "") == "tab_container"]
    return tabs.proto.tab_container.default_tab_index
