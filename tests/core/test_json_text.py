"""The trace's JSON text (TRACE.md): written by orjson, it must say exactly what the trace's
dict says, one node per line, through any stream."""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.trace import Trace


@pytest.fixture
def wm2_trace(wm2):
    return DecisionTree("c45").fit(*wm2).trace_


def test_the_text_reads_back_as_the_dict(wm2_trace):
    text = wm2_trace.to_json()
    assert json.loads(text) == wm2_trace.to_dict()
    assert Trace.from_json(text).to_json() == text


def test_one_node_per_line(wm2_trace):
    lines = wm2_trace.to_json().splitlines()
    nodes = wm2_trace.to_dict()["nodes"]
    assert [json.loads(line.rstrip(",")) for line in lines[1:1 + len(nodes)]] == nodes
    assert json.loads(lines[0] + lines[-1]) == {**wm2_trace.to_dict(), "nodes": []}


@pytest.mark.parametrize("scale", [1e-160, 1e100, 3.0])
def test_every_float_keeps_its_bits(scale):
    """Shortest round-trip text, whatever the exponent: the values come back to the bit."""
    rng = np.random.default_rng(4)
    X = pd.DataFrame({"x": rng.random(60), "c": rng.choice(["a", "b", "c"], 60)})
    y = pd.Series(np.where(X["x"] + rng.random(60) / 3 > 0.6, "yes", "no"))
    trace = DecisionTree("c45").fit(X, y, sample_weight=rng.random(60) * scale).trace_
    assert json.loads(trace.to_json()) == trace.to_dict()


@pytest.mark.parametrize("encoding", ["utf-8", "gb18030", "utf-16"])
def test_every_stream_gets_the_same_text(wm2_trace, encoding):
    """A UTF-8 stream takes the bytes as they are; any other encodes the text itself. Text
    written before the trace stays before it."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, newline="")
    stream.write("前言\n")
    wm2_trace.write_json(stream)
    stream.write("后记\n")
    stream.flush()
    assert raw.getvalue().decode(encoding) == "前言\n" + wm2_trace.to_json() + "后记\n"


def test_a_stream_without_a_buffer_gets_text(wm2_trace):
    stream = io.StringIO()
    wm2_trace.write_json(stream)
    assert stream.getvalue() == wm2_trace.to_json() == "".join(wm2_trace.iter_json())


def test_lazy_rows_are_written_as_their_list(wm2_trace):
    """The app's dict builds rows when read (LazyRows): the writer takes them as lists."""
    from dtree_core.trace import _dumps

    lazy = wm2_trace.to_dict(scores="lazy")
    assert json.loads(_dumps(lazy)) == wm2_trace.to_dict()
    with pytest.raises(TypeError, match="not JSON"):
        _dumps({"x": {1, 2}})


# ------------------------------------------------------------ a trace dict's text (the app's)


def lazy_rows(d: dict) -> list:
    from dtree_core.trace import LazyRows

    return [n["scores"] for n in d["nodes"] if isinstance(n["scores"], LazyRows)]


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart", "oblique"])
def test_a_dict_s_text_is_the_trace_s_text(wm3, algorithm):
    from dtree_core.trace import dict_json

    trace = DecisionTree(algorithm).fit(*wm3).trace_
    assert dict_json(trace.to_dict(scores="lazy")) == trace.to_json().encode("utf-8")
    assert dict_json(trace.to_dict()) == trace.to_json().encode("utf-8")


def test_writing_a_shared_dict_keeps_none_of_its_rows():
    """The app's dict is shared by every session that grew the same tree: writing its JSON
    builds each node's rows for the text and drops them."""
    from dtree_core.trace import dict_json

    rng = np.random.default_rng(1)
    X = pd.DataFrame({"a": rng.random(400), "b": rng.choice(list("pqrs"), 400)})
    y = pd.Series(rng.choice(["u", "v"], 400))
    trace = DecisionTree("c45").fit(X, y).trace_
    d = trace.to_dict(scores="lazy")
    lazy = lazy_rows(d)
    assert len(lazy) > 50
    assert dict_json(d) == trace.to_json().encode("utf-8")
    assert all(rows._rows is None for rows in lazy)
    read = lazy[3][0]  # a page read this node's table: its rows are kept and written as read
    assert lazy[3]._rows is not None and read in json.loads(dict_json(d))["nodes"][
        d["nodes"].index(next(n for n in d["nodes"] if n["scores"] is lazy[3]))]["scores"]


