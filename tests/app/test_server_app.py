"""Issue 13 in the app: the progress bar's phases, cancelling growth, the export page's SVG on
request, refusals in words, and no built-in dataframe export that would skip our CSV
neutralisation."""

from __future__ import annotations

import re
import subprocess
import tomllib
import types
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import streamlit as st
from app_helpers import new_app
from streamlit.runtime.scriptrunner_utils.exceptions import StopException

from dtree_core.export import svg_available
from dtree_core.options import Options
from dtree_core.trace import LazyRows, json_size_estimate
from ui import engine, setup
from ui.messages import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
needs_dot = pytest.mark.skipif(not svg_available(), reason="Graphviz's dot is not installed")


def csv_bytes(frame: pd.DataFrame) -> bytes:
    return frame.to_csv(index=False).encode()


def noisy(n: int, seed: int = 0) -> bytes:
    """Two continuous columns and a random label: a tree with about as many nodes as rows."""
    rng = np.random.default_rng(seed)
    return csv_bytes(pd.DataFrame({"a": rng.random(n).round(6), "b": rng.random(n).round(6),
                                   "y": rng.choice(["p", "q"], n)}))


def uploaded(data: bytes, name: str = "noisy.csv", lang: str = "en", algorithm: str = "cart",
             prune: str | None = None):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.selectbox(key="algorithm").set_value(algorithm).run()
    if prune is not None:
        at.selectbox(key="prune").set_value(prune).run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value((name, data, "text/csv")).run()
    assert not at.exception
    return at


def progress_texts(at) -> list[str]:
    return [element.proto.text for element in at.get("progress")]


# --------------------------------------------------------------------- phases


def test_growth_reports_each_depth_to_the_progress_callback():
    data = noisy(300)
    choices = {"target": "y", "attributes": ["a", "b"], "sheet": None, "encoding": None}
    told = []
    trace = engine.grow_trace(data, "phases.csv", choices, Options.build(algorithm="cart"),
                              on_phase=lambda phase, figures: told.append((phase, figures)))
    assert told[0] == ("preparing", {})
    depths = [figures["depth"] for phase, figures in told[1:]]
    assert {phase for phase, _ in told[1:]} == {"growing"}
    assert depths == list(range(max(n["depth"] for n in trace["nodes"]) + 1))
    nodes = [figures["nodes"] for _, figures in told[1:]]
    assert nodes[0] == 1 and nodes == sorted(nodes) and nodes[-1] == len(trace["nodes"])


def test_a_pruned_fit_reports_pruning_once_after_its_last_depth():
    data = noisy(300)
    choices = {"target": "y", "attributes": ["a", "b"], "sheet": None, "encoding": None}
    told = []
    trace = engine.grow_trace(data, "phases_pep.csv", choices,
                              Options.build(algorithm="c45", prune="pep"),
                              on_phase=lambda phase, figures: told.append((phase, figures)))
    assert [phase for phase, _ in told].count("pruning") == 1
    assert told[-1] == ("pruning", {"method": "pep"})  # after every depth of growth
    assert trace["params"]["prune"] == "pep" and trace.get("pruning")


@pytest.mark.parametrize("lang, words", [("en", "Pruning: C4.5 pessimistic pruning"),
                                         ("zh", "正在剪枝：C4.5 悲观剪枝")])
def test_the_bar_names_pruning_and_its_method(lang, words, monkeypatch):
    # the bar's drawing phase and clearing come after pruning: kept off to read its words
    monkeypatch.setattr(setup.Progress, "clear", lambda progress: None)
    monkeypatch.setattr(setup.Progress, "drawing", lambda progress, trace: None)
    data = noisy(200, seed={"en": 2, "zh": 3}[lang])  # not grown yet: the cache is shared
    at = uploaded(data, "pruned.csv", lang, algorithm="c45", prune="pep")
    texts = progress_texts(at)
    assert len(texts) == 1 and words in texts[0], texts


