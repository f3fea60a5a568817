"""The exercises page's "prune by hand" tab (issue 14): the student edits a copy of the tree.

dtree_core.handedit makes every edit and counts validation accuracy (Zhou §4.3); this asks for
the edit, keeps the edits (plain data, by node path) and shows both trees. The edits live in
st.session_state.handedit = {"context", "edits"}: a new tree, validation set or language-free
context starts over. The validation rows are the sidebar's when its pruning has them, else the
book's paired set (watermelon 2.0, Table 4.2), else a seeded stratified split of the data, and
then both trees grow on the other rows.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import streamlit as st

from dtree_core import handedit
from dtree_core.data import DataError
from dtree_core.dot import to_dot
from dtree_core.evaluate import fit, stratified_split
from dtree_core.paths import path_keys
from dtree_core.pruning import VALIDATED, relation
from dtree_core.split import format_number, told_apart_percent
from dtree_core.trace import Trace
from ui import analysis, engine, pruning, state, widgets
from ui.downloads import file_name
from ui.messages import current_language, labelled, t, tm
from ui.setup import error_text
from ui.widgets import drawn_part, node_titles, path_words, percent_change, tree_places

SPLIT_SHARE, SPLIT_SEED = 0.3, 0  # the held-out share and seed when nothing else validates
ACTIONS = ("prune", "regroup", "cut", "auto")
# The ties listed on the page after an automatic reduced-error pruning: a 3,000-row upload's
# tree had 484, a line each (70,000 characters of Markdown); the download holds every one.
TIES_SHOWN = 20


# --------------------------------------------------------------------- the rows and the tree


@st.cache_data(max_entries=8, ttl=engine.CACHE_TTL, show_spinner=False)
def basis(data: bytes, filename: str, choices: dict, options, bundled_key: str | None,
          trace_id: str, _trace: dict):
    """(algorithm's trace dict, training X, y, validation X, y, source). trace_id names _trace."""
    X, y, fitted = engine.ready(data, filename, choices, options)
    spec = choices.get("validation")
    if spec is not None and (fitted.prune in VALIDATED or fitted.prune == "ccp"):
        X_fit, y_fit, validation = engine.training_and_validation(X, y, spec, fitted)
        if validation is not None:
            return _trace, X_fit, y_fit, *validation, "sidebar"
    paired = pruning.paired_key({"bundled_key": bundled_key}) if bundled_key else None
    if paired is not None:
        from dtree_core.datasets import get

        book = get(paired)
        X_val, y_val = engine.validation_file(book.path.read_bytes(), book.path.name,
                                              str(y.name), fitted)
        return _trace, X, y, X_val, y_val, "paired"
    train, held = stratified_split(y, SPLIT_SHARE, SPLIT_SEED)
    X_fit, y_fit = X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)
    grown = fit(analysis.unvalidated(fitted), X_fit, y_fit).trace_.to_dict(scores=False)
    return (grown, X_fit, y_fit, X.iloc[held].reset_index(drop=True),
            y.iloc[held].reset_index(drop=True), "split")


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def replayed(context: str, edits_json: str, options, _base: dict, _X, _y, _X_val,
             _y_val) -> list:
    """[(trace dict, validation accuracy)] of the algorithm's tree and after each edit.
    context and edits_json name the inputs (the tree, its rows, the edits); options, the
    sidebar's, say how the automatic reduced-error pruning breaks a tie."""
    trace = Trace.from_dict(_base)
    steps = [(trace, handedit.validation_accuracy(trace, _X_val, _y_val))]
    for edit in json.loads(edits_json):
        trace = handedit.apply(trace, handedit.Edit.from_dict(edit), _X, _y, (_X_val, _y_val),
                               options)
        steps.append((trace, handedit.validation_accuracy(trace, _X_val, _y_val)))
    return [(s.to_dict(scores=False), accuracy) for s, accuracy in steps]


# --------------------------------------------------------------------- state


def edits_for(context: str) -> list[dict]:
    """The session's edits for this tree and validation set (another starts over)."""
    kept = st.session_state.setdefault("handedit", {"context": None, "edits": []})
    if kept["context"] != context:
        st.session_state.handedit = {"context": context, "edits": []}
    return list(st.session_state.handedit["edits"])


