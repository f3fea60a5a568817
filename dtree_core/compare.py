"""Several trees on the same data, side by side: merged score tables and where picks part.

Traces are TRACE.md dicts. Nodes are matched across trees by their path key (dtree_core.paths),
so "the same node" means the same branch conditions from the root, hence the same rows. The
explanation of a disagreement is structured data with codes; `explain` words it in English and
the UI words it from its catalogue.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from . import algorithms
from .budget import BudgetError
from .data import CodedError
from .evaluate import fit, tree_depth
from .export import Table, on_known_rows, row_threshold_digits
from .growing import label_tie
from .labels import branch_text, node_path
from .paths import nodes_by_key, path_keys
from .split import Condition, format_number, places_apart, threshold_text
from .splitting import is_tied
from .trace import axis_ties, leaf_stop
from .wording import TIE_RULES

CRITERION_NAMES = {"gain": "Gain", "gain_ratio": "Gain_ratio", "gini_index": "Gini_index",
                   "gini_gain": "ρ·(Gini(D̃) − Gini_index)"}


def compared_keys(trace: dict) -> list[str]:
    """Each node's key as trees are compared by it: its path_keys, a side of a two-way split
    that holds one value ('A in {v}', CART's) named as the multiway branch 'A=v' (ID3's),
    so trees that part a two-valued attribute alike share the nodes below it."""
    return path_keys(trace, lambda c: Condition.from_dict(c).by_rows())


def shared_keys(traces: list[dict]) -> list[str]:
    """Compared keys present in every tree, in the first tree's step order."""
    first_keys = compared_keys(traces[0])
    maps = [nodes_by_key(traces[0], first_keys)] + [nodes_by_key(t, compared_keys(t))
                                                    for t in traces[1:]]
    first = traces[0]["nodes"]
    keys = [first_keys[i] for i in traces[0]["steps"] if not first[i].get("pruned_away")]
    return [k for k in keys if all(k in m for m in maps)]


def default_labels(traces: list[dict]) -> list[str]:
    """'ID3', 'C4.5', …; a repeated algorithm is numbered ('ID3 #2')."""
    labels, seen = [], {}
    for trace in traces:
        name = algorithms.get(trace["algorithm"]).label
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return labels


# --------------------------------------------------------------------- merged score table


@dataclass(frozen=True)
class MergedScores:
    """Every candidate's scores at one node, and each configuration's pick there."""

    key: str
    labels: list[str]
    nodes: list[dict | None]  # each tree's node at the path (None: not in that tree)
    rows: list[dict]  # attribute, kind, threshold, gain, iv, gain_ratio, gini_index_multiway,
    #                   gini_index_binary, gini_index_at_t, binary_cut, binary_cut_digits,
    #                   above_average, picks {label: bool}, tied {label: bool} (with the
    #                   pick), normalised {label: float | None}
    shape: str  # "multiway": Gain/IV/Gain_ratio of multiway splits; "binary": only CART has it

    def linear_labels(self) -> list[str]:
        """The configurations whose pick here is a linear test (its decision has an
        axis_best): no row is theirs, and their '=' marks the single attributes tied for the
        best single attribute the test beat (marked_ties)."""
        return [label for label, node in zip(self.labels, self.nodes, strict=True)
                if node and node["decision"].get("axis_best")]

    @property
    def known_only(self) -> bool:
        """Are some of the node's scores of D̃, the rows with a known value (ρ < 1), in any
        tree? (Li Hang's headers then say Gini(D̃, A).)"""
        return any(on_known_rows(node) for node in self.nodes if node)

    def best_binary_elsewhere(self) -> list[dict]:
        """The continuous rows whose best binary Gini_index is not at the row's cut t (the
        source chose t by Gain): t and that column describe two different cuts there."""
        return [r for r in self.rows if r["gini_index_at_t"] is not None
                and r["gini_index_binary"] is not None
                and not is_tied(-np.float64(r["gini_index_at_t"]),
                                -np.float64(r["gini_index_binary"]))]

    def table(self) -> Table:
        """For the CSV/Markdown/LaTeX exports: one column per configuration's pick, marked
        as the page marks it (pick_mark: ✓ its pick, = tied; a download hides no tie)."""
        columns = ["attribute", "kind", "threshold", "Gain", "IV", "Gain_ratio",
                   "Gini_index (multiway)", "Gini_index (best binary)",
                   *(f"{label} pick" for label in self.labels)]
        rows = [[r["attribute"], r["kind"], r["threshold"], r["gain"], r["iv"], r["gain_ratio"],
                 r["gini_index_multiway"], r["gini_index_binary"],
                 *(pick_mark(r, label) for label in self.labels)] for r in self.rows]
        return Table(columns, rows, row_threshold_digits(self.rows),
                     (columns.index("threshold"),))


