"""Catalogue section: Li Hang's pruning by the loss C_α(T) and pruning/regrouping by hand.

Li Hang's terms (统计学习方法 §5.4): 损失函数 C_α(T), 经验熵 H_t(T), 叶结点个数 |T|, 剪枝,
回缩 (a group of leaves retracts into its parent). Zhou's (§4.3): 验证集精度.

`prune.reason.cost.<action>.<relation>`: relation says how C_α after retracting (`after`)
compares with C_α before (`before`): lt or eq retract (prune), gt keeps (ui.pruning.reason_key).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "prune.method.cost": "Li Hang's pruning by the loss C_α(T) (Alg. 5.4)",
    "prune.cost_alpha": "α (Li Hang's C_α(T))",
    "prune.cost_alpha.help": ("C_α(T) = Σ N_t·H_t(T) + α|T|: N_t rows and H_t the empirical "
                              "entropy of leaf t, |T| the leaves. Bottom up, a group of leaves "
                              "retracts into its parent when C_α does not rise. α = 0 keeps "
                              "every split that fits better; a large α leaves one leaf. CART's "
                              "cost-complexity pruning has the same loss (Gini, divided by N) "
                              "but finds the weakest links for every α instead of taking one."),
    "prune.measure.loss": "the loss C_α(T) = Σ N_t·H_t(T) + α|T|, before and after retracting",
    "prune.before.cost": "C_α before (T_B)",
    "prune.after.cost": "C_α after retracting (T_A)",
    "prune.reason.cost.prune.lt": ("C_α after retracting {after} < C_α before {before}: the "
                                   "leaves under the test on {attribute} retract into one leaf "
                                   "labelled {label}."),
    "prune.reason.cost.prune.eq": ("C_α after retracting {after} = C_α before {before}: the "
                                   "loss does not rise, so the leaves under the test on "
                                   "{attribute} retract into one leaf labelled {label}."),
    "prune.reason.cost.keep.gt": ("C_α after retracting {after} > C_α before {before}: the "
                                  "split on {attribute} stays."),
    "prune.cost.terms": ("Before: Σ N_t·H_t = {fit_before}, α|T| = {alpha} × {leaves_before} = "
                         "{penalty_before}. After: Σ N_t·H_t = {fit_after}, α|T| = {alpha} × "
                         "{leaves_after} = {penalty_after}."),
    # "corresponds to", not "is": the two costs differ (entropy against Gini), not only by N
    "prune.cost.relation": ("Li Hang's α corresponds to CART's α times N (CART divides its cost "
                            "by N, and measures it with Gini, not entropy); Li Hang takes one α "
                            "in advance and retracts only groups of leaves, CART cuts the weakest "
                            "link again and again."),
    "ex.tab.handedit": "Prune by hand",
    "he.intro": ("Edit your own copy of the tree, as JMP, SAS or SPSS let analysts do: prune "
                 "below a node, regroup a nominal attribute's values into two branches, type "
                 "a cut point, or prune automatically with some nodes locked. Each edit shows "
                 "the validation accuracy (Zhou §4.3) before and after. The algorithm's tree "
                 "stays as it was, beside yours."),
    "he.validation.sidebar": "Validation rows: the sidebar's validation set ({n} rows).",
    "he.validation.paired": ("Validation rows: the book's paired validation set, Table 4.2 "
                             "({n} rows)."),
    "he.validation.split": ("Validation rows: a stratified split of the data ({n} rows, seed "
                            "0); both trees grow on the other {train} rows."),
    "he.action.auto": "Prune automatically, locked nodes kept",
    "he.auto.method": "Automatic pruning",
    "he.locked": "Locked nodes (their splits stay)",
    "he.locked.help": ("A locked node is never pruned by the automatic pruning run here: "
                       "reduced-error pruning skips it, and with Li Hang's loss it is never a "
                       "group of leaves to retract. The sidebar's pruning does not know locks."),
    "he.locked.none": "none",
    "he.locked.placeholder": "Choose nodes to lock",
    "he.edit.auto": "{method}; locked nodes: {locked}",
    "he.auto.rep.tie_prunes": ("{method}, pruning on a tie in validation accuracy (the "
                               "sidebar's “Prune on a tie” is ticked)"),
    "he.auto.rep.tie_keeps": ("{method}, keeping the subtree on a tie in validation accuracy, "
                              "as the book does (the sidebar's “Prune on a tie” is not ticked)"),
    "he.auto.ties": "Where validation accuracy tied ({n}):",
    "he.auto.ties.first": ("Shown are the first {shown} of these {n} nodes, in the order the "
                           "pruning examined them; the download holds all {n}."),
    "he.auto.ties.download": "Download all of them (Markdown)",
    "he.auto.no_ties": ("Validation accuracy tied nowhere, so the sidebar's “Prune on a tie” "
                        "changed nothing."),
    "he.node": "Node of your tree",
    "he.action": "Edit",
    "he.action.prune": "Prune below this node",
    "he.action.regroup": "Regroup a nominal attribute's values",
    "he.action.cut": "Type a cut point",
    "he.attribute": "Attribute",
    "he.group.first": "Values in the first branch (the others go to the second)",
    "he.group.placeholder": "Choose values",
    "he.threshold": "Cut point (≤ goes left, > goes right)",
    "he.apply": "Apply the edit",
    "he.undo": "Undo the last edit",
    "he.restart": "Start again from the algorithm's tree",
    "he.leaf": "This node is a leaf: there is nothing below it to prune.",
    "he.no_nominal": "This tree has no nominal attribute to regroup.",
    "he.no_continuous": "This tree has no continuous attribute to cut.",
    "he.error.groups": "Put at least one value in each branch.",
    "he.error.edit": "This edit cannot be made here: {reason}",
    "error.edit_no_path": "No node has the path '{path}' in this tree.",
    "error.edit_leaf": "Node #{node} is a leaf already: there is nothing below it.",
    "error.edit_not_nominal": "'{attribute}' is not a nominal attribute of this tree.",
    "error.edit_groups": "A regrouping needs at least two groups of values.",
    "error.edit_values_once": "Every value of '{attribute}' must be in exactly one group.",
    "error.edit_not_continuous": "'{attribute}' is not a continuous attribute of this tree.",
    "error.edit_cut_point": "The cut point must be a finite number, got {threshold}.",
    "he.algorithm": "The algorithm's tree",
    "he.student": "Your tree",
    "he.accuracy": "Validation accuracy",
    "he.leaves": "Leaves",
    "he.log": "Your edits",
    "he.log.none": "No edits yet: your tree is the algorithm's.",
    "he.log.row": "{k}. At {path}: {edit}; validation accuracy {before} → {after}",
    "he.edit.prune": "pruned below",
    "he.edit.regroup": "regrouped {attribute} into {groups}",
    "he.edit.cut": "cut {attribute} at {threshold}",
    "he.last": "Last edit",
    "he.before": "Before",
    "he.after": "After",
}

ZH: dict[str, str] = {
    "prune.method.cost": "李航的损失函数剪枝 C_α(T)（算法 5.4）",
    "prune.cost_alpha": "α（李航的 C_α(T)）",
    "prune.cost_alpha.help": ("C_α(T) = Σ N_t·H_t(T) + α|T|：N_t 为叶结点 t 的样本数，H_t "
                              "为其经验熵，|T| 为叶结点个数。自下而上，若一组叶结点回缩到其父"
                              "结点后 C_α 不增大，则剪枝。α = 0 时保留所有拟合更好的划分；α "
                              "很大时只剩一个叶结点。CART 的代价复杂度剪枝用同样形式的损失（Gini"
                              "，除以 N），但对所有 α 依次剪去最弱的一环，而不是事先给定一个 α。"),
    "prune.measure.loss": "剪枝前后的损失函数 C_α(T) = Σ N_t·H_t(T) + α|T|",
    "prune.before.cost": "回缩前的 C_α(T_B)",
    "prune.after.cost": "回缩后的 C_α(T_A)",
    "prune.reason.cost.prune.lt": ("回缩后 C_α = {after} < 回缩前 C_α = {before}：剪枝，"
                                   "{attribute} 划分下的叶结点回缩为类别为“{label}”的一个叶结点。"),
    "prune.reason.cost.prune.eq": ("回缩后 C_α = {after} = 回缩前 C_α = {before}：损失函数没有"
                                   "增大，剪枝，{attribute} 划分下的叶结点回缩为类别为“{label}”的"
                                   "一个叶结点。"),
    "prune.reason.cost.keep.gt": ("回缩后 C_α = {after} > 回缩前 C_α = {before}：保留 "
                                  "{attribute} 的划分。"),
    "prune.cost.terms": ("回缩前：Σ N_t·H_t = {fit_before}，α|T| = {alpha} × {leaves_before} = "
                         "{penalty_before}。回缩后：Σ N_t·H_t = {fit_after}，α|T| = {alpha} × "
                         "{leaves_after} = {penalty_after}。"),
    "prune.cost.relation": ("李航的 α 相当于 CART 的 α 乘以 N（CART 的代价除以 N，且用 Gini "
                            "而非熵）；"
                            "李航事先给定一个 α，只回缩成组的叶结点，CART 则反复剪去最弱的一环。"),
    "ex.tab.handedit": "手工剪枝",
    "he.intro": ("像 JMP、SAS、SPSS 那样编辑你自己的决策树副本：剪去某结点以下的子树、把离散属性的"
                 "取值重新分为两组分支、输入连续属性的划分点，或锁定一些结点后自动剪枝。每次编辑都"
                 "显示编辑前后的验证集精度（周志华 §4.3）。算法生成的树保持不变，"
                 "与你的树并排显示。"),
    "he.validation.sidebar": "验证集：侧边栏的验证集（{n} 个样本）。",
    "he.validation.paired": "验证集：书中配套的验证集，表 4.2（{n} 个样本）。",
    "he.validation.split": ("验证集：对数据分层划分（{n} 个样本，种子 0）；两棵树都在其余 "
                            "{train} 个样本上生成。"),
    "he.action.auto": "自动剪枝，保留锁定的结点",
    "he.auto.method": "自动剪枝方法",
    "he.locked": "锁定的结点（保留其划分）",
    "he.locked.help": ("在这里运行的自动剪枝不会剪去锁定的结点：错误率降低剪枝跳过它，用李航的损失"
                       "函数剪枝时它不会作为一组叶结点回缩。侧边栏的剪枝不考虑锁定。"),
    "he.locked.none": "无",
    "he.locked.placeholder": "请选择要锁定的结点",
    "he.edit.auto": "{method}；锁定的结点：{locked}",
    "he.auto.rep.tie_prunes": ("{method}，验证集精度相同时剪枝（侧边栏已勾选“验证集精度相同时"
                               "也剪枝”）"),
    "he.auto.rep.tie_keeps": ("{method}，验证集精度相同时保留子树，同书中做法（侧边栏未勾选“验证"
                              "集精度相同时也剪枝”）"),
    "he.auto.ties": "验证集精度相同的结点（{n} 个）：",
    "he.auto.ties.first": ("这里按剪枝考察结点的顺序显示这 {n} 个结点中的前 {shown} 个；"
                           "下载的文件包含全部 {n} 个。"),
    "he.auto.ties.download": "下载全部（Markdown）",
    "he.auto.no_ties": "没有结点的验证集精度相同，侧边栏的“验证集精度相同时也剪枝”没有影响。",
    "he.node": "你的树中的结点",
    "he.action": "编辑",
    "he.action.prune": "剪去此结点以下的子树",
    "he.action.regroup": "重新分组离散属性的取值",
    "he.action.cut": "输入划分点",
    "he.attribute": "属性",
    "he.group.first": "第一个分支中的取值（其余取值进入第二个分支）",
    "he.group.placeholder": "请选择取值",
    "he.threshold": "划分点（≤ 走左分支，> 走右分支）",
    "he.apply": "执行编辑",
    "he.undo": "撤销上一次编辑",
    "he.restart": "从算法的树重新开始",
    "he.leaf": "此结点是叶结点：其下没有可剪去的子树。",
    "he.no_nominal": "这棵树没有可以重新分组的离散属性。",
    "he.no_continuous": "这棵树没有可以划分的连续属性。",
    "he.error.groups": "每个分支至少要有一个取值。",
    "he.error.edit": "此处无法进行这次编辑：{reason}",
    "error.edit_no_path": "这棵树中没有路径为“{path}”的结点。",
    "error.edit_leaf": "结点 #{node} 已经是叶结点：它下面没有可剪去的部分。",
    "error.edit_not_nominal": "“{attribute}”不是这棵树的离散属性。",
    "error.edit_groups": "重新分组至少需要两组取值。",
    "error.edit_values_once": "“{attribute}”的每个取值都必须恰好属于一组。",
    "error.edit_not_continuous": "“{attribute}”不是这棵树的连续属性。",
    "error.edit_cut_point": "划分点必须是有限的数，现为 {threshold}。",
    "he.algorithm": "算法生成的树",
    "he.student": "你的树",
    "he.accuracy": "验证集精度",
    "he.leaves": "叶结点数",
    "he.log": "你的编辑",
    "he.log.none": "还没有编辑：你的树就是算法生成的树。",
    "he.log.row": "{k}. {path}：{edit}；验证集精度 {before} → {after}",
    "he.edit.prune": "剪去以下子树",
    "he.edit.regroup": "把 {attribute} 重新分组为 {groups}",
    "he.edit.cut": "在 {threshold} 处划分 {attribute}",
    "he.last": "上一次编辑",
    "he.before": "编辑前",
    "he.after": "编辑后",
}
