"""The command line's words, English and Chinese (`python -m dtree_core grow ... --lang zh|en`).

EN and ZH have the same keys and placeholders. The English of the loader's notices, the kind
rules and the trace's decision and pruning sentences is the core's own (loading.NOTICES,
data.RULE_SENTENCES, the algorithm records, wording), so `--lang en` prints exactly what the
CLI always printed; ZH words the same codes with Zhou Zhihua's terms (机器学习 ch. 4: 属性,
划分属性, 信息增益, 增益率, 基尼指数, 叶结点, 划分点, 剪枝 …). A sentence the core wrote is
translated only when re-wording its code gives back that very sentence in English, so the
Chinese never says something the code did not do; otherwise the English is printed.

The loader's refusals (LoadError and BudgetError codes) have Chinese words in ERRORS_ZH; in
English the refusal's own sentence is printed, as TRACE.md promises.

This module imports no UI library: ui/sections/loading.py merges its notice words into the
app's catalogue, so a loader notice reads the same in the app and on the terminal.
"""

from __future__ import annotations

import argparse
import errno
import functools
import os
import re
import string
from collections.abc import Mapping

from . import algorithms, notation
from .budget import figure_text, refusal_sentence
from .data import RULE_SENTENCES, DataError, Listed, listed_in
from .export import (
    LATEX_NOTE,
    left_out_of_choice,
    partition_sides,
    side_texts,
    values_missing_at,
)
from .loading import NOTICES
from .split import format_number
from .wording import (
    LEAF_RULES,
    PRUNE_REASONS,
    PRUNE_RULES,
    RAISE_RULES,
    TIE_RULES,
    fill,
    raise_rule_of,
)

LANGUAGES = ("en", "zh")
DELIMITERS = {",": "comma", ";": "semicolon", "\t": "tab", "\uff0c": "full_width_comma"}
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX precedence


