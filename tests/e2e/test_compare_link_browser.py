"""A Compare page's link in Debian's chromium: a fresh server's first request for /compare?…
opens the configurations it names; a change on the page goes into the address bar, and that
URL, copied into a new session, shows the same configurations."""

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
    copied = page.url
    assert "cmp1_algorithm=cart" in copied and "cmp2_prune=pep" in copied

    again = browser.new_page(viewport={"width": 1600, "height": 1400}, locale="en-US")
    again.goto(copied)  # a new session (a browser context of its own)
    trees_drawn(again, 3)
    assert titles(again) == titles(page)
    for opened in (page, again):
        assert opened.locator("[data-testid='stException']").count() == 0
        assert opened.locator("[data-testid='stAlertContentWarning']").count() == 0
    again.close()
    page.close()
