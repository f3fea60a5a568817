"""Check my numbers: a student's hand computation at one node, line by line, against the trace.

`check(text, trace, node_id)` parses one quantity per line (`Gain(D,色泽) = 0.109`,
`IV(色泽)=0.613`, `信息增益(色泽) = 0.109`, Li Hang's `g(D,A)`, …), marks each right or wrong
within a tolerance (the book's three decimals: ±0.0005 by default), names the first wrong step,
and for a wrong line looks for the usual slip: natural log or log₁₀ instead of log₂, Ent(D)
in place of IV, a branch left out of the sum, a number carried from an earlier wrong line.
Results are codes and values; the UI words them (ui/sections/exercises.py). Every right number
comes from the trace, and the right computation is the worked solution's equation.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property

import numpy as np

from . import algorithms, plugged
from . import notation as notations
from .criteria import split_scores
from .data import Listed
from .labels import curve_digits
from .notation import Notation
from .options import CURVE_POINTS
from .reading import Columns, Reading, asked_variant, read_name
from .solution import (
    ZHOU,
    Equation,
    Formula,
    Sentence,
    branch_name,
    conditional_entropy_equation,
    entropy_equation,
    equation_text,
    gain_equation,
    gain_ratio_equation,
    gini_equation,
    gini_gain_equation,
    gini_index_equation,
    gini_of,
    iv_equation,
    iv_unknown_note,
    row_split,
    set_name,
    split_gini,
    value_split,
)
from .split import record_threshold_text, threshold_text, too_few_decimals, written_decimals
from .splitting import is_tied, other_tied_thresholds
from .trace import has_scores

TOLERANCE = 0.0005  # the book prints three decimals

# Names students write, in either language (Zhou's and Li Hang's notation), lower-cased.
NAMES = {
    "ent": "entropy", "h": "entropy", "信息熵": "entropy", "熵": "entropy",
    "gini": "gini", "基尼值": "gini",
    "gain": "gain", "g": "gain", "信息增益": "gain", "增益": "gain",
    "iv": "iv", "固有值": "iv", "h_a": "iv", "ha": "iv", "splitinfo": "iv",
    "gain_ratio": "gain_ratio", "gainratio": "gain_ratio", "g_r": "gain_ratio",
    "gr": "gain_ratio", "增益率": "gain_ratio", "信息增益率": "gain_ratio",
    "gini_index": "gini_index", "giniindex": "gini_index", "基尼指数": "gini_index",
    # Li Hang's words: 经验熵 H(D), 经验条件熵 H(D|A) (CONDITIONAL), 信息增益比 g_R(D,A)
    "经验熵": "entropy",
    "信息增益比": "gain_ratio", "增益比": "gain_ratio",
}
# H(D|A) by name: 经验条件熵(D,色泽), 条件熵(色泽) and 经验条件熵(D|色泽) alike (without an
# attribute the line asks which one: it is never the node's H(D)).
CONDITIONAL = {"经验条件熵", "条件熵", "conditional_entropy"}
NODE_QUANTITIES = ("entropy", "gini")  # of the node's set D: they take no attribute
_D = set_name(None)

# Lines are read after NFKC normalisation: full-width ＝０．１０９（，） as typed with a Chinese
# input method become =0.109(,), and D¹ becomes D1. A name may hold spaces (Gain ratio); a
# tab or spaces after the parenthesis separate the number as an = does (a spreadsheet paste).
# The arguments may hold one level of brackets: an attribute named 密度（g/cm³） (NFKC: (…)).
_LINE = re.compile(r"^\s*(?P<name>[^\s(=≈:][^(=≈:]*?)\s*(?:\((?P<args>(?:[^()]|\([^()]*\))*)\))?"
                   r"(?:\s*[=≈:]|(?<=\))\s+(?=[-+−.\d]))(?P<rest>.*)$")
# A result: one number (an exponent and a % allowed), then at most a remark without digits
# or in brackets: 0.998, .068, 1.09e-1, 10.9%, 0.998 (log2), 0.109 bit
_RESULT = re.compile(r"^\s*(?P<number>[-+−]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+−]?\d+)?)"
                     r"\s*(?P<percent>%)?\s*(?:\(.*\)|\[.*\]|[^\d=≈()\[\]]*)$")
_DECIMAL_COMMA = re.compile(r"^\s*[-+−]?\d+,\d+\s*$")
# Several claims on one line: split at ; and at a comma (or the Chinese list's 、) that starts
# another name(…) =, and at spaces after a number where a name that is a word follows (not
# an operator: Gain(D,色泽) = 0.998 − H(D|色泽) = 0.109 is one claim). The name looked ahead
# at stops at the next separator (a name holds none): a look-ahead running on past it would
# scan the rest of the line at every separator, seconds for a long paste of 、.
_ARGUMENTS = r"[(（](?:[^()（）]|[(（][^()（）]*[)）])*[)）]\s*[=＝≈:：]"
_NOT_IN_NAME = ",，、;；=＝≈:：()（）"
_CLAIMS = re.compile(rf"[;；]|[,，、](?=\s*[^\s\d{_NOT_IN_NAME}][^{_NOT_IN_NAME}]*{_ARGUMENTS})"
                     rf"|(?<=[\d%])\s+(?=[^\W\d_][^{_NOT_IN_NAME}\s]*{_ARGUMENTS})")
MAX_WORK_CHARS = 20_000  # the text box's limit: a whole tree's hand computation is a few thousand
_SET_NAMES = {"d", "d̃", "d~"}
_TILDE_SETS = {"d̃", "d~"}  # the rows with a known value of the attribute (Zhou §4.4.2)
# A branch's subset written the books' way: D¹ (NFKC: D1), D^1, D_1, D^{1}, Li Hang's D₁
_BRANCH_SET = re.compile(r"^(?P<set>d̃|d~|d)[\^_]?\{?(?P<index>\d+)\}?$", re.IGNORECASE)
# Li Hang's H_A(D) names the attribute in the subscript: H_A1(D), H_{年龄}(D). Matched on
# the name as typed, not as NAMES' keys are read (spaces and - made _, lower-cased): the
# attribute keeps its spelling for _Context.reading, as an attribute in brackets does. The
# _ may be typed as NAMES' keys read it, a space or a - (H A1(D), H-A1(D), as H A is H_A).
_SUBSCRIPT_IV = re.compile(r"^[hH](?:_|-|\s+)\s*\{?(?P<attribute>[^{}]+?)\}?$")
# Zhou's eq. 4.8 names the split point: Gain(D, 含糖率, 0.126), Gain(D, 含糖率, t=0.126), or a
# remark after the result, Gain(D, 含糖率) = 0.349 (t = 0.126).
_T_NUMBER = r"[-+−]?(?:\d+(?:\.\d*)?|\.\d+)"
_T_ARGUMENT = re.compile(rf"^(?:t\s*=\s*)?(?P<t>{_T_NUMBER})$", re.IGNORECASE)
_T_REMARK = re.compile(rf"\s*[(\[]\s*t\s*[=:]\s*(?P<t>{_T_NUMBER})\s*[)\]]\s*$", re.IGNORECASE)


# --------------------------------------------------------------------- parsing


@dataclass(frozen=True)
class Claim:
    """One line of the student's work: quantity(attribute) = given."""

    line: int  # 1-based, as the student sees the text
    text: str
    quantity: str | None = None
    attribute: str | None = None
    given: float | None = None
    branch: int | None = None  # Ent(D¹): the first branch of an attribute named elsewhere
    known: bool = False  # Ent(D̃), Gain(D̃, a): on the rows with a known value (§4.4.2)
    threshold: str | None = None  # Gain(D, a, t)'s t as written (eq. 4.8): its digits count
    # A quantity named whose result is no decimal number (3/8, 约0.381, 3.81×10^-1), or one
    # past a float's range (1e400): not read, for that reason rather than the line's form.
    unread_result: bool = False
    past_range: bool = False
    # Gini(D̃, a) reads two ways: the Gini value of D̃, the rows whose a is known (Zhou's
    # Gini(D̃), a named after the set as in Ent(D̃, a)), or Li Hang's Gini(D̃, A), the Gini
    # index on them (eq. 5.25, as the app writes it): the notation says which comes first
    two_readings: bool = False
    # a set's attribute taken from another line (_in_context): that line's number
    taken_from: int | None = None
    # the number as written (1.000, 10.8%, 0,109): the sentences quote it so, not as the
    # float reads back (1, 0.108, 0.109), nor cut to 6 digits (1.5798634 as 1.57986)
    written: str | None = None


def parse_claim(line: int, text: str) -> Claim:
    """`Gain(D,色泽) = 0.998 − … = 0.109` → gain of 色泽 given as 0.109 (the result after the
    last =; a line that ends in an unfinished expression is not read). Li Hang's forms too:
    `g(D,A1)`, `H(D|A1)`, `H_A1(D)`, `g_R(D,A1)`, `Gini(D,A3)` and `Gini(D,A3=是)` (the two-way
    split on one value, Example 5.4); a branch's subset `Ent(D¹)` and Zhou's `Ent(D̃)`."""
    match = _LINE.match(unicodedata.normalize("NFKC", text))
    if not match:
        return Claim(line, text)
    written_name = match["name"].strip()
    name = re.sub(r"\s+", "_", written_name).lower().replace("-", "_")
    args, threshold = _split_point(match["args"])
    rest, remark = _split_point_remark(match["rest"])
    quantity, attribute = _li_hang_form(name, args, _SUBSCRIPT_IV.match(written_name))
    if quantity is None:
        quantity = NAMES.get(name)
        attribute = _attribute_of(args)
    given, written = _result(rest) or (None, None)
    if quantity is None or given is None or not math.isfinite(given):
        # 400 digits, or 1e400: no score is that, and it is not read as inf
        past = quantity is not None and given is not None
        return Claim(line, text, unread_result=quantity is not None and not past,
                     past_range=past)
    branch, known = _subset_of(args)
    if quantity in NODE_QUANTITIES and branch is not None:
        # Ent(D¹): a branch's subset, not an attribute named D1; Ent(D̃¹, 色泽) names its
        # attribute after the set
        attribute = _attribute_after_set(args)
    elif branch is not None:
        branch, known = None, False  # IV(d1): an attribute that happens to be named d1
    if quantity == "gini_index" and attribute is None and args:
        quantity = "gini"  # Li Hang calls Gini(D) 基尼指数 (eq. 5.22)
    two_readings = known and quantity == "gini_index" and NAMES.get(name) == "gini"
    return Claim(line, text, quantity, attribute, given, branch, known, threshold or remark,
                 two_readings=two_readings, written=written)


