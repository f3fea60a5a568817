"""Compare grows pre-pruned and post-pruned (REP) configurations with the validation rows the
sidebar offers, also while the sidebar's own tree is unpruned: the book's paired set of a
dataset that has one, else the sidebar's validation choice; it says which rows those are.
With none to offer, the refusal is coded and worded in the session's language, naming the
method as the sidebar does and saying what to choose (it was the core's English sentence,
"Pruning 'rep' needs validation rows.", after the Chinese "无法生成这些决策树："), in that
configuration's own column: the others are compared (the refusal stopped the whole page)."""

from __future__ import annotations

import pytest
from app_helpers import page_app

from dtree_core.datasets import get
from ui.messages import EN, ZH, fill, literal

COMPARE = "pages/compare.py"
CATALOGUES = {"en": EN, "zh": ZH}
LANGS = ["en", "zh"]


def said(lang: str, key: str, **values) -> str:
    """The catalogue's sentence, filled as the page fills it (Markdown values escaped)."""
    return fill(CATALOGUES[lang][key], values)


def compared(dataset: str, lang: str, method: str, sidebar: str | None = None,
             source: str | None = None):
    """Compare with the second configuration pruning by `method`; the sidebar pruning by
    `sidebar` from validation `source` first, if given."""
    at = page_app(None, dataset, lang=lang)
    if sidebar is not None:
        at.selectbox(key="prune").set_value(sidebar).run()
    if source is not None:
        key = next(r.key for r in at.radio if str(r.key).startswith("validation_source"))
        at.radio(key=key).set_value(source).run()
    at.switch_page(COMPARE).run()
    at.selectbox(key="cmp_prune_1").set_value(method).run()
    assert not at.exception
    return at


def drawn(at) -> list[str]:
    return [chart.proto.spec for chart in at.get("graphviz_chart")]


def tree_column(at, label: str):
    """The column of the trees' row headed by a configuration's label."""
    [column] = [c for c in at.columns if [m.value for m in c.markdown] == [f"**{label}**"]]
    return column


def summary(at, lang: str):
    """The summary table (the first with a configuration column)."""
    config = CATALOGUES[lang]["cmp.col.config"]
    return next(d.value for d in at.dataframe if config in d.value.columns)


def summary_labels(at, lang: str) -> list[str]:
    return summary(at, lang)[CATALOGUES[lang]["cmp.col.config"]].tolist()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("method", ["rep", "pre"])
def test_without_validation_rows_the_refusal_is_said_in_its_own_column(lang, method):
    """Watermelon 2.0 has no paired set and the sidebar does not prune: nothing to offer. The
    refusal stopped the whole page ("These trees cannot be grown: …"), and ID3's and CART's
    trees were not drawn; they are compared, and C4.5's column says, in the session's
    language, why it has no tree and what to choose in the sidebar."""
    at = compared("watermelon_2.0", lang, method)
    assert not at.error
    name = CATALOGUES[lang][f"prune.method.{method}"]
    reason = said(lang, "error.validation_needed", method=name)
    refusal = said(lang, "cmp.not_grown", reason=literal(reason))
    assert "needs validation rows" not in refusal and f"'{method}'" not in refusal
    # what to do, in the sidebar's words
    pruning, upload = ("Pruning", "upload a second file") if lang == "en" else ("剪枝", "上传")
    assert pruning in refusal and upload in refusal
    config = CATALOGUES[lang][f"lab.config.prune.{method}"]
    label = fill(CATALOGUES[lang]["lab.config.label"], {"name": "C4.5", "options": config})
    column = tree_column(at, label)
    assert [w.value for w in column.warning] == [refusal] == [w.value for w in at.warning]
    assert not column.get("graphviz_chart")
    assert len(drawn(at)) == 2
    assert summary_labels(at, lang) == ["ID3", "CART"]
    assert at.subheader[0].value == CATALOGUES[lang]["cmp.first"]
    # two configurations, one refused: one tree is drawn, and parts from no other
    at.number_input(key="cmp_n").set_value(2).run()
    assert not at.exception and not at.error and len(drawn(at)) == 1
    assert summary_labels(at, lang) == ["ID3"]
    assert CATALOGUES[lang]["cmp.first"] not in [h.value for h in at.subheader]
    # every configuration refused: each says why, and nothing is compared
    at.selectbox(key="cmp_prune_0").set_value(method).run()
    assert not at.exception and not at.error and not drawn(at)
    assert [w.value for w in at.warning] == [refusal, refusal] and not at.subheader


