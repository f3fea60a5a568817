"""Write the loader's corpus of unusual and broken files: `python tests/core/corpus/make_corpus.py`.

Every file is committed; test_loading_corpus.py says what each must parse to (the same table as
clean_utf8.csv or multiline_clean.csv) or the exact sentence it must be refused with.
"""

from __future__ import annotations

import csv
import gzip
import io
import random
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

HEADER = ["编号", "色泽", "根蒂", "密度", "等级", "好瓜"]
ROWS = [
    ["1", "青绿", "蜷缩", "0.697", "1", "是"],
    ["2", "乌黑", "稍蜷", "0.774", "2", "是"],
    ["3", "浅白", "", "0.634", "3", "否"],
    ["4", "青绿", "硬挺", "", "1", "否"],
    ["5", "乌黑 亮", "蜷缩", "0.556", "2", "是"],
    ["6", "浅白", "稍蜷", "0.403", "3", "否"],
]
MULTI_HEADER = ["name", "note", "class"]
MULTI_ROWS = [
    ["a", "line one\nline two", "yes"],
    ["b", 'says "hi", twice', "no"],
    ["c", "x, y; z\ttab", "yes"],
    ["d", "plain", "no"],
]


def csv_text(header, rows, delimiter=",", newline="\n", quoting=csv.QUOTE_MINIMAL) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator=newline, quoting=quoting)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


CLEAN = csv_text(HEADER, ROWS)


def write(name: str, data: bytes | str, encoding: str = "utf-8") -> None:
    (HERE / name).write_bytes(data.encode(encoding) if isinstance(data, str) else data)


def same_table_variants() -> None:
    """Files that must parse to exactly the table in clean_utf8.csv."""
    write("clean_utf8.csv", CLEAN)
    write("utf8_bom.csv", CLEAN, "utf-8-sig")
    write("gb18030_excel.csv", CLEAN.replace("\n", "\r\n"), "gb18030")
    write("gbk.csv", CLEAN, "gbk")
    write("utf16_unicode_text.txt", "\ufeff" + csv_text(HEADER, ROWS, "\t", "\r\n"), "utf-16-le")
    write("utf16_bom.csv", CLEAN, "utf-16")  # BOM in native (little-endian) order
    write("utf16_be.csv", "\ufeff" + CLEAN, "utf-16-be")
    write("utf16_le_no_bom.csv", CLEAN, "utf-16-le")
    write("semicolon.csv", csv_text(HEADER, ROWS, ";"))
    write("tab.tsv", csv_text(HEADER, ROWS, "\t"))
    write("tab.txt", csv_text(HEADER, ROWS, "\t"))
    write("fullwidth_comma.csv", csv_text(HEADER, ROWS, "\uff0c"))
    write("crlf.csv", CLEAN.replace("\n", "\r\n"))
    write("cr_only.csv", CLEAN.replace("\n", "\r"))
    write("no_final_newline.csv", CLEAN.rstrip("\n"))
    spaced = "\n".join(" , ".join(f"  {v}\t" for v in line.split(",")) for line in
                       CLEAN.splitlines())
    write("stray_spaces.csv", spaced + "\n")
    ideo = "\n".join(",".join(f"\u3000{v}\u3000" if v else v for v in line.split(",")) for line in
                     CLEAN.splitlines())
    write("fullwidth_spaces.csv", ideo + "\n")
    write("trailing_empty_columns.csv", "".join(line + ",,\n" for line in CLEAN.splitlines()))
    write("trailing_blank_rows.csv", CLEAN + ",,,,,\n\n,,,,,\n\n")
    write("quoted_all.csv", csv_text(HEADER, ROWS, quoting=csv.QUOTE_ALL))
    markers = ["NA", "N/A", "?", "null", "-", "NULL", "na"]
    marked = [[v or markers[(i + j) % len(markers)] for j, v in enumerate(r)]
              for i, r in enumerate(ROWS)]
    write("missing_markers.csv", csv_text(HEADER, marked))
    write("excel_semicolon_bom_crlf.csv", csv_text(HEADER, ROWS, ";", "\r\n"), "utf-8-sig")
    full = CLEAN.replace("0.697", "\uff10\uff0e\uff16\uff19\uff17")  # ０．６９７
    write("fullwidth_digits.csv", full)
    write("zero_width_and_nbsp.csv", CLEAN.replace("青绿", "\u200b青绿\u00a0"))


def multiline_variants() -> None:
    """Quoted fields with embedded newlines, quotes and delimiters; all parse like the clean one."""
    text = csv_text(MULTI_HEADER, MULTI_ROWS)
    write("multiline_clean.csv", text)
    write("multiline_crlf.csv", csv_text(MULTI_HEADER, [
        [v.replace("\n", "\r\n") for v in r] for r in MULTI_ROWS], newline="\r\n"))
    write("multiline_cr.csv", csv_text(MULTI_HEADER, [
        [v.replace("\n", "\r") for v in r] for r in MULTI_ROWS], newline="\r"))
    write("multiline_semicolon_gbk.csv", csv_text(MULTI_HEADER, MULTI_ROWS, ";"), "gbk")


