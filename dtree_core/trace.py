"""The trace: every node the grower decided, why, and in what order (format dtree-trace/1).

Records are frozen dataclasses holding exact numbers; the JSON form (TRACE.md) is derived
from them. Score tables stay as the grower's per-depth numpy arrays until they are asked for,
so a trace of a large tree costs counts, not Python objects per cell.
"""

from __future__ import annotations

import gc
import io
import json
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol, TextIO

import numpy as np
import orjson

from .criteria import node_misclassification
from .split import Condition
from .wording import PRUNE_RULES

FORMAT = "dtree-trace/1"
# Below this depth a node's JSON `path` is null (TRACE.md): readers derive it from `parent`
# and `branch` (dtree_core.labels.node_path), so a deep chain's JSON stays linear in size.
MAX_PATH_DEPTH = 64


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str  # "split" | "leaf"
    label: str
    stop: str | None = None
    attribute: str | None = None
    threshold: float | None = None
    criterion: str | None = None
    value: float | None = None
    rule: str = ""
    rule_code: str | None = None
    ties: tuple[str, ...] = ()
    forced: bool = False
    mean_gain: float | None = None
    passed: tuple[str, ...] = ()
    was: Decision | None = None  # a pruned node's decision before pruning
    forced_threshold: bool = False  # the threshold too was set by hand (--force a@t)
    threshold_digits: int | None = None  # written to these significant digits (threshold_text)
    # An oblique node's linear test (Zhou §4.5, dtree_core.oblique): attribute -> weight, the
    # Gini_index and ρ-weighted Gini gain of its two branches, and the best single-attribute
    # split it beat ({attribute, gini_index, gini_gain}, and `ties`: the single attributes
    # tied with it, absent unless some are; empty when there was none).
    weights: tuple[tuple[str, float], ...] = ()
    linear_impurity: float | None = None
    linear_gain: float | None = None
    axis_best: tuple[tuple[str, object], ...] = ()
    # Where the single attribute won: the linear test it beat ({weights, threshold,
    # gini_index, gini_gain, learner, name, threshold_digits}; `tied`: true where the two
    # tied and the single attribute was kept as the simpler test, absent otherwise).
    linear_candidate: tuple[tuple[str, object], ...] = ()
    # How the linear learner found the test ({start: "fisher" | "axis", passes}).
    linear_learner: tuple[tuple[str, object], ...] = ()
    # A leaf made because a score was below min gain (or Li Hang's ε): the attribute the rule
    # picked there, whose score was compared (Zhou's C4.5 picks by the gain ratio among the
    # above-average gains, so the gain compared need not be the largest). Not for an oblique
    # tree, where a linear test's gain may have been compared instead.
    picked: str | None = None

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in (
            "kind", "attribute", "threshold", "criterion", "value", "rule", "rule_code")}
        d.update(ties=list(self.ties), forced=self.forced, label=self.label, stop=self.stop,
                 mean_gain=self.mean_gain, passed=list(self.passed))
        if self.forced_threshold:  # absent unless set, so other traces are unchanged
            d["forced_threshold"] = True
        if self.threshold_digits:  # absent unless needed, likewise
            d["threshold_digits"] = self.threshold_digits
        if self.picked is not None:  # absent but at a leaf of min gain, likewise
            d["picked"] = self.picked
        if self.weights:  # absent but at a linear test, so other traces are unchanged
            d.update(weights=dict(self.weights), linear_impurity=self.linear_impurity,
                     linear_gain=self.linear_gain,
                     axis_best={k: list(v) if k == "ties" else v
                                for k, v in self.axis_best} or None)
            if self.linear_learner:
                d["linear_learner"] = _learner_dict(self.linear_learner)
        if self.linear_candidate:
            d["linear_candidate"] = {k: dict(v) if k == "weights" else
                                     _learner_dict(v) if k == "learner" else v
                                     for k, v in self.linear_candidate}
        if self.was is not None:  # absent unless pruned, so unpruned traces are unchanged
            d["was"] = self.was.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Decision:
        keys = cls.__dataclass_fields__
        values = {k: v for k, v in d.items() if k in keys}
        values["ties"], values["passed"] = tuple(d.get("ties", ())), tuple(d.get("passed", ()))
        values["weights"] = tuple((a, float(w)) for a, w in (d.get("weights") or {}).items())
        values["axis_best"] = tuple((k, tuple(v) if k == "ties" else v)
                                    for k, v in (d.get("axis_best") or {}).items())
        values["linear_learner"] = _learner(d.get("linear_learner"))
        values["linear_candidate"] = tuple(
            (k, tuple((a, float(w)) for a, w in v.items()) if k == "weights"
             else _learner(v) if k == "learner" else v)
            for k, v in (d.get("linear_candidate") or {}).items())
        if d.get("was") is not None:
            values["was"] = cls.from_dict(d["was"])
        return cls(**values)


