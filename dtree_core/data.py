"""Turn a table of attributes into the integer codes the growers count with.

Nominal values become codes 0..k-1 in order of first appearance (-1 = unknown);
continuous values stay floats (NaN = unknown); classes are coded the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

NOMINAL = "nominal"
CONTINUOUS = "continuous"

# Whole-number columns with this few distinct values read as codes (grades 1/2/3), not measures.
MAX_CODED_INTEGERS = 10


class DataError(ValueError):
    """Input the core cannot learn from; the message is one specific sentence for the user."""


def is_numeric(series: pd.Series) -> bool:
    """Does the column hold numbers (bool excluded)?"""
    return pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series)


def infer_kind(series: pd.Series) -> str:
    """Text is nominal; numbers are continuous unless they are a few whole-number codes."""
    if not is_numeric(series):
        return NOMINAL
    known = series.dropna()
    known = known[np.isfinite(known.to_numpy(dtype=float))]
    whole = bool((known == np.floor(known)).all())
    return NOMINAL if whole and known.nunique() <= MAX_CODED_INTEGERS else CONTINUOUS


def is_id_like(series: pd.Series) -> bool:
    """A distinct text or whole-number value in every row (decimals are a measure, not an ID)."""
    known = series.dropna()
    if len(known) < len(series) or len(series) < 3 or known.nunique() < len(series):
        return False
    if not is_numeric(series):
        return True
    return bool((known == np.floor(known)).all())


def text_value(value) -> str:
    """Nominal values are text, as in the file: 1.0 read by pandas is shown as '1'."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class Attribute:
    name: str
    kind: str
    values: tuple[str, ...] = ()  # nominal only, in order of first appearance

    @property
    def is_nominal(self) -> bool:
        return self.kind == NOMINAL


@dataclass(frozen=True)
class Encoded:
    """The attributes as arrays: codes[j] is int (nominal) or float (continuous) per row."""

    attributes: tuple[Attribute, ...]
    columns: tuple[np.ndarray, ...]
    y: np.ndarray
    classes: tuple[str, ...]
    weights: np.ndarray
    ranks: tuple[np.ndarray | None, ...] = ()  # continuous: dense rank of each row, NaN last

    @property
    def n_rows(self) -> int:
        return len(self.y)


def as_text(series: pd.Series) -> pd.Series:
    """Values as the text a user wrote (1.0 -> '1'); missing stays missing."""
    known = series.notna()
    if is_numeric(series):
        texts = series.astype(object).where(~known, series[known].map(text_value))
    else:
        texts = series.astype(object).where(~known, series[known].astype(str))
    return texts.where(known, None)


def encode_nominal(series: pd.Series, values: tuple[str, ...] | None = None):
    """Codes by first appearance (or by the given value list; unseen values become unknown)."""
    texts = as_text(series) if is_numeric(series) else series
    if values is None:
        codes, uniques = pd.factorize(texts, use_na_sentinel=True)
        return codes.astype(np.int64), tuple(str(v) for v in uniques)
    codes = pd.Index(list(values), dtype=object).get_indexer(texts.astype(object))
    return codes.astype(np.int64), values


def encode_continuous(series: pd.Series) -> np.ndarray:
    values = pd.to_numeric(series, errors="coerce").to_numpy(dtype=float, copy=True)
    values[~np.isfinite(values)] = np.nan
    return values


def resolve_kinds(X: pd.DataFrame, nominal=(), continuous=()) -> dict[str, str]:
    """Each column's kind: inferred, unless named in nominal/continuous."""
    for name in [*nominal, *continuous]:
        if name not in X.columns:
            columns = ", ".join(map(str, X.columns))
            raise DataError(f"Unknown column '{name}'; the columns are: {columns}.")
    kinds = {}
    for name in X.columns:
        if name in nominal:
            kinds[name] = NOMINAL
        elif name in continuous:
            kinds[name] = CONTINUOUS
        else:
            kinds[name] = infer_kind(X[name])
    for name, kind in kinds.items():
        if kind == CONTINUOUS and not is_numeric(X[name]) and name in continuous:
            numbers = pd.to_numeric(X[name], errors="coerce")
            if numbers.notna().sum() < X[name].notna().sum():
                raise DataError(f"Column '{name}' cannot be continuous: it holds text values.")
    return kinds


def encode_target(y: pd.Series) -> tuple[np.ndarray, tuple[str, ...]]:
    if y.isna().any():
        raise DataError("The target has missing values; drop those rows first.")
    codes, classes = encode_nominal(y)
    if len(classes) < 2:
        raise DataError(f"The target '{y.name}' has only one class; a tree needs at least two.")
    return codes, classes


def encode(X: pd.DataFrame, y: pd.Series, kinds: dict[str, str], sample_weight=None) -> Encoded:
    """Encode a validated table; kinds maps every column of X to nominal or continuous."""
    if len(X) != len(y):
        raise DataError(f"X has {len(X)} rows but y has {len(y)}.")
    if len(X) == 0:
        raise DataError("There are no rows to learn from.")
    attributes, columns = [], []
    for name in X.columns:
        if kinds[name] == NOMINAL:
            codes, values = encode_nominal(X[name])
            attributes.append(Attribute(str(name), NOMINAL, tuple(values)))
            columns.append(codes)
        else:
            attributes.append(Attribute(str(name), CONTINUOUS))
            columns.append(encode_continuous(X[name]))
    y_codes, classes = encode_target(y.reset_index(drop=True))
    weights = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    ranks = tuple(None if a.is_nominal else dense_rank(c)
                  for a, c in zip(attributes, columns, strict=True))
    return Encoded(tuple(attributes), tuple(columns), y_codes, tuple(classes), weights, ranks)


def dense_rank(values: np.ndarray) -> np.ndarray:
    """Equal values share a rank; unknown (NaN) values rank after every known one."""
    return np.unique(values, return_inverse=True)[1].astype(np.int64)


def encode_like(X: pd.DataFrame, attributes: tuple[Attribute, ...]) -> tuple[np.ndarray, ...]:
    """Encode new rows with a fitted model's attributes (unseen nominal values become unknown)."""
    missing = [a.name for a in attributes if a.name not in X.columns]
    if missing:
        raise DataError(f"Missing column(s) for prediction: {', '.join(missing)}.")
    columns = []
    for a in attributes:
        if a.is_nominal:
            columns.append(encode_nominal(X[a.name], a.values)[0])
        else:
            columns.append(encode_continuous(X[a.name]))
    return tuple(columns)