def _split_point(args: str | None) -> tuple[str | None, str | None]:
    """(the arguments without t, t): (D, 含糖率, 0.126) → (D, 含糖率), 0.126. A lone number
    after D is an attribute's name (columns named 1, 2, …): t follows an attribute."""
    parts = (args or "").split(",")
    named = [p for p in parts[:-1] if p.strip() and p.strip().lower() not in _SET_NAMES]
    found = _T_ARGUMENT.match(parts[-1].strip())
    if len(parts) < 2 or not found or not (named or parts[-1].strip()[:1] in "tT"):
        return args, None
    return ",".join(parts[:-1]), found["t"]


def _split_point_remark(rest: str) -> tuple[str, str | None]:
    """(the result without a closing (t = 0.126), t)."""
    found = _T_REMARK.search(rest)
    return (rest[:found.start()], found["t"]) if found else (rest, None)


def _result(rest: str) -> tuple[float, str] | None:
    """The number a line ends with, after its last = (before a closing ≈ that only rounds
    it: `0.998 ≈ 1` is 0.998), and its text as written; None when the line ends in an
    expression."""
    parts = re.split(r"(=|≈)", rest)
    values, separators = parts[::2], parts[1::2]
    last = _plain_number(values[-1])
    if separators and separators[-1] == "≈" and len(values) > 1:
        before = _plain_number(values[-2])
        if before is not None:
            return before
    return last


def _plain_number(text: str) -> tuple[float, str] | None:
    """The number, and its text as written (a decimal comma and a % kept)."""
    comma = bool(_DECIMAL_COMMA.match(text))
    if comma:  # 0,109: a decimal comma
        text = text.replace(",", ".")
    found = _RESULT.match(text)
    if not found:
        return None
    value = float(found["number"].replace("−", "-"))
    written = found["number"].replace(".", ",") if comma else found["number"]
    if found["percent"]:
        return value / 100, f"{written}%"
    return value, written


def _subset_of(args: str | None) -> tuple[int | None, bool]:
    """(branch number, on the known rows) of the set a line names first: D¹ → (1, False),
    D̃ → (None, True), D → (None, False)."""
    first = re.split(r"[,|]", args or "")[0].strip().lower()
    numbered = _BRANCH_SET.match(first)
    if numbered:
        return int(numbered["index"]), numbered["set"] in _TILDE_SETS
    return None, first in _TILDE_SETS


def _attribute_after_set(args: str | None) -> str | None:
    """The attribute a branch's subset is named with: 色泽 in (D̃¹, 色泽); None in (D¹)."""
    _, comma, rest = (args or "").partition(",")
    return _attribute_of(rest) if comma else None


def _li_hang_form(name: str, args: str | None,
                  subscript: re.Match | None) -> tuple[str | None, str | None]:
    """(quantity, attribute) of the forms only Li Hang writes, else (None, None); `subscript`
    is the name as typed read as H_A (H_{色 泽} keeps its space: _SUBSCRIPT_IV)."""
    if subscript and subscript["attribute"].strip().lower() not in ("a", "r"):
        return "iv", subscript["attribute"].strip()
    if name.lower() in CONDITIONAL:
        return "conditional_entropy", _attribute_of((args or "").replace("|", ","))
    parts = [p.strip() for p in re.split(r"[,|]", args or "") if p.strip()]
    has_set = bool(parts) and parts[0].lower() in _SET_NAMES
    if NAMES.get(name.lower()) == "entropy" and args and "|" in args:
        return "conditional_entropy", _attribute_of(args.replace("|", ","))
    if NAMES.get(name.lower()) == "gini" and has_set and len(parts) == 2:
        attribute = parts[1]
        return ("gini_split" if "=" in attribute else "gini_index"), attribute
    return None, None


def _attribute_of(args: str | None) -> str | None:
    """The attribute in `(D, 色泽)`, `(色泽)` or `(D，A)`; None for `(D)` or no parentheses."""
    if not args:
        return None
    parts = [p.strip() for p in re.split(r"[,]", args) if p.strip()]
    parts = [p for p in parts if p.lower() not in _SET_NAMES]
    return parts[-1] if parts else None


def parse(text: str) -> list[Claim]:
    """Every claim of every non-empty line, parsed (a line that is not a claim stays as
    text); `Gain(D,色泽)=0.109, Gain(D,根蒂)=0.143` is two claims of one line. Each claim
    keeps its text as typed (full width too): the page shows it back as the student's."""
    return [parse_claim(i, part.strip())
            for i, line in enumerate(text.splitlines(), start=1)
            for part in _CLAIMS.split(line) if part.strip()]


# --------------------------------------------------------------------- the verdicts


@dataclass(frozen=True)
class Verdict:
    """status: right, rounded (the book's early rounding: counted right), two_decimals (Li
    Hang's Gini(D,A=a) to two decimals, as Example 5.4 prints them: counted right),
    split_not_kept (a Gini(D,A=a) whose sides a two-way tree does not keep), not_a_value (a
    Gini(D,A=a) whose a is none of A's values at the node), value_no_split (a Gini(D,A=a)
    where a, or every other value, has no known row at the node), multiway
    (Zhou's Gain, IV, Gain_ratio or Gini_index with one branch per value, eqs. 4.2–4.6, where
    the tree splits two ways, CART: counted right), multiway_rounded (that multiway value
    rounded early, as the book prints it: Gain(D, 色泽) = 0.109 on a CART tree), wrong,
    unparsed, unknown_attribute, ambiguous_attribute (a name that, the spaces typed inside it
    ignored, or in another case or width, spells two or more of the data's columns: details
    name them), none_scored (no attribute was scored at this node),
    no_such_set (a Dᵛ past the attribute's branches, and past its values where the tree
    splits it two ways: Zhou's multiway Dᵛ is a multiway reading there),
    needs_attribute, other_threshold (Gain(D, a, t) at a t the node does not split a at;
    where the algorithm chooses t by the smallest Gini_index, CART, details name it and that
    score), tied_threshold (IV(a, t), … at a t whose score, the one the rule cuts by, ties
    the node's t: only Gain and H(D|a), or CART's Gini_index, are judged there),
    ambiguous_threshold (a t whose decimals name the node's split point and another midpoint
    too), unkept_threshold (a t written with fewer decimals than the node's where the curve
    does not keep every midpoint), no_threshold (a t for a
    discrete attribute) and no_split_point (a continuous one with no admissible midpoint at
    the node). `slip` names the likely mistake of a wrong line."""

    claim: Claim
    status: str
    exact: float | None = None
    slip: str | None = None
    details: dict = field(default_factory=dict)
    formula: str = ""  # the right computation with the numbers, in Unicode
    name: str = ""  # the quantity as the book writes it: IV(色泽)
    # a set whose attribute was taken from another line: {set, attribute, source_line}
    taken: dict = field(default_factory=dict)
    # the line's attribute found only by ignoring spaces typed inside it: {written, attribute}
    # (色 泽 read as 色泽), said beside the verdict, which names the data's spelling
    read_as: dict = field(default_factory=dict)
    # which of its status's sentences says it (ex.line.<status>.<variant>), or none:
    # other_threshold's forced (a t set by hand) or min_score (t chosen by the smallest
    # score: CART's Gini_index); no_such_set's two_way (a two-way split: one branch per value
    # has `values`); multiway's quinlan_iv or quinlan_gain_ratio (its IV counts the unknown
    # rows as one more value), set (a Dᵛ of Zhou's split: one value's rows) or set.own (that
    # Dᵛ beside the tree's own, `own`); needs_attribute's set (a D̃ or Dᵛ, none naming its a);
    # ambiguous_attribute's spelling (columns spelled in another case or width, not spacing)
    variant: str = ""

    @property
    def counts_as_right(self) -> bool:
        return self.status in ("right", "rounded", "two_decimals", "multiway",
                               "multiway_rounded")


@dataclass(frozen=True)
class Report:
    verdicts: tuple[Verdict, ...]
    tolerance: float

    @property
    def first_wrong(self) -> Verdict | None:
        return next((v for v in self.verdicts if v.status == "wrong"), None)

    @property
    def score(self) -> tuple[int, int]:
        """(right, checked): lines that named a known quantity."""
        checked = [v for v in self.verdicts if v.exact is not None]
        return sum(v.counts_as_right for v in checked), len(checked)


