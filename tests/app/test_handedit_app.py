"""Li Hang's pruning by the loss in the sidebar, and pruning and regrouping by hand on the
exercises page, in both languages (issue 14)."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from app_helpers import new_app

from dtree_core import DecisionTree
from dtree_core.datasets import get
from dtree_core.evaluate import stratified_split
from dtree_core.handedit import Edit, apply, judged
from dtree_core.loading import load_path, prepare
from dtree_core.pruning import relation
from dtree_core.trace import Trace
from ui.messages import EN, LANGUAGES, fill, literal
from ui.pruning import reason_key

PAGE = "pages/exercises.py"
KEY = re.compile(r"\b(?:he|prune\.cost|prune\.reason\.cost|ex\.tab)\.[a-z_.]+\b")


def texts(at) -> str:
    """Every text the page shows (labels and values), to look for catalogue keys."""
    parts = []
    for kind in ("markdown", "caption", "info", "error", "warning", "subheader", "title"):
        parts += [e.value for e in at.get(kind)]
    parts += [f"{m.label} {m.value}" for m in at.metric]
    parts += [b.label for b in at.button] + [s.label for s in at.selectbox]
    parts += [r.label for r in at.radio] + [tab.label for tab in at.tabs]
    return "\n".join(str(p) for p in parts)


def no_key_leaks(at) -> None:
    leaked = KEY.findall(texts(at))
    assert not leaked, leaked


def app(lang: str, dataset: str, **sidebar):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.selectbox(key="bundled_key").set_value(dataset).run()
    at.selectbox(key="algorithm").set_value("id3").run()
    for key, value in sidebar.items():
        widget = at.selectbox(key=key) if key == "prune" else at.number_input(key=key)
        widget.set_value(value).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    return at


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def metric(at, label_key: str, lang: str) -> list[str]:
    label = LANGUAGES[lang][1][label_key]
    return [m.value for m in at.metric if m.label == label]


# --------------------------------------------------------------------- Li Hang's C_α pruning


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cost_pruning_from_the_sidebar_replays_its_events(lang):
    # Table 5.1 with α = 9 retracts both groups (tests/core/test_cost_pruning.py): one leaf.
    at = app(lang, "loan_lihang", prune="cost", cost_alpha=9.0)
    trace = at.session_state["current"]["trace"]
    assert trace["params"]["prune"] == "cost" and trace["params"]["ccp_alpha"] == 9.0
    assert [e["action"] for e in trace["pruning"]] == ["prune", "prune"]
    words = LANGUAGES[lang][1]
    shown = texts(at)
    assert words["prune.method.cost"] in shown or any(
        words["prune.method.cost"] in s.value for s in at.subheader)
    assert "Σ N_t·H_t" in shown  # both terms of the event's loss
    assert "27" in shown  # C_α before the first retraction: 3 leaves × 9
    for event in trace["pruning"]:
        assert reason_key(event, "cost") in EN
    no_key_leaks(at)


# --------------------------------------------------------------------- by hand


def exercises(lang: str, dataset: str, **sidebar):
    at = app(lang, dataset, **sidebar)
    at.switch_page(PAGE).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    return at


def edit(at, node: str, action: str, refused: bool = False, **widgets):
    at.selectbox(key="he_node").set_value(node).run()
    at.radio(key="he_action").set_value(action).run()
    for key, value in widgets.items():
        kind = key.split("::")[0]
        element = {"he_nominal": at.selectbox, "he_continuous": at.selectbox,
                   "he_group": at.multiselect, "he_threshold": at.number_input,
                   "he_auto_method": at.selectbox, "he_locked": at.multiselect}[kind]
        element(key=key).set_value(value).run()
    at.button(key="he_apply").click().run()
    assert not at.exception
    assert bool(at.error) == refused, [e.value for e in at.error]
    return at


def book_rows():
    train = get("watermelon_2.0_train")
    f, g = pd.read_csv(train.path), pd.read_csv(get(train.validation).path)
    drop = ["编号", train.target]
    return f.drop(columns=drop), f[train.target], g.drop(columns=drop), g[train.target]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_prune_a_node_then_regroup_texture(lang):
    at = exercises(lang, "watermelon_2.0_train")
    X, y, Xv, yv = book_rows()
    grown = DecisionTree().fit(X, y).trace_
    pruned = judged(grown, Edit("prune", "root"), X, y, Xv, yv)
    # The root as a leaf: 5 是, 5 否, a tie to 是 (first in the data): validation rows 4, 5, 8
    # are 是 (3 of 7).
    assert pruned.after == pytest.approx(3 / 7)
    edit(at, "root", "prune")
    assert len(at.session_state["handedit"]["edits"]) == 1
    assert metric(at, "he.before", lang) == [percent(pruned.before)]
    assert metric(at, "he.after", lang) == [percent(3 / 7)]
    # Regroup 纹理 at the (now leaf) root: {清晰} 4 是 2 否 -> 是; {稍糊, 模糊} 1 是 3 否 -> 否;
    # validation 清晰 rows 4, 5, 8 are 是 and the others 否: 7 of 7.
    edit(at, "root", "regroup", he_nominal="纹理", **{"he_group::纹理": ["清晰"]})
    assert [e["kind"] for e in at.session_state["handedit"]["edits"]] == ["prune", "regroup"]
    assert metric(at, "he.before", lang) == [percent(3 / 7)]
    assert metric(at, "he.after", lang) == ["100.0%"]
    assert "纹理 ∈ \\{清晰\\}" in at.session_state["he_dot_student"]  # DOT escapes braces
    assert "纹理 in" not in at.session_state["he_dot_algorithm"]  # the algorithm's is as grown
    assert metric(at, "he.accuracy", lang)[0] == percent(pruned.before)  # the algorithm's
    no_key_leaks(at)
    at.button(key="he_undo").click().run()
    assert [e["kind"] for e in at.session_state["handedit"]["edits"]] == ["prune"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_regrouping_needs_a_value_on_each_side(lang):
    at = exercises(lang, "watermelon_2.0_train")
    edit(at, "root", "regroup", refused=True, he_nominal="纹理")  # no value in the first branch
    assert at.session_state["handedit"]["edits"] == []
    assert [e.value for e in at.error] == [LANGUAGES[lang][1]["he.error.groups"]]
    edit(at, "root", "regroup", refused=True, **{"he_group::纹理": ["清晰", "稍糊", "模糊"]})
    assert at.session_state["handedit"]["edits"] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_type_a_cut_point_on_watermelon_3(lang):
    at = exercises(lang, "watermelon_3.0")
    words = LANGUAGES[lang][1]
    assert any(c.value.startswith(words["he.validation.split"].split("{")[0])
               for c in at.caption)
    edit(at, "root", "cut", he_continuous="密度", **{"he_threshold::密度": 0.42})
    (saved,) = at.session_state["handedit"]["edits"]
    assert (saved["kind"], saved["attribute"], saved["threshold"]) == ("cut", "密度", 0.42)
    dot = at.session_state["he_dot_student"]
    assert "密度\\<=0.42" in dot and "密度\\>0.42" in dot  # DOT escapes < and >
    # The same edit in the core, on the same seeded stratified split (30%, seed 0)
    prepared = prepare(load_path(get("watermelon_3.0").path), get("watermelon_3.0").target)
    train, held = stratified_split(prepared.y, 0.3, 0)
    X, y = prepared.X.iloc[train].reset_index(drop=True), prepared.y.iloc[train].reset_index(
        drop=True)
    Xv, yv = prepared.X.iloc[held].reset_index(drop=True), prepared.y.iloc[held].reset_index(
        drop=True)
    grown = DecisionTree(nominal=prepared.nominal, continuous=prepared.continuous).fit(X, y)
    result = judged(grown.trace_, Edit("cut", "root", "密度", threshold=0.42), X, y, Xv, yv)
    assert metric(at, "he.before", lang) == [percent(result.before)]
    assert metric(at, "he.after", lang) == [percent(result.after)]
    no_key_leaks(at)


def book_example_unpruned(lang: str):
    """The hand-edit tab on the book's Table 4.2 tree (root 脐部), unpruned."""
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.button(key="book_example_button").click().run()
    at.selectbox(key="prune").set_value("none").run()
    at.switch_page(PAGE).run()
    return at


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_automatic_pruning_keeps_a_locked_node(lang):
    # The book's Table 4.2 tree (root 脐部), unpruned, judged on the paired validation rows:
    # reduced-error pruning reaches 71.4% (Fig. 4.7); with 脐部=凹陷 locked it stops at 57.1%
    # (tests/core/test_handedit.py counts both by hand).
    at = book_example_unpruned(lang)
    assert not at.exception and not at.error
    words = LANGUAGES[lang][1]
    assert words["he.validation.paired"].replace("{n}", "7") in [c.value.replace("\\", "")
                                                                 for c in at.caption]
    edit(at, "root", "auto", he_auto_method="rep", he_locked=["脐部=凹陷"])
    assert metric(at, "he.before", lang) == ["42.9%"]
    assert metric(at, "he.after", lang) == ["57.1%"]
    at.button(key="he_undo").click().run()
    edit(at, "root", "auto", he_auto_method="rep", he_locked=[])
    assert metric(at, "he.after", lang) == ["71.4%"]
    no_key_leaks(at)


