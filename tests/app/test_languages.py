"""Chinese and English: one catalogue each, the same keys and placeholders, every page worded
from it; the language comes from ?lang=, else the browser, and the sidebar picker changes it."""

from __future__ import annotations

import re
import string

import pytest
from app_helpers import new_app
from google.protobuf.message import Message

from tests.conftest import ROOT
from ui.messages import EN, LANGUAGES
from ui.messages_zh import ZH
from ui.state import accept_language

PAGES = ["pages/grow.py", "pages/compare.py", "pages/evaluate.py", "pages/predict.py",
         "pages/export.py", "pages/exercises.py"]
SENTENCE = 12  # English catalogue text longer than this must not show on a Chinese page
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def placeholders(text: str) -> set[str]:
    """The {name} fields format() fills; literal braces such as {a*} or {(x₁,y₁), …} are text."""
    return {name for _, name, _, _ in string.Formatter().parse(text)
            if name and name.isidentifier()}


def literal_braces(text: str) -> bool:
    return any(not name.isidentifier() for _, name, _, _ in string.Formatter().parse(text)
               if name)


# --------------------------------------------------------------------- the catalogues


def test_both_languages_have_every_key():
    assert set(LANGUAGES) == {"zh", "en"}
    assert sorted(set(EN) - set(ZH)) == [] and sorted(set(ZH) - set(EN)) == []


@pytest.mark.parametrize("key", sorted(EN))
def test_same_placeholders_and_no_empty_text(key):
    assert EN[key].strip() and ZH[key].strip()
    assert placeholders(ZH[key]) == placeholders(EN[key])
    for text in (EN[key], ZH[key]):  # t() formats only with values; braces then must be fields
        assert not (literal_braces(text) and placeholders(text)), text


def test_textbook_terms_and_notation():
    chinese = "\n".join(ZH.values())
    for term in ("属性", "划分属性", "信息增益", "增益率", "基尼指数", "叶结点", "分支结点",
                 "缺失值", "剪枝", "离散", "连续"):
        assert term in chinese, term
    for key in ("col.gain", "col.iv", "col.gain_ratio", "col.gini_index", "col.entropy",
                "col.gini", "col.rho", "col.n", "pseudo.fired"):
        assert ZH[key] == EN[key]  # notation is the same in both languages


def test_fig_4_2_in_the_books_words():
    assert ZH["pseudo.input"].startswith("输入：训练集 D")
    assert "属性集 A" in ZH["pseudo.input"] and "TreeGenerate(D, A)" in ZH["pseudo.input"]
    assert ZH["pseudo.1"] == "生成结点 node;"
    assert ZH["pseudo.2"] == "if D 中样本全属于同一类别 C then"
    assert ZH["pseudo.3"].strip() == "将 node 标记为 C 类叶结点; return"
    assert ZH["pseudo.5"] == "if A = ∅ OR D 中样本在 A 上取值相同 then"
    assert ZH["pseudo.6"].strip() == ("将 node 标记为叶结点，其类别标记为 D 中样本数最多的类; "
                                      "return")
    assert ZH["pseudo.8"] == "从 A 中选择最优划分属性 a*;"
    assert ZH["pseudo.9"] == "for a* 的每一个值 a*ᵛ do"
    assert ZH["pseudo.10"].strip() == ("为 node 生成一个分支; "
                                       "令 Dᵥ 表示 D 中在 a* 上取值为 a*ᵛ 的样本子集;")
    assert ZH["pseudo.11"].strip() == "if Dᵥ 为空 then"
    assert ZH["pseudo.12"].strip() == ("将分支结点标记为叶结点，其类别标记为 D 中样本最多的类; "
                                       "return")
    assert ZH["pseudo.14"].strip() == "以 TreeGenerate(Dᵥ, A \\ {a*}) 为分支结点"
    assert ZH["pseudo.output"] == "输出：以 node 为根结点的一棵决策树"
    for key in [k for k in EN if k.startswith("pseudo.") and k[7:].isdigit()]:
        assert indent(ZH[key]) == indent(EN[key]), key  # nesting as in the book


def indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def test_no_space_between_chinese_words_but_around_latin_ones():
    from ui.messages import t

    gain = "0.381"
    assert t("rule.max_gain", _lang="zh", attribute="纹理", gain=gain) == ("纹理的信息增益最大，"
                                                                            "为 0.381。")
    assert t("rule.max_gain", _lang="zh", attribute="ripe", gain=gain).startswith("ripe 的")
    assert t("node.branches", _lang="zh", attribute="好 瓜") == "好 瓜的各分支"  # values as given
    assert t("rule.max_gain", _lang="en", attribute="纹理", gain="0.381").startswith("纹理 has")


def test_accept_language_orders_by_weight():
    assert accept_language("zh-CN,zh;q=0.9,en;q=0.8") == ["zh-CN", "zh", "en"]
    assert accept_language("en;q=0.5, zh-TW;q=0.9, fr") == ["fr", "zh-TW", "en"]
    assert accept_language("") == [] and accept_language("en;q=x, zh") == ["zh"]


# --------------------------------------------------------------------- choosing the language


def title(at) -> str:
    return at.title[0].value


def test_english_without_a_preference():
    at = new_app()
    at.run()
    assert at.session_state["lang"] == "en" and title(at) == EN["page.grow"]
    assert at.query_params["lang"] == "en"  # the URL says it, so a shared link keeps it


@pytest.mark.parametrize(("locale", "lang"), [("zh-CN", "zh"), ("zh-TW", "zh"), ("en-GB", "en"),
                                              ("fr-FR", "en")])
def test_the_browsers_language(locale, lang):
    at = new_app()
    at.context["locale"] = locale
    at.run()
    assert at.session_state["lang"] == lang and title(at) == LANGUAGES[lang][1]["page.grow"]


def test_the_url_opens_in_its_language_whatever_the_browser_says():
    at = new_app()
    at.context["locale"] = "en-US"
    at.query_params["lang"] = "zh"
    at.run()
    assert not at.exception
    assert title(at) == "生成决策树" and at.sidebar.header[0].value == ZH["setup.header"]
    assert at.selectbox(key="lang_picker").value == "zh"
    assert at.selectbox(key="bundled_key").format_func("watermelon_2.0") == "西瓜数据集 2.0"
    assert "17 个西瓜" in " ".join(c.value for c in at.sidebar.caption)


def test_the_picker_changes_the_language_and_the_url():
    at = new_app()
    at.query_params["lang"] = "zh"
    at.run()
    at.selectbox(key="lang_picker").set_value("en").run()
    assert not at.exception
    assert at.session_state["lang"] == "en" and at.query_params["lang"] == "en"
    assert title(at) == "Grow a tree"
    at.selectbox(key="lang_picker").set_value("zh").run()
    assert title(at) == "生成决策树" and at.query_params["lang"] == "zh"


def test_a_page_without_the_parameter_keeps_the_sessions_language():
    at = new_app()
    at.query_params["lang"] = "zh"
    at.run()
    at.query_params.clear()  # st.navigation drops the query when the page changes
    at.switch_page("pages/compare.py").run()
    assert title(at) == ZH["page.compare"] and at.query_params["lang"] == "zh"


# --------------------------------------------------------------------- every page, both languages


def proto_strings(message: Message):
    for field, value in message.ListFields():
        for item in value if field.is_repeated else [value]:
            if isinstance(item, str):
                yield item
            elif isinstance(item, Message):
                yield from proto_strings(item)


