"""TreeGenerate (Zhou Fig. 4.2), grown one depth at a time.

Every open node of a depth is counted and scored in one batch of numpy operations; each
node's decision is still a pure function of its own rows (nothing depends on which other
nodes share the batch), so the trace is byte for byte the one the recursive reference
(dtree_core.reference) records. Node ids are renumbered into the recursion's depth-first
order at the end, so steps == ids. The stop cases, forced splits, record_level and finish
are shared with the reference.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .budget import Budget, applied_budget
from .counting import all_true, any_true, distinct_indices, starts_of
from .data import CodedError, Encoded
from .decide import child_draw_keys, choose, draws, root_draw_key
from .heap import reusing_freed_pages
from .oblique import contest, linear_wins, node_entries, winning, with_axis_ties
from .options import Options
from .paths import forced_split, path_key
from .records import SPLIT, STOP_CODES, NodeStore
from .scoretable import LevelScores, score_level
from .splitting import Batch, growing, node_class_counts, training_set
from .trace import Trace, leaf_stop


@dataclass
class Frontier:
    """The open nodes of one depth, in creation order, and the entries reaching them."""

    batch: Batch
    ids: np.ndarray  # creation ids of the open nodes
    used: np.ndarray  # (m, A): nominal attributes already split on along the path
    parent_label: np.ndarray  # majority class of the parent (labels empty branches)
    # (m,) uint64: seeds the node's random draws (CLS, random ties); None: none are read
    draw_key: np.ndarray | None
    depth: int
    # (m, C) each node's class weights, read off its parent's split (_children_counts) where
    # they are its entries' counts; None: counted from the entries
    counts: np.ndarray | None = None


def grow(enc: Encoded, options: Options, target: str, budget: Budget | None = None) -> Trace:
    """Grow the whole tree and return its trace (within the budget's nodes, depth, time and
    entries; without one, within the budget applied around the call, if any)."""
    budget = budget if budget is not None else applied_budget()
    if budget is not None:  # a fit's clock, started before it, keeps running through pruning
        budget = budget.started()
    store = NodeStore(enc, options)
    frontier = _root(enc, options, store)
    # growing(): what only a viewer shows is scored when one asks (after a depth's release);
    # entered once, not at each depth (a deep chain has thousands)
    with reusing_freed_pages(), growing():
        while frontier is not None:
            if budget is not None:  # before the depth it would cost; tells its progress callback
                rows = len(frontier.batch.rows)  # more than the data's: copies of some
                budget.before_depth(frontier.depth, store.size, budget.elapsed(),
                                    rows * len(enc.attributes), copies=rows > enc.n_rows)
            frontier = _grow_depth(enc, options, frontier, store)
    return finish(options, target, store)


def _root(enc: Encoded, options: Options, store: NodeStore) -> Frontier:
    batch = training_set(enc)
    used = np.zeros((1, len(enc.attributes)), dtype=bool)
    ids = store.add_children(np.array([-1]), np.array([0]), 0)
    key = root_draw_key(options.seed) if options.draws else None
    return Frontier(batch, ids, used, np.array([0]), key, 0)


def _grow_depth(enc, options, frontier, store: NodeStore) -> Frontier | None:
    counts, n, weight = _class_counts(enc, frontier)
    labels = majority(counts, frontier.parent_label, weight)
    impurity = store.record_facts(frontier.ids, counts, n, labels, weight)
    stop = early_stops(enc, options, frontier.batch, frontier.used, counts, n, frontier.depth,
                       weight)
    open_nodes = _not_stopped(stop)
    if not any_true(open_nodes):
        store.record_leaves(frontier.ids, stop)
        return None
    scored = frontier.batch.select(open_nodes)
    # the sorts of whole weights read them (the scorer's Ent(D̃) and Gini(D̃), the same bits)
    entropy, gini = impurity
    scored.counted = (counts[open_nodes], entropy[open_nodes], gini[open_nodes])
    frontier.batch = None  # only the open nodes' entries are read below: the rest can go
    ids = frontier.ids[open_nodes]
    level = score_level(enc, scored, frontier.used[open_nodes], store.rules,
                        options.curve_points, options.min_branch_weight,
                        forced_thresholds(enc, options, store, ids), bounded=not options.force)
    random_key = None if frontier.draw_key is None else \
        draws(frontier.draw_key[open_nodes], len(enc.attributes))
    choice = choose(store.rules, level.table(), level.eligible, random_key, options.tie_break)
    winner, forced = _apply_forces(enc, options, store, ids, level, choice.winner)
    tests = contest(enc, options, scored, level, winner, forced)  # oblique trees only
    winner, linear = linear_wins(winner, tests), winning(tests)
    scored_stop = late_stops(options, level, winner, linear, forced)
    stop[open_nodes] = scored_stop
    record_level(store, level, choice, ids, winner, forced, scored_stop, tests)
    # every node's code at once: a splitting node's is SPLIT, as its split's record wrote
    store.record_leaves(frontier.ids, stop)
    following = None
    splits = _not_stopped(scored_stop)  # which of the scored nodes split
    if any_true(splits):
        following = _children(enc, frontier, scored, open_nodes, splits, level, winner, labels,
                              store, linear)
    level.release()  # the depth is decided; its arrays are rebuilt if a viewer asks
    return following


def _class_counts(enc, frontier: Frontier) -> tuple:
    """Each node's class weights, entry count and weight (the counts' sum: the label, the
    records and the stop cases read it, summed once, by the ufunc: .sum's Python wrapper
    costs more than the sum of a depth's few nodes)."""
    if frontier.counts is None:
        counts, n = node_class_counts(enc, frontier.batch)
        return counts, n, np.add.reduce(counts, axis=1)
    weight = np.add.reduce(frontier.counts, axis=1)
    # every weight 1 (_children_counts): a node's entries are its weight, counted
    return frontier.counts, weight.astype(np.int64), weight


