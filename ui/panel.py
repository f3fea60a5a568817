"""The node panel: where the current node sits, its impurity, and why it was decided so.

Every number comes from the trace; the Styler and chart formats round only for display.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from dtree_core import plugged
from dtree_core.checking import one_split_listed_twice, smallest_value_splits, value_splits
from dtree_core.cli_messages import left_out_text
from dtree_core.compare import deciding_score
from dtree_core.escape import plotly_text
from dtree_core.export import (
    one_value_left,
    partition_sides,
    side_texts,
    values_missing_at,
)
from dtree_core.growing import label_tie
from dtree_core.labels import branch_text, format_number, node_path
from dtree_core.paths import node_key
from dtree_core.solution import compared_row, other_tied_threshold_texts
from dtree_core.split import places_apart, record_threshold_text
from dtree_core.trace import leaf_stop
from ui import boundary, formulas, registry, state
from ui.messages import (
    current_language,
    current_notation,
    has,
    labelled,
    literal,
    sentences,
    t,
    tm,
)
from ui.tables import (
    BLANK,
    book_note_fields,
    branch_frame,
    class_shares,
    compared_places,
    continuous_penalty_changes_pick,
    counts_text,
    gains_at_mean,
    has_fractions,
    impurity_curves,
    impurity_maxima,
    is_two_way,
    node_impurities,
    score_frame,
    score_of,
    shown_columns,
    smaller_gini_loser,
    styled_numbers,
    threshold_formatter,
    winner,
)
from ui.widgets import (
    in_notation,
    majority_tie,
    number_formats,
    score_header,
    stop_sentence,
)

WIN, LOSE, FAIL = "#d62728", "#7f9cc0", "#d9d9d9"
YES_NO_COLUMNS = {"above_average"}  # shown as ✓/✗ rather than a number
IMPURITY_MEASURES = ("entropy", "gini", "error")  # Zhou's Ent, Gini; Duda's misclassification


def _fixed(value, decimals: int) -> str:
    return "" if value is None else f"{value:.{decimals}f}"


def why_text(trace: dict, node: dict, decimals: int) -> str:
    """One sentence in the algorithm's own terms: the winning rule, or the stop case (in
    the chosen book's terms: ID3's min gain is Li Hang's ε)."""
    decision = node["decision"]
    if decision["kind"] == "leaf":
        said = stop_sentence(trace["algorithm"], leaf_stop(decision), decision["label"], node,
                             trace["params"].get("min_gain"), decimals)
        # a score compared with the min gain (ε) is the largest of the eligible rows: the
        # others are named, as a split's sentence names them
        left_out = ineligible_text(trace, node) if decision.get("picked") else None
        return sentences([text for text in (said, left_out, tied_majority(trace, node))
                          if text])
    row = winner(node) or {}
    places = compared_places(trace, node, decimals)  # the winner told apart from its rivals

    def shown(value, column: str) -> str:
        return _fixed(value, places.get(column, decimals))

    text = t(_rule_key(trace, node), attribute=decision["attribute"],
             algorithm=registry.label(trace["algorithm"]),
             gain=shown(row.get("gain"), "gain"), ratio=shown(row.get("gain_ratio"), "gain_ratio"),
             gini=shown(row.get("gini_index"), "gini_index"),
             rho=shown(row.get("rho"), "rho"), gini_known=shown(row.get("gini_known"),
                                                                 "gini_known"),
             # a linear test has no row of its own: its ρ·ΔGini is on the decision
             gini_gain=shown(row.get("gini_gain", decision.get("linear_gain")), "gini_gain"),
             mean=shown(decision.get("mean_gain"), "gain"),
             passed=len(decision.get("passed") or ()), seed=trace["params"].get("seed", 0),
             criterion=score_header(decision.get("criterion")),
             value=shown(decision.get("value"), decision.get("criterion") or ""),
             **_partition_texts(node))
    said = [text]
    if decision.get("threshold") is not None:  # the best t, unless it was forced as well
        cut = "rule.threshold.forced" if decision.get("forced_threshold") else \
            in_notation("rule.threshold")  # Li Hang's 切分点 beside his rule's
        # the score t was best by: not the rule's where they differ (C4.5's t by Gain)
        by = score_header(registry.record(trace["algorithm"]).threshold_by)
        said += [t(cut, t=record_threshold_text(decision), criterion=by),
                 threshold_ties_text(trace, node, decimals)]
    if decision.get("ties"):
        said.append(ties_text(trace, node))
    said.append(ineligible_text(trace, node))
    return sentences([part for part in said if part])


