"""Route rows down a trace's tree; unknown values follow every branch, weighted (Zhou §4.4.2)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np

from .split import Split, follow
from .trace import Node, Trace


def leaf_distributions(trace: Trace, attributes, columns, n_rows: int) -> np.ndarray:
    """(n_rows, n_classes) class probabilities from the leaves each row reaches."""
    out = np.zeros((n_rows, len(trace.classes)))
    for node_id, rows, weight in reach(trace, attributes, columns, n_rows):
        node = trace.nodes[node_id]
        if node.is_leaf or not node.children:
            out[rows] += weight[:, None] * _distribution(trace, node)
    return out


def _child_shares(trace: Trace, node: Node) -> np.ndarray:
    """Each branch's share of the node's weight: where a row with an unknown value goes."""
    shares = np.array([trace.nodes[c].weight for c in node.children], dtype=float)
    total = shares.sum()
    return shares / total if total > 0 else np.full(len(shares), 1 / len(shares))


def _distribution(trace: Trace, node: Node) -> np.ndarray:
    """The leaf's class shares; an empty leaf predicts as its nearest non-empty ancestor."""
    counts = np.asarray(node.class_counts, dtype=float)
    while counts.sum() <= 0 and node.parent is not None:
        node = trace.nodes[node.parent]
        counts = np.asarray(node.class_counts, dtype=float)
    return counts / counts.sum() if counts.sum() > 0 else np.full(len(counts), 1 / len(counts))


def split_of(trace: Trace, node: Node) -> Split:
    """The node's test, rebuilt from its children's branch conditions."""
    return Split.of_conditions([trace.nodes[c].branch for c in node.children])


def reach(trace: Trace, attributes, columns, n_rows: int):
    """Yield (node id, row indices, weights) for every node rows reach, root first.

    The weight is 1 along a row's own path; where its value is unknown it is split across the
    branches by their share of the node's weight, so a row's weights over the leaves sum to 1.
    """
    by_name = {a.name: a for a in attributes}
    named = dict(zip(by_name, columns, strict=True))
    stack = [(0, np.arange(n_rows), np.ones(n_rows))]
    while stack:
        node_id, rows, weight = stack.pop()
        yield node_id, rows, weight
        stack.extend(reversed(_children_reached(trace, trace.nodes[node_id], named, by_name,
                                                rows, weight)))


def _children_reached(trace: Trace, node: Node, named: dict, by_name: dict, rows: np.ndarray,
                      weight: np.ndarray) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """(child id, rows, weights) of each child the node's rows reach, in branch order."""
    if node.is_leaf or not node.children:
        return []
    branch = split_of(trace, node).route(ColumnsAt(named, rows), by_name)
    return [(node.children[b], rows[take], weight[take] * factor)
            for b, take, factor in follow(branch, _child_shares(trace, node)) if take.any()]


def distributions_by_depth(trace: Trace, attributes, columns, n_rows: int,
                           last_depth: int) -> Iterator[np.ndarray]:
    """leaf_distributions of the tree cut at depth 0, 1, …, last_depth: a node at the cut
    depth predicts as a leaf with its own counts, as the tree grown with that max_depth
    does (TreeGenerate decides nothing above the cut by it). The rows go down once, a
    depth at a time: memory holds one depth's rows, not one array per depth."""
    by_name = {a.name: a for a in attributes}
    named = dict(zip(by_name, columns, strict=True))
    leaves = np.zeros((n_rows, len(trace.classes)))  # the leaves above the cut
    level = [(0, np.arange(n_rows), np.ones(n_rows))]
    for _ in range(last_depth + 1):
        cut = leaves.copy()
        following = []
        for node_id, rows, weight in level:  # a row reaches a node once: rows are distinct
            node = trace.nodes[node_id]
            share = weight[:, None] * _distribution(trace, node)
            cut[rows] += share
            if node.is_leaf or not node.children:
                leaves[rows] += share
            following += _children_reached(trace, node, named, by_name, rows, weight)
        yield cut
        level = following


class ColumnsAt(Mapping):
    """The columns at some rows, indexed only for the attributes a test reads (routing a
    node's rows by its split record; pruning's subtree raising re-routes rows with it too)."""

    def __init__(self, columns: dict, rows: np.ndarray):
        self.columns, self.rows = columns, rows

    def __getitem__(self, name: str) -> np.ndarray:
        return self.columns[name][self.rows]

    def __iter__(self):
        return iter(self.columns)

    def __len__(self) -> int:
        return len(self.columns)


def most_likely(proba: np.ndarray, classes) -> np.ndarray:
    """The class with the highest probability; ties go to the class first in the data."""
    best = proba.max(axis=1, keepdims=True)
    return label_array(classes)[np.argmax(proba >= best * (1 - 1e-12), axis=1)]


def label_array(classes) -> np.ndarray:
    """Numbers stay a numeric array (scikit-learn's metrics read an object array of ints as
    'unknown'); anything else is an object array of the labels."""
    values = list(classes)
    if values and all(isinstance(v, int | float | np.number) and not isinstance(v, bool)
                      for v in values):
        return np.array(values)
    return np.array(values, dtype=object)


def as_grown(trace: Trace, expanded) -> Trace:
    """The tree as it stood during growth once the nodes in `expanded` were decided (a replay
    step k: the order's first k+1 ids).

    Every other node is a leaf predicting the majority of its class counts (the pending
    children of step k; nothing below them is reached); an expanded node that post-pruning
    later cut back splits as it grew, so the replay's regions match its drawing (dot.py).
    Routing is the trace's own (`reach`), through each node's split record.
    """
    from dataclasses import replace  # local only because this was appended; may move up

    expanded = set(expanded)

    def grown(node: Node) -> Node:
        if node.id not in expanded or not node.children:
            return replace(node, children=())
        was = node.decision.was
        return replace(node, decision=was) if was is not None else node

    return replace(trace, nodes=tuple(grown(node) for node in trace.nodes))
