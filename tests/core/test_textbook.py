"""Zhou, Machine Learning ch. 4 (and Quinlan/Mitchell, Han): the book's numbers and trees."""

from __future__ import annotations

import pytest

from dtree_core import DecisionTree
from dtree_core.labels import branch_text
from tests.conftest import xy

approx3 = lambda x: pytest.approx(x, abs=5e-4)  # noqa: E731  the book prints 3 decimals


def root_rows(model) -> dict[str, dict]:
    return {r["attribute"]: r for r in model.trace_.nodes[0].scores.rows()}


def outline(model) -> list[tuple[int, str, str]]:
    """(depth, edge, split attribute or leaf label) in TreeGenerate's order."""
    d = model.trace_.to_dict(scores=False)
    return [(n["depth"], branch_text(n["branch"]) if n["branch"] else "",
             n["decision"]["attribute"] or n["decision"]["label"]) for n in d["nodes"]]


def test_watermelon_2_root_scores(wm2):
    model = DecisionTree("id3").fit(*wm2)
    root, rows = model.trace_.nodes[0], root_rows(model)
    assert root.entropy == approx3(0.998)
    expected = {"纹理": 0.381, "脐部": 0.289, "根蒂": 0.143, "敲声": 0.141, "触感": 0.006}
    for attribute, gain in expected.items():
        assert rows[attribute]["gain"] == approx3(gain)
    # The book prints 0.109 after rounding early; the exact value is 0.1081.
    assert rows["色泽"]["gain"] == pytest.approx(0.10812516526536, abs=1e-12)
    assert rows["触感"]["iv"] == approx3(0.874)
    assert rows["色泽"]["iv"] == approx3(1.580)
    assert [r for r in rows.values() if r["chosen"]] == [rows["纹理"]]


def test_watermelon_2_id3_tree_is_figure_4_4(wm2):
    assert outline(DecisionTree("id3").fit(*wm2)) == [
        (0, "", "纹理"),
        (1, "纹理=清晰", "根蒂"),
        (2, "根蒂=蜷缩", "是"), (2, "根蒂=稍蜷", "色泽"),
        (3, "色泽=青绿", "是"), (3, "色泽=乌黑", "触感"),
        (4, "触感=硬滑", "是"), (4, "触感=软粘", "否"),
        (3, "色泽=浅白", "是"),  # empty branch: the parent's majority (a 1:1 tie -> 是, first seen)
        (2, "根蒂=硬挺", "否"),
        (1, "纹理=稍糊", "触感"), (2, "触感=硬滑", "否"), (2, "触感=软粘", "是"),
        (1, "纹理=模糊", "否"),
    ]


def test_empty_branch_is_labelled_by_parent_majority(wm2):
    nodes = DecisionTree("id3").fit(*wm2).trace_.nodes
    empty = [n for n in nodes if n.decision.stop == "empty"]
    assert len(empty) == 1 and empty[0].n == 0
    assert empty[0].decision.label == nodes[empty[0].parent].decision.label


def test_id_column_shows_id3_bias():
    X, y = xy("watermelon_2.0.csv", "好瓜")
    id3 = DecisionTree("id3", nominal=["编号"]).fit(X, y)
    assert id3.trace_.nodes[0].decision.attribute == "编号"
    # IV(编号) = log2 17 = 4.08746; the book prints 4.088.
    assert root_rows(id3)["编号"]["iv"] == pytest.approx(4.088, abs=1e-3)
    c45 = DecisionTree("c45", nominal=["编号"]).fit(X, y)
    decision = c45.trace_.nodes[0].decision
    assert decision.attribute == "纹理"
    assert "编号" in decision.passed and "纹理" in decision.passed
    assert root_rows(c45)["编号"]["gain_ratio"] < root_rows(c45)["纹理"]["gain_ratio"] * 2


def test_c45_records_mean_gain_and_filter(wm2):
    decision = DecisionTree("c45").fit(*wm2).trace_.nodes[0].decision
    gains = [0.10812516526536, 0.14267495956679, 0.14078143361500, 0.38059189736827,
             0.28915878284168, 0.00604648917657]
    assert decision.mean_gain == pytest.approx(sum(gains) / 6, abs=1e-9)
    assert set(decision.passed) == {"纹理", "脐部"}
    assert decision.attribute == "纹理" and decision.rule_code == "c45_gain_ratio"


