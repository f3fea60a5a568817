"""The score table of every node of one depth, kept as arrays until a node's rows are asked for."""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from .algorithms import Algorithm
from .criteria import entropy, gini
from .data import Encoded
from .split import Condition, Split, threshold_branch, value_branch
from .splitting import (
    SCORE_FIELDS,
    AttributeScores,
    Batch,
    best_partition,
    score_continuous,
    score_nominal,
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
                 curve_points: int, min_branch_weight: float | None):
        self.enc, self.algorithm = enc, algorithm
        self.attributes, self.classes = enc.attributes, enc.classes
        self._settings = (curve_points, min_branch_weight)
        self._stored = _store(batch)
        self._token = next(_TOKENS)
        scores = self.scores
        nominal = np.array([a.is_nominal for a in enc.attributes])
        self.n_distinct = np.stack([s.n_distinct for s in scores], axis=1)
        has_values = np.array([len(a.values) > 0 or not a.is_nominal for a in enc.attributes])
        self.candidate = np.where(nominal, ~used & has_values, self.n_distinct >= 2)
        binary = algorithm.nominal_shape == "binary"
        self.eligible = self.candidate & (~nominal | (not binary) | (self.n_distinct >= 2))
        if min_branch_weight:
            self.eligible &= _two_branches_hold(scores, min_branch_weight)

    @property
    def scores(self) -> list[AttributeScores]:
        return self._arrays()[0]

    def table(self) -> dict[str, np.ndarray]:
        """Each score as an (m, A) array."""
        return self._arrays()[1]

    def best_partitions(self, j: int) -> tuple[np.ndarray, np.ndarray]:
        """CART's best two-way partition of nominal attribute j at every node of the level,
        for the tables of algorithms that split multiway (found once per level, on request)."""
        scores, _, extra = self._arrays()
        if ("partition", j) not in extra:
            extra[("partition", j)] = best_partition(scores[j].branch_counts,
                                                     text_ranks(self.attributes[j]))
        return extra[("partition", j)]

    def branch_impurities(self, j: int) -> tuple[np.ndarray, np.ndarray]:
        """Ent and Gini of every branch of attribute j at every node: (m, B) each, computed
        once per level (rows are built for every node of a trace)."""
        scores, _, extra = self._arrays()
        if ("impurity", j) not in extra:
            counts = scores[j].branch_counts
            extra[("impurity", j)] = (entropy(counts), gini(counts))
        return extra[("impurity", j)]

    def release(self) -> None:
        """Growth is done with this level: its arrays may leave memory."""
        with _LIVE_LOCK:
            _LIVE.pop(self._token, None)

    def _arrays(self) -> tuple[list[AttributeScores], dict[str, np.ndarray], dict]:
        with _LIVE_LOCK:
            arrays = _LIVE.get(self._token)
            if arrays is not None:
                _LIVE.move_to_end(self._token)
                return arrays
        scores = score_attributes(self.enc, _load(self._stored), self.algorithm,
                                  *self._settings)
        table = {f: np.stack([s.scores[f] for s in scores], axis=1) for f in SCORE_FIELDS}
        for j, attribute_scores in enumerate(scores):  # views into the table: one copy, not two
            attribute_scores.scores = {f: table[f][:, j] for f in SCORE_FIELDS}
        with _LIVE_LOCK:
            _LIVE[self._token] = arrays = (scores, table, {})
            while len(_LIVE) > LIVE_LEVELS:
                _LIVE.popitem(last=False)
        return arrays

    def binary(self, j: int) -> bool:
        return self.algorithm.nominal_shape == "binary" and self.attributes[j].is_nominal

    def threshold_of(self, i: int, j: int) -> float | None:
        """The cut point (None: nominal, or no midpoint keeps min_branch_weight on both sides)."""
        t = self.scores[j].threshold
        return None if t is None or np.isnan(t[i]) else float(t[i])

    def shares(self, i: int, j: int) -> np.ndarray:
        """r̃_v: each branch's share of the known weight (where unknown rows are spread)."""
        w = self.scores[j].branch_counts[i].sum(axis=-1)
        return w / w.sum() if w.sum() > 0 else np.full(len(w), 1.0 / max(len(w), 1))

    def split(self, i: int, j: int) -> Split:
        """The split record of attribute j at node i (the algorithm's shape)."""
        a, s = self.attributes[j], self.scores[j]
        if not a.is_nominal:
            return Split("threshold", a.name, threshold=float(s.threshold[i]))
        if self.binary(j):
            return Split("subset", a.name, (_pick(a.values, s.left[i]),
                                            _pick(a.values, ~s.left[i])))
        return Split("value", a.name, a.values)

    def branch_conditions(self, i: int, j: int) -> list[Condition]:
        return list(self.split(i, j).conditions())

    def marks_used(self, winner: np.ndarray) -> np.ndarray:
        """Multiway nominal splits use the attribute up; binary and continuous ones do not."""
        nominal = np.array([a.is_nominal for a in self.attributes])
        return nominal[np.maximum(winner, 0)] & self.algorithm.uses_up_nominal

    def route(self, enc: Encoded, rows, node, winner) -> np.ndarray:
        """Branch index of each entry under its node's chosen attribute (-1: unknown value).

        The batched form of Split.route: each node's own threshold or value sides at once.
        """
        branch = np.full(len(rows), -1, dtype=np.int64)
        chosen = winner[node]
        for j in np.unique(chosen).tolist():
            sel = chosen == j
            value, at = enc.columns[j][rows[sel]], node[sel]
            s = self.scores[j]
            if not self.attributes[j].is_nominal:
                branch[sel] = threshold_branch(value, s.threshold[at])
            elif self.binary(j):
                branch[sel] = value_branch(value, np.where(s.left, 0, 1), at)
            else:
                branch[sel] = value_branch(value, np.arange(len(self.attributes[j].values)))
        return branch


