"""The resources one request may use, in one place: what a shared classroom server allows.

The app reads its budget from the environment (DTREE_BUDGET_ROWS=…, or "none" for no
limit) or from a deployment's `.streamlit/secrets.toml` ([budget] rows = …); the CLI and the
API use none unless asked (`--budget`). Each limit is checked before the work it bounds,
and reaching one raises BudgetError: which limit, the figure, and what to do, as a stable
code with details so the UI words it in its language.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace

from .data import CodedError, DataError, Listed


class BudgetError(DataError):
    """A limit of the budget was reached; `code` is budget.<limit>, `details` the figures."""

    def __init__(self, message: str, limit: str, **details):
        super().__init__(message)
        self.code = f"budget.{limit}"
        self.details = {"limit": limit, **details}


ADVICE = {
    "rows": "sample the rows, or run the command-line tool, which has no limits",
    "columns": "drop columns you do not need, or run the command-line tool",
    "cells": "sample the rows or drop columns, or run the command-line tool",
    "unpacked_bytes": ("save the sheet alone in a new workbook, shorten long texts, or save it as "
                       "CSV, or run the command-line tool"),
    "classes": "choose another target column, or group its values",
    "nodes": "set a max depth or a minimum samples to split, or run the command-line tool",
    "depth": "set a max depth, or run the command-line tool",
    "seconds": "set a max depth, sample the rows, or run the command-line tool",
    "entries": ("sample the rows or use fewer attributes, or run the command-line tool (without "
                "copies of rows, only the root can pass it: a max depth would not help)"),
}
# Where rows with a missing value went down several branches, what to do about their copies.
COPIES_ADVICE = {"entries": ("set a min branch weight (C4.5's minimum objects), a max depth, or "
                             "fill in the missing values, or run the command-line tool")}

# What a growing check measured: the tree so far, or the time spent, not a need.
FOUND = {
    "rows": "The file has {figure} rows",
    "columns": "The file has {figure} columns",
    "cells": "The file has {figure} cells",
    "unpacked_bytes": "The sheet and the workbook's shared parts unpack to {figure} bytes",
    "classes": "The target has {figure} classes",
    "nodes": "The tree has reached {figure} nodes",
    "depth": "The tree has reached depth {figure}",
    "seconds": "Growing has taken {figure} seconds",
    "seconds.pruning": "Growing and pruning the tree have taken {figure} seconds",
    "entries": "The next depth would score {figure} values (its rows times the attributes)",
}
LIMITS = tuple(ADVICE)
# Settings that bound the server, not a request: configured like the limits, never refused.
SETTINGS = (*LIMITS, "cache_mb", "solution_nodes")

# progress(depth, nodes): told before each depth is grown, where the limits are checked. The
# app draws its progress bar there; an exception it raises (a Streamlit rerun, when the user
# changes the input) ends the growth, so that is where growth can be cancelled.
Progress = Callable[[int, int], None]
# on_pruning(): told once, when growth is done and pruning begins (a fit that prunes).
PruningStart = Callable[[], None]

# An .xlsx cell takes 20-60 bytes of XML (<c r="B2" s="1"><v>0.2573</v></c>: a sheet of
# random floats written by openpyxl, 54); the cells limit counts cells, not their size, so
# one 200 MB cell or ten million shared strings pass it and cost gigabytes to parse (about 7
# bytes of memory a byte of XML held whole). The XML a sheet may unpack to follows the cells
# limit at this many bytes a cell: 128 MB for the default 4,000,000. Kept below the measured
# range on purpose: a 1 GB server cannot hold a 200 MB cell, and a sheet of long floats is
# refused from about 2.4 million cells with advice that works (save it as CSV).
XML_BYTES_PER_CELL = 32


@dataclass(frozen=True)
class Budget:
    rows: int | None = 200_000
    columns: int | None = 1_000
    cells: int | None = 4_000_000  # rows × columns, after decompression (XLSX)
    # an .xlsx sheet's XML with the parts every sheet reads (shared strings, styles), unpacked
    unpacked_bytes: int | None = 4_000_000 * XML_BYTES_PER_CELL
    classes: int | None = 100
    nodes: int | None = 50_000
    depth: int | None = 200
    seconds: float | None = 60.0  # growing one tree
    # values one depth scores: its entries × attributes. A row with an unknown value goes
    # down every branch (Zhou §4.4.2), so with missing values the entries of a depth can
    # multiply until one depth holds gigabytes long before the tree passes `nodes`; without
    # them a depth has at most the file's rows, within `cells`.
    entries: int | None = 4_000_000
    # Megabytes the app's caches (tables, prepared data, trees) may hold per process, what
    # they keep across requests (ui/memory.py). On a 1 GB instance: about 250 MB is the
    # process at rest, and one growth within the limits above peaks near 450 MB above that
    # (the entries limit's case), which leaves 300 MB for the caches and the sessions' own
    # copies of their current data and tree.
    cache_mb: int | None = 300
    # Nodes the Exercises page works out by hand on the page at once (a branch's or the whole
    # tree's worked solution): the browser typesets every formula, and a 1,722-node tree's
    # took it 82-91 s. The first ones are shown, the rest are a download (built on a click).
    solution_nodes: int | None = 50
    progress: Progress | None = field(default=None, compare=False, repr=False)
    on_pruning: PruningStart | None = field(default=None, compare=False, repr=False)
    # When the clock of `seconds` started (time.monotonic()): set by `started` so a fit's
    # growth and its pruning share one time limit; None: each growth starts its own.
    started_at: float | None = field(default=None, compare=False, repr=False)

    @classmethod
    def unlimited(cls) -> Budget:
        return cls(**dict.fromkeys(LIMITS))

    @classmethod
    def configured(cls, environ: Mapping[str, str] = os.environ,
                   secrets: Mapping | None = None) -> Budget:
        """Defaults, overridden by secrets' [budget] table, then by DTREE_BUDGET_<LIMIT>.
        The unpacked bytes follow a configured cells limit unless configured themselves."""
        budget, problems = cls.configured_leniently(environ, secrets)
        if problems:
            raise problems[0]
        return budget

    @classmethod
    def configured_leniently(cls, environ: Mapping[str, str] = os.environ,
                             secrets: Mapping | None = None) -> tuple[Budget, list[CodedError]]:
        """configured, keeping the default of a setting that is no limit and saying so: (the
        budget, a refusal of each such setting and of each key that names no setting). A
        server's typo must not stop the app for a whole class; the command line's --budget
        refuses it instead (configured)."""
        changes, problems = {}, []
        table = (secrets or {}).get("budget") or {}
        problems += [_unknown(f"[budget] {key}") for key in table if key not in SETTINGS]
        named = {f"DTREE_BUDGET_{name.upper()}" for name in SETTINGS}  # as written: upper case
        problems += [_unknown(key) for key in environ
                     if key.startswith("DTREE_BUDGET_") and key not in named]
        for name in SETTINGS:
            for source, key in ((table, name), (environ, f"DTREE_BUDGET_{name.upper()}")):
                if key in source:
                    try:
                        changes[name] = _limit(source[key], name, key)
                    except CodedError as refused:
                        problems.append(refused)
        if "cells" in changes and "unpacked_bytes" not in changes:
            cells = changes["cells"]
            changes["unpacked_bytes"] = None if cells is None else cells * XML_BYTES_PER_CELL
        return replace(cls(), **changes), problems

    def watched(self, progress: Progress | None,
                on_pruning: PruningStart | None = None) -> Budget:
        """The same limits, telling `progress` as each depth of growth begins (and
        `on_pruning`, if given, as pruning begins)."""
        return replace(self, progress=progress, on_pruning=on_pruning)

    def before_pruning(self) -> None:
        """Growth is done and pruning is about to begin: tell on_pruning."""
        if self.on_pruning is not None:
            self.on_pruning()

    def started(self) -> Budget:
        """The same limits with the clock of `seconds` started now (kept if already started),
        so everything done under the returned budget counts against one time limit."""
        return self if self.started_at is not None else replace(self, started_at=_now())

    def elapsed(self) -> float:
        """Seconds spent since the clock started (0 if it has not)."""
        return 0.0 if self.started_at is None else _now() - self.started_at

    def check_time(self) -> None:
        """Refuse once the started clock has passed `seconds` (a loop's check between steps,
        e.g. pruning's, which can take longer than growth)."""
        if self.started_at is not None:
            self.check("seconds", _now() - self.started_at, pruning=True)

    def before_depth(self, depth: int, nodes: int, seconds: float, entries: int = 0,
                     copies: bool = False) -> None:
        """Growth is about to score depth `depth` (entries: its rows × attributes): check
        nodes, depth, time and entries, then tell."""
        self.check("nodes", nodes)
        self.check("depth", depth)
        self.check("seconds", seconds)
        self.check("entries", entries, copies=copies)
        if self.progress is not None:
            self.progress(depth, nodes)

    def check(self, limit: str, figure: float, more_than: bool = False,
              pruning: bool = False, copies: bool = False) -> None:
        """Refuse when figure exceeds the limit (None: no limit). more_than: the figure is
        what was counted before stopping, not the whole, so the sentence says "more than"
        the limit rather than a wrong exact figure; pruning: the time ran out while pruning,
        which the sentence says (not "growing"); copies: rows with a missing value were sent
        down several branches, which the sentence names as the cause (not where none were)."""
        allowed = getattr(self, limit)
        if allowed is not None and figure > allowed:
            flags = {name: True for name, on in (("more_than", more_than), ("pruning", pruning),
                                                 ("copies", copies)) if on}
            raise BudgetError(refusal_sentence(limit, figure, allowed, **flags), limit,
                              figure=figure, allowed=allowed, **flags)


def refusal_sentence(limit: str, figure: float, allowed: float, more_than: bool = False,
                     over: str = "this server's limit", advice: str | None = None,
                     pruning: bool = False, copies: bool = False) -> str:
    """What a refusal says: what was found, the limit it passed, what to do (ADVICE, or the
    caller's: the command line advises its own flags)."""
    found = FOUND.get(f"{limit}.pruning" if pruning else limit,
                      FOUND.get(limit, "This needs {figure} " + limit))
    said = f"more than {figure_text(allowed)}" if more_than else figure_text(figure)
    advice = advice or (COPIES_ADVICE.get(limit) if copies else None) or ADVICE[limit]
    return f"{found.format(figure=said)}, over {over} of {figure_text(allowed)}: {advice}."


# The budget a tree grows under when its caller gives none (set by `applied`; unset: none).
_APPLIED: ContextVar[Budget | None] = ContextVar("applied_budget", default=None)


@contextmanager
def applied(budget: Budget | None) -> Iterator[None]:
    """Within the block, every tree grown without a budget of its own grows under this one.
    The app grows more than the tree it shows (the compare page's variants and Han's noisy
    and blanked copies, evaluation folds, instability's samples): each is bounded too."""
    token = _APPLIED.set(budget)
    try:
        yield
    finally:
        _APPLIED.reset(token)


def applied_budget() -> Budget | None:
    return _APPLIED.get()


def _unknown(key: str) -> CodedError:
    return CodedError(f"{key}: no budget setting has this name; the settings are "
                      f"{', '.join(SETTINGS)}.", "budget.unknown_setting", key=key,
                      settings=Listed(SETTINGS))


def _limit(value, name: str, key: str = "") -> float | None:
    """A limit as configured (key: where, to name it if it is not one): seconds may be a
    fraction; a count is a whole number of at least 1 (0.5 rows would refuse everything,
    and 1.5 would be read as 1)."""
    if value is None or str(value).strip().lower() in ("", "none", "off", "unlimited"):
        return None
    try:  # true in a TOML file is no number of rows (float(True) would be a limit of 1)
        number = math.nan if isinstance(value, bool) else float(value)
    except (TypeError, ValueError):
        number = math.nan
    smallest = 0.0 if name == "seconds" else 1.0
    whole = name == "seconds" or number == math.floor(number) if math.isfinite(number) else False
    if not math.isfinite(number) or number <= 0 or number < smallest or not whole:
        at_least = "" if name == "seconds" else ", a whole number of at least 1,"
        raise CodedError(f"{key or name}: the budget's {name} must be a positive number"
                         f"{at_least} or 'none', not {str(value)!r}.", "budget.setting",
                         key=key or name, value=str(value))
    return number if name == "seconds" else int(number)


def _now() -> float:
    """The budget's clock (one place, so a test can move it)."""
    return time.monotonic()


def figure_text(x: float) -> str:
    """A limit's figure as a refusal writes it: 1,000,000 rows, 30.2 seconds."""
    if float(x).is_integer():
        return f"{x:,.0f}"
    return f"{x:,.1f}" if abs(x) >= 0.1 else f"{x:.2g}"  # 0.01 s, not 0.0
