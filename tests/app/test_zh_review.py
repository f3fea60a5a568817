"""A Chinese reader's review: one textbook word per idea, in the book whose notation is shown.

Zhou calls the split point t 划分点, Li Hang 切分点; 阈值 is Li Hang's ε (and his 预定阈值 of
Alg. 5.6), never t. Li Hang calls Gini(p) 基尼指数 (def. 5.4) where Zhou says 基尼值 (eq. 4.5).
Zhou's exercise 4.4 asks for 预剪枝、后剪枝决策树: its answer names its trees so.
"""

from __future__ import annotations

import pytest

from ui.messages import ZH


def test_the_split_point_t_is_never_called_a_threshold():
    """Li Hang's CART caption said 对连续属性取阈值 t 切分 for the oblique tree, 取切分点 t 切分
    for the others: one idea, two words."""
    assert {key: text for key, text in ZH.items() if "阈值 t" in text} == {}


@pytest.mark.parametrize("key", sorted(k for k, text in ZH.items() if "基尼值" in text))
def test_li_hangs_notation_does_not_say_zhous_gini_value(key):
    """Zhou's 基尼值 shown under Li Hang's notation (the impurity chart's legend and table read
    Gini（基尼值）): every text with it has Li Hang's own wording (widgets.in_notation)."""
    lihang = ZH.get(f"{key}.lihang")
    assert lihang is not None and "基尼值" not in lihang


def test_zhous_gini_value_keys_were_looked_at():
    assert "lesson.impurity.gini" in [k for k, text in ZH.items() if "基尼值" in text]
    assert ZH["lesson.impurity.gini.lihang"] == "Gini（基尼指数）"


@pytest.mark.parametrize("tree", ["pre", "rep"])
def test_exercise_4_4s_trees_are_named_as_its_question_names_them(tree):
    """The question asks for 预剪枝、后剪枝决策树; the answer's reduced-error tree was headed
    错误率降低剪枝 alone, so the post-pruned tree the question asks for was not named."""
    name = ZH[f"preset.tree.{tree}"].split("（")[0]
    assert name in {"pre": "预剪枝", "rep": "后剪枝"}[tree]
    assert f"{name}、" in ZH["preset.q.zhou-4.4"] or f"、{name}" in ZH["preset.q.zhou-4.4"]
