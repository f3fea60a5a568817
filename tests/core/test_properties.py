"""Hypothesis properties of growth: what must hold on any data, not just the book's."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dtree_core import DecisionTree, Trace

ALGORITHMS = ("id3", "c45", "cart", "cls")
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tables(draw, missing=True, continuous=True):
    n = draw(st.integers(2, 30))
    columns = {}
    for j in range(draw(st.integers(1, 4))):
        values = st.sampled_from(["a", "b", "c", "d"][: draw(st.integers(1, 4))])
        if missing:
            values = st.one_of(values, st.none())
        columns[f"n{j}"] = draw(st.lists(values, min_size=n, max_size=n))
    if continuous:
        for j in range(draw(st.integers(0, 2))):
            numbers = st.floats(-5, 5, allow_nan=False).map(lambda x: round(x, 1))
            if missing:
                numbers = st.one_of(numbers, st.none())
            columns[f"c{j}"] = draw(st.lists(numbers, min_size=n, max_size=n))
    X = pd.DataFrame(columns)
    for name in X.columns:
        if name.startswith("c"):
            X[name] = X[name].astype(float)
    y = draw(st.lists(st.sampled_from(["p", "q", "r"]), min_size=n, max_size=n))
    if len(set(y)) < 2:
        y[0], y[-1] = "p", "q"
    return X, pd.Series(y, name="y")


def fit(algorithm, X, y, **kw):
    nominal = [c for c in X.columns if c.startswith("n")]
    continuous = [c for c in X.columns if c.startswith("c")]
    return DecisionTree(algorithm, nominal=nominal, continuous=continuous, **kw).fit(X, y)


@SETTINGS
@given(tables(), st.sampled_from(ALGORITHMS))
def test_gains_and_impurities_are_non_negative(data, algorithm):
    for node in fit(algorithm, *data).trace_.to_dict()["nodes"]:
        assert node["entropy"] >= 0 and 0 <= node["gini"] < 1
        for row in node["scores"]:
            assert row["gain"] >= 0 and row["iv"] >= 0 and row["gain_ratio"] >= 0
            assert row["gain"] <= node["entropy"] + 1e-9
            assert 0 <= row["rho"] <= 1


@SETTINGS
@given(tables(), st.sampled_from(ALGORITHMS))
def test_weights_add_up(data, algorithm):
    trace = fit(algorithm, *data).trace_
    assert trace.nodes[0].weight == len(data[1])
    for node in trace.nodes:
        assert sum(node.class_counts) == np.float64(node.weight)
        if node.children:
            assert sum(trace.nodes[c].weight for c in node.children) == _approx(node.weight)
        for row in (node.scores.rows() if node.scores else []):
            assert sum(b["weight"] for b in row["branches"]) == _approx(node.weight)


def _approx(x):
    import pytest

    return pytest.approx(x, rel=1e-9, abs=1e-9)


@SETTINGS
@given(tables(), st.sampled_from(ALGORITHMS[:3]), st.randoms(use_true_random=False))
def test_scores_do_not_depend_on_row_order(data, algorithm, rnd):
    X, y = data
    order = list(range(len(y)))
    rnd.shuffle(order)
    a = fit(algorithm, X, y).trace_.nodes[0]
    b = fit(algorithm, X.iloc[order], y.iloc[order]).trace_.nodes[0]
    assert a.entropy == _approx(b.entropy)
    rows_a = {r["attribute"]: r for r in (a.scores.rows() if a.scores else [])}
    rows_b = {r["attribute"]: r for r in (b.scores.rows() if b.scores else [])}
    assert rows_a.keys() == rows_b.keys()
    for name, row in rows_a.items():
        for key in ("gain", "iv", "gain_ratio", "gini_index", "gini_index_multiway", "rho"):
            if row[key] is not None:
                assert row[key] == _approx(rows_b[name][key]), key
    assert a.decision.attribute == b.decision.attribute or set(a.decision.ties) & {
        b.decision.attribute} or a.decision.kind == "leaf" or algorithm == "cart"


@settings(SETTINGS, max_examples=20)
@given(tables(), st.sampled_from(ALGORITHMS))
def test_json_round_trips_and_reruns_are_byte_identical(data, algorithm):
    text = fit(algorithm, *data).trace_.to_json()
    assert fit(algorithm, *data).trace_.to_json() == text
    assert Trace.from_json(text).to_json() == text
    d = json.loads(text)
    assert d["steps"] == list(range(len(d["nodes"])))
    assert all(n["id"] == i for i, n in enumerate(d["nodes"]))


@SETTINGS
@given(tables(missing=False), st.sampled_from(ALGORITHMS))
def test_a_pure_tree_predicts_its_training_rows(data, algorithm):
    X, y = data
    X = X.apply(lambda c: c + 0.0 if c.dtype == float else c)  # -0.0 and 0.0 are one value
    # Make y a function of X, so that nothing stops the tree short of pure leaves.
    key = X.astype(str).agg("|".join, axis=1)
    y = pd.Series(pd.factorize(key)[0] % 3, name="y").map({0: "p", 1: "q", 2: "r"})
    if y.nunique() < 2:
        return
    model = fit(algorithm, X, y)
    leaves = [n for n in model.trace_.nodes if n.is_leaf and n.n > 0]
    assert all(n.decision.stop == "pure" for n in leaves)
    assert (model.predict(X) == y.to_numpy()).all()


@SETTINGS
@given(tables(), st.sampled_from(ALGORITHMS))
def test_probabilities_are_distributions(data, algorithm):
    X, y = data
    proba = fit(algorithm, X, y).predict_proba(X)
    assert np.allclose(proba.sum(axis=1), 1) and (proba >= 0).all()
