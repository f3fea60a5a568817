"""The grow page in Debian's chromium in each language: Chinese by the browser's preference, and
English by a shared ?lang=en link even in a Chinese browser; screenshots of both."""

from __future__ import annotations

from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHART = "[data-testid='stGraphVizChart'] svg"
PLOTLY = "[data-testid='stPlotlyChart'] svg"
TITLE = {"zh": "生成决策树", "en": "Grow a tree"}
CHINESE_WORDS = ("划分属性", "信息增益")  # Fig. 4.2's line 8 and ID3's reason at the root


@pytest.mark.parametrize(("locale", "query", "lang"), [("zh-CN", "", "zh"),
                                                        ("zh-CN", "/?lang=en", "en")])
def test_grow_page_in_each_language(browser, app_url, locale, query, lang):
    page = browser.new_page(viewport={"width": 1500, "height": 1700}, locale=locale)
    page.goto(app_url + query)
    page.wait_for_selector(f"{CHART} g.node", timeout=120_000)
    page.get_by_role("heading", name=TITLE[lang]).wait_for(timeout=30_000)
    page.wait_for_selector(f"{PLOTLY} .gtitle", timeout=60_000)
    page.wait_for_url(f"**lang={lang}**", timeout=30_000)  # the link to share says it
    main = page.locator("[data-testid='stMain']").inner_text()
    for word in CHINESE_WORDS:
        assert (word in main) == (lang == "zh"), word
    assert "纹理" in page.locator(CHART).first.inner_html()  # CJK data in the Graphviz tree
    chart_title = page.locator(f"{PLOTLY} .gtitle").first.text_content()
    assert ("各属性的" in chart_title) == (lang == "zh")  # CJK words in the Plotly chart
    assert page.locator("[data-testid='stException']").count() == 0
    links = page.locator("[data-testid='stSidebarNav'] a").all_text_contents()
    assert TITLE[lang] in links
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"grow_page_{lang}.png"), full_page=True)
    page.close()
