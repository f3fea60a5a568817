"""The score table of every node of one depth, kept as arrays until a node's rows are asked for."""

from __future__ import annotations

import functools
import itertools
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from .algorithms import Algorithm, above_mean_gain
from .counting import all_true, any_true, distinct_indices
from .criteria import entropy_and_gini
from .data import Encoded
from .split import Condition, Split, threshold_branch, value_branch
from .splitting import (
    SCORE_FIELDS,
    AttributeScores,
    Batch,
    best_gini_gain,
    best_partition,
    growing,
    growing_only,
    score_continuous_together,
    score_nominal_together,
    text_ranks,
)


class LevelScores:
    """Every candidate's scores at every node of one depth.

    The arrays are big (a curve point per midpoint, a branch per value, per node and
    attribute), so a level keeps only the entries it scored; once growth has moved past it
    (`release`), its arrays are recomputed when a node's rows are asked for. Scoring depends
    only on each node's own entries, so the recomputed numbers are the same to the last bit.
    A few recently used levels stay in memory (LIVE_LEVELS).
    """

    def __init__(self, enc: Encoded, batch: Batch, used: np.ndarray, algorithm: Algorithm,
                 curve_points: int, min_branch_weight: float | None, thresholds=None,
                 bounded: bool = False):
        self.enc, self.algorithm = enc, algorithm
        self.attributes, self.classes = enc.attributes, enc.classes
        # may growth's scoring cut CART's partition search short (score_attributes)?
        self._cut_short = cuts_search_short(algorithm, min_branch_weight, bounded)
        self._settings = (curve_points, min_branch_weight, thresholds or {}, self._cut_short)
        self._stored = None  # the entries, to rescore from once released (_store)
        self._token = next(_TOKENS)
        self._growing = None  # the arrays, held while the grower decides this depth
        self._kept = None  # a small depth's full arrays, kept for its lifetime (_keep)
        self._batch = batch  # scored as given the first time (not a copy from _stored)
        if growing_only() and len(batch.rows) * max(len(self.attributes), 1) <= KEEP_ENTRIES:
            self._keep()
        if self._kept is None:
            self._stored = _store(batch, enc.n_rows)
        scores = self.scores
        self._batch = None
        batch.memo.clear()  # the shared sort facts: entry-sized, and not needed again
        # a count of one column's distinct values is at most the rows': int32 where they fit
        # (known before the counts, so stacked into that type at once)
        self.n_distinct = _columns([s.n_distinct for s in scores],
                                   np.int32 if enc.n_rows < 2**31 else None)
        for j, attribute_scores in enumerate(scores):  # one copy of the counts, not two
            attribute_scores.n_distinct = self.n_distinct[:, j]
        two_values = self.n_distinct >= 2
        if enc.nominal_indices:
            nominal = enc.nominal
            # a nominal attribute is a candidate where it is not used up
            self.candidate = np.where(nominal, ~used & enc.has_values, two_values)
            # a two-way split needs two values there; a multiway one does not
            self.eligible = self.candidate & (~nominal | two_values) \
                if algorithm.nominal_shape == "binary" else self.candidate.copy()
        else:  # every attribute continuous, as in a deep chain: nothing to look up
            self.candidate, self.eligible = two_values, two_values.copy()
        if min_branch_weight:
            self.eligible &= _two_branches_hold(scores, min_branch_weight)

    # a kept depth's arrays read without _arrays' call: a deep chain's every depth reads
    # them about seven times (a kept tuple is never empty, so `or` tells it from None)
    @property
    def scores(self) -> list[AttributeScores]:
        return (self._kept or self._arrays())[0]

    def table(self) -> dict[str, np.ndarray]:
        """Each score as an (m, A) array."""
        return (self._kept or self._arrays())[1]

    def best_partitions(self, j: int) -> tuple[np.ndarray, np.ndarray]:
        """CART's best two-way partition of nominal attribute j at every node of the level,
        for the tables of algorithms that split multiway (found once per level, on request)."""
        scores, _, extra = self._arrays()
        if ("partition", j) not in extra:
            extra[("partition", j)] = best_partition(scores[j].branch_counts,
                                                     text_ranks(self.attributes[j]))
        return extra[("partition", j)]

    def above_average(self, i: int) -> list[bool]:
        """Node i's candidates whose Gain is at least the mean Gain (C4.5's filter, shown for
        every algorithm): as the rule saw them, or, when the growing table was cut short
        (score_attributes) and so held lesser Gains, from the full table."""
        if not (self._kept is None and self._cut_short):
            return self.choice.passed[i].tolist()
        _, table, extra = self._arrays()
        if "above_average" not in extra:
            extra["above_average"] = above_mean_gain(table, self.eligible)[0]
        return extra["above_average"][i].tolist()

    def branch_impurities(self, j: int) -> tuple[np.ndarray, np.ndarray]:
        """Ent and Gini of every branch of attribute j at every node: (m, B) each, computed
        once per level (rows are built for every node of a trace)."""
        scores, _, extra = self._arrays()
        if ("impurity", j) not in extra:  # the shares found once for both (the same bits)
            extra[("impurity", j)] = entropy_and_gini(scores[j].branch_counts)
        return extra[("impurity", j)]

    def release(self) -> None:
        """Growth is done with this level: its arrays may leave memory. (Their pages stay in
        the heap for the next depth's arrays: see dtree_core.heap.)"""
        self._growing = None
        if self._kept is not None:  # (a kept level's arrays are its own, never in _LIVE: no
            return  # lock to take at every depth of a deep chain)
        with _LIVE_LOCK:
            _LIVE.pop(self._token, None)

    def _keep(self) -> None:
        """Score a small depth in full now and keep its arrays, within KEEP_BUDGET bytes for
        the whole process: rescoring a depth of a few entries when a viewer asks costs more
        than keeping it (a deep chain has thousands of one-node depths). The same bits as a
        rescoring, so the trace is the same either way."""
        if _KEPT["bytes"] >= KEEP_BUDGET:
            return
        with growing(lean=False):
            arrays = self._score()
        size = _nbytes(arrays)
        with _LIVE_LOCK:
            _KEPT["bytes"] += size
            # given back when the level goes (a weak reference's callback: weakref.finalize's
            # own bookkeeping cost more than the rest of a kept depth's)
            _KEPT_SIZES[weakref.ref(self, _unkeep)] = size
        self._kept = arrays

    def _arrays(self) -> tuple[list[AttributeScores], dict[str, np.ndarray], dict]:
        if self._kept is not None:
            return self._kept
        if self._growing is not None:  # no lock per node while the depth is decided
            return self._growing
        if _LIVE_LAST[0] == self._token:  # the level read last: already first in line
            arrays = _LIVE.get(self._token)
            if arrays is not None:
                return arrays
        with _LIVE_LOCK:
            arrays = _LIVE.get(self._token)
            if arrays is not None:
                _LIVE.move_to_end(self._token)
                _LIVE_LAST[0] = self._token
                return arrays
        arrays = self._score()
        with _LIVE_LOCK:
            _LIVE[self._token] = arrays
            _LIVE_LAST[0] = self._token
            while len(_LIVE) > LIVE_LEVELS:
                _LIVE.popitem(last=False)
        if growing_only():
            self._growing = arrays
        return arrays

    def _score(self) -> tuple[list[AttributeScores], dict[str, np.ndarray], dict]:
        batch = self._batch if self._batch is not None else self._stored.batch()
        scores = score_attributes(self.enc, batch, self.algorithm, *self._settings)
        return scores, _table(scores), {}

    def binary(self, j: int) -> bool:
        return self.algorithm.nominal_shape == "binary" and self.attributes[j].is_nominal

    def threshold_forced(self, i: int, j: int) -> bool:
        """Is attribute j cut at node i where a force said, not at its best midpoint?"""
        forced = self.scores[j].forced_threshold
        return forced is not None and bool(forced[i])

    def shares(self, i: int, j: int) -> np.ndarray:
        """r̃_v: each branch's share of the known weight (where unknown rows are spread)."""
        return self.branch_weights(j)[1][i]

    def branch_weights(self, j: int) -> tuple[np.ndarray, np.ndarray]:
        """(m, B) each: every branch's weight with its share of the unknown rows, and that
        share r̃_v, at every node of the level (once per level: rows are built for all)."""
        scores, _, extra = self._arrays()
        if ("weights", j) not in extra:
            s = scores[j]
            known, shares = known_shares(s.branch_counts)
            unknown = np.add.reduce(s.unknown, axis=-1)  # .sum's loop, without its wrapper
            extra[("weights", j)] = (known + shares * unknown[:, None], shares)
        return extra[("weights", j)]

    def branch_shares(self, j: int, at: np.ndarray) -> np.ndarray:
        """(len(at), B): r̃_v at the nodes `at` only (the grower's; nothing kept)."""
        return known_shares(self.scores[j].branch_counts[at])[1]

    def split(self, i: int, j: int) -> Split:
        """The split record of attribute j at node i (the algorithm's shape)."""
        return self.splits(np.array([i]), j)[0]

    def splits(self, at: np.ndarray, j: int) -> list[Split]:
        """split(i, j) of each node i of `at` (a depth's splits on j, read out at once)."""
        return _splits(self.attributes[j], self.scores[j], self.binary(j), at)

    def branch_conditions(self, i: int, j: int) -> list[Condition]:
        return list(self.split(i, j).conditions())

    def marks_used(self, winner: np.ndarray) -> np.ndarray:
        """Multiway nominal splits use the attribute up; binary and continuous ones do not."""
        nominal = self.enc.nominal
        return nominal[np.maximum(winner, 0)] & self.algorithm.uses_up_nominal

    def route(self, enc: Encoded, rows, node, winner) -> np.ndarray:
        """Branch index of each entry under its node's chosen attribute (-1: unknown value).

        The batched form of Split.route: each node's own threshold or value sides at once.
        """
        # every entry's node is one that chose some j: the one attribute, where there is one
        # (a deep chain's every depth); where the nodes chose one j between them, so did the
        # entries, told without a pass over them
        if len(self.attributes) == 1:
            return self._route_by(enc, 0, rows, node)
        distinct = distinct_indices(winner[winner >= 0])
        if len(distinct) != 1:
            chosen = winner[node]
            distinct = distinct_indices(chosen)
        if len(distinct) == 1:
            return self._route_by(enc, distinct[0], rows, node)
        branch = np.full(len(rows), -1, dtype=np.int64)
        for j, sel in _grouped(chosen, distinct, len(self.attributes)):
            branch[sel] = self._route_by(enc, j, rows[sel], node[sel])
        return branch

    def _route_by(self, enc: Encoded, j: int, rows, node) -> np.ndarray:
        """Branch index of each entry under attribute j at its node."""
        value, s = enc.columns[j].take(rows), self.scores[j]
        if not self.attributes[j].is_nominal:  # one node's t: compared as it is
            return threshold_branch(value, s.threshold if len(s.threshold) == 1
                                    else s.threshold[node])
        if self.binary(j):
            return value_branch(value, np.where(s.left, 0, 1), node)
        return value_branch(value, np.arange(len(self.attributes[j].values)))


