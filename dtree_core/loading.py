"""Load a classroom table safely: bytes in, a table plus a load report out.

One loader serves the CLI and the app. It accepts CSV/TSV/TXT in UTF-8 (with or without BOM),
GB18030/GBK or UTF-16, with a comma, semicolon, tab or full-width comma between values, and the
first (or a chosen) sheet of an .xlsx workbook. `prepare` then picks the target and the attributes
the grower sees. Every refusal is a LoadError whose message is one specific sentence.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path

import numpy as np
import pandas as pd

from dtree_core.data import (
    CONTINUOUS,
    NOMINAL,
    DataError,
    is_id_like,
    is_numeric,
    resolve_kinds,
    text_value,
)

DEFAULT_MISSING = ("", "NA", "N/A", "?", "null", "-")
MAX_BYTES = 50 * 1024 * 1024
MAX_BRANCHES = 50  # more distinct values than this cannot be drawn as a multiway split
MAX_TARGET_VALUES = 50  # a numeric target with more distinct values is a regression problem

DELIMITERS = (",", ";", "\t", "\uff0c")
DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab", "\uff0c": "full-width comma"}
# Encodings offered to the user when the loader is unsure (codec names Python knows).
ENCODINGS = ("utf-8", "gb18030", "utf-16", "big5", "shift_jis", "cp1252", "latin-1")
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
    (b"\xd0\xcf\x11\xe0", "an old-style Excel .xls (or other Office) file"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)
_LEADING_ZERO = re.compile(r"[+-]?0\d", re.ASCII)
_NONFINITE = {"inf", "+inf", "-inf", "infinity", "+infinity", "-infinity", "nan", "+nan", "-nan"}
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060"


class LoadError(DataError):
    """A file or choice the loader refuses; str(err) is one specific sentence for the user.

    `code` is a stable identifier (e.g. "ragged", "encoding") and `details` its parameters, so a
    UI can word the message in another language.
    """

    def __init__(self, message: str, code: str = "invalid", **details):
        super().__init__(message)
        self.code = code
        self.details = details


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
    warnings: tuple[str, ...] = ()
    sheet: str | None = None  # .xlsx: the sheet read
    sheets: tuple[str, ...] = ()  # .xlsx: all sheet names, for a picker
    encoding_guessed: bool = False  # True when the user should confirm the encoding
    n_bytes: int = 0

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


@dataclass(frozen=True)
class Prepared:
    """Attributes and target ready for DecisionTree(nominal=..., continuous=...).fit(X, y)."""

    X: pd.DataFrame
    y: pd.Series
    kinds: dict[str, str]
    excluded: dict[str, str]  # column -> the sentence saying why it was left out
    dropped_rows: int  # rows without a target value
    notes: tuple[str, ...] = ()

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
) -> LoadedTable:
    """Read a file from disk; a missing file, a directory or an oversized file is refused.

    The options are load_bytes's (forced encoding, .xlsx sheet, missing markers).
    """
    path = Path(path)
    if not path.exists():
        raise LoadError(f"File not found: {path}.", "not_found", path=str(path))
    if path.is_dir():
        raise LoadError(f"'{path}' is a directory, not a data file.", "directory", path=str(path))
    _check_size(path.stat().st_size, path.name)
    try:
        data = path.read_bytes()
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise LoadError(f"'{path}' cannot be read: {reason}.", "unreadable",
                        path=str(path)) from None
    return load_bytes(data, path.name, encoding=encoding, sheet=sheet, missing=missing)


def load_bytes(
    data: bytes,
    filename: str = "data.csv",
    *,
    encoding: str | None = None,
    sheet: str | int | None = None,
    missing: tuple[str, ...] = DEFAULT_MISSING,
) -> LoadedTable:
    """Parse a CSV/TSV/TXT or .xlsx file's bytes into a table and a report of how it was read.

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
        records, sheet_name, sheets = _read_xlsx(data, name, sheet)
        where = "Row"
    else:
        _refuse_binary(data, name)
        text, enc, guessed, warnings = _decode(data, name, encoding)
        delimiter = _sniff(text, suffix)
        records, where = _records(text, delimiter), "Line"
    label = f"'{name}'" if sheet_name is None else f"Sheet '{sheet_name}' of '{name}'"
    header, rows, table_warnings = _table(records, label, where)
    markers = {m.strip().casefold() for m in missing} | {""}
    frame, column_warnings = _frame(header, rows, markers)
    report = LoadReport(
        filename=name,
        encoding=enc,
        delimiter=delimiter,
        n_rows=len(frame),
        n_columns=len(frame.columns),
        kinds=_kinds(frame),
        missing={c: int(frame[c].isna().sum()) for c in frame.columns},
        id_columns=tuple(c for c in frame.columns if is_id_like(frame[c])),
        warnings=tuple([*warnings, *table_warnings, *column_warnings]),
        sheet=sheet_name,
        sheets=tuple(sheets),
        encoding_guessed=guessed,
        n_bytes=len(data),
    )
    return LoadedTable(frame, report)


