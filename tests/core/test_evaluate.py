"""Splits, metrics and the depth curve: scikit-learn's own, and what small data does to them."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics
from sklearn.model_selection import StratifiedKFold, train_test_split

from dtree_core import DecisionTree
from dtree_core.data import DataError
from dtree_core.datasets import bundled, load_bundled
from dtree_core.evaluate import (
    Evaluation,
    cross_validate,
    depth_curve,
    fit,
    holdout,
    holdout_notes,
    kfold_notes,
    labels_of,
    stratified_kfold,
    stratified_split,
)
from dtree_core.fitted_trace import FittedTrace
from dtree_core.loading import prepare
from dtree_core.options import Options

labels_strategy = st.lists(st.sampled_from(["是", "否", "maybe"]), min_size=1, max_size=60)
BUNDLED = [d for d in bundled() if "_alpha" not in d.key and not d.key.endswith("_en")]


def bundled_xy(key: str):
    dataset = next(d for d in bundled() if d.key == key)
    prepared = prepare(load_bundled(key), dataset.target)
    return prepared.X, prepared.y


def tiny(labels: list[str]):
    """A table whose one attribute is the class itself, with the given class per row."""
    return pd.DataFrame({"a": [f"v{c}" for c in labels]}), pd.Series(labels, dtype=object)


# --------------------------------------------------------------------- metrics


@settings(max_examples=60, deadline=None)
@given(labels_strategy, labels_strategy)
def test_evaluation_metrics_match_sklearn(truth, pred):
    """Classes never predicted or never present included: undefined (NaN), labels' order."""
    n = min(len(truth), len(pred))
    truth, pred = np.array(truth[:n], dtype=object), np.array(pred[:n], dtype=object)
    labels = labels_of(truth, pred, ["是", "否"])
    result = Evaluation(Options(), truth, pred, labels, 1.0)
    assert labels[:2] == ["是", "否"] and sorted(labels) == sorted({"是", "否", *truth, *pred})
    assert result.accuracy == pytest.approx(metrics.accuracy_score(truth, pred))
    assert (result.matrix == metrics.confusion_matrix(truth, pred, labels=labels)).all()
    p, r, f, s = metrics.precision_recall_fscore_support(truth, pred, labels=labels,
                                                         zero_division=np.nan)
    report = result.report
    assert list(report.columns) == ["class", "precision", "recall", "f1", "support"]
    assert list(report["class"]) == labels
    assert np.allclose(report["precision"], p, equal_nan=True)
    assert np.allclose(report["recall"], r, equal_nan=True)
    assert np.allclose(report["f1"], f, equal_nan=True) and (report["support"] == s).all()


def test_watermelon_holdout_against_sklearn(wm2):
    """C4.5 on a seeded 30% stratified hold-out: every metric as sklearn computes it."""
    X, y = wm2
    result = holdout(Options("c45"), X, y, test_size=0.3, seed=1)
    assert len(result.y_true) == 5  # round(0.3 · 17)
    assert result.notes == ()
    assert result.accuracy == metrics.accuracy_score(result.y_true, result.y_pred)
    assert result.train_accuracy == 1.0  # a full tree fits its training rows
    labels = result.labels
    assert labels[:2] == ["是", "否"]
    assert (result.matrix == metrics.confusion_matrix(result.y_true, result.y_pred,
                                                      labels=labels)).all()
    f1 = metrics.f1_score(result.y_true, result.y_pred, labels=labels, average=None,
                          zero_division=np.nan)
    assert np.allclose(result.report["f1"], f1, equal_nan=True)


