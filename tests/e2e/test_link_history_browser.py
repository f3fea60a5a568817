"""Browser history and the link: one user action is one entry, so Back undoes it at once.

Streamlit pushes a history entry for each change of the query (st.query_params) whose text
differs from the address bar's, and one for each page switch. A sidebar page switch sends an
empty query: the language, then the link, written after it were two more entries (Back had to
be pressed three times to leave a page during a lecture).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from browser_helpers import CHART, wait_idle

TIMEOUT = 90_000
# a non-ASCII parameter too: the link written back must be the address bar's text exactly
LINK = "?lang=zh&data=watermelon_3.0&attrs=色泽&attrs=根蒂&attrs=密度"
NAV = "[data-testid='stSidebarNav'] a"


def settled(page) -> None:
    """The script has finished, and stays so: a late URL write would land after a paint."""
    wait_idle(page, TIMEOUT)
    page.wait_for_timeout(1500)
    wait_idle(page, TIMEOUT)


def history_length(page) -> int:
    return page.evaluate("history.length")


def link(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def switch_to(page, title: str, path: str) -> None:
    page.locator(NAV, has_text=title).click()
    page.wait_for_url(lambda url: urlparse(url).path == path, timeout=TIMEOUT)
    settled(page)


def test_a_sidebar_page_switch_is_one_history_entry(browser, app_url):
    page = browser.new_page(viewport={"width": 1500, "height": 1200}, locale="en-US")
    page.goto(app_url + LINK)
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    settled(page)
    opened = link(page)
    assert opened["attrs"] == ["色泽", "根蒂", "密度"], page.url
    for title, path in (("评估", "/evaluate"), ("预测", "/predict"), ("生成决策树", "/")):
        before = history_length(page)
        switch_to(page, title, path)
        assert history_length(page) == before + 1, (path, page.url)
        assert link(page) == opened, page.url  # the link travels with the page
    page.go_back()  # one Back: the page before, with its link
    page.wait_for_url(lambda url: urlparse(url).path == "/predict", timeout=TIMEOUT)
    settled(page)
    assert link(page) == opened, page.url
    assert page.locator("h1").first.inner_text() == "预测"
    page.close()


def test_a_compare_node_falling_back_to_the_root_is_one_history_entry(browser, app_url):
    """A configuration whose tree no longer has the linked node: the picker falls back to the
    root. The URL was written before the page ran (the old node) and again after it (none):
    two entries for one change."""
    page = browser.new_page(viewport={"width": 1600, "height": 1400}, locale="en-US")
    page.goto(f"{app_url}/compare?lang=en&data=watermelon_2.0&cmp_n=2&cmp_node=纹理=清晰")
    page.wait_for_function(f"() => document.querySelectorAll(\"{CHART}\").length === 2",
                           timeout=TIMEOUT)
    settled(page)
    assert link(page)["cmp_node"] == ["纹理=清晰"], page.url
    before = history_length(page)
    options = page.locator("[data-testid='stMain'] [data-testid='stExpander']").filter(
        has=page.get_by_text("Options", exact=True)).first  # configuration 1's
    options.locator("summary").click()
    samples = options.locator("[data-testid='stNumberInput']").filter(
        has=page.get_by_text("Min samples to split", exact=True))
    samples.locator("input").fill("100")
    samples.locator("input").press("Enter")
    page.wait_for_url(lambda url: "cmp1_min_samples_split=100" in url, timeout=TIMEOUT)
    settled(page)
    assert "cmp_node" not in link(page), page.url
    assert history_length(page) == before + 1, page.url
    assert page.locator("[data-testid='stException']").count() == 0
    page.close()
