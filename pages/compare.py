"""Compare registered algorithms on the same data: trees, summary, merged scores, why."""

import streamlit as st

from dtree_core import links
from dtree_core.compare import (
    REPEAT_BELOW,
    SCALABILITY_ROWS,
    TIMING_REPEATS,
    Criteria,
    Measured,
    clean_measure,
    compared_keys,
    copy_measure,
    criteria_of,
    disagreements,
    doubling_sizes,
    merged_scores,
    same_rows,
    scalability,
    shared_keys,
)
from dtree_core.data import CodedError
from dtree_core.dot import to_dot
from dtree_core.evaluate import stratified_split
from dtree_core.options import Options
from dtree_core.paths import nodes_by_key
from dtree_core.pruning import VALIDATED
from ui import analysis, engine, pruning, registry
from ui.compare import (
    HAN_ACCURACIES,
    HAN_AT_ONCE_ROWS,
    HAN_TABLES_PER_ROW,
    MATTERS,
    best_binary_note,
    criteria_chart,
    han_frames,
    han_table_rows,
    interpretability_frame,
    matters_frame,
    merged_places,
    merged_styled,
    scalability_figure,
    summary_frame,
    ties_caption,
    why_sentences,
)
from ui.messages import labelled, literal, sentences, t, tm
from ui.names import tree_dataset_name
from ui.setup import error_text
from ui.state import (
    COMPARE_STEP_WIDGET,
    COMPARE_VIEW_WIDGET,
    HAN_BLANK_WIDGET,
    HAN_NOISE_WIDGET,
    HAN_SHARES,
    HAN_START,
    ensure_entry_point,
    keep_compare_node,
    kept_compare_node,
    linked_compare_node,
    linked_compare_step,
    start_widget,
)
from ui.tables import BLANK
from ui.widgets import (
    SIDE_BY_SIDE_NODES,
    drawn_part,
    in_notation,
    node_titles,
    number_formats,
    path_words,
    score_downloads,
    ties_sentence,
    tree_places,
    worded_table,
)

ensure_entry_point()


def grown_or_refused(dataset: dict, chosen: dict,
                     config: Options) -> tuple[dict | None, str | None]:
    """(the configuration's trace, None), or (None, why not and what to choose) when it prunes
    by validation rows (pre-pruning, REP) and the sidebar offers none: said in that
    configuration's own column while the others are compared (it stopped the whole page)."""
    try:
        return analysis.grow(dataset, chosen, config), None
    except CodedError as error:
        if error.code != "validation_needed":
            raise  # analysis.safely says it and stops, as for any other refusal
        return None, tm("cmp.not_grown", reason=error_text(error))


def trees(labels: list[str], traces: list[dict | None], refusals: list[str | None]) -> None:
    """Side by side, each at its end or all at the same step (shorter trees stop early); a
    configuration without a tree says why in its place."""
    views, key = list(links.COMPARE_VIEWS), COMPARE_VIEW_WIDGET
    view = st.radio(t("cmp.view"), views, key=key, horizontal=True,
                    format_func=labelled(views, lambda v: t(f"cmp.view.{v}"), key=key),
                    persist_state="session")
    step = None
    if view == "together" and any(traces):
        # growth step by step: the grown trees (a raise comes in pruning)
        traces = [tr and pruning.growth_view(tr) for tr in traces]
        last = max(len(tr["steps"]) for tr in traces if tr) - 1  # the longest replay's last step
        past = linked_compare_step(last)  # a link's step: set now, or said to be past the last
        if past is not None:
            st.warning(tm("link.problem.cmp_step", param=links.COMPARE_STEP, value=past,
                          last=last))
        step = st.slider(t("cmp.step"), 0, max(last, 1),  # a slider needs two values
                         key=start_widget(COMPARE_STEP_WIDGET, 0))
    for col, label, trace, refusal in zip(tree_places(traces), labels, traces, refusals,
                                          strict=True):
        with col:
            st.markdown(f"**{label}**")
            if trace is None:
                st.warning(refusal)
                continue
            at = None if step is None else min(step, len(trace["steps"]) - 1)
            st.graphviz_chart(to_dot(trace, at, decimals=int(st.session_state.decimals),
                                     **drawn_part(trace, at, most=SIDE_BY_SIDE_NODES)).source,
                              width="stretch")


def unmatched_forces(labels: list[str], traces: list[dict]) -> None:
    """Forced splits a compared tree (grown on every row) could not make."""
    for label, trace in zip(labels, traces, strict=True):
        analysis.warn_unmatched(analysis.unmatched_counts([trace]), 1,
                                t("force.tree.config", label=label))


