"""Facts the UI used to compute itself, now the core's: misclassification impurity as a node
field of the trace, and J48's penalised C4.5 pick in dtree_core.algorithms."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from dtree_core import DecisionTree
from dtree_core.algorithms import j48_gain, j48_pick
from dtree_core.criteria import (
    entropy,
    gini,
    impurity_maxima,
    misclassification,
    node_misclassification,
)
from dtree_core.trace import Trace


@pytest.fixture
def wm2_c45(wm2):
    X, y = wm2
    return DecisionTree("c45").fit(X, y).trace_


@pytest.fixture
def wm3_c45(wm3):
    X, y = wm3
    return DecisionTree("c45").fit(X, y).trace_.to_dict()


def test_misclassification_is_one_minus_the_majority_share():
    assert misclassification([8, 9]) == pytest.approx(8 / 17)
    assert misclassification([[0, 0], [3, 1], [2.5, 2.5]]).tolist() == [0.0, 0.25, 0.5]
    p = np.linspace(0, 1, 11)
    assert misclassification(np.stack([p, 1 - p], -1)) == pytest.approx(np.minimum(p, 1 - p))


def test_one_nodes_plain_python_form_gives_the_same_float():
    rng = np.random.default_rng(7)
    for k in (1, 2, 3, 5, 9):
        counts = rng.random((200, k)) * rng.integers(0, 40, (200, 1))  # fractional, some empty
        counts[rng.random((200, k)) < 0.3] = 0.0
        exact = misclassification(counts).tolist()
        assert [node_misclassification(tuple(row)) for row in counts.tolist()] == exact


def test_the_maxima_at_equal_shares():
    for k in (1, 2, 3, 7):
        even = np.ones(k)
        top = impurity_maxima(k)
        assert top["entropy"] == pytest.approx(entropy(even)) == pytest.approx(math.log2(k))
        assert top["gini"] == pytest.approx(gini(even))
        assert top["misclassification"] == pytest.approx(misclassification(even))


def test_every_node_records_its_misclassification_impurity(wm2_c45):
    d = wm2_c45.to_dict()
    assert d["nodes"][0]["misclassification"] == 1 - 9 / 17  # 是 8, 否 9
    for node in d["nodes"]:
        counts = list(node["class_counts"].values())
        expected = 1 - max(counts) / sum(counts) if sum(counts) else 0.0
        assert node["misclassification"] == expected
    assert any(node["weight"] == 0 and node["misclassification"] == 0 for node in d["nodes"])


def test_the_json_stays_dtree_trace_1_with_one_new_field(wm2_c45):
    lines = list(wm2_c45.iter_json())
    text = "".join(lines)
    data = json.loads(text)
    assert data["format"] == "dtree-trace/1"
    assert all("misclassification" in node for node in data["nodes"])
    again = Trace.from_json(text).to_dict()
    assert [n["misclassification"] for n in again["nodes"]] == [
        n["misclassification"] for n in data["nodes"]]
    old = {**data, "nodes": [{k: v for k, v in n.items() if k != "misclassification"}
                             for n in data["nodes"]]}
    assert Trace.from_dict(old).to_dict()["nodes"][0]["misclassification"] == 1 - 9 / 17


def test_j48_picks_texture_where_the_books_c45_picks_sugar(wm3_c45):
    """Issue 10: on watermelon 3.0 the book's definitions pick 含糖率, J48 picks 纹理."""
    root = wm3_c45["nodes"][0]
    assert root["decision"]["attribute"] == "含糖率"
    assert j48_pick(root) == "纹理"


def test_j48_penalty_by_hand(wm3_c45):
    root = wm3_c45["nodes"][0]
    rows = root["scores"]
    table = {"gain": np.array([r["gain"] for r in rows]),
             "n_distinct": np.array([r.get("n_distinct") or 0 for r in rows]),
             "continuous": np.array([r["kind"] == "continuous" for r in rows])}
    penalised = j48_gain(table, root["weight"])
    for row, value in zip(rows, penalised, strict=True):
        if row["kind"] == "continuous":
            assert value == pytest.approx(row["gain"] - math.log2(row["n_distinct"] - 1) / 17)
        else:
            assert value == row["gain"]


def test_j48_agrees_with_c45_without_continuous_attributes(wm2_c45):
    d = wm2_c45.to_dict()
    for node in d["nodes"]:
        if node["decision"]["kind"] == "split":
            assert j48_pick(node) == node["decision"]["attribute"]
        elif not node["scores"]:
            assert j48_pick(node) is None
