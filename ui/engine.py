"""The cached calls into dtree_core: loading a file and growing a tree from its bytes.

Caches are keyed on (file bytes, data choices, Options) as the issue asks, and bounded with
max_entries so a busy server keeps a handful of tables and traces, not every one ever grown,
and in bytes (ui/memory.py, the budget's cache_mb): a handful of big uploads is gigabytes.
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import asdict

import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitSecretNotFoundError

from dtree_core import DecisionTree
from dtree_core.budget import Budget, applied
from dtree_core.data import CodedError, DataError, as_text
from dtree_core.evaluate import stratified_split
from dtree_core.loading import LoadError, load_bytes, prepare, validation_rows, xlsx_sheet_names
from dtree_core.options import Options
from dtree_core.pruning import VALIDATED
from dtree_core.trace import json_size_estimate
from ui.memory import ByteLedger

# Cached tables and trees leave memory after an hour unused, as well as past max_entries, so
# a class's server does not keep every file of the morning's lecture.
CACHE_TTL = "1h"
LEDGER = ByteLedger(ttl_seconds=3600)
MB = 2**20
# Bytes a cached entry holds per byte of the file it came from: Streamlit keeps a table and
# a prepared table pickled (13 MB and 8 MB for an 11 MB CSV of 4M cells), and the ledger's
# way to forget the entry names it by the file's bytes (1×).
PER_FILE_BYTE = 2.2


def budgeted():
    """Every tree a run of the page grows without a budget of its own grows under the
    server's (dtree_core.budget.applied), not only the one it shows."""
    return applied(app_budget())


def app_budget() -> Budget:
    """The server's resource budget: defaults, secrets.toml's [budget], DTREE_BUDGET_*
    (read once per process: a change needs a restart)."""
    return _configured_budget()[0]


app_budget.cache_clear = lambda: _configured_budget.cache_clear()  # read the settings again


def budget_problems() -> list:
    """The settings of the budget that are not used (a value that is no limit: its default
    applies; a name that is no setting), for the sidebar to say."""
    return _configured_budget()[1]


@functools.cache
def _configured_budget() -> tuple[Budget, list]:
    """(the budget, its unused settings), read once per process."""
    try:
        secrets = {"budget": dict(st.secrets["budget"])} if "budget" in st.secrets else {}
    except (FileNotFoundError, KeyError, StreamlitSecretNotFoundError):
        secrets = {}  # no secrets file: the defaults and the environment
    return Budget.configured_leniently(secrets=secrets)


def data_key(data: bytes, suffix: str = "") -> str:
    """A short fingerprint of file bytes (and of what is read from them, `suffix`: a sheet,
    an encoding), naming a dataset in session state; hashed in place, not copied, as it is
    asked on every rerun."""
    digest = hashlib.sha1(data)
    digest.update(suffix.encode())
    return digest.hexdigest()[:16]


def remember(data: bytes, cache: str, key: str, size: float,
             forget: Callable[[], None]) -> None:
    """A cache kept a new entry made from data: count its bytes; past the budget, forget the
    oldest of other files' (this file's table, prepared data and tree are in use)."""
    limit = app_budget().cache_mb
    LEDGER.admit((cache, key), int(size), forget, None if limit is None else limit * MB,
                 group=data_key(data))


def load_table(data: bytes, filename: str, sheet: str | None = None,
               encoding: str | None = None):
    """The loader's table and report for these bytes. A refusal (LoadError, BudgetError)
    propagates and is kept: the same bytes are refused the same way, so a rerun says so at
    once instead of reading them again (a 300k-row XLSX took 9 s on every rerun)."""
    key = data_key(data, f"{filename}|{sheet}|{encoding}")
    refusal = _load_refusal(f"{key}|{app_budget()!r}")  # another budget reads again
    if "refused" in refusal:
        raise refusal_copy(refusal["refused"])
    try:
        table = _load_table(data, filename, sheet, encoding)
    except DataError as error:  # not MemoryError: that depends on the server's load
        refusal["refused"] = refusal_copy(error)
        raise
    LEDGER.used(("table", key))
    return table


@st.cache_resource(max_entries=64, ttl=CACHE_TTL, show_spinner=False)
def _load_refusal(key: str) -> dict:
    """Where the refusal of a file (its fingerprint, sheet, encoding, the budget) is kept:
    a sentence, a few hundred bytes."""
    return {}


def _clear_loads() -> None:
    _load_table.clear()
    _load_refusal.clear()


@st.cache_data(max_entries=16, ttl=CACHE_TTL, show_spinner=False)
def _load_table(data: bytes, filename: str, sheet: str | None, encoding: str | None):
    table = load_bytes(data, filename, sheet=sheet, encoding=encoding, budget=app_budget())
    remember(data, "table", data_key(data, f"{filename}|{sheet}|{encoding}"),
             len(data) * PER_FILE_BYTE,
             lambda: _load_table.clear(data, filename, sheet, encoding))
    return table


