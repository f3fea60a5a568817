"""The sidebar: choose data, target, attributes, kinds, algorithm and options; then grow.

The last dataset that loaded and the last tree that grew live in session state, so a bad
upload or an impossible option shows an error box while the previous data and tree stay.
"""

from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from dtree_core.budget import BudgetError, figure_text
from dtree_core.cli_messages import error_text as cli_error_text
from dtree_core.data import DEFAULT_MISSING, Listed
from dtree_core.datasets import bundled
from dtree_core.decide import TIE_BREAKS
from dtree_core.loading import (
    ENCODINGS,
    EXCEL_SUFFIXES,
    LoadError,
    numbers_as_text,
    warnings_for,
)
from dtree_core.notation import NOTATIONS_ORDER
from dtree_core.options import Options
from ui import engine, pruning, registry, state
from ui.messages import (
    LANGUAGES,
    current_language,
    has,
    labelled,
    literal,
    sentences,
    t,
    t_or,
    tm,
)
from ui.names import dataset_identity, dataset_name, in_language, tree_dataset_name

UPLOAD_TYPES = ["csv", "tsv", "txt", "xlsx", "xls"]


class Progress:
    """The sidebar's progress bar from an upload to its first tree, naming the phase:
    reading, preparing, growing depth k, drawing.

    Each update sends the bar to the browser, which is where Streamlit delivers a rerun: when
    the user changes the input meanwhile, the update raises it and the old work stops there
    (growth between two depths); the previous dataset and tree stay in session state.
    """

    GROWING_FROM, GROWING_SPAN = 0.2, 0.75  # the bar's share before growth, and for it

    def __init__(self) -> None:
        self.slot = st.empty()
        self.start = time.monotonic()
        self.max_depth: int | None = None

    def seconds(self) -> str:
        return f"{time.monotonic() - self.start:.1f}"

    def reading(self, name: str) -> None:
        self.start = time.monotonic()
        self.slot.progress(0.05, text=tm("server.phase.reading", name=name))

    def __call__(self, phase: str, figures: dict) -> None:
        """engine.grow_trace's on_phase: ("preparing", {}), ("growing", {depth, nodes}) or,
        once growth is done, ("pruning", {method})."""
        if phase == "growing":
            self.slot.progress(self._growing_share(figures["depth"]), text=t(
                "server.phase.growing", **figures, seconds=self.seconds()))
        elif phase == "pruning":  # growth's share of the bar is done: pruning fills the rest
            self.slot.progress(self.GROWING_FROM + self.GROWING_SPAN, text=t(
                "server.phase.pruning", method=t(f"prune.method.{figures['method']}"),
                seconds=self.seconds()))
        else:
            self.slot.progress(0.1, text=t(f"server.phase.{phase}"))

    def _growing_share(self, depth: int) -> float:
        """How far along the bar: by max_depth when one is set, else a little less each depth
        (a tree's depth is not known before it is grown)."""
        done = (min(depth / self.max_depth, 1.0) if self.max_depth
                else 1 - 0.8 ** depth)
        return self.GROWING_FROM + self.GROWING_SPAN * done

    def drawing(self, trace: dict) -> None:
        depth = max(node["depth"] for node in trace["nodes"])
        self.slot.progress(1.0, text=t("server.phase.drawing", nodes=len(trace["nodes"]),
                                       depth=depth, seconds=self.seconds()))

    def clear(self) -> None:
        self.slot.empty()


def language_picker() -> None:
    """The session's language (ui.state owns it); picking another one updates the URL too."""
    st.session_state.lang_picker = st.session_state.lang
    st.selectbox(t("lang.label"), list(LANGUAGES), key="lang_picker",
                 format_func=lambda code: LANGUAGES[code][0],
                 on_change=state.set_language, args=("lang_picker",))


def notation_picker() -> None:
    """Zhou's symbols or Li Hang's (dtree_core.notation); ui.state owns the choice."""
    st.session_state.notation_picker = st.session_state.notation
    st.radio(t("setup.notation"), list(NOTATIONS_ORDER), key="notation_picker",
             format_func=labelled(NOTATIONS_ORDER, lambda key: t(f"setup.notation.{key}"),
                                  key="notation_picker"),
             help=t("setup.notation.help"),
             on_change=state.set_notation, args=("notation_picker",))


