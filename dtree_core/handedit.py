"""Prune and regroup by hand (issue 14), as JMP, SAS and SPSS let analysts edit a tree.

A student's copy of a grown trace is changed by edits, each pure (a trace in, a trace out):
- `prune`: the node becomes a leaf of its training majority (`stop="pruned"`, its split
  under `decision.was`); the nodes below stay, `pruned_away`, as after post-pruning.
- `regroup`: the node splits on a nominal attribute with its values grouped into branches
  (纹理 {清晰} vs {稍糊, 模糊}): a `subset` split (dtree_core.split), one branch per group.
- `cut`: the node splits on a continuous attribute at a cut point the student typed
  (attribute <= t, > t), any number, not only a candidate midpoint.
- `auto`: an automatic pruning run on the student's copy, the locked nodes kept: Zhou's
  reduced-error post-pruning (bottom up, a subtree becomes a leaf when validation accuracy
  rises, or stays the same with the options' prune_on_tie, the sidebar's; a locked node is
  skipped, its split stays; the run's decisions are the result's `pruning` events) or Li
  Hang's C_α pruning (a locked node is never a group of leaves to retract). Locking lives
  here, in the student's view: the sidebar's pruning methods (dtree_core.pruning) know
  nothing of it.

A regrouped or cut node's old subtree is replaced by one leaf per branch, counted with the
training rows that reach the node routed by the split record (Split.route; a row with an
unknown value goes down every branch with the branch's share of the known weight, Zhou
§4.4.2). Each new leaf is labelled with its majority (on a tie the class first in the data;
with no rows, the node's label); its stop is `pure`, `empty` or `by_hand` (HAND_STOP: nothing
grew below it). Ids stay depth-first: the nodes after the replaced subtree are renumbered.
Predictions go through the split record as for any trace.

A regrouped or cut node's grown score table is dropped with its grown split: its rows mark
the attribute the algorithm chose there as chosen, which the student's test is not (the
candidates' scores are the algorithm's tree's, beside it). A node pruned by hand keeps its
table, which describes the split kept under `decision.was`.

Every edit is judged by Zhou §4.3's measure, validation accuracy, counted as REP counts it
(a validation row with an unknown value contributes its share of each leaf it reaches).
Edits are kept as plain data (`Edit`), replayed on the algorithm's trace by node path, so the
student's tree is the algorithm's tree and the edits, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from .criteria import entropy, gini
from .data import Attribute, CodedError, DataError, encode_like
from .growing import majority
from .labels import node_path
from .options import Options
from .paths import path_key
from .predicting import reach
from .pruning import ValidationRows, _Tree, reduced_error_leaves
from .split import Condition, Split, follow
from .splitting import threshold_digits
from .trace import Decision, Node, StaticScores, Trace
from .wording import prune_rule

EDIT_KINDS = ("prune", "regroup", "cut", "auto")
AUTO_METHODS = ("rep", "cost")  # the automatic prunings a student may run on their copy
PRUNE_RULE = "Pruned by hand: this node is a leaf of its training majority."
SPLIT_RULE = "Split by hand: the student chose this test."
LEAF_RULE = "A branch of a split made by hand: a leaf of its training majority."
# An impure branch of a hand-made split is a leaf because nothing grew below it, not because
# it was pruned or a stopping rule fired: its own stop value, used only in the student's copy.
HAND_STOP = "by_hand"
DEFAULT_OPTIONS = Options()  # an automatic reduced-error pruning keeps a subtree on a tie


@dataclass(frozen=True)
class Edit:
    """One edit of the student's copy: at the node with this path (as --force writes it)."""

    kind: str  # one of EDIT_KINDS
    path: str
    attribute: str | None = None
    groups: tuple[tuple[str, ...], ...] = ()  # regroup: the values of each branch
    threshold: float | None = None  # cut
    method: str | None = None  # auto: one of AUTO_METHODS
    alpha: float = 0.0  # auto with cost: Li Hang's α
    locked: tuple[str, ...] = ()  # auto: paths of the nodes whose splits stay

    def as_dict(self) -> dict:
        return {"kind": self.kind, "path": self.path, "attribute": self.attribute,
                "groups": [list(g) for g in self.groups], "threshold": self.threshold,
                "method": self.method, "alpha": self.alpha, "locked": list(self.locked)}

    @classmethod
    def from_dict(cls, d: dict) -> Edit:
        return cls(d["kind"], d["path"], d.get("attribute"),
                   tuple(tuple(g) for g in d.get("groups") or ()), d.get("threshold"),
                   d.get("method"), float(d.get("alpha") or 0.0), tuple(d.get("locked") or ()))


