"""Turn a table of attributes into the integer codes the growers count with.

Nominal values become codes 0..k-1 in order of first appearance (-1 = unknown);
continuous values stay floats (NaN = unknown); classes are coded the same way.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pandas as pd

from . import kernels
from .counting import ColumnSort, column_sort

NOMINAL = "nominal"
CONTINUOUS = "continuous"

# Whole numbers read as codes (grades 1/2/3, a 1-5 rating, 0/1 flags, years 2007-2009) when they
# take at most MAX_CODED_INTEGERS distinct values spread over at most MAX_CODE_SPREAD times as
# many consecutive numbers; otherwise they are a measurement (humidity 65..96: 10 values over 32).
MAX_CODED_INTEGERS = 10
MAX_CODE_SPREAD = 2


# A number written plainly: 12, -0.5, .5, 1e-3, +3 (no spaces, thousands separators or
# words). The loader reads a column of them as numbers; a CSV export writes one as it is.
PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)


class DataError(ValueError):
    """Input the core cannot learn from; the message is one specific sentence for the user."""


class CodedError(DataError):
    """A refusal with a stable `code` and the `details` that fill its words, so the CLI and a
    UI can say it in another language (dtree_core.cli_messages.ERRORS_ZH)."""

    def __init__(self, message: str, code: str, **details):
        super().__init__(message)
        self.code, self.details = code, details


class Listed(str):
    """Names a refusal lists (columns, sheets, choices): the English sentence's text, joined
    with ", ", so a detail prints and compares as text; a sentence in another language joins
    `items` with its own separator (Chinese: 、) through listed_in."""

    items: tuple[str, ...]

    def __new__(cls, items=()):
        items = tuple(map(str, items))
        text = super().__new__(cls, ", ".join(items))
        text.items = items
        return text

    def __reduce__(self):  # st.cache_data pickles refusals and reports: keep the items
        return Listed, (self.items,)


def listed_in(values: dict, separator: str) -> dict:
    """values with each Listed one joined by a language's separator."""
    return {name: separator.join(value.items) if isinstance(value, Listed) else value
            for name, value in values.items()}


def validation_numbers(values: pd.Series, column: str) -> pd.Series:
    """A continuous attribute of validation rows as numbers (continuous_numbers); text in it
    is refused in the validation rows' own words (the tree would read it as unknown, and
    judge pruning by rows that are not what the caller gave). The API's and the app's
    validation rows alike."""
    return continuous_numbers(values, column, "validation_text")


# A continuous column's refusal of text, by whose rows they are.
_TEXT_REFUSALS = {
    "validation_text": "The validation rows' column '{column}' holds text ('{value}') where the "
                       "tree reads numbers.",
    "continuous_text": "Column '{column}' holds text ('{value}') where the tree reads numbers.",
}


def continuous_numbers(values: pd.Series, column: str,
                       code: str = "continuous_text") -> pd.Series:
    """A continuous attribute of rows to read with a fitted tree, as float64: a missing-value
    marker (?, NA, -, and — or ——: DEFAULT_MISSING, compared in marker_form) is an unknown
    value; other text is refused (`code`), as scikit-learn refuses it, rather than read as
    unknown and the row spread over the branches."""
    if not is_numeric(values):
        markers = {marker_form(m) for m in DEFAULT_MISSING}
        cells = values.astype(str).map(marker_form)
        values = values.mask(values.notna() & cells.isin(markers))
    numbers = pd.to_numeric(values, errors="coerce")
    text = values.notna().to_numpy() & numbers.isna().to_numpy()
    if text.any():
        value = str(values.iloc[int(text.argmax())])
        raise CodedError(_TEXT_REFUSALS[code].format(column=column, value=value), code,
                         column=column, value=value)
    return numbers.astype("float64")


def is_numeric(series: pd.Series) -> bool:
    """Does the column hold numbers (bool excluded)?"""
    return pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series)


# The rules that give a column its kind: a stable code each (a UI words it from the code and the
# details) and the English sentence the CLI prints.
RULE_SENTENCES = {
    "no_values": "no values, so nominal",
    "text": "text (such as '{example}'), so nominal",
    "decimal": "numbers with decimals ({low} to {high}), so continuous",
    "integer_codes": ("whole numbers {low}–{high}, {distinct} distinct: codes (few values in a "
                      "nearly consecutive range), not a measurement, so nominal"),
    "integer_measure": ("whole numbers {low}–{high}, {distinct} distinct: a measurement, not "
                        "codes, so continuous"),
    "declared_nominal": "declared nominal",
    "declared_continuous": "declared continuous",
    "id_like": ("a different value in every row, like a row number: a many-valued nominal "
                "attribute where it is included"),
}