def check(text: str, trace: dict, node_id: int = 0, tolerance: float = TOLERANCE,
          notation: str = notations.DEFAULT) -> Report:
    """Each line of the student's work at a node, against the trace's exact numbers. Lines
    in either book's notation are read; the right computations are shown in `notation`."""
    node = trace["nodes"][node_id]
    context = _Context(node, {r["attribute"]: r for r in node.get("scores") or []},
                       _rank_field(trace), tolerance, names=notations.get(notation),
                       numbered=tuple(a["name"] for a in trace.get("attributes") or ()),
                       values={a["name"]: tuple(a.get("values") or ())
                               for a in trace.get("attributes") or ()},
                       threshold_by=algorithms.get(trace["algorithm"]).threshold_by,
                       algorithm=algorithms.get(trace["algorithm"]).label,
                       curve_points=trace["params"].get("curve_points", CURVE_POINTS))
    verdicts = []
    for claim in _in_context(parse(text), context.column):
        verdict = context.judge(claim)
        if claim.taken_from is not None:  # the verdict says which attribute the set took
            verdict = replace(verdict, taken=context.taken(claim))
        else:  # (taken's `written` says a spaced name there)
            verdict = replace(verdict, read_as=context.read_as(claim))
        verdicts.append(verdict)
        if verdict.exact is not None and claim.branch is None and not claim.known:
            context.given[(claim.quantity, verdict.claim.attribute)] = verdict.claim.given
            context.seen[(claim.quantity, verdict.claim.attribute)] = verdict
    return Report(tuple(verdicts), tolerance)


# The quantities a branch's sets make up (Gain(D, 色泽) of Ent(D¹), Ent(D²), …; Li Hang's
# Gini(D, A1=青年) of Gini(D₁), Gini(D₂), eq. 5.25): a line of one after sets taken for its
# attribute completes them (_in_context).
_MADE_OF_SETS = {"gain", "conditional_entropy", "gain_ratio", "gini_index", "gini_gain",
                 "gini_split"}


def _in_context(claims: list[Claim], column: Callable[[str], str]) -> list[Claim]:
    """A branch's Ent(D¹) or Zhou's Ent(D̃) names no attribute: it is the attribute of a line
    around it that names one (the set's own line may, Ent(D̃¹, 色泽)). The book lists Ent(D¹),
    Ent(D²), Ent(D³) before the Gain(D, 色泽) they make up (§4.4.2: Ent(D̃), Ent(D̃¹), …
    before Gain(D̃, 色泽)), and a student may name the attribute first and its sets after:
    a set takes the nearest line before that names an attribute, unless a Gain (or another
    sum of that attribute's sets) was named after sets taken for it and either those sets
    were written first, taking it from that sum after them (the book's order), or this set
    was among them (a Dᵛ written again starts another attribute's); then, as before any
    named line, it takes the first line after that names one. Named first, top down (Gain(D,
    色泽), Ent(D̃), Gain(D̃, 色泽), Ent(D̃¹), …), the sets keep the attribute past a sum of them
    named among them. Such a claim keeps the number of the line it took its attribute from.
    Lines name one attribute when their names read as one column (`column`: 色泽 and 色 泽,
    年龄 and A1); a set takes the name as its line wrote it."""
    # a line naming a branch (Ent(纹理=清晰)) names its attribute (纹理), as judge_branch reads it
    named = [(k, _named_attribute(c)) for k, c in enumerate(claims) if c.attribute]
    placed: list[Claim] = []
    taken: dict[str, set[tuple]] = {}  # column -> the sets taken for it: (v, D̃ or D)
    written_first: set[str] = set()  # columns sets took from a line after them
    complete: set[str] = set()  # … columns a sum of their sets was named after them
    for k, claim in enumerate(claims):
        if (claim.branch is not None or claim.known) and claim.attribute is None and named:
            before = [(at, a) for at, a in named if at < k]
            after = [(at, a) for at, a in named if at > k]
            key = (claim.branch, claim.known)
            last = column(before[-1][1]) if before else None
            done = last in complete and (last in written_first or key in taken[last])
            at, attribute = before[-1] if before and not (done and after) else after[0]
            taken.setdefault(column(attribute), set()).add(key)
            if at > k:  # the book's order: the sets, then the Gain they make up
                written_first.add(column(attribute))
            claim = replace(claim, attribute=attribute, taken_from=claims[at].line)
        elif claim.quantity in _MADE_OF_SETS and claim.attribute \
                and column(_named_attribute(claim)) in taken:
            complete.add(column(_named_attribute(claim)))
        placed.append(claim)
    return placed


def _named_attribute(claim: Claim) -> str:
    """The attribute a line names: 纹理 of Ent(纹理=清晰) and of Li Hang's Gini(D, A1=青年) too."""
    return claim.attribute.partition("=")[0].strip()


def _rank_field(trace: dict) -> str:
    return algorithms.get(trace["algorithm"]).ranks_by or "gain"


