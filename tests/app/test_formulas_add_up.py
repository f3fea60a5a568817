"""Every formula the node panel writes with numbers plugged in evaluates to the result it shows
(a review found 256 of 1,689 that did not: terms rounded to three decimals first, so Gain(D, 色泽)
at watermelon 2.0's root read 0.998 − (6/17×1.000 + 6/17×0.918 + 5/17×0.722) = 0.108, which is
0.109). The formulas are read back from their LaTeX by an evaluator of this test's own."""

from __future__ import annotations

import math
import re

import pytest

from dtree_core import DecisionTree, algorithms, datasets
from dtree_core import notation as notations
from dtree_core.datasets import load_path
from dtree_core.loading import prepare
from ui import formulas

DATASETS = ("watermelon_2.0", "watermelon_3.0", "watermelon_2.0_alpha", "watermelon_3.0_alpha",
            "loan_lihang", "play_tennis", "iris", "contact_lenses")


def bundled_trace(key: str, algorithm: str) -> dict:
    found = datasets.get(key)
    data = prepare(load_path(found.path), found.target)
    return DecisionTree(algorithm, nominal=data.nominal, continuous=data.continuous,
                        ).fit(data.X, data.y).trace_.to_dict()


def _python(segment: str) -> str:
    """A plugged-in LaTeX expression as Python (fractions, log₂, ×, parentheses, squares)."""
    text = segment
    while re.search(r"\\t?frac\{[^{}]*\}\{[^{}]*\}", text):
        text = re.sub(r"\\t?frac\{([^{}]*)\}\{([^{}]*)\}", r"((\1)/(\2))", text)
    text = text.replace(r"\left(", "(").replace(r"\right)", ")").replace(r"\times", "*")
    text = re.sub(r"\\log_2\s*", "*log2", text).replace("(*log2", "(log2")
    return text.replace("^2", "**2")


def numeric_segments(latex: str) -> list[tuple[str, float, str]]:
    """(segment, its value, the result shown) for each ` = `-separated part of a formula that
    is numbers only (the symbolic parts are skipped)."""
    parts = re.sub(r"\\quad.*$", "", latex).split(" = ")
    result = parts[-1].strip()
    found = []
    for part in parts[1:-1]:
        python = _python(part)
        if re.search(r"[A-Za-z\\|_]", python.replace("log2", "")):
            continue
        found.append((part, _evaluated(python), result))
    return found


def _evaluated(python: str) -> float:
    try:
        return eval(python, {"__builtins__": {}, "log2": math.log2})
    except ZeroDivisionError:  # 0/0 reads as no number at all
        return math.nan


def text_segments(text: str) -> list[tuple[str, float, str]]:
    """numeric_segments of a formula's Unicode text form (the HTML solution, the checker):
    6/17×1.0000, 8/17·log₂ 8/17, −(…), (8/17)²."""
    parts = text.split(" = ")
    found = []
    for part in parts[1:-1]:
        python = re.sub(r"·log₂ ([\d.]+/[\d.]+)", r"*log2(\1)", part)
        python = python.replace("−", "-").replace("×", "*").replace("²", "**2")
        if not re.search(r"[^\d.+\-*/() log2]", python):
            found.append((part, _evaluated(python), parts[-1].strip()))
    return found


def reads_as(value: float, shown: str) -> bool:
    """Does the shown result say what the value rounds to (a value half way may go either way)?"""
    decimals = len(shown.partition(".")[2])
    return abs(value - float(shown)) <= 0.5 * 10 ** -decimals + 1e-9


def panel_formulas(trace: dict, names, decimals: int = 3) -> list[str]:
    """The formulas the node panel writes for every node and every attribute it can inspect."""
    shown = []
    for node in trace["nodes"]:
        counts = [node["class_counts"].get(c, 0) for c in trace["classes"]]
        shown += [formulas.entropy_latex(counts, node["entropy"], decimals, names=names),
                  formulas.gini_latex(counts, node["gini"], decimals, names=names)]
        for score in node["scores"]:
            if "branches" not in score:
                continue
            shown += [formulas.conditional_entropy_latex(score, decimals, names),
                      formulas.gain_latex(score, decimals, names),
                      formulas.iv_latex(score, node["weight"], decimals, names),
                      formulas.gain_ratio_latex(score, decimals, names),
                      formulas.gini_index_latex(score, decimals, names)]
            if score["rho"] < 1:
                shown += [formulas.rho_latex(score, node["weight"], decimals),
                          formulas.known_entropy_latex(score, trace["classes"], decimals, names),
                          formulas.known_gini_latex(score, trace["classes"], decimals),
                          formulas.gini_gain_latex(score, decimals, names)]
    return shown


