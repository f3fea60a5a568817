"""The held-out tree of the export page's rules: one function for every pruning method. A
method that prunes by validation rows carves them out of the split's training rows; every
held-out tree comes without score rows (the rules read only tests and counts)."""

from __future__ import annotations

import pytest

from dtree_core.options import Options
from tests.conftest import dataset_path
from ui import analysis

DATA = dataset_path("watermelon_2.0.csv").read_bytes()
ATTRIBUTES = ["色泽", "根蒂", "敲声", "纹理", "脐部", "触感"]


def choices(validation=None) -> dict:
    return {"target": "好瓜", "attributes": ATTRIBUTES, "sheet": None, "encoding": None,
            "validation": validation}


@pytest.mark.parametrize("prune", ["rep", "pre"])
def test_a_validated_method_grows_on_the_training_rows_less_its_validation_rows(prune):
    spec = {"source": "split", "share": 0.3, "seed": 1}
    options = Options.build(algorithm="id3", prune=prune)
    trace, X_test, y_test, n_fit, n_carved = analysis.holdout_tree(
        DATA, "wm.csv", choices(spec), options, 0.3, 0)
    unpruned, _, _, n_all, none_carved = analysis.holdout_tree(
        DATA, "wm.csv", choices(), Options.build(algorithm="id3"), 0.3, 0)
    assert len(X_test) == len(y_test) and n_all == 17 - len(X_test) and none_carved == 0
    assert 0 < n_fit < n_all  # the validation rows were carved out of the training rows
    assert n_fit + n_carved == n_all
    assert sum(trace["nodes"][0]["class_counts"].values()) == n_fit
    assert trace["pruning"] and not unpruned.get("pruning")
    assert all(node["scores"] == [] for node in trace["nodes"] + unpruned["nodes"])
