"""The decision regions in Debian's chromium (issue 11): watermelon 3.0α grown by the oblique
tree, CART's and the oblique tree's regions side by side; a screenshot of the plot."""

from __future__ import annotations

from pathlib import Path

from browser_helpers import choose, wait_idle

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHART = "[data-testid='stGraphVizChart'] svg"
REGIONS = ".st-key-decision_regions"
PLOT = f"{REGIONS} [data-testid='stPlotlyChart'] .js-plotly-plot"
ROWS = 17  # watermelon 3.0α


def points_drawn(page) -> int:
    return page.locator(f"{PLOT} .scatterlayer path.point").count()


def region_images(page) -> list[str]:
    """The heatmaps as Plotly draws them (an <image> per subplot, its pixels in href)."""
    return page.locator(f"{PLOT} .heatmaplayer image").evaluate_all(
        "images => images.map(i => i.getAttribute('href'))")


def test_boundary_plot_of_the_oblique_tree(browser, app_url):  # browser first: skip first
    page = browser.new_page(viewport={"width": 1500, "height": 2200}, locale="en-US")
    page.goto(app_url)
    page.wait_for_selector(f"{CHART} g.node", timeout=120_000)
    choose(page, "Dataset", "Watermelon 3.0α (Chinese)")
    choose(page, "Algorithm", "Oblique (multivariate, Gini index)")
    page.wait_for_selector(f"{PLOT} .heatmaplayer image", timeout=60_000)
    plot = page.locator(PLOT)
    assert len(region_images(page)) == 2  # axis-parallel and oblique, side by side
    assert points_drawn(page) == 2 * ROWS  # every row in both panels
    titles = plot.locator(".annotation-text").all_text_contents()
    assert titles[0].startswith("Axis-parallel: CART") and titles[1].startswith("Oblique")
    x_title = plot.locator(".g-xtitle text").first
    assert x_title.text_content() == "密度"
    assert x_title.bounding_box()["width"] > 10  # the CJK title is laid out, not empty
    before = region_images(page)
    page.get_by_role("heading", name="Grow a tree").click()
    wait_idle(page)
    page.keyboard.press("End")  # the last step: the regions of the whole trees
    page.wait_for_function(
        """([selector, old]) => {
            const now = [...document.querySelectorAll(selector)].map(i => i.getAttribute('href'));
            return now.length === 2 && JSON.stringify(now) !== JSON.stringify(old);
        }""", arg=[f"{PLOT} .heatmaplayer image", before], timeout=30_000)
    assert page.locator("[data-testid='stException']").count() == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(REGIONS).scroll_into_view_if_needed()
    page.locator(REGIONS).screenshot(path=str(ARTIFACTS / "boundary_plot.png"))
    page.close()
