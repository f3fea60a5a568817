"""Decision regions (issue 11): the partial tree's routing, the figure, the book's root, and
the grow page with the oblique tree in both languages (ui/boundary.py)."""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
import pytest
from app_helpers import bundled_app, grown_app, page_app, trace

from dtree_core import DecisionTree
from dtree_core.data import Listed
from dtree_core.datasets import load_bundled
from dtree_core.loading import prepare
from dtree_core.predicting import as_grown
from dtree_core.solution import algorithm_name
from dtree_core.split import Condition
from ui import boundary
from ui.messages import EN, LANGUAGES, t

ALPHA = "watermelon_3.0_alpha"


# --------------------------------------------------------------------- data and grids


def alpha_rows(key: str = ALPHA):
    """Watermelon 3.0α's 密度 and 含糖率 (density and sugar in the English copy)."""
    target, row_id = ("好瓜", "编号") if key == ALPHA else ("ripe", "id")
    prepared = prepare(load_bundled(key), target, exclude=[row_id])
    return prepared.X, prepared.y


def diagonal_rows(n: int = 80, seed: int = 0):
    """Two continuous attributes whose classes are split by the diagonal a + b = 1."""
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"a": rng.uniform(0, 1, n), "b": rng.uniform(0, 1, n)})
    return X, pd.Series(np.where(X.a + X.b > 1, "yes", "no"), name="class")


def grown(algorithm: str, X, y, **params):
    model = DecisionTree(algorithm=algorithm, **params).fit(X, y)
    return model, model.trace_.to_dict(scores="lazy")


def grid_of(trace: dict, X: pd.DataFrame, n: int = 40):
    shown = tuple(boundary.continuous_names(trace)[:2])
    xs, ys = boundary.axis_values(X[shown[0]], n), boundary.axis_values(X[shown[1]], n)
    return xs, ys, boundary.grid_frame(xs, ys, shown, boundary.held_values(X, trace, shown))


def regions_at(trace: dict, frame: pd.DataFrame, step: int | None) -> np.ndarray:
    """Class index per grid row after `step` of the trace's steps (None: nothing decided)."""
    expanded = [] if step is None else trace["steps"][: step + 1]
    return boundary.region_classes(boundary.fitted_trace(trace), expanded, frame)


# --------------------------------------------------------------------- the partial tree


@pytest.mark.parametrize("algorithm", ["cart", "c45", "oblique"])
def test_before_the_root_is_decided_one_class_covers_the_plane(algorithm):
    X, y = alpha_rows()
    _, tr = grown(algorithm, X, y)
    _, _, frame = grid_of(tr, X)
    regions = regions_at(tr, frame, None)
    assert set(regions.tolist()) == {tr["classes"].index(tr["nodes"][0]["decision"]["label"])}


@pytest.mark.parametrize("algorithm", ["cart", "c45"])
def test_step_zero_shows_the_roots_test_and_nothing_below(algorithm):
    """At step 0 the root is decided and its children are pending leaves (as drawn)."""
    X, y = alpha_rows()
    _, tr = grown(algorithm, X, y)
    _, _, frame = grid_of(tr, X)
    nodes = tr["nodes"]
    left, right = (nodes[c] for c in nodes[0]["children"])
    goes_left = Condition.from_dict(left["branch"]).holds(frame)
    expected = np.where(goes_left, tr["classes"].index(left["decision"]["label"]),
                        tr["classes"].index(right["decision"]["label"]))
    assert (regions_at(tr, frame, 0) == expected).all()
    assert len(set(expected.tolist())) == 2


@pytest.mark.parametrize("algorithm", ["cart", "c45", "id3", "oblique"])
def test_at_the_last_step_the_regions_are_the_trees_predictions(algorithm):
    X, y = alpha_rows()
    model, tr = grown(algorithm, X, y)
    _, _, frame = grid_of(tr, X)
    regions = regions_at(tr, frame, len(tr["steps"]) - 1)
    assert (np.array(tr["classes"], dtype=object)[regions] == model.predict(frame)).all()


def test_the_regions_change_as_the_tree_grows():
    X, y = alpha_rows()
    _, tr = grown("cart", X, y)
    _, _, frame = grid_of(tr, X)
    seen = {regions_at(tr, frame, k).tobytes() for k in [None, *range(len(tr["steps"]))]}
    assert len(seen) >= 3


def test_a_post_pruned_node_still_splits_while_the_growth_is_replayed():
    X, y = alpha_rows()
    pruned, tr = grown("cart", X, y, prune="ccp", ccp_alpha=0.1)
    unpruned, _ = grown("cart", X, y)
    assert any(n["decision"].get("stop") == "pruned" for n in tr["nodes"])
    _, _, frame = grid_of(tr, X)
    regions = np.array(tr["classes"], dtype=object)[regions_at(tr, frame, len(tr["steps"]) - 1)]
    assert (regions == unpruned.predict(frame)).all()
    assert (regions != pruned.predict(frame)).any()


