"""Tables for slides and spreadsheets (CSV, Markdown, LaTeX booktabs) and SVG via Graphviz.

A Table holds exact values; CSV keeps them exact, Markdown and LaTeX round for reading. Text
from the data is escaped for each format (LaTeX and HTML through dtree_core.escape), and CSV
text cells that a spreadsheet would run as a formula are neutralised.
"""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from numbers import Integral, Real

import numpy as np

from . import algorithms
from .data import PLAIN_NUMBER, DataError
from .escape import escape_latex_file, escape_markdown_cell
from .split import Condition, threshold_text

# A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# ...except a plain signed number (-1, +3, -0.5e-3, data.PLAIN_NUMBER): a spreadsheet reads
# it as that number and runs nothing, so a class -1 or a value +3 is written as it is (a
# quote would be read back as part of the data: '-1).
SCORE_COLUMNS = ("gain", "iv", "gain_ratio", "gini_index")
SCORE_HEADERS = {"gain": "Gain", "iv": "IV", "gain_ratio": "Gain_ratio",
                 "gini_index": "Gini_index"}
SCORE_QUANTITIES = {header: quantity for quantity, header in SCORE_HEADERS.items()}


class ExportUnavailable(DataError):
    """An export needs a program that is not installed (the message says which)."""


class SvgTimeout(DataError):
    """Graphviz did not finish drawing within the time limit (its process was stopped)."""


@dataclass(frozen=True)
class Table:
    """Column headers and rows of exact values: text, numbers, booleans (marks) or None."""

    columns: list[str]
    rows: list[list]
    # each row's significant digits for its cut points, where its split record needs more
    # than 6 (None or absent: 6 do); a row's own, as more digits than a cut needs can read
    # past a neighbouring value (400.0000000000001 for a cut written 400)
    threshold_digits: tuple[int | None, ...] = ()
    # the columns (by position) of cut points, written as the tree's labels write them
    thresholds: tuple[int, ...] = ()


# --------------------------------------------------------------------- score tables


def is_tied(node: dict, row: dict) -> bool:
    """A score row tied with the winner (the winner too, when it has company): ties are
    never hidden, in the app's tables and in every download. A forced pick is tied with
    nothing: the rows tied there are the rule's best, which the force set aside."""
    decision = node["decision"]
    ties = decision.get("ties") or []
    company = bool(row["chosen"]) and bool(ties) and not decision.get("forced")
    return bool(row.get("tied", row["attribute"] in ties)) or company


def on_known_rows(node: dict) -> bool:
    """Are some of the node's scores of D̃, the rows whose value is known (ρ < 1)? Li Hang's
    headers say so (Gini(D̃, A)), as the grow page's table does."""
    return any(row.get("rho", 1) < 1 for row in node.get("scores") or ())


def values_missing_at(node: dict) -> bool | None:
    """Were values missing where the node's rule ranked its candidates: some row scored on
    D̃ (ρ < 1, so CART ranks by the ρ-weighted decrease, Zhou §4.4.2), or every row on D (ρ = 1,
    Li Hang's smallest Gini(D, A))? None where the node keeps no chosen row to read (an
    outline trace, a forced split). The CLI's and the grow page's rule sentences both choose
    their words by it, so they cannot tell a node apart differently."""
    if not any(row.get("chosen") for row in node.get("scores") or ()):
        return None
    return on_known_rows(node)


def partition_sides(node: dict) -> tuple[list, list] | None:
    """The values the node's rows hold on each side of the chosen row's two-way partition of
    a nominal attribute, where each side holds more than one of them: no cut point A = a of
    Li Hang's (Alg. 5.6 compares A = a with A ≠ a), though the search that found it (every
    partition, Breiman's) includes his cut points. A value no row of the node holds is left
    out: a side of one value held and others absent is A = a at this node. None for any
    other split. The CLI's rule sentence and the grow page's (and its pseudo-code note) read
    it, as they read values_missing_at."""
    chosen = next((row for row in node.get("scores") or () if row.get("chosen")), None)
    sides = (chosen or {}).get("left"), (chosen or {}).get("right")
    if any(side is None for side in sides):
        return None
    held = chosen.get("value_counts")  # each value some known row of the node holds
    sides = tuple([v for v in side if held is None or v in held] for side in sides)
    return sides if all(len(side) >= 2 for side in sides) else None


