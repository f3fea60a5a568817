"""Check my numbers: each line against the trace, the first wrong step, and the usual slips."""

from __future__ import annotations

import math

import pytest

from dtree_core import DecisionTree
from dtree_core.checking import check, parse_claim, written_number
from tests.conftest import xy


@pytest.fixture(scope="module")
def id3():
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    return DecisionTree("id3").fit(X, y).trace_.to_dict()


def one(trace: dict, line: str, node_id: int = 0, tolerance: float = 0.0005):
    (verdict,) = check(line, trace, node_id, tolerance).verdicts
    return verdict


# --------------------------------------------------------------------- reading the lines


@pytest.mark.parametrize(("text", "quantity", "attribute", "given"), [
    ("Gain(D,色泽) = 0.109", "gain", "色泽", 0.109),
    ("IV(色泽)=0.613", "iv", "色泽", 0.613),
    ("Ent(D)=0.998", "entropy", None, 0.998),
    ("Gain_ratio(D, 色泽) = 0.178", "gain_ratio", "色泽", 0.178),
    ("信息增益（D，色泽）＝0.109", "gain", "色泽", 0.109),
    ("增益率(色泽): .068", "gain_ratio", "色泽", 0.068),
    ("固有值(色泽) ≈ 1.58", "iv", "色泽", 1.58),
    ("信息熵 = 0.998", "entropy", None, 0.998),
    ("基尼指数(D,色泽) = 0.427", "gini_index", "色泽", 0.427),
    ("基尼值(D) = 0.498", "gini", None, 0.498),
    ("g(D,纹理) = 0.381", "gain", "纹理", 0.381),
    ("H(D) = 0.998", "entropy", None, 0.998),
    ("H_A(色泽) = 1.580", "iv", "色泽", 1.580),
    ("g_R(D,色泽) = 0.068", "gain_ratio", "色泽", 0.068),
    ("Gain(D,色泽) = 0.998 − (6/17×1.000 + 6/17×0.918 + 5/17×0.722) = 0.108",
     "gain", "色泽", 0.108),
    # typed with a Chinese input method (full width), pasted from a spreadsheet, annotated
    ("Gain(D，色泽)＝０．１０９", "gain", "色泽", 0.109),
    ("Gain(D, 色泽) = 0,109", "gain", "色泽", 0.109),
    ("Ent(D)=0.998 ≈ 1", "entropy", None, 0.998),
    ("Ent(D)=0.998 (log2)", "entropy", None, 0.998),
    ("Gain(D,色泽)=1.09e-1", "gain", "色泽", 0.109),
    ("Gain(D,色泽)\t0.109", "gain", "色泽", 0.109),
    ("Gain ratio(D,色泽)=0.068", "gain_ratio", "色泽", 0.068),
    ("增益率(色泽) = 6.8%", "gain_ratio", "色泽", 0.068),
    # Li Hang's words: 信息增益比, 经验熵, and 基尼指数 for Gini(D) (eq. 5.22)
    ("信息增益比(D,A1)=0.052", "gain_ratio", "A1", 0.052),
    ("经验熵(D)=0.971", "entropy", None, 0.971),
    ("基尼指数(D)=0.480", "gini", None, 0.48),
])
def test_the_books_and_li_hangs_names_in_either_language(text, quantity, attribute, given):
    claim = parse_claim(1, text)
    assert (claim.quantity, claim.attribute, claim.given) == (quantity, attribute, given)


@pytest.mark.parametrize("text", ["hello", "Gain(D,色泽)", "Foo(D) = 1", "= 0.3"])
def test_a_line_that_is_no_claim_stays_unread(id3, text):
    assert one(id3, text).status == "unparsed"


@pytest.mark.parametrize("text", ["IV(触感) = −(12/17 log2 12/17 + 5/17 log2 5/17)",
                                  "Gain(D,纹理) = 3/8", "Gain(D,纹理) = 约0.381",
                                  "Gain(D,纹理) = 3.81×10^-1", "Gain(D,纹理) = 0.381 保留3位小数"])
def test_a_named_quantity_whose_result_is_no_decimal_is_told_apart(id3, text):
    """These lines name one quantity each, and were told to 'write one quantity per line':
    what is not read is their result (a fraction, an expression, words with digits)."""
    verdict = one(id3, text)
    assert verdict.status == "unread_result" and verdict.claim.given is None


# --------------------------------------------------------------------- the walkthrough


@pytest.mark.parametrize(("text", "given", "written"), [
    ("IV(色泽) = 1.000", 1.0, "1.000"),
    ("IV(色泽)=1.5798634", 1.5798634, "1.5798634"),  # not cut to 6 digits (1.57986)
    ("Gain(D,色泽) = 10.8%", 0.108, "10.8%"),
    ("Gain(D,色泽) = 0,109", 0.109, "0,109"),
    ("Ent(D) = 0.998 ≈ 1", 0.998, "0.998"),
    ("IV(色泽) = −1.50", -1.5, "−1.50"),
    ("IV(色泽) = ３．５０", 3.5, "3.50"),  # full-width digits, as NFKC reads them
])
def test_a_number_is_quoted_as_written(text, given, written):
    claim = parse_claim(1, text)
    assert claim.given == pytest.approx(given) and claim.written == written
    assert written_number(claim) == written


def test_a_carried_numbers_source_is_quoted_as_written(id3):
    """The source line of a carried ratio quotes the IV as the student wrote it."""
    _, _, ratio = check("Gain(D,色泽) = 0.1090\nIV(色泽) = 0.6130\n"
                        "Gain_ratio(D,色泽) = 0.178", id3).verdicts
    assert ratio.slip == "carried" and ratio.details["source"] == "IV(色泽) = 0.6130"


WALKTHROUGH = "Ent(D) = 0.998\nGain(D,色泽) = 0.109\nIV(色泽) = 0.613\nGain_ratio(D,色泽) = 0.178"


def test_the_walkthroughs_iv_and_gain_ratio_are_wrong_and_why(id3):
    report = check(WALKTHROUGH, id3)
    entropy, gain, iv, ratio = report.verdicts
    assert entropy.status == "right"
    # The book's own 0.109 (Ent(Dᵛ) rounded first) counts; the exact value is 0.1081.
    assert gain.status == "rounded" and gain.exact == pytest.approx(0.10812516526536)
    assert iv.status == "wrong" and iv.exact == pytest.approx(1.5798634, abs=1e-7)
    assert iv.slip == "not_any_base" and iv.details["shares"] == "6/17, 6/17, 5/17"
    assert iv.formula == ("IV(色泽) = −Σᵥ |Dᵛ|/|D|·log₂(|Dᵛ|/|D|) = −(6/17·log₂ 6/17 + "
                          "6/17·log₂ 6/17 + 5/17·log₂ 5/17) = 1.580")
    assert ratio.status == "wrong" and ratio.exact == pytest.approx(0.0684396, abs=1e-7)
    assert ratio.slip == "carried" and ratio.details == {
        "expression": "0.109 / 0.613", "source": "IV(色泽) = 0.613", "source_line": 3}
    assert ratio.formula.endswith("= 0.108 / 1.580 = 0.068")
    assert report.first_wrong is iv and report.score == (2, 4)


# --------------------------------------------------------------------- the usual slips


@pytest.mark.parametrize(("line", "base"), [
    (f"Ent(D) = {0.9975025 * math.log(2):.3f}", "ln"),
    (f"IV(色泽) = {1.5798634 * math.log(2):.3f}", "ln"),
    (f"IV(色泽) = {1.5798634 * math.log10(2):.3f}", "log₁₀"),
    (f"Gain(D,纹理) = {0.3805919 * math.log(2):.3f}", "ln"),
])
def test_natural_or_common_log_instead_of_log2(id3, line, base):
    verdict = one(id3, line)
    assert verdict.status == "wrong" and verdict.slip == "log_base"
    assert verdict.details["base"] == base


def test_class_entropy_in_place_of_iv(id3):
    verdict = one(id3, "IV(根蒂) = 0.998")
    assert verdict.slip == "entropy_for_iv" and verdict.exact == pytest.approx(1.402, abs=1e-3)


def test_a_branch_left_out_of_the_sum(id3):
    without_pale = -2 * (6 / 17) * math.log2(6 / 17)  # IV(色泽) without 浅白's 5/17 term
    verdict = one(id3, f"IV(色泽) = {without_pale:.3f}")
    assert verdict.slip == "missing_branch"
    assert verdict.details == {"branch": "色泽=浅白", "branches": 3}


@pytest.fixture(scope="module")
def alpha_c45():
    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    return DecisionTree("c45").fit(X, y).trace_.to_dict()


def _iv(shares) -> float:
    return -sum(p * math.log2(p) for p in shares)


def test_with_values_missing_ivs_shares_include_the_unknown_rows(alpha_c45):
    """At 2.0α's root 色泽 is unknown in 3 of 17 rows; C4.5's IV counts them as a branch of
    their own, so the shares a wrong IV is told about are the four of that sum."""
    row = next(r for r in alpha_c45["nodes"][0]["scores"] if r["attribute"] == "色泽")
    assert row["iv"] == pytest.approx(_iv([6 / 17, 4 / 17, 4 / 17, 3 / 17]), abs=1e-12)
    verdict = one(alpha_c45, "IV(色泽) = 1.9")
    assert verdict.slip == "not_any_base"
    assert verdict.details["shares"] == "6/17, 4/17, 4/17, 3/17"


def test_the_unknown_rows_term_left_out_of_iv(alpha_c45):
    verdict = one(alpha_c45, f"IV(色泽) = {_iv([6 / 17, 4 / 17, 4 / 17]):.3f}")
    assert verdict.slip == "missing_unknown_term"
    assert verdict.details == {"attribute": "色泽", "share": "3/17"}


def test_a_branch_left_out_of_an_iv_with_values_missing(alpha_c45):
    """Leaving out 乌黑's 6/17 (the unknown rows' 3/17 kept): a branch's term, of the three
    branches' and the unknown rows' (the sentence said "all 4 branches" of a 3-valued 色泽)."""
    verdict = one(alpha_c45, f"IV(色泽) = {_iv([4 / 17, 4 / 17, 3 / 17]):.3f}")
    assert verdict.slip == "missing_branch_of_iv"
    assert verdict.details == {"branch": "色泽=乌黑", "branches": 3, "attribute": "色泽",
                               "share": "3/17"}


@pytest.mark.parametrize(("line", "slip"), [
    ("Gain_ratio(D,纹理) = 0.381", "gain_for_ratio"),
    (f"Gain_ratio(D,纹理) = {1.4466 / 0.3806:.3f}", "ratio_inverted"),
    ("Gini_index(D,色泽) = 0.498", "gini_for_index"),
    ("Gain(D,色泽) = 0.889", "entropy_after_for_gain"),
    ("Gain_ratio(D,色泽) = 0.5", "other"),
])
def test_a_neighbouring_quantity_in_place_of_the_one_named(id3, line, slip):
    assert one(id3, line).slip == slip


def test_a_gain_carried_from_a_wrong_entropy(id3):
    report = check("Ent(D) = 0.9\nGain(D,纹理) = 0.283", id3)
    assert [v.status for v in report.verdicts] == ["wrong", "wrong"]
    assert report.verdicts[1].slip == "carried" and report.first_wrong.claim.line == 1


# --------------------------------------------------------------------- tolerance, nodes, names


def test_the_tolerance_is_adjustable(id3):
    assert one(id3, "Gain(D,纹理) = 0.38").status == "wrong"
    assert one(id3, "Gain(D,纹理) = 0.38", tolerance=0.001).status == "right"
    assert one(id3, "Gain(D,纹理) = 0.3806", tolerance=0.0).status == "wrong"


def test_attributes_that_are_not_candidates_here(id3):
    assert one(id3, "Gain(D,纹理) = 0.1", node_id=1).status == "unknown_attribute"  # used up
    assert one(id3, "Gain(D) = 0.381").status == "needs_attribute"


