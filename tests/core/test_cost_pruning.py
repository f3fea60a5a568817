"""Li Hang's pruning by the loss C_α(T) = Σ N_t·H_t + α|T| (统计学习方法 Alg. 5.4), prune="cost".

The losses are computed by hand in the comments (entropy in bits, as the book's H(D)=0.971)."""

import json
import math
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.cost_pruning import tree_loss
from dtree_core.datasets import get
from dtree_core.options import PRUNE_METHODS, Options
from dtree_core.pruning import prune, pruning_path


def H(*counts):
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


# --------------------------------------------------------------------- a hand-computed tree
# 8 rows. A=a1: 4 rows, all yes. A=a2: (b1,yes), (b1,no), (b2,no), (b2,no).
# ID3: root 5 yes/3 no; Gain(A) > Gain(B), so the root splits on A; node a2 (1 yes/3 no) splits
# on B; leaf a2,b1 (1 yes/1 no) has no attribute left. Leaves: a1 (4 rows, H=0),
# a2·b1 (2 rows, H=1: N·H = 2), a2·b2 (2 rows, H=0). Σ N_t·H_t = 2, |T| = 3.
#   node a2 as a leaf: N·H = 4·H(1/4) = 4·0.811278 = 3.245112
#   root as a leaf:    N·H = 8·H(5/8) = 8·0.954434 = 7.635472
# Retract a2's leaves:  C_α before = 2 + 3α, after = 3.245112 + 2α: retract iff α ≥ 1.245112.
# Then the root:        before = 3.245112 + 2α, after = 7.635472 + α: retract iff α ≥ 4.390359.
#   α = 0: 2 < 3.245112: nothing pruned (pruning would only lose fit).
#   α = 1: 5 < 5.245112: nothing pruned.
#   α = 2: a2: 8 vs 7.245112: retracts; root: 7.245112 vs 9.635472: stays (a stump, 2 leaves).
#   α = 5: a2: 17 vs 13.245112: retracts; root: 13.245112 vs 12.635472: retracts (a leaf).
HAND = pd.DataFrame({"A": ["a1"] * 4 + ["a2"] * 4,
                     "B": ["b1", "b1", "b2", "b2", "b1", "b1", "b2", "b2"]})
HAND_Y = pd.Series(["yes"] * 5 + ["no"] * 3)


def hand_trace(alpha):
    return DecisionTree(prune="cost", ccp_alpha=alpha).fit(HAND, HAND_Y).trace_


def kept_leaves(trace):
    return [n for n in trace.nodes if n.is_leaf and not n.pruned_away]


def test_cost_is_a_pruning_method():
    assert "cost" in PRUNE_METHODS
    assert Options.build(prune="cost", ccp_alpha=2.5).ccp_alpha == 2.5


def test_the_hand_tree_is_as_computed():
    grown = DecisionTree().fit(HAND, HAND_Y).trace_
    assert grown.nodes[0].decision.attribute == "A"
    fit, leaves, c_alpha = tree_loss(grown, 1.0)
    assert (fit, leaves) == pytest.approx((2.0, 3))
    assert c_alpha == pytest.approx(5.0)
    assert 4 * H(1, 3) == pytest.approx(3.245112, abs=1e-6)
    assert 8 * H(5, 3) == pytest.approx(7.635472, abs=1e-6)


@pytest.mark.parametrize("alpha", [0.0, 1.0])
def test_small_alpha_prunes_nothing(alpha):
    trace = hand_trace(alpha)
    assert len(kept_leaves(trace)) == 3
    (event,) = trace.pruning  # only node a2 is a group of leaves; it stays, so the root is not
    assert event["action"] == "keep"
    assert event["before"] == pytest.approx(2 + 3 * alpha)
    assert event["after"] == pytest.approx(4 * H(1, 3) + 2 * alpha)


def test_alpha_two_retracts_the_lower_group_only():
    trace = hand_trace(2.0)
    a2, root = trace.pruning
    assert (a2["action"], root["action"]) == ("prune", "keep")
    assert (a2["fit_before"], a2["leaves_before"]) == pytest.approx((2.0, 3))
    assert (a2["fit_after"], a2["leaves_after"]) == pytest.approx((3.245112, 2), abs=1e-6)
    assert a2["before"] == pytest.approx(8.0)
    assert a2["after"] == pytest.approx(7.245112, abs=1e-6)
    assert root["before"] == pytest.approx(7.245112, abs=1e-6)
    assert root["after"] == pytest.approx(9.635472, abs=1e-6)
    assert len(kept_leaves(trace)) == 2
    pruned = trace.nodes[a2["node"]]
    assert pruned.decision.stop == "pruned" and pruned.decision.was.attribute == "B"
    assert pruned.decision.label == "no"  # node a2's majority: 1 yes, 3 no


