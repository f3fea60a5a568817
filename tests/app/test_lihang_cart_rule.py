"""CART's rule sentence on the grow page under Li Hang's notation says what the code did, as
the CLI's --notation lihang says it (dtree_core.export.values_missing_at decides for both):
with no value missing his Alg. 5.6, the smallest Gini(D, A); with values missing (watermelon
2.0α) that he has no rule for them, what D̃ and ρ are, and the chosen row's numbers. Every
number is read from the trace the page replays."""

from __future__ import annotations

import re

import pytest
from app_helpers import grown_app, trace

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
