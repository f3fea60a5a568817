"""The score table of every node of one depth, kept as arrays until a node's rows are asked for."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .criteria import entropy, gini
from .data import Encoded
from .splitting import (
    SCORE_FIELDS,
    AttributeScores,
    Batch,
    best_partition,
    score_continuous,
    score_nominal,
    text_ranks,
)
from .trace import Condition, number


@dataclass
class LevelScores:
    attributes: tuple
    classes: tuple[str, ...]
    algorithm: str
    scores: list[AttributeScores]
    candidate: np.ndarray  # (m, A): in A at this node (TRACE.md's candidates)
    eligible: np.ndarray  # (m, A): the rule may pick it
    n_distinct: np.ndarray  # (m, A)

    @cached_property
    def _table(self) -> dict[str, np.ndarray]:
        return {f: np.stack([s.scores[f] for s in self.scores], axis=1) for f in SCORE_FIELDS}

    def table(self) -> dict[str, np.ndarray]:
        """Each score as an (m, A) array."""
        return self._table

    def binary(self, j: int) -> bool:
        return self.algorithm == "cart" and self.attributes[j].is_nominal

    def threshold_of(self, i: int, j: int) -> float | None:
        t = self.scores[j].threshold
        return None if t is None else float(t[i])

    def shares(self, i: int, j: int) -> np.ndarray:
        """r̃_v: each branch's share of the known weight (where unknown rows are spread)."""
        w = self.scores[j].branch_counts[i].sum(axis=-1)
        return w / w.sum() if w.sum() > 0 else np.full(len(w), 1.0 / max(len(w), 1))

    def branch_conditions(self, i: int, j: int) -> list[Condition]:
        a, s = self.attributes[j], self.scores[j]
        if not a.is_nominal:
            t = float(s.threshold[i])
            return [Condition(a.name, "<=", t), Condition(a.name, ">", t)]
        if self.binary(j):
            left = s.left[i]
            return [Condition(a.name, "in", _pick(a.values, left)),
                    Condition(a.name, "in", _pick(a.values, ~left))]
        return [Condition(a.name, "=", v) for v in a.values]

    def marks_used(self, winner: np.ndarray) -> np.ndarray:
        """Multiway nominal splits use the attribute up; binary and continuous ones do not."""
        nominal = np.array([a.is_nominal for a in self.attributes])
        return nominal[np.maximum(winner, 0)] & (self.algorithm != "cart")

    def route(self, enc: Encoded, rows, node, winner) -> np.ndarray:
        """Branch index of each entry under its node's chosen attribute (-1: unknown value)."""
        branch = np.full(len(rows), -1, dtype=np.int64)
        chosen = winner[node]
        for j in np.unique(chosen).tolist():
            sel = chosen == j
            value, at = enc.columns[j][rows[sel]], node[sel]
            s = self.scores[j]
            if not self.attributes[j].is_nominal:
                with np.errstate(invalid="ignore"):
                    side = np.where(value <= s.threshold[at], 0, 1)
                branch[sel] = np.where(np.isnan(value), -1, side)
            elif self.binary(j):
                side = np.where(s.left[at, np.maximum(value, 0)], 0, 1)
                branch[sel] = np.where(value < 0, -1, side)
            else:
                branch[sel] = value
        return branch

    def view(self, i: int, chosen: int, choice) -> NodeScores:
        return NodeScores(self, i, chosen, choice.tied[i], choice.passed[i])


def _pick(values, mask) -> tuple[str, ...]:
    return tuple(v for v, keep in zip(values, mask.tolist(), strict=True) if keep)


@dataclass(frozen=True)
class NodeScores:
    """One node's view of its depth's arrays; rows() gives TRACE.md's score rows."""

    level: LevelScores
    i: int
    chosen: int
    tied: np.ndarray
    passed: np.ndarray

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
        row.update(eligible=bool(level.eligible[i, j]), above_average=bool(self.passed[j]),
                   chosen=bool(j == self.chosen), tied=bool(self.tied[j]))
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
        text_rank = text_ranks(self.level.attributes[j])
        left, index = best_partition(s.branch_counts[self.i][None], text_rank)
        return left[0], float(index[0])

    def branches(self, j: int) -> list[dict]:
        level, i = self.level, self.i
        s = level.scores[j]
        counts, n = s.branch_counts[i], s.branch_n[i]
        unknown = s.unknown[i].sum()
        spread = level.shares(i, j) * unknown
        conditions = level.branch_conditions(i, j)
        return [{"op": c.op, "value": c.to_dict()["value"], "n": int(n[b]),
                 "weight": float(counts[b].sum() + spread[b]),
                 "class_counts": dict(zip(level.classes, counts[b].tolist(), strict=True)),
                 "entropy": float(entropy(counts[b])), "gini": float(gini(counts[b]))}
                for b, c in enumerate(conditions)]

    def curve(self, s: AttributeScores) -> dict | None:
        if not s.curve:
            return None
        lo, hi = s.curve["offsets"][self.i], s.curve["offsets"][self.i + 1]
        return {k: [number(v) for v in s.curve[k][lo:hi].tolist()]
                for k in ("threshold", "gain", "gini_index")}


def score_level(enc: Encoded, batch: Batch, used: np.ndarray, algorithm: str,
                curve_points: int) -> LevelScores:
    """Score every attribute at every node of the batch."""
    cart = algorithm == "cart"
    scores = [score_nominal(enc, j, batch, binary=cart) if a.is_nominal
              else score_continuous(enc, j, batch, by_gini=cart, curve_points=curve_points)
              for j, a in enumerate(enc.attributes)]
    nominal = np.array([a.is_nominal for a in enc.attributes])
    n_distinct = np.stack([s.n_distinct for s in scores], axis=1)
    has_values = np.array([len(a.values) > 0 or not a.is_nominal for a in enc.attributes])
    candidate = np.where(nominal, ~used & has_values, n_distinct >= 2)
    eligible = candidate & (~nominal | (not cart) | (n_distinct >= 2))
    return LevelScores(enc.attributes, enc.classes, algorithm, scores, candidate, eligible,
                       n_distinct)
