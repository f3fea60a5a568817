"""A pytest file of expected values for an exercise, for students to run on their own machines.

The instructor downloads it from the app; students put it beside their own code and run
`pytest`. It holds the data, the tree's chosen attributes and leaf labels node by node, and
every candidate's scores at each node, as exact numbers compared within a stated tolerance.
The server only writes the text: student code never runs there.
"""

from __future__ import annotations

import dataclasses
import math
import pprint

import numpy as np
import pandas as pd

from .algorithms import get as algorithm_record
from .data import encode
from .fitted_trace import FittedTrace
from .labels import branch_text, children_of, node_path
from .scoretable import score_attributes
from .splitting import Batch, partition_search
from .trace import node_rows

MAX_ROWS = 5_000  # an exercise file carries its data: classroom-sized tables only
DEFAULT_TOLERANCE = 1e-3
# The score a function of the student's module computes, by the trace's score column.
FUNCTIONS = {"gain": "info_gain", "gain_ratio": "gain_ratio", "gini_index": "gini_index"}
# A binary tree's own score (CART's), under a name of its own: the functions above are the
# formulas the header cites, which split a nominal attribute one branch per value.
BINARY_FUNCTION = "gini_index_binary"


class ExerciseFileError(ValueError):
    """The file cannot be written for this tree; `code` and `details` word it in the UI."""

    def __init__(self, message: str, code: str, **details):
        super().__init__(message)
        self.code = code
        self.details = details


def scored_columns(algorithm: str) -> tuple[str, ...]:
    """Information gain always (every textbook exercise asks for it), and the score the
    algorithm decides by when that is another (C4.5's gain ratio, CART's Gini index)."""
    deciding = algorithm_record(algorithm).deciding_column
    return tuple(dict.fromkeys(c for c in ("gain", deciding) if c in FUNCTIONS))


def expected_tests(trace: dict, X: pd.DataFrame, y: pd.Series, exercise: str,
                   tolerance: float = DEFAULT_TOLERANCE, module: str = "mytree") -> str:
    """The text of a pytest file checking a student's build_tree (and score functions)."""
    check_exercise(trace, len(X))
    missing = bool(X.isna().any().any())
    columns = () if missing else scored_columns(trace["algorithm"])
    values = {
        "EXERCISE": exercise, "ALGORITHM": trace["algorithm"], "STUDENT_MODULE": module,
        "TOLERANCE": float(tolerance), "TARGET": trace["target"],
        "ATTRIBUTES": [a["name"] for a in trace["attributes"]],
        "CONTINUOUS": [a["name"] for a in trace["attributes"] if a["kind"] == "continuous"],
        "ROWS": _rows(trace, X, y), "NODES": _nodes(trace),
        "SCORES": _scores(trace, X, y, columns),
    }
    constants = "\n\n".join(f"{name} = {_literal(value)}" for name, value in values.items())
    note = MISSING_NOTE if missing else ""
    binary = BINARY_NOTE if _binary(trace) and columns else ""
    return HEADER.replace("{binary}", binary).replace("{note}", note) + constants + "\n" + BODY


def check_exercise(trace: dict, n_rows: int) -> None:
    """Raise ExerciseFileError when no file can be written for this tree and its n_rows
    rows (asked before the file is made: a page says why without making it)."""
    check_reproducible(trace)
    if n_rows > MAX_ROWS:
        raise ExerciseFileError(f"The data has {n_rows} rows; an exercise file carries its "
                                f"data and takes at most {MAX_ROWS}.", "too_many_rows",
                                rows=n_rows, limit=MAX_ROWS)
    if any(a.get("kind") not in ("nominal", "continuous") for a in trace["attributes"]) or \
            any(c.get("weights") for n in trace["nodes"] for c in [n["branch"] or {}]):
        raise ExerciseFileError("Oblique (linear) tests cannot be written as nested-dict "
                                "branches.", "oblique")


