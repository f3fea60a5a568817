"""A fitted model's numbers are its own: growth reads a column of finite floats in place
(no copy at the peak) and copies it once done, so changing the caller's table after fit
changes nothing the model shows, even a depth it scores again on request."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from dtree_core import DecisionTree, scoretable
from dtree_core.data import encode_continuous


def test_a_column_of_finite_floats_is_read_in_place_and_read_only():
    series = pd.Series([0.5, 1.5, 2.5])
    values = encode_continuous(series)
    assert np.shares_memory(values, series.to_numpy()) and not values.flags.writeable


def test_unknown_and_infinite_values_are_copied_before_they_become_nan():
    series = pd.Series([0.5, np.inf, np.nan])
    values = encode_continuous(series)
    assert not np.shares_memory(values, series.to_numpy())
    assert np.isnan(values[1:]).all() and series[1] == np.inf


def test_changing_the_table_after_fit_changes_no_number_of_the_trace(wm3, monkeypatch):
    monkeypatch.setattr(scoretable, "KEEP_ENTRIES", 0)  # every depth rescored when read
    monkeypatch.setattr(scoretable, "LIVE_LEVELS", 0)
    X, y = wm3
    X = X.copy()
    assert X["密度"].dtype == np.float64
    before = json.dumps(DecisionTree("c45").fit(X, y).trace_.to_dict(), ensure_ascii=False)
    model = DecisionTree("c45").fit(X, y)
    for i in X.index:  # in place: the frame's own block is written
        X.loc[i, "密度"] = -X.loc[i, "密度"]
        X.loc[i, "含糖率"] = 1.0
    after = json.dumps(model.trace_.to_dict(), ensure_ascii=False)
    assert after == before
