"""Shared by the compare, evaluate, predict and export pages: data, configurations, caching.

The pages use the sidebar's data choices and its one Options object; each configuration is
that Options with a few fields changed (`variant`). Expensive calls (growing several trees,
k-fold, the depth curve) are cached on the file bytes, the data choices and the Options, like
ui.engine's grow_trace.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st
from sklearn.metrics import accuracy_score

from dtree_core.evaluate import (
    Evaluation,
    SplitError,
    cross_validate,
    depth_curve,
    fit,
    stratified_kfold,
    stratified_split,
)
from dtree_core.evaluate import holdout as holdout_eval
from dtree_core.export import to_svg
from dtree_core.fitted_trace import FittedTrace
from dtree_core.loading import LoadError
from dtree_core.options import PRUNE_METHODS, Options
from dtree_core.pruning import VALIDATED
from ui import engine, registry, state
from ui.messages import has, labelled, literal, t, tm
from ui.setup import error_text
from ui.widgets import path_words


def current_or_stop() -> dict:
    """The sidebar's grown tree and its inputs; without one, say so and stop the page."""
    current = st.session_state.get("current")
    if current is None or st.session_state.get("dataset") is None:
        st.info(t(state.no_tree_key()))
        st.stop()
    return current


def variant(base: Options, **changes) -> Options:
    """The sidebar's options with some fields changed, for a tree the sidebar did not grow.

    Its forced splits come along; a forced path that tree has no node for is skipped and
    named in the trace's `unmatched_force`, which the pages show as a warning.
    """
    return base.but(force_missing="skip", **changes)


def unvalidated(options: Options) -> Options:
    """The options a held-out fit grows with: pre-pruning and reduced-error pruning judge by
    validation rows these splits do not make, so those trees are unpruned (said on the page)."""
    return options.but(prune="none") if options.prune in VALIDATED else options


def grow(dataset: dict, choices: dict, options: Options) -> dict:
    """A trace dict, through the grow page's cache."""
    return engine.grow_trace(dataset["data"], dataset["filename"], choices, options)


@st.cache_data(max_entries=32, ttl=engine.CACHE_TTL, show_spinner=False)
def training_and_holdout(data: bytes, filename: str, choices: dict, options: Options,
                         test_size: float, seed: int) -> tuple[float, tuple, Evaluation]:
    """(accuracy of the full tree on its own rows, the classes its predictions there that
    broke a tie went to (as Evaluation.train_tied_to), the hold-out Evaluation of a split's
    tree)."""
    X, y, fitted = engine.ready(data, filename, choices, options)
    full = FittedTrace.from_dict(grow({"data": data, "filename": filename}, choices, options))
    predicted, tied = full.predict_with_ties(X)
    train = float(accuracy_score(y.to_numpy(dtype=object), predicted))
    return train, tuple(predicted[tied].tolist()), holdout_eval(fitted, X, y, test_size, seed)


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def holdout_tree(data: bytes, filename: str, choices: dict, options: Options, test_size: float,
                 seed: int):
    """(trace grown on a stratified split's training rows, held-out X, held-out y, n grown,
    n carved). A method that prunes by validation rows carves them out of the training rows
    (n carved of them, the tree grew on the other n grown) or takes the validation file (none
    carved). Without score rows: the rules read the tree's tests and counts, and a 25k-node
    tree's rows took most of the export page's first load."""
    X, y, fitted = engine.ready(data, filename, choices, options)
    train, test = stratified_split(y, test_size, seed)
    X_fit, y_fit = X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)
    validation = None
    if fitted.prune in VALIDATED:
        X_fit, y_fit, validation = engine.training_and_validation(
            X_fit, y_fit, choices.get("validation"), fitted)
    trace = fit(fitted, X_fit, y_fit, validation).trace_.to_dict(scores=False)
    return trace, X.iloc[test], y.iloc[test], len(X_fit), len(train) - len(X_fit)


@st.cache_data(max_entries=32, ttl=engine.CACHE_TTL, show_spinner=False)
def evaluation(data: bytes, filename: str, choices: dict, options: Options, method: str,
               size: float, seed: int) -> Evaluation:
    """A hold-out (size = held-out share) or k-fold (size = k) Evaluation."""
    X, y, fitted = engine.ready(data, filename, choices, options)
    if method == "kfold":
        return cross_validate(fitted, X, y, int(size), seed)
    return holdout_eval(fitted, X, y, float(size), seed)


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def curve(data: bytes, filename: str, choices: dict, options: Options, method: str,
          size: float, seed: int):
    X, y, fitted = engine.ready(data, filename, choices, options)
    splits = (stratified_kfold(y, int(size), seed) if method == "kfold"
              else [stratified_split(y, float(size), seed)])
    return depth_curve(fitted, X, y, splits)


