"""Li Hang, 统计学习方法 ch. 5 beside Zhou's ch. 4: Table 5.1's examples, his C4.5 (Alg. 5.3)
and ID3's threshold ε (Alg. 5.2), and his notation in the worked solution and the checker."""

from __future__ import annotations

import pandas as pd
import pytest

from dtree_core import DecisionTree, algorithms
from dtree_core import notation as notations
from dtree_core.checking import check, make_quiz, parse_claim
from dtree_core.data import encode
from dtree_core.growing import grow
from dtree_core.loading import resolve_kinds
from dtree_core.notation import NOTATIONS, conditional_entropy
from dtree_core.options import Options
from dtree_core.reference import tree_generate
from dtree_core.solution import equation_text, solve, to_html, to_markdown
from tests.conftest import xy

approx3 = lambda x: pytest.approx(x, abs=5e-4)  # noqa: E731  the book prints 3 decimals
approx2 = lambda x: pytest.approx(x, abs=5e-3)  # noqa: E731  Example 5.4 prints 2 decimals
# Li Hang names the features A1..A4 in the table's column order (Example 5.2).
A = {"A1": "年龄", "A2": "有工作", "A3": "有自己的房子", "A4": "信贷情况"}


@pytest.fixture
def loan():
    return xy("loan_lihang.csv", "类别", drop=["ID"])


def fitted(algorithm: str, data, **params):
    return DecisionTree(algorithm, **params).fit(*data).trace_.to_dict()


def root_rows(trace: dict) -> dict[str, dict]:
    return {r["attribute"]: r for r in trace["nodes"][0]["scores"]}


def shape(trace: dict) -> list[tuple[int, str | None, str, str | None]]:
    """(depth, split attribute, label, stop) per node in TreeGenerate's order."""
    return [(n["depth"], n["decision"]["attribute"], n["decision"]["label"],
             n["decision"]["stop"]) for n in trace["nodes"]]


# --------------------------------------------------------------------- the book's numbers


def test_example_5_2_gains_and_conditional_entropies(loan):
    rows = root_rows(fitted("id3", loan))
    expected = {"A1": 0.083, "A2": 0.324, "A3": 0.420, "A4": 0.363}
    for feature, gain in expected.items():
        row = rows[A[feature]]
        assert row["gain"] == approx3(gain)
        # g(D,A) = H(D) − H(D|A) (eq. 5.8), H(D) = 0.971
        assert conditional_entropy(row) == pytest.approx(row["entropy_known"] - row["gain"])
    assert conditional_entropy(rows["有自己的房子"]) == approx3(0.551)


def test_example_5_3_id3_tree(loan):
    """Root A3 (有自己的房子); its 否 branch splits on A2 (有工作); every leaf is pure."""
    assert shape(fitted("id3", loan)) == [
        (0, "有自己的房子", "是", None), (1, "有工作", "否", None),
        (2, None, "否", "pure"), (2, None, "是", "pure"), (1, None, "是", "pure")]


def test_example_5_4_gini_values(loan):
    """CART's root: Gini(D,A1=1)=0.44, Gini(D,A2=1)=0.32, Gini(D,A3=1)=0.27, Gini(D,A4=3)=0.32
    (Li Hang codes A4's 一般 as 3); A3 has the smallest, so it is the root."""
    trace = fitted("cart", loan)
    rows = root_rows(trace)
    for feature, gini in {"A1": 0.44, "A2": 0.32, "A3": 0.27, "A4": 0.32}.items():
        assert rows[A[feature]]["gini_index"] == approx2(gini)
    assert rows["有自己的房子"]["gini_index"] == pytest.approx(4 / 15)
    assert sorted(map(sorted, rows["信贷情况"]["binary_partition"])) == [["一般"], ["好", "非常好"]]
    assert trace["nodes"][0]["decision"]["attribute"] == "有自己的房子"
    assert trace["nodes"][1]["decision"]["attribute"] == "有工作"


