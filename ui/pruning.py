"""Pruning in the app: the sidebar's method, parameters and validation set; the book's Table 4.2
example; the grow page's pruning phase (step through the trace's pruning events); CART's
cost-complexity path.

Every number shown comes from a trace: an event's before/after, a node's counts. The sentence of
an event is chosen from its method, action and how its two numbers compare (reason_key), so a
sentence can only say what the method's rule did.

Subtree raising changes the tree's shape, not only its leaves: the pruning phase draws the tree
as it stood at each event (raising_snapshot, built from the raise events' `replaced` and
`new_nodes`), a raise before and after; growth_view is the grown tree a growth replay needs.
"""

from __future__ import annotations

import math
from dataclasses import replace

import plotly.graph_objects as go
import streamlit as st

from dtree_core.datasets import get
from dtree_core.dot import grown_decision, to_dot
from dtree_core.fitted_trace import FittedTrace
from dtree_core.growing import label_tie
from dtree_core.labels import branch_text, format_number
from dtree_core.options import PRUNE_METHODS, Options, normalise_force
from dtree_core.pruning import (
    VALIDATED,
    at_most,
    event_number,
    event_places,
    is_raising_event,
    path_cuts,
    relation,
)
from dtree_core.split import told_apart
from dtree_core.wording import percent
from ui import cost_pruning, engine, state
from ui.messages import has, labelled, literal, t, tm
from ui.names import bundled_name
from ui.widgets import drawn_part, majority_tie, path_text, ties_sentence

# Zhou's Table 4.2 as one record: its training rows (with their paired validation rows), and
# the sidebar's defaults but ID3, the book's root and post-pruning. The button puts it in the
# sidebar, book_traces grows from it, and book_panel shows the book's figures only while the
# tree shown grew from it: after any other choice they would not be that tree's.
BOOK_DATASET = "watermelon_2.0_train"
BOOK_OPTIONS = replace(state.LINK_BASE, algorithm="id3", prune="rep",
                       # 脐部 ties 色泽 at the root (Gain 0.2755); the book takes 脐部
                       force=normalise_force({"root": "脐部"})).checked()
BOOK_METHODS = ("pre", "rep")  # Figs. 4.6 and 4.7: the record's tree pruned either way


# --------------------------------------------------------------------- sidebar


def sidebar_options(dataset: dict, upload_types: list[str]) -> tuple[dict, dict | None, bool]:
    """The Pruning expander: (Options fields, validation spec, ready to grow).

    Not ready when the method needs a validation set the user has not given yet.
    """
    with st.expander(t("prune.header")):
        method = st.selectbox(t("prune.method"), PRUNE_METHODS, key="prune",
                              format_func=labelled(PRUNE_METHODS,
                                                   lambda m: t(f"prune.method.{m}"), key="prune"),
                              help=t("prune.method.help"))
        params = {"prune": method, **_method_parameters(method)}
        spec = validation_spec(dataset, upload_types, optional=method == "ccp") \
            if method in (*VALIDATED, "ccp") else None
    # Outside the expander: the way into §4.3 should be seen without opening anything.
    st.button(t("book.button"), key="book_example_button", on_click=load_book_example,
              help=t("book.button.help"), width="stretch")
    ready = method not in VALIDATED or spec is not None
    if not ready:  # the pages show the last tree grown, if there is one
        shown = st.session_state.get("current") is not None
        st.warning(t("prune.validation.missing" if shown else "prune.validation.missing.none"))
    return params, spec, ready


def _method_parameters(method: str) -> dict:
    """The one parameter each method has (the rest keep Options' defaults)."""
    if method == "rep":
        return {"prune_on_tie": st.checkbox(t("prune.on_tie"), key="prune_on_tie",
                                            help=t("prune.on_tie.help"))}
    if method == "pep":
        return {"cf": float(st.number_input(t("prune.cf"), 0.01, 0.5, 0.25, step=0.05,
                                            key="prune_cf", help=t("prune.cf.help"))),
                "subtree_raising": st.checkbox(t("prune.raising"), key="prune_raising",
                                               help=t("prune.raising.help")),
                "pep_margin": float(st.number_input(t("prune.margin"), 0.0, 1.0, 0.0,
                                                    step=0.1, key="prune_margin",
                                                    help=t("prune.margin.help")))}
    if method == "ccp":
        return {"ccp_alpha": float(st.number_input(
            t("prune.ccp_alpha"), 0.0, 1.0, 0.0, step=0.005, format="%.4f", key="ccp_alpha",
            help=t("prune.ccp_alpha.help")))}
    if method == "cost":  # Li Hang's α: in N·bits, so not bounded by 1 as CART's is
        linked = float(st.session_state.get("ccp_alpha", 0.0))  # a shared link's ccp_alpha
        return {"ccp_alpha": float(st.number_input(
            t("prune.cost_alpha"), 0.0, 1e6, linked, step=0.5, key="cost_alpha",
            help=t("prune.cost_alpha.help")))}
    return {}