def test_a_node_below_the_root(id3):
    report = check("Ent(D) = 0.764\nGain(D,根蒂) = 0.458\nGain(D,色泽) = 0.043", id3, 1)
    assert [v.status for v in report.verdicts] == ["right", "right", "right"]


def test_missing_values_and_cart():
    alpha = DecisionTree("id3").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    verdict = one(alpha, "Gain(D,纹理) = 0.424")
    assert verdict.status == "right" and verdict.formula.startswith("Gain(D, 纹理) = ρ × (")
    cart = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    row = next(r for r in cart["nodes"][0]["scores"] if r["attribute"] == "纹理")
    assert one(cart, f"Gini_index(D,纹理) = {row['gini_index']:.3f}").status == "right"
    assert one(cart, "Gini(D) = 0.498").status == "right"


def test_zhous_split_point_notation_is_read_and_its_t_checked(wm3):
    """Eq. 4.8's Gain(D, a, t), or t in a remark after the result, on watermelon 3.0's root:
    t is the node's split point to the digits written (Zhou prints 0.381 for 0.3815), or
    its own verdict, as the trace has the numbers at that split point only."""
    trace = DecisionTree("id3").fit(*wm3).trace_.to_dict()
    report = check("Gain(D,含糖率,0.126)=0.349\nGain(D, 密度) = 0.262 (t = 0.381)\n"
                   "Gain(D, 密度, t=0.5) = 0.262\nGain(D,色泽,0.5)=0.109", trace)
    assert [v.status for v in report.verdicts] == ["right", "right", "other_threshold",
                                                   "no_threshold"]
    assert report.verdicts[2].details == {"attribute": "密度", "t": "0.5", "threshold": "0.3815"}
    assert report.score == (2, 2)
    # a whole number written names a whole split point, not one rounded to it
    assert [v.status for v in check("Gain(D,密度,0)=0.262\nGain(D,含糖率,t=0)=0.349",
                                    trace).verdicts] == ["other_threshold"] * 2


def test_a_split_point_that_needs_more_digits_is_checked_to_them():
    """1.2345672 lies between 1.2345671 and 1.2345673: 1.23457 (or 1.234567) sends both to
    one side, another split point, as Check my tree reads it too; 1.2345672 is ours."""
    import pandas as pd

    X = pd.DataFrame({"x": [1.2345671, 1.2345673, 1.5, 1.6]})
    trace = DecisionTree("id3").fit(X, pd.Series(list("baaa"), name="y")).trace_.to_dict()
    row = trace["nodes"][0]["scores"][0]
    assert row["threshold_digits"] == 8
    gain = f"{row['gain']:.3f}"
    statuses = [v.status for v in check(f"Gain(D,x,1.2345672)={gain}\n"
                                        f"Gain(D,x,1.23457)={gain}\n"
                                        f"Gain(D,x,1.234567)={gain}", trace).verdicts]
    assert statuses == ["right", "other_threshold", "other_threshold"]


def test_a_continuous_attribute_without_an_admissible_split_point_is_not_called_discrete(wm3):
    """With a min branch weight of 3, 密度 (continuous, 3 distinct values at node 3) has no
    midpoint leaving 3 on both sides: a t written for it is told so, not that 密度 is
    discrete."""
    trace = DecisionTree("id3", min_branch_weight=3).fit(*wm3).trace_.to_dict()
    node = next(n for n in trace["nodes"] for r in n["scores"]
                if r["attribute"] == "密度" and r["threshold"] is None)
    (verdict,) = check("Gain(D,密度,0.5)=0.1", trace, node["id"]).verdicts
    assert verdict.status == "no_split_point"


def test_an_iv_from_shares_rounded_first_is_rounded_early_as_a_gain_is():
    """IV(纹理) with 9/17, 5/17, 3/17 taken as 0.529, 0.294, 0.176 is 1.446 (exactly 1.4466):
    the book's early rounding, not a number "in no base"."""
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("c45").fit(X, y).trace_.to_dict()
    verdict = one(trace, "IV(纹理) = 1.446")
    assert verdict.status == "rounded" and verdict.counts_as_right
    assert round(verdict.exact, 4) == 1.4466
    assert one(trace, "IV(纹理) = 1.443").status == "wrong"


# --------------------------------------------------------------------- the quiz


def test_the_quiz_is_seeded_and_follows_treegenerate(id3):
    from dtree_core.checking import make_quiz

    quiz = make_quiz(id3, seed=3, count=5)
    assert quiz == make_quiz(id3, seed=3, count=5) and len(quiz) == 5
    assert [q.kind for q in quiz] == ["winner", "value", "winner", "value", "winner"]
    assert [q.node_id for q in quiz] == [0, 0, 1, 1, 3]
    root = quiz[0]
    assert root.answers == ("纹理",) and "纹理" in root.choices
    # The hint starts the first candidate's Gain: the winner is not given away. Its terms
    # have the 4 decimals at which the whole sum reads 0.108 (at 3 it would read 0.109).
    assert root.hint == ("Gain(D, 色泽) = Ent(D) − Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) = "
                         "0.9975 − (6/17×1.0000 + …)")
    value = quiz[1]
    assert value.exact == next(r for r in id3["nodes"][0]["scores"]
                               if r["attribute"] == value.attribute)["gain"]


def test_the_quiz_is_graded_with_ties_and_a_tolerance(id3):
    from dtree_core.checking import grade, make_quiz

    winner, value, tied = make_quiz(id3, seed=0, count=3)
    assert grade(winner, "纹理") and not grade(winner, "色泽") and not grade(winner, None)
    assert all(grade(tied, a) for a in ("根蒂", "脐部", "触感"))  # Fig. 4.4's three-way tie
    assert grade(value, round(value.exact, 3)) and not grade(value, value.exact - 0.001)
    assert grade(value, value.exact - 0.001, tolerance=0.002)
    # the hint's sum finished the book's way (each term rounded first) is right too
    assert value.rounded is not None and grade(value, round(value.rounded, 3))


def test_the_quiz_takes_the_books_early_rounding_as_check_does(id3):
    """Gain(D, 色泽): the quiz's hint 0.998 − (6/17×1.000 + …) finished term by term gives
    0.109 (the book's figure; exactly 0.1081), which check counts as rounded early: the quiz
    grades it right as well, and a number off by more than the tolerance from both is not."""
    from dtree_core.checking import grade, make_quiz

    question = next(q for seed in range(40) for q in make_quiz(id3, seed, 6)
                    if q.kind == "value" and q.attribute == "色泽" and q.node_id == 0)
    assert round(question.exact, 4) == 0.1081 and round(question.rounded, 3) == 0.109
    assert grade(question, 0.109) and grade(question, 0.1087) and grade(question, 0.108)
    assert not grade(question, 0.1105) and not grade(question, 0.1065)
    assert one(id3, "Gain(D,色泽) = 0.109").status == "rounded"


def test_c45_and_cart_quizzes_ask_for_their_own_criterion():
    from dtree_core.checking import make_quiz

    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    for algorithm, quantity in (("c45", "gain_ratio"), ("cart", "gini_index")):
        trace = DecisionTree(algorithm).fit(X, y).trace_.to_dict()
        assert {q.quantity for q in make_quiz(trace, 0)} == {quantity}


def test_a_random_draw_asks_numbers_not_a_winner():
    """CLS draws its attribute at random: no rule lets a student predict it, so each quizzed
    node asks two different candidates' numbers instead of the winner."""
    from dtree_core.checking import make_quiz

    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("cls").fit(X, y).trace_.to_dict()
    quiz = make_quiz(trace, 0, 6)
    assert len(quiz) == 6 and {q.kind for q in quiz} == {"value"}
    for first, second in zip(quiz[::2], quiz[1::2], strict=True):
        assert first.node_id == second.node_id and first.attribute != second.attribute


def test_carts_winner_with_missing_values_is_asked_by_the_gini_gain():
    """Watermelon 2.0α at 纹理 in {清晰}: Gini_index(D̃, 脐部) = 0 is the smallest, but on
    ρ = 0.29 of the rows; CART takes 触感, the largest ρ·(Gini(D̃) − Gini_index). The question
    names that score (and its hint starts it), as it is graded."""
    from dtree_core.checking import make_quiz

    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("cart").fit(X, y).trace_.to_dict()
    question = next(q for q in make_quiz(trace, 0, 6) if q.kind == "winner" and q.node_id == 1)
    rows = trace["nodes"][1]["scores"]
    assert question.answers == ("触感",) == (max(rows, key=lambda r: r["gini_gain"])["attribute"],)
    assert min(rows, key=lambda r: r["gini_index"])["attribute"] == "脐部"
    assert question.quantity == "gini_gain" and question.hint.startswith("ρ·ΔGini(")


def test_a_two_way_gini_index_question_names_its_partition_and_takes_zhous_reading():
    """CART splits 纹理 into {清晰} | {稍糊, 模糊}: the question says so (its hint's 9/17×0.346
    is {清晰}'s side), and Zhou's multiway eq. 4.6 value 0.277, which check counts as right
    (`multiway`), is graded right too; a number neither reading gives is not."""
    from dtree_core.checking import grade, make_quiz
    from dtree_core.solution import sentence_text

    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("cart").fit(X, y).trace_.to_dict()
    question = next(q for q in make_quiz(trace, 0, 6) if q.attribute == "纹理")
    (note,) = question.notes
    assert {k: note.values[k] for k in ("left_set", "left", "right_set", "right")} == {
        "left_set": "D¹", "left": "纹理 ∈ {清晰}",
        "right_set": "D²", "right": "纹理 ∈ {稍糊,模糊}"}
    # each side after its set's name, with the language's colon and semicolon
    assert "partition, not one branch per value: D¹: 纹理 ∈ {清晰}; D²: 纹理 ∈ {稍糊,模糊}." \
        in sentence_text(note, "en")
    assert "：D¹：纹理 ∈ {清晰}；D²：纹理 ∈ {稍糊,模糊}。" in sentence_text(note, "zh")
    assert question.hint.endswith("= 9/17×0.346 + …")
    assert one(trace, "Gini_index(D, 纹理) = 0.277").status == "multiway"
    assert grade(question, 0.277) and grade(question, 0.286) and not grade(question, 0.281)
    # Li Hang's question names the two-way split, Gini(D, 纹理=清晰): only its value is right,
    # as check judges that line
    lihang = next(q for q in make_quiz(trace, 0, 6, notation="lihang") if q.attribute == "纹理")
    assert lihang.name == "Gini(D, 纹理=清晰)" and not grade(lihang, 0.277)
    assert grade(lihang, 0.286)


def test_a_gain_ratio_hint_with_missing_values_shows_ivs_unknown_term():
    """C4.5 on watermelon 2.0α: IV(纹理) counts the 2 of 17 rows without a 纹理 as a branch
    of its own (Quinlan's IV, the one graded): the hint shows that term, and finishing it
    gives the graded Gain_ratio."""
    from dtree_core.checking import grade, make_quiz

    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("c45").fit(X, y).trace_.to_dict()
    question = next(q for q in make_quiz(trace, 0, 6) if q.attribute == "纹理")
    assert question.hint.endswith("= 0.424 / −(7/17·log₂ 7/17 + … + 2/17·log₂ 2/17)")
    assert question.hint_notes[0].values["share"] == "2/17"
    iv = -sum(w / 17 * math.log2(w / 17) for w in (7, 5, 3, 2))
    assert grade(question, round(0.424 / iv, 3))


def test_a_branchs_entropy_or_gini_by_its_condition(id3):
    report = check("Ent(色泽=青绿) = 1.000\nEnt(D, 色泽=浅白) = 0.500\nGini(色泽=浅白) = 0.320\n"
                   "Ent(色泽=红) = 1", id3)
    green, pale, gini, unknown = report.verdicts
    assert green.status == "right" and green.name == "Ent(D¹)"
    assert pale.slip == "log_base"
    assert pale.formula.endswith("−(1/5·log₂ 1/5 + 4/5·log₂ 4/5) = 0.722")
    assert gini.status == "right" and gini.name == "Gini(D³)"
    assert unknown.status == "unknown_attribute"