def _bundled_dataset() -> dict | None:
    datasets = {d.key: d for d in bundled()}
    if not datasets:
        return None
    names = {key: in_language(dataset) for key, dataset in datasets.items()}
    # persisted: the pick outlives a look at the uploader, which leaves this widget undrawn
    key = st.selectbox(t("setup.dataset"), list(datasets), key="bundled_key",
                       format_func=labelled(datasets, names.__getitem__, key="bundled_key"),
                       persist_state="session")
    chosen = datasets[key]
    # in the chosen book's words, as the catalogue's (Li Hang's 特征 for 属性)
    st.caption(literal(state.notation().in_terms(in_language(chosen, "description"))))
    st.caption(tm("setup.dataset.source", source=in_language(chosen, "source")))
    data = chosen.path.read_bytes()
    # no name: a bundled dataset is named from its key when shown, in that moment's language
    return {"filename": chosen.path.name, "data": data, "key": engine.data_key(data),
            "target": chosen.target, "bundled_key": key}


def _uploaded_dataset(progress: Progress) -> dict | None:
    """The uploaded file if it loads; on failure an error box and None (keep the old one)."""
    upload = st.file_uploader(t("setup.upload"), type=UPLOAD_TYPES, key="upload",
                              help=t("setup.upload.help"))
    if upload is None:  # the uploader forgot its file while the bundled source showed:
        return _last_upload()  # the last file that loaded is the dataset again
    data = upload.getvalue()
    encoding = _encoding(data, upload.name)
    try:
        sheet = _sheet(data, upload.name)
        key = engine.data_key(data, f"{sheet}|{encoding}")
        if key != (st.session_state.dataset or {}).get("key"):  # a new file: read it
            progress.reading(upload.name)
        engine.load_table(data, upload.name, sheet, encoding)
    except (LoadError, BudgetError) as error:  # the last dataset that loaded stays, if any
        kept = "setup.upload.bad" if st.session_state.get("dataset") else "setup.upload.bad.first"
        st.error(tm(kept, name=upload.name, reason=error_text(error)))
        return None
    except MemoryError:
        st.error(t("error.memory"))
        return None
    return {"name": upload.name if sheet is None else f"{upload.name} · {sheet}",
            "filename": upload.name, "data": data, "sheet": sheet, "encoding": encoding,
            "key": key, "target": None}


def _last_upload() -> dict | None:
    """The last uploaded file that loaded, said to be the dataset again (None: none has)."""
    last = st.session_state.last_upload
    if last is not None:
        st.caption(tm("setup.upload.kept", name=last["name"]))
    return last


def _encoding(data: bytes, filename: str) -> str | None:
    """Text files get an encoding picker: detection by default, the user's word when unsure."""
    if filename.lower().endswith(EXCEL_SUFFIXES):
        return None
    choices = ["auto", *ENCODINGS]
    key = f"encoding::{engine.data_key(data)}"
    choice = st.selectbox(t("setup.encoding"), choices, key=key,
                          format_func=labelled(choices, lambda e: t("setup.encoding.auto")
                                               if e == "auto" else e, key=key),
                          help=t("setup.encoding.help"))
    return None if choice == "auto" else choice


def _sheet(data: bytes, filename: str) -> str | None:
    """A workbook with several sheets gets a sheet picker; anything else reads as it is."""
    sheets = engine.sheet_names(data, filename)
    if len(sheets) < 2:
        return None
    return st.selectbox(t("setup.sheet"), list(sheets), key=f"sheet::{engine.data_key(data)}")


def dataset_picker(progress: Progress) -> dict | None:
    """The active dataset: a new valid choice replaces it, anything else keeps the last one."""
    sources = ["bundled", "upload"]
    source = st.radio(t("setup.source"), sources, key="source",
                      format_func=labelled(sources, lambda s: t(f"setup.source.{s}"), key="source"),
                      horizontal=True)
    chosen = _bundled_dataset() if source == "bundled" else _uploaded_dataset(progress)
    if chosen is not None:
        state.use_dataset(chosen, uploaded=source == "upload")
    return st.session_state.dataset