def _set_edits(edits: list[dict]) -> None:
    st.session_state.handedit = {**st.session_state.handedit, "edits": edits}


def undo() -> None:
    _set_edits(st.session_state.handedit["edits"][:-1])


def restart() -> None:
    _set_edits([])


# --------------------------------------------------------------------- the view


def hand_edit(current: dict) -> None:
    """The edit form, the last edit's accuracies, the edits so far and both trees."""
    st.caption(t("he.intro"))
    dataset = current["source"]
    try:
        base, X, y, X_val, y_val, source = basis(
            dataset["data"], dataset["filename"], current["choices"], current["options"],
            dataset.get("bundled_key"), current["trace_id"], current["trace"])
    except (ValueError, MemoryError) as error:
        st.warning(t("error.memory") if isinstance(error, MemoryError) else error_text(error))
        return
    st.caption(t(f"he.validation.{source}", n=len(y_val), train=len(y)))
    context = f"{current['trace_id']}::{source}"
    edits = edits_for(context)
    edits_json = json.dumps(edits, ensure_ascii=False)
    try:
        steps = replayed(context, edits_json, current["options"], base, X, y, X_val, y_val)
    except DataError as error:  # an edit the tree no longer takes: start over, say why
        st.warning(t("he.error.edit", reason=error_text(error)))
        restart()
        return
    student = steps[-1][0]
    edit = _edit_form(student, X)
    if edit is not None:
        _apply(edit, student, X, y, (X_val, y_val), edits, current["options"])
    _last_edit(steps, edits, (f"{context}::{edits_json}", current["options"]))
    _log(edits, steps, current["options"])
    _both_trees(steps)


def _node_paths(trace: dict) -> dict[str, int]:
    """{path as --force writes it: id} of the nodes in the tree (not pruned away)."""
    return {key: n["id"] for key, n in zip(path_keys(trace), trace["nodes"], strict=True)
            if not n.get("pruned_away")}


def _edit_form(student: dict, X: pd.DataFrame) -> handedit.Edit | None:
    """The node, the edit and its settings; the edit when "apply" was pressed."""
    ids, titles = _node_paths(student), node_titles(student)
    paths = list(ids)
    if st.session_state.get("he_node") not in paths:
        st.session_state.pop("he_node", None)
    path = st.selectbox(t("he.node"), paths, key="he_node", format_func=labelled(
        paths, lambda p: titles[ids[p]], key="he_node"))
    action = st.radio(t("he.action"), ACTIONS, key="he_action", horizontal=True,
                      format_func=labelled(ACTIONS, lambda a: t(f"he.action.{a}"), key="he_action"))
    node = student["nodes"][ids[path]]
    kinds = {a["name"]: a for a in student["attributes"]}
    if action == "prune":
        return _prune_form(path, node)
    if action == "regroup":
        return _regroup_form(path, [a for a in kinds.values() if a["kind"] == "nominal"])
    if action == "auto":
        return _auto_form([p for p, i in ids.items()
                           if student["nodes"][i]["decision"]["kind"] == "split"])
    return _cut_form(path, [n for n, a in kinds.items() if a["kind"] == "continuous"], X)


def _prune_form(path: str, node: dict) -> handedit.Edit | None:
    leaf = node["decision"]["kind"] == "leaf"
    if leaf:
        st.info(t("he.leaf"))
    pressed = st.button(t("he.apply"), key="he_apply", disabled=leaf)
    return handedit.Edit("prune", path) if pressed else None


def _regroup_form(path: str, nominal: list[dict]) -> handedit.Edit | None:
    if not nominal:
        st.info(t("he.no_nominal"))
        return None
    names = [a["name"] for a in nominal]
    name = st.selectbox(t("he.attribute"), names, key="he_nominal")
    values = list(next(a for a in nominal if a["name"] == name)["values"])
    first = st.multiselect(t("he.group.first"), values, key=f"he_group::{name}",
                           placeholder=t("he.group.placeholder"))
    rest = [v for v in values if v not in first]
    if not st.button(t("he.apply"), key="he_apply"):
        return None
    if not first or not rest:
        st.error(t("he.error.groups"))
        return None
    return handedit.Edit("regroup", path, name, (tuple(first), tuple(rest)))