def _learner_dict(learner) -> dict:
    """A linear learner's facts in JSON form (its tied_classes a list)."""
    return {k: list(v) if k == "tied_classes" else v for k, v in learner}


def _learner(learner: dict | None) -> tuple[tuple[str, object], ...]:
    """A linear learner's facts as the grower keeps them (its tied_classes a tuple)."""
    return tuple((k, tuple(v) if k == "tied_classes" else v)
                 for k, v in (learner or {}).items())


class ScoreTable(Protocol):
    def rows(self) -> list[dict]: ...


@dataclass(frozen=True, slots=True)
class StaticScores:
    """Score rows already in JSON form (a trace read back from JSON)."""

    table: tuple[dict, ...]

    def rows(self) -> list[dict]:
        return list(self.table)


@dataclass(frozen=True, slots=True)
class Node:
    id: int
    parent: int | None
    branch: Condition | None
    depth: int
    n: int
    weight: float
    class_counts: tuple[float, ...]
    entropy: float
    gini: float
    decision: Decision
    children: tuple[int, ...] = ()
    scores: ScoreTable | None = None
    pruned_away: bool = False

    @property
    def is_leaf(self) -> bool:
        return self.decision.kind == "leaf"

    @property
    def misclassification(self) -> float:
        """1 − max_k p_k of the class weights (Duda's impurity), beside Ent(D) and Gini(D)."""
        return node_misclassification(self.class_counts)