load_table.clear = _clear_loads  # as when load_table was the cached function


@st.cache_data(max_entries=16, ttl=CACHE_TTL, show_spinner=False)
def sheet_names(data: bytes, filename: str) -> list[str]:
    """An .xlsx workbook's sheets, so the user can pick one even when the first won't load
    (read from the workbook part, not by openpyxl, which would unpack the whole book first)."""
    if not filename.lower().endswith(".xlsx"):
        return []
    return xlsx_sheet_names(data, app_budget())


def trace_key(data: bytes, choices: dict, options: Options) -> str:
    """Names one grown tree: the file, the data choices (a validation file by its
    fingerprint) and every option."""
    settings = json.dumps([choices, asdict(options)], sort_keys=True, ensure_ascii=False,
                          default=data_key)
    return data_key(data, settings)


@st.cache_data(max_entries=16, ttl=CACHE_TTL, show_spinner=False)
def prepared_data(data: bytes, filename: str, choices: dict, nominal: tuple[str, ...],
                  continuous: tuple[str, ...]):
    """The loaded sheet prepared with the sidebar's target, attributes and kinds.

    Keyed on the kinds alone of all the options, so changing the algorithm reuses it.
    """
    table = load_table(data, filename, choices.get("sheet"), choices.get("encoding"))
    columns = [str(c) for c in table.frame.columns]
    exclude = [c for c in columns if c != choices["target"] and c not in choices["attributes"]]
    prepared = prepare(table, choices["target"], exclude=exclude, nominal=list(nominal),
                       continuous=list(continuous), include_ids=True, budget=app_budget())
    remember(data, "prepared", trace_key(data, {**choices, "kinds": [nominal, continuous]},
                                   Options()),
             len(data) * PER_FILE_BYTE,
             lambda: prepared_data.clear(data, filename, choices, nominal, continuous))
    return prepared


def ready(data: bytes, filename: str, choices: dict, options: Options):
    """(X, y, options with every attribute's kind filled in as the prepared data decided)."""
    prepared = prepared_data(data, filename, choices, options.nominal, options.continuous)
    return prepared.X, prepared.y, options.with_kinds(prepared.kinds)


def grown_rows(current: dict, dataset: dict):
    """(X, y): the rows the sidebar's tree grew on (less a validation split carved out of
    them), prepared from dataset, the file it grew from."""
    return rows_and_validation(current, dataset)[:2]


def rows_and_validation(current: dict, dataset: dict):
    """grown_rows' (X, y) and the tree's validation rows (X, y), or None."""
    X, y, fitted = ready(dataset["data"], dataset["filename"], current["choices"],
                         current["options"])
    return training_and_validation(X, y, current["choices"].get("validation"), fitted)


# Told the phase growth is in: ("preparing", {}) then ("growing", {"depth", "nodes"}) before
# each depth. ui.setup draws its progress bar from these; a Streamlit rerun raised from it (the
# user changed the input) ends the growth there, and nothing is kept of it.
PhaseCallback = Callable[[str, dict], None]


# A resource, not data: the dict is shared, not copied, because a node's score rows are built
# only when a page reads them (a big tree's every table would take minutes); nothing the
# pages do changes it. The cache holds one slot per tree and growth runs outside the cached
# call, so the progress bar it updates is never recorded into the cache for replay, and a
# growth that was cancelled or ran out of memory leaves its slot empty (a refusal of the input,
# the same every time, is kept, so it is not grown again on every rerun; one by the time limit
# for RETRY_TIMED_OUT_AFTER).
@st.cache_resource(max_entries=24, ttl=CACHE_TTL, show_spinner=False)
def _trace_slot(key: str, filename: str) -> dict:
    """The slot where the tree named by key (trace_key) is kept once it has grown."""
    return {}


def grow_trace(data: bytes, filename: str, choices: dict, options: Options,
               on_phase: PhaseCallback | None = None) -> dict:
    """Load, prepare and fit (and prune: validation rows as choices["validation"] says);
    the trace dict the pages replay, grown once per (file, choices, options)."""
    key = trace_key(data, choices, options)
    slot = _trace_slot(key, filename)
    if "refused" in slot and not _retry_due(slot):
        raise refusal_copy(slot["refused"])
    if "trace" not in slot:
        try:
            slot["trace"], slot["report"] = _grown(data, filename, choices, options,
                                                   on_phase or _quiet)
        except DataError as error:  # the same input is refused the same way: not retried
            slot["refused"], slot["refused_at"] = refusal_copy(error), time.monotonic()
            raise
        slot.pop("refused", None)
        remember(data, "trace", key, json_size_estimate(slot["trace"]) + len(data),
                 lambda: _trace_slot.clear(key, filename))
    LEDGER.used(("trace", key))
    return slot["trace"]


