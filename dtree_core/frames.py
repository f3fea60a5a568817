"""Slides from a replay: one drawing of the tree per step, alone or all in a zip.

Graphviz renders each frame (`dot`, export.draw), so a frame looks like the app's
tree at that step. A zip of every step is bounded in time and size: past either bound it stops
and says how many frames it holds, never a silent half.
"""

from __future__ import annotations

import io
import shutil
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from .dot import to_dot
from .export import draw

FORMATS = {"svg": "image/svg+xml", "png": "image/png"}
MAX_SECONDS = 60.0
MAX_BYTES = 50 * 1024 * 1024


def available() -> bool:
    """Is Graphviz's `dot` program installed (the frames need it; the app's tree does not)?"""
    return shutil.which("dot") is not None


def render(dot_source: str, fmt: str = "svg") -> bytes:
    """One DOT source drawn as SVG or PNG by export.draw, with its time limit (export's
    SvgTimeout); ExportUnavailable when `dot` is not installed."""
    if fmt not in FORMATS:
        raise ValueError(f"Unknown frame format '{fmt}'; use one of {', '.join(FORMATS)}.")
    return draw(dot_source, fmt)


def frame_name(index: int, node_id: int, fmt: str = "svg") -> str:
    """'step_007_node_12.svg': sorted by name is sorted by step."""
    return f"step_{index:03d}_node_{node_id}.{fmt}"


@dataclass(frozen=True)
class Frames:
    """A zip of frames: `count` of `total` steps drawn; complete only when they are equal."""
    data: bytes
    count: int
    total: int
    stopped_by: str | None = None  # "time" or "size" when a bound ended it early

    @property
    def complete(self) -> bool:
        return self.count == self.total


def step_frames(trace: dict, order: list[int], *, decimals: int = 3, view: dict | None = None,
                max_seconds: float = MAX_SECONDS, max_bytes: int = MAX_BYTES,
                progress: Callable[[int, int], None] | None = None,
                clock: Callable[[], float] = time.monotonic) -> Frames:
    """Every step of `order` as an SVG frame in one zip (step index and node id in each name).

    view: to_dot's collapse_depth/neighbourhood; progress(done, total) after each frame.
    ExportUnavailable when `dot` is not installed."""
    total, started, size = len(order), clock(), 0
    buffer, stopped_by, count = io.BytesIO(), None, 0
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for index, node_id in enumerate(order):
            if clock() - started > max_seconds:
                stopped_by = "time"
                break
            svg = render(to_dot(trace, index, order=order, decimals=decimals,
                                **(view or {})).source)
            if size + len(svg) > max_bytes:
                stopped_by = "size"
                break
            archive.writestr(frame_name(index, node_id), svg)
            size, count = size + len(svg), count + 1
            if progress is not None:
                progress(count, total)
    return Frames(buffer.getvalue(), count, total, stopped_by)
