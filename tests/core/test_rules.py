"""IF-THEN rules: golden text and Markdown, coverage with missing values, the CLI's --rules."""

from __future__ import annotations

from textwrap import dedent

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.rules import Coverage, coverage_on, rules, rules_markdown, rules_text


@pytest.fixture
def wm2_trace(wm2):
    X, y = wm2
    return DecisionTree("id3").fit(X, y).trace_.to_dict()


WM2_ID3_RULES = dedent("""\
    R1: IF 纹理=清晰 AND 根蒂=蜷缩 THEN 好瓜=是  [training: coverage 5, accuracy 100.0%]
    R2: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=青绿 THEN 好瓜=是  [training: coverage 1, accuracy 100.0%]
    R3: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=乌黑 AND 触感=硬滑 THEN 好瓜=是  [training: coverage 1, accuracy 100.0%]
    R4: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=乌黑 AND 触感=软粘 THEN 好瓜=否  [training: coverage 1, accuracy 100.0%]
    R5: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=浅白 THEN 好瓜=是  [training: coverage 0, accuracy —]
    R6: IF 纹理=清晰 AND 根蒂=硬挺 THEN 好瓜=否  [training: coverage 1, accuracy 100.0%]
    R7: IF 纹理=稍糊 AND 触感=硬滑 THEN 好瓜=否  [training: coverage 4, accuracy 100.0%]
    R8: IF 纹理=稍糊 AND 触感=软粘 THEN 好瓜=是  [training: coverage 1, accuracy 100.0%]
    R9: IF 纹理=模糊 THEN 好瓜=否  [training: coverage 3, accuracy 100.0%]""")  # noqa: E501


def test_rules_text_is_the_book_tree(wm2_trace):
    """Zhou Fig. 4.4's tree, one rule per leaf in TreeGenerate's order (R5: the empty 浅白)."""
    assert rules_text(wm2_trace) == WM2_ID3_RULES


def test_rules_markdown_with_held_out_rows(wm2, wm2_trace):
    X, y = wm2
    held_out_X = X.iloc[[0, 5, 9]].copy()  # 1: R1 (是), 6: R2 (是), 10: R6 (否)
    held_out_y = pd.Series(["是", "否", "否"])  # the second is deliberately mislabelled
    text = rules_markdown(wm2_trace, held_out_X, held_out_y)
    lines = text.splitlines()
    assert lines[0] == ("| rule | IF | THEN | training coverage | training accuracy | "
                        "held-out coverage | held-out accuracy |")
    assert lines[1] == "|---|---|---|---|---|---|---|"
    assert lines[2] == "| R1 | 纹理=清晰 AND 根蒂=蜷缩 | 好瓜=是 | 5 | 100.0% | 1 | 100.0% |"
    assert lines[3] == ("| R2 | 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=青绿 | 好瓜=是 | 1 | 100.0% | "
                        "1 | 0.0% |")
    assert lines[7] == "| R6 | 纹理=清晰 AND 根蒂=硬挺 | 好瓜=否 | 1 | 100.0% | 1 | 100.0% |"
    assert lines[8].endswith("| 0 | — |")
    assert len(lines) == 2 + 9


def test_training_coverage_matches_routing(wm2, wm2_trace):
    """The trace's leaf counts and routing the training rows agree, leaf by leaf."""
    X, y = wm2
    routed = coverage_on(wm2_trace, X, y)
    for rule in rules(wm2_trace):
        assert routed[rule.leaf] == rule.train


def test_missing_value_splits_coverage_by_branch_weight(wm2, wm2_trace):
    """A row without 纹理 reaches every subtree with the branch's share: 9/17, 5/17, 3/17."""
    X, y = wm2
    row = X.iloc[[0]].copy()
    row["纹理"] = None
    found = coverage_on(wm2_trace, row, pd.Series(["否"]))
    leaf_of_r9 = rules(wm2_trace)[8].leaf
    assert found[leaf_of_r9] == Coverage(pytest.approx(3 / 17), pytest.approx(3 / 17))
    assert sum(c.covered for c in found.values()) == pytest.approx(1.0)
    r1 = rules(wm2_trace)[0].leaf
    assert found[r1].covered == pytest.approx(9 / 17) and found[r1].correct == 0


def test_root_leaf_rule_reads_true():
    X = pd.DataFrame({"a": ["x", "x", "x"]})
    trace = DecisionTree("id3").fit(X, pd.Series(["p", "q", "p"], name="c")).trace_.to_dict()
    assert rules_text(trace) == "R1: IF TRUE THEN c=p  [training: coverage 3, accuracy 66.7%]"


def test_continuous_rules_use_thresholds(wm3):
    X, y = wm3
    trace = DecisionTree("c45").fit(X, y).trace_.to_dict()
    first = rules(trace)[0]
    assert first.condition_text.startswith("含糖率<=0.126")
    total = sum(r.train.covered for r in rules(trace))
    assert total == 17
    assert np.isclose(sum(r.train.correct for r in rules(trace)), 17)
