"""Shared by the compare, evaluate, predict and export pages: data, configurations, caching.

The pages use the sidebar's data and attribute choices; they vary only the algorithm and its
options. Expensive calls (growing several trees, k-fold, the depth curve) are cached on the
file bytes and the options, like ui.engine's grow_trace.
"""

from __future__ import annotations

import streamlit as st

from dtree_core.evaluate import (
    Config,
    FittedTrace,
    accuracy,
    cross_validate,
    depth_curve,
    stratified_kfold,
    stratified_split,
)
from dtree_core.evaluate import holdout as holdout_eval
from dtree_core.export import to_svg
from dtree_core.loading import LoadError
from ui import engine
from ui.messages import t, tm
from ui.setup import ALGORITHMS, error_text

OPTION_KEYS = ("algorithm", "max_depth", "min_samples_split", "min_gain", "seed")


def current_or_stop() -> dict:
    """The sidebar's grown tree and its inputs; without one, say so and stop the page."""
    current = st.session_state.get("current")
    if current is None or st.session_state.get("dataset") is None:
        st.info(t("setup.no_data"))
        st.stop()
    return current


def prepared(data: bytes, filename: str, options: dict):
    """(X, y, kinds) exactly as ui.engine.grow_trace prepares them (its cache, its sheet)."""
    ready = engine.prepared_data(data, filename, options)
    return ready.X, ready.y, ready.kinds


def config_of(options: dict, kinds: dict) -> Config:
    return Config(options["algorithm"], options["max_depth"], options["min_samples_split"],
                  options["min_gain"], options["seed"],
                  tuple(c for c, k in kinds.items() if k == "nominal"),
                  tuple(c for c, k in kinds.items() if k == "continuous"),
                  options.get("tie_break", "first"))


def with_options(base: dict, config: dict) -> dict:
    """The sidebar's data choices with one configuration's algorithm and options.

    Splits forced by hand on the grow page stay there: Config (held-out and k-fold fits)
    cannot force, so a compared tree must not either, or its accuracies would be another tree's.
    """
    return {**base, **{k: config[k] for k in OPTION_KEYS}, "force": {}}


def grow(dataset: dict, options: dict) -> dict:
    """A trace dict, through the grow page's cache."""
    return engine.grow_trace(dataset["data"], dataset["filename"], options)


@st.cache_data(max_entries=32, show_spinner=False)
def training_and_holdout(data: bytes, filename: str, options: dict, test_size: float,
                         seed: int) -> tuple[float, float]:
    """(accuracy of the full tree on its own rows, held-out accuracy of a split's tree)."""
    X, y, kinds = prepared(data, filename, options)
    config = config_of(options, kinds)
    full = FittedTrace.from_dict(grow({"data": data, "filename": filename}, options))
    train = accuracy(y.to_numpy(dtype=object), full.predict(X))
    return train, holdout_eval(config, X, y, test_size, seed).accuracy


@st.cache_data(max_entries=16, show_spinner=False)
def holdout_tree(data: bytes, filename: str, options: dict, test_size: float, seed: int):
    """(trace grown on a stratified split's training rows, held-out X, held-out y, n train)."""
    X, y, kinds = prepared(data, filename, options)
    train, test = stratified_split(y, test_size, seed)
    model = config_of(options, kinds).fit(X.iloc[train], y.iloc[train])
    return model.trace_.to_dict(), X.iloc[test], y.iloc[test], len(train)


@st.cache_data(max_entries=32, show_spinner=False)
def evaluation(data: bytes, filename: str, options: dict, method: str, size: float, seed: int):
    """A hold-out (size = held-out share) or k-fold (size = k) Evaluation."""
    X, y, kinds = prepared(data, filename, options)
    config = config_of(options, kinds)
    if method == "kfold":
        return cross_validate(config, X, y, int(size), seed)
    return holdout_eval(config, X, y, float(size), seed)


@st.cache_data(max_entries=16, show_spinner=False)
def curve(data: bytes, filename: str, options: dict, method: str, size: float, seed: int):
    X, y, kinds = prepared(data, filename, options)
    splits = (stratified_kfold(y, int(size), seed) if method == "kfold"
              else [stratified_split(y, float(size), seed)])
    return depth_curve(config_of(options, kinds), X, y, splits)


