"""A student's own tree (issue 12): the splits they chose, node by node, grown as forced splits.

The student's tree is a sequence of picks (node path -> attribute, and a threshold for a
continuous one). Every pick becomes a force (Options.force, 'ATTRIBUTE@T' for a threshold),
so the core grows exactly the student's tree: a node the student decided is forced, a node
where TreeGenerate stops is a leaf (pure, empty, ...), and a node TreeGenerate would split
that the student has not decided yet is pending. Pending nodes come in TreeGenerate's order
(node ids are depth-first). What an algorithm would choose at a node is its own rule run on
the rows that reach the node (with their weights) and the attributes left there.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from . import algorithms
from .evaluate import Evaluation, evaluate, tree_depth
from .fitted_trace import FittedTrace
from .labels import node_path
from .model import DecisionTree
from .options import Options
from .paths import force_text
from .splitting import other_tied_thresholds
from .trace import Trace


@dataclass(frozen=True)
class StudentPick:
    """The student's split at one node: its path (as --force writes it) and attribute."""

    path: str
    attribute: str
    threshold: float | None = None  # continuous: the candidate midpoint chosen

    def force(self) -> tuple[str, str]:
        return self.path, force_text(self.attribute, self.threshold)

    def as_list(self) -> list:
        """Plain data (session state, JSON)."""
        return [self.path, self.attribute, self.threshold]


@dataclass(frozen=True)
class StudentTree:
    """The picks in the order the student made them; undo drops the last one."""

    picks: tuple[StudentPick, ...] = ()

    @classmethod
    def from_lists(cls, items) -> StudentTree:
        return cls(tuple(StudentPick(p, a, None if t is None else float(t)) for p, a, t in items))

    def choose(self, path: str, attribute: str, threshold: float | None = None) -> StudentTree:
        kept = tuple(p for p in self.picks if p.path != path)
        return StudentTree((*kept, StudentPick(path, attribute, threshold)))

    def undo(self) -> StudentTree:
        return StudentTree(self.picks[:-1])

    def pick_at(self, path: str) -> StudentPick | None:
        return next((p for p in self.picks if p.path == path), None)

    def options(self, base: Options) -> Options:
        """The base options with every pick forced (a pick that cannot be made is an error)."""
        return base.but(force=tuple(p.force() for p in self.picks), force_missing="error")


# --------------------------------------------------------------------- the tree as grown


def student_nodes(trace: dict) -> list[int]:
    """The nodes of the student's tree, in TreeGenerate's order: the root, and the children
    of every node the student decided (forced). Below a pending node nothing is theirs yet."""
    nodes, mine = trace["nodes"], {}
    for node in nodes:  # ids are depth-first, so a parent comes before its children
        parent = node["parent"]
        if parent is None or parent in mine and nodes[parent]["decision"].get("forced"):
            mine[node["id"]] = True
    return list(mine)


def pending(trace: dict) -> list[int]:
    """Nodes of the student's tree TreeGenerate would split that the student has not decided:
    not a stop case (pure, empty, no attributes, same values, the limits), not forced."""
    return [i for i in student_nodes(trace)
            if trace["nodes"][i]["decision"]["kind"] == "split"
            and not trace["nodes"][i]["decision"].get("forced")]


def decided(trace: dict) -> list[int]:
    """Nodes of the student's tree that are final: their splits and TreeGenerate's leaves."""
    waiting = set(pending(trace))
    return [i for i in student_nodes(trace) if i not in waiting]


def is_complete(trace: dict) -> bool:
    return not pending(trace)


# --------------------------------------------------------------------- what algorithms choose


def revealed_algorithms() -> tuple[str, ...]:
    """The registered algorithms whose rule ranks single attributes by a score (ID3, C4.5,
    CART): a random draw, a baseline that takes the worst attribute on purpose, or a linear
    test over several attributes (an oblique tree) is no choice to compare a pick with."""
    records = [algorithms.get(k) for k in algorithms.keys()]  # noqa: SIM118  (a function)
    return tuple(a.key for a in records if a.ranks_by is not None and not a.baseline
                 and getattr(a, "linear", None) is None  # one attribute per test, as picked
                 and a.variant_of is None)  # another book's reading of one shown already


