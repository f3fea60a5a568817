"""Prune and regroup by hand (dtree_core.handedit): each edit's validation accuracy counted by hand.

Watermelon 2.0, Zhou's Table 4.2: training rows 1,2,3,6,7,10,14,15,16,17 and validation rows
4,5,8,9,11,12,13; ID3 with the book's root 脐部 (Fig. 4.5).
validation rows (纹理 脐部 色泽 好瓜):
   4: 清晰 凹陷 青绿 是    5: 清晰 凹陷 浅白 是    8: 清晰 稍凹 乌黑 是    9: 稍糊 稍凹 乌黑 否
  11: 模糊 平坦 浅白 否   12: 模糊 平坦 浅白 否   13: 稍糊 凹陷 青绿 否
"""

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.data import DataError
from dtree_core.datasets import get
from dtree_core.fitted_trace import FittedTrace
from dtree_core.handedit import (
    PRUNE_RULE,
    Edit,
    apply,
    attributes_of,
    cut_at,
    find_node,
    judged,
    prune_below,
    regroup,
    replay,
    validation_accuracy,
)
from dtree_core.options import Options
from dtree_core.paths import path_keys
from dtree_core.trace import Trace
from dtree_core.wording import prune_rule


def book():
    train, validation = get("watermelon_2.0_train"), get(get("watermelon_2.0_train").validation)
    f, g = pd.read_csv(train.path), pd.read_csv(validation.path)
    drop = ["编号", train.target]
    return f.drop(columns=drop), f[train.target], g.drop(columns=drop), g[train.target]


@pytest.fixture(scope="module")
def table_4_2():
    X, y, Xv, yv = book()
    return DecisionTree(force={"root": "脐部"}).fit(X, y).trace_, X, y, Xv, yv


def test_the_grown_tree_scores_as_fig_4_5(table_4_2):
    # Fig. 4.5: 3/7 = 42.9%. Row 4 (凹陷, 青绿 -> 是) ✓, 5 (凹陷, 浅白 -> 否) ✗, 13 (凹陷, 青绿
    # -> 是) ✗, 11 and 12 (平坦 -> 否) ✓ ✓, 8 and 9 (稍凹 -> 根蒂 稍蜷 -> 色泽 乌黑 -> 纹理):
    # 8 清晰 -> 否 ✗, 9 稍糊 -> 是 ✗.
    trace, X, y, Xv, yv = table_4_2
    assert validation_accuracy(trace, Xv, yv) == pytest.approx(3 / 7)


def test_pruning_below_a_node_makes_it_a_leaf_of_its_majority(table_4_2):
    # 脐部=凹陷 holds training rows 1,2,3,14: 3 是, 1 否 -> a leaf 是.
    # Before: that node splits on 色泽: row 4 青绿->是 ✓, 5 浅白->否 ✗, 13 青绿->是 ✗.
    # As a leaf 是: 4 ✓, 5 ✓, 13 ✗: one more right, 3/7 -> 4/7 (Zhou's 57.1%).
    trace, X, y, Xv, yv = table_4_2
    node = find_node(trace, "脐部=凹陷")
    result = judged(trace, Edit("prune", "脐部=凹陷"), X, y, Xv, yv)
    assert (result.before, result.after) == pytest.approx((3 / 7, 4 / 7))
    leaf = result.trace.nodes[node]
    assert leaf.class_counts == (3.0, 1.0) and leaf.decision.label == "是"
    assert leaf.decision.stop == "pruned" and leaf.decision.was.attribute == "色泽"
    assert all(n.pruned_away for n in result.trace.nodes if n.parent == node)


def test_pruning_a_leaf_is_refused(table_4_2):
    trace = table_4_2[0]
    with pytest.raises(DataError, match="leaf already"):
        prune_below(trace, find_node(trace, "脐部=平坦"))