# --------------------------------------------------------------------- finding nodes


def find_node(trace: Trace, path: str) -> int:
    """The id of the node (in the tree, not pruned away) with this path."""
    d = trace.to_dict(scores=False)
    for node in d["nodes"]:
        if node.get("pruned_away"):
            continue
        conditions = (Condition.from_dict(c) for c in node_path(d, node))
        if path_key(conditions) == path:
            return node["id"]
    raise CodedError(f"No node has the path '{path}' in this tree.", "edit_no_path", path=path)


def in_tree(trace: Trace) -> list[int]:
    """The nodes of the tree as it stands (pruned-away nodes left out)."""
    return [n.id for n in trace.nodes if not n.pruned_away]


# --------------------------------------------------------------------- prune below a node


def prune_below(trace: Trace, node_id: int, rule: str = PRUNE_RULE) -> Trace:
    """The node as a leaf of its training majority; the nodes below it pruned away. rule:
    the leaf's sentence, by hand unless an automatic pruning decided it."""
    node = trace.nodes[node_id]
    if node.is_leaf:
        raise CodedError(f"Node #{node_id} is a leaf already: there is nothing below it.",
                         "edit_leaf", node=node_id)
    end = _Tree(trace).end[node_id]
    nodes = list(trace.nodes)
    nodes[node_id] = replace(node, decision=Decision("leaf", node.decision.label, stop="pruned",
                                                     rule=rule, was=node.decision))
    for i in range(node_id + 1, int(end)):
        nodes[i] = replace(nodes[i], pruned_away=True)
    return replace(trace, nodes=tuple(nodes), pruning=())


# --------------------------------------------------------------------- regroup or cut


def attributes_of(trace: Trace) -> dict[str, Attribute]:
    return {a["name"]: Attribute(a["name"], a["kind"], tuple(a.get("values") or ()))
            for a in trace.attributes}


def regroup(trace: Trace, node_id: int, attribute: str, groups, X: pd.DataFrame,
            y) -> Trace:
    """The node split on a nominal attribute, one branch per group of its values."""
    attrs = attributes_of(trace)
    if attribute not in attrs or attrs[attribute].kind != "nominal":
        raise CodedError(f"'{attribute}' is not a nominal attribute of this tree.",
                         "edit_not_nominal", attribute=attribute)
    groups = tuple(tuple(str(v) for v in g) for g in groups if len(g))
    named = [v for g in groups for v in g]
    if len(groups) < 2:
        raise CodedError("A regrouping needs at least two groups of values.", "edit_groups")
    if len(set(named)) != len(named) or set(named) != set(attrs[attribute].values):
        raise CodedError(f"Every value of '{attribute}' must be in exactly one group.",
                         "edit_values_once", attribute=attribute)
    return _split_by_hand(trace, node_id, Split("subset", attribute, groups), X, y)


def cut_at(trace: Trace, node_id: int, attribute: str, threshold: float, X: pd.DataFrame,
           y) -> Trace:
    """The node split on a continuous attribute at the cut point typed: <= t and > t."""
    attrs = attributes_of(trace)
    if attribute not in attrs or attrs[attribute].kind != "continuous":
        raise CodedError(f"'{attribute}' is not a continuous attribute of this tree.",
                         "edit_not_continuous", attribute=attribute)
    if not np.isfinite(threshold):
        raise CodedError(f"The cut point must be a finite number, got {threshold!r}.",
                         "edit_cut_point", threshold=repr(threshold))
    return _split_by_hand(trace, node_id, Split("threshold", attribute,
                                                threshold=float(threshold)), X, y)


