"""Choose the split (ui.manual) through AppTest: a whole tree grown by hand, in both languages.

Every expected number is computed here from the data without the page's code: the rows a
node holds, what each algorithm's own tree takes on them, and dtree_core.evaluate's
held-out accuracy of the tree the picks force.
"""

from __future__ import annotations

import json
import re

import pytest
from app_helpers import attribute_box, has_attribute_box, page_app

from dtree_core import DecisionTree
from dtree_core.evaluate import holdout, stratified_split
from dtree_core.loading import load_path, prepare
from dtree_core.manual import pending
from dtree_core.options import Options
from dtree_core.paths import node_key
from dtree_core.solution import algorithm_name
from tests.conftest import dataset_path
from ui.messages import t

ALGORITHMS = {"id3": "ID3", "c45": "C4.5", "cart": "CART"}


def open_manual(dataset: str, lang: str):
    return page_app("pages/manual.py", dataset, lang)


def plain(text: str) -> str:
    """Markdown as read: values are backslash-escaped by ui.messages.literal."""
    return re.sub(r"\\(.)", r"\1", text)


def training(filename: str, target: str):
    prepared = prepare(load_path(dataset_path(filename)), target)
    X, y = prepared.X, prepared.y
    train, _ = stratified_split(y, 0.3, 0)
    return prepared, X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)


def node_rows(X, y, path: str):
    """The training rows on a path of nominal conditions 'a=v/b=w' (watermelon 2.0 has no
    missing values) and the attributes left there (a multiway split uses one up)."""
    keep = X.index == X.index
    used = []
    for part in ([] if path == "root" else path.split("/")):
        attribute, value = part.split("=")
        keep &= X[attribute] == value
        used.append(attribute)
    left = [c for c in X.columns if c not in used]
    return X[keep][left].reset_index(drop=True), y[keep].reset_index(drop=True)


def own_choice(algorithm: str, X, y) -> tuple[str, ...]:
    """The attribute the algorithm's own tree takes at its root, and those tied with it."""
    decision = DecisionTree(algorithm, nominal=list(X.columns)).fit(X, y).trace_.nodes[0] \
        .decision
    return (decision.attribute, *decision.ties)


def sentence(lang: str, picked: str, agree: list[str], disagree: list[str],
             tied: list[str]) -> str:
    """tied: the disagreeing algorithms whose choice the pick ties with (the first column won)."""
    join = t("list.join", _lang=lang).join
    if not disagree:
        return t("man.agree.all", _lang=lang, same=join(agree))
    if not agree:
        said = t("man.agree.none", _lang=lang, other=join(disagree), choice=picked)
    else:
        said = t("man.agree.some", _lang=lang, same=join(agree), other=join(disagree))
    if tied:
        # a second sentence, as the language runs them on (no space after 。)
        said = t("sentence.pair", _lang=lang, first=said,
                 second=t("man.agree.tied.first", _lang=lang, algorithms=join(tied),
                          choice=picked))
    return said


def choice_shown(lang: str, choice: tuple[str, ...]) -> str:
    """An algorithm's choice as the table words it: the attribute, and those tied with it."""
    if len(choice) == 1:
        return choice[0]
    return t("man.tied.first", _lang=lang, choice=choice[0],
             others=t("list.join", _lang=lang).join(choice[1:]))


def messages(at) -> list[str]:
    return [plain(m.value) for m in [*at.info, *at.success]]


def frame(at, column: str):
    """The table with this column (the page's words for it)."""
    return next(df.value for df in at.dataframe if column in df.value.columns)


def picks(at) -> list[list]:
    return at.session_state["manual"]["picks"]


