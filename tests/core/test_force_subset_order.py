"""A forced path names a CART subset branch whatever order it lists the values in: TRACE.md
writes `attr in {v1,v2}`, and '纹理 in {模糊,稍糊}' was refused where the summary's
'纹理 in {稍糊,模糊}' grew (the tree lists values as the data first shows them)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.paths import canonical_path, path_keys

DATA = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "watermelon_3.0.csv"


@pytest.fixture(scope="module")
def melons():
    frame = pd.read_csv(DATA)
    return frame.drop(columns=["编号", "好瓜"]), frame["好瓜"]


@pytest.mark.parametrize("listed", ["纹理 in {稍糊,模糊}", "纹理 in {模糊,稍糊}"])
def test_either_order_forces_the_same_node(melons, listed):
    X, y = melons
    model = DecisionTree("cart", force={listed: "敲声"}).fit(X, y)
    trace = model.trace_.to_dict(scores=False)
    keys = path_keys(trace)
    forced = [n for n, k in zip(trace["nodes"], keys, strict=True)
              if k == canonical_path(listed)]
    assert len(forced) == 1
    assert forced[0]["decision"]["attribute"] == "敲声"
    assert not trace.get("unmatched_force")


def test_canonical_paths_sort_only_subsets():
    assert canonical_path("纹理 in {模糊,稍糊}/密度<=0.38150") == \
        canonical_path("纹理 in {稍糊,模糊}/密度<=0.3815")
    assert canonical_path("色泽=青绿/根蒂=蜷缩") == "色泽=青绿/根蒂=蜷缩"
