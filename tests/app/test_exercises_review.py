"""The exercises page as a review read it (helper-114): a wrong number is shown apart from the
one typed at any tolerance, Li Hang's notation reaches the slips, the check-my-tree table and
the book exercises' answers, a tie names the tie rule the tree was grown with, a leaf says
nothing was scored there, and Chinese sentences run on without a space after 。."""

from __future__ import annotations

import json
import re

import pytest
from app_helpers import new_app, page_app

from dtree_core import notation as notations
from dtree_core.checking import make_quiz
from ui.messages import EN, fill, t
from ui.messages_zh import ZH

PAGE = "pages/exercises.py"
CATALOGUES = {"en": EN, "zh": ZH}
ZHOU_SYMBOLS = re.compile(r"Ent\(|Gain|IV\(|Gini_index|Dᵛ|Σᵥ|pₖ")


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def texts(elements) -> list[str]:
    return [unescaped(e.value) for e in elements]


def check(at, text: str, tolerance: float | None = None):
    if tolerance is not None:
        at.number_input(key="ex_tolerance").set_value(tolerance)
    at.text_area(key="ex_work").input(text)
    at.button(key="ex_check").click().run()
    assert not at.exception
    return at


# ------------------------------------------------------------ told apart at tolerance 0

@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_wrong_number_is_shown_apart_from_the_one_typed_at_tolerance_zero(lang):
    """Gain(D, 色泽) is 0.1081: at tolerance 0, 0.108 is wrong, and the sentence says 0.1081,
    not '0.108, not 0.108'."""
    at = check(page_app(PAGE, lang=lang), "Gain(D,色泽) = 0.108", tolerance=0.0)
    expected = t("ex.line.wrong", _lang=lang, line=1, quantity="Gain(D, 色泽)", exact="0.1081",
                 given="0.108", why="")
    assert any(e.startswith(expected.strip()) for e in texts(at.error)), texts(at.error)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_wrong_number_is_quoted_as_the_student_wrote_it(lang):
    """IV(色泽) = 1.000 was quoted back as '1', and 1.5798634 as '1.57986'."""
    at = check(page_app(PAGE, lang=lang), "IV(色泽) = 1.000\nIV(根蒂) = 1.5798634")
    errors = texts(at.error)
    for line, quantity, exact, given in ((1, "IV(色泽)", "1.580", "1.000"),
                                         (2, "IV(根蒂)", "1.402", "1.5798634")):
        expected = t("ex.line.wrong", _lang=lang, line=line, quantity=quantity, exact=exact,
                     given=given, why="")
        assert any(e.startswith(expected.strip()) for e in errors), errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_quizs_answer_is_shown_apart_from_the_response_at_tolerance_zero(lang):
    at = page_app(PAGE, lang=lang)
    at.number_input(key="ex_quiz_tolerance").set_value(0.0).run()
    trace = at.session_state["current"]["trace"]
    questions = make_quiz(trace, 0, 6)
    typed = {}
    for number, question in enumerate(questions, start=1):
        if question.kind != "winner" and round(question.exact, 3) != question.exact:
            typed[number] = round(question.exact, 3)
            at.number_input(key=f"ex_quiz_0_{number}").set_value(typed[number])
    assert typed, "the quiz asks for a number at seed 0"
    at.get("form_submit_button")[0].click().run()
    assert not at.exception
    errors = {int(re.search(r"\d+", e)[0]): e for e in texts(at.error)}
    wrong = {n: r for n, r in typed.items() if n in errors}  # not the book's early rounding
    assert wrong, errors
    for number, response in wrong.items():
        sentence = errors[number]
        shown = re.search(r"= (-?\d+\.\d+)", sentence)[1]
        assert float(shown) != response, sentence
        assert abs(float(shown) - questions[number - 1].exact) < 10 ** -len(shown.split(".")[1])


# ------------------------------------------------------------ Li Hang's symbols