def book_example_post_pruned(lang: str, prune_on_tie: bool):
    """The hand-edit tab on the book's Table 4.2 tree post-pruned in the sidebar (its paired
    validation rows), the sidebar's "prune on a tie" set."""
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.button(key="book_example_button").click().run()
    at.checkbox(key="prune_on_tie").set_value(prune_on_tie).run()
    assert at.session_state["current"]["options"].prune_on_tie is prune_on_tie
    at.switch_page(PAGE).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    return at


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("prune_on_tie", [True, False])
def test_the_automatic_run_breaks_a_tie_as_the_sidebar_says(lang, prune_on_tie):
    """The automatic reduced-error pruning kept a subtree on a tie whatever the sidebar's
    "prune on a tie" said. 脐部=稍凹 is a leaf 是 of the post-pruned tree either way; split by
    hand on 色泽 ({乌黑} | {浅白, 青绿}), validation rows 8 (乌黑, 是 ✓) and 9 (乌黑, 否 ✗) go
    as before: 71.4% both, a tie. The run prunes it back with the option on and keeps it off,
    and the page says which way the tie went and by which rule."""
    at = book_example_post_pruned(lang, prune_on_tie)
    words = LANGUAGES[lang][1]
    edit(at, "脐部=稍凹", "regroup", he_nominal="色泽", **{"he_group::色泽": ["乌黑"]})
    assert metric(at, "he.before", lang) == metric(at, "he.after", lang) == ["71.4%"]
    regrouped = metric(at, "he.leaves", lang)[1]
    edit(at, "root", "auto", he_auto_method="rep", he_locked=[])
    assert metric(at, "he.after", lang) == ["71.4%"]
    leaves = metric(at, "he.leaves", lang)[1]
    assert int(leaves) == int(regrouped) - (1 if prune_on_tie else 0)
    rule = "he.auto.rep.tie_prunes" if prune_on_tie else "he.auto.rep.tie_keeps"
    method = fill(words[rule], {"method": words["prune.method.rep"]})
    logged = fill(words["he.edit.auto"], {"method": method, "locked": words["he.locked.none"]})
    assert any(literal(logged) in m.value for m in at.markdown)
    action = "prune" if prune_on_tie else "keep"
    said = [m.value for m in at.markdown if m.value.startswith("- ")]
    values = {k: literal(v) for k, v in {"before": "71.4%", "attribute": "色泽",
                                          "label": "是"}.items()}  # as tm() fills them
    assert f"- {fill(words[f'prune.reason.rep.{action}.eq'], values)}" in said, said
    other = "keep" if prune_on_tie else "prune"
    assert f"- {fill(words[f'prune.reason.rep.{other}.eq'], values)}" not in said, said
    assert ties_said(at, lang) == len(run_ties(at)) == 1 == len(said)
    no_key_leaks(at)