def grown_on_fewer(configs, traces, choices, dataset) -> tuple[int, int] | None:
    """(rows, total) when the pruned trees drawn grew on fewer rows than the data has: a
    validation split of this file holds the others back (alike for every such tree); None
    when every tree grew on every row (a validation file of its own leaves them all)."""
    validated = [tr for c, tr in zip(configs, traces, strict=True)
                 if c.prune in VALIDATED and tr]
    if not validated:
        return None
    total = len(engine.ready(dataset["data"], dataset["filename"], choices, configs[0])[1])
    rows = validated[0]["nodes"][0]["n"]
    return (rows, total) if rows < total else None


def validated_by(configs: list[Options], grown_with: list[dict], dataset: dict) -> None:
    """Which rows judged the pre- and post-pruned (REP) trees: the sidebar's validation set,
    or the book's paired one when the sidebar has none (all such trees share them)."""
    specs = [chosen["validation"] for c, chosen in zip(configs, grown_with, strict=True)
             if c.prune in VALIDATED and "validation" in chosen]
    if specs:
        st.caption(t("cmp.validated", rows=pruning.validation_text(dataset, specs[0])))


def summary(labels, traces, configs, grown_with, dataset, fewer) -> tuple[float, int]:
    """The summary table; returns the split's (held-out share, seed) for Han's criteria.
    grown_with: each configuration's data choices (the training accuracy is of its tree)."""
    st.subheader(t("cmp.summary"))
    _, size, seed = analysis.split_inputs("cmp", allow_kfold=False)
    if any(c.prune in VALIDATED for c in configs):
        st.info(t("lesson.unpruned"))
        if fewer:
            st.info(t("lesson.unpruned.rows", rows=fewer[0], total=fewer[1]))
    results = [analysis.safely(analysis.training_and_holdout, dataset["data"],
                               dataset["filename"], chosen, analysis.unvalidated(c), size, seed)
               for c, chosen in zip(configs, grown_with, strict=True)]
    frame = summary_frame(labels, traces, [(train, held_out.accuracy)
                                           for train, _, held_out in results])
    accuracies = [t(f"cmp.col.{k}") for k in ("train_accuracy", "test_accuracy")]
    st.dataframe(frame, hide_index=True, column_config=number_formats(frame, 3, apart=accuracies))
    for label, (_, train_tied_to, held_out) in zip(labels, results, strict=True):
        analysis.warn_unmatched_in(held_out, t("force.tree.holdout_of", label=label))
        for tied in (ties_sentence(train_tied_to, "eval.train_ties"),
                     ties_sentence(held_out.tied_to)):
            if tied:
                st.info(t("cmp.ties", label=literal(label), sentence=tied))
    return size, seed


def scores(labels: list[str], traces: list[dict]) -> None:
    """The merged table at a node every tree has, its chart, downloads."""
    st.subheader(t("cmp.scores"))
    if not same_rows(traces):  # one path is no one node: a merged table would mix its rows
        st.caption(t("cmp.scores.rows"))
        return
    keys = shared_keys(traces)
    by_key = nodes_by_key(traces[0], compared_keys(traces[0]))
    titles = node_titles(traces[0])
    trees = (traces[0]["target"], tuple(a["name"] for a in traces[0]["attributes"]))
    missing = linked_compare_node(keys, trees)  # a link's node: picked now, or said not here
    if missing is not None:
        st.warning(tm("link.problem.cmp_node", param=links.COMPARE_NODE, value=missing))
    absent = kept_compare_node(keys, trees)
    key = st.selectbox(t("cmp.node"), keys, key="cmp_node", format_func=labelled(
        keys, lambda k: titles[by_key[k]["id"]], key="cmp_node"),
        on_change=keep_compare_node, args=(trees,))
    if absent is not None:
        st.caption(tm("cmp.node.kept", node=path_words(absent)))
    merged = merged_scores(traces, labels, key or "root")
    if not merged.rows:  # the node stopped before choosing (A = ∅, or one value on each)
        st.caption(t("node.no_scores"))
        return
    if merged.shape == "binary":
        st.caption(t(in_notation("cmp.binary_only")))
    decimals = int(st.session_state.decimals)
    shown = merged_styled(merged, decimals)
    st.dataframe(shown, hide_index=True, placeholder=BLANK)
    for note in (ties_caption(merged), best_binary_note(merged, decimals)):
        if note:
            st.caption(note)
    score_downloads(worded_table(merged.table(), list(shown.data.columns)), "cmp", decimals,
                    merged_places(merged, shown.data, decimals))
    st.markdown(f"**{t('cmp.chart')}**")
    st.plotly_chart(criteria_chart(merged), key="cmp_chart")
    drawn = sorted({registry.label(tr["algorithm"]) for tr in traces
                    if registry.draws_at_random(tr["algorithm"])})
    if drawn:
        st.caption(t("cmp.chart.random", names=", ".join(drawn)))