def test_the_checker_reads_example_5_4_value_splits(loan):
    """Gini(D, A=a): A = a against the rest, as Li Hang computes it for each value."""
    trace = fitted("id3", loan)  # multiway rows: every value's counts are in the trace
    report = check("Gini(D,A1=青年) = 0.44\nGini(D,A4=非常好) = 0.36\nGini(D,A4=好) = 0.47\n"
                   "Gini(D, 有自己的房子=是) = 0.27\nGini(D,A3=是) = 0.5", trace, 0)
    statuses = [v.status for v in report.verdicts]
    assert statuses == ["right", "two_decimals", "two_decimals", "two_decimals", "wrong"]
    assert report.verdicts[3].exact == pytest.approx(4 / 15)
    assert report.score == (4, 5)


# --------------------------------------------------------------------- his C4.5 and ε


def test_c45_lihang_is_registered_with_the_gain_ratio_as_epsilon_score():
    record = algorithms.get("c45_lihang")
    assert record.ranks_by == "gain_ratio" and record.impurity_decrease == "gain_ratio"
    assert record.gain_stop == "epsilon" and record.variant_of == "c45"
    registered = algorithms.keys()  # a function of the registry, not a dict
    assert "c45_lihang" in registered


def test_c45_lihang_tree_on_table_5_1(loan):
    trace = fitted("c45_lihang", loan)
    rows = root_rows(trace)
    best = max(rows.values(), key=lambda r: r["gain_ratio"])
    assert best["attribute"] == "有自己的房子" and best["gain_ratio"] == approx3(0.433)
    assert "mean_gain" not in trace["nodes"][0]["decision"] or \
        trace["nodes"][0]["decision"]["mean_gain"] is None
    assert shape(trace) == [
        (0, "有自己的房子", "是", None), (1, "有工作", "否", None),
        (2, None, "否", "pure"), (2, None, "是", "pure"), (1, None, "是", "pure")]
    # the second split: g_R(D1, 有工作) = 1.000 (the exercise's answer, not g/H(D))
    assert root_rows({"nodes": [trace["nodes"][1]]})["有工作"]["gain_ratio"] == pytest.approx(1)


def two_attribute_data():
    """`tiny` isolates one row (small gain, far smaller H_A(D)); `wide` gains more. C4.5's mean
    filter drops `tiny`; Li Hang's C4.5 has none, so the larger g_R wins."""
    tiny = ["x"] + ["y"] * 9
    wide = ["p", "p", "p", "p", "q", "q", "r", "r", "s", "s"]
    y = ["+", "+", "+", "-", "-", "-", "+", "-", "-", "+"]
    return pd.DataFrame({"tiny": tiny, "wide": wide}), pd.Series(y, name="y")


def test_no_mean_gain_filter_can_change_the_pick():
    data = two_attribute_data()
    zhou, lihang = fitted("c45", data), fitted("c45_lihang", data)
    rows = root_rows(lihang)
    assert rows["tiny"]["gain"] < rows["wide"]["gain"]  # below the mean of the two
    assert rows["tiny"]["gain_ratio"] > rows["wide"]["gain_ratio"]
    assert zhou["nodes"][0]["decision"]["attribute"] == "wide"
    assert lihang["nodes"][0]["decision"]["attribute"] == "tiny"


def test_epsilon_between_the_candidates_makes_a_leaf(loan):
    """ε above the root's largest g_R (0.433) and below the next node's (1.000): Alg. 5.3 step 4
    makes the root a single-node tree of the majority class, with the ε reason."""
    largest = max(r["gain_ratio"] for r in root_rows(fitted("c45_lihang", loan)).values())
    trace = fitted("c45_lihang", loan, min_gain=0.5)
    assert largest < 0.5
    assert shape(trace) == [(0, None, "是", "epsilon")]
    assert "threshold ε" in trace["nodes"][0]["decision"]["rule"]
    # ε just below the largest g_R: the book's tree (g_R = 1.000 at the next node ≥ ε)
    assert shape(fitted("c45_lihang", loan, min_gain=largest - 1e-9)) == shape(
        fitted("c45_lihang", loan))
    # ε = 0.433 is above g_R(D, A3) = 0.4325…: the root is a leaf (compared exactly)
    assert shape(fitted("c45_lihang", loan, min_gain=0.433))[0][3] == "epsilon"


