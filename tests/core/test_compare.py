"""Merged score tables and the first disagreement, on the textbook's contrasting data."""

from __future__ import annotations

import pytest

from dtree_core import DecisionTree
from dtree_core.compare import (
    default_labels,
    explain,
    first_disagreement,
    merged_scores,
    shared_keys,
)
from dtree_core.labels import branch_text, joined_paths, node_path
from dtree_core.loading import load_path, prepare
from dtree_core.paths import node_key, path_keys
from tests.conftest import dataset_path


def traces(name: str, target: str, algorithms, **options) -> list[dict]:
    prepared = prepare(load_path(dataset_path(name)), target, **options)
    return [DecisionTree(a, nominal=prepared.nominal, continuous=prepared.continuous)
            .fit(prepared.X, prepared.y).trace_.to_dict() for a in algorithms]


@pytest.fixture(scope="module")
def people():
    return traces("people_8.csv", "class", ["id3", "c45", "cart"])


def test_people_8_merged_root_table(people):
    merged = merged_scores(people)
    rows = {r["attribute"]: r for r in merged.rows}
    assert merged.labels == ["ID3", "C4.5", "CART"] and merged.shape == "multiway"
    assert round(rows["hair"]["gain"], 3) == 0.454
    assert round(rows["hair"]["iv"], 3) == 1.406
    assert round(rows["eyes"]["gain_ratio"], 3) == 0.364
    assert rows["hair"]["gini_index_multiway"] == pytest.approx(0.25)
    assert rows["hair"]["gini_index_binary"] == pytest.approx(0.3)
    assert rows["hair"]["picks"] == {"ID3": True, "C4.5": False, "CART": True}
    assert rows["eyes"]["picks"] == {"ID3": False, "C4.5": True, "CART": False}
    assert rows["hair"]["normalised"]["ID3"] == 1.0
    assert rows["eyes"]["normalised"]["ID3"] == rows["eyes"]["gain"] / rows["hair"]["gain"]
    assert round(rows["eyes"]["normalised"]["ID3"], 3) == 0.765
    assert rows["eyes"]["normalised"]["C4.5"] == 1.0
    table = merged.table()
    assert table.columns[-3:] == ["ID3 pick", "C4.5 pick", "CART pick"]


def test_people_8_first_disagreement(people):
    found = first_disagreement(people)
    assert found.key == "root" and found.code == "attribute"
    id3, c45, cart = found.picks
    assert (id3.attribute, id3.criterion, round(id3.value, 3)) == ("hair", "gain", 0.454)
    assert (c45.attribute, c45.criterion, round(c45.value, 3)) == ("eyes", "gain_ratio", 0.364)
    assert c45.rivals == (("hair", pytest.approx(0.3233, abs=1e-4), True),)
    assert cart.ties == ("eyes",)
    assert explain(found).startswith(
        "At the root, ID3 takes hair by Gain (0.454; eyes 0.348); C4.5 takes eyes by "
        "Gain_ratio (0.364; hair 0.323) among the attributes with Gain ≥ the mean 0.268")


def test_watermelon_with_ids_id3_and_cart_take_the_id():
    found = first_disagreement(traces("watermelon_2.0.csv", "好瓜", ["id3", "c45", "cart"],
                                      include_ids=True))
    assert [p.attribute for p in found.picks] == ["编号", "纹理", "编号"]
    c45 = found.picks[1]
    assert set(c45.passed) == {"编号", "纹理"}  # the mean-Gain filter keeps both
    assert round(c45.value, 3) == 0.263 and round(c45.rivals[0][1], 3) == 0.244
    assert "C4.5 takes 纹理 by Gain_ratio (0.263; 编号 0.244)" in explain(found)


def test_same_attribute_different_branches_is_a_shape_disagreement():
    found = first_disagreement(traces("watermelon_2.0.csv", "好瓜", ["id3", "cart"]))
    assert found.key == "root" and found.code == "shape"
    assert found.picks[1].branches == ("纹理 ∈ {清晰}", "纹理 ∈ {稍糊,模糊}")


