"""TreeGenerate (Zhou Fig. 4.2), grown one depth at a time.

Every open node of a depth is counted and scored in one batch of numpy operations; each
node's decision is still a pure function of its own score table (decide.choose), so the
trace reads exactly as the recursive pseudocode would have produced it. Node ids are
renumbered into the recursion's depth-first order at the end, so steps == ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .criteria import entropy, gini
from .data import DataError, Encoded
from .decide import RULES, choose
from .paths import path_key
from .scoretable import LevelScores, score_level
from .splitting import Batch, node_class_counts
from .trace import Condition, Decision, Node, Trace
from .wording import leaf_rule, split_rule


@dataclass(frozen=True)
class Params:
    algorithm: str = "id3"
    max_depth: int | None = None
    min_samples_split: int = 2
    min_gain: float = 0.0
    seed: int = 0
    tie_break: str = "first"
    force: tuple[tuple[str, str], ...] = ()  # (canonical path, attribute name)
    curve_points: int = 256

    def to_dict(self) -> dict:
        return {"algorithm": self.algorithm, "max_depth": self.max_depth,
                "min_samples_split": self.min_samples_split, "min_gain": self.min_gain,
                "seed": self.seed, "tie_break": self.tie_break,
                "force": {p: a for p, a in self.force}}


@dataclass
class Frontier:
    """The open nodes of one depth, in creation order, and the entries reaching them."""

    batch: Batch
    ids: np.ndarray  # creation ids of the open nodes
    used: np.ndarray  # (m, A): nominal attributes already split on along the path
    parent_label: np.ndarray  # majority class of the parent (labels empty branches)
    depth: int


@dataclass
class Builder:
    """Node facts collected in creation order; turned into Node records at the end."""

    parent: list = field(default_factory=list)
    branch: list = field(default_factory=list)
    depth: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)  # creation id -> (n, weight, counts, ent, gini)
    decision: dict = field(default_factory=dict)
    scores: dict = field(default_factory=dict)
    children: dict = field(default_factory=dict)

    def add_child(self, parent: int, branch: Condition, depth: int) -> int:
        self.parent.append(parent)
        self.branch.append(branch)
        self.depth.append(depth)
        return len(self.parent) - 1


def grow(enc: Encoded, params: Params, target: str) -> Trace:
    """Grow the whole tree and return its trace."""
    builder = Builder()
    builder.add_child(None, None, 0)
    frontier = _root(enc)
    forced_used: set[str] = set()
    while frontier is not None:
        frontier = _grow_depth(enc, params, frontier, builder, forced_used)
    unused = {p for p, _ in params.force} - forced_used
    if unused:
        _refuse_force(builder, sorted(unused)[0])
    return _finish(enc, params, target, builder)


def _refuse_force(builder: Builder, wanted: str):
    """Say why a --force path was not used: no such node, or the node became a leaf."""
    for node_id in range(len(builder.parent)):
        if path_key(_creation_path(builder, node_id)) == wanted:
            stop = builder.decision[node_id].stop
            raise DataError(f"The node at '{wanted}' is a leaf ({stop}); there is nothing to "
                            "force there.")
    raise DataError(f"No node has the path '{wanted}' to force.")


def _root(enc: Encoded) -> Frontier:
    n = enc.n_rows
    batch = Batch(np.arange(n), enc.weights.astype(float), np.zeros(n, dtype=np.int64), 1)
    used = np.zeros((1, len(enc.attributes)), dtype=bool)
    return Frontier(batch, np.array([0]), used, np.array([0]), 0)


def _early_stops(enc, params, frontier, counts, n) -> np.ndarray:
    """TreeGenerate's stop cases that need no scores, in the book's order, then pre-pruning."""
    weight = counts.sum(axis=1)
    nominal = np.array([a.is_nominal for a in enc.attributes])
    all_used = (frontier.used | ~nominal).all(axis=1) & nominal.all()
    cases = [
        ("empty", weight <= 0),
        ("pure", (counts > 0).sum(axis=1) <= 1),
        ("no_attributes", all_used),
        ("max_depth", np.full(len(n), params.max_depth is not None
                              and frontier.depth >= params.max_depth)),
        ("min_samples", n < params.min_samples_split),
    ]
    stop = np.full(len(n), "", dtype=object)
    for code, mask in reversed(cases):
        stop[mask] = code
    return stop


def _grow_depth(enc, params, frontier, builder, forced_used) -> Frontier | None:
    counts, n = node_class_counts(enc, frontier.batch)
    labels = majority(counts, frontier.parent_label)
    _record_facts(builder, frontier.ids, counts, n)
    stop = _early_stops(enc, params, frontier, counts, n)
    open_nodes = stop == ""
    level = None
    if open_nodes.any():
        scored = frontier.batch.select(open_nodes)
        level = score_level(enc, scored, frontier.used[open_nodes], params.algorithm,
                            params.curve_points)
        key = np.random.default_rng([params.seed, frontier.depth]).random(level.eligible.shape)
        choice = choose(params.algorithm, level.table(), level.eligible, key, params.tie_break)
        ids = frontier.ids[open_nodes]
        winner, forced = _apply_forces(enc, params, builder, ids, level, choice.winner,
                                       forced_used)
        stop[open_nodes] = _late_stops(params, level, winner)
        _record_splits(enc, params, builder, ids, level, choice, winner, forced,
                       stop[open_nodes], labels[open_nodes])
    for i in np.flatnonzero(stop != ""):
        node_id = int(frontier.ids[i])
        builder.decision[node_id] = Decision("leaf", enc.classes[labels[i]], stop=stop[i],
                                             rule=leaf_rule(stop[i]))
    if level is None or not (stop[open_nodes] == "").any():
        return None
    return _children(enc, frontier, scored, open_nodes, stop, level, winner, labels, builder)


def majority(counts: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    """The majority class, ties to the class seen first; empty nodes take the parent's."""
    best = counts.max(axis=1, keepdims=True)
    first = np.argmax(counts >= best * (1 - 1e-12), axis=1)
    return np.where(counts.sum(axis=1) > 0, first, fallback)