@dataclass(frozen=True)
class KindRule:
    """Why a column has its kind: the rule's stable `code`, the figures it used, one sentence."""

    kind: str
    code: str
    details: dict = field(default_factory=dict)

    @property
    def sentence(self) -> str:
        return RULE_SENTENCES[self.code].format(**self.details)


def kind_rule(series: pd.Series) -> KindRule:
    """The rule that decides a column's kind when nobody declared it.

    Text is nominal, and so is a column with no values. Numbers with decimals are continuous.
    Whole numbers are codes, so nominal, when they take at most MAX_CODED_INTEGERS (10) distinct
    values and max - min + 1 <= MAX_CODE_SPREAD (2) x the distinct count: few values in a nearly
    consecutive range (a 1-5 rating, 0/1 flags, grades 1/2/3, years 2007-2009). Any other whole
    numbers are a measurement, so continuous (Quinlan's humidity 65..96: 10 values over 32).
    """
    if not is_numeric(series):
        example = _text_example(series)
        if example is None:
            return KindRule(NOMINAL, "no_values")
        return KindRule(NOMINAL, "text", {"example": str(example)})
    values = series.to_numpy(dtype=float)
    finite = np.isfinite(values)
    known = values if finite.all() else values[finite]
    if not len(known):
        return KindRule(NOMINAL, "no_values")
    low, high = known.min(), known.max()
    figures = {"low": text_value(low), "high": text_value(high)}
    if not _whole(known):
        return KindRule(CONTINUOUS, "decimal", figures)
    distinct = _count_whole_numbers(known, low, high)
    figures["distinct"] = distinct
    if distinct <= MAX_CODED_INTEGERS and _spread(low, high) + 1 <= MAX_CODE_SPREAD * distinct:
        return KindRule(NOMINAL, "integer_codes", figures)
    return KindRule(CONTINUOUS, "integer_measure", figures)


def declared_rule(kind: str) -> KindRule:
    """The user named the column's kind."""
    return KindRule(kind, f"declared_{kind}")


# What a cell holds where a value is missing (the loader's default markers; a row to predict
# holding one has an unknown value, as a loaded file's does). '-' stands for every cell of
# dashes alone (marker_form: —, ——, –).
DEFAULT_MISSING = ("", "NA", "N/A", "?", "null", "-")


def folded(text) -> str:
    """Text as names and markers are compared: casefolded, in NFKC (full-width ＮＡ, ？ and
    （ ） as typed by a Chinese input method read as NA, ? and ( )). ASCII is already NFKC."""
    text = str(text)
    return (text if text.isascii() else unicodedata.normalize("NFKC", text)).casefold()


# A cell of dashes alone, once NFKC made full-width － and small ﹣ '-' (and ﹘ —): what
# people type for "no value" besides '-': the em dash —, the 破折号 —— that a Chinese input
# method types for Shift+-, the en dash –, the horizontal bar ―, the minus sign − (typeset
# text's; −0.5 is the number), and -- as Chinese financial data exports write it.
DASHES = "-\u2010-\u2015\u2212\u2e3a\u2e3b"  # a character class's inside, after NFKC
# The same as written, before NFKC makes them '-' or —: full-width －, small ﹣ and ﹘
DASHES_AS_WRITTEN = DASHES + "\ufe58\ufe63\uff0d"
DASHES_ONLY = re.compile(f"[{DASHES}]+")


def marker_form(text) -> str:
    """A value, or a missing marker, as the two are compared: folded() and stripped, with the
    minus sign as '-' (a typed −999 is the marker -999), and a cell of dashes alone
    (DASHES_ONLY: —, ——, –, ―, －, --) the '-' marker, whichever dash it is written with."""
    text = folded(text).strip().replace("\u2212", "-")
    return "-" if DASHES_ONLY.fullmatch(text) else text


def numbers_rows(series: pd.Series) -> bool:
    """Does an ID-like column (is_id_like) number the rows: text, or whole numbers in a
    nearly consecutive run (at most MAX_CODE_SPREAD times as many numbers in their range as
    rows, as 编号 1–17)? Included, it is a many-valued nominal attribute (Zhou's 编号). Whole
    numbers spread wider (eight people's ages or eight days' temperatures, all different)
    are a measurement that differs in every row: they keep their inferred kind."""
    if not is_numeric(series):
        return True
    values = series.to_numpy(dtype=float)
    return bool(_spread(values.min(), values.max()) + 1 <= MAX_CODE_SPREAD * len(values))


