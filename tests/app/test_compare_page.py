"""The compare page through AppTest: three trees, the summary, merged scores, the sentence."""

from __future__ import annotations

import base64
import json

import numpy as np
import pytest
from app_helpers import new_app, node_widget, page_app, uploaded_app

from dtree_core.evaluate import holdout
from dtree_core.loading import load_path, prepare
from dtree_core.options import Options
from tests.conftest import dataset_path


def open_compare(dataset: str):
    return page_app("pages/compare.py", dataset)


def frame_with(at, column: str):
    return next(df.value for df in at.dataframe if column in df.value.columns)


def figure(at, index: int = 0) -> dict:
    return json.loads(at.get("plotly_chart")[index].proto.spec)


def values(series) -> list[float]:
    """Plotly JSON may pack a numeric array as base64 binary."""
    if isinstance(series, dict):
        return np.frombuffer(base64.b64decode(series["bdata"]), series["dtype"]).tolist()
    return list(series)


@pytest.fixture
def people():  # function-scoped: conftest's entry-point patch is function-scoped too
    return open_compare("people_8")


def test_three_trees_side_by_side(people):
    charts = [c.proto.spec for c in people.get("graphviz_chart")]
    assert len(charts) == 3
    assert "<B>hair</B>" in charts[0].split("n1")[0]  # ID3's root: hair
    assert "<B>eyes</B>" in charts[1].split("n1")[0]  # C4.5's root: eyes
    assert r'label=" hair ∈ \{blond,red\} "' in charts[2]  # CART: a two-way split


def test_summary_numbers(people):
    frame = frame_with(people, "held-out accuracy")
    assert list(frame["configuration"]) == ["ID3", "C4.5", "CART"]
    assert list(frame["nodes"]) == [6, 6, 5] and list(frame["leaves"]) == [4, 4, 3]
    assert list(frame["depth"]) == [2, 2, 2]
    assert list(frame["training accuracy"]) == [1.0, 1.0, 1.0]
    prepared = prepare(load_path(dataset_path("people_8.csv")), "class")
    expected = [holdout(Options.build(algorithm=a, nominal=prepared.nominal), prepared.X,
                        prepared.y, 0.3, 0).accuracy for a in ("id3", "c45", "cart")]
    assert list(frame["held-out accuracy"]) == expected


def test_merged_root_table_and_sentence(people):
    frame = frame_with(people, "Gini_index (best binary)").set_index("attribute")
    assert round(frame.loc["hair", "Gain"], 3) == 0.454
    assert round(frame.loc["eyes", "Gain_ratio"], 3) == 0.364
    assert frame.loc["hair", "Gini_index (multiway)"] == pytest.approx(0.25)
    assert frame.loc["hair", "ID3 ✓"] == "✓" and frame.loc["eyes", "C4.5 ✓"] == "✓"
    assert frame.loc["hair", "CART ✓"] == "✓" and frame.loc["hair", "C4.5 ✓"] == ""
    sentence = people.info[0].value
    assert sentence.startswith("At the root, ID3 takes hair by Gain (0.454; eyes 0.348); "
                               "C4.5 takes eyes by Gain_ratio (0.364; hair 0.323)")


def test_chart_one_series_per_algorithm(people):
    data = figure(people)["data"]
    assert [d["name"] for d in data] == ["ID3", "C4.5", "CART"]
    id3 = dict(zip(data[0]["x"], values(data[0]["y"]), strict=True))
    assert id3["hair"] == 1.0 and round(id3["eyes"], 3) == 0.765
    assert dict(zip(data[1]["x"], values(data[1]["y"]), strict=True))["eyes"] == 1.0


