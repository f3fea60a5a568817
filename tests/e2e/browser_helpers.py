"""What the browser tests share: the app served with `streamlit run` on a free port, Debian's
chromium and its flags, the artifacts folder (kept out of conftest so imports are unambiguous)."""

from __future__ import annotations

import contextlib
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "tests" / "artifacts"
CHART = "[data-testid='stGraphVizChart'] svg"
CURRENT_TITLE = f"{CHART} g.node.dt-current > title"
# Playwright cannot download browsers here; Debian's chromium needs these to run headless.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def load_bench():
    """bench/load.py, loaded by path (bench/ is scripts, not a package): the load test and
    these fixtures start the server the same way."""
    if "bench_load" in sys.modules:
        return sys.modules["bench_load"]
    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_load"] = module  # dataclasses look their module up while defining
    spec.loader.exec_module(module)
    return module


def _free_port() -> int:
    return load_bench().free_port()


def _wait_healthy(url: str, process: subprocess.Popen, timeout: float = 60) -> None:
    load_bench().wait_healthy(url, process, timeout)


@contextlib.contextmanager
def serve(log_name: str = "streamlit.log"):
    """`streamlit run app.py` on a free port; yields the base URL, stops the server after."""
    port = _free_port()
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
               "--server.port", str(port), "--server.address", "127.0.0.1",
               "--browser.gatherUsageStats", "false"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    url = f"http://127.0.0.1:{port}"
    with open(ARTIFACTS / log_name, "w") as log:
        process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_healthy(url, process)
            yield url
        finally:
            load_bench().stop(process)


def wait_for_current(page, name: str, timeout: float = 30_000) -> None:
    """Wait until the highlighted node of the drawn SVG is `name` (e.g. 'n3'): the browser
    draws the chart after the text around it, so a caption can already name the next step."""
    page.wait_for_function(
        """([selector, name]) => {
            const title = document.querySelector(selector);
            return title !== null && title.textContent === name;
        }""", arg=[CURRENT_TITLE, name], timeout=timeout)


IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"


def wait_idle(page, timeout: float = 60_000) -> None:
    """The script is not running: a key pressed mid-run can be coalesced with the last one."""
    page.wait_for_selector(IDLE, timeout=timeout)


def choose(page, label: str, option: str) -> None:
    """Pick an option of the sidebar select box with this label."""
    wait_idle(page)
    box = page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").filter(
        has=page.get_by_text(label, exact=True))
    box.locator("input").click()
    page.get_by_role("option", name=option, exact=True).click()
    wait_idle(page)
