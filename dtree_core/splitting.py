"""Score every candidate attribute for a whole batch of nodes at once.

A batch is the open nodes of one depth: entries (data row, weight, node) in flat arrays.
Counting is numpy on integer codes: bincount for nominal attributes, one sort per
continuous attribute with cumulative class counts for every midpoint (Zhou §4.4.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from .criteria import entropy, gini, split_scores
from .data import Encoded

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

    def select(self, keep_nodes: np.ndarray) -> Batch:
        """The entries of the nodes flagged in keep_nodes, renumbered 0..k-1."""
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
    unknown_weight = unknown.sum(axis=-1)
    multiway = split_scores(by_value, unknown_weight)
    result = AttributeScores(multiway, by_value, n_by_value, unknown,
                             (by_value.sum(axis=-1) > 0).sum(axis=-1),
                             gini_index_multiway=multiway["gini_index"])
    if binary:  # otherwise the best partition is only shown, and found when a row is asked for
        left, result.gini_index_binary = best_partition(by_value, text_ranks(enc.attributes[j]))
        result.left = left
        two = np.stack([np.einsum("mk,mkc->mc", left, by_value),
                        np.einsum("mk,mkc->mc", ~left, by_value)], axis=1)
        two_n = np.stack([(left * n_by_value).sum(-1), (~left * n_by_value).sum(-1)], axis=1)
        result.scores = split_scores(two, unknown_weight)
        result.branch_counts, result.branch_n = two, two_n
    return result


def text_ranks(attribute) -> np.ndarray:
    """Each value's place when the attribute's values are sorted as text."""
    return np.argsort(np.argsort(np.array(attribute.values, dtype=str), kind="stable"))


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
        return np.ones((m, k), dtype=bool), gini(by_value.sum(axis=1))
    text_rank = np.arange(k) if text_rank is None else np.asarray(text_rank)
    if k <= EXACT_PARTITION_LIMIT:
        masks = np.broadcast_to(all_partitions(k)[:, text_rank], (m, 2 ** (k - 1) - 1, k))
    else:
        masks = ordered_cut_masks(by_value, text_rank)
    left, index = _best_of_masks(by_value, masks)
    # The side holding the first value seen is listed first, as the book draws branches.
    return np.where(left[:, :1], left, ~left), index


def all_partitions(k: int) -> np.ndarray:
    """Every two-way partition of k values, value 0 always on the left: (2^(k-1)-1, k) bool."""
    rows = []
    for size in range(1, k):
        for left in combinations(range(1, k), size - 1):
            mask = np.zeros(k, dtype=bool)
            mask[[0, *left]] = True
            rows.append(mask)
    return np.array(rows, dtype=bool).reshape(-1, k)


def ordered_cut_masks(by_value: np.ndarray, text_rank=None) -> np.ndarray:
    """(m, k-1, k) masks: values sorted by their share of the majority class, cut k-1 ways."""
    totals = by_value.sum(axis=-1)
    majority = by_value.sum(axis=1).argmax(axis=-1)
    share = np.take_along_axis(by_value, majority[:, None, None], axis=2)[..., 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(totals > 0, share / np.where(totals > 0, totals, 1), np.inf)
    ties = np.broadcast_to(np.arange(share.shape[1]) if text_rank is None else text_rank,
                           share.shape)
    rank = np.argsort(np.lexsort((ties, share), axis=1), axis=1)
    k = by_value.shape[1]
    return rank[:, None, :] <= np.arange(k - 1)[None, :, None]


def _best_of_masks(by_value: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lowest Gini_index over candidate masks (m, S, k); one-sided partitions never win.

    |D|·Gini_index = Σ_side (w_side - Σ_c n_c²/w_side), fused to keep big arrays few.
    """
    left = np.matmul(masks.astype(float), by_value)
    right = by_value.sum(axis=1)[:, None, :] - left
    left_w, right_w = left.sum(-1), right.sum(-1)
    both = (left_w > 0) & (right_w > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        impurity = (left_w - np.einsum("msc,msc->ms", left, left) / left_w
                    + right_w - np.einsum("msc,msc->ms", right, right) / right_w)
    index = np.where(both, impurity / np.maximum(left_w + right_w, 1e-300), np.inf)
    best = first_best(-index, axis=1)
    mask = np.take_along_axis(masks, best[:, None, None], axis=1)[:, 0, :]
    value = np.take_along_axis(index, best[:, None], axis=1)[:, 0]
    return mask, np.where(np.isfinite(value), value, gini(by_value.sum(axis=1)))


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
    """A batch's entries sorted by (node, value of one continuous attribute), unknowns last."""

    x: np.ndarray
    node: np.ndarray
    cum: np.ndarray  # cum[i]: known class weights of sorted positions before i; (E+1, C)
    starts: np.ndarray  # first sorted position of each node
    known_counts: np.ndarray  # (m, C)
    known_n: np.ndarray  # (m,)
    unknown: np.ndarray  # (m, C)


def _class_cumsum(y: np.ndarray, w: np.ndarray, n_classes: int) -> np.ndarray:
    """cum[i, c]: weight of class c among the first i entries; one pass per class is
    several times faster than a cumulative sum down an (E, C) one-hot array."""
    cum = np.zeros((len(y) + 1, n_classes))
    for c in range(n_classes):
        np.cumsum(np.where(y == c, w, 0.0), out=cum[1:, c])
    return cum


def _sort_batch(enc: Encoded, j: int, batch: Batch) -> _Sorted:
    m, n_classes = batch.n_nodes, len(enc.classes)
    # One integer sort on (node, rank) is several times faster than lexsort on (node, x).
    order = np.argsort(batch.node * (int(enc.ranks[j].max()) + 1) + enc.ranks[j][batch.rows])
    rows, node, w = batch.rows[order], batch.node[order], batch.weight[order]
    xs, y = enc.columns[j][rows], enc.y[rows]
    known = ~np.isnan(xs)
    cum = _class_cumsum(y, w * known, n_classes)
    starts = np.searchsorted(node, np.arange(m))
    ends = np.searchsorted(node, np.arange(m), side="right")
    known_n = np.concatenate([[0], np.cumsum(known)])
    unknown = np.zeros((m, n_classes))
    if not known.all():
        key = node[~known] * n_classes + y[~known]
        unknown = np.bincount(key, w[~known], m * n_classes).reshape(m, n_classes)
    return _Sorted(xs, node, cum, starts, cum[ends] - cum[starts],
                   known_n[ends] - known_n[starts], unknown)


def _segment_first_best(key: np.ndarray, seg_start: np.ndarray) -> np.ndarray:
    """Per segment of key, the position of its first maximum (ties within TIE_RTOL)."""
    seg = np.repeat(np.arange(len(seg_start)), np.diff(np.append(seg_start, len(key))))
    best = np.maximum.reduceat(key, seg_start)[seg]
    positions = np.where(is_tied(key, best), np.arange(len(key)), len(key))
    return np.minimum.reduceat(positions, seg_start)


def score_continuous(enc: Encoded, j: int, batch: Batch, by_gini: bool,
                     curve_points: int) -> AttributeScores:
    """Best bi-partition at the midpoints of adjacent distinct known values (Zhou eq. 4.7)."""
    s = _sort_batch(enc, j, batch)
    m = batch.n_nodes
    cand = np.flatnonzero((s.node[:-1] == s.node[1:]) & ~np.isnan(s.x[1:]) & (s.x[:-1] < s.x[1:]))
    cand_node = s.node[cand]
    gain, gini_index = _candidate_scores(s, cand, cand_node)
    seg_start = np.flatnonzero(np.diff(cand_node, prepend=-1))
    nodes_with = cand_node[seg_start]
    # indices into cand of each node's best midpoint by Gain and by Gini_index
    best_gain = _segment_first_best(gain, seg_start) if len(cand) else seg_start
    best_gini = _segment_first_best(-gini_index, seg_start) if len(cand) else seg_start
    chosen_pos = np.zeros(m, dtype=np.int64)
    chosen_pos[nodes_with] = cand[best_gini if by_gini else best_gain]
    has = np.zeros(m, dtype=bool)
    has[nodes_with] = True

    result = _threshold_split(s, chosen_pos, has)
    if by_gini:
        result.gini_index_binary = result.scores["gini_index"]
    else:
        result.gini_index_binary = gini(s.known_counts)
        result.gini_index_binary[nodes_with] = gini_index[best_gini]
    result.n_distinct = np.bincount(cand_node, None, m) + (s.known_n > 0)
    rho = result.scores["rho"]
    best = np.zeros(len(cand), dtype=bool)
    best[best_gain], best[best_gini] = True, True
    result.curve = _curve(cand, cand_node, s, rho[cand_node] * np.maximum(gain, 0.0), gini_index,
                          best, m, curve_points)
    return result


def _xlogx(x: np.ndarray) -> np.ndarray:
    return x * np.log2(np.maximum(x, 1e-300))


def _candidate_scores(s: _Sorted, cand: np.ndarray, cand_node: np.ndarray):
    """Gain (on the known rows) and Gini_index at every midpoint, in few array passes.

    |D̃|·Σ_v r̃_v Ent(D̃^v) = Σ_side (w log w - Σ_c n_c log n_c), and
    |D̃|·Gini_index = Σ_side (w - Σ_c n_c² / w); both sides are non-empty at a midpoint.
    """
    ones = np.ones(s.cum.shape[1])
    left = s.cum[cand + 1] - s.cum[s.starts[cand_node]]
    right = s.known_counts[cand_node] - left
    lw, rw = left @ ones, right @ ones
    kw = lw + rw
    spread = _xlogx(lw) - _xlogx(left) @ ones + _xlogx(rw) - _xlogx(right) @ ones
    gain = entropy(s.known_counts)[cand_node] - spread / kw
    gini_index = (kw - (left * left) @ ones / lw - (right * right) @ ones / rw) / kw
    return gain, gini_index


def _threshold_split(s: _Sorted, pos: np.ndarray, has: np.ndarray) -> AttributeScores:
    """Scores of splitting each node at the midpoint after sorted position pos."""
    left = np.where(has[:, None], s.cum[pos + 1] - s.cum[s.starts], 0.0)
    right = s.known_counts - left
    n_left = np.where(has, pos - s.starts + 1, 0)
    counts = np.stack([left, right], axis=1)
    threshold = np.where(has, (s.x[pos] + s.x[np.minimum(pos + 1, len(s.x) - 1)]) / 2, np.nan)
    return AttributeScores(split_scores(counts, s.unknown.sum(-1)), counts,
                           np.stack([n_left, s.known_n - n_left], axis=1), s.unknown,
                           np.zeros(len(pos), dtype=np.int64), threshold=threshold)


def _curve(cand, cand_node, s: _Sorted, gain, gini_index, best, m, points) -> dict:
    """Gain and Gini_index at every midpoint of each node, thinned to about `points` per node."""
    per_node = np.bincount(cand_node, None, m)
    starts = np.concatenate([[0], np.cumsum(per_node)[:-1]])
    rank = np.arange(len(cand)) - starts[cand_node]
    stride = np.maximum(1, -(-per_node // max(points, 1)))[cand_node]
    keep = (rank % stride == 0) | best
    kept_node = cand_node[keep]
    offsets = np.concatenate([[0], np.cumsum(np.bincount(kept_node, None, m))])
    thresholds = (s.x[cand] + s.x[cand + 1]) / 2
    return {"offsets": offsets, "threshold": thresholds[keep], "gain": gain[keep],
            "gini_index": gini_index[keep]}