def test_cls_has_no_series_and_labels_stay_unique():
    at = open_compare("people_8")
    at.selectbox(key="cmp_algo_2").set_value("cls").run()
    at.number_input(key="cmp_n").set_value(4).run()
    at.selectbox(key="cmp_algo_3").set_value("id3").run()
    at.number_input(key="cmp_depth_3").set_value(1).run()
    assert not at.exception
    assert len(at.get("graphviz_chart")) == 4
    names = [d["name"] for d in figure(at)["data"]]
    assert names == ["ID3", "C4.5", "ID3 (depth ≤ 1)"]
    assert any("CLS draws" in c.value for c in at.caption)
    frame = frame_with(at, "held-out accuracy")
    assert list(frame["depth"])[3] == 1


def test_watermelon_with_ids_id3_and_cart_take_the_id():
    at = open_compare("watermelon_2.0")
    attrs = next(m for m in at.multiselect if m.key and m.key.startswith("attrs::"))
    attrs.set_value(["编号", *attrs.value]).run()
    assert not at.exception
    sentence = at.info[0].value
    assert "ID3 takes 编号 by Gain (0.998" in sentence
    assert "C4.5 takes 纹理 by Gain_ratio (0.263; 编号 0.244)" in sentence
    assert "CART takes 编号 by Gini_index (0.000" in sentence


def test_node_picker_moves_the_merged_table():
    at = open_compare("watermelon_2.0")
    at.number_input(key="cmp_n").set_value(2).run()  # ID3 and C4.5 share their branches
    assert "纹理=清晰" in at.selectbox(key="cmp_node").options[1]
    at.selectbox(key="cmp_node").set_value("纹理=清晰").run()
    frame = frame_with(at, "Gini_index (best binary)").set_index("attribute")
    assert "纹理" not in frame.index
    assert frame.loc["根蒂", "ID3 ✓"] == "✓" and frame.loc["触感", "C4.5 ✓"] == "✓"
    assert round(frame.loc["根蒂", "Gain"], 3) == 0.458
    assert at.info[0].value.startswith("At 纹理=清晰, ID3 takes 根蒂 by Gain (0.458")


def test_step_together_draws_each_tree_at_the_step():
    at = open_compare("people_8")
    at.radio(key="cmp_view").set_value("together").run()
    charts = [c.proto.spec for c in at.get("graphviz_chart")]
    assert all("dt-current" in c and "dt-pending" in c for c in charts)
    assert at.slider(key="cmp_step").max == 5  # ID3's and C4.5's last step; CART has 4
    at.slider(key="cmp_step").set_value(5).run()
    charts = [c.proto.spec for c in at.get("graphviz_chart")]
    assert not any("dt-pending" in c for c in charts)  # past every tree's last step


def test_a_split_forced_on_the_grow_page_reaches_the_compared_trees():
    """The compared trees grow from the sidebar's options, forced splits included."""
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    at.selectbox(key=node_widget(at, "force_", 0)).set_value("根蒂").run()
    assert at.session_state["current"]["trace"]["nodes"][0]["decision"]["attribute"] == "根蒂"
    at.switch_page("pages/compare.py").run()
    assert not at.exception and not at.error
    roots = [next(line for line in chart.proto.spec.splitlines()
                  if line.strip().startswith("n0 ["))
             for chart in at.get("graphviz_chart")]
    assert len(roots) == 3 and all("<B>根蒂</B>" in root for root in roots)
    assert not at.warning  # every tree has a root, so every tree made the forced split


def test_a_forced_split_a_compared_tree_lacks_is_named():
    """CART's two-way root has no node 纹理=清晰: it says so instead of dropping the force."""
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    at.slider(key="step_slider").set_value(1).run()  # node 1: 纹理=清晰
    at.selectbox(key=node_widget(at, "force_", 1)).set_value("触感").run()
    at.switch_page("pages/compare.py").run()
    assert not at.exception and not at.error
    charts = [c.proto.spec for c in at.get("graphviz_chart")]
    for chart in charts[:2]:  # ID3 and C4.5 made it: node 1 is 纹理=清晰 in both
        node_1 = next(line for line in chart.splitlines() if line.strip().startswith("n1 ["))
        assert "<B>触感</B>" in node_1 and 'label=" 纹理=清晰 "' in chart
    warnings = [w.value for w in at.warning]
    assert ("The split forced at 纹理=清晰 could not be made in CART's tree: it grows as the "
            "algorithm chooses there.") in warnings
    assert not any("ID3's tree:" in w or "C4\\.5's tree:" in w for w in warnings)


