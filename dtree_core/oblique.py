"""Multivariate (oblique) tests, Zhou §4.5: a node tests Σ wᵢ·aᵢ ≤ t over its continuous
attributes instead of one attribute (多变量决策树; 斜决策树).

The linear learner (`learn_linear_test`, the registry's `linear` field of the oblique algorithm)
optimises the tree's own criterion from two starts (`candidates`): Fisher's LDA direction
for the node's two largest class groups (Zhou §3.4), and the unit vector of the best single
attribute. Each is cut at its best midpoint by the Gini index, exactly as CART cuts one
continuous attribute (the same scorer, so the same ρ-weighted Gini gain, the same midpoints
and tie rule), then refined by OC1's deterministic coordinate perturbation (Murthy, Kasif &
Salzberg 1994; `refine`) on the rows known in every continuous candidate attribute, each
scaled to [0, 1] by its range; the refined weights go back to the attributes' own scale
with unit length and the projection is cut again, so t stays a midpoint. The larger Gini
gain of the two refined tests wins (Fisher's on a tie); the trace says which start won and
after how many passes. `contest` then keeps the linear test at a node
only where it lowers the Gini index strictly more than the best single-attribute split; a
tie keeps the single attribute (the simpler test). Rows whose value is unknown on an
attribute of the test take no branch and go down both, weighted (Zhou §4.4.2), through the
split record like every other test.

Everything on rows is numpy; the per-node work is a d×d solve (d: continuous attributes) and
at most MAX_PASSES·(d + 1) sorts of the node's rows per start.
Sums over rows are running sums in row order, so both growers learn the same bits from the
same rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from .data import Attribute, Encoded
from .split import Split, linear_combination, linear_text, threshold_text
from .splitting import (
    Batch,
    growing,
    is_tied,
    midpoint,
    score_continuous,
    threshold_digits,
    tie_margin,
)

# Ridge added to the within-class scatter (standardised), so a singular one still solves:
# small enough to leave a well-posed direction unchanged in its first digits.
RIDGE = 1e-6
# Numbers held at once when summing rows (the scatter's d² products per row).
BLOCK = 1 << 22
# OC1 passes over the coefficients at most (each pass moves every coefficient once; on the
# data tried it settles in a few).
MAX_PASSES = 20
# Digits the weights are shown with in the test's name (the book writes -0.800·密度).
NAME_DIGITS = 3
# Decimals a weight is written with at most (a float's 17 significant digits, below 1).
MOST_DECIMALS = 17


@dataclass(frozen=True)
class LinearTest:
    """A node's learned linear test and its Gini scores (on the rows known in its attributes)."""

    split: Split  # kind "linear": weights (attribute order, unit L2 norm) and threshold
    gini_index: float  # weighted Gini of the two branches (Zhou eq. 4.6 on the known rows)
    gini_gain: float  # ρ·(Gini(D̃) − Gini_index): what the rule ranks by, as for CART
    rho: float  # share of the node's weight known in every attribute of the test
    shares: np.ndarray  # r̃ of the two branches: where a row with an unknown value goes
    axis: dict = field(default_factory=dict)  # the best single-attribute split it was set against
    wins: bool = False  # strictly better than that split: the node's test
    tied: bool = False  # as good as that split, within the tie tolerance: the split stays
    # (("start", "fisher" | "axis"), ("passes", k), and the start's classes, first_class and
    # second_class (and tied_classes: those as heavy as the second, left out), or the
    # attribute it went `along`): how it was found
    learner: tuple = ()

    @property
    def weights(self) -> tuple[tuple[str, float], ...]:
        return self.split.weights

    @property
    def threshold(self) -> float:
        return float(self.split.threshold)

    def route(self, enc: Encoded, rows: np.ndarray) -> np.ndarray:
        """Branch of each row (0: Σ wᵢ·aᵢ ≤ t, 1: above, -1: an attribute unknown)."""
        return self.split.route(_columns(enc, rows, dict(self.weights)), _by_name(enc))

    def decision_facts(self) -> dict:
        """The decision's fields (trace.Decision): the test and the split it beat where it
        won; else the candidate that lost, so a student sees both sides at every node."""
        if self.wins:
            return {"weights": self.weights, "linear_impurity": self.gini_index,
                    "linear_gain": self.gini_gain, "axis_best": tuple(self.axis.items()),
                    "linear_learner": self.learner}
        # its name and t's digits as written(): the weights and t that send each row of the
        # node where the test does (the display's decimals sent some to the other side)
        written = (("name", self.split.attribute),
                   *((("threshold_digits", self.split.threshold_digits),)
                     if self.split.threshold_digits else ()))
        # a tie is said as one (the single attribute kept as the simpler test), not as a loss
        tied = (("tied", True),) if self.tied else ()
        return {"linear_candidate": (("weights", self.weights), ("threshold", self.threshold),
                                     ("gini_index", self.gini_index),
                                     ("gini_gain", self.gini_gain), ("learner", self.learner),
                                     *written, *tied)}


