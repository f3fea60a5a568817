"""CART's exhaustive search cut short while growing (splitting.partition_bound): a node is
left out only where no partition of the attribute's values can win or tie, and a tree grown
with the cut is the same trace, to the byte, as one grown without it."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree_core import DecisionTree, scoretable, splitting
from dtree_core.criteria import split_scores, total
from dtree_core.splitting import (
    _best_partition,
    _masked_sum,
    all_partitions,
    is_tied,
    partition_bound,
)
from tests.core.test_partition_search import every_partition, nodes


def largest_gini_gain(by_value: np.ndarray, unknown: np.ndarray) -> np.ndarray:
    """The largest gini_gain of any two-way partition, by the plain definition (from
    split_scores, which works on shares: right at any scale of the weights)."""
    m, k, _ = by_value.shape
    gains = [split_scores(np.stack([_masked_sum(np.broadcast_to(mask, (m, k)), by_value),
                                    _masked_sum(np.broadcast_to(~mask, (m, k)), by_value)], 1),
                          unknown)["gini_gain"] for mask in all_partitions(k)]
    return np.max(gains, axis=0)


@settings(max_examples=150, deadline=None)
@given(case=nodes(), scale=st.sampled_from([0.0, 0.5, 0.999, 1.0, 1.0 + 1e-13, 1.001, 3.0]),
       shift=st.sampled_from([0.0, 1e-14, -1e-14]),
       size=st.sampled_from([1.0, 1e-160, 1e-300, 1e100]))
def test_a_node_is_left_out_only_where_no_partition_can_win_or_tie(case, scale, shift, size):
    """Whatever the weights' scale (squares of 1e-160 vanish; shares do not)."""
    by_value, _ = case
    by_value = by_value * size
    unknown = np.round(np.random.default_rng(len(by_value)).random(len(by_value)) * 3, 1) * size
    best = largest_gini_gain(by_value, unknown)
    beat = best * scale + shift
    hopeless = partition_bound(by_value, unknown, total(by_value, -1), beat)
    assert not (is_tied(best, beat) & hopeless).any()
    assert (best[hopeless] < beat[hopeless]).all()
    few = (total(by_value, -1) > 0).sum(axis=1) < 3
    assert not hopeless[few].any()  # one partition at most: nothing to search anyway


def test_the_bound_leaves_out_the_nodes_it_should():
    """It is a bound worth having: a clearly better rival leaves most nodes out."""
    rng = np.random.default_rng(2)
    by_value = rng.integers(0, 20, (500, 6, 3)).astype(float)
    unknown = np.zeros(500)
    best = largest_gini_gain(by_value, unknown)
    assert partition_bound(by_value, unknown, total(by_value, -1), best * 3 + 0.05).mean() > 0.9
    assert not partition_bound(by_value, unknown, total(by_value, -1), best).any()


def test_a_node_left_out_gets_a_real_partition_and_the_others_keep_every_bit():
    rng = np.random.default_rng(5)
    by_value = rng.integers(0, 6, (300, 7, 3)).astype(float)
    by_value[rng.random((300, 7)) < 0.3] = 0.0
    text_rank = rng.permutation(7)
    hopeless = rng.random(300) < 0.5
    left, index, sides = _best_partition(by_value, text_rank, None, hopeless)
    expected = every_partition(by_value, text_rank)
    for found, full in zip((left, index, sides), expected, strict=True):
        assert found[~hopeless].tobytes() == full[~hopeless].tobytes()
    np.testing.assert_allclose(sides[hopeless, 0], _masked_sum(left, by_value)[hopeless])
    np.testing.assert_allclose(sides[hopeless, 1], _masked_sum(~left, by_value)[hopeless])
    assert (left[hopeless].sum(axis=1) >= 1).all()
    assert (index[hopeless] >= expected[1][hopeless] - 1e-12).all()  # no better than the best


