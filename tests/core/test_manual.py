"""A student's own tree (dtree_core.manual) and forced thresholds ('ATTRIBUTE@T')."""

from __future__ import annotations

import pandas as pd
import pytest
from sklearn.metrics import accuracy_score

from dtree_core import DecisionTree
from dtree_core.data import DataError
from dtree_core.evaluate import holdout, stratified_split
from dtree_core.fitted_trace import FittedTrace
from dtree_core.manual import (
    StudentPick,
    StudentTree,
    choice_at,
    decided,
    is_complete,
    outcome,
    pending,
    reveal,
    revealed_algorithms,
    student_nodes,
)
from dtree_core.options import Options
from dtree_core.paths import force_text, forced_split, node_key
from dtree_core.reference import tree_generate
from dtree_core.split import distinct_labels
from tests.conftest import xy

WM2 = ("watermelon_2.0.csv", "好瓜", ["编号"], [])
WM3 = ("watermelon_3.0.csv", "好瓜", ["编号"], ["密度", "含糖率"])


def data(spec):
    name, target, drop, numeric = spec
    return xy(name, target, drop=drop, numeric=numeric)


def grow(X, y, options: Options) -> dict:
    return DecisionTree.from_options(options).fit(X, y).trace_.to_dict()


def fitted_options(X, y, algorithm: str) -> Options:
    """The options with every column's kind filled in, as the app passes them."""
    return DecisionTree(algorithm).fit(X, y).options_


# --------------------------------------------------------------------- forced thresholds


def test_force_text_reads_back():
    assert force_text("密度", 0.3815) == "密度@0.3815"
    assert forced_split("密度@0.3815", ["密度"]) == ("密度", 0.3815)
    assert forced_split("纹理", ["纹理"]) == ("纹理", None)
    assert forced_split("a@1", ["a@1"]) == ("a@1", None)  # a name with '@' stays a name


def test_a_threshold_may_come_structured():
    text = Options.build(force=["root=密度@0.3815"]).force
    assert text == (("root", "密度@0.3815"),)
    assert Options.build(force={"root": ("密度", 0.3815)}).force == text
    assert Options.build(force=[("root", "密度", 0.3815)]).force == text
    assert Options.build(force=[("root", "纹理")]).force == (("root", "纹理"),)


def test_a_forced_threshold_cuts_there_not_at_the_best():
    X, y = data(WM3)
    best = DecisionTree("id3", force={"root": "密度"}).fit(X, y).trace_.nodes[0].decision
    assert best.threshold == pytest.approx(0.3815)  # Zhou: the best t of 密度 at the root
    root = DecisionTree("id3", force={"root": "密度@0.5185"}).fit(X, y).trace_.to_dict()
    decision, node = root["nodes"][0]["decision"], root["nodes"][0]
    assert (decision["attribute"], decision["threshold"]) == ("密度", 0.5185)
    assert decision["forced"] and decision["forced_threshold"]
    assert root["params"]["force"] == {"root": "密度@0.5185"}
    left = [n for n in root["nodes"] if n["parent"] == 0 and n["branch"]["op"] == "<="][0]
    assert left["n"] == int((X["密度"] <= 0.5185).sum()) == 7
    row = next(r for r in node["scores"] if r["attribute"] == "密度")
    assert row["threshold"] == 0.5185 and row["chosen"]
    at = row["curve"]["threshold"].index(0.5185)  # the row's Gain is the curve's at that t
    assert row["gain"] == pytest.approx(row["curve"]["gain"][at], abs=1e-15)
    assert decision["value"] == row["gain"]


def test_an_unforced_threshold_is_not_marked():
    X, y = data(WM3)
    decision = DecisionTree("id3", force={"root": "密度"}).fit(X, y).trace_.to_dict()[
        "nodes"][0]["decision"]
    assert decision["forced"] and "forced_threshold" not in decision


def test_a_threshold_is_matched_to_six_significant_digits():
    X, y = data(WM3)
    tree = DecisionTree("id3", force={"root": "含糖率@0.2045"}).fit(X, y).trace_
    typed = DecisionTree("id3", force={"root": "含糖率@0.204500"}).fit(X, y).trace_
    assert tree.nodes[0].decision.threshold == typed.nodes[0].decision.threshold


