"""Fit a tree from a table and its target: the work of DecisionTree.fit, without scikit-learn.

The command line grows its trees here: importing scikit-learn costs about 0.8 s, more than
the rest of a small file's run together, and the command line uses nothing of it.
DecisionTree.fit calls the same function, so the two grow the same tree from the same
options.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .budget import applied_budget
from .data import (
    Attribute,
    DataError,
    encode,
    encode_like,
    resolve_kinds,
    validation_numbers,
)
from .growing import grow
from .options import Options
from .pruning import VALIDATED, ValidationRows
from .pruning import prune as prune_trace
from .trace import Trace


@dataclass(frozen=True)
class FittedTree:
    """A grown (and pruned) tree with what a model keeps of its data."""

    trace: Trace
    options: Options  # the options grown with, each attribute's kind resolved
    attributes: tuple[Attribute, ...]
    columns: list[str]  # the table's column names as text, in its order
    labels: pd.Series  # the target, with a fresh index


def fit_tree(options: Options, X, y, sample_weight=None, validation=None,
             budget=None) -> FittedTree:
    """Grow (and prune, as options.prune says) a tree: DecisionTree.fit's work (its
    docstring says what each argument may be)."""
    if options.prune in VALIDATED and validation is None:
        raise DataError(f"prune='{options.prune}' needs validation rows: "
                        "fit(X, y, validation=(X_val, y_val)).")
    X = as_frame(X)
    labels = as_labels(y)
    kinds = resolve_kinds(X, options.nominal, options.continuous)
    enc = encode(X, labels, kinds, sample_weight)
    options = options.with_kinds(kinds)
    name = str(labels.name) if labels.name is not None else "target"
    # One clock for growth and pruning: the budget's seconds bound the fit as a whole.
    budget = budget if budget is not None else applied_budget()
    budget = budget.started() if budget is not None else None
    trace = grow(enc, options, name, budget)
    columns = [str(c) for c in X.columns]
    if options.prune != "none":
        if budget is not None:  # tells a progress display that pruning begins
            budget.before_pruning()
        rows = _encoded_validation(validation, columns, enc.attributes, trace.classes)
        trace = prune_trace(trace, options, rows, training=enc, budget=budget)
    return FittedTree(trace, options, enc.attributes, columns, labels)


def _encoded_validation(validation, columns: list[str], attributes: tuple[Attribute, ...],
                        classes) -> ValidationRows | None:
    """The rows (X_val, y_val) pruning judges by, encoded as the training table was."""
    if validation is None:
        return None
    X_val, y_val = validation
    X_val = as_frame(X_val, columns)
    _check_validation_columns(X_val, attributes)
    return ValidationRows.encode(encode_like(X_val, attributes), y_val, classes)


def _check_validation_columns(X_val: pd.DataFrame, attributes) -> None:
    """The validation rows hold every attribute, and numbers where the tree reads numbers:
    text there would be read as unknown, and pruning judged by rows the caller did not give."""
    missing = [a.name for a in attributes if a.name not in X_val.columns]
    if missing:
        raise DataError(f"Columns missing from the validation rows: {', '.join(missing)}.")
    for a in attributes:
        if not a.is_nominal:
            validation_numbers(X_val[a.name], a.name)


def as_frame(X, names=None) -> pd.DataFrame:
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


def as_labels(y) -> pd.Series:
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
