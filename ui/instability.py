"""The exercises page's "why one tree is unstable" tab (dtree_core.instability computes; this
asks for the settings, shows progress, and charts and words the result)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from dtree_core.escape import plotly_text
from dtree_core.evaluate import stratified_split
from dtree_core.instability import (
    DEFAULT_TEST_SIZE,
    DEFAULT_TREES,
    MODES,
    Ensemble,
    max_trees,
    perturbed_trees,
)
from dtree_core.wording import percent
from ui import engine
from ui.messages import labelled, t, tm
from ui.setup import error_text
from ui.widgets import percent_change


def unstable_trees(current: dict) -> None:
    """Settings, a button, then the trees' roots, distinct trees and the vote."""
    st.caption(t("inst.intro"))
    dataset = current["source"]  # the file the sidebar's tree grew from
    try:
        X, y, fitted = engine.ready(dataset["data"], dataset["filename"], current["choices"],
                                    current["options"])
    except (ValueError, MemoryError) as error:
        st.warning(t("error.memory") if isinstance(error, MemoryError) else error_text(error))
        return
    settings = _settings(len(y), X, y)
    if settings is None:
        return
    if st.button(t("inst.run"), key="inst_run"):
        st.session_state.inst_asked = settings
    if st.session_state.get("inst_asked") != settings:
        return
    ensemble = _grown(fitted, X, y, settings)
    if ensemble is not None:
        show_ensemble(ensemble, len(y) - ensemble.n_train)


def _settings(rows: int, X, y) -> tuple | None:
    """(mode, trees, flips, seed, test share, trace id) as the widgets say."""
    mode = st.radio(t("inst.mode"), MODES, key="inst_mode", horizontal=True,
                    format_func=labelled(MODES, lambda m: t(f"inst.mode.{m}"), key="inst_mode"))
    test_size = st.slider(t("inst.test"), 0.1, 0.5, DEFAULT_TEST_SIZE, 0.05, key="inst_test")
    try:
        train, _ = stratified_split(y, test_size, 0)
    except ValueError as error:  # too few rows to hold any out
        st.warning(error_text(error))
        return None
    limit = max_trees(len(train), engine.app_budget())
    cols = st.columns(3)
    trees = int(cols[0].number_input(
        t("inst.trees"), min_value=1, max_value=limit, value=min(DEFAULT_TREES, limit), step=1,
        key="inst_trees", help=t("inst.trees.help", limit=limit, rows=len(train))))
    flips = int(cols[1].number_input(t("inst.flips"), min_value=1, max_value=len(train), value=1,
                                     step=1, key="inst_flips", disabled=mode != "flip"))
    seed = int(cols[2].number_input(t("inst.seed"), min_value=0, max_value=10**6, value=0,
                                    step=1, key="inst_seed"))
    key = st.session_state.get("current", {}).get("trace_id")
    return mode, trees, flips, seed, float(test_size), key


def _grown(options, X, y, settings: tuple) -> Ensemble | None:
    """The trees, kept for this session under their settings so a rerun does not regrow them."""
    kept = st.session_state.get("inst_result")
    if kept is not None and kept[0] == settings:
        return kept[1]
    mode, trees, flips, seed, test_size, _ = settings
    bar = st.progress(0.0)
    try:
        ensemble = perturbed_trees(
            options, X, y, trees, mode, flips, seed, test_size, engine.app_budget(),
            on_tree=lambda done, total: bar.progress(
                done / total, text=t("inst.progress", done=done, total=total)))
    except (ValueError, MemoryError) as error:
        bar.empty()
        st.error(t("error.memory") if isinstance(error, MemoryError) else error_text(error))
        return None
    bar.empty()
    st.session_state.inst_result = (settings, ensemble)
    return ensemble


def root_chart(ensemble: Ensemble) -> go.Figure:
    """Trees per root attribute, most frequent first (names escaped: Plotly renders HTML)."""
    counts = ensemble.root_counts()
    names = [plotly_text(root) if root is not None else t("inst.leaf_root") for root, _ in counts]
    figure = go.Figure(go.Bar(x=names, y=[count for _, count in counts],
                              text=[count for _, count in counts], textposition="outside",
                              cliponaxis=False))
    figure.update_layout(title={"text": plotly_text(t("inst.roots"))},
                         yaxis={"title": {"text": plotly_text(t("inst.roots.axis"))}},
                         xaxis={"type": "category"},  # names, even those like numbers
                         height=320, margin={"t": 50, "b": 40})
    return figure


def root_summary(counts: list[tuple[str | None, int]], total: int) -> str:
    """The sentence above the chart: the most frequent root attribute (every one, when they
    tie), how many attributes are roots, and how many trees are a single leaf, which has no
    root attribute and is counted apart."""
    attributes = [(root, count) for root, count in counts if root is not None]
    if not attributes:
        return t("inst.root_summary.all_leaves", total=total)
    summary = _attribute_summary(attributes, total)
    leaves = total - sum(count for _, count in attributes)
    return t("inst.root_summary.leaves", summary=summary, leaves=leaves, total=total) \
        if leaves else summary


def _attribute_summary(attributes: list[tuple[str, int]], total: int) -> str:
    """Markdown naming the most frequent root attributes (most frequent first)."""
    best = attributes[0][1]
    tied = [root for root, count in attributes if count == best]
    if len(tied) > 1:
        return tm("inst.root_summary.tied", roots=t("list.join").join(tied), count=best,
                  total=total, kinds=len(attributes))
    key = "inst.root_summary.only" if len(attributes) == 1 else "inst.root_summary"
    return tm(key, root=tied[0], count=best, total=total, kinds=len(attributes))


def show_ensemble(ensemble: Ensemble, n_test: int) -> None:
    total = ensemble.n_trees
    st.caption(t("inst.split", train=ensemble.n_train, test=n_test))
    if ensemble.unpruned:
        st.info(t("inst.unpruned"))
    st.markdown(root_summary(ensemble.root_counts(), total))
    st.plotly_chart(root_chart(ensemble), key="inst_roots")
    cols = st.columns(4)
    cols[0].metric(t("inst.distinct"), f"{ensemble.distinct_trees()} / {total}",
                   help=t("inst.distinct.help", same=ensemble.same_as_single(), total=total))
    vote, single = ensemble.vote_accuracy(), ensemble.single_accuracy()
    mean = float(np.mean(ensemble.tree_accuracies()))
    single_text, vote_text, change = percent_change(single, vote)  # a tie is grey
    cols[1].metric(t("inst.single"), single_text)
    cols[2].metric(t("inst.vote"), vote_text, **change)
    cols[3].metric(t("inst.mean"), percent(mean))
    st.markdown(tm("inst.vote.sentence", test=n_test, total=total, vote=vote_text,
                   single=single_text, mean=percent(mean)))
    if n_test < 30:
        st.caption(t("inst.small", test=n_test, step=percent(1 / n_test)))

