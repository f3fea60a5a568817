"""Writing a big trace's JSON (issue: Core v2, "the JSON of a 100k-node trace in seconds").

Grows C4.5 with the full trace on bench_grow's synthetic data, then streams the trace's JSON
(Trace.write_json) to a temporary file, in a fresh process; prints the nodes, megabytes and
CPU seconds of the writing alone, and the peak RSS. Timings are never asserted in tests.

    python bench/bench_json.py                 # 10k rows (~7k nodes)
    python bench/bench_json.py --rows 170000   # ~100k nodes
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

from child import run_child

ROOT = Path(__file__).resolve().parents[1]


def measure(n_rows: int, algorithm: str) -> dict:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_grow import synthetic

    from dtree_core import DecisionTree

    X, y = synthetic(n_rows)
    nominal = [c for c in X.columns if c.startswith("nom")]
    model = DecisionTree(algorithm, nominal=nominal,
                         continuous=[c for c in X if c not in nominal]).fit(X, y)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.json"
        start = time.process_time()
        with open(path, "w", encoding="utf-8") as stream:
            model.trace_.write_json(stream)
        cpu = time.process_time() - start
        size = path.stat().st_size / 2**20
    return {"rows": n_rows, "nodes": len(model.trace_.nodes), "mb": size, "cpu": cpu,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--algorithm", default="c45")
    parser.add_argument("--child", action="store_true")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.rows, args.algorithm)))
        return
    r = run_child(__file__, "--rows", str(args.rows), "--algorithm", args.algorithm)
    print(f"{r['rows']} rows, {r['nodes']} nodes: JSON {r['mb']:.0f} MB written in "
          f"{r['cpu']:.2f} s CPU ({r['nodes'] / max(r['cpu'], 1e-9):,.0f} nodes/s); "
          f"peak RSS {r['peak_mb']:.0f} MB")


if __name__ == "__main__":
    main()
