"""How a name a student wrote reads among the data's columns: the one rule both checkers find
an attribute by (checking: a line of a worked solution, Gain(D, 色 泽); treecheck: a pasted
or typed tree's test, 色 泽=青绿)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property

from .data import folded

# Li Hang numbers the features A1, A2, … in the data's column order (Example 5.2); typed in
# TeX as A_1 or A_{1} (his A₁ is A1 once NFKC has read the line).
NUMBERED = re.compile(r"^[aA](?:_?(?P<index>\d+)|_\{(?P<braced>\d+)\})$")


# The ways a written name may differ from the column it reads as, in the order a sentence
# names them: spaces typed inside it, case, and width (full-width ＡＢ for AB, read in NFKC)
FOLDS = ("spaces", "case", "width")


def unspaced(fold: str) -> str:
    """A name folded (data.folded, as a spelling is compared) without the spaces typed
    inside it, as it is compared when they are ignored: each name is folded once."""
    return re.sub(r"\s+", "", fold)


@dataclass(frozen=True)
class Reading:
    """How a written name reads among the data's columns (read_name): `column`, the one it
    names, found `by` its spelling (as the data spells it, or in another case or width), Li
    Hang's number (A1: the data's first column) or, by none of these, its letters with the
    spaces typed inside them ignored (a Chinese input method leaves 色 泽 for 色泽). Where it
    spells two or more columns in another case or width (Wind and wind for WIND), or with
    the spaces ignored (色泽 and 色 泽 for 色  泽), it reads as none of them: `columns` lists
    those it could mean, and `by` says which of the two ways it spells them."""

    column: str | None = None
    by: str = ""  # "spelling" | "number" | "spaces"; "" where it reads as no column at all
    columns: tuple[str, ...] = ()
    # Which of FOLDS the match needed (folds_between): () where spelled as the data spells
    # it or by Li Hang's number; of the columns it could mean, those any of them needed
    folds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Columns:
    """The data's column names as written names are compared with them (folded once for
    every name read). The first `numbered` of them are Li Hang's A1, A2, … (0: a name is
    never read as a number)."""

    names: tuple[str, ...]
    numbered: int = 0

    @cached_property
    def spellings(self) -> tuple[tuple[str, str, str], ...]:
        """(column, folded, without spaces) of each column."""
        # names are read in NFKC: the data's are compared in it too (密度（g/cm³）)
        folds = ((name, folded(name)) for name in dict.fromkeys(self.names))
        return tuple((name, fold, unspaced(fold)) for name, fold in folds)


def read_name(name: str, columns: Columns) -> Reading:
    """How a written name reads among the columns (Reading): as spelled, in another case or
    width, as Li Hang numbers them (A1, where `columns` are numbered), or, only where none of
    these finds one, with the spaces typed inside it ignored, when that spells one column.
    Exact spelling comes first, so a column named as another's fold (wind beside Wind) or
    its spacing (色 泽 beside 色泽) is read as itself; a fold or a spacing two columns share
    is asked which, never guessed."""
    spellings, asked = columns.spellings, folded(name)
    if any(c == name for c, _, _ in spellings):
        return Reading(name, "spelling")
    spelled = tuple(c for c, spelling, _ in spellings if spelling == asked)
    if spelled:
        return _folded_reading(name, spelled, "spelling")
    numbered = NUMBERED.match(name)
    index = int(numbered["index"] or numbered["braced"]) if numbered else 0
    if 1 <= index <= columns.numbered:
        return Reading(columns.names[index - 1], "number")
    key = unspaced(asked)
    spaced = tuple(c for c, _, without in spellings if without == key)
    return _folded_reading(name, spaced, "spaces") if spaced else Reading()


def _folded_reading(name: str, found: tuple[str, ...], by: str) -> Reading:
    """The reading of a name that folding found: the one column, or those it could mean."""
    spaces = by == "spaces"
    needed = {fold for column in found for fold in folds_between(name, column, spaces)}
    folds = tuple(fold for fold in FOLDS if fold in needed)
    return Reading(found[0], by, folds=folds) if len(found) == 1 else \
        Reading(by=by, columns=found, folds=folds)


def asked_variant(by: str, folds: tuple[str, ...]) -> str:
    """Which sentence asks which column an ambiguous name means (the catalogue key's suffix):
    "spelling" where it spells them in another case or width; where its spaces are ignored,
    "" for that alone, else the folds its matches needed ("spaces_case": Wind  speed for
    Wind Speed and WindSpeed)."""
    if by == "spelling":
        return "spelling"
    return "" if folds == ("spaces",) else "_".join(folds)


def folds_between(written: str, column: str, spaces: bool = False) -> tuple[str, ...]:
    """Which of FOLDS reading `written` as `column` needed, told apart by the match itself:
    spaces where they are ignored (read_name found it so); case where the two differ with
    only the width folded (NFKC); width where they differ with only the case folded. Text
    that differs by neither (é composed or not) needs no fold of the three."""
    def compared(text: str, form: str, fold_case: bool) -> str:
        text = unicodedata.normalize(form, text)
        text = text.casefold() if fold_case else text
        return unspaced(text) if spaces else text

    case = compared(written, "NFKC", False) != compared(column, "NFKC", False)
    width = compared(written, "NFC", True) != compared(column, "NFC", True)
    return tuple(fold for fold, needed in zip(FOLDS, (spaces, case, width), strict=True)
                 if needed)