@pytest.mark.parametrize("force, words", [
    ({"root": "密度@0.5"}, "not one of its candidate thresholds"),
    ({"root": "纹理@0.5"}, "not one of its candidate thresholds"),
])
def test_a_threshold_that_is_no_candidate_is_refused(force, words):
    X, y = data(WM3)
    with pytest.raises(DataError, match=words):
        DecisionTree("id3", force=force).fit(X, y)
    skipped = DecisionTree("id3", force=force, force_missing="skip").fit(X, y).trace_
    assert skipped.unmatched_force == ("root",)


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_the_reference_grower_cuts_at_the_forced_threshold_too(algorithm):
    X, y = data(WM3)
    options = Options.build(algorithm=algorithm,
                            force={"root": "含糖率@0.126", "含糖率>0.126": "密度@0.3815"})
    model = DecisionTree.from_options(options).fit(X, y)
    from dtree_core.data import encode
    enc = encode(X, y.reset_index(drop=True), {a.name: a.kind for a in model.attributes_})
    reference = tree_generate(enc, model.options_, "好瓜")
    assert reference.to_json() == model.trace_.to_json()
    second = model.trace_.to_dict()["nodes"][model.trace_.nodes[0].children[1]]["decision"]
    assert (second["attribute"], second["threshold"]) == ("密度", 0.3815)


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_a_forced_split_is_made_whatever_its_gain(algorithm):
    """min_gain judges the rule's pick, and a force overrides the pick: with min_gain 1 no
    gain passes, yet the forced root splits on 色泽 (a hand-built tree is the tree asked for;
    before, it became a leaf saying that the best gain, 纹理's 0.381, was below the limit),
    while its unforced children stop by the limit. The reference TreeGenerate agrees."""
    X, y = data(WM2)
    options = Options.build(algorithm=algorithm, min_gain=1.0, force={"root": "色泽"})
    model = DecisionTree.from_options(options).fit(X, y)
    nodes = model.trace_.to_dict()["nodes"]
    root = nodes[0]["decision"]
    assert (root["kind"], root["attribute"], root["forced"]) == ("split", "色泽", True)
    gain_stop = model.options_.rules.gain_stop
    below = [nodes[i] for i in nodes[0]["children"]]
    assert {n["decision"]["stop"] for n in below if n["decision"]["kind"] == "leaf"} <= {
        gain_stop, "pure", "empty"}
    assert any(n["decision"]["stop"] == gain_stop for n in below)
    from dtree_core.data import encode
    enc = encode(X, y.reset_index(drop=True), {a.name: a.kind for a in model.attributes_})
    assert tree_generate(enc, model.options_, "好瓜").to_json() == model.trace_.to_json()
    unforced = grow(X, y, Options.build(algorithm=algorithm, min_gain=1.0))
    assert unforced["nodes"][0]["decision"]["stop"] == gain_stop


# --------------------------------------------------------------------- the student's tree


def waiting(trace: dict) -> list[str]:
    return [node_key(trace, i) for i in pending(trace)]


def test_picks_become_forces_and_the_trace_has_exactly_the_students_splits():
    X, y = data(WM3)
    base = fitted_options(X, y, "id3")
    tree = StudentTree().choose("root", "含糖率", 0.126)
    trace = grow(X, y, tree.options(base))
    assert waiting(trace) == ["含糖率>0.126"]  # 含糖率<=0.126: the five lowest, all 否
    low = trace["nodes"][student_nodes(trace)[1]]
    assert (low["class_counts"], low["decision"]["stop"]) == ({"是": 0, "否": 5}, "pure")
    tree = tree.choose("含糖率>0.126", "密度", 0.3815)
    trace = grow(X, y, tree.options(base))
    made = {node_key(trace, i): (trace["nodes"][i]["decision"]["attribute"],
                                 trace["nodes"][i]["decision"]["threshold"],
                                 trace["nodes"][i]["decision"]["forced_threshold"])
            for i in student_nodes(trace) if trace["nodes"][i]["decision"].get("forced")}
    assert made == {"root": ("含糖率", 0.126, True),
                    "含糖率>0.126": ("密度", 0.3815, True)}
    # 密度<=0.3815 among them: 0.243 and 0.360, both 否; the other ten wait
    assert waiting(trace) == ["含糖率>0.126/密度>0.3815"]
    assert trace["nodes"][pending(trace)[0]]["class_counts"] == {"是": 8, "否": 2}
    assert tree.undo().undo() == StudentTree()


