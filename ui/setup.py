"""The sidebar: choose data, target, attributes, kinds, algorithm and options; then grow.

The last dataset that loaded and the last tree that grew live in session state, so a bad
upload or an impossible option shows an error box while the previous data and tree stay.
"""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from dtree_core.datasets import bundled
from dtree_core.decide import TIE_BREAKS
from dtree_core.loading import ENCODINGS, EXCEL_SUFFIXES, LoadError
from ui import engine, state
from ui.messages import LANGUAGES, has, literal, t, tm

ALGORITHMS = ("id3", "c45", "cart", "cls")
UPLOAD_TYPES = ["csv", "tsv", "txt", "xlsx", "xls"]


def language_picker() -> None:
    """Only shown once a second language exists in the catalogue."""
    if len(LANGUAGES) > 1:
        st.selectbox(t("lang.label"), list(LANGUAGES), key="lang",
                     format_func=lambda code: LANGUAGES[code][0])


def _in_language(dataset, field: str, lang: str) -> str:
    """The catalogue's Chinese name/description when the UI speaks Chinese and has one."""
    chinese = getattr(dataset, f"{field}_zh", "")
    return chinese if lang == "zh" and chinese else getattr(dataset, field)


def _bundled_dataset() -> dict | None:
    datasets = {d.key: d for d in bundled()}
    if not datasets:
        return None
    lang = st.session_state.lang  # read now: format_func may run outside the script
    key = st.selectbox(t("setup.dataset"), list(datasets), key="bundled_key",
                       format_func=lambda k: _in_language(datasets[k], "name", lang))
    chosen = datasets[key]
    st.caption(literal(_in_language(chosen, "description", lang)))
    st.caption(tm("setup.dataset.source", source=chosen.source))
    data = chosen.path.read_bytes()
    return {"name": _in_language(chosen, "name", lang), "filename": chosen.path.name, "data": data,
            "key": engine.data_key(data), "target": chosen.target}


def _uploaded_dataset() -> dict | None:
    """The uploaded file if it loads; on failure an error box and None (keep the old one)."""
    upload = st.file_uploader(t("setup.upload"), type=UPLOAD_TYPES, key="upload",
                              help=t("setup.upload.help"))
    if upload is None:
        return None
    data = upload.getvalue()
    encoding = _encoding(data, upload.name)
    try:
        sheet = _sheet(data, upload.name)
        engine.load_table(data, upload.name, sheet, encoding)
    except LoadError as error:
        st.error(tm("setup.upload.bad", name=upload.name, reason=error_text(error)))
        return None
    return {"name": upload.name if sheet is None else f"{upload.name} · {sheet}",
            "filename": upload.name, "data": data, "sheet": sheet, "encoding": encoding,
            "key": engine.data_key(data + f"{sheet}|{encoding}".encode()), "target": None}


def _encoding(data: bytes, filename: str) -> str | None:
    """Text files get an encoding picker: detection by default, the user's word when unsure."""
    if filename.lower().endswith(EXCEL_SUFFIXES):
        return None
    choice = st.selectbox(t("setup.encoding"), ["auto", *ENCODINGS],
                          key=f"encoding::{engine.data_key(data)}",
                          format_func=lambda e: t("setup.encoding.auto") if e == "auto" else e,
                          help=t("setup.encoding.help"))
    return None if choice == "auto" else choice


def _sheet(data: bytes, filename: str) -> str | None:
    """A workbook with several sheets gets a sheet picker; anything else reads as it is."""
    sheets = engine.sheet_names(data, filename)
    if len(sheets) < 2:
        return None
    return st.selectbox(t("setup.sheet"), list(sheets), key=f"sheet::{engine.data_key(data)}")


def dataset_picker() -> dict | None:
    """The active dataset: a new valid choice replaces it, anything else keeps the last one."""
    source = st.radio(t("setup.source"), ["bundled", "upload"], key="source",
                      format_func=lambda s: t(f"setup.source.{s}"), horizontal=True)
    chosen = _bundled_dataset() if source == "bundled" else _uploaded_dataset()
    if chosen is not None:
        st.session_state.dataset = chosen
    return st.session_state.dataset


def _report_frame(table) -> pd.DataFrame:
    report = table.report
    columns = [str(c) for c in table.frame.columns]
    return pd.DataFrame({
        t("setup.report.col.column"): columns,
        t("setup.report.col.kind"): [t(f"kind.{report.kinds[c]}") if c in report.kinds else ""
                                     for c in columns],
        t("setup.report.col.missing"): [report.missing.get(c, 0) for c in columns],
    })


def load_report(table) -> None:
    """Encoding, delimiter, kinds, missing counts and the loader's warnings."""
    report = table.report
    with st.expander(t("setup.report")):
        if report.encoding:
            st.caption(tm("setup.report.encoding", value=report.encoding))
        if report.delimiter:
            st.caption(tm("setup.report.delimiter", value=report.delimiter_name))
        if report.sheet is not None:
            st.caption(tm("setup.report.sheet", value=report.sheet))
        st.caption(t("setup.report.rows", rows=report.n_rows, cols=report.n_columns))
        st.dataframe(_report_frame(table), hide_index=True)
        for warning in report.warnings:
            st.warning(literal(warning))
    if report.encoding_guessed:
        st.warning(tm("setup.report.guessed", value=report.encoding))