def paired_key(dataset: dict) -> str | None:
    """The bundled validation set paired with this bundled dataset (Table 4.2's), if any."""
    key = dataset.get("bundled_key")
    return get(key).validation if key else None


def validation_source_key(dataset: dict) -> str:
    """The source radio's key: its choices differ with and without a paired set."""
    return f"validation_source::{paired_key(dataset) is not None}"


def validation_spec(dataset: dict, upload_types: list[str],
                    optional: bool = False) -> dict | None:
    """Where the validation rows come from (ui.engine.training_and_validation reads it).
    optional (cost-complexity pruning, for its path chart): "none" comes first. Then the
    book's paired set, where there is one, else a seeded split of the rows: either grows a
    tree at once, so a link with prune=rep or pre (which carries no validation file) opens
    one; a second upload is the last choice."""
    sources = (["none"] if optional else []) + (["paired"] if paired_key(dataset) else []) \
        + ["split", "upload"]
    key = validation_source_key(dataset) + ("::optional" if optional else "")
    source = st.radio(t("prune.validation"), sources, key=key,
                      format_func=labelled(sources, lambda s: t(f"prune.validation.{s}"), key=key))
    if source == "none":
        return None
    if source == "paired":
        return _paired_spec(dataset)
    if source == "upload":
        return _uploaded_spec(upload_types)
    share = st.slider(t("prune.validation.share"), 0.1, 0.5, 0.3, step=0.05,
                      key="validation_share")
    seed = st.number_input(t("prune.validation.seed"), 0, 2**31 - 1, 0, key="validation_seed")
    st.caption(t("prune.validation.split_caption", share=f"{share:.0%}"))
    return {"source": "split", "share": float(share), "seed": int(seed)}


def _paired_spec(dataset: dict) -> dict:
    st.caption(tm("prune.validation.paired_caption", name=bundled_name(paired_key(dataset))))
    return paired_spec(dataset)


def paired_spec(dataset: dict) -> dict | None:
    """The paired validation set as a validation spec (the sidebar's, when it picks it)."""
    key = paired_key(dataset)
    if key is None:
        return None
    paired = get(key)
    return {"source": "file", "data": paired.path.read_bytes(), "filename": paired.path.name}


def _uploaded_spec(upload_types: list[str]) -> dict | None:
    upload = st.file_uploader(t("prune.validation.file"), type=upload_types,
                              key="validation_upload")
    if upload is None:
        return None
    return {"source": "file", "data": upload.getvalue(), "filename": upload.name}


# --------------------------------------------------------------------- the book's example


def load_book_example() -> None:
    """on_click: Table 4.2 in the sidebar (BOOK_OPTIONS on its training rows, its paired
    validation set): every choice that shapes the tree, so the tree grown is the book's."""
    book = get(BOOK_DATASET)
    key = engine.data_key(book.path.read_bytes())
    # The dataset's target, every attribute but 编号 and the kinds read from the file, as the
    # sidebar starts.
    for widget in (f"target::{key}", f"attrs::{key}::{book.target}", f"nominal::{key}",
                   f"continuous::{key}"):
        st.session_state.pop(widget, None)
    state.set_sidebar(BOOK_OPTIONS)
    st.session_state.source = "bundled"
    st.session_state.bundled_key = BOOK_DATASET
    st.session_state[validation_source_key({"bundled_key": BOOK_DATASET})] = "paired"
    st.session_state.forces = {**st.session_state.forces, key: dict(BOOK_OPTIONS.force)}
    st.session_state.book_example = True


def book_setup() -> tuple[bytes, str, dict]:
    """The book's training file (bytes, name) and the sidebar's data choices for it."""
    train = get(BOOK_DATASET)
    data = train.path.read_bytes()
    table = engine.load_table(data, train.path.name)
    attributes = [str(c) for c in table.frame.columns
                  if c != train.target and c not in table.report.id_columns]  # not 编号
    return data, train.path.name, {"target": train.target, "attributes": attributes,
                                   "sheet": None, "encoding": None,
                                   "validation": paired_spec({"bundled_key": BOOK_DATASET})}


def book_traces() -> dict[str, dict]:
    """Table 4.2's pre-pruned and post-pruned traces, grown through the app's cache (the
    sidebar's own trees when it holds the book's setup)."""
    data, filename, choices = book_setup()
    return {method: engine.grow_trace(data, filename, choices,
                                      replace(BOOK_OPTIONS, prune=method))
            for method in BOOK_METHODS}


def shows_the_book(current: dict) -> bool:
    """Is the tree shown the book's (its every choice the book's): Fig. 4.5's unpruned tree,
    which the sidebar grows without the validation rows, or one of book_traces'?"""
    data, _, choices = book_setup()
    unpruned = {name: value for name, value in choices.items() if name != "validation"}
    return current["trace_id"] in {
        engine.trace_key(data, unpruned, replace(BOOK_OPTIONS, prune="none")),
        *(engine.trace_key(data, choices, replace(BOOK_OPTIONS, prune=method))
          for method in BOOK_METHODS)}


