"""Score every candidate attribute for a whole batch of nodes at once.

A batch is the open nodes of one depth: entries (data row, weight, node) in flat arrays.
Counting is numpy on integer codes: bincount for nominal attributes, one sort per
continuous attribute with cumulative class counts for every midpoint (Zhou §4.4.1).

Batch invariance: every number computed for a node depends only on that node's entries, in
their order within the node, never on the other nodes sharing the batch. bincount adds in
input order; sums over classes, values and branches run one slice at a time in index order
(criteria.total, never BLAS or einsum, whose kernels change with the shapes); running sums
over sorted entries restart at every node (counting.segment_cumsum) unless every weight is
a whole number, when a running sum over the whole batch is exact.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache, lru_cache
from itertools import combinations

import numpy as np

from . import kernels
from .counting import (
    HUGE_WEIGHT,
    TABLE_LIMIT,
    TINY_WEIGHT,
    all_true,
    any_true,
    count_true,
    distinct_indices,
    fits_group_order,
    group_order,
    order_of_distinct,
    row_sums,
    segment_cumsum,
    sorted_counts,
    starts_of,
    xlogx,
    xlogx_table,
)
from .criteria import entropy, gini, split_scores, total, weighted_mean
from .data import Encoded
from .paths import same_threshold
from .split import significant_digits

# Nominal attributes with at most this many values get CART's exhaustive two-way search.
EXACT_PARTITION_LIMIT = 10


def partition_search(k: int) -> str | None:
    """How best_partition searches the two-way partitions of an attribute of k values (the
    attribute's, not a node's: its tables have a column per value, held or not):
    "exhaustive", all 2^(k-1)-1 of them, up to EXACT_PARTITION_LIMIT values; "ordered",
    the k-1 cuts of Breiman's ordering, beyond; None below two values (nothing to part)."""
    if k < 2:
        return None
    return "exhaustive" if k <= EXACT_PARTITION_LIMIT else "ordered"


# Scores within this relative margin of each other are tied ...
TIE_RTOL = 1e-12
# ... and never closer than this (scores are in bits or Gini units, at most a few): near 0
# a relative margin is no margin at all, and a mathematical 0 comes out of the arithmetic as
# ±1e-17 (pure sides with missing values' fractional weights), one threshold's noise beating
# the smaller t it ties with.
TIE_ATOL = 1e-12

SCORE_FIELDS = ("rho", "entropy_known", "entropy_after", "gain", "iv", "gain_ratio",
                "gini_known", "gini_index", "gini_gain")


@dataclass
class Batch:
    """Entries reaching the open nodes of one depth."""

    rows: np.ndarray
    weight: np.ndarray
    node: np.ndarray
    n_nodes: int
    # each node's class weights (n_nodes, C), Ent and Gini, where the grower has them (the
    # sorts of whole weights read them: the same whole numbers, and so the same impurities)
    counted: tuple | None = field(default=None, repr=False, compare=False)
    # {continuous attribute: (rows, step)}: the parent depth's sort of each (its rows grouped
    # by parent node in the column's order, and where their values step up), where the compiled
    # sort made it and no row is in two nodes. A child's rows in that order are a stable
    # partition of its parent's, found in one pass over the parent's entries instead of the
    # column's rows (_sorted_order); each is dropped once read.
    parent_sorts: dict | None = field(default=None, repr=False, compare=False)
    # this batch's own sorts of that kind, for its children's batch (growing._children)
    sorts_for_children: dict = field(default_factory=dict, init=False, repr=False,
                                     compare=False)
    # facts every attribute's scoring shares (see _batch_facts); filled on first use
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # is every weight 1? None until asked (unit_weights); passed on to a batch of some of
    # these entries with their weights (select, a depth's children where none is spread)
    unit: bool | None = field(default=None, repr=False, compare=False)

    def unit_weights(self) -> bool:
        """Is every entry's weight 1? (Asked of the weights once: the root's answer holds at
        every depth of a tree with no unknown value spread.)"""
        if self.unit is None:
            self.unit = all_true(self.weight == 1)
        return self.unit

    def select(self, keep_nodes: np.ndarray) -> Batch:
        """The entries of the nodes flagged in keep_nodes, renumbered 0..k-1."""
        kept = count_true(keep_nodes)
        if kept == self.n_nodes:  # the same entries: shared, not copied
            return Batch(self.rows, self.weight, self.node, self.n_nodes,
                         parent_sorts=self.parent_sorts, unit=self.unit)
        mask = keep_nodes.take(self.node)
        rows = self.rows[mask]
        # one node kept (a deep chain's every depth): each entry is node 0, with no lookup
        node = np.zeros(len(rows), dtype=np.int64) if kept == 1 else \
            (keep_nodes.cumsum() - 1)[self.node[mask]]
        return Batch(rows, self.weight[mask], node, kept, parent_sorts=self.parent_sorts,
                     unit=self.unit)


def training_set(enc: Encoded) -> Batch:
    """D at the root: every row of some weight. A row of weight 0 counts nowhere, and is left
    out here as it is from every branch (it would put a midpoint between rows of no weight)."""
    rows = np.flatnonzero(enc.weights > 0)
    return Batch(rows, enc.weights.take(rows).astype(float), np.zeros(len(rows), dtype=np.int64), 1)