def _source(traces, nodes) -> tuple[dict | None, str]:
    """The node whose Gain/IV/Gain_ratio the table shows: a multiway tree's, if any has it."""
    scored = [(t, n) for t, n in zip(traces, nodes, strict=True) if n and n["scores"]]
    for trace, node in scored:
        if algorithms.get(trace["algorithm"]).nominal_shape == "multiway":
            return node, "multiway"
    return (scored[0][1], "binary") if scored else (None, "multiway")


def _binary_row(traces, nodes, attribute: str) -> dict | None:
    """The attribute's row in a CART tree's node (its own best binary split), if one has it."""
    for trace, node in zip(traces, nodes, strict=True):
        binary = algorithms.get(trace["algorithm"]).nominal_shape == "binary"
        if binary and node and node["scores"]:
            row = _row(node, attribute)
            if row is not None:
                return row
    return None


def _binary_columns(traces, nodes, source_row: dict) -> dict:
    """gini_index_binary (CART's own when a CART tree has the node, else the source's), and
    for a continuous attribute the cut it is at when a CART tree tells it (binary_cut) and
    the Gini_index at the source's own cut t (gini_index_at_t): best_binary_elsewhere."""
    binary = _binary_row(traces, nodes, source_row["attribute"])
    continuous = source_row["kind"] == "continuous"
    return {"gini_index_binary": (binary or source_row).get("gini_index_binary"),
            "gini_index_at_t": source_row.get("gini_index") if continuous else None,
            "binary_cut": binary["threshold"] if binary and continuous else None,
            "binary_cut_digits": binary.get("threshold_digits") if binary else None}


def _row(node: dict | None, attribute: str) -> dict | None:
    if node is None:
        return None
    return next((r for r in node["scores"] if r["attribute"] == attribute), None)


def normalised(trace: dict, node: dict | None) -> dict[str, float]:
    """The algorithm's deciding score per attribute it may split on, over its best value,
    which scores 1 (C4.5: the largest Gain_ratio of them, so one its mean-Gain filter set
    aside can score 1 and the pick less; a baseline that takes the lowest: the lowest over
    each). The attributes the rule could not take (`eligible` false) are left out: their
    score is no rival's. Empty for CLS (it draws at random) and where the node has no score
    table. The chart's heading says all this."""
    score = algorithms.get(trace["algorithm"]).ranks_by
    if score is None or node is None or not node["scores"]:
        return {}
    values = {r["attribute"]: r[score] for r in node["scores"] if r.get("eligible", True)}
    if not values:
        return {}
    if algorithms.get(trace["algorithm"]).ranks_lowest:  # a baseline: its pick is the smallest
        best = min(values.values())
        return {a: (best / v if v > 0 else 1.0) for a, v in values.items()}
    best = max(values.values())
    return {a: (v / best if best > 0 else 0.0) for a, v in values.items()}


def pick_mark(row: dict, label: str) -> str:
    """A merged row's mark in a configuration's column: ✓ its pick, = tied (marked_ties),
    else empty; the page and its downloads write the same marks."""
    return "✓" if row["picks"][label] else "=" if row["tied"][label] else ""


def marked_ties(decision: dict) -> set[str]:
    """The rows a configuration's column marks tied: those tied with its pick (its tie rule
    took the pick; a forced pick took none, so none is marked), or where its pick is a linear
    test, which ties with no one attribute, those tied for its best single attribute
    (axis_ties): ties are never hidden."""
    if decision.get("forced"):
        return set()
    return set(decision.get("ties") or ()) | set(axis_ties(decision))