def test_epsilon_on_id3_compares_the_gain(loan):
    """Alg. 5.2 step 4: a leaf when the largest g(D,A) is below ε (0.420 at the root)."""
    assert shape(fitted("id3", loan, min_gain=0.42))[0][3] == "min_gain"
    assert shape(fitted("id3", loan, min_gain=0.419))[0][1] == "有自己的房子"
    # at node 1 the largest gain is g(D1, 有工作) = 0.918: ε = 0.95 leaves it a leaf
    tree = shape(fitted("id3", loan, min_gain=0.419))
    assert tree[1] == (1, "有工作", "否", None)
    assert shape(fitted("id3", loan, min_gain=0.95)) == [(0, None, "是", "min_gain")]


@pytest.mark.parametrize("epsilon", [0.0, 0.05, 0.3, 0.5, 1.5])
@pytest.mark.parametrize("dataset", ["loan", "wm2"])
def test_reference_and_level_wise_grower_agree(epsilon, dataset, loan, wm2):
    X, y = loan if dataset == "loan" else wm2
    enc = encode(X, y, resolve_kinds(X))
    opts = Options("c45_lihang", min_gain=epsilon)
    assert grow(enc, opts, "y").to_json() == tree_generate(enc, opts, "y").to_json()


# --------------------------------------------------------------------- his notation


def test_worked_solution_in_li_hang_notation(loan):
    trace = fitted("c45_lihang", loan)
    for render in (lambda s: to_markdown(s, "zh"), lambda s: to_html(s, "en")):
        text = render(solve(trace, 0, "tree", notation="lihang"))
        for name in ("g(D, ", "H_", "g_R(D, ", "H(D"):
            assert name in text, name
        assert "Gain_ratio" not in text and "IV(" not in text and "Ent(" not in text
    zhou = to_html(solve(trace, 0, "node"), "en")
    assert "Gain_ratio(D, 有自己的房子)" in zhou and "g_R(" not in zhou


ZHOU_SUBSETS = ("Dᵛ", "Σᵥ", "r̃ᵥ", "D^v", r"\sum_{v}", "D¹", "D^{1}", "Gini_index", "(D̃, a)")


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_li_hang_solution_writes_his_subsets_and_sums(algorithm):
    """Dᵢ, Σᵢ, D₁ and Gini(D̃, A) (eq. 5.8, 5.25) in every formula, missing values included;
    Zhou's own solution keeps Dᵛ, Σᵥ and D¹."""
    trace = fitted(algorithm, xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"]))
    for lang in ("en", "zh"):
        worked = solve(trace, 0, "tree", notation="lihang")
        for text in (to_markdown(worked, lang), to_html(worked, lang)):
            assert not [z for z in ZHOU_SUBSETS if z in text]
            assert "D̃₁" in text and ("Dᵢ" in text or "D_i" in text)
        zhou = to_html(solve(trace, 0, "tree"), lang)
        assert "D̃¹" in zhou and "Dᵛ" in zhou and "Dᵢ" not in zhou and "D̃₁" not in zhou
    if algorithm == "cart":
        assert "Gini(D̃) − Gini(D̃, A)" in to_html(solve(trace, 0, "node", notation="lihang"), "en")


def test_li_hang_solution_names_the_conditional_entropy(loan):
    worked = solve(fitted("id3", loan), 0, "node", notation="lihang")
    equations = {}
    for _, e in worked.equations():  # the candidate's own, not the comparison's max{…}
        equations.setdefault((e.quantity, e.subject), e)
    h = equations["conditional_entropy", "有自己的房子"]
    assert h.value == approx3(0.551)
    assert equation_text(h).startswith("H(D|有自己的房子) = ")
    gain = equations["gain", "有自己的房子"]
    assert equation_text(gain).startswith("g(D, 有自己的房子) = H(D) − H(D|有自己的房子)")
    # Zhou's solution has no such equation
    zhou = solve(fitted("id3", loan), 0, "node")
    assert all(e.quantity != "conditional_entropy" for _, e in zhou.equations())


def test_the_same_numbers_in_both_notations(loan):
    trace = fitted("c45_lihang", loan)

    # a branch's set is numbered above in Zhou's notation (D¹) and below in Li Hang's (D₁)
    below_to_above = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "⁰¹²³⁴⁵⁶⁷⁸⁹")

    def values(notation):
        return [(e.quantity, e.subject.translate(below_to_above), e.value) for _, e in
                solve(trace, 0, "tree", notation=notation).equations()
                if e.quantity != "conditional_entropy"]
    assert values("zhou") == values("lihang")


