"""The exercises page's "check my tree" and "why one tree is unstable" tabs, in both languages:
a correct pasted tree is recognised, a wrong one is flagged at its first differing node with
both decisions, the pytest file downloads, and the instability view grows a few trees."""

from __future__ import annotations

import json

import pytest
from app_helpers import new_app, page_app, started_app, uploaded_page

from dtree_core.labels import export_text
from tests.conftest import read_dataset
from ui.messages import fill, read_as_key, t

PAGE = "pages/exercises.py"
WORDS = {"en": ("is the ID3 (information gain) tree", "splits on 色泽",
                "the ID3 (information gain) tree splits on 根蒂"),
         "zh": ("就是用 ID3（信息增益）生成的决策树", "按色泽划分",
                "用 ID3（信息增益）生成的决策树按根蒂划分")}


def open_exercises(lang: str, algorithm: str = "id3"):
    return page_app(PAGE, lang=lang, algorithm=algorithm)


def paste(at, text: str):
    at.text_area(key="tc_text").input(text)
    at.button(key="tc_check").click().run()
    assert not at.exception
    return at


def shown(elements) -> str:
    return "\n".join(e.value for e in elements)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_correct_tree_in_each_form_is_recognised(lang):
    at = open_exercises(lang)
    trace = at.session_state["current"]["trace"]
    nested = ("{'纹理': {'清晰': {'根蒂': {'蜷缩': '是', '稍蜷': {'色泽': {'青绿': '是', "
              "'乌黑': {'触感': {'硬滑': '是', '软粘': '否'}}, '浅白': '是'}}, '硬挺': '否'}}, "
              "'稍糊': {'触感': {'硬滑': '否', '软粘': '是'}}, '模糊': '否'}}")
    for text in (export_text(trace), json.dumps(trace, ensure_ascii=False, default=list),
                 nested):
        paste(at, text)
        assert not at.error, shown(at.error)
        assert WORDS[lang][0] in shown(at.success).replace("\\", "")  # markdown's \(


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_wrong_tree_is_flagged_at_its_first_differing_node_with_both_rows(lang):
    at = open_exercises(lang)
    wrong = ("纹理?\n    纹理=清晰: 色泽?\n        色泽=青绿: 是\n        色泽=乌黑: 是\n"
             "        色泽=浅白: 否\n    纹理=稍糊: 否\n    纹理=模糊: 否")
    paste(at, wrong)
    message = shown(at.error)
    assert "纹理=清晰" in message.replace("\\", "")
    unescaped = message.replace("\\", "")
    assert WORDS[lang][1] in unescaped and WORDS[lang][2] in unescaped
    table = at.dataframe[0].value
    attribute = t("col.attribute", _lang=lang)
    assert list(table[attribute]) == ["根蒂", "色泽"]
    gains = table[t("col.gain", _lang=lang)]
    assert gains.iloc[0] == pytest.approx(0.458106, abs=1e-6) and gains.iloc[1] < gains.iloc[0]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tied_choice_is_said_to_be_a_tie(lang):
    """At 纹理=清晰 ID3's Gain ties 根蒂 and 触感 (0.458): C4.5's 触感 is not a mistake there."""
    at = open_exercises(lang)
    paste(at, "纹理?\n    纹理=清晰: 触感?\n        触感=硬滑: 是\n        触感=软粘: 否\n"
              "    纹理=稍糊: 否\n    纹理=模糊: 否")
    message = shown(at.info).replace("\\", "")
    assert ("ties with 根蒂" if lang == "en" else "与根蒂并列") in message
    assert not at.error  # the sentence says it is not a mistake: no red box says otherwise


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tied_root_on_the_training_set_is_no_error(lang):
    """Watermelon 2.0's training set (Table 4.2): Gain(D, 色泽) = Gain(D, 脐部) = 0.276 at
    the root; a tree splitting on 脐部 is told it ties, in a neutral box, not an error."""
    at = page_app(PAGE, dataset="watermelon_2.0_train", lang=lang, algorithm="id3")
    paste(at, "{'脐部': {'凹陷': '是', '稍凹': '是', '平坦': '否'}}")
    assert not at.error, shown(at.error)
    assert ("ties with" if lang == "en" else "并列") in shown(at.info).replace("\\", "")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_what_cannot_be_read_is_said_in_the_language(lang):
    at = open_exercises(lang)
    paste(at, "{'纹理': {'清晰': '是'}, '色泽': {}}")
    message = shown(at.error)
    assert ("2 keys" if lang == "en" else "2 个键") in message