def _kinds(frame: pd.DataFrame) -> dict[str, str]:
    try:
        return resolve_kinds(frame)
    except DataError as err:  # pragma: no cover - inference alone never refuses
        raise LoadError(str(err), "kinds") from None


def _check_size(n_bytes: int, name: str) -> None:
    if n_bytes > MAX_BYTES:
        raise LoadError(
            f"'{name}' is {n_bytes / 2**20:.1f} MB, over the {MAX_BYTES // 2**20} MB limit.",
            "too_large", size=n_bytes, limit=MAX_BYTES)


# ---------------------------------------------------------------- bytes -> text


def _refuse_binary(data: bytes, name: str) -> None:
    """Archives, images, PDFs and old .xls files renamed .csv: a sentence naming what they are."""
    if data.startswith(b"PK") and _is_xlsx(data):
        raise LoadError(
            f"'{name}' is an Excel workbook with a text-file name; rename it to .xlsx or save it "
            "as CSV.", "binary", what="xlsx")
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise LoadError(
                f"'{name}' is {what}, not a text table; save the data as CSV (UTF-8) or .xlsx.",
                "binary", what=what)


def _is_xlsx(data: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return "xl/workbook.xml" in archive.namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False


def _decode(data: bytes, name: str, encoding: str | None):
    """(text, encoding, guessed, warnings): BOM, then strict UTF-8, then GB18030, then a guess."""
    if encoding:
        return _decode_as(data, name, encoding), _codec_name(encoding), False, []
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return _checked_text(_decode_as(data, name, codec), name), codec, False, []
    utf16 = _bomless_utf16(data)
    if utf16:
        return _checked_text(_decode_as(data, name, utf16), name), utf16, False, []
    if b"\x00" in data:
        raise LoadError(f"'{name}' is a binary file, not a text table; save the data as CSV "
                        "(UTF-8) or .xlsx.", "binary", what="binary")
    for codec in ("utf-8", "gb18030"):
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        text = _checked_text(text, name)
        if codec == "gb18030" and not _plain_gbk(text):
            return text, codec, True, [_guess_warning(codec)]
        return text, codec, False, []
    return _guess(data, name)


def _decode_as(data: bytes, name: str, codec: str) -> str:
    try:
        codecs.lookup(codec)
    except LookupError:
        raise LoadError(f"Unknown encoding '{codec}'.", "encoding", encoding=codec) from None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as err:
        raise LoadError(
            f"'{name}' is not valid {codec}: the byte 0x{data[err.start]:02X} at position "
            f"{err.start} cannot be decoded; choose another encoding.",
            "encoding", encoding=codec, position=err.start) from None
    return text.removeprefix("\ufeff")


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


def _checked_text(text: str, name: str) -> str:
    """Refuse decoded text that is really binary (NULs or many control characters)."""
    text = text.removeprefix("\ufeff").rstrip("\x1a")  # DOS end-of-file marker
    controls = len(_CONTROL.findall(text[:1_000_000]))
    if "\x00" in text or controls > max(2, len(text[:1_000_000]) // 200):
        raise LoadError(f"'{name}' is a binary file, not a text table; save the data as CSV "
                        "(UTF-8) or .xlsx.", "binary", what="binary")
    return text


def _plain_gbk(text: str) -> bool:
    """Everyday simplified Chinese (GB2312) is what Excel on Chinese Windows writes."""
    try:
        text.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


def _guess_warning(codec: str) -> str:
    return (f"The encoding was guessed as {codec}; if the text looks wrong, choose the "
            "encoding and load the file again.")


def _guess(data: bytes, name: str):
    """charset-normalizer, only once strict decoding failed (it misjudges tiny files)."""
    from charset_normalizer import from_bytes

    best = from_bytes(data[:2_000_000]).best()
    if best is None or best.encoding is None:
        raise LoadError(f"The encoding of '{name}' cannot be recognised; choose it (for example "
                        "GB18030 or UTF-8) and load the file again.", "encoding")
    codec = _codec_name(best.encoding)
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        raise LoadError(f"The encoding of '{name}' cannot be recognised; choose it (for example "
                        "GB18030 or UTF-8) and load the file again.", "encoding") from None
    return _checked_text(text, name), codec, True, [_guess_warning(codec)]


# ---------------------------------------------------------------- text -> records


def _reader(text: str, delimiter: str, strict: bool = False):
    return csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"',
                      skipinitialspace=True, strict=strict)


def _sniff(text: str, suffix: str) -> str:
    """The delimiter giving the most named columns, the same number on every sampled line."""
    sample = text[:65536]
    if len(text) > len(sample) and "\n" in sample:
        sample = sample[: sample.rindex("\n")]
    order = ("\t", *[d for d in DELIMITERS if d != "\t"]) if suffix == ".tsv" else DELIMITERS

    def score(delimiter):
        rows = [r for r in _reader(sample, delimiter) if any(f.strip() for f in r)][:100]
        if not rows:
            return (False, 0.0, 0)
        named = sum(bool(f.strip()) for f in rows[0])
        same = sum(len(r) == len(rows[0]) for r in rows) / len(rows)
        return (named > 1, same, named)

    return max(order, key=score)  # max keeps the first of equals: comma, unless .tsv


def _records(text: str, delimiter: str) -> list[tuple[int, list[str]]]:
    """(first line number, fields) per record; quoted fields may span lines, quotes must close."""
    # Spaces after a closing quote ("a" , "b") are harmless; strict parsing would refuse them.
    spaces = "".join(c for c in " \t\u3000" if c != delimiter)
    after_quote = re.compile(f'(?<!")"[{spaces}]+(?=[{re.escape(delimiter)}\\r\\n]|$)')
    reader, records, line = _reader(after_quote.sub('"', text), delimiter, strict=True), [], 1
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


# ---------------------------------------------------------------- .xlsx -> records


def _read_xlsx(data: bytes, name: str, sheet: str | int | None):
    """Records of the chosen sheet (first by default), its name and all sheet names."""
    import openpyxl

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many types for a corrupt or non-xlsx file
        raise LoadError(f"'{name}' is not a readable Excel .xlsx workbook.", "xlsx") from None
    try:
        names = book.sheetnames
        chosen = _pick_sheet(names, sheet, name)
        rows = [[_cell_text(v) for v in row] for row in book[chosen].iter_rows(values_only=True)]
    finally:
        book.close()
    width = max((len(r) for r in rows), default=0)
    records = [(i + 1, r + [""] * (width - len(r))) for i, r in enumerate(rows)]
    return records, chosen, tuple(names)


def _pick_sheet(names: list[str], sheet: str | int | None, name: str) -> str:
    if sheet is None:
        return names[0]
    if isinstance(sheet, int) and not isinstance(sheet, bool):
        if 0 <= sheet < len(names):
            return names[sheet]
        raise LoadError(f"'{name}' has {len(names)} sheet(s), so there is no sheet number "
                        f"{sheet + 1}.", "sheet", sheet=sheet)
    if sheet in names:
        return sheet
    raise LoadError(f"There is no sheet '{sheet}' in '{name}'; its sheets are: "
                    f"{', '.join(names)}.", "sheet", sheet=sheet)


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


# ---------------------------------------------------------------- records -> table


def _clean(value: str) -> str:
    """Trim spaces (full-width U+3000 and no-break too) and invisible marks; line breaks as \\n."""
    if "\r" in value:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = value.strip()
    if value and (value[0] in _INVISIBLE or value[-1] in _INVISIBLE):
        value = value.strip(_INVISIBLE).strip()
    return value


def _table(records, label: str, where: str):
    """Header, data rows (all the header's width) and warnings; bad shapes are refused.

    `label` names the file (or the sheet) in messages; `where` is "Line" or "Row".
    """
    records = [(n, list(map(_clean, fields))) for n, fields in records]
    blank = [n for n, fields in records if fields and not any(fields)]
    records = [(n, fields) for n, fields in records if any(fields)]
    if not records:
        raise LoadError(f"{label} is empty.", "empty")
    header = records[0][1]
    width = max(i for i, h in enumerate(header) if h) + 1  # trailing empty columns go
    rows = []
    for n, fields in records[1:]:
        rows.append(_fit_row(n, fields, width, where))
    if not rows:
        raise LoadError(f"{label} has a header row but no data rows.", "header_only")
    header, rows, warnings = _name_columns(header[:width], rows)
    if len(header) < 2:
        raise LoadError(
            f"Only one column ('{header[0]}') was found in {label[0].lower()}{label[1:]}, so "
            "there is nothing to split "
            "on; separate values with commas, semicolons, tabs or full-width commas.",
            "one_column")
    if blank:
        warnings.append(f"Skipped {len(blank)} empty row(s).")
    if all(_NUMBER.fullmatch(h) for h in header):
        warnings.append("Every column name is a number; is the first row data rather than a "
                        "header?")
    return header, rows, warnings


def _fit_row(n: int, fields: list[str], width: int, where: str) -> list[str]:
    if len(fields) > width and not any(fields[width:]):
        return fields[:width]  # trailing empty columns (Excel's ",,,")
    if len(fields) == width:
        return fields
    if any("\n" in f or "\r" in f for f in fields):
        raise LoadError(f"{where} {n} has a quoted value that is never closed properly, so it "
                        f"has {len(fields)} values instead of {width}.", "ragged", line=n)
    raise LoadError(
        f"{where} {n} has {len(fields)} values but the header has {width} columns; quote values "
        "that contain the delimiter.", "ragged", line=n, found=len(fields), expected=width)


def _name_columns(header: list[str], rows: list[list[str]]):
    """Drop unnamed empty columns, name unnamed ones with data, refuse duplicate names."""
    keep, names, warnings = [], [], []
    for i, h in enumerate(header):
        if not h and not any(r[i] for r in rows):
            continue
        if not h:
            h = f"column_{i + 1}"
            warnings.append(f"Column {i + 1} has no name in the header; it is called '{h}'.")
        if h in names:
            first = header.index(h) + 1
            raise LoadError(f"The column name '{h}' appears twice in the header (columns {first} "
                            f"and {i + 1}); rename one of them.", "duplicate_column", column=h)
        keep.append(i)
        names.append(h)
    return names, [[r[i] for i in keep] for r in rows], warnings


def _frame(header: list[str], rows: list[list[str]], markers: set[str]):
    columns, warnings = {}, []
    for j, name in enumerate(header):
        raw = [r[j] for r in rows]
        column_markers = markers
        if "-" in markers and _signs(raw):
            column_markers = markers - {"-"}
            warnings.append(f"Column '{name}' holds '+' and '-', so '-' is read as a value, "
                            "not as missing.")
        longest = max(map(len, column_markers))
        values = [None if len(v) <= longest and v.casefold() in column_markers else v
                  for v in raw]
        columns[name], note = _column(name, values)
        if note:
            warnings.append(note)
    return pd.DataFrame(columns), warnings


def _signs(raw: list[str]) -> bool:
    """A +/- column (Quinlan's classes): '-' is the opposite of '+', not a missing value."""
    seen = set(raw) - {""}
    return "+" in seen and "-" in seen and seen <= {"+", "-"}


def _column(name: str, values: list[str | None]) -> tuple[pd.Series, str | None]:
    """float64 when every known value is a number (and no code has a leading zero), else text."""
    known = [v for v in values if v is not None]
    normal = [_ascii_digits(v) for v in known]
    numbers = [bool(_NUMBER.fullmatch(v)) for v in normal]
    finite = sum(numbers)
    looks = finite + sum(not n and v.casefold() in _NONFINITE for v, n in zip(
        normal, numbers, strict=True))
    codes = finite and any(_LEADING_ZERO.match(v) for v in normal)
    if known and looks == len(known) and finite and not codes:
        return _numeric(name, values)
    series = pd.Series([np.nan if v is None else v for v in values], dtype=object)
    if len(known) >= 5 and finite < len(known) and finite >= 0.8 * len(known) and not codes:
        odd = next(v for v, n in zip(known, numbers, strict=True) if not n)
        return series, (f"Column '{name}' is read as text because of values such as '{odd}' "
                        "among its numbers.")
    return series, None


def _ascii_digits(value: str) -> str:
    """Full-width digits and signs (０．５) as ASCII, so they read as numbers."""
    return value if value.isascii() else unicodedata.normalize("NFKC", value)


def _numeric(name: str, values: list[str | None]) -> tuple[pd.Series, str | None]:
    """Numbers as float64; inf and NaN are unknown values, said so in a warning."""
    numbers = np.array(
        [np.nan if v is None else float(_ascii_digits(v)) for v in values],
        dtype=float)
    nonfinite = sorted({v for v in values if v is not None and v.casefold() in _NONFINITE})
    numbers[~np.isfinite(numbers)] = np.nan
    note = None
    if nonfinite:
        count = sum(v is not None and v.casefold() in _NONFINITE for v in values)
        note = (f"Column '{name}' has {count} value(s) that are not finite numbers "
                f"({', '.join(nonfinite)}), read as missing.")
    return pd.Series(numbers, dtype="float64"), note


# ---------------------------------------------------------------- choosing target and attributes


def prepare(
    table: LoadedTable | pd.DataFrame,
    target: str,
    *,
    include_ids: bool = False,
    exclude=(),
    nominal=(),
    continuous=(),
) -> Prepared:
    """Split a loaded table into attributes X and target y, refusing what cannot be grown.

    Rows without a target value are dropped and counted. ID-like columns are left out unless
    `include_ids` or named in `nominal`/`continuous`; `exclude` wins over both.
    """
    frame = table.frame if isinstance(table, LoadedTable) else table
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
    declared = {*nominal, *continuous}
    excluded = {}
    for col in data.columns:
        reason = _exclusion(data[col], col, target, exclude, declared, include_ids)
        if reason:
            excluded[col] = reason
    attrs = [c for c in data.columns if c != target and c not in excluded]
    if not attrs:
        raise LoadError(f"No attribute columns are left besides the target '{target}'; include "
                        "at least one.", "no_attributes")
    X = data[attrs].copy()
    # An included ID is a many-valued nominal attribute (the textbook's 编号), not a measure.
    ids = [c for c in attrs if c not in declared and is_id_like(X[c])]
    try:
        kinds = resolve_kinds(X, [c for c in attrs if c in nominal or c in ids],
                              [c for c in continuous if c in attrs])
    except DataError as err:
        raise LoadError(str(err), "kinds") from None
    for col in attrs:
        if kinds[col] == CONTINUOUS and not is_numeric(X[col]):
            X[col] = pd.to_numeric(X[col], errors="coerce").astype("float64")
        _check_branches(X[col], col, kinds[col])
    notes = [*([f"Dropped {dropped} row(s) with no value for the target '{target}'."]
               if dropped else []), *excluded.values()]
    return Prepared(X, y, kinds, excluded, dropped, tuple(notes))


def _check_names(frame: pd.DataFrame, target: str, named) -> None:
    columns = ", ".join(map(str, frame.columns))
    if target not in frame.columns:
        raise LoadError(f"Unknown target column '{target}'; the columns are: {columns}.",
                        "unknown_target", column=target)
    for name in named:
        if name not in frame.columns:
            raise LoadError(f"Unknown column '{name}'; the columns are: {columns}.",
                            "unknown_column", column=name)


def _target(y: pd.Series, target: str, dropped: int) -> pd.Series:
    """The classes as text; one class, or a numeric target with many values, is refused."""
    classes = pd.unique(y)
    if is_numeric(y) and len(classes) > MAX_TARGET_VALUES:
        raise LoadError(
            f"The target '{target}' is a number with {len(classes)} different values, which is "
            "regression; this tool classifies, so choose a column of classes or group the "
            "numbers into ranges first.", "numeric_target", column=target, values=len(classes))
    if len(classes) < 2:
        after = f" after dropping {dropped} row(s) with no value" if dropped else ""
        raise LoadError(f"The target '{target}' has only one class ('{text_value(classes[0])}')"
                        f"{after}; a tree needs at least two.", "one_class", column=target)
    return pd.Series([text_value(v) for v in y], dtype=object, name=target)


def _exclusion(series, col, target, exclude, declared, include_ids) -> str | None:
    if col == target:
        return None
    if col in exclude:
        return f"'{col}' is excluded, as asked."
    if series.isna().all():
        return f"'{col}' is left out because it has no values."
    if not include_ids and col not in declared and is_id_like(series):
        return (f"'{col}' is left out because it has a different value in every row, like a row "
                "number, so it cannot generalise; include ID columns to see ID3's bias toward "
                "many-valued attributes.")
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