@dataclass
class _Context:
    node: dict
    rows: dict[str, dict]
    ranks_by: str
    tolerance: float
    given: dict = field(default_factory=dict)  # (quantity, attribute) → the student's number
    set_name: Formula = _D  # D, or a branch's D¹ judged as a node of its own
    seen: dict = field(default_factory=dict)  # (quantity, attribute) → its latest verdict
    names: Notation = ZHOU  # whose symbols the right computations are written in
    numbered: tuple[str, ...] = ()  # the data's attributes: Li Hang's A1, A2, … in order
    values: dict = field(default_factory=dict)  # each nominal attribute's values in the data
    threshold_by: str = "gain"  # the score a continuous attribute's split point is chosen by
    algorithm: str = ""  # the tree's algorithm as its label names it: CART
    curve_points: int = CURVE_POINTS  # the most points a curve keeps (the trace's)

    def judge(self, claim: Claim) -> Verdict:
        if claim.quantity is None:
            return Verdict(claim, "past_range" if claim.past_range else
                           "unread_result" if claim.unread_result else "unparsed")
        on_a_set = self.judge_on_a_set(claim)
        if on_a_set is not None:
            return on_a_set
        if claim.quantity in NODE_QUANTITIES and claim.attribute and "=" in claim.attribute:
            return self.judge_branch(claim)
        if claim.quantity in NODE_QUANTITIES:
            claim = replace(claim, attribute=None)
        elif claim.attribute is None:
            return self.needs_attribute(claim)
        if claim.quantity == "gini_split":
            return self.judge_value_split(claim)
        row = self._row(claim.attribute)
        unjudged = self.not_judged(claim, row)
        if unjudged is not None:
            return unjudged
        if row is not None:
            claim = replace(claim, attribute=row["attribute"])
        exact = self.exact(claim.quantity, row)
        equation = self.equation(claim.quantity, row)
        shown = {"formula": equation_text(equation), "name": equation.lhs.text}
        if self.close(claim.given, exact):
            return Verdict(claim, "right", exact, **shown)
        also = self.also_right(claim, row, exact)
        if also is not None:
            status, value = also
            weight = self.node["weight"]
            return Verdict(claim, status, exact,
                           details=_also_details(status, value, claim.quantity, row, weight,
                                                 self.names),
                           variant=_also_variant(status, claim.quantity, row, weight), **shown)
        slip, details = self.diagnose(claim, row, exact)
        return Verdict(claim, "wrong", exact, slip, details, **shown)

    def judge_on_a_set(self, claim: Claim) -> Verdict | None:
        """A line on a set taken for one attribute: a branch's Dᵛ, Zhou's D̃ (§4.4.2), or
        Gini(D̃, a), read two ways; None for any other line."""
        if claim.quantity in NODE_QUANTITIES and claim.branch is not None:
            return self.judge_numbered_branch(claim)
        if claim.known and claim.quantity in ("entropy", "gain", "gini"):
            return self.judge_known(claim)
        if claim.two_readings:
            return self.judge_two_readings(claim)
        return None

    def also_right(self, claim: Claim, row: dict | None,
                   exact: float) -> tuple[str, float] | None:
        """(status, value) where the student's number is another right one: the book's
        early rounding, Zhou's multiway value (eqs. 4.2–4.6: one branch per value) on a row
        that splits two ways (CART's, whose numbers are the best two-way split's), exact or
        rounded early (the book's 0.109 for Gain(D, 色泽) on a CART tree), or a
        two-way split's Gini to two decimals, as Li Hang prints Gini(D, A) (his eq. 5.25 is
        a two-way split's)."""
        rounded = self.rounded_early(claim.quantity, row)
        if rounded is not None and self.close(claim.given, rounded):
            return "rounded", rounded
        multiway = multiway_reading(claim.quantity, row, self.node["weight"])
        if multiway is not None and self.close(claim.given, multiway):
            return "multiway", multiway
        early = self.multiway_rounded(claim.quantity, row)
        if early is not None and self.close(claim.given, early):
            return "multiway_rounded", early
        if self.names.value_split and _two_way_gini(claim.quantity, row) \
                and printed_to_two_decimals(claim, exact):  # his Example 5.4's Gini(D, A)
            return "two_decimals", claim.given
        return None

    def needs_attribute(self, claim: Claim) -> Verdict:
        """A line naming no attribute where one is needed; on a set taken for one attribute,
        D̃ (its known rows) or Dᵛ (a branch), details name the set as written in the
        notation, so the line says how to name it there (no line around it named one)."""
        if claim.branch is None and not claim.known:
            return Verdict(claim, "needs_attribute")
        return Verdict(claim, "needs_attribute", details={
            "set": set_name(claim.branch, claim.known, self.names).text}, variant="set")

    def unknown(self, claim: Claim, attribute: str) -> Verdict:
        """A line naming an attribute (or a branch, 色泽=青绿) the node has no numbers of: not
        among its candidates (named as the data spells it where its spaces were ignored to
        find it: read_as says so), or, where no attribute was scored here at all,
        none_scored (a list of candidates would be empty); ambiguous_attribute where, its
        spaces ignored (or, variant spelling, in another case or width), it could name two or
        more of the data's columns (a variant spaces_case … where ignoring its spaces found
        them only with its case or width folded too: asked_variant)."""
        if not self.rows:
            return Verdict(claim, "none_scored", details={"attribute": attribute})
        name, equals, value = attribute.partition("=")
        reading = self.reading(name.strip())
        if reading.columns:  # two columns spelled in another case or width, or spacing
            return Verdict(claim, "ambiguous_attribute", details={
                "attribute": name.strip(), "columns": Listed(reading.columns)},
                variant=asked_variant(reading.by, reading.folds))
        if reading.by == "spaces":
            attribute = f"{reading.column}{equals}{value}"
        return Verdict(claim, "unknown_attribute",
                       details={"attribute": attribute, "attributes": Listed(self.rows)})

    def not_judged(self, claim: Claim, row: dict | None) -> Verdict | None:
        """The verdict of a line whose number cannot be judged here: no such candidate, or a
        split point t the node does not split the attribute at."""
        if claim.quantity not in NODE_QUANTITIES and row is None:
            return self.unknown(claim, claim.attribute)
        return self.judge_split_point(claim, row)

    def judge_split_point(self, claim: Claim, row: dict | None) -> Verdict | None:
        """Gain(D, a, t) (eq. 4.8): None where t is the node's split point of a to the digits
        written (Zhou prints 0.381 for 0.3815), so the line is judged as Gain(D, a); else a
        verdict of its own, as the trace has a's numbers at that split point only."""
        if claim.threshold is None or row is None:
            return None
        details = {"attribute": row["attribute"], "t": claim.threshold}
        if row["kind"] != "continuous":
            return Verdict(claim, "no_threshold", details=details)
        if row.get("threshold") is None:  # no midpoint keeps the min branch weight both sides
            return Verdict(claim, "no_split_point", details=details)
        details["threshold"] = record_threshold_text(row)
        judged = self.judged_points(claim.quantity, row)
        if any(_same_point(claim.threshold, point, digits) for point, digits in judged):
            return _named_once(claim, row, {point for point, _ in judged}, details,
                               self.curve_points)
        tied = self.tied_points(row)
        if any(_same_point(claim.threshold, point, digits) for point, digits in tied):
            # as good a cut by the score the rule cuts by; this quantity differs there
            return _named_once(claim, row, {point for point, _ in judged + tied}, details,
                               self.curve_points) or Verdict(claim, "tied_threshold", details={
                **details, "score": self.names.text(self.threshold_by, _D.text, row["attribute"]),
                "quantity": self.names.text(claim.quantity, _D.text, row["attribute"])})
        if self.forced(row):  # no rule chose this t: the sentence says it was forced
            return Verdict(claim, "other_threshold", details=details, variant="forced")
        if self.threshold_by != "gain":  # CART's t: the smallest Gini_index, not eq. 4.8
            details |= {"algorithm": self.algorithm, "score": self.names.text(
                self.threshold_by, set_name(None, row["rho"] < 1, self.names).text,
                f"{row['attribute']}, t")}
            return Verdict(claim, "other_threshold", details=details, variant="min_score")
        return Verdict(claim, "other_threshold", details=details)

    def forced(self, row: dict) -> bool:
        """Was the row's t set by hand (a force a@t in the options, or a pick of Choose the
        split), so no rule chose it? Only the chosen row's: the others keep their best t."""
        return bool(row.get("chosen") and (self.node.get("decision") or {}).get(
            "forced_threshold"))

    def judged_points(self, quantity: str, row: dict) -> list[tuple[float, int | None]]:
        """(split point, its digits) a line's t may name to be judged by the row: the node's
        t, and the midpoints whose score ties it (other_tied_thresholds) for the quantities
        that tie with it there (their IV, Gain_ratio, … differ: the branches do). Where t
        was forced, the t alone: the curve's best midpoints need not score as it does."""
        points = [(row["threshold"], row.get("threshold_digits"))]
        if quantity in algorithms.TIED_AT_CUTS[self.threshold_by] and not self.forced(row):
            own = curve_digits([row])
            points += [(t, own.get(t)) for t in other_tied_thresholds(row, self.threshold_by)]
        return points

    def tied_points(self, row: dict) -> list[tuple[float, int | None]]:
        """(split point, its digits) of the midpoints whose score (the one the rule cuts
        by) ties the node's t, where the rule chose t (took the smallest of them): none where
        the t was forced (the worked solution names none there either)."""
        if self.forced(row):
            return []
        own = curve_digits([row])
        return [(t, own.get(t)) for t in other_tied_thresholds(row, self.threshold_by)]

    def judge_branch(self, claim: Claim) -> Verdict:
        """Ent(色泽=青绿) or Gini(色泽=青绿): a branch's Dᵛ is judged as a node of its own."""
        name, _, value = claim.attribute.partition("=")
        row = self._row(name.strip())
        values = [str(b["value"]) for b in row["branches"]] if row else []
        multi = self.multiway_sets(row)
        if value.strip() not in values and multi is not None:  # a value of a two-way split
            values = [str(b["value"]) for b in multi["branches"]]
            if value.strip() in values:
                return self.judge_multiway_set(claim, row, multi, values.index(value.strip()))
        if value.strip() not in values:
            return self.unknown(claim, claim.attribute)
        return self._judge_subset(claim, row, values.index(value.strip()))

    def judge_numbered_branch(self, claim: Claim) -> Verdict:
        """Ent(D¹), H(D₂): the v-th branch of the attribute the lines around it name (Dᵛ is
        never the node's D). Where the tree splits it two ways (CART), a Dᵛ past its two
        branches, or a number that is not the tree's Dᵛ, is read as in Zhou's split one
        branch per value (multiway_row); a v past every branch is no such set."""
        if claim.attribute is None:
            return self.needs_attribute(claim)
        row = self._row(claim.attribute)
        if row is None:  # the attribute alone: the line's sentence says which set was taken
            return self.unknown(claim, claim.attribute)
        index, multi = claim.branch - 1, self.multiway_sets(row)
        if 1 <= claim.branch <= len(row["branches"]):
            verdict = self._judge_subset(claim, row, index)
            if verdict.status == "wrong" and multi is not None and index < len(multi["branches"]):
                reading = self.judge_multiway_set(claim, row, multi, index)
                if reading.counts_as_right:  # the tree's own Dᵛ is the exact one
                    return replace(reading, exact=verdict.exact, formula=verdict.formula,
                                   details=reading.details | {"own": _show(verdict.exact)},
                                   variant="set.own")
            return self.other_branch(verdict, row, index) or verdict
        if multi is not None and 1 <= claim.branch <= len(multi["branches"]):
            return self.judge_multiway_set(claim, row, multi, index)
        details = {**self.sets_details(row),
                   "set": set_name(claim.branch, row["rho"] < 1, self.names).text}
        if multi is not None:  # two ways here; one branch per value has this many
            return Verdict(claim, "no_such_set", details=details | {
                "values": len(multi["branches"])}, variant="two_way")
        return Verdict(claim, "no_such_set", details=details)

    def multiway_sets(self, row: dict | None) -> dict | None:
        """A two-way nominal row (CART's) as Zhou's split one branch per value, for its
        subsets Dᵛ; None for any other row, or one written without value_counts."""
        if not row or not _splits_two_ways(row) or not row.get("value_counts"):
            return None
        return multiway_row(row, self.node["weight"])

    def sets_details(self, row: dict) -> dict:
        """The attribute and the tree's own subsets, each (set, condition): (('D̃¹', '色泽 ∈
        {乌黑,青绿}'), ('D̃²', …)); the page words them in its language's punctuation."""
        return {"attribute": row["attribute"], "sets": tuple(
            (set_name(i, row["rho"] < 1, self.names).text, branch_name(row, b))
            for i, b in enumerate(row["branches"], start=1))}

    def judge_multiway_set(self, claim: Claim, row: dict, multi: dict, index: int) -> Verdict:
        """Dᵛ of a two-way row read as Zhou's split one branch per value: the rows with the
        row's v-th value (in its value_counts' order), counted right as a multiway reading."""
        verdict = self._judge_subset(claim, multi, index)
        details = {**self.sets_details(row),
                   "set": set_name(index + 1, row["rho"] < 1, self.names).text,
                   "value": str(multi["branches"][index]["value"])}
        if verdict.counts_as_right:
            return replace(verdict, status="multiway", details=details, variant="set")
        return replace(verdict, slip="multiway_set", details=details)

    def other_branch(self, verdict: Verdict, row: dict, index: int) -> Verdict | None:
        """A wrong Dᵛ's number that is another branch's: the trace numbers the branches as
        its row lists them, which need not be the book's order (watermelon 2.0α's first row
        has no 色泽, so its D̃¹ is 乌黑, Zhou's §4.4.2 青绿): the slip says which is which."""
        if verdict.status != "wrong":
            return None
        tilde, quantity = row["rho"] < 1, verdict.claim.quantity
        other = next((j for j, b in enumerate(row["branches"])
                      if j != index and self.close(verdict.claim.given, b[quantity])), None)
        if other is None:
            return None
        here, there = row["branches"][index], row["branches"][other]
        return replace(verdict, slip="other_branch", details={
            "attribute": row["attribute"],
            "set": set_name(index + 1, tilde, self.names).text, "here": branch_name(row, here),
            "other_set": set_name(other + 1, tilde, self.names).text,
            "other": branch_name(row, there)})

    def judge_two_readings(self, claim: Claim) -> Verdict:
        """Gini(D̃, a): in Zhou's notation the Gini value of D̃, the rows whose value of a is
        known (Gini(D̃) taken for a, as Ent(D̃, a) is their entropy); in Li Hang's the Gini
        index on them, his Gini(D̃, A) (CART's Gini_index(D̃, a)). The notation's reading is
        judged first; a number that is the other one is right by it, the verdict named as
        that quantity; a number neither is wrong by the notation's, its slip naming both."""
        if self._row(claim.attribute) is None:
            return self.unknown(claim, claim.attribute)
        known = self.judge_known(replace(claim, quantity="gini", two_readings=False))
        index = self.judge(replace(claim, two_readings=False))
        first, other = (index, known) if self.names.value_split else (known, index)
        for verdict in (first, other):
            if verdict.counts_as_right:
                return verdict
        if first.slip not in (None, "other"):  # a slip of its own says more: Gini(D) for it
            return first
        return replace(first, slip="gini_reading", details={
            "attribute": known.claim.attribute, "known": _show(known.exact),
            "index": _show(index.exact), "index_name": index.name})

    def judge_known(self, claim: Claim) -> Verdict:
        """Zhou's Ent(D̃), Gini(D̃) and Gain(D̃, a) (§4.4.2): on the rows whose value of a is
        known, before Gain(D, a) = ρ × Gain(D̃, a) (and CART's ρ·(Gini(D̃) − Gini_index))."""
        row = self._row(claim.attribute)
        if row is None:
            return (self.needs_attribute(claim) if claim.attribute is None else
                    self.unknown(claim, claim.attribute))
        claim = replace(claim, attribute=row["attribute"], known=True)
        known = [sum(b["class_counts"].get(c, 0.0) for b in row["branches"])
                 for c in self.node["class_counts"]]
        tilde = set_name(None, True, self.names)
        if claim.quantity in NODE_QUANTITIES:
            exact = row["entropy_known"] if claim.quantity == "entropy" else row["gini_known"]
            equation = (entropy_equation if claim.quantity == "entropy" else gini_equation)(
                known, exact, tilde, 3, generic=True, names=self.names)
            shown = {"formula": equation_text(equation), "name": equation.lhs.text}
        else:
            exact = row["entropy_known"] - row["entropy_after"]
            name = self.names.text("gain", tilde.text, row["attribute"])
            shown = {"name": name, "formula": f"{name} = {_difference(row, exact)}"}
        if self.close(claim.given, exact):
            return Verdict(claim, "right", exact, **shown)
        after = multiway_reading("conditional_entropy", row, self.node["weight"]) \
            if claim.quantity == "gain" else None
        # Zhou's Gain(D̃, a) one branch per value (ρ × it is eq. 4.12's multiway Gain)
        if after is not None and self.close(claim.given, row["entropy_known"] - after):
            details = _also_details("multiway", row["entropy_known"] - after, "gain", row,
                                    self.node["weight"], self.names, known=True)
            return Verdict(claim, "multiway", exact, details=details, **shown)
        return Verdict(claim, "wrong", exact, "other", **shown)

    def _judge_subset(self, claim: Claim, row: dict, index: int) -> Verdict:
        """A branch's Dᵛ (0-based index) judged as a node of its own."""
        branch = row["branches"][index]
        subset = {"class_counts": branch["class_counts"], "entropy": branch["entropy"],
                  "gini": branch["gini"], "weight": sum(branch["class_counts"].values())}
        context = _Context(subset, {}, self.ranks_by, self.tolerance,
                           set_name=set_name(index + 1, row["rho"] < 1, self.names),
                           names=self.names)
        return context.judge(Claim(claim.line, claim.text, claim.quantity, None, claim.given,
                                   written=claim.written))

    def judge_value_split(self, claim: Claim) -> Verdict:
        """Li Hang's Gini(D, A=a) (eq. 5.25): the two-way split into A = a and A ≠ a, from the
        trace's counts (a multiway row's branches, a two-way row's value_counts)."""
        name, _, value = claim.attribute.partition("=")
        row = self._row(name.strip())
        if row is None:
            return self.unknown(claim, claim.attribute)
        sides = value_split(_value_parts(row), value.strip(), list(self.node["class_counts"]))
        values = self.values.get(row["attribute"], ())
        if sides is None and values and value.strip() not in values:  # A3=1: the data says 是
            return Verdict(claim, "not_a_value", details={
                "attribute": row["attribute"], "value": value.strip(), "values": Listed(values)})
        if sides is None and row.get("binary_partition") and "value_counts" not in row:
            # a trace written without value_counts keeps its best partition's sides only
            left, right = (Listed(side) for side in row["binary_partition"])
            return Verdict(claim, "split_not_kept", details={
                "attribute": row["attribute"], "value": value.strip(), "kept_left": left,
                "kept_right": right})
        if sides is None:
            return Verdict(claim, "value_no_split", details={
                "attribute": row["attribute"], "value": value.strip()})
        exact = split_gini(sides)
        shown = _value_split_formula(row["attribute"], value.strip(), sides, exact, self.names,
                                     known_only=row["rho"] < 1)
        if self.close(claim.given, exact):
            return Verdict(claim, "right", exact, **shown)
        if printed_to_two_decimals(claim, exact):  # as Example 5.4 prints it
            return Verdict(claim, "two_decimals", exact, **shown)
        return Verdict(claim, "wrong", exact, "other", **shown)

    def taken(self, claim: Claim) -> dict:
        """Which attribute a set took from another line (ex.line.taken): a column the line
        named is named as the data spells it (outlook and ＯＵＴＬＯＯＫ are Outlook), with
        its name as written where that is no such spelling of it (Li Hang's A1 for 年龄)."""
        reading = self.reading(claim.attribute)
        taken = {"set": set_name(claim.branch, claim.known, self.names).text,
                 "attribute": reading.column or claim.attribute,
                 "source_line": claim.taken_from}
        if reading.column is not None and reading.by in ("number", "spaces"):
            taken["written"] = claim.attribute
        return taken

    def read_as(self, claim: Claim) -> dict:
        """{written, attribute, folds} where the line's attribute is found only by ignoring
        the spaces typed inside its name (色 泽 for 色泽), folds naming every fold the match
        needed (Reading.folds: the spaces, and case or width where it needed them too);
        else {}."""
        if claim.attribute is None:
            return {}
        written = _named_attribute(claim)
        reading = self.reading(written)
        return {"written": written, "attribute": reading.column, "folds": reading.folds} \
            if reading.column is not None and reading.by == "spaces" else {}

    def _row(self, attribute: str | None) -> dict | None:
        """The node's score row of the column a name reads as (None: no candidate here)."""
        return None if attribute is None else self.rows.get(self.reading(attribute).column)

    def column(self, name: str) -> str:
        """The data's column a name reads as; the name itself where it reads as none."""
        return self.reading(name).column or name

    def reading(self, name: str) -> Reading:
        """How a line's name reads among the data's columns, by the one rule both checkers
        read names by (read_name: as spelled, in another case or width, as Li Hang numbers
        them, or its spaces ignored). Every line's attribute is found by it."""
        return read_name(name, self._columns)

    @cached_property
    def _columns(self) -> Columns:
        """The data's columns (and any row's: a trace written without its attributes), Li
        Hang's A1, A2, … numbering the data's, folded once for every line read."""
        return Columns((*self.numbered, *self.rows), numbered=len(self.numbered))

    def close(self, given: float, value: float) -> bool:
        return abs(given - value) <= self.tolerance + 1e-12

    def exact(self, quantity: str, row: dict | None) -> float:
        if quantity == "conditional_entropy":
            return notations.conditional_entropy(row)
        return self.node[quantity] if row is None else row[quantity]

    def equation(self, quantity: str, row: dict | None) -> Equation:
        counts, names = list(self.node["class_counts"].values()), self.names
        if quantity == "entropy":
            return entropy_equation(counts, self.node["entropy"], self.set_name, 3, generic=True,
                                    names=names)
        if quantity == "gini":
            return gini_equation(counts, self.node["gini"], self.set_name, 3, generic=True,
                                 names=names)
        return {"gain": lambda: gain_equation(row, 3, names),
                "conditional_entropy": lambda: conditional_entropy_equation(row, 3, names),
                "iv": lambda: iv_equation(row, self.node["weight"], 3, names),
                "gain_ratio": lambda: gain_ratio_equation(row, 3, names),
                "gini_index": lambda: gini_index_equation(row, 3, names),
                "gini_gain": lambda: gini_gain_equation(row, 3, names)}[quantity]()

    def rounded_early(self, quantity: str, row: dict | None) -> float | None:
        """The value the book's way gives: each earlier result rounded to 3 decimals first
        (Zhou prints Gain(D, 色泽) = 0.109; exactly it is 0.1081), IV's shares too."""
        if row is None or row["rho"] < 1:
            return None
        shares = _shares(row)
        if quantity == "gain":
            return round(row["entropy_known"], 3) - sum(
                s * round(b["entropy"], 3) for s, b in zip(shares, row["branches"], strict=True))
        if quantity == "gini_index":
            return sum(s * round(b["gini"], 3) for s, b in zip(shares, row["branches"],
                                                                strict=True))
        if quantity == "iv":  # each share first: 9/17 as 0.529 gives IV(纹理) 1.446 (1.4466)
            return -sum(_plogp(round(s, 3)) for s in shares)
        if quantity == "gain_ratio" and round(row["iv"], 3) > 0:  # the gain rounded early too
            return round(self.rounded_early("gain", row), 3) / round(row["iv"], 3)
        return None

    def multiway_rounded(self, quantity: str, row: dict | None) -> float | None:
        """Zhou's multiway value of a two-way row (multiway_reading) rounded early as the
        book does (rounded_early of the row one branch per value has): the 0.109 he prints
        for Gain(D, 色泽), on a CART tree. One policy for check and the quiz. None without
        the row's value_counts (a trace written before them keeps the multiway Gini_index
        column, not each value's counts the rounding starts from)."""
        if multiway_reading(quantity, row, self.node["weight"]) is None \
                or not row.get("value_counts"):
            return None
        return self.rounded_early(quantity, multiway_row(row, self.node["weight"]))

    # ----------------------------------------------------------------- slips

    def diagnose(self, claim: Claim, row: dict | None, exact: float) -> tuple[str, dict]:
        """The first slip that explains the student's number, else `not_any_base` or `other`."""
        for slip in (self._carried, self._log_base, self._swapped, self._missing_branch):
            found = slip(claim, row, exact)
            if found:
                return found
        if claim.quantity in ("entropy", "iv"):
            return "not_any_base", {"shares": Listed(_share_texts(self.node, row,
                                                                  claim.quantity)),
                                    "quantity": claim.quantity}
        return "other", {}

    def _log_base(self, claim: Claim, row, exact: float):
        """ln or log₁₀ in place of log₂ scales every entropy-like number (not a ratio)."""
        if claim.quantity not in ("entropy", "gain", "iv", "conditional_entropy"):
            return None
        for base, factor in (("ln", math.log(2)), ("log₁₀", math.log10(2))):
            if self.close(claim.given, exact * factor):
                return "log_base", {"base": base, "value": _show(exact * factor)}
        return None

    def _swapped(self, claim: Claim, row, exact: float):
        """A neighbouring quantity written in place of the one named."""
        if row is None:
            return None
        candidates = {
            "iv": [("entropy_for_iv", self.node["entropy"])],
            "gain_ratio": [("gain_for_ratio", row["gain"]),
                           ("ratio_inverted", row["iv"] / row["gain"] if row["gain"] else None)],
            "gini_index": [("gini_for_index", self.node["gini"])],
            "gain": [("entropy_after_for_gain", row["entropy_after"])],
        }.get(claim.quantity, [])
        for slip, value in candidates:
            if value is not None and self.close(claim.given, value):
                return slip, {"value": _show(value)}
        return None

    def _missing_branch(self, claim: Claim, row, exact: float):
        """One branch's term left out of Σᵥ (a wrong branch count)."""
        if row is None or claim.quantity not in ("iv", "gain", "gini_index"):
            return None
        if claim.quantity == "iv":
            return self._missing_iv_term(claim, row)
        shares = _shares(row)
        for i, branch in enumerate(row["branches"]):
            if self.close(claim.given, _without_term(claim.quantity, row, shares, i)):
                return "missing_branch", {"branch": branch_name(row, branch),
                                          "branches": len(row["branches"])}
        return None

    def _missing_iv_term(self, claim: Claim, row):
        """One of IV's terms left out: a branch's, or, where values are missing, the unknown
        rows' share, which C4.5's IV counts as one more branch (plugged.iv_parts)."""
        weight = self.node["weight"]
        parts = plugged.iv_parts(row, weight)
        shares = [w / weight for w in parts]
        for i in range(len(parts)):
            if not self.close(claim.given, -sum(_plogp(p) for k, p in enumerate(shares)
                                                if k != i)):
                continue
            branches = len(row["branches"])
            if i == branches:  # the unknown rows' own term
                return "missing_unknown_term", {"attribute": row["attribute"],
                                                "share": plugged.frac(parts[i], weight, 3).text}
            branch = {"branch": branch_name(row, row["branches"][i]), "branches": branches}
            if len(parts) > branches:  # IV sums the branches and the unknown rows' share
                return "missing_branch_of_iv", branch | {
                    "attribute": row["attribute"], "share": plugged.frac(parts[-1], weight, 3).text}
            return "missing_branch", branch
        return None

    def _carried(self, claim: Claim, row, exact: float):
        """A number that follows from the student's own earlier (wrong) line."""
        if row is None:
            return None
        attribute = row["attribute"]
        if claim.quantity == "gain_ratio":
            gain = self.given.get(("gain", attribute), row["gain"])
            iv = self.given.get(("iv", attribute), row["iv"])
            source = self._source(("iv", attribute), ("gain", attribute))
            if (source and iv and self.close(claim.given, gain / iv)
                    and not self.close(gain / iv, exact)):
                return "carried", {"expression": f"{_show(gain)} / {_show(iv)}", **source}
        source = self._source(("entropy", None))
        if claim.quantity == "gain" and source and row["rho"] >= 1:
            value = self.given[("entropy", None)] - row["entropy_after"]
            if self.close(claim.given, value) and not self.close(value, exact):
                return "carried", {"expression": f"{_show(self.given[('entropy', None)])} − "
                                                 f"{_show(row['entropy_after'])}", **source}
        return None

    def _source(self, *keys) -> dict | None:
        """The earlier line, wrong or rounded early, a number was carried from."""
        inexact = [self.seen[k] for k in keys if k in self.seen and
                   self.seen[k].status in ("wrong", "rounded")]
        if not inexact:
            return None
        # A wrong number explains more than one rounded early: name it first.
        first = min(inexact, key=lambda v: (v.status != "wrong", v.claim.line))
        return {"source": f"{first.name} = {written_number(first.claim)}",
                "source_line": first.claim.line}