def xlsx_files() -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "数据"
    sheet.append(HEADER)
    for r in ROWS:
        sheet.append([_cell(v) for v in r])
    book.save(HERE / "clean.xlsx")

    book = openpyxl.Workbook()
    notes = book.active
    notes.title = "说明"
    notes.append(["这张表是说明"])
    data = book.create_sheet("数据")
    data.append([*HEADER, None, None])  # trailing empty columns
    for r in ROWS:
        data.append([_cell(v) for v in r] + [None, None])
    data.append([None] * 8)
    book.save(HERE / "two_sheets.xlsx")
    shutil_copy(HERE / "clean.xlsx", HERE / "xlsx_renamed.csv")


def shutil_copy(src: Path, dst: Path) -> None:
    dst.write_bytes(src.read_bytes())


def _cell(value: str):
    if value == "":
        return None
    try:
        return int(value)
    except ValueError:
        try:
            return float(value)
        except ValueError:
            return value


def broken_files() -> None:
    """Files the loader must refuse, each with its own sentence."""
    write("empty.csv", b"")
    write("whitespace_only.csv", "\n  \r\n\t\n")
    write("bom_only.csv", b"\xef\xbb\xbf")
    write("header_only.csv", ",".join(HEADER) + "\n")
    write("one_column.csv", "好瓜\n是\n否\n是\n")
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("data.csv", CLEAN)
    write("zip_renamed.csv", archive.getvalue())
    write("gzip_renamed.csv", gzip.compress(CLEAN.encode(), mtime=0))
    write("png_renamed.csv", b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    write("pdf_renamed.csv", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
    write("xls_renamed.csv", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504))
    rng = random.Random(3)
    write("random_binary.csv", bytes(rng.randrange(256) for _ in range(2048)))
    write("control_chars.csv", "a,b\n" + "".join(f"\x01\x02{i},\x03\n" for i in range(50)))
    rows = [r[:] for r in ROWS]
    rows[1] = [*rows[1], "extra"]
    write("ragged_long.csv", csv_text(HEADER, rows))
    rows = [r[:] for r in ROWS]
    rows[2] = rows[2][:-1]
    write("ragged_short.csv", csv_text(HEADER, rows))
    write("unclosed_quote.csv", "a,b,c\n1,\"open,3\n4,5,6\n")
    write("unclosed_quote_middle.csv", "a,b,c\n1,\"open,3\n4,5\"x,6\n7,8,9\n")
    write("duplicate_header.csv", "色泽,根蒂,色泽,好瓜\n青绿,蜷缩,乌黑,是\n乌黑,稍蜷,浅白,否\n")
    write("not_really.xlsx", CLEAN)
    write("value_in_unnamed_column.csv", "a,b,\n1,2,\n3,4,5\n")


def prepare_files() -> None:
    """Files that load but that prepare() must refuse for a given target."""
    cities = [f"city{i:02d}" for i in range(60)]
    lines = ["city,size,label"] + [f"{c},{i % 3},{'yes' if i % 2 else 'no'}"
                                   for i, c in enumerate(cities * 2)]
    write("many_values.csv", "\n".join(lines) + "\n")
    write("one_class.csv", "色泽,好瓜\n青绿,是\n乌黑,是\n浅白,是\n青绿,\n")
    lines = ["x,price"] + [f"{'ab'[i % 2]},{100 + i * 1.5}" for i in range(80)]
    write("numeric_target.csv", "\n".join(lines) + "\n")
    write("target_all_missing.csv", "a,b\n1,NA\n2,?\n3,\n")


def special_files() -> None:
    """Files with a specific, non-clean parse asserted value by value."""
    write("pandas_index.csv", ",色泽,好瓜\n0,青绿,是\n1,乌黑,否\n2,青绿,否\n3,乌黑,是\n")
    write("inf_nan.csv", "x,y,c\n1.5,inf,a\nNaN,2,b\n-inf,3.5,a\n2.5,4,b\n")
    write("codes_and_ranges.csv", "grade,age,zip,c\n1,10-19,007,a\n2,20-29,010,b\n3,10-19,123,a\n")
    write("gb18030_rare.csv", "名字,好瓜\n𠮷野家,是\n青绿,否\n乌黑,是\n".encode("gb18030"))
    write("big5.csv", "色澤,根蒂,好瓜\n青綠,蜷縮,是\n烏黑,稍蜷,否\n淺白,硬挺,是\n".encode("big5"))
    write("plus_minus.csv", "hair,class\nblond,+\ndark,-\nred,+\ndark,-\n")
    write("mostly_numbers.csv", "x,c\n" + "".join(f"{v},{'ab'[i % 2]}\n" for i, v in
                                                enumerate(["1", "2", "3", "4", "5", "six"])))


if __name__ == "__main__":
    same_table_variants()
    multiline_variants()
    xlsx_files()
    broken_files()
    prepare_files()
    special_files()