SHOWN_TIES = 5  # tied thresholds named in the sentence; the rest are counted


def threshold_ties_text(trace: dict, node: dict, decimals: int) -> str | None:
    """The other midpoints of the chosen attribute that score as well as its t (the rule
    takes the smallest), read off the row's curve; None when there are none, or when t was
    forced (no rule chose it) or the split is a linear test (no row of its own)."""
    row = winner(node)
    record = registry.record(trace["algorithm"])
    others = other_tied_threshold_texts(row, node, record) if row else []
    if not others:
        return None
    field = record.threshold_by
    named = t("list.join").join(others[:SHOWN_TIES])
    key = "rule.threshold.tied" if len(others) <= SHOWN_TIES else "rule.threshold.tied.many"
    return t(key, others=named, n=len(others), criterion=score_header(field),
             value=_fixed(row[field], decimals))


def ineligible_text(trace: dict, node: dict) -> str | None:
    """The candidates the rule could not take, and why, so "the largest" and the mean are
    read among the rest: the command line's sentence (cli_messages.left_out_text), in the
    session's language and notation. Plain text, as why_text's: every caller escapes the
    whole sentence once."""
    return left_out_text(current_language(), trace["algorithm"], node,
                         trace["params"].get("min_branch_weight"), current_notation())


def tie_rule(trace: dict) -> str:
    """The sentence naming the tie rule this trace was grown with (first, last, or seeded)."""
    params = trace["params"]
    return t(f"rule.tie_break.{params.get('tie_break', 'first')}", seed=params.get("seed", 0))


def ties_text(trace: dict, node: dict) -> str:
    """The attributes tied for the best score. The tie rule is the reason only when the
    algorithm chose: at a forced split it would name another winner, so the force is said."""
    decision = node["decision"]
    ties = t("list.join").join(map(str, decision["ties"]))
    if not decision.get("forced"):
        return t("node.ties", ties=ties, rule=tie_rule(trace))
    # Is the forced attribute one of the tied best? Its row says; without the row's flag, a
    # single tie can only be with it (a tie has two attributes at least).
    forced = winner(node) or {}
    among = forced.get("tied", len(decision["ties"]) == 1)
    key = "node.ties.forced_tied" if among else "node.ties.forced_other"
    return t(key, attribute=decision["attribute"], ties=ties)


def _partition_texts(node: dict) -> dict[str, str]:
    """The sides of the chosen partition, where each holds several values ({} otherwise):
    the .partition words' placeholders."""
    sides = partition_sides(node)
    return side_texts(node["decision"]["attribute"], sides) if sides else {}


def _rule_key(trace: dict, node: dict) -> str:
    """The catalogue's words for the rule that split, in the chosen book's (in_notation); a
    rule it lacks gets generic words. As the node's score rows read (values_missing_at, as
    the CLI reads them): where no value is missing a rule may have plainer words (.complete:
    CART's largest ρ·(Gini(D̃) − Gini_index) is then the smallest Gini_index, as both books
    say it); where values are missing, words of their own where a book has no rule for them
    (.missing: Li Hang's CART)."""
    decision = node["decision"]
    if decision.get("forced"):
        return in_notation("rule.forced")
    key = registry.record(trace["algorithm"]).rule_key
    if not (decision.get("weights") or decision.get("linear_candidate")) and \
            has(f"{key}.axis_only"):  # a multivariate rule where no linear test was learned
        key += ".axis_only"
    elif (decision.get("linear_candidate") or {}).get("tied") and has(f"{key}.tied"):
        key += ".tied"  # the single attribute tied with the linear test, and was kept
    # an outline trace keeps no scores: nothing to say either from (None)
    case = {False: ".complete", True: ".missing"}.get(values_missing_at(node), "")
    # several values on each side: the words of a cut point A = a would not describe it
    if case == ".complete" and partition_sides(node) and has(in_notation(key + ".partition")):
        case = ".partition"
    if case and has(in_notation(key + case)):
        key += case
    worded = in_notation(key)
    return worded if has(worded) else in_notation("rule.unknown")


def _branch_column_name(column: str, known_only: bool = False) -> str:
    """A branch-table header: the notation's symbol of the subset (Li Hang's |Dᵢ|, H(Dᵢ)) or
    the catalogue's (Zhou's |Dᵛ|, Ent(Dᵛ)); of D̃ᵛ, the rows whose value is known, where
    values are missing (Zhou §4.4.2)."""
    return state.notation().branch_header(column, known_only) or t(f"col.{column}")


