"""The heap settings while trees grow (dtree_core.heap): set by the first growth, put back
by the last, whatever happens inside, and nothing at all without a C library to ask."""

from __future__ import annotations

import threading

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree, heap


@pytest.fixture
def calls(monkeypatch):
    seen = []
    monkeypatch.setattr(heap, "_set", lambda parameter, value: seen.append((parameter, value)))
    monkeypatch.setattr(heap, "return_freed_memory", lambda: seen.append("trim"))
    return seen


GROWING = [(heap.M_MMAP_THRESHOLD, heap.MMAP_THRESHOLD),
           (heap.M_TRIM_THRESHOLD, heap.TRIM_WHILE_GROWING)]
AFTER = [(heap.M_TRIM_THRESHOLD, heap.TRIM_OTHERWISE), "trim"]


def test_the_first_growth_sets_and_the_last_puts_back(calls):
    with heap.reusing_freed_pages():
        assert calls == GROWING
        with heap.reusing_freed_pages():  # another tree growing meanwhile: no change
            pass
        assert calls == GROWING
    assert calls == GROWING + AFTER


def test_an_error_inside_still_puts_the_settings_back(calls):
    with pytest.raises(ValueError), heap.reusing_freed_pages():
        raise ValueError("a fit that failed")
    assert calls == GROWING + AFTER
    assert heap._GROWING["count"] == 0


def test_a_fit_grows_within_the_settings(calls):
    X = pd.DataFrame({"x": np.arange(40.0)})
    DecisionTree("c45").fit(X, pd.Series(np.arange(40) % 3).map(str))
    assert calls == GROWING + AFTER


def test_fits_in_threads_leave_the_count_at_zero(calls):
    X = pd.DataFrame({"x": np.arange(60.0)})
    y = pd.Series(np.arange(60) % 2).map(str)
    threads = [threading.Thread(target=DecisionTree("cart").fit, args=(X, y)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert heap._GROWING["count"] == 0
    assert calls[-2:] == AFTER
    assert calls.count(GROWING[0]) == calls.count(AFTER[0])  # every setting was put back


def test_without_the_c_library_functions_nothing_is_called(monkeypatch):
    monkeypatch.setattr(heap, "_libc_function", lambda name: None)
    with heap.reusing_freed_pages():
        pass
    heap.return_freed_memory()
    assert heap._GROWING["count"] == 0


def test_the_c_library_functions_are_found_here():
    # this machine's Linux has glibc: the settings really reach malloc
    assert heap._libc_function("mallopt") is not None
    assert heap._libc_function("malloc_trim") is not None
