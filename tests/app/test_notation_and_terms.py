"""One notation per screen and one Chinese term per idea.

With Li Hang's notation every symbol of the node panel is his (H(D_i), g(D,A), Gini(D,A), …),
not only the score table's; with Zhou's nothing changes. In Chinese a tie is 并列 (as in
“并列最优”) and reduced-error pruning is 错误率降低剪枝 everywhere: the app's catalogue, the
CLI's texts and the worked solution's words.
"""

from __future__ import annotations

import pytest
from app_helpers import grown_app, new_app

from dtree_core import cli_messages, solution
from dtree_core import notation as notations
from dtree_core.notation import NOTATIONS_ORDER
from ui.messages import EN, ZH, t

CATALOGUES = {"en": EN, "zh": ZH}

# rejected variant -> the term used instead
REJECTED_ZH = {"平局": "并列", "减少错误剪枝": "错误率降低剪枝", "评分表": "得分表",
               "解题过程": "手算过程", "中点": "中位点"}


def _strings(value):
    """Every string inside a catalogue value (dicts, tuples and lists of texts)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _strings(item)


def chinese_texts() -> dict[str, str]:
    """name -> text of every Chinese text the app and the CLI can say."""
    texts = {f"ui:{key}": text for key, text in ZH.items()}
    for name, value in vars(cli_messages).items():
        if name.endswith("ZH") and isinstance(value, (dict, tuple)):
            texts.update({f"cli:{name}:{i}": s for i, s in enumerate(_strings(value))})
    texts.update({f"solution:{k}": s for k, s in solution.WORDS["zh"].items()})
    return texts


@pytest.mark.parametrize("rejected", sorted(REJECTED_ZH))
def test_no_rejected_chinese_term_anywhere(rejected):
    found = {name: text for name, text in chinese_texts().items() if rejected in text}
    assert not found, f"{rejected!r} instead of {REJECTED_ZH[rejected]!r}: {found}"


# Li Hang's words replace Zhou's inside longer words too (Notation.in_terms): 属性值 would read
# 特征值 (eigenvalue), 样本点 实例点, and 增益率比较 信息增益比比较.
BROKEN_BY_THE_SWAP = ("特征值", "实例点", "信息增益比比")


@pytest.mark.parametrize("broken", BROKEN_BY_THE_SWAP)
def test_li_hangs_words_make_no_broken_word(broken):
    lihang = notations.get("lihang")
    found = {name: lihang.in_terms(text) for name, text in chinese_texts().items()
             if broken in lihang.in_terms(text)}
    assert not found, f"{broken!r} under Li Hang's notation: {found}"


def test_hans_accuracy_is_said_to_be_zhous_jingdu():
    """Han's translation says 准确率 for accuracy (its 精度 is precision), Zhou 精度: the page
    that shows Han's criteria in his words says which of Zhou's words it is."""
    assert "准确率" in ZH["lesson.han.accuracy"]
    for notation in NOTATIONS_ORDER:  # a quoted word is Zhou's under Li Hang's notation too
        assert "准确率（accuracy）即周志华书中的“精度”。" in t("lesson.han.intro", _lang="zh",
                                                         _notation=notation)


@pytest.mark.parametrize(("key", "zhou", "lihang"), [
    ("eval.col.precision", "查准率", "精确率"), ("eval.col.recall", "查全率", "召回率"),
    ("eval.accuracy", "测试集精度", "测试集准确率"), ("cmp.col.train_accuracy", "训练集精度",
                                                  "训练集准确率")])
def test_the_evaluation_words_are_the_chosen_books(key, zhou, lihang):
    """Zhou's 查准率, 查全率, 精度 (§2.3) are Li Hang's 精确率, 召回率, 准确率 (§1.8)."""
    assert t(key, _lang="zh") == zhou
    assert t(key, _lang="zh", _notation="lihang") == lihang


@pytest.mark.parametrize("notation", NOTATIONS_ORDER)
def test_the_compare_note_names_the_training_accuracy_as_its_column_does(notation):
    """lesson.unpruned says which tree the Compare summary's training accuracy is of; in
    Chinese it called it 训练集准确率 where Zhou's column is headed 训练集精度."""
    header = t("cmp.col.train_accuracy", _lang="zh", _notation=notation)
    assert header in t("lesson.unpruned", _lang="zh", _notation=notation)


