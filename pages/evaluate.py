"""Evaluate: held-out accuracy, per-class precision/recall/F1, confusion matrices, overfitting."""

import plotly.graph_objects as go
import streamlit as st

from dtree_core.escape import plotly_text
from dtree_core.pruning import VALIDATED
from dtree_core.split import places_among
from ui import analysis, engine, pruning, registry
from ui.messages import labelled, t
from ui.state import ensure_entry_point, kept_tab
from ui.tables import BLANK
from ui.widgets import ties_sentence

ensure_entry_point()


def confusion_figure(result) -> go.Figure:
    """Rows: true class, columns: predicted class, counts written in the cells."""
    labels = [plotly_text(c) for c in result.labels]  # Plotly renders HTML in ticks
    figure = go.Figure(go.Heatmap(z=result.matrix, x=labels, y=labels, colorscale="Blues",
                                  text=result.matrix, texttemplate="%{text}", showscale=False))
    figure.update_layout(xaxis_title=t("eval.confusion.pred"), yaxis_title=t("eval.confusion.true"),
                         yaxis_autorange="reversed", height=320,
                         margin={"l": 40, "r": 10, "t": 20, "b": 40})
    figure.update_xaxes(type="category")
    figure.update_yaxes(type="category")
    return figure


def report_frame(result):
    frame = result.report
    return frame.rename(columns={c: t(f"eval.col.{c}") for c in frame.columns})


def accuracy_places(results) -> dict[str, int]:
    """The decimals of the tabs' held-out ("test") and training ("train") accuracies: 3, or as
    many more as tell every algorithm's from the others' (0.500 against 0.500 was 1500/3000
    against 1501/3000)."""
    return {"test": places_among([r.accuracy for r in results], 3),
            "train": places_among([r.train_accuracy for r in results], 3)}


def folds_caption(folds) -> str:
    """The folds' accuracies and their mean, to 3 decimals or as many more as tell every two
    apart (places_among): 0.900 beside 0.900 was 900/1000 beside 901/1001."""
    mean = sum(folds) / len(folds)
    places = places_among([*folds, mean], 3)
    return t("eval.folds", values=t("list.join").join(f"{a:.{places}f}" for a in folds),
             mean=f"{mean:.{places}f}")


def one_algorithm(algorithm: str, result, method: str, places: dict[str, int]) -> None:
    cols = st.columns(2)
    cols[0].metric(t("eval.accuracy.kfold" if method == "kfold" else "eval.accuracy"),
                   f"{result.accuracy:.{places['test']}f}")
    # k-fold: a mean over the folds' training rows, not pooled like the held-out one
    cols[1].metric(t("eval.train_accuracy.kfold" if method == "kfold" else "eval.train_accuracy"),
                   f"{result.train_accuracy:.{places['train']}f}")
    if method == "kfold":
        st.caption(folds_caption(result.fold_accuracies))
    analysis.show_notes(result)
    tied = ties_sentence(result.tied_to)
    if tied:  # counted as one class, as the accuracy above counts them
        st.info(tied)
    # and the training accuracy's: rows at a leaf whose class won a tie of the counts
    tied = ties_sentence(result.train_tied_to,
                         "eval.train_ties.kfold" if method == "kfold" else "eval.train_ties")
    if tied:
        st.info(tied)
    st.markdown(f"**{t('eval.report')}**")
    st.dataframe(report_frame(result), hide_index=True, placeholder=BLANK, column_config={
        t(f"eval.col.{c}"): st.column_config.NumberColumn(format="%.3f")
        for c in ("precision", "recall", "f1")})
    if result.report[["precision", "recall"]].isna().to_numpy().any():
        st.caption(t("eval.undefined"))
    st.markdown(f"**{t('eval.confusion')}**")
    st.plotly_chart(confusion_figure(result), key=f"ev_cm_{algorithm}")


def curve_figure(frame) -> go.Figure:
    figure = go.Figure()
    for column, name in (("train_accuracy", "eval.curve.train"),
                         ("test_accuracy", "eval.curve.test")):
        figure.add_scatter(x=frame["max_depth"], y=frame[column], mode="lines+markers",
                           name=t(name))
    figure.update_layout(xaxis_title=t("eval.curve.x"), yaxis_title=t("eval.curve.y"),
                         height=360, margin={"l": 40, "r": 10, "t": 20, "b": 40})
    figure.update_xaxes(dtick=1)
    figure.update_yaxes(range=[0, 1.02])
    return figure


def overfitting(algorithms, source, base, split) -> None:
    st.subheader(t("eval.curve"))
    algorithm = st.selectbox(t("eval.curve.algorithm"), algorithms, key="ev_curve_algo",
                             format_func=labelled(algorithms, registry.name, key="ev_curve_algo"))
    options = analysis.variant(analysis.unvalidated(base), algorithm=algorithm, max_depth=None)
    frame = analysis.safely(analysis.curve, *source, options, *split)
    st.plotly_chart(curve_figure(frame), key="ev_curve")
    if split[0] == "kfold":  # depth_curve averages the folds; the metric above pools them
        st.caption(t("eval.curve.kfold", k=int(split[1])))


def holdout_share(split) -> float:
    """The held-out share of the page's split (k-fold: one fold's, 1/k)."""
    method, size, _ = split
    return 1 / int(size) if method == "kfold" else float(size)


current = analysis.current_or_stop()
dataset, base = st.session_state.dataset, current["options"]
source = (dataset["data"], dataset["filename"], current["choices"])
st.title(t("page.evaluate"))
# every row the page splits: the sidebar tree's root lacks the rows pruning validates on
st.caption(t("eval.intro", rows=len(engine.ready(*source, base)[1])))
algorithms = st.multiselect(t("eval.algorithms"), registry.keys(),
                            default=registry.scoring_keys(), key="ev_algos",
                            format_func=labelled(registry.keys(), registry.name, key="ev_algos"),
                            persist_state="session", placeholder=t("widget.choose"))
split = analysis.split_inputs("ev", allow_kfold=True)
if not algorithms:
    st.info(t("eval.pick_one"))
    st.stop()
if base.prune in VALIDATED:  # above the tabs and the curve whose trees it means
    st.info(pruning.unpruned_note(current["choices"]))
results = {a: analysis.safely(analysis.evaluation, *source,
                              analysis.variant(analysis.unvalidated(base), algorithm=a), *split)
           for a in algorithms}
places = accuracy_places(results.values())
# keyed and rerun on a click, so the open tab is known and stays open in another language
tabs = st.tabs(kept_tab("ev_tab", algorithms, registry.name), key="ev_tab", on_change="rerun")
for tab, algorithm in zip(tabs, algorithms, strict=True):
    with tab:
        analysis.warn_unmatched_in(results[algorithm], t("force.tree.holdout"))
        one_algorithm(algorithm, results[algorithm], split[0], places)
overfitting(algorithms, source, base, split)
# pruned beside unpruned: its validation rows are carved out of the training rows
analysis.safely(pruning.evaluate_section, source, analysis.variant(base), holdout_share(split),
                split[2], int(split[1]) if split[0] == "kfold" else None)
