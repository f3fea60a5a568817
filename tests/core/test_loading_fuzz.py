"""Hypothesis fuzzing: the loader either loads or raises its own LoadError, never anything else;
and every well-formed CSV, in any supported encoding, delimiter and line ending, reads back exactly.
"""

from __future__ import annotations

import csv
import io

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dtree_core.loading import DELIMITERS, LoadError, load_bytes, prepare

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SUFFIXES = ["data.csv", "data.tsv", "data.txt", "data.xlsx", "data"]


def load_or_refuse(data: bytes, filename: str) -> None:
    """Loading succeeds or raises LoadError; so does preparing any column as the target."""
    try:
        table = load_bytes(data, filename)
    except LoadError as err:
        assert str(err) and "\n" not in str(err)
        return
    assert len(table.frame) == table.report.n_rows > 0
    assert len(table.frame.columns) == table.report.n_columns >= 2
    for target in table.frame.columns:
        try:
            prepared = prepare(table, target)
        except LoadError:
            continue
        assert len(prepared.X) == len(prepared.y) == table.report.n_rows - prepared.dropped_rows


@FUZZ
@given(st.binary(max_size=3000), st.sampled_from(SUFFIXES))
def test_random_bytes_load_or_raise_load_error(data, filename):
    load_or_refuse(data, filename)


@FUZZ
@given(st.text(max_size=600), st.sampled_from(["utf-8", "utf-16", "gb18030", "utf-8-sig"]),
       st.sampled_from(SUFFIXES[:3]))
def test_random_text_loads_or_raises_load_error(text, encoding, filename):
    load_or_refuse(text.encode(encoding, errors="replace"), filename)


CSV_ALPHABET = 'abcXYZ019 .瓜青绿乌黑是否，,;\t"\'\n<>{}\\\u3000'  # GB2312-encodable
NAME_ALPHABET = "abcXYZ瓜青绿乌黑"
PREFIXES = ["v", "瓜"]  # a text value starts with one: never a number, marker or blank


@st.composite
def tables(draw):
    """A header of unique names and typed columns: text (may hold delimiters, quotes, newlines)
    or numbers; any cell but the first column's may be missing."""
    n_cols = draw(st.integers(2, 5))
    n_rows = draw(st.integers(1, 8))
    names = [draw(st.text(NAME_ALPHABET, min_size=1, max_size=4)) + str(j) for j in range(n_cols)]
    kinds = [draw(st.sampled_from(["text", "int", "float"])) for _ in range(n_cols)]
    columns = []
    for j, kind in enumerate(kinds):
        cells = []
        for _ in range(n_rows):
            if j > 0 and draw(st.booleans()) and draw(st.booleans()):
                cells.append(None)
            elif kind == "text":
                tail = draw(st.text(CSV_ALPHABET, max_size=12))
                cells.append((draw(st.sampled_from(PREFIXES)) + tail).strip())
            elif kind == "int":
                cells.append(str(draw(st.integers(-10**6, 10**6))))
            else:
                cells.append(repr(draw(st.floats(allow_nan=False, allow_infinity=False))))
        columns.append(cells)
    return names, kinds, columns


def expected_frame(names, kinds, columns) -> pd.DataFrame:
    out = {}
    for name, kind, cells in zip(names, kinds, columns, strict=True):
        known = [c for c in cells if c is not None]
        if kind != "text" and known:
            out[name] = pd.Series([np.nan if c is None else float(c) for c in cells],
                                  dtype="float64")
        else:
            out[name] = pd.Series([np.nan if c is None else c for c in cells], dtype=object)
    return pd.DataFrame(out)


@FUZZ
@given(tables(), st.sampled_from(DELIMITERS), st.sampled_from(["\n", "\r\n", "\r"]),
       st.sampled_from(["utf-8", "utf-8-sig", "gb18030", "utf-16"]),
       st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL]))
def test_well_formed_csv_reads_back_exactly(table, delimiter, newline, encoding, quoting):
    names, kinds, columns = table
    if newline == "\r":  # the writer only quotes a "\n" when it is part of the line terminator
        quoting = csv.QUOTE_ALL
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator=newline, quoting=quoting)
    writer.writerow(names)
    writer.writerows(zip(*[["" if c is None else c for c in col] for col in columns],
                         strict=True))
    loaded = load_bytes(out.getvalue().encode(encoding), "data.csv")
    expected = expected_frame(names, kinds, columns)
    pd.testing.assert_frame_equal(loaded.frame, expected)
    assert loaded.report.delimiter == delimiter
