"""The command line's progress: one line on stderr, rewritten in place, naming the phase.

Shown only where stderr is a terminal: a pipe, a file or a test capturing stderr sees
nothing of it, exactly what it saw before.
"""

from __future__ import annotations

import os
import sys
import time

from .cli_messages import say
from .escape import escape_terminal, one_line
from .labels import display_width

CLEAR = "\r\x1b[K"  # back to the line's start, then erase to its end


class ProgressLine:
    """say(key, **values) shows the catalogue's `progress.<key>` sentence in `lang`, in
    place of the last; a new phase (another key) is shown at once, the same phase at most
    every `interval` seconds. clear() erases the line, so the output that follows starts
    on a clean one; used as a context manager, it is cleared however the block ends."""

    def __init__(self, lang: str, stream=None, interval: float = 0.1, clock=time.monotonic):
        self.stream = sys.stderr if stream is None else stream
        self.lang, self.interval, self.clock = lang, interval, clock
        self.on = _is_terminal(self.stream)
        self.key: str | None = None  # the phase shown, None while the line is clear
        self.shown_at = 0.0

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *_) -> None:
        self.clear()

    def say(self, key: str, **values) -> None:
        if not self.on:
            return
        now = self.clock()
        if key == self.key and now - self.shown_at < self.interval:
            return
        text = escape_terminal(one_line(say(self.lang, f"progress.{key}", **values)))
        self._write("\r" + _cut(text, _width(self.stream) - 1) + "\x1b[K")
        self.key, self.shown_at = key, now

    def clear(self) -> None:
        if self.on and self.key is not None:
            self._write(CLEAR)
            self.key = None

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a lost terminal: the work goes on without progress
            self.on = False


def _is_terminal(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # no stream, or a closed one
        return False


def _width(stream) -> int:
    """The terminal's columns (80 where it does not say)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, OSError, ValueError):
        return 80


def _cut(text: str, width: int) -> str:
    """text cut to fit `width` columns (CJK characters take two), ending in … if cut: a
    line that wrapped could not be rewritten in place."""
    if display_width(text) <= width:
        return text
    while text and display_width(text) > width - 1:
        text = text[:-1]
    return text + "…"
