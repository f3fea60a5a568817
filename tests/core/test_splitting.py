"""CART's two-way partitions of nominal values, and prediction with unknown values."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree_core import DecisionTree
from dtree_core.splitting import _best_of_masks, all_partitions, best_partition, ordered_cut_masks
from tests.conftest import xy


def test_all_partitions_counts_each_split_once():
    masks = all_partitions(4)
    assert len(masks) == 2 ** 3 - 1 and masks[:, 0].all()
    assert len({tuple(m) for m in masks}) == len(masks)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=2, max_size=9))
def test_breiman_ordering_is_exact_for_two_classes(counts):
    by_value = np.array([counts], dtype=float)
    exhaustive = _best_of_masks(by_value, all_partitions(len(counts))[None])[1]
    ordered = _best_of_masks(by_value, ordered_cut_masks(by_value))[1]
    assert ordered == pytest.approx(exhaustive, abs=1e-12)


def test_many_values_fall_back_to_the_ordered_cuts():
    rng = np.random.default_rng(0)
    by_value = rng.integers(0, 6, size=(1, 14, 3)).astype(float)
    left, index = best_partition(by_value)
    assert left.shape == (1, 14) and 0 < left.sum() < 14
    cuts = _best_of_masks(by_value, ordered_cut_masks(by_value))[1]
    assert index == pytest.approx(cuts)
    # a heuristic: never worse than splitting off the single best value
    singles = _best_of_masks(by_value, np.eye(14, dtype=bool)[None])[1]
    assert index[0] <= singles[0] + 1e-12


def test_unknown_value_prediction_mixes_the_branches():
    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    model = DecisionTree("id3").fit(X, y)
    trace = model.trace_
    root = trace.nodes[0]
    assert root.decision.attribute == "纹理"
    row = X.iloc[[0]].copy()
    row[:] = None
    in_trace_order = [list(model.classes_).index(c) for c in model.classes_in_trace_order_]
    proba = model.predict_proba(row)[0][in_trace_order]  # classes_ is sorted
    # With every value unknown, the row follows all branches by their weights down to leaves,
    # so the mix equals the training class distribution of the whole weight.
    expected = np.array(root.class_counts) / root.weight
    assert proba == pytest.approx(expected)


def test_an_unseen_value_is_treated_as_unknown(wm2):
    model = DecisionTree("id3").fit(*wm2)
    row = wm2[0].iloc[[0]].copy()
    row["纹理"] = "透明"
    proba = model.predict_proba(row)[0]
    assert proba.sum() == pytest.approx(1) and 0 < proba[0] < 1


def test_predict_needs_the_training_columns(wm2):
    from dtree_core import DataError

    model = DecisionTree("id3").fit(*wm2)
    with pytest.raises(DataError, match="Columns missing for prediction"):
        model.predict(pd.DataFrame({"色泽": ["青绿"]}))


@pytest.mark.parametrize("seed", range(30))
def test_scores_that_are_zero_tie_whatever_their_rounding(seed):
    """Every cut leaves pure known sides (Gini_index 0, Gain 0 on the known rows); with the
    rows of unknown value weighted, the arithmetic gave one cut -7e-17 and it won, though
    TRACE.md sends a tie to the smallest t (134 of 500 random weightings). A score never
    comes out below 0 either."""
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"C": [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, np.nan, np.nan]})
    y = pd.Series(["r"] * 6 + ["p", "p"])
    weights = rng.uniform(0.01, 1, 8).round(3)
    for algorithm in ("cart", "c45"):
        trace = DecisionTree(algorithm=algorithm, continuous=["C"]).fit(
            X, y, sample_weight=weights).trace_.to_dict()
        row = trace["nodes"][0]["scores"][0]
        assert row["threshold"] == 2.0, (algorithm, row["curve"])
        assert min(row["curve"]["gini_index"]) >= 0 and min(row["curve"]["gain"]) >= 0


def test_the_tie_margin_is_relative_and_never_below_the_absolute_floor():
    from dtree_core.splitting import TIE_ATOL, TIE_RTOL, is_tied, tie_margin

    assert tie_margin(0.0) == TIE_ATOL and tie_margin(1e6) == pytest.approx(1e6 * TIE_RTOL)
    assert is_tied(np.array([-7e-17, 0.0, 1e-13, -2e-12]), np.float64(1e-13)).tolist() == \
        [True, True, True, False]


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
@pytest.mark.parametrize("light", [0.0, 1e-300])
def test_a_side_holding_only_weight_a_heavier_row_absorbs_is_empty_not_0_over_0(
        algorithm, light):
    """Rows of weight 0, or of 1e-300 beside rows of 1 (1 + 1e-300 is 1), can leave a
    midpoint a side of no weight: its Σ n_c² / w was 0/0, a NaN Gini_index, and a node whose
    every midpoint was one raised IndexError. An empty side has Gini 0 (Zhou eq. 4.5's
    convention): every Gini_index is a number, with no warning; and where the squares n_c²
    of such weights underflow (a node of 2e-300), a pure side is still of Gini 0, not 1."""
    rng = np.random.default_rng(0)
    n = 60
    X = pd.DataFrame({"d": rng.normal(size=n)})
    y = pd.Series(rng.choice(["A", "B"], n))
    weights = rng.choice([light, 1.0], n)
    weights[0] = 1.0
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        trace = DecisionTree(algorithm).fit(X, y, sample_weight=weights).trace_.to_dict()
    rows = [row for node in trace["nodes"] for row in node["scores"]]
    assert rows and all(np.isfinite(row["gini_index_binary"]) for row in rows)
    curves = [g for row in rows if row["curve"] for g in row["curve"]["gini_index"]]
    assert curves and all(g is not None and 0 <= g <= 0.5 for g in curves)  # two classes


@pytest.mark.parametrize("algorithm", ["c45", "cart"])
def test_weights_whose_squares_overflow_grow_the_tree_of_weights_1(algorithm):
    """Every row of weight 1e160: Σ n_c² overflowed, every Gini_index of the curve read 0,
    and CART cut the root elsewhere and grew another tree. Scaling every weight alike
    changes no share: the same cuts as unweighted rows, with no overflow warning."""
    rng = np.random.default_rng(0)
    n = 60
    X = pd.DataFrame({"d": rng.normal(size=n)})
    y = pd.Series(rng.choice(["A", "B"], n))
    plain = DecisionTree(algorithm).fit(X, y).trace_.to_dict()
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        heavy = DecisionTree(algorithm).fit(X, y, sample_weight=np.full(n, 1e160)).trace_
    heavy = heavy.to_dict()
    assert [nd["decision"].get("threshold") for nd in heavy["nodes"]] == \
        [nd["decision"].get("threshold") for nd in plain["nodes"]]
    root = {r["attribute"]: r for r in heavy["nodes"][0]["scores"]}["d"]
    assert root["gini_index_binary"] == pytest.approx(
        {r["attribute"]: r for r in plain["nodes"][0]["scores"]}["d"]["gini_index_binary"])


@pytest.mark.parametrize("scale", [1e160, 1e-300])
def test_cart_partitions_nominal_values_alike_at_any_scale_of_the_weights(scale):
    """CART's search over two-way partitions of nominal values took Σ n_c² / w per side:
    weights of 1e160 overflowed (a warning, and NaN Gini_index) and of 1e-300 vanished
    (a pure side read Gini 1), so another partition won. Scaling every weight alike
    changes no share: the same partitions and tree as unweighted rows, with no warning."""
    rng = np.random.default_rng(0)
    n = 80
    X = pd.DataFrame({"a": rng.choice(list("pqrst"), n), "b": rng.choice(list("uvwxyz"), n)})
    y = pd.Series(rng.choice(["A", "B", "C"], n))

    def partitions(trace):
        return [node["branch"] for node in trace.to_dict()["nodes"]]

    plain = DecisionTree("cart").fit(X, y).trace_
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        scaled = DecisionTree("cart").fit(X, y, sample_weight=np.full(n, scale)).trace_
    assert len(scaled.nodes) == len(plain.nodes)
    assert partitions(scaled) == partitions(plain)
