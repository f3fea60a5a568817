"""One record per algorithm: everything else (growing, the trace, compare, the CLI, the
sidebar, score tables, evaluate) reads these records instead of testing algorithm names.

A record says which score its rule ranks candidates by, how it splits a nominal attribute
(multiway or binary), whether that uses the attribute up below the node (Zhou Fig. 4.2 line
14's A \\ {a*}), how it picks a threshold on a continuous attribute, which score columns it
shows, and the catalogue keys of its names. Its rule is a pure function of a node's score
table, so it decides one node or a whole depth of nodes alike. Register a new algorithm with
`register`; nothing else needs to change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from .data import DataError
from .splitting import is_tied

SHAPES = ("multiway", "binary")


@dataclass(frozen=True)
class Ranking:
    """What a rule ranks by at each node: higher key wins among the allowed candidates."""

    key: np.ndarray  # (..., A) score the rule maximises
    allowed: np.ndarray  # (..., A) bool: may win (C4.5: Gain at least the mean)
    mean_gain: np.ndarray | None = None  # C4.5's filter threshold, per node


Rule = Callable[[dict, np.ndarray, np.ndarray], Ranking]


@dataclass(frozen=True)
class Algorithm:
    key: str  # "id3": the name in the API, CLI, trace and URLs
    label: str  # "ID3": the same in every language
    criterion: str  # the score the trace names as deciding: gain, gain_ratio, gini_index, random
    rule: Rule  # (score table, eligible, random key) -> Ranking
    rule_code: str  # decision.rule_code; the catalogue's rule.<code> words it
    rule_text: str  # the trace's English sentence; {attribute} is the winner
    ranks_by: str | None  # the score-row field the rule maximises (None: a random draw;
    #                       ranks_lowest: minimises)
    nominal_shape: str = "multiway"  # multiway (one branch per value) or binary (two subsets)
    threshold_by: str = "gain"  # a continuous attribute's cut point: best gain or gini_index
    impurity_decrease: str = "gain"  # the score min_gain is compared with
    columns: tuple[str, ...] = ("gain", "iv", "gain_ratio", "gini_index")
    smaller_is_better: bool = False  # how its criterion reads in tables and charts
    ranks_lowest: bool = False  # the rule takes the smallest ranks_by (a baseline), not the largest
    baseline: bool = False  # a yardstick (why the criterion matters), not in evaluate's default

    @property
    def uses_up_nominal(self) -> bool:
        """A multiway split on a nominal attribute leaves no value to split on below."""
        return self.nominal_shape == "multiway"

    @property
    def name_key(self) -> str:
        return f"algo.{self.key}"

    @property
    def rule_key(self) -> str:
        return f"rule.{self.rule_code}"

    @property
    def deciding_column(self) -> str | None:
        """The score-table column that shows the criterion (None: the rule draws at random)."""
        return self.criterion if self.criterion in self.columns else None


# --------------------------------------------------------------------- the rules


def max_gain(table: dict, eligible: np.ndarray, random_key: np.ndarray) -> Ranking:
    """ID3: the largest information gain (Zhou eq. 4.2)."""
    return Ranking(table["gain"], eligible)


def above_mean_gain(table: dict, eligible: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The eligible candidates whose Gain is at least the mean Gain over them, and that mean."""
    gain = np.where(eligible, table["gain"], 0.0)
    mean = gain.sum(axis=-1) / np.maximum(eligible.sum(axis=-1), 1)
    return eligible & is_tied(gain, mean[..., None]), mean


def c45_gain_ratio(table: dict, eligible: np.ndarray, random_key: np.ndarray) -> Ranking:
    """C4.5: among the candidates whose Gain is at least the mean, the largest Gain_ratio."""
    passed, mean = above_mean_gain(table, eligible)
    return Ranking(table["gain_ratio"], passed, mean)


def min_gini(table: dict, eligible: np.ndarray, random_key: np.ndarray) -> Ranking:
    """CART: the largest ρ·(Gini(D̃) − Gini_index), i.e. the smallest Gini_index."""
    return Ranking(table["gini_gain"], eligible)


def min_gain(table: dict, eligible: np.ndarray, random_key: np.ndarray) -> Ranking:
    """The worst criterion on purpose: the smallest information gain (a baseline that shows
    what choosing by Gain buys)."""
    return Ranking(-table["gain"], eligible)


def random_pick(table: dict, eligible: np.ndarray, random_key: np.ndarray) -> Ranking:
    """CLS (Hunt's Concept Learning System): any attribute; drawn at random, seeded."""
    return Ranking(random_key, eligible)


# --------------------------------------------------------------------- the registry

_REGISTRY: dict[str, Algorithm] = {}


def register(algorithm: Algorithm) -> Algorithm:
    if algorithm.nominal_shape not in SHAPES:
        raise ValueError(f"nominal_shape must be one of {SHAPES}.")
    _REGISTRY[algorithm.key] = algorithm
    return algorithm


@contextmanager
def registered(algorithm: Algorithm) -> Iterator[Algorithm]:
    """Register for the duration of a block (tests add a toy algorithm this way)."""
    register(algorithm)
    try:
        yield algorithm
    finally:
        _REGISTRY.pop(algorithm.key, None)


def keys() -> tuple[str, ...]:
    """The registered algorithms' keys, in registration order."""
    return tuple(_REGISTRY)


def get(key: str) -> Algorithm:
    try:
        return _REGISTRY[key]
    except KeyError:
        raise DataError(f"Unknown algorithm '{key}'; use one of {', '.join(keys())}.") from None


register(Algorithm(
    "id3", "ID3", "gain", max_gain, "max_gain",
    "ID3 takes the attribute with the largest information gain: {attribute}.", "gain"))
register(Algorithm(
    "c45", "C4.5", "gain_ratio", c45_gain_ratio, "c45_gain_ratio",
    "C4.5 keeps the attributes whose gain is at least the mean gain and takes the one with "
    "the largest gain ratio: {attribute}.", "gain_ratio",
    columns=("gain", "iv", "gain_ratio", "gini_index", "above_average")))
register(Algorithm(
    "cart", "CART", "gini_index", min_gini, "min_gini",
    "CART takes the split that lowers the Gini index most, the largest "
    "ρ·(Gini(D̃) − Gini_index) (the smallest Gini_index when no value is missing): {attribute}.",
    "gini_gain",
    nominal_shape="binary", threshold_by="gini_index", impurity_decrease="gini_gain",
    smaller_is_better=True))
register(Algorithm(
    "cls", "CLS", "random", random_pick, "random",
    "CLS picks an attribute at random: {attribute}.", None))
register(Algorithm(
    "worst", "Worst", "gain", min_gain, "min_gain_worst",
    "The baseline takes the attribute with the smallest information gain: {attribute}.", "gain",
    smaller_is_better=True, ranks_lowest=True, baseline=True))
