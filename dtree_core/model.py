"""DecisionTree: a scikit-learn estimator that keeps the trace of every decision.

`clone`, `cross_val_score`, `GridSearchCV` and `Pipeline` work on it as on any classifier.
Its parameters are the fields of dtree_core.options.Options (a test holds the two
together); `fit` builds that one options object and everything downstream reads it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils import Bunch
from sklearn.utils.validation import check_is_fitted

from .budget import applied_budget
from .data import (
    DataError,
    as_text,
    encode,
    encode_like,
    resolve_kinds,
    validation_numbers,
)
from .growing import grow
from .options import Options
from .predicting import (
    distributions_by_depth,
    label_array,
    leaf_distributions,
    likeliest_with_ties,
    most_likely,
)
from .pruning import VALIDATED, ValidationRows, pruning_path
from .pruning import prune as prune_trace
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
        options = self.options()
        if options.prune in VALIDATED and validation is None:
            raise DataError(f"prune='{options.prune}' needs validation rows: "
                            "fit(X, y, validation=(X_val, y_val)).")
        X = _frame(X)
        labels = _labels(y)
        kinds = resolve_kinds(X, options.nominal, options.continuous)
        enc = encode(X, labels, kinds, sample_weight)
        self.options_ = options.with_kinds(kinds)
        self.attributes_ = enc.attributes
        self.feature_names_in_ = np.array([str(c) for c in X.columns], dtype=object)
        self.n_features_in_ = X.shape[1]
        # The trace names classes as text, in the order the data first shows them (the
        # book's); the caller's own labels (0/1 stay numbers) in that order are
        # classes_in_trace_order_, and classes_ has them sorted, as scikit-learn's scorers
        # (roc_auc reads predict_proba's columns by it) and np.unique have them.
        first = labels.groupby(as_text(labels), sort=False).first()
        self.classes_in_trace_order_ = label_array([first[c] for c in enc.classes])
        self._proba_columns = _sorting(self.classes_in_trace_order_)
        self.classes_ = self.classes_in_trace_order_[self._proba_columns]
        name = str(labels.name) if labels.name is not None else "target"
        # One clock for growth and pruning: the budget's seconds bound the fit as a whole.
        budget = budget if budget is not None else applied_budget()
        budget = budget.started() if budget is not None else None
        self.trace_: Trace = grow(enc, self.options_, name, budget)
        if options.prune != "none":
            if budget is not None:  # tells a progress display that pruning begins
                budget.before_pruning()
            rows = self._validation_rows(validation)
            self.trace_ = prune_trace(self.trace_, self.options_, rows, training=enc,
                                      budget=budget)
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

    def _validation_rows(self, validation) -> ValidationRows | None:
        if validation is None:
            return None
        X_val, y_val = validation
        X_val = _frame(X_val, self.feature_names_in_)
        _check_validation_columns(X_val, self.attributes_)
        return ValidationRows.encode(encode_like(X_val, self.attributes_), y_val,
                                     self.trace_.classes)

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
        X = _frame(X, self.feature_names_in_)
        columns = encode_like(X, self.attributes_)
        return leaf_distributions(self.trace_, self.attributes_, columns, len(X))

    def predict_by_depth(self, X, last_depth: int) -> Iterator[np.ndarray]:
        """predict of the tree cut at depth 0, 1, …, last_depth: the same as the trees grown
        with those max_depths (without post-pruning, which reads the whole grown tree)."""
        check_is_fitted(self, "trace_")
        X = _frame(X, self.feature_names_in_)
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


def _check_validation_columns(X_val: pd.DataFrame, attributes) -> None:
    """The validation rows hold every attribute, and numbers where the tree reads numbers:
    text there would be read as unknown, and pruning judged by rows the caller did not give."""
    missing = [a.name for a in attributes if a.name not in X_val.columns]
    if missing:
        raise DataError(f"Columns missing from the validation rows: {', '.join(missing)}.")
    for a in attributes:
        if not a.is_nominal:
            validation_numbers(X_val[a.name], a.name)


def _frame(X, names=None) -> pd.DataFrame:
    """A DataFrame with a fresh index and text column names (the trace's; a frame of
    load_iris has 0, 1, 2, 3); arrays get the fitted names (or x0, x1, …)."""
    if isinstance(X, pd.DataFrame):
        frame = X.reset_index(drop=True)
        frame.columns = [str(c) for c in frame.columns]
        twice = sorted(set(frame.columns[frame.columns.duplicated()]))
        if twice:
            raise DataError(f"Column names that appear more than once: {', '.join(twice)}.")
        return frame
    array = np.asarray(X, dtype=object)
    if array.ndim != 2:
        raise DataError(f"X must be a table (2-D), got {array.ndim}-D.")
    if names is None:
        names = [f"x{i}" for i in range(array.shape[1])]
    if array.shape[1] != len(names):
        raise DataError(f"X has {array.shape[1]} columns; the tree was fitted on {len(names)}.")
    frame = pd.DataFrame(array, columns=list(names))
    return frame.infer_objects()


def _labels(y) -> pd.Series:
    """The target as a Series with a fresh index: a one-column table or array is its column."""
    if isinstance(y, pd.DataFrame):
        if y.shape[1] != 1:
            raise DataError(f"y must be one column, got {y.shape[1]}.")
        y = y.iloc[:, 0]
    if not isinstance(y, pd.Series):
        array = np.asarray(y, dtype=object)
        if array.ndim == 2 and array.shape[1] == 1:
            array = array[:, 0]
        if array.ndim != 1:
            raise DataError(f"y must be one column, got an array of shape {array.shape}.")
        y = pd.Series(array)
    return y.reset_index(drop=True)
