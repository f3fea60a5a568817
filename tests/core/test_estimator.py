"""DecisionTree is a scikit-learn estimator; Options is the one options object behind it."""

from __future__ import annotations

import inspect
import json
import pickle
from dataclasses import fields

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.datasets import load_iris
from sklearn.exceptions import NotFittedError
from sklearn.metrics import get_scorer, roc_auc_score
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer

from dtree_core import DataError, DecisionTree
from dtree_core.options import Options
from tests.conftest import dataset_path


def iris():
    frame = pd.read_csv("assets/datasets/iris.csv")
    return frame.drop(columns=["species"]), frame["species"]


def test_parameters_are_the_options_fields():
    params = list(inspect.signature(DecisionTree.__init__).parameters)[1:]
    assert sorted(params) == sorted(f.name for f in fields(Options))
    model = DecisionTree("cart", max_depth=2, tie_break="last", min_branch_weight=2.0)
    assert model.options() == Options.build(**model.get_params())
    assert DecisionTree.from_options(model.options()).options() == model.options()


def test_clone_keeps_parameters_and_drops_the_fit(wm2):
    X, y = wm2
    model = DecisionTree("c45", max_depth=3, force={"root": "脐部"}).fit(X, y)
    copy = clone(model)
    assert copy.get_params() == model.get_params()
    assert not hasattr(copy, "trace_")


def test_cross_val_score_and_grid_search_run_on_it():
    X, y = iris()
    scores = cross_val_score(DecisionTree("cart"), X, y, cv=3)
    assert len(scores) == 3 and scores.mean() > 0.85
    search = GridSearchCV(DecisionTree("cart"), {"max_depth": [1, 3]}, cv=3).fit(X, y)
    assert search.best_params_ == {"max_depth": 3}
    assert search.best_estimator_.trace_.params["max_depth"] == 3


def test_pipeline_and_numpy_input_with_numeric_labels():
    X, y = iris()
    codes = pd.factorize(y)[0]  # 0, 1, 2
    pipe = Pipeline([("scale", FunctionTransformer(lambda a: np.asarray(a) * 10.0)),
                     ("tree", DecisionTree("c45"))]).fit(X, codes)
    assert pipe.score(X, codes) == 1.0  # a full tree fits its training rows
    assert pipe.named_steps["tree"].classes_.tolist() == [0, 1, 2]
    assert pipe.predict(X).dtype.kind == "i"


def test_bad_parameters_are_one_sentence_each():
    X, y = iris()
    for params, words in [({"algorithm": "c50"}, "Unknown algorithm 'c50'"),
                          ({"max_depth": -1}, "max_depth"),
                          ({"min_gain": float("nan")}, "min_gain"),
                          ({"min_branch_weight": 0}, "min_branch_weight"),
                          ({"tie_break": "coin"}, "tie rule")]:
        with pytest.raises(DataError, match=words):
            DecisionTree(**params).fit(X, y)


def test_options_are_hashable_and_changes_make_new_ones():
    base = Options.build(algorithm="id3", force={"root": "纹理"})
    assert hash(base) == hash(Options.build(algorithm="id3", force=["root=纹理"]))
    assert base.but(max_depth=2) != base and base.but(max_depth=2).max_depth == 2
    assert base.params()["force"] == {"root": "纹理"}


def test_held_out_fit_skips_a_forced_path_it_lacks_and_says_so(wm2):
    X, y = wm2
    force = {"纹理=清晰/根蒂=稍蜷": "色泽", "纹理=模糊/根蒂=蜷缩": "色泽"}
    with pytest.raises(DataError, match="纹理=模糊"):
        DecisionTree("id3", force=force).fit(X, y)
    trace = DecisionTree("id3", force=force, force_missing="skip").fit(X, y).trace_
    assert trace.unmatched_force == ("纹理=模糊/根蒂=蜷缩",)
    assert trace.to_dict()["unmatched_force"] == ["纹理=模糊/根蒂=蜷缩"]
    node = next(n for n in trace.nodes if n.decision.forced)
    assert node.decision.attribute == "色泽"