def test_as_grown_leaves_the_trace_itself_alone():
    X, y = alpha_rows()
    model, _ = grown("cart", X, y)
    partial = as_grown(model.trace_, [0])
    assert [len(n.children) for n in partial.nodes if n.children] == [2]
    assert sum(1 for n in model.trace_.nodes if n.children) > 1


def test_an_oblique_root_routes_the_grid_by_its_recorded_weights():
    X, y = diagonal_rows()
    _, tr = grown("oblique", X, y)
    decision = tr["nodes"][0]["decision"]
    assert decision.get("weights"), "the diagonal data should get a linear root"
    _, _, frame = grid_of(tr, X)
    w, t = decision["weights"], decision["threshold"]
    by_hand = sum(weight * frame[name].to_numpy() for name, weight in w.items()) <= t
    left, right = (tr["nodes"][c] for c in tr["nodes"][0]["children"])
    labels = np.where(by_hand, left["decision"]["label"], right["decision"]["label"])
    regions = regions_at(tr, frame, 0)
    assert (np.array(tr["classes"], dtype=object)[regions] == labels).all()


def test_held_values_are_the_median_and_the_first_of_the_most_frequent():
    X = pd.DataFrame({"a": [1.0, 2.0, 10.0, np.nan], "b": [0.0, 1.0, 2.0, 3.0],
                      "c": [5.0, 6.0, 7.0, 9.0], "colour": ["red", "blue", "blue", "red"]})
    tr = {"attributes": [{"name": "a", "kind": "continuous"}, {"name": "b", "kind": "continuous"},
                         {"name": "c", "kind": "continuous"},
                         {"name": "colour", "kind": "nominal", "values": ["red", "blue"]}]}
    assert boundary.held_values(X, tr, ("a", "b")) == {"c": 6.5, "colour": "red"}


def test_the_contest_sentence_says_what_the_grower_did():
    for X, y in (diagonal_rows(), alpha_rows()):
        _, tr = grown("oblique", X, y)
        for node in tr["nodes"]:
            found = boundary.linear_of(node["decision"])
            if found is None:
                continue
            linear, axis = boundary.contest_scores(node)
            if found[2]:  # chosen: strictly the larger gain
                assert not axis or linear["gini_gain"] > axis["gini_gain"]
            else:  # set aside: the single attribute did at least as well
                assert axis["attribute"] == node["decision"]["attribute"]
                assert axis["gini_gain"] >= linear["gini_gain"] - 1e-12
            key = "linear.no_axis" if not axis else (
                "linear.won" if found[2] else "linear.lost")
            assert boundary.contest_sentence(linear, axis, found[2], 3).startswith(
                EN[key].split("{")[0][:20])


def test_a_big_table_draws_a_seeded_sample_of_its_rows():
    assert boundary.drawn_rows(5).tolist() == [0, 1, 2, 3, 4]
    sample = boundary.drawn_rows(10_000, 2000)
    assert len(sample) == 2000 == len(set(sample.tolist()))
    assert (np.diff(sample) > 0).all() and sample.max() < 10_000
    assert (sample == boundary.drawn_rows(10_000, 2000)).all()


# --------------------------------------------------------------------- the figure


def figure_of(trace: dict, X, y):
    xs, ys, frame = grid_of(trace, X, 20)
    shown = tuple(boundary.continuous_names(trace)[:2])
    return boundary.regions_figure(["<b>tree</b>", "oblique"],
                                   [regions_at(trace, frame, 0)] * 2, xs, ys, X, y, shown,
                                   trace["classes"])


def figure_json(trace: dict, X, y) -> dict:
    return json.loads(figure_of(trace, X, y).to_json())


def test_every_name_reaching_plotly_is_escaped():
    X, y = diagonal_rows()
    X.columns = ["<b>a</b>", "b & c"]
    y = y.map({"yes": "<i>yes</i>", "no": "no"})
    _, tr = grown("cart", X, y)
    spec = figure_json(tr, X, y)
    text = json.dumps(spec, ensure_ascii=False)
    assert "<b>" not in text and "<i>" not in text
    assert "&lt;b&gt;a&lt;/b&gt;" in text and "&lt;i&gt;yes&lt;/i&gt;" in text
    assert "b &amp; c" in text


def test_one_region_layer_per_tree_and_each_class_in_its_own_colour():
    X, y = alpha_rows()
    _, tr = grown("cart", X, y)
    fig = figure_of(tr, X, y)
    heatmaps = [d for d in fig.data if d.type == "heatmap"]
    points = [d for d in fig.data if d.type == "scatter"]
    assert len(heatmaps) == 2 and fig.layout.meta == boundary.CHART_META
    assert [h.xaxis for h in heatmaps] == ["x", "x2"]
    assert sorted({p.name for p in points}) == sorted(tr["classes"])
    assert sum(len(p.x) for p in points) == 2 * len(X)  # every row in both panels
    assert len({p.marker.color for p in points}) == len(tr["classes"])
    for p in points:  # each point where its row is, in its class
        rows = X[(y == p.name).to_numpy()]
        assert sorted(p.x) == sorted(rows[boundary.continuous_names(tr)[0]])


