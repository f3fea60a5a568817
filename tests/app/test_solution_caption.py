"""The exercises page's worked solution says how its numbers are written, and its example is
what the solution of watermelon 2.0's root writes: Gain(D, 色泽) = 0.9975 − (…) = 0.108, a
4-decimal term whose result has 3 (the caption used to say every number was rounded to 3
decimals, above that very formula)."""

from __future__ import annotations

import re

import pytest

from dtree_core import DecisionTree
from dtree_core.loading import load_path, prepare
from dtree_core.solution import solve, to_markdown
from tests.conftest import dataset_path
from ui.messages import t


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_caption_s_example_is_what_the_root_s_solution_writes(lang):
    prepared = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    trace = DecisionTree("id3").fit(prepared.X, prepared.y).trace_.to_dict()
    lines = to_markdown(solve(trace, 0, "node"), lang).splitlines()
    term, result = re.search(r"(\d\.\d{4}) − … = (\d\.\d{3})",
                             t("ex.solution.caption", _lang=lang)).groups()
    start = next(i for i, line in enumerate(lines) if r"\mathrm{Gain}(D, \text{色泽}) &=" in line)
    assert lines[start + 1].startswith(f"&= {term} - ")
    assert lines[start + 2].strip() == f"&= {result}"