def merged_scores(traces: list[dict], labels: list[str] | None = None,
                  key: str = "root") -> MergedScores:
    """The merged score table at the node with this key (compared_keys; the root by
    default)."""
    labels = labels or default_labels(traces)
    nodes = [nodes_by_key(t, compared_keys(t)).get(key) for t in traces]
    source, shape = _source(traces, nodes)
    picks = [n["decision"]["attribute"] if n and n["decision"]["kind"] == "split" else None
             for n in nodes]
    ties = [marked_ties(n["decision"]) if n else set() for n in nodes]
    norms = [normalised(t, n) for t, n in zip(traces, nodes, strict=True)]
    rows = []
    for r in source["scores"] if source else []:
        a = r["attribute"]
        rows.append({
            "attribute": a, "kind": r["kind"], "threshold": r["threshold"],
            "threshold_digits": r.get("threshold_digits"), "gain": r["gain"],
            "iv": r["iv"], "gain_ratio": r["gain_ratio"],
            "gini_index_multiway": r.get("gini_index_multiway"),
            **_binary_columns(traces, nodes, r),
            "above_average": r.get("above_average"),
            "picks": {label: p == a for label, p in zip(labels, picks, strict=True)},
            # tied with the configuration's pick, or for its best single attribute where a
            # linear test won (marked_ties)
            "tied": {label: a in tied for label, tied in zip(labels, ties, strict=True)},
            "normalised": {label: n.get(a) for label, n in zip(labels, norms, strict=True)}})
    return MergedScores(key, labels, nodes, rows, shape)


# --------------------------------------------------------------------- first disagreement


@dataclass(frozen=True)
class Pick:
    """What one configuration did at the node, with the numbers that made it do so."""

    label: str
    algorithm: str
    kind: str  # "split" | "leaf"
    attribute: str | None
    threshold: float | None
    criterion: str | None  # gain | gain_ratio | gini_index | gini_gain | random (CLS)
    value: float | None  # the pick's score on that criterion
    rule_code: str | None  # max_gain | c45_gain_ratio | min_gini | random | forced
    stop: str | None  # the leaf's stop code
    mean_gain: float | None  # C4.5's mean-Gain filter
    passed: tuple[str, ...]  # C4.5: attributes with Gain ≥ mean
    rivals: tuple[tuple[str, float | None, bool], ...]  # (other pick, its score here, passed)
    ties: tuple[str, ...] = ()  # attributes tied with the pick (tie_break took the pick)
    branches: tuple[str, ...] = ()  # the split's branch conditions, as text
    majority: str | None = None  # the node's label (a leaf's prediction)
    threshold_digits: int | None = None  # the decision's (split.threshold_text)
    # a leaf whose label won a tie of its class counts: the tied classes (the label first, as
    # growing.majority took it) and the weight each holds, so the sentence names the tie
    tied_classes: tuple[str, ...] = ()
    tied_count: float | None = None
    tie_break: str = "first"  # the tree's rule among tied attributes: first | last | random
    # at the root of trees grown on different rows: grown_on(root), its rows first
    grown: tuple = ()
    # a linear test's pick: the single attributes tied for the best single attribute it beat
    # (axis_ties), and their score on the criterion
    axis_ties: tuple[str, ...] = ()
    axis_value: float | None = None

    @property
    def threshold_text(self) -> str:
        return threshold_text(self.threshold, self.threshold_digits)


@dataclass(frozen=True)
class Disagreement:
    """The first node (breadth-first) where the trees part, and how.

    code: "attribute" (different split attributes), "threshold" (same continuous attribute,
    different t), "shape" (same attribute, different branches: multiway vs binary, or another
    partition), "stop" (one tree splits where another makes a leaf), "label" (every tree
    makes a leaf there, labelled with different classes), "rows" (the trees grew on different
    rows, as pruning by a validation split of the file makes them: their roots are no one
    node, and their picks are not compared; each pick's `grown` says on what).
    """

    key: str
    path: list[dict]
    depth: int
    code: str
    picks: list[Pick]


def deciding_score(record: algorithms.Algorithm, node: dict) -> str:
    """The score that decided here: CART's ρ·(Gini(D̃) − Gini_index) where values are missing
    (the smallest Gini_index can then lose), else the criterion the record names."""
    missing = any(r["rho"] < 1 for r in node["scores"])
    if missing and record.ranks_by not in (None, record.criterion):
        return record.ranks_by
    return record.criterion


