"""The command line in English and Chinese (--lang, or a Chinese locale): dtree_core.cli_messages.

English output is the public interface TRACE.md describes, held by tests/core/test_cli.py; here
every key has both languages, a Chinese run says no English sentence of the catalogue, errors
are Chinese, and a sentence the core wrote is translated only when it is the one the code chose.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import shlex
import subprocess
import sys

import pandas as pd
import pytest

from dtree_core import algorithms, cli_messages
from dtree_core.budget import LIMITS
from dtree_core.cli_messages import (
    EN,
    ERRORS_ZH,
    ZH,
    decision_text,
    default_language,
    error_text,
    file_summary,
    placeholders,
    stop_words,
)
from dtree_core.data import RULE_SENTENCES
from dtree_core.loading import NOTICES, LoadError, Notice, load_bytes, load_path, prepare
from dtree_core.records import STOPS
from dtree_core.wording import LEAF_RULES, PRUNE_REASONS, PRUNE_RULES, TIE_RULES, fill
from tests.conftest import ROOT, dataset_path

CORPUS = ROOT / "tests" / "core" / "corpus"

# One upload that sets off most of the loader's warnings and notes at once.
NOISY = ("name,sign,x,y,,c\n"
         "a,+,1,inf,p,yes\nb,-,2,3,q,no\nc,+,3,4,p,yes\n,,,,,\n"
         "d,-,oops,5,q,no\ne,+,1,nan,p,\nf,-,2,7,q,yes\ng,+,3,8,p,no\n"
         "h,-,1,9,q,yes\ni,+,2,10,p,no\nj,-,3,11,q,yes\n")


def run(*args: str, lang_env: str | None = "C.UTF-8") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in cli_messages.LOCALE_VARIABLES}
    if lang_env is not None:
        env["LANG"] = lang_env
    return subprocess.run([sys.executable, "-m", "dtree_core", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@functools.cache
def grow_help(lang: str) -> str:
    """`grow --help` in a language, run once per test session (several tests read it)."""
    return run("--lang", lang, "grow", "--help").stdout


def english_fragments(templates) -> set[str]:
    """The fixed English words of templates (between placeholders): any two words in a row.
    A command-line flag (--include-ids) is no English: both languages name it alike."""
    found = set()
    for template in templates:
        for part in re.split(r"\{[^}]*\}", re.sub(r"--[A-Za-z][\w-]*", " ", template)):
            found.update(re.findall(r"[A-Za-z]{2,}(?:[ ,;:'-]+[A-Za-z]{2,})+", part))
    return found


def english_in(text: str, fragments: set[str]) -> list[str]:
    return sorted(f for f in fragments if f in text)


# ------------------------------------------------------------------ the catalogue


def test_every_key_has_both_languages_with_the_same_placeholders():
    assert set(EN) == set(ZH)
    for key in EN:
        assert placeholders(EN[key]) == placeholders(ZH[key]), key


def test_chinese_differs_from_english_and_uses_the_books_terms():
    same = [k for k in EN if EN[k] == ZH[k]]
    assert same == []
    joined = "".join(ZH.values())
    for term in ("属性", "划分属性", "信息增益", "增益率", "叶结点", "划分点", "剪枝", "基尼指数"):
        assert term in joined, term


def test_every_code_the_core_can_emit_has_words():
    """New codes (an algorithm, a stop case, a notice) fail here until they have Chinese."""
    for algorithm in map(algorithms.get, algorithms.keys()):
        assert f"rule.{algorithm.rule_code}" in ZH, algorithm.key
        assert EN[f"rule.{algorithm.rule_code}"] == algorithm.rule_text
    for stop in LEAF_RULES:
        assert f"stop.{stop}" in ZH and f"leaf.{stop}" in ZH, stop
    assert {f"notice.{c}" for c in NOTICES} <= set(ZH)
    assert {f"kind_rule.{c}" for c in RULE_SENTENCES} <= set(ZH)
    assert {f"tie.{r}" for r in TIE_RULES} <= set(ZH)
    assert {f"prune_rule.{m}" for m in PRUNE_RULES} <= set(ZH)
    assert {f"prune_reason.{m}.{a}" for m, a in PRUNE_REASONS} <= set(ZH)


def _load_error_calls():
    """(code, keyword names) of every LoadError(...) raised in dtree_core.loading."""
    tree = ast.parse((ROOT / "dtree_core" / "loading.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "LoadError"
                and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
            yield node.args[1].value, {k.arg for k in node.keywords if k.arg}


def test_every_load_error_code_has_chinese_filled_by_its_details():
    calls = list(_load_error_calls())
    assert len(calls) > 20
    for code, details in calls:
        if code == "kinds":  # resolve_kinds' own sentence, no details: printed as it is
            continue
        assert code in ERRORS_ZH, code
        assert placeholders(ERRORS_ZH[code]) <= details, code
    for limit in LIMITS:
        assert placeholders(ERRORS_ZH[f"budget.{limit}"]) <= {"figure", "allowed", "limit"}


@pytest.mark.parametrize("limit", LIMITS)
def test_every_budget_refusal_advises_in_both_languages(limit):
    """Each limit --budget can reach says what to do, dropping --budget among it, in English
    (CLI_ADVICE) and in Chinese (the Chinese said it for none of rows, columns, cells)."""
    assert "drop --budget" in cli_messages.CLI_ADVICE[limit]
    assert "去掉 --budget" in ERRORS_ZH[f"budget.{limit}"], limit


def _many_classes(tmp_path, rows: int, classes: int):
    path = tmp_path / "classes.csv"
    path.write_text("x,y\n" + "".join(f"{i % 3},c{i % classes}\n" for i in range(rows)))
    return str(path)


def test_an_id_like_target_is_called_one_under_the_budget_in_both_languages(tmp_path):
    """20 distinct labels in 20 rows are under the 100-class limit: the refusal is that the
    target looks like an ID column, not that it passed the limit (the Chinese said it had)."""
    data = _many_classes(tmp_path, 20, 20)
    en = run("grow", data, "--target", "y", "--budget", "--lang", "en")
    zh = run("grow", data, "--target", "y", "--budget", "--lang", "zh")
    assert en.returncode == zh.returncode == 2
    assert "like an ID column" in en.stderr and "limit" not in en.stderr
    assert "像是编号列" in zh.stderr and "上限" not in zh.stderr


def test_too_many_classes_name_the_budget_flag_not_a_server(tmp_path):
    data = _many_classes(tmp_path, 400, 150)
    en = run("grow", data, "--target", "y", "--budget", "--lang", "en")
    zh = run("grow", data, "--target", "y", "--budget", "--lang", "zh")
    assert en.returncode == zh.returncode == 2
    assert en.stderr.strip() == ("error: The target has 150 classes, over the --budget limit of "
                                 "100: choose another target column, or group its values, or "
                                 "drop --budget.")
    assert "150 个类别" in zh.stderr and "--budget 的 100 个类别上限" in zh.stderr


def test_chinese_budget_figures_are_written_as_the_english_ones():
    from dtree_core.budget import BudgetError
    error = BudgetError("…", "seconds", figure=31.25691, allowed=30.0)
    assert "31.3 秒" in error_text(error, "zh") and "30 秒" in error_text(error, "zh")
    assert "31.3 seconds" in error_text(error, "en")


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "zh_CN.UTF-8"}, "zh"),
    ({"LANG": "zh_TW.UTF-8"}, "zh"), ({"LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, "zh"),
    ({"LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
    ({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "C"}, "en"), ({"LC_ALL": "", "LANG": "zh"}, "zh"),
])
def test_the_default_language_follows_the_locale(environ, lang):
    assert default_language(environ) == lang


# ------------------------------------------------------------------ notices and summaries


def test_loader_notices_carry_codes_and_keep_their_english():
    table = load_bytes(NOISY.encode(), "noisy.csv")
    codes = [w.code for w in table.report.warnings]
    assert codes == ["unnamed_column", "blank_rows", "signs", "mixed_text", "non_finite"]
    assert table.report.warnings[1] == "Skipped 1 empty row."
    assert table.report.warnings[2].details == {"column": "sign"}
    prepared = prepare(table, "c")
    assert [n.code for n in prepared.notes] == ["dropped_target", "id_like"]
    assert prepared.notes[0] == "Dropped 1 row with no value for the target 'c'."
    for notice in (*table.report.warnings, *prepared.notes):
        assert isinstance(notice, Notice) and notice == fill(NOTICES[notice.code],
                                                             notice.details)


def test_file_summary_in_english_is_the_reports_own():
    for path in (dataset_path("watermelon_2.0.csv"), CORPUS / "semicolon.csv",
                 CORPUS / "tab.tsv", CORPUS / "fullwidth_comma.csv", CORPUS / "clean.xlsx"):
        report = load_path(path).report
        assert file_summary(report, "en") == report.summary()
    chinese = file_summary(load_path(CORPUS / "fullwidth_comma.csv").report, "zh")
    assert "全角逗号分隔" in chinese and "行 ×" in chinese


# ------------------------------------------------------------------ sentences true to the code


def test_a_decision_is_translated_only_when_it_is_the_sentence_the_code_wrote():
    decision = {"kind": "split", "attribute": "纹理", "rule_code": "max_gain", "ties": [],
                "forced": False, "rule": algorithms.get("id3").rule_text.format(attribute="纹理")}
    assert decision_text(decision, "first", "zh") == ("ID3 选择信息增益最大的属性作为划分属性："
                                                      "纹理。")
    tied = {**decision, "ties": ["脐部"],
            "rule": decision["rule"] + " Tied with 脐部; " + TIE_RULES["last"] + "."}
    assert decision_text(tied, "last", "zh").endswith(
        "与 脐部 并列；在数据中列顺序最靠后的属性胜出。")
    assert decision_text(tied, "first", "zh") == tied["rule"]  # not what the code did: English
    odd = {**decision, "rule": "Something else entirely."}
    assert decision_text(odd, "first", "zh") == odd["rule"]
    leaf = {"kind": "leaf", "stop": "pure", "rule": LEAF_RULES["pure"]}
    assert decision_text(leaf, "first", "zh") == "所有样本属于同一类别，因此是叶结点。"
    pruned = {"kind": "leaf", "stop": "pruned", "rule": PRUNE_RULES["pep"]}
    assert decision_text(pruned, "first", "zh").startswith("C4.5 的悲观剪枝")


def test_load_errors_in_chinese_and_unchanged_in_english(tmp_path):
    with pytest.raises(LoadError) as caught:
        load_path(CORPUS / "ragged_short.csv")
    assert error_text(caught.value, "en") == str(caught.value)
    assert re.fullmatch(r"第 \d+ 行有 \d+ 个值，而表头有 \d+ 列；含有分隔符的值请加引号。",
                        error_text(caught.value, "zh"))
    plain = ValueError("no code here")
    assert error_text(plain, "zh") == "no code here"


# ------------------------------------------------------------------ the command line itself

CLI_FRAGMENTS = english_fragments(
    [v for k, v in EN.items() if not k.startswith(("notice.", "kind_rule.", "error."))]
    + [v for k, v in EN.items() if k.startswith(("notice.", "kind_rule."))])


def test_a_chinese_run_prints_no_english_sentence_of_the_catalogue():
    args = ("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜", "--rules",
            "--algorithm", "c45")
    english, chinese = run(*args), run(*args, "--lang", "zh")
    assert english.returncode == chinese.returncode == 0, chinese.stderr
    # The check can fail: the English run is full of these fragments.
    assert len(english_in(english.stdout, CLI_FRAGMENTS)) > 5
    assert english_in(chinese.stdout, CLI_FRAGMENTS) == []
    for line in ("R1：如果 纹理=清晰 且 触感=硬滑 那么 好瓜=是  "
                 "[训练集：覆盖率 6/17（35.3%），精度 100.0%]",
                 "    纹理=模糊: 否  (是 0, 否 3)  [同类]",
                 "C4.5 保留信息增益不低于平均值的属性，再从中选择增益率最高的属性：纹理。",
                 "属性类型：色泽：文本（如“青绿”），因此视为离散"):
        assert line in chinese.stdout.splitlines()


def test_the_printed_trees_leaves_say_their_stop_in_words_in_both_languages():
    """A leaf's [tag] is words ("max depth", "最大深度"), not the JSON's code (max_depth)."""
    args = ("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
            "--max-depth", "2", "--min-samples-split", "6")
    english = run(*args).stdout.splitlines()
    chinese = run(*args, "--lang", "zh").stdout.splitlines()
    assert "        根蒂=稍蜷: 是  (是 2, 否 1)  [max depth]" in english
    assert "    纹理=稍糊: 否  (是 1, 否 4)  [too few samples]" in english
    assert "        根蒂=稍蜷: 是  (是 2, 否 1)  [最大深度]" in chinese
    assert "    纹理=稍糊: 否  (是 1, 否 4)  [样本过少]" in chinese
    leaf_stops = {*STOPS, "pre_pruned", "raised"}  # trace.leaf_stop's cases
    for lang in ("en", "zh"):
        words = stop_words(lang)
        assert set(words) == set(stop_words("zh")) == leaf_stops  # stop codes only
        assert not [w for w in words.values() if "_" in w], lang


def test_a_chinese_locale_speaks_chinese_and_a_flag_overrides_it():
    args = ("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜")
    by_locale = run(*args, lang_env="zh_CN.UTF-8")
    assert "ID3 决策树，共" in by_locale.stdout
    assert run(*args, "--lang", "zh").stdout == by_locale.stdout
    english = run(*args, "--lang", "en", lang_env="zh_CN.UTF-8")
    assert english.stdout == run(*args).stdout and "ID3 tree, " in english.stdout


def test_warnings_and_notes_in_chinese(tmp_path):
    data = tmp_path / "noisy.csv"
    data.write_text(NOISY, encoding="utf-8")
    english = run("grow", str(data), "--target", "c")
    chinese = run("grow", str(data), "--target", "c", "--lang", "zh")
    assert english.returncode == chinese.returncode == 0, chinese.stderr
    assert "warning: Skipped 1 empty row." in english.stdout
    fragments = english_fragments(NOTICES.values())
    assert len(english_in(english.stdout, fragments)) >= 6
    assert english_in(chinese.stdout, fragments) == []
    for line in ("警告：跳过了 1 个空行。", "警告：第 5 列在表头中没有名字，已命名为“column_5”。",
                 "注：目标列“c”中有 1 行没有取值，已删去。"):
        assert line in chinese.stdout


def test_pruning_events_in_chinese():
    args = ("grow", str(dataset_path("watermelon_2.0_train.csv")), "--target", "好瓜",
            "--validation", str(dataset_path("watermelon_2.0_validation.csv")), "--prune", "rep")
    english, chinese = run(*args), run(*args, "--lang", "zh")
    assert english.returncode == chinese.returncode == 0, chinese.stderr
    events = [line for line in chinese.stdout.splitlines() if line.startswith("  ")
              and ("剪枝 " in line or "保留 " in line)]
    assert events and all("验证集精度" in line for line in events)
    assert len(events) == len([line for line in english.stdout.splitlines()
                               if line.startswith(("  prune ", "  keep  "))])
    fragments = english_fragments(PRUNE_REASONS.values())
    assert english_in(english.stdout, fragments) and not english_in(chinese.stdout, fragments)


@pytest.mark.parametrize(("lang", "first"), [
    ("zh", r"% 需要 \usepackage{booktabs}；排版中文还需要 ctex（或 xeCJK）"),
    ("en", r"% needs \usepackage{booktabs}; Chinese text also needs ctex (or xeCJK)")])
def test_the_latex_score_tables_comment_is_in_the_runs_language(lang, first):
    """The table is headed in --lang's words; its first line, a comment, was English always
    (the app's download already says it in the page's language, from the same text)."""
    from ui.messages import LANGUAGES

    out = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
              "--scores-latex", "-", "--lang", lang).stdout
    assert out.splitlines()[0] == first
    assert first == f"% {LANGUAGES[lang][1]['exp.latex.note']}"


def test_pre_pruning_events_say_split_or_no_split_as_the_app_does():
    """Pre-pruning decides splits: its events read split / no split (划分 / 不划分), not the
    trace's action names keep / prune, which post-pruning's events say of subtrees."""
    args = ("grow", str(dataset_path("watermelon_2.0_train.csv")), "--target", "好瓜",
            "--validation", str(dataset_path("watermelon_2.0_validation.csv")), "--prune", "pre")
    english = run(*args).stdout.splitlines()
    chinese = run(*args, "--lang", "zh").stdout.splitlines()
    assert "  split    root: Validation accuracy 57.1% with the split vs 42.9% as a leaf: " \
           "split." in english
    assert "  no split 色泽=青绿: Validation accuracy 42.9% with the split vs 57.1% as a leaf: " \
           "no improvement, so the node stays a leaf." in english
    assert "  划分   根结点：划分后验证集精度 57.1%，作为叶结点时 42.9%：划分。" in chinese
    assert [line.split()[0] for line in chinese if line.startswith("  不划分 ")] == ["不划分"] * 2
    assert not [line for line in english + chinese
                if line.startswith(("  keep", "  prune", "  保留", "  剪枝"))]


@pytest.mark.parametrize(("args", "chinese"), [
    (("nope.csv", "--target", "y"), "错误：找不到文件：nope.csv。"),
    ((str(dataset_path("people_8.csv")), "--target", "x"),
     "错误：没有名为“x”的目标列；现有的列：height、hair、eyes、class。"),
    ((str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜", "--prune", "rep"),
     "错误：--prune rep 需要验证集：--validation FILE。"),
    ((str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜", "--cf", "0.1"),
     "错误：--cf 只用于 --prune pep。"),
    ((str(CORPUS / "one_class.csv"), "--target", "c"), None),
    ((str(CORPUS / "ragged_long.csv"), "--target", "c"), None),
])
def test_errors_in_chinese_exit_2_with_one_line(args, chinese):
    english, worded = run("grow", *args), run("grow", *args, "--lang", "zh")
    assert english.returncode == worded.returncode == 2
    assert english.stderr.startswith("error: ")
    assert worded.stderr.startswith("错误：") and worded.stderr.count("\n") == 1
    assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,} [A-Za-z]{3,}", worded.stderr), worded.stderr
    if chinese is not None:
        assert worded.stderr.strip() == chinese


# ------------------------------------------------------------------ --help and argparse's refusals


def _grow_actions(lang: str = "en"):
    from dtree_core.cli import build_parser

    parser = build_parser(lang)
    commands = next(a for a in parser._actions if getattr(a, "choices", None)
                    and "grow" in a.choices)
    return parser, commands.choices["grow"]._actions


def test_every_flag_of_grow_says_what_it_does():
    """--target, --force, --max-depth … were listed in --help with no word about them."""
    _, english = _grow_actions("en")
    assert [a.dest for a in english if not a.help] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_min_gain_help_names_each_algorithm_s_score_from_the_registry(lang):
    """--min-gain compares each algorithm's impurity_decrease (CART's gini_gain, Li Hang's
    C4.5's gain_ratio), read from the registry rather than written into the help."""
    _, actions = _grow_actions(lang)
    min_gain = next(a for a in actions if a.dest == "min_gain")
    for algorithm in map(algorithms.get, algorithms.keys()):
        assert f"{algorithm.key} {algorithm.impurity_decrease}" in min_gain.scores
    shown = " ".join(grow_help(lang).split())
    assert min_gain.scores in shown