# Each line is a slip the checker names (watermelon 2.0's root, ID3): g(D,A) for g_R(D,A)
# (before the wrong H_A(D), or the ratio would follow from it), H(D) for H_A(D), the ratio
# upside down, H(D|A) for g(D,A), H(D)'s number in no base, Gini(D) for Gini(D,A).
SLIPS = ("g_R(D,色泽) = 0.108\nH_色泽(D) = 0.998\ng_R(D,根蒂) = {inverted}\n"
         "g(D,色泽) = 0.889\nH(D) = 0.5\nGini(D,色泽) = {gini}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_check_my_numbers_speaks_li_hangs_symbols_in_his_notation(lang):
    at = page_app(PAGE, lang=lang, notation="lihang")
    trace = at.session_state["current"]["trace"]
    root = trace["nodes"][0]
    rows = {r["attribute"]: r for r in root["scores"]}
    inverted = rows["根蒂"]["iv"] / rows["根蒂"]["gain"]
    check(at, SLIPS.format(inverted=f"{inverted:.3f}", gini=f"{root['gini']:.3f}"))
    errors = texts(at.error)
    assert len(errors) >= 6, errors
    slips = {"entropy_for_iv", "gain_for_ratio", "ratio_inverted", "entropy_after_for_gain",
             "not_any_base", "gini_for_index"}
    said = [key for key in slips
            if any(t(f"ex.slip.{key}.lihang" if key != "not_any_base" else "ex.slip.not_any_base",
                     _lang=lang, _notation="lihang", given="§", value="§", shares="§",
                     formula="§").split("§")[1][:8] in e for e in errors)]
    assert sorted(said) == sorted(slips), errors
    shown = "\n".join([*errors, *texts(at.caption), *texts(at.warning)])
    assert not ZHOU_SYMBOLS.search(shown.replace(t("ex.check.intro.lihang", _lang=lang), "")), \
        ZHOU_SYMBOLS.findall(shown)
    assert "−Σₖ |Cₖ|/|D|·log₂(|Cₖ|/|D|)" in "\n".join(errors)  # H(D) in no base


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_line_not_read_is_told_in_li_hangs_symbols(lang):
    at = check(page_app(PAGE, lang=lang, notation="lihang"), "Ent = 0.5\nIV = 1")
    shown = "\n".join(texts(at.warning))
    assert t("ex.line.needs_attribute.lihang", _lang=lang, _notation="lihang", line=2) in shown
    assert t("ex.check.intro.lihang", _lang=lang) in texts(at.caption)


@pytest.mark.parametrize(("notation", "line", "subset", "example"), [
    ("zhou", "Ent(D̃¹) = 1.000", "D̃¹", "Ent(D̃¹, 色泽)"),
    ("lihang", "H(D₁) = 1.000", "D₁", "H(D₁, 色泽)")])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_set_with_no_attribute_says_how_to_name_one(lang, notation, line, subset, example):
    """Zhou's D̃¹ (Li Hang's D₁) is taken for one attribute: alone, the line asks for it and
    says where it may be named, on the line itself as the example (checked here: right) or
    on a line around it (before: 'name the attribute, as in Gain(D,色泽) or IV(色泽)', as if
    Ent(D̃¹) had to become another quantity)."""
    at = check(page_app(PAGE, dataset="watermelon_2.0_alpha", lang=lang, notation=notation),
               line)
    expected = t(f"ex.line.needs_attribute.set.{notation}" if notation == "lihang"
                 else "ex.line.needs_attribute.set", _lang=lang, _notation=notation, line=1,
                 set=subset)
    assert expected in texts(at.warning) and example in expected
    at = check(at, example + " = 0.918")
    assert not at.warning and not at.error and len(at.success) == 2  # all right, and line 1


@pytest.mark.parametrize("notation", ["zhou", "lihang"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_iv_without_the_unknown_rows_term_is_told_so(lang, notation):
    """On 2.0α (色泽 unknown in 3 of 17 rows), IV(色泽) over the three values alone is
    −Σ for 6/17, 4/17, 4/17 = 1.513: the sentence names the left-out share, 3/17, in the
    chosen book's symbols (H_A(D) in Li Hang's)."""
    line = "H_A(D, 色泽) = 1.513" if notation == "lihang" else "IV(色泽) = 1.513"
    at = check(page_app(PAGE, dataset="watermelon_2.0_alpha", lang=lang, algorithm="c45",
                        notation=notation), line)
    key = "ex.slip.missing_unknown_term"
    expected = t(f"{key}.lihang" if notation == "lihang" else key, _lang=lang,
                 _notation=notation, given="1.513", attribute="色泽", share="3/17")
    assert any(expected in e for e in texts(at.error)), texts(at.error)


@pytest.mark.parametrize("notation", ["zhou", "lihang"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_branch_left_out_of_an_iv_with_values_missing_is_told_of_four_terms(lang, notation):
    """On 2.0α, IV(色泽) without 乌黑's 6/17 (1.424): the sentence names the branch, the three
    branches and the unknown rows' share 3/17 (it said 'all 4 branches' of 色泽's three)."""
    line = "H_A(D, 色泽) = 1.424" if notation == "lihang" else "IV(色泽) = 1.424"
    at = check(page_app(PAGE, dataset="watermelon_2.0_alpha", lang=lang, algorithm="c45",
                        notation=notation), line)
    key = "ex.slip.missing_branch_of_iv"
    expected = t(f"{key}.lihang" if notation == "lihang" else key, _lang=lang,
                 _notation=notation, given="1.424", branch="色泽=乌黑", branches=3,
                 attribute="色泽", share="3/17")
    assert any(expected in e for e in texts(at.error)), texts(at.error)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_check_my_tree_heads_its_score_table_in_li_hangs_symbols(lang):
    """The table shows g(D, A), H_A(D), … (not Gain, IV), to as many decimals as tell the two
    rows apart."""
    at = page_app(PAGE, lang=lang, algorithm="c45", notation="lihang")
    at.text_area(key="tc_text").input("纹理?\n    纹理=清晰: 色泽?\n        色泽=青绿: 是\n"
                                      "        色泽=乌黑: 是\n        色泽=浅白: 否\n"
                                      "    纹理=稍糊: 否\n    纹理=模糊: 否")
    at.button(key="tc_check").click().run()
    assert not at.exception
    frame = at.dataframe[0].value
    names = notations.get("lihang")
    for column in ("gain", "iv", "gain_ratio"):
        assert names.header(column) in frame.columns, list(frame.columns)
    assert not [c for c in frame.columns if ZHOU_SYMBOLS.search(c)], list(frame.columns)
    formats = {c: v["type_config"]["format"]
               for c, v in json.loads(at.dataframe[0].proto.columns).items()
               if v.get("type_config", {}).get("format")}
    assert formats[names.header("gain")] == "%.3f", formats
    error = "\n".join(texts(at.error))
    assert ZHOU_SYMBOLS.search(error) is None, error


# ------------------------------------------------------------ the tie rule

@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("tie_break", "pasted"), [("first", "触感"), ("last", "根蒂")])
def test_a_tie_names_the_rule_the_tree_was_grown_with(lang, tie_break, pasted):
    """At 纹理=清晰 ID3's Gain ties 根蒂, 脐部 and 触感 (0.458): the first column takes 根蒂, the
    last 触感; the other is a tie, and the sentence names the sidebar's rule."""
    at = page_app(PAGE, lang=lang)
    at.selectbox(key="tie_break").set_value(tie_break).run()
    values = {"触感": ("硬滑", "软粘"), "根蒂": ("蜷缩", "稍蜷", "硬挺")}[pasted]
    branches = "".join(f"        {pasted}={v}: 是\n" for v in values)
    at.text_area(key="tc_text").input(f"纹理?\n    纹理=清晰: {pasted}?\n{branches}"
                                      "    纹理=稍糊: 否\n    纹理=模糊: 否")
    at.button(key="tc_check").click().run()
    assert not at.exception
    said = "\n".join(texts(at.info))  # a tie is no mistake: not an error box
    rule = t(f"rule.tie_break.{tie_break}", _lang=lang, seed=0)
    assert rule in said and not at.error, said
    other = "last" if tie_break == "first" else "first"
    assert t(f"rule.tie_break.{other}", _lang=lang, seed=0) not in said


# ------------------------------------------------------------ a leaf

@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_leaf_says_no_attribute_was_scored_and_not_that_every_number_is_right(lang):
    at = page_app(PAGE, lang=lang)
    trace = at.session_state["current"]["trace"]
    leaf = next(n for n in trace["nodes"] if not n.get("scores"))
    at.selectbox(key="ex_node").set_value(leaf["id"]).run()
    check(at, f"Ent(D) = {leaf['entropy']:.3f}\nGain(D,色泽) = 0.1")
    warnings = texts(at.warning)
    assert t("ex.line.none_scored", _lang=lang, line=2, attribute="色泽") in warnings, warnings
    assert not any("candidates: )" in w or "候选属性：）" in w for w in warnings)
    successes = texts(at.success)
    assert t("ex.check.all_right", _lang=lang) not in successes
    assert t("ex.check.all_checked_right", _lang=lang, unchecked=1) in successes


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lines_none_of_which_can_be_checked_each_say_why(lang):
    at = check(page_app(PAGE, lang=lang), "Gain(D,颜色) = 0.1")
    warnings = texts(at.warning)
    assert t("ex.check.none", _lang=lang) in warnings
    assert any(w.startswith(t("ex.line.unknown_attribute", _lang=lang, line=1, attribute="颜色",
                              attributes="§").split("§")[0]) for w in warnings), warnings


# ------------------------------------------------------------ the book exercises

@pytest.mark.parametrize(("key", "said"), [
    ("zhou-4.3", "g(D, A) = "), ("lihang-5.1", "g_R(D, A) = "),
    ("zhou-4.9", "Gini(D̃, A) on the known rows")])
def test_the_book_exercises_answers_use_li_hangs_symbols_in_english(key, said):
    at = page_app(PAGE, lang="en", notation="lihang")
    at.selectbox(key="preset_key").set_value(key).run()
    at.toggle(key=f"preset_show::{key}").set_value(True).run()
    assert not at.exception and not at.error
    shown = "\n".join(texts(at.markdown))
    assert said in shown, shown
    assert not ZHOU_SYMBOLS.search(shown), ZHOU_SYMBOLS.findall(shown)


# ------------------------------------------------------------ Chinese sentences

def test_the_hand_edit_log_says_where_once_in_chinese():
    row = fill(ZH["he.log.row"], {"k": 1, "path": ZH["node.root"], "before": "50.0%",
                                  "after": "57.1%",
                                  "edit": fill(ZH["he.edit.cut"], {"attribute": "密度",
                                                                   "threshold": "0.5"})})
    assert row.count("在") == 1, row
    english = fill(EN["he.log.row"], {"k": 1, "path": EN["node.root"], "before": "50.0%",
                                      "after": "57.1%",
                                      "edit": fill(EN["he.edit.cut"], {"attribute": "密度",
                                                                       "threshold": "0.5"})})
    assert english.startswith("1. At (root): cut 密度 at 0.5;"), english


# ------------------------------------------------------------ every page in Li Hang's notation

PAGES = (None, "pages/compare.py", "pages/evaluate.py", "pages/predict.py", "pages/export.py",
         PAGE, "pages/manual.py")
# Zhou's symbols used as words; what may name them: the notation switch's own option, a
# sentence that cites Zhou ("Zhou's", 周志华) and the check-my-numbers intro (which lists the
# symbols it reads)
ZHOU_WORDS = re.compile(r"Ent\(|Gain\(|Gain_ratio|Gini_index|IV\(|\bGain\b|\bIV\b")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_no_page_words_a_gain_in_zhous_symbols_under_li_hangs_notation(lang, algorithm):
    from test_languages import rendered_text

    cited = ("Zhou", "周志华", t("ex.check.intro.lihang", _lang=lang))
    for page in PAGES:
        at = page_app(page, lang=lang, algorithm=algorithm, notation="lihang")
        leaks = [line for line in rendered_text(at).splitlines()
                 if ZHOU_WORDS.search(line) and not any(c in line for c in cited)]
        assert leaks == [], (page, leaks)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("line", "said", "not_said"), [
    # names one quantity: it was told to write one quantity per line; it is its result, a
    # fraction, that is not read
    ("Gain(D,纹理) = 3/8", "ex.line.unread_result", "ex.line.unparsed"),
    # a decimal number, so 'its result must be a decimal number' was not why it is not read:
    # it is beyond the range of any score
    ("Gain(D, 纹理) = 1e400", "ex.line.past_range", "ex.line.unread_result"),
])
def test_a_result_that_is_not_read_is_told_why(lang, line, said, not_said):
    at = check(page_app(PAGE, lang=lang), line)
    shown = "\n".join(texts(at.warning))
    assert t(said, _lang=lang, line=1) in shown
    assert t(not_said, _lang=lang, line=1) not in shown


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_another_t_at_a_forced_split_point_says_it_was_forced(lang):
    """A link forcing watermelon 3.0's root to 密度@0.5185: a line at 密度's best t, 0.3815,
    is told the node's t was forced by hand, not that 0.5185 is 'its best candidate split
    point'; 含糖率's t, not forced, is its best, and is said as 含糖率's (the node splits 密度)."""
    at = new_app()
    for key, value in {"data": "watermelon_3.0", "force": "root=密度@0.5185", "lang": lang}.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception and at.session_state["current"]["trace"]["nodes"][0]["decision"][
        "forced_threshold"]
    at = check(at, "Gain(D,密度,0.3815) = 0.262\nGain(D,含糖率,0.2) = 0.1")
    forced = t("ex.line.other_threshold.forced", _lang=lang, line=1, attribute="密度",
               t="0.3815", threshold="0.5185")
    best = t("ex.line.other_threshold", _lang=lang, line=2, attribute="含糖率", t="0.2",
             threshold="0.126")
    assert forced in texts(at.warning) and best in texts(at.warning)
    assert ("forced by hand" if lang == "en" else "手动强制指定") in forced
    assert ("best" if lang == "en" else "最优") not in forced
    if lang == "en":
        assert "this node splits 含糖率" not in best and "含糖率's split point" in best


@pytest.mark.parametrize("notation", ["zhou", "lihang"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_gini_of_the_known_rows_is_judged_as_the_notation_reads_it(lang, notation):
    """CART on watermelon 2.0α: Gini(D̃, 色泽) is Zhou's Gini(D̃) of the rows whose 色泽 is known
    (0.490), or Li Hang's Gini(D̃, A), the Gini index on them (0.343): the one the notation
    reads is right and named, and a number neither is wrong by it, the other named too
    (before: 0.490 was wrong against Gini_index(D̃, 色泽) in either notation)."""
    at = page_app(PAGE, dataset="watermelon_2.0_alpha", lang=lang, algorithm="cart",
                  notation=notation)
    at = check(at, "Gini(D̃, 色泽) = 0.490\nGini(D̃, 色泽) = 0.400")
    right = t("ex.line.right", _lang=lang, _notation=notation, line=1, quantity="Gini(D̃)",
              exact="0.490")
    assert right in texts(at.success)
    lihang = notation == "lihang"
    name, exact = ("Gini(D̃, 色泽=浅白)", "0.343") if lihang else ("Gini(D̃)", "0.490")
    why = t("ex.slip.gini_reading" + (".lihang" if lihang else ""), _lang=lang,
            _notation=notation, given="0.400", attribute="色泽", known="0.490", index="0.343",
            index_name="Gini(D̃, 色泽=浅白)" if lihang else "Gini_index(D̃, 色泽)")
    wrong = t("ex.line.wrong", _lang=lang, _notation=notation, line=2, quantity=name,
              exact=exact, given="0.400", why=why)
    assert wrong in texts(at.error), texts(at.error)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_zhous_sum_of_branch_entropies_is_named_with_its_attribute_in_words(lang):
    """Zhou has no symbol for Li Hang's H(D|A): a line H(D|含糖率) in his notation was told
    'Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) (含糖率) = 0.648, not 0.5', the attribute in brackets after the sum,
    and its computation 'Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) (含糖率) = Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) = …'. Words name
    the split it is of; Li Hang's H(D|含糖率) names itself."""
    at = check(page_app(PAGE, dataset="watermelon_3.0", lang=lang), "H(D|含糖率) = 0.5")
    name = t("ex.name.conditional_entropy", _lang=lang, name="Σᵥ |Dᵛ|/|D|·Ent(Dᵛ)",
             attribute="含糖率")
    wrong = t("ex.line.wrong", _lang=lang, line=1, quantity=name, exact="0.648", given="0.5",
              why=t("ex.slip.other", _lang=lang))
    assert texts(at.error)[1:] == [wrong]  # after the first wrong step
    assert name == ("Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) of the split on 含糖率" if lang == "en"
                    else "按含糖率划分的 Σᵥ |Dᵛ|/|D|·Ent(Dᵛ)")
    formula = t("ex.formula.split_on", _lang=lang, attribute="含糖率",
                formula="Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) = 5/17×0.000 + 12/17×0.918 = 0.648")
    assert formula in texts(at.caption)
    assert not any("(含糖率)" in text for text in texts(at.error) + texts(at.caption))
    at = check(page_app(PAGE, dataset="watermelon_3.0", lang=lang, notation="lihang"),
               "H(D|含糖率) = 0.5")
    assert texts(at.error)[1] == t("ex.line.wrong", _lang=lang, _notation="lihang", line=1,
                                   quantity="H(D|含糖率)", exact="0.648", given="0.5",
                                   why=t("ex.slip.other", _lang=lang))


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", ["Line 1: 0.277 is Gini(D, 纹理) with one branch per value of 纹理 (Zhou's eq. 4.6) ✓.",
            "Line 2: 0.108 is g(D, 色泽) with one branch per value of 色泽 (Zhou's eq. 4.2) ✓."],
     ("Gini(D, 纹理=清晰) with one branch", "Zhou's g(")),
    ("zh", ["第 1 行：0.277 是按纹理多路划分（每个取值一个分支）的 Gini(D, 纹理)"
            "（周志华书中式 4.6）✓。",
            "第 2 行：0.108 是按色泽多路划分（每个取值一个分支）的 g(D, 色泽)"
            "（周志华书中式 4.2）✓。"],
     ("的 Gini(D, 纹理=清晰)（式", "周志华书中按色泽多路划分"))])
def test_zhous_multiway_reading_in_li_hangs_notation_names_the_multiway_quantity(
        lang, said, not_said):
    """CART on watermelon 2.0 in Li Hang's notation: the row's Gini(D, 纹理=清晰) names its
    two-way split, yet 0.277 (one branch per value, Zhou eq. 4.6) was called 'Zhou's
    Gini(D, 纹理=清晰) with one branch per value', and 0.108 'Zhou's g(D, 色泽)' (g is Li
    Hang's symbol). The multiway quantity is named without a value, Gini(D, 纹理) as the
    score table's multiway column heads it, with Zhou's equation; the tree's two-way number
    keeps its own name."""
    at = check(page_app(PAGE, lang=lang, algorithm="cart", notation="lihang"),
               "Gini(D,纹理) = 0.277\ng(D,色泽) = 0.108")
    shown = texts(at.success)
    assert not at.error and len(shown) == 3  # the score's and each line's
    for sentence in said:
        assert any(s.startswith(sentence) for s in shown), (sentence, shown)
    assert not any(part in s for part in not_said for s in shown)
    assert "Gini(D, 纹理=清晰) = 0.286" in shown[1]  # the tree's own number, by its name
