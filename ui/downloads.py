"""Download file names: the dataset's name and what the file holds, in the session's language
('西瓜数据集_2.0_决策树.svg', 'Watermelon_2.0_(Chinese)_tree.svg').

The names come from the data (an upload's file name, a catalogue entry), so they are made
safe here: no path separators, no characters Windows refuses, no control or bidi-format
characters, no leading dots, and a bounded length. Streamlit sends a non-ASCII name with an
RFC 5987 filename* parameter; tests/app/test_download_names.py checks it accepts one.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import PurePosixPath

import streamlit as st

from ui.messages import t
from ui.names import tree_dataset_name

MAX_STEM = 80  # characters: whole names stay well under the 255-byte limit of file systems
DATA_SUFFIXES = (".csv", ".tsv", ".txt", ".xlsx", ".xlsm", ".xls")
_UNSAFE = re.compile(r'[\\/:*?"<>|]')  # separators and what Windows refuses in a name
_GAPS = re.compile(r"[\s·_]+")


def safe_stem(text) -> str:
    """Text as a piece of a file name: controls and format characters (bidi overrides) go,
    unsafe characters and runs of space become '_', no dot or '_' at either end."""
    kept = "".join(ch for ch in str(text) if unicodedata.category(ch)[0] != "C")
    return _GAPS.sub("_", _UNSAFE.sub("_", kept)).strip("._ ")[:MAX_STEM].rstrip("._ ")


def _dataset_stem(name: str) -> str:
    """An upload's name without its data suffix ('西瓜.csv · Sheet1' keeps its sheet)."""
    head, dot, tail = name.partition(" · ")
    if head.lower().endswith(DATA_SUFFIXES):
        head = PurePosixPath(head.replace("\\", "/")).stem
    return head + dot + tail


def file_name(what: str, ext: str, dataset: str | None = None) -> str:
    """'<dataset>_<what>.<ext>' with the catalogue's word for what (file.<what>); the dataset
    is the current tree's (its name in the session's language) unless given."""
    if dataset is None:
        dataset = tree_dataset_name(st.session_state.get("current"))
    parts = (safe_stem(_dataset_stem(str(dataset))), safe_stem(t(f"file.{what}")))
    return f"{'_'.join(p for p in parts if p) or what}.{ext}"