def _record_facts(builder, ids, counts, n) -> None:
    ents, ginis, weights = entropy(counts), gini(counts), counts.sum(axis=1)
    for i, node_id in enumerate(ids.tolist()):
        builder.facts[node_id] = (int(n[i]), float(weights[i]), tuple(counts[i].tolist()),
                                  float(ents[i]), float(ginis[i]))


def _apply_forces(enc, params, builder, ids, level: LevelScores, winner, forced_used):
    forced = np.zeros(len(ids), dtype=bool)
    if not params.force:
        return winner, forced
    names = [a.name for a in enc.attributes]
    wanted = dict(params.force)
    winner = winner.copy()
    for i, node_id in enumerate(ids.tolist()):
        key = path_key(_creation_path(builder, node_id))
        if key not in wanted:
            continue
        attribute = wanted[key]
        j = names.index(attribute) if attribute in names else -1
        if j < 0 or not level.eligible[i, j]:
            raise DataError(f"Cannot force '{attribute}' at '{key}': it is not a candidate there.")
        winner[i], forced[i] = j, True
        forced_used.add(key)
    return winner, forced


def _creation_path(builder, node_id) -> list[Condition]:
    path = []
    while builder.parent[node_id] is not None:
        path.append(builder.branch[node_id])
        node_id = builder.parent[node_id]
    return path[::-1]


def _late_stops(params, level: LevelScores, winner) -> np.ndarray:
    """same_values when no candidate can separate the rows; min_gain after the rule chose."""
    can_split = (level.eligible & (level.n_distinct >= 2)).any(axis=1)
    stop = np.where(can_split & (winner >= 0), "", "same_values").astype(object)
    criterion = "gini_gain" if params.algorithm == "cart" else "gain"
    value = np.take_along_axis(level.table()[criterion], np.maximum(winner, 0)[:, None], 1)[:, 0]
    stop[(stop == "") & (value < params.min_gain)] = "min_gain"
    return stop