def _header(algorithm: str, column: str, known_only: bool = False) -> str:
    """A score column's header; a two-way splitter's Gain, IV, … say they are two-way; Li
    Hang's H(D̃|A) and Gini(D̃, A) where values are missing."""
    name = score_header(column, known_only)
    return t("lesson.col.two_way", name=name) if is_two_way(algorithm, column) else name


# --------------------------------------------------------------------- where book and code part


def tied_majority(trace: dict, node: dict) -> str | None:
    """Where the classes a leaf's label is the majority of tie: which, and that the first the
    data shows won (growing.majority's rule, read off the leaf's counts). None elsewhere: a
    label taken from the parent (an empty branch) or a leaf of one class."""
    tied = label_tie(trace["classes"], node)
    return majority_tie(tied, node["class_counts"][tied[0]]) if tied else None


def cart_note(trace: dict, node: dict, decimals: int) -> str | None:
    """When the smallest Gini_index loses under CART's ρ-weighted criterion, say why."""
    if registry.record(trace["algorithm"]).ranks_by != "gini_gain" or node["decision"].get(
            "forced"):
        return None
    loser, best = smaller_gini_loser(node), winner(node)
    if loser is None:
        return None
    # the two ρ·ΔGini told apart as the score table writes them, the Gini terms alike
    places = compared_places(trace, node, decimals).get("gini_gain", decimals)
    # ρ is the reason only where the decrease without it would have won (or tied)
    purer = loser["gini_known"] - loser["gini_index"] < best["gini_known"] - best["gini_index"]
    key = "lesson.cart.smaller_loses" + (".purer" if purer else "")
    terms = product_places(loser, places)
    return t(in_notation(key), loser=loser["attribute"],
             winner=best["attribute"], loser_gini=_fixed(loser["gini_index"], terms),
             loser_rho=_fixed(loser["rho"], terms),
             loser_known=_fixed(loser["gini_known"], terms),
             loser_gain=_fixed(loser["gini_gain"], places),
             winner_gain=_fixed(best["gini_gain"], places),
             winner_known=_fixed(best["gini_known"], terms))


def product_places(row: dict, places: int) -> int:
    """The decimals ρ × (Gini(D̃) − Gini_index) is written with so that it evaluates to the
    ρ·ΔGini shown at `places` (the panel's formula, formulas.gini_gain_latex)."""
    return plugged.fewest_places(lambda terms: plugged.gini_gain_terms(row, terms, None),
                                 lambda term: term.value, row["gini_gain"], places)[1]


def mean_filter_note(trace: dict, node: dict, decimals: int) -> str | None:
    """Where a Gain equals C4.5's mean exactly, why the filter is '≥' and not the book's '>'."""
    at_mean = gains_at_mean(node)
    if not at_mean:
        return None
    mean = _fixed(node["decision"]["mean_gain"],
                  compared_places(trace, node, decimals).get("gain", decimals))
    if len(at_mean) == len([r for r in node["scores"] if r.get("eligible", True)]):
        return t(in_notation("lesson.c45.all_equal"), mean=mean)
    return t(in_notation("lesson.c45.at_mean"),
             attributes=t("list.join").join(map(str, at_mean)), mean=mean)


def j48_note(node: dict) -> str | None:
    """Where J48's penalty on continuous attributes would change a C4.5 pick."""
    if node["decision"].get("mean_gain") is None or node["decision"].get("forced"):
        return None
    j48 = continuous_penalty_changes_pick(node)
    return None if j48 is None else t("lesson.c45.j48", j48=j48,
                                      winner=node["decision"]["attribute"])


def book_notes(trace: dict, node: dict) -> list[str]:
    """Numbers the book prints rounded early, beside their exact values."""
    return [t("lesson.book_rounded", **{**fields, "book": t(fields["book"])})
            for fields in book_note_fields(trace, node, state.notation())]


def lesson_notes(trace: dict, node: dict, decimals: int) -> list[str]:
    """The sentences that say where the books' words and this node's decision part."""
    if not node["scores"]:
        return []
    notes = [cart_note(trace, node, decimals), mean_filter_note(trace, node, decimals),
             j48_note(node)]
    return [n for n in notes if n] + book_notes(trace, node)


