"""The grow page's TreeGenerate listing: the lit lines and their words are what the node did,
and every lit line has the reference's code to show."""

from __future__ import annotations

import re

import pytest
from app_helpers import new_app, trace

from dtree_core import DecisionTree
from dtree_core.loading import load_path, prepare
from dtree_core.options import Options
from dtree_core.reference import code_of_lines
from tests.conftest import dataset_path
from ui.messages import t
from ui.pseudocode import FIRED_BY_STOP, LINES, code_by_line, listing

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
    assert rows["8"][0].endswith("a* = " + node["decision"]["attribute"])
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


def test_leaves_keep_the_book_words_for_line_14():
    grown = grow(WM2, algorithm="cart")
    leaf = next(n for n in grown["nodes"] if n["decision"]["kind"] == "leaf")
    assert rows_by_line(grown, leaf)["14"] == (t("pseudo.14"), False)


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


def test_every_stop_case_lights_its_lines_and_they_have_code():
    """Fig. 4.2's lines have the reference's marked code; 'opt' (not in the book) the calls
    that check the stopping limits."""
    seen = set()
    code = {**code_of_lines(), "opt": code_by_line()["opt"]}
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
            assert all(code[line] for line in lit), stop
    assert seen == {"pure", "empty", "no_attributes", "same_values", "max_depth",
                    "min_samples", "min_gain", "min_branch_weight"}


def test_shown_code_is_each_marked_statement_whole():
    shown, marked = code_by_line(), code_of_lines()
    for line, firsts in marked.items():
        assert len(shown[line]) == len(firsts)
        for statement, first in zip(shown[line], firsts, strict=True):
            assert statement.startswith(first)
            body = "\n    pass" if statement.endswith(":") else ""  # a loop's header
            compile(statement + body, line, "exec")  # whole: it parses
    assert all(shown[line] for line in ("1", "8", "9", "10", "14"))
    assert any("late_stops(" in statement for statement in shown["opt"])


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
    picker = at.selectbox(key="code_line_0")
    assert picker.value == "8"  # the root splits: lines 8, 9, 10, 14
    code = code_by_line()
    assert at.code[0].value == "\n".join(code["8"]) and at.code[0].language == "python"
    assert any("dtree_core/reference.py" in c.value and "# [8]" in c.value for c in at.caption)
    picker.set_value("14").run()
    assert at.code[0].value == "\n".join(code["14"])
    at.slider(key="step_slider").set_value(2).run()  # node 2: a pure leaf
    assert at.selectbox(key="code_line_2").value == "2"
    assert at.code[0].value == "\n".join(code["2"])
    assert trace(at)["nodes"][2]["decision"]["stop"] == "pure"
