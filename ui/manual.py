"""Choose the split (issue 12): the student grows a tree by hand beside the algorithm's.

The student's picks live in st.session_state.manual ({"context", "picks", "shown"}; ui.state's
DEFAULTS), changed only by the callbacks here. Everything shown comes from dtree_core.manual:
the student's tree is the trace grown with their picks forced, the algorithms' choices are
their own rules on the node's rows, and the final numbers are dtree_core.evaluate's.
As the intro says, the student chooses first: the algorithm's tree (drawn or as a file) stays
hidden until their tree is complete or they ask for it ("shown"); each pick reveals that node.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from dtree_core import manual
from dtree_core.datasets import get
from dtree_core.dot import to_dot
from dtree_core.escape import plotly_text
from dtree_core.evaluate import stratified_split
from dtree_core.export import svg_available
from dtree_core.labels import curve_digits
from dtree_core.model import DecisionTree
from dtree_core.options import Options
from dtree_core.paths import node_key
from dtree_core.split import distinct_labels, places_apart
from dtree_core.trace import dict_json
from ui import analysis, engine, panel, pruning, registry
from ui.downloads import file_name
from ui.messages import labelled, sentences, t, tm
from ui.names import bundled_name
from ui.tables import counts_text, node_at_path
from ui.widgets import drawn_part, node_title, path_text, score_header

ATTRIBUTE_KEY, THRESHOLD_KEY = "man_attr", "man_t"


def attribute_key(path: str) -> str:
    """The attribute box of the node at `path`: a box of its own per node. The browser keeps
    a box's last value while a box of that key is shown, whatever the session says (deleted
    or set to None), so one box for every node showed the last pick at the next node, and
    picking it there (a sibling's usual choice) changed nothing: "Split here" stayed off."""
    return f"{ATTRIBUTE_KEY}::{path}"


# --------------------------------------------------------------------- cached core calls


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def rows(data: bytes, filename: str, choices: dict, options: Options, heldout: tuple):
    """(X, y, train, test): the data's rows and which ones train and test. heldout is
    ("split", share, seed) or ("paired", dataset key): a bundled validation set appended."""
    X, y, fitted = engine.ready(data, filename, choices, options)
    if heldout[0] == "paired":
        paired = get(heldout[1])
        Xv, yv = engine.validation_file(paired.path.read_bytes(), paired.path.name,
                                        str(y.name), fitted)
        n = len(X)
        X_all = pd.concat([X, Xv[X.columns]], ignore_index=True)
        y_all = pd.concat([y, yv], ignore_index=True).rename(y.name)
        return X_all, y_all, list(range(n)), list(range(n, len(X_all)))
    train, test = stratified_split(y, float(heldout[1]), int(heldout[2]))
    return X.reset_index(drop=True), y.reset_index(drop=True), list(train), list(test)


def training(source: tuple, options: Options, heldout: tuple):
    X, y, train, _ = rows(*source, options, heldout)
    return X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)


# A resource, as the grow page's trees are (ui.engine): a node's score rows are built when the
# page reads them, not every node's at every pick; nothing the page does changes the dict.
@st.cache_resource(max_entries=32, ttl=engine.CACHE_TTL, show_spinner=False)
def grown(data: bytes, filename: str, choices: dict, options: Options, heldout: tuple,
          picks: tuple) -> dict:
    """The tree grown on the training rows with the picks forced (none: the algorithm's)."""
    X, y = training((data, filename, choices), options, heldout)
    forced = manual.StudentTree.from_lists(picks).options(options)
    model = DecisionTree.from_options(forced).fit(X, y, budget=engine.app_budget())
    return model.trace_.to_dict(scores="lazy")