@st.cache_data(max_entries=8, show_spinner=False)
def svg(dot_source: str) -> str:
    """The tree drawn by Graphviz's dot, once per DOT source (a subprocess per call)."""
    return to_svg(dot_source)


def safely(call, *args):
    """Run a core call; on bad input show the reason and stop the page (no traceback)."""
    try:
        return call(*args)
    except (LoadError, ValueError) as error:
        st.error(tm("lab.failed", reason=error_text(error)))
        st.stop()


# --------------------------------------------------------------------- configurations


def config_label(config: dict) -> str:
    """'ID3 (information gain)', plus any option that differs from the defaults."""
    parts = []
    if config["max_depth"]:
        parts.append(t("lab.config.depth", depth=config["max_depth"]))
    if config["min_samples_split"] != 2:
        parts.append(t("lab.config.min_samples", n=config["min_samples_split"]))
    if config["min_gain"]:
        parts.append(t("lab.config.min_gain", gain=f"{config['min_gain']:g}"))
    if config["algorithm"] == "cls":
        parts.append(t("lab.config.seed", seed=config["seed"]))
    name = t(f"algo.{config['algorithm']}").split(" (")[0]
    return f"{name} ({', '.join(parts)})" if parts else name


def unique_labels(labels: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} #{seen[label]}")
    return out


def _config_inputs(i: int) -> dict:
    """One configuration's widgets; keys persist for the session, across pages."""
    algorithm = st.selectbox(t("lab.config.algorithm"), ALGORITHMS, key=f"cmp_algo_{i}",
                             index=i % len(ALGORITHMS), persist_state="session",
                             format_func=lambda a: t(f"algo.{a}"))
    with st.expander(t("lab.config.options")):
        depth = st.number_input(t("setup.max_depth"), 0, 100, 0, key=f"cmp_depth_{i}",
                                persist_state="session", help=t("setup.max_depth.help"))
        samples = st.number_input(t("setup.min_samples"), 2, 10_000, 2, key=f"cmp_min_{i}",
                                  persist_state="session")
        gain = st.number_input(t("setup.min_gain"), 0.0, 1.0, 0.0, step=0.01, format="%.3f",
                               key=f"cmp_gain_{i}", persist_state="session")
        seed = st.number_input(t("setup.seed"), 0, 2**31 - 1, 0, key=f"cmp_seed_{i}",
                               persist_state="session", disabled=algorithm != "cls")
    return {"algorithm": algorithm, "max_depth": int(depth) or None,
            "min_samples_split": int(samples), "min_gain": float(gain), "seed": int(seed)}


def config_picker() -> list[dict]:
    """2–4 configurations side by side (ID3, C4.5, CART by default)."""
    count = int(st.number_input(t("lab.config.count"), 2, 4, 3, key="cmp_n",
                                persist_state="session"))
    configs = []
    for i, col in enumerate(st.columns(count)):
        with col:
            st.markdown(f"**{t('lab.config.header', n=i + 1)}**")
            configs.append(_config_inputs(i))
    return configs


def split_inputs(prefix: str, allow_kfold: bool) -> tuple[str, float, int]:
    """(method, held-out share or k, seed) from the page's split widgets."""
    cols = st.columns(3)
    method = "holdout"
    if allow_kfold:
        method = cols[0].radio(t("lab.split.method"), ["holdout", "kfold"], key=f"{prefix}_method",
                               format_func=lambda m: t(f"lab.split.method.{m}"),
                               persist_state="session")
    if method == "kfold":
        size = cols[1].number_input(t("lab.split.k"), 2, 20, 5, key=f"{prefix}_k",
                                    persist_state="session")
    else:
        size = cols[1].slider(t("lab.split.test_size"), 0.1, 0.5, 0.3, step=0.05,
                              key=f"{prefix}_test_size", persist_state="session")
    seed = cols[2].number_input(t("lab.split.seed"), 0, 2**31 - 1, 0, key=f"{prefix}_seed",
                                persist_state="session")
    return method, size, int(seed)
