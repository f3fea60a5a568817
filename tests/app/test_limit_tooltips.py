"""The sidebar's stopping limits say what they compare: the min gain's tooltip names the score
the chosen algorithm compares with it (the registry's impurity_decrease: CART's is the Gini
decrease, not a gain), in both languages and in Li Hang's words under his notation."""

from __future__ import annotations

import pytest
from app_helpers import grown_app

from dtree_core import algorithms

SCORE_WORDS = {  # (lang, notation) -> impurity_decrease -> what the tooltip must say
    ("en", "zhou"): {"gain": "information gain", "gini_gain": "Gini index",
                     "gain_ratio": "gain ratio"},
    ("zh", "zhou"): {"gain": "信息增益", "gini_gain": "基尼指数减少量", "gain_ratio": "增益率"},
    ("zh", "lihang"): {"gain": "信息增益", "gini_gain": "基尼指数减少量",
                       "gain_ratio": "信息增益比"},
}


@pytest.mark.parametrize(("lang", "notation"), list(SCORE_WORDS))
@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart", "c45_lihang"])
def test_the_min_gain_tooltip_names_the_score_the_algorithm_compares(lang, notation,
                                                                      algorithm):
    at = grown_app("watermelon_2.0", algorithm, lang=lang, notation=notation)
    decrease = algorithms.get(algorithm).impurity_decrease
    help_text = at.number_input(key="min_gain").help
    # what follows the algorithm's name (which may itself say "gain ratio")
    score = help_text.rpartition("the score is " if lang == "en" else "的得分为")[2]
    assert score and SCORE_WORDS[lang, notation][decrease] in score, help_text
    others = {word for score, word in SCORE_WORDS[lang, notation].items()
              if score != decrease and word not in SCORE_WORDS[lang, notation][decrease]}
    assert not any(word in score for word in others), help_text
    assert at.number_input(key="min_samples").help  # says it stops before any score
