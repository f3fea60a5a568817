"""A node's test, in one home: its kind, its branches' conditions, routing rows, its text.

Kinds (TRACE.md's branch `op` in brackets):
- value:     one branch per value of a nominal attribute          (attribute = v)
- subset:    two branches, a nominal attribute's values split in two (attribute in {…})
- threshold: two branches of a continuous attribute                (attribute <= t, > t)
- linear:    two branches of a combination of continuous attributes (Σ wᵢ·aᵢ <= t, > t)

Every consumer (growing, prediction, path text, labels, DOT, rules) goes through this
module, so a new kind of test is added here and nowhere else. A row whose value is unknown
takes no branch (-1): `follow` sends it down every branch with weight × the branch's share
(Zhou §4.4.2).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd

from .counting import any_true
from .data import value_texts


def format_number(x: float, digits: int | None = None) -> str:
    """Whole numbers without decimals; others to `digits` decimals (None: 6 significant, or
    more where the whole part has more: 1000001.7, not 1e+06, which reads as a cut below
    the rows it sends left)."""
    x = float(x)
    if x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    if digits is not None:  # a rounding error below zero (-7.8e-19) reads 0.000, not -0.000
        text = f"{x:.{digits}f}"
        return text.lstrip("-") if float(text) == 0 else text
    return f"{x:.{significant_digits(x)}g}"


def threshold_text(t: float, significant: int | None = None) -> str:
    """A cut point as format_number writes it, or to `significant` digits: a split record's
    threshold_digits, where fewer would land on the wrong side of a training value (1.2345672
    between 1.2345671 and 1.2345673 is not 1.23457, above both; splitting.threshold_digits)."""
    x = float(t)
    if not math.isfinite(x) or (x.is_integer() and abs(x) < 1e15):
        return format_number(x)
    digits = significant_digits(x)
    # a table's column of digits is float with NaN where a row needs none (pandas)
    if significant and significant == significant:
        digits = max(int(significant), digits)
    return _exact_form(x, digits) or f"{x:.{digits}g}"


# A midpoint of two values of d significant digits has d + 1 at most: a cut with no form of
# up to this many within a few units in the last place is no midpoint of short decimals
# (a linear test's t, found by search; weights written to 4 digits make it approximate).
EXACT_DIGITS = 12
# ...unless the float arithmetic moved it: the midpoint of -43.6 and 48.8 is the float
# 2.599999999999998, five units in its last place from 2.6, as the operands' larger units
# allow. A cut that close to a short decimal (a millionth of that decimal's last unit, where
# an arbitrary float is one time in some 10^5) is such a midpoint: written as the float it is,
# since a typed 2.6 goes the other way.
DISPLACED = 1e-6


def _exact_form(x: float, digits: int) -> str | None:
    """x to `digits` significant digits or as many more as write it within a few units in
    the last place of the float (0.294 for 0.29400000000000004), so no number one could type
    lies between the cut as written and the cut the tree routes by (123456.875, not
    123456.9, below which a value of 123456.88 read while the tree sent it above); the
    float's own digits for a short decimal the arithmetic moved (DISPLACED); None when
    EXACT_DIGITS do not."""
    for places in range(digits, max(digits, EXACT_DIGITS) + 1):
        text = f"{x:.{places}g}"
        off = abs(float(text) - x)
        if off <= 4 * math.ulp(x):
            return text
        if off <= DISPLACED * _last_unit(text):
            return _round_trip(x, places)
    return None


def _last_unit(text: str) -> float:
    """The unit of a number's last written digit: 0.01 for '2.65', 10 for '1.2e+02' (read
    off the text: Decimal's parse doubled threshold_text's time on long floats)."""
    mantissa, _, exponent = text.partition("e")
    return 10.0 ** (int(exponent or 0) - len(mantissa.partition(".")[2]))


def _round_trip(x: float, places: int) -> str:
    """x to the fewest significant digits from `places` that read back as x itself (17
    always do)."""
    return next((text for more in range(places, 17) if float(text := f"{x:.{more}g}") == x),
                f"{x:.17g}")


def record_threshold_text(record: Mapping) -> str:
    """threshold_text of a score row's or a decision's threshold (with its digits, if any)."""
    return threshold_text(record["threshold"], record.get("threshold_digits"))


def written_decimals(number: str) -> int:
    """The decimal places of a number as written ('0.380': 3, '1.5e-07': 8, '1e3': 0)."""
    exponent = Decimal(number.replace("−", "-")).as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0  # 'n', 'F': not finite


def too_few_decimals(written: str, point: float, digits: int | None) -> bool:
    """Is a cut written with fewer decimals than its record writes it with, where six digits
    would misplace it (digits: the record's threshold_digits)? 1.23457 for 1.2345672, which
    lies between 1.2345671 and 1.2345673, sends both to one side: another cut."""
    return bool(digits) and written_decimals(written) < written_decimals(
        threshold_text(point, digits))


def significant_digits(x: float, least: int = 6) -> int:
    """format_number's significant digits for x: 6 (least), or one more than its whole part
    has, up to 17."""
    whole = len(str(int(abs(x)))) if np.isfinite(x) else 1
    return min(max(least, whole + 1), 17)


def distinct_labels(values, significant: int = 6,
                    own: Mapping[float, int] | None = None) -> dict[float, str]:
    """Each number to `significant` digits, or to as many more (up to 17) as tell them all
    apart, and never fewer than its whole part has (1000001.7 is not 1e+06) nor than its
    own digits (own: a cut point's threshold_digits, which keep it between its two values;
    labels.curve_digits); the same number for equal values. For thresholds a student
    chooses among."""
    distinct = sorted({float(v) for v in values})
    own = own or {}
    least = max((significant_digits(v, significant) for v in distinct), default=significant)
    for digits in range(least, 18):
        labels = {v: f"{v:.{max(digits, own.get(v) or 0)}g}" for v in distinct}
        if len(set(labels.values())) == len(labels):
            return labels
    return labels


def places_apart(pairs: Iterable[tuple[float, float]], decimals: int, most: int = 9) -> int:
    """The fewest decimals, from `decimals` up to `most`, at which the two numbers of every
    pair read apart: several comparisons written alike (a winner against each rival, values
    against one bound). A pair equal to `most` decimals is a tie and asks for none."""
    pairs = [(a, b) for a, b in pairs if f"{a:.{most}f}" != f"{b:.{most}f}"]
    for places in range(decimals, max(decimals, most) + 1):
        if all(f"{a:.{places}f}" != f"{b:.{places}f}" for a, b in pairs):
            return places
    return decimals


def places_among(values: Iterable[float], decimals: int, most: int = 9) -> int:
    """places_apart of every two of the values (NaN and None left out): a table's column read
    row against row, so two configurations side by side read alike only where they tie."""
    known = [v for v in values if v is not None and v == v]
    return places_apart(combinations(known, 2), decimals, most)


def told_apart(a: float, b: float, decimals: int, most: int = 9) -> tuple[str, str]:
    """a and b to `decimals` decimals, or to as many more (up to `most`) as shows them apart:
    a comparison that decided reads 0.02228 against 0.02227, not 0.022 against 0.022.
    Numbers equal to `most` decimals are shown to `decimals` (a tie is a tie)."""
    places = places_apart([(a, b)], decimals, most)
    return f"{a:.{places}f}", f"{b:.{places}f}"


def told_apart_percent(a: float, b: float, places: int = 1, most: int = 9) -> tuple[str, str]:
    """Two shares as percentages to `places` places (0.714 is 71.4%, as the book prints
    accuracies), or to as many more as show them apart: 49.925% against 49.875%, not 49.9%
    against 49.9% (told_apart of the percentages)."""
    shown = told_apart(100 * a, 100 * b, places, most)
    return f"{shown[0]}%", f"{shown[1]}%"


# A subset condition's sign as every text shows it (纹理 ∈ {稍糊,模糊}: the set's own sign, in
# either language), and as --force paths and node keys write it (TRACE.md's 'in', which a
# path may also write as ∈).
MEMBER, PATH_MEMBER = " ∈ ", " in "


def _same(text: str) -> str:
    return text


def _member_text(value: str, part: Callable[[str], str]) -> str:
    """A subset's member as written between the commas: a comma in it is '\\,' ('a,b' and c
    are not a, b, c) and, in a shown text, a backslash is '\\\\', so each text reads as one
    subset ({x\\, z} is not {x,z}); a path's `part` escapes its backslashes itself."""
    text = part(value)
    if part is _same:  # and a full-width comma, which a typed set splits at too (青绿，乌黑)
        text = text.replace("\\", "\\\\").replace("，", "\\，")
    return text.replace(",", "\\,")


