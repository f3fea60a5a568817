"""The hand-edit tab with a big tree (issue 13): a 3,000-row upload's two trees, drawn side by
side, shrank to strips 512 x 23 px, and the automatic reduced-error pruning's ties were listed
a line each (484 lines). Past ui.widgets.SIDE_BY_SIDE_NODES the trees are drawn one a row, cut
as the Compare page cuts them; the page lists the first handedit.TIES_SHOWN ties, says how many
of how many, and the download holds every one. Small limits stand in for a big file."""

from __future__ import annotations

import re

import pytest
import streamlit as st
from app_helpers import content
from test_handedit_app import book_example_post_pruned, book_example_unpruned, edit

from ui import handedit, widgets
from ui.messages import t
from ui.widgets import depth_that_fits

SMALL = 5


def drawn_nodes(dot: str) -> set[int]:
    return {int(i) for i in re.findall(r"^\s*n(\d+) \[", dot, flags=re.M)}


def tree_titles(lang: str) -> list[str]:
    return [f"**{t(f'he.{name}', _lang=lang)}**" for name in ("algorithm", "student")]


def in_columns(at, label: str) -> bool:
    return any(label in [m.value for m in c.markdown] for c in at.columns)


def tie_lines(at) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("- ")]


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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_ties_past_the_limit_are_cut_with_a_sentence_and_all_downloaded(lang, monkeypatch):
    at = book_example_post_pruned(lang, prune_on_tie=False)
    edit(at, "root", "auto", he_auto_method="rep", he_locked=[])
    every = tie_lines(at)
    assert len(every) >= 2, every  # Table 4.2's post-pruned tree, pruned again: ties
    assert not [i for i in at.info if i.value == first_sentence(lang, len(every))]
    monkeypatch.setattr(handedit, "TIES_SHOWN", 1)
    downloads = recorded_downloads(monkeypatch)
    at.run()
    assert tie_lines(at) == every[:1]
    assert first_sentence(lang, len(every)) in [i.value for i in at.info]
    ties = t("file.ties", _lang=lang)
    [data] = [data for name, data in downloads if name.rsplit(".", 1)[0].endswith(ties)]
    assert [line for line in content(data).splitlines() if line.startswith("- ")] == every
    assert not at.exception and not at.error


def recorded_downloads(monkeypatch) -> list[tuple]:
    """st.download_button's (file_name, data) from now on (the conftest's fixture records a
    container's: st.download_button is bound to the main one at import)."""
    given, button = [], st.download_button

    def recorded(label, data, file_name=None, *args, **kwargs):
        given.append((file_name, data))
        return button(label, data, file_name, *args, **kwargs)

    monkeypatch.setattr(st, "download_button", recorded)
    return given


def first_sentence(lang: str, n: int) -> str:
    return t("he.auto.ties.first", _lang=lang, shown=1, n=n)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_ties_are_worded_once_not_on_every_rerun(lang, monkeypatch):
    at = book_example_post_pruned(lang, prune_on_tie=False)
    edit(at, "root", "auto", he_auto_method="rep", he_locked=[])
    worded = []
    real = handedit.pruning.event_values

    def counted(*args, **kwargs):
        worded.append(args[1]["node"])
        return real(*args, **kwargs)

    monkeypatch.setattr(handedit.pruning, "event_values", counted)
    at.run()
    at.run()
    assert worded == [] and len(tie_lines(at)) >= 2