def test_a_two_valued_attribute_parted_alike_is_no_difference_of_shape():
    """ID3's 有自己的房子=否 | 有自己的房子=是 and CART's 有自己的房子 in {否} | in {是} hold
    the same rows: on Li Hang's loan table the three trees are one tree, and the walk goes
    on below the root (a tree that parts them otherwise below is still found)."""
    import pandas as pd

    loan = traces("loan_lihang.csv", "类别", ["id3", "c45", "cart"])
    assert first_disagreement(loan) is None
    # and the compare page's node picker and merged table reach the nodes below it
    below = [k for k in shared_keys(loan) if k != "root"]
    assert below and all("=" in k and " in {" not in k for k in below)
    assert all(n is not None for n in merged_scores(loan, key=below[0]).nodes)
    X = pd.DataFrame({"a": list("xxzzxxzz"), "b": list("ppqqqqpp")})
    y = pd.Series(list("nnyynnny"), name="y")
    grown = [DecisionTree(alg, nominal=["a", "b"], **limit).fit(X, y).trace_.to_dict()
             for alg, limit in (("id3", {}), ("cart", {}), ("cart", {"max_depth": 1}))]
    assert first_disagreement(grown[:2]) is None
    below = first_disagreement([grown[0], grown[2]])
    assert (below.key, below.code) == ("a=z", "stop")


def test_below_the_root_and_agreement():
    ts = traces("watermelon_2.0.csv", "好瓜", ["id3", "c45"])
    found = first_disagreement(ts)
    assert found.key == "纹理=清晰" and found.depth == 1
    assert [p.attribute for p in found.picks] == ["根蒂", "触感"]
    assert shared_keys(ts)[:2] == ["root", "纹理=清晰"]
    merged = merged_scores(ts, key="纹理=清晰")
    assert {r["attribute"] for r in merged.rows if r["picks"]["C4.5"]} == {"触感"}
    same = traces("watermelon_2.0.csv", "好瓜", ["id3", "id3"])
    assert default_labels(same) == ["ID3", "ID3 #2"]
    assert first_disagreement(same) is None


# --------------------------------------------------------------------- keys from the parents


def _chain(n: int) -> dict:
    import numpy as np
    import pandas as pd

    X = pd.DataFrame({"x": np.arange(n) + 0.5})
    return DecisionTree("c45").fit(X, pd.Series(np.arange(n) % 2).map(str)).trace_.to_dict(
        scores=False)


@pytest.mark.parametrize("case", ["people", "wm3_cart", "wm2a_c45", "pruned", "deep_chain"])
def test_paths_from_the_parents_are_each_node_s_whole_path(case, people):
    trace = {
        "people": lambda: people[1],
        "wm3_cart": lambda: traces("watermelon_3.0.csv", "好瓜", ["cart"])[0],
        "wm2a_c45": lambda: traces("watermelon_2.0_alpha.csv", "好瓜", ["c45"])[0],
        "pruned": lambda: _pruned(),
        "deep_chain": lambda: _chain(150),  # paths null below depth 64: keys from the parents
    }[case]()
    assert path_keys(trace) == [node_key(trace, n["id"]) for n in trace["nodes"]]
    assert len(set(path_keys(trace))) == len(trace["nodes"])
    assert joined_paths(trace, branch_text, " / ") == [
        " / ".join(branch_text(c) for c in node_path(trace, n)) for n in trace["nodes"]]


def _pruned() -> dict:
    prepared = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    trace = DecisionTree("id3", nominal=prepared.nominal, prune="cost",
                         ccp_alpha=2.0).fit(prepared.X, prepared.y).trace_.to_dict()
    assert any(n.get("pruned_away") for n in trace["nodes"])
    return trace