def sample_path(current: dict, sample: dict) -> dict:
    """FittedTrace.written_path of one sample on the sidebar's tree: each linear test on
    its path written so that, worked by hand, it sends the sample where the tree did."""
    return _sample_path(current["trace_id"], tuple(sample.items()), current)


@st.cache_data(max_entries=32, ttl=engine.CACHE_TTL, show_spinner=False)
def _sample_path(trace_id: str, sample: tuple, _current: dict) -> dict:
    """sample_path, once per tree and sample: its digit search runs over the rows of each
    linear node on the path (26 ms per sample on a 20k-row tree), not on every rerun."""
    fitted = FittedTrace.from_dict(_current["trace"])
    return fitted.written_path(sample_frame(dict(sample)),
                               linear_rows(trace_id, _current))


def sample_frame(sample: dict) -> pd.DataFrame:
    """The predict form's sample as one row (None, a value left missing: NaN)."""
    return pd.DataFrame([{k: (np.nan if v is None else v) for k, v in sample.items()}])


@st.cache_resource(max_entries=8, ttl=engine.CACHE_TTL, show_spinner=False)
def linear_rows(trace_id: str, _current: dict) -> dict | None:
    """FittedTrace.linear_rows of the rows the tree trace_id names grew on: prepared and
    routed once per tree, not on every sample or rerun of the predict page (read only: a
    resource, not copied). {} for a tree without a linear test; None where the rows cannot
    be read again (a path then keeps the tree's text)."""
    if not any(node["decision"].get("weights") for node in _current["trace"]["nodes"]):
        return {}
    try:
        X, _ = engine.grown_rows(_current, _current["source"])
    except (ValueError, MemoryError):
        return None
    return FittedTrace.from_dict(_current["trace"]).linear_rows(X)


# --------------------------------------------------------------------- forced splits


def unmatched_counts(traces: list[dict]) -> dict[str, int]:
    """Forced path -> how many of these trees could not make the split there."""
    counts: dict[str, int] = {}
    for trace in traces:
        for path in trace.get("unmatched_force", ()):
            counts[path] = counts.get(path, 0) + 1
    return counts


def unmatched_warnings(counts: dict[str, int], trees: int, tree: str) -> list[str]:
    """One sentence per forced path some trees could not honour (Markdown).

    trees: how many trees were grown (k folds, or 1); tree: the name of a tree grown alone.
    """
    return [_unmatched_sentence(path, n, trees, tree) for path, n in sorted(counts.items())]


def _unmatched_sentence(path: str, n: int, trees: int, tree: str) -> str:
    path = path_words(path, t("node.root.bare"))
    if trees == 1:
        return tm("force.unmatched.one", path=path, tree=tree)
    if n == 1:
        return tm("force.unmatched.one", path=path, tree=t("force.tree.fold", k=trees))
    key = "force.unmatched.all" if n == trees else "force.unmatched.folds"
    return tm(key, path=path, n=n, k=trees)


def warn_unmatched(counts: dict[str, int], trees: int, tree: str) -> None:
    for sentence in unmatched_warnings(counts, trees, tree):
        st.warning(sentence)


def warn_unmatched_in(result: Evaluation, tree: str) -> None:
    """The forced splits an Evaluation's trees (one per split) could not make."""
    warn_unmatched(result.folds_missing_a_force, len(result.unmatched_force), tree)


@st.cache_data(max_entries=8, ttl=engine.CACHE_TTL, show_spinner=False)
def svg(dot_source: str) -> str:
    """The tree drawn by Graphviz's dot, once per DOT source (a subprocess per call)."""
    return to_svg(dot_source)


def safely(call, *args, stop: bool = True):
    """Run a core call; on bad input show the reason and stop the page (no traceback), or,
    where the rest of the page does not need the call (`stop=False`), return None."""
    try:
        return call(*args)
    except SplitError as error:  # the trees could grow; the rows cannot be split so
        st.error(tm("lab.split_failed", reason=error_text(error)))
    except (LoadError, ValueError) as error:
        st.error(tm("lab.failed", reason=error_text(error)))
    except MemoryError:  # this request fails; the server and the session's data stay
        st.error(t("error.memory"))
    if stop:
        st.stop()
    return None


def show_notes(result: Evaluation) -> None:
    """How the evaluation's split departs from the stratified one asked for."""
    for note in result.notes:
        key = f"eval.note.{note.key}"
        st.info(tm(key, **note.details) if has(key) else literal(note.text))


# --------------------------------------------------------------------- configurations