def changes_the_tree(event: dict, method: str) -> bool:
    """Did the event change the tree? Pre-pruning's `keep` makes a split; post-pruning's
    `prune` cuts one. Its `after` is then the tree's measure from here on."""
    return event["action"] == ("keep" if method == "pre" else "prune")


def final_measure(trace: dict) -> float:
    """The pruned tree's validation accuracy: the measure after the last event."""
    method, last = trace["params"]["prune"], trace["pruning"][-1]
    return last["after"] if changes_the_tree(last, method) else last["before"]


def book_accuracies() -> dict[str, float]:
    """Validation accuracy of Figs. 4.5, 4.6, 4.7, from the traces' pruning events: the
    unpruned tree's is the first post-pruning event's `before` (the whole grown tree)."""
    traces = book_traces()
    return {"unpruned": traces["rep"]["pruning"][0]["before"],
            "pre": final_measure(traces["pre"]), "rep": final_measure(traces["rep"])}


def book_panel() -> None:
    """The three accuracies of §4.3 once the book's example was loaded, while the tree shown
    is the book's; after a change to its setup, a word that they are not shown and a way back."""
    current = st.session_state.get("current")
    if not st.session_state.get("book_example") or current is None \
            or current["source"].get("bundled_key") != BOOK_DATASET:
        return
    if not shows_the_book(current):
        st.caption(t("book.changed"))
        st.button(t("book.restore"), key="book_example_restore", on_click=load_book_example)
        return
    st.subheader(t("book.title"))
    st.caption(t("book.caption"))
    accuracies = book_accuracies()
    for col, (name, value) in zip(st.columns(3), accuracies.items(), strict=True):
        col.metric(t(f"book.{name}"), percent(value))


# --------------------------------------------------------------------- the pruning phase


def measure_text(event: dict, value: float, decimals: int) -> str:
    """Validation accuracy as a percent (the book's 42.9%); the others as numbers; each to as
    many more places as tell apart what the event compared (dtree_core.pruning.event_number)."""
    return event_number(event, value, decimals)


def raising_key(event: dict) -> str:
    """Subtree raising's sentence: which of J48's tests passed. The leaf needs errors_leaf ≤
    errors_tree + margin and ≤ errors_branch + margin; the raise errors_branch ≤ errors_tree +
    margin (failing the leaf's test against the branch alone implies the raise)."""
    margin = event["margin"]
    leaf, tree, branch = event["errors_leaf"], event["errors_tree"], event["errors_branch"]
    if event["action"] == "prune":
        passed = at_most(leaf, tree + margin) and at_most(leaf, branch + margin)
        return "prune.reason.pep_raising.prune" + ("" if passed else ".??")
    failed = "tree" if not at_most(leaf, tree + margin) else "branch"
    raises = at_most(branch, tree + margin)
    return f"prune.reason.pep_raising.{'raise' if raises else 'keep'}.{failed}" + \
        ("" if (event["action"] == "raise") == raises else ".??")


def reason_key(event: dict, method: str) -> str:
    """The catalogue key of the event's sentence. pep prunes when after ≤ before (+ its
    margin) and ccp when g(t) (before) ≤ ccp_alpha (after): their relations are le/gt; pre and
    rep's are gt/eq/lt. Subtree raising's events compare three estimates (raising_key). A key
    the numbers contradict is not in the catalogue (a test holds every event to one)."""
    if is_raising_event(event):
        return raising_key(event)
    found = relation(event["before"], event["after"])
    if method == "pep" and "margin" in event:
        found = "le" if at_most(event["after"], event["before"] + event["margin"]) else "gt"
        return f"prune.reason.pep_margin.{event['action']}.{found}"
    if method == "pep":
        found = "gt" if found == "gt" else "le"
    elif method == "ccp":
        found = "gt" if relation(event["after"], event["before"]) == "gt" else "le"
    return f"prune.reason.{method}.{event['action']}.{found}"


def event_values(trace: dict, event: dict, decimals: int, k: int | None = None) -> dict:
    """The values an event's sentence is filled with. k: the event's index, for subtree
    raising, where a node's test before event k may be one an earlier raise gave it."""
    node = trace["nodes"][event["node"]]
    decision = node["decision"]
    split = decision.get("was") or decision
    if k is not None and has_raises(trace):
        split = raising_snapshot(trace, k, applied=k - 1)["nodes_by_id"][event["node"]][
            "decision"]
    places = event_places(event, decimals)  # what the rule compared, told apart
    values = {"before": measure_text(event, event["before"], decimals),
              "after": measure_text(event, event["after"], decimals),
              "attribute": split.get("attribute") or "", "label": decision["label"],
              # parameters as typed (CF 0.25 read 0.2 at one decimal, 0 at none)
              "cf": format_number(event.get("cf", 0.0)),
              "leaves": event.get("leaves", ""),
              "margin": format_number(event.get("margin", 0.0))}
    if is_raising_event(event):
        largest = trace["nodes"][event["largest"]]
        values.update({name: format_number(event[f"errors_{name}"], places)
                       for name in ("leaf", "tree", "branch")},
                      largest=largest["id"], n=node["n"],
                      condition=branch_text(largest["branch"]),
                      raised=largest["decision"].get("attribute") or "")
    return values


