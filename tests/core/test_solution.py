"""The worked solution: golden files on watermelon 2.0 (ID3), and every number parsed back."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.escape import escape_latex, escape_markdown_cell
from dtree_core.solution import Equation, solve, to_html, to_markdown
from tests.conftest import ROOT, dataset_path, xy

GOLDEN = Path(__file__).resolve().parent / "golden"
# UPDATE_GOLDEN=1 python -m pytest tests/core/test_solution.py rewrites the files (then read
# the diff: a golden file is a promise about what students see).
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def trace_of(algorithm: str = "id3", name: str = "watermelon_2.0.csv", numeric=()) -> dict:
    X, y = xy(name, "好瓜", drop=["编号"], numeric=numeric)
    return DecisionTree(algorithm).fit(X, y).trace_.to_dict()


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


# --------------------------------------------------------------------- golden files


def test_watermelon_2_id3_root_golden():
    worked = solve(trace_of(), 0, "node", dataset="watermelon 2.0")
    check_golden("solution_wm2_id3_root.md", to_markdown(worked, "en"))
    check_golden("solution_wm2_id3_root_zh.html", to_html(worked, "zh"))


def test_watermelon_2_id3_tree_golden():
    worked = solve(trace_of(), 0, "tree", dataset="watermelon 2.0")
    check_golden("solution_wm2_id3_tree.md", to_markdown(worked, "en"))
    check_golden("solution_wm2_id3_tree_zh.md", to_markdown(worked, "zh"))


def test_the_books_example_line_and_its_exact_gain():
    text = "\n".join(markdown_equations(to_markdown(solve(trace_of(), 0, "node"))))
    assert (r"\mathrm{Ent}(D) = -\sum_{k} p_k \log_2 p_k = -\left(\frac{8}{17}\log_2 \frac{8}{17}"
            r" + \frac{9}{17}\log_2 \frac{9}{17}\right) = 0.998") in text
    # The book prints Gain(D, 色泽) = 0.109 after rounding Ent(Dᵛ) early; exactly it is 0.1081.
    assert re.search(r"\\mathrm\{Gain\}\(D, \\text\{色泽\}\) = .* = 0\.108$", text, re.M)
    html = to_html(solve(trace_of(), 0, "node"))
    assert "Ent(D) = −Σₖ pₖ·log₂ pₖ = −(8/17·log₂ 8/17 + 9/17·log₂ 9/17) = 0.998" in html


# --------------------------------------------------------------------- numbers from the trace


def expected_value(trace: dict, node_id: int, equation: Equation, attribute: str | None) -> float:
    """The trace's number for an equation, looked up by its quantity and subject."""
    node = trace["nodes"][node_id]
    rows = {r["attribute"]: r for r in node["scores"]}
    if equation.quantity in ("entropy", "gini") and equation.subject in ("D", ""):
        return node[equation.quantity]
    if equation.quantity in ("entropy", "gini") and equation.subject == "D̃":
        return rows[attribute][f"{equation.quantity}_known"]
    if equation.quantity in ("entropy", "gini"):
        index = int(equation.subject.lstrip("D̃").translate(str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰",
                                                                        "1234567890")))
        return rows[attribute]["branches"][index - 1][equation.quantity]
    if equation.quantity == "mean_gain":
        return node["decision"]["mean_gain"]
    return rows[equation.subject][equation.quantity]


CASES = [("id3", "watermelon_2.0.csv", ()), ("c45", "watermelon_2.0.csv", ()),
         ("cart", "watermelon_2.0.csv", ()), ("c45", "watermelon_2.0_alpha.csv", ()),
         ("cart", "watermelon_2.0_alpha.csv", ()),
         ("id3", "watermelon_3.0.csv", ("密度", "含糖率")),
         ("cart", "watermelon_3.0.csv", ("密度", "含糖率"))]


@pytest.mark.parametrize(("algorithm", "name", "numeric"), CASES)
def test_every_equation_shows_the_traces_exact_number(algorithm, name, numeric):
    trace = trace_of(algorithm, name, numeric)
    worked = solve(trace, 0, "tree")
    attribute = None
    checked = 0
    for node in worked.nodes:
        for step in node.steps:
            if not isinstance(step, Equation):
                attribute = step.values.get("attribute", attribute)
                continue
            assert step.value == expected_value(trace, node.node_id, step, attribute)
            assert step.steps[-1].text == f"{step.value:.3f}"  # shown rounded, never recomputed
            checked += 1
    assert checked > 10


