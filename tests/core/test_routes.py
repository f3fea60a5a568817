"""Routing reads a trace's nodes once for as long as the trace lives (predicting.Routes): a
trace fresh from a fit builds a whole Node on every read."""

from __future__ import annotations

import gc

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree, predicting
from dtree_core.records import FrozenNodes


def noisy(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"a": rng.random(n).round(3), "b": rng.random(n).round(3)})
    X.loc[rng.random(n) < 0.1, "a"] = np.nan  # rows that go down every branch
    return X, pd.Series(rng.choice(["p", "q", "r"], n))


def test_predicting_again_reads_no_node_again(monkeypatch):
    X, y = noisy(400)
    model = DecisionTree("c45").fit(X, y)
    assert isinstance(model.trace_.nodes, FrozenNodes)
    reads, built = [], []
    real = FrozenNodes.routing_facts
    monkeypatch.setattr(FrozenNodes, "routing_facts",
                        lambda self, k: reads.append(k) or real(self, k))
    monkeypatch.setattr(FrozenNodes, "__getitem__", lambda self, k: built.append(k))
    first = model.predict_proba(X)
    once = len(reads)
    # a node is read as itself and as its parent's child (its branch and weight)
    assert 0 < once <= 2 * len(model.trace_.nodes)
    assert max(reads.count(k) for k in set(reads)) <= 2
    assert (model.predict_proba(X) == first).all() and len(reads) == once
    list(model.predict_by_depth(X, 5))
    assert len(reads) == once
    # no Node is built to route rows: its decision's rivals and ties are not read (a
    # 3,000-row file's robustness trees, 28k Node builds, took 2.7 s on the Compare page)
    assert built == []


def test_routes_go_with_their_trace():
    X, y = noisy(100, seed=1)
    model = DecisionTree("id3").fit(X, y)
    model.predict(X)
    key = id(model.trace_)
    assert key in predicting._ROUTES
    del model
    gc.collect()
    assert key not in predicting._ROUTES


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_a_trace_read_back_predicts_as_the_fitted_one(algorithm):
    X, y = noisy(300, seed=2)
    X["c"] = np.where(X["b"] < 0.3, "x", np.where(X["b"] < 0.6, "y", None))  # nominal, blanks
    model = DecisionTree(algorithm).fit(X, y)
    from dtree_core.fitted_trace import FittedTrace

    again = FittedTrace.from_dict(model.trace_.to_dict(scores=False))
    assert np.array_equal(again.predict_proba(X), model.predict_proba(X))


def test_a_fresh_fits_routing_facts_are_its_nodes():
    """The store's routing_facts (no Node built) and node_facts of the Node record name the
    same facts, field by field, at every node (a leaf, a split, the root, an empty branch)."""
    X, y = noisy(300, seed=2)
    nodes = DecisionTree("c45").fit(X, y).trace_.nodes
    assert isinstance(nodes, FrozenNodes)
    for k in range(len(nodes)):
        fast, built = nodes.routing_facts(k), predicting.node_facts(nodes[k])
        assert fast._fields == built._fields
        for name, a, b in zip(fast._fields, fast, built, strict=True):
            assert np.array_equal(np.asarray(a, dtype=object), np.asarray(b, dtype=object)) \
                if name == "class_counts" else a == b, (k, name, a, b)
