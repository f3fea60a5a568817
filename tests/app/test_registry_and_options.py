"""The algorithm registry and the one Options object, as the app reads them.

A toy algorithm registered in the test alone reaches the sidebar, the grow page and the
compare page (AppTest runs the app in this process, so the registration is visible to it).
The sidebar's Options reach the trace and key the caches; forced splits a tree grown on
other rows cannot make are named on the evaluate page.
"""

from __future__ import annotations

import re

import pytest
import streamlit as st
from app_helpers import bundled_app, new_app, node_widget, trace

from dtree_core import algorithms
from dtree_core.algorithms import Algorithm, Ranking
from dtree_core.options import Options
from ui import analysis, registry


def largest_gini_gain(table: dict, eligible, random_key) -> Ranking:
    return Ranking(table["gini_gain"], eligible)


# CART's criterion with ID3's multiway nominal splits: what no built-in algorithm does.
TOY = Algorithm("toy", "Toy", "gini_index", largest_gini_gain, "toy_gini",
                "Toy takes the largest Gini gain: {attribute}.", "gini_gain",
                threshold_by="gini_index", impurity_decrease="gini_gain",
                smaller_is_better=True)


@pytest.fixture
def toy():
    with algorithms.registered(TOY) as registered:
        yield registered
    registered_now = algorithms.keys()  # a function of the registry, not a dict
    assert "toy" not in registered_now


def shown(element) -> str:
    """Markdown text as the reader sees it (user text is backslash-escaped)."""
    return re.sub(r"\\(.)", r"\1", element.value)


def watermelon(algorithm: str = "id3"):
    return bundled_app("watermelon_2.0", algorithm)


# --------------------------------------------------------------------- a toy algorithm


def test_toy_algorithm_is_offered_and_grows_on_the_grow_page(toy):
    at = watermelon()
    picker = at.selectbox(key="algorithm")
    assert picker.options[-1] == "Toy"  # as shown: its label, the catalogue has no name for it
    picker.set_value("toy").run()
    assert not at.exception and not at.error
    grown = trace(at)
    assert grown["algorithm"] == "toy"
    root = grown["nodes"][0]
    assert root["decision"]["attribute"] == "纹理" and len(root["children"]) == 3  # multiway
    assert any(" · Toy · 14 nodes" in shown(c) for c in at.caption)  # the page header
    # Its multiway Gini_index; generic words, as the catalogue has none for its rule.
    assert "Toy takes 纹理 by its own rule (Gini_index 0.277)." in [shown(i) for i in at.info]
    assert not any("algo.toy" in m.value or "rule." in m.value
                   for m in [*at.caption, *at.info, *at.markdown])


def test_toy_algorithm_compares_with_the_others(toy):
    at = watermelon()
    at.switch_page("pages/compare.py").run()
    at.selectbox(key="cmp_algo_2").set_value("toy").run()
    assert not at.exception and not at.error
    frame = next(df.value for df in at.dataframe if "held-out accuracy" in df.value.columns)
    assert list(frame["configuration"]) == ["ID3", "C4.5", "Toy"]
    assert "Toy ✓" in next(df.value for df in at.dataframe
                           if "Gini_index (best binary)" in df.value.columns).columns
    chart = at.get("plotly_chart")[0].proto.spec
    assert '"name":"Toy"' in chart.replace(" ", "")


def test_toy_algorithm_is_evaluated_by_default(toy):
    """Evaluate's default is every algorithm that ranks by a score: the toy one, not CLS."""
    assert registry.scoring_keys() == ["id3", "c45", "cart", "oblique", "toy"]
    at = watermelon()
    at.switch_page("pages/evaluate.py").run()
    assert not at.exception and not at.error
    assert at.multiselect(key="ev_algos").value == ["id3", "c45", "cart", "oblique", "toy"]
    assert [tab.label for tab in at.tabs] == ["ID3 (information gain)", "C4.5 (gain ratio)",
                                              "CART (Gini index)",
                                              "Oblique (multivariate, Gini index)", "Toy"]


# --------------------------------------------------------------------- the one Options object


