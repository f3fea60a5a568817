"""Two sentences of the node panel checked against what the code did (both languages):

- the note that a book prints a number rounded early appears only on the data whose number the
  book prints (watermelon 2.0, not 2.0α), only where the app shows the same quantity (the
  multiway Gain: not CART's two-way one), with the symbol of the chosen notation written once
  and the citation from the catalogue;
- the branch table writes each branch's condition, so a continuous attribute's two rows
  (≤ t and > t) and CART's two subsets can be told apart.
"""

from __future__ import annotations

import math
import re

import pytest
from app_helpers import grown_app, node_widget, trace

from dtree_core import notation as notations
from dtree_core.labels import children_of
from dtree_core.loading import load_path, prepare
from dtree_core.model import DecisionTree
from dtree_core.split import Condition
from tests.conftest import dataset_path
from ui.messages import t
from ui.tables import (
    BOOK_FINGERPRINTS,
    book_note_fields,
    book_rounded,
    branch_frame,
    dataset_fingerprint,
    score_of,
)

LANGS = ("en", "zh")
TARGETS = {"watermelon_2.0": "好瓜", "watermelon_2.0_alpha": "好瓜", "watermelon_2.0_en": "ripe",
           "watermelon_2.0_alpha_en": "ripe", "watermelon_3.0": "好瓜"}


def grown(name: str, algorithm: str) -> dict:
    prepared = prepare(load_path(dataset_path(f"{name}.csv")), TARGETS[name])
    return DecisionTree(algorithm=algorithm).fit(prepared.X, prepared.y).trace_.to_dict()


def root(tr: dict) -> dict:
    return tr["nodes"][tr["steps"][0]]


def multiway_gain(row: dict, node: dict) -> float:
    """Zhou's eq. 4.2 from the row's own branches: Ent(D) − Σᵥ |Dᵛ|/|D|·Ent(Dᵛ)."""
    total = sum(b["weight"] for b in row["branches"])
    return node["entropy"] - sum(b["weight"] / total * b["entropy"] for b in row["branches"])


def sentence(fields: dict, lang: str) -> str:
    return t("lesson.book_rounded", _lang=lang, **{**fields, "book": t(fields["book"],
                                                                       _lang=lang)})


# --------------------------------------------------------------------- the note, as functions


@pytest.mark.parametrize(("book", "alpha"), [("watermelon_2.0", "watermelon_2.0_alpha"),
                                             ("watermelon_2.0_en", "watermelon_2.0_alpha_en")])
def test_the_fingerprint_tells_2_0_from_2_0_alpha(book, alpha):
    plain, missing = grown(book, "id3"), grown(alpha, "id3")
    assert dataset_fingerprint(plain) != dataset_fingerprint(missing)
    assert BOOK_FINGERPRINTS.get(dataset_fingerprint(plain)) == book
    assert dataset_fingerprint(missing) not in BOOK_FINGERPRINTS
    assert book_rounded(missing, root(missing)) == []


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart", "cls"])
def test_the_fingerprint_is_the_datas_whatever_the_algorithm(algorithm):
    assert BOOK_FINGERPRINTS.get(dataset_fingerprint(grown("watermelon_2.0", algorithm))) == (
        "watermelon_2.0")


def test_2_0_alpha_root_gain_is_the_books_own_0_252():
    """The number the old note called 'exact' beside the 2.0 book value is 2.0α's printed one."""
    tr = grown("watermelon_2.0_alpha", "id3")
    assert f"{score_of(root(tr), '色泽')['gain']:.3f}" == "0.252"  # Zhou §4.4.2
    assert book_rounded(tr, root(tr)) == []


@pytest.mark.parametrize("algorithm", ["id3", "c45"])
@pytest.mark.parametrize("lang", LANGS)
def test_note_on_2_0_gives_the_exact_multiway_gain(algorithm, lang):
    tr = grown("watermelon_2.0", algorithm)
    node, names = root(tr), notations.get("zhou")
    row = score_of(node, "色泽")
    assert math.isclose(row["gain"], multiway_gain(row, node), rel_tol=1e-12)
    [fields] = book_note_fields(tr, node, names)
    assert fields == {"book": "lesson.cite.zhou_4_2_1", "printed": "0.109",
                      "symbol": "Gain(D, 色泽)", "exact": "0.1081"}
    text = sentence(fields, lang)
    assert "0.109" in text and "0.1081" in text and text.count("Gain(D, 色泽)") == 1
    assert t("lesson.cite.zhou_4_2_1", _lang=lang) in text


def test_chinese_note_cites_the_book_in_chinese():
    tr = grown("watermelon_2.0", "id3")
    [fields] = book_note_fields(tr, root(tr), notations.get("zhou"))
    text = sentence(fields, "zh")
    assert "Zhou" not in text and "周志华《机器学习》§4.2.1" in text
    assert "Zhou" in sentence(fields, "en")


def test_cart_shows_no_note_its_gain_is_of_a_two_way_split():
    tr = grown("watermelon_2.0", "cart")
    row = score_of(root(tr), "色泽")
    assert [b["op"] for b in row["branches"]] == ["in", "in"]
    assert f"{row['gain']:.4f}" == "0.0935"  # the best two-way split's, not the book's 0.1081
    assert book_rounded(tr, root(tr)) == []
    assert book_note_fields(tr, root(tr), notations.get("zhou")) == []


