"""LaTeX for Zhou's formulas with the trace's numbers plugged in (rounded for display only).

Every result on the right-hand side is the number recorded in the trace, never recomputed here;
the plugged-in terms are the trace's counts, weights and branch impurities, written so they
evaluate to the result shown (dtree_core.plugged: 0.9975 − (…) = 0.108 at watermelon 2.0's
root, where three decimals would add up to the book's 0.109).
"""

from __future__ import annotations

from collections.abc import Callable

from dtree_core import notation as notations
from dtree_core import plugged
from dtree_core.escape import escape_latex
from dtree_core.notation import Notation
from dtree_core.plugged import TFRAC, Term
from dtree_core.split import record_threshold_text

ZHOU = notations.get("zhou")  # each formula's symbols: Zhou's or Li Hang's (dtree_core.notation)


class LatexLine(str):
    """A formula's LaTeX; `places` is the decimals its terms are written to (≥ the result's)."""

    places: int

    def __new__(cls, latex: str, places: int) -> LatexLine:
        line = super().__new__(cls, latex)
        line.places = places
        return line


def _frac(part: float, whole: float, places: int) -> Term:
    return plugged.frac(part, whole, places, TFRAC)


def _shares(weights: list[float], places: int) -> list[Term]:
    return plugged.shares(weights, places, TFRAC)


def _text(name: str) -> str:
    return rf"\text{{{escape_latex(str(name))}}}"


