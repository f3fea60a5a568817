"""Pruning: Zhou §4.3 (pre-pruning, reduced-error), C4.5's pessimistic pruning, CART's
cost-complexity pruning (scikit-learn's numbers), and the CLI flags."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.cli import main
from dtree_core.data import DataError
from dtree_core.labels import branch_text
from dtree_core.options import Options
from dtree_core.pruning import (
    added_errors,
    choose_ccp_alpha,
    estimated_errors,
    event_number,
    tree_estimated_errors,
)
from dtree_core.solution import Sentence, solve
from dtree_core.trace import Trace
from tests.conftest import dataset_path, xy
from tests.core.test_sklearn import distinct_float32_data, sklearn_structure

sklearn_tree = pytest.importorskip("sklearn.tree")

BOOK = {"root": "脐部"}  # Table 4.2's root tie (色泽 = 脐部 = 0.2755), broken as the book does


@pytest.fixture
def table_4_2():
    """Zhou's Table 4.2: training rows 1,2,3,6,7,10,14–17; validation rows 4,5,8,9,11–13."""
    train = xy("watermelon_2.0_train.csv", "好瓜", drop=["编号"])
    validation = xy("watermelon_2.0_validation.csv", "好瓜", drop=["编号"])
    return train, validation


def book_tree(table_4_2, **params):
    (X, y), validation = table_4_2
    return DecisionTree("id3", force=BOOK, **params).fit(X, y, validation=validation)


def outline(model) -> list[tuple[int, str, str]]:
    """(depth, edge, split attribute or leaf label) of the nodes still in the tree."""
    d = model.trace_.to_dict(scores=False)
    return [(n["depth"], branch_text(n["branch"]) if n["branch"] else "",
             n["decision"]["attribute"] if n["decision"]["kind"] == "split"
             else n["decision"]["label"])
            for n in d["nodes"] if not n.get("pruned_away")]


def accuracy(model, validation) -> Fraction:
    X, y = validation
    return Fraction(int((model.predict(X) == y.to_numpy()).sum()), len(y))


def events(model) -> list[tuple[str, str, Fraction, Fraction]]:
    """(path, action, before, after) of each pruning event, accuracies as sevenths."""
    trace = model.trace_
    return [("/".join(branch_text(c.to_dict()) for c in trace.path(e["node"])) or "root",
             e["action"], Fraction(e["before"]).limit_denominator(7),
             Fraction(e["after"]).limit_denominator(7)) for e in trace.pruning]


# --------------------------------------------------------------------- Zhou §4.3, Table 4.2


def test_unpruned_tree_is_figure_4_5(table_4_2):
    model = book_tree(table_4_2)
    assert outline(model) == [
        (0, "", "脐部"),
        (1, "脐部=凹陷", "色泽"),
        (2, "色泽=青绿", "是"), (2, "色泽=乌黑", "是"), (2, "色泽=浅白", "否"),
        (1, "脐部=稍凹", "根蒂"),
        (2, "根蒂=蜷缩", "否"), (2, "根蒂=稍蜷", "色泽"),
        (3, "色泽=青绿", "是"), (3, "色泽=乌黑", "纹理"),
        (4, "纹理=清晰", "否"), (4, "纹理=稍糊", "是"),
        (4, "纹理=模糊", "是"),  # empty: the parent's 1:1 majority goes to 是, first in the data
        (3, "色泽=浅白", "是"),  # empty: the parent's majority (2:1)
        (2, "根蒂=硬挺", "是"),  # empty: the parent's 2:2 majority goes to 是
        (1, "脐部=平坦", "否"),
    ]
    assert accuracy(model, table_4_2[1]) == Fraction(3, 7)  # the book's 42.9%
    assert model.trace_.pruning == ()
    assert "prune" not in model.trace_.params


def test_pre_pruning_is_figure_4_6(table_4_2):
    model = book_tree(table_4_2, prune="pre")
    # 稍凹's training rows are 2:2; the book labels it 好瓜, the class first in the data.
    assert outline(model) == [(0, "", "脐部"), (1, "脐部=凹陷", "是"), (1, "脐部=稍凹", "是"),
                              (1, "脐部=平坦", "否")]
    assert accuracy(model, table_4_2[1]) == Fraction(5, 7)  # 71.4%
    # §4.3.1: the root split raises 42.9% to 71.4%; 色泽 under 凹陷 would drop it to 57.1%;
    # 根蒂 under 稍凹 leaves it at 71.4%, not an improvement, so both stay leaves.
    assert events(model) == [("root", "keep", Fraction(3, 7), Fraction(5, 7)),
                             ("脐部=凹陷", "prune", Fraction(5, 7), Fraction(4, 7)),
                             ("脐部=稍凹", "prune", Fraction(5, 7), Fraction(5, 7))]
    assert all(e["measure"] == "validation_accuracy" for e in model.trace_.pruning)


def test_pre_pruning_never_creates_the_refused_children(table_4_2):
    trace = book_tree(table_4_2, prune="pre").trace_
    assert list(trace.steps) == [n.id for n in trace.nodes] == [0, 1, 2, 3]
    assert trace.nodes[0].children == (1, 2, 3)
    for node in trace.nodes[1:3]:
        assert node.children == () and node.decision.stop == "pruned"
        assert node.decision.kind == "leaf" and node.decision.was.kind == "split"
    assert trace.nodes[1].decision.was.attribute == "色泽"
    assert trace.nodes[2].decision.was.attribute == "根蒂"
    assert not any(n.pruned_away for n in trace.nodes)


