"""Route rows down a trace's tree; unknown values follow every branch, weighted (Zhou §4.4.2)."""

from __future__ import annotations

import numpy as np

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


def _branch_of(node: Node, trace: Trace, attribute, values: np.ndarray) -> np.ndarray:
    """Which child each value goes to; -1 for an unknown value."""
    first = trace.nodes[node.children[0]].branch
    if first.op in ("<=", ">"):
        with np.errstate(invalid="ignore"):
            return np.where(np.isnan(values), -1, np.where(values <= first.value, 0, 1))
    if first.op == "in":
        left = np.isin(np.array(attribute.values, dtype=object), list(first.value))
        return np.where(values < 0, -1, np.where(left[np.maximum(values, 0)], 0, 1))
    return values.astype(np.int64)


def reach(trace: Trace, attributes, columns, n_rows: int):
    """Yield (node id, row indices, weights) for every node rows reach, root first.

    The weight is 1 along a row's own path; where its value is unknown it is split across the
    branches by their share of the node's weight, so a row's weights over the leaves sum to 1.
    """
    index = {a.name: j for j, a in enumerate(attributes)}
    stack = [(0, np.arange(n_rows), np.ones(n_rows))]
    while stack:
        node_id, rows, weight = stack.pop()
        yield node_id, rows, weight
        node = trace.nodes[node_id]
        if node.is_leaf or not node.children:
            continue
        attribute = attributes[index[node.decision.attribute]]
        branch = _branch_of(node, trace, attribute, columns[index[attribute.name]][rows])
        shares = _child_shares(trace, node)
        for b, child in reversed(list(enumerate(node.children))):
            take = (branch == b) | (branch < 0)
            if take.any():
                stack.append((child, rows[take],
                              weight[take] * np.where(branch[take] < 0, shares[b], 1.0)))


def most_likely(proba: np.ndarray, classes) -> np.ndarray:
    """The class with the highest probability; ties go to the class first in the data."""
    best = proba.max(axis=1, keepdims=True)
    return np.asarray(classes, dtype=object)[np.argmax(proba >= best * (1 - 1e-12), axis=1)]