def flat(latex: str) -> str:
    """An aligned block (one line per `=`) as one line: lhs = step = … = result."""
    latex = latex.removeprefix("\\begin{aligned}\n").removesuffix("\n\\end{aligned}")
    return latex.replace(" \\\\\n&= ", " = ").replace(" &= ", " = ")


def markdown_equations(text: str) -> list[str]:
    return [flat(m) for m in re.findall(r"\$\$\n(.*?)\n\$\$", text, flags=re.S)]


FRACTION = re.compile(r"\\frac\{([\d.]+)\}\{([\d.]+)\}")


def test_parsed_markdown_numbers_equal_the_traces():
    """Parse the Markdown alone (no access to the Solution record) back against the trace."""
    trace = trace_of()
    text = to_markdown(solve(trace, 0, "tree"))
    node, attribute = None, None
    for block in re.split(r"\n(?=## |Attribute )", text):
        if block.startswith("## "):
            node = trace["nodes"][int(re.match(r"## Node #(\d+)", block)[1])]
            attribute = None
        elif block.startswith("Attribute "):
            attribute = re.match(r"Attribute (.+?):", block)[1]
        for latex in markdown_equations(block):
            check_equation(latex, node, attribute)


def check_equation(latex: str, node: dict, attribute: str | None) -> None:
    result = float(latex.rsplit("= ", 1)[1])
    rows = {r["attribute"]: r for r in node["scores"]}
    if latex.startswith(r"\mathrm{Ent}(D)"):
        assert result == round(node["entropy"], 3)
        shares = {(float(p), float(q)) for p, q in FRACTION.findall(latex)}
        total = node["weight"]
        assert shares == {(w, total) for w in node["class_counts"].values() if w > 0}
    elif m := re.match(r"\\mathrm\{Ent\}\(D\^\{(\d+)\}\)", latex):
        branch = rows[attribute]["branches"][int(m[1]) - 1]
        assert result == round(branch["entropy"], 3)
        n = sum(branch["class_counts"].values())
        shares = {(float(p), float(q)) for p, q in FRACTION.findall(latex)}
        assert shares == {(w, n) for w in branch["class_counts"].values() if w > 0}
    elif m := re.match(r"\\mathrm\{Gain\}\(D, \\text\{(.+?)\}\)", latex):
        row = rows[m[1]]
        assert result == round(row["gain"], 3)
        if r"\max" not in latex:
            # each Ent(Dᵛ) written to as many decimals as make the sum add up (plugged)
            after = re.findall(r"\\times ([\d.]+)", latex)
            assert after == [f"{b['entropy']:.{len(x.partition('.')[2])}f}"
                             for x, b in zip(after, row["branches"], strict=True)]
            sizes = [float(p) for p, _ in FRACTION.findall(latex.rsplit(r"\right) = ", 1)[0]
                                                           .rsplit("= ", 1)[1])]
            assert sizes == [b["n"] for b in row["branches"]]
    else:
        raise AssertionError(f"unexpected equation in an ID3 solution: {latex}")


def flat_markdown(worked) -> str:
    """The Markdown with every aligned equation on one line."""
    text = to_markdown(worked)
    for block in re.findall(r"\$\$\n(.*?)\n\$\$", text, flags=re.S):
        text = text.replace(block, flat(block))
    return text


def test_c45_shows_iv_gain_ratio_and_the_mean_filter():
    text = flat_markdown(solve(trace_of("c45"), 0, "node"))
    assert (r"\mathrm{IV}(\text{色泽}) = -\sum_{v} \frac{|D^v|}{|D|}\log_2 \frac{|D^v|}{|D|} = "
            r"-\left(\frac{6}{17}\log_2 \frac{6}{17} + \frac{6}{17}\log_2 \frac{6}{17} + "
            r"\frac{5}{17}\log_2 \frac{5}{17}\right) = 1.580") in text
    assert r"= \frac{0.108}{1.580} = 0.068" in text
    assert r"\overline{\mathrm{Gain}} = \frac{0.108 + 0.143 + 0.141 + 0.381 + 0.289 + 0.006}{6}" \
        in text
    assert "Gain at least the mean 0.178: 纹理, 脐部; only these may win." in text


