"""Where a page compares a winner with a loser, or a value with a bound, the two numbers read
apart (README: every sentence is what the code did; ties are never hidden). The cases a
review found: penguins' node panels (CART's ρ·ΔGini, ID3's Gain, C4.5's mean), the pruning
phase (g(t) against ccp_alpha, Li Hang's C_α, a validation accuracy), Li Hang's step (4)
against ε, and a change of 0.0 points drawn as a green rise; both languages."""

from __future__ import annotations

import html
import re

import pyarrow as pa
import pytest
from app_helpers import grown_app, new_app, page_app, started_app, trace
from streamlit.proto.Metric_pb2 import Metric

from dtree_core.split import told_apart
from ui.messages import LANGUAGES


def plain(text: str) -> str:
    """Markdown as read: values are backslash-escaped by ui.messages.literal."""
    return re.sub(r"\\(.)", r"\1", str(text))


def said(at) -> list[str]:
    """Every sentence and caption the page shows, as read."""
    found = []
    for kind in ("markdown", "caption", "info", "success", "warning"):
        found += [plain(e.value) for e in at.get(kind)]
    return found + [html.unescape(e.proto.body) for e in at.get("html")]  # Fig. 4.2's lines


def display_values(df):
    """A Styler's cells as shown (its display values)."""
    return pa.ipc.open_stream(df.proto.arrow_data.styler.display_values).read_all().to_pandas()


def penguins_node(algorithm: str, node: int, lang: str = "en"):
    at = started_app(lang)
    at.selectbox(key="bundled_key").set_value("penguins")
    at.selectbox(key="algorithm").set_value(algorithm).run()
    at.selectbox(key="jump").set_value(node).run()
    assert not at.exception and not at.error
    return at, trace(at)["nodes"][node]


def row(node: dict, attribute: str) -> dict:
    return next(r for r in node["scores"] if r["attribute"] == attribute)


# --------------------------------------------------------------------- the node panel


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cart_rho_weighted_decrease_reads_apart_from_the_loser(lang):
    """Penguins, CART, node #5: island's ρ·ΔGini 2.5e-05 beat bill_length_mm's 0 and year's
    1.7e-05; the note said '= 0.000 is less than island's 0.000', the rule 'ρ·ΔGini = 0.000'."""
    at, node = penguins_node("cart", 5, lang)
    island, bill = row(node, "island"), row(node, "bill_length_mm")
    assert island["chosen"] and not node["decision"].get("ties")
    assert f"{island['gini_gain']:.3f}" == f"{bill['gini_gain']:.3f}" == "0.000"
    loser, winner = told_apart(bill["gini_gain"], island["gini_gain"], 3)
    assert loser != winner
    note = next(s for s in said(at) if s.startswith("bill_length_mm") and "0.994" in s)
    assert f"= {loser}" in note and winner in note, note
    why = next(s for s in said(at) if s.startswith("island") and "ρ·(" in s)
    assert f"= {winner}" in why, why


def test_id3_winner_reads_apart_in_the_table_and_the_sentence():
    """Penguins, ID3, node #18: island's Gain 0.00520 ✓ beside year's 0.00467, both '0.005'."""
    at, node = penguins_node("id3", 18)
    island, year = row(node, "island")["gain"], row(node, "year")["gain"]
    assert f"{island:.3f}" == f"{year:.3f}" and island > year
    table = display_values(next(df for df in at.dataframe if "Gain_ratio" in df.value.columns))
    shown = dict(zip(table["attribute"], table["Gain"], strict=True))
    assert shown["island"] != shown["year"], shown
    assert (shown["island"], shown["year"]) == told_apart(island, year, 3)
    assert f"island has the largest information gain, {shown['island']}." in said(at)


def test_c45_gains_read_apart_from_the_mean_they_are_filtered_by():
    """Penguins, C4.5, node #46: year's Gain 0.008709 is ✗ under 'Gain ≥ mean' beside a mean
    of 0.009437; table and caption both read 0.009."""
    at, node = penguins_node("c45", 46)
    mean, year = node["decision"]["mean_gain"], row(node, "year")["gain"]
    assert f"{mean:.3f}" == f"{year:.3f}" and year < mean
    table = display_values(next(df for df in at.dataframe if "Gain_ratio" in df.value.columns))
    shown_year = dict(zip(table["attribute"], table["Gain"], strict=True))["year"]
    caption = next(s for s in said(at) if s.startswith("Mean gain"))
    shown_mean = caption.rsplit(" ", 1)[1]
    assert shown_year != shown_mean
    assert (shown_year, shown_mean) == told_apart(year, mean, 3)


def test_compare_sentence_reads_the_pick_apart_from_its_rival():
    """ID3 takes c by Gain 0.06822 over b's 0.06798: 'ID3 takes c by Gain (0.068; b 0.068)'."""
    from tests.core.test_told_apart import close_disagreement
    from ui.compare import why_sentence

    found = close_disagreement()
    pick = found.picks[0]
    (rival, value, _), = pick.rivals
    assert f"{pick.value:.3f}" == f"{value:.3f}" and pick.value > value
    shown_pick, shown_rival = told_apart(pick.value, value, 3)
    assert f"({shown_pick}; {rival} {shown_rival})" in plain(why_sentence(found, 3))


