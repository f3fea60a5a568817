"""The notation switch (Zhou 周志华 / Li Hang 李航) in both languages: the score table's headers
and Li Hang's H(D|A) column, the formulas, the worked solution and check-my-numbers, the link,
and Li Hang's C4.5 with its threshold ε. Every number is compared with the trace's."""

from __future__ import annotations

import re

import pytest
from app_helpers import new_app, trace

from dtree_core.checking import make_quiz
from dtree_core.solution import solve, to_markdown
from ui.messages import EN, t
from ui.messages_zh import ZH
from ui.names import dataset_name

CATALOGUES = {"en": EN, "zh": ZH}
LI_HANG_HEADERS = ("H(D|A)", "g(D, A)", "H_A(D)", "g_R(D, A)")
KEY_LEAK = re.compile(r"\b(?:setup|stop|algo|rule|col|ex)\.[a-z_]+(?:\.[a-z_]+)*\b")


def open_grow(lang: str, algorithm: str = "c45_lihang", query: dict | None = None):
    at = new_app()
    at.query_params["lang"] = lang
    for name, value in (query or {}).items():
        at.query_params[name] = value
    at.run()
    at.selectbox(key="bundled_key").set_value("loan_lihang")
    at.selectbox(key="algorithm").set_value(algorithm).run()
    assert not at.exception and not at.error
    return at


def switch(at, notation: str):
    at.radio(key="notation_picker").set_value(notation).run()
    assert not at.exception and not at.error
    return at


def shown_score_table(at):
    # Zhou's 属性 (attribute) is Li Hang's 特征 (feature) in his notation's words
    return next(df.value for df in at.dataframe
                if {"attribute", "属性", "feature", "特征"} & set(df.value.columns))


def shown_text(at) -> str:
    parts = [e.value for e in [*at.info, *at.caption, *at.markdown, *at.latex, *at.success,
                               *at.warning]]
    parts += [w.label for w in [*at.radio, *at.selectbox]]
    return "\n".join(map(str, parts))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_li_hang_headers_and_the_conditional_entropy_column(lang):
    at = switch(open_grow(lang), "lihang")
    assert at.session_state["notation"] == "lihang"
    assert at.radio(key="notation_picker").label == CATALOGUES[lang]["setup.notation"]
    frame = shown_score_table(at)
    for header in LI_HANG_HEADERS:
        assert header in frame.columns, (header, list(frame.columns))
    assert "Gain" not in frame.columns and "Gain_ratio" not in frame.columns
    rows = {r["attribute"]: r for r in trace(at)["nodes"][0]["scores"]}
    name = {"en": "feature", "zh": "特征"}[lang]  # Li Hang's word for Zhou's attribute, 属性
    assert "attribute" not in frame.columns and "属性" not in frame.columns
    for _, shown in frame.iterrows():
        row = rows[shown[name]]
        assert shown["H(D|A)"] == pytest.approx(row["entropy_known"] - row["gain"], abs=1e-12)
        assert shown["g_R(D, A)"] == row["gain_ratio"]
    assert not KEY_LEAK.search(shown_text(at)), KEY_LEAK.search(shown_text(at))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_formulas_follow_the_switch(lang):
    at = open_grow(lang)
    zhou = "\n".join(item.value for item in at.latex)
    assert r"\mathrm{Ent}(D)" in zhou and "H(D)" not in zhou
    at = switch(at, "lihang")
    li_hang = "\n".join(item.value for item in at.latex)
    assert "H(D) = -" in li_hang and r"\mathrm{Ent}" not in li_hang
    assert r"g(D, \text{" in li_hang and r"H(D \mid \text{" in li_hang
    assert r"g_R(D, \text{" in li_hang and r"\mathrm{Gain" not in li_hang
    switch(at, "zhou")
    assert r"\mathrm{Gain}(D, \text{" in "\n".join(item.value for item in at.latex)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_epsilon_leaf_says_li_hangs_words(lang):
    at = open_grow(lang)
    at.number_input(key="min_gain").set_value(0.5).run()
    assert not at.exception and not at.error
    root = trace(at)["nodes"][0]
    assert root["decision"]["stop"] == "epsilon"
    best = max(r["gain_ratio"] for r in root["scores"] if r["eligible"])  # what (4) compared
    expected = t("stop.epsilon.compared", _lang=lang, label=root["decision"]["label"],
                 best=f"{best:.3f}", threshold="0.5")
    assert expected in [re.sub(r"\\(.)", r"\1", i.value) for i in at.info]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_id3_min_gain_is_epsilon_in_li_hangs_notation(lang):
    at = open_grow(lang, "id3")
    at.number_input(key="min_gain").set_value(0.95).run()
    assert trace(at)["nodes"][0]["decision"]["stop"] == "min_gain"
    label = trace(at)["nodes"][0]["decision"]["label"]
    best = f'{max(r["gain"] for r in trace(at)["nodes"][0]["scores"] if r["eligible"]):.3f}'
    infos = lambda: [re.sub(r"\\(.)", r"\1", i.value) for i in at.info]  # noqa: E731
    said = {"label": label, "best": best, "threshold": "0.95"}
    assert t("stop.min_gain.compared", _lang=lang, **said) in infos()
    switch(at, "lihang")
    assert t("stop.epsilon_gain.compared", _lang=lang, **said) in infos()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_worked_solution_and_check_in_li_hang_notation(lang):
    at = switch(open_grow(lang), "lihang")
    at.switch_page("pages/exercises.py").run()
    assert not at.exception and not at.error
    tr, dataset = trace(at), dataset_name(at.session_state["current"]["source"], lang)
    expected = to_markdown(solve(tr, 0, "node", dataset=dataset, notation="lihang"), lang,
                           level=3)
    shown = "\n".join(m.value for m in at.markdown)
    assert expected.strip() in shown
    assert "g_R(D, " in shown and "H_{" in shown and "Gain_ratio" not in shown
    at.text_area(key="ex_work").input("g(D,A1) = 0.083\nH(D|A3) = 0.551\ng_R(D,A3) = 0.5")
    at.button(key="ex_check").click().run()
    assert not at.exception
    table = next(df.value for df in at.dataframe if len(df.value) == 3)
    verdicts = table.iloc[:, -1].tolist()
    words = CATALOGUES[lang]
    assert verdicts == [words["ex.verdict.right"], words["ex.verdict.right"],
                        words["ex.verdict.wrong"]]
    assert not KEY_LEAK.search(shown_text(at))


