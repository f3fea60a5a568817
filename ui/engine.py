"""The cached calls into dtree_core: loading a file and growing a tree from its bytes.

Caches are keyed on (file bytes, options) as the issue asks, and bounded with max_entries
so a busy server keeps a handful of tables and traces, not every one ever grown.
"""

from __future__ import annotations

import hashlib
import io

import streamlit as st

from dtree_core import DecisionTree
from dtree_core.loading import load_bytes, prepare


def data_key(data: bytes) -> str:
    """A short fingerprint of file bytes, naming a dataset in session state."""
    return hashlib.sha1(data).hexdigest()[:16]


@st.cache_data(max_entries=16, show_spinner=False)
def load_table(data: bytes, filename: str, sheet: str | None = None,
               encoding: str | None = None):
    """The loader's table and report for these bytes (LoadError propagates, uncached)."""
    return load_bytes(data, filename, sheet=sheet, encoding=encoding)


@st.cache_data(max_entries=16, show_spinner=False)
def sheet_names(data: bytes, filename: str) -> list[str]:
    """An .xlsx workbook's sheets, so the user can pick one even when the first won't load."""
    if not filename.lower().endswith(".xlsx"):
        return []
    import openpyxl

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
    except Exception:  # noqa: BLE001 - a broken workbook is the loader's to report
        return []
    try:
        return list(book.sheetnames)
    finally:
        book.close()


@st.cache_data(max_entries=16, show_spinner=False)
def prepared_data(data: bytes, filename: str, options: dict):
    """The loaded sheet prepared with the sidebar's target, attributes and kinds."""
    table = load_table(data, filename, options.get("sheet"), options.get("encoding"))
    columns = [str(c) for c in table.frame.columns]
    exclude = [c for c in columns if c != options["target"] and c not in options["attributes"]]
    return prepare(table, options["target"], exclude=exclude, nominal=options["nominal"],
                   continuous=options["continuous"], include_ids=True)


@st.cache_data(max_entries=24, show_spinner=False)
def grow_trace(data: bytes, filename: str, options: dict) -> dict:
    """Load, prepare and fit; the trace dict the pages replay."""
    prepared = prepared_data(data, filename, options)
    kinds = prepared.kinds
    model = DecisionTree(
        algorithm=options["algorithm"], max_depth=options["max_depth"],
        min_samples_split=options["min_samples_split"], min_gain=options["min_gain"],
        seed=options["seed"], force=options.get("force") or None,
        tie_break=options.get("tie_break", "first"),
        nominal=[c for c, k in kinds.items() if k == "nominal"],
        continuous=[c for c, k in kinds.items() if k == "continuous"])
    return model.fit(prepared.X, prepared.y).trace_.to_dict()