@pytest.mark.parametrize("dataset", BUNDLED, ids=lambda d: d.key)
def test_bundled_splits_and_metrics_are_sklearns(dataset):
    """The split is train_test_split's / StratifiedKFold's on y itself; metrics sklearn's."""
    X, y = bundled_xy(dataset.key)
    n = len(y)
    _, test = train_test_split(np.arange(n), test_size=round(0.3 * n), stratify=y,
                               random_state=4)
    assert (stratified_split(y, 0.3, seed=4)[1] == np.sort(test)).all()
    k = min(5, y.value_counts().max())
    ours = stratified_kfold(y, k, seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # validation sets: a class with fewer than k rows
        theirs = StratifiedKFold(k, shuffle=True, random_state=2).split(X, y)
        assert all((a == b).all() for (a, _), (b, _) in zip(ours, theirs, strict=True))
    result = cross_validate(Options("cart"), X, y, k, seed=2)
    assert result.accuracy == metrics.accuracy_score(result.y_true, result.y_pred)
    assert (result.matrix == metrics.confusion_matrix(result.y_true, result.y_pred,
                                                      labels=result.labels)).all()
    assert (result.report["support"] == y.value_counts()[result.labels].to_numpy()).all()


def test_numeric_classes_are_compared_as_the_model_names_them():
    """0/1 classes: no 'mix of label types' from sklearn, no false misses, two labels."""
    X = pd.DataFrame({"a": ["x", "y"] * 5})
    y = pd.Series([0, 1] * 5)
    result = holdout(Options(), X, y, 0.4, seed=0)
    assert result.accuracy == 1.0 and result.train_accuracy == 1.0
    assert result.labels == list(fit(Options(), X, y).classes_)


# --------------------------------------------------------------------- hold-out


def test_stratified_split_keeps_class_shares():
    y = ["a"] * 10 + ["b"] * 20
    train, test = stratified_split(y, 0.3, seed=7)
    assert sorted([*train, *test]) == list(range(30))
    held = np.asarray(y)[test]
    assert (held == "a").sum() == 3 and (held == "b").sum() == 6
    again = stratified_split(y, 0.3, seed=7)
    assert (again[1] == test).all()  # seeded: the same rows every time
    assert not np.array_equal(stratified_split(y, 0.3, seed=8)[1], test)
    assert holdout_notes(y, 0.3) == ()


def test_split_never_holds_out_a_whole_class():
    y = ["a", "a", "a", "b"]
    train, test = stratified_split(y, 0.5, seed=0)
    assert "b" in np.asarray(y)[train]
    with pytest.raises(DataError):
        stratified_split(y, 1.0)


def test_a_single_row_class_stays_in_training_and_is_named():
    """sklearn refuses to stratify a class of one row; it is kept out of the held-out part."""
    y = ["a"] * 6 + ["b"] * 6 + ["c"]
    for seed in range(20):
        train, test = stratified_split(y, 0.3, seed)
        assert 12 in train and len(test) == 4  # round(0.3 · 13), from a and b
        held = np.asarray(y)[test]
        assert (held == "a").sum() == 2 and (held == "b").sum() == 2
    (note,) = holdout_notes(y, 0.3)
    assert note.code == "single_row" and note.details == {"classes": "c"}
    assert note.text.endswith("so it is not tested: c.")


def test_a_holdout_smaller_than_the_classes_grows_to_one_row_each():
    y = ["a", "a", "b", "b", "c", "c"]  # 30% of 6 is 2 rows for 3 classes
    for seed in range(20):
        train, test = stratified_split(y, 0.3, seed)
        assert sorted(np.asarray(y)[test]) == ["a", "b", "c"]
        assert sorted(np.asarray(y)[train]) == ["a", "b", "c"]
    (note,) = holdout_notes(y, 0.3)
    assert note.code == "grown" and note.details == {"size": 3, "asked": 2}
    assert note.text.startswith("3 rows are held out instead of 2")


def test_a_holdout_capped_so_every_class_keeps_a_training_row_says_so():
    """Half of a a b b c d is 3 rows; c and d (one row each) stay in training, and a and b
    keep one training row each: 2 are held out, and a note says so (it was silent)."""
    y = ["a", "a", "b", "b", "c", "d"]
    for seed in range(10):
        assert len(stratified_split(y, 0.5, seed)[1]) == 2
    notes = holdout_notes(y, 0.5)
    assert [n.code for n in notes] == ["single_row", "kept"]
    assert notes[1].details == {"size": 2, "asked": 3}
    assert notes[1].text.startswith("2 rows are held out instead of 3")


def test_holdout_on_tiny_data_says_why_instead_of_failing():
    X, y = tiny(["a", "a", "a", "b", "b", "b", "c"])
    result = holdout(Options(), X, y, 0.3, seed=0)
    assert "c" not in result.y_true and [n.code for n in result.notes] == ["single_row"]
    with pytest.raises(DataError, match="Every class has a single row") as raised:
        stratified_split(["a", "b", "c"], 0.3)
    assert raised.value.code == "holdout_single_rows"  # a catalogue key for the UI's words
    with pytest.raises(DataError, match="At least two rows"):
        stratified_split(["a"], 0.3)


# --------------------------------------------------------------------- k-fold


def test_kfold_partitions_rows_and_balances_classes():
    y = ["a"] * 7 + ["b"] * 13
    folds = stratified_kfold(y, 5, seed=3)
    tested = np.concatenate([test for _, test in folds])
    assert sorted(tested) == list(range(20))
    assert {len(test) for _, test in folds} == {4}
    for train, test in folds:
        assert not set(train) & set(test)
        assert 1 <= (np.asarray(y)[test] == "a").sum() <= 2
    assert kfold_notes(y, 5) == ()
    with pytest.raises(DataError, match="k-fold"):
        stratified_kfold(y, 21)
    with pytest.raises(DataError, match=r"2 ≤ k ≤ the number of rows \(20\); got k = 1"):
        stratified_kfold(y, 1)


def test_kfold_is_seeded():
    y = ["a"] * 7 + ["b"] * 13
    first = stratified_kfold(y, 4, seed=5)
    assert all((a == b).all() for (_, a), (_, b) in zip(first, stratified_kfold(y, 4, seed=5),
                                                        strict=True))
    other = stratified_kfold(y, 4, seed=6)
    assert any(not np.array_equal(a, b) for (_, a), (_, b) in zip(first, other, strict=True))


def test_k_above_a_class_size_leaves_it_out_of_some_folds_quietly():
    y = ["a"] * 3 + ["b"] * 17
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # sklearn's "least populated class" warning is ours now
        folds = stratified_kfold(y, 5, seed=0)
    assert sorted(np.concatenate([test for _, test in folds])) == list(range(20))
    assert sum("a" in np.asarray(y)[test] for _, test in folds) == 3
    assert all("a" in np.asarray(y)[train] for train, _ in folds)  # never wholly held out
    (note,) = kfold_notes(y, 5)
    assert note.code == "few_rows" and note.details == {"k": 5, "classes": "a"}


def test_k_above_every_class_size_falls_back_to_plain_folds():
    """StratifiedKFold refuses; KFold, seeded, still tests every row once."""
    y = ["a"] * 3 + ["b"] * 3
    folds = stratified_kfold(y, 5, seed=0)
    assert sorted(np.concatenate([test for _, test in folds])) == list(range(6))
    assert sorted(len(test) for _, test in folds) == [1, 1, 1, 1, 2]
    assert [n.code for n in kfold_notes(y, 5)] == ["unstratified"]
    X, y = tiny(y)
    result = cross_validate(Options(), X, y, 5, seed=0)
    assert len(result.y_true) == 6 and [n.code for n in result.notes] == ["unstratified"]


def test_cross_validation_pools_every_row(wm3):
    X, y = wm3
    result = cross_validate(Options("cart"), X, y, k=5, seed=0)
    assert len(result.y_true) == 17 and len(result.fold_accuracies) == 5
    assert result.accuracy == pytest.approx(metrics.accuracy_score(result.y_true, result.y_pred))
    assert sorted(result.y_true) == sorted(y)


# --------------------------------------------------------------------- depth, traces


def test_depth_curve_training_accuracy_rises_to_one(wm2):
    X, y = wm2
    split = [stratified_split(y, 0.3, seed=0)]
    curve = depth_curve(Options("id3"), X, y, split)
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
    # the trace's class order (the data's) against classes_'s sorted one
    columns = [list(model.classes_).index(c) for c in fitted.classes]
    assert np.allclose(fitted.predict_proba(probe), model.predict_proba(probe)[:, columns])
    assert (fitted.predict(probe) == model.predict(probe)).all()
    assert isinstance(fitted.predict(pd.DataFrame(X.iloc[:2]))[0], str)


def test_fold_trees_skip_a_forced_path_they_lack_and_count_it():
    frame = load_bundled("watermelon_2.0").frame
    X, y = frame.drop(columns=["编号", "好瓜"]), frame["好瓜"]
    options = Options("id3", force=(("纹理=清晰/根蒂=稍蜷", "色泽"),))
    result = cross_validate(options, X, y, 4, seed=0)
    missing = result.folds_missing_a_force
    assert len(result.unmatched_force) == 4
    # One fold's tree has that node and splits it on 色泽 as forced; three lack it and say so.
    assert missing == {"纹理=清晰/根蒂=稍蜷": 3}


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart", "cls", "oblique"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_depth_curve_cut_from_one_tree_is_the_regrown_one(algorithm, seed):
    """depth_curve grows each split's tree once and cuts it at every depth; the trees grown
    with each max_depth give the same accuracies to the bit (with missing values, k-fold)."""
    from dtree_core.evaluate import _depth_curve_regrown, stratified_kfold

    rng = np.random.default_rng(seed)
    n = 50 + 20 * seed
    X = pd.DataFrame({"a": rng.random(n).round(2), "b": rng.choice(list("xyz"), n),
                      "c": rng.normal(size=n).round(1)})
    X = X.mask(rng.random(X.shape) < 0.1 * seed)
    y = pd.Series(rng.choice(["p", "q", "r"], n))
    splits = stratified_kfold(y, 3, seed) if seed else [stratified_split(y, 0.3, seed)]
    options = Options(algorithm, seed=seed)
    for max_depth in (None, 2):
        cut = depth_curve(options, X, y, splits, max_depth)
        assert cut.equals(_depth_curve_regrown(options, X, y, splits, max_depth))
        assert len(cut) > 2


def test_the_deepest_cut_predicts_as_the_whole_tree(wm3):
    from dtree_core import DecisionTree

    X, y = wm3
    model = DecisionTree("c45").fit(X, y)
    deepest = max(n.depth for n in model.trace_.nodes)
    cuts = list(model.predict_by_depth(X, deepest + 2))
    assert len(cuts) == deepest + 3
    assert list(cuts[-1]) == list(cuts[deepest]) == list(model.predict(X))
    assert len(set(cuts[0])) == 1  # the root alone: one label for every row


@pytest.mark.parametrize(("labels", "k", "code", "advice"), [
    (["a"] * 9 + ["b"], 3, "kfold_lone_class", "use a held-out split"),
    (["p", "p", "q"], 2, "kfold_lone_class", "use a held-out split"),
    (["p", "p", "q", "q"], 3, "kfold_one_class", "choose another k or seed"),
])
def test_folds_that_train_on_one_class_are_refused_with_advice_that_can_work(labels, k, code,
                                                                             advice):
    """A lone row's class leaves its fold the other class alone whatever k or seed: the
    advice says only what can work (another k or seed could not)."""
    from dtree_core.evaluate import SplitError, stratified_kfold
    with pytest.raises(SplitError) as refused:
        stratified_kfold(pd.Series(labels), k, 0)
    assert refused.value.code == code and advice in str(refused.value)
    if code == "kfold_lone_class":
        for k_, seed in [(2, 0), (2, 1), (3, 2)]:
            with pytest.raises(SplitError):
                stratified_kfold(pd.Series(labels), min(k_, len(labels)), seed)


@pytest.mark.parametrize(("lang", "listed"), [("en", "乙, 甲"), ("zh", "乙、甲")])
def test_the_classes_a_fold_note_names_are_listed_as_the_language_lists_them(lang, listed):
    """The classes too small for k folds are joined by the note's language (data.Listed)."""
    from dtree_core.evaluate import kfold_notes
    from ui.messages import t

    y = ["甲"] * 3 + ["乙"] * 2 + ["丙"] * 9
    [note] = [n for n in kfold_notes(y, 5) if n.code == "few_rows"]
    assert listed in t("eval.note.few_rows", _lang=lang, **note.details)


def test_tied_held_out_predictions_are_recorded_with_the_class_they_went_to():
    """Watermelon 3.0, ID3, 5 folds seed 0: row 编号 14 (否) reaches a leaf of 否 1 : 是 1 and
    is predicted 是, the class first in its fold's training rows; the 0.529 counted it a miss
    and nothing said it was a tie."""
    X, y = bundled_xy("watermelon_3.0")
    result = cross_validate(Options("id3"), X, y, 5, seed=0)
    assert result.accuracy == pytest.approx(9 / 17)
    assert result.tied_to == ("是",)
    train, test = stratified_kfold(y, 5, seed=0)[0]
    model = fit(Options("id3"), X.iloc[train], y.iloc[train])
    predicted, tied = model.predict_with_ties(X.iloc[test].reset_index(drop=True))
    assert (predicted == model.predict(X.iloc[test].reset_index(drop=True))).all()
    assert test[tied].tolist() == [13] and predicted[tied].tolist() == ["是"]
    assert holdout(Options("id3"), X, y, 0.3, seed=0).tied_to == ()


def _tied_leaf_rows(trace) -> list[str]:
    """The class of every row at a leaf whose largest class count several classes share (the
    leaf's label, the one that won the tie), once per row: a row without unknowns reaches one
    leaf."""
    leaves = [n for n in trace.to_dict()["nodes"]
              if n["decision"]["kind"] == "leaf" and not n.get("pruned_away")]
    tied = [n for n in leaves
            if list(n["class_counts"].values()).count(max(n["class_counts"].values())) > 1]
    return [n["decision"]["label"] for n in tied for _ in range(n["n"])]


@pytest.mark.parametrize(("method", "count"), [("holdout", 4), ("kfold", 12)])
def test_tied_training_predictions_are_recorded_with_the_class_they_went_to(method, count):
    """Watermelon 2.0, ID3 with max_depth 1: training rows reach a leaf of 是 2 : 否 2 and are
    predicted 是; the training accuracy counted them and nothing said they were ties. k-fold
    counts each fold's tree on its own training rows."""
    X, y = bundled_xy("watermelon_2.0")
    options = Options("id3", max_depth=1)
    splits = ([stratified_split(y, 0.3, seed=0)] if method == "holdout"
              else stratified_kfold(y, 5, seed=0))
    result = (holdout(options, X, y, 0.3, seed=0) if method == "holdout"
              else cross_validate(options, X, y, 5, seed=0))
    expected = [c for train, _ in splits
                for c in _tied_leaf_rows(fit(options, X.iloc[train], y.iloc[train]).trace_)]
    assert len(expected) == count
    assert result.train_tied_to == tuple(expected) == ("是",) * count
    assert cross_validate(Options("id3"), X, y, 5, seed=0).train_tied_to == ()  # pure leaves


def _labels(counts: dict[str, int]) -> list[str]:
    return [c for c, n in counts.items() for _ in range(n)]


def test_a_grown_holdout_holds_out_a_row_of_every_class_as_its_note_says():
    """A×2, B×6, C×2 at 20%: 3 rows held out instead of 2, for every class to be tested;
    sklearn's shares gave B two of them and C (or A) none, whatever the seed."""
    y = _labels({"A": 2, "B": 6, "C": 2})
    for seed in range(20):
        train, test = stratified_split(y, 0.2, seed)
        assert sorted(np.asarray(y)[test]) == ["A", "B", "C"]
        assert sorted(set(np.asarray(y)[train])) == ["A", "B", "C"]
        assert holdout_notes(y, 0.2, seed)[0].text.startswith(
            "3 rows are held out instead of 2: one row of every class")
    drawn = {tuple(stratified_split(y, 0.2, seed)[1]) for seed in range(20)}
    assert len(drawn) > 1 and stratified_split(y, 0.2, 3)[1].tolist() == \
        stratified_split(y, 0.2, 3)[1].tolist()  # seeded: varies by seed, same for one


def test_a_capped_holdout_leaves_a_training_row_of_every_class_as_its_note_says():
    """A×10, B×2, C×2 at 99%: sklearn's three training rows went 2 to A, 1 to B or C."""
    y = _labels({"A": 10, "B": 2, "C": 2})
    for seed in range(20):
        train, test = stratified_split(y, 0.99, seed)
        assert sorted(np.asarray(y)[train]) == ["A", "B", "C"] and len(test) == 11
    assert [n.code for n in holdout_notes(y, 0.99)] == ["kept"]


@pytest.mark.parametrize("counts,share,side", [
    ({"A": 2, "B": 30, "C": 2}, 0.9, "train"),  # 31 asked: the cap (34 − 3)
    ({"A": 2, "B": 16, "C": 2}, 0.15, "test")])  # 3 asked: the floor (3 classes)
def test_a_holdout_asked_for_at_the_floor_or_the_cap_keeps_every_class_on_that_side(
        counts, share, side):
    """Asked for exactly, the floor and the cap went to sklearn's shares: at the cap the
    training rows were all B (no tree: one class), at the floor the held-out rows BBB, while
    asking a little beyond either kept every class there."""
    y = _labels(counts)
    for seed in range(10):
        train, test = stratified_split(y, share, seed)
        rows = train if side == "train" else test
        assert sorted(set(np.asarray(y)[rows])) == ["A", "B", "C"]
        assert len(test) == round(share * len(y))
    assert [n.code for n in holdout_notes(y, share)] == []  # as asked: nothing to say
    X, y_series = tiny(y)
    assert holdout(Options(), X, y_series, share, 0).accuracy >= 0


@pytest.mark.parametrize("counts,share,code,classes", [
    ({"A": 6, "B": 6, "C": 2, "D": 1}, 0.25, "untested", "C"),
    ({"A": 20, "B": 2, "C": 2}, 0.85, "untrained", "B, C"),
])
def test_a_class_sklearn_s_shares_leave_off_one_side_is_named(counts, share, code, classes):
    y = _labels(counts)
    for seed in range(5):
        notes = holdout_notes(y, share, seed)
        assert [(n.code, n.details["classes"]) for n in notes if n.code == code] == \
            [(code, classes)]
    X, y_series = tiny(y)
    if code == "untested":  # the Evaluation carries them (untrained: one class to grow on)
        assert holdout(Options(), X, y_series, share, 0).notes == holdout_notes(y, share, 0)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from("abcd"), min_size=4, max_size=30),
       st.sampled_from([0.1, 0.2, 0.25, 0.3, 0.5, 0.7, 0.9]), st.integers(0, 50))
