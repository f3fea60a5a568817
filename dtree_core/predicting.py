"""Route rows down a trace's tree; unknown values follow every branch, weighted (Zhou §4.4.2)."""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import NamedTuple

import numpy as np

from .split import Split, follow
from .trace import Node, Trace


def leaf_distributions(trace: Trace, attributes, columns, n_rows: int) -> np.ndarray:
    """(n_rows, n_classes) class probabilities from the leaves each row reaches."""
    out, routes = np.zeros((n_rows, len(trace.classes))), routes_of(trace)
    for node_id, rows, weight in reach(trace, attributes, columns, n_rows):
        if not routes[node_id].children:
            out[rows] += weight[:, None] * routes.distribution(node_id)
    return out


class Route(NamedTuple):
    """What routing reads of one node: its parent, its test (None where rows stop: a leaf),
    its children in branch order, each branch's share of its weight (where a row with an
    unknown value goes), and its class counts."""

    parent: int | None
    split: Split | None
    children: tuple[int, ...]
    shares: np.ndarray | None
    counts: np.ndarray


class Routes:
    """A trace's routes, each node's read once: a trace fresh from a fit builds a whole Node
    (its decision, rivals and scores) each time one is read, and routing reads a node and
    its children again for every batch of rows (the Compare page predicted with 22k-node
    trees 15 times: 890k Node builds)."""

    def __init__(self, nodes):
        self.nodes, self.memo = nodes, {}
        # a fresh fit's nodes say these without building a Node (records.FrozenNodes)
        self.facts = getattr(nodes, "routing_facts", None) or (lambda k: node_facts(nodes[k]))

    def __getitem__(self, node_id: int) -> Route:
        route = self.memo.get(node_id)
        if route is None:
            route = self.memo[node_id] = self._read(node_id)
        return route

    def _read(self, node_id: int) -> Route:
        node = self.facts(node_id)
        counts = np.asarray(node.class_counts, dtype=float)
        if node.is_leaf or not node.children:
            return Route(node.parent, None, (), None, counts)
        children = [self.facts(c) for c in node.children]
        shares = np.array([child.weight for child in children], dtype=float)
        total = shares.sum()
        shares = shares / total if total > 0 else np.full(len(shares), 1 / len(shares))
        return Route(node.parent, Split.of_conditions([child.branch for child in children]),
                     node.children, shares, counts)

    def distribution(self, node_id: int) -> np.ndarray:
        """The node's class shares as a leaf; an empty one predicts as its nearest non-empty
        ancestor."""
        route = self[node_id]
        while route.counts.sum() <= 0 and route.parent is not None:
            route = self[route.parent]
        counts = route.counts
        return counts / counts.sum() if counts.sum() > 0 else np.full(len(counts),
                                                                      1 / len(counts))


class RoutingFacts(NamedTuple):
    """What routing reads of a node: records.FrozenNodes.routing_facts says it of a fresh
    fit's node without building its Node, node_facts of any Node record."""

    parent: int | None
    is_leaf: bool
    children: tuple[int, ...]
    weight: float
    class_counts: object  # the class weights, in the trace's class order
    branch: object  # the Condition on the edge from the parent (None at the root)


def node_facts(node: Node) -> RoutingFacts:
    """RoutingFacts of a Node record."""
    return RoutingFacts(node.parent, node.is_leaf, node.children, node.weight,
                        node.class_counts, node.branch)


_ROUTES: dict[int, Routes] = {}  # by id(trace): a Trace is frozen but not hashable


def routes_of(trace: Trace) -> Routes:
    """The trace's Routes, kept while the trace lives (a trace never changes)."""
    routes = _ROUTES.get(id(trace))
    if routes is None:
        routes = _ROUTES[id(trace)] = Routes(trace.nodes)
        weakref.finalize(trace, _ROUTES.pop, id(trace), None)
    return routes


def reach(trace: Trace, attributes, columns, n_rows: int):
    """Yield (node id, row indices, weights) for every node rows reach, root first.

    The weight is 1 along a row's own path; where its value is unknown it is split across the
    branches by their share of the node's weight, so a row's weights over the leaves sum to 1.
    """
    for node_id, rows, weight, _ in walk(trace, attributes, columns, n_rows):
        yield node_id, rows, weight


