"""Catalogue sections: the words of one feature, English and Chinese side by side.

Each module here holds EN and ZH dicts with the same keys and placeholders; ui.messages merges
them into the one catalogue, so a feature's words live together and two features never edit
the same dict. tests/app/test_languages.py checks the merged catalogue in both languages.
"""

from __future__ import annotations

from ui.sections import (
    cost_pruning,
    downloads,
    exercises,
    lecture,
    lessons,
    lihang,
    loading,
    manual,
    oblique,
    presets,
    pruning,
    server,
    treecheck,
)

SECTIONS = (pruning, lessons, exercises, server, lecture, oblique, manual, loading, downloads,
            treecheck, presets, lihang, cost_pruning)