def data(missing: bool) -> tuple[pd.DataFrame, pd.Series]:
    rng = np.random.default_rng(8)
    n = 2500
    X = pd.DataFrame({f"n{j}": rng.choice([f"v{i}" for i in range(k)], n)
                      for j, k in enumerate([3, 5, 6, 8, 4])})
    for j in range(4):
        X[f"x{j}"] = rng.normal(size=n).round(2)
    signal = X["x0"] + (X["n1"] == "v2") - X["x1"] * (X["n3"] < "v4")
    y = pd.Series(np.digitize(signal, [-0.5, 0.7]), name="y").map({0: "a", 1: "b", 2: "c"})
    y[rng.random(n) < 0.15] = "b"
    if missing:
        X = X.mask(rng.random(X.shape) < 0.1)
    return X, y


@pytest.mark.parametrize(("missing", "nominal_only"), [(False, False), (True, False),
                                                      (True, True)])
def test_a_tree_grown_with_the_cut_is_the_same_trace(monkeypatch, missing, nominal_only):
    """Nominal attributes only: an attribute per stack, each raising the bar for the next."""
    X, y = data(missing)
    if nominal_only:
        X = X[[c for c in X if c.startswith("n")]]
        monkeypatch.setattr(splitting, "NOMINAL_STACK", 1)
    left_out = []
    real = splitting.partition_bound
    monkeypatch.setattr(splitting, "partition_bound",
                        lambda *a: left_out.append(int((found := real(*a)).sum())) or found)
    cut = DecisionTree("cart").fit(X, y).trace_.to_json()
    assert sum(left_out) > 100  # the cut was taken at many nodes
    monkeypatch.setattr(scoretable, "cuts_search_short", lambda *a: False)
    left_out.clear()
    whole = DecisionTree("cart").fit(X, y).trace_.to_json()
    assert not left_out
    assert_same_text(cut, whole)


def assert_same_text(found: str, expected: str) -> None:
    """Equal texts; else the first line that differs (pytest's diff of megabytes is slow)."""
    if found != expected:
        a, b = found.splitlines(), expected.splitlines()
        line = next((i for i, (x, z) in enumerate(zip(a, b, strict=False)) if x != z),
                    min(len(a), len(b)))
        raise AssertionError(f"line {line} differs: {a[line:line + 1]!s:.400} != "
                             f"{b[line:line + 1]!s:.400}")


def test_tiny_weights_give_the_same_trace(monkeypatch):
    """Weights of 1e-160 (any finite positive weight is allowed): a bound from squared
    weights vanished there, left out an attribute tied with the winner, and the tree changed."""
    rng = np.random.default_rng(1)
    n = 600
    X = pd.DataFrame({"n0": rng.choice(list("abcdef"), n), "x0": rng.normal(size=n).round(2)})
    y = pd.Series(np.where(X.n0.isin(["a", "c", "e"]) ^ (rng.random(n) < 0.1), "p", "q"))
    y[X.x0 > 1.5] = "p"
    monkeypatch.setattr(scoretable, "KEEP_ENTRIES", 0)  # every depth grown lean
    weights = np.full(n, 1e-160)
    cut = DecisionTree("cart").fit(X, y, sample_weight=weights).trace_.to_json()
    monkeypatch.setattr(scoretable, "cuts_search_short", lambda *a: False)
    assert_same_text(cut, DecisionTree("cart").fit(X, y, sample_weight=weights).trace_.to_json())


def test_no_cut_where_a_force_or_min_branch_weight_reads_other_attributes(monkeypatch):
    X, y = data(False)
    calls = []
    monkeypatch.setattr(splitting, "partition_bound", lambda *a: calls.append(1))
    DecisionTree("cart", min_branch_weight=2).fit(X, y)
    DecisionTree("cart", force={"root": "n3"}).fit(X, y)
    DecisionTree("oblique").fit(X, y)  # its rule also weighs linear tests: not marked
    assert not calls
