"""The compare page's pieces: the summary, the merged score table, its chart, the sentence.

Numbers come from the traces (and, for accuracies, from predictions); frames keep them exact
and only the display formats round.
"""

from __future__ import annotations

import re

import pandas as pd
import plotly.graph_objects as go

from dtree_core.compare import (
    Criteria,
    Disagreement,
    MergedScores,
    Pick,
    interpretability,
    pick_mark,
    rival_places,
    rows_groups,
)
from dtree_core.escape import plotly_text
from dtree_core.evaluate import tree_depth
from dtree_core.export import row_threshold_digits
from dtree_core.labels import branch_text
from dtree_core.split import places_apart, threshold_text, told_apart
from ui import registry, state
from ui.messages import literal, sentences, t
from ui.tables import styled_numbers, threshold_formatter
from ui.widgets import in_notation, majority_tie, score_header, stop_sentence


def summary_frame(labels, traces, accuracies) -> pd.DataFrame:
    """Nodes, leaves, depth, training and held-out accuracy per configuration."""
    rows = []
    for label, trace, (train, test) in zip(labels, traces, accuracies, strict=True):
        nodes = [n for n in trace["nodes"] if not n.get("pruned_away")]
        rows.append({t("cmp.col.config"): label, t("cmp.col.nodes"): len(nodes),
                     t("cmp.col.leaves"): sum(n["decision"]["kind"] == "leaf" for n in nodes),
                     t("cmp.col.depth"): tree_depth(trace),
                     t("cmp.col.train_accuracy"): train, t("cmp.col.test_accuracy"): test})
    return pd.DataFrame(rows)


def _number(value) -> float:
    """None (no threshold, no multiway Gini) as NaN, which the table shows as an empty cell."""
    return float("nan") if value is None else float(value)


def gini_header(key: str, known_only: bool) -> str:
    """A Gini column's header in the notation's words; Li Hang's Gini(D, A) is of D̃ where the
    node's scores are on the rows with a known value (ρ < 1), as the grow page heads it."""
    text = t(in_notation(key))
    names = state.notation()
    plain, known = names.header("gini_index"), names.header("gini_index", known_only)
    return text.replace(plain, known) if plain and known else text


def merged_frame(merged: MergedScores) -> pd.DataFrame:
    """One row per attribute: every criterion, and a ✓ column per configuration's pick (NaN
    where an attribute has no such number: merged_styled shows it as BLANK)."""
    rows = []
    multiway, binary = (gini_header(f"cmp.col.gini_{k}", merged.known_only)
                        for k in ("multiway", "binary"))
    for r in merged.rows:
        row = {t("col.attribute"): r["attribute"], t("col.kind"): t(f"kind.{r['kind']}"),
               t("col.threshold"): _number(r["threshold"]), score_header("gain"): r["gain"],
               score_header("iv"): r["iv"], score_header("gain_ratio"): r["gain_ratio"],
               multiway: _number(r["gini_index_multiway"]), binary: r["gini_index_binary"]}
        for label in merged.labels:
            row[t("cmp.col.pick", label=label)] = pick_mark(r, label)
        rows.append(row)
    return pd.DataFrame(rows)


def merged_styled(merged: MergedScores, decimals: int):
    """merged_frame as shown: each score column to `decimals` places, or to as many more as
    tell a picked row's number from every other row's (a pick never reads equal to a rival
    it beat; a tie is marked '='), each row's cut with the digits its record writes it with
    (a cut needing 17 digits no longer widens 1.2 beside it)."""
    frame = merged_frame(merged)
    formats = {t("col.threshold"): threshold_formatter(frame[t("col.threshold")],
                                                       row_threshold_digits(merged.rows))}
    formats.update({column: f"{{:.{places}f}}"
                    for column, places in merged_places(merged, frame, decimals).items()})
    return styled_numbers(frame, decimals, formats)


def merged_places(merged: MergedScores, frame: pd.DataFrame, decimals: int) -> dict[str, int]:
    """Each score column of frame (merged_frame(merged)) to `decimals`, or as many more as
    tell a picked row's number from every other row's, by header: the page and its Markdown
    and LaTeX downloads."""
    picked = [any(r["picks"].values()) for r in merged.rows]
    places = {}
    for column in frame.columns:
        if column != t("col.threshold") and pd.api.types.is_float_dtype(frame[column]):
            values = frame[column].tolist()
            pairs = [(a, b) for a, chosen in zip(values, picked, strict=True) if chosen
                     for b in values if pd.notna(a) and pd.notna(b)]
            places[column] = places_apart(pairs, decimals)
    return places


