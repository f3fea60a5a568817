"""CART's rule sentence on the grow page under Li Hang's notation says what the code did, as
the CLI's --notation lihang says it (dtree_core.export.values_missing_at decides for both):
with no value missing his Alg. 5.6, the smallest Gini(D, A); with values missing (watermelon
2.0α) that he has no rule for them, what D̃ and ρ are, and the chosen row's numbers. Every
number is read from the trace the page replays."""

from __future__ import annotations

import re

import pytest
from app_helpers import grown_app, started_app, trace

from dtree_core import notation
from dtree_core.cli_messages import decision_text

MISSING_SAID = {
    "en": ("CART takes the split that lowers the Gini index most. Values are missing here, and "
           "Li Hang gives no rule for them: each feature's Gini(D̃) and Gini(D̃, A) are computed "
           "on D̃, the instances whose value of A is known, and the decrease is weighted by "
           "their share ρ, as Zhou §4.4.2 weights the gain, so the smallest Gini(D̃, A) need "
           "not win. The largest ρ·(Gini(D̃) − Gini(D̃, A)) is {attribute}'s, {gini_gain} "
           "(ρ = {rho}, Gini(D̃) = {gini_known}, Gini(D̃, {attribute}) = {gini_index})."),
    "zh": ("CART 选择使基尼指数下降最多的划分。此处有缺失值，李航书中没有处理缺失值的规则："
           "各特征的 Gini(D̃) 与 Gini(D̃, A) 在 D̃（特征 A 取值已知的实例）上计算，"
           "下降量再乘以这些实例所占的比例 ρ（同周志华 §4.4.2 对信息增益的加权），"
           "所以 Gini(D̃, A) 最小的特征未必胜出。"
           "ρ·(Gini(D̃) − Gini(D̃, A)) 最大的是{attribute}，为 {gini_gain}（ρ = {rho}，"
           "Gini(D̃) = {gini_known}，Gini(D̃, {attribute}) = {gini_index}）。"),
}
COMPLETE_SAID = {
    "en": ("Among all features and their cut points, {attribute} has the smallest Gini index "
           "Gini(D, A), {gini_index} (Alg. 5.6, step (2))."),
    "zh": ("在所有特征及其切分点中，{attribute}的基尼指数 Gini(D, A) 最小，为 {gini_index}"
           "（算法 5.6 步 (2)）。"),
}
HEDGES = ("without missing values", "无缺失值时", "D̃ = D")


def plain(text: str) -> str:
    """Markdown as read: the sentence is backslash-escaped (ui.messages.literal)."""
    return re.sub(r"\\(.)", r"\1", text)


def shown_node(dataset: str, lang: str, step: int) -> tuple[dict, dict, str]:
    """The trace, the node the page shows at `step` under Li Hang's notation, and its rule
    sentence (the info box naming the chosen attribute's Gini)."""
    at = grown_app(dataset, "cart", lang, "lihang", step=step)
    assert at.session_state["notation"] == "lihang"
    tr = trace(at)
    node = tr["nodes"][tr["steps"][at.session_state["step"]]]
    attribute = node["decision"]["attribute"]
    said = next(plain(e.value) for e in at.info
                if "Gini(D" in plain(e.value) and attribute in e.value)
    return tr, node, said


def chosen_numbers(node: dict) -> dict:
    row = next(r for r in node["scores"] if r["chosen"])
    return {"attribute": row["attribute"],
            **{k: f"{row[k]:.3f}" for k in ("gini_gain", "rho", "gini_known", "gini_index")}}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("step, attribute", [(0, "纹理"), (1, "触感")])
def test_missing_values_say_li_hang_has_no_rule_and_the_codes_numbers(lang, step, attribute):
    """The sentence said ρ·(Gini(D̃) − Gini(D̃, A)) without saying what D̃ is or that Li Hang
    has no rule for missing values, and hedged 'without missing values D̃ = D'."""
    _, node, said = shown_node("watermelon_2.0_alpha", lang, step)
    numbers = chosen_numbers(node)
    assert numbers["attribute"] == attribute and float(numbers["rho"]) < 1
    assert said.startswith(MISSING_SAID[lang].format(**numbers)), said
    assert not any(hedge in said for hedge in HEDGES)