def record_level(store, level, choice, ids, winner, forced, stop, tests=None) -> None:
    """The scored nodes' tables, and each split with the score its rule ranked it by (a
    winning linear test: its Gini_index, and no attribute is tied with it, though the score
    rows tied for the best single attribute stay marked, as its axis_best names them; a
    losing one is recorded beside the attribute that beat it)."""
    tests = tests or {}
    if winning(tests):
        tests = with_axis_ties(tests, choice.tied, [a.name for a in store.enc.attributes])
    level.choice = choice
    store.record_scored(ids, level)
    table = level.table()
    criterion = store.rules.criterion
    value = table[criterion] if criterion in table else table["gain"]
    forced = np.asarray(forced, dtype=bool)  # the reference's list
    splitting = _not_stopped(stop).nonzero()[0]
    won = [i for i in splitting.tolist() if i in tests and tests[i].wins] if tests else []
    for i in won:
        store.record_split(int(ids[i]), -1, False, tests[i].gini_index, tests[i].split,
                           tests[i].decision_facts())
    _record_attribute_splits(store, level, ids, np.setdiff1d(splitting, won) if won
                             else splitting, winner, forced, value, tests)


def _record_attribute_splits(store, level, ids, at, winner, forced, value, tests) -> None:
    """The nodes `at` that split on an attribute of their own (not a linear test), recorded
    together; a linear test that lost at one of them is recorded beside it."""
    js = winner[at]
    lost = {int(ids[i]): facts for i in at.tolist()  # oblique trees only: not a pass otherwise
            if i in tests and (facts := tests[i].decision_facts())} if tests else {}
    # numbers are cut (store.record_cuts); all-number data needs no lookup (a deep chain)
    cut = ~store.enc.nominal.take(js) if store.enc.nominal_indices else None
    if not lost and (cut is None or all_true(cut)):  # every split a cut
        _record_cuts(store, level, ids, at, js, forced, value)
        return
    if cut is None:  # a linear test lost somewhere: its facts are recorded beside the cuts
        cut = np.ones(len(js), dtype=bool)
    if any_true(cut):
        _record_cuts(store, level, ids, at[cut], js[cut], forced, value)
        at, js = at[~cut], js[~cut]
    splits: list = [None] * len(at)
    for j in distinct_indices(js):  # attribute by attribute: each reads its arrays once
        where = (js == j).nonzero()[0]
        for k, split in zip(where.tolist(), level.splits(at[where], j), strict=True):
            splits[k] = split
    if len(at) or lost:
        store.record_splits(ids[at], js, forced[at], value[at, js], splits, lost)