def next_path(at, X, y, lang: str) -> str:
    """The first pending node of the tree the session's picks force (TreeGenerate's order);
    the page must be asking about it."""
    force = {path: attribute for path, attribute, _ in picks(at)}
    trace = DecisionTree("id3", nominal=list(X.columns), force=force).fit(X, y).trace_.to_dict()
    path = node_key(trace, pending(trace)[0])
    shown = t("node.root.bare", _lang=lang) if path == "root" else path.replace("/", " / ")
    number = f"#{pending(trace)[0]}"
    assert [m for m in map(plain, (m.value for m in at.markdown)) if number in m and shown in m]
    return path


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_whole_tree_by_hand_on_watermelon_2(lang):
    prepared, X, y = training("watermelon_2.0.csv", "好瓜")
    at = open_manual("watermelon_2.0", lang)
    assert at.title[0].value == t("page.manual", _lang=lang)
    step, saw_agree, saw_disagree, saw_tie = 0, False, False, False
    while has_attribute_box(at):
        box = attribute_box(at)
        path = next_path(at, X, y, lang)
        X_node, y_node = node_rows(X, y, path)
        tied = {a: own_choice(a, X_node, y_node) for a in ALGORITHMS}
        expected = {a: choice[0] for a, choice in tied.items()}
        # the first pick copies ID3, the others take the last candidate the box offers
        picked = expected["id3"] if step == 0 else box.options[-1]
        box.set_value(picked).run()
        at.button(key="man_choose").click().run()
        assert not at.exception and not at.error
        assert picks(at)[-1] == [path, picked, None]
        table = frame(at, t("man.col.agrees", _lang=lang))
        assert table.iloc[:, 0].tolist() == list(ALGORITHMS.values())
        assert table.iloc[:, 1].tolist() == [choice_shown(lang, c) for c in tied.values()]
        assert table.iloc[:, 2].tolist() == ["✓" if expected[a] == picked else "✗"
                                             for a in ALGORITHMS]
        agree = [ALGORITHMS[a] for a in ALGORITHMS if expected[a] == picked]
        disagree = [ALGORITHMS[a] for a in ALGORITHMS if expected[a] != picked]
        ties = [ALGORITHMS[a] for a in ALGORITHMS if expected[a] != picked
                and picked in tied[a]]
        assert sentence(lang, picked, agree, disagree, ties) in messages(at)
        saw_tie |= bool(ties)
        saw_agree |= bool(agree)
        saw_disagree |= bool(disagree)
        step += 1
    assert step >= 3 and saw_agree and saw_disagree and saw_tie
    assert "<B>" in at.get("graphviz_chart")[0].proto.spec  # the student's tree is drawn
    # the picks' nodes titled as the pickers title them: '#0（根结点）', no space before （
    history = frame(at, t("man.col.yours", _lang=lang))
    assert history.iloc[0, 0] == t("node.title.root", _lang=lang, id=0)
    final_comparison(at, lang, prepared)


def final_comparison(at, lang, prepared) -> None:
    force = {path: attribute for path, attribute, _ in picks(at)}
    options = Options.build(algorithm="id3", nominal=prepared.nominal)
    full_X, full_y = prepared.X, prepared.y
    yours = holdout(options.but(force=force), full_X, full_y, 0.3, 0)
    theirs = holdout(options, full_X, full_y, 0.3, 0)
    table = frame(at, t("man.col.leaves", _lang=lang))
    assert table.iloc[:, 1].tolist() == [yours.accuracy, theirs.accuracy]
    train, _ = stratified_split(full_y, 0.3, 0)
    Xt, yt = full_X.iloc[train].reset_index(drop=True), full_y.iloc[train].reset_index(drop=True)
    for row, opts in ((0, options.but(force=force)), (1, options)):
        nodes = DecisionTree.from_options(opts).fit(Xt, yt).trace_.nodes
        assert table.iloc[row, 2] == sum(n.is_leaf for n in nodes)
        assert table.iloc[row, 3] == max(n.depth for n in nodes)
    verdict = ("better" if yours.accuracy > theirs.accuracy else
               "worse" if yours.accuracy < theirs.accuracy else "same")
    expected = t(f"man.final.{verdict}", _lang=lang, n=len(yours.y_true), algorithm="ID3",
                 yours=f"{yours.accuracy:.3f}", theirs=f"{theirs.accuracy:.3f}")
    assert expected in [plain(m.value) for m in at.markdown]


