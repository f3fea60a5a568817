"""Load a classroom table safely: bytes in, a table plus a load report out.

One loader serves the CLI and the app. It accepts CSV/TSV/TXT in UTF-8 (with or without BOM),
GB18030/GBK or UTF-16, with a comma, semicolon, tab or full-width comma between values, and the
first (or a chosen) sheet of an .xlsx workbook. `prepare` then picks the target and the attributes
the grower sees. Every refusal is a LoadError whose message is one specific sentence.

How it stays fast: pyarrow's CSV reader (installed with Streamlit) splits the decoded text into
raw string columns without making a Python object per cell, and pyarrow.compute cleans them a
whole column at a time, or once per distinct value for text. Python's csv module is the exact
reference: text whose quoting the fast reader might read differently, and files with a row of the
wrong length (whose refusal names its line), are read again with it. The column rules are the
same either way, so both readers give the same table. A long UTF-8 file is not checked whole
before reading: the values kept are checked as they are read, and a file that fails is read
again from a full check (_read_text).
"""

from __future__ import annotations

import codecs
import csv
import functools
import io
import itertools
import math
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv

from dtree_core.budget import Budget, BudgetError
from dtree_core.data import (
    CONTINUOUS,
    DASHES_AS_WRITTEN,
    DEFAULT_MISSING,
    NOMINAL,
    PLAIN_NUMBER,
    DataError,
    KindRule,
    Listed,
    as_text,
    declared_rule,
    folded,
    id_rule,
    is_id_like,
    is_numeric,
    kind_rule,
    marker_form,
    numbers_rows,
    resolve_kinds,
    text_value,
    validation_numbers,
)
from dtree_core.wording import fill

MAX_BYTES = 50 * 1024 * 1024
MAX_BRANCHES = 50  # more distinct values than this cannot be drawn as a multiway split
MAX_TARGET_VALUES = 50  # a numeric target with more distinct values is a regression problem

DELIMITERS = (",", ";", "\t", "\uff0c")
DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab", "\uff0c": "full-width comma"}
# Encodings offered to the user when the loader is unsure (codec names Python knows).
ENCODINGS = ("utf-8", "gb18030", "utf-16", "big5", "cp950", "shift_jis", "cp1252", "latin-1")
EXCEL_SUFFIXES = (".xlsx", ".xlsm")

