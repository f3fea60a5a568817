"""Issue 13 in Debian's chromium: a big upload shows a progress bar naming its phases, changing
the input while it grows stops the old growth, and a refusal is a message, not a traceback."""

from __future__ import annotations

import io
import re

import numpy as np
import pandas as pd
from browser_helpers import wait_idle
from playwright.sync_api import TimeoutError as PlaywrightTimeout

CHART = "[data-testid='stGraphVizChart'] svg"
UPLOAD_INPUT = "[data-testid='stFileUploaderDropzoneInput']"

# Every text the progress bars and alert boxes show, in order, as the browser receives them
# (phases can pass faster than a test could poll for them).
RECORDER = """() => {
    window.__seen = [];
    const last = {};
    const note = (kind, text) => {
        if (text && last[kind] !== text) window.__seen.push({kind, text});
        last[kind] = text;
    };
    const look = () => {
        document.querySelectorAll("[data-testid='stProgress']")
            .forEach(el => note("progress", el.innerText.trim()));
        document.querySelectorAll("[data-testid='stAlert'], [data-testid='stException']")
            .forEach(el => note(el.dataset.testid === "stException" ? "exception" : "alert",
                                el.innerText.trim()));
    };
    new MutationObserver(look).observe(document.body,
        {subtree: true, childList: true, characterData: true});
}"""
GROWING = re.compile(r"Growing depth (\d+)")


def open_recording(browser, url, told: list[str] | None = None):
    """A page recording what it shows (RECORDER); `told` also gets the text of every
    websocket message the server sends it."""
    page = browser.new_page(viewport={"width": 1500, "height": 1400}, locale="en-US")
    if told is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: told.append(
            payload.decode("utf-8", "ignore") if isinstance(payload, bytes) else payload)))
    page.goto(url)
    page.wait_for_selector(f"{CHART} g.node", timeout=120_000)
    page.evaluate(RECORDER)
    return page


def seen(page, kind: str | None = None) -> list[str]:
    return [s["text"] for s in page.evaluate("window.__seen") if kind in (None, s["kind"])]


def upload(page, name: str, data: bytes) -> None:
    file_input = page.locator(UPLOAD_INPUT)
    for _ in range(3):  # a rerun landing with the click (the URL's state) can swallow it
        wait_idle(page, 30_000)
        page.get_by_text("Upload a file (CSV or Excel)").click()
        try:
            file_input.wait_for(state="attached", timeout=10_000)
            break
        except PlaywrightTimeout:
            continue
    file_input.set_input_files(files=[{"name": name, "mimeType": "text/csv", "buffer": data}])


def noisy_csv(rows: int, columns: int) -> bytes:
    """Random numbers and a random label: the tree grows depth after depth (CART: about 45
    before this server's 50,000-node limit at 150,000 rows), each a fraction of a second."""
    rng = np.random.default_rng(13)
    frame = pd.DataFrame({f"x{j}": rng.random(rows).round(5) for j in range(columns)})
    frame["y"] = rng.choice(["p", "q"], rows)
    out = io.StringIO()
    frame.to_csv(out, index=False)
    return out.getvalue().encode()


def depths(texts: list[str]) -> list[int]:
    return [int(depth) for text in texts for depth in GROWING.findall(text)]


def test_the_progress_bar_names_each_phase_and_a_change_stops_the_old_growth(browser, app_url):
    told = []  # the server's messages: two updates drawn in one frame are still two here
    page = open_recording(browser, app_url, told)
    upload(page, "noisy_big.csv", noisy_csv(150_000, 12))
    page.wait_for_function(
        """() => window.__seen.some(s => /Growing depth ([5-9]|\\d\\d)/.test(s.text))""",
        timeout=120_000)
    max_depth = page.get_by_label("Max depth (0 = no limit)", exact=True)
    if not max_depth.is_visible():  # open the expander holding it (a click in the browser)
        page.locator("[data-testid='stExpander'] summary", has_text="Options").click()
    max_depth.fill("3")
    max_depth.press("Enter")  # the input changes here
    mark, told_mark = len(seen(page)), len(told)
    page.wait_for_function(
        """(mark) => window.__seen.slice(mark).some(s => s.text.includes("Drawing the tree"))""",
        arg=mark, timeout=120_000)
    wait_idle(page, 60_000)
    progress = seen(page, "progress")
    assert any(t.startswith("Reading noisy_big.csv") for t in progress), progress
    assert any(t.startswith("Preparing the data") for t in progress), progress
    before, after = seen(page)[:mark], seen(page)[mark:]
    after_told = "\n".join(told[told_mark:])
    restart_told = after_told.index("Preparing the data")
    # where the growth was when the input changed: the depth the server had told the browser
    # of (its drawing may lag a depth or two behind on a busy machine)
    changed_at = max(depths(before) + depths(told[:told_mark]))
    restart = next(i for i, t in enumerate(after) if t.startswith("Preparing the data"))
    # the old growth stopped at the change (one more depth may have been on its way) ...
    assert all(d <= changed_at + 1 for d in depths([after_told[:restart_told]])), after_told
    assert all(d <= changed_at + 1 for d in depths(after[:restart])), after
    # ... and the new one, with max depth 3, told the browser of depths 0..3 and finished (the
    # browser may draw the last depth's text and the next phase's in one frame, so what it
    # told is read from its messages, and what was drawn must be a part of it)
    assert depths([after_told[restart_told:]]) == [0, 1, 2, 3], after_told[restart_told:][:2000]
    assert set(depths(after[restart:])) <= {0, 1, 2, 3} and depths(after[restart:])[:1] == [0]
    drawn = [t for t in after if "Drawing the tree" in t]
    assert len(drawn) == 1 and "depth 3" in drawn[0]
    # the old growth never ran on to the node limit, and nothing failed
    refusals = [a for a in seen(page, "alert") if "limit" in a or "cannot" in a]
    assert refusals == [] and seen(page, "exception") == []
    assert page.locator("[data-testid='stException']").count() == 0
    page.close()


