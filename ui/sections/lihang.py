"""Catalogue section: Li Hang's chapter 5 (统计学习方法, 决策树) beside Zhou's (see
ui/sections/__init__.py).

Li Hang's terms: 特征 (feature), 信息增益 g(D,A), 经验条件熵 H(D|A), 信息增益比 g_R(D,A),
特征 A 的值的熵 H_A(D), 阈值 ε, 单结点树 (single-node tree), 实例数最大的类. The symbols
themselves are data in dtree_core/notation.py, not words.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "algo.c45_lihang": "C4.5 (Li Hang: largest gain ratio, no mean filter)",
    "rule.max_gain_ratio": ("{attribute} has the largest information gain ratio, {ratio} "
                            "(Li Hang's C4.5, Alg. 5.3: no mean-gain filter)."),
    "stop.epsilon": ("The largest information gain ratio g_R(D, A_g) is below the threshold "
                     "ε (Li Hang, Alg. 5.3, step (4)): T is a single node labelled {label}, the "
                     "class with the most instances in D."),
    "stop.epsilon_gain": ("The largest information gain g(D, A_g) is below the threshold ε (Li "
                          "Hang, Alg. 5.2, step (4)): T is a single node labelled {label}, the "
                          "class with the most instances in D."),
    "stop.epsilon.compared": ("The largest information gain ratio, g_R(D, A_g) = {best}, is "
                              "below the threshold ε = {threshold} (Li Hang, Alg. 5.3, step "
                              "(4)): T is a single node labelled {label}, the class with the "
                              "most instances in D."),
    "stop.epsilon_gain.compared": ("The largest information gain, g(D, A_g) = {best}, is below "
                                   "the threshold ε = {threshold} (Li Hang, Alg. 5.2, step (4)): "
                                   "T is a single node labelled {label}, the class with the most "
                                   "instances in D."),
    # CART's min gain compared the decrease his score table heads (col.gini_gain.lihang)
    "stop.min_gain.gini.lihang": ("The largest decrease of the Gini index, ρ·(Gini(D̃) − "
                                  "Gini(D̃, A)), is below the minimum gain: a leaf labelled "
                                  "{label}, the majority."),
    "stop.min_gain.gini.compared.lihang": ("The largest decrease of the Gini index, ρ·(Gini(D̃) "
                                           "− Gini(D̃, A)) = {best}, is below the minimum gain "
                                           "{threshold}: a leaf labelled {label}, the majority."),
    "col.conditional_entropy": "H(D|A)",
    "setup.notation": "Notation: Zhou 周志华 / Li Hang 李航",
    "setup.notation.zhou": "Zhou 周志华: Ent, Gain, IV, Gain_ratio, Gini_index",
    "setup.notation.lihang": "Li Hang 李航: H, g, H(D|A), H_A(D), g_R, Gini(D,A)",
    "setup.notation.help": ("The same numbers in either book's symbols, in formulas, score "
                            "tables, the quiz and the worked solution. With min gain set, "
                            "ID3 is Li Hang's Alg. 5.2 and C4.5 (Li Hang) his Alg. 5.3: the "
                            "min gain is his threshold ε."),
    "ex.quiz.winner.max_gain_ratio": ("Which attribute wins? (C4.5 as Li Hang writes it: the "
                                      "largest Gain_ratio(D,a), no mean filter)"),
    "ex.quiz.winner.max_gain_ratio.lihang": ("Which feature wins? (Li Hang's C4.5, Alg. 5.3: "
                                             "the largest g_R(D,A), no mean filter)"),
    # Li Hang's Gini(D, A=a) names the two-way split: his notation has no multiway reading
    "ex.quiz.intro.lihang": ("Before each step of growing the tree: predict which feature wins, or "
                             "compute one number. The questions follow the seed; a number "
                             "counts when it is within the tolerance of the exact value, or, "
                             "as Check my numbers counts it, of the value rounding each step "
                             "to 3 decimals gives; the grade says which. Each hint starts the "
                             "formula."),
    "ex.quiz.winner.gain.lihang": "Which feature wins? (ID3, Alg. 5.2: the largest g(D,A))",
    "ex.quiz.winner.gain_ratio.lihang": ("Which feature wins? (C4.5: among those with g(D,A) at "
                                         "least the mean, the largest g_R(D,A))"),
    "ex.quiz.winner.gini_index.lihang": ("Which feature wins? (CART: the smallest Gini(D,A), "
                                         "eq. 5.25)"),
    "ex.quiz.winner.gini_gain.lihang": ("Which feature wins? (CART, values missing here: the "
                                        "largest ρ·(Gini(D̃) − Gini(D̃, A)), ρ the share of "
                                        "instances whose value of A is known)"),
    "ex.quiz.winner.min_gain_worst.lihang": ("Which feature wins? (Worst, a baseline: the "
                                             "smallest g(D,A))"),
    "ex.quiz.winner.oblique.lihang": ("Which feature wins? (Oblique tree: of the linear test "
                                      "and each single feature's test, the largest "
                                      "ρ·(Gini(D̃) − Gini(D̃, A)); at this node a single "
                                      "feature's test wins)"),
    # The node panel's words in Li Hang's symbols: ui.panel looks up `<key>.lihang` first
    # when his notation is chosen (Zhou's keys are the words without the suffix).
    "col.above_average.lihang": "g(D, A) ≥ mean",
    "col.gini_index_multiway.lihang": "Gini(D, A) (multiway, Zhou eq. 4.6)",
    "col.gini_gain.lihang": "ρ·(Gini(D̃) − Gini(D̃, A))",
    "rule.c45_gain_ratio.lihang": ("Of the {passed} features whose information gain g(D, A) "
                                   "is at least the mean ({mean}), {attribute} has the "
                                   "largest information gain ratio g_R(D, A), {ratio}."),
    # CART's words as the node's score rows read (ui.panel._rule_key, as the CLI's): Alg.
    # 5.6's smallest Gini(D, A) where no value is missing (.complete); where values are
    # missing Li Hang has no rule, so the code's ρ-weighted decrease on D̃ is said as it is,
    # with the chosen row's numbers (.missing); a trace kept without scores (an outline)
    # tells neither, and its words name no number
    "rule.min_gini.lihang": ("{algorithm} takes the split that lowers the Gini index most: "
                             "{attribute}. Where no value is missing, that is the smallest "
                             "Gini index Gini(D, A) (Li Hang, Alg. 5.6, step (2)); this trace "
                             "keeps no scores to tell whether values are missing here."),
    "rule.min_gini.missing.lihang": (
        "{algorithm} takes the split that lowers the Gini index most. Values are missing here, "
        "and Li Hang gives no rule for them: each feature's Gini(D̃) and Gini(D̃, A) are "
        "computed on D̃, the instances whose value of A is known, and the decrease is weighted "
        "by their share ρ, as Zhou §4.4.2 weights the gain, so the smallest Gini(D̃, A) need "
        "not win. The largest ρ·(Gini(D̃) − Gini(D̃, A)) is {attribute}'s, {gini_gain} "
        "(ρ = {rho}, Gini(D̃) = {gini_known}, Gini(D̃, {attribute}) = {gini})."),
    "rule.min_gini.complete.lihang": ("Among all features and their cut points, {attribute} "
                                      "has the smallest Gini index Gini(D, A), {gini} (Alg. "
                                      "5.6, step (2))."),
    # the chosen split puts several values on each side (export.partition_sides): no cut
    # point A = a, so the words above would not describe it
    "rule.min_gini.partition.lihang": (
        "Among all features and the two-way partitions of their values, {attribute} has the "
        "smallest Gini index Gini(D, A), {gini} (Alg. 5.6, step (2)). Its split puts the "
        "values D holds, {left} against {right}, more than one on each side, so it is none of "
        "Li Hang's cut points A = a: this tree searches the partitions (Breiman's CART), his "
        "cut points among them."),
    "lihang.value_splits.title": ("Gini(D, A=a): each attribute split by A = a or not (Li Hang, "
                                  "Example 5.4)"),
    "lihang.value_splits.value": "value a",
    "lihang.value_splits.gini": "Gini(D, A=a)",
    "lihang.value_splits.feature": "attribute A",
    "lihang.value_splits.smallest": ("Smallest among the nominal attributes: {pairs} ({gini}). "
                                     "Li Hang's CART (Alg. 5.6) takes the smallest Gini(D, "
                                     "A=a) over every attribute and cut point. This tree {cuts}, "
                                     "and splits a nominal attribute by the best partition of "
                                     "its values it finds ({column}), which may put several "
                                     "values on each side; with two or three values, every "
                                     "partition is A = a against A ≠ a."),
    "lihang.value_splits.cuts": "cuts a continuous attribute at a threshold t",
    "lihang.value_splits.cuts.linear": ("cuts continuous attributes at a threshold t, one alone "
                                        "or a linear combination Σ wᵢ·aᵢ ≤ t"),
    "lihang.value_splits.same_split": ("An attribute of two values appears twice: its A = a and "
                                       "A = b are one split."),
    "lihang.value_splits.known": ("An attribute with missing values is counted on D̃, its rows "
                                  "whose value is known (Zhou §4.4.2; Li Hang's data have no "
                                  "missing values): its numbers here are Gini(D̃, A=a). "
                                  "{algorithm} ranks by ρ·(Gini(D̃) − Gini(D̃, A)), ρ the known "
                                  "share, so the smallest here need not be the split it makes."),
    "lesson.two_way.lihang": ("{algorithm} splits a nominal feature in two, so its g(D, A), "
                              "H_A(D), g_R(D, A) and Gini(D, A) are those of the best two-way "
                              "split (Li Hang's Gini(D, A), eq. 5.25, is such a split); Zhou's "
                              "Gini index (eq. 4.6) has one branch per value: the multiway "
                              "column."),
    "lesson.cart.smaller_loses.lihang": ("{loser} has the smaller Gini(D̃, {loser}) "
                                         "({loser_gini}), yet {loser}'s "
                                         "ρ·(Gini(D̃) − Gini(D̃, {loser})) = {loser_rho} × "
                                         "({loser_known} − {loser_gini}) = {loser_gain} is less "
                                         "than {winner}'s {winner_gain}: with missing values "
                                         "CART weighs the decrease by ρ, so the smallest "
                                         "Gini(D̃, A) need not win."),
    "lesson.cart.smaller_loses.purer.lihang": (
        "{loser} has the smaller Gini(D̃, {loser}) ({loser_gini}), yet {loser}'s "
        "ρ·(Gini(D̃) − Gini(D̃, {loser})) = {loser_rho} × ({loser_known} − {loser_gini}) = "
        "{loser_gain} is less than {winner}'s {winner_gain}: {loser}'s instances with a known "
        "value are purer to begin with (Gini(D̃) = {loser_known} against {winner_known}), so "
        "its split lowers the Gini index less, ρ aside; CART ranks by the decrease, so the "
        "smallest Gini(D̃, A) need not win."),
    "lesson.known.lihang": ("With missing values, g(D, A) is computed on D̃, the samples whose "
                            "{attribute} is known (Zhou eqs. 4.9–4.12; Li Hang has no missing "
                            "values):"),
    "lesson.iv.unknown.lihang": ("H_A(D) counts the samples whose {attribute} is missing as one "
                                 "more branch (Quinlan's C4.5, as Weka's J48 does): the last "
                                 "term, share {share}. Zhou's eq. 4.4 has no such term."),
    "lesson.c45.at_mean.lihang": ("The g(D, A) of {attributes} equals the mean ({mean}) exactly. "
                                  "Zhou says C4.5 keeps the attributes with gain higher than "
                                  "average; this app keeps the features with g(D, A) ≥ the mean, "
                                  "as Quinlan's C4.5 does: with “>” they would be left out here, "
                                  "and when all gains are equal no feature would pass at all."),
    "lesson.c45.all_equal.lihang": ("Every candidate feature's g(D, A) equals the mean "
                                    "({mean}): with Zhou's “higher than average” no feature "
                                    "would pass the filter; with g(D, A) ≥ the mean, as "
                                    "Quinlan's C4.5 does, all of them pass."),
    "lesson.impurity.entropy.lihang": "H (entropy)",
    "lesson.impurity.gini.lihang": "Gini",
    "cmp.col.gini_multiway.lihang": "Gini(D, A) (multiway)",
    "cmp.col.gini_binary.lihang": "Gini(D, A) (best binary)",
    "lesson.impurity.two.lihang": ("Two classes: all three are 0 for a pure node and largest at "
                                   "p = 0.5 (H 1, Gini 0.5, misclassification 0.5). H and Gini "
                                   "are smooth and strictly concave, so every split that changes "
                                   "the class shares lowers them; misclassification impurity can "
                                   "stay unchanged (Duda et al. §8.3.2). Li Hang: "
                                   "0 ≤ H(p) ≤ log n."),
    "lesson.impurity.many.lihang": ("{k} classes: each measure with its maximum, reached when "
                                    "every class has the same share (K classes: H ≤ log₂K, "
                                    "Gini ≤ 1 − 1/K)."),
    "ex.verdict.two_decimals": "✓ right (to two decimals, as Li Hang prints it)",
    # Zhou's multiway reading: {multiway_name} has no value (Gini(D, 纹理)), where the row's
    # {quantity} names its two-way split (Gini(D, 纹理=清晰)); g, H_A, g_R are Li Hang's symbols
    "ex.line.multiway.lihang": ("Line {line}: {given} is {multiway_name} with one branch per "
                                "value of {attribute} (Zhou's eq. {equation}) ✓. This tree "
                                "splits {attribute} two ways: its {quantity} = {exact} is that "
                                "of the best two-way split."),
    "ex.line.multiway_rounded.lihang": ("Line {line}: {given} is {multiway_name} with one "
                                        "branch per value of {attribute} (Zhou's eq. "
                                        "{equation}), rounded early as the book does: rounding "
                                        "each step to 3 decimals gives {multiway_rounded}, "
                                        "exactly it is {multiway} ✓. This tree splits "
                                        "{attribute} two ways: its {quantity} = {exact} is that "
                                        "of the best two-way split."),
    "ex.line.two_decimals": ("Line {line}: {quantity} = {given} is the exact {exact} to two "
                             "decimals, as Example 5.4 prints it."),
    "ex.slip.entropy_for_iv.lihang": ("{given} is H(D), the entropy of the classes; H_A(D) is "
                                      "the entropy of the feature's values: the shares "
                                      "|Dᵢ|/|D|."),
    "ex.slip.gain_for_ratio.lihang": ("{given} is g(D,A) itself; the information gain ratio "
                                      "divides it by H_A(D)."),
    "ex.slip.ratio_inverted.lihang": "{given} is H_A(D)/g(D,A): the fraction is upside down.",
    "ex.slip.missing_branch_of_iv.lihang": ("{given} leaves out the term of {branch}: H_A(D) "
                                            "sums over all {branches} branches and the samples "
                                            "whose {attribute} is unknown, share {share}, as one "
                                            "more (Quinlan's C4.5)."),
    "ex.slip.missing_unknown_term.lihang": ("{given} leaves out H_A(D)'s last term: the samples "
                                            "whose {attribute} is unknown, share {share}, count "
                                            "as one more branch (Quinlan's C4.5, as this app "
                                            "computes H_A(D))."),
    "ex.slip.gini_for_index.lihang": ("{given} is Gini(D) of the whole node; Gini(D,A) weights "
                                      "the Gini(Dᵢ) of the parts by |Dᵢ|/|D|."),
    "ex.slip.entropy_after_for_gain.lihang": ("{given} is H(D|A) = Σᵢ |Dᵢ|/|D|·H(Dᵢ), the "
                                              "empirical conditional entropy; the gain "
                                              "subtracts it from H(D)."),
    # Gini(D̃, A), read as his Gini index on D̃ (eq. 5.25): the number is not D̃'s own either
    "ex.slip.gini_reading.lihang": ("Gini(D̃, {attribute}) is read as the Gini index on D̃, the "
                                    "samples whose {attribute} is known, after the split (eq. "
                                    "5.25); nor is {given} the Gini index of D̃ itself, "
                                    "Gini(D̃) = {known} (eq. 5.24)."),
    "ex.formula.entropy.lihang": "−Σₖ |Cₖ|/|D|·log₂(|Cₖ|/|D|)",
    "ex.formula.iv.lihang": "−Σᵢ |Dᵢ|/|D|·log₂(|Dᵢ|/|D|)",
    "ex.name.conditional_entropy.lihang": "{name}",  # H(D|色泽) names its feature
    "preset.criterion.gain.lihang": "g(D, A)",
    "preset.criterion.gain_ratio.lihang": "g_R(D, A)",
    "preset.criterion.gini_index.lihang": "Gini(D, A)",
    "preset.fact.rho.lihang": ("At the root, {attribute}: ρ = {rho:.3f} (the share of weight "
                               "with a known value), Gini(D̃, A) on the known rows = "
                               "{gini_index:.3f}."),
    "ex.line.unparsed.lihang": ("Line {line} is not read: write one quantity per line, such as "
                                "g(D,色泽) = 0.108."),
    "ex.line.needs_attribute.lihang": ("Line {line}: name the feature, as in g(D,色泽) or "
                                       "H_色泽(D)."),
    "ex.line.needs_attribute.set.lihang": (
        "Line {line}: {set} is taken for one feature A (D̃: the samples whose value of A is "
        "known; Dᵢ: those with A's i-th value), so its number depends on A: name the feature "
        "on its line, as in H(D₁, 色泽) or g(D̃, 色泽), or on a line before or after it, as in "
        "g(D,色泽)."),
    "ex.check.intro.lihang": ("One quantity per line, in Li Hang's symbols: H(D) = 0.998, "
                              "g(D,色泽) = 0.109, H(D|色泽) = 0.889, H_色泽(D) = 1.580, "
                              "g_R(D,色泽) = 0.068, Gini(D,色泽=青绿) = 0.497 (eq. 5.25), a "
                              "continuous feature's g(D,含糖率,0.126) = 0.349. His Chinese "
                              "names work too (经验熵, 经验条件熵, 信息增益, 信息增益比, "
                              "基尼指数), and Zhou's Ent(D), Gain(D,a), IV(a), Gain_ratio(D,a), "
                              "Gini_index(D,a)."),
    "cmp.binary_only.lihang": ("Only trees of two-way splits (CART's) have this node, so "
                               "g(D, A), H_A(D) and g_R(D, A) are for their two-way splits."),
    "cmp.binary_elsewhere.lihang": ("{column} of a continuous feature is that of its cut with "
                                    "the lowest Gini(D, A), which is not the t in its row: "
                                    "{items}."),
}

ZH: dict[str, str] = {
    "algo.c45_lihang": "C4.5（李航：信息增益比最大，不经平均增益筛选）",
    "rule.max_gain_ratio": ("{attribute} 的信息增益比最大，为 {ratio}"
                            "（李航书中的 C4.5，算法 5.3：不经平均增益筛选）。"),
    "stop.epsilon": ("最大的信息增益比 g_R(D, A_g) 小于阈值 ε（李航，算法 5.3 步 (4)）：T 为单"
                     "结点树，类标记为 D 中实例数最大的类“{label}”。"),
    "stop.epsilon_gain": ("最大的信息增益 g(D, A_g) 小于阈值 ε（李航，算法 5.2 步 (4)）：T 为单结点"
                          "树，类标记为 D 中实例数最大的类“{label}”。"),
    "stop.epsilon.compared": ("最大的信息增益比 g_R(D, A_g) = {best} 小于阈值 ε = {threshold}"
                              "（李航，算法 5.3 步 (4)）：T 为单结点树，类标记为 D 中实例数最大的类"
                              "“{label}”。"),
    "stop.epsilon_gain.compared": ("最大的信息增益 g(D, A_g) = {best} 小于阈值 ε = {threshold}"
                                   "（李航，算法 5.2 步 (4)）：T 为单结点树，类标记为 D 中实例数"
                                   "最大的类“{label}”。"),
    "stop.min_gain.gini.lihang": ("基尼指数的最大减少量 ρ·(Gini(D̃) − Gini(D̃, A)) 低于最小增益："
                                  "标记为叶结点，其类别为样本数最多的类“{label}”。"),
    "stop.min_gain.gini.compared.lihang": ("基尼指数的最大减少量 ρ·(Gini(D̃) − Gini(D̃, A)) = {best}"
                                           " 低于最小增益 {threshold}：标记为叶结点，其类别为"
                                           "样本数最多的类“{label}”。"),
    "col.conditional_entropy": "H(D|A)",
    "setup.notation": "符号：周志华 / 李航",
    "setup.notation.zhou": "周志华：Ent、Gain、IV、Gain_ratio、Gini_index",
    "setup.notation.lihang": "李航：H、g、H(D|A)、H_A(D)、g_R、Gini(D,A)",
    "setup.notation.help": ("同样的数值，用两本书各自的符号显示于公式、得分表、测验和手算过程中。"
                            "设置最小增益时，ID3 即李航的算法 5.2，C4.5（李航）即其算法 5.3："
                            "最小增益就是书中的阈值 ε。"),
    "ex.quiz.winner.max_gain_ratio": ("哪个属性被选为划分属性？（李航书中的 C4.5：增益率 "
                                      "Gain_ratio(D,a) 最高，不经平均增益筛选）"),
    "ex.quiz.winner.max_gain_ratio.lihang": ("哪个特征被选为最优特征？（李航书中的 C4.5，算法 5.3："
                                             "信息增益比 g_R(D,A) 最大，不经平均增益筛选）"),
    "ex.quiz.intro.lihang": ("在生成决策树的每一步之前：预测哪个特征被选为最优特征，或算出一个"
                             "数值。题目由随机种子决定；数值与精确值相差不超过容差即算正确；与"
                             "“核对我的计算”一样，与每步先舍入到 3 位小数所得的值相差不超过容差"
                             "也算正确，评分时会注明按哪种情况算对。每个提示给出公式的开头。"),
    "ex.quiz.winner.gain.lihang": "哪个特征被选为最优特征？（ID3，算法 5.2：信息增益 g(D,A) 最大）",
    "ex.quiz.winner.gain_ratio.lihang": ("哪个特征被选为最优特征？（C4.5：在信息增益 g(D,A) 不低于"
                                         "平均值的特征中，信息增益比 g_R(D,A) 最大）"),
    "ex.quiz.winner.gini_index.lihang": ("哪个特征被选为最优特征？（CART：基尼指数 Gini(D,A) "
                                         "最小，式 5.25）"),
    "ex.quiz.winner.gini_gain.lihang": ("哪个特征被选为最优特征？（CART，此处有缺失值："
                                        "ρ·(Gini(D̃) − Gini(D̃, A)) 最大，ρ 为特征 A 上无缺失值"
                                        "样本所占的比例）"),
    "ex.quiz.winner.min_gain_worst.lihang": ("哪个特征被选为划分特征？（最差基线：信息增益 "
                                             "g(D,A) 最小）"),
    "ex.quiz.winner.oblique.lihang": ("哪个特征被选为最优特征？（斜决策树：在线性划分与各单特征"
                                      "划分中，取 ρ·(Gini(D̃) − Gini(D̃, A)) 最大者；此结点选中"
                                      "的是单特征划分）"),
    "col.above_average.lihang": "g(D, A) ≥ 平均值",
    "col.gini_index_multiway.lihang": "Gini(D, A)（多路，周志华式 4.6）",
    "col.gini_gain.lihang": "ρ·(Gini(D̃) − Gini(D̃, A))",
    "rule.c45_gain_ratio.lihang": ("在信息增益 g(D, A) 不低于平均值（{mean}）的特征（有 {passed} "
                                   "个）中，{attribute} 的信息增益比 g_R(D, A) 最大，为 {ratio}。"),
    "rule.min_gini.lihang": ("{algorithm} 选择使基尼指数下降最多的划分：{attribute}。没有缺失值"
                             "时，这就是基尼指数 Gini(D, A) 最小的特征及其切分点（李航，算法 "
                             "5.6 步 (2)）；这份记录没有保存得分，无法判断此处是否有缺失值。"),
    "rule.min_gini.missing.lihang": (
        "{algorithm} 选择使基尼指数下降最多的划分。此处有缺失值，李航书中没有处理缺失值的规则："
        "各特征的 Gini(D̃) 与 Gini(D̃, A) 在 D̃（特征 A 取值已知的实例）上计算，下降量再乘以这些"
        "实例所占的比例 ρ（同周志华 §4.4.2 对信息增益的加权），所以 Gini(D̃, A) 最小的特征未必"
        "胜出。ρ·(Gini(D̃) − Gini(D̃, A)) 最大的是 {attribute}，为 {gini_gain}（ρ = {rho}，"
        "Gini(D̃) = {gini_known}，Gini(D̃, {attribute}) = {gini}）。"),
    "rule.min_gini.complete.lihang": ("在所有特征及其切分点中，{attribute} 的基尼指数 Gini(D, A) "
                                      "最小，为 {gini}（算法 5.6 步 (2)）。"),
    "rule.min_gini.partition.lihang": (
        "在所有特征及其取值的所有二分划分中，{attribute} 的基尼指数 Gini(D, A) 最小，为 {gini}"
        "（算法 5.6 步 (2)）。它把 D 中的取值分为 {left} 对 {right}，两侧都不止一个取值，"
        "因而不是李航的切分点 A = a：本树搜索取值的二分划分（Breiman 的 CART），其中包括李航"
        "的切分点。"),
    "lihang.value_splits.title": "Gini(D, A=a)：按属性 A 是否取 a 二分（李航例 5.4）",
    "lihang.value_splits.value": "取值 a",
    "lihang.value_splits.gini": "Gini(D, A=a)",
    "lihang.value_splits.feature": "属性 A",
    "lihang.value_splits.smallest": ("离散属性中最小的是 {pairs}（{gini}）。李航的 CART（算法 5.6）"
                                     "在所有属性及其所有可能的切分点中取 Gini(D, A=a) 最小者。"
                                     "这棵树{cuts}，对离散属性采用它找到的最优取值二分"
                                     "（{column}），每一侧可有多个取值；取值只有两三个时，每种"
                                     "二分都是 A=a 与 A≠a。"),
    "lihang.value_splits.cuts": "对连续属性取切分点 t 切分",
    "lihang.value_splits.cuts.linear": ("对连续属性取切分点 t 切分（单个属性，或线性组合 "
                                        "Σ wᵢ·aᵢ ≤ t）"),
    "lihang.value_splits.same_split": ("只有两个取值的属性出现两行：A=a 与 A=b 是同一种切分"
                                       "（把 D 分成同样的两部分）。"),
    "lihang.value_splits.known": ("有缺失值的属性只按 D̃（该属性取值已知的样本）计算（周志华 "
                                  "§4.4.2；李航的数据没有缺失值）：这里它的值是 Gini(D̃, A=a)。"
                                  "{algorithm} 按 ρ·(Gini(D̃) − Gini(D̃, A)) 排序（ρ 为取值已知样本的"
                                  "比例），所以这里最小的未必是它所做的划分。"),
    "lesson.two_way.lihang": ("{algorithm} 把离散特征二分，所以它的 g(D, A)、H_A(D)、g_R(D, A) "
                              "和 Gini(D, A) 都是最优二分划分的值（李航式 5.25 的 Gini(D, A) "
                              "正是这样的二分）；周志华式 4.6 的基尼指数每个取值一个分支："
                              "见多路那一列。"),
    "lesson.cart.smaller_loses.lihang": ("{loser} 的基尼指数 Gini(D̃, {loser}) 更小"
                                         "（{loser_gini}），但 {loser} 的 "
                                         "ρ·(Gini(D̃) − Gini(D̃, {loser})) = {loser_rho} × "
                                         "({loser_known} − {loser_gini}) = {loser_gain}，小于 "
                                         "{winner} 的 {winner_gain}：有缺失值时 CART 用 ρ 加权"
                                         "基尼指数的下降量，所以 Gini(D̃, A) 最小的特征不一定"
                                         "胜出。"),
    "lesson.cart.smaller_loses.purer.lihang": (
        "{loser} 的基尼指数 Gini(D̃, {loser}) 更小（{loser_gini}），但 {loser} 的 "
        "ρ·(Gini(D̃) − Gini(D̃, {loser})) = {loser_rho} × ({loser_known} − {loser_gini}) = "
        "{loser_gain}，小于 {winner} 的 {winner_gain}：{loser} 上取值已知的实例本来就更纯"
        "（Gini(D̃) 为 {loser_known}，{winner} 的为 {winner_known}），即使不计 ρ，它的划分使"
        "基尼指数下降得也更少；CART 按下降量排序，所以 Gini(D̃, A) 最小的特征不一定胜出。"),
    "lesson.known.lihang": ("有缺失值时，信息增益 g(D, A) 在 D̃ 上计算，即在 {attribute} 上没有"
                            "缺失值的样本子集（周志华式 4.9–4.12；李航书中不讨论缺失值）："),
    "lesson.iv.unknown.lihang": ("H_A(D) 把 {attribute} 缺失的样本算作多出的一个分支（Quinlan 的 "
                                 "C4.5，Weka 的 J48 也如此）：最后一项，比例 {share}。"
                                 "周志华式 4.4 没有这一项。"),
    "lesson.c45.at_mean.lihang": ("{attributes} 的信息增益 g(D, A) 恰好等于平均值（{mean}）。"
                                  "周志华书上说 C4.5 先找出信息增益高于平均水平的⟦属性⟧；本应用与 "
                                  "Quinlan 的 C4.5 一样保留 g(D, A) ≥ 平均值的特征：若用“>”，"
                                  "此处它们会被排除，而所有信息增益相等时没有特征能通过。"),
    "lesson.c45.all_equal.lihang": ("每个候选特征的信息增益 g(D, A) 都等于平均值（{mean}）：按"
                                    "周志华书上的“高于平均水平”没有特征能通过；按 Quinlan 的 "
                                    "C4.5 取 g(D, A) ≥ 平均值，全部通过。"),
    "lesson.impurity.entropy.lihang": "H（熵）",
    # Li Hang calls Gini(p) 基尼指数 (def. 5.4); 基尼值 is Zhou's word
    "lesson.impurity.gini.lihang": "Gini（基尼指数）",
    "cmp.col.gini_multiway.lihang": "Gini(D, A)（多路划分）",
    "cmp.col.gini_binary.lihang": "Gini(D, A)（最优二分）",
    "lesson.impurity.two.lihang": ("两个类别：三者在纯结点处都为 0，在 p = 0.5 处最大（H 为 1，"
                                   "Gini 为 0.5，误分类不纯度为 0.5）。H 和 Gini 光滑且严格凹，"
                                   "凡改变类别比例的划分都会使它们下降；误分类不纯度则可能不变"
                                   "（Duda 等 §8.3.2）。李航：0 ≤ H(p) ≤ log n。"),
    "lesson.impurity.many.lihang": ("{k} 个类别：各不纯度及其最大值，在各类比例相同时取得"
                                    "（K 个类：H ≤ log₂K，Gini ≤ 1 − 1/K）。"),
    "ex.verdict.two_decimals": "✓ 正确（同李航书中一样保留两位小数）",
    "ex.line.multiway.lihang": ("第 {line} 行：{given} 是按 {attribute} 多路划分（每个取值一个"
                                "分支）的 {multiway_name}（周志华书中式 {equation}）✓。这棵树把 "
                                "{attribute} 二分：它的 {quantity} = {exact} 是最优二分划分的值。"),
    "ex.line.multiway_rounded.lihang": ("第 {line} 行：{given} 是按 {attribute} 多路划分（每个"
                                        "取值一个分支）的 {multiway_name}（周志华书中式 "
                                        "{equation}），且同周志华书中一样提前舍入：每步先舍入"
                                        "到 3 位小数得 {multiway_rounded}，精确值为 {multiway} ✓。"
                                        "这棵树把 {attribute} 二分：它的 {quantity} = {exact} 是"
                                        "最优二分划分的值。"),
    "ex.line.two_decimals": ("第 {line} 行：{quantity} = {given} 是精确值 {exact} 保留两位小数"
                             "的结果，同例 5.4 的写法。"),
    "ex.slip.entropy_for_iv.lihang": ("{given} 是经验熵 H(D)，即类别的熵；H_A(D) 是特征 A 的"
                                      "值的熵，所用比例为 |Dᵢ|/|D|。"),
    "ex.slip.gain_for_ratio.lihang": "{given} 就是信息增益 g(D,A)；信息增益比还要除以 H_A(D)。",
    "ex.slip.ratio_inverted.lihang": "{given} 是 H_A(D)/g(D,A)：分子分母颠倒了。",
    "ex.slip.missing_branch_of_iv.lihang": ("{given} 漏掉了 {branch} 这一项：H_A(D) 应遍历全部 "
                                            "{branches} 个分支，再加上 {attribute} 缺失的样本这一"
                                            "项，比例 {share}（Quinlan 的 C4.5）。"),
    "ex.slip.missing_unknown_term.lihang": ("{given} 漏掉了 H_A(D) 的最后一项：{attribute} 缺失的"
                                            "样本算作多出的一个分支，比例 {share}（Quinlan 的 "
                                            "C4.5，本应用的 H_A(D) 也这样算）。"),
    "ex.slip.gini_for_index.lihang": ("{given} 是整个结点的基尼指数 Gini(D)；Gini(D,A) 是各部分 "
                                      "Gini(Dᵢ) 按 |Dᵢ|/|D| 的加权和。"),
    "ex.slip.entropy_after_for_gain.lihang": ("{given} 是经验条件熵 H(D|A) = "
                                              "Σᵢ |Dᵢ|/|D|·H(Dᵢ)；信息增益是 H(D) 减去它。"),
    "ex.slip.gini_reading.lihang": ("Gini(D̃, {attribute}) 理解为在 D̃（特征 {attribute} 取值已知"
                                    "的实例）上按 {attribute} 划分后的基尼指数（式 5.25）；"
                                    "{given} 也不是 D̃ 本身的基尼指数 Gini(D̃) = {known}"
                                    "（式 5.24）。"),
    "ex.formula.entropy.lihang": "−Σₖ |Cₖ|/|D|·log₂(|Cₖ|/|D|)",
    "ex.formula.iv.lihang": "−Σᵢ |Dᵢ|/|D|·log₂(|Dᵢ|/|D|)",
    "ex.name.conditional_entropy.lihang": "{name}",  # H(D|色泽) names its feature
    "preset.criterion.gain.lihang": "信息增益 g(D, A)",
    "preset.criterion.gain_ratio.lihang": "信息增益比 g_R(D, A)",
    "preset.criterion.gini_index.lihang": "基尼指数 Gini(D, A)",
    "preset.fact.rho.lihang": ("根结点按 {attribute} 划分：ρ = {rho:.3f}"
                               "（取值已知实例的权重占比），"
                               "在取值已知的实例上 Gini(D̃, A) = {gini_index:.3f}。"),
    "ex.line.unparsed.lihang": "第 {line} 行无法识别：请每行写一个量，例如 g(D,色泽) = 0.108。",
    "ex.line.needs_attribute.lihang": "第 {line} 行：请写出特征，例如 g(D,色泽) 或 H_色泽(D)。",
    "ex.line.needs_attribute.set.lihang": (
        "第 {line} 行：{set} 是针对某个特征 A 而言的（D̃：特征 A 取值已知的实例；Dᵢ：A 取第 i "
        "个值的实例），它的数值随 A 而变：请在这一行写出特征，例如 H(D₁, 色泽) 或 g(D̃, 色泽)，"
        "或在它前后的一行写出，例如 g(D,色泽)。"),
    "ex.check.intro.lihang": ("每行写一个量，用李航书中的符号：H(D) = 0.998、g(D,色泽) = 0.109、"
                              "H(D|色泽) = 0.889、H_色泽(D) = 1.580、g_R(D,色泽) = 0.068、"
                              "Gini(D,色泽=青绿) = 0.497（式 5.25），连续特征的 "
                              "g(D,含糖率,0.126) = 0.349。也可写中文名称（经验熵、经验条件熵、"
                              "信息增益、信息增益比、基尼指数），或周志华书中的 Ent(D)、"
                              "Gain(D,a)、IV(a)、Gain_ratio(D,a)、Gini_index(D,a)。"),
    "cmp.binary_only.lihang": ("只有二分划分的树（CART）有这个结点，所以 g(D, A)、H_A(D) 和 "
                               "g_R(D, A) 都是针对它们的二分划分计算的。"),
    "cmp.binary_elsewhere.lihang": ("连续特征的 {column} 取在基尼指数 Gini(D, A) 最小的切分点，"
                                    "与同一行的 t 不是同一个切分点：{items}。"),
}
