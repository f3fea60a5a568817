"""The exercises page's "check my tree" tab: the student's pasted tree against the trace, and
the instructor's pytest file of expected values (dtree_core.treecheck and .expected compute;
this only words and lays out)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dtree_core.expected import (
    DEFAULT_TOLERANCE,
    ExerciseFileError,
    check_exercise,
    expected_tests,
)
from dtree_core.export import SCORE_COLUMNS
from dtree_core.options import Options
from dtree_core.reading import asked_variant
from dtree_core.split import places_apart, record_threshold_text
from dtree_core.treecheck import Difference, PasteError, TreeCheck, check_tree, known_attribute
from ui import engine, registry
from ui.messages import has, quoted_names, read_as_key, sentences, t, tm
from ui.names import tree_dataset_name
from ui.panel import tie_rule, why_text
from ui.setup import error_text
from ui.widgets import number_formats, score_header

EXAMPLE = "{'纹理': {'清晰': {'根蒂': {...}}, '稍糊': {...}, '模糊': '否'}}"
# The differences that are ties the rule broke (its sentence says "not a mistake")
TIES = ("tied", "tied_threshold")
FILE_NAME = "test_expected_values.py"  # pytest collects test_*.py; a module name, no dots


def check_my_tree(trace: dict) -> None:
    """The pasted tree, checked once the student presses the button."""
    st.caption(t("tc.intro", algorithm=registry.name(trace["algorithm"])))
    st.caption(t("tc.forms", example=t("tc.forms.example", open="{", close="}")))
    text = st.text_area(t("tc.input"), key="tc_text", height=220, placeholder=EXAMPLE,
                        persist_state="session")
    allow = st.checkbox(t("tc.allow_empty"), key="tc_allow_empty", persist_state="session",
                        help=t("tc.allow_empty.help"))
    if st.button(t("tc.button"), key="tc_check"):
        st.session_state.tc_checked = True
    if st.session_state.get("tc_checked"):  # an empty paste is said (tc.error.empty)
        try:
            result = check_tree(text, trace, allow_missing_empty=allow)
        except PasteError as error:
            st.error(tm(f"tc.error.{error.code}", **error.details))
            return
        show_check(trace, result)


def show_check(trace: dict, result: TreeCheck) -> None:
    """The verdict: all nodes agree, or the first difference with both decisions."""
    st.caption(sentences([t("tc.read", form=t(f"tc.form.{result.form}"),
                            nodes=result.pasted_nodes), *read_as_sentences(result)]))
    if result.matches:
        st.success(tm("tc.match", algorithm=registry.name(trace["algorithm"]),
                      total=result.total))
        if result.form != "trace":
            st.info(t("tc.match.numbers"))
        return
    difference = result.difference
    where = " / ".join(difference.path) if difference.path else t("tc.root")
    prefix = tm("tc.where", where=where)
    space = "" if prefix.endswith("：") else " "  # Chinese puts no space after its colon
    said = prefix + space + tm(difference_key(difference), **sentence_values(trace, result))
    # a tie is said to be no mistake: it is not shown as one
    (st.info if difference.kind in TIES else st.error)(said)
    st.caption(t("tc.agreed", agreed=result.agreed, total=result.total,
                 algorithm=registry.name(trace["algorithm"])))
    if difference.kind == "missing_branch" and not difference.branch_weight:
        st.info(tm("tc.diff.missing_empty", branch=difference.branch))
    odd = odd_attribute(trace, difference)
    if odd is not None:
        st.warning(tm(odd, attribute=difference.given))
    st.markdown(tm("tc.why", why=why_text(trace, trace["nodes"][difference.node_id], 3)))
    table = score_rows(trace, difference)
    if not table.empty:
        st.caption(t("tc.scores" if len(table) > 1 else "tc.scores.one"))
        st.dataframe(table, hide_index=True,
                     column_config=score_formats(table, st.session_state.get("decimals", 3)))


def difference_key(difference: Difference) -> str:
    """The difference's sentence: a name asked which, as it spells the columns it could mean
    (in another case or width, or its spaces ignored)."""
    if difference.kind != "ambiguous_attribute":
        return f"tc.diff.{difference.kind}"
    variant = asked_variant(difference.by, difference.folds)
    return f"tc.diff.{difference.kind}" + (f".{variant}" if variant else "")


def read_as_sentences(result: TreeCheck) -> list[str]:
    """How each name written otherwise than the data spells its column was read, by the
    folds its match needed (said in the words the numbers check says them in)."""
    return [tm(read_as_key(read["folds"]), written=read["written"], attribute=read["attribute"])
            for read in result.read_as]


def sentence_values(trace: dict, result: TreeCheck) -> dict:
    """The values the difference's sentence names (the score kind's given is a number)."""
    difference = result.difference
    node = trace["nodes"][difference.node_id]
    given = _number(difference.given_value) if difference.kind == "score" else difference.given
    return {"algorithm": registry.name(trace["algorithm"]), "given": given,
            "expected": difference.expected, "branch": difference.branch,
            "expected_attribute": node["decision"].get("attribute"),
            "field": score_header(difference.score_field) if difference.score_field else "",
            "attribute": difference.score_attribute, "exact": _number(difference.exact_value),
            "tolerance": f"{result.tolerance:g}", "rule": tie_rule(trace),
            "criterion": score_header(registry.record(trace["algorithm"]).threshold_by),
            "columns": quoted_names(difference.columns)}


def odd_attribute(trace: dict, difference: Difference) -> str | None:
    """The catalogue key saying the student's attribute is no column of the data, or no
    candidate at this node (a nominal attribute already used above)."""
    if difference.kind not in ("attribute", "split_at_leaf") or difference.given is None:
        return None
    if not known_attribute(trace, difference.given):
        return "tc.unknown_attribute"
    return "tc.not_candidate" if difference.given_row is None else None


def score_rows(trace: dict, difference: Difference) -> pd.DataFrame:
    """Both attributes' rows of the node's score table, the numbers the trace records, headed
    in the chosen book's symbols (on D̃ where values are missing)."""
    record = registry.record(trace["algorithm"])
    ours = t("tc.row.trace") if difference.kind == "score" else \
        t("tc.row.expected", algorithm=registry.name(trace["algorithm"]))
    rows = [(ours, difference.expected_row)]
    if difference.given_row is not None and difference.given_row != difference.expected_row:
        rows.append((t("tc.row.given"), difference.given_row))
    rows = [(whose, row) for whose, row in rows if row is not None]
    cut = any(row.get("threshold") is not None for _, row in rows)
    known_only = any(row.get("rho", 1) < 1 for _, row in rows)
    records = []
    for whose, row in rows:
        entry = {t("tc.row.label"): whose, score_header("attribute"): row["attribute"]}
        entry.update({score_header(c, known_only): row.get(c) for c in record.columns
                      if c in SCORE_COLUMNS})
        if cut:  # as text: a nominal attribute's row has none
            entry[score_header("threshold")] = "" if row.get("threshold") is None \
                else record_threshold_text(row)
        if "above_average" in record.columns:
            entry[score_header("above_average")] = bool(row.get("above_average"))
        records.append(entry)
    return pd.DataFrame(records)