def test_missing_values_sentence_is_the_clis():
    """The page's sentence at 2.0α's root is the one `grow --notation lihang` prints for the
    same node (both read the node's rows with values_missing_at)."""
    tr, root, said = shown_node("watermelon_2.0_alpha", "en", 0)
    cli = decision_text(root["decision"], tr["params"].get("tie_break", "first"), "en",
                        notation.get("lihang"), root["scores"])
    assert said == cli
    assert chosen_numbers(root) == {"attribute": "纹理", "gini_gain": "0.235", "rho": "0.882",
                                    "gini_known": "0.498", "gini_index": "0.231"}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("step", [0, 1])
def test_no_value_missing_says_the_smallest_gini_of_alg_5_6(lang, step):
    _, node, said = shown_node("watermelon_2.0", lang, step)
    assert all(row["rho"] == 1 for row in node["scores"])
    assert said.startswith(COMPLETE_SAID[lang].format(**chosen_numbers(node))), said
    assert "D̃" not in said and "ρ" not in said


def test_a_node_kept_without_scores_names_no_d_tilde_nor_blank_number(monkeypatch):
    """An outline trace keeps no score rows: the sentence cannot tell whether values were
    missing, so it says so rather than 'without missing values D̃ = D' around blank numbers."""
    from ui import panel, state

    monkeypatch.setattr(state, "notation", lambda: notation.get("lihang"))
    tr = trace(grown_app("watermelon_2.0_alpha", "cart", "en", "lihang"))
    said = panel.why_text(tr, {**tr["nodes"][0], "scores": []}, 3)
    assert said.startswith("CART takes the split that lowers the Gini index most: 纹理. Where "
                           "no value is missing, that is the smallest Gini index Gini(D, A) "
                           "(Li Hang, Alg. 5.6, step (2)); this trace keeps no scores"), said
    assert "D̃" not in said and "ρ" not in said and not re.search(r"=\s*[(;.]", said)


# A four-valued attribute whose best two-way partition is {a,b} against {c,d}: no cut point
# A = a of Li Hang's (one value against the rest), though CART's search over partitions found it
PARTITIONED = "c,y\n" + "".join(f"{c},{y}\n" for c, y in zip("aabbccddaabbccdd",
                                                               "nyyynnnnyyyynnnn", strict=True))