def test_pending_nodes_come_in_treegenerates_order_and_a_complete_tree_has_none():
    X, y = data(WM2)
    base = fitted_options(X, y, "id3")
    tree = StudentTree().choose("root", "纹理")
    trace = grow(X, y, tree.options(base))
    assert waiting(trace) == ["纹理=清晰", "纹理=稍糊"]  # 纹理=模糊 is all 否
    while pending(trace):  # the same choices as ID3: the book's Fig. 4.4
        node = trace["nodes"][pending(trace)[0]]
        tree = tree.choose(node_key(trace, node["id"]), node["decision"]["attribute"])
        trace = grow(X, y, tree.options(base))
    assert is_complete(trace)
    assert len(tree.picks) == 5 and decided(trace) == list(range(len(trace["nodes"])))
    own = grow(X, y, base)
    assert [n["decision"]["attribute"] for n in trace["nodes"]] == \
        [n["decision"]["attribute"] for n in own["nodes"]]


def test_a_pick_that_cannot_be_made_is_refused():
    X, y = data(WM2)
    tree = StudentTree((StudentPick("纹理=模糊", "色泽"),))
    with pytest.raises(DataError, match="leaf"):
        grow(X, y, tree.options(fitted_options(X, y, "id3")))


# --------------------------------------------------------------------- what the algorithms choose


def test_the_revealed_algorithms_are_the_three_scoring_ones():
    assert revealed_algorithms()[:3] == ("id3", "c45", "cart")
    assert "cls" not in revealed_algorithms() and "worst" not in revealed_algorithms()


def own_picks(trace: dict) -> StudentTree:
    tree = StudentTree()
    for node in trace["nodes"]:
        d = node["decision"]
        if d["kind"] == "split":
            tree = tree.choose(node_key(trace, node["id"]), d["attribute"], d["threshold"])
    return tree


@pytest.mark.parametrize("spec", [WM2, WM3], ids=["wm2", "wm3"])
@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_each_algorithm_is_revealed_choosing_what_its_own_tree_chose(spec, algorithm):
    """A student who copies the algorithm grows its tree, and at every node the reveal says
    that algorithm chose the same: the attribute and threshold of its own tree there."""
    X, y = data(spec)
    base = fitted_options(X, y, algorithm)
    own = grow(X, y, base)
    tree = own_picks(own)
    trace = grow(X, y, tree.options(base))
    assert is_complete(trace)
    for node in own["nodes"]:
        d = node["decision"]
        if d["kind"] != "split":
            continue
        assert choice_at(algorithm, trace, X, y, base, node["id"]) == (
            d["attribute"], d["threshold"], None)
        pick = tree.pick_at(node_key(own, node["id"]))
        mine = next(c for c in reveal(trace, X, y, base, node["id"], pick)
                    if c.algorithm == algorithm)
        assert mine.agrees


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_with_random_ties_copying_the_algorithms_tree_agrees_everywhere(algorithm, seed):
    """With the random tie rule the reveal's one-level tree draws its own tie, unrelated to
    the whole tree's draw at that node: it named 根蒂 where ID3's drawn tree took 纹理 and
    called the copy a disagreement. A pick among the tied attributes agrees, and the choice
    lists them."""
    X, y = data(WM2)
    base = DecisionTree(algorithm, tie_break="random", seed=seed).fit(X, y).options_
    own = grow(X, y, base)
    tree = own_picks(own)
    trace = grow(X, y, tree.options(base))
    drawn = 0
    for node in own["nodes"]:
        if node["decision"]["kind"] != "split":
            continue
        pick = tree.pick_at(node_key(own, node["id"]))
        mine = next(c for c in reveal(trace, X, y, base, node["id"], pick)
                    if c.algorithm == algorithm)
        assert mine.agrees, (node["id"], pick, mine)
        drawn += bool(mine.drawn)
        if mine.drawn:
            assert node["decision"]["attribute"] in {a for a, _ in mine.tied}
    if algorithm == "id3" and seed == 0:
        assert drawn  # watermelon 2.0 has tied nodes under ID3