def event_sentence(trace: dict, event: dict, decimals: int, k: int | None = None) -> str:
    """The rule that decided, in the session's language, with the event's own numbers."""
    return tm(reason_key(event, trace["params"]["prune"]),
              **event_values(trace, event, decimals, k))


def action_text(event: dict, method: str) -> str:
    key = f"prune.action.pre.{event['action']}" if method == "pre" else \
        f"prune.action.{event['action']}"
    return t(key)


# --------------------------------------------------------------------- subtree raising


def has_raises(trace: dict) -> bool:
    return any(e["action"] == "raise" for e in trace.get("pruning") or ())


def growth_view(trace: dict) -> dict:
    """The trace as it was grown, which a growth replay steps through (pruning comes after,
    in its own phase): each post-pruned or raised node with the decision it was grown with
    (its `decision.was`), so its panel and lit lines are the split TreeGenerate made there;
    the nodes a raise created left out (their ids come after the grown tree's, so ids still
    index the list), each raised node with the children it grew. A trace without
    post-pruning is returned as it is. (A pre-pruned node never grew its split.)"""
    raises = [e for e in trace.get("pruning") or () if e["action"] == "raise"]
    if not raises and not any(grown_decision(n) is not n["decision"] for n in trace["nodes"]):
        return trace
    created = {i for e in raises for i in e["new_nodes"]}
    grown_children = {e["node"]: e["replaced"] for e in reversed(raises)}  # the first raise's
    nodes = [{**n, "decision": grown_decision(n),
              "children": list(grown_children.get(n["id"], n["children"]))}
             for n in trace["nodes"] if n["id"] not in created]
    return {**trace, "nodes": nodes, "steps": [i for i in trace["steps"] if i not in created]}


def raising_snapshot(trace: dict, k: int, applied: int | None = None) -> dict:
    """The trace as the tree stood once pruning events 0..applied (default k) were decided,
    for dtree_core.dot's pruning replay at event k: a raised node has the test it had then
    and the children it had then; nodes a later raise creates, and nodes a raise replaced,
    are left out (a raise's `replaced` and `new_nodes` say which). `nodes_by_id` maps ids to
    the nodes kept."""
    events = trace["pruning"]
    applied = k if applied is None else applied
    nodes = {n["id"]: n for n in trace["nodes"]}
    decision = {i: grown_decision(n) for i, n in nodes.items()}
    children = {i: list(n["children"]) for i, n in nodes.items()}
    for event in reversed([e for e in events if e["action"] == "raise"]):
        children[event["node"]] = list(event["replaced"])  # as grown, before the first raise
    for event in events[:applied + 1]:
        node = event["node"]
        if event["action"] == "raise":
            new = set(event["new_nodes"])
            children[node] = [c for c in nodes if c in new and nodes[c]["parent"] == node]
            decision[node] = {**decision[event["largest"]], "was": None,
                              "label": decision[node]["label"]}
        elif event["action"] == "prune":
            decision[node] = nodes[node]["decision"]
    kept, stack = [], [0]
    while stack:
        at = stack.pop()
        kept.append(at)
        stack.extend(children[at])
    shown = [{**nodes[i], "decision": decision[i], "children": children[i]}
             for i in sorted(kept)]
    # The decisions on nodes a raise then replaced are not drawn (their nodes are not).
    kept_set = set(kept)
    drawn = [e if e["node"] in kept_set else {**e, "action": "replaced"} for e in events[:k + 1]]
    return {**trace, "nodes": shown, "pruning": drawn,
            "nodes_by_id": {n["id"]: n for n in shown}}


def phase(trace: dict) -> None:
    """Step through the pruning events like growth: buttons, a slider, the tree, the numbers."""
    method = trace.get("params", {}).get("prune", "none")
    if method == "none":
        return
    st.subheader(t("prune.phase", method=t(f"prune.method.{method}")))
    _unseen_classes_warning(trace)
    events = trace.get("pruning") or []
    if not events:
        st.info(t("prune.phase.none"))
        return
    # pre-pruning decides while growing: the tree above already lacks the splits it refused
    own = f"prune.phase.intro.{method}"  # pre-pruning's and ccp's events say other things
    st.caption(t(own if has(own) else "prune.phase.intro", events=len(events)))
    last = len(events) - 1
    state.keep_prune_step(last)
    _controls(last)
    k = st.session_state.prune_step
    event, decimals = events[k], int(st.session_state.decimals)
    _event_view(trace, event, k, last, method, decimals)
    tree_chart(trace, k, decimals)
    if method == "ccp":
        path_chart(trace, decimals)


