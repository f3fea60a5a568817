"""A Chinese reader's review: one textbook word per idea, in the book whose notation is shown.

Zhou calls the split point t 划分点, Li Hang 切分点; 阈值 is Li Hang's ε (and his 预定阈值 of
Alg. 5.6), never t. Li Hang calls Gini(p) 基尼指数 (def. 5.4) where Zhou says 基尼值 (eq. 4.5).
Zhou's exercise 4.4 asks for 预剪枝、后剪枝决策树: its answer names its trees so.
"""

from __future__ import annotations

import re

import pytest
from google.protobuf.message import Message

from ui.messages import EN, ZH

# Three English words in a row: a sentence or a phrase, not a name (CART, Quinlan, J48), a
# symbol (Gain_ratio), an identifier (dtree-trace/1) or a file name
ENGLISH_RUN = re.compile(r"(?<![\w/.-])[A-Za-z]{2,}(?:[ '-][A-Za-z]{2,}){2,}(?![\w/.-])")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def test_the_rule_finds_english_runs():
    assert ENGLISH_RUN.search("精度 held-out accuracy 0.5")
    assert not ENGLISH_RUN.search("Quinlan 的 C4.5（Release 8，Weka 的 J48）、dtree-trace/1")


@pytest.mark.parametrize("key", sorted(EN))
def test_no_chinese_text_holds_an_english_phrase(key):
    """An entry left in English (or an English clause kept inside a Chinese one) reads as
    untranslated; the page-level check below cannot see it, as it looks for English text
    that the Chinese entry of the same key does not share."""
    assert not ENGLISH_RUN.search(PLACEHOLDER.sub(" ", ZH[key]))


def test_the_split_point_t_is_never_called_a_threshold():
    """Li Hang's CART caption said 对连续属性取阈值 t 切分 for the oblique tree, 取切分点 t 切分
    for the others: one idea, two words."""
    assert {key: text for key, text in ZH.items() if "阈值 t" in text} == {}


@pytest.mark.parametrize("key", sorted(k for k, text in ZH.items() if "基尼值" in text))
def test_li_hangs_notation_does_not_say_zhous_gini_value(key):
    """Zhou's 基尼值 shown under Li Hang's notation (the impurity chart's legend and table read
    Gini（基尼值）): every text with it has Li Hang's own wording (widgets.in_notation)."""
    lihang = ZH.get(f"{key}.lihang")
    assert lihang is not None and "基尼值" not in lihang


def test_zhous_gini_value_keys_were_looked_at():
    assert "lesson.impurity.gini" in [k for k, text in ZH.items() if "基尼值" in text]
    assert ZH["lesson.impurity.gini.lihang"] == "Gini（基尼指数）"


@pytest.mark.parametrize("tree", ["pre", "rep"])
def test_exercise_4_4s_trees_are_named_as_its_question_names_them(tree):
    """The question asks for 预剪枝、后剪枝决策树; the answer's reduced-error tree was headed
    错误率降低剪枝 alone, so the post-pruned tree the question asks for was not named."""
    name = ZH[f"preset.tree.{tree}"].split("（")[0]
    assert name in {"pre": "预剪枝", "rep": "后剪枝"}[tree]
    assert f"{name}、" in ZH["preset.q.zhou-4.4"] or f"、{name}" in ZH["preset.q.zhou-4.4"]


# ----------------------------------------------------------------- the other watermelon sets

ZHOU_SETS = ["watermelon_2.0_alpha", "watermelon_3.0"]  # missing values; continuous attributes


def _open(page: str, dataset: str, algorithm: str):
    from app_helpers import new_app

    at = new_app()
    at.query_params["lang"] = "zh"
    at.run()
    at.selectbox(key="bundled_key").set_value(dataset)
    at.selectbox(key="algorithm").set_value(algorithm).run()
    if page != "pages/grow.py":
        at.switch_page(page).run()
    if page == "pages/predict.py":
        at.button[0].click().run()  # the result, the leaves reached and the lit tree too
    assert not at.exception and not at.error
    return at