def _cut_form(path: str, continuous: list[str], X: pd.DataFrame) -> handedit.Edit | None:
    if not continuous:
        st.info(t("he.no_continuous"))
        return None
    name = st.selectbox(t("he.attribute"), continuous, key="he_continuous")
    values = pd.to_numeric(X[name], errors="coerce").to_numpy(dtype=float)
    middle = float(np.nanmedian(values)) if np.isfinite(values).any() else 0.0
    threshold = st.number_input(t("he.threshold"), value=middle, step=0.001, format="%.4f",
                                key=f"he_threshold::{name}")
    if not st.button(t("he.apply"), key="he_apply"):
        return None
    return handedit.Edit("cut", path, name, threshold=float(threshold))


def _auto_form(splits: list[str]) -> handedit.Edit | None:
    """An automatic pruning of the student's tree; the locked nodes keep their splits."""
    methods = handedit.AUTO_METHODS
    method = st.selectbox(t("he.auto.method"), methods, key="he_auto_method",
                          format_func=labelled(methods, lambda m: t(f"prune.method.{m}"),
                                               key="he_auto_method"))
    alpha = 0.0
    if method == "cost":
        alpha = st.number_input(t("prune.cost_alpha"), 0.0, 1e6, 0.0, step=0.5,
                                key="he_auto_alpha", help=t("prune.cost_alpha.help"))
    locked = st.multiselect(t("he.locked"), splits, key="he_locked", help=t("he.locked.help"),
                            format_func=labelled(splits, path_words, key="he_locked"),
                            placeholder=t("he.locked.placeholder"))
    if not st.button(t("he.apply"), key="he_apply"):
        return None
    return handedit.Edit("auto", "root", method=method, alpha=float(alpha),
                         locked=tuple(locked))


def _apply(edit: handedit.Edit, student: dict, X, y, validation, edits: list[dict],
           options) -> None:
    """Make the edit on the student's tree (the core refuses what cannot be done)."""
    try:
        handedit.apply(Trace.from_dict(student), edit, X, y, validation, options)
    except DataError as error:
        st.error(t("he.error.edit", reason=error_text(error)))
        return
    _set_edits([*edits, edit.as_dict()])
    st.rerun()



def _last_edit(steps: list, edits: list[dict], named: tuple) -> None:
    """The last edit's accuracies; named: (the tree and its edits, the sidebar's options), as
    replayed is keyed, for the ties' cache."""
    if len(steps) < 2:
        return
    st.markdown(f"**{t('he.last')}**")
    before, after = steps[-2][1], steps[-1][1]
    cols = st.columns(2)
    before_text, after_text, change = percent_change(before, after)  # a tie is grey
    cols[0].metric(t("he.before"), before_text)
    cols[1].metric(t("he.after"), after_text, **change)
    if edits[-1]["kind"] == "auto" and edits[-1]["method"] == "rep":
        _ties(named, steps[-1][0])


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def tie_lines(named: tuple, lang: str, notation: str, decimals: int,
              _student: dict) -> list[str]:
    """Each tie of the automatic reduced-error pruning in the sentence of the rule that decided
    it, once per tree and edits (named), language, notation and decimals, not on every rerun
    (a 3,000-row upload's tree had 484)."""
    tied = [e for e in _student.get("pruning", ()) if relation(e["before"], e["after"]) == "eq"]
    return ["- " + tm(pruning.reason_key(event, "rep"),
                      **pruning.event_values(_student, event, decimals)) for event in tied]


def _ties(named: tuple, student: dict) -> None:
    """The automatic reduced-error pruning's decisions where validation accuracy tied, each in
    the sentence of the rule that decided it (pruned with prune on a tie, else kept): the first
    TIES_SHOWN on the page, every one in the download."""
    lines = tie_lines(named, current_language(), state.notation().key,
                      int(st.session_state.decimals), student)
    if not lines:
        st.caption(t("he.auto.no_ties"))
        return
    st.markdown(t("he.auto.ties", n=len(lines)))
    for line in lines[:TIES_SHOWN]:
        st.markdown(line)
    if len(lines) > TIES_SHOWN:
        st.info(t("he.auto.ties.first", shown=TIES_SHOWN, n=len(lines)))
        st.download_button(t("he.auto.ties.download"),
                           "\n".join([t("he.auto.ties", n=len(lines)), "", *lines, ""]),
                           file_name("ties", "md"), "text/markdown", key="he_ties_dl")


