"""A dataset's name as the pages show it, in the language of the moment it is shown.

A bundled dataset is named from its catalogue key each time, never from a name saved when it
was picked: the language may have changed since (a refused upload kept the Chinese name of the
dataset before it in the English sidebar). An uploaded file is named by its file name.
"""

from __future__ import annotations

from dtree_core.datasets import BundledDataset, get
from ui.messages import current_language


def in_language(entry: BundledDataset, field: str = "name", lang: str | None = None) -> str:
    """A bundled dataset's name, description or source: the catalogue's Chinese when the UI
    speaks Chinese and has one, else its English."""
    chinese = getattr(entry, f"{field}_zh", "")
    return chinese if (lang or current_language()) == "zh" and chinese \
        else getattr(entry, field)


def bundled_name(key: str, lang: str | None = None) -> str:
    return in_language(get(key), lang=lang)


def dataset_name(dataset: dict | None, lang: str | None = None) -> str:
    """The name of a dataset as session state keeps it (the sidebar's, or the one a tree grew
    from: current["source"]); "" for none."""
    if not dataset:
        return ""
    key = dataset.get("bundled_key")
    return bundled_name(key, lang) if key else dataset["name"]


def tree_dataset_name(current: dict | None) -> str:
    """The name of the dataset the shown tree grew from (not the sidebar's: a refused upload
    or growth leaves the tree of the dataset before)."""
    return dataset_name((current or {}).get("source"))


def dataset_identity(dataset: dict) -> tuple[str | None, str]:
    """What tells datasets of the same bytes apart: a bundled set's key (None for an upload)
    and the file's name."""
    return dataset.get("bundled_key"), dataset["filename"]
