"""The Chinese catalogue reads as Chinese text: its bold runs close under CommonMark, class
labels inside sentences are quoted, and a node's path is not bracketed twice."""

from __future__ import annotations

import unicodedata

import pandas as pd
import pytest
from app_helpers import page_app

from ui.messages import EN, LANGUAGES, t
from ui.messages_zh import ZH


def _punctuation(ch: str) -> bool:
    return unicodedata.category(ch).startswith("P") or ch in "$+<=>^`|~"


def _unclosed_bold(text: str) -> list[int]:
    """Where a closing ** is not right-flanking (CommonMark 6.2): preceded by punctuation and
    followed by a letter (a {placeholder} is filled with one), so it is shown literally."""
    found, at, opened = [], text.find("**"), False
    while at >= 0:
        if opened:
            before = text[at - 1] if at else " "
            after = text[at + 2] if at + 2 < len(text) else " "
            letter_after = after == "{" or not (after.isspace() or _punctuation(after))
            if _punctuation(before) and letter_after:
                found.append(at)
        opened = not opened
        at = text.find("**", at + 2)
    return found


def test_the_rule_finds_the_case_that_showed_literal_asterisks():
    assert _unclosed_bold("**从根结点出发的路径：**{path}") == [12]
    assert _unclosed_bold("**从根结点出发的路径**：{path}") == []
    assert _unclosed_bold("正在使用 **{name}**（{rows} 行）") == []


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_bold_run_of_the_catalogue_closes(language):
    catalogue = LANGUAGES[language][1]
    bad = {key: text for key, text in catalogue.items()
           if isinstance(text, str) and _unclosed_bold(text)}
    assert bad == {}


# Sentences that name the class a leaf is labelled with (Zhou: 将 node 标记为 C 类叶结点)
LEAF_LABELS = ["stop.pure", "stop.no_attributes", "stop.same_values", "stop.empty",
               "stop.max_depth", "stop.min_samples", "stop.min_gain", "stop.pruned",
               "prune.reason.rep.prune.gt", "prune.reason.ccp.prune.le",
               "prune.reason.cost.prune.eq", "stop.epsilon", "stop.epsilon_gain",
               "stop.min_branch_weight"]


@pytest.mark.parametrize("key", [k for k in LEAF_LABELS if k in ZH])
def test_a_class_named_in_a_chinese_sentence_is_quoted(key):
    """A class such as 是 or 否 read unquoted inside a sentence reads as a verb."""
    values = {name: "X" for name in ("attribute", "before", "after", "leaves", "margin",
                                     "code", "n", "k", "value", "leaf", "subtree")}
    text = t(key, _lang="zh", **values, label="是")
    assert "“是”" in text, text


def test_the_leaf_sentences_looked_at_exist():
    assert sum(k in ZH for k in LEAF_LABELS) >= 10
    assert all(k in EN for k in LEAF_LABELS if k in ZH)


@pytest.mark.parametrize("lang, root", [("zh", "（根结点）"), ("en", "(root)")])
def test_a_pruning_event_at_the_root_is_bracketed_once(lang, root):
    text = t("prune.event_of", _lang=lang, k=1, total=5, node=0, path=root)
    assert root in text and root[0] * 2 not in text and root[-1] * 2 not in text


def test_the_node_panel_path_renders_bold_in_chinese():
    at = page_app(None, lang="zh", algorithm="id3")
    at.query_params["step"] = "2"
    at.run()
    paths = [m.value for m in at.markdown if "从根结点出发的路径" in m.value]
    assert paths and all(p.startswith("**从根结点出发的路径**：") for p in paths)


def test_every_bundled_dataset_cites_its_source_in_chinese_too():
    from dtree_core.datasets import bundled

    for dataset in bundled():
        assert dataset.source_zh and dataset.source_zh != dataset.source, dataset.key
    zhou = [d for d in bundled() if d.source.startswith("Zhou Zhihua")]
    assert zhou and all(d.source_zh.startswith("周志华《机器学习》") for d in zhou)


@pytest.mark.parametrize("lang, expected", [
    ("zh", "出处：周志华《机器学习》，清华大学出版社，2016，表 4.1"),
    ("en", "Zhou Zhihua, Machine Learning (机器学习), Tsinghua University Press, 2016, Table 4.1")])