def test_epsilon_leaf_in_the_worked_solution(loan):
    for lang, words in (("en", "g_R(D, A_g) = 0.433, is below the threshold ε = 0.5 (Li Hang, "
                               "Alg. 5.3"),
                        ("zh", "g_R(D, A_g) = 0.433 小于阈值 ε = 0.5（李航，算法 5.3")):
        text = to_markdown(solve(fitted("c45_lihang", loan, min_gain=0.5), 0, "tree"), lang)
        assert words in text
    text = to_markdown(solve(fitted("id3", loan, min_gain=0.95), 0, "tree",
                             notation="lihang"), "en")
    assert "information gain, g(D, A_g) = 0.420, is below the threshold ε = 0.95" in text
    zhou = to_markdown(solve(fitted("id3", loan, min_gain=0.95), 0, "tree"), "en")
    assert "minimum gain" in zhou and "ε" not in zhou


def test_check_my_numbers_reads_li_hang_lines(loan):
    trace = fitted("c45_lihang", loan)
    text = ("H(D) = 0.971\ng(D,A1) = 0.083\ng(D,A2)=0.324\nH(D|A3) = 0.551\nH_A1(D) = 1.585\n"
            "H_{有工作}(D) = 0.918\ng_R(D,A3) = 0.433\ng(D,A4) = 0.5")
    report = check(text, trace, 0, notation="lihang")
    got = [(v.status, v.claim.quantity, v.claim.attribute) for v in report.verdicts]
    assert got == [("right", "entropy", None), ("right", "gain", "年龄"),
                   ("right", "gain", "有工作"), ("right", "conditional_entropy", "有自己的房子"),
                   ("right", "iv", "年龄"), ("right", "iv", "有工作"),
                   ("right", "gain_ratio", "有自己的房子"), ("wrong", "gain", "信贷情况")]
    assert report.verdicts[-1].exact == approx3(0.363)
    assert report.verdicts[1].name == "g(D, 年龄)"
    # the same lines, judged with Zhou's symbols in the shown computation
    zhou = check(text, trace, 0)
    assert [v.status for v in zhou.verdicts] == [v.status for v in report.verdicts]
    assert zhou.verdicts[1].name == "Gain(D, 年龄)"


# his forms that name the feature in a subscript (H_A(D), braced or not), then in brackets
@pytest.mark.parametrize(("line", "written"), [
    ("H_{有 工作}(D) = 0.918", "有 工作"), ("H_有 工作(D) = 0.918", "有 工作"),
    ("H_{有　工作}(D) = 0.918", "有 工作"), ("H_{ 有  工作 }(D) = 0.918", "有  工作"),
    ("g(D, 有 工作) = 0.324", "有 工作"), ("H(D|有 工作) = 0.647", "有 工作"),
    ("g_R(D, 有 工作) = 0.352", "有 工作"), ("Gini(D, 有 工作=是) = 0.32", "有 工作")])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_his_lines_read_a_feature_typed_with_spaces_as_the_one_column_it_spells(
        loan, line, written, lang):
    """H_{有 工作}(D) was 'not a candidate': the subscript was read after its spaces became _
    (有_工作), the line's name made a key of NAMES. A subscript is read as typed, and a
    feature with spaces inside is found as in his other forms (the one column it spells
    without them) and the verdict says so, as it does for Zhou's Gain(D, 色 泽)."""
    from ui.messages import t

    (verdict,) = check(line, fitted("c45_lihang", loan), 0, notation="lihang").verdicts
    assert verdict.status == "right"
    assert verdict.read_as == {"written": written, "attribute": "有工作", "folds": ("spaces",)}
    assert t("read_as.spaces", _lang=lang, _notation="lihang", written=written,
             attribute="有工作") == {
        "en": f"'{written}' is read as 有工作, its spaces ignored.",
        "zh": f"“{written}”按特征有工作读取（忽略其中的空格）。"}[lang]


def test_a_subscript_keeps_the_hyphens_and_case_of_a_features_name(loan):
    """H_{has-job}(D) read the subscript as has_job (the line's name had - made _), no column."""
    X, y = loan
    trace = fitted("c45_lihang", (X.rename(columns={"有工作": "Has-Job"}), y))
    for typed in ("Has-Job", "has-job", "Has - Job"):
        (verdict,) = check(f"H_{{{typed}}}(D) = 0.918", trace, 0).verdicts
        assert (verdict.status, verdict.claim.attribute) == ("right", "Has-Job")
    assert check("H_{has_job}(D) = 0.918", trace, 0).verdicts[0].status == "unknown_attribute"