def check_reproducible(trace: dict) -> None:
    """Raise ExerciseFileError when a student's code could not build the tree from the file:
    a pruned tree (the file carries the rows it grew on, not the pruning's validation rows or
    parameters), one with splits forced by hand (build_tree is not told them; a forced
    threshold also changes the scores the file would expect), or one whose rule draws
    attributes at random (CLS: no code makes the draw)."""
    forced = (trace.get("params") or {}).get("force") or ()
    if forced:
        splits, them = ("a split", "it") if len(forced) == 1 else (f"{len(forced)} splits",
                                                                   "them")
        raise ExerciseFileError(f"The tree has {splits} forced by hand; the file cannot tell a "
                                f"student's build_tree about {them}.", "forced",
                                count=len(forced))
    method = (trace.get("params") or {}).get("prune", "none")
    if method != "none":
        raise ExerciseFileError(f"The tree is pruned ({method}); the file carries the rows it "
                                "grew on, not the pruning.", "pruned", method=method)
    if algorithm_record(trace["algorithm"]).draws_at_random:
        raise ExerciseFileError(f"{trace['algorithm']} draws attributes at random; no "
                                "student's code makes the same draws.", "random",
                                algorithm=trace["algorithm"])
    if (trace.get("params") or {}).get("tie_break") == "random" and any(
            n["decision"].get("ties") for n in trace["nodes"]):
        raise ExerciseFileError("A tie in this tree was broken by a seeded draw; no "
                                "student's code makes the same draw.", "random_ties")


def _literal(value) -> str:
    """A Python literal (repr keeps floats exact and quotes any text safely)."""
    return pprint.pformat(value, width=100, sort_dicts=False)


def _rows(trace: dict, X: pd.DataFrame, y: pd.Series) -> list[dict]:
    kinds = {a["name"]: a["kind"] for a in trace["attributes"]}
    rows = []
    for record, label in zip(X[list(kinds)].to_dict("records"), y.tolist(), strict=True):
        rows.append({name: _cell(record[name], kinds[name]) for name in kinds}
                    | {trace["target"]: _cell(label, "nominal")})
    return rows


def _cell(value, kind: str):
    if value is None or (isinstance(value, float) and math.isnan(value)) or pd.isna(value):
        return None
    return float(value) if kind == "continuous" else _text(value)


def _text(value) -> str:
    """Nominal values as the trace writes them (whole floats from a file read as 1, not 1.0)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _kept(trace: dict) -> list[dict]:
    """The final tree's nodes in TreeGenerate's order (pruned-away nodes left out)."""
    nodes = trace["nodes"]
    return [nodes[i] for i in trace["steps"] if not nodes[i].get("pruned_away")]


def _path(trace: dict, node: dict) -> list[list]:
    return [[c["attribute"], c["op"], list(c["value"]) if c["op"] == "in" else c["value"]]
            for c in node_path(trace, node)]


def _where(trace: dict, node: dict) -> str:
    return "/".join(branch_text(c) for c in node_path(trace, node)) or "root"


def _nodes(trace: dict) -> list[dict]:
    children = children_of(trace)
    entries = []
    for node in _kept(trace):
        decision = node["decision"]
        split = decision["kind"] == "split"
        entries.append({
            "where": _where(trace, node), "path": _path(trace, node),
            "attribute": decision["attribute"] if split else None,
            # tied with the pick: any of them is right, and the subtree under it another
            # tree's (not compared)
            "tied": [str(a) for a in decision.get("ties") or ()] if split else [],
            "threshold": decision.get("threshold") if split else None,
            "branches": len(children[node["id"]]) if split else 0,
            "label": None if split else str(decision["label"])})
    return entries


def _binary(trace: dict) -> bool:
    """Does the algorithm split a nominal attribute in two (CART)? Its own Gini_index is then
    the best two-way split's, expected as gini_index_binary."""
    return algorithm_record(trace["algorithm"]).nominal_shape == "binary"


