"""The compiled kernels (dtree_core.kernels) stand in for numpy code and must give its bits:
the scan of a column's sorted rows grouped by node, and each node's first best position
while growing. Each test checks the kernel was taken, then compares with the numpy way, on
the scores of one depth and on whole traces (ties between values and between gains, many
classes, several depths, CART and C4.5)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_batch_invariance import _node_view, _same
from test_every_position import _nodes, _numbers
from test_partition_search import assert_same, nodes

from dtree_core import DecisionTree, kernels, splitting
from dtree_core.counting import column_sort
from dtree_core.data import dense_rank, encode
from dtree_core.paths import node_key
from dtree_core.splitting import (
    EXACT_PARTITION_LIMIT,
    Batch,
    _best_partition,
    growing,
    partition_bound,
    score_continuous_together,
)
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(not kernels.load(), reason="numba is not installed")


@pytest.fixture
def every_batch(monkeypatch):
    """Each kernel's calls counted by name (loaded by pytestmark: taken whatever the size)."""
    calls = []
    for name in ("group_sorted_rows", "best_positions", "best_subsets", "count_cells"):
        real = getattr(kernels, name)
        monkeypatch.setattr(kernels, name,
                            lambda *a, _real=real, _name=name: calls.append(_name) or _real(*a))
    return calls


def _scores_both_ways(enc, batch, by_gini):
    with growing():
        compiled = score_continuous_together(enc, [0, 1], batch, by_gini, 3)
    with kernels.enabled(False), growing():
        plain = score_continuous_together(enc, [0, 1], batch, by_gini, 3)
    return compiled, plain


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("by_gini", [False, True])
def test_a_depth_scores_the_same_bits(seed, by_gini, every_batch):
    enc = _numbers(seed, 400, 2 + seed % 4)
    batch = _nodes(seed, enc.n_rows, 2 + 3 * seed)
    compiled, plain = _scores_both_ways(enc, batch, by_gini)
    assert {"group_sorted_rows", "best_positions"} <= set(every_batch)
    for j in (0, 1):
        for i in range(batch.n_nodes):
            _same(_node_view(compiled[j], i), _node_view(plain[j], i), f"column {j} node {i}")


@pytest.mark.parametrize("by_gini", [False, True])
def test_tied_gains_take_the_first_position(by_gini, every_batch):
    # classes alternate in pairs (a a b b a a b b …): many positions score alike, so the
    # rule's first best (within the tie margin) decides
    n = 64
    X = pd.DataFrame({"x": np.arange(n, dtype=float), "z": np.arange(n, 0, -1, dtype=float)})
    y = pd.Series(np.array(["a", "a", "b", "b"])[np.arange(n) % 4], name="y")
    from dtree_core.data import encode

    enc = encode(X, y, {"x": "continuous", "z": "continuous"})
    whole = Batch(np.arange(n), np.ones(n), np.zeros(n, dtype=np.int64), 1)
    compiled, plain = _scores_both_ways(enc, whole, by_gini)
    assert "best_positions" in every_batch
    for j in (0, 1):
        _same(_node_view(compiled[j], 0), _node_view(plain[j], 0), f"column {j}")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 300), n_nodes=st.integers(2, 9),
       digits=st.integers(0, 2), signed_zeros=st.booleans())
