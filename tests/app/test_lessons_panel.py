"""The node panel's sentences are true to the decision they describe (both languages).

Every number is checked against the trace the page replays, never against a copy of the
formula: the sentence must name the attribute the trace chose and the value it ranked by.
"""

from __future__ import annotations

import math
import re

import pytest
from app_helpers import grown_app, trace

from dtree_core.cli_messages import CATALOGUE as CLI_CATALOGUE
from dtree_core.cli_messages import say
from dtree_core.data import Listed
from ui.messages import EN, t
from ui.messages_zh import ZH
from ui.tables import (
    BOOK_FINGERPRINTS,
    continuous_penalty_changes_pick,
    dataset_fingerprint,
    gains_at_mean,
    smaller_gini_loser,
)

CATALOGUES = {"en": EN, "zh": ZH}


def open_grow(dataset: str, algorithm: str, lang: str = "en", step: int = 0):
    return grown_app(dataset, algorithm, lang, step=step)


def current_node(at) -> dict:
    tr = trace(at)
    return tr["nodes"][tr["steps"][at.session_state["step"]]]


def plain(text: str) -> str:
    """Markdown as read: user text is backslash-escaped (ui.messages.literal)."""
    return re.sub(r"\\(.)", r"\1", text)


def texts(at) -> list[str]:
    return [plain(e.value) for e in [*at.info, *at.caption, *at.markdown]]


def latex(at) -> list[str]:
    return [item.value for item in at.latex]


def shown_score_table(at):
    return next(df.value for df in at.dataframe if "Gain_ratio" in " ".join(df.value.columns))


# --------------------------------------------------------------------- CART with missing values


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cart_smaller_gini_index_loses_to_the_rho_weighted_decrease(lang):
    at = open_grow("watermelon_2.0_alpha", "cart", lang, step=1)  # node 1: 纹理 in {清晰}
    node = current_node(at)
    loser = smaller_gini_loser(node)
    won = next(r for r in node["scores"] if r["chosen"])
    assert loser["attribute"] == "脐部" and won["attribute"] == "触感"
    assert loser["gini_index"] < won["gini_index"] and loser["gini_gain"] < won["gini_gain"]
    words = texts(at)
    why = next(w for w in words if "ρ·(Gini(D̃) − Gini_index) = " in w and "触感" in w)
    assert why.startswith("触感") and f"{won['gini_gain']:.3f}" in why
    assert CATALOGUES[lang]["rule.min_gini"].split("{")[1].startswith("attribute")
    note = next(w for w in words if w.startswith("脐部") and f"{loser['gini_gain']:.3f}" in w)
    assert f"{loser['gini_index']:.3f}" in note and f"{won['gini_gain']:.3f}" in note
    if lang == "zh":
        assert "基尼指数更小" in note
    # 脐部's decrease loses without ρ too (0.145 − 0 against 0.334 − 0.172): its D̃ is purer,
    # and the note says so rather than blaming ρ
    assert loser["gini_known"] - loser["gini_index"] < won["gini_known"] - won["gini_index"]
    assert f"{won['gini_known']:.3f}" in note
    assert ("purer to begin with" if lang == "en" else "本来就更纯") in note
    assert ("weighs the decrease by ρ" if lang == "en" else "用 ρ 加权") not in note


def test_cart_note_blames_rho_only_where_the_decrease_without_it_wins(monkeypatch):
    """Where the smaller Gini_index's own decrease beats the winner's and only ρ turns it, the
    note names ρ; where it loses without ρ too, a purer D̃ (both read off the trace)."""
    from ui import panel

    monkeypatch.setattr(panel, "compared_places", lambda trace, node, decimals: {})
    row = {"attribute": "a", "rho": 0.5, "gini_known": 0.5, "gini_index": 0.0,
           "gini_gain": 0.25, "eligible": True, "chosen": False}
    won = {"attribute": "b", "rho": 1.0, "gini_known": 0.5, "gini_index": 0.2,
           "gini_gain": 0.3, "eligible": True, "chosen": True}
    node = {"scores": [row, won], "decision": {"kind": "split", "attribute": "b"}}
    trace = {"algorithm": "cart", "nodes": [node]}
    assert "weighs the decrease by ρ" in panel.cart_note(trace, node, 3)  # 0.5 > 0.3: ρ
    purer = {**row, "gini_known": 0.2, "gini_gain": 0.1}  # 0.2 < 0.3 even without ρ
    node = {**node, "scores": [purer, won]}
    assert "purer to begin with" in panel.cart_note(trace, node, 3)