@pytest.mark.parametrize("line", ["H_A1(D) = 1.585", "H_{A1}(D) = 1.585", "H A1(D) = 1.585",
                                  "H-A1(D) = 1.585", "H-{A1}(D) = 1.585"])
def test_a_subscript_after_a_space_or_hyphen_is_read_as_h_a_is(loan, line):
    """H A1(D) and H-A1(D), the subscript lost in typing, were read as H_A1(D) while the
    line's name was matched with its spaces and - made _ (as H A(D) still reads as H_A(D));
    matched as typed they were left unread."""
    (verdict,) = check(line, fitted("c45_lihang", loan), 0, notation="lihang").verdicts
    assert (verdict.status, verdict.claim.quantity, verdict.claim.attribute) == (
        "right", "iv", "年龄")


@pytest.mark.parametrize("line", ["g(D, A_1) = 0.083", "g(D,A_{1}) = 0.083",
                                  "H_{A_1}(D) = 1.585"])
def test_a_number_typed_in_tex_is_his_a1(loan, line):
    """A_1 and A_{1}, his A₁ typed in TeX, were no attribute ('not a candidate'), though the
    page reads D_1 as D₁. A number past his features is still none."""
    trace = fitted("c45_lihang", loan)
    (verdict,) = check(line, trace, 0, notation="lihang").verdicts
    assert (verdict.status, verdict.claim.attribute) == ("right", "年龄")
    (past,) = check(line.replace("1", "9", 1), trace, 0, notation="lihang").verdicts
    assert past.status == "unknown_attribute"


@pytest.mark.parametrize("line", ["经验条件熵(D,A3) = 0.551", "条件熵(有自己的房子) = 0.551",
                                  "经验条件熵(D|有自己的房子) = 0.551",
                                  "conditional entropy(D, A3) = 0.551"])
def test_his_conditional_entropy_by_name_is_h_of_d_given_a(loan, line):
    """经验条件熵 is H(D|A) whichever way its attribute is written, as the page's intro says
    (it was once read as H(D) = 0.971 and marked wrong)."""
    verdict = check(line, fitted("id3", loan), 0, notation="lihang").verdicts[0]
    assert (verdict.status, verdict.claim.quantity, verdict.claim.attribute) == (
        "right", "conditional_entropy", "有自己的房子")


def test_a_conditional_entropy_without_its_attribute_asks_which():
    assert parse_claim(1, "条件熵 = 0.551").quantity == "conditional_entropy"
    assert parse_claim(1, "条件熵 = 0.551").attribute is None


def test_an_attribute_named_a1_is_not_renumbered():
    X = pd.DataFrame({"b": ["x", "y", "x", "y"], "A1": ["u", "u", "v", "v"]})
    trace = fitted("id3", (X, pd.Series(["+", "-", "+", "-"], name="y")))
    row = root_rows(trace)["A1"]
    verdict = check(f"g(D,A1) = {row['gain']:.3f}", trace, 0).verdicts[0]
    assert verdict.claim.attribute == "A1" and verdict.status == "right"


def test_quiz_in_li_hang_notation(loan):
    questions = make_quiz(fitted("c45_lihang", loan), seed=1, count=4, notation="lihang")
    values = [q for q in questions if q.kind == "value"]
    assert values and all(q.name.startswith("g_R(D, ") for q in values)
    assert all("g(D, " in q.hint and "Gain" not in q.hint for q in questions)


