"""IF-THEN rules: golden text and Markdown, coverage with missing values, the CLI's --rules."""

from __future__ import annotations

from textwrap import dedent

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.rules import (
    Coverage,
    conditions_text,
    coverage_on,
    path_conditions_texts,
    rule_line,
    rules,
    rules_markdown,
    rules_text,
)


@pytest.fixture
def wm2_trace(wm2):
    X, y = wm2
    return DecisionTree("id3").fit(X, y).trace_.to_dict()


WM2_ID3_RULES = dedent("""\
    R1: IF 纹理=清晰 AND 根蒂=蜷缩 THEN 好瓜=是  [training: coverage 5/17 = 29.4%, accuracy 100.0%]
    R2: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=青绿 THEN 好瓜=是  [training: coverage 1/17 = 5.9%, accuracy 100.0%]
    R3: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=乌黑 AND 触感=硬滑 THEN 好瓜=是  [training: coverage 1/17 = 5.9%, accuracy 100.0%]
    R4: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=乌黑 AND 触感=软粘 THEN 好瓜=否  [training: coverage 1/17 = 5.9%, accuracy 100.0%]
    R5: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=浅白 THEN 好瓜=是  [training: coverage 0/17 = 0.0%, accuracy —]
    R6: IF 纹理=清晰 AND 根蒂=硬挺 THEN 好瓜=否  [training: coverage 1/17 = 5.9%, accuracy 100.0%]
    R7: IF 纹理=稍糊 AND 触感=硬滑 THEN 好瓜=否  [training: coverage 4/17 = 23.5%, accuracy 100.0%]
    R8: IF 纹理=稍糊 AND 触感=软粘 THEN 好瓜=是  [training: coverage 1/17 = 5.9%, accuracy 100.0%]
    R9: IF 纹理=模糊 THEN 好瓜=否  [training: coverage 3/17 = 17.6%, accuracy 100.0%]""")  # noqa: E501


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
    # Han's coverage: the rows covered of the 17 training rows, of the 3 held out
    assert lines[2] == ("| R1 | 纹理=清晰 AND 根蒂=蜷缩 | 好瓜=是 | 5/17 = 29.4% | 100.0% | "
                        "1/3 = 33.3% | 100.0% |")
    assert lines[3] == ("| R2 | 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=青绿 | 好瓜=是 | 1/17 = 5.9% | "
                        "100.0% | 1/3 = 33.3% | 0.0% |")
    assert lines[7] == ("| R6 | 纹理=清晰 AND 根蒂=硬挺 | 好瓜=否 | 1/17 = 5.9% | 100.0% | "
                        "1/3 = 33.3% | 100.0% |")
    assert lines[8].endswith("| 0/3 = 0.0% | — |")
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
    assert found[leaf_of_r9] == Coverage(pytest.approx(3 / 17), pytest.approx(3 / 17), 1.0)
    assert sum(c.covered for c in found.values()) == pytest.approx(1.0)
    r1 = rules(wm2_trace)[0].leaf
    assert found[r1].covered == pytest.approx(9 / 17) and found[r1].correct == 0


def test_root_leaf_rule_reads_true():
    X = pd.DataFrame({"a": ["x", "x", "x"]})
    trace = DecisionTree("id3").fit(X, pd.Series(["p", "q", "p"], name="c")).trace_.to_dict()
    assert rules_text(trace) == ("R1: IF TRUE THEN c=p  [training: coverage 3/3 = 100.0%, "
                                 "accuracy 66.7%]")


def test_continuous_rules_use_thresholds(wm3):
    X, y = wm3
    trace = DecisionTree("c45").fit(X, y).trace_.to_dict()
    first = rules(trace)[0]
    assert first.condition_text.startswith("含糖率<=0.126")
    total = sum(r.train.covered for r in rules(trace))
    assert total == 17
    assert np.isclose(sum(r.train.correct for r in rules(trace)), 17)