def test_the_sort_finds_where_values_step_up_without_gathering_them(seed, n, n_nodes, digits,
                                                                    signed_zeros):
    """The kernel's scan tells where a node's sorted values step up from the column's runs
    of equal values (Encoded.run_starts): the same steps as comparing the gathered values
    (−0.0 and 0.0 one value), the values themselves read only where asked."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n).round(digits)
    if signed_zeros:
        x[rng.random(n) < 0.3] = rng.choice([0.0, -0.0])
    X = pd.DataFrame({"x": x, "z": rng.integers(0, 3, n).astype(float)})
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]  # two classes at least: a target of one is refused
    enc = encode(X, pd.Series(y.astype(str), name="y"), {"x": "continuous", "z": "continuous"})
    batch = _nodes(seed, n, n_nodes)
    sorts = {}
    for on in (True, False):
        with kernels.enabled(on):
            sorts[on] = splitting._sort_batch(enc, [0, 1], Batch(batch.rows, batch.weight,
                                                               batch.node, batch.n_nodes))
    found, plain = sorts[True], sorts[False]
    assert found.step is not None and plain.step is None
    assert isinstance(found.value, splitting._LazyValues) and found.value.whole is None
    expected = plain.value[:-1] < plain.value[1:]
    last = plain.starts[1:] - 1
    expected[last[(last >= 0) & (last < len(expected))]] = False
    assert found.step[:-1].tolist() == expected.tolist()
    assert not found.step[-1]
    pos = np.arange(len(plain.order))[::3]
    assert found.value[pos].tobytes() == plain.value[pos].tobytes()
    assert found.value.all().tobytes() == plain.value.tobytes()


def test_a_column_with_unknown_values_is_gathered_as_before(every_batch):
    """Where a stacked column has unknown values, no steps come from the sort: every
    column's values are gathered, and the scores are numpy's."""
    rng = np.random.default_rng(3)
    X = pd.DataFrame({"x": rng.normal(size=200).round(1), "z": rng.normal(size=200)})
    X.loc[rng.random(200) < 0.2, "z"] = np.nan
    enc = encode(X, pd.Series(rng.integers(0, 3, 200).astype(str), name="y"),
                 {"x": "continuous", "z": "continuous"})
    assert enc.run_starts[0] is not None and enc.run_starts[1] is None
    batch = _nodes(3, 200, 5)
    with kernels.enabled(True):
        sort = splitting._sort_batch(enc, [0, 1], batch)
    assert sort.step is None and isinstance(sort.value, np.ndarray)
    compiled, plain = _scores_both_ways(enc, _nodes(3, 200, 5), False)
    for j in (0, 1):
        for i in range(batch.n_nodes):
            _same(_node_view(compiled[j], i), _node_view(plain[j], i), f"column {j} node {i}")


def test_a_forced_cut_below_the_root_reads_the_values_it_asks_for():
    """A threshold forced at a depth of several nodes is matched against the midpoints of
    values the sort did not gather (read where asked): the same trace both ways."""
    X, y = _table(11, 400, 3, 1)
    kinds = {"nominal": ["c"], "continuous": ["x0", "x1", "x2"]}
    first = DecisionTree("cart", max_depth=2, **kinds).fit(X, y).trace_.to_dict()
    child = first["nodes"][1]
    assert first["nodes"][0]["children"] and child["decision"]["kind"] == "split"
    row = next(r for r in child["scores"] if r["attribute"] == "x2")
    thresholds = row["curve"]["threshold"]
    force = [f"{node_key(first, 1)}=x2@{thresholds[len(thresholds) // 2]!r}"]
    digests = []
    for on in (True, False):
        with kernels.enabled(on):
            model = DecisionTree("cart", max_depth=3, force=force, **kinds).fit(X, y)
        digests.append(_trace_digest(model))
        assert model.trace_.to_dict()["nodes"][1]["decision"]["forced"]
    assert digests[0] == digests[1]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 400), n_nodes=st.integers(1, 7),
       n_values=st.sampled_from([2, 5, 200, 40_000]), unknown=st.booleans())
def test_nominal_cells_are_counted_alike(seed, n, n_nodes, n_values, unknown):
    """The compiled count of (node, value + 1, class) cells is numpy's bincount of them, for
    each type of code a nominal column has (int8, int16, int32), unknown values (-1) at 0."""
    rng = np.random.default_rng(seed)
    code = np.int8 if n_values < 120 else np.int16 if n_values < 30_000 else np.int32
    column = rng.integers(-1 if unknown else 0, n_values, 2 * n).astype(code)
    rows = rng.choice(2 * n, n, replace=False).astype(np.int64)
    node = rng.integers(0, n_nodes, n).astype(np.int64)
    y = rng.integers(0, 3, n).astype(np.int32)
    counted = np.zeros((n_nodes, n_values + 1, 3), dtype=np.int64)
    kernels.count_cells(column, rows, node, y, counted)
    cell = (node * (n_values + 1) + column.take(rows) + 1) * 3 + y
    expected = np.bincount(cell, None, counted.size).reshape(counted.shape)
    assert counted.tolist() == expected.tolist()


def test_a_stack_of_nominal_attributes_scores_the_same_bits(every_batch):
    """Several nominal attributes of a depth counted by the kernel, each into its block:
    the same scores as numpy's counts, for CART's two-way and C4.5's multiway splits."""
    rng = np.random.default_rng(5)
    n = 500
    X = pd.DataFrame({f"a{j}": rng.choice([f"v{i}" for i in range(3 + j)], n) for j in range(4)})
    X.loc[rng.random(n) < 0.1, "a1"] = np.nan
    enc = encode(X, pd.Series(rng.integers(0, 3, n).astype(str), name="y"),
                 {c: "nominal" for c in X})
    batch = _nodes(5, n, 6)
    for binary in (True, False):
        found = {}
        for on in (True, False):
            with kernels.enabled(on), growing():
                found[on] = splitting.score_nominal_together(enc, [0, 1, 2, 3], batch, binary)
        for compiled, plain in zip(found[True], found[False], strict=True):
            assert compiled.branch_counts.tobytes() == plain.branch_counts.tobytes()
            assert compiled.unknown.tobytes() == plain.unknown.tobytes()
            for name, value in plain.scores.items():
                assert compiled.scores[name].tobytes() == value.tobytes(), name
    assert "count_cells" in every_batch


