"""Li Hang's pruning by the loss C_α(T) (统计学习方法, §5.4, Algorithm 5.4): `prune="cost"`.

    C_α(T) = Σ_t N_t·H_t(T) + α·|T|

over the leaves t of T, N_t the leaf's (weighted) rows, H_t its empirical entropy (经验熵, in
bits, the trace's `entropy`), |T| the number of leaves and α ≥ 0 given in advance (Options.
ccp_alpha). Bottom up, a group of leaves retracts into its parent when the tree's loss after
(T_A, the parent a leaf) is at most the loss before (T_B): C_α(T_A) ≤ C_α(T_B). Then its
parent may become such a group, and so on until no group retracts.

Only a node whose children are all leaves (as the tree stands) is a group of leaves: a node
one of whose children kept its split is never weighed, as in the book's algorithm. C_α is a
sum over leaves, so the comparison is local, but the events record the whole tree's loss
before and after, both terms, as the book writes them.

Relation to CART's cost-complexity pruning (Breiman et al. 1984; `ccp`, dtree_core.pruning):
CART minimises R_α(T) = R(T) + α|T| with R(T) = Σ_t N_t/N·Gini(t) (scikit-learn's impurity
cost) — the same shape of loss, with Gini for entropy and divided by N. CART does not take α
in advance: it cuts the weakest link, the node with the smallest g(t) = (R(t) − R(T_t)) /
(|T_t| − 1), over and over, which gives the nested subtrees optimal for every α, and picks
one by validation or cross-validation. Li Hang's algorithm takes one α and retracts groups of
leaves bottom up: its g(t) test for a group is the same inequality (prune when α ≥ the group's
(N_t·H_t − Σ N_leaf·H_leaf) / (leaves − 1)), but a node above a kept split is never weighed,
so the tree it leaves need not have the smallest C_α of all subtrees (a weakest-link cut,
which weighs whole subtrees, may take a whole subtree whose lower split alone would stay:
tests/core/test_cost_pruning.py shows one).

Events (TRACE.md's pruning events, in the order decided): `{node, action: prune|keep, before:
C_α(T_B), after: C_α(T_A), measure: "loss", reason, alpha, fit_before, fit_after (Σ N_t·H_t),
leaves_before, leaves_after (|T|)}`.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .budget import Budget
from .pruning import _Tree, at_most, in_time
from .trace import Decision, Trace
from .wording import prune_reason, prune_rule

MEASURE = "loss"
RULE = prune_rule("cost")


def loss(fit: float, leaves: int, alpha: float) -> float:
    """C_α(T) = Σ N_t·H_t + α|T|, from its two terms."""
    return fit + alpha * leaves


def leaf_fit(tree: _Tree) -> np.ndarray:
    """N_t·H_t of every node as a leaf (weighted rows times empirical entropy in bits)."""
    return tree.weight * np.array([n.entropy for n in tree.nodes], dtype=float)


def loss_prune(trace: Trace, alpha: float, locked: frozenset[int] = frozenset(),
               budget: Budget | None = None) -> Trace:
    """Algorithm 5.4 on a grown trace with α = alpha; the trace with its pruning events.
    A locked node (a student's, dtree_core.handedit) is never weighed, so it keeps its split."""
    tree = _Tree(trace)
    fit_as_leaf = leaf_fit(tree)
    is_leaf = tree.is_leaf.copy()
    counted = is_leaf & ~np.array([n.pruned_away for n in tree.nodes], dtype=bool)
    fit = float(fit_as_leaf[counted].sum())
    leaves = int(counted.sum())
    pruned, events = [], []
    for node in tree.internal_postorder():  # children first: the deepest groups retract first
        in_time(budget)
        children = list(tree.children[node])
        if node in locked or not all(is_leaf[c] for c in children):
            continue  # a child kept its split: not a group of leaves (Alg. 5.4, step 3)
        fit_after = fit - float(fit_as_leaf[children].sum()) + float(fit_as_leaf[node])
        leaves_after = leaves - len(children) + 1
        before, after = loss(fit, leaves, alpha), loss(fit_after, leaves_after, alpha)
        retracts = at_most(after, before)
        events.append(_event(node, retracts, alpha, fit, leaves, fit_after, leaves_after))
        if retracts:
            pruned.append(node)
            is_leaf[node] = True
            fit, leaves = fit_after, leaves_after
    return _pruned_trace(tree, pruned, events)


def _event(node: int, retracts: bool, alpha: float, fit: float, leaves: int,
           fit_after: float, leaves_after: int) -> dict:
    before, after = loss(fit, leaves, alpha), loss(fit_after, leaves_after, alpha)
    action = "prune" if retracts else "keep"
    return {"node": node, "action": action, "before": before, "after": after,
            "measure": MEASURE, "reason": reason(action, before, after), "alpha": float(alpha),
            "fit_before": float(fit), "fit_after": float(fit_after),
            "leaves_before": int(leaves), "leaves_after": int(leaves_after)}


def reason(action: str, before: float, after: float) -> str:
    """The event's sentence, with the two losses it compared (wording.PRUNE_REASONS, so the
    CLI can say it in Chinese too)."""
    return prune_reason("cost", action, before, after)


def _pruned_trace(tree: _Tree, pruned: list[int], events: list[dict]) -> Trace:
    """The grown nodes with the retracted ones as leaves (stop "pruned", the split under
    `was`) and the nodes below them `pruned_away`, as the other post-pruning methods."""
    away = np.zeros(len(tree.nodes), dtype=bool)
    for i in pruned:
        away[i + 1:tree.end[i]] = True
    nodes = list(tree.nodes)
    for i in pruned:
        grown = nodes[i].decision
        nodes[i] = replace(nodes[i], decision=Decision("leaf", grown.label, stop="pruned",
                                                       rule=RULE, was=grown))
    for i in np.flatnonzero(away).tolist():
        nodes[i] = replace(nodes[i], pruned_away=True)
    return replace(tree.trace, nodes=tuple(nodes), pruning=tuple(events))


def tree_loss(trace: Trace, alpha: float) -> tuple[float, int, float]:
    """(Σ N_t·H_t, |T|, C_α(T)) of a trace's leaves (pruned-away nodes left out)."""
    leaves = [n for n in trace.nodes if (n.is_leaf or not n.children) and not n.pruned_away]
    fit = float(sum(n.weight * n.entropy for n in leaves))
    return fit, len(leaves), loss(fit, len(leaves), alpha)