def _record_cuts(store, level, ids, at, js, forced, value) -> None:
    """The nodes `at` cut at a threshold of attributes js, recorded as numbers."""
    distinct = distinct_indices(js)
    if len(distinct) == 1:  # every cut on one attribute (a deep chain's every depth): its
        # thresholds read straight out, not gathered attribute by attribute
        s = level.scores[distinct[0]]
        if len(at) == len(ids):  # every node of the depth cut: its arrays whole, not gathered
            # (its values too: the attribute's column, read in place)
            store.record_cuts(ids, js, forced, value[:, distinct[0]], s.threshold,
                              s.threshold_digits)
            return
        digits = None if s.threshold_digits is None else s.threshold_digits[at]
        store.record_cuts(ids[at], js, forced[at], value[at, js], s.threshold[at], digits)
        return
    thresholds = np.empty(len(at))
    digits = np.zeros(len(at), dtype=np.int8)
    for j in distinct:
        where = (js == j).nonzero()[0]
        s = level.scores[j]
        thresholds[where] = s.threshold[at[where]]
        if s.threshold_digits is not None:
            digits[where] = s.threshold_digits[at[where]]
    store.record_cuts(ids[at], js, forced[at], value[at, js], thresholds, digits)


# --------------------------------------------------------------------- Fig. 4.2's stop cases


def majority(counts: np.ndarray, fallback: np.ndarray, weight=None) -> np.ndarray:
    """The majority class, ties to the class seen first; empty nodes take the parent's.
    weight: counts.sum(axis=1), where the caller has it."""
    first = tied_for_majority(counts).argmax(axis=1)
    return np.where((counts.sum(axis=1) if weight is None else weight) > 0, first, fallback)


def tied_for_majority(counts: np.ndarray) -> np.ndarray:
    """Which classes of each row of counts tie for the most weight (majority takes the first
    of them; the panel names them where they are several)."""
    counts = np.asarray(counts, dtype=float)
    # np.maximum.reduce: .max's own loop, without its Python wrapper (at every depth)
    return counts >= np.maximum.reduce(counts, axis=-1, keepdims=True) * (1 - 1e-12)


def tied_classes(classes, class_counts) -> list:
    """The classes a node's counts (a mapping by class) tie for the most weight, in the data's
    order, so the first is the one majority took; [] where one class leads or the node holds
    no rows (an empty node's label is its parent's, not a tie's)."""
    counts = [class_counts.get(c, 0) for c in classes]
    if max(counts, default=0) <= 0:
        return []
    tied = [c for c, held in zip(classes, tied_for_majority(counts).tolist(), strict=True)
            if held]
    return tied if len(tied) > 1 else []


def label_tie(classes, node: dict) -> tuple:
    """The classes a leaf's label won a tie of (the label first, as majority took it, then
    those it tied with), read off a trace node's counts: () for a split, a clear majority,
    or an empty branch (whose label is its parent's). The panel, the rules and the compare
    page say a tie from this one reading."""
    decision = node["decision"]
    tied = tied_classes(classes, node["class_counts"])
    if decision["kind"] != "leaf" or not tied or leaf_stop(decision) == "empty" \
            or decision.get("label") != tied[0]:
        return ()
    return tuple(tied)