def _trace_digest(model) -> str:
    digest = hashlib.sha1()
    for part in model.trace_.iter_json():
        digest.update(part.encode())
    return digest.hexdigest()


def _table(seed: int, n: int, n_classes: int, digits: int):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({f"x{j}": rng.normal(size=n).round(digits) for j in range(3)})
    X["c"] = rng.choice(["p", "q", "r"], size=n)
    y = rng.integers(0, n_classes, size=n)
    y[:2] = [0, 1]  # two classes at least: a target of one is refused
    return X, pd.Series(y.astype(str), name="y")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 600), n_classes=st.integers(2, 5),
       digits=st.integers(0, 3), algorithm=st.sampled_from(["c45", "cart", "id3"]))
def test_whole_traces_are_the_same_bytes(seed, n, n_classes, digits, algorithm):
    X, y = _table(seed, n, n_classes, digits)
    kinds = {"nominal": ["c"], "continuous": ["x0", "x1", "x2"]}
    digests = []
    for on in (True, False):
        with kernels.enabled(on):  # loaded (pytestmark): taken whatever the size
            model = DecisionTree(algorithm, max_depth=6, **kinds).fit(X, y)
        digests.append(_trace_digest(model))
    assert digests[0] == digests[1]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(50, 800), n_classes=st.integers(2, 4),
       digits=st.integers(0, 2), unknown=st.booleans(),
       algorithm=st.sampled_from(["c45", "cart", "id3"]))
def test_every_depth_sorted_from_its_parents_sorts_is_the_same_bytes(seed, n, n_classes, digits,
                                                                     unknown, algorithm):
    """Below the first depths each depth groups its parent depth's sorted rows by child
    (Batch.parent_sorts): grown to full depth, with some unknown values sent down every
    branch (copies, which leave the parent's sorts unread), the trace is numpy's."""
    X, y = _table(seed, n, n_classes, digits)
    if unknown:
        X.loc[np.random.default_rng(seed).random(n) < 0.05, "x1"] = np.nan
    kinds = {"nominal": ["c"], "continuous": ["x0", "x1", "x2"]}
    digests = []
    for on in (True, False):
        with kernels.enabled(on):
            digests.append(_trace_digest(DecisionTree(algorithm, **kinds).fit(X, y)))
    assert digests[0] == digests[1]


