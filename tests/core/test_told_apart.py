"""A comparison that decided is written with numbers that read apart (README: ties are never
hidden, and no sentence says 0.000 < 0.000): the core's solution, its Compare sentence and
its pruning notes, on the cases a review found (penguins, watermelon 2.0, loan_lihang)."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from dtree_core import DecisionTree, datasets
from dtree_core.compare import explain, first_disagreement
from dtree_core.datasets import load_path
from dtree_core.dot import event_note
from dtree_core.loading import prepare
from dtree_core.pruning import event_number, event_places
from dtree_core.solution import solve, to_markdown
from dtree_core.split import places_apart, told_apart, told_apart_percent


def bundled_trace(key: str, algorithm: str, **params) -> dict:
    found = datasets.get(key)
    data = prepare(load_path(found.path), found.target)
    return DecisionTree(algorithm, nominal=data.nominal, continuous=data.continuous,
                        **params).fit(data.X, data.y).trace_.to_dict()


def reads_as(text: str, value: float) -> bool:
    """Is text the value rounded to text's own decimals?"""
    places = len(text.partition(".")[2])
    return text == f"{value:.{places}f}"


# --------------------------------------------------------------------- the helpers


def test_places_apart_tells_every_pair_apart_at_once():
    # 0.0149 and 0.0151 read apart at 2 places (0.01, 0.02) but not at 3 (0.015, 0.015):
    # the places are the fewest at which every pair reads apart, not the largest of each's.
    pairs = [(0.0149, 0.0151), (0.5, 0.5001)]
    places = places_apart(pairs, 2)
    assert all(f"{a:.{places}f}" != f"{b:.{places}f}" for a, b in pairs)
    assert places == 4
    assert places_apart([(0.1, 0.1), (0.3, 0.3 + 1e-12)], 3) == 3  # ties ask for none
    assert told_apart(0.0222840, 0.0222727, 3) == ("0.02228", "0.02227")


# --------------------------------------------------------------------- the worked solution


def best_line(markdown: str, symbol: str) -> str:
    return next(line for line in markdown.splitlines() if symbol in line and r"\max" in line)


def test_cart_solution_tells_the_rho_weighted_winner_from_the_rest():
    """Penguins, CART, node 5: island's ρ·ΔGini 2.5e-05 against year's 1.7e-05 and 0; the
    solution printed max{0.000, 0.000, …} = 0.000 naming island with no tie."""
    trace = bundled_trace("penguins", "cart")
    node = trace["nodes"][5]
    won = next(r for r in node["scores"] if r["chosen"])
    assert won["attribute"] == "island" and not node["decision"].get("ties")
    line = best_line(to_markdown(solve(trace, 5, "node"), "en"), r"\Delta\mathrm{Gini}")
    listed = re.search(r"\\max\\\{([^}]*)\\\} = ([0-9.]+)", line)
    values, result = listed.group(1).split(", "), listed.group(2)
    rivals = [r for r in node["scores"] if r.get("eligible", True) and r is not won]
    assert values.count(result) == 1  # the winner reads apart from every rival
    assert reads_as(result, won["gini_gain"])
    assert all(reads_as(v, r["gini_gain"]) for v, r in zip(
        [v for v in values if v != result], rivals, strict=True))


def test_id3_solution_tells_the_largest_gain_from_the_runner_up():
    """Penguins, ID3, node 18: island 0.00520 against year 0.00467 read max{0.005, …, 0.005}."""
    trace = bundled_trace("penguins", "id3")
    node = trace["nodes"][18]
    gains = {r["attribute"]: r["gain"] for r in node["scores"]}
    assert f"{gains['island']:.3f}" == f"{gains['year']:.3f}" and gains["island"] > gains["year"]
    line = best_line(to_markdown(solve(trace, 18, "node"), "zh"), r"\mathrm{Gain}")
    island, year = told_apart(gains["island"], gains["year"], 3)
    assert f"= {island}" in line and year in line and island != year


def test_c45_solution_tells_each_gain_from_the_mean():
    """Penguins, C4.5, node 46: year's Gain 0.008709 fails the mean 0.009437; both read 0.009."""
    trace = bundled_trace("penguins", "c45")
    node = trace["nodes"][46]
    mean = node["decision"]["mean_gain"]
    year = next(r for r in node["scores"] if r["attribute"] == "year")
    assert f"{year['gain']:.3f}" == f"{mean:.3f}" and year["gain"] < mean
    markdown = to_markdown(solve(trace, 46, "node"), "en")
    equation = next(line for line in markdown.splitlines() if r"\frac{" in line
                    and line.count("+") >= len(node["scores"]) - 1)
    shown_year, shown_mean = told_apart(year["gain"], mean, 3)
    assert shown_year in equation and equation.rstrip("$ ").endswith(f"= {shown_mean}")