def _named_once(claim: Claim, row: dict, judged: set[float], details: dict,
                curve_points: int) -> Verdict | None:
    """None where the written t names no midpoint but those judged (the node's t, or one
    tied with it): 0.4 written for 0.3815 rounds from 0.3515 and 0.42 as well, whose Gain
    differs, so its line is not judged as at 0.3815. Where curve_points thinned the curve,
    the midpoints it does not keep cannot be ruled out: t must have the decimals of the
    node's own t. (A min branch weight leaves out only midpoints beyond both ends of the
    ones it allows, which no candidate's t names.)"""
    points = _curve_points(row)
    named = [(point, digits) for point, digits in points
             if _same_point(claim.threshold, point, digits)]
    if any(point not in judged for point, _ in named):
        return Verdict(claim, "ambiguous_threshold", details={
            **details, "points": Listed(threshold_text(p, d) for p, d in named)})
    kept, midpoints = len(points), row.get("n_distinct", 0) - 1
    if _maybe_thinned(kept, midpoints, curve_points) and written_decimals(
            claim.threshold) < written_decimals(details["threshold"]):
        return Verdict(claim, "unkept_threshold",
                       details={**details, "kept": kept, "midpoints": midpoints})
    return None


def _maybe_thinned(kept: int, midpoints: int, curve_points: int) -> bool:
    """Could curve_points have thinned a curve that keeps `kept` of `midpoints` midpoints?
    Thinning A > P allowed midpoints takes every s-th, s = ⌈A/P⌉, so it keeps more than P/2
    of them; a curve of at most P/2 points holds every midpoint the min branch weight allows
    (those it leaves out lie beyond both ends)."""
    return kept < midpoints and 2 * kept > curve_points


