"""Load test: N concurrent browser sessions, each uploading its own CSV, on one local server.

Issue "One server for a whole class".

Starts `streamlit run app.py` on 127.0.0.1 and a free port, opens one Debian Chromium through
Playwright's async API with one browser context (own cookies, own websocket, own Streamlit
session) per simulated student. Each session uploads its OWN generated CSV (column names and
classes tagged `sessNN_`, so a page showing another session's data is detectable), waits for the
tree, then steps through the growth with the Right key. It times upload-to-first-tree and each
step, asserts every page shows its own tag and no other, no exception or error box and no
JavaScript error, and samples the server's resident memory. Every wait has a timeout and the
whole run a deadline; the server and the browser are stopped in `finally` blocks.

    python bench/load.py --sessions 30 --steps 5 --timeout 600
    python bench/load.py --sessions 3 --steps 2 --timeout 120 --json result.json
    python bench/load.py --sessions 30 --snapshot   # serve a copy: the tree is being edited

Exit status 0 only when every session finished without errors and isolation held. Timings are
never asserted in tests (tests/e2e/test_sessions.py asserts isolation and errors only).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
# Playwright cannot download browsers here; Debian's chromium needs these to run headless.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]

CHART = "[data-testid='stGraphVizChart'] svg"
CURRENT_TITLE = f"{CHART} g.node.dt-current > title"
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
UPLOAD_INPUT = "[data-testid='stFileUploaderDropzoneInput']"
ERROR_BOXES = "[data-testid='stException'], [data-testid='stAlertContentError']"
TAG_PATTERN = re.compile(r"sess(\d{2})_")


# ---------------------------------------------------------------- per-session data


def session_tag(index: int) -> str:
    return f"sess{index:02d}"


def session_csv(index: int, rows: int = 48) -> bytes:
    """A small table whose every column name and class carries this session's tag.

    The class depends on two attributes plus seeded noise, so ID3 grows a tree of well over
    ten nodes (enough steps) that differs from session to session.
    """
    rng = random.Random(index)
    tag = session_tag(index)
    lines = [f"{tag}_colour,{tag}_shape,{tag}_size,{tag}_class"]
    for _ in range(rows):
        colour = rng.choice(["red", "green", "blue"])
        shape = rng.choice(["round", "long"])
        size = rng.choice(["small", "medium", "large"])
        positive = (colour == "red") != (size == "large")
        if rng.random() < 0.2:
            positive = not positive
        lines.append(f"{colour},{shape},{size},{tag}_{'yes' if positive else 'no'}")
    return ("\n".join(lines) + "\n").encode()


def foreign_tags(html: str, own: int) -> set[str]:
    """Tags of other sessions found in a page's HTML (empty when isolation holds)."""
    return {f"sess{n}" for n in TAG_PATTERN.findall(html) if int(n) != own}


# ---------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_healthy(url: str, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"streamlit exited early with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"streamlit did not become healthy at {url} within {timeout}s")


APP_PARTS = ["app.py", "pages", "ui", "dtree_core", "assets", ".streamlit", "requirements.txt"]


@contextlib.contextmanager
def app_directory(snapshot: bool):
    """The repository, or a copy of the app's files taken now (with --snapshot), so that edits
    made to the working tree during a long run cannot reach the server halfway through."""
    if not snapshot:
        yield ROOT
        return
    with tempfile.TemporaryDirectory(prefix="dtree-load-") as directory:
        target = Path(directory)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        for part in APP_PARTS:
            source = ROOT / part
            if source.is_dir():
                shutil.copytree(source, target / part, ignore=ignore)
            elif source.exists():
                shutil.copy2(source, target / part)
        yield target