def default_language(environ: Mapping[str, str] = os.environ) -> str:
    """zh when the locale (the first of LC_ALL, LC_MESSAGES, LANG that is set) is Chinese,
    such as zh_CN.UTF-8; else en."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


# The CLI's own sentences.
_CLI_EN = {
    "summary.file": "{filename}: {rows} rows x {columns} columns ({how})",
    "summary.sheet": "sheet '{sheet}'",
    "summary.text": "{encoding}, {delimiter}-separated",
    "delimiter.comma": "comma",
    "delimiter.semicolon": "semicolon",
    "delimiter.tab": "tab",
    "delimiter.full_width_comma": "full-width comma",
    "warning": "warning: {text}",
    "note": "note: {text}",
    "note.column": "note: {column}: {text}",
    "kind": "kind: {column}: {text}",
    "tree.header": "{algorithm} tree, {nodes} nodes:",
    "tree.header.named": "{algorithm}, {nodes} nodes:",
    "rules.header": "Rules:",
    "scores.header": ("Root scores ({entropy_of_d}={entropy}, Gini(D)={gini}; * chosen, "
                      "= tied):"),
    # a linear test won at the root: no row is chosen, and '=' is a tie among the rows
    "scores.header.linear": ("Root scores ({entropy_of_d}={entropy}, Gini(D)={gini}; no row "
                             "is chosen, the linear test below is; = tied for the best single "
                             "attribute):"),
    "scores.axis_ties": ("The best single attributes {ties} tie at Gini index {axis} (= above); "
                         "the linear test's Gini index is {linear}."),
    # the candidates the rule could not take (export.left_out_of_choice): the root's here,
    # every node's on the grow page (ui.panel.ineligible_text reads left_out_text)
    "ineligible.weight": ("Left out of the choice{mean}: {attributes}, for which no split "
                          "leaves two branches with a weight of at least {m} (the min branch "
                          "weight)."),
    "ineligible.one_value": ("Left out of the choice{mean}: {attributes}, with one value "
                             "left at this node, so no two-way split."),
    "ineligible.mean": " and of the mean gain",
    "sentence.pair": "{first} {second}",
    "scores.attribute": "attribute",
    "scores.threshold": "threshold",
    "scores.col.attribute": "attribute",
    "scores.col.kind": "kind",
    "scores.col.threshold": "threshold",
    "scores.col.chosen": "chosen",
    "scores.col.tied": "tied",
    "scores.kind.nominal": "nominal",
    "scores.kind.continuous": "continuous",
    "pruning.header": "Pruning: {name} (--prune {method}), in the order decided:",
    "pruning.header.away": ("Pruning: {name} (--prune {method}), in the order decided; {away} "
                            "nodes pruned away:"),
    "pruning.shared_rows": ("Validation rows with an unknown value where the tree tests it: "
                            "{count} of {n}. As in prediction (Zhou §4.4.2), such a row goes "
                            "down every branch by its share and counts the share that reaches a "
                            "leaf of its class, so an accuracy need not be a whole number of rows "
                            "out of {n}."),
    "pruning.unlabelled_rows": ("Left out of the validation file: {count} rows with no class; "
                                "the accuracies are of the other {n}."),
    "pruning.name.pre": "pre-pruning",
    "pruning.name.rep": "reduced-error pruning",
    "pruning.name.pep": "C4.5's pessimistic pruning",
    "pruning.name.ccp": "CART's cost-complexity pruning",
    "pruning.name.cost": "Li Hang's pruning by the loss C_α(T)",
    "pruning.event": "  {action} {where}: {reason}",
    "pruning.action.prune": "prune",
    "pruning.action.keep": "keep",
    # pre-pruning's events decide a split, not a subtree (the app's words: Split / Not split)
    "pruning.action.pre.keep": "split",
    "pruning.action.pre.prune": "no split",
    "pruning.action.raise": "raise",
    "pruning.root": "root",
    "pruning.where.key": "{path} (--force path {key})",
    "error": "error: {text}",
    "error.memory": "not enough memory to grow this tree; try --max-depth.",
    "error.sheet_text": "--sheet is for .xlsx workbooks; '{data}' is a text file.",
    "error.encoding_xlsx": ("--encoding is for text files; '{data}' is an .xlsx workbook, "
                            "which names its own."),
    "error.stdout_json": ("--json - writes the trace to standard output, which must then hold "
                          "only JSON: write {flags} to a file instead."),
    "error.stdout_json_rules": ("--json - writes the trace to standard output, which must then "
                                "hold only JSON: write {flags} to a file instead (the rules: "
                                "--rules-txt FILE)."),
    "error.stdout_one": ("{first} - writes to standard output, which must then hold only that "
                         "output: write {flags} to a file instead."),
    "error.stdout_one_rules": ("{first} - writes to standard output, which must then hold only "
                               "that output: write {flags} to a file instead (the rules: "
                               "--rules-txt FILE)."),
    "error.needs_validation": "--prune {method} needs validation rows: --validation FILE.",
    "error.validation_unused": "--validation is only used by --prune pre or --prune rep.",
    "error.flag_unused": "{flag} is only used by --prune {method}.",
    "error.option_unused": "{flag} is only used by {outputs}, which is not given.",
    "error.data_in_list": ("{refusal}. '{data}' was read as one of {flag}'s values (the list "
                           "takes every word after the flag): put DATA before the options, or "
                           "end the list with -- ({flag} a -- {data})."),
    "error.excluded_and_kind": ("'{column}' is named by both --exclude and {flag}: a column is "
                                "either left out or read as an attribute; drop one of the two."),
    "error.two_kinds": ("'{column}' is named by both --nominal and --continuous: a column is "
                        "read as one kind; drop one of the two."),
    # Options' refusals worded with the flag (its own sentences name the Python parameter)
    "error.option.max_depth": ("{flag} must be a whole number ≥ 0, got {value}; leave the flag "
                               "out for no limit."),
    "error.option.min_samples_split": "{flag} must be a whole number ≥ 1, got {value}.",
    "error.option.min_gain": "{flag} must be a finite number ≥ 0, got {value}.",
    "error.option.min_branch_weight": ("{flag} must be a finite number > 0, got {value}; leave "
                                       "the flag out to turn it off."),
    "error.option.seed": "{flag} must be a whole number, got {value}.",
    "error.option.range": "{flag} must be from {low} to {high}, got {value}.",
    "error.option.ccp_alpha": "{flag} must be a finite number ≥ 0, got {value}.",
    "error.option.cf": "{flag} must be a number in (0, 0.5], got {value}.",
    "error.option.pep_margin": "{flag} must be a finite number ≥ 0, got {value}.",
    "error.no_node": "No node at '{path}'; paths look like: {examples}.",
    "error.not_scored": "The node at '{path}' was not scored (a leaf stopped before choosing).",
    "error.cannot_write": "Cannot write '{target}': {reason}.",
    "error.cannot_write_stdout": "Cannot write to standard output: {reason}.",
    "error.empty_input": "{flag} is an empty file name; name the file to read.",
    "error.same_output": "{first} and {second} both write '{target}'; give each its own file.",
    "error.output_is_input": ("{flag} would overwrite {input}, '{target}', which it reads; "
                              "write to another file."),
    "error.empty_output": ("{flag} is an empty file name; name the file to write, or '-' for "
                           "standard output."),
    "error.validation_file": "The validation file '{path}': {reason}",
    "error.no_dot": ("--svg needs Graphviz's 'dot' program, which is not installed (e.g. "
                     "apt-get install graphviz); --dot writes the DOT file without it."),
    "os.no_such_file": "No such file or directory",
    "os.is_directory": "Is a directory",
    "os.permission": "Permission denied",
    "os.not_directory": "Not a directory",
    "os.disk_full": "No space left on device",
    "os.read_only": "Read-only file system",
    "rule.forced": "Chosen by hand (forced): {attribute}.",
    "rule.ties": " Tied with {ties}; {rule}.",
    # The rule in a notation's own words, filled with the chosen row's numbers
    # (_notation_rule): Li Hang's CART (Alg. 5.6) takes the smallest Gini(D, A), with no ρ;
    # he has no rule for missing values, so there the code's ρ-weighted ranking is said as
    # it is, computed on D̃ (the sentence a notation lacks stays the algorithm's own)
    "rule.min_gini.lihang": ("CART takes, among all features and their cut points, the one "
                             "with the smallest Gini index Gini(D, A) (Li Hang, Alg. 5.6, "
                             "step (2)): {attribute}, Gini(D, {attribute}) = {gini_index}."),
    # the chosen split puts several values on each side (export.partition_sides): none of
    # his cut points A = a, so the words above would not describe it
    "rule.min_gini.lihang.partition": (
        "CART takes the two-way split with the smallest Gini index Gini(D, A) (Li Hang, Alg. "
        "5.6, step (2)): {attribute}, Gini(D, {attribute}) = {gini_index}. That split puts "
        "the values D holds, {left} against {right}, more than one on each side, so it is "
        "none of Li Hang's cut points A = a: this tree searches the two-way partitions of a "
        "feature's values (Breiman's CART), his cut points among them."),
    "rule.min_gini.lihang.missing": (
        "CART takes the split that lowers the Gini index most. Values are missing here, and "
        "Li Hang gives no rule for them: each feature's Gini(D̃) and Gini(D̃, A) are computed "
        "on D̃, the instances whose value of A is known, and the decrease is weighted by their "
        "share ρ, as Zhou §4.4.2 weights the gain, so the smallest Gini(D̃, A) need not win. "
        "The largest ρ·(Gini(D̃) − Gini(D̃, A)) is {attribute}'s, {gini_gain} (ρ = {rho}, "
        "Gini(D̃) = {gini_known}, Gini(D̃, {attribute}) = {gini_index})."),
    "list": ", ",
    # the progress line on a terminal's stderr (cli_progress.ProgressLine), a phase at a time
    "progress.reading": "Reading {name} ({mb} MB)…",
    "progress.preparing": "Preparing the data: target, attributes and their kinds…",
    "progress.growing": "Growing the tree: depth {depth}, {nodes} nodes so far…",
    "progress.pruning": "Pruning: {name}…",
    "progress.outline": "Collecting the tree's {nodes} nodes…",
    "progress.json": "Writing JSON {target}: {done} of {total} nodes…",
    "progress.writing": "Writing {target}…",
    "latex.note": LATEX_NOTE,  # the score table's LaTeX first line (a comment)
}

_CLI_ZH = {
    "summary.file": "{filename}：{rows} 行 × {columns} 列（{how}）",
    "summary.sheet": "工作表“{sheet}”",
    "summary.text": "{encoding}，{delimiter}分隔",
    "delimiter.comma": "逗号",
    "delimiter.semicolon": "分号",
    "delimiter.tab": "制表符",
    "delimiter.full_width_comma": "全角逗号",
    "warning": "警告：{text}",
    "note": "注：{text}",
    "note.column": "注：{column}：{text}",
    "kind": "属性类型：{column}：{text}",
    "tree.header": "{algorithm} 决策树，共 {nodes} 个结点：",
    "tree.header.named": "{algorithm}，共 {nodes} 个结点：",
    "rules.header": "规则：",
    "scores.header": ("根结点各候选属性的得分（{entropy_of_d}={entropy}，Gini(D)={gini}；"
                      "* 为选中的划分属性，= 为与之并列）："),
    "scores.header.linear": ("根结点各候选属性的得分（{entropy_of_d}={entropy}，Gini(D)={gini}；"
                             "选用的是下面的线性划分，没有选中的行；= 为并列最优的单属性）："),
    "scores.axis_ties": ("并列最优的单属性 {ties} 的基尼指数均为 {axis}（上表中的 =）；"
                         "线性划分的基尼指数为 {linear}。"),
    "ineligible.weight": ("{attributes} 不参与选择{mean}：其任何划分都没有两个分支的权重"
                          "达到 {m}（分支最小权重）。"),
    "ineligible.one_value": "{attributes} 不参与选择{mean}：在该结点只剩一个取值，无法二分。",
    "ineligible.mean": "，也不计入平均信息增益",
    "sentence.pair": "{first}{second}",
    "scores.attribute": "属性",
    "scores.threshold": "划分点",
    "scores.col.attribute": "属性",
    "scores.col.kind": "类型",
    "scores.col.threshold": "t",  # as the app's score table heads it (Zhou's 划分点 t)
    "scores.col.chosen": "选中",
    "scores.col.tied": "并列",
    "scores.kind.nominal": "离散",
    "scores.kind.continuous": "连续",
    "pruning.header": "剪枝：{name}（--prune {method}），按决定的先后顺序：",
    "pruning.header.away": ("剪枝：{name}（--prune {method}），按决定的先后顺序；共剪去 {away} "
                            "个结点："),
    "pruning.shared_rows": ("{n} 个验证样本中有 {count} 个在决策树测试的属性上取值缺失："
                            "与预测时一样（周志华 §4.4.2），这样的样本按权重同时进入各分支，"
                            "到达其所属类别的叶结点的那部分权重计为正确，因此精度不一定是"
                            "整数个样本除以 {n}。"),
    "pruning.unlabelled_rows": ("验证集文件中有 {count} 行没有类别，未参与评判；精度按其余 {n} "
                                "行计算。"),
    "pruning.name.pre": "预剪枝",
    "pruning.name.rep": "错误率降低剪枝",
    "pruning.name.pep": "C4.5 悲观剪枝",
    "pruning.name.ccp": "CART 代价复杂度剪枝",
    "pruning.name.cost": "李航的损失函数剪枝 C_α(T)",
    "pruning.event": "  {action} {where}：{reason}",
    "pruning.action.prune": "剪枝",
    "pruning.action.keep": "保留",
    "pruning.action.pre.keep": "划分",
    "pruning.action.pre.prune": "不划分",
    "pruning.action.raise": "提升",
    "pruning.root": "根结点",
    "pruning.where.key": "{path}（--force 路径 {key}）",
    "error": "错误：{text}",
    "error.memory": "内存不足，无法生成这棵决策树；请试试 --max-depth。",
    "error.sheet_text": "--sheet 只用于 .xlsx 工作簿；“{data}”是文本文件。",
    "error.encoding_xlsx": "--encoding 只用于文本文件；“{data}”是 .xlsx 工作簿，它自带编码。",
    "error.stdout_json": ("“--json -”会把生成过程记录写到标准输出，此时标准输出中只能有 JSON：请把 "
                          "{flags} 改为写到文件。"),
    "error.stdout_json_rules": ("“--json -”会把生成过程记录写到标准输出，此时标准输出中只能有 "
                                "JSON：请把 {flags} 改为写到文件（规则请用 --rules-txt FILE "
                                "写到文件）。"),
    "error.stdout_one": ("“{first} -”会把输出写到标准输出，此时标准输出中只能有这一项输出：请把 "
                         "{flags} 改为写到文件。"),
    "error.stdout_one_rules": ("“{first} -”会把输出写到标准输出，此时标准输出中只能有这一项输出："
                               "请把 {flags} 改为写到文件（规则请用 --rules-txt FILE 写到文件）。"),
    "error.needs_validation": "--prune {method} 需要验证集：--validation FILE。",
    "error.validation_unused": "--validation 只用于 --prune pre 或 --prune rep。",
    "error.flag_unused": "{flag} 只用于 --prune {method}。",
    "error.option_unused": "{flag} 只用于 {outputs}，但命令中没有给出这样的输出。",
    "error.data_in_list": ("{refusal}。“{data}”被当作了 {flag} 的一个值（该选项会读入其后的"
                           "所有词）：请把数据文件放在各选项之前，或用 -- 结束列表"
                           "（{flag} a -- {data}）。"),
    "error.excluded_and_kind": ("“{column}”同时出现在 --exclude 和 {flag} 中：一列要么不作为属性，"
                                "要么作为属性读取；请去掉其中一个。"),
    "error.two_kinds": ("“{column}”同时出现在 --nominal 和 --continuous 中：一列只能按一种类型"
                        "读取；请去掉其中一个。"),
    "error.option.max_depth": "{flag} 须为不小于 0 的整数，得到 {value}；不给出该选项即不限深度。",
    "error.option.min_samples_split": "{flag} 须为不小于 1 的整数，得到 {value}。",
    "error.option.min_gain": "{flag} 须为不小于 0 的有限数，得到 {value}。",
    "error.option.min_branch_weight": ("{flag} 须为大于 0 的有限数，得到 {value}；不给出该选项即"
                                       "不用最少对象数。"),
    "error.option.seed": "{flag} 须为整数，得到 {value}。",
    "error.option.range": "{flag} 须在 {low} 到 {high} 之间，得到 {value}。",
    "error.option.ccp_alpha": "{flag} 须为不小于 0 的有限数，得到 {value}。",
    "error.option.cf": "置信因子 {flag} 须在 (0, 0.5] 之内，得到 {value}。",
    "error.option.pep_margin": "{flag} 须为不小于 0 的有限数，得到 {value}。",
    "error.no_node": "路径“{path}”上没有结点；路径的写法如：{examples}。",
    "error.not_scored": "路径“{path}”上的结点没有计算得分（它在选择划分属性之前就成了叶结点）。",
    "error.cannot_write": "无法写入“{target}”：{reason}。",
    "error.cannot_write_stdout": "无法写入标准输出：{reason}。",
    "error.empty_input": "{flag} 的文件名为空；请给出要读取的文件。",
    "error.same_output": "{first} 和 {second} 都写入“{target}”；请为它们各指定一个文件。",
    "error.output_is_input": "{flag} 会覆盖所读取的 {input} 文件“{target}”；请写到另一个文件。",
    "error.empty_output": "{flag} 的文件名为空；请给出要写入的文件，或用 '-' 表示标准输出。",
    "error.validation_file": "验证集文件“{path}”：{reason}",
    "error.no_dot": ("--svg 需要 Graphviz 的 dot 程序，但它没有安装（例如 apt-get install "
                     "graphviz）；--dot 不需要它也能写出 DOT 文件。"),
    "os.no_such_file": "没有这个文件或目录",
    "os.is_directory": "这是一个目录",
    "os.permission": "没有写入权限",
    "os.not_directory": "路径中有一部分不是目录",
    "os.disk_full": "磁盘空间不足",
    "os.read_only": "文件系统只读",
    "rule.forced": "手工指定（强制）的划分属性：{attribute}。",
    "rule.ties": "与 {ties} 并列；{rule}。",
    "rule.min_gini.lihang": ("CART 在所有可能的特征及其所有可能的切分点中，选择基尼指数 "
                             "Gini(D, A) 最小的特征及其切分点（李航，算法 5.6 步 (2)）："
                             "{attribute}，Gini(D, {attribute}) = {gini_index}。"),
    "rule.min_gini.lihang.partition": (
        "CART 选择基尼指数 Gini(D, A) 最小的二分划分（李航，算法 5.6 步 (2)）：{attribute}，"
        "Gini(D, {attribute}) = {gini_index}。这个划分把 D 中的取值分为 {left} 对 {right}，"
        "两侧都不止一个取值，因而不是李航的切分点 A = a：本树搜索特征取值的二分划分"
        "（Breiman 的 CART），其中包括李航的切分点。"),
    "rule.min_gini.lihang.missing": (
        "CART 选择使基尼指数下降最多的划分。此处有缺失值，李航书中没有处理缺失值的规则：各特征的 "
        "Gini(D̃) 与 Gini(D̃, A) 在 D̃（特征 A 取值已知的实例）上计算，下降量再乘以这些实例所占"
        "的比例 ρ（同周志华 §4.4.2 对信息增益的加权），所以 Gini(D̃, A) 最小的特征未必胜出。"
        "ρ·(Gini(D̃) − Gini(D̃, A)) 最大的是 {attribute}，为 {gini_gain}（ρ = {rho}，"
        "Gini(D̃) = {gini_known}，Gini(D̃, {attribute}) = {gini_index}）。"),
    "list": "、",
    "progress.reading": "正在读取 {name}（{mb} MB）…",
    "progress.preparing": "正在准备数据：目标列、属性及其类型…",
    "progress.growing": "正在生成决策树：第 {depth} 层，已有 {nodes} 个结点…",
    "progress.pruning": "正在剪枝：{name}…",
    "progress.outline": "正在整理决策树的 {nodes} 个结点…",
    "progress.json": "正在写出 JSON {target}：已写 {done} 个结点，共 {total} 个…",
    "progress.writing": "正在写出 {target}…",
    "latex.note": r"需要 \usepackage{booktabs}；排版中文还需要 ctex（或 xeCJK）",
}

# Short words for a leaf's stop code in the printed tree ("[pure]", "[max depth]"): words,
# not the JSON's codes ("max_depth"), as a reader of the tree reads them in either language.
_STOPS_EN = {
    "pure": "pure",
    "empty": "empty",
    "no_attributes": "no attributes left",
    "same_values": "same values",
    "max_depth": "max depth",
    "min_samples": "too few samples",
    "min_gain": "gain too small",
    "min_branch_weight": "branches too small",
    "pruned": "pruned",
    "pre_pruned": "pre-pruned",
    "raised": "raised",
    "epsilon": "below threshold ε",
}

# A stop case's mark where a notation words it its own way for the algorithm (notation.stop_key
# names these; they are not stop codes: the leaf's stop is still min_gain)
_MARKS_EN = {
    "epsilon_gain": _STOPS_EN["epsilon"],  # ID3's min gain, the ε of Li Hang's Alg. 5.2
    "min_gain.gini": "Gini decrease too small",  # CART's min gain compares ρ·ΔGini
}

_STOPS_ZH = {
    "pure": "同类",
    "empty": "空",
    "no_attributes": "无属性",
    "same_values": "取值相同",
    "max_depth": "最大深度",
    "min_samples": "样本过少",
    "min_gain": "增益过小",
    "min_branch_weight": "分支过小",
    "pruned": "已剪枝",
    "pre_pruned": "预剪枝",
    "raised": "上移",
    "epsilon": "小于阈值 ε",
}

_MARKS_ZH = {
    "epsilon_gain": _STOPS_ZH["epsilon"],
    "min_gain.gini": "基尼指数减少量过小",
}

_NOTICES_ZH = {
    "encoding_guessed": "编码 {encoding} 是猜测的；如果文字显示不对，请指定编码后重新读取文件。",
    "blank_rows": "跳过了 {count} 个空行。",
    "numeric_header": "每个列名都是数字；第一行是不是数据而不是表头？",
    "number_names": "表头中有带小数的数字（{names}）；第一行会不会是数据而非表头？",
    "unnamed_column": "第 {position} 列在表头中没有名字，已命名为“{name}”。",
    "signs": "列“{column}”中有“+”和“-”，因此“-”被读作一个取值，而不是缺失值。",
    "mixed_text": "列“{column}”的数值中夹有“{example}”这样的值，因此按文本读取。",
    "long_numbers": ("列“{column}”按文本读取：它含有超过 15 位的整数（例如“{example}”），超出了"
                     "数值能精确保存的位数，因此这些数字是编号（身份证号、卡号等），不是测量值。"),
    "formatted_numbers": ("列“{column}”按文本读取：它含有电子表格设置了格式的数字："
                          "带千位分隔符、货币符号、百分号，或会计格式中表示负数的括号"
                          "（(21) 即 -21）和表示 0 的“-”（例如“{example}”）。要把它作为连续属性"
                          "使用，请把这些值保存为普通数字（Excel：设置单元格格式 → 数值，"
                          "取消勾选“使用千位分隔符”）。"),
    "number_units": ("列“{column}”按文本读取：它含有带单位的数字（例如“{example}”）。要把它"
                     "作为连续属性使用，请只写数字，把单位写进列名（如“重量(kg)”）。"),
    "decimal_comma": ("列“{column}”按以逗号为小数点的数字读取（例如“{example}”），这是以逗号为"
                      "小数点的地区的 Excel 的写法。"),
    "decimal_comma_text": ("列“{column}”按文本读取：它含有以逗号为小数点的数字（例如"
                           "“{example}”），只有在用分号分隔的文件中才按数字读取，因为那里的逗号"
                           "不会同时用来分隔各个值。要把它作为连续属性使用，请把文件另存为 "
                           ".xlsx，或另存为用分号分隔的 CSV。"),
    "decimal_comma_cells": ("列“{column}”按文本读取：它的单元格以文本形式保存了以逗号为小数点的"
                            "数字（例如“{example}”）。要把它作为连续属性使用，请把这些单元格"
                            "转换为数字（Excel：数据 → 分列，在“高级”中把小数分隔符设为逗号；"
                            "或在以点为小数点的 Excel 中把逗号替换为点）。"),
    "ideographic_point": ("列“{column}”按文本读取：它含有用中文句号“。”作小数点的数字（例如"
                          "“{example}”），这是在中文输入法的中文标点模式下输入“.”得到的。要把它"
                          "作为连续属性使用，请用英文句点“.”写小数点（如 0.5）。"),
    "decimal_marks": ("列“{column}”按文本读取：它的数字用了两种小数点写法，{points} 个值用点"
                      "（例如“{point}”），{commas} 个值用逗号（例如“{comma}”）。这两种符号都"
                      "可能是千位分隔符（“1.234”可能是 1234，“3,100”可能是 3100），无论按哪种"
                      "读都可能读错，因此保留原样。要把它作为连续属性使用，请让所有数字使用同一"
                      "种小数点。"),
    "thousands_dot": ("列“{column}”按以点为小数点的数字读取（例如“{example}”）。但在用分号分隔的"
                      "文件中（以逗号为小数点的地区的 Excel 这样保存），点也可能是千位分隔符"
                      "（“{example}”可能是 {thousands}），而该列没有哪个值能说明是哪一种。如果"
                      "是千位分隔符，请把这些值保存为普通数字（Excel：设置单元格格式 → 数值，"
                      "取消勾选“使用千位分隔符”）。"),
    "uncalculated_formulas": ("列“{column}”中的公式从未保存计算结果（文件不是用 Excel 保存的），"
                              "因此按空值读取；请用 Excel 打开并保存该文件，以保留这些数值。"),
    "merged_cells": ("有 {count} 处合并单元格（{ranges}），按表中显示的内容读取：合并单元格所跨"
                     "的各行都取合并后的值。"),
    "hidden_sheets": ("读取的是工作表“{sheet}”，即 Excel 中显示的第一个工作表：它前面的工作表"
                      "（{hidden}）在 Excel 中是隐藏的，未读取。如需读取，请先在 Excel 中取消"
                      "隐藏，或在命令行中用 --sheet 指定其名称。"),
    "non_finite": "列“{column}”中有 {count} 个值不是有限数（{values}），按缺失值读取。",
    "excel_errors": ("列“{column}”中有 {count} 个电子表格错误值（{values}），按缺失值读取："
                     "这些单元格的公式未算出结果。"),
    "dropped_target": "目标列“{target}”中有 {count} 行没有取值，已删去。",
    "excluded": "按要求排除了“{column}”。",
    "target_named": ("“{column}”是目标列，不是属性：把它列为要排除的列、离散属性或连续属性，"
                     "都不起作用。"),
    "no_values": "“{column}”没有任何取值，因此不作为属性。",
    "id_like": ("“{column}”在每一行的取值都不同，像是行号，无法泛化，因此不作为属性；"
                "包含 ID 列（--include-ids）可以看到 ID3 偏好取值多的属性。"),
    "numbers_as_text": ("“{column}”不作为属性：它的数字按文本读取（读取文件时已说明），"
                        "每一行的取值都不同，作为文本无法泛化；要把它作为连续属性使用，"
                        "请把这些值保存为普通数字。"),
}

_KIND_RULES_ZH = {
    "no_values": "没有取值，因此视为离散",
    "text": "文本（如“{example}”），因此视为离散",
    "decimal": "带小数的数值（{low} 到 {high}），因此视为连续",
    "integer_codes": ("整数 {low}–{high}，共 {distinct} 个不同取值：取值少且几乎是相邻的整数，"
                      "是编码而不是测量值，因此视为离散"),
    "integer_measure": ("整数 {low}–{high}，共 {distinct} 个不同取值：是测量值而不是编码，"
                        "因此视为连续"),
    "declared_nominal": "指定为离散",
    "declared_continuous": "指定为连续",
    "id_like": "每一行的取值都不同，像是行号；选用时作为取值很多的离散属性",
}

# Why the winner won (Algorithm.rule_code); the English is each record's rule_text.
_RULES_ZH = {
    "max_gain": "ID3 选择信息增益最大的属性作为划分属性：{attribute}。",
    "c45_gain_ratio": ("C4.5 保留信息增益不低于平均值的属性，再从中选择增益率最高的属性："
                       "{attribute}。"),
    "min_gini": ("CART 选择使基尼指数下降最多的划分，即 ρ·(Gini(D̃) − Gini_index) 最大者"
                 "（没有缺失值时即基尼指数最小者）：{attribute}。"),
    "random": "CLS 随机选择一个属性：{attribute}。",
    "min_gain_worst": "基线方法选择信息增益最小的属性：{attribute}。",
    "max_gain_ratio": ("李航书中的 C4.5（算法 5.3）选择信息增益比最大的属性，不经平均增益筛选："
                       "{attribute}。"),
    "oblique": ("斜决策树选择使基尼指数下降最多的测试：连续属性的线性组合"
                "（由 Fisher 方向或最优单属性出发，经 OC1 坐标调整）"
                "或单个属性，并列时取单个属性：{attribute}。"),
}

_TIES_ZH = {
    "first": "在数据中列顺序最靠前的属性胜出",
    "last": "在数据中列顺序最靠后的属性胜出",
    "random": "随机（按随机种子）从中选取一个",
}

_LEAVES_ZH = {
    "empty": "没有样本到达这个分支，因此是叶结点，类别标记为父结点中样本最多的类。",
    "pure": "所有样本属于同一类别，因此是叶结点。",
    "no_attributes": "已没有可用于划分的属性，因此是叶结点，类别标记为样本数最多的类。",
    "same_values": "所有样本在剩余属性上取值相同，因此是叶结点，类别标记为样本数最多的类。",
    "max_depth": "达到最大深度（停止条件），因此是叶结点。",
    "min_samples": "样本太少，无法划分（min_samples_split），因此是叶结点。",
    "min_branch_weight": ("没有哪种划分能让两个分支都至少有 min_branch_weight 个样本"
                          "（C4.5 的最少对象数），因此是叶结点。"),
    "min_gain": "最优划分的增益小于 min_gain（停止条件），因此是叶结点。",
    "pruned": "后剪枝把这棵子树替换成了叶结点。",
    "epsilon": ("最大的信息增益比 g_R(D,A) 小于阈值 ε（李航，算法 5.3），因此是叶结点，"
                "类别标记为实例数最大的类。"),
}

_PRUNE_RULES_ZH = {
    "pre": "预剪枝：在此划分不能提高验证集精度，因此是叶结点，类别标记为样本数最多的类。",
    "rep": "错误率降低剪枝把这棵子树替换成了叶结点：验证集精度提高。",
    "rep_on_tie": ("错误率降低剪枝把这棵子树替换成了叶结点：验证集精度没有下降"
                   "（prune_on_tie）。"),
    "pep": "C4.5 的悲观剪枝把这棵子树替换成了叶结点：叶结点的估计错误数不多于子树。",
    "cost": "李航的损失函数剪枝 C_α(T) 把这些叶结点回缩到本结点：整体损失函数没有变大。",
    "pep_margin": ("C4.5 的悲观剪枝把这棵子树替换成了叶结点：叶结点的估计错误数不多于子树的"
                   "估计错误数加余量（pep_margin）。"),
    "pep_raising": ("C4.5 的悲观剪枝（带子树提升）把这棵子树替换成了叶结点：叶结点的估计错误数"
                    "既不多于子树的估计错误数，也不多于其最大分支的估计错误数，"
                    "各加余量（pep_margin）。"),
    "ccp": "代价复杂度剪枝把这棵子树替换成了叶结点：其有效 α 不大于 ccp_alpha。",
}

_RAISE_RULES_ZH = {
    "raised": "C4.5 的子树提升把其最大分支（结点 #{node}）的划分放到这里，用这个结点的全部样本。",
    "raised_leaf": "由 C4.5 的子树提升上移（结点 #{node} 的副本），按提升到的结点的样本重新计数。",
}

_PRUNE_REASONS_ZH = {
    ("pre", "keep"): "划分后验证集精度 {after}，作为叶结点时 {before}：划分。",
    ("pre", "prune"): ("划分后验证集精度 {after}，作为叶结点时 {before}：没有提高，"
                      "因此保持为叶结点。"),
    ("rep", "prune"): "剪成叶结点后验证集精度 {after}，保留子树时 {before}：剪枝。",
    ("rep", "keep"): ("剪成叶结点后验证集精度 {after}，保留子树时 {before}：没有提高，"
                     "因此保留子树。"),
    ("pep", "prune"): "剪成叶结点的估计错误数 {after}，子树的 {before}：剪枝。",
    ("pep", "keep"): "剪成叶结点的估计错误数 {after}，子树的 {before}：保留子树。",
    ("pep_margin", "prune"): ("剪成叶结点的估计错误数 {after}，子树的 {before} 加余量 {margin}："
                              "剪枝。"),
    ("pep_margin", "keep"): ("剪成叶结点的估计错误数 {after}，子树的 {before} 加余量 {margin}："
                             "保留子树。"),
    ("pep_raising", "prune"): ("估计错误数：作为叶结点 {leaf}，子树 {tree}，最大分支 {branch}"
                               "（余量 {margin}）：作为叶结点的估计错误数不多于两者，"
                               "因此用叶结点替换子树。"),
    ("pep_raising", "raise"): ("估计错误数：作为叶结点 {leaf}，子树 {tree}，最大分支 {branch}"
                               "（余量 {margin}）：最大分支的估计错误数不多于子树，"
                               "因此将它提升到该结点的位置。"),
    ("pep_raising", "keep"): ("估计错误数：作为叶结点 {leaf}，子树 {tree}，最大分支 {branch}"
                              "（余量 {margin}）：保留子树。"),
    ("cost", "prune"): "回缩后的 C_α 为 {after}，不大于回缩前的 {before}：叶结点回缩到父结点。",
    ("cost", "keep"): "回缩后的 C_α 为 {after}，大于回缩前的 {before}：保留子树。",
    ("ccp", "prune"): "有效 α {before} ≤ ccp_alpha {after}：最弱的一环，剪枝。",
    ("ccp", "keep"): "有效 α {before} > ccp_alpha {after}：保留子树。",
}


def _rule_texts() -> dict[str, str]:
    """Each registered algorithm's English rule sentence under its rule code."""
    return {f"rule.{a.rule_code}": a.rule_text for a in map(algorithms.get, algorithms.keys())}


