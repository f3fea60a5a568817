"""Time to the first tree of a 60k × 20 upload (issue: one server for a whole class, "< 5 s").

Writes the seeded mixed CSV of tests/core/test_issue13_budget_table.py's full-size row (10
continuous and 9 nominal attributes, a class with 10% label noise: the same generator),
then, in a fresh process per algorithm, takes the app's server-side path with its default
budget: load the bytes, prepare the table, grow the tree, and build the trace dict the pages
replay (score rows are built when a page first reads a node's table). Drawing is the
browser's and is not counted. CPU and wall seconds per phase; timings are never asserted in tests.

    python bench/bench_first_tree.py
    python bench/bench_first_tree.py --rows 20000 --algorithms c45
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from child import run_child

ROOT = Path(__file__).resolve().parents[1]


class _Clock:
    """CPU and wall seconds of each phase, in order."""

    def __init__(self):
        self.phases: dict[str, tuple[float, float]] = {}
        self._cpu, self._wall = time.process_time(), time.perf_counter()

    def lap(self, phase: str) -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        self.phases[phase] = (cpu - self._cpu, wall - self._wall)
        self._cpu, self._wall = cpu, wall


def measure(path: str, algorithm: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from dtree_core import DecisionTree
    from dtree_core.budget import Budget
    from dtree_core.loading import load_bytes, prepare

    data = Path(path).read_bytes()
    budget = Budget()
    clock = _Clock()
    table = load_bytes(data, "mixed.csv", budget=budget)
    clock.lap("load")
    prepared = prepare(table, "y", budget=budget)
    clock.lap("prepare")
    model = DecisionTree(algorithm).fit(prepared.X, prepared.y, budget=budget)
    clock.lap("grow")
    trace = model.trace_.to_dict(scores="lazy")
    clock.lap("trace dict")
    return {"algorithm": algorithm, "mb": len(data) / 2**20, "nodes": len(trace["nodes"]),
            "depth": max(node.depth for node in model.trace_.nodes), "phases": clock.phases}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=60_000)
    parser.add_argument("--algorithms", nargs="+", default=["id3", "c45", "cart"])
    parser.add_argument("--child", nargs=2, metavar=("CSV", "ALGORITHM"))
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(*args.child)))
        return
    sys.path.insert(0, str(ROOT))
    from tests.core.test_issue13_budget_table import mixed

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mixed.csv"
        path.write_bytes(mixed(args.rows))
        for algorithm in args.algorithms:
            r = run_child(__file__, str(path), algorithm)
            phases = ", ".join(f"{name} {cpu:.2f}" for name, (cpu, _) in r["phases"].items())
            cpu = sum(c for c, _ in r["phases"].values())
            wall = sum(w for _, w in r["phases"].values())
            print(f"{args.rows} rows ({r['mb']:.1f} MB), {algorithm}: {r['nodes']} nodes, "
                  f"depth {r['depth']}; "
                  f"{phases} s CPU; {cpu:.2f} s CPU, {wall:.2f} s wall in all")


if __name__ == "__main__":
    main()