@contextlib.contextmanager
def serve(log_path: Path, app_dir: Path = ROOT):
    """`streamlit run app.py` on 127.0.0.1; yields (url, process), always stops it after."""
    port = free_port()
    # No file watcher, as in a deployment: a watched file that changes makes Streamlit drop
    # its modules from sys.modules while other sessions are importing them.
    command = [sys.executable, "-m", "streamlit", "run", "app.py",
               "--server.address", "127.0.0.1", "--server.port", str(port),
               "--server.headless", "true", "--server.fileWatcherType", "none",
               "--browser.gatherUsageStats", "false"]
    env = {k: v for k, v in os.environ.items() if k != "CI"}  # the same server on CI or not
    url = f"http://127.0.0.1:{port}"
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=app_dir, env=env, stdout=log,
                                   stderr=subprocess.STDOUT)
        try:
            wait_healthy(url, process)
            yield url, process
        finally:
            stop(process)


def stop(process: subprocess.Popen) -> None:
    """Terminate, and kill if it has not ended within 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def rss_bytes(pid: int) -> int:
    """Resident memory now: psutil if installed, else /proc (Linux)."""
    try:
        import psutil
    except ImportError:
        return proc_status_kb(pid, "VmRSS") * 1024
    return psutil.Process(pid).memory_info().rss


def proc_status_kb(pid: int, field_name: str) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field_name}:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used (Linux /proc; 0 elsewhere)."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def process_parents() -> dict[int, int]:
    """pid -> parent pid for every process now (Linux /proc)."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
    return parents


def descendants(root: int, parents: dict[int, int]) -> set[int]:
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    found, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


class ResourceSampler:
    """Samples in a thread the server's RSS and CPU, and the CPU of this process's other
    descendants (Playwright's driver and Chromium: the load generator, which shares the cores
    with the server). The peak RSS is also read from the kernel (VmHWM), which catches a spike
    between two samples."""

    def __init__(self, server_pid: int, interval: float = 0.25, max_samples: int = 20_000):
        self.pid, self.interval, self.max_samples = server_pid, interval, max_samples
        self.peak, self.cpu, self.load_average = 0, 0.0, 0.0
        self._client_cpu: dict[int, float] = {}  # per pid: its last figure before it ended
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @property
    def client_cpu(self) -> float:
        return sum(self._client_cpu.values())

    def _sample_clients(self) -> None:
        for pid in descendants(os.getpid(), process_parents()) - {self.pid}:
            self._client_cpu[pid] = max(self._client_cpu.get(pid, 0.0), cpu_seconds(pid))

    def _run(self) -> None:
        for count in range(self.max_samples):  # bounded even if stop() is never called
            with contextlib.suppress(Exception):
                self.peak = max(self.peak, rss_bytes(self.pid))
                self.cpu = cpu_seconds(self.pid)
                if count % 4 == 0:  # walking /proc costs more; once a second is enough
                    self._sample_clients()
                    # Other work on the machine (a shared CI runner) slows every figure.
                    self.load_average = max(self.load_average, os.getloadavg()[0])
            if self._stop.wait(self.interval):
                return

    def __enter__(self) -> ResourceSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.peak = max(self.peak, proc_status_kb(self.pid, "VmHWM") * 1024)
        self.cpu = cpu_seconds(self.pid) or self.cpu


# ---------------------------------------------------------------- one session


@dataclass
class SessionResult:
    index: int
    upload_seconds: float | None = None
    step_seconds: list[float] = field(default_factory=list)
    own_tag_seen: bool = False
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def isolated(self) -> bool:
        return self.own_tag_seen and not self.foreign


async def wait_current(page, name: str, timeout_ms: float) -> None:
    """Until the highlighted node of the drawn tree is `name` ('n3')."""
    await page.wait_for_function(
        """([selector, name]) => {
            const title = document.querySelector(selector);
            return title !== null && title.textContent === name;
        }""", arg=[CURRENT_TITLE, name], timeout=timeout_ms)


async def open_app(page, url: str, timeout_ms: float) -> None:
    """Load the app and wait for the bundled tree (the default dataset) to draw."""
    await page.goto(url, timeout=timeout_ms)
    await page.wait_for_selector(f"{CHART} g.node", timeout=timeout_ms)