def test_a_ratio_carried_from_the_books_early_rounding(id3):
    """0.109 / 1.580 = 0.069: the ratio of the book's early-rounded gain is rounded early as
    well, so it counts as right like the gain it comes from (it was marked wrong with "the
    number it starts from is not right" just below a line marked right); a ratio carried
    from a wrong gain is still wrong and says where it came from."""
    gain, ratio = check("Gain(D,色泽) = 0.109\nGain_ratio(D,色泽) = 0.069", id3).verdicts
    assert gain.status == "rounded" and ratio.status == "rounded"
    assert ratio.details["rounded"] == "0.069"
    gain, ratio = check("Gain(D,色泽) = 0.150\nGain_ratio(D,色泽) = 0.095", id3).verdicts
    assert gain.status == "wrong" and ratio.status == "wrong" and ratio.slip == "carried"
    assert ratio.details["source_line"] == 1 and ratio.details["expression"] == "0.150 / 1.580"


def test_several_claims_on_one_line(id3):
    first, second = check("Gain(D,色泽)=0.109, Gain(D,根蒂)=0.143", id3).verdicts
    assert (first.claim.line, first.claim.attribute, first.status) == (1, "色泽", "rounded")
    assert (second.claim.line, second.claim.attribute, second.status) == (1, "根蒂", "right")


def test_a_branchs_subset_written_the_books_way(id3):
    """Zhou p.75 lists Ent(D¹), Ent(D²), Ent(D³) before the Gain(D, 色泽) they make up: each
    is that branch's entropy (before, Ent(D¹) = 1.000 was judged against Ent(D) = 0.998)."""
    report = check("Ent(D¹) = 1.000\nEnt(D^2) = 0.918\nEnt(D_3) = 0.722\n"
                   "Gain(D,色泽) = 0.109\nEnt(D3) = 0.5", id3)
    statuses = [v.status for v in report.verdicts]
    assert statuses == ["right", "right", "right", "rounded", "wrong"]
    assert [v.name for v in report.verdicts[:3]] == ["Ent(D¹)", "Ent(D²)", "Ent(D³)"]
    assert one(id3, "Ent(D1) = 1.000").status == "needs_attribute"  # no attribute named
    # 色泽 is a candidate: it has no fourth branch (not "色泽: D4 is not a candidate")
    assert check("Gain(D,色泽)=0.109\nEnt(D4)=1", id3).verdicts[1].status == "no_such_set"


def test_the_known_rows_of_missing_values():
    """Zhou §4.4.2 on watermelon 2.0α: Ent(D̃) = 0.985 and Gain(D̃, 色泽) = 0.306 on the
    rows whose 色泽 is known, then Gain(D, 色泽) = ρ × 0.306 = 0.252 (before, D̃ was read as D)."""
    alpha = DecisionTree("id3").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    report = check("Ent(D̃) = 0.985\nGain(D̃,色泽) = 0.306\nGain(D,色泽) = 0.252", alpha)
    assert [v.status for v in report.verdicts] == ["right", "right", "right"]
    assert report.verdicts[1].name == "Gain(D̃, 色泽)"
    assert check("Gain(D,色泽) = 0.252\nEnt(D̃) = 0.998", alpha).verdicts[1].status == "wrong"


def test_a_known_rows_set_takes_the_attribute_its_lines_name():
    """Zhou §4.4.2 writes Ent(D̃), Ent(D̃¹), … and then Gain(D̃, 色泽) = 0.306: that line names
    色泽 for the sets around it, as Gain(D, 色泽) does, and a set's own line may name it,
    Ent(D̃¹, 色泽) (before, all of these were 'which attribute?', and Ent(D̃¹, 色泽) too).
    Without any line naming one, a set still asks which: D̃ is the rows whose value of an
    attribute is known (Ent(D̃) is 0.985 for 色泽, 0.997 for 纹理)."""
    alpha = DecisionTree("id3").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    report = check("Ent(D̃) = 0.985\nEnt(D̃²) = 1.000\nEnt(D̃³) = 0.000\nGain(D̃,色泽) = 0.306",
                   alpha)
    assert [v.status for v in report.verdicts] == ["right"] * 4
    assert [v.name for v in report.verdicts[:3]] == ["Ent(D̃)", "Ent(D̃²)", "Ent(D̃³)"]
    inline, after = check("Ent(D̃¹, 色泽) = 0.918\nEnt(D̃², 色泽) = 0.5", alpha).verdicts
    assert (inline.status, inline.name, after.status) == ("right", "Ent(D̃¹)", "wrong")
    assert round(after.exact, 3) == 1.000
    assert one(alpha, "Ent(D¹, 纹理) = 0.592").status == "right"  # 纹理 = 清晰: 6 of 7
    for alone in ("Ent(D̃¹) = 1.000", "Gain(D̃) = 0.306", "Ent(D̃) = 0.985"):
        assert one(alpha, alone).status == "needs_attribute"


@pytest.mark.parametrize(("notation", "line", "subset"), [
    ("zhou", "Ent(D̃¹) = 1.000", "D̃¹"), ("zhou", "Gain(D̃) = 0.306", "D̃"),
    ("zhou", "Gini(D̃) = 0.490", "D̃"), ("zhou", "Ent(D1) = 1.000", "D¹"),
    ("lihang", "H(D₁) = 1.000", "D₁")])
def test_a_set_naming_no_attribute_is_said_as_a_set(notation, line, subset):
    """A D̃ or Dᵛ with no line naming its attribute: the engine names the sentence that says
    the set is taken for one attribute (variant 'set'), not the plain 'name the attribute',
    which a line naming no set keeps (Gain(D))."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    alpha = DecisionTree("id3").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    (on_a_set,) = check(line, alpha, notation=notation).verdicts
    assert (on_a_set.status, on_a_set.variant, on_a_set.details) == (
        "needs_attribute", "set", {"set": subset})
    (plain,) = check("Gain(D) = 0.381", alpha, notation=notation).verdicts
    assert (plain.status, plain.variant, plain.details) == ("needs_attribute", "", {})
    if notation == "zhou":  # the page's sentences (outside an app: English, Zhou's symbols)
        assert verdict_sentence(on_a_set) == t("ex.line.needs_attribute.set", line=1,
                                               set=subset)
        assert verdict_sentence(plain) == t("ex.line.needs_attribute", line=1)


def test_a_name_with_full_width_letters_is_found_as_typed():
    """Lines are read in NFKC (so ＝０．１０９ is =0.109): a data name with full-width
    letters is matched in NFKC too, whichever width the student types it in."""
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("id3").fit(X.rename(columns={"色泽": "色泽ＸＹ"}), y).trace_.to_dict()
    for typed in ("色泽ＸＹ", "色泽XY", "色泽xy"):
        verdict = one(trace, f"Gain(D,{typed}) = 0.109")
        assert verdict.status == "rounded" and verdict.claim.attribute == "色泽ＸＹ"


@pytest.mark.parametrize("typed", ["色 泽", "色　泽", "色  泽"])  # a full-width space, two
def test_a_name_typed_with_spaces_inside_is_read_as_the_column_it_spells(id3, typed):
    """Gain(D, 色 泽) = 0.109 on watermelon 2.0 was 'not a candidate'; a Chinese input method
    leaves such spaces. Read as 色泽, the one column that name spells without them, and the
    verdict says so (the verdict itself names 色泽), in both languages; a set taken for it
    names it as written (ex.line.taken.written), as for Li Hang's A1."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    written = typed.replace("　", " ")  # lines are read in NFKC
    gain = one(id3, f"Gain(D, {typed}) = 0.109")
    assert (gain.status, gain.claim.attribute) == ("rounded", "色泽")
    assert gain.read_as == {"written": written, "attribute": "色泽", "folds": ("spaces",)}
    plain = one(id3, "Gain(D, 色泽) = 0.109")
    assert plain.read_as == {}
    assert verdict_sentence(gain) == (f"{verdict_sentence(plain)} '{written}' is read as 色泽, "
                                      "its spaces ignored.")
    named = {"written": written, "attribute": "色泽"}
    assert t("read_as.spaces", _lang="zh", **named) == (
        f"“{written}”按属性色泽读取（忽略其中的空格）。")
    assert t("read_as.spaces", _lang="zh", _notation="lihang", **named) == (
        f"“{written}”按特征色泽读取（忽略其中的空格）。")
    iv, branch = check(f"IV({typed}) = 1.580\nEnt({typed}=青绿) = 1.000", id3).verdicts
    assert [(v.status, v.read_as["attribute"]) for v in (iv, branch)] == [("right", "色泽")] * 2
    first, _ = check(f"Ent(D¹) = 1.000\nGain(D, {typed}) = 0.109", id3).verdicts
    assert (first.status, first.read_as) == ("right", {})
    assert first.taken == {"set": "D¹", "attribute": "色泽", "written": written,
                           "source_line": 2}


@pytest.mark.parametrize("typed", ["色 泽", "A1"])
def test_a_set_after_a_sum_named_in_another_spelling_takes_the_next_attribute(id3, typed):
    """Ent(D¹) after sets taken for 色泽 and a Gain of 色泽 again starts the next attribute's
    sets (根蒂, line 5). Written 色 泽 or A1 there, the sum was another attribute's for the
    bookkeeping of sets, which compared names as written: Ent(D¹) was taken for line 3."""
    text = ("Gain(D, 色泽) = 0.109\nEnt(D¹) = 1.000\nGain(D, {}) = 0.109\nEnt(D¹) = 0.5\n"
            "Gain(D, 根蒂) = 0.143")
    def sets(spelling: str) -> list[tuple]:
        return [(v.status, v.taken.get("attribute"), v.taken.get("source_line"))
                for v in check(text.format(spelling), id3).verdicts]
    assert sets(typed) == sets("色泽")
    assert sets(typed)[3] == ("wrong", "根蒂", 5)


@pytest.fixture(scope="module")
def two_spellings():
    """watermelon 2.0 with a copy of 色泽 named 色 泽: two columns that differ by a space."""
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    return DecisionTree("id3").fit(X.assign(**{"色 泽": X["色泽"]}), y).trace_.to_dict()


@pytest.mark.parametrize("line", ["Gain(D, 色  泽) = 0.109", "IV(色　 泽) = 1.580",
                                  "Ent(色  泽=青绿) = 1.000", "H_{色  泽}(D) = 1.580",
                                  "Gini(D, 色  泽=青绿) = 0.4"])
def test_a_spaced_name_two_columns_spell_says_which_it_could_mean(two_spellings, line):
    """Where two columns differ only by spaces (色泽 and 色 泽), a third spacing of the name
    could mean either: it was the plain 'not a candidate', which said nothing of why. It is
    not read, and the line names the columns it could mean, in both languages; each column's
    own spelling is its."""
    from ui import messages
    from ui.exercises import verdict_sentence
    from ui.messages import t

    guessed = one(two_spellings, line)
    assert (guessed.status, guessed.read_as, guessed.exact) == ("ambiguous_attribute", {}, None)
    assert guessed.details == {"attribute": "色  泽", "columns": "色泽, 色 泽"}
    assert guessed.details["columns"].items == ("色泽", "色 泽")  # Listed: 、 in Chinese
    assert verdict_sentence(guessed) == (
        "Line 1: '色  泽' is not read: with its spaces ignored it could be any of the "
        "attributes '色泽', '色 泽'; write it as the data spells it.")  # quoted: the space shows
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(messages, "current_language", lambda: "zh")
        assert verdict_sentence(guessed) == (
            "第 1 行未读取：“色  泽”忽略其中的空格后，可能是属性“色泽”、“色 泽”中的任何一个；"
            "请按数据中的写法写出属性名。")
    assert t("ex.line.ambiguous_attribute", _lang="zh", _notation="lihang", line=1,
             **guessed.details).startswith("第 1 行未读取：“色  泽”忽略其中的空格后，可能是特征")
    for typed in ("色泽", "色 泽"):
        verdict = one(two_spellings, line.replace("色  泽", typed).replace("色　 泽", typed))
        assert verdict.read_as == {} and verdict.exact is not None  # judged
        if "=" not in line:
            assert verdict.claim.attribute == typed


