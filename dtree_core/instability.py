"""Why one tree is unstable: many trees on perturbed rows, and their majority vote.

Zhou ch. 8 motivates bagging by the instability of a decision tree: a small change in the
training rows can change the root and the whole tree. `perturbed_trees` grows N trees with
the same options, each on a bootstrap sample of the training rows (自助采样, Zhou §8.3.1) or
on them with k rows' labels flipped, counts their root attributes and distinct trees, and
compares the trees' majority vote (Bagging) with one tree grown on all the training rows, on
the same held-out rows (a seeded stratified split). Everything is seeded: the same inputs give
the same trees.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from .budget import Budget, BudgetError
from .data import DataError
from .evaluate import stratified_split
from .model import DecisionTree
from .options import Options
from .pruning import VALIDATED

MODES = ("bootstrap", "flip")
DEFAULT_TREES = 25
MAX_TREES = 200
DEFAULT_TEST_SIZE = 0.3
# on_tree(done, total): told after each tree is grown; an exception it raises (a Streamlit
# rerun) ends the work there.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Grown:
    """One tree's root attribute (None: a single leaf), structure and held-out predictions."""

    root: str | None
    shape: str
    predictions: np.ndarray  # (n_test,) class labels as text


@dataclass(frozen=True)
class Ensemble:
    mode: str
    seed: int
    flips: int
    n_train: int
    unpruned: bool  # the options' pruning needs validation rows: these trees are unpruned
    single: Grown  # the one tree on all the training rows
    trees: tuple[Grown, ...]
    truth: np.ndarray  # (n_test,) held-out labels as text
    classes: tuple[str, ...]  # in order of first appearance: a vote tie goes to the first

    @property
    def n_trees(self) -> int:
        return len(self.trees)

    def root_counts(self) -> list[tuple[str | None, int]]:
        """(root attribute, trees with it), most frequent first (ties: first seen)."""
        return Counter(t.root for t in self.trees).most_common()

    def distinct_trees(self) -> int:
        return len({t.shape for t in self.trees})

    def same_as_single(self) -> int:
        """Trees identical in structure to the one tree grown on all the training rows."""
        return sum(t.shape == self.single.shape for t in self.trees)

    def votes(self) -> np.ndarray:
        """The majority class per held-out row (a tie: the class first in the data)."""
        predictions = np.stack([t.predictions for t in self.trees])
        counts = np.stack([(predictions == c).sum(axis=0) for c in self.classes])
        return np.asarray(self.classes, dtype=object)[counts.argmax(axis=0)]

    def vote_accuracy(self) -> float:
        return float(np.mean(self.votes() == self.truth))

    def single_accuracy(self) -> float:
        return float(np.mean(self.single.predictions == self.truth))

    def tree_accuracies(self) -> np.ndarray:
        return np.array([np.mean(t.predictions == self.truth) for t in self.trees])