def test_the_chosen_terms_are_the_ones_used():
    assert ZH["col.tied"] == "并列"
    assert "并列" in ZH["setup.tie_rule"] and "并列" in ZH["node.ties"]
    assert "错误率降低剪枝" in ZH["prune.method.rep"]
    assert "错误率降低剪枝" in cli_messages.ZH["prune_rule.rep"]
    assert "并列" in cli_messages.ZH["rule.ties"]


def test_the_chinese_grow_page_says_bing_lie():
    at = new_app()
    at.query_params["lang"] = "zh"
    at.run()
    assert not at.exception
    assert at.selectbox(key="tie_break").label == "并列规则"


# ----------------------------------------------------------------- one notation on the panel

# Zhou's symbols as the panel prints them (Markdown escapes '_', LaTeX writes '\_' and \mathrm)
ZHOU_SYMBOLS = ("Gini_index", r"Gini\_index", "Gain_ratio", r"Gain\_ratio", "Ent(", r"\mathrm{Ent}",
                "D^v", "Dᵛ", "Gain ≥", "IV(", r"\mathrm{IV}", r"\mathrm{Gain}")
BRANCH_HEADERS = {"zhou": ("|Dᵛ|", "Ent(Dᵛ)", "Gini(Dᵛ)"),
                  "lihang": ("|Dᵢ|", "H(Dᵢ)", "Gini(Dᵢ)")}
LOAN_ATTRIBUTE = "有自己的房子"  # Li Hang's Example 5.2/5.4: the root's best feature


def open_loan(lang: str, algorithm: str, notation: str, dataset: str = "loan_lihang",
              step: int = 0):
    at = grown_app(dataset, algorithm, lang, notation, step)
    assert at.session_state["notation"] == notation
    return at


def panel_texts(at) -> list[str]:
    """Everything the grow page says in words and formulas, with every table's headers."""
    parts = [e.value for e in [*at.info, *at.caption, *at.markdown, *at.latex]]
    parts += [str(c) for df in at.dataframe for c in df.value.columns]
    return [str(p) for p in parts]


def branch_table(at, lang: str):
    value = CATALOGUES[lang]["col.value"]
    return next(df.value for df in at.dataframe if value in df.value.columns)


def score_table(at, lang: str):
    name = t("col.attribute", _lang=lang, _notation=at.session_state["notation"])
    return next(df.value for df in at.dataframe if name in df.value.columns)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("algorithm", ["cart", "c45", "id3"])
def test_li_hangs_page_shows_none_of_zhous_symbols(lang, algorithm):
    at = open_loan(lang, algorithm, "lihang")
    leaks = [(symbol, text) for text in panel_texts(at) for symbol in ZHOU_SYMBOLS
             if symbol in text]
    assert not leaks, leaks
    assert set(BRANCH_HEADERS["lihang"]) <= set(branch_table(at, lang).columns)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("algorithm", "step"), [("cart", 1), ("c45", 0)])