def rendered_text(at) -> str:
    """Every string the page sent (labels, options, help, Markdown, chart specs, table headers
    and cells), backslash escapes removed; code listings are left out (they are code)."""
    texts = []

    def walk(node):
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message) and getattr(node, "type", "") != "code":
            texts.extend(proto_strings(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    for frame in at.dataframe:
        value = frame.value
        texts += [str(c) for c in value.columns] + [str(v) for v in value.to_numpy().ravel()]
    return re.sub(r"\\(.)", r"\1", "\n".join(texts))


def open_in(lang: str, page: str):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0").run()
    if page != PAGES[0]:
        at.switch_page(page).run()
    if page == "pages/predict.py":
        at.button[0].click().run()  # the form's Predict: the result, leaves and lit tree too
    assert not at.exception and not at.error
    return at


def english_sentences() -> dict[str, str]:
    """Fragments of English text between placeholders that the Chinese wording does not share."""
    found = {}
    for key, text in EN.items():
        for piece in PLACEHOLDER.split(text):
            piece = piece.strip(" *:;,.()")
            if len(piece) > SENTENCE and piece not in ZH[key]:
                found[piece] = key
    return found


def raw_keys(text: str) -> list[str]:
    return [key for key in EN if re.search(rf"(?<![\w.]){re.escape(key)}(?![\w.])", text)]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_in_english_shows_no_key(page):
    text = rendered_text(open_in("en", page))
    assert raw_keys(text) == []
    assert EN[f"page.{page.split('/')[1][:-3]}"] in text


@pytest.mark.parametrize("page", PAGES)
def test_every_page_in_chinese_shows_no_key_and_no_english_sentence(page):
    text = rendered_text(open_in("zh", page))
    assert raw_keys(text) == []
    assert ZH[f"page.{page.split('/')[1][:-3]}"] in text
    english = {piece: key for piece, key in english_sentences().items() if piece in text}
    assert english == {}


# --------------------------------------------------------------------- load errors


LOAD_FAILURES = {
    "empty": (b"", None), "one_column": (b"a\n1\n2\n", None),
    "ragged": (b"a,b\n1,2,3\n", None), "duplicate_column": (b"a,a\n1,2\n", None),
    "header_only": (b"a,b\n", None), "binary": (b"%PDF-1.4 rest", None),
    "unknown_target": (b"a,b\nx,k\ny,l\n", "zzz"), "one_class": (b"a,b\nx,k\ny,k\n", "b"),
    # a workbook named .csv: said so (the generic "not a text table" told it to save as .xlsx)
    "xlsx_text_name": ((ROOT / "tests" / "core" / "corpus" / "xlsx_renamed.csv").read_bytes(),
                       None),
}


@pytest.mark.parametrize("code", sorted(LOAD_FAILURES))
def test_load_errors_are_worded_from_their_codes(code):
    from dtree_core.loading import LoadError, load_bytes, prepare
    from ui.setup import error_text

    data, target = LOAD_FAILURES[code]
    with pytest.raises(LoadError) as caught:
        table = load_bytes(data, "data.csv")
        prepare(table, target)
    error = caught.value
    assert error.code == code
    for catalogue in (EN, ZH):
        assert placeholders(catalogue[f"error.{code}"]) <= set(error.details)
    assert error_text(error) == EN[f"error.{code}"].format(**error.details)


def _validation_refusal(lang: str):
    """The app's words for a validation file lacking two columns (engine.validation_file),
    rendered by Streamlit in lang (AppTest.from_function)."""
    import streamlit as st

    from dtree_core.data import DataError
    from dtree_core.options import Options
    from ui import engine
    from ui.setup import error_text

    st.session_state["lang"] = lang
    options = Options(nominal=("色泽", "触感"), continuous=("密度",))
    try:
        engine.validation_file("密度,好瓜\n0.5,是\n".encode(), "v.csv", "好瓜", options)
    except DataError as error:
        st.error(error_text(error))


@pytest.mark.parametrize(("lang", "listed"), [("en", "色泽, 触感"), ("zh", "色泽、触感")])
def test_a_refusal_lists_names_as_the_language_lists_them(lang, listed):
    """Names a refusal lists are joined by the sentence's language (data.Listed): 、 in
    Chinese, where the details once carried the English ", " into every language."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_validation_refusal, args=(lang,), default_timeout=60)
    at.run()
    assert not at.exception
    [said] = [e.value for e in at.error]
    assert listed in said and LANGUAGES[lang][1]["error.validation_columns"][:4] in said
