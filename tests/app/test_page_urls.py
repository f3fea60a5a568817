"""Every page's URL path is one st.navigation serves.

A server that has run app.py finds the page a URL asks for by the url_path of the pages
st.navigation was given, and the default page's url_path is "" whatever st.Page was told: the
grow page's own /grow was "Page not found" (tests/e2e/test_page_urls_browser.py opens each
URL in the browser). AppTest asks for pages by script hash, never by a URL path, so here the
pages app.py hands st.navigation are read instead.
"""

from __future__ import annotations

import streamlit as st
from app_helpers import new_app

# The paths of the app's links: "/" and each page's own (README, the sidebar's links).
URL_PATHS = {"", "grow", "compare", "evaluate", "predict", "export", "exercises", "manual"}


def test_each_page_s_url_path_is_served(monkeypatch):
    served: list[st.Page] = []
    navigation = st.navigation

    def recording(pages, **kwargs):
        served[:] = list(pages)
        return navigation(pages, **kwargs)

    monkeypatch.setattr(st, "navigation", recording)
    at = new_app()
    at.query_params["lang"] = "zh"
    at.run()
    assert not at.exception
    assert {page.url_path for page in served} >= URL_PATHS
    # each once, and only the grow page's own path (the same file) is out of the sidebar's list
    assert len({page.url_path for page in served}) == len(served)
    hidden = {page.url_path for page in served if page.visibility == "hidden"}
    assert hidden <= {"grow"}
    assert at.title[0].value == "生成决策树"


def asked_for(at, url_path: str):
    """The next run asks for the page at `url_path`, as the browser does on its URL (Back to
    /grow, a link clicked in the same tab); AppTest.switch_page asks by file only."""
    [page_hash] = [h for h, info in at._registered_pages.items()
                   if info.get("url_pathname") == url_path]
    at._page_hash = page_hash
    return at


def test_the_grow_page_s_own_path_keeps_the_session_s_choices():
    """/grow in a session already under way (the browser's Back to the URL a link opened at)
    shows the grow page with the sidebar as it was: a redirect to "/" whose run drew no sidebar
    dropped its widgets' values (the data went back to the first dataset, lecture mode off)."""
    at = new_app()
    for key, value in {"lang": "zh", "data": "watermelon_3.0", "max_depth": "2"}.items():
        at.query_params[key] = value
    at.run()
    at.toggle(key="lecture").set_value(True).run()
    asked_for(at, "grow").run()
    assert not at.exception and not at.error
    ss = at.session_state
    assert (ss["bundled_key"], ss["max_depth"], ss["lecture"]) == ("watermelon_3.0", 2, True)
    assert at.title[0].value == "生成决策树"
    assert {k: at.query_params[k] for k in ("data", "max_depth", "mode")} == {
        "data": "watermelon_3.0", "max_depth": "2", "mode": "lecture"}
