"""The grow page's TreeGenerate listing: the lit lines and their words are what the node did,
and every lit line has the reference's code to show."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from app_helpers import grown_app, new_app, node_widget, trace

from dtree_core import DecisionTree, splitting
from dtree_core.cli_messages import say
from dtree_core.data import Listed
from dtree_core.escape import escape_html
from dtree_core.loading import load_path, prepare
from dtree_core.options import Options
from dtree_core.reference import code_of_lines
from dtree_core.split import Condition
from dtree_core.splitting import EXACT_PARTITION_LIMIT
from tests.conftest import dataset_path
from ui.messages import t
from ui.panel import ineligible_text
from ui.pseudocode import (
    FIRED_BY_STOP,
    LIHANG_CART_FIRED_BY_STOP,
    LIHANG_CART_STEPS,
    LIHANG_CODE_LINES,
    LIHANG_FIRED_BY_STOP,
    LIHANG_STEPS,
    LINES,
    ZHOU,
    code_by_line,
    code_of,
    figure_for,
    lihang_figure,
    lines_with_code,
    listing,
    title,
    words,
)

WM2, WM3, TARGET = "watermelon_2.0.csv", "watermelon_3.0.csv", "好瓜"
WM2_ATTRIBUTES = ["色泽", "根蒂", "敲声", "纹理", "脐部", "触感"]


def grow(name: str = WM2, keep=None, **options) -> dict:
    """A trace dict as the app holds it; keep: the attributes to use (default all)."""
    table = load_path(dataset_path(name))
    exclude = [] if keep is None else [c for c in table.frame.columns
                                       if c not in (*keep, TARGET)]
    prepared = prepare(table, TARGET, exclude=exclude)
    built = Options.build(nominal=prepared.nominal, continuous=prepared.continuous, **options)
    return DecisionTree.from_options(built).fit(prepared.X, prepared.y).trace_.to_dict()


def rows_by_line(trace_dict: dict, node: dict) -> dict[str, tuple[str, bool]]:
    """Line number as shown ('*' for the stopping limits) -> (text, fired)."""
    return {number: (text, fired) for number, text, fired in listing(trace_dict, node)
            if number}


def children_ops(trace_dict: dict, node: dict) -> set[str]:
    return {trace_dict["nodes"][child]["branch"]["op"] for child in node["children"]}


def splits(trace_dict: dict) -> list[dict]:
    return [n for n in trace_dict["nodes"] if n["decision"]["kind"] == "split"]


def check_split_listing(trace_dict: dict, node: dict) -> set[str]:
    """Lines 8, 9, 10, 14 lit, nothing else; line 14's words as the children's ops say."""
    rows = rows_by_line(trace_dict, node)
    assert {line for line, (_, fired) in rows.items() if fired} == {"8", "9", "10", "14"}
    ops = children_ops(trace_dict, node)
    used_up = ops == {"="}
    assert rows["14"][0] == t("pseudo.14" if used_up else "pseudo.14.keep")
    assert ("A \\ {a*}" in rows["14"][0]) is used_up
    # lines 9-10 loop over a*'s values only where the split has a branch per value; a
    # two-way split (a* <= t, a subset) loops over its two sides
    for line in ("9", "10"):
        assert rows[line][0] == t(f"pseudo.{line}" if used_up else f"pseudo.{line}.keep")
    assert ("a*ᵛ" in rows["9"][0]) is used_up
    chosen = "a* = " + node["decision"]["attribute"]
    left_out = ineligible_text(trace_dict, node)  # a two-way splitter's one-value candidates
    assert rows["8"][0].endswith(chosen if left_out is None else f"{chosen}. {left_out}")
    return ops


def test_id3_multiway_splits_use_a_star_up():
    grown = grow(WM2, algorithm="id3")
    ops = set().union(*(check_split_listing(grown, node) for node in splits(grown)))
    assert ops == {"="}


def test_continuous_split_keeps_a_star_in_a():
    grown = grow(WM3, algorithm="id3")
    by_attribute = {node["decision"]["attribute"]: node for node in splits(grown)}
    assert children_ops(grown, by_attribute["密度"]) == {"<=", ">"}
    for node in splits(grown):
        check_split_listing(grown, node)
    assert rows_by_line(grown, by_attribute["密度"])["14"] == (t("pseudo.14.keep"), True)
    assert rows_by_line(grown, by_attribute["纹理"])["14"] == (t("pseudo.14"), True)


@pytest.mark.parametrize("name", [WM2, WM3])
def test_cart_two_way_splits_keep_a_star_in_a(name):
    grown = grow(name, algorithm="cart")
    ops = set().union(*(check_split_listing(grown, node) for node in splits(grown)))
    assert "=" not in ops and "in" in ops


@pytest.mark.parametrize(("algorithm", "keep", "shape"), [
    ("id3", [], ""), ("cart", [], ".keep"), ("id3", ["密度", "含糖率"], ".keep")])
def test_a_leaf_shows_the_lines_its_tree_splits_by(algorithm, keep, shape):
    """A leaf's unlit lines 9 and 14 are the ones its tree's splits run: Fig. 4.2's by value
    (A \\ {a*}) where a split can be multiway (ID3 on nominal attributes), the two-way ones
    where none can (CART; a tree of numbers only), as on its splitting nodes."""
    grown = grow(WM3, keep=keep or None, algorithm=algorithm)
    leaf = next(n for n in grown["nodes"] if n["decision"]["kind"] == "leaf")
    rows = rows_by_line(grown, leaf)
    assert rows["14"] == (t(f"pseudo.14{shape}"), False)
    assert rows["9"] == (t(f"pseudo.9{shape}"), False)


def test_forced_and_drawn_attributes_are_named_so():
    forced = grow(WM2, algorithm="id3", force={"root": "色泽"})
    assert rows_by_line(forced, forced["nodes"][0])["8"][0].endswith("a* = 色泽, forced here")
    drawn = grow(WM2, algorithm="cls")
    assert rows_by_line(drawn, drawn["nodes"][0])["8"][0].endswith(
        f"a* = {drawn['nodes'][0]['decision']['attribute']}, drawn at random")


STOPPING_TREES = [
    {},  # pure leaves, and an empty branch (Fig. 4.4's 色泽=浅白)
    {"keep": ["色泽", "敲声"]},  # A runs out
    {"keep": ["脐部", "触感"]},  # identical values on what is left of A
    {"max_depth": 1},
    {"min_samples_split": 6},
    {"min_gain": 0.3},
    {"min_branch_weight": 3},
]


# the reference's call that makes each limit's leaf: checked before line 8 scores, or after
DECIDED_BY = {"max_depth": "early_stops(", "min_samples": "early_stops(",
              "min_gain": "late_stops(", "min_branch_weight": "late_stops("}


def test_every_stop_case_lights_its_lines_and_they_have_code():
    """Fig. 4.2's lines have the reference's marked code; 'opt' and 'late' (not in the book)
    the calls that check the stopping limits. A limit's leaf lights the row whose code is
    the call that made it: min gain and the min branch weight judge the a* that line 8
    chose, so line 8 and the row after it are lit, not a row before line 8."""
    seen = set()
    for settings in STOPPING_TREES:
        grown = grow(WM2, **settings)
        for node in grown["nodes"]:
            stop = node["decision"]["stop"]
            if stop is None:
                continue
            seen.add(stop)
            lit = [line for line, (_, _, fired) in zip(
                LINES, listing(grown, node)[1:-1], strict=True) if fired]
            assert tuple(lit) == FIRED_BY_STOP[stop], stop
            assert all(code_of(line) for line in lit), stop
            if stop in DECIDED_BY:
                shown = [c for line in lit for c in code_of(line)]
                assert any(DECIDED_BY[stop] in c for c in shown), stop
                other = ({"early_stops(", "late_stops("} - {DECIDED_BY[stop]}).pop()
                assert not any(other in c for c in shown), stop  # not the call that did not
    assert seen == {"pure", "empty", "no_attributes", "same_values", "max_depth",
                    "min_samples", "min_gain", "min_branch_weight"}


def test_the_limit_rows_stand_where_the_reference_checks_them():
    """'opt' comes before line 8 and 'late' after it, in the figure as in `generate`."""
    import inspect

    from dtree_core import reference

    source = inspect.getsource(reference.generate)
    assert source.index("early_stops(") < source.index("# [8]") < source.index("late_stops(")
    assert LINES.index("opt") < LINES.index("8") < LINES.index("late") < LINES.index("9")


def test_shown_code_is_each_marked_statement_whole():
    shown, marked = code_by_line(), code_of_lines()
    for line, firsts in marked.items():
        assert len(shown[line]) == len(firsts)
        for statement, first in zip(shown[line], firsts, strict=True):
            assert statement.startswith(first)
            body = "\n    pass" if statement.endswith(":") else ""  # a loop's header
            compile(statement + body, line, "exec")  # whole: it parses
    assert all(shown[line] for line in ("1", "8", "9", "10", "14"))
    assert any("early_stops(" in statement for statement in shown["early"])
    assert any("late_stops(" in statement for statement in shown["late"])


# --------------------------------------------------------------------- on the page


def lit_numbers(at) -> list[str]:
    html = at.get("html")[0].proto.body
    return re.findall(r'background:#ffe08a[^>]*><span[^>]*>\s*(\d+|\*)', html)


def test_cart_page_lights_the_two_way_recursion():
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0")
    at.selectbox(key="algorithm").set_value("cart").run()
    assert not at.exception
    html = at.get("html")[0].proto.body
    assert lit_numbers(at) == ["8", "9", "10", "14"]
    assert "TreeGenerate(Dᵥ, A) as the branch node: a two-way split keeps a* in A" in html
    assert "A \\ {a*}" not in html


def test_code_of_a_line_defaults_to_the_first_fired_one():
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0")
    at.selectbox(key="algorithm").set_value("id3").run()
    picker = at.selectbox(key=node_widget(at, "code_line_", 0))
    assert picker.value == "8"  # the root splits: lines 8, 9, 10, 14
    code = code_by_line()
    assert at.code[0].value == "\n".join(code["8"]) and at.code[0].language == "python"
    assert any("dtree_core/reference.py" in c.value and "# [8]" in c.value for c in at.caption)
    picker.set_value("14").run()
    assert at.code[0].value == "\n".join(code["14"])
    at.slider(key="step_slider").set_value(2).run()  # node 2: a pure leaf
    assert at.selectbox(key=node_widget(at, "code_line_", 2)).value == "2"
    assert at.code[0].value == "\n".join(code["2"])
    assert trace(at)["nodes"][2]["decision"]["stop"] == "pure"


# --------------------------------------------------------------------- Li Hang's steps

LOAN, LOAN_TARGET = "loan_lihang.csv", "类别"
WM2_ALPHA = "watermelon_2.0_alpha.csv"


def grow_loan(**options) -> dict:
    table = load_path(dataset_path(LOAN))
    prepared = prepare(table, LOAN_TARGET, exclude=["ID"])
    built = Options.build(nominal=prepared.nominal, continuous=prepared.continuous, **options)
    return DecisionTree.from_options(built).fit(prepared.X, prepared.y).trace_.to_dict()


def steps(trace_dict: dict, node: dict) -> dict[str, tuple[str, str, bool]]:
    """Each of Li Hang's lines ('opt', 'branch_weight' are the '*' rows) -> (number shown,
    text, lit)."""
    figure = figure_for(trace_dict, "lihang")
    rows = listing(trace_dict, node, "lihang")[1:1 + len(figure.lines)]
    return {line: row for line, row in zip(figure.lines, rows, strict=True)}


def lit_steps(trace_dict: dict, node: dict) -> set[str]:
    return {line for line, (_, _, fired) in steps(trace_dict, node).items() if fired}


def notes_shown(trace_dict: dict, node: dict) -> list[tuple[str, bool]]:
    """The rows after the output line: what the steps have no line for."""
    rows = listing(trace_dict, node, "lihang")
    figure = figure_for(trace_dict, "lihang")
    output = 2 + len(figure.lines)
    assert rows[output - 1][1] == words(figure, "output")
    return [(text, fired) for _, text, fired in rows[output:]]


def test_li_hang_example_5_3_lights_his_steps():
    """ID3 on Table 5.1 (Example 5.3): the root splits on 有自己的房子 by steps (3), (5), (6),
    naming A_g; a pure leaf is step (1); nothing of Fig. 4.2 is shown."""
    grown = grow_loan(algorithm="id3")
    figure = figure_for(grown, "lihang")
    assert title(figure) == "Li Hang, Algorithm 5.2 (the ID3 algorithm)"
    root = grown["nodes"][0]
    rows = steps(grown, root)
    assert [number for number, _, _ in rows.values()] == [
        "(1)", "(2)", "*", "(3)", "*", "(4)", "(5)", "(6)"]  # the limits where they are checked
    assert lit_steps(grown, root) == {"3", "5", "6"}
    assert rows["3"][1] == t("pseudo.lihang.5.2.3") + "    ← A_g = 有自己的房子"
    assert rows["6"][1] == words(figure, "6")  # A − {A_g}: a multiway split uses it up
    assert "A − {A_g}" in rows["6"][1]
    assert listing(grown, root, "lihang")[0][1].endswith("ε = 0 (the sidebar's min gain to split)")
    pure = next(n for n in grown["nodes"] if n["decision"]["stop"] == "pure")
    assert lit_steps(grown, pure) == {"1"} and notes_shown(grown, pure) == []
    assert not any("a*" in text for _, text, _ in listing(grown, root, "lihang"))


@pytest.mark.parametrize("algorithm, number, stop, symbol, best", [
    ("id3", "5.2", "min_gain", "g(D, A_g)", "0.420"),
    ("c45_lihang", "5.3", "epsilon", "g_R(D, A_g)", "0.433")])
def test_li_hang_epsilon_is_step_4_and_says_what_it_compared(algorithm, number, stop, symbol,
                                                             best):
    """ε stops with step (4) on the score the algorithm ranks by (Example 5.2's g = 0.420 of
    有自己的房子, its g_R = 0.433), below ε = 0.5: the very comparison late_stops made."""
    grown = grow_loan(algorithm=algorithm, min_gain=0.5)
    leaf = grown["nodes"][0]
    assert leaf["decision"]["stop"] == stop
    assert lit_steps(grown, leaf) == {"3", "4"}
    assert steps(grown, leaf)["4"][1] == (t(f"pseudo.lihang.{number}.4")
                                          + f"    ← {symbol} = {best} < ε = 0.5")
    assert title(figure_for(grown, "lihang")).startswith(f"Li Hang, Algorithm {number} ")


def test_cases_li_hang_has_no_step_for_are_said_to_be_zhous():
    """Identical values on A (Zhou's lines 5-6) and an empty branch (lines 11-12) light no step
    of his; a lit note says what the app did. Our limits light their '*' rows."""
    seen = set()
    for settings in STOPPING_TREES:
        grown = grow(WM2, algorithm="id3", **settings)
        figure = figure_for(grown, "lihang")
        for node in grown["nodes"]:
            stop = node["decision"]["stop"]
            if stop is None:
                continue
            seen.add(stop)
            lit = lit_steps(grown, node)
            if stop in ("same_values", "empty"):
                assert lit == set()
                assert notes_shown(grown, node) == [(words(figure, f"not.{stop}"), True)]
            else:
                assert notes_shown(grown, node) == []
                assert lit == set(LIHANG_FIRED_BY_STOP[stop]), stop
    assert {"same_values", "empty", "max_depth", "min_samples", "min_branch_weight",
            "min_gain"} <= seen
    same = lihang_figure("5.2")
    assert "5–6" in words(same, "not.same_values") and "0/0" in words(
        lihang_figure("5.3"), "not.same_values")


def test_a_split_with_empty_branches_says_its_step_5_makes_none():
    grown = grow(WM2, algorithm="id3")
    figure = figure_for(grown, "lihang")
    nodes = grown["nodes"]
    for node in splits(grown):
        empty = [str(nodes[c]["branch"]["value"]) for c in node["children"]
                 if nodes[c]["decision"]["stop"] == "empty"]
        expected = [(words(figure, "not.empty_children",
                           values="、".join(f"“{value}”" for value in empty)), True)] \
            if empty else []
        assert notes_shown(grown, node) == expected
    assert any(notes_shown(grown, node) for node in splits(grown))  # Fig. 4.4's 色泽=浅白


def test_missing_values_are_said_to_follow_zhou():
    """Watermelon 2.0α: a split whose A_g has missing values says its instances go into every
    Dᵢ with weight r̃ᵢ; one where only other features miss values says step (3) used ρ."""
    grown = grow(WM2_ALPHA, algorithm="id3")
    figure = figure_for(grown, "lihang")
    kinds = set()
    for node in splits(grown):
        rows = {row["attribute"]: row for row in node["scores"]}
        if rows[node["decision"]["attribute"]]["rho"] < 1:
            expected = "not.missing"
        elif any(row["rho"] < 1 for row in rows.values()):
            expected = "not.missing_scores"
        else:
            expected = None
        kinds.add(expected)
        shown = [text for text, _ in notes_shown(grown, node)
                 if text.startswith("Note: Algorithm 5.2 does not handle")]
        assert shown == ([words(figure, expected)] if expected else [])
    assert "not.missing" in kinds


def test_a_pruned_leaf_says_no_step_made_it():
    grown = grow(WM2, algorithm="id3", prune="pep")
    figure = figure_for(grown, "lihang")
    pruned = [n for n in grown["nodes"] if n["decision"]["stop"] == "pruned"
              and not n.get("pruned_away")]
    assert pruned
    for node in pruned:
        assert lit_steps(grown, node) == set()
        assert notes_shown(grown, node) == [(words(figure, "not.pruned"), True)]


def test_li_hang_continuous_split_keeps_a_g_and_names_its_cut():
    grown = grow(WM3, algorithm="id3")
    figure = figure_for(grown, "lihang")
    node = next(n for n in splits(grown) if n["decision"]["attribute"] == "密度")
    rows = steps(grown, node)
    assert rows["5"][1:] == (words(figure, "5.keep"), True)
    assert rows["6"][1:] == (words(figure, "6.keep"), True)
    assert "D₁ = {A_g ≤ t}" in rows["5"][1]
    assert rows["3"][1].endswith(
        f"← A_g = 密度, cut point t = {node['decision']['threshold']:.6g}")


def test_li_hangs_cart_lights_algorithm_5_6():
    """CART on Table 5.1 (Example 5.4) in his notation: Algorithm 5.6's steps, (1) and (2)
    naming A_g = 有自己的房子, (3) the recursion; its stopping conditions (one class, fewer
    instances than the min samples, no feature left) light step (3), our limits their '*'
    rows; nothing of Fig. 4.2 is shown."""
    grown = grow_loan(algorithm="cart")
    figure = figure_for(grown, "lihang")
    assert title(figure) == "Li Hang, Algorithm 5.6 (the CART generation algorithm)"
    root = grown["nodes"][0]
    rows = steps(grown, root)
    assert [number for number, _, _ in rows.values()] == ["*", "(1)", "*", "(2)", "(3)", "(4)"]
    assert lit_steps(grown, root) == {"1", "2", "3"}
    assert rows["2"][1] == t("pseudo.lihang.5.6.2") + "    ← A_g = 有自己的房子"
    assert "A = a" in rows["1"][1] and "(5.25)" in rows["1"][1]
    assert notes_shown(grown, root) == []  # 是 against 否: his cut A = a
    pure = next(n for n in grown["nodes"] if n["decision"]["stop"] == "pure")
    assert lit_steps(grown, pure) == {"3"} and notes_shown(grown, pure) == []
    seen = set()
    for settings in STOPPING_TREES:
        tree = grow(WM2, algorithm="cart", **settings)
        for node in tree["nodes"]:
            stop = node["decision"]["stop"]
            if stop is None:
                continue
            seen.add(stop)
            assert lit_steps(tree, node) == set(LIHANG_CART_FIRED_BY_STOP[stop]), stop
            notes = notes_shown(tree, node)
            assert notes == ([(words(figure, f"not.{stop}"), True)]
                             if stop == "same_values" else []), stop
    assert {"pure", "same_values", "max_depth", "min_samples", "min_gain",
            "min_branch_weight"} <= seen  # a two-way split uses no attribute up
    assert not any("a*" in text for _, text, _ in listing(grown, root, "lihang"))


def test_li_hangs_cart_says_where_a_cut_is_not_a_against_the_rest():
    """His step (1) cuts by A = a or not: a continuous A_g cut at t, and a nominal one with
    several values on each side (the best two-way partition), each get a note."""
    cut = grow(WM3, algorithm="cart")
    figure = figure_for(cut, "lihang")
    at_t = [n for n in splits(cut) if n["decision"].get("threshold") is not None]
    assert at_t and all(notes_shown(cut, n)[0] == (words(figure, "not.threshold"), True)
                        for n in at_t)  # then step (1)'s search (below)
    X = pd.DataFrame({"a": list("wxyz") * 6})
    y = pd.Series(["p", "p", "q", "q"] * 6)  # {w, x} against {y, z} parts the classes
    grouped = DecisionTree("cart").fit(X, y).trace_.to_dict()
    root = grouped["nodes"][0]
    sides = [Condition.from_dict(grouped["nodes"][c]["branch"]).text(named=False)
             for c in root["children"]]
    assert sides == ["∈ {w,x}", "∈ {y,z}"]
    assert notes_shown(grouped, root) == [
        (words(figure, "not.grouped", left=sides[0], right=sides[1]), True)]


def test_every_step_of_5_6_but_the_last_has_its_code():
    figure = lihang_figure("5.6")
    assert lines_with_code(figure) == [line for line in LIHANG_CART_STEPS if line != "4"]
    assert all("early_stops(" in c for c in code_of("opt", figure)) and code_of("opt", figure)
    assert all("late_stops(" in c for c in code_of("late", figure)) and code_of("late", figure)
    assert set(LIHANG_CART_FIRED_BY_STOP) == set(FIRED_BY_STOP)


@pytest.mark.parametrize("algorithm", ["c45", "cls", "oblique"])
def test_algorithms_that_follow_no_li_hang_algorithm_keep_fig_4_2(algorithm):
    """Zhou's C4.5 (the mean-gain filter) and the rest are not his 5.2, 5.3 or 5.6: their
    listing stays Fig. 4.2 in his notation too, so no step claims what the code did not do."""
    grown = grow(WM2, algorithm=algorithm)
    assert figure_for(grown, "lihang") is ZHOU
    assert listing(grown, grown["nodes"][0], "lihang") == listing(grown, grown["nodes"][0])


def test_zhous_figure_is_quoted_in_his_words_under_li_hangs_notation():
    """Zhou's C4.5 keeps Fig. 4.2 under Li Hang's notation, and the figure, credited to Zhou,
    says his 最优划分属性 and 样本, not Li Hang's 特征 and 实例."""
    at = grown_app("loan_lihang", "c45", "zh", "lihang")
    html = "\n".join(h.proto.body for h in at.get("html"))
    assert t("pseudo.8", _lang="zh", _notation="zhou") in html
    assert "最优划分属性" in t("pseudo.8", _lang="zh", _notation="zhou")
    assert "最优划分特征" not in html


def test_the_chinese_input_lines_end_as_chinese_text():
    """Fig. 4.2's input, as the Chinese grow page shows it, is punctuated as Chinese (输入：,
    训练集 D = {…}；): 属性集 A = {a₁, a₂, …, a_d}. ended it with an ASCII full stop."""
    at = grown_app("watermelon_2.0", "id3", "zh")
    html = "\n".join(h.proto.body for h in at.get("html"))
    shown = t("pseudo.input", _lang="zh")
    assert all(escape_html(line) in html for line in shown.splitlines())
    assert [line for line in shown.splitlines() if line.endswith(".")] == []
    assert "属性集 A = {a₁, a₂, …, a_d}。" in shown


def test_every_li_hang_step_has_the_code_that_carries_it_out():
    figure = lihang_figure("5.2")
    assert lines_with_code(figure) == list(LIHANG_STEPS)
    for step, lines in LIHANG_CODE_LINES.items():
        assert code_of(step, figure) == tuple(dict.fromkeys(  # each statement once
            statement for line in lines for statement in code_by_line()[line]))
    assert all("late_stops(" in c for c in code_of("4", figure))
    assert all("early_stops(" in c for c in code_of("opt", figure))
    assert code_of("4", figure) and code_of("opt", figure)
    assert set(FIRED_BY_STOP) == set(LIHANG_FIRED_BY_STOP)


def root_listing(at):
    """The grow page's Markdown, the numbers of the listing's lit steps and the root's code
    picker."""
    html = at.get("html")[0].proto.body
    fired = re.findall(r'background:#ffe08a[^>]*><span[^>]*>\s*(\(\d\))', html)
    return ("\n".join(m.value for m in at.markdown), fired,
            at.selectbox(key=node_widget(at, "code_line_", 0)))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_grow_page_shows_li_hang_steps_in_his_notation(lang):
    """On the grow page, Li Hang's notation with ID3 titles and lights his Algorithm 5.2 in
    the page's language, and the code picker offers his steps; Zhou's C4.5 keeps Fig. 4.2."""
    at = grown_app("loan_lihang", "id3", lang, "lihang")
    markdown, fired, picker = root_listing(at)
    assert f"**{t('pseudo.lihang.5.2.title', _lang=lang)}**" in markdown
    assert fired == ["(3)", "(5)", "(6)"]  # the root splits
    assert picker.value == "3"  # the first lit step with code
    assert [o.split("  ")[0] for o in picker.options] == [
        "(1)", "(2)", "*", "(3)", "*", "(4)", "(5)", "(6)"]
    assert picker.options[3].startswith(f"(3)  {t('pseudo.lihang.5.2.3', _lang=lang)}    ← ")
    assert "\n".join(code_by_line()["8"]) in [c.value for c in at.code]  # step 3 is line 8
    zhou = grown_app("loan_lihang", "c45", lang, "lihang")
    markdown = "\n".join(m.value for m in zhou.markdown)
    assert f"**{t('grow.pseudocode', _lang=lang)}**" in markdown
    assert not zhou.exception


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_grow_page_shows_algorithm_5_6_for_cart_in_his_notation(lang):
    at = grown_app("loan_lihang", "cart", lang, "lihang")
    assert not at.exception
    markdown, fired, picker = root_listing(at)
    assert f"**{t('pseudo.lihang.5.6.title', _lang=lang)}**" in markdown
    assert fired == ["(1)", "(2)", "(3)"]  # the root splits
    assert [o.split("  ")[0] for o in picker.options] == ["*", "(1)", "*", "(2)", "(3)"]
    assert f"**{t('grow.pseudocode', _lang=lang)}**" not in markdown


def test_lecture_mode_titles_the_listing_as_the_notation_says():
    at = grown_app("loan_lihang", "id3", "zh", "lihang")
    at.toggle(key="lecture").set_value(True).run()
    assert not at.exception
    labels = [e.label for e in at.expander]
    assert t("pseudo.lihang.5.2.title", _lang="zh") in labels
    assert t("grow.pseudocode", _lang="zh") not in labels


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_worst_baseline_is_not_said_to_choose_the_best(lang, monkeypatch):
    """The baseline takes the lowest Gain on purpose: line 8 says so, and a tie at one of its
    nodes (watermelon 2.0, node 4: every candidate gains 1.000) is a tie, not one "for best"
    (并列最优)."""
    from ui import messages
    from ui.panel import why_text

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    grown = grow(WM2, algorithm="worst")
    node = next(n for n in grown["nodes"] if n["decision"].get("ties"))
    assert rows_by_line(grown, node)["8"][0].startswith(t("pseudo.8.lowest", _lang=lang))
    said = why_text(grown, node, 3)
    assert t("node.ties", ties="", rule="", _lang=lang)[:4] in said
    assert "最优" not in said and "best" not in said
    best = grow(WM2, algorithm="id3")
    assert rows_by_line(best, best["nodes"][0])["8"][0].startswith(t("pseudo.8", _lang=lang))


def test_the_code_picker_opens_on_the_check_that_stopped_a_leaf_and_never_on_an_unfired_step():
    """A min-gain leaf opened on line 8's scoring code, not late_stops; Li Hang's empty
    branch (no step of his fires: a note is lit) opened on step (1), which did not run; and
    CART's step (3) listed the same statements twice."""
    from ui.pseudocode import LIHANG_CART, LIHANG_CART_STEPS, first_fired_with_code

    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0")
    at.selectbox(key="algorithm").set_value("id3").run()
    at.number_input(key="min_gain").set_value(0.3).run()
    tr = trace(at)
    leaf = next(n for n in tr["nodes"] if n["decision"].get("stop") == "min_gain")
    assert first_fired_with_code(leaf) == "late"
    empty = {"id": 9, "decision": {"kind": "leaf", "stop": "empty", "label": "是"}}
    assert first_fired_with_code(empty, lihang_figure("5.2")) is None
    cart = lihang_figure(LIHANG_CART)
    for step in LIHANG_CART_STEPS:
        assert len(set(code_of(step, cart))) == len(code_of(step, cart))


def test_algorithm_5_3s_missing_value_note_says_the_ratio_the_code_computed():
    """Under Algorithm 5.3 the note said 'the score multiplied by ρ', but the code's g_R is
    ρ·g(D̃, A) over an H_A(D) that gives the missing share a branch of its own (色泽 at
    2.0α's root: 0.252 / 1.954 = 0.129, where ρ × the ratio on D̃ is 0.162). Its own note
    says so, and every scored row of every split holds to it."""
    grown = grow(WM2_ALPHA, algorithm="c45_lihang")  # (Zhou's C4.5 keeps his Fig. 4.2)
    figure = figure_for(grown, "lihang")
    assert figure.number == "5.3"
    noted = 0
    for node in splits(grown):
        for row in node["scores"]:
            if row["rho"] < 1 and row["iv"] > 0:  # the sentence's formula, in the code's numbers
                assert row["gain"] == pytest.approx(row["rho"] * (row["entropy_known"]
                                                                  - row["entropy_after"]))
                assert row["gain_ratio"] == pytest.approx(row["gain"] / row["iv"])
        shown = [text for text, _ in notes_shown(grown, node)
                 if text.startswith("Note: Algorithm 5.3 does not handle")]
        noted += len(shown)
        assert all("g_R(D, A) = ρ·g(D̃, A) / H_A(D)" in text and "the score multiplied" not in text
                   for text in shown), shown
    assert noted  # the root's features miss values
    root = next(r for r in grown["nodes"][0]["scores"] if r["attribute"] == "色泽")
    assert round(root["gain_ratio"], 3) == 0.129


@pytest.mark.parametrize("notation", ["zhou", "lihang"])
def test_the_chosen_line_names_what_min_branch_weight_left_out(notation):
    """Line 8 (step 3) says a* is the best of A; with M = 6 纹理's larger gain was left out
    (its branches are too light), so the line names the ineligible rows, as the trace holds
    them; a forced a* (no rule chose it) says nothing of them."""
    tree = grow(WM2, algorithm="id3", min_branch_weight=6)
    root = tree["nodes"][0]
    left_out = [r["attribute"] for r in root["scores"] if not r["eligible"]]
    assert "纹理" in left_out and root["decision"]["attribute"] == "脐部"
    figure = figure_for(tree, notation)
    chosen = dict((n, text) for n, text, _ in listing(tree, root, notation))[
        figure.numbered.format(line=figure.chosen_line)]
    said = say("en", "ineligible.weight", mean="", attributes=Listed(left_out), m="6")
    assert chosen.endswith(" = 脐部. " + said)
    forced = grow(WM2, algorithm="id3", min_branch_weight=6, force={"root": "色泽"})
    assert rows_by_line(forced, forced["nodes"][0])["8"][0].endswith("a* = 色泽, forced here")


def test_li_hangs_step_1_says_where_its_search_scored_more_than_a_against_the_rest():
    """Step (1) scores A = a against A ≠ a; CART also scored every midpoint of a continuous
    feature and the partitions of a nominal one of four values or more: a note names those
    features, and no note is shown where A = a was all the search could score."""
    figure = lihang_figure("5.6")
    wm3 = grow(WM3, algorithm="cart")
    root = wm3["nodes"][0]
    assert root["decision"]["attribute"] == "纹理"  # all nominal features hold 3 values
    assert notes_shown(wm3, root) == [
        (words(figure, "not.search.cuts", features="密度, 含糖率"), True)]
    # four values, and the best partition of `a` is {w, x} against {y, z}: `b` (four values,
    # not chosen) is named for its partitions, `a`'s own note says it of `a`
    X = pd.DataFrame({"a": list("wxyz") * 6, "b": list("kkllmmnn") * 3, "c": list("sst") * 8})
    y = pd.Series(["p", "p", "q", "q"] * 6)
    parted = DecisionTree("cart").fit(X, y).trace_.to_dict()
    top = parted["nodes"][0]
    assert top["decision"]["attribute"] == "a"
    assert [text for text, _ in notes_shown(parted, top)][1:] == [
        words(figure, "not.search.partitions", features="b")]
    # more than EXACT_PARTITION_LIMIT values: only the cuts of Breiman's ordering are scored
    many = DecisionTree("cart").fit(X.assign(d=list("ABCDEFGHIJKL") * 2), y).trace_.to_dict()
    assert many["nodes"][0]["decision"]["attribute"] == "a"
    assert [text for text, _ in notes_shown(many, many["nodes"][0])][1:] == [
        words(figure, "not.search.partitions", features="b"),
        words(figure, "not.search.ordered", features="d", limit=EXACT_PARTITION_LIMIT)]
    # the limit is of the attribute's values, not the node's: d holds 6 of its 12 below the root
    rows = [("L", v, "u", "p") for v in "ABCDEF" for _ in (0, 1)] + \
        [("L", v, "v", "q") for v in "ABCDEF"] + \
        [("R", v, "u", "q") for v in "GHIJKL" for _ in (0, 1)] + \
        [("R", v, "v", "p") for v in "GHIJKL"]
    halves = pd.DataFrame(rows, columns=["s", "d", "e", "y"])
    held = DecisionTree("cart").fit(halves[["s", "d", "e"]], halves["y"]).trace_.to_dict()
    child = held["nodes"][held["nodes"][0]["children"][0]]
    assert child["decision"]["attribute"] == "e"
    assert next(r["n_distinct"] for r in child["scores"] if r["attribute"] == "d") == 6
    assert [text for text, _ in notes_shown(held, child)] == [
        words(figure, "not.search.ordered", features="d", limit=EXACT_PARTITION_LIMIT)]
    data = prepare(load_path(dataset_path("loan_lihang.csv")), "类别", exclude=["ID"])
    loan = DecisionTree("cart").fit(data.X, data.y).trace_.to_dict()  # three values at most
    assert not any(notes_shown(loan, n) for n in splits(loan))


def test_step_1s_search_note_reads_the_scorers_own_choice_of_search(monkeypatch):
    """The note and best_partition both ask splitting.partition_search: with the limit
    lowered to 3, `b`'s four values are searched by Breiman's ordering (the scorer calls
    ordered_cut_masks for it), and the note says the ordered search, with the limit 3."""
    ordered = []
    cut_masks = splitting.ordered_cut_masks
    monkeypatch.setattr(splitting, "EXACT_PARTITION_LIMIT", 3)
    monkeypatch.setattr(splitting, "ordered_cut_masks",
                        lambda by_value, *a: ordered.append(by_value.shape[1])
                        or cut_masks(by_value, *a))
    X = pd.DataFrame({"a": list("wxyz") * 6, "b": list("kkllmmnn") * 3, "c": list("sst") * 8})
    y = pd.Series(["p", "p", "q", "q"] * 6)
    parted = DecisionTree("cart").fit(X, y).trace_.to_dict()
    top = parted["nodes"][0]
    assert top["decision"]["attribute"] == "a" and 4 in ordered
    assert [text for text, _ in notes_shown(parted, top)][1:] == [
        words(lihang_figure("5.6"), "not.search.ordered", features="b", limit=3)]