def members_text(values, part: Callable[[str], str] = _same) -> str:
    """Values listed between commas, each as _member_text writes it: 青绿,乌黑 (a subset's
    members, and the classes a rule table's CSV says a class tied with): 'a\\, b,c' is two
    values, 'a,b,c' three, so a program splits the text where it is not escaped."""
    return ",".join(_member_text(str(v), part) for v in values)


@dataclass(frozen=True, slots=True)
class Condition:
    """The test on the edge from a parent: attribute op value (a linear one adds weights)."""

    attribute: str
    op: str  # "=", "<=", ">", "in"
    value: Any  # text, a float threshold, or a tuple of texts
    weights: tuple[tuple[str, float], ...] = ()  # linear tests: (attribute, weight) pairs
    # significant digits the threshold is written with where 6 would misplace it (None: 6)
    threshold_digits: int | None = field(default=None, compare=False)

    @property
    def json_value(self):
        """The value as TRACE.md writes it (a subset as a list)."""
        return list(self.value) if self.op == "in" else self.value

    def to_dict(self) -> dict:
        d = {"attribute": self.attribute, "op": self.op, "value": self.json_value}
        if self.weights:
            d["weights"] = dict(self.weights)
        if self.threshold_digits:  # absent unless needed, so other traces are unchanged
            d["threshold_digits"] = self.threshold_digits
        return d

    def by_rows(self) -> Condition:
        """The condition as the rows it holds read it: a side of a two-way split holding one
        value, 'A in {v}' (CART's), is 'A = v' (a multiway branch's, ID3's); others as they
        are."""
        if self.op == "in" and len(self.value) == 1:
            return Condition(self.attribute, "=", self.value[0])
        return self

    @classmethod
    def from_dict(cls, d: dict) -> Condition:
        value = tuple(d["value"]) if d["op"] == "in" else d["value"]
        weights = tuple((a, float(w)) for a, w in (d.get("weights") or {}).items())
        return cls(d["attribute"], d["op"], value, weights, d.get("threshold_digits"))

    def text(self, digits: int | None = None, part: Callable[[str], str] = _same,
             named: bool = True, number: Callable[[float], str] | None = None,
             member: str = MEMBER) -> str:
        """'纹理=清晰', '密度<=0.3815', '色泽 ∈ {青绿,乌黑}', '-0.8·密度 - 0.044·含糖率<=-0.313'.

        `part` escapes each name and value (paths escape '/' and '=' this way); named=False
        leaves the attribute out ('清晰', '<=0.3815', '∈ {青绿,乌黑}': a column of a table
        named after the attribute). `number` writes a threshold (paths: path_number);
        `member` the subset's sign (paths: PATH_MEMBER, the 'in' of --force paths).
        """
        name = part(self.attribute) if named else ""
        if self.op == "in":
            listed = members_text(self.value, part)
            return f"{name}{member}{{{listed}}}".strip()
        if self.op in ("<=", ">"):
            shown = number(self.value) if number is not None else \
                threshold_text(self.value, self.threshold_digits) if digits is None else \
                format_number(self.value, digits)
            return f"{name}{self.op}{shown}"
        return f"{name}={part(str(self.value))}" if named else part(str(self.value))

    def holds(self, table) -> np.ndarray:
        """Rows of a table (raw values, a DataFrame) that satisfy the condition. A row with an
        unknown value does not: a rule, unlike the tree, has no branches to share it with."""
        if self.op in ("<=", ">"):
            x = linear_values(table, self.weights) if self.weights else \
                pd.to_numeric(table[self.attribute], errors="coerce").to_numpy(dtype=float)
            with np.errstate(invalid="ignore"):
                test = x <= self.value if self.op == "<=" else x > self.value
            return ~np.isnan(x) & test
        column = table[self.attribute]
        allowed = self.value if self.op == "in" else (self.value,)
        # the text the tree named the values by: 3.0 (codes with blanks, read as floats) is 3
        texts = value_texts(column).astype(str).to_numpy(dtype=object)
        return column.notna().to_numpy() & np.isin(texts, [str(v) for v in allowed])