# --------------------------------------------------------------------- the learner


def learn_linear_test(enc: Encoded, rows: np.ndarray, weight: np.ndarray, attributes: list[int],
                min_branch_weight: float | None = None) -> LinearTest | None:
    """The linear test of one node's entries (rows, weights) over continuous attributes
    `attributes` (indices), or None when there is no proper one: fewer than two attributes,
    no start, or only tests that use one attribute (single-attribute splits, already in the
    score table).

    Of the refined tests of the two starts (`candidates`) that use two attributes or more,
    the one with the larger Gini gain; Fisher's on a tie."""
    best = None
    for _, _, test in candidates(enc, rows, weight, attributes, min_branch_weight):
        if len(test.weights) < 2:
            continue
        if best is None or not is_tied(np.float64(best.gini_gain), np.float64(test.gini_gain)):
            best = test
    return None if best is None else written(best, enc, rows)


def written(test: LinearTest, enc: Encoded, rows: np.ndarray) -> LinearTest:
    """The test named with its weights to NAME_DIGITS decimals, or more where those send a
    row of the node to the other side, and t to the digits that keep it between the two
    sides' projections (threshold_digits): worked by hand on the rows, the written test sends
    each where the tree does (-0.078·密度 - 0.997·含糖率 <= -0.110573 sent 编号 13 of
    watermelon 3.0α left, the tree right, at -0.110355)."""
    form = written_form(test.weights, test.threshold, _columns(enc, rows, dict(test.weights)))
    if form is None:
        return test
    name, digits = form
    return replace(test, split=replace(test.split, attribute=name, threshold_digits=digits))


def written_form(weights, threshold: float,
                 columns: Mapping[str, np.ndarray]) -> tuple[str, int | None] | None:
    """(name, threshold digits) of the linear test Σ wᵢ·aᵢ ≤ t as `written` writes it for
    these rows (columns: each attribute's values at them): the fewest decimals, from
    NAME_DIGITS, at which the weights, against t as written, send every known row to the side
    the exact test does. None where the rows are all on one side (nothing to keep apart).
    The one search: the tree's name is found on a node's rows, a sample's path adds the
    sample's row to them (FittedTrace.written_path)."""
    z = linear_combination(columns, weights)
    known = ~np.isnan(z)
    left = z[known] <= threshold
    if left.all() or not left.any():
        return None
    needed = threshold_digits(np.array([threshold]), np.array([z[known][left].max()]),
                              np.array([z[known][~left].min()]))
    digits = None if needed is None else int(needed[0]) or None
    shown_t = float(threshold_text(threshold, digits))
    decimals = next((k for k in range(NAME_DIGITS, MOST_DECIMALS)
                     if _same_sides(columns, weights, k, known, shown_t, left)),
                    MOST_DECIMALS)
    return linear_text(weights, decimals), digits


def _same_sides(columns, weights, decimals: int, known: np.ndarray, shown_t: float,
                left: np.ndarray) -> bool:
    """Do the weights written to these decimals, against t as written, send every known row
    to the side the exact test does?"""
    shown = tuple((name, float(f"{w:.{decimals}f}")) for name, w in weights)
    return bool(np.array_equal(linear_combination(columns, shown)[known] <= shown_t, left))