def test_the_sidebar_cites_the_dataset_in_the_pages_language(lang, expected):
    at = page_app(None, lang=lang)
    captions = [c.value.replace("\\", "") for c in at.sidebar.caption]  # Markdown escapes
    assert any(expected in c for c in captions), captions
    assert lang == "en" or not any("Zhou Zhihua" in c for c in captions)


def test_no_english_term_is_left_in_chinese_sentences():
    """"trace" and "alpha" read as English in a Chinese sentence: the catalogue says 生成过程
    记录 and α (identifiers such as dtree-trace/1 or ccp_alpha stay as they are)."""
    import re
    english = re.compile(r"(?<![A-Za-z_{.\-/])(trace|alpha)(?![A-Za-z_}.\-/])", re.IGNORECASE)
    found = {key: text for key, text in ZH.items() if english.search(text)}
    assert not found
    assert english.search("取自 trace 中的剪枝记录") and not english.search("dtree-trace/1")


# ----------------------------------------------------------------- a Chinese reader's review

@pytest.mark.parametrize(("lang", "label"), [("zh", "ID3（深度 ≤ 2、错误率降低剪枝）"),
                                             ("en", "ID3 (depth ≤ 2, reduced-error pruning)")])
def test_a_configurations_label_brackets_its_options_in_the_languages_way(lang, label,
                                                                          monkeypatch):
    """"ID3 (后剪枝：错误率降低剪枝（§4.3.2）)" put ASCII brackets, ', ' and the method's own
    bracket inside a Chinese label: the options are listed with 、 inside （）, and the
    method goes by its short name."""
    from dtree_core.options import Options
    from ui import messages
    from ui.analysis import config_label

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    assert config_label(Options("id3", max_depth=2, prune="rep")) == label


def test_no_pruning_method_reads_as_a_chain_of_colons():
    """剪枝阶段：后剪枝：错误率降低剪枝 read as a chain of colons."""
    methods = {k: v for k, v in ZH.items()
               if k.startswith("prune.method.") and k != "prune.method.help"}
    assert methods and not [v for v in methods.values() if "：" in v]


