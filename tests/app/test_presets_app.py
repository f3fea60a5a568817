"""The exercises page's book-exercises tab in both languages: every preset opens, its answer
shows without an exception or a bare catalogue key, and "open on the grow page" sets the
sidebar to the preset's data and options."""

from __future__ import annotations

import json

import pytest
from test_exercises import open_exercises
from test_languages import english_sentences, rendered_text

from dtree_core.exercises_presets import PRESETS, preset
from ui.messages import EN, t
from ui.messages_zh import ZH

PAGE = "pages/exercises.py"


open_tab = open_exercises  # the exercises page on watermelon 2.0 (tests/app/test_exercises.py)


def shown_text(at) -> str:
    kinds = ("markdown", "caption", "info", "warning", "code")
    parts = [e.value for kind in kinds for e in at.get(kind)]
    for frame in at.dataframe:
        parts += [str(c) for c in frame.value.columns] + [str(i) for i in frame.value.index]
        parts += [str(v) for v in frame.value.to_numpy().ravel()]
    return "\n".join(str(p) for p in parts).replace("\\", "")


def leaked_keys(text: str) -> list[str]:
    return [key for key in EN if key.startswith(("preset.", "ex.tab.presets")) and key in text]


def test_every_preset_has_its_words_in_both_languages():
    for p in PRESETS:
        assert p.question_key in EN and p.question_key in ZH
        if not p.runnable:
            assert f"preset.why.{p.not_runnable}" in EN and f"preset.why.{p.not_runnable}" in ZH
        for fact in p.answer().facts if p.runnable else ():
            assert f"preset.fact.{fact.code}" in EN, (p.key, fact.code)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_preset_opens_and_answers(lang):
    catalogue = EN if lang == "en" else ZH
    at = open_tab(lang)
    for p in PRESETS:
        at.selectbox(key="preset_key").set_value(p.key).run()
        assert not at.exception, p.key
        text = shown_text(at)
        assert t(p.question_key, _lang=lang) in text, p.key  # a book's quoted words unbracketed
        if not p.runnable:
            assert catalogue[f"preset.why.{p.not_runnable}"] in text
            continue
        at.toggle(key=f"preset_show::{p.key}").set_value(True).run()
        assert not at.exception and not at.error, p.key
        text = shown_text(at)
        assert leaked_keys(text) == [], p.key
        if lang == "zh":
            shown = rendered_text(at)
            english = {piece: key for piece, key in english_sentences().items() if piece in shown}
            assert english == {}, p.key


def test_the_answer_shows_the_runs_numbers():
    at = open_tab("en")
    at.selectbox(key="preset_key").set_value("zhou-4.4").run()
    at.toggle(key="preset_show::zhou-4.4").set_value(True).run()
    text = shown_text(at)
    accuracies = [f.values["accuracy"] for f in preset("zhou-4.4").answer().facts
                  if f.code == "validation_accuracy"]
    for accuracy in accuracies:
        assert f"validation accuracy {accuracy:.1%}" in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_answers_trees_mark_the_leaves_pruning_made_in_words(lang):
    """Exercise 4.4's pre-pruned tree marks its pre-pruned leaves and the post-pruned tree its
    pruned ones, in the page's words (the code [pre_pruned] was once printed raw)."""
    at = open_tab(lang)
    at.selectbox(key="preset_key").set_value("zhou-4.4").run()
    at.toggle(key="preset_show::zhou-4.4").set_value(True).run()
    trees = "\n".join(c.value for c in at.code)
    words = ZH if lang == "zh" else EN
    assert f"[{words['preset.kind.pre_pruned']}]" in trees
    assert f"[{words['preset.kind.pruned']}]" in trees
    assert "pre_pruned" not in trees and "[pruned]" not in trees


def test_significance_preset_draws_the_cd_chart_with_every_learner():
    at = open_tab("zh")
    at.selectbox(key="preset_key").set_value("zhou-4.6").run()
    at.toggle(key="preset_show::zhou-4.6").set_value(True).run()
    assert not at.exception
    charts = at.get("plotly_chart")
    spec = json.loads(charts[-1].proto.spec)
    ranks = preset("zhou-4.6").answer().tables["mean_ranks"]["mean_rank"].tolist()
    assert spec["data"][0]["x"] == pytest.approx(ranks)
    cd = next(f.values["cd"] for f in preset("zhou-4.6").answer().facts if f.code == "nemenyi")
    assert spec["data"][0]["error_x"]["value"] == pytest.approx(cd / 2)


def test_growth_order_table_in_chinese_names_the_root_in_chinese():
    at = open_tab("zh")
    at.selectbox(key="preset_key").set_value("zhou-4.7").run()
    at.toggle(key="preset_show::zhou-4.7").set_value(True).run()
    table = next(f.value for f in at.dataframe if ZH["preset.col.step"] in f.value.columns)
    assert list(table.columns)[:4] == [ZH["preset.col.step"], ZH["preset.col.node"],
                                       ZH["preset.col.depth"], ZH["preset.col.path"]]
    assert table.iloc[0][ZH["preset.col.path"]] == ZH["preset.root"]
    assert table.iloc[1][ZH["preset.col.path"]] == "纹理=清晰"
    assert set(table[ZH["preset.col.kind"]]) == {ZH["preset.kind.split"], ZH["preset.kind.leaf"]}


def test_open_on_the_grow_page_sets_the_sidebar():
    at = open_tab("en")
    at.selectbox(key="preset_key").set_value("zhou-4.7").run()
    at.button(key="preset_open::zhou-4.7").click().run()
    assert not at.exception
    at.run()
    current = at.session_state["current"]
    assert current["options"].max_depth == 2 and current["options"].algorithm == "id3"
    assert at.session_state["bundled_key"] == "watermelon_2.0"
    assert at.session_state["order"] == "bfs"


def test_open_a_pruning_preset_uses_the_paired_validation_set():
    at = open_tab("en")
    at.selectbox(key="preset_key").set_value("zhou-4.7").run()
    at.button(key="preset_open::zhou-4.7").click().run()
    at.switch_page(PAGE).run()
    at.selectbox(key="preset_key").set_value("zhou-4.4").run()
    at.button(key="preset_open::zhou-4.4").click().run()
    at.run()
    assert not at.exception
    options = at.session_state["current"]["options"]
    assert (options.algorithm, options.max_depth, options.prune) == ("cart", None, "rep")
    assert at.session_state["bundled_key"] == "watermelon_2.0_train"
    assert at.session_state["current"]["trace"]["pruning"]  # pruned by the paired set