# --------------------------------------------------------------------- the book's root


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@pytest.mark.parametrize("key", sorted(boundary.BOOK_ROOT))
def test_the_book_caption_quotes_our_root_from_the_trace(key):
    X, y = alpha_rows(key)
    _, tr = grown("oblique", X, y)
    book = boundary.BOOK_ROOT[key]
    first, second = (name for name, _ in book[0])
    weights, threshold, chosen = boundary.linear_of(tr["nodes"][0]["decision"])
    text = unescaped(boundary.book_comparison(tr, X, book, 3))
    # the root's test as the tree writes it (its branches, its rules); one tried and set
    # aside, to the display's decimals
    root_branch = Condition.from_dict(tr["nodes"][tr["nodes"][0]["children"][0]]["branch"])
    ours = root_branch.text().replace("<=", " ≤ ") if chosen else \
        boundary.linear_test_text(weights, threshold, 3)
    assert ours in text
    assert f"-0.800·{first} - 0.044·{second} ≤ -0.313" in text
    assert f"{boundary.agreement(weights, threshold, book, X).same} of the 17 rows" in text
    assert ("the linear test tried there" in text) == (not chosen)  # says what the root did
    # Other weights in the trace give another caption: the numbers are read, not typed in.
    changed = json.loads(json.dumps(tr, default=list))
    decision = changed["nodes"][0]["decision"]
    target = decision if decision.get("weights") else decision["linear_candidate"]
    target["weights"] = {first: -0.5, second: -0.5}
    if chosen:  # the record's name goes with its weights
        target["attribute"] = f"-0.5·{first} - 0.5·{second}"
    other = unescaped(boundary.book_comparison(changed, X, book, 3))
    assert (f"-0.5·{first} - 0.5·{second} ≤" if chosen else
            f"-0.500·{first} - 0.500·{second}") in other and other != text


def test_the_book_caption_says_why_the_root_has_no_linear_test():
    """A leaf root says its stop case (min_gain: a linear test was learned there and then
    stopped by the limit, so "no linear test was possible" was false); a forced root says a
    force chose it (no test is learned under a force)."""
    X, y = alpha_rows()
    book = boundary.BOOK_ROOT[ALPHA]
    _, leaf = grown("oblique", X, y, min_gain=0.3)
    assert leaf["nodes"][0]["decision"]["stop"] == "min_gain"
    text = unescaped(boundary.book_comparison(leaf, X, book, 3))
    assert t("boundary.book.leaf_root", book="", reason="").split(":")[0][-20:] in text
    assert "no linear test was possible" not in text and "minimum gain" in text
    _, forced = grown("oblique", X, y, force={"root": "含糖率"})
    text = unescaped(boundary.book_comparison(forced, X, book, 3))
    assert "forced to test 含糖率" in text and "no linear test was possible" not in text


def test_no_book_caption_when_the_books_attributes_are_not_all_grown_on():
    """The sidebar left 含糖率 out (and kept 编号 as continuous): the page drew a traceback
    (KeyError) reading the book's test on rows without it; now it leaves the note out."""
    at = oblique_page("en")
    chosen = next(m for m in at.multiselect if m.key and m.key.startswith("attrs::"))
    chosen.set_value(["编号", "密度"]).run()
    kinds = next(m for m in at.multiselect if m.key and m.key.startswith("continuous::"))
    kinds.set_value(["编号"]).run()
    assert not at.exception and not at.error
    assert {a["name"] for a in trace(at)["attributes"]} == {"编号", "密度"}
    assert "Zhou's multivariate tree on this data" not in all_text(at)


def test_sentences_follow_each_other_as_each_language_writes(monkeypatch):
    """The page's sentences are joined by ui.messages.sentences (the catalogue's
    sentence.pair), the one joiner every page uses: a space in English, none in Chinese."""
    from ui import messages
    assert boundary.sentences is messages.sentences
    assert messages.sentences(["One.", "Two."]) == "One. Two."
    monkeypatch.setattr(messages, "current_language", lambda: "zh")
    assert messages.sentences(["一。", "二。"]) == "一。二。"


def test_agreement_counts_rows_on_the_same_side():
    X, _ = alpha_rows()
    book = boundary.BOOK_ROOT[ALPHA]
    assert boundary.agreement(*book, book, X) == boundary.Agreement(len(X), "<=", len(X))
    assert boundary.agreement([(a, -w) for a, w in book[0]], -book[1], book, X) == \
        boundary.Agreement(len(X), ">", len(X))  # the same split, its sides swapped
    assert boundary.scaled_to_book([("密度", -0.4), ("含糖率", -0.022)], -0.1565,
                                   book[0]) == pytest.approx(
        ([("密度", -0.8), ("含糖率", -0.044)], -0.313))
    assert boundary.scaled_to_book([("密度", 0.4)], 0.1, book[0]) is None


# --------------------------------------------------------------------- the grow page