async def upload(page, index: int, timeout_ms: float) -> float:
    """Upload the session's CSV; seconds from the file landing to its tree at step 0."""
    await page.wait_for_selector(IDLE, timeout=timeout_ms)
    await page.get_by_text("Upload a file (CSV or Excel)").click(timeout=timeout_ms)
    file_input = page.locator(UPLOAD_INPUT)
    await file_input.wait_for(state="attached", timeout=timeout_ms)
    tag = session_tag(index)
    payload = {"name": f"{tag}_data.csv", "mimeType": "text/csv", "buffer": session_csv(index)}
    started = time.perf_counter()
    await file_input.set_input_files(files=[payload], timeout=timeout_ms)
    await page.wait_for_function(
        """([selector, tag]) => {
            const svg = document.querySelector(selector);
            return svg !== null && svg.textContent.includes(tag + "_");
        }""", arg=[CHART, tag], timeout=timeout_ms)
    await wait_current(page, "n0", timeout_ms)
    return time.perf_counter() - started


async def step_forward(page, step: int, timeout_ms: float) -> float:
    """Press Right once the script is idle (a key mid-run can coalesce); seconds to redraw."""
    await page.wait_for_selector(IDLE, timeout=timeout_ms)
    started = time.perf_counter()
    await page.keyboard.press("ArrowRight")
    await wait_current(page, f"n{step}", timeout_ms)
    return time.perf_counter() - started


async def check_page(page, result: SessionResult) -> None:
    """Own tag present, no other session's, no exception or error box."""
    html = await page.content()
    result.own_tag_seen = f"{session_tag(result.index)}_yes" in html or \
        f"{session_tag(result.index)}_no" in html
    result.foreign = sorted(set(result.foreign) | foreign_tags(html, result.index))
    boxes = await page.locator(ERROR_BOXES).count()
    if boxes:
        result.errors.append(f"{boxes} exception/error box(es) on the page")


async def run_session(browser, url: str, index: int, steps: int,
                      timeout_ms: float) -> SessionResult:
    result = SessionResult(index)
    context = await browser.new_context(viewport={"width": 1500, "height": 1400},
                                        locale="en-US")
    try:
        page = await context.new_page()
        page.on("pageerror", lambda error: result.errors.append(f"js: {error}"))
        await open_app(page, url, timeout_ms)
        result.upload_seconds = await upload(page, index, timeout_ms)
        result.foreign = sorted(foreign_tags(await page.content(), index))  # the first tree too
        # Focus the page, not a widget, so the arrow key reaches the grow page's handler.
        await page.get_by_role("heading", name="Grow a tree").click(timeout=timeout_ms)
        for step in range(1, steps + 1):
            result.step_seconds.append(await step_forward(page, step, timeout_ms))
        await check_page(page, result)
    except Exception as error:  # one session's failure is a figure, not the end of the run
        result.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0][:200]}")
    finally:
        with contextlib.suppress(Exception):
            await context.close()
    return result


# ---------------------------------------------------------------- the run


async def run_sessions(url: str, sessions: int, steps: int, timeout: float,
                       ramp: float) -> list[SessionResult]:
    """All sessions at once in one Chromium; the whole gather is bounded by `timeout`."""
    from playwright.async_api import async_playwright

    per_wait_ms = max(30_000.0, timeout * 1000 / 2)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                   args=CHROMIUM_ARGS)
        try:
            async def delayed(index: int) -> SessionResult:
                # An optional ramp spreads the arrivals, as students open the link in turn.
                await asyncio.sleep(ramp * index / max(sessions, 1))
                return await run_session(browser, url, index, steps, per_wait_ms)

            tasks = [asyncio.create_task(delayed(i)) for i in range(1, sessions + 1)]
            done, pending = await asyncio.wait(tasks, timeout=timeout)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            return [task.result() if task in done else
                    SessionResult(i + 1, errors=[f"not finished within {timeout:g}s"])
                    for i, task in enumerate(tasks)]
        finally:
            await browser.close()


def server_tracebacks(log_path: Path) -> int:
    return log_path.read_text(errors="replace").count("Traceback")


