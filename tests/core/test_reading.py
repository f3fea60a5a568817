"""How a written name reads among the data's columns (dtree_core.reading.read_name), and the
sentence saying so: it said "its spaces ignored" where the match had folded the case or the
width too, and "its case and width ignored" where it had folded only one of them. Each
reading names the folds its match needed (Reading.folds), and the sentence names exactly
those, in both languages, in both checkers (the numbers check and check my tree)."""

from __future__ import annotations

import re
import unicodedata

import pytest

from dtree_core import DecisionTree
from dtree_core.checking import check
from dtree_core.labels import export_text
from dtree_core.reading import FOLDS, Columns, read_name
from dtree_core.treecheck import check_tree
from tests.conftest import xy
from ui.messages import fill, read_as_key, t

# written, how read_name finds it, the folds its match needs: every combination of the three
CASES = [
    ("Out look", "spaces", ("spaces",)),
    ("outlook", "spelling", ("case",)),
    ("Ｏｕｔｌｏｏｋ", "spelling", ("width",)),
    ("ＯＵＴＬＯＯＫ", "spelling", ("case", "width")),
    ("out look", "spaces", ("spaces", "case")),
    ("Ｏｕｔ ｌｏｏｋ", "spaces", ("spaces", "width")),
    ("ＯＵＴ ＬＯＯＫ", "spaces", ("spaces", "case", "width")),
]

# what the sentence says was ignored, in each language
IGNORED = {
    ("spaces",): ("its spaces ignored", "忽略其中的空格"),
    ("case",): ("its case ignored", "不区分大小写"),
    ("width",): ("its full/half width ignored", "不区分全角、半角"),
    ("case", "width"): ("its case and full/half width ignored", "不区分大小写和全角、半角"),
    ("spaces", "case"): ("its spaces and case ignored", "忽略其中的空格，不区分大小写"),
    ("spaces", "width"): ("its spaces and full/half width ignored",
                          "忽略其中的空格，不区分全角、半角"),
    ("spaces", "case", "width"): ("its spaces, case and full/half width ignored",
                                  "忽略其中的空格，不区分大小写和全角、半角"),
}


def said(folds: tuple[str, ...], written: str, column: str, lang: str) -> str:
    en, zh = IGNORED[folds]  # Chinese spaces a Latin name off, as the catalogue's fill does
    if lang == "en":
        return f"'{written}' is read as {column}, {en}."
    return fill(f"“{{written}}”按属性 {{column}} 读取（{zh}）。",
                {"written": written, "column": column})


def folded_by(text: str, folds) -> str:
    """The text with only these folds applied, as the reader's words name them."""
    text = unicodedata.normalize("NFKC" if "width" in folds else "NFC", text)
    text = text.casefold() if "case" in folds else text
    return re.sub(r"\s+", "", text) if "spaces" in folds else text


@pytest.fixture(scope="module")
def tennis():
    X, y = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    return X, y


def test_the_cases_cover_every_combination_of_folds():
    assert {folds for _, _, folds in CASES} == set(IGNORED)
    assert all(tuple(f for f in FOLDS if f in folds) == folds for folds in IGNORED)


@pytest.mark.parametrize("written, by, folds", CASES)
def test_a_reading_names_the_folds_its_match_needed(written, by, folds):
    """The folds named are those the match used: with them the name is the column; without
    any one of them it is not."""
    reading = read_name(written, Columns(("Outlook", "Temperature", "Wind")))
    assert (reading.column, reading.by, reading.folds) == ("Outlook", by, folds)
    assert folded_by(written, folds) == folded_by("Outlook", folds)
    for fold in folds:
        fewer = [f for f in folds if f != fold]
        assert folded_by(written, fewer) != folded_by("Outlook", fewer), fold


def test_a_name_spelled_as_the_data_spells_it_needs_no_fold():
    columns = Columns(("Outlook", "outlook", "色 泽"))
    assert [read_name(name, columns).folds for name in ("Outlook", "outlook", "色 泽")] == \
        [(), (), ()]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("written, by, folds", CASES)