def _split_by_hand(trace: Trace, node_id: int, split: Split, X: pd.DataFrame, y) -> Trace:
    """The node's subtree replaced by the split and one leaf per branch."""
    node = trace.nodes[node_id]
    rows, weight = training_rows_at(trace, node_id, X)
    attrs = attributes_of(trace)
    columns = dict(zip(attrs, encode_like(X.reset_index(drop=True), tuple(attrs.values())),
                       strict=True))
    at = {name: col[rows] for name, col in columns.items()}
    if split.kind == "threshold":
        split = replace(split, threshold_digits=_cut_digits(split.threshold, at[split.attribute]))
    branch = split.route(at, attrs)
    truth = _class_index(trace, y)[rows]
    children = _branch_leaves(trace, node, split, branch, weight, truth)
    decision = Decision("split", node.decision.label, attribute=split.attribute,
                        threshold=split.threshold, rule=SPLIT_RULE, forced=True,
                        forced_threshold=split.threshold is not None,
                        threshold_digits=split.threshold_digits)
    # the grown scores go with the grown split (module docstring): none chose this test
    return _replace_subtree(trace, node_id, replace(node, decision=decision,
                                                    scores=StaticScores(())), children)


def _cut_digits(t: float, values: np.ndarray) -> int | None:
    """The significant digits a typed cut is written with so that it reads between the
    node's values it parts, as a grown cut is (splitting.threshold_digits; None: 6 do)."""
    below, above = values[values <= t], values[values > t]
    if not (len(below) and len(above)):
        return None
    digits = threshold_digits(np.array([t]), np.array([below.max()]), np.array([above.min()]))
    return None if digits is None else int(digits[0]) or None


def training_rows_at(trace: Trace, node_id: int, X: pd.DataFrame) -> tuple[np.ndarray,
                                                                          np.ndarray]:
    """(row indices, weights) of the training rows X reaching the node, as grown."""
    attrs = attributes_of(trace)
    columns = encode_like(X.reset_index(drop=True), tuple(attrs.values()))
    for at, rows, weight in reach(trace, tuple(attrs.values()), columns, len(X)):
        if at == node_id:
            return rows, weight
    return np.array([], dtype=np.int64), np.array([])


def _class_index(trace: Trace, y) -> np.ndarray:
    labels = pd.Series(np.asarray(y, dtype=object)).astype(str)
    return pd.Index(list(trace.classes), dtype=object).get_indexer(labels).astype(np.int64)


def _branch_leaves(trace: Trace, node: Node, split: Split, branch: np.ndarray,
                   weight: np.ndarray, truth: np.ndarray) -> list[Node]:
    """One leaf per branch: its rows' class weights (unknown values by the known shares)."""
    n_branches = len(split.conditions())
    known = np.array([weight[branch == b].sum() for b in range(n_branches)], dtype=float)
    shares = known / known.sum() if known.sum() > 0 else np.full(n_branches, 1 / n_branches)
    leaves = []
    for (_, take, factor), condition in zip(follow(branch, shares), split.conditions(),
                                            strict=True):
        counts = np.bincount(truth[take], weights=weight[take] * factor,
                             minlength=len(trace.classes))[:len(trace.classes)]
        label = _leaf_label(trace, node, counts)
        stop = "empty" if counts.sum() <= 0 else "pure" if (counts > 0).sum() == 1 else HAND_STOP
        # n as the grower counts it: every row reaching the branch with some weight, those
        # whose value is unknown too (Zhou §4.4.2 sends them down every branch)
        reaching = int((weight[take] * factor > 0).sum())
        leaves.append(Node(-1, node.id, condition, node.depth + 1, reaching,
                           float(counts.sum()), tuple(counts.tolist()), float(entropy(counts)),
                           float(gini(counts)), Decision("leaf", label, stop=stop,
                                                         rule=LEAF_RULE),
                           scores=StaticScores(())))
    return leaves