@pytest.mark.parametrize("prune", ["pre", "rep"])
def test_the_worked_solution_names_the_split_pruning_refused(table_4_2, prune):
    """At node 1 (脐部=凹陷) 色泽, 根蒂 and 纹理 tie at Gain 0.811: the solution says 色泽 was
    chosen, and how the tie went, before saying pruning refused (or replaced) that split."""
    trace = book_tree(table_4_2, prune=prune).trace_.to_dict()
    steps = solve(trace, 1).nodes[0].steps
    codes = [(s.key, s.values.get("attribute")) for s in steps if isinstance(s, Sentence)]
    assert ("rule.max_gain", "色泽") in codes and ("ties.first", "色泽") in codes
    ties = next(s for s in steps if isinstance(s, Sentence) and s.key == "ties.first")
    assert ties.values["ties"] == ("根蒂", "纹理")
    assert codes[-1][0] == f"stop.{'pre_pruned' if prune == 'pre' else 'pruned'}"


def test_reduced_error_pruning_is_figure_4_7(table_4_2):
    model = book_tree(table_4_2, prune="rep")
    assert outline(model) == [
        (0, "", "脐部"),
        (1, "脐部=凹陷", "是"),
        (1, "脐部=稍凹", "根蒂"),
        (2, "根蒂=蜷缩", "否"), (2, "根蒂=稍蜷", "色泽"),
        (3, "色泽=青绿", "是"), (3, "色泽=乌黑", "是"), (3, "色泽=浅白", "是"),
        (2, "根蒂=硬挺", "是"),
        (1, "脐部=平坦", "否"),
    ]
    assert accuracy(model, table_4_2[1]) == Fraction(5, 7)  # 71.4%
    # §4.3.2's order ⑥ ⑤ ② ③ ①: deepest first; a tie (⑤, ③) keeps the subtree.
    assert events(model) == [
        ("脐部=稍凹/根蒂=稍蜷/色泽=乌黑", "prune", Fraction(3, 7), Fraction(4, 7)),
        ("脐部=稍凹/根蒂=稍蜷", "keep", Fraction(4, 7), Fraction(4, 7)),
        ("脐部=凹陷", "prune", Fraction(4, 7), Fraction(5, 7)),
        ("脐部=稍凹", "keep", Fraction(5, 7), Fraction(5, 7)),
        ("root", "keep", Fraction(5, 7), Fraction(3, 7)),
    ]


def test_reduced_error_pruning_keeps_the_growth(table_4_2):
    grown = book_tree(table_4_2).trace_
    trace = book_tree(table_4_2, prune="rep").trace_
    assert len(trace.nodes) == len(grown.nodes) and list(trace.steps) == list(grown.steps)
    pruned = [n for n in trace.nodes if n.decision.stop == "pruned"]
    assert [trace.nodes[n.id].decision.was for n in pruned] == [
        grown.nodes[n.id].decision for n in pruned]
    away = {n.id for n in trace.nodes if n.pruned_away}
    expected = {i for n in pruned for i in range(n.id + 1, len(grown.nodes))
                if n.id in _ancestors(grown, i)}
    assert away == expected and away
    assert all(n.children == grown.nodes[n.id].children for n in trace.nodes)


def _ancestors(trace: Trace, node_id: int) -> set[int]:
    found, node = set(), trace.nodes[node_id]
    while node.parent is not None:
        found.add(node.parent)
        node = trace.nodes[node.parent]
    return found


def test_prune_on_tie_prunes_equal_accuracy(table_4_2):
    model = book_tree(table_4_2, prune="rep", prune_on_tie=True)
    assert outline(model) == [(0, "", "脐部"), (1, "脐部=凹陷", "是"), (1, "脐部=稍凹", "是"),
                              (1, "脐部=平坦", "否")]
    assert accuracy(model, table_4_2[1]) == Fraction(5, 7)
    assert [a for _, a, _, _ in events(model)] == ["prune", "prune", "prune", "prune", "keep"]


def test_pruned_trace_json_round_trip(table_4_2):
    trace = book_tree(table_4_2, prune="rep").trace_
    d = json.loads(trace.to_json())
    assert d["params"]["prune"] == "rep" and "ccp_alpha" not in d["params"]
    assert [set(e) for e in d["pruning"]] == [
        {"node", "action", "before", "after", "measure", "reason"}] * 5
    pruned = [n for n in d["nodes"] if n["decision"]["stop"] == "pruned"]
    assert all(n["decision"]["was"]["kind"] == "split" for n in pruned)
    assert all("was" not in n["decision"] for n in d["nodes"] if n not in pruned)
    assert all(n.get("pruned_away") is True for n in d["nodes"] if n["id"] in (10, 11, 12))
    again = Trace.from_json(trace.to_json())
    assert again.to_json() == trace.to_json()


def test_unpruned_trace_is_unchanged_by_the_options(wm2):
    default = DecisionTree("c45").fit(*wm2).trace_
    assert set(default.params) == set(Options().params())
    assert not any(k in default.params for k in ("prune", "ccp_alpha", "cf", "prune_on_tie"))
    assert '"was"' not in default.to_json() and '"pruning"' not in default.to_json()


def test_validation_rows_are_needed(table_4_2):
    (X, y), _ = table_4_2
    for method in ("pre", "rep"):
        with pytest.raises(DataError, match="validation"):
            DecisionTree("id3", prune=method).fit(X, y)


