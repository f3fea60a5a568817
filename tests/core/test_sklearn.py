"""Where the algorithms coincide, our CART is scikit-learn's DecisionTreeClassifier."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree

sklearn_tree = pytest.importorskip("sklearn.tree")


def distinct_float32_data(seed: int, n: int, d: int, classes: int):
    """Continuous columns without ties, exactly representable in float32 as sklearn uses."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)).astype(np.float32).astype(float)
    assert all(len(np.unique(X[:, j])) == n for j in range(d))
    score = X @ rng.normal(size=d) + rng.normal(scale=0.5, size=n)
    y = np.digitize(score, np.quantile(score, np.linspace(0, 1, classes + 1)[1:-1]))
    return pd.DataFrame(X, columns=[f"x{i}" for i in range(d)]), pd.Series(y.astype(str), name="y")


def preorder_structure(model):
    return [(n.decision.attribute, n.decision.threshold) if not n.is_leaf else None
            for n in model.trace_.nodes]


def sklearn_structure(clf, names):
    tree, out = clf.tree_, []
    stack = [0]
    while stack:
        i = stack.pop()
        if tree.children_left[i] == -1:
            out.append(None)
            continue
        out.append((names[tree.feature[i]], float(tree.threshold[i])))
        stack += [tree.children_right[i], tree.children_left[i]]
    return out


# Small nodes tie between attributes (any attribute separates two rows); scikit-learn breaks
# such ties by a random attribute order, we by column order. min_samples_split keeps the
# comparison to nodes large enough that a tie between attributes does not happen.
@pytest.mark.parametrize("seed,n,d,classes,depth,min_split", [
    (0, 60, 3, 2, None, 12), (1, 300, 5, 3, None, 20), (2, 500, 4, 2, 6, 20),
    (3, 200, 6, 4, None, 25)])
def test_cart_equals_sklearn_on_continuous_data(seed, n, d, classes, depth, min_split):
    X, y = distinct_float32_data(seed, n, d, classes)
    ours = DecisionTree("cart", max_depth=depth, min_samples_split=min_split,
                        continuous=list(X.columns)).fit(X, y)
    theirs = sklearn_tree.DecisionTreeClassifier(
        max_depth=depth, min_samples_split=min_split, random_state=0).fit(X, y)
    expected = sklearn_structure(theirs, list(X.columns))
    got = preorder_structure(ours)
    assert [s and s[0] for s in got] == [s and s[0] for s in expected]
    assert [s and s[1] for s in got] == pytest.approx([s and s[1] for s in expected])
    assert len(got) > 9
    columns = [list(ours.classes_).index(c) for c in theirs.classes_]
    proba = theirs.predict_proba(X)
    np.testing.assert_allclose(ours.predict_proba(X)[:, columns], proba)
    # A leaf with a tied majority: scikit-learn takes the smallest label, we the first seen.
    clear = (proba == proba.max(axis=1, keepdims=True)).sum(axis=1) == 1
    assert (ours.predict(X)[clear] == theirs.predict(X)[clear]).all()


def test_gini_index_matches_sklearn_impurity():
    X, y = distinct_float32_data(5, 150, 3, 3)
    ours = DecisionTree("cart", min_samples_split=20, continuous=list(X.columns)).fit(X, y)
    theirs = sklearn_tree.DecisionTreeClassifier(min_samples_split=20, random_state=0).fit(X, y)
    assert ours.trace_.nodes[0].decision.attribute == f"x{theirs.tree_.feature[0]}"
    gini = [n.gini for n in ours.trace_.nodes]
    order = _preorder_ids(theirs.tree_)
    np.testing.assert_allclose(gini, theirs.tree_.impurity[order], atol=1e-12)


def _preorder_ids(tree):
    out, stack = [], [0]
    while stack:
        i = stack.pop()
        out.append(i)
        if tree.children_left[i] != -1:
            stack += [tree.children_right[i], tree.children_left[i]]
    return out