@dataclass(frozen=True)
class Trace:
    algorithm: str
    params: dict
    target: str
    classes: tuple[str, ...]
    attributes: tuple[dict, ...]
    nodes: tuple[Node, ...]
    steps: tuple[int, ...]
    pruning: tuple[dict, ...] = field(default=())
    unmatched_force: tuple[str, ...] = ()  # forced paths a held-out fit had no node for

    def path(self, node_id: int) -> list[Condition]:
        """Conditions from the root down to a node."""
        conditions = []
        node = self.nodes[node_id]
        while node.parent is not None:
            conditions.append(node.branch)
            node = self.nodes[node.parent]
        return conditions[::-1]

    def node_dict(self, node: Node, scores: bool | str = True, path=None) -> dict:
        """A node's JSON form. scores: True (built now), False (empty) or "lazy" (built when
        first read); path: the node's path if the caller has it (else walked up)."""
        counts = {c: float(w) for c, w in zip(self.classes, node.class_counts, strict=True)}
        if path is None and node.depth <= MAX_PATH_DEPTH:
            path = [c.to_dict() for c in self.path(node.id)]
        d = {
            "id": node.id, "parent": node.parent,
            "branch": node.branch.to_dict() if node.branch else None, "depth": node.depth,
            "path": path if node.depth <= MAX_PATH_DEPTH else None, "n": node.n,
            "weight": float(node.weight), "class_counts": counts,
            "entropy": float(node.entropy), "gini": float(node.gini),
            "misclassification": node.misclassification,
            "scores": _score_rows(node.scores, scores),
            "decision": node.decision.to_dict(), "children": list(node.children),
        }
        if node.pruned_away:
            d["pruned_away"] = True
        return d

    def to_dict(self, scores: bool | str = True) -> dict:
        """TRACE.md's JSON form; scores=False leaves every score table empty (a cheap outline),
        scores="lazy" builds a node's rows the first time they are read (the app shows a few
        nodes of a big tree; json.dumps needs `default=list` for those)."""
        d = self._head()
        with collector_paused():
            d["nodes"] = list(self._node_dicts(scores))
        return self._tail(d)

    def _node_dicts(self, scores):
        """Node dicts in id order; each path is its parent's plus one branch (ids are
        depth-first, so a parent comes first), not a walk up from every node."""
        paths: dict[int, list] = {}
        for node in self.nodes:
            path = None
            if node.depth <= MAX_PATH_DEPTH:
                above = paths.get(node.parent, []) if node.parent is not None else []
                path = above + [node.branch.to_dict()] if node.branch else []
                paths[node.id] = path
            yield self.node_dict(node, scores, path)

    def _head(self) -> dict:
        return {"format": FORMAT, "algorithm": self.algorithm, "params": self.params,
                "target": self.target, "classes": list(self.classes),
                "attributes": [dict(a) for a in self.attributes], "nodes": []}

    def _tail(self, d: dict) -> dict:
        d["steps"] = list(self.steps)
        if self.pruning:
            d["pruning"] = [dict(p) for p in self.pruning]
        if self.unmatched_force:
            d["unmatched_force"] = list(self.unmatched_force)
        return d

    def to_json(self) -> str:
        """The JSON text: one node per line (see iter_json)."""
        return b"".join(self._pieces()).decode("utf-8")

    def iter_json(self) -> Iterator[str]:
        """The JSON text in pieces, one node per line, so a big trace streams to a file."""
        for piece in self._pieces():
            yield piece.decode("utf-8")

    def write_json(self, stream: TextIO, *,
                   progress: Callable[[int, int], None] | None = None) -> None:
        """Stream the JSON text; UTF-8 bytes go to a UTF-8 stream's buffer as they are.
        progress(done, total), if given, is told as each node's line is made (most of the
        time a big tree takes; the lines are then copied out in id order): done counts up
        to total, the trace's nodes. It changes nothing that is written."""
        raw = _utf8_buffer(stream)
        for piece in self._pieces(progress):
            if raw is not None:
                raw.write(piece)
            else:
                stream.write(piece.decode("utf-8"))

    def _pieces(self, progress: Callable[[int, int], None] | None = None) -> Iterator[bytes]:
        """The UTF-8 text in pieces: the head, each node's line, the tail (progress: as
        write_json's).

        Score rows are built group by group (all nodes of one grown depth together, so each
        depth's arrays are rebuilt at most once), each node's line goes to a temporary file,
        and the lines come back in id order: memory holds one depth's rows at a time.
        """
        with tempfile.TemporaryFile() as spool:
            places = self._spool_nodes(spool, progress)
            yield from _assembled(self._tail(self._head()), _spooled(spool, places))

    def _spool_nodes(self, spool, progress: Callable[[int, int], None] | None = None
                     ) -> list[tuple[int, int]]:
        """Write every node's JSON to spool, grouped by score group; (offset, length) by id
        (progress: told the lines made so far of all)."""
        by_id = list(self.nodes)  # each Node built once: paths walk up this list

        def line(node: Node) -> bytes:
            path = _path_dicts(by_id, node) if node.depth <= MAX_PATH_DEPTH else None
            return _dumps(self.node_dict(node, path=path))

        return _spool_by_group(spool, by_id, lambda node: getattr(node.scores, "group", None),
                               line, progress)

    @classmethod
    def from_dict(cls, d: dict) -> Trace:
        if d.get("format") != FORMAT:
            raise ValueError(f"Not a {FORMAT} trace (format: {d.get('format')!r}).")
        classes = tuple(d["classes"])
        nodes = tuple(_node_from_dict(n, classes) for n in d["nodes"])
        return cls(d["algorithm"], d["params"], d["target"], classes,
                   tuple(d["attributes"]), nodes, tuple(d["steps"]), tuple(d.get("pruning", ())),
                   tuple(d.get("unmatched_force", ())))

    @classmethod
    def from_json(cls, text: str) -> Trace:
        return cls.from_dict(json.loads(text))


def dict_json(d: dict, scores: bool = True) -> bytes:
    """The JSON text (TRACE.md, one node per line, as Trace.to_json writes it) of a trace
    dict: Trace.to_dict's, with its rows built or lazy. Lazy rows are built depth by depth
    and not kept, so a dict shared by many sessions does not grow by every table it has;
    memory holds the text and one depth's rows. scores=False: every score table empty (the
    outline of a tree too big to write whole)."""
    def line(node: dict) -> bytes:
        return _dumps({**node, "scores": node_rows(node) if scores else []})

    text = io.BytesIO()
    with tempfile.TemporaryFile() as spool:
        places = _spool_by_group(spool, d["nodes"],
                                 lambda node: getattr(node["scores"], "group", None), line)
        for piece in _assembled({**d, "nodes": []}, _spooled(spool, places)):
            text.write(piece)
    return text.getvalue()


