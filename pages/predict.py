"""Predict one new sample: its class and probabilities, the path lit up, missing values split."""

import numpy as np
import pandas as pd
import streamlit as st

from dtree_core.data import Listed
from dtree_core.dot import CURRENT, to_dot, visible_nodes
from dtree_core.fitted_trace import FittedTrace
from dtree_core.labels import branch_text
from dtree_core.predicting import most_likely, tied_best
from dtree_core.split import Condition, places_apart
from ui import analysis, registry, state
from ui.messages import labelled, literal, sentences, t, tm
from ui.state import ensure_entry_point
from ui.widgets import drawn_part, path_text

ensure_entry_point()

MISSING = None
SPLIT_TABLES = 10  # a sample with many missing values splits at many nodes: the first are shown


def sample_form(trace_id: str, trace: dict) -> dict | None:
    """One input per attribute (missing allowed), kept across pages; the row once Predict is
    pressed, for as long as the form shows it and the tree stays (state.predicted)."""
    with st.form("pred_form"):
        cols = st.columns(3)
        row = {}
        for i, attribute in enumerate(trace["attributes"]):
            name, col = attribute["name"], cols[i % 3]
            if attribute["kind"] == "nominal":
                values = [MISSING, *attribute["values"]]
                key = state.sample_field(name, attribute["values"])
                # no key to labelled: state.relabel_widgets would send the submitted value
                # over a pick not yet submitted, and None (missing) empties a selectbox,
                # which then shows its placeholder: the missing option's words, as at first
                row[name] = col.selectbox(literal(name), values, key=key,
                                          format_func=labelled(values, value_label),
                                          placeholder=t("pred.missing"),
                                          persist_state="session")
            else:
                row[name] = col.number_input(literal(name), value=None, format="%g",
                                             key=state.sample_field(name, None),
                                             placeholder=t("pred.missing"),
                                             persist_state="session")
        submitted = st.form_submit_button(t("pred.submit"))
    return state.predicted(trace_id, row, submitted)


def value_label(value) -> str:
    """An option's words; a value written like the missing option itself is quoted, so the
    two read apart."""
    if value is MISSING:
        return t("pred.missing")
    text = str(value)
    return t("pred.value.quoted", value=text) if text.strip() == t("pred.missing") else text


def lit_tree(trace: dict, reached: dict[int, float]) -> str:
    """The tree (a big one along the reached paths: drawn_part) with every reached node drawn
    outlined; fractional reach shown on the node."""
    part = drawn_part(trace, focus=reached)
    graph = to_dot(trace, None, highlight=False, decimals=int(st.session_state.decimals),
                   **part)
    drawn = visible_nodes(trace, reached, None, **part)
    for node_id, weight in reached.items():
        if node_id in drawn:  # a statement for an undrawn node would add it
            extra = {} if weight > 1 - 1e-12 else {"xlabel": reach_text(weight)}
            graph.node(f"n{node_id}", color=CURRENT, penwidth="3", **extra)
    return graph.source


def reach_places(shares) -> int:
    """The page's decimals, or as many more as keep a partial share of the sample from
    reading 1 or 0 (3999/4000 is not 1.000)."""
    return places_apart([(share, whole) for share in shares for whole in (1.0, 0.0)],
                        int(st.session_state.decimals))


def reach_text(weight: float) -> str:
    """A node's share of the sample, as reach_places writes it."""
    return f"{weight:.{reach_places([weight])}f}"


def share_column(shares) -> dict:
    """The weight column's column_config: its shares written as the drawing writes them
    (Streamlit's own format showed 0.5294 beside a node's 0.529)."""
    return {t("pred.col.weight"): st.column_config.NumberColumn(
        format=f"%.{reach_places(shares)}f")}


def missing_splits(trace: dict, unknown: set[int], reached: dict[int, float]) -> None:
    """For each split whose test the sample's values leave unknown (the split record's own
    routing said so: `unknown`): its branches and their weights."""
    nodes = trace["nodes"]
    splits = [n for n in nodes if n["id"] in unknown]
    if splits:
        st.markdown(f"**{t('pred.split_header')}**")
    for node in splits[:SPLIT_TABLES]:
        st.caption(tm("pred.split", node=node["id"], attribute=node["decision"]["attribute"]))
        shares = [reached.get(c, 0.0) / reached[node["id"]] for c in node["children"]]
        st.dataframe(pd.DataFrame({
            t("pred.col.branch"): [branch_text(nodes[c]["branch"]) for c in node["children"]],
            t("pred.col.weight"): shares}), hide_index=True, column_config=share_column(shares))
    if len(splits) > SPLIT_TABLES:
        st.caption(t("pred.split.more", more=len(splits) - SPLIT_TABLES))