def ties_caption(merged: MergedScores) -> str | None:
    """What '=' in a pick column means, where one is shown: tied with the configuration's
    pick ✓, or in the column of a configuration whose pick is a linear test, tied for its
    best single attribute (MergedScores.linear_labels)."""
    linear = merged.linear_labels()
    marked = [label for label in merged.labels
              if any(r["tied"][label] and not r["picks"][label] for r in merged.rows)]
    notes = []
    if any(label not in linear for label in marked):
        notes.append(t("cmp.tied_mark"))
    axis = [literal(label) for label in marked if label in linear]
    if axis:
        notes.append(t("cmp.tied_mark.axis", labels=t("list.join").join(axis)))
    return sentences(notes) if notes else None


def best_binary_note(merged: MergedScores, decimals: int) -> str | None:
    """Markdown naming each continuous attribute whose best two-way Gini_index is at another
    cut than the t its row shows (a Gain-chosen t), with the Gini_index at each cut; None
    when every row's two columns describe one cut."""
    rows = merged.best_binary_elsewhere()
    if not rows:
        return None
    items = []
    for r in rows:
        best, at_t = told_apart(r["gini_index_binary"], r["gini_index_at_t"], decimals)
        values = {"attribute": literal(r["attribute"]), "best": best, "at_t": at_t,
                  "t": threshold_text(r["threshold"], r.get("threshold_digits"))}
        if r["binary_cut"] is None:  # no CART tree in the comparison says where it is
            items.append(t("cmp.binary_elsewhere.item_uncut", **values))
        else:
            items.append(t("cmp.binary_elsewhere.item", **values,
                           cut=threshold_text(r["binary_cut"], r["binary_cut_digits"])))
    return t(in_notation("cmp.binary_elsewhere"),
             column=gini_header("cmp.col.gini_binary", merged.known_only),
             items=t("list.semicolon").join(items))


def criteria_chart(merged: MergedScores) -> go.Figure:
    """Grouped bars: each algorithm's deciding score over its best, per attribute."""
    attributes = [plotly_text(str(r["attribute"])) for r in merged.rows]  # Plotly renders HTML
    figure = go.Figure()
    for label in merged.labels:
        values = [r["normalised"][label] for r in merged.rows]
        if all(v is None for v in values):
            continue  # a random draw (CLS), or a tree without this node
        name = plotly_text(label)
        figure.add_bar(name=name, x=attributes, y=values,
                       hovertemplate="%{x}: %{y:.3f}<extra>%{fullData.name}</extra>")
    figure.update_layout(barmode="group", yaxis_title=t("cmp.chart.y"), height=360,
                         margin={"l": 40, "r": 10, "t": 30, "b": 40}, legend_orientation="h")
    figure.update_yaxes(range=[0, 1.05])
    figure.update_xaxes(type="category")  # names, even those that look like numbers
    return figure


# --------------------------------------------------------------------- the sentence


def _fixed(x: float | None, decimals: int) -> str:
    return "—" if x is None else f"{x:.{decimals}f}"


def run_on(sentence: str) -> str:
    """A sentence said inside another (after 'because'): without its full stop, and in
    English its first word lower-cased where it is an ordinary word ('The', 'Pre-pruning'),
    never a name ('C4.5's', 'CART')."""
    sentence = sentence.rstrip(".。")
    if re.match(r"[A-Z][a-z]*(?![A-Za-z0-9])", sentence):
        return sentence[0].lower() + sentence[1:]
    return sentence