def test_every_flag_with_help_has_chinese_help_with_the_same_format_fields():
    _, english = _grow_actions("en")
    _, chinese = _grow_actions("zh")
    for en, zh in zip(english, chinese, strict=True):
        if en.dest == "help" or not en.help:
            continue
        assert en.dest in cli_messages.HELP_ZH, en.dest
        assert zh.help == cli_messages.HELP_ZH[en.dest]
        assert re.findall(r"%\(\w+\)s", en.help) == re.findall(r"%\(\w+\)s", zh.help), en.dest


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_output_flag_s_help_says_what_dash_does(lang):
    """Every output flag writes to standard output for '-' (cli._write): --dot's help did not
    say so, while the other outputs' did."""
    from dtree_core.cli import OUTPUT_FLAGS

    _, actions = _grow_actions(lang)
    helps = {a.dest: a.help for a in actions}
    assert {dest: "'-'" in helps[dest] for dest in OUTPUT_FLAGS} == dict.fromkeys(
        OUTPUT_FLAGS, True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_dot_dash_writes_the_dot_alone_to_standard_output(lang):
    """`--dot -` writes the DOT to standard output, not a file named -, and nothing else:
    the summary that followed it broke `--dot - | dot -Tsvg`."""
    done = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
               "--max-depth", "1", "--dot", "-", "--lang", lang)
    assert done.returncode == 0, done.stderr
    dot = done.stdout
    assert dot.startswith("digraph tree {") and dot.endswith("\n}\n") and "n0 -> n1" in dot
    assert dot.count("\n}\n") == 1 and not (ROOT / "-").exists()


