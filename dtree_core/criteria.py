"""Impurity measures of Zhou ch. 4, computed on class-count arrays (last axis = classes).

Every function accepts any leading shape, so one call scores many nodes, branches or
thresholds at once. Counts may be fractional weights (missing values, Zhou §4.4.2).
"""

from __future__ import annotations

import numpy as np


def _shares(counts: np.ndarray, totals: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(totals > 0, counts / np.where(totals > 0, totals, 1), 0.0)


def plogp(p: np.ndarray) -> np.ndarray:
    """p·log2 p with 0·log2 0 = 0 (Zhou eq. 4.1's convention)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(p > 0, p * np.log2(np.where(p > 0, p, 1)), 0.0)


def entropy(counts: np.ndarray) -> np.ndarray:
    """Ent(D) = -Σ_k p_k log2 p_k (eq. 4.1); an empty set has entropy 0."""
    counts = np.asarray(counts, dtype=float)
    p = _shares(counts, counts.sum(axis=-1, keepdims=True))
    return np.maximum(-plogp(p).sum(axis=-1), 0.0)


def gini(counts: np.ndarray) -> np.ndarray:
    """Gini(D) = 1 - Σ_k p_k² (eq. 4.5); an empty set has Gini 0."""
    counts = np.asarray(counts, dtype=float)
    totals = counts.sum(axis=-1, keepdims=True)
    p = _shares(counts, totals)
    return np.where(totals[..., 0] > 0, 1.0 - (p * p).sum(axis=-1), 0.0)


def weighted_mean(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Σ_v |D^v|/|D| · values_v over the branch axis (second to last of the counts)."""
    total = weights.sum(axis=-1, keepdims=True)
    return (_shares(weights, total) * values).sum(axis=-1)


def split_scores(branch_counts: np.ndarray, unknown_weight: np.ndarray) -> dict[str, np.ndarray]:
    """Scores of splitting by branches: counts of shape (..., branches, classes).

    branch_counts hold the rows with a known value; unknown_weight (shape ...) is the weight
    of rows whose value is unknown. Gain is ρ·(Ent(D̃) - Σ r̃_v Ent(D̃^v)) (eq. 4.12); IV counts
    the unknown rows as one more branch (Quinlan's C4.5); Gini_index is on the known rows.
    """
    branch_counts = np.asarray(branch_counts, dtype=float)
    branch_weight = branch_counts.sum(axis=-1)
    known_counts = branch_counts.sum(axis=-2)
    known = known_counts.sum(axis=-1)
    total = known + unknown_weight
    rho = _shares(known, total)
    entropy_known = entropy(known_counts)
    entropy_after = weighted_mean(entropy(branch_counts), branch_weight)
    gain = np.maximum(rho * (entropy_known - entropy_after), 0.0)
    iv_shares = _shares(np.concatenate([branch_weight, unknown_weight[..., None]], axis=-1),
                        total[..., None])
    iv = np.maximum(-plogp(iv_shares).sum(axis=-1), 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        gain_ratio = np.where(iv > 0, gain / np.where(iv > 0, iv, 1), 0.0)
    gini_known = gini(known_counts)
    gini_index = weighted_mean(gini(branch_counts), branch_weight)
    return {
        "rho": rho, "entropy_known": entropy_known, "entropy_after": entropy_after,
        "gain": gain, "iv": iv, "gain_ratio": gain_ratio, "gini_known": gini_known,
        "gini_index": gini_index, "gini_gain": np.maximum(rho * (gini_known - gini_index), 0.0),
    }