@pytest.mark.parametrize("spec", [WM2, WM3], ids=["wm2", "wm3"])
def test_at_the_root_every_algorithm_is_revealed_as_its_own_root(spec):
    X, y = data(spec)
    base = fitted_options(X, y, "id3")
    trace = grow(X, y, base)
    pick = StudentPick("root", "色泽")
    for choice in reveal(trace, X, y, base, 0, pick):
        root = grow(X, y, base.but(algorithm=choice.algorithm))["nodes"][0]["decision"]
        assert (choice.attribute, choice.threshold) == (root["attribute"], root["threshold"])
        assert choice.agrees == (root["attribute"] == "色泽")


def test_a_threshold_pick_agrees_only_at_the_same_t():
    """Zhou Fig. 4.8: under 纹理=清晰 ID3 cuts 密度 at 0.3815."""
    X, y = data(WM3)
    base = fitted_options(X, y, "id3")
    for t, agrees in ((0.3815, True), (0.6655, False)):
        tree = StudentTree().choose("root", "纹理").choose("纹理=清晰", "密度", t)
        trace = grow(X, y, tree.options(base))
        node = trace["nodes"][1]
        assert node_key(trace, 1) == "纹理=清晰"
        assert (node["decision"]["attribute"], node["decision"]["threshold"]) == ("密度", t)
        id3 = next(c for c in reveal(trace, X, y, base, 1, tree.pick_at("纹理=清晰"))
                   if c.algorithm == "id3")
        assert (id3.attribute, id3.threshold) == ("密度", 0.3815)
        assert id3.agrees == agrees


# --------------------------------------------------------------------- held-out rows


@pytest.mark.parametrize("spec", [WM2, WM3], ids=["wm2", "wm3"])
def test_the_held_out_numbers_are_evaluates(spec):
    X, y = data(spec)
    base = fitted_options(X, y, "id3")
    train, test = stratified_split(y, 0.3, 0)
    theirs = outcome(base, X, y, train, test)
    assert theirs.accuracy == holdout(base, X, y, 0.3, 0).accuracy
    Xt, yt = X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)
    student = StudentTree()
    trace = grow(Xt, yt, student.options(base))
    while pending(trace):  # the student always takes the last candidate attribute
        node = trace["nodes"][pending(trace)[0]]
        row = [r for r in node["scores"] if r["eligible"]][-1]
        student = student.choose(node_key(trace, node["id"]), row["attribute"],
                                 row["curve"]["threshold"][0] if row["curve"] else None)
        trace = grow(Xt, yt, student.options(base))
    mine = outcome(student.options(base), X, y, train, test)
    predicted = FittedTrace.from_dict(trace).predict(X.iloc[test].reset_index(drop=True))
    assert mine.accuracy == accuracy_score(y.iloc[test].to_numpy(dtype=object), predicted)
    assert mine.leaves == sum(n["decision"]["kind"] == "leaf" for n in trace["nodes"])
    assert mine.depth == max(n["depth"] for n in trace["nodes"])
    assert mine.evaluation.y_true.tolist() == y.iloc[test].tolist()


def test_a_cut_one_midpoint_off_does_not_agree_though_both_print_alike_to_6_digits():
    """1000001.7 and 1000003.7 are both 1e+06 to 6 significant digits: the reveal compares the
    cut points themselves (a reviewer's finding), and labels them apart."""
    X = pd.DataFrame({"price": [1000000.2 + i for i in range(6)]})
    y = pd.Series(["no", "no", "yes", "yes", "yes", "yes"])
    base = DecisionTree("id3", continuous=["price"]).fit(X, y).options_
    best = DecisionTree("id3", continuous=["price"]).fit(X, y).trace_.nodes[0].decision.threshold
    for cut, agreed in ((best, True), (best + 2, False)):
        tree = StudentTree().choose("root", "price", cut)
        trace = DecisionTree.from_options(tree.options(base)).fit(X, y).trace_.to_dict()
        choices = reveal(trace, X, y, base, 0, tree.pick_at("root"))
        assert [c.agrees for c in choices] == [agreed] * len(choices)
        labels = distinct_labels([cut, *(c.threshold for c in choices)])
        assert (labels[cut] == labels[best]) is agreed
    assert distinct_labels([1000001.7])[1000001.7] == "1000001.7"
    assert distinct_labels([0.3815, 0.3816]) == {0.3815: "0.3815", 0.3816: "0.3816"}
    assert distinct_labels([0.12345671, 0.12345679]) == {0.12345671: "0.1234567",
                                                         0.12345679: "0.1234568"}