@st.cache_data(max_entries=32, ttl=engine.CACHE_TTL, show_spinner=False)
def revealed(data: bytes, filename: str, choices: dict, options: Options, heldout: tuple,
             picks: tuple, node_id: int) -> list[manual.AlgorithmChoice]:
    source = (data, filename, choices)
    X, y = training(source, options, heldout)
    trace = grown(*source, options, heldout, picks)
    pick = manual.StudentTree.from_lists(picks).picks[-1]
    return manual.reveal(trace, X, y, options, node_id, pick)


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def outcomes(data: bytes, filename: str, choices: dict, options: Options, heldout: tuple,
             picks: tuple) -> tuple[manual.Outcome, manual.Outcome]:
    """(the student's tree, the algorithm's) on the held-out rows."""
    X, y, train, test = rows(data, filename, choices, options, heldout)
    student = manual.StudentTree.from_lists(picks).options(options)
    return (manual.outcome(student, X, y, train, test),
            manual.outcome(options, X, y, train, test))


# --------------------------------------------------------------------- state


def picks_for(context: str) -> tuple:
    """The session's picks for this data, split and options (others start over)."""
    state = st.session_state.manual
    if state.get("context") != context:
        st.session_state.manual = {"context": context, "picks": []}
    return tuple(tuple(p) for p in st.session_state.manual["picks"])


def _forget_widgets() -> None:
    for key in [k for k in st.session_state if str(k).startswith(ATTRIBUTE_KEY)]:
        del st.session_state[key]
    st.session_state.pop(THRESHOLD_KEY, None)


def choose(path: str, continuous: tuple[str, ...]) -> None:
    """on_click of "Split here": the picked attribute (and t) become the node's pick."""
    attribute = st.session_state.get(attribute_key(path))
    if attribute is None:
        return
    threshold = st.session_state.get(THRESHOLD_KEY) if attribute in continuous else None
    tree = manual.StudentTree.from_lists(st.session_state.manual["picks"])
    tree = tree.choose(path, attribute, None if threshold is None else float(threshold))
    st.session_state.manual = {**st.session_state.manual,
                               "picks": [p.as_list() for p in tree.picks]}
    _forget_widgets()


def undo() -> None:
    st.session_state.manual = {**st.session_state.manual,
                               "picks": st.session_state.manual["picks"][:-1]}
    _forget_widgets()


def restart() -> None:
    """A new attempt: no picks, and the algorithm's tree hidden again."""
    st.session_state.manual = {**st.session_state.manual, "picks": [], "shown": False}
    _forget_widgets()


def show_theirs() -> None:
    """on_click of "Show the algorithm's tree now": the student asks to see it early."""
    st.session_state.manual = {**st.session_state.manual, "shown": True}


def theirs_shown(complete: bool) -> bool:
    """The algorithm's tree gives its choices away, so the page shows it only once the
    student's tree is complete or they ask for it (the intro: choose first, then see)."""
    return complete or bool(st.session_state.manual.get("shown"))


# --------------------------------------------------------------------- settings


def heldout_inputs(dataset: dict) -> tuple:
    """("paired", key) when the bundled data has its validation set and the student picks it,
    else ("split", share, seed) from the page's split widgets."""
    paired = pruning.paired_key(dataset)
    st.markdown(f"**{t('man.heldout')}**")
    if paired is not None:
        sources = ["paired", "split"]
        source = st.radio(t("man.heldout"), sources, key="man_heldout", horizontal=True,
                          label_visibility="collapsed", persist_state="session",
                          format_func=labelled(sources, lambda s: t(f"man.heldout.{s}"),
                                               key="man_heldout"))
        if source == "paired":
            st.caption(tm("man.heldout.paired_caption", name=bundled_name(paired)))
            return ("paired", paired)
    _, share, seed = analysis.split_inputs("man", allow_kfold=False)
    return ("split", float(share), int(seed))


# Options a hand-grown tree leaves out (base_options): set back to Options' defaults, so a change
# to any of them (a pruning method, its cf or α) keeps the student's picks.
UNPRUNED = {name: Options.__dataclass_fields__[name].default
            for name in ("force", "force_missing", "prune", "ccp_alpha", "cf", "prune_on_tie",
                         "subtree_raising", "pep_margin")}


def base_options(options: Options) -> Options:
    """The sidebar's options for a tree grown by hand: no forced paths, no pruning."""
    return options.but(**UNPRUNED)