def wrong_sums(shown: list[str], segments=numeric_segments) -> list[str]:
    return [f"{segment} = {value:.6f}, shown {result}" for latex in shown
            for segment, value, result in segments(latex) if not reads_as(value, result)]


def test_the_evaluator_catches_the_books_early_rounding():
    """The test's own evaluator: the book's sum for Gain(D, 色泽) does not read 0.108."""
    book = (r"\mathrm{Gain}(D, a) = 0.998 - \left(\tfrac{6}{17} \times 1.000 + \tfrac{6}{17}"
            r" \times 0.918 + \tfrac{5}{17} \times 0.722\right) = 0.108")
    assert len(wrong_sums([book])) == 1
    entropy = (r"H(D) = -\left(\tfrac{8}{17}\log_2 \tfrac{8}{17} + \tfrac{9}{17}\log_2"
               r" \tfrac{9}{17}\right) = 0.998")
    assert [round(v, 4) for _, v, _ in numeric_segments(entropy)] == [0.9975]


@pytest.mark.parametrize("algorithm", algorithms.keys())
@pytest.mark.parametrize("notation", notations.NOTATIONS_ORDER)
def test_every_plugged_in_formula_evaluates_to_its_result(algorithm, notation):
    names = notations.get(notation)
    shown = [latex for key in DATASETS
             for latex in panel_formulas(bundled_trace(key, algorithm), names)]
    evaluated = sum(len(numeric_segments(latex)) for latex in shown)
    assert evaluated > 100  # the evaluator read the formulas (it skips symbolic parts)
    assert wrong_sums(shown) == []


def test_terms_get_more_decimals_only_where_three_do_not_add_up():
    """Watermelon 2.0's root: 色泽 needs 4 decimals (0.9975 − (…) = 0.108), 纹理 does not."""
    root = bundled_trace("watermelon_2.0", "id3")["nodes"][0]
    by_attribute = {score["attribute"]: score for score in root["scores"]}
    colour = formulas.gain_latex(by_attribute["色泽"], 3)
    assert colour.places == 4 and r"0.9975 - \left(\tfrac{6}{17} \times 1.0000" in colour
    assert colour.endswith("= 0.108")
    texture = formulas.gain_latex(by_attribute["纹理"], 3)
    assert texture.places == 3 and texture.endswith(r"\times 0.000\right) = 0.381")


def test_a_gain_ratio_over_a_zero_iv_is_not_written_as_zero_over_zero():
    """An attribute with one value left has IV(a) = 0; its ratio is taken as 0, not 0/0."""
    score = {"attribute": "敲声", "gain": 0.0, "iv": 0.0, "gain_ratio": 0.0}
    latex = formulas.gain_ratio_latex(score, 3)
    assert r"\frac{0.000}{0.000}" not in latex
    assert latex.endswith(r"= 0.000 \quad (\mathrm{IV}(\text{敲声}) = 0)")


def test_li_hangs_entropy_and_gini_are_written_with_his_class_shares():
    """Li Hang writes H(D) = −Σ |Cₖ|/|D| log₂ |Cₖ|/|D| (eq. 5.7) and Gini(D) = 1 − Σ (|Cₖ|/|D|)²
    (eq. 5.24), not Zhou's pₖ."""
    lihang = notations.get("lihang")
    entropy = formulas.entropy_latex([9, 6], 0.971, 3, names=lihang)
    gini = formulas.gini_latex([9, 6], 0.48, 3, names=lihang)
    assert "p_k" not in entropy and "p_k" not in gini
    assert r"\sum_{k} \frac{|C_k|}{|D|} \log_2 \frac{|C_k|}{|D|}" in entropy
    assert r"\sum_{k} \left(\frac{|C_k|}{|D|}\right)^2" in gini