def test_help_in_chinese():
    english = run("grow", "--help")
    chinese = run("grow", "--help", "--lang", "zh")
    assert english.returncode == chinese.returncode == 0
    assert "print the tree as IF-THEN rules" in english.stdout
    assert "把决策树打印成“如果…那么…”规则" in chinese.stdout
    helps = [a.help for a in _grow_actions("en")[1] if a.help and a.dest != "help"]
    assert len(helps) > 20 and not [h for h in helps if h.split("%")[0][:30] in chinese.stdout]


@pytest.mark.parametrize(("args", "chinese"), [
    ((), "缺少必需的参数：--target"),
    (("--target", "好瓜", "--algorithm", "c9"), "参数 --algorithm：无效的选项 'c9'（可选："),
    (("--target", "好瓜", "--max-depth", "deep"), "参数 --max-depth：无效的整数：'deep'"),
    (("--target", "好瓜", "--bogus"), "无法识别的参数：--bogus"),
])
def test_argparse_refusals_in_chinese(args, chinese):
    data = str(dataset_path("watermelon_2.0.csv"))
    english = run("grow", data, *args)
    worded = run("grow", data, *args, "--lang=zh")
    assert english.returncode == worded.returncode == 2
    assert chinese not in english.stderr and chinese in worded.stderr
    assert worded.stderr.count("\n") == 1


