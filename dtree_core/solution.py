"""The worked solution: a node's, a branch's or a whole tree's hand computation, in the book's
style (Zhou ch. 4), with every number taken from the trace.

`solve` turns a trace (TRACE.md's dict form, with score tables) into a `Solution`: per node,
equations (each with the exact trace value it shows) and sentences (a catalogue key and its
values). `to_markdown` (LaTeX in $$ blocks) and `to_html` (a self-contained, printable page;
formulas as Unicode text) word it in English or Chinese. Numbers are rounded for display
only; the exact ones stay in the equations, so tests can parse the text back against them.

The words are here, not in ui/, because the CLI prints solutions and dtree_core imports no UI
module; ui/sections/exercises.py merges WORDS into the app's one catalogue.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from . import algorithms, plugged
from . import notation as notations
from .escape import escape_html, escape_latex, escape_markdown_cell, one_line
from .labels import branch_text, counts_parts, curve_digits, node_path
from .notation import Notation
from .split import (
    Condition,
    Split,
    distinct_labels,
    format_number,
    places_apart,
    record_threshold_text,
    told_apart,
    tried_test_name,
)
from .splitting import other_tied_thresholds
from .trace import leaf_stop
from .wording import fill

SCOPES = ("node", "branch", "tree")
LANGUAGES = ("en", "zh")
DECIMALS = 3  # the book prints three decimals

# --------------------------------------------------------------------- the record


@dataclass(frozen=True)
class Formula:
    """One side of an equation in both notations: LaTeX (Markdown) and Unicode (HTML, text)."""

    latex: str
    text: str


@dataclass(frozen=True)
class Equation:
    """lhs = steps… = value: `quantity` and `subject` say which trace number `value` is."""

    quantity: str  # entropy, gini, gain, iv, gain_ratio, gini_index, gini_gain, mean_gain,
    #                conditional_entropy (Li Hang's H(D|A), shown in his notation only)
    subject: str  # the attribute, a branch's set name (D¹), or "" for the node's D
    value: float  # exact, from the trace
    lhs: Formula
    steps: tuple[Formula, ...] = ()


@dataclass(frozen=True)
class Sentence:
    key: str  # solution.<key> in WORDS
    values: dict = field(default_factory=dict)


Step = Equation | Sentence


@dataclass(frozen=True)
class NodeSolution:
    node_id: int
    heading: Sentence
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Solution:
    algorithm: str
    dataset: str
    nodes: tuple[NodeSolution, ...]
    decimals: int = DECIMALS
    notation: str = notations.DEFAULT  # whose symbols the equations use (dtree_core.notation)

    def equations(self) -> list[tuple[int, Equation]]:
        return [(n.node_id, s) for n in self.nodes for s in n.steps if isinstance(s, Equation)]


# --------------------------------------------------------------------- notation


def _fixed(x: float, decimals: int) -> str:
    return f"{x:.{decimals}f}"


def _count(w: float, decimals: int) -> str:
    return format_number(w, decimals)


ZHOU = notations.get("zhou")


def set_name(index: int | None, tilde: bool = False, names: Notation = ZHOU) -> Formula:
    """D, D̃, D¹, D̃² … (Li Hang's D₁, D̃₂ …): the node's set or its v-th branch (1-based, as
    the books number them)."""
    base_latex, base_text = (r"\tilde D", "D̃") if tilde else ("D", "D")
    if index is None:
        return Formula(base_latex, base_text)
    return Formula(*names.numbered_subset(base_latex, base_text, index))


def _name(text: str) -> Formula:
    """A name or value in a formula; a line break and a tab in it are shown (⏎, ⇥), as
    every other form shows them (LaTeX would make both a space)."""
    shown = one_line(text)
    return Formula(rf"\text{{{escape_latex(shown)}}}", shown)


def _formula(term: plugged.Term) -> Formula:
    return Formula(term.latex, term.text)


def _adding_up(write: Callable[[int], plugged.Term], result: float, decimals: int) -> Formula:
    """An equation's numbers: its terms written at the fewest decimals that evaluate to the
    result as shown (plugged.fewest_places): 0.9975 − (…) = 0.108, not 0.998 − (…)."""
    return _formula(plugged.fewest_places(write, lambda term: term.value, result, decimals)[0])


def _number(x: float, decimals: int) -> Formula:
    return Formula(_fixed(x, decimals), _fixed(x, decimals))


def _symbol(names: Notation, quantity: str, subject: Formula | None = None,
            a: Formula | None = None) -> Formula:
    """Gain(D, 色泽) or g(D, 色泽), IV(色泽) or H_色泽(D): a quantity in the chosen notation."""
    generic = notations.GENERIC_ATTRIBUTE[names.key]
    subject, a = subject or set_name(None), a or Formula(generic, generic)
    return Formula(names.latex(quantity, subject.latex, a.latex),
                   names.text(quantity, subject.text, a.text))


def _generic(key: str, names: Notation) -> Formula:
    """A generic formula of GENERIC in the notation's symbols: Zhou's Ent, Dᵛ, Σᵥ and a, or
    Li Hang's H, Dᵢ, Σᵢ and A (eq. 5.8)."""
    formula, attribute = GENERIC[key], notations.GENERIC_ATTRIBUTE[names.key]
    latex = {"<pk2>": names.class_share_squared.latex, "<pk>": names.class_share.latex,
             "<Ent>": names.generic_entropy.latex, "<Dv>": names.subset_latex("D"),
             "<D~v>": names.subset_latex(r"\tilde D"), "<v>": names.index,
             "<Gini_index(D~)>": names.latex("gini_index", r"\tilde D", attribute)}
    text = {"<pk2>": names.class_share_squared.text, "<pk>": names.class_share.text,
            "<Ent>": names.generic_entropy.text, "<Dv>": "D" + names.subset_mark,
            "<D~v>": "D̃" + names.subset_mark, "<v>": names.index_mark,
            "<Gini_index(D~)>": names.text("gini_index", "D̃", attribute)}
    return Formula(_fill_tokens(formula.latex, latex), _fill_tokens(formula.text, text))


def _fill_tokens(template: str, tokens: dict[str, str]) -> str:
    for token, symbol in tokens.items():
        template = template.replace(token, symbol)
    return template


# Formulas with the notation's symbols as tokens (filled by _generic): <Ent> the entropy's
# name, <Dv> and <D~v> the subset down one branch, <v> the index the sums run over.
GENERIC = {
    "entropy": Formula(r"-\sum_{k} <pk> \log_2 <pk>", "−Σₖ <pk>·log₂ <pk>"),
    "gini": Formula(r"1 - \sum_{k} <pk2>", "1 − Σₖ <pk2>"),
    "gain": Formula(r"<Ent>(D) - \sum_{<v>} \frac{|<Dv>|}{|D|}<Ent>(<Dv>)",
                    "<Ent>(D) − Σ<v> |<Dv>|/|D|·<Ent>(<Dv>)"),
    "gain_missing": Formula(
        r"\rho \times \left(<Ent>(\tilde D) - \sum_{<v>} \tilde r_<v> "
        r"<Ent>(<D~v>)\right)", "ρ × (<Ent>(D̃) − Σ<v> r̃<v>·<Ent>(<D~v>))"),
    "conditional_entropy": Formula(r"\sum_{<v>} \frac{|<Dv>|}{|D|}<Ent>(<Dv>)",
                                   "Σ<v> |<Dv>|/|D|·<Ent>(<Dv>)"),
    "iv": Formula(r"-\sum_{<v>} \frac{|<Dv>|}{|D|}\log_2 \frac{|<Dv>|}{|D|}",
                  "−Σ<v> |<Dv>|/|D|·log₂(|<Dv>|/|D|)"),
    "gini_index": Formula(r"\sum_{<v>} \frac{|<Dv>|}{|D|}\mathrm{Gini}(<Dv>)",
                          "Σ<v> |<Dv>|/|D|·Gini(<Dv>)"),
    # with missing values the sums run over the known rows D̃, weighted r̃ᵥ = |D̃ᵛ|/|D̃| (eq. 4.12)
    "conditional_entropy_missing": Formula(r"\sum_{<v>} \tilde r_<v> <Ent>(<D~v>)",
                                           "Σ<v> r̃<v>·<Ent>(<D~v>)"),
    "gini_index_missing": Formula(r"\sum_{<v>} \tilde r_<v> \mathrm{Gini}(<D~v>)",
                                  "Σ<v> r̃<v>·Gini(<D~v>)"),
    "gini_gain": Formula(r"\rho \times \left(\mathrm{Gini}(\tilde D) - <Gini_index(D~)>\right)",
                         "ρ × (Gini(D̃) − <Gini_index(D~)>)"),
}

# --------------------------------------------------------------------- equations


def entropy_equation(counts: list[float], value: float, subject: Formula, decimals: int,
                     generic: bool = False, names: Notation = ZHOU) -> Equation:
    """Ent(D) = −Σₖ pₖ log₂ pₖ = −(8/17·log₂ 8/17 + 9/17·log₂ 9/17) = 0.998 (eq. 4.1)."""
    steps = [_generic("entropy", names)] if generic else []
    steps += [_adding_up(lambda places: plugged.entropy_sum(plugged.shares(counts, places)),
                         value, decimals), _number(value, decimals)]
    return Equation("entropy", subject.text, value, _symbol(names, "entropy", subject),
                    tuple(steps))


def gini_equation(counts: list[float], value: float, subject: Formula, decimals: int,
                  generic: bool = False, names: Notation = ZHOU) -> Equation:
    """Gini(D) = 1 − Σₖ pₖ² = 1 − ((8/17)² + (9/17)²) = 0.498 (eq. 4.5)."""
    steps = [_generic("gini", names)] if generic else []
    if any(w > 0 for w in counts):  # an empty set has no pₖ: 0 by convention, not 1 − ()
        steps.append(_adding_up(
            lambda places: plugged.squares_sum(plugged.shares(counts, places)), value, decimals))
    steps.append(_number(value, decimals))
    return Equation("gini", subject.text, value, _symbol(names, "gini", subject), tuple(steps))



def _weighted(row: dict, field_name: str, result: float, decimals: int) -> Formula:
    """6/17 × 1.000 + 6/17 × 0.918 + … = result: the branch shares times the branch
    impurities."""
    return _adding_up(lambda places: plugged.weighted_sum(row, field_name, places), result,
                      decimals)


def gain_equation(row: dict, decimals: int, names: Notation = ZHOU) -> Equation:
    """Gain(D,a) = Ent(D) − Σ|Dᵛ|/|D|·Ent(Dᵛ) (eq. 4.2), or ρ × (…) with missing values (4.12)."""
    a = _name(row["attribute"])
    if row["rho"] >= 1:
        generic = _generic("gain", names)
        if "conditional_entropy" in names.columns:  # Li Hang's eq. 5.8: H(D) − H(D|A)
            before, after = _symbol(names, "entropy"), _symbol(names, "conditional_entropy", a=a)
            generic = Formula(f"{before.latex} - {after.latex}", f"{before.text} − {after.text}")
    else:
        generic = _generic("gain_missing", names)
    numbers = _adding_up(lambda places: plugged.gain_terms(row, places), row["gain"], decimals)
    return Equation("gain", row["attribute"], row["gain"], _symbol(names, "gain", a=a),
                    (generic, numbers, _number(row["gain"], decimals)))


def conditional_entropy_equation(row: dict, decimals: int, names: Notation) -> Equation:
    """Li Hang's H(D|A) = Σᵢ |Dᵢ|/|D|·H(Dᵢ) (eq. 5.8's second term), on the known rows D̃;
    Zhou's Σᵥ |Dᵛ|/|D|·Ent(Dᵛ), which names itself (its generic form is not written again)."""
    value = notations.conditional_entropy(row)
    lhs = _symbol(names, "conditional_entropy", set_name(None, row["rho"] < 1),
                  _name(row["attribute"]))
    generic = _generic(_on_known("conditional_entropy", row), names)
    return Equation("conditional_entropy", row["attribute"], value, lhs,
                    (*([generic] if generic.text != lhs.text else []),
                     _weighted(row, "entropy", value, decimals),
                     _number(value, decimals)))


def iv_equation(row: dict, node_weight: float, decimals: int,
                names: Notation = ZHOU) -> Equation:
    """IV(a) = −Σ|Dᵛ|/|D|·log₂(|Dᵛ|/|D|) (eq. 4.4); unknown values count as one more branch."""
    parts = plugged.iv_parts(row, node_weight)
    return Equation("iv", row["attribute"], row["iv"],
                    _symbol(names, "iv", a=_name(row["attribute"])),
                    (_generic("iv", names),
                     _adding_up(lambda places: plugged.entropy_sum(plugged.shares(parts, places)),
                                row["iv"], decimals),
                     _number(row["iv"], decimals)))


def iv_unknown_note(row: dict, node_weight: float, decimals: int,
                    names: Notation = ZHOU) -> list[Step]:
    """Why IV has one term more than the attribute has values: the unknown rows' weight is
    a branch of its own there (Quinlan's C4.5), as iv_equation writes it."""
    unknown = plugged.unknown_weight(row, node_weight)
    if not unknown:
        return []
    return [Sentence("iv.unknown", {"share": plugged.frac(unknown, node_weight, decimals).text,
                                    "attribute": row["attribute"],
                                    "iv": names.text("iv", "D", row["attribute"])})]


def iv_zero_note(row: dict, names: Notation = ZHOU) -> list[Step]:
    """Why the ratio has no numbers: IV(a) = 0 (one value of a at the node) and the ratio is
    taken as 0 (criteria.py), as gain_ratio_equation writes it."""
    if row["iv"] > 0:
        return []
    return [Sentence("iv.zero", {"attribute": row["attribute"],
                                 "iv": names.text("iv", "D", row["attribute"]),
                                 "ratio": names.text("gain_ratio", "D", row["attribute"])})]


def _on_known(key: str, row: dict) -> str:
    """GENERIC's form of a sum over the branches: over D̃ with weights r̃ᵥ where values are
    missing (the numbers are |D̃ᵛ|/|D̃|), over D otherwise."""
    return f"{key}_missing" if row["rho"] < 1 else key


def gain_ratio_equation(row: dict, decimals: int, names: Notation = ZHOU) -> Equation:
    """Gain_ratio(D,a) = Gain(D,a) / IV(a) (eq. 4.3)."""
    a = _name(row["attribute"])
    gain_of, iv_of = _symbol(names, "gain", a=a), _symbol(names, "iv", a=a)
    generic = Formula(rf"\frac{{{gain_of.latex}}}{{{iv_of.latex}}}",
                      f"{gain_of.text} / {iv_of.text}")
    # IV(a) = 0 (one value of a here): the ratio is taken as 0, not written as 0/0
    numbers = () if row["iv"] <= 0 else (
        _adding_up(lambda places: plugged.ratio_terms(row, places), row["gain_ratio"], decimals),)
    return Equation("gain_ratio", row["attribute"], row["gain_ratio"],
                    _symbol(names, "gain_ratio", a=a),
                    (generic, *numbers, _number(row["gain_ratio"], decimals)))


def gini_index_equation(row: dict, decimals: int, names: Notation = ZHOU) -> Equation:
    """Gini_index(D,a) = Σ|Dᵛ|/|D|·Gini(Dᵛ) (eq. 4.6), on the rows with a known value; Li
    Hang's Gini(D, A=a) for a two-way split with a alone on one side (eq. 5.25)."""
    return Equation("gini_index", row["attribute"], row["gini_index"],
                    _symbol(names, "gini_index", set_name(None, row["rho"] < 1),
                            _split_argument(row, names)),
                    (_generic(_on_known("gini_index", row), names),
                     _weighted(row, "gini", row["gini_index"], decimals),
                     _number(row["gini_index"], decimals)))


def gini_of(counts: list[float]) -> float:
    """Gini of a set from its class weights (1 − Σ pₖ²), in Python floats: the sides of a
    split the trace keeps no row for (Li Hang's A = a against the rest)."""
    whole = sum(counts)
    return 1.0 - sum((c / whole) ** 2 for c in counts) if whole else 0.0


def split_gini(sides: list[list[float]]) -> float:
    """Σ |Dᵛ|/|D| × Gini(Dᵛ) of a split's sides (class counts each)."""
    weights = [sum(side) for side in sides]
    whole = sum(weights)
    return sum(w / whole * gini_of(side) for w, side in zip(weights, sides, strict=True))


def value_split(parts: dict[str, dict], value: str, classes: list) -> list[list[float]] | None:
    """The class counts of A = value and of A ≠ value, from each value's counts (parts).
    None where the split parts nothing (the value, or every other, has no known row at the
    node) or the counts do not give it (a trace written without value_counts, whose best
    partition's sides are not {value} and the rest)."""
    if value not in parts:
        return None
    sides = [[parts[value].get(c, 0.0) for c in classes],
             [sum(p.get(c, 0.0) for v, p in parts.items() if v != value) for c in classes]]
    return sides if all(sum(side) for side in sides) else None


def other_value_splits(row: dict, node: dict, decimals: int, names: Notation) -> list[Step]:
    """Li Hang's Gini(D, A=a) for every other value a of a two-way nominal row (Example 5.4
    lists them all: A₁ = 1, 2, 3, where the row's own equation shows the one its split
    tests); a feature of two values has one split, already shown."""
    parts = row.get("value_counts") or {}
    if not names.value_split or len(parts) < 3:
        return []
    tested, classes, steps = _tested_value(row), list(node["class_counts"]), []
    a = _name(row["attribute"])
    for value in parts:
        sides = value_split(parts, value, classes)
        if value == tested or sides is None:
            continue
        exact = split_gini(sides)
        rest = [v for v in parts if v != value]
        # the two subsets as a score row's branches: branch_steps names and counts them
        two = {"attribute": row["attribute"], "rho": row["rho"],
               "branches": [{"op": "in", "value": side_values,
                             "class_counts": dict(zip(classes, side, strict=True)),
                             "gini": gini_of(side)}
                            for side_values, side in zip(([value], rest), sides, strict=True)]}
        tests = Formula(rf"{a.latex}={_name(value).latex}", f"{a.text}={value}")
        steps += branch_steps(two, decimals, False, True, names)
        steps.append(Equation("gini_index", row["attribute"], exact,
                              _symbol(names, "gini_index", set_name(None, row["rho"] < 1), tests),
                              (_generic(_on_known("gini_index", row), names),
                               _weighted(two, "gini", exact, decimals),
                               _number(exact, decimals))))
    return steps


def _split_argument(row: dict, names: Notation) -> Formula:
    """The attribute as Gini's argument: Li Hang's A=a where the split tests A = a (eq. 5.25,
    Example 5.4's Gini(D, A₁=1)), the attribute alone otherwise."""
    a = _name(row["attribute"])
    value = _tested_value(row) if names.value_split else None
    if value is None:
        return a
    return Formula(rf"{a.latex}={_name(value).latex}", f"{a.text}={value}")


def _tested_value(row: dict) -> str | None:
    """The value a the row's split tests as A = a (Split.tested_value), else None."""
    return row_split(row).tested_value


def gini_gain_equation(row: dict, decimals: int, names: Notation = ZHOU) -> Equation:
    """CART with missing values ranks by ρ·(Gini(D̃) − Gini_index(D̃, a))."""
    return Equation("gini_gain", row["attribute"], row["gini_gain"],
                    Formula(rf"\rho \cdot \Delta\mathrm{{Gini}}({_name(row['attribute']).latex})",
                            f"ρ·ΔGini({row['attribute']})"),
                    (_generic("gini_gain", names),
                     _adding_up(lambda places: plugged.gini_gain_terms(row, places),
                                row["gini_gain"], decimals),
                     _number(row["gini_gain"], decimals)))


def mean_gain_equation(rows: list[dict], mean: float, decimals: int,
                       names: Notation = ZHOU) -> Equation:
    """C4.5's filter: the mean Gain over the candidates."""
    # each Gain told apart from the mean it is compared with (a tie reads as one)
    decimals = places_apart([(r["gain"], mean) for r in rows], decimals)
    return Equation("mean_gain", "", mean,
                    Formula(names.mean_gain.latex, names.mean_gain.text),
                    (_adding_up(lambda places: _mean_numbers(rows, places), mean, decimals),
                     _number(mean, decimals)))


def _mean_numbers(rows: list[dict], places: int) -> plugged.Term:
    gains = [plugged.number(r["gain"], places) for r in rows]
    written = " + ".join(g.text for g in gains)
    return plugged.Term(rf"\frac{{{written}}}{{{len(rows)}}}", f"({written}) / {len(rows)}",
                        sum(g.value for g in gains) / len(rows))


# --------------------------------------------------------------------- one node


def _is_gini_family(algorithm: algorithms.Algorithm) -> bool:
    """CART-like: ranks by the Gini index (or its decrease), not by entropy."""
    return algorithm.ranks_by in ("gini_index", "gini_gain") or algorithm.criterion == "gini_index"


def _uses(algorithm: algorithms.Algorithm) -> tuple[bool, bool]:
    """(entropy family, Gini family): which of the book's quantities this algorithm shows."""
    gini_family = _is_gini_family(algorithm)
    return not gini_family, gini_family


def other_tied_threshold_texts(row: dict, node: dict, algorithm) -> list[str]:
    """A continuous row's other midpoints as good as its t by the score the algorithm cuts
    by (the rule took the smallest), as written: each to the digits that keep it between
    its own two values (the curve's), and to more where needed to read apart from t and
    each other (distinct_labels); none where the t was forced: no rule chose it. The node
    panel and the worked solution both say them."""
    if row["kind"] != "continuous" or row["chosen"] and node["decision"].get("forced_threshold"):
        return []
    others = other_tied_thresholds(row, algorithm.threshold_by)
    if not others:
        return []
    own = {**curve_digits([row]), row["threshold"]: row.get("threshold_digits") or 0}
    labels = distinct_labels([*others, row["threshold"]], row.get("threshold_digits") or 6, own)
    return [labels[t] for t in others]


def _threshold_ties(row: dict, node: dict, algorithm) -> list[Step]:
    others = other_tied_threshold_texts(row, node, algorithm)
    if not others:
        return []
    shown = others[:5] + (["…"] if len(others) > 5 else [])
    return [Sentence("threshold.tied", {"others": tuple(shown)})]


def row_split(row: dict) -> Split:
    """A score row's split, from its branches' conditions."""
    return Split.of_conditions([Condition.from_dict({**branch, "attribute": row["attribute"]})
                                for branch in row["branches"]])


def branch_name(row: dict, branch: dict) -> str:
    """'纹理=清晰': a score row's branch as its condition's text."""
    return branch_text({**branch, "attribute": row["attribute"]})  # with threshold_digits


def branch_steps(row: dict, decimals: int, entropy: bool, gini: bool,
                 names: Notation = ZHOU) -> list[Step]:
    """The subsets Dᵛ with their class counts, and each one's Ent or Gini."""
    steps: list[Step] = []
    tilde = row["rho"] < 1
    for i, branch in enumerate(row["branches"], start=1):
        counts = list(branch["class_counts"].values())
        subset = set_name(i, tilde, names)
        steps.append(Sentence("branch", {"set": subset.text, "condition": branch_name(row, branch),
                                         "n": _count(sum(counts), decimals),
                                         "counts": counts_parts(branch["class_counts"])}))
        if entropy:
            steps.append(entropy_equation(counts, branch["entropy"], subset, decimals,
                                          names=names))
        if gini:
            steps.append(gini_equation(counts, branch["gini"], subset, decimals, names=names))
    return steps


def candidate_steps(row: dict, node: dict, algorithm, decimals: int,
                    names: Notation = ZHOU) -> list[Step]:
    """Everything the book writes for one candidate attribute."""
    entropy, gini = _uses(algorithm)
    steps: list[Step] = [Sentence("candidate", {"attribute": row["attribute"]})]
    if row["kind"] == "continuous":
        steps.append(Sentence("threshold", {"attribute": row["attribute"],
                                            "t": record_threshold_text(row)}))
        steps += _threshold_ties(row, node, algorithm)
    if row["rho"] < 1:
        known = [sum(b["class_counts"][c] for b in row["branches"]) for c in node["class_counts"]]
        steps.append(Sentence("missing", {"attribute": row["attribute"],
                                          "rho": _fixed(row["rho"], decimals)}))
        measure = entropy_equation if entropy else gini_equation
        value = row["entropy_known"] if entropy else row["gini_known"]
        steps.append(measure(known, value, set_name(None, True), decimals, names=names))
    steps += branch_steps(row, decimals, entropy, gini, names)
    if entropy and "conditional_entropy" in names.columns:  # Li Hang names Σ|Dᵢ|/|D|·H(Dᵢ)
        steps.append(conditional_entropy_equation(row, decimals, names))
    if entropy:
        steps.append(gain_equation(row, decimals, names))
    if algorithm.ranks_by == "gain_ratio":
        steps += [iv_equation(row, node["weight"], decimals, names),
                  *iv_unknown_note(row, node["weight"], decimals, names),
                  gain_ratio_equation(row, decimals, names), *iv_zero_note(row, names)]
    if gini:
        steps.append(gini_index_equation(row, decimals, names))
        steps += other_value_splits(row, node, decimals, names)
        if row["rho"] < 1:
            steps.append(gini_gain_equation(row, decimals, names))
    return steps


# Whether the rule takes the largest or the smallest of the score it compares.
RANKED = {"gain": "max", "gain_ratio": "max", "gini_index": "min", "gini_gain": "max"}


def comparison_steps(node: dict, rows: list[dict], algorithm, decimals: int,
                     tie_break: str = "first", names: Notation = ZHOU) -> list[Step]:
    """The rule that picked the winner, with the numbers it compared, and its ties; at a leaf
    that pruning made (decision.was), of the split pruning refused or replaced, which the
    leaf's sentence then speaks of."""
    decision = node["decision"]
    steps: list[Step] = []
    if decision["kind"] != "split":
        decision = decision.get("was") or {}
        if decision.get("kind") != "split":
            return steps
    winner = decision["attribute"]
    if decision.get("forced"):
        return [Sentence("forced", {"attribute": winner})]
    if algorithm.draws_at_random:
        return [Sentence("random", {"algorithm": algorithm.key, "attribute": winner})]
    if decision.get("weights"):
        return linear_steps(decision, rows, algorithm, decimals, names)
    pool = rows
    if decision.get("mean_gain") is not None:
        mean = mean_gain_equation(rows, decision["mean_gain"], decimals, names)
        pool = [r for r in rows if r["attribute"] in decision["passed"]]
        steps += [mean, Sentence("passed", {"attributes": tuple(decision["passed"]),
                                            "mean": mean.steps[-1].text})]
    steps.append(_best_equation(pool, winner, algorithm, decimals, names))
    tried = decision.get("linear_candidate")
    if tried:  # an oblique tree's node where the single attribute beat the linear test
        # tied with the single attribute (kept as the simpler test), or worse than it
        steps.append(Sentence("linear.tied" if tried.get("tied") else "linear.lost", {
            "test": tried_test_name(tried),
            "gini": _fixed(tried["gini_index"], decimals),
            "gain": _fixed(tried["gini_gain"], decimals)}))
    rule = f"rule.{decision.get('rule_code')}"
    if not tried and f"solution.{rule}.axis_only" in WORDS["en"]:
        rule += ".axis_only"  # a multivariate rule where no linear test was learned
    elif _ranked_field(pool, algorithm) == "gini_gain" and \
            f"solution.{rule}.missing" in WORDS["en"]:
        rule += ".missing"  # what was compared above: the largest ρ·ΔGini, not the Gini index
    steps.append(Sentence(rule if f"solution.{rule}" in WORDS["en"] else "rule.unknown",
                          {"algorithm": algorithm.key, "attribute": winner}))
    if decision.get("ties"):
        steps.append(Sentence(f"ties.{tie_break}", {"attribute": winner,
                                                    "ties": tuple(decision["ties"])}))
    if decision.get("threshold") is not None:
        steps.append(Sentence("split_at", {"attribute": winner,
                                           "t": record_threshold_text(decision)}))
    return steps


def linear_steps(decision: dict, rows: list[dict], algorithm, decimals: int,
                 names: Notation = ZHOU) -> list[Step]:
    """An oblique node (Zhou §4.5): the best single attribute's score, then the linear test
    that lowered the Gini index more, and its cut."""
    axis = decision.get("axis_best") or {}
    test = {"test": decision["attribute"], "gini": _fixed(decision["linear_impurity"], decimals),
            "gain": _fixed(decision["linear_gain"], decimals)}
    if axis and rows:  # the two gains compared, shown to as many decimals as tell them apart
        test["gain"], axis_gain = told_apart(decision["linear_gain"], axis["gini_gain"], decimals)
        ties = tuple(axis.get("ties") or ())  # single attributes tied with the one beaten
        steps: list[Step] = [_best_equation(rows, axis["attribute"], algorithm, decimals, names),
                             Sentence("linear.axis_tied" if ties else "linear",
                                      {**test, "axis": axis["attribute"], "axis_gain": axis_gain,
                                       **({"ties": ties} if ties else {})})]
    else:
        steps = [Sentence("linear.alone", test)]
    steps.append(Sentence("split_at", {"attribute": decision["attribute"],
                                       "t": record_threshold_text(decision)}))
    return steps


def _best_equation(pool: list[dict], winner: str, algorithm, decimals: int,
                   names: Notation = ZHOU) -> Equation:
    """Gain(D, 纹理) = max{0.108, 0.143, …} = 0.381: the winner's score is the best of them
    (the smallest for a rule that ranks lowest)."""
    field_name = _ranked_field(pool, algorithm)
    best = next((r for r in pool if r["attribute"] == winner), pool[0])
    # the winner's score told apart from every other (a tie reads as one)
    decimals = places_apart([(best[field_name], r[field_name]) for r in pool if r is not best],
                            decimals)
    values = ", ".join(_fixed(r[field_name], decimals) for r in pool)
    word = RANKED.get(field_name, "max")
    if algorithm.ranks_lowest:  # a baseline takes the smallest of a score the book maximises
        word = {"max": "min", "min": "max"}[word]
    a = _split_argument(best, names) if field_name == "gini_index" else _name(winner)
    lhs = (Formula(rf"\rho \cdot \Delta\mathrm{{Gini}}({_name(winner).latex})",
                   f"ρ·ΔGini({winner})") if field_name == "gini_gain"
           else _symbol(names, field_name, a=a))
    return Equation(field_name, best["attribute"], best[field_name], lhs,
                    (Formula(rf"\{word}\{{{values}\}}", f"{word}{{{values}}}"),
                     _number(best[field_name], decimals)))


def _ranked_field(rows: list[dict], algorithm) -> str:
    """The score the rule compares: CART ranks by the Gini gain when a value is missing."""
    if _is_gini_family(algorithm):
        return "gini_gain" if any(r["rho"] < 1 for r in rows) else "gini_index"
    return algorithm.ranks_by


# Min-gain leaves whose rule picks the largest of the score compared with the threshold: a
# trace written before leaves named their pick (decision "picked") is read by the largest.
COMPARED_WITH_THE_LARGEST = ("min_gain", "min_gain.gini", "epsilon", "epsilon_gain")


def compared_row(node: dict, algorithm, names: Notation = ZHOU) -> dict | None:
    """At a leaf whose stop compared the score of the rule's pick with the limit
    (growing.late_stops), the pick's row: the decision names it (Zhou's C4.5 picks by the
    gain ratio among the above-average gains, so its gain need not be the largest); in an
    older trace, the largest where the rule picks that (COMPARED_WITH_THE_LARGEST, the first
    of those tied for it). None elsewhere, and for an oblique tree, whose linear test tried
    there may have been larger than every attribute (the trace keeps no losing test at a
    leaf). The node panel, its sentence and the worked solution all read this one row."""
    decision = node["decision"]
    if algorithm is None or decision["kind"] != "leaf" or getattr(algorithm, "linear", None):
        return None
    rows = [row for row in node.get("scores") or () if row.get("eligible", True)]
    if decision.get("picked") is not None:
        return next((row for row in rows if row["attribute"] == decision["picked"]), None)
    if names.stop_key(leaf_stop(decision) or "", algorithm) not in COMPARED_WITH_THE_LARGEST:
        return None
    return max(rows, key=lambda row: row[algorithm.impurity_decrease]) if rows else None


def compared_values(node: dict, algorithm, names: Notation, min_gain: float | None,
                    decimals: int) -> dict | None:
    """The numbers a stop that compared its rule's pick with the limit says (compared_row):
    {best: the pick's score told apart from the limit, written in full (0.41997 below
    0.42), threshold, attribute}; None where no such stop fired. The worked solution, the
    panel's sentence and the lit pseudocode line all say these."""
    row = compared_row(node, algorithm, names) if min_gain is not None else None
    if row is None:
        return None
    return {"best": told_apart(row[algorithm.impurity_decrease], min_gain, decimals)[0],
            "threshold": format_number(min_gain), "attribute": row["attribute"]}


def leaf_steps(node: dict, algorithm=None, names: Notation = ZHOU, min_gain=None,
               decimals: int = DECIMALS) -> list[Step]:
    decision = node["decision"]
    if decision["kind"] != "leaf":
        return []
    stop = leaf_stop(decision) or "unknown"
    key = names.stop_key(stop, algorithm) if algorithm else stop
    key = key if f"solution.stop.{key}" in WORDS["en"] else "unknown"
    compared = (compared_values(node, algorithm, names, min_gain, decimals)
                if key != "unknown" else None) or {}
    number = names.own_algorithm(algorithm)
    if number and f"solution.stop.{key}.lihang.{number}" in WORDS["en"]:  # that algorithm's
        key += f".lihang.{number}"
    elif number and f"solution.stop.{key}.lihang" in WORDS["en"]:  # 5.2's, 5.3's steps
        key += ".lihang"
    if compared:
        key += ".compared"
    return [Sentence(f"stop.{key}", {"label": decision["label"], "code": stop,
                                     "number": number or "", **compared})]


def node_heading(trace: dict, node: dict) -> Sentence:
    path = " ∧ ".join(branch_text(c) for c in node_path(trace, node))
    values = {"node": node["id"], "n": _count(node["weight"], DECIMALS),
              "counts": counts_parts(node["class_counts"]), "path": path}
    return Sentence("heading.node" if path else "heading.root", values)


def solve_node(trace: dict, node: dict, decimals: int = DECIMALS,
               names: Notation = ZHOU) -> NodeSolution:
    """The hand computation at one node: Ent(D) or Gini(D), every candidate, the choice."""
    algorithm = algorithms.get(trace["algorithm"])
    rows = [r for r in node.get("scores") or [] if r.get("eligible", True)]
    steps: list[Step] = []
    if rows and not node.get("pruned_away"):
        entropy, gini = _uses(algorithm)
        counts = list(node["class_counts"].values())
        if entropy:
            steps.append(entropy_equation(counts, node["entropy"], set_name(None), decimals,
                                          generic=True, names=names))
        if gini:
            steps.append(gini_equation(counts, node["gini"], set_name(None), decimals,
                                       generic=True, names=names))
        for row in rows:
            steps += candidate_steps(row, node, algorithm, decimals, names)
        steps += comparison_steps(node, rows, algorithm, decimals,
                                  trace["params"].get("tie_break", "first"), names)
    steps += leaf_steps(node, algorithm, names, trace["params"].get("min_gain"), decimals)
    return NodeSolution(node["id"], node_heading(trace, node), tuple(steps))


def nodes_in(trace: dict, node_id: int, scope: str) -> list[dict]:
    """The nodes a scope covers, in TreeGenerate's order: one, its subtree, or all."""
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {', '.join(SCOPES)}, not {scope!r}.")
    nodes = trace["nodes"]
    if scope == "node":
        return [nodes[node_id]]
    below = {node_id} if scope == "branch" else {n["id"] for n in nodes}
    for i in trace["steps"]:  # parents are decided before their children
        if nodes[i]["parent"] in below:
            below.add(i)
    return [nodes[i] for i in trace["steps"] if i in below and not nodes[i].get("pruned_away")]


def solve(trace: dict, node_id: int = 0, scope: str = "node", decimals: int = DECIMALS,
          dataset: str = "", notation: str = notations.DEFAULT,
          first: int | None = None) -> Solution:
    """The worked solution of a node, the branch below it, or the whole tree, in Zhou's
    notation or Li Hang's (dtree_core.notation); `first`: only that many of its nodes, in
    nodes_in's order (None: all)."""
    names = notations.get(notation)
    return Solution(trace["algorithm"], dataset,
                    tuple(solve_node(trace, n, decimals, names)
                          for n in nodes_in(trace, node_id, scope)[:first]),
                    decimals, names.key)


# --------------------------------------------------------------------- words


def sentence_text(sentence: Sentence, lang: str, escape=str, names: Notation = ZHOU) -> str:
    """The sentence in a language and the notation's terms, each value escaped for the
    output format (an algorithm, kept as its key, by its name in the language)."""
    words = WORDS.get(lang, WORDS["en"])
    values = dict(sentence.values)
    if "algorithm" in values:
        values["algorithm"] = algorithm_name(values["algorithm"], lang)
    return fill(names.in_terms(words[f"solution.{sentence.key}"]), {
        k: words["solution.list"].join(map(escape, v)) if isinstance(v, tuple) else escape(v)
        for k, v in values.items()})


def algorithm_name(key: str, lang: str) -> str:
    """The algorithm's name in the language: its label (ID3, CART) unless that is an English
    word the language has its own for (Worst, Oblique)."""
    words = WORDS.get(lang, WORDS["en"])
    return words.get(f"solution.name.{key}", algorithms.get(key).label)


def title_text(solution: Solution, lang: str, escape=str) -> str:
    name = algorithm_name(solution.algorithm, lang)
    key = "solution.title.dataset" if solution.dataset else "solution.title"
    return WORDS[lang][key].format(algorithm=name, dataset=escape(solution.dataset))


def equation_latex(equation: Equation) -> str:
    """One line, or one line per `=` (aligned) when the substituted numbers make it long."""
    if len(equation.steps) < 3:
        return " = ".join([equation.lhs.latex, *(s.latex for s in equation.steps)])
    lines = [f"{equation.lhs.latex} &= {equation.steps[0].latex}",
             *(f"&= {s.latex}" for s in equation.steps[1:])]
    return "\\begin{aligned}\n" + " \\\\\n".join(lines) + "\n\\end{aligned}"


def equation_text(equation: Equation) -> str:
    return " = ".join([equation.lhs.text, *(s.text for s in equation.steps)])


def to_markdown(solution: Solution, lang: str = "en", level: int = 1) -> str:
    """Markdown with LaTeX display blocks ($$ … $$), names escaped for each place; the title
    is a heading of `level` (a page embedding it passes a deeper one)."""
    title, node_heading_mark = "#" * level, "#" * (level + 1)
    names = notations.get(solution.notation)
    lines = [f"{title} {title_text(solution, lang, escape_markdown_cell)}", ""]
    for node in solution.nodes:
        heading = sentence_text(node.heading, lang, escape_markdown_cell, names)
        lines += [f"{node_heading_mark} {heading}", ""]
        for step in node.steps:
            if isinstance(step, Equation):
                lines += ["$$", equation_latex(step), "$$", ""]
            else:
                lines += [sentence_text(step, lang, escape_markdown_cell, names), ""]
    return "\n".join(lines).rstrip("\n") + "\n"


HTML_STYLE = """
body { font-family: "Noto Serif CJK SC", "Songti SC", serif; max-width: 52em; margin: 2em auto;
       padding: 0 1em; line-height: 1.5; color: #111; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #999; }
p.eq { font-family: "Cambria Math", "STIX Two Math", serif; margin: .3em 0 .3em 2em; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } }
""".strip()


def _html_value(text) -> str:
    """A name or value in the page: HTML escaped, its line breaks and tabs shown (⏎, ⇥), as
    every other form shows them; HTML would fold both into a space."""
    return escape_html(one_line(text))


def to_html(solution: Solution, lang: str = "en") -> str:
    """A self-contained, printable HTML page: no scripts, no external files."""
    title = title_text(solution, lang, _html_value)
    names = notations.get(solution.notation)
    body = [f"<h1>{title}</h1>"]
    for node in solution.nodes:
        body.append(f"<h2>{sentence_text(node.heading, lang, _html_value, names)}</h2>")
        for step in node.steps:
            if isinstance(step, Equation):
                body.append(f'<p class="eq">{_html_value(equation_text(step))}</p>')
            else:
                body.append(f"<p>{sentence_text(step, lang, _html_value, names)}</p>")
    html_lang = "zh-CN" if lang == "zh" else "en"
    return (f'<!DOCTYPE html>\n<html lang="{html_lang}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{title}</title>\n<style>\n{HTML_STYLE}\n</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


WORDS: dict[str, dict[str, str]] = {
    "en": {
        "solution.list": ", ",
        "solution.title": "Worked solution: {algorithm}",
        "solution.title.dataset": "Worked solution: {algorithm} on {dataset}",
        # An algorithm's name where its label is English words (ID3, CART read alike in both).
        "solution.name.worst": "Worst",
        "solution.name.oblique": "Oblique",
        "solution.name.c45_lihang": "C4.5 (Li Hang)",
        "solution.heading.root": "Node #{node} (root): |D| = {n} ({counts})",
        "solution.heading.node": "Node #{node}: {path}; |D| = {n} ({counts})",
        "solution.candidate": "Attribute {attribute}:",
        "solution.threshold": ("{attribute} is continuous: the candidate thresholds are the "
                               "midpoints of adjacent values, and the best is t = {t}."),
        "solution.threshold.tied": ("As good a split is made at t = {others}: of tied "
                                    "thresholds the smallest is taken."),
        "solution.missing": ("{attribute} is unknown in some samples: D̃ holds the samples "
                             "with a known value, a share ρ = {rho} of D."),
        "solution.branch": "{set}: {condition}, |{set}| = {n} ({counts})",
        "solution.passed": ("Gain at least the mean {mean}: {attributes}; only these "
                            "may win."),
        "solution.rule.max_gain": "{algorithm} splits on the attribute with the largest "
                                  "information gain: {attribute}.",
        "solution.rule.c45_gain_ratio": ("{algorithm} splits, among them, on the attribute "
                                         "with the largest gain ratio: {attribute}."),
        "solution.rule.min_gini": ("{algorithm} splits on the attribute with the smallest "
                                   "Gini index: {attribute}."),
        "solution.rule.min_gini.missing": (
            "{algorithm} splits on the attribute with the largest ρ·ΔGini, the drop in the Gini "
            "index on the samples with a known value weighted by their share ρ (with missing "
            "values the smallest Gini index may lose): {attribute}."),
        "solution.rule.max_gain_ratio": ("{algorithm} splits on the attribute with the largest "
                                         "information gain ratio, with no mean-gain filter "
                                         "(Li Hang, Alg. 5.3): {attribute}."),
        "solution.rule.unknown": "{algorithm} splits on {attribute} by its own rule.",
        "solution.rule.min_gain_worst": ("{algorithm}, a baseline, splits on purpose on the "
                                         "attribute with the smallest information gain: "
                                         "{attribute}."),
        "solution.linear": ("The linear test {test} (refined by OC1's coordinate moves, cut at "
                            "its best midpoint) has Gini_index {gini} and ρ·ΔGini {gain}, "
                            "more than the best single attribute {axis} ({axis_gain}): "
                            "it splits here."),
        "solution.linear.axis_tied": (
            "The linear test {test} (refined by OC1's coordinate moves, cut at its best "
            "midpoint) has Gini_index {gini} and ρ·ΔGini {gain}, more than the best single "
            "attributes, {axis} and {ties}, which tie ({axis_gain}): it splits here."),
        "solution.rule.oblique": ("{algorithm} splits on the test with the smallest Gini "
                                  "index, one attribute or a linear one (one attribute on a "
                                  "tie): {attribute}."),
        "solution.rule.oblique.missing": (
            "{algorithm} splits on the test with the largest ρ·ΔGini, one attribute or a "
            "linear one (one attribute on a tie; with missing values the smallest Gini index "
            "may lose): {attribute}."),
        "solution.rule.oblique.axis_only": (
            "{algorithm} splits on the single attribute with the largest ρ·ΔGini, the drop in "
            "the Gini index weighted by the share ρ of known values (no linear test was "
            "learned at this node): {attribute}."),
        "solution.linear.lost": ("The linear test {test} (the best OC1 found) would leave "
                                 "Gini_index {gini} (ρ·ΔGini {gain}): no better, so the single "
                                 "attribute stays."),
        "solution.linear.tied": ("The linear test {test} (the best OC1 found) would leave "
                                 "Gini_index {gini} (ρ·ΔGini {gain}): it ties with the single "
                                 "attribute, which is kept, the simpler test."),
        "solution.linear.alone": ("No single attribute can split here; the linear test {test} "
                                  "(Gini_index {gini}, ρ·ΔGini {gain}) does."),
        "solution.random": "{algorithm} draws a candidate at random: {attribute}.",
        "solution.forced": "{attribute} was forced here by hand, whatever the numbers say.",
        "solution.ties.first": ("{attribute} ties with {ties}; the attribute that comes first "
                                "in the data's columns wins (the book's way): {attribute}."),
        "solution.ties.last": ("{attribute} ties with {ties}; the attribute that comes last in "
                               "the data's columns wins: {attribute}."),
        "solution.ties.random": ("{attribute} ties with {ties}; a seeded draw picks "
                                 "{attribute}."),
        "solution.split_at": "The split is {attribute} ≤ t and {attribute} > t with t = {t}.",
        "solution.stop.pure": ("All samples in D are of class {label} (Fig. 4.2, lines 2–4): "
                               "a leaf of class {label}."),
        "solution.stop.no_attributes": ("A = ∅, no attribute is left (lines 5–7): a leaf "
                                        "labelled {label}, D's majority class."),
        "solution.stop.same_values": ("All samples in D take the same values on A (lines "
                                      "5–7): a leaf labelled {label}, D's majority class."),
        "solution.stop.empty": ("D is empty (lines 11–12): a leaf labelled {label}, the "
                                "parent's majority class."),
        "solution.stop.max_depth": ("The maximum depth is reached (a stopping limit): a leaf "
                                    "labelled {label}, the majority class."),
        "solution.stop.min_samples": ("Fewer samples than needed to split (a stopping limit): "
                                      "a leaf labelled {label}, the majority class."),
        "solution.stop.min_gain": ("The best gain is below the minimum gain (a stopping "
                                   "limit): a leaf labelled {label}, the majority class."),
        "solution.stop.min_branch_weight": ("No split leaves two branches with the minimum "
                                            "branch weight: a leaf labelled {label}."),
        "solution.stop.pruned": "Pruning replaced this subtree by a leaf labelled {label}.",
        "solution.stop.pre_pruned": ("Pre-pruning refused the split chosen here (it did not "
                                     "raise the validation accuracy): a leaf labelled {label}."),
        "solution.stop.raised": ("C4.5's subtree raising moved this leaf up (a copy of a leaf "
                                 "of the largest branch, recounted): a leaf labelled {label}."),
        "solution.stop.epsilon": ("The largest information gain ratio g_R(D, A_g) is below "
                                  "the threshold ε (Li Hang, Alg. 5.3, step (4)): T is a single "
                                  "node labelled {label}, the class with the most instances in "
                                  "D."),
        "solution.stop.epsilon_gain": ("The largest information gain g(D, A_g) is below the "
                                       "threshold ε (Li Hang, Alg. 5.2, step (4)): T is a single "
                                       "node labelled {label}, the class with the most "
                                       "instances in D."),
        "solution.stop.unknown": "A leaf labelled {label} ({code}).",
        "solution.stop.min_gain.gini": ("The largest decrease of the Gini index, ρ·ΔGini, is "
                                        "below the minimum gain (a stopping limit): a leaf "
                                        "labelled {label}, the majority class."),
        "solution.stop.min_gain.gini.compared": (
            "The largest decrease of the Gini index, ρ·ΔGini = {best}, is below the minimum gain "
            "{threshold} (a stopping limit): a leaf labelled {label}, the majority class."),
        # in Li Hang's symbols, as his score table heads the decrease (col.gini_gain.lihang)
        "solution.stop.min_gain.gini.lihang.5.6": (
            "The largest decrease of the Gini index, ρ·(Gini(D̃) − Gini(D̃, A)), is below the "
            "minimum gain (a stopping limit): a leaf labelled {label}, the majority class."),
        "solution.stop.min_gain.gini.lihang.5.6.compared": (
            "The largest decrease of the Gini index, ρ·(Gini(D̃) − Gini(D̃, A)) = {best}, is "
            "below the minimum gain {threshold} (a stopping limit): a leaf labelled {label}, "
            "the majority class."),
        "solution.stop.min_gain.chosen": ("The gain of the attribute the rule picks is below the "
                                          "minimum gain (a stopping limit): a leaf labelled "
                                          "{label}, the majority class."),
        "solution.stop.min_gain.chosen.compared": (
            "The rule picks {attribute}, whose gain, {best}, is below the minimum gain "
            "{threshold} (a stopping limit): a leaf labelled {label}, the majority class."),
        "solution.stop.min_gain.compared": (
            "The best gain, {best}, is below the minimum gain {threshold} (a stopping limit): a "
            "leaf labelled {label}, the majority class."),
        "solution.stop.epsilon.compared": (
            "The largest information gain ratio, g_R(D, A_g) = {best}, is below the threshold "
            "ε = {threshold} (Li Hang, Alg. 5.3, step (4)): T is a single node labelled {label}, "
            "the class with the most instances in D."),
        "solution.stop.epsilon_gain.compared": (
            "The largest information gain, g(D, A_g) = {best}, is below the threshold ε = "
            "{threshold} (Li Hang, Alg. 5.2, step (4)): T is a single node labelled {label}, the "
            "class with the most instances in D."),
        "solution.iv.unknown": ("The last term, {share}, is the share of the samples whose "
                                "{attribute} is unknown: {iv} counts them as one more value, "
                                "as Quinlan's C4.5 does."),
        "solution.iv.zero": ("{iv} = 0: every sample here has the same value of {attribute}, "
                             "so {ratio} is taken as 0 rather than divided by zero."),
        "solution.quiz.partition": ("Here {attribute} is split two ways, its best two-way "
                                    "partition, not one branch per value: {left_set}: "
                                    "{left}; {right_set}: {right}."),
        "solution.stop.pure.lihang": ("Every instance in D belongs to class {label} (Li Hang, "
                                      "Alg. {number}, step (1)): T is a single node labelled "
                                      "{label}."),
        "solution.stop.no_attributes.lihang": ("A = ∅ (Alg. {number}, step (2)): T is a single "
                                               "node labelled {label}, the class with the most "
                                               "instances in D."),
        "solution.stop.same_values.lihang": (
            "Every instance in D takes the same values on A, a case Alg. {number} has no step "
            "of its own for: as Zhou's Fig. 4.2 lines 5–6, a leaf labelled {label}, the class "
            "with the most instances in D."),
        "solution.stop.empty.lihang": (
            "D is empty: Alg. {number} makes no child for a value absent from the parent; as "
            "Zhou's Fig. 4.2 lines 11–12, a leaf labelled {label}, the class with the most "
            "instances in the parent."),
        "solution.stop.pure.lihang.5.6": (
            "Every instance in D belongs to class {label}: its Gini index is 0, below any "
            "threshold, a stopping condition of Li Hang's Alg. 5.6 (step (3)): a leaf labelled "
            "{label}."),
        "solution.stop.no_attributes.lihang.5.6": (
            "No feature is left, a stopping condition of Alg. 5.6 (step (3)): a leaf labelled "
            "{label}, the class with the most instances in D."),
        "solution.stop.min_samples.lihang.5.6": (
            "D holds fewer instances than the min samples to split, a stopping condition of "
            "Alg. 5.6 (step (3)): a leaf labelled {label}, the class with the most instances "
            "in D."),
        "solution.stop.same_values.lihang.5.6": (
            "Every instance in D takes the same values on the features, so no cut point parts "
            "D in two, a case Alg. 5.6 has no condition of its own for: as Zhou's Fig. 4.2 "
            "lines 5–6, a leaf labelled {label}, the class with the most instances in D."),
        "solution.stop.empty.lihang.5.6": (
            "D is empty, which neither child of Alg. 5.6 is; as Zhou's Fig. 4.2 lines 11–12, a "
            "leaf labelled {label}, the class with the most instances in the parent."),
    },
    "zh": {
        "solution.list": "、",
        "solution.title": "手算过程：{algorithm}",
        "solution.title.dataset": "手算过程：{algorithm}，{dataset}",
        "solution.name.worst": "最差基线",
        "solution.name.oblique": "斜决策树",
        "solution.name.c45_lihang": "C4.5（李航）",
        "solution.heading.root": "结点 #{node}（根结点）：|D| = {n}（{counts}）",
        "solution.heading.node": "结点 #{node}：{path}；|D| = {n}（{counts}）",
        "solution.candidate": "属性 {attribute}：",
        "solution.threshold": ("{attribute} 是连续属性：候选划分点为相邻取值的中位点，"
                               "最优划分点 t = {t}。"),
        "solution.threshold.tied": "在 t = {others} 处划分，得分与之相同：划分点并列时取最小者。",
        "solution.missing": ("{attribute} 在部分样本上有缺失值：D̃ 为该属性上无缺失值的样本子集，"
                             "占 D 的比例 ρ = {rho}。"),
        "solution.branch": "{set}：{condition}，|{set}| = {n}（{counts}）",
        "solution.passed": "信息增益不低于平均值 {mean} 的属性：{attributes}；只在其中选择。",
        "solution.rule.max_gain": "{algorithm} 选择信息增益最大的属性作为划分属性：{attribute}。",
        "solution.rule.c45_gain_ratio": "{algorithm} 再从中选择增益率最高的属性：{attribute}。",
        "solution.rule.min_gini": ("{algorithm} 选择划分后基尼指数最小的属性作为最优划分属性："
                                   "{attribute}。"),
        "solution.rule.min_gini.missing": (
            "{algorithm} 选择 ρ·ΔGini 最大的属性作为最优划分属性（ΔGini 为无缺失值样本上划分前后"
            "基尼指数之差，ρ 为无缺失值样本所占比例；有缺失值时基尼指数最小的属性未必胜出）："
            "{attribute}。"),
        "solution.rule.unknown": "{algorithm} 按自身的准则选择 {attribute}。",
        "solution.rule.min_gain_worst": ("{algorithm}有意选择信息增益最小的属性作为划分属性："
                                         "{attribute}。"),
        "solution.rule.max_gain_ratio": ("{algorithm}选择信息增益比最大的属性，不经平均增益筛选"
                                         "（李航，算法 5.3）：{attribute}。"),
        "solution.linear": ("线性划分 {test}（经 OC1 坐标调整，取最优划分点）的 Gini_index 为 "
                            "{gini}，ρ·ΔGini 为 {gain}，大于最优单属性划分 {axis} 的 {axis_gain}"
                            "：在此按它划分。"),
        "solution.linear.axis_tied": (
            "线性划分 {test}（经 OC1 坐标调整，取最优划分点）的 Gini_index 为 {gini}，ρ·ΔGini 为 "
            "{gain}，大于并列最优的单属性划分（{axis}、{ties}，均为 {axis_gain}）：在此按它划分。"),
        "solution.rule.oblique": ("{algorithm}选择划分后基尼指数最小的划分（单属性划分或线性划分，"
                                  "相等时取单属性划分）：{attribute}。"),
        "solution.rule.oblique.missing": (
            "{algorithm}选择 ρ·ΔGini 最大的划分（单属性划分或线性划分，相等时取单属性划分；有缺失"
            "值时基尼指数最小者未必胜出）：{attribute}。"),
        "solution.rule.oblique.axis_only": (
            "{algorithm}选择 ρ·ΔGini（基尼指数的下降量，按已知取值的比例 ρ 加权）最大的单属性"
            "划分（此结点没有学到线性划分）：{attribute}。"),
        "solution.linear.lost": ("线性划分 {test}（OC1 找到的最优者）划分后的 Gini_index 为 {gini}"
                                 "（ρ·ΔGini 为 {gain}），并不更好，因此保留单属性划分。"),
        "solution.linear.tied": ("线性划分 {test}（OC1 找到的最优者）划分后的 Gini_index 为 {gini}"
                                 "（ρ·ΔGini 为 {gain}），与单属性划分并列，因此保留更简单的单属性"
                                 "划分。"),
        "solution.linear.alone": ("此处没有可用的单属性划分；按线性划分 {test} 划分（Gini_index 为 "
                                  "{gini}，ρ·ΔGini 为 {gain}）。"),
        "solution.random": "{algorithm} 随机抽取一个候选属性：{attribute}。",
        "solution.forced": "此处人为指定划分属性 {attribute}，不论上面的数值如何。",
        "solution.ties.first": ("{attribute} 与 {ties} 并列；按属性在数据中的列顺序取第一个"
                                "（书中的做法）：{attribute}。"),
        "solution.ties.last": ("{attribute} 与 {ties} 并列；按属性在数据中的列顺序取最后一个："
                               "{attribute}。"),
        "solution.ties.random": "{attribute} 与 {ties} 并列；按随机种子抽取：{attribute}。",
        "solution.split_at": "划分为 {attribute} ≤ t 与 {attribute} > t，其中 t = {t}。",
        "solution.stop.pure": ("D 中样本全属于同一类别“{label}”（图 4.2 第 2–4 行）："
                               "标记为“{label}”类叶结点。"),
        "solution.stop.no_attributes": ("A = ∅，没有可用的属性（第 5–7 行）：叶结点，"
                                        "类别标记为 D 中样本数最多的类“{label}”。"),
        "solution.stop.same_values": ("D 中样本在 A 上取值相同（第 5–7 行）：叶结点，"
                                      "类别标记为 D 中样本数最多的类“{label}”。"),
        "solution.stop.empty": ("D 为空（第 11–12 行）：叶结点，类别标记为父结点中样本最多的类"
                                "“{label}”。"),
        "solution.stop.max_depth": "达到最大深度（停止条件）：叶结点，类别标记为多数类“{label}”。",
        "solution.stop.min_samples": ("样本数少于划分所需的最少样本数（停止条件）：叶结点，"
                                      "类别标记为多数类“{label}”。"),
        "solution.stop.min_gain": ("最大信息增益低于最小增益（停止条件）：叶结点，"
                                   "类别标记为多数类“{label}”。"),
        "solution.stop.min_branch_weight": ("没有划分能使两个分支都达到分支最小权重："
                                            "叶结点，类别标记为“{label}”。"),
        "solution.stop.pruned": "剪枝将此子树替换为叶结点，类别标记为“{label}”。",
        "solution.stop.pre_pruned": ("预剪枝拒绝了此处选出的划分（它没有提高验证集精度）："
                                     "叶结点，类别标记为“{label}”。"),
        "solution.stop.raised": ("C4.5 的子树提升把此叶结点上移（最大分支中一个叶结点的副本，"
                                 "重新计数）：叶结点，类别标记为“{label}”。"),
        "solution.stop.epsilon": ("最大的信息增益比 g_R(D, A_g) 小于阈值 ε（李航，算法 5.3 "
                                  "步 (4)）：T 为单结点树，类标记为 D 中实例数最大的类“{label}”。"),
        "solution.stop.epsilon_gain": ("最大的信息增益 g(D, A_g) 小于阈值 ε（李航，算法 5.2 步 (4)"
                                       "）：T 为单结点树，类标记为 D 中实例数最大的类“{label}”。"),
        "solution.stop.unknown": "叶结点，类别标记为“{label}”（{code}）。",
        "solution.stop.min_gain.gini": ("基尼指数的最大减少量 ρ·ΔGini 低于最小增益（停止条件）："
                                        "叶结点，类别标记为多数类“{label}”。"),
        "solution.stop.min_gain.gini.compared": (
            "基尼指数的最大减少量 ρ·ΔGini = {best} 低于最小增益 {threshold}（停止条件）：叶结点，"
            "类别标记为多数类“{label}”。"),
        "solution.stop.min_gain.gini.lihang.5.6": (
            "基尼指数的最大减少量 ρ·(Gini(D̃) − Gini(D̃, A)) 低于最小增益（停止条件）：叶结点，"
            "类别标记为多数类“{label}”。"),
        "solution.stop.min_gain.gini.lihang.5.6.compared": (
            "基尼指数的最大减少量 ρ·(Gini(D̃) − Gini(D̃, A)) = {best} 低于最小增益 {threshold}"
            "（停止条件）：叶结点，类别标记为多数类“{label}”。"),
        "solution.stop.min_gain.chosen": ("按规则选出的属性的信息增益低于最小增益（停止条件）："
                                          "叶结点，类别标记为多数类“{label}”。"),
        "solution.stop.min_gain.chosen.compared": (
            "按规则选出的属性“{attribute}”的信息增益 {best} 低于最小增益 {threshold}"
            "（停止条件）：叶结点，类别标记为多数类“{label}”。"),
        "solution.stop.min_gain.compared": (
            "最大信息增益 {best} 低于最小增益 {threshold}（停止条件）：叶结点，类别标记为多数类"
            "“{label}”。"),
        "solution.stop.epsilon.compared": (
            "最大的信息增益比 g_R(D, A_g) = {best} 小于阈值 ε = {threshold}（李航，算法 5.3 "
            "步 (4)）：T 为单结点树，类标记为 D 中实例数最大的类“{label}”。"),
        "solution.stop.epsilon_gain.compared": (
            "最大的信息增益 g(D, A_g) = {best} 小于阈值 ε = {threshold}（李航，算法 5.2 步 (4)）："
            "T 为单结点树，类标记为 D 中实例数最大的类“{label}”。"),
        "solution.iv.unknown": ("最后一项 {share} 是 {attribute} 取值缺失的样本所占的比例：{iv} "
                                "把它们算作一个单独的取值，与 Quinlan 的 C4.5 相同。"),
        "solution.iv.zero": ("{iv} = 0：此处所有样本的 {attribute} 取值相同，{ratio} 记为 0，"
                             "不做除以零的计算。"),
        "solution.quiz.partition": ("此处对 {attribute} 做二分划分（取其最优的二分划分，而不是每个"
                                    "取值一个分支）：{left_set}：{left}；{right_set}：{right}。"),
        "solution.stop.pure.lihang": ("D 中所有实例属于同一类“{label}”（李航，算法 {number} "
                                      "步 (1)）：T 为单结点树，类标记为“{label}”。"),
        "solution.stop.no_attributes.lihang": ("A = ∅（算法 {number} 步 (2)）：T 为单结点树，"
                                               "类标记为 D 中实例数最大的类“{label}”。"),
        "solution.stop.same_values.lihang": (
            "D 中实例在 A 上取值全部相同，算法 {number} 没有单列这种情形：按周志华图 4.2 "
            "第 5–6 行，叶结点，类标记为 D 中实例数最大的类“{label}”。"),
        "solution.stop.empty.lihang": (
            "D 为空：算法 {number} 不为父结点中没有出现的取值构建子结点；按周志华图 4.2 "
            "第 11–12 行，叶结点，类标记为父结点中实例数最大的类“{label}”。"),
        "solution.stop.pure.lihang.5.6": (
            "D 中所有实例属于同一类“{label}”：其基尼指数为 0，小于任何阈值，满足李航算法 5.6 "
            "的停止条件（步 (3)）：叶结点，类标记为“{label}”。"),
        "solution.stop.no_attributes.lihang.5.6": (
            "没有更多特征，满足算法 5.6 的停止条件（步 (3)）：叶结点，类标记为 D 中实例数最大的类"
            "“{label}”。"),
        "solution.stop.min_samples.lihang.5.6": (
            "D 中的实例数小于最少样本数，满足算法 5.6 的停止条件（步 (3)）：叶结点，类标记为 D 中"
            "实例数最大的类“{label}”。"),
        "solution.stop.same_values.lihang.5.6": (
            "D 中实例在各特征上取值全部相同，没有哪个切分点能把 D 分成两部分，算法 5.6 没有单列"
            "这种情形：按周志华图 4.2 第 5–6 行，叶结点，类标记为 D 中实例数最大的类“{label}”。"),
        "solution.stop.empty.lihang.5.6": (
            "D 为空，而算法 5.6 的两个子结点都不为空；按周志华图 4.2 第 11–12 行，叶结点，类标记"
            "为父结点中实例数最大的类“{label}”。"),
    },
}