@pytest.mark.parametrize("params", [{"prune": "prep"}, {"ccp_alpha": -1.0}, {"cf": 0.0},
                                    {"cf": 0.7}, {"prune_on_tie": "yes"}])
def test_bad_pruning_options(params):
    with pytest.raises(DataError):
        Options.build(**params)


def test_missing_values_in_validation_count_their_share(table_4_2):
    """A validation row with an unknown value is split over the branches as prediction splits
    it, and counts its share of each leaf that labels it correctly.

    Row 4 (好瓜, 青绿) without 脐部 goes 4/10 to 凹陷 (then 青绿: 是, correct), 4/10 to 稍凹
    (then 蜷缩: 否) and 2/10 to 平坦 (否): 0.4 correct instead of 1, so the full tree scores
    2.4/7. Its 0.4 at 稍凹 now makes that subtree worse than a 是 leaf (1.4 vs 1): pruned,
    unlike in the book.
    """
    (X, y), (Xv, yv) = table_4_2
    Xv = Xv.copy()
    Xv.loc[Xv.index[0], "脐部"] = None
    model = DecisionTree("id3", force=BOOK, prune="rep").fit(X, y, validation=(Xv, yv))
    found = [(e["action"], e["before"] * 7, e["after"] * 7) for e in model.trace_.pruning]
    assert [a for a, _, _ in found] == ["prune", "keep", "prune", "prune", "keep"]
    assert [b for _, b, _ in found] == pytest.approx([2.4, 3.4, 3.4, 4.4, 4.8])
    assert [a for _, _, a in found] == pytest.approx([3.4, 3.4, 4.4, 4.8, 3.0])
    # and every event says so: 1 of the 7 rows counts by shares (the sentences' 48.6%)
    assert {(e["shared_rows"], e["validation_rows"]) for e in model.trace_.pruning} == {(1, 7)}


@pytest.mark.parametrize("prune", ["pre", "rep"])
def test_events_of_rows_that_each_follow_one_path_name_no_shares(table_4_2, prune):
    """Table 4.2's rows have every value: its events are as before (no shared_rows field)."""
    assert not any("shared_rows" in e for e in book_tree(table_4_2, prune=prune).trace_.pruning)


# --------------------------------------------------------------------- C4.5 pessimistic pruning


def test_added_errors_by_hand():
    """N = 6, E = 2, CF = 0.25 (the normal approximation with continuity correction):

    z = Φ⁻¹(0.75) = 0.6744897502, z² = 0.4549364231
    f = (E + 0.5)/N = 2.5/6 = 0.4166666667
    U = (f + z²/2N + z·√(f/N − f²/N + z²/4N²)) / (1 + z²/N)
      = (0.4166666667 + 0.0379113686 + 0.6744897502·√(0.0694444444 − 0.0289351852
         + 0.0031592807)) / 1.0758227372
      = (0.4546 + 0.6744897502 · 0.2089702) / 1.0758227372 = 0.5535543
    N·U = 3.3213257: the leaf's 2 errors plus 1.3213257 estimated ones.
    """
    assert added_errors(6, 2, 0.25) == pytest.approx(1.3213257, abs=1e-7)
    assert estimated_errors([4, 2], 0.25) == pytest.approx(3.3213257, abs=1e-7)


def test_added_errors_special_cases():
    # E = 0: N·(1 − CF^(1/N)) exactly; Quinlan (1993, §4.2) prints U25%(0,6) = 0.206,
    # U25%(0,9) = 0.143, U25%(0,1) = 0.750.
    assert added_errors(6, 0, 0.25) == pytest.approx(6 * (1 - 0.25 ** (1 / 6)), rel=1e-15)
    assert added_errors(6, 0, 0.25) / 6 == pytest.approx(0.206, abs=5e-4)
    assert added_errors(9, 0, 0.25) / 9 == pytest.approx(0.143, abs=5e-4)
    assert added_errors(1, 0, 0.25) == 0.75
    # Between 0 and 1 error: linear, as C4.5 does.
    base, one = added_errors(6, 0, 0.25), added_errors(6, 1, 0.25)
    assert added_errors(6, 0.25, 0.25) == pytest.approx(base + 0.25 * (one - base))
    # Within half an error of N: the rest of N.
    assert added_errors(2, 1.6, 0.25) == pytest.approx(0.4)
    assert estimated_errors([0, 0], 0.25) == 0.0  # an empty leaf adds nothing
    # A smaller CF is more pessimistic.
    assert added_errors(20, 3, 0.1) > added_errors(20, 3, 0.25)


def test_pessimistic_pruning_on_table_4_2(table_4_2):
    model = book_tree(table_4_2, prune="pep")
    assert outline(model) == [
        (0, "", "脐部"), (1, "脐部=凹陷", "是"), (1, "脐部=稍凹", "根蒂"),
        (2, "根蒂=蜷缩", "否"), (2, "根蒂=稍蜷", "是"), (2, "根蒂=硬挺", "是"),
        (1, "脐部=平坦", "否")]
    first = model.trace_.pruning[0]  # 凹陷: leaves (1,0) (2,0) (0,1) vs one leaf (3,1)
    expected_subtree = sum(estimated_errors(c, 0.25) for c in ([1, 0], [2, 0], [0, 1]))
    assert first["before"] == pytest.approx(expected_subtree)
    assert first["after"] == pytest.approx(estimated_errors([3, 1], 0.25))
    assert first["measure"] == "estimated_errors" and first["action"] == "prune"


