"""The exercises page in both languages: the worked solution renders, and "check my numbers"
flags the widely shared walkthrough's IV(色泽) = 0.613 and Gain_ratio = 0.178, saying why."""

from __future__ import annotations

import csv
import io
import re

import pandas as pd
import pytest
from app_helpers import open_tab, page_app, trace, uploaded_page

from dtree_core import notation as notations
from dtree_core.checking import TOLERANCE, make_quiz
from dtree_core.checking import check as check_lines
from dtree_core.solution import solve, to_markdown
from dtree_core.splitting import other_tied_thresholds
from tests.conftest import read_dataset
from ui.exercises import QUIZ_LENGTH
from ui.messages import EN, fill, t
from ui.messages_zh import ZH
from ui.names import dataset_name

PAGE = "pages/exercises.py"
# The walkthrough's numbers at the root of watermelon 2.0 (exact: IV 1.580, Gain_ratio 0.068).
WALKTHROUGH = "Ent(D) = 0.998\nGain(D,色泽) = 0.109\nIV(色泽) = 0.613\nGain_ratio(D,色泽) = 0.178"
WALKTHROUGH_ZH = ("信息熵 = 0.998\n信息增益(色泽) = 0.109\n固有值(色泽) = 0.613\n"
                  "增益率(色泽) = 0.178")


def open_exercises(lang: str):
    return page_app(PAGE, lang=lang)