def node_facts(trace: dict, node: dict, decimals: int) -> None:
    """Path, |D|, class counts, and Ent(D) and Gini(D) with the numbers plugged in."""
    st.subheader(t("node.header", node=node["id"]))
    path = " → ".join(branch_text(c) for c in node_path(trace, node)) or t("node.root")
    st.markdown(tm("node.path", path=path))
    size = t("node.size", n=node["n"])
    if has_fractions(node):
        weight = format_number(node["weight"], decimals)
        size += t("list.semicolon") + t("node.weight", weight=weight)
    st.markdown(literal(size) + " · " + tm("node.counts", counts=counts_text(
        node["class_counts"], trace["classes"], decimals)))
    counts = [node["class_counts"].get(c, 0) for c in trace["classes"]]
    names = state.notation()
    places_note(_latex(formulas.entropy_latex(counts, node["entropy"], decimals, names=names))
                + _latex(formulas.gini_latex(counts, node["gini"], decimals, names=names)),
                decimals)


def _mark(values, yes: str, no: str) -> list[str]:
    return ["" if v is None or pd.isna(v) else (yes if v else no) for v in values]


def _score_display(frame: pd.DataFrame, columns: tuple[str, ...],
                   algorithm: str, kinds: bool = True) -> pd.DataFrame:
    """The table as shown: translated headers and kinds (unless not `kinds`), marks for the
    yes/no columns."""
    shown = {t("col.attribute"): frame["attribute"]}
    if kinds:
        shown[t("col.kind")] = [t(f"kind.{k}") for k in frame["kind"]]
    if frame["threshold"].notna().any():
        shown[t("col.threshold")] = frame["threshold"].astype(float)
    known_only = _values_missing(frame)
    if known_only:
        shown[t("col.rho")] = frame["rho"]
    eligible = frame["eligible"].astype(bool)
    if not eligible.all():  # which rows the rule could take (min branch weight, one value)
        shown[t("col.eligible")] = _mark(eligible, "✓", "✗")
    for col in columns:  # the algorithm's score columns (its registry record)
        if col in YES_NO_COLUMNS:  # a filter among the eligible: blank where it did not look
            shown[_header(algorithm, col)] = _mark(frame[col].where(eligible, None), "✓", "✗")
        else:
            shown[_header(algorithm, col, known_only)] = frame[col]
    shown[t("col.tied")] = _mark(frame["tied"], "=", "")
    shown[t("col.chosen")] = _mark(frame["chosen"], "✓", "")
    return pd.DataFrame(shown)


def _values_missing(frame: pd.DataFrame) -> bool:
    """Does some row score on the known rows only (ρ < 1)? Its table shows ρ, and Li Hang's
    headers name D̃."""
    return bool((frame["rho"] < 1).any())


def styled_scores(frame: pd.DataFrame, columns: tuple[str, ...], decimals: int,
                   algorithm: str, places: dict[str, int] | None = None, kinds: bool = True):
    """Winner row highlighted; numbers rounded for display only (the data stay exact, so a
    column sorts by value): `decimals` places, a compared column to its `places`
    (ui.tables.compared_places: the winner told apart from the rivals it beat). A gap (a
    nominal row's t, a continuous row's multiway Gini_index) shows as BLANK (styled_numbers),
    each cut with its record's digits (threshold_formatter). Without `kinds`, no kind column
    (lecture mode: the cut t already marks the continuous rows)."""
    shown = _score_display(frame, columns, algorithm, kinds)
    known_only = _values_missing(frame)  # as _score_display heads the columns
    formats = {_header(algorithm, column, known_only): f"{{:.{n}f}}"
               for column, n in (places or {}).items()}
    formats[t("col.threshold")] = threshold_formatter(frame["threshold"],
                                                      frame["threshold_digits"])
    chosen = frame["chosen"].tolist()
    return styled_numbers(shown, decimals, formats).apply(
        lambda row: ["background-color:#ffe08a;font-weight:bold" if chosen[row.name] else ""
                     for _ in row], axis=1)


def _pick(key: str, target: str, attributes: list[str], extract) -> None:
    """Selection callback: a table row or a bar picks the attribute to inspect."""
    picked = extract(st.session_state[key].selection)
    if picked is not None and picked in attributes:
        st.session_state[target] = picked


def _row_of(attributes):
    return lambda sel: attributes[sel.rows[0]] if sel.rows else None


def _point_of(selection):
    points = selection.points
    return points[0].get("x") if points else None