def test_large_thresholds_are_written_with_their_whole_part():
    """A cut at 1000001.7 sends the row 1000001.2 left; written to 6 significant digits it
    was `x<=1e+06`, a cut below that row. The rules, the tree's edges and the rule sentence
    write the whole part and a decimal."""
    from dtree_core.dot import to_dot
    X = pd.DataFrame({"x": [1000000.2, 1000001.2, 1000002.2, 1000003.2]})
    y = pd.Series(["a", "a", "b", "b"])
    model = DecisionTree("c45").fit(X, y)
    trace = model.trace_.to_dict()
    assert trace["nodes"][0]["decision"]["threshold"] == pytest.approx(1000001.7)
    texts = [r.condition_text for r in rules(trace)]
    assert texts == ["x<=1000001.7", "x>1000001.7"]
    assert "1e+06" not in to_dot(trace).source and "1000001.7" in to_dot(trace).source


def test_the_cli_summary_writes_large_thresholds_whole(tmp_path, capsys):
    from dtree_core.cli import main
    path = tmp_path / "big.csv"
    path.write_text("x,y\n1000000.2,a\n1000001.2,a\n1000002.2,b\n1000003.2,b\n")
    assert main(["grow", str(path), "--target", "y", "--continuous", "x"]) == 0
    out = capsys.readouterr().out
    assert "x<=1000001.7" in out.replace(" ", "") and "1e+06" not in out


BIG = pd.DataFrame({"x": [1000000.2, 1000001.2, 1000002.2, 1000003.2, 1000004.2, 1000005.2],
                    "z": ["p", "q", "p", "q", "p", "q"]})


@pytest.mark.parametrize("written", ["x>1000001.7", "x > 1000001.7", "x>1e+06", "x>1000001.74"])
def test_a_path_matches_a_large_threshold_as_the_summary_or_a_key_writes_it(written):
    """Paths match thresholds to 6 significant digits (TRACE.md): the summary's 1000001.7
    and the 6-digit 1e+06 both name the node (a key's 1e+06 used to be read as 1000000)."""
    y = pd.Series(["a", "a", "b", "b", "a", "b"])
    trace = DecisionTree("c45", force={written: "z"}).fit(BIG, y).trace_.to_dict()
    forced = [n for n in trace["nodes"] if n["decision"].get("forced")]
    assert [(n["branch"]["op"], n["decision"]["attribute"]) for n in forced] == [(">", "z")]


def test_path_numbers_read_back_as_themselves():
    from dtree_core.paths import canonical_path, path_number
    for t in (1000001.7, 1500000.0, 123456.789, 0.3815, -0.0, 3.0, 2.5e-7):
        assert canonical_path(f"x<={path_number(t)}") == f"x<={path_number(t)}"
    assert path_number(-0.0) == path_number(0.0) == "0"



def test_a_rule_with_an_error_is_never_100_percent_accurate():
    """2999 right of 3000 was printed 'accuracy 100.0%' beside a truly pure rule."""
    from dtree_core.rules import percent_text
    X = pd.DataFrame({"a": ["p"] * 3000 + ["q"] * 10})
    y = pd.Series(["yes"] * 2999 + ["no"] + ["no"] * 10)
    trace = DecisionTree("id3").fit(X, y).trace_.to_dict()
    text = rules_text(trace)
    assert "coverage 3000/3010 = 99.7%, accuracy 99.97%" in text
    assert "coverage 10/3010 = 0.3%, accuracy 100.0%" in text
    assert percent_text(1e-9, 3) == "0.0000001%" and percent_text(0.0, 3) == "0.0%"
    assert percent_text(0.4286, 3) == "42.9%" and percent_text(1.0, 3) == "100.0%"
    assert percent_text(1 - 1e-12, 3) == "99.9999999%" and percent_text(1e-12, 3) == "0.0000001%"


