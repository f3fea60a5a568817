"""The grower's shortcuts change no result: compact codes, the growth-only scoring mode and the
scatter test for identical values give what the plain definitions give."""

from __future__ import annotations

import dataclasses
import gc
import json
import threading
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dtree_core import DecisionTree, scoretable
from dtree_core.counting import (
    column_sort,
    distinct_indices,
    order_of_distinct,
    sorted_counts,
    starts_of,
)
from dtree_core.data import dense_rank, encode, is_id_like
from dtree_core.growing import _values_differ, grow
from dtree_core.options import Options
from dtree_core.scoretable import score_level
from dtree_core.splitting import (
    SCORE_FIELDS,
    TIE_RTOL,
    Batch,
    _first_best_and_ties,
    _sort_batch,
    _square,
    growing,
    midpoint,
)


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
    assert all(part.dtype.itemsize <= 4 for s in enc.sorts if s is not None
               for part in (s.place, s.order))
    wide = dataclasses.replace(
        enc, columns=tuple(c.astype(np.int64) if a.is_nominal else c
                           for c, a in zip(enc.columns, enc.attributes, strict=True)),
        y=enc.y.astype(np.int64))
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


def _first_best_per_segment(key: np.ndarray, seg_start: np.ndarray) -> list[int]:
    """The definition: in each segment, the first finite key within TIE_RTOL of the
    segment's largest (len(key) when none is)."""
    ends = [*seg_start[1:].tolist(), len(key)]
    found = []
    for lo, hi in zip(seg_start.tolist(), ends, strict=True):
        best = np.max(key[lo:hi])
        tied = [p for p in range(lo, hi) if np.isfinite(key[p])
                and key[p] >= best - TIE_RTOL * abs(best)]
        found.append(tied[0] if tied else len(key))
    return found


@pytest.mark.parametrize("seed", range(40))
def test_segment_first_best_is_each_segments_first_best(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 30))
    # near-ties, infinities and NaN among the keys
    key = rng.choice([0.1, 0.2, 0.2 + 1e-13, 0.3, -np.inf, np.inf, np.nan], size=n) \
        if seed % 2 else rng.random(n)
    cuts = np.sort(rng.choice(np.arange(1, n), size=int(rng.integers(0, n)), replace=False)) \
        if n > 1 else np.array([], dtype=np.int64)
    seg_start = np.concatenate([[0], cuts]).astype(np.int64)
    new_segment = np.zeros(n, dtype=bool)
    new_segment[seg_start] = True
    seg = np.cumsum(new_segment) - 1 if len(seg_start) > 1 else None
    with np.errstate(invalid="ignore"):
        expected = _first_best_per_segment(key, seg_start)
        assert _first_best_and_ties(key, seg_start, seg)[0].tolist() == expected


@pytest.mark.parametrize("seed", range(8))
def test_counting_helpers_match_numpy(seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 6, size=int(rng.integers(0, 20)))
    assert distinct_indices(a) == np.unique(a).tolist()
    sizes = rng.integers(0, 5, size=int(rng.integers(1, 10)))
    assert starts_of(sizes).tolist() == np.concatenate([[0], np.cumsum(sizes)[:-1]]).tolist()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([0.0, -0.0, 1.5, 2.0, -3.0, 1e-300, 5e300, np.inf, -np.inf,
                                 np.nan]), max_size=40),
       st.lists(st.floats(allow_nan=True), max_size=40))
def test_dense_rank_is_uniques_inverse(picked, drawn):
    """Equal values (0.0 and -0.0 too) share a rank, every NaN one rank after the rest,
    exactly as np.unique's inverse numbers them (one sort instead of its several)."""
    for values in (np.array(picked), np.array(drawn), np.array(picked + drawn)):
        expected = np.unique(values, return_inverse=True)[1]
        ranks = dense_rank(values)
        assert ranks.tolist() == expected.tolist()
        assert ranks.dtype.kind == "i" and ranks.dtype.itemsize <= 2  # a code type per row