@pytest.mark.parametrize(("lang", "notation"), [("zh", "lihang"), ("en", "zhou")])
def test_the_panels_formulas_add_up_and_it_says_why_terms_have_more_decimals(lang, notation):
    """The grow page at watermelon 2.0's root, 色泽 inspected: every formula Streamlit renders
    evaluates to its result, and the caption names the 4 decimals its Gain needed."""
    from tests.app.app_helpers import page_app
    from ui.messages import t

    at = page_app(None, "watermelon_2.0", lang, "c45", notation)
    next(s for s in at.selectbox if str(s.key).startswith("inspect_")).set_value("色泽").run()
    shown = [element.value.strip().strip("$").strip() for element in at.latex]  # $$…$$
    assert sum(len(numeric_segments(latex)) for latex in shown) >= 6
    assert wrong_sums(shown) == []
    assert any("0.9975" in latex for latex in shown)
    note = t("node.formulas.places", places=4, decimals=3, _lang=lang)
    assert note in [caption.value for caption in at.caption]


@pytest.mark.parametrize("algorithm", algorithms.keys())
@pytest.mark.parametrize("notation", notations.NOTATIONS_ORDER)
def test_every_worked_solution_equation_evaluates_to_its_result(algorithm, notation):
    """The worked solution (Markdown, HTML, the CLI's --solution) writes its numbers with the
    same terms (dtree_core.plugged): each equation's numbers step evaluates to its result."""
    from dtree_core.solution import solve

    shown, texts = [], []
    for key in DATASETS:
        worked = solve(bundled_trace(key, algorithm), 0, "tree", notation=notation)
        equations = [equation for _, equation in worked.equations()]
        shown += [" = ".join(["lhs", *(step.latex for step in e.steps)]) for e in equations]
        texts += [" = ".join(["lhs", *(step.text for step in e.steps)]) for e in equations]
    assert sum(len(numeric_segments(latex)) for latex in shown) > 100
    assert sum(len(text_segments(text)) for text in texts) > 100
    assert wrong_sums(shown) == [] and wrong_sums(texts, text_segments) == []


def test_the_checkers_formulas_evaluate_to_their_results():
    """Check my numbers answers with a formula: Gain(D̃, a) = Ent(D̃) − Σ… at watermelon
    2.0α's root (0.998 − 0.889 = 0.108 read 0.109 there) and Li Hang's Gini(D, A=a)."""
    from dtree_core.checking import check, value_splits

    alpha = bundled_trace("watermelon_2.0_alpha", "id3")
    claims = [f"Gain(D̃,{row['attribute']}) = 0.5" for row in alpha["nodes"][0]["scores"]]
    loan = bundled_trace("loan_lihang", "cart")
    claims_loan = [f"Gini(D,{a}={v}) = 0.5"
                   for a, v, _ in value_splits(loan["nodes"][0], loan["classes"])]
    formulas_shown = [v.formula for v in check("\n".join(claims), alpha).verdicts]
    formulas_shown += [v.formula for v in check("\n".join(claims_loan), loan).verdicts]
    assert len(formulas_shown) >= 15 and all(formulas_shown)
    assert sum(len(text_segments(text)) for text in formulas_shown) == len(formulas_shown)
    assert wrong_sums(formulas_shown, text_segments) == []