def candidates(enc: Encoded, rows: np.ndarray, weight: np.ndarray, attributes: list[int],
               min_branch_weight: float | None = None) -> list[tuple[str, LinearTest,
                                                                     LinearTest]]:
    """(start, the start's test, its refined test) for each start: Fisher's LDA direction,
    then the unit vector of the attribute whose own cut has the largest Gini gain, each cut
    at its best midpoint (best_cut) and refined by OC1's coordinate perturbation (`refine`)
    on the rows known in every attribute. The refined test is the start's own where
    refining moved nothing or did not beat it, so its gain is never below the start's."""
    if len(attributes) < 2:
        return []
    names = [enc.attributes[j].name for j in attributes]
    X = np.stack([enc.columns[j][rows] for j in attributes], axis=1)
    known = ~np.isnan(X).any(axis=1)
    X, y, w = X[known], enc.y[rows][known], weight[known]
    cut = _Cutter(enc, rows, weight, min_branch_weight)
    # values near the largest float overflow in sums and products; what overflows is met
    # where it matters (a direction that is not finite is none: fisher_direction), and
    # numpy's warnings of it would only reach a command-line user's console
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        return _candidates(enc, names, X, y, w, cut, min_branch_weight)


def _candidates(enc: Encoded, names: list[str], X: np.ndarray, y: np.ndarray, w: np.ndarray,
                cut, min_branch_weight) -> list[tuple[str, LinearTest, LinearTest]]:
    found = []
    for start, direction, about in _starts(X, y, w, len(enc.classes),
                                           float(min_branch_weight or 0.0)):
        begun = cut(names, direction)
        if begun is not None:
            refined, passes = _refined(cut, begun, direction, names, X, y, w,
                                       len(enc.classes))
            named = _fisher_named(enc, y, w, about) if start == "fisher" \
                else (("along", names[about]),)
            found.append((start, begun, replace(
                refined, learner=(("start", start), ("passes", passes), *named))))
    return found


def _fisher_named(enc: Encoded, y: np.ndarray, w: np.ndarray, about) -> tuple:
    """The learner's facts of Fisher's start: its two classes, and the classes left out that
    weigh as much as the lighter of the two (`tied_classes`, and that one, `tied_with`: both
    absent unless some are), so a three-way tie is not said as "the two heaviest classes"."""
    named = (("first_class", str(enc.classes[about[0]])),
             ("second_class", str(enc.classes[about[1]])))
    left_out, lighter = fisher_ties(y, w, len(enc.classes), about)
    if left_out:
        named += (("tied_classes", tuple(str(enc.classes[c]) for c in left_out)),
                  ("tied_with", str(enc.classes[lighter])))
    return named


@dataclass(frozen=True)
class _Cutter:
    """best_cut at one node: the test along a direction (zero weights dropped)."""

    enc: Encoded
    rows: np.ndarray
    weight: np.ndarray
    min_branch_weight: float | None

    def __call__(self, names, direction) -> LinearTest | None:
        weights = tuple((a, float(w)) for a, w in zip(names, direction.tolist(), strict=True)
                        if w != 0.0)
        if not weights:
            return None
        return best_cut(self.enc, self.rows, self.weight, weights, self.min_branch_weight)


def _starts(X, y, w, n_classes, min_side: float):
    """(name, direction, about) of the learner's starts: Fisher's LDA direction (about: the
    two classes it separates, the heaviest on these rows), and the unit vector of the
    attribute whose best cut on these rows has the lowest Gini index (about: its column; the
    first on a tie; on rows without unknown values that is CART's best continuous
    attribute)."""
    starts = []
    direction = fisher_direction(X, y, w, n_classes)
    if direction is not None:
        starts.append(("fisher", direction, fisher_classes(y, w, n_classes)))
    classes = _class_weights(y, w, n_classes)
    ones = np.ones(len(X))
    best, lowest = None, np.inf
    for m in range(X.shape[1]):  # the threshold of aₘ = 1 moved over the column's values
        found = perturb(X[:, m], ones, 0.0, classes, min_side)
        if found is not None and _lower(found[1], lowest):
            best, lowest = m, found[1]
    if best is not None:
        starts.append(("axis", np.eye(X.shape[1])[best], best))
    return starts