def test_the_link_carries_the_notation():
    at = open_grow("en", query={"notation": "lihang"})
    assert at.session_state["notation"] == "lihang"
    assert "g(D, A)" in shown_score_table(at).columns
    at = switch(open_grow("en"), "lihang")
    assert at.query_params.get("notation") in ("lihang", ["lihang"])
    switch(at, "zhou")
    assert "notation" not in at.query_params


@pytest.mark.parametrize(("lang", "notation"), [("en", "lihang"), ("zh", "lihang"),
                                                ("en", "zhou")])
def test_quiz_asks_li_hangs_rule_in_the_chosen_symbols(lang, notation):
    at = switch(open_grow(lang), notation)
    at.switch_page("pages/exercises.py").run()
    assert not at.exception and not at.error
    questions = make_quiz(trace(at), 0, 6, notation)
    words = CATALOGUES[lang]
    first = at.selectbox(key="ex_quiz_0_1")
    suffix = ".lihang" if notation == "lihang" else ""
    assert first.label == words[f"ex.quiz.winner.max_gain_ratio{suffix}"]
    assert "at least the mean" not in first.label and "不低于平均值" not in first.label
    symbol = "g_R(D, " if notation == "lihang" else "Gain_ratio(D, "
    values = [q for q in questions if q.kind == "value"]
    assert values and all(q.name.startswith(symbol) for q in values)
    labels = [n.label for n in at.number_input if n.key and n.key.startswith("ex_quiz_0_")]
    assert labels and all(re.sub(r"\\(.)", r"\1", label).startswith(symbol)
                          for label in labels)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_export_pages_score_table_takes_the_notation(lang):
    """Its Markdown table (and so its CSV/Markdown/LaTeX downloads) heads the scores with the
    chosen book's symbols: Li Hang's g(D, A) and g_R(D, A) where Zhou's words were."""
    def headers(at) -> str:
        return next(m.value for m in at.markdown if m.value.lstrip().startswith("|"))

    at = open_grow(lang, "c45")
    at.switch_page("pages/export.py").run()
    assert not at.exception
    zhou = headers(at)
    lihang = headers(switch(at, "lihang"))  # the sidebar's switch, on the export page
    ratio = r"g\_R(D, A)"  # Markdown escapes the underscore
    assert "g(D, A)" not in zhou and ratio not in zhou and r"Gain\_ratio" in zhou
    assert "g(D, A)" in lihang and ratio in lihang and "Gain" not in lihang
