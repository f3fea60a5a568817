"""While growing, continuous attributes whose weights are all 1 and whose values are all known
are scored at every sorted position at once (splitting._score_every_position), their class
counts packed into one running sum, instead of at their midpoints gathered one by one. The
two ways must give the same bits: thresholds, scores, distinct counts, nodes with no midpoint;
with ties between values, many nodes sorted in one pass (_scan_keys), and a node larger than
SMALL_SIDES (int64 counts, not int32). Each node's best position is found both ways, by numpy
(_every_position_best) and by the compiled kernel: once loaded, the kernel is taken at every
size, whichever test loaded it, so the numpy way is asked for by name."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from test_batch_invariance import _node_view, _same

from dtree_core import kernels, splitting
from dtree_core.data import encode
from dtree_core.splitting import Batch, growing, score_continuous_together


def _numbers(seed: int, n: int, n_classes: int):
    """Two continuous columns of known values, the first with ties (few digits)."""
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"x": rng.normal(size=n).round(2), "z": rng.random(n)})
    y = pd.Series(rng.integers(0, n_classes, size=n).astype(str), name="y")
    return encode(X, y, {"x": "continuous", "z": "continuous"})


def _nodes(seed: int, n_rows: int, n_nodes: int) -> Batch:
    """Most rows in n_nodes disjoint nodes (one of a single row: no midpoint), each weighing 1,
    the nodes' entries interleaved."""
    rng = np.random.default_rng(seed + 500)
    rows = rng.permutation(n_rows)[: n_rows * 9 // 10]
    node = np.sort(rng.integers(1, n_nodes, size=len(rows)))
    node[0] = 0  # node 0: one row
    mix = rng.permutation(len(rows))
    return Batch(rows[mix], np.ones(len(rows)), node[mix], n_nodes)


@pytest.fixture(params=["_every_position_best", "best_positions"])
def finder(request):
    """The name of what finds each node's best position: numpy's, or the compiled kernel."""
    compiled = request.param == "best_positions"
    if compiled and not kernels.load():
        pytest.skip("numba is not installed")
    with kernels.enabled(compiled):
        yield request.param


def _both_ways(enc, batch, by_gini, monkeypatch, finder):
    """(every position, midpoints) scores of both columns, growing; the first way checked
    to have been taken, its best positions found by `finder`."""
    taken = []
    owner = kernels if finder == "best_positions" else splitting
    real = getattr(owner, finder)
    monkeypatch.setattr(owner, finder, lambda *args: taken.append(1) or real(*args))
    with growing():
        fast = score_continuous_together(enc, [0, 1], batch, by_gini, 3)
    assert taken, f"the every-position way was not taken, or not by {finder}"
    monkeypatch.setattr(splitting, "_every_position_pays", lambda *args: False)
    with growing():
        slow = score_continuous_together(enc, [0, 1], batch, by_gini, 3)
    return fast, slow


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("by_gini", [False, True])
def test_every_position_scores_as_the_midpoints_do(seed, by_gini, monkeypatch, finder):
    enc = _numbers(seed, 400, 2 + seed % 3)
    batch = _nodes(seed, enc.n_rows, 2 + seed)
    fast, slow = _both_ways(enc, batch, by_gini, monkeypatch, finder)
    for j in (0, 1):
        assert not np.isfinite(fast[j].threshold[0])  # the one-row node: no midpoint
        for i in range(batch.n_nodes):
            _same(_node_view(fast[j], i), _node_view(slow[j], i), f"column {j} node {i}")


@pytest.mark.parametrize("by_gini", [False, True])
def test_a_node_larger_than_small_sides(by_gini, monkeypatch, finder):
    n = splitting.SMALL_SIDES + 3000
    enc = _numbers(99, n, 3)
    whole = Batch(np.arange(n), np.ones(n), np.zeros(n, dtype=np.int64), 1)
    fast, slow = _both_ways(enc, whole, by_gini, monkeypatch, finder)
    for j in (0, 1):
        _same(_node_view(fast[j], 0), _node_view(slow[j], 0), f"column {j}")