def early_stops(enc, options, batch: Batch, used, counts, n, depth: int,
                weight: np.ndarray) -> np.ndarray:
    """The stop cases that need no scores, in Fig. 4.2's order, then the stopping limits.

    empty (lines 11–12), pure (2–4), A = ∅ and identical values on A (5–7), then the
    options' max_depth and min_samples_split. The first case that holds is the one recorded.
    weight: counts.sum(axis=1), each node's |D| by weight (the caller's, summed once).
    """
    nominal = enc.nominal
    cases = [
        ("empty", lambda: weight <= 0),
        ("pure", lambda: np.add.reduce(counts > 0, axis=1) <= 1),  # .sum, unwrapped
        # A = ∅ only when every attribute is nominal (and used up on the path)
        ("no_attributes", (lambda: (used | ~nominal).all(axis=1))
         if not enc.continuous_indices else None),
        ("same_values", lambda: ~_values_differ(enc, batch, used, open_nodes)),
        ("max_depth", (lambda: np.ones(len(n), dtype=bool))
         if options.max_depth is not None and depth >= options.max_depth else None),
        # (below 2 entries a node is empty or pure, stopped above: the default 2 stops none)
        ("min_samples", (lambda: n < options.min_samples_split)
         if options.min_samples_split > 2 else None),
    ]
    stop = _no_stops(len(n))
    open_nodes = None  # every node, until a case holds at one: no mask to make or apply
    for code, holds in cases:
        if holds is None:  # holds nowhere at this depth
            continue
        hit = holds()
        if open_nodes is not None:
            hit &= open_nodes
        if any_true(hit):  # most cases hold nowhere: nothing to mark
            stop[hit] = STOP_CODES[code]
            open_nodes = ~hit if open_nodes is None else open_nodes & ~hit
            if not any_true(open_nodes):
                break
    return stop


def _not_stopped(stop: np.ndarray) -> np.ndarray:
    """Which nodes have no stop code (records.STOP_CODES; SPLIT, 0, is none): one pass."""
    return stop == SPLIT


def _no_stops(m: int) -> np.ndarray:
    """(m,) stop codes (records.STOP_CODES), none yet."""
    return np.zeros(m, dtype=np.int8)


def _values_differ(enc: Encoded, batch: Batch, used: np.ndarray,
                   looked_at: np.ndarray | None = None) -> np.ndarray:
    """(m,): does some attribute left in A take two known values among the node's rows?
    Only the nodes looked_at are looked at (the others: False), when given.

    A node's known values differ when one of them differs from any one of them (the one a
    scatter happens to leave in `some_value`). Continuous attributes are looked at first, and
    each attribute only at the entries of nodes not yet known to differ. (Nodes already
    stopped are left out: a pure node of one row never differs, and would keep every
    attribute's pass going.)
    """
    m = batch.n_nodes
    differ = np.zeros(m, dtype=bool)
    rows, node = batch.rows, batch.node
    only = 0 if m == 1 else None  # the one node looked at, where there is one
    if looked_at is not None and not all_true(looked_at):
        keep = looked_at.take(node)
        rows = rows[keep]
        looked = looked_at.nonzero()[0]
        if len(looked) == 1:  # a deep chain's open node, beside a pure one: its entries'
            only = int(looked[0])  # nodes are all this one, not gathered
        else:
            node = node[keep]
    some_value = np.empty(m) if only is None else None  # (one node's first value stands for it)
    order = enc.continuous_indices + enc.nominal_indices  # each in column order
    for j in order:
        nominal = enc.attributes[j].is_nominal
        if nominal and used[:, j].all():
            continue
        x = enc.columns[j].take(rows)
        known = x >= 0 if nominal else ~np.isnan(x)
        if nominal:  # (one node: its own mark for every entry)
            known &= ~used[node if only is None else only, j]
        if only is not None:  # one node: its first known value stands for the scatter's
            x = x if all_true(known) else x[known]
            differ[only] = len(x) > 0 and any_true(x != x[0])
            if differ[only]:
                break
            continue
        x, at = (x, node) if all_true(known) else (x[known], node[known])
        some_value[at] = x
        differ[at[x != some_value[at]]] = True
        undecided = ~differ[node]
        if not any_true(undecided):
            break
        rows, node = rows[undecided], node[undecided]
    return differ