def _fixed(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def _plugged(left: str, terms: Callable[[int], Term], result: float,
             decimals: int) -> LatexLine:
    """`left = terms = result`: the terms written at the fewest places whose written numbers
    evaluate to the result shown (plugged.fewest_places)."""
    written, places = plugged.fewest_places(terms, lambda term: term.value, result, decimals)
    return LatexLine(rf"{left} = {written.latex} = {_fixed(result, decimals)}", places)


def _entropy_of(weights: list[float]) -> Callable[[int], Term]:
    return lambda places: plugged.entropy_sum(_shares(weights, places))


def _weighted_sum(score: dict, field: str) -> Callable[[int], Term]:
    """Σ_v |D̃^v|/|D̃| · field(D̃^v), term by term."""
    return lambda places: plugged.weighted_sum(score, field, places, TFRAC)


def entropy_latex(counts: list[float], result: float, decimals: int, name: str = "D",
                  names: Notation = ZHOU) -> LatexLine:
    """Ent(D) = -Σ p_k log2 p_k (Zhou eq. 4.1), or Li Hang's H(D) = −Σ |Cₖ|/|D| log₂ |Cₖ|/|D|
    (eq. 5.7)."""
    left = names.latex("entropy", name)
    if not any(c > 0 for c in counts):
        return _empty(left, name, result, decimals)
    share = names.class_share.latex
    return _plugged(rf"{left} = -\sum_{{k}} {share} \log_2 {share}", _entropy_of(counts),
                    result, decimals)


def gini_latex(counts: list[float], result: float, decimals: int, name: str = "D",
               names: Notation = ZHOU, share: str | None = None) -> LatexLine:
    """Gini(D) = 1 - Σ p_k² (Zhou eq. 4.5), or Li Hang's 1 − Σ (|Cₖ|/|D|)² (eq. 5.24)."""
    left = rf"\mathrm{{Gini}}({name})"
    if not any(c > 0 for c in counts):
        return _empty(left, name, result, decimals)
    squared = rf"{share}^2" if share else names.class_share_squared.latex
    return _plugged(rf"{left} = 1 - \sum_{{k}} {squared}",
                    lambda places: plugged.squares_sum(_shares(counts, places)), result, decimals)


def _empty(left: str, name: str, result: float, decimals: int) -> LatexLine:
    """An empty set's impurity: no p_k to sum (1 − 0 would be 1), 0 by the convention the
    core counts with."""
    return LatexLine(rf"{left} = {_fixed(result, decimals)} \quad (|{name}| = 0)", decimals)


def gain_latex(score: dict, decimals: int, names: Notation = ZHOU) -> LatexLine:
    """Gain(D,a) = ρ·(Ent(D̃) - Σ r̃_v Ent(D̃^v)) (Zhou eqs. 4.2 and 4.12), or Li Hang's
    g(D,A) = H(D) − H(D|A) (eq. 5.8); ρ as a decimal (ρ = 1 would read 15/15)."""
    a = _text(score["attribute"])
    ent, gain = names.generic_entropy.latex, names.latex("gain", "D", a)
    v, dv, known_dv = names.index, names.subset_latex("D"), names.subset_latex(r"\tilde D")
    left = (rf"{gain} = {ent}(D) - \sum_{v} \tfrac{{|{dv}|}}{{|D|}}{ent}({dv})"
            if score["rho"] >= 1 else
            rf"{gain} = \rho \times \left({ent}(\tilde D) - \sum_{v} \tilde r_{v}"
            rf" {ent}({known_dv})\right)")
    return _plugged(left, lambda places: plugged.gain_terms(score, places, TFRAC, None),
                    score["gain"], decimals)


def conditional_entropy_latex(score: dict, decimals: int, names: Notation) -> LatexLine:
    """Li Hang's H(D|A) = Σᵢ |Dᵢ|/|D|·H(Dᵢ) (eq. 5.8), the trace's own number."""
    d = "D" if score["rho"] >= 1 else r"\tilde D"  # on the known rows (Zhou §4.4.2)
    ent, dv = names.generic_entropy.latex, names.subset_latex(d)
    left = (rf"{names.latex('conditional_entropy', d, _text(score['attribute']))}"
            rf" = \sum_{names.index} \tfrac{{|{dv}|}}{{|{d}|}}{ent}({dv})")
    return _plugged(left, _weighted_sum(score, "entropy"), notations.conditional_entropy(score),
                    decimals)


def iv_latex(score: dict, node_weight: float, decimals: int,
             names: Notation = ZHOU) -> LatexLine:
    """IV(a) = -Σ |D^v|/|D| log2 |D^v|/|D| (Zhou eq. 4.4); unknown values count as one more
    branch (Quinlan's C4.5), so the shares are of the node's whole weight."""
    weights = plugged.known_weights(score)
    unknown = node_weight - sum(weights) if score["rho"] < 1 else 0.0
    parts = weights + ([unknown] if unknown > 1e-12 else [])
    a, dv = _text(score["attribute"]), names.subset_latex("D")
    left = (rf"{names.latex('iv', 'D', a)} = -\sum_{names.index} \tfrac{{|{dv}|}}{{|D|}}"
            rf"\log_2\tfrac{{|{dv}|}}{{|D|}}")
    return _plugged(left, _entropy_of(parts), score["iv"], decimals)


def gain_ratio_latex(score: dict, decimals: int, names: Notation = ZHOU) -> LatexLine:
    """Gain_ratio(D,a) = Gain(D,a) / IV(a) (Zhou eq. 4.3), or g_R(D,A) = g(D,A) / H_A(D).
    An attribute with one value has IV(a) = 0, and its ratio is taken as 0 (criteria.py)."""
    a = _text(score["attribute"])
    iv = names.latex("iv", "D", a)
    left = (rf"{names.latex('gain_ratio', 'D', a)}"
            rf" = \frac{{{names.latex('gain', 'D', a)}}}{{{iv}}}")
    if score["iv"] <= 0:
        return LatexLine(rf"{left} = {_fixed(score['gain_ratio'], decimals)} \quad ({iv} = 0)",
                         decimals)
    return _plugged(left, lambda places: plugged.ratio_terms(score, places),
                    score["gain_ratio"], decimals)


def gini_index_latex(score: dict, decimals: int, names: Notation = ZHOU) -> LatexLine:
    """Gini_index(D,a) = Σ |D^v|/|D| Gini(D^v) (Zhou eq. 4.6), on the known rows."""
    a = _text(score["attribute"])
    d = "D" if score["rho"] >= 1 else r"\tilde D"  # on the known rows (Zhou §4.4.2)
    dv = names.subset_latex(d)
    left = (rf"{names.latex('gini_index', d, a)} = \sum_{names.index} \tfrac{{|{dv}|}}{{|{d}|}}"
            rf"\mathrm{{Gini}}({dv})")
    return _plugged(left, _weighted_sum(score, "gini"), score["gini_index"], decimals)


# --------------------------------------------------------------------- missing values (§4.4.2)


def known_counts(score: dict, classes: list) -> list[float]:
    """Σ_{x∈D̃_k} w_x: each class's weight among the rows whose value of a is known."""
    return [sum(b["class_counts"].get(c, 0) for b in score["branches"]) for c in classes]


def rho_latex(score: dict, node_weight: float, decimals: int) -> LatexLine:
    """ρ = Σ_{x∈D̃} w_x / Σ_{x∈D} w_x (Zhou eq. 4.9)."""
    known = sum(plugged.known_weights(score))
    return _plugged(r"\rho = \frac{\sum_{x \in \tilde D} w_x}{\sum_{x \in D} w_x}",
                    lambda places: _frac(known, node_weight, places), score["rho"], decimals)


def known_shares_latex(score: dict, classes: list, decimals: int) -> str:
    """p̃_k = Σ_{x∈D̃_k} w_x / Σ_{x∈D̃} w_x (Zhou eq. 4.10), one per class."""
    counts = known_counts(score, classes)
    known = sum(counts)
    shares = ",\\; ".join(
        rf"\tilde p_{{{_text(c)}}} = {_frac(w, known, decimals).latex}"
        for c, w in zip(classes, counts, strict=True))
    return (rf"\tilde p_k = \frac{{\sum_{{x \in \tilde D_k}} w_x}}{{\sum_{{x \in \tilde D}} w_x}}"
            rf":\; {shares}")


def known_entropy_latex(score: dict, classes: list, decimals: int,
                        names: Notation = ZHOU) -> LatexLine:
    """Ent(D̃) = -Σ p̃_k log2 p̃_k (Zhou eq. 4.12's first term)."""
    known = names.latex("entropy", r"\tilde D")
    return _plugged(rf"{known} = -\sum_{{k}} \tilde p_k \log_2 \tilde p_k",
                    _entropy_of(known_counts(score, classes)), score["entropy_known"], decimals)


def known_gini_latex(score: dict, classes: list, decimals: int) -> LatexLine:
    """Gini(D̃) = 1 - Σ p̃_k² on the rows whose value is known."""
    counts = known_counts(score, classes)
    return gini_latex(counts, score["gini_known"], decimals, name=r"\tilde D",
                      share=r"\tilde p_k")


def gini_gain_latex(score: dict, decimals: int, names: Notation = ZHOU) -> LatexLine:
    """CART's criterion: ρ·(Gini(D̃) − Gini_index(D̃, a)), the largest wins (ρ = 1 without
    missing values, where it is the smallest Gini_index); Li Hang's Gini(D̃, A) for his."""
    known_index = names.latex("gini_index", r"\tilde D", _text(score["attribute"]))
    return _plugged(rf"\rho \times \left(\mathrm{{Gini}}(\tilde D) - {known_index}\right)",
                    lambda places: plugged.gini_gain_terms(score, places, None),
                    score["gini_gain"], decimals)


# --------------------------------------------------------------------- continuous values (§4.4.1)


def threshold_latex(score: dict, threshold_by: str, decimals: int, names: Notation = ZHOU,
                    forced: bool = False) -> LatexLine:
    """Gain(D,a) = max_{t∈T_a} Gain(D,a,t) = Gain(D,a,t*) (Zhou eq. 4.8; T_a the midpoints of
    eq. 4.7): the cut a continuous attribute is scored at; the smallest Gini_index for an
    algorithm that cuts by it (CART). A forced cut is no rule's pick: no max is written."""
    a = _text(score["attribute"])
    cut = record_threshold_text(score)
    # Gain is of all of D (ρ × …); the Gini index is on the rows whose value is known
    d = r"\tilde D" if threshold_by == "gini_index" and score.get("rho", 1) < 1 else "D"
    at = [] if forced else [rf"\{'max' if threshold_by == 'gain' else 'min'}_{{t \in T_{{{a}}}}}"
                            rf" {names.latex(threshold_by, d, f'{a}, t')}"]
    return LatexLine(" = ".join([names.latex(threshold_by, d, a), *at,
                                 names.latex(threshold_by, d, f"{a}, {cut}"),
                                 _fixed(score[threshold_by], decimals)]), decimals)
