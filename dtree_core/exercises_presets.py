"""One-click exercises: Zhou's 机器学习 4.1–4.10 and Li Hang's 统计学习方法 5.1–5.4.

A preset names the bundled data, the options and the catalogue key of its question; its
answer runs the core and reads every number off the traces (and, for 4.6, off the k-fold
evaluations and dtree_core.significance): nothing is typed in. An exercise the app cannot
run (a proof, a regression tree) carries the code of why not instead of an answer.

Answers are `Fact`s: a stable code (the catalogue words it, `preset.fact.<code>`) and its
values, plus tables and the grown trace for the UI to draw.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import pandas as pd

from . import significance
from .datasets import get, load_bundled
from .evaluate import cross_validate
from .labels import branch_text, children_of, node_path
from .loading import prepare
from .model import DecisionTree
from .options import Options
from .pruning import path_subtrees, pruning_path


@dataclass(frozen=True)
class Fact:
    code: str
    values: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Answer:
    facts: tuple[Fact, ...]
    traces: dict[str, dict] = field(default_factory=dict)  # name -> trace dict
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)  # name -> table


@dataclass(frozen=True)
class Preset:
    key: str  # "zhou-4.3": also the question's catalogue key, preset.q.<key>
    book: str  # "zhou" | "lihang"
    number: str
    dataset: str | None = None  # bundled key the app opens
    options: dict = field(default_factory=dict)  # Options.build(**options)
    not_runnable: str | None = None  # why not: preset.why.<code>
    order: str = "dfs"  # the replay order the grow page is opened with
    validation: str | None = None  # the paired validation set's key (pruning)

    @property
    def question_key(self) -> str:
        """The catalogue key of the paraphrased question (ui/sections/presets.py)."""
        return f"preset.q.{self.key}"

    @property
    def runnable(self) -> bool:
        return self.not_runnable is None

    def answer(self) -> Answer:
        return ANSWERS[self.key](self)


# --------------------------------------------------------------------- running the core


@cache
def _prepared(key: str):
    return prepare(load_bundled(key), get(key).target)


def fit(key: str, options: dict, validation: str | None = None) -> DecisionTree:
    """A tree grown on a bundled dataset (pruned by its paired validation set if given)."""
    data = _prepared(key)
    model = DecisionTree(**{**Options.build(**options).as_kwargs(), "nominal": data.nominal,
                            "continuous": data.continuous})
    rows = None
    if validation is not None:
        rows = (_prepared(validation).X, _prepared(validation).y)
    return model.fit(data.X, data.y, validation=rows)


def trace_of(preset: Preset, **changes) -> dict:
    return fit(preset.dataset, {**preset.options, **changes}, preset.validation).trace_.to_dict()


def live(trace: dict) -> list[dict]:
    return [n for n in trace["nodes"] if not n.get("pruned_away")]


def shape_fact(trace: dict, name: str = "tree") -> Fact:
    nodes = live(trace)
    return Fact("shape", {"name": name, "nodes": len(nodes),
                          "leaves": sum(n["decision"]["kind"] == "leaf" for n in nodes),
                          "depth": max(n["depth"] for n in nodes)})


def chosen_row(node: dict) -> dict:
    return next(r for r in node["scores"] if r["chosen"])


def split_fact(trace: dict, node: dict) -> Fact:
    """The split at a node with the score its algorithm ranked by."""
    decision = node["decision"]
    path = "/".join(branch_text(c) for c in node_path(trace, node)) or "root"
    return Fact("split", {"path": path, "attribute": decision["attribute"],
                          "criterion": decision["criterion"], "value": decision["value"]})


def splits(trace: dict) -> list[Fact]:
    return [split_fact(trace, n) for n in live(trace) if n["decision"]["kind"] == "split"]


def bfs(trace: dict) -> list[int]:
    """The nodes level by level: the order a queue (Zhou's exercise 4.7) grows them in."""
    children, order, queue = children_of(trace), [], deque([trace["steps"][0]])
    while queue:
        node = queue.popleft()
        order.append(node)
        queue.extend(c for c in children[node] if not trace["nodes"][c].get("pruned_away"))
    return order


def order_table(trace: dict, order: list[int], split: set[int] | None = None) -> pd.DataFrame:
    """One row per node in growth order: its path, depth and decision."""
    rows = []
    for step, node_id in enumerate(order, start=1):
        node = trace["nodes"][node_id]
        splits_here = node["decision"]["kind"] == "split" and (split is None or node_id in split)
        rows.append({"step": step, "node": node_id, "depth": node["depth"],
                     "path": "/".join(branch_text(c) for c in node_path(trace, node)) or "root",
                     "decision": node["decision"]["attribute"] if splits_here
                     else node["decision"]["label"],
                     "kind": "split" if splits_here else "leaf"})
    return pd.DataFrame(rows)


# --------------------------------------------------------------------- the answers


def tree_answer(preset: Preset) -> Answer:
    """The grown tree: its shape and every split with its score."""
    trace = trace_of(preset)
    return Answer((shape_fact(trace), *splits(trace)), {"tree": trace})


def largest_gain_ratio(node: dict) -> str:
    """The candidate with the largest g_R(D, A) over all eligible attributes, no mean-gain
    filter (Li Hang's Algorithm 5.3); a tie goes to the first in column order."""
    rows = [r for r in node["scores"] if r["eligible"]]
    best = max(r["gain_ratio"] for r in rows)
    return next(r["attribute"] for r in rows if r["gain_ratio"] >= best * (1 - 1e-12))


def lihang_c45_answer(preset: Preset) -> Answer:
    """5.1: the app's C4.5 tree, and whether Li Hang's rule (largest g_R, no mean-gain
    filter) would have chosen the same attribute at every split."""
    answer = tree_answer(preset)
    trace = answer.traces["tree"]
    differing = [split_fact(trace, n) for n in live(trace) if n["decision"]["kind"] == "split"
                 and largest_gain_ratio(n) != n["decision"]["attribute"]]
    same = Fact("lihang_same") if not differing else Fact(
        "lihang_differs", {"path": differing[0].values["path"]})
    return Answer((*answer.facts, same), answer.traces)


def root_answer(preset: Preset) -> Answer:
    """The root's split with ρ (missing values) and the grown tree's shape (4.9)."""
    trace = trace_of(preset)
    root = trace["nodes"][0]
    row = chosen_row(root)
    rho = Fact("rho", {"attribute": row["attribute"], "rho": row["rho"],
                       "gini_index": row["gini_index"]})
    return Answer((shape_fact(trace), rho, *splits(trace)), {"tree": trace})


def pruning_answer(preset: Preset) -> Answer:
    """4.4: the unpruned, pre-pruned and post-pruned trees' validation accuracy."""
    validation = _prepared(preset.validation)
    facts, traces = [], {}
    for method in ("none", "pre", "rep"):
        model = fit(preset.dataset, {**preset.options, "prune": method}, preset.validation)
        accuracy = float(np.mean(model.predict(validation.X) == validation.y.astype(str)))
        traces[method] = model.trace_.to_dict()
        facts += [Fact("validation_accuracy", {"name": method, "accuracy": accuracy}),
                  shape_fact(traces[method], method)]
    return Answer(tuple(facts), traces)


def queue_answer(preset: Preset) -> Answer:
    """4.7: a queue grows the tree level by level, under MaxDepth (the max_depth option)."""
    trace = trace_of(preset)
    order = bfs(trace)
    return Answer((Fact("max_depth", {"max_depth": preset.options["max_depth"]}),
                   shape_fact(trace)),
                  {"tree": trace},
                  {"bfs": order_table(trace, order), "dfs": order_table(trace, trace["steps"])})


MAX_NODES = 8  # the node budget of exercise 4.8's preset


def within_node_budget(trace: dict, max_nodes: int) -> set[int]:
    """The nodes a breadth-first grower splits under MaxNode: in queue order, a node splits
    while the tree, its children added, has at most max_nodes nodes; once one does not fit,
    every node still queued stays a leaf. A node's decision depends only on its own rows, so
    the split nodes are the full tree's, taken in BFS order."""
    children, size, split = children_of(trace), 1, set()
    for node_id in bfs(trace):
        if trace["nodes"][node_id]["decision"]["kind"] != "split":
            continue
        if size + len(children[node_id]) > max_nodes:
            break
        size += len(children[node_id])
        split.add(node_id)
    return split


def node_budget_answer(preset: Preset) -> Answer:
    """4.8: breadth-first growth stopped by MaxNode, read from the full tree's trace."""
    trace = trace_of(preset)
    split = within_node_budget(trace, MAX_NODES)
    children = children_of(trace)
    kept = [n for n in bfs(trace) if n == 0 or trace["nodes"][n]["parent"] in split]
    return Answer((Fact("max_nodes", {"max_nodes": MAX_NODES, "nodes": len(kept),
                                      "splits": len(split),
                                      "full": len(live(trace))}),
                   shape_fact(trace, "full")),
                  {"full": trace},
                  {"bfs": order_table(trace, kept, split),
                   "budget": pd.DataFrame({"node": sorted(split),
                                           "children": [len(children[n]) for n in sorted(split)]})})


def ccp_answer(preset: Preset) -> Answer:
    """5.4: CART's weakest-link sequence T0 ⊃ T1 ⊃ … with the α where each takes over. Each
    subtree's leaves are counted on the subtree itself (path_subtrees), not on a regrowth
    pruned at its α: two cuts at one α are two subtrees, which pruning at α makes at once."""
    full = fit(preset.dataset, preset.options)
    _, impurities = pruning_path(full.trace_)
    rows = []
    for i, ((alpha, subtree), impurity) in enumerate(
            zip(path_subtrees(full.trace_), impurities, strict=True)):
        leaves = sum(n["decision"]["kind"] == "leaf" for n in live(subtree.to_dict()))
        rows.append({"subtree": f"T{i}", "alpha": float(alpha), "leaves": leaves,
                     "impurity": float(impurity)})
    return Answer((Fact("ccp_sequence", {"subtrees": len(rows)}),),
                  {"tree": full.trace_.to_dict()}, {"ccp": pd.DataFrame(rows)})


# 4.6: the learners and datasets compared, k-fold with one seed (the same folds for all).
# A learner's key is its algorithm, with "+<pruning>" when pruned: C4.5's pessimistic pruning
# needs no validation rows, so it runs inside the folds as it is (pre-pruning and REP would
# need a validation split within each training fold, which cross_validate does not make).
LEARNERS = ("id3", "c45", "cart", "c45+pep")


def learner_options(learner: str) -> dict:
    """'c45+pep' -> {'algorithm': 'c45', 'prune': 'pep'}."""
    algorithm, _, prune = learner.partition("+")
    return {"algorithm": algorithm, **({"prune": prune} if prune else {})}
COMPARED = ("watermelon_2.0", "watermelon_3.0", "play_tennis", "loan_lihang", "contact_lenses",
            "iris")
FOLDS = 5


@cache
def _evaluations():
    return {(key, learner): cross_validate(Options.build(**learner_options(learner),
                                                         nominal=_prepared(key).nominal,
                                                         continuous=_prepared(key).continuous),
                                           _prepared(key).X, _prepared(key).y, FOLDS, 0)
            for key in COMPARED for learner in LEARNERS}


def significance_answer(preset: Preset) -> Answer:
    """4.6: k-fold accuracies of ID3, C4.5, CART and pruned C4.5 on several datasets; the
    paired t-test and McNemar's test per dataset and pair, Friedman over all with Nemenyi's
    CD."""
    evaluations = _evaluations()
    accuracy = pd.DataFrame([[evaluations[key, a].accuracy for a in LEARNERS]
                             for key in COMPARED], index=list(COMPARED), columns=list(LEARNERS))
    pairs = []
    for key in COMPARED:
        for i, a in enumerate(LEARNERS):
            for b in LEARNERS[i + 1:]:
                ea, eb = evaluations[key, a], evaluations[key, b]
                t = significance.paired_t_test(ea.fold_accuracies, eb.fold_accuracies)
                m = significance.mcnemar(ea.y_true, ea.y_pred, eb.y_pred)
                pairs.append({"dataset": key, "a": a, "b": b, "tau_t": t.statistic,
                              "t_p": t.p_value, "tau_chi2": m.statistic, "mcnemar_p": m.p_value,
                              "e01": m.only_b_right, "e10": m.only_a_right})
    test = significance.friedman(accuracy.to_numpy())
    cd = significance.nemenyi_cd(len(LEARNERS), len(COMPARED))
    ranks = pd.DataFrame(test.ranks, index=list(COMPARED), columns=list(LEARNERS))
    facts = (Fact("folds", {"k": FOLDS, "datasets": len(COMPARED), "learners": len(LEARNERS)}),
             Fact("friedman", {"chi2": test.chi2, "f": test.f, "p": test.f_p,
                               "critical": test.f_critical, "d1": test.f_dof[0],
                               "d2": test.f_dof[1]}),
             Fact("friedman_rejects" if test.rejects else "friedman_keeps", {}),
             Fact("nemenyi", {"cd": cd, "q": significance.q_alpha(len(LEARNERS))}),
             *(Fact("differs", {"a": LEARNERS[i], "b": LEARNERS[j]})
               for i, j in significance.differing_pairs(test.mean_ranks, cd)))
    return Answer(facts, {}, {"accuracy": accuracy, "ranks": ranks,
                              "mean_ranks": pd.DataFrame({"learner": list(LEARNERS),
                                                          "mean_rank": test.mean_ranks}),
                              "pairs": pd.DataFrame(pairs)})


PRESETS: tuple[Preset, ...] = (
    Preset("zhou-4.1", "zhou", "4.1", not_runnable="proof"),
    Preset("zhou-4.2", "zhou", "4.2", not_runnable="discussion"),
    Preset("zhou-4.3", "zhou", "4.3", "watermelon_3.0", {"algorithm": "id3"}),
    Preset("zhou-4.4", "zhou", "4.4", "watermelon_2.0_train",
           {"algorithm": "cart", "prune": "rep"},
           validation="watermelon_2.0_validation"),
    Preset("zhou-4.5", "zhou", "4.5", not_runnable="no_logistic"),
    Preset("zhou-4.6", "zhou", "4.6"),
    Preset("zhou-4.7", "zhou", "4.7", "watermelon_2.0", {"algorithm": "id3", "max_depth": 2},
           order="bfs"),
    Preset("zhou-4.8", "zhou", "4.8", "watermelon_2.0", {"algorithm": "id3"}, order="bfs"),
    Preset("zhou-4.9", "zhou", "4.9", "watermelon_2.0_alpha", {"algorithm": "cart"}),
    Preset("zhou-4.10", "zhou", "4.10", "watermelon_3.0", {"algorithm": "oblique"}),
    Preset("lihang-5.1", "lihang", "5.1", "loan_lihang", {"algorithm": "c45"}),
    Preset("lihang-5.2", "lihang", "5.2", not_runnable="regression"),
    Preset("lihang-5.3", "lihang", "5.3", not_runnable="proof"),
    Preset("lihang-5.4", "lihang", "5.4", "loan_lihang", {"algorithm": "cart"}),
)

ANSWERS = {
    "zhou-4.3": tree_answer, "zhou-4.4": pruning_answer, "zhou-4.6": significance_answer,
    "zhou-4.7": queue_answer, "zhou-4.8": node_budget_answer, "zhou-4.9": root_answer,
    "zhou-4.10": tree_answer, "lihang-5.1": lihang_c45_answer, "lihang-5.4": ccp_answer,
}


def preset(key: str) -> Preset:
    return next(p for p in PRESETS if p.key == key)