@pytest.mark.parametrize("weights, words", [
    ([1.0, float("nan"), 1.0, 1.0], "finite and not negative"),
    ([1.0, -1.0, 1.0, 1.0], "finite and not negative"),
    ([1.0, float("inf"), 1.0, 1.0], "finite and not negative"),
    ([1.0, 1.0], "2 values but there are 4 rows"),
    (["a", "b", "c", "d"], "numbers, one per row"),
    ([0.0, 0.0, 0.0, 0.0], "every row the weight 0"),
    ([1e305] * 4, "adds up to 4e\\+305, more than 1e\\+305"),  # grew into an IndexError
    ([1e308] * 4, "adds up to inf, more than 1e\\+305"),  # (or a loop that never ended)
])
def test_sample_weights_that_count_no_rows_are_refused(weights, words):
    """A NaN or negative weight used to reach the trace (whose JSON then failed); it is
    refused with a sentence instead. Zero and fractional weights stay allowed."""
    X = pd.DataFrame({"a": ["x", "y", "x", "y"]})
    y = pd.Series(["p", "q", "p", "q"])
    with pytest.raises(DataError, match=words):
        DecisionTree("id3").fit(X, y, sample_weight=weights)
    DecisionTree("id3").fit(X, y, sample_weight=[0.0, 0.5, 1.0, 2.0]).trace_.to_json()


@pytest.mark.parametrize("algorithm, params", [
    ("id3", {"prune": "cost", "ccp_alpha": 1.0}), ("c45", {"prune": "pep"}),
    ("cart", {"prune": "ccp", "ccp_alpha": 0.01}), ("oblique", {}), ("c45_lihang", {})])
def test_weights_just_under_the_most_grow_prune_and_write(algorithm, params):
    """The refusal above starts where x·log2 x of a node's weight overflows, not before: a
    first bound of 1e300 refused totals of 1e301-1e303 that grew exactly (traces the grower
    is held to). Just under 1e305, with unknown values spread, nothing warns or fails."""
    import warnings

    rng = np.random.default_rng(0)
    X = pd.DataFrame({"a": rng.choice(list("xyz"), 200), "b": rng.normal(size=200)})
    X.loc[::7, "a"] = None
    y = pd.Series(rng.choice(list("PQ"), 200))
    weights = rng.random(200)
    weights *= 0.999e305 / weights.sum()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        trace = DecisionTree(algorithm, **params).fit(X, y, sample_weight=weights).trace_
        assert len(trace.to_dict(scores=False)["nodes"]) > 1
        json.loads(trace.to_json())


@pytest.mark.parametrize("algorithm", ["c45", "cart", "oblique"])
def test_rows_of_weight_zero_reach_no_node_and_make_no_threshold(algorithm):
    """A continuous attribute whose rows of weight 0 sat between weighted ones used to end
    in an IndexError (a midpoint with no weight on one side). They count nowhere now, the
    root included, so every threshold lies between rows of some weight."""
    X = pd.DataFrame({"a": [25, 4, 8, 33, 14, 8, 18, 8, 20, 13]})
    y = pd.Series(["c0", "c1", "c0", "c1", "c1", "c0", "c0", "c0", "c1", "c0"])
    w = [0, 0, 1, 0, 1, 1, 0, 1, 1, 1]
    trace = DecisionTree(algorithm).fit(X, y, sample_weight=w).trace_
    root = trace.nodes[0]
    assert (root.n, root.weight) == (6, 6.0)
    weighted = X["a"][np.array(w) > 0]
    unweighted = X["a"][np.array(w) == 0]
    t = root.decision.threshold
    assert weighted.min() < t < weighted.max()
    assert not ((weighted <= t).all() or (weighted > t).all())
    # the same tree as the weighted rows alone give
    alone = DecisionTree(algorithm).fit(X[np.array(w) > 0], y[np.array(w) > 0]).trace_
    assert [n.decision.threshold for n in trace.nodes] == \
        [n.decision.threshold for n in alone.nodes]
    assert len(unweighted) == 4
    json.loads(trace.to_json())