# A growth stopped by the time limit (budget.seconds) depends on the server's load as well as
# the input, so it is tried again after this long; before, a rerun or another page's visit
# shows the refusal at once instead of growing to the limit again (each visit took the whole
# limit). Any other refusal is the input's and kept while the slot lives.
RETRY_TIMED_OUT_AFTER = 600.0


def _retry_due(slot: dict) -> bool:
    """A kept time-limit refusal old enough to grow again (dropped from the slot if so)."""
    timed_out = getattr(slot["refused"], "code", "") == "budget.seconds"
    if not timed_out or time.monotonic() - slot["refused_at"] < RETRY_TIMED_OUT_AFTER:
        return False
    slot.pop("refused", None)  # sessions share the slot: another may have dropped it
    return True


def refusal_copy(error: Exception) -> Exception:
    """The error without its traceback, to keep or raise again: a refused growth's traceback
    holds the grower's frames, the rows and the half-grown tree (90 MB for a 4M-cell upload
    refused at the nodes limit), for as long as the refusal is kept."""
    copy = type(error).__new__(type(error))
    copy.__dict__.update(error.__dict__)
    copy.args = error.args
    return copy


def _quiet(phase: str, figures: dict) -> None:
    """No progress bar: nothing to tell."""


def grown_report(key: str, filename: str) -> dict | None:
    """What the load report says of the data the tree named by key (trace_key) grew on:
    each attribute's kind and rule, and the notes of preparing it; kept with the tree, so a
    rerun reads it without asking the prepared table's cache (None: no such tree)."""
    return _trace_slot(key, filename).get("report")


def _grown(data: bytes, filename: str, choices: dict, options: Options,
           on_phase: PhaseCallback) -> tuple[dict, dict]:
    """(the trace dict, grown_report's facts)."""
    on_phase("preparing", {})
    prepared = prepared_data(data, filename, choices, options.nominal, options.continuous)
    X, y, fitted = prepared.X, prepared.y, options.with_kinds(prepared.kinds)
    X, y, validation = training_and_validation(X, y, choices.get("validation"), fitted)
    budget = app_budget().watched(
        lambda depth, nodes: on_phase("growing", {"depth": depth, "nodes": nodes}),
        on_pruning=lambda: on_phase("pruning", {"method": fitted.prune}))
    model = DecisionTree.from_options(fitted).fit(X, y, validation=validation, budget=budget)
    report = {"kinds": prepared.kinds, "kind_rules": prepared.kind_rules,
              "notes": prepared.notes}
    return model.trace_.to_dict(scores="lazy"), report


def training_and_validation(X, y, spec: dict | None, options: Options):
    """(training X, training y, (validation X, y) or None) for the pruning method.

    Pre-pruning and reduced-error pruning judge by validation rows; cost-complexity pruning
    may have some, to chart its path; the others (and no pruning) grow on every row.
    spec: {"source": "file", "data", "filename"} (a bundled paired set or a second upload)
    or {"source": "split", "share", "seed"} (a seeded stratified split of the first file).
    """
    if options.prune not in VALIDATED and (options.prune != "ccp" or spec is None):
        return X, y, None  # CART's path chart may use one; growth itself never needs it
    if spec is None:
        raise CodedError(f"Pruning '{options.prune}' needs validation rows.",
                         "validation_needed", method=options.prune)
    if spec["source"] == "split":
        train, held = stratified_split(y, float(spec["share"]), int(spec["seed"]))
        return (X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True),
                (X.iloc[held].reset_index(drop=True), y.iloc[held].reset_index(drop=True)))
    return X, y, validation_file(spec["data"], spec["filename"], str(y.name), options)


class ValidationFileError(LoadError):
    """The validation file was refused; `reason` is the loader's refusal of it, said as the
    validation file's (the same refusal of the training file is said as the data's)."""

    def __init__(self, reason: DataError):
        super().__init__(f"The validation file: {reason}", "validation_file")
        self.reason = reason


def validation_file(data: bytes, filename: str, target: str, options: Options):
    """A validation file's (X, y) for the sidebar's attributes (loading.validation_rows, as
    the command line reads --validation)."""
    try:
        frame = load_table(data, filename).frame
    except DataError as error:
        raise ValidationFileError(error) from None
    return validation_rows(frame, [*options.nominal, *options.continuous], options.continuous,
                           target)


def unseen_classes(y_validation, classes) -> tuple[list[str], int]:
    """The validation rows' classes the tree never saw (in order of first appearance) and
    how many rows have one: no leaf predicts them, so those rows are wrong whatever pruning
    does."""
    texts = as_text(pd.Series(y_validation).reset_index(drop=True)).dropna()
    unseen = ~texts.isin(set(classes))
    return pd.unique(texts[unseen]).tolist(), int(unseen.sum())
