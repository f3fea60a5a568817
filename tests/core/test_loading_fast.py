"""The fast loader reads exactly what the exact one reads.

pyarrow's reader and pyarrow.compute's column operations must give the same table, warnings and
refusals as Python's csv module and the per-cell rules they replace: the rules are restated here
cell by cell as the oracle, and every file is loaded both ways.
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
from unittest import mock

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dtree_core import loading
from dtree_core.loading import DEFAULT_MISSING, DELIMITERS, LoadError, load_bytes

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)
LEADING_ZERO = re.compile(r"[+-]?0\d", re.ASCII)
LONG_WHOLE = re.compile(r"[+-]?\d{16,}", re.ASCII)  # more digits than a float keeps: a code
NONFINITE = {"inf", "+inf", "-inf", "infinity", "+infinity", "-infinity", "nan", "+nan", "-nan"}


def ascii_digits(value: str) -> str:
    """Width forms (full-width ０．５, small ﹣, no-break spaces) as ASCII, and the minus sign;
    not the rest of NFKC (2² is not 22, nor ① 1)."""
    forms = ("<wide>", "<narrow>", "<small>", "<noBreak>")
    return "".join(unicodedata.normalize("NFKC", c) if unicodedata.decomposition(c).startswith(
        forms) else c for c in value).replace("\u2212", "-")


def spelled_nonfinite(value: str) -> bool:
    """inf, nan or infinity in any case, made ASCII as numbers are (ascii_digits): not
    casefold's reading, which makes the ligature ﬁ 'fi' (inﬁnity, text to the loader)."""
    return value.isascii() and value.lower() in NONFINITE


def reference_column(name: str, cells: list[str], missing=DEFAULT_MISSING):
    """The column rules one cell at a time, as the loader applied them before it was vectorised:
    (column, warnings)."""
    raw = [loading._clean(c) for c in cells]
    markers, notes = {m.strip().casefold() for m in missing} | {""}, []
    seen = set(raw) - {""}
    if "-" in markers and "+" in seen and "-" in seen and seen <= {"+", "-"}:
        markers = markers - {"-"}
        notes.append(f"Column '{name}' holds '+' and '-', so '-' is read as a value, not as "
                     "missing.")
    longest = max(map(len, markers))
    values = [None if len(v) <= longest and v.casefold() in markers else v for v in raw]
    known = [v for v in values if v is not None]
    normal = [ascii_digits(v) for v in known]
    numbers = [bool(NUMBER.fullmatch(v)) for v in normal]
    finite = sum(numbers)
    looks = finite + sum(not n and spelled_nonfinite(v)
                         for v, n in zip(normal, numbers, strict=True))
    codes = finite and any(LEADING_ZERO.match(v) for v in normal)
    long = next((v for v, n in zip(known, normal, strict=True) if LONG_WHOLE.fullmatch(n)), None)
    if known and looks == len(known) and finite and not codes and not long:
        floats = [math.nan if v is None else float(ascii_digits(v)) for v in values]
        # spelled out (ｉｎｆ as inf), or too big for a float (1e400): each is said
        unread = [not math.isfinite(float(n)) for n in normal]
        spelled = sorted({v for v, u in zip(known, unread, strict=True) if u})
        if spelled:
            count = sum(unread)
            values = "value that is" if count == 1 else "values that are"
            notes.append(f"Column '{name}' has {count} {values} not a finite number "
                         f"({', '.join(spelled)}), read as missing.")
        floats = [f if math.isfinite(f) else math.nan for f in floats]
        return pd.Series(floats, dtype="float64"), notes
    if long and looks == len(known):
        notes.append(f"Column '{name}' is read as text: it holds whole numbers of more than 15 "
                     f"digits (such as '{long}'), more than a number keeps exactly, so its "
                     "numbers are codes (ID or card numbers), not measurements.")
    elif len(known) >= 5 and finite < len(known) and finite >= 0.8 * len(known) and not codes:
        odd = next(v for v, n in zip(known, numbers, strict=True) if not n)
        notes.append(f"Column '{name}' is read as text because of values such as '{odd}' among "
                     "its numbers.")
    return pd.Series([np.nan if v is None else v for v in values], dtype=object), notes


# ---------------------------------------------------------------- cleaning


def test_spaces_are_what_str_strip_removes():
    python = "".join(chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace())
    assert python == loading._SPACES


ODD_TEXT = st.text(st.sampled_from(" \t\r\n\x1c\x1f\xa0\u3000\u2028\ufeff\u200b\u2060ax青0"),
                   max_size=8)


@FUZZ
@given(st.lists(ODD_TEXT | st.text(max_size=6), max_size=20))
def test_clean_array_is_clean_on_every_value(values):
    cleaned = loading._clean_array(pa.array(values, pa.string())).to_pylist()
    assert cleaned == [loading._clean(v) for v in values]
    empty = loading._empty_cells(pa.array(values, pa.string()))
    assert empty.tolist() == [loading._clean(v) == "" for v in values]