def test_cart_criterion_formula_with_the_nodes_numbers():
    at = open_grow("watermelon_2.0_alpha", "cart", step=1)
    won = next(r for r in current_node(at)["scores"] if r["chosen"])
    formula = next(v for v in latex(at) if r"\rho \times \left(\mathrm{Gini}(\tilde D)" in v)
    expected = (f"{won['rho']:.3f} \\times \\left({won['gini_known']:.3f} - "
                f"{won['gini_index']:.3f}\\right) = {won['gini_gain']:.3f}")
    assert expected in formula
    assert any(v.startswith("$$\n\\mathrm{Gini}(\\tilde D)") for v in latex(at))


# --------------------------------------------------------------------- CART's two-way columns


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cart_columns_are_labelled_two_way_beside_zhous_multiway_gini(lang):
    at = open_grow("watermelon_2.0", "cart", lang)
    catalogue = CATALOGUES[lang]
    frame = shown_score_table(at)
    two_way = catalogue["lesson.col.two_way"]
    iv, gini = two_way.format(name="IV"), two_way.format(name="Gini_index")
    multiway = catalogue["col.gini_index_multiway"]
    assert {iv, gini, multiway} <= set(frame.columns)
    row = frame.set_index(catalogue["col.attribute"]).loc["色泽"]
    assert round(row[iv], 3) == 0.874 and round(row[gini], 3) == 0.437
    assert round(row[multiway], 3) == 0.427  # Zhou eq. 4.6's multiway value
    assert t("lesson.two_way", _lang=lang, algorithm="CART") in texts(at)


def test_id3_columns_are_the_books_multiway_ones():
    at = open_grow("watermelon_2.0", "id3")
    frame = shown_score_table(at).set_index("attribute")
    assert round(frame.loc["色泽", "IV"], 3) == 1.580
    assert round(frame.loc["色泽", "Gini_index"], 3) == 0.427
    assert "IV (two-way)" not in frame.columns


# --------------------------------------------------------------------- missing values


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_known_rows_formulas_and_ivs_extra_branch(lang):
    at = open_grow("watermelon_2.0_alpha", "c45", lang)
    score = next(r for r in current_node(at)["scores"] if r["chosen"])  # 纹理, ρ = 15/17
    shown = latex(at)
    assert any(r"\rho = \frac" in v and r"\tfrac{15}{17}" in v for v in shown)
    assert any(r"\tilde p_{\text{是}} = \tfrac{7}{15}" in v for v in shown)
    ent = next(v for v in shown if v.startswith("$$\n\\mathrm{Ent}(\\tilde D)"))
    assert f"= {score['entropy_known']:.3f}" in ent
    note = next(w for w in texts(at) if "IV" in w and "Quinlan" in w)
    assert f"{1 - score['rho']:.3f}" in note and "纹理" in note


