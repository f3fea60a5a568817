"""Splits, metrics and the depth curve, checked against scikit-learn's own functions."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics

from dtree_core import DecisionTree
from dtree_core.data import DataError
from dtree_core.evaluate import (
    Config,
    FittedTrace,
    accuracy,
    class_report,
    confusion_matrix,
    cross_validate,
    depth_curve,
    holdout,
    stratified_kfold,
    stratified_split,
)

labels_strategy = st.lists(st.sampled_from(["是", "否", "maybe"]), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(labels_strategy, labels_strategy)
def test_metrics_match_sklearn(truth, pred):
    n = min(len(truth), len(pred))
    truth, pred = truth[:n], pred[:n]
    labels = ["是", "否", "maybe"]
    assert accuracy(truth, pred) == pytest.approx(metrics.accuracy_score(truth, pred))
    assert (confusion_matrix(truth, pred, labels)
            == metrics.confusion_matrix(truth, pred, labels=labels)).all()
    p, r, f, s = metrics.precision_recall_fscore_support(truth, pred, labels=labels,
                                                         zero_division=0)
    report = class_report(truth, pred, labels)
    assert np.allclose(report["precision"], p) and np.allclose(report["recall"], r)
    assert np.allclose(report["f1"], f) and (report["support"] == s).all()


def test_watermelon_holdout_against_sklearn(wm2):
    """C4.5 on a seeded 30% stratified hold-out: every metric as sklearn computes it."""
    X, y = wm2
    result = holdout(Config("c45"), X, y, test_size=0.3, seed=1)
    assert len(result.y_true) == 5  # round(0.3·8) + round(0.3·9) = 2 + 3
    assert result.accuracy == metrics.accuracy_score(result.y_true, result.y_pred)
    assert result.train_accuracy == 1.0  # a full tree fits its training rows
    labels = result.labels
    assert labels[:2] == ["是", "否"]
    assert (result.matrix == metrics.confusion_matrix(result.y_true, result.y_pred,
                                                      labels=labels)).all()
    f1 = metrics.f1_score(result.y_true, result.y_pred, labels=labels, average=None,
                          zero_division=0)
    assert np.allclose(result.report["f1"], f1)


def test_stratified_split_keeps_class_shares():
    y = ["a"] * 10 + ["b"] * 20
    train, test = stratified_split(y, 0.3, seed=7)
    assert sorted([*train, *test]) == list(range(30))
    held = np.asarray(y)[test]
    assert (held == "a").sum() == 3 and (held == "b").sum() == 6
    again = stratified_split(y, 0.3, seed=7)
    assert (again[1] == test).all()  # seeded: the same rows every time
    assert not np.array_equal(stratified_split(y, 0.3, seed=8)[1], test)


def test_split_never_holds_out_a_whole_class():
    y = ["a", "a", "a", "b"]
    train, test = stratified_split(y, 0.5, seed=0)
    assert "b" in np.asarray(y)[train]
    with pytest.raises(DataError):
        stratified_split(y, 1.0)


def test_kfold_partitions_rows_and_balances_classes():
    y = ["a"] * 7 + ["b"] * 13
    folds = stratified_kfold(y, 5, seed=3)
    tested = np.concatenate([test for _, test in folds])
    assert sorted(tested) == list(range(20))
    assert {len(test) for _, test in folds} == {4}
    for train, test in folds:
        assert not set(train) & set(test)
        assert 1 <= (np.asarray(y)[test] == "a").sum() <= 2
    with pytest.raises(DataError, match="k-fold"):
        stratified_kfold(y, 21)


def test_cross_validation_pools_every_row(wm3):
    X, y = wm3
    result = cross_validate(Config("cart"), X, y, k=5, seed=0)
    assert len(result.y_true) == 17 and len(result.fold_accuracies) == 5
    assert result.accuracy == pytest.approx(metrics.accuracy_score(result.y_true, result.y_pred))
    assert sorted(result.y_true) == sorted(y)


def test_depth_curve_training_accuracy_rises_to_one(wm2):
    X, y = wm2
    split = [stratified_split(y, 0.3, seed=0)]
    curve = depth_curve(Config("id3"), X, y, split)
    assert list(curve["max_depth"]) == list(range(len(curve)))
    assert curve["train_accuracy"].iloc[0] == pytest.approx(6 / 12)  # a root leaf: majority
    assert curve["train_accuracy"].iloc[-1] == 1.0
    assert curve["train_accuracy"].is_monotonic_increasing


def test_fitted_trace_predicts_like_the_model(wm3):
    X, y = wm3
    model = DecisionTree("c45").fit(X, y)
    fitted = FittedTrace.from_dict(model.trace_.to_dict())
    probe = X.copy()
    probe.loc[[0, 3], "纹理"] = None
    probe.loc[[5], "密度"] = np.nan
    assert np.allclose(fitted.predict_proba(probe), model.predict_proba(probe))
    assert (fitted.predict(probe) == model.predict(probe)).all()
    assert isinstance(fitted.predict(pd.DataFrame(X.iloc[:2]))[0], str)
