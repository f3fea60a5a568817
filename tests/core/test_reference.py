"""The level-wise grower records exactly the trace of the recursive TreeGenerate (Fig. 4.2)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dtree_core import algorithms
from dtree_core.data import encode, resolve_kinds
from dtree_core.decide import TIE_BREAKS
from dtree_core.growing import grow
from dtree_core.options import Options
from dtree_core.reference import tree_generate
from tests.conftest import xy


@st.composite
def datasets(draw):
    n = draw(st.integers(1, 28))
    columns, kinds = {}, {}
    for j in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            values = draw(st.lists(st.sampled_from(["a", "b", "c", "d", None]), min_size=n,
                                   max_size=n))
            columns[f"n{j}"], kinds[f"n{j}"] = values, "nominal"
        else:
            values = draw(st.lists(st.one_of(st.sampled_from([0.5, 1.0, 2.25, 3.0]),
                                             st.just(np.nan)), min_size=n, max_size=n))
            columns[f"c{j}"], kinds[f"c{j}"] = values, "continuous"
    y = draw(st.lists(st.sampled_from(["yes", "no", "maybe"]), min_size=n, max_size=n))
    if len(set(y)) < 2:
        y = ["yes", "no"] * n
        y = y[:n] if n >= 2 else ["yes"]
    # sample weights, zeros among them (a row of weight 0 reaches no node, the root's neither)
    weights = draw(st.one_of(st.none(), st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0]),
                                                 min_size=n, max_size=n)))
    return pd.DataFrame(columns), pd.Series(y, name="y"), kinds, weights


@st.composite
def options(draw, X):
    force = ()
    if draw(st.booleans()):
        force = ((f"root={draw(st.sampled_from(list(X.columns)))}"),)
    return Options.build(
        algorithm=draw(st.sampled_from(algorithms.keys())),
        max_depth=draw(st.one_of(st.none(), st.integers(0, 3))),
        min_samples_split=draw(st.integers(1, 5)),
        min_gain=draw(st.sampled_from([0.0, 0.05])),
        min_branch_weight=draw(st.sampled_from([None, 1.0, 2.0])),
        tie_break=draw(st.sampled_from(TIE_BREAKS)), seed=draw(st.integers(0, 3)),
        force=force, force_missing="skip", curve_points=draw(st.sampled_from([2, 256])))


def both_traces(X, y, kinds, opts, weights=None):
    enc = encode(X, y, kinds, weights)
    return grow(enc, opts, "y").to_json(), tree_generate(enc, opts, "y").to_json()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fast_grower_records_the_reference_trace(data):
    X, y, kinds, weights = data.draw(datasets())
    if y.nunique() < 2 or weights is not None and not any(weights):
        return
    opts = data.draw(options(X))
    fast, reference = both_traces(X, y, kinds, opts, weights)
    assert fast == reference


def test_reference_reproduces_the_books_trees(wm2, wm3):
    for (X, y), algorithm in [(wm2, "id3"), (wm2, "c45"), (wm3, "cart"),
                              (xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"]), "c45")]:
        kinds = resolve_kinds(X)
        for opts in (Options(algorithm), Options(algorithm, max_depth=1)):
            fast, reference = both_traces(X, y, kinds, opts)
            assert fast == reference


def test_every_line_of_the_figure_that_acts_has_code():
    from dtree_core.reference import code_of_lines

    code = code_of_lines()
    for line in ("1", "2", "3", "5", "6", "8", "9", "10", "11", "12", "14"):
        assert code.get(line) and all(code[line]), line
    assert any("choose(" in c for c in code["8"])