def test_a_forced_pick_is_tied_with_nothing():
    """At 纹理=清晰 forced to 色泽 (Gain 0.043), the rule's best 根蒂, 脐部 and 触感 tie at
    0.458 with each other, not with 色泽: neither the score table nor the compare page marks
    色泽 '=', nor the others tied with it (its tie rule took nothing)."""
    from dtree_core.compare import compared_keys, merged_scores
    from dtree_core.export import is_tied
    from tests.conftest import xy
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    forced = DecisionTree("id3", force={"纹理=清晰": "色泽"}).fit(X, y).trace_.to_dict()
    free = DecisionTree("id3").fit(X, y).trace_.to_dict()
    node = next(n for n in forced["nodes"] if n["decision"].get("forced"))
    marked = {r["attribute"] for r in node["scores"] if is_tied(node, r)}
    assert marked == {"根蒂", "脐部", "触感"} and node["decision"]["attribute"] == "色泽"
    key = compared_keys(forced)[node["id"]]
    rows = merged_scores([forced, free], ["forced", "free"], key).rows
    assert not any(r["tied"]["forced"] for r in rows)
    assert {r["attribute"] for r in rows if r["tied"]["free"]} == {"脐部", "触感"}


def test_a_leaf_whose_label_won_a_tie_says_so():
    """ID3 against ID3 with max_depth 3 on watermelon 2.0: the capped tree's leaf holds one
    是 and one 否, and takes 是 as the first the data shows."""
    whole, capped = (DecisionTree("id3", **extra).fit(*_melons()).trace_.to_dict()
                     for extra in ({}, {"max_depth": 3}))
    found = first_disagreement([whole, capped], ["A", "B"])
    assert found.picks[1].tied_classes == ("是", "否")
    assert explain(found).endswith("B makes a leaf (max_depth; 是, 否 tie with 1 each: the "
                                   "leaf takes 是, the one the data shows first).")


def _melons():
    from tests.conftest import xy
    return xy("watermelon_2.0.csv", "好瓜", drop=["编号"])


def test_a_tie_is_said_as_each_tree_s_tie_rule_broke_it():
    """At 纹理=清晰 of watermelon 2.0, ID3's Gain ties 根蒂, 脐部 and 触感: the first column
    takes 根蒂, the last 触感, a seeded draw 脐部; each clause names its own rule (explain
    said 'the first column wins' whatever the rule)."""
    first, last, drawn = (DecisionTree("id3", tie_break=rule).fit(*_melons()).trace_.to_dict()
                          for rule in ("first", "last", "random"))
    said = explain(first_disagreement([first, last, drawn], ["F", "L", "R"]))
    assert "F takes 根蒂 by Gain (0.458; 触感 0.458; 脐部 0.458), tied with 脐部, 触感 (the " \
        "attribute that comes first in the data's column order wins)" in said
    assert "L takes 触感" in said and ("tied with 根蒂, 脐部 (the attribute that comes last "
                                      "in the data's column order wins)") in said
    assert "R takes 脐部" in said and ("tied with 根蒂, 触感 (one of them is picked at random "
                                      "(seeded))") in said


def test_trees_grown_on_different_rows_are_not_compared_node_by_node():
    """A tree pruned by a validation split of the file grows on the rest of it: ID3 on all 17
    rows of watermelon 2.0 and ID3 and C4.5 on its first 12 share no node (their roots hold
    different rows), which was written as one root with both trees' numbers; the two grown
    on 12 rows are compared with each other."""
    from dtree_core.compare import disagreements, same_rows

    X, y = _melons()
    whole = DecisionTree("id3").fit(X, y).trace_.to_dict()
    part = [DecisionTree(a).fit(X.iloc[:12], y.iloc[:12]).trace_.to_dict()
            for a in ("id3", "c45")]
    assert same_rows(part) and not same_rows([whole, part[0]])
    found = first_disagreement([whole, *part], ["all", "ID3 12", "C4.5 12"])
    assert (found.code, [p.grown[0] for p in found.picks]) == ("rows", [17, 12, 12])
    assert explain(found) == ("The trees grew on different rows (all on 17; ID3 12, C4.5 12 "
                              "on 12): their nodes are not compared.")  # sharing rows: together
    later = disagreements([whole, *part], ["all", "ID3 12", "C4.5 12"])
    assert [labels for labels, _ in later] == [("all", "ID3 12", "C4.5 12"),
                                               ("ID3 12", "C4.5 12")]
    assert later[1][1] == first_disagreement(part, ["ID3 12", "C4.5 12"])