# --------------------------------------------------------------------- C4.5 rule post-pruning


def test_pessimistic_rate_by_hand():
    from dtree_core.pruning import estimated_errors
    from dtree_core.rules import pessimistic_rate

    assert pessimistic_rate(1, 0, 0.25) == 0.75  # U25%(0, 1), Quinlan §4.2
    assert pessimistic_rate(6, 2, 0.25) == pytest.approx(3.3213257 / 6, abs=1e-7)
    assert pessimistic_rate(9, 2, 0.25) == pytest.approx(estimated_errors([7, 2], 0.25) / 9)
    assert pessimistic_rate(0, 0, 0.25) == 1.0  # covering nothing never looks good


def test_generalising_drops_conditions_only_while_the_estimate_does_not_worsen(wm2, wm2_trace):
    from dtree_core.rules import _covers, pessimistic_rate, prune_rules

    X, y = wm2
    truth = np.asarray(y, dtype=object)
    for found in prune_rules(wm2_trace, X, y):
        conditions = list(found.rule.conditions)
        rate = _rate(conditions, found.rule.label, X, truth)
        for condition in found.dropped:  # replay the drops: none makes the estimate worse
            conditions.remove(condition)
            after = _rate(conditions, found.rule.label, X, truth)
            assert after <= rate + 1e-12
            rate = after
        assert conditions == list(found.kept)
        covered = _covers(found.kept, X)
        assert found.covered == covered.sum()
        assert found.errors == (truth[covered] != found.rule.label).sum()
        assert found.estimate == pytest.approx(pessimistic_rate(found.covered, found.errors,
                                                                0.25))


def _rate(conditions, label, X, truth) -> float:
    from dtree_core.rules import _covers, pessimistic_rate

    covered = _covers(conditions, X)
    return pessimistic_rate(float(covered.sum()), float((truth[covered] != label).sum()), 0.25)


def test_pruned_rules_of_fig_4_4(wm2, wm2_trace):
    """R2 (纹理=清晰 ∧ 根蒂=稍蜷 ∧ 色泽=青绿 → 是: 1 row, U = 75%) loses 根蒂 and 色泽: 纹理=清晰
    covers 9 rows with 2 errors, U25%(2, 9) = 38.7%; R5 then repeats it; R4 loses every
    condition and is the default rule, which does not help."""
    from dtree_core.rules import prune_rules, pruned_rules_text

    X, y = wm2
    found = prune_rules(wm2_trace, X, y)
    assert [c["attribute"] for c in found[1].kept] == ["纹理"]
    assert [c["attribute"] for c in found[1].dropped] == ["根蒂", "色泽"]
    assert (found[1].covered, found[1].errors) == (9, 2)
    assert found[1].estimate == pytest.approx(0.387, abs=5e-4)
    assert found[0].dropped == () and found[0].removed is None  # 纹理=清晰 ∧ 根蒂=蜷缩: 5/5
    assert found[3].kept == () and found[3].removed == "not_better_than_default"
    assert found[4].removed == "duplicate"
    text = pruned_rules_text(wm2_trace, X, y).splitlines()
    assert text[1].startswith("R2: IF 纹理=清晰 THEN 好瓜=是  [covers 9, errors 2")
    assert text[1].endswith("dropped: 根蒂=稍蜷, 色泽=青绿")


def test_condition_holds_for_thresholds_subsets_and_unknowns():
    from dtree_core.rules import condition_holds

    X = pd.DataFrame({"a": [0.1, 0.5, None], "b": ["x", "y", None]})
    assert condition_holds({"attribute": "a", "op": "<=", "value": 0.3}, X).tolist() == [
        True, False, False]
    assert condition_holds({"attribute": "a", "op": ">", "value": 0.3}, X).tolist() == [
        False, True, False]
    assert condition_holds({"attribute": "b", "op": "in", "value": ["y", "z"]}, X).tolist() == [
        False, True, False]
    assert condition_holds({"attribute": "b", "op": "=", "value": "x"}, X).tolist() == [
        True, False, False]