def test_notation_tables_cover_the_same_quantities():
    zhou, lihang = NOTATIONS["zhou"], NOTATIONS["lihang"]
    assert set(zhou.symbols) <= set(lihang.symbols)
    assert lihang.header("conditional_entropy") == "H(D|A)"
    assert [lihang.header(q) for q in ("gain", "iv", "gain_ratio", "gini_index")] == [
        "g(D, A)", "H_A(D)", "g_R(D, A)", "Gini(D, A)"]
    assert zhou.header("conditional_entropy") is None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_leaf_sentences_cite_his_steps_where_the_algorithm_follows_his(lang):
    """In his notation ID3's leaves cite Alg. 5.2's steps (1), (2), and name Zhou's lines for
    the cases his steps lack; CART's cite Alg. 5.6's stopping condition, in its step (3)."""
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    for keep, stops in [(None, {"pure", "empty"}), (["色泽", "敲声"], {"no_attributes"}),
                        (["脐部", "触感"], {"same_values"})]:
        data = X if keep is None else X[keep]
        trace = DecisionTree("id3").fit(data, y).trace_.to_dict()
        text = to_markdown(solve(trace, 0, "tree", notation="lihang"), lang)
        zhou = to_markdown(solve(trace, 0, "tree"), lang)
        seen = {n["decision"]["stop"] for n in trace["nodes"]}
        assert stops <= seen
        cites = {"pure": "(1)", "no_attributes": "(2)", "same_values": "5–6",
                 "empty": "11–12"}
        for stop in stops:
            assert cites[stop] in text
        assert "2–4" not in text and "5–7" not in text  # Zhou's own leaf citations
        assert "2–4" in zhou or "5–7" in zhou or "11–12" in zhou
    cart = DecisionTree("cart").fit(X, y).trace_.to_dict()
    his = to_markdown(solve(cart, 0, "tree", notation="lihang"), lang)
    assert "5.6" in his and "(3)" in his and "2–4" not in his
    assert "(1)" not in his.replace("(1)、(2)", "")  # no step of 5.2's numbering
    assert "2–4" in to_markdown(solve(cart, 0, "tree"), lang)


@pytest.mark.parametrize("algorithm", ["id3", "c45_lihang", "cart"])
def test_his_solution_says_feature_where_zhou_says_attribute(algorithm, loan):
    """Li Hang writes 特征 (feature) where Zhou writes 属性 (attribute): the worked solution's
    sentences follow the notation; the data's names and placeholders are left alone."""
    trace = fitted(algorithm, loan)
    for lang, zhou_word, his_word in [("zh", "属性", "特征"), ("en", "ttribute", "eature")]:
        his = to_markdown(solve(trace, 0, "tree", notation="lihang"), lang)
        zhou = to_markdown(solve(trace, 0, "tree"), lang)
        assert zhou_word not in his and his_word in his
        assert zhou_word in zhou
        assert "有自己的房子" in his  # a data name stays


def test_his_entropy_and_gini_write_class_shares_as_he_does(loan):
    """Eq. 5.7 and 5.24 write a class's share as |Cₖ|/|D|, Zhou's 4.1 and 4.5 as pₖ."""
    trace = fitted("cart", loan)
    his = to_html(solve(trace, 0, "node", notation="lihang"), "en")
    zhou = to_html(solve(trace, 0, "node"), "en")
    assert "Gini(D) = 1 − Σₖ (|Cₖ|/|D|)² = " in his and "pₖ" not in his
    assert "Gini(D) = 1 − Σₖ pₖ² = " in zhou
    trace = fitted("id3", loan)
    assert "H(D) = −Σₖ |Cₖ|/|D|·log₂ |Cₖ|/|D| = " in to_html(
        solve(trace, 0, "node", notation="lihang"), "en")


def test_his_cart_writes_a_one_value_side_as_a_equals_a(loan):
    """Example 5.4: Gini(D, A1=1) = 0.44 is the split {青年} against the rest; in his
    notation the solution writes Gini(D, 年龄=青年) with the trace's number; Zhou's writes
    Gini_index(D, 年龄). A split with two values on each side keeps Gini(D, A)."""
    trace = fitted("cart", loan)
    his = to_html(solve(trace, 0, "node", notation="lihang"), "en")
    assert "Gini(D, 年龄=青年) = Σᵢ |Dᵢ|/|D|·Gini(Dᵢ) = 5/15×0.480 + 10/15×0.420 = 0.440" in his
    assert "Gini(D, 有自己的房子=否) = min{0.440, 0.320, 0.267, 0.320} = 0.267" in his
    assert "Gini_index(D, 年龄) = " in to_html(solve(trace, 0, "node"), "en")
    X = pd.DataFrame({"季节": list("甲乙丙丁" * 3)})
    y = pd.Series(["是", "是", "否", "否"] * 3)
    split = DecisionTree("cart").fit(X, y).trace_.to_dict()
    row = split["nodes"][0]["scores"][0]
    assert sorted(len(b["value"]) for b in row["branches"]) == [2, 2]
    text = to_html(solve(split, 0, "node", notation="lihang"), "en")
    assert "Gini(D, 季节) = Σᵢ" in text and "Gini(D, 季节) = min{0.000}" in text
    # each value against the rest follows as his Example 5.4 lists them: none is the split
    for value in "甲乙丙丁":
        assert f"Gini(D, 季节={value}) = Σᵢ |Dᵢ|/|D|·Gini(Dᵢ) = 3/12×0.000 + 9/12×0.444 = " \
               "0.333" in text


