"""Lecture mode and links through AppTest: ?mode=lecture, a full-state link landing on its step in
both languages, the URL following the session, and bad links worded, never a traceback."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from app_helpers import dot_source, new_app, node_widget, open_link, plain, trace, warnings

from dtree_core import DecisionTree
from dtree_core.cli_messages import error_text as cli_error_text
from dtree_core.data import CodedError
from dtree_core.links import decode
from dtree_core.options import Options
from ui import state
from ui.messages import t

LANGS = ("en", "zh")


def current_node_in_dot(dot: str) -> int:
    found = re.findall(r'^\s*n(\d+) \[[^\n]*class="[^"]*dt-current', dot, re.MULTILINE)
    assert len(found) == 1, dot[:500]
    return int(found[0])


def book_steps(**options) -> list[int]:
    """The node decided at each step, from the core alone (not from the app)."""
    from tests.conftest import xy

    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    return list(DecisionTree(**options).fit(X, y).trace_.to_dict(scores=False)["steps"])


def score_dataframes(at) -> list:
    return [df for df in at.dataframe if "Gain_ratio" in df.value.columns]


# --------------------------------------------------------------------- a link opens its step

FULL = {"data": "watermelon_2.0", "algorithm": "c45", "max_depth": "3",
        "force": "root=色泽", "step": "4"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_full_link_lands_on_its_step_in_both_languages(lang):
    at = open_link(FULL, lang)
    assert not at.error and warnings(at) == []
    options = at.session_state["current"]["options"]
    assert (options.algorithm, options.max_depth, options.force) == ("c45", 3, (("root", "色泽"),))
    steps = book_steps(algorithm="c45", max_depth=3, force={"root": "色泽"})
    expected = steps[4]
    assert at.session_state["step"] == 4
    assert current_node_in_dot(dot_source(at)) == expected
    assert trace(at)["nodes"][0]["decision"]["attribute"] == "色泽"  # the forced root
    caption = t("grow.step_of", _lang=lang, step=4, total=len(steps) - 1, node=expected)
    assert caption in [plain(c.value) for c in at.caption]
    # steps count from 0 as the slider does: the caption gives its range, not a count one short
    assert f"0–{int(at.slider(key='step_slider').max)}" in caption and len(steps) - 1 == \
        at.slider(key="step_slider").max
    assert at.title[0].value == t("page.grow", _lang=lang)
    # The URL still says the same link (nothing was lost in opening it).
    assert dict(at.query_params) == {**FULL, "lang": lang}


def test_the_replay_order_travels_too():
    """Step 4 of the breadth-first replay is another node than step 4 of TreeGenerate's."""
    from tests.conftest import xy
    from ui.tables import bfs_order

    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    expected = bfs_order(DecisionTree().fit(X, y).trace_.to_dict(scores=False))[4]
    assert expected != book_steps()[4]
    at = open_link({"data": "watermelon_2.0", "order": "bfs", "step": "4"})
    assert at.session_state["order"] == "bfs"
    assert current_node_in_dot(dot_source(at)) == expected
    assert at.query_params["order"] == "bfs" and at.query_params["step"] == "4"


def test_target_attributes_and_kinds_travel():
    at = open_link({"data": "watermelon_3.0", "attrs": ["色泽", "密度", "纹理"],
                    "nominal": "密度", "step": "1"})
    assert not at.error and warnings(at) == []
    current = at.session_state["current"]
    assert current["choices"]["attributes"] == ["色泽", "密度", "纹理"]
    assert current["options"].nominal == ("密度",)
    assert {a["name"]: a["kind"] for a in trace(at)["attributes"]}["密度"] == "nominal"
    assert at.session_state["step"] == 1


@pytest.mark.parametrize(("method", "extra"), [
    ("pep", {"cf": "0.1", "subtree_raising": "true", "pep_margin": "0.1"}),
    ("ccp", {"ccp_alpha": "0.02"}),
])
def test_every_sidebar_option_travels(method, extra):
    params = {"data": "watermelon_2.0", "algorithm": "cart", "max_depth": "4",
              "min_samples_split": "3", "min_gain": "0.01", "min_branch_weight": "2.0",
              "tie_break": "random", "seed": "7", "prune": method, **extra}
    at = open_link(params)
    assert not at.error and warnings(at) == []
    grown = at.session_state["current"]["options"]
    assert decode(params, state.LINK_BASE).options == {
        name: getattr(grown, name) for name in decode(params, state.LINK_BASE).options}
    assert dict(at.query_params) == {**params, "lang": "en"}


