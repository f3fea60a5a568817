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

from .data import CodedError, Listed
from .oblique import learn_linear_test
from .splitting import first_best, is_tied

SHAPES = ("multiway", "binary")


@dataclass(frozen=True)
class Ranking:
    """What a rule ranks by at each node: higher key wins among the allowed candidates."""

    key: np.ndarray  # (..., A) score the rule maximises
    allowed: np.ndarray  # (..., A) bool: may win (C4.5: Gain at least the mean)
    mean_gain: np.ndarray | None = None  # C4.5's filter threshold, per node
    # above_mean_gain(table, eligible)[0] when the rule computed it (C4.5), so the decision's
    # `passed` is not computed twice
    passed: np.ndarray | None = None


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
    # The stop code of a leaf made because that score is below min_gain: "min_gain", or
    # "epsilon" for Li Hang's threshold ε (Alg. 5.2/5.3 step 4), worded in his terms.
    gain_stop: str = "min_gain"
    columns: tuple[str, ...] = ("gain", "iv", "gain_ratio", "gini_index")
    # The score columns its rule reads (lecture mode's table, for a projector, shows only
    # these beside the cut, the ties and the choice; CLS's draw reads none); None: all.
    rule_columns: tuple[str, ...] | None = None
    smaller_is_better: bool = False  # how its criterion reads in tables and charts
    ranks_lowest: bool = False  # the rule takes the smallest ranks_by (a baseline), not the largest
    baseline: bool = False  # a yardstick (why the criterion matters), not in evaluate's default
    # Another textbook's reading of a registered algorithm (Li Hang's C4.5 of "c45"): in every
    # choice, but not in evaluate's default set or the manual page's comparison.
    variant_of: str | None = None
    # A multivariate tree's per-node linear learner (Zhou §4.5; dtree_core.oblique): (enc,
    # rows, weights, continuous attribute indices, min_branch_weight) -> LinearTest | None.
    linear: Callable | None = None
    # The numbered algorithm of Li Hang's ch. 5 this one follows step by step ("5.2": ID3,
    # "5.3": C4.5 without the mean-gain filter, "5.6": CART's generation, whose A = a cuts
    # are among the two-way partitions CART searches); his notation shows its steps, not
    # Fig. 4.2, with a note wherever a split is not one of his.
    lihang_algorithm: str | None = None
    # Its rule takes the largest gini_gain among the eligible candidates and nothing else
    # (no filter, no draw): while growing, the exhaustive search of a binary nominal split
    # may then leave out a node where no partition can reach another attribute's best split
    # (splitting.partition_bound), since that attribute can neither win nor tie there.
    largest_gini_gain: bool = False

    @property
    def uses_up_nominal(self) -> bool:
        """A multiway split on a nominal attribute leaves no value to split on below."""
        return self.nominal_shape == "multiway"

    @property
    def draws_at_random(self) -> bool:
        """Its rule draws an attribute (CLS): no score ranks the candidates."""
        return self.ranks_by is None

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


# threshold_by (a record's score for a continuous attribute's cut point) -> the scores equal
# at every cut tied with the chosen one by it: Gain ties H(D|a) too (Ent(D̃) and ρ are the
# attribute's at every t), while IV and Gain_ratio differ (the branches do).
TIED_AT_CUTS = {"gain": ("gain", "conditional_entropy"), "gini_index": ("gini_index",)}


# --------------------------------------------------------------------- the rules


def max_gain(table: dict, eligible: np.ndarray, random_key: np.ndarray) -> Ranking:
    """ID3: the largest information gain (Zhou eq. 4.2)."""
    return Ranking(table["gain"], eligible)