def _refined(cut: _Cutter, begun: LinearTest, direction: np.ndarray, names, X, y, w,
             n_classes) -> tuple[LinearTest, int]:
    """(test, passes): the start's test refined by `refine` on the rows X (scaled to [0, 1]
    per attribute), its weights brought back to the attributes' own scale (unit L2 norm)
    and cut again by best_cut, so t is a midpoint of the projection; the start's own test
    (0 passes) where refining moved nothing or did not beat it."""
    lo, span = _frame(X)
    if span is None:
        return begun, 0
    a = direction * span  # Σ wᵢ·xᵢ − t = Σ (wᵢ·spanᵢ)·zᵢ + (Σ wᵢ·loᵢ − t)
    b = _sum_of(direction * lo) - begun.threshold
    scale = max(float(np.abs(a).max()), abs(b))  # a > 0 multiple: the same test
    if not np.isfinite(scale) or scale == 0:
        return begun, 0
    a, b, passes = refine((X - lo) / span, y, w, n_classes, a / scale, b / scale,
                          float(cut.min_branch_weight or 0.0))
    if not passes:
        return begun, 0
    moved = cut(names, _unit(a / span))
    if moved is None or not moved.gini_gain > begun.gini_gain:
        return begun, 0
    return moved, passes


def _frame(X: np.ndarray):
    """(min, range) of each column: the refinement works on (x − min)/range in [0, 1] (exact
    and order-free, so both growers get the same bits); a constant column's range is 1.
    (None, None) where a range overflows."""
    if not len(X):
        return None, None
    lo, hi = X.min(axis=0), X.max(axis=0)
    with np.errstate(over="ignore", invalid="ignore"):
        span = hi - lo
    if not np.isfinite(span).all():
        return None, None
    return lo, np.where(span > 0, span, 1.0)


def _sum_of(v: np.ndarray) -> float:
    return float(_in_order(v[:, None])[0])


def _unit(v: np.ndarray) -> np.ndarray:
    norm = float(np.sqrt(_sum_of(v * v)))
    return v / norm if np.isfinite(norm) and norm > 0 else v


# --------------------------------------------------------------------- OC1's refinement


def refine(Z: np.ndarray, y: np.ndarray, w: np.ndarray, n_classes: int, a: np.ndarray,
           b: float, min_side: float = 0.0) -> tuple[np.ndarray, float, int]:
    """OC1's deterministic coordinate perturbation (Murthy, Kasif & Salzberg 1994) of the
    hyperplane Σ aₘ·zₘ + b ≤ 0 over rows Z (weights w, classes y): for each coefficient in
    turn, a₁ … a_d then b, move it to the best value by the Gini index (`perturb`) where that
    is strictly lower. Passes repeat until one changes nothing, at most MAX_PASSES.
    Returns (a, b, the number of passes that changed the hyperplane)."""
    a = np.array(a, dtype=float)
    classes = _class_weights(y, w, n_classes)
    ones = np.ones(len(Z))
    values = _plane(Z, a, b)
    current = _gini_index(values <= 0, classes, min_side)
    passes = 0
    for _ in range(MAX_PASSES):
        improved = False
        for m in range(len(a) + 1):
            column, coef = (Z[:, m], a[m]) if m < len(a) else (ones, b)
            found = perturb(values, column, coef, classes, min_side)
            if found is None or not _lower(found[1], current):
                continue
            trial_a, trial_b = a.copy(), b
            if m < len(a):
                trial_a[m] = found[0]
            else:
                trial_b = found[0]
            trial = _plane(Z, trial_a, trial_b)
            actual = _gini_index(trial <= 0, classes, min_side)  # rounding may move a row
            if _lower(actual, current):
                a, b, values, current, improved = trial_a, trial_b, trial, actual, True
        if not improved:
            break
        passes += 1
    return a, b, passes


