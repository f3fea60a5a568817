"""One-click exercises: each preset runs, and its answer is the numbers of the traces and
evaluations it ran (checked here against those runs and the books' printed values)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from dtree_core import exercises_presets as ep
from dtree_core.pruning import pruning_path

approx3 = lambda x: pytest.approx(x, abs=5e-4)  # noqa: E731  the books print 3 decimals


def facts(answer, code: str) -> list[dict]:
    return [f.values for f in answer.facts if f.code == code]


@pytest.mark.parametrize("preset", [p for p in ep.PRESETS if p.runnable], ids=lambda p: p.key)
def test_every_runnable_preset_answers(preset):
    answer = preset.answer()
    assert answer.facts
    for trace in answer.traces.values():
        assert facts(answer, "shape") or trace["nodes"]


def test_not_runnable_presets_say_why_and_have_no_answer():
    for preset in ep.PRESETS:
        assert (preset.key in ep.ANSWERS) == preset.runnable, preset.key
    assert ep.preset("lihang-5.2").not_runnable == "regression"


def test_splits_and_shape_are_the_traces():
    answer = ep.preset("zhou-4.3").answer()
    trace = answer.traces["tree"]
    split_nodes = [n for n in trace["nodes"] if n["decision"]["kind"] == "split"]
    assert [(f["attribute"], f["value"]) for f in facts(answer, "split")] == \
        [(n["decision"]["attribute"], n["decision"]["value"]) for n in split_nodes]
    shape = facts(answer, "shape")[0]
    assert shape["nodes"] == len(trace["nodes"])
    assert shape["leaves"] == len(trace["nodes"]) - len(split_nodes)
    # Zhou Fig. 4.8: 纹理 at the root (Gain 0.381), 密度 ≤ 0.3815 under 纹理=清晰.
    root, clear = facts(answer, "split")[:2]
    assert (root["attribute"], root["value"]) == ("纹理", approx3(0.381))
    assert (clear["path"], clear["attribute"]) == ("纹理=清晰", "密度")
    assert trace["nodes"][1]["decision"]["threshold"] == pytest.approx(0.3815)


def final_accuracy(trace: dict) -> float:
    """The pruned tree's validation accuracy from its pruning events (ui.pruning's rule)."""
    last = trace["pruning"][-1]
    changed = last["action"] == ("keep" if trace["params"]["prune"] == "pre" else "prune")
    return last["after"] if changed else last["before"]


def test_pruning_preset_reads_the_pruning_events():
    answer = ep.preset("zhou-4.4").answer()
    accuracy = {f["name"]: f["accuracy"] for f in facts(answer, "validation_accuracy")}
    assert accuracy["none"] == answer.traces["rep"]["pruning"][0]["before"]
    assert accuracy["pre"] == pytest.approx(final_accuracy(answer.traces["pre"]))
    assert accuracy["rep"] == pytest.approx(final_accuracy(answer.traces["rep"]))
    assert answer.traces["none"]["params"]["algorithm"] == "cart"
    assert "pruning" not in answer.traces["none"] or not answer.traces["none"]["pruning"]


def test_queue_order_is_level_by_level_and_covers_the_tree():
    answer = ep.preset("zhou-4.7").answer()
    trace, bfs, dfs = answer.traces["tree"], answer.tables["bfs"], answer.tables["dfs"]
    assert trace["params"]["max_depth"] == 2
    assert list(bfs["depth"]) == sorted(bfs["depth"])
    assert sorted(bfs["node"]) == sorted(dfs["node"]) == [n["id"] for n in trace["nodes"]]
    assert list(dfs["node"]) == trace["steps"]
    assert list(bfs["node"]) != list(dfs["node"])
    assert bfs["depth"].max() == 2


def test_node_budget_splits_in_queue_order_while_the_children_fit():
    trace = ep.preset("zhou-4.8").answer().traces["full"]
    assert ep.within_node_budget(trace, 8) == {0, 1}  # 1 + 3 (纹理) + 3 (根蒂) = 7; 触感 +2 > 8
    assert ep.within_node_budget(trace, 9) == {0, 1, 10}  # 纹理=稍糊's 触感 fits: 9 nodes
    assert ep.within_node_budget(trace, 3) == set()  # the root's 3 branches do not fit
    every_split = {n["id"] for n in trace["nodes"] if n["decision"]["kind"] == "split"}
    assert ep.within_node_budget(trace, len(trace["nodes"])) == every_split
    fact = facts(ep.preset("zhou-4.8").answer(), "max_nodes")[0]
    assert (fact["splits"], fact["nodes"], fact["full"]) == (2, 7, len(trace["nodes"]))
    assert fact["nodes"] <= fact["max_nodes"]


def test_missing_values_with_the_gini_index():
    answer = ep.preset("zhou-4.9").answer()
    root = answer.traces["tree"]["nodes"][0]
    row = next(r for r in root["scores"] if r["chosen"])
    fact = facts(answer, "rho")[0]
    assert (fact["attribute"], fact["rho"], fact["gini_index"]) == \
        (row["attribute"], row["rho"], row["gini_index"])
    assert fact["rho"] == pytest.approx(15 / 17)  # 纹理 is unknown in 2 of the 17 rows


def test_lihang_5_1_c45_on_table_5_1():
    answer = ep.preset("lihang-5.1").answer()
    root, second = facts(answer, "split")
    assert (root["attribute"], root["value"]) == ("有自己的房子", approx3(0.420 / 0.971))
    assert (second["path"], second["attribute"], second["value"]) == \
        ("有自己的房子=否", "有工作", pytest.approx(1.0))
    assert facts(answer, "lihang_same") == [{}]


def test_largest_gain_ratio_ignores_the_mean_gain_filter():
    node = {"scores": [
        {"attribute": "a", "eligible": True, "gain_ratio": 0.9, "above_average": False},
        {"attribute": "b", "eligible": True, "gain_ratio": 0.5, "above_average": True},
        {"attribute": "c", "eligible": False, "gain_ratio": 2.0}]}
    assert ep.largest_gain_ratio(node) == "a"


def test_ccp_sequence_is_the_pruning_path():
    answer = ep.preset("lihang-5.4").answer()
    table = answer.tables["ccp"]
    full = ep.fit("loan_lihang", {"algorithm": "cart"})
    alphas, impurities = pruning_path(full.trace_)
    assert table["alpha"].tolist() == alphas.tolist()
    assert table["impurity"].tolist() == impurities.tolist()
    assert table["leaves"].is_monotonic_decreasing and table["leaves"].iloc[-1] == 1


def test_significance_preset_is_the_evaluations_and_scipys_tests():
    answer = ep.preset("zhou-4.6").answer()
    evaluations = ep._evaluations()
    assert ep.learner_options("c45+pep") == {"algorithm": "c45", "prune": "pep"}
    assert evaluations["iris", "c45+pep"].options.prune == "pep"
    assert evaluations["iris", "c45"].options.prune == "none"
    accuracy = answer.tables["accuracy"]
    for key in ep.COMPARED:
        for learner in ep.LEARNERS:
            assert accuracy.loc[key, learner] == evaluations[key, learner].accuracy
    theirs = stats.friedmanchisquare(*accuracy.to_numpy().T)
    ours = facts(answer, "friedman")[0]
    if not any(len(set(row)) < len(row) for row in accuracy.to_numpy()):
        assert ours["chi2"] == pytest.approx(theirs.statistic)  # equal only without ties
    ranks = answer.tables["ranks"].to_numpy()
    assert np.allclose(ranks.mean(axis=0), answer.tables["mean_ranks"]["mean_rank"])
    for row in answer.tables["pairs"].itertuples():
        a, b = evaluations[row.dataset, row.a], evaluations[row.dataset, row.b]
        t = stats.ttest_rel(a.fold_accuracies, b.fold_accuracies)
        if not np.isnan(t.statistic):
            assert row.tau_t == pytest.approx(abs(t.statistic))
        assert row.e01 == int(((a.y_pred != a.y_true) & (b.y_pred == b.y_true)).sum())
        assert row.e10 == int(((a.y_pred == a.y_true) & (b.y_pred != b.y_true)).sum())
        assert list(a.y_true) == list(b.y_true)  # the same folds: the same rows in order
    nemenyi = facts(answer, "nemenyi")[0]
    assert len(ep.LEARNERS) == 4 and nemenyi["q"] == approx3(2.569)  # Table 2.7, k = 4
    assert nemenyi["cd"] == pytest.approx(2.5690 * np.sqrt(4 * 5 / (6 * len(ep.COMPARED))),
                                          abs=1e-4)
    verdict = [f.code for f in answer.facts if f.code.startswith("friedman_")]
    assert verdict == ["friedman_rejects" if ours["f"] > ours["critical"] else "friedman_keeps"]


def test_the_ccp_table_counts_each_subtrees_own_leaves():
    """Play-tennis's CART cuts twice at α = 0.0571: T1 and T2 are two subtrees (5 and 3
    leaves), though pruning at that α makes both cuts at once (a regrowth at T1's α once
    gave T1 the 3 leaves of T2)."""
    import dataclasses
    table = ep.ccp_answer(dataclasses.replace(ep.preset("lihang-5.4"),
                                              dataset="play_tennis")).tables["ccp"]
    assert table["leaves"].tolist() == [7, 5, 3, 1]
    assert table["alpha"][1] == table["alpha"][2]
