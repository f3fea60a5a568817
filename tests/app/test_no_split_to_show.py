"""A continuous candidate that no midpoint can split with the min branch weight on both
sides has no branches in its score row; the node panel says so instead of drawing them.

It crashed with KeyError "['weight'] not found in axis": the branch table of such a row has
no columns, and its formulas would sum no branches (Gain = Ent(D) − (0) = 0 reads wrong).
"""

from __future__ import annotations

import pytest
from app_helpers import node_widget, started_app, trace

from dtree_core.escape import escape_latex
from ui.messages import literal, t


def opened(lang: str, dataset: str, weight: float):
    at = started_app(lang)
    at.selectbox(key="bundled_key").set_value(dataset).run()
    at.number_input(key="min_branch_weight").set_value(weight).run()
    return at


def said(at, lang: str, attribute: str, weight: str) -> bool:
    words = t("node.no_split", _lang=lang, attribute=literal(attribute), m=literal(weight))
    return words in [c.value for c in at.caption]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("dataset", "weight"), [("iris", 100.0), ("iris", 99.5),
                                               ("watermelon_3.0_alpha", 9.0)])
def test_a_candidate_with_no_split_is_named_not_drawn(lang, dataset, weight):
    """Iris (150 rows) cannot keep 100 on both sides of any cut, nor Zhou's 3.0α (17 rows)
    9: every candidate is continuous and none has a split, so the root is a leaf."""
    at = opened(lang, dataset, weight)
    assert not at.exception and not at.error
    root = trace(at)["nodes"][0]
    assert root["decision"]["stop"] == "min_branch_weight"
    for row in root["scores"]:
        assert not row["branches"]  # the case under test
        at.selectbox(key=node_widget(at, "inspect_", 0)).set_value(row["attribute"]).run()
        assert not at.exception
        assert said(at, lang, row["attribute"], f"{weight:g}")
        named = rf"\text{{{escape_latex(row['attribute'])}}}"
        assert not [f for f in at.latex if named in f.value]  # no formulas summing nothing
        assert [f for f in at.get("plotly_chart") if "curve_" in f.proto.id] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_candidate_with_a_split_still_shows_its_branches(lang):
    """The same weight leaves a nominal attribute its branches: they and its formulas show."""
    at = opened(lang, "watermelon_3.0", 6.0)
    assert not at.exception
    root = trace(at)["nodes"][0]
    nominal = next(r for r in root["scores"] if r["kind"] == "nominal")
    at.selectbox(key=node_widget(at, "inspect_", 0)).set_value(nominal["attribute"]).run()
    assert not at.exception
    assert not said(at, lang, nominal["attribute"], "6")
    named = rf"\text{{{escape_latex(nominal['attribute'])}}}"
    assert [f for f in at.latex if named in f.value]