def test_a_spaced_name_of_a_column_that_is_no_candidate_names_the_column(id3):
    """纹 理 below the root (split on 纹理): 纹理 is no candidate there, and the line says so
    of 纹理, read as it is at the root, not of '纹 理' as if it were no column at all."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    verdict = one(id3, "Gain(D, 纹 理) = 0.1", node_id=1)
    assert verdict.status == "unknown_attribute" and verdict.details["attribute"] == "纹理"
    assert verdict.read_as == {"written": "纹 理", "attribute": "纹理", "folds": ("spaces",)}
    assert verdict_sentence(verdict).endswith(t("read_as.spaces", written="纹 理",
                                                attribute="纹理"))
    branch = one(id3, "Ent(纹 理=清晰) = 0.1", node_id=1)
    assert branch.details["attribute"] == "纹理=清晰" and branch.read_as["attribute"] == "纹理"


@pytest.fixture(scope="module")
def two_cases():
    """Play tennis with a copy of Wind named wind: two columns that differ by case."""
    X, y = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    return DecisionTree("id3").fit(X.assign(wind=X["Wind"]), y).trace_.to_dict()


@pytest.mark.parametrize("typed", ["WIND", "WiNd"])
def test_a_name_two_columns_spell_in_another_case_says_which_it_could_mean(two_cases, typed):
    """WIND folds to both Wind and wind: it was read as Wind, the first in column order, a
    guess; it is asked which, naming both, in both languages. Each exact spelling is its."""
    from ui import messages
    from ui.exercises import verdict_sentence

    guessed = one(two_cases, f"Gain(D, {typed}) = 0.048")
    assert (guessed.status, guessed.variant, guessed.exact) == (
        "ambiguous_attribute", "spelling", None)
    assert guessed.details == {"attribute": typed, "columns": "Wind, wind"}
    assert verdict_sentence(guessed) == (
        f"Line 1: '{typed}' is not read: in another case or width it could be any of the "
        "attributes 'Wind', 'wind', whose names differ only by case or width; write it as the "
        "data spells it.")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(messages, "current_language", lambda: "zh")
        assert verdict_sentence(guessed) == (
            f"第 1 行未读取：“{typed}”不区分大小写和全角、半角时，可能是属性“Wind”、“wind”中的"
            "任何一个（它们的名称只差大小写或全角、半角）；请按数据中的写法写出属性名。")
    for spelled in ("Wind", "wind"):
        verdict = one(two_cases, f"Gain(D, {spelled}) = 0.048")
        assert verdict.status == "right" and verdict.claim.attribute == spelled


def test_zhous_multiway_gini_index_on_a_cart_tree():
    """CART's row holds the best two-way split's Gini_index (0.437 for 色泽); the book's
    eq. 4.6, one branch per value, gives 0.427: counted right as Zhou's, and said apart."""
    cart = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    book, two_way, wrong = check("Gini_index(D,色泽) = 0.427\nGini_index(D,色泽) = 0.437\n"
                                 "Gini_index(D,色泽) = 0.400", cart).verdicts
    assert (book.status, book.details["multiway"]) == ("multiway", "0.427")
    assert book.counts_as_right and round(book.exact, 3) == 0.437
    assert two_way.status == "right" and wrong.status == "wrong"
    id3 = DecisionTree("id3").fit(*xy("watermelon_2.0.csv", "好瓜",
                                     drop=["编号"])).trace_.to_dict()
    assert one(id3, "Gini_index(D,色泽) = 0.427").status == "right"  # multiway there anyway


@pytest.mark.parametrize(("data", "lines", "readings"), [
    # watermelon 2.0's root: Zhou's Gain(D, 纹理) = 0.381 (p. 76), IV(纹理) = 1.447 and their
    # ratio 0.263, where CART's two-way 纹理 ∈ {清晰} | {稍糊, 模糊} has 0.337, 0.998, 0.338
    ("watermelon_2.0.csv", "Gain(D,纹理) = 0.381\nIV(纹理) = 1.447\nGain_ratio(D,纹理) = 0.263"
     "\nIV(色泽) = 1.580", [("0.381", "4.2", "纹理"), ("1.447", "4.4", "纹理"),
                            ("0.263", "4.3", "纹理"), ("1.580", "4.4", "色泽")]),
    # watermelon 2.0α: ρ × Gain(D̃, 纹理) = 15/17 × 0.480 = 0.424 (eq. 4.12), as ID3's row has it
    ("watermelon_2.0_alpha.csv", "Gain(D,纹理) = 0.424", [("0.424", "4.12", "纹理")]),
])
def test_zhous_multiway_gain_iv_and_ratio_on_a_cart_tree(data, lines, readings):
    """CART splits a nominal attribute two ways, so its row's Gain, IV and Gain_ratio are the
    best two-way split's; Zhou's own numbers (one branch per value) count as right, as his
    multiway Gini_index does (quiz and check alike), and say which equation they are.
    Before, Gain(D,纹理) = 0.381 was 'wrong' and IV(纹理) = 1.447 'not IV in any base'."""
    X, y = xy(data, "好瓜", drop=["编号"])
    cart = DecisionTree("cart").fit(X, y).trace_.to_dict()
    id3 = {r["attribute"]: r for r in DecisionTree("id3").fit(X, y).trace_.to_dict()
           ["nodes"][0]["scores"]}
    verdicts = check(lines, cart).verdicts
    assert [(v.status, v.details.get("multiway"), v.details.get("equation"),
             v.details.get("attribute")) for v in verdicts] == [
        ("multiway", *reading) for reading in readings]
    for verdict in verdicts:  # Zhou's number is ID3's own; the exact one stays CART's
        row = id3[verdict.claim.attribute]
        assert verdict.counts_as_right and abs(verdict.claim.given - row[verdict.claim.quantity]) \
            <= 0.0005 and abs(verdict.exact - row[verdict.claim.quantity]) > 0.0005
    assert one(cart, "Gain(D,纹理) = 0.400").status == "wrong"


def test_every_value_split_of_a_two_way_tree_is_checked():
    """Li Hang's Example 5.4 on his Table 5.1 with CART: 年龄's best partition is {青年} |
    {中年, 老年}, and the row's value_counts give every A1 = a against the rest, so each of
    his three Gini(D, A1=a) is judged, with its formula from that value's counts."""
    cart = DecisionTree("cart").fit(*xy("loan_lihang.csv", "类别", drop=["ID"])).trace_.to_dict()
    young, middle, old, wrong = check("Gini(D,A1=青年) = 0.44\nGini(D,A1=中年) = 0.48\n"
                                      "Gini(D,A1=老年) = 0.44\nGini(D,A1=中年) = 0.44",
                                      cart).verdicts
    assert [v.status for v in (young, middle, old)] == ["right"] * 3
    assert middle.exact == pytest.approx(0.48, abs=1e-12)
    assert "5/15×" in middle.formula and "10/15×" in middle.formula
    assert wrong.status == "wrong"
    root = cart["nodes"][0]["scores"]
    assert next(r for r in root if r["attribute"] == "年龄")["value_counts"] == {
        "青年": {"否": 3.0, "是": 2.0}, "中年": {"否": 2.0, "是": 3.0},
        "老年": {"否": 1.0, "是": 4.0}}


def test_a_value_split_with_no_known_row_on_a_side_is_no_split_and_no_crash():
    """An attribute unknown in every row of a node (A at node 6, below a forced B) divided
    by zero in Gini(D, A=a); a value the attribute does not have (少年) was "not kept by
    this tree" (grow again), though a fresh trace keeps every value. The first is no split
    of this node, the second no value of it (named with the values it has), and the table of
    value splits has none of them."""
    import pandas as pd

    from dtree_core.checking import value_splits

    X = pd.DataFrame({"B": ["u"] * 6 + ["v"] * 6,
                      "A": ["x", "y", "x", "y", "x", "y"] + [None] * 6,
                      "C": ["s", "t", "s", "s", "t", "t"] * 2})
    y = pd.Series(list("pqpqppqqpqpq"))
    trace = DecisionTree("cart", force=("root=B",)).fit(X, y).trace_.to_dict()
    unknown = next(n for n in trace["nodes"] if n["scores"] and any(
        r["attribute"] == "A" and r["rho"] == 0 for r in n["scores"]))
    assert all(a != "A" for a, _, _ in value_splits(unknown, trace["classes"]))
    verdict = check("Gini(D,A=x) = 0.5", trace, node_id=unknown["id"]).verdicts[0]
    assert verdict.status == "value_no_split"
    cart = DecisionTree("cart").fit(*xy("loan_lihang.csv", "类别", drop=["ID"])).trace_.to_dict()
    absent = check("Gini(D,A1=少年) = 0.5", cart).verdicts[0]
    assert (absent.status, absent.details) == ("not_a_value", {
        "attribute": "年龄", "value": "少年", "values": "青年, 中年, 老年"})
    assert absent.details["values"].items == ("青年", "中年", "老年")
    from ui.exercises import verdict_sentence

    assert verdict_sentence(absent) == ("Line 1: 少年 is not a value of 年龄 (its values: "
                                        "青年, 中年, 老年); write a value as the data does.")
    # Li Hang's codes (A3=1 for 是) are no values of the data: said so, with the values
    coded = check("Gini(D,A3=1) = 0.27", cart).verdicts[0]
    assert coded.status == "not_a_value" and set(coded.details["values"].items) == {"否", "是"}
    # below 有自己的房子 = 否 every row has 否: A3 = 否 parts nothing, though A3 is listed
    only = check("Gini(D,有自己的房子=否) = 0.44", cart, node_id=1).verdicts[0]
    assert only.status == "value_no_split"


def test_a_two_valued_feature_is_said_to_be_one_split_only_when_it_is():
    """有自己的房子 = 否 and = 是 are one split (listed twice, always tied); 年龄 = 青年 and
    = 老年 tie at 0.44 on Table 5.1 but are two splits of a three-valued feature."""
    from dtree_core.checking import one_split_listed_twice, smallest_value_splits, value_splits

    X, y = xy("loan_lihang.csv", "类别", drop=["ID"])
    for columns, twice in ((list(X.columns), True), (["年龄"], False)):
        trace = DecisionTree("cart").fit(X[columns], y).trace_.to_dict()
        splits = value_splits(trace["nodes"][0], trace["classes"])
        smallest = smallest_value_splits(splits)
        assert len(smallest) == 2 and one_split_listed_twice(splits, smallest) is twice


def test_a_value_split_a_trace_without_value_counts_does_not_keep_is_said_so():
    """A two-way trace written before value_counts (JSON read back) keeps only its best
    partition's counts: Gini(D, A1=中年) cannot be checked there, and it says so (it was
    called "not a candidate", though 年龄 is one)."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    cart = DecisionTree("cart").fit(*xy("loan_lihang.csv", "类别", drop=["ID"])).trace_.to_dict()
    for row in cart["nodes"][0]["scores"]:
        del row["value_counts"]
    middle, young = check("Gini(D,A1=中年) = 0.48\nGini(D,A1=青年) = 0.44", cart).verdicts
    assert middle.status == "split_not_kept" and middle.exact is None
    assert middle.details == {"attribute": "年龄", "value": "中年", "kept_left": "青年",
                              "kept_right": "中年, 老年"}
    assert "not a candidate" not in verdict_sentence(middle)
    assert "(青年 | 中年, 老年)" in verdict_sentence(middle)
    said = t("ex.line.split_not_kept", _lang="zh", line=1, **middle.details)
    assert "（青年 | 中年、老年）" in said  # each side's values as a Chinese list
    assert young.status == "right"


def test_an_attribute_named_like_a_branch_set_stays_an_attribute():
    """D1 in Ent(D1) is a branch's subset; in IV(d1) or Gain(D, d1) it is the attribute."""
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("id3").fit(X.rename(columns={"色泽": "d1"}), y).trace_.to_dict()
    assert one(trace, "Gain(D, d1) = 0.109").claim.attribute == "d1"
    assert one(trace, "IV(d1) = 1.580").status == "right"
    assert check("Gain(D, d1) = 0.109\nEnt(D1) = 1.000", trace).verdicts[1].status == "right"