def _unseen_classes_warning(trace: dict) -> None:
    """Say when validation rows have classes the tree never saw: they are wrong under every
    pruning, so the accuracies compared are lower than the file suggests (yes/no against 是/否
    made every event 0.0% against 0.0%)."""
    validation = current_validation()
    if validation is None:
        return
    classes, rows = engine.unseen_classes(validation[1], trace["classes"])
    if classes:
        named = t("list.join").join(classes)
        st.warning(tm("prune.unseen_classes", classes=named, n=rows, total=len(validation[1])))


def _controls(last: int) -> None:
    cols = st.columns(4)
    moves = {"first": -last - 1, "prev": -1, "next": 1, "last": last + 1}
    for col, (name, delta) in zip(cols, moves.items(), strict=True):
        col.button(t(f"grow.{name}"), key=f"prune_{name}", on_click=state.move_prune,
                   args=(delta, last), width="stretch")
    # counted from 1, as the decision's sentence counts them ("decision 3 of 7")
    st.session_state.prune_slider = st.session_state.prune_step + 1
    st.slider(t("prune.event"), 1, max(last + 1, 2), key="prune_slider", disabled=last == 0,
              on_change=state.prune_from_widget, args=("prune_slider", last))


def _event_view(trace: dict, event: dict, k: int, last: int, method: str,
                decimals: int) -> None:
    node = trace["nodes"][event["node"]]
    # the root's form brackets "root" itself: no comma before a bracket (#0，（根结点）)
    key = "prune.event_of" if node["parent"] is not None else "prune.event_of.root"
    st.markdown(tm(key, k=k + 1, total=last + 1, node=node["id"], path=path_text(trace, node)))
    st.caption(t("prune.measure", measure=t(f"prune.measure.{event['measure']}")))
    if is_raising_event(event):
        _raising_metrics(event, decimals)
    else:
        cols = st.columns(3)
        cols[0].metric(t(f"prune.before.{method}"),
                       measure_text(event, event["before"], decimals))
        cols[1].metric(t(f"prune.after.{method}"), measure_text(event, event["after"], decimals))
        cols[2].metric(t("prune.verdict"), action_text(event, method))
    if event["measure"] == "loss":  # Li Hang's C_α: its two terms (ui.cost_pruning)
        cost_pruning.loss_terms(event, event_places(event, decimals))
    if event.get("shared_rows"):  # accuracies counted by shares: say why 49.6% of 7 rows
        st.caption(t("prune.shared_rows", count=event["shared_rows"],
                     n=event["validation_rows"]))
    if event.get("unlabelled_rows"):
        st.caption(t("prune.unlabelled_rows", count=event["unlabelled_rows"],
                     n=event["validation_rows"]))
    st.info(event_sentence(trace, event, decimals, k))
    tied = label_tie(trace["classes"], node) if event["action"] == "prune" else ()
    if tied:  # the leaf's label won a tie of its counts: said as the grow panel says it
        st.caption(majority_tie(tied, node["class_counts"][tied[0]], literal))


def _raising_metrics(event: dict, decimals: int) -> None:
    """The three estimates J48 compares, and the decision."""
    places = event_places(event, decimals)  # the three estimates told apart
    cols = st.columns(4)
    cols[0].metric(t("prune.errors.leaf"), format_number(event["errors_leaf"], places))
    cols[1].metric(t("prune.errors.tree"), format_number(event["errors_tree"], places))
    cols[2].metric(t("prune.errors.branch", node=event["largest"]),
                   format_number(event["errors_branch"], places))
    cols[3].metric(t("prune.verdict"), action_text(event, "pep"))
    st.caption(t("prune.errors.margin", margin=format_number(event["margin"]),
                 cf=format_number(event["cf"])))


def tree_chart(trace: dict, k: int, decimals: int) -> None:
    """The tree after event k; the DOT source is kept for the tests. A raise is drawn twice:
    the tree before it and after it."""
    part = drawn_part(trace, pruning_step=k)  # one part for both drawings of a raise
    if not has_raises(trace):
        source = to_dot(trace, pruning_step=k, decimals=decimals, **part).source
        st.session_state.prune_dot_source = source
        st.graphviz_chart(source, width="stretch")
        return
    event = trace["pruning"][k]
    source = to_dot(raising_snapshot(trace, k), pruning_step=k, decimals=decimals,
                    **part).source
    st.session_state.prune_dot_source = source
    if event["action"] != "raise":
        st.graphviz_chart(source, width="stretch")
        return
    before = to_dot(raising_snapshot(trace, k, applied=k - 1), pruning_step=k,
                    decimals=decimals, **part).source
    st.session_state.prune_dot_before_source = before
    left, right = st.columns(2)
    left.caption(t("prune.raise.before", node=event["node"]))
    left.graphviz_chart(before, width="stretch")
    right.caption(t("prune.raise.after", node=event["node"], largest=event["largest"],
                    new=len(event["new_nodes"])))
    right.graphviz_chart(source, width="stretch")