def error_text(error: Exception) -> str:
    """A core error in the session's language: its code's message if the catalogue has one."""
    key = f"error.{getattr(error, 'code', '')}"
    return t(key, **getattr(error, "details", {})) if has(key) else str(error)


def _target(columns: list[str], dataset: dict) -> str:
    default = dataset.get("target") if dataset.get("target") in columns else columns[-1]
    return st.selectbox(t("setup.target"), columns, index=columns.index(default),
                        key=f"target::{dataset['key']}")


def _attributes(dataset: dict, report, columns: list[str], target: str) -> list[str]:
    """All columns but the target; row-ID-like ones start unselected, with a note why."""
    candidates = [c for c in columns if c != target]
    ids = [c for c in report.id_columns if c in candidates]
    for column in ids:
        st.caption(tm("setup.id_note", column=column))
    return st.multiselect(t("setup.attributes"), candidates,
                          default=[c for c in candidates if c not in ids],
                          key=f"attrs::{dataset['key']}::{target}")


def _kinds(dataset: dict, attributes: list[str]) -> tuple[list[str], list[str]]:
    nominal = st.multiselect(t("setup.nominal"), attributes, key=f"nominal::{dataset['key']}")
    others = [a for a in attributes if a not in nominal]
    continuous = st.multiselect(t("setup.continuous"), others,
                                key=f"continuous::{dataset['key']}")
    return [a for a in nominal if a in attributes], continuous


def algorithm_options() -> dict:
    algorithm = st.selectbox(t("setup.algorithm"), ALGORITHMS, key="algorithm",
                             format_func=lambda a: t(f"algo.{a}"))
    with st.expander(t("setup.options")):
        depth = st.number_input(t("setup.max_depth"), 0, 100, 0, key="max_depth",
                                help=t("setup.max_depth.help"))
        min_samples = st.number_input(t("setup.min_samples"), 2, 10_000, 2, key="min_samples")
        min_gain = st.number_input(t("setup.min_gain"), 0.0, 1.0, 0.0, step=0.01,
                                   format="%.3f", key="min_gain")
        tie_break = st.selectbox(t("setup.tie_rule"), TIE_BREAKS, key="tie_break",
                                 format_func=lambda rule: t(f"tie.{rule}"),
                                 help=t("setup.tie_rule.help"))
        seed = st.number_input(t("setup.seed"), 0, 2**31 - 1, 0, key="seed",
                               disabled=algorithm != "cls" and tie_break != "random")
    return {"algorithm": algorithm, "max_depth": int(depth) or None,
            "min_samples_split": int(min_samples), "min_gain": float(min_gain),
            "seed": int(seed), "tie_break": tie_break}


def forced_choices(dataset: dict) -> dict[str, str]:
    """Attributes the user forced at nodes of this dataset's tree, with a way to undo them."""
    forces = dict(sorted(st.session_state.forces.get(dataset["key"], {}).items()))
    if forces:
        st.button(t("setup.clear_forces", n=len(forces)), key="clear_forces",
                  on_click=state.clear_forces, args=(dataset["key"],))
    return forces


def grow(dataset: dict, options: dict) -> None:
    """Grow (cached) and keep the result; a failure leaves the previous tree in place."""
    trace_id = engine.data_key(dataset["data"] + json.dumps(options, sort_keys=True).encode())
    current = st.session_state.get("current")
    if current is not None and current["trace_id"] == trace_id:
        current["dataset"] = dataset["name"]  # the same tree; only the name's language may differ
        return  # keeps the very same dict: no cache lookup, no copy, on every rerun
    with st.spinner(t("setup.growing"), show_time=True):
        try:
            trace = engine.grow_trace(dataset["data"], dataset["filename"], options)
        except (LoadError, ValueError) as error:
            st.error(tm("setup.grow_failed", reason=error_text(error)))
            return
    st.session_state.current = {"trace": trace, "trace_id": trace_id,
                                "dataset": dataset["name"], "options": options}


def sidebar() -> None:
    """Render the whole setup area and (re)grow when anything in it changed."""
    with st.sidebar:
        language_picker()
        st.header(t("setup.header"))
        dataset = dataset_picker()
        if dataset is None:
            return
        table = engine.load_table(dataset["data"], dataset["filename"], dataset.get("sheet"),
                                  dataset.get("encoding"))
        st.caption(tm("setup.using", name=dataset["name"], rows=len(table.frame),
                     cols=len(table.frame.columns)))
        load_report(table)
        columns = [str(c) for c in table.frame.columns]
        target = _target(columns, dataset)
        attributes = _attributes(dataset, table.report, columns, target)
        nominal, continuous = _kinds(dataset, attributes)
        options = {"target": target, "attributes": attributes, "nominal": nominal,
                   "continuous": continuous, "sheet": dataset.get("sheet"),
                   "encoding": dataset.get("encoding"),
                   **algorithm_options(), "force": forced_choices(dataset)}
    grow(dataset, options)
