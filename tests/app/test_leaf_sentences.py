"""A leaf says what made it: a split pre-pruning refused, or a tie its majority broke."""

from __future__ import annotations

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.trace import leaf_stop
from tests.conftest import ROOT
from ui.messages import t

DATA = ROOT / "assets" / "datasets"


def book_example(prune: str) -> dict:
    """Zhou's Table 4.2 split, 脐部 at the root as the book takes it, pruned by `prune`."""
    train = pd.read_csv(DATA / "watermelon_2.0_train.csv")
    held = pd.read_csv(DATA / "watermelon_2.0_validation.csv")
    X, y = train.drop(columns=["好瓜", "编号"]), train["好瓜"]
    validation = held.drop(columns=["好瓜", "编号"]), held["好瓜"]
    model = DecisionTree("id3", force={"root": "脐部"}, prune=prune)
    return model.fit(X, y, validation=validation).trace_.to_dict()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_pre_pruned_leaf_says_pre_pruning_refused_its_split(lang, monkeypatch):
    """The panel said "Pruning replaced this subtree by a leaf" of a node whose split
    pre-pruning refused while the tree grew: no subtree ever existed there."""
    from ui import messages, panel, pseudocode
    from ui.pruning import growth_view

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    grown = growth_view(book_example("pre"))
    leaves = [n for n in grown["nodes"] if n["decision"].get("stop") == "pruned"]
    assert leaves and all(leaf_stop(n["decision"]) == "pre_pruned" for n in leaves)
    said = panel.why_text(grown, leaves[0], 3)
    assert said == t("stop.pre_pruned", label=leaves[0]["decision"]["label"])
    assert ("Pre-pruning refused" if lang == "en" else "预剪枝拒绝了") in said
    lit = [text for _, text, fired in pseudocode.listing(grown, leaves[0], "lihang") if fired]
    assert lit == [t("pseudo.lihang.not.pre_pruned", number="5.2")]


def test_a_post_pruned_leaf_still_says_its_subtree_was_replaced():
    rep = book_example("rep")
    leaves = [n for n in rep["nodes"] if n["decision"].get("stop") == "pruned"]
    assert leaves and all(leaf_stop(n["decision"]) == "pruned" for n in leaves)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "是, 否 tie with 1 each: the leaf takes 是, the one the data shows first."),
    ("zh", "“是”、“否”并列，各有 1 个样本：叶结点取数据中先出现的“是”。")])
