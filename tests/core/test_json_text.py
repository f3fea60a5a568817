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