def test_a_claim_keeps_its_text_as_typed(id3):
    """The page shows each line back as the student's: full width stays full width, and
    two claims of one line are split there too."""
    first, second = check("Gain(D，色泽)＝０．１０９；Gain(D，根蒂)＝０．１４３", id3).verdicts
    assert first.claim.text == "Gain(D，色泽)＝０．１０９" and first.status == "rounded"
    assert second.claim.text == "Gain(D，根蒂)＝０．１４３" and second.status == "right"


@pytest.mark.parametrize("line", ["Gain(D,色泽)=0.108、Gain(D,根蒂)=0.143",
                                  "Gain(D,色泽)=0.108 Gain(D,根蒂)=0.143",
                                  "信息增益(色泽) = 0.108  信息增益(根蒂) = 0.143"])
def test_two_claims_parted_by_the_chinese_list_mark_or_a_space_are_two(line):
    """Parted by 、 or a space, the line was one claim: 0.143 (根蒂's) judged as 色泽's, and
    marked wrong."""
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    trace = DecisionTree().fit(X, y).trace_.to_dict()
    report = check(line, trace)
    assert [(v.claim.attribute, v.counts_as_right) for v in report.verdicts] == [
        ("色泽", True), ("根蒂", True)]


def test_a_worked_line_with_a_named_term_stays_one_claim():
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    trace = DecisionTree().fit(X, y).trace_.to_dict()
    report = check("Gain(D,色泽) = 0.998 − H(D|色泽) = 0.108", trace)
    assert [(v.claim.attribute, v.counts_as_right) for v in report.verdicts] == [("色泽", True)]


def test_an_attribute_named_with_brackets_is_read():
    """密度（g/cm³） or 含糖率(%): the line was not read at all ('write one quantity a line')."""
    X, y = xy("watermelon_3.0.csv", "好瓜", drop=["编号"], numeric=["密度", "含糖率"])
    X = X.rename(columns={"密度": "密度（g/cm³）", "含糖率": "含糖率(%)"})
    trace = DecisionTree().fit(X, y).trace_.to_dict()
    report = check("Gain(D,密度（g/cm³）)=0.262\nGain(D,含糖率(%))=0.349\nIV(含糖率(%))=0.5",
                   trace)
    assert [v.counts_as_right for v in report.verdicts] == [True, True, False]
    assert all(v.status not in ("unparsed", "unknown_attribute") for v in report.verdicts)


@pytest.mark.parametrize(("lang", "join"), [("en", ", "), ("zh", "、")])
def test_the_candidates_a_line_could_name_are_listed_as_the_language_lists_them(id3, lang,
                                                                                 join):
    """Gain(D,纹理) below the root: 纹理 is used up, and the sentence lists the candidates
    joined by its language (data.Listed), not by the English ", " in Chinese."""
    from ui.messages import t

    verdict = one(id3, "Gain(D,纹理) = 0.1", node_id=1)
    candidates = [row["attribute"] for row in id3["nodes"][1]["scores"]]
    assert len(candidates) > 1
    said = t("ex.line.unknown_attribute", _lang=lang, line=1, **verdict.details)
    assert join.join(candidates) in said


def test_a_numbered_subset_after_a_line_naming_a_branch_belongs_to_its_attribute(id3):
    """Ent(纹理=清晰) names the attribute 纹理, so the Ent(D¹) after it is 纹理's first
    branch (清晰, 0.764) and 0.7 is judged wrong, not 'D1 is not a candidate'."""
    named, numbered = check("Ent(纹理=清晰)=0.764\nEnt(D^1)=0.7", id3).verdicts
    assert named.status == "right"
    assert numbered.status == "wrong" and numbered.exact == pytest.approx(named.exact)


@pytest.mark.parametrize("line", ["Ent(D)=" + "9" * 400, "Gain(D, 纹理) = 1e400"])
def test_a_number_past_floats_range_is_not_read_as_infinity(id3, line):
    verdict = one(id3, line)
    assert verdict.status == "past_range" and verdict.claim.given is None


def test_li_hangs_value_split_with_missing_values_is_named_on_the_known_rows():
    """On watermelon 2.0α, 色泽 is known for 14 of 17 rows: Gini(D, 色泽=青绿) is computed on
    those (4/14, 10/14), so the line is named Gini(D̃, 色泽=青绿), as CART's own row is; with
    every value known it stays Gini(D, …)."""
    alpha = DecisionTree("cart").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                         drop=["编号"])).trace_.to_dict()
    (verdict,) = check("Gini(D,色泽=青绿) = 0.486", alpha, 0, notation="lihang").verdicts
    assert verdict.status == "right" and verdict.name == "Gini(D̃, 色泽=青绿)"
    assert verdict.formula.startswith("Gini(D̃, 色泽=青绿) = 4/14×")
    whole = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜",
                                         drop=["编号"])).trace_.to_dict()
    (verdict,) = check("Gini(D,色泽=青绿) = 0.497", whole, 0, notation="lihang").verdicts
    assert verdict.name == "Gini(D, 色泽=青绿)"


@pytest.mark.parametrize("algorithm", ["id3", "cart"])
def test_a_two_way_gini_to_two_decimals_is_li_hangs_printing(algorithm):
    """Gini(D, 有自己的房子) = 0.27 as Example 5.4 prints it (0.267): a split in two, so Li
    Hang's Gini(D, A) and Gini(D, A=a) alike; written Gini(D, A3=是) it was already taken
    as the book's two decimals, written Gini(D, A3) it was marked wrong."""
    trace = DecisionTree(algorithm).fit(*xy("loan_lihang.csv", "类别", drop=["ID"])).trace_
    trace = trace.to_dict()
    house = check("Gini(D,有自己的房子) = 0.27", trace, notation="lihang").verdicts[0]
    assert house.status == "two_decimals" and house.exact == pytest.approx(0.2667, abs=1e-4)
    assert check("Gini(D,有自己的房子) = 0.28", trace).verdicts[0].status == "wrong"
    if algorithm == "id3":  # 年龄's three branches: no two-way split to print so
        age = check("Gini(D,年龄) = 0.44", trace).verdicts[0]
        assert age.status == "wrong" and round(age.exact, 2) != 0.44


def test_two_decimals_are_li_hangs_printing_only_as_he_prints():
    """Rounded half up to two written decimals (0.27 for 0.2667, 0.13 for 0.125), in his
    notation for Gini(D, A): not 0.3, not 0.12 for 0.125, and not in Zhou's notation, whose
    book prints three."""
    from dtree_core.checking import Claim, printed_to_two_decimals

    def line(text: str) -> Claim:
        return Claim(1, text, "gini_index", "a", float(text.rsplit("=", 1)[1]))

    assert printed_to_two_decimals(line("Gini(D,a) = 0.27"), 0.26666)
    assert printed_to_two_decimals(line("Gini(D,a) = 0.13"), 0.125)
    assert not printed_to_two_decimals(line("Gini(D,a) = 0.12"), 0.125)
    assert not printed_to_two_decimals(line("Gini(D,a) = 0.3"), 0.26666)
    assert not printed_to_two_decimals(line("Gini(D,a) = 0.4"), 0.4048)  # one decimal
    wm2 = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜", drop=["编号"])).trace_
    wm2 = wm2.to_dict()
    touch = next(r for r in wm2["nodes"][0]["scores"] if r["attribute"] == "触感")
    printed = f"{touch['gini_index']:.2f}"
    assert check(f"Gini_index(D,触感) = {printed}", wm2).verdicts[0].status == "wrong"
    assert check(f"Gini(D,触感) = {printed}", wm2, notation="lihang").verdicts[0].status == \
        "two_decimals"


@pytest.mark.parametrize("algorithm", ["id3", "c45", "c45_lihang"])
def test_a_code_for_a_value_is_no_value_for_every_algorithm(algorithm):
    """Li Hang's A3=1 on a multiway tree said "this trace keeps its best partition only,
    grow again" (a fresh trace): it is no value of the data, as on CART's."""
    trace = DecisionTree(algorithm).fit(*xy("loan_lihang.csv", "类别", drop=["ID"])).trace_
    verdict = check("Gini(D,A3=1) = 0.27", trace.to_dict(), notation="lihang").verdicts[0]
    assert verdict.status == "not_a_value" and set(verdict.details["values"].items) == {
        "是", "否"}


def tied_node(trace: dict) -> dict:
    """Watermelon 3.0's node where 含糖率's midpoints 0.126 and 0.155 tie by Gain (0.171)."""
    return next(n for n in trace["nodes"] for r in n["scores"] or ()
                if r["attribute"] == "含糖率" and r["threshold"] == 0.126
                and r["curve"]["threshold"] == [0.097, 0.126, 0.155, 0.1795])


def test_a_split_point_tied_with_the_nodes_is_judged_as_the_worked_solution_names_it(wm3):
    """Watermelon 3.0, ID3, the node where 含糖率's midpoints 0.126 and 0.155 tie (Gain
    0.171; the rule took the smaller): Gain(D, 含糖率, 0.155) is a right line, as the worked
    solution and Check my tree name both; IV is judged at the node's t only, so IV at 0.155
    names the tie (tied_threshold), and 0.097, which ties nothing, is another t."""
    trace = DecisionTree("id3").fit(*wm3).trace_.to_dict()
    (gain, iv, other) = check("Gain(D,含糖率,0.155) = 0.171\nIV(含糖率,0.155) = 0.9\n"
                              "IV(含糖率,0.097) = 0.9", trace, tied_node(trace)["id"]).verdicts
    assert gain.status == "right" and round(gain.exact, 3) == 0.171
    assert iv.status == "tied_threshold" and other.status == "other_threshold"


@pytest.mark.parametrize(("line", "quantity"), [
    ("IV(含糖率,0.155) = 0.971", "IV(含糖率)"),
    ("Gain_ratio(D,含糖率) = 0.176 (t = 0.155)", "Gain_ratio(D, 含糖率)")])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_iv_or_gain_ratio_at_a_tied_split_point_names_the_tie(wm3, line, quantity, lang):
    """At a t whose Gain ties the node's t (0.155 against 0.126), IV and Gain_ratio are not
    judged: the line says that t is as good a split by Gain and the smallest was taken, as
    the worked solution does (before: 'splits at t = 0.126, its best candidate split point,
    not at t = 0.155', as if 0.155 were worse)."""
    from ui.messages import t

    trace = DecisionTree("id3").fit(*wm3).trace_.to_dict()
    verdict = one(trace, line, tied_node(trace)["id"])
    assert verdict.status == "tied_threshold" and not verdict.counts_as_right
    assert verdict.details == {"attribute": "含糖率", "t": "0.155", "threshold": "0.126",
                               "score": "Gain(D, 含糖率)", "quantity": quantity}
    said = t("ex.line.tied_threshold", _lang=lang, line=1, **verdict.details)
    assert all(part in said for part in ("0.155", "0.126", "Gain(D, 含糖率)", quantity))


def test_a_claims_name_is_looked_for_up_to_the_next_separator_only():
    """The look-ahead after a 、 or ， reads one name (no separator in it), not the rest of
    the line: before, each 、 of a long paste rescanned everything after it (a 64k-character
    line took seconds). So 'a' before the next 、 is no claim's start, and every multi-claim
    line still splits where a name(…) = follows."""
    from dtree_core.checking import _CLAIMS, parse

    line = "x=1、a、Gain(D,色泽)=0.1，b，Gain(D,根蒂)=0.143"
    assert [m.start() for m in _CLAIMS.finditer(line)] == [line.index("、G"), line.index("，G")]
    assert [c.text for c in parse("Ent(D)=0.998、Gain(D,色泽)=0.109; IV(色泽)=1.580，"
                                  "g(D,A1)=0.083 Gain(D, 色泽) = 0,109")] == [
        "Ent(D)=0.998", "Gain(D,色泽)=0.109", "IV(色泽)=1.580", "g(D,A1)=0.083",
        "Gain(D, 色泽) = 0,109"]


