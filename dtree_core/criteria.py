"""Impurity measures of Zhou ch. 4, computed on class-count arrays (last axis = classes).

Every function accepts any leading shape, so one call scores many nodes, branches or
thresholds at once. Counts may be fractional weights (missing values, Zhou §4.4.2).

Sums over the short class and branch axes are taken one slice at a time, in index order
(`total`), never by a reduction whose summation order numpy may pick by the array's shape:
a node's numbers must not depend on how many other nodes share the array, or the level-wise
grower would differ in the last bits from the recursive reference.
"""

from __future__ import annotations

import numpy as np

from .counting import all_true


def total(a: np.ndarray, axis: int = -1) -> np.ndarray:
    """Σ along axis in a fixed order, ((a_0 + a_1) + a_2) + …, whatever the other axes."""
    a = np.asarray(a, dtype=float)
    if axis == -1 or axis == a.ndim - 1:
        n = a.shape[-1]
        if n < 2:
            return a[..., 0].copy() if n else np.zeros(a.shape[:-1])
        out = a[..., 0] + a[..., 1]
        for i in range(2, n):
            out += a[..., i]
        return out
    if axis == -2 or axis == a.ndim - 2:  # slices a[..., i, :] without moving the axis
        n = a.shape[-2]
        if n < 2:
            return a[..., 0, :].copy() if n else np.zeros(a.shape[:-2] + a.shape[-1:])
        out = a[..., 0, :] + a[..., 1, :]
        for i in range(2, n):
            out += a[..., i, :]
        return out
    if axis != 0:
        a = np.moveaxis(a, axis, 0)
    if a.shape[0] < 2:
        return a[0].copy() if len(a) else np.zeros(a.shape[1:])
    out = a[0] + a[1]
    for i in range(2, a.shape[0]):
        out += a[i]
    return out


def _shares(counts: np.ndarray, totals: np.ndarray, positive: bool = False) -> np.ndarray:
    """counts / totals, 0 where a total is 0 (divided only where it is not: no warning, and
    no pass to undo the NaNs). positive: the caller knows every total is (no pass to ask)."""
    if positive:
        return counts / totals
    positive = totals > 0
    if all_true(positive):
        return counts / totals
    out = np.zeros(np.broadcast_shapes(np.shape(counts), np.shape(totals)))
    return np.divide(counts, totals, out=out, where=positive)


def plogp(p: np.ndarray) -> np.ndarray:
    """p·log2 p with 0·log2 0 = 0 (Zhou eq. 4.1's convention). log2 only ever sees p > 0
    (where p is not, it sees 1: log2 1 = 0, and 0 · p keeps p's 0). A masked log2 (where=)
    gives the same bits but leaves numpy's vector loop: about twice as slow."""
    out = np.log2(np.where(p > 0, p, 1.0))
    out *= p
    return out


def entropy(counts: np.ndarray) -> np.ndarray:
    """Ent(D) = -Σ_k p_k log2 p_k (eq. 4.1); an empty set has entropy 0."""
    return _entropy_of(_class_shares(counts)[0])


def gini(counts: np.ndarray) -> np.ndarray:
    """Gini(D) = 1 - Σ_k p_k² (eq. 4.5); an empty set has Gini 0."""
    return _gini_of(*_class_shares(counts))