def test_a_threshold_chosen_on_the_curve_on_watermelon_3():
    prepared, X, y = training("watermelon_3.0.csv", "好瓜")
    kinds = {"nominal": prepared.nominal, "continuous": prepared.continuous}
    at = open_manual("watermelon_3.0", "en")
    attribute_box(at).set_value("密度").run()
    forced = DecisionTree("id3", force={"root": "密度"}, **kinds).fit(X, y).trace_.to_dict()
    best = forced["nodes"][0]["decision"]["threshold"]
    row = next(r for r in forced["nodes"][0]["scores"] if r["attribute"] == "密度")
    assert [float(v) for v in at.select_slider(key="man_t").options] == \
        [float(f"{c:.6g}") for c in row["curve"]["threshold"]]
    chosen = next(c for c in row["curve"]["threshold"] if c != best)
    at.select_slider(key="man_t").set_value(chosen).run()
    curve = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [s["x0"] for s in curve["layout"]["shapes"]] == [chosen]  # the student's t only
    at.button(key="man_choose").click().run()
    assert not at.exception and not at.error
    assert picks(at) == [["root", "密度", chosen]]
    table = frame(at, t("man.col.agrees", _lang="en"))
    for i, algorithm in enumerate(ALGORITHMS):
        node = DecisionTree(algorithm, **kinds).fit(X, y).trace_.to_dict()["nodes"][0]
        root = DecisionTree(algorithm, **kinds).fit(X, y).trace_.nodes[0].decision
        cuts = {r["attribute"]: r["threshold"] for r in node["scores"]}
        text = _named(root.attribute, cuts)
        if root.ties:  # watermelon 3.0's training rows: ID3's 密度 ties with 含糖率
            text = t("man.tied.first", _lang="en", choice=text, others=t(
                "list.join", _lang="en").join(_named(a, cuts) for a in root.ties))
        assert table.iloc[i, 1] == text
        assert table.iloc[i, 2] == ("✓" if (root.attribute, root.threshold) == ("密度", chosen)
                                    else "✗")
    header = t("man.with_t", _lang="en", attribute="密度", t=f"{chosen:.6g}")
    assert header in plain(at.subheader[0].value)
    tree = at.get("graphviz_chart")[0].proto.spec
    assert "<B>密度</B>" in tree and f"{chosen:.3f}" in tree