# The csv module refuses fields over 128 KB by default; a 1 MB cell is legitimate input here.
csv.field_size_limit(max(csv.field_size_limit(), MAX_BYTES))

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_MAGIC = (
    (b"PK\x03\x04", "a ZIP archive"),
    (b"PK\x05\x06", "a ZIP archive"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
)
_OLD_OFFICE = b"\xd0\xcf\x11\xe0"  # an .xls workbook (or another old Office file)
# The control characters that mark a binary file: those below 0x20 but tab, LF and CR, and DEL.
_NOT_CONTROL = (0x09, 0x0A, 0x0D)
_WHOLE = re.compile(r"-?\d+", re.ASCII)  # what pyarrow may read faster as an int64
_DECIMAL_NAME = re.compile(r"[+-]?\d*\.\d+", re.ASCII)  # a header cell like 0.697: data
_ANY_DELIMITER = re.compile("[" + "".join(DELIMITERS) + "]")  # splits a line read as one field
_NONFINITE = {"inf", "+inf", "-inf", "infinity", "+infinity", "-infinity", "nan", "+nan", "-nan"}
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060"
# Every character str.strip() removes (str.isspace(), which includes \x1c-\x1f), so pyarrow's
# trim removes exactly what Python's does.
_SPACES = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
           "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
# The same patterns for pyarrow (RE2): [0-9] for the ASCII digits, anchored at both ends.
_NUMBER_RE2 = r"^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$"
_LEADING_ZERO_RE2 = r"^[+-]?0[0-9]"  # 007 and -01 are codes (zip codes, IDs), kept as text
# A whole number of more digits than a float64 keeps exactly (every one of up to 15 digits):
# an 18-digit ID card or a 16-digit bank card number, a code kept as text. As a float, ten
# students' IDs 110101199001011000-…009 became two or three numbers.
LONG_DIGITS = 16
_LONG_WHOLE_RE2 = rf"^[+-]?[0-9]{{{LONG_DIGITS},}}$"
_IDEOGRAPHS = ("\u4e00", "\u9fff")  # CJK Unified Ideographs, as in 样本 or 青绿: first, last
_IDEOGRAPH_FIRST_RE2 = "^[{}-{}]".format(*_IDEOGRAPHS)
# A number as Excel writes it where the comma is the decimal mark (0,697; 1.234,5), in the
# CSV it saves there, separated by semicolons for that reason. (Its tab-separated text is
# left alone: there 1,234 is as often an English thousand.) A thousands group never follows a
# first group of 0: 0.234,5 and 0.234.567 are no such numbers.
_DECIMAL_COMMA_RE2 = r"^[+-]?(?:[0-9]+|[1-9][0-9]{0,2}(?:\.[0-9]{3})+)(?:,[0-9]+)?$"
DECIMAL_COMMA_DELIMITERS = (";",)
# Beside numbers with a decimal comma, a number with a point and no comma (1.5, .5, 1.234):
# the point may be a decimal one or a thousands dot. In a semicolon file a number with a
# comma is one with a decimal comma (_DECIMAL_COMMA_RE2, 3,100 too); elsewhere only one no
# thousands separator writes (0,697, 0,200, 1.234,5 and 1 234,5: _DECIMAL_COMMA's, less
# _COMMA_EITHER_WAY's 3,100, as _text_reading tells them apart).
_POINT_NUMBER_RE2 = r"^[+-]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$"
_COMMA_NUMBER_RE2 = r"^[+-]?(?:0|[1-9][0-9]*|[1-9][0-9]{0,2}(?:[. ][0-9]{3})+),[0-9]+$"
_COMMA_EITHER_WAY_RE2 = r"^[+-]?[1-9][0-9]{0,2}(?:,[0-9]{3})+$"
# In a semicolon file, a number whose point a thousands dot may have written (1.234, -12.500:
# Excel where the comma is the decimal mark writes 1234 so with a separator in the format),
# and those it cannot have: another point (0.5, 1.25, 0.234 with its first group of 0, 1.5e3)
# or a whole number of four digits or more without one (2019, which it would write 2.019).
_THOUSANDS_DOT_RE2 = r"^\s*[+-]?[1-9][0-9]{0,2}\.[0-9]{3}\s*$"
_NOT_THOUSANDS_RE2 = r"^\s*[+-]?(?:[0-9]*\.[0-9]*(?:[eE][+-]?[0-9]+)?|[1-9][0-9]{3,})\s*$"
# A cell of dashes alone as written (data.DASHES_ONLY before NFKC)
_DASHES_ONLY_RE2 = f"^[{DASHES_AS_WRITTEN}]+$"
_MAX_SPELLINGS = 4096  # case spellings of the missing markers matched in C; beyond, per value


class LoadError(DataError):
    """A file or choice the loader refuses; str(err) is one specific sentence for the user.

    `code` is a stable identifier (e.g. "ragged", "encoding") and `details` its parameters, so a
    UI can word the message in another language.
    """

    def __init__(self, message: str, code: str = "invalid", **details):
        super().__init__(message)
        self.code = code
        self.details = details


# The loader's warnings and notes: a stable code each, its English sentence (what the CLI
# prints and the report holds), and the figures; a UI words them from the code and details.
NOTICES = {
    "encoding_guessed": ("The encoding was guessed as {encoding}; if the text looks wrong, "
                         "choose the encoding and load the file again."),
    "blank_rows": "Skipped {count} empty rows.",
    "numeric_header": "Every column name is a number; is the first row data rather than a header?",
    "number_names": ("The header holds numbers with decimals ({names}); is the first row data "
                     "rather than a header?"),
    "unnamed_column": "Column {position} has no name in the header; it is called '{name}'.",
    "signs": "Column '{column}' holds '+' and '-', so '-' is read as a value, not as missing.",
    "mixed_text": ("Column '{column}' is read as text because of values such as '{example}' "
                   "among its numbers."),
    # "it holds", not "its values are": one such value is enough (an old ID card's 15 digits
    # beside new 18-digit ones; 20kg beside 25 and 30; one 95% among 12, 15 and 20)
    "long_numbers": ("Column '{column}' is read as text: it holds whole numbers of more than "
                     "15 digits (such as '{example}'), more than a number keeps exactly, so its "
                     "numbers are codes (ID or card numbers), not measurements."),
    "formatted_numbers": ("Column '{column}' is read as text: it holds numbers a spreadsheet "
                          "formatted, with thousands separators, a currency sign, a percent "
                          "sign, or the accounting format's (21) for -21 and - for 0 (such as "
                          "'{example}'). Save them as plain numbers (in Excel: Format Cells, "
                          "Number, no separator) to use it as a continuous attribute."),
    "number_units": ("Column '{column}' is read as text: it holds numbers written with a unit "
                     "(such as '{example}'). Write the numbers alone, with the unit in the "
                     "column name (weight (kg)), to use it as a continuous attribute."),
    "decimal_comma": ("Column '{column}' is read as numbers written with a decimal comma (such "
                      "as '{example}'), as Excel writes them where the comma is the decimal "
                      "mark."),
    "decimal_comma_text": ("Column '{column}' is read as text: it holds numbers written with a "
                           "decimal comma (such as '{example}'), which are read as "
                           "numbers only in a file separated by semicolons, where the comma "
                           "cannot also separate the values. Save the file as .xlsx, or as CSV "
                           "separated by semicolons, to use it as a continuous attribute."),
    "decimal_comma_cells": ("Column '{column}' is read as text: its cells hold numbers stored "
                            "as text with a decimal comma (such as '{example}'). Convert the "
                            "cells to numbers to use it as a continuous attribute (in Excel: "
                            "Data, Text to Columns, with the comma as the decimal separator "
                            "under Advanced; or, where the point is the decimal mark, replace "
                            "each comma with a point)."),
    "ideographic_point": ("Column '{column}' is read as text: it holds numbers written with the "
                          "Chinese full stop '。' as the decimal point (such as '{example}'), as "
                          "a Chinese input method types '.' in its Chinese punctuation mode. "
                          "Write the point as '.' (0.5) to use it as a continuous attribute."),
    "decimal_marks": ("Column '{column}' is read as text: its numbers are written with two "
                      "decimal marks, a point in {points} values (such as '{point}') and a "
                      "comma in {commas} (such as '{comma}'). Either mark can also separate "
                      "thousands ('1.234' may be 1234, '3,100' may be 3100), so no one reading "
                      "is safe and the values are kept as written. Write every number with "
                      "the same decimal mark to use it as a continuous attribute."),
    "thousands_dot": ("Column '{column}' is read as numbers with a decimal point (such as "
                      "'{example}'), though in a file separated by semicolons, as Excel saves "
                      "where the comma is the decimal mark, a point may separate thousands "
                      "('{example}' may be {thousands}), and none of its values shows which. "
                      "If it does, save the numbers without thousands separators (in Excel: "
                      "Format Cells, Number, no separator)."),
    "uncalculated_formulas": ("Column '{column}' holds formulas whose results were never "
                              "saved (the file was not saved by Excel), so it is read as "
                              "empty; open the file in Excel and save it to keep the values."),
    "merged_cells": ("Merged cells in {count} ranges ({ranges}) are read with the merged "
                     "value in every row they span, as the sheet shows them."),
    "hidden_sheets": ("Sheet '{sheet}' is read, the first one Excel shows: the sheets before "
                      "it ({hidden}) are hidden in Excel and left alone. To read one, unhide "
                      "it in Excel, or name it with --sheet on the command line."),
    "non_finite": ("Column '{column}' has {count} values that are not a finite number "
                   "({values}), read as missing."),
    "excel_errors": ("Column '{column}' has {count} values holding a spreadsheet error "
                     "({values}), read as missing: a formula there had no result."),
    "dropped_target": "Dropped {count} rows with no value for the target '{target}'.",
    "excluded": "'{column}' is excluded, as asked.",
    "target_named": ("'{column}' is the target, not an attribute: naming it among the columns "
                     "to exclude, or to read as nominal or continuous, changes nothing."),
    "no_values": "'{column}' is left out because it has no values.",
    "id_like": ("'{column}' is left out because it has a different value in every row, like a "
                "row number, so it cannot generalise; include ID columns (--include-ids) to "
                "see ID3's bias toward many-valued attributes."),
    "numbers_as_text": ("'{column}' is left out because its numbers are read as text (as said "
                        "when the file was read), a different one in every row, so as text it "
                        "cannot generalise; save them as plain numbers to use it as a "
                        "continuous attribute."),
}
# The readings _text_reading chooses among for a column whose every value is a number written
# in one way (a spreadsheet's text cells have decimal_comma_cells for decimal_comma_text).
TEXT_READINGS = ("formatted_numbers", "decimal_comma_text", "number_units", "ideographic_point")
# The notices of a column whose numbers are kept as text for the way they are written (any
# reading _text_reading gives, and _decimal_marks's two marks in one column): left out with a
# different value in every row, it is said to be for that, not like a row number.
NUMBERS_AS_TEXT_CODES = (*TEXT_READINGS, "decimal_marks", "decimal_comma_cells")


class Notice(str):
    """A warning or note of the loader: the English sentence itself (so it prints, compares and
    joins as text), with its stable `code` and the `details` the sentence was filled with."""

    code: str
    details: dict

    def __new__(cls, code: str, **details):
        notice = super().__new__(cls, fill(NOTICES[code], details))
        notice.code, notice.details = code, details
        return notice

    def __reduce__(self):  # st.cache_data pickles reports: keep the code and details
        return _notice, (self.code, self.details)


def _notice(code: str, details: dict) -> Notice:
    return Notice(code, **details)


@dataclass(frozen=True)
class LoadReport:
    """What the loader found: enough to show the user and to explain each decision."""

    filename: str
    encoding: str | None  # None for .xlsx
    delimiter: str | None  # None for .xlsx
    n_rows: int
    n_columns: int
    kinds: dict[str, str]
    missing: dict[str, int]
    id_columns: tuple[str, ...]
    warnings: tuple[str, ...] = ()  # Notices: str with a code and details
    sheet: str | None = None  # .xlsx: the sheet read
    sheets: tuple[str, ...] = ()  # .xlsx: all sheet names, for a picker
    encoding_guessed: bool = False  # True when the user should confirm the encoding
    n_bytes: int = 0
    # Why each column has its kind (rule code, figures, sentence). It only explains `kinds`, so
    # it takes no part in comparing reports.
    kind_rules: dict[str, KindRule] = field(default_factory=dict, compare=False)

    @property
    def delimiter_name(self) -> str | None:
        return DELIMITER_NAMES.get(self.delimiter) if self.delimiter else None

    def summary(self) -> str:
        """One line for the CLI: file, shape and how it was read."""
        how = f"sheet '{self.sheet}'" if self.sheet is not None else (
            f"{self.encoding}, {self.delimiter_name}-separated")
        return f"{self.filename}: {self.n_rows} rows x {self.n_columns} columns ({how})"


@dataclass(frozen=True)
class LoadedTable:
    frame: pd.DataFrame
    report: LoadReport

    def likely_target(self, named: str | None = None) -> str:
        """The column a table's class most likely is: `named` (a catalogue's) if it is one,
        else the last one that does not number its rows (a spreadsheet often ends with a
        price or a count, different in every row: as a target it is refused as an ID) where
        another such column is left to split on, else the last (and the refusal says why)."""
        columns = [str(c) for c in self.frame.columns]
        if named in columns:
            return named
        kept = [c for c in columns if c not in self.report.id_columns]
        return kept[-1] if len(kept) >= 2 else columns[-1]


@dataclass(frozen=True)
class Prepared:
    """Attributes and target ready for DecisionTree(nominal=..., continuous=...).fit(X, y)."""

    X: pd.DataFrame
    y: pd.Series
    kinds: dict[str, str]
    excluded: dict[str, str]  # column -> the sentence saying why it was left out
    dropped_rows: int  # rows without a target value
    notes: tuple[str, ...] = ()
    kind_rules: dict[str, KindRule] = field(default_factory=dict)  # why each attribute's kind

    @property
    def nominal(self) -> list[str]:
        return [c for c, k in self.kinds.items() if k == NOMINAL]

    @property
    def continuous(self) -> list[str]:
        return [c for c, k in self.kinds.items() if k == CONTINUOUS]


# ---------------------------------------------------------------- entry points


def load_path(
    path,
    *,
    encoding: str | None = None,
    sheet: str | int | None = None,
    missing: tuple[str, ...] = DEFAULT_MISSING,
    budget: Budget | None = None,
) -> LoadedTable:
    """Read a file from disk; a missing file, a directory or an oversized file is refused.

    The options are load_bytes's (forced encoding, .xlsx sheet, missing markers).
    """
    path = Path(path)
    if not path.exists():
        raise LoadError(f"File not found: {path}.", "not_found", path=str(path))
    if path.is_dir():
        raise LoadError(f"'{path}' is a directory, not a data file.", "directory", path=str(path))
    if not path.is_file():  # a FIFO, a device such as /dev/zero: no end to read to
        raise LoadError(f"'{path}' is not a regular file.", "not_a_file", path=str(path))
    size = path.stat().st_size
    _check_size(size, path.name)
    try:
        data = _read_capped(path, size)
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise LoadError(f"'{path}' cannot be read: {reason}.", "unreadable",
                        path=str(path)) from None
    return load_bytes(data, path.name, encoding=encoding, sheet=sheet, missing=missing,
                      budget=budget)


def _read_capped(path: Path, size: int) -> bytes:
    """The file's first MAX_BYTES + 1 bytes at most (it may grow while it is read).

    Asking for the size stat() gave (plus one byte, to see growth) reads it in one buffer of
    the right size: asking for the cap at once makes a 50 MB buffer and costs several
    milliseconds more. Only a file that grew is read on, up to the cap."""
    with path.open("rb") as stream:
        data = stream.read(size + 1)
        if len(data) == size + 1 and len(data) <= MAX_BYTES:
            data += stream.read(MAX_BYTES + 1 - len(data))
    return data


def load_bytes(
    data: bytes,
    filename: str = "data.csv",
    *,
    encoding: str | None = None,
    sheet: str | int | None = None,
    missing: tuple[str, ...] = DEFAULT_MISSING,
    budget: Budget | None = None,
) -> LoadedTable:
    """Parse a CSV/TSV/TXT or .xlsx file's bytes into a table and a report of how it was read.

    With a budget (the app's), rows, columns and cells are counted before parsing, and a file
    over a limit is refused (BudgetError) before the work it would cost.

    `encoding` forces a text encoding, `sheet` picks an .xlsx sheet (name or 0-based index), and
    `missing` lists the markers read as missing (matched ignoring case; an empty cell always is).
    """
    name = Path(filename).name or "data.csv"
    _check_size(len(data), name)
    if not data:
        raise LoadError(f"'{name}' is empty.", "empty")
    suffix = Path(name).suffix.lower()
    enc = delimiter = sheet_name = None
    sheets, guessed, warnings = (), False, []
    if suffix in EXCEL_SUFFIXES:
        records, sheet_name, sheets, warnings = _read_xlsx(data, name, sheet, budget)
        label = f"Sheet '{sheet_name}' of '{name}'"
        if len(sheets) > 1 and not any(any(cells) for _, cells in records):  # one of several
            raise LoadError(f"{label} is empty; choose another sheet.", "empty_sheet",
                            sheet=sheet_name, name=name)
        header, columns, table_warnings = _table(_grid_of(records), label, "Row")
        frame, column_warnings, missing_counts = _frame(header, columns, _Markers.of(missing),
                                                        cells=True)
    else:
        _refuse_binary(data, name)
        (enc, guessed, warnings), (delimiter, table_warnings, typed) = _read_text(
            data, name, suffix, encoding, missing, budget)
        frame, column_warnings, missing_counts = typed
    ids = tuple(c for c in frame.columns if is_id_like(frame[c]))
    # an ID that numbers the rows is nominal where it is included (prepare), so said here too
    rules = {c: id_rule() if c in ids and numbers_rows(frame[c]) else kind_rule(frame[c])
             for c in frame.columns}
    report = LoadReport(
        filename=name,
        encoding=enc,
        delimiter=delimiter,
        n_rows=len(frame),
        n_columns=len(frame.columns),
        kinds={c: rule.kind for c, rule in rules.items()},
        missing=missing_counts,
        id_columns=ids,
        warnings=tuple([*warnings, *table_warnings, *column_warnings]),
        sheet=sheet_name,
        sheets=tuple(sheets),
        encoding_guessed=guessed,
        n_bytes=len(data),
        kind_rules=rules,
    )
    return LoadedTable(frame, report)


def _read_text(data: bytes, name: str, suffix: str, encoding: str | None, missing, budget):
    """((encoding, guessed, warnings), (delimiter, table warnings, _frame's result)).

    UTF-8 past the first million characters is trusted rather than checked first (checking
    11 MB costs several milliseconds): every value kept is checked as it is read (numbers are
    ASCII; each text value is checked once, in its column's dictionary). If any step fails and
    the bytes are not UTF-8, the file is read again from a full check, as if checked first.
    """
    text, enc, guessed, warnings = _decode(data, name, encoding, trust=True)
    try:
        return (enc, guessed, warnings), _parse_text(text, name, suffix, missing, budget)
    except Exception:  # any failure: was it the trust? then read again, else it stands
        if text.checked or _valid_utf8(text.utf8):
            raise
    text, enc, guessed, warnings = _decode(data, name, encoding)
    return (enc, guessed, warnings), _parse_text(text, name, suffix, missing, budget)


def _parse_text(text: _Text, name: str, suffix: str, missing, budget):
    """(delimiter, table warnings, _frame's result) of a decoded text file."""
    text, delimiter = _excel_separator_line(text)
    # the head holds more than the sample _sniff reads
    delimiter = delimiter or _sniff(text.head, suffix)
    if budget is not None:
        _check_text_budget(text, delimiter, budget)
    header, columns, table_warnings = _text_table(text, delimiter, f"'{name}'")
    return delimiter, table_warnings, _frame(header, columns, _Markers.of(missing),
                                             decimal_comma=delimiter in DECIMAL_COMMA_DELIMITERS)


# Excel's first line naming the delimiter ("sep=;"), which its CSV files carry for an Excel
# set to another one; a line of its own, before the header.
_SEPARATOR_LINE = re.compile(r'"?sep=([,;\t\uff0c])"?[ \t]*(?=\r|\n)', re.IGNORECASE)


def _excel_separator_line(text: _Text) -> tuple[_Text, str | None]:
    """The text without a first line "sep=;" (its line end kept: a blank line, skipped, so
    line numbers still count it) and the delimiter it names, if its header has it; or the
    text and None."""
    match = _SEPARATOR_LINE.match(text.head)
    if match is None:
        return text, None
    end = match.end()
    utf8 = None if text.utf8 is None else text.utf8[len(text.head[:end].encode("utf-8")):]
    rest = replace(text, head=text.head[end:], utf8=utf8)
    header = _first_line(rest.head)
    # a hint the header does not follow (sep=; above commas) is no hint: the lines are sniffed
    return rest, match.group(1) if match.group(1) in header else None


def _check_text_budget(text: _Text, delimiter: str, budget: Budget) -> None:
    """Rows (lines) and columns (header fields), counted in linear time before parsing.
    A line ends at \n, \r\n or a lone \r (old Macs), as the parser reads them: counting
    only \n took a 5,000-line file with \r endings for one line of 45,010 columns."""
    # the header: the first line with anything on it (blank lines, and a "sep=" line left
    # blank, are skipped by the reading too)
    columns = _first_line(text.head).count(delimiter) + 1
    budget.check("columns", columns)
    raw = text.utf8 if text.utf8 is not None else text.full
    lf, cr = ("\n", "\r") if isinstance(raw, str) else (b"\n", b"\r")
    lines = raw.count(lf) + raw.count(cr) - raw.count(cr + lf) + (not raw.endswith((lf, cr)))
    rows = max(lines - 1, 0)  # the header is not a row
    budget.check("rows", rows)
    budget.check("cells", rows * columns)


_LINE_END = re.compile(r"\r\n?|\n")


def _check_size(n_bytes: int, name: str) -> None:
    if n_bytes > MAX_BYTES:
        raise LoadError(
            f"'{name}' is {_megabytes(n_bytes)} MB, over the {MAX_BYTES // 2**20} MB limit.",
            "too_large", size=n_bytes, limit=MAX_BYTES, size_mb=_megabytes(n_bytes),
            limit_mb=MAX_BYTES // 2**20)


def _megabytes(n_bytes: int) -> str:
    """MB to one decimal, rounded up: a file a byte over 50 MB reads 50.1, not 50.0."""
    return f"{math.ceil(n_bytes / 2**20 * 10) / 10:.1f}"


# ---------------------------------------------------------------- bytes -> text


def _refuse_binary(data: bytes, name: str) -> None:
    """Archives, images, PDFs and old .xls files renamed .csv: a sentence naming what they are."""
    if data.startswith(b"PK") and _is_xlsx(data):
        raise LoadError(
            f"'{name}' is an Excel workbook with a text-file name; rename it to .xlsx or save it "
            "as CSV.", "xlsx_text_name", name=name)
    if data.startswith(_OLD_OFFICE):  # the uploader takes .xls: say what to do with one
        raise LoadError(
            f"'{name}' is an old-style Excel .xls (or other Office) file, which this tool cannot "
            "read; open it in Excel and save it as .xlsx or as CSV (UTF-8).", "old_xls",
            name=name)
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise LoadError(
                f"'{name}' is {what}, not a text table; save the data as CSV (UTF-8) or .xlsx.",
                "binary", what=what)
    _refuse_markup(data, name)


def _refuse_markup(data: bytes, name: str) -> None:
    """A web page or an Excel 2003 XML file under a table's name (school systems export
    "xls" files that are HTML): a sentence saying so, not a header row without data."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if re.match(rb"(?:<\?xml[^>]*>\s*)?<(?:!doctype html|html|table|head|body|meta)\b", head) \
            or head.startswith(b"mime-version:"):  # a page, or one saved whole (.mht)
        raise LoadError(
            f"'{name}' is a web page (HTML), not a table file; open it in Excel and save it as "
            ".xlsx or CSV.", "web_page", name=name)
    if head.startswith(b"<?xml") and b"urn:schemas-microsoft-com:office:spreadsheet" in head:
        raise LoadError(
            f"'{name}' is an Excel 2003 XML spreadsheet; open it in Excel and save it as .xlsx "
            "or CSV.", "xml_spreadsheet", name=name)


def _is_xlsx(data: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return "xl/workbook.xml" in archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False


@dataclass(eq=False)
class _Text:
    """A file's decoded text. Valid UTF-8 is decoded only as far as the checks look (at least
    the first million characters): its own bytes go to the fast reader, and `full` decodes the
    rest only if something needs it."""

    head: str  # the text, or only its beginning when `partial`
    utf8: bytes | None = None  # the text in UTF-8, when these are the file's own bytes
    partial: bool = False
    # False while the bytes past the head are trusted to be UTF-8 without a check: the reading
    # then checks every value it keeps, and anything that fails is read again from a full check.
    checked: bool = True

    @property
    def full(self) -> str:
        if self.partial:
            try:
                self.head, self.partial = self.utf8.decode("utf-8"), False
            except UnicodeDecodeError:
                raise _NotUtf8 from None
            self.checked = True
        return self.head

    def check(self) -> None:
        """Check the bytes past the head now; _NotUtf8 when they are not UTF-8."""
        if not self.checked:
            if not _valid_utf8(self.utf8):
                raise _NotUtf8
            self.checked = True


class _NotUtf8(Exception):
    """Text trusted to be UTF-8 is not: read the file again, checking it first."""


def _decode(data: bytes, name: str, encoding: str | None, trust: bool = False):
    """(text, encoding, guessed, warnings): BOM, then strict UTF-8, then GB18030, then a guess.

    `trust`: UTF-8 past the first million characters is taken as valid without a check (see
    _Text.checked); the caller reads it again with trust=False if that was wrong."""
    if encoding:
        text = _lines_kept(data, _decode_as(data, name, encoding), name, encoding)
        return _Text(text), _codec_name(encoding), False, []
    for bom, codec in _BOMS:
        if data.startswith(bom):
            text = _utf8_text(data[len(bom):], name, trust) if codec == "utf-8-sig" else None
            if codec == "utf-8-sig" and text is None:
                _refuse_mixed_utf8(data[len(bom):], name)
            text = text or _Text(_checked_text(_decode_as(data, name, codec), name))
            return text, codec, False, []
    utf16 = _bomless_utf16(data)
    if utf16:
        return _Text(_checked_text(_decode_as(data, name, utf16), name)), utf16, False, []
    if b"\x00" in data:
        raise LoadError(f"'{name}' is a binary file, not a text table; save the data as CSV "
                        "(UTF-8) or .xlsx.", "binary", what="binary")
    text = _utf8_text(data, name, trust)
    if text is not None:
        return text, "utf-8", False, []
    _refuse_mixed_utf8(data, name)
    try:
        text = _checked_text(data.decode("gb18030"), name, nul_free=True)
    except UnicodeDecodeError:
        return _guess(data, name)
    if not _plain_gbk(text):
        traditional = _big5_reading(data, text)
        if traditional is not None:
            codec, reading = traditional
            return _Text(_checked_text(reading, name)), codec, True, [_guess_warning(codec)]
        return _Text(text), "gb18030", True, [_guess_warning("gb18030")]
    return _Text(text), "gb18030", False, []


# Chinese characters read as UTF-8 before a byte that is not: the file is UTF-8 with something
# else pasted in, not a file in another encoding. Ideographs, not any characters beyond ASCII:
# GBK's own bytes read as UTF-8's two-byte letters often enough (the GBK header 职业,学位 reads
# as four Hebrew, Cyrillic and Greek ones, and was refused), almost never as its ideographs.
MIXED_UTF8_CHARACTERS = 4


def _refuse_mixed_utf8(data: bytes, name: str) -> None:
    """Refuse UTF-8 text with bytes of another encoding in it (rows of a GBK file appended to
    a UTF-8 one), naming the line where they start: read as GB18030 it was all garbled, or
    'cannot be recognised', with no line to look at."""
    try:
        data.decode("utf-8")  # stops at the first byte that is not UTF-8
        return
    except UnicodeDecodeError as err:
        before = data[:err.start]  # valid UTF-8: read as bytes, not decoded again
    if _utf8_ideographs(before) < MIXED_UTF8_CHARACTERS:
        return
    # the line ends _LINE_END finds (\r\n, \r, \n), ASCII bytes that no character contains
    line = before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1
    raise LoadError(
        f"'{name}' is UTF-8 until line {line}, which holds bytes of another encoding (rows "
        "pasted from a GBK file?); no one encoding reads both parts: save the file those rows "
        "came from as UTF-8 and paste them again.", "encoding_mixed", name=name, line=line)


def _utf8_ideographs(data: bytes) -> int:
    """How many ideographs valid UTF-8 holds, counted on its bytes: each is a character of
    three (a lead byte 1110xxxx, two of 10xxxxxx) whose code point is in _IDEOGRAPHS."""
    units = np.frombuffer(data, dtype=np.uint8)
    leads = np.flatnonzero(units[:-2] >> 4 == 0b1110)
    b0, b1, b2 = (units[leads + k].astype(np.int32) for k in range(3))
    points = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | b2 & 0x3F
    first, last = map(ord, _IDEOGRAPHS)
    return int(np.count_nonzero((points >= first) & (points <= last)))


# GB18030's private use area: its user-defined byte pairs, which no Chinese text written in
# GBK holds, but which Big5's common characters fall on (色澤 read as ︹緼 and U+E1B1)
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def _big5_reading(data: bytes, gb_text: str) -> tuple[str, str] | None:
    """(codec, text) read as Big5 (traditional Chinese, as Excel in Taiwan and Hong Kong saves
    it), or as Microsoft's cp950 where only it reads every byte, when the GB18030 reading is
    full of private-use characters (Big5's read so: 15–50% of the non-ASCII characters) and
    that reading has none; else None. A GBK file with a few custom glyphs (造字 for a rare
    name) keeps its GB18030 reading."""
    private = len(_PRIVATE_USE.findall(gb_text))
    if private < BIG5_PRIVATE_USE[0] or \
            private < BIG5_PRIVATE_USE[1] * len(_NON_ASCII.findall(gb_text)):
        return None
    for codec in ("big5", "cp950"):
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        if not _PRIVATE_USE.search(text):
            return codec, text
    return None


# At least this many private-use characters, and this share of the non-ASCII ones
BIG5_PRIVATE_USE = (3, 0.05)
_NON_ASCII = re.compile("[^\x00-\x7f]")


def _utf8_text(data: bytes, name: str, trust: bool = False) -> _Text | None:
    """Valid UTF-8 (after any BOM) as a lazily decoded text, checked as _checked_text checks;
    None when it is not UTF-8 (or starts with a second BOM, which _checked_text also strips).

    The head is decoded strictly, so it is checked; with `trust`, the rest is not (yet)."""
    if data.startswith(codecs.BOM_UTF8):
        return None
    data = data.rstrip(b"\x1a")  # DOS end-of-file marker (ASCII: UTF-8 or not, as before)
    try:
        head, partial, covered = _utf8_head(data, 1_000_000)
    except UnicodeDecodeError:
        return None
    checked = not partial or not trust
    if partial and not trust and not _valid_utf8(data):
        return None
    # The head's control characters are its bytes below 0x20 and 0x7F (no byte of a longer
    # character is below 0x80), counted in place rather than in the decoded head.
    head_bytes = np.frombuffer(data, dtype=np.uint8, count=covered)
    if b"\x00" in data or _too_many_control_units(head_bytes, len(head)):
        if not checked and not _valid_utf8(data):
            return None  # not UTF-8 after all: another encoding may read it
        raise LoadError(f"'{name}' is a binary file, not a text table; save the data as CSV "
                        "(UTF-8) or .xlsx.", "binary", what="binary")
    return _Text(head, data, partial, checked)


def _valid_utf8(data: bytes) -> bool:
    """Strict UTF-8, checked by pyarrow without building a Python string."""
    offsets = pa.py_buffer(np.array([0, len(data)], dtype=np.int64))
    whole = pa.Array.from_buffers(pa.large_binary(), 1, [None, offsets, pa.py_buffer(data)])
    try:
        whole.cast(pa.large_string())
    except pa.ArrowInvalid:
        return False
    return True


def _utf8_head(data: bytes, n_chars: int) -> tuple[str, bool, int]:
    """The first n_chars characters of valid UTF-8 (all of it if shorter), whether some are
    left, and how many bytes they take.

    Each step decodes as many bytes as characters are still wanted: a character takes one byte
    or more, so no step decodes past the n_chars-th character (text in Chinese, three bytes a
    character, is not decoded to three times the length it needs)."""
    decoder, parts, size, start = codecs.getincrementaldecoder("utf-8")(), [], 0, 0
    view = memoryview(data)
    while size < n_chars and start < len(data):
        step = n_chars - size
        part = decoder.decode(view[start:start + step], final=start + step >= len(data))
        parts.append(part)
        size, start = size + len(part), start + step
    start = min(start, len(data))
    held = len(decoder.getstate()[0])  # the first bytes of a character the next step would end
    return "".join(parts), start < len(data), start - held


def _decode_as(data: bytes, name: str, codec: str) -> str:
    try:
        codecs.lookup(codec)
    except LookupError:
        raise LoadError(f"Unknown encoding '{codec}'.", "encoding_unknown",
                        encoding=codec) from None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as err:
        raise LoadError(
            f"'{name}' is not valid {codec}: the byte 0x{data[err.start]:02X} at position "
            f"{err.start} cannot be decoded; choose another encoding.",
            "encoding_byte", encoding=codec, position=err.start, byte=f"{data[err.start]:02X}",
            name=name) from None
    return text.removeprefix("\ufeff")


def _lines_kept(data: bytes, text: str, name: str, codec: str) -> str:
    """text, unless the encoding the user named took the file's line breaks away: a two-byte
    encoding (UTF-16) read from one-byte text pairs each break with its neighbour, and the
    one long line was refused as "a header row but no data rows"."""
    if "\n" in text or "\r" in text:  # nearly always: no count of the bytes
        return text
    breaks = data.count(b"\n")
    if breaks > 1:
        raise LoadError(f"'{name}' does not read as {codec}: its {breaks} line breaks are gone "
                        "once decoded; choose another encoding.", "encoding_lines",
                        encoding=codec, lines=breaks, name=name)
    return text


def _codec_name(encoding: str) -> str:
    try:
        return codecs.lookup(encoding).name
    except LookupError:  # pragma: no cover - _decode_as refused it already
        return encoding


def _bomless_utf16(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark: ASCII text leaves every other byte zero."""
    head = data[:4000]
    if len(head) < 4 or len(data) % 2:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) > 0.4 * len(odd) and even.count(0) == 0:
        return "utf-16-le"
    if even.count(0) > 0.4 * len(even) and odd.count(0) == 0:
        return "utf-16-be"
    return None


def _checked_text(text: str, name: str, nul_free: bool = False) -> str:
    """Refuse decoded text that is really binary (NULs or many control characters).

    `nul_free`: the bytes held no NUL, and the codec (UTF-8, GB18030) makes no NUL without one.
    """
    text = text.removeprefix("\ufeff").rstrip("\x1a")  # DOS end-of-file marker
    if (not nul_free and "\x00" in text) or _too_many_controls(text):
        raise LoadError(f"'{name}' is a binary file, not a text table; save the data as CSV "
                        "(UTF-8) or .xlsx.", "binary", what="binary")
    return text


def _too_many_controls(text: str) -> bool:
    """Does the text's first million characters hold more than 1 in 200 control characters
    (and more than 2)? Binary data does; a table has none or a stray one.

    The characters are counted as UTF-16 code units in numpy, several times faster than a
    regular expression: an astral character's two units are surrogates, never controls."""
    head = text[:1_000_000]
    units = np.frombuffer(head.encode("utf-16-le", "surrogatepass"), dtype=np.uint16)
    return _too_many_control_units(units, len(head))


def _too_many_control_units(units: np.ndarray, n_chars: int) -> bool:
    """_too_many_controls on the code units (UTF-8 or UTF-16) of n_chars characters."""
    controls = np.count_nonzero(units < 0x20) + np.count_nonzero(units == 0x7F) - sum(
        np.count_nonzero(units == unit) for unit in _NOT_CONTROL)  # one pass each: no np.isin
    return int(controls) > max(2, n_chars // 200)


# A class list in GBK holds a few ideographs GB2312 lacks, in names (张喆, 李堃, 王珺, 朱镕基):
# at most this share of its ideographs. Another encoding read as GB18030 is mostly outside
# GB2312 (Shift-JIS's kana and kanji: all of them), or holds private-use characters and
# symbols (Big5's 姓名 reads ﹎\ue6bd), which no name does. (A short file cannot be told
# apart: random Big5 words, six of them, pass as plain GBK about once in a thousand.)
RARE_GBK_SHARE = 0.2
# GB2312's kana, Cyrillic, box drawing and bopomofo: Big5's characters of few strokes, common
# ones, read as them (中 い, 不 ぃ, 天 ぱ, 文 ゅ). Beside rare ideographs they say "Big5", not
# "a name"; a GB2312 file with kana and no rare ideograph is read as before, GB18030.
_MOJIBAKE_SCRIPTS = ((0x3040, 0x30FF), (0x0400, 0x04FF), (0x2500, 0x257F), (0x3100, 0x312F))


def _plain_gbk(text: str) -> bool:
    """Everyday simplified Chinese, as Excel on Chinese Windows writes it: GB2312, or GB2312
    with a few of GBK's other ideographs (RARE_GBK_SHARE), as rare names have."""
    if _encodes(text, "gb2312"):
        return True
    counts = _character_counts(text)
    rare = [code for code in np.flatnonzero(counts[0x80:]) + 0x80
            if not _encodes(chr(code), "gb2312")]
    if not all(_gbk_ideograph(chr(code)) for code in rare):
        return False  # a symbol, a private-use or a four-byte character: not a name's
    if any(counts[first:last + 1].any() for first, last in _MOJIBAKE_SCRIPTS):
        return False
    first, last = map(ord, _IDEOGRAPHS)
    return int(counts[rare].sum()) <= RARE_GBK_SHARE * int(counts[first:last + 1].sum())


def _character_counts(text: str) -> np.ndarray:
    """How often each UTF-16 code unit occurs in the text, in one pass (a character beyond
    the BMP counts as its two surrogates, which no codec here encodes alone)."""
    units = np.frombuffer(text.encode("utf-16-le", "surrogatepass"), dtype=np.uint16)
    return np.bincount(units, minlength=0x10000)


def _gbk_ideograph(character: str) -> bool:
    """An ideograph GBK writes in two bytes, as Excel on Chinese Windows saves it (cp936);
    GB18030's four-byte characters (𠮷) it cannot save."""
    first, last = _IDEOGRAPHS
    return first <= character <= last and _encodes(character, "gbk")


def _encodes(text: str, codec: str) -> bool:
    try:
        text.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def _guess_warning(codec: str) -> Notice:
    return Notice("encoding_guessed", encoding=codec)


def _guess(data: bytes, name: str):
    """charset-normalizer, only once strict decoding failed (it misjudges tiny files)."""
    from charset_normalizer import from_bytes

    codec = _likeliest(from_bytes(data[:2_000_000]))
    if codec is None:
        raise LoadError(f"The encoding of '{name}' cannot be recognised; choose it (for example "
                        "GB18030 or UTF-8) and load the file again.", "encoding")
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        raise LoadError(f"The encoding of '{name}' cannot be recognised; choose it (for example "
                        "GB18030 or UTF-8) and load the file again.", "encoding") from None
    return _Text(_checked_text(text, name)), codec, True, [_guess_warning(codec)]


def _likeliest(matches) -> str | None:
    """The codec of charset-normalizer's best match, or among the matches it cannot tell from
    it (the same chaos and coherence: short files), an encoding users here save in that one
    of them decodes alike (ENCODINGS: Excel's Western cp1252 before Central European cp1250,
    which turned naïve into naďve)."""
    best = matches.best()
    if best is None or best.encoding is None:
        return None
    alike = [m for m in matches if (m.chaos, m.coherence) == (best.chaos, best.coherence)]
    offered = [_codec_name(e) for e in ENCODINGS]
    readings = {_codec_name(c) for m in alike for c in m.could_be_from_charset}
    return next((codec for codec in offered if codec in readings), _codec_name(best.encoding))


# ---------------------------------------------------------------- text -> grid of raw fields


@dataclass(frozen=True)
class _Grid:
    """The raw fields of every record as string columns; shorter records are padded with ''."""

    columns: list  # pa.Array of str, one per field position
    counts: np.ndarray | None = None  # fields in each record; None: every record fills every column
    lines: np.ndarray | None = None  # where each record starts (line or sheet row); None: unknown
    dropped_blank: int = 0  # blank records the reader dropped itself

    @property
    def n_records(self) -> int:
        if self.columns:
            return len(self.columns[0])
        return 0 if self.counts is None else len(self.counts)


class _Redo(Exception):
    """The fast reader met something only the exact reader can judge, or word with a line."""


def _text_table(text: _Text, delimiter: str, label: str):
    """Header, columns and warnings of a text file: fast when certain, else the csv module's."""
    grid = _fast_grid(text, delimiter)
    if grid is not None:
        try:
            return _table(grid, label, "Line")
        except _Redo:
            pass
    records = _records(_tidy_quotes(text.full, delimiter), delimiter)
    return _table(_grid_of(records), label, "Line")


def _reader(text: str, delimiter: str, strict: bool = False):
    return csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"',
                      skipinitialspace=True, strict=strict)


def _sniff(text: str, suffix: str) -> str:
    """The delimiter giving the most named columns, the same number on every sampled line;
    one that names them in the first line before one that names them only below a title."""
    sample = text[:65536]
    if len(text) > len(sample) and "\n" in sample:
        sample = sample[: sample.rindex("\n")]
    order = ("\t", *[d for d in DELIMITERS if d != "\t"]) if suffix == ".tsv" else DELIMITERS

    def score(delimiter):
        named_rows = (r for r in _reader(sample, delimiter) if any(f.strip() for f in r))
        rows = list(itertools.islice(named_rows, 100))  # parse no further than needed
        if not rows:
            return (False, False, 0.0, 0)
        titles = _title_rows(rows)
        below = rows[titles:] if titles else rows  # `below is rows`: no title needed
        named = sum(bool(f.strip()) for f in below[0])
        same = sum(len(r) == len(below[0]) for r in below) / len(below)
        return (named > 1, below is rows, same, named)

    return max(order, key=score)  # max keeps the first of equals: comma, unless .tsv


def _tidy_quotes(text: str | bytes, delimiter: str) -> str | bytes:
    """Spaces after a closing quote ("a" , "b") are harmless; strict parsing would refuse them.

    Works on the text or on its UTF-8 bytes. The pattern starts with the quote (not preceded by
    another) so the search skips ahead to quotes.
    """
    spaces = "|".join(c for c in " \t\u3000" if c != delimiter)
    pattern = f'"(?<!"")(?:{spaces})+(?=[{re.escape(delimiter)}\\r\\n]|$)'
    if isinstance(text, bytes):
        return re.sub(pattern.encode(), b'"', text)
    return re.sub(pattern, '"', text)


def _records(text: str, delimiter: str) -> list[tuple[int, list[str]]]:
    """(first line number, fields) per record; quoted fields may span lines, quotes must close."""
    reader, records, line = _reader(text, delimiter, strict=True), [], 1
    try:
        for fields in reader:
            records.append((line, fields))
            line = reader.line_num + 1
    except csv.Error as err:
        if "end of data" in str(err):
            raise LoadError(f"The quote opened on line {line} is never closed.", "open_quote",
                            line=line) from None
        raise LoadError(f"Line {line} has text after the closing quote of a value; write a quote "
                        'inside a quoted value as two quotes ("").', "bad_quote",
                        line=line) from None
    return records


def _grid_of(records: list[tuple[int, list[str]]]) -> _Grid:
    """The exact reader's (or a sheet's) records as a grid, with each record's length and line."""
    width = max((len(fields) for _, fields in records), default=0)
    padded = [fields + [""] * (width - len(fields)) for _, fields in records]
    return _Grid(
        columns=[pa.array(column, type=pa.string()) for column in zip(*padded, strict=True)],
        counts=np.array([len(fields) for _, fields in records], dtype=np.int64),
        lines=np.array([line for line, _ in records], dtype=np.int64))


def _fast_grid(text: _Text, delimiter: str) -> _Grid | None:
    """pyarrow's reading of the text, or None when it might differ from the csv module's."""
    payload, separator = _payload(text, delimiter)
    if payload is None:
        return None
    quoted = b'"' in payload
    if quoted:
        quotes = np.flatnonzero(np.frombuffer(payload, dtype=np.uint8) == ord('"'))
        if _spaces_after(payload, quotes):
            payload = _tidy_quotes(payload, separator)
            quotes = np.flatnonzero(np.frombuffer(payload, dtype=np.uint8) == ord('"'))
        if not _plain_quoting(payload, quotes, separator):
            return None
    n_fields = _first_line_fields(text.head, delimiter)
    columns, blank = _arrow_columns(payload, separator, quoted, n_fields, text)
    if columns is None:
        return None
    if separator != delimiter and quoted:  # a quoted value may hold the delimiter itself
        columns = [pc.replace_substring(c, separator, delimiter) for c in columns]
    return _Grid(columns, dropped_blank=blank)


def _payload(text: _Text, delimiter: str) -> tuple[bytes | None, str]:
    """The UTF-8 bytes pyarrow reads (the file's own when they are UTF-8) and the one byte it
    splits on: the full-width comma becomes a control character the text does not use (None
    when it uses them all)."""
    if delimiter.isascii():
        return (text.utf8 if text.utf8 is not None else text.full.encode("utf-8")), delimiter
    full = text.full
    separator = next((c for c in "\x1f\x1e\x1d\x1c" if c not in full), None)
    if separator is None:
        return None, delimiter
    return full.replace(delimiter, separator).encode("utf-8"), separator


def _spaces_after(payload: bytes, quotes: np.ndarray) -> bool:
    """Might a quote be followed by spaces (a space, a tab or U+3000's first byte)?"""
    after = np.frombuffer(payload, dtype=np.uint8)[np.minimum(quotes + 1, len(payload) - 1)]
    return bool(np.isin(after, np.frombuffer(b" \t\xe3", dtype=np.uint8)).any())


def _plain_quoting(payload: bytes, quotes: np.ndarray, separator: str) -> bool:
    """Do pyarrow and the csv module read these quotes alike?

    They do when the quotes pair up as quoted values: counting quotes from the start, each odd
    one opens a value (it follows a separator, a line end, the start, or the quote before it,
    as in ""), and each even one closes it (it is followed by a separator, a line end, the end,
    or another quote). Anything else (a quote after spaces, which the csv module skips and
    pyarrow keeps; text after a closing quote, which the csv module refuses; an unclosed quote;
    a quote inside an unquoted value) goes to the exact reader.
    """
    if len(quotes) % 2:
        return False
    data = np.frombuffer(payload, dtype=np.uint8)
    bounds = np.frombuffer(f'{separator}\r\n"'.encode(), dtype=np.uint8)
    opening, closing = quotes[0::2], quotes[1::2]
    opens = (opening == 0) | np.isin(data[np.maximum(opening - 1, 0)], bounds)
    closes = (closing == len(data) - 1) | np.isin(data[np.minimum(closing + 1, len(data) - 1)],
                                                  bounds)
    return bool(opens.all() and closes.all())


def _first_line_fields(text: str, separator: str) -> int:
    """At least as many fields as the first non-empty line has: pyarrow's column count."""
    return 1 + _first_line(text[:65536]).count(separator)


def _first_line(text: str) -> str:
    """The first line with anything on it (blank lines before the header are skipped, as the
    reading skips them); a line ends at \n, \r\n or a lone \r."""
    return _LINE_END.split(text.lstrip("\r\n"), maxsplit=1)[0]


def _arrow_columns(payload: bytes, separator: str, quoted: bool, n_fields: int, text: _Text):
    """(raw string columns, blank rows skipped), or (None, 0) when the exact reader must read.

    A row of another length than the first is refused here unless it is blank (counted, as
    the csv module's reading would); the exact reader then words the refusal with its line.
    pyarrow hands such a row over as text, so while the text is not checked to be UTF-8 a
    first reading refuses them all, and only a checked text is read with them looked at.
    """
    blank = []

    def other_length(row) -> str:
        if row.text is None or '"' in row.text or any(
                _clean(f) for f in row.text.split(separator)):
            return "error"
        blank.append(row.text)
        return "skip"

    def read(handler):
        return pa_csv.read_csv(
            io.BytesIO(payload),
            # One thread: less CPU in all than several, and the rows come in order. One block:
            # each column comes as one chunk, used as it is rather than copied into one.
            read_options=pa_csv.ReadOptions(autogenerate_column_names=True, use_threads=False,
                                            block_size=len(payload) + 1),
            parse_options=pa_csv.ParseOptions(
                # Without a quote in the bytes, quoting is off: the same fields, split faster.
                delimiter=separator, quote_char='"' if quoted else False, double_quote=True,
                escape_char=False,
                newlines_in_values=quoted, ignore_empty_lines=True,
                invalid_row_handler=handler),
            convert_options=pa_csv.ConvertOptions(
                column_types={f"f{i}": pa.string() for i in range(n_fields)},
                strings_can_be_null=False, quoted_strings_can_be_null=False, check_utf8=False))

    try:
        table = read(other_length if text.checked else None)
    except (pa.ArrowException, ValueError):
        if text.checked:
            return None, 0
        text.check()  # _NotUtf8 ends this reading
        try:
            table = read(other_length)
        except (pa.ArrowException, ValueError):
            return None, 0
    if any(column.type != pa.string() for column in table.columns):
        return None, 0  # the first record ran over several lines: more columns than counted
    return [_one_chunk(column) for column in table.columns], len(blank)


def _one_chunk(column: pa.ChunkedArray) -> pa.Array:
    if column.num_chunks == 1:
        return column.chunk(0)
    return column.combine_chunks()


# ---------------------------------------------------------------- .xlsx -> records


def _read_xlsx(data: bytes, name: str, sheet: str | int | None, budget: Budget | None = None):
    """Records of the chosen sheet (first by default), its name and all sheet names.

    A tiny .xlsx can unpack to millions of cells: with a budget, rows are read as a stream
    and reading stops as soon as a limit is passed."""
    import openpyxl

    if budget is not None:  # before openpyxl, which reads a sheet without a size tag whole
        _count_sheet_xml(data, sheet, name, budget)
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except MemoryError:
        raise  # the server's trouble, not the file's: not remembered as an unreadable file
    except Exception:  # openpyxl raises many types for a corrupt or non-xlsx file
        if data.startswith(_OLD_OFFICE):  # an .xls saved under an .xlsx name
            _refuse_binary(data, name)
        raise LoadError(f"'{name}' is not a readable Excel .xlsx workbook.", "xlsx") from None
    try:
        # the sheets that hold cells: a chart moved to a sheet of its own (Excel puts it
        # before the data) has none, and as the first sheet it was read and crashed
        names = [worksheet.title for worksheet in book.worksheets]
        if not names and not book.chartsheets:  # no sheet its parts lead to (Excel refuses it)
            raise LoadError(f"'{name}' is not a readable Excel .xlsx workbook.", "xlsx")
        hidden = {w.title for w in book.worksheets if w.sheet_state != "visible"}
        chosen = _pick_sheet(names, sheet, name, [chart.title for chart in book.chartsheets],
                             hidden)
        worksheet = book[chosen]
        # openpyxl pads every row to the declared <dimension> (A1:XFD20: 16,384 columns for a
        # sheet of two): rows are read as they are written instead
        worksheet.reset_dimensions()
        rows = _sheet_rows(worksheet, budget)
    finally:
        book.close()
    notices = _hidden_sheets_passed(names, hidden, chosen) if sheet is None else []
    notices += _sheet_xml_notices(rows, data, chosen)
    width = max((len(r) for r in rows), default=0)
    records = [(i + 1, r + [""] * (width - len(r))) for i, r in enumerate(rows)]
    return records, chosen, tuple(names), notices


def _hidden_sheets_passed(names: list[str], hidden: set[str], chosen: str) -> list[Notice]:
    """A notice when the sheets before the one read by default are hidden in Excel: the
    user sees a workbook whose first sheet is the one read, and is told what was passed."""
    passed = [n for n in names[:names.index(chosen)] if n in hidden]
    return [Notice("hidden_sheets", sheet=chosen, hidden=Listed(passed))] if passed else []


# A merged range as a sheet's XML lists it (<mergeCell ref="A2:A5"/>), after its rows.
_MERGE_CELL = re.compile(rb'<(?:[A-Za-z_][\w.-]*:)?mergeCell\s[^>]*?ref="([A-Z]+\d+:[A-Z]+\d+)"')
_SHEET_DATA_END = re.compile(rb"</(?:[A-Za-z_][\w.-]*:)?sheetData>")


def _sheet_xml_notices(rows: list[list[str]], data: bytes, sheet: str) -> list[Notice]:
    """What a read-only openpyxl sheet does not say, read from the sheet's XML: its merged
    ranges (filled into rows) and its formulas without a saved result. The part is looked up
    in workbook.xml once, for both; none is said when the parts cannot be mapped."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except _BROKEN_PART:
        return []
    with archive:
        try:
            part = _sheet_parts(archive).get(sheet)
        except (*_BROKEN_PART, ElementTree.ParseError):
            return []
        if part is None:
            return []
        notices = _fill_merged_cells(rows, _merged_ranges(archive, part))
        return notices + _uncalculated_formulas(rows, archive, part)


# What reading a part of the zip can raise when the zip holds it broken
_BROKEN_PART = (zipfile.BadZipFile, KeyError, OSError)


def _merged_ranges(archive: zipfile.ZipFile, part: str) -> list[str]:
    """The merged ranges of the sheet in `part` as A1 references ('A2:A5'; a read-only
    openpyxl sheet does not list them); [] when the part cannot be read. The XML is read as
    it decompresses, and only what follows its rows is searched."""
    try:
        tail, past_rows = b"", False
        with archive.open(part) as xml:
            while chunk := xml.read(XML_CHUNK):
                block = tail + chunk
                if not past_rows:
                    end = _SHEET_DATA_END.search(block)
                    past_rows = end is not None
                    tail = block[end.end():] if past_rows else block[-TAG_OVERLAP:]
                    continue
                tail = block
    except _BROKEN_PART:
        return []
    return [ref.decode() for ref in _MERGE_CELL.findall(tail)]


# A formula cell with no saved result: <c r="C2"><f>B2/2</f><v /></c> (openpyxl and pandas
# write formulas without computing them; data_only reads such a cell as empty)
_FORMULA_WITHOUT_VALUE = re.compile(
    rb'<c\s[^>]*?r="([A-Z]+)\d+"[^>]*>\s*(?:<f\b[^>]*/>|<f\b[^>]*>[^<]*</f>)\s*'
    rb"(?:<v\s*/>|<v>\s*</v>)?\s*</c>")


def _uncalculated_formulas(rows: list[list[str]], archive: zipfile.ZipFile,
                           part: str) -> list[Notice]:
    """A notice for each column left with no value below the header whose cells are formulas
    without a saved result, read as empty. The sheet's XML is searched only where such an
    empty column exists."""
    from openpyxl.utils.cell import get_column_letter

    at = next((i for i, row in enumerate(rows) if any(row)), None)
    if at is None:
        return []
    below = rows[at + 1:]
    width = max(len(row) for row in rows)
    empty = [j for j in range(width) if not any(j < len(row) and row[j] for row in below)]
    letters = _formula_columns_without_values(archive, part) if empty and below else set()
    header = rows[at]
    return [Notice("uncalculated_formulas", column=(header[j] if j < len(header) and header[j]
                                                    else get_column_letter(j + 1)))
            for j in empty if get_column_letter(j + 1) in letters]


def _formula_columns_without_values(archive: zipfile.ZipFile, part: str) -> set[str]:
    """The column letters of the formula cells in the sheet's `part` that have no saved
    result; none when the part cannot be read."""
    try:
        found, tail = set(), b""
        with archive.open(part) as xml:
            while chunk := xml.read(XML_CHUNK):
                block = tail + chunk
                cut = block.rfind(b"<c ")  # a cell cut at the chunk's end is read whole next
                cut = cut if cut > 0 else len(block)
                found.update(m.decode() for m in _FORMULA_WITHOUT_VALUE.findall(block[:cut]))
                tail = block[cut:]
        found.update(m.decode() for m in _FORMULA_WITHOUT_VALUE.findall(tail))
    except _BROKEN_PART:
        return set()
    return found


def _fill_merged_cells(rows: list[list[str]], refs: list[str]) -> list[Notice]:
    """Each merged range within one column gets its value (its first cell's, the one Excel
    shows) in every row it spans, as a reader of the sheet sees it: merged 青绿 over three
    rows is 青绿 in each, not one 青绿 and two missing values. Said in a notice."""
    from openpyxl.utils.cell import range_boundaries

    filled = []
    header = next((i + 1 for i, row in enumerate(rows) if any(row)), 0)
    width = max((len(row) for row in rows), default=0)  # no cell is added past the data's
    bounds = [(range_boundaries(ref), ref) for ref in refs]  # (column, row, column, row)
    for (column, first_row, last_column, last_row), ref in sorted(  # in reading order
            bounds, key=lambda found: (found[0][1], found[0][0])):
        if column != last_column or last_row <= first_row or column > width \
                or not header < first_row <= len(rows):
            continue  # across columns, one cell, past the data, or the header's: as it is
        top = rows[first_row - 1]
        value = top[column - 1] if column <= len(top) else ""
        for row in rows[first_row:last_row]:
            if not any(row):
                continue  # a blank row stays blank (skipped), not a row of one value
            row.extend([""] * (column - len(row)))
            if not row[column - 1]:
                row[column - 1] = value
        filled.append(ref)
    if not filled:
        return []
    shown = filled[:5] + (["…"] if len(filled) > 5 else [])
    return [Notice("merged_cells", count=len(filled), ranges=Listed(shown))]


# Tags counted in a sheet's XML before it is parsed: a row, and a cell (<c r="A1" …>), with
# or without a namespace prefix (<x:row>: a sheet written so escaped a count of "<row").
ROW_TAG, CELL_TAG = b"row", b"c"
# the elements whose names only begin with a tag's (<rowBreaks>, <col>), and the tag with a
# prefix
_LONGER_NAME = {tag: re.compile(b"<" + tag + rb"[^\s/>]") for tag in (ROW_TAG, CELL_TAG)}
# (any name XML allows before the colon, not ASCII alone: <é:row> is a row to openpyxl)
_PREFIXED = {tag: re.compile(rb"<[^\s<>/:!?\"'=]+:" + tag + rb"[\s/>]")
             for tag in (ROW_TAG, CELL_TAG)}
XML_CHUNK = 1 << 20
TAG_OVERLAP = 64  # a chunk's last bytes, read again with the next: a tag cut there is whole


def _count_sheet_xml(data: bytes, sheet: str | int | None, name: str, budget: Budget) -> None:
    """The unpacked size, then rows and cells, of the chosen sheet, before openpyxl opens the
    book: it reads every shared string and style whole, and a sheet without a <dimension> tag
    whole just to size it, then about 0.2 ms a row."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        return  # openpyxl says what is wrong with the file
    with archive:
        parts, hidden = _readable_sheets(archive, budget)
        # parts we cannot map, or a sheet named that has no cells (a chart, which the reading
        # then names): openpyxl may read any of them, so all count
        if not parts or (isinstance(sheet, str) and sheet not in parts):
            budget.check("unpacked_bytes", _unpacked_size(archive))
            return
        chosen = parts[_pick_sheet(list(parts), sheet, name, hidden=hidden)]
        budget.check("unpacked_bytes", _unpacked_size(archive, set(parts.values()) - {chosen}))
        _count_rows_and_cells(archive, chosen, budget)


def _unpacked_size(archive: zipfile.ZipFile, unread: set[str] = frozenset()) -> int:
    """What the parts openpyxl reads (all but the unread sheets, and the pictures, drawings
    and charts a read-only load leaves alone) unpack to, from the sizes the zip declares,
    without unpacking: zipfile stops each part at its declared size, so a part that claims
    less than it holds is cut short (and fails its CRC), not read whole."""
    return sum(info.file_size for info in archive.infolist()
               if info.filename not in unread and not info.filename.startswith(UNREAD_PARTS))


# Parts of a workbook openpyxl's read-only load does not open: a photo in the sheet is no
# reason to refuse its table
UNREAD_PARTS = ("xl/media/", "xl/drawings/", "xl/charts/", "xl/embeddings/",
                "xl/printerSettings/", "docProps/thumbnail")


def _count_rows_and_cells(archive: zipfile.ZipFile, part: str, budget: Budget) -> None:
    """Rows and cells counted in a sheet's XML as it decompresses: a small file of a million
    rows is refused in well under a second instead of after a minute. The rows are counted
    to the end, so the refusal says how many there are; the cells limit stops the count where
    it is passed (what unpacks past it is what the limit guards against)."""
    rows = cells = 0
    tail = b""
    with archive.open(part) as xml:
        while chunk := xml.read(XML_CHUNK):
            block = tail + chunk  # a tag cut by the chunk's end is whole in the next block
            found, prefixed = _tags(block, ROW_TAG)
            rows += found - _tags(tail, ROW_TAG)[0]
            cells += _tags(block, CELL_TAG)[0] - _tags(tail, CELL_TAG)[0]
            budget.check("cells", cells, more_than=True)  # counted so far
            if prefixed:  # counted at about 0.2 µs a tag: stopped where the limit is passed
                budget.check("rows", rows - 1, more_than=True)
            tail = block[-TAG_OVERLAP:]
    budget.check("rows", rows - 1)  # the first row is the header


def xlsx_sheet_names(data: bytes, budget: Budget | None = None) -> list[str]:
    """An .xlsx workbook's sheet names, read from its workbook part alone (openpyxl would read
    every shared string and style to say them); [] when they cannot be read or the workbook
    part is over the budget (loading the file then says why)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts, hidden = _readable_sheets(archive, budget)
    except (zipfile.BadZipFile, BudgetError):
        return []
    return [n for n in parts if n not in hidden] or list(parts)


def _readable_sheets(archive: zipfile.ZipFile,
                     budget: Budget | None) -> tuple[dict[str, str], frozenset[str]]:
    """_workbook_sheets, once the parts it parses whole are within the budget; none when
    the workbook's parts are missing or broken."""
    if budget is not None:
        listed = {info.filename: info.file_size for info in archive.infolist()}
        budget.check("unpacked_bytes", sum(listed.get(part, 0) for part in WORKBOOK_PARTS))
    try:
        return _workbook_sheets(archive)
    except (KeyError, ElementTree.ParseError):
        return {}, frozenset()


WORKBOOK_PARTS = ("xl/workbook.xml", "xl/_rels/workbook.xml.rels")


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> its XML part in the zip, in the workbook's order."""
    return _workbook_sheets(archive)[0]


def _workbook_sheets(archive: zipfile.ZipFile) -> tuple[dict[str, str], frozenset[str]]:
    """Sheet name -> its XML part in the zip, in the workbook's order (workbook.xml names the
    sheets and their relationship ids; its .rels file maps the ids to parts), and those of
    them it marks hidden or very hidden (a lookup table a template keeps out of sight: not
    offered, nor read by default)."""
    rel = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    book = ElementTree.fromstring(archive.read(WORKBOOK_PARTS[0]))
    links = ElementTree.fromstring(archive.read(WORKBOOK_PARTS[1]))
    # a chart sheet has no cells: not offered, counted or read as a table
    targets = {link.get("Id"): link.get("Target", "") for link in links
               if not link.get("Type", "").endswith("/chartsheet")}
    parts, hidden = {}, set()
    for sheet in book.iter():
        if sheet.tag.endswith("}sheet") and sheet.get(rel) in targets:
            target = targets[sheet.get(rel)]
            parts[sheet.get("name")] = (target.lstrip("/") if target.startswith("/")
                                        else f"xl/{target}")
            if sheet.get("state", "visible") != "visible":
                hidden.add(sheet.get("name"))
    if not all(part in archive.namelist() for part in parts.values()):
        return {}, frozenset()
    return parts, frozenset(hidden)


def _tags(block: bytes, tag: bytes) -> tuple[int, bool]:
    """(the tags in a block of a sheet's XML, whether the block may hold prefixed ones: ':row'
    appears in it, as in <x:row>, or in an attribute such as x14ac:rowHeight). Tags without a
    prefix are counted as bytes (a pattern tried at every '<' took 3.5 s for a sheet of 21
    million empty rows; bytes.count, 0.15 s), less the longer names that begin alike; where
    ':row' appears, the pattern counts the prefixed ones too."""
    found = block.count(b"<" + tag) - len(_LONGER_NAME[tag].findall(block))
    if b":" + tag not in block:
        return found, False
    return found + len(_PREFIXED[tag].findall(block)), True


def _sheet_rows(worksheet, budget: Budget | None) -> list[list[str]]:
    rows, cells = [], 0
    for row in worksheet.iter_rows(values_only=True):
        rows.append([_cell_text(v) for v in row])
        cells += len(row)
        if budget is not None:  # what is read so far: the sheet may hold more
            budget.check("columns", len(row))
            budget.check("rows", len(rows) - 1, more_than=True)
            budget.check("cells", cells, more_than=True)
    return rows


def _pick_sheet(names: list[str], sheet: str | int | None, name: str,
                charts: list[str] = (), hidden=frozenset()) -> str:
    """The sheet to read among the workbook's sheets with cells (`names`, in its order):
    by default the first one Excel shows (not one `hidden` in it, unless all are); `charts`
    names its chart sheets, which are said to be charts, not tables. A number or a name
    picks any sheet, hidden or not."""
    if sheet in charts or (not names and charts):
        chart = sheet if sheet in charts else charts[0]
        tables = Listed(names) if names else "-"
        raise LoadError(f"Sheet '{chart}' of '{name}' is a chart, not a table; the sheets with "
                        f"a table are: {tables}.", "chart_sheet", sheet=chart, name=name,
                        names=tables)
    if sheet is None:
        return next((n for n in names if n not in hidden), names[0])
    if isinstance(sheet, int) and not isinstance(sheet, bool):
        if 0 <= sheet < len(names):
            return names[sheet]
        raise LoadError(fill("'{name}' has {count} sheets, so there is no sheet number "
                             "{number}.", {"name": name, "count": len(names),
                                           "number": sheet + 1}),
                        "sheet_number", sheet=sheet, number=sheet + 1, count=len(names),
                        name=name)
    if sheet in names:
        return sheet
    raise LoadError(f"There is no sheet '{sheet}' in '{name}'; its sheets are: "
                    f"{', '.join(names)}.", "sheet", sheet=sheet, name=name,
                    names=Listed(names))


def _cell_text(value) -> str:
    """A spreadsheet cell as the text a CSV export would hold."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return text_value(value) if np.isfinite(value) else str(value)
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(sep=" ")
    if isinstance(value, (date, time)):
        return value.isoformat()
    return str(value)


# ---------------------------------------------------------------- grid -> table


def _clean(value: str) -> str:
    """Trim spaces (full-width U+3000 and no-break too) and invisible marks; line breaks as \\n."""
    if "\r" in value:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = value.strip()
    if value and (value[0] in _INVISIBLE or value[-1] in _INVISIBLE):
        value = value.strip(_INVISIBLE).strip()
    return value


def _clean_array(values: pa.Array) -> pa.Array:
    """_clean on every value at once.

    Stripping the invisible marks and then the spaces again changes nothing unless an end is an
    invisible mark, which is exactly when _clean does it, so it needs no test per value.
    """
    if pc.any(pc.match_substring(values, "\r")).as_py():
        values = pc.replace_substring(pc.replace_substring(values, "\r\n", "\n"), "\r", "\n")
    values = pc.utf8_trim(values, characters=_SPACES)
    values = pc.utf8_trim(values, characters=_INVISIBLE)
    return pc.utf8_trim(values, characters=_SPACES)


def _flags(values) -> np.ndarray:
    """A pyarrow boolean array as numpy booleans."""
    return values.to_numpy(zero_copy_only=False)


def _empty_cells(values: pa.Array) -> np.ndarray:
    """Which values clean to ''. A value that starts with a printable ASCII character other
    than a space cannot, so only the others (usually none) are looked at."""
    view = _Bytes.of(values)
    if view is None:
        return _empty_cells_compute(values)
    maybe = np.flatnonzero((view.length == 0) | (view.first <= 0x20) | (view.first >= 0x7F))
    empty = np.zeros(len(values), dtype=bool)
    if len(maybe):
        empty[maybe] = _empty_cells_compute(values.take(maybe))
    return empty


def _empty_cells_compute(values: pa.Array) -> np.ndarray:
    """_empty_cells in pyarrow's compute functions. Trimming spaces and marks in any order
    finds the candidates in one pass; _clean_array settles only those."""
    if pc.max(pc.binary_length(values)).as_py() in (0, None):
        return np.ones(len(values), dtype=bool)
    loose = pc.utf8_trim(values, characters=_SPACES + _INVISIBLE)
    empty = _flags(pc.equal(pc.binary_length(loose), 0))
    candidates = np.flatnonzero(empty)
    if len(candidates):
        cleaned = _clean_array(values.take(candidates))
        empty[candidates] = _flags(pc.equal(pc.binary_length(cleaned), 0))
    return empty


def _blank_records(grid: _Grid) -> np.ndarray:
    """Records whose every field cleans to '': a column at a time, only where still blank."""
    blank = np.ones(grid.n_records, dtype=bool)
    for column in grid.columns:
        rows = np.flatnonzero(blank)
        if not len(rows):
            break
        blank[rows] = _empty_cells(column if len(rows) == len(blank) else column.take(rows))
    return blank


def _rows(column: pa.Array, rows: np.ndarray) -> pa.Array:
    """The given records of a column: a zero-copy slice when they are consecutive."""
    if len(rows) and rows[-1] - rows[0] + 1 == len(rows):
        return column.slice(int(rows[0]), len(rows))
    return column.take(rows)


def _record(grid: _Grid, row: int) -> list[str]:
    """One record's cleaned fields, as many as it has."""
    count = len(grid.columns) if grid.counts is None else int(grid.counts[row])
    return [_clean(column[row].as_py()) for column in grid.columns[:count]]


def _table(grid: _Grid, label: str, where: str):
    """Header, data columns (the header's width) and warnings; bad shapes are refused.

    `label` names the file (or the sheet) in messages; `where` is "Line" or "Row".
    """
    blank = _blank_records(grid)
    skipped = grid.dropped_blank + int(
        blank.sum() if grid.counts is None else (blank & (grid.counts > 0)).sum())
    kept = np.flatnonzero(~blank)
    if not len(kept):
        raise LoadError(f"{label} is empty.", "empty")
    header = _record(grid, int(kept[0]))
    data = kept[1:]
    if len(data):
        first_rows = [_record(grid, int(r)) for r in data[:max(TITLE_ROWS, GROUPED_ROWS)]]
        _refuse_title_rows([header, *first_rows[:TITLE_ROWS]])
        _refuse_group_titles(header, first_rows[:GROUPED_ROWS])
    width = _width(grid, header, int(kept[0]), data)
    _check_lengths(grid, data, width, where)
    if not len(data):
        raise LoadError(f"{label} has a header row but no data rows.", "header_only")
    columns = [_rows(column, data) for column in grid.columns[:width]]
    header, columns, warnings = _name_columns(header[:width], columns)
    if len(header) < 2:
        # a title line without delimiters hides them from detection: the row below, the real
        # header, shows them (a quoted "1,2" is one value of one column: numbers, not names)
        # and the title's own delimiters are not part of it: ',西瓜数据集,,' is shown as 西瓜数据集
        named = _names(_ANY_DELIMITER.split(header[0]))
        _refuse_title_rows([header, *(_ANY_DELIMITER.split(_record(grid, int(r))[0])
                                      for r in data[:TITLE_ROWS])],
                           named[0] if len(named) == 1 else None)
        raise LoadError(
            f"Only one column ('{header[0]}') was found in {label[0].lower()}{label[1:]}, so "
            "there is nothing to split "
            "on; separate values with commas, semicolons, tabs or full-width commas.",
            "one_column")
    if skipped:
        warnings.append(Notice("blank_rows", count=skipped))
    if all(PLAIN_NUMBER.fullmatch(h) for h in header):
        warnings.append(Notice("numeric_header"))
    elif any(_DECIMAL_NAME.fullmatch(h) for h in header):  # 0.697 names no column a person wrote
        warnings.append(Notice("number_names", names=Listed(
            h for h in header if _DECIMAL_NAME.fullmatch(h))))
    return header, columns, warnings


def _refuse_title_rows(rows: list[list[str]], title: str | None = None) -> None:
    """Said as titles, not as a ragged line or a file of one column: the first rows of
    `rows` when they are titles (_title_rows). `title` is the first one's value shown, when
    not its first field (the one named piece of a line no delimiter split)."""
    count = _title_rows(rows)
    if not count:
        return
    title, found = title or rows[0][0].strip(), len(_names(rows[count]))
    if count == 1:
        raise LoadError(
            f"The first row holds one value ('{title}') and the next holds {found}: it looks "
            "like a title above the table, not its header. Delete the rows above the header "
            "and save the file again.", "title_row", title=title, found=found)
    titles = Listed([title, *(_names(row)[0] for row in rows[1:count])])
    raise LoadError(
        f"The first {count} rows hold one value each ({titles}) and the next holds {found}: "
        "they look like titles above the table, not its header. Delete the rows above the "
        "header and save the file again.", "title_rows", count=count, titles=titles,
        found=found)


# A sheet's titles above its table, at most (a title, a subtitle, a date line, …)
TITLE_ROWS = 4
# The rows read below a row of titles over the header to tell that header (its names among
# none of them), and the fewest: a file of a few rows of words gives no such evidence
GROUPED_ROWS = 50
GROUP_EVIDENCE_ROWS = 5


def _refuse_group_titles(first: list[str], below: list[list[str]]) -> None:
    """Said as titles, not read as the header: a first row of merged cells over the header,
    as Excel's grouped headers are (基本信息 over five columns, 测量 over two; a column of no
    group named in a cell merged down both rows, its name in the first). The two rows name
    every column between them, some title of the first row stands over two or more names of
    the second, and the second's names are no numbers and recur nowhere in their columns in
    the rows below (a header's names, not data). Read as the header, the titles' blanks
    became column_N and the real header a row of data, and a tree grew on them."""
    if len(below) < 1 + GROUP_EVIDENCE_ROWS:
        return
    width = max(len(_trimmed(first)), len(_trimmed(below[0])))
    top, names = ([f.strip() for f in row[:width]] + [""] * (width - len(row[:width]))
                  for row in (first, below[0]))
    if not all(n or t for t, n in zip(top, names, strict=True)) or not any(
            top[i] and not top[i + 1] and names[i] and names[i + 1] for i in range(width - 1)):
        return
    if any(PLAIN_NUMBER.fullmatch(n) for n in names if n) or any(
            len(row) > i and name and row[i].strip() == name
            for row in below[1:] for i, name in enumerate(names)):
        return
    titles = Listed(t for t, n in zip(top, names, strict=True) if t and n)
    raise LoadError(
        f"The first row holds {titles} over the {width} columns named below them: it looks "
        "like titles in merged cells above the header, not the header itself. Keep one "
        "header row, with every column's name in it, and save the file again.",
        "group_titles", titles=titles, found=width)


def _trimmed(fields: list[str]) -> list[str]:
    """fields without the empty ones at the end (Excel's trailing commas)."""
    end = len(fields)
    while end and not fields[end - 1].strip():
        end -= 1
    return fields[:end]


def _title_rows(rows: list[list[str]]) -> int:
    """How many of the first rows are a sheet's titles above the table (merged cells above
    it, as Chinese Excel sheets often have): rows of one value, in the first field, over a
    row naming two or more; 0 for none. Not when those are all numbers: they are data below
    a header of one name. Judged alike when choosing the delimiter: a title typed with more
    commas than the table has columns made every comma line look unlike the first, and a
    file was refused as one of one column."""
    for count, row in enumerate(rows[:TITLE_ROWS + 1]):
        names = _names(row)
        alone = row and names == [row[0].strip()] and (
            count == 0 or not _header_read_whole(names[0], rows[count + 1:count + 2]))
        if not alone:  # no title: the header, if any
            numbers = all(PLAIN_NUMBER.fullmatch(name) for name in names)
            return count if count and len(names) > 1 and not numbers else 0
    return 0


def _header_read_whole(value: str, after: list[list[str]]) -> bool:
    """Is a one-value row below a title the header read as one field ("色泽,2023,好瓜"
    quoted: its pieces as many as the next row's values), or Excel's delimiter line (sep=;)
    out of place, rather than one more title? A subtitle with a comma ("Source: Zhou, 2016")
    splits into fewer pieces than the header below it has names."""
    if value.lower().startswith("sep="):
        return True
    pieces = _names(_ANY_DELIMITER.split(value))
    return len(pieces) > 1 and bool(after) and len(pieces) == len(_names(after[0]))


def _names(fields: list[str]) -> list[str]:
    """The fields that name something, without their surrounding spaces."""
    return [f.strip() for f in fields if f.strip()]


def _width(grid: _Grid, header: list[str], at: int, data: np.ndarray) -> int:
    """The table's columns: up to the last one the header names, and beyond it those of the
    header's own fields that hold data (a column left without a name, like one in the middle,
    is named by _name_columns); trailing fields empty in every row go (Excel's ",,,")."""
    width = max(i for i, h in enumerate(header) if h) + 1
    fields = len(grid.columns) if grid.counts is None else int(grid.counts[at])
    for j in range(width, min(fields, len(grid.columns))):
        if not _empty_cells(_rows(grid.columns[j], data)).all():
            width = j + 1
    return width


def _check_lengths(grid: _Grid, data: np.ndarray, width: int, where: str) -> None:
    """Every data record has the header's width, or more with only empty values beyond it
    (Excel's trailing ",,,"); the first that does not is refused, naming its line."""
    bad = np.zeros(len(data), dtype=bool) if grid.counts is None else grid.counts[data] < width
    for column in grid.columns[width:]:
        bad |= ~_empty_cells(_rows(column, data))
    if not bad.any():
        return
    if grid.lines is None:
        raise _Redo  # the fast reader does not know lines; the exact one words the refusal
    row = int(data[np.argmax(bad)])
    fields, line = _record(grid, row), int(grid.lines[row])
    if any("\n" in f or "\r" in f for f in fields):
        raise LoadError(f"{where} {line} has a quoted value that is never closed properly, so it "
                        f"has {len(fields)} values instead of {width}.", "ragged_quote",
                        line=line, found=len(fields), expected=width)
    raise LoadError(
        f"{where} {line} has {len(fields)} values but the header has {width} columns; quote "
        "values that contain the delimiter.", "ragged", line=line, found=len(fields),
        expected=width)


def _name_columns(header: list[str], columns: list[pa.Array]):
    """Drop unnamed empty columns, name unnamed ones with data, refuse duplicate names."""
    keep, names, warnings = [], [], []
    seen: dict[str, int] = {}  # name -> its column; a dict, not a list, keeps wide headers linear
    written = set(header)
    for i, h in enumerate(header):
        if not h and _empty_cells(columns[i]).all():
            continue
        if not h:
            h = _unused_name(f"column_{i + 1}", written)
            written.add(h)
            warnings.append(Notice("unnamed_column", position=i + 1, name=h))
        if h in seen:
            first = seen[h] + 1
            raise LoadError(f"The column name '{h}' appears twice in the header (columns {first} "
                            f"and {i + 1}); rename one of them.", "duplicate_column", column=h,
                            first=first, second=i + 1)
        keep.append(i)
        names.append(h)
        seen[h] = i
    return names, [columns[i] for i in keep], warnings


def _unused_name(name: str, taken: set[str]) -> str:
    """name, or name_2, name_3, …: the first no column of the header is called (an unnamed
    column's placeholder must not become a duplicate of a real column_2)."""
    candidate, n = name, 1
    while candidate in taken:
        n += 1
        candidate = f"{name}_{n}"
    return candidate


# ---------------------------------------------------------------- raw columns -> typed columns


@dataclass(frozen=True)
class _Markers:
    """The missing markers: as marker_form compares them (with '', an empty cell; a marker of
    dashes alone is '-', which every cell of dashes alone matches), and for matching in C every
    ASCII spelling of them (None when they are not all plain ASCII or have too many)."""

    folded: frozenset[str]
    spellings: pa.Array | None
    castable: bool = True  # some spelling reads as a number, so a column cannot skip the lookup
    written: frozenset[str] = frozenset()  # the spellings, for a look at a few values in Python
    # The bytes a spelling starts with; per length in bytes, does a spelling have it.
    first_bytes: tuple[int, ...] = ()
    lengths: np.ndarray = field(default_factory=lambda: np.ones(1, dtype=bool), compare=False)

    @classmethod
    def of(cls, missing) -> _Markers:
        folded = frozenset({marker_form(m) for m in missing} | {""})
        spellings = _spellings(folded)
        if spellings is None:
            return cls(folded, None)
        written = spellings.to_pylist()
        encoded = [s.encode("utf-8") for s in written]
        first_bytes = tuple(sorted({s[0] for s in encoded if s}))
        lengths = np.zeros(max(map(len, encoded)) + 1, dtype=bool)
        lengths[[len(s) for s in encoded]] = True
        return cls(folded, spellings, _castable(spellings), frozenset(written), first_bytes,
                   lengths)

    @property
    def longest(self) -> int:
        return max(map(len, self.folded))

    @property
    def has_digits_only(self) -> bool:
        return any(m.isdecimal() for m in self.folded)

    def without(self, marker: str) -> _Markers:
        return _Markers(self.folded - {marker}, None)  # for the exact rules only


def _spellings(folded: frozenset[str]) -> pa.Array | None:
    """Every upper/lower-case spelling of ASCII markers: for an ASCII value, matching one is
    the same as its casefold being a marker. A non-ASCII value matches none, but it is no plain
    number either, so its column goes to the exact rules anyway."""
    if any(not m.isascii() or m != _clean(m) for m in folded):
        return None
    cases = [[{c.lower(), c.upper()} for c in m] for m in folded]
    if sum(math.prod(map(len, m)) for m in cases) > _MAX_SPELLINGS:
        return None
    return pa.array(["".join(p) for m in cases for p in itertools.product(*m)], pa.string())


@functools.lru_cache(maxsize=32)
def _castable_spellings(spellings: tuple[str, ...]) -> bool:
    for spelling in spellings:
        try:
            pc.cast(pa.array([spelling], pa.string()), pa.float64())
        except pa.ArrowInvalid:
            continue
        return True
    return False


def _castable(spellings: pa.Array) -> bool:
    """Does pyarrow read any spelling of a marker as a number (like -1 or nan)? Asked once per
    set of markers."""
    return _castable_spellings(tuple(spellings.to_pylist()))


def _frame(header: list[str], columns: list[pa.Array], markers: _Markers,
           decimal_comma: bool = False, cells: bool = False):
    """The table, its warnings, and each column's count of missing values (decimal_comma:
    a column of numbers like 1,5 reads as numbers; cells: the values are a spreadsheet's)."""
    series, warnings, missing = {}, [], {}
    for name, raw in zip(header, columns, strict=True):
        series[name], notes, missing[name] = _column(name, raw, markers, decimal_comma, cells)
        warnings.extend(notes)
    return pd.DataFrame(series, copy=False), warnings, missing


def _column(name: str, raw: pa.Array, markers: _Markers, decimal_comma: bool = False,
            cells: bool = False) -> tuple[pd.Series, list[str], int]:
    """float64 when every known value is a number (and no code has a leading zero; with
    decimal_comma, written like 0,697), else text; with the warnings about it (cells: a
    spreadsheet's) and its count of missing values."""
    numbers = _plain_numbers(raw, markers)
    if numbers is not None:
        notes = _thousands_dot_notes(name, raw, ~np.isnan(numbers)) if decimal_comma else []
        return pd.Series(numbers, dtype="float64", copy=False), notes, \
            int(np.isnan(numbers).sum())
    return _judged_column(name, raw, markers, decimal_comma, cells)


def _thousands_dot_notes(name: str, strings: pa.Array, known: np.ndarray,
                         written: np.ndarray | None = None) -> list[Notice]:
    """A column read as numbers with a decimal point in a semicolon file: a thousands_dot
    notice when a thousands dot may have written its points (_thousands_dot). `strings` are
    the values as matched (made ASCII); `written`, where given, as the file writes them."""
    at = _thousands_dot(strings, known)
    if at is None:
        return []
    normal = strings[at].as_py().strip()
    return [_thousands_dot_notice(name, normal if written is None else written[at], normal)]


def _thousands_dot(strings: pa.Array, known: np.ndarray) -> int | None:
    """In a column read as numbers, the first known value whose point a thousands dot may have
    written (1.234) when no known value shows the point is a decimal one (0.5, 1.25, 2019;
    _THOUSANDS_DOT_RE2); else None."""
    dotted = _flags(pc.fill_null(pc.match_substring_regex(strings, _THOUSANDS_DOT_RE2),
                                 False)) & known
    if not dotted.any():
        return None
    other = _flags(pc.fill_null(pc.match_substring_regex(strings, _NOT_THOUSANDS_RE2),
                                False)) & known & ~dotted
    return None if other.any() else int(np.argmax(dotted))


def _thousands_dot_notice(name: str, example: str, normal: str) -> Notice:
    """The thousands_dot notice: example as written, and the number it is if its point
    separates thousands (normal: the example with its characters made ASCII, stripped)."""
    thousands = normal.replace(".", "").lstrip("+")
    return Notice("thousands_dot", column=name, example=example, thousands=thousands)


def _decimal_comma_numbers(values: _Distinct, matched: pa.Array,
                           missing: np.ndarray) -> tuple | None:
    """(each distinct value as a float, an example as written) when every known value is a
    number written with a decimal comma (0,697, and 1.234,5 with a thousands dot) or a whole
    number, and at least one has the comma; else None. `matched`: the values made ASCII
    (_Numbers.matched), so ０，５ is 0,5 as ０．５ is 0.5."""
    known = matched.filter(pa.array(~missing))
    if len(known) == 0 or not pc.all(pc.match_substring_regex(known, _DECIMAL_COMMA_RE2)).as_py():
        return None
    commas = _flags(pc.match_substring(known, ","))
    if not commas.any() or pc.any(pc.match_substring_regex(
            known, _LEADING_ZERO_RE2)).as_py():  # 007 and 01,5 are codes, as in any file
        return None
    plain = pc.replace_substring(pc.replace_substring(known, ".", ""), ",", ".")
    floats = np.full(len(values.texts), np.nan)
    floats[~missing] = pc.cast(plain, pa.float64()).to_numpy(zero_copy_only=False)
    return floats, values.texts[~missing][np.argmax(commas)]


def _decimal_marks(values: _Distinct, matched: pa.Array, missing: np.ndarray,
                   decimal_comma: bool) -> dict | None:
    """The details of a decimal_marks notice when every known value is a number and some are
    written with a decimal point (1.5, 1.234), others with a decimal comma (0,5; in a
    semicolon file 3,100 too): the counts of rows of each and the first of each, as written.
    Read by either mark, some of them would change (1.234 as 1234, or 3,100 as 3.1), so the
    column is kept as text and the loader says what it saw. None otherwise (codes with a
    leading zero, as 01,5, are no numbers here either). The marks are read in `matched`,
    the values made ASCII (_Numbers.matched): full-width ０．５ and 0，5 are two marks too."""
    if not len(values.texts):
        return None
    known = pa.array(~missing)
    if decimal_comma:  # the semicolon file's decimal commas, 3,100 and 1.234,5 among them
        comma = pc.and_(pc.match_substring_regex(matched, _DECIMAL_COMMA_RE2),
                        pc.match_substring(matched, ","))
        numbers = pc.match_substring_regex(matched, _DECIMAL_COMMA_RE2)
    else:  # only those no thousands separator writes; 3,100 may be either
        either = pc.match_substring_regex(matched, _COMMA_EITHER_WAY_RE2)
        numbers = pc.or_(pc.match_substring_regex(matched, _COMMA_NUMBER_RE2), either)
        comma = pc.and_not(numbers, either)
    comma = pc.and_(comma, known)
    if not _flags(comma).any():
        return None
    point = pc.match_substring_regex(matched, _POINT_NUMBER_RE2)
    if decimal_comma and _flags(pc.and_(comma, pc.match_substring(matched, "."))).any():
        # a comma number with a thousands dot (1.234,50) shows what the column's dots are:
        # 2.000 beside it is two thousand, as the decimal-comma reading reads it
        point = pc.and_not(point, pc.match_substring_regex(matched, _DECIMAL_COMMA_RE2))
    comma, point = _flags(comma), _flags(pc.and_(point, known))
    if not point.any():
        return None
    numbers = pc.or_(numbers, pc.match_substring_regex(matched, _NUMBER_RE2))
    if not _flags(pc.or_(numbers, pa.array(missing))).all() or _flags(pc.and_(
            pc.match_substring_regex(matched, _LEADING_ZERO_RE2), known)).any():
        return None
    return {"points": values.count(point), "point": values.texts[np.argmax(point)],
            "commas": values.count(comma), "comma": values.texts[np.argmax(comma)]}


def _plain_numbers(raw: pa.Array, markers: _Markers) -> np.ndarray | None:
    """The common case in C: every value is a missing marker as written or a plain finite
    number without a leading zero. None sends the column to the exact rules.

    pyarrow's cast accepts exactly the numbers PLAIN_NUMBER accepts plus inf/nan words (which the
    finiteness test sends on) and reads them to the same float as Python's float(); the tests
    hold it to the cell-by-cell rules.
    """
    if markers.spellings is None:
        return None
    numbers_on_top, marker_on_top, whole_on_top = _numbers_at_the_top(raw, markers)
    if not numbers_on_top:
        return None
    view = _Bytes.of(raw)
    whole = whole_on_top and view is not None and not view.led_by_zero()
    # No marker reads as a number, so a column that casts whole holds none: the lookup of
    # marker rows is needed only when the cast fails (or a marker is in sight already).
    values = None if marker_on_top or markers.castable else _floats(raw, whole)
    if values is None:
        missing = _marker_rows(raw, markers, view)
        strings = raw if missing is None else _markers_as_nulls(raw, missing, view)
        values = _floats(strings, whole)
        if values is None:
            return None
    numbers = values.to_numpy(zero_copy_only=False)  # a missing value (null) becomes NaN
    not_finite = int(np.count_nonzero(~np.isfinite(numbers)))
    if values.null_count == len(values) or not_finite > values.null_count:
        return None  # no values, or inf/nan written out: the exact rules word a warning
    if _has_leading_zero(raw, negative=bool(np.signbit(numbers).any()), view=view):
        return None
    if _has_long_whole(raw, view):
        return None
    return numbers


def _has_long_whole(values: pa.Array, view: _Bytes | None) -> bool:
    """Is any value a whole number of LONG_DIGITS digits or more (a code)? Only values that
    long are looked at (usually none)."""
    if view is None:
        rows = pc.indices_nonzero(pc.greater_equal(pc.binary_length(values), LONG_DIGITS))
    else:
        rows = np.flatnonzero(view.length >= LONG_DIGITS)
    if not len(rows):
        return False
    return bool(pc.any(pc.match_substring_regex(values.take(rows), _LONG_WHOLE_RE2)).as_py())


@dataclass(frozen=True)
class _Bytes:
    """A string array's values as bytes, read in numpy without a copy: where each value starts
    in `data`, its length and its first byte (an arbitrary byte for an empty value)."""

    data: np.ndarray
    start: np.ndarray
    length: np.ndarray
    first: np.ndarray

    @classmethod
    def of(cls, values: pa.Array) -> _Bytes | None:
        """None for other arrays than plain strings without nulls (the raw columns are)."""
        if values.type != pa.string() or values.null_count or values.buffers()[1] is None:
            return None
        offsets = np.frombuffer(values.buffers()[1], dtype=np.int32)[
            values.offset:values.offset + len(values) + 1]
        buffer = values.buffers()[2]
        data = np.frombuffer(buffer if buffer is not None and buffer.size else b"\0",
                             dtype=np.uint8)
        start = offsets[:-1]
        return cls(data, start, offsets[1:] - start, data.take(start, mode="clip"))

    def at(self, rows: np.ndarray, k: int) -> np.ndarray:
        """The k-th byte of the given values (an arbitrary byte past a value's end)."""
        return self.data.take(self.start[rows] + k, mode="clip")

    def led_by_zero(self) -> bool:
        """Does a value of two bytes or more start with 0 or -0 (007, 0x1F, -0)?"""
        zero, minus = ord("0"), ord("-")
        long = self.length >= 2
        if (long & (self.first == zero)).any():
            return True
        return bool((self.at(np.flatnonzero(long & (self.first == minus)), 1) == zero).any())


def _marker_rows(raw: pa.Array, markers: _Markers, view: _Bytes | None = None):
    """Which rows hold a marker as written, as numpy booleans (None if none do). Only values
    with a marker's length and first byte can, so few values are looked up."""
    if view is None:
        missing = _marker_rows_compute(raw, markers)
        return None if missing is None else _flags(missing)
    starts = view.length == 0  # '' is always a marker
    for byte in markers.first_bytes:  # a few comparisons beat a table look-up per value
        starts |= view.first == byte
    rows = np.flatnonzero(starts & (view.length < len(markers.lengths)))
    rows = rows[markers.lengths[view.length[rows]]]
    if not len(rows):
        return None
    rows = rows[_flags(pc.is_in(raw.take(rows), value_set=markers.spellings))]
    if not len(rows):
        return None
    missing = np.zeros(len(raw), dtype=bool)
    missing[rows] = True
    return missing


def _markers_as_nulls(raw: pa.Array, missing: np.ndarray, view: _Bytes | None) -> pa.Array:
    """The raw values with the marker rows null. A plain string array keeps its own buffers
    under a validity bitmap made for it; no value is copied."""
    if view is None:
        return pc.if_else(pa.array(missing), pa.scalar(None, pa.string()), raw)
    valid = np.ones(raw.offset + len(raw), dtype=bool)  # the bitmap counts from the buffers' start
    valid[raw.offset:] = ~missing
    bitmap = pa.py_buffer(np.packbits(valid, bitorder="little"))
    return pa.StringArray.from_buffers(len(raw), raw.buffers()[1], raw.buffers()[2], bitmap,
                                       offset=raw.offset)


def _marker_rows_compute(raw: pa.Array, markers: _Markers) -> pa.Array | None:
    """_marker_rows in pyarrow's compute functions, for any string array. Only short values
    can hold a marker, and no value of digits alone unless a marker is digits alone."""
    candidates = pc.less_equal(pc.binary_length(raw), markers.longest)
    if not pc.any(candidates).as_py():
        return None
    if not markers.has_digits_only:
        candidates = pc.and_not(candidates, pc.ascii_is_decimal(raw))  # '' stays a candidate
        if not pc.any(candidates).as_py():
            return None
    rows = pc.indices_nonzero(candidates)
    rows = pc.filter(rows, pc.is_in(raw.take(rows), value_set=markers.spellings))
    if not len(rows):
        return None
    missing = np.zeros(len(raw), dtype=bool)
    missing[rows.to_numpy()] = True
    return pa.array(missing)


def _floats(strings: pa.Array, whole: bool = False) -> pa.Array | None:
    """The strings read as float64 by pyarrow (a null stays null), or None if one is no number.

    `whole`: first try them as whole numbers, read faster. pyarrow reads as int64 only what it
    reads as the same float (the int64 rounded as the decimal is), except values led by a zero
    (0x1F is hex, -0 loses its sign), which the caller has ruled out."""
    if whole:
        try:
            return pc.cast(pc.cast(strings, pa.int64()), pa.float64(), safe=False)
        except pa.ArrowInvalid:
            pass
    try:
        return pc.cast(strings, pa.float64())
    except pa.ArrowInvalid:
        return None


def _numbers_at_the_top(raw: pa.Array, markers: _Markers) -> tuple[bool, bool, bool]:
    """A cheap look at the first values, so text columns skip the whole-column attempt:
    (are they numbers once the markers are left out, is one of them a marker, are they all
    whole numbers). It only chooses the way: the whole-column steps decide the same either way.
    """
    others = [value for value in raw.slice(0, 50).to_pylist() if value not in markers.written]
    numbers = all(PLAIN_NUMBER.fullmatch(value) for value in others)
    marker = numbers and len(others) < min(len(raw), 50)
    return numbers, marker, numbers and all(_WHOLE.fullmatch(value) for value in others)


def _has_leading_zero(values: pa.Array, negative: bool, view: _Bytes | None = None) -> bool:
    """Is any value written like 007, +01 or -01 (a code, not a measure)? Only values that start
    with 0 after their sign and go on (not 0 or 0.5) are looked at closely; -0 needs a negative
    number."""
    view = view or _Bytes.of(values)
    if view is None:
        return _has_leading_zero_regex(values, negative)
    # _LEADING_ZERO_RE2 on the value's first three bytes, read straight from the buffers
    zero, plus, minus = (ord(c) for c in "0+-")
    first = view.first
    # The few to look at closely: two bytes or more, starting with 0 or a sign that counts
    # (0 alone, as in 0/1 flags, and -1 in a column without negative numbers need no look).
    signs = (first == plus) | (first == minus) if negative else first == plus
    look = np.flatnonzero((view.length >= 2) & ((first == zero) | signs))
    length, first = view.length[look], first[look]
    second, third = view.at(look, 1), view.at(look, 2)
    sign = (first == plus) | ((first == minus) if negative else False)
    plain = (length >= 2) & (first == zero) & _is_digit(second)
    signed = (length >= 3) & sign & (second == zero) & _is_digit(third)
    return bool((plain | signed).any())


def _is_digit(byte: np.ndarray) -> np.ndarray:
    return (byte >= ord("0")) & (byte <= ord("9"))


def _has_leading_zero_regex(values: pa.Array, negative: bool) -> bool:
    """_has_leading_zero for any string array, in pyarrow's compute functions."""
    longer = pc.greater(pc.binary_length(values), 1)  # 0 alone (flags, ratings) is no code
    if not pc.any(longer).as_py():
        return False
    for zero in ("0", "+0", "-0") if negative else ("0", "+0"):
        starts = pc.and_(pc.starts_with(values, zero), longer)
        if not pc.any(starts).as_py():
            continue
        candidates = pc.filter(values, starts)
        candidates = pc.filter(candidates, pc.invert(pc.starts_with(candidates, zero + ".")))
        if len(candidates) and pc.any(
                pc.match_substring_regex(candidates, _LEADING_ZERO_RE2)).as_py():
            return True
    return False


MINUS_SIGN = "\u2212"
# What _Distinct.normal makes ASCII: the width forms of ASCII characters (full-width ０．５,
# －３ and ｉｎｆ, as a Chinese input method types them; small ﹣; no-break and ideographic
# spaces) and the minus sign. Not the rest of NFKC, which reads 2² as 22, ① as 1 and 𝟓 as 5.
_WIDTH_FORMS = ("<wide>", "<narrow>", "<small>", "<noBreak>")
_ASCII_TWINS = {code: unicodedata.normalize("NFKC", chr(code)) for code in (
    0xA0, 0x2007, 0x202F, 0x3000, *range(0xFE50, 0xFE6C), *range(0xFF01, 0xFFEF))
    if unicodedata.decomposition(chr(code)).startswith(_WIDTH_FORMS)
    and unicodedata.normalize("NFKC", chr(code)).isascii()} | {ord(MINUS_SIGN): "-"}

# Excel's error values (casefolded): the classic seven and the newer ones of dynamic arrays,
# data types and Python in Excel.
_EXCEL_ERRORS = frozenset(e.casefold() for e in (
    "#N/A", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!", "#SPILL!", "#CALC!",
    "#GETTING_DATA", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!", "#PYTHON!",
    "#ERROR!"))  # and Google Sheets'; LibreOffice writes Err:502 (_LIBREOFFICE_ERROR)
_LIBREOFFICE_ERROR = re.compile(r"err:\d{3}")
_ERROR_LEAD_RE2 = "^[#＃EeＥｅ]"
_EXCEL_ERROR_LENGTH = max(map(len, _EXCEL_ERRORS))


@dataclass(frozen=True)
class _Distinct:
    """A column as its distinct raw values, each cleaned once, and which one each row holds."""

    rows: np.ndarray  # index into texts, per row
    texts: np.ndarray  # cleaned values (object array of str)
    cleaned: pa.Array  # the same, for pyarrow
    lengths: np.ndarray  # characters in each value

    @classmethod
    def of(cls, raw: pa.Array) -> _Distinct:
        encoded = pc.dictionary_encode(raw)
        encoded.dictionary.validate(full=True)  # UTF-8 (the file may be trusted to be, unchecked)
        rows = encoded.indices.to_numpy(zero_copy_only=False).astype(np.intp)
        cleaned = _clean_array(encoded.dictionary)
        texts = np.array(cleaned.to_pylist(), dtype=object)
        lengths = pc.utf8_length(cleaned).to_numpy(zero_copy_only=False)
        return cls(rows, texts, cleaned, lengths)

    @functools.cached_property
    def weight(self) -> np.ndarray:
        """Rows holding each value, counted the first time they are needed."""
        return np.bincount(self.rows, minlength=len(self.texts))

    @functools.cached_property
    def led_by_ideograph(self) -> np.ndarray:
        """Values that start with a CJK ideograph, which no number or inf/nan word does."""
        return _flags(pc.match_substring_regex(self.cleaned, _IDEOGRAPH_FIRST_RE2))

    def count(self, which: np.ndarray) -> int:
        """Rows holding one of the values marked in `which`; none or all need no counting."""
        if not which.any():
            return 0
        if which.all():
            return len(self.rows)
        return int(self.weight[which].sum())

    def missing(self, markers: _Markers) -> np.ndarray:
        """Values that are a marker, ignoring case and width (only values short enough are
        compared, and cells of dashes alone): a Chinese input method types ？ and ＮＡ, which
        NFKC makes ? and NA, as it makes ０．５ the number 0.5 (normal); a cell of dashes alone
        (—, ——, –, −) is the '-' marker (marker_form), as −0.5 is the number."""
        look = self.lengths <= markers.longest
        if "-" in markers.folded:
            look |= _flags(pc.match_substring_regex(self.cleaned, _DASHES_ONLY_RE2))
        look = np.flatnonzero(look)
        missing = np.zeros(len(self.texts), dtype=bool)
        missing[look] = [marker_form(v) in markers.folded for v in self.texts[look]]
        return missing

    def excel_errors(self) -> np.ndarray:
        """Values that are an Excel error (#N/A, #DIV/0!, …), as a workbook holds them and
        its CSV writes them: a formula with no result, so no value (ignoring case and width,
        as missing() compares)."""
        errors = np.zeros(len(self.texts), dtype=bool)
        if not len(self.texts):
            return errors
        # only short values led by # or E (Err:502), full-width too, are looked at closely:
        # a column of 5,000 distinct names folds none of them
        led = _flags(pc.match_substring_regex(self.cleaned, _ERROR_LEAD_RE2))
        look = np.flatnonzero(led & (self.lengths <= _EXCEL_ERROR_LENGTH))
        errors[look] = [folded(v) in _EXCEL_ERRORS or bool(_LIBREOFFICE_ERROR.fullmatch(folded(v)))
                        for v in self.texts[look]]
        return errors

    def signs(self) -> bool:
        """A +/- column (Quinlan's classes): '-' is the opposite of '+', not a missing value."""
        if len(self.lengths) and self.lengths.max() > 1:
            return False  # a longer value is neither '+', '-' nor ''
        seen = {folded(t) for t in self.texts} - {""}  # full-width ＋/－ too, as missing()
        return "+" in seen and "-" in seen and seen <= {"+", "-"}

    def normal(self) -> np.ndarray:
        """Full-width digits and signs (０．５) and the minus sign (−0.5, as typeset text and
        some spreadsheets write it) as ASCII, so they read as numbers (_ASCII_TWINS: 2² and ①
        are no numbers).

        A value that starts with a CJK ideograph is left as it is: no number, inf/nan word or
        leading zero starts with it, so making it ASCII could change no decision."""
        ascii_ = _flags(pc.string_is_ascii(self.cleaned))
        if ascii_.all():
            return self.texts  # nothing to change (callers only read it)
        kept = ascii_ | self.led_by_ideograph
        if kept.all():
            return self.texts
        normal = self.texts.copy()
        for i in np.flatnonzero(~kept):
            normal[i] = normal[i].translate(_ASCII_TWINS)
        return normal


@dataclass(frozen=True)
class _Numbers:
    """Which distinct values read as numbers, and the counts the column's kind depends on."""

    normal: np.ndarray  # values with full-width characters made ASCII
    matched: pa.Array  # the same, for pyarrow: what the number patterns are matched in
    number: np.ndarray  # a finite-looking number (PLAIN_NUMBER), per value
    nonfinite: np.ndarray  # inf or nan spelled out, per value
    known: int  # rows with a value
    finite: int  # rows holding a number
    looks: int  # rows holding a number or an inf/nan word
    codes: bool  # some number has a leading zero: the column holds codes, kept as text
    long: str | None = None  # a whole number too long for a float (a code), if there is one

    @classmethod
    def of(cls, values: _Distinct, known: np.ndarray) -> _Numbers:
        if not (known & ~values.led_by_ideograph).any():  # 样本1, 青绿: no value is a number
            none = np.zeros(len(values.texts), dtype=bool)
            return cls(values.texts, values.cleaned, none, none, values.count(known), 0, 0,
                       False)
        normal = values.normal()
        arrow = values.cleaned if normal is values.texts else pa.array(normal, type=pa.string())
        number = _flags(pc.match_substring_regex(arrow, _NUMBER_RE2)) & known
        # Width forms made ASCII, a spelled inf or nan is ASCII: lower-casing the ASCII decides
        # it (casefold would read more: the ligature ﬁ folds to 'fi', inﬁnity to infinity,
        # which as no width form stays text, as 1² does)
        words = pa.array(sorted(_NONFINITE), pa.string())
        nonfinite = _flags(pc.is_in(pc.ascii_lower(arrow), value_set=words)) & known & ~number
        finite = values.count(number)
        leading = _flags(pc.match_substring_regex(arrow, _LEADING_ZERO_RE2)) & known
        long = None
        if finite and (values.lengths >= LONG_DIGITS).any():
            digits = _flags(pc.match_substring_regex(arrow, _LONG_WHOLE_RE2)) & known
            long = str(values.texts[np.argmax(digits)]) if digits.any() else None
        return cls(normal, arrow, number, nonfinite, values.count(known), finite,
                   finite + values.count(nonfinite), bool(finite and leading.any()), long)

    @property
    def numeric(self) -> bool:
        return bool(self.known and self.looks == self.known and self.finite and not self.codes
                    and not self.long)

    @property
    def mostly(self) -> bool:
        """At least 80% numbers among five or more values: worth a word about the others."""
        return (self.known >= 5 and self.finite < self.known
                and self.finite >= 0.8 * self.known and not self.codes)


# A number as a spreadsheet may display it, and so save it in a CSV, once NFKC made its
# characters ASCII (￥ ¥, ％ %, ， ',', a no-break or full-width space ' '): thousands
# separators (1,234, or 1 234 as French and Russian Excel write them), a currency sign
# (￥1,234.00, as Excel's currency format writes it on Chinese Windows, whose GBK has no ¥;
# $, €, £), a percent sign (95%, 12.5 %), or the accounting format's negative in parentheses
# ((21), ￥(1,234.00)) and its zero, a dash after the currency sign (￥ -). A thousands group
# never follows a first group of 0 (0 234, 0,234.5).
_CURRENCY = "[¥$€£]"
_GROUPED = r"(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d{0,2}(?: \d{3})+|\d+)(?:\.\d+)?(?: *%)?"
_FORMATTED_NUMBER = re.compile(
    rf"[-+]?(?:{_CURRENCY} *[-+]?)?{_GROUPED}"
    rf"|(?:{_CURRENCY} *)?\( *(?:{_CURRENCY} *)?{_GROUPED} *\)|{_CURRENCY} *-+", re.ASCII)
# A number with a decimal comma that no thousands separator makes: 0,697, 0,23, 1,5, 0,200
# (a thousands group never starts with 0), 1.234,5 and 1 234,5 (a thousands dot or space
# before it); and one that either could make (3,100).
_DECIMAL_COMMA = re.compile(r"[-+]?(?:0|[1-9]\d*|[1-9]\d{0,2}(?:[. ]\d{3})+),\d+", re.ASCII)
_COMMA_EITHER_WAY = re.compile(r"[-+]?[1-9]\d{0,2}(?:,\d{3})+", re.ASCII)
# A number whose decimal point is the Chinese full stop (0。5, as a Chinese input method types
# the point in Chinese punctuation; NFKC makes the half-width ｡ one): no number is written so,
# and no thousands separator, so it is no other reading's.
_IDEOGRAPHIC_POINT = re.compile(r"[-+]?\d+\u3002\d+", re.ASCII)
# A number followed by a unit of measure (20kg, 1.75 m, 36.5°C, 3斤, 90分): a few common
# ones, so that codes such as 1A or 3号 are not taken for measures. A unit of one letter is
# one in its own case (500g, 2t, 1.5L, 60W); a capital G, T, M, S or H after a whole number
# is a category's (4G, 5G networks; 2T, 3T clothing sizes; 2H pencils), not grams or tons,
# but after a decimal it is a measure's (1.75M tall, 7.5H of sleep): no category has one.
_UNIT_NUMBER = re.compile(
    r"[-+]?(?:(?:\d+\.\d+|\.\d+) *[GTMLHSW]|(?:\d+(?:\.\d+)?|\.\d+) *(?:[gtmlhswLW]|"
    r"(?i:[kmµ]g|lbs?|oz|[kcm]m|in|ft|ml|hrs?|min|sec|ms|days?|yrs?|years?|°[cf]?|k?wh|kw)|"
    r"元|块|岁|斤|两|公斤|千克|克|吨|米|厘米|毫米|千米|公里|平方米|平米|亩|升|毫升|"
    r"分钟|小时|秒|天|周|年|个|次|人|件|分|度|页))")
# A whole number in parentheses, (1) or （2） or ⑶ once NFKC made it ASCII: alone in a column,
# the labels of numbered groups or items; beside other numbers, the accounting format's -1.
_LABEL = re.compile(r"\( *\d+ *\)", re.ASCII)


def _text_reading(texts: np.ndarray, decimal_comma: bool, cells: bool) -> tuple[str, str] | None:
    """(notice code, example) when every known value of a column read as text is a number,
    plainly or written in one of the forms a notice names: a decimal comma where the file's
    delimiter does not make it read as one (decimal_comma_text: 0,697, and 0,200, which no
    thousands separator writes), a spreadsheet's formatting (formatted_numbers: 3,100, 1 200,
    95%, ￥8, (21), ￥ -), a unit (number_units: 20kg), or the Chinese full stop as the
    decimal point (ideographic_point: 0。5). Such a column is kept as text: the loader says
    what it saw rather than guess. None when a value is none of these (a word, a code), the
    forms are mixed (which usually the first value shows) or every value is a label such as
    (1). A spreadsheet's text cells (cells) have decimal_comma_cells in
    place of decimal_comma_text."""
    readings, example, decimal_example, labels = set(TEXT_READINGS), None, None, True
    if decimal_comma:  # a semicolon file reads decimal commas: those left are not all numbers
        readings.discard("decimal_comma_text")
    for written in texts[:10_000]:
        written = str(written).strip()
        text = _reading_form(written)
        if PLAIN_NUMBER.fullmatch(text):  # ０１ too: a code with a leading zero, as 01 is
            labels = False
            continue
        labels = labels and _LABEL.fullmatch(text) is not None
        if _COMMA_EITHER_WAY.fullmatch(text):  # 3,100: a thousands comma or a decimal one
            readings &= {"decimal_comma_text", "formatted_numbers"}
        elif _DECIMAL_COMMA.fullmatch(text):
            readings &= {"decimal_comma_text"}
            decimal_example = decimal_example or written
        elif _IDEOGRAPHIC_POINT.fullmatch(text):
            readings &= {"ideographic_point"}
        elif _FORMATTED_NUMBER.fullmatch(text):
            readings &= {"formatted_numbers"}
        elif _UNIT_NUMBER.fullmatch(text):
            readings &= {"number_units"}
        else:
            return None
        if not readings:
            return None
        example = example or written
    if example is None or labels:
        return None
    if decimal_example is not None:  # a value only a decimal comma writes: say so
        # a CSV's advice (save it as .xlsx, or separated by semicolons) does not fit a sheet
        return ("decimal_comma_cells" if cells else "decimal_comma_text"), decimal_example
    readings.discard("decimal_comma_text")  # 3,100 alone reads as the thousands it shows
    (code,) = readings  # each value left one reading, or 3,100's two
    return code, example


def _reading_form(written: str) -> str:
    """The value as the text readings match it: NFKC's compatibility forms made plain (￥ ¥,
    ％ %, ｡ 。, ⑶ (3)), except where NFKC alone would make it a plain number (1² 12, ① 1,
    𝟏 1): that is text to _Numbers (only width forms are made ASCII), so it stays so here
    and no reading names its column (writing the other values' numbers plainly would leave
    it text)."""
    if written.isascii():
        return written
    text = unicodedata.normalize("NFKC", written)
    width = written.translate(_ASCII_TWINS)
    return width if PLAIN_NUMBER.fullmatch(text) and not PLAIN_NUMBER.fullmatch(width) else text


def _judged_column(name: str, raw: pa.Array, markers: _Markers, decimal_comma: bool = False,
                   cells: bool = False):
    """The loader's rules, applied to each distinct value once: (column, warnings, missing);
    decimal_comma: numbers written like 0,697 read as numbers (a semicolon file's); cells: the
    values are a spreadsheet's."""
    values, notes = _Distinct.of(raw), []
    missing = values.missing(markers)
    if "-" in markers.folded and values.signs():
        missing = values.missing(markers.without("-"))
        notes.append(Notice("signs", column=name))
    errors = values.excel_errors() & ~missing
    if errors.any():  # #N/A, #DIV/0!: no value, whatever the markers (numbers stay numbers)
        missing = missing | errors
        notes.append(Notice("excel_errors", column=name, count=values.count(errors),
                            values=Listed(sorted(set(values.texts[errors])))))
    numbers = _Numbers.of(values, ~missing)
    if numbers.numeric:
        series, note = _numeric(name, values, missing, numbers)
        notes = [*notes, *([note] if note else [])]
        if decimal_comma:  # read with a decimal point: say so if a thousands dot may be one
            notes += _thousands_dot_notes(name, numbers.matched, numbers.number, values.texts)
        return series, notes, int(series.isna().sum())
    marks = _decimal_marks(values, numbers.matched, missing, decimal_comma)
    comma = _decimal_comma_numbers(values, numbers.matched, missing) \
        if decimal_comma and not marks else None
    if comma is not None:
        floats, example = comma
        notes.append(Notice("decimal_comma", column=name, example=example))
        return pd.Series(floats.take(values.rows), dtype="float64", copy=False), notes, \
            values.count(missing)
    texts = values.texts.copy()
    texts[missing] = np.nan
    formatted = None if marks else _text_reading(values.texts[~missing], decimal_comma, cells)
    if marks:  # 1.5 or 1.234 beside 0,5: which mark is the decimal one is not known
        notes.append(Notice("decimal_marks", column=name, **marks))
    elif numbers.long and numbers.looks == numbers.known:  # numbers but for their length
        notes.append(Notice("long_numbers", column=name, example=numbers.long))
    elif formatted is not None:
        code, example = formatted
        notes.append(Notice(code, column=name, example=example))
    elif numbers.mostly:
        odd_rows = (~missing & ~numbers.number)[values.rows]
        odd = values.texts[values.rows[np.argmax(odd_rows)]]
        notes.append(Notice("mixed_text", column=name, example=odd))
    column = pd.Series(texts.take(values.rows), dtype=object, copy=False)
    return column, notes, values.count(missing)


def _numeric(name: str, values: _Distinct, missing: np.ndarray, numbers: _Numbers):
    """Numbers as float64; inf and NaN are unknown values, said so in a warning."""
    floats = np.full(len(values.texts), np.nan)
    known = np.flatnonzero(~missing)
    floats[known] = numbers.normal[known].astype(np.float64)  # Python's float() per value
    # an inf or nan spelled out (ｉｎｆ too), or a number too big for a float (1e400 reads as
    # inf): unknown, and said so (the overflow was read as missing without a word)
    unread = ~np.isfinite(floats)
    unread[missing] = False
    floats[unread] = np.nan
    note = None
    if unread.any():
        words = sorted(set(values.texts[unread]))
        count = values.count(unread)
        note = Notice("non_finite", column=name, count=count, values=Listed(words))
    return pd.Series(floats.take(values.rows), dtype="float64", copy=False), note


# ---------------------------------------------------------------- choosing target and attributes


def _check_classes(y: pd.Series, target: str, budget: Budget) -> None:
    classes = int(y.nunique())
    if classes == len(y) and len(y) >= 10:
        raise BudgetError(f"The target '{target}' has a different value in every row, like an "
                          "ID column: choose the column that holds the classes.", "classes",
                          figure=classes, allowed=budget.classes, id_like=True)
    budget.check("classes", classes)


def validation_rows(frame: pd.DataFrame, columns: list[str], continuous, target: str
                    ) -> tuple[pd.DataFrame, pd.Series]:
    """A validation file's (X, y) for a tree grown on `columns` (the command line's and the
    app's --validation / uploaded file alike): the attributes as the file has them, read by
    the tree as it reads new rows (an unseen value, or a column left empty, is unknown);
    text in a continuous attribute refused; rows without a class left out; the classes as
    text, as the training target is (a numeric class column with a blank cell reads as 1.0:
    compared as text with the leaves' "1", every row was wrong). Not the training data's
    checks: one class, or a column of many values, makes a usable validation set."""
    missing = [str(c) for c in [*columns, target] if c not in frame.columns]
    if missing:
        raise LoadError(f"Columns missing from the validation file: {', '.join(missing)}.",
                        "validation_columns", columns=Listed(missing))
    labelled = frame[target].notna()
    frame = frame[labelled].reset_index(drop=True)
    if frame.empty:
        raise LoadError(f"The validation file has no row with a value of '{target}'.",
                        "validation_no_rows", column=target)
    X = frame[list(columns)].copy()
    for column in continuous:
        X[column] = validation_numbers(X[column], column)
    y = as_text(frame[target]).rename(target)
    # the rows left out, for pruning's events to say (ValidationRows.encode reads it)
    y.attrs["unlabelled_rows"] = int((~labelled).sum())
    return X, y


def prepare(
    table: LoadedTable | pd.DataFrame,
    target: str,
    *,
    include_ids: bool = False,
    exclude=(),
    nominal=(),
    continuous=(),
    budget: Budget | None = None,
) -> Prepared:
    """Split a loaded table into attributes X and target y, refusing what cannot be grown.

    With a budget, a target with more classes than it allows is refused, and one with a class
    per row is named for what it looks like: an ID column.

    Rows without a target value are dropped and counted. ID-like columns are left out unless
    `include_ids` or named in `nominal`/`continuous`; `exclude` wins over both.
    """
    frame = table.frame if isinstance(table, LoadedTable) else table
    named = any(target in names for names in (exclude, nominal, continuous))
    exclude, nominal, continuous = (
        [c for c in names if c != target] for names in (exclude, nominal, continuous))
    _check_names(frame, target, [*exclude, *nominal, *continuous])
    both = [c for c in nominal if c in continuous]
    if both:
        raise LoadError(f"Column '{both[0]}' cannot be both nominal and continuous.",
                        "kind_conflict", column=both[0])
    known = frame[target].notna()
    dropped = int((~known).sum())
    if not known.any():
        raise LoadError(f"The target '{target}' has no values.", "target_empty", column=target)
    data = frame[known].reset_index(drop=True)
    y = _target(data[target], target, dropped)
    if budget is not None:
        _check_classes(y, target, budget)
    declared = {*nominal, *continuous}
    as_text = numbers_as_text(table.report) if isinstance(table, LoadedTable) else set()
    excluded = {}
    for col in data.columns:
        reason = _exclusion(data[col], col, target, exclude, declared, include_ids, as_text)
        if reason:
            excluded[col] = reason
    attrs = [c for c in data.columns if c != target and c not in excluded]
    if not attrs:  # say what was left out: the notes that would say why come after a tree
        left_out = Listed(excluded) if excluded else "-"
        raise LoadError(f"No attribute columns are left besides the target '{target}'; left out: "
                        f"{left_out}. Include at least one (ID-like columns with --include-ids, "
                        "or name a column's kind).", "no_attributes", column=target,
                        left_out=left_out, reasons=tuple(excluded.values()))
    X = data[attrs].copy()
    # An included ID that numbers the rows is a many-valued nominal attribute (the textbook's
    # 编号), not a measure; whole numbers spread wider keep their kind (numbers_rows).
    ids = [c for c in attrs if c not in declared and is_id_like(X[c]) and numbers_rows(X[c])]
    try:
        kinds = resolve_kinds(X, [c for c in attrs if c in nominal or c in ids],
                              [c for c in continuous if c in attrs])
    except DataError as err:  # its code (text_continuous, unknown_column) words it elsewhere
        raise LoadError(str(err), getattr(err, "code", "kinds"),
                        **getattr(err, "details", {})) from None
    rules = {col: _attribute_rule(X[col], col, nominal, continuous, ids) for col in attrs}
    for col in attrs:
        if kinds[col] == CONTINUOUS and not is_numeric(X[col]):
            X[col] = pd.to_numeric(X[col], errors="coerce").astype("float64")
        _check_branches(X[col], col, kinds[col])
    notes = [*([Notice("target_named", column=target)] if named else []),
             *([Notice("dropped_target", count=dropped, target=target)]
               if dropped else []), *excluded.values()]
    return Prepared(X, y, kinds, excluded, dropped, tuple(notes), rules)


def _attribute_rule(series, col, nominal, continuous, ids) -> KindRule:
    """The rule behind resolve_kinds' choice: declared, an included ID, or inferred."""
    if col in nominal:
        return declared_rule(NOMINAL)
    if col in continuous:
        return declared_rule(CONTINUOUS)
    if col in ids:
        return id_rule()
    return kind_rule(series)


def _check_names(frame: pd.DataFrame, target: str, named) -> None:
    columns = Listed(frame.columns)
    if target not in frame.columns:
        raise LoadError(f"Unknown target column '{target}'; the columns are: {columns}.",
                        "unknown_target", column=target, columns=columns)
    for name in named:
        if name not in frame.columns:
            raise LoadError(f"Unknown column '{name}'; the columns are: {columns}.",
                            "unknown_column", column=name, columns=columns)


def _target(y: pd.Series, target: str, dropped: int) -> pd.Series:
    """The classes as text; one class, or a numeric target with many values, is refused."""
    classes = pd.unique(y)
    if is_numeric(y) and len(classes) > MAX_TARGET_VALUES and _numbers_the_rows(y):
        raise LoadError(
            f"The target '{target}' has a different value in every one of its {len(y)} rows, "
            "numbering them like an ID column, not classes: choose the column that holds the "
            "classes.", "id_target", column=target, rows=len(y))
    if is_numeric(y) and len(classes) > MAX_TARGET_VALUES:
        raise LoadError(
            f"The target '{target}' is a number with {len(classes)} different values, which is "
            "regression; this tool classifies, so choose a column of classes or group the "
            "numbers into ranges first.", "numeric_target", column=target, values=len(classes))
    if len(classes) < 2:
        after = fill(" after dropping {count} rows with no value", {"count": dropped}) \
            if dropped else ""
        raise LoadError(f"The target '{target}' has only one class ('{text_value(classes[0])}')"
                        f"{after}; a tree needs at least two.", "one_class", column=target)
    return pd.Series([text_value(v) for v in y], dtype=object, name=target)


def _numbers_the_rows(y: pd.Series) -> bool:
    """Whole numbers, a different one in every row, nearly consecutive: row numbers, not a
    measure (which would be regression). A small table's ID is refused by the budget's classes
    check as an ID column; this says the same of a large one, before regression is named."""
    return is_id_like(y) and numbers_rows(y)


def warnings_for(report: LoadReport, target: str | None) -> list:
    """The loader's warnings, as said once the target is chosen: a notice that numbers were
    kept as text advises how to make a column continuous, which a target never is (its
    values are classes, text as they should be), so the target's is left out."""
    return [w for w in report.warnings
            if not (target is not None and getattr(w, "code", None) in NUMBERS_AS_TEXT_CODES
                    and getattr(w, "details", {}).get("column") == target)]


def numbers_as_text(report: LoadReport) -> set[str]:
    """The columns whose numbers the loader kept as text for the way they are written (said in
    a NUMBERS_AS_TEXT_CODES notice)."""
    return {n.details["column"] for n in report.warnings
            if getattr(n, "code", None) in NUMBERS_AS_TEXT_CODES}


def _exclusion(series, col, target, exclude, declared, include_ids,
               as_text=frozenset()) -> Notice | None:
    if col == target:
        return None
    if col in exclude:
        return Notice("excluded", column=col)
    if series.isna().all():
        return Notice("no_values", column=col)
    if not include_ids and col not in declared and is_id_like(series):
        return Notice("numbers_as_text" if col in as_text else "id_like", column=col)
    return None


def _check_branches(series: pd.Series, col: str, kind: str) -> None:
    if kind != NOMINAL:
        return
    n = int(series.nunique(dropna=True))
    if n > MAX_BRANCHES:
        advice = ("treat it as continuous or exclude it" if is_numeric(series)
                  else "exclude it, or group its values")
        raise LoadError(
            f"Column '{col}' has {n} different values, too many branches for a multiway split "
            f"to draw (the limit is {MAX_BRANCHES}); {advice}.",
            "too_many_values", column=col, values=n, limit=MAX_BRANCHES)