def markers_text() -> str:
    """What the report's missing counts count: the loader's own markers, listed from them
    (as code: `?` and `-` read as themselves, not as Markdown; no marker holds a backtick)."""
    return t("setup.report.markers", markers=Listed([f"`{m}`" for m in DEFAULT_MISSING if m]))


def _report_frame(table, prepared: dict | None = None) -> pd.DataFrame:
    """Each column's kind and the rule that decided it: for an attribute of the prepared
    data, the kind the tree uses (decided on the rows it grows on: rows without a target
    value are dropped first, which can change a column's kind); otherwise the loader's."""
    report = table.report
    columns = [str(c) for c in table.frame.columns]
    kinds, rules = dict(report.kinds), dict(report.kind_rules)
    if prepared is not None:
        kinds.update(prepared["kinds"])
        rules.update(prepared["kind_rules"])
    return pd.DataFrame({
        t("setup.report.col.column"): columns,
        t("setup.report.col.kind"): [t(f"kind.{kinds[c]}") if c in kinds else ""
                                     for c in columns],
        t("setup.report.col.missing"): [report.missing.get(c, 0) for c in columns],
        t("setup.report.col.why"): [_rule_text(rules.get(c)) for c in columns],
    })


def _loaded(dataset: dict):
    """The chosen dataset's table; None, with the reason shown, when it cannot be loaded here
    (a bundled file over a deployment's budget, a server out of memory)."""
    try:
        return engine.load_table(dataset["data"], dataset["filename"], dataset.get("sheet"),
                                 dataset.get("encoding"))
    except (LoadError, BudgetError) as error:  # "the previous dataset" only where there is one
        kept = "setup.upload.bad" if st.session_state.get("current") else "setup.upload.bad.first"
        st.error(tm(kept, name=dataset_name(dataset), reason=error_text(error)))
    except MemoryError:
        st.error(t("error.memory"))
    return None


def _rule_text(rule) -> str:
    """The rule that decided a column's kind, with its figures ("" for none)."""
    return "" if rule is None else t_or(f"kind_rule.{rule.code}", rule.sentence, **rule.details)


def delimiter_text(name: str | None) -> str:
    """The loader's name for the delimiter ('full-width comma') in the session's language."""
    code = str(name).replace("-", "_").replace(" ", "_")
    return t_or(f"delimiter.{code}", str(name))


def load_report(table, target: str, prepared: dict | None = None) -> None:
    """Encoding, delimiter, kinds, missing counts and the loader's warnings (of the target
    chosen: warnings_for); with the data prepared for the tree, its kinds, and the rows it
    dropped (said outside the expander)."""
    report = table.report
    with st.expander(t("setup.report")):
        if report.encoding:
            st.caption(tm("setup.report.encoding", value=report.encoding))
        if report.delimiter:
            st.caption(tm("setup.report.delimiter", value=delimiter_text(report.delimiter_name)))
        if report.sheet is not None:
            st.caption(tm("setup.report.sheet", value=report.sheet))
        st.caption(t("setup.report.rows", rows=report.n_rows, cols=report.n_columns))
        st.dataframe(_report_frame(table, prepared), hide_index=True)
        st.caption(markers_text())
        for warning in warnings_for(report, target):
            if getattr(warning, "code", None) != "encoding_guessed":  # said below, once
                st.warning(notice_text(warning))
    if report.encoding_guessed:
        st.warning(tm("setup.report.guessed", value=report.encoding,
                      widget=t("setup.encoding")))
    for note in prepared["notes"] if prepared is not None else ():
        if getattr(note, "code", None) in SHOWN_PREPARE_NOTES:
            st.warning(notice_text(note))


# What preparing the data for the tree did that the user must be told of (its other notes
# are the command line's: an ID column left out is said beside the attributes box).
SHOWN_PREPARE_NOTES = ("dropped_target",)



def notice_text(notice, plain: bool = False) -> str:
    """A loader warning (dtree_core.loading.Notice) in the session's language, by its code:
    Markdown, or plain text to fill into Markdown."""
    key = f"load.notice.{getattr(notice, 'code', '')}"
    if has(key):
        return (t if plain else tm)(key, **notice.details)
    return str(notice) if plain else literal(notice)