def markdown_text(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def check(at, text: str):
    at.text_area(key="ex_work").input(text)
    at.button(key="ex_check").click().run()
    assert not at.exception
    return at


@pytest.mark.parametrize(("lang", "catalogue"), [("en", EN), ("zh", ZH)])
def test_the_worked_solution_renders_in_the_language(lang, catalogue):
    at = open_exercises(lang)
    assert at.title[0].value == catalogue["page.exercises"]
    trace = at.session_state["current"]["trace"]
    dataset = dataset_name(at.session_state["current"]["source"], lang)
    expected = to_markdown(solve(trace, 0, "node", dataset=dataset), lang, level=3)
    assert expected.strip() in markdown_text(at)
    assert r"= 0.998" in markdown_text(at)
    at.radio(key="ex_scope").set_value("tree").run()
    assert not at.exception
    assert markdown_text(at).count("#### ") == 14  # every node of Fig. 4.4


@pytest.mark.parametrize(("lang", "work"), [("en", WALKTHROUGH), ("zh", WALKTHROUGH_ZH)])
def test_check_my_numbers_flags_the_walkthroughs_iv_and_gain_ratio(lang, work):
    at = check(open_exercises(lang), work)
    errors = [unescaped(e.value) for e in at.error]
    successes = [unescaped(s.value) for s in at.success]
    assert " 3" in errors[0] and errors[0].endswith(work.splitlines()[2])  # the first wrong step
    iv = next(e for e in errors if "IV(色泽) = 1.580" in e)
    shares = ("、" if lang == "zh" else ", ").join(["6/17", "6/17", "5/17"])  # as lang lists
    assert "0.613" in iv and shares in iv and "log₁₀" in iv  # in no base
    ratio = next(e for e in errors if "Gain_ratio(D, 色泽) = 0.068" in e)
    assert "0.109 / 0.613" in ratio  # the ratio follows from the wrong IV
    assert len(successes) == 2  # Ent(D), and Gain 0.109 (the book's early rounding)
    frame = at.dataframe[0].value
    assert list(frame.iloc[:, 0]) == [1, 2, 3, 4]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_score_says_which_numbers_the_tolerance_did_not_decide(lang):
    """Gain(D,色泽) = 0.109 is 0.0009 from the exact 0.1081, beyond ±0.0005: it counts as the
    book's early rounding, and the score says so instead of crediting the tolerance."""
    at = check(open_exercises(lang), "Ent(D) = 0.998\nGain(D,色泽) = 0.109")
    catalogue = ZH if lang == "zh" else EN
    score = fill(catalogue["ex.check.score.beyond"], {
        "right": 2, "checked": 2, "tolerance": "0.0005", "within": 1, "beyond": 1})
    assert score in [unescaped(m.value) for m in at.markdown]
    at = check(at, "Ent(D) = 0.998")  # within the tolerance alone: the plain score
    plain = fill(catalogue["ex.check.score"], {"right": 1, "checked": 1, "tolerance": "0.0005"})
    assert plain in [unescaped(m.value) for m in at.markdown]


def test_the_chinese_page_shows_no_english_sentence():
    at = check(open_exercises("zh"), WALKTHROUGH)
    shown = "\n".join([*(e.value for e in at.error), *(s.value for s in at.success),
                       markdown_text(at)])
    for key in [k for k in EN if k.startswith(("ex.", "solution."))]:
        if len(EN[key]) > 20 and EN[key] != ZH[key]:
            assert EN[key][:20] not in shown, key


@pytest.mark.parametrize(("lang", "catalogue"), [("en", EN), ("zh", ZH)])
def test_check_reads_zhous_split_point_and_says_when_t_is_not_the_nodes(lang, catalogue):
    """Gain(D,含糖率,0.126) = 0.349 (eq. 4.8) is read as Gain(D, 含糖率) at its t; a t the
    node does not split 密度 at gets its own sentence naming the node's t = 0.3815."""
    at = check(page_app(PAGE, dataset="watermelon_3.0", lang=lang),
               "Gain(D,含糖率,0.126)=0.349\nGain(D, 密度) = 0.262 (t = 0.5)")
    # line 2 could not be checked: not "every number is right"
    assert not at.error and [s.value for s in at.success][0] == fill(
        catalogue["ex.check.all_checked_right"], {"unchecked": 1})
    expected = catalogue["ex.line.other_threshold"].format(line=2, attribute="密度",
                                                         threshold="0.3815", t="0.5")
    # (the Chinese catalogue's spaces around a Chinese name are dropped when filled)
    assert [unescaped(w.value).replace(" ", "") for w in at.warning] == [
        expected.replace(" ", "")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_iv_at_a_tied_split_point_names_the_tie(lang):
    """Watermelon 3.0, ID3: at the node where 含糖率's 0.126 and 0.155 tie by Gain, IV at
    0.155 is a tied t, said so (not 'another t' than 'its best candidate split point')."""
    at = page_app(PAGE, dataset="watermelon_3.0", lang=lang)
    node = next(n for n in trace(at)["nodes"] for r in n["scores"] or ()
                if r["attribute"] == "含糖率" and r["threshold"] == 0.126
                and other_tied_thresholds(r, "gain") == [0.155])
    at.selectbox(key="ex_node").set_value(node["id"]).run()
    at = check(at, f"Ent(D) = {node['entropy']:.3f}\nIV(含糖率,0.155) = 0.971")
    expected = t("ex.line.tied_threshold", _lang=lang, line=2, attribute="含糖率", t="0.155",
                 threshold="0.126", score="Gain(D, 含糖率)", quantity="IV(含糖率)")
    assert [unescaped(w.value) for w in at.warning] == [expected]
    assert list(at.dataframe[0].value.iloc[:, -1]) == [
        t(f"ex.verdict.{status}", _lang=lang) for status in ("right", "tied_threshold")]


def test_a_looser_tolerance_accepts_more():
    at = open_exercises("en")
    at.number_input(key="ex_tolerance").set_value(0.002)
    check(at, "Gain(D,色泽) = 0.109")
    assert at.success and not at.error


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_quiz_grades_and_offers_the_score_as_csv(lang):
    at = open_exercises(lang)
    trace = at.session_state["current"]["trace"]
    questions = make_quiz(trace, 0, 6)
    for number, question in enumerate(questions, start=1):
        key = f"ex_quiz_0_{number}"
        if question.kind == "winner":
            at.selectbox(key=key).set_value(question.answers[0])
        elif number != 2:  # question 2 is left wrong on purpose
            at.number_input(key=key).set_value(round(question.exact, 3))
    at.get("form_submit_button")[0].click().run()
    assert not at.exception
    assert len(at.success) == len(questions) - 1 and len(at.error) == 1
    assert unescaped(at.error[0].value).startswith(("Question 2:", "第 2 题"))
    labels = [d.label for d in at.get("download_button")]
    assert (EN if lang == "en" else ZH)["ex.quiz.download"] in labels


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("algorithm", "dataset", "rule"), [
    ("worst", "watermelon_2.0", "min_gain_worst"), ("oblique", "watermelon_3.0", "oblique")])
def test_the_winner_question_words_the_algorithms_own_rule(lang, algorithm, dataset, rule):
    """Worst takes the smallest Gain and the oblique tree the largest ρ·ΔGini of its tests:
    their questions say so, not ID3's "largest Gain(D,a)" or CART's "smallest Gini_index"."""
    at = page_app(PAGE, dataset=dataset, lang=lang, algorithm=algorithm)
    words = EN if lang == "en" else ZH
    assert at.selectbox(key="ex_quiz_0_1").label == words[f"ex.quiz.winner.{rule}"]


@pytest.mark.parametrize(("lang", "notation", "key"), [
    ("en", "zhou", "ex.quiz.winner.gini_gain"), ("zh", "zhou", "ex.quiz.winner.gini_gain"),
    ("zh", "lihang", "ex.quiz.winner.gini_gain.lihang")])
def test_carts_question_with_missing_values_names_the_score_it_is_graded_by(lang, notation,
                                                                            key):
    """Watermelon 2.0α at 纹理 ∈ {清晰}: 脐部 has the smallest Gini_index (0.000, on 29% of
    the rows) but 触感 wins by ρ·ΔGini; the question says ρ·ΔGini, not "smallest"."""
    at = page_app(PAGE, dataset="watermelon_2.0_alpha", lang=lang, algorithm="cart",
                  notation=notation)
    question = at.selectbox(key="ex_quiz_0_3")
    assert question.label == t(key, _lang=lang, _notation=notation)  # in the book's words
    question.set_value("触感")
    at.get("form_submit_button")[0].click().run()
    assert any(unescaped(s.value).startswith(("Question 3:", "第 3 题")) for s in at.success)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_two_way_question_names_its_partition_and_takes_zhous_multiway_value(lang):
    """CART's Gini_index(D, 纹理) is the two-way {清晰} | {稍糊, 模糊}'s: the question says
    so, and Zhou's multiway 0.277 (eq. 4.6) is graded right, as check counts it."""
    at = page_app(PAGE, lang=lang, algorithm="cart")
    captions = [unescaped(c.value) for c in at.caption]
    sides = "D¹: 纹理 ∈ {清晰}; D²: 纹理 ∈ {稍糊,模糊}" if lang == "en" else \
        "D¹：纹理 ∈ {清晰}；D²：纹理 ∈ {稍糊,模糊}"  # the language's colon and semicolon
    assert any(sides in c for c in captions)
    at.number_input(key="ex_quiz_0_2").set_value(0.277)
    at.get("form_submit_button")[0].click().run()
    assert any(unescaped(s.value).startswith(("Question 2:", "第 2 题")) for s in at.success)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_name_typed_with_a_space_is_checked_and_the_line_says_how_it_was_read(lang):
    """Gain(D, 色 泽) = 0.109 was 'not a candidate' and not scored; it is the book's 0.109
    for 色泽, counted right as Gain(D, 色泽) is, and the line says it read 色 泽 as 色泽."""
    def lines(at) -> list[str]:  # the verdicts' sentences, not the page's other successes
        return [unescaped(s.value) for s in at.success
                if unescaped(s.value).startswith(("Line 1:", "第 1 行"))]

    at = check(open_exercises(lang), "Gain(D, 色泽) = 0.109")
    (unspaced,) = lines(at)
    at = check(at, "Gain(D, 色 泽) = 0.109")
    said = t("sentence.pair", _lang=lang, first=unspaced,
             second=t("read_as.spaces", _lang=lang, written="色 泽", attribute="色泽"))
    assert not at.error and not at.warning
    assert lines(at) == [said]
    assert list(at.dataframe[0].value.iloc[:, -1]) == [t("ex.verdict.rounded", _lang=lang)]


def verdict_lines(at) -> list[str]:
    """The verdicts' sentences (each starts with its line number), not the page's others."""
    return [unescaped(m.value) for m in (*at.success, *at.warning, *at.error)
            if unescaped(m.value).startswith(("Line ", "第 "))]


def open_exercises_in(lang: str, notation: str):
    return page_app(PAGE, lang=lang, notation=notation)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("line", ["H_{色 泽}(D) = 1.580", "H_色 泽(D) = 1.580"])
def test_li_hangs_subscript_with_a_space_is_read_as_the_feature_it_spells(lang, line):
    """Li Hang's H_{色 泽}(D) was 'not a candidate' where Gain(D, 色 泽) read as 色泽: the
    subscript is read as the other forms' attributes are, and the line says so in his
    words (特征 in Chinese)."""
    at = check(open_exercises_in(lang, "lihang"), line)
    assert not at.error and not at.warning
    (said,) = verdict_lines(at)
    assert said.startswith(("Line 1:", "第 1 行")) and "H_色泽(D)" in said
    assert said.endswith(t("read_as.spaces", _lang=lang, _notation="lihang",
                           written="色 泽", attribute="色泽"))
    assert list(at.dataframe[0].value.iloc[:, -1]) == [t("ex.verdict.right", _lang=lang)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_name_two_columns_spell_without_spaces_is_asked_which(lang):
    """Two columns differing only by spaces (色泽 and 色 泽): a third spacing could mean
    either, and was the plain 'not a candidate', which said nothing of why. The line names
    the columns it could mean, and each column's own spelling is checked as it."""
    frame = read_dataset("watermelon_2.0.csv").drop(columns="编号")
    frame.insert(1, "色 泽", frame["色泽"])
    at = uploaded_page(PAGE, frame, lang)
    assert [a["name"] for a in trace(at)["attributes"]][:2] == ["色泽", "色 泽"]
    at = check(at, "Gain(D, 色  泽) = 0.109\nGain(D, 色 泽) = 0.109\nGain(D, 色泽) = 0.109")
    (asked,) = (unescaped(w.value) for w in at.warning)
    columns = {"zh": "“色泽”、“色 泽”", "en": "'色泽', '色 泽'"}[lang]  # quoted: the space shows
    assert asked == t("ex.line.ambiguous_attribute", _lang=lang, line=1, attribute="色  泽",
                      columns=columns)
    assert columns in asked and "色  泽" in asked
    assert list(at.dataframe[0].value.iloc[:, -1]) == [
        t("ex.verdict.ambiguous_attribute", _lang=lang)] + [t("ex.verdict.rounded",
                                                              _lang=lang)] * 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_check_takes_zhous_multiway_gain_on_a_cart_tree_and_says_why(lang):
    """CART's Gain(D, 纹理) is its two-way split's 0.337; Zhou's 0.381 (eq. 4.2, one branch
    per value) is counted right, as the quiz counts his multiway Gini_index, and the line
    says which reading it is and what CART computed (before: '✗ wrong, 0.337, not 0.381')."""
    at = check(page_app(PAGE, lang=lang, algorithm="cart"), "Gain(D,纹理) = 0.381")
    expected = t("ex.line.multiway", _lang=lang, line=1, given="0.381", quantity="Gain(D, 纹理)",
                 multiway_name="Gain(D, 纹理)", attribute="纹理", equation="4.2", exact="0.337")
    assert not at.error and expected in [unescaped(s.value) for s in at.success]
    assert list(at.dataframe[0].value.iloc[:, -1]) == [t("ex.verdict.multiway", _lang=lang)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_check_takes_zhous_multiway_gain_rounded_early_on_a_cart_tree(lang):
    """The book's Gain(D, 色泽) = 0.109 (p. 76) is Zhou's multiway 0.1081 rounded early:
    counted right on a CART tree (whose two-way split has 0.093), saying both (before:
    '✗ wrong', 0.0009 from the multiway 0.1081 and no early rounding of it tried)."""
    at = check(page_app(PAGE, lang=lang, algorithm="cart"), "Gain(D,色泽) = 0.109")
    expected = t("ex.line.multiway_rounded", _lang=lang, line=1, given="0.109",
                 quantity="Gain(D, 色泽)", multiway_name="Gain(D, 色泽)", attribute="色泽",
                 equation="4.2",
                 multiway_rounded="0.1087", multiway="0.1081", exact="0.093")
    assert not at.error and expected in [unescaped(s.value) for s in at.success]
    assert list(at.dataframe[0].value.iloc[:, -1]) == [
        t("ex.verdict.multiway_rounded", _lang=lang)]


@pytest.mark.parametrize(("lang", "sets"), [
    ("en", "D̃¹: 色泽 ∈ {乌黑,青绿}; D̃²: 色泽 ∈ {浅白}"),
    ("zh", "D̃¹：色泽 ∈ {乌黑,青绿}；D̃²：色泽 ∈ {浅白}")])  # the language's colon and semicolon
def test_check_says_quinlans_iv_and_zhous_multiway_sets_on_a_cart_tree(lang, sets):
    """CART on watermelon 2.0α splits 色泽 two ways, 色泽 unknown in 3 of 17 rows: the
    multiway IV(色泽) = 1.954 and the gain ratio over it count those rows as one more value
    (Quinlan's C4.5), and say so; D̃³ (浅白's rows) is a set of Zhou's split one branch per
    value, and a D̃¹ number that is his (乌黑's 0.918) says the tree's own D̃¹ = 0.971. Each
    line takes the sentence the engine named (Verdict.variant)."""
    at = check(page_app(PAGE, dataset="watermelon_2.0_alpha", lang=lang, algorithm="cart"),
               "IV(色泽) = 1.954\nGain_ratio(D,色泽) = 0.129\nEnt(D̃³, 色泽) = 0\n"
               "Ent(D̃¹, 色泽) = 0.918")
    on_color = {"attribute": "色泽", "unknown_share": "3/17", "iv": "IV(色泽)",
                "gain": "Gain(D, 色泽)"}
    a_set = {"attribute": "色泽", "sets": sets}
    expected = [
        t("ex.line.multiway.quinlan_iv", _lang=lang, line=1, given="1.954", quantity="IV(色泽)",
          multiway_name="IV(色泽)", exact="1.383", **on_color),
        t("ex.line.multiway.quinlan_gain_ratio", _lang=lang, line=2, given="0.129",
          quantity="Gain_ratio(D, 色泽)", multiway_name="Gain_ratio(D, 色泽)", exact="0.174",
          **on_color),
        t("ex.line.multiway.set", _lang=lang, line=3, given="0", quantity="Ent(D̃³)",
          set="D̃³", value="浅白", **a_set),
        t("ex.line.multiway.set.own", _lang=lang, line=4, given="0.918", quantity="Ent(D̃¹)",
          set="D̃¹", value="乌黑", own="0.971", **a_set)]
    assert not at.error and not at.warning
    assert [unescaped(s.value) for s in at.success] == [
        t("ex.check.all_right", _lang=lang), *expected]


def test_a_random_draw_is_not_asked_as_a_winner():
    """CLS's attribute is a random draw: no question asks which attribute wins."""
    at = page_app(PAGE, lang="zh", algorithm="cls")
    keys = [w.key for w in at.selectbox if (w.key or "").startswith("ex_quiz_")]
    numbers = [w.key for w in at.number_input if (w.key or "").startswith("ex_quiz_0_")]
    assert not keys and len(numbers) == QUIZ_LENGTH


def test_the_quiz_csv_has_a_bom_and_one_row_per_question():
    from dtree_core import DecisionTree
    from tests.conftest import xy
    from ui.exercises import quiz_csv

    trace = DecisionTree("id3").fit(*xy("watermelon_2.0.csv", "好瓜",
                                        drop=["编号"])).trace_.to_dict()
    questions = make_quiz(trace, 0, 4)
    text = quiz_csv(trace, questions, ["纹理", None, "根蒂", 0.5], [True, False, True, False])
    lines = text.splitlines()
    assert lines[0] == "\ufeffquestion,Node,asked,yours,answer,correct"
    assert len(lines) == 5 and lines[1].startswith('1,#0 (root),"Which attribute wins?')
    assert lines[4].endswith('"Gain(D, 脐部)",0.5,"Gain(D, 脐部) = 0.458",0')
    assert lines[1].endswith(",纹理,纹理,1")  # a mark is 1/0, as in every CSV download


def test_the_quiz_csv_writes_no_formula():
    """A student's answer, or a data name, starting with = + - @ is text in Excel."""
    from dtree_core import DecisionTree
    from ui.exercises import quiz_csv

    X = pd.DataFrame({"-密度": [1, 1, 2, 2, 3, 3], "=HYPERLINK(1)": list("aabbab")})
    y = pd.Series(["是", "是", "否", "否", "是", "否"], name="好瓜")
    trace = DecisionTree("id3", nominal=list(X)).fit(X, y).trace_.to_dict()
    questions = make_quiz(trace, 0, 2)
    text = quiz_csv(trace, questions, ["=1+1", "@SUM(A1)"], [False, False])
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    cells = [cell for row in rows for cell in row]
    assert "'=1+1" in cells and "'@SUM(A1)" in cells
    assert "'=HYPERLINK(1)" in cells  # the right answer names the winner
    assert not [cell for cell in cells if cell[:1] in "=+-@" and cell]


def test_a_smaller_tree_keeps_the_page_working():
    at = open_exercises("en")
    at.selectbox(key="ex_node").set_value(13).run()
    assert not at.exception and "Node #13" in markdown_text(at)
    at.selectbox(key="bundled_key").set_value("watermelon_3.0").run()  # an 8-node tree
    assert not at.exception and not at.error
    assert at.title[0].value == EN["page.exercises"]


@pytest.mark.parametrize("notation", ["zhou", "lihang"])
def test_the_example_is_in_the_chosen_notation_and_checks_as_the_book(notation):
    """The text box's example uses the page's symbols (Li Hang's g(D, 色泽), H_色泽(D)), and
    checked at watermelon 2.0's root it is right but for the book's early-rounded 0.109."""
    at = page_app(PAGE, algorithm="c45", notation=notation)
    example = at.text_area(key="ex_work").placeholder
    names = notations.get(notation)
    assert [line.split(" = ")[0] for line in example.splitlines()] == [
        names.text(q, "D", "色泽") for q in ("entropy", "gain", "iv", "gain_ratio")]
    report = check_lines(example, trace(at), 0, TOLERANCE, notation)
    assert [v.status for v in report.verdicts] == ["right", "rounded", "right", "right"]


@pytest.mark.parametrize(("dataset", "node", "attribute"), [
    ("loan_lihang", 0, "年龄"), ("watermelon_2.0", 1, "色泽")])
def test_the_example_holds_no_other_nodes_numbers(dataset, node, attribute):
    """Away from watermelon 2.0's root the book's 0.998 and 0.109 are not this node's: the
    example names the node's first attribute and leaves each number to the student."""
    at = page_app(PAGE, dataset=dataset)
    if node:
        at.selectbox(key="ex_node").set_value(node).run()
    names = notations.get("zhou")
    assert at.text_area(key="ex_work").placeholder.splitlines() == [
        f"{names.text(q, 'D', attribute)} = …" for q in ("entropy", "gain", "iv", "gain_ratio")]


def test_the_work_and_the_quiz_answers_survive_a_visit_to_another_page():
    """The typed lines, the pasted tree, the settings and the quiz's answers come back after
    a trip to Grow: the quiz graded "1 of 6" is still 1 of 6, not every question wrong."""
    at = check(open_exercises("en"), "Ent(D) = 0.998")
    at.text_area(key="tc_text").input("{'纹理': {'清晰': '是', '稍糊': '否', '模糊': '否'}}")
    at.checkbox(key="tc_allow_empty").check()
    at.number_input(key="ex_tolerance").set_value(0.002)
    at.number_input(key="ex_quiz_tolerance").set_value(0.001)
    at.number_input(key="ex_quiz_0_2").set_value(0.381)  # Gain(D, 纹理), the one right answer
    at.get("form_submit_button")[0].click().run()
    assert not at.exception
    graded = [unescaped(m.value) for m in at.markdown if "answers right" in m.value]
    assert graded == ["1 of 6 answers right (tolerance ±0.001)."]
    at.switch_page("pages/grow.py").run()
    at.switch_page(PAGE).run()
    assert not at.exception
    assert at.text_area(key="ex_work").value == "Ent(D) = 0.998"
    assert at.text_area(key="tc_text").value.startswith("{'纹理'")
    assert at.checkbox(key="tc_allow_empty").value
    assert at.number_input(key="ex_tolerance").value == 0.002
    assert at.number_input(key="ex_quiz_0_2").value == 0.381
    assert [unescaped(m.value) for m in at.markdown if "answers right" in m.value] == graded
    assert any(unescaped(s.value).startswith("Question 2:") for s in at.success)
    assert any("Ent(D)" in unescaped(s.value) for s in at.success)  # the check's verdict


def quiz_scores(at) -> list[str]:
    return [unescaped(m.value) for m in at.markdown if "answers right" in m.value]


def test_a_new_tree_starts_its_quiz_ungraded_with_empty_answers():
    """Watermelon 2.0's question 2 asks Gain(D, 纹理); after a switch to watermelon 3.0 it asks
    Gain(D, 密度): the 0.25 typed for 纹理 is not its answer, and nothing is graded yet."""
    at = open_exercises("en")
    at.selectbox(key="ex_quiz_0_1").set_value("色泽")
    at.number_input(key="ex_quiz_0_2").set_value(0.25)
    at.get("form_submit_button")[0].click().run()
    assert quiz_scores(at) == ["0 of 6 answers right (tolerance ±0.0005)."]
    at.selectbox(key="bundled_key").set_value("watermelon_3.0").run()
    assert not at.exception
    answer = at.number_input(key="ex_quiz_0_2")
    assert unescaped(answer.label) == "Gain(D, 密度)" and answer.value is None
    assert at.selectbox(key="ex_quiz_0_1").value is None
    # the browser is told to empty them too (it would send its old answer back otherwise)
    assert answer.proto.set_value and at.selectbox(key="ex_quiz_0_1").proto.set_value
    assert not quiz_scores(at) and not at.error and not at.success
    answer.set_value(0.262)
    at.get("form_submit_button")[0].click().run()
    assert quiz_scores(at) == ["1 of 6 answers right (tolerance ±0.0005)."]
    assert [unescaped(s.value) for s in at.success] == [
        "Question 2: right (Gain(D, 密度) = 0.262)."]
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()  # back: another tree
    assert not quiz_scores(at) and at.number_input(key="ex_quiz_0_2").value is None


def solution_heading(at) -> str:
    return next(line for m in at.markdown for line in m.value.splitlines()
                if line.startswith("#### "))


def test_the_picked_node_is_the_trees_own_and_survives_a_visit_to_another_page():
    """Node #7 picked on the ID3 tree stays picked after a trip to Grow; on CART's tree the
    page opens at the root, not at CART's node #7, which the user never chose."""
    at = open_exercises("en")
    at.selectbox(key="ex_node").set_value(7).run()
    id3_seven = solution_heading(at)
    assert id3_seven.startswith("#### Node #7")
    at.switch_page("pages/grow.py").run()
    at.switch_page(PAGE).run()
    assert at.selectbox(key="ex_node").value == 7 and solution_heading(at) == id3_seven
    at.selectbox(key="algorithm").set_value("cart").run()  # a new tree, on this page
    assert not at.exception
    picker = at.selectbox(key="ex_node")
    assert picker.value == 0 and picker.proto.set_value  # the browser's picker too
    assert solution_heading(at).startswith("#### Node #0 (root)")
    picker.set_value(7).run()
    at.switch_page("pages/grow.py").run()
    at.selectbox(key="algorithm").set_value("id3").run()  # a new tree, on another page
    at.switch_page(PAGE).run()
    assert at.selectbox(key="ex_node").value == 0
    assert solution_heading(at).startswith("#### Node #0 (root)")


def solution_caption(at, lang: str) -> str:
    start = (EN if lang == "en" else ZH)["ex.solution.caption"]
    return next(c for c in (unescaped(c.value) for c in at.caption) if c.startswith(start))


@pytest.mark.parametrize(("lang", "book"), [("en", "Zhou Zhihua"), ("zh", "周志华")])
def test_the_solution_caption_names_the_books_early_rounding_where_the_solution_has_it(
        lang, book):
    printed, exact = "Gain(D, 色泽)", "0.1081"
    at = open_exercises(lang)
    caption = solution_caption(at, lang)
    assert printed in caption and "0.109" in caption and exact in caption and book in caption
    # below the root the solution holds no number the book prints rounded early
    at.selectbox(key="ex_node").set_value(1).run()
    assert "0.109" not in solution_caption(at, lang) and "色泽" not in solution_caption(at, lang)
    at.radio(key="ex_scope").set_value("branch").run()
    assert "0.109" not in solution_caption(at, lang)
    at.radio(key="ex_scope").set_value("tree").run()  # the whole tree, the root with it
    assert printed in solution_caption(at, lang) and exact in solution_caption(at, lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("dataset", "algorithm"), [("play_tennis", None),
                                                    ("watermelon_2.0", "cart")])
def test_the_solution_caption_names_no_book_number_where_there_is_none(lang, dataset, algorithm):
    # Play tennis has no 色泽; CART's Gain of 色泽 is its best two-way split's, not the book's
    at = page_app(PAGE, dataset=dataset, lang=lang, algorithm=algorithm)
    at.radio(key="ex_scope").set_value("tree").run()
    caption = solution_caption(at, lang)
    assert "0.109" not in caption and "色泽" not in caption
    assert caption == (EN if lang == "en" else ZH)["ex.solution.caption"]


def test_the_work_box_holds_at_most_the_checkers_limit():
    """A long paste is cut at the box's limit (Streamlit shows the count against it), so a
    check never reads more than MAX_WORK_CHARS characters."""
    from dtree_core.checking import MAX_WORK_CHARS

    at = open_exercises("en")
    assert at.text_area(key="ex_work").proto.max_chars == MAX_WORK_CHARS


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("algorithm", "answer", "status", "value"), [
    ("cart", 0.277, "multiway", "0.2771"), ("id3", 0.3815, "rounded", "0.3812"),
    ("cart", 0.2777, "multiway_rounded", "0.2773")])
def test_an_answer_right_beyond_the_tolerance_says_why(lang, algorithm, answer, status, value):
    """Question 2 asks for 纹理's number at the root of watermelon 2.0: CART's 0.277 is Zhou's
    multiway Gini_index (the two-way's is 0.286), ID3's 0.3815 is 0.0009 from the exact
    0.3806 but within ±0.0005 of the book's early rounding 0.3812, and CART's 0.2777 is
    0.0006 from Zhou's multiway 0.2771 but within ±0.0005 of it rounded early, 0.2773 (9/17
    × 0.346 + 5/17 × 0.320: before, wrong). Each is graded right and says by which reading,
    and the score says the tolerance alone did not decide it."""
    at = page_app(PAGE, lang=lang, algorithm=algorithm)
    question = make_quiz(at.session_state["current"]["trace"], 0, QUIZ_LENGTH)[1]
    at.number_input(key="ex_quiz_0_2").set_value(answer)
    at.get("form_submit_button")[0].click().run()
    assert not at.exception
    said = [unescaped(s.value) for s in at.success]
    expected = t(f"ex.quiz.right.{status}", _lang=lang, number=2, given=f"{answer:g}",
                 tolerance="0.0005", value=value, multiway="0.2771",
                 answer=f"{question.name} = {question.exact:.3f}")
    assert expected in said, said
    assert t("ex.quiz.score.beyond", _lang=lang, right=1, total=QUIZ_LENGTH,
             tolerance="0.0005", beyond=1) in [unescaped(m.value) for m in at.markdown]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_split_point_naming_several_midpoints_asks_for_more_decimals(lang):
    """t = 0.4 at watermelon 3.0's root names 0.3515, 0.3815, 0.42 and 0.459: the line says
    so and is not called wrong against the node's t = 0.3815."""
    from dtree_core.data import Listed

    at = check(page_app(PAGE, dataset="watermelon_3.0", lang=lang), "Gain(D,密度,0.4) = 0.094")
    assert not at.error
    expected = t("ex.line.ambiguous_threshold", _lang=lang, line=1, attribute="密度", t="0.4",
                 threshold="0.3815", points=Listed(("0.3515", "0.3815", "0.42", "0.459")))
    assert expected in [unescaped(w.value) for w in at.warning]


@pytest.mark.parametrize(("lang", "other"), [("en", "zh"), ("zh", "en")])
def test_the_open_tab_stays_open_in_the_other_language(lang, other):
    """The tabs send the open tab's label: one of the language before matched none of the
    new labels, and the page went back to its first tab."""
    at = page_app("pages/exercises.py", lang=lang)
    quiz = t("ex.tab.quiz", _lang=lang)
    at.session_state["ex_tab"] = quiz  # as a click on the tab sends it
    at.run()
    assert open_tab(at) == 2 and at.tabs[2].label == quiz
    at.selectbox(key="lang_picker").set_value(other).run()
    assert not at.exception
    assert at.tabs[2].label == t("ex.tab.quiz", _lang=other)
    assert open_tab(at) == 2 and at.session_state["ex_tab"] == at.tabs[2].label
    at.run()
    assert open_tab(at) == 2
