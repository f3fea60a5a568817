"""The load report says what its missing counts count: the loader's own markers, and every
claim of that sentence is what the loader does with such a cell."""

from __future__ import annotations

import re

import pytest

from dtree_core.data import DEFAULT_MISSING
from dtree_core.loading import load_bytes
from tests.app.app_helpers import uploaded_app

MARKERS = [m for m in DEFAULT_MISSING if m]


def _full_width(text: str) -> str:
    """ASCII letters and signs as their full-width twins (Ｎ for N, ？ for ?)."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _missing(values: list[str]) -> tuple[int, object]:
    """The loader's missing count of a column holding these values (a class column beside),
    and the column as read."""
    rows = [f"{v},{'p' if i % 2 else 'q'}" for i, v in enumerate(values)]
    table = load_bytes(("x,y\n" + "\n".join(rows) + "\n").encode("utf-8"), "m.csv")
    return table.report.missing["x"], table.frame["x"]


@pytest.mark.parametrize("marker", MARKERS)
def test_each_listed_marker_is_missing_in_any_case_and_width(marker):
    spellings = [marker, marker.lower(), marker.upper(), _full_width(marker)]
    count, _ = _missing(["1.5", "2.5", *spellings])
    assert count == len(spellings)


def test_an_empty_cell_and_a_cell_of_dashes_alone_are_missing():
    count, column = _missing(["1.5", "", "—", "--", "2.5"])
    assert count == 3 and column.notna().sum() == 2


def test_a_spreadsheets_error_values_are_missing():
    count, column = _missing(["1.5", "#N/A", "#DIV/0!", "2.5"])
    assert count == 2 and column.notna().sum() == 2


def test_nan_inf_and_a_number_too_big_for_a_float_are_missing_and_said():
    """The caption's last kind: before, 1e400 was read as missing without the warning the
    spelled nan and inf get."""
    data = b"x,y\n1.5,p\nnan,q\ninf,p\n1e400,q\n2.5,p\n"
    table = load_bytes(data, "m.csv")
    assert table.report.missing["x"] == 3
    said = [str(w) for w in table.report.warnings]
    assert said == ["Column 'x' has 3 values that are not a finite number (1e400, inf, nan), "
                    "read as missing."]


def test_in_a_column_of_plus_and_minus_alone_minus_is_a_value():
    count, column = _missing(["+", "-", "+", "-"])
    assert count == 0 and set(column) == {"+", "-"}


def test_a_value_that_is_no_marker_is_not_counted():
    """The other side (the tests above can fail): text beside numbers is no marker."""
    count, _ = _missing(["1.5", "n.a.", "none", "2.5"])
    assert count == 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_load_report_lists_the_loaders_markers(lang):
    data = b"x,y\n1.5,p\n?,q\nNA,p\n2.5,q\n"
    at = uploaded_app("m.csv", data, lang)
    assert not at.exception
    captions = [c.value for c in at.caption]
    said = [c for c in captions if "`NA`" in c]
    assert len(said) == 1, captions
    listed = re.findall(r"`([^`]+)`", said[0])
    assert listed[:len(MARKERS)] == MARKERS  # the markers as the loader has them, in order
    assert ("Read as missing" if lang == "en" else "读作缺失值") in said[0]