def test_watermelon_3_continuous(wm3):
    model = DecisionTree("id3").fit(*wm3)
    rows = root_rows(model)
    assert rows["密度"]["gain"] == approx3(0.262) and rows["密度"]["threshold"] == 0.3815
    assert rows["含糖率"]["gain"] == approx3(0.349) and rows["含糖率"]["threshold"] == 0.126
    curve = rows["密度"]["curve"]
    assert len(curve["threshold"]) == 16
    assert max(curve["gain"]) == pytest.approx(rows["密度"]["gain"], rel=1e-12)
    assert curve["threshold"][curve["gain"].index(max(curve["gain"]))] == 0.3815


def test_watermelon_3_tree_is_figure_4_8(wm3):
    assert outline(DecisionTree("id3").fit(*wm3)) == [
        (0, "", "纹理"),
        (1, "纹理=清晰", "密度"), (2, "密度<=0.3815", "否"), (2, "密度>0.3815", "是"),
        (1, "纹理=稍糊", "触感"), (2, "触感=硬滑", "否"), (2, "触感=软粘", "是"),
        (1, "纹理=模糊", "否"),
    ]


def test_watermelon_2_alpha_missing_values():
    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    model = DecisionTree("id3").fit(X, y)
    rows = root_rows(model)
    assert rows["色泽"]["rho"] == pytest.approx(14 / 17)
    assert rows["色泽"]["gain"] == approx3(0.252)
    assert rows["纹理"]["gain"] == approx3(0.424)
    assert model.trace_.nodes[0].decision.attribute == "纹理"
    # Rows with an unknown 纹理 go down all three branches, weighted: weights add up to 17.
    root = model.trace_.nodes[0]
    assert sum(model.trace_.nodes[c].weight for c in root.children) == pytest.approx(17)
    branch_weights = [b["weight"] for b in rows["纹理"]["branches"]]
    assert branch_weights == pytest.approx([7 + 7 / 15 * 2, 5 + 5 / 15 * 2, 3 + 3 / 15 * 2])


def test_play_tennis_gains():
    X, y = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    rows = root_rows(DecisionTree("id3").fit(X, y))
    expected = {"Outlook": 0.2467, "Humidity": 0.1518, "Wind": 0.0481, "Temperature": 0.0292}
    for attribute, gain in expected.items():
        assert rows[attribute]["gain"] == pytest.approx(gain, abs=5e-5)


def test_people_8_id3_and_c45_disagree():
    X, y = xy("people_8.csv", "class")
    assert DecisionTree("id3").fit(X, y).trace_.nodes[0].decision.attribute == "hair"
    assert DecisionTree("c45").fit(X, y).trace_.nodes[0].decision.attribute == "eyes"
    rows = root_rows(DecisionTree("id3").fit(X, y))
    assert rows["hair"]["gain"] == approx3(0.454) and rows["eyes"]["gain"] == approx3(0.348)
    assert rows["height"]["gain"] == approx3(0.003)


def test_table_4_2_tie_and_force():
    X, y = xy("watermelon_2.0.csv", "好瓜")
    train = X["编号"].isin([str(i) for i in (1, 2, 3, 6, 7, 10, 14, 15, 16, 17)])
    Xt, yt = X[train].drop(columns=["编号"]), y[train]
    root = DecisionTree("id3").fit(Xt, yt).trace_.nodes[0]
    rows = {r["attribute"]: r for r in root.scores.rows()}
    assert rows["色泽"]["gain"] == approx3(0.2755) and rows["脐部"]["gain"] == approx3(0.2755)
    assert root.decision.attribute == "色泽" and root.decision.ties == ("脐部",)
    assert "first in the data's column order" in root.decision.rule
    forced = DecisionTree("id3", force=["root=脐部"]).fit(Xt, yt).trace_.nodes[0].decision
    assert forced.attribute == "脐部" and forced.forced and forced.rule_code == "forced"


def test_force_below_the_root_reproduces_a_hand_choice(wm2):
    model = DecisionTree("id3", force={"纹理=清晰/根蒂=稍蜷": "触感"}).fit(*wm2)
    node = next(n for n in model.trace_.nodes
                if [c.value for c in model.trace_.path(n.id)] == ["清晰", "稍蜷"])
    assert node.decision.attribute == "触感" and node.decision.forced