@pytest.mark.parametrize("lang, words", [("en", "Drawing the tree"), ("zh", "正在绘制决策树")])
def test_the_bar_names_the_last_phase_with_the_tree_it_grew(lang, words, monkeypatch):
    # app.py clears the bar once the page has drawn; kept here to read its last words
    monkeypatch.setattr(setup.Progress, "clear", lambda progress: None)
    at = uploaded(noisy(200, seed=1), "phase_words.csv", lang)
    texts = progress_texts(at)
    nodes = len(at.session_state["current"]["trace"]["nodes"])
    assert len(texts) == 1 and words in texts[0] and f"{nodes}" in texts[0]
    at.run()  # nothing changed: no growth, no bar
    assert progress_texts(at) == []


def test_the_bar_is_gone_once_the_page_has_drawn_the_tree():
    at = uploaded(noisy(200, seed=2), "phase_cleared.csv", "en")
    assert at.session_state["current"]["trace"]["nodes"] and progress_texts(at) == []


class Cancelled:
    """Progress.__call__ replaced: at depth 2, raise what Streamlit raises there when the user
    has changed the input (StopException; a rerun is its sibling ScriptControlException)."""

    def __init__(self, original):
        self.original, self.fired = original, False

    def __call__(self, progress, phase, figures):
        if phase == "growing" and figures["depth"] == 2 and not self.fired:
            self.fired = True
            raise StopException()
        return self.original(progress, phase, figures)


def test_a_cancelled_growth_keeps_the_last_tree_and_caches_nothing(monkeypatch):
    st.cache_resource.clear()  # an earlier test's C4.5 tree of this data would be no growth
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    before = at.session_state["current"]["trace_id"]
    cancel = Cancelled(setup.Progress.__call__)
    monkeypatch.setattr(setup.Progress, "__call__",
                        lambda progress, phase, figures: cancel(progress, phase, figures))
    at.selectbox(key="algorithm").set_value("c45").run()
    assert cancel.fired and not at.exception
    assert at.session_state["current"]["trace_id"] == before  # the ID3 tree stays
    at.run()  # the next run grows C4.5 in full: nothing of the cancelled work was kept
    assert not at.exception
    assert at.session_state["current"]["trace_id"] != before
    assert at.session_state["current"]["trace"]["algorithm"] == "c45"


# --------------------------------------------------------------------- refusals


@pytest.mark.parametrize("lang, words", [("en", "ID column"), ("zh", "编号列")])
def test_a_class_per_row_target_is_refused_in_words_and_the_tree_stays(lang, words):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    before = dict(at.session_state["current"])
    at.radio(key="source").set_value("upload").run()
    names = csv_bytes(pd.DataFrame({"x": np.arange(300) % 3, "name": [f"s{i}" for i in
                                                                        range(300)]}))
    at.file_uploader(key="upload").set_value(("names.csv", names, "text/csv")).run()
    assert not at.exception
    assert any(words in e.value for e in at.error), [e.value for e in at.error]
    assert at.session_state["current"]["trace_id"] == before["trace_id"]
    # the pages read the rows the kept tree grew on
    assert at.session_state["dataset"]["key"] == before["source"]["key"]
    assert progress_texts(at) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_id_column_target_under_the_limit_is_not_said_to_pass_it(lang):
    """编号 as watermelon 2.0's target: 17 classes, one per row, under the limit of 100. The
    refusal says it looks like an ID column; it said "17 classes, over this server's limit
    of 100"."""
    at = new_app()
    at.query_params.update({"data": "watermelon_2.0", "target": "编号", "lang": lang})
    at.run()
    assert not at.exception
    words = LANGUAGES[lang][1]
    said = [re.sub(r"\\(.)", r"\1", e.value) for e in at.error]  # Markdown-escaped
    assert any(words["error.budget.classes.id_like"].format(figure=17) in e for e in said), said
    over_the_limit = words["error.budget.classes"].split("{allowed}")[0].split("}")[-1]
    assert not any(over_the_limit.strip() in e for e in said)


