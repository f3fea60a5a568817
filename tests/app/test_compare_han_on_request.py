"""Han's criteria on big data are measured when asked: a 3,000-row upload's clean, noisy and
blanked trees, their predictions and the scalability fits took most of the Compare page's
58-72 s first load. Calls are counted (no timings asserted); ui.compare.HAN_AT_ONCE_ROWS is
lowered so the watermelon stands in for a big file."""

from __future__ import annotations

import pytest
import streamlit as st
from app_helpers import page_app

from dtree_core import compare as core
from ui import compare
from ui.messages import t

COMPARE = "pages/compare.py"
# each configuration's clean tree, its noisy and blanked copies, its scalability fits
MEASURED = {"clean_measure": 3, "copy_measure": 6, "scalability": 3}


@pytest.fixture
def calls(monkeypatch):
    """How often the page measured Han's criteria and timed the scalability fits (the caches
    cleared before and after, so no other test's entries answer for them)."""
    counted = {"clean_measure": 0, "copy_measure": 0, "scalability": 0}
    for name in counted:
        original = getattr(core, name)

        def counting(*args, _name=name, _original=original):
            counted[_name] += 1
            return _original(*args)

        monkeypatch.setattr(core, name, counting)
    st.cache_data.clear()
    yield counted
    st.cache_data.clear()


def measure_toggle(at, lang: str):
    return next(w for w in at.toggle if w.label == t("lesson.han.measure", _lang=lang))


def han_tables(at, lang: str) -> list:
    """The speed and robustness tables: their columns are Han's alone."""
    own = {t(f"lesson.han.{k}", _lang=lang) for k in ("fit_ms", "noisy")}
    return [d for d in at.dataframe if own & set(d.value.columns)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_big_data_measures_han_s_criteria_only_when_asked(lang, calls, monkeypatch):
    monkeypatch.setattr(compare, "HAN_AT_ONCE_ROWS", 5)  # 17 rows: past it
    at = page_app(COMPARE, "watermelon_2.0", lang=lang)
    assert calls == {"clean_measure": 0, "copy_measure": 0, "scalability": 0}
    assert not measure_toggle(at, lang).value and not han_tables(at, lang)
    readable = t("lesson.han.rule_length", _lang=lang)  # interpretability: read off the trees
    assert len([d for d in at.dataframe if readable in d.value.columns]) == 2  # and matters'
    assert at.subheader and t("lesson.han", _lang=lang) in [s.value for s in at.subheader]
    measure_toggle(at, lang).set_value(True).run()
    assert not at.exception and not at.error
    assert calls == MEASURED
    assert len(han_tables(at, lang)) == 2
    at.run()  # a rerun reads them from the cache
    assert calls == MEASURED
    assert len(han_tables(at, lang)) == 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_textbooks_data_is_measured_at_once(lang, calls):
    at = page_app(COMPARE, "watermelon_2.0", lang=lang)
    assert measure_toggle(at, lang).value
    assert calls == MEASURED
    assert len(han_tables(at, lang)) == 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_moving_the_noise_share_grows_the_noisy_copies_alone(lang, calls):
    at = page_app(COMPARE, "watermelon_2.0", lang=lang)
    assert calls == MEASURED
    at.slider(key="han_noise").set_value(0.3).run()
    assert not at.exception and not at.error
    assert calls == {**MEASURED, "copy_measure": 9}  # one noisy copy per configuration
    assert len(han_tables(at, lang)) == 2
