"""Core v2: one record per algorithm, the split record, Fig. 4.2's stop order, MINOBJS."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree, algorithms
from dtree_core.algorithms import Algorithm, Ranking
from dtree_core.cli import main
from dtree_core.compare import default_labels, first_disagreement, merged_scores, normalised
from dtree_core.data import Attribute
from dtree_core.split import Condition, Split, follow, linear_text
from tests.conftest import dataset_path, xy


def least_gain(table, eligible, random_key) -> Ranking:
    """A toy rule: the attribute with the *smallest* gain (the 'worst attribute' baseline)."""
    return Ranking(-table["gain"], eligible)


TOY = Algorithm("toy", "Toy", "gain", least_gain, "least_gain",
                "Toy takes the least informative attribute: {attribute}.", None)


@pytest.fixture
def toy():
    with algorithms.registered(TOY):
        yield TOY


def test_a_registered_algorithm_runs_through_api_cli_and_compare(toy, wm2, tmp_path, capsys):
    X, y = wm2
    trace = DecisionTree("toy").fit(X, y).trace_
    root = trace.nodes[0]
    gains = {r["attribute"]: r["gain"] for r in root.scores.rows()}
    assert root.decision.attribute == min(gains, key=gains.get) == "触感"
    assert root.decision.rule_code == "least_gain" and "least informative" in root.decision.rule
    out = tmp_path / "t.json"
    assert main(["grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                 "--algorithm", "toy", "--json", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["algorithm"] == "toy"
    traces = [trace.to_dict(), DecisionTree("id3").fit(X, y).trace_.to_dict()]
    assert default_labels(traces) == ["Toy", "ID3"]
    assert first_disagreement(traces).picks[0].attribute == "触感"
    assert merged_scores(traces).rows and normalised(traces[0], traces[0]["nodes"][0]) == {}
    assert algorithms.get("toy") is toy


def test_the_toy_algorithm_is_gone_after_its_test():
    registered = algorithms.keys()
    assert "toy" not in registered
    with pytest.raises(SystemExit) as exit_:
        main(["grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
              "--algorithm", "toy"])
    assert exit_.value.code == 2


def test_registry_records_say_what_the_code_does():
    cart, c45 = algorithms.get("cart"), algorithms.get("c45")
    assert cart.nominal_shape == "binary" and not cart.uses_up_nominal
    assert c45.uses_up_nominal and "above_average" in c45.columns
    assert algorithms.get("cls").criterion == "random" and algorithms.get("cls").ranks_by is None


# --------------------------------------------------------------------- the split record


def test_split_routes_every_kind_and_reads_back_from_its_conditions():
    attributes = {"色泽": Attribute("色泽", "nominal", ("青绿", "乌黑", "浅白")),
                  "密度": Attribute("密度", "continuous"),
                  "含糖率": Attribute("含糖率", "continuous")}
    columns = {"色泽": np.array([0, 1, 2, -1]), "密度": np.array([0.2, 0.5, np.nan, 0.4]),
               "含糖率": np.array([0.1, 0.3, 0.2, 0.0])}
    cases = [
        (Split("value", "色泽", ("青绿", "乌黑", "浅白")), [0, 1, 2, -1]),
        (Split("subset", "色泽", (("乌黑",), ("青绿", "浅白"))), [1, 0, 1, -1]),
        (Split("threshold", "密度", threshold=0.4), [0, 1, -1, 0]),
        (Split("linear", linear_text((("密度", -0.8), ("含糖率", -0.044))), threshold=-0.313,
               weights=(("密度", -0.8), ("含糖率", -0.044))), [1, 0, -1, 0]),
    ]
    for split, expected in cases:
        assert split.route(columns, attributes).tolist() == expected, split.kind
        again = Split.of_conditions([Condition.from_dict(c.to_dict())
                                     for c in split.conditions()])
        assert again == split


def test_one_text_form_per_condition():
    weights = (("密度", -0.8), ("含糖率", -0.044))
    texts = [c.text(3) for c in Split("linear", linear_text(weights), threshold=-0.313,
                                      weights=weights).conditions()]
    assert texts == ["-0.800·密度 - 0.044·含糖率<=-0.313", "-0.800·密度 - 0.044·含糖率>-0.313"]
    assert Condition("a/b", "=", "x=y").text(part=lambda s: s.replace("/", r"\/")) == r"a\/b=x=y"


def test_follow_spreads_unknown_rows_by_share():
    got = [(b, take.tolist(), factor.tolist())
           for b, take, factor in follow(np.array([0, -1, 1]), np.array([0.25, 0.75]))]
    assert got == [(0, [True, True, False], [1.0, 0.25]), (1, [False, True, True], [0.75, 1.0])]


# --------------------------------------------------------------------- Fig. 4.2's order


def test_identical_values_on_A_come_before_the_stopping_limits():
    X = pd.DataFrame({"a": ["x"] * 4, "b": [1.0] * 4})
    y = pd.Series(["p", "q", "p", "q"])
    root = DecisionTree("id3", max_depth=0, min_samples_split=10).fit(X, y).trace_.nodes[0]
    assert root.decision.stop == "same_values"


def test_a_lone_winner_is_not_marked_tied(wm2):
    root = DecisionTree("id3").fit(*wm2).trace_.nodes[0]
    rows = {r["attribute"]: r for r in root.scores.rows()}
    assert rows["纹理"]["chosen"] and not rows["纹理"]["tied"] and root.decision.ties == ()


def test_random_draws_depend_on_the_node_not_on_growth_order(wm2):
    X, y = wm2
    one = DecisionTree("cls", seed=3).fit(X, y).trace_.to_json()
    assert one == DecisionTree("cls", seed=3).fit(X, y).trace_.to_json()
    picks = {DecisionTree("cls", seed=s).fit(X, y).trace_.nodes[0].decision.attribute
             for s in range(12)}
    assert len(picks) >= 3  # the seed really changes the draw


# --------------------------------------------------------------------- MINOBJS


def test_min_branch_weight_needs_two_heavy_branches():
    # 'a' splits off one row per value: no branch holds 2 rows, so with m = 2 it can't split.
    X = pd.DataFrame({"a": ["u", "v", "w", "x", "x", "x"]})
    y = pd.Series(["p", "q", "p", "q", "q", "p"])
    assert DecisionTree("c45").fit(X, y).trace_.nodes[0].decision.kind == "split"
    root = DecisionTree("c45", min_branch_weight=2).fit(X, y).trace_.nodes[0]
    assert root.decision.stop == "min_branch_weight"


def test_min_branch_weight_keeps_thresholds_with_enough_on_both_sides(wm3):
    X, y = wm3
    t = DecisionTree("c45", min_branch_weight=4).fit(X, y).trace_
    for node in t.nodes:
        if node.decision.kind == "split":
            weights = [t.nodes[c].weight for c in node.children]
            assert sorted(weights)[-2] >= 4


def test_min_branch_weight_shrinks_a_tree_of_fractional_copies():
    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    full = DecisionTree("c45").fit(X, y).trace_
    pruned = DecisionTree("c45", min_branch_weight=2).fit(X, y).trace_
    assert len(pruned.nodes) < len(full.nodes)
    assert "min_branch_weight" not in full.params and pruned.params["min_branch_weight"] == 2


def test_a_deep_chain_keeps_its_json_linear():
    """TRACE.md: path may be null below depth 64; readers derive it from the parents."""
    from dtree_core.labels import node_path
    from dtree_core.paths import nodes_by_key
    from dtree_core.rules import rules

    n = 150
    X = pd.DataFrame({"x": np.arange(n) + 0.5})
    y = pd.Series(np.arange(n) % 2).map(str)
    trace = DecisionTree("id3").fit(X, y).trace_.to_dict(scores=False)
    deep = [node for node in trace["nodes"] if node["depth"] > 64]
    assert deep and all(node["path"] is None for node in deep)
    shallow = next(node for node in trace["nodes"] if node["depth"] == 64)
    assert node_path(trace, shallow) == shallow["path"] and len(shallow["path"]) == 64
    assert len(node_path(trace, deep[-1])) == deep[-1]["depth"]
    assert len(nodes_by_key(trace)) == len(trace["nodes"])
    assert max(len(rule.conditions) for rule in rules(trace)) == max(
        node["depth"] for node in trace["nodes"])


def test_a_condition_tests_raw_rows_and_writes_itself_without_its_name():
    X = pd.DataFrame({"密度": [0.2, 0.5, None], "含糖率": [0.1, 0.3, 0.2],
                      "色泽": ["青绿", None, "乌黑"]})
    weights = (("密度", -0.8), ("含糖率", -0.044))
    linear = Condition(linear_text(weights), "<=", -0.313, weights)
    assert linear.holds(X).tolist() == [False, True, False]  # unknown 密度: no rule holds
    assert Condition("色泽", "in", ("青绿", "乌黑")).holds(X).tolist() == [True, False, True]
    assert Condition("密度", ">", 0.3).holds(X).tolist() == [False, True, False]
    assert [Condition("色泽", "=", "青绿").text(named=False),
            Condition("密度", "<=", 0.3815).text(named=False),
            Condition("色泽", "in", ("青绿", "乌黑")).text(named=False)] == [
        "青绿", "<=0.3815", "∈ {青绿,乌黑}"]


def test_a_split_says_which_value_it_tests_alone():
    """Li Hang's A = a (eq. 5.25): a two-way subset split with one value alone on a side
    tests that value (the first side's when both are single); other splits test none."""
    assert Split("subset", "年龄", (("青年",), ("中年", "老年"))).tested_value == "青年"
    assert Split("subset", "年龄", (("中年", "老年"), ("青年",))).tested_value == "青年"
    assert Split("subset", "有工作", (("否",), ("是",))).tested_value == "否"
    assert Split("subset", "季节", (("甲", "乙"), ("丙", "丁"))).tested_value is None
    assert Split("value", "色泽", ("青绿", "乌黑")).tested_value is None
    assert Split("threshold", "密度", threshold=0.38).tested_value is None
