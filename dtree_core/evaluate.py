"""How well a tree generalises: seeded stratified splits, k-fold, metrics, the depth curve.

Pure numpy/pandas. Metrics follow scikit-learn's definitions (a class never predicted has
precision 0, never present has recall 0) so students can check them against sklearn.metrics,
which the tests do.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from functools import cached_property

import numpy as np
import pandas as pd

from .data import Attribute, DataError, encode_like
from .model import DecisionTree
from .predicting import leaf_distributions, most_likely, reach
from .trace import Trace

# --------------------------------------------------------------------- a tree from its trace


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

    def reach(self, X: pd.DataFrame) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """(node id, rows, weights) for every node the rows of X reach, root first."""
        return list(reach(self.trace, self.attributes, self._columns(X), len(X)))


# --------------------------------------------------------------------- configurations


@dataclass(frozen=True)
class Config:
    """One algorithm with its options: what the compare and evaluate pages fit."""

    algorithm: str = "id3"
    max_depth: int | None = None
    min_samples_split: int = 2
    min_gain: float = 0.0
    seed: int = 0
    nominal: tuple[str, ...] = ()
    continuous: tuple[str, ...] = ()
    tie_break: str = "first"

    def model(self) -> DecisionTree:
        # The fields are DecisionTree's keyword arguments; a frozen, hashable copy of them
        # (the pages cache on it and build it positionally).
        return DecisionTree(**asdict(self))

    def fit(self, X: pd.DataFrame, y: pd.Series) -> DecisionTree:
        return self.model().fit(X.reset_index(drop=True), y.reset_index(drop=True))

    def with_depth(self, depth: int | None) -> Config:
        return replace(self, max_depth=depth)


# --------------------------------------------------------------------- splits


def _class_positions(y, seed: int) -> list[np.ndarray]:
    """Each class's row indices in a seeded random order (classes in order of appearance)."""
    y = np.asarray(y, dtype=object)
    rng = np.random.default_rng(seed)
    return [rng.permutation(np.flatnonzero(y == c)) for c in pd.unique(y)]


def stratified_split(y, test_size: float = 0.3, seed: int = 0):
    """(train rows, test rows): each class keeps its share in both parts, as far as it can.

    The test part gets round(test_size · n_c) rows of each class c, at least one row overall,
    and never every row of a class (a class absent from training cannot be learned).
    """
    n = len(y)
    if not 0 < test_size < 1:
        raise DataError("The held-out share must be between 0 and 1.")
    if n < 2:
        raise DataError("At least two rows are needed to hold some out.")
    positions, test = _class_positions(y, seed), []
    for rows in positions:
        take = min(int(round(test_size * len(rows))), len(rows) - 1)
        test.extend(rows[:take].tolist())
    if not test:  # tiny data: hold out one row of the largest class
        test = [int(max(positions, key=len)[0])]
    test_rows = np.sort(np.array(test, dtype=np.int64))
    return np.setdiff1d(np.arange(n), test_rows), test_rows


