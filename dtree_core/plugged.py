"""The terms of a formula with the trace's numbers plugged in, written so they add up.

A formula written with rounded terms must still evaluate to the result it shows. Rounded to
three decimals first, Ent(D) − Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) at watermelon 2.0's root for 色泽 reads
0.998 − (6/17×1.000 + 6/17×0.918 + 5/17×0.722) = 0.1087, where the result is 0.1081 (the
book's own slip: it prints 0.109). So each term carries the number it reads as, and a
formula is written at the fewest decimals, from the result's up, whose terms evaluate to the
result as shown (`fewest_places`). The worked solution (solution.py) and the app's node panel
(ui/formulas.py) both write their numbers with these.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from .split import format_number

MOST_PLACES = 9  # terms are never written to more decimals than this
FRAC, TFRAC = r"\frac", r"\tfrac"  # a display fraction; a small one, for one-line formulas

Written = TypeVar("Written")


@dataclass(frozen=True)
class Term:
    """A written term as LaTeX and as Unicode text, and the number the written form reads as."""

    latex: str
    text: str
    value: float


def number(x: float, places: int) -> Term:
    text = f"{x:.{places}f}"
    return Term(text, text, float(text))


def count(x: float, places: int) -> Term:
    """A count or a weight: whole numbers without decimals (6, not 6.000); a weight that
    rounds to 0 at these places (0.0029 at 2) gets as many more as make it nonzero: a share
    written as 0 would put log₂ 0 in a formula whose weight is not 0."""
    text = format_number(x, places)
    while x and not float(text) and places < 17:
        places += 1
        text = format_number(x, places)
    return Term(text, text, float(text))


def frac(part: float, whole: float, places: int, macro: str = FRAC) -> Term:
    top, bottom = count(part, places), count(whole, places)
    return Term(rf"{macro}{{{top.latex}}}{{{bottom.latex}}}", f"{top.text}/{bottom.text}",
                top.value / bottom.value if bottom.value else 0.0)


def shares(weights: Iterable[float], places: int, macro: str = FRAC) -> list[Term]:
    """Each nonzero weight's share of their sum: 0·log 0 = 0 terms are left out, as the book
    leaves them out."""
    weights = list(weights)
    whole = sum(weights)
    return [frac(w, whole, places, macro) for w in weights if w > 0]


def _joined(parts: list[tuple[str, str]]) -> tuple[str, str]:
    """(LaTeX, text) pieces joined by +."""
    return " + ".join(latex for latex, _ in parts), " + ".join(text for _, text in parts)


def entropy_sum(parts: list[Term]) -> Term:
    """−(p₁ log₂ p₁ + …) of the shares."""
    latex, text = _joined([(rf"{p.latex}\log_2 {p.latex}", f"{p.text}·log₂ {p.text}")
                           for p in parts])
    return Term(rf"-\left({latex or '0'}\right)", f"−({text or '0'})",
                -sum(p.value * math.log2(p.value) for p in parts))


def squares_sum(parts: list[Term]) -> Term:
    """1 − ((p₁)² + …) of the shares."""
    latex, text = _joined([(rf"\left({p.latex}\right)^2", f"({p.text})²") for p in parts])
    return Term(rf"1 - \left({latex}\right)", f"1 − ({text})",
                1 - sum(p.value * p.value for p in parts))


def known_weights(row: dict) -> list[float]:
    """|D̃ᵛ|: each branch's weight of rows whose value is known (its class counts' sum).

    A branch's `weight` also holds the fractional share of unknown rows sent down it; Gain
    and Gini_index are computed on the known rows (Zhou §4.4.2), so the formulas use these.
    """
    return [sum(b["class_counts"].values()) for b in row["branches"]]


def iv_parts(row: dict, node_weight: float) -> list[float]:
    """The weights IV(a) takes its shares of (over the node's weight): each branch's known
    weight, then, where values are missing, the unknown rows' weight as one more branch
    (Quinlan's C4.5, as this app computes IV)."""
    weights = known_weights(row)
    unknown = node_weight - sum(weights) if row["rho"] < 1 else 0.0
    return weights + ([unknown] if unknown > 1e-12 else [])


def unknown_weight(row: dict, node_weight: float) -> float:
    """The node's weight whose value of the row's attribute is unknown: IV's last term
    (iv_parts), 0.0 where every value is known."""
    parts = iv_parts(row, node_weight)
    return parts[-1] if len(parts) > len(row["branches"]) else 0.0


def weighted_sum(row: dict, field: str, places: int, macro: str = FRAC) -> Term:
    """6/17 × 1.000 + 6/17 × 0.918 + …: each branch's share of the known rows times its
    impurity `field` (Σᵥ |D̃ᵛ|/|D̃|·field(D̃ᵛ))."""
    weights = known_weights(row)
    whole = sum(weights)
    if not whole:
        return Term("0", "0", 0.0)
    pairs = [(frac(w, whole, places, macro), number(b[field], places))
             for w, b in zip(weights, row["branches"], strict=True)]
    latex, text = _joined([(rf"{s.latex} \times {i.latex}", f"{s.text}×{i.text}")
                           for s, i in pairs])
    return Term(latex, text, sum(s.value * i.value for s, i in pairs))


def rho(row: dict, places: int, macro: str | None = FRAC) -> Term:
    """ρ = |D̃|/|D| (Zhou eq. 4.9): the fraction of weights (|D| rebuilt from ρ, rounded so 17
    does not print as 16.999999: a score row has no node weight), or with macro None the
    decimal (the node panel, where ρ = 1 would read 15/15)."""
    if macro is None or not row["rho"]:  # no known value here: ρ = 0, no |D| to rebuild
        return number(row["rho"], places)
    known = sum(known_weights(row))
    return frac(known, round(known / row["rho"], 9), places, macro)


def _rho_times(row: dict, body: Term, places: int, macro: str | None) -> Term:
    """ρ × (body) where values are missing, the body alone where ρ = 1."""
    if row["rho"] >= 1:
        return body
    share = rho(row, places, macro)
    return Term(rf"{share.latex} \times \left({body.latex}\right)",
                f"{share.text} × ({body.text})", share.value * body.value)


def gain_terms(row: dict, places: int, macro: str = FRAC, rho_macro: str | None = FRAC) -> Term:
    """Gain(D,a)'s numbers: 0.998 − (6/17 × 1.000 + …) (eq. 4.2), or ρ × (Ent(D̃) − (…))
    with missing values (eq. 4.12)."""
    after = weighted_sum(row, "entropy", places, macro)
    known = number(row["entropy_known"], places)
    return _rho_times(row, Term(rf"{known.latex} - \left({after.latex}\right)",
                                f"{known.text} − ({after.text})", known.value - after.value),
                      places, rho_macro)


def gini_gain_terms(row: dict, places: int, rho_macro: str | None = FRAC) -> Term:
    """CART's ρ × (Gini(D̃) − Gini_index(D̃, a)) with numbers (ρ written even where it is 1:
    the formula names it)."""
    known, index = number(row["gini_known"], places), number(row["gini_index"], places)
    share = rho(row, places, rho_macro)
    return Term(rf"{share.latex} \times \left({known.latex} - {index.latex}\right)",
                f"{share.text} × ({known.text} − {index.text})",
                share.value * (known.value - index.value))


def ratio_terms(row: dict, places: int) -> Term:
    """Gain(D,a) / IV(a) with numbers (IV(a) > 0)."""
    gain, iv = number(row["gain"], places), number(row["iv"], places)
    return Term(rf"\frac{{{gain.latex}}}{{{iv.latex}}}", f"{gain.text} / {iv.text}",
                gain.value / iv.value if iv.value else math.inf)


def reads_as(value: float, result: float, decimals: int) -> bool:
    """Whether `value` rounds to `result` as shown at `decimals` (half way reads either way)."""
    return abs(value - float(f"{result:.{decimals}f}")) <= 0.5 * 10 ** -decimals + 1e-12


def fewest_places(write: Callable[[int], Written], value_of: Callable[[Written], float],
                  result: float, decimals: int) -> tuple[Written, int]:
    """`write(places)` at the fewest places, from `decimals` up to MOST_PLACES, whose written
    terms evaluate (`value_of`) to `result` as shown at `decimals`; and those places."""
    for places in range(decimals, max(decimals, MOST_PLACES) + 1):
        written = write(places)
        if reads_as(value_of(written), result, decimals):
            break
    return written, places
