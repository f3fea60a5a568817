"""A node's scores are the same bits whether it is scored alone or in a batch with others.

The level-wise grower scores a whole depth at once and the recursive reference one node at a
time; their traces must agree byte for byte, including fractional weights (unknown values)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dtree_core.counting import segment_cumsum, xlogx, xlogx_table
from dtree_core.data import encode
from dtree_core.splitting import (
    Batch,
    growing,
    node_class_counts,
    score_continuous,
    score_continuous_together,
    score_nominal,
)


def _data(seed: int, n: int = 120):
    rng = np.random.default_rng(seed)
    x = rng.choice([0.5, 1.0, 2.25, 3.0, 4.5, np.nan], size=n)
    z = rng.normal(size=n).round(1)
    z[rng.random(n) < 0.1] = np.nan
    a = rng.choice(["a", "b", "c", "d", None], size=n).astype(object)
    X = pd.DataFrame({"x": x, "z": z, "a": a})
    y = pd.Series(rng.choice(["p", "q", "r"], size=n), name="y")
    return encode(X, y, {"x": "continuous", "z": "continuous", "a": "nominal"})


def _batch(seed: int, enc, whole: bool):
    """Several nodes with overlapping rows (as unknown-value copies are), entries of different
    nodes interleaved, and one node of whole weights among fractional ones."""
    rng = np.random.default_rng(seed + 1000)
    nodes = []
    for i in range(int(rng.integers(2, 7))):
        rows = np.sort(rng.choice(enc.n_rows, size=int(rng.integers(1, 60)), replace=False))
        rows = np.concatenate([rows[rng.random(len(rows)) < 0.8], rows[:3]])
        rows = np.unique(rows)[rng.permutation(len(np.unique(rows)))]
        if whole or i == 0:
            weight = rng.integers(1, 4, size=len(rows)).astype(float)
        else:
            weight = rng.random(len(rows)) * rng.choice([1 / 3, 0.7, 1.0], size=len(rows))
        nodes.append((rows, weight))
    node = np.concatenate([np.full(len(r), i) for i, (r, _) in enumerate(nodes)])
    rows = np.concatenate([r for r, _ in nodes])
    weight = np.concatenate([w for _, w in nodes])
    # interleave the nodes while keeping each node's own entry order
    labels = rng.permutation(node)
    mix = np.empty(len(node), dtype=np.int64)
    for i in range(len(nodes)):
        mix[labels == i] = np.flatnonzero(node == i)
    return Batch(rows[mix], weight[mix], node[mix], len(nodes)), nodes


def _same(a, b, what):
    if isinstance(a, dict):
        assert a.keys() == b.keys(), what
        for k in a:
            _same(a[k], b[k], f"{what}.{k}")
        return
    if a is None or b is None:
        assert a is None and b is None, what
        return
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape, what
    if a.dtype.kind == "f":
        assert np.array_equal(a.view(np.int64), b.view(np.int64)), what  # the same bits
    else:
        assert np.array_equal(a, b), what


def _node_view(s, i):
    """Node i's part of an AttributeScores, as a dict of arrays."""
    out = {f: v[i] for f, v in s.scores.items()}
    for f in ("branch_counts", "branch_n", "unknown", "n_distinct", "gini_index_multiway",
              "gini_index_binary", "left", "threshold"):
        v = getattr(s, f)
        out[f] = None if v is None else v[i]
    if s.curve:
        lo, hi = s.curve["offsets"][i], s.curve["offsets"][i + 1]
        out["curve"] = {k: s.curve[k][lo:hi] for k in ("threshold", "gain", "gini_index")}
    return out


@pytest.mark.parametrize("seed", range(25))
@pytest.mark.parametrize("whole", [False, True])
def test_scores_do_not_depend_on_the_batch(seed, whole):
    enc = _data(seed)
    batch, nodes = _batch(seed, enc, whole)
    alone = [Batch(r, w, np.zeros(len(r), dtype=np.int64), 1) for r, w in nodes]
    scorers = [lambda b: score_nominal(enc, 2, b, binary=True),
               lambda b: score_nominal(enc, 2, b, binary=False)]
    for j in (0, 1):
        for by_gini in (False, True):
            for min_side in (0.0, 1.0):
                scorers.append(lambda b, j=j, g=by_gini, ms=min_side:
                               score_continuous(enc, j, b, g, 3, ms))
    for k, score in enumerate(scorers):
        together = score(batch)
        for i, single in enumerate(alone):
            _same(_node_view(together, i), _node_view(score(single), 0), f"scorer {k} node {i}")
    counts, n = node_class_counts(enc, batch)
    for i, single in enumerate(alone):
        c1, n1 = node_class_counts(enc, single)
        _same(counts[i], c1[0], "counts")
        _same(n[i], n1[0], "n")


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("whole", [False, True])
@pytest.mark.parametrize("lean", [False, True])
def test_attributes_scored_together_have_their_own_bits(seed, whole, lean):
    """Stacking continuous attributes (one pass for several) changes no bit of any score,
    threshold, curve or forced cut, with unknown values, fractional weights and MINOBJS."""
    enc = _data(seed)
    batch, nodes = _batch(seed, enc, whole)
    some_node = seed % len(nodes)
    forced = {1: {some_node: _a_midpoint(enc, 1, nodes[some_node][0])}}
    for by_gini in (False, True):
        for min_side in (0.0, 1.0):
            with growing(lean=lean):
                together = score_continuous_together(enc, [0, 1], batch, by_gini, 3, min_side,
                                                     forced)
                alone = [score_continuous(enc, j, batch, by_gini, 3, min_side, forced.get(j))
                         for j in (0, 1)]
            for j in (0, 1):
                for i in range(batch.n_nodes):
                    _same(_node_view(together[j], i), _node_view(alone[j], i),
                          f"attribute {j} node {i} gini {by_gini} min_side {min_side}")
                _same(together[j].forced_threshold, alone[j].forced_threshold, "forced")
                assert (together[j].gini_index_binary is together[j].scores.get("gini_index")) \
                    == (alone[j].gini_index_binary is alone[j].scores.get("gini_index"))


def _a_midpoint(enc, j, rows) -> float:
    """A midpoint between two adjacent known values of attribute j among rows (or 0)."""
    values = np.unique(enc.columns[j][rows])
    values = values[~np.isnan(values)]
    return float((values[0] + values[1]) / 2) if len(values) > 1 else 0.0


def test_segment_cumsum_restarts_at_every_segment():
    rng = np.random.default_rng(3)
    sizes = rng.integers(0, 70, size=40)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    values = rng.random((2, sizes.sum())) / 3
    got = segment_cumsum(values, starts, sizes)
    for s, k in zip(starts, sizes, strict=True):
        _same(got[:, s:s + k], np.cumsum(values[:, s:s + k], axis=1), "segment")


def test_the_xlogx_table_has_xlogx_bits():
    table = xlogx_table(5000)
    _same(table[:5001], xlogx(np.arange(5001.0)), "table")
