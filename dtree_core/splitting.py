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

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations

import numpy as np

from .counting import (
    TABLE_LIMIT,
    segment_cumsum,
    sort_order,
    sort_positions,
    xlogx,
    xlogx_table,
)
from .criteria import entropy, gini, split_scores, total, weighted_mean
from .data import Encoded
from .paths import same_threshold

# Nominal attributes with at most this many values get CART's exhaustive two-way search.
EXACT_PARTITION_LIMIT = 10
TIE_RTOL = 1e-12
SCORE_FIELDS = ("rho", "entropy_known", "entropy_after", "gain", "iv", "gain_ratio",
                "gini_known", "gini_index", "gini_gain")


@dataclass
class Batch:
    """Entries reaching the open nodes of one depth."""

    rows: np.ndarray
    weight: np.ndarray
    node: np.ndarray
    n_nodes: int
    # facts every attribute's scoring shares (see _batch_facts); filled on first use
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def select(self, keep_nodes: np.ndarray) -> Batch:
        """The entries of the nodes flagged in keep_nodes, renumbered 0..k-1."""
        if keep_nodes.all():  # the same entries: shared, not copied
            return Batch(self.rows, self.weight, self.node, self.n_nodes)
        new_index = np.cumsum(keep_nodes) - 1
        mask = keep_nodes[self.node]
        return Batch(self.rows[mask], self.weight[mask], new_index[self.node[mask]],
                     int(keep_nodes.sum()))


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
    curve: dict[str, np.ndarray] = field(default_factory=dict)  # flat, with "offsets" (m+1)
    forced_threshold: np.ndarray | None = None  # (m,) bool: cut where a force said (--force a@t)


_MODE = threading.local()


@contextmanager
def growing(lean: bool = True) -> Iterator[None]:
    """Score for growing only: the chosen splits and the table the rule ranks, without what
    only a viewer shows (the curves, CART's multiway Gini_index, the best threshold by the
    criterion the algorithm does not cut by). The grower releases each depth's arrays once
    decided; a viewer's request rescores the depth in full, to the same bits.
    growing(lean=False) scores in full within it (a small depth kept whole, see scoretable)."""
    before = getattr(_MODE, "lean", False)
    _MODE.lean = lean
    try:
        yield
    finally:
        _MODE.lean = before


def growing_only() -> bool:
    return getattr(_MODE, "lean", False)


def node_class_counts(enc: Encoded, batch: Batch) -> tuple[np.ndarray, np.ndarray]:
    """Class weights (m, C) and entry counts (m,) of every node."""
    n_classes = len(enc.classes)
    key = batch.node * n_classes + enc.y[batch.rows]
    counts = np.bincount(key, batch.weight, batch.n_nodes * n_classes)
    return counts.reshape(batch.n_nodes, n_classes), np.bincount(batch.node, None, batch.n_nodes)


