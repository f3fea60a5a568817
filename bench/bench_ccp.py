"""CART's weakest-link path (dtree_core.pruning) before and after a change, in the same run.

    python bench/bench_ccp.py                      # 3,000 and 20,000 rows
    python bench/bench_ccp.py --before HEAD~3 --rows 20000 --repeat 5

The tree: CART grown on 4 continuous columns with pure-noise labels of 4 classes, so it is
as large as the rows allow (20,000 rows: ~19,000 nodes, ~4,700 cuts). The code before is
dtree_core/pruning.py at --before, read with git and run beside the working tree's, on the
same tree; by default the last commit before the heap of g(t) (a79b695, which found each
cut by a scan of every node). Timed (CPU seconds, best of --repeat):

- cuts: the weakest-link sequence alone (_cut_while on one _Tree);
- page: the pruning page's path (ui.pruning.path_points: the cuts, then the training
  accuracy of every subtree), from the trace's dict as the page reads it;
- tree: making the _Tree of a grown trace (the same code before and after; from a fitted
  model's trace it builds every node record, which the cuts then read).

Both sequences are checked equal (nodes, leaves, alphas to the bit) before anything is timed.
Results go to bench/results/ccp.json (git-ignored).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import types
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dtree_core import DecisionTree, pruning  # noqa: E402
from ui import pruning as page  # noqa: E402

BEFORE_HEAP = "a79b695"  # the weakest link found by a scan of every node at every cut


def noise(n_rows: int, seed: int = 0) -> tuple[pd.DataFrame, pd.Series]:
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({f"x{i}": rng.normal(size=n_rows).round(4) for i in range(4)})
    return X, pd.Series(rng.integers(0, 4, n_rows).astype(str), name="y")


def pruning_at(revision: str) -> types.ModuleType:
    """dtree_core/pruning.py as it was at revision, a module of the package beside today's."""
    source = subprocess.run(["git", "show", f"{revision}:dtree_core/pruning.py"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    name = "dtree_core._pruning_before"
    module = types.ModuleType(name)
    module.__package__ = "dtree_core"
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, f"{revision}:dtree_core/pruning.py", "exec"), module.__dict__)  # noqa: S102
    return module


def best_cpu(work, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return min(times)


def sequence(module, tree) -> list:
    return module._cut_while(module._WeakestLinks.start(tree))


def check_equal(before: list, after: list) -> None:
    assert [(c.node, c.leaves) for c in before] == [(c.node, c.leaves) for c in after]
    as_bits = lambda cuts: np.array([c.alpha for c in cuts]).view(np.int64).tolist()  # noqa: E731
    assert as_bits(before) == as_bits(after)


def path_points_with(module, trace: dict, training) -> list[dict]:
    """The page's path, its cuts found by module's path_cuts."""
    kept = page.path_cuts
    page.path_cuts = module.path_cuts
    try:
        return page.path_points(trace, training)
    finally:
        page.path_cuts = kept


def measure(n_rows: int, before, repeat: int) -> dict:
    X, y = noise(n_rows)
    grown = DecisionTree("cart", continuous=list(X.columns)).fit(X, y).trace_
    started = time.process_time()
    tree = pruning._Tree(grown)
    tree_seconds = time.process_time() - started
    old, new = sequence(before, tree), sequence(pruning, tree)
    check_equal(old, new)
    trace = grown.to_dict(scores=False)
    assert path_points_with(before, trace, (X, y)) == path_points_with(pruning, trace, (X, y))
    result = {"rows": n_rows, "nodes": len(tree.nodes), "cuts": len(new),
              "tree_s": round(tree_seconds, 3)}
    for name, module in (("before", before), ("after", pruning)):
        result[f"cuts_{name}_s"] = round(best_cpu(lambda m=module: sequence(m, tree), repeat), 4)
        result[f"page_{name}_s"] = round(best_cpu(
            lambda m=module: path_points_with(m, trace, (X, y)), repeat), 4)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE_HEAP, help="git revision of the code before")
    parser.add_argument("--rows", type=int, nargs="+", default=[3000, 20000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    before = pruning_at(args.before)
    results = [measure(n, before, args.repeat) for n in args.rows]
    for r in results:
        print(f"{r['rows']:>6} rows, {r['nodes']} nodes, {r['cuts']} cuts: "
              f"cuts {r['cuts_before_s']:.3f} -> {r['cuts_after_s']:.3f} s "
              f"({r['cuts_before_s'] / max(r['cuts_after_s'], 1e-9):.0f}x); "
              f"page {r['page_before_s']:.3f} -> {r['page_after_s']:.3f} s; "
              f"_Tree of a fitted trace {r['tree_s']:.3f} s")
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "ccp.json").write_text(json.dumps({"before": args.before, "results": results},
                                             indent=1))


if __name__ == "__main__":
    main()