def test_the_worked_solution_follows_lang_unless_told_otherwise(tmp_path):
    def solution(*flags: str) -> str:
        out = tmp_path / f"solution{len(list(tmp_path.iterdir()))}.md"
        run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜", "--solution",
            str(out), "--solution-scope", "node", *flags)
        return out.read_text(encoding="utf-8")

    english, chinese = solution(), solution("--lang", "zh")
    assert english.startswith("# Worked solution") and chinese.startswith("# 手算过程")
    assert solution("--lang", "zh", "--solution-lang", "en") == english


def test_the_worked_solution_takes_li_hangs_notation(tmp_path):
    """--notation lihang writes g(D,A), H_A(D) and g_R(D,A) where Zhou writes Gain, IV and
    Gain_ratio: the same numbers under the other book's symbols."""
    def solution(*flags: str) -> str:
        out = tmp_path / f"solution{len(list(tmp_path.iterdir()))}.md"
        done = run("grow", str(dataset_path("loan_lihang.csv")), "--target", "类别",
                   "--algorithm", "c45", "--solution", str(out), "--solution-scope", "node",
                   *flags)
        assert done.returncode == 0, done.stderr
        return out.read_text(encoding="utf-8")

    zhou, lihang = solution(), solution("--notation", "lihang")
    assert solution("--notation", "zhou") == zhou
    assert r"\mathrm{Gain\_ratio}" in zhou and r"\mathrm{Gain" not in lihang
    assert r"\mathrm{IV}" in zhou and r"H_{\text{有自己的房子}}" in lihang


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_printed_score_table_takes_the_notation(lang):
    """The summary's root scores under --notation lihang: H(D) and Example 5.2's g(D, A) with
    his symbols as headers; Zhou's names otherwise; the same numbers either way."""
    def summary(*flags: str) -> list[str]:
        done = run("grow", str(dataset_path("loan_lihang.csv")), "--target", "类别",
                   "--algorithm", "id3", "--lang", lang, *flags)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        start = next(i for i, line in enumerate(lines) if "Gini(D)=0.480" in line)
        return lines[start:start + 6]

    zhou, lihang = summary(), summary("--notation", "lihang")
    assert "Ent(D)=0.971" in zhou[0] and "H(D)=0.971" in lihang[0]
    assert zhou[1].split()[1:5] == ["Gain", "IV", "Gain_ratio", "Gini_index"]
    assert all(symbol in lihang[1] for symbol in ("g(D, A)", "H_A(D)", "g_R(D, A)", "Gini(D, A)"))
    assert "Gain" not in lihang[1] and "IV" not in lihang[1]
    # his words too: 特征 / feature for Zhou's 属性 / attribute (Notation.terms)
    zhou_word, his_word = {"en": ("attribute", "feature"), "zh": ("属性", "特征")}[lang]
    assert zhou_word in zhou[0] + zhou[1] and zhou_word not in lihang[0] + lihang[1]
    assert his_word in lihang[1] and (lang == "en" or his_word in lihang[0])
    gains = {line.split()[0]: line.split()[1] for line in lihang[2:6]}
    assert gains == {"年龄": "0.083", "有工作": "0.324", "有自己的房子": "0.420",
                     "信贷情况": "0.363"}  # Example 5.2
    assert [line.split()[1:5] for line in zhou[2:6]] == [line.split()[1:5] for line in lihang[2:6]]


@pytest.mark.parametrize("args, chinese", [
    (("--max-depth", "-1"), "--max-depth 须为不小于 0 的整数，得到 -1；不给出该选项即不限深度。"),
    (("--min-samples-split", "0"), "--min-samples-split 须为不小于 1 的整数，得到 0。"),
    (("--prune", "pep", "--cf", "0.9"), "置信因子 --cf 须在 (0, 0.5] 之内，得到 0.9。"),
    (("--force", "nowhere"), "--force 的格式是 路径=属性，得到的是“nowhere”。"),
    (("--force", "root=甜度"),
     "无法在“root”强制按“甜度”划分：它不在属性之中（该列已被排除，或数据中没有这一列）。"),
    (("--force", "纹理=清晰=纹理"), "无法在“纹理=清晰”强制按“纹理”划分：它不是该结点的候选属性。"),
    (("--force", "root=色泽", "--force", "root=纹理"),
     "在“root”强制了两种划分：“色泽”和“纹理”；一个结点只能有一种。"),
    (("--force", "root=纹理", "--force", "纹理=模糊=色泽"),
     "“纹理=模糊”处的结点是叶结点（同类）：那里没有可以强制的划分。"),
    (("--force", "root=纹理", "--force", "纹理=不存在=色泽"),
     "没有路径为“纹理=不存在”的结点可供强制划分。"),
    (("--json", "/"), "无法写入“/”：这是一个目录。"),
    (("--json", "/no/such/dir/t.json"), "无法写入“/no/such/dir/t.json”：没有这个文件或目录。"),
])
def test_refused_options_and_forces_in_chinese(args, chinese):
    data = str(dataset_path("watermelon_2.0.csv"))
    english = run("grow", data, "--target", "好瓜", *args)
    worded = run("grow", data, "--target", "好瓜", *args, "--lang", "zh")
    assert english.returncode == worded.returncode == 2
    assert chinese not in english.stderr and chinese in worded.stderr


def test_every_option_refusal_has_chinese_that_its_details_fill():
    """Each field Options.checked refuses: a Chinese sentence whose placeholders the refusal's
    details fill (so no refusal falls back to English under --lang zh)."""
    from dtree_core.options import OptionError, Options

    wrong = {"max_depth": -1, "min_samples_split": 0, "min_gain": -1.0,
             "min_branch_weight": -2.0, "tie_break": "x", "force_missing": "x", "seed": 1.5,
             "curve_points": 0, "prune": "x", "ccp_alpha": -1.0, "cf": 0.9,
             "prune_on_tie": "yes", "subtree_raising": "yes", "pep_margin": -1.0}
    for field, value in wrong.items():
        with pytest.raises(OptionError) as refused:
            Options(**{field: value}).checked()
        template = cli_messages.ERRORS_ZH[refused.value.code]
        assert cli_messages.placeholders(template) <= set(refused.value.details), field
        assert cli_messages.error_text(refused.value, "zh") != str(refused.value), field


@pytest.mark.parametrize(("args", "english", "chinese"), [
    (("--max-depth", "-1"), "--max-depth must be a whole number ≥ 0, got -1; leave the flag out "
     "for no limit.", "--max-depth 须为不小于 0 的整数，得到 -1；不给出该选项即不限深度。"),
    (("--max-depth", "9" * 23), f"--max-depth must be from 0 to {2**63 - 1}, got {'9' * 23}.",
     f"--max-depth 须在 0 到 {2**63 - 1} 之间，得到 {'9' * 23}。"),
    (("--min-samples-split", "0"), "--min-samples-split must be a whole number ≥ 1, got 0.",
     "--min-samples-split 须为不小于 1 的整数，得到 0。"),
    (("--min-gain", "-1"), "--min-gain must be a finite number ≥ 0, got -1.",
     "--min-gain 须为不小于 0 的有限数，得到 -1。"),
    (("--min-branch-weight", "0"), "--min-branch-weight must be a finite number > 0, got 0; "
     "leave the flag out to turn it off.",
     "--min-branch-weight 须为大于 0 的有限数，得到 0；不给出该选项即不用最少对象数。"),
    (("--seed", str(2**64)), f"--seed must be from {-(2**63)} to {2**64 - 1}, got {2**64}.",
     f"--seed 须在 {-(2**63)} 到 {2**64 - 1} 之间，得到 {2**64}。"),
    (("--prune", "ccp", "--ccp-alpha", "-1"), "--ccp-alpha must be a finite number ≥ 0, got -1.",
     "--ccp-alpha 须为不小于 0 的有限数，得到 -1。"),
    (("--prune", "pep", "--cf", "0.9"), "--cf must be a number in (0, 0.5], got 0.9.",
     "置信因子 --cf 须在 (0, 0.5] 之内，得到 0.9。"),
    (("--prune", "pep", "--pep-margin", "nan"),
     "--pep-margin must be a finite number ≥ 0, got nan.",
     "--pep-margin 须为不小于 0 的有限数，得到 nan。"),
])
def test_a_refused_option_names_the_flag_typed_not_the_python_parameter(args, english, chinese):
    """`--min-gain -1` was refused as "min_gain must be …": the Python API's name, which the
    command line's user never typed. The API's own refusal still names its parameter."""
    data = str(dataset_path("watermelon_2.0.csv"))
    said = {lang: run("grow", data, "--target", "好瓜", *args, "--lang", lang)
            for lang in ("en", "zh")}
    assert {lang: (done.returncode, done.stdout) for lang, done in said.items()} == {
        "en": (2, ""), "zh": (2, "")}
    assert said["en"].stderr == f"error: {english}\n"
    assert said["zh"].stderr == f"错误：{chinese}\n"
    from dtree_core.cli import _flag
    from dtree_core.options import Options

    field = args[-2].removeprefix("--").replace("-", "_")
    value = {"max_depth": int, "min_samples_split": int, "seed": int}.get(field, float)(args[-1])
    with pytest.raises(ValueError) as refused:
        Options.build(**{field: value})
    assert str(refused.value).startswith(f"{field} must be ") and _flag(field) not in str(
        refused.value)