def pick_clause(pick: Pick, decimals: int) -> str:
    """One configuration's decision at the node, in the session's language (Markdown: the
    data's names and values are literal)."""
    at = "" if pick.threshold is None else t("cmp.why.at", t=pick.threshold_text)
    if pick.kind == "leaf":  # the reason is a sentence; the clause ends where the list says
        reason = run_on(stop_sentence(pick.algorithm, pick.stop, literal(pick.majority)))
        if pick.tied_classes:  # the label won a tie of the counts: said, as the panel says it
            tie = majority_tie(pick.tied_classes, pick.tied_count, literal)
            reason = t("cmp.why.leaf.tied", reason=reason, tie=tie.rstrip(".。"))
        return t("cmp.why.leaf", label=pick.label, reason=reason)
    attribute = literal(pick.attribute)
    if pick.rule_code == "forced":
        return t("cmp.why.forced", label=pick.label, attribute=attribute, at=at)
    column = registry.record(pick.algorithm).deciding_column and pick.criterion
    if column is None:
        return t("cmp.why.random", label=pick.label, attribute=attribute, at=at)
    places = rival_places(pick, decimals)  # the pick's score told apart from the rivals'
    rivals = "".join(f"{t('list.semicolon')}{literal(a)} {_fixed(v, places)}"
                     for a, v, _ in pick.rivals)
    lowest = registry.record(pick.algorithm).ranks_lowest  # a baseline takes the smallest
    text = t("cmp.why.pick.lowest" if lowest else "cmp.why.pick", label=pick.label,
             attribute=attribute, at=at, criterion=score_header(column),
             value=_fixed(pick.value, places), rivals=rivals)
    if pick.mean_gain is not None:  # a C4.5-style mean-Gain filter ran at this node
        text += t("cmp.why.mean_gain", mean=_fixed(pick.mean_gain, decimals))
        left_out = [a for a, _, passed in pick.rivals if not passed]
        if left_out:
            text += t("cmp.why.left_out", attributes=t("list.join").join(map(literal, left_out)))
    if pick.ties:
        text += t("cmp.why.ties", ties=t("list.join").join(map(literal, pick.ties)),
                  rule=t(f"cmp.why.tie_break.{pick.tie_break}"))
    if pick.axis_ties:  # a linear test's: the single attributes tied for the best one it beat
        text += t("cmp.why.axis_ties", ties=t("list.join").join(map(literal, pick.axis_ties)),
                  value=_fixed(pick.axis_value, places))
    return text


def _rows_clause(n: int, other: bool) -> str:
    """The key of a group's clause in cmp.why.rows: its n rows, or as many as a group named
    before but other rows or weights (one row: the rest weigh 0 and reach no node)."""
    if not other:
        return "cmp.why.rows.clause"
    return "cmp.why.rows.clause.other.one" if n == 1 else "cmp.why.rows.clause.other"


def why_sentence(found: Disagreement | None, decimals: int = 3) -> str:
    """Where the trees first part and why, worded from the core's structured answer
    (Markdown); each tree's tie rule is its own (Pick.tie_break)."""
    if found is None:
        return t("cmp.why.none")
    if found.code == "rows":  # no node is the same in every tree: how many rows each had
        grown = t("list.semicolon").join(
            t(_rows_clause(n, other), labels=t("list.join").join(labels), n=n)
            for n, labels, other in rows_groups(found.picks))
        return t("cmp.why.rows", clauses=grown)
    path = literal(" / ".join(branch_text(c) for c in found.path))
    where = t("cmp.why.root") if found.key == "root" else t("cmp.why.node", path=path)
    if found.code == "shape":  # trees cut alike are named together
        alike: dict[tuple[str, ...], list[str]] = {}
        for p in found.picks:
            alike.setdefault(p.branches, []).append(p.label)
        clauses = t("list.semicolon").join(
            t("cmp.why.shape.clause", label=t("list.join").join(labels),
              branches=literal(" | ".join(branches))) for branches, labels in alike.items())
        return t("cmp.why.shape", where=where, attribute=literal(found.picks[0].attribute),
                 clauses=clauses)
    clauses = t("list.semicolon").join(pick_clause(p, decimals) for p in found.picks)
    return t("cmp.why.sentence", where=where, clauses=clauses)


def why_sentences(found: list[tuple[tuple[str, ...], Disagreement | None]],
                  decimals: int = 3) -> str:
    """why_sentence of the trees' first parting (compare.disagreements), then of each group
    that decided alike there: where those part in turn, or that they never do."""
    said = [why_sentence(found[0][1], decimals)]
    for i, (labels, later) in enumerate(found[1:], 1):
        group, parent = t("list.join").join(labels), _parent(found, i)
        if parent.code == "rows":  # a group of trees grown on the same rows, compared anew
            key = "cmp.why.rows.among" if later else "cmp.why.rows.among.none"
        elif later is None:
            key = "cmp.why.among.none"
        else:  # the group's next parting is found breadth-first: a sibling at the depth
            # where the larger group parted is no further down
            deeper = later.depth > parent.depth
            key = "cmp.why.among" if deeper else "cmp.why.among.elsewhere"
        said.append(t(key, labels=group, sentence=why_sentence(later, decimals)
                      if later else ""))
    return sentences(said)


def _parent(found: list[tuple[tuple[str, ...], Disagreement | None]], i: int) -> Disagreement:
    """Where the larger group that found[i]'s trees belong to parted (they decided alike
    there): the nearest entry before it whose labels hold them (disagreements lists each
    group right after its own, depth first)."""
    labels = set(found[i][0])
    return next(parted for group, parted in reversed(found[:i]) if labels < set(group))


