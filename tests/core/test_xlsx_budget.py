"""An .xlsx under the app's budget, from workbooks built part by part with zipfile: a small
file can unpack to gigabytes (a 200 MB cell, ten million shared strings), write its tags with
a namespace prefix, or hold rows and a declared size that are only formatting."""

from __future__ import annotations

import io
import zipfile

import pytest

from dtree_core import loading
from dtree_core.budget import XML_BYTES_PER_CELL, Budget, BudgetError
from dtree_core.loading import load_bytes, xlsx_sheet_names

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"


def workbook(sheets: dict[str, str], shared: str | None = None) -> bytes:
    """A workbook of these sheets (name -> the XML inside <sheetData>, or a whole part when
    it starts with '<?xml'), with a sharedStrings part when `shared` holds its <si> entries."""
    names = list(sheets)
    links = "".join(f'<Relationship Id="rId{i + 1}" Type="{RELS}/worksheet" '
                    f'Target="worksheets/sheet{i + 1}.xml"/>' for i in range(len(names)))
    if shared is not None:
        links += f'<Relationship Id="rIdS" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/>'
    listed = "".join(f'<sheet name="{n}" sheetId="{i + 1}" r:id="rId{i + 1}"/>'
                     for i, n in enumerate(names))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", content_types(len(names), shared is not None))
        archive.writestr("_rels/.rels", f'<Relationships xmlns="{PACKAGE}"><Relationship Id="r"'
                         f' Type="{RELS}/officeDocument" Target="xl/workbook.xml"/>'
                         "</Relationships>")
        archive.writestr("xl/workbook.xml", f'<workbook xmlns="{MAIN}" xmlns:r="{RELS}">'
                         f"<sheets>{listed}</sheets></workbook>")
        archive.writestr("xl/_rels/workbook.xml.rels",
                         f'<Relationships xmlns="{PACKAGE}">{links}</Relationships>')
        for i, body in enumerate(sheets.values()):
            part = body if body.startswith("<?xml") else (
                f'<worksheet xmlns="{MAIN}"><sheetData>{body}</sheetData></worksheet>')
            archive.writestr(f"xl/worksheets/sheet{i + 1}.xml", part)
        if shared is not None:
            archive.writestr("xl/sharedStrings.xml", f'<sst xmlns="{MAIN}">{shared}</sst>')
    return buffer.getvalue()