@pytest.mark.parametrize(("args", "english", "chinese"), [  # -1 (got -1): the test above
    (("--min-gain", "1e400"), "--min-gain must be a finite number ≥ 0, got 1e400.",
     "--min-gain 须为不小于 0 的有限数，得到 1e400。"),
    (("--min-gain", "nan"), "--min-gain must be a finite number ≥ 0, got nan.",
     "--min-gain 须为不小于 0 的有限数，得到 nan。"),
    (("--min-gain", "-1e-3"), "--min-gain must be a finite number ≥ 0, got -1e-3.",
     "--min-gain 须为不小于 0 的有限数，得到 -1e-3。"),
    (("--min-branch-weight", "-1"), "--min-branch-weight must be a finite number > 0, got -1; "
     "leave the flag out to turn it off.",
     "--min-branch-weight 须为大于 0 的有限数，得到 -1；不给出该选项即不用最少对象数。"),
    (("--max-depth", "-01"), "--max-depth must be a whole number ≥ 0, got -01; leave the flag "
     "out for no limit.", "--max-depth 须为不小于 0 的整数，得到 -01；不给出该选项即不限深度。"),
    (("--min-samples-split", "00"), "--min-samples-split must be a whole number ≥ 1, got 00.",
     "--min-samples-split 须为不小于 1 的整数，得到 00。"),
    (("--seed", "1_8446744073709551616"), f"--seed must be from {-(2**63)} to {2**64 - 1}, "
     "got 1_8446744073709551616.",
     f"--seed 须在 {-(2**63)} 到 {2**64 - 1} 之间，得到 1_8446744073709551616。"),
    (("--prune", "pep", "--cf", "2"), "--cf must be a number in (0, 0.5], got 2.",
     "置信因子 --cf 须在 (0, 0.5] 之内，得到 2。"),
    (("--prune", "pep", "--pep-margin", "-3"), "--pep-margin must be a finite number ≥ 0, got -3.",
     "--pep-margin 须为不小于 0 的有限数，得到 -3。"),
    (("--prune", "ccp", "--ccp-alpha", "1e400"),
     "--ccp-alpha must be a finite number ≥ 0, got 1e400.",
     "--ccp-alpha 须为不小于 0 的有限数，得到 1e400。"),
])
def test_a_refused_number_is_quoted_as_typed(capsys, args, english, chinese):
    """`--min-gain 1e400` was refused as "got inf", `--cf 2` as "got 2.0": Python's spelling of
    the parsed number, which the user never typed."""
    from dtree_core.cli import main

    data = str(dataset_path("watermelon_2.0.csv"))
    for lang, sentence in (("en", f"error: {english}\n"), ("zh", f"错误：{chinese}\n")):
        assert main(["grow", data, "--target", "好瓜", *args, "--lang", lang]) == 2
        assert capsys.readouterr() == ("", sentence)


@pytest.mark.parametrize(("args", "typed"), [
    (("--min-g=-1e-3",), "-1e-3"),  # abbreviated, with its value attached
    (("--min-gain", "0.5", "--min-gain", "-2"), "-2"),  # the last given is the one used
    (("--min-gain", " -1 "), "-1"),  # the blanks float() skips are no part of the number
])
def test_the_typed_number_is_the_one_argparse_used(capsys, args, typed):
    from dtree_core.cli import main

    data = str(dataset_path("watermelon_2.0.csv"))
    assert main(["grow", data, "--target", "好瓜", *args]) == 2
    said = capsys.readouterr().err
    assert said == f"error: --min-gain must be a finite number ≥ 0, got {typed}.\n"


def test_every_number_flag_has_words_naming_it_for_options_refusals():
    """A number flag argparse cannot check (a range, a finite number) reaches Options, whose
    refusal names the Python parameter: each has the command line's words with the flag, so
    a new one is not said in the API's words."""
    from dataclasses import fields

    from dtree_core.options import Options

    names = {f.name for f in fields(Options)}
    _, actions = _grow_actions()
    numbers = {a.dest for a in actions if a.type in (int, float)}
    assert numbers and numbers <= names
    for dest in numbers:
        for catalogue in (EN, ZH):
            assert "{flag}" in catalogue[f"error.option.{dest}"], dest


def test_help_headings_in_chinese():
    worded = run("grow", "--help", "--lang", "zh").stdout
    assert worded.startswith("用法：") and "\n选项:" in worded and "\n位置参数:" in worded
    assert run("grow", "--help").stdout.startswith("usage: ")


def test_a_text_column_taken_as_continuous_is_refused_in_chinese():
    data = str(dataset_path("watermelon_2.0.csv"))
    worded = run("grow", data, "--target", "好瓜", "--continuous", "色泽", "--lang", "zh")
    assert worded.returncode == 2 and "列“色泽”不能作为连续属性：其中有文本值。" in worded.stderr


def test_j48s_margin_is_said_in_both_languages():
    """The margin sentence comes from wording.PRUNE_REASONS, so the CLI words it in Chinese."""
    data = str(dataset_path("watermelon_3.0_alpha.csv"))
    flags = ("--target", "好瓜", "--algorithm", "c45", "--prune", "pep", "--pep-margin", "0.1")
    english, worded = run("grow", data, *flags).stdout, run("grow", data, *flags, "--lang", "zh")
    assert "for the subtree + margin 0.1" in english
    assert "加余量 0.1" in worded.stdout and "margin 0.1" not in worded.stdout


def test_subtree_raising_is_said_in_both_languages():
    """Raising's sentences (three estimates) come from wording.PRUNE_REASONS too, so the CLI
    words them in Chinese, with the same figures."""
    data = str(dataset_path("watermelon_2.0.csv"))
    flags = ("--target", "好瓜", "--algorithm", "c45", "--prune", "pep", "--subtree-raising")
    english, worded = run("grow", data, *flags).stdout, run("grow", data, *flags, "--lang", "zh")
    assert ("as a leaf 2.044, the subtree 2.25, the largest branch 2.541 (margin 0): the leaf is "
            "no worse than either" in english)
    assert "the subtree stays." in english
    assert ("作为叶结点 2.044，子树 2.25，最大分支 2.541（余量 0）："
            "作为叶结点的估计错误数不多于两者，因此用叶结点替换子树。" in worded.stdout)
    assert "：保留子树。" in worded.stdout
    assert "Estimated errors" not in worded.stdout


