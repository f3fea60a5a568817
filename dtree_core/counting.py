"""Exact, batch-invariant building blocks for the scorer (dtree_core.splitting).

A batch holds the entries of many nodes; every number computed for one node must depend only
on that node's own entries, so the level-wise grower and the recursive reference agree to the
last bit. Cumulative sums therefore restart at every node (`segment_cumsum`) unless every
weight is a whole number, when a running sum over the whole batch is exact anyway.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

try:  # numpy's own C count, without np.count_nonzero's Python wrapper (a third of its cost on
    # the few nodes of a deep depth, which asks some thirty such questions)
    from numpy._core.multiarray import count_nonzero as _count_nonzero
except ImportError:  # numpy 1.x, or a numpy that moved it: the public one, the same count
    _count_nonzero = np.count_nonzero

# Largest whole-number weight for which x·log2 x is looked up rather than computed.
TABLE_LIMIT = 1 << 22
_table = np.zeros(1)

# Below TINY_WEIGHT a side's squared class weights may underflow (1e-300² is 0), above
# HUGE_WEIGHT overflow (1e160² is inf): its Σ n_c² / w is taken as Σ (n_c / w)·n_c instead
# (shares first, as criteria.gini takes them; splitting._side_purity, _two_way_gini).
TINY_WEIGHT, HUGE_WEIGHT = 1e-150, 1e150


def any_true(mask: np.ndarray) -> bool:
    """mask.any() for a bool array, by count_nonzero: one C call, where .any() and .all()
    go through numpy's Python-level reduction (measured about 0.1 against 2 µs; a depth
    of a few nodes asks some thirty such questions)."""
    return bool(_count_nonzero(mask))  # count_nonzero gives a numpy integer


def all_true(mask: np.ndarray) -> bool:
    """mask.all() for a bool array (see any_true)."""
    return bool(_count_nonzero(mask) == mask.size)


def count_true(mask: np.ndarray) -> int:
    """np.count_nonzero(mask) as an int, by the C count alone (see any_true)."""
    return int(_count_nonzero(mask))


def xlogx(x: np.ndarray) -> np.ndarray:
    """x·log2 x, 0 at 0 (elementwise, so the same bits wherever x sits in an array)."""
    x = np.asarray(x, dtype=float)
    return x * np.log2(np.maximum(x, 1e-300))


def xlogx_table(n: int) -> np.ndarray:
    """xlogx(0..n) (at least), built once and grown as needed; entries equal xlogx's bits."""
    global _table
    table = _table
    if len(table) <= n:
        table = xlogx(np.arange(max(n + 1, 2 * len(table)), dtype=float))
        # this call's own table is returned, not the module's: a session growing it in
        # another thread may store a shorter one meanwhile, which the compiled kernel (no
        # bounds check) would read past
        _table = table
    return table


def starts_of(sizes: np.ndarray) -> np.ndarray:
    """Where each of consecutive runs of these sizes starts: the sum of the sizes before it."""
    return sizes.cumsum() - sizes  # the method: np.cumsum's wrapper costs more on a few sizes


def sorted_counts(ids: np.ndarray, m: int) -> np.ndarray:
    """np.bincount(ids, None, m) for ids sorted ascending: by a binary search per node when
    the ids are many and many more than m (a big depth's candidates of its nodes), else by
    counting (three calls cost more than one pass over a few thousand ids). One node's ids
    are all 0: their count is their length (a deep chain's every depth, twice)."""
    if m == 1:
        return np.array([len(ids)], dtype=np.intp)
    if len(ids) > max(8 * m, 1 << 14):
        return np.diff(np.searchsorted(ids, np.arange(m + 1)))
    return np.bincount(ids, None, m)


def row_sums(a: np.ndarray) -> np.ndarray:
    """a.sum(axis=-1) for an integer or bool array (bools counted), as int64, by adding its
    slices: exact in any order, and several times faster than numpy's reduction over a short
    last axis (measured: 50 against 710 µs for (5740, 9, 3) counts)."""
    if a.shape[-1] == 0 or a.shape[-1] > 8:  # a wide axis: numpy's reduction is the cheaper
        return a.sum(axis=-1, dtype=np.int64)
    out = a[..., 0].astype(np.int64)  # a copy, in a type that counts (bools would only OR)
    for i in range(1, a.shape[-1]):
        out += a[..., i]
    return out


def distinct_indices(a: np.ndarray) -> list[int]:
    """np.unique(a).tolist() for indices (all ≥ 0), by counting instead of sorting: a depth
    asks this of its few chosen attributes, where unique's fixed cost is most of the work."""
    # .nonzero()[0]: np.flatnonzero's two wrappers cost several times the call itself; one
    # index (a deep chain's one node) is its own
    return np.bincount(a).nonzero()[0].tolist() if len(a) > 1 else a.tolist()