def test_every_class_missing_from_a_side_is_named_by_a_note(labels, share, seed):
    """Every class of two rows or more is on both sides, or a note names it."""
    try:
        train, test = stratified_split(labels, share, seed)
    except DataError:
        return
    notes = holdout_notes(labels, share, seed)
    named = {code: set(n.details["classes"].items) for n in notes
             for code in [n.code] if code in ("untested", "untrained")}
    y = np.asarray(labels)
    for cls in {c for c in labels if labels.count(c) > 1}:
        assert cls in y[test] or cls in named.get("untested", set())
        assert cls in y[train] or cls in named.get("untrained", set())
    if any(n.code in ("grown", "kept") for n in notes):
        assert not named  # those splits take a row of every class on the small side


def test_a_note_of_one_row_or_one_class_is_worded_in_the_singular():
    """'1 rows are held out instead of 2' read as a plural; so did a single class named."""
    notes = holdout_notes(["a", "a", "b", "c", "d"], 0.5)
    assert notes[1].text == "1 row is held out instead of 2: every class keeps a training row."
    assert notes[1].key == "kept.one" and notes[0].key == "single_row"
    (note,) = holdout_notes(["a"] * 6 + ["b"] * 6 + ["c"], 0.3)
    assert note.text == ("This class has a single row, which stays in training, so it is not "
                         "tested: c.")
    (note,) = kfold_notes(["a"] * 6 + ["b"] * 6 + ["c"] * 2, 5)
    assert note.key == "few_rows.one"


def test_a_trace_predicts_with_the_same_ties_as_its_model():
    """FittedTrace (a JSON trace, the app's cached dict) says the same tie-broken rows as
    DecisionTree.predict_with_ties: watermelon 2.0, CART with max depth 2 has two."""
    from dtree_core.datasets import load_bundled
    from dtree_core.fitted_trace import FittedTrace

    table = load_bundled("watermelon_2.0").frame
    X, y = table.drop(columns=["编号", "好瓜"]), table["好瓜"]
    model = DecisionTree("cart", max_depth=2).fit(X, y)
    predicted, tied = model.predict_with_ties(X)
    again, tied_again = FittedTrace.from_dict(model.trace_.to_dict()).predict_with_ties(X)
    assert tied.sum() == 2
    assert again.tolist() == predicted.tolist() and tied_again.tolist() == tied.tolist()
