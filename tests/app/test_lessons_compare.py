"""The compare page's lessons: Han's five criteria, and worst / CLS / ID3 side by side.

Timings are shown, never asserted; every other number is checked against the traces.
"""

from __future__ import annotations

import json

import pytest
from app_helpers import page_app

from dtree_core import DecisionTree
from dtree_core.compare import interpretability
from dtree_core.loading import load_path, prepare
from tests.conftest import dataset_path
from ui.compare import scalability_figure
from ui.messages import t


def open_compare(dataset: str, lang: str = "en"):
    return page_app("pages/compare.py", dataset, lang)


TABLE_COLUMN = {"han_accuracy": "lesson.han.held_out", "han_speed": "lesson.han.fit_ms",
                "han_robustness": "lesson.han.noisy", "han_interpretability": "lesson.han.leaves",
                "matters_sizes": "cmp.col.nodes"}


def table(at, key: str, lang: str = "en"):
    """The table a section shows, found by a column only it has (the last such one)."""
    column = t(TABLE_COLUMN[key], _lang=lang)
    frames = [df.value for df in at.dataframe if column in df.value.columns]
    if key == "han_interpretability":  # the summary and the sizes table have leaves and nodes
        frames = [f for f in frames if t("cmp.col.nodes", _lang=lang) not in f.columns]
    return frames[-1]


def frame_with(at, column: str):
    return next(df.value for df in at.dataframe if column in df.value.columns)


def grown(dataset: str, target: str, algorithm: str) -> dict:
    prepared = prepare(load_path(dataset_path(f"{dataset}.csv")), target)
    return DecisionTree(algorithm=algorithm).fit(prepared.X, prepared.y).trace_.to_dict()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_han_five_criteria_one_column_each(lang):
    at = open_compare("watermelon_2.0", lang)
    headers = [m.value for m in at.markdown]
    for criterion in ("accuracy", "speed", "robustness", "scalability", "interpretability"):
        assert f"**{t(f'lesson.han.{criterion}', _lang=lang)}**" in headers
    summary = frame_with(at, t("cmp.col.test_accuracy", _lang=lang))
    accuracy = table(at, "han_accuracy", lang)
    assert list(accuracy[t("lesson.han.held_out", _lang=lang)]) == list(
        summary[t("cmp.col.test_accuracy", _lang=lang)])  # the same stratified split
    speed = table(at, "han_speed", lang)
    assert (speed[t("lesson.han.fit_ms", _lang=lang)] > 0).all()  # shown, not asserted further
    chart = json.loads(at.get("plotly_chart")[-1].proto.spec)
    assert [line["name"] for line in chart["data"]] == ["ID3", "C4.5", "CART"]
    assert chart["data"][0]["x"] == [17, 34, 68, 136, 272]


def test_interpretability_is_the_drawn_trees():
    at = open_compare("watermelon_2.0")
    frame = table(at, "han_interpretability")
    for row, algorithm in zip(frame.to_dict("records"), ("id3", "c45", "cart"), strict=True):
        leaves, depth, rule_length = interpretability(grown("watermelon_2.0", "好瓜", algorithm))
        assert (row["leaves"], row["depth"]) == (leaves, depth)
        assert row["mean rule length"] == pytest.approx(rule_length)


def test_robustness_without_noise_or_blanks_is_the_clean_accuracy():
    at = open_compare("watermelon_3.0")
    at.slider(key="han_noise").set_value(0.0)
    at.slider(key="han_blank").set_value(0.0).run()
    clean = list(table(at, "han_accuracy")["held-out accuracy"])
    robust = table(at, "han_robustness")
    assert list(robust["with label noise"]) == clean
    assert list(robust["with blanked values"]) == clean