def test_regrouping_texture_routes_rows_by_the_split_record(table_4_2):
    # Training rows by 纹理: 清晰 1,2,3,6 是, 10,15 否 -> (4 是, 2 否), a leaf 是;
    # 稍糊 7 是, 14,17 否 and 模糊 16 否 -> (1 是, 3 否), a leaf 否.
    # Validation: 清晰 rows 4,5,8 are 是 (3 ✓); 稍糊/模糊 rows 9,11,12,13 are 否 (4 ✓): 7/7.
    trace, X, y, Xv, yv = table_4_2
    edit = Edit("regroup", "root", "纹理", (("清晰",), ("稍糊", "模糊")))
    result = judged(trace, edit, X, y, Xv, yv)
    assert (result.before, result.after) == pytest.approx((3 / 7, 7 / 7))
    root = result.trace.nodes[0]
    left, right = (result.trace.nodes[c] for c in root.children)
    assert (left.class_counts, left.decision.label) == ((4.0, 2.0), "是")
    assert (right.class_counts, right.decision.label) == ((1.0, 3.0), "否")
    d = result.trace.to_dict()
    assert d["nodes"][1]["branch"] == {"attribute": "纹理", "op": "in", "value": ["清晰"]}
    # Predictions through the split record, read back from JSON
    predicted = FittedTrace.from_dict(Trace.from_dict(d).to_dict()).predict(Xv)
    assert list(predicted) == ["是" if v == "清晰" else "否" for v in Xv["纹理"]]


def test_regrouping_needs_every_value_once(table_4_2):
    trace, X, y, *_ = table_4_2
    with pytest.raises(DataError, match="exactly one group"):
        regroup(trace, 0, "纹理", [["清晰"], ["稍糊"]], X, y)
    with pytest.raises(DataError, match="two groups"):
        regroup(trace, 0, "纹理", [["清晰", "稍糊", "模糊"]], X, y)


def test_regrouping_a_lower_node_renumbers_depth_first(table_4_2):
    trace, X, y, Xv, yv = table_4_2
    edited = regroup(trace, find_node(trace, "脐部=稍凹"), "纹理",
                     [["清晰", "稍糊"], ["模糊"]], X, y)
    assert [n.id for n in edited.nodes] == list(range(len(edited.nodes)))
    for node in edited.nodes:
        for c in node.children:
            assert edited.nodes[c].parent == node.id
    assert find_node(edited, "脐部=平坦") == len(edited.nodes) - 1


# --------------------------------------------------------------------- a cut point typed
# Watermelon 3.0: grown on rows 1-12, validated on rows 13-17 (all 否).
# Prune the root: a leaf of the training majority 是 (8 是, 4 否): 0/5 right.
# Cut the root at 密度 0.42: <= 0.42 rows 6 (0.403 是), 10, 11, 12 (否) -> 否;
# > 0.42 rows 1,2,3,4,5,7,8 是, 9 否 -> 是. Validation 13 (0.639), 14 (0.657), 16 (0.593),
# 17 (0.719) go right, 是 ✗; 15 (0.360) goes left, 否 ✓: 1/5.


def test_typing_a_cut_point_on_watermelon_3():
    frame = pd.read_csv(get("watermelon_3.0").path)
    X, y = frame.drop(columns=["编号", "好瓜"]), frame["好瓜"]
    train, test = frame["编号"] <= 12, frame["编号"] > 12
    trace = DecisionTree().fit(X[train].reset_index(drop=True),
                               y[train].reset_index(drop=True)).trace_
    Xt, yt = X[train].reset_index(drop=True), y[train].reset_index(drop=True)
    Xv, yv = X[test].reset_index(drop=True), y[test].reset_index(drop=True)
    pruned = judged(trace, Edit("prune", "root"), Xt, yt, Xv, yv)
    assert pruned.after == 0.0
    cut = judged(pruned.trace, Edit("cut", "root", "密度", threshold=0.42), Xt, yt, Xv, yv)
    assert (cut.before, cut.after) == pytest.approx((0.0, 1 / 5))
    left, right = (cut.trace.nodes[c] for c in cut.trace.nodes[0].children)
    assert (left.class_counts, left.decision.label) == ((1.0, 3.0), "否")
    assert (right.class_counts, right.decision.label) == ((7.0, 1.0), "是")
    assert len(cut.trace.nodes) == 3
    with pytest.raises(DataError, match="not a continuous"):
        cut_at(trace, 0, "纹理", 0.5, Xt, yt)


def test_edits_replay_by_path(table_4_2):
    trace, X, y, Xv, yv = table_4_2
    edits = [Edit("prune", "脐部=凹陷"), Edit("regroup", "脐部=稍凹", "纹理",
                                             (("清晰",), ("稍糊", "模糊")))]
    edited = replay(trace, [Edit.from_dict(e.as_dict()) for e in edits], X, y)
    assert edited.nodes[find_node(edited, "脐部=凹陷")].decision.stop == "pruned"
    assert edited.nodes[find_node(edited, "脐部=稍凹")].decision.attribute == "纹理"
    with pytest.raises(DataError, match="No node"):
        replay(trace, [Edit("prune", "脐部=没有")], X, y)