def above_mean_gain(table: dict, eligible: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The eligible candidates whose Gain is at least the mean Gain over them, and that mean."""
    if eligible.ndim == 2 and eligible.shape[1] == 1:  # one attribute (a deep chain's every
        # depth): its Gain is the mean, as the sum of one from 0 (-0.0 comes out 0.0) divided
        # by 1, and is tied with itself unless it is not finite (is_tied's margin is above 0)
        gain = table["gain"]
        return eligible & np.isfinite(gain), np.where(eligible[:, 0], gain[:, 0] + 0.0, 0.0)
    gain = np.where(eligible, table["gain"], 0.0)
    # the sums by np.add.reduce: .sum's own loop, without its Python wrapper
    mean = np.add.reduce(gain, axis=-1) / np.maximum(np.add.reduce(eligible, axis=-1), 1)
    return eligible & is_tied(gain, mean[..., None]), mean


def c45_gain_ratio(table: dict, eligible: np.ndarray, random_key: np.ndarray) -> Ranking:
    """C4.5: among the candidates whose Gain is at least the mean, the largest Gain_ratio."""
    passed, mean = above_mean_gain(table, eligible)
    return Ranking(table["gain_ratio"], passed, mean, passed)


def j48_gain(table: dict, weight: np.ndarray) -> np.ndarray:
    """Quinlan's C4.5 Release 8 (Weka's J48): a continuous attribute's Gain less
    log₂(N−1)/|D|, N−1 being its candidate thresholds; nominal attributes keep their Gain."""
    n, weight = table["n_distinct"], np.asarray(weight, dtype=float)[..., None]
    penalised = table["continuous"] & (n >= 2) & (weight > 0)
    penalty = np.log2(np.maximum(n - 1, 1)) / np.where(weight > 0, weight, 1.0)
    return table["gain"] - np.where(penalised, penalty, 0.0)


def j48_gain_ratio(table: dict, eligible: np.ndarray, weight: np.ndarray) -> Ranking:
    """C4.5's rule on J48's penalised Gain: the mean filter and the Gain_ratio both use it
    (not one of the registered algorithms: the book's C4.5 is; this is what Weka does)."""
    gain = j48_gain(table, weight)
    passed, mean = above_mean_gain({"gain": gain}, eligible)
    iv = table["iv"]
    ratio = np.where(iv > 0, gain / np.where(iv > 0, iv, 1.0), 0.0)
    return Ranking(ratio, passed, mean)


def j48_pick(node: dict) -> str | None:
    """The attribute J48 would split this node on (TRACE.md's node dict, with its score rows):
    C4.5's rule with the continuous penalty; ties go to the first in column order."""
    rows = node["scores"]
    eligible = np.array([row.get("eligible", True) for row in rows], dtype=bool)
    if not eligible.any():
        return None
    table = {"gain": np.array([row["gain"] for row in rows], dtype=float),
             "iv": np.array([row["iv"] for row in rows], dtype=float),
             "n_distinct": np.array([row.get("n_distinct") or 0 for row in rows]),
             "continuous": np.array([row["kind"] == "continuous" for row in rows])}
    ranking = j48_gain_ratio(table, eligible, node["weight"])
    return rows[int(first_best(np.where(ranking.allowed, ranking.key, -np.inf)))]["attribute"]


def max_gain_ratio(table: dict, eligible: np.ndarray, random_key: np.ndarray) -> Ranking:
    """Li Hang's C4.5 (统计学习方法 Alg. 5.3): the largest information gain ratio g_R(D,A),
    with no mean-gain filter (Zhou's and Quinlan's C4.5 have one)."""
    return Ranking(table["gain_ratio"], eligible)


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
        raise CodedError(f"Unknown algorithm '{key}'; use one of {', '.join(keys())}.",
                         "option.algorithm", value=repr(key), choices=Listed(keys())) from None


register(Algorithm(
    "id3", "ID3", "gain", max_gain, "max_gain",
    "ID3 takes the attribute with the largest information gain: {attribute}.", "gain",
    rule_columns=("gain",), lihang_algorithm="5.2"))
register(Algorithm(
    "c45", "C4.5", "gain_ratio", c45_gain_ratio, "c45_gain_ratio",
    "C4.5 keeps the attributes whose gain is at least the mean gain and takes the one with "
    "the largest gain ratio: {attribute}.", "gain_ratio",
    columns=("gain", "iv", "gain_ratio", "gini_index", "above_average"),
    rule_columns=("gain", "gain_ratio", "above_average")))
register(Algorithm(
    "cart", "CART", "gini_index", min_gini, "min_gini",
    "CART takes the split that lowers the Gini index most, the largest "
    "ρ·(Gini(D̃) − Gini_index) (the smallest Gini_index when no value is missing): {attribute}.",
    "gini_gain",
    nominal_shape="binary", threshold_by="gini_index", impurity_decrease="gini_gain",
    rule_columns=("gini_index",), smaller_is_better=True, largest_gini_gain=True,
    lihang_algorithm="5.6"))
register(Algorithm(
    "cls", "CLS", "random", random_pick, "random",
    "CLS picks an attribute at random: {attribute}.", None, rule_columns=()))
register(Algorithm(
    "worst", "Worst", "gain", min_gain, "min_gain_worst",
    "The baseline takes the attribute with the smallest information gain: {attribute}.", "gain",
    rule_columns=("gain",), smaller_is_better=True, ranks_lowest=True, baseline=True))
register(Algorithm(
    "oblique", "Oblique", "gini_index", min_gini, "oblique",
    "The oblique tree takes the test that lowers the Gini index most: a linear combination of "
    "the continuous attributes (Fisher's direction or the best single attribute, refined by "
    "OC1's coordinate moves) or one attribute, the single attribute "
    "on a tie: {attribute}.",
    "gini_gain",
    nominal_shape="binary", threshold_by="gini_index", impurity_decrease="gini_gain",
    rule_columns=("gini_index",), smaller_is_better=True, linear=learn_linear_test))
register(Algorithm(
    "c45_lihang", "C4.5 (Li Hang)", "gain_ratio", max_gain_ratio, "max_gain_ratio",
    "C4.5 as Li Hang writes it (Alg. 5.3) takes the attribute with the largest information "
    "gain ratio, with no mean-gain filter: {attribute}.", "gain_ratio",
    impurity_decrease="gain_ratio", gain_stop="epsilon", rule_columns=("gain_ratio",),
    variant_of="c45",
    lihang_algorithm="5.3"))
