"""dtree_core.dot and pruning: cut-off nodes greyed, the growth replayed as it grew, the pruning
view after each event (post- and pre-pruning), and hostile labels escaped there too."""

from __future__ import annotations

import re
import shutil
import subprocess

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.dot import pruning_view, to_dot
from tests.app.test_dot import changed_between_steps, outlines, svg_outlines
from tests.conftest import xy

BOOK = {"root": "脐部"}


def book(method: str) -> dict:
    train = xy("watermelon_2.0_train.csv", "好瓜", drop=["编号"])
    validation = xy("watermelon_2.0_validation.csv", "好瓜", drop=["编号"])
    return DecisionTree("id3", force=BOOK, prune=method).fit(
        *train, validation=validation).trace_.to_dict()


def node_line(dot: str, node_id: int) -> str:
    return next(line for line in dot.splitlines() if line.strip().startswith(f"n{node_id} ["))


def test_growth_replay_draws_a_post_pruned_node_as_it_grew():
    trace = book("rep")
    pruned = next(n for n in trace["nodes"] if n["decision"]["stop"] == "pruned")
    last = len(trace["steps"]) - 1
    grown = to_dot(trace, last).source
    assert f"<B>{pruned['decision']['was']['attribute']}</B>" in node_line(grown, pruned["id"])
    assert "dt-pruned" not in grown  # while growing nothing is cut yet
    whole = to_dot(trace).source
    assert "✂" in node_line(whole, pruned["id"])
    assert all("dt-pruned" in node_line(whole, c) for c in pruned["children"])


def test_post_pruning_view_cuts_only_what_the_events_so_far_pruned():
    trace = book("rep")
    events = trace["pruning"]
    for k, event in enumerate(events):
        view = pruning_view(trace, k)
        pruned_so_far = [e["node"] for e in events[: k + 1] if e["action"] == "prune"]
        for node in pruned_so_far:
            assert view["decision"][node]["kind"] == "leaf"
            assert set(trace["nodes"][node]["children"]) <= view["cut"]
        for later in (e["node"] for e in events[k + 1:] if e["action"] == "prune"):
            assert view["decision"][later]["kind"] == "split"
        assert view["current"] == event["node"]


def test_pre_pruning_view_shows_children_once_the_split_is_kept():
    trace = book("pre")
    first = pruning_view(trace, 0)  # the root's split is kept: its children appear, undecided
    assert first["shown"] == {0, 1, 2, 3}
    assert first["pending"] == {1, 2}  # 3 (平坦) is pure: a leaf with no event
    last = pruning_view(trace, len(trace["pruning"]) - 1)
    assert last["pending"] == set()
    dot = to_dot(trace, pruning_step=1).source
    assert "dt-current dt-prune" in node_line(dot, 1) and "71.4% → 57.1%" in dot


def test_pruning_view_escapes_hostile_labels():
    names = ['a"b', "<i>x</i>", "{c|d}"]
    X = pd.DataFrame({name: ["p", "q", "p", "q", "p", "q"] for name in names})
    X["<v>"] = ["1&", "2<", "1&", "2<", "2<", "1&"]
    y = pd.Series(["y&1", "y<2>", "y&1", "y<2>", "y&1", "y&1"], name="class")
    trace = DecisionTree("id3", prune="pep", cf=0.5).fit(X, y).trace_.to_dict()
    assert trace["pruning"]
    dot = to_dot(trace, pruning_step=0).source
    assert "y<2>" not in dot and "<v>" not in re.sub(r"<B>|</B>|<BR/>", "", dot)
    if shutil.which("dot") is None:
        pytest.skip("graphviz's dot is not installed")
    result = subprocess.run(["dot", "-Tsvg"], input=dot.encode(), capture_output=True,
                            check=False)
    assert result.returncode == 0, result.stderr.decode()


@pytest.mark.parametrize("method", ["rep", "pre"])
def test_book_pruning_steps_keep_each_nodes_outline(method):
    """The grow page's book example steps through the pruning events: a node keeps its shape
    and its outline's kind from one event to the next (a split pruned into a leaf, a leaf cut
    off, a pending child decided), as the app's chart needs (see test_dot's outlines)."""
    trace = book(method)
    sources = [to_dot(trace, pruning_step=k).source for k in range(len(trace["pruning"]))]
    assert len(sources) > 1
    assert changed_between_steps([outlines(s) for s in sources]) == []
    assert changed_between_steps([svg_outlines(s) for s in sources]) == []


def test_book_reduced_error_steps_still_tell_the_states_apart():
    """Same outline, other marks: at the third event #1 is pruned (red, ✂), its subtree cut
    off (greyed, dashed), the next split (#5) still filled blue and solid."""
    third = to_dot(book("rep"), pruning_step=2).source
    assert 'color="#d62728"' in node_line(third, 1) and "✂" in node_line(third, 1)
    assert all("dt-pruned" in node_line(third, c) and "dashed" in node_line(third, c)
               for c in (2, 3, 4))
    assert "dashed" not in node_line(third, 5) and "#e8f0fb" in node_line(third, 5)