def pep_cases():
    wm3 = xy("watermelon_3.0.csv", "好瓜", drop=["编号"], numeric=["密度", "含糖率"])
    X, y = distinct_float32_data(5, 300, 4, 3)
    tennis = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    return [("c45", wm3), ("id3", tennis), ("c45", (X, y)), ("cart", (X, y))]


@pytest.mark.parametrize("cf", [0.05, 0.25, 0.5])
@pytest.mark.parametrize("case", range(4))
def test_pessimistic_pruning_never_raises_the_estimated_errors(case, cf):
    algorithm, (X, y) = pep_cases()[case]
    grown = DecisionTree(algorithm).fit(X, y).trace_
    pruned = DecisionTree(algorithm, prune="pep", cf=cf).fit(X, y).trace_
    assert tree_estimated_errors(pruned, cf) <= tree_estimated_errors(grown, cf) + 1e-9
    for event in pruned.pruning:
        assert (event["action"] == "prune") == (event["after"] <= event["before"] + 1e-9)
    # Bottom up: a node is decided after all its splitting descendants.
    decided = [e["node"] for e in pruned.pruning]
    assert sorted(decided) == [n.id for n in grown.nodes if not n.is_leaf]
    for k, node in enumerate(decided):
        assert all(pruned.nodes[d].parent is None or node not in _ancestors(pruned, d)
                   for d in decided[k + 1:])


def test_synthetic_tree_is_pruned_by_pep():
    X, y = distinct_float32_data(5, 300, 4, 3)
    grown = DecisionTree("c45").fit(X, y).trace_
    pruned = DecisionTree("c45", prune="pep").fit(X, y).trace_
    leaves = lambda t: sum(1 for n in t.nodes if n.is_leaf and not n.pruned_away)  # noqa: E731
    assert leaves(pruned) < leaves(grown)


# --------------------------------------------------------------------- CART cost complexity


def _sk(**params):
    return sklearn_tree.DecisionTreeClassifier(random_state=0, **params)


def iris():
    return xy("iris.csv", "species",
              numeric=["sepal_length", "sepal_width", "petal_length", "petal_width"])


SYNTHETIC = [(0, 60, 3, 2, 12), (1, 300, 5, 3, 20), (3, 200, 6, 4, 25)]


@pytest.mark.parametrize("seed,n,d,classes,min_split", SYNTHETIC)
def test_ccp_path_equals_sklearn_on_continuous_data(seed, n, d, classes, min_split):
    X, y = distinct_float32_data(seed, n, d, classes)
    ours = DecisionTree("cart", min_samples_split=min_split, continuous=list(X.columns))
    path = ours.cost_complexity_pruning_path(X, y)
    theirs = _sk(min_samples_split=min_split).cost_complexity_pruning_path(X, y)
    assert path.ccp_alphas == pytest.approx(theirs.ccp_alphas, rel=1e-9, abs=1e-15)
    assert path.impurities == pytest.approx(theirs.impurities, rel=1e-9, abs=1e-15)
    assert len(path.ccp_alphas) > 3


def test_ccp_path_equals_sklearn_on_iris():
    X, y = iris()
    path = DecisionTree("cart").cost_complexity_pruning_path(X, y)
    theirs = _sk().cost_complexity_pruning_path(X, y)
    assert path.ccp_alphas == pytest.approx(theirs.ccp_alphas, rel=1e-9, abs=1e-15)
    assert path.impurities == pytest.approx(theirs.impurities, rel=1e-9, abs=1e-15)
    # impurities[0] is the full tree's Σ N_t/N · Gini(t) over its leaves
    trace = DecisionTree("cart").fit(X, y).trace_
    leaves = [n for n in trace.nodes if n.is_leaf]
    assert path.impurities[0] == pytest.approx(sum(n.weight / 150 * n.gini for n in leaves))
    assert path.impurities[-1] == pytest.approx(trace.nodes[0].gini)


def midpoints(alphas) -> list[float]:
    """Alphas between the path's steps (at a step itself, rounding decides)."""
    return [float(a + b) / 2 for a, b in zip(alphas, alphas[1:], strict=False)]


def kept(model) -> list:
    """Preorder (attribute, threshold) of the splits still in the tree, None for leaves."""
    return [(n.decision.attribute, n.decision.threshold) if not n.is_leaf else None
            for n in model.trace_.nodes if not n.pruned_away]


@pytest.mark.parametrize("seed,n,d,classes,min_split", SYNTHETIC)
def test_ccp_pruned_trees_equal_sklearn(seed, n, d, classes, min_split):
    X, y = distinct_float32_data(seed, n, d, classes)
    names = list(X.columns)
    path = _sk(min_samples_split=min_split).cost_complexity_pruning_path(X, y)
    for alpha in midpoints(path.ccp_alphas):
        ours = DecisionTree("cart", min_samples_split=min_split, continuous=names,
                            prune="ccp", ccp_alpha=alpha).fit(X, y)
        theirs = _sk(min_samples_split=min_split, ccp_alpha=alpha).fit(X, y)
        expected = sklearn_structure(theirs, names)
        assert [s and s[0] for s in kept(ours)] == [s and s[0] for s in expected]
        assert [s and s[1] for s in kept(ours)] == pytest.approx([s and s[1] for s in expected])
        assert same_probabilities(ours, theirs, X)