def leaves_reached(trace: dict, reached: dict[int, float],
                   rewritten: dict[int, Condition]) -> pd.DataFrame:
    nodes = trace["nodes"]
    leaves = [nodes[i] for i in reached if nodes[i]["decision"]["kind"] == "leaf"]
    return pd.DataFrame({
        t("pred.col.leaf"): [f"#{n['id']}" for n in leaves],
        t("pred.col.path"): [sample_path_text(trace, n, rewritten) for n in leaves],
        t("pred.col.label"): [n["decision"]["label"] for n in leaves],
        t("pred.col.weight"): [reached[n["id"]] for n in leaves]})


def sample_path_text(trace: dict, node: dict, rewritten: dict[int, Condition]) -> str:
    """path_text, with each branch condition FittedTrace.written_path wrote again for this
    sample (child id -> condition) in the tree's place."""
    if not rewritten:  # the tree's own text: path_text, which reads a stored path first
        return path_text(trace, node)
    texts = []
    while node["parent"] is not None:
        own = rewritten.get(node["id"])
        texts.append(branch_text(node["branch"]) if own is None else own.text())
        node = trace["nodes"][node["parent"]]
    return " / ".join(reversed(texts)) or path_text(trace, node)


def rewritten_caption(trace: dict, rewritten: dict[int, Condition]) -> None:
    """Say why a path's linear test reads with more decimals than the drawing's, naming the
    nodes whose test it is (rewritten is keyed by the child each branch leads to)."""
    if rewritten:
        tested = sorted({trace["nodes"][child]["parent"] for child in rewritten})
        st.caption(tm("pred.rewritten", nodes=Listed(f"#{node}" for node in tested)))


def show(trace: dict, row: dict, rewritten: dict[int, Condition]) -> None:
    fitted = FittedTrace.from_dict(trace)
    frame = analysis.sample_frame(row)
    proba = fitted.predict_proba(frame)
    label = most_likely(proba, fitted.classes)[0]
    # a branch of no training weight gets a share of 0: the sample does not reach its leaves
    reached = {node: float(w.sum()) for node, _, w in fitted.reach(frame) if w.sum() > 0}
    unknown = set(fitted.unknown_at(frame)) & set(reached)
    st.success(result_text(trace, proba[0], fitted.classes, label))
    st.dataframe(pd.DataFrame({t("pred.col.class"): list(fitted.classes),
                               t("pred.col.probability"): proba[0]}), hide_index=True,
                 column_config={t("pred.col.probability"): st.column_config.ProgressColumn(
                     format=f"%.{probability_places(proba[0])}f", min_value=0.0,
                     max_value=1.0)})
    missing_splits(trace, unknown, reached)
    st.markdown(f"**{t('pred.leaves')}**")
    leaves = leaves_reached(trace, reached, rewritten)
    st.dataframe(leaves, hide_index=True,
                 column_config=share_column(leaves[t("pred.col.weight")].tolist()))
    rewritten_caption(trace, rewritten)
    st.markdown(f"**{t('pred.path')}**")
    st.graphviz_chart(lit_tree(trace, reached), width="stretch")


def result_text(trace: dict, proba_row: np.ndarray, classes, label) -> str:
    """The predicted class; where classes share the highest probability, the tie and its
    rule (the class first in the data), never a plain win."""
    said = tm("pred.result", target=trace["target"], label=label)
    tied = tied_best(proba_row, classes)
    if len(tied) < 2:
        return said
    # each class as a sentence names one (Chinese quotes it: an unquoted 是 reads as a verb)
    named = Listed(t("stop.tied_class", cls=str(c)) for c in tied)
    return sentences([said, tm("pred.result.tied", classes=named,
                               probability=f"{proba_row.max():.3f}", label=label)])


def probability_places(proba_row: np.ndarray) -> int:
    """3 decimals, or as many more as tell the highest probability from the others that
    differ from it (0.5004 against 0.4996 is not 0.500 against 0.500)."""
    best = float(proba_row.max())
    return places_apart([(best, float(p)) for p in proba_row], 3)


current = analysis.current_or_stop()
trace = current["trace"]
st.title(t("page.predict"))
st.caption(t("pred.intro", algorithm=registry.name(trace["algorithm"])))
sample = sample_form(current["trace_id"], trace)
if sample is None:
    st.info(t("pred.fill"))
else:
    show(trace, sample, analysis.sample_path(current, sample))
