"""Helpers shared by the AppTest modules (kept out of conftest so imports are unambiguous)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
TIMEOUT = 60


def new_app() -> AppTest:
    return AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)


def dot_source(at: AppTest) -> str:
    """The DOT the page handed to st.graphviz_chart (AppTest does not render Graphviz)."""
    charts = at.get("graphviz_chart")
    assert len(charts) == 1
    return charts[0].proto.spec


def trace(at: AppTest) -> dict:
    return at.session_state["current"]["trace"]
