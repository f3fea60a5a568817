"""The exercises page's "Book exercises" tab: a preset's question, setup and answer on request.

The answers come from dtree_core.exercises_presets (real runs, read off the traces and
evaluations); this module only words and draws them. "Open on the grow page" puts the
preset's data and options in the sidebar's state the way a shared link does (ui.state).
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from dtree_core import links
from dtree_core.cli_messages import stop_words
from dtree_core.datasets import get
from dtree_core.escape import plotly_text
from dtree_core.exercises_presets import (
    FOLDS,
    LEARNERS,
    PRESETS,
    Answer,
    Fact,
    Preset,
    learner_options,
    preset,
)
from dtree_core.labels import export_text
from dtree_core.options import Options
from ui import engine, registry, state
from ui.messages import has, labelled, literal, t
from ui.names import bundled_name
from ui.widgets import in_notation

GROW_PAGE, GROW_URL = "pages/grow.py", ""  # the default page: app.PAGES' first, at "/"


def book_exercises() -> None:
    st.caption(t("preset.intro"))
    keys = [p.key for p in PRESETS]
    key = st.selectbox(t("preset.pick"), keys, key="preset_key",
                       format_func=labelled(keys, lambda k: label(preset(k)), key="preset_key"))
    chosen = preset(key)
    st.markdown(f"**{literal(t('preset.question'))}**")
    say(t(chosen.question_key))
    if not chosen.runnable:
        st.info(t("preset.not_runnable", why=t(f"preset.why.{chosen.not_runnable}")))
    else:
        setup(chosen)
    if has(f"preset.note.{key}"):
        st.caption(literal(t(f"preset.note.{key}")))
    if chosen.runnable and st.toggle(t("preset.answer"), key=f"preset_show::{key}"):
        show_answer(chosen, answer_of(key))


def label(p: Preset) -> str:
    return t("preset.label", book=t(f"preset.book.{p.book}"), number=p.number)


def say(text: str) -> None:
    """A catalogue sentence (with values from the data) shown as written."""
    st.markdown(literal(text))


def setup(p: Preset) -> None:
    """The data, algorithm and options the preset sets, and the button that sets them."""
    if p.dataset is None:  # 4.6: several data sets, shown with the answer
        return
    lines = [t("preset.setup", dataset=bundled_name(p.dataset),
               algorithm=registry.name(p.options["algorithm"]))]
    if "max_depth" in p.options:
        lines.append(t("preset.setup.option", option=t("setup.max_depth"),
                       value=p.options["max_depth"]))
    if p.options.get("prune", "none") != "none":
        lines.append(t("preset.setup.option", option=t("prune.method"),
                       value=t(f"prune.method.{p.options['prune']}")))
    if p.validation:
        lines.append(t("preset.setup.validation", dataset=bundled_name(p.validation)))
    if p.order == "bfs":
        lines.append(t("preset.setup.order"))
    for line in lines:
        say(line)
    st.button(t("preset.open"), key=f"preset_open::{p.key}", help=t("preset.open.help"),
              on_click=open_on_grow, args=(p.key,))
    if st.session_state.pop("preset_opened", None) == p.key:
        state.switch_page(GROW_PAGE, GROW_URL)


def open_on_grow(key: str) -> None:
    """on_click: the sidebar's data and options become the preset's (every other option back
    to its default), through the same path a shared link takes."""
    p = preset(key)
    options = Options.build(**p.options)
    for name, (widget, _, for_none) in state.SIDEBAR.items():
        value = getattr(options, name)
        st.session_state[widget] = for_none if value is None else value
    dataset = get(p.dataset)
    data = dataset.path.read_bytes()
    st.session_state.pop(f"attrs::{engine.data_key(data)}::{dataset.target}", None)
    st.session_state.forces = {**st.session_state.forces, engine.data_key(data): {}}
    if p.validation:
        st.session_state["validation_source::True"] = "paired"
    mode = "lecture" if st.session_state.get("lecture") else None
    state.open_link(links.decode(links.encode(options, dataset=p.dataset, order=p.order,
                                              mode=mode)))
    st.session_state.order = p.order
    st.session_state.preset_opened = key


@st.cache_data(max_entries=32, ttl=3600, show_spinner=False)
def answer_of(key: str) -> Answer:
    return preset(key).answer()


# --------------------------------------------------------------------- the answer


def learner_name(learner: str) -> str:
    """'C4.5 (gain ratio) · C4.5 pessimistic pruning' for 'c45+pep'."""
    options = learner_options(learner)
    name = registry.name(options["algorithm"])
    if "prune" not in options:
        return name
    return f"{name} · {t('prune.method.' + options['prune'])}"


def fact_text(fact: Fact) -> str:
    """A fact in the session's language: codes among its values worded too."""
    worded = {"name": lambda v: t(f"preset.tree.{v}"),
              "criterion": lambda v: t(in_notation(f"preset.criterion.{v}")),
              "path": lambda v: t("preset.root") if v == "root" else v,
              "a": learner_name, "b": learner_name}
    values = {k: worded[k](v) if k in worded else v for k, v in fact.values.items()}
    return t(in_notation(f"preset.fact.{fact.code}"), **values)