def all_text(at) -> str:
    """Every text the page shows (Markdown, captions, boxes, labels, tables, chart titles)."""
    parts = [str(e.value) for kind in ("markdown", "caption", "info", "warning", "error",
                                       "title") for e in getattr(at, kind)]
    parts += [e.label for e in at.expander] + [e.label for e in at.toggle]
    parts += [e.label for e in at.selectbox] + [e.label for e in at.button]
    for frame in at.dataframe:
        parts += [str(c) for c in frame.value.columns]
        parts += frame.value.astype(str).to_numpy().ravel().tolist()
    parts += [e.proto.spec for e in at.get("plotly_chart")]
    return "\n".join(map(str, parts))


def region_chart(at) -> dict | None:
    for chart in at.get("plotly_chart"):
        spec = json.loads(chart.proto.spec)
        if spec["layout"].get("meta") == boundary.CHART_META:
            return spec
    return None


def region_layers(at) -> list:
    return [d["z"] for d in region_chart(at)["data"] if d["type"] == "heatmap"]


def companion_steps(at) -> list[int]:
    """The CART tree's steps, grown as the page grows it (the engine's cache)."""
    from ui import engine

    current, dataset = at.session_state["current"], at.session_state["dataset"]
    return engine.grow_trace(dataset["data"], dataset["filename"], current["choices"],
                             current["options"].but(algorithm="cart"))["steps"]


def oblique_page(lang: str):
    at = bundled_app(ALPHA, "oblique")
    if lang != "en":
        at.selectbox(key="lang_picker").set_value(lang).run()
    assert not at.exception and not at.error
    return at


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_grow_page_draws_both_trees_regions_in_either_language(lang):
    at = oblique_page(lang)
    words = LANGUAGES[lang][1]
    assert words["boundary.title"] in [e.label for e in at.expander]
    spec = region_chart(at)
    assert spec is not None and len(region_layers(at)) == 2
    titles = [a["text"] for a in spec["layout"]["annotations"]]
    last = len(trace(at)["steps"]) - 1
    assert titles == [t("boundary.panel.axis", _lang=lang, algorithm=t("algo.cart", _lang=lang),
                        step=0, total=len(companion_steps(at)) - 1),
                      t("boundary.panel", _lang=lang, algorithm=t("algo.oblique", _lang=lang),
                        step=0, total=last)]
    assert len(at.get("graphviz_chart")) == 2  # the oblique tree and the CART one beside it
    text = all_text(at)
    leaked = [key for key in EN if key.startswith(("boundary.", "linear.")) and key in text]
    assert leaked == []
    root = trace(at)["nodes"][0]["decision"]
    assert boundary.chosen_test_text(root) in unescaped(text)
    assert "0.0785·密度 - 0.9969·含糖率 ≤ -0.110573" in unescaped(text)  # as the drawing writes it
    assert " ≤ -0.111" not in unescaped(text)  # not rounded to the display's decimals
    assert "-0.800·密度 - 0.044·含糖率 ≤ -0.313" in unescaped(text)
    if lang == "zh":
        assert words["boundary.book.why"][:12] in text and "Decision regions" not in text


def test_stepping_through_growth_changes_the_regions():
    at = oblique_page("en")
    seen = [json.dumps(region_layers(at))]
    last = len(trace(at)["steps"]) - 1
    for _ in range(last):
        at.button(key="btn_next").click().run()
        assert not at.exception
        seen.append(json.dumps(region_layers(at)))
    assert at.session_state["step"] == last
    assert len(set(seen)) >= 3
    assert seen[0] != seen[-1]


def test_the_node_panel_shows_the_linear_test_at_the_root():
    at = oblique_page("en")
    decision = trace(at)["nodes"][0]["decision"]
    weights, threshold, chosen = boundary.linear_of(decision)
    header = EN["linear.header" if chosen else "linear.header.tried"]
    assert f"**{header}**" in [m.value for m in at.markdown]
    frames = [f.value for f in at.dataframe if EN["linear.col.weight"] in f.value.columns]
    assert frames and dict(zip(frames[0]["attribute"], frames[0][EN["linear.col.weight"]],
                               strict=True)) == dict(weights)
    assert learner_caption(decision) in [unescaped(c.value) for c in at.caption]


def learner_caption(decision: dict) -> str:
    """The sentence saying how the learner found the test, from the trace's record of it."""
    learner = decision.get("linear_learner") or decision["linear_candidate"]["learner"]
    start = (EN["linear.start.fisher.named"].format(first=learner["first_class"],
                                                    second=learner["second_class"])
             if learner["start"] == "fisher" else
             EN["linear.start.axis.named"].format(attribute=learner["along"]))
    return EN["linear.learner"].format(start=start, passes=learner["passes"])