def test_forcing_an_unknown_path_is_refused(wm2):
    from dtree_core import DataError

    with pytest.raises(DataError, match="No node has the path"):
        DecisionTree("id3", force={"纹理=透明": "触感"}).fit(*wm2)


def test_cart_binary_nominal_split_and_multiway_gini(wm2):
    model = DecisionTree("cart").fit(*wm2)
    rows = root_rows(model)
    texture = rows["纹理"]
    assert texture["left"] and texture["right"]
    assert sorted(texture["left"] + texture["right"]) == sorted(["清晰", "稍糊", "模糊"])
    # Zhou's exercise: multiway Gini_index(D, 纹理) from the 3 branches (7:2, 1:4, 0:3)
    g = lambda a, b: 1 - (a / (a + b)) ** 2 - (b / (a + b)) ** 2  # noqa: E731
    multi = 9 / 17 * g(7, 2) + 5 / 17 * g(1, 4) + 3 / 17 * 0
    assert texture["gini_index_multiway"] == pytest.approx(multi)
    assert len(texture["branches"]) == 2
    assert min(r["gini_index"] for r in rows.values()) == rows[
        model.trace_.nodes[0].decision.attribute]["gini_index"]


def test_pre_pruning_stops_with_their_own_codes(wm2):
    stump = DecisionTree("id3", max_depth=1).fit(*wm2).trace_
    assert max(n.depth for n in stump.nodes) == 1
    assert {n.decision.stop for n in stump.nodes[1:]} <= {"max_depth", "pure"}
    small = DecisionTree("id3", min_samples_split=6).fit(*wm2).trace_
    assert "min_samples" in {n.decision.stop for n in small.nodes}
    cautious = DecisionTree("id3", min_gain=0.5).fit(*wm2).trace_
    assert cautious.nodes[0].decision.stop == "min_gain" and cautious.nodes[0].scores.rows()


def test_cls_is_seeded(wm2):
    a = DecisionTree("cls", seed=3).fit(*wm2).trace_.to_json()
    b = DecisionTree("cls", seed=3).fit(*wm2).trace_.to_json()
    assert a == b
    roots = {DecisionTree("cls", seed=s).fit(*wm2).trace_.nodes[0].decision.attribute
             for s in range(12)}
    assert len(roots) > 1


def test_tie_rules_pick_the_first_the_last_or_a_seeded_random_attribute():
    X, y = xy("watermelon_2.0.csv", "好瓜")
    train = X["编号"].isin([str(i) for i in (1, 2, 3, 6, 7, 10, 14, 15, 16, 17)])
    Xt, yt = X[train].drop(columns=["编号"]), y[train]
    root = {rule: DecisionTree("id3", tie_break=rule).fit(Xt, yt).trace_.nodes[0].decision
            for rule in ("first", "last")}
    assert root["first"].attribute == "色泽" and root["first"].ties == ("脐部",)
    # The book breaks this tie by taking 脐部, the later column.
    assert root["last"].attribute == "脐部" and root["last"].ties == ("色泽",)
    assert "comes last in the data's column order" in root["last"].rule
    picks = {DecisionTree("id3", tie_break="random", seed=s).fit(Xt, yt).trace_.nodes[0]
             .decision.attribute for s in range(10)}
    assert picks == {"色泽", "脐部"}


def test_li_hang_example_5_2_and_5_3():
    """Li Hang, 统计学习方法 Table 5.1: Example 5.2's gains and Example 5.3's ID3 tree."""
    X, y = xy("loan_lihang.csv", "类别", drop=["ID"])
    model = DecisionTree("id3").fit(X, y)
    rows = root_rows(model)
    assert model.trace_.nodes[0].entropy == approx3(0.971)
    expected = {"年龄": 0.083, "有工作": 0.324, "有自己的房子": 0.420, "信贷情况": 0.363}
    for attribute, gain in expected.items():
        assert rows[attribute]["gain"] == approx3(gain)
    assert outline(model)[:3] == [(0, "", "有自己的房子"), (1, "有自己的房子=否", "有工作"),
                                  (2, "有工作=否", "否")]