def test_li_hangs_symbols_with_missing_values(lang, algorithm, step):
    """Zhou's 2.0α: ρ, D̃, the known rows' lesson, IV's extra branch and, at CART's node 1, the
    smaller Gini(D, A) that loses: all in Li Hang's symbols."""
    at = open_loan(lang, algorithm, "lihang", "watermelon_2.0_alpha", step)
    texts = panel_texts(at)
    leaks = [(symbol, text) for text in texts for symbol in ZHOU_SYMBOLS if symbol in text]
    assert not leaks, leaks
    # his words too (instances, features): the catalogue's template as t() words it
    start = {key: t(f"{key}.lihang", _lang=lang, _notation="lihang").split("{")[0].strip()
             for key in (
        "lesson.known", "lesson.iv.unknown", "lesson.cart.smaller_loses")}
    plain = [text.replace("\\", "") for text in texts]
    assert any(text.startswith(start["lesson.known"]) for text in plain), start
    assert any(text.startswith(start["lesson.iv.unknown"]) for text in plain)
    if algorithm == "cart":  # 脐部's smaller Gini(D, A) loses to 触感 (test_lessons_panel)
        assert any("Gini(D̃, A)" in text and text.startswith("脐部") for text in plain)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_li_hangs_cart_sentence_and_criterion(lang):
    at = open_loan(lang, "cart", "lihang")
    root = at.session_state["current"]["trace"]["nodes"][0]
    assert root["decision"]["attribute"] == LOAN_ATTRIBUTE
    row = next(r for r in root["scores"] if r["chosen"])
    infos = [i.value.replace("\\", "") for i in at.info]
    # no value is missing: his Alg. 5.6's rule as he says it, the smallest Gini(D, A)
    why = next(i for i in infos if LOAN_ATTRIBUTE in i and "5.6" in i)
    assert "Gini(D, A)" in why and f"{row['gini_index']:.3f}" in why and "ρ" not in why
    # where values are missing, the lowering on the known rows, named with the attribute
    alpha = open_loan(lang, "cart", "lihang", "watermelon_2.0_alpha")
    node = alpha.session_state["current"]["trace"]["nodes"][0]
    chosen = next(r for r in node["scores"] if r["chosen"])
    assert any(r["rho"] < 1 for r in node["scores"])
    infos = [i.value.replace("\\", "") for i in alpha.info]
    # Li Hang has no rule for missing values: the sentence says so, and names D̃ and ρ with
    # the chosen row's numbers (tests/app/test_lihang_cart_rule.py words it in full)
    named = f"Gini(D̃, {chosen['attribute']})"
    why = next(i for i in infos if named in i)
    assert "Gini(D̃, A)" in why
    assert f"{named} = {chosen['gini_index']:.3f}" in why
    assert f"ρ = {chosen['rho']:.3f}" in why
    latex = "\n".join(x.value for x in at.latex)
    assert (rf"\mathrm{{Gini}}(\tilde D, \text{{{LOAN_ATTRIBUTE}}})\right) = "
            rf"{row['rho']:.3f} \times") in latex
    assert rf"\mathrm{{Gini}}(D, \text{{{LOAN_ATTRIBUTE}}}) = \sum_i" in latex


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_li_hangs_c45_mean_column(lang):
    at = open_loan(lang, "c45", "lihang")
    header = CATALOGUES[lang]["col.above_average.lihang"]
    assert header.startswith("g(D, A) ≥ ")
    assert header in score_table(at, lang).columns
    assert CATALOGUES[lang]["col.above_average"] not in score_table(at, lang).columns


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_zhous_page_keeps_zhous_symbols(lang):
    at = open_loan(lang, "cart", "zhou")
    words = CATALOGUES[lang]
    assert set(BRANCH_HEADERS["zhou"]) <= set(branch_table(at, lang).columns)
    assert not set(BRANCH_HEADERS["lihang"]) & set(branch_table(at, lang).columns)
    infos = [i.value.replace("\\", "") for i in at.info]
    # no value is missing: the smallest Gini_index, as Zhou's eq. 4.6 chooses
    assert any("Gini_index" in i and "ρ" not in i for i in infos), infos
    alpha = open_loan(lang, "cart", "zhou", "watermelon_2.0_alpha")
    infos = [i.value.replace("\\", "") for i in alpha.info]
    assert any("ρ·(Gini(D̃) − Gini_index) = " in i for i in infos), infos
    latex = "\n".join(x.value for x in at.latex)
    assert rf"\mathrm{{Gini\_index}}(\tilde D, \text{{{LOAN_ATTRIBUTE}}})\right)" in latex
    assert rf"\mathrm{{Gini\_index}}(D, \text{{{LOAN_ATTRIBUTE}}}) = \sum_v" in latex
    assert r"\mathrm{Ent}(D) - \sum_v \tfrac{|D^v|}{|D|}\mathrm{Ent}(D^v)" in latex
    assert "D_i" not in latex and "Gini(D, A)" not in "\n".join(panel_texts(at))
    at = open_loan(lang, "c45", "zhou")
    assert words["col.above_average"] in score_table(at, lang).columns


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("notation", ["lihang", "zhou"])
def test_the_compare_pages_score_table_speaks_the_chosen_notation(lang, notation):
    at = open_loan(lang, "cart", notation)
    at.switch_page("pages/compare.py").run()
    assert not at.exception
    attribute = t("col.attribute", _lang=lang, _notation=notation)
    table = next(df.value for df in at.dataframe if attribute in df.value.columns)
    columns = " ".join(map(str, table.columns))
    lihang = ("g(D, A)", "H_A(D)", "g_R(D, A)", "Gini(D, A)")
    zhou = ("Gain_ratio", "Gini_index")
    shown, hidden = (lihang, zhou) if notation == "lihang" else (zhou, lihang)
    assert all(s in columns for s in shown), columns
    assert not any(s in columns for s in hidden), columns


