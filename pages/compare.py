"""Compare registered algorithms on the same data: trees, summary, merged scores, why."""

import streamlit as st

from dtree_core.compare import first_disagreement, merged_scores, nodes_by_key, shared_keys
from dtree_core.dot import to_dot
from ui import analysis, registry
from ui.compare import criteria_chart, merged_frame, summary_frame, why_sentence
from ui.messages import labelled, t, tm
from ui.state import ensure_entry_point
from ui.widgets import node_title, score_downloads, worded_table

ensure_entry_point()


def trees(labels: list[str], traces: list[dict]) -> None:
    """Side by side, each at its end or all at the same step (shorter trees stop early)."""
    views = ["end", "together"]
    view = st.radio(t("cmp.view"), views, key="cmp_view", horizontal=True,
                    format_func=labelled(views, lambda v: t(f"cmp.view.{v}")),
                    persist_state="session")
    step = None
    if view == "together":
        longest = max(len(tr["steps"]) for tr in traces) - 1
        step = st.slider(t("cmp.step"), 0, max(longest, 1), 0, key="cmp_step")
    for col, label, trace in zip(st.columns(len(traces)), labels, traces, strict=True):
        with col:
            st.markdown(f"**{label}**")
            at = None if step is None else min(step, len(trace["steps"]) - 1)
            st.graphviz_chart(to_dot(trace, at, decimals=int(st.session_state.decimals)).source,
                              width="stretch")


def unmatched_forces(labels: list[str], traces: list[dict]) -> None:
    """Forced splits a compared tree (grown on every row) could not make."""
    for label, trace in zip(labels, traces, strict=True):
        analysis.warn_unmatched(analysis.unmatched_counts([trace]), 1,
                                t("force.tree.config", label=label))


def summary(labels, traces, configs, choices, dataset) -> None:
    st.subheader(t("cmp.summary"))
    _, size, seed = analysis.split_inputs("cmp", allow_kfold=False)
    results = [analysis.safely(analysis.training_and_holdout, dataset["data"],
                               dataset["filename"], choices, c, size, seed) for c in configs]
    frame = summary_frame(labels, traces, [(train, held_out.accuracy)
                                           for train, held_out in results])
    st.dataframe(frame, hide_index=True, column_config={
        t(f"cmp.col.{k}"): st.column_config.NumberColumn(format="%.3f")
        for k in ("train_accuracy", "test_accuracy")})
    for label, (_, held_out) in zip(labels, results, strict=True):
        analysis.warn_unmatched_in(held_out, t("force.tree.holdout_of", label=label))


def scores(labels: list[str], traces: list[dict]) -> None:
    """The merged table at a node every tree has, its chart, downloads."""
    st.subheader(t("cmp.scores"))
    keys = shared_keys(traces)
    by_key = nodes_by_key(traces[0])
    key = st.selectbox(t("cmp.node"), keys, key="cmp_node",
                       format_func=labelled(keys, lambda k: node_title(traces[0], by_key[k])))
    merged = merged_scores(traces, labels, key or "root")
    if merged.shape == "binary":
        st.caption(t("cmp.binary_only"))
    decimals = int(st.session_state.decimals)
    st.dataframe(merged_frame(merged), hide_index=True, column_config={
        t(c): st.column_config.NumberColumn(format=f"%.{decimals}f") for c in
        ("col.threshold", "col.gain", "col.iv", "col.gain_ratio", "cmp.col.gini_multiway",
         "cmp.col.gini_binary")})
    score_downloads(worded_table(merged.table(), list(merged_frame(merged).columns)), key="cmp")
    st.markdown(f"**{t('cmp.chart')}**")
    st.plotly_chart(criteria_chart(merged), key="cmp_chart")
    drawn = sorted({registry.label(tr["algorithm"]) for tr in traces
                    if registry.draws_at_random(tr["algorithm"])})
    if drawn:
        st.caption(t("cmp.chart.random", names=", ".join(drawn)))


current = analysis.current_or_stop()
dataset, choices, base = st.session_state.dataset, current["choices"], current["options"]
st.title(t("page.compare"))
st.caption(tm("cmp.intro", dataset=current["dataset"]))
configs = analysis.config_picker(base)
labels = analysis.unique_labels([analysis.config_label(c) for c in configs])
traces = [analysis.safely(analysis.grow, dataset, choices, c) for c in configs]
trees(labels, traces)
unmatched_forces(labels, traces)
st.subheader(t("cmp.first"))
st.info(why_sentence(first_disagreement(traces, labels), int(st.session_state.decimals),
                     base.tie_break))
summary(labels, traces, configs, choices, dataset)
scores(labels, traces)