# --------------------------------------------------------------------- the pruning phase


def event_sentences(at) -> list[str]:
    """Each pruning event's sentence (the last info box), stepping through the events."""
    found = []
    events = len(trace(at)["pruning"])
    for k in range(events):
        if events > 1:  # one event: the slider is disabled
            at.slider(key="prune_slider").set_value(k + 1).run()
        found.append(plain(at.info[-1].value))
    return found


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_effective_alpha_reads_apart_from_ccp_alpha(lang):
    """Watermelon 2.0, CART, ccp_alpha 0.0392: 'g(t) = 0.039 > ccp_alpha = 0.039' for the
    subtree on 色泽, whose g(t) is 0.039216."""
    at = started_app(lang)
    at.selectbox(key="bundled_key").set_value("watermelon_2.0")
    at.selectbox(key="algorithm").set_value("cart").run()
    at.selectbox(key="prune").set_value("ccp").run()
    at.number_input(key="ccp_alpha").set_value(0.0392).run()
    events = trace(at)["pruning"]
    close = [k for k, e in enumerate(events) if f"{e['before']:.3f}" == f"{e['after']:.3f}"]
    assert close
    sentences = event_sentences(at)
    for k in close:
        g, alpha = told_apart(events[k]["before"], events[k]["after"], 3)
        assert g != alpha and f"g(t) = {g} > ccp_alpha = {alpha}" in sentences[k], sentences[k]
    at.slider(key="prune_slider").set_value(close[0] + 1).run()
    shown = {m.value for m in at.metric}
    assert set(told_apart(events[close[0]]["before"], events[close[0]]["after"], 3)) <= shown
    note = re.search(rf'n{events[close[0]]["node"]} \[.*', at.session_state["prune_dot_source"])
    assert "0.039 → 0.039" not in note.group(0)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_li_hangs_loss_before_and_after_read_apart(lang):
    """?data=watermelon_2.0&prune=cost&ccp_alpha=3.609: 'C_α after retracting 21.314 > C_α
    before 21.314' (21.3145 against 21.3138); the terms add up to what is shown."""
    at = new_app()
    for key, value in {"data": "watermelon_2.0", "prune": "cost", "ccp_alpha": "3.609",
                       "lang": lang}.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception and not at.error
    events = trace(at)["pruning"]
    last = events[-1]
    assert f"{last['before']:.3f}" == f"{last['after']:.3f}" and last["action"] == "keep"
    sentence = event_sentences(at)[-1]
    before, after = told_apart(last["before"], last["after"], 3)
    assert before != after and before in sentence and after in sentence, sentence
    places = len(before.partition(".")[2])
    terms = next(s for s in said(at) if "Σ N_t·H_t = " in s)
    assert f"{last['fit_before']:.{places}f}" in terms, terms


def pre_pruning_rows(n: int, seed: int) -> bytes:
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    a, b, c = rng.choice(["x", "y"], n), rng.choice(["p", "q"], n), rng.choice(["u", "v", "w"], n)
    y = np.where(a == "x", "yes", "no")
    y = np.where(rng.random(n) < 0.3, np.where(y == "yes", "no", "yes"), y)
    return pd.DataFrame({"a": a, "b": b, "c": c, "y": y}).to_csv(index=False).encode()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_validation_accuracy_that_falls_reads_apart(lang):
    """Pre-pruning judged on 2001 validation rows: 'would fall from 49.9% to 49.9%' (0.49925
    against 0.49875)."""
    at = started_app(lang)
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("train.csv", pre_pruning_rows(40, 1),
                                              "text/csv")).run()
    at.selectbox(key="prune").set_value("pre").run()
    at.radio(key="validation_source::False").set_value("upload").run()
    at.file_uploader(key="validation_upload").set_value(("val.csv", pre_pruning_rows(2001, 22),
                                                         "text/csv")).run()
    assert not at.exception and not at.error
    events = trace(at)["pruning"]
    close = [k for k, e in enumerate(events)
             if f"{100 * e['before']:.1f}" == f"{100 * e['after']:.1f}"
             and e["before"] != e["after"]]
    assert close
    sentences = event_sentences(at)
    for k in close:
        before, after = told_apart(100 * events[k]["before"], 100 * events[k]["after"], 1)
        assert before != after and f"{before}%" in sentences[k] and f"{after}%" in sentences[k]


# --------------------------------------------------------------------- Li Hang's step (4)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_li_hangs_step_4_reads_the_gain_apart_from_epsilon(lang):
    """loan_lihang, ε = 0.42: step (4) was lit with 'g(D, A_g) = 0.420 < ε = 0.42' (0.41997)."""
    at = new_app()
    for key, value in {"data": "loan_lihang", "min_gain": "0.42", "lang": lang,
                       "notation": "lihang"}.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception and not at.error
    root = trace(at)["nodes"][0]
    largest = max(r["gain"] for r in root["scores"])
    assert root["decision"]["kind"] == "leaf" and f"{largest:.3f}" == "0.420"
    lit = [s for s in said(at) if "< ε = 0.42" in s]
    assert lit
    assert all("0.420 < ε" not in s for s in lit)
    assert any(f"g(D, A_g) = {told_apart(largest, 0.42, 3)[0]} < ε = 0.42" in s for s in lit)