def test_the_node_panel_shows_the_linear_test_tried_where_a_single_attribute_won():
    at = oblique_page("en")
    tried = [n for n in trace(at)["nodes"] if n["decision"].get("linear_candidate")]
    assert tried, "the oblique tree on 3.0α tries a linear test where an attribute wins"
    at.selectbox(key="jump").set_value(tried[0]["id"]).run()
    assert not at.exception
    weights, _, chosen = boundary.linear_of(tried[0]["decision"])
    assert not chosen
    markdown = [m.value for m in at.markdown]
    assert f"**{EN['linear.header.tried']}**" in markdown
    assert f"**{EN['linear.header']}**" not in markdown
    frames = [f.value for f in at.dataframe if EN["linear.col.weight"] in f.value.columns]
    assert frames and dict(zip(frames[0]["attribute"], frames[0][EN["linear.col.weight"]],
                               strict=True)) == dict(weights)
    assert learner_caption(tried[0]["decision"]) in [unescaped(c.value) for c in at.caption]


def test_the_node_panel_shows_a_chosen_linear_test_where_one_won():
    at = oblique_page("en")
    linear = [n for n in trace(at)["nodes"] if n["decision"].get("weights")]
    assert linear, "the oblique tree on 3.0α has a linear node"
    at.selectbox(key="jump").set_value(linear[0]["id"]).run()
    assert not at.exception
    decision = linear[0]["decision"]
    assert f"**{EN['linear.header']}**" in [m.value for m in at.markdown]
    contest = next(f.value for f in at.dataframe if EN["linear.col.test"] in f.value.columns)
    assert contest[EN["linear.col.gini_gain"]].tolist() == [
        decision["linear_gain"], decision["axis_best"]["gini_gain"]]


def test_a_companion_tree_that_cannot_grow_is_a_warning_not_a_traceback(monkeypatch):
    from dtree_core.data import DataError
    from ui import engine

    grow = engine.grow_trace

    def refusing(data, filename, choices, options, *args, **kwargs):
        if options.algorithm == "cart":
            raise DataError("refused on purpose")
        return grow(data, filename, choices, options, *args, **kwargs)

    monkeypatch.setattr(engine, "grow_trace", refusing)
    at = bundled_app(ALPHA, "oblique")
    assert not at.exception
    expected = t("boundary.unavailable", _lang="en", algorithm=t("algo.cart", _lang="en"),
                 reason="refused on purpose")
    assert [unescaped(w.value) for w in at.warning] == [expected]
    assert len(region_layers(at)) == 1  # the oblique tree's own regions still show


def test_beside_cart_the_regions_wait_for_the_toggle():
    at = bundled_app(ALPHA, "cart")
    assert region_chart(at) is None and len(at.get("graphviz_chart")) == 1
    at.toggle(key="boundary_on::False").set_value(True).run()
    assert not at.exception and not at.error
    spec = region_chart(at)
    assert spec is not None and len(region_layers(at)) == 2
    assert "CART" in spec["layout"]["annotations"][0]["text"]


def test_more_than_two_continuous_attributes_get_axis_pickers():
    at = bundled_app("iris", "oblique")
    names = boundary.continuous_names(trace(at))
    assert len(names) == 4
    pickers = [s for s in at.selectbox if s.key and s.key.startswith("boundary_")]
    assert [p.value for p in pickers] == names[:2]
    pickers[0].set_value(names[2]).run()
    spec = region_chart(at)
    assert spec["layout"]["xaxis"]["title"]["text"] == names[2]
    assert any(c.value.startswith(EN["boundary.held"].split("{")[0]) for c in at.caption)


def test_no_regions_without_two_continuous_attributes():
    at = bundled_app("watermelon_2.0", "oblique")
    assert EN["boundary.title"] not in [e.label for e in at.expander]


# --------------------------------------------------------------------- the other pages


@pytest.fixture
def oblique_app():
    """The app with watermelon 3.0α and the oblique tree chosen in the sidebar."""
    at = bundled_app(ALPHA, "oblique")
    assert at.selectbox(key="algorithm").value == "oblique"
    return at


def test_the_compare_page_works_with_the_oblique_tree(oblique_app):
    at = oblique_app.switch_page("pages/compare.py").run()
    assert not at.exception and not at.error
    assert at.main.dataframe  # the configurations' table


def test_the_evaluate_page_scores_the_oblique_tree(oblique_app):
    at = oblique_app.switch_page("pages/evaluate.py").run()
    assert not at.exception and not at.error
    chosen = at.multiselect(key="ev_algos").value
    assert "oblique" in chosen
    per_class = [f for f in at.main.dataframe if "precision" in f.value.columns]
    assert len(per_class) == len(chosen)  # one scored tree per algorithm, the oblique one too


def test_the_predict_page_follows_the_linear_test(oblique_app):
    at = oblique_app.switch_page("pages/predict.py").run()
    assert not at.exception and not at.error
    sample = pd.DataFrame({"密度": [0.45], "含糖率": [0.15]})
    at.main.number_input[0].set_value(0.45)
    at.main.number_input[1].set_value(0.15)
    at.main.button[0].click().run()
    assert not at.exception and not at.error
    expected = boundary.fitted_trace(trace(at)).predict(sample)[0]
    assert at.main.success[0].value.endswith(f"**{expected}**")