def id_rule() -> KindRule:
    """An ID column the user chose to include: nominal, one branch per row (ID3's bias)."""
    return KindRule(NOMINAL, "id_like")


def _whole(values: np.ndarray) -> bool:
    """Are all values whole numbers? A decimal among the first ones answers without a pass."""
    top = values[:64]
    return bool((top == np.floor(top)).all() and (values == np.floor(values)).all())


def _spread(low, high):
    """high - low; beyond the largest float (values near ±1.8e308) it is inf, said quietly."""
    with np.errstate(over="ignore"):
        return high - low


def _first_value(series: pd.Series):
    """The first value that is not missing (None if there is none), looking at the top first."""
    for part in (series.iloc[:64], series):
        present = part.notna().to_numpy()
        if present.any():
            return part.iloc[int(present.argmax())]
    return None


def _text_example(series: pd.Series):
    """The first value that is no number, which made the column text (numbers and one 'abc'
    are text because of the 'abc', and the rule quotes it, not a number); the first value
    where each reads as a number (codes with a leading zero, kept as text); None if none."""
    for value in series.iloc[:64].tolist():  # a text column shows its text at the top
        if isinstance(value, str) and not reads_as_number(value):
            return value
    present = series.notna()
    text = (present & pd.to_numeric(series.where(present), errors="coerce").isna()).to_numpy()
    return series.iloc[int(text.argmax())] if text.any() else _first_value(series)


def reads_as_number(text: str) -> bool:
    """Does Python read the text as a float (full-width digits, inf and nan words too)?"""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _mostly_decimals(series: pd.Series) -> bool:
    """Do most values of a text column read as numbers with decimals? A measurement with a
    few values that are not numbers (0.4O3 typed for 0.403) is read as text, and all its
    values differ, but it is no ID."""
    written = series.dropna().astype(str)
    return bool(written.str.fullmatch(r"\s*[-+]?\d*\.\d+\s*").mean() >= 0.5) if len(written) \
        else False


def _count_whole_numbers(known: np.ndarray, low: float, high: float) -> int:
    """Distinct whole numbers: each marked in a table over the range when it is small enough
    (no sort; marking is several times faster than np.bincount's counting)."""
    if _spread(low, high) < 2**20:
        if low > -2.0**62 and high < 2.0**62:  # in int64's range: whole numbers convert exactly
            offsets = known.astype(np.intp)
            offsets -= int(low)
        else:
            offsets = (known - low).astype(np.intp)
        seen = np.zeros(int(high - low) + 1, dtype=bool)
        seen[offsets] = True
        return int(np.count_nonzero(seen))
    return len(np.unique(known))


def infer_kind(series: pd.Series) -> str:
    """Text is nominal; numbers are continuous unless they look like codes (see kind_rule)."""
    return kind_rule(series).kind


def is_id_like(series: pd.Series) -> bool:
    """A distinct text or whole-number value in every row (decimals are a measure, not an ID,
    even where a typo among them made the column text)."""
    n = len(series)
    if n < 3 or series.iloc[:256].nunique() < min(n, 256):
        return False  # a repeat (or a missing value) among the first rows settles it cheaply
    if not is_numeric(series) and _mostly_decimals(series):
        return False
    if is_numeric(series):
        values = series.to_numpy(dtype=float)
        if np.isnan(values).any() or not _whole(values):
            return False
        low, high = values.min(), values.max()
        spread = _spread(low, high)
        if spread + 1 < n:
            return False  # fewer whole numbers in the range than rows: some value repeats
        if np.isfinite(spread):
            return _count_whole_numbers(values, low, high) == n
    return bool(series.nunique() == n)  # n distinct values leave no room for a missing one