def _majority_tie(trace: dict, node: dict) -> tuple[tuple[str, ...], float | None]:
    """A leaf's tied classes (growing.label_tie) and the weight each holds; ((), None)
    where its label won no tie."""
    tied = label_tie(trace["classes"], node)
    return (tied, float(node["class_counts"][tied[0]])) if tied else ((), None)


def _pick(label: str, trace: dict, node: dict, others: list[str]) -> Pick:
    d = node["decision"]
    algorithm = trace["algorithm"]
    record = algorithms.get(algorithm)
    criterion = deciding_score(record, node) if d["kind"] == "split" else None
    row = _row(node, d["attribute"]) if d["attribute"] else None
    value = row[criterion] if row is not None and criterion in CRITERION_NAMES else None
    if d.get("weights"):  # an oblique tree's linear test has no score row: its own scores
        value = {"gini_index": d.get("linear_impurity"),
                 "gini_gain": d.get("linear_gain")}.get(criterion, value)
    rivals = []
    for other in others:
        rival = _row(node, other)
        if other != d["attribute"] and rival is not None and criterion in CRITERION_NAMES:
            rivals.append((other, rival[criterion], bool(rival.get("above_average"))))
    branches = tuple(branch_text(trace["nodes"][c]["branch"]) for c in node["children"])
    return Pick(label, algorithm, d["kind"], d["attribute"], d["threshold"], criterion, value,
                "forced" if d.get("forced") else d.get("rule_code"), leaf_stop(d),
                d.get("mean_gain"), tuple(d.get("passed") or ()), tuple(rivals),
                tuple(d.get("ties") or ()), branches, d.get("label"), d.get("threshold_digits"),
                *_majority_tie(trace, node), trace["params"].get("tie_break", "first"),
                axis_ties=axis_ties(d), axis_value=_axis_value(d, criterion))


def _axis_value(decision: dict, criterion: str | None) -> float | None:
    """The score of the single attributes tied for a linear test's best single attribute,
    on the criterion that decided (None where none tie)."""
    return (decision.get("axis_best") or {}).get(criterion) if axis_ties(decision) else None


def _decided(node: dict, keys: list[str]) -> tuple:
    """What a tree decided at a shared node, as the trees are compared: a leaf's class, or a
    split's attribute, t and branches (keyed by the rows they hold)."""
    d = node["decision"]
    if d["kind"] == "leaf":  # leaves part when they predict different classes
        return ("leaf", str(d.get("label")))
    return ("split", d["attribute"], d["threshold"],
            frozenset(keys[c] for c in node["children"]))


def _code(decided: list[tuple]) -> str | None:
    """How the decisions at one shared node differ (_decided each), or None if they agree."""
    if len(set(decided)) == 1:
        return None
    if len({d[0] for d in decided}) > 1:
        return "stop"
    if decided[0][0] == "leaf":
        return "label"
    for at, code in ((1, "attribute"), (2, "threshold")):
        if len({d[at] for d in decided}) > 1:
            return code
    return "shape"


def first_disagreement(traces: list[dict], labels: list[str] | None = None) -> Disagreement | None:
    """Walk the trees together from the root, breadth-first, through the nodes they share;
    the first node where their decisions differ, or None when they agree everywhere."""
    return _first_parting(traces, labels or default_labels(traces), *_keyed(traces))


def _keyed(traces: list[dict]) -> tuple[list, list]:
    """Each tree's node keys (compared_keys) and its nodes by key: once per comparison."""
    keyed = [compared_keys(t) for t in traces]
    return keyed, [nodes_by_key(t, keys) for t, keys in zip(traces, keyed, strict=True)]


def grown_on(node: dict) -> tuple:
    """What a trace tells of the rows its root grew on: their number, weight and class
    counts (it names no row, so two splits of one size and class mix look alike here)."""
    return node["n"], node["weight"], tuple(sorted(node["class_counts"].items()))


