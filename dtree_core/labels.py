"""The one label builder: branch conditions, class counts and node summaries as display text.

DOT, text and rule exports all call these, so a node reads the same everywhere. Inputs are
the JSON forms of TRACE.md (condition and node dicts); escaping belongs to each output format.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .escape import one_line
from .split import Condition, format_number, record_threshold_text
from .trace import leaf_stop


def children_of(trace: dict) -> dict[int, list[int]]:
    """Node id -> its children's ids, in branch order (from the parents if a trace lacks them)."""
    if all("children" in node for node in trace["nodes"]):
        return {node["id"]: list(node["children"]) for node in trace["nodes"]}
    children: dict[int, list[int]] = {node["id"]: [] for node in trace["nodes"]}
    for node in trace["nodes"]:
        if node["parent"] is not None:
            children[node["parent"]].append(node["id"])
    return children


def node_path(trace: dict, node: dict) -> list[dict]:
    """The branch conditions from the root to a node: its `path`, or from its parents when
    the JSON leaves `path` null (nodes deeper than 64)."""
    if node.get("path") is not None:
        return node["path"]
    path, nodes = [], trace["nodes"]
    while node["parent"] is not None:
        path.append(node["branch"])
        node = nodes[node["parent"]]
    return path[::-1]


def joined_paths(trace: dict, text_of, separator: str) -> list[str]:
    """Every node's path (trace dict) as its conditions' text_of joined by separator, by id
    ("" for the root), each built on its parent's: one condition's text per node, where a
    text from each node's whole path costs a condition per level (11M for three 22k-node
    trees)."""
    nodes = trace["nodes"]
    texts: list[str | None] = [None] * len(nodes)
    for node in nodes:
        untexted = []  # node and its ancestors without a text yet, deepest first
        while texts[node["id"]] is None:
            untexted.append(node)
            if node["parent"] is None:
                break
            node = nodes[node["parent"]]
        for node in reversed(untexted):
            parent = node["parent"]
            if parent is None:
                texts[node["id"]] = ""
                continue
            own = text_of(node["branch"])
            texts[node["id"]] = f"{texts[parent]}{separator}{own}" if texts[parent] else own
    return texts


def branch_text(condition: dict, digits: int | None = None) -> str:
    """'纹理=清晰', '密度<=0.3815', '色泽 in {青绿,乌黑}' (the split record's one text form)."""
    return Condition.from_dict(condition).text(digits)


def counts_text(class_counts: dict, digits: int | None = 3) -> str:
    """'是 8, 否 9' (weights shown with decimals only when fractional)."""
    return ", ".join(counts_parts(class_counts, digits))


def counts_parts(class_counts: dict, digits: int | None = 3) -> tuple[str, ...]:
    """('是 8', '否 9'): counts_text's items, for a text that joins them in its own language."""
    return tuple(f"{c} {format_number(w, digits)}" for c, w in class_counts.items())


def node_head(node: dict) -> str:
    """The split attribute with a question mark, or the leaf's class."""
    decision = node["decision"]
    if decision["kind"] == "split":
        return f"{decision['attribute']}?"
    return str(decision["label"])


def node_summary(node: dict, digits: int | None = 3, stop_words: dict | None = None) -> str:
    """'纹理?  (是 8, 否 9)' or '否  (否 3)  [pure]' (stop_words: a stop code's word, if any)."""
    text = f"{node_head(node)}  ({counts_text(node['class_counts'], digits)})"
    stop = leaf_stop(node["decision"])
    return f"{text}  [{(stop_words or {}).get(stop, stop)}]" if stop else text


def export_text(trace: dict, digits: int | None = 3, indent: str = "    ",
                stop_words: dict | None = None) -> str:
    """The tree as indented text, one node a line, children under their parent."""
    nodes = trace["nodes"]
    lines = []
    for node_id in trace["steps"]:
        node = nodes[node_id]
        if node.get("pruned_away"):
            continue
        prefix = indent * node["depth"]
        edge = f"{branch_text(node['branch'])}: " if node["branch"] else ""
        lines.append(prefix + one_line(f"{edge}{node_summary(node, digits, stop_words)}"))
    return "\n".join(lines)


SCORE_TABLE_COLUMNS = ("gain", "iv", "gain_ratio", "gini_index")


def score_table_text(node: dict, digits: int = 3, attribute: str = "attribute",
                     threshold: str = "threshold",
                     headers: tuple[str, ...] = ("Gain", "IV", "Gain_ratio", "Gini_index")) -> str:
    """A node's score table as aligned text columns (attribute, threshold: those headers;
    headers: those of SCORE_TABLE_COLUMNS, Zhou's names unless a notation's symbols)."""
    header = (attribute, *headers, threshold, "")
    rows = [header]
    for row in node["scores"]:
        mark = "*" if row["chosen"] else ("=" if row.get("tied") else "")
        threshold = "" if row["threshold"] is None else record_threshold_text(row)
        rows.append((one_line(row["attribute"]),
                     *(f"{row[k]:.{digits}f}" for k in SCORE_TABLE_COLUMNS),
                     threshold, mark))
    widths = [max(display_width(str(r[i])) for r in rows) for i in range(len(header))]
    return "\n".join("  ".join(_pad(str(c), w) for c, w in zip(r, widths, strict=True)).rstrip()
                     for r in rows)


def display_width(text: str) -> int:
    """Columns a terminal gives the text: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def curve_digits(rows: Iterable[dict]) -> dict[float, int]:
    """{midpoint: the digits it is written with between its two values} for the curve points
    of score rows that need more than 6 (TRACE.md's curve threshold_digits; the most any
    row asks for a midpoint), for distinct_labels' `own`."""
    own: dict[float, int] = {}
    for row in rows:
        curve = row.get("curve") or {}
        for t, digits in zip(curve.get("threshold") or (), curve.get("threshold_digits") or (),
                              strict=False):
            if digits:
                own[t] = max(own.get(t, 0), digits)
    return own