def text_value(value) -> str:
    """Nominal values are text, as in the file: 1.0 read by pandas is shown as '1'."""
    if isinstance(value, float | np.floating) and float(value).is_integer():
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

    @cached_property
    def n_rows(self) -> int:
        # kept once asked (y is frozen): a deep chain's every depth asks about five times
        return len(self.y)

    def own_columns(self) -> None:
        """Copy the columns still read in place from the caller's table (encode_continuous),
        so a change to that table after fit does not reach the model. Growth calls it when
        done (growing.finish), after its temporary arrays have gone: the copies do not add
        to its peak. (While fit runs, pandas' copy-on-write keeps the caller's writes off
        the blocks fit's own frame shares.)"""
        object.__setattr__(self, "columns", tuple(c if c.base is None else c.copy()
                                                  for c in self.columns))

    @cached_property
    def sorts(self) -> tuple[ColumnSort | None, ...]:
        """Each continuous column's sort (None for a nominal one), made when growth first
        sorts a column and kept while the table lives."""
        return tuple(None if a.is_nominal else sorted_column(c)
                     for a, c in zip(self.attributes, self.columns, strict=True))

    @cached_property
    def run_starts(self) -> tuple[np.ndarray | None, ...]:
        """Each continuous column with every value known: 1 at each place of its sort where
        a new value begins, else 0 (read-only uint8; None for a nominal column or one with
        unknown values). A depth's sort reads it in order to tell where values step up,
        instead of gathering every entry's value (splitting._sorted_order)."""
        return tuple(None if s is None or s.nan_rank >= 0 else _run_start(c, s.order)
                     for s, c in zip(self.sorts, self.columns, strict=True))

    @cached_property
    def nominal(self) -> np.ndarray:
        """(A,) bool: which attributes are nominal (read at every depth of growth)."""
        mask = np.array([a.is_nominal for a in self.attributes], dtype=bool)
        mask.flags.writeable = False
        return mask

    @cached_property
    def nominal_indices(self) -> list[int]:
        """The nominal attributes' indices (scored apart from the continuous ones)."""
        return [j for j, a in enumerate(self.attributes) if a.is_nominal]

    @cached_property
    def continuous_indices(self) -> list[int]:
        return [j for j, a in enumerate(self.attributes) if not a.is_nominal]

    @cached_property
    def has_values(self) -> np.ndarray:
        """(A,) bool: continuous, or nominal with some value (a candidate needs one)."""
        mask = np.array([len(a.values) > 0 or not a.is_nominal for a in self.attributes],
                        dtype=bool)
        mask.flags.writeable = False
        return mask


def as_text(series: pd.Series) -> pd.Series:
    """Values as the text a user wrote (1.0 -> '1'); missing stays missing. A number reads
    alike in a column of numbers and in a column of mixed objects, so a value fitted from
    one is found in the other."""
    known = series.notna()
    if is_numeric(series) or pd.api.types.is_object_dtype(series):
        texts = series.astype(object).where(~known, series[known].map(text_value))
    else:
        texts = series.astype(object).where(~known, series[known].astype(str))
    return texts.where(known, None)


def value_texts(series: pd.Series) -> pd.Series:
    """A nominal column's values as the text the tree names them by (3.0 in a column of
    codes with blanks is '3'), missing kept missing: at fit, at predict and in a rule."""
    return series if _all_text(series) else as_text(series)


def encode_nominal(series: pd.Series, values: tuple[str, ...] | None = None):
    """Codes by first appearance (or by the given value list; unseen values become unknown).
    Values are told apart by their text, at fit and at predict alike (True is 'True')."""
    texts = value_texts(series)
    if values is None:
        codes, uniques = pd.factorize(texts, use_na_sentinel=True)
        return codes.astype(np.int64), tuple(str(v) for v in uniques)
    codes = pd.Index(list(values), dtype=object).get_indexer(texts.astype(object))
    return codes.astype(np.int64), values


def _all_text(series: pd.Series) -> bool:
    """Every known value is already text (a file's column): nothing to write as text."""
    return pd.api.types.infer_dtype(series, skipna=True) in ("string", "empty")


def encode_continuous(series: pd.Series) -> np.ndarray:
    """The column as floats, NaN where a value is unknown (or infinite). A column of finite
    floats already is read in place, not copied (read-only): at 1M rows × 10 such columns a
    copy was 76 MB of a fit's peak. Whoever keeps the array past the call owns a copy
    (Encoded.own_columns)."""
    if series.dtype == np.float64:
        values = series.to_numpy()
        if values.flags.c_contiguous and np.isfinite(values).all():
            view = values.view()  # read-only itself; the caller's own flags are left alone
            view.flags.writeable = False
            return view
    values = pd.to_numeric(series, errors="coerce").to_numpy(dtype=float, copy=True)
    values[~np.isfinite(values)] = np.nan
    return values


def resolve_kinds(X: pd.DataFrame, nominal=(), continuous=()) -> dict[str, str]:
    """Each column's kind: inferred, unless named in nominal/continuous."""
    for name in [*nominal, *continuous]:
        if name not in X.columns:
            columns = Listed(X.columns)
            raise CodedError(f"Unknown column '{name}'; the columns are: {columns}.",
                             "unknown_column", column=name, columns=columns)
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
                raise CodedError(f"Column '{name}' cannot be continuous: it holds text values.",
                                 "text_continuous", column=name)
    return kinds