def test_check_my_tree_says_exactly_the_folds_it_read_a_name_by(tennis, written, by, folds,
                                                                 lang):
    """A pasted tree's Outlook written otherwise: the note says which folds read it."""
    trace = DecisionTree("id3").fit(*tennis).trace_.to_dict()
    result = check_tree(export_text(trace).replace("Outlook", written), trace)
    assert result.matches
    assert result.read_as == ({"written": written, "attribute": "Outlook", "by": by,
                               "folds": folds},)
    assert t(read_as_key(folds), _lang=lang, written=written, attribute="Outlook") == \
        said(folds, written, "Outlook", lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("column, typed, folds", [
    ("Outlook", "Out look", ("spaces",)),
    ("Outlook", "out look", ("spaces", "case")),
    ("Ｏｕｔｌｏｏｋ", "Out look", ("spaces", "width")),  # a line is read in NFKC: the data's
    ("Ｏｕｔｌｏｏｋ", "out look", ("spaces", "case", "width")),  # column is the wide one
])
def test_the_numbers_check_says_exactly_the_folds_it_read_a_name_by(tennis, column, typed,
                                                                    folds, lang):
    """Gain(D, out look) read as Outlook said only "its spaces ignored"."""
    from ui import messages
    from ui.exercises import verdict_sentence

    X, y = tennis
    trace = DecisionTree("id3").fit(X.rename(columns={"Outlook": column}), y).trace_.to_dict()
    (verdict,) = check(f"Gain(D, {typed}) = 0.247", trace, 0).verdicts
    assert verdict.read_as == {"written": typed, "attribute": column, "folds": folds}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(messages, "current_language", lambda: lang)
        assert verdict_sentence(verdict).endswith(said(folds, typed, column, lang))


# Two copies of Outlook, named apart, and a name whose spaces ignored could mean either: the
# folds both matches needed together (the spaces, and case or width where one needed them)
ASKED = [
    (("Out look", "Outlook"), "Out  look", ("spaces",)),
    (("Out Look", "OutLook"), "out  look", ("spaces", "case")),
    (("Ｏｕｔｌｏｏｋ", "Out look"), "Out  look", ("spaces", "width")),
    (("ＯＵＴ ＬＯＯＫ", "Out Look"), "out  look", ("spaces", "case", "width")),
]

ASKED_IGNORED = {
    ("spaces",): ("with its spaces ignored", "忽略其中的空格后"),
    ("spaces", "case"): ("with its spaces and case ignored", "忽略其中的空格且不区分大小写时"),
    ("spaces", "width"): ("with its spaces and full/half width ignored",
                          "忽略其中的空格且不区分全角、半角时"),
    ("spaces", "case", "width"): ("with its spaces, case and full/half width ignored",
                                  "忽略其中的空格且不区分大小写和全角、半角时"),
}


def two_outlooks(tennis, names: tuple[str, str]) -> dict:
    X, y = tennis
    X = X.rename(columns={"Outlook": names[0]})
    return DecisionTree("id3").fit(X.assign(**{names[1]: X[names[0]]}), y).trace_.to_dict()


# how each checker leads the sentence, up to what was ignored ({typed}: the name as written)
LEADS = {"numbers": {"en": "Line 1: '{typed}' is not read: ",
                     "zh": "第 1 行未读取：“{typed}”"},
         "tree": {"en": "your tree's attribute '{typed}' is not read: ",
                  "zh": "你的决策树的划分属性“{typed}”未读取："}}


def asked(checker: str, folds, typed: str, names, lang: str) -> str:
    """The sentence asking which column, as the checker words it."""
    en, zh = ASKED_IGNORED[folds]
    lead = LEADS[checker][lang]
    if lang == "en":
        quoted = ", ".join(f"'{name}'" for name in names)
        return (lead.format(typed=typed) + f"{en} it could be any of the attributes {quoted}; "
                "write it as the data spells it.")
    quoted = "、".join(f"“{name}”" for name in names)
    return fill(lead + f"{zh}，可能是属性{{quoted}}中的任何一个；请按数据中的写法写出属性名。",
                {"typed": typed, "quoted": quoted})


def test_the_asked_cases_cover_every_fold_with_the_spaces():
    assert {folds for _, _, folds in ASKED} == set(ASKED_IGNORED)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("names, typed, folds", ASKED)
def test_a_name_two_columns_spell_says_the_folds_that_found_them(tennis, names, typed, folds,
                                                                 lang):
    """'with its spaces ignored it could be any of' was said where the name spelled those
    columns only with its case or width folded too: each checker says every fold it used."""
    from ui import messages
    from ui.exercises import verdict_sentence
    from ui.messages import quoted_names
    from ui.treecheck import difference_key

    trace = two_outlooks(tennis, names)
    reading = read_name(typed, Columns(names))
    assert (reading.column, reading.columns, reading.folds) == (None, names, folds)
    (verdict,) = check(f"Gain(D, {typed}) = 0.247", trace, 0).verdicts
    assert verdict.status == "ambiguous_attribute"
    difference = check_tree(export_text(trace).replace(names[0], typed), trace).difference
    assert (difference.kind, difference.folds) == ("ambiguous_attribute", folds)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(messages, "current_language", lambda: lang)
        assert verdict_sentence(verdict) == asked("numbers", folds, typed, names, lang)
        tree_said = t(difference_key(difference), given=typed, columns=quoted_names(names))
    assert tree_said == asked("tree", folds, typed, names, lang)