def test_the_outline_has_every_node_and_no_table(wm2_trace):
    from dtree_core.trace import dict_json

    full = wm2_trace.to_dict()
    outline = json.loads(dict_json(wm2_trace.to_dict(scores="lazy"), scores=False))
    assert outline == {**full, "nodes": [{**n, "scores": []} for n in full["nodes"]]}
    assert outline == wm2_trace.to_dict(scores=False)


def synthetic_trace(algorithm: str, rows: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({**{f"x{j}": rng.normal(size=rows).round(3) for j in range(4)},
                      **{f"c{j}": rng.choice(list("abcdefg")[:3 + j], rows) for j in range(3)}})
    y = pd.Series(rng.choice(["yes", "no", "maybe", "其他"], rows))
    return DecisionTree(algorithm).fit(X, y).trace_


@pytest.mark.parametrize("algorithm, rows", [("id3", 300), ("c45", 1500), ("cart", 800),
                                             ("oblique", 300), ("c45", 40)])
def test_the_size_estimate_is_near_and_above_the_text(algorithm, rows):
    """The export page decides by the estimate whether to build a download whole: it must
    not fall short of the text by much, nor be far above it."""
    from dtree_core.trace import dict_json, json_size_estimate

    d = synthetic_trace(algorithm, rows).to_dict(scores="lazy")
    ratio = json_size_estimate(d) / len(dict_json(d))
    assert 1.0 <= ratio <= 2.0, ratio


def test_the_estimate_counts_only_scored_nodes_and_their_curves(wm3):
    from dtree_core.trace import json_size_estimate

    d = DecisionTree("c45").fit(*wm3).trace_.to_dict(scores="lazy")
    outline = {**d, "nodes": [{**n, "scores": []} for n in d["nodes"]]}
    assert json_size_estimate(outline) < json_size_estimate(d)
    assert json_size_estimate(d, curve_points=1) < json_size_estimate(d)


def test_a_trace_read_from_a_lazy_dict_builds_no_rows():
    """The predict, evaluate, rules and pruning pages read the app's shared dict back into a
    Trace: that must not build (and keep) every node's table."""
    from dtree_core.fitted_trace import FittedTrace

    rng = np.random.default_rng(2)
    X = pd.DataFrame({"a": rng.random(300), "b": rng.choice(list("pqr"), 300)})
    y = pd.Series(rng.choice(["u", "v"], 300))
    trace = DecisionTree("c45").fit(X, y).trace_
    d = trace.to_dict(scores="lazy")
    again = Trace.from_dict(d)
    fitted = FittedTrace.from_dict(d)
    assert list(fitted.predict(X)) == list(DecisionTree("c45").fit(X, y).predict(X))
    assert all(rows._rows is None for rows in lazy_rows(d))
    assert again.to_json() == trace.to_json()  # its tables are built when they are asked for
    assert all(rows._rows is None for rows in lazy_rows(d))
    assert again.to_dict() == trace.to_dict()


def _written(trace, progress=None, utf8_file: bool = True) -> bytes:
    """What write_json writes to a UTF-8 file (its bytes go to the buffer) or a StringIO."""
    if utf8_file:
        stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        trace.write_json(stream, **({} if progress is None else {"progress": progress}))
        stream.flush()
        return stream.buffer.getvalue()
    stream = io.StringIO()
    trace.write_json(stream, **({} if progress is None else {"progress": progress}))
    return stream.getvalue().encode("utf-8")


@pytest.mark.parametrize("utf8_file", [True, False])
def test_write_json_tells_its_progress_and_writes_the_same_bytes(wm3, utf8_file):
    """progress(done, total): counts rising a node at a time to all of the trace's nodes;
    the text is byte for byte what write_json writes without it."""
    trace = DecisionTree("c45").fit(*wm3).trace_
    calls = []
    told = _written(trace, lambda done, total: calls.append((done, total)), utf8_file)
    assert told == _written(trace, utf8_file=utf8_file) == trace.to_json().encode("utf-8")
    total = len(trace.nodes)
    assert total > 5 and calls == [(k, total) for k in range(1, total + 1)]
