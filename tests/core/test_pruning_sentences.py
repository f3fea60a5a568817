"""Every pruning event's action is the comparison its own numbers make (pruning.relation),
and its sentence, in English and Chinese, writes those numbers and says that action: the
validation-accuracy methods on weighted rows, and seeded random data for every method."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.cli_messages import prune_reason_text
from dtree_core.pruning import pep_verdict, relation
from dtree_core.wording import reason_numbers

# Two training rows, the second weighing 1e8: a validation row whose A is unknown goes down
# branch a by a share of 1e-8. Among 100 validation rows that moves the accuracy by 1e-10,
# far beyond rounding of accuracies near 1% (relation: 1e-9 of the larger), so the event's
# two numbers differ, and its sentence says so.
WEIGHTED_X = pd.DataFrame({"A": ["a", "b"]})
WEIGHTED_Y = pd.Series(["y", "n"])
WEIGHTS = [1.0, 1e8]


def weighted_events(prune: str, unknown_class: str) -> list[dict]:
    """The events of the weighted tree judged by one row with A unknown (of unknown_class)
    and 99 rows of branch b that no leaf gets right (class y; b's leaf and the root say n)."""
    X_val = pd.DataFrame({"A": [None] + ["b"] * 99})
    y_val = pd.Series([unknown_class] + ["y"] * 99)
    model = DecisionTree("id3", prune=prune).fit(WEIGHTED_X, WEIGHTED_Y, sample_weight=WEIGHTS,
                                                 validation=(X_val, y_val))
    return model.trace_.to_dict()["pruning"]


@pytest.mark.parametrize("prune,unknown_class,action", [
    # as a leaf (n) the unknown row is right; the subtree sends 1e-8 of it to leaf a (y)
    ("rep", "n", "prune"),
    # as a leaf (n) the unknown row (y) is wrong; the split gets 1e-8 of it right at leaf a
    ("pre", "y", "keep"),
])
def test_validated_pruning_decides_by_the_accuracies_it_records(prune, unknown_class, action):
    """Before, pre- and reduced-error pruning allowed 1e-9·N of correct weight (1e-9 of
    accuracy) where the sentence allowed 1e-9 of the larger accuracy: a leaf 1e-10 better
    was kept with 'Validation accuracy 1.00000000% as a leaf vs 0.99999999% with the
    subtree: no improvement', and the app had no sentence for it (its raw key was shown)."""
    [event] = weighted_events(prune, unknown_class)
    assert event["after"] > event["before"] and relation(event["before"], event["after"]) == "gt"
    assert event["action"] == action
    before, after = reason_numbers(prune, event["before"], event["after"])
    assert before != after and before in event["reason"] and after in event["reason"]
    assert "no improvement" not in event["reason"]
    chinese = prune_reason_text(prune, event, "zh")
    assert before in chinese and after in chinese and "没有提高" not in chinese


# --------------------------------------------------------------------- seeded random data


def random_data(seed: int, n: int = 60) -> tuple[pd.DataFrame, pd.Series]:
    """Two nominal and one continuous attribute, a noisy class and some unknown values."""
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"P": rng.choice(list("abc"), n), "Q": rng.choice(list("uv"), n),
                      "R": rng.integers(0, 12, n) / 4.0})
    signal = (X["P"] == "a") ^ (X["R"] > 1.5)
    noise = rng.random(n) < 0.25
    y = pd.Series(np.where(signal ^ noise, "yes", "no"), dtype=object)
    for column in ("P", "R"):
        X.loc[rng.random(n) < 0.08, column] = None
    return X, y


