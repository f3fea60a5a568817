"""The deep chain of issue 13: x = i + 0.5, y = i % 2 grows one node per row.

Times the fit and the app's trace dict (score rows built when first read, then every node's
rows read, as the grow page's table of all nodes would) and the growth of RSS, in a fresh
process per measurement (CPU time; never asserted in tests). Target: +100 MB and 1 s.

    python bench/bench_chain.py              # 2000 rows, C4.5
    python bench/bench_chain.py --rows 4000 --algorithm id3
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path

from child import run_child

ROOT = Path(__file__).resolve().parents[1]


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def measure(n_rows: int, algorithm: str, scores: str) -> dict:
    sys.path.insert(0, str(ROOT))
    import numpy as np
    import pandas as pd

    from dtree_core import DecisionTree

    X = pd.DataFrame({"x": np.arange(n_rows) + 0.5})
    y = pd.Series(np.arange(n_rows) % 2).map(str)
    before = rss_mb()
    start = time.process_time()
    trace = DecisionTree(algorithm).fit(X, y).trace_
    fit = time.process_time() - start
    d = trace.to_dict(scores={"lazy": "lazy", "full": True, "none": False}[scores])
    # the lazy dict builds a node's rows when they are read: read them all
    rows = sum(len(node["scores"]) for node in d["nodes"]) if scores == "lazy" else None
    total = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"rows": n_rows, "nodes": len(d["nodes"]), "fit": fit, "dict": total - fit,
            "total": total, "rss_growth_mb": rss_mb() - before, "peak_mb": peak,
            "score_rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--algorithm", default="c45")
    parser.add_argument("--scores", default="lazy", choices=("lazy", "full", "none"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--child", action="store_true")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.rows, args.algorithm, args.scores)))
        return
    for _ in range(args.repeat):
        r = run_child(__file__, "--rows", str(args.rows), "--algorithm", args.algorithm,
                      "--scores", args.scores)
        print(f"{r['rows']} rows, {r['nodes']} nodes: fit {r['fit']:.3f} s, dict "
              f"{r['dict']:.3f} s, total {r['total']:.3f} s CPU, RSS +{r['rss_growth_mb']:.0f} MB "
              f"(peak {r['peak_mb']:.0f} MB)")


if __name__ == "__main__":
    main()