def run_ties(at) -> list[dict]:
    """The tied decisions of the last automatic run: the session's edits replayed by the core
    on the sidebar's tree and the book's rows (Table 4.2 and its paired validation set)."""
    X, y, Xv, yv = book_rows()
    current = at.session_state["current"]
    trace = Trace.from_dict(current["trace"])
    for made in at.session_state["handedit"]["edits"]:
        trace = apply(trace, Edit.from_dict(made), X, y, (Xv, yv), current["options"])
    return [event for event in trace.pruning if relation(event["before"], event["after"]) == "eq"]


def ties_said(at, lang: str) -> int | None:
    """The n of the page's "where validation accuracy tied (n)" line, or None where the
    no-tie caption shows instead; exactly one of the two shows after an automatic run."""
    words = LANGUAGES[lang][1]
    heading = re.compile(re.escape(words["he.auto.ties"]).replace(r"\{n\}", r"(\d+)"))
    counts = [int(found[1]) for m in at.markdown if (found := heading.fullmatch(m.value))]
    no_ties = [c for c in at.caption if c.value == words["he.auto.no_ties"]]
    assert len(counts) + len(no_ties) == 1, (counts, no_ties)
    return counts[0] if counts else None


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("locked", "tied"), [([], 2), (["脐部=稍凹/根蒂=稍蜷"], 0)])
def test_the_automatic_run_says_it_met_no_tie_exactly_when_none_tied(lang, locked, tied):
    """The book's unpruned Table 4.2 tree: reduced-error pruning keeps two subtrees on a tie
    (脐部=稍凹/根蒂=稍蜷 at 57.1%, 脐部=稍凹 at 71.4%: Zhou §4.3.2, Fig. 4.6); with the first
    locked it prunes two subtrees and ties nowhere. The count said is the run's."""
    at = book_example_unpruned(lang)
    edit(at, "root", "auto", he_auto_method="rep", he_locked=locked)
    ties = run_ties(at)
    assert len(ties) == tied and len(at.session_state["handedit"]["edits"]) == 1
    assert ties_said(at, lang) == (len(ties) or None)
    no_key_leaks(at)