def error_text(error: Exception) -> str:
    """A core error in the session's language: its code's message if the catalogue has one
    (a target with a class in every row is refused under the classes limit, but it is an ID
    column whatever the limit: its own words)."""
    if isinstance(error, engine.ValidationFileError):  # the loader's words, of that file
        return t("error.validation_file", reason=error_text(error.reason))
    key, details = f"error.{getattr(error, 'code', '')}", getattr(error, "details", {})
    # an ID column; a count stopped at the limit is not the whole; time out while pruning
    for flag in ("id_like", "more_than", "pruning", "copies"):
        if details.get(flag) and has(f"{key}.{flag}"):
            key += f".{flag}"
    if has(key):
        # the columns left out and why (no values, an ID, excluded): plain, filled in Markdown
        reasons = [notice_text(reason, plain=True) for reason in details.get("reasons", ())]
        return sentences([t(key, **_worded(details)), *reasons])
    # a code the app has no words of its own for (a refused option, an empty validation
    # set): the command line's, in the session's language (the error's English without one)
    return cli_error_text(error, current_language())


def _worded(details: dict) -> dict:
    """An error's details that are codes, in words: a pruning method as the sidebar names it
    ('rep' read as a code in a Chinese sentence); a budget's figures as the core and the
    command line write them (1,500 rows; 60.0 seconds), not 1500."""
    method = details.get("method")
    if method is not None and has(f"prune.method.{method}"):
        details = {**details, "method": t(f"prune.method.{method}")}
    return {**details, **{k: figure_text(details[k]) for k in ("figure", "allowed")
                          if isinstance(details.get(k), int | float)
                          and not isinstance(details.get(k), bool)}}


def _target(columns: list[str], dataset: dict, table) -> str:
    """The target picker: the catalogue's target for a bundled dataset, else the table's
    likely one (not a column that numbers the rows)."""
    default = table.likely_target(dataset.get("target"))
    # the per-dataset pickers are persisted: a dataset's choices outlive a look at another
    # one (or at the other source), which leaves them undrawn
    return st.selectbox(t("setup.target"), columns, index=columns.index(default),
                        key=f"target::{dataset['key']}", persist_state="session")


def _attributes(dataset: dict, report, columns: list[str], target: str) -> list[str]:
    """All columns but the target; row-ID-like ones start unselected, with a note why."""
    candidates = [c for c in columns if c != target]
    ids = [c for c in report.id_columns if c in candidates]
    as_text = numbers_as_text(report)
    for column in ids:  # numbers kept as text are no row numbers: the loader's warning says why
        st.caption(tm("setup.id_note.numbers_as_text" if column in as_text else "setup.id_note",
                      column=column))
    return st.multiselect(t("setup.attributes"), candidates,
                          default=[c for c in candidates if c not in ids],
                          key=f"attrs::{dataset['key']}::{target}", placeholder=t("widget.choose"),
                          persist_state="session")


def _kinds(dataset: dict, attributes: list[str]) -> tuple[list[str], list[str]]:
    nominal = st.multiselect(t("setup.nominal"), attributes, key=f"nominal::{dataset['key']}",
                             placeholder=t("widget.choose"), persist_state="session")
    others = [a for a in attributes if a not in nominal]
    continuous = st.multiselect(t("setup.continuous"), others,
                                key=f"continuous::{dataset['key']}",
                                placeholder=t("widget.choose"), persist_state="session")
    return [a for a in nominal if a in attributes], continuous