def same_rows(traces: list[dict]) -> bool:
    """Do the trees' roots agree in grown_on: row count, weight and class counts? Only then is
    a path taken as the same node in each: a tree pruned by a validation split of the file
    grew on the rest of it. Agreeing counts are the same rows where each tree's rows are all
    of one table's or one subset of them, as on the Compare page: a configuration grows on
    every row (ui.pruning.choices_for gives the others no validation rows; a validation file,
    the book's paired set among them, leaves every row) or on the training part of the one
    split the sidebar offers every pre- and REP-pruned one (stratified_split holds at least
    one row out, so that part has fewer rows). Traces grown elsewhere, on two splits of one
    size and class mix, would agree here on different rows."""
    return len({grown_on(t["nodes"][0]) for t in traces}) == 1


def _first_parting(traces, labels, keyed, maps) -> Disagreement | None:
    if not same_rows(traces):  # no node to compare: say how many rows each grew on
        roots = [t["nodes"][0] for t in traces]
        return Disagreement("root", [], 0, "rows", [
            replace(_pick(label, t, n, []), grown=grown_on(n))
            for label, t, n in zip(labels, traces, roots, strict=True)])
    queue = deque(["root"])
    while queue:
        key = queue.popleft()
        nodes = [m[key] for m in maps]
        code = _code([_decided(n, k) for n, k in zip(nodes, keyed, strict=True)])
        if code is not None:
            others = [n["decision"]["attribute"] for n in nodes if n["decision"]["attribute"]]
            picks = [_pick(label, t, n, list(dict.fromkeys(others)))
                     for label, t, n in zip(labels, traces, nodes, strict=True)]
            return Disagreement(key, node_path(traces[0], nodes[0]), nodes[0]["depth"], code,
                                picks)
        queue.extend(k for k in (keyed[0][c] for c in nodes[0]["children"])
                     if all(k in m for m in maps))
    return None


def disagreements(traces: list[dict], labels: list[str] | None = None
                  ) -> list[tuple[tuple[str, ...], Disagreement | None]]:
    """first_disagreement of all the trees, then of each group of them that decided alike
    there (ID3 and C4.5 cutting 纹理 three ways where CART cuts it in two, which part later),
    and so on down: (the group's labels, where it first parts, or None where it never does).
    """
    return _partings(traces, labels or default_labels(traces), *_keyed(traces))


def _partings(traces, labels, keyed, maps) -> list:
    found = _first_parting(traces, labels, keyed, maps)
    result = [(tuple(labels), found)]
    if found is None:
        return result
    alike: dict[tuple, list[int]] = {}  # the trees by their decision there (or their rows)
    for i, (m, keys) in enumerate(zip(maps, keyed, strict=True)):
        node = m[found.key]
        alike.setdefault(grown_on(node) if found.code == "rows" else _decided(node, keys),
                         []).append(i)
    for group in alike.values():
        if len(group) > 1:
            result += _partings(*([items[i] for i in group]
                                  for items in (traces, labels, keyed, maps)))
    return result


# --------------------------------------------------------------------- English wording


def rival_places(pick: Pick, decimals: int) -> int:
    """The decimals a pick's score and its rivals' are written to: `decimals`, or as many more
    as tell the pick's apart from each rival's (split.places_apart; a tie reads as one)."""
    if pick.value is None:
        return decimals
    others = [*(v for _, v, _ in pick.rivals), pick.axis_value]
    return places_apart([(pick.value, v) for v in others if v is not None], decimals)


def _num(x: float | None, places: int = 3) -> str:
    return "—" if x is None else f"{x:.{places}f}"


def rows_groups(picks: list[Pick]) -> list[tuple[int, list[str], bool]]:
    """(rows, labels, other) of each set of trees grown on the same rows (Pick.grown), in
    order; other: an earlier set grew on as many rows, so these differ in which rows or
    their weights (the count alone would read as the same rows)."""
    groups: dict[tuple, list[str]] = {}
    for p in picks:
        groups.setdefault(p.grown, []).append(p.label)
    seen, found = set(), []
    for grown, labels in groups.items():
        found.append((grown[0], labels, grown[0] in seen))
        seen.add(grown[0])
    return found