def test_a_tie_decided_by_column_order_is_named_with_the_pick_it_passed_over():
    """Watermelon 2.0 under ID3 with the default rule (the first column wins): at a tied node
    the reveal lists the attributes tied with each choice, and a pick of another of them ties
    without agreeing (a reviewer's finding: the tie went unsaid)."""
    X, y = data(WM2)
    base = fitted_options(X, y, "id3")
    trace = grow(X, y, base)
    node = next(n for n in trace["nodes"] if n["decision"].get("ties"))
    ties = node["decision"]["ties"]
    path = node_key(trace, node["id"])
    tree = StudentTree().choose(path, ties[0])
    above = node
    while above["parent"] is not None:  # the algorithm's own splits on the way down
        above = trace["nodes"][above["parent"]]
        tree = tree.choose(node_key(trace, above["id"]), above["decision"]["attribute"])
    choices = reveal(grow(X, y, tree.options(base)), X, y, base, node["id"], tree.pick_at(path))
    id3 = next(c for c in choices if c.algorithm == "id3")
    assert id3.tie_rule == "first" and not id3.drawn
    assert [a for a, _ in id3.tied] == [node["decision"]["attribute"], *ties]
    assert not id3.agrees and id3.ties_with(tree.pick_at(path))


def test_a_pick_at_a_cut_tied_with_the_choice_ties_by_its_threshold():
    """x = 1..6 with classes a b b b b a: t = 1.5 and t = 5.5 split off one a alike (Gain and
    Gini_index the same); the rule takes the smallest, so 5.5 ties and 2.5 does not."""
    X = pd.DataFrame({"x": [1.0, 2, 3, 4, 5, 6], "c": list("pqpqpq")})
    y = pd.Series(list("abbbba"))
    base = Options(algorithm="c45", continuous=("x",), nominal=("c",))
    trace = DecisionTree.from_options(base).fit(X, y).trace_.to_dict()
    for t, reasons in ((1.5, ()), (5.5, ("threshold",)), (2.5, ())):
        pick = StudentPick("", "x", t)
        for choice in reveal(trace, X, y, base, 0, pick):
            assert (choice.attribute, choice.threshold) == ("x", 1.5)
            assert choice.tied_cuts == (5.5,)
            assert choice.agrees == (t == 1.5)
            assert choice.tie_reasons(pick) == reasons


def test_another_tied_attribute_at_another_cut_is_no_tie():
    """A = B = 1..7, classes p q p p q q p: A and B tie (the first column takes A), and
    Gain ties at t = 1.5, 4.5 and 6.5 (C4.5's Gain_ratio does not: 0.216 at 1.5, 0.130 at
    4.5). B at 4.5 was said to tie by the criterion and to differ by the tie rule alone;
    it is no split that was ranked. B at its own cut ties by the tie rule; A at a tied cut
    ties by its threshold."""
    X = pd.DataFrame({"A": [1.0, 2, 3, 4, 5, 6, 7], "B": [1.0, 2, 3, 4, 5, 6, 7]})
    y = pd.Series(list("pqppqqp"))
    base = Options(algorithm="c45", continuous=("A", "B"))
    trace = DecisionTree.from_options(base).fit(X, y).trace_.to_dict()
    cases = {("B", 4.5): (), ("B", 1.5): ("first",), ("A", 4.5): ("threshold",)}
    for (attribute, t), reasons in cases.items():
        pick = StudentPick("", attribute, t)
        c45 = next(c for c in reveal(trace, X, y, base, 0, pick) if c.algorithm == "c45")
        assert (c45.attribute, c45.threshold, c45.tied_cuts) == ("A", 1.5, (4.5, 6.5))
        assert c45.tie_reasons(pick) == reasons, (attribute, t)