def late_stops(options: Options, level: LevelScores, winner, tests=None,
               forced=None) -> np.ndarray:
    """After scoring: no split keeps two branches of min_branch_weight, or the gain is too
    small (a linear test's gain where one won: oblique.contest). A forced split is made
    whatever its gain: the force overrides the rule (the gain it would have judged is the
    rule's pick's, not the forced attribute's), and a hand-built tree is the tree asked for."""
    tests = tests or {}
    splits = winner >= 0
    if tests:
        splits[list(tests)] = True
    stop = _no_stops(len(winner))
    if not all_true(splits):  # most depths: every scored node has a split to weigh
        stop[~splits] = STOP_CODES["min_branch_weight"]
    rules = level.algorithm  # the record the depth was scored for (options.rules)
    decrease = level.table()[rules.impurity_decrease]
    if decrease.shape[1] == 1 and not tests:  # one attribute (a deep chain's every depth):
        value = decrease[:, 0]  # each node's pick's is its one column (read, not written)
    else:
        value = decrease[np.arange(len(winner)), np.maximum(winner, 0)]
    for i, test in tests.items():
        value[i] = test.gini_gain
    too_small = splits & (value < options.min_gain)
    if forced is not None and options.force:  # no force asked: none to clear (every depth)
        too_small &= ~np.asarray(forced, dtype=bool)
    if any_true(too_small):
        stop[too_small] = STOP_CODES[rules.gain_stop]
    return stop


# --------------------------------------------------------------------- forced splits


def _apply_forces(enc, options, store, ids, level: LevelScores, winner):
    forced = np.zeros(len(ids), dtype=bool)
    if not options.force:
        return winner, forced
    winner = winner.copy()
    for i, node_id in enumerate(ids.tolist()):
        j = forced_attribute(enc, options, store, level, i, store.path(node_id))
        if j is not None:
            winner[i], forced[i] = j, True
    return winner, forced


def forced_attribute(enc, options, store, level, i, path) -> int | None:
    """The attribute forced at this node, if any; one that is not a candidate is refused."""
    key = path_key(path)
    wanted = dict(options.force).get(key)
    if wanted is None:
        return None
    names = [a.name for a in enc.attributes]
    name, threshold = forced_split(wanted, names)
    j = names.index(name) if name in names else -1
    store.forced_used.add(key)
    cut_there = threshold is None or j >= 0 and level.threshold_forced(i, j)
    if j >= 0 and level.eligible[i, j] and cut_there:
        return j
    if options.force_missing == "skip":
        store.force_skipped.append(key)
        return None
    if j < 0:
        raise CodedError(f"Cannot force '{name}' at '{key}': it is not one of the attributes (a "
                         "column left out, or no column of that name).", "force.unknown",
                         attribute=name, path=key)
    if not cut_there:
        raise CodedError(f"Cannot cut '{name}' at {threshold!r} at '{key}': that is not one of "
                         "its candidate thresholds (midpoints of adjacent values) there.",
                         "force.threshold", attribute=name, threshold=repr(threshold), path=key)
    raise CodedError(f"Cannot force '{wanted}' at '{key}': it is not a candidate there.",
                     "force.candidate", attribute=wanted, path=key)


def forced_thresholds(enc, options, store, ids) -> dict[int, dict[int, float]]:
    """{attribute index: {node's index in ids: t}} for the forces that name a threshold
    ('ATTRIBUTE@T'): scoring cuts those nodes there (paths are only built when some do)."""
    if not options.force:  # the usual case: nothing to look up at any depth
        return {}
    names = [a.name for a in enc.attributes]
    wanted = {path: forced_split(text, names) for path, text in options.force}
    wanted = {path: (names.index(a), t) for path, (a, t) in wanted.items()
              if t is not None and a in names}
    thresholds: dict[int, dict[int, float]] = {}
    for i, node_id in enumerate(ids.tolist() if wanted else ()):
        j, t = wanted.get(path_key(store.path(node_id)), (None, None))
        if j is not None:
            thresholds.setdefault(j, {})[i] = t
    return thresholds


def check_forces(options: Options, store: NodeStore) -> tuple[str, ...]:
    """Forced paths no node had: refused (naming why), or returned when they may be skipped."""
    unused = sorted({p for p, _ in options.force} - store.forced_used)
    if options.force_missing == "skip":
        return tuple(sorted(set(unused) | set(store.force_skipped)))
    if unused:
        for node_id in range(store.size):
            if path_key(store.path(node_id)) == unused[0]:
                stop = store.stop_of(node_id)
                raise CodedError(f"The node at '{unused[0]}' is a leaf ({stop}); there is "
                                 "nothing to force there.", "force.leaf", path=unused[0],
                                 stop=stop)
        raise CodedError(f"No node has the path '{unused[0]}' to force.", "force.no_path",
                         path=unused[0])
    return ()