EN: dict[str, str] = {
    **_CLI_EN,
    **{f"stop.{code}": text for code, text in _STOPS_EN.items()},
    **{f"mark.{key}": text for key, text in _MARKS_EN.items()},
    **{f"notice.{code}": text for code, text in NOTICES.items()},
    **{f"kind_rule.{code}": text for code, text in RULE_SENTENCES.items()},
    **_rule_texts(),
    **{f"tie.{rule}": text for rule, text in TIE_RULES.items()},
    **{f"leaf.{stop}": text for stop, text in LEAF_RULES.items()},
    **{f"prune_rule.{method}": text for method, text in PRUNE_RULES.items()},
    **{f"prune_reason.{m}.{a}": text for (m, a), text in PRUNE_REASONS.items()},
    **{f"raise_rule.{kind}": text for kind, text in RAISE_RULES.items()},
}

ZH: dict[str, str] = {
    **_CLI_ZH,
    **{f"stop.{code}": text for code, text in _STOPS_ZH.items()},
    **{f"mark.{key}": text for key, text in _MARKS_ZH.items()},
    **{f"notice.{code}": text for code, text in _NOTICES_ZH.items()},
    **{f"kind_rule.{code}": text for code, text in _KIND_RULES_ZH.items()},
    **{f"rule.{code}": text for code, text in _RULES_ZH.items()},
    **{f"tie.{rule}": text for rule, text in _TIES_ZH.items()},
    **{f"leaf.{stop}": text for stop, text in _LEAVES_ZH.items()},
    **{f"prune_rule.{method}": text for method, text in _PRUNE_RULES_ZH.items()},
    **{f"prune_reason.{m}.{a}": text for (m, a), text in _PRUNE_REASONS_ZH.items()},
    **{f"raise_rule.{kind}": text for kind, text in _RAISE_RULES_ZH.items()},
}