def test_a_raise_and_the_leaves_it_moved_up_are_said_in_chinese(tmp_path):
    """The raise's action, the raised node's test and the leaves it moved up were printed in
    English or as pruned under --lang zh ('raise 根结点', '[已剪枝]'), and the header counted
    the 7 grown nodes and the 2 copies: 9, of a printed tree of 3."""
    data = tmp_path / "raise.csv"
    data.write_text("X,Y,c\n" + "a,p,yes\n" * 4 + "a,q,no\n" * 4 + "b,p,yes\nb,q,no\n",
                    encoding="utf-8")
    flags = ("--target", "c", "--algorithm", "id3", "--force", "root=X", "--prune", "pep",
             "--subtree-raising")
    english, worded = (run("grow", str(data), *flags, *lang).stdout
                       for lang in ((), ("--lang", "zh")))
    # the header names the algorithm as every page does: ID3, not its key id3
    assert "ID3 tree, 3 nodes:" in english and "ID3 决策树，共 3 个结点：" in worded
    assert "Y=p: yes  (yes 5, no 0)  [raised]" in english
    assert "Y=p: yes  (yes 5, no 0)  [上移]" in worded and "已剪枝" not in worded
    assert "  raise 根结点" not in worded and "  提升 根结点" in worded
    assert "C4.5 的子树提升把其最大分支（结点 #1）的划分放到这里" in worded
    assert "subtree raising" not in worded
    assert "C4.5's subtree raising put the test of its largest branch (node #1) here" in english


@pytest.mark.parametrize("verdict, worded", [
    ("raise", "最大分支的估计错误数不多于子树，因此将它提升到该结点的位置。"),
    ("prune", "作为叶结点的估计错误数不多于两者，因此用叶结点替换子树。"),
    ("keep", "保留子树。"),
])
def test_each_raising_verdict_is_worded_in_chinese_from_the_event(verdict, worded):
    from dtree_core.pruning import raising_reason

    leaf, tree, branch, margin = 5.25, 4.0, 3.5, 0.1
    event = {"action": verdict, "before": tree, "after": branch if verdict == "raise" else leaf,
             "reason": raising_reason(verdict, leaf, tree, branch, margin), "margin": margin,
             "errors_leaf": leaf, "errors_tree": tree, "errors_branch": branch}
    said = cli_messages.prune_reason_text("pep", event, "zh")
    assert said == f"估计错误数：作为叶结点 5.25，子树 4，最大分支 3.5（余量 0.1）：{worded}"
    assert cli_messages.prune_reason_text("pep", event, "en") == event["reason"]


def test_a_bad_budget_setting_is_said_in_chinese(monkeypatch):
    data = str(dataset_path("watermelon_2.0.csv"))
    monkeypatch.setenv("DTREE_BUDGET_ROWS", "abc")
    english = run("grow", data, "--target", "好瓜", "--budget")
    worded = run("grow", data, "--target", "好瓜", "--budget", "--lang", "zh")
    assert english.returncode == worded.returncode == 2
    assert "DTREE_BUDGET_ROWS: the budget's rows must be a positive number" in english.stderr
    said = "DTREE_BUDGET_ROWS：预算上限须为正数（计数须为至少 1 的整数）或 none，得到“abc”。"
    assert said in worded.stderr


def test_an_unknown_encoding_is_named_in_both_languages():
    """Chinese said the file could not be decoded with "this encoding", without its name."""
    data = str(dataset_path("watermelon_2.0.csv"))
    english = run("grow", data, "--target", "好瓜", "--encoding", "bogus")
    worded = run("grow", data, "--target", "好瓜", "--encoding", "bogus", "--lang", "zh")
    assert english.returncode == worded.returncode == 2
    assert "Unknown encoding 'bogus'." in english.stderr
    assert "未知的编码“bogus”" in worded.stderr


@pytest.mark.parametrize(("text", "args", "chinese"), [
    ("a,b,y\n1,2,p\n1,2,3,q\n", (), "第 3 行有 4 个值，而表头有 3 列；含有分隔符的值请加引号。"),
    ("a,a,y\n1,2,p\n3,4,q\n", (),
     "列名“a”在表头中出现了两次（第 1 列和第 2 列）；请重命名其中一列。"),
    ("xlsx", ("--sheet", "nope"), "“t.xlsx”中没有工作表“nope”；它的工作表有：Sheet1。"),
])
def test_load_refusals_keep_their_details_in_chinese(tmp_path, text, args, chinese):
    """The Chinese said only that some line was ragged, that a name appeared twice, that
    the workbook had no such sheet: the English named the counts, the columns, the sheets."""
    if text == "xlsx":
        path = tmp_path / "t.xlsx"
        pd.DataFrame({"a": [1, 2], "y": ["p", "q"]}).to_excel(path, index=False)
    else:
        path = tmp_path / "t.csv"
        path.write_text(text, encoding="utf-8")
    worded = run("grow", str(path), "--target", "y", *args, "--lang", "zh")
    assert worded.returncode == 2
    assert chinese in worded.stderr, worded.stderr


@pytest.mark.parametrize(("lang", "listed"), [("en", "id3, c45, cart"), ("zh", "id3、c45、cart")])
def test_an_unknown_algorithms_choices_are_listed_as_the_language_lists_them(lang, listed):
    """The algorithms a refusal offers are joined by its language (data.Listed)."""
    from dtree_core.cli_messages import error_text
    from dtree_core.data import DataError
    from dtree_core.options import Options

    with pytest.raises(DataError) as refused:
        Options.build(algorithm="foo")
    assert listed in error_text(refused.value, lang)


@pytest.mark.parametrize(("lang", "said"), [("zh", "--svg 需要 Graphviz 的 dot 程序"),
                                            ("en", "--svg needs Graphviz's 'dot' program")])
def test_svg_without_graphviz_is_refused_in_the_language_before_any_file_is_written(
        tmp_path, lang, said):
    """Without `dot` on the PATH, --svg was refused in English under --lang zh, after the
    --json file had been written: now in the run's language, before growing or writing."""
    env = {k: v for k, v in os.environ.items() if k not in cli_messages.LOCALE_VARIABLES}
    env["PATH"] = str(tmp_path / "nothing")  # no dot (nor anything else) to be found
    out = tmp_path / "part.json"
    done = subprocess.run([sys.executable, "-m", "dtree_core", "grow",
                           str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                           "--json", str(out), "--svg", str(tmp_path / "x.svg"), "--lang", lang],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert not out.exists()


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", "验证集文件“{path}”：只有表头行，没有数据行。"),
    ("en", "The validation file '{path}': 'v.csv' has a header row but no data rows.")])
def test_a_refused_validation_file_is_named(tmp_path, lang, said):
    """A header-only --validation file was refused in the very words of an empty training
    file: the refusal now names the validation file, in the run's language."""
    validation = tmp_path / "v.csv"
    validation.write_text("编号,色泽,好瓜\n", encoding="utf-8")
    done = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
               "--prune", "rep", "--validation", str(validation), "--lang", lang)
    assert done.returncode == 2 and said.format(path=validation) in done.stderr, done.stderr


@pytest.mark.parametrize("value", ["-inf", "-nan", "-1e-3"])
def test_a_negative_number_flag_value_meets_the_flags_own_check(value):
    """`--ccp-alpha -inf` read -inf as another flag ("expected one argument"): the value
    reaches the option's own check, which says what a --ccp-alpha must be."""
    done = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
               "--algorithm", "cart", "--prune", "ccp", "--ccp-alpha", value)
    assert done.returncode == 2 and "--ccp-alpha must be a finite number ≥ 0" in done.stderr, \
        done.stderr