def test_every_option_field_has_a_home_in_the_app():
    homes = set(state.SIDEBAR) | set(state.PER_DATASET) | set(state.NOT_IN_SIDEBAR)
    assert homes == {f.name for f in fields(Options)}


# --------------------------------------------------------------------- lecture mode


@pytest.mark.parametrize("lang", LANGS)
def test_mode_lecture_shows_the_tree_beside_the_score_table(lang):
    at = open_link({"data": "watermelon_2.0", "mode": "lecture"}, lang)
    assert at.session_state["lecture"] and at.toggle(key="lecture").value
    assert len(at.get("graphviz_chart")) == 1
    assert len(at.table) == 1 and score_dataframes(at) == []  # an HTML table, scaled by CSS
    shown = at.table[0].value
    assert t("col.attribute", _lang=lang) in shown.columns and len(shown) == 6
    assert t("lecture.keys", _lang=lang) in [c.value for c in at.caption]
    assert at.query_params["mode"] == "lecture"


def test_the_switch_turns_lecture_mode_on_and_off_and_the_url_follows():
    at = open_link({"data": "watermelon_2.0"})
    assert not at.session_state["lecture"] and "mode" not in at.query_params
    assert len(score_dataframes(at)) == 1 and len(at.table) == 0
    at.toggle(key="lecture").set_value(True).run()
    assert at.query_params["mode"] == "lecture" and len(at.table) == 1
    at.toggle(key="lecture").set_value(False).run()
    assert "mode" not in at.query_params and len(score_dataframes(at)) == 1


def test_the_url_follows_the_session():
    at = open_link({"data": "watermelon_2.0"})
    at.selectbox(key="algorithm").set_value("c45").run()
    at.button(key="btn_next").click().run()
    at.button(key="btn_next").click().run()
    assert at.query_params["algorithm"] == "c45" and at.query_params["step"] == "2"
    at.selectbox(key="algorithm").set_value("id3").run()  # a new tree starts at step 0
    assert "algorithm" not in at.query_params and "step" not in at.query_params
    # A second session opening the URL lands where the first one is.
    at.button(key="btn_last").click().run()
    again = open_link(dict(at.query_params))
    assert again.session_state["step"] == at.session_state["step"] > 0
    assert dot_source(again) == dot_source(at)


def test_a_split_forced_on_the_page_goes_into_the_url():
    at = open_link({"data": "watermelon_2.0"})
    at.selectbox(key=node_widget(at, "force_", 0)).set_value("色泽").run()
    assert trace(at)["nodes"][0]["decision"]["attribute"] == "色泽"
    assert at.query_params["force"] == "root=色泽"
    again = open_link(dict(at.query_params))
    assert dot_source(again) == dot_source(at)


# --------------------------------------------------------------------- bad links


@pytest.mark.parametrize("lang", LANGS)
def test_a_decimal_for_a_whole_number_is_not_called_no_decimal(lang):
    """seed=1.5 was 'not a whole or decimal number' (1.5 is a decimal number): a whole field
    says it wants a whole number; a decimal field's nonsense still reads as before."""
    at = open_link({"data": "watermelon_2.0", "seed": "1.5", "min_gain": "abc"}, lang)
    said = warnings(at)
    assert t("link.problem.not_whole", _lang=lang, param="seed", value="1.5") in said
    assert t("link.problem.not_a_number", _lang=lang, param="min_gain", value="abc") in said