def _curve_points(row: dict) -> list[tuple[float, int | None]]:
    """(midpoint, its digits) of each point the row's curve keeps."""
    own = curve_digits([row])
    return [(point, own.get(point)) for point in (row.get("curve") or {}).get("threshold") or ()]


def _same_point(written: str, point: float, digits: int | None = None) -> bool:
    """The split point to the decimals written, rounded (0.382) or cut (0.381, as Zhou
    prints 0.3815); where six digits would misplace it (digits: its record's
    threshold_digits), to at least the decimals its record writes."""
    if too_few_decimals(written, point, digits):
        return False
    t, decimals = float(written.replace("−", "-")), written_decimals(written)
    if decimals == 0:  # a whole number names a whole split point, not one rounded to it
        return t == point
    unit = 10.0 ** -decimals
    cut = math.trunc(point / unit + 1e-9) * unit
    return abs(t - point) <= unit / 2 + 1e-9 or abs(t - cut) < 1e-9


# Zhou's equation of each quantity a multiway split has (one branch per value); Gain with
# missing values is eq. 4.12's ρ × Gain(D̃, a). The sum Gain subtracts, Σᵥ |Dᵛ|/|D|·Ent(Dᵛ)
# (Li Hang's H(D|A)), is eq. 4.2's (4.12's Σᵥ r̃ᵥ Ent(D̃ᵛ)), as is Gain(D̃, a) (judge_known).
MULTIWAY_EQUATIONS = {"gain": "4.2", "iv": "4.4", "gain_ratio": "4.3", "gini_index": "4.6",
                      "conditional_entropy": "4.2"}
# multiway_scores' field of a quantity named otherwise
_MULTIWAY_FIELDS = {"conditional_entropy": "entropy_after"}


def multiway_reading(quantity: str, row: dict | None,
                     weight: float | None = None) -> float | None:
    """Zhou's value of Gain(D, a), IV(a), Gain_ratio(D, a) or Gini_index(D, a) with one
    branch per value (eqs. 4.2–4.6) of a row the tree splits two ways (CART's best
    partition): a right reading, in check and in the quiz alike. The Gini_index is the row's
    own multiway column; the others come from its value_counts and the node's weight
    (`weight`: the rows whose value is unknown are the rest, as criteria.split_scores
    counts them for ID3 and C4.5). None for any other row, or a trace without the counts."""
    if quantity not in MULTIWAY_EQUATIONS or not row or not _splits_two_ways(row):
        return None
    if quantity == "gini_index":
        return row.get("gini_index_multiway")
    if weight is None or not row.get("value_counts"):
        return None
    return multiway_scores(row, weight)[_MULTIWAY_FIELDS.get(quantity, quantity)]