def test_a_refused_growth_is_not_grown_again_on_every_rerun(monkeypatch):
    calls = []
    original = engine._grown

    def counted(data, filename, *args):
        if filename == "refused_once.csv":  # not the bundled data grown before the upload
            calls.append(1)
        return original(data, filename, *args)

    monkeypatch.setattr(engine, "_grown", counted)
    names = csv_bytes(pd.DataFrame({"x": np.arange(250) % 3, "name": [f"r{i}" for i in
                                                                        range(250)]}))
    at = uploaded(names, "refused_once.csv")
    assert at.error and len(calls) == 1
    at.run()
    at.run()
    assert at.error and len(calls) == 1


# --------------------------------------------------------------------- export page


@pytest.mark.parametrize("lang, words", [("en", "max depth"), ("zh", "最大深度")])
def test_a_big_tree_gets_no_svg_but_its_rules_and_tables_render(lang, words):
    at = uploaded(noisy(3000, seed=2), "big_tree.csv", lang)
    nodes = len(at.session_state["current"]["trace"]["nodes"])
    assert nodes > 2000
    at.switch_page("pages/export.py").run()
    assert not at.exception and not at.error
    notes = [i.value for i in at.info if "DOT" in i.value]
    assert len(notes) == 1 and words in notes[0] and str(nodes) in notes[0]
    assert not [t for t in at.toggle if t.key and t.key.startswith("exp_svg::")]
    assert len(at.dataframe) >= 2  # the rules and Han's rule table
    assert at.markdown and any("|" in m.value for m in at.markdown)  # a score table


def wide(n: int, columns: int, seed: int = 0) -> bytes:
    """Many continuous columns and a random label: every node has a wide score table."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({f"a{j}": rng.random(n).round(6) for j in range(columns)})
    return csv_bytes(frame.assign(y=rng.choice(["p", "q"], n)))


def json_buttons(at) -> list[str]:
    return [b.proto.id for b in at.get("download_button") if "exp_dl_json" in b.proto.id]


@pytest.mark.parametrize("lang, words", [("en", "max depth"), ("zh", "最大深度")])
def test_a_tree_whose_json_is_too_big_offers_its_outline(lang, words):
    """A download is built whole in the server's memory: past JSON_MB the page offers the
    tree's outline and says why, with the estimate and what to do."""
    at = uploaded(wide(3000, 30), "wide.csv", lang)
    trace = at.session_state["current"]["trace"]
    at.switch_page("pages/export.py").run()
    assert not at.exception and not at.error
    estimate = json_size_estimate(trace)
    assert estimate > 50 * 2**20
    assert [i for i in json_buttons(at) if i.endswith("exp_dl_json_outline")]
    assert not [i for i in json_buttons(at) if i.endswith("exp_dl_json")]
    notes = [i.value for i in at.info if "JSON" in i.value]
    assert len(notes) == 1 and words in notes[0] and "trace.json" in notes[0]
    assert f"{estimate / 2**20:,.0f} MB" in notes[0] and str(len(trace["nodes"])) in notes[0]
    assert has_no_built_rows(trace)  # the page read no table it did not show


def has_no_built_rows(trace: dict) -> bool:
    shown = trace["nodes"][0]  # the export page's score table shows the first scored node
    return all(getattr(n["scores"], "_rows", None) is None for n in trace["nodes"][1:]
               if n is not shown)


PAGES = ("pages/grow.py", "pages/compare.py", "pages/evaluate.py", "pages/predict.py",
         "pages/export.py", "pages/exercises.py", "pages/manual.py")


