"""Compiled loops for the grower's hottest passes, where numpy's floor per element is the cost.

Each kernel is plain Python loops over arrays, compiled by numba on first use (and cached
on disk, so a later process loads it instead of compiling it). Its result is the same array,
to the bit, that the numpy code it stands in for makes: the caller keeps that code for when
numba is absent or switched off (DTREE_KERNELS=0 in the environment, or `enabled(False)`),
and tests run both and compare them.

numba is imported only when a kernel is first asked for: it costs about 0.3 s, which a small
table (or `--help`) should not pay.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np

from .counting import HUGE_WEIGHT, TINY_WEIGHT, ColumnSort

# numba's compiled functions by name, None once it is known numba cannot be used
_compiled: dict[str, Callable] | None = {}
_switched_on = os.environ.get("DTREE_KERNELS", "1") != "0"

# A batch of fewer entries is left to numpy: importing numba and loading the kernels would
# cost more than they save (about 0.3 s, once per process).
SMALLEST_BATCH = 50_000


def _group_sorted_rows(rows, node_of_row, starts, run_start, out_rows, out_step):
    """out_rows: the rows of `rows` (a column's rows sorted by value) that are in some node
    (node_of_row: -1 for none), grouped by node; `starts`: where each node's run begins.
    One pass: each row is appended to its node's run, so every run keeps the column's
    order (a stable partition, where numpy needs a sort of packed keys). One lookup per
    row: a second, dependent one (row → entry → node) made it three times slower.
    out_step[p] (all False when given): does the value step up from a node's entry p to
    its next, that is, is a new value's run (run_start: 1 at each sorted place where one
    begins) begun between them; read in order, not gathered by row."""
    fill = starts.copy()
    last_run = np.empty(len(starts), dtype=np.int64)
    run = -1
    for i in range(len(rows)):
        r = rows[i]
        run += run_start[i]
        k = node_of_row[r]
        if k >= 0:
            p = fill[k]
            out_rows[p] = r
            if p > starts[k]:
                out_step[p - 1] = last_run[k] != run
            last_run[k] = run
            fill[k] = p + 1


def _count_cells(column, rows, node, y, out):
    """out[node, value + 1, class] += 1 for each entry (unknown values, -1, at 0): a nominal
    attribute's whole-number class counts at every node, in one pass, where numpy makes the
    cell of each entry in four and counts them in a fifth (the same whole numbers)."""
    for e in range(len(rows)):
        out[node[e], column[rows[e]] + 1, y[e]] += 1


def _settle_ties(order, column, place):
    """order: np.argsort(column), whose equal values come in no set order; puts each run of
    equal values (-0.0 equals 0.0; every NaN one run, last, as argsort leaves them) in row
    order, writes each row's place in the result, and returns the count of distinct known
    values: counting.column_sort(dense_rank(column), column)'s order and place in one pass
    after one unstable argsort, where numpy needs a second sort of packed (rank, row) keys."""
    n = len(order)
    start = 0
    distinct = 0
    while start < n:
        value = column[order[start]]
        end = start + 1
        if value != value:  # NaN: the rest are NaN too
            end = n
        else:
            while end < n and column[order[end]] == value:
                end += 1
            distinct += 1
        if end - start > _INSERTION_RUN:
            order[start:end] = np.sort(order[start:end])
        else:
            _insertion_sort(order, start, end)
        for p in range(start, end):
            place[order[p]] = p
        start = end
    return distinct


def _insertion_sort(a, start, end):
    """a[start:end] sorted in place (a short run: no temporary array)."""
    for p in range(start + 1, end):
        item = a[p]
        q = p - 1
        while q >= start and a[q] > item:
            a[q + 1] = a[q]
            q -= 1
        a[q + 1] = item


# a run of tied values longer than this is sorted by np.sort, a shorter one in place
_INSERTION_RUN = 16


def _best_positions(cum, bits, n_classes, starts, sizes, totals, entropy, table, step,
                    by_gini, rtol, atol, best, n_distinct):
    """splitting._score_every_position's choice, one node (segment) at a time: at each
    sorted position of a segment, the Gain (or -Gini_index) of cutting after it, from the
    class counts packed in `cum` (`bits` per class), by the same operations in the same
    order as the numpy code, so the same bits; -inf where no midpoint follows (an equal
    value, the segment's end). best[i]: the segment's first position within the tie margin
    of its best (len(step) + 1 when it has no midpoint); n_distinct[i]: its distinct
    values. totals: (m, C) known class counts; entropy: each segment's Ent(D̃) (unused by
    Gini); table: x·log2 x of 0 … the largest segment."""
    n_entries = len(step) + 1
    mask = (1 << bits) - 1
    key = np.empty(n_entries)
    left = np.empty(n_classes, dtype=np.int64)
    for i in range(len(starts)):
        start, size = starts[i], sizes[i]
        kw = size
        node_totals, node_entropy = totals[i], entropy[i]  # views made once, not per position
        top = -np.inf
        distinct = 1
        for p in range(start, start + size):
            if p == n_entries - 1 or not step[p]:
                key[p] = -np.inf
                continue
            distinct += 1
            packed = cum[p + 1] - cum[start]
            lw = p + 1 - start
            rw = kw - lw
            rest = lw
            for c in range(n_classes - 1):
                left[c] = (packed >> (bits * c)) & mask
                rest -= left[c]
            left[n_classes - 1] = rest
            if by_gini:
                value = _gini_index_at(left, lw, rw, kw, node_totals, n_classes)
            else:
                value = _gain_at(left, lw, rw, kw, node_totals, n_classes, node_entropy, table)
            key[p] = value
            if value > top:
                top = value
        n_distinct[i] = distinct if size > 0 else 0
        best[i] = n_entries
        if top > -np.inf:
            bound = top - max(rtol * abs(top), atol)
            for p in range(start, start + size):
                if key[p] >= bound:
                    best[i] = p
                    break


def _gain_at(left, lw, rw, kw, totals, n_classes, entropy, table):
    """Gain at one position: (T[lw] - Σ T[left]) + T[rw] - Σ T[right], over kw, from Ent."""
    spread = table[lw] - _sum_looked_up(left, table, n_classes)
    spread += table[rw]
    right_rest = rw
    right_sum = 0.0
    for c in range(n_classes):
        r = totals[c] - left[c] if c < n_classes - 1 else right_rest
        right_rest -= r
        right_sum = table[r] if c == 0 else right_sum + table[r]
    spread -= right_sum
    spread /= float(kw)
    gain = entropy - spread
    return gain if gain >= 0.0 else 0.0


def _sum_looked_up(counts, table, n_classes):
    """((T[c0] + T[c1]) + T[c2]) + …, as splitting._add_each sums."""
    out = table[counts[0]]
    for c in range(1, n_classes):
        out += table[counts[c]]
    return out


def _gini_index_at(left, lw, rw, kw, totals, n_classes):
    """-Gini_index at one position: -(kw - Σ left² / lw - Σ right² / rw) / kw, max 0 first."""
    left_squares = 0
    right_squares = 0
    right_rest = rw
    for c in range(n_classes):
        r = totals[c] - left[c] if c < n_classes - 1 else right_rest
        right_rest -= r
        left_squares += left[c] * left[c]
        right_squares += r * r
    gini_index = float(kw) - float(left_squares) / float(lw)
    gini_index -= float(right_squares) / float(rw)
    gini_index /= float(kw)
    return -(gini_index if gini_index >= 0.0 else 0.0)


def _best_subsets(by_value, weighted, first, place, block, search, rtol, atol, code,
                  index, sums):
    """splitting._exact_partition, node by node: where search[i], every subset S of the
    node's weighted values holding first[i] is a candidate; its left side's class weights
    are added in value order from 0.0 (a table of every subset's, _subset_table) and its
    right side's are the node's less those, as the numpy code adds them; its Gini_index
    is _two_way_gini's (inf with an empty side). Of the candidates within the tie margin
    of the lowest, the one all_partitions lists first (the least place[block[i], code])
    wins. Elsewhere (a hopeless node) S is {first}, as _first_against_rest takes it.
    code[i]: S's bits over the k values; index[i]: its Gini_index; sums[i]: its left
    side's, right side's and the node's class weights. Returns False, with nothing to use,
    at a side lighter than TINY_WEIGHT or heavier than HUGE_WEIGHT (the numpy code's other
    formula)."""
    m, k, n_classes = by_value.shape
    values = np.empty(k, dtype=np.int64)
    table = np.empty((1 << k, n_classes))
    found = np.empty(1 << (k - 1))
    for i in range(m):
        w = 0
        for v in range(k):
            if weighted[i, v] or v == first[i]:
                values[w] = v
                w += 1
        if not search[i]:
            code[i] = 1 << first[i]
            index[i] = _first_against_rest(by_value[i], values, w, first[i], sums[i])
            if index[i] != index[i]:
                return False
            continue
        _subset_table(by_value[i], values, w, table)
        full = (1 << w) - 1
        at = 0  # the bit of first among the node's values
        while values[at] != first[i]:
            at += 1
        lowest = np.inf
        for rest in range(1 << (w - 1)):
            found[rest] = _two_way_gini_of(table[_with_bit(rest, at)], table[full], n_classes)
            if found[rest] != found[rest]:
                return False
            lowest = min(lowest, found[rest])
        best_rest = _first_listed_tied(found, w, at, lowest + max(rtol * abs(lowest), atol),
                                       values, place[block[i]])
        subset = _with_bit(best_rest, at)
        code[i] = _over_all_values(subset, values, w)
        index[i] = found[best_rest]
        sums[i, 0], sums[i, 1], sums[i, 2] = table[subset], table[subset ^ full], table[full]
    return True


def _first_against_rest(counts, values, w, first, sums):
    """A hopeless node's Gini_index and sides (sums) as splitting._first_against_rest takes
    them: {first}'s class weights, the node's less those, and the node's (its values added
    in value order from 0.0)."""
    sums[0] = counts[first]
    sums[2] = 0.0
    for b in range(w):
        for c in range(sums.shape[1]):
            sums[2, c] += counts[values[b], c]
    for c in range(sums.shape[1]):
        sums[1, c] = sums[2, c] - sums[0, c]
    return _two_way_gini_of(sums[0], sums[2], sums.shape[1])


def _first_listed_tied(found, w, at, bound, values, place):
    """The candidate (its bits beside first's) within bound that all_partitions lists first."""
    best_place, best_rest = -1, 0
    for rest in range(1 << (w - 1)):
        if found[rest] <= bound:
            p = place[_over_all_values(_with_bit(rest, at), values, w)]
            if best_place < 0 or p < best_place:
                best_place, best_rest = p, rest
    return best_rest


def _with_bit(rest, at):
    """rest's bits with a 1 put in at bit `at` (the bits from `at` up moved one higher)."""
    low = rest & ((1 << at) - 1)
    return ((rest - low) << 1) | (1 << at) | low


def _over_all_values(subset, values, w):
    """A subset of the node's w values (bit b: values[b]) as bits over all k values."""
    code = 0
    for b in range(w):
        if (subset >> b) & 1:
            code |= 1 << values[b]
    return code


def _subset_table(counts, values, w, table):
    """table[S]: the class weights of each subset S of the node's w values (bit b:
    values[b]), a smaller subset's plus its highest value, so each sum adds its values in
    value order from 0.0, as splitting._subset_table does: 2^w additions of a value's
    class weights, where adding each subset's values afresh took w/2 per subset."""
    table[0] = 0.0
    for b in range(w):
        for s in range(1 << b):
            for c in range(table.shape[1]):
                table[(1 << b) | s, c] = table[s, c] + counts[values[b], c]


def _two_way_gini_of(left, whole, n_classes):
    """splitting._two_way_gini of one split, the right side the node's less the left's; NaN
    where a side is lighter than TINY_WEIGHT or heavier than HUGE_WEIGHT (its other
    formula is left to numpy)."""
    right_c = whole[0] - left[0]
    left_w, right_w = left[0], right_c
    impurity, squares = left[0] * left[0], right_c * right_c
    for c in range(1, n_classes):  # each sum from class 0 on, as _add adds
        right_c = whole[c] - left[c]
        left_w += left[c]
        right_w += right_c
        impurity += left[c] * left[c]
        squares += right_c * right_c
    if not (left_w > 0 and right_w > 0):
        return np.inf
    if min(left_w, right_w) < TINY_WEIGHT or max(left_w, right_w) > HUGE_WEIGHT:
        return np.nan  # the caller's signal to leave this table to numpy
    impurity /= left_w
    impurity = left_w - impurity
    impurity += right_w
    squares /= right_w
    impurity -= squares
    return impurity / max(left_w + right_w, 1e-300)


_SOURCES = {"group_sorted_rows": _group_sorted_rows, "best_positions": _best_positions,
            "best_subsets": _best_subsets, "settle_ties": _settle_ties,
            "count_cells": _count_cells}
# the helpers a kernel calls, compiled with it
_HELPERS = (_insertion_sort, _gain_at, _sum_looked_up, _gini_index_at, _with_bit, _over_all_values,
            _subset_table, _first_against_rest, _two_way_gini_of, _first_listed_tied)


def available(entries: int) -> bool:
    """Should a batch of this many entries use the kernels? When numba is importable and
    they are switched on: always once they are loaded, else for a batch big enough to
    repay loading them."""
    if not _switched_on or _compiled is None:
        return False
    return bool(_compiled) or (entries >= SMALLEST_BATCH and load())


def load() -> bool:
    """Import numba and compile (or read from the disk cache) every kernel now, as a server
    or a benchmark does once before its first fit; False without numba."""
    if _kernel("group_sorted_rows") is None:
        return False
    for name, kernel in _compiled.items():
        for arguments in _SAMPLE_ARGUMENTS[name]():
            kernel(*arguments)
    return True


def _read_only(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


# Each kernel's arguments on two entries, of the types the grower passes (a column's sorted
# rows, and the column column_sort reads, are read-only: a type of their own to numba):
# load() calls each kernel on them once, so its code is compiled or read from the cache
# before a fit needs it.
_SAMPLE_ARGUMENTS = {
    # a nominal column's codes are int8, int16 or int32 (data._code_type): each its own type
    "count_cells": lambda: [
        (np.zeros(1, dtype=code), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64),
         np.zeros(1, dtype=np.int32), np.zeros((1, 2, 1), dtype=np.int64))
        for code in (np.int8, np.int16, np.int32)],
    "group_sorted_rows": lambda: [(
        _read_only(np.arange(2, dtype=np.int32)), np.zeros(2, dtype=np.int32),
        np.zeros(1, dtype=np.int64), _read_only(np.ones(2, dtype=np.uint8)),
        np.empty(2, dtype=np.int32), np.zeros(2, dtype=bool))],
    "best_positions": lambda: [(
        np.arange(3, dtype=np.int64), 1, 2, np.zeros(1, dtype=np.int64),
        np.full(1, 2, dtype=np.int64), np.ones((1, 2), dtype=np.int64), np.zeros(1),
        np.zeros(3), np.ones(1, dtype=bool), False, 1e-12, 1e-12,
        np.ones(1, dtype=np.int64), np.ones(1, dtype=np.int64))],
    "settle_ties": lambda: [(
        np.zeros(1, dtype=np.int32), _read_only(np.zeros(1)), np.zeros(1, dtype=np.int32))],
    "best_subsets": lambda: [(
        np.ones((1, 2, 2)), np.ones((1, 2), dtype=bool), np.zeros(1, dtype=np.int64),
        np.zeros((1, 4), dtype=np.int64), np.zeros(1, dtype=np.int64), np.ones(1, dtype=bool),
        1e-12, 1e-12, np.zeros(1, dtype=np.int64), np.zeros(1), np.zeros((1, 3, 2)))],
}


@contextmanager
def enabled(on: bool) -> Iterator[None]:
    """The kernels switched on or off inside the block (tests compare both paths)."""
    global _switched_on
    before, _switched_on = _switched_on, on
    try:
        yield
    finally:
        _switched_on = before


def _kernel(name: str) -> Callable | None:
    """The compiled kernel, compiling (or loading) every kernel on first use; None without
    numba."""
    global _compiled
    if _compiled is None:
        return None
    if not _compiled:
        try:
            import numba
        except ImportError:  # the numpy code stands in
            _compiled = None
            return None
        # a kernel calls its helpers by their global names, which numba resolves when it
        # compiles the kernel: they must name compiled functions by then
        for helper in _HELPERS:  # inlined: a call per position costs more than its work
            globals()[helper.__name__] = _jit(numba, helper, inline="always")
        _compiled = {kernel: _jit(numba, source) for kernel, source in _SOURCES.items()}
    return _compiled[name]


def _jit(numba, source: Callable, **options) -> Callable:
    """numba's compiled `source`, cached on disk where numba finds a writable directory
    (beside this file, else the user's cache); else compiled in each process: numba refuses
    cache=True with a RuntimeError where it finds none (a read-only install whose user has
    no writable home), which would otherwise fail the fit that asked for the kernels."""
    # error_model="numpy": a division by zero is IEEE's, as in numpy, with no check per
    # division (a third of the scoring kernel's time); nogil: sessions run side by side
    options.update(nogil=True, error_model="numpy")
    try:
        return numba.njit(cache=True, **options)(source)
    except RuntimeError:  # "cannot cache function …: no locator available for file …"
        return numba.njit(**options)(source)


def column_sort(column: np.ndarray) -> ColumnSort:
    """counting.column_sort(data.dense_rank(column), column): the same arrays, from one
    argsort and one pass (_settle_ties). Only when available()."""
    n = len(column)
    index = np.int32 if n < 2**31 else np.int64
    order = np.argsort(column).astype(index, copy=False)
    place = np.empty(n, dtype=index)
    distinct = _kernel("settle_ties")(order, _read_only(column.view()), place)
    order.flags.writeable = False
    place.flags.writeable = False
    return ColumnSort(place, order, distinct if n and np.isnan(column[order[-1]]) else -1)


def group_sorted_rows(rows: np.ndarray, node_of_row: np.ndarray, starts: np.ndarray,
                      run_start: np.ndarray, n_entries: int) -> tuple[np.ndarray, np.ndarray]:
    """The rows of a column's sorted `rows` that are in some node, grouped by node in that
    order (node_of_row: -1 for a row in no node; starts: where each node's run begins;
    n_entries rows in all), and where the value steps up to a node's next entry (run_start:
    Encoded.run_starts' of the column). Only when available()."""
    out_rows = np.empty(n_entries, dtype=rows.dtype)
    out_step = np.zeros(n_entries, dtype=bool)
    _kernel("group_sorted_rows")(rows, node_of_row, starts, run_start, out_rows, out_step)
    return out_rows, out_step


def count_cells(column: np.ndarray, rows: np.ndarray, node: np.ndarray, y: np.ndarray,
                out: np.ndarray) -> None:
    """splitting._score_nominal_stack's whole-number counts of one attribute, added into
    out (m, k + 1, C) int64 (y: int32). Only when available()."""
    _kernel("count_cells")(column, rows, node, y, out)


def best_positions(cum: np.ndarray, bits: int, starts: np.ndarray, sizes: np.ndarray,
                   known_counts: np.ndarray, entropy: np.ndarray | None,
                   table: np.ndarray | None, step: np.ndarray, by_gini: bool,
                   rtol: float, atol: float) -> tuple[np.ndarray, np.ndarray]:
    """splitting._every_position_best's (best, n_distinct), in one pass per node and no
    temporary per class (see _best_positions). Only when available()."""
    m, n_classes = known_counts.shape
    best = np.empty(m, dtype=np.int64)
    n_distinct = np.empty(m, dtype=np.int64)
    totals = known_counts.astype(np.int64)
    _kernel("best_positions")(
        cum, bits, n_classes, starts.astype(np.int64), sizes.astype(np.int64), totals,
        np.zeros(m) if entropy is None else entropy, np.zeros(1) if table is None else table,
        step, by_gini, rtol, atol, best, n_distinct)
    return best, n_distinct


def best_subsets(by_value: np.ndarray, weighted: np.ndarray, first: np.ndarray,
                 place: np.ndarray, block: np.ndarray, search: np.ndarray, rtol: float,
                 atol: float, code: np.ndarray, index: np.ndarray, sums: np.ndarray) -> bool:
    """splitting._exact_partition's choice at each node, into code, index and sums (see
    _best_subsets; the nodes not flagged in `search` take {first} against the rest); False
    at weights past its formula's range, when nothing written is to be used. Only when
    available()."""
    return _kernel("best_subsets")(
        np.ascontiguousarray(by_value, dtype=float), np.ascontiguousarray(weighted),
        first.astype(np.int64), np.array(place, dtype=np.int64), block.astype(np.int64),
        np.ascontiguousarray(search), rtol, atol, code, index, sums)
