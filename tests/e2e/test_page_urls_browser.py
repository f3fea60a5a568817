"""Every page's URL opened in a fresh browser session, its query parameters honoured.

A server that has run app.py once serves its pages by st.navigation alone. The grow page is
the default page, served at "/": its own path /grow was then Streamlit's "Page not found"
dialog (a link to /grow, or one kept from a fresh server's first visit, which does open it).
A hidden page now runs the grow page there, in place: the browser's Back returns to it and
past it, and the session keeps its choices.
A fresh server's first request goes another way (its pages/ folder): see test_browser.py's
cold deep links and the fresh-server case here.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from browser_helpers import CHART, wait_idle

TIMEOUT = 90_000
QUERY = "?lang=zh&data=watermelon_3.0"
# url path -> (the path the page settles on, its heading in Chinese)
PAGES = {
    "grow": ("/grow", "生成决策树"),
    "compare": ("/compare", "比较算法"),
    "evaluate": ("/evaluate", "评估"),
    "predict": ("/predict", "预测"),
    "export": ("/export", "规则与导出"),
    "exercises": ("/exercises", "习题"),
    "manual": ("/manual", "亲手划分"),
}
NOT_FOUND = "The page that you have requested does not seem to exist"


@pytest.fixture(scope="module")
def warm_url(browser, app_url):
    """The session's server after one visit to "/": app.py has run, as on any server in use."""
    page = browser.new_page(locale="en-US")
    page.goto(app_url)
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    page.close()
    return app_url


def opened(browser, url: str):
    """A fresh session (a context of its own) on `url`, once its script has finished."""
    page = browser.new_page(viewport={"width": 1500, "height": 1200}, locale="en-US")
    page.goto(url)
    page.wait_for_function("() => document.querySelector('h1')?.innerText.length > 0",
                           timeout=TIMEOUT)
    wait_idle(page, TIMEOUT)
    page.wait_for_timeout(1000)  # a dialog or a redirect would land after the first paint
    wait_idle(page, TIMEOUT)
    return page


def assert_opened(page, path: str, heading: str) -> None:
    body = page.inner_text("body")
    assert "Page not found" not in body and NOT_FOUND not in body, body[:300]
    assert page.locator("h1").first.inner_text() == heading
    url = urlparse(page.url)
    assert url.path == path, page.url
    params = {k: v[-1] for k, v in parse_qs(url.query).items()}
    assert params["lang"] == "zh" and params["data"] == "watermelon_3.0", page.url
    assert page.locator("[data-testid='stSidebar']").get_by_text("西瓜数据集 3.0").count() >= 1
    assert page.locator("[data-testid='stException']").count() == 0


@pytest.mark.parametrize("asked", [*PAGES, "grow/", "compare/"])
def test_a_page_s_url_opens_that_page_in_a_new_session(browser, warm_url, asked):
    path, heading = PAGES[asked.rstrip("/")]
    page = opened(browser, f"{warm_url}/{asked}{QUERY}")
    assert_opened(page, path, heading)
    page.close()


def test_the_grow_page_s_own_links_open_it_in_a_new_session(browser, warm_url):
    """The sidebar's link to the grow page, and the URL it leaves, open it again."""
    page = opened(browser, f"{warm_url}/compare{QUERY}")
    page.locator("[data-testid='stSidebarNav'] a", has_text="生成决策树").click()
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    wait_idle(page, TIMEOUT)
    assert_opened(page, "/", "生成决策树")
    again = opened(browser, page.url)
    assert_opened(again, "/", "生成决策树")
    again.close()
    page.close()


def test_a_fresh_server_s_first_request_for_grow_keeps_its_query(browser, fresh_app_url):
    page = opened(browser, f"{fresh_app_url}/grow/{QUERY}")
    assert_opened(page, "/", "生成决策树")  # through app.py (ui.state.ensure_entry_point)
    page.close()


def test_back_returns_to_grow_and_past_it_with_the_session_s_choices(browser, warm_url):
    """Back from "/" to the /grow a link opened at shows that page as the session has it, and
    Back again leaves it: a redirect from /grow to "/" pushed a new entry each time (Back
    never got past it), and its run, drawing no sidebar, dropped the sidebar's choices."""
    page = opened(browser, f"{warm_url}/manual{QUERY}")
    page.goto(f"{warm_url}/grow{QUERY}&mode=lecture")
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    wait_idle(page, TIMEOUT)
    # lecture mode folds the sidebar away: its link is clicked where it is
    page.locator("[data-testid='stSidebarNav'] a", has_text="生成决策树").dispatch_event("click")
    page.wait_for_url("**/?*", timeout=TIMEOUT)
    wait_idle(page, TIMEOUT)
    shown = []  # Back walks the entries the page's own URL writes pushed (Streamlit's)
    while urlparse(page.url).path != "/manual" and len(shown) < 6:
        page.go_back()
        page.wait_for_timeout(1000)  # a redirect would land after the first paint
        wait_idle(page, TIMEOUT)
        shown.append((page.url, page.locator("h1").first.inner_text()))
    assert urlparse(page.url).path == "/manual", shown
    assert shown[-1][1] == "亲手划分"
    at_grow = [(url, h1) for url, h1 in shown if urlparse(url).path == "/grow"]
    assert at_grow, shown
    for url, h1 in at_grow:  # the session's choices, as the URL it rewrites says them
        params = {k: v[-1] for k, v in parse_qs(urlparse(url).query).items()}
        assert (params["data"], params.get("mode"), h1) == (
            "watermelon_3.0", "lecture", "生成决策树"), shown
    page.close()