def _scores(trace: dict, X: pd.DataFrame, y: pd.Series, columns: tuple[str, ...]) -> list[list]:
    """[where, path, attribute, function, expected] for each candidate at each split node."""
    splits = [n for n in _kept(trace) if n["decision"]["kind"] == "split"]
    if not columns or not splits:
        return []
    book = _book_scores(trace, X, y, splits)
    wanted = [(c, FUNCTIONS[c]) for c in columns]
    entries = []
    for node, scores in zip(splits, book, strict=True):
        for row in node_rows(node):  # built for the file, not kept in a shared tree
            # the book's formulas for the trace's candidates; the binary tree's own from its row
            values = scores[row["attribute"]] | {"gini_index_binary": row["gini_index_binary"]}
            exact = _binary(trace) and _best_of_every_split(trace, row)
            for column, function in wanted + [("gini_index_binary", BINARY_FUNCTION)] * exact:
                value = values[column]
                if value is not None and math.isfinite(value):
                    entries.append([_where(trace, node), _path(trace, node), row["attribute"],
                                    function, float(value)])
    return entries


def _best_of_every_split(trace: dict, row: dict) -> bool:
    """Is the row's two-way Gini_index the smallest over every split in two? Not where the
    node has one value of the attribute (no split in two), nor where CART orders an
    attribute's values instead of trying every grouping (splitting.partition_search:
    exact for two classes)."""
    if row["kind"] != "nominal":
        return True
    values = next(a.get("values") or () for a in trace["attributes"]
                  if a["name"] == row["attribute"])
    return row["n_distinct"] >= 2 and \
        (partition_search(len(values)) == "exhaustive" or len(trace["classes"]) == 2)


def _book_scores(trace: dict, X: pd.DataFrame, y: pd.Series, splits: list[dict]) -> list[dict]:
    """Each split node's {attribute: {gain, gain_ratio, gini_index}} as the header's formulas
    give them on the rows reaching it: a nominal attribute one branch per value (Zhou 4.2, 4.3,
    4.6), a continuous one at its largest Gain (4.8) and its smallest Gini_index. Scored by
    the core's own scoring with the algorithm's record made multiway and cut by Gain: a binary
    tree's (CART's) trace holds its two-way split's numbers instead."""
    kinds = {a["name"]: a["kind"] for a in trace["attributes"]}
    X = X[list(kinds)].reset_index(drop=True)
    reached = {node: (rows, weight) for node, rows, weight in FittedTrace.from_dict(trace).reach(X)}
    parts = [reached[n["id"]] for n in splits]
    batch = Batch(np.concatenate([rows for rows, _ in parts]),
                  np.concatenate([weight for _, weight in parts]).astype(float),
                  np.repeat(np.arange(len(parts)), [len(rows) for rows, _ in parts]), len(parts))
    enc = encode(X, y.reset_index(drop=True), kinds)
    book = dataclasses.replace(algorithm_record(trace["algorithm"]), nominal_shape="multiway",
                               threshold_by="gain")
    scored = score_attributes(enc, batch, book, 1, None)
    return [{a.name: _book_row(s, i) for a, s in zip(enc.attributes, scored, strict=True)}
            for i in range(len(splits))]


def _book_row(scores, i: int) -> dict:
    """One attribute's book numbers at node i (a continuous one's smallest Gini_index over its
    cut points is the scoring's best binary one: a threshold splits in two)."""
    gini = scores.gini_index_multiway if scores.gini_index_multiway is not None \
        else scores.gini_index_binary
    return {"gain": float(scores.scores["gain"][i]),
            "gain_ratio": float(scores.scores["gain_ratio"][i]),
            "gini_index": None if gini is None else float(gini[i])}


