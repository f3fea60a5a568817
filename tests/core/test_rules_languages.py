"""The rules' text forms in Chinese (如果 … 且 … 那么 …) beside the English golden ones."""

from __future__ import annotations

from textwrap import dedent

import pytest

from dtree_core import DecisionTree
from dtree_core.rules import (
    WORDS,
    pruned_rules_text,
    rule_table,
    rules_markdown,
    rules_text,
)
from tests.core.test_cli_languages import placeholders
from tests.core.test_rules import WM2_ID3_RULES


@pytest.fixture
def wm2_trace(wm2):
    X, y = wm2
    return DecisionTree("id3").fit(X, y).trace_.to_dict()


WM2_ID3_RULES_ZH = dedent("""\
    R1：如果 纹理=清晰 且 根蒂=蜷缩 那么 好瓜=是  [训练集：覆盖率 5/17（29.4%），精度 100.0%]
    R2：如果 纹理=清晰 且 根蒂=稍蜷 且 色泽=青绿 那么 好瓜=是  [训练集：覆盖率 1/17（5.9%），精度 100.0%]
    R3：如果 纹理=清晰 且 根蒂=稍蜷 且 色泽=乌黑 且 触感=硬滑 那么 好瓜=是  [训练集：覆盖率 1/17（5.9%），精度 100.0%]
    R4：如果 纹理=清晰 且 根蒂=稍蜷 且 色泽=乌黑 且 触感=软粘 那么 好瓜=否  [训练集：覆盖率 1/17（5.9%），精度 100.0%]
    R5：如果 纹理=清晰 且 根蒂=稍蜷 且 色泽=浅白 那么 好瓜=是  [训练集：覆盖率 0/17（0.0%），精度 —]
    R6：如果 纹理=清晰 且 根蒂=硬挺 那么 好瓜=否  [训练集：覆盖率 1/17（5.9%），精度 100.0%]
    R7：如果 纹理=稍糊 且 触感=硬滑 那么 好瓜=否  [训练集：覆盖率 4/17（23.5%），精度 100.0%]
    R8：如果 纹理=稍糊 且 触感=软粘 那么 好瓜=是  [训练集：覆盖率 1/17（5.9%），精度 100.0%]
    R9：如果 纹理=模糊 那么 好瓜=否  [训练集：覆盖率 3/17（17.6%），精度 100.0%]""")  # noqa: E501


def test_both_languages_have_every_word_with_the_same_placeholders():
    assert set(WORDS["en"]) == set(WORDS["zh"])
    for key, text in WORDS["en"].items():
        assert placeholders(text) == placeholders(WORDS["zh"][key]), key
        assert WORDS["zh"][key] != text, key


def test_rules_text_in_both_languages(wm2_trace):
    assert rules_text(wm2_trace) == rules_text(wm2_trace, lang="en") == WM2_ID3_RULES
    assert rules_text(wm2_trace, lang="zh") == WM2_ID3_RULES_ZH


def test_held_out_figures_and_markdown_in_chinese(wm2, wm2_trace):
    X, y = wm2
    rows = X.iloc[[0, 5, 9]].copy(), y.iloc[[0, 5, 9]]
    first = rules_text(wm2_trace, *rows, lang="zh").splitlines()[0]
    assert first == ("R1：如果 纹理=清晰 且 根蒂=蜷缩 那么 好瓜=是  [训练集：覆盖率 5/17（29.4%），"
                     "精度 100.0%；测试集：覆盖率 1/3（33.3%），精度 100.0%]")
    header = rules_markdown(wm2_trace, *rows, lang="zh").splitlines()[0]
    assert header.split("|")[1:-1] == [" 规则 ", " 如果 ", " 那么 ", " 训练集覆盖率 ",
                                       " 训练集精度 ", " 测试集覆盖率 ", " 测试集精度 "]


def test_a_root_leaf_holds_always(wm2):
    X, y = wm2
    stump = DecisionTree("id3", max_depth=0).fit(X, y).trace_.to_dict()
    assert rules_text(stump, lang="zh").startswith("R1：如果 恒成立 那么 好瓜=")
    assert rules_text(stump).startswith("R1: IF TRUE THEN 好瓜=")


def test_pruned_rules_and_the_rule_table_in_chinese(wm2, wm2_trace):
    X, y = wm2
    english = pruned_rules_text(wm2_trace, X, y).splitlines()
    chinese = pruned_rules_text(wm2_trace, X, y, lang="zh").splitlines()
    assert len(english) == len(chinese)
    for en, zh in zip(english, chinese, strict=True):
        assert ("dropped:" in en) == ("去掉的条件：" in zh)
        assert ("REMOVED" in en) == ("已删除" in zh)
        assert " IF " not in zh and "悲观错误率" in zh
        # several dropped conditions are listed with the enumeration comma, as 、 lists
        # items in a Chinese sentence (a ， would read as a clause break)
        dropped = zh.partition("去掉的条件：")[2].partition("  ")[0]
        assert dropped.count("、") == en.partition("dropped: ")[2].count(", ")
        assert "，" not in dropped
    table = rule_table(wm2_trace, "zh")
    assert table.columns[0] == "规则" and rule_table(wm2_trace).columns[0] == "rule"


def test_a_tied_leaf_says_so_in_chinese(wm2):
    """The panel's words for it: 并列, and the class 数据中先出现 is the one taken."""
    X, y = wm2
    trace = DecisionTree("id3", max_depth=3).fit(X, y).trace_.to_dict()
    tie = "好瓜=是（与“否”并列，取数据中先出现者）"
    assert rules_text(trace, lang="zh").splitlines()[2] == (
        "R3：如果 纹理=清晰 且 根蒂=稍蜷 且 色泽=乌黑 那么 " + tie
        + "  [训练集：覆盖率 2/17（11.8%），精度 50.0%]")
    assert f"| {tie} |" in rules_markdown(trace, lang="zh").splitlines()[4]
    assert rule_table(trace, "zh").rows[2][-1] == "是（与“否”并列，取数据中先出现者）"


def test_an_unknown_language_is_refused(wm2_trace):
    with pytest.raises(ValueError, match="Unknown language 'fr'"):
        rules_text(wm2_trace, lang="fr")


@pytest.mark.parametrize("term", ["样本", "实例"])
def test_the_chinese_rule_words_use_neither_books_word_for_a_row(term):
    """The rule texts are written without a notation (the CLI's --rules, the export page's
    downloads under either book), so they say 训练集, not Zhou's 样本 or Li Hang's 实例."""
    assert not [text for text in WORDS["zh"].values() if term in text]