def algorithm_options() -> dict:
    """The algorithm, stopping limits, tie rule and seed: Options.build's keyword arguments."""
    keys = registry.keys()
    algorithm = st.selectbox(t("setup.algorithm"), keys, key="algorithm",
                             format_func=labelled(keys, registry.name, key="algorithm"))
    with st.expander(t("setup.options")):
        # no value= below: each starts at its minimum (the default), and a shared link sets
        # them through session state, which Streamlit warns about beside an explicit value
        st.caption(t("setup.limits"))
        depth = st.number_input(t("setup.max_depth"), 0, 100, key="max_depth",
                                help=t("setup.max_depth.help"))
        min_samples = st.number_input(t("setup.min_samples"), 2, 10_000, key="min_samples",
                                      help=t("setup.min_samples.help"))
        min_gain = st.number_input(t("setup.min_gain"), 0.0, 1.0, step=0.01,
                                   format="%.3f", key="min_gain", help=min_gain_help(algorithm))
        min_branch_weight = st.number_input(
            t("setup.min_branch_weight"), 0.0, 10_000.0, step=1.0, format="%g",
            key="min_branch_weight", help=t("setup.min_branch_weight.help"))
        tie_break = st.selectbox(t("setup.tie_rule"), TIE_BREAKS, key="tie_break",
                                 format_func=labelled(TIE_BREAKS, lambda rule: t(f"tie.{rule}"),
                                                      key="tie_break"),
                                 help=t("setup.tie_rule.help"))
        seed = st.number_input(t("setup.seed"), 0, 2**31 - 1, key="seed",
                               disabled=not registry.seed_matters(algorithm, tie_break))
    return {"algorithm": algorithm, "max_depth": int(depth) or None,
            "min_samples_split": int(min_samples), "min_gain": float(min_gain),
            "min_branch_weight": float(min_branch_weight) or None,  # 0 means off
            "tie_break": tie_break, "seed": int(seed)}


def min_gain_help(algorithm: str) -> str:
    """The min gain's tooltip, naming the score this algorithm compares with it (a registered
    algorithm's own score name when the catalogue has no words for it)."""
    decrease = registry.record(algorithm).impurity_decrease
    return t("setup.min_gain.help", algorithm=registry.name(algorithm),
             score=t_or(f"setup.min_gain.score.{decrease}", decrease))


def forced_choices(dataset: dict) -> dict[str, str]:
    """Attributes the user forced at nodes of this dataset's tree, with a way to undo them."""
    forces = dict(sorted(st.session_state.forces.get(dataset["key"], {}).items()))
    if forces:
        st.button(t("setup.clear_forces", n=len(forces)), key="clear_forces",
                  on_click=state.clear_forces, args=(dataset["key"],))
    return forces


def grow(dataset: dict, choices: dict, options: Options, progress: Progress) -> bool:
    """Grow (cached) and keep the result; a failure leaves the previous tree in place, and the
    dataset it grew from (so every page reads the rows its tree was grown on). Returns
    whether the tree shown is now the one of these choices."""
    trace_id = engine.trace_key(dataset["data"], choices, options)
    current = st.session_state.get("current")
    if current is not None and current["trace_id"] == trace_id:
        progress.clear()
        # the same bytes under another file's name: the tree is the same, its source is not
        if dataset_identity(current["source"]) != dataset_identity(dataset):
            st.session_state.current = {**current, "source": dataset}
            state.note_grown(trace_id, dataset)  # it may be the file a link names
        return True  # keeps the very same dict: no cache lookup, no copy, on every rerun
    progress.max_depth = options.max_depth
    try:
        trace = engine.grow_trace(dataset["data"], dataset["filename"], choices, options,
                                  on_phase=progress)
    except (LoadError, ValueError) as error:
        _failed(tm("setup.grow_failed", reason=error_text(error)), dataset, progress)
        return False
    except MemoryError:  # this session's request fails; the server and the last tree stay
        _failed(t("error.memory"), dataset, progress)
        return False
    progress.drawing(trace)
    state.note_grown(trace_id, dataset)
    st.session_state.current = {"trace": trace, "trace_id": trace_id, "source": dataset,
                                "choices": choices, "options": options,
                                "report": engine.grown_report(trace_id, dataset["filename"])}
    return True


def _failed(message: str, dataset: dict, progress: Progress) -> None:
    """Say why, and which tree the pages still show: the last one stays, with the dataset it
    was grown from."""
    progress.clear()
    st.error(sentences([message, *_tree_kept(dataset)]))
    _keep_the_trees_dataset()


