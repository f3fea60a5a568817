"""Pages without the Grow page's view setting draw a tree past DRAWN_MAX nodes in part and say
which part (issue 13: a 22k-node tree's whole DOT went to the browser from Predict and Compare,
and a sample missing every value made the Predict page list 11k split tables: 24 s)."""

from __future__ import annotations

import re

import pytest

from tests.app.test_server_app import noisy, uploaded
from ui import widgets

LIMIT = 30  # small, so that a small upload is a big tree
DEPTH = {"en": r"drawn down to depth (\d+)", "zh": r"只画到第 (\d+) 层"}
PATHS_DEPTH = {"en": r"did not take, down to depth (\d+)", "zh": r"到第 (\d+) 层为止"}
PATHS = {"en": "drawn are the nodes the sample reached", "zh": "只画出样本到达的结点"}
MORE = {"en": r"Splits on a missing value not listed here: (\d+);", "zh": r"另有 (\d+) 处划分"}


@pytest.fixture
def small_limit(monkeypatch):
    monkeypatch.setattr(widgets, "DRAWN_MAX", LIMIT)


def drawn(dot: str) -> set[int]:
    return {int(i) for i in re.findall(r"^\s*n(\d+) \[", dot, re.M)}


def outlined(dot: str) -> set[int]:
    return {int(i) for i in re.findall(r'^\s*n(\d+) \[color="#d62728" penwidth=3', dot, re.M)}


def stubbed(dot: str) -> int:
    return sum(int(k) for k in re.findall(r'label="⋯ (\d+)"', dot))


def captured(at, pattern: str) -> list[int]:
    return [int(m.group(1)) for c in at.caption if (m := re.search(pattern, c.value))]


def up_to(trace: dict, depth: int) -> set[int]:
    return {n["id"] for n in trace["nodes"] if n["depth"] <= depth}


def predicted(lang: str, values: dict, rows: int = 150):
    at = uploaded(noisy(rows, seed=1), "big.csv", lang=lang)
    at.switch_page("pages/predict.py").run()
    for name, value in values.items():
        at.number_input(key=f"pred::{name}").set_value(value)
    next(b for b in at.button if b.key.startswith("FormSubmitter:pred_form")).click().run()
    assert not at.exception
    return at, at.session_state["current"]["trace"], at.get("graphviz_chart")[0].proto.spec


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sample_missing_every_value_draws_the_top_levels(small_limit, lang):
    at, trace, dot = predicted(lang, {})
    (depth,) = captured(at, PATHS_DEPTH[lang])
    assert drawn(dot) == up_to(trace, depth)  # it reached every node
    assert len(up_to(trace, depth)) <= LIMIT < len(up_to(trace, depth + 1))
    assert outlined(dot) == drawn(dot)
    assert stubbed(dot) == len(trace["nodes"]) - len(drawn(dot))
    splits = sum(n["decision"]["kind"] == "split" for n in trace["nodes"])
    branch = {"en": "branch", "zh": "分支"}[lang]
    assert sum(branch in df.value.columns for df in at.dataframe) == 10
    assert captured(at, MORE[lang]) == [splits - 10]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_complete_sample_draws_its_path_and_the_branches_not_taken(small_limit, lang):
    at, trace, dot = predicted(lang, {"a": 0.5, "b": 0.5})
    nodes = trace["nodes"]
    (leaf,) = [n["id"] for n in nodes if n["id"] in outlined(dot)
               and n["decision"]["kind"] == "leaf"]
    path = {leaf}
    while nodes[min(path)]["parent"] is not None:
        path.add(nodes[min(path)]["parent"])
    assert outlined(dot) == path
    assert drawn(dot) == path | {c for i in path for c in nodes[i].get("children", [])}
    assert any(PATHS[lang] in c.value for c in at.caption)
    assert captured(at, PATHS_DEPTH[lang]) == []


def test_the_real_limit_holds_on_a_tree_just_past_it():
    at, trace, dot = predicted("en", {}, rows=600)
    assert len(trace["nodes"]) > widgets.DRAWN_MAX
    assert len(drawn(dot)) <= widgets.DRAWN_MAX
    assert stubbed(dot) == len(trace["nodes"]) - len(drawn(dot))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_compare_page_draws_each_big_tree_down_to_a_depth_that_fits(small_limit, lang):
    at = uploaded(noisy(150, seed=1), "big.csv", lang=lang)
    at.switch_page("pages/compare.py").run()
    assert not at.exception
    charts = [g.proto.spec for g in at.get("graphviz_chart")]
    depths = captured(at, DEPTH[lang])
    assert len(charts) == len(depths) >= 2
    sizes = captured(at, {"en": r"This tree has (\d+) nodes", "zh": r"这棵树有 (\d+) 个结点"}[lang])
    for dot, depth, size in zip(charts, depths, sizes, strict=True):
        assert len(drawn(dot)) <= LIMIT
        assert max(depths_in(dot).values()) == depth
        assert stubbed(dot) == size - len(drawn(dot))


def depths_in(dot: str) -> dict[int, int]:
    """Each drawn node's depth, from the drawing's edges."""
    parent = {int(c): int(p) for p, c in re.findall(r"^\s*n(\d+) -> n(\d+)", dot, re.M)}
    depth = {0: 0}
    for node in sorted(drawn(dot)):  # ids grow level by level: a parent comes first
        if node:
            depth[node] = depth[parent[node]] + 1
    return depth


def test_the_compare_page_s_step_view_draws_around_each_current_node(small_limit):
    at = uploaded(noisy(150, seed=1), "big.csv")
    at.switch_page("pages/compare.py").run()
    at.radio(key="cmp_view").set_value("together").run()
    at.slider(key="cmp_step").set_value(40).run()
    assert not at.exception
    charts = [g.proto.spec for g in at.get("graphviz_chart")]
    sizes = captured(at, r"This tree has (\d+) nodes: showing the current node's neighbourhood")
    assert len(charts) == len(sizes) >= 2
    for dot, size in zip(charts, sizes, strict=True):
        (current,) = re.findall(r"^\s*n(\d+) \[[^\n]*dt-current", dot, re.M)
        assert int(current) in drawn(dot) and len(drawn(dot)) < size


def test_the_hand_edit_trees_are_drawn_down_to_a_depth_that_fits(small_limit):
    at = uploaded(noisy(150, seed=1), "big.csv")
    at.switch_page("pages/exercises.py").run()
    assert not at.exception
    for name in ("algorithm", "student"):
        dot = at.session_state[f"he_dot_{name}"]
        size = len(drawn(dot)) + stubbed(dot)
        assert size > LIMIT >= len(drawn(dot)) and stubbed(dot) > 0
    assert len(captured(at, DEPTH["en"])) == 2