def test_pruned_and_unpruned_configurations_side_by_side():
    """A configuration's own pruning method: C4.5 unpruned beside C4.5 with pessimistic pruning."""
    from app_helpers import bundled_app

    at = bundled_app("watermelon_2.0_alpha", "c45")
    at.switch_page("pages/compare.py").run()
    at.number_input(key="cmp_n").set_value(2).run()
    for i in (0, 1):
        at.selectbox(key=f"cmp_algo_{i}").set_value("c45")
    at.selectbox(key="cmp_prune_1").set_value("pep").run()
    assert not at.exception and not at.error
    shown = " ".join(str(e.value) for e in at.markdown)
    assert "C4.5 (pessimistic pruning)" in shown
    dots = [chart.proto.spec for chart in at.get("graphviz_chart")][:2]
    assert len(dots) == 2 and "✂" not in dots[0] and "✂" in dots[1]  # the pruned leaves


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_root_that_stops_before_choosing_says_so_instead_of_a_table(lang):
    """Every attribute takes one value and the classes differ: the root is a leaf before
    any attribute is scored (Fig. 4.2 line 5), so no tree has a score table to merge."""
    from ui.messages import t

    at = uploaded_app("same.csv", b"a,b,y\nx,1,p\nx,1,q\nx,1,p\nx,1,q\n", lang)
    at.switch_page("pages/compare.py").run()
    assert not at.exception and not at.error
    assert t("node.no_scores", _lang=lang) in [c.value for c in at.caption]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_best_binary_gini_at_another_cut_than_t_is_said(lang):
    """Watermelon 3.0: 含糖率's row shows C4.5's t = 0.126 (chosen by Gain), but its best
    two-way Gini_index, 0.286, is CART's cut at 0.2045, where t = 0.126 gives 0.314. 密度's
    two columns are one cut (0.3815), so it is not named."""
    from ui.messages import t

    at = page_app("pages/compare.py", "watermelon_3.0", lang=lang)
    notes = [c.value for c in at.caption if t("cmp.col.gini_binary", _lang=lang) in c.value]
    assert len(notes) == 1, [c.value for c in at.caption]
    item = t("cmp.binary_elsewhere.item", _lang=lang, attribute="含糖率", best="0.286",
             cut="0.2045", at_t="0.314", t="0.126")
    assert item in notes[0] and "密度" not in notes[0]


def test_best_binary_elsewhere_reads_the_cart_trees_cut():
    from dtree_core import DecisionTree
    from dtree_core.compare import merged_scores

    data = load_path(dataset_path("watermelon_3.0.csv"))
    X, y = data.frame.drop(columns=["编号", "好瓜"]), data.frame["好瓜"]
    traces = [DecisionTree(a).fit(X, y).trace_.to_dict() for a in ("c45", "cart")]
    rows = {r["attribute"]: r for r in merged_scores(traces).rows}
    cart_root = {r["attribute"]: r for r in traces[1]["nodes"][0]["scores"]}
    assert rows["含糖率"]["binary_cut"] == cart_root["含糖率"]["threshold"]
    assert rows["含糖率"]["threshold"] == 0.126
    assert rows["含糖率"]["gini_index_at_t"] == traces[0]["nodes"][0]["scores"][-1]["gini_index"]
    elsewhere = merged_scores(traces).best_binary_elsewhere()
    assert [r["attribute"] for r in elsewhere] == ["含糖率"]
    alone = merged_scores(traces[:1]).best_binary_elsewhere()  # no CART tree: cut unknown
    assert [(r["attribute"], r["binary_cut"]) for r in alone] == [("含糖率", None)]