@pytest.mark.parametrize("dataset", ZHOU_SETS)
@pytest.mark.parametrize(("page", "algorithm"), [
    ("pages/grow.py", "c45"), ("pages/grow.py", "cart"), ("pages/predict.py", "c45"),
    ("pages/exercises.py", "cart"), ("pages/export.py", "c45"), ("pages/compare.py", "id3"),
    ("pages/evaluate.py", "id3"), ("pages/manual.py", "c45")])
def test_a_chinese_page_on_watermelon_2_0_alpha_and_3_0_shows_no_english_sentence(
        dataset, page, algorithm):
    """test_languages renders every page on watermelon 2.0; missing values (ρ, weights, the
    known rows D̃) and continuous attributes (t, its curve) bring sentences of their own."""
    from test_languages import english_sentences, raw_keys, rendered_text

    at = _open(page, dataset, algorithm)
    text = rendered_text(at)
    assert raw_keys(text) == []
    assert {piece: key for piece, key in english_sentences().items() if piece in text} == {}
    assert [s for s in visible_texts(at) if ENGLISH_RUN.search(s)] == []


# what a reader sees: an element's words, not its specs, styles or ids
SHOWN_FIELDS = {"body", "label", "help", "options", "placeholder", "caption"}
MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$", re.DOTALL)  # LaTeX (rho times left(…)) is math


def visible_texts(at) -> list[str]:
    texts = []

    def strings(message: Message):
        for field, value in message.ListFields():
            for item in value if field.is_repeated else [value]:
                if isinstance(item, Message):
                    strings(item)
                elif isinstance(item, str) and field.name in SHOWN_FIELDS:
                    texts.append(item)

    def walk(node):
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message) and getattr(node, "type", "") not in ("code", "latex"):
            strings(proto)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    for frame in at.dataframe:
        texts += [str(c) for c in frame.value.columns]
        texts += [str(v) for v in frame.value.to_numpy().ravel()]
    return [re.sub(r"\\(.)", r"\1", MATH.sub(" ", text)) for text in texts]


def test_a_step_range_is_worded_one_way():
    """The boundary chart's two panels stand side by side: 第 0 步（第 0–8 步） over the
    axis-parallel tree and 第 0 步（步骤编号 0–8） over the oblique one said "steps 0–8" two
    ways (as the grow page's slider caption says it: 步骤编号 0–{total})."""
    keys = [key for key, text in EN.items() if "steps 0–{total}" in text]
    forms = {key: re.search(r"（[^（）]*0–\{total\}[^（）]*）", ZH[key]) for key in keys}
    assert len(keys) >= 4 and all(forms.values()), forms
    assert {form.group(0) for form in forms.values()} == {"（步骤编号 0–{total}）"}


# ----------------------------------------------------------------- pruning methods in sentences

METHODS = ("pre", "rep", "pep", "ccp", "cost")


def _bracket_slip(text: str) -> bool:
    """A bracket inside a bracket, or two in a row: 剪枝（预剪枝（周志华 §4.3.1）） or
    错误率降低剪枝（周志华 §4.3.2 后剪枝）（没有锁定结点）."""
    depth = 0
    for ch in text:
        depth += (ch in "（(") - (ch in "）)")
        if depth > 1:
            return True
    return "）（" in text


def _method_sentences(lang: str, method: str) -> dict[str, str]:
    from ui.messages import t

    name = t(f"prune.method.{method}", _lang=lang)
    return {
        "prune.eval.pruned": t("prune.eval.pruned", _lang=lang, method=name),
        "man.dropped": t("man.dropped", _lang=lang, algorithm="ID3", what=name),
        "he.edit.auto": t("he.edit.auto", _lang=lang, method=name,
                          locked=t("he.locked.none", _lang=lang)),
        "server.phase.pruning": t("server.phase.pruning", _lang=lang, method=name, seconds=3),
        "prune.phase": t("prune.phase", _lang=lang, method=name)}


