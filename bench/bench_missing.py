"""Many unknown values: why C4.5 needs its minimum-objects rule (issue: Core v2).

A seeded stand-in for UCI soybean (683 rows, 35 nominal attributes, 19 classes, many unknown
values; the real file is not bundled): rows with an unknown value go down every branch with
a fractional weight, so a node of tiny weights keeps splitting. Grows C4.5 without and with
min_branch_weight (Quinlan's MINOBJS, J48's -M) and prints nodes, leaves and seconds.

    python bench/bench_missing.py [--rows 683] [--missing 0.3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dtree_core import DecisionTree  # noqa: E402


def soybean_like(rows: int, missing: float, seed: int = 0) -> tuple[pd.DataFrame, pd.Series]:
    rng = np.random.default_rng(seed)
    classes = rng.integers(0, 19, rows)
    columns = {}
    for j in range(35):
        k = int(rng.integers(2, 8))
        # Each class prefers one value of each attribute; 40% of cells are noise.
        preferred = rng.integers(0, k, 19)[classes]
        values = np.where(rng.random(rows) < 0.4, rng.integers(0, k, rows), preferred)
        text = np.array([f"v{i}" for i in range(k)], dtype=object)[values]
        text[rng.random(rows) < missing] = None
        columns[f"a{j}"] = text
    return pd.DataFrame(columns), pd.Series([f"c{c}" for c in classes], name="class")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=683)
    parser.add_argument("--missing", type=float, default=0.3)
    args = parser.parse_args()
    X, y = soybean_like(args.rows, args.missing)
    print(f"{'min_branch_weight':>17} {'nodes':>8} {'leaves':>8} {'seconds':>8}")
    for m in (None, 1, 2):
        start = time.process_time()
        trace = DecisionTree("c45", min_branch_weight=m, nominal=list(X)).fit(X, y).trace_
        seconds = time.process_time() - start
        leaves = sum(n.is_leaf for n in trace.nodes)
        print(f"{m!s:>17} {len(trace.nodes):>8} {leaves:>8} {seconds:>8.2f}")


if __name__ == "__main__":
    main()
