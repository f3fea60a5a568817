"""The cached calls into dtree_core: loading a file and growing a tree from its bytes.

Caches are keyed on (file bytes, data choices, Options) as the issue asks, and bounded with
max_entries so a busy server keeps a handful of tables and traces, not every one ever grown.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
from dataclasses import asdict

import streamlit as st
from streamlit.errors import StreamlitSecretNotFoundError

from dtree_core import DecisionTree
from dtree_core.budget import Budget
from dtree_core.loading import load_bytes, prepare
from dtree_core.options import Options


@functools.cache
def app_budget() -> Budget:
    """The server's resource budget: defaults, secrets.toml's [budget], DTREE_BUDGET_*."""
    try:
        secrets = {"budget": dict(st.secrets["budget"])} if "budget" in st.secrets else {}
    except (FileNotFoundError, KeyError, StreamlitSecretNotFoundError):
        secrets = {}  # no secrets file: the defaults and the environment
    return Budget.configured(secrets=secrets)


def data_key(data: bytes) -> str:
    """A short fingerprint of file bytes, naming a dataset in session state."""
    return hashlib.sha1(data).hexdigest()[:16]


@st.cache_data(max_entries=16, show_spinner=False)
def load_table(data: bytes, filename: str, sheet: str | None = None,
               encoding: str | None = None):
    """The loader's table and report for these bytes (LoadError propagates, uncached)."""
    return load_bytes(data, filename, sheet=sheet, encoding=encoding, budget=app_budget())


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


def trace_key(data: bytes, choices: dict, options: Options) -> str:
    """Names one grown tree: the file, the data choices and every option."""
    settings = json.dumps([choices, asdict(options)], sort_keys=True, ensure_ascii=False)
    return data_key(data + settings.encode())


@st.cache_data(max_entries=16, show_spinner=False)
def prepared_data(data: bytes, filename: str, choices: dict, nominal: tuple[str, ...],
                  continuous: tuple[str, ...]):
    """The loaded sheet prepared with the sidebar's target, attributes and kinds.

    Keyed on the kinds alone of all the options, so changing the algorithm reuses it.
    """
    table = load_table(data, filename, choices.get("sheet"), choices.get("encoding"))
    columns = [str(c) for c in table.frame.columns]
    exclude = [c for c in columns if c != choices["target"] and c not in choices["attributes"]]
    return prepare(table, choices["target"], exclude=exclude, nominal=list(nominal),
                   continuous=list(continuous), include_ids=True, budget=app_budget())


def ready(data: bytes, filename: str, choices: dict, options: Options):
    """(X, y, options with every attribute's kind filled in as the prepared data decided)."""
    prepared = prepared_data(data, filename, choices, options.nominal, options.continuous)
    return prepared.X, prepared.y, options.with_kinds(prepared.kinds)


@st.cache_data(max_entries=24, show_spinner=False)
def grow_trace(data: bytes, filename: str, choices: dict, options: Options) -> dict:
    """Load, prepare and fit; the trace dict the pages replay."""
    X, y, fitted = ready(data, filename, choices, options)
    model = DecisionTree.from_options(fitted).fit(X, y, budget=app_budget())
    return model.trace_.to_dict()