@pytest.mark.parametrize(("dataset", "symbol"), [("watermelon_2.0_alpha", "Gini(D̃, A)"),
                                                 ("watermelon_2.0", "Gini(D, A)")])
def test_li_hangs_gini_headers_say_when_they_are_of_the_known_rows(dataset, symbol):
    """2.0α's root scores 纹理 and the rest on the rows whose value is known (ρ < 1): the
    merged table heads them Gini(D̃, A), as the grow page does; 2.0 has no missing value."""
    at = page_app("pages/compare.py", dataset=dataset, lang="en", notation="lihang")
    columns = [c for frame in at.dataframe for c in frame.value.columns]
    assert f"{symbol} (multiway)" in columns and f"{symbol} (best binary)" in columns


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tied_held_out_prediction_is_said_under_the_summary_and_han_s_accuracy(lang):
    """Play tennis, C4.5, 30% held out (seed 0): one held-out row reaches a leaf whose classes
    tie and is counted as No; the summary's and Han's accuracies said nothing of it."""
    from ui.messages import literal, t

    at = page_app("pages/compare.py", "play_tennis", lang=lang)
    sentence, label = t("eval.ties.one", _lang=lang, n=1, labels="No"), literal("C4.5")
    infos = [i.value for i in at.info]
    assert t("cmp.ties", _lang=lang, label=label, sentence=sentence) in infos
    assert t("lesson.han.ties.clean", _lang=lang, label=label, sentence=sentence) in infos
    assert not [i for i in infos if i.startswith(("ID3", "CART"))]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tied_training_predictions_are_said_under_the_summary(lang):
    """Watermelon 2.0, CART with max depth 2: two of the full tree's own rows reach a leaf
    whose classes tie, and the summary's training accuracy counts them as the class the
    data shows first; the page said ties of the held-out predictions only."""
    from dtree_core import DecisionTree
    from dtree_core.datasets import load_bundled
    from ui.messages import literal, t

    at = page_app("pages/compare.py", "watermelon_2.0", lang=lang)
    at.selectbox(key="cmp_algo_0").set_value("cart").run()
    at.number_input(key="cmp_depth_0").set_value(2).run()
    assert not at.exception
    table = load_bundled("watermelon_2.0").frame
    X, y = table.drop(columns=["编号", "好瓜"]), table["好瓜"]
    predicted, tied = DecisionTree("cart", max_depth=2).fit(X, y).predict_with_ties(X)
    assert tied.sum() == 2
    labels = "、".join(dict.fromkeys(predicted[tied])) if lang == "zh" else \
        ", ".join(dict.fromkeys(predicted[tied]))
    sentence = t("eval.train_ties.many", _lang=lang, n=2, labels=labels)
    infos = [i.value for i in at.info]
    # the configuration's label names its depth (the default configurations hold a CART too)
    label = literal(t("lab.config.label", _lang=lang, name="CART",
                      options=t("lab.config.depth", _lang=lang, depth=2)))
    assert t("cmp.ties", _lang=lang, label=label, sentence=sentence) in infos, infos


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_node_picked_comes_back_when_every_tree_has_it_again(lang):
    """Picking 纹理=清晰, then a configuration whose tree lacks it (CLS), then CART again left
    the picker on the root with nothing said: the pick was lost."""
    from ui.messages import EN, ZH

    at = page_app("pages/compare.py", "watermelon_2.0", lang)
    at.selectbox(key="cmp_node").set_value("纹理=清晰").run()
    at.selectbox(key="cmp_algo_2").set_value("cls").run()
    assert at.selectbox(key="cmp_node").value == "root"
    words = EN if lang == "en" else ZH
    said = words["cmp.node.kept"].format(node="纹理=清晰")
    assert said in [c.value.replace("\\", "") for c in at.caption]
    at.selectbox(key="cmp_algo_2").set_value("cart").run()
    assert not at.exception and not at.error
    assert at.selectbox(key="cmp_node").value == "纹理=清晰"
    assert said not in [c.value.replace("\\", "") for c in at.caption]
