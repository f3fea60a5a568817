"""A new tree's node pickers open at the new tree's defaults, in Debian's chromium.

The code-line picker and the score table's ticked row were keyed by node number alone. A new
tree deleted those keys, but the browser keeps a widget's value under its key and sent the old
pick back with the next unrelated rerun: the old line (or row) came back over the new tree.
"""

from __future__ import annotations

import re

from browser_helpers import choose, wait_idle

from ui.messages import t
from ui.names import bundled_name

CHART = "[data-testid='stGraphVizChart'] svg g.node"
MAIN = "[data-testid='stMain']"


def line_picker(page):
    return page.locator(f"{MAIN} [data-testid='stSelectbox']").filter(
        has=page.get_by_text(t("pseudo.code.line", _lang="en"), exact=True))


def picked_line(page) -> str:
    """The line number the picker shows (its options read "8  ...", the line's text after)."""
    shown = line_picker(page).locator("input").input_value()
    return re.match(r"\s*(\S+)", shown).group(1)


def open_expander(page, key: str) -> None:
    """Open the expander titled t(key) unless it is open (its contents are in the page either
    way, hidden)."""
    summary = page.locator(f"{MAIN} [data-testid='stExpander'] summary",
                           has_text=t(key, _lang="en"))
    if summary.locator("xpath=..").get_attribute("open") is None:
        summary.click()


def settle(page) -> None:
    """Let the rerun a widget started begin (the app reads idle just after a click), then end."""
    page.wait_for_timeout(1500)
    wait_idle(page)


def one_more_decimal(page) -> None:
    """An interaction unrelated to the node's pickers: Decimals shown + 1."""
    open_expander(page, "grow.display")
    page.locator("[data-testid='stNumberInput']").filter(
        has=page.get_by_text(t("grow.decimals", _lang="en"), exact=True)).locator(
        "[data-testid='stNumberInputStepUp']").click()
    settle(page)


def open_code_expander(page) -> None:
    open_expander(page, "pseudo.code")
    line_picker(page).locator("input").wait_for(state="visible", timeout=30_000)


def pick_another_line(page) -> str:
    """Pick the first line offered (the root's first fired line is a later one)."""
    line_picker(page).locator("button").click()
    page.get_by_role("option").first.click()
    wait_idle(page)
    return picked_line(page)


def test_a_new_tree_opens_the_code_line_picker_at_its_own_line(browser, app_url):
    page = browser.new_page(viewport={"width": 1500, "height": 2200}, locale="en-US")
    page.goto(app_url + "/?data=watermelon_2.0&algorithm=id3&lang=en")
    page.wait_for_selector(CHART, timeout=120_000)
    wait_idle(page)
    open_code_expander(page)
    first = picked_line(page)
    old = pick_another_line(page)
    assert old != first  # the case under test: a pick away from the default

    choose(page, "Algorithm", t("algo.cart", _lang="en"))  # a new tree
    settle(page)
    open_code_expander(page)
    after_switch = picked_line(page)
    one_more_decimal(page)
    open_code_expander(page)
    after_rerun = picked_line(page)
    assert after_switch == after_rerun != old, (old, after_switch, after_rerun)
    assert page.locator("[data-testid='stException']").count() == 0
    page.close()


def inspected(page) -> str:
    return page.locator(f"{MAIN} [data-testid='stSelectbox']").filter(
        has=page.get_by_text(t("node.inspect", _lang="en"), exact=True)).locator(
        "input").input_value()


def tick_row(page, row: int) -> str:
    """Tick the score table's row (0 is the first under the header) in its row-marker column;
    the attribute "Inspect attribute" moves to. The table is a canvas, so the click goes to the
    row's place in it, again if the grid was not ready for the first one."""
    table = page.locator(f"{MAIN} [data-testid='stDataFrame']").first
    before = inspected(page)
    for _ in range(5):
        table.scroll_into_view_if_needed()
        box = table.bounding_box()
        row_height = header_height = 35  # the data grid's defaults
        page.mouse.click(box["x"] + 15, box["y"] + header_height + row_height * (row + 0.5))
        page.wait_for_timeout(500)
        wait_idle(page)
        if inspected(page) != before:
            break
    return inspected(page)


def test_a_new_tree_drops_the_old_tree_s_ticked_score_row(browser, app_url):
    """A row ticked in the old tree's table moved "Inspect attribute" to the new table's row of
    that number after the next unrelated rerun: an attribute the user never picked."""
    page = browser.new_page(viewport={"width": 1500, "height": 2200}, locale="en-US")
    page.goto(app_url + "/?data=watermelon_2.0&algorithm=id3&lang=en")
    page.wait_for_selector(CHART, timeout=120_000)
    wait_idle(page)
    winner = inspected(page)
    ticked = tick_row(page, 1)
    assert ticked != winner  # the tick picked another attribute

    # the same algorithm's table of the same columns: the same widget to the browser
    choose(page, "Dataset", bundled_name("play_tennis", "en"))
    settle(page)
    after_switch = inspected(page)
    one_more_decimal(page)
    assert inspected(page) == after_switch, (winner, ticked, after_switch)
    assert page.locator("[data-testid='stException']").count() == 0
    page.close()