def walk(trace: Trace, attributes, columns, n_rows: int):
    """`reach` with each node's routing: (node id, row indices, weights, branch), where branch
    is the branch the node's split record sends each of those rows down (-1: the test's value
    is unknown, so the row goes down every branch; a linear test's is unknown when any of its
    attributes is), and None at a leaf."""
    by_name = {a.name: a for a in attributes}
    named = dict(zip(by_name, columns, strict=True))
    routes = routes_of(trace)
    stack = [(0, np.arange(n_rows), np.ones(n_rows))]
    while stack:
        node_id, rows, weight = stack.pop()
        route = routes[node_id]
        branch = _branch(route, named, by_name, rows)
        yield node_id, rows, weight, branch
        stack.extend(reversed(_children(route, branch, rows, weight)))


def _branch(route: Route, named: dict, by_name: dict, rows: np.ndarray) -> np.ndarray | None:
    """The branch of each of the node's rows (-1: unknown value), by its split; None at a leaf."""
    return route.split.route(ColumnsAt(named, rows), by_name) if route.children else None


def _children(route: Route, branch: np.ndarray | None, rows: np.ndarray,
              weight: np.ndarray) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """(child id, rows, weights) of each child the node's rows reach, in branch order."""
    if branch is None:
        return []
    return [(route.children[b], rows[take], weight[take] * factor)
            for b, take, factor in follow(branch, route.shares) if take.any()]


def distributions_by_depth(trace: Trace, attributes, columns, n_rows: int,
                           last_depth: int) -> Iterator[np.ndarray]:
    """leaf_distributions of the tree cut at depth 0, 1, …, last_depth: a node at the cut
    depth predicts as a leaf with its own counts, as the tree grown with that max_depth
    does (TreeGenerate decides nothing above the cut by it). The rows go down once, a
    depth at a time: memory holds one depth's rows, not one array per depth."""
    by_name = {a.name: a for a in attributes}
    named = dict(zip(by_name, columns, strict=True))
    routes = routes_of(trace)
    leaves = np.zeros((n_rows, len(trace.classes)))  # the leaves above the cut
    level = [(0, np.arange(n_rows), np.ones(n_rows))]
    for _ in range(last_depth + 1):
        cut = leaves.copy()
        following = []
        for node_id, rows, weight in level:  # a row reaches a node once: rows are distinct
            route = routes[node_id]
            share = weight[:, None] * routes.distribution(node_id)
            cut[rows] += share
            if not route.children:
                leaves[rows] += share
            following += _children(route, _branch(route, named, by_name, rows), rows,
                                   weight)
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
    return label_array(classes)[likeliest_index(proba)]


def likeliest_index(proba: np.ndarray) -> np.ndarray:
    """most_likely's class of each row, as its index in the classes."""
    return np.argmax(_at_best(proba), axis=1)


def tied_best(proba_row: np.ndarray, classes) -> list:
    """The classes sharing one sample's highest probability, in the data's order (most_likely
    takes the first): more than one is a tie the page says."""
    return [c for c, best in zip(classes, _at_best(proba_row[None, :])[0], strict=True) if best]


def likeliest_with_ties(proba: np.ndarray, classes) -> tuple[np.ndarray, np.ndarray]:
    """(most_likely, tied_rows): each row's class, and which rows broke a tie to get it."""
    return most_likely(proba, classes), tied_rows(proba)


def tied_rows(proba: np.ndarray) -> np.ndarray:
    """Which rows' highest probability several classes share: most_likely gives each the
    first of them, a tie a page says (tied_best's test, a row at a time)."""
    return _at_best(proba).sum(axis=1) > 1


def _at_best(proba: np.ndarray) -> np.ndarray:
    """Each row's classes at its highest probability (within rounding of the sums)."""
    best = proba.max(axis=1, keepdims=True)
    return proba >= best * (1 - 1e-12)


def label_array(classes) -> np.ndarray:
    """Numbers stay a numeric array and booleans a bool array, as scikit-learn's own
    classifiers have them (its metrics read an object array of ints or bools as 'unknown':
    roc_auc refused True/False labels); anything else is an object array of the labels."""
    values = list(classes)
    if values and all(isinstance(v, bool | np.bool_) for v in values):
        return np.array(values, dtype=bool)
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
    expanded = set(expanded)

    def grown(node: Node) -> Node:
        if node.id not in expanded or not node.children:
            return replace(node, children=())
        was = node.decision.was
        return replace(node, decision=was) if was is not None else node

    return replace(trace, nodes=tuple(grown(node) for node in trace.nodes))