def dropped_caption(sidebar: Options) -> None:
    """Say which of the sidebar's options the page leaves out of both trees (base_options),
    so that "{algorithm}'s tree" is not taken for the pruned or forced one of the grow page."""
    dropped = []
    if sidebar.prune != "none":
        dropped.append(t(f"prune.method.{sidebar.prune}"))  # names itself a pruning
    if sidebar.force:
        dropped.append(t("man.dropped.force"))
    if dropped:
        st.caption(tm("man.dropped", what=t("man.dropped.join").join(dropped),
                      algorithm=registry.label(sidebar.algorithm)))


# --------------------------------------------------------------------- the trees


def tree_dot(trace: dict, decided: list[int] | None, decimals: int) -> str:
    """The student's tree as far as they have decided it (pending nodes dashed), or a whole
    tree (decided None)."""
    if decided is None:
        return to_dot(trace, None, highlight=False, decimals=decimals,
                      **drawn_part(trace)).source
    step = len(decided) - 1
    return to_dot(trace, step, order=decided, highlight=False, decimals=decimals,
                  **drawn_part(trace, step)).source


def draw_trees(student: dict, algorithm: dict | None, name: str, decimals: int) -> None:
    """The student's tree beside the algorithm's (None: hidden, with a button to show it)."""
    left, right = st.columns(2)
    with left:
        st.markdown(f"**{t('man.yours')}**")
        decided = manual.decided(student)
        if not decided:
            st.info(t("man.empty"))
        else:
            st.graphviz_chart(tree_dot(student, decided, decimals), width="stretch")
    with right:
        st.markdown(f"**{tm('man.theirs', algorithm=name)}**")
        if algorithm is None:
            st.info(t("man.theirs.hidden", algorithm=name))
            st.button(t("man.theirs.show", algorithm=name), key="man_show_theirs",
                      on_click=show_theirs)
        else:
            st.graphviz_chart(tree_dot(algorithm, None, decimals), width="stretch")


def pending_caption(trace: dict, waiting: list[int]) -> None:
    nodes = t("list.join").join(node_title(trace, trace["nodes"][i]) for i in waiting)
    st.caption(tm("man.pending", nodes=nodes))


# --------------------------------------------------------------------- choosing


def curve_figure(score: dict, threshold: float | None, decimals: int) -> go.Figure:
    """Gain and Gini_index at every candidate t; the student's t marked (not the algorithm's)."""
    curve = score["curve"]
    lines = [go.Scatter(x=curve["threshold"], y=curve[f], mode="lines+markers",
                        name=plotly_text(score_header(f))) for f in ("gain", "gini_index")
             if curve.get(f)]
    figure = go.Figure(lines)
    figure.update_layout(height=280, margin={"l": 10, "r": 10, "t": 30, "b": 10},
                         xaxis_title=plotly_text(t("node.curve.threshold")),
                         yaxis_tickformat=f".{decimals}f")
    if threshold is not None:
        label = distinct_labels(curve["threshold"] + [threshold],
                                own=curve_digits([score]))[threshold]
        figure.add_vline(x=threshold, line_dash="dash", line_color="#d62728",
                         annotation_text=plotly_text(t("man.your_t", t=label)))
    return figure


