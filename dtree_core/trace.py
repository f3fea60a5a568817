"""The trace: every node the grower decided, why, and in what order (format dtree-trace/1).

Records are frozen dataclasses holding exact numbers; the JSON form (TRACE.md) is derived
from them. Score tables stay as the grower's per-depth numpy arrays until they are asked for,
so a trace of a large tree costs counts, not Python objects per cell.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

FORMAT = "dtree-trace/1"


@dataclass(frozen=True)
class Condition:
    """The test on the edge from a parent: attribute op value."""

    attribute: str
    op: str  # "=", "<=", ">", "in"
    value: Any  # text, a float threshold, or a tuple of texts

    def to_dict(self) -> dict:
        value = list(self.value) if self.op == "in" else self.value
        return {"attribute": self.attribute, "op": self.op, "value": value}

    @classmethod
    def from_dict(cls, d: dict) -> Condition:
        value = tuple(d["value"]) if d["op"] == "in" else d["value"]
        return cls(d["attribute"], d["op"], value)


@dataclass(frozen=True)
class Decision:
    kind: str  # "split" | "leaf"
    label: str
    stop: str | None = None
    attribute: str | None = None
    threshold: float | None = None
    criterion: str | None = None
    value: float | None = None
    rule: str = ""
    rule_code: str | None = None
    ties: tuple[str, ...] = ()
    forced: bool = False
    mean_gain: float | None = None
    passed: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in (
            "kind", "attribute", "threshold", "criterion", "value", "rule", "rule_code")}
        d.update(ties=list(self.ties), forced=self.forced, label=self.label, stop=self.stop,
                 mean_gain=self.mean_gain, passed=list(self.passed))
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Decision:
        keys = cls.__dataclass_fields__
        values = {k: v for k, v in d.items() if k in keys}
        values["ties"], values["passed"] = tuple(d.get("ties", ())), tuple(d.get("passed", ()))
        return cls(**values)


class ScoreTable(Protocol):
    def rows(self) -> list[dict]: ...


@dataclass(frozen=True)
class StaticScores:
    """Score rows already in JSON form (a trace read back from JSON)."""

    table: tuple[dict, ...]

    def rows(self) -> list[dict]:
        return list(self.table)


@dataclass(frozen=True)
class Node:
    id: int
    parent: int | None
    branch: Condition | None
    depth: int
    n: int
    weight: float
    class_counts: tuple[float, ...]
    entropy: float
    gini: float
    decision: Decision
    children: tuple[int, ...] = ()
    scores: ScoreTable | None = None
    pruned_away: bool = False

    @property
    def is_leaf(self) -> bool:
        return self.decision.kind == "leaf"


@dataclass(frozen=True)
class Trace:
    algorithm: str
    params: dict
    target: str
    classes: tuple[str, ...]
    attributes: tuple[dict, ...]
    nodes: tuple[Node, ...]
    steps: tuple[int, ...]
    pruning: tuple[dict, ...] = field(default=())

    def path(self, node_id: int) -> list[Condition]:
        """Conditions from the root down to a node."""
        conditions = []
        node = self.nodes[node_id]
        while node.parent is not None:
            conditions.append(node.branch)
            node = self.nodes[node.parent]
        return conditions[::-1]

    def node_dict(self, node: Node, scores: bool = True) -> dict:
        counts = {c: float(w) for c, w in zip(self.classes, node.class_counts, strict=True)}
        d = {
            "id": node.id, "parent": node.parent,
            "branch": node.branch.to_dict() if node.branch else None, "depth": node.depth,
            "path": [c.to_dict() for c in self.path(node.id)], "n": node.n,
            "weight": float(node.weight), "class_counts": counts,
            "entropy": float(node.entropy), "gini": float(node.gini),
            "scores": node.scores.rows() if scores and node.scores is not None else [],
            "decision": node.decision.to_dict(), "children": list(node.children),
        }
        if node.pruned_away:
            d["pruned_away"] = True
        return d

    def to_dict(self, scores: bool = True) -> dict:
        """TRACE.md's JSON form; scores=False leaves every score table empty (a cheap outline)."""
        d = {"format": FORMAT, "algorithm": self.algorithm, "params": self.params,
             "target": self.target, "classes": list(self.classes),
             "attributes": [dict(a) for a in self.attributes],
             "nodes": [self.node_dict(n, scores) for n in self.nodes],
             "steps": list(self.steps)}
        if self.pruning:
            d["pruning"] = [dict(p) for p in self.pruning]
        return d

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent, allow_nan=False)

    @classmethod
    def from_dict(cls, d: dict) -> Trace:
        if d.get("format") != FORMAT:
            raise ValueError(f"Not a {FORMAT} trace (format: {d.get('format')!r}).")
        classes = tuple(d["classes"])
        nodes = tuple(_node_from_dict(n, classes) for n in d["nodes"])
        return cls(d["algorithm"], d["params"], d["target"], classes,
                   tuple(d["attributes"]), nodes, tuple(d["steps"]), tuple(d.get("pruning", ())))

    @classmethod
    def from_json(cls, text: str) -> Trace:
        return cls.from_dict(json.loads(text))


def _node_from_dict(d: dict, classes: tuple[str, ...]) -> Node:
    return Node(
        id=d["id"], parent=d["parent"],
        branch=Condition.from_dict(d["branch"]) if d["branch"] else None, depth=d["depth"],
        n=d["n"], weight=d["weight"], class_counts=tuple(d["class_counts"][c] for c in classes),
        entropy=d["entropy"], gini=d["gini"], decision=Decision.from_dict(d["decision"]),
        children=tuple(d.get("children", ())), scores=StaticScores(tuple(d["scores"])),
        pruned_away=d.get("pruned_away", False))


def number(x) -> float | None:
    """A JSON-safe exact float (None for NaN)."""
    x = float(x)
    return None if np.isnan(x) else x