def test_a_refusal_is_a_message_in_the_page_without_a_traceback(browser, app_url):
    page = open_recording(browser, app_url)
    before = page.locator(CHART).first.inner_html()
    names = "\n".join(["x,name", *(f"{i % 3},student-{i}" for i in range(500))]).encode()
    upload(page, "names.csv", names)
    page.wait_for_function(
        """() => window.__seen.some(s => s.kind === "alert" && s.text.includes("ID column"))""",
        timeout=60_000)
    wait_idle(page, 30_000)
    alerts = seen(page, "alert")
    # a class per row is refused as an ID column (its own words, whatever the classes limit)
    assert any("each of its 500 rows" in a and "ID column" in a for a in alerts), alerts
    assert seen(page, "exception") == []
    assert page.locator("[data-testid='stException']").count() == 0
    assert not re.search(r"Traceback|File \"", page.inner_text("body"))
    assert page.locator(CHART).first.inner_html() == before  # the last tree stays
    assert page.locator("[data-testid='stProgress']").count() == 0
    page.close()


def test_a_dataframe_s_toolbar_offers_no_raw_csv_download(browser, app_url):
    """Streamlit's own CSV download would hand '=…' names to a spreadsheet as formulas; the
    app turns it off (.streamlit/config.toml) and offers its own, neutralised downloads."""
    page = browser.new_page(viewport={"width": 1500, "height": 1400}, locale="en-US")
    page.goto(app_url)
    page.wait_for_selector(f"{CHART} g.node", timeout=120_000)
    page.locator("[data-testid='stExpander'] summary").first.click()  # the load report
    frame = page.locator("[data-testid='stDataFrame']").first
    frame.wait_for(state="visible", timeout=30_000)
    frame.hover()
    toolbar = page.locator("[data-testid='stElementToolbar']").first
    toolbar.wait_for(state="visible", timeout=30_000)
    labels = [b.get_attribute("aria-label") or b.inner_text()
              for b in toolbar.locator("button").all()]
    assert labels and any("Search" in label for label in labels), labels
    assert not any("Download" in label for label in labels), labels
    page.close()


def test_a_big_tree_s_prediction_draws_the_sample_s_path_in_the_browser(browser, app_url):
    """A tree past DRAWN_MAX nodes reaches the browser as its part along the sample's path
    (the path outlined, the branches not taken beside it), with a caption saying so."""
    page = open_recording(browser, app_url)
    upload(page, "noisy_600.csv", noisy_csv(600, 2))
    wait_idle(page, 120_000)
    page.wait_for_selector(f"{CHART} g.node", timeout=60_000)
    page.locator("[data-testid='stSidebarNav'] a", has_text="Predict").click()
    for name in ("x0", "x1"):
        field = page.locator("[data-testid='stForm']").get_by_label(name, exact=True)
        field.fill("0.5")
        field.press("Tab")
    page.get_by_role("button", name="Predict").click()
    page.wait_for_selector(f"{CHART} g.node", timeout=60_000)
    wait_idle(page, 60_000)
    caption = page.get_by_text(re.compile(r"This tree has \d+ nodes: drawn are the nodes"))
    total = int(re.search(r"has (\d+) nodes", caption.inner_text()).group(1))
    drawn = page.locator(f"{CHART} g.node").count()
    outlined = page.locator(f"{CHART} g.node path[stroke='#d62728'], "
                            f"{CHART} g.node polygon[stroke='#d62728']").count()
    assert total > 300 and 3 <= drawn < 300 and 2 <= outlined < drawn
    assert page.locator("[data-testid='stException']").count() == 0
    page.close()
