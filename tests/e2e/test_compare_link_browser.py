"""A Compare page's link in Debian's chromium: a fresh server's first request for /compare?…
opens the configurations it names; a change on the page goes into the address bar (one history
entry each), and that URL, copied into a new session, shows the same configurations, view,
step and Han's shares."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from browser_helpers import CHART, wait_idle

TIMEOUT = 90_000
LINK = ("/compare?lang=en&data=watermelon_2.0&cmp_n=2&cmp1_algorithm=cart&cmp2_max_depth=2"
        "&cmp2_prune=pep")


def trees_drawn(page, count: int) -> None:
    page.wait_for_function(
        """([selector, count]) => document.querySelectorAll(selector).length === count
             && [...document.querySelectorAll(selector)].every(
                  svg => svg.querySelectorAll('g.node').length > 1)""",
        arg=[CHART, count], timeout=TIMEOUT)
    wait_idle(page, TIMEOUT)


def titles(page) -> list[str]:
    """The bold lines of the page: the configurations' headers, then each tree's label."""
    return page.locator("[data-testid='stMarkdownContainer'] strong").all_inner_texts()


def query(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def step_together(page) -> None:
    page.get_by_text("Step together", exact=True).click()
    trees_drawn(page, 3)


def notch_up(page, label: str) -> None:
    """The slider whose label starts with `label`, one step up from the keyboard."""
    slider = page.locator("[data-testid='stSlider']").filter(has_text=label)
    slider.get_by_role("slider").press("ArrowRight")


def slider_value(page, label: str) -> str:
    """The value shown on the thumb of the slider whose label starts with `label`."""
    slider = page.locator("[data-testid='stSlider']").filter(has_text=label)
    return slider.locator("[data-testid='stSliderThumbValue']").inner_text()


def test_a_copied_compare_url_opens_the_same_configurations(browser, fresh_app_url):
    page = browser.new_page(viewport={"width": 1600, "height": 1400}, locale="en-US")
    page.goto(fresh_app_url + LINK)  # the server's first request: a cold deep link
    trees_drawn(page, 2)
    shown = titles(page)
    assert shown[2:4] == ["CART", "C4.5 (depth ≤ 2, pessimistic pruning)"], shown
    assert urlparse(page.url).path == "/compare"
    assert {k: v for k, v in query(page).items() if k.startswith("cmp")} == {
        "cmp_n": "2", "cmp1_algorithm": "cart", "cmp2_max_depth": "2", "cmp2_prune": "pep"}
    # a third configuration (its default: CART): 3 is the page's default, so cmp_n leaves
    count = page.locator("[data-testid='stNumberInput']").filter(
        has=page.get_by_text("Configurations", exact=True))
    count.locator("[data-testid='stNumberInputStepUp']").click()
    trees_drawn(page, 3)
    page.wait_for_function("() => !location.search.includes('cmp_n=')", timeout=TIMEOUT)
    shown = titles(page)
    assert shown[3:6] == ["CART", "C4.5 (depth ≤ 2, pessimistic pruning)", "CART #2"], shown
    # the trees stepped together, one step on, and Han's noise one notch up: each one entry
    for change, wanted in ((step_together, "cmp_view=together"),
                           (lambda: notch_up(page, "Step (each tree stops"), "cmp_step=1"),
                           (lambda: notch_up(page, "Label noise share"), "cmp_noise=0.25")):
        before = page.evaluate("history.length")
        change(page) if change is step_together else change()
        page.wait_for_function("wanted => location.search.includes(wanted)", arg=wanted,
                               timeout=TIMEOUT)
        wait_idle(page, TIMEOUT)
        assert page.evaluate("history.length") == before + 1, page.url
    assert query(page)["cmp_noise"] == "0.25"  # the slider's own value, not 0.2 + 0.05's float
    copied = page.url
    assert "cmp1_algorithm=cart" in copied and "cmp2_prune=pep" in copied

    again = browser.new_page(viewport={"width": 1600, "height": 1400}, locale="en-US")
    again.goto(copied)  # a new session (a browser context of its own)
    trees_drawn(again, 3)
    assert titles(again) == titles(page)
    assert {k: v for k, v in query(again).items() if k.startswith("cmp")} == {
        k: v for k, v in query(page).items() if k.startswith("cmp")}
    assert again.get_by_role("radio", name="Step together").is_checked()
    for opened in (page, again):
        shown = [slider_value(opened, label) for label in ("Step (each", "Label noise share")]
        assert shown == ["1", "0.25"], shown
    for opened in (page, again):
        assert opened.locator("[data-testid='stException']").count() == 0
        assert opened.locator("[data-testid='stAlertContentWarning']").count() == 0
    again.close()
    page.close()
