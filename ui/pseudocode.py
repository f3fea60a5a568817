"""Zhou's TreeGenerate (Fig. 4.2) as numbered lines: which lines a node's decision fired, each
line's words as that node ran it, and the code that carries each line out in the recursive
reference grower (dtree_core/reference.py)."""

from __future__ import annotations

import inspect
import textwrap
from functools import cache

from dtree_core import reference
from ui.messages import t

# Line numbers as in the book; "opt" is our stopping limits, which the book does not have.
LINES = ("1", "2", "3", "4", "5", "6", "7", "opt", "8", "9", "10", "11", "12", "13", "14",
         "15", "16")

FIRED_BY_STOP = {
    "pure": ("2", "3"),
    "no_attributes": ("5", "6"),
    "same_values": ("5", "6"),
    "empty": ("11", "12"),
    "max_depth": ("opt",),
    "min_samples": ("opt",),
    "min_gain": ("opt",),
    "epsilon": ("opt",),  # Li Hang's ε: a stopping threshold, like min_gain
    "min_branch_weight": ("opt",),
    "pruned": (),  # post-pruning made this leaf after growth: no line of Fig. 4.2 did
}
SPLIT_LINES = ("8", "9", "10", "14")

# Fig. 4.2 has no line for the stopping limits, so the reference marks none with `# [n]`;
# their code is the calls in `generate` that check them.
LIMIT_CHECKS = ("early_stops(", "late_stops(")


def is_split(node: dict) -> bool:
    return node["decision"]["kind"] == "split"


def uses_a_star_up(trace: dict, node: dict) -> bool:
    """Does the recursion below this split run on A \\ {a*}?

    Only a multiway split on a nominal a* (every branch tests a* = v) uses it up; a two-way
    split (a* <= t and a* > t, or a* in a subset of values) keeps a* in A for the branches.
    """
    ops = {trace["nodes"][child]["branch"]["op"] for child in node["children"]}
    return ops == {"="}


def fired_lines(node: dict) -> tuple[str, ...]:
    """The lines that made this node what it is: the split, or the stop case of its leaf."""
    if is_split(node):
        return SPLIT_LINES
    return FIRED_BY_STOP.get(node["decision"]["stop"], ())


def line_text(trace: dict, node: dict, line: str) -> str:
    """A line's words as this node ran it: line 14 says whether a* left A, line 8 names a*."""
    if line == "14" and is_split(node) and not uses_a_star_up(trace, node):
        return t("pseudo.14.keep")
    text = t(f"pseudo.{line}")
    if line == "8" and is_split(node):
        text += "    ← " + chosen_text(node["decision"])
    return text


def chosen_text(decision: dict) -> str:
    """'a* = 纹理', saying so when a* was forced by hand or drawn at random, not the best."""
    if decision.get("forced"):
        return t("pseudo.fired.forced", attribute=decision["attribute"])
    if decision.get("rule_code") == "random":
        return t("pseudo.fired.random", attribute=decision["attribute"])
    return t("pseudo.fired", attribute=decision["attribute"])


def number_shown(line: str) -> str:
    return "*" if line == "opt" else line


def listing(trace: dict, node: dict) -> list[tuple[str, str, bool]]:
    """(line number, text, fired) rows of Fig. 4.2 for this node."""
    fired = fired_lines(node)
    rows = [("", t("pseudo.input"), False)]
    rows += [(number_shown(line), line_text(trace, node, line), line in fired)
             for line in LINES]
    rows.append(("", t("pseudo.output"), False))
    return rows


@cache
def code_by_line() -> dict[str, tuple[str, ...]]:
    """Fig. 4.2's line -> the reference's statements for it (the limit checks for 'opt').

    code_of_lines() gives the first physical line of each marked statement; the panel shows
    the whole statement, so a call broken over lines does not end in a dangling comma.
    """
    source = inspect.getsource(reference.generate).splitlines()
    code = {line: tuple(_statement(source, first, line) for first in firsts)
            for line, firsts in reference.code_of_lines().items()}
    code["opt"] = tuple(_whole_statement(source, i) for i, text in enumerate(source)
                        if any(name in _code_part(text) for name in LIMIT_CHECKS))
    return code


def _code_part(text: str) -> str:
    return text.partition("  # ")[0].rstrip()


def _statement(source: list[str], first: str, line: str) -> str:
    """The whole statement whose first line is `first`, preferring the one marked `# [line]`;
    `first` itself if the source has no such line."""
    matches = [i for i, text in enumerate(source) if _code_part(text).strip() == first]
    marked = [i for i in matches if f"[{line}]" in source[i].partition("  # ")[2]]
    found = marked or matches
    return _whole_statement(source, found[0]) if found else first


def _whole_statement(source: list[str], start: int) -> str:
    """The statement starting at source[start], continued while its brackets are open."""
    lines, depth, i = [], 0, start
    while True:
        code = _code_part(source[i])
        lines.append(code)
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        i += 1
        if depth <= 0 or i == len(source):
            return textwrap.dedent("\n".join(lines))


def lines_with_code() -> list[str]:
    """The lines the code picker offers, in Fig. 4.2's order."""
    code = code_by_line()
    return [line for line in LINES if code.get(line)]


def first_fired_with_code(node: dict) -> str:
    """The code picker's default: the first fired line that has code, else line 1."""
    offered = lines_with_code()
    return next((line for line in fired_lines(node) if line in offered), offered[0])