def test_a_refused_setting_is_explained_in_the_links_language():
    """On the Chinese UI the reason after 未被采用： was the core's English sentence."""
    from dtree_core.cli_messages import ERRORS_ZH

    at = open_link({"data": "watermelon_2.0", "algorithm": "foo", "min_gain": "-1",
                    "cf": "0.9", "min_samples_split": "0"}, "zh")
    said = warnings(at)
    for param, value, reason in (
            ("algorithm", "foo", ERRORS_ZH["option.algorithm"].split("{")[0]),
            ("min_gain", "-1", ERRORS_ZH["option.min_gain"].split("{")[0]),
            ("cf", "0.9", ERRORS_ZH["option.cf"].split("{")[0]),
            ("min_samples_split", "0", ERRORS_ZH["option.min_samples_split"].split("{")[0])):
        head = t("link.problem.refused", _lang="zh", param=param, value=value, reason="")
        sentence = next(s for s in said if s.startswith(head))
        assert sentence.startswith(head + reason), sentence
        assert not re.search(r"[A-Za-z]{4,} [a-z]{3,}", sentence[len(head):]), sentence
    english = warnings(open_link({"data": "watermelon_2.0", "cf": "0.9"}, "en"))
    assert any("cf must be a number in (0, 0.5], got 0.9" in s for s in english)


@pytest.mark.parametrize("lang", LANGS)
def test_a_links_forces_are_refused_in_the_app_s_words(lang):
    """Of two splits forced at one node the first was dropped without a word; a force that is
    not PATH=ATTRIBUTE was explained as the command line's '--force needs …', in English on
    the Chinese UI."""
    twice = open_link({"data": "watermelon_2.0", "force": ["root=色泽", "root=纹理"]}, lang)
    assert twice.session_state["current"]["options"].force == ()
    with pytest.raises(CodedError) as refused:  # Options' refusal, in the CLI's words
        Options.build(force=["root=色泽", "root=纹理"])
    reason = cli_error_text(refused.value, lang)
    assert "色泽" in reason and ("一个结点" in reason) == (lang == "zh")
    assert t("link.problem.refused", _lang=lang, param="force", value="root=色泽 ; root=纹理",
             reason=reason) in warnings(twice)
    syntax = warnings(open_link({"data": "watermelon_2.0", "force": "root"}, lang))
    assert t("link.problem.refused", _lang=lang, param="force", value="root",
             reason=t("error.force.syntax", _lang=lang, text="root")) in syntax
    assert not any("--force" in s for s in syntax)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("dataset", "method"), [("watermelon_2.0", "rep"),
                                                 ("watermelon_3.0", "pre")])
def test_a_link_to_a_validated_pruning_opens_a_tree(lang, dataset, method):
    """A link carries no validation file, and the sidebar waited for an upload: the link the
    app wrote after pre- or post-pruning on a seeded split opened with no tree. A dataset
    without the book's paired set now splits its rows (seeded) unless told otherwise."""
    at = open_link({"data": dataset, "prune": method}, lang)
    assert not at.error and not at.warning
    current = at.session_state["current"]
    assert current["options"].prune == method
    assert current["choices"]["validation"]["source"] == "split"
    assert trace(at)["pruning"]


@pytest.mark.parametrize("lang", LANGS)
def test_with_no_tree_yet_no_message_speaks_of_one(lang):
    """Waiting for a validation file before any tree grew, the sidebar said "The tree shown
    is the last one grown" and the page "Pick a bundled dataset" beside the chosen one."""
    at = new_app()
    for key, value in {"data": "watermelon_2.0", "prune": "rep", "lang": lang}.items():
        at.query_params[key] = value
    at.session_state["validation_source::False"] = "upload"
    at.run()
    assert not at.exception and "current" not in at.session_state
    assert [w.value for w in at.warning] == [t("prune.validation.missing.none", _lang=lang)]
    assert [i.value for i in at.info] == [t("setup.no_tree", _lang=lang)]


@pytest.mark.parametrize("lang", LANGS)
def test_bad_parameters_are_worded_and_the_defaults_stay(lang):
    at = open_link({"data": "watermelon_2.0", "max_depth": "abc", "cf": "2", "algorithm": "c5",
                    "step": "x", "mode": "party", "min_samples_split": "1"}, lang)
    assert not at.error
    said = warnings(at)
    expected = [t("link.problem.not_whole", _lang=lang, param="max_depth", value="abc"),
                t("link.problem.not_whole", _lang=lang, param="step", value="x"),
                t("link.problem.range", _lang=lang, param="min_samples_split", value="1",
                  range="2–10000")]
    for sentence in expected:
        assert sentence in said
    assert any(s.startswith(t("link.problem.refused", _lang=lang, param="cf", value="2",
                              reason="")) for s in said)
    options = at.session_state["current"]["options"]
    assert (options.algorithm, options.max_depth, options.min_samples_split) == ("id3", None, 2)
    assert at.session_state["step"] == 0 and not at.session_state["lecture"]
    assert warnings(open_link({"data": "watermelon_2.0", "max_depth": "0"}, lang)) == [
        t("link.problem.range", _lang=lang, param="max_depth", value="0", range="1–100")]
    at.button(key="btn_next").click().run()
    assert warnings(at) == []  # said once, not on every rerun