def side_texts(attribute: str, sides: tuple[list, list], named: bool = True) -> dict[str, str]:
    """{"left": 'A ∈ {a,b}', "right": 'A ∈ {c,d}'}: partition_sides as the tree writes its
    branches (the sentences' placeholders; named=False: '∈ {a,b}')."""
    return {name: Condition(attribute, "in", tuple(side)).text(named=named)
            for name, side in zip(("left", "right"), sides, strict=True)}


def one_value_left(algorithm: str, row: dict) -> bool:
    """A two-way splitter's nominal candidate with one value left at the node: no split in
    two exists (its row's partition puts every row on one side)."""
    return algorithms.get(algorithm).nominal_shape == "binary" and row["kind"] == "nominal" \
        and row["n_distinct"] < 2


def left_out_of_choice(algorithm: str, node: dict) -> dict[str, list[str]]:
    """The candidates the rule could not take at the node (its rows' `eligible`, from
    scoretable), by why: "one_value" (a two-way splitter's nominal attribute with one value
    left here) or "weight" (no split with two branches of the min branch weight); a why
    none has is absent. "The largest" and the mean gain are read among the rest: the grow
    page's sentences and pseudo-code and the command line's root sentence say so."""
    rows = [row for row in node.get("scores") or () if not row.get("eligible", True)]
    one_value = [row["attribute"] for row in rows if one_value_left(algorithm, row)]
    weight = [row["attribute"] for row in rows if row["attribute"] not in one_value]
    return {why: names for why, names in (("one_value", one_value), ("weight", weight))
            if names}


def score_table(node: dict) -> Table:
    """One trace node's score table: every candidate's scores, the chosen one marked."""
    # "tied" before "chosen": a reader of the last column as the pick keeps working
    columns = ["attribute", "kind", "threshold", *(SCORE_HEADERS[c] for c in SCORE_COLUMNS),
               "tied", "chosen"]
    rows = [[row["attribute"], row["kind"], row["threshold"],
             *(row[c] for c in SCORE_COLUMNS), is_tied(node, row), bool(row["chosen"])]
            for row in node["scores"]]
    return Table(columns, rows, row_threshold_digits(node["scores"]),
                 (columns.index("threshold"),))


def worded(table: Table, header_of: Callable[[str], str], kind_of: Callable[[str], str],
           headers: list[str] | None = None) -> Table:
    """The table in a reader's words: each header by header_of (or these headers), each value
    of its "kind" column ('nominal') by kind_of; the numbers and marks untouched. The app
    words it from its catalogue and the command line from its own, so both say the same."""
    kind = table.columns.index("kind") if "kind" in table.columns else None
    rows = [[kind_of(value) if j == kind else value for j, value in enumerate(row)]
            for row in table.rows]
    return replace(table, columns=headers or [header_of(c) for c in table.columns], rows=rows)


def row_threshold_digits(records) -> tuple[int | None, ...]:
    """Each record's threshold_digits (None where 6 do), for Table.threshold_digits."""
    return tuple(r.get("threshold_digits") or None for r in records)


# --------------------------------------------------------------------- CSV


def _is_mark(value) -> bool:
    """A boolean (Python's or numpy's): shown as a mark, not a number."""
    return isinstance(value, bool | np.bool_)


def neutralise(text: str) -> str:
    """Prefix a quote to text a spreadsheet would take for a formula ('=1+1' -> "'=1+1",
    '-2+3' -> "'-2+3"); a plain number such as '-1' or '+3' stays as it is."""
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def _csv_cell(value) -> str:
    """Numbers exact (repr), booleans 1/0, None empty, text neutralised."""
    if value is None:
        return ""
    if _is_mark(value):
        return "1" if value else "0"
    if isinstance(value, Integral):
        return str(int(value))
    if isinstance(value, Real):  # numpy's too, whose repr is np.float64(…)
        return repr(float(value))
    return neutralise(str(value))