@pytest.mark.parametrize("seed", range(8))
def test_sorted_order_is_by_value_then_row(seed):
    """Ties (many equal values) and unknowns must keep row order: the order the grower's
    thresholds and the reference's sums are taken in."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300))
    column = rng.integers(0, 5, n).astype(float)
    column[rng.random(n) < 0.2] = np.nan
    ranks = dense_rank(column)
    expected = np.argsort(ranks, kind="stable")
    sort = column_sort(ranks, column)
    assert sort.order.tolist() == expected.tolist()
    assert sort.place[expected].tolist() == list(range(n))
    assert sort.nan_rank == (int(ranks.max()) if np.isnan(column).any() else -1)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("bound_bits", [1, 20, 50, 62])
def test_order_of_distinct_keys_is_argsorts(seed, bound_bits):
    """Packed with their indices while the two fit in 64 bits, argsorted beyond (62 bits of
    keys leave no room for the indices)."""
    rng = np.random.default_rng(seed)
    bound = 1 << bound_bits
    drawn = rng.integers(0, bound, size=int(rng.integers(0, 3000)), dtype=np.int64)
    key = rng.permutation(np.unique(drawn))  # distinct, in no order
    expected = np.argsort(key).tolist()
    assert order_of_distinct(key.copy(), bound).tolist() == expected


def test_midpoints_are_half_the_sum_even_beyond_the_largest_float():
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=1000) * 10.0 ** rng.integers(-300, 300, 1000), rng.normal(size=1000)
    assert midpoint(a, b).tolist() == ((a + b) / 2).tolist()  # the same bits where it fits
    big = np.array([1.7e308, -1.79e308, 1.79e308])
    halves = [1.7e308 / 2 + 1.79e308 / 2, -1.79e308, 1.79e308 / 2 + 1.7e308 / 2]
    assert midpoint(big, big[::-1]).tolist() == halves


@pytest.mark.parametrize("algorithm", ["c45", "cart", "oblique"])
def test_adjacent_floats_are_cut_where_routing_parts_them(algorithm):
    """Halfway between 1 + 2^-52 and 1 + 2^-51 rounds up to the larger: routing (≤ t) sent
    every row left, and the same split repeated below it, a chain to max_depth (forever
    without one). The cut is the smaller value there: one split, two pure leaves."""
    a = np.nextafter(1.0, 2.0)
    b = np.nextafter(a, 2.0)
    assert (a + b) / 2 == b
    assert midpoint(np.array([a]), np.array([b])).tolist() == [a]
    X = pd.DataFrame({"x": [a, b, a, b]})
    trace = DecisionTree(algorithm).fit(X, pd.Series(list("pqpq"))).trace_
    assert len(trace.nodes) == 3
    assert trace.nodes[0].decision.threshold == a
    assert [n.decision.stop for n in trace.nodes[1:]] == ["pure", "pure"]


def test_a_tree_of_values_near_the_largest_float_writes_its_json():
    X = pd.DataFrame({"a": [1.7e308, 1.75e308, -1.7e308, 1.0, 1.79e308, -1.79e308]})
    y = pd.Series(list("ababab"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # kind inference said "overflow"
        assert is_id_like(pd.Series([1e308, -1e308, 5e307, 3.0]))  # whole, all distinct
        for algorithm in ("c45", "cart"):
            trace = DecisionTree(algorithm).fit(X, y).trace_
            assert np.isfinite(trace.nodes[0].decision.threshold)
            json.loads(trace.to_json())  # an inf threshold made the JSON fail


def test_squares_of_counts_are_exact_whatever_their_type():
    counts = np.array([0, 3, 46340, 2**31 - 1], dtype=np.int32)
    squared = _square(counts)
    assert squared.dtype == np.int64
    assert squared.tolist() == [int(c) ** 2 for c in counts.tolist()]
    assert counts.tolist() == [0, 3, 46340, 2**31 - 1]  # the counts themselves are left alone


def _plogp_masked(p: np.ndarray) -> np.ndarray:
    """The plain definition: log2 only where p > 0, 0 elsewhere, times p."""
    out = np.zeros(np.shape(p))
    np.log2(p, out=out, where=p > 0)
    out *= p
    return out


@pytest.mark.parametrize("size", [1, 7, 16, 33, 1000, 100_003])
def test_plogp_gives_the_masked_definitions_bits(size):
    from dtree_core.criteria import plogp

    rng = np.random.default_rng(size)
    counts = rng.integers(0, 7, size=(size, 3)).astype(float)
    p = counts / np.maximum(counts.sum(axis=1, keepdims=True), 1.0)
    flat = p.ravel()
    flat[rng.random(flat.size) < 0.05] = rng.choice([0.0, -0.0, np.nan, 5e-324, 1.0])
    for q in (p, p[::2], p[:, 1:], flat[1:]):
        assert plogp(q).view(np.int64).tolist() == _plogp_masked(q).view(np.int64).tolist()


def test_shares_are_zero_where_the_total_is_not_positive_and_warn_of_nothing():
    from dtree_core.criteria import _shares

    counts = np.array([[1.0, 2.0, 0.0], [0.0, 0.0, 0.0], [np.nan, 1.0, 1.0]])
    totals = np.array([[3.0], [0.0], [np.nan]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        shares = _shares(counts, totals)
    assert shares.tolist() == [[1 / 3, 2 / 3, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    assert _shares(np.array(2.0), np.array(0.0)).shape == ()



def test_a_nodes_chosen_score_row_reads_the_split_its_decision_holds():
    """The chosen attribute's row builds its branches from the node's own split record (its
    children's branch conditions), not from a second record of the same cut (a deep chain's
    dict built each twice)."""
    X = pd.DataFrame({"x": np.arange(40) + 0.5, "z": np.arange(40) % 7 + 0.25})
    trace = DecisionTree("c45").fit(X, pd.Series(np.arange(40) % 2).map(str)).trace_
    splits = [node for node in trace.nodes if not node.is_leaf]
    assert splits
    for node in splits:
        split = node.scores.chosen_split
        assert split.attribute == node.decision.attribute
        assert [trace.nodes[c].branch for c in node.children] == list(split.conditions())
        assert all(trace.nodes[c].branch is b for c, b in zip(node.children, split.conditions(),
                                                               strict=True))


def _curves(level) -> list:
    return [{k: v.tolist() for k, v in s.curve.items()} if s.curve else None
            for s in level.scores]


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
@pytest.mark.parametrize("seed", range(4))
def test_a_level_kept_as_a_node_per_row_rescores_to_the_same_bits(algorithm, seed):
    enc = _enc(seed, 400)
    batch, used = _batch(enc, seed)
    shuffled = np.random.default_rng(seed).permutation(len(batch.rows))  # not row order
    batch = Batch(batch.rows[shuffled], batch.weight[shuffled], batch.node[shuffled],
                  batch.n_nodes)
    level = score_level(enc, batch, used, Options.build(algorithm=algorithm).rules, 8)
    assert level._stored.rows is None  # 70% of the rows, each once, of weight 1
    table, curves = level.table(), _curves(level)
    counts = [s.branch_counts.copy() for s in level.scores]
    level.release()  # the next read rescores from the stored entries, now in row order
    assert level._stored.batch().rows.tolist() == sorted(batch.rows.tolist())
    for f in SCORE_FIELDS:
        assert np.array_equal(table[f], level.table()[f], equal_nan=True), f
    assert _curves(level) == curves
    assert all(np.array_equal(a, s.branch_counts) for a, s in zip(counts, level.scores,
                                                                   strict=True))


def test_a_level_with_weights_or_a_row_twice_keeps_its_entries():
    enc = _enc(1, 400)
    rules = Options.build(algorithm="c45").rules
    used = np.zeros((2, len(enc.attributes)), dtype=bool)
    rows = np.arange(300)
    twice = Batch(np.concatenate([rows, rows]), np.ones(600), np.repeat([0, 1], 300), 2)
    weighted = Batch(rows, np.full(300, 0.5), np.zeros(300, dtype=np.int64), 1)
    for batch in (twice, weighted):
        stored = score_level(enc, batch, used[:batch.n_nodes], rules, 8)._stored
        assert stored.rows is not None
        again = stored.batch()
        assert again.rows.tolist() == batch.rows.tolist()
        assert again.weight.tolist() == batch.weight.tolist()


@pytest.mark.parametrize("seed", range(12))
def test_sorted_counts_is_bincount_for_sorted_ids(seed):
    rng = np.random.default_rng(seed)
    m = int(rng.integers(1, 40))
    n = int(rng.choice([0, 3, 30, 20000]))  # few ids, and many more than 8·m: both ways
    ids = np.sort(rng.integers(0, m, n))
    counts = sorted_counts(ids, m)
    assert counts.dtype == np.intp
    assert counts.tolist() == np.bincount(ids, None, m).tolist()


def test_a_kept_level_collected_while_the_lock_is_held_does_not_wait_for_itself():
    """A kept level's finaliser takes the levels' lock; a garbage collection set off inside
    a block holding that lock (any allocation there may start one) runs the finaliser in
    the same thread."""
    enc = _enc(0)
    batch, used = _batch(enc, 0)
    with growing():
        level = score_level(enc, batch, used, Options.build(algorithm="c45").rules, 8)
    assert level._kept is not None
    level.itself = level  # a cycle: only the collector frees it
    del level
    done = threading.Event()

    def collect_holding_the_lock():
        with scoretable._LIVE_LOCK:
            gc.collect()
        done.set()

    threading.Thread(target=collect_holding_the_lock, daemon=True).start()
    assert done.wait(20), "the finaliser waited for a lock its own thread held"


@pytest.mark.parametrize("n_classes", [2, 3, 5])
@pytest.mark.parametrize("seed", range(3))
def test_a_sides_last_class_from_its_count_is_the_gathered_one(n_classes, seed):
    """With every weight 1, the last class's weight left of a midpoint is the side's count
    less the other classes' (no gather): the same whole numbers as gathered."""
    rng = np.random.default_rng(seed)
    n = 300
    X = pd.DataFrame({"x": rng.choice([0.5, 1.0, 2.0, 3.5, np.nan], n)})
    y = pd.Series(rng.integers(0, n_classes, n)).map(lambda c: f"c{c}")
    enc = encode(X, y, {"x": "continuous"})
    m = 4
    batch = Batch(np.arange(n), np.ones(n), np.sort(rng.integers(0, m, n)), m)
    s = _sort_batch(enc, [0], batch)
    known = np.flatnonzero(s.known if s.known is not None else np.ones(n, dtype=bool))
    pos = known[known < n - 1]
    node = s.node.take(pos)
    count = pos + 1 - s.starts.take(node)
    gathered, derived = s.left(pos, node), s.left(pos, node, count)
    assert len(gathered) == len(derived) == len(enc.classes)
    for a, b in zip(gathered, derived, strict=True):
        assert np.array_equal(a, b)


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_a_thinned_curve_keeps_every_threshold_tied_with_the_best(algorithm):
    """600 rows with one class at both ends: the cuts after the first row and before the last
    score the same, 599 midpoints apart. The curve is thinned to ~256 points (every third
    midpoint, which leaves out the last one), yet both ties are on it, the rule took the
    smaller t, and tied_thresholds reads both back."""
    from dtree_core.splitting import tied_thresholds

    n = 600
    X = pd.DataFrame({"x": np.arange(n) + 0.5})
    y = pd.Series(np.where((np.arange(n) == 0) | (np.arange(n) == n - 1), "a", "b"))
    trace = DecisionTree(algorithm).fit(X, y).trace_
    root = trace.to_dict()["nodes"][0]
    row = next(r for r in root["scores"] if r["chosen"])
    assert len(row["curve"]["threshold"]) < n - 1  # thinned
    by_gini = algorithm == "cart"
    assert tied_thresholds(row["curve"], by_gini) == [1.0, n - 1.0]
    assert root["decision"]["threshold"] == 1.0


