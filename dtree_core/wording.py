"""The trace's one-sentence reasons, in English (the UI translates from the codes instead)."""

from __future__ import annotations

import math
import re
import string
from functools import lru_cache
from typing import TYPE_CHECKING

from .split import told_apart_percent

if TYPE_CHECKING:  # annotations only: trace reads PRUNE_RULES, and algorithms imports trace
    from .algorithms import Algorithm

LEAF_RULES = {
    "empty": ("No samples reach this branch, so it is a leaf labelled with the parent's "
              "majority class."),
    "pure": "All samples belong to one class, so this is a leaf.",
    "no_attributes": "No attributes are left to split on, so this is a leaf of the majority class.",
    "same_values": ("All samples take the same values on the remaining attributes, so this is a "
                    "leaf of the majority class."),
    "max_depth": "The maximum depth is reached (a stopping limit), so this is a leaf.",
    "min_samples": "Too few samples to split (min_samples_split), so this is a leaf.",
    "min_branch_weight": ("No split leaves two branches with at least min_branch_weight samples "
                          "(C4.5's minimum objects), so this is a leaf."),
    "min_gain": "The best split gains less than min_gain (a stopping limit), so this is a leaf.",
    "pruned": "Post-pruning replaced this subtree by a leaf.",
    "epsilon": ("The largest information gain ratio g_R(D,A) is below the threshold ε "
                "(Li Hang, Alg. 5.3), so this is a leaf of the majority class."),
}


TIE_RULES = {
    "first": "the attribute that comes first in the data's column order wins",
    "last": "the attribute that comes last in the data's column order wins",
    "random": "one of them is picked at random (seeded)",
}


@lru_cache(maxsize=4096)  # one shared string per distinct sentence, not one per node
def split_rule(algorithm: Algorithm, attribute: str, ties: tuple[str, ...], forced: bool,
               tie_break: str = "first") -> str:
    if forced:
        return f"Chosen by hand (forced): {attribute}."
    sentence = algorithm.rule_text.format(attribute=attribute)
    if ties:
        sentence += f" Tied with {', '.join(ties)}; {TIE_RULES[tie_break]}."
    return sentence


def leaf_rule(stop: str) -> str:
    return LEAF_RULES[stop]


# Pruning (dtree_core.pruning): the rule of a pruned leaf, and each event's reason.
PRUNE_RULES = {
    "pre": ("Pre-pruning: splitting here does not raise validation accuracy, so this is a "
            "leaf of the majority class."),
    "rep": ("Reduced-error pruning replaced this subtree by a leaf: validation accuracy rises."),
    "rep_on_tie": ("Reduced-error pruning replaced this subtree by a leaf: validation accuracy "
                   "does not fall (prune_on_tie)."),
    "pep": ("C4.5's pessimistic pruning replaced this subtree by a leaf: its estimated errors "
            "are no more than the subtree's."),
    "pep_margin": ("C4.5's pessimistic pruning replaced this subtree by a leaf: its estimated "
                   "errors are no more than the subtree's plus the margin (pep_margin)."),
    "pep_raising": ("C4.5's pessimistic pruning with subtree raising replaced this subtree by a "
                    "leaf: its estimated errors are no more than the subtree's, nor than its "
                    "largest branch's, each plus the margin (pep_margin)."),
    "ccp": ("Cost-complexity pruning replaced this subtree by a leaf: its effective alpha is "
            "at most ccp_alpha."),
    "cost": ("Li Hang's pruning by the loss C_α(T) retracted these leaves into this node: the "
             "tree's loss did not rise."),
}