def test_label_noise_changes_the_held_out_accuracy():
    at = open_compare("watermelon_2.0")
    at.slider(key="han_noise").set_value(0.5).run()
    robust = table(at, "han_robustness")
    clean = table(at, "han_accuracy")["held-out accuracy"]
    assert list(robust["with label noise"]) != list(clean)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_worst_cls_and_id3_side_by_side_with_tree_sizes(lang):
    at = open_compare("watermelon_2.0", lang)
    frame = table(at, "matters_sizes", lang)
    nodes, leaves = t("cmp.col.nodes", _lang=lang), t("cmp.col.leaves", _lang=lang)
    assert list(frame[t("cmp.col.config", _lang=lang)]) == [
        t(f"algo.{k}", _lang=lang) for k in ("worst", "cls", "id3")]
    for row, algorithm in zip(frame.to_dict("records"), ("worst", "cls", "id3"), strict=True):
        trace = grown("watermelon_2.0", "好瓜", algorithm)
        assert row[nodes] == len(trace["nodes"])
        assert row[leaves] == interpretability(trace)[0]
    assert frame[nodes].iloc[0] > frame[nodes].iloc[2]  # the lowest Gain grows a bigger tree
    before = len(at.get("graphviz_chart"))
    at.toggle(key="matters_trees").set_value(True).run()
    assert len(at.get("graphviz_chart")) == before + 3


def test_plotly_gets_data_names_as_plain_text():
    names = ["<b>x</b>", "<script>p</script>"]
    figure = scalability_figure(names, [10, 20], [[0.1, 0.2], [0.1, 0.3]])
    assert [line.name for line in figure.data] == ["&lt;b&gt;x&lt;/b&gt;",
                                                   "&lt;script&gt;p&lt;/script&gt;"]


def test_validation_pruning_measures_unpruned_trees_and_says_so():
    from test_pruning_app import book_app

    at = book_app()  # the book's Table 4.2 example: reduced-error pruning, validation rows
    at.switch_page("pages/compare.py").run()
    assert not at.exception and not at.error
    assert t("lesson.unpruned") in [i.value for i in at.info]
    # the paired validation file's rows are not the data's: the drawn trees grew on all 10
    assert not [i for i in at.info if t("lesson.unpruned.rows", rows=0, total=0)[:20] in i.value]
    # so the intro's "every row" holds
    assert t("cmp.intro", dataset="")[-40:] in at.caption[0].value


def test_validation_split_off_the_file_is_said_with_its_rows():
    """REP validating on 30% of watermelon 3.0: the drawn tree and its node counts grew on 12
    of the 17 rows (the unpruned accuracies use every row), and the intro says which do."""
    at = page_app(None, "watermelon_3.0")
    at.selectbox(key="prune").set_value("rep").run()
    source = next(r.key for r in at.radio if r.key and r.key.startswith("validation_source"))
    at.radio(key=source).set_value("split").run()
    drawn = at.session_state["current"]["trace"]["nodes"][0]["n"]
    assert drawn < 17
    at.switch_page("pages/compare.py").run()
    assert not at.exception and not at.error
    assert t("lesson.unpruned.rows", rows=drawn, total=17) in [i.value for i in at.info]
    intro = at.caption[0].value
    assert t("cmp.intro.validated", dataset="")[-40:] in intro and "every row;" not in intro
    assert len(table(at, "han_accuracy")) == 3


def test_a_leaf_in_the_first_disagreement_is_worded_by_its_algorithm():
    """With min_gain 0.4 on the people data ID3 splits on hair (Gain 0.454), C4.5 stops
    because its own pick (eyes, higher ratio, Gain 0.348) gains too little and CART because
    ρ·ΔGini does: each leaf says what it compared, as the node panel does, not the best
    Gain (which passed), and the sentence ends once."""
    from dtree_core.compare import first_disagreement
    from ui.compare import run_on, why_sentence

    data = prepare(load_path(dataset_path("people_8.csv")), "class")
    traces = [DecisionTree(a, min_gain=0.4).fit(data.X, data.y).trace_.to_dict()
              for a in ("id3", "c45", "cart")]
    assert [tr["nodes"][0]["decision"]["stop"] for tr in traces] == [None, "min_gain",
                                                                      "min_gain"]
    text = why_sentence(first_disagreement(traces, ["ID3", "C4.5", "CART"]))
    # each stop sentence runs on in its clause (its first word lower-cased)
    c45_reason = run_on(t("stop.min_gain.chosen", label="x")).split(":")[0]
    cart_reason = run_on(t("stop.min_gain.gini", label="x")).split(":")[0]
    assert c45_reason in text and cart_reason in text
    assert run_on(t("stop.min_gain", label="x")).split(":")[0] not in text
    assert ".." not in text and ".;" not in text