def test_the_pytest_file_downloads_as_python():
    at = open_exercises("en", "c45")
    buttons = [b for b in at.get("download_button") if b.proto.id and "tc_file" in b.proto.id]
    assert buttons, "the pytest file's download button is shown"
    assert not at.warning  # the file was written, not refused
    assert "test_expected_values.py" in shown(at.caption)


def test_the_pytest_file_is_made_when_clicked(monkeypatch):
    """The file (megabytes for a big tree) is made by the button's callable, not on every
    visit to the page; it holds the tree's exact values."""
    import streamlit as st

    given, button = {}, st.download_button

    def recorded(label, data, file_name=None, *args, **kwargs):
        given[file_name] = data
        return button(label, data, file_name, *args, **kwargs)

    monkeypatch.setattr(st, "download_button", recorded)
    at = open_exercises("en", "c45")
    data = given["test_expected_values.py"]
    assert callable(data)
    text = data()
    compile(text, "test_expected_values.py", "exec")
    root = at.session_state["current"]["trace"]["nodes"][0]
    gain = next(r["gain"] for r in root["scores"] if r["attribute"] == "纹理")
    assert repr(gain) in text


def file_buttons(at) -> list:
    return [b for b in at.get("download_button") if b.proto.id and "tc_file" in b.proto.id]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_pytest_file_is_refused_for_a_pruned_tree_saying_what_to_do(lang):
    """Reduced-error pruning on the book's Table 4.2 split: the file would expect the pruned
    tree without its validation rows, so it is not offered; the warning names the method and
    the sidebar's choice that offers it."""
    at = started_app(lang)
    at.selectbox(key="bundled_key").set_value("watermelon_2.0_train").run()
    at.selectbox(key="prune").set_value("rep").run()
    at.switch_page(PAGE).run()
    assert not at.exception and not at.error
    assert not file_buttons(at)
    warning = shown(at.warning)
    assert t("prune.method.rep", _lang=lang) in warning
    assert t("prune.method.none", _lang=lang) in warning
    assert ("no student's code could build" if lang == "en" else "学生的代码无法") in warning


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_pytest_file_is_refused_for_cls_saying_what_to_do(lang):
    """CLS draws each attribute at random (seeded): no student's tree can match it."""
    at = open_exercises(lang, "cls")
    assert not file_buttons(at)
    warning = shown(at.warning)
    assert t("algo.cls", _lang=lang) in warning
    assert ("Choose an algorithm that picks by a score" if lang == "en"
            else "请选择按得分选择属性的算法") in warning


@pytest.mark.parametrize("algorithm", ["worst", "oblique", "c45_lihang"])
def test_the_chinese_page_names_the_algorithm_in_chinese(algorithm):
    """The catalogue's name, not the label (Worst, Oblique, C4.5 (Li Hang) are English)."""
    from dtree_core.algorithms import get

    at = open_exercises("zh", algorithm)
    caption = shown(at.caption)
    # a Latin name is set off by a space, as in the page's other sentences; a Chinese one not
    assert fill("与这里用 {name} 生成的决策树", {"name": t(f"algo.{algorithm}", _lang="zh")}) \
        in caption
    assert f"用{get(algorithm).label}生成" not in caption


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_instability_view_grows_a_few_trees(lang):
    at = open_exercises(lang)
    at.number_input(key="inst_trees").set_value(5)
    at.button(key="inst_run").click().run()
    assert not at.exception and not at.error
    charts = at.get("plotly_chart")
    assert len(charts) == 1
    figure = json.loads(charts[0].proto.spec)
    assert sum(figure["data"][0]["y"]) == 5  # the root counts add up to the trees
    labels = [m.label for m in at.metric]
    assert t("inst.vote", _lang=lang) in labels and t("inst.single", _lang=lang) in labels
    distinct = next(m for m in at.metric if m.label == t("inst.distinct", _lang=lang))
    assert distinct.value.endswith("/ 5")


def grown_trees(lang: str, trees: int, seed: int, min_gain: float | None = None):
    """The instability view on watermelon 2.0 with ID3, grown with these settings."""
    at = open_exercises(lang)
    if min_gain is not None:
        at.number_input(key="min_gain").set_value(min_gain).run()
    at.number_input(key="inst_trees").set_value(trees)
    at.number_input(key="inst_seed").set_value(seed)
    at.button(key="inst_run").click().run()
    assert not at.exception and not at.error
    return at


