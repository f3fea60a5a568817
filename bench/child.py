"""Each bench measurement runs in a fresh process, so its peak RSS and its first-use costs
are its own: a script re-runs itself with --child and the measurement's arguments, and
prints one JSON object, which run_child returns."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def run_child(script: str, *args: str) -> dict:
    # One BLAS thread: scikit-learn's tree builder is single-threaded too.
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, script, "--child", *args],
                         capture_output=True, text=True, check=True, env=env)
    return json.loads(out.stdout)
