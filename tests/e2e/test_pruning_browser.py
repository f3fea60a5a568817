"""The pruning phase in Debian's chromium: the book's Table 4.2 example, stepped event by event
with the pruning controls, each event's node outlined in the drawn tree."""

from __future__ import annotations

from pathlib import Path

from browser_helpers import wait_idle

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

CHART = "[data-testid='stGraphVizChart'] svg"
# Only the pruning tree marks its current node dt-prune or dt-keep (the growth tree does not).
EVENT_NODE = (f"{CHART} g.node.dt-current.dt-prune > title, "
              f"{CHART} g.node.dt-current.dt-keep > title")
# §4.3.2 on Table 4.2: ⑥ pruned, ⑤ kept, ② pruned, ③ kept, ① kept (the trace's node ids).
EVENTS = [("n9", "prune"), ("n7", "keep"), ("n1", "prune"), ("n5", "keep"), ("n0", "keep")]


def wait_for_event(page, name: str, action: str) -> None:
    """Wait until the pruning tree outlines node `name` with the event's action."""
    selector = f"{CHART} g.node.dt-current.dt-{action} > title"
    page.wait_for_function(
        """([selector, name]) => [...document.querySelectorAll(selector)]
                .some(title => title.textContent === name)""",
        arg=[selector, name], timeout=30_000)


def outlines_without_geometry(page) -> list[str]:
    """Nodes whose outline lacks its geometry (a <path> without d, a <polygon> without
    points): what d3-graphviz leaves when a node's outline changes kind between two drawings
    (a rounded box becoming a plain one), drawn as bare text."""
    return page.locator(f"{CHART} g.node").evaluate_all(
        """nodes => nodes.filter(g => {
               const outline = g.querySelector('path, polygon');
               return outline && !outline.getAttribute(
                   outline.tagName === 'path' ? 'd' : 'points');
           }).map(g => g.querySelector('title').textContent)""")


def test_stepping_through_the_pruning_events(browser, app_url):  # browser first: skip early
    page = browser.new_page(viewport={"width": 1500, "height": 2400}, locale="en-US")
    page.goto(app_url)
    page.wait_for_selector(f"{CHART} g.node", timeout=120_000)
    page.get_by_role("button", name="Book example").click()
    page.get_by_text("Pruning phase").wait_for(timeout=60_000)
    wait_for_event(page, *EVENTS[0])
    assert page.get_by_text("42.9%").count() > 0  # Fig. 4.5's validation accuracy
    for name, action in EVENTS[1:]:
        wait_idle(page, 30_000)
        page.locator(".st-key-prune_next button").click()
        wait_for_event(page, name, action)
        assert outlines_without_geometry(page) == []
    wait_idle(page, 30_000)
    page.locator(".st-key-prune_prev button").click()
    wait_for_event(page, *EVENTS[-2])
    # The first event's cut subtree (纹理 under 色泽=乌黑) is drawn greyed and dashed.
    assert page.locator(f"{CHART} g.node.dt-pruned").count() >= 3
    assert page.locator("[data-testid='stException']").count() == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "pruning_phase.png"), full_page=True)
    page.close()