# --------------------------------------------------------------------- Han's five criteria


def measured(data: bytes, filename: str, choices: dict, options: Options, test_size: float,
             seed: int, noise: float, blank: float) -> Criteria:
    """han_criteria, each tree measured and cached apart: moving the noise share grows the
    noisy copy alone (the three trees of a 3,000-row file took 10 s a configuration)."""
    return criteria_of(clean_measured(data, filename, choices, options, test_size, seed),
                       lambda copy, share: copy_measured(data, filename, choices, options,
                                                         test_size, seed, copy, share),
                       noise, blank)


@st.cache_data(max_entries=32, ttl=engine.CACHE_TTL, show_spinner=False)
def clean_measured(data: bytes, filename: str, choices: dict, options: Options,
                   test_size: float, seed: int) -> Measured:
    X, y, fitted = engine.ready(data, filename, choices, options)
    return clean_measure(fitted, X, y, stratified_split(y, test_size, seed))


@st.cache_data(max_entries=64, ttl=engine.CACHE_TTL, show_spinner=False)
def copy_measured(data: bytes, filename: str, choices: dict, options: Options,
                  test_size: float, seed: int, copy: str, share: float) -> Measured:
    X, y, fitted = engine.ready(data, filename, choices, options)
    return copy_measure(fitted, X, y, stratified_split(y, test_size, seed), copy, share, seed)


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def fit_times(data: bytes, filename: str, choices: dict,
              options: Options) -> tuple[list[int], list[float]]:
    X, y, fitted = engine.ready(data, filename, choices, options)
    entries = engine.app_budget().entries  # a copy's rows × attributes: one depth's values
    cap = SCALABILITY_ROWS if entries is None else min(SCALABILITY_ROWS,
                                                       entries // max(X.shape[1], 1))
    sizes = doubling_sizes(len(X), cap=cap)
    return sizes, scalability(fitted, X, y, sizes)


def han_ties(labels: list[str], results: list[Criteria]) -> None:
    """The held-out predictions Han's accuracies count as one class though classes tied."""
    for label, result in zip(labels, results, strict=True):
        for copy, tied_to in result.tied.items():
            tied = ties_sentence(tied_to)
            if tied and copy == "clean":
                st.info(t("lesson.han.ties.clean", label=literal(label), sentence=tied))
            elif tied:
                st.info(t("lesson.han.ties", label=literal(label),
                          copy=t(f"lesson.han.{copy}"), sentence=tied))


def measuring_han(dataset: dict, traces: list[dict]) -> bool:
    """Whether Han's criteria are measured on this run: at once on data of up to
    HAN_AT_ONCE_ROWS rows, past it on request (each configuration's clean, noisy and blanked
    trees, their predictions and the scalability fits took 10-15 s on a 3,000-row upload,
    most of the page's first load). The toggle is the file's own: another file asks anew."""
    rows = max(trace["nodes"][0]["n"] for trace in traces)
    return st.toggle(t("lesson.han.measure"), value=rows <= HAN_AT_ONCE_ROWS,
                     key=f"han_measure_{dataset['key']}")


def han_measures(labels, configs, choices, dataset, size, seed, noise, blank):
    """(Criteria, (sizes, seconds)) of each configuration, with a progress bar: a big file's
    take seconds each (cached: a rerun reads them at once)."""
    data, name = dataset["data"], dataset["filename"]
    bar = st.progress(0.0)
    results, timed = [], []
    for done, (label, config) in enumerate(zip(labels, configs, strict=True)):
        bar.progress(done / len(configs), text=tm("lesson.han.measuring", label=label,
                                                  done=done + 1, total=len(configs)))
        held_out = analysis.unvalidated(config)
        results.append(analysis.safely(measured, data, name, choices, held_out, size, seed,
                                       noise, blank))
        timed.append(analysis.safely(fit_times, data, name, choices, held_out))
    bar.empty()
    return results, timed


def han_table(criterion: str, frame, decimals: int) -> None:
    """One criterion's table under its name."""
    st.markdown(f"**{t(f'lesson.han.{criterion}')}**")
    apart = frame.columns if criterion in HAN_ACCURACIES else ()
    st.dataframe(frame, hide_index=True, key=f"han_{criterion}",
                 column_config=number_formats(frame, decimals, apart=apart))


def han(labels, traces, configs, choices, dataset, size: float, seed: int) -> None:
    """Accuracy, speed, robustness and interpretability: a table each, two to a row; then
    scalability: a chart the page's full width, so its ticks and legend have room."""
    st.subheader(t("lesson.han"))
    st.caption(t("lesson.han.intro"))
    decimals = int(st.session_state.decimals)
    if not measuring_han(dataset, traces):  # the trees' own criterion is shown at once
        with st.columns(HAN_TABLES_PER_ROW)[0]:
            han_table("interpretability", interpretability_frame(labels, traces), decimals)
        return
    shares = st.columns(2)
    low, high, by = HAN_SHARES  # no value=: a link may have set them (state.open_link)
    noise = shares[0].slider(t("lesson.han.noise"), low, high, step=by,
                             key=start_widget(HAN_NOISE_WIDGET, HAN_START))
    blank = shares[1].slider(t("lesson.han.blank"), low, high, step=by,
                             key=start_widget(HAN_BLANK_WIDGET, HAN_START))
    results, timed = han_measures(labels, configs, choices, dataset, size, seed, noise, blank)
    frames = han_frames(labels, results, traces)
    for label, result in zip(labels, results, strict=True):
        for copy, (code, details) in result.refused.items():
            st.info(tm("lesson.han.refused", label=label, copy=t(f"lesson.han.{copy}"),
                       reason=t(f"error.{code}", **details)))
    han_ties(labels, results)
    for row in han_table_rows():
        # a short last row keeps the others' column width: strict=False
        for column, criterion in zip(st.columns(HAN_TABLES_PER_ROW), row, strict=False):
            with column:
                han_table(criterion, frames[criterion], decimals)
    st.markdown(f"**{t('lesson.han.scalability')}**")
    st.plotly_chart(scalability_figure(labels, timed[0][0], [s for _, s in timed]),
                    key="han_scalability", width="stretch")
    st.caption(sentences([t("lesson.han.timings", repeats=TIMING_REPEATS,
                              limit=f"{REPEAT_BELOW:g}"), t("lesson.han.seed", seed=seed)]))


# --------------------------------------------------------------------- why the criterion matters


def criterion_matters(dataset, choices, base: Options) -> None:
    """The lowest-Gain baseline, CLS's random draw and ID3 side by side, with tree sizes."""
    st.subheader(t("lesson.matters"))
    st.caption(t("lesson.matters.intro"))
    # no forced splits and no pruning: the criterion alone decides every node
    traces = [analysis.safely(analysis.grow, dataset, choices,
                              analysis.variant(base, algorithm=k, force=(), prune="none"))
              for k in MATTERS]
    st.dataframe(matters_frame(traces), hide_index=True, key="matters_sizes",
                 column_config={t("lesson.han.rule_length"): st.column_config.NumberColumn(
                     format="%.2f")})
    if not st.toggle(t("lesson.matters.show"), key="matters_trees"):
        return  # a baseline's tree can be large: drawn on request
    decimals = int(st.session_state.decimals)
    for column, trace in zip(tree_places(traces), traces, strict=True):
        with column:
            st.markdown(f"**{registry.name(trace['algorithm'])}**")
            st.graphviz_chart(to_dot(trace, decimals=decimals,
                                     **drawn_part(trace, most=SIDE_BY_SIDE_NODES)).source,
                              width="stretch")


current = analysis.current_or_stop()
dataset, choices, base = st.session_state.dataset, current["choices"], current["options"]
st.title(t("page.compare"))
intro = st.empty()  # filled once the configurations say which rows their trees grew on
configs = analysis.config_picker(base)
labels = analysis.unique_labels([analysis.config_label(c) for c in configs])
# pre- and post-pruning (REP) grow with the validation rows the sidebar offers, even when its
# own tree is unpruned; the other configurations on every row
grown_with = [pruning.choices_for(dataset, choices, c) for c in configs]
grown_or_not = [analysis.safely(grown_or_refused, dataset, chosen, c)
                for c, chosen in zip(configs, grown_with, strict=True)]
traces = [trace for trace, _ in grown_or_not]
refusals = [refusal for _, refusal in grown_or_not]
fewer = grown_on_fewer(configs, traces, choices, dataset)
intro.caption(tm("cmp.intro.validated" if fewer else "cmp.intro",
                 dataset=tree_dataset_name(current)))
trees(labels, traces, refusals)
# the rest of the page compares the trees grown; a refused configuration said why above
grown = [i for i, trace in enumerate(traces) if trace is not None]
if not grown:
    st.stop()
configs, labels, grown_with, traces = ([column[i] for i in grown]
                                       for column in (configs, labels, grown_with, traces))
validated_by(configs, grown_with, dataset)
unmatched_forces(labels, traces)
if len(traces) > 1:  # one tree parts from no other
    st.subheader(t("cmp.first"))
    st.info(why_sentences(disagreements(traces, labels), int(st.session_state.decimals)))
size, seed = summary(labels, traces, configs, grown_with, dataset, fewer)
scores(labels, traces)
han(labels, traces, configs, choices, dataset, size, seed)
criterion_matters(dataset, choices, base)