# --------------------------------------------------------------------- CART's pruning path


def path_points(trace: dict, training, validation=None) -> list[dict]:
    """The grown tree's weakest-link sequence (dtree_core.pruning): for each subtree its alpha,
    its leaves, its training accuracy (the share of the training rows=(X, y) it grew on that
    it predicts right, as the evaluate page counts training accuracy) and, given
    validation=(X, y), its accuracy on those rows. Not 1 − R(T)/N from the leaves' counts:
    a row with an unknown value is spread over the branches by weight there, and predicted
    as one class (on Table 4.4 with CART, 97.5% from the counts where every row is right)."""
    grown = FittedTrace.from_dict(unpruned(trace))
    cuts = path_cuts(grown.trace)
    leaves = [sum(1 for n in grown.trace.nodes if n.is_leaf or not n.children)]
    for cut in cuts:  # a cut makes its subtree's leaves one
        leaves.append(leaves[-1] - (cut.leaves - 1))
    accuracies = {"train": grown.path_accuracies(*training, [c.node for c in cuts])}
    if validation is not None:
        accuracies["validation"] = grown.path_accuracies(*validation, [c.node for c in cuts])
    alphas = [0.0, *(c.alpha for c in cuts)]
    return [{"alpha": float(alpha), "leaves": count,
             **{name: values[k] for name, values in accuracies.items()}}
            for k, (alpha, count) in enumerate(zip(alphas, leaves, strict=True))]


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def _path_points_of(trace_id: str, _trace: dict, _training, _validation) -> list[dict]:
    """path_points once per tree, not on every rerun: trace_id (engine.trace_key) names the
    file, the data choices (the validation rows among them) and the options."""
    return path_points(_trace, _training, _validation)


def current_validation():
    """The sidebar tree's validation rows (X, y), or None. Read with the tree's own data and
    choices (the sidebar's dataset may be one the tree was not grown from yet)."""
    current = st.session_state.get("current")
    if not current or current.get("source") is None \
            or current["choices"].get("validation") is None:
        return None
    return current_rows(current)[1]


def current_rows(current: dict):
    """(the rows (X, y) the tree grew on, its validation rows (X, y) or None), read with the
    tree's own data, choices and options."""
    X, y, validation = engine.rows_and_validation(current, current["source"])
    return (X, y), validation


def offered_validation(dataset: dict, choices: dict) -> dict | None:
    """The validation rows the sidebar offers a tree it did not grow: its own (its pruning
    chose them), else the set the book pairs with a bundled dataset (the sidebar's first
    choice for it, unshown while the sidebar's own tree is not pruned by validation rows)."""
    return choices.get("validation") or paired_spec(dataset)


def choices_for(dataset: dict, choices: dict, options: Options) -> dict:
    """The sidebar's data choices for a tree with other options: validation rows for pre- and
    reduced-error pruning (none offered: refused when grown, saying what to choose); none for
    the others, which grow on every row (cost-complexity pruning would carve a validation split
    out of them for the sidebar's path chart, which no other tree draws)."""
    rest = {key: value for key, value in choices.items() if key != "validation"}
    spec = offered_validation(dataset, choices) if options.prune in VALIDATED else None
    return rest if spec is None else {**rest, "validation": spec}


def validation_text(dataset: dict, spec: dict) -> str:
    """Which rows a validation spec names, in words: the paired set, a file, or a split."""
    if spec["source"] == "split":
        return t("prune.rows.split", share=f"{spec['share']:.0%}", seed=spec["seed"])
    paired = paired_spec(dataset)
    if paired is not None and (paired["filename"], paired["data"]) == \
            (spec["filename"], spec["data"]):
        return tm("prune.rows.paired", name=bundled_name(paired_key(dataset)))
    return tm("prune.rows.file", name=spec["filename"])


def unpruned(trace: dict) -> dict:
    """The trace as grown: pruned leaves split again, nothing pruned away, no events."""
    nodes = []
    for node in trace["nodes"]:
        grown = {k: v for k, v in node.items() if k != "pruned_away"}
        grown["decision"] = grown_decision(node)
        nodes.append(grown)
    return {**trace, "nodes": nodes, "pruning": []}


def grown_subtree(points: list[dict], ccp_alpha: float) -> int:
    """The subtree of the path the sidebar's ccp_alpha grows: pruning cuts every subtree whose
    effective alpha is at most ccp_alpha, within rounding (pruning.at_most, the comparison the
    cut itself makes), so the last one to appear at or below it (the first subtree, the grown
    tree, appears at alpha 0)."""
    return max(k for k, p in enumerate(points) if at_most(p["alpha"], ccp_alpha))