CATALOGUE = {"en": EN, "zh": ZH}

# The loader's refusals in Chinese, by LoadError/BudgetError code (their details fill them).
ERRORS_ZH = {
    "not_found": "找不到文件：{path}。",
    "directory": "“{path}”是目录，不是数据文件。",
    "not_a_file": "“{path}”不是普通文件。",
    "unreadable": "无法读取“{path}”。",
    "empty": "文件或工作表是空的。",
    "too_large": "文件大小为 {size_mb} MB，超过了 {limit_mb} MB 的上限。",
    "empty_sheet": "“{name}”的工作表“{sheet}”是空的；请选择另一个工作表。",
    "binary": "这不是文本表格；请把数据另存为 CSV（UTF-8）或 .xlsx。",
    "old_xls": ("“{name}”是旧版 Excel .xls（或其他旧版 Office）文件，本工具无法读取；请用 Excel "
                "打开它，另存为 .xlsx 或 CSV（UTF-8）。"),
    "web_page": "“{name}”是网页（HTML），不是表格文件；请用 Excel 打开它，另存为 .xlsx 或 CSV。",
    "xml_spreadsheet": ("“{name}”是 Excel 2003 XML 电子表格；请用 Excel 打开它，另存为 .xlsx "
                        "或 CSV。"),
    "xlsx_text_name": ("“{name}”是 Excel 工作簿，却用了文本文件的文件名；请把它改名为 .xlsx，"
                       "或另存为 CSV。"),
    "encoding": "无法用这种编码解码文件；请用 --encoding 指定编码（例如 gb18030 或 utf-8）。",
    "encoding_unknown": "未知的编码“{encoding}”；可用的如 gb18030、utf-8、utf-16。",
    "encoding_mixed": ("“{name}”在第 {line} 行之前都是 UTF-8，第 {line} 行含有另一种编码的"
                       "字节（是不是从 GBK 文件粘贴来的行？）；没有一种编码能同时读取这两部分："
                       "请把这些行原来所在的文件另存为 UTF-8，再重新粘贴这些行。"),
    "encoding_byte": ("“{name}”不是有效的 {encoding}：位置 {position} 的字节 0x{byte} 无法解码；"
                      "请用 --encoding 指定其他编码。"),
    "encoding_lines": ("“{name}”不是 {encoding} 编码：按它解码后，文件中的 {lines} 个换行都不见了；"
                       "请用 --encoding 指定其他编码。"),
    "open_quote": "第 {line} 行开始的引号一直没有闭合。",
    "bad_quote": "第 {line} 行某个值的右引号后面还有文字；引号内的引号请写成两个引号（\"\"）。",
    "xlsx": "这不是可读取的 Excel .xlsx 工作簿。",
    "sheet": "“{name}”中没有工作表“{sheet}”；它的工作表有：{names}。",
    "sheet_number": "“{name}”只有 {count} 个工作表，没有第 {number} 个。",
    "chart_sheet": "“{name}”的工作表“{sheet}”是图表，不是表格；包含表格的工作表有：{names}。",
    "header_only": "只有表头行，没有数据行。",
    "one_column": "只找到一列，没有可用于划分的属性；请用逗号、分号、制表符或全角逗号分隔各个值。",
    "ragged": "第 {line} 行有 {found} 个值，而表头有 {expected} 列；含有分隔符的值请加引号。",
    "ragged_quote": ("第 {line} 行有一个引号没有正确闭合，因此有 {found} 个值，"
                     "而不是 {expected} 个。"),
    "duplicate_column": ("列名“{column}”在表头中出现了两次（第 {first} 列和第 {second} 列）；"
                         "请重命名其中一列。"),
    "kind_conflict": "列“{column}”不能既是离散属性又是连续属性。",
    "target_empty": "目标列“{column}”没有任何取值。",
    "title_row": ("第一行只有一个值（“{title}”），下一行有 {found} 个：它看起来是表格上方的标题，"
                  "而不是表头。请删除表头上方的行后重新保存文件。"),
    "group_titles": ("第一行的（{titles}）写在 {found} 个列名的上方：它们看起来是表头上方合并"
                     "单元格里的标题，而不是表头。请只保留一行表头，把每一列的名称都写在这一行里，"
                     "然后重新保存文件。"),
    "title_rows": ("前 {count} 行各只有一个值（{titles}），下一行有 {found} 个：它们看起来是"
                   "表格上方的标题，而不是表头。请删除表头上方的行后重新保存文件。"),
    "no_attributes": ("除目标列“{column}”外已没有属性列；未使用的列：{left_out}。请至少包含一个属性"
                      "（ID 列可用 --include-ids 包含进来，或指明某列的类型）。"),
    "unknown_target": "没有名为“{column}”的目标列；现有的列：{columns}。",
    "unknown_column": "没有名为“{column}”的列；现有的列：{columns}。",
    "id_target": ("目标列“{column}”的 {rows} 行取值各不相同，是在给各行编号，像是编号列，不是类别："
                  "请选择存放类别的那一列。"),
    "numeric_target": ("目标列“{column}”是有 {values} 个不同取值的数值，这是回归问题；"
                       "本工具做分类，请选择类别列，或先把数值分成若干区间。"),
    "one_class": "目标列“{column}”只有一个类别；决策树至少需要两个类别。",
    "too_many_values": ("列“{column}”有 {values} 个不同取值，多路划分的分支太多，无法画出"
                        "（上限为 {limit}）；请把它视为连续属性、排除它，或合并它的取值。"),
    "budget.rows": ("文件有 {figure} 行，超过了 --budget 的 {allowed} 行上限：请对数据行抽样，"
                    "或去掉 --budget。"),
    "budget.rows.more_than": ("文件超过了 --budget 的 {allowed} 行上限：请对数据行抽样，或去掉 "
                              "--budget。"),
    "budget.columns": ("文件有 {figure} 列，超过了 --budget 的 {allowed} 列上限：请用 --exclude "
                       "删去不需要的列，或去掉 --budget。"),
    "budget.cells": ("文件有 {figure} 个单元格，超过了 --budget 的 {allowed} 个单元格上限："
                     "请对数据行抽样或删去一些列，或去掉 --budget。"),
    "budget.unpacked_bytes": ("工作表连同工作簿的共享部分解压后有 {figure} 字节，超过了 --budget "
                              "的 {allowed} 字节上限：请把这张工作表单独存为新的工作簿、"
                              "缩短长文本或另存为 CSV，或去掉 --budget。"),
    "budget.cells.more_than": ("文件超过了 --budget 的 {allowed} 个单元格上限："
                               "请对数据行抽样或删去一些列，或去掉 --budget。"),
    "budget.classes": ("目标列有 {figure} 个类别，超过了 --budget 的 {allowed} 个类别上限："
                       "请选择另一个目标列、归并它的取值，或去掉 --budget。"),
    "budget.classes.id_like": ("目标列的 {figure} 行取值各不相同，像是编号列，不是类别："
                               "请选择存放类别的那一列。"),
    "budget.nodes": ("决策树达到了 {figure} 个结点，超过了 --budget 的 {allowed} 个结点上限："
                     "请设置 --max-depth 或 --min-samples-split，或去掉 --budget。"),
    "budget.depth": ("决策树的深度达到了 {figure} 层，超过了 --budget 的 {allowed} 层上限："
                     "请设置 --max-depth，或去掉 --budget。"),
    "budget.seconds": ("生成决策树已用了 {figure} 秒，超过了 --budget 的 {allowed} 秒上限："
                       "请设置 --max-depth、对数据行抽样，或去掉 --budget。"),
    "budget.seconds.pruning": ("生成并剪枝决策树已用了 {figure} 秒，超过了 --budget 的 {allowed} "
                               "秒上限：请设置 --max-depth、对数据行抽样，或去掉 --budget。"),
    "budget.entries": ("下一层要计算 {figure} 个取值（该层的行数乘以属性数），超过了 --budget 的 "
                       "{allowed} 个取值上限：请对数据行抽样或减少属性（--exclude），或去掉 "
                       "--budget。"),
    "budget.entries.copies": ("下一层要计算 {figure} 个取值（该层的行数乘以属性数），超过了 "
                              "--budget 的 {allowed} 个取值上限：请设置 --min-branch-weight 或 "
                              "--max-depth，补全缺失值，或去掉 --budget。"),
    "validation_needed": "剪枝方法 {method} 需要验证集。",
    "validation_text": "验证集的“{column}”列含有文本（“{value}”），而决策树按数值读取这一列。",
    "validation_columns": "验证集文件缺少这些列：{columns}。",
    "validation_no_rows": "验证集文件中没有任何一行填有“{column}”的取值。",
    "continuous_text": "“{column}”列含有文本（“{value}”），而决策树按数值读取这一列。",
    "force.syntax": "--force 的格式是 路径=属性，得到的是“{text}”。",
    "force.leaf": "“{path}”处的结点是叶结点（{stop}）：那里没有可以强制的划分。",
    "force.no_path": "没有路径为“{path}”的结点可供强制划分。",
    "validation_empty": "没有可用于剪枝的验证集样本。",
    "validation_mismatch": "验证集有 {rows} 行，却有 {classes} 个类别标记。",
    "budget.setting": "{key}：预算上限须为正数（计数须为至少 1 的整数）或 none，得到“{value}”。",
    "budget.unknown_setting": "{key}：没有这一项预算设置；可用的设置有 {settings}。",
    "force.twice": "在“{path}”强制了两种划分：“{first}”和“{second}”；一个结点只能有一种。",
    "text_continuous": "列“{column}”不能作为连续属性：其中有文本值。",
    "target_missing": "目标列有缺失值；请先删除这些行。",
    "force.candidate": "无法在“{path}”强制按“{attribute}”划分：它不是该结点的候选属性。",
    "force.unknown": ("无法在“{path}”强制按“{attribute}”划分：它不在属性之中（该列已被排除，"
                      "或数据中没有这一列）。"),
    "force.threshold": ("无法在“{path}”把“{attribute}”切在 {threshold}：它不是该结点的候选划分点"
                        "（相邻取值的中位点）。"),
    "option.algorithm": "未知的算法 {value}；可选：{choices}。",
    "option.max_depth": "max_depth 须为不小于 0 的整数或不设，得到 {value}。",
    "option.min_samples_split": "min_samples_split 须为不小于 1 的整数，得到 {value}。",
    "option.min_gain": "min_gain 须为不小于 0 的有限数，得到 {value}。",
    "option.min_branch_weight": "min_branch_weight 须为大于 0 的有限数或不设，得到 {value}。",
    "option.tie_break": "未知的并列规则 {value}；可选：{choices}。",
    "option.force_missing": "force_missing 须为 {choices} 之一，得到 {value}。",
    "option.seed": "seed 须为整数，得到 {value}。",
    "option.range": "{field} 须在 {low} 到 {high} 之间，得到 {value}。",
    "option.curve_points": "curve_points 须为不小于 1 的整数，得到 {value}。",
    "option.prune": "未知的剪枝方法 {value}；可选：{choices}。",
    "option.ccp_alpha": "ccp_alpha 须为不小于 0 的有限数，得到 {value}。",
    "option.cf": "置信因子 cf 须在 (0, 0.5] 之内，得到 {value}。",
    "option.prune_on_tie": "prune_on_tie 须为 true 或 false，得到 {value}。",
    "option.subtree_raising": "subtree_raising 须为 true 或 false，得到 {value}。",
    "option.pep_margin": "pep_margin 须为不小于 0 的有限数，得到 {value}。",
}