def same_probabilities(ours, theirs, X) -> bool:
    """Class probabilities agree (predictions may not: a pruned leaf can hold a majority tie,
    which scikit-learn gives to the class first in sorted order, we to the first in the data)."""
    columns = [list(ours.classes_).index(c) for c in theirs.classes_]
    return np.allclose(ours.predict_proba(X)[:, columns], theirs.predict_proba(X))


def test_ccp_pruned_trees_equal_sklearn_on_iris():
    """Iris ties between attributes (petal length and width both split off setosa), which
    scikit-learn breaks at random: compare the trees' shapes and their sample counts. Below
    4 rows a node's attributes tie too (the paths still agree: the tied splits are equal)."""
    X, y = iris()
    path = _sk(min_samples_split=4).cost_complexity_pruning_path(X, y)
    for alpha in [0.0, *midpoints(path.ccp_alphas)]:
        ours = DecisionTree("cart", prune="ccp", ccp_alpha=alpha, min_samples_split=4).fit(X, y)
        theirs = _sk(ccp_alpha=alpha, min_samples_split=4).fit(X, y)
        shape = [(n.is_leaf, n.n) for n in ours.trace_.nodes if not n.pruned_away]
        assert shape == _sklearn_shape(theirs)
        assert same_probabilities(ours, theirs, X)


def _sklearn_shape(clf) -> list[tuple[bool, int]]:
    tree, out, stack = clf.tree_, [], [0]
    while stack:
        i = stack.pop()
        leaf = tree.children_left[i] == -1
        out.append((bool(leaf), int(tree.n_node_samples[i])))
        if not leaf:
            stack += [tree.children_right[i], tree.children_left[i]]
    return out


def test_ccp_events_are_weakest_links():
    X, y = iris()
    alpha = 0.02
    trace = DecisionTree("cart", prune="ccp", ccp_alpha=alpha).fit(X, y).trace_
    pruned = [e for e in trace.pruning if e["action"] == "prune"]
    kept_ = [e for e in trace.pruning if e["action"] == "keep"]
    assert [e["before"] for e in pruned] == sorted(e["before"] for e in pruned)
    assert all(e["before"] <= alpha == e["after"] for e in pruned)
    assert all(e["before"] > alpha for e in kept_) and kept_
    assert {e["node"] for e in kept_} == {n.id for n in trace.nodes
                                          if not n.is_leaf and not n.pruned_away}
    assert all(trace.nodes[e["node"]].decision.stop == "pruned" for e in pruned)


def test_ccp_alpha_zero_keeps_a_tree_without_useless_splits():
    X, y = distinct_float32_data(1, 300, 5, 3)
    grown = DecisionTree("cart", min_samples_split=20).fit(X, y).trace_
    pruned = DecisionTree("cart", min_samples_split=20, prune="ccp").fit(X, y).trace_
    assert [n.decision for n in pruned.nodes] == [n.decision for n in grown.nodes]


# --------------------------------------------------------------------- command line


def _grow(capsys, *args):
    train, validation = (str(dataset_path(f"watermelon_2.0_{s}.csv"))
                         for s in ("train", "validation"))
    argv = ["grow", train, "--target", "好瓜", "--force", "root=脐部",
            *[validation if a == "VALIDATION" else a for a in args]]
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's refusals
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_reduced_error_pruning(capsys, tmp_path):
    out_json = tmp_path / "trace.json"
    code, out, err = _grow(capsys, "--prune", "rep", "--validation", "VALIDATION",
                           "--json", str(out_json))
    assert code == 0, err
    d = json.loads(out_json.read_text(encoding="utf-8"))
    assert d["params"]["prune"] == "rep" and len(d["pruning"]) == 5
    assert "脐部=凹陷: 是" in out and "Pruning: reduced-error pruning (--prune rep)" in out
    tree = out.split("ID3 tree")[1].split("Pruning")[0]
    assert "纹理" not in tree and "色泽=乌黑: 是" in tree  # pruned away: not printed


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cli_says_when_accuracies_are_counted_by_shares(capsys, tmp_path, lang):
    from dtree_core.cli_messages import say
    frame = pd.read_csv(dataset_path("watermelon_2.0_validation.csv"))
    frame.loc[0, "脐部"] = None  # row 4 goes down every branch of the root by its share
    path = tmp_path / "val.csv"
    frame.to_csv(path, index=False)
    code, out, err = _grow(capsys, "--prune", "rep", "--validation", str(path), "--lang", lang)
    assert code == 0, err
    assert say(lang, "pruning.shared_rows", count=1, n=7) in out
    code, out, _ = _grow(capsys, "--prune", "rep", "--validation", "VALIDATION", "--lang", lang)
    assert say(lang, "pruning.shared_rows", count=1, n=7)[:12] not in out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cli_says_when_validation_rows_without_a_class_are_left_out(capsys, tmp_path, lang):
    """A validation row with an empty class cell is left out: the pruning says so, and of how
    many rows its accuracies are (6, not the file's 7)."""
    from dtree_core.cli_messages import say
    frame = pd.read_csv(dataset_path("watermelon_2.0_validation.csv"))
    frame.loc[2, "好瓜"] = None
    path = tmp_path / "val.csv"
    frame.to_csv(path, index=False)
    code, out, err = _grow(capsys, "--prune", "pre", "--validation", str(path), "--lang", lang)
    assert code == 0, err
    assert say(lang, "pruning.unlabelled_rows", count=1, n=6) in out