def _clause(pick: Pick) -> str:
    """'ID3 takes hair by Gain (0.454; eyes 0.348)'."""
    if pick.kind == "leaf":
        tie = ""
        if pick.tied_classes:  # the label won a tie of the counts (growing.majority's rule)
            each = format_number(pick.tied_count, 3)
            tie = (f"; {', '.join(pick.tied_classes)} tie with {each} each: "
                   f"the leaf takes {pick.majority}, the one the data shows first")
        return f"{pick.label} makes a leaf ({pick.stop}{tie})"
    at = "" if pick.threshold is None else f" (t = {pick.threshold_text})"
    if pick.rule_code == "forced":
        return f"{pick.label} takes {pick.attribute}{at} (forced)"
    if pick.criterion == "random":
        return f"{pick.label} draws {pick.attribute}{at} at random"
    places = rival_places(pick, 3)
    rivals = "".join(f"; {a} {_num(v, places)}" for a, v, _ in pick.rivals)
    lowest = "the lowest " if algorithms.get(pick.algorithm).ranks_lowest else ""
    text = (f"{pick.label} takes {pick.attribute}{at} by {lowest}"
            f"{CRITERION_NAMES[pick.criterion]} ({_num(pick.value, places)}{rivals})")
    if pick.mean_gain is not None:
        failed = [a for a, _, ok in pick.rivals if not ok]
        text += f" among the attributes with Gain ≥ the mean {_num(pick.mean_gain)}"
        if failed:
            text += f", which leaves out {', '.join(failed)}"
    if pick.ties:
        text += f", tied with {', '.join(pick.ties)} ({TIE_RULES[pick.tie_break]})"
    if pick.axis_ties:
        text += (f", beating its best single attributes {', '.join(pick.axis_ties)} "
                 f"(tied at {_num(pick.axis_value, places)})")
    return text


def _shape_clause(pick: Pick) -> str:
    """'CART: 纹理 in {清晰} | 纹理 in {稍糊,模糊}'."""
    return f"{pick.label}: {' | '.join(pick.branches)}"


def _other_rows(n: int) -> str:
    """A group grown on as many rows as one named before: 'other rows or weights' of n (a
    single row when the others weigh 0, which reach no node)."""
    return " other row or weight" if n == 1 else " other rows or weights"


def where_text(disagreement: Disagreement) -> str:
    return "At the root" if disagreement.key == "root" else f"At {disagreement.key}"


def explain(disagreement: Disagreement | None) -> str:
    """One English sentence: where the trees first part and why."""
    if disagreement is None:
        return "The trees make the same decision at every node they share."
    if disagreement.code == "rows":
        grown = "; ".join(f"{', '.join(labels)} on {n}" + (_other_rows(n) if other else "")
                          for n, labels, other in rows_groups(disagreement.picks))
        return f"The trees grew on different rows ({grown}): their nodes are not compared."
    if disagreement.code == "shape":
        clauses = "; ".join(_shape_clause(p) for p in disagreement.picks)
        attribute = disagreement.picks[0].attribute
        return (f"{where_text(disagreement)}, every tree splits on {attribute} but into "
                f"different branches: {clauses}.")
    clauses = "; ".join(_clause(p) for p in disagreement.picks)
    return f"{where_text(disagreement)}, {clauses}."


# --------------------------------------------------------------------- Han's five criteria
# Han, Kamber & Pei compare classifiers by accuracy, speed, robustness, scalability and
# interpretability. Times are measured, so they vary between runs: they are shown, never tested
# (the procedure that measures them is tested with a fake clock).

TIMING_REPEATS = 3  # a time shown is the shortest of this many timed runs ...
REPEAT_BELOW = 0.5  # ... but a run taking this many seconds or more is not repeated
CLOCK = time.perf_counter  # wall-clock seconds; a module attribute so tests can fake it


@dataclass(frozen=True)
class Criteria:
    """One configuration measured on one stratified split (times in seconds)."""

    accuracy: float  # held-out, grown on the clean training rows
    fit_seconds: float
    predict_seconds: float
    noisy_accuracy: float | None  # held-out, grown after seeded label noise on the training rows
    blanked_accuracy: float | None  # held-out, grown after blanking a share of training values
    # {"noisy" | "blanked": (the budget's code, its details)} for a copy whose tree the budget
    # applied around the call refused (None accuracy): blanked values multiply row copies
    refused: dict = field(default_factory=dict)
    # {"clean" | "noisy" | "blanked": tied_to(...)}: the held-out predictions each accuracy
    # counts as one class though classes tied for them (a grown tree's, refused ones have none)
    tied: dict = field(default_factory=dict)