PRUNE_REASONS = {
    ("pre", "keep"): "Validation accuracy {after} with the split vs {before} as a leaf: split.",
    ("pre", "prune"): ("Validation accuracy {after} with the split vs {before} as a leaf: no "
                       "improvement, so the node stays a leaf."),
    ("rep", "prune"): "Validation accuracy {after} as a leaf vs {before} with the subtree: pruned.",
    ("rep", "keep"): ("Validation accuracy {after} as a leaf vs {before} with the subtree: no "
                      "improvement, so the subtree stays."),
    ("pep", "prune"): ("Estimated errors {after} as a leaf vs {before} for the subtree: "
                       "pruned."),
    ("pep", "keep"): ("Estimated errors {after} as a leaf vs {before} for the subtree: the "
                      "subtree stays."),
    ("pep_margin", "prune"): ("Estimated errors {after} as a leaf vs {before} for the subtree "
                              "+ margin {margin}: pruned."),
    ("pep_margin", "keep"): ("Estimated errors {after} as a leaf vs {before} for the subtree "
                             "+ margin {margin}: the subtree stays."),
    ("pep_raising", "prune"): ("Estimated errors: as a leaf {leaf}, the subtree {tree}, the "
                               "largest branch {branch} (margin {margin}): the leaf is no worse "
                               "than either, so it replaces the subtree."),
    ("pep_raising", "raise"): ("Estimated errors: as a leaf {leaf}, the subtree {tree}, the "
                               "largest branch {branch} (margin {margin}): the largest branch is "
                               "no worse than the subtree, so it is raised into the node's place."),
    ("pep_raising", "keep"): ("Estimated errors: as a leaf {leaf}, the subtree {tree}, the "
                              "largest branch {branch} (margin {margin}): the subtree stays."),
    ("ccp", "prune"): "Effective alpha {before} ≤ ccp_alpha {after}: the weakest link, pruned.",
    ("ccp", "keep"): "Effective alpha {before} > ccp_alpha {after}: the subtree stays.",
    ("cost", "prune"): ("C_α after retracting {after} ≤ C_α before {before}: the leaves "
                        "retract into their parent."),
    ("cost", "keep"): "C_α after retracting {after} > C_α before {before}: the subtree stays.",
}


def prune_rule(method: str) -> str:
    return PRUNE_RULES[method]


# C4.5's subtree raising: the raised node's test, and each leaf it copied up ({node}: the
# node whose test or leaf it is).
RAISE_RULES = {
    "raised": ("C4.5's subtree raising put the test of its largest branch (node #{node}) here, "
               "with all this node's rows."),
    "raised_leaf": ("Moved up by C4.5's subtree raising (a copy of node #{node}), its counts "
                    "recounted with the rows of the node it was raised into."),
}


def raise_rule(kind: str, node: int) -> str:
    return RAISE_RULES[kind].format(node=node)


# each sentence read back: its {node} a number (made once: the CLI asks of every decision)
_RAISE_READERS = {kind: re.compile(re.escape(template).replace(re.escape("{node}"), r"(\d+)"))
                  for kind, template in RAISE_RULES.items()}


def raise_rule_of(text: str) -> tuple[str, int] | None:
    """(kind, node) of a raise_rule sentence, so it can be said in another language; None
    for any other sentence."""
    for kind, reader in _RAISE_READERS.items():
        found = reader.fullmatch(text or "")
        if found:
            return kind, int(found.group(1))
    return None


def prune_reason(method: str, action: str, before: float, after: float, **extra: float) -> str:
    """The sentence of one pruning event, with the numbers it compared (extra: J48's margin;
    subtree raising's three estimates, leaf, tree and branch)."""
    before_text, after_text = reason_numbers(method, before, after)
    return PRUNE_REASONS[method, action].format(
        before=before_text, after=after_text, **{k: _short(v) for k, v in extra.items()})


def reason_numbers(method: str, before: float, after: float) -> tuple[str, str]:
    """The two numbers a pruning sentence compares: percentages for the validated methods,
    else 4 significant digits; more where those read alike but the numbers differ (Li Hang's
    C_α after 21.3145 against before 21.3138 read "21.31 > 21.31")."""
    if method in ("pre", "rep"):
        return told_apart_percent(before, after)
    from .pruning import NOISE, relation  # pruning words its events with this module

    if relation(before, after) == "eq":  # equal within rounding, as decided: both are
        # written as the limit (after) reads, a sum's noise about 0 as 0 (an effective alpha
        # of 1.4e-16 against ccp_alpha 0), so the sentence does not state what is false of
        # the numbers it shows (2.0000002e-10 ≤ 2e-10, or 21.35 ≤ 21.34 rounded apart)
        text = f"{0.0 if abs(after) <= NOISE else after:.4g}"
        return text, text
    for digits in range(4, 13):  # equal to 12 digits: a tie, written alike
        pair = f"{before:.{digits}g}", f"{after:.{digits}g}"
        if pair[0] != pair[1]:
            return pair
    return _short(before), _short(after)


def percent(x: float) -> str:
    """A share as a percentage to one decimal: 0.4286 → 42.9% (percent_text's 3 digits)."""
    return percent_text(x, 3)


