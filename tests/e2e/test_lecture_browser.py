"""Lecture mode and links in Debian's chromium: cold deep links as a fresh server's first visit,
lecture mode at projector sizes (screenshots in tests/artifacts), keyboard stepping, and the
step's frame and every step's zip downloaded."""

from __future__ import annotations

import io
import re
import zipfile
from urllib.parse import parse_qs, quote, urlparse

import pytest
from browser_helpers import ARTIFACTS, wait_for_current, wait_idle

CHART = "[data-testid='stGraphVizChart'] svg"
TABLE = "[data-testid='stTable']"
TIMEOUT = 90_000
STEP_LINK = {"data": "watermelon_2.0", "algorithm": "c45", "max_depth": "3",
             "force": "root=色泽", "step": "4", "lang": "en"}


def query(params: dict) -> str:
    return "&".join(f"{key}={quote(value, safe='')}" for key, value in params.items())


def url_params(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def step_caption(page) -> tuple[int, int]:
    """(step, last step) from 'Step 4 of steps 0–13: node #4' once the replay has drawn."""
    caption = r"Step (\d+) of steps 0–(\d+)"
    text = page.get_by_text(re.compile("^" + caption)).first.inner_text(timeout=TIMEOUT)
    step, last = re.match(caption, text).groups()
    return int(step), int(last)


def current_node(page) -> str:
    """The node the tree outlines as the current one (to_dot's class dt-current)."""
    return page.locator(f"{CHART} g.node.dt-current title").first.text_content(timeout=TIMEOUT)


def press(page, key: str) -> None:
    """A key once the script is idle: Streamlit may merge or repeat a key pressed mid-run
    (as in test_browser.py; seen with and without the link being written)."""
    wait_idle(page, TIMEOUT)
    page.keyboard.press(key)


def no_exception(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0


# --------------------------------------------------------------------- cold deep links


def test_a_cold_link_to_compare_opens_compare(fresh_app_url, browser):
    """The first visit after the server starts used to show the grow page instead."""
    page = browser.new_page(viewport={"width": 1600, "height": 1200}, locale="en-US")
    page.goto(f"{fresh_app_url}/compare?{query({'data': 'watermelon_3.0', 'lang': 'zh'})}")
    page.wait_for_selector("h1", timeout=TIMEOUT)
    page.wait_for_function("() => document.querySelectorAll('h1').length > 0 && "
                           "document.querySelector('h1').innerText.length > 0", timeout=TIMEOUT)
    page.wait_for_timeout(1500)  # a wrong redirect would land after the first paint
    assert page.locator("h1").first.inner_text() == "比较算法"
    assert urlparse(page.url).path == "/compare"
    assert url_params(page)["data"] == "watermelon_3.0" and url_params(page)["lang"] == "zh"
    assert page.locator("[data-testid='stSidebar']").get_by_text("西瓜数据集 3.0").count() >= 1
    no_exception(page)
    page.close()


def test_a_cold_link_to_a_step_opens_that_step(fresh_app_url, browser):
    page = browser.new_page(viewport={"width": 1600, "height": 1200}, locale="zh-CN")
    page.goto(f"{fresh_app_url}/?{query(STEP_LINK)}")
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    assert page.locator("h1").first.inner_text() == "Grow a tree"  # the link's language
    assert step_caption(page)[0] == 4
    assert current_node(page) == "n4"
    root = page.locator(f"{CHART} g.node").first.text_content()
    assert "色泽" in root  # the forced split at the root
    assert page.get_by_text(re.compile(r"C4\.5 \(gain ratio\)")).count() >= 1
    assert url_params(page) == STEP_LINK
    no_exception(page)
    page.close()


# --------------------------------------------------------------------- lecture mode


LECTURE_LINK = {"data": "watermelon_2.0", "algorithm": "c45", "step": "1", "lang": "en",
                "mode": "lecture"}


def open_lecture(browser, app_url: str, width: int, height: int):
    page = browser.new_page(viewport={"width": width, "height": height}, locale="en-US",
                            accept_downloads=True)
    page.goto(f"{app_url}/?{query(LECTURE_LINK)}")
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    page.wait_for_selector(TABLE, timeout=TIMEOUT)
    page.wait_for_timeout(1000)  # fonts and the tree's final size
    return page


def within(box: dict, width: int, height: int) -> bool:
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 1
            and box["y"] + box["height"] <= height + 1)


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_lecture_mode_at_projector_sizes(app_url, browser, width, height):
    page = open_lecture(browser, app_url, width, height)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lecture_{width}x{height}.png"))
    tree = page.locator(CHART).first.bounding_box()
    table = page.locator(TABLE).first.bounding_box()
    assert within(tree, width, height) and within(table, width, height)
    assert table["x"] >= tree["x"] + tree["width"] - 1  # side by side, the table on the right
    assert table["y"] < tree["y"] + tree["height"] and tree["y"] < table["y"] + table["height"]
    assert tree["width"] > width * 0.35  # the tree fills its half
    # Every score column is on screen: none cut off at the table's right edge.
    header = page.locator(f"{TABLE} th").last
    assert header.inner_text() == "chosen"
    right = header.bounding_box()["x"] + header.bounding_box()["width"]
    assert right <= table["x"] + table["width"] + 1 and right <= width
    assert page.locator(f"{TABLE} td", has_text="触感").count() == 1
    # Large fonts: the table's text is bigger than Streamlit's usual 14 px.
    size = page.locator(f"{TABLE} td").first.evaluate("e => parseFloat(getComputedStyle(e)"
                                                      ".fontSize)")
    assert size >= 16
    sidebar = page.locator("[data-testid='stSidebar']").bounding_box()
    assert sidebar is None or sidebar["x"] + sidebar["width"] <= 1  # collapsed, off screen
    no_exception(page)
    page.close()


# A cell whose text breaks within a word (色泽 one character a line): more lines than words.
BROKEN_WORDS = """table => [...table.querySelectorAll('th, td')].filter(cell => {
    const tops = new Set();  // one per line the cell's text takes
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size > cell.innerText.trim().split(/\\s+/).length;
}).map(cell => cell.innerText)"""
HIGHLIGHT = "rgb(255, 224, 138)"  # ui.panel.styled_scores' #ffe08a


@pytest.mark.parametrize(("width", "height", "lang"),
                         [(1024, 768, "zh"), (1024, 768, "en"), (1280, 720, "zh")])
def test_the_score_table_is_read_whole_on_a_classroom_projector(app_url, browser, width,
                                                                 height, lang):
    """Watermelon 3.0's root under C4.5: its chosen 含糖率 is the table's last row."""
    page = browser.new_page(viewport={"width": width, "height": height})
    link = {"data": "watermelon_3.0", "algorithm": "c45", "step": "0", "lang": lang,
            "mode": "lecture"}
    page.goto(f"{app_url}/?{query(link)}")
    page.wait_for_selector(f"{TABLE} td", timeout=TIMEOUT)
    wait_idle(page, TIMEOUT)
    page.wait_for_timeout(1000)  # fonts and the columns' final widths
    page.screenshot(path=str(ARTIFACTS / f"lecture_table_{width}x{height}_{lang}.png"))
    table = page.locator(TABLE).first
    assert table.evaluate(BROKEN_WORDS) == []
    for header in page.locator(f"{TABLE} thead th").all()[-2:]:  # tie and chosen
        assert within(header.bounding_box(), width, height), header.inner_text()
        assert header.bounding_box()["x"] + header.bounding_box()["width"] <= (
            table.bounding_box()["x"] + table.bounding_box()["width"] + 1)
    chosen = page.locator(f"{TABLE} tbody tr", has_text="含糖率")
    assert within(chosen.bounding_box(), width, height)
    assert chosen.locator("td").first.evaluate(
        "e => getComputedStyle(e).backgroundColor") == HIGHLIGHT
    no_exception(page)
    page.close()


def test_the_switch_collapses_the_sidebar_and_the_url_says_so(app_url, browser):
    page = browser.new_page(viewport={"width": 1600, "height": 1000}, locale="en-US")
    page.goto(f"{app_url}/?{query({'data': 'watermelon_2.0', 'lang': 'en'})}")
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    sidebar = page.locator("[data-testid='stSidebar']")
    assert sidebar.bounding_box()["width"] > 100 and page.locator(TABLE).count() == 0
    sidebar.get_by_text("Lecture mode").click()
    page.wait_for_selector(TABLE, timeout=TIMEOUT)
    page.wait_for_function("() => location.search.includes('mode=lecture')", timeout=TIMEOUT)
    page.wait_for_timeout(1000)  # the sidebar's closing animation
    box = sidebar.bounding_box()
    assert box is None or box["x"] + box["width"] <= 1
    no_exception(page)
    page.close()


def test_keys_step_through_the_tree(app_url, browser):
    page = open_lecture(browser, app_url, 1280, 720)
    assert step_caption(page)[0] == 1
    page.locator("h1").first.click()  # focus on the page, not on a widget
    press(page, "ArrowRight")
    page.wait_for_function("() => /Step 2 of/.test(document.body.innerText)", timeout=TIMEOUT)
    wait_for_current(page, "n2", TIMEOUT)
    assert current_node(page) == "n2"
    page.wait_for_function("() => location.search.includes('step=2')", timeout=TIMEOUT)
    for step in (1, 0):
        press(page, "ArrowLeft")
        page.wait_for_function(f"() => /Step {step} of/.test(document.body.innerText)",
                               timeout=TIMEOUT)
    wait_for_current(page, "n0", TIMEOUT)
    assert current_node(page) == "n0"
    no_exception(page)
    page.close()


def test_keys_step_right_after_the_switch_turns_lecture_mode_on(app_url, browser):
    """The clicked switch kept the focus (hidden in the collapsed sidebar), and Streamlit's
    shortcut keys ignore a key pressed in an input: → did nothing until the page was clicked."""
    page = browser.new_page(viewport={"width": 1280, "height": 720}, locale="en-US")
    page.goto(f"{app_url}/?{query({'data': 'watermelon_2.0', 'step': '0', 'lang': 'en'})}")
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    wait_idle(page, TIMEOUT)
    page.locator("[data-testid='stSidebar']").get_by_text("Lecture mode").click()
    page.wait_for_selector(TABLE, timeout=TIMEOUT)
    press(page, "ArrowRight")  # no click on the page first
    page.wait_for_function("() => /Step 1 of/.test(document.body.innerText)", timeout=TIMEOUT)
    wait_for_current(page, "n1", TIMEOUT)
    no_exception(page)
    page.close()


def download(page, label: str) -> bytes:
    with page.expect_download(timeout=TIMEOUT) as info:
        page.get_by_role("button", name=label).click()
    return open(info.value.path(), "rb").read()


def test_export_this_step_and_every_step(app_url, browser):
    page = open_lecture(browser, app_url, 1920, 1080)
    _, last = step_caption(page)
    svg = download(page, "This step as SVG")
    assert b"<svg" in svg
    current = re.findall(rb'class="node[^"]*dt&#45;current">\s*<title>(n\d+)</title>', svg)
    assert current == [b"n1"]  # the frame is this step's tree
    assert download(page, "This step as PNG").startswith(b"\x89PNG\r\n\x1a\n")
    page.get_by_role("button", name=re.compile("Draw every step")).click()
    label = re.compile(r"Download the zip \((\d+) frames\)")
    page.get_by_role("button", name=label).wait_for(timeout=TIMEOUT)
    archive = zipfile.ZipFile(io.BytesIO(download(page, label)))
    names = archive.namelist()
    assert len(names) == last + 1  # one frame per step
    assert names[0] == "step_000_node_0.svg" and names[-1].startswith(f"step_{last:03d}_")
    assert all(b"<svg" in archive.read(name) for name in names)
    no_exception(page)
    page.close()
