"""ui/tables.py reads the impurity facts the trace records instead of recomputing them."""

from __future__ import annotations

import numpy as np
import pytest

from ui.tables import impurity_curves, impurity_maxima, node_impurities


def test_the_recorded_values_are_what_the_view_gets():
    # Numbers no formula gives for these counts: only reading the record returns them.
    node = {"class_counts": {"a": 3, "b": 1}, "entropy": 0.11, "gini": 0.22,
            "misclassification": 0.33}
    assert node_impurities(node, ["a", "b"]) == {"entropy": 0.11, "gini": 0.22, "error": 0.33}


def test_a_trace_without_the_field_gets_the_cores_formulas():
    node = {"class_counts": {"a": 3, "b": 1}}
    found = node_impurities(node, ["a", "b"])
    assert found["error"] == 0.25 and found["gini"] == pytest.approx(0.375)
    assert found["entropy"] == pytest.approx(0.8112781244591328)


def test_curves_and_maxima_come_from_the_core():
    curves = impurity_curves(5)
    assert curves["p"] == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert curves["error"] == [0.0, 0.25, 0.5, 0.25, 0.0]
    assert curves["gini"] == pytest.approx([0.0, 0.375, 0.5, 0.375, 0.0])
    assert impurity_maxima(4) == pytest.approx({"entropy": 2.0, "gini": 0.75, "error": 0.75})


def test_threshold_columns_are_formatted_with_the_digits_format_number_writes():
    """A printf %.6g showed the cut 1000001.7 as 1000000 (and 12345673.75 as 12345700, above
    every row) in the curve table and Compare's merged table; each cut is now written as
    format_number writes it, as many significant digits as its whole part has."""
    import pandas as pd

    from dtree_core.split import format_number
    from ui.tables import styled_numbers, threshold_formatter

    frame = pd.DataFrame({"t": [0.3815, 1000001.7, 12345673.75, float("nan")],
                          "Gain": [0.1, 0.2, 0.3, 0.4]})
    write = threshold_formatter(frame["t"], [None] * 4)
    assert [write(x) for x in frame["t"][:3]] == ["0.3815", "1000001.7", "12345673.8"]
    for x in frame["t"].dropna():
        assert float(write(x)) == float(format_number(x))
    html = styled_numbers(frame, 3, {"t": write}).to_html()
    assert ">1000001.7<" in html and ">0.300<" in html


def test_the_lessons_equal_is_the_cores_tie_with_its_floor_near_zero():
    """The panel's lessons compared scores with a relative tolerance only: a Gini_index of
    0 and one of 3e-13 (a tie to the core: splitting.tie_margin's 1e-12 floor) were called
    different, and a lesson said the smaller one lost."""
    from dtree_core.splitting import is_tied
    from ui.tables import smaller_gini_loser

    rows = [{"attribute": "a", "gini_index": 3e-13, "chosen": True, "eligible": True},
            {"attribute": "b", "gini_index": 0.0, "chosen": False, "eligible": True}]
    node = {"scores": rows, "decision": {"kind": "split", "attribute": "a"}}
    assert is_tied(np.array([-3e-13]), np.array(0.0))[0]  # the premise: the core ties them
    assert smaller_gini_loser(node) is None
    rows[0]["gini_index"] = 3e-12  # beyond the floor: b's smaller Gini_index lost to a's
    assert smaller_gini_loser(node)["attribute"] == "b"
