"""Zhou's TreeGenerate (Fig. 4.2) as numbered lines, and which lines a node's decision fired."""

from __future__ import annotations

from ui.messages import t

# Line numbers as in the book; "opt" is our stopping options, which the book does not have.
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
    "pruned": ("opt",),
}
SPLIT_LINES = ("8", "9", "10", "14")


def fired_lines(node: dict) -> tuple[str, ...]:
    """The lines that made this node what it is: the split, or the stop case of its leaf."""
    decision = node["decision"]
    if decision["kind"] == "split":
        return SPLIT_LINES
    return FIRED_BY_STOP.get(decision["stop"], ())


def listing(node: dict) -> list[tuple[str, str, bool]]:
    """(line number, text, fired) rows, with a* named on the split line."""
    fired = fired_lines(node)
    rows = [("", t("pseudo.input"), False)]
    for line in LINES:
        text = t(f"pseudo.{line}")
        if line == "8" and line in fired:
            text += "    ← " + t("pseudo.fired", attribute=node["decision"]["attribute"])
        rows.append(("*" if line == "opt" else line, text, line in fired))
    rows.append(("", t("pseudo.output"), False))
    return rows
