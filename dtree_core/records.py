"""What the growers record about each node, stored by column: one numpy array per fact.

A million-row tree has hundreds of thousands of nodes; as Python objects (a Node, a
Decision, a Condition, tuples of counts) they cost more memory than the data. The store
keeps numbers in arrays indexed by creation id, plus a Split record per splitting node and a
reference to the depth whose score table a node shares. `freeze` renumbers the nodes into
TreeGenerate's depth-first order; Node and Decision records are built when asked for. Both
growers (the level-wise one and the recursive reference) record through this module.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .counting import starts_of
from .criteria import entropy_and_gini
from .data import Encoded
from .options import Options
from .predicting import RoutingFacts
from .scoretable import LevelScores, NodeScores, cut_record
from .split import Condition, Split
from .trace import Decision, Node
from .wording import leaf_rule, split_rule

STOPS = ("empty", "pure", "no_attributes", "same_values", "max_depth", "min_samples",
         "min_branch_weight", "min_gain", "pruned", "epsilon")
# A stop case's code is 1 + its place in STOPS, 0 (SPLIT) none: the stop column holds codes, and
# so do the growers' stop arrays, small integers marked and tested at every depth (an object
# array of names cost several times as much, and a list to turn them into codes).
SPLIT = 0  # the stop code of a splitting node (or of one not stopped yet)
STOP_CODES = {name: code for code, name in enumerate(STOPS, 1)}


class _Column:
    """A growable numpy array (amortised doubling)."""

    def __init__(self, dtype, width: int | None = None, fill=0):
        self.shape_tail = () if width is None else (width,)
        self.data = np.full((64, *self.shape_tail), fill, dtype=dtype)
        self.fill = fill

    def ensure(self, size: int) -> None:
        if size > len(self.data):
            bigger = np.full((max(size, 2 * len(self.data)), *self.shape_tail), self.fill,
                             dtype=self.data.dtype)
            bigger[:len(self.data)] = self.data
            self.data = bigger


class NodeStore:
    """Node facts by creation id; see the module docstring."""

    def __init__(self, enc: Encoded, options: Options):
        self.enc, self.options = enc, options
        self.rules = options.rules  # the algorithm's record: every depth reads it, looked up once
        self.size = 0
        self.columns = {
            "parent": _Column(np.int64, fill=-1), "branch": _Column(np.int32),
            "depth": _Column(np.int32), "n": _Column(np.int64), "weight": _Column(np.float64),
            "entropy": _Column(np.float64), "gini": _Column(np.float64),
            "label": _Column(np.int32), "stop": _Column(np.int8, fill=SPLIT),
            "attribute": _Column(np.int32, fill=-1), "forced": _Column(np.bool_),
            "value": _Column(np.float64), "level_index": _Column(np.int32, fill=-1),
            "cut": _Column(np.float64), "cut_digits": _Column(np.int8),  # record_cuts
            "counts": _Column(np.float64, width=len(enc.classes)),
        }
        self.levels: list[LevelScores | None] = []  # the depth each node was scored with
        self.splits: dict[int, Split] = {}  # and the cuts of record_cuts, once asked for
        self.linear: dict[int, dict] = {}  # an oblique node's decision facts (oblique.LinearTest)
        self.forced_used: set[str] = set()
        self.force_skipped: list[str] = []

    def column(self, name: str) -> np.ndarray:
        return self.columns[name].data[:self.size]

    # ----------------------------------------------------------------- recording

    def add_children(self, parents: np.ndarray, branches: np.ndarray, depth: int) -> np.ndarray:
        """New nodes under parents (root: parent -1); their creation ids."""
        ids = np.arange(self.size, self.size + len(parents))
        self.size += len(parents)
        if self.size > len(self.columns["parent"].data):  # every column grows here, together
            for column in self.columns.values():
                column.ensure(self.size)
        for name, values in (("parent", parents), ("branch", branches), ("depth", depth)):
            self.columns[name].data[ids] = values
        self.levels.extend([None] * len(parents))
        return ids

    def record_facts(self, ids: np.ndarray, counts: np.ndarray, n: np.ndarray,
                     labels: np.ndarray, weight: np.ndarray) -> tuple:
        """|D|, the class weights, Ent(D), Gini(D) and the majority class of nodes (weight:
        counts.sum(axis=1), the caller's). Returns (Ent, Gini) of each node."""
        ent, gini = entropy_and_gini(counts)
        facts = {"n": n, "weight": weight, "entropy": ent, "gini": gini, "counts": counts,
                 "label": labels}
        for name, values in facts.items():
            self.columns[name].data[ids] = values
        return ent, gini

    def record_scored(self, ids: np.ndarray, level: LevelScores) -> None:
        """These nodes' score tables are rows 0..k-1 of this depth's arrays."""
        for node in ids.tolist():
            self.levels[node] = level
        # in the column's type: a store that casts costs four times one that does not
        self.columns["level_index"].data[ids] = np.arange(len(ids), dtype=np.int32)

    def record_leaves(self, ids: np.ndarray, stops: np.ndarray) -> None:
        """stops: the leaves' stop codes (STOP_CODES; SPLIT, 0, for a node among them that
        splits, as its split's record says)."""
        self.columns["stop"].data[ids] = stops

    def record_split(self, node: int, j: int, forced: bool, value: float, split: Split,
                     linear: dict | None = None) -> None:
        """j: the attribute split on (-1 for a linear test). `linear`: an oblique tree's
        decision fields at the node (oblique.LinearTest.decision_facts)."""
        self.record_splits(np.array([node]), np.array([j]), np.array([forced]),
                           np.array([value]), [split], {node: linear} if linear else None)

    def record_splits(self, nodes: np.ndarray, js: np.ndarray, forced: np.ndarray,
                      values: np.ndarray, splits: list[Split], linear: dict | None = None) -> None:
        """record_split of several nodes at once (a depth's, column by column); `linear`
        {node: decision fields} where oblique tests were tried."""
        self.linear.update(linear or {})
        for name, column in (("attribute", js), ("forced", forced), ("value", values),
                             ("stop", SPLIT)):
            self.columns[name].data[nodes] = column
        self.splits.update(zip(nodes.tolist(), splits, strict=True))

    def record_cuts(self, nodes: np.ndarray, js: np.ndarray, forced: np.ndarray,
                    values: np.ndarray, thresholds: np.ndarray,
                    digits: np.ndarray | None) -> None:
        """record_splits of nodes cut at thresholds (written with `digits` significant
        digits where given and not 0, see threshold_text): kept as numbers, and each one's
        Split record made when first asked for (split_of), not one Python object per cut
        while growing."""
        for name, column in (("attribute", js), ("forced", forced), ("value", values),
                             ("stop", SPLIT), ("cut", thresholds)):
            self.columns[name].data[nodes] = column
        self.columns["cut_digits"].data[nodes] = 0 if digits is None else digits

    def split_of(self, node: int) -> Split:
        """The node's test (a splitting node)."""
        split = self.splits.get(node)
        if split is None:  # a cut of record_cuts
            attribute = self.enc.attributes[int(self.columns["attribute"].data[node])]
            split = cut_record(attribute.name, float(self.columns["cut"].data[node]),
                               int(self.columns["cut_digits"].data[node]))
            self.splits[node] = split
        return split

    # ----------------------------------------------------------------- reading back
    # A node's facts are read off the columns' data (node < size), not through column(): a
    # view per fact per node cost more than the read (a trace's dict reads every node).

    def label_of(self, node: int) -> int:
        return int(self.columns["label"].data[node])

    def stop_of(self, node: int) -> str | None:
        code = int(self.columns["stop"].data[node])
        return None if code == SPLIT else STOPS[code - 1]

    def condition(self, node: int) -> Condition | None:
        parent = int(self.columns["parent"].data[node])
        if parent < 0:
            return None
        return self.split_of(parent).conditions()[int(self.columns["branch"].data[node])]

    def path(self, node: int) -> list[Condition]:
        """The branch conditions from the root down to a node."""
        path = []
        while int(self.columns["parent"].data[node]) >= 0:
            path.append(self.condition(node))
            node = int(self.columns["parent"].data[node])
        return path[::-1]

    def decision(self, node: int) -> Decision:
        label = self.enc.classes[self.label_of(node)]
        stop = self.stop_of(node)
        if stop is not None:
            return Decision("leaf", label, stop=stop, rule=leaf_rule(stop),
                            picked=self._picked(node, stop))
        return self._split_decision(node, label)

    def _picked(self, node: int, stop: str) -> str | None:
        """At a leaf its rule's pick's score stopped (growing.late_stops): that attribute."""
        rules, level = self.rules, self.levels[node]
        if stop != rules.gain_stop or level is None or rules.linear is not None:
            return None
        j = int(level.choice.winner[int(self.columns["level_index"].data[node])])
        return self.enc.attributes[j].name if j >= 0 else None

    def _split_decision(self, node: int, label: str) -> Decision:
        """The split, with the rule that picked it and its rivals (from the depth's choice)."""
        names = [a.name for a in self.enc.attributes]
        algorithm, split = self.rules, self.split_of(node)
        j = int(self.columns["attribute"].data[node])
        forced = bool(self.columns["forced"].data[node])
        choice, i = self.levels[node].choice, int(self.columns["level_index"].data[node])
        # a linear test (j < 0) ties with no one attribute: the rows tied for the best single
        # attribute are its axis_best's (oblique.with_axis_ties), not the decision's rivals
        # (.nonzero()[0]: np.flatnonzero's wrappers cost more than a row of a few attributes)
        ties = () if j < 0 else tuple(names[t] for t in choice.tied[i].nonzero()[0].tolist()
                                      if t != j)
        filtered = choice.mean_gain is not None
        passed = tuple(names[t] for t in choice.passed[i].nonzero()[0].tolist()) \
            if filtered else ()
        return Decision(
            "split", label, attribute=split.attribute,
            threshold=split.threshold if split.kind in ("threshold", "linear") else None,
            threshold_digits=split.threshold_digits,
            criterion=algorithm.criterion, value=float(self.columns["value"].data[node]),
            rule=split_rule(algorithm, split.attribute, ties, forced, self.options.tie_break),
            rule_code="forced" if forced else algorithm.rule_code, ties=ties, forced=forced,
            mean_gain=float(choice.mean_gain[i]) if filtered else None, passed=passed,
            forced_threshold=forced and self.levels[node].threshold_forced(i, j),
            **self.linear.get(node, {}))

    def scores(self, node: int) -> NodeScores | None:
        level = self.levels[node]
        if level is None:
            return None
        chosen = int(self.columns["attribute"].data[node]) if self.stop_of(node) is None else -1
        return NodeScores(level, int(self.columns["level_index"].data[node]), chosen,
                          self.split_of(node) if chosen >= 0 else None)

    # ----------------------------------------------------------------- freezing

    def freeze(self) -> FrozenNodes:
        """The nodes renumbered into TreeGenerate's depth-first order."""
        parent = self.column("parent")
        by_parent = np.lexsort((np.arange(self.size), parent))
        kids = by_parent[parent[by_parent] >= 0]
        offsets = np.searchsorted(parent[kids], np.arange(self.size + 1))
        new_id = _preorder(parent, self.column("depth"), kids)
        order = np.empty(self.size, dtype=np.int64)
        order[new_id] = np.arange(self.size)
        for column in self.columns.values():  # drop the spare capacity
            column.data = column.data[:self.size].copy()
        return FrozenNodes(self, order, new_id, kids, offsets)


def _preorder(parent: np.ndarray, depth: np.ndarray, kids: np.ndarray) -> np.ndarray:
    """Each node's place in a depth-first walk from the root (children in creation order),
    one depth at a time in numpy: a node comes 1 + the sizes of its earlier siblings' subtrees
    after its parent."""
    n = len(parent)
    by_depth = np.argsort(depth, kind="stable")
    bounds = np.searchsorted(depth[by_depth], np.arange(int(depth.max(initial=0)) + 2))
    levels = [by_depth[bounds[d]:bounds[d + 1]] for d in range(len(bounds) - 1)]
    size = np.ones(n, dtype=np.int64)
    for ids in reversed(levels[1:]):  # subtree sizes, deepest first
        size += np.bincount(parent[ids], size[ids], n).astype(np.int64)
    # kids are grouped by parent, in creation order: earlier siblings' sizes, summed
    running = starts_of(size[kids])
    group_start = np.flatnonzero(np.diff(parent[kids], prepend=-2))
    first = np.repeat(running[group_start], np.diff(np.append(group_start, len(kids))))
    step = np.zeros(n, dtype=np.int64)
    step[kids] = 1 + running - first
    place = np.zeros(n, dtype=np.int64)
    for ids in levels[1:]:
        place[ids] = place[parent[ids]] + step[ids]
    return place


class FrozenNodes(Sequence):
    """The trace's nodes: Node records built on demand from the store's columns."""

    def __init__(self, store: NodeStore, order, new_id, kids, offsets):
        self.store, self.order, self.new_id = store, order, new_id
        self.kids, self.offsets = kids, offsets

    def __len__(self) -> int:
        return len(self.order)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(k)
        store, node = self.store, int(self.order[k])
        columns = store.columns
        parent = int(columns["parent"].data[node])
        children = self.kids[self.offsets[node]:self.offsets[node + 1]]
        return Node(k, None if parent < 0 else int(self.new_id[parent]), store.condition(node),
                    int(columns["depth"].data[node]), int(columns["n"].data[node]),
                    float(columns["weight"].data[node]),
                    tuple(columns["counts"].data[node].tolist()),
                    float(columns["entropy"].data[node]), float(columns["gini"].data[node]),
                    store.decision(node), tuple(self.new_id[children].tolist()),
                    store.scores(node))

    def routing_facts(self, k: int) -> RoutingFacts:
        """What routing reads of node k, as its Node says it but without building one (its
        decision's rivals and ties). Predicting with a fresh tree reads every node it reaches
        and its children: the Compare page's robustness trees, 28k Node builds for a
        3,000-row file's."""
        store, node = self.store, int(self.order[k])
        parent = int(store.columns["parent"].data[node])
        children = self.kids[self.offsets[node]:self.offsets[node + 1]]
        return RoutingFacts(None if parent < 0 else int(self.new_id[parent]),
                            store.stop_of(node) is not None,
                            tuple(self.new_id[children].tolist()),
                            float(store.columns["weight"].data[node]),
                            store.columns["counts"].data[node], store.condition(node))

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and len(self) == len(other) and all(
            a == b for a, b in zip(self, other, strict=True))

    __hash__ = None