def predict_sample(at, values: dict):
    for name, value in values.items():
        at.number_input(key=f"pred::{name}").set_value(value)
    at.button(key="FormSubmitter:pred_form-Predict").click().run()
    assert not at.exception and not at.error
    return [df.value for df in at.main.dataframe if "branch" in df.value.columns]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_predict_page_s_path_sends_the_sample_where_the_tree_did(lang):
    """密度 0.556, 含糖率 0.163 is predicted 是 along '… / 0.606·密度 - 0.796·含糖率<=0.20718',
    but by hand 0.606·0.556 − 0.796·0.163 = 0.207188 > 0.20718 (the tree's exact weights give
    0.207076). The path writes that test with the decimals that send this sample, and the
    node's training samples, where the tree does, and says why; the drawing keeps its text."""
    at = page_app("pages/predict.py", ALPHA, lang=lang, algorithm="oblique")
    at.number_input(key="pred::密度").set_value(0.556)
    at.number_input(key="pred::含糖率").set_value(0.163)
    at.get("form_submit_button")[0].click().run()
    assert not at.exception and not at.error
    path = t("pred.col.path", _lang=lang)
    [leaves] = [df.value for df in at.main.dataframe if path in df.value.columns]
    [shown] = leaves[path].tolist()
    assert shown.endswith(" / 0.6057·密度 - 0.7957·含糖率<=0.20718"), shown
    assert 0.6057 * 0.556 - 0.7957 * 0.163 <= 0.20718 < 0.606 * 0.556 - 0.796 * 0.163
    # the node whose test it is: #3, the parent of leaf #4 the branch leads to (it said #4)
    tested = [n for n in at.session_state["current"]["trace"]["nodes"]
              if n["decision"].get("weights") and 4 in n["children"]]
    assert [n["id"] for n in tested] == [3]
    said = t("pred.rewritten", _lang=lang, nodes=Listed(["#3"]))
    assert said in [unescaped(c.value) for c in at.main.caption]
    assert "0.606·密度 - 0.796·含糖率" in at.get("graphviz_chart")[0].proto.spec


def test_the_predict_page_calls_a_linear_test_missing_only_when_one_of_its_values_is(
        oblique_app):
    """The page looked the linear test's name ('0.078·密度 - 0.997·含糖率') up among the form's
    fields, found nothing, and said the value was missing at every linear node though every
    field was filled in. Whether it is missing is the split record's routing: filled in,
    nothing is; with 含糖率 empty, the sample goes down both branches of every linear node
    it reaches, weighted by their shares."""
    at = oblique_app.switch_page("pages/predict.py").run()
    nodes = trace(at)["nodes"]
    assert nodes[0]["branch"] is None and nodes[nodes[0]["children"][0]]["branch"]["weights"]
    assert predict_sample(at, {"密度": 0.45, "含糖率": 0.15}) == []
    assert f"**{t('pred.split_header')}**" not in [m.value for m in at.main.markdown]
    assert not any("missing" in c.value for c in at.main.caption)
    tables = predict_sample(at, {"密度": 0.45, "含糖率": None})
    assert f"**{t('pred.split_header')}**" in [m.value for m in at.main.markdown]
    root = nodes[0]
    total = sum(nodes[c]["weight"] for c in root["children"])
    assert tables[0]["weight"].tolist() == pytest.approx(
        [nodes[c]["weight"] / total for c in root["children"]])


def test_the_export_page_writes_the_linear_test(oblique_app):
    at = oblique_app.switch_page("pages/export.py").run()
    assert not at.exception and not at.error
    assert "--algorithm oblique" in at.code[0].value
    cells = [str(v) for frame in at.dataframe for v in frame.value.to_numpy().ravel()]
    assert any("·密度" in cell and "含糖率" in cell for cell in cells)


def test_an_oblique_node_without_a_learned_linear_test_says_so():
    """Watermelon 2.0 has no continuous attribute: no linear test is learned anywhere, so the
    rule does not say the pick beat one (panel and worked solution alike); where one was
    learned and lost, the sentence still names the comparison."""
    from dtree_core.solution import solve, to_markdown
    from ui.panel import why_text

    data = prepare(load_bundled("watermelon_2.0"), "好瓜", exclude=["编号"])
    tr = DecisionTree("oblique").fit(data.X, data.y).trace_.to_dict()
    root = tr["nodes"][0]
    assert root["decision"]["kind"] == "split" and "linear_candidate" not in root["decision"]
    said = why_text(tr, root, 3)
    assert said.startswith(t("rule.oblique.axis_only", attribute=root["decision"]["attribute"],
                             value="", gini_gain="")[:30])
    assert "of the linear test" not in said
    solution = to_markdown(solve(tr))
    assert "no linear test was learned at this node" in solution
    X, y = alpha_rows()
    lost = DecisionTree("oblique", max_depth=3).fit(X, y).trace_.to_dict()
    tried = [n for n in lost["nodes"] if n["decision"].get("linear_candidate")]
    for node in tried:
        assert "No linear test was learned" not in why_text(lost, node, 3)


