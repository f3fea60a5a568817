"""Names reach Plotly as text it shows as written: it reads a little HTML (so < > & are
escaped) but decodes no &quot;, which showed as typed in the bars of a column named say "hi"."""

from __future__ import annotations

import json

import pytest
from test_server_app import uploaded

from dtree_core.escape import plotly_text

QUOTED = 'say "hi" <b>&</b> it\'s'
DATA = "\n".join([f'"{QUOTED.replace(chr(34), chr(34) * 2)}",b,y',
                  *(f"{i % 3},{i % 2},{chr(34) * 3}q{chr(34) * 3}" if i % 4 else f"{i % 3},0,p"
                    for i in range(24))]).encode()


def plotly_shown(text: str) -> str:
    """What Plotly draws for a name: the entities it decodes (amp, lt, gt) decoded."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def listed(values) -> list:
    """A trace's x or y as a list (Plotly packs numbers as a base64 dict: none of ours)."""
    return values if isinstance(values, list) else []


def test_plotly_text_escapes_tags_and_keeps_quotes():
    assert plotly_text(QUOTED) == 'say "hi" &lt;b&gt;&amp;&lt;/b&gt; it\'s'
    assert plotly_shown(plotly_text(QUOTED)) == QUOTED
    assert plotly_text(None) == "None"


@pytest.mark.parametrize("page", [None, "pages/compare.py", "pages/evaluate.py"])
def test_charts_show_quoted_names_as_written(page):
    at = uploaded(DATA, "quoted.csv", algorithm="c45")
    assert not at.error, [e.value for e in at.error]
    if page:
        at.switch_page(page).run()
        assert not at.exception
    specs = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    assert specs, "no chart drawn"
    text = json.dumps(specs, ensure_ascii=False)
    assert "&quot;" not in text and "&#x27;" not in text
    assert "<b>" not in text  # still no tag reaches Plotly
    shown = [plotly_shown(v) for spec in specs for d in spec["data"]
             for v in [*listed(d.get("x")), *listed(d.get("y")), d.get("name")]
             if isinstance(v, str)]
    wanted = QUOTED if page != "pages/evaluate.py" else '"q"'
    assert wanted in shown, shown