def show_score_table(trace: dict, node: dict, decimals: int,
                     inspect_key: str | None = None) -> list[str]:
    """Draw the node's score table (dtree_core.export.score_table is the table itself, for
    files); the attributes in the order of its rows. With an inspect_key, ticking a row
    inspects its attribute; without, the table is only read (no selection to keep)."""
    notation = state.notation().key
    frame = score_frame(node, trace["algorithm"], notation)
    columns = shown_columns(trace["algorithm"], notation)
    attributes = frame["attribute"].tolist()
    places = compared_places(trace, node, decimals)
    styled = styled_scores(frame, columns, decimals, trace["algorithm"], places)
    if inspect_key is None:
        st.dataframe(styled, hide_index=True, placeholder=BLANK)
    else:
        key = state.node_widget_key("scores_", node["id"])
        st.dataframe(styled, hide_index=True, key=key, placeholder=BLANK,
                     selection_mode="single-row",
                     on_select=lambda: _pick(key, inspect_key, attributes, _row_of(attributes)))
    if node["decision"].get("mean_gain") is not None:  # a C4.5-style mean-Gain filter ran
        st.caption(t("node.mean_gain", mean=_fixed(node["decision"]["mean_gain"],
                                                   places.get("gain", decimals))))
    # the two-way columns differ from the book's only for a nominal attribute
    nominal = any(row.get("kind") == "nominal" for row in node.get("scores") or [])
    if nominal and any(is_two_way(trace["algorithm"], c) for c in columns):
        st.caption(t(in_notation("lesson.two_way"), algorithm=registry.label(trace["algorithm"])))
        _value_split_table(trace, node, decimals)
    return attributes


def _value_split_table(trace: dict, node: dict, decimals: int) -> None:
    """Li Hang's Example 5.4 at this node: Gini(D, A=a) of each value of each two-way
    nominal attribute against the rest, from the rows' value_counts, and the smallest (ties
    all named)."""
    splits = value_splits(node, list(trace["classes"]))
    if not splits:  # a trace written before value_counts, or no two-way nominal row
        return
    gini = t("lihang.value_splits.gini")
    frame = pd.DataFrame(splits, columns=[t("lihang.value_splits.feature"),
                                          t("lihang.value_splits.value"), gini])
    listed = {attribute for attribute, _, _ in splits}
    smallest = smallest_value_splits(splits)
    places = value_split_places(splits, smallest, decimals)
    record = registry.record(trace["algorithm"])
    with st.expander(t("lihang.value_splits.title")):
        st.dataframe(frame, hide_index=True, column_config=number_formats(frame, places))
        cuts = t("lihang.value_splits.cuts" + (".linear" if record.linear else ""))
        st.caption(tm("lihang.value_splits.smallest",
                      pairs=t("list.join").join(f"{a} = {v}" for a, v, _ in smallest),
                      gini=_fixed(smallest[0][2], places), column=score_header("gini_index"),
                      cuts=cuts))
        if one_split_listed_twice(splits, smallest):
            st.caption(t("lihang.value_splits.same_split"))
        if any(row["rho"] < 1 for row in node["scores"] if row["attribute"] in listed):
            st.caption(t("lihang.value_splits.known", algorithm=registry.label(trace["algorithm"])))


def value_split_places(splits: list, smallest: list, decimals: int) -> int:
    """The decimals Li Hang's table is written to: `decimals`, or as many more as tell the
    smallest Gini(D, A=a) apart from every one it beat (a tie reads as one)."""
    best = smallest[0][2]
    return places_apart([(best, split[2]) for split in splits if split not in smallest],
                        decimals)


