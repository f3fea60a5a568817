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
from dtree_core.compare import Measured
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
        return scored(options.algorithm).train_accuracy, (), scored(options.algorithm)

    def clean_measure(options, X, y, split):
        return Measured(RIGHT[options.algorithm] / 3000, None, 0.1, 0.01)

    def copy_measure(options, X, y, split, copy, share, seed):
        return Measured(RIGHT[options.algorithm] / 3000 if copy == "noisy" else 0.25, None)

    monkeypatch.setattr(analysis, "training_and_holdout", training_and_holdout)
    monkeypatch.setattr(compare, "clean_measure", clean_measure)
    monkeypatch.setattr(compare, "copy_measure", copy_measure)
    at = page_app("pages/compare.py")
    assert not at.exception
    held_out = t("cmp.col.test_accuracy")
    assert held_out == t("lesson.han.held_out")  # the summary's column and Han's accuracy
    assert formats(at, held_out) == ["%.4f", "%.4f"]
    for column in ("cmp.col.train_accuracy", "lesson.han.noisy"):
        assert formats(at, t(column)) == ["%.4f"], column
    assert formats(at, t("lesson.han.blanked")) == ["%.3f"]  # all alike: a tie, 3 places


def two_folds_csv() -> bytes:
    """2001 rows whose class x gives, but for 100 rows of each of the 2 stratified folds (seed
    0) written with the other class's x: each fold's tree, grown on the other fold, misses
    those 100, so the folds' accuracies are 901/1001 and 900/1000."""
    import pandas as pd

    from dtree_core.evaluate import stratified_kfold

    y = pd.Series(["a"] * 1001 + ["b"] * 1000)
    x = np.where(y == "a", "p", "q").astype(object)
    for _, test in stratified_kfold(y, 2, seed=0):
        x[test[:100]] = np.where(y.iloc[test[:100]] == "a", "q", "p")
    return pd.DataFrame({"x": x, "y": y}).to_csv(index=False).encode()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_folds_accuracies_are_told_apart(lang, fresh_cache):
    """Per fold the page said '0.900, 0.900 (their mean: 0.900)' of 901/1001 and 900/1000,
    whose mean is neither: each is shown to as many decimals as tell every two apart."""
    from app_helpers import started_app

    at = started_app(lang)
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("folds.csv", two_folds_csv(), "text/csv")).run()
    at.switch_page("pages/evaluate.py").run()
    at.multiselect(key="ev_algos").set_value(["id3"]).run()
    at.radio(key="ev_method").set_value("kfold").run()
    at.number_input(key="ev_k").set_value(2).run()
    assert not at.exception
    assert [m.value for m in at.metric][0] == f"{1801 / 2001:.3f}"  # pooled: the k-fold metric
    values = t("list.join", _lang=lang).join(["0.90010", "0.90000"])
    assert t("eval.folds", _lang=lang, values=values, mean="0.90005") in \
        [c.value for c in at.caption]
