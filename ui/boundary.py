"""Decision regions (Zhou §4.5, 多变量决策树): an axis-parallel tree's staircase beside an
oblique tree's slanted cuts, on two continuous attributes, as grown up to the replay's step.

The regions come from the traces alone: dtree_core.predicting.as_grown keeps the nodes decided
by the current step and makes every other node a leaf of its majority class, and a grid of
points is routed through each node's split record, as prediction does. Both trees are the
engine's cached ones, grown with the same options but the algorithm. Every name that reaches
Plotly is escaped (it renders HTML in titles, legends and hovers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from plotly.colors import qualitative

from dtree_core.data import Attribute, DataError, Listed, encode_like
from dtree_core.dot import grown_decision, to_dot
from dtree_core.escape import plotly_text
from dtree_core.fitted_trace import FittedTrace
from dtree_core.labels import format_number
from dtree_core.predicting import as_grown, leaf_distributions, most_likely
from dtree_core.split import (
    Condition,
    linear_text,
    linear_values,
    places_apart,
    record_threshold_text,
    threshold_text,
    told_apart,
    tried_test_name,
)
from dtree_core.trace import Trace
from ui import engine, registry
from ui.messages import literal, sentences, t, tm
from ui.setup import error_text
from ui.tables import replay_order, winner
from ui.widgets import drawn_part, in_notation, stop_sentence

GRID = 100  # points per axis: 10 000 grid rows routed per tree and step
AXIS = "cart"  # the axis-parallel tree drawn beside an oblique one
PALETTE = qualitative.Plotly + qualitative.D3
REGION_OPACITY = 0.3
MAX_POINTS = 2000  # rows drawn at most (a seeded sample beyond): the chart is resent every step
CHART_META = "decision-regions"  # names the figure for the tests

# Zhou's multivariate tree on watermelon 3.0α (§4.5): its root test, in each bundled copy's
# attribute names. The book's own numbers, quoted; ours always come from the trace.
BOOK_ROOT = {
    "watermelon_3.0_alpha": ((("密度", -0.800), ("含糖率", -0.044)), -0.313),
    "watermelon_3.0_alpha_en": ((("density", -0.800), ("sugar", -0.044)), -0.313),
}


# --------------------------------------------------------------------- pure: grid and regions


@dataclass(frozen=True)
class Panel:
    """One tree as the replay shows it: its trace dict, its replay order and step."""

    trace: dict
    order: list[int]
    step: int
    trace_id: str  # the engine's name for the tree (its cache key)

    @property
    def expanded(self) -> list[int]:
        return self.order[: self.step + 1]


def fitted_trace(trace: dict) -> FittedTrace:
    """A trace dict as a predictor, without reading its score rows (a big tree's are costly)."""
    bare = {**trace, "nodes": [{**node, "scores": ()} for node in trace["nodes"]]}
    attributes = tuple(Attribute(a["name"], a["kind"], tuple(a.get("values") or ()))
                       for a in trace["attributes"])
    return FittedTrace(Trace.from_dict(bare), attributes)


def continuous_names(trace: dict) -> list[str]:
    """The tree's continuous attributes, in the data's column order."""
    return [a["name"] for a in trace["attributes"] if a["kind"] == "continuous"]


def held_values(X: pd.DataFrame, trace: dict, shown: tuple[str, str]) -> dict:
    """The value every attribute not on an axis is held at: a continuous one's median, a
    nominal one's most frequent value (a tie: the value seen first in the data)."""
    held = {}
    for attribute in trace["attributes"]:
        name = attribute["name"]
        if name in shown:
            continue
        column = X[name]
        if attribute["kind"] == "continuous":
            held[name] = float(pd.to_numeric(column, errors="coerce").median())
        else:
            known = column.dropna()
            counts = known.groupby(known.astype(str), sort=False).size()
            held[name] = known[known.astype(str) == counts.idxmax()].iloc[0] if len(known) else None
    return held


def axis_values(column: pd.Series, n: int = GRID) -> np.ndarray:
    """n evenly spaced values over the known values' range, with a 5% margin either side."""
    values = pd.to_numeric(column, errors="coerce").dropna()
    low, high = (float(values.min()), float(values.max())) if len(values) else (0.0, 1.0)
    margin = (high - low) * 0.05 or 0.5
    return np.linspace(low - margin, high + margin, n)


def grid_frame(xs: np.ndarray, ys: np.ndarray, shown: tuple[str, str], held: dict) -> pd.DataFrame:
    """Every (x, y) of the grid as a row, y-major (row i·len(xs) + j is (xs[j], ys[i]))."""
    gx, gy = np.meshgrid(xs, ys)
    columns = {shown[0]: gx.ravel(), shown[1]: gy.ravel()}
    for name, value in held.items():
        columns[name] = np.full(gx.size, value, dtype=object if isinstance(value, str) else None)
    return pd.DataFrame(columns)


def drawn_rows(n_rows: int, limit: int = MAX_POINTS) -> np.ndarray:
    """The rows the scatter shows: all of them, or a seeded random sample of `limit`, in
    data order."""
    if n_rows <= limit:
        return np.arange(n_rows)
    return np.sort(np.random.default_rng(0).choice(n_rows, limit, replace=False))


def region_classes(fitted: FittedTrace, expanded, frame: pd.DataFrame) -> np.ndarray:
    """Index (into the trace's classes) of the class each row of frame is predicted, by the
    tree grown as far as the nodes in `expanded`."""
    tree = as_grown(fitted.trace, expanded)
    columns = encode_like(frame, fitted.attributes)
    proba = leaf_distributions(tree, fitted.attributes, columns, len(frame))
    return most_likely(proba, range(len(tree.classes))).astype(int)


# --------------------------------------------------------------------- pure: the figure


def _colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _region_scale(n_classes: int) -> list:
    """A stepped colour scale: class i's colour on z = i (zmin −0.5, zmax k − 0.5)."""
    scale = []
    for i in range(n_classes):
        scale += [[i / n_classes, _colour(i)], [(i + 1) / n_classes, _colour(i)]]
    return scale


def _rows_trace(points: np.ndarray, labels: np.ndarray, cls: str, i: int, col: int) -> dict:
    """One class's rows (points: n × 2, NaN where unknown) as points of subplot col (its
    legend entry in the first only)."""
    mask = (labels == cls) & ~np.isnan(points).any(axis=1)
    return {"type": "scatter", "mode": "markers", "x": points[mask, 0],
            "y": points[mask, 1], "name": plotly_text(cls),
            "legendgroup": plotly_text(cls), "showlegend": col == 1,
            "xaxis": _axis("x", col), "yaxis": _axis("y", col),
            "marker": {"color": _colour(i), "size": 9, "line": {"color": "white", "width": 1}},
            # the name by reference: a class named '%{y}' is not a template of its own
            "hovertemplate": "(%{x}, %{y})<extra>%{fullData.name}</extra>"}


def _axis(letter: str, col: int) -> str:
    return letter if col == 1 else f"{letter}{col}"


def _region_trace(z: np.ndarray, xs, ys, k: int, col: int) -> dict:
    return {"type": "heatmap", "x": xs, "y": ys, "z": z.reshape(len(ys), len(xs)),
            "zmin": -0.5, "zmax": k - 0.5,
            "colorscale": _region_scale(k), "showscale": False, "opacity": REGION_OPACITY,
            "hoverinfo": "skip", "xaxis": _axis("x", col), "yaxis": _axis("y", col)}


def regions_figure(titles: list[str], regions: list[np.ndarray], xs, ys, X, y, shown,
                   classes) -> go.Figure:
    """One subplot per tree: its predicted classes on the grid, the rows on top. Built as
    one constructor call, so Plotly validates it once (a step redraws it)."""
    n, gap, k = len(regions), 0.05, len(classes)
    width = (1 - gap * (n - 1)) / n
    data, layout = [], {"height": 430, "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
                        "legend": {"orientation": "h", "y": -0.18}, "meta": CHART_META,
                        "annotations": []}
    points = X[list(shown)].apply(pd.to_numeric, errors="coerce").to_numpy(dtype=float)
    labels = y.astype(str).to_numpy()
    for col, z in enumerate(regions, start=1):
        data.append(_region_trace(z, xs, ys, k, col))
        data += [_rows_trace(points, labels, str(cls), i, col) for i, cls in enumerate(classes)]
        left = (col - 1) * (width + gap)
        layout[f"xaxis{'' if col == 1 else col}"] = {
            "domain": [left, left + width], "anchor": _axis("y", col),
            "title": {"text": plotly_text(shown[0])}}
        layout[f"yaxis{'' if col == 1 else col}"] = {
            "anchor": _axis("x", col),
            **({"title": {"text": plotly_text(shown[1])}} if col == 1 else
               {"matches": "y", "showticklabels": False})}
        layout["annotations"].append({
            "text": plotly_text(titles[col - 1]), "x": left + width / 2, "y": 1.0,
            "xref": "paper", "yref": "paper", "xanchor": "center", "yanchor": "bottom",
            "showarrow": False, "font": {"size": 16}})
    return go.Figure(data=data, layout=layout)


# --------------------------------------------------------------------- the book's root


def linear_of(decision: dict) -> tuple[list[tuple[str, float]], float, bool] | None:
    """(weights, t, chosen) of a decision's linear test: the one it chose (chosen True), or the
    one it tried and set aside for a single attribute (False); None where there was none."""
    if decision.get("weights"):
        return list(dict(decision["weights"]).items()), float(decision["threshold"]), True
    tried = decision.get("linear_candidate")
    if tried and tried.get("weights"):
        return list(dict(tried["weights"]).items()), float(tried["threshold"]), False
    return None


def linear_test_text(weights, threshold: float, decimals: int) -> str:
    """'-0.800·密度 - 0.044·含糖率 ≤ -0.313' (plain text: escape it for its output)."""
    return f"{linear_text(tuple(weights), decimals)} ≤ {float(threshold):.{decimals}f}"


def tried_test_text(tried: dict) -> str:
    """A linear test tried and set aside, written as oblique.written wrote it (its name and
    t's digits send each row of the node where the test does); a trace written before it
    kept them falls back to four decimals."""
    return (f"{tried_test_name(tried)} ≤ "
            f"{threshold_text(tried['threshold'], tried.get('threshold_digits'))}")


def test_text(decision: dict) -> str:
    """The decision's linear test as written: the chosen one, or the one it tried."""
    if decision.get("weights"):
        return chosen_test_text(decision)
    return tried_test_text(decision["linear_candidate"])


def written_places(test: str) -> int:
    """The decimals a written linear test gives its weights ('0.0785·密度 …': 4)."""
    found = re.search(r"\d\.(\d+)·", test)
    return len(found.group(1)) if found else 0


def chosen_test_text(decision: dict) -> str:
    """A chosen linear test as its split record writes it everywhere (the drawing, the rules):
    '0.0785·密度 - 0.9969·含糖率 ≤ -0.110573', weights and t to the digits that send each
    training row where the tree sends it (oblique.written), not the display's decimals."""
    return f"{decision['attribute']} ≤ {record_threshold_text(decision)}"


def root_text(trace: dict) -> str:
    """The root's test as its branch reads everywhere ('密度<=0.3815', the cut as the tree
    writes it, not to the display's decimals), or the words for a lone leaf."""
    root = trace["nodes"][0]
    if not root["children"]:
        return t("boundary.book.leaf")
    return Condition.from_dict(trace["nodes"][root["children"][0]]["branch"]).text()


def book_comparison(trace: dict, X: pd.DataFrame, book, decimals: int) -> str:
    """The caption (Markdown) comparing the tree's root with the book's: every number of ours
    from the trace, the rows the two tests split alike counted on X by the split record."""
    weights, threshold = book
    book_text = linear_test_text(weights, threshold, 3)
    root = grown_decision(trace["nodes"][0])
    ours = linear_of(root)
    if ours is None:
        return tm(_no_linear_key(root), book=book_text, root=root_text(trace),
                  reason=stop_sentence(trace["algorithm"], root.get("stop"), root["label"]))
    mine, t_mine, chosen = ours
    mine_text = test_text(root)
    if chosen:
        said = [tm("boundary.book", book=book_text, ours=mine_text)]
    else:
        said = [tm("boundary.book.tried", book=book_text, root=root_text(trace),
                   ours=mine_text)]
    agreed = agreement(mine, t_mine, book, X)
    said.append(tm("boundary.book.agree", agree=agreed.same, rows=agreed.rows,
                   side=agreed.side.replace("<=", "≤")))
    scaled = scaled_to_book(mine, t_mine, weights)
    if scaled is not None:
        said.append(tm("boundary.book.scaled", attribute=weights[0][0],
                       weight=f"{weights[0][1]:.3f}", scaled=linear_test_text(*scaled, decimals)))
    return sentences([*said, t("boundary.book.why")])


def _no_linear_key(root: dict) -> str:
    """Why the root has no linear test to compare: it is a leaf (its stop case says why),
    a force chose its attribute (none is learned there), or none was learned."""
    if root["kind"] == "leaf":
        return "boundary.book.leaf_root"
    return "boundary.book.forced" if root.get("forced") else "boundary.book.axis"


@dataclass(frozen=True)
class Agreement:
    """How alike two tests split the rows known in both: `same` rows lie on matched sides,
    the book's ≤ side matched with this test's `side` ("<=" or ">": whichever matches more)."""

    same: int
    side: str
    rows: int


def agreement(weights, threshold: float, book, X: pd.DataFrame) -> Agreement:
    """How alike the two tests Σ wᵢ·aᵢ ≤ t split the rows of X known in both: negating w and
    t gives the same split with its sides swapped, so the sides are matched whichever way
    puts more rows together (counting only ≤ with ≤ said 11 of 17 rows for 3.0α's root and
    would say 6 for the same test negated)."""
    ours, books = _sides(weights, threshold, X), _sides(*book, X)
    known = ~np.isnan(ours) & ~np.isnan(books)
    alike = int((ours[known] == books[known]).sum())
    rows = int(known.sum())
    return Agreement(alike, "<=", rows) if alike >= rows - alike else \
        Agreement(rows - alike, ">", rows)


def _sides(weights, threshold: float, X: pd.DataFrame) -> np.ndarray:
    """1.0 where a row is on the test's ≤ side, 0.0 above, NaN where a value is unknown."""
    x = linear_values(X, tuple(weights))  # the one Σ wᵢ·aᵢ of a raw table (Condition.holds')
    with np.errstate(invalid="ignore"):
        return np.where(np.isnan(x), np.nan, (x <= threshold).astype(float))


def scaled_to_book(weights, threshold: float, book_weights) -> tuple | None:
    """The test with w and t multiplied by the positive factor that gives the book's first
    attribute the book's weight (the same test), or None when no positive factor does."""
    name, book_weight = book_weights[0]
    mine = dict(weights).get(name)
    if not mine or book_weight / mine <= 0:
        return None
    factor = book_weight / mine
    return [(a, w * factor) for a, w in weights], threshold * factor


# --------------------------------------------------------------------- Streamlit


def is_oblique(algorithm: str) -> bool:
    """Its nodes may test a linear combination (the registry record has a linear learner)."""
    return registry.record(algorithm).linear is not None


def companion(algorithm: str) -> str | None:
    """The algorithm drawn beside the current one: an oblique tree beside an axis-parallel
    one, CART beside an oblique one (None while no oblique algorithm is registered)."""
    if is_oblique(algorithm):
        return AXIS
    registered = registry.keys()
    return next((key for key in registered if is_oblique(key)), None)


def decision_regions(trace: dict, order: list[int], step: int) -> None:
    """The grow page's "Decision regions" expander, for data with two or more continuous
    attributes: both trees' regions as grown up to this step, and the companion tree."""
    names = continuous_names(trace)
    found = _current_data() if len(names) >= 2 else None
    if found is None:
        return
    oblique = is_oblique(trace["algorithm"])
    with st.expander(t("boundary.title"), expanded=oblique):
        other = companion(trace["algorithm"])
        # Off by default beside an axis-parallel tree: drawing grows a second tree, which a
        # big upload should not pay for unasked.
        if other is not None and not st.toggle(
                t("boundary.show", algorithm=registry.name(other)), value=oblique,
                key=f"boundary_on::{oblique}"):
            return
        _draw(*found, Panel(trace, order, step, found[1]["trace_id"]), other, names)


def _current_data() -> tuple[dict, dict] | None:
    """(dataset, current) when the sidebar's dataset is the one the current tree grew from."""
    current, dataset = st.session_state.get("current"), st.session_state.get("dataset")
    if current is None or dataset is None or "options" not in current:
        return None
    key = engine.trace_key(dataset["data"], current["choices"], current["options"])
    return (dataset, current) if key == current["trace_id"] else None


def _axes(names: list[str]) -> tuple[str, str]:
    """The two attributes on the axes: the only two, or the reader's picks."""
    if len(names) == 2:
        return names[0], names[1]
    key = engine.data_key("\x1f".join(names).encode())
    cols = st.columns(2)
    x = cols[0].selectbox(t("boundary.x"), names, key=f"boundary_x::{key}")
    y = cols[1].selectbox(t("boundary.y"), [n for n in names if n != x],
                          key=f"boundary_y::{key}")
    return x, y


def _companion_panel(dataset: dict, current: dict, other: str, step: int) -> Panel | None:
    """The other tree (cached, the same options but the algorithm) at the same step number,
    or its last; a refusal is a warning, not a traceback."""
    options = current["options"].but(algorithm=other)
    try:
        with st.spinner(t("setup.growing"), show_time=True):
            trace = engine.grow_trace(dataset["data"], dataset["filename"], current["choices"],
                                      options)
    except (DataError, MemoryError) as error:
        reason = t("error.memory") if isinstance(error, MemoryError) else error_text(error)
        st.warning(tm("boundary.unavailable", algorithm=registry.name(other), reason=reason))
        return None
    order = replay_order(trace, st.session_state.order)
    return Panel(trace, order, min(step, len(order) - 1),
                 engine.trace_key(dataset["data"], current["choices"], options))


@st.cache_resource(max_entries=24, ttl=engine.CACHE_TTL, show_spinner=False)
def _fitted(trace_id: str, _trace: dict) -> FittedTrace:
    """One predictor per grown tree, shared across sessions like the engine's traces."""
    return fitted_trace(_trace)


def _regions(panel: Panel, frame: pd.DataFrame) -> np.ndarray:
    return region_classes(_fitted(panel.trace_id, panel.trace), panel.expanded, frame)


def _title(panel: Panel, axis_parallel: bool) -> str:
    """'Axis-parallel: CART (Gini index), step 3 of 8' (the oblique one needs no prefix)."""
    return t("boundary.panel.axis" if axis_parallel else "boundary.panel",
             algorithm=registry.name(panel.trace["algorithm"]), step=panel.step,
             total=len(panel.order) - 1)


def _draw(dataset: dict, current: dict, here: Panel, other: str | None, names) -> None:
    shown = _axes(names)
    X, y, _ = engine.ready(dataset["data"], dataset["filename"], current["choices"],
                           current["options"])
    held = held_values(X, here.trace, shown)
    xs, ys = axis_values(X[shown[0]]), axis_values(X[shown[1]])
    frame = grid_frame(xs, ys, shown, held)
    there = None if other is None else _companion_panel(dataset, current, other, here.step)
    if there is None:
        panels = [here]
    else:
        panels = [there, here] if is_oblique(here.trace["algorithm"]) else [here, there]
    regions = [_regions(panel, frame) for panel in panels]
    titles = [_title(panel, len(panels) == 2 and i == 0) for i, panel in enumerate(panels)]
    rows = drawn_rows(len(X))
    with st.container(key="decision_regions"):
        st.plotly_chart(regions_figure(titles, regions, xs, ys, X.iloc[rows], y.iloc[rows],
                                       shown, here.trace["classes"]), key="boundary_plot",
                        width="stretch")
    _captions(X, shown, held, here, there)
    if len(rows) < len(X):
        st.caption(t("boundary.sample", shown=len(rows), rows=len(X)))
    if there is not None:
        _book_note(dataset, X, panels[1])
        _companion_tree(there)


def _captions(X: pd.DataFrame, shown, held: dict, here: Panel, there: Panel | None) -> None:
    st.caption(t("boundary.caption"))
    if held:
        values = t("list.join").join(f"{name} = {_held_text(value)}"
                                     for name, value in held.items())
        st.caption(tm("boundary.held", values=values))
    missing = int(X[list(shown)].apply(pd.to_numeric, errors="coerce").isna().any(axis=1).sum())
    if missing:
        st.caption(t("boundary.missing_rows", n=missing))
    if there is not None and there.step != here.step:
        st.caption(t("boundary.other_step", algorithm=registry.name(there.trace["algorithm"]),
                     step=there.step, total=len(there.order) - 1))


def _held_text(value) -> str:
    if value is None:
        return "?"
    return format_number(value) if isinstance(value, float) else str(value)


def _book_note(dataset: dict, X: pd.DataFrame, oblique: Panel) -> None:
    """On watermelon 3.0α: the oblique tree's root beside the book's (Zhou §4.5)."""
    book = BOOK_ROOT.get(dataset.get("bundled_key"))
    # the book's test reads its attributes: a sidebar that left one out has no such root
    grown_on = {a["name"] for a in oblique.trace["attributes"]} & set(X.columns)
    if book is not None and {name for name, _ in book[0]} <= grown_on:
        st.caption(book_comparison(oblique.trace, X, book, int(st.session_state.decimals)))


def _companion_tree(panel: Panel) -> None:
    """The other tree drawn at its step (the current one is drawn above)."""
    name = registry.name(panel.trace["algorithm"])
    st.markdown(f"**{tm('boundary.other_tree', algorithm=name, step=panel.step)}**")
    st.graphviz_chart(to_dot(panel.trace, panel.step, order=panel.order,
                             decimals=int(st.session_state.decimals),
                             **drawn_part(panel.trace, panel.step)).source, width="content")


# --------------------------------------------------------------------- the node panel


def linear_test(trace: dict, node: dict, decimals: int) -> None:
    """At a node where a linear test was chosen or tried: Σ wᵢ·aᵢ ≤ t, its weights, and its
    Gini scores beside the best single-attribute split's, every number from the trace."""
    decision = grown_decision(node)
    found = linear_of(decision)
    if found is None:
        return
    weights, threshold, chosen = found
    test = test_text(decision)
    st.markdown(f"**{t('linear.header' if chosen else 'linear.header.tried')}**")
    st.markdown(tm("linear.test" if chosen else "linear.test.tried", test=test))
    # the weights to the decimals the test is written with: fewer send rows astray
    number = st.column_config.NumberColumn(format=f"%.{max(decimals, written_places(test))}f")
    weight_col = t("linear.col.weight")
    st.dataframe(pd.DataFrame({t("col.attribute"): [a for a, _ in weights],
                               weight_col: [w for _, w in weights]}),
                 hide_index=True, column_config={weight_col: number})
    linear, axis = contest_scores(node)
    st.dataframe(contest_frame(test, linear, axis), hide_index=True, column_config={
        t(column): st.column_config.NumberColumn(format=f"%.{places}f")
        for column, places in contest_places(linear, axis, decimals).items()})
    st.caption(contest_sentence(linear, axis, chosen, decimals))
    learner = learner_of(decision)
    if learner:
        st.caption(tm("linear.learner", start=start_text(learner), passes=learner["passes"]))


def start_text(learner: dict) -> str:
    """Where the learner started, named as the trace records it (a trace written before
    the start's classes or attribute were recorded gets the general words). Plain text:
    the caption escapes it with the rest of its values."""
    start = learner["start"]
    if start == "fisher" and "first_class" in learner:
        tied = tuple(learner.get("tied_classes") or ())  # left out, as heavy as one taken
        return t("linear.start.fisher.tied" if tied else "linear.start.fisher.named",
                 first=learner["first_class"], second=learner["second_class"],
                 tied=Listed(tied), tied_with=learner.get("tied_with", learner["second_class"]))
    if start == "axis" and "along" in learner:
        return t("linear.start.axis.named", attribute=learner["along"])
    return t(f"linear.start.{start}")


def learner_of(decision: dict) -> dict | None:
    """How the linear learner found the test shown ({start, passes}), chosen or tried."""
    if decision.get("weights"):
        return decision.get("linear_learner")
    return (decision.get("linear_candidate") or {}).get("learner")


def contest_scores(node: dict) -> tuple[dict, dict]:
    """({gini_index, gini_gain} of the linear test, {attribute, gini_index, gini_gain} of the
    best single attribute: the one it beat, or the chosen one that beat it; {} if none), each
    with its ties: the attributes tied with the single one (`ties`), and whether the linear
    test tied with it (`tied`)."""
    decision = grown_decision(node)
    if decision.get("weights"):
        linear = {"gini_index": decision.get("linear_impurity"),
                  "gini_gain": decision.get("linear_gain")}
        return linear, dict(decision.get("axis_best") or {})
    tried = decision["linear_candidate"]
    row = winner(node) or {}
    axis = {"attribute": decision["attribute"], "gini_index": row.get("gini_index"),
            "gini_gain": row.get("gini_gain"), "ties": tuple(decision.get("ties") or ())}
    return {"gini_index": tried.get("gini_index"), "gini_gain": tried.get("gini_gain"),
            "tied": bool(tried.get("tied"))}, axis


def contest_frame(test: str, linear: dict, axis: dict) -> pd.DataFrame:
    """The linear test's Gini_index and ρ-weighted Gini gain above the best single
    attribute's (that row absent when no single attribute could split the node), naming the
    single attributes tied with it."""
    rows = [(t("linear.row.linear", test=test), linear["gini_index"], linear["gini_gain"])]
    if axis:
        ties = tuple(axis.get("ties") or ())
        named = t("linear.row.axis.tied", attribute=axis["attribute"], ties=Listed(ties)) \
            if ties else t("linear.row.axis", attribute=axis["attribute"])
        rows.append((named, axis["gini_index"], axis["gini_gain"]))
    return pd.DataFrame(rows, columns=[t("linear.col.test"),
                                       t(in_notation("linear.col.gini_index")),
                                       t(in_notation("linear.col.gini_gain"))])


def contest_places(linear: dict, axis: dict, decimals: int) -> dict[str, int]:
    """The contest table's decimals by column key: as many as tell the linear test's number
    from the single attribute's (the gains the grower compared never read equal)."""
    def apart(key: str) -> int:
        pair = (linear.get(key), axis.get(key))
        return places_apart([pair], decimals) if None not in pair else decimals

    return {in_notation("linear.col.gini_index"): apart("gini_index"),
            in_notation("linear.col.gini_gain"): apart("gini_gain")}


def contest_sentence(linear: dict, axis: dict, chosen: bool, decimals: int) -> str:
    """Why the linear test stands or was set aside, in the gains the grower compared."""
    if not axis:
        return t("linear.no_axis")
    shown = told_apart(linear["gini_gain"], axis["gini_gain"], decimals)
    gains = dict(zip(("linear", "axis"), shown, strict=True))
    ties = tuple(axis.get("ties") or ())
    if chosen:
        key = "linear.won.tied" if ties else "linear.won"
    else:
        key = "linear.tied" if linear.get("tied") else "linear.lost"
    return t(key, attribute=literal(axis["attribute"]), ties=Listed(map(literal, ties)),
             **gains)