def test_the_quiz_grade_says_which_reading_a_value_is_right_by(id3):
    """A value right only by the book's early rounding or Zhou's multiway Gini_index is
    graded as such, not as within the tolerance of the exact value: Gain(D, 纹理) = 0.3815 is
    0.0009 from the exact 0.3806 but within ±0.0005 of the early-rounded 0.3812; CART's
    Gini_index(D, 纹理) = 0.277 is the multiway 0.2771, the two-way's is 0.286."""
    from dtree_core.checking import grade, make_quiz

    gain = next(q for q in make_quiz(id3, 0, 6) if q.attribute == "纹理")
    assert grade(gain, 0.3806) == "right" and grade(gain, 0.3815) == "rounded"
    cart = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    gini = next(q for q in make_quiz(cart, 0, 6) if q.attribute == "纹理")
    assert grade(gini, 0.286) == "right" and grade(gini, 0.277) == "multiway"
    assert grade(gini, 0.281) is None


def test_a_split_point_written_with_too_few_decimals_is_not_read_as_the_nodes(wm3):
    """Watermelon 3.0's root, ID3: t = 0.4 rounds from 0.3515, 0.3815 and 0.42 (and 0.459
    cuts to it), and Gain(D, 密度) at 0.42 is 0.0935: the line is not judged against the
    node's 0.3815 (before: 'Gain(D, 密度) = 0.262, not 0.094'), it asks for more decimals;
    0.38 names 0.3815 alone."""
    trace = DecisionTree("id3").fit(*wm3).trace_.to_dict()
    few, enough = check("Gain(D,密度,0.4) = 0.094\nGain(D,密度,0.38) = 0.262", trace).verdicts
    assert few.status == "ambiguous_threshold" and not few.counts_as_right
    assert few.details["points"] == "0.3515, 0.3815, 0.42, 0.459"
    assert few.details["threshold"] == "0.3815" and enough.status == "right"


def test_a_thinned_curve_asks_for_the_nodes_decimals(wm3):
    """With curve_points 4 the root's curve keeps 5 of 密度's 16 midpoints: 0.38 may round
    from one it does not keep, so it is not judged; 0.3815, the node's own t, is."""
    trace = DecisionTree("id3", curve_points=4).fit(*wm3).trace_.to_dict()
    few, exact = check("Gain(D,密度,0.38) = 0.262\nGain(D,密度,0.3815) = 0.262",
                       trace).verdicts
    assert few.status == "unkept_threshold"
    assert (few.details["kept"], few.details["midpoints"]) == (5, 16)
    assert exact.status == "right"


def test_a_branchs_number_that_is_another_branchs_says_which_value_each_is(monkeypatch):
    """Watermelon 2.0α: row 1 has no 色泽, so the trace's D̃¹ of 色泽 is 乌黑 (0.918) and
    D̃² 青绿 (1.000), while Zhou §4.4.2 numbers 青绿 first. Ent(D̃¹) = 1.000 is still wrong
    here, but the slip names each set's value, not 'in no base'. The app numbers them in the
    tree's branch order everywhere (the tree, the worked solution, the grow page's table
    Branches of 色泽); the slip said 'in the order the score table lists them', a table of
    the candidates that lists no branch."""
    from dtree_core.solution import solve
    from ui.exercises import slip_sentence

    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("id3").fit(X, y).trace_.to_dict()
    first, _ = check("Ent(D̃¹)=1.000\nGain(D,色泽)=0.252", trace).verdicts
    assert (first.status, first.slip) == ("wrong", "other_branch")
    assert first.details == {"attribute": "色泽", "set": "D̃¹", "here": "色泽=乌黑",
                             "other_set": "D̃²", "other": "色泽=青绿"}
    root = trace["nodes"][0]
    assert [b["value"] for b in next(r for r in root["scores"]
                                     if r["attribute"] == "色泽")["branches"]] == [
        "乌黑", "青绿", "浅白"]
    [solved] = solve(trace, 0, "node").nodes
    assert [(s.values["set"], s.values["condition"]) for s in solved.steps
            if getattr(s, "key", "") == "branch"][:3] == [
        ("D̃¹", "色泽=乌黑"), ("D̃²", "色泽=青绿"), ("D̃³", "色泽=浅白")]
    assert slip_sentence(first) == (
        "Here D̃¹ is 色泽=乌黑; 1.000 is D̃²'s, 色泽=青绿: the sets are numbered in the order of "
        "色泽's branches in this tree, as the worked solution and the table Branches of 色泽 "
        "(Grow a tree) list them.")
    monkeypatch.setattr("ui.messages.current_language", lambda: "zh")
    assert slip_sentence(first) == (
        "此处 D̃¹ 是色泽=乌黑；1.000 是 D̃²（色泽=青绿）的值：各子集按这棵树中色泽各分支的顺序"
        "编号，与手算过程及“生成决策树”页面中“色泽的各分支”表所列的顺序相同。")


def test_a_min_branch_weight_alone_does_not_ask_for_the_nodes_decimals(wm3):
    """With min branch weight 3 the curve of 密度 at watermelon 3.0's root keeps 12 of its 16
    midpoints (the outer ones leave a side too light), and the book's 0.381 was asked to
    be written to the node's decimals as if a thinned curve might hide a midpoint it names:
    the outer ones lie beyond both ends of those kept, so it is judged as at 0.3815."""
    trace = DecisionTree("id3", min_branch_weight=3).fit(*wm3).trace_.to_dict()
    row = next(r for r in trace["nodes"][0]["scores"] if r["attribute"] == "密度")
    assert len(row["curve"]["threshold"]) == 12 and row["n_distinct"] == 17
    [verdict] = check(f"Gain(D,密度,0.381) = {row['gain']:.3f}", trace).verdicts
    assert verdict.status == "right", verdict


def test_another_t_at_a_forced_split_point_says_it_was_forced(wm3):
    """Watermelon 3.0's root forced to 密度@0.5185: its t was set by hand, so Gain(D, 密度)
    at the best midpoint 0.3815 (0.262) is 'another t' said as forced (variant 'forced'),
    not judged 'wrong' against the forced t's Gain 0.004 (the curve's best midpoint was
    taken for one tied with the node's t); 含糖率, not forced, keeps its best t."""
    from ui.exercises import verdict_sentence

    trace = DecisionTree("id3", force={"root": "密度@0.5185"}).fit(*wm3).trace_.to_dict()
    best, other, forced = check("Gain(D,密度,0.3815) = 0.262\nGain(D,含糖率,0.2) = 0.1\n"
                                "Gain(D,密度,0.5185) = 0.004", trace).verdicts
    assert (best.status, best.variant, best.details) == ("other_threshold", "forced", {
        "attribute": "密度", "t": "0.3815", "threshold": "0.5185"})
    assert (other.status, other.variant, other.details) == ("other_threshold", "", {
        "attribute": "含糖率", "t": "0.2", "threshold": "0.126"})
    assert "forced by hand" in verdict_sentence(best)
    assert "forced" not in verdict_sentence(other)
    assert forced.status == "right"
    grown = DecisionTree("id3").fit(*wm3).trace_.to_dict()  # the rule's own t: not forced
    assert one(grown, "Gain(D,密度,0.5185) = 0.004").variant != "forced"


@pytest.mark.parametrize("notation", ["zhou", "lihang"])
def test_gini_of_the_known_rows_reads_as_each_book_writes_it(notation):
    """CART on watermelon 2.0α's root, 色泽 known in 14 of 17 rows: Gini(D̃) is the Gini value
    of those 14 (0.490), not the node's Gini(D) (0.498), taking its attribute from a line
    around it as Ent(D̃) does. Gini(D̃, 色泽) reads two ways: Zhou's Gini(D̃) taken for 色泽
    (as Ent(D̃, 色泽)), or Li Hang's Gini(D̃, A), the Gini index on D̃ (0.343): the notation's
    reading first, a number that is the other one right by it and named so, a number
    neither wrong with both named. Before, Gini(D̃, 色泽) = 0.490 was wrong against 0.343."""
    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    cart = DecisionTree("cart").fit(X, y).trace_.to_dict()
    node = cart["nodes"][0]
    row = next(r for r in node["scores"] if r["attribute"] == "色泽")
    assert (round(row["gini_known"], 3), round(row["gini_index"], 3),
            round(node["gini"], 3)) == (0.490, 0.343, 0.498)
    value, index, neither, alone, around, whole = check(
        "Gini(D̃, 色泽) = 0.490\nGini(D̃, 色泽) = 0.343\nGini(D̃, 色泽) = 0.400\nGini(D̃) = 0.490\n"
        "Gini_index(D, 色泽) = 0.343\nGini(D̃) = 0.498", cart, notation=notation).verdicts
    index_name = "Gini_index(D̃, 色泽)" if notation == "zhou" else "Gini(D̃, 色泽=浅白)"
    assert (value.status, value.name, value.exact) == ("right", "Gini(D̃)", row["gini_known"])
    assert (index.status, index.name, index.exact) == ("right", index_name, row["gini_index"])
    assert (neither.status, neither.slip) == ("wrong", "gini_reading")
    assert neither.details == {"attribute": "色泽", "known": "0.490", "index": "0.343",
                               "index_name": index_name}
    # the notation's reading is the one the wrong line is judged by
    assert (neither.name, neither.exact) == (("Gini(D̃)", row["gini_known"]) if notation == "zhou"
                                             else (index_name, row["gini_index"]))
    assert (alone.status, alone.exact, around.status) == ("right", row["gini_known"], "right")
    assert (whole.status, whole.exact) == ("wrong", row["gini_known"])  # not the node's D
    assert one(cart, "Gini(D̃) = 0.490").status == "needs_attribute"


def test_zhous_multiway_value_rounded_early_counts_on_a_cart_tree_in_check_and_quiz():
    """Watermelon 2.0's root under CART: the book's Gain(D, 色泽) = 0.109 is Zhou's multiway
    0.1081 (eq. 4.2) rounded early, 0.0009 from it: right as 'multiway_rounded', naming
    both values (ID3 calls it 'rounded'); a number neither is wrong. The quiz grades the
    multiway Gini_index rounded early alike: 纹理's 9/17 × 0.346 + 5/17 × 0.320 = 0.2773
    (exactly 0.2771): 0.2777 is right by it, 0.278 is not."""
    from dtree_core.checking import grade, make_quiz

    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    cart = DecisionTree("cart").fit(X, y).trace_.to_dict()
    book, gini, wrong = check("Gain(D,色泽) = 0.109\nGini_index(D,纹理) = 0.2777\n"
                              "Gain(D,色泽) = 0.111", cart).verdicts
    assert (book.status, book.details) == ("multiway_rounded", {
        "multiway_rounded": "0.1087", "multiway": "0.1081", "equation": "4.2",
        "attribute": "色泽", "multiway_name": "Gain(D, 色泽)"})
    assert book.counts_as_right and round(book.exact, 3) == 0.093
    assert (gini.status, gini.details["multiway"]) == ("multiway_rounded", "0.2771")
    assert wrong.status == "wrong"
    id3 = DecisionTree("id3").fit(X, y).trace_.to_dict()
    assert one(id3, "Gain(D,色泽) = 0.109").status == "rounded"
    question = next(q for q in make_quiz(cart, 0, 6) if q.attribute == "纹理")
    assert round(question.multiway, 4) == 0.2771 and round(question.multiway_rounded, 4) == 0.2773
    assert grade(question, 0.2777) == "multiway_rounded" and grade(question, 0.278) is None
    lihang = next(q for q in make_quiz(cart, 0, 6, notation="lihang") if q.attribute == "纹理")
    assert lihang.multiway_rounded is None  # his Gini(D, 纹理=清晰) has no multiway reading