def _tree_kept(dataset: dict) -> list[str]:
    """The sentence naming the tree the pages still show after a refusal of the sidebar's
    `dataset`, if there is one (its dataset, algorithm and size, as the grow page's header
    names it). None when the tree grew from another dataset: the sidebar's setup.tree_of
    says so (_name_the_tree_shown), and the same fact twice read as two trees kept."""
    current = st.session_state.get("current")
    if current is None or dataset_identity(current["source"]) != dataset_identity(dataset):
        return []
    trace = current["trace"]
    return [tm("setup.tree_kept", name=tree_dataset_name(current),
               algorithm=registry.name(trace["algorithm"]), nodes=len(trace["nodes"]))]


def built_options(params: dict, dataset: dict) -> Options | None:
    """The one Options object of the sidebar (for `dataset`); a value it refuses is an error
    box and None."""
    try:
        return Options.build(**params)
    except ValueError as error:
        st.error(sentences([tm("setup.grow_failed", reason=error_text(error)),
                            *_tree_kept(dataset)]))
        return None


def sidebar() -> Progress:
    """Render the whole setup area and (re)grow when anything in it changed.

    Data choices (target, attributes, sheet, encoding) stay a small dict; everything that
    shapes the tree is one Options object, which every page derives its own from. Returns the
    progress bar, which reads "drawing" after a growth: the caller may clear() it once the
    page has drawn (it goes at the next rerun anyway).
    """
    with st.sidebar:
        language_picker()
        notation_picker()
        st.header(t("setup.header"))
        for problem in engine.budget_problems():  # the server runs on its defaults there
            unknown = getattr(problem, "code", "") == "budget.unknown_setting"
            st.error(tm("setup.budget_unknown" if unknown else "setup.budget_setting",
                        reason=error_text(problem)))
        progress = Progress()
        dataset = dataset_picker(progress)
        if dataset is None:
            progress.clear()
            return progress
        table = _loaded(dataset)
        if table is None:
            progress.clear()
            _keep_the_trees_dataset()
            return progress
        st.caption(tm("setup.using", name=dataset_name(dataset), rows=len(table.frame),
                     cols=len(table.frame.columns)))
        tree_shown = st.empty()  # filled once it is known whether a tree grew from it
        report = st.container()  # filled once the choices below say how the data is prepared
        columns = [str(c) for c in table.frame.columns]
        target = _target(columns, dataset, table)
        attributes = _attributes(dataset, table.report, columns, target)
        nominal, continuous = _kinds(dataset, attributes)
        params = algorithm_options()
        prune_params, validation, ready = pruning.sidebar_options(dataset, UPLOAD_TYPES)
        choices = {"target": target, "attributes": attributes, "sheet": dataset.get("sheet"),
                   "encoding": dataset.get("encoding")}
        if validation is not None:  # absent otherwise, so an unpruned tree's key is unchanged
            choices["validation"] = validation
        # A forced path the new tree lacks (another algorithm, other options) is skipped and
        # named on the grow page, so changing the algorithm never refuses to grow.
        options = built_options({**params, **prune_params, "force": forced_choices(dataset),
                                 "force_missing": "skip", "nominal": nominal,
                                 "continuous": continuous}, dataset)
    shown = False  # is the tree shown the one of these choices?
    if options is not None and ready:
        shown = grow(dataset, choices, options, progress)
    else:
        progress.clear()
        _keep_the_trees_dataset()
    with report:  # the tree's own kinds and notes where it grew from these choices
        load_report(table, target, st.session_state.current.get("report") if shown else None)
    _name_the_tree_shown(tree_shown, dataset)
    return progress


def _name_the_tree_shown(slot, dataset: dict) -> None:
    """The sidebar names the file it read; when no tree grew from that file (refused,
    waiting for a validation file), it says whose tree the pages still show."""
    current = st.session_state.get("current")
    if current is not None and dataset_identity(current["source"]) != dataset_identity(dataset):
        slot.caption(tm("setup.tree_of", name=tree_dataset_name(current)))


def _keep_the_trees_dataset() -> None:
    """No tree grows from the sidebar's dataset yet (a validation file still to come, an
    option refused, a file that cannot load): the pages go on reading the rows of the tree
    they show, as after a failed growth (they read Iris's columns for a watermelon tree)."""
    current = st.session_state.get("current")
    if current is not None and "source" in current:
        st.session_state.dataset = current["source"]