def max_trees(n_train: int, budget: Budget | None) -> int:
    """How many trees the budget allows: MAX_TREES, and no more rows grown in all than the
    budget lets one file have."""
    if budget is None or budget.rows is None:
        return MAX_TREES
    return max(1, min(MAX_TREES, budget.rows // max(n_train, 1)))


def perturbed_trees(options: Options, X: pd.DataFrame, y: pd.Series, n_trees: int = DEFAULT_TREES,
                    mode: str = "bootstrap", flips: int = 1, seed: int = 0,
                    test_size: float = DEFAULT_TEST_SIZE, budget: Budget | None = None,
                    on_tree: Progress | None = None) -> Ensemble:
    """Grow n_trees perturbed trees and the single tree; see the module docstring."""
    X, y = X.reset_index(drop=True), y.reset_index(drop=True)
    train, test = stratified_split(y, test_size, seed)
    _check(mode, n_trees, flips, len(train), budget)
    unpruned = options.prune in VALIDATED
    options = options.but(force_missing="skip", **({"prune": "none"} if unpruned else {}))
    X_train, y_train = X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)
    X_test = X.iloc[test].reset_index(drop=True)
    classes = tuple(dict.fromkeys(y.astype(str)))
    rng = np.random.default_rng(seed)
    started = time.perf_counter()
    single = _grow(options, X_train, y_train, X_test, budget)
    trees = []
    for done in range(1, n_trees + 1):
        rows, labels = _perturbed(mode, flips, y_train, classes, rng)
        trees.append(_grow(options, X_train.iloc[rows].reset_index(drop=True), labels,
                           X_test, budget))
        if budget is not None:  # the whole ensemble is one request: one tree's time limit
            budget.check("seconds", time.perf_counter() - started)
        if on_tree is not None:
            on_tree(done, n_trees)
    return Ensemble(mode, seed, flips if mode == "flip" else 0, len(train), unpruned, single,
                    tuple(trees), y.iloc[test].astype(str).to_numpy(dtype=object), classes)


def _check(mode: str, n_trees: int, flips: int, n_train: int, budget: Budget | None) -> None:
    if mode not in MODES:
        raise DataError(f"Unknown perturbation '{mode}'; use one of {', '.join(MODES)}.")
    allowed = max_trees(n_train, budget)
    if not 1 <= n_trees <= allowed:
        raise BudgetError(f"{n_trees} trees were asked for; this server grows 1 to {allowed} "
                          f"trees of {n_train} rows.", "rows", figure=n_trees * n_train,
                          allowed=allowed * n_train)
    if mode == "flip" and not 1 <= flips <= n_train:
        raise DataError(f"The rows to flip must be between 1 and the {n_train} training rows, "
                        f"got {flips}.")


def _perturbed(mode: str, flips: int, y: pd.Series, classes: tuple[str, ...],
               rng: np.random.Generator) -> tuple[np.ndarray, pd.Series]:
    """(rows of the training set, their labels): a bootstrap sample, or every row with
    `flips` labels changed to another class drawn at random."""
    n = len(y)
    if mode == "bootstrap":
        rows = rng.integers(0, n, n)
        return rows, y.iloc[rows].reset_index(drop=True)
    rows = np.arange(n)
    labels = y.astype(str).to_numpy(dtype=object).copy()
    chosen = rng.choice(n, size=flips, replace=False)
    shifts = rng.integers(1, len(classes), size=flips)  # never the row's own class
    index = np.array([classes.index(v) for v in labels[chosen]])
    labels[chosen] = np.asarray(classes, dtype=object)[(index + shifts) % len(classes)]
    return rows, pd.Series(labels, name=y.name)


def _grow(options: Options, X: pd.DataFrame, y: pd.Series, X_test: pd.DataFrame,
          budget: Budget | None) -> Grown:
    labels = y.astype(str)
    if labels.nunique() < 2:  # a sample of one class: the tree is that class's leaf
        only = labels.iloc[0]
        return Grown(None, _leaf_key(only), np.full(len(X_test), only, dtype=object))
    model = DecisionTree.from_options(options).fit(X, labels, budget=budget)
    predictions = np.asarray(model.predict(X_test), dtype=object).astype(str).astype(object)
    trace = model.trace_
    root = trace.nodes[0].decision
    return Grown(root.attribute if root.kind == "split" else None, shape_key(trace), predictions)


def shape_key(trace) -> str:
    """The tree's structure as text (tests, branches and leaf labels, no counts): two trees
    with the same key make the same decisions. Each node's branches are sorted by their
    condition, as the trace lists them in the order their values first appear in the rows:
    the same tree grown from the rows in another order has the same key."""
    keys: dict[int, str] = {}
    for node in reversed(trace.nodes):  # ids are depth-first: children before their parent
        keys[node.id] = _node_key(node, trace.nodes, keys)
    return keys[0]


def _node_key(node, nodes, keys: dict[int, str]) -> str:
    """A node's key from its children's (a loop, not recursion: a tree may be deeper than
    Python's recursion limit)."""
    if node.decision.kind != "split":  # a leaf, or a node pruned to one (its children stay)
        return _leaf_key(node.decision.label)
    # each child's key is read once, by its parent: popped, so memory holds a frontier of
    # keys and not every subtree's (a 6,000-deep chain's would take 578 MB)
    branches = sorted(f"{json.dumps(_condition_text(nodes[c].branch), ensure_ascii=False)}:"
                      f"{keys.pop(c)}" for c in node.children)
    return f"{json.dumps(node.decision.attribute, ensure_ascii=False)}{{{','.join(branches)}}}"


def _leaf_key(label: str) -> str:
    """A leaf's key, one for a grown leaf and for a sample of one class, which is not grown:
    the same leaf counts as one tree however it arose."""
    return json.dumps(label, ensure_ascii=False)


def _condition_text(condition) -> str:
    """The branch's condition, a subset's values sorted: {青绿,乌黑} and {乌黑,青绿} are one
    branch, listed in the order the values were met."""
    if condition.op == "in":
        condition = replace(condition, value=tuple(sorted(condition.value, key=str)))
    return condition.text()
