"""Subtree raising in Debian's chromium: watermelon 3.0α, C4.5, pessimistic pruning with subtree
raising chosen in the sidebar; stepping to the raise shows the tree before and after it."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

import pytest
from browser_helpers import wait_idle

from dtree_core.links import encode
from dtree_core.options import Options

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHART = "[data-testid='stGraphVizChart'] svg"


def node_titles(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "nodes => nodes.map(n => n.textContent)")


def test_stepping_to_a_raise(browser, app_url):  # browser first: skip early
    """Opened by a shared link (dtree_core.links), so no sidebar list has to be clicked open
    while a rerun may still be drawing it."""
    page = browser.new_page(viewport={"width": 1500, "height": 2600}, locale="en-US")
    link = encode(Options(algorithm="c45", prune="pep", subtree_raising=True),
                  dataset="watermelon_3.0_alpha", lang="en")
    page.goto(f"{app_url}/?{urlencode(link, doseq=True)}")
    page.wait_for_selector(f"{CHART} g.node", timeout=120_000)
    # The page's header names the linked tree once the run has drawn it.
    page.get_by_text("Watermelon 3.0α (Chinese) · C4.5 (gain ratio)").wait_for(timeout=90_000)
    page.get_by_text("Pruning phase").wait_for(timeout=60_000)
    wait_idle(page, 90_000)
    # Events: #5 kept, #4 kept, #2 kept, then the root's raise.
    for k in (2, 3, 4):  # "Decision k of 7" once each click has been answered
        wait_idle(page, 90_000)
        page.locator(".st-key-prune_next button").click()
        page.get_by_text(f"Decision {k} of 7").wait_for(timeout=60_000)
    # chromium draws each chart after the text around it: wait for both (before, after)
    raise_marks = f"{CHART} g.node.dt-current.dt-raise"
    page.wait_for_function(f"() => document.querySelectorAll({raise_marks!r}).length >= 2",
                           timeout=30_000)
    assert page.get_by_text("Branch raised", exact=True).count() > 0
    raised = node_titles(page, f"{CHART} g.node.dt-current.dt-raise > title")
    assert raised == ["n0", "n0"]  # the root, before and after
    charts = page.locator(CHART)
    before = charts.nth(charts.count() - 2).locator("g.node > title").all_text_contents()
    after = charts.nth(charts.count() - 1).locator("g.node > title").all_text_contents()
    assert {"n1", "n2"} <= set(before) and not {"n1", "n2"} & set(after)
    assert "n9" in after and "n9" not in before  # the copies exist from the raise on
    assert page.locator("[data-testid='stException']").count() == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "subtree_raising.png"), full_page=True)
    page.close()