def test_the_two_gains_compared_are_shown_apart():
    """A linear test that won by 1e-5 read '0.022 against 0.022'; the two numbers get as
    many decimals as tell them apart (a real tie stays a tie)."""
    from dtree_core.split import told_apart

    assert told_apart(0.0222840, 0.0222727, 3) == ("0.02228", "0.02227")
    assert told_apart(0.5, 0.25, 3) == ("0.500", "0.250")
    assert told_apart(0.1, 0.1, 3) == ("0.100", "0.100")
    said = boundary.contest_sentence({"gini_gain": 0.0222840}, {"attribute": "a",
                                                                 "gini_gain": 0.0222727}, True, 3)
    assert "0.02228" in said and "0.02227" in said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_oblique_rule_sentence_quotes_what_it_ranked_by(language, monkeypatch):
    """With missing values the oblique rule ranks by ρ·(Gini(D̃) − Gini_index), as CART does,
    so its sentence quotes that figure of the winner (a linear test's from the decision), not
    only a Gini_index that another candidate may share or beat: on this data two single
    attributes leave Gini_index 0 at one node and the one with the larger ρ·ΔGini wins."""
    from ui import messages
    from ui.panel import why_text

    monkeypatch.setattr(messages, "current_language", lambda: language)
    X, y = alpha_rows()
    X = X.copy()
    X.iloc[[0, 3, 7, 11], 0] = np.nan
    X.iloc[[2, 5, 9], 1] = np.nan
    tr = DecisionTree("oblique").fit(X, y).trace_.to_dict()
    shared_zero = 0
    for node in tr["nodes"]:
        decision = node["decision"]
        if decision["kind"] != "split":
            continue
        chosen = next((r for r in node["scores"] if r["chosen"]), None)
        gain = decision["linear_gain"] if chosen is None else chosen["gini_gain"]
        assert all(r["gini_gain"] <= gain + 1e-12 for r in node["scores"])
        said = why_text(tr, node, 3)
        assert f"ρ·(Gini(D̃) − Gini_index) = {gain:.3f}" in said
        zeros = [r for r in node["scores"] if r["gini_index"] == 0]
        shared_zero += len(zeros) > 1 and len({r["gini_gain"] for r in zeros}) > 1
    assert shared_zero  # the case the sentence used to leave unexplained


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_oblique_panel_names_the_algorithm_in_the_language_and_no_nominal_caption(lang):
    """The Chinese panel said 'Oblique 对 密度 的划分准则', and on data with no nominal
    attribute it explained how Oblique splits a nominal attribute in two."""
    at = oblique_page(lang)
    text = unescaped(all_text(at))
    name = algorithm_name("oblique", lang)
    assert (name == "Oblique") == (lang == "en") and name in text
    if lang == "zh":
        assert "Oblique" not in text
    two_way = t("lesson.two_way", _lang=lang, algorithm=name)
    assert two_way not in text  # 西瓜 3.0α has no nominal attribute


