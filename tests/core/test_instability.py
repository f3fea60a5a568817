"""Why one tree is unstable: seeded perturbed trees, their root counts, distinct trees and the
majority vote against one tree (Zhou ch. 8's step to bagging)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.budget import Budget, BudgetError
from dtree_core.data import DataError
from dtree_core.instability import Grown, perturbed_trees, shape_key
from dtree_core.options import Options
from tests.conftest import xy

ID3 = Options.build(algorithm="id3")


def test_the_same_seed_grows_the_same_trees(wm2):
    first = perturbed_trees(ID3, *wm2, n_trees=8, seed=3)
    again = perturbed_trees(ID3, *wm2, n_trees=8, seed=3)
    other = perturbed_trees(ID3, *wm2, n_trees=8, seed=4)
    assert [t.shape for t in first.trees] == [t.shape for t in again.trees]
    assert first.root_counts() == again.root_counts()
    assert first.vote_accuracy() == again.vote_accuracy()
    assert [t.shape for t in first.trees] != [t.shape for t in other.trees]


@pytest.mark.parametrize("mode", ["bootstrap", "flip"])
def test_the_root_counts_add_up_to_the_trees(wm2, mode):
    ensemble = perturbed_trees(ID3, *wm2, n_trees=11, mode=mode, flips=2, seed=0)
    counts = ensemble.root_counts()
    assert sum(count for _, count in counts) == 11 == ensemble.n_trees
    assert dict(counts) == dict(Counter(t.root for t in ensemble.trees))
    assert [c for _, c in counts] == sorted((c for _, c in counts), reverse=True)
    assert 1 <= ensemble.distinct_trees() <= 11


def test_the_vote_is_the_majority_of_the_trees_predictions(wm2):
    ensemble = perturbed_trees(ID3, *wm2, n_trees=9, seed=1)
    predictions = np.array([t.predictions for t in ensemble.trees])  # (trees, held-out rows)
    by_hand = []
    for column in predictions.T:
        counts = Counter(column)
        best = max(counts.values())
        by_hand.append(next(c for c in ensemble.classes if counts[c] == best))
    assert list(ensemble.votes()) == by_hand
    assert ensemble.vote_accuracy() == np.mean(np.array(by_hand) == ensemble.truth)
    assert ensemble.single_accuracy() == np.mean(ensemble.single.predictions == ensemble.truth)


def test_a_vote_tie_goes_to_the_class_first_in_the_data():
    from dtree_core.instability import Ensemble
    trees = (Grown("a", "x", np.array(["否", "是"], dtype=object)),
             Grown("b", "y", np.array(["是", "否"], dtype=object)))
    ensemble = Ensemble("bootstrap", 0, 0, 2, False, trees[0], trees,
                        np.array(["是", "是"], dtype=object), ("是", "否"))
    assert list(ensemble.votes()) == ["是", "是"]
    assert ensemble.vote_accuracy() == 1.0 and ensemble.single_accuracy() == 0.5


def test_flipped_trees_see_every_training_row_and_some_change(wm2):
    """With flips, every tree sees all training rows; a flipped tree differs from the
    single tree only through its labels."""
    ensemble = perturbed_trees(ID3, *wm2, n_trees=6, mode="flip", flips=3, seed=0)
    assert ensemble.flips == 3 and ensemble.n_train == 12
    assert ensemble.same_as_single() < 6  # three of twelve labels moved: some tree changes


def test_progress_is_told_after_each_tree(wm2):
    told = []
    perturbed_trees(ID3, *wm2, n_trees=4, seed=0, on_tree=lambda d, n: told.append((d, n)))
    assert told == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_the_budget_bounds_the_number_of_trees(wm2):
    small = Budget(rows=12 * 5)  # five trees of the twelve training rows
    assert perturbed_trees(ID3, *wm2, n_trees=5, budget=small).n_trees == 5
    with pytest.raises(BudgetError) as caught:
        perturbed_trees(ID3, *wm2, n_trees=6, budget=small)
    assert caught.value.code == "budget.rows"


def test_the_budgets_seconds_bound_the_whole_ensemble(wm2):
    with pytest.raises(BudgetError) as caught:
        perturbed_trees(ID3, *wm2, n_trees=3, budget=Budget(seconds=1e-9))
    assert caught.value.code == "budget.seconds"


def test_bad_requests_are_refused_with_a_reason(wm2):
    with pytest.raises(DataError):
        perturbed_trees(ID3, *wm2, n_trees=3, mode="shuffle")
    with pytest.raises(DataError):
        perturbed_trees(ID3, *wm2, n_trees=3, mode="flip", flips=13)


def test_validation_pruning_is_left_out_and_said(wm2):
    ensemble = perturbed_trees(ID3.but(prune="rep"), *wm2, n_trees=2, seed=0)
    assert ensemble.unpruned


def test_continuous_attributes_and_cart(wm3):
    ensemble = perturbed_trees(Options.build(algorithm="cart"), *wm3, n_trees=5, seed=0)
    assert sum(c for _, c in ensemble.root_counts()) == 5
    assert set(ensemble.votes()) <= set(ensemble.classes)


def _reversed(X, y):
    rows = X.index[::-1]
    return X.loc[rows].reset_index(drop=True), y.loc[rows].reset_index(drop=True)


def test_the_same_tree_from_rows_in_another_order_has_the_same_shape():
    """The trace lists branches in the order values first appear: reversed rows give play
    tennis's Outlook → Humidity / Wind tree with Rain first, which is the same tree."""
    X, y = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    forward = DecisionTree(algorithm="id3").fit(X, y).trace_
    backward = DecisionTree(algorithm="id3").fit(*_reversed(X, y)).trace_
    assert forward.nodes[1].branch.text() != backward.nodes[1].branch.text()
    assert shape_key(forward) == shape_key(backward)