def test_a_child_depth_groups_its_parents_sorted_rows(monkeypatch):
    """A depth's compiled sort reads the rows its parent depth sorted (fewer, once some
    node is a leaf), not only each column's whole sorted order (Encoded.sorts: every row),
    down to batches below SCAN_SHARE's share of the rows."""
    given_rows = []
    real = kernels.group_sorted_rows
    monkeypatch.setattr(kernels, "group_sorted_rows",
                        lambda rows, *a: given_rows.append(rows) or real(rows, *a))
    X, y = _table(7, 3000, 3, 2)
    DecisionTree("c45", nominal=["c"], continuous=["x0", "x1", "x2"]).fit(X, y)
    from_parents = [rows for rows in given_rows if len(rows) < 3000]
    assert from_parents and len(from_parents) < len(given_rows)
    assert min(len(rows) for rows in from_parents) < 3000 / splitting.SCAN_SHARE


def test_a_whole_tree_takes_both_kernels(every_batch):
    X, y = _table(7, 3000, 3, 2)
    DecisionTree("c45", nominal=["c"], continuous=["x0", "x1", "x2"]).fit(X, y)
    assert {"group_sorted_rows", "best_positions"} <= set(every_batch)


def test_switched_off_the_numpy_code_runs(every_batch):
    X, y = _table(7, 3000, 3, 2)
    with kernels.enabled(False):
        DecisionTree("c45", nominal=["c"], continuous=["x0", "x1", "x2"]).fit(X, y)
    assert every_batch == []


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.sampled_from([0.0, -0.0, 1.5, -2.0, 3.25, np.nan, np.inf]) |
                       st.floats(-4, 4, width=16), max_size=300),
       repeat=st.integers(1, 40))
def test_a_column_sorts_to_the_same_place_and_order(values, repeat):
    # few distinct values repeated: long runs of ties (past the insertion sort's length) and
    # short ones, NaN last, -0.0 equal to 0.0
    column = np.tile(np.array(values, dtype=float), repeat)
    column[np.isinf(column)] = np.nan  # as encode_continuous leaves an infinite value
    compiled = kernels.column_sort(column)
    plain = column_sort(dense_rank(column), column)
    assert np.array_equal(compiled.order, plain.order)
    assert np.array_equal(compiled.place, plain.place)
    assert compiled.nan_rank == plain.nan_rank
    assert compiled.order.dtype == plain.order.dtype and not compiled.order.flags.writeable


def test_a_big_column_is_sorted_by_the_kernel(monkeypatch):
    calls = []
    real = kernels.column_sort
    monkeypatch.setattr(kernels, "column_sort", lambda c: calls.append(len(c)) or real(c))
    X, y = _table(3, 500, 2, 1)
    DecisionTree("c45", nominal=["c"], continuous=["x0", "x1", "x2"]).fit(X, y)
    assert calls == [500, 500, 500]


_AFTER_LOAD = """
import numpy as np
import pandas as pd
from dtree_core import DecisionTree, kernels
kernels.load()
signatures = {name: len(k.signatures) for name, k in kernels._compiled.items()}
rng = np.random.default_rng(5)
X = pd.DataFrame({f"x{j}": rng.normal(size=400).round(1) for j in range(3)})
X["x0"] = X["x0"].where(X["x0"] > -1)  # an unknown value: a column copied, not read in place
X["c"] = rng.choice(["p", "q", "r"], size=400)
y = pd.Series(rng.integers(0, 3, size=400).astype(str), name="y")
for algorithm in ("id3", "c45", "cart"):
    DecisionTree(algorithm, nominal=["c"], continuous=["x0", "x1", "x2"]).fit(X, y)
print({name: len(k.signatures) for name, k in kernels._compiled.items()} == signatures)
"""