def test_tied_thresholds_are_none_without_a_tie_or_a_curve():
    from dtree_core.splitting import tied_thresholds

    curve = {"threshold": [1.5, 2.5, 3.5], "gain": [0.1, 0.3, 0.2],
             "gini_index": [0.4, 0.2, 0.2]}
    assert tied_thresholds(curve, by_gini=False) == [2.5]
    assert tied_thresholds(curve, by_gini=True) == [2.5, 3.5]
    assert tied_thresholds(None, by_gini=False) == []


def test_other_tied_thresholds_tie_the_rows_own_t_not_just_the_curves_best():
    """A t forced by hand below the best: the curve's best midpoints tie each other, not t,
    so none is named as tying it (the node panel, the worked solution and the checks read
    this)."""
    from dtree_core.splitting import other_tied_thresholds

    curve = {"threshold": [1.5, 2.5, 3.5], "gain": [0.1, 0.3, 0.3],
             "gini_index": [0.4, 0.2, 0.2]}
    best = {"kind": "continuous", "threshold": 2.5, "curve": curve}
    assert other_tied_thresholds(best, "gain") == [3.5]
    assert other_tied_thresholds(best, "gini_index") == [3.5]
    forced = {**best, "threshold": 1.5}
    assert other_tied_thresholds(forced, "gain") == []
    assert other_tied_thresholds(forced, "gini_index") == []
