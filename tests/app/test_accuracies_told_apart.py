"""Accuracies of configurations side by side read apart unless they tie: 1500/3000 against
1501/3000 read 0.500 against 0.500 on the evaluate page's tabs, the compare page's summary
and Han's accuracy and robustness tables (the pruning section already told them apart)."""

from __future__ import annotations

import json

import numpy as np
import pytest
import streamlit as st
from app_helpers import page_app

from dtree_core import compare
from dtree_core.compare import Criteria
from dtree_core.evaluate import Evaluation
from dtree_core.options import Options
from ui import analysis
from ui.messages import t

RIGHT = {"id3": 1500, "c45": 1501, "cart": 1500}  # of 3000 held-out rows


def scored(algorithm: str) -> Evaluation:
    """3000 held-out rows, RIGHT[algorithm] of them predicted right."""
    right = RIGHT.get(algorithm, 1500)
    y_pred = np.array(["a"] * right + ["b"] * (3000 - right), dtype=object)
    return Evaluation(Options(algorithm), np.array(["a"] * 3000, dtype=object), y_pred,
                      ["a", "b"], right / 3000)


@pytest.fixture
def fresh_cache():
    """The pages cache what the substituted functions return: cleared before and after, so
    neither an earlier test's numbers reach these nor these numbers a later test's page."""
    st.cache_data.clear()
    yield
    st.cache_data.clear()


def formats(at, column: str) -> list[str]:
    return [json.loads(df.proto.columns)[column]["type_config"]["format"]
            for df in at.dataframe if column in df.value.columns]


def test_the_evaluate_tabs_tell_the_algorithms_accuracies_apart(monkeypatch, fresh_cache):
    def evaluation(data, filename, choices, options, method, size, seed):
        return scored(options.algorithm)

    monkeypatch.setattr(analysis, "evaluation", evaluation)
    at = page_app("pages/evaluate.py")
    at.multiselect(key="ev_algos").set_value(["id3", "c45", "cart"]).run()
    assert not at.exception
    shown = [m.value for m in at.metric]
    assert shown[0::2] == ["0.5000", "0.5003", "0.5000"]  # held-out; a tie reads as one
    assert shown[1::2] == ["0.5000", "0.5003", "0.5000"]  # training


def test_the_compare_summary_and_han_s_tables_tell_the_configurations_apart(monkeypatch,
                                                                           fresh_cache):
    def training_and_holdout(data, filename, choices, options, test_size, seed):
        return scored(options.algorithm).train_accuracy, scored(options.algorithm)

    def han_criteria(options, X, y, split, noise, blank, seed):
        accuracy = RIGHT[options.algorithm] / 3000
        return Criteria(accuracy, 0.1, 0.01, accuracy, 0.25)

    monkeypatch.setattr(analysis, "training_and_holdout", training_and_holdout)
    monkeypatch.setattr(compare, "han_criteria", han_criteria)
    at = page_app("pages/compare.py")
    assert not at.exception
    held_out = t("cmp.col.test_accuracy")
    assert held_out == t("lesson.han.held_out")  # the summary's column and Han's accuracy
    assert formats(at, held_out) == ["%.4f", "%.4f"]
    for column in ("cmp.col.train_accuracy", "lesson.han.noisy"):
        assert formats(at, t(column)) == ["%.4f"], column
    assert formats(at, t("lesson.han.blanked")) == ["%.3f"]  # all alike: a tie, 3 places