def stratified_kfold(y, k: int = 5, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """k (train, test) pairs; every row is tested once, each class spread evenly over folds.

    Rows are dealt round-robin class after class, continuing where the last class stopped,
    so fold sizes differ by at most one.
    """
    n = len(y)
    if k < 2 or k > n:
        raise DataError(f"k-fold needs 2 ≤ k ≤ the number of rows ({n}); got k = {k}.")
    fold = np.empty(n, dtype=np.int64)
    start = 0
    for rows in _class_positions(y, seed):
        fold[rows] = (start + np.arange(len(rows))) % k
        start = (start + len(rows)) % k
    everything = np.arange(n)
    return [(everything[fold != f], everything[fold == f]) for f in range(k)]


# --------------------------------------------------------------------- metrics


def labels_of(y_true, y_pred, classes=()) -> list[str]:
    """Known classes first (the model's order), then any other label seen, in order."""
    seen = list(classes)
    for value in [*np.asarray(y_true, dtype=object), *np.asarray(y_pred, dtype=object)]:
        if value not in seen:
            seen.append(value)
    return seen


def accuracy(y_true, y_pred) -> float:
    y_true, y_pred = np.asarray(y_true, dtype=object), np.asarray(y_pred, dtype=object)
    if len(y_true) == 0:
        raise DataError("No rows to score.")
    return float(np.mean(y_true == y_pred))


def confusion_matrix(y_true, y_pred, labels) -> np.ndarray:
    """Rows: true class, columns: predicted class (scikit-learn's layout)."""
    where = {label: i for i, label in enumerate(labels)}
    matrix = np.zeros((len(labels), len(labels)), dtype=np.int64)
    for t, p in zip(np.asarray(y_true, dtype=object), np.asarray(y_pred, dtype=object),
                    strict=True):
        matrix[where[t], where[p]] += 1
    return matrix


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """num / den, 0 where den is 0 (scikit-learn's zero_division=0)."""
    return np.divide(num, den, out=np.zeros(len(num)), where=den > 0)


def class_report(y_true, y_pred, labels) -> pd.DataFrame:
    """Per class: precision, recall, F1 and support (true rows of the class)."""
    matrix = confusion_matrix(y_true, y_pred, labels).astype(float)
    hits = np.diag(matrix)
    precision = _ratio(hits, matrix.sum(axis=0))
    recall = _ratio(hits, matrix.sum(axis=1))
    f1 = _ratio(2 * precision * recall, precision + recall)
    return pd.DataFrame({"class": list(labels), "precision": precision, "recall": recall,
                         "f1": f1, "support": matrix.sum(axis=1).astype(np.int64)})


# --------------------------------------------------------------------- evaluations


@dataclass(frozen=True)
class Evaluation:
    """Held-out predictions of one configuration (pooled over the folds for k-fold)."""

    config: Config
    y_true: np.ndarray
    y_pred: np.ndarray
    labels: list[str]
    train_accuracy: float  # mean over folds for k-fold
    fold_accuracies: tuple[float, ...] = field(default=())

    @cached_property
    def accuracy(self) -> float:
        return accuracy(self.y_true, self.y_pred)

    @cached_property
    def matrix(self) -> np.ndarray:
        return confusion_matrix(self.y_true, self.y_pred, self.labels)

    @cached_property
    def report(self) -> pd.DataFrame:
        return class_report(self.y_true, self.y_pred, self.labels)


def _fit_and_score(config: Config, X, y, train, test):
    """(train accuracy, held-out predictions) of a tree grown on the train rows."""
    model = config.fit(X.iloc[train], y.iloc[train])
    train_pred = model.predict(X.iloc[train].reset_index(drop=True))
    train_acc = accuracy(y.iloc[train].to_numpy(dtype=object), train_pred)
    return train_acc, model.predict(X.iloc[test].reset_index(drop=True)), model


def evaluate(config: Config, X: pd.DataFrame, y: pd.Series, splits) -> Evaluation:
    """Fit on each split's train rows, predict its test rows; pool the predictions."""
    X, y = X.reset_index(drop=True), pd.Series(y).reset_index(drop=True)
    truths, preds, train_accs, fold_accs, classes = [], [], [], [], []
    for train, test in splits:
        train_acc, pred, model = _fit_and_score(config, X, y, train, test)
        truth = y.iloc[test].to_numpy(dtype=object)
        truths.append(truth)
        preds.append(pred)
        train_accs.append(train_acc)
        fold_accs.append(accuracy(truth, pred))
        classes.extend(c for c in model.classes_ if c not in classes)
    y_true, y_pred = np.concatenate(truths), np.concatenate(preds)
    return Evaluation(config, y_true, y_pred, labels_of(y_true, y_pred, classes),
                      float(np.mean(train_accs)), tuple(fold_accs))


def holdout(config: Config, X, y, test_size: float = 0.3, seed: int = 0) -> Evaluation:
    return evaluate(config, X, y, [stratified_split(y, test_size, seed)])


def cross_validate(config: Config, X, y, k: int = 5, seed: int = 0) -> Evaluation:
    return evaluate(config, X, y, stratified_kfold(y, k, seed))


# --------------------------------------------------------------------- overfitting


def tree_depth(trace: dict) -> int:
    """Depth of the deepest node still in the tree (a root leaf has depth 0)."""
    return max(n["depth"] for n in trace["nodes"] if not n.get("pruned_away"))


def depth_curve(config: Config, X, y, splits, max_depth: int | None = None) -> pd.DataFrame:
    """Training and held-out accuracy for max_depth = 0, 1, …: where overfitting shows.

    Accuracies are means over the splits. Depths run to the deepest full tree grown on any
    split's training rows (or to max_depth when given).
    """
    X, y = X.reset_index(drop=True), pd.Series(y).reset_index(drop=True)
    if max_depth is None:
        full = [config.with_depth(None).fit(X.iloc[tr], y.iloc[tr]).trace_ for tr, _ in splits]
        max_depth = max(n.depth for trace in full for n in trace.nodes if not n.pruned_away)
    rows = []
    for depth in range(max_depth + 1):
        result = evaluate(config.with_depth(depth), X, y, splits)
        rows.append({"max_depth": depth, "train_accuracy": result.train_accuracy,
                     "test_accuracy": float(np.mean(result.fold_accuracies))})
    return pd.DataFrame(rows)
