"""Each algorithm's rule for picking the split attribute, as a pure function of a score table.

Arrays have the candidate attributes on the last axis; any leading axes are independent
nodes, so the same function decides one node or a whole depth of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .splitting import first_best, is_tied

ALGORITHMS = ("id3", "c45", "cart", "cls")
# How a tie between attributes is broken: the book's column order, its reverse, or at random.
TIE_BREAKS = ("first", "last", "random")

# algorithm -> (score the rule maximises, the criterion named in the trace, rule code)
RULES = {
    "id3": ("gain", "gain", "max_gain"),
    "c45": ("gain_ratio", "gain_ratio", "c45_gain_ratio"),
    "cart": ("gini_gain", "gini_index", "min_gini"),
    "cls": (None, "random", "random"),
}


@dataclass(frozen=True)
class Choice:
    winner: np.ndarray  # attribute index, -1 where nothing is eligible
    tied: np.ndarray  # attributes tied with the winner on the rule's score
    mean_gain: np.ndarray  # mean Gain over the eligible candidates (C4.5's filter)
    passed: np.ndarray  # Gain >= mean (C4.5)


def choose(algorithm: str, table: dict[str, np.ndarray], eligible: np.ndarray,
           random_key: np.ndarray | None = None, tie_break: str = "first") -> Choice:
    """Apply the algorithm's rule; ties go to the attribute first in column order by default.

    ID3: argmax Gain. C4.5: among candidates with Gain >= mean Gain, argmax Gain_ratio.
    CART: argmax ρ·(Gini(D̃) - Gini_index), i.e. argmin Gini_index. CLS: random_key's argmax.
    tie_break "last" takes the last tied attribute in column order, "random" uses random_key.
    """
    gain = np.where(eligible, table["gain"], 0.0)
    count = eligible.sum(axis=-1)
    mean_gain = gain.sum(axis=-1) / np.maximum(count, 1)
    passed = eligible & is_tied(gain, mean_gain[..., None])
    score_name = RULES[algorithm][0]
    if score_name is None:
        key = np.where(eligible, random_key, -np.inf)
        allowed = eligible
    else:
        allowed = passed if algorithm == "c45" else eligible
        key = np.where(allowed, table[score_name], -np.inf)
    winner = np.where(count > 0, first_best(key), -1)
    best = np.take_along_axis(key, np.maximum(winner, 0)[..., None], axis=-1)
    tied = allowed & is_tied(key, best) if score_name else np.zeros_like(eligible)
    if score_name and tie_break != "first":
        winner = np.where(count > 0, _break_tie(tied, tie_break, random_key), -1)
    return Choice(winner, tied, mean_gain, passed)


def _break_tie(tied: np.ndarray, tie_break: str, random_key) -> np.ndarray:
    if tie_break == "last":
        return tied.shape[-1] - 1 - np.argmax(tied[..., ::-1], axis=-1)
    return np.argmax(np.where(tied, random_key, -1.0), axis=-1)