# --------------------------------------------------------------------- Han's five criteria

HAN_TABLES = ("accuracy", "speed", "robustness", "interpretability")  # scalability: a chart
HAN_TABLES_PER_ROW = 2  # at 1280 px a fifth of the page cut the wider tables off
HAN_ACCURACIES = ("accuracy", "robustness")  # tables of accuracies, told apart row by row
# Han's criteria are measured at once on data of up to this many rows (the textbooks' sets
# take well under a second), past it when asked: a 3,000-row upload's took 10-15 s a
# configuration (three trees each, their predictions, the scalability fits).
HAN_AT_ONCE_ROWS = 1000


def han_table_rows() -> list[tuple[str, ...]]:
    """The criteria's tables in Han's order, HAN_TABLES_PER_ROW to a row."""
    return [HAN_TABLES[i:i + HAN_TABLES_PER_ROW]
            for i in range(0, len(HAN_TABLES), HAN_TABLES_PER_ROW)]


def han_frames(labels: list[str], results: list[Criteria],
               traces: list[dict]) -> dict[str, pd.DataFrame]:
    """One small table per criterion but scalability (a chart): configurations as rows.
    Interpretability is of the trees grown on every row (the ones drawn above)."""
    config = t("cmp.col.config")

    def frame(columns: dict) -> pd.DataFrame:
        return pd.DataFrame({config: labels, **columns})

    return {
        "accuracy": frame({t("lesson.han.held_out"): [r.accuracy for r in results]}),
        "speed": frame({t("lesson.han.fit_ms"): [1000 * r.fit_seconds for r in results],
                        t("lesson.han.predict_ms"): [1000 * r.predict_seconds for r in results]}),
        "robustness": frame({t("lesson.han.noisy"): [r.noisy_accuracy for r in results],
                             t("lesson.han.blanked"): [r.blanked_accuracy for r in results]}),
        "interpretability": interpretability_frame(labels, traces),
    }


def interpretability_frame(labels: list[str], traces: list[dict]) -> pd.DataFrame:
    """Han's interpretability of each configuration's tree grown on every row (drawn above):
    read off the trees, so shown even where the other criteria are not measured."""
    readable = [interpretability(trace) for trace in traces]
    return pd.DataFrame({t("cmp.col.config"): labels,
                         t("lesson.han.leaves"): [r[0] for r in readable],
                         t("lesson.han.depth"): [r[1] for r in readable],
                         t("lesson.han.rule_length"): [r[2] for r in readable]})


def scalability_figure(labels: list[str], sizes: list[int],
                       seconds: list[list[float]]) -> go.Figure:
    """Fit time against rows, one line per configuration (names as plain text for Plotly).

    Drawn the page's full width: a tick at each size measured (doubling sizes are evenly spaced
    on the log axis), the legend above the plot, clear of the rows axis's title."""
    lines = [{"type": "scatter", "mode": "lines+markers", "x": sizes,
              "y": [1000 * s for s in times], "name": plotly_text(label)}
             for label, times in zip(labels, seconds, strict=True)]
    return go.Figure(data=lines, layout={
        "height": 340, "margin": {"l": 60, "r": 20, "t": 40, "b": 50},
        "xaxis": {"title": {"text": plotly_text(t("lesson.han.rows"))}, "type": "log",
                  "tickmode": "array", "tickvals": list(sizes),
                  "ticktext": [str(s) for s in sizes], "automargin": True},
        "yaxis": {"title": {"text": plotly_text(t("lesson.han.fit_time"))},
                  "rangemode": "tozero", "automargin": True},
        "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": 1.02,
                   "yanchor": "bottom"}})


# --------------------------------------------------------------------- why the criterion matters

MATTERS = ("worst", "cls", "id3")  # lowest Gain, a random draw, highest Gain


def matters_frame(traces: list[dict]) -> pd.DataFrame:
    """Tree sizes of the baseline, CLS and ID3 on the same data."""
    rows = []
    for trace in traces:
        leaves, depth, rule_length = interpretability(trace)
        nodes = sum(not n.get("pruned_away") for n in trace["nodes"])
        rows.append({t("cmp.col.config"): registry.name(trace["algorithm"]),
                     t("cmp.col.nodes"): nodes, t("cmp.col.leaves"): leaves,
                     t("cmp.col.depth"): depth, t("lesson.han.rule_length"): rule_length})
    return pd.DataFrame(rows)