# ---------------------------------------------------------------- one column


MARKERS = st.sampled_from(["", " ", "NA", "na", "nA", "N/A", "n/a", "NULL", "nUlL", "?", " ? ",
                           "-", "\u3000NA", "\u200b-", "missing", "MISSING", "缺失"])
NUMBERS = st.one_of(
    st.integers(-10**6, 10**6).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.floats(allow_nan=False, allow_infinity=False, width=32).map(lambda f: f"{f:.3g}"),
    st.sampled_from(["0", "-0", "0.0", "0.5", "-0.5", "1.", ".5", "+.5", "+5", "1e5", "1E+05",
                     "0e3", "007", "-01", "+00.5", "1e400", "-1e400", " 3 ", "3\u3000", "\u200b4",
                     "１２", "０．５", "－３", "１e2"]))
ODDITIES = st.sampled_from(["inf", "-Infinity", "NaN", "+nan", "ｉｎｆ", "inﬁnity", "1_0", "0x10",
                            "五", "青绿", "乌黑 亮", "+", "-", "ß", "\u212a", "x", "0b", "05abc"])
CELLS = st.one_of(
    st.lists(NUMBERS, min_size=1, max_size=12),
    st.lists(NUMBERS | MARKERS, min_size=1, max_size=12),
    st.lists(NUMBERS | MARKERS | ODDITIES, min_size=1, max_size=12),
    st.lists(st.sampled_from(["+", "-", "", "?", " - "]), min_size=1, max_size=8),
    st.lists(ODDITIES | MARKERS | ODD_TEXT, min_size=1, max_size=12),
)
MISSING = st.sampled_from([DEFAULT_MISSING, (), ("missing",), ("缺失", "?"), ("-", "n/a"),
                           ("Not available", "NA"), ("\u200bNA",), ("0",), ("ß",)])


@FUZZ
@given(CELLS, MISSING)
@example(["0", "in\ufb01nity"], DEFAULT_MISSING)  # the ligature ﬁ: no width form, so text
def test_columns_follow_the_rules_cell_by_cell(cells, missing):
    raw = pa.array(["header", *cells], pa.string()).slice(1)  # as the reader hands them over
    series, notes, n_missing = loading._column("c", raw, loading._Markers.of(missing))
    expected, expected_notes = reference_column("c", cells, missing)
    pd.testing.assert_series_equal(series, expected, check_exact=True)
    assert notes == expected_notes
    assert n_missing == int(expected.isna().sum())


# ---------------------------------------------------------------- whole files, both readers


CELL_TEXT = st.one_of(NUMBERS, MARKERS, ODDITIES, st.text("ab 青,;\t\"\n\r，\u3000", max_size=5))


@st.composite
def messy_files(draw) -> tuple[str, str]:
    """(text, delimiter): rows of quoted, spaced, ragged or broken values and blank lines."""
    delimiter = draw(st.sampled_from(DELIMITERS))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    n_cols = draw(st.integers(1, 4))
    lines = []
    for _ in range(draw(st.integers(1, 7))):
        width = n_cols if draw(st.integers(0, 7)) else draw(st.integers(0, n_cols + 2))
        lines.append(delimiter.join(draw(written(CELL_TEXT)) for _ in range(width)))
        if not draw(st.integers(0, 5)):
            lines.append(draw(st.sampled_from(["", " ", "\u3000", delimiter * n_cols])))
    return newline.join(lines) + draw(st.sampled_from(["", newline])), delimiter


@st.composite
def written(draw, cells):
    """A value as a writer (or a careless hand) puts it in a file."""
    value = draw(cells)
    quoted = '"' + value.replace('"', '""') + '"'
    return draw(st.sampled_from([
        value, value, quoted, " " + quoted, quoted + " ", '"' + value, quoted + "x",
        value + '"', quoted + quoted]))


def outcome(data: bytes, name: str):
    """What loading gives: the refusal, or the table and everything the report says."""
    try:
        table = load_bytes(data, name)
    except LoadError as err:
        return ("refused", str(err), err.code, err.details)
    frame = table.frame
    values = {c: [None if isinstance(v, float) and math.isnan(v) else v for v in frame[c]]
              for c in frame.columns}
    return ("loaded", table.report, table.report.kind_rules, values,
            {c: str(t) for c, t in frame.dtypes.items()})


def both_ways(data: bytes, name: str):
    fast = outcome(data, name)
    with mock.patch.object(loading, "_fast_grid", return_value=None):
        exact = outcome(data, name)
    return fast, exact


@FUZZ
@given(messy_files(), st.sampled_from(["data.csv", "data.tsv"]),
       st.sampled_from(["utf-8", "utf-8-sig", "gb18030"]))