def test_a_fit_after_load_compiles_nothing_more():
    # load()'s sample arguments have the types a fit passes: a kernel met with another type
    # would be compiled again in the middle of the fit (seconds). A fresh process: in this
    # one, earlier tests' fits have compiled whatever they met.
    done = subprocess.run([sys.executable, "-c", _AFTER_LOAD], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "DTREE_KERNELS": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"]


def _partitions_both_ways(by_value, text_rank, hopeless=None, weighted=None):
    weighted = by_value.any(axis=2) if weighted is None else weighted
    compiled = _best_partition(by_value, text_rank, weighted, hopeless)
    with kernels.enabled(False):
        plain = _best_partition(by_value, text_rank, weighted, hopeless)
    return compiled, plain


@settings(max_examples=150, deadline=None)
@given(case=nodes())
def test_cart_partitions_are_the_same_bits(case):
    by_value, text_rank = case
    assert_same(*_partitions_both_ways(by_value, text_rank))


@settings(max_examples=60, deadline=None)
@given(case=nodes(), beat=st.floats(0.0, 0.5))
def test_hopeless_nodes_are_left_to_first_against_rest_alike(case, beat):
    by_value, text_rank = case
    m = len(by_value)
    hopeless = partition_bound(by_value, np.zeros(m), by_value.sum(axis=2), np.full(m, beat))
    assert_same(*_partitions_both_ways(by_value, text_rank, hopeless))


def test_a_stack_of_attributes_each_with_its_text_order(every_batch):
    rng = np.random.default_rng(3)
    by_value = rng.integers(0, 3, (40, 6, 3)).astype(float)  # small counts: many ties
    text_rank = np.stack([rng.permutation(6) for _ in range(4)])  # 4 attributes, 10 nodes each
    assert_same(*_partitions_both_ways(by_value, text_rank))
    assert "best_subsets" in every_batch


@pytest.mark.parametrize("weight", [1e-200, 1e200])
def test_extreme_weights_are_left_to_numpy(weight, monkeypatch):
    answers = []
    real = kernels.best_subsets
    monkeypatch.setattr(kernels, "best_subsets", lambda *a: answers.append(real(*a)) or False)
    by_value = np.array([[[1.0, 2.0], [3.0, 0.0], [0.0, 5.0]]]) * weight
    assert_same(*_partitions_both_ways(by_value, np.arange(3)))
    assert answers == [False]  # the kernel declined: numpy's formula for such sides


@settings(max_examples=100, deadline=None)
@given(case=nodes(), seed=st.integers(0, 2**32 - 1), beat=st.floats(0.0, 0.5))
def test_values_with_entries_but_no_weight_change_no_bit(case, seed, beat):
    """weighted as the grower passes it (n_by_value > 0): also values whose entries all weigh
    0 (`first` among them, at some nodes every value), beside hopeless nodes."""
    by_value, text_rank = case
    m, k = by_value.shape[:2]
    rng = np.random.default_rng(seed)
    by_value[rng.random(m) < 0.1] = 0.0  # nodes with entries and no weight at all
    weighted = by_value.any(axis=2) | (rng.random((m, k)) < rng.random())
    hopeless = partition_bound(by_value, np.zeros(m), by_value.sum(axis=2), np.full(m, beat))
    assert_same(*_partitions_both_ways(by_value, text_rank, hopeless, weighted))


@pytest.mark.parametrize("seed", range(3))
def test_many_nodes_of_ten_values_in_every_group(seed):
    """k = EXACT_PARTITION_LIMIT at thousands of nodes: numpy searches them in groups by
    their count of values (padded, d < k), the kernel node by node; hopeless nodes among
    them, and four attributes stacked."""
    rng = np.random.default_rng(seed)
    m, k = 2400, EXACT_PARTITION_LIMIT
    by_value = rng.integers(0, 3 + 20 * seed, (m, k, 2 + seed)).astype(float)
    by_value[rng.random((m, k)) < rng.random((m, 1))] = 0.0  # every count of values
    text_rank = np.stack([rng.permutation(k) for _ in range(4)])
    weighted = by_value.any(axis=2) | (rng.random((m, k)) < 0.02)
    hopeless = partition_bound(by_value, np.zeros(m), by_value.sum(axis=2),
                               rng.random(m) * 0.2)
    assert 0 < hopeless.sum() < m
    assert_same(*_partitions_both_ways(by_value, text_rank, hopeless, weighted))


@pytest.fixture
def subsets_answers(monkeypatch):
    """kernels.best_subsets' answers (True: its results are taken), in order."""
    answers = []
    real = kernels.best_subsets

    def answering(*args):
        answers.append(real(*args))
        return answers[-1]
    monkeypatch.setattr(kernels, "best_subsets", answering)
    return answers


def test_a_heavy_node_without_a_heavy_side_is_searched(subsets_answers):
    # the node weighs more than HUGE_WEIGHT but no two-sided partition has a side that does:
    # numpy's _beyond_squares looks at two-sided candidates only, and so must the kernel
    by_value = np.array([[[0.5, 0.3], [0.2, 0.6]], [[1.0, 2.0], [3.0, 0.0]]])
    by_value[0] *= 1e150  # sides of 8e149: the node's whole is the one candidate past it
    assert_same(*_partitions_both_ways(by_value, np.arange(2)))
    assert subsets_answers == [True]


@pytest.mark.parametrize("weight", [1e-200, 1e200])
def test_an_extreme_hopeless_node_is_left_to_numpy(weight, subsets_answers):
    # {first} against the rest is scored by the kernel too: past the bounds it declines
    by_value = np.array([[[1.0, 2.0], [3.0, 0.0], [0.0, 5.0]],
                         [[1.0, 2.0], [3.0, 0.0], [0.0, 5.0]]])
    by_value[1] *= weight
    hopeless = np.array([False, True])
    assert_same(*_partitions_both_ways(by_value, np.arange(3), hopeless))
    assert subsets_answers == [False]


# numba's probe of a cache directory (a temporary file in it) failing everywhere, as on a
# read-only install whose user has no writable home
_READ_ONLY = """
import tempfile
def refused(*args, **kwargs):
    raise PermissionError(30, "Read-only file system")
tempfile.TemporaryFile = refused
import numpy as np
from dtree_core import kernels
rows = np.array([2, 0, 1], dtype=np.int32)
run_start = np.ones(3, dtype=np.uint8)
run_start.flags.writeable = False
grouped, step = kernels.group_sorted_rows(rows, np.array([1, 0, 1], dtype=np.int32),
                                          np.array([0, 1]), run_start, 3)
print(grouped.tolist())
"""


def test_a_read_only_install_compiles_without_the_disk_cache():
    # numba refuses cache=True where it finds no writable directory: the kernels are then
    # compiled in the process, not a failed fit
    done = subprocess.run([sys.executable, "-c", _READ_ONLY], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[1,", "2,", "0]"]


# a CART tree of a small table whose depths search many (attribute, node) pairs of ten
# values: m·2^k candidates past SMALLEST_BATCH, a few hundred rows
_SMALL_CART = """
import sys
import numpy as np
import pandas as pd
from dtree_core import DecisionTree, kernels, splitting
searched = []
real = splitting._exact_partition
def counted(by_value, *args):
    searched.append(len(by_value) << by_value.shape[1])
    return real(by_value, *args)
splitting._exact_partition = counted
rng = np.random.default_rng(0)
X = pd.DataFrame({f"a{j}": rng.choice([f"v{i}" for i in range(10)], 300) for j in range(8)})
y = pd.Series(rng.choice(["p", "q"], 300), name="y")
DecisionTree("cart", nominal=list(X.columns), max_depth=6).fit(X, y)
print(max(searched) >= kernels.SMALLEST_BATCH, "numba" in sys.modules)
"""


def test_a_small_table_does_not_load_the_kernels():
    # loading costs about 0.4 s and 95 MB (3 s where nothing is cached), which a table of a
    # few hundred rows never repays, however many partitions its CART search scores
    done = subprocess.run([sys.executable, "-c", _SMALL_CART], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "DTREE_KERNELS": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]  # a big search, and numba not imported
