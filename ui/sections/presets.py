"""Catalogue section: one-click book exercises (see ui/sections/__init__.py).

Questions are paraphrased from Zhou Zhihua's 机器学习 (习题 4.1–4.10) and Li Hang's 统计学习方法
(习题 5.1–5.4), not copied. Zhou §2.4's terms: 交叉验证成对 t 检验, McNemar 检验, Friedman 检验,
Nemenyi 后续检验, 临界值域 CD, 平均序值. `preset.fact.<code>` words the codes of
dtree_core.exercises_presets; `preset.why.<code>` says why an exercise cannot be run here.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "ex.tab.presets": "Book exercises",
    "preset.intro": ("The textbooks' end-of-chapter exercises the app can run: pick one to see "
                     "the question, the data, the algorithm and the options; the app's answer is "
                     "grown when you ask for it."),
    "preset.pick": "Exercise",
    "preset.book.zhou": "Zhou, Machine Learning",
    "preset.book.lihang": "Li Hang, Statistical Learning Methods",
    "preset.label": "{book}, exercise {number}",
    "preset.question": "Question (paraphrased)",
    "preset.setup": "Data: {dataset} · algorithm: {algorithm}",
    "preset.setup.option": "{option}: {value}",
    "preset.setup.validation": "Validation set: {dataset}",
    "preset.setup.order": "Replay order: breadth-first (a queue)",
    "preset.not_runnable": "Not runnable here: {why}",
    "preset.open": "Open on the grow page",
    "preset.open.help": ("Sets the sidebar's data, algorithm and options to this exercise's and "
                         "opens the grow page."),
    "preset.answer": "Show the app's answer",
    "preset.root": "root",
    "preset.tree.tree": "The tree",
    "preset.tree.full": "The full tree",
    "preset.tree.none": "Unpruned",
    "preset.tree.pre": "Pre-pruned",
    "preset.tree.rep": "Post-pruned (reduced-error)",
    "preset.criterion.gain": "Gain",
    "preset.criterion.gain_ratio": "Gain_ratio",
    "preset.criterion.gini_index": "Gini_index",
    "preset.fact.shape": "{name}: {nodes} nodes, {leaves} leaves, depth {depth}.",
    "preset.fact.split": "{path}: split on {attribute}, {criterion} = {value:.3f}.",
    "preset.fact.rho": ("At the root, {attribute}: ρ = {rho:.3f} (the share of weight with a "
                        "known value), Gini_index on the known rows = {gini_index:.3f}."),
    "preset.fact.validation_accuracy": "{name}: validation accuracy {accuracy:.1%}.",
    "preset.fact.max_depth": "MaxDepth = {max_depth} (the root has depth 0).",
    "preset.fact.max_nodes": ("MaxNode = {max_nodes}: {splits} splits fit, the tree has {nodes} "
                              "nodes (the full tree has {full})."),
    "preset.fact.ccp_sequence": "{subtrees} subtrees in CART's weakest-link sequence.",
    "preset.fact.lihang_same": ("Li Hang's Algorithm 5.3 (the largest g_R(D,A) among all "
                                "attributes, no mean-gain filter) picks the same attribute at "
                                "every split."),
    "preset.fact.lihang_differs": ("Li Hang's Algorithm 5.3 (the largest g_R(D,A), no mean-gain "
                                   "filter) would pick another attribute first at {path}."),
    "preset.fact.folds": ("{learners} learners on {datasets} data sets, {k}-fold "
                          "cross-validation on the same folds."),
    "preset.fact.friedman": ("Friedman test: τ_χ² = {chi2:.3f}, τ_F = {f:.3f}; F({d1}, {d2}) "
                             "has the critical value {critical:.3f} at α = 0.05 (p = {p:.3f})."),
    "preset.fact.friedman_rejects": ("τ_F is above the critical value: the hypothesis that all "
                                     "learners perform the same is rejected."),
    "preset.fact.friedman_keeps": ("τ_F is not above the critical value: the hypothesis that all "
                                   "learners perform the same is not rejected (the Nemenyi "
                                   "chart is drawn all the same)."),
    "preset.fact.nemenyi": ("Nemenyi post-hoc test: q_α = {q:.3f}, critical difference "
                            "CD = {cd:.3f}."),
    "preset.fact.differs": ("{a} and {b} differ significantly: their average ranks are more "
                            "than CD apart."),
    "preset.col.step": "Step",
    "preset.col.node": "Node",
    "preset.col.depth": "Depth",
    "preset.col.path": "Path",
    "preset.col.decision": "Split on / leaf",
    "preset.col.kind": "Kind",
    "preset.col.children": "Children",
    "preset.col.subtree": "Subtree",
    "preset.col.alpha": "α",
    "preset.col.leaves": "Leaves",
    "preset.col.impurity": "Leaf impurity",
    "preset.col.dataset": "Data set",
    "preset.col.learner": "Learner",
    "preset.col.mean_rank": "Average rank",
    "preset.col.a": "A",
    "preset.col.b": "B",
    "preset.col.tau_t": "τ_t (paired t-test)",
    "preset.col.t_p": "p (t-test)",
    "preset.col.tau_chi2": "τ_χ² (McNemar)",
    "preset.col.mcnemar_p": "p (McNemar)",
    "preset.col.e01": "e01 (only B right)",
    "preset.col.e10": "e10 (only A right)",
    "preset.kind.split": "split",
    "preset.kind.leaf": "leaf",
    "preset.kind.pre_pruned": "leaf: pre-pruned",
    "preset.kind.pruned": "leaf: pruned",
    "preset.order.bfs": "Order of growth with a queue (breadth-first)",
    "preset.order.dfs": "The recursion's order (depth-first, Fig. 4.2)",
    "preset.order.budget": "Nodes grown within MaxNode, in queue order",
    "preset.budget.splits": "The splits that fit",
    "preset.ccp.table": "The weakest-link sequence: T_i is optimal for α in [α_i, α_(i+1))",
    "preset.sig.accuracy": "Accuracy ({k}-fold cross-validation)",
    "preset.sig.ranks": "Friedman test: the ranks on each data set (1 = best, ties averaged)",
    "preset.sig.pairs": "Cross-validated paired t-test and McNemar test, per data set and pair",
    "preset.sig.cd": "Nemenyi post-hoc test: critical difference (CD) chart",
    "preset.sig.cd.caption": ("Each learner sits at its average rank with a bar CD = {cd:.3f} "
                              "long; learners whose bars overlap do not differ significantly."),
    "preset.sig.rank_axis": "Average rank",
    "preset.q.zhou-4.1": ("Show that when no two training examples share their attribute values "
                          "but differ in label, some decision tree has zero training error."),
    "preset.q.zhou-4.2": ("What goes wrong if splits are chosen by the smallest training error?"),
    "preset.q.zhou-4.3": ("Write a decision tree learner that chooses splits by information "
                          "entropy and grow a tree for watermelon data set 3.0 (Table 4.3)."),
    "preset.q.zhou-4.4": ("Choose splits by the Gini index; on Table 4.2's training and "
                          "validation rows grow a pre-pruned and a post-pruned tree and compare "
                          "them with the unpruned one."),
    "preset.q.zhou-4.5": ("Choose each split by logistic regression (a linear test) and grow a "
                          "tree for Table 4.3."),
    "preset.q.zhou-4.6": ("Compare the learners, unpruned and pruned, on several data sets and "
                          "test whether their differences are significant."),
    "preset.q.zhou-4.7": ("Fig. 4.2 is recursive and may overflow the stack on huge data. Grow "
                          "the same tree with a queue instead, its depth limited by MaxDepth."),
    "preset.q.zhou-4.8": ("Grow breadth-first with a node budget MaxNode instead of depth-first. "
                          "Which of the two keeps the tree's memory within bounds more easily?"),
    "preset.q.zhou-4.9": ("Carry §4.4.2's handling of missing values over to the Gini index."),
    "preset.q.zhou-4.10": ("Run a multivariate decision tree on watermelon data set 3.0 and look "
                           "at the tree it grows."),
    "preset.q.lihang-5.1": ("Grow a decision tree for Table 5.1 by the information gain ratio "
                            "(C4.5)."),
    "preset.q.lihang-5.2": ("Grow a least-squares regression tree for the data of the exercise."),
    "preset.q.lihang-5.3": ("Show that for a fixed α one smallest subtree T_α minimises the loss "
                            "C_α(T)."),
    "preset.q.lihang-5.4": ("Show that the subtrees T0, T1, …, Tn of CART's pruning are the "
                            "optimal subtrees for α in [α_i, α_(i+1))."),
    "preset.why.proof": "A proof: there is nothing to run.",
    "preset.why.discussion": "A question to discuss: there is nothing to run.",
    "preset.why.no_logistic": ("The app has no logistic-regression split. Its multivariate tree "
                               "(exercise 4.10) learns each linear test from Fisher's "
                               "discriminant direction (§3.4), refined for the Gini index."),
    "preset.why.regression": ("The app grows classification trees only: a regression tree "
                              "predicts a number and splits by squared error, which none of its "
                              "algorithms does."),
    "preset.note.zhou-4.3": "ID3 with the book's midpoints for 密度 and 含糖率 (§4.4.1).",
    "preset.note.zhou-4.4": ("The app's learner by the Gini index is CART, whose splits are "
                             "binary. Validation rows: Table 4.2's."),
    "preset.note.zhou-4.6": ("Learners: ID3, C4.5 and CART unpruned, and C4.5 with its "
                             "pessimistic pruning (pre-pruning and reduced-error pruning would "
                             "need a validation split inside each fold, which is not made "
                             "here); on bundled data sets rather "
                             "than the UCI sets the book asks for, each on the same stratified "
                             "folds (seed 0). The t-test compares the fold accuracies, McNemar's "
                             "test the held-out predictions pooled over the folds (each row is "
                             "predicted once), Friedman and Nemenyi the accuracies over the "
                             "data sets; α = 0.05."),
    "preset.note.zhou-4.7": ("The trace grows one depth at a time, as a queue does; the order of "
                             "growth is listed beside the recursion's. The grow page opens in "
                             "breadth-first order."),
    "preset.note.zhou-4.8": ("A node taken from the queue is split while the tree with its "
                             "children has at most MaxNode nodes; once one does not fit, every "
                             "node still queued stays a leaf. Read from the full tree's trace: a "
                             "node's decision depends only on its own rows. A node budget bounds "
                             "memory directly; a depth limit does not (the width of a level can "
                             "grow)."),
    "preset.note.zhou-4.9": ("CART on watermelon 2.0α: Gini(D̃) and Gini_index are computed on "
                             "the rows with a known value, and their difference is weighted by "
                             "ρ, as Gain is in §4.4.2."),
    "preset.note.zhou-4.10": "The oblique tree (§4.5) on watermelon data set 3.0.",
    "preset.note.lihang-5.1": ("The app's C4.5 keeps the attributes with at least the mean gain "
                               "first (Quinlan's rule, Zhou §4.2.2)."),
    "preset.note.lihang-5.3": "Exercise 5.4's preset shows CART's pruning sequence on Table 5.1.",
    "preset.note.lihang-5.4": ("A proof; the app shows CART's weakest-link sequence on Table 5.1, "
                               "read from its cost-complexity pruning."),
}

ZH: dict[str, str] = {
    "ex.tab.presets": "课后习题",
    "preset.intro": ("本应用能运行的教材课后习题：选一道题，即显示题目、数据、算法与选项；"
                     "需要时再生成本应用的答案。"),
    "preset.pick": "习题",
    "preset.book.zhou": "周志华《机器学习》",
    "preset.book.lihang": "李航《统计学习方法》",
    "preset.label": "{book} 习题 {number}",
    "preset.question": "题目（意译）",
    "preset.setup": "数据：{dataset} · 算法：{algorithm}",
    "preset.setup.option": "{option}：{value}",
    "preset.setup.validation": "验证集：{dataset}",
    "preset.setup.order": "回放顺序：广度优先（队列）",
    "preset.not_runnable": "本应用无法运行此题：{why}",
    "preset.open": "在“生成决策树”页打开",
    "preset.open.help": "把侧边栏的数据、算法与选项设为本题所用，并打开“生成决策树”页。",
    "preset.answer": "显示本应用的答案",
    "preset.root": "根结点",
    "preset.tree.tree": "决策树",
    "preset.tree.full": "完整的树",
    "preset.tree.none": "未剪枝",
    "preset.tree.pre": "预剪枝",
    "preset.tree.rep": "后剪枝（错误率降低剪枝）",
    "preset.criterion.gain": "信息增益",
    "preset.criterion.gain_ratio": "增益率",
    "preset.criterion.gini_index": "基尼指数",
    "preset.fact.shape": "{name}：{nodes} 个结点，{leaves} 个叶结点，深度 {depth}。",
    "preset.fact.split": "{path}：按 {attribute} 划分，{criterion} = {value:.3f}。",
    "preset.fact.rho": ("根结点按 {attribute} 划分：ρ = {rho:.3f}（取值已知样本的权重占比），"
                        "在已知样本上的基尼指数 = {gini_index:.3f}。"),
    "preset.fact.validation_accuracy": "{name}：验证集精度 {accuracy:.1%}。",
    "preset.fact.max_depth": "MaxDepth = {max_depth}（根结点深度为 0）。",
    "preset.fact.max_nodes": ("MaxNode = {max_nodes}：可做 {splits} 次划分，树有 {nodes} 个结点"
                              "（完整的树有 {full} 个）。"),
    "preset.fact.ccp_sequence": "CART 剪枝的子树序列共 {subtrees} 棵子树。",
    "preset.fact.lihang_same": ("按李航算法 5.3（在全部属性中取信息增益比 g_R(D,A) 最大者，"
                                "不先按平均增益筛选），每次划分选的属性都相同。"),
    "preset.fact.lihang_differs": ("按李航算法 5.3（取 g_R(D,A) 最大者，不先按平均增益筛选），"
                                   "在 {path} 处会先选另一个属性。"),
    "preset.fact.folds": ("{learners} 个学习器、{datasets} 个数据集，{k} 折交叉验证，"
                          "各学习器用同样的划分。"),
    "preset.fact.friedman": ("Friedman 检验：τ_χ² = {chi2:.3f}，τ_F = {f:.3f}；F({d1}, {d2}) "
                             "在 α = 0.05 时的临界值为 {critical:.3f}（p = {p:.3f}）。"),
    "preset.fact.friedman_rejects": "τ_F 大于临界值：拒绝“所有学习器性能相同”这一假设。",
    "preset.fact.friedman_keeps": ("τ_F 不大于临界值：不能拒绝“所有学习器性能相同”这一假设"
                                   "（仍画出 Nemenyi 检验图）。"),
    "preset.fact.nemenyi": "Nemenyi 后续检验：q_α = {q:.3f}，临界值域 CD = {cd:.3f}。",
    "preset.fact.differs": "{a} 与 {b} 的性能显著不同：平均序值之差超过临界值域 CD。",
    "preset.col.step": "步骤",
    "preset.col.node": "结点",
    "preset.col.depth": "深度",
    "preset.col.path": "路径",
    "preset.col.decision": "划分属性 / 叶结点类别",
    "preset.col.kind": "类型",
    "preset.col.children": "子结点数",
    "preset.col.subtree": "子树",
    "preset.col.alpha": "α",
    "preset.col.leaves": "叶结点数",
    "preset.col.impurity": "叶结点不纯度",
    "preset.col.dataset": "数据集",
    "preset.col.learner": "学习器",
    "preset.col.mean_rank": "平均序值",
    "preset.col.a": "A",
    "preset.col.b": "B",
    "preset.col.tau_t": "τ_t（成对 t 检验）",
    "preset.col.t_p": "p（t 检验）",
    "preset.col.tau_chi2": "τ_χ²（McNemar 检验）",
    "preset.col.mcnemar_p": "p（McNemar 检验）",
    "preset.col.e01": "e01（仅 B 正确）",
    "preset.col.e10": "e10（仅 A 正确）",
    "preset.kind.split": "划分",
    "preset.kind.leaf": "叶结点",
    "preset.kind.pre_pruned": "叶结点：预剪枝",
    "preset.kind.pruned": "叶结点：已剪枝",
    "preset.order.bfs": "用队列生成的顺序（广度优先）",
    "preset.order.dfs": "递归的顺序（深度优先，图 4.2）",
    "preset.order.budget": "MaxNode 之内生成的结点，按队列顺序",
    "preset.budget.splits": "放得下的划分",
    "preset.ccp.table": "子树序列：T_i 是 α ∈ [α_i, α_(i+1)) 时的最优子树",
    "preset.sig.accuracy": "精度（{k} 折交叉验证）",
    "preset.sig.ranks": "Friedman 检验：各数据集上的序值（1 为最好，并列取平均）",
    "preset.sig.pairs": "交叉验证成对 t 检验与 McNemar 检验（每个数据集、每对学习器）",
    "preset.sig.cd": "Nemenyi 后续检验：临界值域 CD 图",
    "preset.sig.cd.caption": ("每个学习器画在其平均序值处，横线长 CD = {cd:.3f}；"
                              "横线有重叠的学习器之间没有显著差别。"),
    "preset.sig.rank_axis": "平均序值",
    "preset.q.zhou-4.1": ("证明：若训练集中没有⟦属性⟧取值相同而标记不同的⟦样本⟧，"
                          "则必有训练误差为 0 的决策树。"),
    "preset.q.zhou-4.2": "若以“最小训练误差”作为划分选择准则，会有什么问题？",
    "preset.q.zhou-4.3": ("实现以信息熵选择划分的决策树算法，为西瓜数据集 3.0（表 4.3）"
                          "生成一棵决策树。"),
    "preset.q.zhou-4.4": ("以基尼指数选择划分，在表 4.2 的训练集与验证集上生成预剪枝、"
                          "后剪枝决策树，并与未剪枝决策树比较。"),
    "preset.q.zhou-4.5": "以对率回归（线性划分）选择划分，为表 4.3 的数据生成一棵决策树。",
    "preset.q.zhou-4.6": "在多个数据集上比较各学习器（未剪枝与剪枝），并检验差别是否显著。",
    "preset.q.zhou-4.7": ("图 4.2 是递归算法，数据量极大时可能栈溢出。改用队列生成同样的树，"
                          "以 MaxDepth 限制树的深度。"),
    "preset.q.zhou-4.8": ("改为广度优先生成，以 MaxNode 限制结点数。两种方式哪一种更容易把"
                          "树所占的内存控制在限度之内？"),
    "preset.q.zhou-4.9": "把 4.4.2 节处理缺失值的方法推广到基尼指数。",
    "preset.q.zhou-4.10": "在西瓜数据集 3.0 上运行一种多变量决策树算法，观察所得的树。",
    "preset.q.lihang-5.1": "按信息增益比（C4.5 算法）为表 5.1 的数据生成决策树。",
    "preset.q.lihang-5.2": "为题中数据生成最小二乘回归树。",
    "preset.q.lihang-5.3": "证明：α 确定时，使损失函数 C_α(T) 最小的最小子树 T_α 唯一。",
    "preset.q.lihang-5.4": ("证明：CART 剪枝得到的子树序列 T0, T1, …, Tn 分别是 "
                            "α ∈ [α_i, α_(i+1)) 时的最优子树。"),
    "preset.why.proof": "这是证明题，没有可运行的内容。",
    "preset.why.discussion": "这是讨论题，没有可运行的内容。",
    "preset.why.no_logistic": ("本应用没有对率回归划分。它的多变量决策树（习题 4.10）用 Fisher "
                               "判别方向（3.4 节）学习每个线性划分，再按基尼指数调整。"),
    "preset.why.regression": ("本应用只生成分类树：回归树预测的是数值、按平方误差划分，"
                              "本应用的算法都不做这件事。"),
    "preset.note.zhou-4.3": "ID3，连续属性密度、含糖率取书中的中位点作候选⟦划分点⟧（4.4.1 节）。",
    "preset.note.zhou-4.4": ("本应用按基尼指数划分的算法是 CART，其划分为二分。"
                             "验证集：表 4.2 的验证集。"),
    "preset.note.zhou-4.6": ("学习器：未剪枝的 ID3、C4.5、CART，以及用悲观剪枝的 C4.5"
                             "（预剪枝与错误率降低剪枝需要在每一折内再划出验证集，此处不做）；"
                             "数据集为本应用自带的数据集，"
                             "而非书中要求的 UCI 数据集；各学习器用同样的分层划分（种子 0）。"
                             "t 检验比较各折精度，McNemar 检验比较各折合并后的留出预测"
                             "（每个样本预测一次），Friedman 与 Nemenyi 检验比较各数据集上的精度；"
                             "α = 0.05。"),
    "preset.note.zhou-4.7": ("决策树逐层生成，与队列相同；表中列出生成顺序，并与递归的顺序对照。"
                             "“生成决策树”页以广度优先顺序打开。"),
    "preset.note.zhou-4.8": ("从队列取出的结点，只要加上其子结点后树的结点数不超过 MaxNode 就划分；"
                             "一旦放不下，队列中其余结点都作叶结点。结果读自完整决策树的生成过程记录："
                             "每个结点的决策只取决于到达它的样本。结点数上限直接限制内存；"
                             "深度上限则不能（一层的宽度可以很大）。"),
    "preset.note.zhou-4.9": ("CART 在西瓜数据集 2.0α 上：在取值已知的样本上计算 Gini(D̃) 与基尼"
                             "指数，二者之差再乘以 ρ，与 §4.4.2 对信息增益的处理相同。"),
    "preset.note.zhou-4.10": "在西瓜数据集 3.0 上运行斜决策树（4.5 节）。",
    "preset.note.lihang-5.1": ("本应用的 C4.5 先保留信息增益不低于平均值的属性"
                               "（Quinlan 的做法，周志华 4.2.2 节）。"),
    "preset.note.lihang-5.3": "习题 5.4 的预设在表 5.1 上展示 CART 剪枝的子树序列。",
    "preset.note.lihang-5.4": "证明题；本应用在表 5.1 上展示 CART 代价复杂度剪枝得到的子树序列。",
}
