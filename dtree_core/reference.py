"""TreeGenerate as Zhou Zhihua's Fig. 4.2 writes it, recursively, one node at a time.

This is the readable definition; dtree_core.growing grows a whole depth at once and must
record the very same trace (a property test compares their JSON byte for byte). Both use
the same scoring (score_level), the same rule (choose) and the same records. A `# [n]`
comment names line n of the figure; the grow page shows these lines beside the pseudocode.
"""

from __future__ import annotations

import inspect
import re

import numpy as np

from .data import Encoded
from .decide import child_draw_keys, choose, draws, root_draw_key
from .growing import (
    early_stops,
    finish,
    forced_attribute,
    forced_thresholds,
    late_stops,
    majority,
    record_level,
)
from .oblique import contest, linear_wins, winning
from .options import Options
from .records import NodeStore
from .scoretable import score_level
from .splitting import Batch, node_class_counts, training_set
from .trace import Trace


def tree_generate(enc: Encoded, options: Options, target: str) -> Trace:
    """Grow the tree from the training set D (every row of some weight) and the attribute
    set A (all)."""
    store = NodeStore(enc, options)
    D = training_set(enc)  # every row of some weight
    A_used = np.zeros((1, len(enc.attributes)), dtype=bool)  # A is what is not used up
    generate(enc, options, store, D, A_used, -1, 0, root_draw_key(options.seed), 0)
    return finish(options, target, store)


def generate(enc, options, store, D, A_used, parent, branch, draw_key, depth):
    node = store.add_children(np.array([parent]), np.array([branch]), depth)  # [1] 生成结点 node
    counts, n = node_class_counts(enc, D)
    weight = counts.sum(axis=1)  # |D| by weight, as the level-wise grower reads it
    label = majority(counts, np.array([0 if parent < 0 else store.label_of(parent)]), weight)
    store.record_facts(node, counts, n, label, weight)
    # The first case that holds: an empty D_v (its parent's lines 11-12), all of one class
    # (2-4), A empty or identical values on A (5-7), then the options' stopping limits.
    stop = early_stops(enc, options, D, A_used, counts, n, depth, weight)  # [2] [5] [11]
    if stop[0]:
        store.record_leaves(node, stop)  # [3] [6] [12] a leaf of the stop case's class
        return
    level = score_level(enc, D, A_used, options.rules, options.curve_points,  # [8]
                        options.min_branch_weight, forced_thresholds(enc, options, store, node))
    choice = choose(options.rules, level.table(), level.eligible,  # [8]
                    draws(draw_key, len(enc.attributes)), options.tie_break)
    forced = forced_attribute(enc, options, store, level, 0, store.path(int(node[0])))
    a_star = np.array([choice.winner[0] if forced is None else forced])  # [8]
    was_forced = [forced is not None]
    # A multivariate tree (Zhou §4.5) takes a linear test Σ wᵢ·aᵢ ≤ t instead where it is
    # strictly better; a_star is then -1 (no one attribute).
    tests = contest(enc, options, D, level, a_star, was_forced)  # [8]
    a_star, linear = linear_wins(a_star, tests), winning(tests)
    stop = late_stops(options, level, a_star, linear, was_forced)  # no split keeps m, or gain
    record_level(store, level, choice, node, a_star, was_forced, stop, tests)
    if stop[0]:
        store.record_leaves(node, stop)
        return
    # A \ {a*}: only a multiway split on a nominal a* uses the attribute up.
    A_below = A_used.copy()
    if 0 in linear:  # the linear test's branches, its rows' routes and r̃ of its branches
        test = linear[0]
        conditions, routes, shares = test.split.conditions(), test.route(enc, D.rows), test.shares
    else:
        A_below[0, a_star[0]] |= bool(level.marks_used(a_star)[0])  # [14]
        routes = level.route(enc, D.rows, D.node, a_star)
        shares = level.shares(0, int(a_star[0]))
        conditions = level.branch_conditions(0, int(a_star[0]))
    for v, _ in enumerate(conditions):  # [9] each a*^v
        D_v = subset(D, routes, v, shares[v])  # [10] D_v: the rows with a* = a*^v
        # An empty D_v becomes a leaf as the child's first case (lines 11-12).
        generate(enc, options, store, D_v, A_below, int(node[0]), v,  # [14]
                 child_draw_keys(draw_key, np.array([v])), depth + 1)


def subset(D: Batch, routes: np.ndarray, v: int, share: float) -> Batch:
    """D_v: the rows going down branch v, then the rows whose value is unknown, weighted by
    r̃_v (Zhou §4.4.2); rows of no weight are left out."""
    known, unknown = routes == v, routes < 0
    rows = np.concatenate([D.rows[known], D.rows[unknown]])
    weight = np.concatenate([D.weight[known], D.weight[unknown] * share])
    rows, weight = rows[weight > 0], weight[weight > 0]
    return Batch(rows, weight, np.zeros(len(rows), dtype=np.int64), 1)


def code_of_lines() -> dict[str, list[str]]:
    """Fig. 4.2's line number -> the lines of `generate` marked `# [n]` as carrying it out."""
    code: dict[str, list[str]] = {}
    for line in inspect.getsource(generate).splitlines():
        statement, _, comment = line.partition("  # ")
        for number in re.findall(r"\[(\d+)\]", comment):
            code.setdefault(number, []).append(statement.strip())
    return code
