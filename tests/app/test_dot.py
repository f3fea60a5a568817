"""dtree_core.dot: the tree at a step, escaping of hostile labels, big-tree views."""

from __future__ import annotations

import re
import subprocess
from itertools import pairwise

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.datasets import get
from dtree_core.dot import around_paths, depth_that_fits, replay_state, to_dot
from dtree_core.loading import load_path, prepare


def grow(key: str, algorithm: str = "id3", **options) -> dict:
    prepared = prepare(load_path(get(key).path), get(key).target)
    model = DecisionTree(algorithm=algorithm, nominal=prepared.nominal,
                         continuous=prepared.continuous, **options)
    return model.fit(prepared.X, prepared.y).trace_.to_dict()


@pytest.fixture(scope="module")
def wm2() -> dict:
    return grow("watermelon_2.0")


def node_line(dot: str, node_id: int) -> str:
    return next(line for line in dot.splitlines() if line.strip().startswith(f"n{node_id} ["))


def test_step_zero_is_the_root_with_three_pending_children(wm2):
    decided, pending, current = replay_state(wm2, 0)
    assert (decided, current) == ({0}, 0)
    assert pending == set(wm2["nodes"][0]["children"])
    dot = to_dot(wm2, 0).source
    assert "dt-current" in node_line(dot, 0)
    assert all("dashed" in node_line(dot, c) for c in pending)
    assert dot.count(" -> ") == 3


def test_whole_tree_has_every_node_and_no_highlight(wm2):
    dot = to_dot(wm2).source
    assert "dt-current" not in dot and "dt-pending" not in dot
    assert len(re.findall(r"^\s*n\d+ \[", dot, flags=re.M)) == len(wm2["nodes"])
    assert "→ 是" in dot and "<B>纹理</B>" in dot


def test_cjk_font_on_graph_nodes_and_edges(wm2):
    dot = to_dot(wm2, 3).source
    assert dot.count('fontname="Noto Sans CJK SC"') == 3


def test_bfs_order_replays_level_by_level(wm2):
    from ui.tables import bfs_order

    order = bfs_order(wm2)
    assert sorted(order) == list(range(len(wm2["nodes"])))
    assert order[:4] == [0, *wm2["nodes"][0]["children"]]
    decided, _, current = replay_state(wm2, 3, order)
    assert current == order[3] and decided == set(order[:4])


def hostile_trace() -> dict:
    names = ['a"b', "<i>x</i>", "{c|d}", "back\\slash", "多\n行"]
    X = pd.DataFrame({name: ["p", "q", "p", "q"] for name in names[:-1]})
    X[names[-1]] = ['v"1', "<v2>", 'v"1', "<v2>"]
    y = pd.Series(["y&1", "y<2>", "y&1", "y<2>"], name="class")
    return DecisionTree().fit(X[[names[-1], *names[:-1]]], y).trace_.to_dict()