@pytest.mark.parametrize(("method", "name"), [
    ("pre", "pre-pruning"), ("pep", "C4.5's pessimistic pruning"),
    ("ccp", "CART's cost-complexity pruning")])
def test_cli_other_methods(capsys, method, name):
    extra = ["--validation", "VALIDATION"] if method == "pre" else []
    code, out, err = _grow(capsys, "--prune", method, *extra)
    assert code == 0, err
    assert f"Pruning: {name} (--prune {method})" in out


@pytest.mark.parametrize("method", ["pre", "rep", "pep", "ccp", "cost"])
def test_the_chinese_pruning_header_names_the_method_in_chinese(method):
    from dtree_core.cli_messages import say
    from dtree_core.options import PRUNE_METHODS
    assert method in PRUNE_METHODS
    name = say("zh", f"pruning.name.{method}")
    assert name != f"pruning.name.{method}" and not name.isascii()
    assert say("zh", "pruning.header", name=name, method=method).startswith(f"剪枝：{name}（")


@pytest.mark.parametrize("args,message", [
    (["--prune", "rep"], "--prune rep needs validation rows"),
    (["--prune", "pre"], "--prune pre needs validation rows"),
    (["--validation", "VALIDATION"], "--validation is only used by"),
    (["--cf", "0.1"], "--cf is only used by --prune pep"),
    (["--ccp-alpha", "0.1", "--prune", "pep"], "--ccp-alpha is only used by --prune ccp|cost"),
    (["--prune", "pep", "--cf", "0.9"], "cf must be a number in (0, 0.5]"),
    (["--prune", "ccp", "--ccp-alpha", "-1"], "--ccp-alpha must be a finite number ≥ 0"),
    (["--prune", "sometimes"], "invalid choice"),
])
def test_cli_bad_pruning_flags(capsys, args, message):
    code, _, err = _grow(capsys, *args)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1


def test_validation_file_must_have_the_columns(capsys, tmp_path):
    frame = pd.read_csv(dataset_path("watermelon_2.0_validation.csv")).drop(columns=["触感"])
    path = tmp_path / "val.csv"
    frame.to_csv(path, index=False)
    code, _, err = _grow(capsys, "--prune", "rep", "--validation", str(path))
    assert code == 2 and "Columns missing from the validation file: 触感" in err


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "error: Columns missing from the validation file: 色泽, 触感."),
    ("zh", "错误：验证集文件缺少这些列：色泽、触感。")])
def test_the_columns_a_validation_file_lacks_are_listed_as_the_language_lists(
        capsys, tmp_path, lang, words):
    """A list in a Chinese sentence is joined with 、, not with the English ", " the
    refusal's details were once written with (data.Listed)."""
    frame = pd.read_csv(dataset_path("watermelon_2.0_validation.csv"))
    path = tmp_path / "val.csv"
    frame.drop(columns=["触感", "色泽"]).to_csv(path, index=False)
    code, _, err = _grow(capsys, "--prune", "rep", "--validation", str(path), "--lang", lang)
    assert code == 2 and err.strip() == words


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "error: The validation file has no row with a value of '好瓜'."),
    ("zh", "错误：验证集文件中没有任何一行填有“好瓜”的取值。")])
def test_a_validation_file_without_a_class_in_any_row_is_refused_as_the_app_refuses_it(
        capsys, tmp_path, lang, words):
    """The command line and the app read a validation file by one function
    (loading.validation_rows): a file whose every class is blank was "no validation rows to
    prune with" here, and named as such in the app."""
    frame = pd.read_csv(dataset_path("watermelon_2.0_validation.csv")).assign(好瓜=None)
    path = tmp_path / "val.csv"
    frame.to_csv(path, index=False)
    code, _, err = _grow(capsys, "--prune", "rep", "--validation", str(path), "--lang", lang)
    assert code == 2 and err.strip() == words


def test_pruned_model_predicts_like_its_leaves(table_4_2):
    (X, y), validation = table_4_2
    model = book_tree(table_4_2, prune="rep")
    proba = model.predict_proba(validation[0])
    # Rows 8 and 9 (稍凹/稍蜷/乌黑) stop at the pruned 1:1 leaf instead of 纹理's leaves.
    assert proba[2] == pytest.approx([0.5, 0.5]) and proba[3] == pytest.approx([0.5, 0.5])
    assert np.allclose(proba.sum(axis=1), 1)


# --------------------------------------------------------------------- choosing ccp_alpha


def test_choose_ccp_alpha_by_cross_validation_one_se_rule():
    X, y = distinct_float32_data(1, 300, 5, 3)
    options = Options.build(algorithm="cart", continuous=list(X.columns))
    choice = choose_ccp_alpha(options, X, y, k=5, seed=0)
    alphas = choice.alphas
    assert len(alphas) == len(choice.path_alphas) and (np.diff(alphas) >= 0).all()
    assert alphas[1] == pytest.approx(np.sqrt(choice.path_alphas[1] * choice.path_alphas[2]))
    assert choice.errors[choice.best] == choice.errors.min()
    limit = choice.errors[choice.best] + choice.standard_errors[choice.best]
    assert choice.errors[choice.chosen] <= limit
    assert (choice.errors[choice.chosen + 1:] > limit).all()  # the simplest tree within 1 SE
    assert choice.chosen >= choice.best and choice.alpha == alphas[choice.chosen]
    assert choice.standard_errors[0] == pytest.approx(
        np.sqrt(choice.errors[0] * (1 - choice.errors[0]) / 300))
    minimum = choose_ccp_alpha(options, X, y, k=5, seed=0, rule="min")
    assert minimum.chosen == minimum.best == choice.best


