"""Frames for slides (dtree_core.frames): one drawing per step, the zip's bounds, PNG/SVG."""

from __future__ import annotations

import io
import itertools
import re
import shutil
import zipfile

import pytest

from dtree_core import DecisionTree
from dtree_core.dot import to_dot
from dtree_core.export import ExportUnavailable
from dtree_core.frames import frame_name, render, step_frames

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz is not installed")


@pytest.fixture(scope="module")
def trace():
    from tests.conftest import xy

    X, y = xy("watermelon_2.0.csv", "好瓜", drop=["编号"])
    return DecisionTree("id3").fit(X, y).trace_.to_dict(scores=False)


def current_node(svg: bytes) -> int:
    """The node the frame outlines as current (to_dot's SVG class dt-current)."""
    found = re.findall(rb'class="node[^"]*dt&#45;current">\s*<title>n(\d+)</title>', svg)
    assert len(found) == 1, svg[:400]
    return int(found[0])


@needs_dot
def test_one_frame_per_step_in_order(trace):
    order = list(trace["steps"])
    seen = []
    made = step_frames(trace, order, progress=lambda done, total: seen.append((done, total)))
    # Zhou Fig. 4.4: root, 3 texture branches, 3 + 3 + 2 + 2 below = 14 nodes, 14 steps
    assert made.complete and made.count == made.total == len(order) == 14
    names = zipfile.ZipFile(io.BytesIO(made.data)).namelist()
    assert names == [frame_name(i, node) for i, node in enumerate(order)]
    assert names[0] == "step_000_node_0.svg"
    assert seen == [(i, len(order)) for i in range(1, len(order) + 1)]
    with zipfile.ZipFile(io.BytesIO(made.data)) as archive:
        for i, node in enumerate(order):
            assert current_node(archive.read(names[i])) == node  # each frame is its step


@needs_dot
def test_a_frame_is_the_same_drawing_as_the_step(trace):
    order = list(trace["steps"])
    with zipfile.ZipFile(io.BytesIO(step_frames(trace, order).data)) as archive:
        frame = archive.read(frame_name(5, order[5]))
    assert frame == render(to_dot(trace, 5, order=order).source, "svg")


@needs_dot
def test_the_time_bound_stops_early_and_says_so(trace):
    ticks = itertools.count(0.0, 1.0)  # one second passes per look at the clock
    made = step_frames(trace, list(trace["steps"]), max_seconds=3.5,
                       clock=lambda: next(ticks))
    assert not made.complete and made.stopped_by == "time"
    assert 0 < made.count < made.total
    assert len(zipfile.ZipFile(io.BytesIO(made.data)).namelist()) == made.count


@needs_dot
def test_the_size_bound_stops_early_and_says_so(trace):
    one = len(render(to_dot(trace, 0, order=list(trace["steps"])).source))
    made = step_frames(trace, list(trace["steps"]), max_bytes=int(3.5 * one))
    assert made.stopped_by == "size" and 1 <= made.count <= 3
    assert len(zipfile.ZipFile(io.BytesIO(made.data)).namelist()) == made.count


@needs_dot
def test_png_and_svg(trace):
    source = to_dot(trace, 2, order=list(trace["steps"])).source
    assert render(source, "png").startswith(b"\x89PNG\r\n\x1a\n")
    svg = render(source, "svg")
    assert b"<svg" in svg and "纹理".encode() in svg
    with pytest.raises(ValueError, match="Unknown frame format"):
        render(source, "gif")


def test_without_graphviz_says_so(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    for fmt in ("svg", "png"):
        with pytest.raises(ExportUnavailable, match="Graphviz's 'dot' program"):
            render("digraph { a }", fmt)


@needs_dot
@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_every_format_is_drawn_within_the_time_limit(monkeypatch, fmt):
    """The grow page's PNG export had no time limit (graphviz's pipe), the SVG one 60 s: a
    drawing that runs past it is stopped and said, in either format."""
    import subprocess

    from dtree_core.export import SvgTimeout

    def too_slow(command, timeout=None, **kwargs):
        assert timeout is not None, "drawn without a time limit"
        raise subprocess.TimeoutExpired(command, timeout)

    monkeypatch.setattr(subprocess, "run", too_slow)
    with pytest.raises(SvgTimeout):
        render("digraph { a }", fmt)