def test_trees_on_as_many_rows_but_other_ones_are_not_said_to_share_them():
    """ID3 on watermelon 2.0's rows 0-11 and on rows 5-16: 'The trees grew on different rows
    (A, B on 12)' said they differ and grouped them as one; likewise the same 17 rows with
    other weights."""
    data = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    X, y = data.X, data.y
    a = DecisionTree("id3").fit(X.iloc[:12], y.iloc[:12]).trace_.to_dict()
    b = DecisionTree("id3").fit(X.iloc[5:], y.iloc[5:]).trace_.to_dict()
    found = first_disagreement([a, b], ["A", "B"])
    assert found.code == "rows"
    said = explain(found)
    assert "A on 12; B on 12 other rows or weights" in said, said


def _one_row_each(X, y) -> list[dict]:
    """Trees grown on watermelon 2.0's first row (a 是) and its last (a 否), the other one
    weighing 0 (a row of weight 0 reaches no node): each root holds 1 row, not the same."""
    rows = [0, len(y) - 1]
    return [DecisionTree("id3").fit(X.iloc[rows], y.iloc[rows], sample_weight=w)
            .trace_.to_dict() for w in ([1, 0], [0, 1])]


def test_a_tree_on_one_other_row_is_said_in_the_singular():
    """'B on 1 other rows or weights' was said of a tree grown on another single row."""
    found = first_disagreement(_one_row_each(*_melons()), ["A", "B"])
    assert (found.code, [p.grown[0] for p in found.picks]) == ("rows", [1, 1])
    assert explain(found) == ("The trees grew on different rows (A on 1; B on 1 other row or "
                              "weight): their nodes are not compared.")


def test_the_downloaded_merged_table_marks_picks_and_ties_as_the_page_does(people):
    """The CSV/Markdown/LaTeX table of the merged scores wrote True/False for each pick, so
    CART's tie of eyes with hair (its tie rule took hair) was in no download: ties are never
    hidden. Each configuration's column now holds the page's marks, ✓ and =."""
    table = merged_scores(people).table()
    marks = {row[0]: dict(zip(table.columns[-3:], row[-3:], strict=True)) for row in table.rows}
    assert marks["hair"] == {"ID3 pick": "✓", "C4.5 pick": "", "CART pick": "✓"}
    assert marks["eyes"] == {"ID3 pick": "", "C4.5 pick": "✓", "CART pick": "="}


def test_the_downloaded_merged_table_marks_an_oblique_trees_tied_single_attributes():
    """Where the oblique tree's linear test wins on watermelon 3.0, no row is its pick and
    its column marks the single attributes tied for its best single attribute (= on 纹理 and
    含糖率), in the download as on the page."""
    found = traces("watermelon_3.0.csv", "好瓜", ["cart", "oblique"])
    table = merged_scores(found).table()
    oblique = {row[0]: row[-1] for row in table.rows}
    assert {a for a, mark in oblique.items() if mark} == {"纹理", "含糖率"}
    assert set(oblique.values()) == {"=", ""}


def test_same_rows_checks_counts_not_which_rows():
    """same_rows reads the roots' counts (the trace names no row), as its docstring says: two
    trees grown on other rows of one size and class mix agree there. The Compare page never
    grows such a pair (tests/app/test_compare_validation.py checks why)."""
    from dtree_core.compare import same_rows

    X, y = _melons()
    rows = ([*range(0, 6), *range(8, 14)], [*range(1, 7), *range(9, 15)])
    traces = [DecisionTree("id3").fit(X.iloc[r], y.iloc[r]).trace_.to_dict() for r in rows]
    assert y.iloc[rows[0]].value_counts().equals(y.iloc[rows[1]].value_counts())
    assert same_rows(traces)
