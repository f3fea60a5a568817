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

# numba's compiled functions by name, None once it is known numba cannot be used
_compiled: dict[str, Callable] | None = {}
_switched_on = os.environ.get("DTREE_KERNELS", "1") != "0"

# A batch of fewer entries is left to numpy: importing numba and loading the kernels would
# cost more than they save (about 0.3 s, once per process).
SMALLEST_BATCH = 50_000


def _group_sorted_rows(rows, node_of_row, starts, out_rows):
    """out_rows: the rows of `rows` (a column's rows sorted by value) that are in some node
    (node_of_row: -1 for none), grouped by node; `starts`: where each node's run begins.
    One pass: each row is appended to its node's run, so every run keeps the column's
    order (a stable partition, where numpy needs a sort of packed keys). One lookup per
    row: a second, dependent one (row → entry → node) made it three times slower."""
    fill = starts.copy()
    for r in rows:
        k = node_of_row[r]
        if k >= 0:
            p = fill[k]
            out_rows[p] = r
            fill[k] = p + 1


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


_SOURCES = {"group_sorted_rows": _group_sorted_rows, "best_positions": _best_positions}
# the helpers a kernel calls, compiled with it
_HELPERS = (_gain_at, _sum_looked_up, _gini_index_at)


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
        _warm_up(name, kernel)
    return True


def _warm_up(name: str, kernel: Callable) -> None:
    """Call a kernel once on two entries of the types the grower passes (a column's sorted
    rows are read-only: a type of their own to numba), so its code is ready."""
    if name == "group_sorted_rows":
        rows = np.arange(2, dtype=np.int32)
        rows.flags.writeable = False
        kernel(rows, np.zeros(2, dtype=np.int32), np.zeros(1, dtype=np.int64),
               np.empty(2, dtype=np.int32))
    else:
        one = np.ones(1, dtype=np.int64)
        kernel(np.arange(3, dtype=np.int64), 1, 2, np.zeros(1, dtype=np.int64), 2 * one,
               np.ones((1, 2), dtype=np.int64), np.zeros(1), np.zeros(3),
               np.ones(1, dtype=bool), False, 1e-12, 1e-12, one.copy(), one.copy())


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


def group_sorted_rows(rows: np.ndarray, node_of_row: np.ndarray, starts: np.ndarray,
                      n_entries: int) -> np.ndarray:
    """The rows of a column's sorted `rows` that are in some node, grouped by node in that
    order (node_of_row: -1 for a row in no node; starts: where each node's run begins;
    n_entries rows in all). Only when available()."""
    out_rows = np.empty(n_entries, dtype=rows.dtype)
    _kernel("group_sorted_rows")(rows, node_of_row, starts, out_rows)
    return out_rows


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