def test_a_class_named_like_a_hover_template_is_shown_by_reference():
    """A class named '%{y}' put into the hovertemplate showed the coordinate, not its name."""
    import numpy as np

    from ui.boundary import _rows_trace

    trace = _rows_trace(np.array([[0.0, 1.0]]), np.array(["%{y}"], dtype=object), "%{y}", 0, 1)
    assert trace["name"] == "%{y}" and "%{y}</extra>" not in trace["hovertemplate"]
    assert trace["hovertemplate"].endswith("<extra>%{fullData.name}</extra>")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_oblique_texts_use_li_hangs_symbols_in_his_notation(lang):
    """Under Li Hang's notation the oblique tree's rule and its contest table said Zhou's
    Gini_index beside a score table headed Gini(D, A)."""
    at = grown_app("watermelon_3.0_alpha", "oblique", lang, "lihang")
    shown = "\n".join([*(m.value for m in at.markdown), *(c.value for c in at.caption),
                       *(i.value for i in at.info)])
    columns = [c for frame in at.dataframe for c in frame.value.columns]
    assert "Gini(D̃, A)" in columns and "ρ·(Gini(D̃) − Gini(D̃, A))" in columns
    assert "Gini_index" not in columns
    assert "ρ·(Gini(D̃) − Gini(D̃, A))" in shown.replace("\\", "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_ties_beside_a_linear_test_are_said(language, monkeypatch):
    """Watermelon 3.0's root: 纹理 and 含糖率 tie (Gini_index 0.285948 each) and the linear
    test beats both, but the contest table said 'best single attribute: 纹理' alone. Node 1
    of 3.0α: the linear test and 密度 ≤ 0.3815 tie (Gini_index 0.161616), but the rule said
    密度 lowers the Gini index most of the linear test and every single attribute."""
    from dtree_core.solution import WORDS, solve, to_markdown
    from ui import messages
    from ui.panel import why_text

    monkeypatch.setattr(messages, "current_language", lambda: language)
    data = prepare(load_bundled("watermelon_3.0"), "好瓜", exclude=["编号"])
    root = DecisionTree("oblique").fit(data.X, data.y).trace_.to_dict()["nodes"][0]
    linear, axis = boundary.contest_scores(root)
    [named] = boundary.contest_frame("w", linear, axis).iloc[1, :1].tolist()
    assert named == t("linear.row.axis.tied", attribute="纹理", ties=Listed(["含糖率"]))
    said = boundary.contest_sentence(linear, axis, True, 3)
    assert said == t("linear.won.tied", attribute="纹理", ties=Listed(["含糖率"]),
                     linear="0.242", axis="0.212")
    X, y = alpha_rows()
    tr = DecisionTree("oblique").fit(X, y).trace_.to_dict()
    node = tr["nodes"][1]
    assert why_text(tr, node, 3).startswith(t("rule.oblique.tied", attribute="密度",
                                              gini_gain="0.235", value="0.162"))
    linear, axis = boundary.contest_scores(node)
    assert boundary.contest_sentence(linear, axis, False, 3) == t(
        "linear.tied", attribute="密度", axis="0.235", linear="0.235")
    worked = to_markdown(solve(tr, 1), language)
    assert WORDS[language]["solution.linear.tied"].split("}")[-1] in worked
    assert WORDS[language]["solution.linear.lost"].split("}")[-1] not in worked


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_learner_s_caption_names_classes_tied_for_fisher_s_start(language, monkeypatch):
    """A, B and C with 5 rows each: the caption said Fisher's direction "between A and B
    (the two heaviest classes …)"; it now says C weighs as much and the first in the data
    were taken."""
    from ui import messages

    monkeypatch.setattr(messages, "current_language", lambda: language)
    learner = {"start": "fisher", "passes": 0, "first_class": "A", "second_class": "B",
               "tied_classes": ["C"], "tied_with": "B"}
    said = boundary.start_text(learner)
    assert said == t("linear.start.fisher.tied", first="A", second="B", tied=Listed(["C"]),
                     tied_with="B")
    assert "C" in said and said != t("linear.start.fisher.named", first="A", second="B")
    # A×5, B×10, C×5 takes A and B: C weighs as much as A, the first, not as B
    learner.update(tied_with="A")
    assert "C weighing as much as A" in boundary.start_text(learner) or language != "en"
    assert "与“A”权重相同" in boundary.start_text(learner) or language != "zh"
    del learner["tied_classes"]
    assert boundary.start_text(learner) == t("linear.start.fisher.named", first="A",
                                             second="B")


def test_chinese_oblique_words_quote_the_names_they_hold():
    """The Chinese caption read "由区分是与否的 Fisher 判别方向…" and "单属性密度使基尼指数…":
    the catalogue drops the spaces beside a value, so a class or attribute name ran into the
    words. Every name a sentence of the oblique section holds now stands in quotes or after
    a colon, a bracket or a list separator."""
    import re as regex

    from ui.sections import oblique

    names = ("attribute", "first", "second", "root", "tied", "ties")
    cjk = regex.compile(r"[\u4e00-\u9fff]")
    for key, text in oblique.ZH.items():
        for name in names:
            for found in regex.finditer(r"\s*\{" + name + r"\}\s*", text):
                before = text[found.start() - 1] if found.start() else ""
                after = text[found.end()] if found.end() < len(text) else ""
                assert not cjk.match(before) and not cjk.match(after), (key, name)
    said = t("linear.start.fisher.named", _lang="zh", first="是", second="否")
    assert said.startswith("区分“是”与“否”的")
    assert t("linear.lost", _lang="zh", attribute="密度", axis="0.235",
             linear="0.235").startswith("单属性“密度”使")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_book_caption_counts_rows_split_alike_whichever_way_a_test_points(lang):
    """3.0α's root and the book's split 11 of the 17 rows alike; the same test with w and t
    negated (the same split, its ≤ side the other's >) was said to agree on 6 (17 − 11), as
    only rows both tests sent to their ≤ side were counted. The caption now says 11 either
    way and which sides it matched."""
    from ui import messages

    X, y = alpha_rows()
    _, tr = grown("oblique", X, y)
    book = boundary.BOOK_ROOT[ALPHA]
    weights, threshold, _ = boundary.linear_of(tr["nodes"][0]["decision"])
    flipped = [(a, -w) for a, w in weights]
    assert boundary.agreement(weights, threshold, book, X) == boundary.Agreement(11, "<=", 17)
    assert boundary.agreement(flipped, -threshold, book, X) == boundary.Agreement(11, ">", 17)
    negated = json.loads(json.dumps(tr, default=list))
    decision = negated["nodes"][0]["decision"]
    decision["weights"], decision["threshold"] = dict(flipped), -threshold
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(messages, "current_language", lambda: lang)
        said = unescaped(boundary.book_comparison(negated, X, book, 3))
        assert t("boundary.book.agree", agree=11, rows=17, side=">") in said
        said = unescaped(boundary.book_comparison(tr, X, book, 3))
        assert t("boundary.book.agree", agree=11, rows=17, side="≤") in said
