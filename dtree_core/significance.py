"""Comparing learners, Zhou §2.4 (比较检验): the numbers of each test, as the book writes them.

- `paired_t_test`: k-fold cross-validated paired t-test (交叉验证成对 t 检验, eq. 2.31):
  τ_t = |√k·μ/σ| over the k differences of the fold error rates, t with k − 1 degrees of freedom.
- `mcnemar`: McNemar's test (eq. 2.33) on the two learners' disagreements e01, e10, with the
  continuity correction: τ_χ² = (|e01 − e10| − 1)² / (e01 + e10), χ² with 1 degree of freedom.
- `friedman`: the Friedman test (eqs. 2.34, 2.35) on the average ranks over N datasets:
  τ_χ² (without the tie correction, as the book) and τ_F, F with k − 1 and (k − 1)(N − 1) dof.
- `nemenyi_cd`: the Nemenyi post-hoc test's critical difference CD = q_α·√(k(k + 1)/(6N))
  (eq. 2.36), q_α from the studentized range (the book's Table 2.7).

Pure numpy/scipy; numbers exact (the UI rounds them for display).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from .data import DataError


@dataclass(frozen=True)
class TTest:
    """Eq. 2.31: the differences, their mean and sample standard deviation, τ_t, p."""

    differences: tuple[float, ...]
    mean: float
    std: float  # sample standard deviation (ddof = 1)
    statistic: float  # τ_t = |√k·μ/σ|
    dof: int  # k − 1
    p_value: float  # two-sided
    critical: float  # t_{α/2, k−1}
    alpha: float

    @property
    def rejects(self) -> bool:
        """Is the difference significant at α (τ_t beyond the critical value)?"""
        return self.statistic > self.critical


def paired_t_test(errors_a, errors_b, alpha: float = 0.05) -> TTest:
    """k-fold paired t-test on the fold error rates (or accuracies: the sign drops out)."""
    a, b = np.asarray(errors_a, dtype=float), np.asarray(errors_b, dtype=float)
    if a.shape != b.shape or a.ndim != 1 or len(a) < 2:
        raise DataError("The paired t-test needs two equally long lists of at least two "
                        "fold results.")
    delta = a - b
    k, mean, std = len(delta), float(delta.mean()), float(delta.std(ddof=1))
    # Every fold differing by the same amount: τ_t is 0 (μ = 0) or unbounded.
    unbounded = 0.0 if mean == 0 else math.inf
    statistic = abs(math.sqrt(k) * mean / std) if std else unbounded
    p_value = float(2 * stats.t.sf(statistic, k - 1))
    critical = float(stats.t.ppf(1 - alpha / 2, k - 1))
    return TTest(tuple(float(d) for d in delta), mean, std, statistic, k - 1, p_value,
                 critical, alpha)


@dataclass(frozen=True)
class McNemar:
    """Eq. 2.33 on the contingency table (Zhou's Table 2.5)."""

    both_right: int  # e00
    only_b_right: int  # e01: A wrong, B right
    only_a_right: int  # e10: A right, B wrong
    both_wrong: int  # e11
    statistic: float  # τ_χ²
    p_value: float
    critical: float  # χ²_α with 1 dof (3.8415 at α = 0.05)
    alpha: float

    @property
    def disagreements(self) -> int:
        return self.only_a_right + self.only_b_right

    @property
    def rejects(self) -> bool:
        return self.statistic > self.critical


def mcnemar(truth, pred_a, pred_b, alpha: float = 0.05) -> McNemar:
    """McNemar's test on the rows two learners predicted (the same rows, the same order).
    With no disagreement the learners cannot be told apart: τ_χ² = 0, p = 1."""
    truth, a, b = (np.asarray(x, dtype=object) for x in (truth, pred_a, pred_b))
    if not len(truth) == len(a) == len(b):
        raise DataError("McNemar's test needs both learners' predictions of the same rows.")
    right_a, right_b = a == truth, b == truth
    e01, e10 = int((~right_a & right_b).sum()), int((right_a & ~right_b).sum())
    statistic = (abs(e01 - e10) - 1) ** 2 / (e01 + e10) if e01 + e10 else 0.0
    p_value = float(stats.chi2.sf(statistic, 1)) if e01 + e10 else 1.0
    return McNemar(int((right_a & right_b).sum()), e01, e10, int((~right_a & ~right_b).sum()),
                   float(statistic), p_value, float(stats.chi2.ppf(1 - alpha, 1)), alpha)


def ranks(scores, higher_is_better: bool = True) -> np.ndarray:
    """(N datasets × k learners) scores -> ranks per dataset, 1 the best, ties averaged
    (the book's Table 2.6 gives tied learners the mean of their ranks)."""
    scores = np.asarray(scores, dtype=float)
    return stats.rankdata(-scores if higher_is_better else scores, axis=1)


@dataclass(frozen=True)
class Friedman:
    """Eqs. 2.34 and 2.35 on the ranks."""

    ranks: np.ndarray  # (N, k)
    mean_ranks: tuple[float, ...]  # r_i
    n_datasets: int  # N
    n_learners: int  # k
    chi2: float  # τ_χ²
    chi2_p: float
    f: float  # τ_F
    f_dof: tuple[int, int]  # (k − 1, (k − 1)(N − 1))
    f_p: float
    f_critical: float
    alpha: float

    @property
    def rejects(self) -> bool:
        """"All learners perform the same" rejected at α by τ_F (the book's use)."""
        return self.f > self.f_critical


def friedman(scores, higher_is_better: bool = True, alpha: float = 0.05) -> Friedman:
    """The Friedman test on an (N datasets × k learners) table of scores."""
    scores = np.asarray(scores, dtype=float)
    if scores.ndim != 2 or scores.shape[0] < 2 or scores.shape[1] < 2:
        raise DataError("The Friedman test needs at least two learners on at least two "
                        "datasets.")
    n, k = scores.shape
    table = ranks(scores, higher_is_better)
    r = table.mean(axis=0)
    chi2 = float((k - 1) / k * 12 * n / (k * k - 1) * ((r - (k + 1) / 2) ** 2).sum())
    dof = (k - 1, (k - 1) * (n - 1))
    denominator = n * (k - 1) - chi2
    f = (n - 1) * chi2 / denominator if denominator > 0 else math.inf  # ranks identical on all
    return Friedman(table, tuple(float(x) for x in r), n, k, chi2,
                    float(stats.chi2.sf(chi2, k - 1)), float(f), dof,
                    float(stats.f.sf(f, *dof)), float(stats.f.ppf(1 - alpha, *dof)), alpha)


def q_alpha(k: int, alpha: float = 0.05) -> float:
    """Table 2.7's q_α for k learners: the studentized range's 1 − α quantile (infinite
    degrees of freedom) over √2 (2.344 for k = 3 at α = 0.05)."""
    if k < 2:
        raise DataError("The Nemenyi test needs at least two learners.")
    return float(stats.studentized_range.ppf(1 - alpha, k, np.inf) / math.sqrt(2))


def nemenyi_cd(k: int, n: int, alpha: float = 0.05) -> float:
    """Eq. 2.36: CD = q_α·√(k(k + 1)/(6N))."""
    return q_alpha(k, alpha) * math.sqrt(k * (k + 1) / (6 * n))


def differing_pairs(mean_ranks, cd: float) -> list[tuple[int, int]]:
    """The pairs (i, j), i < j, whose average ranks differ by more than CD."""
    r = list(mean_ranks)
    return [(i, j) for i in range(len(r)) for j in range(i + 1, len(r))
            if abs(r[i] - r[j]) > cd]