@pytest.mark.parametrize("lang", LANGS)
def test_a_step_past_the_end_shows_the_last(lang):
    at = open_link({"data": "watermelon_2.0", "step": "999"}, lang)
    last = len(trace(at)["steps"]) - 1
    assert at.session_state["step"] == last
    assert t("link.problem.step", _lang=lang, value="999", last=last) in warnings(at)


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_dataset_is_worded(lang):
    at = open_link({"data": "no_such_table", "algorithm": "c45"}, lang)
    assert t("link.problem.dataset", _lang=lang, value="no_such_table") in warnings(at)
    assert at.session_state["current"]["options"].algorithm == "c45"


@pytest.mark.parametrize("lang", LANGS)
def test_an_upload_link_says_which_file_to_upload(lang):
    at = open_link({"upload": "我的 西瓜[1].csv", "algorithm": "c45", "step": "2"}, lang)
    infos = [plain(i.value) for i in at.info]
    assert t("link.upload", _lang=lang, filename="我的 西瓜[1].csv") in infos
    assert at.radio(key="source").value == "upload"
    assert at.session_state["algorithm"] == "c45"  # for the sidebar once the file is here
    assert at.query_params["upload"] == "我的 西瓜[1].csv"  # kept until the file is here


def test_an_upload_link_applies_once_its_file_is_uploaded():
    """Target, attributes and the forced split wait for the named file, then the step."""
    from app_helpers import DATA

    params = {"upload": "西瓜.csv", "target": "好瓜", "attrs": ["色泽", "根蒂", "敲声"],
              "force": "root=敲声", "algorithm": "c45", "step": "2"}
    at = open_link(params, "zh")
    data = (DATA / "watermelon2.csv").read_bytes()
    at.file_uploader(key="upload").set_value(("西瓜.csv", data, "text/csv")).run()
    assert not at.exception and not at.error and warnings(at) == []
    current = at.session_state["current"]
    assert current["choices"]["target"] == "好瓜"
    assert current["choices"]["attributes"] == ["色泽", "根蒂", "敲声"]
    assert current["options"].force == (("root", "敲声"),)
    assert current["options"].algorithm == "c45"
    assert trace(at)["nodes"][0]["decision"]["attribute"] == "敲声"
    assert at.session_state["step"] == 2
    assert [i.value for i in at.info if "西瓜.csv" in plain(i.value)] == []  # no longer asked
    assert dict(at.query_params) == {**params, "lang": "zh"}  # the same link again


def test_another_file_does_not_take_an_upload_links_choices():
    from app_helpers import DATA

    at = open_link({"upload": "西瓜.csv", "force": "root=敲声"})
    data = (DATA / "watermelon2.csv").read_bytes()
    at.file_uploader(key="upload").set_value(("other.csv", data, "text/csv")).run()
    assert not at.exception
    assert at.session_state["current"]["options"].force == ()
    assert t("link.upload", filename="西瓜.csv") in [plain(i.value) for i in at.info]


