"""DecisionTree: the scikit-learn-shaped entry point (TRACE.md, "Python API")."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .data import DataError, encode, encode_like, resolve_kinds
from .decide import ALGORITHMS, TIE_BREAKS
from .growing import Params, grow
from .paths import canonical_path, parse_force
from .predicting import leaf_distributions, most_likely
from .trace import Trace


class DecisionTree:
    """Grow a tree with ID3, C4.5, CART or CLS and keep the trace of every decision.

    >>> model = DecisionTree(algorithm="c45").fit(X, y)
    >>> model.trace_.to_json()
    """

    def __init__(self, algorithm="id3", max_depth=None, min_samples_split=2, min_gain=0.0,
                 seed=0, nominal=(), continuous=(), force=None, curve_points=256,
                 tie_break="first"):
        self.algorithm = algorithm
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_gain = min_gain
        self.seed = seed
        self.nominal = nominal
        self.continuous = continuous
        self.force = force
        self.curve_points = curve_points
        self.tie_break = tie_break

    def _params(self) -> Params:
        if self.algorithm not in ALGORITHMS:
            names = ", ".join(ALGORITHMS)
            raise DataError(f"Unknown algorithm '{self.algorithm}'; use one of {names}.")
        if self.max_depth is not None and self.max_depth < 0:
            raise DataError("max_depth must be 0 or more.")
        if self.min_samples_split < 1:
            raise DataError("min_samples_split must be at least 1.")
        if self.tie_break not in TIE_BREAKS:
            raise DataError(f"Unknown tie rule '{self.tie_break}'; use one of "
                            f"{', '.join(TIE_BREAKS)}.")
        return Params(self.algorithm, self.max_depth, int(self.min_samples_split),
                      float(self.min_gain), int(self.seed), self.tie_break, self._forces(),
                      self.curve_points)

    def _forces(self) -> tuple[tuple[str, str], ...]:
        force = self.force or {}
        if isinstance(force, dict):
            return tuple((canonical_path(p), a) for p, a in force.items())
        return tuple(parse_force(text) for text in force)

    def fit(self, X: pd.DataFrame, y, sample_weight=None) -> DecisionTree:
        params = self._params()
        X = X.reset_index(drop=True)
        y = pd.Series(y).reset_index(drop=True)
        kinds = resolve_kinds(X, self.nominal, self.continuous)
        enc = encode(X, y, kinds, sample_weight)
        self.attributes_ = enc.attributes
        self.classes_ = np.array(enc.classes, dtype=object)
        self.trace_: Trace = grow(enc, params, str(y.name) if y.name is not None else "target")
        return self

    def predict_proba(self, X: pd.DataFrame) -> np.ndarray:
        """Class probabilities; a row with an unknown value mixes the branches it could take."""
        columns = encode_like(X.reset_index(drop=True), self.attributes_)
        return leaf_distributions(self.trace_, self.attributes_, columns, len(X))

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        return most_likely(self.predict_proba(X), self.classes_)
