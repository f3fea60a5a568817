"""Names and values from a student's file written like Streamlit's shortcodes (:smile:, an
emoji; :red[x], coloured text; :material/home:, an icon) reach no page's Markdown as a
shortcode: outside math, every such colon is written as its entity (the browser test in
tests/e2e/test_markdown_names_browser.py shows them as typed)."""

from __future__ import annotations

import random
import re

import pytest
from test_server_app import uploaded

PAGES = [None, "pages/compare.py", "pages/evaluate.py", "pages/predict.py", "pages/export.py",
         "pages/exercises.py", "pages/manual.py"]
NO_NAMES_IN_MARKDOWN = {"pages/evaluate.py"}  # its names are in tables and charts only
SHORTCODE = re.compile(r"(?<!\\):(smile|red|tada|fire|material)")
MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$", re.S)  # KaTeX: no shortcodes there
MARKDOWN = ("markdown", "caption", "info", "success", "warning", "error", "title", "header",
            "subheader")
LABELLED = ("metric", "button", "checkbox", "radio", "selectbox", "number_input", "multiselect",
            "toggle", "text_input", "text_area", "expander", "tabs")


def shortcode_csv() -> bytes:
    """Names, nominal values and classes written as shortcodes; num decides most rows."""
    rng = random.Random(1)
    rows = ['":smile:",":red[x]",num,":fire:"']
    for _ in range(40):
        a, b, n = rng.choice([":tada:", "b", "c"]), rng.choice(["u", ":red[v]"]), rng.random()
        label = ":tada:" if (a == ":tada:") ^ (n > 0.7) else "no"
        rows.append(f'"{a}","{b}",{n:.3f},"{label}"')
    return "\n".join(rows).encode()


def markdown_texts(at) -> list[str]:
    """Every text the page hands to Streamlit's Markdown: elements, labels, radio options."""
    texts = [e.value for kind in MARKDOWN for e in getattr(at, kind)]
    texts += [e.label for kind in LABELLED for e in at.get(kind)]
    texts += [option for radio in at.radio for option in radio.options]
    return [text for text in texts if isinstance(text, str)]


@pytest.mark.parametrize("page", PAGES)
def test_no_page_hands_markdown_a_shortcode_from_the_data(page):
    at = uploaded(shortcode_csv(), "shortcodes.csv", algorithm="c45")
    if page:
        at.switch_page(page).run()
    assert not at.exception
    texts = markdown_texts(at)
    if page not in NO_NAMES_IN_MARKDOWN:  # names or values of the data were shown
        assert any("&#58;" in text for text in texts)
    leaks = [MATH.sub("", text) for text in texts if SHORTCODE.search(MATH.sub("", text))]
    assert not leaks, leaks
