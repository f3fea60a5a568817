"""Growth time and memory against scikit-learn, in the same run (issue: core engine).

Seeded synthetic data: 20 attributes (10 nominal with 3-8 values, 10 continuous), 3 classes
from a hidden rule plus 10% label noise, so full-depth trees are large. Each measurement
runs in a fresh subprocess so its peak RSS is its own. Ratios use CPU time (process_time),
which a busy machine disturbs less than wall time; wall seconds are printed too.

    python bench/bench_grow.py                  # 1k, 10k, 100k rows
    python bench/bench_grow.py --rows 1000000   # the memory check
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
from child import run_child

ROOT = Path(__file__).resolve().parents[1]


def synthetic(n_rows: int, seed: int = 0) -> tuple[pd.DataFrame, pd.Series]:
    rng = np.random.default_rng(seed)
    columns, signal = {}, np.zeros(n_rows)
    for j in range(10):
        k = int(rng.integers(3, 9))
        codes = rng.integers(0, k, n_rows)
        columns[f"nom{j}"] = np.array([f"v{i}" for i in range(k)], dtype=object)[codes]
        signal += rng.normal(size=k)[codes]
    for j in range(10):
        x = rng.normal(size=n_rows).round(4)
        columns[f"num{j}"] = x
        signal += rng.normal() * x
    y = np.digitize(signal, np.quantile(signal, [1 / 3, 2 / 3]))
    noisy = rng.random(n_rows) < 0.1
    y[noisy] = rng.integers(0, 3, noisy.sum())
    return pd.DataFrame(columns), pd.Series(np.array(["a", "b", "c"])[y], name="y")


def measure(what: str, n_rows: int) -> dict:
    X, y = synthetic(n_rows)
    nominal = [c for c in X.columns if c.startswith("nom")]
    load = 0.0
    if what == "sklearn":
        from sklearn.tree import DecisionTreeClassifier

        Xn = X.copy()
        for c in nominal:
            Xn[c] = pd.factorize(Xn[c])[0]
        start, cpu = time.perf_counter(), time.process_time()
        clf = DecisionTreeClassifier(random_state=0).fit(Xn.to_numpy(float), y)
        nodes = clf.tree_.node_count
    else:
        sys.path.insert(0, str(ROOT))
        from dtree_core import DecisionTree, kernels

        # the compiled kernels' one-time load (numba's import and its disk cache), outside
        # the timing as scikit-learn's import is; printed on its own
        load = time.perf_counter()
        kernels.load()
        load = time.perf_counter() - load
        model = DecisionTree(what, nominal=nominal, continuous=[c for c in X if c not in nominal])
        start, cpu = time.perf_counter(), time.process_time()
        model.fit(X, y)
        nodes = len(model.trace_.nodes)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"what": what, "rows": n_rows, "seconds": seconds, "cpu": cpu, "nodes": nodes,
            "peak_mb": peak_mb, "load": load}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--child")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.rows[0])))
        return
    print(f"{'rows':>9} {'algorithm':>9} {'wall s':>8} {'cpu s':>8} {'x sklearn':>9} "
          f"{'nodes':>8} {'peak MB':>8}")
    for n in args.rows:
        results = {w: min((run_child(__file__, w, "--rows", str(n))
                           for _ in range(args.repeat)),
                          key=lambda r: r["cpu"]) for w in ("sklearn", "c45", "cart")}
        base = results["sklearn"]["cpu"]
        for w, r in results.items():
            print(f"{n:>9} {w:>9} {r['seconds']:>8.3f} {r['cpu']:>8.3f} {r['cpu'] / base:>9.2f} "
                  f"{r['nodes']:>8} {r['peak_mb']:>8.0f}")
        print(f"{'':>9} (loading the compiled kernels, once per process and not timed above: "
              f"{max(r['load'] for r in results.values()):.2f} s)")


if __name__ == "__main__":
    main()