# The system's commonest reasons a file cannot be written (errno -> os.<code> below).
OS_REASONS = {errno.ENOENT: "no_such_file", errno.EISDIR: "is_directory",
              errno.EACCES: "permission", errno.ENOTDIR: "not_directory",
              errno.ENOSPC: "disk_full", errno.EROFS: "read_only"}


class CliError(DataError):
    """A refusal of the CLI itself: its English sentence, and `code`/`details` to word it in
    another language (error.<code> in the catalogue)."""

    def __init__(self, code: str, **details):
        super().__init__(say("en", f"error.{code}", **details))
        self.code, self.details = f"cli.{code}", details


# `--help` in Chinese: each flag's help by its argparse dest (English: the help written beside
# the flag in dtree_core/cli.py; a new flag with help needs its line here, a test holds it).
HELP_ZH = {
    "_description": ("python -m dtree_core grow DATA --target COLUMN ..."
                     "（见 TRACE.md 的“Command line”）"),
    "_grow": "生成决策树，打印摘要或保存生成过程记录",
    "data": "CSV（任何常见编码和分隔符）、TSV 或 XLSX 文件",
    "target": "存放类别的列",
    "algorithm": "每个结点如何选择划分（默认：%(default)s）",
    "exclude": "不作为属性的列",
    "nominal": "按离散属性读取的列，不论看起来像什么",
    "continuous": "按连续属性读取的列，不论看起来像什么",
    "force": ("在路径 PATH 所指的结点上按 ATTRIBUTE 划分，如同教材中手工打破并列：PATH 为 "
              "root，或从根结点起的各分支条件用 / 连接，最后一个 = 之后是属性"
              "（纹理=清晰/根蒂=稍蜷=色泽）"),
    "include_ids": "保留看起来像行号的列（如“编号”）",
    "max_depth": ("从根结点到叶结点最多 N 次划分（与 scikit-learn 一样，根结点的深度为 0；"
                  "默认不限）"),
    "min_samples_split": "样本数少于 N 的结点成为叶结点（默认：%(default)s）",
    "min_gain": ("规则选出的划分的得分低于 X 时，结点成为叶结点（各算法的得分，即生成过程记录中"
                 "得分行的字段：%(scores)s；默认：%(default)s）"),
    "seed": "CLS 和 --tie-break random 所用的随机种子（默认：%(default)s）",
    "min_branch_weight": ("C4.5 的最少对象数（J48 的 -M）：划分须有两个分支各至少有 M 个样本；"
                          "默认不用"),
    "tie_break": ("并列的属性中谁胜出：列顺序最靠前（first）、最靠后（last）"
                  "或随机（random，按随机种子）"),
    "encoding": "文件的编码，在自动检测拿不准时指定",
    "sheet": "XLSX 的工作表名（默认第一个）",
    "budget": ("使用网页版的资源上限（行、列、类别、结点、深度、秒数；可用 DTREE_BUDGET_* 环境变量"
               "覆盖）；默认不限"),
    "json": "写出生成过程记录（JSON；'-' 表示标准输出）",
    "dot": "把决策树写成 Graphviz DOT 格式（'-' 表示标准输出）",
    "rules": "把决策树打印成“如果…那么…”规则",
    "lang": ("输出的语言：en 或 zh（默认：LC_ALL、LC_MESSAGES 或 LANG 以 zh 开头时为 zh，"
             "否则为 en）"),
    "rules_txt": "把规则写成文本（'-' 表示标准输出）",
    "rules_md": "把规则写成 Markdown 表格（'-' 表示标准输出）",
    "scores_csv": ("把得分表写成 CSV（写到文件时为带 BOM 的 UTF-8，便于 Excel 打开；"
                   "'-' 表示标准输出）"),
    "scores_md": "把得分表写成 Markdown（'-' 表示标准输出）",
    "scores_latex": "把得分表写成 LaTeX booktabs 表格（'-' 表示标准输出）",
    "svg": "把决策树写成 SVG（需要 Graphviz 的 dot 程序；'-' 表示标准输出）",
    "scores_node": "--scores-* 写出哪个结点的得分表（默认：root，即根结点）",
    "prune": ("none（默认，不剪枝）、pre（预剪枝）、rep（错误率降低剪枝；这两种需要 "
              "--validation）、pep（C4.5 的悲观剪枝）、ccp（CART 的代价复杂度剪枝）或 cost"
              "（李航的 C_α(T) 剪枝）"),
    "validation": "--prune pre|rep 所用的验证集（与 DATA 的列相同）",
    "ccp_alpha": ("--prune ccp：剪去有效 α 不大于 X 的子树；--prune cost：李航 "
                  "C_α(T) = Σ N_t·H_t + α|T| 中的 α"),
    "help": "显示此帮助信息并退出",
    "top_lang": "消息的语言：en 或 zh（也可写在 grow 之后）",
    "cf": "--prune pep：C4.5 的置信因子（J48 的 -C），默认 %(default)s",
    "prune_on_tie": "--prune rep：验证集精度不变时也剪枝",
    "subtree_raising": "--prune pep：C4.5 的子树提升（J48 的默认做法）",
    "pep_margin": ("--prune pep：叶结点的估计错误数不超过子树的估计错误数加 X 时剪枝"
                   "（J48 为 0.1），默认 %(default)s"),
    "solution": ("写出手算过程：Markdown 加 LaTeX（.md）或可打印的 HTML 页面（.html）；"
                 "'-' 打印 Markdown"),
    "solution_lang": "手算过程的语言（默认与 --lang 相同）",
    "notation": ("手算过程和根结点得分表的记号：周志华的 Ent/Gain/Gain_ratio 或李航的 H/g/g_R"
                 "（默认：zhou）"),
    "solution_node": "手算过程从哪个结点开始（默认：root，即根结点）",
    "solution_scope": "只算该结点（node）、它下面的分支（branch），或整棵树（tree，默认）",
}