def test_the_rule_finds_the_bracket_slips():
    assert _bracket_slip("剪枝（预剪枝（周志华 §4.3.1））")
    assert _bracket_slip("错误率降低剪枝（周志华 §4.3.2 后剪枝）（没有锁定结点）")
    assert not _bracket_slip("剪枝后：预剪枝（周志华 §4.3.1）")


@pytest.mark.parametrize("method", METHODS)
def test_a_pruning_methods_name_is_not_bracketed_again(method):
    """A method's name carries its own bracket (§4.3.1, 算法 5.4), as an algorithm's does
    (test_chinese_wording): the sentences naming it put no bracket around it or after it."""
    said = _method_sentences("zh", method)
    assert {key: text for key, text in said.items() if _bracket_slip(text)} == {}


def test_the_method_named_after_a_chinese_word_keeps_the_space_before_latin():
    """设定了 C4.5 悲观剪枝, 设定了错误率降低剪枝: spaced as every Latin word is."""
    said = _method_sentences("zh", "pep")["man.dropped"]
    assert "侧边栏设定了 C4.5 悲观剪枝，" in said
    assert "侧边栏设定了错误率降低剪枝（" in _method_sentences("zh", "rep")["man.dropped"]


@pytest.mark.parametrize("method", METHODS)
def test_a_pruning_methods_name_with_a_de_of_its_own_follows_no_de(method):
    """侧边栏的李航的损失函数剪枝: two 的 in a row, when a sentence puts 的 before a name that
    holds one (李航的损失函数剪枝)."""
    from ui.messages import t

    name = t(f"prune.method.{method}", _lang="zh")
    befores = {key: text.split(name)[0] for key, text in _method_sentences("zh", method).items()}
    assert {key: before for key, before in befores.items()
            if "的" in name and before.rstrip().endswith("的")} == {}


# the sidebar's Li Hang's pruning: a possessive, at most one word, then another possessive
DOUBLE_POSSESSIVE = re.compile(r"'s (?:\w+ )?\w+'s\b")


def test_the_rule_finds_double_possessives():
    assert DOUBLE_POSSESSIVE.search("without the sidebar's Li Hang's pruning")
    assert DOUBLE_POSSESSIVE.search("The sidebar's tree's rules")
    assert not DOUBLE_POSSESSIVE.search("Li Hang's pruning, which the sidebar sets")


def test_no_english_text_holds_a_double_possessive():
    """The sidebar's tree's rules: "the rules of the sidebar's tree" reads as English."""
    assert {key: text for key, text in EN.items() if DOUBLE_POSSESSIVE.search(text)} == {}


@pytest.mark.parametrize("method", METHODS)
def test_english_puts_no_possessive_before_a_methods_possessive(method):
    """Li Hang's pruning by the loss C_α(T): the English twin of the 的 check above."""
    said = _method_sentences("en", method)
    assert {key: text for key, text in said.items() if DOUBLE_POSSESSIVE.search(text)} == {}


@pytest.mark.parametrize("method", METHODS)
def test_english_puts_no_bracket_right_after_a_methods_bracket(method):
    """Reduced-error post-pruning (Zhou §4.3.2) (no node locked), … (3 s so far)."""
    from ui.messages import t

    name, said = t(f"prune.method.{method}", _lang="en"), _method_sentences("en", method)
    assert [key for key, text in said.items() if f"{name} (" in text or f"({name}" in text] == []


@pytest.mark.parametrize(("lang", "dataset", "named"), [
    ("zh", "loan_lihang", "同一份数据“贷款申请样本数据表（李航 表 5.1）”上"),
    ("zh", "watermelon_2.0_en", "同一份数据“西瓜数据集 2.0（英文）”上"),
    ("en", "watermelon_2.0", "The same data, Watermelon 2.0 (Chinese), grown")])
def test_the_compare_pages_intro_does_not_bracket_a_bracketed_dataset_name(lang, dataset, named):
    """同一份数据（贷款申请样本数据表（李航 表 5.1））, The same data (Watermelon 2.0 (Chinese)):
    a dataset's name may carry its own bracket (every English watermelon name does)."""
    from app_helpers import page_app

    at = page_app("pages/compare.py", dataset, lang)
    intro = at.caption[0].value.replace("\\", "")
    assert named in intro and not _bracket_slip(intro.split("。")[0].split(". ")[0]), intro