# --------------------------------------------------------------------- C4.5's mean filter


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_c45_gain_equal_to_the_mean_says_why_the_filter_is_at_least(lang):
    at = open_grow("watermelon_2.0", "c45", lang, step=3)  # 纹理=清晰/触感=软粘: all gains equal
    node = current_node(at)
    assert len(gains_at_mean(node)) == len(node["scores"]) >= 2
    mean = f"{node['decision']['mean_gain']:.3f}"
    expected = t("lesson.c45.all_equal", _lang=lang, mean=mean)
    assert expected in texts(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_c45_some_gains_exactly_at_the_mean(lang):
    at = open_grow("watermelon_2.0", "c45", lang, step=10)  # 纹理=稍糊
    node = current_node(at)
    assert gains_at_mean(node) == ["色泽", "敲声"]
    assert {"色泽", "敲声"} <= set(node["decision"]["passed"])  # kept by ≥, dropped by >
    mean = f"{node['decision']['mean_gain']:.3f}"
    listed = "色泽、敲声" if lang == "zh" else "色泽, 敲声"  # Chinese lists take 、
    assert t("lesson.c45.at_mean", _lang=lang, attributes=listed, mean=mean) in texts(at)


def test_no_mean_note_where_no_gain_equals_the_mean():
    at = open_grow("watermelon_2.0", "c45")
    assert gains_at_mean(current_node(at)) == []
    assert not any("higher than average" in w for w in texts(at))


# --------------------------------------------------------------------- J48's penalty


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_j48_penalty_sentence_where_it_changes_the_pick(lang):
    at = open_grow("watermelon_3.0", "c45", lang)
    node = current_node(at)
    assert node["decision"]["attribute"] == "含糖率"
    assert continuous_penalty_changes_pick(node) == "纹理"
    expected = t("lesson.c45.j48", _lang=lang, j48="纹理", winner="含糖率")
    assert expected in texts(at)


def test_no_j48_sentence_without_continuous_attributes():
    at = open_grow("watermelon_2.0", "c45")
    assert not any("J48" in w and "log₂(N−1)" in w for w in texts(at))


# --------------------------------------------------------------------- numbers printed rounded


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_book_rounded_gain_of_colour_is_named_once(lang):
    at = open_grow("watermelon_2.0", "id3", lang)
    gain = next(r for r in current_node(at)["scores"] if r["attribute"] == "色泽")["gain"]
    assert round(gain, 4) == 0.1081 and f"{gain:.3f}" != "0.109"
    notes = [w for w in texts(at) if "0.109" in w]
    assert len(notes) == 1 and "0.1081" in notes[0] and "色泽" in notes[0]


def test_book_rounded_is_only_at_the_root_of_the_books_data():
    at = open_grow("watermelon_2.0", "id3", step=1)
    assert not any("0.109" in w for w in texts(at))
    assert BOOK_FINGERPRINTS[dataset_fingerprint(trace(at))] == "watermelon_2.0"


# --------------------------------------------------------------------- impurity measures


def figure_of(at, key_part: str) -> dict:
    import json

    return next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                if key_part in c.proto.id)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_class_impurity_curves_mark_the_nodes_p(lang):
    at = open_grow("watermelon_2.0", "id3", lang, step=1)
    node, tr = current_node(at), trace(at)
    chart = figure_of(at, "impurity")
    names = [line["name"] for line in chart["data"]]
    assert names == [t(f"lesson.impurity.{m}", _lang=lang)
                     for m in ("entropy", "gini", "error", "here")]
    here = chart["data"][-1]
    p = node["class_counts"].get(tr["classes"][0], 0) / node["weight"]
    assert here["x"][0] == pytest.approx(p)
    assert here["y"][0] == pytest.approx(node["entropy"])  # the trace's Ent(D)
    assert here["y"][1] == pytest.approx(node["gini"])
    assert here["y"][2] == pytest.approx(1 - max(p, 1 - p))
    assert max(chart["data"][0]["y"]) == pytest.approx(1.0)  # log₂|Y| for two classes
    assert t("lesson.impurity.two", _lang=lang) in texts(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_many_class_impurities_beside_their_maxima(lang):
    at = open_grow("iris", "id3", lang)
    node, k = current_node(at), len(trace(at)["classes"])
    frame = next(df.value for df in at.dataframe
                 if t("lesson.impurity.col.max", _lang=lang) in df.value.columns)
    values = list(frame[t("lesson.impurity.col.value", _lang=lang)])
    maxima = list(frame[t("lesson.impurity.col.max", _lang=lang)])
    assert values[0] == pytest.approx(node["entropy"]) and values[1] == pytest.approx(node["gini"])
    assert maxima == pytest.approx([math.log2(k), 1 - 1 / k, 1 - 1 / k])


def test_class_names_reach_plotly_as_plain_text():
    from ui.panel import impurity_figure

    tr = {"classes": ["<b>yes</b>", "no"]}
    node = {"class_counts": {"<b>yes</b>": 3, "no": 1}}
    title = impurity_figure(tr, node, 3).layout.xaxis.title.text
    assert "&lt;b&gt;yes&lt;/b&gt;" in title and "<b>" not in title


def test_cart_chart_shows_what_cart_maximises_where_values_are_missing():
    at = open_grow("watermelon_2.0_alpha", "cart", step=1)
    chart = figure_of(at, "bars")
    rows = current_node(at)["scores"]
    assert chart["data"][0]["y"] == pytest.approx([r["gini_gain"] for r in rows])
    assert chart["layout"]["yaxis"]["autorange"] is True  # the largest is the best
    whole = open_grow("watermelon_2.0", "cart")
    assert figure_of(whole, "bars")["layout"]["yaxis"]["autorange"] == "reversed"  # Gini_index


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("algorithm", ["id3", "c45"])
def test_candidates_the_rule_could_not_take_are_named_and_marked(lang, algorithm):
    """With min branch weight 2, 触感 (Gain 0.722) and 根蒂 cannot split node #5 / #4 of
    watermelon 2.0: the rule chose among the rest, so "the largest gain" and C4.5's mean
    hold there. The sentence names them (and says they are out of the mean), the table
    marks them ✗ under its own column, and the mean filter's column is blank for them."""
    at = open_grow("watermelon_2.0", algorithm, lang)
    at.number_input(key="min_branch_weight").set_value(2.0).run()
    tr = trace(at)
    steps = tr["steps"]
    target = next(i for i, node_id in enumerate(steps)
                  if {r["eligible"] for r in tr["nodes"][node_id]["scores"]} == {True, False})
    at.slider(key="step_slider").set_value(target).run()
    node = current_node(at)
    out = [r for r in node["scores"] if not r["eligible"]]
    kept = [r for r in node["scores"] if r["eligible"]]
    assert max(r["gain"] for r in out) > max(r["gain"] for r in kept)  # "largest" needs it
    words = CATALOGUES[lang]
    said_by_cli = CLI_CATALOGUE[lang]  # the sentence is the command line's (left_out_text)
    template = said_by_cli["ineligible.weight"]  # its words before or after {attributes}
    words_only = template.split("{")[0] if lang == "en" else template.split("}")[1]
    lead = words_only.split("{")[0].strip()
    said = [plain(m.value) for m in [*at.info, *at.markdown, *at.success] if lead in m.value]
    assert said, lead
    assert all(r["attribute"] in said[0] for r in out)
    if algorithm == "c45":  # the mean over the rest, and the caption says so
        assert said_by_cli["ineligible.mean"].strip(" ，") in said[0]
        mean = f"{node['decision']['mean_gain']:.3f}"
        assert words["node.mean_gain"].format(mean=mean) in [c.value for c in at.caption]
    table = at.dataframe[0].value
    header = words["col.eligible"]
    marks = dict(zip(table.iloc[:, 0], table[header], strict=True))
    assert {a for a, mark in marks.items() if mark == "✗"} == {r["attribute"] for r in out}


def test_the_chart_greys_candidates_the_rule_could_not_take():
    from dtree_core import DecisionTree
    from dtree_core.loading import load_path, prepare
    from tests.conftest import dataset_path
    from ui.panel import FAIL, WIN, criterion_chart

    data = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    tr = DecisionTree("id3", min_branch_weight=2).fit(data.X, data.y).trace_.to_dict()
    node = next(n for n in tr["nodes"]
                if {r["eligible"] for r in n["scores"]} == {True, False})
    colours = criterion_chart(tr, node, 3, "inspect").data[0].marker.color
    assert any(not row["eligible"] for row in node["scores"])
    for row, colour in zip(node["scores"], colours, strict=True):
        assert (colour == FAIL) == (not row["eligible"]) or row["chosen"] and colour == WIN


def test_a_two_way_splitters_one_value_attributes_are_named_as_such():
    """CART on watermelon 2.0 with a min branch weight of 2: the sentence names each
    candidate the rule could not take under the reason that holds for it, a nominal
    attribute with one value left (no two-way split) or the min branch weight."""
    from dtree_core import DecisionTree
    from dtree_core.loading import load_path, prepare
    from tests.conftest import dataset_path
    from ui.panel import ineligible_text

    data = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    tr = DecisionTree("cart", min_branch_weight=2).fit(data.X, data.y).trace_.to_dict()
    seen = set()
    for node in tr["nodes"]:
        out = [r for r in node["scores"] if not r["eligible"]]
        if not out:
            assert ineligible_text(tr, node) is None
            continue
        said = ineligible_text(tr, node)
        one = [r["attribute"] for r in out if r["kind"] == "nominal" and r["n_distinct"] < 2]
        rest = [r["attribute"] for r in out if r["attribute"] not in one]
        for names, key in ((one, "ineligible.one_value"), (rest, "ineligible.weight")):
            if names:
                seen.add(key)
                assert say("en", key, mean="", m="2", attributes=Listed(names)) in said
    assert seen == {"ineligible.one_value", "ineligible.weight"}


def test_names_that_look_like_numbers_stay_categories_on_every_bar_chart():
    """Columns named 1, 2, 10 (a spreadsheet's numbered questions): Plotly would read them as
    numbers, draw a linear axis and put the bars at x = 1, 2, 10, hiding the other names."""
    import pandas as pd

    from dtree_core import DecisionTree
    from dtree_core.compare import merged_scores
    from dtree_core.instability import perturbed_trees
    from dtree_core.options import Options
    from ui.compare import criteria_chart
    from ui.instability import root_chart
    from ui.panel import criterion_chart

    X = pd.DataFrame({"1": list("aabbabab"), "2": list("xyxyxyyx"), "10": list("ppqqpqpq"),
                      "纹理": list("mmnnmnnm")})
    y = pd.Series(list("是是否否是否否是"), name="好瓜")
    traces = [DecisionTree(a).fit(X, y).trace_.to_dict() for a in ("id3", "cart")]
    charts = [criterion_chart(traces[0], traces[0]["nodes"][0], 3, "inspect"),
              criteria_chart(merged_scores(traces, key="")),
              root_chart(perturbed_trees(Options.build(algorithm="id3"), X, y, n_trees=4))]
    for figure in charts:
        assert figure.layout.xaxis.type == "category"
    assert list(charts[0].data[0].x) == ["1", "2", "10", "纹理"]


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_tied_thresholds_are_named_with_the_rule_that_broke_the_tie(language, algorithm,
                                                                    monkeypatch):
    """x = 1.5, 2 … 6 with class a at both ends: t = 1.75 and t = 5.5 cut one a off each and
    score the same, by Gain and by Gini_index. The sentence names the other t and says the
    smallest is taken, which is what the grower did; without a tie it says nothing more."""
    import pandas as pd

    from dtree_core import DecisionTree
    from ui import messages
    from ui.panel import why_text
    from ui.widgets import score_header

    monkeypatch.setattr(messages, "current_language", lambda: language)
    X = pd.DataFrame({"x": [1.5, 2, 3, 4, 5, 6]})
    tr = DecisionTree(algorithm).fit(X, pd.Series(list("abbbba"))).trace_.to_dict()
    root = tr["nodes"][0]
    assert root["decision"]["threshold"] == 1.75
    said = why_text(tr, root, 3)
    row = next(r for r in root["scores"] if r["chosen"])
    field = "gini_index" if algorithm == "cart" else "gain"
    assert t("rule.threshold.tied", others="5.5", n=1, value=f"{row[field]:.3f}",
             criterion=score_header(field), _lang=language) in said
    untied = DecisionTree(algorithm).fit(X, pd.Series(list("abbbbb"))).trace_.to_dict()
    assert t("rule.threshold.tied", others="", n=0, value="", criterion="",
             _lang=language)[-12:] not in why_text(untied, untied["nodes"][0], 3)


def test_tied_thresholds_in_the_panel_are_written_apart_from_each_other_and_t():
    """The panel's list of tied t reads the same labels as the worked solution: the other t
    of a tie a ten-millionth from the chosen one is 1.234568, not six digits' 1.23457."""
    import pandas as pd

    from dtree_core import DecisionTree
    from ui.panel import why_text
    from ui.widgets import score_header

    X = pd.DataFrame({"x": [1.2345671, 1.2345673, 1.2345675, 1.2345677, 1.2345679, 1.2345681]})
    tr = DecisionTree("c45").fit(X, pd.Series(list("abbbba"))).trace_.to_dict()
    root = tr["nodes"][0]
    row = next(r for r in root["scores"] if r["chosen"])
    assert t("rule.threshold.tied", others="1.234568", n=1, value=f"{row['gain']:.3f}",
             criterion=score_header("gain"), _lang="en") in why_text(tr, root, 3)


def test_an_empty_nodes_impurity_is_not_written_as_a_false_sum():
    """Watermelon 2.0's empty branch (Fig. 4.4's 色泽=浅白 under 根蒂=稍蜷) has no p_k: its
    Gini(D) is 0 by convention, not 1 − (0), which is 1."""
    from dtree_core import DecisionTree
    from dtree_core.loading import load_path, prepare
    from tests.conftest import dataset_path
    from ui.formulas import entropy_latex, gini_latex

    data = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜", exclude=["编号"])
    tr = DecisionTree("id3").fit(data.X, data.y).trace_.to_dict()
    empty = next(n for n in tr["nodes"] if n["weight"] == 0)
    counts = [empty["class_counts"].get(c, 0) for c in tr["classes"]]
    assert gini_latex(counts, empty["gini"], 3) == r"\mathrm{Gini}(D) = 0.000 \quad (|D| = 0)"
    assert entropy_latex(counts, empty["entropy"], 3).endswith(r"= 0.000 \quad (|D| = 0)")
    root = tr["nodes"][0]
    assert gini_latex([8, 9], root["gini"], 3).startswith(
        r"\mathrm{Gini}(D) = 1 - \sum_{k} p_k^2 = 1 - \left(\left(\tfrac{8}{17}\right)^2")


def _panel_branches(lang: str):
    """The node panel's branch section for CART's 敲声 at a node of watermelon 2.0α where it
    has one value left, rendered by Streamlit (AppTest.from_function)."""
    import streamlit as st

    from dtree_core import DecisionTree
    from dtree_core.loading import load_path, prepare
    from tests.conftest import dataset_path
    from ui.panel import branch_details

    st.session_state["lang"] = lang  # the session's language, as the sidebar sets it
    data = prepare(load_path(dataset_path("watermelon_2.0_alpha.csv")), "好瓜",
                   exclude=["编号"])
    tr = DecisionTree("cart").fit(data.X, data.y).trace_.to_dict()
    node, row = next((n, r) for n in tr["nodes"] for r in n["scores"]
                     if r["kind"] == "nominal" and r["n_distinct"] < 2)
    branch_details(tr, node, row, 3)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_candidate_with_one_value_left_is_not_shown_as_a_split(lang):
    """CART's row for an attribute with one value left at the node holds a partition that
    puts every row on one side (a value absent here completes it): the panel says there is
    no split in two, so its branches are not read as a split that could be made."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_panel_branches, args=(lang,), default_timeout=60)
    at.run()
    assert not at.exception
    said = [c.value for c in at.caption]
    assert any(t("node.one_value", attribute="", _lang=lang)[-20:] in c for c in said), said



def test_a_row_with_one_value_left_puts_every_row_on_one_side():
    """What node.one_value says of such a row's branches, held against the rows themselves:
    every CART row of watermelon 2.0α with one value left has a branch of no known row."""
    from dtree_core import DecisionTree
    from dtree_core.export import one_value_left
    from dtree_core.loading import load_path, prepare
    from tests.conftest import dataset_path

    data = prepare(load_path(dataset_path("watermelon_2.0_alpha.csv")), "好瓜",
                   exclude=["编号"])
    tr = DecisionTree("cart").fit(data.X, data.y).trace_.to_dict()
    rows = [r for n in tr["nodes"] for r in n["scores"] if one_value_left(tr["algorithm"], r)]
    assert rows and all(not r["eligible"] for r in rows)
    for row in rows:
        assert sorted(b["n"] > 0 for b in row["branches"]) == [False, True], row["branches"]


# --------------------------------------------------------------------- Li Hang's Example 5.4


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cart_shows_every_value_against_the_rest_as_li_hangs_example(lang):
    """Li Hang's Example 5.4 on his Table 5.1: Gini(D, A=a) of every value of every feature
    (年龄=中年 0.48, the others of 年龄 0.44), read from the root's value_counts, and the
    smallest named with its tie (有自己的房子 = 否 and = 是 are one split: 0.27)."""
    at = open_grow("loan_lihang", "cart", lang)
    catalogue = CATALOGUES[lang]
    gini = catalogue["lihang.value_splits.gini"]
    frame = next(df.value for df in at.dataframe if gini in df.value.columns)
    frame = frame.set_index([catalogue["lihang.value_splits.feature"],
                             catalogue["lihang.value_splits.value"]])
    assert round(frame.loc[("年龄", "中年"), gini], 2) == 0.48
    assert round(frame.loc[("年龄", "青年"), gini], 2) == round(frame.loc[("年龄", "老年"),
                                                                      gini], 2) == 0.44
    assert len(frame) == 10  # 3 + 2 + 2 + 3 values
    pairs = catalogue["list.join"].join(["有自己的房子 = 否", "有自己的房子 = 是"])
    smallest = next(w for w in texts(at) if pairs in w)
    assert "(0.267)" in smallest or "（0.267）" in smallest
    assert catalogue["lihang.value_splits.same_split"] in texts(at)  # 否 and 是: one split
    assert any(e.label == catalogue["lihang.value_splits.title"] for e in at.expander)


def test_id3_shows_no_value_against_the_rest_table():
    """A multiway tree's rows have a branch per value: no value_counts, no such table."""
    at = open_grow("loan_lihang", "id3")
    assert not any(e.label == EN["lihang.value_splits.title"] for e in at.expander)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_value_against_the_rest_with_missing_values_says_it_is_on_the_known_rows(lang):
    """Watermelon 2.0α under CART: the root's rows have ρ < 1, so the table's numbers are
    Gini(D̃, A=a) (value_counts are known rows only), and the caption says so; Table 5.1
    has no missing value, and no such caption."""
    at = open_grow("watermelon_2.0_alpha", "cart", lang)
    node = current_node(at)
    assert any(r["rho"] < 1 for r in node["scores"] if r.get("value_counts"))
    row = next(r for r in node["scores"] if r["attribute"] == "色泽")
    known = sum(sum(c.values()) for c in row["value_counts"].values())
    assert known == pytest.approx(sum(node["class_counts"].values()) * row["rho"])
    known = t("lihang.value_splits.known", _lang=lang, algorithm="CART")
    assert known in texts(at)
    assert known not in texts(open_grow("loan_lihang", "cart", lang))
    # node 4: the features it lists (色泽, 根蒂, 敲声) are known in every row; only rows it
    # does not list (脐部, 触感) have ρ < 1, and no such caption is said
    below = open_grow("watermelon_2.0_alpha", "cart", lang, step=4)
    assert any(r["rho"] < 1 for r in current_node(below)["scores"])
    assert not any(w.startswith(known[:20]) for w in texts(below))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_oblique_trees_value_splits_say_it_cuts_a_linear_combination(lang):
    """Watermelon 3.0 under the oblique tree: its root is a linear test, so the sentence is
    the one naming Σ wᵢ·aᵢ ≤ t, not "cuts a continuous feature at a threshold t"."""
    at = open_grow("watermelon_3.0", "oblique", lang)
    assert current_node(at)["decision"].get("weights")
    said = [w for w in texts(at) if "Σ wᵢ·aᵢ ≤ t" in w]
    assert said and all(CATALOGUES[lang]["lihang.value_splits.cuts.linear"] in w for w in said)
    cart = open_grow("watermelon_3.0", "cart", lang)
    assert not any("Σ wᵢ·aᵢ ≤ t" in w for w in texts(cart))


def test_value_against_the_rest_lists_only_splits_the_rule_could_take():
    """Below the root (有自己的房子 = 否) 有自己的房子 has one value left: it parts nothing
    and is not listed (it was, at 0.444, with its absent value 是); every value listed has
    known rows on both sides, and no two-valued feature is left to list twice."""
    at = open_grow("loan_lihang", "cart", step=1)
    node = current_node(at)
    assert node["branch"]["value"] in (["否"], "否")
    gini = EN["lihang.value_splits.gini"]
    frame = next(df.value for df in at.dataframe if gini in df.value.columns)
    assert "有自己的房子" not in set(frame[EN["lihang.value_splits.feature"]])
    assert set(frame[EN["lihang.value_splits.feature"]]) == {"年龄", "有工作", "信贷情况"}


# 25 rows where A = p's Gini(D, A=a), 0.47941, and A = q's, 0.47949, read alike to 3 places
_CLOSE_VALUE_SPLITS = (
    "A,B,y\nr,u,no\nq,u,yes\nq,u,no\np,v,yes\nq,u,no\nq,s,no\nq,s,yes\np,s,no\n"
    "q,s,no\nq,v,no\np,v,yes\nq,u,yes\nr,s,no\np,v,no\nq,s,yes\nq,s,no\nr,s,yes\n"
    "q,u,yes\np,u,no\nr,s,no\nr,s,yes\np,u,yes\np,u,no\np,u,no\nq,v,no\n")


def _value_split_panel(lang: str):
    """The node panel's Li Hang table at the root of CART on _CLOSE_VALUE_SPLITS, rendered
    by Streamlit (AppTest.from_function)."""
    import io

    import pandas as pd
    import streamlit as st

    from dtree_core import DecisionTree
    from tests.app.test_lessons_panel import _CLOSE_VALUE_SPLITS
    from ui.panel import _value_split_table

    st.session_state["lang"] = lang
    data = pd.read_csv(io.StringIO(_CLOSE_VALUE_SPLITS))
    tr = DecisionTree("cart", nominal=["A", "B"]).fit(data[["A", "B"]], data["y"]).trace_
    tr = tr.to_dict()
    _value_split_table(tr, tr["nodes"][0], 3)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_smallest_value_split_never_reads_the_same_as_one_it_beat(lang):
    """A = p (0.47941) beat A = q (0.47949): to 3 places both read 0.479, so the table and
    the sentence naming the smallest write 4 (0.4794 against 0.4795), as every comparison
    the panel shows is written (split.places_apart)."""
    import io
    import json

    import pandas as pd
    from streamlit.testing.v1 import AppTest

    from dtree_core import DecisionTree
    from dtree_core.checking import smallest_value_splits, value_splits

    data = pd.read_csv(io.StringIO(_CLOSE_VALUE_SPLITS))
    tr = DecisionTree("cart", nominal=["A", "B"]).fit(data[["A", "B"]], data["y"]).trace_
    splits = value_splits(tr.to_dict()["nodes"][0], list(tr.classes))
    assert smallest_value_splits(splits) == [("A", "p", pytest.approx(0.4794117647))]
    assert ("A", "q", pytest.approx(0.4794871795)) in splits
    at = AppTest.from_function(_value_split_panel, args=(lang,), default_timeout=60)
    at.run()
    assert not at.exception
    said = [plain(c.value) for c in at.caption]
    assert any("A = p" in c and "0.4794" in c for c in said), said
    gini = CATALOGUES[lang]["lihang.value_splits.gini"]
    [columns] = [json.loads(df.proto.columns) for df in at.dataframe]
    assert columns[gini]["type_config"]["format"] == "%.4f"


def test_cart_notes_product_evaluates_to_the_gain_it_shows(monkeypatch):
    """ρ × (Gini(D̃) − Gini_index) = ρ·ΔGini in the note: 0.824 × (0.500 − 0.123) is 0.311,
    not the 0.310 shown, so the terms get a fourth decimal (0.8235 × (0.4998 − 0.1234))."""
    import re

    from ui import panel

    monkeypatch.setattr(panel, "compared_places", lambda trace, node, decimals: {})
    row = {"attribute": "a", "rho": 0.8235, "gini_known": 0.4998, "gini_index": 0.1234,
           "eligible": True, "chosen": False}
    row["gini_gain"] = row["rho"] * (row["gini_known"] - row["gini_index"])
    won = {"attribute": "b", "rho": 1.0, "gini_known": 0.7, "gini_index": 0.2,
           "gini_gain": 0.5, "eligible": True, "chosen": True}
    node = {"scores": [row, won], "decision": {"kind": "split", "attribute": "b"}}
    note = panel.cart_note({"algorithm": "cart", "nodes": [node]}, node, 3)
    rho, known, index, gain = re.search(
        r"= ([\d.]+) × \(([\d.]+) − ([\d.]+)\) = ([\d.]+)", note).groups()
    assert (rho, known, index, gain) == ("0.8235", "0.4998", "0.1234", "0.310")
    assert abs(float(rho) * (float(known) - float(index)) - float(gain)) <= 0.0005


def test_cart_says_smallest_gini_only_where_the_scores_show_no_value_missing():
    """'No value is missing here' is read from the node's score rows: an outline trace
    (written without them) keeps the rule's general words."""
    from ui.panel import _rule_key

    tr = trace(grown_app("watermelon_2.0", "cart"))
    root = tr["nodes"][0]
    assert _rule_key(tr, root) == "rule.min_gini.complete"
    assert _rule_key(tr, {**root, "scores": []}) == "rule.min_gini"
    alpha = trace(grown_app("watermelon_2.0_alpha", "cart"))
    assert _rule_key(alpha, alpha["nodes"][0]) == "rule.min_gini"


def test_names_left_out_of_the_choice_are_escaped_once():
    """CART's node where a nominal attribute has one value left names it in the why-sentence:
    the sentence is plain text, escaped once where it is shown, so after Markdown's one
    unescaping the names read as in the data (not \\<b\\>x\\</b\\>, a\\_b)."""
    import pandas as pd

    from dtree_core import DecisionTree
    from ui import panel
    from ui.messages import literal

    X = pd.DataFrame({"<b>x</b>": list("ppqqqq"), "a_b": list("uvuvuu")})
    tr = DecisionTree("cart").fit(X, list("yynnyn")).trace_.to_dict()
    nodes = [n for n in tr["nodes"] if any(not r["eligible"] for r in n["scores"])]
    assert nodes
    for node in nodes:
        said = plain(literal(panel.why_text(tr, node, 3)))
        left_out = [r["attribute"] for r in node["scores"] if not r["eligible"]]
        assert all(name in said for name in left_out), said