# --------------------------------------------------------------------- a change of zero


def test_a_vote_as_good_as_one_tree_is_no_green_rise():
    """Exercises → instability, watermelon 3.0, seed 1: vote and single tree both 60.0%; the
    vote's delta read '+0.0 percentage points' in green with an up arrow."""
    at = page_app("pages/exercises.py", "watermelon_3.0", "en")
    at.number_input(key="inst_seed").set_value(1).run()
    at.button(key="inst_run").click().run()
    assert not at.exception
    words = LANGUAGES["en"][1]
    vote = next(m for m in at.metric if m.label == words["inst.vote"])
    single = next(m for m in at.metric if m.label == words["inst.single"])
    assert vote.value == single.value == "60.0%"
    assert_no_change(vote)


def assert_no_change(metric) -> None:
    """A metric whose delta is zero: no sign, grey, no arrow."""
    assert not metric.proto.delta.startswith("+")
    assert metric.proto.color == Metric.GRAY
    assert metric.proto.direction == Metric.NONE


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_hand_edit_that_keeps_the_accuracy_is_no_green_rise(lang):
    """Pruning the book's unpruned tree at the root keeps 42.9%: not a '+0.0' rise."""
    from test_handedit_app import book_example_unpruned, edit

    at = edit(book_example_unpruned(lang), "root", "prune")
    words = LANGUAGES[lang][1]
    before = next(m for m in at.metric if m.label == words["he.before"])
    after = next(m for m in at.metric if m.label == words["he.after"])
    assert before.value == after.value == "42.9%"
    assert_no_change(after)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_li_hangs_penalty_is_the_product_of_the_numbers_beside_it(lang):
    """α = 0.0625 on loan_lihang: 'α|T| = 0.062 × 3 = 0.188' (0.062 × 3 is 0.186); α is
    written as typed and each product exactly: 0.0625 × 3 = 0.1875."""
    at = new_app()
    for key, value in {"data": "loan_lihang", "algorithm": "id3", "prune": "cost",
                       "ccp_alpha": "0.0625", "lang": lang}.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception and not at.error
    event_sentences(at)
    terms = [s for s in said(at) if "Σ N_t·H_t = " in s]
    assert terms
    for text in terms:
        products = re.findall(r"α\|T\| = ([\d.]*\d) × (\d+) = ([\d.]*\d)", text)
        assert len(products) == 2, text
        for alpha, leaves, product in products:
            assert alpha == "0.0625" and float(product) == float(alpha) * int(leaves), text


@pytest.mark.parametrize("decimals", [0, 1])
def test_pessimistic_pruning_writes_its_cf_as_typed(decimals):
    """At 1 decimal CF 0.25 read 'CF = 0.2', at none 'CF = 0' (no CF the method takes)."""
    at = started_app("en")
    at.selectbox(key="bundled_key").set_value("watermelon_3.0")
    at.selectbox(key="algorithm").set_value("c45").run()
    at.selectbox(key="prune").set_value("pep").run()
    at.number_input(key="decimals").set_value(decimals).run()
    assert not at.exception and not at.error
    sentences = event_sentences(at)
    assert any("0.25" in s for s in sentences), sentences
    assert not [s for s in sentences if re.search(r"CF = 0(\.2)?(?![\d.])", s)], sentences


def test_a_ccp_alpha_that_is_not_0_does_not_read_0():
    """decimals 1, ccp_alpha 0.01: 'g(t) = 0.2 > ccp_alpha = 0.0'."""
    from dtree_core.pruning import event_number

    event = {"node": 3, "action": "keep", "before": 0.2, "after": 0.01,
             "measure": "effective_alpha"}
    assert event_number(event, 0.01, 1) == "0.01" and event_number(event, 0.2, 1) == "0.20"
    zero = {**event, "after": 0.0}
    assert event_number(zero, 0.0, 1) == "0" and event_number(zero, 0.2, 1) == "0.2"


@pytest.mark.parametrize(("dataset", "algorithm"), [("watermelon_2.0_alpha", "c45"),
                                                    ("penguins", "cart")])
def test_few_decimals_never_write_a_weight_as_zero(dataset, algorithm):
    """At 0 decimals a fractional weight of 0.0029 was written 0, its share 0, and log₂ 0
    ended the node panel in a traceback (11 of 2.0α's 26 steps)."""
    at = grown_app(dataset, algorithm)
    at.number_input(key="decimals").set_value(0).run()
    last = int(at.slider(key="step_slider").max)
    for step in range(1, last + 1):
        at.slider(key="step_slider").set_value(step).run()
        assert not at.exception, step
