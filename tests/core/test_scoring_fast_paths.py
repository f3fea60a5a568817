"""The grower's shortcuts change no result: compact codes, the growth-only scoring mode and the
scatter test for identical values give what the plain definitions give."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest

from dtree_core.data import encode
from dtree_core.growing import _values_differ, grow
from dtree_core.options import Options
from dtree_core.scoretable import score_level
from dtree_core.splitting import SCORE_FIELDS, Batch, growing


def _enc(seed: int, n: int = 160):
    rng = np.random.default_rng(seed)
    x = rng.choice([0.5, 1.0, 2.25, 3.0, np.nan], size=n)
    z = rng.normal(size=n).round(1)
    z[rng.random(n) < 0.1] = np.nan
    a = rng.choice(["a", "b", "c", None], size=n).astype(object)
    b = rng.choice(["u", "v"], size=n).astype(object)
    X = pd.DataFrame({"x": x, "a": a, "z": z, "b": b})
    y = pd.Series(rng.choice(["p", "q", "r"], size=n), name="y")
    return encode(X, y, {"x": "continuous", "z": "continuous", "a": "nominal", "b": "nominal"})


def _batch(enc, seed: int) -> tuple[Batch, np.ndarray]:
    rng = np.random.default_rng(seed)
    m = int(rng.integers(1, 9))
    node = rng.integers(0, m, size=enc.n_rows)
    keep = rng.random(enc.n_rows) < 0.7
    rows = np.flatnonzero(keep)
    used = rng.random((m, len(enc.attributes))) < 0.3
    return Batch(rows, np.ones(len(rows)), node[keep], m), used


@pytest.mark.parametrize("seed", range(12))
def test_values_differ_is_two_distinct_known_values(seed):
    enc = _enc(seed)
    batch, used = _batch(enc, seed)
    expected = np.zeros(batch.n_nodes, dtype=bool)
    for i in range(batch.n_nodes):
        rows = batch.rows[batch.node == i]
        for j, a in enumerate(enc.attributes):
            x = enc.columns[j][rows]
            known = x[x >= 0] if a.is_nominal else x[~np.isnan(x)]
            if len(np.unique(known)) >= 2 and not (a.is_nominal and used[i, j]):
                expected[i] = True
    assert np.array_equal(_values_differ(enc, batch, used), expected)


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_compact_codes_grow_the_int64_tree(algorithm):
    enc = _enc(7, 300)
    assert all(c.dtype.itemsize <= 4 for c, a in zip(enc.columns, enc.attributes, strict=True)
               if a.is_nominal)
    assert all(r.dtype.itemsize <= 4 for r in enc.ranks if r is not None)
    wide = dataclasses.replace(
        enc, columns=tuple(c.astype(np.int64) if a.is_nominal else c
                           for c, a in zip(enc.columns, enc.attributes, strict=True)),
        y=enc.y.astype(np.int64),
        ranks=tuple(None if r is None else r.astype(np.int64) for r in enc.ranks))
    opts = Options.build(algorithm=algorithm, min_branch_weight=2.0)
    assert grow(enc, opts, "y").to_json() == grow(wide, opts, "y").to_json()


@pytest.mark.parametrize("algorithm", ["c45", "cart"])
def test_growth_only_scoring_ranks_by_the_same_table(algorithm):
    enc = _enc(3)
    batch, used = _batch(enc, 3)
    used[:] = False
    rules = Options.build(algorithm=algorithm).rules
    full = score_level(enc, batch, used, rules, 8)
    with growing():
        lean = score_level(enc, batch, used, rules, 8)
    for f in SCORE_FIELDS:
        assert np.array_equal(full.table()[f], lean.table()[f], equal_nan=True), f
    assert np.array_equal(full.eligible, lean.eligible)
    for j in range(len(enc.attributes)):
        a, b = full.scores[j], lean.scores[j]
        assert np.array_equal(a.branch_counts, b.branch_counts)
        if a.threshold is not None:
            assert np.array_equal(a.threshold, b.threshold, equal_nan=True)
    lean.release()  # a released level is rescored in full when a viewer asks
    assert any(s.curve for s in lean.scores)