def _spool_by_group(spool, nodes: Sequence, group_of, line,
                    progress: Callable[[int, int], None] | None = None) -> list[tuple[int, int]]:
    """Write each node's line to spool, the nodes of a score group together (each depth's
    arrays are rebuilt at most once); (offset, length) of each, in the nodes' order.
    progress(done, total): told after each line."""
    groups: dict = {}
    for k, node in enumerate(nodes):
        groups.setdefault(group_of(node), []).append(k)
    places: list = [None] * len(nodes)
    done = 0
    for members in groups.values():
        for k in members:
            data = line(nodes[k])
            places[k] = (spool.tell(), len(data))
            spool.write(data)
            done += 1
            if progress is not None:
                progress(done, len(nodes))
    return places


def has_scores(node: dict) -> bool:
    """Was the node scored? Asked without building its rows (a lazy table is a list-like
    that is not a list, and stands for a scored node's rows)."""
    rows = node["scores"]
    return not isinstance(rows, list) or bool(rows)


# Bytes of compact JSON per part of a score table, an upper end of what TRACE.md's rows take
# (tested against dict_json's text): a row's own fields, a branch's, a class's weight beside
# its name, a curve point (three numbers), a node's own fields
_ROW_BYTES, _BRANCH_BYTES, _CLASS_BYTES, _POINT_BYTES, _NODE_BYTES = 640, 110, 24, 66, 420


def json_size_estimate(d: dict, curve_points: int = 256) -> int:
    """About how many bytes dict_json(d) writes, from counts alone (no row is built): the
    score tables are most of a big trace's text. It counts a branch per nominal value and a
    full curve for every continuous attribute, so it is at or above the real size (1.0–2.0×
    in the tests), except on tiny oblique trees (watermelon 3.0α's: 0.88×)."""
    class_bytes = sum(len(c.encode()) + _CLASS_BYTES for c in d["classes"])
    shapes = [(max(len(a.get("values") or ()), 2), a["kind"] != "nominal")
              for a in d["attributes"]]
    table = sum(_ROW_BYTES + b * (_BRANCH_BYTES + class_bytes) for b, _ in shapes)
    curves = sum(continuous for _, continuous in shapes) * _POINT_BYTES
    total = len(_dumps({**d, "nodes": []}))
    for node in d["nodes"]:
        total += _NODE_BYTES + class_bytes
        if has_scores(node):
            total += table + curves * min(curve_points, max(node["n"] - 1, 0))
    return total


def node_rows(node: dict) -> list:
    """A node dict's score rows, built now if they were lazy, and then not kept."""
    rows = node["scores"]
    return rows.rows() if isinstance(rows, LazyRows) else rows


def _assembled(head: dict, lines) -> Iterator[bytes]:
    """The text around the node lines: the head (its "nodes" empty) cut where they go."""
    text = _dumps(head)
    cut = text.index(b'"nodes":[]') + len(b'"nodes":[')
    yield text[:cut] + b"\n"
    for i, line in enumerate(lines):
        yield (b"" if i == 0 else b",\n") + line
    yield b"\n" + text[cut:] + b"\n"


def _spooled(spool, places: list[tuple[int, int]]) -> Iterator[bytes]:
    """The spooled lines back in id order."""
    for start, length in places:
        spool.seek(start)
        yield spool.read(length)


def _node_from_dict(d: dict, classes: tuple[str, ...]) -> Node:
    return Node(
        id=d["id"], parent=d["parent"],
        branch=Condition.from_dict(d["branch"]) if d["branch"] else None, depth=d["depth"],
        n=d["n"], weight=d["weight"], class_counts=tuple(d["class_counts"][c] for c in classes),
        entropy=d["entropy"], gini=d["gini"], decision=Decision.from_dict(d["decision"]),
        children=tuple(d.get("children", ())), scores=_table_of(d["scores"]),
        pruned_away=d.get("pruned_away", False))


def _table_of(rows) -> ScoreTable:
    """A node dict's rows as its Node's table: lazy rows stay lazy (a trace read from the
    app's dict, to predict or prune with, needs no table, and would otherwise build and keep
    every node's in the shared dict)."""
    return rows if isinstance(rows, LazyRows) else StaticScores(tuple(rows))


def _path_dicts(nodes: Sequence[Node], node: Node) -> list[dict]:
    """The node's path as JSON, walking up a list of the trace's nodes (Trace.path, without
    building a Node per ancestor)."""
    conditions = []
    while node.parent is not None:
        conditions.append(node.branch.to_dict())
        node = nodes[node.parent]
    return conditions[::-1]


