"""The lessons' core pieces: the worst-Gain baseline, Han's robustness inputs and sizes,
and the datasets README's numbers against the computed ones."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from dtree_core import DecisionTree, algorithms
from dtree_core.compare import (
    doubling_sizes,
    interpretability,
    merged_scores,
    with_blanks,
    with_label_noise,
)
from dtree_core.loading import load_path, prepare
from tests.conftest import ROOT, dataset_path
from ui.tables import BOOK_FINGERPRINTS, book_rounded, dataset_fingerprint


def grown(name: str, target: str, algorithm: str) -> dict:
    prepared = prepare(load_path(dataset_path(f"{name}.csv")), target)
    return DecisionTree(algorithm=algorithm).fit(prepared.X, prepared.y).trace_.to_dict()


def test_worst_takes_the_lowest_gain_and_is_a_baseline():
    record = algorithms.get("worst")
    assert record.baseline and record.ranks_lowest and record.ranks_by == "gain"
    root = grown("watermelon_2.0", "好瓜", "worst")["nodes"][0]
    lowest = min(root["scores"], key=lambda r: r["gain"])
    assert root["decision"]["attribute"] == lowest["attribute"] == "触感"
    assert root["decision"]["value"] == lowest["gain"]


def test_worst_grows_a_bigger_tree_than_id3():
    worst, id3 = (grown("watermelon_2.0", "好瓜", a) for a in ("worst", "id3"))
    assert len(worst["nodes"]) > len(id3["nodes"])


def test_the_baselines_pick_scores_one_in_the_merged_chart():
    traces = [grown("watermelon_2.0", "好瓜", a) for a in ("worst", "id3")]
    merged = merged_scores(traces)
    by_attribute = {r["attribute"]: r["normalised"] for r in merged.rows}
    assert by_attribute["触感"]["Worst"] == 1.0 and by_attribute["纹理"]["ID3"] == 1.0
    assert all(v["Worst"] <= 1.0 for v in by_attribute.values())


def test_label_noise_changes_a_seeded_share_of_labels():
    y = pd.Series(["a", "b", "c"] * 10)
    noisy = with_label_noise(y, 0.2, seed=3)
    assert (noisy != y).sum() == 6
    assert noisy.equals(with_label_noise(y, 0.2, seed=3))
    assert set(noisy) <= {"a", "b", "c"}


def test_blanks_a_seeded_share_of_cells_and_keeps_numbers_numeric():
    X = pd.DataFrame({"colour": ["x", "y"] * 10, "size": [float(i) for i in range(20)]})
    blanked = with_blanks(X, 0.25, seed=1)
    assert int(blanked.isna().sum().sum()) == 10
    assert pd.api.types.is_float_dtype(blanked["size"])


def test_interpretability_counts_rules_and_conditions():
    trace = grown("play_tennis", "PlayTennis", "id3")
    leaves, depth, rule_length = interpretability(trace)
    assert (leaves, depth) == (5, 2) and rule_length == pytest.approx(9 / 5)


def test_doubling_sizes_stop_at_the_cap():
    assert doubling_sizes(17) == [17, 34, 68, 136, 272]
    assert doubling_sizes(15_000) == [15_000]


def test_datasets_readme_gives_the_exact_gain_of_age():
    gain = grown("all_electronics", "buys_computer", "id3")["nodes"][0]["scores"][0]
    text = (ROOT / "assets" / "datasets" / "README.md").read_text(encoding="utf-8")
    printed = re.findall(r"Gain(?:\(age\) = | )(0\.\d+)", text)
    assert printed and all(p == f"{gain['gain']:.4f}" for p in printed)


@pytest.mark.parametrize(("name", "target", "attribute", "printed"), [
    ("watermelon_2.0", "好瓜", "色泽", "0.109"), ("watermelon_2.0_en", "ripe", "color", "0.109"),
    ("all_electronics", "buys_computer", "age", "0.246")])
def test_book_rounded_values_are_keyed_by_the_bundled_files(name, target, attribute, printed):
    trace = grown(name, target, "id3")
    assert BOOK_FINGERPRINTS[dataset_fingerprint(trace)] == name
    found = book_rounded(trace, trace["nodes"][0])
    assert [(a, p) for a, _, _, p, _ in found] == [(attribute, printed)]
    exact = found[0][4]
    assert f"{exact:.{len(printed) - 2}f}" != printed  # the book's digit is not the exact one's