def test_large_alpha_leaves_a_single_leaf():
    trace = hand_trace(5.0)
    assert [e["action"] for e in trace.pruning] == ["prune", "prune"]
    assert trace.pruning[1]["after"] == pytest.approx(7.635472 + 5, abs=1e-6)
    assert kept_leaves(trace) == [trace.nodes[0]]
    assert trace.nodes[0].decision.label == "yes"
    assert all(n.pruned_away for n in trace.nodes[1:])


def test_the_event_sentence_says_what_was_decided():
    for alpha in (1.0, 2.0, 5.0):
        for event in hand_trace(alpha).pruning:
            if event["action"] == "prune":
                assert event["after"] <= event["before"] and "≤" in event["reason"]
            else:
                assert event["after"] > event["before"] and ">" in event["reason"]


# --------------------------------------------------------------------- Li Hang's Table 5.1
# ID3's tree (Example 5.3): 有自己的房子 (是: 6 rows, all 是) then 有工作 on 否 (9 rows: 3 是,
# 6 否; 有工作=是: 3 是, 有工作=否: 6 否). Every leaf is pure: Σ N_t·H_t = 0, |T| = 3.
#   node 有自己的房子=否 as a leaf: 9·H(3/9) = 9·0.918296 = 8.264663
#   root as a leaf: 15·H(9/15) = 15·0.970951 = 14.564259
# Retracting 有工作's leaves: before 3α, after 8.264663 + 2α: iff α ≥ 8.264663.
# Then the root: before 8.264663 + 2α, after 14.564259 + α: iff α ≥ 6.299596 (true then).
#   α = 1: 3 < 10.264663: nothing pruned.   α = 9: 27 ≥ 26.264663, then 26.264663 ≥ 23.564258:
#   the whole tree retracts into one leaf (是, 9 of 15).


def loan():
    bundle = get("loan_lihang")
    frame = pd.read_csv(bundle.path)
    return frame.drop(columns=["ID", bundle.target]), frame[bundle.target]


@pytest.mark.parametrize("alpha", [0.0, 1.0, 8.0])
def test_table_5_1_below_the_threshold_keeps_the_tree(alpha):
    X, y = loan()
    trace = DecisionTree(prune="cost", ccp_alpha=alpha).fit(X, y).trace_
    assert len(kept_leaves(trace)) == 3
    (event,) = trace.pruning
    assert event["after"] == pytest.approx(9 * H(3, 6) + 2 * alpha)
    assert event["before"] == pytest.approx(3 * alpha)


def test_table_5_1_large_alpha_is_one_leaf():
    X, y = loan()
    trace = DecisionTree(prune="cost", ccp_alpha=9.0).fit(X, y).trace_
    low, root = trace.pruning
    assert (low["before"], low["after"]) == pytest.approx((27.0, 8.264663 + 18), abs=1e-6)
    assert (root["before"], root["after"]) == pytest.approx((8.264663 + 18, 14.564259 + 9),
                                                           abs=1e-6)
    assert kept_leaves(trace) == [trace.nodes[0]] and trace.nodes[0].decision.label == "是"


def test_json_keeps_the_events_and_the_params():
    d = hand_trace(2.0).to_dict()
    assert d["params"]["prune"] == "cost" and d["params"]["ccp_alpha"] == 2.0
    assert [e["action"] for e in d["pruning"]] == ["prune", "keep"]
    assert {"fit_before", "fit_after", "leaves_before", "leaves_after", "alpha"} <= set(
        d["pruning"][0])


def test_group_of_leaves_only_unlike_cart_whole_subtrees():
    """A node above a kept split is never weighed (Alg. 5.4 retracts groups of leaves), while
    CART's weakest link weighs whole subtrees: with α=0 nothing is weighed above a pure split.
    The two agree on this tree's order: the lower node is CART's weakest link first too."""
    grown = DecisionTree().fit(HAND, HAND_Y).trace_
    alphas, _ = pruning_path(grown)
    assert len(alphas) == 3  # the full tree, then the a2 node, then the root
    pruned = prune(grown, Options(prune="cost", ccp_alpha=0.0))
    assert [e["node"] for e in pruned.pruning] == [2]  # the root is never weighed