def content_types(n_sheets: int, shared: bool) -> str:
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    parts = [("/xl/workbook.xml", "sheet.main"), *(
        (f"/xl/worksheets/sheet{i + 1}.xml", "worksheet") for i in range(n_sheets)),
        *([("/xl/sharedStrings.xml", "sharedStrings")] if shared else [])]
    overrides = "".join(f'<Override PartName="{name}" ContentType="{kind}.{what}+xml"/>'
                        for name, what in parts)
    return ('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            f"{overrides}</Types>")


def cells(values, prefix: str = "") -> str:
    p = f"{prefix}:" if prefix else ""
    return "".join(f'<{p}c t="inlineStr"><{p}is><{p}t>{v}</{p}t></{p}is></{p}c>' for v in values)


def rows(n: int, prefix: str = "") -> list[str]:
    """A header and n data rows of two columns."""
    p = f"{prefix}:" if prefix else ""
    table = [["x", "y"]] + [[str(i % 3), "pq"[i % 2]] for i in range(n)]
    return [f"<{p}row>{cells(values, prefix)}</{p}row>" for values in table]


def refusal(call) -> BudgetError:
    with pytest.raises(BudgetError) as caught:
        call()
    return caught.value


@pytest.fixture
def no_openpyxl(monkeypatch):
    import openpyxl

    def never(*args, **kwargs):
        raise AssertionError("openpyxl opened a workbook the budget refuses")

    monkeypatch.setattr(openpyxl, "load_workbook", never)


# ------------------------------------------------------------ the XML a sheet unpacks to


def test_one_huge_cell_is_refused_by_the_unpacked_size_before_openpyxl(no_openpyxl):
    big = "".join(rows(2)).replace(">0<", ">" + "A" * 50_000 + "<", 1)
    data = workbook({"S": big})
    assert len(data) < 5_000  # the cells limit saw six cells
    error = refusal(lambda: load_bytes(data, "big.xlsx", budget=Budget(unpacked_bytes=40_000)))
    assert error.code == "budget.unpacked_bytes" and error.details["figure"] > 50_000
    assert "unpack to" in str(error) and "limit of 40,000" in str(error)


def test_shared_strings_count_in_the_unpacked_size(no_openpyxl):
    body = '<row><c t="s"><v>0</v></c><c t="s"><v>0</v></c></row>' * 2
    data = workbook({"S": body}, shared="<si><t>a</t></si>" * 20_000)
    error = refusal(lambda: load_bytes(data, "shared.xlsx", budget=Budget(unpacked_bytes=100_000)))
    assert error.code == "budget.unpacked_bytes" and error.details["figure"] > 20_000 * 17


def test_only_the_chosen_sheet_counts_among_the_sheets():
    data = workbook({"big": "".join(rows(3_000)), "small": "".join(rows(5))})
    budget = Budget(unpacked_bytes=20_000)
    assert load_bytes(data, "two.xlsx", sheet="small", budget=budget).frame.shape == (5, 2)
    error = refusal(lambda: load_bytes(data, "two.xlsx", sheet="big", budget=budget))
    assert error.code == "budget.unpacked_bytes"


def test_sheet_names_are_read_without_openpyxl(no_openpyxl):
    data = workbook({"first": "".join(rows(2)), "second": "".join(rows(2))},
                    shared="<si><t>a</t></si>" * 1_000)
    assert xlsx_sheet_names(data, Budget()) == ["first", "second"]
    assert xlsx_sheet_names(b"not a zip", Budget()) == []


def test_the_unpacked_limit_follows_the_cells_limit_unless_set():
    assert Budget().unpacked_bytes == Budget().cells * XML_BYTES_PER_CELL
    assert Budget.configured({"DTREE_BUDGET_CELLS": "1000"}).unpacked_bytes == (
        1000 * XML_BYTES_PER_CELL)
    assert Budget.configured({"DTREE_BUDGET_CELLS": "none"}).unpacked_bytes is None
    assert Budget.configured({"DTREE_BUDGET_UNPACKED_BYTES": "5000"}).unpacked_bytes == 5000
    assert Budget.unlimited().unpacked_bytes is None


# ------------------------------------------------------------ counting rows and cells


def test_a_sheet_written_with_a_namespace_prefix_is_counted_before_openpyxl(no_openpyxl):
    body = "".join(rows(3_000, prefix="x"))
    part = (f'<?xml version="1.0"?><x:worksheet xmlns:x="{MAIN}"><x:sheetData>{body}'
            "</x:sheetData></x:worksheet>")
    error = refusal(lambda: load_bytes(workbook({"S": part}), "x.xlsx", budget=Budget(rows=2_000)))
    assert error.code == "budget.rows" and error.details["figure"] == 3_000


@pytest.mark.parametrize("chunk", [37, 1 << 20], ids=["tags cut between chunks", "one chunk"])
def test_rows_and_cells_are_counted_exactly_beside_longer_names(no_openpyxl, monkeypatch,
                                                                 chunk):
    """Counted as bytes where no tag has a prefix: <cols>, <col>, <rowBreaks> and <cfRule>
    begin as a cell's or a row's tag does, and are not counted, wherever the chunks cut."""
    monkeypatch.setattr(loading, "XML_CHUNK", chunk)
    body = "".join(rows(300))
    part = (f'<?xml version="1.0"?><worksheet xmlns="{MAIN}"><cols><col min="1" max="2"/>'
            f"</cols><sheetData>{body}</sheetData><conditionalFormatting><cfRule/>"
            '</conditionalFormatting><rowBreaks count="1"><brk id="5"/></rowBreaks></worksheet>')
    error = refusal(lambda: load_bytes(workbook({"S": part}), "x.xlsx", budget=Budget(rows=250)))
    assert error.code == "budget.rows" and error.details["figure"] == 300
    assert not error.details.get("more_than")
    error = refusal(lambda: load_bytes(workbook({"S": part}), "x.xlsx",
                                       budget=Budget(cells=500, unpacked_bytes=None)))
    assert error.code == "budget.cells" and error.details["figure"] > 500


def test_a_small_workbook_of_empty_rows_is_refused_by_its_count(no_openpyxl):
    """<row/> tags alone (a 188 KB workbook held 21 million, refused in 4.6 s): counted
    as bytes, the figure whole."""
    data = workbook({"S": "".join(rows(1)) + "<row/>" * 300_000})
    assert len(data) < 100_000
    error = refusal(lambda: load_bytes(data, "empty.xlsx", budget=Budget()))
    assert error.code == "budget.rows" and error.details["figure"] == 300_001


def test_prefixed_rows_past_the_limit_stop_the_count(no_openpyxl, monkeypatch):
    """A prefix's tags are matched by a pattern (about 0.2 µs a tag): their count stops at
    the first chunk past the limit and says "more than", so millions of <x:row/> are refused
    as fast as the limit's rows are read."""
    monkeypatch.setattr(loading, "XML_CHUNK", 4_096)
    body = "".join(rows(2)) .replace("<row>", "<x:row>").replace("</row>", "</x:row>") + \
        "<x:row/>" * 50_000
    part = (f'<?xml version="1.0"?><worksheet xmlns="{MAIN}" xmlns:x="{MAIN}"><sheetData>'
            f"{body}</sheetData></worksheet>")
    counted = []
    found = loading._tags
    monkeypatch.setattr(loading, "_tags", lambda *a: counted.append(1) or found(*a))
    error = refusal(lambda: load_bytes(workbook({"S": part}), "x.xlsx", budget=Budget(rows=1_000)))
    assert error.code == "budget.rows" and error.details["more_than"]
    assert len(counted) < 50_000 * 8 / 4_096  # stopped well before the end


def test_a_count_stopped_at_the_limit_says_more_than_not_a_wrong_figure():
    from dtree_core.cli_messages import error_text

    # rows numbered past those written: openpyxl yields the rows between, the tags do not
    body = "".join(rows(2)).replace("<row>", '<row r="1">', 1) + (
        f'<row r="500">{cells(["1", "p"])}</row>')
    error = refusal(lambda: load_bytes(workbook({"S": body}), "gap.xlsx",
                                       budget=Budget(rows=100)))
    assert error.code == "budget.rows" and error.details["more_than"]
    assert "more than 100 rows" in str(error) and "101" not in str(error)
    assert error_text(error, "zh") == ("文件超过了 --budget 的 100 行上限：请对数据行抽样，"
                                       "或去掉 --budget。")


def test_a_declared_dimension_is_not_taken_for_the_columns():
    """openpyxl padded each row to <dimension ref="A1:XFD20"/>: 16,384 columns for two."""
    part = (f'<?xml version="1.0"?><worksheet xmlns="{MAIN}"><dimension ref="A1:XFD20"/>'
            f'<sheetData>{"".join(rows(19))}</sheetData></worksheet>')
    assert load_bytes(workbook({"S": part}), "d.xlsx", budget=Budget()).frame.shape == (19, 2)


def test_a_picture_in_the_workbook_does_not_count_in_the_unpacked_size():
    """A read-only load never opens xl/media or xl/drawings: a photo beside the table is no
    reason to refuse it (a reviewer's finding: every part but the other sheets counted)."""
    plain = workbook({"S": "".join(rows(3))})
    buffer = io.BytesIO(plain)
    with zipfile.ZipFile(buffer, "a") as archive:
        archive.writestr("xl/media/image1.png", b"\0" * 200_000)
        archive.writestr("xl/drawings/drawing1.xml", "<xdr/>" * 20_000)
    loaded = load_bytes(buffer.getvalue(), "photo.xlsx", budget=Budget(unpacked_bytes=20_000))
    assert loaded.frame.shape == (3, 2)


def test_running_out_of_memory_opening_a_workbook_is_not_called_an_unreadable_file(
        monkeypatch):
    """A MemoryError is the server's trouble: raised as it is, so that it is not remembered
    as "not a readable workbook" for the file (ui.engine keeps refusals)."""
    import openpyxl

    def out_of_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(openpyxl, "load_workbook", out_of_memory)
    with pytest.raises(MemoryError):
        load_bytes(workbook({"S": "".join(rows(3))}), "t.xlsx")
