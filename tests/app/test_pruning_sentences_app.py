"""The pruning phase's sentences, in English and Chinese, say what each event's numbers and
action are: the catalogue has a sentence for every event pruning can record (weighted rows
whose accuracies differ by 1e-10 among them), the numbers it writes are the event's, and,
read back, they compare as its rule decided. Seeded random data for every method, and the
page itself stepped through a random file's pessimistic and cost-complexity pruning."""

from __future__ import annotations

import re

import pytest
from app_helpers import new_app, trace

from tests.core.test_pruning_sentences import (
    RAISING_METHODS,
    RANDOM_METHODS,
    random_data,
    random_events,
    weighted_events,
)
from ui.messages import LANGUAGES, t
from ui.pruning import event_values, measure_text, reason_key

DECIMALS = 3
LANGS = ("en", "zh")


@pytest.mark.parametrize("prune,unknown_class", [("rep", "n"), ("pre", "y")])
@pytest.mark.parametrize("lang", LANGS)
def test_an_accuracy_1e_10_apart_has_its_sentence(prune, unknown_class, lang):
    """Before, reduced-error pruning kept a leaf 1e-10 better ('prune.reason.rep.keep.gt',
    shown as a raw key) and pre-pruning refused a split 1e-10 better
    ('prune.reason.pre.prune.gt')."""
    [event] = weighted_events(prune, unknown_class)
    key = reason_key(event, prune)
    assert key in LANGUAGES[lang][1] and f".{event['action']}." in key, key
    assert key.endswith(".gt")


def read_number(text: str) -> float:
    """A number as a sentence writes it: 42.9% is 0.429."""
    return float(text[:-1]) / 100 if text.endswith("%") else float(text)


def written_relation(values: dict) -> str:
    """How the sentence's after compares with its before, as written."""
    before, after = read_number(values["before"]), read_number(values["after"])
    return "eq" if values["before"] == values["after"] else "gt" if after > before else "lt"


def agrees(key: str, values: dict, margin: float) -> bool:
    """The key's comparison holds of the numbers as the sentence writes them."""
    found = written_relation(values)
    method, relation = key.split(".")[2], key.split(".")[-1]
    if method == "ccp":  # g(t) (before) ≤ or > ccp_alpha (after)
        return {"le": found in ("gt", "eq"), "gt": found == "lt"}[relation]
    if method in ("pep", "pep_margin"):  # leaf (after) ≤ or > subtree (before) + margin
        before = read_number(values["before"]) + margin
        after = read_number(values["after"])
        return after <= before + 1e-12 if relation == "le" else after > before - 1e-12
    return {"gt": found == "gt", "eq": found == "eq", "lt": found == "lt"}[relation]


@pytest.mark.parametrize("algorithm,params", RANDOM_METHODS)
@pytest.mark.parametrize("seed", range(12))
def test_every_random_event_is_worded_by_its_numbers_in_both_languages(seed, algorithm, params):
    grown, events = random_events(seed, algorithm, params)
    method = params["prune"]
    for event in events:
        key = reason_key(event, method)
        values = event_values(grown, event, DECIMALS)
        assert values["before"] == measure_text(event, event["before"], DECIMALS)
        assert values["after"] == measure_text(event, event["after"], DECIMALS)
        assert f".{event['action']}." in key, (key, event)
        assert agrees(key, values, event.get("margin") or 0.0), (key, values, event)
        counts = grown["nodes"][event["node"]]["class_counts"]  # "a leaf labelled {label}"
        assert counts[values["label"]] == max(counts.values()), (values, counts)
        for lang in LANGS:
            catalogue = LANGUAGES[lang][1]
            assert key in catalogue, (lang, key, event)
            sentence = t(key, _lang=lang, **values)
            for name in ("before", "after"):
                if "{" + name + "}" in catalogue[key]:
                    assert values[name] in sentence, (lang, name, sentence)


@pytest.mark.parametrize("algorithm,params", RAISING_METHODS)
@pytest.mark.parametrize("seed", range(12))
def test_every_random_raising_event_is_worded_by_its_verdict_in_both_languages(seed, algorithm,
                                                                              params):
    """A raising event's key names the tests that passed (ui.pruning.raising_key); one the
    action contradicts ends in '.??', which no catalogue has."""
    grown, events = random_events(seed, algorithm, params)
    for k, event in enumerate(events):
        key = reason_key(event, "pep")
        assert not key.endswith(".??") and f".{event['action']}" in key, (key, event)
        values = event_values(grown, event, DECIMALS, k)
        for lang in LANGS:
            catalogue = LANGUAGES[lang][1]
            assert key in catalogue, (lang, key, event)
            sentence = t(key, _lang=lang, **values)
            assert all(values[name] in sentence for name in ("leaf", "tree", "branch")
                       if "{" + name + "}" in catalogue[key]), (lang, sentence)


# --------------------------------------------------------------------- the page itself


def random_csv(seed: int) -> bytes:
    X, y = random_data(seed)
    return X.assign(cls=y).to_csv(index=False).encode("utf-8")


def plain(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@pytest.mark.parametrize("lang,algorithm,method", [("en", "c45", "pep"), ("zh", "cart", "ccp")])
def test_the_page_says_each_random_event_as_its_numbers_and_action(lang, algorithm, method):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("random.csv", random_csv(3), "text/csv")).run()
    at.selectbox(key="algorithm").set_value(algorithm).run()
    at.selectbox(key="prune").set_value(method).run()
    if method == "ccp":
        at.number_input(key="ccp_alpha").set_value(0.01).run()
    assert not at.exception and not at.error
    shown_trace = trace(at)
    events = shown_trace["pruning"]
    assert {e["action"] for e in events} == {"prune", "keep"}
    words = LANGUAGES[lang][1]
    for k, event in enumerate(events):
        values = event_values(shown_trace, event, DECIMALS, k)
        expected = t(reason_key(event, method), _lang=lang, **values)
        assert plain(at.info[-1].value) == expected, k
        metrics = {m.label: m.value for m in at.metric}
        assert metrics[words[f"prune.before.{method}"]] == values["before"]
        assert metrics[words[f"prune.after.{method}"]] == values["after"]
        assert metrics[words["prune.verdict"]] == words[f"prune.action.{event['action']}"]
        if k < len(events) - 1:
            at.button(key="prune_next").click().run()