# --------------------------------------------------------------------- automatic, with locks
# Zhou's post-pruning of Fig. 4.5 (§4.3.2): node 纹理 (under 稍凹/稍蜷/乌黑) goes first, 57.1%;
# then 色泽 under 凹陷, 71.4% (Fig. 4.7). Lock 脐部=凹陷: after 纹理 is pruned (a leaf 是 of
# 1 是/1 否: row 8 ✓ now, row 9 ✗ still: 4/7), 色泽 under 稍蜷 and 根蒂 under 稍凹 change
# nothing (rows 8 ✓, 9 ✗ either way: kept, the rule is strict), 凹陷 is locked and the root as
# a leaf 是 has 3/7: 4/7 = 57.1%.


def test_reduced_error_on_the_students_copy_is_zhous(table_4_2):
    trace, X, y, Xv, yv = table_4_2
    result = judged(trace, Edit("auto", "root", method="rep"), X, y, Xv, yv)
    assert (result.before, result.after) == pytest.approx((3 / 7, 5 / 7))
    pruned = {n.branch.text() for n in result.trace.nodes
              if n.decision.stop == "pruned" and not n.pruned_away}
    assert pruned == {"脐部=凹陷", "色泽=乌黑"}


def test_a_locked_node_keeps_its_split(table_4_2):
    trace, X, y, Xv, yv = table_4_2
    result = judged(trace, Edit("auto", "root", method="rep", locked=("脐部=凹陷",)),
                    X, y, Xv, yv)
    assert (result.before, result.after) == pytest.approx((3 / 7, 4 / 7))
    locked = result.trace.nodes[find_node(result.trace, "脐部=凹陷")]
    assert locked.decision.kind == "split" and locked.decision.attribute == "色泽"


def test_a_locked_node_is_not_cut_away_from_above(table_4_2):
    """Fig. 4.5's 纹理 node (脐部=稍凹/根蒂=稍蜷/色泽=乌黑) locked: reduced-error pruning would
    make its parent 色泽 a leaf (4/7 → 5/7 as Zhou prunes it), which cuts the locked split away;
    a locked node's ancestors keep their splits too (the app says a locked node is never
    pruned by the automatic run)."""
    trace, X, y, Xv, yv = table_4_2
    lock = "脐部=稍凹/根蒂=稍蜷/色泽=乌黑"
    result = judged(trace, Edit("auto", "root", method="rep", locked=(lock,)), X, y, Xv, yv)
    locked = result.trace.nodes[find_node(result.trace, lock)]
    assert locked.decision.kind == "split" and not locked.pruned_away
    above = result.trace.nodes[find_node(result.trace, "脐部=稍凹/根蒂=稍蜷")]
    assert above.decision.kind == "split" and not above.pruned_away


def test_the_automatic_run_breaks_a_tie_as_the_options_say(table_4_2):
    """The automatic run kept a subtree on a tie whatever prune_on_tie said. On Fig. 4.5 the
    sidebar's reduced-error pruning with prune_on_tie also makes 脐部=稍凹 a leaf (5/7 either
    way: a tie, tests/core/test_pruning.py); the run on the student's copy now does as the
    options say, with the sidebar's events and the rule that ran on its leaves."""
    trace, X, y, Xv, yv = table_4_2
    for on_tie, rule in ((False, "rep"), (True, "rep_on_tie")):
        options = Options(prune="rep", prune_on_tie=on_tie)
        result = judged(trace, Edit("auto", "root", method="rep"), X, y, Xv, yv, options)
        sidebar = DecisionTree(force={"root": "脐部"}, prune="rep", prune_on_tie=on_tie).fit(
            X, y, validation=(Xv, yv)).trace_
        assert live_paths(result.trace) == live_paths(sidebar)
        assert result.after == pytest.approx(5 / 7)
        assert [(e["action"], e["before"], e["after"]) for e in result.trace.pruning] == [
            (e["action"], e["before"], e["after"]) for e in sidebar.pruning]
        ties = {e["action"] for e in result.trace.pruning if e["before"] == e["after"]}
        assert ties == {"prune" if on_tie else "keep"}
        leaves = [n for n in result.trace.nodes
                  if n.decision.stop == "pruned" and not n.pruned_away]
        assert leaves and {n.decision.rule for n in leaves} == {prune_rule(rule)}
    assert "脐部=稍凹/根蒂=稍蜷" in live_paths(judged(trace, Edit("auto", "root", method="rep"),
                                                   X, y, Xv, yv).trace)  # default: the book's


