"""The loader's faster steps (issue 8, Core v2) decide exactly what the steps they replace did.

Each shortcut is held to the slower step it stands in for (kept in loading.py for arrays the
shortcut cannot read), or to the cell-by-cell rules of test_loading_fast, on fuzzed input.
"""

from __future__ import annotations

import re
from unittest import mock

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dtree_core import data, loading
from dtree_core.loading import DEFAULT_MISSING, LoadError, load_bytes
from tests.core.test_loading_fast import outcome as loading_outcome
from tests.core.test_loading_fast import reference_column

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

CELL = st.one_of(
    st.sampled_from(["", " ", "NA", "na", "nA", "N/A", "null", "NULL", "?", "-", "+", "-1",
                     "0", "00", "007", "-0", "-01", "+0", "+01", "0.5", "-0.5", "0x1", "1e3",
                     "inf", "nan", "青绿", "０１", "\u3000", "\ufeff", " 0", "05abc", "1"]),
    st.integers(-1000, 1000).map(str),
    st.text("0+-.5aN/?青 \u3000", max_size=4),
)
CELLS = st.lists(CELL, min_size=1, max_size=30)
MISSING = st.sampled_from([DEFAULT_MISSING, (), ("-1",), ("0",), ("nan", "?"), ("NA", "null"),
                           ("Not available",), ("缺失",)])


def as_reader_hands_over(cells: list[str], skip: int) -> pa.Array:
    """The cells as a string array that is a slice of a longer one, as the reader's are."""
    return pa.array(["x"] * skip + cells + ["y"], pa.string()).slice(skip, len(cells))


@FUZZ
@given(CELLS, st.integers(0, 3), MISSING)
def test_marker_rows_read_from_the_bytes_as_pyarrow_finds_them(cells, skip, missing):
    raw = as_reader_hands_over(cells, skip)
    markers = loading._Markers.of(missing)
    if markers.spellings is None:
        return
    view = loading._Bytes.of(raw)
    fast = loading._marker_rows(raw, markers, view)
    slow = loading._marker_rows_compute(raw, markers)
    assert (fast is None) == (slow is None)
    if fast is not None:
        assert fast.tolist() == slow.to_pylist()
        nulled = loading._markers_as_nulls(raw, fast, view)
        assert nulled.to_pylist() == loading._markers_as_nulls(raw, fast, None).to_pylist()
        assert nulled.to_pylist() == [None if m else c for c, m in zip(cells, fast, strict=True)]


@FUZZ
@given(CELLS, st.integers(0, 3), st.booleans())
def test_leading_zeros_read_from_the_bytes_as_the_pattern_finds_them(cells, skip, negative):
    raw = as_reader_hands_over(cells, skip)
    assert (loading._has_leading_zero(raw, negative)
            == loading._has_leading_zero_regex(raw, negative))


@FUZZ
@given(st.lists(st.text(" \t\r\n\x1c\xa0\u3000\ufeff\u200ba!~\x7f\x01青", max_size=4),
                min_size=1, max_size=20), st.integers(0, 3))
def test_empty_cells_of_a_slice_are_those_that_clean_to_nothing(cells, skip):
    raw = as_reader_hands_over(cells, skip)
    assert loading._empty_cells(raw).tolist() == [loading._clean(c) == "" for c in cells]


def test_the_shortcuts_leave_other_arrays_to_pyarrow():
    with_nulls = pa.array(["007", None, "NA"], pa.string())
    assert loading._Bytes.of(with_nulls) is None
    assert loading._has_leading_zero(with_nulls, False)
    large = pa.array(["1", "", "NA"], pa.large_string())
    assert loading._empty_cells(large).tolist() == [False, True, False]


CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def many_controls_by_pattern(text: str) -> bool:
    head = text[:1_000_000]
    return len(CONTROL.findall(head)) > max(2, len(head) // 200)


@FUZZ
@given(st.text(st.sampled_from("ab\t\n\r\x00\x01\x1f\x7f\x80青😀\ud800"), max_size=900))
def test_control_characters_are_counted_as_the_pattern_counts(text):
    assert loading._too_many_controls(text) == many_controls_by_pattern(text)


def test_control_characters_past_a_million_characters_do_not_count():
    text = "a" * 990_000 + "\x01" * 6000
    assert loading._too_many_controls(text) == many_controls_by_pattern(text) is True
    text = "a" * 999_990 + "\x01" * 6000
    assert loading._too_many_controls(text) == many_controls_by_pattern(text) is False


@pytest.mark.parametrize("before", [4999, 5001])
@pytest.mark.parametrize("wide", ["é", "青", "😀"])
def test_control_characters_of_a_big_utf8_file_are_counted_in_its_first_million(before, wide):
    row = f"1,{wide}{wide},x\n"  # characters of two, three and four bytes
    text = "a,b,c\n" + row * (1_000_000 // len(row))
    text = text[:1_000_000 - before] + "\x01" * before  # up to the millionth character...
    text += "\x01" * 3000 + row * 10  # ...and past it, which do not count
    binary = many_controls_by_pattern(text)
    assert binary == (before > 5000)
    try:
        load_bytes(text.encode(), "big.csv")
    except LoadError as err:
        assert (err.code == "binary") == binary
    else:
        assert not binary


@FUZZ
@given(st.text(st.sampled_from("a\n,é青😀"), max_size=60), st.integers(1, 20))
def test_the_head_is_decoded_as_far_as_needed(text, n_chars):
    data = text.encode()
    head, partial, covered = loading._utf8_head(data, n_chars)
    assert head == text[:min(n_chars, len(text))]
    assert covered == len(head.encode())
    assert partial == (covered < len(data))


IDEOGRAPH_FIRST = st.sampled_from(["样本１", "样０１", "青绿", "乌黑 亮", "一", "\u9fff１"])
OTHER_FIRST = st.sampled_from(["０１", "０１样", "１２", "－３", "ｉｎｆ", "①", "ｶﾀ", "é1", "1"])


@FUZZ
@given(st.lists(IDEOGRAPH_FIRST | OTHER_FIRST | st.integers(0, 99).map(str), min_size=1,
                max_size=15), MISSING)
def test_values_starting_with_an_ideograph_follow_the_rules(cells, missing):
    raw = as_reader_hands_over(cells, 1)
    series, notes, n_missing = loading._column("c", raw, loading._Markers.of(missing))
    expected, expected_notes = reference_column("c", cells, missing)
    pd.testing.assert_series_equal(series, expected, check_exact=True)
    assert notes == expected_notes
    assert n_missing == int(expected.isna().sum())


LATE = st.sampled_from(["0x1F", "0X1f", "-0", "-00", "00", "+5", "1e3", "-7", "1.5", "NA", "",
                        "99999999999999999999", "9007199254740993", "-9223372036854775808",
                        "9223372036854775808", "１２", " 3", "0", "0.0"])


@FUZZ
@given(st.lists(st.integers(-99, 10**6).map(str), min_size=50, max_size=60),
       st.lists(LATE, max_size=3), MISSING)
def test_whole_numbers_read_as_int64_first_read_as_floats_would(top, late, missing):
    cells = top + late  # past the first 50 values, which choose the whole-number reading
    raw = as_reader_hands_over(cells, 2)
    series, notes, n_missing = loading._column("c", raw, loading._Markers.of(missing))
    expected, expected_notes = reference_column("c", cells, missing)
    pd.testing.assert_series_equal(series, expected, check_exact=True)
    if expected.dtype == "float64":  # -0 keeps its sign
        assert np.array_equal(np.signbit(series), np.signbit(expected))
    assert notes == expected_notes
    assert n_missing == int(expected.isna().sum())


@FUZZ
@given(st.lists(CELL | LATE, min_size=1, max_size=20))
def test_the_whole_number_reading_gives_the_float_reading(cells):
    strings = pa.array(cells, pa.string())
    if loading._Bytes.of(strings).led_by_zero():
        return
    fast, slow = loading._floats(strings, whole=True), loading._floats(strings)
    assert (fast is None) == (slow is None)
    if fast is not None:
        floats = (fast.to_numpy(zero_copy_only=False), slow.to_numpy(zero_copy_only=False))
        assert np.array_equal(*floats, equal_nan=True)
        assert np.array_equal(*map(np.signbit, floats))


def test_markers_that_read_as_numbers_are_looked_up_in_every_column():
    assert loading._Markers.of(("-1",)).castable
    assert loading._Markers.of(("nan",)).castable
    assert not loading._Markers.of(DEFAULT_MISSING).castable
    lines = ["a,b"] + [f"{i},{i % 7 - 1}" for i in range(200)]
    table = load_bytes("\n".join(lines).encode(), "d.csv", missing=("-1",))
    assert table.report.missing == {"a": 0, "b": 29}
    assert np.isnan(table.frame["b"][0]) and table.frame["b"][1] == 0


@FUZZ
@given(st.lists(st.integers(-50, 50) | st.integers(-2**70, 2**70), min_size=1, max_size=40),
       st.sampled_from([0, 2**20, -2**52, 2**62, -2**63, 2**64, 10**18]))
def test_whole_numbers_are_counted_as_their_distinct_values(ints, shift):
    known = np.array(ints, dtype=float) + float(shift)  # whole numbers, small and huge
    count = data._count_whole_numbers(known, known.min(), known.max())
    assert count == len(np.unique(known))


# ---------------------------------------------------------------- UTF-8 trusted past the head


def big_lines(n: int = 70_000) -> list[str]:
    """Over a million characters: the bytes past the head are not checked before reading."""
    return ["id,colour,density,class"] + [
        f"{i},{('青绿', '乌黑')[i % 2]},{i % 97 / 100},{'是否'[i % 2]}" for i in range(1, n + 1)]


def outcome(data: bytes, name: str = "big.csv"):
    return loading_outcome(data, name)


def checked_first(data: bytes, name: str = "big.csv"):
    """The outcome when every byte is checked before reading, as the loader did before."""
    decode = loading._decode
    with mock.patch.object(loading, "_decode",
                           lambda data, name, encoding, trust=False: decode(data, name, encoding)):
        return outcome(data, name)


def test_a_valid_big_file_is_not_checked_whole_first():
    data = "\n".join(big_lines()).encode()
    with mock.patch.object(loading, "_valid_utf8", side_effect=AssertionError("checked whole")):
        table = load_bytes(data, "big.csv")
    assert table.report.encoding == "utf-8" and table.report.n_rows == 70_000


@pytest.mark.parametrize("damage", [
    "68000,青绿,0.5,{gbk}",  # a text value
    "68000,青绿,0.5{gbk},是",  # a number
    "68000,青绿,0.5,是,{gbk}",  # a value past the header's columns
    "68000,{gbk}",  # a row of another length (pyarrow hands it over as text)
    "68000,\"{gbk},x\",0.5,是",  # a quoted value
    "{gbk}",  # a row of one value
])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_bytes_that_are_not_utf8_past_the_head_read_as_if_checked_first(damage, bom, capfd):
    lines = big_lines()
    lines[68_000] = damage.replace("{gbk}", "\x00")
    data = bom + "\n".join(lines).encode().replace(b"\x00", "乌黑".encode("gb18030"))
    got = outcome(data)
    assert got == checked_first(data)
    assert got[0] == "refused" or got[1].encoding != "utf-8"
    assert capfd.readouterr().err == ""  # nothing said on the side (pyarrow's row handler)


def test_a_valid_big_file_with_a_bad_row_is_refused_as_if_checked_first():
    lines = big_lines()
    lines[69_000] = "69000,青绿,0.5"
    lines[100:100] = [",,", "  "]
    data = "\n".join(lines).encode()
    got = outcome(data)
    assert got == checked_first(data)
    assert got[1].startswith("Line 69003 has 3 values but the header has 4 columns")


# ---------------------------------------------------------------- reading the file


def test_a_file_is_read_whole_even_if_it_grew_after_stat(tmp_path):
    path = tmp_path / "grown.csv"
    path.write_bytes(b"a,b\n" + b"1,2\n" * 1000)
    assert loading._read_capped(path, 10) == path.read_bytes()
    assert loading._read_capped(path, path.stat().st_size) == path.read_bytes()
    with mock.patch.object(loading, "MAX_BYTES", 100):
        assert loading._read_capped(path, 10) == path.read_bytes()[:101]