@pytest.mark.parametrize(("lang", "first"), [
    ("zh", r"% 需要 \usepackage{booktabs}；排版中文还需要 ctex（或 xeCJK）"),
    ("en", r"% needs \usepackage{booktabs}; Chinese text also needs ctex (or xeCJK)")])
def test_the_latex_downloads_comment_is_in_the_pages_language(lang, first, downloads):
    """The score table's .tex opened with an English comment in the Chinese page's file."""
    from app_helpers import content, page_app

    page_app("pages/export.py", "watermelon_2.0", lang)
    texts = [content(data) for name, data in downloads if str(name).endswith(".tex")]
    assert texts and all(text.splitlines()[0] == first for text in texts)


def _li_hangs(key: str) -> bool:
    return key.endswith(".lihang") or ".lihang." in key or key.startswith(
        ("pseudo.lihang.", "lihang."))


def test_li_hangs_texts_call_the_cut_point_his_way():
    """Li Hang's step (5) of Alg. 5.3 said 按 A_g 的划分点 t where the line it fires says
    切分点 t, and his CART's caption said 最小的切分点，与同一行的 t 不是同一个划分点: his word
    is 切分点 (Zhou's 划分点 is kept to Zhou's texts)."""
    keys = [key for key in ZH if _li_hangs(key)]
    assert len(keys) > 50
    assert {key: ZH[key] for key in keys if "划分点" in ZH[key]} == {}


def test_a_force_at_the_root_is_named_in_chinese():
    """force=root=不存在: the warnings said 在“root”处指定的划分…, the link's key for the root."""
    from app_helpers import open_link, warnings

    said = warnings(open_link({"data": "watermelon_2.0", "force": "root=不存在"}, "zh"))
    assert ("在“根结点”处指定的划分无法在这棵树中实现：该处按算法自己的选择生成。"
            "这一指定仍然保留，供能够实现它的树使用。") in said
    assert "在“根结点”处指定的划分属性“不存在”不是这份数据中的列。" in said
    assert not [s for s in said if "root" in s]


def test_a_forced_paths_conditions_read_as_the_node_picker_writes_them():
    """纹理=清晰/根蒂=稍蜷 (the link's key) is written 纹理=清晰 / 根蒂=稍蜷, the root in words."""
    from ui import analysis

    said = analysis.unmatched_warnings({"root": 1, "纹理=清晰/根蒂=稍蜷": 5}, 5, "unused")
    assert said[0].startswith("The split forced at the root ")
    assert said[1].startswith("The split forced at 纹理=清晰 / 根蒂=稍蜷 ")


def test_under_li_hangs_notation_every_chinese_text_says_his_cut_point():
    """切分点 is Li Hang's word for the cut point t (§5.5.1), 划分点 Zhou's (§4.4.1): under his
    notation (Notation.in_terms) no Chinese text of the app, the command line or the worked
    solution says 划分点, except where it quotes Zhou's word (⟦划分点⟧: his preset's note)."""
    from dtree_core import cli_messages, notation
    from dtree_core.solution import WORDS

    lihang = notation.get("lihang")
    texts = {**ZH, **cli_messages.ZH, **WORDS["zh"]}
    assert sum("划分点" in text for text in texts.values()) > 40
    said = {key: lihang.in_terms(text) for key, text in texts.items()}
    # (a quoted ⟦划分点⟧ is left out, so that a second, unquoted one beside it still counts)
    assert {key: text for key, text in texts.items()
            if "划分点" in lihang.in_terms(text.replace("⟦划分点⟧", ""))} == {}
    assert "切分点" in said["rule.threshold"] and "划分点" in said["preset.note.zhou-4.3"]
    assert "划分点" in notation.get("zhou").in_terms(texts["rule.threshold"])