def test_the_chart_scales_each_criterion_to_its_best_value():
    """The chart's heading says each criterion is scaled so its best value is 1, and that
    C4.5's pick may be below 1 (it picks among the attributes with Gain ≥ the mean): at
    iris's petal_length>2.45/petal_width<=1.75 node the filtered-out sepal_length has the
    largest Gain_ratio. (The heading said "1 = its pick".)"""
    import pandas as pd

    from dtree_core.compare import merged_scores
    from tests.conftest import ROOT
    from ui.messages import EN

    df = pd.read_csv(ROOT / "assets" / "datasets" / "iris.csv")
    X, y = df.iloc[:, :-1], df.iloc[:, -1]
    traces = [DecisionTree(a).fit(X, y).trace_.to_dict() for a in ("id3", "c45", "cart")]
    rows = merged_scores(traces, key="petal_length>2.45/petal_width<=1.75").rows
    for label in ("ID3", "C4.5", "CART"):
        assert max(r["normalised"][label] for r in rows) == 1.0
    c45_pick = next(r for r in rows if r["picks"]["C4.5"])
    assert c45_pick["normalised"]["C4.5"] < 1.0
    assert "1 = its pick" not in EN["cmp.chart"] and "below 1" in EN["cmp.chart"]


def test_the_worst_baseline_is_drawn_and_worded_among_what_it_may_take():
    """play_tennis with a min branch weight of 2: where Worst splits beside an attribute that
    cannot split (Gain 0), its pick's bar is 1 and that attribute has none (the pick's bar was
    0 beside it at 1); its clause says it takes the lowest Gain, in the app and the core."""
    from dtree_core.compare import explain, first_disagreement, merged_scores
    from dtree_core.paths import nodes_by_key
    from ui.compare import pick_clause

    data = prepare(load_path(dataset_path("play_tennis.csv")), "PlayTennis")
    traces = [DecisionTree(a, min_branch_weight=2).fit(data.X, data.y).trace_.to_dict()
              for a in ("worst", "id3")]
    checked = 0
    for key, node in nodes_by_key(traces[0]).items():
        ineligible = {r["attribute"] for r in node["scores"] if not r["eligible"]}
        if node["decision"]["kind"] != "split" or not ineligible:
            continue
        bars = {r["attribute"]: r["normalised"]["Worst"]
                for r in merged_scores(traces, ["Worst", "ID3"], key).rows}
        assert bars[node["decision"]["attribute"]] == 1.0
        assert all(bars[a] is None for a in ineligible)
        checked += 1
    assert checked
    found = first_disagreement(traces, ["Worst", "ID3"])
    worst = next(p for p in found.picks if p.label == "Worst")
    assert "by the lowest Gain" in pick_clause(worst, 3)
    assert "Worst takes Temperature by the lowest Gain" in explain(found)


def _c45_clause(lang: str):
    """C4.5's clause where its mean-Gain filter left two attributes out, in lang
    (AppTest.from_function: the session's language)."""
    import streamlit as st

    from dtree_core.compare import Pick
    from ui.compare import pick_clause

    st.session_state["lang"] = lang
    pick = Pick("C4.5", "c45", "split", "纹理", None, "gain_ratio", 0.26, "c45_gain_ratio",
                None, 0.14, ("纹理", "脐部"),
                (("色泽", 0.06, False), ("敲声", 0.07, False)))
    st.markdown(pick_clause(pick, 3))


@pytest.mark.parametrize(("lang", "listed", "rivals"), [
    ("en", "色泽, 敲声", "(0.260; 色泽 0.060; 敲声 0.070)"),
    ("zh", "色泽、敲声", "（0.260；色泽 0.060；敲声 0.070）")])
