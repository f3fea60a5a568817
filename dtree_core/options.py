"""One options object from the sidebar, the CLI or DecisionTree(**params) to every consumer.

Options is frozen and hashable (the app caches on it). `checked()` validates every field
once, with one specific sentence per mistake; `params()` is what the trace records.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields, replace

import numpy as np

from . import algorithms
from .data import CodedError, Listed
from .decide import TIE_BREAKS
from .paths import canonical_path, force_text, parse_force

# What to do when a forced path names no node of the tree: refuse (the CLI, the API), or
# grow without it and report the path (held-out and k-fold fits, whose trees differ).
FORCE_MISSING = ("error", "skip")

# Pruning (dtree_core.pruning): none, pre-pruning and reduced-error (Zhou §4.3, validation
# rows), C4.5's pessimistic error-based pruning, CART's cost-complexity pruning, Li Hang's
# pruning by the loss C_α(T) (dtree_core.cost_pruning; α is ccp_alpha).
PRUNE_METHODS = ("none", "pre", "rep", "pep", "ccp", "cost")


# The most points a continuous attribute's curve keeps per node (splitting._curve).
CURVE_POINTS = 256


@dataclass(frozen=True)
class Options:
    algorithm: str = "id3"
    max_depth: int | None = None
    min_samples_split: int = 2
    min_gain: float = 0.0
    seed: int = 0
    tie_break: str = "first"
    force: tuple[tuple[str, str], ...] = ()  # (canonical path, attribute), sorted by path
    min_branch_weight: float | None = None  # C4.5's MINOBJS (J48's -M); None: off
    force_missing: str = "error"
    nominal: tuple[str, ...] = ()
    continuous: tuple[str, ...] = ()
    curve_points: int = CURVE_POINTS
    prune: str = "none"  # one of PRUNE_METHODS
    ccp_alpha: float = 0.0  # ccp: prune every subtree whose effective alpha is <= this;
    # cost: Li Hang's α in C_α(T) = Σ N_t·H_t + α|T| (in N·bits, not divided by N)
    cf: float = 0.25  # pep: C4.5's confidence factor (J48's -C)
    prune_on_tie: bool = False  # rep: prune also when validation accuracy stays the same
    subtree_raising: bool = False  # pep: C4.5's subtree raising (J48's default; off: -S)
    pep_margin: float = 0.0  # pep: prune when the leaf is at most this much worse (J48: 0.1)

    @classmethod
    def build(cls, **params) -> Options:
        """From loose inputs (lists, a force dict or 'PATH=ATTRIBUTE' texts, NumPy scalars as
        a grid search's np.arange gives them), checked."""
        params = {k: v.item() if isinstance(v, np.generic) else v for k, v in params.items()}
        params["force"] = normalise_force(params.get("force"))
        for name in ("nominal", "continuous"):
            params[name] = _names(params.get(name))
        return cls(**params).checked()

    def checked(self) -> Options:
        algorithms.get(self.algorithm)  # an unknown name is a DataError listing the known ones
        _require(self.max_depth is None or _whole(self.max_depth) and self.max_depth >= 0,
                 f"max_depth must be a whole number ≥ 0 or None, got {self.max_depth!r}.",
                 "max_depth", self.max_depth)
        _require(_whole(self.min_samples_split) and self.min_samples_split >= 1,
                 f"min_samples_split must be a whole number ≥ 1, got {self.min_samples_split!r}.",
                 "min_samples_split", self.min_samples_split)
        _require(_finite(self.min_gain) and self.min_gain >= 0,
                 f"min_gain must be a finite number ≥ 0, got {self.min_gain!r}.",
                 "min_gain", self.min_gain)
        _require(self.min_branch_weight is None
                 or _finite(self.min_branch_weight) and self.min_branch_weight > 0,
                 f"min_branch_weight must be a finite number > 0 or None, got "
                 f"{self.min_branch_weight!r}.", "min_branch_weight", self.min_branch_weight)
        _require(self.tie_break in TIE_BREAKS, f"Unknown tie rule '{self.tie_break}'; use one "
                 f"of {', '.join(TIE_BREAKS)}.", "tie_break", self.tie_break, TIE_BREAKS)
        _require(self.force_missing in FORCE_MISSING,
                 f"force_missing must be one of {', '.join(FORCE_MISSING)}.",
                 "force_missing", self.force_missing, FORCE_MISSING)
        _require(_whole(self.seed), f"seed must be a whole number, got {self.seed!r}.",
                 "seed", self.seed)
        _require(_whole(self.curve_points) and self.curve_points >= 1,
                 f"curve_points must be a whole number ≥ 1, got {self.curve_points!r}.",
                 "curve_points", self.curve_points)
        self._check_sizes()
        self._check_pruning()
        return self

    def _check_sizes(self) -> None:
        """Whole-number options within 64 bits, as the trace's JSON writes its numbers (a
        seed of 2**70 grew, then failed to be written)."""
        for name, low, high in WHOLE_RANGES:
            value = getattr(self, name)
            if value is not None and not low <= value <= high:
                raise CodedError(f"{name} must be from {low} to {high}, got {value!r}.",
                                 "option.range", field=name, value=repr(value), low=low,
                                 high=high)

    def _check_pruning(self) -> None:
        _require(self.prune in PRUNE_METHODS, f"Unknown pruning '{self.prune}'; use one of "
                 f"{', '.join(PRUNE_METHODS)}.", "prune", self.prune, PRUNE_METHODS)
        _require(_finite(self.ccp_alpha) and self.ccp_alpha >= 0,
                 f"ccp_alpha must be a finite number ≥ 0, got {self.ccp_alpha!r}.",
                 "ccp_alpha", self.ccp_alpha)
        # C4.5 (and Weka's J48) leave the estimate unchanged above 0.5: refuse instead.
        _require(_finite(self.cf) and 0 < self.cf <= 0.5,
                 f"cf must be a number in (0, 0.5], got {self.cf!r}.", "cf", self.cf)
        _require(isinstance(self.prune_on_tie, bool),
                 f"prune_on_tie must be true or false, got {self.prune_on_tie!r}.",
                 "prune_on_tie", self.prune_on_tie)
        _require(isinstance(self.subtree_raising, bool),
                 f"subtree_raising must be true or false, got {self.subtree_raising!r}.",
                 "subtree_raising", self.subtree_raising)
        _require(_finite(self.pep_margin) and self.pep_margin >= 0,
                 f"pep_margin must be a finite number ≥ 0, got {self.pep_margin!r}.",
                 "pep_margin", self.pep_margin)

    @property
    def rules(self) -> algorithms.Algorithm:
        """The algorithm's registry record."""
        return algorithms.get(self.algorithm)

    @property
    def draws(self) -> bool:
        """Does the rule (one that draws at random: ranks_by None) or the tie rule read each
        node's random draws? Where neither does, the grower makes none (two hashes per
        depth, for nothing, at each of a deep chain's thousands of depths)."""
        return self.rules.draws_at_random or self.tie_break == "random"

    def but(self, **changes) -> Options:
        """A copy with some fields changed (checked again)."""
        if "force" in changes:
            changes["force"] = normalise_force(changes["force"])
        return replace(self, **changes).checked()

    def with_kinds(self, kinds: dict[str, str]) -> Options:
        """The same options with every column's kind given (as prepared data decided it)."""
        return self.but(nominal=tuple(c for c, k in kinds.items() if k == "nominal"),
                        continuous=tuple(c for c, k in kinds.items() if k == "continuous"))

    def as_kwargs(self) -> dict:
        """DecisionTree's keyword arguments (the same names as the fields)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def params(self) -> dict:
        """The trace's `params` (TRACE.md): the options that shape the tree."""
        d = asdict(self)
        d["force"] = dict(self.force)
        for name in ("nominal", "continuous", "force_missing"):
            d.pop(name)
        if self.curve_points == CURVE_POINTS:
            d.pop("curve_points")  # absent at the default (a reader of a curve knows it)

        if self.min_branch_weight is None:
            d.pop("min_branch_weight")  # absent as before the option existed
        for name, default in PRUNING_DEFAULTS.items():
            if d[name] == default:
                d.pop(name)  # absent at the default, so unpruned traces are unchanged
        return d


PRUNING_DEFAULTS = {"prune": "none", "ccp_alpha": 0.0, "cf": 0.25, "prune_on_tie": False,
                    "subtree_raising": False, "pep_margin": 0.0}


def _names(names) -> tuple:
    """Column names: one name alone is one name (not its letters)."""
    if isinstance(names, str):
        return (names,)
    return tuple(names or ())


def normalise_force(force) -> tuple[tuple[str, str], ...]:
    """A dict {path: attribute}, 'PATH=ATTRIBUTE' texts (or one) or pairs -> sorted canonical
    pairs. An attribute may come with a threshold: 'ATTRIBUTE@T', or (attribute, T) in a
    dict's values, or (path, attribute, T) triples; pairs keep its text form
    (paths.force_text)."""
    if not force:
        return ()
    if isinstance(force, str):
        force = [force]
    if isinstance(force, dict):
        pairs = [(canonical_path(p), _force_value(a)) for p, a in force.items()]
    else:
        pairs = [parse_force(item) if isinstance(item, str) else (canonical_path(item[0]),
                                                                   _force_value(item[1:]))
                 for item in force]
    return tuple(sorted(_one_split_per_path(pairs).items()))


def _one_split_per_path(pairs) -> dict[str, str]:
    """{path: attribute}; two different splits at one path are refused, not one of them
    dropped unseen (the same split twice is one)."""
    chosen: dict[str, str] = {}
    for path, attribute in pairs:
        if chosen.setdefault(path, attribute) != attribute:
            raise CodedError(f"Two splits are forced at {path}: '{chosen[path]}' and "
                             f"'{attribute}'; a node takes one.", "force.twice", path=path,
                             first=chosen[path], second=attribute)
    return chosen


def _force_value(value) -> str:
    """'ATTRIBUTE', 'ATTRIBUTE@T', (attribute,) or (attribute, T) -> the text form."""
    if not isinstance(value, tuple | list) or not value:
        return str(value)
    return force_text(str(value[0]), float(value[1]) if len(value) > 1 else None)


class OptionError(CodedError):
    """A refused option: code "option.<field>", details the field, the value as the English
    sentence shows it, and the choices."""

    def __init__(self, message: str, field: str, value, choices: tuple[str, ...] = ()):
        super().__init__(message, f"option.{field}", field=field, value=repr(value),
                         choices=Listed(choices))


# The whole-number options' ranges: a JSON integer of 64 bits, signed or (a seed) unsigned.
WHOLE_RANGES = (("max_depth", 0, 2**63 - 1), ("min_samples_split", 1, 2**63 - 1),
                ("seed", -(2**63), 2**64 - 1), ("curve_points", 1, 2**63 - 1))


def _require(ok: bool, message: str, field: str, value, choices: tuple[str, ...] = ()) -> None:
    if not ok:
        raise OptionError(message, field, value, choices)


def _whole(x) -> bool:
    """A whole number; an int too large for a float (10**400) is whole, not an OverflowError."""
    if isinstance(x, bool) or not isinstance(x, int | float):
        return False
    return isinstance(x, int) or x == x and abs(x) != math.inf and float(x).is_integer()


def _finite(x) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
