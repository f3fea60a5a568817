"""A CART row's Gini_index and its gini_index_binary are one number: the split is the best
partition. They were summed in two orders and could differ in the last bit (play tennis's
root, Temperature: 0.4428571428571429 against 0.4428571428571428), on 216 rows of the
shared datasets."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from dtree_core import DecisionTree

DATASETS = Path(__file__).resolve().parents[3] / "shared" / "datasets"


@pytest.mark.parametrize(("name", "target"), [("play_tennis.csv", "PlayTennis"),
                                              ("watermelon_2.0_alpha.csv", "好瓜"),
                                              ("watermelon_3.0.csv", "好瓜")])
def test_cart_rows_write_one_gini_index(name, target):
    frame = pd.read_csv(DATASETS / name)
    X = frame.drop(columns=[target, *[c for c in frame.columns if c in ("编号", "Day")]])
    trace = DecisionTree("cart").fit(X, frame[target]).trace_.to_dict()
    rows = [r for n in trace["nodes"] for r in n["scores"]]
    assert rows
    assert all(r["gini_index_binary"] == r["gini_index"] for r in rows)
