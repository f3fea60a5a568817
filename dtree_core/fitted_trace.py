"""FittedTrace: predict with a trace alone (a JSON trace, or the app's cached trace dict).

Its own module, apart from dtree_core.evaluate's scikit-learn splits and metrics: the rules,
the command line and the app's pages predict with a trace without importing scikit-learn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from .data import Attribute, as_text, encode_like
from .oblique import written_form
from .predicting import (
    leaf_distributions,
    likeliest_index,
    likeliest_with_ties,
    most_likely,
    reach,
    routes_of,
    walk,
)
from .pruning import _Tree
from .split import Condition
from .trace import Trace


@dataclass(frozen=True)
class FittedTrace:
    """Predict with a trace alone (a JSON trace, or the app's cached trace dict)."""

    trace: Trace
    attributes: tuple[Attribute, ...]

    @classmethod
    def from_dict(cls, trace: dict) -> FittedTrace:
        attributes = tuple(Attribute(a["name"], a["kind"], tuple(a.get("values") or ()))
                           for a in trace["attributes"])
        return cls(Trace.from_dict(trace), attributes)

    @property
    def classes(self) -> tuple[str, ...]:
        return self.trace.classes

    def _columns(self, X: pd.DataFrame):
        return encode_like(X.reset_index(drop=True), self.attributes)

    def predict_proba(self, X: pd.DataFrame) -> np.ndarray:
        return leaf_distributions(self.trace, self.attributes, self._columns(X), len(X))

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        return most_likely(self.predict_proba(X), self.classes)

    def path_accuracies(self, X: pd.DataFrame, y, cut_nodes) -> list[float]:
        """The accuracy on (X, y) of the grown tree (this trace) and of each subtree after it
        as cut_nodes are made leaves in order (pruning.path_cuts: the weakest-link path),
        each as predict counts it, from one walk of the rows: a row reaches a node with the
        same weight in every subtree that keeps the node, so a cut changes only the class
        shares of the rows reaching it (its leaves' shares out, its own in)."""
        routes, n_rows = routes_of(self.trace), len(X)
        reached = {node: (rows, weight) for node, rows, weight
                   in reach(self.trace, self.attributes, self._columns(X), n_rows)}

        def shares(node: int) -> np.ndarray:  # the node's part of its rows' class shares
            return reached[node][1][:, None] * routes.distribution(node)

        is_leaf = np.array([not routes[i].children for i in range(len(self.trace.nodes))])
        proba = np.zeros((n_rows, len(self.classes)))
        for node in np.flatnonzero(is_leaf).tolist():
            if node in reached:
                proba[reached[node][0]] += shares(node)
        # the classes as the trace writes them (a float label 1.0 is its class '1')
        truth = pd.Index(list(self.classes), dtype=object).get_indexer(
            as_text(pd.Series(y).reset_index(drop=True)))
        correct = likeliest_index(proba) == truth
        accuracies = [float(correct.mean())]
        ends = _Tree(self.trace).end
        for node in cut_nodes:
            below = node + 1 + np.flatnonzero(is_leaf[node + 1:ends[node]])
            if node in reached:
                for leaf in below.tolist():
                    if leaf in reached:
                        proba[reached[leaf][0]] -= shares(leaf)
                rows = reached[node][0]
                proba[rows] += shares(node)
                correct[rows] = likeliest_index(proba[rows]) == truth[rows]
            is_leaf[node + 1:ends[node]] = False
            is_leaf[node] = True
            accuracies.append(float(correct.mean()))
        return accuracies

    def predict_with_ties(self, X: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
        """(predict(X), which of its predictions broke a tie), as DecisionTree's."""
        return likeliest_with_ties(self.predict_proba(X), self.classes)

    def reach(self, X: pd.DataFrame) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """(node id, rows, weights) for every node the rows of X reach, root first."""
        return list(reach(self.trace, self.attributes, self._columns(X), len(X)))

    def unknown_at(self, X: pd.DataFrame) -> dict[int, np.ndarray]:
        """For each split node the rows of X reach with its test's value unknown (they go
        down every branch): node id -> those rows, as the node's split record routes them."""
        return {node: rows[branch < 0]
                for node, rows, _, branch in walk(self.trace, self.attributes,
                                                  self._columns(X), len(X))
                if branch is not None and (branch < 0).any()}

    def linear_rows(self, training: pd.DataFrame) -> dict[int, dict[str, np.ndarray]]:
        """Linear node id -> its attributes' values at the training rows reaching it (an
        unknown value's rows reach every branch): what written_path writes a test against.
        Encoded and routed once per tree, however many samples are written after."""
        columns = self._columns(training)
        named = dict(zip((a.name for a in self.attributes), columns, strict=True))
        routes = routes_of(self.trace)
        return {node: {a: named[a][rows] for a, _ in routes[node].split.weights}
                for node, rows, _ in reach(self.trace, self.attributes, columns, len(training))
                if routes[node].split is not None and routes[node].split.kind == "linear"}

    def written_path(self, sample: pd.DataFrame,
                     at_node: dict[int, dict[str, np.ndarray]] | None) -> dict[int, Condition]:
        """Child id -> the branch condition a sample's path (the one row of `sample`) reads
        there, for each linear test on it whose text, worked by hand, would send the sample
        the other way from the tree: its weights' decimals were chosen for the node's
        training rows only (0.606·密度 - 0.796·含糖率<=0.20718 gives 0.207188 at 密度 0.556,
        含糖率 0.163, the tree's own weights 0.207076). Written again by oblique.written_form
        with the sample among the node's training rows (`at_node`: linear_rows of the rows
        the tree grew on), so the text still sends each of those where the tree does.
        Without them ({}), nothing is written again: a text checked on the sample alone
        could misplace them."""
        if at_node is None:
            return {}
        columns = self._columns(sample)
        here = dict(zip((a.name for a in self.attributes), columns, strict=True))
        routes = routes_of(self.trace)
        rewritten = {}
        for node_id, _, _, branch in walk(self.trace, self.attributes, columns, 1):
            split = routes[node_id].split
            if branch is None or split.kind != "linear" or branch[0] < 0:
                continue
            taught = at_node.get(node_id, {})
            together = {a: np.concatenate([taught.get(a, here[a][:0]), here[a][:1]])
                        for a, _ in split.weights}
            form = written_form(split.weights, float(split.threshold), together)
            if form is not None and form != (split.attribute, split.threshold_digits):
                again = replace(split, attribute=form[0], threshold_digits=form[1])
                rewritten[routes[node_id].children[branch[0]]] = again.conditions()[branch[0]]
        return rewritten
