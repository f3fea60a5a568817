"""Han's five criteria in Debian's chromium at 1280×720, in each language: the scalability chart's
tick labels do not overlap each other, its legend does not overlap the rows axis's title, and
every criterion's table fits its column (a UX sweep found all three squeezed into fifths)."""

from __future__ import annotations

import pytest
from browser_helpers import ARTIFACTS

from ui.messages import t

CHART = ".st-key-han_scalability"
TABLES = ("accuracy", "speed", "robustness", "interpretability")

BOXES = """root => ({
    ticks: [...root.querySelectorAll('g.xtick text')].map(e => e.getBoundingClientRect().toJSON()),
    legend: root.querySelector('g.legend').getBoundingClientRect().toJSON(),
    title: root.querySelector('text.xtitle').getBoundingClientRect().toJSON()})"""

# A table's grid scrolls inside a div that is wider than the table's box when it is cut off.
OVERFLOW = """root => [...root.querySelectorAll('.dvn-scroller')].map(
    e => e.scrollWidth - e.clientWidth)"""


def overlap(a: dict, b: dict) -> bool:
    return (a["left"] < b["right"] and b["left"] < a["right"]
            and a["top"] < b["bottom"] and b["top"] < a["bottom"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_han_criteria_fit_at_1280(app_url, browser, lang):
    page = browser.new_page(viewport={"width": 1280, "height": 720}, locale="zh-CN")
    page.goto(app_url + f"/?data=watermelon_2.0&lang={lang}")
    page.wait_for_selector("[data-testid='stGraphVizChart'] svg g.node", timeout=120_000)
    page.locator("[data-testid='stSidebarNav'] a", has_text=t("page.compare", _lang=lang)).click()
    page.wait_for_selector(f"{CHART} g.xtick text", timeout=120_000)
    chart = page.locator(CHART)
    chart.scroll_into_view_if_needed()
    page.wait_for_timeout(1000)  # Plotly settles its margins after the first draw
    boxes = chart.evaluate(BOXES)
    ticks = sorted(boxes["ticks"], key=lambda b: b["left"])
    assert [b for b in ticks if b["width"] > 0]
    assert len(ticks) == 5  # 17, 34, 68, 136, 272 rows
    for left, right in zip(ticks, ticks[1:], strict=False):
        assert left["right"] <= right["left"], (left, right)
    assert not overlap(boxes["legend"], boxes["title"]), boxes
    for criterion in TABLES:
        header = page.get_by_text(t(f"lesson.han.{criterion}", _lang=lang), exact=True)
        table = page.locator("[data-testid='stColumn']").filter(has=header)
        assert table.count() == 1, criterion
        table.scroll_into_view_if_needed()
        assert table.bounding_box()["width"] > 0
        extra = table.evaluate(OVERFLOW)
        assert extra and all(x <= 1 for x in extra), (criterion, extra)
    assert page.locator("[data-testid='stException']").count() == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    chart.screenshot(path=str(ARTIFACTS / f"han_scalability_{lang}.png"))
    page.screenshot(path=str(ARTIFACTS / f"han_criteria_{lang}.png"), full_page=True)
    page.close()