@pytest.mark.parametrize("page", ["pages/compare.py", "pages/evaluate.py", "pages/predict.py",
                                  "pages/export.py", "pages/exercises.py"])
def test_every_page_runs_with_cost_pruning(page):
    at = app("zh", "watermelon_3.0", prune="cost", cost_alpha=2.0)
    at.switch_page(page).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    no_key_leaks(at)


def test_a_shared_link_carries_li_hangs_alpha():
    # α ≤ 1 only: the link's ccp_alpha is checked against CART's range (ui.state.SIDEBAR)
    at = new_app()
    for key, value in {"data": "loan_lihang", "algorithm": "id3", "prune": "cost",
                       "ccp_alpha": "0.5", "lang": "en"}.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception and not at.warning
    options = at.session_state["current"]["options"]
    assert (options.prune, options.ccp_alpha) == ("cost", 0.5)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_edit_log_and_the_change_are_worded_in_the_pages_language(lang):
    """The log named the node by its raw path key ('root', English in the Chinese tab) and the
    change's unit was a hard-coded 'pp'; both come from the catalogue now."""
    at = exercises(lang, "watermelon_2.0_train")
    X, y, Xv, yv = book_rows()
    pruned = judged(DecisionTree().fit(X, y).trace_, Edit("prune", "root"), X, y, Xv, yv)
    edit(at, "root", "prune")
    words = LANGUAGES[lang][1]
    values = {"k": 1, "edit": words["he.edit.prune"], "path": words["node.root.bare"],
              "before": percent(pruned.before), "after": percent(pruned.after)}
    row = fill(words["he.log.row"], {k: literal(v) for k, v in values.items()})  # as tm()
    assert row in [m.value for m in at.markdown]
    # the root in words, not the picker's bracketed (root) after "At" or before "："
    assert row.startswith({"en": "1. At the root: ", "zh": "1. 根结点："}[lang]), row
    (after,) = [m for m in at.metric if m.label == words["he.after"]]
    change = f"{100 * (pruned.after - pruned.before):+.1f}"
    assert after.delta == fill(words["metric.delta_points"], {"delta": change})
    assert not any(" pp" in m.delta for m in at.metric if m.delta)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_locked_nodes_are_named_as_the_node_picker_names_them(lang):
    at = book_example_unpruned(lang)
    at.radio(key="he_action").set_value("auto").run()
    words = LANGUAGES[lang][1]
    assert words["node.root"] in at.multiselect(key="he_locked").options
    assert "root" not in at.multiselect(key="he_locked").options
    edit(at, "root", "auto", he_auto_method="rep", he_locked=["root", "脐部=凹陷"])
    locked = words["list.join"].join([words["node.root"], "脐部=凹陷"])
    method = fill(words["he.auto.rep.tie_keeps"], {"method": words["prune.method.rep"]})
    logged = fill(words["he.edit.auto"], {"method": method, "locked": locked})
    assert any(literal(logged) in m.value for m in at.markdown)