def test_fast_and_exact_readers_agree(file, name, encoding):
    text, _ = file
    fast, exact = both_ways(text.encode(encoding, errors="replace"), name)
    assert fast == exact


@FUZZ
@given(st.text(st.sampled_from('ab1 0.,;\t"\n\r-?NA青，\u3000\u200b\x1f'), max_size=80))
def test_fast_and_exact_readers_agree_on_any_text(text):
    fast, exact = both_ways(text.encode("utf-8"), "data.csv")
    assert fast == exact


# ---------------------------------------------------------------- big files


def big_file(n: int = 3000) -> list[str]:
    return ["id,colour,density,class"] + [
        f"{i},{('青绿', '乌黑')[i % 2]},{i % 97 / 100},{'是否'[i % 2]}" for i in range(1, n + 1)]


def test_a_plain_file_never_reaches_the_csv_module():
    data = "\n".join(big_file()).encode()
    with mock.patch.object(loading, "_records", side_effect=AssertionError("slow path")):
        table = load_bytes(data, "big.csv")
    assert table.report.n_rows == 3000 and table.report.kinds["density"] == "continuous"
    assert table.report.id_columns == ("id",)


def test_quoted_values_and_a_bom_stay_fast():
    lines = big_file()
    lines[10] = '10,"乌黑, 亮","0.5","是"'
    data = b"\xef\xbb\xbf" + "\r\n".join(lines).encode()
    with mock.patch.object(loading, "_records", side_effect=AssertionError("slow path")):
        table = load_bytes(data, "big.csv")
    assert table.frame["colour"].iloc[8:11].tolist() == ["乌黑", "乌黑, 亮", "乌黑"]
    assert table.report.encoding == "utf-8-sig"


@pytest.mark.parametrize(("line", "damage", "message"), [
    (2345, "2345,青绿,0.5", "Line 2345 has 3 values but the header has 4 columns; quote values "
                            "that contain the delimiter."),
    (2999, "2999,青绿,0.5,是,extra", "Line 2999 has 5 values but the header has 4 columns; quote "
                                    "values that contain the delimiter."),
    (1200, '1200,"青绿,0.5,是', "The quote opened on line 1200 is never closed."),
    (1500, '1500,"青绿"x,0.5,是', 'Line 1500 has text after the closing quote of a value; write a '
                                 'quote inside a quoted value as two quotes ("").'),
])
def test_a_bad_row_deep_in_a_big_file_is_refused_by_line(line, damage, message):
    lines = big_file()
    lines[line - 1] = damage
    with pytest.raises(LoadError) as err:
        load_bytes("\n".join(lines).encode(), "big.csv")
    assert str(err.value) == message


def test_blank_rows_of_any_length_are_counted_in_a_big_file():
    lines = big_file()
    lines[100:100] = ["   ", ",,,", "\u3000", ",,", ""]
    table = load_bytes("\n".join(lines).encode(), "big.csv")
    assert table.report.n_rows == 3000
    assert table.report.warnings == ("Skipped 4 empty rows.",)


def test_excels_trailing_commas_and_full_width_commas():
    lines = [line + ",," for line in big_file(50)]
    table = load_bytes("\n".join(lines).encode(), "excel.csv")
    assert list(table.frame.columns) == ["id", "colour", "density", "class"]
    # the reader splits on one byte: a control character the text does not use stands in for
    # the full-width comma; when the text uses them all, the exact reader reads it
    fullwidth = "\n".join(big_file(500)).replace(",", "，").replace("乌黑", '"乌黑，亮"')
    table = load_bytes((fullwidth + "\x1f\x1e\x1d\x1c").encode(), "fw.csv")
    assert table.report.delimiter == "\uff0c"
    assert table.frame["colour"][:2].tolist() == ["乌黑，亮", "青绿"]
    assert table.frame["class"].iloc[-1] == "是"  # Python counts \x1c-\x1f as spaces


def test_past_the_first_million_characters():
    lines = big_file(70_000)  # over a million characters: decoded only as far as needed
    assert len("\n".join(lines)) > 1_000_000
    lines[68_999] = '68999,"青绿, 亮",0.5,否'
    table = load_bytes("\n".join(lines).encode(), "big.csv")
    assert table.frame["colour"][68_997:69_000].tolist() == ["青绿", "青绿, 亮", "青绿"]
    lines[69_499] = "69499,青绿,0.5"
    with pytest.raises(LoadError) as err:
        load_bytes(b"\xef\xbb\xbf" + "\n".join(lines).encode(), "big.csv")
    assert str(err.value).startswith("Line 69500 has 3 values but the header has 4 columns")
    # control characters are counted in the first million characters only, as before
    clean = "\n".join(big_file(70_000))
    assert load_bytes((clean + "\x01" * 9000).encode(), "big.csv").report.n_rows == 70_000
    with pytest.raises(LoadError) as err:
        load_bytes(("\x01" * 9000 + clean).encode(), "big.csv")
    assert err.value.code == "binary"
