"""Loader speed against pandas.read_csv on the same file, in the same run (issue: Core v2).

Writes a seeded synthetic CSV (100k rows x 20 columns by default: English and Chinese text,
whole numbers, decimals, some missing markers) to a temporary directory, then times
`dtree_core.loading.load_path` and `pandas.read_csv` on it, best of 3 each, taking turns (so a
busy spell of the machine slows both alike). The ratio uses CPU time (process_time), which a
busy machine disturbs less than wall time; wall seconds are printed too. Timings are never
asserted in tests.

    python bench/bench_load.py
    python bench/bench_load.py --rows 10000 --repeat 5
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dtree_core.loading import load_path  # noqa: E402

COLOURS = np.array(["青绿", "乌黑", "浅白", "乌黑 亮"], dtype=object)
ROOTS = np.array(["蜷缩", "稍蜷", "硬挺"], dtype=object)
CITIES = np.array(["北京", "上海", "广州", "深圳", "杭州", "成都"], dtype=object)
WORDS = np.array(["sunny", "overcast", "rain", "mild", "cool", "hot", "high", "normal"],
                 dtype=object)
MARKERS = np.array(["", "?", "NA", "N/A", "null", "-"], dtype=object)


def with_missing(cells: np.ndarray, rng: np.random.Generator, share: float) -> np.ndarray:
    """Replace a share of the cells by the loader's missing markers, mixed."""
    cells = cells.astype(object)
    hit = rng.random(len(cells)) < share
    cells[hit] = rng.choice(MARKERS, hit.sum())
    return cells


def synthetic(n_rows: int, seed: int = 0) -> pd.DataFrame:
    """20 columns as text cells, the way a classroom export would write them."""
    rng = np.random.default_rng(seed)
    pick = rng.integers
    columns = {
        "id": np.arange(1, n_rows + 1).astype(str).astype(object),
        "色泽": COLOURS[pick(0, len(COLOURS), n_rows)],
        "根蒂": with_missing(ROOTS[pick(0, len(ROOTS), n_rows)], rng, 0.05),
        "城市": CITIES[pick(0, len(CITIES), n_rows)],
        "备注": np.char.add("样本", pick(0, 5000, n_rows).astype(str)).astype(object),
    }
    for j in range(3):
        columns[f"word{j}"] = WORDS[pick(0, len(WORDS), n_rows)]
    columns["rating"] = pick(1, 6, n_rows).astype(str).astype(object)
    columns["等级"] = pick(1, 4, n_rows).astype(str).astype(object)
    columns["age"] = with_missing(pick(18, 91, n_rows).astype(str), rng, 0.02)
    columns["count"] = pick(0, 100_000, n_rows).astype(str).astype(object)
    for j in range(6):
        values = np.round(rng.normal(50, 15, n_rows), 3 + j % 2).astype(str)
        columns[f"x{j}"] = with_missing(values, rng, 0.03 if j % 2 else 0.0)
    columns["flag"] = pick(0, 2, n_rows).astype(str).astype(object)
    columns["class"] = np.array(["是", "否"], dtype=object)[pick(0, 2, n_rows)]
    assert len(columns) == 20
    return pd.DataFrame(columns)


def best_of(repeat: int, *calls) -> list[tuple[float, float]]:
    """(CPU seconds, wall seconds) of the fastest of `repeat` runs of each call, in turns."""
    cpu, wall = [[] for _ in calls], [[] for _ in calls]
    for _ in range(repeat):
        for i, call in enumerate(calls):
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            call()
            cpu[i].append(time.process_time() - start_cpu)
            wall[i].append(time.perf_counter() - start_wall)
    return [(min(c), min(w)) for c, w in zip(cpu, wall, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "synthetic.csv"
        synthetic(args.rows).to_csv(path, index=False, encoding="utf-8")
        size = path.stat().st_size / 2**20
        table = load_path(path)  # warm-up, and a check that it loads at all
        print(f"{path.name}: {args.rows} rows x 20 columns, {size:.1f} MB; kinds: "
              f"{sum(k == 'nominal' for k in table.report.kinds.values())} nominal, "
              f"{sum(k == 'continuous' for k in table.report.kinds.values())} continuous")
        ours, theirs = best_of(args.repeat, lambda: load_path(path), lambda: pd.read_csv(path))
    print(f"{'':24}{'CPU s':>10}{'wall s':>10}")
    print(f"{'dtree_core load_path':24}{ours[0]:10.3f}{ours[1]:10.3f}")
    print(f"{'pandas.read_csv':24}{theirs[0]:10.3f}{theirs[1]:10.3f}")
    print(f"{'ratio':24}{ours[0] / theirs[0]:10.2f}{ours[1] / theirs[1]:10.2f}")


if __name__ == "__main__":
    main()