def picks_drawn(at) -> dict:
    """The values of the Compare page's widgets as drawn (one not drawn: KeyError)."""
    return {"cmp_algo_1": at.selectbox(key="cmp_algo_1").value,
            "cmp_view": at.radio(key="cmp_view").value,
            "cmp_step": at.slider(key="cmp_step").value,
            "cmp_test_size": at.slider(key="cmp_test_size").value,
            "cmp_seed": at.number_input(key="cmp_seed").value,
            "cmp_node": at.selectbox(key="cmp_node").value,
            "han_noise": at.slider(key="han_noise").value,
            "han_blank": at.slider(key="han_blank").value,
            "matters_trees": at.toggle(key="matters_trees").value}


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_configuration_loses_nothing_the_user_picked(lang):
    """The refusal stopped the page above every widget below the trees; now they are drawn
    with the user's values, and taking the pruning back shows the comparison as it was."""
    at = page_app(COMPARE, "watermelon_2.0", lang=lang)
    at.selectbox(key="cmp_algo_1").set_value("cart").run()
    at.radio(key="cmp_view").set_value("together").run()
    at.number_input(key="cmp_seed").set_value(3).run()
    for key, value in (("cmp_step", 2), ("cmp_test_size", 0.4), ("han_noise", 0.3),
                       ("han_blank", 0.1)):
        at.slider(key=key).set_value(value).run()
    at.selectbox(key="cmp_node").set_value(at.selectbox(key="cmp_node").options[1]).run()
    at.toggle(key="matters_trees").set_value(True).run()
    assert not at.exception and not at.error
    picked = picks_drawn(at)
    assert picked["cmp_node"] != "root" and picked["cmp_test_size"] == 0.4
    before = (drawn(at), summary(at, lang).to_dict())
    at.selectbox(key="cmp_prune_2").set_value("rep").run()
    assert not at.exception and not at.error and len(at.warning) == 1
    assert picks_drawn(at) == picked
    at.selectbox(key="cmp_prune_2").set_value("none").run()
    assert not at.error and not at.warning
    assert picks_drawn(at) == picked
    assert (drawn(at), summary(at, lang).to_dict()) == before


@pytest.mark.parametrize("lang", LANGS)
def test_the_paired_set_prunes_while_the_sidebar_does_not(lang):
    """watermelon_2.0_train: REP grows in Compare by its paired validation set (it was
    refused), the same tree as when the sidebar prunes with that set, and the page says so."""
    at = compared("watermelon_2.0_train", lang, "rep")
    assert not at.error
    unpruned_sidebar = drawn(at)
    paired = get("watermelon_2.0_validation")
    name = paired.name if lang == "en" else paired.name_zh
    rows = said(lang, "prune.rows.paired", name=literal(name))
    assert said(lang, "cmp.validated", rows=rows) in [c.value for c in at.caption]
    by_the_sidebar = compared("watermelon_2.0_train", lang, "rep", sidebar="rep")
    assert not by_the_sidebar.error
    assert drawn(by_the_sidebar)[1] == unpruned_sidebar[1]  # the very same pruned tree
    at.selectbox(key="cmp_prune_1").set_value("none").run()
    assert drawn(at)[1] != unpruned_sidebar[1]  # and it was pruned
    assert not [c for c in at.caption if c.value.startswith(CATALOGUES[lang]["cmp.validated"]
                                                            .split("{")[0])]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sidebar_validation_split_is_named_with_its_share_and_seed(lang):
    """The sidebar's REP on watermelon 3.0 with 30% held out: Compare's pre-pruning judges by
    the same split, and says so (the trees grew on the other rows)."""
    at = compared("watermelon_3.0", lang, "pre", sidebar="rep", source="split")
    assert not at.error
    rows = said(lang, "prune.rows.split", share="30%", seed=0)
    assert said(lang, "cmp.validated", rows=rows) in [c.value for c in at.caption]


@pytest.mark.parametrize("lang", LANGS)
def test_the_evaluate_page_says_where_the_validation_rows_come_from(lang):
    """With the book's paired validation set, the note said the comparison below carved its
    validation rows out of each training split; it reads the file (its caption says no rows
    were carved)."""
    at = page_app(None, "watermelon_2.0_train", lang=lang)
    at.selectbox(key="prune").set_value("rep").run()
    assert at.session_state["current"]["choices"]["validation"]["source"] == "file"
    at.switch_page("pages/evaluate.py").run()
    assert not at.exception
    infos = [i.value for i in at.info]
    assert said(lang, "prune.eval.unpruned_note.file", grow=said(lang, "page.grow")) in infos
    assert said(lang, "prune.eval.unpruned_note") not in infos
    # carved out of the training rows: said so
    at = page_app(None, "watermelon_3.0", lang=lang)
    at.selectbox(key="prune").set_value("rep").run()
    key = next(r.key for r in at.radio if str(r.key).startswith("validation_source"))
    at.radio(key=key).set_value("split").run()
    at.switch_page("pages/evaluate.py").run()
    assert not at.exception
    assert said(lang, "prune.eval.unpruned_note") in [i.value for i in at.info]