def perturb(values: np.ndarray, column: np.ndarray, coef: float, classes: np.ndarray,
            min_side: float = 0.0) -> tuple[float, float] | None:
    """(value, Gini_index) of the best coefficient for one column of a hyperplane whose rows
    stand at `values` (Σ aᵢ·zᵢ + b) with the coefficient at `coef`: the value that puts row
    j on the plane is Uⱼ = coef − Vⱼ/zⱼ; the candidates are the midpoints of adjacent
    distinct Uⱼ, each scored by the Gini index of the two sides at once (sorted U, running
    class weights). The first best on a tie; None where there is no candidate.

    With the coefficient at u, row j (zⱼ > 0) is on the ≤ side iff u ≤ Uⱼ, (zⱼ < 0) iff
    u ≥ Uⱼ; a row with zⱼ = 0 keeps its side."""
    moves = column != 0
    U = coef - values[moves] / column[moves]
    order = np.argsort(U, kind="stable")
    U = U[order]
    step = np.flatnonzero(U[:-1] < U[1:])
    if not len(step):
        return None
    weights = classes[moves][order]
    rising = (column[moves] > 0)[order]
    fixed_left = fixed_right = 0.0
    if not moves.all():
        fixed, at = classes[~moves], values[~moves]
        fixed_left, fixed_right = _in_order(fixed[at <= 0]), _in_order(fixed[at > 0])
    n_classes = weights.shape[1]
    # running class weights of the rising rows (the first n_classes columns) and the falling
    running = np.cumsum(np.concatenate([weights * rising[:, None], weights * ~rising[:, None]],
                                       axis=1), axis=0)
    up_to_rising, up_to_falling = running[:, :n_classes], running[:, n_classes:]
    # Coefficient between U[k] and U[k+1]: the rising rows after k and the falling rows up to
    # k are on the ≤ side.
    left = fixed_left + (up_to_rising[-1] - up_to_rising[step]) + up_to_falling[step]
    right = fixed_right + up_to_rising[step] + (up_to_falling[-1] - up_to_falling[step])
    impurity = _gini_of_sides(left, right, min_side)
    if not np.isfinite(impurity).any():
        return None
    k = int(np.argmin(np.where(np.isfinite(impurity), impurity, np.inf)))
    # a coefficient between U[k] and U[k+1]; refine scores each plane by how it routes
    return float(midpoint(U[step[k]], U[step[k] + 1])), float(impurity[k])


def _gini_of_sides(left: np.ndarray, right: np.ndarray, min_side: float) -> np.ndarray:
    """Gini_index (Zhou eq. 4.6) of each pair of sides (rows of class weights); inf where a
    side is empty or lighter than min_side."""
    lw, rw = left.sum(axis=1), right.sum(axis=1)
    valid = (lw > 0) & (rw > 0) & (lw >= min_side) & (rw >= min_side)
    with np.errstate(divide="ignore", invalid="ignore"):
        kw = lw + rw
        impurity = (kw - (left ** 2).sum(axis=1) / lw - (right ** 2).sum(axis=1) / rw) / kw
    return np.where(valid, impurity, np.inf)


def _gini_index(on_left: np.ndarray, classes: np.ndarray, min_side: float) -> float:
    """Gini_index of one partition of the rows (inf where it is no proper split)."""
    left, right = _in_order(classes[on_left]), _in_order(classes[~on_left])
    return float(_gini_of_sides(left[None, :], right[None, :], min_side)[0])


def _lower(new: float, current: float) -> bool:
    """Strictly lower beyond the tie tolerance (so rounding cannot make the passes cycle)."""
    if not np.isfinite(new):
        return False
    return not np.isfinite(current) or new < current - tie_margin(current)


def _class_weights(y: np.ndarray, w: np.ndarray, n_classes: int) -> np.ndarray:
    """(n, C): each row's weight in its class's column."""
    out = np.zeros((len(y), n_classes))
    out[np.arange(len(y)), y] = w
    return out


def _plane(Z: np.ndarray, a: np.ndarray, b: float) -> np.ndarray:
    """Σ aₘ·zₘ + b, a column at a time (elementwise, so the same bits whoever asks)."""
    values = np.full(len(Z), float(b))
    for m, coef in enumerate(a.tolist()):
        if coef != 0.0:
            values += coef * Z[:, m]
    return values


def fisher_classes(y: np.ndarray, w: np.ndarray, n_classes: int) -> tuple[int, int] | None:
    """The two heaviest classes of these rows, in the data's class order (the first on a
    tie); None when there are not two."""
    class_weight = np.bincount(y, w, n_classes)
    heavy = np.argsort(-class_weight, kind="stable")[:2]
    if len(heavy) < 2 or class_weight[heavy[1]] <= 0:
        return None
    first, second = np.sort(heavy).tolist()
    return first, second


def fisher_ties(y: np.ndarray, w: np.ndarray, n_classes: int,
                chosen: tuple[int, int]) -> tuple[list[int], int]:
    """(the classes fisher_classes left out that weigh exactly as much as the lighter of the
    two it took, in the data's class order (the order of the data broke the tie); that
    lighter one, which may be the first in the data: A×5, B×10, C×5 takes A and B)."""
    class_weight = np.bincount(y, w, n_classes)
    lighter = min(chosen, key=lambda c: class_weight[c])
    return [c for c in np.flatnonzero(class_weight == class_weight[lighter]).tolist()
            if c not in chosen], lighter


