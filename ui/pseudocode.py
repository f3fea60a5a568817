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
from dtree_core import reference, splitting
from dtree_core.export import partition_sides, side_texts
from dtree_core.solution import compared_values
from dtree_core.split import Condition, Split, format_number, record_threshold_text
from dtree_core.trace import leaf_stop
from ui import panel, registry
from ui.messages import has, t

# Line numbers as in the book; "opt" and "late" are our stopping limits, which the book does
# not have, where the grower checks them: max depth and min samples before line 8 scores the
# attributes (early_stops), min gain and the min branch weight after it (late_stops: they
# judge the a* that line 8 chose).
LINES = ("1", "2", "3", "4", "5", "6", "7", "opt", "8", "late", "9", "10", "11", "12", "13",
         "14", "15", "16")

FIRED_BY_STOP = {
    "pure": ("2", "3"),
    "no_attributes": ("5", "6"),
    "same_values": ("5", "6"),
    "empty": ("11", "12"),
    "max_depth": ("opt",),
    "min_samples": ("opt",),
    "min_gain": ("8", "late"),
    "epsilon": ("8", "late"),  # Li Hang's ε: a stopping threshold, like min_gain
    "min_branch_weight": ("8", "late"),
    "pruned": (),  # post-pruning made this leaf after growth: no line of Fig. 4.2 did
    "pre_pruned": (),  # pre-pruning (§4.3.1) refused line 8's split: the figure has no line
    "raised": (),  # subtree raising copied this leaf up after growth: nor this one
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
    code_lines: dict[str, tuple[str, ...]]  # each line's code: Fig. 4.2 lines (code_by_line)
    numbered: str = "{line}"  # how a line's number is printed
    number: str = ""  # Li Hang's algorithm number (5.2, 5.3): some steps name its criterion
    values: dict = field(default_factory=dict)  # what its words name (number, ε)
    notes: bool = False  # say where the app does what the figure has no step for
    threshold_line: str = ""  # compares the chosen score with ε (Li Hang's step 4)
    cuts_by_value: bool = False  # its steps cut by A = a or not: say where a split does not


ZHOU = Figure("pseudo", LINES, FIRED_BY_STOP, SPLIT_LINES, "8", ("9", "10", "14"),
              {**{line: (line,) for line in LINES}, "opt": ("early",), "late": ("late",)})
# Li Hang's ch. 5: steps (1)-(6), his threshold ε in step (4). Our other limits are "*" rows
# where the grower checks them: max depth and min samples before scoring (early_stops), the
# minimum branch weight after it (late_stops, with ε).
LIHANG_STEPS = ("1", "2", "opt", "3", "branch_weight", "4", "5", "6")
LIHANG_FIRED_BY_STOP = {
    "pure": ("1",),
    "no_attributes": ("2",),
    "min_gain": ("3", "4"),  # ID3's min_gain is his ε on the gain
    "epsilon": ("3", "4"),
    "max_depth": ("opt",),
    "min_samples": ("opt",),
    "min_branch_weight": ("3", "branch_weight"),
    "same_values": (),  # Zhou's lines 5-6: a note says so
    "empty": (),  # Zhou's lines 11-12: his step (5) makes non-empty subsets only
    "pruned": (),
    "pre_pruned": (),
    "raised": (),
}
LIHANG_CODE_LINES = {"1": ("2", "3"), "2": ("5", "6"), "opt": ("early",), "3": ("8",),
                     "branch_weight": ("late",), "4": ("late",), "5": ("9", "10"),
                     "6": ("14",)}


# Li Hang's Algorithm 5.6 (CART generation): (1) Gini(D, A=a) of every feature and value,
# (2) the smallest makes two children, (3) recurse until a stopping condition holds (fewer
# instances than a threshold: our min samples; a Gini index below a threshold: one class; no
# feature left), (4) the CART tree. "*" rows where the grower checks our other limits: max
# depth before scoring, min gain and the minimum branch weight after it.
LIHANG_CART_STEPS = ("opt", "1", "late", "2", "3", "4")
LIHANG_CART_FIRED_BY_STOP = {
    "pure": ("3",),
    "no_attributes": ("3",),
    "min_samples": ("3",),
    "max_depth": ("opt",),
    "min_gain": ("1", "late"),
    "epsilon": ("1", "late"),
    "min_branch_weight": ("1", "late"),
    "same_values": (),  # no cut point parts D: a note says so
    "empty": (),
    "pruned": (),
    "pre_pruned": (),
    "raised": (),
}
LIHANG_CART_CODE_LINES = {"1": ("8",), "late": ("late",), "2": ("9", "10"), "opt": ("early",),
                          "3": ("2", "3", "5", "6", "14"), "4": ()}


def lihang_figure(number: str, epsilon: float = 0.0) -> Figure:
    values = {"number": number, "epsilon": format_number(epsilon)}
    if number == LIHANG_CART:
        return Figure("pseudo.lihang", LIHANG_CART_STEPS, LIHANG_CART_FIRED_BY_STOP,
                      ("1", "2", "3"), "2", (), LIHANG_CART_CODE_LINES, numbered="({line})",
                      number=number, values=values, notes=True, cuts_by_value=True)
    return Figure("pseudo.lihang", LIHANG_STEPS, LIHANG_FIRED_BY_STOP, ("3", "5", "6"), "3",
                  ("5", "6"), LIHANG_CODE_LINES, numbered="({line})", number=number,
                  values=values, notes=True, threshold_line="4")


LIHANG_CART = "5.6"  # the one of his algorithms with steps of its own shape


def figure_for(trace: dict, notation: str = notations.DEFAULT) -> Figure:
    """Li Hang's numbered algorithm where his notation is chosen and the algorithm follows
    one (its record says which); Zhou's Fig. 4.2 otherwise."""
    number = notations.get(notation).own_algorithm(registry.record(trace["algorithm"]))
    return lihang_figure(number, trace["params"].get("min_gain") or 0.0) if number else ZHOU


def words(figure: Figure, name: str, **values) -> str:
    """The figure's words `name`: the algorithm's own (key.number.name) where it has them.
    Zhou's Fig. 4.2 is quoted in his words (属性, 样本) whichever book's the page speaks: a
    figure credited to him does not say Li Hang's 特征."""
    specific = f"{figure.key}.{figure.number}.{name}"
    return t(specific if has(specific) else f"{figure.key}.{name}",
             _notation=None if figure.number else notations.DEFAULT, **figure.values, **values)


def title(figure: Figure) -> str:
    return words(figure, "title") if figure.number else t("grow.pseudocode")


def is_split(node: dict) -> bool:
    return node["decision"]["kind"] == "split"


def uses_a_star_up(trace: dict, node: dict) -> bool:
    """Does the recursion below this split run on A \\ {a*}?

    Only a multiway split on a nominal a* (every branch tests a* = v) uses it up; a two-way
    split (a* <= t and a* > t, or a* in a subset of values) keeps a* in A for the branches.
    """
    nodes = trace["nodes"]
    split = Split.of_conditions([Condition.from_dict(nodes[child]["branch"])
                                 for child in node["children"]])
    return split.kind == "value"


def could_split_multiway(trace: dict) -> bool:
    """Could a split of this tree be multiway (using a* up)? Only the algorithm's split of a
    nominal attribute (registry's nominal_shape) is: a leaf of a CART tree, or of a tree
    of numbers only, shows the two-way lines its splits ran, not the figure's by value."""
    return registry.record(trace["algorithm"]).uses_up_nominal and any(
        attribute["kind"] == "nominal" for attribute in trace["attributes"])


def fired_lines(node: dict, figure: Figure = ZHOU) -> tuple[str, ...]:
    """The lines that made this node what it is: the split, or the stop case of its leaf."""
    if is_split(node):
        return figure.split_lines
    return figure.fired_by_stop.get(leaf_stop(node["decision"]), ())


def line_text(trace: dict, node: dict, line: str, figure: Figure = ZHOU) -> str:
    """A line's words as this node ran it: a split's branches by value or its two sides
    (lines 9-10), whether a* left A (line 14, step 6), which attribute was chosen (line 8,
    step 3), what ε was compared with (step 4)."""
    if line in figure.two_way_lines and not (uses_a_star_up(trace, node) if is_split(node)
                                             else could_split_multiway(trace)):
        return words(figure, f"{line}.keep")
    lowest = f"{line}.lowest"  # a baseline's rule takes the worst, not the best
    text = words(figure, lowest if line == figure.chosen_line and has(f"{figure.key}.{lowest}")
                 and registry.record(trace["algorithm"]).ranks_lowest else line)
    if line == figure.chosen_line and is_split(node):
        text += "    ← " + chosen_among(trace, node, figure)
    elif line == figure.threshold_line and line in fired_lines(node, figure):
        text += "    ← " + epsilon_text(trace, node, figure)
    return text


def chosen_among(trace: dict, node: dict, figure: Figure = ZHOU) -> str:
    """chosen_text, then the candidates the rule could not take (min_branch_weight's, or a
    two-way splitter's with one value left): the line says "the best" of A, and the best was
    of the rest. A forced a* was taken by no rule: nothing is said of the others."""
    chosen = chosen_text(node["decision"], figure)
    left_out = None if node["decision"].get("forced") else panel.ineligible_text(trace, node)
    return t("pseudo.fired.left_out", chosen=chosen, left_out=left_out) if left_out else chosen


def chosen_text(decision: dict, figure: Figure = ZHOU) -> str:
    """'a* = 纹理', saying so when a* was forced by hand or drawn at random, not the best;
    in Li Hang's steps a continuous A_g's cut point too."""
    attribute = decision["attribute"]
    if decision.get("forced"):
        return t(f"{figure.key}.fired.forced", attribute=attribute)
    if decision.get("rule_code") == "random":
        return t(f"{figure.key}.fired.random", attribute=attribute)
    if figure.notes and decision.get("threshold") is not None:
        return t(f"{figure.key}.fired.threshold", attribute=attribute,
                 threshold=record_threshold_text(decision))
    return t(f"{figure.key}.fired", attribute=attribute)


def epsilon_text(trace: dict, node: dict, figure: Figure) -> str:
    """'g(D, A_g) = 0.420 < ε = 0.5': the score the stop compared with ε (late_stops: the
    rule's pick's, the largest of that score among the candidates for 5.2 and 5.3)."""
    record, lihang = registry.record(trace["algorithm"]), notations.get("lihang")
    symbol = lihang.text(record.impurity_decrease, "D", "A_g")
    value = compared_values(node, record, lihang, trace["params"].get("min_gain") or 0.0,
                            3)["best"]
    return t(f"{figure.key}.4.fired", symbol=symbol, value=value, **figure.values)


def number_shown(line: str, figure: Figure = ZHOU) -> str:
    """The book's number, or '*' for a line of ours (a stopping limit) the book has not."""
    return figure.numbered.format(line=line) if line.isdigit() else "*"


def listing(trace: dict, node: dict, notation: str = notations.DEFAULT
            ) -> list[tuple[str, str, bool]]:
    """(line number, text, fired) rows of the notation's figure for this node, then (Li
    Hang's steps) lit notes where the app did what his steps have no line for."""
    figure = figure_for(trace, notation)
    fired = fired_lines(node, figure)
    rows = [("", words(figure, "input"), False)]
    rows += [(number_shown(line, figure), line_text(trace, node, line, figure), line in fired)
             for line in figure.lines]
    rows.append(("", words(figure, "output"), False))
    if figure.notes:
        rows += [("", text, True) for text in notes(trace, node, figure)]
    return rows


def notes(trace: dict, node: dict, figure: Figure) -> list[str]:
    """What the app did here that the steps do not say: a leaf of Zhou's (identical values
    on A, an empty branch) or of pruning; branches for values absent from D; missing values
    spread over the branches."""
    stop = leaf_stop(node["decision"])  # a raised copy is not a pruned leaf
    if not is_split(node):
        return [words(figure, f"not.{stop}")] \
            if stop in ("same_values", "empty", "pruned", "pre_pruned", "raised") else []
    found = []
    nodes = trace["nodes"]
    empty = [str(nodes[c]["branch"]["value"]) for c in node["children"]
             if nodes[c]["weight"] <= 0]
    if empty:
        found.append(words(figure, "not.empty_children",
                           values=t("list.join").join(f"“{value}”" for value in empty)))
    if figure.cuts_by_value:
        found += _cut_notes(trace, node, figure)
    rows = {row["attribute"]: row for row in node["scores"]}
    chosen = rows.get(node["decision"]["attribute"])
    if chosen is not None and chosen["rho"] < 1:
        found.append(words(figure, "not.missing"))
    elif any(row["rho"] < 1 for row in rows.values()):
        found.append(words(figure, "not.missing_scores"))
    return found


def _cut_notes(trace: dict, node: dict, figure: Figure) -> list[str]:
    """Where a two-way split is not Algorithm 5.6's A = a against A ≠ a: a continuous A_g
    cut at t, or a nominal one parted with several values on each side (the best two-way
    partition: its Gini index is at most that of any A = a); then step (1)'s search where
    it scored more than the A = a of the other rows (_search_notes)."""
    sides = [Condition.from_dict(trace["nodes"][c]["branch"]) for c in node["children"]]
    split = Split.of_conditions(sides)
    held = partition_sides(node)  # a subset split's, with several of the node's values a side
    found = []
    if split.kind == "threshold":
        found.append(words(figure, "not.threshold"))
    elif held is not None:
        found.append(words(figure, "not.grouped",
                           **side_texts(split.attribute, held, named=False)))
    return found + _search_notes(trace, node, figure, said_of_chosen=bool(found))


# A nominal feature holding this many values at a node has two-way partitions with several
# values on each side (with three, every partition is one value against the other two)
PARTED_VALUES = 4


def _search_notes(trace: dict, node: dict, figure: Figure, said_of_chosen: bool) -> list[str]:
    """Step (1) of Algorithm 5.6 compares A = a with A ≠ a; CART's search also scored more
    where splitting.partition_search says it did: every partition of a nominal feature
    searched exhaustively holding PARTED_VALUES or more values here, the cuts of Breiman's
    ordering of one searched by order holding three or more, and the midpoints of a
    continuous one. Said of the rows where it did (the chosen row's own note, when
    said_of_chosen, already says it of the chosen feature)."""
    values = {a["name"]: len(a.get("values") or ()) for a in trace["attributes"]}
    rows = [row for row in node["scores"] if not (said_of_chosen and row.get("chosen"))]
    search_of = splitting.partition_search
    nominal = [(row["attribute"], search_of(values[row["attribute"]]), row["n_distinct"])
               for row in rows if row["kind"] == "nominal"]
    groups = {"partitions": [a for a, search, held in nominal
                             if search == "exhaustive" and held >= PARTED_VALUES],
              "ordered": [a for a, search, held in nominal if search == "ordered" and held >= 3],
              "cuts": [row["attribute"] for row in rows if row["kind"] == "continuous"
                       and row["n_distinct"] >= 2]}
    return [words(figure, f"not.search.{why}", features=t("list.join").join(features),
                  limit=splitting.EXACT_PARTITION_LIMIT)
            for why, features in groups.items() if features]


@cache
def code_by_line() -> dict[str, tuple[str, ...]]:
    """Fig. 4.2's line -> the reference's statements for it ('early' and 'late': the calls
    that check the stopping limits before and after line 8).

    code_of_lines() gives the first physical line of each marked statement; the panel shows
    the whole statement, so a call broken over lines does not end in a dangling comma.
    """
    source = inspect.getsource(reference.generate).splitlines()
    code = {line: tuple(_statement(source, first, line) for first in firsts)
            for line, firsts in reference.code_of_lines().items()}
    code["early"], code["late"] = _calls(source, LIMIT_CHECKS[:1]), _calls(source, LIMIT_CHECKS[1:])
    return code


def _calls(source: list[str], names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_whole_statement(source, i) for i, text in enumerate(source)
                 if any(name in _code_part(text) for name in names))


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
    lines it stands for; a stopping limit's check)."""
    code = code_by_line()
    # each statement once: one of Li Hang's steps stands for several lines that share code
    return tuple(dict.fromkeys(statement for zhou_line in figure.code_lines[line]
                               for statement in code.get(zhou_line, ())))


def lines_with_code(figure: Figure = ZHOU) -> list[str]:
    """The lines the code picker offers, in the figure's order."""
    return [line for line in figure.lines if code_of(line, figure)]


def first_fired_with_code(node: dict, figure: Figure = ZHOU) -> str | None:
    """The code picker's default: the first fired line that has code (the choice of a*, or
    the check of an early stop), but at a leaf that a check after the scoring stopped, that
    check's line (late_stops, not line 8's scoring); None where no fired line has code (Li
    Hang's steps have none for an empty branch: only a note is lit), so no line that did not
    run is offered first."""
    offered = lines_with_code(figure)
    fired = [line for line in fired_lines(node, figure) if line in offered]
    late = [line for line in fired if figure.code_lines[line] == ("late",)]
    if node["decision"]["kind"] == "leaf" and late:
        return late[0]
    return fired[0] if fired else None


def code_source(line: str, figure: Figure = ZHOU) -> str:
    """Where a line's code comes from, in words."""
    lines = figure.code_lines[line]
    if lines in (("early",), ("late",)):
        return words(figure, f"code.{line}")
    return t("pseudo.code.source", marks=t("list.join").join(f"`# [{n}]`" for n in lines))