# grow --help's examples, run from the project's folder (a test runs each): what it shows in
# English and Chinese, and the arguments after "grow".
GROW_EXAMPLES = (
    ("Zhou's Fig. 4.4: ID3 on watermelon 2.0, 纹理 at the root",
     "周志华图 4.4：西瓜数据集 2.0 上的 ID3，根结点为纹理",
     "assets/datasets/watermelon_2.0.csv --target 好瓜"),
    ("Zhou's Table 4.2 and Fig. 4.7: reduced-error post-pruning, 脐部 at the root as the book "
     "breaks the tie",
     "周志华表 4.2 与图 4.7：错误率降低剪枝，根结点按书中打破并列的方式取脐部",
     "assets/datasets/watermelon_2.0_train.csv --target 好瓜 --force root=脐部 --prune rep "
     "--validation assets/datasets/watermelon_2.0_validation.csv"),
    ("C4.5 on watermelon 3.0 (密度 and 含糖率 continuous) as IF-THEN rules",
     "西瓜数据集 3.0 上的 C4.5（密度、含糖率为连续属性），输出“如果…那么…”规则",
     "assets/datasets/watermelon_3.0.csv --target 好瓜 --algorithm c45 --rules"),
    ("Li Hang's Example 5.2: the root's information gains worked out in his symbols",
     "李航例 5.2：根结点各特征信息增益的手算过程，用李航的符号",
     "assets/datasets/loan_lihang.csv --target 类别 --notation lihang --solution-scope node "
     "--solution -"),
)
EXAMPLES_HEADING = {"en": "examples (run in the project's folder):",
                    "zh": "示例（在项目目录中运行）："}


