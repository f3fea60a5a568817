"""A leaf whose stop compared a score with the min gain (Li Hang's ε) said 'the largest' of
a score that min_branch_weight had left a larger one out of (watermelon 2.0, M = 6: 纹理's
g_R is 0.263, the compared 脐部's 0.187): the leaf's sentence now names the features left
out, as a split's sentence does, in either book's notation."""

from __future__ import annotations

import pandas as pd
import pytest

from dtree_core import DecisionTree, notation
from tests.conftest import dataset_path


@pytest.mark.parametrize("algorithm, min_gain, book", [("c45_lihang", 0.2, "lihang"),
                                                       ("id3", 0.3, "lihang"),
                                                       ("id3", 0.3, "zhou")])
def test_a_compared_leaf_names_the_features_min_branch_weight_left_out(
        monkeypatch, algorithm, min_gain, book):
    from ui import panel, state

    frame = pd.read_csv(dataset_path("watermelon_2.0.csv")).drop(columns=["编号"])
    X, y = frame.drop(columns=["好瓜"]), frame["好瓜"]
    tr = DecisionTree(algorithm, min_gain=min_gain, min_branch_weight=6).fit(X, y).trace_.to_dict()
    root = tr["nodes"][0]
    assert root["decision"]["kind"] == "leaf" and root["decision"]["picked"] == "脐部"
    rows = {r["attribute"]: r for r in root["scores"]}
    score = "gain_ratio" if algorithm == "c45_lihang" else "gain"
    # the compared score is not the largest of all: a left-out feature scores more
    assert rows["纹理"][score] > rows["脐部"][score] and not rows["纹理"]["eligible"]
    monkeypatch.setattr(state, "notation", lambda: notation.get(book))
    said = panel.why_text(tr, root, 3)
    left_out = [r["attribute"] for r in root["scores"] if not r["eligible"]]
    assert "Left out of the choice: " + ", ".join(left_out) in said, said
    assert "min branch weight" in said
