"""What the app's caches hold, in bytes, per process: past the budget's cache_mb the entries
used longest ago are forgotten.

Streamlit bounds a cache by its number of entries; one entry is a few kilobytes for a
textbook table and over 100 MB for a 20 MB upload's table or a 50,000-node tree, so four
uploads took a test server from 242 MB to 727 MB. Each cached call tells the ledger the size
of what it keeps and how to forget it (the cached function's `clear(*args)`).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable


class ByteLedger:
    """Entries by key, least recently used first: (bytes, forget, when last used)."""

    def __init__(self, ttl_seconds: float, clock: Callable[[], float] = time.monotonic):
        self.ttl_seconds, self.clock = ttl_seconds, clock
        self._entries: OrderedDict[Hashable, tuple[int, Callable[[], None], float]] = \
            OrderedDict()
        self._groups: dict[Hashable, Hashable] = {}  # key → the file it was made from
        self._lock = threading.Lock()  # sessions run in threads of one process

    def held(self) -> int:
        with self._lock:
            return sum(size for size, _, _ in self._entries.values())

    def used(self, key: Hashable) -> None:
        """A cache hit: the entry is the most recently used."""
        with self._lock:
            if key in self._entries:
                size, forget, _ = self._entries.pop(key)
                self._entries[key] = (size, forget, self.clock())

    def admit(self, key: Hashable, size: int, forget: Callable[[], None],
              limit: int | None, group: Hashable = None) -> None:
        """Count a new entry, then forget the least recently used others while the total is
        over limit (None: no limit). The new entry and those of its group (made from the
        same file) stay even alone over it: the page is using them, and forgetting them
        would read and grow them again on every rerun."""
        with self._lock:
            self._entries.pop(key, None)
            self._entries[key] = (int(size), forget, self.clock())
            self._groups[key] = group if group is not None else key
            evicted = self._expired() + self._over(limit, self._groups[key])
        for forget_one in evicted:  # outside the lock: clearing takes Streamlit's own locks
            forget_one()

    def _expired(self) -> list[Callable[[], None]]:
        """Entries Streamlit's ttl has already dropped: not counted any longer."""
        old = [k for k, (_, _, when) in self._entries.items()
               if self.clock() - when > self.ttl_seconds]
        for key in old:
            del self._entries[key]
            self._groups.pop(key, None)
        return []  # gone from their caches already

    def _over(self, limit: int | None, keep: Hashable) -> list[Callable[[], None]]:
        """Forget the oldest entries of other groups than keep while over limit."""
        evicted = []
        total = sum(size for size, _, _ in self._entries.values())
        others = [k for k in self._entries if self._groups[k] != keep]  # oldest first
        for key in others:
            if limit is None or total <= limit:
                break
            size, forget, _ = self._entries.pop(key)
            del self._groups[key]
            total -= size
            evicted.append(forget)
        return evicted