# --------------------------------------------------------------------- Compare


def close_disagreement():
    """ID3 and C4.5 stumps that differ at the root, where ID3 takes c by Gain 0.06822 over
    b's 0.06798 (alike to 3 decimals)."""
    rows = ["pvxn", "tuxy", "ruyy", "ruyn", "pvxy", "ruxy", "quxy", "ruyn", "pvzy", "svxy",
            "puxy", "tvzy", "tvzy", "pvzn", "ruzy", "suzn", "quxn", "tvxn", "suxn", "tuxn",
            "quxn", "qvyy", "tvzy", "puxn", "tuyn", "puzy", "suzy", "pvyy", "pvyy", "suxn"]
    X = pd.DataFrame([list(r[:3]) for r in rows], columns=["a", "b", "c"])
    y = pd.Series([{"y": "yes", "n": "no"}[r[3]] for r in rows], name="y")
    traces = [DecisionTree(a, max_depth=1).fit(X, y).trace_.to_dict() for a in ("id3", "c45")]
    return first_disagreement(traces, ["ID3", "C4.5"])


def test_compare_sentence_tells_the_pick_from_its_rival():
    """ID3 takes c by Gain 0.06822 over b's 0.06798: the sentence read '(0.068; b 0.068)'."""
    found = close_disagreement()
    pick = found.picks[0]
    (rival, value, _), = pick.rivals
    assert f"{pick.value:.3f}" == f"{value:.3f}" and pick.value > value
    shown_pick, shown_rival = told_apart(pick.value, value, 3)
    assert f"({shown_pick}; {rival} {shown_rival})" in explain(found)


# --------------------------------------------------------------------- pruning notes


def test_pruning_note_tells_a_strict_comparison_apart():
    """The DOT's event note said '0.039 → 0.039' for g(t) 0.039216 kept over ccp_alpha 0.0392,
    and '49.9% → 49.9%' for a validation accuracy that fell from 0.49925 to 0.49875."""
    ccp = {"node": 3, "action": "keep", "measure": "effective_alpha", "before": 0.0392157,
           "after": 0.0392}
    assert event_note(ccp, 3) == "g(t) 0.03922 > α 0.03920"  # a comparison, not before → after
    pruned = {**ccp, "action": "prune", "before": 0.0333, "after": 0.05}
    assert event_note(pruned, 3) == "g(t) 0.033 < α 0.050"
    pre = {"node": 0, "action": "prune", "measure": "validation_accuracy", "before": 0.49925,
           "after": 0.49875}
    before, after = event_note(pre, 3).split(" → ")
    assert before != after and event_number(pre, 0.49925, 3) == before
    tie = {"node": 0, "action": "prune", "measure": "validation_accuracy", "before": 3 / 7,
           "after": 3 / 7}
    assert event_note(tie, 3) == "42.9% → 42.9%"


@pytest.mark.parametrize(("before", "after", "margin"), [(5.2184, 5.2187, 0.0), (5.0, 5.1004, 0.1)])
def test_a_margin_is_written_to_the_places_of_what_it_was_added_to(before, after, margin):
    """J48's test is leaf ≤ subtree + margin: the places tell the leaf from that sum."""
    event = {"measure": "estimated_errors", "before": before, "after": after, "margin": margin}
    places = event_places(event, 3)
    assert f"{before + margin:.{places}f}" != f"{after:.{places}f}"


# --------------------------------------------------------------------- a leaf's ε


def test_epsilon_leaf_tells_the_largest_gain_from_epsilon():
    """loan_lihang with ε = 0.42: the largest gain 0.41997 read 'g(D, A_g) = 0.420 < ε = 0.42'."""
    trace = bundled_trace("loan_lihang", "id3", min_gain=0.42)
    root = trace["nodes"][0]
    largest = max(r["gain"] for r in root["scores"])
    assert root["decision"]["kind"] == "leaf" and f"{largest:.3f}" == "0.420"
    text = to_markdown(solve(trace, 0, "node", notation="lihang"), "en")
    stop = next(line for line in text.splitlines() if "ε = 0.42" in line)
    assert f"g(D, A_g) = {told_apart(largest, 0.42, 3)[0]}," in stop
    assert "0.420" not in stop


# --------------------------------------------------------------------- percentages


def test_percentages_told_apart_and_a_tie_at_one_place():
    assert told_apart_percent(0.49925, 0.49875) != ("49.9%", "49.9%")
    before, after = told_apart_percent(0.49925, 0.49875)
    assert before != after and before.endswith("%") and after.endswith("%")
    assert told_apart_percent(3 / 5, 3 / 5) == ("60.0%", "60.0%")
    assert told_apart_percent(5 / 7, 3 / 7) == ("71.4%", "42.9%")