def known_shares(branch_counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each branch's known weight and its share r̃_v of the node's known weight (equal shares
    at a node with none), from (…, B, C) class weights; row by row the same bits whatever the
    leading axes."""
    known = np.add.reduce(branch_counts, axis=-1)  # .sum's loop, without its Python wrapper
    whole = np.add.reduce(known, axis=-1)[..., None]
    if all_true(whole > 0):  # the usual case: no node without known weight, nothing to guard
        return known, known / whole
    with np.errstate(invalid="ignore", divide="ignore"):
        return known, np.where(whole > 0, known / whole, 1.0 / max(known.shape[-1], 1))


def _grouped(chosen: np.ndarray, distinct: list[int], n_attributes: int):
    """(j, the entries whose node chose attribute j) for each chosen j (several)."""
    # entries grouped by chosen attribute: one O(n) sort, not a pass per attribute
    key = chosen.astype(np.int16) if n_attributes < 2**15 else chosen
    by_attribute = np.argsort(key, kind="stable")
    bounds = np.searchsorted(key[by_attribute], np.arange(-1, n_attributes + 1))
    for j in distinct:
        yield j, by_attribute[bounds[j + 1]:bounds[j + 2]]


def _table(scores: list[AttributeScores]) -> dict[str, np.ndarray]:
    """Each score as an (m, A) array; the attributes' scores (and the Gini_index kept under
    another name) become views of its columns (one attribute's the other way round: the
    table's columns are views of its own arrays). A field's own arrays go as soon as it is
    stacked, so a wide depth never holds its scores twice."""
    table = {}
    fields = [f for f in SCORE_FIELDS if not scores or f in scores[0].scores]  # GINI_FIELDS too
    if len(scores) == 1:  # one attribute (a deep chain's every depth): its own arrays stay
        # its scores and the table's columns are views of them (nothing copied; the same
        # two array objects per field as a stack's column and the view of it)
        own = scores[0].scores
        scores[0].scores = {f: own[f] for f in fields}
        return {f: own[f][:, None] for f in fields}
    for f in fields:
        parts = [s.scores.pop(f) for s in scores]
        table[f] = _columns(parts)
        if f == "gini_index":
            for j, (s, own) in enumerate(zip(scores, parts, strict=True)):
                if s.gini_index_multiway is own:
                    s.gini_index_multiway = table[f][:, j]
                if s.gini_index_binary is own:
                    s.gini_index_binary = table[f][:, j]
        del parts
    for j, s in enumerate(scores):
        s.scores = {f: table[f][:, j] for f in fields}
    return table


def _columns(parts: list[np.ndarray], dtype=None) -> np.ndarray:
    """np.stack(parts, axis=1) (in dtype, if given); one part is copied into a column (a
    stack's fixed cost is more than the copy's)."""
    if len(parts) == 1:
        out = np.empty((len(parts[0]), 1), dtype=dtype or parts[0].dtype)
        out[:, 0] = parts[0]
        return out
    return np.stack(parts, axis=1, dtype=dtype)


@functools.lru_cache(maxsize=1024)
def _value_split(attribute: str, values: tuple[str, ...]) -> Split:
    """A multiway split is the same record at every node (and so are its branches'
    conditions, made once for all the rows that show them)."""
    return Split("value", attribute, values)


@functools.lru_cache(maxsize=4096)
def _subset_split(attribute: str, values: tuple[str, ...], left: bytes) -> Split:
    """A two-way split by the values on the left (a bool mask's bytes): nodes that part an
    attribute's values alike share one record."""
    mask = np.frombuffer(left, dtype=bool)
    return Split("subset", attribute, (_pick(values, mask), _pick(values, ~mask)))


def _splits(a, s: AttributeScores, binary: bool, at: np.ndarray) -> list[Split]:
    """The split records of attribute a (its scores s) at the nodes `at` of a depth."""
    if not a.is_nominal:
        digits = [None] * len(at) if s.threshold_digits is None else \
            s.threshold_digits[at].tolist()
        return [cut_record(a.name, t, d)
                for t, d in zip(s.threshold[at].tolist(), digits, strict=True)]
    if binary:
        return [_subset_split(a.name, a.values, left.tobytes()) for left in s.left[at]]
    return [_value_split(a.name, a.values)] * len(at)


def cut_record(attribute: str, threshold: float, digits: int | None) -> Split:
    """A cut at the threshold (digits 0 or None: written with format_number's own)."""
    return Split("threshold", attribute, threshold=threshold, threshold_digits=digits or None)


def _json_list(values: np.ndarray) -> list:
    """The floats as a list, NaN as None (JSON has no NaN); looked for once in numpy, as the
    curves are most of a trace's numbers."""
    if not np.isnan(values).any():
        return values.tolist()
    return [v if v == v else None for v in values.tolist()]


def _sides(attribute, left: np.ndarray) -> tuple[list[str], list[str]]:
    """The values on the left and on the right of a two-way partition, as TRACE.md lists
    them (from the shared split record of that partition)."""
    split = _subset_split(attribute.name, attribute.values, left.tobytes())
    return list(split.values[0]), list(split.values[1])


def _pick(values, mask) -> tuple[str, ...]:
    return tuple(v for v, keep in zip(values, mask.tolist(), strict=True) if keep)


@dataclass(frozen=True, slots=True)
class NodeScores:
    """One node's view of its depth's arrays; rows() gives TRACE.md's score rows."""

    level: LevelScores
    i: int
    chosen: int
    # the chosen attribute's split, the record the node's decision and its children's branches
    # hold: its row's branches read its conditions, not a second record's (None at a leaf)
    chosen_split: Split | None = None

    @property
    def group(self) -> int:
        """Nodes scored in one batch share a group: exporters build their rows together."""
        return self.level._token

    def rows(self) -> list[dict]:
        level, i = self.level, self.i
        scores, table, extra = level._arrays()  # once per node: its rows read them many times
        choice = level.choice
        # the node's numbers for every attribute, read out of the depth's arrays at once
        at = {f: table[f][i].tolist() for f in SCORE_FIELDS}
        at.update(eligible=level.eligible[i].tolist(), above_average=level.above_average(i),
                  tied=choice.tied[i].tolist(), n_distinct=level.n_distinct[i].tolist())
        # (.nonzero()[0]: np.flatnonzero's wrappers cost more than a row of a few attributes)
        return [self.row(_row_parts(level, j, extra), at)
                for j in level.candidate[i].nonzero()[0].tolist()]

    def row(self, parts: _RowParts, at: dict) -> dict:
        """Attribute j's row (parts: what its rows share at this depth); `at` holds the
        node's numbers for every attribute (rows)."""
        i, j, s = self.i, parts.j, parts.scores
        row = {"attribute": parts.name, "kind": parts.kind, "gain": at["gain"][j],
               "iv": at["iv"][j], "gain_ratio": at["gain_ratio"][j],
               "gini_index": at["gini_index"][j], "threshold": parts.thresholds[i]}
        digits = parts.digits[i] if parts.digits is not None else None
        if digits:  # absent unless needed, so other traces are unchanged
            row["threshold_digits"] = digits
        row["left"], row["right"] = parts.sides(s.left[i]) if parts.binary else (None, None)
        row["rho"] = at["rho"][j]
        row["branches"] = self.branches(parts)
        row.update(eligible=at["eligible"][j], above_average=at["above_average"][j],
                   chosen=j == self.chosen, tied=at["tied"][j],
                   entropy_known=at["entropy_known"][j], entropy_after=at["entropy_after"][j],
                   gini_known=at["gini_known"][j], gini_gain=at["gini_gain"][j])
        nominal = parts.nominal
        row["gini_index_multiway"] = parts.multiway[i] if nominal else None
        left, row["gini_index_binary"] = parts.best_binary(i)
        row["binary_partition"] = list(parts.sides(left)) if nominal else None
        if s.value_counts is not None:  # absent but on two-way nominal rows
            row["value_counts"] = self.value_counts(parts)
        row["n_distinct"] = at["n_distinct"][j]
        row["curve"] = self.curve(parts)
        return row

    def branches(self, parts: _RowParts) -> list[dict]:
        i = self.i
        if not parts.nominal and parts.thresholds[i] is None:
            return []  # no midpoint keeps min_branch_weight on both sides: no split to show
        s, classes = parts.scores, self.level.classes
        split = self.chosen_split if parts.j == self.chosen and self.chosen_split is not None \
            else parts.split(i)
        conditions = split.conditions()
        weights, ents, ginis = (values[i].tolist() for values in parts.branch_numbers)
        rows = [{"op": c.op, "value": c.json_value, "n": int(n), "weight": weight,
                 "class_counts": dict(zip(classes, per_class, strict=True)),
                 "entropy": ent, "gini": g}
                for c, n, weight, per_class, ent, g in zip(
                    conditions, s.branch_n[i].tolist(), weights, s.branch_counts[i].tolist(),
                    ents, ginis, strict=True)]
        if conditions and conditions[0].threshold_digits:  # absent unless needed
            rows = [{"op": r["op"], "value": r["value"],
                     "threshold_digits": conditions[0].threshold_digits, **r} for r in rows]
        return rows

    def value_counts(self, parts: _RowParts) -> dict[str, dict[str, float]]:
        """A two-way nominal row's known class weights of each value present at the node (a
        value no known row has is left out: a column of many values would otherwise write
        a row of zeros for each at every node): Li Hang's A = a against the rest."""
        counts, classes = parts.scores.value_counts[self.i], self.level.classes
        return {str(v): dict(zip(classes, per_class, strict=True))
                for v, per_class in zip(parts.values, counts.tolist(), strict=True)
                if any(per_class)}

    def curve(self, parts: _RowParts) -> dict | None:
        curve = parts.scores.curve
        if not curve:
            return None
        lo, hi = curve["offsets"][self.i], curve["offsets"][self.i + 1]
        shown = {k: (_json_list(curve[k][lo:hi]) if parts.curve_nan[k] else
                     curve[k][lo:hi].tolist()) for k in ("threshold", "gain", "gini_index")}
        digits = curve.get("threshold_digits") if parts.curve_digits else None
        if digits is not None and any_true(digits[lo:hi]):  # absent unless a point needs them
            shown["threshold_digits"] = digits[lo:hi].tolist()
        return shown


class _RowParts:
    """What the score rows of one attribute at one depth share, gathered once per depth
    (a trace's writer builds every node's rows: per row, these lookups were most of the
    time): the attribute's facts, its arrays, and the per-depth numbers rows read."""

    def __init__(self, level: LevelScores, j: int):
        a, s = level.attributes[j], level.scores[j]
        self.j, self.name, self.kind, self.values = j, a.name, a.kind, a.values
        self.nominal, self.binary, self.scores = a.is_nominal, level.binary(j), s
        self._attribute = a
        # where the depth's curves hold no NaN (or no written digits), no node's slice does
        # (any_true: .any()'s Python wrapper costs more than a small depth's curve)
        self.curve_nan = {k: any_true(np.isnan(v)) for k, v in s.curve.items()
                          if k in ("threshold", "gain", "gini_index")}
        self.curve_digits = any_true(s.curve.get("threshold_digits", np.zeros(0)))
        self.thresholds = [None] * len(s.branch_n) if s.threshold is None else \
            [None if t != t else t for t in s.threshold.tolist()]
        self.digits = None if s.threshold_digits is None else s.threshold_digits.tolist()
        self.multiway = s.gini_index_multiway.tolist() if a.is_nominal else None
        self.branch_numbers = (level.branch_weights(j)[0], *level.branch_impurities(j))
        if s.gini_index_binary is not None:  # CART's best two-way split: kept when CART grew
            self._partitions = (s.left, s.gini_index_binary.tolist())
        else:  # else found now
            left, index = level.best_partitions(j)
            self._partitions = (left, index.tolist())

    def sides(self, left: np.ndarray) -> tuple[list[str], list[str]]:
        return _sides(self._attribute, left)

    def best_binary(self, i: int) -> tuple[np.ndarray | None, float]:
        left, index = self._partitions
        return (None if left is None else left[i]), index[i]

    def split(self, i: int) -> Split:
        """Node i's split record, as _splits makes it, from the depth's lists (made per row,
        not kept: a depth of many nodes would hold a record per node and attribute while
        its rows are written)."""
        if not self.nominal:
            return cut_record(self.name, self.thresholds[i],
                               None if self.digits is None else self.digits[i])
        if self.binary:
            return _subset_split(self.name, self.values, self.scores.left[i].tobytes())
        return _value_split(self.name, self.values)


def _row_parts(level: LevelScores, j: int, extra: dict) -> _RowParts:
    if ("row parts", j) not in extra:
        extra[("row parts", j)] = _RowParts(level, j)
    return extra[("row parts", j)]


def score_level(enc: Encoded, batch: Batch, used: np.ndarray, algorithm: Algorithm,
                curve_points: int, min_branch_weight: float | None = None,
                thresholds: dict[int, dict[int, float]] | None = None,
                bounded: bool = False) -> LevelScores:
    """Score every attribute at every node of the batch.

    Candidates are TRACE.md's (nominal: not used up on the path; continuous: two distinct
    known values); the rule may pick those whose split has two non-empty branches, and with
    min_branch_weight m (C4.5's MINOBJS) at least two branches of known weight ≥ m.
    bounded: only the rule's winner and ties are read while growing (no attribute forced
    anywhere), so a search that cannot change them may be cut short (score_attributes).
    """
    return LevelScores(enc, batch, used, algorithm, curve_points, min_branch_weight, thresholds,
                       bounded)


def score_attributes(enc: Encoded, batch: Batch, algorithm: Algorithm, curve_points: int,
                     min_branch_weight: float | None, thresholds: dict | None = None,
                     cut_short: bool = False) -> list[AttributeScores]:
    """thresholds {attribute index: {node: t}}: forced cut points (growing.forced_thresholds).

    cut_short (see cuts_search_short), while growing: the continuous attributes are scored
    first, and CART's exhaustive search of a nominal attribute leaves out the nodes where no
    partition can reach their best (splitting.partition_bound). Those get a real but lesser
    partition; a viewer's rescoring (never growing) finds the best one. Such a depth's table
    holds only the Gini scores (criteria.GINI_FIELDS): all that its rule, its stops and its
    records read (the mean-Gain filter C4.5 shows is found from a rescoring, above_average)."""
    binary = algorithm.nominal_shape == "binary"
    by_gini = algorithm.threshold_by == "gini_index"
    nominal, continuous = enc.nominal_indices, enc.continuous_indices
    scores: list = [None] * len(enc.attributes)
    gini_only = cut_short and growing_only()
    found = score_continuous_together(enc, continuous, batch, by_gini, curve_points,
                                      min_branch_weight or 0, thresholds, gini_only)
    for j, attribute_scores in zip(continuous, found, strict=True):
        scores[j] = attribute_scores
    beat = best_gini_gain(found, np.full(batch.n_nodes, -np.inf)) if gini_only else None
    for j, attribute_scores in zip(nominal, score_nominal_together(enc, nominal, batch, binary,
                                                                   beat, gini_only), strict=True):
        scores[j] = attribute_scores
    return scores


def cuts_search_short(algorithm: Algorithm, min_branch_weight, bounded: bool) -> bool:
    """May a growing depth's exhaustive partition search leave out hopeless nodes? Only when
    the rule takes the largest gini_gain with every candidate allowed (no min_branch_weight
    making some ineligible) and the grower reads only the winner and its ties (bounded: no
    force, which also makes every forced threshold, reads an attribute that did not win)."""
    return bounded and algorithm.largest_gini_gain and algorithm.nominal_shape == "binary" \
        and not min_branch_weight


# Levels whose arrays are in memory: the one being grown and a few a viewer asked for.
LIVE_LEVELS = 4
_LIVE: OrderedDict = OrderedDict()
# Re-entrant: a kept level's callback (_unkeep) takes it, and a garbage collection that an
# allocation inside a `with _LIVE_LOCK` block sets off may run that callback in the same
# thread (a plain Lock would then wait for itself forever).
_LIVE_LOCK = threading.RLock()
_LIVE_LAST = [None]  # the token last moved to the end of _LIVE (read without the lock)
_TOKENS = itertools.count()
# Depths of at most KEEP_ENTRIES entries × attributes are scored in full while growing and
# kept (LevelScores._keep), up to KEEP_BUDGET bytes of arrays in the process.
KEEP_ENTRIES = 4096
KEEP_BUDGET = 48 << 20
_KEPT = {"bytes": 0}
_KEPT_SIZES: dict = {}  # {weak reference to a kept level: its bytes}


def _unkeep(level: weakref.ref) -> None:
    with _LIVE_LOCK:
        _KEPT["bytes"] -= _KEPT_SIZES.pop(level)


def _nbytes(arrays: tuple) -> int:
    """Bytes held by a level's arrays (the table and each attribute's own arrays). (Summed
    from a list: a generator's every step is a call, some twenty at every kept depth.)"""
    scores, table, _ = arrays
    held = list(table.values())
    for s in scores:  # its array fields (its scores are the table's), and its curve's
        held += [v for v in vars(s).values() if isinstance(v, np.ndarray)]
        held += s.curve.values()
    return sum([a.nbytes for a in held])


@dataclass(frozen=True)
class _Stored:
    """A level's entries, compactly: 32-bit indices and no weights when every weight is 1.

    When every weight is 1 and no row is in two nodes, a level is a node per row (rows None:
    node holds each row's node, its type's largest value where the row is in none), which is
    smaller once the level holds more than a fifth or so of the rows. Its entries then come
    back in row order, not in the batch's: with weights of 1 every count is a whole number
    and every sort is by unique keys, so each number is the same bits in any order."""

    rows: np.ndarray | None  # each entry's row (None: a node per row)
    weight: np.ndarray | None  # None: every weight is 1
    node: np.ndarray
    n_nodes: int
    n_entries: int

    def batch(self) -> Batch:
        if self.rows is None:
            rows = np.flatnonzero(self.node != np.iinfo(self.node.dtype).max)
            return Batch(rows, np.ones(len(rows)), self.node.take(rows).astype(np.int64),
                         self.n_nodes)
        weight = np.ones(len(self.rows)) if self.weight is None else self.weight
        return Batch(self.rows.astype(np.int64), weight, self.node.astype(np.int64),
                     self.n_nodes)


def _store(batch: Batch, n_rows: int) -> _Stored:
    ones = bool((batch.weight == 1.0).all())
    n = len(batch.rows)
    small = batch.n_nodes < 2**31 and (n == 0 or batch.rows.max() < 2**31)
    index = np.int32 if small else np.int64
    node_type = next(t for t in (np.uint8, np.uint16, np.int32, np.int64)
                     if batch.n_nodes < np.iinfo(t).max)  # its largest value: no node
    by_row_bytes = n_rows * np.dtype(node_type).itemsize
    if ones and by_row_bytes < n * (np.dtype(index).itemsize + np.dtype(node_type).itemsize):
        node = np.full(n_rows, np.iinfo(node_type).max, dtype=node_type)
        node[batch.rows] = batch.node
        if np.count_nonzero(node != np.iinfo(node_type).max) == n:  # no row twice
            return _Stored(None, None, node, batch.n_nodes, n)
    return _Stored(batch.rows.astype(index), None if ones else batch.weight.copy(),
                   batch.node.astype(node_type), batch.n_nodes, n)


def _two_branches_hold(scores: list[AttributeScores], min_weight: float) -> np.ndarray:
    """(m, A): at least two branches with known weight ≥ min_weight (a threshold exists).
    (The sums by np.add.reduce and the columns by _columns: .sum's and np.stack's Python
    wrappers cost more than a small depth's work, and this runs at every depth.)"""
    return _columns([(np.add.reduce(np.add.reduce(s.branch_counts, axis=-1) >= min_weight,
                                    axis=-1) >= 2)
                     & (np.isfinite(s.threshold) if s.threshold is not None else True)
                     for s in scores])