def test_choose_ccp_alpha_by_a_validation_set():
    X, y = distinct_float32_data(2, 400, 4, 2)
    train, held = np.arange(300), np.arange(300, 400)
    options = Options.build(algorithm="cart", continuous=list(X.columns), min_samples_split=5)
    choice = choose_ccp_alpha(options, X.iloc[train], y.iloc[train],
                              validation=(X.iloc[held], y.iloc[held]), rule="min")
    # Each error is that of DecisionTree(prune="ccp", ccp_alpha=…) on the validation rows.
    for i in (0, choice.chosen, len(choice.alphas) - 1):
        model = DecisionTree(**options.as_kwargs()).set_params(
            prune="ccp", ccp_alpha=float(choice.alphas[i])).fit(X.iloc[train], y.iloc[train])
        wrong = (model.predict(X.iloc[held]) != y.iloc[held].to_numpy()).mean()
        assert choice.errors[i] == pytest.approx(wrong)
    assert choice.errors[-1] >= choice.errors[choice.chosen]


def test_choose_ccp_alpha_refuses_an_unknown_rule():
    X, y = iris()
    with pytest.raises(DataError, match="Unknown rule"):
        choose_ccp_alpha(Options.build(algorithm="cart"), X, y, rule="2se")


def test_cli_draws_the_pruned_tree(capsys):
    code, out, err = _grow(capsys, "--prune", "rep", "--validation", "VALIDATION", "--dot", "-")
    assert code == 0, err
    dot = out.split("}")[0]
    assert "纹理=" not in dot and "n9 [" in dot and "n10 [" not in dot  # 10–12: pruned away


def test_a_reduced_error_leaf_says_the_rule_that_pruned_it(table_4_2):
    """Strictly better by default; not worse with prune_on_tie (the sentence follows)."""
    from dtree_core.wording import PRUNE_RULES

    for on_tie, key in ((False, "rep"), (True, "rep_on_tie")):
        trace = book_tree(table_4_2, prune="rep", prune_on_tie=on_tie).trace_
        leaves = [n for n in trace.nodes if n.decision.stop == "pruned"]
        assert leaves and all(n.decision.rule == PRUNE_RULES[key] for n in leaves)


def test_a_pessimistic_leaf_says_the_rule_that_pruned_it():
    """Plain ≤, ≤ with J48's margin, or ≤ both the subtree and its largest branch (raising):
    each pruned leaf's sentence names the comparison that ran."""
    from dtree_core.wording import PRUNE_RULES

    X, y = xy("watermelon_3.0_alpha.csv", "好瓜")
    for params, key in (({}, "pep"), ({"pep_margin": 0.1}, "pep_margin"),
                        ({"subtree_raising": True, "pep_margin": 0.1}, "pep_raising")):
        trace = DecisionTree("c45", prune="pep", **params).fit(X, y).trace_
        leaves = [n for n in trace.nodes if n.decision.stop == "pruned"]
        assert leaves and all(n.decision.rule == PRUNE_RULES[key] for n in leaves), key


def test_ccp_alpha_0_cuts_the_subtrees_that_lower_the_impurity_by_nothing():
    """As the option's help says: scikit-learn cuts nothing at 0; here the subtrees with
    g(t) = 0 (up to rounding: -1e-18) are cut, and their g(t) reads 0, not -0.000."""
    X, y = xy("penguins.csv", "species")
    cuts = [e for e in DecisionTree("cart", prune="ccp", ccp_alpha=0.0).fit(X, y).trace_.pruning
            if e["action"] == "prune"]
    assert cuts and all(abs(e["before"]) < 1e-12 for e in cuts)
    assert any(e["before"] < 0 for e in cuts)
    # equal within rounding to ccp_alpha 0: written as it is, "0" (it read 0.000 beside 0)
    assert {event_number(e, e["before"], 3) for e in cuts} == {"0"}
    assert {event_number(e, e["after"], 3) for e in cuts} == {"0"}


def test_a_ccp_sentence_states_what_is_true_of_the_numbers_it_shows():
    """Two leaves of one class under age>31 have an effective alpha that sums to 1.4e-16, not
    0: within rounding it is at most ccp_alpha 0, and the sentence said "1.388e-16 ≤ 0".
    Each number it writes now compares as it says."""
    import re

    import pandas as pd

    from dtree_core import DecisionTree

    X = pd.DataFrame({"age": [23, 35, None, 41, 29, 33], "city": ["北京", None, "上海", None,
                                                                 "北京", "上海"]})
    y = ["yes", "no", "yes", "no", "yes", "no"]
    trace = DecisionTree("cart", prune="ccp", continuous=["age"]).fit(X, y).trace_.to_dict()
    events = trace["pruning"]
    assert any(0 < e["before"] < 1e-9 for e in events)  # the sum's noise is there
    for event in events:
        before, op, after = re.match(r"Effective alpha (\S+) ([≤>]) ccp_alpha (\S+):",
                                     event["reason"]).groups()
        assert (float(before) <= float(after)) == (op == "≤"), event["reason"]


