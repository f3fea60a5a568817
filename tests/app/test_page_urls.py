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
    # each once, and only the grow page's own path is out of the sidebar's list
    assert len({page.url_path for page in served}) == len(served)
    hidden = {page.url_path for page in served if page.visibility == "hidden"}
    assert hidden <= {"grow"}
    assert at.title[0].value == "生成决策树"