def with_label_noise(y: pd.Series, share: float, seed: int) -> pd.Series:
    """A seeded share of the labels changed to another class, drawn uniformly."""
    rng = np.random.default_rng(seed)
    classes = list(dict.fromkeys(y.tolist()))
    noisy = y.copy()
    if len(classes) < 2:
        return noisy
    rows = rng.choice(len(y), size=round(share * len(y)), replace=False)
    index = {c: i for i, c in enumerate(classes)}
    now = np.array([index[c] for c in y.iloc[rows]], dtype=int)
    # a step of 1..k-1 around the class list lands on each other class equally often
    other = (now + rng.integers(1, len(classes), size=len(rows))) % len(classes)
    noisy.iloc[rows] = [classes[i] for i in other]
    return noisy


def with_blanks(X: pd.DataFrame, share: float, seed: int) -> pd.DataFrame:
    """A seeded share of the cells made missing (Zhou §4.4.2's unknown values)."""
    rng = np.random.default_rng(seed)
    chosen = np.zeros(X.size, dtype=bool)
    chosen[rng.choice(X.size, size=round(share * X.size), replace=False)] = True
    chosen = chosen.reshape(X.shape)
    blanked = X.copy()
    for j, column in enumerate(X.columns):  # continuous columns stay numeric, blanks NaN
        numeric = pd.api.types.is_numeric_dtype(X[column])
        blanked[column] = X[column].where(~chosen[:, j], np.nan if numeric else None)
    return blanked


def shortest_time(run, warm_up: bool = True):
    """(run's result, the shortest wall-clock seconds of up to TIMING_REPEATS timed runs).

    warm_up: run once untimed first. The first call of a code path pays one-time costs (lazy
    imports, caches, first allocations), which would otherwise be charged to whichever
    configuration happened to run first. Repeats stop after a run of REPEAT_BELOW seconds or
    more: beside a run that long a one-time cost is small, and repeating it is expensive."""
    result = run() if warm_up else None
    best = float("inf")
    for _ in range(TIMING_REPEATS):
        start = CLOCK()
        result = run()
        seconds = CLOCK() - start
        best = min(best, seconds)
        if seconds >= REPEAT_BELOW:
            break
    return result, best


def timedfit(options, X: pd.DataFrame, y: pd.Series, warm_up: bool = True):
    """(model, seconds to grow it: shortest_time's measure)."""
    return shortest_time(lambda: fit(options, X, y), warm_up)


def _share_right(predicted, y: pd.Series) -> float:
    truth = y.to_numpy(dtype=object)
    return float(np.mean(predicted.astype(object) == truth)) if len(truth) else 0.0


def held_out_accuracy(model, X: pd.DataFrame, y: pd.Series) -> float:
    """Accuracy on the rows given (untimed)."""
    return _share_right(model.predict(X.reset_index(drop=True)), y)


def tied_to(model, X: pd.DataFrame) -> tuple:
    """The class each prediction on the rows given that broke a tie went to (untimed; the
    tied class the tree's training rows show first)."""
    predicted, tied = model.predict_with_ties(X.reset_index(drop=True))
    return tuple(predicted[tied].tolist())


def timed_accuracy(model, X: pd.DataFrame, y: pd.Series) -> tuple[float, float]:
    """(accuracy on the rows given, seconds to predict them: shortest_time's measure)."""
    rows = X.reset_index(drop=True)
    predicted, seconds = shortest_time(lambda: model.predict(rows))
    return _share_right(predicted, y), seconds


def interpretability(trace: dict) -> tuple[int, int, float]:
    """(leaves, depth, mean rule length), Han's interpretability: each leaf is one IF-THEN
    rule with as many conditions as the leaf's depth."""
    leaves = [n for n in trace["nodes"]
              if n["decision"]["kind"] == "leaf" and not n.get("pruned_away")]
    return len(leaves), tree_depth(trace), sum(n["depth"] for n in leaves) / len(leaves)