# --------------------------------------------------------------------- Han's 2-D rule table


def test_rule_table_one_row_per_path_one_column_per_attribute(wm2_trace):
    from dtree_core.rules import rule_table, rule_table_csv, rule_table_markdown

    table = rule_table(wm2_trace)
    assert table.columns == ["rule", "色泽", "根蒂", "敲声", "纹理", "脐部", "触感", "好瓜"]
    assert len(table.rows) == 9
    assert table.rows[0] == ["R1", "", "蜷缩", "", "清晰", "", "", "是"]
    assert table.rows[2] == ["R3", "乌黑", "稍蜷", "", "清晰", "", "硬滑", "是"]
    assert rule_table_csv(wm2_trace).splitlines()[1] == "R1,,蜷缩,,清晰,,,是,"  # no tie
    assert rule_table_markdown(wm2_trace).splitlines()[0] == (
        "| rule | 色泽 | 根蒂 | 敲声 | 纹理 | 脐部 | 触感 | 好瓜 |")


def test_rule_table_joins_two_tests_of_one_attribute():
    from dtree_core.rules import rule_table
    from tests.conftest import xy

    X, y = xy("watermelon_3.0.csv", "好瓜", drop=["编号"], numeric=["密度", "含糖率"])
    trace = DecisionTree("c45").fit(X, y).trace_.to_dict()
    table = rule_table(trace)
    density = table.columns.index("密度")
    assert any(" AND " in row[density] or row[density].startswith(("<=", ">"))
               for row in table.rows)