def order_of_distinct(key: np.ndarray, bound: int) -> np.ndarray:
    """np.argsort(key) for distinct int64 keys in [0, bound); key is overwritten.

    Each key is packed with its index into one 64-bit number and the numbers are sorted by
    value: numpy sorts values 2-3 times faster than it argsorts them (measured: 4.5 against
    11-13 ms for a million). Keys are distinct, so the order is the one argsort gives."""
    bits = max(len(key) - 1, 1).bit_length()
    if max(bound - 1, 1).bit_length() + bits > 64:
        return np.argsort(key)
    if fits_group_order(len(key), bound - 1):  # 32-bit numbers sort faster still
        return group_order(key, bits)
    packed = key.view(np.uint64)  # non-negative: the same bits
    packed <<= np.uint64(bits)
    packed |= np.arange(len(key), dtype=np.uint64)
    packed.sort()
    packed &= np.uint64((1 << bits) - 1)
    return key  # packed's bits, now the indices


def group_order(key: np.ndarray, bits: int | None = None) -> np.ndarray:
    """np.argsort(key, kind="stable") for non-negative integer keys (a node per entry, say)
    whose largest value and len(key) - 1 fit in 32 bits together (bits: those of the
    largest index, when known): each key is packed with its index into one 32-bit number
    and the numbers are sorted by value, several times faster than a stable argsort of the
    keys themselves (measured: 0.29 against 0.8 ms for 100k 16-bit keys). The packed
    numbers are distinct, so the order is the stable one. Returns int64 indices."""
    if bits is None:
        bits = max(len(key) - 1, 1).bit_length()
    packed = key.astype(np.uint32)
    packed <<= np.uint32(bits)
    packed |= np.arange(len(key), dtype=np.uint32)
    packed.sort()
    packed &= np.uint32((1 << bits) - 1)
    return packed.astype(np.int64)


def fits_group_order(n_keys: int, largest: int) -> bool:
    """Can group_order sort n_keys keys no larger than largest?"""
    return max(largest, 1).bit_length() + max(n_keys - 1, 1).bit_length() <= 32


class ColumnSort(NamedTuple):
    """A continuous column sorted by (value, row), unknown (NaN) values last: made once per
    column (Encoded.sorts) and read by every depth's sort of it."""

    place: np.ndarray  # each row's place in that order
    order: np.ndarray  # the rows in that order (read-only): place's inverse
    nan_rank: int  # the rank of unknown values, -1 when none is unknown


def column_sort(ranks: np.ndarray, column: np.ndarray) -> ColumnSort:
    """The column's sort from its dense ranks (data.dense_rank). Both directions are kept
    (8 bytes a row for a column under 2**31 rows): the ranks are not, so this costs no more
    memory than ranks and places did, and the order is not rebuilt by a scattered store
    at every depth that scans the column (measured: 9% of a 1M-row fit)."""
    n = len(ranks)
    index = np.int32 if n < 2**31 else np.int64
    # (rank, row) as one distinct key: its order is the stable order of the ranks, found
    # several times faster than by a stable sort
    rank_row = ranks.astype(np.int64)
    rank_row *= n
    rank_row += np.arange(n)
    order = order_of_distinct(rank_row, (int(ranks.max(initial=0)) + 1) * n).astype(index)
    del rank_row
    place = np.empty(n, dtype=index)
    place[order] = np.arange(n, dtype=index)
    order.flags.writeable = False  # shared by every depth's sort of the column
    place.flags.writeable = False
    nan_rank = int(ranks.max()) if len(column) and np.isnan(column).any() else -1
    return ColumnSort(place, order, nan_rank)


def segment_cumsum(values: np.ndarray, starts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Inclusive running sums along the last axis of values, restarting at every segment.

    Segments (start, size) tile the last axis. Each is copied into a zero-padded row of a 2-D
    block (segments bucketed by size, so padding stays under 2× the entries) and summed with
    np.cumsum along the row: accumulation is strictly sequential, so a segment's sums are the
    same bits whatever else shares the array.
    """
    out = np.empty_like(values, dtype=float)
    n = values.shape[-1]
    keep = sizes > 0
    starts, sizes = starts[keep], sizes[keep]
    if n == 0 or len(sizes) == 0:
        return out
    width = np.maximum(16, 1 << np.ceil(np.log2(np.maximum(sizes, 1))).astype(np.int64))
    for w in np.unique(width).tolist():
        sel = width == w
        pos = starts[sel][:, None] + np.arange(w)
        valid = np.arange(w) < sizes[sel][:, None]
        block = np.where(valid, values[..., np.minimum(pos, n - 1)], 0.0)
        np.cumsum(block, axis=-1, out=block)
        out[..., pos[valid]] = block[..., valid]
    return out
