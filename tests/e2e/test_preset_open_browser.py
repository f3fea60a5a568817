"""A book exercise opened on the grow page: st.switch_page from a button's run.

Streamlit's st.switch_page first sets the query (a history entry at the old page's path,
when its text changes), then reruns on the new page (an entry at its path): two entries.
It emptied the query when given none, and app.py's write_link, run as the page left, wrote
the link back there: three entries, the first an empty query. ui.state.switch_page gives
the switch the new link and write_link then writes nothing: the two Streamlit makes, both
with the exercise's link. Entries are read as the page pushes them (an init script).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from browser_helpers import CHART, wait_idle

TIMEOUT = 90_000
# every history.pushState, as [path and query], in order
RECORD_PUSHES = """
window.__pushes = [];
const push = history.pushState.bind(history);
history.pushState = function (state, title, url) {
  window.__pushes.push(String(url));
  return push(state, title, url);
};
"""


def settled(page) -> None:
    """The script has finished, and stays so: a late URL write would land after a paint."""
    wait_idle(page, TIMEOUT)
    page.wait_for_timeout(1500)
    wait_idle(page, TIMEOUT)


def link(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def test_opening_a_book_exercise_switches_to_the_grow_page_with_its_link(browser, app_url):
    page = browser.new_page(viewport={"width": 1500, "height": 1200}, locale="en-US")
    page.add_init_script(RECORD_PUSHES)
    page.goto(f"{app_url}/exercises?lang=en&data=watermelon_2.0")
    page.get_by_role("tab", name="Book exercises").click()
    main = page.locator("[data-testid='stMain']")
    box = main.locator("[data-testid='stSelectbox']").filter(
        has=page.get_by_text("Exercise", exact=True))
    box.locator("input").click()
    page.get_by_role("option", name="Zhou, Machine Learning, exercise 4.4", exact=True).click()
    settled(page)
    assert urlparse(page.url).path == "/exercises"
    before = page.evaluate("history.length")
    pushed_before = page.evaluate("window.__pushes.length")
    main.get_by_role("button", name="Open on the grow page").click()
    page.wait_for_url(lambda url: urlparse(url).path == "/", timeout=TIMEOUT)
    page.wait_for_selector(f"{CHART} g.node", timeout=TIMEOUT)
    settled(page)
    opened = link(page)
    assert opened["data"] == ["watermelon_2.0_train"], page.url
    assert opened["algorithm"] == ["cart"] and opened["prune"] == ["rep"], page.url
    assert opened["lang"] == ["en"], page.url
    assert page.locator("h1").first.inner_text() == "Grow a tree"
    assert page.locator("[data-testid='stException']").count() == 0
    query = urlparse(page.url).query
    pushes = page.evaluate("window.__pushes")[pushed_before:]
    assert pushes == [f"/exercises?{query}", f"/?{query}"], pushes
    assert page.evaluate("history.length") == before + 2, page.url
    page.go_back()  # one Back: the exercises page, showing the exercise's data
    page.wait_for_url(lambda url: urlparse(url).path == "/exercises", timeout=TIMEOUT)
    settled(page)
    assert link(page)["data"] == ["watermelon_2.0_train"], page.url
    assert page.locator("h1").first.inner_text() == "Exercises"
    assert page.locator("[data-testid='stException']").count() == 0
    page.close()