def entropy_and_gini(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(entropy(counts), gini(counts)), the same bits, from shares computed once (a node's
    facts hold both)."""
    p, totals = _class_shares(counts)
    return _entropy_of(p), _gini_of(p, totals)


def _class_shares(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(p_k of each set, the set's total weight) from class counts on the last axis."""
    counts = np.asarray(counts, dtype=float)
    totals = total(counts)
    return _shares(counts, totals[..., None]), totals


def misclassification(counts: np.ndarray) -> np.ndarray:
    """Misclassification impurity 1 − max_k p_k (Duda §8.3.2), the error of labelling D with
    its majority class; an empty set has 0."""
    counts = np.asarray(counts, dtype=float)
    totals = total(counts)
    top = counts.max(axis=-1) if counts.shape[-1] else np.zeros(totals.shape)
    return np.where(totals > 0, 1.0 - _shares(top, totals), 0.0)


def node_misclassification(counts) -> float:
    """misclassification() of one node's class weights, in plain Python: a trace's node
    records ask for it one at a time, where numpy's per-call cost would dominate. The sum runs
    in index order, as total() does, so both give the same float."""
    weight = sum(counts)
    return 1.0 - max(counts) / weight if weight > 0 else 0.0


def impurity_maxima(n_classes: int) -> dict[str, float]:
    """Each measure's largest value, at equal shares of n_classes classes: log₂|Y| (Zhou
    §4.2.1), 1 − 1/|Y| for Gini and for misclassification."""
    k = max(n_classes, 1)
    return {"entropy": float(np.log2(k)), "gini": 1 - 1 / k, "misclassification": 1 - 1 / k}


def _entropy_of(p: np.ndarray) -> np.ndarray:
    """entropy() from the class shares p (so callers needing both measures share them)."""
    return np.maximum(-total(plogp(p)), 0.0)


def _gini_of(p: np.ndarray, totals: np.ndarray, positive: bool = False) -> np.ndarray:
    """gini() from the class shares p and the weights they are shares of (positive: every
    weight is, see _shares)."""
    impurity = 1.0 - total(p * p)
    return impurity if positive else np.where(totals > 0, impurity, 0.0)


def weighted_mean(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Σ_v |D^v|/|D| · values_v over the branch axis (second to last of the counts)."""
    return total(_shares(weights, total(weights)[..., None]) * values)


# The scores split_scores(gini_only=True) gives.
GINI_FIELDS = ("rho", "gini_known", "gini_index", "gini_gain")


def split_scores(branch_counts: np.ndarray, unknown_weight: np.ndarray | None,
                 gini_only: bool = False) -> dict[str, np.ndarray]:
    """Scores of splitting by branches: counts of shape (..., branches, classes).

    branch_counts hold the rows with a known value; unknown_weight (shape ...) is the weight
    of rows whose value is unknown (None: no row's is; the same scores as 0s). Gain is
    ρ·(Ent(D̃) - Σ r̃_v Ent(D̃^v)) (eq. 4.12); IV counts the unknown rows as one more branch
    (Quinlan's C4.5); Gini_index is on the known rows.
    gini_only: only rho and the Gini scores (GINI_FIELDS), the same bits: what CART's growth
    reads (the entropy scores' logarithms are about half the work).
    """
    # entropy, gini and weighted_mean, with the shares each needs computed once: the known
    # rows are one more set beside the branches, so the sets' shares, Ent and Gini are one
    # pass each (set by set the same operations, so the same bits; a one-node depth's fixed
    # cost is numpy's calls)
    branch_counts = np.asarray(branch_counts, dtype=float)
    known_counts = total(branch_counts, -2)
    sets = np.concatenate([branch_counts, known_counts[..., None, :]], axis=-2)
    set_weight = total(sets, -1)
    branch_weight, known = set_weight[..., :-1], set_weight[..., -1]
    total_weight = known if unknown_weight is None else known + unknown_weight
    # every set of some weight (a split's usual case) makes every total below positive (the
    # known rows are in the total weight, each branch in the branches' sum): asked once
    positive = all_true(set_weight > 0)
    rho = _shares(known, total_weight, positive)
    p_sets = _shares(sets, set_weight[..., None], positive)
    branch_share = _shares(branch_weight, total(branch_weight)[..., None], positive)
    gini_sets = _gini_of(p_sets, set_weight, positive)
    gini_known = gini_sets[..., -1].copy()  # its own array, as each score is
    gini_index = total(branch_share * gini_sets[..., :-1])
    scores = dict(zip(GINI_FIELDS, (rho, gini_known, gini_index,
                                    np.maximum(rho * (gini_known - gini_index), 0.0)),
                      strict=True))
    if gini_only:
        return scores
    entropy_sets = _entropy_of(p_sets)
    entropy_known = entropy_sets[..., -1].copy()
    entropy_after = total(branch_share * entropy_sets[..., :-1])
    gain = np.maximum(rho * (entropy_known - entropy_after), 0.0)
    # the unknown rows are one more branch of IV's (with none, its 0·log 0 adds nothing)
    iv_branches = branch_weight if unknown_weight is None else \
        np.concatenate([branch_weight, unknown_weight[..., None]], axis=-1)
    iv_shares = _shares(iv_branches, total_weight[..., None], positive)
    iv = np.maximum(-total(plogp(iv_shares)), 0.0)
    has_iv = iv > 0
    gain_ratio = gain / iv if all_true(has_iv) else \
        np.where(has_iv, gain / np.where(has_iv, iv, 1), 0.0)  # never divides by 0
    return {"rho": rho, "entropy_known": entropy_known, "entropy_after": entropy_after,
            "gain": gain, "iv": iv, "gain_ratio": gain_ratio, **scores}
