"""The compare page as a review read it (helper-115): the 'where the trees part' sentence and
the captions in Li Hang's symbols under his notation, a pick never shown equal to a rival it
beat and ties marked, leaves that predict different classes are a disagreement, and a Han
copy left with one class is reported, not a page-stopping error."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from app_helpers import page_app

from dtree_core import DecisionTree
from dtree_core.compare import first_disagreement, han_criteria, merged_scores
from dtree_core.evaluate import stratified_split
from dtree_core.export import to_latex, to_markdown
from dtree_core.loading import load_bytes, prepare
from dtree_core.options import Options
from ui.compare import merged_places, merged_styled, why_sentence
from ui.widgets import worded_table

PAGE = "pages/compare.py"
ZHOU_SYMBOLS = re.compile(r"\bGain\b|Gain_ratio|Gini_index|\bIV\b")


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_where_the_trees_part_is_said_in_li_hangs_symbols(lang):
    """Watermelon 3.0: ID3 takes 纹理 by g(D, A), C4.5 含糖率 by g_R(D, A), CART 纹理 by
    Gini(D, A) (not Gain, Gain_ratio, Gini_index)."""
    at = page_app(PAGE, dataset="watermelon_3.0", lang=lang, notation="lihang")
    shown = "\n".join(unescaped(m.value) for m in [*at.markdown, *at.caption, *at.info])
    sentence = [line for line in shown.splitlines() if "ID3" in line and "CART" in line]
    assert sentence, shown
    for line in sentence:
        assert not ZHOU_SYMBOLS.search(line), line
    assert "g(D, A)" in "\n".join(sentence)


def merged(dataset: str, algorithms=("id3", "c45", "cart")):
    data = f"../shared/datasets/{dataset}.csv"
    X = pd.read_csv(data).drop(columns=["编号"], errors="ignore")
    y = X.pop(X.columns[-1])
    traces = [DecisionTree(a).fit(X, y).trace_.to_dict() for a in algorithms]
    return traces, X, y


def test_a_pick_is_never_shown_equal_to_a_rival_it_beat_and_ties_are_marked():
    """At 纹理=清晰 of watermelon 2.0, ID3's Gain ties 根蒂, 脐部 and 触感 (0.458): the
    others read '='. Where a pick beats a rival by less than the decimals show, the column
    gets the digits that tell them apart."""
    traces, _, _ = merged("watermelon_2.0", ("id3", "c45"))
    table = merged_scores(traces, ["ID3", "C4.5"], "纹理=清晰")
    frame = merged_styled(table, 3).data
    column = [c for c in frame.columns if c.startswith("ID3")][0]
    marks = dict(zip(frame.iloc[:, 0], frame[column], strict=True))
    assert sorted(a for a, m in marks.items() if m) == ["根蒂", "脐部", "触感"]
    assert sorted(m for m in marks.values() if m) == ["=", "=", "✓"]
    # a near tie, made by hand: a pick 0.0052 against a rival 0.0047
    row = table.rows[0]
    near = [{**row, "attribute": "island", "gain": 0.005202},
            {**row, "attribute": "year", "gain": 0.004673,
             "picks": dict.fromkeys(row["picks"], False),
             "tied": dict.fromkeys(row["tied"], False)}]
    near[0]["picks"] = dict.fromkeys(row["picks"], True)
    styled = merged_styled(type(table)(table.key, table.labels, table.nodes, near,
                                       table.shape), 3)
    shown = styled.to_string()
    assert "0.0052" in shown and "0.0047" in shown, shown
    # the Markdown and LaTeX downloads, built as the page builds them, tell them apart too
    close = type(table)(table.key, table.labels, table.nodes, near, table.shape)
    worded = worded_table(close.table(), list(styled.data.columns))
    for text in (to_markdown(worded, 3, merged_places(close, styled.data, 3)),
                 to_latex(worded, 3, merged_places(close, styled.data, 3))):
        assert "0.0052" in text and "0.0047" in text, text


def test_leaves_that_predict_different_classes_are_where_the_trees_part():
    """Depth 1 on watermelon 2.0: ID3's and CART's roots differ in shape, so compare a tree
    with itself relabelled at one leaf."""
    traces, _, _ = merged("watermelon_2.0", ("id3",))
    other = {**traces[0], "nodes": [dict(n) for n in traces[0]["nodes"]]}
    leaf = next(n for n in other["nodes"] if n["decision"]["kind"] == "leaf")
    classes = list(other["classes"])
    flipped = next(c for c in classes if c != leaf["decision"]["label"])
    leaf["decision"] = {**leaf["decision"], "label": flipped}
    found = first_disagreement([traces[0], other], ["a", "b"])
    assert found is not None and found.code == "label"
    assert "The trees make the same decision" not in why_sentence(found)


def test_a_han_copy_left_with_one_class_is_reported_not_raised():
    """Four rows, a 50% held-out split: the noisy copy of the two training rows of different
    classes can come out with one class; that copy is not grown, the criteria still are."""
    prepared = prepare(load_bytes(b"a,b,y\nx,u,p\ny,v,q\nx,v,p\ny,u,q\n", "four.csv"), "y")
    options = Options.build(algorithm="id3", nominal=prepared.nominal)
    split = stratified_split(prepared.y, 0.5, 0)
    criteria = han_criteria(options, prepared.X, prepared.y, split, 0.5, 0.5, 0)
    assert criteria.refused.get("noisy", (None,))[0] == "one_class"
    assert criteria.accuracy is not None and criteria.noisy_accuracy is None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_two_way_caption_uses_li_hangs_symbols(lang):
    at = page_app(PAGE, dataset="watermelon_3.0", lang=lang, notation="lihang")
    at.number_input(key="cmp_n").set_value(2).run()
    at.selectbox(key="cmp_algo_0").set_value("cart")
    at.selectbox(key="cmp_algo_1").set_value("oblique").run()
    assert not at.exception
    captions = [unescaped(c.value) for c in at.caption]
    two_way = [c for c in captions if "CART" in c and ("two-way" in c or "二分" in c)]
    assert two_way and not ZHOU_SYMBOLS.search(two_way[0]), captions


def _depth_capped(limit: int):
    """Watermelon 2.0 grown by ID3, and again with max_depth `limit` (labels A and B)."""
    X = pd.read_csv("../shared/datasets/watermelon_2.0.csv").drop(columns=["编号"])
    y = X.pop(X.columns[-1])
    return [DecisionTree("id3", **extra).fit(X, y).trace_.to_dict()
            for extra in ({}, {"max_depth": limit})]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_leaf_whose_label_won_a_tie_says_so(lang, monkeypatch):
    """ID3 against ID3 with max_depth 3 on watermelon 2.0: B's leaf at 纹理=清晰 / 根蒂=稍蜷 /
    色泽=乌黑 holds one 是 and one 否; its clause names the tie as the grow panel does
    (stop.tied_majority), not a bare 'the majority'."""
    from ui import messages
    from ui.messages import t

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    found = first_disagreement(_depth_capped(3), ["A", "B"])
    leaf = found.picks[1]
    assert leaf.kind == "leaf" and leaf.tied_classes == ("是", "否") and leaf.tied_count == 1
    classes = t("list.join").join(t("stop.tied_class", cls=c) for c in ("是", "否"))
    tie = t("stop.tied_majority", classes=classes, count="1", label="是").rstrip(".。")
    assert tie in why_sentence(found)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_leaf_clause_reads_as_one_sentence(lang, monkeypatch):
    """CART against CART with min gain 0.1 on watermelon 2.0: at 纹理 ∈ {稍糊,模糊} the second
    stops. Its clause said 'CART makes a leaf: The largest decrease … is below the minimum
    gain: a leaf labelled 否' ('leaf' twice, a capital after the colon; in Chinese two colons
    and 叶结点 twice); now the stop sentence runs on after 'because', saying 'leaf' once."""
    from ui import messages

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    X = pd.read_csv("../shared/datasets/watermelon_2.0.csv").drop(columns=["编号"])
    y = X.pop(X.columns[-1])
    traces = [DecisionTree("cart", **extra).fit(X, y).trace_.to_dict()
              for extra in ({}, {"min_gain": 0.1})]
    found = first_disagreement(traces, ["A", "B"])
    assert found.picks[1].kind == "leaf"
    clause = why_sentence(found).split("；" if lang == "zh" else "; ")[-1]
    leaf, colon = ("叶结点", "：") if lang == "zh" else ("leaf", ":")
    assert clause.count(leaf) == 1 and clause.count(colon) == 1, clause
    assert not re.search(r": [A-Z]", clause), clause


def test_a_sentence_run_on_keeps_a_name_s_capitals():
    from ui.compare import run_on

    assert run_on("C4.5's subtree raising moved this leaf up.") == \
        "C4.5's subtree raising moved this leaf up"
    assert run_on("Pre-pruning refused the split.") == "pre-pruning refused the split"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_trees_grown_on_the_same_rows_are_compared_among_themselves(lang, monkeypatch):
    """ID3 on all 17 rows of watermelon 2.0, ID3 and CART on its first 12: the sentence names
    the rows each grew on (the two alike together), then compares the two with each other."""
    from dtree_core.compare import disagreements
    from ui import messages
    from ui.compare import why_sentences
    from ui.messages import t

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    X = pd.read_csv("../shared/datasets/watermelon_2.0.csv").drop(columns=["编号"])
    y = X.pop(X.columns[-1])
    traces = [DecisionTree("id3").fit(X, y).trace_.to_dict()] + [
        DecisionTree(a).fit(X.iloc[:12], y.iloc[:12]).trace_.to_dict() for a in ("id3", "cart")]
    labels = ["all", "ID3 12", "CART 12"]
    text = why_sentences(disagreements(traces, labels))
    both = t("list.join").join(labels[1:])
    grown = t("list.semicolon").join([t("cmp.why.rows.clause", labels="all", n=17),
                                      t("cmp.why.rows.clause", labels=both, n=12)])
    assert text.startswith(t("cmp.why.rows", clauses=grown))
    later = why_sentence(first_disagreement(traces[1:], labels[1:]))
    assert later != t("cmp.why.none")  # the two part somewhere, said after the rows
    assert t("cmp.why.rows.among", labels=both, sentence=later) in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tree_on_one_other_row_is_said_in_the_singular(lang, monkeypatch):
    """Watermelon 2.0's first row and its last, each tree's other row weighing 0: English
    said 'B on 1 other rows or weights'; Chinese said B used 另外 1 个样本 (other samples) with
    a bracket inside the sentence's bracket, though the other may be the same row reweighted."""
    from dtree_core.compare import disagreements
    from ui import messages
    from ui.compare import why_sentences

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    X = pd.read_csv("../shared/datasets/watermelon_2.0.csv").drop(columns=["编号"])
    y = X.pop(X.columns[-1])
    rows = [0, len(y) - 1]
    traces = [DecisionTree("id3").fit(X.iloc[rows], y.iloc[rows], sample_weight=w)
              .trace_.to_dict() for w in ([1, 0], [0, 1])]
    text = why_sentences(disagreements(traces, ["A", "B"]))
    clause = {"en": "(A on 1; B on 1 other row or weight)",
              "zh": "（A 用了 1 个样本；B 也用了 1 个样本，但样本或权重不同）"}[lang]
    assert clause in text, text
