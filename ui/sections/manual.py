"""Catalogue section: choose the split (issue 12; see ui/sections/__init__.py).

Zhou's terms: 划分属性 (splitting attribute), 划分点 (threshold t, a midpoint of adjacent
values, §4.4.1), 结点 / 叶结点 (node / leaf), 留出法 and 测试集 (hold-out, test set, §2.2.1),
精度 (accuracy), 深度 (depth); TreeGenerate is the book's name for the algorithm of Fig. 4.2.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "page.manual": "Choose the split",
    "man.intro": ("Grow your own decision tree: at each node that waits for a split, choose the "
                  "attribute (and the threshold t of a continuous one) before you see any "
                  "score. Then the score table is revealed, with what ID3, C4.5 and CART "
                  "would have chosen on the same rows. When no node waits, your tree and "
                  "{algorithm}'s are tested on held-out rows."),
    "man.shape": ("Your splits take {algorithm}'s shape (the sidebar's algorithm): {shape}."),
    "man.shape.multiway": "one branch per value of a discrete attribute",
    "man.shape.binary": "two branches for a discrete attribute, its best two-way partition",
    "man.heldout": "Held-out rows",
    "man.heldout.split": "A stratified split of the data (seeded)",
    "man.heldout.paired": "The bundled validation set",
    "man.heldout.paired_caption": "The held-out rows are the validation set {name}.",
    "man.training": ("Your tree grows on {train} training rows; {test} rows are held out for "
                     "the test."),
    "man.undo": "Undo the last split",
    "man.restart": "Start over",
    "man.yours": "Your tree",
    "man.theirs": "{algorithm}'s tree (same training rows)",
    "man.empty": "Your tree is the root alone, waiting for its first split.",
    "man.theirs.hidden": ("Hidden until your tree is complete, so that it does not give "
                          "{algorithm}'s choices away."),
    "man.theirs.show": "Show {algorithm}'s tree now",
    "man.next": "Node #{id} at {path} waits for a split. Its samples: {counts}.",
    "man.pending": "Nodes waiting for a split, in TreeGenerate's order: {nodes}.",
    "man.attribute": "Split this node on",
    "man.threshold": "Threshold t (a midpoint of adjacent values)",
    "man.curve": ("{gain} and {gini} of {attribute} at every candidate threshold: pick t on "
                  "this curve."),
    "man.your_t": "your t = {t}",
    "man.choose": "Split here",
    "man.reveal": "Node #{id} at {path}: you split on {choice}",
    "man.reveal.table": ("The score table at this node as {algorithm} scores it (each continuous "
                         "attribute at its own best cut)"),
    "man.reveal.table.yours": ("The score table at this node ({algorithm}'s columns; the "
                               "attribute you picked at your cut)"),
    "man.col.algorithm": "Algorithm",
    "man.col.choice": "Its choice here",
    "man.col.agrees": "Same as yours",
    "man.leaf": "a leaf",
    "man.with_t": "{attribute} at t = {t}",
    "man.drawn": "{choices} (tied: the random tie rule draws one)",
    "man.tied.first": "{choice} (tied with {others}: the tie rule takes the first column)",
    "man.tied.last": "{choice} (tied with {others}: the tie rule takes the last column)",
    "man.agree.tied.first": ("Your {choice} ties with the choice of {algorithms} by its "
                             "criterion; only the tie rule (the first column wins) set them "
                             "apart."),
    "man.agree.tied.last": ("Your {choice} ties with the choice of {algorithms} by its "
                            "criterion; only the tie rule (the last column wins) set them "
                            "apart."),
    "man.tied.threshold": ("{choice} (the same {criterion} at t = {others}: of tied "
                           "thresholds the smallest is taken)"),
    "man.tied.threshold.many": ("{choice} (the same {criterion} at {n} other thresholds, "
                                "t = {others}, …: of tied thresholds the smallest is taken)"),
    "man.agree.tied.threshold": ("Your {choice} has the same {criterion} as the choice of "
                                 "{algorithms}; they differ only in that the smallest of tied "
                                 "thresholds is taken."),
    # not "the sidebar's {what}": a method's name may hold a possessive of its own (the
    # sidebar's Li Hang's pruning), and it names itself a pruning with its own bracket
    "man.dropped": ("Both trees on this page are grown without {what}, which the sidebar sets: "
                    "your tree is compared with {algorithm}'s tree grown the same way."),
    "man.dropped.force": "forced splits",
    # between the pruning and the forced splits: "without A or B" (a list's comma made the
    # forced splits read as the pruning's apposition)
    "man.dropped.join": " or ",
    "man.or": " or ",
    "man.agree.all": "{same} would have chosen as you did.",
    "man.agree.some": "{same} would have chosen as you did; {other} would not.",
    "man.agree.none": "None of {other} would have chosen {choice} here.",
    "man.history": "Your splits so far",
    "man.col.node": "Node",
    "man.col.yours": "Your choice",
    "man.done": ("Your tree is complete: every leaf is one of TreeGenerate's stop cases (all of "
                 "one class, no attribute left, the same values, no samples, or a limit)."),
    "man.final": "Your tree and {algorithm}'s on the held-out rows",
    "man.col.tree": "Tree",
    "man.col.accuracy": "Held-out accuracy",
    "man.col.leaves": "Leaves",
    "man.col.depth": "Depth",
    "man.final.better": ("Your tree is more accurate on the {n} held-out rows than {algorithm}'s "
                         "({yours} against {theirs})."),
    "man.final.worse": ("{algorithm}'s tree is more accurate on the {n} held-out rows than yours "
                        "({theirs} against {yours})."),
    "man.final.same": ("Both trees have the same accuracy on the {n} held-out rows ({yours})."),
    "man.export.yours": "Export your tree",
    "man.export.theirs": "Export {algorithm}'s tree",
}

ZH: dict[str, str] = {
    "page.manual": "亲手划分",
    "man.intro": ("亲手生成一棵决策树：在每个待划分的结点上，先不看任何评分，"
                  "选出划分属性（连续属性还要选划分点 t）。随后揭晓得分表，"
                  "以及 ID3、C4.5 和 CART 在同样的样本上会作出的选择。"
                  "当没有结点待划分时，你的决策树与 {algorithm} 的决策树在留出的测试集上比较。"),
    "man.shape": "你的划分采用 {algorithm} 的形式（侧边栏所选的算法）：{shape}。",
    "man.shape.multiway": "离散属性的每个取值一个分支",
    "man.shape.binary": "离散属性分为两个分支，取其最优的二分",
    "man.heldout": "留出的测试样本",
    "man.heldout.split": "对数据集作分层采样划分（固定随机种子）",
    "man.heldout.paired": "配套的验证集",
    "man.heldout.paired_caption": "留出的样本是验证集 {name}。",
    "man.training": "你的决策树在 {train} 个训练样本上生成；留出 {test} 个样本作测试集。",
    "man.undo": "撤销上一次划分",
    "man.restart": "重新开始",
    "man.yours": "你的决策树",
    "man.theirs": "{algorithm} 的决策树（相同的训练样本）",
    "man.empty": "你的决策树只有根结点，等待第一次划分。",
    "man.theirs.hidden": "在你的决策树完成之前先不显示，以免提前透露 {algorithm} 的选择。",
    "man.theirs.show": "现在显示 {algorithm} 的决策树",
    "man.next": "结点 #{id}（{path}）待划分。其样本：{counts}。",
    "man.pending": "待划分的结点（按 TreeGenerate 的顺序）：{nodes}。",
    "man.attribute": "此结点的划分属性",
    "man.threshold": "划分点 t（相邻取值的中位点）",
    "man.curve": "{attribute} 在每个候选划分点上的 {gain} 与 {gini}：在这条曲线上选出 t。",
    "man.your_t": "你的 t = {t}",
    "man.choose": "在此划分",
    "man.reveal": "结点 #{id}（{path}）：你选择了 {choice}",
    "man.reveal.table": "{algorithm} 对此结点的得分表（每个连续属性取其自身的最优划分点）",
    "man.reveal.table.yours": "此结点的得分表（{algorithm} 的各列；你选的属性按你的划分点计算）",
    "man.col.algorithm": "算法",
    "man.col.choice": "它在此的选择",
    "man.col.agrees": "与你相同",
    "man.leaf": "叶结点",
    "man.with_t": "{attribute}，划分点 t = {t}",
    "man.drawn": "{choices}（并列：随机并列规则从中抽取一个）",
    "man.tied.first": "{choice}（与 {others} 并列：并列规则取列顺序最靠前的）",
    "man.tied.last": "{choice}（与 {others} 并列：并列规则取列顺序最靠后的）",
    "man.agree.tied.first": ("你选的 {choice} 按 {algorithms} 的准则与其选择并列；"
                             "只是并列规则（取列顺序最靠前的）把二者分开。"),
    "man.agree.tied.last": ("你选的 {choice} 按 {algorithms} 的准则与其选择并列；"
                            "只是并列规则（取列顺序最靠后的）把二者分开。"),
    "man.tied.threshold": ("{choice}（t = {others} 处的 {criterion} 与之相同：并列的划分点中"
                           "取最小者）"),
    "man.tied.threshold.many": ("{choice}（另外 {n} 个划分点处的 {criterion} 与之相同，如 "
                                "t = {others}…：并列的划分点中取最小者）"),
    "man.agree.tied.threshold": ("你选的 {choice} 与 {algorithms} 所选划分点的 {criterion} "
                                 "相同；只因并列时取最小的 t，二者才不同。"),
    # not 侧边栏的 {what}: a method's name may hold a 的 of its own (侧边栏的李航的损失函数剪枝);
    # it names itself a pruning and carries its own bracket (not 剪枝（预剪枝（周志华 §4.3.1）））
    "man.dropped": ("侧边栏设定了 {what}，但本页的两棵树都不使用："
                    "你的决策树与同样生成的 {algorithm} 决策树相比较。"),
    "man.dropped.force": "强制划分",
    "man.dropped.join": "、",  # 设定了 A、B：both are set (not 或)
    "man.or": " 或 ",
    "man.agree.all": "{same} 会作出与你相同的选择。",
    "man.agree.some": "{same} 会作出与你相同的选择；{other} 不会。",
    "man.agree.none": "{other} 都不会在此选择 {choice}。",
    "man.history": "你目前的划分",
    "man.col.node": "结点",
    "man.col.yours": "你的选择",
    "man.done": ("你的决策树已完成：每个叶结点都属于 TreeGenerate 的停止情形"
                 "（样本全属同一类别、属性集为空、样本在属性上取值相同、样本集为空，或达到限制）。"),
    "man.final": "你的决策树与 {algorithm} 的决策树在测试集上的表现",
    "man.col.tree": "决策树",
    "man.col.accuracy": "测试集精度",
    "man.col.leaves": "叶结点数",
    "man.col.depth": "深度",
    "man.final.better": ("在 {n} 个留出样本上，你的决策树比 {algorithm} 的更准确"
                         "（{yours} 对 {theirs}）。"),
    "man.final.worse": ("在 {n} 个留出样本上，{algorithm} 的决策树比你的更准确"
                        "（{theirs} 对 {yours}）。"),
    "man.final.same": "在 {n} 个留出样本上，两棵决策树的精度相同（{yours}）。",
    "man.export.yours": "导出你的决策树",
    "man.export.theirs": "导出 {algorithm} 的决策树",
}