def midpoint(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The cut between values a < b: (a + b) / 2 elementwise, which routing (≤ t) must find
    between them. Where a + b is beyond the largest float it is halved first (the same number
    as halving the exact sum); where a and b are adjacent floats and the halfway point rounds
    up to b, the cut is a itself (≤ a is the same rows, and b would send them all left)."""
    with np.errstate(over="ignore", invalid="ignore"):
        mid = (a + b) / 2
        if any_true(np.isinf(mid)):  # only then can a finite sum have overflowed: rarely
            overflowed = np.isinf(mid) & np.isfinite(a) & np.isfinite(b)
            if any_true(overflowed):
                mid = np.where(overflowed, np.asarray(a) / 2 + np.asarray(b) / 2, mid)
        rounded_up = mid >= b
        if not any_true(rounded_up):  # the usual case: asked once
            return mid
        rounded_up &= a < b  # rarely: only then ask which have a < b (one pass, not two)
    return np.where(rounded_up, a, mid) if any_true(rounded_up) else mid


def threshold_digits(t: np.ndarray, below: np.ndarray, above: np.ndarray) -> np.ndarray | None:
    """The significant digits threshold_text needs to write each cut t between the values
    below ≤ t < above so the written number is still between them (0: format_number's
    own 6 do; None: they do everywhere). Only a cut a vectorised bound cannot clear is
    written out and checked (few: below 14 digits the bound clears a cut whose gap to
    each neighbour is over half a unit of its sixth significant digit, about 5e-6 of t
    near 1; from 14 digits every cut is checked)."""
    t = np.asarray(t, dtype=float)
    fraction = t != t.round()  # NaN too; inf is whole
    if not any_true(fraction):  # every cut whole (below): none is suspect, no bound to compute
        return None
    below, above = np.asarray(below, dtype=float), np.asarray(above, dtype=float)
    with np.errstate(all="ignore"):
        size = np.abs(t)
        exponent = np.floor(np.log10(np.where(size > 0, size, 1.0)))
        own = np.minimum(np.maximum(6, exponent + 2), 17)  # significant_digits, as a bound
        slack = 0.505 * 10.0 ** (exponent - own + 1)  # a rounding's reach, with a margin
        # from 14 digits a value's shortest form may sit a half-ulp from its float, past
        # the slack's margin: such a cut is checked as written, not cleared by the bound
        clear = (t - below > slack) & (above - t > slack) & (own < 14)
        suspect = np.isfinite(t) & np.isfinite(below) & np.isfinite(above) & fraction & ~clear
    # a whole t is written whole (exactly t) below 1e15; above, format_number already takes
    # the 17 digits a check could ask for at most (the float reads back; its decimal form
    # may still read past a neighbour's shortest one, as for 1e23 and the float below it)
    if not any_true(suspect):
        return None
    digits = np.zeros(len(t), dtype=np.int8)
    for i in np.flatnonzero(suspect).tolist():
        digits[i] = _fewest_digits(float(t[i]), float(below[i]), float(above[i]))
    return digits if digits.any() else None


def _fewest_digits(t: float, below: float, above: float) -> int:
    """The fewest significant digits (0 where format_number's own do) at which t reads
    between the two values as the data write them (their shortest form), and as a float
    read back from it routes them (a number written with 16 digits can read back as the
    float above it)."""
    low, high = Decimal(repr(below)), Decimal(repr(above))
    own = significant_digits(t)
    for digits in range(own, 18):
        written = f"{t:.{digits}g}"
        if low <= Decimal(written) < high and below <= float(written) < above:
            return 0 if digits == own else digits
    return 17


@dataclass
class AttributeScores:
    """One attribute's scores at every node of a batch (arrays have the node axis first)."""

    scores: dict[str, np.ndarray]
    branch_counts: np.ndarray  # (m, B, C) known rows per branch of the split the algorithm uses
    branch_n: np.ndarray  # (m, B)
    unknown: np.ndarray  # (m, C) weight of rows with an unknown value, by class
    n_distinct: np.ndarray  # (m,) distinct known values at the node
    gini_index_multiway: np.ndarray | None = None
    gini_index_binary: np.ndarray | None = None
    left: np.ndarray | None = None  # (m, k) bool: binary nominal partition, True = left side
    threshold: np.ndarray | None = None
    threshold_digits: np.ndarray | None = None  # (m,) int8, where a cut needs them
    curve: dict[str, np.ndarray] = field(default_factory=dict)  # flat, with "offsets" (m+1)
    forced_threshold: np.ndarray | None = None  # (m,) bool: cut where a force said (--force a@t)
    # (m, k, C) a two-way nominal attribute's known weight per value, by class: the counts
    # of every one-value split A = a (Li Hang's Gini(D, A=a), eq. 5.25), not only the best
    # partition's two sides. A viewer's scoring only (growth reads the sides).
    value_counts: np.ndarray | None = None


class _Mode(threading.local):
    lean = False  # every thread's, until a growing() block of its own sets it


_MODE = _Mode()


class _Growing:
    """A growing() block: the thread's mode set within it and the one before restored on
    leaving (a class, not contextlib's generator, which made ten calls of each block: two
    blocks at every depth of a deep chain)."""

    __slots__ = ("lean", "before")

    def __init__(self, lean: bool):
        self.lean = lean

    def __enter__(self) -> None:
        self.before, _MODE.lean = _MODE.lean, self.lean

    def __exit__(self, *exc) -> None:
        _MODE.lean = self.before


def growing(lean: bool = True) -> _Growing:
    """Score for growing only: the chosen splits and the table the rule ranks, without what
    only a viewer shows (the curves, CART's multiway Gini_index, the best threshold by the
    criterion the algorithm does not cut by). The grower releases each depth's arrays once
    decided; a viewer's request rescores the depth in full, to the same bits.
    growing(lean=False) scores in full within it (a small depth kept whole, see scoretable)."""
    return _Growing(lean)


def growing_only() -> bool:
    return _MODE.lean


def node_class_counts(enc: Encoded, batch: Batch) -> tuple[np.ndarray, np.ndarray]:
    """Class weights (m, C) and entry counts (m,) of every node."""
    n_classes, m = len(enc.classes), batch.n_nodes
    key = batch.node * n_classes + enc.y.take(batch.rows)
    if batch.unit_weights():  # every weight 1: the class weights are the entries counted, and
        # each node's entries their sum (one count, not two; the same whole numbers)
        counts = np.bincount(key, None, m * n_classes).reshape(m, n_classes)
        return counts.astype(float), np.add.reduce(counts, axis=1)
    counts = np.bincount(key, batch.weight, m * n_classes)
    return counts.reshape(m, n_classes), np.bincount(batch.node, None, m)


def score_nominal(enc: Encoded, j: int, batch: Batch, binary: bool) -> AttributeScores:
    """Multiway (ID3/C4.5) or best two-way (CART) split on nominal attribute j."""
    return _score_nominal_stack(enc, [j], batch, binary)[0]


# Entries × attributes counted in one stack by score_nominal_together (its arrays of that
# length are a few; a small depth's time is mostly numpy's fixed cost per call), and the
# (node, value, class) cells of its count table.
NOMINAL_STACK = 1 << 18
NOMINAL_CELLS = 1 << 18


def score_nominal_together(enc: Encoded, js: list[int], batch: Batch, binary: bool,
                           beat: np.ndarray | None = None,
                           gini_only: bool = False) -> list[AttributeScores]:
    """score_nominal of each attribute of js, scored as stacks of (attribute, node) pairs,
    each pair by the same operations as a node alone, so every number is the same bits;
    numpy's fixed cost per call is paid once per stack instead of once per attribute.

    A stack holds attributes with as many values, or for CART's exhaustive search any
    number (2 to EXACT_PARTITION_LIMIT): the fewer values are padded with empty ones, which
    the search leaves out as it does a value no entry has (see _exact_partition).

    beat (m,): while growing by the largest gini_gain, each node's best split among the
    attributes scored before; the search leaves out a node no partition can reach
    (partition_bound), and each stack's splits raise beat for the stacks after it.
    gini_only: CART's two-way splits are scored by the Gini scores alone (split_scores)."""
    alike: dict[int, list[int]] = {}
    for j in js:
        k = len(enc.attributes[j].values)
        exhaustive = binary and partition_search(k) == "exhaustive"
        alike.setdefault(0 if exhaustive else k, []).append(j)
    found = {}
    for members in alike.values():
        k = max(len(enc.attributes[j].values) for j in members)
        per_stack = _nominal_per_stack(len(batch.rows), batch.n_nodes * (k + 1) * len(enc.classes))
        for i in range(0, len(members), per_stack):
            stack = members[i:i + per_stack]
            scored = _score_nominal_stack(enc, stack, batch, binary, beat, gini_only)
            found.update(zip(stack, scored, strict=True))
            if beat is not None:  # a partition found is one the next attributes must reach
                beat = best_gini_gain(scored, beat)
    return [found[j] for j in js]


def best_gini_gain(found: list[AttributeScores], beat: np.ndarray) -> np.ndarray:
    """Each node's largest gini_gain over beat (m,) and these attributes' splits where they
    are candidates (two distinct known values): a split some attribute has, to be beaten."""
    best = beat.copy()
    for s in found:
        gain = s.scores["gini_gain"]
        np.fmax(best, np.where((s.n_distinct >= 2) & np.isfinite(gain), gain, -np.inf), out=best)
    return best


def _nominal_per_stack(entries: int, cells: int) -> int:
    """How many attributes one stack takes: within NOMINAL_STACK entries, and within
    NOMINAL_CELLS cells of the (node, value, class) table each brings (many nodes × many
    values would otherwise hold that table, and its scores, several times over)."""
    return max(1, min(NOMINAL_STACK // max(entries, 1), NOMINAL_CELLS // max(cells, 1)))


def _score_nominal_stack(enc: Encoded, js: list[int], batch: Batch, binary: bool,
                         beat: np.ndarray | None = None,
                         gini_only: bool = False) -> list[AttributeScores]:
    """score_nominal of attributes js, row a·m + node holding attribute js[a] at node, its
    values padded with empty ones to the most any has (only for the exhaustive search)."""
    ks = [len(enc.attributes[j].values) for j in js]
    k, n_classes, m, a = max(ks), len(enc.classes), batch.n_nodes, len(js)
    facts = _batch_facts(enc, batch)  # the continuous attributes' sorts share them too
    if facts["unit"]:  # every weight 1: counted as integers, and the entries per slot with them
        whole = _whole_counts(enc, js, batch, facts, k)
        n, counts = row_sums(whole), whole.astype(float)  # the same numbers as summed 1.0s
        del whole
    else:
        slot, key = _cells(enc, js, batch, k, facts)
        counts = np.bincount(key.ravel(), batch.weight if a == 1 else np.tile(batch.weight, a),
                             a * m * (k + 1) * n_classes).reshape(a * m, k + 1, n_classes)
        n = np.bincount(slot.ravel(), None, a * m * (k + 1)).reshape(a * m, k + 1)
    unknown, by_value, n_by_value = counts[:, 0, :], counts[:, 1:, :], n[:, 1:]
    unknown_weight = total(unknown)
    value_weight = total(by_value)
    # CART only shows the multiway Gini_index: the same bits split_scores would give it
    if binary:
        multiway = {} if growing_only() else {
            "gini_index": weighted_mean(gini(by_value), value_weight)}
    else:
        multiway = split_scores(by_value, unknown_weight)
    compact_n = n_by_value.astype(np.int32) if len(batch.rows) < 2**31 else n_by_value
    result = AttributeScores(multiway, by_value, compact_n, unknown,
                             row_sums(value_weight > 0),
                             gini_index_multiway=multiway.get("gini_index"))
    if binary:  # otherwise the best partition is only shown, and found when a row is asked for
        ranks = np.stack([np.concatenate([text_ranks(enc.attributes[j]), np.arange(kj, k)])
                          for j, kj in zip(js, ks, strict=True)])  # padding: last as text
        hopeless = None if beat is None else partition_bound(
            by_value, unknown_weight, value_weight, np.tile(beat, a))
        left, _, two = _best_partition(by_value, ranks, n_by_value > 0, hopeless,
                                       len(batch.rows))
        result.left = left
        two_n = np.empty((a * m, 2), dtype=n_by_value.dtype)
        two_n[:, 0] = row_sums(left * n_by_value)
        np.subtract(row_sums(n_by_value), two_n[:, 0], out=two_n[:, 1])
        result.scores = split_scores(two, unknown_weight, gini_only)
        # the split's Gini_index is the best partition's: one number, not the search's sum
        # beside it (the two orders of summation could differ in the last bit)
        result.gini_index_binary = result.scores["gini_index"]
        result.branch_counts, result.branch_n = two, two_n
        if not growing_only():
            result.value_counts = by_value
    return _unstack_nominal(result, ks, m)


def _slots(enc: Encoded, js: list[int], batch: Batch, k: int) -> np.ndarray:
    """(a, entries): each entry's cell of (attribute, node, value + 1), unknown first."""
    m, a = batch.n_nodes, len(js)
    slot = batch.node * (k + 1) + 1
    if a > 1:
        slot = slot + np.arange(0, a * m * (k + 1), m * (k + 1))[:, None]
    slot += np.stack([enc.columns[j].take(batch.rows) for j in js]) if a > 1 \
        else enc.columns[js[0]].take(batch.rows)
    return slot


def _cells(enc: Encoded, js: list[int], batch: Batch, k: int,
           facts: dict) -> tuple[np.ndarray, np.ndarray]:
    """(_slots, each entry's cell of (attribute, node, value + 1, class)): the keys numpy
    counts the entries and weights by."""
    slot = _slots(enc, js, batch, k)
    key = slot * len(enc.classes)
    key += facts["y"]
    return slot, key


def _whole_counts(enc: Encoded, js: list[int], batch: Batch, facts: dict,
                  k: int) -> np.ndarray:
    """(a·m, k + 1, C) int64: the entries of each (attribute, node, value + 1, class), every
    weight 1: by the compiled count where available (the same whole numbers), else numpy's
    count of each entry's cell."""
    m, a, n_classes = batch.n_nodes, len(js), len(enc.classes)
    if kernels.available(len(batch.rows)):
        whole = np.zeros((a * m, k + 1, n_classes), dtype=np.int64)
        if "y32" not in facts:
            facts["y32"] = facts["y"].astype(np.int32)
        for b, j in enumerate(js):
            kernels.count_cells(enc.columns[j], batch.rows, batch.node, facts["y32"],
                                whole[b * m:(b + 1) * m])
        return whole
    key = _cells(enc, js, batch, k, facts)[1]
    return np.bincount(key.ravel(), None, a * m * (k + 1) * n_classes).reshape(
        a * m, k + 1, n_classes)


def _unstack_nominal(result: AttributeScores, ks: list[int], m: int) -> list[AttributeScores]:
    """One AttributeScores per block of m rows of a stacked nominal scoring (views), with
    attribute b's ks[b] values (only CART's are padded: its left masks)."""
    if len(ks) == 1:
        return [result]
    parts = []
    for b, k in enumerate(ks):
        cut = slice(b * m, (b + 1) * m)
        part = AttributeScores({f: v[cut] for f, v in result.scores.items()},
                               result.branch_counts[cut], result.branch_n[cut],
                               result.unknown[cut], result.n_distinct[cut])
        if result.gini_index_multiway is not None:  # the Gini_index itself, or its own array
            part.gini_index_multiway = part.scores["gini_index"] \
                if result.gini_index_multiway is result.scores.get("gini_index") \
                else result.gini_index_multiway[cut]
        if result.gini_index_binary is not None:  # CART's: the Gini_index itself
            part.gini_index_binary = part.scores["gini_index"]
            part.left = result.left[cut, :k]
        if result.value_counts is not None:
            part.value_counts = result.value_counts[cut, :k]
        parts.append(part)
    return parts


def _masked_sum(mask: np.ndarray, by_value: np.ndarray) -> np.ndarray:
    """(m, C): Σ over the values v with mask[:, v] of by_value[:, v], in value order."""
    out = np.zeros((by_value.shape[0], by_value.shape[2]))
    for v in range(by_value.shape[1]):
        out += np.where(mask[:, v, None], by_value[:, v], 0.0)
    return out


def text_ranks(attribute) -> np.ndarray:
    """Each value's place when the attribute's values are sorted as text (read-only)."""
    return _text_ranks(tuple(attribute.values))


@lru_cache(maxsize=64)
def _text_ranks(values: tuple) -> np.ndarray:
    ranks = np.argsort(np.argsort(np.array(values, dtype=str), kind="stable"))
    ranks.flags.writeable = False
    return ranks


def best_partition(by_value: np.ndarray, text_rank=None) -> tuple[np.ndarray, np.ndarray]:
    """CART's best two-way partition of the values at each node: (left mask, Gini_index).

    Exhaustive over all 2^(k-1)-1 partitions for k <= EXACT_PARTITION_LIMIT; otherwise values
    are ordered by the share of the node's majority class and the best of the k-1 cuts is
    taken (Breiman et al. 1984, Thm 4.5: exact for two classes, a heuristic beyond).
    Equal partitions are told apart by the values' text (text_rank: each value's place in
    sorted order), not by their order of appearance, so row order never changes the split.
    """
    left, index, _ = _best_partition(by_value, text_rank)
    return left, index


def _best_partition(by_value: np.ndarray, text_rank=None, weighted=None, hopeless=None,
                    entries: int = 0):
    """best_partition, and the class weights (m, 2, C) of the two sides as listed: the bits
    _masked_sum gives for the left mask and for its complement. weighted (m, k), when given,
    is True at least where a value has weight at a node (entries there, say). text_rank may
    be (B, k): a stack of B attributes with as many values, m / B rows (nodes) each.
    hopeless (m,): nodes the exhaustive search may leave out (partition_bound). entries:
    the batch's, which decide whether the kernels are worth loading (kernels.available)."""
    m, k = by_value.shape[:2]
    text_rank = np.arange(k)[None] if text_rank is None else np.atleast_2d(text_rank)
    search = partition_search(k)
    if search == "exhaustive":
        return _exact_partition(by_value, text_rank, weighted, hopeless, entries)
    if search is None:
        left, index = np.ones((m, k), dtype=bool), gini(total(by_value, 1))
    else:
        masks = ordered_cut_masks(by_value, np.repeat(text_rank, m // len(text_rank), axis=0))
        left, index = _best_of_lefts(by_value, _ordered_cut_sums(by_value, masks), masks)
        # The side holding the first value seen is listed first, as the book draws branches.
        left = np.where(left[:, :1], left, ~left)
    sides = np.stack([_masked_sum(left, by_value), _masked_sum(~left, by_value)], axis=1)
    return left, index, sides


# Candidates (node × subset) that cost about as much as one more group's numpy calls
# (_search_groups), and the table entries (node × subset × class) searched at once: the
# arrays of one search stay small enough to be reused, not mapped afresh (_search).
SUBSETS_PER_GROUP = 3000
CHUNK = 1 << 16


def _exact_partition(by_value: np.ndarray, text_rank: np.ndarray, weighted=None,
                     hopeless=None, entries: int = 0):
    """The exhaustive search of _best_partition, k <= EXACT_PARTITION_LIMIT (text_rank (B, k)).

    Every candidate holds `first` (the value first as text) on its left, and ties go to the
    one all_partitions lists first (by size, then by the text ranks of its values). A value
    with no weight at a node adds exact zeros to a side's sums, so moving it between sides
    leaves every bit of the Gini_index as it was, and of those equals the one listed first
    puts it on the right (the smaller side): a node is searched over its weighted values and
    `first` only, 2^(d-1) subsets instead of 2^(k-1).

    A hopeless node is not searched: it gets {first} against the rest, a real partition (its
    numbers are those of that split), which cannot win there (see partition_bound).
    """
    m, k, n_classes = by_value.shape
    listed = [_partition_codes(k, tuple(ranks)) for ranks in text_rank.tolist()]
    codes = listed[0][0][:, None] if len(listed) == 1 else np.stack([c for c, _ in listed], 1)
    place = listed[0][1][None] if len(listed) == 1 else np.stack([p for _, p in listed])
    block = np.repeat(np.arange(len(text_rank)), m // len(text_rank))  # each row's attribute
    first = np.argmin(text_rank, axis=1)[block]
    weighted = by_value.any(axis=2) if weighted is None else weighted.copy()
    weighted[np.arange(m), first] = True
    code = np.empty(m, dtype=np.int64)
    index = np.empty(m)
    sums = np.empty((m, 3, n_classes))  # the left side, the right side, the node
    some_hopeless = hopeless is not None and hopeless.any()
    # the batch's entries, as the other kernels are asked, not the m·2^k candidates: a small
    # table's deep CART search (a few hundred rows) would load numba (95 MB, 0.4-3 s)
    if kernels.available(entries) and kernels.best_subsets(
            by_value, weighted, first, place, block,
            ~hopeless if some_hopeless else np.ones(m, dtype=bool), TIE_RTOL, TIE_ATOL,
            code, index, sums):
        return _listed_left_first(code, index, sums, k)
    groups = _search_groups(weighted, k)
    if some_hopeless:
        groups = _leave_out(groups, hopeless)
        _first_against_rest(by_value, first, hopeless, code, index, sums)
    for nodes, d in groups:
        step = max(1, CHUNK // ((1 << d) * max(n_classes, 1)))
        for i in range(0, m if nodes is None else len(nodes), step):
            part = slice(i, i + step) if nodes is None else nodes[i:i + step]
            code[part], index[part], sums[part] = _search(
                by_value[part], None if d == k else weighted[part], d, first[part],
                codes if len(listed) == 1 else codes[:, block[part]], place, block[part])
    return _listed_left_first(code, index, sums, k)


def _listed_left_first(code, index, sums, k: int):
    """_exact_partition's (left, index, sides) from each node's chosen code: a node with no
    two-sided partition gets its Gini; the side holding value 0 is listed first."""
    # No two-sided partition (at most one weighted value): the first listed, {first} alone.
    lone = ~np.isfinite(index)
    if lone.any():
        index[lone] = gini(sums[lone, 2])
    left = ((code[:, None] >> np.arange(k)) & 1).astype(bool)
    # The side holding the first value seen is listed first, as the book draws branches.
    swap = ~left[:, 0]
    left[swap] = ~left[swap]
    sums[swap, :2] = sums[swap, 1::-1]
    return left, index, sums[:, :2]


def partition_bound(by_value: np.ndarray, unknown_weight: np.ndarray,
                    value_weight: np.ndarray, beat: np.ndarray) -> np.ndarray:
    """Nodes (rows of by_value (m, k, C)) where no two-way partition of the values can reach
    beat, the best gini_gain of another attribute, even within the tie tolerance; those with
    at most two weighted values (one partition, nothing to search) are never listed.

    Merging values never lowers the weighted Gini of the known rows (Gini is concave), so
    the multiway split's Gini_index is a lower bound on every partition's, and
    ρ·(Gini(D̃) − that bound) an upper bound on their gini_gain. It is computed from shares
    (ρ·(Σ_v w_v/W · Σ_c (n_vc/w_v)² − Σ_c (N_c/W)²), W the known weight), as split_scores
    computes, so it does not depend on the weights' scale: squared weights of 1e-160 would
    vanish. The margin (1e-9 relative and 1e-12, far beyond the rounding of either formula)
    keeps a node whose partition might tie with beat; a bound that is not finite cuts
    nothing."""
    value_weight = np.asarray(value_weight, dtype=float)
    known = total(value_weight)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_value = by_value / np.where(value_weight > 0, value_weight, 1.0)[..., None]
        share = value_weight / known[:, None]
        p_known = total(by_value, 1) / known[:, None]
        bound = known / (known + unknown_weight) * (
            total(share * total(p_value * p_value)) - total(p_known * p_known))
    many = row_sums(value_weight > 0) >= 3
    return many & np.isfinite(bound) & (bound < beat - 1e-9 * np.abs(beat) - 1e-12)


def _leave_out(groups: list, hopeless: np.ndarray) -> list:
    """_search_groups' groups without the hopeless nodes."""
    kept = []
    for nodes, d in groups:
        nodes = np.flatnonzero(~hopeless) if nodes is None else nodes[~hopeless[nodes]]
        if len(nodes):
            kept.append((nodes, d))
    return kept


def _first_against_rest(by_value, first, hopeless, code, index, sums) -> None:
    """Fill the hopeless nodes' code, Gini_index and sides with {first} against the rest."""
    at = np.flatnonzero(hopeless)
    code[at] = 1 << first[at]
    left = by_value[at, first[at]]
    whole = total(by_value[at], 1)
    sums[at, 0], sums[at, 1], sums[at, 2] = left, whole - left, whole
    n_classes = by_value.shape[2]
    index[at] = _two_way_gini([left[:, c] for c in range(n_classes)],
                              [whole[:, c] - left[:, c] for c in range(n_classes)])


@lru_cache(maxsize=256)
def _partition_codes(k: int, text_rank: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The partitions all_partitions lists (values in text order) as bit codes over the
    values (bit v: value v on the left), and each code's place in that list (S where none)."""
    masks = _all_partitions(k)[:, list(text_rank)]
    codes = masks.astype(np.int64) @ (1 << np.arange(k, dtype=np.int64))
    place = np.full(1 << k, len(codes), dtype=np.int64)
    place[codes] = np.arange(len(codes))
    codes.flags.writeable = place.flags.writeable = False
    return codes, place


def _search_groups(weighted: np.ndarray, k: int) -> list:
    """[(nodes, d)]: groups of nodes searched together over d values each (nodes None: all).

    d is at least each member's count of values to search; a smaller count gets a group of
    its own only when that saves more candidates than a group's numpy calls cost."""
    m = len(weighted)
    size = row_sums(weighted)
    if m << k < 4 * SUBSETS_PER_GROUP:
        return [(None, k)]
    nodes_of = np.bincount(size, None, k + 1).tolist()
    group_of, tops, top = [0] * (k + 1), [], 0
    for d in range(k, 0, -1):
        if nodes_of[d] and not (top and nodes_of[d] * ((1 << (top - 1)) - (1 << (d - 1)))
                                < SUBSETS_PER_GROUP):
            tops.append(top := d)
        group_of[d] = len(tops) - 1
    if tops == [k]:
        return [(None, k)]
    group = np.array(group_of)[size]
    return [(np.flatnonzero(group == g), d) for g, d in enumerate(tops)]


def _search(by_value: np.ndarray, weighted, d: int, first, codes, place, block):
    """Best partition of each node of by_value (m, k, C) over d of its values: all k
    (weighted None) or its weighted values and `first`, padded with unweighted ones.
    codes: the partitions listed, (S, 1) for every node or (S, m) each node's own; place
    (B, 2^k) and block (m,): each node's attribute's places of codes (_partition_codes).

    Returns the partition's code, its Gini_index (inf when no candidate is two-sided) and
    the class weights (m, 3, C) of its left side, its right side and the node."""
    m, k, n_classes = by_value.shape
    nodes = np.arange(m)
    if weighted is None:
        tables = _subset_table(by_value.transpose(2, 1, 0))
        subsets = codes
    else:  # each node's own values (in value order) and subsets of them holding `first`
        spare = d - row_sums(weighted)  # unweighted values to pad with: the first ones
        take = weighted | (np.cumsum(~weighted, axis=1) <= spare[:, None])
        values = np.nonzero(take)[1].reshape(m, d)  # d per node, in value order
        tables = _subset_table(by_value[nodes, values.T].transpose(2, 0, 1))
        at = np.argmax(values == first[:, None], axis=1)  # bit of `first` in a node's subsets
        rest = np.arange(1 << (d - 1))[:, None]
        low = rest & ((1 << at) - 1)
        subsets = ((rest - low) << 1) | (1 << at) | low  # (2^(d-1), m)
    if subsets.shape[1] == 1:  # one list for every node: whole rows of the tables
        left = [table[subsets[:, 0]] for table in tables]
    else:
        flat = subsets * m + nodes
        left = [table.take(flat) for table in tables]
    whole = tables[:, -1]  # every value, in value order: the bits of total(by_value, 1)
    index = _two_way_gini(left, [whole[c] - left[c] for c in range(n_classes)])
    lowest = index.min(axis=0)
    with np.errstate(invalid="ignore"):  # is_tied(-index, -lowest), in one pass
        tied = index <= lowest + tie_margin(lowest)
    if weighted is None:
        row = np.argmax(tied, axis=0)  # the rows are in all_partitions' order
        chosen = codes[row, 0] if codes.shape[1] == 1 else codes[row, nodes]
    else:
        # a subset holding a padding value equals the one without it, listed before it
        padding = (~np.take_along_axis(weighted, values, axis=1)) @ (1 << np.arange(d))
        tied &= (subsets & padding) == 0
        row = _first_listed(tied, subsets, values, place, block)
        chosen = subsets[row, nodes]
    full = (1 << d) - 1
    sides = np.empty((3, m), dtype=np.int64)
    sides[0], sides[2] = chosen, full
    np.bitwise_xor(chosen, full, out=sides[1])
    code = chosen if weighted is None else _expand(chosen, values)
    return code, index[row, nodes], tables[:, sides, nodes].transpose(2, 1, 0)


def _subset_table(counts: np.ndarray) -> np.ndarray:
    """(C, 2^d, m) sums of counts (C, d, m) over every subset of its d values (bit v: v).

    Each subset is a smaller one plus its highest value, so its values are added in order
    from 0.0, exactly as _masked_sum adds them, in 2^d additions of one value each."""
    n_classes, d, m = counts.shape
    table = np.empty((n_classes, 1 << d, m))
    table[:, 0] = 0.0
    for v in range(d):
        np.add(table[:, :1 << v], counts[:, v, None], out=table[:, 1 << v:2 << v])
    return table


def _expand(subsets: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Codes over all k values of subsets whose bit i stands for value values[:, i]."""
    code = np.zeros(len(subsets), dtype=np.int64)
    for i in range(values.shape[1]):
        code |= ((subsets >> i) & 1) << values[:, i]
    return code


def _first_listed(tied: np.ndarray, subsets, values, place, block) -> np.ndarray:
    """Per node (column of tied), the row of its tied subset all_partitions lists first
    (0 when none is tied: the subset {first})."""
    rows, at = np.nonzero(tied)
    key = place[block[at], _expand(subsets[rows, at], values[at])] * len(tied) + rows
    none = place.shape[1] * len(tied)  # more than any key
    best = np.full(tied.shape[1], none)
    np.minimum.at(best, at, key)
    return np.where(best < none, best % len(tied), 0)


def _two_way_gini(left: list, right: list) -> np.ndarray:
    """Gini_index of two-way splits from each side's class weights (lists over classes), inf
    where a side is empty: |D|·Gini_index = Σ_side (w_side - Σ_c n_c²/w_side), with sums
    over classes in order. (In place where it can: fewer new arrays, the same bits.)
    A side lighter than TINY_WEIGHT or heavier than HUGE_WEIGHT is taken by its shares
    (_side_purity): squares of 1e160 overflowed, and of 1e-300 vanished."""
    left_w, right_w = _add(left), _add(right)
    both = (left_w > 0) & (right_w > 0)
    extreme = _beyond_squares(left_w, right_w, both)
    with np.errstate(over="ignore"):  # an overflowing square is taken again below
        impurity, squares = _sum_of_squares(left), _sum_of_squares(right)
    with np.errstate(invalid="ignore", divide="ignore"):
        impurity /= left_w
        np.subtract(left_w, impurity, out=impurity)
        impurity += right_w
        squares /= right_w
        impurity -= squares
        left_w += right_w
        impurity /= np.maximum(left_w, 1e-300, out=left_w)
    if extreme is not None:
        at = np.nonzero(extreme)
        lw, rw = _add([c[at] for c in left]), _add([c[at] for c in right])
        impurity[at] = (lw - _side_purity([c[at] for c in left], lw) + rw
                        - _side_purity([c[at] for c in right], rw)) / (lw + rw)
    impurity[~both] = np.inf
    return impurity


def _beyond_squares(left_w: np.ndarray, right_w: np.ndarray, both: np.ndarray):
    """Where a two-sided split has a side lighter than TINY_WEIGHT or heavier than
    HUGE_WEIGHT (None where none has: the usual case, told by three reductions)."""
    if left_w.size == 0:
        return None
    lightest = np.minimum(left_w, right_w)
    if max(left_w.max(), right_w.max()) <= HUGE_WEIGHT and \
            lightest.min(where=both, initial=np.inf) >= TINY_WEIGHT:
        return None
    return both & ((lightest < TINY_WEIGHT) | (np.maximum(left_w, right_w) > HUGE_WEIGHT))


def _sum_of_squares(parts: list) -> np.ndarray:
    """_add([a * a for a in parts]), squaring into one spare array."""
    out = parts[0] * parts[0]
    if len(parts) > 1:
        spare = np.empty_like(out)
        for part in parts[1:]:
            out += np.multiply(part, part, out=spare)
    return out


def _ordered_cut_sums(by_value: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """(m, k-1, C) left class weights of nested cuts (each mask holds the one before)."""
    order = np.argsort(-masks.sum(axis=1), axis=1, kind="stable")  # values, first-in first
    ordered = np.take_along_axis(by_value, order[:, :, None], axis=1)
    return np.cumsum(ordered, axis=1)[:, :-1]


def all_partitions(k: int) -> np.ndarray:
    """Every two-way partition of k values, value 0 always on the left: (2^(k-1)-1, k) bool."""
    return _all_partitions(k).copy()


@cache
def _all_partitions(k: int) -> np.ndarray:
    rows = []
    for size in range(1, k):
        for left in combinations(range(1, k), size - 1):
            mask = np.zeros(k, dtype=bool)
            mask[[0, *left]] = True
            rows.append(mask)
    return np.array(rows, dtype=bool).reshape(-1, k)


def ordered_cut_masks(by_value: np.ndarray, text_rank=None) -> np.ndarray:
    """(m, k-1, k) masks: values sorted by their share of the majority class, cut k-1 ways."""
    totals = total(by_value, -1)
    majority = total(by_value, 1).argmax(axis=-1)
    share = np.take_along_axis(by_value, majority[:, None, None], axis=2)[..., 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(totals > 0, share / np.where(totals > 0, totals, 1), np.inf)
    ties = np.broadcast_to(np.arange(share.shape[1]) if text_rank is None else text_rank,
                           share.shape)
    rank = np.argsort(np.lexsort((ties, share), axis=1), axis=1)
    k = by_value.shape[1]
    return rank[:, None, :] <= np.arange(k - 1)[None, :, None]


def _best_of_masks(by_value: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lowest Gini_index over candidate masks (m, S, k); one-sided partitions never win."""
    masks = np.broadcast_to(masks, (by_value.shape[0], *np.shape(masks)[-2:]))
    lefts = np.stack([_masked_sum(masks[:, s], by_value) for s in range(masks.shape[1])], 1)
    return _best_of_lefts(by_value, lefts, masks)


def _best_of_lefts(by_value: np.ndarray, lefts: np.ndarray, masks: np.ndarray):
    """Best of the masks (m or 1, S, k) whose left class weights are lefts (m, S, C)."""
    m, n_classes = by_value.shape[0], by_value.shape[2]
    rights = total(by_value, 1)[:, None, :] - lefts
    index = _two_way_gini([lefts[..., c] for c in range(n_classes)],
                          [rights[..., c] for c in range(n_classes)])
    best = first_best(-index, axis=1)
    masks = np.broadcast_to(masks, (m, *masks.shape[1:]))
    mask = np.take_along_axis(masks, best[:, None, None], axis=1)[:, 0, :]
    value = np.take_along_axis(index, best[:, None], axis=1)[:, 0]
    return mask, np.where(np.isfinite(value), value, gini(total(by_value, 1)))


def _add(parts: list) -> np.ndarray:
    """((p_0 + p_1) + p_2) + …: a sum over classes in a fixed order."""
    if not parts:
        return np.float64(0.0)
    if len(parts) == 1:
        return np.array(parts[0], copy=True)
    out = parts[0] + parts[1]
    for part in parts[2:]:
        out += part
    return out


def tie_margin(best):
    """How far below best a score still ties with it: TIE_RTOL of it, at least TIE_ATOL."""
    return np.maximum(TIE_RTOL * np.abs(best), TIE_ATOL)


def first_best(key: np.ndarray, axis: int = -1) -> np.ndarray:
    """Index of the first maximum, treating values within the tie margin of it as equal."""
    key = np.asarray(key)  # np.maximum.reduce: .max without its Python wrapper
    return is_tied(key, np.maximum.reduce(key, axis=axis, keepdims=True)).argmax(axis=axis)


def is_tied(key: np.ndarray, best, maximum: bool = False) -> np.ndarray:
    """Is each key within the tie margin of best (finite keys only)? best broadcasts against
    key. maximum: best is key's own maximum (np.maximum.reduce's, NaN if a key is): where it
    is finite, no key is infinite or NaN past the bound, and none needs clearing."""
    if isinstance(best, (np.generic, np.ndarray)) and best.size == 1 \
            and best.dtype == np.float64 and best.ndim <= key.ndim:  # not np.ndim's wrappers
        # one best (a one-node depth's): the bound in Python floats, the same IEEE operations
        # without numpy's per-call and error-state costs (inf - inf is NaN there, silently)
        # (abs and max as conditionals: two builtin calls fewer, three times a depth; the
        # same floats, -0.0 and NaN included, as TIE_ATOL > 0)
        best = best.item()
        margin = TIE_RTOL * (-best if best < 0 else best)
        tied = key >= best - (TIE_ATOL if margin < TIE_ATOL else margin)
        if maximum and math.isfinite(best):
            return tied
    else:
        with np.errstate(invalid="ignore"):
            tied = key >= best - tie_margin(best)
    tied &= np.isfinite(key)
    return tied


class _LazyValues:
    """A sort's values that were not gathered, because the sort found where they step up
    (_Sorted.step): each block's column and sorted rows, read where a position's value is
    asked for (pos: positions, as an array indexes them), or all at once (`whole`)."""

    def __init__(self, columns: tuple, rows: tuple):
        self.columns, self.rows = columns, rows
        self.block = len(rows[0])
        self.whole = None

    def __getitem__(self, pos):
        if self.whole is not None:
            return self.whole[pos]
        pos = pos if isinstance(pos, slice) else np.asarray(pos)
        if isinstance(pos, slice) or pos.dtype == bool or (pos.size and pos.min() < 0):
            return self.all()[pos]  # a slice, a mask or a count from the end: numpy's own
        if len(self.rows) == 1:
            return self.columns[0].take(self.rows[0].take(pos))
        out = np.empty(pos.shape)
        block = pos // max(self.block, 1)
        for b in distinct_indices(block.ravel()):
            at = block == b
            out[at] = self.columns[b].take(self.rows[b].take(pos[at] - b * self.block))
        return out

    def all(self) -> np.ndarray:
        if self.whole is None:
            self.whole = np.concatenate([c.take(r) for c, r in zip(self.columns, self.rows,
                                                                    strict=True)])
        return self.whole


@dataclass
class _Sorted:
    """A batch's entries sorted by (node, value of one continuous attribute, row), unknowns
    last in each node. Keys are unique (a row is at most once in a node), so the order of a
    node's entries is a function of the node alone.

    Several attributes are sorted as one stack of blocks (_sort_batch): block a holds the
    entries sorted by attribute a, and its nodes are numbered a·m … a·m + m − 1, so every
    (attribute, node) pair is scored as a node of its own, by the same operations."""

    order: np.ndarray  # each block's batch entries (their indices in the batch) in this order
    node: np.ndarray
    # the entry's value of its attribute (NaN: unknown, last in its node); read where asked
    # (_LazyValues) when the sort found where the values step up
    value: np.ndarray | _LazyValues
    known: np.ndarray | None  # the value is known (None: every value is)
    starts: np.ndarray  # first sorted position of each node
    known_counts: np.ndarray  # (m, C)
    known_n: np.ndarray  # (m,)
    unknown: np.ndarray  # (m, C)
    cum: np.ndarray  # (C, E[+1]): running class weights of the known entries (see left)
    whole: bool  # every weight a whole number: cum runs over the batch, as int32 or int64
    unit: bool = False  # every weight 1: a left side's weight is its count of entries
    # > 0: cum is one (E+1,) int64 row holding every class's running weight, class c in
    # `bits` bits from bit c·bits (whole weights whose total fits: _class_cum)
    bits: int = 0
    # value[p] < value[p + 1] within a node (E,), where the sort found it (no unknown value)
    step: np.ndarray | None = None
    # Ent and Gini of known_counts, where the grower had them (Batch.counted; else None)
    counted_entropy: np.ndarray | None = None
    counted_gini: np.ndarray | None = None

    def known_entropy(self) -> np.ndarray:
        """Ent of each node's known rows (read-only: the grower's, where it has them)."""
        return entropy(self.known_counts) if self.counted_entropy is None \
            else self.counted_entropy

    def known_gini(self) -> np.ndarray:
        """Gini of each node's known rows (a new array)."""
        return gini(self.known_counts) if self.counted_gini is None \
            else self.counted_gini.copy()

    def left(self, pos: np.ndarray, node: np.ndarray, weight=None) -> list[np.ndarray]:
        """Per class, the known weight of node's sorted entries up to and including pos
        (len(pos) each). Class by class with np.take: a fancy index over axis 1 is several
        times slower, and the running sums at the nodes' starts are a small table.
        weight: those entries' whole-number weight, when known (every weight 1: their
        count); the last class is then what the others leave, exactly, with no gather."""
        if self.bits:  # one gather for every class, unpacked (the same whole numbers)
            packed = self.cum[1:].take(pos)  # cum[pos + 1], without a pass to add the 1
            if len(self.starts) > 1:  # one node starts at entry 0, where the sums are 0
                packed -= _of_nodes(self.cum.take(self.starts), node)
            gathered = self.known_counts.shape[1] - (weight is not None)
            mask = (1 << self.bits) - 1
            sides = [packed & mask] + [(packed >> (self.bits * c)) & mask
                                       for c in range(1, gathered)]
            return sides if weight is None else sides + [_remainder(weight, sides)]
        if self.whole:
            before = self.cum.take(self.starts, axis=1)
            after = pos + 1
            gathered = len(self.cum) - (weight is not None)
            sides = [self.cum[c].take(after) - _of_nodes(before[c], node)
                     for c in range(gathered)]
            return sides if weight is None else sides + [_remainder(weight, sides)]
        return [self.cum[c].take(pos) for c in range(len(self.cum))]


def _of_nodes(values: np.ndarray, node: np.ndarray) -> np.ndarray:
    """values.take(node), each entry's value of its node, for arithmetic with the entries'
    arrays; of one node, its one value, which broadcasts to the same numbers (a gather
    fewer at each use, at every depth of a deep chain)."""
    return values if len(values) == 1 else values.take(node)


def _remainder(weight: np.ndarray, parts: list[np.ndarray]) -> np.ndarray:
    """weight less the parts' sum: the last class's whole-number weight of a side (a target
    has two classes at least, so there is a part; with two, it is the sum: _add's copy of
    it is not made at every depth)."""
    return weight - (parts[0] if len(parts) == 1 else _add(parts))


def _batch_facts(enc: Encoded, batch: Batch) -> dict:
    """What every continuous attribute's sort of this batch shares, computed once."""
    facts = batch.memo
    if not facts:
        sizes, starts, node = _grouped_nodes(batch)
        w = batch.weight
        unit = batch.unit_weights()  # the usual case, and the cheapest to tell
        weight = float(len(w)) if unit else float(w.sum())
        whole = unit or bool(np.array_equal(w, np.floor(w))) and weight < 2.0 ** 52
        facts.update(sizes=sizes, starts=starts, node=node,
            y=enc.y.take(batch.rows), whole=whole, unit=unit, weight=weight,
            w_int=w.astype(np.int64) if whole and not unit else None,
            identity=batch.n_nodes == 1 and len(batch.rows) == enc.n_rows
            and bool((batch.rows == np.arange(enc.n_rows)).all()))
    return facts


def _grouped_nodes(batch: Batch) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each node's entry count and first sorted position, and the node at each sorted
    position. One node (a deep chain's every depth) needs no count: its entries are all
    node 0's, as batch.node already says (bincount's checks and count cost more there than
    the rest of the batch's facts)."""
    if batch.n_nodes == 1:
        return np.array([len(batch.node)]), np.zeros(1, dtype=np.int64), batch.node
    sizes = np.bincount(batch.node, None, batch.n_nodes)
    starts = np.zeros(batch.n_nodes, dtype=np.int64)
    sizes[:-1].cumsum(out=starts[1:])
    return sizes, starts, np.arange(batch.n_nodes).repeat(sizes)


def _no_unknown(facts: dict, m: int, n_classes: int) -> np.ndarray:
    key = ("no_unknown", m)
    if key not in facts:
        facts[key] = np.zeros((m, n_classes))
        facts[key].flags.writeable = False
    return facts[key]


def _sorted_order(enc: Encoded, j: int, batch: Batch, facts: dict) -> np.ndarray:
    """The batch's entries sorted by (node, place of the row in column j's sorted order).

    Keys are unique, so every way of sorting gives the same permutation: the root (every row
    once, in row order) takes the column's own sorted order."""
    if facts["identity"]:
        return enc.sorts[j].order
    entry_of_row = _entry_of_row(enc, batch, facts)
    parent = batch.parent_sorts.pop(j, None) if batch.parent_sorts else None
    if entry_of_row is not None and (parent is not None or batch.n_nodes > 1
                                     and enc.run_starts[j] is not None) \
            and kernels.available(len(batch.rows)):
        in_order, run_start = _rows_to_group(enc, j, parent)
        rows, step = kernels.group_sorted_rows(in_order, _node_of_row(enc, batch, facts),
                                               facts["starts"], run_start, len(batch.rows))
        facts.setdefault("scanned_rows", {})[j] = rows
        facts.setdefault("scanned_steps", {})[j] = step
        batch.sorts_for_children[j] = (rows, step)
        return entry_of_row.take(rows)
    if entry_of_row is not None and len(batch.rows) * SCAN_SHARE < enc.n_rows:
        entry_of_row = None  # made for the parent's sorts alone: a small batch sorts its own
    scan = _scan_keys(batch, facts) if entry_of_row is not None and batch.n_nodes > 1 else None
    if scan is not None:  # the column's sorted rows, grouped by node in one sort
        rows = enc.sorts[j].order
        packed = scan.take(rows)
        packed |= np.arange(len(rows), dtype=np.uint32)
        packed.sort()  # the rows of no node (all ones) last
        place = packed[:len(batch.rows)]
        place &= np.uint32((1 << max(len(rows) - 1, 1).bit_length()) - 1)
        rows = rows.take(place)
        facts.setdefault("scanned_rows", {})[j] = rows
        return entry_of_row.take(rows)
    if entry_of_row is not None:  # the column's own sorted order, filtered to the batch
        order = entry_of_row.take(enc.sorts[j].order)
        order = order[order >= 0]
        if batch.n_nodes == 1:
            return order
        # grouped by node, in place order within each: a stable sort of the node ids
        ids = batch.node.take(order)
        if fits_group_order(len(order), batch.n_nodes - 1):
            return order.take(group_order(ids))
        return order.take(np.argsort(ids.astype(np.uint16), kind="stable"))
    place = enc.sorts[j].place
    width = max(len(place), 1)  # the rows: the same for every column
    key = place.take(batch.rows).astype(np.int64)  # a new array: order_of_distinct overwrites it
    if batch.n_nodes > 1:  # one node's key is the place alone (a deep chain's every depth)
        if "node_key" not in facts:
            facts["node_key"] = batch.node.astype(np.int64) * width
        key += facts["node_key"]
    return order_of_distinct(key, batch.n_nodes * width)


# A batch holding at least this share of the rows, each once, is sorted by scanning each
# column's sorted rows (a few O(rows) passes) rather than by sorting its own entries
# (O(entries log entries)): measured about twice as fast on 100k rows down to a quarter.
SCAN_SHARE = 4
# ... and a smaller one holding at least this share, whose parent depth's sorts are grouped
# (Batch.parent_sorts), by grouping them (a pass over the parent's entries, after two
# row-sized lookups made once per batch); a smaller batch still sorts its own entries.
PARENT_SHARE = 64


def _scan_keys(batch: Batch, facts: dict) -> np.ndarray | None:
    """(rows,) uint32: each row's node shifted above the bits of a row index, all ones for a
    row in no node; None when the nodes and rows do not fit in 32 bits together. A column's
    sorted rows, each key or-ed with its place, sort to the batch's rows grouped by node,
    in the column's order within each (_sorted_order): one sort of 32-bit numbers, no
    filtering pass. Once per batch, for a batch _entry_of_row scans."""
    if "scan_keys" not in facts:
        n_rows = len(facts["entry_of_row"])
        bits = max(n_rows - 1, 1).bit_length()
        keys = None
        if (batch.n_nodes << bits) + n_rows < (1 << 32) - 1:
            keys = np.full(n_rows, (1 << 32) - 1, dtype=np.uint32)
            keys[batch.rows] = batch.node.astype(np.uint32) << np.uint32(bits)
        facts["scan_keys"] = keys
    return facts["scan_keys"]


def _node_of_row(enc: Encoded, batch: Batch, facts: dict) -> np.ndarray:
    """(rows,) int32: each row's node in the batch, -1 for none (kernels.group_sorted_rows'
    one lookup per row). Once per batch, for a batch _entry_of_row scans."""
    if "node_of_row" not in facts:
        facts["node_of_row"] = np.full(enc.n_rows, -1, dtype=np.int32)
        facts["node_of_row"][batch.rows] = batch.node
    return facts["node_of_row"]


def _rows_to_group(enc: Encoded, j: int, parent: tuple | None) -> tuple[np.ndarray, np.ndarray]:
    """Rows in column j's order, grouped by the parent's nodes where the parent depth sorted
    them (Batch.parent_sorts), else the column's own, and 1 where a new value's run begins
    (kernels.group_sorted_rows' input): the parent's steps, one place on (a run that goes on
    across two parent nodes is harmless: no child has entries in both)."""
    if parent is None:
        return enc.sorts[j].order, enc.run_starts[j]
    rows, step = parent
    run_start = np.empty(len(rows), dtype=np.uint8)
    run_start[:1] = 1
    run_start[1:] = step[:-1]
    rows = rows.view()  # read-only, as the column's are: the types the kernel was compiled for
    rows.flags.writeable = run_start.flags.writeable = False
    return rows, run_start


def _entry_of_row(enc: Encoded, batch: Batch, facts: dict) -> np.ndarray | None:
    """(rows,): each row's entry in the batch, -1 where it has none; None when the batch is
    sorted by its own keys instead: a small batch (unless its parent's sorts are grouped, a
    pass over the batch's own rows), more nodes than 16 bits number, or a row in two nodes
    (an unknown value sent down every branch; one node holds a row once at most, as a deep
    chain's every depth: nothing to look for). Once per batch."""
    if "entry_of_row" not in facts:
        n = len(batch.rows)
        entry = None
        if (n * SCAN_SHARE >= enc.n_rows or batch.parent_sorts
                and n * PARENT_SHARE >= enc.n_rows) and batch.n_nodes <= 1 << 16:
            entry = np.full(enc.n_rows, -1, dtype=np.int32 if n < 2**31 else np.int64)
            entry[batch.rows] = np.arange(n, dtype=entry.dtype)
            if batch.n_nodes > 1 and count_true(entry >= 0) != n:
                entry = None
        facts["entry_of_row"] = entry
    return facts["entry_of_row"]


def _sort_batch(enc: Encoded, js: list[int], batch: Batch) -> _Sorted:
    """The batch's entries sorted by each attribute of js, one block per attribute."""
    facts = _batch_facts(enc, batch)
    n_classes, blocks = len(enc.classes), len(js)
    orders = [_sorted_order(enc, j, batch, facts) for j in js]
    order = orders[0] if blocks == 1 else np.concatenate(orders)
    m, n = batch.n_nodes * blocks, len(batch.rows)
    node, sizes, starts = (facts["node"], facts["sizes"], facts["starts"]) if blocks == 1 else (
        (facts["node"] + (np.arange(blocks) * batch.n_nodes)[:, None]).ravel(),
        np.tile(facts["sizes"], blocks),
        (facts["starts"] + (np.arange(blocks) * n)[:, None]).ravel())
    steps = facts.get("scanned_steps")
    step = None
    if steps and all(j in steps for j in js):  # the sort found where values step up: none gathered
        step = steps.pop(js[0]) if blocks == 1 else np.concatenate([steps.pop(j) for j in js])
        scanned = facts["scanned_rows"]
        value, known = _LazyValues(tuple(enc.columns[j] for j in js),
                                   tuple(scanned.pop(j) for j in js)), None
    else:
        value, known = _block_values(enc, js, None if facts["identity"] else batch.rows,
                                     orders, facts)
    bits = 0
    if facts["whole"]:
        bits = int(facts["weight"] * blocks).bit_length()
        bits = bits if bits * n_classes <= 63 else 0
    # np.take: a gather along one axis, about twice as fast as the same fancy index
    y = facts["y"].take(order) if not bits or known is not None else None
    counted = _counted(batch, blocks) if bits and known is None else None
    if bits:
        cum, known_counts = _class_cum(_class_steps(facts, bits).take(order), known, bits,
                                       n_classes, starts, sizes,
                                       None if counted is None else counted[0])
        w = batch.weight.take(order) if known is not None else None
    elif facts["whole"]:
        small = facts["weight"] * blocks < 2**31 - 1
        cum = np.zeros((n_classes, len(order) + 1), dtype=np.int32 if small else np.int64)
        w = None if facts["unit"] else facts["w_int"].take(order)
        for c in range(n_classes):
            is_c = y == c if known is None else (y == c) & known
            np.cumsum(is_c if w is None else np.where(is_c, w, 0), out=cum[c, 1:])
        known_counts = (cum[:, starts + sizes] - cum[:, starts]).T.astype(float)
        w = batch.weight.take(order) if known is not None else None
    else:
        w = batch.weight.take(order)
        wk = w if known is None else np.where(known, w, 0.0)
        cum = segment_cumsum(np.stack([np.where(y == c, wk, 0.0) for c in range(n_classes)]),
                             starts, sizes)
        known_counts = None
    if known is None:  # no unknown value: every such attribute shares one read-only zeros
        known_n, unknown = sizes, _no_unknown(facts, m, n_classes)
        if known_counts is None:
            known_counts = np.bincount(node * n_classes + y, w,
                                       m * n_classes).reshape(m, n_classes)
    else:
        key = node * n_classes + y
        known_n = np.bincount(node[known], None, m)
        unknown = np.bincount(key[~known], w[~known], m * n_classes).reshape(m, n_classes)
        if known_counts is None:
            known_counts = np.bincount(key[known], w[known], m * n_classes).reshape(m, n_classes)
    entropy_of, gini_of = counted[1:] if counted is not None else (None, None)
    return _Sorted(order, node, value, known, starts, known_counts, known_n, unknown, cum,
                   facts["whole"], facts["unit"], bits, step,
                   counted_entropy=entropy_of, counted_gini=gini_of)


def _class_steps(facts: dict, bits: int) -> np.ndarray:
    """Each batch entry's whole-number weight (1, or its weight) shifted to its class's
    `bits` bits: what it adds to _class_cum's running sums (once per batch and width)."""
    if ("class_steps", bits) not in facts:
        shift = facts["y"].astype(np.int64)
        shift *= bits
        facts[("class_steps", bits)] = np.left_shift(
            np.int64(1) if facts["unit"] else facts["w_int"], shift)
    return facts[("class_steps", bits)]


def _counted(batch: Batch, blocks: int) -> tuple | None:
    """The batch's class weights, Ent and Gini of each node, once per block (None: not
    counted)."""
    counted = batch.counted
    if counted is None or blocks == 1:
        return counted
    return tuple(np.tile(a, (blocks, 1) if a.ndim == 2 else blocks) for a in counted)


def _class_cum(step, known, bits: int, n_classes: int, starts, sizes, counted=None):
    """The running whole-number weight of every class over the sorted entries, in one
    cumulative sum of their _class_steps (bits per class, enough for the stack's total
    weight, so no field carries into the next), nothing added where a value is unknown.
    Returns that (E+1,) int64 row, from 0, and the known class weights (m, C) of each
    node, as floats: `counted`, where every value is known and the grower counted them (sums
    of whole numbers, the same floats; a deep chain's one node, counted once, not twice)."""
    if known is not None:
        step *= known
    cum = np.empty(len(step) + 1, dtype=np.int64)
    cum[0] = 0
    step.cumsum(out=cum[1:])
    if counted is not None:
        return cum, counted
    node_sums = cum.take(starts + sizes)
    node_sums -= cum.take(starts)
    mask = (1 << bits) - 1
    known_counts = np.empty((len(starts), n_classes))
    for c in range(n_classes):
        known_counts[:, c] = (node_sums >> (bits * c)) & mask
    return cum, known_counts


def _block_values(enc: Encoded, js: list[int], rows: np.ndarray | None,
                  orders: list[np.ndarray], facts: dict):
    """Value and known flag (None: all known) of each sorted entry, block by block; rows are
    the batch's (None: every row, in row order). (Sorted values step up exactly where their
    ranks do, so the ranks need no gather of their own.)

    A column is gathered in batch order first (its rows ascend within a parent node: nearly
    sequential reads), then put in sorted order: one scattered gather instead of two; or,
    where _sorted_order found the sorted rows themselves, gathered by them."""
    scanned = facts.get("scanned_rows", {})  # _sorted_order's rows: one gather, not two
    values = [enc.columns[j].take(o) if rows is None else
              enc.columns[j].take(scanned.pop(j)) if j in scanned else
              enc.columns[j].take(rows).take(o) for j, o in zip(js, orders, strict=True)]
    value = values[0] if len(values) == 1 else np.concatenate(values)
    some_unknown = any(enc.sorts[j].nan_rank >= 0 for j in js)
    return value, ~np.isnan(value) if some_unknown else None


def _segment_first_best(key: np.ndarray, seg_start: np.ndarray, seg: np.ndarray) -> np.ndarray:
    """Per segment of key, the position of its first maximum (ties within tie_margin); seg is
    each position's segment. (is_tied, with the bound computed once per segment; one
    segment's search is _first_best_and_ties'.)"""
    best = np.maximum.reduceat(key, seg_start)
    with np.errstate(invalid="ignore"):
        bound = best - tie_margin(best)
        tied = key >= bound.take(seg)
    tied &= np.isfinite(key)
    # the first tied position at or after each segment's start, if it is still in the segment
    # (ties are few: a search among them, not a pass over every position)
    tied_at = tied.nonzero()[0]
    first = np.append(tied_at, len(key))[np.searchsorted(tied_at, seg_start)]
    return np.where(first < np.append(seg_start[1:], len(key)), first, len(key))


def _first_best_and_ties(key: np.ndarray, seg_start: np.ndarray,
                         seg: np.ndarray | None) -> tuple[np.ndarray, np.ndarray | None]:
    """_segment_first_best, and the positions tied with their segment's best as
    _tied_with_node_best finds them, where one segment's search found them on the way (a
    finite best is the best of the finite keys: the same ties); None elsewhere."""
    if len(seg_start) != 1:
        return _segment_first_best(key, seg_start, seg), None
    best = np.maximum.reduce(key)  # .max without its Python wrapper
    tied = is_tied(key, best, maximum=True)
    finite = math.isfinite(best)  # then the best itself is tied
    # (argmax's keepdims: its one index as an array, without a call to wrap it)
    first = tied.argmax(keepdims=True) if finite or any_true(tied) else np.array([len(key)])
    return first, tied if finite else None


def score_continuous(enc: Encoded, j: int, batch: Batch, by_gini: bool,
                     curve_points: int, min_side: float = 0.0,
                     forced: dict[int, float] | None = None) -> AttributeScores:
    """Best bi-partition at the midpoints of adjacent distinct known values (Zhou eq. 4.7).

    With min_side > 0 (C4.5's MINOBJS) only midpoints leaving at least that much known
    weight on both sides are candidates. `forced` {node: t} cuts those nodes at the
    candidate midpoint t instead (a student's or a textbook's choice; see forced_threshold).
    """
    return _score_continuous_stack(enc, [j], batch, by_gini, curve_points, min_side,
                                   {j: forced} if forced else None)[0]


# Continuous attributes are scored together while their stacked entries stay within
# CONTINUOUS_STACK (a small depth's time is mostly numpy's fixed cost per call; a big one's is
# its entries, and larger stacks were slower: memory traffic).
CONTINUOUS_STACK = 1 << 15


def score_continuous_together(enc: Encoded, js: list[int], batch: Batch, by_gini: bool,
                              curve_points: int, min_side: float = 0.0,
                              forced: dict[int, dict[int, float]] | None = None,
                              gini_only: bool = False) -> list[AttributeScores]:
    """score_continuous of each attribute of js, as stacks of their sorts (CONTINUOUS_STACK).

    Each (attribute, node) pair is scored as a node of its own by the same operations, so the
    numbers are the same bits as one attribute at a time; a stack costs the fixed price of
    numpy's calls once instead of once per attribute (most of a small depth's time).
    `forced` {attribute: {node: t}}. gini_only: the chosen cuts' Gini scores alone
    (split_scores), for CART's growth.
    """
    per_stack = max(1, CONTINUOUS_STACK // max(len(batch.rows), 1))
    found = []
    for first in range(0, len(js), per_stack):
        found += _score_continuous_stack(enc, js[first:first + per_stack], batch, by_gini,
                                         curve_points, min_side, forced, gini_only)
    return found


def _score_continuous_stack(enc: Encoded, js: list[int], batch: Batch, by_gini: bool,
                            curve_points: int, min_side: float,
                            forced: dict[int, dict[int, float]] | None,
                            gini_only: bool = False) -> list[AttributeScores]:
    """score_continuous_together of one stack."""
    s = _sort_batch(enc, js, batch)
    m = batch.n_nodes * len(js)
    # False beside an unknown (NaN) value
    step = s.step[:-1] if s.step is not None else s.value[:-1] < s.value[1:]
    _no_step_between_nodes(step, s.starts)
    lean = growing_only()  # the other criterion and the curve are only ever shown
    if lean and _every_position_pays(s, step, min_side, forced, js):
        return _score_every_position(s, step, batch, len(js), by_gini, gini_only)
    cand = (step if s.known is None else step & s.known[1:]).nonzero()[0]
    # one node's entries are all node 0's: so are its first len(cand) (no gather)
    cand_node = s.node.take(cand) if m > 1 else s.node[:len(cand)]
    n_distinct = sorted_counts(cand_node, m) + (s.known_n > 0)
    if s.whole:  # exact integer weights on both sides
        # cand + 1 - start: the 1 taken from the starts (a pass fewer over the candidates)
        lw = cand - _of_nodes(s.starts - 1, cand_node) if s.unit else None
        left = s.left(cand, cand_node, lw)
        lw = _add(left) if lw is None else lw
        # each class's row contiguous (for its gathers), cast in one call
        known_class = list(s.known_counts.T.astype(np.int64, order="C"))
        # every weight 1: a node's known weight is its count of known entries (no sum)
        known_w = s.known_n if s.unit else _add(known_class)
        kw = _of_nodes(known_w, cand_node)
        rw = kw - lw
    else:
        left = s.left(cand, cand_node)
        lw = _add(left)
        rw = _add([_of_nodes(s.known_counts[:, c], cand_node) - a
                   for c, a in enumerate(left)])
    if min_side > 0:
        hold = (lw >= min_side) & (rw >= min_side)
        cand, cand_node, left = cand[hold], cand_node[hold], [c[hold] for c in left]
        lw, rw = lw[hold], rw[hold]
    if s.whole:  # with unit weights, the last class again from the side's count
        right = [_of_nodes(known_class[c], cand_node) - a
                 for c, a in enumerate(left[:-1] if s.unit else left)]
        if s.unit:
            right.append(_remainder(rw, right))
        kw = kw[hold] if min_side > 0 and len(kw) > 1 else kw
    else:
        right = [_of_nodes(s.known_counts[:, c], cand_node) - a for c, a in enumerate(left)]
        kw = lw + rw
    gain, gini_index = _candidate_scores(s, left, right, lw, rw, kw, cand_node,
                                         want_gain=not (lean and by_gini),
                                         want_gini=not lean or by_gini)
    seg_start, nodes_with, seg = _segments(cand_node, m)
    # indices into cand of each node's best midpoint by Gain and by Gini_index
    best_gain = best_gini = seg_start
    ties = [None, None]  # the candidates tied with their node's best, by each, where found
    if len(cand):
        if gain is not None:
            best_gain, ties[0] = _first_best_and_ties(gain, seg_start, seg)
        if gini_index is not None:
            best_gini, ties[1] = _first_best_and_ties(-gini_index, seg_start, seg)
    chosen_at = best_gini if by_gini else best_gain
    chosen_pos = np.zeros(m, dtype=np.int64)
    chosen_pos[nodes_with] = cand[chosen_at]
    has = np.zeros(m, dtype=bool)
    has[nodes_with] = True
    forced_at = {a * batch.n_nodes + i: t for a, j in enumerate(js)
                 for i, t in forced.get(j, {}).items()} if forced else {}
    cut_by_hand = _forced_positions(s, cand, cand_node, forced_at) if forced_at else {}
    if cut_by_hand:
        chosen_pos[np.array(list(cut_by_hand), dtype=np.int64)] = list(cut_by_hand.values())
    # the chosen candidates' left sides were counted with every candidate's: read there
    chosen_left = None if cut_by_hand else [side.take(chosen_at) for side in left]

    if lean:
        result = _split_at(s, chosen_pos, has, gini_only, n_distinct, cut_by_hand,
                           left=chosen_left)
        result.gini_index_binary = result.scores["gini_index"] if by_gini else None
        return _unstack(result, len(js), batch.n_nodes)
    points = _curve_points(s, cand, cand_node, gain, gini_index, (best_gain, best_gini), m,
                           curve_points, ties)
    # a chosen cut is a point of the curve (a cut by hand may have been thinned out of it):
    # its midpoint and digits are read there, not computed twice
    chosen = None if cut_by_hand else _chosen_cuts(points, chosen_at, nodes_with, m)
    result = _split_at(s, chosen_pos, has, gini_only, n_distinct, cut_by_hand, chosen,
                       chosen_left)
    if by_gini:
        result.gini_index_binary = result.scores["gini_index"]
    else:
        result.gini_index_binary = s.known_gini()
        result.gini_index_binary[nodes_with] = gini_index[best_gini]
    result.curve = _curve(points, result.scores["rho"], gain, gini_index)
    return _unstack(result, len(js), batch.n_nodes)


def _segments(cand_node: np.ndarray, m: int) -> tuple:
    """Each node's candidates are a run of cand, its segment: where each segment starts
    (indices into cand), its node, and each candidate's segment (None where one segment's
    search needs none). One node's are one segment from 0, if it has a candidate: no pass to
    find it (a deep chain's every depth)."""
    if m == 1:
        seg_start = np.zeros(min(len(cand_node), 1), dtype=np.intp)
        return seg_start, seg_start, None
    new_node = np.empty(len(cand_node), dtype=bool)
    new_node[:1] = True
    np.not_equal(cand_node[1:], cand_node[:-1], out=new_node[1:])
    seg_start = new_node.nonzero()[0]
    seg = new_node.cumsum() - 1 if len(seg_start) > 1 else None
    return seg_start, cand_node[seg_start], seg


def _split_at(s: _Sorted, pos, has, gini_only: bool, n_distinct, cut_by_hand: dict,
              chosen: tuple | None = None, left: list | None = None) -> AttributeScores:
    """_threshold_split at each node's chosen position, with its count of distinct values
    and where a force set the cut."""
    result = _threshold_split(s, pos, has, n_distinct, gini_only, chosen, left)
    if cut_by_hand:
        result.forced_threshold = np.isin(np.arange(len(has)), list(cut_by_hand))
    return result


def _no_step_between_nodes(step: np.ndarray, starts: np.ndarray) -> None:
    """No midpoint between one node's last entry and the next's first (with one node,
    nothing to clear: its four calls saved at every depth of a deep chain)."""
    if len(starts) > 1:
        last = starts[1:] - 1
        step[last[(last >= 0) & (last < len(step))]] = False


def _every_position_pays(s: _Sorted, step: np.ndarray, min_side: float, forced, js) -> bool:
    """Is a stack scored for growing only (the caller asks) at every sorted position
    (_score_every_position)? With every weight 1, no unknown value, no MINOBJS and no forced
    cut, where at least half the positions are midpoints (the others' scores are work thrown
    away)."""
    return bool(s.bits) and s.unit and s.known is None and min_side <= 0 \
        and not any((forced or {}).get(j) for j in js) and len(step) > 0 \
        and 2 * np.count_nonzero(step) >= len(step) \
        and bool((s.known_n > 0).all())


def _score_every_position(s: _Sorted, step: np.ndarray, batch: Batch, blocks: int,
                          by_gini: bool, gini_only: bool) -> list[AttributeScores]:
    """_score_continuous_stack while growing, where every weight is 1, no value is unknown
    and most sorted positions are midpoints: each node's scores are computed at every one
    of its sorted positions, in place, and the positions that are no midpoint (equal values
    on both sides, a node's last entry) are left out of its best by a key of -inf. A
    midpoint's numbers are the same whole numbers, put through the same operations, as at
    the midpoints gathered one by one, so every score is the same bits; the gathers by
    midpoint are saved, and the positions' side weights and class totals, the same for
    every attribute of the depth, are made once (_position_facts). Where no node has more
    than SMALL_SIDES entries the counts are int32 (their squares' sums still fit), whose
    arithmetic is about twice as fast as int64's. Each node's best position is found by
    a compiled kernel when one is available (the same position: tests/core/test_kernels.py),
    else by _every_position_best."""
    n_entries, largest = len(s.node), int(s.known_n.max())
    if kernels.available(n_entries) and (by_gini or largest <= TABLE_LIMIT):
        table = None if by_gini else xlogx_table(largest)
        best, n_distinct = kernels.best_positions(
            s.cum, s.bits, s.starts, s.known_n, s.known_counts,
            None if by_gini else s.known_entropy(), table, step, by_gini,
            TIE_RTOL, TIE_ATOL)
    else:
        best, n_distinct = _every_position_best(s, step, batch, blocks, by_gini)
    has = best < n_entries
    result = _threshold_split(s, np.where(has, best, 0), has, n_distinct, gini_only)
    result.gini_index_binary = result.scores["gini_index"] if by_gini else None
    return _unstack(result, blocks, batch.n_nodes)


def _every_position_best(s: _Sorted, step: np.ndarray, batch: Batch, blocks: int,
                         by_gini: bool) -> tuple[np.ndarray, np.ndarray]:
    """Each node's first best sorted position (len(s.node) for a node with no midpoint)
    and its count of distinct values, in numpy: what kernels.best_positions computes."""
    n_entries = len(s.node)
    other = np.ones(n_entries, dtype=bool)  # no midpoint after this position
    np.logical_not(step, out=other[:-1])
    n_distinct = s.known_n - np.add.reduceat(other, s.starts, dtype=np.int64) + 1
    at = _position_facts(s, batch, blocks)
    packed = s.cum[1:] - s.cum.take(s.starts).take(s.node)  # running weights within nodes
    mask = (1 << s.bits) - 1
    left = [packed & mask] + [(packed >> (s.bits * c)) & mask
                              for c in range(1, len(at["totals"]))]
    del packed
    if at["type"] != np.int64:
        left = [a.astype(at["type"]) for a in left]
    left.append(_remainder(at["lw"], left))
    right = [total_c - a for total_c, a in zip(at["totals"], left, strict=False)]
    right.append(_remainder(at["rw"], right))
    if by_gini:
        key = _every_gini_index(left, right, at)
        np.negative(key, out=key)
    else:
        key = _every_gain(s, left, right, at)
    del left, right
    # branch-free: a store through a scattered mask (key[other] = -inf) is ~3x slower
    key = np.where(other, -np.inf, key)
    best = _first_best_of_nodes(key, s.starts, s.node)
    return best, n_distinct


def _first_best_of_nodes(key: np.ndarray, starts: np.ndarray, node: np.ndarray) -> np.ndarray:
    """_segment_first_best for a key that is finite at the midpoints and -inf elsewhere,
    segments the nodes (each holding a position): the same positions, with no pass for
    finiteness (a node with no midpoint has a best of -inf, and is left out by it)."""
    best = np.maximum.reduceat(key, starts)
    with np.errstate(invalid="ignore"):
        bound = best - tie_margin(best)
    tied_at = (key >= bound.take(node)).nonzero()[0]
    first = np.append(tied_at, len(key))[np.searchsorted(tied_at, starts)]
    return np.where((first < np.append(starts[1:], len(key))) & (best > -np.inf), first, len(key))


def _every_gini_index(left: list, right: list, at: dict) -> np.ndarray:
    """_candidate_scores' Gini_index, (kw - Σ left² / lw - Σ right² / rw) / kw, from whole
    counts at every position: the same operations in the same order on the same numbers
    (squares summed exactly as integers, each weight divided by as the float it converts
    to), so the same bits."""
    gini_index = _add_each(_own_square, left)
    gini_index = gini_index / at["lw_float"]
    np.subtract(at["kw_float"], gini_index, out=gini_index)
    gini_index -= _add_each(_own_square, right) / at["rw_float"]
    gini_index /= at["kw_float"]
    np.maximum(gini_index, 0.0, out=gini_index)  # pure sides: 0, not -7e-17
    return gini_index


def _every_gain(s: _Sorted, left: list, right: list, at: dict) -> np.ndarray:
    """_candidate_scores' Gain from whole counts at every position, x·log2 x looked up: the
    same operations in the same order on the same numbers, so the same bits. The terms of
    the side weights and the node's Ent(D̃), the same for every attribute of the depth,
    are looked up once (_position_facts)."""
    if "xlogx_lw" not in at:
        kw = at["kw"]
        if len(kw) and int(kw.max()) > TABLE_LIMIT:  # as _candidate_scores: not looked up
            return _candidate_scores(s, left, right, at["lw"], at["rw"], kw, s.node,
                                     want_gini=False)[0]
        at["largest"] = int(kw.max()) if len(kw) else 0
        table = xlogx_table(at["largest"])
        at["xlogx_lw"], at["xlogx_rw"] = table.take(at["lw"]), table.take(at["rw"])
        at["entropy"] = s.known_entropy().take(s.node)
    f = xlogx_table(at["largest"]).take
    spread = at["xlogx_lw"] - _add_each(f, left)
    spread += at["xlogx_rw"]
    spread -= _add_each(f, right)
    spread /= at["kw_float"]
    gain = at["entropy"] - spread
    del spread
    np.maximum(gain, 0.0, out=gain)  # a gain is never below 0: not -1e-16 either
    return gain


def _own_square(a: np.ndarray) -> np.ndarray:
    """a², in a's own integer type (_score_every_position's counts: their squares fit)."""
    return a * a


# A node of at most this many entries has int32 counts whose squares' sums fit in int32.
SMALL_SIDES = 46340


def _position_facts(s: _Sorted, batch: Batch, blocks: int) -> dict:
    """At every sorted position of a stack of `blocks` attributes (every weight 1, no value
    unknown): the left side's weight (the entries up to it in its node), the right side's
    (at least 1: a node's last position is no midpoint), the node's, each also as floats,
    and the node's weight of each class but the last, in the counts' integer type. The
    same for every stack of as many attributes at a depth, so made once and kept with the
    batch's facts."""
    key = ("positions", blocks)
    facts = batch.memo
    if key not in facts:
        small = s.known_n.max() <= SMALL_SIDES and len(s.node) < 2**31
        kind = np.int32 if small else np.int64
        kw = s.known_n.astype(kind).take(s.node)
        lw = np.arange(1, len(s.node) + 1, dtype=kind)
        lw -= s.starts.astype(kind).take(s.node)
        rw = kw - lw
        np.maximum(rw, 1, out=rw)
        known = s.known_counts.astype(kind)
        totals = [np.ascontiguousarray(known[:, c]).take(s.node)
                  for c in range(known.shape[1] - 1)]
        facts[key] = {"type": kind, "lw": lw, "rw": rw, "kw": kw, "totals": totals,
                      "lw_float": lw.astype(float), "rw_float": rw.astype(float),
                      "kw_float": kw.astype(float)}
    return facts[key]


def _tied_with_node_best(key: np.ndarray, per_node: np.ndarray,
                         starts: np.ndarray) -> np.ndarray:
    """Candidates whose key ties the best of their node (as _segment_first_best ties them);
    each node's candidates are a run of per_node[i] from starts[i]."""
    held = per_node > 0
    if not any_true(held):
        return np.zeros(len(key), dtype=bool)
    finite = np.where(np.isfinite(key), key, -np.inf)
    best = np.maximum.reduceat(finite, starts[held])  # a pass, not maximum.at's scatter
    return is_tied(key, best[0] if len(best) == 1 else np.repeat(best, per_node[held]))


def tied_thresholds(curve: dict | None, by_gini: bool) -> list[float]:
    """A score row's midpoints whose score (Gini_index when the algorithm cuts by it, else
    Gain) ties the best, in ascending order: the rule took the first, the smallest t. Every
    tied midpoint is on the curve, even a thinned one (_curve)."""
    if not curve or not len(curve["threshold"]):
        return []
    key = -np.asarray(curve["gini_index"], dtype=float) if by_gini \
        else np.asarray(curve["gain"], dtype=float)
    tied = is_tied(key, np.max(key))
    return np.asarray(curve["threshold"], dtype=float)[tied].tolist()


def other_tied_thresholds(row: dict, threshold_by: str) -> list[float]:
    """A continuous score row's midpoints other than its t whose score ties t's (the score
    the algorithm cuts by, `threshold_by`: gain or gini_index), ascending: the rule took the
    smallest. The node panel, the worked solution, Choose the split and Check my tree name
    these. None where t itself is not among the best (a t forced by hand may score lower:
    the best midpoints then tie each other, not t)."""
    if row.get("kind") != "continuous":
        return []
    tied = tied_thresholds(row.get("curve"), threshold_by == "gini_index")
    if row["threshold"] not in tied:
        return []
    return [t for t in tied if t != row["threshold"]]


def _unstack(result: AttributeScores, blocks: int, m: int) -> list[AttributeScores]:
    """One AttributeScores per block of a stacked scoring, each a view of m nodes' rows."""
    if blocks == 1:
        return [result]
    parts = []
    for a in range(blocks):
        cut = slice(a * m, (a + 1) * m)
        part = AttributeScores(
            {f: v[cut] for f, v in result.scores.items()}, result.branch_counts[cut],
            result.branch_n[cut], result.unknown[cut], result.n_distinct[cut],
            threshold=result.threshold[cut])
        if result.threshold_digits is not None and result.threshold_digits[cut].any():
            part.threshold_digits = result.threshold_digits[cut]
        if result.forced_threshold is not None and result.forced_threshold[cut].any():
            part.forced_threshold = result.forced_threshold[cut]  # as alone: None if no cut
        if result.gini_index_binary is not None:  # the Gini_index itself, or its own array
            same = result.gini_index_binary is result.scores.get("gini_index")
            part.gini_index_binary = part.scores["gini_index"] if same \
                else result.gini_index_binary[cut]
        if result.curve:
            offsets = result.curve["offsets"][a * m:(a + 1) * m + 1]
            lo, hi = int(offsets[0]), int(offsets[-1])
            part.curve = {k: (offsets - lo if k == "offsets" else v[lo:hi])
                          for k, v in result.curve.items()}
        parts.append(part)
    return parts


def _forced_positions(s: _Sorted, cand, cand_node, forced: dict[int, float]) -> dict:
    """{node: sorted position of its forced midpoint}: the one equal to t, else the first
    written alike to 6 significant digits; a t that is no candidate there is left out."""
    found = {}
    for node, t in forced.items():
        at = cand[cand_node == node]
        midpoints = midpoint(s.value[at], s.value[at + 1]).tolist()
        matches = [k for k, mid in enumerate(midpoints) if mid == t] or \
                  [k for k, mid in enumerate(midpoints) if same_threshold(mid, t)]
        if matches:
            found[node] = int(at[matches[0]])
    return found


def _candidate_scores(s: _Sorted, left: list, right: list, lw, rw, kw, cand_node,
                      want_gain: bool = True, want_gini: bool = True):
    """Gain (on the known rows) and Gini_index at every midpoint, in few array passes
    (None for one not asked for).

    |D̃|·Σ_v r̃_v Ent(D̃^v) = Σ_side (w log w - Σ_c n_c log n_c), and
    |D̃|·Gini_index = Σ_side (w - Σ_c n_c² / w); both sides are non-empty at a midpoint.
    With whole-number weights the counts are int64 (exact) and w log w is looked up.
    """
    gain = gini_index = None
    if want_gain:
        # one pass, not two (np.maximum.reduce: .max without its Python wrapper)
        largest = int(np.maximum.reduce(kw)) if s.whole and len(lw) else 0
        f = xlogx_table(largest).take if s.whole and largest <= TABLE_LIMIT else xlogx
        # f(lw) - Σ f(left) + f(rw) - Σ f(right), in that order, one temporary at a time
        spread = f(lw)  # a new array (a gather or a product)
        spread -= _add_each(f, left)
        spread += f(rw)
        spread -= _add_each(f, right)
        spread /= kw
        gain = np.subtract(_of_nodes(s.known_entropy(), cand_node), spread, out=spread)
        np.maximum(gain, 0.0, out=gain)  # a gain is never below 0: not -1e-16 either
    if want_gini:
        # (kw - Σ left² / lw - Σ right² / rw) / kw
        # every weight 1: a midpoint's sides hold an entry each, so a weight each
        gini_index = _side_purity(left, lw, s.unit)
        np.subtract(kw, gini_index, out=gini_index)
        gini_index -= _side_purity(right, rw, s.unit)
        gini_index /= kw
        np.maximum(gini_index, 0.0, out=gini_index)  # pure sides: 0, not -7e-17
    return gain, gini_index


def _side_purity(counts: list, weight: np.ndarray, positive: bool = False) -> np.ndarray:
    """Σ_c n_c² / w of one side at every midpoint (the class weights n_c, their sum w;
    positive: the caller knows every w is above 0, and no pass asks).

    Rows of weight 0, or of weights a larger one absorbs (1 + 1e-300 is 1), can leave a side
    of no weight: an empty set, of Gini 0, not 0/0. A side lighter than TINY_WEIGHT or
    heavier than HUGE_WEIGHT takes the shares first (a pure side of 1e-300 read Gini 1, and
    every side of weights 1e160 Gini 0); every other side keeps the one rounding of
    Σ n_c² / w, so whole-number and fractional weights give the same bits."""
    whole = weight.dtype.kind in "iu"  # whole-number weights: never lighter or heavier
    if whole:  # integer squares: no floating-point state to guard (nor its cost per call)
        squares = _add_each(_square, counts)
    else:  # a square that overflows is a side heavier than HUGE_WEIGHT's, taken again below
        with np.errstate(over="ignore"):
            squares = _add_each(_square, counts)
    positive = True if positive else weight > 0
    if positive is True or all_true(positive):  # the usual case: one pass
        out = squares / weight
    else:
        out = np.divide(squares, weight, out=np.zeros(len(weight)), where=positive)
    if whole:
        return out
    extreme = positive & ((weight < TINY_WEIGHT) | (weight > HUGE_WEIGHT))
    if any_true(extreme):
        w = weight[extreme]
        out[extreme] = _add([c[extreme] / w * c[extreme] for c in counts])
    return out


def _square(a: np.ndarray) -> np.ndarray:
    """a², exact for whole-number counts (held as int64 whatever their type)."""
    if a.dtype == np.int64:  # nothing to cast: one pass
        return a * a
    if a.dtype.kind in "iu":
        out = a.astype(np.int64)  # a copy: squaring it in place is twice as fast as a
        out *= out                # multiply that casts as it goes
        return out
    return a * a


def _add_each(f, parts: list) -> np.ndarray:
    """_add([f(p) for p in parts]) without holding every f(p) at once (the same sums)."""
    if len(parts) < 2:
        return _add([f(p) for p in parts])
    out = f(parts[0]) + f(parts[1])
    for part in parts[2:]:
        out += f(part)
    return out


def _threshold_split(s: _Sorted, pos: np.ndarray, has: np.ndarray, n_distinct: np.ndarray,
                     gini_only: bool = False, chosen: tuple | None = None,
                     left: list | None = None) -> AttributeScores:
    """Scores of splitting each node at the midpoint after sorted position pos, where it has
    n_distinct distinct known values (gini_only: the Gini scores alone, see split_scores).
    chosen: those midpoints and their digits (_chosen_cuts), when the curve has them already;
    left: the known class weights left of them (per class, at each node with a midpoint),
    when the caller counted them already."""
    m, n_classes = s.known_counts.shape
    counts = np.empty((m, 2, n_classes))  # (node, side, class)
    some_without = not all_true(has)  # nodes with no midpoint: no left side, no threshold
    at = has if some_without else slice(None)
    if some_without:
        counts[:, 0] = 0.0
    if left is None:
        left = s.left(pos[at], np.flatnonzero(has))
    for c, weight in enumerate(left):
        counts[at, 0, c] = weight
    np.subtract(s.known_counts, counts[:, 0], out=counts[:, 1])
    n = np.empty((m, 2), dtype=np.int64)
    n[:, 0] = pos - s.starts + 1
    if some_without:
        n[~has, 0] = 0
    np.subtract(s.known_n, n[:, 0], out=n[:, 1])
    digits = None
    if chosen is not None:
        threshold, digits = chosen
    elif len(s.order):
        after = np.minimum(pos + 1, max(len(s.order) - 1, 0))
        below, above = s.value[pos], s.value[after]
        threshold = midpoint(below, above)
        if some_without:
            threshold = np.where(has, threshold, np.nan)
        digits = threshold_digits(threshold, below, above)
    else:
        threshold = np.full(m, np.nan)
    # every value known: no unknown weight to add up, nor to score (split_scores' None)
    unknown_weight = None if s.known is None else total(s.unknown)
    return AttributeScores(split_scores(counts, unknown_weight, gini_only), counts, n, s.unknown,
                           n_distinct, threshold=threshold, threshold_digits=digits)


@dataclass
class _CurvePoints:
    """The midpoints a curve keeps (indices into cand), each one's node and value, and the
    digits each is written with (None: format_number's own do everywhere)."""

    keep: np.ndarray
    node: np.ndarray
    offsets: np.ndarray
    threshold: np.ndarray
    digits: np.ndarray | None
    every: bool  # every midpoint is kept: keep is 0, 1, 2, …


def _curve_points(s: _Sorted, cand, cand_node, gain, gini_index, best: tuple, m, points,
                  ties=(None, None)) -> _CurvePoints:
    """The midpoints of each node a curve keeps: about `points` per node, and every one tied
    with its node's best by either score, so the ties the rule broke (tied_thresholds) are on
    it (and the best are: `best`, each node's by Gain and by Gini_index, indices into cand).
    ties: those tied by Gain and by Gini_index, where the search for the best found them
    (_first_best_and_ties)."""
    # each node's count and first candidate, where positions are built or ties searched
    searched = m > 1 or ties[0] is None or ties[1] is None
    per_node = sorted_counts(cand_node, m) if searched else None
    starts = starts_of(per_node) if searched else None
    if m == 1:  # one node (a deep chain's every depth): its stride a Python int, a slice
        stride = max(1, -(-len(cand) // max(points, 1)))
        every = stride == 1
    else:
        stride = np.maximum(1, -(-per_node // max(points, 1)))
        every = all_true(stride == 1)
    if every:
        keep = np.arange(len(cand))
    else:  # every stride-th midpoint of each node (from its first), plus the best ones
        mask = np.zeros(len(cand), dtype=bool)
        if m == 1:
            mask[::stride] = True
        else:
            kept_n = -(-per_node // stride)
            first = starts.repeat(kept_n)
            step = np.arange(kept_n.sum()) - starts_of(kept_n).repeat(kept_n)
            mask[first + step * stride.repeat(kept_n)] = True
        for node_best in best:
            mask[node_best] = True
        for key, tied in zip((gain, gini_index), ties, strict=True):
            if tied is not None:
                mask |= tied
            elif key is not None:
                mask |= _tied_with_node_best(key if key is gain else -key, per_node, starts)
        keep = mask.nonzero()[0]
    at = cand if every else cand.take(keep)  # every midpoint kept: no gather
    if m == 1:  # every point is node 0's: no gather, no count
        kept_node, offsets = cand_node[:len(keep)], np.array([0, len(keep)], dtype=np.int64)
    else:
        kept_node = cand_node.take(keep)
        offsets = np.zeros(m + 1, dtype=np.int64)
        sorted_counts(kept_node, m).cumsum(out=offsets[1:])
    below, above = s.value[at], s.value[at + 1]
    thresholds = midpoint(below, above)
    # the digits each midpoint is written with between its two values (a tied one is named)
    digits = threshold_digits(thresholds, below, above)
    return _CurvePoints(keep, kept_node, offsets, thresholds, digits, every)


def _chosen_cuts(points: _CurvePoints, chosen: np.ndarray, nodes_with: np.ndarray,
                 m: int) -> tuple[np.ndarray, np.ndarray | None]:
    """The threshold (NaN where a node has no midpoint) and digits _threshold_split would
    compute for the candidates `chosen` (indices into cand, one per node of nodes_with), read
    off the curve's points, which keep every best one (midpoint and threshold_digits are
    elementwise: the same numbers)."""
    at = chosen if points.every else points.keep.searchsorted(chosen)  # not np's wrappers
    threshold = points.threshold.take(at)
    digits = None if points.digits is None else points.digits.take(at)
    if len(nodes_with) < m:  # a node without a midpoint: no cut (NaN), no digits
        placed, threshold = threshold, np.full(m, np.nan)
        threshold[nodes_with] = placed
        if digits is not None:
            placed, digits = digits, np.zeros(m, dtype=np.int8)
            digits[nodes_with] = placed
    return threshold, digits if digits is not None and any_true(digits) else None


def _curve(points: _CurvePoints, rho, gain, gini_index) -> dict:
    """Gain and Gini_index at the curve's points (_curve_points)."""
    curve = {"offsets": points.offsets, "threshold": points.threshold,
             # clamped at 0 by _candidate_scores
             "gain": _of_nodes(rho, points.node) * gain.take(points.keep),
             "gini_index": gini_index.take(points.keep)}
    if points.digits is not None:
        curve["threshold_digits"] = points.digits
    return curve
