"""AppTest helpers: the app from its entry point, the watermelon data in two encodings."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import DATA, new_app
from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime.scriptrunner import script_runner
from streamlit.testing.v1 import AppTest


@pytest.fixture(autouse=True)
def _entry_point_every_run(monkeypatch):
    """Run app.py on every AppTest run, as the server does.

    A `pages/` folder makes Streamlit start in its old directory mode; the server leaves it
    for good once app.py calls st.navigation, but AppTest resets that flag before every run
    and would then run the page file alone, without app.py's sidebar and state.
    """
    def run_main_script(main_script_path: str) -> None:
        path = Path(main_script_path)
        code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
        exec(code, {"__name__": "__main__", "__file__": str(path)})  # noqa: S102

    monkeypatch.setattr(script_runner, "_mpa_v1", run_main_script)


@pytest.fixture
def downloads(monkeypatch) -> list[tuple]:
    """Every download_button's (file_name, data) as the page hands them to Streamlit (data
    may be a callable, built when clicked: app_helpers.content reads it)."""
    given = []
    button = DeltaGenerator.download_button

    def recorded(self, label, data, file_name=None, *args, **kwargs):
        given.append((file_name, data))
        return button(self, label, data, file_name, *args, **kwargs)

    monkeypatch.setattr(DeltaGenerator, "download_button", recorded)
    return given


@pytest.fixture
def app() -> AppTest:
    """The app after its first run (the default bundled dataset, ID3)."""
    at = new_app()
    at.run()
    assert not at.exception
    return at


@pytest.fixture
def watermelon_text() -> str:
    return (DATA / "watermelon2.csv").read_text(encoding="utf-8")