def _record_splits(enc, params, builder, ids, level, choice, winner, forced, stop, labels):
    names = [a.name for a in enc.attributes]
    _, criterion, rule_code = RULES[params.algorithm]
    table = level.table()
    for i, node_id in enumerate(ids.tolist()):
        builder.scores[node_id] = level.view(i, -1 if stop[i] else int(winner[i]), choice)
        if stop[i]:
            continue
        j = int(winner[i])
        ties = tuple(names[t] for t in np.flatnonzero(choice.tied[i]) if t != j)
        passed = tuple(names[t] for t in np.flatnonzero(choice.passed[i]))
        c45 = params.algorithm == "c45"
        builder.decision[node_id] = Decision(
            "split", enc.classes[labels[i]], attribute=names[j],
            threshold=level.threshold_of(i, j), criterion=criterion,
            value=float(table.get(criterion, table["gain"])[i, j]),
            rule=split_rule(params.algorithm, names[j], ties, bool(forced[i]), params.tie_break),
            rule_code="forced" if forced[i] else rule_code, ties=ties, forced=bool(forced[i]),
            mean_gain=float(choice.mean_gain[i]) if c45 else None, passed=passed if c45 else ())


def _children(enc, frontier, scored, open_nodes, stop, level, winner, labels,
              builder) -> Frontier:
    """Route every entry of a splitting node to its branch; unknowns go down all branches."""
    splits = stop[open_nodes] == ""
    branches = [level.branch_conditions(i, int(winner[i])) if splits[i] else []
                for i in range(len(splits))]
    sizes = np.array([len(b) for b in branches])
    first_child = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    child_ids, parent_ids = [], []
    open_ids = frontier.ids[open_nodes]
    for i, conditions in enumerate(branches):
        kids = [builder.add_child(int(open_ids[i]), c, frontier.depth + 1) for c in conditions]
        builder.children[int(open_ids[i])] = kids
        child_ids += kids
        parent_ids += [i] * len(kids)
    keep = splits[scored.node]
    node = scored.node[keep]
    branch = level.route(enc, scored.rows[keep], node, winner)
    rows, weight, child = _spread_unknowns(scored.rows[keep], scored.weight[keep], node, branch,
                                           first_child, sizes, _shares(level, splits, winner))
    parent_ids = np.array(parent_ids, dtype=np.int64)
    used = frontier.used[open_nodes][parent_ids].copy()
    nominal_multiway = level.marks_used(winner)[parent_ids]
    used[np.arange(len(parent_ids)), winner[parent_ids]] |= nominal_multiway
    return Frontier(Batch(rows, weight, child, len(child_ids)), np.array(child_ids), used,
                    labels[open_nodes][parent_ids], frontier.depth + 1)


def _shares(level, splits, winner) -> np.ndarray:
    parts = [level.shares(i, int(winner[i])) for i in np.flatnonzero(splits)]
    return np.concatenate(parts) if parts else np.empty(0)


def _spread_unknowns(rows, weight, node, branch, first_child, sizes, shares):
    """Known entries go to their branch; an unknown one to every branch with weight × r̃_v."""
    known = branch >= 0
    unknown = np.flatnonzero(~known)
    reps = sizes[node[unknown]]
    entry = np.repeat(unknown, reps)
    offset = np.arange(len(entry)) - np.repeat(np.cumsum(reps) - reps, reps)
    child_of_copy = first_child[node[entry]] + offset
    copy_weight = weight[entry] * shares[child_of_copy]
    rows = np.concatenate([rows[known], rows[entry]])
    weight = np.concatenate([weight[known], copy_weight])
    child = np.concatenate([first_child[node[known]] + branch[known], child_of_copy])
    positive = weight > 0
    return rows[positive], weight[positive], child[positive]


def _finish(enc, params, target, builder) -> Trace:
    """Renumber nodes into TreeGenerate's depth-first order and freeze the records."""
    order, stack = [], [0]
    while stack:
        node_id = stack.pop()
        order.append(node_id)
        stack.extend(reversed(builder.children.get(node_id, [])))
    new_id = {old: new for new, old in enumerate(order)}
    nodes = tuple(_node(builder, old, new_id) for old in order)
    attributes = tuple({"name": a.name, "kind": a.kind, **({"values": list(a.values)}
                        if a.is_nominal else {})} for a in enc.attributes)
    return Trace(params.algorithm, params.to_dict(), target, enc.classes, attributes, nodes,
                 tuple(range(len(nodes))))


def _node(builder, old, new_id) -> Node:
    n, weight, counts, ent, gin = builder.facts[old]
    parent = builder.parent[old]
    return Node(new_id[old], None if parent is None else new_id[parent], builder.branch[old],
                builder.depth[old], n, weight, counts, ent, gin, builder.decision[old],
                tuple(new_id[c] for c in builder.children.get(old, [])),
                builder.scores.get(old))