def linear_values(table, weights) -> np.ndarray:
    """Σ wᵢ·aᵢ per row (NaN where any aᵢ is unknown)."""
    return sum(w * pd.to_numeric(table[a], errors="coerce").to_numpy(dtype=float)
               for a, w in weights)


def linear_combination(columns: Mapping[str, np.ndarray], weights) -> np.ndarray:
    """Σ wᵢ·aᵢ per row of encoded columns (NaN where any aᵢ is unknown), added in the
    weights' order: the one computation a linear test is learned, routed and predicted by."""
    return sum(w * columns[a] for a, w in weights)


def linear_text(weights: tuple[tuple[str, float], ...], digits: int | None = 3) -> str:
    """'-0.800·密度 - 0.044·含糖率': the name a linear test goes by."""
    terms = []
    for i, (name, w) in enumerate(weights):
        number = format_number(abs(w), digits) if digits is None else f"{abs(w):.{digits}f}"
        sign = ("-" if w < 0 else "") if i == 0 else (" - " if w < 0 else " + ")
        terms.append(f"{sign}{number}·{name}")
    return "".join(terms)


def tried_test_name(tried: Mapping) -> str:
    """The name of a linear test an oblique node tried and set aside (its decision's
    `linear_candidate`): as oblique.written wrote it, or, for a trace written before it kept
    one, its weights to linear_text's digits."""
    return tried.get("name") or linear_text(tuple(dict(tried["weights"]).items()))


