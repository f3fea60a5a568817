"""The Compare page's link through AppTest: a link opens the page with its configurations, its
node and its split, in both languages; the URL follows the page's choices (only those that
differ from its defaults) and opens the same page in a new session; a value the page cannot use
is named in a warning in the link's language, its default kept."""

from __future__ import annotations

import pytest
from app_helpers import default_value_warnings, new_app, open_link, plain, warnings

from dtree_core.data import Listed
from ui import state
from ui.messages import t

LANGS = ("en", "zh")
COMPARE = "pages/compare.py"
DATA = {"data": "watermelon_2.0"}


def open_compare(params: dict, lang: str = "en"):
    """A new session's first visit to the Compare page, by a link with these parameters."""
    return open_link(params, lang, COMPARE)


def tree_titles(at) -> list[str]:
    """The bold title above each tree drawn side by side (the configurations' labels)."""
    count = len(at.get("graphviz_chart"))  # after as many "Configuration N" headers
    headers = [m.value for m in at.markdown if m.value.startswith("**")]
    return [plain(h.strip("*")) for h in headers[count:2 * count]]


def drawn(at) -> list[str]:
    return [chart.proto.spec for chart in at.get("graphviz_chart")][:3]


def compare_params(at) -> dict:
    return {k: v for k, v in at.query_params.items() if k.startswith("cmp")}