def encode_target(y: pd.Series) -> tuple[np.ndarray, tuple[str, ...]]:
    if y.isna().any():
        raise CodedError("The target has missing values; drop those rows first.",
                         "target_missing")
    codes, classes = encode_nominal(y)
    if len(classes) < 2:
        name = "target" if y.name is None else y.name  # an unnamed y (a list, an array)
        raise CodedError(f"The target '{name}' has only one class; a tree needs at least two.",
                         "one_class", column=name)
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
            columns.append(codes.astype(_code_type(len(values))))
        else:
            attributes.append(Attribute(str(name), CONTINUOUS))
            columns.append(encode_continuous(X[name]))
    y_codes, classes = encode_target(y.reset_index(drop=True))
    y_codes = y_codes.astype(_code_type(len(classes)))
    weights = np.ones(len(y)) if sample_weight is None else _sample_weights(sample_weight, len(y))
    return Encoded(tuple(attributes), tuple(columns), y_codes, tuple(classes), weights)


# The most the rows' weights may add up to: a node's Ent needs x·log2 x of its weight, which
# past ~1.77e305 is inf (weights of 1e305 each made the scores nan and growth fail with an
# IndexError, or never end). Totals up to here grow, prune and write their JSON (1e305 with
# unknown values, each algorithm and pruning method, warnings as errors).
MOST_WEIGHT = 1e305


def _sample_weights(sample_weight, n_rows: int) -> np.ndarray:
    """The rows' weights: one finite, non-negative number per row (a weight counts rows)."""
    try:
        weights = np.asarray(sample_weight, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise DataError("sample_weight must be numbers, one per row.") from None
    if len(weights) != n_rows:
        raise DataError(f"sample_weight has {len(weights)} values but there are {n_rows} rows.")
    if not np.isfinite(weights).all() or (weights < 0).any():
        raise DataError("sample_weight must be finite and not negative: a weight counts rows.")
    if n_rows and not (weights > 0).any():
        raise DataError("sample_weight gives every row the weight 0: no row is left to learn "
                        "from.")
    with np.errstate(over="ignore"):  # a sum past the largest float is inf, refused below
        total = weights.sum()
    if not total <= MOST_WEIGHT:
        raise DataError(f"sample_weight adds up to {total:g}, more than {MOST_WEIGHT:g}, where "
                        "a count's x·log2 x no longer fits in a float: divide every weight by "
                        "one number (Ent, Gain and Gini read only their ratios).")
    return weights


def sorted_column(column: np.ndarray) -> ColumnSort:
    """The column's sort: by the compiled kernel where available (the same arrays:
    tests/core/test_kernels.py), else from its dense ranks."""
    if kernels.available(len(column)):
        return kernels.column_sort(column)
    return column_sort(dense_rank(column), column)


def _run_start(column: np.ndarray, order: np.ndarray) -> np.ndarray:
    ordered = column.take(order)
    starts = np.empty(len(column), dtype=np.uint8)
    starts[:1] = 1
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:], casting="unsafe")
    starts.flags.writeable = False
    return starts


def dense_rank(values: np.ndarray) -> np.ndarray:
    """Equal values share a rank; unknown (NaN) values rank after every known one.

    np.unique's inverse, from one unstable argsort (NaN sorts last, -0.0 equals 0.0): about
    half of unique's time, which sorts more than once."""
    code = _code_type(len(values))
    order = np.argsort(values)
    ordered = values.take(order)
    step = np.empty(len(values), dtype=code)
    step[:1] = 0
    np.not_equal(ordered[1:], ordered[:-1], out=step[1:], casting="unsafe")
    if len(values) and np.isnan(ordered[-1]):  # NaN equals no NaN: one rank for them all
        step[np.searchsorted(ordered, np.nan) + 1:] = 0
    ranks = np.empty(len(values), dtype=code)
    ranks[order] = np.cumsum(step, dtype=code)
    return ranks


def _code_type(n_values: int):
    """The smallest signed integer type holding codes -1..n_values (memory: one per row)."""
    for kind in (np.int8, np.int16, np.int32):
        if n_values < np.iinfo(kind).max - 1:
            return kind
    return np.int64


def encode_like(X: pd.DataFrame, attributes: tuple[Attribute, ...]) -> tuple[np.ndarray, ...]:
    """Encode new rows with a fitted model's attributes (unseen nominal values become unknown)."""
    missing = [a.name for a in attributes if a.name not in X.columns]
    if missing:
        raise DataError(f"Columns missing for prediction: {', '.join(missing)}.")
    columns = []
    for a in attributes:
        if a.is_nominal:
            columns.append(encode_nominal(X[a.name], a.values)[0])
        else:
            columns.append(encode_continuous(continuous_numbers(X[a.name], a.name)))
    return tuple(columns)
