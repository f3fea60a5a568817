"""CART's weakest-link path found with a heap (pruning._WeakestLinks) is the one a scan of
every node at every cut finds (the oracle below, the implementation before the heap): the
same cuts in the same order, the same alphas to the bit (ties and rounding included),
and at any ccp_alpha the same pruned tree and events."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree_core import DecisionTree
from dtree_core.algorithms import keys
from dtree_core.pruning import (
    _Tree,
    at_most,
    cost_complexity_prune,
    path_cuts,
    pruning_path,
)


def scanned_cuts(trace, limit: float = math.inf):
    """Cut the weakest link while its g(t) is at most limit, scanning every splitting node
    for the smallest g(t) (np.argmin: the first in depth-first order on a tie; 0 for a split
    over a single leaf, which no cut takes a leaf from). Returns the cuts [(node, alpha,
    leaves, impurity after)], the final g(t) of every node (inf where it is no split of the
    tree) and |leaves(T_t)|."""
    tree = _Tree(trace)
    r_node = tree.weight * np.array([n.gini for n in tree.nodes]) / tree.weight[0]
    r_branch, leaves = tree.leaf_sum(r_node), tree.leaf_sum(np.ones(len(r_node)))
    splitting = ~tree.is_leaf
    cuts = []
    while True:
        fewer = leaves - 1
        with np.errstate(divide="ignore", invalid="ignore"):
            g = np.where(splitting, np.where(fewer > 0, (r_node - r_branch) / fewer, 0.0),
                         np.inf)
        node = int(np.argmin(g))
        if np.isinf(g[node]) or not at_most(g[node], limit):
            return cuts, g, leaves
        d_r, d_leaves, cut_leaves = r_node[node] - r_branch[node], leaves[node] - 1, leaves[node]
        splitting[node:tree.end[node]] = False
        ancestor = node
        while ancestor is not None:
            r_branch[ancestor] += d_r
            leaves[ancestor] -= d_leaves
            ancestor = tree.nodes[ancestor].parent
        r_branch[node] = r_node[node]
        cuts.append((node, float(g[node]), int(cut_leaves), float(r_branch[0])))


def bits(values) -> list[int]:
    """Floats as their bit patterns: equal means the same float (and nan equals nan)."""
    return np.asarray(values, dtype=float).view(np.int64).tolist()


@st.composite
def data_sets(draw):
    """Small tables with what makes g(t) tie: few distinct values, duplicated rows, a
    mirrored copy of the rows; unknown values, weights, depth limits, every algorithm."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    n, classes = draw(st.integers(6, 60)), draw(st.integers(2, 3))
    nominal = {f"n{j}": rng.choice(list("pqrs")[:draw(st.integers(1, 4))], n)
               for j in range(draw(st.integers(0, 2)))}
    continuous = {f"c{j}": rng.normal(size=n).round(draw(st.sampled_from([0, 1, 3])))
                  for j in range(draw(st.integers(1, 2)))}
    X = pd.DataFrame({**nominal, **continuous})
    y = rng.permutation(np.arange(n) % classes).astype(str)
    if draw(st.booleans()):  # the mirror image: every split has a twin with equal g(t)
        mirrored = X.copy()
        for c in continuous:
            mirrored[c] = -mirrored[c]
        X, y = pd.concat([X, mirrored], ignore_index=True), np.concatenate([y, y])
    copies = draw(st.integers(1, 3))  # duplicated rows
    X, y = pd.concat([X] * copies, ignore_index=True), np.tile(y, copies)
    unknown = draw(st.sampled_from([0.0, 0.0, 0.15]))
    X = X.mask(rng.random(X.shape) < unknown)
    weight = draw(st.sampled_from([None, "whole", "fraction"]))
    weight = None if weight is None else (rng.integers(1, 4, len(X)) if weight == "whole"
                                          else rng.random(len(X)) + 0.01).astype(float)
    model = DecisionTree(draw(st.sampled_from(keys())), nominal=list(nominal),
                         continuous=list(continuous), max_depth=draw(st.sampled_from([None, 2, 4])),
                         min_samples_split=draw(st.sampled_from([2, 5])))
    return model.fit(X, pd.Series(y), sample_weight=weight).trace_


def limits(alphas) -> list[float]:
    """ccp_alphas at, just around and between the path's alphas (tolerance rule included)."""
    finite = sorted({a for a in alphas if np.isfinite(a)})
    around = [x for a in finite for x in (a, np.nextafter(a, -1), a * (1 + 2e-9), a * (1 - 2e-9))]
    return [0.0, *around, *((a + b) / 2 for a, b in zip(finite, finite[1:], strict=False))]


