"""Compare draws big trees one a row, each down to a depth that keeps it readable: a 3,000-row
upload's three trees, side by side and cut at depth 7-8 (300 nodes), were strips about 20 px
high. Trees within ui.widgets.SIDE_BY_SIDE_NODES stay whole and side by side (the textbooks')."""

from __future__ import annotations

import re

import pytest
from app_helpers import page_app

from ui import widgets
from ui.messages import t
from ui.widgets import depth_that_fits

COMPARE = "pages/compare.py"
SMALL = 5


def drawn_nodes(dot: str) -> set[int]:
    return {int(i) for i in re.findall(r"^\s*n(\d+) \[", dot, flags=re.M)}


def tree_labels(at, lang: str) -> list[str]:
    """The bold labels above the drawn trees: the configurations' of the summary table."""
    config = t("cmp.col.config", _lang=lang)
    summary = next(d.value for d in at.dataframe if config in d.value.columns)
    return [f"**{label}**" for label in summary[config]]


def in_columns(at, label: str) -> bool:
    return any(label in [m.value for m in c.markdown] for c in at.columns)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_trees_past_the_limit_are_drawn_one_a_row_and_cut_at_a_depth(lang, monkeypatch):
    monkeypatch.setattr(widgets, "SIDE_BY_SIDE_NODES", SMALL)
    at = page_app(COMPARE, "watermelon_2.0", lang=lang)
    charts = [c.proto.spec for c in at.get("graphviz_chart")]
    traces_nodes = [len(drawn_nodes(dot)) for dot in charts]
    assert len(charts) == 3 and all(0 < n <= SMALL for n in traces_nodes)
    labels = tree_labels(at, lang)
    assert len(labels) == 3 and not any(in_columns(at, label) for label in labels)
    captions = [c.value for c in at.caption]
    trace = at.session_state["current"]["trace"]  # ID3's: the first compared
    depth = depth_that_fits(trace, SMALL)
    assert t("draw.depth", _lang=lang, nodes=len(trace["nodes"]), depth=depth) in captions
    assert not at.exception and not at.error


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_textbook_trees_stay_whole_and_side_by_side(lang):
    at = page_app(COMPARE, "watermelon_2.0", lang=lang)
    charts = [c.proto.spec for c in at.get("graphviz_chart")]
    assert len(charts) == 3
    labels = tree_labels(at, lang)
    assert len(labels) == 3 and all(in_columns(at, label) for label in labels)
    trace = at.session_state["current"]["trace"]
    assert drawn_nodes(charts[0]) == {n["id"] for n in trace["nodes"]}