def criterion_chart(trace: dict, node: dict, decimals: int, inspect_key: str) -> go.Figure:
    """Bars of the deciding criterion; the winner red, below a mean-Gain filter grey."""
    record = registry.record(trace["algorithm"])
    criterion = registry.chart_column(trace["algorithm"])
    if record.ranks_by and deciding_score(record, node) == record.ranks_by != criterion:
        criterion = record.ranks_by  # CART with missing values: what it really maximises
    rows = node["scores"]
    decision = node["decision"]
    passed = (set(decision["passed"]) if decision.get("mean_gain") is not None
              else {r["attribute"] for r in rows if r.get("eligible", True)})
    colours = [WIN if r["chosen"] else (LOSE if r["attribute"] in passed else FAIL) for r in rows]
    attributes = [r["attribute"] for r in rows]
    shown = {plotly_text(a): a for a in attributes}  # Plotly renders HTML in names
    best_at_top = not (record.smaller_is_better and criterion == record.deciding_column)
    hover = compared_places(trace, node, decimals).get(criterion, decimals)
    # One constructor call: plotly validates once instead of once per update_* call.
    fig = go.Figure(
        data=[{"type": "bar", "x": list(shown), "y": [r[criterion] for r in rows],
               "marker": {"color": colours},
               "hovertemplate": f"%{{x}}: %{{y:.{hover}f}}<extra></extra>"}],
        layout={"title": {"text": t("node.chart.title", criterion=score_header(criterion))},
                "height": 280, "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
                # names, not numbers, even when they look like numbers (columns 1, 2, 10)
                "xaxis": {"type": "category"},
                "yaxis": {"tickformat": f".{decimals}f",
                          "autorange": True if best_at_top else "reversed"}})
    key = state.node_widget_key("bars_", node["id"])
    st.plotly_chart(fig, key=key, selection_mode="points",
                    on_select=lambda: _pick(key, inspect_key, attributes,
                                            lambda sel: shown.get(_point_of(sel))))
    return fig


def branch_details(trace: dict, node: dict, score: dict, decimals: int) -> None:
    """The branch table and Gain / IV / Gain_ratio / Gini_index with numbers."""
    frame = branch_frame(score, trace["classes"])
    # |Dᵛ| is the weight the formulas use; the row count differs from it where rows carry
    # fractional weights, and the weight with unknown shares where a value is missing
    frame = frame.drop(columns=[c for c, differs in (
        ("rows", has_fractions(node)), ("weight", score["rho"] < 1)) if not differs])
    known_only = score["rho"] < 1
    headers = {c: _branch_column_name(c, known_only) for c in ("value", "n", "entropy", "gini")}
    headers |= {"rows": t("col.rows"),
                "weight": t("col.weight.with_unknown", attribute=score["attribute"])}
    shown = frame.rename(columns=headers)
    st.markdown(f"**{tm('node.branches', attribute=score['attribute'])}**")
    if one_value_left(trace["algorithm"], score):
        st.caption(tm("node.one_value", attribute=score["attribute"]))
    counts = [headers["rows"], headers["n"], headers["weight"], *map(str, trace["classes"])]
    st.dataframe(shown, hide_index=True, placeholder=BLANK,
                 column_config=number_formats(shown, decimals, counts=counts))
    st.markdown(f"**{tm('node.formulas', attribute=score['attribute'])}**")
    shown = known_rows(trace, node, score, decimals) if score["rho"] < 1 else []
    names = state.notation()
    if score["kind"] == "continuous" and score.get("curve"):  # eq. 4.8: the cut it is scored at
        forced = score["chosen"] and node["decision"].get("forced_threshold")
        shown += _latex(formulas.threshold_latex(
            score, registry.record(trace["algorithm"]).threshold_by, decimals, names, forced))
    if "conditional_entropy" in names.columns:  # Li Hang's H(D|A), before g = H(D) − H(D|A)
        shown += _latex(formulas.conditional_entropy_latex(score, decimals, names))
    shown += _latex(formulas.gain_latex(score, decimals, names))
    shown += _latex(formulas.iv_latex(score, node["weight"], decimals, names))
    if score["rho"] < 1:
        st.caption(tm(in_notation("lesson.iv.unknown"), attribute=score["attribute"],
                      share=_fixed(1 - score["rho"], decimals)))
    shown += _latex(formulas.gain_ratio_latex(score, decimals, names))
    shown += _latex(formulas.gini_index_latex(score, decimals, names))
    if registry.record(trace["algorithm"]).ranks_by == "gini_gain":
        shown += cart_criterion(trace, score, decimals)
    places_note(shown, decimals)


def _latex(formula: formulas.LatexLine) -> list[formulas.LatexLine]:
    st.latex(formula)
    return [formula]


def places_note(shown: list[formulas.LatexLine], decimals: int) -> None:
    """Terms written to more decimals than the results (formulas._plugged) say why."""
    places = max(formula.places for formula in shown)
    if places > decimals:
        st.caption(t("node.formulas.places", places=places, decimals=decimals))