def root_counts_shown(at) -> dict:
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    return dict(zip(figure["data"][0]["x"], figure["data"][0]["y"], strict=True))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tie_for_the_most_frequent_root_names_every_tied_root(lang):
    """10 trees, seed 2: 脐部, 色泽 and 纹理 are each the root of 3 trees, 根蒂 of 1; the
    sentence named 脐部 alone."""
    at = grown_trees(lang, 10, 2)
    assert root_counts_shown(at) == {"脐部": 3, "色泽": 3, "纹理": 3, "根蒂": 1}
    roots = t("list.join", _lang=lang).join(["脐部", "色泽", "纹理"])
    expected = t("inst.root_summary.tied", _lang=lang, roots=roots, count=3, total=10, kinds=4)
    assert expected in shown(at.markdown)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_single_leaves_are_counted_apart_from_the_root_attributes(lang):
    """min_gain 0.5, seed 1: 4 single leaves, 脐部 4, 敲声 1, 纹理 1. The sentence said the root
    is (a single leaf) in 4 trees, and counted 4 root attributes where 3 are attributes."""
    at = grown_trees(lang, 10, 1, min_gain=0.5)
    leaf = t("inst.leaf_root", _lang=lang)
    assert root_counts_shown(at) == {leaf: 4, "脐部": 4, "敲声": 1, "纹理": 1}
    head = t("inst.root_summary", _lang=lang, root="脐部", count=4, total=10, kinds=3)
    expected = t("inst.root_summary.leaves", _lang=lang, summary=head, leaves=4, total=10)
    assert expected in shown(at.markdown)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_one_root_attribute_beside_single_leaves_is_worded_as_the_only_one(lang):
    at = grown_trees(lang, 10, 3, min_gain=0.6)  # 6 single leaves, 纹理 4
    head = t("inst.root_summary.only", _lang=lang, root="纹理", count=4, total=10)
    expected = t("inst.root_summary.leaves", _lang=lang, summary=head, leaves=6, total=10)
    assert expected in shown(at.markdown)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_trees_that_are_all_single_leaves_name_no_root_attribute(lang):
    at = grown_trees(lang, 5, 1, min_gain=1.0)
    assert root_counts_shown(at) == {t("inst.leaf_root", _lang=lang): 5}
    assert t("inst.root_summary.all_leaves", _lang=lang, total=5) in shown(at.markdown)


def test_flipped_labels_mode_runs():
    at = open_exercises("en")
    at.radio(key="inst_mode").set_value("flip").run()
    at.number_input(key="inst_trees").set_value(3)
    at.number_input(key="inst_flips").set_value(2)
    at.button(key="inst_run").click().run()
    assert not at.exception and not at.error
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert sum(figure["data"][0]["y"]) == 3