RANDOM_METHODS = [
    ("id3", {"prune": "pre"}), ("c45", {"prune": "rep"}),
    ("id3", {"prune": "rep", "prune_on_tie": True}),
    ("c45", {"prune": "pep"}), ("c45", {"prune": "pep", "cf": 0.5, "pep_margin": 0.1}),
    ("cart", {"prune": "ccp", "ccp_alpha": 0.01}), ("cart", {"prune": "ccp", "ccp_alpha": 0.03}),
    ("id3", {"prune": "cost", "ccp_alpha": 1.5}),
]
RAISING_METHODS = [("c45", {"prune": "pep", "subtree_raising": True}),
                   ("c45", {"prune": "pep", "subtree_raising": True, "cf": 0.5,
                            "pep_margin": 0.1})]


def random_events(seed: int, algorithm: str, params: dict) -> tuple[dict, list[dict]]:
    X, y = random_data(seed)
    validation = None
    if params["prune"] in ("pre", "rep"):
        X_val, y_val = random_data(seed + 1000, 30)
        validation = (X_val, y_val)
    trace = DecisionTree(algorithm, **params).fit(X, y, validation=validation).trace_.to_dict()
    return trace, trace["pruning"]


def decided(event: dict, method: str, on_tie: bool) -> str:
    """The action each method's rule takes on the event's own numbers (relation)."""
    found = relation(event["before"], event["after"])  # how after compares with before
    margin = event.get("margin") or 0.0
    if method == "pre":
        return "keep" if found == "gt" else "prune"
    if method == "rep":
        return "prune" if found == "gt" or on_tie and found == "eq" else "keep"
    if method == "pep":
        return "keep" if relation(event["before"] + margin, event["after"]) == "gt" else "prune"
    if method == "ccp":  # g(t) (before) at most ccp_alpha (after)
        return "keep" if relation(event["after"], event["before"]) == "gt" else "prune"
    return "keep" if found == "gt" else "prune"  # Li Hang's C_α: after the retraction ≤ before


@pytest.mark.parametrize("algorithm,params", RANDOM_METHODS)
@pytest.mark.parametrize("seed", range(12))
def test_random_events_take_the_action_their_numbers_say(seed, algorithm, params):
    """The action is the rule's on the numbers recorded; the CLI's sentence (both languages)
    writes them, and the tree shows the action: a post-pruned node a pruned leaf, a node
    pre-pruning split a split."""
    trace, events = random_events(seed, algorithm, params)
    method = params["prune"]
    assert events
    for event in events:
        assert event["action"] == decided(event, method, params.get("prune_on_tie", False)), \
            event
        worded = "pep_margin" if event.get("margin") else method
        before, after = reason_numbers(worded, event["before"], event["after"])
        for lang in ("en", "zh"):
            sentence = prune_reason_text(method, event, lang)
            assert before in sentence and after in sentence, (lang, sentence, event)
        node = trace["nodes"][event["node"]]
        if method == "pre":
            assert (node["decision"]["kind"] == "split") == (event["action"] == "keep")
        elif event["action"] == "prune":
            assert node["decision"]["stop"] == "pruned", node
        else:  # a kept split stays a split (pruned away if an ancestor is cut later)
            assert node["decision"]["kind"] == "split", node


@pytest.mark.parametrize("algorithm,params", RAISING_METHODS)
@pytest.mark.parametrize("seed", range(12))
def test_random_raising_events_take_the_action_their_estimates_say(seed, algorithm, params):
    """Subtree raising compares three estimates: the action is J48's verdict on the three
    the event records, and the CLI's sentence (both languages) writes each of them."""
    trace, events = random_events(seed, algorithm, params)
    assert events
    for event in events:
        leaf, tree, branch = event["errors_leaf"], event["errors_tree"], event["errors_branch"]
        assert event["action"] == pep_verdict(leaf, tree, branch, event["margin"]), event
        for lang in ("en", "zh"):
            sentence = prune_reason_text("pep", event, lang)
            assert all(f"{v:.4g}" in sentence for v in (leaf, tree, branch)), (lang, sentence)
        node = trace["nodes"][event["node"]]
        if event["action"] == "prune":
            assert node["decision"]["stop"] == "pruned", node