def test_cart_with_missing_values_ranks_by_rho_times_the_gini_decrease():
    text = flat_markdown(solve(trace_of("cart", "watermelon_2.0_alpha.csv"), 0, "node"))
    assert r"\rho \times \left(\mathrm{Gini}(\tilde D) - \mathrm{Gini\_index}(\tilde D, a)\right)" \
        in text
    assert r"\rho \cdot \Delta\mathrm{Gini}(\text{纹理}) = \max\{" in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rule_sentence_names_what_was_compared(lang):
    """With missing values CART compared ρ·ΔGini (the max above the sentence), so the sentence
    names that, not the smallest Gini index; without them it names the Gini index."""
    for name, missing in [("watermelon_2.0_alpha.csv", True), ("watermelon_2.0.csv", False)]:
        trace = trace_of("cart", name)
        text = to_markdown(solve(trace, 0, "node"), lang)
        last = text.strip().splitlines()[-1]
        assert ("ρ·ΔGini" in last) is missing, last
        root = trace["nodes"][0]
        field = "gini_gain" if missing else "gini_index"
        best = (max if missing else min)(r[field] for r in root["scores"])
        winner = next(r for r in root["scores"] if r["chosen"])
        stop = "。" if lang == "zh" else "."
        assert winner[field] == best and last.endswith(f"{winner['attribute']}{stop}")


@pytest.mark.parametrize(("lang", "name", "rule"), [
    ("en", "Worst", "the attribute with the smallest information gain: 触感."),
    ("zh", "最差基线", "有意选择信息增益最小的属性作为划分属性：触感。")])
def test_the_worst_baseline_states_its_rule_and_takes_the_smallest(lang, name, rule):
    """The baseline takes the smallest Gain (触感, 0.006, on watermelon 2.0): the comparison
    is a min, the sentence says so, and the Chinese solution names it in Chinese."""
    text = to_markdown(solve(trace_of("worst"), 0, "node"), lang)
    title = "# 手算过程：" if lang == "zh" else "# Worked solution: "
    assert text.splitlines()[0] == title + name
    assert r"\mathrm{Gain}(D, \text{触感}) = \min\{" in text and r"\max\{" not in text
    last = text.strip().splitlines()[-1]
    assert last.startswith(name) and last.endswith(rule)
    if lang == "zh":
        assert "Worst" not in text


def test_sums_over_the_known_rows_are_written_over_them():
    """With missing values a branch sum's numbers are |D̃ᵛ|/|D̃|: its formula is Σᵥ r̃ᵥ·Gini(D̃ᵛ)
    (Li Hang's H(D̃|A): Σᵢ r̃ᵢ·H(D̃ᵢ)), never |Dᵛ|/|D| beside D̃."""
    alpha = trace_of("cart", "watermelon_2.0_alpha.csv")
    text = to_html(solve(alpha, 0, "node"), "en")
    assert "Gini_index(D̃, 色泽) = Σᵥ r̃ᵥ·Gini(D̃ᵛ) = 10/14×" in text
    assert "(D̃, 色泽) = Σᵥ |Dᵛ|/|D|" not in text
    lihang = to_html(solve(trace_of("id3", "watermelon_2.0_alpha.csv"), 0, "node",
                           notation="lihang"), "en")
    assert "H(D̃|色泽) = Σᵢ r̃ᵢ·H(D̃ᵢ) = 6/14×" in lihang
    complete = to_html(solve(trace_of("cart"), 0, "node"), "en")
    assert "Gini_index(D, 色泽) = Σᵥ |Dᵛ|/|D|·Gini(Dᵛ)" in complete


def test_ties_and_every_leafs_stop_case_are_written():
    text = to_markdown(solve(trace_of(), 0, "tree"))
    assert "根蒂 ties with 脐部, 触感; the attribute that comes first" in text
    assert text.count("All samples in D are of class") == 8
    assert "D is empty (lines 11–12): a leaf labelled 是, the parent's majority class." in text


def test_a_branch_is_its_node_and_everything_below():
    trace = trace_of()
    worked = solve(trace, 1, "branch")
    assert [n.node_id for n in worked.nodes] == list(range(1, 10))
    assert [n.node_id for n in solve(trace, 10, "node").nodes] == [10]


# --------------------------------------------------------------------- escaping


NASTY = '<b>"a_b" & $x$ {c}\\'


def test_data_names_are_escaped_for_each_format():
    frame = pd.DataFrame({NASTY: ["<i>", "<i>", "v|w", "v|w"], "y": ["1", "1", "0", "0"]})
    trace = DecisionTree("id3").fit(frame[[NASTY]], frame["y"]).trace_.to_dict()
    worked = solve(trace, 0, "tree", dataset="<script>")
    html = to_html(worked)
    assert "<b>" not in html and "<i>" not in html and "<script>" not in html
    assert "<script" not in html and "http" not in html and "src=" not in html  # self-contained
    assert "&lt;b&gt;&quot;a_b&quot; &amp; $x$ {c}\\" in html
    markdown = to_markdown(worked)
    assert rf"\text{{{escape_latex(NASTY)}}}" in markdown  # inside the LaTeX
    assert escape_markdown_cell(NASTY) in markdown  # in the prose
    assert "<b>" not in markdown and "<script>" not in markdown