def test_every_code_and_kind_the_core_can_give_has_words_in_both_languages():
    import re
    from pathlib import Path

    from dtree_core import expected, treecheck
    from ui.messages import EN
    from ui.messages_zh import ZH

    source = Path(treecheck.__file__).read_text("utf-8")
    codes = set(re.findall(r'PasteError\(.*?,\s*"([a-z_]+)"', source, re.S))
    assert len(codes) >= 15, codes
    # kinds the core picks in a variable: a tied attribute or a tied cut point
    kinds = set(re.findall(r'Difference\("([a-z_]+)"', source)) | {
        "tied", "attribute", "threshold", "tied_threshold"}
    assert kinds == set(treecheck.KINDS)
    file_codes = set(re.findall(r'ExerciseFileError\(.*?,\s*"([a-z_]+)"',
                                Path(expected.__file__).read_text("utf-8"), re.S))
    assert file_codes == {"too_many_rows", "oblique", "pruned", "random", "forced", "random_ties"}
    keys = ([f"tc.error.{c}" for c in codes] + [f"tc.diff.{k}" for k in kinds]
            + [f"tc.file.error.{c}" for c in file_codes])
    assert [k for k in keys if k not in EN or k not in ZH] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_li_hang_51_gain_over_h_in_a_pasted_trace_is_flagged_with_both_rows(lang):
    """The manual's g(D,A)/H(D) gives C4.5's tree on Table 5.1; its numbers differ at the
    root, first for 年龄: 0.0855 against g_R = 0.0524."""
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.selectbox(key="bundled_key").set_value("loan_lihang").run()
    at.selectbox(key="algorithm").set_value("c45").run()
    at.switch_page(PAGE).run()
    manual = json.loads(json.dumps(at.session_state["current"]["trace"], default=list))
    for node in manual["nodes"]:
        for row in node["scores"]:
            row["gain_ratio"] = row["gain"] / node["entropy"]
    paste(at, json.dumps(manual, ensure_ascii=False))
    message = shown(at.error).replace("\\", "")
    assert "年龄" in message and "0.0855" in message and "0.0524" in message
    table = at.dataframe[0].value
    whose = table[t("tc.row.label", _lang=lang)]
    assert list(whose) == [t("tc.row.trace", _lang=lang), t("tc.row.given", _lang=lang)]
    ratios = table[t("col.gain_ratio", _lang=lang)]
    assert ratios.iloc[0] == pytest.approx(0.0524, abs=1e-4)
    assert ratios.iloc[1] == pytest.approx(0.0855, abs=1e-4)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_scores_caption_counts_the_rows_it_shows(lang):
    """Two rows (the tree's attribute and the pasted one) or one (a leaf pasted where the tree
    splits), and the sentences agree; the agreed count says its total is the whole tree's."""
    leaf = "纹理?\n    纹理=清晰: 是\n    纹理=稍糊: 否\n    纹理=模糊: 否"
    at = paste(open_exercises(lang), leaf)
    assert len(at.dataframe[0].value) == 1
    captions = shown(at.caption)
    assert t("tc.scores.one", _lang=lang) in captions
    assert t("tc.scores", _lang=lang) not in captions
    total = sum(not n.get("pruned_away") for n in at.session_state["current"]["trace"]["nodes"])
    name = t("algo.id3", _lang=lang)
    assert t("tc.agreed", _lang=lang, agreed=1, total=total, algorithm=name) in captions
    wrong = ("纹理?\n    纹理=清晰: 色泽?\n        色泽=青绿: 是\n        色泽=乌黑: 是\n"
             "        色泽=浅白: 否\n    纹理=稍糊: 否\n    纹理=模糊: 否")
    at = paste(open_exercises(lang), wrong)
    assert len(at.dataframe[0].value) == 2
    assert t("tc.scores", _lang=lang) in shown(at.caption)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_checking_an_empty_paste_says_nothing_was_pasted(lang):
    """The button with nothing (or only spaces) in the box showed nothing at all."""
    at = open_exercises(lang)
    at.text_area(key="tc_text").input("   ")
    at.button(key="tc_check").click().run()
    assert not at.exception
    assert t("tc.error.empty", _lang=lang) in [e.value for e in at.error]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tied_cut_is_said_to_tie_by_the_score_the_algorithm_cuts_by(lang, monkeypatch):
    import pandas as pd

    from dtree_core import DecisionTree
    from dtree_core.labels import export_text
    from dtree_core.treecheck import check_tree
    from ui import messages
    from ui.treecheck import sentence_values

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    X, y = pd.DataFrame({"x": [1.0, 2, 3, 4, 5, 6]}), list("abbbba")
    for algorithm, score in (("c45", "gain"), ("cart", "gini_index")):
        trace = DecisionTree(algorithm, continuous=["x"]).fit(X, y).trace_.to_dict()
        other = DecisionTree(algorithm, continuous=["x"], force={"root": "x@5.5"}).fit(
            X, y).trace_.to_dict()
        result = check_tree(export_text(other), trace)
        said = t(f"tc.diff.{result.difference.kind}", **sentence_values(trace, result))
        assert said == t("tc.diff.tied_threshold", _lang=lang, expected_attribute="x",
                         given="5.5", expected="1.5", criterion=t(f"col.{score}", _lang=lang))


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "has a split forced by hand: the file cannot tell a student's build_tree about it,",
     "has 2 splits forced by hand: the file cannot tell a student's build_tree about them,"),
    ("zh", "有 1 处划分是手动强制指定的：文件无法把它告诉学生",
     "有 2 处划分是手动强制指定的：文件无法把它们告诉学生"),
])
def test_one_forced_split_is_said_in_the_singular(monkeypatch, lang, one, two):
    """The exercise file refused for forced splits: one is "a split … it" (它), not "them"."""
    from dtree_core.expected import ExerciseFileError
    from ui import messages
    from ui.treecheck import file_error_text

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    assert one in file_error_text(ExerciseFileError("", "forced", count=1))
    assert two in file_error_text(ExerciseFileError("", "forced", count=2))


def test_the_cores_refusal_of_one_forced_split_says_it(wm3):
    from dtree_core import DecisionTree
    from dtree_core.expected import ExerciseFileError, expected_tests

    X, y = wm3
    for force, words in ((["root=纹理"], "has a split forced by hand; the file cannot tell a "
                          "student's build_tree about it."),
                         (["root=纹理", "纹理=清晰=色泽"], "has 2 splits forced by hand; the "
                          "file cannot tell a student's build_tree about them.")):
        trace = DecisionTree("id3", force=force).fit(X, y).trace_.to_dict()
        with pytest.raises(ExerciseFileError, match=words):
            expected_tests(trace, X, y, "forced")


