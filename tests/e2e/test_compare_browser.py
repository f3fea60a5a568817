"""The compare page in Debian's chromium: three Graphviz trees, drawn side by side."""

from __future__ import annotations

from browser_helpers import ARTIFACTS

CHART = "[data-testid='stGraphVizChart'] svg"


def test_compare_page_shows_three_trees(app_url, browser):
    page = browser.new_page(viewport={"width": 1600, "height": 1800}, locale="en-US")
    # Enter through app.py and its navigation, as a user does. (A cold deep link to /compare
    # can reach Streamlit's legacy pages/ mode, which runs the page without app.py.)
    page.goto(app_url)
    page.wait_for_selector(f"{CHART} g.node", timeout=90_000)
    page.locator("[data-testid='stSidebarNav'] a", has_text="Compare algorithms").click()
    page.wait_for_function(
        """(selector) => document.querySelectorAll(selector).length === 3
             && [...document.querySelectorAll(selector)].every(
                  svg => svg.querySelectorAll('g.node').length > 1)""",
        arg=CHART, timeout=90_000)
    svgs = page.locator(CHART)
    assert svgs.count() == 3
    roots = [svgs.nth(i).locator("g.node").first.inner_html() for i in range(3)]
    assert all("纹理" in html for html in roots)  # watermelon 2.0: each algorithm's root
    boxes = [svgs.nth(i).bounding_box() for i in range(3)]
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"]  # side by side, not stacked
    assert abs(boxes[0]["y"] - boxes[2]["y"]) < 5
    assert page.locator("[data-testid='stException']").count() == 0
    assert page.get_by_text("Where the trees first part").count() == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "compare_page.png"), full_page=True)
    page.close()
