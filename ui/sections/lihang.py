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
    "stop.epsilon": ("The largest information gain ratio g_R(D,A) is below the threshold ε "
                     "(Li Hang, Alg. 5.3): a single-node tree labelled {label}, the class with "
                     "the most instances."),
    "stop.epsilon_gain": ("The largest information gain g(D,A) is below the threshold ε (Li "
                          "Hang, Alg. 5.2): a single-node tree labelled {label}, the class "
                          "with the most instances."),
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
    "ex.quiz.winner.gain.lihang": "Which feature wins? (ID3, Alg. 5.2: the largest g(D,A))",
    "ex.quiz.winner.gain_ratio.lihang": ("Which feature wins? (C4.5: among those with g(D,A) at "
                                         "least the mean, the largest g_R(D,A))"),
    "ex.quiz.winner.gini_index.lihang": ("Which feature wins? (CART: the smallest Gini(D,A), "
                                         "eq. 5.25)"),
    "ex.verdict.two_decimals": "✓ right (to two decimals, as Li Hang prints it)",
    "ex.line.two_decimals": ("Line {line}: {quantity} = {given} is the exact {exact} to two "
                             "decimals, as Example 5.4 prints it."),
}

ZH: dict[str, str] = {
    "algo.c45_lihang": "C4.5（李航：信息增益比最大，不经平均增益筛选）",
    "rule.max_gain_ratio": ("{attribute} 的信息增益比最大，为 {ratio}"
                            "（李航书中的 C4.5，算法 5.3：不经平均增益筛选）。"),
    "stop.epsilon": ("最大的信息增益比 g_R(D,A) 小于阈值 ε（李航，算法 5.3）：单结点树，"
                     "类别标记为实例数最大的类“{label}”。"),
    "stop.epsilon_gain": ("最大的信息增益 g(D,A) 小于阈值 ε（李航，算法 5.2）：单结点树，"
                          "类别标记为实例数最大的类“{label}”。"),
    "col.conditional_entropy": "H(D|A)",
    "setup.notation": "符号：周志华 Zhou / 李航 Li Hang",
    "setup.notation.zhou": "周志华：Ent、Gain、IV、Gain_ratio、Gini_index",
    "setup.notation.lihang": "李航：H、g、H(D|A)、H_A(D)、g_R、Gini(D,A)",
    "setup.notation.help": ("同样的数值，用两本书各自的符号显示于公式、得分表、测验和手算过程中。"
                            "设置最小增益时，ID3 即李航的算法 5.2，C4.5（李航）即其算法 5.3："
                            "最小增益就是书中的阈值 ε。"),
    "ex.quiz.winner.max_gain_ratio": ("哪个属性被选为划分属性？（李航书中的 C4.5：增益率 "
                                      "Gain_ratio(D,a) 最高，不经平均增益筛选）"),
    "ex.quiz.winner.max_gain_ratio.lihang": ("哪个特征被选为最优特征？（李航书中的 C4.5，算法 5.3："
                                             "信息增益比 g_R(D,A) 最大，不经平均增益筛选）"),
    "ex.quiz.winner.gain.lihang": "哪个特征被选为最优特征？（ID3，算法 5.2：信息增益 g(D,A) 最大）",
    "ex.quiz.winner.gain_ratio.lihang": ("哪个特征被选为最优特征？（C4.5：在信息增益 g(D,A) 不低于"
                                         "平均值的特征中，信息增益比 g_R(D,A) 最大）"),
    "ex.quiz.winner.gini_index.lihang": ("哪个特征被选为最优特征？（CART：基尼指数 Gini(D,A) "
                                         "最小，式 5.25）"),
    "ex.verdict.two_decimals": "✓ 正确（同李航书中一样保留两位小数）",
    "ex.line.two_decimals": ("第 {line} 行：{quantity} = {given} 是精确值 {exact} 保留两位小数"
                             "的结果，同例 5.4 的写法。"),
}