LINK = {**DATA, "cmp_n": "2", "cmp1_algorithm": "cart", "cmp2_max_depth": "2",
        "cmp2_prune": "pep", "cmp_node": "纹理=清晰", "cmp_test_size": "0.4",
        "cmp_split_seed": "7"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_compare_link_opens_its_configurations_node_and_split(lang):
    at = open_compare(LINK, lang)
    assert not at.error and warnings(at) == []
    assert at.title[0].value == t("page.compare", _lang=lang)
    assert len(at.get("graphviz_chart")) == 2
    ss = at.session_state
    assert (ss["cmp_n"], ss["cmp_algo_0"], ss["cmp_algo_1"]) == (2, "cart", "c45")
    assert (ss["cmp_depth_1"], ss["cmp_prune_1"]) == (2, "pep")
    assert (ss["cmp_test_size"], ss["cmp_seed"]) == (0.4, 7)
    assert at.selectbox(key="cmp_node").value == "纹理=清晰"
    # the labels above the trees say what grew: CART, and C4.5 at depth 2 with PEP
    labels = [plain(h) for h in tree_titles(at)]
    assert labels[0] == "CART" and labels[1].startswith("C4.5")
    assert t("lab.config.depth", _lang=lang, depth=2) in labels[1]
    assert t("lab.config.prune.pep", _lang=lang) in labels[1]
    # the URL still says the same link (nothing lost, nothing added)
    assert dict(at.query_params) == {**LINK, "lang": lang}


def test_the_url_follows_the_compare_page_and_opens_it_again():
    at = open_compare(DATA)
    assert compare_params(at) == {}  # the page's defaults: nothing to say
    at.number_input(key="cmp_n").set_value(4).run()
    at.selectbox(key="cmp_algo_3").set_value("id3").run()
    at.number_input(key="cmp_depth_3").set_value(1).run()
    at.number_input(key="cmp_min_1").set_value(4).run()
    at.selectbox(key="cmp_prune_2").set_value("ccp").run()
    at.slider(key="cmp_test_size").set_value(0.25).run()
    at.number_input(key="cmp_seed").set_value(3).run()
    at.selectbox(key="cmp_node").set_value("纹理=清晰").run()
    assert not at.exception
    assert compare_params(at) == {
        "cmp_n": "4", "cmp4_algorithm": "id3", "cmp4_max_depth": "1",
        "cmp2_min_samples_split": "4", "cmp3_prune": "ccp", "cmp_test_size": "0.25",
        "cmp_split_seed": "3", "cmp_node": "纹理=清晰"}
    # a new session opening the URL shows the same page
    again = open_compare(dict(at.query_params))
    assert warnings(again) == []
    assert tree_titles(again) == tree_titles(at) and len(tree_titles(at)) == 4
    assert drawn(again) == drawn(at)
    assert again.selectbox(key="cmp_node").value == "纹理=清晰"
    for ours, theirs in zip(at.dataframe[:2], again.dataframe[:2], strict=True):
        assert ours.value.equals(theirs.value)  # the summary, the scores at the node
    # back to a default: it leaves the URL; the grow page's link names none of the page's
    at.number_input(key="cmp_seed").set_value(0).run()
    assert "cmp_split_seed" not in at.query_params
    at.switch_page("pages/grow.py").run()
    assert compare_params(at) == {} and at.query_params["data"] == "watermelon_2.0"


def test_a_node_the_trees_stop_sharing_leaves_the_url():
    """The node picker falls back to the root when the trees no longer share its node: the
    URL follows the page as drawn, not the pick of the run before."""
    at = open_compare({**DATA, "cmp_n": "2", "cmp_node": "纹理=清晰"})
    assert at.selectbox(key="cmp_node").value == "纹理=清晰"
    at.number_input(key="cmp_min_0").set_value(100).run()  # the first tree: a root alone
    assert not at.exception
    assert len(at.selectbox(key="cmp_node").options) == 1
    assert at.selectbox(key="cmp_node").value == "root" and "cmp_node" not in at.query_params


def test_a_sidebar_s_pruning_is_the_configurations_default():
    """Configurations start with the sidebar's pruning: a link with prune=rep names none for
    them, and one configuration left unpruned beside it says so."""
    at = open_compare({**DATA, "prune": "rep", "cmp3_prune": "none"})
    assert warnings(at) == []
    ss = at.session_state
    assert [ss[f"cmp_prune_{i}"] for i in range(3)] == ["rep", "rep", "none"]
    assert compare_params(at) == {"cmp3_prune": "none"}


@pytest.mark.parametrize("lang", LANGS)
def test_bad_compare_values_are_named_and_their_defaults_kept(lang):
    from dtree_core.cli_messages import ERRORS_ZH

    at = open_compare({**DATA, "cmp_n": "7", "cmp1_algorithm": "c5", "cmp2_max_depth": "abc",
                       "cmp3_max_depth": "0", "cmp1_min_gain": "2", "cmp_test_size": "0.33",
                       "cmp_split_seed": "-4", "cmp_node": "色泽=青绿"}, lang)
    said = warnings(at)
    expected = [
        t("link.problem.range_compare", _lang=lang, param="cmp_n", value="7", range="2–4"),
        t("link.problem.not_whole", _lang=lang, param="cmp2_max_depth", value="abc"),
        t("link.problem.range_compare", _lang=lang, param="cmp3_max_depth", value="0",
          range="1–100"),
        t("link.problem.range_compare", _lang=lang, param="cmp1_min_gain", value="2.0",
          range="0–1"),
        t("link.problem.range_compare", _lang=lang, param="cmp_split_seed", value="-4",
          range=f"0–{2**31 - 1}"),
        t("link.problem.cmp_node", _lang=lang, param="cmp_node", value="色泽=青绿"),
    ]
    for sentence in expected:
        assert sentence in said, (sentence, said)
    listed = [s for s in said if s.startswith(
        t("link.problem.unknown_value", _lang=lang, param="cmp_test_size", value="0.33",
          allowed="").split("0.33")[0])]
    assert len(listed) == 1 and "0.15" in listed[0] and "0.5" in listed[0]
    refused = t("link.problem.refused", _lang=lang, param="cmp1_algorithm", value="c5",
                reason="")
    sentence = next(s for s in said if s.startswith(refused))
    if lang == "zh":  # the refusal in the link's language, as the sidebar's are
        assert sentence.startswith(refused + ERRORS_ZH["option.algorithm"].split("{")[0])
    assert len(said) == len(expected) + 2
    # every default kept: three configurations, the first algorithms, no limits; the root
    ss = at.session_state
    assert ss["cmp_n"] == 3 and [ss[f"cmp_algo_{i}"] for i in range(3)] == ["id3", "c45", "cart"]
    assert [ss[f"cmp_depth_{i}"] for i in range(3)] == [0, 0, 0] and ss["cmp_gain_0"] == 0.0
    assert (ss["cmp_test_size"], ss["cmp_seed"]) == (0.3, 0)
    assert at.selectbox(key="cmp_node").value == "root"
    assert compare_params(at) == {} and not at.error
    # said once: the next run does not say it again
    at.run()
    assert warnings(at) == []


def test_a_compare_link_sets_the_widgets_without_a_warning(monkeypatch):
    """Streamlit warns (once a process) about a widget given a value that session state also
    sets: the page's widgets take their first value from session state instead."""
    with default_value_warnings(monkeypatch) as messages:
        at = open_compare({**DATA, **{k: v for k, v in LINK.items() if k != "cmp_node"},
                           "cmp_n": "3", "cmp3_prune": "rep"})
    assert at.session_state["cmp_prune_2"] == "rep" and at.session_state["cmp_test_size"] == 0.4
    assert [m for m in messages if "default value" in m] == []


def test_the_link_s_ranges_are_the_page_s_widgets():
    at = open_compare(DATA)
    for name, (key, bounds, for_none) in state.COMPARE_CONFIG.items():
        if bounds is None:
            continue
        widget = at.number_input(key=key.format(0))
        low = bounds[0] if for_none is None else for_none  # 0: no limit
        assert (widget.min, widget.max) == (low, bounds[1]), name
    for key, bounds, _ in (state.COMPARE_COUNT_WIDGET, state.COMPARE_SPLIT_SEED_WIDGET):
        assert (at.number_input(key=key).min, at.number_input(key=key).max) == bounds
    slider = at.slider(key=state.COMPARE_TEST_SIZE_WIDGET)
    low, high, by = state.HELD_OUT
    assert (slider.min, slider.max, slider.step) == (low, high, by)


@pytest.mark.parametrize("lang", LANGS)
def test_a_seed_out_of_range_names_the_range_in_whole_numbers(lang):
    """The sidebar's seed range was said as 0–2.14748e+09."""
    at = new_app()
    for key, value in {**DATA, "seed": "-4", "lang": lang}.items():
        at.query_params[key] = value
    at.run()
    assert warnings(at) == [t("link.problem.range", _lang=lang, param="seed", value="-4",
                              range=f"0–{2**31 - 1}")]


def url_updates(monkeypatch) -> list[dict]:
    """Every query Streamlit sends from now on (one browser history entry each)."""
    from streamlit.runtime.state.query_params import QueryParams

    sent: list[dict] = []
    send = QueryParams._send_query_param_msg

    def counted(self):
        sent.append(dict(self._query_params))
        send(self)

    monkeypatch.setattr(QueryParams, "_send_query_param_msg", counted)
    return sent


def test_one_change_is_one_url_update(monkeypatch):
    """Streamlit pushes a browser history entry for each change of st.query_params: going from
    4 configurations to 3 removed cmp_n and the fourth's fields one at a time, three entries
    for one click, and Back passed links no page had shown (cmp4_prune=pep without cmp_n)."""
    at = open_compare({**DATA, "cmp_n": "4", "cmp4_max_depth": "1", "cmp4_prune": "pep"})
    sent = url_updates(monkeypatch)
    at.number_input(key="cmp_n").set_value(3).run()
    assert not at.exception and compare_params(at) == {}
    assert len(sent) == 1, sent
    at.selectbox(key="cmp_algo_0").set_value("cart").run()  # and a change with nothing to drop
    assert compare_params(at) == {"cmp1_algorithm": "cart"} and len(sent) == 2, sent


# The trees stepped together at a step, and Han's shares: travel as the page's other choices.
SHOWN = {**DATA, "cmp_view": "together", "cmp_step": "3", "cmp_noise": "0.35",
         "cmp_blank": "0.0"}


def shown_values(at) -> tuple:
    return (at.radio(key="cmp_view").value, at.slider(key="cmp_step").value,
            at.slider(key="han_noise").value, at.slider(key="han_blank").value)


@pytest.mark.parametrize("lang", LANGS)
def test_a_compare_link_opens_its_view_step_and_han_s_shares(lang):
    at = open_compare(SHOWN, lang)
    assert not at.error and warnings(at) == []
    assert shown_values(at) == ("together", 3, 0.35, 0.0)
    # each tree drawn at step 3: its later steps still to come
    assert all("dt-current" in c and "dt-pending" in c for c in drawn(at))
    assert dict(at.query_params) == {**SHOWN, "lang": lang}


def test_the_view_step_and_shares_follow_the_page_and_open_it_again():
    at = open_compare(DATA)
    assert compare_params(at) == {}
    at.radio(key="cmp_view").set_value("together").run()
    assert compare_params(at) == {"cmp_view": "together"}  # step 0: the slider's first
    at.slider(key="cmp_step").set_value(2).run()
    at.slider(key="han_noise").set_value(0.1).run()
    at.slider(key="han_blank").set_value(0.45).run()
    assert not at.exception
    assert compare_params(at) == {"cmp_view": "together", "cmp_step": "2", "cmp_noise": "0.1",
                                  "cmp_blank": "0.45"}
    again = open_compare(dict(at.query_params))
    assert warnings(again) == [] and shown_values(again) == shown_values(at)
    assert drawn(again) == drawn(at)
    # back to the trees at their end: the step is no longer shown, so it leaves the URL
    at.radio(key="cmp_view").set_value("end").run()
    assert compare_params(at) == {"cmp_noise": "0.1", "cmp_blank": "0.45"}
    at.slider(key="han_noise").set_value(0.2).run()  # a default again: it leaves too
    assert compare_params(at) == {"cmp_blank": "0.45"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_step_past_the_longest_replay_is_said_and_shows_the_last(lang):
    """As the grow page's step past its tree's last: the last step, and a warning."""
    at = open_compare({**DATA, "cmp_view": "together", "cmp_step": "99"}, lang)
    last = at.slider(key="cmp_step").max
    assert at.slider(key="cmp_step").value == last == 13  # C4.5's replay on watermelon 2.0
    assert warnings(at) == [t("link.problem.cmp_step", _lang=lang, param="cmp_step",
                              value="99", last=13)]
    assert compare_params(at) == {"cmp_view": "together", "cmp_step": "13"}
    at.run()
    assert warnings(at) == []  # said once


@pytest.mark.parametrize("step", ["1", "5"])
def test_a_step_past_trees_that_are_each_one_leaf_names_step_0(step):
    """Every tree a lone root: the last step is 0 (the slider still runs to 1, needing two
    values); the warning said 1, and a link's step 1 opened with none."""
    leaves = {f"cmp{i}_min_samples_split": "100" for i in (1, 2, 3)}
    at = open_compare({**DATA, **leaves, "cmp_view": "together", "cmp_step": step})
    assert at.slider(key="cmp_step").value == 0
    assert warnings(at) == [t("link.problem.cmp_step", _lang="en", param="cmp_step",
                              value=step, last=0)]
    assert "cmp_step" not in compare_params(at)  # step 0 is the default


@pytest.mark.parametrize("lang", LANGS)
def test_bad_view_step_and_shares_are_named_and_their_defaults_kept(lang):
    at = open_compare({**DATA, "cmp_view": "sideways", "cmp_step": "2", "cmp_noise": "0.33",
                       "cmp_blank": "0.7"}, lang)
    said = warnings(at)

    def listing(param: str, value: str) -> str:
        """The one warning that `param`=`value` is not among the values it lists."""
        start = t("link.problem.unknown_value", _lang=lang, param=param, value=value,
                  allowed="").split(value)[0] + value
        [sentence] = [s for s in said if s.startswith(start)]
        return sentence

    assert "end" in listing("cmp_view", "sideways") and "together" in listing("cmp_view",
                                                                              "sideways")
    for param, value in (("cmp_noise", "0.33"), ("cmp_blank", "0.7")):
        assert "0.05" in listing(param, value) and "0.45" in listing(param, value)
    assert t("link.problem.cmp_step_view", _lang=lang, param="cmp_step", value="2") in said
    assert len(said) == 4
    assert (at.radio(key="cmp_view").value, at.slider(key="han_noise").value,
            at.slider(key="han_blank").value) == ("end", 0.2, 0.2)
    assert compare_params(at) == {} and not at.error


def test_a_step_that_is_no_step_is_named_and_the_first_kept():
    at = open_compare({**DATA, "cmp_view": "together", "cmp_step": "-2"})
    assert warnings(at) == [t("link.problem.not_whole", param="cmp_step", value="-2")]
    assert at.slider(key="cmp_step").value == 0
    assert compare_params(at) == {"cmp_view": "together"}


def test_the_view_step_and_shares_set_their_widgets_without_a_warning(monkeypatch):
    with default_value_warnings(monkeypatch) as messages:
        at = open_compare(SHOWN)
    assert shown_values(at) == ("together", 3, 0.35, 0.0)
    assert [m for m in messages if "default value" in m] == []


# each share a link may set, and the key of the slider the page draws for it
SHARE_SLIDERS = {"cmp_test_size": state.COMPARE_TEST_SIZE_WIDGET,
                 "cmp_noise": state.HAN_NOISE_WIDGET, "cmp_blank": state.HAN_BLANK_WIDGET}


def offered(slider) -> list[str]:
    """Every value the drawn slider lets the reader pick, min to max by its step, as a link
    writes it (0.1, 0.15, …)."""
    count = round((slider.max - slider.min) / slider.step)
    return [f"{round(slider.min + slider.step * i, 9):g}" for i in range(count + 1)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_link_s_shares_are_the_page_s_sliders(lang):
    """What a link accepts for a share is what the page's slider offers, read off the drawn
    slider (not the constants both are made from): a value between two of the slider's is
    answered with the values a link takes, and they are the slider's; its two ends are
    taken."""
    at = open_compare({**DATA, **dict.fromkeys(SHARE_SLIDERS, "0.33")}, lang)
    sliders = {param: at.slider(key=key) for param, key in SHARE_SLIDERS.items()}
    assert sorted(warnings(at)) == sorted(
        t("link.problem.unknown_value", _lang=lang, param=param, value="0.33",
          allowed=Listed(offered(slider))) for param, slider in sliders.items())
    for end in (0, -1):
        ends = {param: offered(slider)[end] for param, slider in sliders.items()}
        again = open_compare({**DATA, **ends}, lang)
        assert warnings(again) == []
        assert {param: f"{again.slider(key=key).value:g}"
                for param, key in SHARE_SLIDERS.items()} == ends


def test_a_view_or_share_change_is_one_url_update(monkeypatch):
    at = open_compare(DATA)
    sent = url_updates(monkeypatch)
    at.radio(key="cmp_view").set_value("together").run()
    at.slider(key="cmp_step").set_value(4).run()
    at.slider(key="han_blank").set_value(0.3).run()
    at.radio(key="cmp_view").set_value("end").run()  # drops the step: still one update
    assert compare_params(at) == {"cmp_blank": "0.3"}
    assert len(sent) == 4, sent


@pytest.mark.parametrize("lang", LANGS)
def test_a_linked_node_comes_back_when_every_tree_has_it_again(lang):
    """The link's node was not kept as a pick is: a tree that lost it for a moment (a minimum
    that leaves a root alone) sent the picker to the root for good, with nothing said."""
    from ui.messages import EN, ZH

    at = open_compare({**DATA, "cmp_n": "2", "cmp_node": "纹理=清晰"}, lang)
    at.number_input(key="cmp_min_0").set_value(100).run()
    assert not at.exception and at.selectbox(key="cmp_node").value == "root"
    said = (EN if lang == "en" else ZH)["cmp.node.kept"].format(node="纹理=清晰")
    assert said in [plain(c.value) for c in at.caption]
    at.number_input(key="cmp_min_0").set_value(2).run()
    assert not at.exception and not at.error
    assert at.selectbox(key="cmp_node").value == "纹理=清晰"
    assert said not in [plain(c.value) for c in at.caption]