def test_subtree_raising_counts_no_row_of_weight_zero():
    """Raised nodes are counted from the training rows again (pruning._Raising): rows of
    weight 0 must stay out there as they do in growth, or the raised children hold more
    rows (12) than the root (10)."""
    X = pd.DataFrame({"X": ["a"] * 8 + ["b"] * 2 + ["a", "b"],
                      "Y": ["p"] * 4 + ["q"] * 4 + ["p", "q", "p", "q"]})
    y = pd.Series(["yes"] * 4 + ["no"] * 4 + ["yes", "no", "yes", "no"])
    w = [1.0] * 10 + [0.0, 0.0]
    trace = DecisionTree("id3", force={"root": "X"}, prune="pep", subtree_raising=True) \
        .fit(X, y, sample_weight=w).trace_
    root = trace.nodes[0]
    kept = [trace.nodes[c] for c in root.children if not trace.nodes[c].pruned_away]
    assert any(n.decision.stop == "pruned" for n in kept)  # the raise happened
    assert (root.n, root.weight) == (10, 10.0)
    assert sum(n.n for n in kept) == 10
    assert sum(n.weight for n in kept) == 10.0


def test_classes_are_sorted_and_roc_auc_reads_the_right_column():
    """scikit-learn's scorers read predict_proba's columns by a sorted classes_ (a reviewer
    found roc_auc 0.174 for 0.826 on watermelon 3.0, whose first class is 'yes')."""
    frame = pd.read_csv(dataset_path("watermelon_3.0_en.csv"))
    X, y = frame.iloc[:, 1:-1], frame.iloc[:, -1]
    model = DecisionTree("cart", max_depth=1).fit(X, y)
    assert model.classes_.tolist() == ["no", "yes"]
    assert model.classes_in_trace_order_.tolist() == ["yes", "no"] == list(model.trace_.classes)
    truth = roc_auc_score(y == "yes", model.predict_proba(X)[:, 1])
    assert get_scorer("roc_auc")(model, X, y) == pytest.approx(truth)
    assert truth > 0.5


def test_a_tie_between_classes_goes_to_the_first_in_the_data_not_the_first_sorted():
    X = pd.DataFrame({"a": ["x", "x", "y", "y"]})
    y = pd.Series(["z", "b", "z", "b"])  # every leaf ties: 'z' is first in the data
    model = DecisionTree("id3").fit(X, y)
    assert model.trace_.nodes[0].decision.label == "z"
    assert model.predict(X).tolist() == ["z"] * 4
    assert model.predict_proba(X)[0].tolist() == [0.5, 0.5]


# --------------------------------------------------------------------- a reviewer's findings


@pytest.mark.parametrize("column", [
    [False, True] * 3,
    pd.to_datetime(["2020-01-01", "2020-01-02"] * 3),
    pd.Categorical([1, 2] * 3),
    pd.Series([1, 2] * 3, dtype=object),
    pd.Series([0.5, 1.5] * 3, dtype=object),
])
def test_a_nominal_column_that_is_not_text_predicts_its_own_rows(column):
    """Fit grouped the values by their text and predict looked the raw values up in it, so
    True was never 'True': every row was unknown (training accuracy 0.5, pre-pruning refused
    a perfect split)."""
    X, y = pd.DataFrame({"a": column}), pd.Series(["p", "q"] * 3)
    model = DecisionTree("id3", nominal=["a"]).fit(X, y)
    assert model.score(X, y) == 1.0
    pre = DecisionTree("id3", nominal=["a"], prune="pre").fit(X, y, validation=(X, y))
    assert [e["action"] for e in pre.trace_.pruning] == ["keep"]