def fisher_direction(X: np.ndarray, y: np.ndarray, w: np.ndarray,
                     n_classes: int) -> np.ndarray | None:
    """Fisher's LDA direction S_w⁻¹(μ₁ − μ₀) for the two heaviest classes, scaled to unit
    length, pointing from the class first in the data's class order (μ₀, the ≤ side) to the
    other. The scatter is standardised by each attribute's within-class spread (its overall
    spread where that is zero) and ridged by RIDGE, so a singular one still gives a
    direction. None when two classes or a direction are missing."""
    classes = fisher_classes(y, w, n_classes)
    if classes is None:
        return None
    first, second = classes
    d = X.shape[1]
    means, scatter = [], np.zeros((d, d))
    for c in (first, second):
        Xc, wc = X[y == c], w[y == c]
        mean = _in_order(Xc * wc[:, None]) / _in_order(wc[:, None])
        scatter += _scatter(Xc - mean, wc)
        means.append(mean)
    spread = np.sqrt(np.diag(scatter))
    overall = _spread_about_mean(X[(y == first) | (y == second)],
                                 w[(y == first) | (y == second)])
    scale = np.where(spread > 0, spread, overall)
    if not (scale > 0).any():
        return None
    scale = np.where(scale > 0, scale, np.inf)  # an attribute constant here gets weight 0
    standard = scatter / np.outer(scale, scale)
    np.nan_to_num(standard, copy=False, nan=0.0)
    standard += RIDGE * np.eye(len(scale))
    if not np.isfinite(standard).all():  # overflowing values: no direction to trust
        return None
    v = np.linalg.solve(standard, (means[1] - means[0]) / scale) / scale
    norm = float(np.sqrt(_in_order((v * v)[:, None])[0]))
    if not np.isfinite(norm) or norm == 0:
        return None
    return v / norm


def _spread_about_mean(X: np.ndarray, w: np.ndarray) -> np.ndarray:
    """√Σ w·(x − μ)² of each column: an attribute's spread over both classes together."""
    mean = _in_order(X * w[:, None]) / _in_order(w[:, None])
    return np.sqrt(_in_order((X - mean) ** 2 * w[:, None]))


