"""The C heap while a tree grows: freed pages reused from depth to depth, handed back after.

A big depth makes and frees arrays of several MB hundreds of times. glibc's defaults hand
such blocks back to the system as they are freed (or map them anew each time), so every
new array is first touched page by page again: at 100k rows that was a fifth of a fit's
CPU time (230k page faults where 97k remain). While any tree grows, big blocks come from
the heap and freed ones stay there, for this depth and the next; the pages go back to the
system when the last growing tree is done (return_freed_memory). Handing them back after
every big depth as well cost a tenth of a 1M-row fit (400k faults where 90k remain) for
30–45 MB less at the peak. Other C libraries: unchanged.
"""

from __future__ import annotations

import ctypes
import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager

# mallopt's parameter numbers (glibc's malloc.h)
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
# blocks up to 32 MB come from the heap. It stays so after growth: glibc raises its own
# threshold to the size of any mapped block freed, up to this, so a process that ever freed a
# big array works so anyway; setting it only stops that threshold from moving.
MMAP_THRESHOLD = 32 << 20
# free() hands the heap's top back only beyond this while a tree grows, and beyond the
# smaller one otherwise (glibc's dynamic default ends near it once big blocks were freed)
TRIM_WHILE_GROWING = 512 << 20
TRIM_OTHERWISE = 64 << 20

_GROWING = {"count": 0}
_LOCK = threading.Lock()


@contextmanager
def reusing_freed_pages() -> Iterator[None]:
    """While the block runs (and any other tree's growth in the process), freed blocks stay
    in the heap for the next depth's arrays; afterwards the heap's top is trimmed again."""
    counted = False  # an interruption before the count went up must not take one off
    try:
        with _LOCK:
            _GROWING["count"] += 1
            counted = True
            if _GROWING["count"] == 1:
                _set(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
                _set(M_TRIM_THRESHOLD, TRIM_WHILE_GROWING)
        yield
    finally:
        if counted:
            with _LOCK:
                _GROWING["count"] -= 1
                if _GROWING["count"] == 0:
                    _set(M_TRIM_THRESHOLD, TRIM_OTHERWISE)
                    return_freed_memory()


def return_freed_memory() -> None:
    """Hand the pages of freed arrays back to the system. glibc keeps freed blocks in its
    heap for reuse, so a process that grew a big tree would otherwise keep its peak (at 1M
    rows, some 400 MB above the data) for whatever it does next."""
    trim = _libc_function("malloc_trim")
    if trim is not None:
        trim(0)


def _set(parameter: int, value: int) -> None:
    mallopt = _libc_function("mallopt")
    if mallopt is not None:
        mallopt(parameter, value)


@functools.cache
def _libc_function(name: str):
    try:
        return getattr(ctypes.CDLL(None), name)  # glibc's (musl has both too)
    except (OSError, AttributeError, TypeError):  # no such function, or no C library by name
        return None