@settings(max_examples=300, deadline=None)
@given(trace=data_sets())
def test_the_heap_finds_the_cuts_the_scan_finds(trace):
    cuts, _, _ = scanned_cuts(trace)
    found = path_cuts(trace)
    assert [(c.node, c.leaves) for c in found] == [(node, leaves) for node, _, leaves, _ in cuts]
    assert bits([c.alpha for c in found]) == bits([alpha for _, alpha, _, _ in cuts])
    assert bits([c.impurity for c in found]) == bits([after for *_, after in cuts])
    alphas, impurities = pruning_path(trace)
    assert bits(alphas[1:]) == bits([alpha for _, alpha, _, _ in cuts])
    assert bits(impurities[1:]) == bits([after for *_, after in cuts])
    every = limits(alphas[1:])
    for limit in every[::max(1, len(every) // 12)]:
        pruned = cost_complexity_prune(_Tree(trace), limit)
        cuts, g, leaves = scanned_cuts(trace, limit)
        kept = np.flatnonzero(np.isfinite(g)).tolist()
        expected = [("prune", node, alpha, count) for node, alpha, count, _ in cuts] + \
            [("keep", node, g[node], int(leaves[node])) for node in kept]
        events = [(e["action"], e["node"], e["before"], e["leaves"]) for e in pruned.pruning]
        assert [e[:2] + e[3:] for e in events] == [e[:2] + e[3:] for e in expected]
        assert bits([e[2] for e in events]) == bits([e[2] for e in expected])
        grown = _Tree(trace)
        assert pruned.nodes == grown.post_pruned([c[0] for c in cuts], [], "ccp").nodes


def test_a_g_that_a_cut_below_lowers_by_rounding_takes_its_place_at_once():
    """Node 287's g(t) reads 0.0018750000000000001 until its child 288 is cut at 0.001875;
    then it reads 0.001875, tied with nodes 317 and 414, and is cut first of the three (the
    first in depth-first order). A cut never lowers its ancestors' g(t) but for rounding:
    an entry left as it was would have come up after them."""
    rng = np.random.default_rng(5)
    X = pd.DataFrame({f"x{i}": rng.normal(size=400).round(1) for i in range(3)})
    y = pd.Series(rng.integers(0, 3, 400).astype(str))
    trace = DecisionTree("cart", continuous=list(X.columns)).fit(X, y).trace_
    cuts, _, _ = scanned_cuts(trace)
    found = path_cuts(trace)
    assert [c.node for c in found] == [node for node, *_ in cuts]
    assert bits([c.alpha for c in found]) == bits([alpha for _, alpha, _, _ in cuts])
    assert [(node, alpha) for node, alpha, *_ in cuts[8:12]] == \
        [(288, 0.001875), (287, 0.001875), (317, 0.001875), (414, 0.001875)]


def test_a_split_over_a_single_leaf_is_cut_at_alpha_0():
    """CLS may split on a value every row there shares: one branch, here a leaf at the depth
    limit. Cutting it takes no leaf away and adds no error: its g(t) is 0 (it was 0/0, a
    nan on the path and "nan ≤ ccp_alpha" in the pruning sentence), so it is cut at any
    ccp_alpha, 0 included, and said so with a number."""
    rng = np.random.default_rng(1)
    X = pd.DataFrame({"c": ["k"] * 40, "a": rng.choice(list("xyz"), 40),
                      "b": rng.normal(size=40).round(1)})
    y = pd.Series(rng.choice(list("PQ"), 40))
    trace = DecisionTree("cls", nominal=["c", "a"], continuous=["b"], max_depth=3,
                         force=("root=a",)).fit(X, y).trace_
    cuts, _, _ = scanned_cuts(trace)
    found = path_cuts(trace)
    assert [c.node for c in found] == [node for node, *_ in cuts]
    assert bits([c.alpha for c in found]) == bits([alpha for _, alpha, _, _ in cuts])
    single = [n["id"] for n in trace.to_dict(scores=False)["nodes"]
              if n["decision"]["kind"] == "split" and len(n["children"]) == 1]
    assert single, "the data must grow a split over a single branch"
    alphas = {c.node: c.alpha for c in found}
    assert all(alphas[node] == 0.0 for node in single if node in alphas)
    assert np.isfinite(pruning_path(trace)[0]).all()
    pruned = cost_complexity_prune(_Tree(trace), 0.0)
    cut_at_0 = {e["node"]: e["before"] for e in pruned.pruning if e["action"] == "prune"}
    assert set(single) <= set(cut_at_0) and all(cut_at_0[n] == 0.0 for n in single)