def _scatter(centred: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Σ w·(x − μ)(x − μ)ᵀ over the rows, a block of rows at a time (bounded memory)."""
    n, d = centred.shape
    total = np.zeros((d, d))
    step = max(1, BLOCK // max(d * d, 1))
    for start in range(0, n, step):
        block = centred[start:start + step]
        products = (block * w[start:start + step, None])[:, :, None] * block[:, None, :]
        total += _in_order(products.reshape(len(block), d * d)).reshape(d, d)
    return total


def _in_order(a: np.ndarray) -> np.ndarray:
    """Column sums of a 2-D array, each added row by row in input order (a running sum, not
    numpy's pairwise sum, whose result may vary with memory alignment), a block of rows at
    a time: the same bits for the same rows, whichever grower asks."""
    total = np.zeros(a.shape[1])
    step = max(1, BLOCK // max(a.shape[1], 1))
    for start in range(0, len(a), step):
        total += np.cumsum(a[start:start + step], axis=0)[-1]
    return total


def best_cut(enc: Encoded, rows: np.ndarray, weight: np.ndarray, weights, min_branch_weight):
    """The test Σ wᵢ·aᵢ ≤ t at the projection's best midpoint by the Gini index: CART's
    scorer of a continuous attribute, run on the projection as if it were one."""
    z = linear_combination(_columns(enc, rows, dict(weights)), weights)
    projected = Encoded((Attribute("Σ", "continuous"),), (z,), enc.y[rows], enc.classes,
                        weight)
    batch = Batch(np.arange(len(rows)), weight, np.zeros(len(rows), dtype=np.int64), 1)
    with growing():  # the cut and its scores only: no curve, no Gain (the same bits)
        scores = score_continuous(projected, 0, batch, True, 2, min_branch_weight or 0)
    threshold = float(scores.threshold[0])
    if np.isnan(threshold):
        return None
    known = scores.branch_counts[0].sum(axis=-1)
    shares = known / known.sum() if known.sum() > 0 else np.full(2, 0.5)
    split = Split("linear", linear_text(weights, NAME_DIGITS), threshold=threshold,
                  weights=weights)
    return LinearTest(split, float(scores.scores["gini_index"][0]),
                      float(scores.scores["gini_gain"][0]), float(scores.scores["rho"][0]),
                      shares)


def _columns(enc: Encoded, rows: np.ndarray, names) -> dict[str, np.ndarray]:
    """The named attributes' columns at these rows (what a linear test reads)."""
    return {a.name: enc.columns[j][rows] for j, a in enumerate(enc.attributes)
            if a.name in names}


def _by_name(enc: Encoded) -> dict[str, Attribute]:
    return {a.name: a for a in enc.attributes}


# --------------------------------------------------------------------- the contest


def contest(enc: Encoded, options, batch: Batch, level, winner: np.ndarray,
            forced) -> dict[int, LinearTest]:
    """The linear test learned at each node of a scored batch (index → test), set against
    the node's best single-attribute split, for an algorithm with a linear learner (else none).

    A node forced to an attribute keeps it (and learns none). The linear test wins only by a
    larger ρ-weighted Gini gain beyond the tie tolerance; a tie keeps the single attribute,
    the simpler test.
    """
    algorithm = level.algorithm  # the record the depth was scored for (options.rules)
    if algorithm.linear is None:
        return {}
    table = level.table()
    continuous = ~enc.nominal
    entries_of = node_entries(batch.node, batch.n_nodes)
    tests = {}
    for i in range(batch.n_nodes):
        attributes = np.flatnonzero(level.candidate[i] & continuous).tolist()
        if forced[i] or len(attributes) < 2:
            continue
        entries = entries_of(i)
        test = algorithm.linear(enc, batch.rows[entries], batch.weight[entries], attributes,
                                options.min_branch_weight)
        if test is None:
            continue
        j = int(winner[i])
        axis = {} if j < 0 else {"attribute": enc.attributes[j].name,
                                 "gini_index": float(table["gini_index"][i, j]),
                                 "gini_gain": float(table["gini_gain"][i, j])}
        wins = not axis or not bool(is_tied(np.float64(axis["gini_gain"]),
                                            np.float64(test.gini_gain)))
        tied = not wins and bool(is_tied(np.float64(test.gini_gain),
                                         np.float64(axis["gini_gain"])))
        tests[i] = replace(test, axis=axis, wins=wins, tied=tied)
    return tests


def with_axis_ties(tests: dict[int, LinearTest], tied: np.ndarray,
                   names: list[str]) -> dict[int, LinearTest]:
    """The tests, each winning one with the single attributes tied with the one it beat
    named in its axis (`ties`; tied: the depth's choice.tied, a row per node): the
    decision's own `ties` leave them out, a linear test having no one attribute to tie with,
    and a tie among the single attributes is not hidden."""
    named = {}
    for i, test in winning(tests).items():
        rivals = tuple(names[j] for j in np.flatnonzero(tied[i]).tolist()
                       if names[j] != test.axis.get("attribute"))
        if rivals:  # absent unless tied, so other traces are unchanged
            named[i] = replace(test, axis={**test.axis, "ties": rivals})
    return {**tests, **named}


def winning(tests: dict[int, LinearTest]) -> dict[int, LinearTest]:
    """The nodes whose linear test won (their test is the linear one)."""
    # most trees try none: no comprehension to run at each of their depths (three a depth)
    return {i: test for i, test in tests.items() if test.wins} if tests else {}


def linear_wins(winner: np.ndarray, tests: dict[int, LinearTest]) -> np.ndarray:
    """The nodes' winning attributes, -1 where a linear test won (it splits on no one attribute)."""
    won = list(winning(tests))
    if not won:
        return winner
    winner = winner.copy()
    winner[won] = -1
    return winner


def node_entries(node: np.ndarray, n_nodes: int):
    """i -> the positions of node i's entries, in their order: one stable sort, not a scan of
    every entry per node."""
    order = np.argsort(node, kind="stable")
    ends = np.cumsum(np.bincount(node, None, n_nodes)).astype(np.int64)
    starts = ends - np.bincount(node, None, n_nodes)
    return lambda i: order[starts[i]:ends[i]]