# --------------------------------------------------------------------- the command line


def run(*args):
    root = Path(__file__).resolve().parents[2]
    return subprocess.run([sys.executable, "-m", "dtree_core", *args], cwd=root,
                          capture_output=True, text=True, timeout=120)


def test_cli_prunes_by_the_loss_with_ccp_alpha_as_alpha(tmp_path):
    out = tmp_path / "trace.json"
    result = run("grow", str(get("loan_lihang").path), "--target", "类别", "--lang", "en",
                 "--prune", "cost", "--ccp-alpha", "9", "--json", str(out))
    assert result.returncode == 0, result.stderr
    events = json.loads(out.read_text(encoding="utf-8"))["pruning"]
    assert [e["action"] for e in events] == ["prune", "prune"]
    assert events[0]["before"] == 27.0
    refused = run("grow", str(get("loan_lihang").path), "--target", "类别", "--lang", "en",
                  "--prune", "pep", "--ccp-alpha", "9")
    assert refused.returncode == 2 and "--ccp-alpha" in refused.stderr


# --------------------------------------------------------------------- unlike CART
# Root forced on A. A=a1: (b1 yes) ×2, (b2 no) ×2 -> split on B, two pure leaves; A=a2: 4 rows
# all b1, 2 yes 2 no -> a leaf (same values), N·H = 4. The root (4 yes, 4 no): N·H = 8.
# Σ N_t·H_t = 4, |T| = 3. With α = 3:
#   Li Hang: the group under a1: before 4 + 3·3 = 13, after 4 + 4 + 2·3 = 14: kept; the root
#   is then not a group of leaves, so nothing is pruned: C_α = 13, though the root alone has
#   C_α = 8 + 3 = 11. A weakest-link cut weighs the whole subtree instead: with entropy,
#   g(a1) = (4 − 0)/1 = 4 and g(root) = (8 − 4)/2 = 2, so the root goes first.
#   CART (Gini, divided by N): R(root) = 0.5, R(a1) = 0.25, R(a2 leaf) = 0.25;
#   g(a1) = 0.25/1 = 0.25, g(root) = (0.5 − 0.25)/2 = 0.125: ccp_alpha 0.15 cuts the root.
SPLIT = pd.DataFrame({"A": ["a1"] * 4 + ["a2"] * 4, "B": ["b1", "b1", "b2", "b2"] + ["b1"] * 4})
SPLIT_Y = pd.Series(["yes", "yes", "no", "no", "yes", "no", "yes", "no"])


def test_li_hang_never_weighs_a_node_above_a_kept_split_cart_does():
    grown = DecisionTree(force={"root": "A"}).fit(SPLIT, SPLIT_Y).trace_
    assert tree_loss(grown, 3.0) == pytest.approx((4.0, 3, 13.0))
    li_hang = prune(grown, Options(prune="cost", ccp_alpha=3.0))
    (event,) = li_hang.pruning
    assert (event["action"], event["before"], event["after"]) == ("keep", 13.0, 14.0)
    assert len(kept_leaves(li_hang)) == 3
    alphas, _ = pruning_path(grown)
    assert alphas.tolist() == pytest.approx([0.0, 0.125])  # the root is the weakest link
    cart = prune(grown, Options(prune="ccp", ccp_alpha=0.15))
    assert kept_leaves(cart) == [cart.nodes[0]]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "C_α after retracting 21.3145 > C_α before 21.3138"),
    ("zh", "回缩后的 C_α 为 21.3145，大于回缩前的 21.3138")])
def test_a_kept_subtree_reads_its_two_losses_apart(lang, words):
    """α = 3.609 on watermelon 2.0: the event at 纹理=稍糊 said 'C_α after retracting 21.31 >
    C_α before 21.31' in the trace's reason and the CLI; to 4 digits the losses read alike."""
    from dtree_core.wording import reason_numbers
    result = subprocess.run([sys.executable, "-m", "dtree_core", "grow",
                             str(get("watermelon_2.0").path), "--target", "好瓜", "--prune",
                             "cost", "--ccp-alpha", "3.609", "--lang", lang],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert words in result.stdout
    assert reason_numbers("cost", 2.0, 2.0 + 1e-14) == ("2", "2")  # a tie reads as one
    assert reason_numbers("rep", 0.49925, 0.49875) == ("49.93%", "49.88%")
    assert reason_numbers("rep", 3 / 7, 5 / 7) == ("42.9%", "71.4%")  # Table 4.2 as printed
