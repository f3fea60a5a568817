"""Pruning a grown tree, every decision recorded as a `pruning` event (TRACE.md).

- `pre`: pre-pruning (Zhou §4.3.1). Before splitting a node, compare validation accuracy with
  the node as a leaf and with its split, the children being leaves of their training
  majority; split only if accuracy strictly improves. A grower's choice at a node depends on
  that node's rows alone, so deciding over the fully grown tree, top down, is the same as
  deciding while growing; the refused children are then dropped and the nodes renumbered.
- `rep`: reduced-error post-pruning (Zhou §4.3.2). Bottom up, a subtree becomes a leaf when
  validation accuracy improves (or stays the same, with prune_on_tie).
- `pep`: C4.5's pessimistic (error-based) pruning, subtree replacement: bottom up, a subtree
  becomes a leaf when the leaf's estimated errors are at most the sum of its leaves'
  (Quinlan 1993, §4.2; the estimate is Weka J48's `Stats.addErrs`), plus `pep_margin` (J48
  adds 0.1; the default 0 never lets pruning raise the tree's estimated errors). With
  `subtree_raising` (Quinlan 1993, §4.2; J48's `C45PruneableClassifierTree.prune`), each node
  also weighs its largest branch (the child with the most training weight; the last on a tie,
  as J48's `maxBag`) put in its place: errors_leaf (the node as a leaf), errors_tree (its
  subtree's leaves) and errors_branch (the largest branch's subtree with ALL the node's
  training rows routed through it, its leaves' class counts recounted). The node becomes a
  leaf if errors_leaf ≤ errors_tree + margin and ≤ errors_branch + margin; else the largest
  branch is raised if errors_branch ≤ errors_tree + margin, and the raised subtree is pruned
  again with its new counts, then the node itself again, as J48 does.
- `ccp`: CART's cost-complexity pruning (Breiman et al. 1984, §3.3): weakest-link pruning
  while the smallest effective alpha is at most ccp_alpha, as scikit-learn does.

Post-pruned nodes become leaves (`stop="pruned"`, the former decision under `decision.was`);
the nodes below them stay in the trace marked `pruned_away`, so the growth can be replayed.
Events are `{node, action, before, after, measure, reason}`: `before` is the tree as it is,
`after` the tree with the change (pre: with the split made, so `keep` means the split is
made; rep: validation accuracy; pep: estimated errors of the subtree and of the leaf, with
`cf`, and `margin` when pep_margin is not 0; ccp: the node's effective alpha and ccp_alpha,
with `leaves`, the subtree's leaf count).

Subtree raising (pep with subtree_raising) adds to every event `margin`, `errors_leaf`,
`errors_tree`, `errors_branch` and `largest` (the id of the largest branch's node), and a
third action, `raise`: `{node, action: "raise", before: errors_tree, after: errors_branch,
largest, replaced: the node's children before the raise, new_nodes: [ids]}`. A raise keeps
the node's id and rows (its counts do not change) and gives it the largest branch's test;
the nodes below are copied as new node records (`new_nodes`, ids after the grown tree's,
parents first), their `n`, `weight`, `class_counts`, `entropy`, `gini` and labels recounted
with all the node's rows; a copied leaf has `stop="pruned"` and its grown decision under
`was`, and the raised node's grown decision is under `was`. The copies have no score table;
`steps` lists them right after the subtree they replace, so the final tree reads in depth-
first order; everything the raise replaced is `pruned_away`. The events of the raised
subtree's second pruning follow the raise, then the node's own again. The grown tree is
still there for a growth replay: leave out every raise's `new_nodes` and give each raised node
its first raise's `replaced` children (ui.pruning.as_grown).

`choose_ccp_alpha` picks ccp_alpha by k-fold cross-validation or a validation set (1-SE rule).

Validation accuracy counts weight: a validation row with an unknown value is split across
branches as prediction splits it, and contributes its share of each leaf it reaches. Without
unknown values this is the plain accuracy (correct rows / rows).
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from .budget import Budget
from .criteria import entropy, gini
from .data import Attribute, CodedError, DataError, Encoded, as_text
from .growing import majority
from .options import Options
from .predicting import ColumnsAt, reach
from .split import Split, follow, format_number, places_apart
from .trace import Decision, Node, Trace
from .wording import prune_reason, prune_rule, raise_rule

VALIDATED = ("pre", "rep")  # the methods that judge by validation rows


@dataclass(frozen=True)
class ValidationRows:
    """Validation rows encoded like the training rows, and their classes."""

    columns: tuple[np.ndarray, ...]
    truth: np.ndarray  # index into the trace's classes; -1: a class the tree never saw
    unlabelled: int = 0  # rows of the validation file left out for an empty class cell

    @classmethod
    def encode(cls, columns, y, classes) -> ValidationRows:
        labels = y if isinstance(y, pd.Series) else pd.Series(np.asarray(y, dtype=object))
        texts = as_text(labels.reset_index(drop=True)).astype(object)
        n_rows = len(columns[0]) if columns else len(texts)
        if len(texts) != n_rows:
            raise CodedError(f"The validation rows have {n_rows} rows but {len(texts)} "
                             "classes.", "validation_mismatch", rows=n_rows, classes=len(texts))
        if n_rows == 0:
            raise CodedError("There are no validation rows to prune with.", "validation_empty")
        truth = pd.Index(list(classes), dtype=object).get_indexer(texts)
        return cls(tuple(columns), truth.astype(np.int64),
                   int(getattr(y, "attrs", {}).get("unlabelled_rows", 0)))

    @property
    def n(self) -> int:
        return len(self.truth)


def prune(trace: Trace, options: Options, validation: ValidationRows | None = None,
          training: Encoded | None = None, budget: Budget | None = None) -> Trace:
    """The trace pruned as options.prune says (`none`: unchanged). Subtree raising re-routes
    the training rows the tree grew on (`training`, the grower's encoding). A budget whose
    clock started (a fit's, Budget.started) is checked between the nodes pruning judges:
    pessimistic pruning with subtree raising can take longer than growth."""
    if options.prune == "none":
        return trace
    if options.prune in VALIDATED and validation is None:
        raise CodedError(f"Pruning '{options.prune}' needs validation rows.",
                         "validation_needed", method=options.prune)
    if options.prune == "pep" and options.subtree_raising:
        if training is None:
            raise DataError("Subtree raising needs the training rows the tree grew on.")
        return raising_prune(trace, training, options.cf, options.pep_margin, budget)
    if options.prune == "cost":  # Li Hang's Alg. 5.4, α = ccp_alpha (its own module)
        from .cost_pruning import loss_prune
        return loss_prune(trace, options.ccp_alpha, budget=budget)
    tree = _Tree(trace)
    if options.prune == "pre":
        return pre_prune(tree, validation, budget)
    if options.prune == "rep":
        return reduced_error_prune(tree, validation, options.prune_on_tie, budget)
    if options.prune == "pep":
        return pessimistic_prune(tree, options.cf, options.pep_margin, budget)
    return cost_complexity_prune(tree, options.ccp_alpha, budget)


def in_time(budget: Budget | None) -> None:
    """Between two nodes pruning judges: refuse once the fit's time limit has passed."""
    if budget is not None:
        budget.check_time()


# --------------------------------------------------------------------- the tree as arrays


class _Tree:
    """A grown trace's nodes (ids are depth-first, so a subtree is a range of ids)."""

    def __init__(self, trace: Trace):
        self.trace = trace
        self.nodes: list[Node] = list(trace.nodes)
        self.children = [node.children for node in self.nodes]
        self.label = np.array([trace.classes.index(n.decision.label) for n in self.nodes])
        self.weight = np.array([n.weight for n in self.nodes], dtype=float)
        self.is_leaf = np.array([n.is_leaf or not n.children for n in self.nodes])
        self.end = self._subtree_ends()

    def _subtree_ends(self) -> np.ndarray:
        """end[i]: one past the last id of node i's subtree."""
        end = np.arange(1, len(self.nodes) + 1)
        for i in range(len(self.nodes) - 1, -1, -1):
            if self.children[i]:
                end[i] = end[self.children[i][-1]]
        return end

    def internal_bottom_up(self) -> list[int]:
        """Splitting nodes, deepest first, left to right (the order of Zhou's §4.3.2)."""
        internal = [n for n in self.nodes if not self.is_leaf[n.id]]
        return [n.id for n in sorted(internal, key=lambda n: (-n.depth, n.id))]

    def internal_postorder(self) -> list[int]:
        """Splitting nodes, children before parents, left to right (C4.5's recursion)."""
        order, stack = [], [(0, False)]
        while stack:
            node, children_done = stack.pop()
            if self.is_leaf[node]:
                continue
            if children_done:
                order.append(node)
            else:
                stack.append((node, True))
                stack.extend((c, False) for c in reversed(self.children[node]))
        return order

    def leaf_sum(self, values: np.ndarray) -> np.ndarray:
        """For every node, the sum of values over the grown tree's leaves below it."""
        total = np.where(self.is_leaf, values, 0.0)
        for i in range(len(self.nodes) - 1, -1, -1):
            if not self.is_leaf[i]:
                total[i] = sum(total[c] for c in self.children[i])
        return total

    def attributes(self) -> tuple[Attribute, ...]:
        return tuple(Attribute(a["name"], a["kind"], tuple(a.get("values") or ()))
                     for a in self.trace.attributes)

    def validation_correct(self, rows: ValidationRows) -> np.ndarray:
        """For every node, the validation weight it would label correctly as a leaf."""
        return self.judged(rows)[0]

    def judged(self, rows: ValidationRows) -> tuple[np.ndarray, dict]:
        """validation_correct, and (from the same walk of the rows) the event fields that say
        how many validation rows reach some node by a share (an unknown value where the tree
        tests it, §4.4.2), which makes the accuracies counted by shares, and how many rows of
        the file were left out without a class; no fields when every row follows one path
        and none was left out."""
        correct = np.zeros(len(self.nodes))
        shared = np.zeros(rows.n, dtype=bool)
        for node, reached, weight in reach(self.trace, self.attributes(), rows.columns, rows.n):
            correct[node] = weight[rows.truth[reached] == self.label[node]].sum()
            shared[reached[weight < 1.0]] = True
        count = int(shared.sum())
        fields = {"shared_rows": count, "validation_rows": rows.n} if count else {}
        if rows.unlabelled:  # left out before judging: the file's rows without a class
            fields.update(unlabelled_rows=rows.unlabelled, validation_rows=rows.n)
        return correct, fields

    def post_pruned(self, pruned: list[int], events: list[dict], method: str,
                    rule: str | None = None) -> Trace:
        """The trace with these nodes made leaves and everything below them pruned away;
        rule names the leaves' sentence (default: the method's)."""
        away = np.zeros(len(self.nodes), dtype=bool)
        for i in pruned:
            away[i + 1:self.end[i]] = True
        nodes = list(self.nodes)
        for i in pruned:
            nodes[i] = replace(nodes[i], decision=pruned_decision(nodes[i].decision,
                                                                  rule or method))
        for i in np.flatnonzero(away).tolist():
            nodes[i] = replace(nodes[i], pruned_away=True)
        return replace(self.trace, nodes=tuple(nodes), pruning=tuple(events))


def pruned_decision(decision: Decision, method: str) -> Decision:
    """A leaf of the node's training majority, keeping the decision it replaces."""
    return Decision("leaf", decision.label, stop="pruned", rule=prune_rule(method),
                    was=decision)


def _event(node: int, pruned: bool, before: float, after: float, measure: str,
           method: str, worded: dict | None = None, **extra) -> dict:
    """worded: numbers the sentence names besides before and after (J48's margin)."""
    action = "prune" if pruned else "keep"
    reason = prune_reason(method, action, before, after, **(worded or {}))
    return {"node": node, "action": action, "before": float(before), "after": float(after),
            "measure": measure, "reason": reason, **extra}


ROUNDING = 1e-9  # relative: what two sums of the same fractional weights may differ by
# absolute: what a difference that is exactly 0 may come out as (the effective alpha of a
# split that lowers no impurity: 1.4e-16). Not 1e-9: effective alphas and ccp_alpha are
# fractions of the whole tree's impurity, and with weights (or 10⁵ rows) two distinct ones
# 1e-10 apart were "equal", and an alpha of 1e-10 cut at ccp_alpha 0.
NOISE = 1e-12


def relation(before: float, after: float) -> str:
    """How after compares with before: "gt", "eq" or "lt", equal within rounding relative to
    the larger (and NOISE about 0). Every pruning method decides by it on the very numbers
    its events record (pre- and reduced-error pruning on the validation accuracies, not the
    correct weights behind them), and the app words their events by it: the sentence is the
    comparison that decided, to the last bit."""
    if before == after:
        return "eq"
    tolerance = ROUNDING * max(abs(before), abs(after)) + NOISE
    if not np.isfinite(tolerance):  # an infinite side: no rounding to allow for
        return "gt" if after > before else "lt"
    if after > before + tolerance:
        return "gt"
    return "lt" if after < before - tolerance else "eq"


def at_most(value: float, limit: float) -> bool:
    """value ≤ limit within rounding (relation)."""
    return relation(limit, value) != "gt"


PERCENT_PLACES = 1  # a validation accuracy as the book prints it: 42.9%


def compared_pairs(event: dict) -> list[tuple[float, float]]:
    """The numbers an event's rule compared, those not equal within rounding (relation): the
    leaf's against the subtree's plus J48's margin, a raise's three estimates each against
    another plus the margin, else after against before."""
    margin = event.get("margin") or 0.0
    if is_raising_event(event):
        leaf, tree, branch = event["errors_leaf"], event["errors_tree"], event["errors_branch"]
        pairs = [(leaf, tree + margin), (leaf, branch + margin), (branch, tree + margin)]
    else:
        pairs = [(event["after"], event["before"] + margin)]
    return [(a, b) for a, b in pairs if relation(b, a) != "eq"]


def event_places(event: dict, decimals: int) -> int:
    """The places an event's numbers are written to: `decimals` (a validation accuracy: a
    percentage's one place), or as many more as tell apart what its rule compared
    (split.places_apart): 'g(t) = 0.039216 > ccp_alpha = 0.039200', not 0.039 > 0.039."""
    pairs = compared_pairs(event)
    if event["measure"] == "validation_accuracy":
        return places_apart([(100 * a, 100 * b) for a, b in pairs], PERCENT_PLACES)
    # and no number that is not 0 reads 0 (ccp_alpha 0.01 read 'ccp_alpha = 0.0' beside 0.2;
    # an effective alpha of 1.3e-10, which relation tells from 0, read 0.000 > 0), where
    # "not 0" is as relation decides: a sum's noise (1.4e-17) reads 0, not 0.00000000000000001
    shown = [event["before"], event["after"], *(v for pair in pairs for v in pair)]
    nonzero = [v for v in shown if relation(0.0, v) != "eq"]
    against_zero = [(v, 0.0) for v in nonzero]
    return places_apart(pairs + against_zero, decimals, _places_to_show(pairs + against_zero))


def _places_to_show(pairs: list[tuple[float, float]]) -> int:
    """Enough decimals (at least 9, at most 17) to write the two numbers of each pair apart:
    relation tells numbers apart down to about 1e-12, past the 9 places that did."""
    gaps = [abs(a - b) for a, b in pairs if np.isfinite(a) and np.isfinite(b) and a != b]
    return max(9, min(int(-np.floor(np.log10(min(gaps)))) + 1, 17)) if gaps else 9


def event_number(event: dict, value: float, decimals: int) -> str:
    """One of an event's numbers as its sentence writes it (event_places): a validation
    accuracy as a percentage (42.9%), the others as numbers (whole ones without decimals).
    The two it found equal within rounding are written alike, as the limit (after) reads:
    written apart they could read in the wrong order (0.124 ≤ 0.123)."""
    if value in (event["before"], event["after"]) and \
            relation(event["before"], event["after"]) == "eq":
        value = event["after"]
    places = event_places(event, decimals)
    if event["measure"] == "validation_accuracy":
        return f"{100 * value:.{places}f}%"
    return format_number(value, places)


# --------------------------------------------------------------------- Zhou §4.3.1: pre-pruning


def pre_prune(tree: _Tree, rows: ValidationRows, budget: Budget | None = None) -> Trace:
    """Top down, breadth first as in the book: split a node only if validation accuracy
    strictly improves with its children as leaves."""
    correct, shared = tree.judged(rows)
    total = correct[0]
    kept, refused, events, queue = [0], set(), [], deque([0])
    while queue:
        node = queue.popleft()
        in_time(budget)
        if tree.is_leaf[node]:
            continue
        as_split = total - correct[node] + sum(correct[c] for c in tree.children[node])
        # the accuracies the event records, compared as its sentence compares them
        splits = relation(total / rows.n, as_split / rows.n) == "gt"
        events.append(_event(node, not splits, total / rows.n, as_split / rows.n,
                             "validation_accuracy", "pre", **shared))
        if splits:
            total = as_split
            kept.extend(tree.children[node])
            queue.extend(tree.children[node])
        else:
            refused.add(node)
    return _without_refused(tree, sorted(kept), refused, events)


def _without_refused(tree: _Tree, kept: list[int], refused: set[int], events) -> Trace:
    """Only the kept nodes, renumbered in depth-first order (kept ids are already in it)."""
    new_id = {old: new for new, old in enumerate(kept)}
    nodes = []
    for old in kept:
        node = tree.nodes[old]
        decision = pruned_decision(node.decision, "pre") if old in refused else node.decision
        children = () if old in refused else tuple(new_id[c] for c in node.children)
        parent = None if node.parent is None else new_id[node.parent]
        nodes.append(replace(node, id=new_id[old], parent=parent, children=children,
                             decision=decision))
    renumbered = [{**e, "node": new_id[e["node"]]} for e in events]
    return replace(tree.trace, nodes=tuple(nodes), steps=range(len(nodes)),
                   pruning=tuple(renumbered))


# --------------------------------------------------------------------- Zhou §4.3.2: REP


def reduced_error_prune(tree: _Tree, rows: ValidationRows, on_tie: bool = False,
                        budget: Budget | None = None) -> Trace:
    """Bottom up: replace a subtree by a leaf when validation accuracy improves (on_tie: or
    stays the same). The book keeps a subtree on a tie (Occam's razor would prune it)."""
    pruned, events = reduced_error_leaves(tree, rows, on_tie, budget=budget)
    # The leaf's sentence names the rule that ran: strictly better, or not worse (on a tie).
    return tree.post_pruned(pruned, events, "rep", rule="rep_on_tie" if on_tie else "rep")


def reduced_error_leaves(tree: _Tree, rows: ValidationRows, on_tie: bool = False,
                         kept: frozenset[int] = frozenset(), budget: Budget | None = None,
                         ) -> tuple[list[int], list[dict]]:
    """Zhou §4.3.2's decisions: the nodes made leaves (deepest first) and an event for each
    node judged. kept: nodes that keep their split whatever the validation rows say (the
    hand-edit tab's locked nodes and their ancestors); they are not judged."""
    correct, shared = tree.judged(rows)
    subtree = tree.leaf_sum(correct)  # correct weight of the current subtree, kept up to date
    total = subtree[0]
    pruned, events = [], []
    for node in tree.internal_bottom_up():
        in_time(budget)
        subtree[node] = sum(subtree[c] for c in tree.children[node])  # children are final
        if node in kept:
            continue
        as_leaf = total - subtree[node] + correct[node]
        found = relation(total / rows.n, as_leaf / rows.n)  # as the event's sentence reads
        prunes = found == "gt" or on_tie and found == "eq"
        events.append(_event(node, prunes, total / rows.n, as_leaf / rows.n,
                             "validation_accuracy", "rep", **shared))
        if prunes:
            pruned.append(node)
            subtree[node], total = correct[node], as_leaf
    return pruned, events


# --------------------------------------------------------------------- C4.5: pessimistic pruning


def added_errors(n: float, errors: float, cf: float) -> float:
    """Errors to add to a leaf's `errors` of n (weighted) rows: n·U_CF(errors, n) − errors.

    U_CF is the upper limit of the binomial confidence interval at confidence CF, computed
    as C4.5 and Weka J48 (`Stats.addErrs`) do: exact for 0 errors (1 − CF^(1/n)), linear
    between 0 and 1 error, the normal approximation with continuity correction above, and
    linear again within half an error of n.
    """
    cf = float(np.float32(cf))  # J48 keeps CF as a 32-bit float: 0.1 is 0.100000001…
    if errors < 1:
        base = n * (1 - cf ** (1 / n))
        if errors == 0:
            return base
        return base + errors * (added_errors(n, 1, cf) - base)
    if errors + 0.5 >= n:
        return max(n - errors, 0.0)
    # imported here: scipy.special takes about 0.15 s to import, which every command-line
    # run would pay, and only U_CF reads it (C4.5's error-based pruning, and the rules'
    # generalisation on the Rules page, which the command line does not run)
    from scipy.special import ndtri

    z = float(ndtri(1 - cf))
    f = (errors + 0.5) / n
    upper = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) \
        / (1 + z * z / n)
    return upper * n - errors


def estimated_errors(counts, cf: float) -> float:
    """A leaf's pessimistic errors: its training errors plus added_errors (0 if empty)."""
    counts = np.asarray(counts, dtype=float)
    n = float(counts.sum())
    if n < 1e-6:  # J48's Utils.eq(total, 0)
        return 0.0
    errors = n - float(counts.max())
    return errors + added_errors(n, errors, cf)


def pep_verdict(errors_leaf: float, errors_tree: float, errors_branch: float,
                margin: float) -> str:
    """J48's choice at a node (`C45PruneableClassifierTree.prune`): "prune" (a leaf) if
    errors_leaf ≤ errors_tree + margin and ≤ errors_branch + margin; else "raise" (the largest
    branch in the node's place) if errors_branch ≤ errors_tree + margin; else "keep".
    Without subtree raising errors_branch is inf: only the first test can pass. Each ≤ is
    within rounding (at_most)."""
    if at_most(errors_leaf, errors_tree + margin) and at_most(errors_leaf, errors_branch + margin):
        return "prune"
    return "raise" if at_most(errors_branch, errors_tree + margin) else "keep"


def pessimistic_prune(tree: _Tree, cf: float = 0.25, margin: float = 0.0,
                      budget: Budget | None = None) -> Trace:
    """Bottom up (children first): replace a subtree by a leaf when the leaf's estimated
    errors are at most the sum of the subtree's leaves' plus margin (subtree replacement).

    C4.5 and J48 prune also when the leaf is up to 0.1 error worse (margin=0.1); with the
    default margin 0 the comparison is plain ≤, so pruning never raises the tree's estimated
    errors.
    """
    as_leaf = np.array([estimated_errors(n.class_counts, cf) for n in tree.nodes])
    subtree = tree.leaf_sum(as_leaf)
    pruned, events = [], []
    extra = {"margin": float(margin)} if margin else {}  # absent at 0: old traces unchanged
    for node in tree.internal_postorder():
        in_time(budget)
        subtree[node] = sum(subtree[c] for c in tree.children[node])
        prunes = pep_verdict(as_leaf[node], subtree[node], np.inf, margin) == "prune"
        events.append(_event(node, prunes, subtree[node], as_leaf[node], "estimated_errors",
                             "pep_margin" if margin else "pep", extra or None, cf=float(cf),
                             **extra))
        if prunes:
            pruned.append(node)
            subtree[node] = as_leaf[node]
    return tree.post_pruned(pruned, events, "pep", rule="pep_margin" if margin else None)


# --------------------------------------------------------------------- C4.5: subtree raising


def raising_prune(trace: Trace, training: Encoded, cf: float = 0.25,
                  margin: float = 0.0, budget: Budget | None = None) -> Trace:
    """C4.5's pessimistic pruning with subtree raising (J48's default; see the module's
    docstring). training: the rows the tree grew on, encoded as the grower had them."""
    return _Raising(trace, training, cf, margin).run(budget)


def _known_shares(branch: np.ndarray, weight: np.ndarray, k: int) -> np.ndarray:
    """Where a row with an unknown value goes: each branch's share of the known weight of
    these rows (J48's resetDistribution before split); even shares if none is known."""
    known = branch >= 0
    per_branch = np.bincount(branch[known], weight[known], minlength=k)[:k]
    total = per_branch.sum()
    return per_branch / total if total > 0 else np.full(k, 1 / k)


class _Raising:
    """J48's `prune()` on a tree that changes as it goes: children lists, leaves and the rows
    (and their weights) at each node are kept here; a raise copies the raised subtree's
    nodes as new records with the node's rows routed through them."""

    def __init__(self, trace: Trace, training: Encoded, cf: float, margin: float):
        self.nodes: list[Node] = list(trace.nodes)  # built once (a grown trace's are lazy)
        trace = replace(trace, nodes=tuple(self.nodes))
        self.trace, self.cf, self.margin = trace, float(cf), float(margin)
        self.grown = [n.decision for n in self.nodes]
        self.children = [list(n.children) for n in self.nodes]
        self.leaf = [n.is_leaf or not n.children for n in self.nodes]
        self.steps = list(trace.steps)
        self.columns = {a.name: c for a, c in zip(training.attributes, training.columns,
                                                   strict=True)}
        self.attributes = {a.name: a for a in training.attributes}
        self.y, self.n_classes = training.y, len(trace.classes)
        self._grown_rows(trace, training)
        self.copy_rows: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self.splits: dict[int, Split] = {}  # a node's test, until a raise changes it
        self.events: list[dict] = []

    def _grown_rows(self, trace: Trace, training: Encoded) -> None:
        """Where each training row ends: (leaf, row, weight) sorted by leaf. A grown node's
        ids span its subtree, so its rows are one slice of these (memory: one entry per row
        and leaf it reaches, not per row and node)."""
        self.end = _Tree(trace).end
        parts = [(np.full(len(rows), node), rows, factor * training.weights[rows])
                 for node, rows, factor in reach(trace, training.attributes, training.columns,
                                                 training.n_rows)
                 if self.leaf[node]]
        leaf, rows, weight = (np.concatenate(p) for p in zip(*parts, strict=True))
        some = weight > 0  # a row of weight 0 reaches no node (splitting.training_set)
        leaf, rows, weight = leaf[some], rows[some], weight[some]
        order = np.argsort(leaf, kind="stable")
        self.leaf_of, self.row_of, self.weight_of = leaf[order], rows[order], weight[order]

    def rows_at(self, node: int) -> tuple[np.ndarray, np.ndarray]:
        """The training rows at a node and their weights there (a row with unknown values
        reaches several leaves: its shares are added back up)."""
        if node in self.copy_rows:
            return self.copy_rows[node]
        lo, hi = np.searchsorted(self.leaf_of, [node, self.end[node]])
        rows, inverse = np.unique(self.row_of[lo:hi], return_inverse=True)
        return rows, np.bincount(inverse, self.weight_of[lo:hi], minlength=len(rows))

    def run(self, budget: Budget | None = None) -> Trace:
        """Children first, left to right; a raised node is pruned again, subtree and all."""
        stack = [(0, False)]
        while stack:
            in_time(budget)
            node, children_done = stack.pop()
            if self.leaf[node]:
                continue
            if not children_done:
                stack.append((node, True))
                stack.extend((c, False) for c in reversed(self.children[node]))
            elif self.decide(node) == "raise":
                stack.append((node, False))
        return self.finished()

    # ----------------------------------------------------------------- estimates

    def leaf_errors(self, node: int) -> float:
        return estimated_errors(self.nodes[node].class_counts, self.cf)

    def tree_errors(self, node: int) -> float:
        """Σ estimated errors of the leaves of the node's current subtree."""
        total, stack = 0.0, [node]
        while stack:
            at = stack.pop()
            if self.leaf[at]:
                total += self.leaf_errors(at)
            else:
                stack.extend(self.children[at])
        return total

    def largest(self, node: int) -> int:
        """The child with the most training weight; the last on a tie (J48's maxBag)."""
        best, most = self.children[node][0], 0.0
        for child in self.children[node]:
            if self.nodes[child].weight >= most - 1e-6:  # J48's Utils.grOrEq
                best, most = child, self.nodes[child].weight
        return best

    def counts(self, rows: np.ndarray, weight: np.ndarray) -> np.ndarray:
        return np.bincount(self.y[rows], weight, minlength=self.n_classes)[:self.n_classes]

    def routed(self, start: int, rows: np.ndarray, weight: np.ndarray):
        """(node, rows, weights) for start and every node below it, parents first, when
        these rows enter at start; a row with an unknown value is shared among the branches
        as these rows' known values are (J48's getEstimatedErrorsForBranch)."""
        stack = [(start, rows, weight)]
        while stack:
            node, rows, weight = stack.pop()
            yield node, rows, weight
            if self.leaf[node]:
                continue
            kids = self.children[node]
            branch = self.split(node).route(ColumnsAt(self.columns, rows), self.attributes)
            shares = _known_shares(branch, weight, len(kids))
            for b, take, factor in reversed(list(follow(branch, shares))):
                stack.append((kids[b], rows[take], weight[take] * factor))

    def split(self, node: int) -> Split:
        if node not in self.splits:
            self.splits[node] = Split.of_conditions([self.nodes[c].branch
                                                     for c in self.children[node]])
        return self.splits[node]

    def branch_errors(self, branch: int, node: int) -> float:
        """The estimated errors of branch's subtree with all of node's rows routed through."""
        return sum(estimated_errors(self.counts(rows, weight), self.cf)
                   for at, rows, weight in self.routed(branch, *self.rows_at(node))
                   if self.leaf[at])

    # ----------------------------------------------------------------- deciding

    def decide(self, node: int) -> str:
        largest = self.largest(node)
        leaf, tree = self.leaf_errors(node), self.tree_errors(node)
        branch = self.branch_errors(largest, node)
        verdict = pep_verdict(leaf, tree, branch, self.margin)
        event = {"node": node, "action": verdict, "before": tree,
                 "after": branch if verdict == "raise" else leaf,
                 "measure": "estimated_errors",
                 "reason": raising_reason(verdict, leaf, tree, branch, self.margin),
                 "cf": self.cf, "margin": self.margin, "errors_leaf": leaf,
                 "errors_tree": tree, "errors_branch": branch, "largest": largest}
        self.events.append(event)
        if verdict == "prune":
            self.leaf[node] = True
            self.nodes[node] = replace(self.nodes[node], decision=pruned_decision(
                self.grown[node], "pep_raising"))
        elif verdict == "raise":
            event.update(replaced=list(self.children[node]), new_nodes=self.raise_branch(
                node, largest))
        return verdict

    def raise_branch(self, node: int, largest: int) -> list[int]:
        """Put largest's test at node and copies of the nodes below it under node, counted
        with node's rows; returns the copies' ids."""
        replaced = self.subtree(node)
        mapping, new = {largest: node}, []
        for at, rows, weight in self.routed(largest, *self.rows_at(node)):
            if at == largest:
                continue
            copy = self.copy(at, mapping[self.nodes[at].parent], rows, weight)
            mapping[at] = copy
            new.append(copy)
        self.children[node] = [mapping[c] for c in self.children[largest]]
        self.splits.pop(node, None)
        self.nodes[node] = replace(self.nodes[node], decision=raised_decision(
            self.nodes[largest].decision, self.nodes[node].decision.label, self.grown[node],
            largest))
        position = {step: k for k, step in enumerate(self.steps)}
        after = max(position[i] for i in replaced) + 1
        self.steps[after:after] = new
        return new

    def copy(self, original: int, parent: int, rows: np.ndarray, weight: np.ndarray) -> int:
        """A new node record: original's branch and test, recounted with these rows."""
        source, counts = self.nodes[original], self.counts(rows, weight)
        label = self.nodes[parent].decision.label if counts.sum() <= 0 else \
            self.trace.classes[int(majority(counts[None, :], np.zeros(1, dtype=int))[0])]
        if self.leaf[original]:
            decision = Decision("leaf", label, stop="pruned", rule=raised_leaf_rule(original),
                                was=self.grown[original])
        else:
            decision = replace(source.decision, label=label, was=None)
        new_id = len(self.nodes)
        self.nodes.append(Node(new_id, parent, source.branch, self.nodes[parent].depth + 1,
                               len(rows), float(counts.sum()), tuple(counts.tolist()),
                               float(entropy(counts)), float(gini(counts)), decision))
        self.grown.append(decision)
        self.children.append([])
        self.children[parent].append(new_id)
        self.leaf.append(self.leaf[original])
        self.copy_rows[new_id] = (rows, weight)
        return new_id

    def subtree(self, node: int) -> list[int]:
        """node and the nodes of its current subtree."""
        found, stack = [], [node]
        while stack:
            at = stack.pop()
            found.append(at)
            if not self.leaf[at]:
                stack.extend(self.children[at])
        return found

    def finished(self) -> Trace:
        """The trace: children as the pruning left them; what no longer hangs from the root
        pruned away."""
        in_tree = set(self.subtree(0))
        nodes = [replace(n, children=tuple(self.children[n.id]),
                         pruned_away=n.id not in in_tree) for n in self.nodes]
        return replace(self.trace, nodes=tuple(nodes), steps=tuple(self.steps),
                       pruning=tuple(self.events))


def raised_decision(branch: Decision, label: str, grown: Decision, largest: int) -> Decision:
    """A raised node's test: its largest branch's, the node's own majority and grown
    decision kept (the ties and candidates were the branch's, so they are not)."""
    return replace(branch, label=label, ties=(), passed=(), mean_gain=None, was=grown,
                   rule=raise_rule("raised", largest))


def raised_leaf_rule(original: int) -> str:
    return raise_rule("raised_leaf", original)


def is_raising_event(event: dict) -> bool:
    """Did this pessimistic-pruning event compare three estimates (subtree raising: leaf,
    subtree, largest branch) rather than two?"""
    return "errors_branch" in event


def raising_reason(verdict: str, leaf: float, tree: float, branch: float,
                   margin: float) -> str:
    """The event's sentence, with the three estimates compared (wording.PRUNE_REASONS, so the
    CLI says it in Chinese too)."""
    return prune_reason("pep_raising", verdict, tree, branch if verdict == "raise" else leaf,
                        leaf=leaf, tree=tree, branch=branch, margin=margin)


def tree_estimated_errors(trace: Trace, cf: float = 0.25) -> float:
    """Sum of the pessimistic errors of the tree's leaves (pruned-away nodes left out)."""
    return sum(estimated_errors(n.class_counts, cf) for n in trace.nodes
               if (n.is_leaf or not n.children) and not n.pruned_away)


# --------------------------------------------------------------------- CART: cost complexity


@dataclass
class _WeakestLinks:
    """Breiman's weakest-link pruning state: R(t) = N_t/N · Gini(t), R(T_t) and |leaves(T_t)|
    of every node, which nodes are still in the tree, and a heap of the splits' g(t).

    A cut changes R(T_t) and |leaves(T_t)| only from the cut node up to the root, so only
    those g(t) change; and a cut at the smallest g(t) never lowers its ancestors' (taking
    away a part whose ratio is at most the whole's cannot lower the whole's), but for
    rounding. So every split of the tree keeps an entry at most its g(t): an ancestor gets a
    new one at once only when its g(t) came out lower; a higher one is found when the entry,
    then below the truth, comes to the top (entries of nodes cut or cut away are dropped
    there too). The heap's top is thus the weakest link a scan of every node finds
    (tests/core/test_ccp_path.py holds that scan), without the scan: a cut costs
    O(depth + log n), not O(n)."""

    tree: _Tree
    r_node: list[float]
    r_branch: list[float]
    leaves: list[float]
    in_tree: np.ndarray
    leaf: np.ndarray
    parent: list[int]  # -1 at the root
    heap: list[tuple[float, int]]  # (g(t), node), each at most the node's g(t) now

    @classmethod
    def start(cls, tree: _Tree) -> _WeakestLinks:
        gini = np.array([n.gini for n in tree.nodes], dtype=float)
        r_node = tree.weight * gini / tree.weight[0]
        parent = [-1 if n.parent is None else n.parent for n in tree.nodes]
        links = cls(tree, r_node.tolist(), tree.leaf_sum(r_node).tolist(),
                    tree.leaf_sum(np.ones(len(gini))).tolist(), np.ones(len(gini), dtype=bool),
                    tree.is_leaf.copy(), parent, heap=[])
        links.heap = [links.entry(node) for node in np.flatnonzero(~links.leaf).tolist()]
        heapq.heapify(links.heap)
        return links

    def g(self, node: int) -> float:
        """(R(t) − R(T_t)) / (|leaves(T_t)| − 1); 0 for a split over a single leaf (one
        branch, as CLS or a forced test can leave): cutting it takes no leaf away and adds no
        error, so it is cut at α = 0, as Breiman's T_1 has no such split (not 0/0's nan,
        which read "nan ≤ ccp_alpha" and put a nan on the path's axis)."""
        fewer = self.leaves[node] - 1
        return (self.r_node[node] - self.r_branch[node]) / fewer if fewer else 0.0

    def entry(self, node: int) -> tuple[float, int]:
        """Node's heap entry, ordered as np.argmin over every node orders g(t): the smallest,
        the first in depth-first order on a tie (ids are depth-first; scikit-learn's strict
        `<` keeps the first too)."""
        return self.g(node), node

    def splitting(self) -> list[int]:
        """The nodes that still split in the tree, in depth-first order."""
        return np.flatnonzero(self.in_tree & ~self.leaf).tolist()

    def weakest(self) -> tuple[int, float] | None:
        """The splitting node with the smallest g(t) (the first in depth-first order on a tie,
        as scikit-learn's strict `<` keeps), or None once the root is a leaf (or the smallest
        g(t) is infinite)."""
        while self.heap:
            top = self.heap[0]
            node = top[1]
            if self.leaf[node] or not self.in_tree[node]:
                heapq.heappop(self.heap)  # cut, or cut away
                continue
            now = self.entry(node)
            if now == top:  # at most every split's g(t), and it is this one's
                return None if math.isinf(now[0]) else (node, now[0])
            # its g(t) rose since (never fell below an entry: a lower one would be on top)
            heapq.heapreplace(self.heap, now)
        return None

    def cut(self, node: int) -> None:
        """Make node a leaf; its ancestors lose its leaves and its R(T_t) − R(t)."""
        d_r, d_leaves = self.r_node[node] - self.r_branch[node], self.leaves[node] - 1
        self.in_tree[node + 1:self.tree.end[node]] = False
        self.leaf[node] = True
        ancestor = self.parent[node]
        while ancestor >= 0:
            before = self.g(ancestor)
            self.r_branch[ancestor] += d_r
            self.leaves[ancestor] -= d_leaves
            now = self.entry(ancestor)
            if now[0] < before:  # lower by rounding: perhaps below its entry, so a new one
                heapq.heappush(self.heap, now)
            ancestor = self.parent[ancestor]
        self.r_branch[node] = self.r_node[node]  # exactly, not up to rounding
        self.leaves[node] = 1.0


@dataclass(frozen=True)
class _Cut:
    node: int
    alpha: float  # its effective alpha when cut
    leaves: int  # leaves of its subtree when cut
    impurity: float  # Σ N_t/N · Gini(t) over the tree's leaves after the cut


def _cut_while(links: _WeakestLinks, limit: float = np.inf,
               budget: Budget | None = None) -> list[_Cut]:
    """Cut the weakest link while its effective alpha is at most limit (scikit-learn's
    `ccp_alpha < effective alpha` stops it), within rounding: an alpha read off the path
    (21/100 computed as 0.21000000000000002) cuts the subtree the path shows cut there."""
    cuts = []
    while (weakest := links.weakest()) is not None and at_most(weakest[1], limit):
        in_time(budget)
        node, alpha = weakest
        leaves = int(links.leaves[node])
        links.cut(node)
        cuts.append(_Cut(node, alpha, leaves, float(links.r_branch[0])))
    return cuts


def pruning_path(trace: Trace) -> tuple[np.ndarray, np.ndarray]:
    """(effective alphas, total leaf impurity) of the weakest-link sequence, starting with
    (0, the full tree's) and ending with the root alone: scikit-learn's
    cost_complexity_pruning_path."""
    links = _WeakestLinks.start(_Tree(trace))
    full = float(links.r_branch[0])
    cuts = _cut_while(links)
    return (np.array([0.0, *(c.alpha for c in cuts)]),
            np.array([full, *(c.impurity for c in cuts)]))


def path_cuts(trace: Trace) -> list[_Cut]:
    """The cuts of the grown tree's weakest-link sequence, in order (subtree k of the path is
    the grown tree with the first k made)."""
    return _cut_while(_WeakestLinks.start(_Tree(trace)))


def path_subtrees(trace: Trace) -> list[tuple[float, Trace]]:
    """Each subtree of the weakest-link sequence with its alpha: subtree k is the grown tree
    with the sequence's first k cuts made (subtree 0: the grown tree). Two cuts at one alpha
    are two subtrees here, though pruning at that alpha makes both at once."""
    tree = _Tree(trace)
    cuts = path_cuts(trace)
    cut_nodes = [c.node for c in cuts]
    return [(0.0, tree.post_pruned([], [], "ccp")),
            *((c.alpha, tree.post_pruned(cut_nodes[:k], [], "ccp"))
              for k, c in enumerate(cuts, start=1))]


def cost_complexity_prune(tree: _Tree, ccp_alpha: float, budget: Budget | None = None) -> Trace:
    """Cut the weakest link while its effective alpha is at most ccp_alpha; the splits left
    are kept, each with its final effective alpha."""
    links = _WeakestLinks.start(tree)
    cuts = _cut_while(links, ccp_alpha, budget)
    events = [_event(c.node, True, c.alpha, ccp_alpha, "effective_alpha", "ccp",
                     leaves=c.leaves) for c in cuts]
    for node in links.splitting():  # each with its g(t) now
        events.append(_event(node, False, links.g(node), ccp_alpha, "effective_alpha", "ccp",
                             leaves=int(links.leaves[node])))
    return tree.post_pruned([c.node for c in cuts], events, "ccp")


# --------------------------------------------------------------------- choosing ccp_alpha


@dataclass(frozen=True)
class AlphaChoice:
    """ccp_alpha chosen by held-out error (Breiman et al. 1984, §3.4).

    The trees are those of the full data's pruning path; each is scored at the geometric
    mean of its step's alphas, √(α_k·α_k+1) (the last at α_K, the root alone), the middle
    of the range of alphas that give it. With the 1-SE rule the chosen tree is the simplest
    whose error is within one standard error, √(R(1−R)/N), of the smallest.
    """

    path_alphas: np.ndarray  # the full data's effective alphas
    alphas: np.ndarray  # where each tree of the path is scored
    errors: np.ndarray  # held-out error rate at each of alphas
    standard_errors: np.ndarray
    best: int  # index of the smallest error (the simplest tree on a tie)
    chosen: int  # index the rule picked
    rule: str  # "min" or "1se"

    @property
    def alpha(self) -> float:
        return float(self.alphas[self.chosen])


def choose_ccp_alpha(options: Options, X, y, *, k: int = 5, seed: int = 0, validation=None,
                     rule: str = "1se") -> AlphaChoice:
    """ccp_alpha for DecisionTree(**options, prune="ccp") by k-fold cross-validation (seeded,
    stratified folds of dtree_core.evaluate) or, given validation=(X_val, y_val), by the
    error on those rows; rule "1se" (Breiman's one standard error rule) or "min"."""
    from .evaluate import stratified_kfold
    from .model import DecisionTree

    if rule not in ("1se", "min"):
        raise DataError(f"Unknown rule '{rule}'; use 1se or min.")
    X, y = X.reset_index(drop=True), pd.Series(np.asarray(y, dtype=object)).reset_index(drop=True)
    unpruned = options.but(prune="none")
    path_alphas, _ = pruning_path(DecisionTree.from_options(unpruned).fit(X, y).trace_)
    alphas = _scoring_alphas(path_alphas)
    if validation is None:
        splits = [(X.iloc[tr], y.iloc[tr], X.iloc[te], y.iloc[te])
                  for tr, te in stratified_kfold(y, k, seed)]
        unpruned = unpruned.but(force_missing="skip") if unpruned.force else unpruned
    else:
        X_val, y_val = validation
        splits = [(X, y, X_val, pd.Series(np.asarray(y_val, dtype=object)))]
    wrong = sum(_errors_along(unpruned, alphas, *split) for split in splits)
    tested = sum(len(split[3]) for split in splits)
    errors = wrong / tested
    standard_errors = np.sqrt(errors * (1 - errors) / tested)
    best = _last_min(errors)
    chosen = best if rule == "min" else int(
        np.flatnonzero(errors <= errors[best] + standard_errors[best] + 1e-12).max())
    return AlphaChoice(path_alphas, alphas, errors, standard_errors, best, chosen, rule)


def _scoring_alphas(path_alphas: np.ndarray) -> np.ndarray:
    middles = np.sqrt(path_alphas[:-1] * path_alphas[1:])
    return np.append(middles, path_alphas[-1])


def _last_min(errors: np.ndarray) -> int:
    """The index of the smallest error; on a tie the larger alpha (the simpler tree)."""
    return int(np.flatnonzero(errors <= errors.min() + 1e-12).max())


def _errors_along(options: Options, alphas, X_train, y_train, X_test, y_test) -> np.ndarray:
    """Misclassified test rows of the tree grown on the train rows, pruned at each alpha."""
    from .data import encode_like
    from .model import DecisionTree
    from .predicting import leaf_distributions, most_likely

    model = DecisionTree.from_options(options).fit(X_train.reset_index(drop=True),
                                                   y_train.reset_index(drop=True))
    columns = encode_like(X_test.reset_index(drop=True), model.attributes_)
    truth = as_text(pd.Series(y_test).reset_index(drop=True)).to_numpy(dtype=object)
    classes = np.array(model.trace_.classes, dtype=object)
    tree, wrong = _Tree(model.trace_), []
    cuts = _cut_while(_WeakestLinks.start(tree))  # once: a larger alpha cuts a longer prefix
    cut_alphas = np.array([c.alpha for c in cuts])
    for alpha in alphas:
        upto = len(cut_alphas) if (cut_alphas <= alpha).all() else \
            int(np.argmax(cut_alphas > alpha))
        pruned = tree.post_pruned([c.node for c in cuts[:upto]], [], "ccp")
        proba = leaf_distributions(pruned, model.attributes_, columns, len(truth))
        wrong.append(int((most_likely(proba, classes) != truth).sum()))
    return np.array(wrong, dtype=float)
