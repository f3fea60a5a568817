"""LoadedTable.likely_target: the target a table opens with in the app (ui.setup, ui.state)."""

from __future__ import annotations

import pytest

from dtree_core.loading import load_bytes

ROWS = [("青绿", "0.697", "是"), ("乌黑", "0.774", "是"), ("乌黑", "0.634", "否"),
        ("青绿", "0.608", "否"), ("浅白", "0.556", "是"), ("浅白", "0.403", "否")]
# prices written with thousands separators: read as text, a different value in every row
PRICED = "色泽,密度,好瓜,价格\n" + "".join(
    f'{c},{d},{y},"{k},{100 + 37 * k}"\n' for k, (c, d, y) in enumerate(ROWS, start=1))


def test_the_likely_target_is_the_last_column_that_does_not_number_the_rows():
    table = load_bytes(PRICED.encode(), "价格.csv")
    assert "价格" in table.report.id_columns  # the case this is about
    assert table.likely_target() == "好瓜"
    assert table.likely_target("色泽") == "色泽"  # a catalogue's target is kept
    assert table.likely_target("no such column") == "好瓜"


@pytest.mark.parametrize("text", ["a,b\nx1,y1\nx2,y2\nx3,y3\n", "a,b\n1,y1\n1,y2\n2,y3\n"],
                         ids=["every column an ID", "one other column"])
def test_a_table_with_no_other_column_to_split_on_keeps_the_last(text):
    """No second column that is no ID: the last is the target, and its refusal says it
    looks like an ID (an attribute-less refusal would not say what is wrong)."""
    table = load_bytes(text.encode(), "ids.csv")
    assert "b" in table.report.id_columns
    assert table.likely_target() == "b"
