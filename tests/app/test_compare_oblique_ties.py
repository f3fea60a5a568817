"""The compare page where an oblique tree's linear test wins (helper cmpties): on watermelon
3.0 the oblique root's best single attributes 纹理 and 含糖率 tie (Gini_index 0.285948, the
grow page's "并列最优的单属性：纹理、含糖率"), as CART's pick 纹理 ties with 含糖率. The
oblique column marked nothing, reading only the decision's own ties (a linear test ties with
no one attribute); its marks now name the tie of its axis_best, its caption says what '='
means there, and the sentence where the trees part names the tie the test beat."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from app_helpers import page_app

from dtree_core import DecisionTree
from dtree_core.compare import explain, first_disagreement, merged_scores
from ui.compare import ties_caption

PAGE = "pages/compare.py"
TIED = ["纹理", "含糖率"]


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def cart_and_oblique(lang: str):
    at = page_app(PAGE, dataset="watermelon_3.0", lang=lang)
    at.number_input(key="cmp_n").set_value(2).run()
    at.selectbox(key="cmp_algo_0").set_value("cart")
    at.selectbox(key="cmp_algo_1").set_value("oblique").run()
    assert not at.exception and not at.error
    return at


def traces():
    X = pd.read_csv("../shared/datasets/watermelon_3.0.csv").drop(columns=["编号"])
    y = X.pop(X.columns[-1])
    return [DecisionTree(a).fit(X, y).trace_.to_dict() for a in ("cart", "oblique")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_oblique_column_marks_the_single_attributes_tied_for_its_best(lang, monkeypatch):
    """CART's column: ✓ 纹理, = 含糖率; the oblique column: = on both (its pick, the linear
    test, has no row), and a caption saying that '=' there is a tie for the best single
    attribute, not a tie with a ✓."""
    from ui import messages
    from ui.messages import t

    at = cart_and_oblique(lang)
    frame = next(d.value for d in at.dataframe if "Gain_ratio" in d.value.columns)
    cart, oblique = (c for c in frame.columns if "✓" in c)
    marks = {label: dict(zip(frame.iloc[:, 0], frame[label], strict=True))
             for label in (cart, oblique)}
    assert {a: m for a, m in marks[cart].items() if m} == {"纹理": "✓", "含糖率": "="}
    assert {a: m for a, m in marks[oblique].items() if m} == dict.fromkeys(TIED, "=")
    monkeypatch.setattr(messages, "current_language", lambda: lang)
    label = oblique.replace("✓", "").strip()
    captions = [unescaped(c.value) for c in at.caption]
    said = t("cmp.tied_mark.axis", labels=label)
    assert any(said in c for c in captions), captions
    # CART's '=' still has its own legend beside it
    assert any(t("cmp.tied_mark") in c for c in captions), captions


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_where_the_trees_part_names_the_tie_the_linear_test_beat(lang, monkeypatch):
    """The oblique clause: its Gini_index 0.257 beats the best single attributes 纹理 and
    含糖率, tied at 0.286 (as CART's clause says 纹理 ties with 含糖率)."""
    from ui import messages
    from ui.messages import t

    at = cart_and_oblique(lang)
    monkeypatch.setattr(messages, "current_language", lambda: lang)
    sentence = [unescaped(i.value) for i in at.info if "CART" in i.value]
    assert sentence, [i.value for i in at.info]
    said = t("cmp.why.axis_ties", ties=t("list.join").join(TIED), value="0.286")
    assert said in sentence[0], sentence


def test_the_core_reads_the_tie_from_the_decisions_axis_best():
    """merged_scores marks the oblique column from axis_best; the pick carries the tie and its
    score; the English explanation says it; with only the oblique column marked, only its
    legend is shown."""
    grown = traces()
    merged = merged_scores(grown, ["CART", "Oblique"])
    assert [r["attribute"] for r in merged.rows if r["tied"]["Oblique"]] == TIED
    assert merged.linear_labels() == ["Oblique"]
    found = first_disagreement(grown, ["CART", "Oblique"])
    oblique = found.picks[1]
    assert oblique.ties == () and oblique.axis_ties == tuple(TIED)
    assert oblique.axis_value == pytest.approx(0.28594771241830064)
    assert "beating its best single attributes 纹理, 含糖率 (tied at 0.286)" in explain(found)
    alone = merged_scores(grown[1:], ["Oblique"])
    caption = ties_caption(alone)
    assert caption and "Oblique" in caption and "its tie rule took" not in caption