@pytest.mark.parametrize("lang, sep", [("en", ":"), ("zh", "：")])
def test_a_prefix_names_another_trees_rules_and_nothing_else_changes(wm2_trace, lang, sep):
    plain = rules_text(wm2_trace, lang=lang)
    held = rules_text(wm2_trace, lang=lang, prefix="H")
    lines = held.splitlines()
    assert [line.split(sep)[0] for line in lines] == [f"H{i}" for i in range(1, len(lines) + 1)]
    assert held == "\n".join("H" + line[1:] for line in plain.splitlines())
    table = rules_markdown(wm2_trace, lang=lang, prefix="H").splitlines()
    assert [row.split("|")[1].strip() for row in table[2:]] == \
        [f"H{i}" for i in range(1, len(lines) + 1)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_rule_texts_from_the_parents_are_each_rule_s_whole_path(wm3, lang):
    """rules_text and rules_markdown write a rule's IF part from its parent's text
    (path_conditions_texts), and take rules already found: the same text as from each
    rule's whole path, on a tree with thresholds and on a chain deeper than 64."""
    X, y = wm3
    n = 150
    chain_X = pd.DataFrame({"x": np.arange(n) + 0.5})
    chain_y = pd.Series(np.arange(n) % 2).map(str)
    for data, target in ((X, y), (chain_X, chain_y)):
        trace = DecisionTree("c45").fit(data, target).trace_.to_dict(scores=False)
        found = rules(trace, data, target)
        lines = [rule_line(i, r, lang=lang) for i, r in enumerate(found, 1)]  # whole paths
        assert rules_text(trace, data, target, lang=lang) == "\n".join(lines)
        assert rules_text(trace, lang=lang, found=found) == "\n".join(lines)
        texts = path_conditions_texts(trace, lang)
        assert [texts[r.leaf] for r in found] == [conditions_text(r.conditions, lang)
                                                  for r in found]
        assert rules_markdown(trace, data, target, lang=lang) == rules_markdown(
            trace, data, target, lang=lang, found=found)


def test_rule_pruning_matches_whole_number_codes_read_as_floats():
    """Codes 1/2/3 with blanks load as floats (3.0): the tree names the value '3', and a
    rule's condition code=3 must hold on those rows, or post-pruning drops it as if it
    matched nothing (a review found R1 'IF o=p' kept with 7 errors in place of 'o=p AND
    code=3' with none)."""
    from dtree_core.loading import load_bytes, prepare
    from dtree_core.rules import condition_holds, prune_rules

    rng = np.random.default_rng(7)
    code = rng.choice([1, 2, 3], 60).astype(object)
    code[:6] = None
    other = rng.choice(["p", "q"], 60)
    y = np.where(np.array([c == 2 for c in code]), "A", np.where(other == "p", "B", "A"))
    csv = pd.DataFrame({"code": code, "o": other, "y": y}).to_csv(index=False).encode()
    prepared = prepare(load_bytes(csv, "codes.csv"), "y", include_ids=True)
    assert prepared.X["code"].dtype == float  # the case: codes with blanks read as floats
    threes = int((prepared.X["code"] == 3).sum())
    assert condition_holds({"attribute": "code", "op": "=", "value": "3"}, prepared.X).sum() \
        == threes > 0
    trace = DecisionTree("id3", nominal=["code", "o"]).fit(prepared.X, prepared.y).trace_
    for pruned in prune_rules(trace.to_dict(), prepared.X, prepared.y):
        if pruned.removed is None:  # every kept rule covers rows and errs on none here
            assert pruned.covered > 0 and pruned.errors == 0, pruned


@pytest.mark.parametrize(("lang", "word"), [("en", "rule"), ("zh", "规则")])
def test_an_attribute_named_like_the_rule_column_gets_a_column_of_its_own(lang, word):
    from dtree_core.rules import rule_table

    X = pd.DataFrame({word: ["a", "b", "a", "b"], "other": ["x", "x", "y", "y"]})
    trace = DecisionTree("id3").fit(X, pd.Series(["p", "q", "p", "q"])).trace_.to_dict()
    table = rule_table(trace, lang)
    assert len(set(table.columns)) == len(table.columns) == 4, table.columns
    assert table.columns[1] == word and table.columns[0] == f"{word}#"
    pd.DataFrame(table.rows, columns=table.columns)  # as the export page shows it


def test_held_out_numeric_classes_are_compared_as_the_tree_writes_them():
    """The tree's labels are text ("1"); held-out classes given as numbers were compared as
    1 against "1" and every rule read 0.0% accurate."""
    X = pd.DataFrame({"a": ["p", "p", "q", "q"]})
    trace = DecisionTree("id3").fit(X, pd.Series([1, 1, 0, 0], name="c")).trace_.to_dict()
    assert all(r.test.accuracy == 1.0 for r in rules(trace, X, [1, 1, 0, 0]))


# --------------------------------------------------------------------- a leaf's tied majority


@pytest.fixture
def wm2_depth_3(wm2):
    """Watermelon 2.0 grown to depth 3: 纹理=清晰 ∧ 根蒂=稍蜷 ∧ 色泽=乌黑 is a leaf of 是 1 :
    否 1, labelled 是 because 是 comes first in the data (R3); 浅白 is empty (R4)."""
    X, y = wm2
    return DecisionTree("id3", max_depth=3).fit(X, y).trace_.to_dict()


def test_a_tied_leaf_says_its_label_won_a_tie_in_every_form(wm2_depth_3):
    from dtree_core.rules import rule_table

    found = rules(wm2_depth_3)
    assert [r.tied_with for r in found] == [(), (), ("否",), (), (), (), (), ()]
    tie = " (tied with 否; the one the data shows first is taken)"
    lines = rules_text(wm2_depth_3).splitlines()
    assert lines[2] == ("R3: IF 纹理=清晰 AND 根蒂=稍蜷 AND 色泽=乌黑 THEN 好瓜=是" + tie
                        + "  [training: coverage 2/17 = 11.8%, accuracy 50.0%]")
    assert "tied" not in "".join(lines[:2] + lines[3:])  # nor the empty leaf, R4
    markdown = rules_markdown(wm2_depth_3).splitlines()
    assert "| 好瓜=是" + tie + " |" in markdown[2 + 2]
    assert "tied" not in "".join(markdown[:4] + markdown[5:])
    table = rule_table(wm2_depth_3)
    assert [row[-1] for row in table.rows][2:4] == ["是" + tie, "是"]


@pytest.mark.parametrize(("lang", "header", "tied_with"), [
    ("en", "tied with (the one the data shows first is taken)", "q,r"),
    ("zh", "与之并列的类别（取数据中先出现者）", "q,r")])
def test_the_rule_table_csv_keeps_the_class_column_for_the_class(wm2_depth_3, lang, header,
                                                                   tied_with):
    """R3's leaf (是 1 : 否 1) wrote '是 (tied with 否; the one the data shows first is
    taken)' in the CSV's class column, which a program reads as a class: the class column
    holds 是, the tie a column of its own; the table on the page keeps its sentence."""
    import csv
    import io

    from dtree_core.rules import rule_table, rule_table_csv

    rows = list(csv.DictReader(io.StringIO(rule_table_csv(wm2_depth_3, lang))))
    assert [r["好瓜"] for r in rows] == [r.label for r in rules(wm2_depth_3)]
    assert [r[header] for r in rows] == ["", "", "否", "", "", "", "", ""]
    assert rule_table(wm2_depth_3, lang).rows[2][-1].startswith("是 (tied with 否" if lang == "en"
                                                                 else "是（与“否”并列")
    X = pd.DataFrame({"a": ["x"] * 3})  # a three-way tie: both others, as a subset lists them
    trace = DecisionTree("id3").fit(X, pd.Series(["p", "q", "r"], name="c")).trace_.to_dict()
    [row] = csv.DictReader(io.StringIO(rule_table_csv(trace, lang)))
    assert (row["c"], row[header]) == ("p", tied_with)


def test_a_tie_of_three_names_each_class_it_tied_with():
    X = pd.DataFrame({"a": ["x"] * 3})
    trace = DecisionTree("id3").fit(X, pd.Series(["q", "p", "r"], name="c")).trace_.to_dict()
    assert rules_text(trace) == (
        "R1: IF TRUE THEN c=q (tied with p, r; the one the data shows first is taken)  "
        "[training: coverage 3/3 = 100.0%, accuracy 33.3%]")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rule_table_csv_tells_a_class_with_a_comma_from_two_classes(lang):
    """The classes a rule's class tied with were joined by the language's list (', ' or '、'),
    so a tie with 'q, r' and s read 'q, r, s' as a tie with q, r and s, and 'q、r' in Chinese
    likewise: they are listed as a subset's members are, a comma in a class escaped, and a
    program splitting at the unescaped commas reads each class back."""
    import csv
    import io
    import re

    from dtree_core.rules import WORDS, rule_table_csv

    def tied_with(classes: list[str]) -> list[str]:
        X = pd.DataFrame({"a": ["x"] * len(classes)})
        trace = DecisionTree("id3").fit(X, pd.Series(classes, name="c")).trace_.to_dict()
        [row] = csv.DictReader(io.StringIO(rule_table_csv(trace, lang)))
        assert row["c"] == classes[0]
        cell = row[WORDS[lang]["col.tied_with"]]
        # a class: escaped characters (a comma, a backslash) and any but a backslash or comma
        return [re.sub(r"\\(.)", r"\1", c) for c in re.findall(r"(?:\\.|[^\\,])+", cell)]

    for classes in (["p", "q, r", "s"], ["p", "q", "r", "s"], ["p", "q、r", "s"],
                    ["p", "q,r", "s\\"], ["p", "s\\", "q"], ["p", "q，r", "s"]):
        assert tied_with(classes) == classes[1:], classes