def _score_rows(table: ScoreTable | None, scores: bool | str):
    if not scores or table is None:
        return []
    return LazyRows(table) if scores == "lazy" else table.rows()


@contextmanager
def collector_paused():
    """Python's cyclic garbage collector off while a whole trace's rows are built at once: a
    full collection would otherwise walk the growing rows (a 2000-deep chain's full dict: 0.24 s
    paused, 0.31 s not). The collector is process-wide: it is turned back on by the caller
    that turned it off, even if another thread is still building (that one then just builds
    with it on). A node's rows built alone (LazyRows) are not worth a pause: measured, the
    collection only moves to the moment the collector is back on."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


_FILL_LOCK = threading.Lock()  # sessions share a cached trace: one of them fills a table


class LazyRows(Sequence):
    """A node's score rows, built the first time they are read, then kept."""

    def __init__(self, table: ScoreTable):
        self._table, self._rows = table, None

    def _filled(self) -> list:
        if self._rows is None:
            with _FILL_LOCK:
                if self._rows is None:
                    self._rows = self._table.rows()
                    self._table = None
        return self._rows

    @property
    def group(self):
        """The rows' score group (NodeScores.group), None once built or without one."""
        return getattr(self._table, "group", None)

    def rows(self) -> list[dict]:
        """As a node's ScoreTable (a trace read back from the app's dict, an export): the
        rows, built now if they were not yet, and then not kept (an export reads every node
        of a tree once; keeping them would hold every table)."""
        rows, table = self._rows, self._table
        if rows is not None:
            return list(rows)
        return list(self._filled()) if table is None else table.rows()

    def __getitem__(self, i):
        return self._filled()[i]

    def __len__(self) -> int:
        return len(self._filled())

    def __eq__(self, other) -> bool:
        return self._filled() == list(other) if isinstance(other, Sequence) else NotImplemented

    def __repr__(self) -> str:
        return repr(self._filled())

    def __reduce__(self):  # pickles (and copies) as the plain list it stands for
        return list, (self._filled(),)


# orjson writes the same values as json (floats in their shortest round-trip form) about
# 3.5 times sooner, as compact UTF-8; a LazyRows (a Sequence, not a list) goes as its list
_JSON_OPTIONS = orjson.OPT_SERIALIZE_NUMPY | orjson.OPT_NON_STR_KEYS


def _dumps(d: dict) -> bytes:
    return orjson.dumps(d, default=_plain, option=_JSON_OPTIONS)


def _plain(value):
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return list(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def _utf8_buffer(stream):
    """The binary buffer under a UTF-8 text stream (flushed, so text written earlier comes
    first), or None where the bytes must go through the stream's own encoding."""
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    raw = getattr(stream, "buffer", None)
    if encoding != "utf8" or raw is None:
        return None
    stream.flush()
    return raw


def number(x) -> float | None:
    """A JSON-safe exact float (None for NaN)."""
    x = float(x)
    return None if np.isnan(x) else x


def axis_ties(decision: Mapping) -> tuple[str, ...]:
    """Where a linear test won (the decision has an axis_best): the single attributes tied
    for the best single attribute it beat, that one first; () where one attribute was best
    alone, or the decision is no linear test's."""
    axis = decision.get("axis_best") or {}
    ties = tuple(axis.get("ties") or ())
    return (axis["attribute"], *ties) if ties else ()


def leaf_stop(decision: Mapping) -> str | None:
    """A leaf decision's stop case as its words and marks tell it: "raised" for a leaf that
    subtree raising copied up (its stop is "pruned" in the trace, TRACE.md, but nothing was
    cut there: its `was` is the leaf it copies, where a pruned leaf's is the split it
    replaced); "pre_pruned" for a split pre-pruning refused while the tree grew (no subtree
    was ever replaced: its rule is pre-pruning's, as the command line tells the methods
    apart); else its stop."""
    was = decision.get("was")
    if decision.get("stop") == "pruned" and was is not None and _kind_of(was) == "leaf":
        return "raised"
    if decision.get("stop") == "pruned" and decision.get("rule") == PRUNE_RULES["pre"]:
        return "pre_pruned"
    return decision.get("stop")


def _kind_of(decision) -> str:
    return decision.get("kind") if isinstance(decision, Mapping) else decision.kind