def score_nominal(enc: Encoded, j: int, batch: Batch, binary: bool) -> AttributeScores:
    """Multiway (ID3/C4.5) or best two-way (CART) split on nominal attribute j."""
    k, n_classes, m = len(enc.attributes[j].values), len(enc.classes), batch.n_nodes
    slot = batch.node * (k + 1) + enc.columns[j][batch.rows] + 1
    counts = np.bincount(slot * n_classes + enc.y[batch.rows], batch.weight,
                         m * (k + 1) * n_classes).reshape(m, k + 1, n_classes)
    n = np.bincount(slot, None, m * (k + 1)).reshape(m, k + 1)
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
                             (value_weight > 0).sum(axis=-1),
                             gini_index_multiway=multiway.get("gini_index"))
    if binary:  # otherwise the best partition is only shown, and found when a row is asked for
        left, result.gini_index_binary = best_partition(by_value, text_ranks(enc.attributes[j]))
        result.left = left
        two = np.stack([_masked_sum(left, by_value), _masked_sum(~left, by_value)], axis=1)
        two_n = np.stack([(left * n_by_value).sum(-1), (~left * n_by_value).sum(-1)], axis=1)
        result.scores = split_scores(two, unknown_weight)
        result.branch_counts, result.branch_n = two, two_n
    return result


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
    m, k = by_value.shape[:2]
    if k < 2:
        return np.ones((m, k), dtype=bool), gini(total(by_value, 1))
    text_rank = np.arange(k) if text_rank is None else np.asarray(text_rank)
    if k <= EXACT_PARTITION_LIMIT:
        masks = _all_partitions(k)[:, text_rank]
        step = max(1, (1 << 21) // ((1 << k) * max(by_value.shape[2], 1)))  # bounds memory
        parts = [_best_of_lefts(part, _subset_sums(part, masks), masks[None])
                 for part in (by_value[i:i + step] for i in range(0, max(m, 1), step))]
        left = np.concatenate([a for a, _ in parts])
        index = np.concatenate([b for _, b in parts])
    else:
        masks = ordered_cut_masks(by_value, text_rank)
        left, index = _best_of_lefts(by_value, _ordered_cut_sums(by_value, masks), masks)
    # The side holding the first value seen is listed first, as the book draws branches.
    return np.where(left[:, :1], left, ~left), index


def _subset_sums(by_value: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """(m, S, C) class weights on the left of each of the S masks shared by every node.

    A table over all 2^k subsets, each the sum of a smaller one and its highest value, adds
    a subset's values in value order, exactly as _masked_sum does, in 2^k·m·C additions.
    """
    m, k, n_classes = by_value.shape
    table = np.zeros((1 << k, m, n_classes))
    for v in range(k):
        table[1 << v:2 << v] = table[:1 << v] + by_value[:, v]
    codes = masks.astype(np.int64) @ (1 << np.arange(k, dtype=np.int64))
    return table[codes].transpose(1, 0, 2)


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
    """Best of the masks (m or 1, S, k) whose left class weights are lefts (m, S, C).

    |D|·Gini_index = Σ_side (w_side - Σ_c n_c²/w_side), with sums over classes in order.
    """
    m, n_classes = by_value.shape[0], by_value.shape[2]
    whole = total(by_value, 1)[:, None, :]
    rights = whole - lefts
    left = [lefts[..., c] for c in range(n_classes)]
    right = [rights[..., c] for c in range(n_classes)]
    left_w, right_w = _add(left), _add(right)
    both = (left_w > 0) & (right_w > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        impurity = (left_w - _add([a * a for a in left]) / left_w
                    + right_w - _add([a * a for a in right]) / right_w)
    index = np.where(both, impurity / np.maximum(left_w + right_w, 1e-300), np.inf)
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


def first_best(key: np.ndarray, axis: int = -1) -> np.ndarray:
    """Index of the first maximum, treating values within TIE_RTOL of it as equal."""
    best = np.max(key, axis=axis, keepdims=True)
    tied = is_tied(key, best)
    return np.argmax(tied, axis=axis)


def is_tied(key: np.ndarray, best: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        return (key >= best - TIE_RTOL * np.abs(best)) & np.isfinite(key)


@dataclass
class _Sorted:
    """A batch's entries sorted by (node, value of one continuous attribute, row), unknowns
    last in each node. Keys are unique (a row is at most once in a node), so the order of a
    node's entries is a function of the node alone."""

    rows: np.ndarray
    node: np.ndarray
    rank: np.ndarray
    starts: np.ndarray  # first sorted position of each node
    known_counts: np.ndarray  # (m, C)
    known_n: np.ndarray  # (m,)
    unknown: np.ndarray  # (m, C)
    cum: np.ndarray  # (C, E[+1]): running class weights of the known entries (see left)
    whole: bool  # every weight a whole number: cum runs over the batch, as int64
    unit: bool = False  # every weight 1: a left side's weight is its count of entries

    def left(self, pos: np.ndarray, node: np.ndarray) -> list[np.ndarray]:
        """Per class, the known weight of node's sorted entries up to and including pos."""
        if self.whole:
            first, after = self.starts[node], pos + 1
            return [c[after] - c[first] for c in self.cum]
        return [c[pos] for c in self.cum]


def _batch_facts(enc: Encoded, batch: Batch) -> dict:
    """What every continuous attribute's sort of this batch shares, computed once."""
    facts = batch.memo
    if not facts:
        sizes = np.bincount(batch.node, None, batch.n_nodes)
        w = batch.weight
        whole = bool(np.array_equal(w, np.floor(w))) and float(w.sum()) < 2.0 ** 52
        facts.update(sizes=sizes, starts=np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(
            np.int64), node=np.repeat(np.arange(batch.n_nodes), sizes), y=enc.y[batch.rows],
            whole=whole, unit=whole and bool((w == 1).all()),
            w_int=w.astype(np.int64) if whole else None,
            cum_type=np.int32 if whole and float(w.sum()) < 2**31 - 1 else np.int64,
            identity=batch.n_nodes == 1 and len(batch.rows) == enc.n_rows
            and bool((batch.rows == np.arange(enc.n_rows)).all()))
    return facts


def _no_unknown(facts: dict, m: int, n_classes: int) -> np.ndarray:
    if "no_unknown" not in facts:
        facts["no_unknown"] = np.zeros((m, n_classes))
        facts["no_unknown"].flags.writeable = False
    return facts["no_unknown"]


def _sorted_order(enc: Encoded, j: int, batch: Batch, facts: dict) -> np.ndarray:
    """The batch's entries sorted by (node, place of the row in column j's sorted order).

    Keys are unique, so every way of sorting gives the same permutation: the root (every row
    once, in row order) takes the column's own sorted order."""
    if facts["identity"]:
        return sort_order(enc.ranks[j], enc.columns[j])
    place = sort_positions(enc.ranks[j], enc.columns[j])[0]
    if batch.n_nodes == 1:
        return np.argsort(place[batch.rows])
    return np.argsort(batch.node * max(len(place), 1) + place[batch.rows])


def _sort_batch(enc: Encoded, j: int, batch: Batch) -> _Sorted:
    m, n_classes = batch.n_nodes, len(enc.classes)
    facts = _batch_facts(enc, batch)
    order = _sorted_order(enc, j, batch, facts)
    nan_rank = sort_positions(enc.ranks[j], enc.columns[j])[1]
    rows, node, y = batch.rows[order], facts["node"], facts["y"][order]
    rank = enc.ranks[j][rows]
    sizes, starts = facts["sizes"], facts["starts"]
    known = rank != nan_rank if nan_rank >= 0 else None
    if facts["whole"]:
        cum = np.zeros((n_classes, len(rows) + 1), dtype=facts["cum_type"])
        w = None if facts["unit"] else facts["w_int"][order]
        for c in range(n_classes):
            is_c = y == c if known is None else (y == c) & known
            np.cumsum(is_c if w is None else np.where(is_c, w, 0), out=cum[c, 1:])
        known_counts = (cum[:, starts + sizes] - cum[:, starts]).T.astype(float)
        w = batch.weight[order] if known is not None else None
    else:
        w = batch.weight[order]
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
    return _Sorted(rows, node, rank, starts, known_counts, known_n, unknown, cum,
                   facts["whole"], facts["unit"])


def _segment_first_best(key: np.ndarray, seg_start: np.ndarray, seg: np.ndarray) -> np.ndarray:
    """Per segment of key, the position of its first maximum (ties within TIE_RTOL); seg is
    each position's segment. (is_tied, with the bound computed once per segment.)"""
    best = np.maximum.reduceat(key, seg_start)
    with np.errstate(invalid="ignore"):
        bound = best - TIE_RTOL * np.abs(best)
        tied = key >= bound[seg]
    tied &= np.isfinite(key)
    positions = np.where(tied, np.arange(len(key)), len(key))
    return np.minimum.reduceat(positions, seg_start)


def score_continuous(enc: Encoded, j: int, batch: Batch, by_gini: bool,
                     curve_points: int, min_side: float = 0.0,
                     forced: dict[int, float] | None = None) -> AttributeScores:
    """Best bi-partition at the midpoints of adjacent distinct known values (Zhou eq. 4.7).

    With min_side > 0 (C4.5's MINOBJS) only midpoints leaving at least that much known
    weight on both sides are candidates. `forced` {node: t} cuts those nodes at the
    candidate midpoint t instead (a student's or a textbook's choice; see forced_threshold).
    """
    s = _sort_batch(enc, j, batch)
    m = batch.n_nodes
    nan_rank = sort_positions(enc.ranks[j], enc.columns[j])[1]
    step = s.rank[:-1] < s.rank[1:]
    last = s.starts[1:] - 1  # no midpoint between one node's last entry and the next's first
    step[last[(last >= 0) & (last < len(step))]] = False
    cand = np.flatnonzero(step if nan_rank < 0 else step & (s.rank[1:] != nan_rank))
    cand_node = s.node[cand]
    n_distinct = np.bincount(cand_node, None, m) + (s.known_n > 0)
    left = s.left(cand, cand_node)
    if s.whole:  # exact integer weights on both sides
        known = s.known_counts.astype(np.int64)
        known_class = [np.ascontiguousarray(known[:, c]) for c in range(known.shape[1])]
        known_w = _add(known_class)
        lw = cand + 1 - s.starts[cand_node] if s.unit else _add(left)
        kw = known_w[cand_node]
        rw = kw - lw
    else:
        lw = _add(left)
        rw = _add([s.known_counts[cand_node, c] - a for c, a in enumerate(left)])
    if min_side > 0:
        hold = (lw >= min_side) & (rw >= min_side)
        cand, cand_node, left = cand[hold], cand_node[hold], [c[hold] for c in left]
        lw, rw = lw[hold], rw[hold]
    lean = growing_only()  # the other criterion and the curve are only ever shown
    if s.whole:
        right = [known_class[c][cand_node] - a for c, a in enumerate(left)]
        kw = kw[hold] if min_side > 0 else kw
    else:
        right = [s.known_counts[cand_node, c] - a for c, a in enumerate(left)]
        kw = lw + rw
    gain, gini_index = _candidate_scores(s, left, right, lw, rw, kw, cand_node,
                                         want_gain=not (lean and by_gini),
                                         want_gini=not lean or by_gini)
    seg_start = np.flatnonzero(np.diff(cand_node, prepend=-1))
    nodes_with = cand_node[seg_start]
    # indices into cand of each node's best midpoint by Gain and by Gini_index
    best_gain = best_gini = seg_start
    if len(cand):
        seg = np.repeat(np.arange(len(seg_start)), np.diff(np.append(seg_start, len(cand))))
        if gain is not None:
            best_gain = _segment_first_best(gain, seg_start, seg)
        if gini_index is not None:
            best_gini = _segment_first_best(-gini_index, seg_start, seg)
    chosen_pos = np.zeros(m, dtype=np.int64)
    chosen_pos[nodes_with] = cand[best_gini if by_gini else best_gain]
    has = np.zeros(m, dtype=bool)
    has[nodes_with] = True
    cut_by_hand = _forced_positions(enc.columns[j], s, cand, cand_node, forced or {})
    for node, pos in cut_by_hand.items():
        chosen_pos[node] = pos

    result = _threshold_split(enc.columns[j], s, chosen_pos, has)
    result.n_distinct = n_distinct
    if cut_by_hand:
        result.forced_threshold = np.isin(np.arange(m), list(cut_by_hand))
    if lean:
        result.gini_index_binary = result.scores["gini_index"] if by_gini else None
        return result
    if by_gini:
        result.gini_index_binary = result.scores["gini_index"]
    else:
        result.gini_index_binary = gini(s.known_counts)
        result.gini_index_binary[nodes_with] = gini_index[best_gini]
    result.n_distinct = n_distinct
    best = np.zeros(len(cand), dtype=bool)
    best[best_gain], best[best_gini] = True, True
    result.curve = _curve(enc.columns[j], s, cand, cand_node, result.scores["rho"], gain,
                          gini_index, best, m, curve_points)
    return result


def _forced_positions(column, s: _Sorted, cand, cand_node, forced: dict[int, float]) -> dict:
    """{node: sorted position of its forced midpoint}: the one equal to t, else the first
    written alike to 6 significant digits; a t that is no candidate there is left out."""
    found = {}
    for node, t in forced.items():
        at = cand[cand_node == node]
        midpoints = ((column[s.rows[at]] + column[s.rows[at + 1]]) / 2).tolist()
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
        if s.whole and (len(kw) == 0 or int(kw.max()) <= TABLE_LIMIT):
            table = xlogx_table(int(kw.max()) if len(kw) else 0)
            f = table.__getitem__
        else:
            f = xlogx
        # f(lw) - Σ f(left) + f(rw) - Σ f(right), in that order, one temporary at a time
        spread = f(lw)  # a new array (a gather or a product)
        spread -= _add_each(f, left)
        spread += f(rw)
        spread -= _add_each(f, right)
        spread /= kw
        gain = entropy(s.known_counts)[cand_node]
        gain -= spread
        del spread
    if want_gini:
        # (kw - Σ left² / lw - Σ right² / rw) / kw
        gini_index = _add_each(_square, left) / lw
        np.subtract(kw, gini_index, out=gini_index)
        gini_index -= _add_each(_square, right) / rw
        gini_index /= kw
    return gain, gini_index


def _square(a: np.ndarray) -> np.ndarray:
    """a², exact for whole-number counts (held as int64 whatever their type)."""
    if a.dtype.kind in "iu":
        return np.multiply(a, a, dtype=np.int64)
    return a * a


def _add_each(f, parts: list) -> np.ndarray:
    """_add([f(p) for p in parts]) without holding every f(p) at once (the same sums)."""
    if len(parts) < 2:
        return _add([f(p) for p in parts])
    out = f(parts[0]) + f(parts[1])
    for part in parts[2:]:
        out += f(part)
    return out


def _threshold_split(column, s: _Sorted, pos: np.ndarray, has: np.ndarray) -> AttributeScores:
    """Scores of splitting each node at the midpoint after sorted position pos."""
    node = np.arange(len(pos))
    left = np.stack([np.where(has, a, 0) for a in s.left(pos, node)], axis=1).astype(float)
    right = s.known_counts - left
    n_left = np.where(has, pos - s.starts + 1, 0)
    counts = np.stack([left, right], axis=1)
    after = np.minimum(pos + 1, max(len(s.rows) - 1, 0))
    with np.errstate(invalid="ignore"):
        threshold = np.where(has, (column[s.rows[pos]] + column[s.rows[after]]) / 2, np.nan) \
            if len(s.rows) else np.full(len(pos), np.nan)
    return AttributeScores(split_scores(counts, total(s.unknown)), counts,
                           np.stack([n_left, s.known_n - n_left], axis=1), s.unknown,
                           np.zeros(len(pos), dtype=np.int64), threshold=threshold)


def _curve(column, s: _Sorted, cand, cand_node, rho, gain, gini_index, best, m,
           points) -> dict:
    """Gain and Gini_index at every midpoint of each node, thinned to about `points` per node."""
    per_node = np.bincount(cand_node, None, m)
    starts = np.concatenate([[0], np.cumsum(per_node)[:-1]])
    stride = np.maximum(1, -(-per_node // max(points, 1)))
    if (stride == 1).all():
        keep = np.arange(len(cand))
    else:  # every stride-th midpoint of each node (from its first), plus the best ones
        kept_n = -(-per_node // stride)
        first = np.repeat(starts, kept_n)
        step = np.arange(kept_n.sum()) - np.repeat(np.cumsum(kept_n) - kept_n, kept_n)
        mask = np.zeros(len(cand), dtype=bool)
        mask[first + step * np.repeat(stride, kept_n)] = True
        mask[best] = True
        keep = np.flatnonzero(mask)
    kept_node, at = cand_node[keep], cand[keep]
    offsets = np.concatenate([[0], np.cumsum(np.bincount(kept_node, None, m))])
    thresholds = (column[s.rows[at]] + column[s.rows[at + 1]]) / 2
    return {"offsets": offsets, "threshold": thresholds,
            "gain": rho[kept_node] * np.maximum(gain[keep], 0.0),
            "gini_index": gini_index[keep]}