def caption_text(at) -> str:
    return shown(at.caption).replace("\\", "")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_name_typed_with_spaces_is_read_as_its_column_and_said(lang):
    """纹 理 (a Chinese input method's space) was 'not an attribute of this data': it is read
    as 纹理, the page says so, and a wrong split on 色 泽 is told of as one on 色泽."""
    at = open_exercises(lang)
    trace = at.session_state["current"]["trace"]
    paste(at, export_text(trace).replace("纹理", "纹 理"))
    assert not at.error and not at.warning
    assert WORDS[lang][0] in shown(at.success).replace("\\", "")
    assert t("read_as.spaces", _lang=lang, written="纹 理", attribute="纹理") in caption_text(at)
    paste(at, "纹理?\n    纹理=清晰: 色 泽?\n        色 泽=青绿: 是\n        色 泽=乌黑: 是\n"
              "        色 泽=浅白: 否\n    纹理=稍糊: 否\n    纹理=模糊: 否")
    unescaped = shown(at.error).replace("\\", "")
    assert WORDS[lang][1] in unescaped and WORDS[lang][2] in unescaped
    assert not at.warning  # not "not an attribute of this data"
    assert list(at.dataframe[0].value[t("col.attribute", _lang=lang)]) == ["根蒂", "色泽"]
    assert t("read_as.spaces", _lang=lang, written="色 泽", attribute="色泽") in caption_text(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_spaced_name_of_a_column_used_above_is_no_candidate_of_that_column(lang):
    """纹 理 under 纹理=清晰 reads as 纹理, used above: the page says 纹理 is not a candidate
    there, as the checker judged it, not that 纹 理 is no attribute of this data."""
    at = open_exercises(lang)
    paste(at, "纹理?\n    纹理=清晰: 纹 理?\n        纹 理=清晰: 是\n    纹理=稍糊: 否\n"
              "    纹理=模糊: 否")
    (said,) = (w.value.replace("\\", "") for w in at.warning)
    assert said == t("tc.not_candidate", _lang=lang, attribute="纹理")
    assert t("read_as.spaces", _lang=lang, written="纹 理", attribute="纹理") in caption_text(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_name_in_another_case_or_width_is_read_as_its_column_and_said(lang):
    at = page_app(PAGE, "play_tennis", lang=lang, algorithm="id3")
    trace = at.session_state["current"]["trace"]
    paste(at, export_text(trace).replace("Outlook", "ＯＵＴＬＯＯＫ").replace("Wind", "wind"))
    assert not at.error and not at.warning and at.success
    said = caption_text(at)
    for written, column, folds in (("ＯＵＴＬＯＯＫ", "Outlook", ("case", "width")),
                                   ("wind", "Wind", ("case",))):
        assert t(read_as_key(folds), _lang=lang, written=written, attribute=column) in said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_name_two_columns_spell_without_spaces_is_asked_which(lang):
    """Two columns differing only by spaces (色泽 and 色 泽): a third spacing could mean either,
    and is refused naming both, as the numbers check refuses it."""
    frame = read_dataset("watermelon_2.0.csv").drop(columns="编号")
    frame.insert(1, "色 泽", frame["色泽"])
    at = uploaded_page(PAGE, frame, lang)
    paste(at, "色  泽?\n    色  泽=青绿: 是\n    色  泽=乌黑: 否\n    色  泽=浅白: 否")
    columns = {"zh": "“色泽”、“色 泽”", "en": "'色泽', '色 泽'"}[lang]  # quoted: the space shows
    asked = t("tc.diff.ambiguous_attribute", _lang=lang, given="色  泽", columns=columns)
    (said,) = (e.value.replace("\\", "") for e in at.error)
    assert said.endswith(asked) and t("tc.root", _lang=lang) in said
    assert not at.warning


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_name_two_columns_spell_in_another_case_is_asked_which(lang):
    """WIND for columns Wind and wind was read as Wind, the first: a guess. It is asked."""
    frame = read_dataset("play_tennis.csv").drop(columns="Day")
    frame.insert(4, "wind", frame["Wind"])
    at = uploaded_page(PAGE, frame, lang)
    paste(at, export_text(at.session_state["current"]["trace"]).replace("Wind", "WIND"))
    columns = {"zh": "“Wind”、“wind”", "en": "'Wind', 'wind'"}[lang]
    asked = t("tc.diff.ambiguous_attribute.spelling", _lang=lang, given="WIND",
              columns=columns)
    (said,) = (e.value.replace("\\", "") for e in at.error)
    assert said.endswith(asked) and "Outlook=Rain" in said