def test_the_log_writes_a_typed_cut_as_the_tree_does():
    """A cut typed as 0.4028 was logged 'cut 密度 at 0.403' to the sidebar's 3 decimals: a cut
    above the row 0.403 that it sends right."""
    from ui.handedit import edit_text

    text = edit_text({"kind": "cut", "attribute": "密度", "threshold": 0.4028}, 3, False)
    assert "0.4028" in text and "0.403" not in text.replace("0.4028", "")


def test_the_log_writes_a_cut_that_needs_more_than_six_digits_as_typed():
    """1.2345672 was logged as format_number's 1.23457, above both rows it parts (1.2345671
    and 1.2345673), while the tree writes 1.2345672; whole numbers stay whole."""
    from ui.handedit import edit_text

    text = edit_text({"kind": "cut", "attribute": "x", "threshold": 1.2345672}, 3, False)
    assert "1.2345672" in text
    whole = edit_text({"kind": "cut", "attribute": "x", "threshold": 2.0}, 3, False)
    assert "2.0" not in whole and "2" in whole


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_refused_edit_is_said_in_the_session_s_language(lang, monkeypatch):
    """find_node and regroup refused with plain DataErrors, so the Chinese page showed
    "No node has the path …" and "… is not a nominal attribute of this tree." in English
    inside 此处无法进行这次编辑：…; they carry codes the catalogue words in each language."""
    from dtree_core.data import CodedError
    from dtree_core.handedit import find_node, regroup
    from tests.conftest import xy
    from ui import messages
    from ui.setup import error_text

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    trace = DecisionTree().fit(X, y).trace_
    with pytest.raises(CodedError) as missing:
        find_node(trace, "纹理=无")
    assert error_text(missing.value) == messages.t("error.edit_no_path", path="纹理=无")
    with pytest.raises(CodedError) as not_nominal:
        regroup(trace, 0, "好瓜", [["是"], ["否"]], X, y)
    assert error_text(not_nominal.value) == messages.t("error.edit_not_nominal",
                                                       attribute="好瓜")
    if lang == "zh":
        assert "No node" not in error_text(missing.value)
        assert "“好瓜”不是这棵树的离散属性" in error_text(not_nominal.value)
