"""The app's tables write a cut with the digits its split record asks for (see
tests/core/test_threshold_digits.py): 1.2345672, not 1.23457, above both rows it parts."""

from __future__ import annotations

import pandas as pd

from dtree_core import DecisionTree
from ui.panel import styled_scores
from ui.tables import BLANK, score_frame, shown_columns, styled_numbers, threshold_formatter

X = pd.DataFrame({"x": [1.2345671, 1.2345673, 1.2345675, 1.2345677, 2.5, 2.6]})
Y = pd.Series(["a", "b", "a", "b", "b", "a"], name="y")


def test_the_score_table_writes_the_records_digits():
    root = DecisionTree("c45").fit(X, Y).trace_.to_dict()["nodes"][0]
    frame = score_frame(root, "c45")
    html = styled_scores(frame, shown_columns("c45"), 3, "c45").to_html()
    assert "1.2345672" in html and "1.23457<" not in html


def test_a_threshold_column_takes_each_rows_digits():
    frame = pd.DataFrame({"t": [1.2345672, 0.3815]})
    write = threshold_formatter(frame["t"], [8, None])
    assert [write(x) for x in frame["t"]] == ["1.2345672", "0.3815"]
    assert threshold_formatter(frame["t"], [None, None])(1.2345672) == "1.23457"


def test_a_column_with_no_cut_still_gets_a_format():
    """Compare's merged table at a node of nominal attributes only: every t is empty."""
    frame = pd.DataFrame({"t": [float("nan")], "Gain": [0.25]})
    html = styled_numbers(frame, 3, {"t": threshold_formatter(frame["t"], [None])}).to_html()
    assert f">{BLANK}<" in html and ">0.250<" in html


def test_compares_merged_table_writes_each_cut_to_its_own_digits():
    """The merged table's t column was formatted at once to the most digits any row needed:
    beside a cut needing 17 significant digits, the cut 1.2 (1.2000000000000002 exactly)
    read 1.2000000000000002. Each row now reads as its record writes it."""
    from dtree_core.compare import merged_scores
    from ui.compare import merged_styled

    tiny = 2.220446049250313e-16
    X = pd.DataFrame({"x": [1.0, 1 + 2 * tiny, 1 + 4 * tiny, 1 + 6 * tiny, 1.0, 1 + 6 * tiny],
                      "z": [1.1, 1.3, 1.1, 1.3, 1.1, 1.3]})
    y = pd.Series(list("aabbab"), name="y")
    traces = [DecisionTree(a).fit(X, y).trace_.to_dict() for a in ("c45", "cart")]
    merged = merged_scores(traces, ["C4.5", "CART"], "root")
    digits = {r["attribute"]: r.get("threshold_digits") for r in merged.rows}
    assert digits["x"] == 17 and not digits["z"], digits  # the premise: one crowded cut
    html = merged_styled(merged, 3).to_html()
    assert ">1.2<" in html and "1.2000000000000002" not in html
    cut = next(r["threshold"] for r in merged.rows if r["attribute"] == "x")
    assert f">{cut:.17g}<" in html


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


def test_the_curve_table_writes_each_candidate_to_its_own_digits():
    """The curve table formatted its t column at 6 significant digits whatever the curve's
    threshold_digits: the crowded cut 1.2345672 read 1.23457, above both rows it parts."""
    from ui.panel import curve_table

    root = DecisionTree("c45").fit(X, Y).trace_.to_dict()["nodes"][0]
    curve = root["scores"][0]["curve"]
    assert curve.get("threshold_digits")  # the premise: some candidate needs more than 6
    html = curve_table(curve, 3).to_html()
    assert ">1.2345672<" in html and ">1.23457<" not in html
    assert ">2.55<" in html  # a candidate that needs no more keeps its short form