def multiway_row(row: dict, weight: float) -> dict:
    """A two-way nominal row (with its value_counts) as a row one branch per value: its
    scores (multiway_scores) and each value's branch, its class counts, Ent and Gini."""
    branches = [{"value": value, "class_counts": counts,
                 # 0.0 − …: a pure value's entropy is 0, not −0 (shown as −0.000)
                 "entropy": 0.0 - sum(_plogp(c / whole) for c in counts.values()) if whole
                 else 0.0,
                 "gini": gini_of(list(counts.values()))}
                for value, counts in row["value_counts"].items()
                for whole in [sum(counts.values())]]
    return {**row, **multiway_scores(row, weight), "branches": branches}


def multiway_scores(row: dict, weight: float) -> dict[str, float]:
    """A two-way nominal row's scores had it one branch per value (its value_counts)."""
    parts = row["value_counts"]
    classes = list(dict.fromkeys(c for counts in parts.values() for c in counts))
    counts = np.array([[counts.get(c, 0.0) for c in classes] for counts in parts.values()],
                      dtype=float)
    unknown = max(weight - counts.sum(), 0.0)
    return {k: float(v) for k, v in split_scores(counts, np.float64(unknown)).items()}


def _also_details(status: str, value: float, quantity: str, row: dict | None,
                  weight: float, names: Notation = ZHOU, known: bool = False) -> dict:
    """The value a number is right by, and for Zhou's multiway reading which of his
    equations it is, the attribute the tree splits two ways and the multiway quantity's
    name (multiway_name: Li Hang's Gini(D, 纹理), where the row's own Gini(D, 纹理=清晰) names
    its two-way split; as the score table's multiway column heads it). `known`: the
    quantity was named on D̃ (Zhou's Gain(D̃, a), §4.4.2), and its name says so."""
    # rounded early, Zhou's multiway value to the 4th decimal it was judged by (0.2773 for
    # 0.2777, not 0.277), beside the exact one, as the quiz's grade quotes them
    details = {status: f"{value:.4f}" if status == "multiway_rounded" else _show(value)}
    if status in ("multiway", "multiway_rounded"):
        on_known = known or (quantity in notations.ON_KNOWN_ROWS and row["rho"] < 1)
        details |= {"equation": multiway_equation(quantity, row), "attribute": row["attribute"],
                    "multiway_name": names.text(quantity, set_name(None, on_known).text,
                                                row["attribute"])}
    if status == "multiway_rounded":  # the exact multiway value, to the 4th decimal: 0.1081
        details["multiway"] = f"{multiway_reading(quantity, row, weight):.4f}"
    if _counts_unknown_as_a_value(status, quantity, row, weight):
        details |= {"unknown_share": plugged.frac(plugged.unknown_weight(row, weight), weight,
                                                   3).text,
                    "iv": names.text("iv", "D", row["attribute"]),
                    "gain": names.text("gain", "D", row["attribute"])}
    return details


def _also_variant(status: str, quantity: str, row: dict | None, weight: float) -> str:
    """The sentence of a number right by another reading (also_right): quinlan_iv or
    quinlan_gain_ratio where its multiway IV is Quinlan's, the unknown rows' share a term of
    its own; else its status's own."""
    return f"quinlan_{quantity}" if _counts_unknown_as_a_value(status, quantity, row,
                                                               weight) else ""


def _counts_unknown_as_a_value(status: str, quantity: str, row: dict | None,
                               weight: float) -> bool:
    """Is the multiway IV of this reading (or the gain ratio over it) Quinlan's: values
    missing, it counts the unknown rows as one more value (his C4.5, as split_scores does for
    C4.5), not eq. 4.4's sum over the values alone. Never multiway_rounded in practice:
    rounded_early has no value with values missing."""
    return status in ("multiway", "multiway_rounded") and quantity in ("iv", "gain_ratio") \
        and plugged.unknown_weight(row, weight) > 0


def multiway_equation(quantity: str, row: dict) -> str:
    """Zhou's equation number of the multiway reading: eq. 4.12 for a Gain (or the sum it
    subtracts) with values missing (ρ < 1)."""
    missing = row["rho"] < 1 and quantity in ("gain", "conditional_entropy")
    return "4.12" if missing else MULTIWAY_EQUATIONS[quantity]


def _splits_two_ways(row: dict) -> bool:
    """The row's branches are a partition's two sides (every nominal row has a
    binary_partition, for the lessons' two-way column: a multiway row's is not its split)."""
    return row["kind"] != "continuous" and row_split(row).kind == "subset"


def _show(x: float) -> str:
    return f"{x:.3f}"


def written_number(claim: Claim) -> str:
    """The student's number as written ('' for none): what a sentence quotes back."""
    if claim.given is None:
        return ""
    return claim.written if claim.written is not None else f"{claim.given:g}"


def value_split_ginis(row: dict, classes: list[str]) -> dict[str, float]:
    """Li Hang's Gini(D, A=a) (eq. 5.25) for each value a of a two-way nominal row that
    splits the node's known rows in two (from its value_counts; empty for any other row, or
    a row of one known value): the Gini index of A = a against A ≠ a."""
    parts = row.get("value_counts") or {}
    sides = {value: value_split(parts, value, classes) for value in parts}
    return {value: split_gini(two) for value, two in sides.items() if two is not None}


def value_splits(node: dict, classes: list[str]) -> list[tuple[str, str, float]]:
    """(attribute, value a, Gini(D, A=a)) of every two-way nominal row of a node that the
    rule could take (eligible), in the rows' order: Li Hang's candidates of Example 5.4, one
    value against the rest."""
    return [(row["attribute"], value, gini) for row in node.get("scores") or ()
            if row.get("eligible", True)
            for value, gini in value_split_ginis(row, classes).items()]


def smallest_value_splits(splits: list[tuple[str, str, float]]) -> list[tuple[str, str, float]]:
    """The splits whose Gini(D, A=a) ties the smallest (within the tree's tie margin):
    Li Hang's CART (Alg. 5.6) takes the optimal feature and cut point among them."""
    if not splits:
        return []
    key = -np.array([gini for _, _, gini in splits])
    return [split for split, tied in zip(splits, is_tied(key, key.max()), strict=True) if tied]


def one_split_listed_twice(splits: list[tuple[str, str, float]],
                           smallest: list[tuple[str, str, float]]) -> bool:
    """Is a feature with two values listed among the smallest? Its A = a and A = b are one
    split, so they always tie (not so for three values: 年龄 = 青年 and = 老年 may tie)."""
    listed = Counter(attribute for attribute, _, _ in splits)
    return any(listed[attribute] == 2 for attribute, _, _ in smallest)


_LAST_NUMBER = re.compile(r"([-+−]?(?:\d+\.?\d*|\.\d+))\D*$")