HAND = pd.DataFrame({"A": ["a1"] * 4 + ["a2"] * 4,
                     "B": ["b1", "b1", "b2", "b2", "b1", "b1", "b2", "b2"]})
HAND_Y = pd.Series(["yes"] * 5 + ["no"] * 3)


def standing(trace):
    return [n.decision.kind for n in trace.nodes if not n.pruned_away]


def test_li_hangs_loss_with_a_lock():
    # tests/core/test_cost_pruning.py's hand tree: with α = 5 both groups retract (one leaf).
    # Lock the root: node a2 still retracts (C_α 17 -> 13.245), the root stays: a stump.
    # Lock A=a2: it is never retracted, so the root is never a group of leaves: all stays.
    grown = DecisionTree().fit(HAND, HAND_Y).trace_
    stump = replay(grown, [Edit("auto", "root", method="cost", alpha=5.0, locked=("root",))],
                   HAND, HAND_Y)
    assert standing(stump) == ["split", "leaf", "leaf"]
    whole = replay(grown, [Edit("auto", "root", method="cost", alpha=5.0, locked=("A=a2",))],
                   HAND, HAND_Y)
    assert standing(whole) == ["split", "leaf", "split", "leaf", "leaf"]
    leaf = replay(grown, [Edit("auto", "root", method="cost", alpha=5.0)], HAND, HAND_Y)
    assert standing(leaf) == ["leaf"]


def test_rows_with_an_unknown_value_go_down_both_regrouped_branches():
    # Watermelon 2.0α (Zhou Table 4.4): 纹理 is unknown in 2 rows; of the 15 known, 7 are 清晰
    # and 8 稍糊 or 模糊, so each unknown row goes down {清晰} with weight 7/15 and down
    # {稍糊,模糊} with 8/15 (Zhou §4.4.2): weights 7 + 2·7/15 and 8 + 2·8/15.
    from dtree_core.loading import load_path, prepare

    bundle = get("watermelon_2.0_alpha")
    data = prepare(load_path(bundle.path), bundle.target)
    grown = DecisionTree(nominal=data.nominal, continuous=data.continuous).fit(data.X, data.y)
    edited = regroup(grown.trace_, 0, "纹理", [["清晰"], ["稍糊", "模糊"]], data.X, data.y)
    left, right = (edited.nodes[c] for c in edited.nodes[0].children)
    assert (left.n, right.n) == (7 + 2, 8 + 2)  # n counts the unknown rows, as grown
    assert left.weight == pytest.approx(7 + 2 * 7 / 15)
    assert right.weight == pytest.approx(8 + 2 * 8 / 15)
    assert sum(left.class_counts) + sum(right.class_counts) == pytest.approx(17)


def test_a_hand_made_leaf_breaks_a_rounding_tie_as_the_grower_and_predict_do():
    """Watermelon 2.0α in this row order: regrouping the root on 触感 gives the 软粘 leaf class
    weights 2.333333333333333 (是) and 2.3333333333333335 (否), equal but for rounding. The
    grower and predict call that a tie, to 是 (first in the data); a bare argmax said 否, so
    the validation accuracy (0.0) disagreed with the tree's own predictions (1.0)."""
    frame = pd.read_csv(get("watermelon_2.0_alpha").path).drop(columns=["编号"])
    rows = [1, 7, 4, 15, 14, 13, 9, 6, 8, 2, 10, 3, 16, 5]
    X = frame.drop(columns=["好瓜"]).iloc[rows].reset_index(drop=True)
    y = frame["好瓜"].iloc[rows].reset_index(drop=True)
    edited = regroup(DecisionTree().fit(X, y).trace_, 0, "触感", [["软粘"], ["硬滑"]], X, y)
    leaf = edited.nodes[edited.nodes[0].children[0]]
    assert leaf.branch.text() == "触感 ∈ {软粘}" and edited.classes[0] == "是"
    assert leaf.class_counts[0] != leaf.class_counts[1]
    assert leaf.class_counts[0] == pytest.approx(leaf.class_counts[1], rel=1e-12)
    assert leaf.decision.label == "是"
    soft = X[X["触感"] == "软粘"].reset_index(drop=True)
    truth = pd.Series(["是"] * len(soft))
    predicted = FittedTrace(edited, tuple(attributes_of(edited).values())).predict(soft)
    assert list(predicted) == list(truth)
    assert validation_accuracy(edited, soft, truth) == 1.0