def known_rows(trace: dict, node: dict, score: dict, decimals: int) -> list[formulas.LatexLine]:
    """ρ, p̃_k and Ent(D̃) with the numbers (Zhou eqs. 4.9–4.12)."""
    st.markdown(tm(in_notation("lesson.known"), attribute=score["attribute"]))
    shown = _latex(formulas.rho_latex(score, node["weight"], decimals))
    st.latex(formulas.known_shares_latex(score, trace["classes"], decimals))
    return shown + _latex(formulas.known_entropy_latex(score, trace["classes"], decimals,
                                                       state.notation()))


def cart_criterion(trace: dict, score: dict, decimals: int) -> list[formulas.LatexLine]:
    """What CART maximises: ρ·(Gini(D̃) − Gini_index(D̃, a)), with the node's numbers."""
    st.markdown(tm("lesson.cart.formula", algorithm=registry.label(trace["algorithm"]),
                   attribute=score["attribute"]))
    return (_latex(formulas.known_gini_latex(score, trace["classes"], decimals))
            + _latex(formulas.gini_gain_latex(score, decimals, state.notation())))


def _curve_figure(curve: dict, threshold: float | None, decimals: int,
                  threshold_text: str = "") -> go.Figure:
    lines = [{"type": "scatter", "mode": "lines+markers", "x": curve["threshold"],
              "y": curve[field], "name": score_header(field)}
             for field in ("gain", "gini_index") if curve.get(field)]
    layout = {"height": 280, "margin": {"l": 10, "r": 10, "t": 30, "b": 10},
              "xaxis": {"title": {"text": t("node.curve.threshold")}},
              "yaxis": {"tickformat": f".{decimals}f"}}
    if threshold is not None:
        layout["shapes"] = [{"type": "line", "xref": "x", "yref": "paper", "x0": threshold,
                             "x1": threshold, "y0": 0, "y1": 1,
                             "line": {"color": WIN, "dash": "dash"}}]
        layout["annotations"] = [{"xref": "x", "yref": "paper", "x": threshold, "y": 1,
                                  "showarrow": False, "yanchor": "bottom",
                                  "text": t("node.curve.chosen", t=threshold_text)}]
    return go.Figure(data=lines, layout=layout)


def threshold_curve(node: dict, score: dict, decimals: int) -> go.Figure | None:
    """Gain (and Gini_index) at every candidate midpoint, the chosen t marked."""
    curve = score.get("curve")
    if not curve:
        return None
    st.markdown(f"**{tm('node.curve', attribute=score['attribute'])}**")
    fig = _curve_figure(curve, score["threshold"], decimals,
                        "" if score["threshold"] is None else record_threshold_text(score))
    st.plotly_chart(fig, key=f"{state.node_widget_key('curve_', node['id'])}_{score['attribute']}")
    st.dataframe(curve_table(curve, decimals), hide_index=True, height=200, placeholder=BLANK)
    return fig


def curve_table(curve: dict, decimals: int):
    """Every candidate t with its scores; each t written with its own digits (a crowded cut
    with more than 6: the curve's threshold_digits)."""
    table = pd.DataFrame({t("col.threshold"): curve["threshold"],
                          **{score_header(f): curve[f] for f in ("gain", "gini_index")
                             if curve.get(f)}})
    cuts = threshold_formatter(curve["threshold"],
                               curve.get("threshold_digits") or [None] * len(table))
    return styled_numbers(table, decimals, {t("col.threshold"): cuts})


def force_picker(trace: dict, node: dict, attributes: list[str]) -> None:
    """Split this node on another candidate, as textbooks do to break a tie by hand."""
    key = state.node_widget_key("force_", node["id"])
    decision = node["decision"]
    st.session_state.setdefault(key, decision["attribute"] if decision.get("forced") else "")
    choices = ["", *attributes]
    st.selectbox(t("node.force"), choices, key=key,
                 format_func=labelled(choices, lambda a: a or t("node.force.auto")),
                 help=t("node.force.help"),
                 on_change=state.force_here,
                 args=(key, st.session_state.dataset["key"], node_key(trace, node["id"])))


