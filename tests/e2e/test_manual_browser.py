"""Choose the split in Debian's chromium: each new node's attribute box starts empty.

After a split the box was deleted from the session, but the browser kept showing the last
pick; picking that same attribute at the next node (a sibling's usual choice) sent no change,
so "Split here" stayed disabled.
"""

from __future__ import annotations

import re

from browser_helpers import wait_idle

from ui.messages import t

MAIN = "[data-testid='stMain']"


def attribute_box(page):
    return page.locator(f"{MAIN} [data-testid='stSelectbox']").filter(
        has=page.get_by_text(t("man.attribute", _lang="en"), exact=True))


def split_button(page):
    return page.locator(f"{MAIN} [data-testid='stBaseButton-primary']").filter(
        has_text=t("man.choose", _lang="en"))


def settle(page) -> None:
    """Let the rerun a widget started begin (the app reads idle just after a click), then end."""
    page.wait_for_timeout(1500)
    wait_idle(page)


def pick(page, attribute: str) -> None:
    wait_idle(page)
    attribute_box(page).locator("input").click()
    page.get_by_role("option", name=attribute, exact=True).click()
    settle(page)


def waiting_node(page) -> str:
    """The text saying which node waits for a split now."""
    return page.locator(f"{MAIN} p", has_text=re.compile(r"^Node #\d+ at ")).first.inner_text()


def test_the_same_attribute_can_be_picked_at_the_next_node(browser, app_url):
    page = browser.new_page(viewport={"width": 1400, "height": 2000}, locale="en-US")
    page.goto(app_url + "/manual?data=watermelon_2.0_en&lang=en")
    attribute_box(page).wait_for(timeout=120_000)
    wait_idle(page)
    first = waiting_node(page)
    # a report's path: the fifth pick is the fourth's attribute again, at the next node
    for attribute in ("touch", "knock", "color", "root", "root"):
        pick(page, attribute)
        assert split_button(page).is_enabled(), attribute
        split_button(page).click()
        settle(page)
        assert waiting_node(page) != first
        first = waiting_node(page)
        assert attribute_box(page).locator("input").input_value() == ""
        assert not split_button(page).is_enabled()
    page.close()