# --------------------------------------------------------------------- children


def _children(enc, frontier, scored, open_nodes, splits, level, winner, labels,
              store: NodeStore, tests) -> Frontier:
    """Route every entry of a splitting node to its branch; unknowns go down all branches.
    splits: which of the scored nodes split."""
    open_ids = frontier.ids[open_nodes]
    sizes = _branch_sizes(level, splits, winner, tests)
    if len(sizes) == 1:  # one node splits (a deep chain's every depth): its branches are the
        # children 0, 1, …, all of parent 0, with no runs to lay out
        first_child, parent_ids = np.zeros(1, dtype=np.int64), np.zeros(sizes[0], dtype=np.int64)
        branch_index = np.arange(sizes[0])
    else:
        first_child = starts_of(sizes)
        parent_ids = np.arange(len(sizes)).repeat(sizes)
        branch_index = np.arange(len(parent_ids)) - first_child[parent_ids]
    child_ids = store.add_children(open_ids[parent_ids], branch_index, frontier.depth + 1)
    node, kept_rows, kept_weight = _splitting_entries(scored, splits)
    branch = _route(enc, level, kept_rows, node, winner, tests)
    # r̃_v only matter where an unknown value is spread over the branches
    shares = _branch_shares(level, splits, winner, tests, sizes, first_child) \
        if any_true(branch < 0) else None
    rows, weight, child = _spread_unknowns(kept_rows, kept_weight, node, branch,
                                           first_child, sizes, shares)
    # the depth's sorts, grouped anew by child (a row in two children would break them)
    sorts = scored.sorts_for_children if shares is None and scored.sorts_for_children else None
    del node, kept_rows, kept_weight, branch  # entry-sized: gone before the next depth's
    parent_at = open_nodes.nonzero()[0].take(parent_ids)  # each child's parent in the frontier
    used = frontier.used[parent_at]  # a copy (a gather): the children's own
    if enc.nominal_indices:  # (a cut uses no attribute up: all-number data, none is)
        marked = level.marks_used(winner) & (winner >= 0)  # a linear test uses nothing up
        if any_true(marked):  # a multiway nominal split somewhere (never a cut)
            used[np.arange(len(parent_ids)), winner[parent_ids]] |= marked[parent_ids]
    keys = None if frontier.draw_key is None else \
        child_draw_keys(frontier.draw_key.take(parent_at), branch_index)
    # the entries' own weights where none was spread (every weight 1 stays so)
    unit = scored.unit if shares is None else None
    counts = _children_counts(level, splits, winner, first_child, len(child_ids)) \
        if unit and not tests else None
    return Frontier(Batch(rows, weight, child, len(child_ids), parent_sorts=sorts, unit=unit),
                    child_ids, used, labels.take(parent_at), keys, frontier.depth + 1, counts)


def _children_counts(level, splits, winner, first, n_children) -> np.ndarray:
    """Each child's class weights, read off the branch counts its parent's split was scored
    by (the children of `splits`, their first at `first`), not counted again: the caller's
    only where every weight is 1 and no entry's value is unknown, so that a branch's known
    class weights are whole numbers, the counts of exactly its entries (the same bits as
    node_class_counts; a linear test has no branch counts of its own)."""
    if len(winner) == 1:  # one node, which splits (a deep chain's every depth): its split's
        return level.scores[winner[0]].branch_counts[0]  # branches are its children
    at = splits.nonzero()[0]
    js = winner[at]
    out = np.empty((n_children, len(level.classes)))
    for j in distinct_indices(js):  # attribute by attribute, each node's branches in its run
        where = at[js == j]
        part = level.scores[j].branch_counts[where]
        out[(first[where][:, None] + np.arange(part.shape[1])).ravel()] = \
            part.reshape(-1, part.shape[-1])
    return out


def _splitting_entries(scored: Batch, splits: np.ndarray):
    """(node, row, weight) of the entries whose node splits: all of them, not copied, where
    every scored node does (a deep chain's every depth)."""
    if all_true(splits):
        return scored.node, scored.rows, scored.weight
    keep = splits.take(scored.node)
    return scored.node[keep], scored.rows[keep], scored.weight[keep]