def printed_to_two_decimals(claim: Claim, exact: float) -> bool:
    """Is the line's number written with two decimals and the exact value rounded half up
    to them, as Li Hang prints Example 5.4 (0.27 for 0.2667; not 0.3, nor 0.12 for 0.125)?"""
    match = _LAST_NUMBER.search(claim.text)
    if match is None or written_decimals(match.group(1)) != 2:
        return False
    shown = Decimal(match.group(1).replace("−", "-"))
    return shown == Decimal(repr(exact)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _two_way_gini(quantity: str, row: dict | None) -> bool:
    """Is the line a Gini index of a split in two (Li Hang's Gini(D, A) = Gini(D, A=a))?"""
    return quantity == "gini_index" and row is not None and len(row.get("branches") or ()) == 2


def _value_parts(row: dict) -> dict:
    """The class counts of each part a row's values fall in: a two-way row's value_counts
    (one per value), else its branches (a multiway row's, one per value; a two-way row
    written without value_counts: its two sides, a side of several values keyed by their
    tuple, which no value asked for equals)."""
    if "value_counts" in row:
        return row["value_counts"]
    return {_side_key(b["value"]): b["class_counts"] for b in row["branches"]}


def _side_key(value) -> str | tuple:
    if not isinstance(value, list):
        return str(value)
    return str(value[0]) if len(value) == 1 else tuple(map(str, value))


def _value_split_formula(attribute: str, value: str, sides: list[list[float]], exact: float,
                         names: Notation, known_only: bool = False) -> dict:
    """The Verdict's formula and name for Gini(D, A=a), in the notation's symbol; of D̃ where
    values of A are missing (the sides count the rows whose value is known)."""
    # the two sides as a score row's branches, for plugged.weighted_sum
    row = {"branches": [{"class_counts": dict(enumerate(side)), "gini": gini_of(side)}
                        for side in sides]}
    terms, _ = plugged.fewest_places(lambda places: plugged.weighted_sum(row, "gini", places),
                                     lambda term: term.value, exact, 3)
    name = names.text("gini_index", set_name(None, known_only).text, f"{attribute}={value}")
    return {"name": name, "formula": f"{name} = {terms.text} = {_show(exact)}"}


def _difference(row: dict, exact: float) -> str:
    """'0.9975 − 0.8894 = 0.108': Ent(D̃) − Σ r̃ᵥ Ent(D̃ᵛ), written to as many decimals as
    make the difference read as the result (plugged.fewest_places)."""
    (known, after), _ = plugged.fewest_places(
        lambda places: (plugged.number(row["entropy_known"], places),
                        plugged.number(row["entropy_after"], places)),
        lambda pair: pair[0].value - pair[1].value, exact, 3)
    return f"{known.text} − {after.text} = {_show(exact)}"


def _shares(row: dict) -> list[float]:
    weights = [sum(b["class_counts"].values()) for b in row["branches"]]
    whole = sum(weights)
    return [w / whole if whole else 0.0 for w in weights]


def _plogp(p: float) -> float:
    return p * math.log2(p) if p > 0 else 0.0


def _without_term(quantity: str, row: dict, shares: list[float], left_out: int) -> float:
    """Gain or Gini_index with one branch's term left out (IV: _missing_iv_term)."""
    keep = [i for i in range(len(shares)) if i != left_out]
    if quantity == "gain":
        return row["entropy_known"] - sum(shares[i] * row["branches"][i]["entropy"] for i in keep)
    return sum(shares[i] * row["branches"][i]["gini"] for i in keep)


def _share_texts(node: dict, row: dict | None, quantity: str) -> list[str]:
    """'6/17' for each branch (IV: with the unknown rows' share where values are missing,
    as IV is computed) or class (Ent): the shares the formula is taken over."""
    if row is None:
        weights = list(node["class_counts"].values())
    elif quantity == "iv":
        weights = plugged.iv_parts(row, node["weight"])
    else:
        weights = [sum(b["class_counts"].values()) for b in row["branches"]]
    return [plugged.frac(w, node["weight"], 3).text for w in weights]


# --------------------------------------------------------------------- the quiz


@dataclass(frozen=True)
class Question:
    """Before a node is decided: predict its winner, or compute one of its numbers.

    `answers` holds every accepted winner (the winner and the attributes tied with it);
    `exact` is the value a value question wants, `hint` the formula with its first numbers.
    """

    node_id: int
    kind: str  # "winner" | "value"
    hint: str
    quantity: str | None = None
    attribute: str | None = None
    exact: float | None = None
    answers: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    name: str = ""  # the quantity as the book writes it: Gain(D, 色泽)
    rounded: float | None = None  # the value the book's early rounding gives (also right)
    multiway: float | None = None  # Zhou's multiway value of a two-way row (also right)
    multiway_rounded: float | None = None  # that value rounded early (also right)
    notes: tuple[Sentence, ...] = ()  # shown with the question: a two-way row's partition
    hint_notes: tuple[Sentence, ...] = ()  # shown with the hint: IV's unknown-value term


def make_quiz(trace: dict, seed: int = 0, count: int = 5,
              notation: str = notations.DEFAULT) -> list[Question]:
    """Seeded questions in TreeGenerate's order: for each quizzed node, first the winner,
    then one number of a random candidate (the number the algorithm's rule compares). A rule
    that draws at random (CLS) has no winner to predict: its nodes ask two numbers."""
    import random

    draw = random.Random(seed)
    # read in order and only as far as the questions go: a node's rows may be built on reading
    nodes = (trace["nodes"][i] for i in trace["steps"] if _quizzable(trace["nodes"][i]))
    questions: list[Question] = []
    quantity, names = _quiz_quantity(trace), notations.get(notation)
    # CLS's rule draws at random (ranks_by None): there is no winner a student could work out
    ranks_by = algorithms.get(trace["algorithm"]).ranks_by
    for node in nodes:
        if len(questions) >= count:
            break
        questions += _node_questions(node, quantity, names, draw, ranks_by)
    return questions[:count]


def _node_questions(node: dict, quantity: str, names: Notation, draw,
                    ranks_by: str | None) -> list[Question]:
    """The winner and one candidate's number, or two candidates' numbers where the rule
    draws at random (two different candidates, so the second is not the first again)."""
    rows = [r for r in node["scores"] if r.get("eligible", True)]
    if ranks_by is None:
        return [_value_question(node, row, quantity, names)
                for row in draw.sample(rows, min(2, len(rows)))]
    return [_winner_question(node, rows, _compared(rows, quantity, ranks_by), names),
            _value_question(node, draw.choice(rows), quantity, names)]


def _compared(rows: list[dict], quantity: str, ranks_by: str) -> str:
    """What the winner question names: ρ·(Gini(D̃) − Gini_index) where a candidate has
    missing values (ρ < 1), since Gini_index on the known rows alone then ranks them
    otherwise (Gini_index(D̃, 脐部) = 0 with ρ = 0.29 loses); the quiz's quantity else."""
    if ranks_by == "gini_gain" and any(r["rho"] < 1 for r in rows):
        return "gini_gain"
    return quantity


def _quizzable(node: dict) -> bool:
    decision = node["decision"]
    return (decision["kind"] == "split" and not decision.get("forced") and has_scores(node)
            and not node.get("pruned_away")
            and not decision.get("weights"))  # a linear test is no candidate to pick


def _quiz_quantity(trace: dict) -> str:
    ranks_by = _rank_field(trace)
    if ranks_by == "gini_gain":  # CART: ρ·(Gini(D̃) − Gini_index), the Gini_index without gaps
        return "gini_index"
    return ranks_by if ranks_by in ("gain", "gain_ratio", "gini_index") else "gain"


def _winner_question(node: dict, rows: list[dict], quantity: str,
                     names: Notation = ZHOU) -> Question:
    decision = node["decision"]
    # The hint starts the first candidate's number, which gives no winner away.
    context = _Context(node, {r["attribute"]: r for r in rows}, quantity, TOLERANCE,
                       names=names)
    return Question(node["id"], "winner", first_numbers(context.equation(quantity, rows[0])),
                    quantity, answers=(decision["attribute"], *decision.get("ties", ())),
                    choices=tuple(r["attribute"] for r in rows))


def _value_question(node: dict, row: dict, quantity: str, names: Notation = ZHOU) -> Question:
    context = _Context(node, {row["attribute"]: row}, quantity, TOLERANCE, names=names)
    equation = context.equation(quantity, row)
    hint, hint_notes = first_numbers(equation), ()
    if quantity == "gain_ratio":
        hint_notes = tuple(iv_unknown_note(row, node["weight"], 3, names))
    if hint_notes:  # the graded IV counts the unknown rows as a branch: the hint shows it
        hint = _ratio_hint(equation, context.equation("iv", row))
    return Question(node["id"], "value", hint, quantity, row["attribute"],
                    row[quantity], name=equation.lhs.text,
                    rounded=context.rounded_early(quantity, row),
                    # Li Hang's Gini(D, A=a) names the two-way split: no multiway reading
                    multiway=None if names.value_split
                    else multiway_reading(quantity, row, node["weight"]),
                    multiway_rounded=None if names.value_split
                    else context.multiway_rounded(quantity, row),
                    notes=_partition_note(row, names), hint_notes=hint_notes)


def _partition_note(row: dict, names: Notation) -> tuple[Sentence, ...]:
    """A two-way row's Dᵛ are its partition's two sides, not one subset per value: the
    question says which (the hint's 9/17×0.346 is {清晰}'s). Two values left are both."""
    if not _splits_two_ways(row) or all(len(b["value"]) == 1 for b in row["branches"]):
        return ()
    (left_set, left), (right_set, right) = (
        (set_name(i, row["rho"] < 1, names).text, branch_name(row, branch))
        for i, branch in enumerate(row["branches"], start=1))
    return (Sentence("quiz.partition", {"attribute": row["attribute"], "left_set": left_set,
                                        "left": left, "right_set": right_set,
                                        "right": right}),)


def _ratio_hint(equation: Equation, iv: Equation) -> str:
    """Gain_ratio(D, 纹理) = … = 0.424 / −(7/17·log₂ 7/17 + … + 2/17·log₂ 2/17): the IV's
    first term and its last, the unknown rows' share (Quinlan's IV, the one graded)."""
    generic, gain = equation.steps[0], equation.steps[-2].text.partition(" / ")[0]
    terms = iv.steps[-2].text
    head, _, rest = terms.partition(" + ")
    shown = f"{head} + … + {rest.rpartition(' + ')[2]}" if " + " in rest else terms
    return f"{equation.lhs.text} = {generic.text} = {gain} / {shown}"


def first_numbers(equation: Equation) -> str:
    """The formula with its first numbers filled in and the rest left to the student:
    Gain(D, 色泽) = Ent(D) − Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) = 0.998 − (6/17×1.000 + …)."""
    generic, numbers = equation.steps[0], equation.steps[-2]
    for joint in (" + ", " / ", " − "):  # − : ρ × (Gini(D̃) − Gini_index) has no sum
        head, _, tail = numbers.text.partition(joint)
        if tail:
            closing = ")" * (tail.count(")") - tail.count("("))
            return f"{equation.lhs.text} = {generic.text} = {head}{joint}…{closing}"
    return f"{equation.lhs.text} = {generic.text} = …"


def grade(question: Question, response, tolerance: float = TOLERANCE) -> str | None:
    """Which reading a response is right by, else None: a winner is "right" if it is the
    winner or tied with it; a value is "right" within the tolerance of the exact value,
    "rounded" within it of the book's early rounding (as `check` counts it: the hint's sum
    finished step by step gives 0.109 for Gain(D, 色泽), exactly 0.1081), "multiway" within
    it of Zhou's multiway value where the tree splits two ways, or "multiway_rounded" of
    that value rounded early (`check` counts both too). The page says which: the tolerance
    of the exact value alone did not decide the last three."""
    if response is None or response == "":
        return None
    if question.kind == "winner":
        return "right" if response in question.answers else None
    targets = (("right", question.exact), ("rounded", question.rounded),
               ("multiway", question.multiway),
               ("multiway_rounded", question.multiway_rounded))
    return next((status for status, target in targets if target is not None
                 and abs(float(response) - target) <= tolerance + 1e-12), None)
