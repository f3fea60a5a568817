"""Catalogue section: lessons (see ui/sections/__init__.py).

Where the books' words and the code's decisions part (CART with missing values, C4.5's mean
filter, IV's extra branch, numbers printed rounded), impurity curves, Han's five criteria of a
classifier, and why the selection criterion matters.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # score table columns of a two-way splitter (CART)
    "col.gini_index_multiway": "Gini_index (multiway, eq. 4.6)",
    "col.gini_gain": "ρ·(Gini(D̃) − Gini_index)",
    "lesson.col.two_way": "{name} (two-way)",
    "lesson.two_way": ("{algorithm} splits a nominal attribute in two, so its Gain, IV, "
                       "Gain_ratio and Gini_index are those of the best two-way split; Zhou's "
                       "Gini_index (eq. 4.6) has one branch per value: the multiway column."),
    # CART with missing values
    "lesson.cart.formula": "{algorithm}'s criterion for {attribute} (the largest wins)",
    "lesson.cart.smaller_loses": ("{loser} has the smaller Gini_index ({loser_gini}), yet "
                                  "{loser}'s ρ·(Gini(D̃) − Gini_index) = {loser_rho} × "
                                  "({loser_known} − {loser_gini}) = {loser_gain} is less than "
                                  "{winner}'s {winner_gain}: with missing values CART weighs "
                                  "the decrease by ρ, so the smallest Gini_index need not win."),
    # ...where the decrease without ρ loses already: a purer D̃, not ρ, is why
    "lesson.cart.smaller_loses.purer": (
        "{loser} has the smaller Gini_index ({loser_gini}), yet {loser}'s ρ·(Gini(D̃) − "
        "Gini_index) = {loser_rho} × ({loser_known} − {loser_gini}) = {loser_gain} is less than "
        "{winner}'s {winner_gain}: {loser}'s rows with a known value are purer to begin with "
        "(Gini(D̃) = {loser_known} against {winner_known}), so its split lowers the Gini index "
        "less, ρ aside; CART ranks by the decrease, so the smallest Gini_index need not win."),
    # missing values: Zhou eqs. 4.9–4.12, Quinlan's IV
    "lesson.known": ("With missing values, Gain is computed on D̃, the samples whose {attribute} "
                     "is known (Zhou eqs. 4.9–4.12):"),
    "lesson.iv.unknown": ("IV counts the samples whose {attribute} is missing as one more branch "
                          "(Quinlan's C4.5, as Weka's J48 does): the last term, share {share}. "
                          "Zhou's eq. 4.4 has no such term."),
    # C4.5's mean filter
    "lesson.c45.at_mean": ("The Gain of {attributes} equals the mean ({mean}) exactly. The book "
                           "says C4.5 keeps the attributes with gain higher than average; this "
                           "app keeps Gain ≥ the mean, as Quinlan's C4.5 does: with '>' they "
                           "would be left out here, and when all gains are equal no attribute "
                           "would pass at all."),
    "lesson.c45.all_equal": ("Every candidate's Gain equals the mean ({mean}): with the book's "
                             "'higher than average' no attribute would pass the filter; with "
                             "Gain ≥ the mean, as Quinlan's C4.5 does, all of them pass."),
    "lesson.c45.j48": ("Quinlan's C4.5 (Release 8, Weka's J48) subtracts log₂(N−1)/|D| from a "
                       "continuous attribute's Gain (N−1 candidate thresholds); the book's "
                       "definitions, used here, do not. With that penalty {j48} would win here "
                       "instead of {winner}."),
    # numbers a book prints rounded early
    "lesson.book_rounded": ("{book} prints {printed} for {symbol}: it rounds the terms before "
                            "adding them. The exact value is {exact}."),
    "lesson.cite.zhou_4_2_1": "Zhou Zhihua, Machine Learning §4.2.1",
    "lesson.cite.han_8_2_2": "Han, Kamber & Pei, Data Mining §8.2.2",
    # impurity curves
    "lesson.impurity": "Impurity of this node's class distribution",
    "lesson.impurity.p": "p = share of {cls}",
    "lesson.impurity.y": "impurity",
    "lesson.impurity.entropy": "Ent (entropy)",
    "lesson.impurity.gini": "Gini",
    "lesson.impurity.error": "misclassification 1 − max p",
    "lesson.impurity.here": "this node",
    "lesson.impurity.two": ("Two classes: all three are 0 for a pure node and largest at "
                            "p = 0.5 (Ent 1, Gini 0.5, misclassification 0.5). Ent and Gini are "
                            "smooth and strictly concave, so every split that changes the class "
                            "shares lowers them; misclassification impurity can stay unchanged "
                            "(Duda et al. §8.3.2). Zhou: 0 ≤ Ent(D) ≤ log₂|Y|."),
    "lesson.impurity.many": ("{k} classes: each measure with its maximum, reached when every "
                             "class has the same share (Ent ≤ log₂|Y|, Gini ≤ 1 − 1/|Y|)."),
    "lesson.impurity.col.measure": "measure",
    "lesson.impurity.col.value": "this node",
    "lesson.impurity.col.max": "maximum",
    # Han's five criteria (Data Mining, ch. 8/9: comparing classifiers)
    "lesson.han": "Han's five criteria",
    "lesson.han.intro": ("Han, Kamber & Pei compare classification methods by accuracy, speed, "
                         "robustness, scalability and interpretability: a table for each, but "
                         "a chart for scalability."),
    "lesson.han.measure": ("Measure accuracy, speed, robustness and scalability (on a big "
                           "file this grows several trees per configuration and takes a while)"),
    "lesson.han.measuring": "Measuring {label} ({done} of {total})…",
    "lesson.han.accuracy": "Accuracy",
    "lesson.han.speed": "Speed",
    "lesson.han.robustness": "Robustness",
    "lesson.han.scalability": "Scalability",
    "lesson.han.interpretability": "Interpretability",
    "lesson.han.held_out": "held-out accuracy",
    "lesson.han.fit_ms": "fit (ms)",
    "lesson.han.predict_ms": "predict (ms)",
    "lesson.han.noise": "Label noise share",
    "lesson.han.blank": "Blanked values share",
    "lesson.han.noisy": "with label noise",
    "lesson.han.blanked": "with blanked values",
    "lesson.han.refused": ("{label}, {copy}: this tree was not grown, so its accuracy is left "
                           "blank. {reason}"),
    "lesson.han.ties.clean": "{label}: {sentence}",  # eval.ties.one/many
    "lesson.han.ties": "{label}, {copy}: {sentence}",
    "lesson.han.rows": "rows",
    "lesson.han.fit_time": "fit time (ms)",
    "lesson.han.leaves": "leaves",
    "lesson.han.depth": "depth",
    "lesson.han.rule_length": "mean rule length",
    "lesson.han.timings": ("Times are wall-clock times measured on this server when the page "
                           "first computed them (kept for reruns), and vary "
                           "from run to run. Each fit and prediction is first run once untimed, "
                           "which pays one-time costs (first calls, caches); a time shown is then "
                           "the shortest of {repeats} timed runs, or of fewer once a run takes "
                           "{limit} s or more. The scalability chart repeats the rows to double "
                           "them and makes its untimed fit once, before the smallest size."),
    "lesson.han.seed": ("Noise and blanks are drawn with seed {seed} on the training rows only; "
                        "the held-out rows stay clean."),
    # why the criterion matters
    "lesson.matters": "Why the criterion matters",
    "lesson.unpruned": ("Pre-pruning and reduced-error pruning judge by validation rows, which "
                        "the held-out splits on this page do not make: every accuracy, time and "
                        "robustness on this page is of the same configurations unpruned (the "
                        "training accuracy of a tree grown on every row, the others of trees "
                        "grown on the split's training rows); the trees drawn above are pruned."),
    "lesson.unpruned.rows": ("The pruned trees drawn above, and their node counts, grew on "
                             "{rows} of the {total} rows: the others validate the pruning."),
    "lesson.matters.intro": ("The same data grown three ways, without forced splits or pruning: "
                             "always the attribute with the "
                             "lowest Gain (a baseline), a random attribute (CLS), the highest "
                             "Gain (ID3). A good criterion usually gives a smaller tree."),
    "lesson.matters.show": "Draw the three trees",
    "algo.worst": "Worst (lowest Gain, a baseline)",
    "rule.min_gain_worst": "{attribute} has the lowest information gain, {gain}: a baseline.",
}

ZH: dict[str, str] = {
    "col.gini_index_multiway": "Gini_index（多路，式 4.6）",
    "col.gini_gain": "ρ·(Gini(D̃) − Gini_index)",
    "lesson.col.two_way": "{name}（二分）",
    "lesson.two_way": ("{algorithm} 把离散属性二分，所以它的 Gain、IV、Gain_ratio 和 Gini_index "
                       "都是最优二分划分的值；周志华式 4.6 的 Gini_index 每个取值一个分支："
                       "见多路那一列。"),
    "lesson.cart.formula": "{algorithm} 对 {attribute} 的划分准则（取最大者）",
    "lesson.cart.smaller_loses": ("{loser} 的基尼指数更小（{loser_gini}），但 {loser} 的 "
                                  "ρ·(Gini(D̃) − Gini_index) = {loser_rho} × "
                                  "({loser_known} − {loser_gini}) = {loser_gain}，小于 "
                                  "{winner} 的 {winner_gain}：有缺失值时 CART 用 ρ 加权基尼"
                                  "指数的下降量，所以基尼指数最小的属性不一定胜出。"),
    "lesson.cart.smaller_loses.purer": (
        "{loser} 的基尼指数更小（{loser_gini}），但 {loser} 的 ρ·(Gini(D̃) − Gini_index) = "
        "{loser_rho} × ({loser_known} − {loser_gini}) = {loser_gain}，小于 {winner} 的 "
        "{winner_gain}：{loser} 上取值已知的样本本来就更纯（Gini(D̃) 为 {loser_known}，{winner} "
        "的为 {winner_known}），即使不计 ρ，它的划分使基尼指数下降得也更少；CART 按下降量排序，"
        "所以基尼指数最小的属性不一定胜出。"),
    "lesson.known": ("有缺失值时，信息增益在 D̃ 上计算，即在 {attribute} 上没有缺失值的样本子集"
                     "（周志华式 4.9–4.12）："),
    "lesson.iv.unknown": ("IV 把 {attribute} 缺失的样本算作多出的一个分支（Quinlan 的 C4.5，"
                          "Weka 的 J48 也如此）：最后一项，比例 {share}。"
                          "周志华式 4.4 没有这一项。"),
    "lesson.c45.at_mean": ("{attributes} 的信息增益恰好等于平均值（{mean}）。书上说 C4.5 先找出"
                           "信息增益高于平均水平的属性；本应用与 Quinlan 的 C4.5 一样保留"
                           " Gain ≥ 平均值的属性：若用“>”，此处它们会被排除，"
                           "而所有信息增益相等时没有属性能通过。"),
    "lesson.c45.all_equal": ("每个候选属性的信息增益都等于平均值（{mean}）：按书上的“高于平均"
                             "水平”没有属性能通过；"
                             "按 Quinlan 的 C4.5 取 Gain ≥ 平均值，全部通过。"),
    "lesson.c45.j48": ("Quinlan 的 C4.5（Release 8，Weka 的 J48）会从连续属性的信息增益中减去 "
                       "log₂(N−1)/|D|（N−1 个候选划分点）；本应用按书上的定义，不减。若减去它，"
                       "此处胜出的将是 {j48} 而不是 {winner}。"),
    "lesson.book_rounded": ("{book} 给出 {symbol} = {printed}：它先把各项四舍五入再相加。"
                            "精确值是 {exact}。"),
    "lesson.cite.zhou_4_2_1": "周志华《机器学习》§4.2.1",
    "lesson.cite.han_8_2_2": "韩家炜等《数据挖掘：概念与技术》§8.2.2",
    "lesson.impurity": "本结点类别分布的不纯度",
    "lesson.impurity.p": "p = “{cls}”类的比例",
    "lesson.impurity.y": "不纯度",
    "lesson.impurity.entropy": "Ent（信息熵）",
    "lesson.impurity.gini": "Gini（基尼值）",
    "lesson.impurity.error": "误分类不纯度 1 − max p",
    "lesson.impurity.here": "本结点",
    "lesson.impurity.two": ("两个类别：三者在纯结点处都为 0，在 p = 0.5 处最大（Ent 为 1，Gini 为 "
                            "0.5，误分类不纯度为 0.5）。Ent 和 Gini 光滑且严格凹，凡改变类别比例"
                            "的划分都会使它们下降；误分类不纯度则可能不变（Duda 等 §8.3.2）。"
                            "周志华：0 ≤ Ent(D) ≤ log₂|Y|。"),
    "lesson.impurity.many": ("{k} 个类别：各不纯度及其最大值，在各类比例相同时取得"
                             "（Ent ≤ log₂|Y|，Gini ≤ 1 − 1/|Y|）。"),
    "lesson.impurity.col.measure": "度量",
    "lesson.impurity.col.value": "本结点",
    "lesson.impurity.col.max": "最大值",
    "lesson.han": "韩家炜的五条评价标准",
    # Han's translation says 准确率 for accuracy (and 精度 for precision); Zhou says 精度
    "lesson.han.intro": ("韩家炜、Kamber 和裴健从准确率、速度、鲁棒性、可伸缩性和可解释性五方面"
                         "比较分类方法：可伸缩性画成一幅图，其余每条一个表格。这里的准确率"
                         "（accuracy）即周志华书中的“⟦精度⟧”。"),
    "lesson.han.measure": ("测量准确率、速度、鲁棒性和可伸缩性（文件较大时每个配置要生成多棵树，"
                           "需要一些时间）"),
    "lesson.han.measuring": "正在测量 {label}（第 {done} 个，共 {total} 个）…",
    "lesson.han.accuracy": "准确率",
    "lesson.han.speed": "速度",
    "lesson.han.robustness": "鲁棒性",
    "lesson.han.scalability": "可伸缩性",
    "lesson.han.interpretability": "可解释性",
    "lesson.han.held_out": "测试集准确率",
    "lesson.han.fit_ms": "训练（毫秒）",
    "lesson.han.predict_ms": "预测（毫秒）",
    "lesson.han.noise": "标记噪声比例",
    "lesson.han.blank": "置空取值的比例",
    "lesson.han.noisy": "加标记噪声后",
    "lesson.han.blanked": "置空部分取值后",
    "lesson.han.refused": "{label}，{copy}：这棵树没有生成，所以其准确率空着。{reason}",
    "lesson.han.ties.clean": "{label}：{sentence}",
    "lesson.han.ties": "{label}，{copy}：{sentence}",
    "lesson.han.rows": "样本数",
    "lesson.han.fit_time": "训练时间（毫秒）",
    "lesson.han.leaves": "叶结点数",
    "lesson.han.depth": "深度",
    "lesson.han.rule_length": "规则平均长度",
    "lesson.han.timings": ("时间是本服务器在页面首次计算时测得的墙钟时间（重新运行时沿用），"
                           "每次计算都会不同。每次训练和预测先不计时地运行一次，以免把首次调用、"
                           "建立缓存等一次性开销计入时间；显示的"
                           "时间是随后 {repeats} 次计时运行中最短的一次（某次运行达到 {limit} 秒"
                           "或更长时不再重复）。可伸缩性图把样本重复以使样本数翻倍，只在最小"
                           "样本数之前做一次不计时的训练。"),
    "lesson.han.seed": "噪声和置空以随机种子 {seed} 只作用于训练样本；留出样本保持不变。",
    "lesson.matters": "为什么划分准则重要",
    "lesson.unpruned": ("预剪枝和错误率降低剪枝依据验证集判断，而本页的留出法划分"
                        "没有验证集：本页的准确率、时间和鲁棒性都来自不剪枝的同一配置（训练集"
                        "精度来自用全部样本生成的决策树，其余来自用划分出的训练样本生成的决策"
                        "树）；上面画出的决策树是剪枝后的。"),
    "lesson.unpruned.rows": ("上面画出的剪枝后决策树及其结点数只用了 {total} 个样本中的 {rows} "
                             "个生成：其余样本用于验证剪枝。"),
    "lesson.matters.intro": ("同一数据的三种生成方式（不强制划分，不剪枝）：总选信息增益最小的"
                             "属性（基线）、随机选属性（CLS）、选信息增益最大的属性（ID3）。"
                             "好的准则通常得到更小的树。"),
    "lesson.matters.show": "画出这三棵树",
    "algo.worst": "最差（信息增益最小，基线）",
    "rule.min_gain_worst": "{attribute} 的信息增益最小，为 {gain}：这是一个基线。",
}
