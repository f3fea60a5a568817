"""The tree as IF-THEN rules, one per leaf, with coverage and accuracy (Zhou §4.1, §15.1).

Coverage is the weight of the rows a rule's leaf receives: a row with an unknown value on the
path counts with its fractional share, exactly as prediction routes it. Training figures come
from the trace itself (the leaf's class counts); other rows are routed through the tree.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .evaluate import FittedTrace
from .export import Table, to_markdown
from .labels import branch_text, format_number, node_path


@dataclass(frozen=True)
class Coverage:
    """Rows a rule covers (weight) and how many of them it labels correctly (weight)."""

    covered: float
    correct: float

    @property
    def accuracy(self) -> float | None:
        """correct / covered; None for a rule that covers nothing."""
        return self.correct / self.covered if self.covered > 0 else None


@dataclass(frozen=True)
class Rule:
    leaf: int  # the leaf's node id
    conditions: tuple[dict, ...]  # TRACE.md condition dicts, root first
    target: str
    label: str
    train: Coverage
    test: Coverage | None = None

    @property
    def condition_text(self) -> str:
        return " AND ".join(branch_text(c) for c in self.conditions) or "TRUE"

    @property
    def conclusion_text(self) -> str:
        return f"{self.target}={self.label}"


def _leaves(trace: dict) -> list[dict]:
    """The tree's leaves in the trace's step order (pruned-away nodes are not in the tree)."""
    nodes = trace["nodes"]
    return [nodes[i] for i in trace["steps"]
            if nodes[i]["decision"]["kind"] == "leaf" and not nodes[i].get("pruned_away")]


def _training(node: dict) -> Coverage:
    label = node["decision"]["label"]
    return Coverage(float(node["weight"]), float(node["class_counts"].get(label, 0.0)))


def rules(trace: dict, X: pd.DataFrame | None = None, y=None) -> list[Rule]:
    """One rule per leaf; with X and y, also each rule's coverage and accuracy on those rows."""
    test = coverage_on(trace, X, y) if X is not None else {}
    return [Rule(node["id"], tuple(node_path(trace, node)), trace["target"],
                 node["decision"]["label"], _training(node),
                 test.get(node["id"], Coverage(0.0, 0.0)) if test else None)
            for node in _leaves(trace)]


def coverage_on(trace: dict, X: pd.DataFrame, y) -> dict[int, Coverage]:
    """Each leaf's covered and correctly labelled weight over the rows of X."""
    truth = np.asarray(pd.Series(y).reset_index(drop=True), dtype=object)
    leaves = {n["id"]: n["decision"]["label"] for n in _leaves(trace)}
    found = {leaf: Coverage(0.0, 0.0) for leaf in leaves}
    for node_id, rows, weight in FittedTrace.from_dict(trace).reach(X):
        if node_id in leaves:
            hit = truth[rows] == leaves[node_id]
            found[node_id] = Coverage(float(weight.sum()), float(weight[hit].sum()))
    return found


def _percent(value: float | None, digits: int) -> str:
    return "—" if value is None else f"{100 * value:.{max(digits - 2, 0)}f}%"


def coverage_text(coverage: Coverage, digits: int = 3) -> str:
    """'coverage 5, accuracy 100.0%' (fractional coverage only when missing values split rows)."""
    return (f"coverage {format_number(coverage.covered, digits)}, "
            f"accuracy {_percent(coverage.accuracy, digits)}")


def rule_line(number: int, rule: Rule, digits: int = 3) -> str:
    """'R1: IF 纹理=清晰 AND 根蒂=蜷缩 THEN 好瓜=是  [training: coverage 5, accuracy 100.0%]'."""
    stats = f"training: {coverage_text(rule.train, digits)}"
    if rule.test is not None:
        stats += f"; held-out: {coverage_text(rule.test, digits)}"
    return f"R{number}: IF {rule.condition_text} THEN {rule.conclusion_text}  [{stats}]"


def rules_text(trace: dict, X: pd.DataFrame | None = None, y=None, digits: int = 3) -> str:
    """Every rule on its own line (what `python -m dtree_core grow ... --rules` prints)."""
    return "\n".join(rule_line(i, r, digits) for i, r in enumerate(rules(trace, X, y), 1))


def rules_markdown(trace: dict, X: pd.DataFrame | None = None, y=None, digits: int = 3) -> str:
    """The rules as a Markdown table, held-out columns only when rows were given."""
    found = rules(trace, X, y)
    columns = ["rule", "IF", "THEN", "training coverage", "training accuracy"]
    if X is not None:
        columns += ["held-out coverage", "held-out accuracy"]
    rows = []
    for i, rule in enumerate(found, 1):
        row = [f"R{i}", rule.condition_text, rule.conclusion_text,
               format_number(rule.train.covered, digits), _percent(rule.train.accuracy, digits)]
        if rule.test is not None:
            row += [format_number(rule.test.covered, digits), _percent(rule.test.accuracy, digits)]
        rows.append(row)
    return to_markdown(Table(columns, rows), digits)
