"""Catalogue section: lessons (see ui/sections/__init__.py)."""

from __future__ import annotations

EN: dict[str, str] = {}

ZH: dict[str, str] = {}
