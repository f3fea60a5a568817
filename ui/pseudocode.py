"""Zhou's TreeGenerate (Fig. 4.2) as numbered lines, or with Li Hang's notation his
Algorithm 5.2 (ID3) or 5.3 (C4.5) as numbered steps: which lines a node's decision fired, each
line's words as that node ran it, and the code that carries each line out in the recursive
reference grower (dtree_core/reference.py, written line by line as Fig. 4.2)."""

from __future__ import annotations

import inspect
import textwrap
from dataclasses import dataclass, field
from functools import cache

from dtree_core import notation as notations
from dtree_core import reference
from ui import registry
from ui.messages import has, t

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


@dataclass(frozen=True)
class Figure:
    """A book's TreeGenerate as numbered lines, and how a node's decision lights them."""

    key: str  # the catalogue's prefix of its words
    lines: tuple[str, ...]
    fired_by_stop: dict[str, tuple[str, ...]]
    split_lines: tuple[str, ...]
    chosen_line: str  # names the chosen attribute (a* or A_g)
    two_way_lines: tuple[str, ...]  # worded apart (".keep") for a split that keeps a* in A
    zhou_lines: dict[str, tuple[str, ...]]  # the Fig. 4.2 lines whose code carries each out
    not_in_figure: tuple[str, ...] = ()  # stop codes it has no line for: a note says so
    numbered: str = "{line}"  # how a line's number is printed
    number: str = ""  # Li Hang's algorithm number (5.2, 5.3): some steps name its criterion
    title_key: str = "grow.pseudocode"
    values: dict = field(default_factory=dict)  # what its words name: the algorithm


ZHOU = Figure("pseudo", LINES, FIRED_BY_STOP, SPLIT_LINES, "8", ("14",),
              {line: (line,) for line in LINES})
# Li Hang's ch. 5: steps (1)-(6), his threshold ε in step (4); our other limits as "*".
LIHANG_STEPS = ("1", "2", "3", "4", "5", "6", "opt")
LIHANG_FIRED_BY_STOP = {
    "pure": ("1",),
    "no_attributes": ("2",),
    "min_gain": ("3", "4"),  # ID3's min_gain is his ε on the gain
    "epsilon": ("3", "4"),
    "max_depth": ("opt",),
    "min_samples": ("opt",),
    "min_branch_weight": ("opt",),
    "same_values": (),  # Zhou's line 5: his steps have no such case
    "empty": (),  # Zhou's lines 11-12: his step (5) makes non-empty subsets only
    "pruned": (),
}
LIHANG_ZHOU_LINES = {"1": ("2", "3"), "2": ("5", "6"), "3": ("8",), "4": ("opt",),
                     "5": ("9", "10"), "6": ("14",), "opt": ("opt",)}


def lihang_figure(number: str, name: str) -> Figure:
    return Figure("pseudo.lihang", LIHANG_STEPS, LIHANG_FIRED_BY_STOP, ("3", "5", "6"), "3",
                  ("5", "6"), LIHANG_ZHOU_LINES, not_in_figure=("same_values", "empty"),
                  numbered="({line})", number=number, title_key="pseudo.lihang.title",
                  values={"number": number, "name": name})


def figure_for(trace: dict, notation: str = notations.DEFAULT) -> Figure:
    """Li Hang's numbered algorithm where his notation is chosen and the algorithm follows
    one (its record says which); Zhou's Fig. 4.2 otherwise."""
    record = registry.record(trace["algorithm"])
    if notations.get(notation).own_algorithms and record.lihang_algorithm:
        return lihang_figure(record.lihang_algorithm, record.label)
    return ZHOU


def title(figure: Figure) -> str:
    return t(figure.title_key, **figure.values)


def is_split(node: dict) -> bool:
    return node["decision"]["kind"] == "split"