def test_li_hangs_alpha_travels_above_cart_s_range():
    """prune=cost takes ccp_alpha as Li Hang's α, a loss in bits (9 prunes Table 5.1 to one
    leaf); CART's alpha input stops at 1, his does not."""
    at = open_link({"data": "loan_lihang", "prune": "cost", "ccp_alpha": "9"})
    options = at.session_state["current"]["options"]
    assert (options.prune, options.ccp_alpha) == ("cost", 9.0) and not warnings(at)
    too_big = open_link({"data": "loan_lihang", "prune": "ccp", "ccp_alpha": "9"})
    assert too_big.session_state["current"]["options"].ccp_alpha == 0.0 and warnings(too_big)


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_whose_attributes_are_none_of_the_datasets_keeps_them_all(lang):
    """attrs=colour on watermelon 2.0 (or an empty attrs=): none of the link's attributes is
    a column, so the dataset's are used, as without the link, and the note says so (every
    attribute was dropped, then 'no attribute columns are left')."""
    for attrs in ("colour", ""):
        at = open_link({"data": "watermelon_2.0", "attrs": attrs}, lang)
        assert not at.error
        grown = at.session_state["current"]["trace"]["attributes"]
        assert len(grown) == 6  # 色泽 根蒂 敲声 纹理 脐部 触感
        said = t("link.problem.attributes_none", _lang=lang, value=attrs, param="attrs",
                 reason="")
        assert said in warnings(at)


def test_a_linked_step_is_the_linked_trees_not_the_next_tree_shown():
    """A link to /compare with step 9; the data changed there before Grow was opened: Grow
    opened the new tree at step 7 with 'the link asks for step 9'."""
    at = new_app()
    for key, value in {"data": "watermelon_2.0", "step": "9", "lang": "en"}.items():
        at.query_params[key] = value
    at.switch_page("pages/compare.py")
    at.run()
    assert at.query_params["step"] == "9"  # the link's tree, not opened yet: its step stays
    at.selectbox(key="bundled_key").set_value("play_tennis").run()
    assert "step" not in at.query_params  # the URL no longer gives play tennis step 9
    at.switch_page("pages/grow.py").run()
    assert not at.exception and at.session_state["step"] == 0 and warnings(at) == []


def test_the_url_carries_the_step_of_the_tree_it_names():
    """At step 10 on Grow, then other data chosen on Compare: the URL read data=play_tennis
    &step=10, and a fresh session opening it was told the step is past the last."""
    at = open_link({"data": "watermelon_2.0"})
    at.slider(key="step_slider").set_value(10).run()
    assert at.query_params["step"] == "10"
    at.switch_page("pages/compare.py").run()
    at.selectbox(key="bundled_key").set_value("play_tennis").run()
    assert at.query_params["data"] == "play_tennis" and "step" not in at.query_params


@pytest.mark.parametrize("lang", LANGS)
def test_an_upload_link_s_step_is_not_lent_to_a_bundled_dataset(lang):
    """A link naming an upload, with step 4; the student picks a bundled dataset first: its
    tree opened at step 4, the step of a tree it never was, and the file lost its step."""
    from app_helpers import DATA

    at = open_link({"upload": "西瓜.csv", "step": "4"}, lang)
    at.radio(key="source").set_value("bundled").run()
    assert not at.exception and "current" in at.session_state
    assert at.session_state["step"] == 0
    assert "step" not in at.query_params
    # the file, uploaded after all (another file first): its tree opens at the link's step
    at.radio(key="source").set_value("upload").run()
    data = (DATA / "watermelon2.csv").read_bytes()  # the bundled set's bytes: a blank line
    at.file_uploader(key="upload").set_value(("other.csv", data + b"\n\n", "text/csv")).run()
    assert at.session_state["step"] == 0  # makes each file's tree another tree
    at.file_uploader(key="upload").set_value(("西瓜.csv", data + b"\n", "text/csv")).run()
    assert not at.exception and at.session_state["current"]["source"]["filename"] == "西瓜.csv"
    assert at.session_state["step"] == 4 and at.query_params["step"] == "4"


def test_an_upload_link_s_file_of_a_bundled_set_s_bytes_opens_at_the_link_s_step():
    """The file a link names is often a bundled set's CSV: picked first, that set's tree is
    the file's (the same bytes), and it takes the link's step once the file is uploaded."""
    from app_helpers import DATA

    at = open_link({"upload": "西瓜.csv", "step": "4"})
    at.radio(key="source").set_value("bundled").run()
    assert at.session_state["step"] == 0
    at.radio(key="source").set_value("upload").run()
    data = (DATA / "watermelon2.csv").read_bytes()  # the bundled set's very bytes
    at.file_uploader(key="upload").set_value(("西瓜.csv", data, "text/csv")).run()
    assert not at.exception and at.session_state["current"]["source"]["filename"] == "西瓜.csv"
    assert at.session_state["step"] == 4 and at.query_params["step"] == "4"


