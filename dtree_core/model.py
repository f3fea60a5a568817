"""DecisionTree: a scikit-learn estimator that keeps the trace of every decision.

`clone`, `cross_val_score`, `GridSearchCV` and `Pipeline` work on it as on any classifier.
Its parameters are the fields of dtree_core.options.Options (a test holds the two
together); `fit` builds that one options object and everything downstream reads it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils import Bunch
from sklearn.utils.validation import check_is_fitted

from .data import as_text, encode_like
from .fitting import as_frame, fit_tree
from .options import Options
from .predicting import (
    distributions_by_depth,
    label_array,
    leaf_distributions,
    likeliest_with_ties,
    most_likely,
)
from .pruning import pruning_path
from .trace import Trace


class DecisionTree(ClassifierMixin, BaseEstimator):
    """Grow a tree with ID3, C4.5, CART, CLS (or any registered algorithm) and keep its trace.

    >>> model = DecisionTree(algorithm="c45").fit(X, y)
    >>> model.trace_.to_json()
    """

    def __init__(self, algorithm="id3", *, max_depth=None, min_samples_split=2, min_gain=0.0,
                 seed=0, tie_break="first", force=None, min_branch_weight=None,
                 force_missing="error", nominal=(), continuous=(), curve_points=256,
                 prune="none", ccp_alpha=0.0, cf=0.25, prune_on_tie=False,
                 subtree_raising=False, pep_margin=0.0):
        self.algorithm = algorithm
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_gain = min_gain
        self.seed = seed
        self.tie_break = tie_break
        self.force = force
        self.min_branch_weight = min_branch_weight
        self.force_missing = force_missing
        self.nominal = nominal
        self.continuous = continuous
        self.curve_points = curve_points
        self.prune = prune
        self.ccp_alpha = ccp_alpha
        self.cf = cf
        self.prune_on_tie = prune_on_tie
        self.subtree_raising = subtree_raising
        self.pep_margin = pep_margin

    @classmethod
    def from_options(cls, options: Options) -> DecisionTree:
        return cls(**options.as_kwargs())

    def options(self) -> Options:
        """The parameters as the one checked options object (a DataError names a bad one)."""
        return Options.build(**self.get_params())

    def fit(self, X, y, sample_weight=None, validation=None, budget=None) -> DecisionTree:
        """Grow (and prune, as `prune` says) a tree; validation=(X_val, y_val) are the rows
        pre-pruning and reduced-error pruning judge by (Zhou §4.3). A budget
        (dtree_core.budget) bounds the nodes, depth and seconds of growth (the app's).
        sample_weight: a finite weight ≥ 0 per row, counted as that many rows; a row of
        weight 0 reaches no node (not even the root's n), and at least one must weigh more."""
        fitted = fit_tree(self.options(), X, y, sample_weight, validation, budget)
        self.options_ = fitted.options
        self.attributes_ = fitted.attributes
        self.feature_names_in_ = np.array(fitted.columns, dtype=object)
        self.n_features_in_ = len(fitted.columns)
        # The trace names classes as text, in the order the data first shows them (the
        # book's); the caller's own labels (0/1 stay numbers) in that order are
        # classes_in_trace_order_, and classes_ has them sorted, as scikit-learn's scorers
        # (roc_auc reads predict_proba's columns by it) and np.unique have them.
        labels = fitted.labels
        first = labels.groupby(as_text(labels), sort=False).first()
        self.classes_in_trace_order_ = label_array([first[c] for c in fitted.trace.classes])
        self._proba_columns = _sorting(self.classes_in_trace_order_)
        self.classes_ = self.classes_in_trace_order_[self._proba_columns]
        self.trace_: Trace = fitted.trace
        return self

    def __setstate__(self, state: dict) -> None:
        """A model pickled before classes_ was sorted kept its classes in the trace's order
        as classes_ and had no classes_in_trace_order_: it predicts as it did, and classes_
        is sorted as a model fitted now has it."""
        if "trace_" in state and "classes_in_trace_order_" not in state:
            in_trace_order = state["classes_"]
            columns = _sorting(in_trace_order)
            state = {**state, "classes_in_trace_order_": in_trace_order,
                     "_proba_columns": columns, "classes_": in_trace_order[columns]}
        super().__setstate__(state)

    def cost_complexity_pruning_path(self, X, y, sample_weight=None) -> Bunch:
        """CART's weakest-link pruning sequence, as scikit-learn's: `ccp_alphas` (increasing
        effective alphas) and `impurities` (Σ N_t/N · Gini(t) over the leaves of each subtree)."""
        unpruned = clone(self).set_params(prune="none").fit(X, y, sample_weight)
        alphas, impurities = pruning_path(unpruned.trace_)
        return Bunch(ccp_alphas=alphas, impurities=impurities)

    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, a column per class of classes_ (sorted); a row with an
        unknown value mixes the branches it could take."""
        return self._distributions(X)[:, self._proba_columns]

    def predict(self, X) -> np.ndarray:
        """The most likely class; a tie goes to the class the data shows first, as the
        tree's own leaf labels do (so not by classes_'s sorted order)."""
        return most_likely(self._distributions(X), self.classes_in_trace_order_)

    def predict_with_ties(self, X) -> tuple[np.ndarray, np.ndarray]:
        """(predict(X), which of its predictions broke a tie): the rows whose highest
        probability several classes share, each given the one the data shows first."""
        return likeliest_with_ties(self._distributions(X), self.classes_in_trace_order_)

    def _distributions(self, X) -> np.ndarray:
        """Class probabilities in the trace's class order."""
        check_is_fitted(self, "trace_")
        X = as_frame(X, self.feature_names_in_)
        columns = encode_like(X, self.attributes_)
        return leaf_distributions(self.trace_, self.attributes_, columns, len(X))

    def predict_by_depth(self, X, last_depth: int) -> Iterator[np.ndarray]:
        """predict of the tree cut at depth 0, 1, …, last_depth: the same as the trees grown
        with those max_depths (without post-pruning, which reads the whole grown tree)."""
        check_is_fitted(self, "trace_")
        X = as_frame(X, self.feature_names_in_)
        columns = encode_like(X, self.attributes_)
        for proba in distributions_by_depth(self.trace_, self.attributes_, columns, len(X),
                                            last_depth):
            yield most_likely(proba, self.classes_in_trace_order_)


def _sorting(labels: np.ndarray) -> np.ndarray:
    """The positions that sort the labels as np.unique does; by their text where they do not
    compare (mixed kinds)."""
    try:
        return np.argsort(labels, kind="stable")
    except TypeError:
        return np.argsort(np.array([str(v) for v in labels], dtype=object), kind="stable")