@pytest.mark.parametrize("algorithm, symbol, best", [
    ("id3", "g(D, A_g) = 0.420", "0.420"), ("c45_lihang", "g_R(D, A_g) = 0.433", "0.433")])
def test_an_epsilon_leaf_says_what_was_compared_with_epsilon(algorithm, symbol, best, loan):
    """The leaf's sentence gives the largest score (Example 5.2's 0.420, its g_R 0.433) and ε:
    the comparison late_stops made."""
    trace = fitted(algorithm, loan, min_gain=0.5)
    text = to_markdown(solve(trace, 0, "node", notation="lihang"), "zh")
    assert f"{symbol} 小于阈值 ε = 0.5" in text
    assert f"{best}, is below" in to_markdown(solve(trace, 0, "node", notation="lihang"), "en")


def test_a_min_gain_leaf_is_worded_by_what_late_stops_compared():
    """late_stops compares the threshold with the picked attribute's score: the largest gain
    for ID3 (Li Hang's ε on g where his notation is chosen), the largest ρ·ΔGini for CART,
    and for Zhou's C4.5 (and a random or lowest pick) the gain of its pick, not the largest."""
    zhou, lihang = notations.get("zhou"), notations.get("lihang")
    expected = {"id3": ("min_gain", "epsilon_gain"), "cart": ("min_gain.gini",) * 2,
                "c45": ("min_gain.chosen",) * 2, "cls": ("min_gain.chosen",) * 2,
                "worst": ("min_gain.chosen",) * 2, "c45_lihang": ("min_gain", "min_gain")}
    for key, (in_zhou, in_his) in expected.items():
        record = algorithms.get(key)
        assert (zhou.stop_key("min_gain", record), lihang.stop_key("min_gain", record)) == \
            (in_zhou, in_his), key
    assert lihang.stop_key("epsilon", algorithms.get("c45_lihang")) == "epsilon"


def test_zhous_c45_min_gain_leaf_gives_its_picks_gain_not_the_largest():
    """A: six nearly pure values (the largest gain), B: two (the best gain ratio, which C4.5
    picks); a min gain between their gains stops on B's gain. The sentence says so with B's
    gain (the leaf names its pick) and not the largest gain, A's, which was not compared."""
    X = pd.DataFrame({"A": [f"a{i // 2}" for i in range(12)], "B": ["b1"] * 6 + ["b2"] * 6,
                      "C": ["c1", "c2"] * 6})
    y = pd.Series(list("是是是否是是否否否是否否"))
    grown = DecisionTree("c45").fit(X, y).trace_.to_dict()
    rows = {r["attribute"]: r for r in grown["nodes"][0]["scores"]}
    assert grown["nodes"][0]["decision"]["attribute"] == "B"
    assert rows["A"]["gain"] > 0.5 > rows["B"]["gain"]
    leaf = DecisionTree("c45", min_gain=0.5).fit(X, y).trace_.to_dict()
    for notation in ("zhou", "lihang"):
        last = to_markdown(solve(leaf, 0, "node", notation=notation), "en").strip()
        last = last.splitlines()[-1]
        assert f"The rule picks B, whose gain, {rows['B']['gain']:.3f}, is below the minimum " \
               "gain 0.5" in last
        assert f"{rows['A']['gain']:.3f}" not in last and "Alg. 5.2" not in last


def test_a_cart_min_gain_leaf_names_the_gini_decrease(loan):
    trace = fitted("cart", loan, min_gain=0.25)
    root = trace["nodes"][0]
    assert root["decision"]["stop"] == "min_gain"
    best = max(r["gini_gain"] for r in root["scores"])
    for lang, words in (("en", f"ρ·ΔGini = {best:.3f}, is below the minimum gain 0.25"),
                        ("zh", f"ρ·ΔGini = {best:.3f} 低于最小增益 0.25")):
        assert words in to_markdown(solve(trace, 0, "node"), lang)