PARTITION_SAID = {
    "en": ("Among all features and the two-way partitions of their values, c has the smallest "
           "Gini index Gini(D, A), {gini_index} (Alg. 5.6, step (2)). Its split puts the values "
           "D holds, c ∈ {{a,b}} against c ∈ {{c,d}}, more than one on each side, so it is none "
           "of Li Hang's cut points A = a"),
    "zh": ("在所有特征及其取值的所有二分划分中，c 的基尼指数 Gini(D, A) 最小，为 {gini_index}"
           "（算法 5.6 步 (2)）。它把 D 中的取值分为 c ∈ {{a,b}} 对 c ∈ {{c,d}}，两侧都不止一个"
           "取值，因而不是李航的切分点 A = a"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_partition_of_several_values_a_side_is_not_called_a_cut_point(lang):
    """The sentence said 'among all features and their cut points' of a split that puts two
    values on each side: not one of Alg. 5.6's cut points A = a. It now names the two sides
    and says the search is over partitions, which include his cut points."""
    at = started_app(lang, "lihang")
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("c.csv", PARTITIONED.encode(), "text/csv")).run()
    at.selectbox(key="algorithm").set_value("cart").run()
    assert not at.exception and not at.error
    tr = trace(at)
    root = tr["nodes"][0]
    row = next(r for r in root["scores"] if r["chosen"])
    assert (row["left"], row["right"]) == (["a", "b"], ["c", "d"])
    said = next(plain(e.value) for e in at.info if "Gini(D" in plain(e.value))
    assert said.startswith(PARTITION_SAID[lang].format(**chosen_numbers(root))), said
    assert "their cut points," not in said and "及其切分点中" not in said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_cli_says_the_partition_too(lang):
    """`grow --notation lihang`'s sentence for the same node names the sides as well (both
    read export.partition_sides); one value against the rest keeps the cut point's words."""
    import pandas as pd

    from dtree_core import DecisionTree

    rows = [line.split(",") for line in PARTITIONED.split()[1:]]
    X, y = pd.DataFrame({"c": [r[0] for r in rows]}), pd.Series([r[1] for r in rows])
    root = DecisionTree("cart").fit(X, y).trace_.to_dict()["nodes"][0]
    said = decision_text(root["decision"], "first", lang, notation.get("lihang"), root["scores"])
    sides = {"en": "the values D holds, c ∈ {a,b} against c ∈ {c,d}, more than one on each side",
             "zh": "这个划分把 D 中的取值分为 c ∈ {a,b} 对 c ∈ {c,d}，两侧都不止一个取值"}[lang]
    assert sides in said and "Gini(D, c) = 0.109" in said, said
    cut_point = {"en": "among all features and their cut points", "zh": "及其所有可能的切分点中"}
    assert cut_point[lang] not in said
    one_against_rest = DecisionTree("cart").fit(X.replace("b", "a"), y).trace_.to_dict()
    node = one_against_rest["nodes"][0]
    kept = decision_text(node["decision"], "first", lang, notation.get("lihang"), node["scores"])
    assert cut_point[lang] in kept and sides[:8] not in kept, kept


# Nine values of 年龄 × 信贷情况: below the root, a node's rows hold only some of them, and
# the partition's sides still list the others (where a value no row holds would go)
COMBINED = ("组合,类别\n青年一般,否\n青年好,否\n青年好,是\n青年一般,是\n青年一般,否\n中年一般,否\n"
            "中年好,否\n中年好,是\n中年非常好,是\n中年非常好,是\n老年非常好,是\n老年好,是\n"
            "老年好,是\n老年非常好,是\n老年一般,否\n")


def test_a_side_of_one_value_held_is_a_cut_point_whatever_the_absent_values(monkeypatch):
    """A node holding 中年好 and 青年好 was split 中年好 against 青年好, each side listing
    values no row of it holds: the sentence and the pseudo-code note said 'several values on
    each side, none of Li Hang's cut points', of what is A = a at that node. Only the values
    the node holds count (export.partition_sides, read by the sentences, the CLI and the
    note); where they are several a side, the sides are named by them."""
    import pandas as pd

    from dtree_core import DecisionTree
    from dtree_core.export import partition_sides
    from ui import panel, pseudocode, state

    rows = [line.split(",") for line in COMBINED.split()[1:]]
    X, y = pd.DataFrame({"组合": [r[0] for r in rows]}), pd.Series([r[1] for r in rows])
    tr = DecisionTree("cart").fit(X, y).trace_.to_dict()
    splits = [n for n in tr["nodes"] if n["decision"]["kind"] == "split"]
    one_a_side = [n for n in splits if partition_sides(n) is None]
    several = [n for n in splits if partition_sides(n) is not None]
    assert one_a_side and several  # both kinds of node are in this tree
    for n in several:  # the sides name only values the node's rows hold
        held = next(r for r in n["scores"] if r["chosen"])["value_counts"]
        assert {v for side in partition_sides(n) for v in side} <= set(held)
    lihang = notation.get("lihang")
    monkeypatch.setattr(state, "notation", lambda: lihang)
    figure = pseudocode.figure_for(tr, "lihang")
    for n in one_a_side:
        said = panel.why_text(tr, n, 3)
        assert "cut points A = a" not in said and "their cut points" in said, said
        assert not any("several of the values" in text
                       for text in pseudocode.notes(tr, n, figure)), n["id"]
        cli = decision_text(n["decision"], "first", "en", lihang, n["scores"])
        assert "among all features and their cut points" in cli, cli
    for n in several:
        assert any("several of the values" in text for text in pseudocode.notes(tr, n, figure))