def test_a_typed_cut_is_written_with_the_digits_that_keep_it_between_its_rows():
    """Cut at 1.2345672 between the rows 1.2345671 and 1.2345673, it parts them 2/2; six
    digits (1.23457) would read above both. The decision and both branches carry the digits,
    as a grown cut does; a cut that six digits write well carries none."""
    from dtree_core.labels import branch_text
    from dtree_core.split import record_threshold_text

    X = pd.DataFrame({"x": [1.0, 1.2345671, 1.2345673, 2.0]})
    y = pd.Series(list("aaba"), name="y")
    trace = DecisionTree("c45").fit(X, y).trace_
    cut = cut_at(trace, 0, "x", 1.2345672, X, y)
    root = cut.to_dict(scores=False)["nodes"][0]
    assert record_threshold_text(root["decision"]) == "1.2345672"
    children = [cut.nodes[c] for c in cut.nodes[0].children]
    assert [c.n for c in children] == [2, 2]
    assert [c.branch.threshold_digits for c in children] == [8, 8]
    branches = [n["branch"] for n in cut.to_dict(scores=False)["nodes"][1:]]
    assert [branch_text(b) for b in branches] == ["x<=1.2345672", "x>1.2345672"]
    plain = cut_at(trace, 0, "x", 1.5, X, y)
    assert plain.nodes[0].decision.threshold_digits is None


# ------------------------------------------------------------ on a tree subtree raising changed


def raised_tree():
    """C4.5 with pessimistic pruning and subtree raising on noisy two-attribute data (seeds
    that raise): raises append their copies after the grown nodes, under a node far before
    them, so the ids are no longer depth-first."""
    for seed in (1, 6, 13, 20):
        rng = np.random.default_rng(seed)
        X = pd.DataFrame(rng.integers(0, 1000, size=(80, 2)) / 1000, columns=["x", "z"])
        y = np.where(X["x"] + 0.3 * rng.normal(size=80) > 0.5, "a", "b")
        y = pd.Series(np.where(rng.random(80) < 0.25, "c", y))
        trace = DecisionTree("c45", prune="pep", subtree_raising=True).fit(X, y).trace_
        assert any(e["action"] == "raise" for e in trace.pruning), seed
        yield trace, X, y


def live_paths(trace) -> set[str]:
    keys = path_keys(trace.to_dict(scores=False))
    return {keys[n.id] for n in trace.nodes if not n.pruned_away}


def below(trace, node_id: int) -> set[int]:
    """The live nodes under node_id, walked through children."""
    found, stack = set(), list(trace.nodes[node_id].children)
    while stack:
        node = trace.nodes[stack.pop()]
        if not node.pruned_away:
            found.add(node.id)
            stack.extend(node.children)
    return found


def test_pruning_by_hand_on_a_raised_tree_cuts_exactly_the_subtree():
    """_Tree.end took the ids after a node as its subtree: pruning the root of a raised tree
    left the raised copies live, and pruning a node greyed unrelated siblings."""
    checked = 0
    for trace, X, y in raised_tree():
        keys = path_keys(trace.to_dict(scores=False))
        before = live_paths(trace)
        for node in trace.nodes:
            if node.pruned_away or node.is_leaf:
                continue
            after = live_paths(apply(trace, Edit("prune", keys[node.id]), X, y))
            assert after == before - {keys[i] for i in below(trace, node.id)}, keys[node.id]
            checked += 1
    assert checked > 0, "no raised tree: the data no longer raises"


def ancestors(trace, node_id: int) -> set[int]:
    found = set()
    while trace.nodes[node_id].parent is not None:
        node_id = trace.nodes[node_id].parent
        found.add(node_id)
    return found


def test_a_cut_by_hand_on_a_raised_tree_replaces_exactly_the_subtree():
    """_replace_subtree renumbered by id ranges: on a raised tree it replaced or shifted the
    wrong nodes. A cut above the raised copies and one beside them each leave every other
    node of the tree as it was, and one leaf per branch below the node."""
    checked = 0
    for trace, X, y in raised_tree():
        keys = path_keys(trace.to_dict(scores=False))
        last = len(trace.nodes) - 1  # a raised copy
        above = ancestors(trace, last) - {0}
        beside = [n.id for n in trace.nodes if not n.pruned_away and not n.is_leaf
                  and n.id not in above | {0} and last not in below(trace, n.id)]
        for node_id in sorted(above)[:1] + beside[:1]:
            attribute = next(a["name"] for a in trace.attributes if a["kind"] == "continuous")
            cut = apply(trace, Edit("cut", keys[node_id], attribute=attribute,
                                    threshold=float(X[attribute].median())), X, y)
            kept = live_paths(trace) - {keys[i] for i in below(trace, node_id)}
            assert kept <= live_paths(cut), kept - live_paths(cut)
            assert len(live_paths(cut)) == len(kept) + 2
            checked += 1
    assert checked > 1