@dataclass(frozen=True)
class AlgorithmChoice:
    algorithm: str
    attribute: str | None  # None: the algorithm would make this node a leaf
    threshold: float | None
    stop: str | None  # the stop case when it makes a leaf
    # the student's pick is this attribute (and threshold, for a continuous one), or one of
    # the tied attributes a random tie rule draws from
    agrees: bool
    # the attributes tied for the choice (with their cut points; the choice first), empty
    # where none tied: a random rule draws one, "first" or "last" takes the choice
    tied: tuple[tuple[str, float | None], ...] = ()
    tie_rule: str | None = None  # the tie rule that decided among `tied` (None: no tie)
    node: dict | None = None  # the stump's root in JSON form: the scores its rule ranked
    # the chosen attribute's other cut points as good as its t by the score the algorithm
    # cuts by (cut_by): the rule took the smallest t (splitting.other_tied_thresholds)
    tied_cuts: tuple[float, ...] = ()

    @property
    def cut_by(self) -> str:
        """The score a continuous attribute's cut point is chosen by: gain or gini_index."""
        return algorithms.get(self.algorithm).threshold_by

    @property
    def drawn(self) -> bool:
        """A random tie rule drew the choice from `tied`."""
        return self.tie_rule == "random"

    def ties_with(self, pick: StudentPick | None) -> bool:
        """The pick is as good as this choice by the algorithm's criterion: one of the
        attributes tied for it, or one of their cut points tied with their own."""
        return bool(self.tie_reasons(pick))

    def tie_reasons(self, pick: StudentPick | None) -> tuple[str, ...]:
        """What set an equally good pick apart from this choice: the tie rule among tied
        attributes (its name, "first" or "last"; none for "random", which may draw the pick)
        for one of them at its own cut, or "threshold" for the chosen attribute at a cut
        whose score (the one the algorithm cuts by) ties with its t, the smallest taken.
        Another attribute at another cut is no tie: its split is not the one ranked."""
        if pick is None or agrees(pick, self.attribute, self.threshold):
            return ()
        if pick.attribute == self.attribute:
            return ("threshold",) if pick.threshold in self.tied_cuts else ()
        tied = dict(self.tied)
        if self.tie_rule != "random" and pick.attribute in tied \
                and agrees(pick, pick.attribute, tied[pick.attribute]):
            return (self.tie_rule,)
        return ()


def rows_at(trace: dict, X: pd.DataFrame, node_id: int) -> tuple[np.ndarray, np.ndarray]:
    """(row indices, weights) of the training rows reaching the node, as the grower weighed
    them (a row with an unknown value goes down every branch with its share)."""
    for node, rows, weight in FittedTrace.from_dict(trace).reach(X.reset_index(drop=True)):
        if node == node_id:
            return rows, weight
    return np.array([], dtype=np.int64), np.array([])


def attributes_left(trace: dict, base: Options, node_id: int) -> list[str]:
    """The attributes still in A at the node: a multiway split on a nominal attribute (the
    student's algorithm's shape) uses it up below."""
    kinds = {a["name"]: a["kind"] for a in trace["attributes"]}
    used = {c["attribute"] for c in node_path(trace, trace["nodes"][node_id])
            if kinds.get(c["attribute"]) == "nominal"} if base.rules.uses_up_nominal else set()
    return [a["name"] for a in trace["attributes"] if a["name"] not in used]


def choice_at(algorithm: str, trace: dict, X: pd.DataFrame, y: pd.Series, base: Options,
              node_id: int) -> tuple[str | None, float | None, str | None]:
    """(attribute, threshold, stop) the algorithm's rule picks on the node's rows (stump)."""
    return _choice(stump(algorithm, trace, X, y, base, node_id).nodes[0].decision)


def _choice(decision) -> tuple[str | None, float | None, str | None]:
    if decision.kind != "split":
        return None, None, decision.stop
    return decision.attribute, decision.threshold, None


