"""The pruning, oblique and hand-edit views as a review read them (helper-118): an attribute's
name in the oblique contest sentence is literal Markdown, and numbers the views set side by
side never read equal when they differ (Li Hang's two Σ N_t·H_t, the contest table's gains,
the pruned and unpruned trees' accuracies, the algorithm's and the student's)."""

from __future__ import annotations

from ui import cost_pruning
from ui.boundary import contest_places, contest_sentence
from ui.handedit import side_by_side_accuracies
from ui.pruning import accuracies_apart


def test_the_contest_sentence_names_the_attribute_as_literal_markdown():
    """':red[x]' was red text in the caption (t, not the literal name)."""
    linear, axis = {"gini_gain": 0.2}, {"attribute": ":red[x]", "gini_gain": 0.3}
    said = contest_sentence(linear, axis, False, 3)
    assert r"&#58;red\[x\]" in said and ":red[x]" not in said


def test_the_contest_table_tells_the_compared_gains_apart():
    linear = {"gini_index": 0.25, "gini_gain": 0.22281}
    axis = {"attribute": "x", "gini_index": 0.25, "gini_gain": 0.22279}
    assert contest_places(linear, axis, 3) == {"linear.col.gini_index": 3,
                                               "linear.col.gini_gain": 5}
    assert contest_places(linear, {}, 3) == {"linear.col.gini_index": 3, "linear.col.gini_gain": 3}


def test_li_hangs_two_fits_read_apart(monkeypatch):
    """9999.99971 against 10000 was written 10000.000 against 10000."""
    said = []
    monkeypatch.setattr(cost_pruning.st, "caption", said.append)
    event = {"alpha": 1, "fit_before": 9999.99971, "fit_after": 10000.0,
             "leaves_before": 2, "leaves_after": 1}
    cost_pruning.loss_terms(event, 3)
    assert "Σ N_t·H_t = 9999.9997," in said[0] and "Σ N_t·H_t = 10000," in said[0], said[0]


def test_pruned_and_unpruned_accuracies_read_apart():
    shown = accuracies_apart({"unpruned": {"test": 0.5, "train": 0.9},
                              "pruned": {"test": 1501 / 3000, "train": 0.9}})
    assert shown["test"] == {"unpruned": "0.5000", "pruned": "0.5003"}
    assert shown["train"] == {"unpruned": "0.900", "pruned": "0.900"}  # equal: a tie


def test_the_algorithm_s_and_the_student_s_accuracies_read_apart():
    assert side_by_side_accuracies([(None, 0.5), (None, 0.7), (None, 1501 / 3000)]) == \
        ("50.00%", "50.03%")