def _pick(values, mask) -> tuple[str, ...]:
    return tuple(v for v, keep in zip(values, mask.tolist(), strict=True) if keep)


@dataclass(frozen=True, slots=True)
class NodeScores:
    """One node's view of its depth's arrays; rows() gives TRACE.md's score rows."""

    level: LevelScores
    i: int
    chosen: int

    @property
    def group(self) -> int:
        """Nodes scored in one batch share a group: exporters build their rows together."""
        return self.level._token

    def rows(self) -> list[dict]:
        return [self.row(j) for j in np.flatnonzero(self.level.candidate[self.i]).tolist()]

    def row(self, j: int) -> dict:
        level, i = self.level, self.i
        a, s = level.attributes[j], level.scores[j]
        row = {"attribute": a.name, "kind": a.kind}
        row.update({f: float(s.scores[f][i]) for f in ("gain", "iv", "gain_ratio", "gini_index")})
        row["threshold"] = level.threshold_of(i, j)
        binary = level.binary(j)
        row["left"] = list(_pick(a.values, s.left[i])) if binary else None
        row["right"] = list(_pick(a.values, ~s.left[i])) if binary else None
        row["rho"] = float(s.scores["rho"][i])
        row["branches"] = self.branches(j)
        row.update(eligible=bool(level.eligible[i, j]),
                   above_average=bool(level.choice.passed[i, j]),
                   chosen=bool(j == self.chosen), tied=bool(level.choice.tied[i, j]))
        row.update({f: float(s.scores[f][i]) for f in (
            "entropy_known", "entropy_after", "gini_known", "gini_gain")})
        row["gini_index_multiway"] = (float(s.gini_index_multiway[i]) if a.is_nominal else None)
        left, row["gini_index_binary"] = self.best_binary(j)
        row["binary_partition"] = ([list(_pick(a.values, left)), list(_pick(a.values, ~left))]
                                   if a.is_nominal else None)
        row["n_distinct"] = int(level.n_distinct[i, j])
        row["curve"] = self.curve(s)
        return row

    def best_binary(self, j: int) -> tuple[np.ndarray | None, float]:
        """CART's best two-way split: kept when CART grew the tree, else found now."""
        s = self.level.scores[j]
        if s.gini_index_binary is not None:
            return (None if s.left is None else s.left[self.i]), float(s.gini_index_binary[self.i])
        left, index = self.level.best_partitions(j)
        return left[self.i], float(index[self.i])

    def branches(self, j: int) -> list[dict]:
        level, i = self.level, self.i
        s = level.scores[j]
        if not level.attributes[j].is_nominal and level.threshold_of(i, j) is None:
            return []  # no midpoint keeps min_branch_weight on both sides: no split to show
        counts, n = s.branch_counts[i], s.branch_n[i]
        unknown = s.unknown[i].sum()
        spread = level.shares(i, j) * unknown
        conditions = level.branch_conditions(i, j)
        weights = (counts.sum(axis=-1) + spread).tolist()
        ents, ginis = (values[i].tolist() for values in level.branch_impurities(j))
        per_class = counts.tolist()
        return [{"op": c.op, "value": c.to_dict()["value"], "n": int(n[b]),
                 "weight": weights[b],
                 "class_counts": dict(zip(level.classes, per_class[b], strict=True)),
                 "entropy": ents[b], "gini": ginis[b]}
                for b, c in enumerate(conditions)]

    def curve(self, s: AttributeScores) -> dict | None:
        if not s.curve:
            return None
        lo, hi = s.curve["offsets"][self.i], s.curve["offsets"][self.i + 1]
        return {k: [v if v == v else None for v in s.curve[k][lo:hi].tolist()]  # NaN: None
                for k in ("threshold", "gain", "gini_index")}