def stump(algorithm: str, trace: dict, X: pd.DataFrame, y: pd.Series, base: Options,
          node_id: int) -> Trace:
    """A stump (max_depth 1) grown with the algorithm on the node's rows, weighted, with the
    attributes left there: its root is what the algorithm's rule picks at the node."""
    rows, weight = rows_at(trace, X, node_id)
    columns = attributes_left(trace, base, node_id)
    options = base.but(algorithm=algorithm, force=(), max_depth=1, prune="none",
                       nominal=tuple(c for c in base.nominal if c in columns),
                       continuous=tuple(c for c in base.continuous if c in columns))
    X_node = X.reset_index(drop=True).iloc[rows][columns].reset_index(drop=True)
    y_node = pd.Series(y).reset_index(drop=True).iloc[rows].reset_index(drop=True)
    return DecisionTree.from_options(options).fit(X_node, y_node, weight).trace_


def tied_for(root: dict) -> tuple[tuple[str, float | None], ...]:
    """The attributes tied for the stump's pick, with their cut points (the pick first);
    empty where none tied. A random tie rule drew the pick from them (another draw, the whole
    tree's at this node, may take any); "first" or "last" took the pick by column order."""
    decision = root["decision"]
    if decision["kind"] != "split" or not decision.get("ties"):
        return ()
    thresholds = {r["attribute"]: r["threshold"] for r in root["scores"]}
    return tuple((a, thresholds.get(a)) for a in (decision["attribute"], *decision["ties"]))


def cut_ties(root: dict, algorithm: str) -> tuple[float, ...]:
    """The stump's chosen continuous attribute's other cut points as good as its t by the
    score the algorithm cuts by (the rule took the smallest); none at a leaf or a nominal
    split."""
    decision = root["decision"]
    row = next((r for r in root["scores"] if r["attribute"] == decision["attribute"]), None) \
        if decision["kind"] == "split" else None
    return tuple(other_tied_thresholds(row, algorithms.get(algorithm).threshold_by)) if row \
        else ()


def agrees(pick: StudentPick | None, attribute: str | None, threshold: float | None) -> bool:
    """The same attribute, and for a continuous one the same cut point: exactly, as both are
    midpoints of the node's own values (1000001.7 and 1000003.7 print alike to 6 digits)."""
    if pick is None or pick.attribute != attribute:
        return False
    return pick.threshold is None or threshold is not None and pick.threshold == threshold


def reveal(trace: dict, X: pd.DataFrame, y: pd.Series, base: Options, node_id: int,
           pick: StudentPick | None) -> list[AlgorithmChoice]:
    """What each scoring algorithm would choose at this node, and whether the pick agrees."""
    choices = []
    for key in revealed_algorithms():
        grown = stump(key, trace, X, y, base, node_id)
        root = grown.node_dict(grown.nodes[0])
        attribute, threshold, stop = _choice(grown.nodes[0].decision)
        tied = tied_for(root)
        rule = base.tie_break if tied else None
        agreed = agrees(pick, attribute, threshold) or rule == "random" and any(
            agrees(pick, a, t) for a, t in tied)
        choices.append(AlgorithmChoice(key, attribute, threshold, stop, agreed, tied, rule,
                                       root, cut_ties(root, key)))
    return choices


# --------------------------------------------------------------------- the final comparison


@dataclass(frozen=True)
class Outcome:
    """A tree's held-out accuracy (evaluate's) and its size."""

    evaluation: Evaluation
    leaves: int
    depth: int

    @property
    def accuracy(self) -> float:
        return self.evaluation.accuracy


def size(trace: dict) -> tuple[int, int]:
    """(leaves, depth) of a grown tree."""
    leaves = sum(1 for n in trace["nodes"] if n["decision"]["kind"] == "leaf"
                 and not n.get("pruned_away"))
    return leaves, tree_depth(trace)


def outcome(options: Options, X: pd.DataFrame, y: pd.Series, train, test) -> Outcome:
    """Grown on the train rows, judged on the test rows, by dtree_core.evaluate."""
    evaluation = evaluate(options, X, y, [(train, test)])
    model = DecisionTree.from_options(options).fit(X.iloc[train].reset_index(drop=True),
                                                   pd.Series(y).iloc[train].reset_index(
                                                       drop=True))
    return Outcome(evaluation, *size(model.trace_.to_dict(scores=False)))