def test_lang_before_the_command_is_taken():
    """`python -m dtree_core --lang zh grow …` was refused as an invalid command 'zh'."""
    done = run("--lang", "zh", "grow", str(dataset_path("watermelon_2.0.csv")), "--target",
               "好瓜", "--max-depth", "1")
    assert done.returncode == 0 and "17 行 × 8 列" in done.stdout, done.stderr


def test_the_help_flags_own_line_is_chinese_too():
    for args in (("grow", "--help"), ("--help",)):
        worded = run(*args, "--lang", "zh").stdout
        assert "显示此帮助信息并退出" in worded and "show this help message" not in worded


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "note: '好瓜' is the target, not an attribute"),
    ("zh", "注：“好瓜”是目标列，不是属性")])
def test_naming_the_target_among_the_attribute_flags_is_noted(lang, said):
    """`--exclude 好瓜` (the target) ran without a word, as if the flag had done something."""
    done = run("grow", str(dataset_path("watermelon_3.0.csv")), "--target", "好瓜",
               "--exclude", "好瓜", "--max-depth", "1", "--lang", lang)
    assert done.returncode == 0 and said in done.stdout, done.stdout


@pytest.mark.parametrize("kind", ["--nominal", "--continuous"])
@pytest.mark.parametrize(("lang", "said"), [
    ("en", "error: '密度' is named by both --exclude and {flag}: a column is either left out or "
           "read as an attribute; drop one of the two."),
    ("zh", "错误：“密度”同时出现在 --exclude 和 {flag} 中：一列要么不作为属性，要么作为属性读取；"
           "请去掉其中一个。")])
def test_a_column_both_excluded_and_given_a_kind_is_refused(kind, lang, said):
    """`--exclude 密度 --continuous 密度` left the column out without a word of the clash."""
    for order in (("--exclude", "色泽", "密度", kind, "密度"), (kind, "密度", "--exclude", "密度")):
        done = run("grow", str(dataset_path("watermelon_3.0.csv")), "--target", "好瓜", *order,
                   "--lang", lang)
        assert done.returncode == 2 and done.stdout == "", done.stdout
        assert done.stderr == said.format(flag=kind) + "\n", done.stderr


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "error: '密度' is named by both --nominal and --continuous: a column is read as one "
           "kind; drop one of the two."),
    ("zh", "错误：“密度”同时出现在 --nominal 和 --continuous 中：一列只能按一种类型读取；"
           "请去掉其中一个。")])
def test_a_column_given_both_kinds_is_refused_naming_the_flags(lang, said):
    """`--nominal 密度 --continuous 密度` was refused by the loader in words naming no flag
    ("Column '密度' cannot be both nominal and continuous.")."""
    done = run("grow", str(dataset_path("watermelon_3.0.csv")), "--target", "好瓜",
               "--nominal", "密度", "--continuous", "密度", "--lang", lang)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    assert done.stderr == said + "\n", done.stderr


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "note: '编号' is left out because"), ("zh", "注：“编号”在每一行的取值都不同")])
def test_a_left_out_column_is_named_once(lang, said):
    """The ID column's note names it itself: not 'note: 编号: '编号' is left out'."""
    done = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
               "--max-depth", "1", "--lang", lang)
    assert done.returncode == 0 and said in done.stdout, done.stdout


# ------------------------------------------------------------------ grow --help's examples

# What each example's caption says, as the output shows it (in the order of GROW_EXAMPLES).
EXAMPLE_FACTS = (
    ["纹理?  (是 8, 否 9)"],  # Fig. 4.4's root
    ["脐部?", "Chosen by hand (forced): 脐部.", "prune 脐部=凹陷: Validation accuracy 71.4%"],
    ["C4.5 tree", "Rules:", "R1: IF 含糖率<=0.126 THEN 好瓜=否"],
    ["g(D, \\text{有自己的房子})", "0.420"],
)


@pytest.mark.parametrize("example", range(len(cli_messages.GROW_EXAMPLES)))
def test_each_example_in_grow_help_runs_and_shows_what_it_says(example):
    *_, arguments = cli_messages.GROW_EXAMPLES[example]
    result = run("grow", *shlex.split(arguments), "--lang", "en")
    assert result.returncode == 0, result.stderr
    for fact in EXAMPLE_FACTS[example]:
        assert fact in result.stdout, fact
    for lang in ("en", "zh"):
        assert f"python -m dtree_core grow {arguments}" in grow_help(lang)


def test_the_tree_header_names_the_algorithm_in_the_language():
    """The Chinese header read "Oblique 决策树" beside the rule's 斜决策树."""
    data = str(dataset_path("watermelon_3.0_alpha.csv"))
    worded = run("grow", data, "--target", "好瓜", "--algorithm", "oblique", "--lang", "zh")
    assert worded.returncode == 0, worded.stderr
    assert "\n斜决策树，共 " in worded.stdout and "Oblique" not in worded.stdout
    english = run("grow", data, "--target", "好瓜", "--algorithm", "oblique")
    assert "\nOblique tree, " in english.stdout


@pytest.mark.parametrize("lang, legend, said", [
    ("en", "no row is chosen, the linear test below is; = tied for the best single attribute",
     "The best single attributes 纹理, 含糖率 tie at Gini index 0.286 (= above); the linear "
     "test's Gini index is 0.257."),
    ("zh", "选用的是下面的线性划分，没有选中的行；= 为并列最优的单属性",
     "并列最优的单属性纹理、含糖率的基尼指数均为 0.286（上表中的 =）；线性划分的基尼指数为 "
     "0.257。")])
def test_an_oblique_roots_table_says_what_its_ties_are(lang, legend, said):
    """Watermelon 3.0's oblique root is a linear test: no row has '*', and '=' marks 纹理 and
    含糖率, tied for the best single attribute (the app's 并列最优的单属性), not tied with a
    chosen row, as the legend '* chosen, = tied' (= 为与之并列) said."""
    data = str(dataset_path("watermelon_3.0.csv"))
    done = run("grow", data, "--target", "好瓜", "--algorithm", "oblique", "--lang", lang)
    assert done.returncode == 0, done.stderr
    table = done.stdout.split(legend, 1)
    assert len(table) == 2, done.stdout
    marked = [line.split()[0] for line in table[1].splitlines() if line.endswith("=")]
    assert marked == ["纹理", "含糖率"], table[1]
    assert said in done.stdout, done.stdout


@pytest.mark.parametrize("lang, said", [
    ("en", "C4.5 keeps the features whose gain is at least the mean gain and takes the one with "
           "the largest gain ratio: 有自己的房子."),
    ("zh", "C4.5 保留信息增益不低于平均值的特征，再从中选择信息增益比最高的特征：有自己的房子。")])
