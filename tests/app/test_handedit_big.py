"""The hand-edit tab with a big tree (issue 13): a 3,000-row upload's two trees, drawn side by
side, shrank to strips 512 x 23 px. Past ui.widgets.SIDE_BY_SIDE_NODES they are drawn one a
row, cut as the Compare page cuts them. A small limit stands in for a big file."""

from __future__ import annotations

import re

import pytest
from test_handedit_app import book_example_unpruned

from ui import widgets
from ui.messages import t
from ui.widgets import depth_that_fits

SMALL = 5


def drawn_nodes(dot: str) -> set[int]:
    return {int(i) for i in re.findall(r"^\s*n(\d+) \[", dot, flags=re.M)}


def tree_titles(lang: str) -> list[str]:
    return [f"**{t(f'he.{name}', _lang=lang)}**" for name in ("algorithm", "student")]


def in_columns(at, label: str) -> bool:
    return any(label in [m.value for m in c.markdown] for c in at.columns)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_trees_past_the_limit_are_drawn_one_a_row_and_cut(lang, monkeypatch):
    monkeypatch.setattr(widgets, "SIDE_BY_SIDE_NODES", SMALL)
    at = book_example_unpruned(lang)
    assert not at.exception and not at.error
    dots = [at.session_state[f"he_dot_{name}"] for name in ("algorithm", "student")]
    assert all(0 < len(drawn_nodes(dot)) <= SMALL for dot in dots)
    assert not any(in_columns(at, title) for title in tree_titles(lang))
    tree = at.session_state["current"]["trace"]
    said = t("draw.depth", _lang=lang, nodes=len(tree["nodes"]),
             depth=depth_that_fits(tree, SMALL))
    assert [c.value for c in at.caption].count(said) == 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_watermelon_trees_stay_whole_and_side_by_side(lang):
    at = book_example_unpruned(lang)
    tree = at.session_state["current"]["trace"]
    dot = at.session_state["he_dot_algorithm"]
    assert drawn_nodes(dot) == {n["id"] for n in tree["nodes"]}
    assert all(in_columns(at, title) for title in tree_titles(lang))