def grow_examples(lang: str) -> str:
    """grow --help's closing lines: each example's caption, then its command."""
    lines = [EXAMPLES_HEADING[lang]]
    for english, chinese, arguments in GROW_EXAMPLES:
        lines += [f"  {chinese if lang == 'zh' else english}",
                  f"    python -m dtree_core grow {arguments}"]
    return "\n".join(lines)


# argparse's refusals (Python 3.11's wording) in Chinese; anything else stays as argparse wrote it.
_ARGPARSE_ZH = (
    (r"the following arguments are required: (.+)", "缺少必需的参数：{0}"),
    (r"argument (\S+): invalid choice: (.+?) \(choose from (.+)\)",
     "参数 {0}：无效的选项 {1}（可选：{2}）"),
    (r"argument (\S+): invalid (int|float) value: (.+)", "参数 {0}：无效的{1}：{2}"),
    (r"argument (\S+): expected one argument", "参数 {0}：需要一个值"),
    (r"argument (\S+): expected at least one argument", "参数 {0}：至少需要一个值"),
    (r"unrecognized arguments: (.+)", "无法识别的参数：{0}"),
)
_TYPES_ZH = {"int": "整数", "float": "数值"}


def argparse_text(message: str, lang: str) -> str:
    """One of argparse's error messages in lang."""
    if lang != "zh":
        return message
    for pattern, template in _ARGPARSE_ZH:
        found = re.fullmatch(pattern, message)
        if found:
            return template.format(*(_TYPES_ZH.get(g, g) for g in found.groups()))
    return message


# argparse's own headings (Python 3.11's words) in Chinese.
HEADINGS_ZH = {"usage": "用法：", "positional": "位置参数", "options": "选项"}


def localise_help(parser, lang: str) -> None:
    """Word the parser's descriptions, headings, flag helps and refusals in lang."""
    parsers = (parser, *subparsers(parser))
    for each in parsers:
        each.lang = lang
    if lang != "zh":
        return
    for each in parsers:
        each._positionals.title = HEADINGS_ZH["positional"]
        each._optionals.title = HEADINGS_ZH["options"]
    parser.description = HELP_ZH["_description"]
    for commands in _subparser_actions(parser):
        for choice in commands._choices_actions:
            choice.help = HELP_ZH.get(f"_{choice.dest}", choice.help)
    for each in parsers:  # -h's own help too
        for action in each._actions:
            if action.help and action.dest in HELP_ZH:
                action.help = HELP_ZH[action.dest]


def subparsers(parser) -> list:
    """The parser's subcommands' parsers (grow's)."""
    return [sub for c in _subparser_actions(parser) for sub in c.choices.values()]


def _subparser_actions(parser) -> list:
    return [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]


def language_of(argv: list[str], environ: Mapping[str, str] = os.environ) -> str:
    """The --lang given in argv (before argparse reads it, so --help is worded in it), else
    the locale's (default_language)."""
    for i, arg in enumerate(argv):
        value = (argv[i + 1] if i + 1 < len(argv) else "") if arg == "--lang" else (
            arg.removeprefix("--lang=") if arg.startswith("--lang=") else None)
        if value in LANGUAGES:
            return value
    return default_language(environ)


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def say(lang: str, key: str, /, _names=None, **values) -> str:
    """The catalogue's sentence for key in lang, filled with values; in a notation's words
    where `_names` is given (--notation lihang: 特征 for 属性, Notation.in_terms)."""
    return fill(_template(lang, key, _names), listed_in(values, CATALOGUE[lang]["list"]))


def _template(lang: str, key: str, names=None) -> str:
    """The catalogue's template for key in lang, in a notation's words."""
    # Zhou's notation where none is given: its in_terms still drops the ⟦ ⟧ of a quoted word
    return (names or notation.get(None)).in_terms(CATALOGUE[lang][key])


# --budget's refusals in English for the command line: the budget's own sentences advise
# "run the command-line tool, which has no limits", the app's way out; here it is to drop
# --budget. (classes' advice names no tool, and its ID-column wording stays the budget's.)
# The command line's advice where the app's says "run the command-line tool" (budget.ADVICE)
CLI_ADVICE = {
    "rows": "sample the rows, or drop --budget",
    "columns": "drop columns you do not need (--exclude), or drop --budget",
    "cells": "sample the rows or drop columns, or drop --budget",
    "unpacked_bytes": ("save the sheet alone, shorten long texts or save it as CSV, or drop "
                       "--budget"),
    "classes": "choose another target column, or group its values, or drop --budget",
    "nodes": "set --max-depth or --min-samples-split, or drop --budget",
    "depth": "set --max-depth, or drop --budget",
    "seconds": "set --max-depth, sample the rows, or drop --budget",
    "entries": "sample the rows or use fewer attributes (--exclude), or drop --budget",
    "entries.copies": ("set --min-branch-weight or --max-depth, fill in the missing values, or "
                       "drop --budget"),
}