def alpha_text(points: list[dict], k: int, decimals: int) -> tuple[str, int]:
    """Subtree k's alpha written so that, typed as ccp_alpha, it grows what alpha itself
    grows, and that subtree: `decimals` places where they do (0.007 for 0.0065217… grew the
    subtree after it on iris), else the fewest significant digits that do. That is subtree k
    unless a later one shares its alpha (two cuts at one alpha: the path lists each), which
    the alpha grows instead; the full 17 digits are alpha itself, so one always does."""
    alpha = points[k]["alpha"]
    grows = grown_subtree(points, alpha)
    candidates = [format_number(alpha, decimals), *(f"{alpha:.{n}g}" for n in range(3, 18))]
    return next(text for text in candidates if grown_subtree(points, float(text)) == grows), \
        grows


def path_figure(points: list[dict], chosen: int, grown: int | None = None) -> go.Figure:
    """Leaves and accuracies along the path; a dotted line at the subtree looked at, a solid
    one at the subtree the sidebar's ccp_alpha grew."""
    alphas = [p["alpha"] for p in points]
    figure = go.Figure()
    figure.add_scatter(x=alphas, y=[p["leaves"] for p in points], mode="lines+markers",
                       line_shape="hv", name=t("prune.path.leaves"), yaxis="y2")
    for name in ("train", "validation"):
        if name in points[0]:
            figure.add_scatter(x=alphas, y=[p[name] for p in points], mode="lines+markers",
                               line_shape="hv", name=t(f"prune.path.{name}"))
    figure.add_vline(x=alphas[chosen], line_dash="dot")
    if grown is not None:
        figure.add_vline(x=alphas[grown], line_dash="solid", line_color="firebrick",
                         annotation_text=t("prune.path.grown_mark"))
    most = max(p["leaves"] for p in points)
    figure.update_layout(xaxis_title=t("prune.path.alpha"), yaxis_title=t("prune.path.accuracy"),
                         yaxis={"range": [0, 1.02]},
                         # leaves are counted: whole ticks
                         yaxis2={"title": t("prune.path.leaves"), "overlaying": "y",
                                 "side": "right", "dtick": max(1, math.ceil(most / 8)),
                                 "rangemode": "tozero"},
                         height=340, margin={"l": 40, "r": 40, "t": 20, "b": 40})
    return figure


def path_chart(trace: dict, decimals: int) -> None:
    """Alpha against leaves and training accuracy, a slider over the path's subtrees."""
    st.markdown(f"**{t('prune.path')}**")
    training, validation = current_rows(st.session_state.current)
    # the rows counted, by number: a validation split leaves the file's other rows out
    st.caption(t("prune.path.caption", rows=len(training[1]),
                 validation=t("prune.path.and_validation", rows=len(validation[1]))
                 if validation is not None else ""))
    # a big tree's path takes a second or more the first time (then it is cached): say so
    with st.spinner(t("prune.path.computing"), show_time=True):
        points = _path_points_of(st.session_state.trace_id, trace, training, validation)
    alpha = float(trace["params"].get("ccp_alpha", 0.0))
    grown = grown_subtree(points, alpha)
    st.caption(t("prune.path.grown", alpha=format_number(alpha), k=grown,
                 leaves=points[grown]["leaves"]))
    # a new tree (another ccp_alpha typed in the sidebar) starts again at the subtree it grew
    chosen = st.slider(t("prune.path.subtree"), 0, max(len(points) - 1, 1),
                       key=state.restart_widget("prune_path_subtree", grown,
                                                st.session_state.trace_id),
                       disabled=len(points) < 2, persist_state="session")
    chosen = min(chosen, len(points) - 1)
    point = points[chosen]
    st.plotly_chart(path_figure(points, chosen, grown), key="prune_path_chart")
    alpha, grows = alpha_text(points, chosen, decimals)
    st.caption(t("prune.path.chosen", k=chosen, alpha=alpha, leaves=point["leaves"],
                 train=percent(point["train"])))
    if grows != chosen:  # its alpha is a later subtree's too: typed, it grows that one
        st.caption(t("prune.path.shared_alpha", k=chosen, later=grows))
    if "validation" in point:
        st.caption(t("prune.path.chosen_validation", accuracy=percent(point["validation"])))


# --------------------------------------------------------------------- evaluate