def test_a_frame_with_number_column_labels_fits_predicts_and_cross_validates():
    X, y = load_iris(return_X_y=True)
    frame = pd.DataFrame(X)  # columns 0, 1, 2, 3
    assert DecisionTree("cart").fit(frame, y).score(frame, y) == 1.0
    assert not np.isnan(cross_val_score(DecisionTree("cart"), frame, y, cv=3)).any()


def test_numpy_scalars_are_parameters_like_any_number():
    X, y = load_iris(return_X_y=True)
    search = GridSearchCV(DecisionTree("cart"), {"max_depth": np.arange(1, 3)}, cv=3,
                          error_score="raise").fit(X, y)
    assert search.best_params_["max_depth"] in (1, 2)
    model = DecisionTree("c45", seed=np.int64(3), min_gain=np.float32(0.1), cf=np.float32(0.25),
                         prune="pep", prune_on_tie=np.True_).fit(X, y)
    assert model.options_.seed == 3 and model.options_.prune_on_tie is True


def test_one_name_is_a_name_not_its_letters():
    X = pd.DataFrame({"num": [1.0, 2, 3, 4], "b": ["u", "u", "v", "v"]})
    y = ["x", "x", "y", "y"]
    assert DecisionTree(continuous="num").fit(X, y).options_.continuous == ("num",)
    assert DecisionTree(force="root=b").fit(X, y).trace_.nodes[0].decision.attribute == "b"


def test_misuse_gets_a_specific_error():
    X, y = load_iris(return_X_y=True)
    with pytest.raises(NotFittedError):
        DecisionTree().predict(X)
    model = DecisionTree("cart").fit(X, y.reshape(-1, 1))  # a one-column y is its column
    assert model.score(X, y) == 1.0
    with pytest.raises(DataError, match="X has 3 columns; the tree was fitted on 4"):
        model.predict(X[:, :3])
    with pytest.raises(DataError, match="y must be one column"):
        DecisionTree().fit(X, np.c_[y, y])
    frame = pd.DataFrame(X)
    with pytest.raises(DataError, match="appear more than once: 0"):
        DecisionTree().fit(pd.concat([frame[[0]], frame[[0]]], axis=1), y)


def test_validation_rows_with_text_where_the_tree_reads_numbers_are_refused(wm3):
    """'abc' in 密度 was read as unknown without a word, and reduced-error pruning judged by
    rows the caller had not given; a missing column was called one 'for prediction'."""
    X, y = wm3
    model = DecisionTree("c45", prune="rep")
    X_val = X.astype({"密度": object})
    X_val.loc[0, "密度"] = "abc"
    with pytest.raises(DataError, match=r"column '密度' holds text \('abc'\)"):
        model.fit(X, y, validation=(X_val, y))
    with pytest.raises(DataError, match="Columns missing from the validation rows"):
        model.fit(X, y, validation=(X.drop(columns=["纹理"]), y))
    X_val.loc[0, "密度"] = None  # unknown is fine: the rows go down every branch
    assert model.fit(X, y, validation=(X_val, y)).trace_.pruning


def test_a_model_pickled_before_classes_were_sorted_still_predicts():
    """Its state had classes_ in the trace's order and no classes_in_trace_order_ or
    _proba_columns (commit 7cb8206 added them): predict failed with an AttributeError."""
    X = pd.DataFrame({"x": ["a", "b", "a", "b", "c", "c"]})
    y = pd.Series(["yes", "no", "yes", "no", "maybe", "maybe"])
    model = DecisionTree("id3").fit(X, y)
    state = dict(model.__getstate__())
    old = state.pop("classes_in_trace_order_")
    del state["_proba_columns"]
    state["classes_"] = old  # the trace's order: yes, no, maybe
    revived = pickle.loads(pickle.dumps(model))
    revived.__dict__.clear()
    revived.__setstate__(state)
    assert list(revived.predict(X)) == list(model.predict(X))
    assert list(revived.classes_) == ["maybe", "no", "yes"] == list(model.classes_)
    np.testing.assert_array_equal(revived.predict_proba(X), model.predict_proba(X))


