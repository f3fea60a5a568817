"""The bundled classroom datasets: a catalogue (assets/datasets/catalog.json) and a loader."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dtree_core.loading import LoadedTable, LoadError, load_path

ASSETS = Path(__file__).resolve().parent.parent / "assets" / "datasets"
CATALOG = ASSETS / "catalog.json"


@dataclass(frozen=True)
class BundledDataset:
    key: str
    name: str
    description: str
    source: str
    target: str  # the suggested target column
    language: str  # "zh" or "en": the language of the column names and values
    licence: str
    path: Path
    name_zh: str = ""
    description_zh: str = ""
    source_zh: str = ""
    validation: str | None = None  # key of the paired validation set (pruning chapter)


@cache
def _catalog() -> tuple[BundledDataset, ...]:
    entries = json.loads(CATALOG.read_text(encoding="utf-8"))
    return tuple(
        BundledDataset(
            key=e["key"], name=e["name"], description=e["description"], source=e["source"],
            target=e["target"], language=e["language"], licence=e["licence"],
            path=ASSETS / e["file"], name_zh=e.get("name_zh", ""),
            description_zh=e.get("description_zh", ""), source_zh=e.get("source_zh", ""),
            validation=e.get("validation"))
        for e in entries)


def bundled() -> list[BundledDataset]:
    """Every bundled dataset, in catalogue order (textbook tables first)."""
    return list(_catalog())


def get(key: str) -> BundledDataset:
    """The catalogue entry for `key`; an unknown key is a LoadError naming the known ones."""
    for dataset in _catalog():
        if dataset.key == key:
            return dataset
    keys = ", ".join(d.key for d in _catalog())
    raise LoadError(f"Unknown dataset '{key}'; the bundled datasets are: {keys}.",
                    "unknown_dataset", key=key)


def load_bundled(key: str) -> LoadedTable:
    """Load a bundled dataset with the same loader as a user's file."""
    return load_path(get(key).path)