def _branch_sizes(level, splits, winner, tests) -> np.ndarray:
    """Each node's branch count: 0 unless it splits, 2 for a linear test."""
    branches = np.array([s.branch_counts.shape[1] for s in level.scores], dtype=np.int64)
    if not tests and all_true(splits):  # each splits on its winner (a deep chain's every depth)
        return branches.take(winner)
    sizes = np.where(splits & (winner >= 0), branches.take(np.maximum(winner, 0)), 0)
    linear = [i for i in tests if splits[i]]
    if linear:
        sizes[linear] = 2
    return sizes


def _branch_shares(level, splits, winner, tests, sizes, first) -> np.ndarray:
    """r̃_v of each splitting node's branches (_branch_sizes, starting at first), flat in node
    order: the level's shares (LevelScores.branch_shares, the numbers the reference reads);
    a linear test's own shares."""
    chosen = np.where(splits, winner, -1)
    chosen_attributes = distinct_indices(chosen[chosen >= 0])
    linear = {i: test for i, test in tests.items() if splits[i]}
    shares = np.empty(int(sizes.sum()))
    for i, test in linear.items():
        shares[first[i]:first[i] + 2] = test.shares
    for j in chosen_attributes:
        at = (chosen == j).nonzero()[0]
        part = level.branch_shares(j, at)
        shares[(first[at][:, None] + np.arange(part.shape[1])).ravel()] = part.ravel()
    return shares


def _route(enc, level, rows, node, winner, tests) -> np.ndarray:
    """Branch of each entry under its node's test: the depth's attribute splits at once, each
    linear test through its own split record."""
    if not tests:
        return level.route(enc, rows, node, winner)
    branch = np.full(len(rows), -1, dtype=np.int64)
    axis = winner[node] >= 0
    branch[axis] = level.route(enc, rows[axis], node[axis], winner)
    entries = node_entries(node, len(winner))
    for i, test in tests.items():
        at = entries(i)
        branch[at] = test.route(enc, rows[at])
    return branch


def _spread_unknowns(rows, weight, node, branch, first_child, sizes, shares):
    """Known entries go to their branch; an unknown one to every branch with weight × r̃_v
    (shares, flat as the children are: None when no entry is unknown).

    Within a child, entries keep their order in the parent, known ones first: the order the
    reference grower keeps too, so weighted sums add up in the same order.
    """
    if shares is None:  # nothing to copy (the concatenations below would give the same arrays);
        # every weight is the parent's, above 0 as every batch's is (training_set, and the
        # filter below at every depth): none to leave out. One node's children are its
        # branches (its first child is 0): each entry's branch is its child
        return rows, weight, branch if len(first_child) == 1 else first_child.take(node) + branch
    known = branch >= 0
    unknown = (~known).nonzero()[0]
    reps = sizes[node[unknown]]
    entry = np.repeat(unknown, reps)
    offset = np.arange(len(entry)) - np.repeat(starts_of(reps), reps)
    child_of_copy = first_child[node[entry]] + offset
    copy_weight = weight[entry] * shares[child_of_copy]
    rows = np.concatenate([rows[known], rows[entry]])
    weight = np.concatenate([weight[known], copy_weight])
    child = np.concatenate([first_child[node[known]] + branch[known], child_of_copy])
    positive = weight > 0
    if all_true(positive):
        return rows, weight, child
    return rows[positive], weight[positive], child[positive]


# --------------------------------------------------------------------- the trace


def finish(options: Options, target, store: NodeStore) -> Trace:
    """Freeze the records in TreeGenerate's depth-first order (both growers': the trace
    keeps the table, which from here on owns its columns)."""
    skipped = check_forces(options, store)
    enc = store.enc
    enc.own_columns()
    nodes = store.freeze()
    attributes = tuple({"name": a.name, "kind": a.kind, **({"values": list(a.values)}
                        if a.is_nominal else {})} for a in enc.attributes)
    return Trace(options.algorithm, options.params(), target, enc.classes, attributes, nodes,
                 range(len(nodes)), unmatched_force=skipped)