def test_the_attributes_a_mean_gain_filter_left_out_are_listed_as_the_language_lists_them(
        lang, listed, rivals):
    """The compare page's clause names what C4.5's filter left out, and its rivals, with its
    language's separators: the English ", " and "; " were written into the Chinese one."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_c45_clause, args=(lang,), default_timeout=60)
    at.run()
    assert not at.exception
    [said] = [m.value for m in at.markdown]
    assert listed in said and rivals in said, said


@pytest.mark.parametrize(("lang", "clause"), [
    ("en", "ID3: 纹理=清晰 | 纹理=稍糊 | 纹理=模糊; CART: 纹理 ∈ {清晰} | 纹理 ∈ {稍糊,模糊}"),
    ("zh", "ID3：纹理=清晰 | 纹理=稍糊 | 纹理=模糊；CART：纹理 ∈ {清晰} | 纹理 ∈ {稍糊,模糊}")])
def test_branches_that_differ_are_said_with_the_languages_colon(lang, clause, monkeypatch):
    """ID3 and CART both split watermelon 2.0's root on 纹理, into different branches: each
    tree's branches follow its name after the language's colon (the Chinese sentence wrote
    "ID3: …" with an ASCII colon)."""
    from dtree_core.compare import first_disagreement
    from ui import messages
    from ui.compare import why_sentence

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    data = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    traces = [DecisionTree(a).fit(data.X, data.y).trace_.to_dict() for a in ("id3", "cart")]
    text = why_sentence(first_disagreement(traces, ["ID3", "CART"]))
    assert clause in text.replace("\\", "")


@pytest.mark.parametrize(("lang", "shape", "later"), [
    ("en", "ID3, C4.5: 纹理=清晰 | 纹理=稍糊 | 纹理=模糊; CART: 纹理 ∈ {清晰} | 纹理 ∈ {稍糊,模糊}",
     "ID3, C4.5 decide alike there and part further down. At 纹理=清晰, ID3 takes 根蒂"),
    ("zh", "ID3、C4.5：纹理=清晰 | 纹理=稍糊 | 纹理=模糊；CART：纹理 ∈ {清晰} | 纹理 ∈ {稍糊,模糊}",
     "ID3、C4.5 在上述结点的决策相同，到更深的结点才出现分歧。在“纹理=清晰”处，ID3 按")])
def test_trees_that_decide_alike_where_others_part_are_followed_down(lang, shape, later,
                                                                     monkeypatch):
    """ID3, C4.5 and CART on watermelon 2.0: at the root CART cuts 纹理 in two where ID3 and
    C4.5 cut it three ways alike (named together); those two part at 纹理=清晰 (根蒂 against
    触感), which the page said nothing of."""
    from dtree_core.compare import disagreements
    from ui import messages
    from ui.compare import why_sentences

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    data = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    traces = [DecisionTree(a).fit(data.X, data.y).trace_.to_dict()
              for a in ("id3", "c45", "cart")]
    found = disagreements(traces, ["ID3", "C4.5", "CART"])
    assert [(labels, d.key, d.code) for labels, d in found] == [
        (("ID3", "C4.5", "CART"), "root", "shape"), (("ID3", "C4.5"), "纹理=清晰", "attribute")]
    assert [p.attribute for p in found[1][1].picks] == ["根蒂", "触感"]
    text = why_sentences(found).replace("\\", "")
    assert shape in text and later in text and "触感" in text.split(later)[1]
    alike = disagreements(traces[:1] * 2, ["ID3", "ID3 again"])
    assert alike == [(("ID3", "ID3 again"), None)]
    twice = disagreements([traces[0], traces[0], traces[2]], ["ID3", "ID3 again", "CART"])
    assert twice[1] == (("ID3", "ID3 again"), None)
    never = t("cmp.why.among.none", _lang=lang, labels=t("list.join", _lang=lang).join(
        ["ID3", "ID3 again"]))
    assert why_sentences(twice).replace("\\", "").endswith(never)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_trees_that_part_at_a_sibling_are_not_said_to_part_further_down(lang, monkeypatch):
    """ID3 on watermelon 2.0 free (A), forced to 色泽 at 纹理=清晰 (B) and at 纹理=稍糊 (C): all
    three part at 纹理=清晰 (depth 1); A and C decide alike there and part at 纹理=稍糊, a node
    of the same depth, which is not 'further down'."""
    from dtree_core.compare import disagreements
    from ui import messages
    from ui.compare import why_sentences

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    data = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    traces = [DecisionTree("id3", **extra).fit(data.X, data.y).trace_.to_dict()
              for extra in ({}, {"force": {"纹理=清晰": "色泽"}}, {"force": {"纹理=稍糊": "色泽"}})]
    found = disagreements(traces, ["A", "B", "C"])
    assert [(labels, d.key, d.depth) for labels, d in found] == [
        (("A", "B", "C"), "纹理=清晰", 1), (("A", "C"), "纹理=稍糊", 1)]
    text = why_sentences(found).replace("\\", "")
    group = t("list.join", _lang=lang).join(["A", "C"])
    elsewhere = t("cmp.why.among.elsewhere", _lang=lang, labels=group, sentence="")
    further = t("cmp.why.among", _lang=lang, labels=group, sentence="")
    assert elsewhere in text and further not in text