def test_zhous_sum_of_branch_entropies_is_not_named_with_the_attribute_in_brackets(wm3):
    """H(D|含糖率) in Zhou's notation: his Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) has no place for the attribute,
    which the page words (the split on 含糖率); the name was 'Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) (含糖率)'
    and its computation wrote the sum twice. Li Hang's H(D|含糖率) is unchanged."""
    trace = DecisionTree("id3").fit(*wm3).trace_.to_dict()
    zhou = one(trace, "H(D|含糖率) = 0.5")
    assert (zhou.status, zhou.claim.attribute, zhou.name) == (
        "wrong", "含糖率", "Σᵥ |Dᵛ|/|D|·Ent(Dᵛ)")
    assert zhou.formula == "Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) = 5/17×0.000 + 12/17×0.918 = 0.648"
    (lihang,) = check("H(D|含糖率) = 0.5", trace, notation="lihang").verdicts
    assert lihang.formula == "H(D|含糖率) = Σᵢ |Dᵢ|/|D|·H(Dᵢ) = 5/17×0.000 + 12/17×0.918 = 0.648"


def test_a_trace_without_value_counts_is_checked_and_quizzed_without_a_multiway_rounding():
    """A two-way trace written before value_counts (JSON read back) keeps the multiway
    Gini_index column but not each value's counts: Zhou's 0.427 for Gini_index(D, 色泽) still
    counts, and a number neither right nor multiway is wrong, where the multiway value
    rounded early (which needs each value's counts) made check and the quiz raise KeyError."""
    from dtree_core.checking import grade, make_quiz

    cart = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    for node in cart["nodes"]:
        for row in node.get("scores") or ():
            row.pop("value_counts", None)
    book, wrong = check("Gini_index(D,色泽) = 0.427\nGini_index(D,色泽) = 0.400", cart).verdicts
    assert (book.status, wrong.status) == ("multiway", "wrong")
    question = next(q for q in make_quiz(cart, 0, 6) if q.kind == "value")
    assert question.multiway is not None and question.multiway_rounded is None
    assert grade(question, question.multiway) == "multiway"


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", "so 含糖率's split point at this node is t = 0.126", "this node splits at"),
    ("zh", "所以此结点对含糖率取的划分点是 t = 0.126", "所以此结点在 t = 0.126 处划分")])
def test_a_tied_split_point_of_a_row_the_node_does_not_split_on_is_said_of_that_row(
        wm3, lang, said, not_said):
    """Watermelon 3.0, ID3: the node where 含糖率's 0.126 and 0.155 tie splits 触感, not
    含糖率; IV(含糖率, 0.155) said 'so this node splits at t = 0.126' of it (as
    other_threshold did before 4a85aea): the sentence is of 含糖率's split point."""
    from ui.messages import t

    trace = DecisionTree("id3").fit(*wm3).trace_.to_dict()
    node = tied_node(trace)
    assert node["decision"]["attribute"] == "触感"
    verdict = one(trace, "IV(含糖率,0.155) = 0.971", node["id"])
    sentence = t("ex.line.tied_threshold", _lang=lang, line=1, **verdict.details)
    assert said in sentence and not_said not in sentence


def test_zhous_multiway_value_rounded_early_is_quoted_to_the_digits_it_was_judged_by():
    """CART on watermelon 2.0: Gini_index(D, 纹理) = 0.2777 is right as Zhou's multiway value
    rounded early, 0.27729 (exactly 0.2771): the line quoted it as 0.277, from which 0.2777 is
    0.0007, beyond the ±0.0005 it was judged by, and the quiz's grade quotes 0.2773. Both
    quote the value judged to the 4th decimal, as the exact multiway value beside it is."""
    from ui.exercises import verdict_sentence

    cart = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    verdict = one(cart, "Gini_index(D,纹理) = 0.2777")
    assert verdict.status == "multiway_rounded"
    assert (verdict.details["multiway_rounded"], verdict.details["multiway"]) == ("0.2773",
                                                                                 "0.2771")
    assert "gives 0.2773, exactly it is 0.2771" in verdict_sentence(verdict)


@pytest.mark.parametrize(("data", "notation", "lines", "readings"), [
    # Zhou §4.4.2 on watermelon 2.0α: Gain(D̃, 色泽) = 0.306 and ρ × it, Gain(D, 色泽) = 0.252
    ("watermelon_2.0_alpha.csv", "zhou", "Gain(D̃,色泽) = 0.306\nGain(D,色泽) = 0.252",
     [("0.306", "4.12", "Gain(D̃, 色泽)"), ("0.252", "4.12", "Gain(D, 色泽)")]),
    # Zhou p. 75 on watermelon 2.0: Gain(D, 色泽) = 0.998 − Σᵥ |Dᵛ|/|D|·Ent(Dᵛ), the sum 0.889
    ("watermelon_2.0.csv", "zhou", "H(D|色泽) = 0.889",
     [("0.889", "4.2", "Σᵥ |Dᵛ|/|D|·Ent(Dᵛ)")]),
    # Li Hang's Example 5.2: g(D, A1) = 0.971 − 0.888 = 0.083
    ("loan_lihang.csv", "lihang", "H(D|A1) = 0.888\ng(D,A1) = 0.083",
     [("0.888", "4.2", "H(D|年龄)"), ("0.083", "4.2", "g(D, 年龄)")]),
])
def test_the_books_lines_inside_a_multiway_gain_count_on_a_cart_tree(data, notation, lines,
                                                                     readings):
    """On a CART tree Zhou's multiway Gain(D, a) counted right (eqs. 4.2, 4.12) but the
    books' own lines it is made of were wrong against the two-way split's: §4.4.2's
    Gain(D̃, 色泽) = 0.306 (CART's 0.292) and the sum Gain subtracts, Zhou's
    Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) = 0.889 for 色泽 (0.904), Li Hang's H(D|A1) = 0.888 of Example 5.2
    (0.911). They are the multiway reading too, named so; a number neither is still wrong."""
    target, drop = ("类别", ["ID"]) if data == "loan_lihang.csv" else ("好瓜", ["编号"])
    cart = DecisionTree("cart").fit(*xy(data, target, drop=drop)).trace_.to_dict()
    verdicts = check(lines, cart, notation=notation).verdicts
    assert [(v.status, v.details.get("multiway"), v.details.get("equation"),
             v.details.get("multiway_name")) for v in verdicts] == [
        ("multiway", *reading) for reading in readings]
    assert all(v.counts_as_right for v in verdicts)
    wrong = "\n".join(f"{v.claim.text.split('=')[0]}= 0.5" for v in verdicts)
    assert all(v.status == "wrong" for v in check(wrong, cart, notation=notation).verdicts)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "0.889 is Zhou's Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) with one branch per value of 色泽 (eq. 4.2) ✓"),
    ("zh", "0.889 是周志华书中按色泽多路划分（每个取值一个分支）的 Σᵥ |Dᵛ|/|D|·Ent(Dᵛ)"
           "（式 4.2）✓")])
def test_zhous_multiway_sum_of_branch_entropies_names_its_attribute_once(lang, said):
    """Zhou's sum has no place for the attribute, which the multiway sentence already words
    (one branch per value of 色泽): not '… of the split on 色泽 with one branch per value of
    色泽' (zh: 按色泽多路划分…的按色泽划分的 Σᵥ …)."""
    from ui.messages import t

    cart = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    verdict = one(cart, "H(D|色泽) = 0.889")
    values = {"line": 1, "given": "0.889", "quantity": "…", "exact": "0.904"}
    assert said in t("ex.line.multiway", _lang=lang, **values | verdict.details)


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", "CART takes the one with the smallest Gini_index(D, 密度, t), not the largest gain "
           "of eq. 4.8", "its best candidate split point (eqs. 4.7–4.8)"),
    ("zh", "CART 在候选划分点（相邻取值的中位点，式 4.7）中取 Gini_index(D, 密度, t) 最小的一个，"
           "而不是式 4.8 中信息增益最大的一个", "式 4.7–4.8")])
def test_another_t_on_a_cart_tree_says_cart_chose_t_by_the_gini_index(wm3, lang, said,
                                                                      not_said):
    """CART cuts 密度 at the midpoint with the smallest Gini_index(D, 密度, t), not by eq.
    4.8's Gain(D, a, t): a line at another t says so, not that t is 'its best candidate
    split point (eqs. 4.7–4.8)'; ID3's sentence keeps eq. 4.8."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    cart = DecisionTree("cart").fit(*wm3).trace_.to_dict()
    verdict = one(cart, "Gini_index(D,密度,0.5) = 0.3")
    assert (verdict.status, verdict.details) == ("other_threshold", {
        "attribute": "密度", "t": "0.5", "threshold": "0.3815", "algorithm": "CART",
        "score": "Gini_index(D, 密度, t)"})
    sentence = t("ex.line.other_threshold.min_score", _lang=lang, line=1, **verdict.details)
    assert said in sentence and not_said not in sentence
    if lang == "en":
        assert verdict_sentence(verdict) == sentence
    (lihang,) = check("Gini(D,密度,0.5) = 0.3", cart, notation="lihang").verdicts
    assert lihang.details["score"] == "Gini(D, 密度, t)"
    id3 = one(DecisionTree("id3").fit(*wm3).trace_.to_dict(), "Gain(D,密度,0.5) = 0.3")
    assert "score" not in id3.details and "eqs. 4.7–4.8" in verdict_sentence(id3)


@pytest.mark.parametrize(("lang", "notation", "said"), [
    ("en", "zhou", "1.954 is IV(色泽) with one branch per value of 色泽 (Zhou's eq. 4.4) and one "
                   "more for the samples whose 色泽 is unknown, as Quinlan's C4.5 counts them "
                   "(and this app's C4.5): its last term is their share, 3/17 ✓"),
    ("zh", "zhou", "并把色泽取值缺失的样本算作一个单独取值的 IV(色泽)，Quinlan 的 C4.5 正是这样"
                   "计算的"),
    ("en", "lihang", "1.954 is H_色泽(D) with one branch per value of 色泽 (Zhou's eq. 4.4) and "
                     "one more for the instances whose 色泽 is unknown")])
def test_zhous_multiway_iv_with_missing_values_says_it_is_quinlans(lang, notation, said):
    """CART on watermelon 2.0α's root, 色泽 unknown in 3 of 17 rows: the multiway IV(色泽) =
    1.954 counts them as one more value, as Quinlan's C4.5 (and the app's) does, with 3/17
    as its last term; eq. 4.4 alone (the values' shares 6/17, 4/17, 4/17) gives another
    number. Its sentence says which IV it is, and the gain ratio's names that IV too."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    cart = DecisionTree("cart").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    iv, ratio = check("IV(色泽) = 1.954\nGain_ratio(D,色泽) = 0.129", cart,
                      notation=notation).verdicts
    assert (iv.status, ratio.status) == ("multiway", "multiway")
    assert (iv.variant, ratio.variant) == ("quinlan_iv", "quinlan_gain_ratio")
    assert iv.details["unknown_share"] == ratio.details["unknown_share"] == "3/17"
    values = {"line": 1, "given": "1.954", "quantity": "…", "exact": "1.383"}
    sentence = t("ex.line.multiway.quinlan_iv", _lang=lang, _notation=notation,
                 **values | iv.details)
    assert said in sentence
    assert "(eq. 4.4) ✓" not in sentence and "（式 4.4）✓" not in sentence
    if lang == "en" and notation == "zhou":
        assert verdict_sentence(iv) == sentence.replace("…", "IV(色泽)")
        assert ("IV(色泽), which counts the samples whose 色泽 is unknown as one more value, as "
                "Quinlan's C4.5 does, and this app's C4.5: its last term is their share, "
                "3/17) ✓") in verdict_sentence(ratio)
    whole = DecisionTree("cart").fit(*xy("watermelon_2.0.csv", "好瓜",
                                        drop=["编号"])).trace_.to_dict()
    eq_4_4 = one(whole, "IV(色泽) = 1.580")  # nothing missing: eq. 4.4's own sentence
    assert (eq_4_4.status, eq_4_4.variant) == ("multiway", "")
    assert "unknown_share" not in eq_4_4.details
    assert "Quinlan" not in verdict_sentence(eq_4_4)