def to_csv(table: Table) -> str:
    """CSV with a header row; save it as UTF-8 with a BOM so Excel reads Chinese text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([neutralise(str(c)) for c in table.columns])
    writer.writerows([_csv_cell(v) for v in row] for row in table.rows)
    return out.getvalue()


# --------------------------------------------------------------------- Markdown


def _shown(value, digits: int, mark: str, none: str, threshold_digits: int | None = None
           ) -> str | None:
    """Numbers rounded (a threshold, where threshold_digits is not None, as the tree's labels
    write it: threshold_text, never to fewer digits than tell which side a row goes),
    booleans as a mark; None for text (each format escapes its own)."""
    if value is None:
        return none
    if _is_mark(value):
        return mark if value else ""
    if isinstance(value, Integral):
        return str(int(value))
    if isinstance(value, Real):
        return threshold_text(value, threshold_digits) if threshold_digits is not None \
            else f"{float(value):.{digits}f}"
    return None


def _cells(table: Table, i: int, digits: int, places: Mapping[str, int] | None,
           mark: str, none: str) -> list[str | None]:
    """Row i's numbers as _shown writes them, each column to its own places (a score column
    told apart where the rule compared it: ui.tables.compared_places) or `digits`."""
    places, row = places or {}, table.rows[i]
    own = table.threshold_digits[i] if i < len(table.threshold_digits) else None
    significant = own or 0  # 0: threshold_text's own digits
    return [_shown(v, places.get(c, digits), mark, none,
                   significant if j in table.thresholds else None)
            for j, (c, v) in enumerate(zip(table.columns, row, strict=True))]


def to_markdown(table: Table, digits: int = 3, places: Mapping[str, int] | None = None) -> str:
    """A GitHub-flavoured Markdown table; numeric columns right-aligned. places: decimals of
    some columns (by header)."""
    numeric = _numeric_columns(table)
    lines = ["| " + " | ".join(escape_markdown_cell(c) for c in table.columns) + " |",
             "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    for i, row in enumerate(table.rows):
        shown = _cells(table, i, digits, places, "✓", "—")
        cells = [escape_markdown_cell(v) if c is None else c
                 for v, c in zip(row, shown, strict=True)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _numeric_columns(table: Table) -> list[bool]:
    def numeric(j):
        values = [row[j] for row in table.rows if row[j] is not None]
        return bool(values) and all(isinstance(v, Real) and not _is_mark(v) for v in values)
    return [numeric(j) for j in range(len(table.columns))]


# --------------------------------------------------------------------- LaTeX


LATEX_NOTE = r"needs \usepackage{booktabs}; Chinese text also needs ctex (or xeCJK)"


def to_latex(table: Table, digits: int = 3, places: Mapping[str, int] | None = None,
             note: str = LATEX_NOTE) -> str:
    r"""A booktabs tabular (\toprule, \midrule, \bottomrule), numbers right-aligned; places
    as to_markdown's. note: the first line's comment, in the reader's language."""
    spec = "".join("r" if n else "l" for n in _numeric_columns(table))
    lines = [f"% {note}",
             rf"\begin{{tabular}}{{{spec}}}", r"\toprule",
             _latex_row([escape_latex_file(c) for c in table.columns]), r"\midrule"]
    for i, row in enumerate(table.rows):
        cells = _cells(table, i, digits, places, r"$\bullet$", "--")
        lines.append(_latex_row([escape_latex_file(v) if c is None else c
                                 for v, c in zip(row, cells, strict=True)]))
    lines += [r"\bottomrule", r"\end{tabular}"]
    return "\n".join(lines) + "\n"


def _latex_row(cells: list[str]) -> str:
    r"""One tabular row. \toprule, \midrule and the \\ before a row read a `[` starting it as
    their optional argument ('[1em]A' lost its '[1em]', '[x]' stopped LaTeX) and \\ a `*`
    as its star: such a row starts with an empty group."""
    line = " & ".join(cells) + r" \\"
    return "{}" + line if line.startswith(("[", "*")) else line


# --------------------------------------------------------------------- SVG


def svg_available() -> bool:
    """Is Graphviz's `dot` program installed?"""
    return shutil.which("dot") is not None


def to_svg(dot_source: str, timeout: float = 60) -> str:
    """Render DOT to SVG with Graphviz's `dot`; ExportUnavailable when it is not installed."""
    return draw(dot_source, "svg", timeout).decode("utf-8")


def draw(dot_source: str, fmt: str = "svg", timeout: float = 60) -> bytes:
    """DOT drawn by Graphviz's `dot -T<fmt>` (svg, png), its process stopped after timeout
    seconds (SvgTimeout): every drawing a page asks for is bounded, whatever its format.
    ExportUnavailable when `dot` is not installed."""
    dot = shutil.which("dot")
    if dot is None:
        raise ExportUnavailable(f"{fmt.upper()} needs Graphviz's 'dot' program, which is not "
                                "installed (e.g. apt-get install graphviz); the DOT file works "
                                "without it.")
    try:
        done = subprocess.run([dot, f"-T{fmt}"], input=dot_source.encode("utf-8"),
                              capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise SvgTimeout(f"Graphviz took longer than {timeout:g} s to draw this tree.") from None
    if done.returncode != 0:
        reason = " ".join(done.stderr.decode("utf-8", "replace").split())[:200]
        raise DataError(f"Graphviz could not draw this tree: {reason}")
    return done.stdout