def score_level(enc: Encoded, batch: Batch, used: np.ndarray, algorithm: Algorithm,
                curve_points: int, min_branch_weight: float | None = None) -> LevelScores:
    """Score every attribute at every node of the batch.

    Candidates are TRACE.md's (nominal: not used up on the path; continuous: two distinct
    known values); the rule may pick those whose split has two non-empty branches, and with
    min_branch_weight m (C4.5's MINOBJS) at least two branches of known weight ≥ m.
    """
    return LevelScores(enc, batch, used, algorithm, curve_points, min_branch_weight)


def score_attributes(enc: Encoded, batch: Batch, algorithm: Algorithm, curve_points: int,
                     min_branch_weight: float | None) -> list[AttributeScores]:
    binary = algorithm.nominal_shape == "binary"
    by_gini = algorithm.threshold_by == "gini_index"
    return [score_nominal(enc, j, batch, binary=binary) if a.is_nominal
            else score_continuous(enc, j, batch, by_gini, curve_points, min_branch_weight or 0)
            for j, a in enumerate(enc.attributes)]


# Levels whose arrays are in memory: the one being grown and a few a viewer asked for.
LIVE_LEVELS = 4
_LIVE: OrderedDict = OrderedDict()
_LIVE_LOCK = threading.Lock()
_TOKENS = itertools.count()


def _store(batch: Batch) -> tuple:
    """A level's entries, compactly: 32-bit indices; no weights when every weight is 1."""
    ones = bool((batch.weight == 1.0).all())
    small = batch.n_nodes < 2**31 and (len(batch.rows) == 0 or batch.rows.max() < 2**31)
    index = np.int32 if small else np.int64
    return (batch.rows.astype(index), None if ones else batch.weight.copy(),
            batch.node.astype(index), batch.n_nodes)


def _load(stored: tuple) -> Batch:
    rows, weight, node, n_nodes = stored
    weight = np.ones(len(rows)) if weight is None else weight
    return Batch(rows.astype(np.int64), weight, node.astype(np.int64), n_nodes)


def _two_branches_hold(scores: list[AttributeScores], min_weight: float) -> np.ndarray:
    """(m, A): at least two branches with known weight ≥ min_weight (a threshold exists)."""
    return np.stack([((s.branch_counts.sum(axis=-1) >= min_weight).sum(axis=-1) >= 2)
                     & (np.isfinite(s.threshold) if s.threshold is not None else True)
                     for s in scores], axis=1)