def config_label(options: Options) -> str:
    """'ID3', plus any of the configuration's own options that differs from the defaults."""
    parts = []
    if options.max_depth:
        parts.append(t("lab.config.depth", depth=options.max_depth))
    if options.min_samples_split != 2:
        parts.append(t("lab.config.min_samples", n=options.min_samples_split))
    if options.min_gain:
        parts.append(t("lab.config.min_gain", gain=f"{options.min_gain:g}"))
    if registry.seed_matters(options.algorithm, options.tie_break):
        parts.append(t("lab.config.seed", seed=options.seed))
    if options.prune != "none":  # short: the method's full name carries brackets of its own
        parts.append(t(f"lab.config.prune.{options.prune}"))
    name = registry.label(options.algorithm)
    return t("lab.config.label", name=name, options=t("list.join").join(parts)) if parts \
        else name


def unique_labels(labels: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} #{seen[label]}")
    return out


def _config_inputs(i: int, base: Options, usual: dict) -> dict:
    """One configuration's widgets (keys persist for the session, across pages): the fields
    it changes in the sidebar's options. `usual`: its defaults (state.compare_defaults); a
    link may have set any of them (state.open_link), so none is given a value here."""
    keys = registry.keys()
    config = {name: key.format(i) for name, (key, _, _) in state.COMPARE_CONFIG.items()}
    for name, key in config.items():
        state.start_widget(key, 0 if usual[name] is None else usual[name])  # depth 0: no limit
    algorithm = st.selectbox(t("lab.config.algorithm"), keys, key=config["algorithm"],
                             persist_state="session",
                             format_func=labelled(keys, registry.name, key=config["algorithm"]))
    with st.expander(t("lab.config.options")):
        depth = st.number_input(t("setup.max_depth"), 0, 100, key=config["max_depth"],
                                persist_state="session", help=t("setup.max_depth.help"))
        samples = st.number_input(t("setup.min_samples"), 2, 10_000,
                                  key=config["min_samples_split"], persist_state="session")
        gain = st.number_input(t("setup.min_gain"), 0.0, 1.0, step=0.01, format="%.3f",
                               key=config["min_gain"], persist_state="session")
        seed = st.number_input(t("setup.seed"), *state.SEEDS, key=config["seed"],
                               persist_state="session",
                               disabled=not registry.seed_matters(algorithm, base.tie_break))
        prune = st.selectbox(t("prune.method"), PRUNE_METHODS, key=config["prune"],
                             persist_state="session",
                             format_func=labelled(PRUNE_METHODS, lambda m: t(f"prune.method.{m}"),
                                                  key=config["prune"]),
                             help=t("cmp.prune.help"))
    return {"algorithm": algorithm, "max_depth": int(depth) or None,
            "min_samples_split": int(samples), "min_gain": float(gain), "seed": int(seed),
            "prune": prune}


def config_picker(base: Options) -> list[Options]:
    """2–4 configurations side by side (the first three algorithms by default)."""
    usual = state.compare_defaults(base)
    key, (low, high), _ = state.COMPARE_COUNT_WIDGET
    count = int(st.number_input(t("lab.config.count"), low, high,
                                key=state.start_widget(key, usual.count),
                                persist_state="session"))
    configs = []
    for i, col in enumerate(st.columns(count)):
        with col:
            st.markdown(f"**{t('lab.config.header', n=i + 1)}**")
            configs.append(variant(base, **_config_inputs(i, base, usual.configs[i])))
    return configs


def split_inputs(prefix: str, allow_kfold: bool) -> tuple[str, float, int]:
    """(method, held-out share or k, seed) from the page's split widgets."""
    cols = st.columns(3)
    method = "holdout"
    if allow_kfold:
        methods = ["holdout", "kfold"]
        method = cols[0].radio(t("lab.split.method"), methods, key=f"{prefix}_method",
                               format_func=labelled(methods, lambda m: t(f"lab.split.method.{m}"),
                                                    key=f"{prefix}_method"),
                               persist_state="session")
    if method == "kfold":
        size = cols[1].number_input(t("lab.split.k"), 2, 20, 5, key=f"{prefix}_k",
                                    persist_state="session")
    else:
        # no value=: a link may have set the Compare page's (state.open_link)
        low, high, by = state.HELD_OUT
        size = cols[1].slider(t("lab.split.test_size"), low, high, step=by,
                              key=state.start_widget(f"{prefix}_test_size",
                                                     state.SPLIT_START["test_size"]),
                              persist_state="session")
    seed = cols[2].number_input(t("lab.split.seed"), *state.SEEDS,
                                key=state.start_widget(f"{prefix}_seed",
                                                       state.SPLIT_START["seed"]),
                                persist_state="session")
    return method, size, int(seed)