def percent_text(value: float | None, digits: int) -> str:
    """A share as a percentage with digits − 2 places, more where those would write a share
    that is not whole as 100% or 0% (2999 of 3000 is 99.97%, not 100.0%); "—" where it is
    undefined (0 of 0)."""
    if value is None:
        return "—"
    places = share_places(value, digits)
    text = f"{100 * value:.{places}f}"
    if 0 < value < 1 and float(text) in (0.0, 100.0):  # closer than the places show: round
        step = 10.0 ** -places                          # toward 50%, not onto the whole
        shown = math.floor(100 * value / step) if value > 0.5 else math.ceil(100 * value / step)
        text = f"{shown * step:.{places}f}"
    return f"{text}%"


def share_places(value: float, digits: int) -> int:
    """percent_text's places for one share: percent_places(digits), or up to 6 more until a
    share strictly between 0 and 1 no longer reads 0 or 100."""
    places = percent_places(digits)
    if 0 < value < 1:
        while places < percent_places(digits) + 6 and \
                float(f"{100 * value:.{places}f}") in (0.0, 100.0):
            places += 1
    return places


def percent_places(digits: int) -> int:
    """A share's digits as a percentage's places: 0.714 to 3 digits is 71.4%."""
    return max(digits - 2, 0)


def _short(x: float) -> str:
    return f"{x:.4g}"


# The English nouns the catalogues put after a count: after a count of one, the singular
# ("1 row held out", not "1 rows"). Chinese has no plural: its templates never match.
SINGULAR = {"rows": "row", "nodes": "node", "leaves": "leaf", "values": "value",
            "classes": "class", "columns": "column", "trees": "tree", "cells": "cell",
            "attributes": "attribute", "branches": "branch", "seconds": "second",
            "samples": "sample", "splits": "split", "sheets": "sheet", "passes": "pass",
            "features": "feature", "instances": "instance", "ranges": "range"}
VERB_SINGULAR = {"are": "is", "were": "was", "have": "has", "agree": "agrees"}
_PLURAL_AFTER = re.compile(r"^ ((?:training |held-out |validation |different |empty |forced )?)("
                           + "|".join(SINGULAR) + r")\b(?: ((?:that )?)(" + "|".join(VERB_SINGULAR)
                           + r")\b)?")
_FORMATTER = string.Formatter()


def counted(value_text: str, after: str) -> str:
    """after, the template's text that follows a value, with its first noun (and the verb
    right after it) singular when the value reads exactly 1: "1 row is held out"."""
    if value_text != "1":
        return after
    return _PLURAL_AFTER.sub(_singular, after, count=1)


def _singular(match: re.Match) -> str:
    adjective, noun, that, verb = match.groups()
    return " " + adjective + SINGULAR[noun] + (" " + that + VERB_SINGULAR[verb] if verb else "")


# Han characters and CJK punctuation: between two of them Chinese text has no space.
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def fill(template: str, values: dict) -> str:
    """template.format(**values), except that a space the template puts between a value and a
    Chinese character goes when the value's edge is Chinese too: '{attribute} 的' gives
    '纹理的' but 'ripe 的'; and a count of one takes the singular ("1 row"; counted). Values
    themselves are never changed. (The app's, the command line's and the worked solutions'
    sentences are all filled here.)"""
    parts: list[tuple[str, bool]] = []  # (text, is a value)
    for text, field, spec, conversion in _FORMATTER.parse(template):
        after_value = parts[-1][0] if parts and parts[-1][1] else None
        parts.append((text if after_value is None else counted(after_value, text), False))
        if field is not None:
            value = _FORMATTER.convert_field(_FORMATTER.get_field(field, (), values)[0],
                                             conversion)
            parts.append((_FORMATTER.format_field(value, spec or ""), True))
    return "".join(_tightened(parts, i) for i in range(len(parts)))


def _tightened(parts: list[tuple[str, bool]], i: int) -> str:
    text, is_value = parts[i]
    if is_value:
        return text
    before = parts[i - 1][0] if i > 0 else ""
    after = parts[i + 1][0] if i + 1 < len(parts) else ""
    if text[:1] == " " and _cjk_pair(before[-1:], text[1:2]):
        text = text[1:]
    if text[-1:] == " " and _cjk_pair(text[-2:-1], after[:1]):
        text = text[:-1]
    return text


def _cjk_pair(left: str, right: str) -> bool:
    return bool(left and right and _CJK.match(left) and _CJK.match(right))