def edit_text(edit: dict, decimals: int, prune_on_tie: bool) -> str:
    """The edit in words; prune_on_tie (the options' field): how its automatic reduced-error
    pruning broke a tie."""
    if edit["kind"] == "regroup":
        groups = " | ".join("{" + ", ".join(g) + "}" for g in edit["groups"])
        return t("he.edit.regroup", attribute=edit["attribute"], groups=groups)
    if edit["kind"] == "cut":
        # the cut as typed, not to the table's decimals: 0.4028 to 3 decimals reads 0.403,
        # a cut above the row 0.403 it sends right
        return t("he.edit.cut", attribute=edit["attribute"],
                 threshold=typed_text(edit["threshold"]))
    if edit["kind"] == "auto":
        locked = t("list.join").join(map(path_words, edit["locked"])) or t("he.locked.none")
        return t("he.edit.auto", method=auto_method_text(edit["method"], prune_on_tie),
                 locked=locked)
    return t("he.edit.prune")


def auto_method_text(method: str, prune_on_tie: bool) -> str:
    """The automatic pruning's name; reduced-error pruning's with the way it breaks a tie."""
    name = t(f"prune.method.{method}")
    if method != "rep":
        return name
    return t("he.auto.rep.tie_prunes" if prune_on_tie else "he.auto.rep.tie_keeps", method=name)


def typed_text(x: float) -> str:
    """A number as the student typed it: format_number's form where that reads back as the
    same number, else its shortest form that does (1.2345672, not 1.23457, which the tree,
    writing the cut to the digits it needs between its rows, would not read either)."""
    text = format_number(x)
    return text if float(text) == float(x) else repr(float(x))


def _log(edits: list[dict], steps: list, options) -> None:
    st.markdown(f"**{t('he.log')}**")
    if not edits:
        st.caption(t("he.log.none"))
    decimals = int(st.session_state.decimals)
    for k, edit in enumerate(edits):
        before, after = told_apart_percent(steps[k][1], steps[k + 1][1])
        st.markdown(tm("he.log.row", k=k + 1,
                       edit=edit_text(edit, decimals, options.prune_on_tie),
                       path=path_words(edit["path"], t("node.root.bare")), before=before,
                       after=after))  # "1. At the root: …", not "1. At (root): …"
    cols = st.columns(2)
    cols[0].button(t("he.undo"), key="he_undo", on_click=undo, disabled=not edits)
    cols[1].button(t("he.restart"), key="he_restart", on_click=restart, disabled=not edits)


def _leaves(trace: dict) -> int:
    return sum(1 for n in trace["nodes"]
               if n["decision"]["kind"] == "leaf" and not n.get("pruned_away"))


def side_by_side_accuracies(steps: list) -> tuple[str, str]:
    """The algorithm's and the student's validation accuracies, told apart (1501/3000 is not
    50.0% beside 1500/3000)."""
    return told_apart_percent(steps[0][1], steps[-1][1])


def _both_trees(steps: list) -> None:
    """The algorithm's tree and the student's, each with its validation accuracy: side by side
    when both fit (widgets.SIDE_BY_SIDE_NODES), else one a row, each cut to its top levels."""
    decimals = int(st.session_state.decimals)
    shown = side_by_side_accuracies(steps)
    trees = (steps[0][0], steps[-1][0])
    for place, name, trace, accuracy in zip(tree_places(list(trees)), ("algorithm", "student"),
                                            trees, shown, strict=True):
        with place:
            st.markdown(f"**{t(f'he.{name}')}**")
            inner = st.columns(2)
            inner[0].metric(t("he.accuracy"), accuracy)
            inner[1].metric(t("he.leaves"), _leaves(trace))
            part = drawn_part(trace, most=widgets.SIDE_BY_SIDE_NODES)
            source = to_dot(trace, decimals=decimals, **part).source
            st.session_state[f"he_dot_{name}"] = source
            st.graphviz_chart(source, width="stretch")