def leaf_words() -> dict[str, str]:
    """Every leaf's stop code as the answers' trees mark it: "leaf", except the leaves that
    pruning made (pre-pruned, pruned), which an exercise comparing pruned trees asks
    about (a code without words of its own was once printed raw: [pre_pruned])."""
    return {code: t(f"preset.kind.{code}") if has(f"preset.kind.{code}") else
            t("preset.kind.leaf") for code in stop_words("en")}


def show_answer(p: Preset, answer: Answer) -> None:
    for fact in answer.facts:
        say(fact_text(fact))
    for name, table in answer.tables.items():
        show_table(name, table)
    decimals = st.session_state.get("decimals", 3)
    for name, trace in answer.traces.items():
        st.markdown(f"**{literal(t(f'preset.tree.{name}'))}**")
        st.code(export_text(trace, decimals, stop_words=leaf_words()), language=None)
    if p.key == "zhou-4.6":
        show_cd_chart(answer)


TITLES = {"bfs": "preset.order.bfs", "dfs": "preset.order.dfs", "budget": "preset.budget.splits",
          "ccp": "preset.ccp.table", "ranks": "preset.sig.ranks", "pairs": "preset.sig.pairs",
          "mean_ranks": "preset.col.mean_rank"}


def show_table(name: str, table: pd.DataFrame) -> None:
    title = t("preset.sig.accuracy", k=FOLDS) if name == "accuracy" else t(TITLES[name])
    st.markdown(f"**{literal(title)}**")
    st.dataframe(preset_words(table), hide_index=name not in ("accuracy", "ranks"),
                 key=f"preset_table::{name}")


def preset_words(table: pd.DataFrame) -> pd.DataFrame:
    """Columns, learners, data sets and kinds in the session's language; numbers rounded."""
    shown = table.copy()
    decimals = st.session_state.get("decimals", 3)
    for column in ("a", "b", "learner"):
        if column in shown:
            shown[column] = shown[column].map(learner_name)
    if "dataset" in shown:
        shown["dataset"] = shown["dataset"].map(bundled_name)
    if "path" in shown:
        shown["path"] = shown["path"].map(lambda p: t("preset.root") if p == "root" else p)
    if "kind" in shown:
        shown["kind"] = shown["kind"].map(lambda k: t(f"preset.kind.{k}"))
    if set(shown.columns) <= set(LEARNERS):  # accuracy and ranks: learners × data sets
        shown.columns = [learner_name(c) for c in shown.columns]
        shown.index = [bundled_name(k) for k in shown.index]
    else:
        shown.columns = [t(f"preset.col.{c}") for c in shown.columns]
    return shown.round(decimals)


def show_cd_chart(answer: Answer) -> None:
    """Zhou's Fig. 2.8: each learner at its average rank, with a bar CD long."""
    cd = next(f.values["cd"] for f in answer.facts if f.code == "nemenyi")
    st.markdown(f"**{literal(t('preset.sig.cd'))}**")
    st.plotly_chart(cd_figure(answer.tables["mean_ranks"], cd), key="preset_cd")
    st.caption(literal(t("preset.sig.cd.caption", cd=cd)))


def cd_figure(mean_ranks: pd.DataFrame, cd: float) -> go.Figure:
    names = [plotly_text(learner_name(k)) for k in mean_ranks["learner"]]
    figure = go.Figure(go.Scatter(
        x=[float(r) for r in mean_ranks["mean_rank"]], y=names, mode="markers",
        error_x={"type": "constant", "value": cd / 2, "thickness": 3, "width": 6},
        hovertemplate="%{y}: %{x:.3f}<extra></extra>"))
    figure.update_layout(xaxis_title=plotly_text(t("preset.sig.rank_axis")), height=260,
                         margin={"l": 10, "r": 10, "t": 10, "b": 40})
    return figure
