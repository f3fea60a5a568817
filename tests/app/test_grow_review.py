"""A Chinese reader's review of the grow page: what its sentences say of a node, its tables
show, in the same words and the same notation."""

from __future__ import annotations

import re

import pytest
from app_helpers import grown_app

from dtree_core.data import Listed
from dtree_core.notation import NOTATIONS
from ui.messages import EN, LANGUAGES, ZH, t


def tie_marks(at, lang: str) -> list[str]:
    """The attributes the score table marks tied (its 并列 column), in its row order."""
    column = t("col.tied", _lang=lang)
    [table] = [f.value for f in at.dataframe if column in f.value.columns]
    return table.loc[table[column] == "=", t("col.attribute", _lang=lang)].tolist()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_oblique_roots_sentence_and_tie_column_name_the_same_tie(lang):
    """Watermelon 3.0's oblique root: the caption said "tied best single attributes: 纹理,
    含糖率" (they leave the same Gini_index, 0.285948, the criterion the contest ranks single
    attributes by), but the score table's tie column was blank for both, where CART's table
    on the same data marks them. Both now read the same tie: the rows marked are the ones
    the sentence names, and CART's."""
    at = grown_app("watermelon_3.0", "oblique", lang)
    marked = tie_marks(at, lang)
    assert marked == ["纹理", "含糖率"]
    said = t("linear.won.tied", _lang=lang, attribute=marked[0], ties=Listed(marked[1:]),
             linear="0.242", axis="0.212")
    assert said in [c.value for c in at.caption]
    at.selectbox(key="algorithm").set_value("cart").run()
    assert tie_marks(at, lang) == marked


# The branch table's subset as the formulas beside it write it: LaTeX's D^v and D_i render
# as Dᵛ and Dᵢ (Zhou §4.1, Li Hang eq. 5.8), and so do the worded texts (Σᵥ |Dᵛ|/|D|).
SUBSETS = {"zhou": ("^v", "ᵛ"), "lihang": ("_i", "ᵢ")}
ENTROPY = {"zhou": "Ent", "lihang": "H"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("notation", list(SUBSETS))
@pytest.mark.parametrize(("dataset", "algorithm", "D"), [("watermelon_3.0", "cart", "D"),
                                                         ("watermelon_2.0_alpha", "c45", "D̃")])
def test_the_branch_tables_headers_write_the_subset_as_the_formulas_do(lang, notation, dataset,
                                                                       algorithm, D):
    """The branch table was headed |D^v|, Ent(D^v), Gini(D^v) (Li Hang's |D_i|, …) with a
    caret, beside formulas that show Dᵛ (Dᵢ); where values are missing, D̃^v. The headers now
    write the subset as the formulas render it, and no table on the page heads a column
    with a caret."""
    at = grown_app(dataset, algorithm, lang, notation)
    latex, mark = SUBSETS[notation]
    assert any(f"D{latex}" in x.value for x in at.latex)  # the formula beside the table
    subset = f"{D}{mark}"
    headers = (f"|{subset}|", f"{ENTROPY[notation]}({subset})", f"Gini({subset})")
    columns = [str(c) for f in at.dataframe for c in f.value.columns]
    assert set(headers) <= set(columns), columns
    assert [c for c in columns if "^" in c] == []


# A set written with a caret or an underscore where the books' own symbol has a raised or
# lowered letter (D^v, D̃_i, D^1): LaTeX's spelling, not what a reader sees
SPELLED_OUT = re.compile(r"D\u0303?[\^_]")


@pytest.mark.parametrize("catalogue", [EN, ZH], ids=["en", "zh"])
def test_no_catalogue_text_writes_a_subset_with_a_caret(catalogue):
    assert {k: v for k, v in catalogue.items() if SPELLED_OUT.search(v)} == {}


@pytest.mark.parametrize("notation", list(NOTATIONS))
@pytest.mark.parametrize("known_only", [False, True])
def test_no_notation_heads_a_branch_column_with_a_caret(notation, known_only):
    names = NOTATIONS[notation]
    headers = [names.branch_header(c, known_only) for c in ("n", "entropy", "gini")]
    assert not [h for h in headers if h and SPELLED_OUT.search(h)], headers
