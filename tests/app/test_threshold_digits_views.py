"""The app's tables write a cut with the digits its split record asks for (see
tests/core/test_threshold_digits.py): 1.2345672, not 1.23457, above both rows it parts."""

from __future__ import annotations

import pandas as pd

from dtree_core import DecisionTree
from ui.panel import styled_scores
from ui.tables import score_frame, shown_columns
from ui.widgets import number_formats

X = pd.DataFrame({"x": [1.2345671, 1.2345673, 1.2345675, 1.2345677, 2.5, 2.6]})
Y = pd.Series(["a", "b", "a", "b", "b", "a"], name="y")


def test_the_score_table_writes_the_records_digits():
    root = DecisionTree("c45").fit(X, Y).trace_.to_dict()["nodes"][0]
    frame = score_frame(root, "c45")
    html = styled_scores(frame, shown_columns("c45"), 3, "c45").to_html()
    assert "1.2345672" in html and "1.23457<" not in html


def test_a_threshold_column_takes_the_digits_it_is_given():
    frame = pd.DataFrame({"t": [1.2345672, 0.3815]})
    assert number_formats(frame, 3, thresholds=["t"], threshold_digits=8)["t"][
        "type_config"]["format"] == "%.8g"
    assert number_formats(frame, 3, thresholds=["t"])["t"]["type_config"]["format"] == "%.6g"


def test_a_column_with_no_cut_still_gets_a_format():
    """Compare's merged table at a node of nominal attributes only: every t is empty."""
    frame = pd.DataFrame({"t": [float("nan")]})
    assert number_formats(frame, 3, thresholds=["t"])["t"]["type_config"]["format"] == "%.6g"


def test_a_score_table_where_only_some_rows_need_digits_is_drawn():
    """A second attribute without threshold_digits makes the frame's column float with NaN
    (8.0 beside NaN): the table still writes the crowded cut with its 8 digits."""
    import pandas as pd

    from dtree_core import DecisionTree
    from ui.panel import styled_scores
    from ui.tables import score_frame, shown_columns

    X = pd.DataFrame({"x": [1.2345671, 1.2345673, 1.2345675, 1.2345677, 2.5, 2.6],
                      "z": [.1, .7, .3, .9, .5, .2]})
    y = pd.Series(list("ababba"), name="y")
    for algorithm in ("c45", "cart", "id3"):
        root = DecisionTree(algorithm).fit(X, y).trace_.to_dict()["nodes"][0]
        frame = score_frame(root, algorithm)
        assert frame["threshold_digits"].isna().any() and frame["threshold_digits"].notna().any()
        html = styled_scores(frame, shown_columns(algorithm), 3, algorithm).to_html()
        digits = int(frame["threshold_digits"].dropna().iloc[0])
        cut = frame.loc[frame["threshold_digits"].notna(), "threshold"].iloc[0]
        assert f"{cut:.{digits}g}" in html, algorithm


def test_rows_of_one_cut_that_need_different_digits_are_both_written_to_the_most():
    """The table's format sees a value, not its row: two attributes cut at one t, one needing
    8 digits and one 7, both read 1.2345672 (7 digits, 1.234567, is below 1.2345671)."""
    root = DecisionTree("c45").fit(X, Y).trace_.to_dict()["nodes"][0]
    frame = score_frame(root, "c45")
    assert frame["threshold_digits"].tolist() == [8]
    other = frame.assign(attribute="x2", threshold_digits=7, chosen=False)
    for rows in ([frame, other], [other, frame]):
        both = pd.concat(rows, ignore_index=True)
        html = styled_scores(both, shown_columns("c45"), 3, "c45").to_html()
        assert html.count(">1.2345672<") == 2 and ">1.234567<" not in html
