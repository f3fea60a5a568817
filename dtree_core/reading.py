"""How a name a student wrote reads among the data's columns: the one rule both checkers find
an attribute by (checking: a line of a worked solution, Gain(D, 色 泽); treecheck: a pasted
or typed tree's test, 色 泽=青绿)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from .data import folded

# Li Hang numbers the features A1, A2, … in the data's column order (Example 5.2); typed in
# TeX as A_1 or A_{1} (his A₁ is A1 once NFKC has read the line).
NUMBERED = re.compile(r"^[aA](?:_?(?P<index>\d+)|_\{(?P<braced>\d+)\})$")


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
        return Reading(spelled[0], "spelling") if len(spelled) == 1 else \
            Reading(by="spelling", columns=spelled)
    numbered = NUMBERED.match(name)
    index = int(numbered["index"] or numbered["braced"]) if numbered else 0
    if 1 <= index <= columns.numbered:
        return Reading(columns.names[index - 1], "number")
    key = unspaced(asked)
    spaced = tuple(c for c, _, without in spellings if without == key)
    if len(spaced) == 1:
        return Reading(spaced[0], "spaces")
    return Reading(by="spaces", columns=spaced) if spaced else Reading()