def test_hostile_labels_are_escaped_and_dot_accepts_them():
    dot = to_dot(hostile_trace(), 0).source
    assert "<v2>" not in dot and "y<2>" not in dot  # raw angle brackets never reach DOT
    assert "y&amp;1" in dot
    result = subprocess.run(["dot", "-Tsvg"], input=dot.encode(), capture_output=True,
                            check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert b"&lt;v2&gt;" in result.stdout


def test_long_names_keep_their_ends_so_leaves_stay_told_apart():
    # two classes, and two attributes, that differ only in their last character
    first, second = "C" * 150 + "1", "C" * 150 + "2"
    df = pd.DataFrame({"A" * 150 + "a": ["x"] * 4 + ["y"] * 4,
                       "A" * 150 + "b": ["p", "q"] * 4,
                       "cls": [first] * 4 + [second] * 4})
    trace = DecisionTree().fit(df.iloc[:, :2], df["cls"]).trace_.to_dict()
    dot = to_dot(trace, None, highlight=False).source
    leaves = [n for n in trace["nodes"] if n["decision"]["kind"] == "leaf"]
    assert {n["decision"]["label"] for n in leaves} == {first, second}
    for leaf in leaves:
        label = leaf["decision"]["label"]
        assert f"→ {label[:60]}…{label[-59:]}</B>" in node_line(dot, leaf["id"])
    counts = f"{first[:60]}…{first[-59:]} 4 · {second[:60]}…{second[-59:]} 4"
    assert counts in node_line(dot, 0)
    assert f"<B>{'A' * 60}…{'A' * 58}a</B>" in node_line(dot, 0)


@pytest.fixture(scope="module")
def big() -> dict:
    trace = grow("penguins", "cls")
    assert len(trace["nodes"]) >= 200
    return trace


def test_collapse_below_a_depth_stubs_hidden_subtrees(big):
    dot = to_dot(big, len(big["steps"]) - 1, collapse_depth=2).source
    drawn = {int(i) for i in re.findall(r"^\s*n(\d+) \[", dot, flags=re.M)}
    assert all(big["nodes"][i]["depth"] <= 2 for i in drawn)
    hidden = re.findall(r'h\d+ \[label="⋯ (\d+)"', dot)
    assert sum(map(int, hidden)) == len(big["nodes"]) - len(drawn)


def test_neighbourhood_keeps_the_path_and_stays_small(big):
    step = len(big["steps"]) // 2
    current = big["steps"][step]
    dot = to_dot(big, step, neighbourhood=1).source
    drawn = {int(i) for i in re.findall(r"^\s*n(\d+) \[", dot, flags=re.M)}
    node, path = big["nodes"][current], {current}
    while node["parent"] is not None:
        path.add(node["parent"])
        node = big["nodes"][node["parent"]]
    assert path <= drawn
    assert len(drawn) < 60
    assert "dt-current" in node_line(dot, current)


# --------------------------------------------------------------------- parts of a big tree


def test_around_paths_is_the_paths_with_the_branches_not_taken(wm2):
    nodes = wm2["nodes"]
    leaf = next(n for n in nodes if n["depth"] == 2 and n["decision"]["kind"] == "leaf")
    path = {leaf["id"], leaf["parent"], 0}
    expected = path | {c for i in path for c in nodes[i].get("children", [])}
    assert around_paths(wm2, [leaf["id"]]) == expected
    assert around_paths(wm2, range(len(nodes))) == set(range(len(nodes)))


def test_depth_that_fits_is_the_deepest_whose_nodes_fit(wm2):
    per_depth = [sum(n["depth"] <= d for n in wm2["nodes"]) for d in range(5)]
    assert depth_that_fits(wm2, len(wm2["nodes"])) is None
    for limit in range(1, len(wm2["nodes"])):
        depth = depth_that_fits(wm2, limit)
        assert per_depth[depth] <= limit < per_depth[depth + 1]
    assert depth_that_fits(wm2, 0) == 0  # the root alone is always drawn
    among = around_paths(wm2, [0])
    assert depth_that_fits(wm2, len(among), among=among) is None
    assert depth_that_fits(wm2, len(among) - 1, among=among) == 0


def test_only_draws_those_nodes_with_stubs_counting_the_rest(wm2):
    near = around_paths(wm2, [0])
    dot = to_dot(wm2, only=near).source
    drawn = {int(i) for i in re.findall(r"^\s*n(\d+) \[", dot, re.M)}
    assert drawn == near
    stubs = [int(k) for k in re.findall(r"label=\"⋯ (\d+)\"", dot)]
    assert sum(stubs) == len(wm2["nodes"]) - len(near)


# ------------------------------------------------ one outline per node, step after step
# The app's charts (st.graphviz_chart: d3-graphviz) morph one step's drawing into the next
# and match a node's SVG children by position: a node whose outline turned from a rounded box
# (<path>) into a plain one (<polygon>) was drawn as bare text, its arrow ending in empty
# space. So a node keeps its shape and its outline's kind; only fill, colour, pen width and
# dashes may change.

def outlines(dot: str) -> dict[str, tuple[str, bool]]:
    """Each tree node's (shape, rounded) as the DOT statement draws it (box by default)."""
    drawn = {}
    for name, attributes in re.findall(r"^\s*(n\d+) \[(.*)\]$", dot, flags=re.M):
        shape = re.search(r'\bshape="?(\w+)', attributes)
        style = re.search(r'\bstyle="([^"]*)"', attributes)
        keywords = set(style.group(1).split(",")) if style else set()
        drawn[name] = (shape.group(1) if shape else "box", "rounded" in keywords)
    return drawn


def svg_outlines(dot: str) -> dict[str, str]:
    """Each tree node's outline element in Graphviz's SVG (path, polygon, …): what
    d3-graphviz matches between two drawings."""
    svg = subprocess.run(["dot", "-Tsvg"], input=dot.encode(), capture_output=True,
                         check=True).stdout.decode()
    tags = {}
    for title, body in re.findall(r'<g id="node\d+" class="node[^"]*">\s*<title>(n\d+)</title>'
                                  r"(.*?)</g>", svg, flags=re.S):
        tags[title] = re.search(r"<(path|polygon|ellipse|polyline)\b", body).group(1)
    return tags


def changed_between_steps(drawings: list[dict]) -> list[tuple[int, str, object, object]]:
    return [(k, name, before[name], after[name])
            for k, (before, after) in enumerate(pairwise(drawings))
            for name in before.keys() & after.keys() if before[name] != after[name]]


def test_growth_steps_keep_each_nodes_outline(wm2):
    """A pending node (dashed) that becomes a leaf keeps the rounded box it was drawn in."""
    sources = [to_dot(wm2, k).source for k in range(len(wm2["steps"]))] + [to_dot(wm2).source]
    assert changed_between_steps([outlines(s) for s in sources]) == []
    assert changed_between_steps([svg_outlines(s) for s in sources]) == []