def percentile(values: list[float], share: float) -> float | None:
    """Nearest-rank percentile (no interpolation: with 30 values p95 is the 29th)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))  # ceil(n * share), at least 1
    return ordered[int(rank) - 1]


def summary(results: list[SessionResult], sampler: ResourceSampler, tracebacks: int,
            wall: float) -> dict:
    uploads = [r.upload_seconds for r in results if r.upload_seconds is not None]
    steps = [s for r in results for s in r.step_seconds]
    return {
        "sessions": len(results),
        "sessions_with_errors": sum(1 for r in results if r.errors),
        "server_tracebacks": tracebacks,
        "isolation_ok": all(r.isolated for r in results),
        "upload_p50_s": percentile(uploads, 0.50), "upload_p95_s": percentile(uploads, 0.95),
        "step_p50_s": percentile(steps, 0.50), "step_p95_s": percentile(steps, 0.95),
        "uploads_timed": len(uploads), "steps_timed": len(steps),
        "server_peak_mb": round(sampler.peak / 2**20, 1),
        "server_cpu_s": round(sampler.cpu, 1),
        # The browsers share the machine's cores with the server: their CPU says how much of
        # the time per step is the load generator's, not the server's.
        "browser_cpu_s": round(sampler.client_cpu, 1),
        "cores": os.cpu_count(),
        "max_load_average": round(sampler.load_average, 1),
        "wall_s": round(wall, 1),
        "results": [{**asdict(r), "isolated": r.isolated} for r in results],
    }


def run_load(sessions: int, steps: int, timeout: float, ramp: float = 0.0,
             log_path: Path | None = None, snapshot: bool = False) -> dict:
    """Serve, drive the sessions, stop everything; the summary as a dict."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is not installed")
    log_path = log_path or Path(tempfile.gettempdir()) / "dtree-load-streamlit.log"
    started = time.monotonic()
    with app_directory(snapshot) as app_dir, serve(log_path, app_dir) as (url, process), \
            ResourceSampler(process.pid) as sampler:
        results = asyncio.run(run_sessions(url, sessions, steps, timeout, ramp))
    return summary(results, sampler, server_tracebacks(log_path), time.monotonic() - started)


def seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def print_table(result: dict) -> None:
    errors = result["sessions_with_errors"] + (1 if result["server_tracebacks"] else 0)
    rows = [("sessions", str(result["sessions"])),
            ("errors (sessions; server tracebacks)",
             f"{result['sessions_with_errors']}; {result['server_tracebacks']}"),
            ("isolation ok", "yes" if result["isolation_ok"] else "NO"),
            (f"upload p50 / p95 s (n={result['uploads_timed']})",
             f"{seconds(result['upload_p50_s'])} / {seconds(result['upload_p95_s'])}"),
            (f"step p50 / p95 s (n={result['steps_timed']})",
             f"{seconds(result['step_p50_s'])} / {seconds(result['step_p95_s'])}"),
            ("server peak MB", f"{result['server_peak_mb']:.0f}"),
            ("server CPU s", f"{result['server_cpu_s']:.0f}"),
            ("browsers' CPU s (load generator)", f"{result['browser_cpu_s']:.0f}"),
            ("wall s", f"{result['wall_s']:.0f} on {result['cores']} cores"),
            ("machine load average, 1-min max", f"{result['max_load_average']:.1f}")]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    for session in result["results"]:
        if session["errors"] or not session["isolated"]:
            print(f"  session {session['index']:02d}: isolated={session['isolated']} "
                  f"foreign={session['foreign']} errors={session['errors']}")
    if errors == 0 and result["isolation_ok"]:
        print("OK")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds for the whole run of sessions (each wait gets half)")
    parser.add_argument("--ramp", type=float, default=0.0,
                        help="spread the sessions' arrivals over this many seconds")
    parser.add_argument("--snapshot", action="store_true",
                        help="serve a copy of the app taken at the start (a tree being edited)")
    parser.add_argument("--json", type=Path, help="also write the summary here")
    args = parser.parse_args(argv)
    if not 1 <= args.sessions <= 99:  # tags are two digits
        parser.error("--sessions must be between 1 and 99")
    result = run_load(args.sessions, args.steps, args.timeout, args.ramp,
                      snapshot=args.snapshot)
    print_table(result)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    ok = result["isolation_ok"] and not result["sessions_with_errors"] \
        and not result["server_tracebacks"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