@pytest.mark.parametrize("fit_dtype, predict_dtype", [("float64", "object"), ("object", "float64")])
def test_a_nominal_number_reads_alike_in_a_column_of_numbers_and_of_objects(fit_dtype,
                                                                             predict_dtype):
    """as_text wrote 1.0 as '1' in a float column but '1.0' in an object column, so a value
    fitted from one was unseen (unknown) in the other and every row got the majority."""
    y = ["p", "q", "p", "q", "q"]
    fitted = pd.DataFrame({"a": pd.Series([1.0, 2.0, 1.0, 2.0, 2.0], dtype=fit_dtype)})
    model = DecisionTree("id3", nominal=["a"]).fit(fitted, y)
    assert model.trace_.attributes[0]["values"] == ["1", "2"]
    new = pd.DataFrame({"a": pd.Series([1.0, 2.0, np.float32(1.0)], dtype=predict_dtype)})
    assert list(model.predict(new)) == ["p", "q", "p"]


def test_boolean_labels_score_as_scikit_learns_own_tree():
    """classes_ was an object array of True/False, which scikit-learn's scorers read as
    'unknown' labels: roc_auc raised and cross_val_score gave nan."""
    X, codes = load_iris(return_X_y=True)
    y = codes == 0
    model = DecisionTree().fit(X, y)
    assert model.classes_.dtype == bool and list(model.classes_) == [False, True]
    assert model.predict(X).dtype == bool
    assert get_scorer("roc_auc")(model, X, y) == 1.0
    scores = cross_val_score(DecisionTree(), X, y, scoring="roc_auc", cv=3)
    assert np.isfinite(scores).all()


def test_a_dash_for_no_value_in_a_column_to_predict_is_unknown_as_the_loaders_is():
    """— and —— (what Chinese spreadsheets hold for "no value") were refused as text in a
    continuous column to predict, where the loader reads them as missing, as it reads '-'."""
    X = pd.DataFrame({"密度": [0.1, 0.5, 0.7, 0.9], "色泽": list("abab")})
    model = DecisionTree("c45").fit(X, pd.Series(list("nnyy")))
    dashes = pd.DataFrame({"密度": ["—", "——", "–", "0.8"], "色泽": list("abab")})
    assert model.predict_proba(dashes).tolist() == model.predict_proba(
        dashes.assign(密度=[np.nan, np.nan, np.nan, 0.8])).tolist()


def test_an_unnamed_target_of_one_class_is_not_called_none():
    X = pd.DataFrame({"a": list("xyzxy")})
    for y in (pd.Series(["是"] * 5), ["是"] * 5):
        with pytest.raises(ValueError, match="The target 'target' has only one class"):
            DecisionTree().fit(X, y)


def test_text_in_a_continuous_column_to_predict_is_refused_not_read_as_unknown():
    """DecisionTree.predict read 密度 = '高' as an unknown value and spread the row over both
    branches (a probability mix the caller never asked for); scikit-learn refuses such input.
    Numbers written as text, and missing values and markers, still read as before."""
    from dtree_core.cli_messages import error_text
    from dtree_core.data import CodedError

    X = pd.DataFrame({"密度": [0.1, 0.5, 0.7, 0.9], "色泽": list("abab")})
    model = DecisionTree("c45").fit(X, pd.Series(list("nnyy")))
    with pytest.raises(CodedError) as refused:
        model.predict(pd.DataFrame({"密度": [0.2, "高"], "色泽": ["a", "b"]}))
    assert refused.value.code == "continuous_text"
    assert refused.value.details == {"column": "密度", "value": "高"}
    assert "“高”" in error_text(refused.value, "zh")
    # numbers as text, and the loader's missing markers (? NA - ''), read as before
    as_text = pd.DataFrame({"密度": ["0.2", None, "0.8", "?", " NA ", "-", ""],
                            "色泽": list("abaabab")})
    assert model.predict_proba(as_text).tolist() == model.predict_proba(
        as_text.assign(密度=[0.2, np.nan, 0.8, np.nan, np.nan, np.nan, np.nan])).tolist()
