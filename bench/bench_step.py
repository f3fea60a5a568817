"""Step-change server time of the grow page on a tree of about 200+ nodes.

    python bench/bench_step.py [--dataset penguins] [--algorithm cls] [--repeat 3]

Drives the app with AppTest (no browser), steps through every node with the Next button,
and reads the time the replay fragment took on the server (ui.replay keeps it in session
state): that fragment is exactly what a step change reruns in the live app. Also prints the
whole AppTest run time, an upper bound that adds the sidebar and AppTest's own overhead.
Results go to bench/results/step.json (git-ignored).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.runtime.scriptrunner import script_runner  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

BUDGET_MS = 150


def _run_entry_point(main_script_path: str) -> None:
    """As the server does once st.navigation ran: app.py, not Streamlit's pages/ mode."""
    path = Path(main_script_path)
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"),  # noqa: S102
         {"__name__": "__main__", "__file__": str(path)})


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median_ms": 1000 * statistics.median(ordered),
            "p90_ms": 1000 * ordered[int(0.9 * (len(ordered) - 1))],
            "max_ms": 1000 * ordered[-1]}


def measure(dataset: str, algorithm: str, repeat: int) -> dict:
    script_runner._mpa_v1 = _run_entry_point
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.selectbox(key="bundled_key").set_value(dataset)
    at.selectbox(key="algorithm").set_value(algorithm)
    at.run()
    trace = at.session_state["current"]["trace"]
    steps = len(trace["steps"]) - 1
    fragment, whole = [[] for _ in range(steps)], []
    for _ in range(repeat):
        at.button(key="btn_first").click().run()
        for step in range(steps):
            started = time.perf_counter()
            at.button(key="btn_next").click().run()
            whole.append(time.perf_counter() - started)
            fragment[step].append(at.session_state["render_seconds"])
    every = [t for times in fragment for t in times]
    # Best of the repeats per step: the node's own cost, without other processes' noise.
    best = [min(times) for times in fragment]
    return {"dataset": dataset, "algorithm": algorithm, "nodes": len(trace["nodes"]),
            "step_changes": len(every), "fragment": _percentiles(every),
            "fragment_best_of_repeats": _percentiles(best),
            "over_budget_share": sum(t * 1000 > BUDGET_MS for t in every) / len(every),
            "whole_apptest_run": _percentiles(whole), "budget_ms": BUDGET_MS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default="penguins")
    parser.add_argument("--algorithm", default="cls")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    result = measure(args.dataset, args.algorithm, args.repeat)
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "step.json").write_text(json.dumps(result, indent=1))
    frag, whole = result["fragment"], result["whole_apptest_run"]
    print(f"{result['dataset']} / {result['algorithm']}: {result['nodes']} nodes, "
          f"{result['step_changes']} step changes")
    print(f"step change (replay fragment, server): median {frag['median_ms']:.0f} ms, "
          f"p90 {frag['p90_ms']:.0f} ms, max {frag['max_ms']:.0f} ms (budget {BUDGET_MS} ms)")
    best = result["fragment_best_of_repeats"]
    print(f"per node, best of {args.repeat}: median {best['median_ms']:.0f} ms, "
          f"p90 {best['p90_ms']:.0f} ms, max {best['max_ms']:.0f} ms; "
          f"{100 * result['over_budget_share']:.1f}% of all step changes over budget")
    print(f"whole AppTest run (upper bound): median {whole['median_ms']:.0f} ms, "
          f"p90 {whole['p90_ms']:.0f} ms, max {whole['max_ms']:.0f} ms")


if __name__ == "__main__":
    main()