@dataclass(frozen=True)
class Measured:
    """One of han_criteria's trees measured on the held-out rows: the clean one (timed), or
    a noisy or blanked copy (untimed; accuracy None and refused set where the budget or the
    copy's one class kept it from growing)."""

    accuracy: float | None
    tied: tuple | None  # tied_to of its predictions (None: not grown)
    fit_seconds: float = 0.0
    predict_seconds: float = 0.0
    refused: tuple[str, dict] | None = None


COPIES = ("noisy", "blanked")


def clean_measure(options, X: pd.DataFrame, y: pd.Series, split) -> Measured:
    """The tree grown on the split's clean training rows: its held-out accuracy and times."""
    train, test = split
    model, fit_seconds = timedfit(options, X.iloc[train], y.iloc[train])
    accuracy, predict_seconds = timed_accuracy(model, X.iloc[test], y.iloc[test])
    return Measured(accuracy, tied_to(model, X.iloc[test]), fit_seconds, predict_seconds)


def copy_measure(options, X: pd.DataFrame, y: pd.Series, split, copy: str, share: float,
                 seed: int) -> Measured:
    """A tree grown on a copy of the training rows, "noisy" (a share of the labels changed)
    or "blanked" (a share of the values made missing): its held-out accuracy. Measured apart
    from the clean tree and the other copy, so that a page moving one share grows one copy."""
    train, test = split
    X_train, y_train = X.iloc[train], y.iloc[train]
    if copy == "noisy":
        X_copy, y_copy = X_train, with_label_noise(y_train, share, seed)
    else:
        X_copy, y_copy = with_blanks(X_train, share, seed), y_train
    try:
        model = fit(options, X_copy, y_copy)
    except (BudgetError, CodedError) as error:  # too big, or (a small split's noisy
        # copy) left with one class: that copy is not grown, the rest of the page is
        return Measured(None, None, refused=(error.code, dict(error.details)))
    return Measured(held_out_accuracy(model, X.iloc[test], y.iloc[test]),
                    tied_to(model, X.iloc[test]))


def criteria_of(clean: Measured, measure_copy: Callable[[str, float], Measured],
                noise: float, blank: float) -> Criteria:
    """The Criteria of a clean tree's measures and of its copies', each copy (COPIES) measured
    by measure_copy(copy, share) with its share: the noise's, the blanks'."""
    copies = {copy: measure_copy(copy, share)
              for copy, share in zip(COPIES, (noise, blank), strict=True)}
    refused = {name: m.refused for name, m in copies.items() if m.refused is not None}
    tied = {name: m.tied for name, m in {"clean": clean, **copies}.items()
            if m.tied is not None}
    return Criteria(clean.accuracy, clean.fit_seconds, clean.predict_seconds,
                    copies["noisy"].accuracy, copies["blanked"].accuracy, refused, tied)


def han_criteria(options, X: pd.DataFrame, y: pd.Series, split, noise: float, blank: float,
                 seed: int) -> Criteria:
    """Accuracy, speed and robustness on one split (interpretability: of the full tree)."""
    return criteria_of(clean_measure(options, X, y, split),
                       lambda copy, share: copy_measure(options, X, y, split, copy, share, seed),
                       noise, blank)


SCALABILITY_ROWS = 20_000  # the largest copy of the data scalability grows a tree on


def doubling_sizes(rows: int, doublings: int = 4, cap: int = SCALABILITY_ROWS) -> list[int]:
    """rows, 2·rows, 4·rows, … while at most cap (always the data's own size)."""
    return [rows * 2**k for k in range(doublings + 1) if k == 0 or rows * 2**k <= cap]


def scalability(options, X: pd.DataFrame, y: pd.Series, sizes: list[int]) -> list[float]:
    """Seconds to grow the tree on the data repeated to each size (a copy of every row), each
    shortest_time's measure; the one untimed warm-up fit comes before the first size only."""
    times = []
    for k, size in enumerate(sizes):
        copies = -(-size // len(X))
        big_X = pd.concat([X] * copies, ignore_index=True).iloc[:size]
        big_y = pd.concat([y] * copies, ignore_index=True).iloc[:size]
        times.append(timedfit(options, big_X, big_y, warm_up=k == 0)[1])
    return times
