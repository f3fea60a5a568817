"""A Chinese reader's review of the grow page: what its sentences say of a node, its tables
show, in the same words and the same notation."""

from __future__ import annotations

import pytest
from app_helpers import grown_app

from dtree_core.data import Listed
from ui.messages import LANGUAGES, t


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

