"""CART's exhaustive two-way search (splitting._exact_partition) finds, to the last bit, what
scoring every partition all_partitions lists finds: the same Gini_index, the same partition
on a tie, the same side listed first, the same class weights per side, however the nodes
are grouped and chunked, and whichever other nodes share the call."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree_core import splitting
from dtree_core.criteria import gini, total
from dtree_core.data import encode
from dtree_core.splitting import (
    _add,
    _best_partition,
    _masked_sum,
    all_partitions,
    best_partition,
    first_best,
)


def every_partition(by_value: np.ndarray, text_rank: np.ndarray):
    """The plain definition: every listed partition scored from masked sums (sums over
    classes in order), the first of the best taken, the side holding value 0 listed first."""
    m, k, n_classes = by_value.shape
    masks = all_partitions(k)[:, text_rank]
    lefts = np.stack([_masked_sum(np.broadcast_to(mask, (m, k)), by_value) for mask in masks], 1)
    rights = total(by_value, 1)[:, None, :] - lefts
    left = [lefts[..., c] for c in range(n_classes)]
    right = [rights[..., c] for c in range(n_classes)]
    left_w, right_w = _add(left), _add(right)
    with np.errstate(invalid="ignore", divide="ignore"):
        impurity = (left_w - _add([a * a for a in left]) / left_w
                    + right_w - _add([a * a for a in right]) / right_w)
    index = np.where((left_w > 0) & (right_w > 0),
                     impurity / np.maximum(left_w + right_w, 1e-300), np.inf)
    best = first_best(-index, axis=1)
    value = index[np.arange(m), best]
    value = np.where(np.isfinite(value), value, gini(total(by_value, 1)))
    chosen = masks[best]
    chosen = np.where(chosen[:, :1], chosen, ~chosen)
    return chosen, value, np.stack([_masked_sum(chosen, by_value),
                                    _masked_sum(~chosen, by_value)], 1)


@st.composite
def nodes(draw):
    """Class weights (m, k, C) of many nodes where most values are missing at many nodes (so
    the search drops them), with repeated counts (so ties are common) or fractional weights."""
    k = draw(st.integers(2, splitting.EXACT_PARTITION_LIMIT))
    m = draw(st.integers(1, 160))
    n_classes = draw(st.integers(1, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    by_value = rng.integers(0, draw(st.sampled_from([2, 4, 50])), (m, k, n_classes)).astype(float)
    by_value[rng.random((m, k)) < rng.random((m, 1))] = 0.0
    if draw(st.booleans()):
        by_value *= np.round(rng.random((m, k, n_classes)), draw(st.sampled_from([1, 8])))
    return by_value, rng.permutation(k)


def assert_same(found, expected):
    for a, b in zip(found, expected, strict=True):
        assert a.shape == b.shape and a.dtype == b.dtype
        assert a.tobytes() == b.tobytes()


@settings(max_examples=150, deadline=None)
@given(case=nodes())
def test_the_search_finds_every_bit_of_the_plain_definition(case):
    by_value, text_rank = case
    expected = every_partition(by_value, text_rank)
    assert_same(_best_partition(by_value, text_rank), expected)
    # told which values have entries (a superset of those with weight), the same
    weighted = by_value.any(axis=2) | (np.arange(by_value.shape[1]) % 3 == 0)
    assert_same(_best_partition(by_value, text_rank, weighted), expected)
    assert_same(best_partition(by_value, text_rank), expected[:2])


@pytest.mark.parametrize(("per_group", "chunk"), [(0, 1), (0, 1 << 16), (10**9, 64)])
def test_grouping_and_chunking_change_no_bit(monkeypatch, per_group, chunk):
    """A group per count of values, or one group; one node per chunk, or many."""
    rng = np.random.default_rng(7)
    by_value = rng.integers(0, 3, (300, 8, 3)).astype(float)
    by_value[rng.random((300, 8)) < rng.random((300, 1))] = 0.0
    text_rank = rng.permutation(8)
    expected = every_partition(by_value, text_rank)
    monkeypatch.setattr(splitting, "SUBSETS_PER_GROUP", per_group)
    monkeypatch.setattr(splitting, "CHUNK", chunk)
    assert_same(_best_partition(by_value, text_rank), expected)


def test_a_node_finds_the_same_alone_as_among_many():
    rng = np.random.default_rng(3)
    by_value = rng.integers(0, 4, (400, 7, 3)).astype(float)
    by_value[rng.random((400, 7)) < rng.random((400, 1))] = 0.0
    text_rank = rng.permutation(7)
    together = _best_partition(by_value, text_rank)
    for i in range(0, 400, 37):
        alone = _best_partition(by_value[i:i + 1], text_rank)
        assert_same(alone, [a[i:i + 1] for a in together])


def test_a_node_with_one_weighted_value_takes_the_first_listed_partition():
    """No two-sided partition: {the value first as text} alone, Gini of the node."""
    by_value = np.zeros((1, 4, 2))
    by_value[0, 2] = [3.0, 1.0]
    left, index, sides = _best_partition(by_value, np.array([2, 0, 3, 1]))
    assert left.tolist() == [[True, False, True, True]]  # {value 1} | the rest, rest first
    assert index[0] == pytest.approx(1 - (3 / 4) ** 2 - (1 / 4) ** 2)
    assert sides.tolist() == [[[3.0, 1.0], [0.0, 0.0]]]


@pytest.mark.parametrize("binary", [True, False])
@pytest.mark.parametrize("lean", [True, False])
def test_nominal_attributes_scored_together_are_scored_as_one_at_a_time(binary, lean):
    """Attributes with as many values (in different orders of appearance, so different text
    ranks) stacked as (attribute, node) pairs: every array the same bits as alone."""
    rng = np.random.default_rng(11)
    n = 900
    values = {f"a{j}": rng.permutation([f"v{i}" for i in range(k)])
              for j, k in enumerate([4, 6, 4, 6, 6, 3, 12, 12, 1, 2, 8, 10])}
    X = pd.DataFrame({name: vals[rng.integers(0, len(vals), n)] for name, vals in values.items()})
    X = X.mask(rng.random(X.shape) < 0.1)  # unknown values: fractional weights below
    y = pd.Series(rng.choice(["p", "q", "r"], n), name="y")
    enc = encode(X, y, dict.fromkeys(X.columns, "nominal"), rng.integers(1, 4, n) / 2)
    rows = np.sort(rng.choice(n, 700, replace=False))
    node = np.sort(rng.integers(0, 150, 700))  # many nodes, few values each: a wide search
    batch = splitting.Batch(rows, enc.weights[rows], node, 150)
    js = list(range(len(values)))
    with splitting.growing(lean):
        together = splitting.score_nominal_together(enc, js, batch, binary)
        alone = [splitting.score_nominal(enc, j, batch, binary) for j in js]
    for a, b in zip(together, alone, strict=True):
        for name in ("branch_counts", "branch_n", "unknown", "n_distinct", "left",
                     "gini_index_multiway", "gini_index_binary"):
            x, z = getattr(a, name), getattr(b, name)
            assert (x is None) == (z is None)
            if x is not None:
                assert x.shape == z.shape and x.dtype == z.dtype and x.tobytes() == z.tobytes()
        assert a.scores.keys() == b.scores.keys()
        for name, x in a.scores.items():
            assert x.tobytes() == b.scores[name].tobytes()


def test_a_stack_of_nominal_attributes_is_bounded_by_its_count_table(monkeypatch):
    """Many nodes × many values make each attribute's (node, value, class) table big: those
    attributes are scored one at a time (stacked, the table and its scores would be held
    several times over); few nodes and few values are stacked."""
    rng = np.random.default_rng(4)
    n, narrow = 400, 3
    columns = {f"w{i}": [f"v{x}" for x in rng.permutation(n)] for i in range(4)}  # k = 400
    columns.update({f"s{i}": [f"v{x}" for x in rng.integers(0, narrow, n)] for i in range(4)})
    X = pd.DataFrame(columns)
    enc = encode(X, pd.Series(rng.choice(["p", "q"], n)), dict.fromkeys(X.columns, "nominal"))
    nodes = 200
    batch = splitting.Batch(np.arange(n), np.ones(n), np.sort(rng.integers(0, nodes, n)), nodes)
    stacks = []
    real = splitting._score_nominal_stack
    monkeypatch.setattr(splitting, "_score_nominal_stack",
                        lambda enc, js, batch, binary, *beat: stacks.append(list(js)) or real(
                            enc, js, batch, binary, *beat))
    splitting.score_nominal_together(enc, list(range(8)), batch, binary=False)
    wide_cells = nodes * (max(len(enc.attributes[j].values) for j in range(4)) + 1) * 2
    assert wide_cells * 2 > splitting.NOMINAL_CELLS  # two would be over the bound
    assert sorted(stacks) == [[0], [1], [2], [3], [4, 5, 6, 7]]
