"""Lecture mode's score table through AppTest: only the scores the rule reads (a projector's half
screen has no room for the rest), the chosen row highlighted as on the panel, and the focus let go
of the sidebar's switch once lecture mode is on (the browser side: tests/e2e)."""

from __future__ import annotations

import re

import pytest
from app_helpers import open_link, trace

from ui import registry
from ui.messages import t

LANGS = ("en", "zh")
HIGHLIGHT = "background-color: #ffe08a"
C45_ROOT = {"data": "watermelon_3.0", "algorithm": "c45", "step": "0", "mode": "lecture"}


def headers(at) -> list[str]:
    return list(at.table[0].value.columns)


@pytest.mark.parametrize("lang", LANGS)
def test_c45s_lecture_table_shows_the_scores_its_rule_reads(lang):
    at = open_link(C45_ROOT, lang)
    expected = ["col.attribute", "col.threshold", "col.gain", "col.gain_ratio",
                "col.above_average", "col.tied", "col.chosen"]
    assert headers(at) == [t(key, _lang=lang) for key in expected]


@pytest.mark.parametrize("algorithm", registry.keys())
def test_every_lecture_table_ends_with_tie_and_chosen_and_has_no_kind(algorithm):
    at = open_link({**C45_ROOT, "algorithm": algorithm}, "zh")
    shown = headers(at)
    assert shown[-2:] == [t("col.tied", _lang="zh"), t("col.chosen", _lang="zh")]
    assert t("col.kind", _lang="zh") not in shown
    assert len(shown) <= 7, shown  # what half of a 1024-wide projector holds (tests/e2e)


def highlighted_rows(at) -> set[int]:
    styles = at.table[0].proto.arrow_data.styler.styles
    return {int(row) for rule in styles.split("}") if HIGHLIGHT in rule
            for row in re.findall(r"_row(\d+)_col\d+", rule)}


@pytest.mark.parametrize("lang", LANGS)
def test_the_chosen_row_is_highlighted_in_lecture_mode(lang):
    at = open_link(C45_ROOT, lang)
    scores = trace(at)["nodes"][0]["scores"]
    chosen = [i for i, row in enumerate(scores) if row["chosen"]]
    assert scores[chosen[0]]["attribute"] == "含糖率"  # Zhou's C4.5 at the root of 3.0
    assert highlighted_rows(at) == set(chosen)
    cells = re.findall(rf"_row{chosen[0]}_col(\d+)", at.table[0].proto.arrow_data.styler.styles)
    assert len(set(cells)) == len(headers(at))  # the whole row


@pytest.mark.parametrize("lang", LANGS)
def test_turning_lecture_mode_on_lets_the_focus_leave_the_sidebar(lang):
    at = open_link({"data": "watermelon_2.0"}, lang)
    assert not [h for h in at.sidebar.get("html") if "blur()" in h.proto.body]
    at.toggle(key="lecture").set_value(True).run()
    blur = [h for h in at.sidebar.get("html") if "blur()" in h.proto.body]
    assert len(blur) == 1 and blur[0].proto.unsafe_allow_javascript
