"""A formula wider than its column is not cut off silently: in Debian's chromium at 1280 px, a
display formula either fits or scrolls with a scrollbar that takes room below it, and the page
styles that scrollbar itself (an overlay scrollbar, as on macOS, shows only once scrolled)."""

from __future__ import annotations

from browser_helpers import CHROMIUM, CHROMIUM_ARGS

FORMULA = ".katex-display"

# Each display formula: its widths, the overflow rule and the height a scrollbar takes.
MEASURE = """els => els.map(e => ({scroll: e.scrollWidth, client: e.clientWidth,
    overflow: getComputedStyle(e).overflowX, bar: e.offsetHeight - e.clientHeight,
    text: e.innerText.slice(0, 40)}))"""


STYLED_SCROLLBAR = """() => [...document.styleSheets].some(sheet => [...sheet.cssRules].some(
    rule => (rule.selectorText || "").includes(".katex-display::-webkit-scrollbar-thumb")))"""


def test_wide_formulas_scroll_with_a_visible_scrollbar(browser, app_url):
    # headless chromium hides every scrollbar unless told not to (Playwright's default flag)
    shown = browser.browser_type.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                        ignore_default_args=["--hide-scrollbars"])
    try:
        _wide_formulas_scroll(shown, app_url)
    finally:
        shown.close()


def _wide_formulas_scroll(browser, app_url):
    page = browser.new_page(viewport={"width": 1280, "height": 720}, locale="zh-CN")
    # node #1 of watermelon 2.0 under ID3: its Gain sums five branches (cut off at 1280 px)
    page.goto(app_url + "/?data=watermelon_2.0&algorithm=id3&step=1&lang=zh")
    page.wait_for_selector("[data-testid='stGraphVizChart'] svg g.node", timeout=120_000)
    page.wait_for_function(f"document.querySelectorAll('{FORMULA}').length >= 3",
                           timeout=60_000)
    page.wait_for_timeout(1000)  # KaTeX lays out every formula of the panel
    formulas = page.locator(FORMULA).evaluate_all(MEASURE)
    assert formulas
    assert any(f["scroll"] > f["client"] for f in formulas)  # the case this is about
    for formula in formulas:
        assert formula["overflow"] == "auto", formula
        if formula["scroll"] > formula["client"]:  # wider than its column: a scrollbar shows
            assert formula["bar"] > 0, formula
    # where scrollbars overlay the page (macOS) the page draws its own, so one shows unscrolled
    assert page.evaluate(STYLED_SCROLLBAR)
    assert page.locator("[data-testid='stException']").count() == 0
    page.close()
