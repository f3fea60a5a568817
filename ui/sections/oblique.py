"""Catalogue section: oblique (multivariate) trees, Zhou §4.5 (see ui/sections/__init__.py).

Zhou's terms: 多变量决策树 (multivariate decision tree), 斜决策树 (oblique decision tree),
线性分类器 (linear classifier), 分类边界 (classification boundary), 轴平行 (axis-parallel).
The core's words (H1) and the UI's (the decision regions and the node panel's linear test,
ui/boundary.py) are kept in separate blocks of each dict.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # core (H1)
    "algo.oblique": "Oblique (multivariate, Gini index)",
    "rule.oblique": ("{attribute} lowers the Gini index most, of the linear test (over the "
                     "continuous attributes, refined by OC1's coordinate moves) and every "
                     "single attribute: ρ·(Gini(D̃) − Gini_index) = {gini_gain} "
                     "(Gini_index {value}; without missing values ρ = 1). On a tie the "
                     "single attribute is kept."),
    "rule.oblique.tied": ("{attribute} ties with the linear test (over the continuous "
                          "attributes, refined by OC1's coordinate moves) for the largest drop "
                          "in the Gini index, and no single attribute lowers it more: "
                          "ρ·(Gini(D̃) − Gini_index) = {gini_gain} (Gini_index {value}; without "
                          "missing values ρ = 1). It ties with the linear test; the single "
                          "attribute is kept, the simpler test."),
    "rule.oblique.tied.lihang": ("{attribute} ties with the linear test (over the continuous "
                                 "attributes, refined by OC1's coordinate moves) for the largest "
                                 "drop in the Gini index, and no single attribute lowers it "
                                 "more: ρ·(Gini(D̃) − Gini(D̃, A)) = {gini_gain} (Gini(D̃, A) "
                                 "{value}; without missing values ρ = 1). It ties with the "
                                 "linear test; the single attribute is kept, the simpler test."),
    "rule.oblique.axis_only": ("{attribute} lowers the Gini index most of the single "
                               "attributes: ρ·(Gini(D̃) − Gini_index) = {gini_gain} "
                               "(Gini_index {value}; without missing values ρ = 1). No linear "
                               "test was learned at this node, so none was compared."),
    "rule.oblique.lihang": ("{attribute} lowers the Gini index most, of the linear test (over "
                            "the continuous attributes, refined by OC1's coordinate moves) and "
                            "every single attribute: ρ·(Gini(D̃) − Gini(D̃, A)) = {gini_gain} "
                            "(Gini(D̃, A) {value}; without missing values ρ = 1). On a tie the "
                            "single attribute is kept."),
    "rule.oblique.axis_only.lihang": ("{attribute} lowers the Gini index most of the single "
                                      "attributes: ρ·(Gini(D̃) − Gini(D̃, A)) = {gini_gain} "
                                      "(Gini(D̃, A) {value}; without missing values ρ = 1). No "
                                      "linear test was learned at this node, so none was "
                                      "compared."),
    # UI (H2)
    "boundary.title": "Decision regions",
    "boundary.show": "Draw the regions (grows the {algorithm} tree as well)",
    "boundary.x": "Horizontal axis",
    "boundary.y": "Vertical axis",
    "boundary.panel.axis": "Axis-parallel: {algorithm}, step {step} of steps 0–{total}",
    "boundary.panel": "{algorithm}, step {step} of steps 0–{total}",
    "boundary.caption": ("Each shaded region is the class the tree predicts there as grown up to "
                         "this step: a node not split yet predicts its majority class. Points "
                         "are the data's rows, coloured by their class. An axis-parallel tree's "
                         "boundary is made of pieces parallel to the axes; an oblique tree's "
                         "nodes may cut at a slant."),
    "boundary.held": ("The other attributes are held at their median (continuous) or most "
                      "frequent value (nominal): {values}."),
    "boundary.missing_rows": "Not drawn: {n} rows with a missing value on these two attributes.",
    "boundary.other_step": ("The {algorithm} tree is shown at step {step}, its last (steps "
                            "0–{total}): it has fewer steps than this one."),
    "boundary.unavailable": "The {algorithm} tree could not be grown here: {reason}",
    "boundary.sample": ("{shown} of the {rows} rows are drawn (a random sample, seed 0); the "
                        "regions are the trees' own, whatever the rows drawn."),
    "boundary.other_tree": "The {algorithm} tree at step {step}",
    "boundary.book": ("Zhou's multivariate tree on this data (§4.5) tests {book} at its root; "
                      "this tree's root tests {ours}."),
    "boundary.book.scaled": ("Multiplying w and t by the same positive number gives the same "
                             "test; scaled so that {attribute} has the book's weight {weight}, "
                             "this tree's linear test reads {scaled}."),
    "boundary.book.why": ("They may differ: the book does not say which linear learner found its "
                          "w and t, and different learners find different lines; this tree "
                          "starts from Fisher's direction for the node's two largest classes and "
                          "from the best single attribute, moves one weight at a time while the "
                          "Gini index falls (OC1), and cuts where it is lowest."),
    "boundary.book.axis": ("Zhou's multivariate tree on this data (§4.5) tests {book} at its "
                           "root; this tree's root tests {root}, and no linear test was possible "
                           "there."),
    "boundary.book.leaf": "nothing (it is a single leaf)",
    "boundary.book.leaf_root": ("Zhou's multivariate tree on this data (§4.5) tests {book} at its "
                                "root; this tree's root is a leaf: {reason}"),
    "boundary.book.forced": ("Zhou's multivariate tree on this data (§4.5) tests {book} at its "
                             "root; this tree's root was forced to test {root}, so no linear "
                             "test was learned there."),
    "linear.header": "Linear test",
    "linear.test": "This node tests {test}.",
    "linear.col.weight": "weight wᵢ",
    "linear.col.test": "test",
    "linear.col.gini_gain": "ρ·(Gini(D̃) − Gini_index)",
    "linear.col.gini_gain.lihang": "ρ·(Gini(D̃) − Gini(D̃, A))",
    "linear.col.gini_index": "Gini_index",
    "linear.col.gini_index.lihang": "Gini(D̃, A)",
    "linear.row.linear": "linear: {test}",
    "linear.row.axis": "best single attribute: {attribute}",
    "linear.row.axis.tied": "best single attribute: {attribute} (tied with {ties})",
    "linear.won": ("The linear test lowers the Gini index more than the best single-attribute "
                   "split ({linear} against {axis}), so it is kept; on a tie the single "
                   "attribute would have stayed."),
    "linear.won.tied": ("The linear test lowers the Gini index more than the best "
                        "single-attribute splits, {attribute} and {ties}, which tie with each "
                        "other ({linear} against {axis}), so it is kept; on a tie with them the "
                        "single attribute would have stayed."),
    "linear.no_axis": "No single-attribute split was possible here: the linear test is kept.",
    "boundary.book.tried": ("Zhou's multivariate tree on this data (§4.5) tests {book} at its "
                            "root; this tree's root tests {root}: the linear test tried there, "
                            "{ours}, lowered the Gini index no more, so the single attribute "
                            "was kept."),
    "boundary.book.agree": ("The book's test and this linear test put {agree} of the {rows} "
                            "rows together the same way: on the book's ≤ side and this test's "
                            "{side} side, or on the two other sides."),
    "linear.header.tried": "Linear test tried here",
    "linear.test.tried": ("A linear test was tried here, {test}, and set aside for a single "
                          "attribute."),
    "linear.lost": ("The single attribute {attribute} lowers the Gini index at least as much as "
                    "the linear test ({axis} against {linear}), so it is kept: on a tie the "
                    "simpler test stays."),
    "linear.tied": ("The single attribute {attribute} ties with the linear test ({axis} against "
                    "{linear}): the single attribute is kept, the simpler test."),
    "linear.learner": ("Found from {start}, then {passes} passes of OC1's coordinate moves "
                       "(each moves one weight while the Gini index falls)."),
    "linear.start.fisher": ("Fisher's direction for the two heaviest classes of the rows known "
                            "in every attribute of the test"),
    "linear.start.axis": ("the direction of the attribute of the test whose own cut has the "
                          "lowest Gini index"),
    "linear.start.fisher.named": ("Fisher's direction between {first} and {second} (the two "
                                  "heaviest classes of the rows known in every attribute of the "
                                  "test)"),
    "linear.start.fisher.tied": ("Fisher's direction between {first} and {second} (of the rows "
                                 "known in every attribute of the test, the heaviest classes; "
                                 "{tied} weighing as much as {tied_with}, the classes first in the "
                                 "data are taken)"),
    "linear.start.axis.named": ("the direction of {attribute} alone (of the test's attributes, "
                                "the one whose own cut has the lowest Gini index)"),
}

ZH: dict[str, str] = {
    # core (H1)
    "algo.oblique": "斜决策树（多变量决策树，基尼指数）",
    "rule.oblique": ("“{attribute}”使基尼指数下降最多（在线性划分——连续属性的线性组合，"
                     "经 OC1 坐标调整——"
                     "与各单属性划分之中）：ρ·(Gini(D̃) − Gini_index) = {gini_gain}"
                     "（Gini_index 为 {value}；无缺失值时 ρ = 1）。两者相等时保留单属性划分。"),
    "rule.oblique.tied": ("单属性“{attribute}”与线性划分（连续属性的线性组合，经 OC1 坐标调整）"
                          "使基尼指数下降得一样多，且没有哪个单属性划分能使它下降得更多："
                          "ρ·(Gini(D̃) − Gini_index) = {gini_gain}（Gini_index 为 {value}；"
                          "无缺失值时 ρ = 1）。两者并列时保留更简单的单属性划分。"),
    "rule.oblique.tied.lihang": ("单属性“{attribute}”与线性划分（连续属性的线性组合，经 OC1 坐标"
                                 "调整）使基尼指数下降得一样多，且没有哪个单属性划分能使它下降得"
                                 "更多：ρ·(Gini(D̃) − Gini(D̃, A)) = {gini_gain}（Gini(D̃, A) 为 "
                                 "{value}；无缺失值时 ρ = 1）。两者并列时保留更简单的单属性划分。"),
    "rule.oblique.axis_only": ("“{attribute}”在各单属性划分中使基尼指数下降最多：ρ·(Gini(D̃) − "
                               "Gini_index) = {gini_gain}（Gini_index 为 {value}；无缺失值时 "
                               "ρ = 1）。此结点没有学到线性划分，因此没有与之比较。"),
    "rule.oblique.lihang": ("“{attribute}”使基尼指数下降最多（在线性划分——连续属性的线性组合，"
                            "经 OC1 坐标调整——与各单属性划分之中）：ρ·(Gini(D̃) − Gini(D̃, A)) = "
                            "{gini_gain}（Gini(D̃, A) 为 {value}；无缺失值时 ρ = 1）。两者相等时保留"
                            "单属性划分。"),
    "rule.oblique.axis_only.lihang": ("“{attribute}”在各单属性划分中使基尼指数下降最多："
                                      "ρ·(Gini(D̃) − Gini(D̃, A)) = {gini_gain}（Gini(D̃, A) 为 "
                                      "{value}；无缺失值时 ρ = 1）。此结点没有学到线性划分，因此"
                                      "没有与之比较。"),
    # UI (H2)
    "boundary.title": "决策区域",
    "boundary.show": "绘制决策区域，同时生成 {algorithm} 的决策树",
    "boundary.x": "横轴",
    "boundary.y": "纵轴",
    "boundary.panel.axis": "轴平行划分：{algorithm}，第 {step} 步（步骤编号 0–{total}）",
    "boundary.panel": "{algorithm}，第 {step} 步（步骤编号 0–{total}）",
    "boundary.caption": ("每块着色区域是决策树生长到这一步时在该处预测的类别：尚未划分的结点预测"
                         "其中样本最多的类。点为数据集中的样本，颜色表示其类别。轴平行决策树的分"
                         "类边界由若干与坐标轴平行的分段组成；斜决策树的结点可以斜着划分。"),
    "boundary.held": "其余属性固定为中位数（连续属性）或出现最多的取值（离散属性）：{values}。",
    "boundary.missing_rows": "{n} 个样本在这两个属性上有缺失值，未画出。",
    "boundary.other_step": ("{algorithm} 决策树显示第 {step} 步，即其最后一步"
                            "（步骤编号 0–{total}）：它的步数比这棵树少。"),
    "boundary.unavailable": "无法在此生成 {algorithm} 决策树：{reason}",
    "boundary.sample": ("图中画出 {rows} 个样本中的 {shown} 个（随机抽样，种子为 0）；"
                        "决策区域与画出哪些样本无关。"),
    "boundary.other_tree": "{algorithm} 决策树（第 {step} 步）",
    "boundary.book": ("《机器学习》中此数据集上的多变量决策树（§4.5）根结点的划分为 {book}；这棵"
                      "树根结点的划分为 {ours}。"),
    "boundary.book.scaled": ("w 与 t 同乘一个正数，划分不变；缩放到“{attribute}”的权重与书中相同"
                             "（{weight}）时，这棵树的线性划分为 {scaled}。"),
    "boundary.book.why": ("两者可能不同：书中没有说明 w 与 t 由哪种线性分类器求得，不同的学习方法"
                          "会得到不同的直线；这棵树从结点中样本最多的两类的 Fisher 判别方向（线性"
                          "判别分析）和最优单属性出发，逐个调整权重使基尼指数下降（OC1），再取基尼"
                          "指数最小的划分点。"),
    "boundary.book.axis": ("《机器学习》中此数据集上的多变量决策树（§4.5）根结点的划分为 {book}；"
                           "这棵树根结点的划分为“{root}”，此处无法进行线性划分。"),
    "boundary.book.leaf": "无（整棵树只有一个叶结点）",
    "boundary.book.leaf_root": ("《机器学习》中此数据集上的多变量决策树（§4.5）根结点的划分为 "
                                "{book}；这棵树的根结点是叶结点：{reason}"),
    "boundary.book.forced": ("《机器学习》中此数据集上的多变量决策树（§4.5）根结点的划分为 "
                             "{book}；这棵树的根结点被指定按“{root}”划分，因此根结点处没有学习"
                             "线性划分。"),
    "linear.header": "线性划分",
    "linear.test": "本结点的划分为 {test}。",
    "linear.col.weight": "权重 wᵢ",
    "linear.col.test": "划分",
    "linear.col.gini_gain": "ρ·(Gini(D̃) − Gini_index)",
    "linear.col.gini_gain.lihang": "ρ·(Gini(D̃) − Gini(D̃, A))",
    "linear.col.gini_index": "Gini_index",
    "linear.col.gini_index.lihang": "Gini(D̃, A)",
    "linear.row.linear": "线性划分：{test}",
    "linear.row.axis": "最优单属性划分：{attribute}",
    "linear.row.axis.tied": "最优单属性划分：{attribute}（并列：{ties}）",
    "linear.won": ("线性划分使基尼指数下降得比最优单属性划分更多（{linear} 对 {axis}），因此选用"
                   "线性划分；若两者相等，则保留单属性划分。"),
    "linear.won.tied": ("线性划分使基尼指数下降得比最优单属性划分更多（{linear} 对 {axis}；"
                        "并列最优的单属性：{attribute}、{ties}），因此选用线性划分；若与它们相等，则"
                        "保留单属性划分。"),
    "linear.no_axis": "此处没有可用的单属性划分：选用线性划分。",
    "boundary.book.tried": ("《机器学习》中此数据集上的多变量决策树（§4.5）根结点的划分为 {book}"
                            "；这棵树根结点的划分为“{root}”：在此尝试的线性划分 {ours} 没有使基尼"
                            "指数下降得更多，因此保留单属性划分。"),
    "boundary.book.agree": ("书中的划分与这个线性划分对 {rows} 个样本中的 {agree} 个分得一致："
                            "它们同时落在书中划分的 ≤ 一侧和这个划分的 {side} 一侧，或同时落在"
                            "两者的另一侧。"),
    "linear.header.tried": "在此尝试的线性划分",
    "linear.test.tried": "在此尝试了线性划分 {test}，但选用了单属性划分。",
    "linear.lost": ("单属性“{attribute}”使基尼指数下降得不少于线性划分（{axis} 对 {linear}），因"
                    "此保留单属性划分：两者相等时保留更简单的划分。"),
    "linear.tied": ("单属性“{attribute}”与线性划分使基尼指数下降得一样多（{axis} 对 {linear}）："
                    "两者并列，保留更简单的单属性划分。"),
    "linear.learner": ("由{start}出发，再经 {passes} 轮 OC1 坐标调整（每次调整一个权重，使基尼"
                       "指数下降）求得。"),
    "linear.start.fisher": "在划分的各属性上都有取值的样本中，权重最大的两类的 Fisher 判别方向",
    "linear.start.axis": "划分所用属性中，自身划分后基尼指数最低的那个属性的方向",
    "linear.start.fisher.named": ("区分“{first}”与“{second}”的 Fisher 判别方向（在划分的各属性上"
                                  "都有取值的样本中，权重最大的两类）"),
    "linear.start.fisher.tied": ("区分“{first}”与“{second}”的 Fisher 判别方向（在划分的各属性上"
                                 "都有取值的样本中权重最大的类；与“{tied_with}”权重相同的还有："
                                 "{tied}；取数据中先出现的类别）"),
    "linear.start.axis.named": ("只沿“{attribute}”的方向（划分所用属性中，自身划分后基尼指数最低"
                                "的那个）"),
}
