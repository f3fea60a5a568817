"""Zhou §2.4's tests against scipy's and the book's Table 2.7."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from dtree_core.data import DataError
from dtree_core.significance import (
    differing_pairs,
    friedman,
    mcnemar,
    nemenyi_cd,
    paired_t_test,
    q_alpha,
    ranks,
)

# Zhou, Table 2.7: q_α for k = 2 … 10.
TABLE_2_7 = {
    0.05: [1.960, 2.344, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164],
    0.1: [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920],
}


def test_paired_t_test_equals_scipys_ttest_rel():
    a = [0.10, 0.20, 0.15, 0.30, 0.25, 0.12, 0.18, 0.22, 0.09, 0.14]
    b = [0.12, 0.25, 0.11, 0.35, 0.31, 0.15, 0.20, 0.29, 0.10, 0.21]
    ours, theirs = paired_t_test(a, b), stats.ttest_rel(a, b)
    assert ours.statistic == pytest.approx(abs(theirs.statistic), rel=1e-12)
    assert ours.p_value == pytest.approx(theirs.pvalue, rel=1e-12)
    assert ours.dof == 9
    assert ours.critical == pytest.approx(2.262157, abs=1e-6)  # t_{0.025, 9}
    assert ours.rejects == (ours.p_value < 0.05)


def test_paired_t_test_by_eq_2_31():
    ours = paired_t_test([0.2, 0.4, 0.3], [0.1, 0.1, 0.2])  # Δ = 0.1, 0.3, 0.1
    mean, std = 0.5 / 3, math.sqrt(((0.1 - 0.5 / 3) ** 2 * 2 + (0.3 - 0.5 / 3) ** 2) / 2)
    assert ours.mean == pytest.approx(mean)
    assert ours.std == pytest.approx(std)
    assert ours.statistic == pytest.approx(math.sqrt(3) * mean / std)


def test_paired_t_test_with_equal_folds_is_zero_not_nan():
    result = paired_t_test([0.2, 0.3], [0.2, 0.3])
    assert result.statistic == 0 and result.p_value == 1 and not result.rejects


def test_paired_t_test_refuses_unpaired_lists():
    with pytest.raises(DataError):
        paired_t_test([0.1, 0.2], [0.1])


def test_mcnemar_by_hand_and_scipys_chi2():
    truth = ["y"] * 20
    a = ["y"] * 12 + ["n"] * 8  # right on rows 0–11
    b = ["y"] * 4 + ["n"] * 14 + ["y"] * 2  # right on rows 0–3 and 18–19
    result = mcnemar(truth, a, b)
    assert (result.both_right, result.only_a_right, result.only_b_right, result.both_wrong) == \
        (4, 8, 2, 6)
    assert result.statistic == pytest.approx((abs(2 - 8) - 1) ** 2 / 10)  # 2.5
    assert result.p_value == pytest.approx(stats.chi2.sf(2.5, 1))
    assert result.critical == pytest.approx(3.8415, abs=1e-4)
    assert not result.rejects


def test_mcnemar_without_disagreement_cannot_tell_apart():
    result = mcnemar(["y", "n"], ["y", "y"], ["y", "y"])
    assert result.statistic == 0 and result.p_value == 1 and result.disagreements == 0


def test_friedman_equals_scipys_without_ties():
    rng = np.random.default_rng(3)
    scores = rng.permutation(np.arange(40)).reshape(10, 4) / 40  # distinct: no ties
    ours = friedman(scores)
    theirs = stats.friedmanchisquare(*scores.T)
    assert ours.chi2 == pytest.approx(theirs.statistic, rel=1e-12)
    assert ours.chi2_p == pytest.approx(theirs.pvalue, rel=1e-12)
    n, k = scores.shape
    assert ours.f == pytest.approx((n - 1) * ours.chi2 / (n * (k - 1) - ours.chi2))
    assert ours.f_dof == (3, 27)
    assert ours.f_p == pytest.approx(stats.f.sf(ours.f, 3, 27))


def test_friedman_on_the_books_table_2_6():
    # Table 2.6: ranks of A, B, C on D1–D4; mean ranks 1, 2.125, 2.875.
    table = np.array([[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]])
    result = friedman(table, higher_is_better=False)
    assert result.mean_ranks == pytest.approx((1, 2.125, 2.875))
    assert result.chi2 == pytest.approx(7.125)  # (2/3)·(12·4/8)·Σ(r − 2)²
    assert round(result.f, 3) == 24.429  # the book's τ_F
    assert result.f_critical == pytest.approx(5.143, abs=1e-3)


def test_ranks_average_ties_and_put_the_best_first():
    assert ranks([[0.9, 0.8, 0.8]]).tolist() == [[1, 2.5, 2.5]]
    assert ranks([[0.1, 0.3, 0.2]], higher_is_better=False).tolist() == [[1, 3, 2]]


@pytest.mark.parametrize("alpha", [0.05, 0.1])
def test_q_alpha_reproduces_table_2_7(alpha):
    for k, printed in enumerate(TABLE_2_7[alpha], start=2):
        # within 0.001: the table (Demšar 2006's) prints 2.949 for k = 7, scipy gives 2.9483
        assert q_alpha(k, alpha) == pytest.approx(printed, abs=1e-3), k


def test_nemenyi_cd_of_the_books_example():
    # §2.4.4: k = 3, N = 4, α = 0.05: CD = 2.344·√(3·4/24) = 1.657.
    assert nemenyi_cd(3, 4) == pytest.approx(2.344 * math.sqrt(0.5), abs=5e-4)
    assert round(nemenyi_cd(3, 4), 3) == 1.657
    assert differing_pairs((1, 2.125, 2.875), nemenyi_cd(3, 4)) == [(0, 2)]