def test_no_page_builds_every_table_of_a_big_tree():
    """A grown tree's dict is shared by the sessions that grew it, and a node's score rows
    are built when a page reads them and then kept: a page that read every node's (to
    predict, to write JSON, to list rules) would hold all of them in memory for good."""
    at = uploaded(noisy(1000, seed=2), "big_tree.csv")
    trace = at.session_state["current"]["trace"]
    lazy = [n["scores"] for n in trace["nodes"] if isinstance(n["scores"], LazyRows)]
    assert len(lazy) > 300
    for page in PAGES:
        at.switch_page(page).run()
        if page == "pages/predict.py":
            at.button[0].click().run()
        assert not at.exception, page
        built = sum(rows._rows is not None for rows in lazy)
        assert built <= 20, (page, built)


def test_a_small_tree_offers_its_whole_json():
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    at.switch_page("pages/export.py").run()
    assert [i for i in json_buttons(at) if i.endswith("exp_dl_json")]
    assert not [i for i in json_buttons(at) if i.endswith("exp_dl_json_outline")]
    assert not [i.value for i in at.info if "JSON" in i.value]


def svg_toggle(at):
    return [t for t in at.toggle if t.key and t.key.startswith("exp_svg::")][0]


@needs_dot
def test_the_svg_is_drawn_on_request_once():
    at = new_app()
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    at.switch_page("pages/export.py").run()
    assert not [b for b in at.get("download_button") if b.proto.id.endswith("exp_dl_svg")]
    svg_toggle(at).set_value(True).run()
    assert not at.exception
    buttons = [b for b in at.get("download_button") if "exp_dl_svg" in b.proto.id]
    assert len(buttons) == 1


@needs_dot
@pytest.mark.parametrize("lang, words", [("en", "within 20 s"), ("zh", "20 秒内")])
def test_a_slow_drawing_is_stopped_said_and_not_retried(monkeypatch, lang, words):
    runs = []

    def too_slow(command, **kwargs):
        runs.append(kwargs["timeout"])
        raise subprocess.TimeoutExpired(command, kwargs["timeout"])

    fake = types.SimpleNamespace(run=too_slow, TimeoutExpired=subprocess.TimeoutExpired)
    monkeypatch.setattr("dtree_core.export.subprocess", fake)
    st.cache_data.clear()  # the export page's drawings of earlier tests (by tree, not language)
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_3.0").run()
    at.selectbox(key="algorithm").set_value("cart").run()
    at.switch_page("pages/export.py").run()
    svg_toggle(at).set_value(True).run()
    assert not at.exception
    assert any(words in w.value for w in at.warning), [w.value for w in at.warning]
    assert len(at.dataframe) >= 2  # the page went on to the rules and tables
    at.run()
    assert runs == [20]  # the failure is kept for this tree: not drawn again on a rerun


# --------------------------------------------------------------------- dataframe exports