def candidates(trace: dict, node: dict, decimals: int) -> None:
    """Score table, chart, and the inspected attribute's branches, formulas and curve."""
    if not node["scores"]:
        st.caption(t("node.no_scores"))
        return
    inspect_key = state.node_widget_key("inspect_", node["id"])
    st.session_state.setdefault(inspect_key, first_inspected(trace, node)["attribute"])
    st.markdown(f"**{t('node.scores')}**")
    attributes = show_score_table(trace, node, decimals, inspect_key)
    criterion_chart(trace, node, decimals, inspect_key)
    if node["decision"]["kind"] == "split":
        force_picker(trace, node, attributes)
    # persisted: a step away and back (Next, Prev) keeps the pick, as a visit to a page does
    picked = st.selectbox(t("node.inspect"), attributes, key=inspect_key, persist_state="session")
    score = score_of(node, picked)
    if not score["branches"]:
        no_split(trace, score)
        return
    branch_details(trace, node, score, decimals)
    threshold_curve(node, score, decimals)


def first_inspected(trace: dict, node: dict) -> dict:
    """The row the panel opens on: the winner; at a leaf whose stop compared the largest
    score with the limit, the attribute that had it (the lit line and the sentence name
    its number); else the first row."""
    return winner(node) or compared_row(node, registry.record(trace["algorithm"]),
                                        state.notation()) or node["scores"][0]


def no_split(trace: dict, score: dict) -> None:
    """A continuous candidate with no midpoint keeping the min branch weight on both sides
    has no branches (scoretable.branches): its formulas would sum nothing and read wrong."""
    m = trace["params"].get("min_branch_weight") or 0
    st.caption(tm("node.no_split", attribute=score["attribute"], m=format_number(m)))


def impurity_figure(trace: dict, node: dict, decimals: int) -> go.Figure:
    """Ent, Gini and misclassification impurity against p (two classes), the node's p marked.
    Class names reach Plotly as escaped text: Plotly renders HTML in titles and hovers."""
    curves = impurity_curves()
    p = class_shares(node, trace["classes"])[0]
    here = node_impurities(node, trace["classes"])  # the trace's node facts
    lines = [{"type": "scatter", "mode": "lines", "x": curves["p"], "y": curves[m],
              "name": t(in_notation(f"lesson.impurity.{m}")), "hoverinfo": "skip"}
             for m in IMPURITY_MEASURES]
    marks = {"type": "scatter", "mode": "markers", "x": [p] * 3,
             "y": [here[m] for m in IMPURITY_MEASURES], "name": t("lesson.impurity.here"),
             "marker": {"color": WIN, "size": 9},
             "hovertemplate": f"p = %{{x:.{decimals}f}}: %{{y:.{decimals}f}}<extra></extra>"}
    cls = plotly_text(trace["classes"][0])
    layout = {"height": 280, "margin": {"l": 10, "r": 10, "t": 30, "b": 10},
              "xaxis": {"title": {"text": t("lesson.impurity.p", cls=cls)}, "range": [0, 1]},
              "yaxis": {"title": {"text": t("lesson.impurity.y")}, "range": [0, 1.05]},
              "legend": {"orientation": "h"}}
    return go.Figure(data=[*lines, marks], layout=layout)


def impurity_frame(trace: dict, node: dict) -> pd.DataFrame:
    """More than two classes: the node's three values beside their maxima."""
    here = node_impurities(node, trace["classes"])
    top = impurity_maxima(len(trace["classes"]))
    return pd.DataFrame({t("lesson.impurity.col.measure"): [
                             t(in_notation(f"lesson.impurity.{m}")) for m in IMPURITY_MEASURES],
                         t("lesson.impurity.col.value"): [here[m] for m in IMPURITY_MEASURES],
                         t("lesson.impurity.col.max"): [top[m] for m in IMPURITY_MEASURES]})


def impurity_lesson(trace: dict, node: dict, decimals: int) -> None:
    """Zhou's Ent range and Duda's comparison of impurity measures, at this node."""
    with st.expander(t("lesson.impurity")):
        if len(trace["classes"]) == 2:
            st.plotly_chart(impurity_figure(trace, node, decimals), key=f"impurity_{node['id']}")
            st.caption(t(in_notation("lesson.impurity.two")))
            return
        frame = impurity_frame(trace, node)
        st.dataframe(frame, hide_index=True, column_config=number_formats(frame, decimals),
                     placeholder=BLANK)
        st.caption(t(in_notation("lesson.impurity.many"), k=len(trace["classes"])))


def node_panel(trace: dict, node: dict, decimals: int) -> None:
    node_facts(trace, node, decimals)
    impurity_lesson(trace, node, decimals)
    st.info(literal(why_text(trace, node, decimals)))
    boundary.linear_test(trace, node, decimals)
    for note in lesson_notes(trace, node, decimals):
        st.caption(literal(note))
    candidates(trace, node, decimals)