def leaf_count(trace: dict) -> int:
    return sum(1 for n in trace["nodes"]
               if n["decision"]["kind"] == "leaf" and not n.get("pruned_away"))


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def pruned_and_unpruned(data: bytes, filename: str, choices: dict, options: Options,
                        test_size: float, seed: int) -> dict:
    """Both trees on one stratified split: grown on the same training rows (less the
    validation rows pre/rep carve out of them: the methods that read them; cost-complexity
    pruning does not), tested on the same held-out rows.

    Returns {"train": n grown on, "split": n of the split's training rows, "test": n,
    "carved": bool, "unpruned"/"pruned": {"test", "train",
    "leaves", "tied_to", "train_tied_to"}} with accuracies as fractions and tied_to the class
    each held-out prediction that broke a tie went to (as Evaluation.tied_to), train_tied_to
    the same of its predictions on the rows it grew on (as Evaluation.train_tied_to)."""
    from sklearn.metrics import accuracy_score

    from dtree_core.evaluate import fit, stratified_split

    X, y, fitted = engine.ready(data, filename, choices, options)
    train, test = stratified_split(y, test_size, seed)
    X_train, y_train = X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)
    X_test, y_test = X.iloc[test].reset_index(drop=True), y.iloc[test].reset_index(drop=True)
    X_fit, y_fit, validation = X_train, y_train, None
    if fitted.prune in VALIDATED:
        X_fit, y_fit, validation = engine.training_and_validation(
            X_train, y_train, choices.get("validation"), fitted)
    result = {"train": len(X_fit), "split": len(X_train), "test": len(X_test),
              "carved": len(X_fit) < len(X_train)}
    for name, chosen in (("unpruned", fitted.but(prune="none")), ("pruned", fitted)):
        model = fit(chosen, X_fit, y_fit, None if name == "unpruned" else validation)
        truth = y_test.to_numpy(dtype=object)
        predicted, tied = model.predict_with_ties(X_test)
        fitted_pred, fitted_tied = model.predict_with_ties(X_fit)
        result[name] = {
            "test": float(accuracy_score(truth.astype(str), predicted.astype(str))),
            "train": float(accuracy_score(y_fit.to_numpy(dtype=object).astype(str),
                                          fitted_pred.astype(str))),
            "leaves": leaf_count(model.trace_.to_dict(scores=False)),
            "tied_to": tuple(predicted[tied].tolist()),
            "train_tied_to": tuple(fitted_pred[fitted_tied].tolist())}
    return result


def unpruned_note(choices: dict) -> str:
    """Why the trees the evaluate page scores (drawn below the note) are unpruned, and where
    the comparison at the end of the page finds its validation rows: carved out of each
    training split, or the validation file (the book's paired set, or a second upload), as
    engine.training_and_validation takes them."""
    from_file = (choices.get("validation") or {}).get("source") == "file"
    if from_file:  # the file only prunes: its accuracies are the grow page's pruning phase's
        return t("prune.eval.unpruned_note.file", grow=t("page.grow"))
    return t("prune.eval.unpruned_note")


def accuracies_apart(result: dict) -> dict[str, dict[str, str]]:
    """{"test"|"train": {"unpruned"|"pruned": text}}: each accuracy to 3 decimals, or as many
    more as tell it from the other tree's (0.500 against 0.500 was 1500/3000 against
    1501/3000)."""
    return {kind: dict(zip(("unpruned", "pruned"),
                           told_apart(result["unpruned"][kind], result["pruned"][kind], 3),
                           strict=True))
            for kind in ("test", "train")}


def eval_caption(result: dict) -> str:
    """Which rows both trees grow on, and so which rows their training accuracies count: the
    split's training rows, or (pre- and reduced-error pruning validating on a split of the
    file) those less the validation rows carved out of them, which neither accuracy counts
    (the tabs above count all the split's training rows, which their unpruned trees grew on)."""
    if not result["carved"]:
        return t("prune.eval.caption", train=result["train"], test=result["test"])
    return t("prune.eval.caption.carved", train=result["train"], split=result["split"],
             validation=result["split"] - result["train"], test=result["test"])


def evaluate_section(source: tuple, options: Options, test_size: float, seed: int,
                     folds: int | None = None) -> None:
    """Pruned and unpruned side by side, when the sidebar prunes; with k-fold above (folds:
    its k), on one stratified hold-out of 1/k of the rows, which the caption says."""
    if options.prune == "none":
        return
    st.subheader(t("prune.eval.header"))
    if folds:
        st.caption(t("prune.eval.kfold", k=folds, seed=seed))
    result = pruned_and_unpruned(*source, options, test_size, seed)
    st.caption(eval_caption(result))
    names = {"unpruned": t("prune.eval.unpruned"),
             "pruned": t("prune.eval.pruned", method=t(f"prune.method.{options.prune}"))}
    shown = accuracies_apart(result)
    for col, (name, label) in zip(st.columns(2), names.items(), strict=True):
        with col:
            st.markdown(f"**{label}**")
            col.metric(t("eval.accuracy"), shown["test"][name])
            col.metric(t("eval.train_accuracy"), shown["train"][name])
            col.metric(t("prune.eval.leaves"), result[name]["leaves"])
            for kind, key in (("tied_to", "eval.ties"), ("train_tied_to", "eval.train_ties")):
                tied = ties_sentence(result[name][kind], key)
                if tied:
                    st.caption(tied)