def _in_order(node) -> list:
    """The page's elements in the order they are drawn (tabs and their contents included)."""
    found = [node]
    for child in getattr(node, "children", {}).values():
        found += _in_order(child)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_unpruned_note_points_at_the_trees_below_it_in_any_split(lang):
    """The note said 'the held-out trees above' (上面留出法…) while it is drawn above the
    algorithms' tabs, and with k-fold chosen too."""
    at = page_app(None, "watermelon_3.0", lang=lang)
    at.selectbox(key="prune").set_value("rep").run()
    key = next(r.key for r in at.radio if str(r.key).startswith("validation_source"))
    at.radio(key=key).set_value("split").run()
    at.switch_page("pages/evaluate.py").run()
    at.radio(key="ev_method").set_value("kfold").run()
    assert not at.exception
    note = said(lang, "prune.eval.unpruned_note")
    drawn = _in_order(at.main)
    at_note = next(i for i, e in enumerate(drawn) if getattr(e, "type", "") == "info"
                   and getattr(e, "value", "") == note)
    first_tab = next(i for i, e in enumerate(drawn) if getattr(e, "type", "") == "tab")
    assert at_note < first_tab
    assert ("below" in note and "above" not in note) if lang == "en" else \
        ("下面评估所用的决策树" in note and "留出法" not in note and "上面" not in note)
    if lang == "en":  # the comparison's own split, said of k-fold ('as one of its folds is large')
        assert ("Not the k-fold evaluation above: one stratified hold-out of 1/5 of the rows "
                "(seed 0), as large as one of its folds.") in [c.value for c in at.caption]


@pytest.mark.parametrize("lang", LANGS)
def test_trees_grown_on_different_rows_are_not_merged_into_one_root(lang):
    """Watermelon 3.0, the sidebar's REP holding out 30% (seed 0): Compare's ID3 unpruned grew
    on 17 rows, ID3 with REP on 12. The page said 'At the root, ID3 takes 纹理 by Gain (0.381;
    脐部 0.289); ID3 (reduced-error pruning) takes 脐部 by Gain (0.366; 纹理 0.267)', two
    different sets of rows as one node, and merged their scores into one table."""
    at = compared("watermelon_3.0", lang, "rep", sidebar="rep", source="split")
    at.number_input(key="cmp_n").set_value(2).run()
    at.selectbox(key="cmp_algo_1").set_value("id3")
    at.selectbox(key="cmp_prune_0").set_value("none").run()
    assert not at.exception
    config = CATALOGUES[lang]["cmp.col.config"]
    summary = next(d.value for d in at.dataframe if config in d.value.columns)
    unpruned, pruned = summary[config].tolist()
    grown = CATALOGUES[lang]["list.semicolon"].join(
        said(lang, "cmp.why.rows.clause", labels=label, n=n)
        for label, n in ((unpruned, 17), (pruned, 12)))
    assert said(lang, "cmp.why.rows", clauses=grown) in [i.value for i in at.info]
    assert said(lang, "cmp.scores.rows") in [c.value for c in at.caption]
    assert not [d for d in at.dataframe if any("✓" in str(c) for c in d.value.columns)]


def grown_rows(dataset: dict, choices: dict, options) -> tuple[tuple, list]:
    """(grown_on's row count and class counts, the rows themselves with their class, sorted)
    of the rows a configuration's tree grows on, as pages/compare.py grows it."""
    from ui import engine, pruning

    chosen = pruning.choices_for(dataset, choices, options)
    X, y, fitted = engine.ready(dataset["data"], dataset["filename"], chosen, options)
    X, y, _ = engine.training_and_validation(X, y, chosen.get("validation"), fitted)
    counts = tuple(sorted(y.astype(str).value_counts().items()))
    return (len(y), counts), sorted(map(str, zip(*(X[c] for c in X.columns), y, strict=True)))


@pytest.mark.parametrize("dataset, sidebar", [("watermelon_2.0", "rep"),
                                              ("watermelon_2.0_train", None)])
def test_trees_whose_roots_hold_as_many_rows_of_each_class_grew_on_the_same_rows(dataset,
                                                                                   sidebar):
    """The page calls trees whose roots agree in count, weight and class counts grown "on the
    same rows" (compare.same_rows) and merges their nodes by path; the trace names no row.
    That holds because every configuration grows on all the file's rows or on the training
    part of the one validation split the sidebar offers them all: two configurations given
    splits of one size and class mix (another seed) would agree in counts on other rows.
    Checked for every pruning method against every other, over splits of several shares and
    seeds of watermelon 2.0, and with the book's paired set (which leaves every row)."""
    from dtree_core.options import PRUNE_METHODS

    at = page_app(None, dataset)
    if sidebar is not None:
        at.selectbox(key="prune").set_value(sidebar).run()
    assert not at.exception and not at.error
    current, data = at.session_state["current"], at.session_state["dataset"]
    specs = [current["choices"].get("validation")]
    if sidebar is not None:
        assert specs[0]["source"] == "split"
        specs += [{"source": "split", "share": share, "seed": seed}
                  for share in (0.3, 0.5) for seed in (0, 1, 7)]
    for spec in specs:
        choices = {**current["choices"], "validation": spec} if spec else current["choices"]
        grown = [grown_rows(data, choices, current["options"].but(prune=method))
                 for method in PRUNE_METHODS]
        for counts, rows in grown:
            for other_counts, other_rows in grown:
                assert counts != other_counts or rows == other_rows
        # the split's trees grow on fewer rows: the check above is not of one set of rows
        assert len({counts for counts, _ in grown}) == (2 if sidebar else 1)
