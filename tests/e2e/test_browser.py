"""The grow page in Debian's chromium: the tree draws with Chinese labels, keys move the step."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_helpers import CHART, CURRENT_TITLE, wait_for_current, wait_idle

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def current_node(page) -> str:
    return page.locator(CURRENT_TITLE).first.text_content()


def press(page, key: str) -> None:
    wait_idle(page, 30_000)
    page.keyboard.press(key)


def open_app(page, url: str) -> None:
    """Load the app; the first load compiles Plotly and Graphviz (wasm), slow on small CI."""
    page.goto(url)
    page.wait_for_selector(f"{CHART} g.node", timeout=120_000)


def test_keyboard_steps_the_tree(browser, app_url):  # browser first: skip before serving
    page = browser.new_page(viewport={"width": 1500, "height": 1700}, locale="en-US")
    open_app(page, app_url)
    wait_for_current(page, "n0")
    assert "纹理" in page.locator(CHART).first.inner_html()
    page.get_by_role("heading", name="Grow a tree").click()  # focus the page, not a widget
    for step in (1, 2, 3):
        press(page, "ArrowRight")
        wait_for_current(page, f"n{step}")
    assert "色泽" in page.locator(CHART).first.inner_html()
    press(page, "ArrowLeft")
    wait_for_current(page, "n2")
    press(page, "End")
    page.wait_for_function(
        f"""() => {{
            const t = document.querySelector("{CURRENT_TITLE}");
            return t && !["n0", "n1", "n2", "n3"].includes(t.textContent);
        }}""", timeout=30_000)
    last = current_node(page)
    press(page, "Home")
    wait_for_current(page, "n0")
    assert last != "n0"
    assert page.locator("[data-testid='stException']").count() == 0
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "grow_page.png"), full_page=True)
    page.close()


def test_forcing_a_split_regrows_from_inside_the_replay(browser, app_url):
    """The picker lives in the replay fragment; the sidebar must still regrow the tree."""
    page = browser.new_page(viewport={"width": 1500, "height": 1700}, locale="en-US")
    open_app(page, app_url)
    page.get_by_role("heading", name="Grow a tree").click()
    for step in (1, 2, 3):
        press(page, "ArrowRight")
        wait_for_current(page, f"n{step}")
    wait_idle(page, 30_000)
    page.get_by_role("combobox", name="Split this node on").click()
    page.keyboard.type("触感")
    page.keyboard.press("Enter")
    page.get_by_text("was forced at this node").wait_for(timeout=30_000)
    wait_for_current(page, "n3")  # still on the node just forced
    assert "触感" in page.locator(CURRENT_TITLE).locator("..").inner_html()
    page.close()


def test_each_page_listed_once(browser, app_url):
    """st.navigation alone: a page never shows twice (nor does app.py appear as a page)."""
    page = browser.new_page(locale="en-US")
    open_app(page, app_url)
    links = page.locator("[data-testid='stSidebarNav'] a").all_text_contents()
    assert len(links) == len(set(links))
    assert "Grow a tree" in links or len(links) == 0  # a lone page has no navigation
    assert not any(text.strip().lower() == "app" for text in links)
    page.close()


@pytest.mark.parametrize("path", ["grow", "compare"])
def test_cold_deep_link_goes_through_app_py(browser, fresh_app_url, path):
    """A fresh server's first request for a page must not list app.py or any page twice."""
    page = browser.new_page(locale="en-US")
    page.goto(f"{fresh_app_url}/{path}")
    page.wait_for_selector(f"{CHART} g.node", timeout=120_000)
    links = page.locator("[data-testid='stSidebarNav'] a").all_text_contents()
    assert "app" not in [text.strip().lower() for text in links]
    assert len(links) == len(set(links)) and "Grow a tree" in links
    assert page.get_by_text("Data and algorithm").count() == 1  # app.py's sidebar ran
    page.close()