def test_a_third_branch_of_a_cart_split_is_read_as_zhous_multiway_set():
    """CART on watermelon 2.0α splits 色泽 two ways, D̃¹: 色泽 ∈ {乌黑,青绿}, D̃²: {浅白}; 色泽
    is a candidate, so Ent(D̃³, 色泽) is not "色泽: D3 is not a candidate": it is read as in
    Zhou's split one branch per value (D̃³: 浅白, Ent 0), and said so; a D̃¹ number that is
    Zhou's (乌黑's 0.918, not the tree's 0.971) counts the same way, the tree's own value
    beside it; past the three values there is no such set."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    cart = DecisionTree("cart").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    third, first, wrong, fourth, by_value = check(
        "Ent(D̃³, 色泽) = 0\nEnt(D̃¹, 色泽) = 0.918\nEnt(D̃³, 色泽) = 0.5\nEnt(D̃⁴, 色泽) = 0\n"
        "Ent(色泽=浅白) = 0", cart).verdicts
    sets = "D̃¹: 色泽 ∈ {乌黑,青绿}; D̃²: 色泽 ∈ {浅白}"
    assert (third.status, third.exact, third.details) == ("multiway", 0.0, {
        "attribute": "色泽", "sets": (("D̃¹", "色泽 ∈ {乌黑,青绿}"), ("D̃²", "色泽 ∈ {浅白}")),
        "set": "D̃³", "value": "浅白"})
    assert verdict_sentence(third) == (
        "Line 1: 0 is Ent(D̃³) of Zhou's split of 色泽 one branch per value, where D̃³ is the "
        "samples whose 色泽 is 浅白 ✓. This tree splits 色泽 two ways: " + sets + ".")
    assert "not a candidate" not in verdict_sentence(third)
    # the engine names each sentence: a value's rows, and beside them the tree's own Dᵛ
    assert [v.variant for v in (third, first, wrong, by_value)] == ["set", "set.own", "", "set"]
    assert (first.status, f"{first.exact:.3f}", first.details["own"]) == ("multiway", "0.971",
                                                                         "0.971")
    assert verdict_sentence(first).endswith(f"({sets}): its own Ent(D̃¹) = 0.971.")
    assert (wrong.status, wrong.slip, wrong.exact) == ("wrong", "multiway_set", 0.0)
    assert fourth.status == "no_such_set" and fourth.details["values"] == 3
    assert "has only 3 branches" in verdict_sentence(fourth)
    assert by_value.status == "multiway" and by_value.details["value"] == "浅白"
    assert [v.counts_as_right for v in (third, first, wrong, fourth)] == [True, True, False,
                                                                         False]
    zh = t("ex.line.multiway.set", _lang="zh", line=1, given="0", quantity="Ent(D̃³)",
           **third.details)
    assert ("周志华书中按色泽多路划分（每个取值一个分支）时的 Ent(D̃³)，其中 D̃³ 是色泽取浅白"
            "的样本") in zh


def test_sets_written_before_each_gain_take_that_gains_attribute(id3):
    """Two attributes worked one after the other in the book's order, sets first and their
    Gain line after: the second block's Ent(D¹), Ent(D²), Ent(D³) belong to Gain(D, 根蒂),
    not to 色泽 (the nearest line before, whose sets were already complete), and each verdict
    says which attribute it took and from which line. Written name first, the sets still
    take the line before them."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    root = {r["attribute"]: r for r in id3["nodes"][0]["scores"]}
    gendi = [f"{b['entropy']:.3f}" for b in root["根蒂"]["branches"]]
    sets_first = check("Ent(D¹) = 1.000\nEnt(D²) = 0.918\nEnt(D³) = 0.722\n"
                       "Gain(D,色泽) = 0.109\n"
                       f"Ent(D¹) = {gendi[0]}\nEnt(D²) = {gendi[1]}\nEnt(D³) = {gendi[2]}\n"
                       "Gain(D,根蒂) = 0.143", id3).verdicts
    assert [v.status for v in sets_first] == ["right"] * 3 + ["rounded"] + ["right"] * 4
    assert [v.taken for v in sets_first[4:7]] == [
        {"set": f"D{n}", "attribute": "根蒂", "source_line": 8} for n in "¹²³"]
    assert sets_first[0].taken == {"set": "D¹", "attribute": "色泽", "source_line": 4}
    assert verdict_sentence(sets_first[4]) == (f"Line 5: Ent(D¹) = {gendi[0]} ✓ Here D¹ is "
                                               "taken for 根蒂, named on line 8.")
    assert not sets_first[3].taken and "taken for" not in verdict_sentence(sets_first[7])
    assert t("ex.line.taken", _lang="zh", **sets_first[4].taken) == (
        "此处的 D¹ 是针对第 8 行写出的根蒂而言的。")
    name_first = check("Gain(D,色泽) = 0.109\nEnt(D¹) = 1.000\nGain(D,根蒂) = 0.143\n"
                       f"Ent(D¹) = {gendi[0]}\nEnt(D²) = {gendi[1]}", id3).verdicts
    assert [v.status for v in name_first] == ["rounded", "right", "right", "right", "right"]
    assert [v.taken.get("attribute") for v in name_first] == [None, "色泽", None, "根蒂", "根蒂"]


def test_sets_named_first_keep_their_attribute_past_a_sum_of_them():
    """Named first, top down as §4.4.2 reads it (Gain(D, 色泽) = ρ·Gain(D̃, 色泽), then Ent(D̃),
    Gain(D̃, 色泽) and the sets D̃¹, D̃², D̃³ it is made of): the sets belong to 色泽, the line
    before them; they were taken for 根蒂, the next Gain's attribute, once a sum of 色泽's
    sets had been named after its Ent(D̃). Sets written before their Gain are completed by
    it, and so are sets named first once one of them is written again. Li Hang's Gini(D,
    A1=青年) (eq. 5.25) completes the sets written before it, as Gain(D, 色泽) does."""
    alpha = DecisionTree("id3").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                        drop=["编号"])).trace_.to_dict()
    top_down = check("Gain(D,色泽) = 0.252\nEnt(D̃) = 0.985\nGain(D̃,色泽) = 0.306\n"
                     "Ent(D̃¹) = 0.918\nEnt(D̃²) = 1.000\nEnt(D̃³) = 0.000\nGain(D,根蒂) = 0.171",
                     alpha).verdicts
    assert [v.status for v in top_down] == ["right"] * 7
    assert [v.taken.get("attribute") for v in top_down] == [None, "色泽", None, "色泽", "色泽",
                                                            "色泽", None]
    assert [v.taken.get("source_line") for v in top_down[3:6]] == [3, 3, 3]
    id3 = DecisionTree("id3").fit(*xy("watermelon_2.0.csv", "好瓜",
                                      drop=["编号"])).trace_.to_dict()
    restated = check("Gain(D,色泽) = 0.109\nEnt(D¹) = 1.000\nGain(D,色泽) = 0.109\n"
                     "Ent(D²) = 0.918\nEnt(D³) = 0.722\nGain(D,根蒂) = 0.143", id3).verdicts
    assert [v.taken.get("attribute") for v in restated] == [None, "色泽", None, "色泽", "色泽",
                                                            None]
    assert [v.status for v in restated] == ["rounded", "right", "rounded", "right", "right",
                                            "right"]
    # named first and closed by its Gain, then the book's order again: a D¹ written again
    # after a sum of 根蒂's sets is 敲声's, the next Gain's
    mixed = check("Gain(D,根蒂) = 0.143\nEnt(D¹) = 0.954\nEnt(D²) = 0.985\nEnt(D³) = 0.000\n"
                  "Gain(D,根蒂) = 0.143\nEnt(D¹) = 0.971\nEnt(D²) = 0.971\nEnt(D³) = 0\n"
                  "Gain(D,敲声) = 0.141", id3).verdicts
    assert [v.taken.get("attribute") for v in mixed] == [None, *["根蒂"] * 3, None,
                                                         *["敲声"] * 3, None]
    assert {v.status for v in mixed} == {"right"}
    loan = DecisionTree("cart").fit(*xy("loan_lihang.csv", "类别",
                                        drop=["ID"])).trace_.to_dict()
    lihang = check("Gini(D₁) = 0.48\nGini(D₂) = 0.42\nGini(D,A1=青年) = 0.44\n"
                   "Gini(D₁) = 0.48\nGini(D₂) = 0\nGini(D,A2=是) = 0.32", loan,
                   notation="lihang").verdicts
    assert [v.taken.get("attribute") for v in lihang] == ["年龄", "年龄", None, "有工作",
                                                         "有工作", None]
    assert [v.taken.get("written") for v in lihang] == ["A1", "A1", None, "A2", "A2", None]
    assert [v.taken.get("source_line") for v in lihang[3:5]] == [6, 6]


@pytest.mark.parametrize("written", ["outlook", "OUTLOOK", "ＯＵＴＬＯＯＫ"])
def test_a_set_taken_for_an_attribute_names_it_as_the_data_spells_it(written):
    """Ent(D¹) before Gain(D, outlook): the Gain line is judged as Gain(D, Outlook), the
    column play_tennis.csv has, and the set's sentence named the attribute as typed ('taken
    for outlook'); it names the column, in both languages. A name that is no spelling of
    the column (Li Hang's A1) is named and shown as written: 'taken for 年龄, named A1'."""
    from ui.exercises import verdict_sentence
    from ui.messages import t

    tennis = DecisionTree("id3").fit(*xy("play_tennis.csv", "PlayTennis",
                                         drop=["Day"])).trace_.to_dict()
    sunny = next(r for r in tennis["nodes"][0]["scores"] if r["attribute"] == "Outlook")
    ent = f"{sunny['branches'][0]['entropy']:.3f}"
    first, gain = check(f"Ent(D¹) = {ent}\nGain(D, {written}) = 0.247", tennis).verdicts
    assert (first.status, gain.status) == ("right", "right")
    assert first.taken == {"set": "D¹", "attribute": "Outlook", "source_line": 2}
    assert verdict_sentence(first) == (f"Line 1: Ent(D¹) = {ent} ✓ Here D¹ is taken for "
                                       "Outlook, named on line 2.")
    assert t("ex.line.taken", _lang="zh", **first.taken) == (
        "此处的 D¹ 是针对第 2 行写出的 Outlook 而言的。")
    loan = DecisionTree("cart").fit(*xy("loan_lihang.csv", "类别",
                                        drop=["ID"])).trace_.to_dict()
    young, _ = check("Gini(D₁) = 0.48\nGini(D,A1=青年) = 0.44", loan,
                     notation="lihang").verdicts
    assert verdict_sentence(young) == ("Line 1: Gini(D₁) = 0.480 ✓ Here D₁ is taken for "
                                       "年龄, named A1 on line 2.")
    assert t("ex.line.taken.written", _lang="zh", **young.taken) == (
        "此处的 D₁ 是针对第 2 行写作 A1 的年龄而言的。")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Line 2: 颜色 is not a candidate at this node"),
    ("zh", "第 2 行：颜色不是此结点的候选属性")])
def test_a_numbered_subset_of_an_attribute_that_is_no_candidate_names_the_attribute(id3, lang,
                                                                                     said):
    """Ent(D¹) after a line naming 颜色, no column here: the sentence named "颜色: D1" (an
    ASCII colon and D1 for D¹) as the attribute; ex.line.taken already says which set."""
    from ui.messages import t

    report = check("Gain(D,颜色) = 0.1\nEnt(D¹) = 1", id3)
    verdict = report.verdicts[1]
    assert verdict.status == "unknown_attribute" and verdict.details["attribute"] == "颜色"
    assert t("ex.line.unknown_attribute", _lang=lang, line=2,
             **verdict.details).startswith(said)