# --------------------------------------------------------------------- command line


def test_the_command_line_writes_markdown_or_html_by_extension(tmp_path):
    data = str(dataset_path("watermelon_2.0.csv"))
    for name, lang in (("s.md", "en"), ("s.html", "zh")):
        out = tmp_path / name
        result = subprocess.run([sys.executable, "-m", "dtree_core", "grow", data, "--target",
                                 "好瓜", "--solution", str(out), "--solution-lang", lang],
                                cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        text = out.read_text(encoding="utf-8")
        worked = solve(trace_of(), 0, "tree", dataset="watermelon_2.0")
        render = to_html if name.endswith(".html") else to_markdown
        assert text == render(worked, lang)


def test_the_command_line_solves_one_node_and_refuses_an_unknown_one(tmp_path):
    data = str(dataset_path("watermelon_2.0.csv"))
    base = [sys.executable, "-m", "dtree_core", "grow", data, "--target", "好瓜"]
    out = tmp_path / "node.md"
    result = subprocess.run([*base, "--solution", str(out), "--solution-node", "纹理=清晰",
                             "--solution-scope", "node"], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8").count("## Node #") == 1
    result = subprocess.run([*base, "--solution", str(out), "--solution-node", "纹理=无"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stderr.startswith("error: No node at '纹理=无'")


@pytest.mark.parametrize("lang, words", [("en", "The last term, 3/17, is the share"),
                                         ("zh", "最后一项 3/17 是色泽取值缺失的样本")])
def test_an_iv_with_unknown_values_says_what_its_extra_term_is(lang, words):
    """Watermelon 2.0α: 色泽 has 3 values and 3 of 17 rows unknown, so IV(色泽) has four terms
    (C4.5 counts the unknowns as a value); the sentence after it says so. Complete data: none."""
    alpha = to_html(solve(trace_of("c45", "watermelon_2.0_alpha.csv"), 0, "node"), lang)
    iv_line = next(line for line in alpha.splitlines() if "IV(色泽) = " in line)
    assert iv_line.count("·log₂ ") == 4 and "3/17·log₂ 3/17" in iv_line
    after = alpha.splitlines()[alpha.splitlines().index(iv_line) + 1]
    assert words in after
    assert "IV(色泽)" in after
    complete = to_html(solve(trace_of("c45"), 0, "node"), lang)
    assert "The last term" not in complete and "最后一项" not in complete


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_the_worked_solution_names_tied_thresholds(algorithm):
    """t = 1.75 and t = 5.5 score the same: the solution says so, and which the rule took,
    as the node panel does (never a hidden tie); without a tie it says nothing more."""
    X = pd.DataFrame({"x": [1.5, 2, 3, 4, 5, 6]})
    tied = DecisionTree(algorithm).fit(X, pd.Series(list("abbbba"))).trace_.to_dict()
    assert tied["nodes"][0]["decision"]["threshold"] == 1.75
    for lang in ("en", "zh"):
        text = to_markdown(solve(tied, 0, "node"), lang)
        assert "t = 5.5" in text and ("smallest is taken" in text or "取最小者" in text)
    untied = DecisionTree(algorithm).fit(X, pd.Series(list("abbbbb"))).trace_.to_dict()
    assert "smallest is taken" not in to_markdown(solve(untied, 0, "node"))


CLOSE_TIES = pd.DataFrame({"x": [1.2345671, 1.2345673, 1.2345675, 1.2345677, 1.2345679,
                                 1.2345681]})


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_tied_thresholds_a_ten_millionth_apart_are_written_apart(algorithm):
    """t = 1.2345672 and t = 1.234568 tie; six digits write both 1.23457, which is neither."""
    tied = DecisionTree(algorithm).fit(CLOSE_TIES, pd.Series(list("abbbba"))).trace_.to_dict()
    assert tied["nodes"][0]["decision"]["threshold_digits"] == 8
    text = to_markdown(solve(tied, 0, "node"))
    assert "t = 1.234568: of tied thresholds the smallest is taken" in text
    assert "1.23457" not in text.replace("1.234567", "")


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_a_tied_threshold_is_written_between_its_own_two_values(algorithm):
    """t = 1.5 ties with the midpoint of 3.0000001 and 3.0000003: written '3' (six digits,
    apart from 1.5 and so enough for distinct_labels), x<=3 sends 3.0000001 right. The
    curve carries each midpoint's digits, and the tie names it 3.0000002."""
    X = pd.DataFrame({"x": [1.0, 2.0, 3.0000001, 3.0000003]})
    tied = DecisionTree(algorithm).fit(X, pd.Series(list("abba"))).trace_.to_dict()
    root = tied["nodes"][0]
    assert root["decision"]["threshold"] == 1.5
    row = next(r for r in root["scores"] if r["attribute"] == "x")
    assert row["curve"]["threshold_digits"] == [0, 0, 8]
    text = to_markdown(solve(tied, 0, "node"))
    assert "t = 3.0000002" in text and "t = 3:" not in text and "t = 3," not in text


def test_a_chinese_solution_puts_no_space_between_a_name_and_chinese_text():
    """The worked solution's sentences are filled as the app's are (wording.fill): watermelon
    3.0's 密度 reads "属性密度：" and "密度是连续属性", not "属性 密度：" and "密度 是连续属性"
    (str.format kept the template's spaces around a Chinese name); a number keeps its
    space ("t = 0.3815")."""
    trace = trace_of("c45", "watermelon_3.0.csv", numeric=("密度", "含糖率"))
    text = to_markdown(solve(trace, 0, "node"), "zh")
    assert "属性密度：" in text and "密度是连续属性" in text and "t = 0.3815" in text
    assert "密度 是" not in text and "属性 密度" not in text


@pytest.mark.parametrize(("dataset", "target", "algorithm", "decimals"), [
    ("penguins.csv", "species", "id3", 3),  # an attribute with no known value: ρ = 0
    ("watermelon_2.0_alpha.csv", "好瓜", "c45", 0),  # a weight of 0.0029 at 0 decimals
    ("watermelon_3.0_alpha.csv", "好瓜", "cart", 1)])
def test_the_whole_trees_solution_is_written_at_any_decimals(dataset, target, algorithm,
                                                            decimals):
    """ρ = 0 divided by zero to rebuild |D|, and a weight written as 0 put log₂ 0 in a
    formula: both ended the worked solution in a traceback."""
    X, y = xy(dataset, target, drop=["编号"] if "watermelon" in dataset else [])
    trace = DecisionTree(algorithm).fit(X, y).trace_.to_dict()
    for notation in ("zhou", "lihang"):
        solved = solve(trace, 0, "tree", decimals=decimals, notation=notation)
        assert len(solved.nodes) == sum(not n.get("pruned_away") for n in trace["nodes"])


def test_a_weight_is_never_written_as_zero():
    from dtree_core.plugged import count
    assert count(0.0029, 2).text == "0.003" and count(0.0, 2).text == "0"
    assert count(6.0, 3).text == "6"


def test_a_line_break_and_a_tab_in_a_value_read_apart_in_both_pages():
    """Values 'a\\nb' and 'a\\tb' (an Alt+Enter cell, a pasted tab): the Markdown and HTML
    worked solutions show them as a⏎b and a⇥b, as the app does (both read 'a b' before,
    so the headings of two branches were the same)."""
    import pandas as pd

    from dtree_core import DecisionTree
    from dtree_core.solution import solve, to_html, to_markdown

    X = pd.DataFrame({"v": ["a\nb", "a\tb", "a\nb", "a\tb", "a b", "a b"]})
    trace = DecisionTree("id3").fit(X, ["p", "q", "p", "q", "r", "r"]).trace_.to_dict()
    for page in (to_markdown(solve(trace, scope="tree")), to_html(solve(trace, scope="tree"))):
        for shown in ("v=a⏎b", "v=a⇥b", "v=a b"):
            assert shown in page
        assert "a\nb" not in page and "a\tb" not in page
    # CART's Gini(D, v=a) formulas name the values too (in LaTeX, for Markdown's $$ blocks)
    cart = DecisionTree("cart").fit(X, ["p", "q", "p", "q", "r", "r"]).trace_.to_dict()
    page = to_markdown(solve(cart, scope="tree", notation="lihang"))
    for shown in (r"\text{a⏎b}", r"\text{a⇥b}", r"\text{a b}"):
        assert shown in page


def test_first_solves_that_many_nodes_in_treegenerates_order():
    """The Exercises page shows a big tree's first nodes (the budget's solution_nodes)."""
    trace = trace_of()
    whole = solve(trace, 0, "tree")
    first = solve(trace, 0, "tree", first=3)
    assert first.nodes == whole.nodes[:3] and len(whole.nodes) == 14
    assert solve(trace, 0, "tree", first=100).nodes == whole.nodes