HEADER = '''"""Expected values for a decision-tree exercise, written by dtree-lab.

Put this file beside your code and run `pytest` (Python 3.9+, pytest). Your module, named in
STUDENT_MODULE below (change it to yours), provides

    build_tree(rows, attributes, target)
        -> the tree as a nested dict {attribute: {value: subtree or class label}}.
           A continuous attribute's branches are keyed "<=t" and ">t" (t as in the book,
           e.g. "<=0.3815"; rounded to fewer decimals is accepted); a two-way split of a
           nominal attribute's values is keyed by a tuple of the values on each side.
           Every value of a nominal attribute gets a branch, even one no row at the node
           has (a leaf of the parent's majority class, Zhou Fig. 4.2 lines 11-13).

and, if you wrote them (the tests of a function your module lacks are skipped):

    info_gain(rows, attribute, target)   Gain(D, a), Zhou (4.2); Li Hang's g(D, A)
    gain_ratio(rows, attribute, target)  Gain_ratio(D, a), Zhou (4.3); Li Hang's g_R(D, A)
    gini_index(rows, attribute, target)  Gini_index(D, a), Zhou (4.6){binary}

rows is a list of dicts, one per row (continuous values as floats, unknown ones as None).
A nominal attribute gets one branch per value in these formulas, whatever tree is grown.
For a continuous attribute the score expected is the one at its best cut point, Zhou
section 4.4.1: info_gain and gain_ratio at the midpoint with the largest gain (eq. 4.8),
gini_index the smallest Gini_index over the midpoints.
Each node of the expected tree is one test, in the order the algorithm decides them
(TreeGenerate, Zhou Fig. 4.2), and each score one test, compared within TOLERANCE.
Where attributes tie for the best score (a node's "tied"), the expected tree took one by
its tie rule; any of them is right, and the tests of the nodes under another's branches
are skipped (that subtree is another tree's).{note}
"""

import importlib
import math

import pytest

'''

BINARY_NOTE = '''
    gini_index_binary(rows, attribute, target)
                                         the smallest Gini_index over the splits of the
                                         attribute in two, as this binary tree (CART) ranks
                                         them: a nominal attribute's values in two groups,
                                         a continuous one at a midpoint (not expected where
                                         the node has one value of it, nor for one of more
                                         than 10 values and more than two classes: CART then
                                         orders its values instead of trying every grouping)'''

MISSING_NOTE = '''

The data has unknown values: Zhou section 4.4.2 weights the rows, which a filter of whole
rows cannot reproduce, so this file checks the tree only, not the scores.'''

