"""Catalogue section: pruning (see ui/sections/__init__.py).

Zhou's terms: 预剪枝 (pre-pruning), 后剪枝 (post-pruning), 验证集 (validation set),
验证集精度 (validation accuracy); C4.5's 悲观剪枝, CART's 代价复杂度剪枝. The stopping limits
(max depth, min samples, min gain) are 停止条件, never pruning.

`prune.reason.<method>.<action>.<relation>` are the event sentences: relation says how the
event's `after` compares with its `before` (gt, eq, lt; le, gt where the method's rule is ≤),
so a sentence exists only for what the method's rule can do (ui.pruning.reason_key).
With J48's margin the relation is to before + margin (`prune.reason.pep_margin.*`); with
subtree raising (子树提升) `prune.reason.pep_raising.<action>[.<test the leaf failed>]`
compares the three estimates (ui.pruning.raising_key).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "cmp.prune.help": ("Put pruned and unpruned trees side by side. Pre-pruning and "
                       "reduced-error pruning use the sidebar's validation set; when the "
                       "sidebar has none, the validation set the book pairs with the data."),
    "cmp.validated": "Pre-pruning and reduced-error post-pruning judge these trees by {rows}.",
    "prune.rows.paired": "the validation set {name}, which the book pairs with this data",
    "prune.rows.file": "the sidebar's validation file {name}",
    "prune.rows.split": ("the sidebar's validation rows: {share} of this file held out (seed "
                         "{seed}); those trees grow on the other rows"),
    "exp.cli.validation_file": ("This tree was pruned by validation rows split off the data; "
                                "the command needs them as a file: save them and add "
                                "--validation FILE."),
    "prune.header": "Pruning",
    "prune.method": "Pruning method",
    "prune.method.help": ("Pre-pruning and reduced-error post-pruning judge by a validation set; "
                          "pessimistic and cost-complexity pruning use the training rows alone. "
                          "The stopping limits under Options are not pruning."),
    "prune.method.none": "No pruning",
    "prune.method.pre": "Pre-pruning (Zhou §4.3.1)",
    "prune.method.rep": "Reduced-error post-pruning (Zhou §4.3.2)",
    "prune.method.pep": "C4.5 pessimistic pruning",
    "prune.method.ccp": "CART cost-complexity pruning",
    "prune.on_tie": "Prune on a tie",
    "prune.on_tie.help": ("The book keeps a subtree when pruning leaves validation accuracy the "
                          "same; with this on, the subtree is cut (Occam's razor)."),
    "prune.cf": "Confidence factor CF",
    "prune.cf.help": ("C4.5's CF (J48's -C, 0.25 by default): the smaller, the more pessimistic "
                      "the error estimate and the more is pruned."),
    "prune.raising": "Subtree raising (C4.5; J48's default)",
    "prune.raising.help": ("At each node, also try its largest branch in its place, with all the "
                           "node's training rows routed through it and its leaves recounted "
                           "(Quinlan's subtree raising; J48 does it unless -S)."),
    "prune.margin": "Pruning margin (J48: 0.1)",
    "prune.margin.help": ("Prune (or raise) also when the estimated errors get worse by at most "
                          "this much. J48 uses 0.1; 0 never lets pruning raise the estimated "
                          "errors."),
    "prune.ccp_alpha": "Complexity parameter ccp_alpha",
    "prune.ccp_alpha.help": ("Every subtree whose effective alpha g(t) is at most this is cut, "
                             "weakest link first (scikit-learn's ccp_alpha; but at 0, where "
                             "scikit-learn cuts nothing, a subtree that lowers the impurity "
                             "by nothing, g(t) = 0, is cut here too)."),
    "prune.shared_rows": ("Validation rows with an unknown value where the tree tests it: "
                          "{count} of {n}. As in prediction (Zhou §4.4.2), such a row goes "
                          "down every branch by its share and counts the share that reaches a "
                          "leaf of its class, so an accuracy need not be a whole number of rows "
                          "out of {n}."),
    "prune.unlabelled_rows": ("Left out of the validation file: {count} rows with no class; "
                              "the accuracies are of the other {n}."),
    "prune.validation": "Validation set",
    "prune.validation.none": "None (the path chart shows training accuracy only)",
    "prune.validation.paired": "The book's paired validation set",
    "prune.validation.upload": "Upload a second file",
    "prune.validation.split": "Hold out part of this file",
    "prune.validation.paired_caption": "Validation set: {name}.",
    "prune.validation.file": "Validation file (the same columns)",
    "prune.validation.share": "Share held out for validation",
    "prune.validation.seed": "Seed of the split",
    "prune.validation.split_caption": ("The tree grows on the other rows; a seeded stratified "
                                       "{share} of the file is the validation set."),
    "prune.validation.missing": ("This pruning method needs a validation set: choose a file or a "
                                 "split. The tree shown is the last one grown."),
    "prune.validation.missing.none": ("This pruning method needs a validation set: choose a "
                                      "file or a split. No tree is grown until it has one."),
    "prune.validation.bad": "Could not read the validation file {name}: {reason}",
    "error.validation_columns": "Columns missing from the validation file: {columns}.",
    "error.validation_file": "The validation file: {reason}",
    "error.validation_needed": ("{method} judges the tree by a validation set, and the sidebar "
                                "offers none for this data: in the sidebar's Pruning, choose "
                                "pre-pruning or reduced-error post-pruning and a validation "
                                "set (upload a second file, or hold out part of this file); "
                                "Compare then prunes by the same rows."),
    "error.validation_no_rows": "The validation file has no row with a value of '{column}'.",
    "error.validation_text": ("The validation file's column '{column}' holds text ('{value}') "
                              "where the tree reads numbers."),
    "prune.unseen_classes": ("The validation rows include classes the tree never saw "
                             "({classes}: {n} of {total} rows). No leaf predicts them, so those "
                             "rows count as wrong whatever pruning does."),
    "book.button": "Book example: Table 4.2 (Figs. 4.5–4.7)",
    "book.button.help": ("Loads watermelon 2.0's training rows with the 7 validation rows, ID3, "
                         "the root split on 脐部 as the book breaks its tie with 色泽, and "
                         "reduced-error post-pruning."),
    "book.title": "Zhou's Table 4.2: unpruned, pre-pruned and post-pruned",
    "book.caption": ("ID3 on the 10 training rows, root split on 脐部; each accuracy is on the 7 "
                     "validation rows, read from the pruning events of the trace."),
    "book.unpruned": "Unpruned tree (Fig. 4.5)",
    "book.pre": "Pre-pruned tree (Fig. 4.6)",
    "book.rep": "Post-pruned tree (Fig. 4.7)",
    "book.changed": ("Table 4.2's accuracies are those of the book's setup (ID3 on the 10 "
                     "training rows, root split on 脐部, unpruned, or pre- or post-pruned on "
                     "the 7 validation rows); this tree is grown otherwise, so they are not "
                     "shown."),
    "book.restore": "Back to the book's setup",
    "prune.phase": "Pruning phase: {method}",
    "prune.phase.intro": ("The tree above is the grown tree; here are the {events} pruning "
                          "decisions, in the order the method made them. Greyed, dashed nodes are"
                          " cut off; the decided node shows before → after."),
    "prune.phase.intro.ccp": ("The tree above is the grown tree; here are the {events} pruning "
                              "decisions, in the order the method made them. Greyed, dashed "
                              "nodes are cut off; the decided node shows its effective alpha "
                              "g(t) against ccp_alpha α."),
    "prune.phase.intro.pre": ("Pre-pruning decided while the tree above grew, so it lacks "
                              "the splits it refused; here are its {events} decisions, in the "
                              "order it made them. The decided node shows before → after."),
    "prune.phase.none": "Pruning made no decisions: the grown tree has no split to judge.",
    "prune.event": "Pruning decision",
    "prune.event_of": "Decision {k} of {total}: node #{node}, {path}",
    "prune.event_of.root": "Decision {k} of {total}: node #{node} (the root)",
    "prune.measure": "Measure: {measure}",
    "prune.measure.validation_accuracy": "validation accuracy",
    "prune.measure.estimated_errors": "estimated errors (pessimistic)",
    "prune.measure.effective_alpha": "effective alpha g(t) against ccp_alpha",
    "prune.before.pre": "As a leaf",
    "prune.after.pre": "With the split",
    "prune.before.rep": "With the subtree",
    "prune.after.rep": "As a leaf",
    "prune.before.pep": "Subtree's estimated errors",
    "prune.after.pep": "Leaf's estimated errors",
    "prune.before.ccp": "Effective alpha g(t)",
    "prune.after.ccp": "ccp_alpha",
    "prune.action.pre.keep": "Split",
    "prune.action.pre.prune": "Not split: stays a leaf",
    "prune.action.keep": "Kept",
    "prune.action.prune": "Pruned to a leaf",
    "prune.verdict": "Decision",
    "prune.reason.pre.keep.gt": ("With the split on {attribute}, validation accuracy rises from "
                                 "{before} to {after}: pre-pruning lets the node split."),
    "prune.reason.pre.prune.eq": ("With the split on {attribute}, validation accuracy stays at "
                                  "{before}: no improvement, so pre-pruning forbids the split and"
                                  " the node stays a leaf labelled {label}."),
    "prune.reason.pre.prune.lt": ("With the split on {attribute}, validation accuracy would fall "
                                  "from {before} to {after}: pre-pruning forbids the split and "
                                  "the node stays a leaf labelled {label}."),
    "prune.reason.rep.prune.gt": ("As a leaf labelled {label}, validation accuracy rises from "
                                  "{before} to {after}: post-pruning replaces the subtree on "
                                  "{attribute} by the leaf."),
    "prune.reason.rep.prune.eq": ("As a leaf labelled {label}, validation accuracy stays at "
                                  "{before}; prune on a tie is on, so the subtree on {attribute} "
                                  "is replaced by the leaf."),
    "prune.reason.rep.keep.eq": ("As a leaf, validation accuracy stays at {before}: no "
                                 "improvement, so the subtree on {attribute} is kept (the book "
                                 "keeps a subtree on a tie)."),
    "prune.reason.rep.keep.lt": ("As a leaf, validation accuracy would fall from {before} to "
                                 "{after}: the subtree on {attribute} is kept."),
    "prune.reason.pep.prune.le": ("As a leaf labelled {label} its estimated errors are {after}, "
                                  "no more than the subtree's {before} (CF = {cf}): the subtree "
                                  "on {attribute} becomes the leaf."),
    "prune.reason.pep.keep.gt": ("As a leaf its estimated errors would be {after}, more than the "
                                 "subtree's {before} (CF = {cf}): the subtree on {attribute} is "
                                 "kept."),
    "prune.action.raise": "Branch raised",
    "prune.errors.leaf": "As a leaf",
    "prune.errors.tree": "Subtree",
    "prune.errors.branch": "Largest branch #{node}",
    "prune.errors.margin": ("Estimated errors, compared with a margin of {margin} (CF = {cf}); "
                            "the largest branch's with all the node's rows routed through it."),
    "prune.raise.before": "Before: node #{node} with its subtree",
    "prune.raise.after": ("After: node #{node} takes the test of node #{largest}; the {new} "
                          "nodes below are recounted with all its rows"),
    "prune.reason.pep_margin.prune.le": ("As a leaf labelled {label} its estimated errors are "
                                         "{after}, no more than the subtree's {before} + margin "
                                         "{margin} (CF = {cf}): the subtree on {attribute} becomes "
                                         "the leaf."),
    "prune.reason.pep_margin.keep.gt": ("As a leaf its estimated errors would be {after}, more "
                                        "than the subtree's {before} + margin {margin} (CF = "
                                        "{cf}): the subtree on {attribute} is kept."),
    "prune.reason.pep_raising.prune": ("As a leaf labelled {label} its estimated errors are "
                                       "{leaf}: no more than the subtree's {tree} + {margin} and "
                                       "than the largest branch's (node #{largest}) {branch} + "
                                       "{margin}: the subtree on {attribute} becomes the leaf."),
    "prune.reason.pep_raising.raise.tree": ("As a leaf: {leaf} > the subtree's {tree} + {margin}, "
                                            "so not a leaf. The largest branch, node #{largest} "
                                            "({condition}), with all {n} rows of this node: "
                                            "{branch} ≤ {tree} + {margin}: its subtree on {raised} "
                                            "is raised into this node's place, replacing the test "
                                            "on {attribute}, and its nodes are recounted."),
    "prune.reason.pep_raising.raise.branch": ("As a leaf: {leaf} > the largest branch's {branch} "
                                              "+ {margin}, so not a leaf. The largest branch, node "
                                              "#{largest} ({condition}), with all {n} rows of this "
                                              "node: {branch} ≤ {tree} + {margin}: its subtree on "
                                              "{raised} is raised into this node's place, "
                                              "replacing the test on {attribute}, and its nodes "
                                              "are recounted."),
    "prune.reason.pep_raising.keep.tree": ("As a leaf: {leaf} > the subtree's {tree} + {margin}, "
                                           "so not a leaf. The largest branch, node #{largest} "
                                           "({condition}), with all {n} rows of this node: "
                                           "{branch} > {tree} + {margin}, so it is not raised: the"
                                           " subtree on {attribute} is kept."),
    "prune.reason.ccp.prune.le": ("Effective alpha g(t) = {before} ≤ ccp_alpha = {after}: the "
                                  "weakest link, so the subtree on {attribute} and its {leaves} "
                                  "leaves become one leaf labelled {label}."),
    "prune.reason.ccp.keep.gt": ("Effective alpha g(t) = {before} > ccp_alpha = {after}: the "
                                 "subtree on {attribute} and its {leaves} leaves are kept."),
    "prune.path": "Cost-complexity path",
    # R(t) as _WeakestLinks computes it: the node's Gini weighted by its share of the rows
    "prune.path.caption": ("Each weakest-link cut gives the next subtree; alpha is the effective "
                           "alpha at which it appears, g(t) = (R(t) − R(T_t)) / (|T_t| − 1), "
                           "where R(t) is node t's Gini(D) times its share of the rows (as "
                           "scikit-learn has it; Breiman's R is the misclassification cost) and "
                           "|T_t| the leaves under t. Accuracies of each subtree's "
                           "predictions of the {rows} rows the tree grew on{validation}, counted "
                           "as the evaluate page counts them."),
    "prune.path.and_validation": " and of the {rows} validation rows",
    "prune.path.computing": "Cutting the weakest links and scoring each subtree…",
    "prune.path.alpha": "alpha",
    "prune.path.leaves": "leaves",
    "prune.path.accuracy": "accuracy",
    "prune.path.train": "training accuracy",
    "prune.path.validation": "validation accuracy",
    "prune.path.subtree": "Subtree of the path",
    "prune.path.grown": ("The sidebar's ccp_alpha = {alpha} grows subtree {k} ({leaves} leaves): "
                         "every subtree whose effective alpha is at most ccp_alpha is pruned."),
    "prune.path.grown_mark": "the tree grown",
    "prune.path.chosen_validation": "Its validation accuracy: {accuracy}.",
    "prune.path.shared_alpha": ("Subtree {later} has the same alpha: typed as ccp_alpha, this "
                                "alpha grows subtree {later}, and no alpha grows subtree {k} "
                                "alone (both cuts happen at once)."),
    "prune.path.chosen": ("Subtree {k}: alpha = {alpha}, {leaves} leaves, training accuracy "
                          "{train}."),
    "prune.eval.header": "Pruned and unpruned on the same split",
    "prune.eval.caption": ("Both trees grow on the same training rows ({train}) and are tested on"
                           " the same held-out rows ({test})."),
    # pre- and reduced-error pruning validating on a split of the file: the split's training
    # rows less that share; the training accuracies count the rows the trees grew on
    "prune.eval.caption.carved": ("Both trees grow on the same {train} rows: the split's {split} "
                                  "training rows less the {validation} validation rows carved "
                                  "out of them to prune by. Their training accuracy counts these "
                                  "{train} rows, not the validation rows; both are tested on "
                                  "the same held-out rows ({test})."),
    "prune.eval.kfold": ("Not the k-fold evaluation above: one stratified hold-out of 1/{k} of "
                         "the rows (seed {seed}), as large as one of its folds."),
    "prune.eval.unpruned": "Unpruned",
    "prune.eval.pruned": "Pruned: {method}",
    "prune.eval.leaves": "Leaves",
    # drawn above the algorithms' tabs and the curve, whose trees it means
    "prune.eval.unpruned_note": ("The trees evaluated below are unpruned: this pruning method "
                                 "needs a validation set, which the comparison of pruned and "
                                 "unpruned trees at the end of the page carves out of its "
                                 "training rows."),
    # the validation file prunes; the accuracies are the split's held-out rows' (its caption)
    "prune.eval.unpruned_note.file": ("The trees evaluated below are unpruned: this pruning "
                                      "method needs a validation set. The comparison of pruned "
                                      "and unpruned trees at the end of the page prunes with "
                                      "the validation file's rows, but tests both trees on the "
                                      "split's held-out rows, not on the validation file; the "
                                      "sidebar tree's validation accuracy is in the pruning "
                                      "phase of the {grow} page."),
    "rules.prune.header": "C4.5 rule post-pruning",
    "rules.prune.caption": ("Quinlan's rule post-pruning: each rule drops a condition while its "
                            "pessimistic error rate on the training rows does not get worse, "
                            "then rules that no longer help are removed. Rows are counted "
                            "whole: a row missing a condition's value is not covered by it, "
                            "where the rules above spread it over the branches by weight, so "
                            "with missing values the two tables' figures may differ."),
    "rules.prune.toggle": "Post-prune the rules",
    "rules.prune.col.dropped": "conditions dropped",
    "rules.prune.col.covered": "covers",
    "rules.prune.col.errors": "errors",
    "rules.prune.col.estimate": "pessimistic error rate",
    "rules.prune.col.kept": "kept or removed",
    "rules.prune.removed.kept": "kept",
    "rules.prune.removed.duplicate": "removed: repeats an earlier rule",
    "rules.prune.removed.no_cover": "removed: covers no training row",
    "rules.prune.removed.not_better_than_default": ("removed: no better than labelling every "
                                                    "row with the majority class"),
    "rules.table.header": "Rule table",
    "rules.table.caption": ("One row per path from the root to a leaf, one column per "
                            "attribute (its tests on the path, empty where it is not tested)."),
}

ZH: dict[str, str] = {
    "cmp.prune.help": ("把剪枝与未剪枝的决策树并排比较。预剪枝与错误率降低剪枝使用侧边栏中的"
                       "验证集；侧边栏没有验证集时，使用书中与这份数据配套的验证集。"),
    "cmp.validated": "预剪枝和错误率降低剪枝依据{rows}评判这些决策树。",
    "prune.rows.paired": "书中与这份数据配套的验证集“{name}”",
    "prune.rows.file": "侧边栏中的验证集文件“{name}”",
    "prune.rows.split": ("侧边栏划分出的验证集（按随机种子 {seed} 从本文件中留出 {share}；"
                         "这些决策树用其余样本生成）"),
    "exp.cli.validation_file": ("这棵树用从数据中划分出的验证集剪枝；命令行需要把验证集存成文件，"
                                "再加上 --validation FILE。"),
    "prune.header": "剪枝",
    "prune.method": "剪枝方法",
    "prune.method.help": ("预剪枝和错误率降低剪枝（周志华 §4.3.2 后剪枝）依据验证集判断；悲观剪枝和"
                          "代价复杂度剪枝（同属后剪枝）只用训练集。“选项”里的停止条件不是剪枝。"),
    "prune.method.none": "不剪枝",
    "prune.method.pre": "预剪枝（周志华 §4.3.1）",
    "prune.method.rep": "错误率降低剪枝（周志华 §4.3.2 后剪枝）",
    "prune.method.pep": "C4.5 悲观剪枝",
    "prune.method.ccp": "CART 代价复杂度剪枝",
    "prune.on_tie": "验证集精度相同时也剪枝",
    "prune.on_tie.help": "书中在验证集精度不变时保留子树；勾选后则剪去（奥卡姆剃刀）。",
    "prune.cf": "置信因子 CF",
    "prune.cf.help": "C4.5 的 CF（J48 的 -C，默认 0.25）：越小，错误估计越悲观，剪得越多。",
    "prune.raising": "子树提升（C4.5；J48 默认开启）",
    "prune.raising.help": ("在每个结点还尝试用它最大的分支取代它：该结点的全部训练样本都经过"
                           "这个分支的子树，叶结点重新计数（Quinlan 的子树提升；J48 除非用 -S "
                           "都会做）。"),
    "prune.margin": "剪枝余量（J48：0.1）",
    "prune.margin.help": ("估计错误数至多变差这么多时也剪枝（或提升）。J48 用 0.1；取 0 时剪枝绝不"
                          "会使估计错误数增加。"),
    "prune.ccp_alpha": "复杂度参数 ccp_alpha",
    "prune.ccp_alpha.help": ("有效 α（g(t)）不大于此值的子树都被剪去，最弱的先剪（即 scikit-learn"
                             " 的 ccp_alpha；只是取 0 时 scikit-learn 不剪枝，而这里仍剪去完全没有"
                             "降低不纯度、g(t) = 0 的子树）。"),
    "prune.shared_rows": ("{n} 个验证样本中有 {count} 个在决策树测试的属性上取值缺失："
                          "与预测时一样（周志华 §4.4.2），这样的样本按权重同时进入各分支，"
                          "到达其所属类别的叶结点的那部分权重计为正确，因此精度不一定是"
                          "整数个样本除以 {n}。"),
    "prune.unlabelled_rows": ("验证集文件中有 {count} 行没有类别，未参与评判；精度按其余 {n} "
                              "行计算。"),
    "prune.validation": "验证集",
    "prune.validation.none": "不用（剪枝路径图只显示训练集精度）",
    "prune.validation.paired": "书中配套的验证集",
    "prune.validation.upload": "上传第二个文件",
    "prune.validation.split": "从本文件中留出一部分",
    "prune.validation.paired_caption": "验证集：{name}。",
    "prune.validation.file": "验证集文件（列相同）",
    "prune.validation.share": "留作验证集的比例",
    "prune.validation.seed": "划分的随机种子",
    "prune.validation.split_caption": ("用其余样本生成决策树；按类别分层、按种子随机留出的 "
                                       "{share} 样本作验证集。"),
    "prune.validation.missing": ("这种剪枝方法需要验证集：请选择文件或划分方式。显示的仍是上一棵"
                                 "决策树。"),
    "prune.validation.missing.none": ("这种剪枝方法需要验证集：请选择文件或划分方式。"
                                      "有了验证集才会生成决策树。"),
    "prune.validation.bad": "无法读取验证集文件 {name}：{reason}",
    "error.validation_columns": "验证集文件缺少这些列：{columns}。",
    "error.validation_file": "验证集文件：{reason}",
    "error.validation_needed": ("{method}依据验证集评判决策树，而侧边栏没有为这份数据提供验证集："
                                "请在侧边栏的“剪枝”中选择预剪枝或错误率降低剪枝，并选定验证集（上传第二个"
                                "文件，或从本文件中留出一部分）；比较页随后用同样的样本剪枝。"),
    "error.validation_no_rows": "验证集文件中没有任何一行填有“{column}”的取值。",
    "error.validation_text": ("验证集文件的“{column}”列含有文本（“{value}”），而决策树按数值"
                              "读取这一列。"),
    "prune.unseen_classes": ("验证集中有决策树从未见过的类别（{classes}：{total} 行中的 {n} 行）。"
                             "没有叶结点预测这些类别，所以无论怎样剪枝，这些行都计为预测错误。"),
    "book.button": "书中例子：表 4.2（图 4.5–4.7）",
    "book.button.help": ("载入西瓜数据集 2.0 的训练集及 7 个验证样本，ID3，根结点处脐部与色泽"
                         "并列，按书中的做法选脐部，并做后剪枝。"),
    "book.title": "周志华表 4.2：未剪枝、预剪枝与后剪枝",
    "book.caption": ("ID3 用 10 个训练样本，根结点划分属性为脐部；各验证集精度都基于 7 个验证样本"
                     "，取自生成过程记录中的剪枝决定。"),
    "book.unpruned": "未剪枝决策树（图 4.5）",
    "book.pre": "预剪枝决策树（图 4.6）",
    "book.rep": "后剪枝决策树（图 4.7）",
    "book.changed": ("表 4.2 的验证集精度是书中设置下的（ID3 用 10 个训练样本，根结点划分属性为"
                     "脐部，不剪枝，或用 7 个验证样本预剪枝或后剪枝）；这棵决策树的设置已改动，"
                     "故不再列出。"),
    "book.restore": "恢复书中的设置",
    "prune.phase": "剪枝阶段：{method}",
    "prune.phase.intro": ("上面是生成的决策树；这里是 {events} 个剪枝决定，按剪枝方法作出的顺序排"
                          "列。灰色虚线结点已被剪去；当前结点标出之前 → 之后的数值。"),
    "prune.phase.intro.ccp": ("上面是生成的决策树；这里是 {events} 个剪枝决定，按剪枝方法作出的"
                              "顺序排列。灰色虚线结点已被剪去；当前结点标出其有效 α 值 g(t) 与 "
                              "ccp_alpha α 的比较。"),
    "prune.phase.intro.pre": ("预剪枝在上面这棵树生成时就已作出决定，因此树中没有被它拒绝的划分；"
                              "这里是它的 {events} 个决定，按作出的顺序排列。当前结点标出之前 → "
                              "之后的数值。"),
    "prune.phase.none": "剪枝没有作出任何决定：生成的决策树没有可判断的划分。",
    "prune.event": "剪枝决定",
    "prune.event_of": "第 {k} 个决定，共 {total} 个：结点 #{node}，{path}",
    "prune.event_of.root": "第 {k} 个决定，共 {total} 个：结点 #{node}（根结点）",
    "prune.measure": "度量：{measure}",
    "prune.measure.validation_accuracy": "验证集精度",
    "prune.measure.estimated_errors": "估计错误数（悲观估计）",
    "prune.measure.effective_alpha": "有效 α（g(t)）与 ccp_alpha 比较",
    "prune.before.pre": "不划分（叶结点）",
    "prune.after.pre": "划分后",
    "prune.before.rep": "保留子树",
    "prune.after.rep": "剪成叶结点",
    "prune.before.pep": "子树的估计错误数",
    "prune.after.pep": "叶结点的估计错误数",
    "prune.before.ccp": "有效 α（g(t)）",
    "prune.after.ccp": "ccp_alpha",
    "prune.action.pre.keep": "划分",
    "prune.action.pre.prune": "不划分：保持为叶结点",
    "prune.action.keep": "保留",
    "prune.action.prune": "剪成叶结点",
    "prune.verdict": "决定",
    "prune.reason.pre.keep.gt": ("按 {attribute} 划分后，验证集精度从 {before} 升到 {after}：预剪"
                                 "枝允许划分。"),
    "prune.reason.pre.prune.eq": ("按 {attribute} 划分后，验证集精度仍为 {before}：没有提高，预剪"
                                  "枝禁止划分，该结点保持为类别“{label}”的叶结点。"),
    "prune.reason.pre.prune.lt": ("按 {attribute} 划分后，验证集精度会从 {before} 降到 {after}："
                                  "预剪枝禁止划分，该结点保持为类别“{label}”的叶结点。"),
    "prune.reason.rep.prune.gt": ("剪成类别“{label}”的叶结点后，验证集精度从 {before} 升到 "
                                  "{after}：错误率降低剪枝把以 {attribute} 划分的子树替换为"
                                  "叶结点。"),
    "prune.reason.rep.prune.eq": ("剪成类别“{label}”的叶结点后，验证集精度仍为 {before}；已勾选"
                                  "“验证集精度相同时也剪枝”，所以以 {attribute} 划分的子树被替换"
                                  "为叶结点。"),
    "prune.reason.rep.keep.eq": ("剪成叶结点后，验证集精度仍为 {before}：没有提高，所以保留以 "
                                 "{attribute} 划分的子树（书中精度相同时保留子树）。"),
    "prune.reason.rep.keep.lt": ("剪成叶结点后，验证集精度会从 {before} 降到 {after}：保留以 "
                                 "{attribute} 划分的子树。"),
    "prune.reason.pep.prune.le": ("剪成类别“{label}”的叶结点后，估计错误数为 {after}，不多于子树"
                                  "的 {before}（CF = {cf}）：以 {attribute} 划分的子树被替换为叶"
                                  "结点。"),
    "prune.reason.pep.keep.gt": ("剪成叶结点后，估计错误数会是 {after}，多于子树的 {before}（CF ="
                                 " {cf}）：保留以 {attribute} 划分的子树。"),
    "prune.action.raise": "提升最大分支",
    "prune.errors.leaf": "剪成叶结点",
    "prune.errors.tree": "子树",
    "prune.errors.branch": "最大分支 #{node}",
    "prune.errors.margin": ("比较的是估计错误数，余量为 {margin}（CF = {cf}）；最大分支的估计错误数"
                            "是让该结点的全部样本经过它得到的。"),
    "prune.raise.before": "之前：结点 #{node} 及其子树",
    "prune.raise.after": ("之后：结点 #{node} 改用结点 #{largest} 的划分；其下 {new} 个结点用它"
                          "的全部样本重新计数"),
    "prune.reason.pep_margin.prune.le": ("剪成类别“{label}”的叶结点后，估计错误数为 {after}，不多于"
                                         "子树的 {before} 加余量 {margin}（CF = {cf}）：以 "
                                         "{attribute} 划分的子树被替换为叶结点。"),
    "prune.reason.pep_margin.keep.gt": ("剪成叶结点后，估计错误数会是 {after}，多于子树的 "
                                        "{before} 加余量 {margin}（CF = {cf}）：保留以 "
                                        "{attribute} 划分的子树。"),
    "prune.reason.pep_raising.prune": ("剪成类别“{label}”的叶结点后，估计错误数为 {leaf}：不多于"
                                       "子树的 {tree} + {margin}，也不多于最大分支（结点 "
                                       "#{largest}）的 {branch} + {margin}：以 {attribute} 划分"
                                       "的子树被替换为叶结点。"),
    "prune.reason.pep_raising.raise.tree": (
        "若剪成叶结点，估计错误数 {leaf} > 子树的 {tree} + {margin}，所以不剪成叶结点。"
        "最大分支为结点 #{largest}（{condition}），让本结点的全部 {n} 个样本都经过它时，"
        "估计错误数 {branch} ≤ {tree} + {margin}：因此它的子树（以 {raised} 划分）被提升到"
        "本结点的位置，取代按 {attribute} 的划分，子树中各结点重新计数。"),
    "prune.reason.pep_raising.raise.branch": (
        "若剪成叶结点，估计错误数 {leaf} > 最大分支的 {branch} + {margin}，所以不剪成叶结点。"
        "最大分支为结点 #{largest}（{condition}），让本结点的全部 {n} 个样本都经过它时，"
        "估计错误数 {branch} ≤ {tree} + {margin}：因此它的子树（以 {raised} 划分）被提升到"
        "本结点的位置，取代按 {attribute} 的划分，子树中各结点重新计数。"),
    "prune.reason.pep_raising.keep.tree": (
        "若剪成叶结点，估计错误数 {leaf} > 子树的 {tree} + {margin}，所以不剪成叶结点。"
        "最大分支为结点 #{largest}（{condition}），让本结点的全部 {n} 个样本都经过它时，"
        "估计错误数 {branch} > {tree} + {margin}，所以不提升：保留以 {attribute} 划分的子树。"),
    "prune.reason.ccp.prune.le": ("有效 α g(t) = {before} ≤ ccp_alpha = {after}：这是最弱的一环，"
                                  "以 {attribute} 划分的子树及其 {leaves} 个叶结点合并为类别"
                                  "“{label}”的叶结点。"),
    "prune.reason.ccp.keep.gt": ("有效 α g(t) = {before} > ccp_alpha = {after}：保留以 "
                                 "{attribute} 划分的子树及其 {leaves} 个叶结点。"),
    "prune.path": "代价复杂度剪枝路径",
    "prune.path.caption": ("每剪去最弱的一环就得到下一棵子树；α 为该子树出现时的有效 α 值"
                           " g(t) = (R(t) − R(T_t)) / (|T_t| − 1)，其中 R(t) 为结点 t 的 "
                           "Gini(D) 乘以其样本占比（与 scikit-learn 相同；Breiman 的 R 为误分类"
                           "代价），|T_t| 为 t 下的叶结点数。精度是每棵子树对生成决策树的 "
                           "{rows} 个训练样本{validation}的预测精度，与评估页面的计算方式相同。"),
    "prune.path.and_validation": "和 {rows} 个验证样本",
    "prune.path.computing": "正在逐次剪去最弱的一环，并计算每棵子树的精度…",
    "prune.path.alpha": "α",
    "prune.path.leaves": "叶结点数",
    "prune.path.accuracy": "精度",
    "prune.path.train": "训练集精度",
    "prune.path.validation": "验证集精度",
    "prune.path.subtree": "剪枝路径上的子树",
    "prune.path.grown": ("侧边栏的 ccp_alpha = {alpha} 得到子树 {k}（{leaves} 个叶结点）："
                         "有效 α 不大于 ccp_alpha 的子树都被剪去。"),
    "prune.path.grown_mark": "生成的决策树",
    "prune.path.chosen_validation": "它的验证集精度：{accuracy}。",
    "prune.path.shared_alpha": ("子树 {later} 的 α 与它相同：把这个 α 填作 ccp_alpha，得到的是子树 "
                                "{later}；没有哪个 α 只得到子树 {k}（两次剪枝同时发生）。"),
    "prune.path.chosen": "子树 {k}：α = {alpha}，{leaves} 个叶结点，训练集精度 {train}。",
    "prune.eval.header": "同一划分上的剪枝与未剪枝决策树",
    "prune.eval.caption": ("两棵树用同样的训练样本（{train} 个）生成，在同样的留出样本（{test} 个"
                           "）上测试。"),
    "prune.eval.caption.carved": ("两棵树用同样的 {train} 个样本生成：划分出的 {split} 个训练样本"
                                  "去掉为剪枝划出的 {validation} 个验证样本。它们的训练集精度只在"
                                  "这 {train} 个样本上计算，不含验证样本；两棵树在同样的留出样本"
                                  "（{test} 个）上测试。"),
    "prune.eval.kfold": ("这不是上面的 k 折交叉验证：而是按随机种子 {seed} 分层留出 1/{k} 的样本"
                         "（与一折一样多）。"),
    "prune.eval.unpruned": "未剪枝",
    "prune.eval.pruned": "剪枝后：{method}",
    "prune.eval.leaves": "叶结点数",
    "prune.eval.unpruned_note": ("下面评估所用的决策树都未剪枝：这种剪枝方法需要验证集，页面末尾"
                                 "对剪枝与未剪枝决策树的比较会从它自己的训练样本中划出验证集。"),
    "prune.eval.unpruned_note.file": ("下面评估所用的决策树都未剪枝：这种剪枝方法需要验证集。"
                                      "页面末尾对剪枝与未剪枝决策树的比较用验证集文件中的样本"
                                      "剪枝，但两棵树都在划分出的留出样本上测试，而不是在验证集"
                                      "文件上；侧边栏决策树的验证集精度见“{grow}”页面的剪枝阶段。"),
    "rules.prune.header": "C4.5 规则后剪枝",
    "rules.prune.caption": ("Quinlan 的规则后剪枝：只要在训练集上的悲观错误率不变差，"
                            "就去掉规则的一个条件；然后删去不再有用的规则。样本按整行计数：在某个"
                            "条件的属性上缺失取值的样本不被该条件覆盖，而上面的规则按权重把它分到"
                            "各分支，所以有缺失值时两张表的数字可能不同。"),
    "rules.prune.toggle": "对规则做后剪枝",
    "rules.prune.col.dropped": "去掉的条件",
    "rules.prune.col.covered": "覆盖样本数",
    "rules.prune.col.errors": "错误数",
    "rules.prune.col.estimate": "悲观错误率",
    "rules.prune.col.kept": "保留或删去",
    "rules.prune.removed.kept": "保留",
    "rules.prune.removed.duplicate": "删去：与前面的规则重复",
    "rules.prune.removed.no_cover": "删去：不覆盖任何训练样本",
    "rules.prune.removed.not_better_than_default": "删去：不比把所有样本都标为多数类更好",
    "rules.table.header": "规则表",
    "rules.table.caption": ("每条从根结点到叶结点的路径一行，每个属性一列"
                            "（该路径上对它的测试，未测试则为空）。"),
}
