"""Concurrent sessions on one server: each sees only its own uploaded data, none errors.

Runs bench/load.py's driver with three sessions (its own server on 127.0.0.1, its own
Chromium through Playwright's async API). Timings are printed by the bench, never asserted.
"""

from __future__ import annotations

import concurrent.futures

import pytest
from browser_helpers import ARTIFACTS, CHROMIUM, load_bench

from tests.conftest import on_ci

SESSIONS, STEPS = 3, 2
TIMEOUT = 100  # seconds for the sessions (each wait half); server start and stop add < 30




@pytest.fixture(scope="module")
def load_result():
    if not CHROMIUM.exists():
        if on_ci():
            pytest.fail(f"CI is set but {CHROMIUM} is missing: .ci/run must install chromium")
        pytest.skip(f"{CHROMIUM} is not installed (and CI is not set)")
    bench = load_bench()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # A thread of its own: asyncio.run must not share a thread with the sync Playwright
    # that the other e2e tests' session-scoped browser fixture may keep running.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        future = pool.submit(bench.run_load, SESSIONS, STEPS, TIMEOUT,
                             log_path=ARTIFACTS / "streamlit-sessions.log")
        return future.result(timeout=TIMEOUT + 60)


def test_every_session_sees_only_its_own_data(load_result):
    for session in load_result["results"]:
        assert session["own_tag_seen"], session
        assert session["foreign"] == [], session
    assert load_result["isolation_ok"]


def test_no_session_errors_and_every_step_timed(load_result):
    assert [s["errors"] for s in load_result["results"]] == [[]] * SESSIONS
    assert load_result["server_tracebacks"] == 0
    assert load_result["uploads_timed"] == SESSIONS
    assert load_result["steps_timed"] == SESSIONS * STEPS


def test_a_foreign_tag_is_detected():
    """The isolation check itself: another session's tag in a page is found, its own is not."""
    bench = load_bench()
    html = "<svg><title>n0</title>sess01_colour sess01_yes sess12_no</svg>"
    assert bench.foreign_tags(html, 1) == {"sess12"}
    assert bench.foreign_tags(html.replace("sess12", "sess01"), 1) == set()
    assert b"sess04_colour" in bench.session_csv(4) and b"sess05" not in bench.session_csv(4)