def test_sidebar_options_reach_the_trace():
    at = watermelon()
    at.selectbox(key="tie_break").set_value("random").run()  # the seed now matters
    at.number_input(key="seed").set_value(7)
    at.number_input(key="min_branch_weight").set_value(2.0).run()
    assert not at.exception and not at.error
    options = at.session_state["current"]["options"]
    assert isinstance(options, Options)
    assert (options.tie_break, options.seed, options.min_branch_weight) == ("random", 7, 2.0)
    params = trace(at)["params"]
    assert (params["tie_break"], params["seed"], params["min_branch_weight"]) == ("random", 7, 2)
    at.number_input(key="min_branch_weight").set_value(0.0).run()  # 0 turns it off
    assert at.session_state["current"]["options"].min_branch_weight is None
    assert "min_branch_weight" not in trace(at)["params"]


def test_seed_input_is_enabled_only_where_a_draw_happens():
    at = watermelon()
    assert at.number_input(key="seed").disabled
    at.selectbox(key="algorithm").set_value("cls").run()
    assert not at.number_input(key="seed").disabled  # CLS draws its attribute
    at.selectbox(key="algorithm").set_value("id3")
    at.selectbox(key="tie_break").set_value("random").run()
    assert not at.number_input(key="seed").disabled


def test_many_nodes_suggest_a_min_branch_weight():
    """ID3 on Table 4.2's ten training rows grows 13 nodes; a weight of 2 keeps it under 10."""
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0_train").run()
    hint = [i.value for i in at.info if "min branch weight" in i.value]
    assert hint == ["This tree has 13 nodes for 10 rows, so many leaves hold a sample or two. "
                    "A min branch weight (sidebar, Options; C4.5 uses 2) stops a split unless "
                    "at least two of its branches hold that many samples."]
    at.number_input(key="min_branch_weight").set_value(2.0).run()
    assert len(trace(at)["nodes"]) <= 10
    assert not [i.value for i in at.info if "min branch weight" in i.value]
    stops = {n["decision"]["stop"] for n in trace(at)["nodes"]}
    assert "min_branch_weight" in stops


def test_options_key_the_cache():
    """Options is a cache_data argument: equal options hit, any changed field misses."""
    calls = []

    @st.cache_data
    def fit(options: Options) -> str:
        calls.append(options)
        return options.algorithm

    base = Options.build(force={"root": "纹理"})
    try:
        fit(base)
        fit(Options.build(force={"root": "纹理"}))
        assert len(calls) == 1
        for changed in (base.but(tie_break="last"), base.but(min_branch_weight=2),
                        base.but(force={"root": "根蒂"}), base.but(force_missing="skip"),
                        base.with_kinds({"纹理": "nominal"})):
            fit(changed)
        assert len(calls) == 6
    finally:
        fit.clear()


# --------------------------------------------------------------------- forced splits elsewhere


def test_evaluate_names_a_forced_split_some_fold_trees_lack():
    """Forced 触感 at 纹理=清晰: 5-fold ID3 trees whose root is not 纹理 cannot make it."""
    at = watermelon()
    at.slider(key="step_slider").set_value(1).run()  # node 1: 纹理=清晰
    at.selectbox(key=node_widget(at, "force_", 1)).set_value("触感").run()
    at.switch_page("pages/evaluate.py").run()
    at.radio(key="ev_method").set_value("kfold").run()
    assert not at.exception and not at.error
    warnings = [w.value for w in at.warning]
    assert ("The split forced at 纹理=清晰 could not be made in 2 of the 5 fold trees: they "
            "grow as the algorithm chooses there.") in warnings
    # CART's two-way splits never make a node 纹理=清晰.
    assert ("The split forced at 纹理=清晰 could not be made in any of the 5 fold trees: they "
            "grow as the algorithm chooses there.") in warnings


def test_unmatched_warnings_word_each_share():
    counts = {"纹理=清晰": 2, "root": 1, "脐部=凹陷": 5}
    assert analysis.unmatched_warnings(counts, 5, "unused") == [
        "The split forced at the root could not be made in one of the 5 fold trees: it grows "
        "as the algorithm chooses there.",
        "The split forced at 纹理=清晰 could not be made in 2 of the 5 fold trees: they grow as "
        "the algorithm chooses there.",
        "The split forced at 脐部=凹陷 could not be made in any of the 5 fold trees: they grow "
        "as the algorithm chooses there."]
    assert analysis.unmatched_warnings({"root": 1}, 1, "the tree") == [
        "The split forced at the root could not be made in the tree: it grows as the "
        "algorithm chooses there."]
    assert analysis.unmatched_warnings({}, 5, "unused") == []