CONTINUOUS = ("watermelon_3.0", "watermelon_3.0_alpha", "iris", "penguins")


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart", "c45_lihang"])
def test_a_continuous_attributes_cut_is_the_best_of_its_candidates(algorithm):
    """Gain(D, a) = max_{t∈T_a} Gain(D, a, t) = Gain(D, a, t*) (Zhou eq. 4.8), CART's
    smallest Gini_index: the cut written is the row's, and the value the extremum of its
    candidates' curve (what the grower compared), at every continuous row of every node."""
    by = algorithms.get(algorithm).threshold_by
    pick = max if by == "gain" else min
    checked = 0
    for key in CONTINUOUS:
        for node in bundled_trace(key, algorithm)["nodes"]:
            for row in (r for r in node["scores"] if r["kind"] == "continuous"):
                latex = formulas.threshold_latex(row, by, 3)
                curve = row["curve"][by]
                assert latex.endswith(f"= {pick(curve):.3f}")
                assert (r"\max_" if by == "gain" else r"\min_") in latex
                written = re.search(r", ([-\d.e+]+)\) = [-\d.]+$", latex)[1]
                assert row["curve"]["threshold"][curve.index(pick(curve))] == row["threshold"]
                assert float(written) == pytest.approx(row["threshold"], rel=1e-6)
                checked += 1
    assert checked > 50


def test_the_panel_writes_the_cut_of_a_continuous_attribute():
    from tests.app.app_helpers import page_app

    at = page_app(None, "watermelon_3.0", "zh", "c45")
    next(s for s in at.selectbox if str(s.key).startswith("inspect_")).set_value("含糖率").run()
    latex = [element.value for element in at.latex]
    assert any(r"\max_{t \in T_{\text{含糖率}}} \mathrm{Gain}(D, \text{含糖率}, t)" in x
               and r"\mathrm{Gain}(D, \text{含糖率}, 0.126) = 0.349" in x for x in latex), latex


def test_a_forced_cut_is_not_written_as_the_best():
    score = {"attribute": "密度", "threshold": 0.5, "gain": 0.1, "curve": {}}
    latex = formulas.threshold_latex(score, "gain", 3, forced=True)
    assert r"\max" not in latex and latex.endswith(r"\mathrm{Gain}(D, \text{密度}, 0.5) = 0.100")


def test_cart_cuts_a_continuous_attribute_with_missing_values_on_the_known_rows(tmp_path):
    """Watermelon 3.0 with three 密度 values blanked, under CART: where 密度 has missing
    values the Gini index it cuts by is on D̃ (Zhou §4.4.2), and the formula says D̃."""
    from tests.conftest import dataset_path

    lines = dataset_path("watermelon_3.0.csv").read_text(encoding="utf-8").splitlines()
    column = lines[0].split(",").index("密度")
    for i in (2, 7, 12):  # blank 密度 on three rows
        cells = lines[i].split(",")
        cells[column] = ""
        lines[i] = ",".join(cells)
    path = tmp_path / "wm3_missing.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = prepare(load_path(path), "好瓜")
    trace = DecisionTree("cart", nominal=data.nominal, continuous=data.continuous
                         ).fit(data.X, data.y).trace_.to_dict()
    rows = [row for node in trace["nodes"] for row in node["scores"]
            if row["kind"] == "continuous"]
    missing = [row for row in rows if row["rho"] < 1]
    assert missing and len(missing) < len(rows)
    for row in rows:
        latex = formulas.threshold_latex(row, "gini_index", 3)
        assert (r"\mathrm{Gini\_index}(\tilde D," in latex) == (row["rho"] < 1)


@pytest.mark.parametrize(("lang", "notation"), [("en", "zhou"), ("zh", "lihang")])
def test_the_worked_solution_says_why_a_ratio_over_a_zero_iv_has_no_numbers(lang, notation):
    """Watermelon 2.0α's node 3 under C4.5: 敲声 has one value there, IV(敲声) = 0, and its
    ratio is written without 0/0 and said to be taken as 0."""
    from dtree_core.solution import solve, to_markdown

    trace = bundled_trace("watermelon_2.0_alpha", "c45")
    row = next(r for r in trace["nodes"][3]["scores"] if r["attribute"] == "敲声")
    assert row["iv"] == 0 and row["gain_ratio"] == 0
    text = to_markdown(solve(trace, 3, "node", notation=notation), lang)
    assert r"\frac{0.000}{0.000}" not in text
    names = notations.get(notation)
    said = {"en": f"{names.text('iv', 'D', '敲声')} = 0: every sample here has the same value",
            "zh": f"{names.text('iv', 'D', '敲声')} = 0：此处所有实例的敲声取值相同"}[lang]
    assert said in text.replace("\\", ""), text