def test_a_hand_made_branch_counts_its_rows_as_the_grower_does():
    """Watermelon 2.0α, CART with 纹理 at the root: the grown branches hold 9 and 10 rows
    (those whose 纹理 is unknown go down both, weighted); regrouped by hand into the same
    two groups they said 7 and 8, the rows whose value is known. The weights always agreed."""
    info = get("watermelon_2.0_alpha")
    frame = pd.read_csv(info.path)
    X, y = frame.drop(columns=["编号", info.target]), frame[info.target]
    trace = DecisionTree("cart", force={"root": "纹理"}).fit(X, y).trace_
    grown = [trace.nodes[c] for c in trace.nodes[0].children]
    edited = regroup(trace, 0, "纹理", [c.branch.value for c in grown], X, y)
    made = [edited.nodes[c] for c in edited.nodes[0].children]
    assert [c.n for c in grown] == [9, 10] == [c.n for c in made]
    assert [c.weight for c in made] == pytest.approx([c.weight for c in grown])


def chosen(node) -> list[str]:
    """The attributes a node's score table marks chosen."""
    return [row["attribute"] for row in (node.scores.rows() if node.scores else ())
            if row.get("chosen")]


@pytest.mark.parametrize("edit", [
    Edit("regroup", "root", "纹理", (("清晰",), ("稍糊", "模糊"))),
    Edit("regroup", "脐部=稍凹", "色泽", (("乌黑",), ("青绿", "浅白"))),
])
def test_a_split_made_by_hand_has_no_score_table_saying_the_algorithm_chose_it(
        table_4_2, edit):
    """The regrouped node kept the grown node's table, whose 脐部 row said chosen (tied with
    色泽) beside a node that splits on 纹理 by hand: the trace said the algorithm chose a test
    the node no longer has. A node pruned by hand keeps its table: it describes the split
    kept under decision.was."""
    trace, X, y, *_ = table_4_2
    node_id = find_node(trace, edit.path)
    assert chosen(trace.nodes[node_id]) == [trace.nodes[node_id].decision.attribute]
    edited = apply(trace, edit, X, y).nodes[node_id]
    assert edited.decision.attribute == edit.attribute and edited.decision.forced
    assert chosen(edited) == [] and Trace.from_dict(
        apply(trace, edit, X, y).to_dict()).to_dict()["nodes"][node_id]["scores"] == []
    pruned = apply(trace, Edit("prune", edit.path), X, y).nodes[node_id]
    assert chosen(pruned) == [pruned.decision.was.attribute]


def test_a_cut_made_by_hand_has_no_score_table_saying_the_algorithm_chose_it():
    frame = pd.read_csv(get("watermelon_3.0").path)
    X, y = frame.drop(columns=["编号", "好瓜"]), frame["好瓜"]
    trace = DecisionTree().fit(X, y).trace_
    assert chosen(trace.nodes[0]) == ["纹理"]
    cut = apply(trace, Edit("cut", "root", "密度", threshold=0.42), X, y)
    assert cut.nodes[0].decision.attribute == "密度" and chosen(cut.nodes[0]) == []


def test_leaves_the_automatic_pruning_made_say_its_rule_not_the_hand(table_4_2):
    """Reduced-error pruning run on the student's copy wrote 'Pruned by hand' on the leaves
    Zhou's rule made (Li Hang's, run the same way, wrote its own rule)."""
    trace, X, y, Xv, yv = table_4_2
    by_hand = apply(trace, Edit("prune", "脐部=凹陷"), X, y)
    automatic = apply(by_hand, Edit("auto", "root", method="rep"), X, y, (Xv, yv))
    rules = {n.branch.text(): n.decision.rule for n in automatic.nodes
             if n.decision.stop == "pruned" and not n.pruned_away}
    assert rules == {"脐部=凹陷": PRUNE_RULE, "色泽=乌黑": prune_rule("rep")}