def test_a_subset_branch_is_the_same_whatever_order_its_values_were_met():
    X, y = pd.DataFrame({"c": list("abcabcc")}), pd.Series(list("yynyynn"))
    forward = DecisionTree(algorithm="cart").fit(X, y).trace_
    backward = DecisionTree(algorithm="cart").fit(*_reversed(X, y)).trace_
    texts = {n.branch.text() for t in (forward, backward) for n in t.nodes if n.branch}
    assert {"c ∈ {a,b}", "c ∈ {b,a}"} <= texts
    assert shape_key(forward) == shape_key(backward)


def test_trees_that_differ_in_a_leaf_label_have_different_shapes():
    X, y = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    y = y.where(X["Outlook"] != "Overcast", "Maybe")  # the Overcast leaf says Maybe
    changed = DecisionTree(algorithm="id3").fit(X, y).trace_
    original = DecisionTree(algorithm="id3").fit(*xy("play_tennis.csv", "PlayTennis",
                                                     drop=["Day"])).trace_
    assert shape_key(changed) != shape_key(original)


def test_bootstrap_trees_are_counted_by_their_tests_not_their_branch_order():
    """The reviewer's count: 25 ID3 trees on play tennis, seed 0, are 20 distinct trees, one
    the single tree (23 and 0 when the branch order counted)."""
    X, y = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    ensemble = perturbed_trees(ID3, X, y, n_trees=25, seed=0)
    assert (ensemble.distinct_trees(), ensemble.same_as_single()) == (20, 1)


def test_a_leaf_is_one_tree_whether_grown_or_drawn_as_a_sample_of_one_class():
    """A bootstrap sample of one class is not grown; its leaf must equal the grown leaf of the
    same class (min_gain=1 grows a single leaf from every sample)."""
    X = pd.DataFrame({"a": list("xy" * 10), "b": list("uuvv" * 5)})
    y = pd.Series(["A"] * 17 + ["B"] * 3, name="y")
    ensemble = perturbed_trees(Options(min_gain=1.0), X, y, n_trees=25, seed=1)
    assert ensemble.root_counts() == [(None, 25)]  # seed 1 draws two samples of A alone
    assert (ensemble.distinct_trees(), ensemble.same_as_single()) == (1, 25)


def test_a_tree_deeper_than_pythons_recursion_limit_has_a_shape():
    """Alternating labels on one continuous column: CART grows a chain 2999 nodes deep."""
    X = pd.DataFrame({"x": np.arange(3000, dtype=float)})
    trace = DecisionTree(algorithm="cart").fit(X, pd.Series(["a", "b"] * 1500)).trace_
    assert max(node.depth for node in trace.nodes) == 2999
    assert shape_key(trace).count('"a"') == 1500