def error_text(error: Exception, lang: str) -> str:
    """A refusal in lang: the loader's code worded in Chinese when its details fill the words,
    a budget's in the command line's English, else the error's own sentence."""
    code, details = getattr(error, "code", ""), getattr(error, "details", {})
    if isinstance(error, CliError):
        if details.get("reason_code"):  # the system's reason, in lang
            details = {**details, "reason": say(lang, f"os.{details['reason_code']}")}
        if details.get("cause") is not None:  # the refusal it wraps, in lang too
            details = {**details, "reason": error_text(details["cause"], lang)}
        return say(lang, f"error.{code.removeprefix('cli.')}", **details)
    if lang != "zh" and details.get("limit") in CLI_ADVICE and code.startswith("budget.") \
            and not details.get("id_like"):  # an ID-like target: the loader's own sentence
        return refusal_sentence(details["limit"], details["figure"], details["allowed"],
                                details.get("more_than", False), over="the --budget limit",
                                pruning=details.get("pruning", False),
                                advice=CLI_ADVICE[details["limit"] + (
                                    ".copies" if details.get("copies") else "")])
    # a count stopped early, a time out while pruning, a target like an ID column (ui.setup
    # reads the same flags)
    for flag in ("id_like", "more_than", "pruning", "copies"):
        if details.get(flag) and f"{code}.{flag}" in ERRORS_ZH:
            code += f".{flag}"
    if code.startswith("budget."):  # the figures as the English sentence writes them
        details = {**details, **{k: figure_text(details[k]) for k in ("figure", "allowed")
                                 if isinstance(details.get(k), int | float)}}
    if "stop" in details:  # a leaf's stop case, as the printed tree words it
        details = {**details, "stop": say(lang, f"stop.{details['stop']}")}
    template = ERRORS_ZH.get(code) if lang == "zh" else None
    if template is None or not placeholders(template) <= set(details):
        return str(error)
    return fill(template, listed_in(details, CATALOGUE["zh"]["list"]))


def file_summary(report, lang: str) -> str:
    """'watermelon_2.0.csv: 17 rows x 8 columns (utf-8, comma-separated)' (LoadReport.summary)."""
    if report.sheet is not None:
        how = say(lang, "summary.sheet", sheet=report.sheet)
    else:
        how = say(lang, "summary.text", encoding=report.encoding,
                  delimiter=say(lang, f"delimiter.{DELIMITERS[report.delimiter]}"))
    return say(lang, "summary.file", filename=report.filename, rows=report.n_rows,
               columns=report.n_columns, how=how)


def stop_words(lang: str, names=None, algorithm: str | None = None) -> dict[str, str]:
    """A leaf's stop code -> its words in the printed tree ('max_depth': 'max depth'); in a
    notation's terms for the algorithm where it has its own mark (notation.stop_key: under
    Li Hang's, ID3's min gain is the ε of his Alg. 5.2)."""
    catalogue = CATALOGUE[lang]
    prefix = "stop."
    words = {key[len(prefix):]: text for key, text in catalogue.items() if key.startswith(prefix)}
    if names is None or algorithm is None:
        return words
    record = algorithms.get(algorithm)
    return {code: catalogue.get(f"mark.{names.stop_key(code, record)}", text)
            for code, text in words.items()}


def notice_text(notice: str, lang: str) -> str:
    """A loader warning or note (a loading.Notice) in lang; plain text stays as it is."""
    code = getattr(notice, "code", None)
    if lang == "en" or code is None:
        return str(notice)
    return say(lang, f"notice.{code}", **notice.details)


def kind_rule_text(rule, lang: str, names=None) -> str:
    """Why a column has its kind (a data.KindRule), in lang and the notation's words (under
    Li Hang's, a many-valued nominal feature; the English is rule.sentence filled the same)."""
    return say(lang, f"kind_rule.{rule.code}", names, **rule.details)


def decision_text(decision: dict, tie_break: str, lang: str, names=None,
                  scores: list[dict] | None = None) -> str:
    """The trace's reason for a node (decision.rule) in lang, in a notation's words where
    `names` is given (--notation lihang: 特征, 信息增益比, as the score table above it; with
    the node's `scores`, a rule the notation words itself, with the chosen row's numbers:
    Li Hang's smallest Gini(D, A)). The re-worded sentence is used only when the English
    re-worded from the decision's codes in Zhou's words is exactly the recorded sentence."""
    english = decision.get("rule") or ""
    if names is None and lang == "en":
        return english
    worded = _decision_words(decision, tie_break, lang, names, scores)
    return worded if worded and _decision_words(decision, tie_break, "en") == english \
        else english


def _decision_words(decision: dict, tie_break: str, lang: str, names=None,
                    scores: list[dict] | None = None) -> str | None:
    def words(key: str) -> str:  # only the templates the sentence needs, in names' words
        return _template(lang, key, names)

    raised = raise_rule_of(decision.get("rule"))
    if raised is not None:  # subtree raising's test, or a leaf it moved up
        return words(f"raise_rule.{raised[0]}").format(node=raised[1])
    if decision["kind"] == "leaf":
        key = _leaf_key(decision)
        return words(key) if key in CATALOGUE[lang] else None
    code = "forced" if decision.get("forced") else decision.get("rule_code")
    if not {f"rule.{code}", f"tie.{tie_break}"} <= CATALOGUE[lang].keys():
        return None
    sentence = _notation_rule(code, decision, lang, names, scores) or \
        words(f"rule.{code}").format(attribute=decision["attribute"])
    ties = decision.get("ties") or []
    if ties and not decision.get("forced"):
        sentence += words("rule.ties").format(ties=words("list").join(map(str, ties)),
                                              rule=words(f"tie.{tie_break}"))
    return sentence


# The chosen row's numbers a notation's own rule sentence names, as the score table prints them
_RULE_NUMBERS = ("gini_index", "gini_gain", "gini_known", "rho")


def _notation_rule(code: str, decision: dict, lang: str, names, scores) -> str | None:
    """The rule's sentence in the notation's own words (`rule.<code>.<notation>`, its
    `.missing` form where some score is of D̃, the rows whose value is known: ρ < 1, as
    export.values_missing_at reads it for the grow page too), filled with the chosen row's
    numbers; None where the notation has no words of its own for it."""
    missing = values_missing_at({"scores": scores})
    if names is None or missing is None:
        return None
    key = f"rule.{code}.{names.key}" + (".missing" if missing else "")
    sides = None if missing else partition_sides({"scores": scores})
    if sides is not None and f"{key}.partition" in CATALOGUE[lang]:
        key += ".partition"  # the words of a cut point A = a would not describe its split
    if key not in CATALOGUE[lang]:
        return None
    chosen = next(row for row in scores if row.get("chosen"))
    numbers = {k: f"{chosen[k]:.3f}" for k in _RULE_NUMBERS if chosen.get(k) is not None}
    if sides is not None:
        numbers.update(side_texts(decision["attribute"], sides))
    template = _template(lang, key, names)
    if not placeholders(template) - {"attribute"} <= numbers.keys():
        return None  # a number the sentence names is not in the row: the algorithm's words
    return template.format(attribute=decision["attribute"], **numbers)


def left_out_text(lang: str, algorithm: str, node: dict, min_branch_weight,
                  names=None) -> str | None:
    """The candidates the rule could not take at the node, and why (export.left_out_of_choice),
    so that "the largest" of the rule's sentence is read among the rest, in lang and in the
    notation's words (names); the grow page says it too (ui.panel.ineligible_text). None
    when every candidate could be taken."""
    mean = say(lang, "ineligible.mean") if node["decision"].get("mean_gain") is not None else ""
    texts = [say(lang, f"ineligible.{why}", names, mean=mean, attributes=Listed(attributes),
                 m=format_number(min_branch_weight or 0, 6))
             for why, attributes in left_out_of_choice(algorithm, node).items()]
    return sentences(lang, texts) if texts else None


def sentences(lang: str, parts: list[str]) -> str:
    """Sentences one after another, as lang runs them on (sentence.pair: a space after an
    English full stop, none after 。): the command line's and the app's one joiner."""
    return functools.reduce(lambda first, second: say(lang, "sentence.pair", first=first,
                                                      second=second), parts)


def _leaf_key(decision: dict) -> str | None:
    """The catalogue key of a leaf's reason: a stop case, or the pruning rule that made it."""
    if decision.get("stop") == "pruned":
        rules = [method for method, text in PRUNE_RULES.items() if text == decision.get("rule")]
        return f"prune_rule.{rules[0]}" if rules else None
    return f"leaf.{decision.get('stop')}"


def prune_reason_text(method: str, event: dict, lang: str) -> str:
    """A pruning event's reason in lang; the Chinese only when the English re-worded from the
    event's figures is its recorded sentence."""
    from .pruning import is_raising_event
    from .wording import prune_reason, reason_numbers

    reason = event.get("reason", "")
    worded = {"margin": event["margin"]} if event.get("margin") else {}
    method = "pep_margin" if method == "pep" and worded else method
    if is_raising_event(event):
        method, worded = "pep_raising", {"leaf": event["errors_leaf"],
                                         "tree": event["errors_tree"],
                                         "branch": event["errors_branch"],
                                         "margin": event.get("margin", 0.0)}
    key = f"prune_reason.{method}.{event.get('action')}"
    if lang == "en" or key not in ZH:
        return reason
    try:
        english = prune_reason(method, event["action"], event["before"], event["after"], **worded)
    except (KeyError, TypeError, ValueError):
        return reason
    if english != reason:
        return reason  # a raise's or another sentence: printed as the core wrote it
    before, after = reason_numbers(method, event["before"], event["after"])
    return say(lang, key, before=before, after=after,
               **{k: f"{v:.4g}" for k, v in worded.items()})