def score_formats(table: pd.DataFrame, decimals: int) -> dict:
    """The table's numbers to `decimals` places, or to as many more as tell the two rows
    apart (0.1081 against 0.1087, not 0.108 against 0.108): the rows are there to compare."""
    if len(table) < 2:
        return number_formats(table, decimals)
    formats = {}
    for column in table.columns:
        if pd.api.types.is_float_dtype(table[column]):
            first, second = table[column].iloc[:2]
            places = places_apart([(first, second)], decimals) \
                if pd.notna(first) and pd.notna(second) else decimals
            formats.update(number_formats(table[[column]], places))
    return formats


def _number(value) -> str:
    return "" if value is None else f"{value:.4f}"


# --------------------------------------------------------------------- the pytest file


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def exercise_file(data: bytes, filename: str, choices: dict, options: Options, trace_id: str,
                  _trace: dict, exercise: str, module: str, tolerance: float) -> str:
    """The pytest file's text, once per tree (trace_id names it), module name and tolerance:
    the rows the tree grew on go in it. Made when the download is clicked (a tree of
    thousands of nodes makes a file of megabytes, in seconds)."""
    X, y = exercise_rows(data, filename, choices, options)
    return expected_tests(_trace, X, y, exercise, tolerance, module)


def exercise_rows(data: bytes, filename: str, choices: dict, options: Options):
    """The rows the tree grew on (engine.ready is cached)."""
    X, y, fitted = engine.ready(data, filename, choices, options)
    X, y, _ = engine.training_and_validation(X, y, choices.get("validation"), fitted)
    return X, y


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def exercise_shape(data: bytes, filename: str, choices: dict,
                   options: Options) -> tuple[int, bool]:
    """(how many rows the file would carry, whether any value is missing): once per tree's
    inputs, not on every rerun of the page."""
    X, _ = exercise_rows(data, filename, choices, options)
    return len(X), bool(X.isna().any().any())


def file_error_text(error: ExerciseFileError) -> str:
    """Why no file is offered, with the pruning method's and the algorithm's catalogue names
    (the error carries their keys)."""
    details = dict(error.details)
    if "method" in details:
        details["method"] = t(f"prune.method.{details['method']}")
        details["none"] = t("prune.method.none")
    if "algorithm" in details:
        details["algorithm"] = registry.name(details["algorithm"])
    key = f"tc.file.error.{error.code}"
    if details.get("count") == 1 and has(f"{key}.one"):  # "it" / 它, not "them" / 它们
        key += ".one"
    return t(key, **details)


def expected_values_file(current: dict) -> None:
    """The instructor's download: a pytest file students run on their own machines."""
    st.subheader(t("tc.file.header"))
    st.caption(t("tc.file.intro", name=FILE_NAME))
    cols = st.columns(2)
    module = cols[0].text_input(t("tc.file.module"), value="mytree", key="tc_module",
                                persist_state="session").strip()
    tolerance = cols[1].number_input(t("tc.file.tolerance"), min_value=1e-9, max_value=1.0,
                                     value=DEFAULT_TOLERANCE, step=0.0001, format="%.4f",
                                     key="tc_file_tolerance", persist_state="session")
    if not module.isidentifier():
        st.error(tm("tc.file.module.bad", module=module))
        return
    dataset = current["source"]  # the file the tree grew from
    inputs = (dataset["data"], dataset["filename"], current["choices"], current["options"])
    try:
        n_rows, missing = exercise_shape(*inputs)
        check_exercise(current["trace"], n_rows)
    except ExerciseFileError as error:
        st.warning(file_error_text(error))
        return
    except (ValueError, MemoryError) as error:  # a DataError or LoadError: said, not raised
        st.warning(t("error.memory") if isinstance(error, MemoryError) else error_text(error))
        return
    if missing:
        st.caption(t("tc.file.missing"))
    st.download_button(t("tc.file.download"),
                       lambda: exercise_file(*inputs, current["trace_id"], current["trace"],
                                             tree_dataset_name(current), module, float(tolerance)),
                       FILE_NAME, "text/x-python", key="tc_file_download")