@pytest.mark.parametrize("lang", LANGS)
def test_li_hangs_notation_writes_the_symbol_once(lang):
    tr = grown("watermelon_2.0", "id3")
    [fields] = book_note_fields(tr, root(tr), notations.get("lihang"))
    assert fields["symbol"] == "g(D, 色泽)"
    text = sentence(fields, lang)
    assert text.count("g(D, 色泽)") == 1 and "(D, A)" not in text and "Gain" not in text


def test_no_note_below_the_root():
    tr = grown("watermelon_2.0", "id3")
    assert all(book_rounded(tr, node) == [] for node in tr["nodes"][1:])


# --------------------------------------------------------------------- the note, in the app


def open_grow(dataset: str, algorithm: str, lang: str, notation: str | None = None):
    return grown_app(dataset, algorithm, lang, notation)


def captions(at) -> list[str]:
    """The panel's captions as read (user text is backslash-escaped: ui.messages.literal)."""
    return [re.sub(r"\\(.)", r"\1", c.value) for c in at.caption]


def book_captions(at, lang: str) -> list[str]:
    cites = (t("lesson.cite.zhou_4_2_1", _lang=lang), t("lesson.cite.han_8_2_2", _lang=lang))
    return [c for c in captions(at) if any(cite in c for cite in cites)]


@pytest.mark.parametrize("lang", LANGS)
def test_app_notes_0_109_against_0_1081_on_2_0(lang):
    at = open_grow("watermelon_2.0", "id3", lang)
    gain = score_of(root(trace(at)), "色泽")["gain"]
    [note] = book_captions(at, lang)
    assert f"{gain:.4f}" == "0.1081" and "0.1081" in note and "0.109" in note
    assert note.count("Gain(D, 色泽)") == 1
    assert lang == "en" or "Zhou" not in note


@pytest.mark.parametrize(("dataset", "algorithm"), [("watermelon_2.0_alpha", "id3"),
                                                    ("watermelon_2.0", "cart")])
def test_app_has_no_note_where_the_book_number_is_not_shown(dataset, algorithm):
    at = open_grow(dataset, algorithm, "en")
    assert book_captions(at, "en") == []
    assert not any("0.109" in c for c in captions(at))


@pytest.mark.parametrize("lang", LANGS)
def test_app_li_hang_link_writes_g_once(lang):
    at = open_grow("watermelon_2.0", "id3", lang, notation="lihang")
    assert at.session_state["notation"] == "lihang"
    [note] = book_captions(at, lang)
    assert note.count("g(D, 色泽)") == 1 and "(D, A)" not in note and "0.1081" in note


# --------------------------------------------------------------------- the branch table


def values(score: dict, tr: dict) -> list[str]:
    return branch_frame(score, tr["classes"])["value"].tolist()


@pytest.mark.parametrize("attribute", ["含糖率", "密度"])
def test_continuous_branch_rows_show_le_and_gt(attribute):
    tr = grown("watermelon_3.0", "c45")
    score = score_of(root(tr), attribute)
    t_text = f"{score['threshold']:.6g}"
    assert values(score, tr) == [f"≤{t_text}", f">{t_text}"]


def test_sugar_content_reads_as_the_book_writes_it():
    tr = grown("watermelon_3.0", "c45")
    assert values(score_of(root(tr), "含糖率"), tr) == ["≤0.126", ">0.126"]


def test_nominal_branch_rows_are_their_values():
    tr = grown("watermelon_2.0", "id3")
    score = score_of(root(tr), "纹理")
    assert values(score, tr) == [b["value"] for b in score["branches"]] == ["清晰", "稍糊", "模糊"]


def test_cart_subset_rows_are_distinct_and_read_as_the_tree_edges():
    tr = grown("watermelon_2.0", "cart")
    node = root(tr)
    shown = values(score_of(node, "色泽"), tr)
    assert shown == ["∈ {青绿,乌黑}", "∈ {浅白}"]
    chosen = next(row for row in node["scores"] if row["chosen"])
    edges = [Condition.from_dict(tr["nodes"][c]["branch"]).text(named=False)
             for c in children_of(tr)[node["id"]]]
    assert values(chosen, tr) == edges and len(set(edges)) == 2


def test_a_trace_without_ops_still_shows_its_values():
    tr = grown("watermelon_2.0", "cart")
    score = score_of(root(tr), "色泽")
    old = {**score, "branches": [{k: v for k, v in b.items() if k != "op"}
                                 for b in score["branches"]]}
    assert values(old, tr) == ["{青绿,乌黑}", "{浅白}"]


@pytest.mark.parametrize("lang", LANGS)
def test_app_branch_table_tells_the_sugar_branches_apart(lang):
    at = open_grow("watermelon_3.0", "c45", lang)
    assert root(trace(at))["decision"]["attribute"] == "含糖率"
    column = t("col.value", _lang=lang)
    [frame] = [df.value for df in at.dataframe if column in df.value.columns]
    assert frame[column].tolist() == ["≤0.126", ">0.126"]


@pytest.mark.parametrize("lang", LANGS)
def test_app_branch_table_of_cart_subsets(lang):
    at = open_grow("watermelon_2.0", "cart", lang)
    at.selectbox(key=node_widget(at, "inspect_", 0)).set_value("色泽").run()
    column = t("col.value", _lang=lang)
    [frame] = [df.value for df in at.dataframe if column in df.value.columns]
    assert frame[column].tolist() == ["∈ {青绿,乌黑}", "∈ {浅白}"]
