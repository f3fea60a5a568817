"""Plain data drawn from a trace dict for the views: orders, node lookups, tables.

No Streamlit here, so the numbers a page shows can be tested without a running app.
Numbers are passed through exactly; rounding happens only in the widgets' display formats.
"""

from __future__ import annotations

from collections import deque

import pandas as pd

from dtree_core.labels import children_of, format_number, node_path
from dtree_core.paths import path_key
from dtree_core.trace import Condition
from ui import registry


def bfs_order(trace: dict) -> list[int]:
    """The nodes level by level (a breadth-first view of the same decisions)."""
    children, order, queue = children_of(trace), [], deque([trace["steps"][0]])
    while queue:
        node = queue.popleft()
        order.append(node)
        queue.extend(children[node])
    return order


def replay_order(trace: dict, order: str = "dfs") -> list[int]:
    """The trace's own steps (TreeGenerate's recursion), or the BFS view."""
    return bfs_order(trace) if order == "bfs" else list(trace["steps"])


def ancestors(trace: dict, node_id: int) -> list[int]:
    """Ids from the root down to node_id's parent."""
    nodes, chain, parent = trace["nodes"], [], trace["nodes"][node_id]["parent"]
    while parent is not None:
        chain.append(parent)
        parent = nodes[parent]["parent"]
    return chain[::-1]


def node_path_key(trace: dict, node: dict) -> str:
    """The node's path as --force writes it ('root', '纹理=清晰/根蒂=稍蜷')."""
    return path_key(Condition.from_dict(c) for c in node_path(trace, node))


def node_at_path(trace: dict, key: str) -> int | None:
    return next((n["id"] for n in trace["nodes"] if node_path_key(trace, n) == key), None)


def counts_text(counts: dict, classes: list, decimals: int = 3) -> str:
    """'是 8 · 否 9' in the trace's class order."""
    return " · ".join(f"{c} {format_number(counts.get(c, 0), decimals)}" for c in classes)


def score_frame(node: dict, algorithm: str) -> pd.DataFrame:
    """One row per candidate attribute with the algorithm's score columns, exactly as recorded."""
    columns = registry.record(algorithm).columns
    return pd.DataFrame([{
        "attribute": row["attribute"], "kind": row["kind"], "threshold": row["threshold"],
        "rho": row["rho"], **{col: row.get(col) for col in columns},
        "tied": _is_tied(node, row), "chosen": row["chosen"],
    } for row in node["scores"]])


def _is_tied(node: dict, row: dict) -> bool:
    """Tied with the winner (the winner too, when it has company)."""
    ties = node["decision"].get("ties") or []
    return bool(row.get("tied", row["attribute"] in ties)) or (row["chosen"] and bool(ties))


def branch_frame(score: dict, classes: list) -> pd.DataFrame:
    """The branch table of one candidate: |D^v| (and weight), class counts, Ent, Gini."""
    rows = []
    for branch in score["branches"]:
        counts = branch["class_counts"]
        rows.append({
            "value": branch_value_text(branch["value"]), "n": branch["n"],
            "weight": branch["weight"], **{c: counts.get(c, 0) for c in classes},
            "entropy": branch["entropy"], "gini": branch["gini"],
        })
    return pd.DataFrame(rows)


def branch_value_text(value) -> str:
    """Branch values as text: lists (binary nominal sides) joined in braces."""
    if isinstance(value, list):
        return "{" + ",".join(map(str, value)) + "}"
    return str(value)


def score_of(node: dict, attribute: str) -> dict | None:
    return next((row for row in node["scores"] if row["attribute"] == attribute), None)


def winner(node: dict) -> dict | None:
    return next((row for row in node["scores"] if row["chosen"]), None)


def has_fractions(node: dict) -> bool:
    """Did missing values make this node's weight differ from its row count?"""
    return abs(node["weight"] - node["n"]) > 1e-12