BODY = '''

student = importlib.import_module(STUDENT_MODULE)


def rows_at(path):
    """The rows reaching a node: those meeting every condition on its path."""
    return [dict(row) for row in ROWS if all(_holds(row, c) for c in path)]


def _holds(row, condition):
    attribute, op, value = condition
    x = row[attribute]
    if x is None:
        return False
    if op == "<=":
        return x <= value
    if op == ">":
        return x > value
    if op == "in":
        return str(x) in value
    return str(x) == value


def _same(given, expected):
    if str(given).strip() == str(expected):
        return True
    try:
        return float(given) == float(expected)
    except (TypeError, ValueError):
        return False


def _near(text, op, threshold):
    """'<=0.382' stands for '<=0.3815': within half a unit of the last decimal written."""
    text = str(text).replace(" ", "").replace("≤", "<=")
    if not text.startswith(op) or (op == ">" and text.startswith(">=")):
        return False
    number = text[len(op):]
    try:
        given = float(number)
    except ValueError:
        return False
    decimals = len(number.split(".")[1]) if "." in number else 0
    return abs(given - threshold) <= 0.5 * 10 ** -decimals + 1e-12


def _routes_alike(text, op, threshold, rows, attribute):
    """Does the cut as written send every row at the node the side the tree's cut does?
    (0.1 for 0.126 sends the row at 0.103 the other way: another cut, however near.)"""
    given = float(str(text).replace(" ", "").replace("≤", "<=")[len(op):])
    return all((row[attribute] <= given) == (row[attribute] <= threshold)
               for row in rows if row[attribute] is not None)


def _side(values, rows, attribute):
    """A two-way split's side as the values rows at the node hold (a value none holds may
    sit on either side); a key of one value is a side of one."""
    values = values if isinstance(values, (tuple, list, frozenset, set)) else [values]
    held = {str(row[attribute]) for row in rows if row[attribute] is not None}
    return {str(v) for v in values} & held if held else {str(v) for v in values}


def _branch(branches, condition, rows=()):
    """The subtree under the branch for a condition (None if there is none); rows: those at
    the node, which a written cut must send as the tree's cut does."""
    attribute, op, value = condition
    for key, subtree in branches.items():
        if op in ("<=", ">") and _near(key, op, value) and \
                _routes_alike(key, op, value, rows, attribute):
            return subtree
        if op == "in" and _side(key, rows, attribute) == _side(value, rows, attribute):
            return subtree  # a side of values (Li Hang's A = a: a side of one)
        if op == "=" and _same(key, value):
            return subtree
    return None


TIED = {str(node["path"]): node["tied"] for node in NODES}


def node_at(tree, path):
    """Walk the student's tree along a path; (subtree, where it failed or None). Under a
    tied attribute other than the expected tree's, the node is another tree's: skipped."""
    here = tree
    for i, condition in enumerate(path):
        if not isinstance(here, dict) or len(here) != 1:
            return None, i
        (attribute, branches), = here.items()
        if attribute != condition[0] and attribute in TIED.get(str(path[:i]), ()):
            pytest.skip(f"your tree took {attribute}, tied with {condition[0]}, above this "
                        "node: the subtree under it is another tree's")
        if attribute != condition[0] or not isinstance(branches, dict):
            return None, i
        here = _branch(branches, condition, rows_at(path[:i]))
        if here is None:
            return None, i
    return here, None


@pytest.fixture(scope="module")
def tree():
    return student.build_tree([dict(row) for row in ROWS], list(ATTRIBUTES), TARGET)


@pytest.mark.parametrize("node", NODES, ids=[f"node{i}" for i in range(len(NODES))])
def test_node(tree, node):
    here, failed = node_at(tree, node["path"])
    assert failed is None, (f"{node['where']}: your tree has no branch for "
                            f"{node['path'][failed]} (look at the node above it)")
    if node["attribute"] is None:
        assert not isinstance(here, dict), f"{node['where']}: expected the leaf {node['label']}"
        assert _same(here, node["label"]), (f"{node['where']}: expected the leaf "
                                            f"{node['label']}, yours says {here}")
        return
    assert isinstance(here, dict) and len(here) == 1, (
        f"{node['where']}: expected a split on {node['attribute']}, yours is {here!r}")
    (attribute, branches), = here.items()
    assert attribute == node["attribute"] or attribute in node["tied"], (
        f"{node['where']}: expected a split on {node['attribute']}, yours splits on {attribute}")
    if attribute != node["attribute"]:
        return  # a tied attribute: its branches are another tree's
    assert len(branches) == node["branches"], (
        f"{node['where']}: expected {node['branches']} branches, yours has {len(branches)}")


@pytest.mark.parametrize(("where", "path", "attribute", "function", "expected"), SCORES,
                         ids=[f"score{i}" for i in range(len(SCORES))])
def test_score(where, path, attribute, function, expected):
    compute = getattr(student, function, None)
    if compute is None:
        pytest.skip(f"{STUDENT_MODULE} has no {function}()")
    given = compute(rows_at(path), attribute, TARGET)
    assert math.isclose(given, expected, rel_tol=0, abs_tol=TOLERANCE), (
        f"{where}: {function}({attribute}) = {given}, expected {expected:.6f} "
        f"(within {TOLERANCE})")
'''