def root_words(lang: str) -> str:
    """A force at the root as the warnings name it (the key 'root' read in Chinese: 在“root”处)."""
    return t("node.root.bare", _lang=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_forced_split_on_no_column_of_the_data_names_it(lang):
    """force=root=不存在 said only that the split could not be made at root."""
    at = open_link({"data": "watermelon_2.0", "force": "root=不存在"}, lang)
    said = warnings(at)
    assert t("grow.force_unmatched.one", _lang=lang, path=root_words(lang)) in said
    assert t("grow.force_unknown", _lang=lang, path=root_words(lang), attribute="不存在") in said
    # a column the node cannot split on (used up above it): unmatched, but no unknown name
    known = warnings(open_link({"data": "watermelon_2.0", "force": "纹理=清晰=纹理"}, lang))
    assert t("grow.force_unmatched.one", _lang=lang, path="纹理=清晰") in known
    assert not [s for s in known if "纹理=清晰" in s and s not in (
        t("grow.force_unmatched.one", _lang=lang, path="纹理=清晰"),)]


@pytest.mark.parametrize("lang", LANGS)
def test_a_force_whose_data_cannot_be_read_again_names_no_reason_it_cannot_tell(
        lang, monkeypatch):
    """Where the data cannot be loaded again (state.data_columns None), a force on a column
    the sidebar left out was said to name "no column of this data"; it is said to be none
    of the tree's attributes, which is all the page knows."""
    from ui import state

    at = open_link({"data": "watermelon_2.0", "attrs": ["色泽", "根蒂"], "force": "root=纹理"},
                   lang)
    monkeypatch.setattr(state, "data_columns", lambda dataset: None)
    at.run()
    assert not at.exception
    said = warnings(at)
    assert t("grow.force_not_attribute", _lang=lang, path=root_words(lang),
             attribute="纹理") in said
    assert not any(t(key, _lang=lang, path=root_words(lang), attribute="纹理") in said
                   for key in ("grow.force_unknown", "grow.force_unchosen"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_forced_split_on_a_column_left_out_or_the_target_says_so(lang):
    """A force on a column the sidebar left out was said to name "no column of this data"."""
    said = warnings(open_link({"data": "watermelon_2.0", "attrs": ["色泽", "根蒂"],
                               "force": "root=纹理"}, lang))
    assert t("grow.force_unchosen", _lang=lang, path=root_words(lang), attribute="纹理") in said
    assert t("grow.force_unknown", _lang=lang, path=root_words(lang), attribute="纹理") not in said
    said = warnings(open_link({"data": "watermelon_2.0", "force": "root=好瓜"}, lang))
    assert t("grow.force_target", _lang=lang, path=root_words(lang), attribute="好瓜") in said


@pytest.mark.parametrize(("lang", "listed"), [("en", "colour, 香味"), ("zh", "colour、香味")])
def test_a_links_unknown_attributes_are_listed_as_the_language_lists_them(lang, listed):
    """attrs=色泽,colour,香味: the two that are no column are named joined by the note's
    language (data.Listed), not by the English ", " in a Chinese sentence."""
    at = open_link({"data": "watermelon_2.0", "attrs": ["色泽", "colour", "香味"]}, lang)
    assert any(listed in w for w in warnings(at)), warnings(at)


@pytest.mark.parametrize(("lang", "listed"), [("en", "dfs, bfs"), ("zh", "dfs、bfs")])
def test_a_links_unknown_choice_lists_the_allowed_ones_as_the_language_lists_them(lang,
                                                                                  listed):
    """order=xx: the note names the orders a link may ask for, joined by its language."""
    said = warnings(open_link({"data": "watermelon_2.0", "order": "xx"}, lang))
    assert any(listed in w for w in said), said


def test_the_link_caption_names_what_a_link_keeps_and_what_it_does_not():
    """It said 'opens exactly this', but the decimals (a display setting) are not in the link."""
    import dataclasses

    from dtree_core.links import Link
    from ui.messages import EN
    assert "decimals" not in {f.name for f in dataclasses.fields(Link)}
    assert "exactly" not in EN["link.caption"] and "decimals" in EN["link.caption"]