def test_streamlit_s_own_dataframe_export_is_off():
    """Names from the data (=HYPERLINK(…), +cmd) reach st.dataframe; its built-in CSV download
    and clipboard copy would hand them to a spreadsheet raw, so the app turns them off and
    offers its own, neutralised downloads."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["client"]["disableDataExport"] is True


# --------------------------------------------------------------------- caches in bytes


def test_the_ledger_forgets_the_least_recently_used_past_its_bytes():
    from ui.memory import ByteLedger

    forgotten = []
    ledger = ByteLedger(ttl_seconds=3600, clock=lambda: 0.0)
    for key in "abc":
        ledger.admit(key, 40, lambda key=key: forgotten.append(key), limit=100)
    assert forgotten == ["a"] and ledger.held() == 80
    ledger.used("b")  # a hit: c is now the oldest
    ledger.admit("d", 40, lambda: forgotten.append("d"), limit=100)
    assert forgotten == ["a", "c"]
    ledger.admit("e", 500, lambda: forgotten.append("e"), limit=100)  # alone over: kept
    assert forgotten == ["a", "c", "b", "d"] and ledger.held() == 500


def test_uploads_past_the_cache_budget_leave_the_cache(monkeypatch):
    """Four 11 MB uploads took a server from 242 MB to 727 MB: caches were bounded by their
    count of entries only. Past cache_mb the oldest table is read again, not kept."""
    monkeypatch.setenv("DTREE_BUDGET_CACHE_MB", "1")
    engine.app_budget.cache_clear()
    reads = []
    original = engine.load_bytes
    monkeypatch.setattr(engine, "load_bytes",
                        lambda data, filename, **kw: reads.append(filename) or
                        original(data, filename, **kw))
    try:
        first, second = noisy(3_000, seed=11), noisy(3_000, seed=12)  # 90 kB each
        at = uploaded(first, "first.csv")
        at.file_uploader(key="upload").set_value(("second.csv", second, "text/csv")).run()
        at.file_uploader(key="upload").set_value(("first.csv", first, "text/csv")).run()
        assert reads.count("first.csv") == 2, reads
        at.run()  # this file's own entries stay: nothing is read again on a rerun
        assert reads.count("first.csv") == 2, reads
    finally:
        engine.app_budget.cache_clear()


def test_a_kept_refusal_keeps_no_traceback(monkeypatch):
    """A refused growth's traceback holds the grower's frames (its rows and half-grown
    tree, 90 MB for a 4M-cell upload) for as long as the refusal is kept."""
    slots, original = [], engine._trace_slot
    monkeypatch.setattr(engine, "_trace_slot",
                        lambda key, filename: slots.append(original(key, filename)) or slots[-1])
    names = csv_bytes(pd.DataFrame({"x": np.arange(260) % 3, "name": [f"t{i}" for i in
                                                                        range(260)]}))
    at = uploaded(names, "no_traceback.csv")
    assert at.error
    refused = [slot["refused"] for slot in slots if "refused" in slot]
    assert refused and all(error.__traceback__ is None for error in refused)


def test_a_growth_stopped_by_the_time_limit_is_not_grown_again_on_every_rerun(monkeypatch):
    """Each page visit grew the tree again until the time limit; now the refusal shows at
    once for the same input, a change of input grows, and after a while it is tried again
    (the limit depends on the server's load too)."""
    from dtree_core.budget import BudgetError

    calls, now = [], [1000.0]

    def timed_out(data, filename, choices, options, on_phase):
        if filename == "timed_out.csv":
            calls.append(options.algorithm)
            raise BudgetError("Growing has taken 2 seconds, over this server's limit of 1: "
                              "set a max depth.", "seconds", figure=2, allowed=1)
        return original(data, filename, choices, options, on_phase)

    original = engine._grown
    monkeypatch.setattr(engine, "_grown", timed_out)
    monkeypatch.setattr(engine.time, "monotonic", lambda: now[0])
    at = uploaded(noisy(300, seed=21), "timed_out.csv")
    assert at.error and calls == ["cart"]
    at.run()
    at.switch_page("pages/compare.py").run()
    at.switch_page("pages/grow.py").run()
    assert calls == ["cart"], calls
    at.selectbox(key="algorithm").set_value("id3").run()  # another input: tried
    assert calls == ["cart", "id3"]
    now[0] += engine.RETRY_TIMED_OUT_AFTER + 1
    at.run()
    assert calls == ["cart", "id3", "id3"]


@pytest.mark.parametrize(("lang", "kept"), [("en", "The previous dataset is still loaded"),
                                            ("zh", "仍使用之前加载的数据集")])
def test_a_refused_first_upload_does_not_speak_of_a_previous_dataset(lang, kept):
    """An upload link opens with no dataset: a refused file left nothing 'still loaded'."""
    at = new_app()
    at.query_params["upload"] = "broken.csv"
    at.query_params["lang"] = lang
    at.run()
    assert at.session_state["dataset"] is None
    at.file_uploader(key="upload").set_value(("broken.csv", b"a,b\n1,2,3\n4\n", "text/csv")).run()
    assert at.error and not any(kept in e.value for e in at.error)
    at.radio(key="source").set_value("bundled").run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("broken.csv", b"a,b\n1,2,3\n4\n", "text/csv")).run()
    assert any(kept in e.value for e in at.error)  # now a dataset loaded before it stays