def _named(attribute: str, cuts: dict) -> str:
    """An attribute as the reveal names it, with its cut point for a continuous one."""
    return attribute if cuts[attribute] is None else t(
        "man.with_t", _lang="en", attribute=attribute, t=f"{cuts[attribute]:.6g}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_bundled_validation_set_is_the_held_out_rows_where_there_is_one(lang):
    """Zhou Table 4.2: 10 training rows, the 7 of the validation set held out."""
    at = open_manual("watermelon_2.0_train", lang)
    assert at.radio(key="man_heldout").value == "paired"
    assert t("man.training", _lang=lang, train=10, test=7) in [c.value for c in at.caption]
    at.radio(key="man_heldout").set_value("split").run()
    assert not at.exception and not at.error
    assert t("man.training", _lang=lang, train=7, test=3) in [c.value for c in at.caption]


def test_undo_and_start_over():
    at = open_manual("watermelon_2.0", "en")
    assert at.button(key="man_undo").disabled and at.button(key="man_restart").disabled
    for _ in range(2):
        box = attribute_box(at)
        box.set_value(box.options[0]).run()
        at.button(key="man_choose").click().run()
    first, second = picks(at)
    assert first[0] == "root" and second[0].startswith(first[1] + "=")
    at.button(key="man_undo").click().run()
    assert picks(at) == [first]
    assert plain(at.subheader[0].value).endswith(f"you split on {first[1]}")
    at.button(key="man_restart").click().run()
    assert picks(at) == [] and not at.subheader
    assert not at.exception and not at.error


def test_either_tree_exports_once_the_students_is_complete():
    at = open_manual("watermelon_2.0", "en")
    labels = [b.proto.label for b in at.get("download_button")]
    # neither yet: the algorithm's file would give its choices away before the student's
    assert labels.count(t("exp.json", _lang="en")) == 0
    while has_attribute_box(at):
        box = attribute_box(at)
        box.set_value(box.options[0]).run()
        at.button(key="man_choose").click().run()
    labels = [b.proto.label for b in at.get("download_button")]
    assert labels.count(t("exp.json", _lang="en")) == 2
    assert labels.count(t("exp.dot", _lang="en")) == 2


def test_the_json_download_is_the_trace_with_every_score_row():
    """The trees are kept with score rows built when read (every pick grows a tree); the
    download makes the JSON when asked, every row included, the same as an eager dict."""
    from ui import manual as manual_view

    source = (dataset_path("watermelon_2.0.csv").read_bytes(), "wm.csv",
              {"target": "好瓜", "attributes": ["色泽", "根蒂", "敲声", "纹理", "脐部", "触感"],
               "sheet": None, "encoding": None})
    options = Options.build(algorithm="id3")
    heldout = ("split", 0.3, 0)
    lazy = manual_view.grown(*source, options, heldout, ())
    X, y = manual_view.training(source, options, heldout)
    eager = DecisionTree.from_options(options).fit(X, y).trace_.to_dict()
    assert json.loads(manual_view._json(lazy)) == json.loads(json.dumps(eager))
    assert json.loads(manual_view._json(lazy))["nodes"][0]["scores"]


def test_the_sidebar_pruning_the_page_leaves_out_keeps_the_picks():
    """The page grows both trees without the sidebar's pruning and says so; choosing one (and
    its validation split, or its cf) dropped every pick. A change of algorithm still does."""
    at = open_manual("watermelon_2.0", "en")
    attribute_box(at).set_value("纹理").run()
    at.button(key="man_choose").click().run()
    picked = at.session_state["manual"]["picks"]
    assert len(picked) == 1
    at.selectbox(key="prune").set_value("rep").run()
    at.radio(key="validation_source::False").set_value("split").run()
    assert not at.exception and at.session_state["manual"]["picks"] == picked
    at.selectbox(key="prune").set_value("pep").run()
    at.number_input(key="prune_cf").set_value(0.1).run()
    assert at.session_state["manual"]["picks"] == picked
    at.selectbox(key="prune").set_value("none").run()
    assert at.session_state["manual"]["picks"] == picked
    at.selectbox(key="algorithm").set_value("c45").run()
    assert at.session_state["manual"]["picks"] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_reveal_s_score_table_is_read_not_picked_from(lang):
    """The reveal's table took row ticks that went nowhere, keyed by node number alone: a new
    student tree's table was the old one's widget, which a browser sends its old tick back to."""
    at = open_manual("watermelon_2.0", lang)
    attribute_box(at).set_value(attribute_box(at).options[0]).run()
    at.button(key="man_choose").click().run()
    assert not at.exception
    tables = [d for d in at.dataframe if "gain" in str(d.value.columns).lower()]
    assert tables  # the reveal's score table is drawn
    for table in tables:
        assert not table.proto.selection_mode and "scores_" not in table.proto.id


def test_a_candidate_that_needs_more_digits_is_offered_between_its_own_two_values():
    """The slider named the midpoint of 3.0000001 and 3.0000003 '3' (six digits, apart from
    its neighbours 1.5 and 2.5): x<=3 sends 3.0000001 right. It reads 3.0000002, on the
    slider and in the reveal."""
    import pandas as pd
    from app_helpers import new_app

    frame = pd.DataFrame({"x": [1.0, 2.0, 3.0000001, 3.0000003] * 5, "y": list("abba") * 5})
    at = new_app()
    at.query_params["lang"] = "en"
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(
        ("close.csv", frame.to_csv(index=False).encode(), "text/csv")).run()
    at.switch_page("pages/manual.py").run()
    attribute_box(at).set_value("x").run()
    assert not at.exception and not at.error
    options = at.select_slider(key="man_t").options
    assert "3.0000002" in options and "3" not in options
    at.select_slider(key="man_t").set_value((3.0000001 + 3.0000003) / 2).run()
    at.button(key="man_choose").click().run()
    assert not at.exception and not at.error
    said = " ".join(plain(m.value) for m in [*at.markdown, *at.subheader])
    assert "3.0000002" in said and "t = 3 " not in said and "t = 3)" not in said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_reveal_s_table_is_the_algorithm_s_own_scoring(lang):
    """Cut 密度 at its first candidate on watermelon 3.0: the choices said C4.5 takes 密度 at
    its best t, tied with 含糖率, while the table below showed 密度 at the student's t (Gain
    ≥ mean ✗, no tie): a table that contradicted the sentence above it."""
    at = page_app("pages/manual.py", "watermelon_3.0", lang, algorithm="c45")
    attribute_box(at).set_value("密度").run()
    prepared, X, y = training("watermelon_3.0.csv", "好瓜")
    forced = DecisionTree("c45", force={"root": "密度"}, nominal=prepared.nominal,
                          continuous=prepared.continuous).fit(X, y).trace_.to_dict()
    row = next(r for r in forced["nodes"][0]["scores"] if r["attribute"] == "密度")
    first = row["curve"]["threshold"][0]
    at.select_slider(key="man_t").set_value(first).run()
    at.button(key="man_choose").click().run()
    assert not at.exception and not at.error
    table = next(d.value for d in at.dataframe if len(d.value.columns) >= 8)  # the scores
    row = table[table.iloc[:, 0] == "密度"].iloc[0]
    row = {"t": row.iloc[2], "tie": row.iloc[8]}  # attribute, kind, t, …, tie, chosen
    cart_or_c45 = frame(at, t("man.col.agrees", _lang=lang))
    said = cart_or_c45.iloc[list(ALGORITHMS).index("c45"), 1]
    assert float(row["t"]) != float(first)  # its own best cut, not the student's
    assert f"{float(row['t']):.4g}" in said and row["tie"]  # the cut and the tie said above
    heading = t("man.reveal.table", _lang=lang, algorithm=algorithm_name("c45", lang))
    assert any(heading in plain(m.value) for m in at.markdown)  # the heading says whose


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_algorithm_without_a_choice_to_reveal_shows_the_students_scoring_and_says_so(lang):
    """The worst-attribute baseline is not among the revealed choices: the table is the
    student's tree's, and its heading says the picked attribute is scored at the student's
    cut, as the table shows it."""
    at = page_app("pages/manual.py", "watermelon_3.0", lang, algorithm="worst")
    attribute_box(at).set_value("密度").run()
    prepared, X, y = training("watermelon_3.0.csv", "好瓜")
    forced = DecisionTree("worst", force={"root": "密度"}, nominal=prepared.nominal,
                          continuous=prepared.continuous).fit(X, y).trace_.to_dict()
    first = next(r for r in forced["nodes"][0]["scores"]
                 if r["attribute"] == "密度")["curve"]["threshold"][0]
    at.select_slider(key="man_t").set_value(first).run()
    at.button(key="man_choose").click().run()
    assert not at.exception and not at.error
    heading = t("man.reveal.table.yours", _lang=lang,
                algorithm=algorithm_name("worst", lang))
    assert any(heading in plain(m.value) for m in at.markdown)
    table = next(d.value for d in at.dataframe if len(d.value.columns) >= 8)
    assert float(table[table.iloc[:, 0] == "密度"].iloc[0, 2]) == float(first)


# x = 1.25, 2.25, ... with these classes (decimals: not a row number, which the page leaves
# out): on the page's training rows (a stratified 70%, seeded) every algorithm's cut at the
# root is t = 1.75, and t = 13.75 scores the same (checked below)
TIED_CUTS = "abbbaabbaabaab"
X_TIED = [i + 1.25 for i in range(len(TIED_CUTS))]


def _tied_cut_upload(lang: str):
    from test_server_app import uploaded

    rows = "".join(f"{x},{c}\n" for x, c in zip(X_TIED, TIED_CUTS, strict=True))
    at = uploaded(f"x,y\n{rows}".encode(), "tied_cuts.csv", lang, "id3")
    at.switch_page("pages/manual.py").run()
    assert not at.exception and not at.error
    return at


def _root_cuts(algorithm: str, X, y) -> tuple[float, list[float]]:
    """The algorithm's cut at the root of its own tree on these rows, and every midpoint that
    scores as well by the score it cuts by (Gain; CART: Gini_index), within 1e-9."""
    row = DecisionTree(algorithm, continuous=["x"]).fit(X, y).trace_.to_dict()["nodes"][0][
        "scores"][0]
    key = [-g for g in row["curve"]["gini_index"]] if algorithm == "cart" \
        else row["curve"]["gain"]
    best = max(key)
    return row["threshold"], [c for c, k in zip(row["curve"]["threshold"], key, strict=True)
                              if abs(k - best) <= 1e-9 * abs(best)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_cut_tied_with_the_algorithms_is_said_to_tie_not_to_differ(lang):
    import pandas as pd

    X = pd.DataFrame({"x": X_TIED})
    y = pd.Series(list(TIED_CUTS))
    train, _ = stratified_split(y, 0.3, 0)
    X, y = X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)
    cuts = {a: _root_cuts(a, X, y) for a in ALGORITHMS}
    assert all(chosen == 1.75 and tied == [1.75, 13.75] for chosen, tied in cuts.values())
    at = _tied_cut_upload(lang)
    attribute_box(at).set_value("x").run()
    at.select_slider(key="man_t").set_value(13.75).run()
    at.button(key="man_choose").click().run()
    assert not at.exception and not at.error
    join = t("list.join", _lang=lang).join
    table = frame(at, t("man.col.agrees", _lang=lang))
    cut_by = {"id3": "gain", "c45": "gain", "cart": "gini_index"}  # each one's threshold score
    chosen = t("man.with_t", _lang=lang, attribute="x", t="1.75")
    assert table.iloc[:, 1].tolist() == [
        t("man.tied.threshold", _lang=lang, others="13.75", choice=chosen,
          criterion=t(f"col.{cut_by[a]}", _lang=lang)) for a in ALGORITHMS]
    assert table.iloc[:, 2].tolist() == ["✗"] * 3  # the rule took the smallest t
    picked = t("man.with_t", _lang=lang, attribute="x", t="13.75")
    said = t("man.agree.none", _lang=lang, other=join(ALGORITHMS.values()), choice=picked)
    for score, names in (("gain", ["ID3", "C4.5"]), ("gini_index", ["CART"])):
        said = t("sentence.pair", _lang=lang, first=said, second=t(
            "man.agree.tied.threshold", _lang=lang, algorithms=join(names), choice=picked,
            criterion=t(f"col.{score}", _lang=lang)))
    assert said in messages(at)


def test_a_cut_that_does_not_tie_is_not_said_to():
    at = _tied_cut_upload("en")
    attribute_box(at).set_value("x").run()
    at.select_slider(key="man_t").set_value(2.75).run()
    at.button(key="man_choose").click().run()
    picked = t("man.with_t", _lang="en", attribute="x", t="2.75")
    said = t("man.agree.none", _lang="en", other=", ".join(ALGORITHMS.values()), choice=picked)
    assert said in messages(at)  # the sentence alone: no tie is said
