"""Fixtures of the browser tests: the served app and Debian's chromium (see browser_helpers)."""

from __future__ import annotations

import pytest
from browser_helpers import CHROMIUM, CHROMIUM_ARGS, serve

from tests.conftest import on_ci


@pytest.fixture(scope="session")
def app_url():
    """The app's base URL, served for the whole session."""
    with serve() as url:
        yield url


@pytest.fixture
def fresh_app_url():
    """A server of its own whose first request the test makes (cold-start behaviour)."""
    with serve("streamlit-fresh.log") as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium through Playwright; skipped only off CI when chromium is missing."""
    if not CHROMIUM.exists():
        if on_ci():
            pytest.fail(f"CI is set but {CHROMIUM} is missing: .ci/run must install chromium")
        pytest.skip(f"{CHROMIUM} is not installed (and CI is not set)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