def test_small_effective_alphas_are_compared_as_scikit_learn_compares_them():
    """With a weight of 1e10 on one row the effective alphas are about 1e-10, and the
    tolerance, 1e-9 whatever the numbers, cut at ccp_alpha 0 every subtree scikit-learn
    keeps, writing 'Effective alpha 0 ≤ ccp_alpha 0' of a g(t) of 1e-10; at ccp_alpha 1e-10
    it cut the root's g(t) = 2e-10 as well. Now equal means equal to rounding of the numbers
    compared (and 1e-12 about 0), and the sentences write the real numbers."""
    import re

    import numpy as np
    import pandas as pd
    from sklearn.tree import DecisionTreeClassifier

    from dtree_core import DecisionTree

    X, y = pd.DataFrame({"x": [0.0, 1, 2, 3]}), pd.Series(list("ABAB"))
    weight = np.array([1e10, 1, 1, 1])
    for alpha in (0.0, 1e-11, 1e-10, 1e-9):
        trace = DecisionTree("cart", continuous=("x",), prune="ccp", ccp_alpha=alpha).fit(
            X, y, sample_weight=weight).trace_.to_dict()
        leaves = sum(n["decision"]["kind"] == "leaf" and not n.get("pruned_away")
                     for n in trace["nodes"])
        theirs = DecisionTreeClassifier(ccp_alpha=alpha, random_state=0).fit(
            X, y, sample_weight=weight).get_n_leaves()
        assert leaves == theirs, alpha
        for event in trace["pruning"]:
            g, op, limit = re.match(r"Effective alpha (\S+) ([≤>]) ccp_alpha (\S+):",
                                    event["reason"]).groups()
            assert float(g) > 0 and (float(g) <= float(limit)) == (op == "≤"), event["reason"]


def test_numbers_of_an_event_are_written_as_they_compared():
    """An effective alpha of 1.3e-10, told from 0 by the comparison, read '0.000 > 0' (the
    places stopped at 9); two numbers equal within rounding were written apart and could
    read in the wrong order: 'g(t) = 0.124 ≤ ccp_alpha = 0.123', 'C_α 21.35 ≤ 21.34'."""
    from dtree_core.pruning import event_number
    from dtree_core.wording import prune_reason

    tiny = {"before": 1.333e-10, "after": 0.0, "measure": "effective_alpha", "action": "keep"}
    assert float(event_number(tiny, tiny["before"], 3)) > 0
    assert event_number(tiny, tiny["after"], 3) == "0"
    tied = {"before": 0.1235000001, "after": 0.1235, "measure": "effective_alpha",
            "action": "prune"}
    assert event_number(tied, tied["before"], 3) == event_number(tied, tied["after"], 3)
    # a sum's noise reads 0 (it read 0.00000000000000001 beside 0.01000000000000000), and
    # numbers told apart past 9 places are written apart (0.123 > 0.123)
    noise = {"before": 1.39e-17, "after": 0.01, "measure": "effective_alpha", "action": "prune"}
    assert [event_number(noise, noise[k], 3) for k in ("before", "after")] == ["0.000", "0.010"]
    near = {"before": 0.1234000003, "after": 0.1234, "measure": "effective_alpha",
            "action": "keep"}
    assert event_number(near, near["before"], 3) != event_number(near, near["after"], 3)
    said = prune_reason("cost", "prune", 21.345, 21.345000001)
    first, second = (float(x) for x in re.findall(r"\d+\.\d+", said))
    assert first == second, said


@pytest.mark.parametrize("algorithm", ["cart", "c45", "id3"])
def test_path_accuracies_are_each_subtree_s_predictions(algorithm):
    """FittedTrace.path_accuracies, from one walk of the rows, is what predicting with each
    subtree of the weakest-link path gives, with unknown values (Table 4.4) that are spread
    over branches by weight."""
    from dtree_core.fitted_trace import FittedTrace
    from dtree_core.loading import load_path, prepare
    from dtree_core.pruning import path_cuts, path_subtrees

    prepared = prepare(load_path(dataset_path("watermelon_2.0_alpha.csv")), "好瓜")
    X, y = prepared.X, prepared.y
    assert X.isna().any().any()
    grown = DecisionTree(algorithm, nominal=prepared.nominal,
                         continuous=prepared.continuous).fit(X, y).trace_
    fitted = FittedTrace.from_dict(grown.to_dict(scores=False))
    found = fitted.path_accuracies(X, y, [c.node for c in path_cuts(grown)])
    truth = y.astype(str).to_numpy(dtype=object)
    expected = [float((FittedTrace.from_dict(sub.to_dict(scores=False)).predict(X) == truth)
                      .mean()) for _, sub in path_subtrees(grown)]
    assert found == expected and len(found) > 3


def test_path_accuracies_read_number_labels_as_the_trace_writes_them():
    """A target of numbers written 1.0 / 0.0 grows classes '1' and '0' (as the file's text
    reads): the path's accuracies compare them as such, as predict does (it counted every
    row wrong, '1.0' against '1')."""
    from dtree_core.fitted_trace import FittedTrace
    from dtree_core.pruning import path_cuts

    rng = np.random.default_rng(0)
    X = pd.DataFrame({"a": rng.integers(0, 3, 60).astype(str), "b": rng.normal(size=60)})
    y = pd.Series((rng.random(60) < 0.5).astype(float))
    grown = DecisionTree("cart").fit(X, y).trace_
    fitted = FittedTrace.from_dict(grown.to_dict(scores=False))
    found = fitted.path_accuracies(X, y, [c.node for c in path_cuts(grown)])
    assert found[0] == 1.0 and found[-1] == max(np.mean(y == 0), np.mean(y == 1))