def threshold_input(node: dict, score: dict, decimals: int) -> None:
    """The candidate midpoints on a slider, and the curve the student reads them from."""
    st.markdown(tm("man.curve", attribute=score["attribute"], gain=score_header("gain"),
                   gini=score_header("gini_index")))
    candidates = [float(x) for x in score["curve"]["threshold"]]
    if st.session_state.get(THRESHOLD_KEY) not in candidates:
        st.session_state[THRESHOLD_KEY] = candidates[len(candidates) // 2]
    # neighbours apart however close, each between its own two values
    labels = distinct_labels(candidates, own=curve_digits([score]))
    chosen = st.select_slider(t("man.threshold"), candidates, key=THRESHOLD_KEY,
                              format_func=lambda x: labels.get(x, f"{x:.6g}"))
    st.plotly_chart(curve_figure(score, chosen, decimals), key=f"man_curve_{node['id']}")


def choose_here(trace: dict, node: dict, decimals: int) -> None:
    """The next pending node: its samples, the attribute (and t) picker, "Split here"."""
    st.markdown(tm("man.next", id=node["id"], path=path_text(trace, node, t("node.root.bare")),
                   counts=counts_text(node["class_counts"], trace["classes"], decimals)))
    eligible = [r for r in node["scores"] if r["eligible"]]
    names = [r["attribute"] for r in eligible]
    path = node_key(trace, node["id"])
    attribute = st.selectbox(t("man.attribute"), names, index=None, key=attribute_key(path),
                             placeholder=t("widget.choose"))
    continuous = {r["attribute"]: r for r in eligible if r["kind"] == "continuous" and
                  r.get("curve")}
    if attribute in continuous:
        threshold_input(node, continuous[attribute], decimals)
    st.button(t("man.choose"), key="man_choose", type="primary", disabled=attribute is None,
              on_click=choose, args=(path, tuple(continuous)))


# --------------------------------------------------------------------- the reveal


def pick_text(pick: manual.StudentPick, labels: dict[float, str] | None = None) -> str:
    return _attribute_text(pick.attribute, pick.threshold, labels)


def choice_text(choice: manual.AlgorithmChoice, labels: dict[float, str]) -> str:
    if choice.attribute is None:
        return t("man.leaf")
    chosen = _attribute_text(choice.attribute, choice.threshold, labels)
    cuts = choice.tied_cuts
    if cuts:  # its t is the smallest of its tied cut points: they are named (the first few)
        shown = t("list.join").join(labels[cut] for cut in cuts[:TIED_CUTS_SHOWN])
        chosen = t("man.tied.threshold" if len(cuts) <= TIED_CUTS_SHOWN else
                   "man.tied.threshold.many", choice=chosen, others=shown, n=len(cuts),
                   criterion=score_header(choice.cut_by))
    named = [chosen if a == choice.attribute else _attribute_text(a, cut, labels)
             for a, cut in choice.tied]
    if choice.drawn:  # a random tie rule: any of the tied attributes may be drawn
        return t("man.drawn", choices=t("man.or").join(named))
    if choice.tied:  # "first" or "last" took it by column order: the others are named
        return t(f"man.tied.{choice.tie_rule}", choice=chosen,
                 others=t("list.join").join(named[1:]))
    return chosen


# Tied cut points named beside a choice; more are counted (a flat curve may tie hundreds).
TIED_CUTS_SHOWN = 3


def _attribute_text(attribute: str, threshold: float | None,
                    labels: dict[float, str] | None = None) -> str:
    if threshold is None:
        return attribute
    shown = (labels or distinct_labels([threshold])).get(threshold)
    return t("man.with_t", attribute=attribute, t=shown)


def threshold_labels(pick: manual.StudentPick, choices: list[manual.AlgorithmChoice],
                     node: dict) -> dict:
    """The cut points the reveal names, each to as many digits as tell them apart (a student's
    t one midpoint from the algorithms' reads differently from theirs), and never fewer than
    keep it between its two values at the node (its score rows' curves)."""
    cuts = [pick.threshold, *(c.threshold for c in choices),
            *(cut for c in choices for _, cut in c.tied),
            *(cut for c in choices for cut in c.tied_cuts)]
    return distinct_labels([x for x in cuts if x is not None],
                           own=curve_digits(node.get("scores") or ()))


def agreement_sentence(pick: manual.StudentPick, choices: list[manual.AlgorithmChoice],
                       labels: dict[float, str]) -> str:
    """Which algorithms chose as the student did, said from each choice's `agrees`; where the
    pick tied with a choice that a column-order tie rule took instead, that is said too."""
    join = t("list.join").join
    same = [registry.label(c.algorithm) for c in choices if c.agrees]
    other = [registry.label(c.algorithm) for c in choices if not c.agrees]
    if not other:
        return tm("man.agree.all", same=join(same))
    if not same:
        sentence = tm("man.agree.none", other=join(other), choice=pick_text(pick, labels))
    else:
        sentence = tm("man.agree.some", same=join(same), other=join(other))
    # where the pick was as good by a criterion, what set it apart, said once per reason
    # (thresholds: once per score they are cut by, Gain or Gini_index)
    for reason in ("first", "last"):
        tied = [c for c in choices if not c.agrees and reason in c.tie_reasons(pick)]
        if tied:
            sentence = sentences([sentence, tm(f"man.agree.tied.{reason}",
                                               algorithms=join(registry.label(c.algorithm)
                                                               for c in tied),
                                               choice=pick_text(pick, labels))])
    for cut_by in dict.fromkeys(c.cut_by for c in choices):
        tied = [c for c in choices if c.cut_by == cut_by and "threshold" in c.tie_reasons(pick)]
        if tied:
            sentence = sentences([sentence, tm("man.agree.tied.threshold",
                                               algorithms=join(registry.label(c.algorithm)
                                                               for c in tied),
                                               choice=pick_text(pick, labels),
                                               criterion=score_header(cut_by))])
    return sentence


def reveal_last(source: tuple, options: Options, heldout: tuple, picks: tuple,
                trace: dict, decimals: int) -> None:
    """The last pick's node: the score table, each algorithm's choice, who agrees."""
    pick = manual.StudentTree.from_lists(picks).picks[-1]
    node_id = node_at_path(trace, pick.path)
    if node_id is None:
        return
    node = trace["nodes"][node_id]
    choices = revealed(*source, options, heldout, picks, node_id)
    labels = threshold_labels(pick, choices, node)
    st.subheader(tm("man.reveal", id=node_id, path=path_text(trace, node, t("node.root.bare")),
                    choice=pick_text(pick, labels)))
    frame = pd.DataFrame({
        t("man.col.algorithm"): [registry.label(c.algorithm) for c in choices],
        t("man.col.choice"): [choice_text(c, labels) for c in choices],
        t("man.col.agrees"): ["✓" if c.agrees else "✗" for c in choices]})
    st.dataframe(frame, hide_index=True, key="man_choices")
    sentence = agreement_sentence(pick, choices, labels)
    (st.success if all(c.agrees for c in choices) else st.info)(sentence)
    for choice in choices:  # CART's ρ-weighted rule, where it passes the smallest Gini_index
        note = choice.node and panel.cart_note({"algorithm": choice.algorithm}, choice.node,
                                               decimals)
        if note:
            st.caption(note)
    # the sidebar algorithm's own scores of this node's rows (each continuous attribute at its
    # own best cut, its ties marked), as the choice above read them: the student's tree
    # scored the picked attribute at the student's cut
    own = next((c.node for c in choices if c.algorithm == trace["algorithm"] and c.node), None)
    key = "man.reveal.table" if own is not None else "man.reveal.table.yours"
    st.markdown(f"**{tm(key, algorithm=registry.label(trace['algorithm']))}**")
    panel.show_score_table(trace, node if own is None else own, decimals)  # read, not picked


# --------------------------------------------------------------------- the end


def final_comparison(source: tuple, options: Options, heldout: tuple, picks: tuple,
                     algorithm: str) -> None:
    st.success(t("man.done"))
    yours, theirs = outcomes(*source, options, heldout, picks)
    name = registry.label(algorithm)
    st.subheader(tm("man.final", algorithm=name))
    frame = pd.DataFrame({
        t("man.col.tree"): [t("man.yours"), name],
        t("man.col.accuracy"): [yours.accuracy, theirs.accuracy],
        t("man.col.leaves"): [yours.leaves, theirs.leaves],
        t("man.col.depth"): [yours.depth, theirs.depth]})
    # 3 decimals, or as many more as tell the two apart (1201/2001 against 1202/2001)
    places = places_apart([(yours.accuracy, theirs.accuracy)], 3)
    st.dataframe(frame, hide_index=True, key="man_final", column_config={
        t("man.col.accuracy"): st.column_config.NumberColumn(format=f"%.{places}f")})
    verdict = ("better" if yours.accuracy > theirs.accuracy else
               "worse" if yours.accuracy < theirs.accuracy else "same")
    st.markdown(tm(f"man.final.{verdict}", n=len(yours.evaluation.y_true), algorithm=name,
                   yours=f"{yours.accuracy:.{places}f}", theirs=f"{theirs.accuracy:.{places}f}"))


def exports(student: dict, algorithm: dict | None, complete: bool) -> None:
    """JSON trace, DOT and SVG of either tree: the student's once it is complete, the
    algorithm's once it is shown (its file would give its choices away as well)."""
    trees = [("yours", student)] if complete else []
    if algorithm is not None:
        trees.append(("theirs", algorithm))
    for who, trace in trees:
        st.markdown(f"**{tm(f'man.export.{who}', algorithm=registry.label(trace['algorithm']))}**")
        dot = to_dot(trace, None, highlight=False).source
        cols = st.columns(3)
        cols[0].download_button(t("exp.json"), lambda trace=trace: _json(trace),
                                file_name(f"tree_{who}", "json"), "application/json",
                                key=f"man_json_{who}")
        cols[1].download_button(t("exp.dot"), dot, file_name(f"tree_{who}", "dot"),
                                "text/vnd.graphviz",
                                key=f"man_dot_{who}")
        if svg_available():
            cols[2].download_button(t("exp.svg"), lambda source=dot: analysis.svg(source),
                                    file_name(f"tree_{who}", "svg"), "image/svg+xml",
                                    key=f"man_svg_{who}")


def _json(trace: dict) -> bytes:
    """The trace's JSON, made when the download is asked for (every score row is built then,
    and not kept)."""
    return dict_json(trace)


def history(trace: dict, picks: tuple) -> None:
    """Every pick so far, in the order made."""
    tree = manual.StudentTree.from_lists(picks)
    nodes = [node_at_path(trace, p.path) for p in tree.picks]
    frame = pd.DataFrame({
        t("man.col.node"): [node_title(trace, trace["nodes"][i]) if i is not None
                            else p.path for i, p in zip(nodes, tree.picks, strict=True)],
        t("man.col.yours"): [pick_text(p) for p in tree.picks]})
    with st.expander(t("man.history")):
        st.dataframe(frame, hide_index=True, key="man_history")


# --------------------------------------------------------------------- the page


def page(dataset: dict, current: dict) -> None:
    # the data and options both trees grow with: not the sidebar's validation rows, which
    # this page does not use (a change to them kept the trees and dropped the picks)
    choices = {k: v for k, v in current["choices"].items() if k != "validation"}
    source = (dataset["data"], dataset["filename"], choices)
    options = base_options(current["options"])
    decimals = int(st.session_state.decimals)
    st.caption(tm("man.intro", algorithm=registry.label(options.algorithm)))
    dropped_caption(current["options"])
    shape = registry.record(options.algorithm).nominal_shape
    st.caption(tm("man.shape", algorithm=registry.label(options.algorithm),
                  shape=t(f"man.shape.{shape}")))
    heldout = heldout_inputs(dataset)
    _, _, train, test = analysis.safely(rows, *source, options, heldout)
    st.caption(t("man.training", train=len(train), test=len(test)))
    picks = picks_for(engine.trace_key(dataset["data"], choices, options) + repr(heldout))
    cols = st.columns(2)
    cols[0].button(t("man.undo"), key="man_undo", on_click=undo, disabled=not picks)
    cols[1].button(t("man.restart"), key="man_restart", on_click=restart, disabled=not picks)
    student = analysis.safely(grown, *source, options, heldout, picks)
    waiting = manual.pending(student)
    algorithm = (analysis.safely(grown, *source, options, heldout, ())
                 if theirs_shown(not waiting) else None)
    draw_trees(student, algorithm, registry.label(options.algorithm), decimals)
    if picks:
        history(student, picks)
        reveal_last(source, options, heldout, picks, student, decimals)
    if waiting:
        pending_caption(student, waiting)
        choose_here(student, student["nodes"][waiting[0]], decimals)
    else:
        final_comparison(source, options, heldout, picks, options.algorithm)
    exports(student, algorithm, not waiting)