def test_his_cart_solution_lists_every_value_split_as_example_5_4(loan):
    """Example 5.4 lists Gini(D, A=a) for every value: A₁ = 1, 2, 3 (0.44, 0.48, 0.44) and
    A₄ = 1, 2, 3 (0.32, 0.47, 0.36); the worked solution showed only the value each split
    tests. Each number is the one check-my-numbers holds a student's line to."""
    from dtree_core.checking import check
    from dtree_core.solution import Equation

    trace = fitted("cart", loan)
    steps = solve(trace, 0, "node", notation="lihang").nodes[0].steps
    shown = {s.lhs.text: s.value for s in steps
             if isinstance(s, Equation) and s.quantity == "gini_index"}
    expected = {"年龄=青年": 0.44, "年龄=中年": 0.48, "年龄=老年": 0.44, "有工作=否": 0.32,
                "有自己的房子=否": 0.27, "信贷情况=一般": 0.32, "信贷情况=好": 0.47,
                "信贷情况=非常好": 0.36}
    assert {name: round(v, 2) for name, v in shown.items()} == {
        f"Gini(D, {a})": v for a, v in expected.items()}
    for a in expected:
        verdict = check(f"Gini(D,{a}) = {shown[f'Gini(D, {a})']:.3f}", trace).verdicts[0]
        assert verdict.status == "right" and verdict.exact == shown[f"Gini(D, {a})"]
    # each value's two subsets are named and counted before its sum (helper-128 found the
    # sums' Gini(D₁), Gini(D₂) with no subsets to read them from)
    import re

    text = re.sub(r"<[^>]+>", "", to_html(solve(trace, 0, "node", notation="lihang"), "zh"))
    for value, n, counts in [("中年", 5, "否 2、是 3"), ("老年", 5, "否 1、是 4"),
                             ("好", 6, "否 2、是 4")]:
        attribute = "年龄" if value != "好" else "信贷情况"
        assert f"D₁：{attribute} ∈ {{{value}}}，|D₁| = {n}（{counts}）" in text

    def count(listed):
        return sum(isinstance(s, Equation) and s.quantity == "gini_index" for s in listed)

    # Zhou's notation has no Gini(D, A=a): the other values' four are his notation's alone
    assert count(steps) == count(solve(trace, 0, "node").nodes[0].steps) + 4


def test_every_leaf_sentence_citing_his_steps_has_a_5_6_twin():
    """The .lihang sentences cite Alg. 5.2's and 5.3's steps (1), (2); CART's 5.6 stops in its
    step (3), so each has a sentence of its own there, in both languages (else a CART leaf
    would cite a step 5.6 does not have)."""
    from dtree_core.solution import WORDS

    for lang in ("en", "zh"):
        cited = {k for k in WORDS[lang] if k.endswith(".lihang")}
        assert cited and all(f"{k}.5.6" in WORDS[lang] for k in cited), lang


def test_li_hangs_instance_takes_an_not_a():
    """"so many leaves hold a sample or two" read "a instance" in Li Hang's terms."""
    from dtree_core.notation import get
    from ui.messages import EN

    lihang = get("lihang")
    assert "a instance" not in lihang.in_terms(EN["grow.many_nodes"])
    assert lihang.in_terms("hold a sample or two; A sample; data samples") == \
        "hold an instance or two; An instance; data instances"
    worded = [lihang.in_terms(text) for text in EN.values()]
    assert not [w for w in worded if " a instance" in w or w.startswith("A instance")]


@pytest.mark.parametrize("key, number", [("id3", "5.2"), ("c45_lihang", "5.3"), ("cart", "5.6"),
                                         ("c45", None), ("oblique", None), ("cls", None)])
def test_his_own_algorithm_only_under_his_notation(key, number):
    """One gate for the pseudocode, the grow page's leaf sentences and the worked solution:
    his numbered algorithm where his notation is chosen and the algorithm follows one (Zhou's
    C4.5 and the oblique tree follow none), never under Zhou's."""
    record = algorithms.get(key)
    assert notations.get("lihang").own_algorithm(record) == number
    assert notations.get("zhou").own_algorithm(record) is None
    assert notations.get("lihang").own_algorithm(None) is None