@dataclass(frozen=True)
class Split:
    """A node's test. `values` holds each branch's value (value) or the two sides (subset)."""

    kind: str  # "value" | "subset" | "threshold" | "linear"
    attribute: str  # the attribute, or a linear test's text
    values: tuple = ()
    threshold: float | None = None
    weights: tuple[tuple[str, float], ...] = ()
    threshold_digits: int | None = field(default=None, compare=False)  # see threshold_text

    @classmethod
    def of_conditions(cls, conditions) -> Split:
        """The split whose branches carry these conditions (the children's, in order)."""
        first = conditions[0]
        if first.weights:
            return cls("linear", first.attribute, threshold=float(first.value),
                       weights=first.weights, threshold_digits=first.threshold_digits)
        if first.op in ("<=", ">"):
            return cls("threshold", first.attribute, threshold=float(first.value),
                       threshold_digits=first.threshold_digits)
        if first.op == "in":
            return cls("subset", first.attribute, tuple(tuple(c.value) for c in conditions))
        return cls("value", first.attribute, tuple(str(c.value) for c in conditions))

    @property
    def tested_value(self) -> str | None:
        """The value a of a two-way subset split with a alone on a side (the first side's
        when both are): it tests A = a (Li Hang's eq. 5.25). None for other splits."""
        if self.kind != "subset" or len(self.values) != 2:
            return None
        alone = [side for side in self.values if len(side) == 1]
        return str(alone[0][0]) if alone else None

    def conditions(self) -> tuple[Condition, ...]:
        """One condition per branch, in branch order (made once: every child of a node and
        every score row asks its parent's split for them)."""
        return self._conditions

    @cached_property
    def _conditions(self) -> tuple[Condition, ...]:
        if self.kind in ("threshold", "linear"):
            return tuple(Condition(self.attribute, op, float(self.threshold), self.weights,
                                   self.threshold_digits) for op in ("<=", ">"))
        op = "in" if self.kind == "subset" else "="
        return tuple(Condition(self.attribute, op, v) for v in self.values)

    def route(self, columns: Mapping[str, np.ndarray], attributes: Mapping) -> np.ndarray:
        """Branch index of every row (-1: the value is unknown).

        columns: attribute name -> encoded column (nominal codes into the attribute's values,
        -1 unknown; continuous floats, NaN unknown); attributes: name -> Attribute.
        """
        if self.kind == "linear":
            return threshold_branch(linear_combination(columns, self.weights), self.threshold)
        codes = columns[self.attribute]
        if self.kind == "threshold":
            return threshold_branch(codes, self.threshold)
        known_values = attributes[self.attribute].values
        return value_branch(codes, branch_of_value(known_values, self.values, self.kind))


def branch_of_value(known_values, branch_values, kind: str) -> np.ndarray:
    """For each of an attribute's values, the branch it goes down (-1: none)."""
    where = {}
    for b, value in enumerate(branch_values):
        for v in (value if kind == "subset" else (value,)):
            where[str(v)] = b
    return np.array([where.get(str(v), -1) for v in known_values], dtype=np.int64)


def threshold_branch(x: np.ndarray, threshold) -> np.ndarray:
    """0 for x <= t, 1 for x > t, -1 for an unknown x; t may be one per row (a split's
    number, never NaN). (x > t, cast: two passes where nested np.where took five, and not
    x ≤ t took three, at every depth; the unknowns are marked only where there are some.)"""
    branch = np.greater(x, threshold).astype(np.int64)
    unknown = np.isnan(x)
    if any_true(unknown):
        branch[unknown] = -1
    return branch


def value_branch(codes: np.ndarray, branch_of: np.ndarray, at=None) -> np.ndarray:
    """Branch of each nominal code through a lookup; a 2-D lookup has a row per node and
    `at` says each code's node (the grower routes a whole depth at once)."""
    codes = np.asarray(codes, dtype=np.int64)
    known = np.maximum(codes, 0)
    if branch_of.shape[-1] == 0:
        return np.full(len(codes), -1, dtype=np.int64)
    looked = branch_of[known] if at is None else branch_of[at, known]
    return np.where(codes < 0, -1, looked).astype(np.int64)


def follow(branch: np.ndarray, shares: np.ndarray) -> Iterator[tuple[int, np.ndarray,
                                                                    np.ndarray]]:
    """For each branch b: (b, which rows go down it, their weight factor).

    A row with a known value goes down its own branch with factor 1; a row whose value is
    unknown (-1) goes down every branch with factor r̃_b, the branch's share.
    """
    unknown = branch < 0
    for b, share in enumerate(shares):
        take = (branch == b) | unknown
        yield b, take, np.where(unknown[take], share, 1.0)