def test_every_stop_key_of_every_algorithm_is_worded_in_both_languages():
    """The node panel and the worked solution word a leaf by Notation.stop_key: every key it
    gives, for every algorithm, notation and stop code, has words in both catalogues (a
    missing one would fall back to the bare stop code)."""
    from dtree_core import algorithms
    from dtree_core import notation as notations
    from dtree_core.algorithms import keys as algorithm_keys
    from dtree_core.solution import WORDS
    from ui.messages import EN
    from ui.messages_zh import ZH
    from ui.pseudocode import FIRED_BY_STOP

    for key in algorithm_keys():
        record = algorithms.get(key)
        for notation in notations.NOTATIONS.values():
            for stop in [*FIRED_BY_STOP, "epsilon"]:
                worded = notation.stop_key(stop, record)
                for catalogue in (EN, ZH):
                    assert f"stop.{worded}" in catalogue, (key, notation.key, stop)
                for lang in ("en", "zh"):
                    assert f"solution.stop.{worded}" in WORDS[lang], (key, notation.key, stop)


ZHOU_WORDS = {"en": ("attribute", "Attribute"), "zh": ("属性",)}


def widget_words(at) -> list[str]:
    """The labels and help of the page's widgets, and its expanders' and tabs' titles."""
    widgets = [*at.selectbox, *at.radio, *at.checkbox, *at.toggle, *at.slider,
               *at.number_input, *at.button, *at.multiselect]
    return [str(getattr(w, part, "") or "") for w in widgets for part in ("label", "help")] + \
        [str(e.label) for e in [*at.expander, *at.tabs]]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("algorithm", "dataset", "step"), [
    ("cart", "loan_lihang", 0), ("c45", "loan_lihang", 0), ("id3", "loan_lihang", 1),
    ("c45", "watermelon_2.0_alpha", 0), ("cart", "watermelon_2.0_alpha", 1)])
def test_li_hangs_page_speaks_his_words(lang, algorithm, dataset, step):
    """Li Hang says 特征 (feature) where Zhou says 属性 (attribute): in his notation every
    sentence, header and label the grow page words is in his terms (Notation.terms)."""
    at = open_loan(lang, algorithm, "lihang", dataset, step)
    leaks = [(word, text) for text in panel_texts(at) + widget_words(at)
             for word in ZHOU_WORDS[lang] if word in text]
    assert not leaks, leaks
    assert any("特征" in text or "feature" in text.lower() for text in panel_texts(at))


LI_HANG_WORDS = {"en": ("feature", "Feature"), "zh": ("特征",)}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("algorithm", "dataset", "step"), [
    ("cart", "watermelon_3.0", 0), ("cart", "watermelon_2.0", 1), ("c45", "watermelon_2.0", 0),
    ("cart", "watermelon_2.0_alpha", 1)])
def test_zhous_page_speaks_his_words(lang, algorithm, dataset, step):
    """The mirror of the test above: under Zhou's notation no sentence, header or label says
    Li Hang's 特征, not even the panel's Gini(D, A=a) expander after Li Hang's Example 5.4."""
    at = open_loan(lang, algorithm, "zhou", dataset, step)
    leaks = [(word, text) for text in panel_texts(at) + widget_words(at)
             for word in LI_HANG_WORDS[lang] if word in text]
    assert not leaks, leaks
    assert any("属性" in text or "attribute" in text.lower() for text in panel_texts(at))