def uses_a_star_up(trace: dict, node: dict) -> bool:
    """Does the recursion below this split run on A \\ {a*}?

    Only a multiway split on a nominal a* (every branch tests a* = v) uses it up; a two-way
    split (a* <= t and a* > t, or a* in a subset of values) keeps a* in A for the branches.
    """
    ops = {trace["nodes"][child]["branch"]["op"] for child in node["children"]}
    return ops == {"="}


def fired_lines(node: dict, figure: Figure = ZHOU) -> tuple[str, ...]:
    """The lines that made this node what it is: the split, or the stop case of its leaf."""
    if is_split(node):
        return figure.split_lines
    return figure.fired_by_stop.get(node["decision"]["stop"], ())


def line_text(trace: dict, node: dict, line: str, figure: Figure = ZHOU) -> str:
    """A line's words as this node ran it: whether a* left A (line 14, step 6), which
    attribute was chosen (line 8, step 3)."""
    if line in figure.two_way_lines and is_split(node) and not uses_a_star_up(trace, node):
        return t(f"{figure.key}.{line}.keep")
    # a step that names the criterion has words per algorithm (5.2: gain, 5.3: gain ratio)
    specific = f"{figure.key}.{figure.number}.{line}"
    text = t(specific) if has(specific) else t(f"{figure.key}.{line}")
    if line == figure.chosen_line and is_split(node):
        text += "    ← " + chosen_text(node["decision"], figure)
    return text


def chosen_text(decision: dict, figure: Figure = ZHOU) -> str:
    """'a* = 纹理', saying so when a* was forced by hand or drawn at random, not the best."""
    if decision.get("forced"):
        return t(f"{figure.key}.fired.forced", attribute=decision["attribute"])
    if decision.get("rule_code") == "random":
        return t(f"{figure.key}.fired.random", attribute=decision["attribute"])
    return t(f"{figure.key}.fired", attribute=decision["attribute"])


def number_shown(line: str, figure: Figure = ZHOU) -> str:
    return "*" if line == "opt" else figure.numbered.format(line=line)


def listing(trace: dict, node: dict, notation: str = notations.DEFAULT
            ) -> list[tuple[str, str, bool]]:
    """(line number, text, fired) rows of the notation's figure for this node; a leaf made
    by a case the figure has no line for gets a lit note saying whose line it is."""
    figure = figure_for(trace, notation)
    fired = fired_lines(node, figure)
    rows = [("", t(f"{figure.key}.input"), False)]
    rows += [(number_shown(line, figure), line_text(trace, node, line, figure), line in fired)
             for line in figure.lines]
    rows.append(("", t(f"{figure.key}.output"), False))
    stop = node["decision"].get("stop")
    if not is_split(node) and stop in figure.not_in_figure:
        rows.append(("", t(f"{figure.key}.not.{stop}", **figure.values), True))
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


def code_of(line: str, figure: Figure = ZHOU) -> tuple[str, ...]:
    """The reference's statements that carry out a line of the figure (those of the Fig. 4.2
    lines it stands for)."""
    code = code_by_line()
    return tuple(statement for zhou_line in figure.zhou_lines[line]
                 for statement in code.get(zhou_line, ()))


def lines_with_code(figure: Figure = ZHOU) -> list[str]:
    """The lines the code picker offers, in the figure's order."""
    return [line for line in figure.lines if code_of(line, figure)]


def first_fired_with_code(node: dict, figure: Figure = ZHOU) -> str:
    """The code picker's default: the first fired line that has code, else the first line."""
    offered = lines_with_code(figure)
    return next((line for line in fired_lines(node, figure) if line in offered), offered[0])


def code_source(line: str, figure: Figure = ZHOU) -> str:
    """Where a line's code comes from, in words."""
    zhou_lines = figure.zhou_lines[line]
    if zhou_lines == ("opt",):
        return t("pseudo.code.source.opt")
    return t("pseudo.code.source", marks=", ".join(f"`# [{line}]`" for line in zhou_lines))
