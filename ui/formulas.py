"""LaTeX for Zhou's formulas with the trace's numbers plugged in (rounded for display only).

Every result on the right-hand side is the number recorded in the trace, never recomputed here;
the plugged-in terms are the trace's counts, weights and branch impurities.
"""

from __future__ import annotations

from dtree_core import notation as notations
from dtree_core.escape import escape_latex
from dtree_core.labels import format_number
from dtree_core.notation import Notation

ZHOU = notations.get("zhou")  # each formula's symbols: Zhou's or Li Hang's (dtree_core.notation)


def _frac(part: float, whole: float, decimals: int) -> str:
    return rf"\tfrac{{{format_number(part, decimals)}}}{{{format_number(whole, decimals)}}}"


def _text(name: str) -> str:
    return rf"\text{{{escape_latex(str(name))}}}"


def _fixed(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def _shares(weights: list[float], total: float, decimals: int) -> list[tuple[str, float]]:
    """Nonzero shares as (LaTeX fraction, weight): 0·log 0 = 0 terms are left out."""
    return [(_frac(w, total, decimals), w) for w in weights if w > 0]


def entropy_latex(counts: list[float], result: float, decimals: int, name: str = "D",
                  names: Notation = ZHOU) -> str:
    """Ent(D) = -Σ p_k log2 p_k (Zhou eq. 4.1), or Li Hang's H(D) (eq. 5.7)."""
    terms = _shares(counts, sum(counts), decimals)
    if not terms:
        return _empty(names.latex("entropy", name), name, result, decimals)
    body = " + ".join(rf"{f}\log_2 {f}" for f, _ in terms)
    return (rf"{names.latex('entropy', name)} = -\sum_{{k}} p_k \log_2 p_k = -\left({body}\right)"
            rf" = {_fixed(result, decimals)}")


def gini_latex(counts: list[float], result: float, decimals: int, name: str = "D",
               share: str = "p_k") -> str:
    """Gini(D) = 1 - Σ p_k² (Zhou eq. 4.5)."""
    terms = _shares(counts, sum(counts), decimals)
    if not terms:
        return _empty(rf"\mathrm{{Gini}}({name})", name, result, decimals)
    body = " + ".join(rf"\left({f}\right)^2" for f, _ in terms)
    return (rf"\mathrm{{Gini}}({name}) = 1 - \sum_{{k}} {share}^2 = 1 - \left({body}\right)"
            rf" = {_fixed(result, decimals)}")


def _empty(left: str, name: str, result: float, decimals: int) -> str:
    """An empty set's impurity: no p_k to sum (1 − 0 would be 1), 0 by the convention the
    core counts with."""
    return rf"{left} = {_fixed(result, decimals)} \quad (|{name}| = 0)"


def _known_weights(score: dict) -> list[float]:
    """|D̃^v|: each branch's weight of rows whose value is known (its class counts' sum).

    A branch's `weight` also holds the fractional share of unknown rows sent down it; Gain
    and Gini_index are computed on the known rows (Zhou §4.4.2), so the formulas use these.
    """
    return [sum(b["class_counts"].values()) for b in score["branches"]]


def _weighted_sum(score: dict, field: str, decimals: int) -> str:
    """Σ_v |D̃^v|/|D̃| · field(D̃^v), term by term."""
    weights = _known_weights(score)
    total = sum(weights)
    return " + ".join(
        rf"{_frac(w, total, decimals)} \times {_fixed(b[field], decimals)}"
        for w, b in zip(weights, score["branches"], strict=True)) if total else "0"


def gain_latex(score: dict, decimals: int, names: Notation = ZHOU) -> str:
    """Gain(D,a) = ρ·(Ent(D̃) - Σ r̃_v Ent(D̃^v)) (Zhou eqs. 4.2 and 4.12), or Li Hang's
    g(D,A) = H(D) − H(D|A) (eq. 5.8)."""
    a, rho = _text(score["attribute"]), score["rho"]
    after = _weighted_sum(score, "entropy", decimals)
    known = _fixed(score["entropy_known"], decimals)
    result = _fixed(score["gain"], decimals)
    ent, gain = names.generic_entropy.latex, names.latex("gain", "D", a)
    v, dv, known_dv = names.index, names.subset_latex("D"), names.subset_latex(r"\tilde D")
    if rho >= 1:
        return (rf"{gain} = {ent}(D) - \sum_{v} \tfrac{{|{dv}|}}{{|D|}}"
                rf"{ent}({dv}) = {known} - \left({after}\right) = {result}")
    return (rf"{gain} = \rho \times \left({ent}(\tilde D) - \sum_{v}"
            rf" \tilde r_{v} {ent}({known_dv})\right) = {_fixed(rho, decimals)} \times"
            rf" \left({known} - \left({after}\right)\right) = {result}")


def conditional_entropy_latex(score: dict, decimals: int, names: Notation) -> str:
    """Li Hang's H(D|A) = Σᵢ |Dᵢ|/|D|·H(Dᵢ) (eq. 5.8), the trace's own number."""
    d = "D" if score["rho"] >= 1 else r"\tilde D"  # on the known rows (Zhou §4.4.2)
    ent, dv = names.generic_entropy.latex, names.subset_latex(d)
    return (rf"{names.latex('conditional_entropy', d, _text(score['attribute']))}"
            rf" = \sum_{names.index} \tfrac{{|{dv}|}}{{|{d}|}}{ent}({dv})"
            rf" = {_weighted_sum(score, 'entropy', decimals)}"
            rf" = {_fixed(notations.conditional_entropy(score), decimals)}")


def iv_latex(score: dict, node_weight: float, decimals: int, names: Notation = ZHOU) -> str:
    """IV(a) = -Σ |D^v|/|D| log2 |D^v|/|D| (Zhou eq. 4.4); unknown values count as one more
    branch (Quinlan's C4.5), so the shares are of the node's whole weight."""
    weights = _known_weights(score)
    unknown = node_weight - sum(weights) if score["rho"] < 1 else 0.0
    parts = weights + ([unknown] if unknown > 1e-12 else [])
    terms = _shares(parts, sum(parts), decimals)
    body = " + ".join(rf"{f}\log_2 {f}" for f, _ in terms) or "0"
    a, dv = _text(score["attribute"]), names.subset_latex("D")
    return (rf"{names.latex('iv', 'D', a)} = -\sum_{names.index} \tfrac{{|{dv}|}}{{|D|}}"
            rf"\log_2\tfrac{{|{dv}|}}{{|D|}}"
            rf" = -\left({body}\right) = {_fixed(score['iv'], decimals)}")


def gain_ratio_latex(score: dict, decimals: int, names: Notation = ZHOU) -> str:
    """Gain_ratio(D,a) = Gain(D,a) / IV(a) (Zhou eq. 4.3), or g_R(D,A) = g(D,A) / H_A(D)."""
    a = _text(score["attribute"])
    ratio = rf"\frac{{{names.latex('gain', 'D', a)}}}{{{names.latex('iv', 'D', a)}}}"
    return (rf"{names.latex('gain_ratio', 'D', a)} = {ratio}"
            rf" = \frac{{{_fixed(score['gain'], decimals)}}}{{{_fixed(score['iv'], decimals)}}}"
            rf" = {_fixed(score['gain_ratio'], decimals)}")


def gini_index_latex(score: dict, decimals: int, names: Notation = ZHOU) -> str:
    """Gini_index(D,a) = Σ |D^v|/|D| Gini(D^v) (Zhou eq. 4.6), on the known rows."""
    a = _text(score["attribute"])
    d = "D" if score["rho"] >= 1 else r"\tilde D"  # on the known rows (Zhou §4.4.2)
    dv = names.subset_latex(d)
    return (rf"{names.latex('gini_index', d, a)} = \sum_{names.index} \tfrac{{|{dv}|}}{{|{d}|}}"
            rf"\mathrm{{Gini}}({dv}) = {_weighted_sum(score, 'gini', decimals)}"
            rf" = {_fixed(score['gini_index'], decimals)}")


# --------------------------------------------------------------------- missing values (§4.4.2)


def known_counts(score: dict, classes: list) -> list[float]:
    """Σ_{x∈D̃_k} w_x: each class's weight among the rows whose value of a is known."""
    return [sum(b["class_counts"].get(c, 0) for b in score["branches"]) for c in classes]


def rho_latex(score: dict, node_weight: float, decimals: int) -> str:
    """ρ = Σ_{x∈D̃} w_x / Σ_{x∈D} w_x (Zhou eq. 4.9)."""
    known = sum(_known_weights(score))
    return (rf"\rho = \frac{{\sum_{{x \in \tilde D}} w_x}}{{\sum_{{x \in D}} w_x}}"
            rf" = {_frac(known, node_weight, decimals)} = {_fixed(score['rho'], decimals)}")


def known_shares_latex(score: dict, classes: list, decimals: int) -> str:
    """p̃_k = Σ_{x∈D̃_k} w_x / Σ_{x∈D̃} w_x (Zhou eq. 4.10), one per class."""
    counts = known_counts(score, classes)
    known = sum(counts)
    shares = ",\\; ".join(
        rf"\tilde p_{{{_text(c)}}} = {_frac(w, known, decimals)}"
        for c, w in zip(classes, counts, strict=True))
    return (rf"\tilde p_k = \frac{{\sum_{{x \in \tilde D_k}} w_x}}{{\sum_{{x \in \tilde D}} w_x}}"
            rf":\; {shares}")


def known_entropy_latex(score: dict, classes: list, decimals: int,
                        names: Notation = ZHOU) -> str:
    """Ent(D̃) = -Σ p̃_k log2 p̃_k (Zhou eq. 4.12's first term)."""
    counts = known_counts(score, classes)
    terms = _shares(counts, sum(counts), decimals)
    body = " + ".join(rf"{f}\log_2 {f}" for f, _ in terms) or "0"
    known = names.latex("entropy", r"\tilde D")
    return (rf"{known} = -\sum_{{k}} \tilde p_k \log_2 \tilde p_k"
            rf" = -\left({body}\right) = {_fixed(score['entropy_known'], decimals)}")


def known_gini_latex(score: dict, classes: list, decimals: int) -> str:
    """Gini(D̃) = 1 - Σ p̃_k² on the rows whose value is known."""
    counts = known_counts(score, classes)
    return gini_latex(counts, score["gini_known"], decimals, name=r"\tilde D",
                      share=r"\tilde p_k")


def gini_gain_latex(score: dict, decimals: int, names: Notation = ZHOU) -> str:
    """CART's criterion: ρ·(Gini(D̃) − Gini_index(D̃, a)), the largest wins (ρ = 1 without
    missing values, where it is the smallest Gini_index); Li Hang's Gini(D̃, A) for his."""
    a = _text(score["attribute"])
    rho, known = _fixed(score["rho"], decimals), _fixed(score["gini_known"], decimals)
    index, result = _fixed(score["gini_index"], decimals), _fixed(score["gini_gain"], decimals)
    known_index = names.latex("gini_index", r"\tilde D", a)
    return (rf"\rho \times \left(\mathrm{{Gini}}(\tilde D) - {known_index}"
            rf"\right) = {rho} \times \left({known} - {index}\right) = {result}")