def test_the_roots_decision_is_in_li_hangs_words_under_his_notation(lang, said):
    """--notation lihang headed the score table 特征, g_R(D, A) but the sentence under it kept
    Zhou's 属性 and 增益率 (attribute in English)."""
    done = subprocess.run([sys.executable, "-m", "dtree_core", "grow",
                           str(dataset_path("loan_lihang.csv")), "--target", "类别",
                           "--algorithm", "c45", "--notation", "lihang", "--lang", lang],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().splitlines()[-1] == said


def _root_lines(data: str, *flags: str) -> list[str]:
    done = run("grow", str(dataset_path(data)), "--target", "好瓜", "--algorithm", "cart", *flags)
    assert done.returncode == 0, done.stderr
    return done.stdout.rstrip().splitlines()


def _root_scores(data: str) -> list[dict]:
    """The root's score rows of the trace the same run writes (--json -)."""
    done = run("grow", str(dataset_path(data)), "--target", "好瓜", "--algorithm", "cart",
               "--json", "-")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["nodes"][0]["scores"]


def _chosen(rows: list[dict]) -> dict:
    return next(row for row in rows if row["chosen"])


@pytest.mark.parametrize("lang, said", [
    ("en", "CART takes, among all features and their cut points, the one with the smallest "
           "Gini index Gini(D, A) (Li Hang, Alg. 5.6, step (2)): 纹理, Gini(D, 纹理) = 0.286."),
    ("zh", "CART 在所有可能的特征及其所有可能的切分点中，选择基尼指数 Gini(D, A) 最小的特征及其"
           "切分点（李航，算法 5.6 步 (2)）：纹理，Gini(D, 纹理) = 0.286。")])
def test_li_hangs_cart_sentence_names_the_smallest_gini_without_rho(lang, said):
    """--notation lihang still said Zhou's missing-value form, the largest
    ρ·(Gini(D̃) − Gini_index), under a table headed Gini(D, A): Li Hang's CART (Alg. 5.6)
    takes the smallest Gini(D, A), which is what the code did where no value is missing,
    with the chosen row's number as the table prints it."""
    lines = _root_lines("watermelon_2.0.csv", "--notation", "lihang", "--lang", lang)
    rows = _root_scores("watermelon_2.0.csv")
    row = _chosen(rows)
    assert all(r["rho"] == 1 for r in rows) and f"{row['gini_index']:.3f}" == "0.286"
    assert min(r["gini_index"] for r in rows if r["eligible"]) == row["gini_index"]
    assert lines[-1] == said
    assert "ρ" not in lines[-1] and "Gini_index" not in lines[-1]


@pytest.mark.parametrize("lang, said", [
    ("en", "CART takes the split that lowers the Gini index most. Values are missing here, and "
           "Li Hang gives no rule for them: each feature's Gini(D̃) and Gini(D̃, A) are computed "
           "on D̃, the instances whose value of A is known, and the decrease is weighted by "
           "their share ρ, as Zhou §4.4.2 weights the gain, so the smallest Gini(D̃, A) need "
           "not win. The largest ρ·(Gini(D̃) − Gini(D̃, A)) is 纹理's, {gini_gain} "
           "(ρ = {rho}, Gini(D̃) = {gini_known}, Gini(D̃, 纹理) = {gini_index})."),
    ("zh", "CART 选择使基尼指数下降最多的划分。此处有缺失值，李航书中没有处理缺失值的规则："
           "各特征的 Gini(D̃) 与 Gini(D̃, A) 在 D̃（特征 A 取值已知的实例）上计算，"
           "下降量再乘以这些实例所占的比例 ρ（同周志华 §4.4.2 对信息增益的加权），"
           "所以 Gini(D̃, A) 最小的特征未必胜出。"
           "ρ·(Gini(D̃) − Gini(D̃, A)) 最大的是 纹理，为 {gini_gain}（ρ = {rho}，"
           "Gini(D̃) = {gini_known}，Gini(D̃, 纹理) = {gini_index}）。")])
def test_li_hangs_cart_sentence_with_missing_values_says_what_the_code_ranked(lang, said):
    """Li Hang has no rule for missing values: where some are (ρ < 1) his notation says the
    code's ranking as it is, ρ·(Gini(D̃) − Gini(D̃, A)) on the known rows, with the chosen
    row's numbers, under a table whose Gini column is headed Gini(D̃, A)."""
    lines = _root_lines("watermelon_2.0_alpha.csv", "--notation", "lihang", "--lang", lang)
    row = _chosen(_root_scores("watermelon_2.0_alpha.csv"))
    assert row["rho"] < 1 and row["attribute"] == "纹理"
    numbers = {k: f"{row[k]:.3f}" for k in ("gini_gain", "rho", "gini_known", "gini_index")}
    assert numbers == {"gini_gain": "0.235", "rho": "0.882", "gini_known": "0.498",
                       "gini_index": "0.231"}
    assert lines[-1] == said.format(**numbers)
    header = next(line for line in lines if line.startswith(("feature ", "特征 ")))
    assert "Gini(D̃, A)" in header and "Gini(D, A)" not in header


@pytest.mark.parametrize("data", ["watermelon_2.0.csv", "watermelon_2.0_alpha.csv"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_zhous_cart_sentence_keeps_his_form(data, lang):
    """Zhou's notation (the default) keeps his ρ·(Gini(D̃) − Gini_index), missing values or
    not, and his table's Gini_index header."""
    said = {"en": "CART takes the split that lowers the Gini index most, the largest "
                  "ρ·(Gini(D̃) − Gini_index) (the smallest Gini_index when no value is "
                  "missing): 纹理.",
            "zh": "CART 选择使基尼指数下降最多的划分，即 ρ·(Gini(D̃) − Gini_index) 最大者"
                  "（没有缺失值时即基尼指数最小者）：纹理。"}[lang]
    assert _root_lines(data, "--lang", lang)[-1] == said
    assert _root_lines(data, "--notation", "zhou", "--lang", lang)[-1] == said


def test_id3s_min_gain_leaf_is_li_hangs_epsilon_in_his_notation():
    """Under --notation lihang ID3 is his Alg. 5.2, whose step (4) compares g with ε: the
    leaf is marked so, as the grow page words it; in Zhou's notation it stays the min gain."""
    args = ("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
            "--min-gain", "0.3")
    leaf = "        根蒂=稍蜷: 是  (是 2, 否 1)  [{}]"
    assert leaf.format("gain too small") in run(*args).stdout.splitlines()
    lihang = run(*args, "--notation", "lihang").stdout.splitlines()
    assert leaf.format("below threshold ε") in lihang
    assert leaf.format("小于阈值 ε") in run(*args, "--notation", "lihang", "--lang",
                                            "zh").stdout.splitlines()


@pytest.mark.parametrize("lang, words", [("en", "Gini decrease too small"),
                                         ("zh", "基尼指数减少量过小")])
def test_carts_min_gain_leaf_is_marked_by_the_gini_decrease_it_compared(lang, words):
    """CART's min gain compares ρ·ΔGini (the grow page's stop sentence says so): the printed
    tree's mark says the same, not "gain"."""
    result = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                 "--algorithm", "cart", "--min-gain", "0.1", "--lang", lang)
    assert result.returncode == 0, result.stderr
    assert f"[{words}]" in result.stdout


@pytest.mark.parametrize("notation, word", [("zhou", "划分点"), ("lihang", "切分点")])
def test_the_score_tables_threshold_column_is_headed_in_the_notations_word(notation, word):
    """The root's score table headed its t column with Zhou's 划分点 under --notation lihang,
    beside his 特征 in the same header line, and the kinds above said 属性类型: his 切分点
    and 特征 there."""
    lines = _root_lines("watermelon_3.0.csv", "--exclude", "编号", "--notation", notation,
                        "--lang", "zh")
    header = lines[next(i for i, line in enumerate(lines) if line.startswith("根结点")) + 1]
    own = "特征" if notation == "lihang" else "属性"
    assert header.split()[0] == own and header.split()[-1] == word, header
    # and the kinds read off the data, above the tree, in the same words (特征类型)
    kinds = [line for line in lines if line.startswith(("属性类型", "特征类型"))]
    assert len(kinds) == 8 and all(line.startswith(own + "类型") for line in kinds), kinds