def test_a_leaf_whose_classes_tie_says_which_rule_took_its_label(lang, said, monkeypatch):
    """Watermelon 2.0, CART at max_depth 2: a leaf of 是 1, 否 1 was called "the majority";
    the tie is named, with the rule growing.majority broke it by (the class seen first)."""
    from dtree_core.loading import load_path, prepare
    from tests.conftest import dataset_path
    from ui import messages, panel

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    data = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    grown = DecisionTree("cart", max_depth=2).fit(data.X, data.y).trace_.to_dict()
    leaves = [n for n in grown["nodes"] if n["decision"]["kind"] == "leaf"]
    tied = [n for n in leaves if n["class_counts"]["是"] == n["class_counts"]["否"]]
    assert len(tied) == 1 and tied[0]["decision"]["label"] == grown["classes"][0] == "是"
    assert panel.why_text(grown, tied[0], 3).endswith(said)
    assert not [n for n in leaves if n is not tied[0] and said in panel.why_text(grown, n, 3)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("algorithm, min_gain, score, key", [
    ("id3", 0.3, "gain", "stop.min_gain.compared"),
    ("cart", 0.1, "gini_gain", "stop.min_gain.gini.compared")])
def test_a_min_gain_leaf_says_the_gain_that_fell_short_and_the_limit(lang, algorithm, min_gain,
                                                                     score, key, monkeypatch):
    """"The best gain is below the minimum gain" gave neither number (watermelon 2.0 ID3 at
    min gain 0.3: 0.252 against 0.3). The largest score among the node's candidates, from
    its rows, and the limit as set."""
    from ui import messages, panel

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    data = pd.read_csv(DATA / "watermelon_2.0.csv")
    X, y = data.drop(columns=["好瓜", "编号"]), data["好瓜"]
    trace = DecisionTree(algorithm, min_gain=min_gain).fit(X, y).trace_.to_dict()
    leaves = [n for n in trace["nodes"] if n["decision"].get("stop") == "min_gain"]
    assert leaves
    for leaf in leaves:
        best = max(r[score] for r in leaf["scores"] if r["eligible"])
        assert best < min_gain
        said = panel.why_text(trace, leaf, 3)
        assert said.startswith(t(key, best=f"{best:.3f}", threshold=f"{min_gain:g}",
                                 label=leaf["decision"]["label"])), said


def test_li_hangs_epsilon_leaf_says_both_numbers(monkeypatch):
    from ui import messages, panel, state

    monkeypatch.setattr(messages, "current_language", lambda: "en")
    monkeypatch.setattr(state, "notation", lambda: __import__(
        "dtree_core.notation", fromlist=["get"]).get("lihang"))
    data = pd.read_csv(DATA / "watermelon_2.0.csv")
    X, y = data.drop(columns=["好瓜", "编号"]), data["好瓜"]
    trace = DecisionTree("id3", min_gain=0.3).fit(X, y).trace_.to_dict()
    leaf = next(n for n in trace["nodes"] if n["decision"].get("stop") == "min_gain")
    best = max(r["gain"] for r in leaf["scores"] if r["eligible"])
    assert f"g(D, A_g) = {best:.3f}, is below the threshold ε = 0.3" in panel.why_text(
        trace, leaf, 3)


def test_a_leaf_that_compared_the_largest_score_opens_on_the_attribute_that_had_it():
    """Li Hang's C4.5 on his loan data at ε = 0.5: step (4) compared g_R = 0.433 (有自己的房子)
    with ε, and the panel opened on 年龄 (the first column), whose g_R is 0.052."""
    from tests.app.app_helpers import grown_app, node_widget

    at = grown_app("loan_lihang", "c45_lihang", "zh", "lihang")
    at.number_input(key="min_gain").set_value(0.5).run()
    node = at.session_state["current"]["trace"]["nodes"][0]
    assert node["decision"].get("stop") in ("min_gain", "epsilon")
    best = max(node["scores"], key=lambda r: r["gain_ratio"])
    assert best["attribute"] != node["scores"][0]["attribute"]
    assert at.selectbox(key=node_widget(at, "inspect_", 0)).value == best["attribute"]


def c45_stopped_at_the_root() -> dict:
    """Watermelon 3.0, C4.5 at min gain 0.36: the rule picks 含糖率 (gain ratio 0.400 among the
    above-average gains), whose gain 0.349 is below 0.36, while 纹理's gain is 0.381."""
    data = pd.read_csv(DATA / "watermelon_3.0.csv")
    X, y = data.drop(columns=["好瓜", "编号"]), data["好瓜"]
    return DecisionTree("c45", min_gain=0.36).fit(X, y).trace_.to_dict()


def test_a_c45_min_gain_leaf_names_the_attribute_its_rule_picked():
    trace = c45_stopped_at_the_root()
    root = trace["nodes"][0]
    assert root["decision"]["stop"] == "min_gain" and root["decision"]["picked"] == "含糖率"
    rows = {r["attribute"]: r for r in root["scores"]}
    assert max(rows.values(), key=lambda r: r["gain"])["attribute"] == "纹理"
    assert max((r for r in rows.values() if r["above_average"]),
               key=lambda r: r["gain_ratio"])["attribute"] == "含糖率"
    assert rows["含糖率"]["gain"] < 0.36 < rows["纹理"]["gain"]
    # only such a leaf names one: a pure leaf, or any leaf of an oblique tree, does not
    assert all("picked" not in n["decision"] for n in trace["nodes"][1:])
    data = pd.read_csv(DATA / "watermelon_3.0_alpha.csv")
    oblique = DecisionTree("oblique", min_gain=0.2).fit(
        data.drop(columns=["好瓜", "编号"]), data["好瓜"]).trace_.to_dict()
    assert any(n["decision"].get("stop") == "min_gain" for n in oblique["nodes"])
    assert all("picked" not in n["decision"] for n in oblique["nodes"])


@pytest.mark.parametrize("lang, said", [
    ("en", "The rule picks 含糖率, whose gain, 0.349, is below the minimum gain 0.36"),
    ("zh", "按规则选出的属性“含糖率”的信息增益 0.349 低于最小增益 0.36")])
def test_a_c45_min_gain_leaf_says_its_picks_gain_not_the_largest(lang, said, monkeypatch):
    """C4.5's min-gain leaf said only "the gain of the attribute the rule picks is below the
    minimum gain": the largest gain (纹理's 0.381) is above the limit, so the number the
    sentence can give is the pick's, which the trace now names."""
    from dtree_core import algorithms
    from dtree_core.solution import sentence_text, solve_node
    from ui import messages, panel

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    trace = c45_stopped_at_the_root()
    assert panel.why_text(trace, trace["nodes"][0], 3).startswith(said)
    last = solve_node(trace, trace["nodes"][0]).steps[-1]
    assert sentence_text(last, lang).startswith(said)
    assert panel.compared_row(trace["nodes"][0], algorithms.get("c45"))["attribute"] == "含糖率"


def test_a_trace_read_back_keeps_the_pick():
    from dtree_core.trace import Trace

    trace = c45_stopped_at_the_root()
    again = Trace.from_dict(trace).to_dict()
    assert again["nodes"][0]["decision"]["picked"] == "含糖率"


def test_a_c45_min_gain_leaf_opens_on_the_attribute_its_rule_picked():
    """The panel opened a C4.5 min-gain leaf on the first column, not on the attribute whose
    gain was compared with the limit."""
    from tests.app.app_helpers import grown_app, node_widget

    at = grown_app("watermelon_3.0", "c45", "en")
    at.number_input(key="min_gain").set_value(0.36).run()
    node = at.session_state["current"]["trace"]["nodes"][0]
    assert node["decision"]["stop"] == "min_gain" and node["scores"][0]["attribute"] == "色泽"
    assert at.selectbox(key=node_widget(at, "inspect_", 0)).value == "含糖率"
    assert not at.exception


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_carts_min_gain_leaf_under_li_hangs_notation_writes_his_decrease(lang, monkeypatch):
    """CART's min-gain leaf compared ρ·ΔGini; under Li Hang's notation the panel's sentence
    and the worked solution write it as his score table heads it, ρ·(Gini(D̃) − Gini(D̃, A)),
    with the same number; under Zhou's, ρ·ΔGini as before."""
    from dtree_core import notation
    from dtree_core.solution import solve, to_markdown
    from ui import messages, panel, state

    his = "ρ·(Gini(D̃) − Gini(D̃, A))"
    monkeypatch.setattr(messages, "current_language", lambda: lang)
    data = pd.read_csv(DATA / "watermelon_2.0.csv")
    X, y = data.drop(columns=["好瓜", "编号"]), data["好瓜"]
    trace = DecisionTree("cart", min_gain=0.1).fit(X, y).trace_.to_dict()
    leaf = next(n for n in trace["nodes"] if n["decision"].get("stop") == "min_gain")
    best = f'{max(r["gini_gain"] for r in leaf["scores"] if r["eligible"]):.3f}'
    assert f"ρ·ΔGini = {best}" in panel.why_text(trace, leaf, 3)
    monkeypatch.setattr(state, "notation", lambda: notation.get("lihang"))
    said = panel.why_text(trace, leaf, 3)
    assert f"{his} = {best}" in said and "ΔGini" not in said
    worked = to_markdown(solve(trace, leaf["id"], notation="lihang"), lang)
    assert f"{his} = {best}" in worked.replace("\\", "") and "ΔGini" not in worked
    zhou = to_markdown(solve(trace, leaf["id"]), lang)
    assert f"ρ·ΔGini = {best}" in zhou.replace("\\", "")
    # an algorithm not of his book (Zhou's oblique tree) keeps ρ·ΔGini on both
    alpha = pd.read_csv(DATA / "watermelon_3.0_alpha.csv")
    X, y = alpha.drop(columns=["好瓜", "编号"]), alpha["好瓜"]
    oblique = DecisionTree("oblique", min_gain=0.2).fit(X, y).trace_.to_dict()
    stopped = next(n for n in oblique["nodes"] if n["decision"].get("stop") == "min_gain")
    assert "ρ·ΔGini" in panel.why_text(oblique, stopped, 3)
    assert "ρ·ΔGini" in to_markdown(solve(oblique, stopped["id"], notation="lihang"), lang)