def _nested(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += (ch in "（(") - (ch in "）)")
        if depth > 1:
            return True
    return False


@pytest.mark.parametrize("key", ["boundary.show", "pred.intro"])
def test_an_algorithms_bracketed_name_is_not_bracketed_again(key, monkeypatch):
    """绘制决策区域（同时生成斜决策树（多变量决策树，基尼指数）决策树）: an algorithm's name
    carries its own bracket, so a sentence naming it brackets nothing around it."""
    from ui import messages, registry

    monkeypatch.setattr(messages, "current_language", lambda: "zh")
    for algorithm in ("id3", "oblique"):
        text = t(key, _lang="zh", algorithm=registry.name(algorithm))
        assert "（" in registry.name(algorithm) and not _nested(text), text


def test_the_step_buttons_name_the_arrow_keys_in_chinese():
    at = page_app(None, "watermelon_2.0", "zh")
    assert [at.button(key=f"btn_{k}").help for k in ("prev", "next")] == ["键盘：←", "键盘：→"]


@pytest.mark.parametrize("key", ["tc.diff.label", "tc.diff.leaf_at_split",
                                 "tc.diff.split_at_leaf"])
def test_a_checked_trees_leaf_class_is_quoted(key):
    """你的决策树在此停止，叶结点为否: the class read as a verb."""
    text = t(key, _lang="zh", given="否", expected="是")
    assert "“否”" in text or "“是”" in text, text


def test_the_impurity_charts_axis_quotes_the_class():
    assert t("lesson.impurity.p", _lang="zh", cls="是") == "p = “是”类的比例"


def test_a_split_at_a_threshold_is_one_bracket_then_the_cut(monkeypatch):
    """含糖率（t = 0.126）（0.349): two brackets in a row read as a slip; the numbers'
    bracket comes first, the cut after it."""
    from dtree_core import DecisionTree
    from dtree_core.compare import first_disagreement
    from dtree_core.loading import load_path, prepare
    from tests.conftest import dataset_path
    from ui import messages
    from ui.compare import why_sentence

    monkeypatch.setattr(messages, "current_language", lambda: "zh")
    data = prepare(load_path(dataset_path("watermelon_3.0_alpha.csv")), "好瓜")
    traces = [DecisionTree(a).fit(data.X, data.y).trace_.to_dict() for a in ("id3", "cart")]
    text = why_sentence(first_disagreement(traces, ["ID3", "CART"]))
    assert "）（" not in text
    assert "ID3 按 Gain 选择含糖率（0.349），划分点 t = 0.126；" in text


@pytest.mark.parametrize(("lang", "gap"), [("zh", "。周志华"), ("en", ". Zhou")])
def test_sentences_run_on_as_the_language_runs_them(lang, gap, monkeypatch):
    """显示时保留 3 位小数。 周志华…: a space after 。 (joined as English sentences are)."""
    from ui import messages

    monkeypatch.setattr(messages, "current_language", lambda: lang)
    first = "显示时保留 3 位小数。" if lang == "zh" else "Shown to 3 decimals."
    second = "周志华《机器学习》" if lang == "zh" else "Zhou's book"
    assert gap in messages.sentences([first, second])
    assert messages.sentences([first]) == first


def test_one_word_for_the_sidebar():
    assert not [k for k, v in ZH.items() if "侧栏" in v]


@pytest.mark.parametrize("lang, root", [("zh", "#0（根结点）"), ("en", "#0 (root)")])
def test_the_root_title_takes_one_bracket_and_no_double_space(monkeypatch, lang, root):
    import ui.messages
    from dtree_core import DecisionTree
    from dtree_core.datasets import get
    from ui.widgets import node_title, node_titles

    monkeypatch.setattr(ui.messages, "current_language", lambda: lang)
    data = pd.read_csv(get("watermelon_2.0").path)
    trace = DecisionTree("id3").fit(data[["色泽", "根蒂", "敲声", "纹理", "脐部", "触感"]],
                                    data["好瓜"]).trace_.to_dict()
    titles = node_titles(trace)
    assert titles[0] == root == node_title(trace, trace["nodes"][0])
    assert titles[1] == node_title(trace, trace["nodes"][1]) and titles[1].startswith("#1  纹理=")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_pruning_method_has_its_configuration_label(monkeypatch, lang):
    import ui.messages
    from dtree_core.options import PRUNE_METHODS, Options
    from ui.analysis import config_label

    monkeypatch.setattr(ui.messages, "current_language", lambda: lang)
    labels = {method: config_label(Options.build(algorithm="id3", prune=method))
              for method in PRUNE_METHODS}
    assert not [label for label in labels.values() if "lab.config" in label], labels
    assert len(set(labels.values())) == len(PRUNE_METHODS)


@pytest.mark.parametrize(("lang", "sets", "taken"), [
    ("zh", "（D̃¹：色泽 ∈ {乌黑,青绿}；D̃²：色泽 ∈ {浅白}）",
     "第 2 行：Gini(D̃) = 0.490 ✓。此处的 D̃ 是针对第 1 行写出的色泽而言的。"),
    ("en", "(D̃¹: 色泽 ∈ {乌黑,青绿}; D̃²: 色泽 ∈ {浅白})",
     "Line 2: Gini(D̃) = 0.490 ✓ Here D̃ is taken for 色泽, named on line 1.")])
def test_check_my_numbers_punctuates_a_rows_subsets_and_a_taken_set_as_the_language_does(
        monkeypatch, lang, sets, taken):
    """CART on watermelon 2.0α: the tree's two subsets of 色泽 were listed 'D̃¹: 色泽 ∈ {…};
    D̃²: …' inside Chinese sentences (the worked solution writes D̃¹：…), and a right line's ✓
    ran straight into the next sentence (✓此处 …)."""
    import ui.messages
    from dtree_core import DecisionTree
    from dtree_core.checking import check
    from tests.conftest import xy
    from ui.exercises import verdict_sentence

    monkeypatch.setattr(ui.messages, "current_language", lambda: lang)
    cart = DecisionTree("cart").fit(*xy("watermelon_2.0_alpha.csv", "好瓜",
                                       drop=["编号"])).trace_.to_dict()
    first, gini, wrong, fourth = check("Gini_index(D,色泽) = 0.343\nGini(D̃) = 0.490\n"
                                       "Ent(D̃³, 色泽) = 0.5\nEnt(D̃⁴, 色泽) = 0", cart).verdicts
    assert verdict_sentence(gini) == taken
    for verdict in (wrong, fourth):
        said = verdict_sentence(verdict)
        assert sets in said, said


def test_one_name_for_the_load_report():
    """The sidebar's expander is the 加载报告: a sentence pointing to it calls it that (one
    said 见读取报告)."""
    assert not [k for k, v in ZH.items() if "读取报告" in v]
    named = ZH["setup.report"]
    assert named in ZH["setup.id_note.numbers_as_text"]
    assert named in ZH["setup.encoding.help"]
