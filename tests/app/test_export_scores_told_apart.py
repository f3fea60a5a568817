"""The Export page's score table and its Markdown and LaTeX downloads write a winner apart from
the rival it beat, as the Grow page's table does (a review found 'island 0.005 ✓' beside
'year 0.005'), and thresholds as the tree's labels write them, not rounded to the decimals
(0.12345 read 0.123, a cut on the wrong side of rows it sends left). The CSV stays exact."""

from __future__ import annotations

import re

import pytest
from app_helpers import content, page_app, trace

from dtree_core.split import format_number, told_apart


def read(markdown: str) -> list[str]:
    """A Markdown table's lines as read (escapes undone)."""
    return [re.sub(r"\\(.)", r"\1", line) for line in markdown.splitlines()]


def has_row(markdown: str, attribute: str) -> bool:
    return any(line.startswith(f"| {attribute} |") for line in read(markdown))


def cells(markdown: str, attribute: str) -> list[str]:
    """The cells of an attribute's row of a Markdown table, as read."""
    line = next(line for line in read(markdown) if line.startswith(f"| {attribute} |"))
    return [c.strip() for c in line.strip("|").split("|")]


def files(downloads) -> list[tuple[str, str]]:
    """The page's downloads as (file name, text)."""
    return [(name, content(data)) for name, data in downloads]


def export_node(algorithm: str, node: int, lang: str, downloads):
    at = page_app("pages/export.py", "penguins", lang, algorithm)
    downloads.clear()
    at.selectbox(key="exp_node").set_value(node).run()
    assert not at.exception and not at.error
    return at, trace(at)["nodes"][node]


def row(node: dict, attribute: str) -> dict:
    return next(r for r in node["scores"] if r["attribute"] == attribute)


def score_markdown(at) -> str:
    return next(m.value for m in at.markdown if has_row(m.value, "island"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_winners_gain_reads_apart_in_the_table_and_its_downloads(lang, downloads):
    """Penguins, ID3, node #18: island's Gain 0.00520 beat year's 0.00467, both '0.005'."""
    at, node = export_node("id3", 18, lang, downloads)
    island, year = row(node, "island")["gain"], row(node, "year")["gain"]
    assert f"{island:.3f}" == f"{year:.3f}" and island > year
    apart = told_apart(island, year, 3)
    assert apart[0] != apart[1]
    markdown = next(d for name, d in files(downloads)
                    if name.endswith(".md") and has_row(d, "island"))
    latex = next(d for name, d in files(downloads) if name.endswith(".tex") and "island & " in d)
    for table in (score_markdown(at), markdown):
        shown = cells(table, "island")[3], cells(table, "year")[3]  # attribute, kind, t, Gain
        assert shown == apart, shown
    assert f" & {apart[0]} & " in latex and f" & {apart[1]} & " in latex


def test_thresholds_are_written_as_the_tree_writes_them(downloads):
    at, node = export_node("c45", 0, "en", downloads)
    continuous = [r for r in node["scores"] if r["threshold"] is not None]
    assert continuous
    markdown = score_markdown(at)
    for r in continuous:
        assert cells(markdown, r["attribute"])[2] == format_number(r["threshold"])
    assert any(format_number(r["threshold"]) != f"{r['threshold']:.3f}" for r in continuous)
    csv_text = next(d for name, d in files(downloads)
                    if name.endswith(".csv") and "\nisland," in d)
    assert repr(continuous[0]["threshold"]) in csv_text  # exact