def _leaf_label(trace: Trace, node: Node, counts: np.ndarray) -> str:
    """The grower's majority, so a hand-made leaf says what prediction will: weights equal
    to rounding (2.333…3 and 2.333…5) are a tie, to the class first in the data; an empty
    branch takes the node's label."""
    fallback = np.array([trace.classes.index(node.decision.label)])
    return trace.classes[int(majority(counts[np.newaxis], fallback)[0])]


def _replace_subtree(trace: Trace, node_id: int, node: Node, leaves: list[Node]) -> Trace:
    """nodes[:node_id], the node, its new leaves, then the nodes after its old subtree,
    renumbered so ids stay depth-first."""
    end = int(_Tree(trace).end[node_id])
    first = node_id + 1
    shift = len(leaves) - (end - first)

    def new_id(old: int | None) -> int | None:
        return old if old is None or old <= node_id else old + shift

    leaf_ids = tuple(range(first, first + len(leaves)))
    nodes = [replace(n, children=tuple(new_id(c) for c in n.children))
             for n in trace.nodes[:node_id]]  # ancestors' later children move too
    nodes.append(replace(node, children=leaf_ids))
    nodes.extend(replace(leaf, id=i) for i, leaf in zip(leaf_ids, leaves, strict=True))
    for old in trace.nodes[end:]:
        nodes.append(replace(old, id=new_id(old.id), parent=new_id(old.parent),
                             children=tuple(new_id(c) for c in old.children)))
    return replace(trace, nodes=tuple(nodes), steps=tuple(range(len(nodes))), pruning=())


# --------------------------------------------------------------------- judging an edit


def validation_accuracy(trace: Trace, X_val: pd.DataFrame, y_val) -> float:
    """Zhou §4.3's measure: the validation weight the tree's leaves label correctly / rows."""
    tree = _Tree(trace)
    rows = ValidationRows.encode(encode_like(X_val.reset_index(drop=True), tree.attributes()),
                                 y_val, trace.classes)
    correct = tree.validation_correct(rows)
    leaves = [n.id for n in trace.nodes if n.is_leaf and not n.pruned_away]
    return float(correct[leaves].sum() / rows.n)


@dataclass(frozen=True)
class Judged:
    """An edit's result: the tree after it and validation accuracy before and after."""

    trace: Trace
    before: float
    after: float


def apply(trace: Trace, edit: Edit, X: pd.DataFrame, y, validation=None,
          options: Options = DEFAULT_OPTIONS) -> Trace:
    """One edit on the tree, at the node its path names; validation=(X_val, y_val) for an
    automatic reduced-error pruning, which breaks a tie as options.prune_on_tie says."""
    if edit.kind not in EDIT_KINDS:
        raise DataError(f"Unknown edit '{edit.kind}'; use one of {', '.join(EDIT_KINDS)}.")
    trace = depth_first(trace)
    node_id = find_node(trace, edit.path)
    if edit.kind == "auto":
        return auto_prune(trace, edit.method, edit.locked, validation, edit.alpha, options)
    if edit.kind == "prune":
        return prune_below(trace, node_id)
    if edit.kind == "regroup":
        return regroup(trace, node_id, edit.attribute, edit.groups, X, y)
    return cut_at(trace, node_id, edit.attribute, edit.threshold, X, y)


def judged(trace: Trace, edit: Edit, X: pd.DataFrame, y, X_val: pd.DataFrame,
           y_val, options: Options = DEFAULT_OPTIONS) -> Judged:
    """The edit made, with validation accuracy before and after."""
    after = apply(trace, edit, X, y, (X_val, y_val), options)
    return Judged(after, validation_accuracy(trace, X_val, y_val),
                  validation_accuracy(after, X_val, y_val))


def replay(trace: Trace, edits, X: pd.DataFrame, y, validation=None,
           options: Options = DEFAULT_OPTIONS) -> Trace:
    """The student's tree: the algorithm's tree with the edits made in order."""
    for edit in edits:
        trace = apply(trace, edit, X, y, validation, options)
    return trace


# --------------------------------------------------------------------- automatic, with locks


