"""Pick the split attribute: an algorithm's rule (dtree_core.algorithms) plus the tie rule.

Arrays have the candidate attributes on the last axis; any leading axes are independent
nodes, so the same function decides one node or a whole depth of them. Nothing here depends
on which other nodes share the batch, so the recursive reference grower and the level-wise
one decide alike.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .algorithms import Algorithm, above_mean_gain
from .splitting import first_best, is_tied

# How a tie between attributes is broken: the book's column order, its reverse, or at random.
TIE_BREAKS = ("first", "last", "random")


@dataclass(frozen=True)
class Choice:
    winner: np.ndarray  # attribute index, -1 where nothing is eligible
    tied: np.ndarray  # attributes tied with the winner (all False when it stands alone)
    mean_gain: np.ndarray | None  # the rule's mean-Gain filter (C4.5), else None
    passed: np.ndarray | None  # Gain ≥ the mean Gain over the eligible candidates (shown for
    # C4.5; None when the table has no Gain)


def choose(algorithm: Algorithm, table: dict[str, np.ndarray], eligible: np.ndarray,
           random_key: np.ndarray | None, tie_break: str = "first") -> Choice:
    """The rule's best allowed candidate; ties go to the first in column order by default,
    to the last with tie_break "last", and by random_key with "random" (None where neither
    the rule nor the tie rule draws: Options.draws)."""
    ranking = algorithm.rule(table, eligible, random_key)
    # a table of Gini scores alone (CART's growth, see score_attributes) has no Gain to filter
    # by: its mean-Gain filter is found from a rescoring when shown (LevelScores.above_average)
    passed = ranking.passed
    if passed is None and "gain" in table:
        passed = above_mean_gain(table, eligible)[0]
    if eligible.shape[-1] == 1:  # one attribute (a deep chain's every depth): it wins (0)
        # wherever it is a candidate, else nothing does (-1), and ties with no other
        winner = eligible[..., 0].astype(np.intp) - 1
        return Choice(winner, np.zeros(eligible.shape, dtype=bool), ranking.mean_gain, passed)
    winner, tied = _best_and_ties(ranking)
    if tie_break != "first":
        winner = np.where(np.logical_or.reduce(tied, axis=-1),
                          _break_tie(tied, tie_break, random_key), winner)
    # the reduction by its ufunc: the same C loop without the method's Python wrapper
    has_candidate = np.logical_or.reduce(eligible, axis=-1)
    return Choice(np.where(has_candidate, winner, -1), tied, ranking.mean_gain, passed)


def _best_and_ties(ranking) -> tuple[np.ndarray, np.ndarray]:
    """The first best allowed candidate of each node, and the candidates tied with it (all
    False where it stands alone)."""
    key = np.where(ranking.allowed, ranking.key, -np.inf)
    winner = first_best(key)
    best = np.take_along_axis(key, winner[..., None], axis=-1) if key.ndim != 2 else \
        key[np.arange(len(key)), winner][:, None]  # the same values, at a fraction of the cost
    tied = ranking.allowed & is_tied(key, best)
    tied &= (np.add.reduce(tied, axis=-1) > 1)[..., None]
    return winner, tied


def _break_tie(tied: np.ndarray, tie_break: str, random_key) -> np.ndarray:
    if tie_break == "last":
        return tied.shape[-1] - 1 - np.argmax(tied[..., ::-1], axis=-1)
    return np.argmax(np.where(tied, random_key, -1.0), axis=-1)


# --------------------------------------------------------------------- seeded draws

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: a well-spread 64-bit hash (wrapping arithmetic is intended).

    x is an array of at least one axis (every draw key is): numpy wraps integer arrays
    silently and warns of overflow only in scalar arithmetic, so no np.errstate is needed
    here or in the callers (one per call was a fixed cost paid at every depth)."""
    x = np.asarray(x, dtype=np.uint64)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def root_draw_key(seed: int) -> np.ndarray:
    """The root's draw key. Each node's key comes from its parent's and its branch index, so
    a node's draws depend on its place in the tree, not on the order nodes are grown in."""
    return _mix(np.array([seed & 0xFFFFFFFFFFFFFFFF], dtype=np.uint64))


def child_draw_keys(parent_keys: np.ndarray, branch: np.ndarray) -> np.ndarray:
    return _mix(parent_keys.astype(np.uint64) * _GOLDEN + branch.astype(np.uint64) + np.uint64(1))


def draws(node_keys: np.ndarray, n_attributes: int) -> np.ndarray:
    """(m, A) uniform numbers in [0, 1): CLS's draw and the random tie rule's, per attribute."""
    bits = _mix(node_keys.astype(np.uint64)[:, None] * _GOLDEN
                + np.arange(1, n_attributes + 1, dtype=np.uint64)[None, :])
    return (bits >> np.uint64(11)).astype(np.float64) / float(1 << 53)