def compact(trace: Trace) -> Trace:
    """The tree as it stands: pruned-away nodes dropped, ids renumbered depth-first."""
    return _renumbered(trace, _preorder(trace, live_only=True))


def depth_first(trace: Trace) -> Trace:
    """The trace with ids in depth-first order, as every edit assumes (a node's subtree is
    the ids after it up to _Tree.end). C4.5's subtree raising appends the raised copies after
    the grown nodes, under a node far before them: those traces are renumbered (the raised
    child's own subtree, which no node links to any more, is dropped); others are returned
    as they are."""
    order = _preorder(trace, live_only=False)
    return trace if order == list(range(len(trace.nodes))) else _renumbered(trace, order)


def _preorder(trace: Trace, live_only: bool) -> list[int]:
    """Node ids in depth-first order from the root through `children` (live_only: the
    pruned-away nodes and everything below a leaf left out)."""
    order, stack = [], [next(n.id for n in trace.nodes if n.parent is None)]
    while stack:
        node = trace.nodes[stack.pop()]
        if live_only and node.pruned_away:
            continue
        order.append(node.id)
        if not (live_only and node.is_leaf):
            stack.extend(reversed(node.children))
    return order


def _renumbered(trace: Trace, order: list[int]) -> Trace:
    """The nodes of `order` only, with ids 0, 1, … in that order (children not kept are
    dropped from their parent's list)."""
    new_id = {old: new for new, old in enumerate(order)}
    nodes = [replace(trace.nodes[old], id=new_id[old],
                     parent=new_id.get(trace.nodes[old].parent),
                     children=tuple(new_id[c] for c in trace.nodes[old].children
                                    if c in new_id))
             for old in order]
    return replace(trace, nodes=tuple(nodes), steps=tuple(range(len(nodes))), pruning=())


def auto_prune(trace: Trace, method: str | None, locked_paths, validation,
               alpha: float = 0.0, options: Options = DEFAULT_OPTIONS) -> Trace:
    """An automatic pruning of the student's tree that keeps the locked nodes' splits;
    reduced-error pruning prunes on a tie when options.prune_on_tie (the sidebar's) is on,
    and its events are the result's `pruning` (ids of the result's nodes)."""
    if method not in AUTO_METHODS:
        raise DataError(f"Unknown pruning '{method}'; use one of {', '.join(AUTO_METHODS)}.")
    tree_now = compact(trace)
    locked = frozenset(find_node(tree_now, p) for p in locked_paths)
    if method == "cost":
        from .cost_pruning import loss_prune

        return replace(loss_prune(tree_now, alpha, locked), pruning=())
    if validation is None:
        raise DataError("Reduced-error pruning needs validation rows.")
    on_tie = options.prune_on_tie
    pruned, events = locked_reduced_error(tree_now, locked, *validation, on_tie=on_tie)
    # Zhou's rule decided these leaves, not the student's hand; the sentence names the rule
    # that ran (strictly better, or not worse on a tie), as the sidebar's pruning does
    rule = prune_rule("rep_on_tie" if on_tie else "rep")
    for node in pruned:
        tree_now = prune_below(tree_now, node, rule)
    return replace(tree_now, pruning=tuple(events))


def locked_reduced_error(trace: Trace, locked: frozenset[int], X_val, y_val,
                         on_tie: bool = False) -> tuple[list[int], list[dict]]:
    """Zhou §4.3.2 bottom up, as dtree_core.pruning.reduced_error_prune, a locked node and
    every node above it skipped (making an ancestor a leaf would cut the locked split away):
    the nodes to make leaves, deepest first, and an event for each node judged."""
    tree = _Tree(trace)
    kept = set()
    for node in locked:  # the locked nodes and their ancestors keep their splits
        while node is not None and node not in kept:
            kept.add(node)
            node = trace.nodes[node].parent
    rows = ValidationRows.encode(encode_like(X_val.reset_index(drop=True), tree.attributes()),
                                 y_val, trace.classes)
    return reduced_error_leaves(tree, rows, on_tie, kept=frozenset(kept))
