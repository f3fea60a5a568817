"""The catalogue in Chinese: the same keys and placeholders as ui.messages.EN.

Terms and notation follow Zhou Zhihua's 机器学习 (ch. 4), Han's 数据挖掘 and Li Hang's
统计学习方法: 属性, 划分属性, 信息熵, 信息增益, 增益率, 固有值, 基尼值, 基尼指数, 叶结点,
分支结点, 连续值, 缺失值, 剪枝; Ent(D), Gain(D,a), Gain_ratio(D,a), IV(a), Gini(D),
Gini_index(D,a), ρ, p̃ₖ, r̃ᵥ stay as in the book. Algorithm names (ID3, C4.5, CART, CLS) stay
Latin. A key added to EN gets its Chinese here (tests/app/test_languages.py checks both).
"""

from __future__ import annotations

from dtree_core.cli_messages import ZH as CLI_ZH

ZH = {
    # app and navigation
    "app.title": "dtree-lab",
    "page.grow": "生成决策树",
    "lang.label": "语言 / Language",
    "widget.choose": "请选择",
    # setup sidebar
    "setup.header": "数据与算法",
    "setup.source": "数据",
    "setup.source.bundled": "内置数据集",
    "setup.source.upload": "上传文件（CSV 或 Excel）",
    "setup.dataset": "数据集",
    "setup.dataset.source": "出处：{source}",
    "setup.upload": "CSV 或 Excel 文件",
    "setup.sheet": "工作表",
    "setup.encoding": "编码",
    "setup.encoding.auto": "自动检测",
    "setup.encoding.help": ("加载报告说编码是猜测的时候，请在这里指定文件的编码"
                            "（中文 Windows 上的 Excel 保存为 GB18030/GBK）。"),
    "setup.upload.help": "支持常见编码（UTF-8、GBK/GB18030、UTF-16）和分隔符。",
    "setup.upload.bad": "无法读取 {name}：{reason} 仍使用之前加载的数据集。",
    "setup.upload.bad.first": "无法读取 {name}：{reason}",
    "setup.upload.kept": "正在使用上次上传的 {name}。上传新文件即可替换。",
    "setup.budget_setting": ("本服务器资源预算中有一项设置无效，已按默认设置运行"
                             "（请告知服务器管理员）：{reason}"),
    "setup.budget_unknown": ("本服务器资源预算中有一项设置的名字不对应任何设置，未被采用"
                             "（请告知服务器管理员）：{reason}"),
    "setup.using": "正在使用 **{name}**（{rows} 行，{cols} 列）。",
    # not 新上传的数据: a bundled set waiting for its validation file is no upload
    "setup.tree_of": "这份数据尚未生成决策树：各页面仍显示 **{name}** 的决策树。",
    "setup.report": "加载报告",
    "setup.report.encoding": "编码：{value}",
    "setup.report.delimiter": "分隔符：{value}",
    "delimiter.comma": "逗号",
    "delimiter.semicolon": "分号",
    "delimiter.tab": "制表符",
    "delimiter.full_width_comma": "全角逗号",
    "setup.report.sheet": "工作表：{value}",
    "setup.report.guessed": ("编码 {value} 是猜测的：如果中文显示为乱码，请在上方“{widget}”中选择"
                             "文件的编码，或把文件另存为 UTF-8 后重新上传。"),
    "setup.report.rows": "行数：{rows}，列数：{cols}",
    "setup.report.markers": ("读作缺失值的单元格：空单元格；{markers}（不区分大小写和全角/半角）；"
                             "只由横线或破折号组成的单元格（如 `—`、`--`）；电子表格的错误值"
                             "（如 `#N/A`、`#DIV/0!`，警告中会列出这些值）；数值列中的 `nan`、"
                             "`inf` 以及超出浮点数范围的数（如 `1e400`，警告中同样会列出）。"
                             "一列若只有 `+` 和 `-`，其中的 `-` 是取值，不是缺失值。"),
    "setup.report.col.column": "列",
    "setup.report.col.kind": "类型",
    "setup.report.col.missing": "缺失数",
    "setup.target": "目标（类别）列",
    "setup.attributes": "使用的属性",
    "setup.id_note": ("“{column}”每一行的取值都不同，像是行号，所以默认不选；选上它可以看到 ID3 "
                      "对取值数目多的属性的偏好。"),
    "setup.id_note.numbers_as_text": ("“{column}”每一行的取值都不同，它的数字按文本读取"
                                      "（见加载报告），所以默认不选；要把它作为连续属性使用，"
                                      "请把这些值保存为普通数字。"),
    "setup.nominal": "视为离散属性",
    "setup.continuous": "视为连续属性",
    "setup.algorithm": "算法",
    "setup.options": "选项",
    "setup.limits": ("前四项是停止条件：它们会在书中的递归返回情形出现之前提前结束一个分支。"
                     "它们不是周志华书中的预剪枝，预剪枝要借助验证集来判断。"),
    "setup.max_depth": "最大深度（0 = 不限）",
    "setup.max_depth.help": ("与 scikit-learn 一样，从根结点起计算划分的层数："
                             "1 只生成一个决策树桩。"),
    "setup.min_samples": "划分所需的最少样本数",
    "setup.min_samples.help": ("样本数少于此值的结点直接成为叶结点，不论其得分"
                               "（停止条件；图 4.2 中没有）。"),
    "setup.min_gain": "划分所需的最小增益",
    "setup.min_gain.help": ("规则选出的划分的得分低于此值时，结点成为叶结点。"
                            "{algorithm} 的得分为{score}。"),
    "setup.min_gain.score.gain": "信息增益",
    "setup.min_gain.score.gini_gain": "划分带来的基尼指数减少量",
    "setup.min_gain.score.gain_ratio": "增益率（李航的阈值 ε）",
    "setup.min_branch_weight": "分支最小权重（0 = 关闭）",
    "setup.min_branch_weight.help": ("C4.5 的最少对象数（J48 的 -M，默认为 2）：一次划分至少要有"
                                     "两个分支各含不少于这么多样本，否则该结点成为叶结点。"),
    "setup.tie_rule": "并列规则",
    "setup.tie_rule.help": ("几个属性同样好时由哪个胜出。划分点并列时总是取较小的 t；"
                            "叶结点的类别并列时取最先出现的类别。"),
    "tie.first": "按列顺序取第一个（书中图 4.4）",
    "tie.last": "按列顺序取最后一个",
    "tie.random": "随机（使用随机种子）",
    "setup.seed": "随机种子（CLS、并列时随机选取）",
    "setup.clear_forces": "撤销 {n} 处指定的划分",
    "setup.growing": "正在生成决策树…",
    "setup.grow_failed": "无法生成这棵决策树：{reason}",
    "setup.tree_kept": ("各页面仍显示上一次生成的决策树：**{name}** · {algorithm} · "
                        "{nodes} 个结点。"),
    "setup.no_data": "请在侧边栏选择一个内置数据集，或上传 CSV 或 Excel 文件。",
    "setup.no_tree": "尚未由这份数据生成决策树：侧边栏说明了还需要什么。",
    "algo.id3": "ID3（信息增益）",
    "algo.c45": "C4.5（增益率）",
    "algo.cart": "CART（基尼指数）",
    "algo.cls": "CLS（随机选择属性）",
    "kind.nominal": "离散",
    "kind.continuous": "连续",
    # why a column has its kind (KindRule.code, with KindRule.details)
    "setup.report.col.why": "原因",
    "kind_rule.no_values": "没有取值，因此视为离散",
    "kind_rule.text": "文本（如“{example}”），因此视为离散",
    "kind_rule.decimal": "带小数的数值（{low} 到 {high}），因此视为连续",
    "kind_rule.integer_codes": ("整数 {low}–{high}，共 {distinct} 个不同取值：取值少且几乎是相"
                                "邻的整数，是编码而不是测量值，因此视为离散"),
    "kind_rule.integer_measure": ("整数 {low}–{high}，共 {distinct} 个不同取值：是测量值而不是"
                                  "编码，因此视为连续"),
    "kind_rule.declared_nominal": "指定为离散",
    "kind_rule.declared_continuous": "指定为连续",
    "kind_rule.id_like": "每一行的取值都不同，像是行号；选用时作为取值很多的离散属性",
    # replay controls
    "grow.header": "{dataset} · {algorithm} · {nodes} 个结点",
    "grow.first": "第一步",
    "grow.prev": "上一步",
    "grow.next": "下一步",
    "grow.last": "最后一步",
    "grow.key_help": "键盘：{key}",
    "grow.key.first": "Home",
    "grow.key.prev": "←",
    "grow.key.next": "→",
    "grow.key.last": "End",
    "grow.step": "步骤",
    "grow.step_of": "第 {step} 步（步骤编号 0–{total}）：结点 #{node}",
    "grow.play": "自动播放",
    "grow.speed": "每步秒数",
    "grow.jump": "跳到结点",
    "grow.order": "顺序",
    "grow.order.dfs": "TreeGenerate（深度优先）",
    "grow.order.bfs": "逐层（广度优先）",
    "grow.decimals": "显示的小数位数",
    "grow.view": "决策树视图",
    "grow.view.auto": "自动：整棵树；树很大时只显示当前结点周围",
    "grow.view.whole": "整棵树",
    "grow.view.depth": "显示到某一深度",
    "grow.view.around": "当前结点周围",
    "grow.view.depth_value": "显示深度",
    "grow.view.radius": "当前结点以下的层数",
    "grow.view.big": "这棵树有 {nodes} 个结点：只显示当前结点周围的部分。",
    "draw.depth": ("这棵树有 {nodes} 个结点：只画到第 {depth} 层（根结点为第 0 层）；"
                   "“⋯ k”表示其下还有 k 个结点。"),
    "draw.paths": ("这棵树有 {nodes} 个结点：只画出样本到达的结点和它没有走的分支；"
                   "“⋯ k”表示其下还有 k 个结点。"),
    "draw.paths.depth": ("这棵树有 {nodes} 个结点：只画出样本到达的结点和它没有走的分支，"
                         "到第 {depth} 层为止；“⋯ k”表示其下还有 k 个结点。"),
    "grow.display": "显示",
    "grow.many_nodes": ("这棵树有 {nodes} 个结点，而数据只有 {rows} 行，所以许多叶结点只含一两个"
                        "样本。设置分支最小权重（侧边栏的“选项”；C4.5 取 2）可以阻止那些没有两个"
                        "分支达到该样本数的划分。"),
    "grow.pseudocode": "TreeGenerate（周志华，图 4.2）",
    "grow.force_unmatched.one": ("在“{path}”处指定的划分无法在这棵树中实现：该处按算法自己的选择"
                                 "生成。这一指定仍然保留，供能够实现它的树使用。"),
    "grow.force_unknown": "在“{path}”处指定的划分属性“{attribute}”不是这份数据中的列。",
    "grow.force_unchosen": ("在“{path}”处指定的划分属性“{attribute}”是这份数据中的列，但不在侧边栏"
                            "选定的属性中。"),
    "grow.force_not_attribute": "在“{path}”处指定的划分属性“{attribute}”不是这棵树的属性。",
    "grow.force_target": ("在“{path}”处指定的划分属性“{attribute}”是目标列：决策树不能按它要预测"
                          "的类别划分。"),
    "grow.force_unmatched.many": ("在以下位置指定的划分无法在这棵树中实现：{paths}。这些地方按算法"
                                  "自己的选择生成。这些指定仍然保留，供能够实现它们的树使用。"),
    # node panel
    "node.header": "结点 #{node}",
    "node.path": "**从根结点出发的路径**：{path}",
    "node.root": "（根结点）",
    "node.root.bare": "根结点",
    "node.title.root": "#{id}（根结点）",
    "node.size": "|D| = {n}",
    "node.weight": "权重 {weight}（含缺失值的样本按比例分成小数权重）",
    "node.counts": "各类样本数：{counts}",
    "node.scores": "候选属性",
    "node.no_scores": "此结点没有计算候选属性：它在选择划分属性之前就停止了。",
    "node.inspect": "查看属性",
    "node.force": "此结点的划分属性",
    "node.force.help": "教材中并列时会手工选择：选一个属性，强制在此处用它划分并重新生成决策树。",
    "node.force.auto": "（由算法选择）",
    "node.branches": "{attribute} 的各分支",
    "node.formulas": "{attribute} 的计算公式",
    "node.formulas.places": ("部分项最多写到 {places} 位小数（结果为 {decimals} 位）："
                             "若先把这些项舍入到 {decimals} 位，算出的数与所示结果不符"
                             "（书中提前舍入时末位出错，就是这个原因）。"),
    "node.curve": "{attribute} 的每一个候选划分点",
    "node.curve.chosen": "选中的 t = {t}",
    "node.curve.threshold": "划分点 t",
    "node.chart.title": "各属性的 {criterion}",
    "node.mean_gain": "可划分的候选属性的平均信息增益：{mean}",
    "node.ties": "与胜出者并列：{ties}。{rule}",
    "node.ties.forced_tied": ("{attribute} 与 {ties} 在规则所比较的得分上并列；使用 {attribute} "
                              "是因为强制指定，而不是按并列规则。"),
    "node.ties.forced_other": "{ties} 在规则所比较的得分上并列；此处改用强制指定的 {attribute}。",
    "node.no_split": ("{attribute} 没有可展示的划分：没有哪个候选划分点能让两侧的权重都达到 {m}"
                      "（分支最小权重），所以没有分支、公式和划分点曲线。"),
    "node.one_value": ("此结点上 {attribute} 只剩一个取值，不存在把它一分为二的划分，选择规则不能"
                       "选它：下面的分支把所有样本都放在一侧，此处没有出现的取值只是为了补全划分"
                       "才放在某一侧。"),
    # column headers
    "col.attribute": "属性",
    "col.kind": "类型",
    "col.threshold": "t",
    "col.rho": "ρ",
    "col.gain": "Gain",
    "col.iv": "IV",
    "col.gain_ratio": "Gain_ratio",
    "col.gini_index": "Gini_index",
    "col.above_average": "Gain ≥ 平均值",
    "col.tied": "并列",
    "col.chosen": "选中",
    "col.eligible": "可划分",
    "col.value": "取值",
    "col.n": "|Dᵛ|",
    "col.weight": "权重",
    "col.rows": "样本数",
    "col.weight.with_unknown": "权重（含 {attribute} 缺失的样本）",
    "col.entropy": "Ent(Dᵛ)",
    "col.gini": "Gini(Dᵛ)",
    # why the winner won (decision.rule_code)
    "rule.max_gain": "{attribute} 的信息增益最大，为 {gain}。",
    "rule.c45_gain_ratio": ("在信息增益不低于平均值（{mean}）的属性（有 {passed} 个）中，"
                            "{attribute} 的增益率最大，为 {ratio}。"),
    "rule.min_gini": ("{attribute} 使基尼指数下降最多：ρ·(Gini(D̃) − Gini_index) = {gini_gain}"
                      "（Gini_index 为 {gini}；无缺失值时 ρ = 1）。"),
    "rule.min_gini.complete": ("{attribute} 的最优二分划分的基尼指数 Gini_index 最小，为 {gini}"
                               "（此处没有缺失值，所以它使基尼指数下降最多）。"),
    "rule.random": "{algorithm} 随机选取一个候选属性（随机种子 {seed}），抽到了 {attribute}。",
    "rule.unknown": "{algorithm} 按自己的规则选择了 {attribute}（{criterion} {value}）。",
    "rule.forced": "在此结点强制使用 {attribute} 划分，不论得分如何。",
    "rule.tie_break.first": "并列时取数据中列顺序最靠前的属性。",
    "rule.tie_break.last": "并列时取数据中列顺序最靠后的属性。",
    "rule.tie_break.random": "并列时随机选取（随机种子 {seed}）。",
    "rule.threshold": "按 {criterion}，其最优划分点为 t = {t}。",
    "rule.threshold.lihang": "按 {criterion}，其最优切分点为 t = {t}。",
    "rule.threshold.forced": "其划分点 t = {t} 也是强制指定的。",
    "rule.threshold.tied": ("在 t = {others} 处，{criterion} 与之相同（{value}）：划分点并列时"
                            "取最小者。"),
    "rule.threshold.tied.many": ("另有 {n} 个划分点（t = {others} 等）处的 {criterion} 与之相同"
                                 "（{value}）：划分点并列时取最小者。"),
    # why a node became a leaf (decision.stop)
    "stop.pure": "所有样本都属于类别“{label}”，因此这是该类的叶结点。",
    "stop.no_attributes": "已没有可用于划分的属性：标记为叶结点，其类别为样本数最多的类“{label}”。",
    "stop.same_values": ("所有样本在剩余属性上取值相同：标记为叶结点，"
                         "其类别为样本数最多的类“{label}”。"),
    "stop.empty": "没有样本到达这个分支：标记为叶结点，其类别为父结点中样本最多的类“{label}”。",
    "stop.max_depth": "已达到最大深度：标记为叶结点，其类别为样本数最多的类“{label}”。",
    "stop.min_samples": ("样本数少于划分所需的最少样本数：标记为叶结点，"
                         "其类别为样本数最多的类“{label}”。"),
    "stop.min_gain": "最大的信息增益低于最小增益：标记为叶结点，其类别为样本数最多的类“{label}”。",
    "stop.min_gain.gini": ("基尼指数的最大减少量（ρ·ΔGini）低于最小增益：标记为叶结点，"
                           "其类别为样本数最多的类“{label}”。"),
    "stop.min_gain.compared": ("最大的信息增益 {best} 低于最小增益 {threshold}：标记为叶结点，"
                               "其类别为样本数最多的类“{label}”。"),
    "stop.min_gain.gini.compared": ("基尼指数的最大减少量 ρ·ΔGini = {best} 低于最小增益 "
                                    "{threshold}：标记为叶结点，其类别为样本数最多的类“{label}”。"),
    "stop.min_gain.chosen": ("按规则选出的属性的信息增益低于最小增益：标记为叶结点，"
                             "其类别为样本数最多的类“{label}”。"),
    "stop.min_gain.chosen.compared": ("按规则选出的属性“{attribute}”的信息增益 {best} 低于"
                                      "最小增益 {threshold}：标记为叶结点，"
                                      "其类别为样本数最多的类“{label}”。"),
    "stop.min_branch_weight": ("没有哪种划分能让两个分支的权重都达到分支最小权重：标记为叶结点，"
                               "其类别为样本数最多的类“{label}”。"),
    "stop.pruned": "剪枝把这棵子树替换成了类别为“{label}”的叶结点。",
    "stop.tied_majority": "{classes}并列，各有 {count} 个样本：叶结点取数据中先出现的“{label}”。",
    "stop.tied_class": "“{cls}”",
    "stop.pre_pruned": ("预剪枝拒绝了此处选出的划分：它没有提高验证集精度，因此这是类别为"
                        "“{label}”的叶结点。"),
    "stop.raised": ("C4.5 的子树提升把这个叶结点上移：它是最大分支中一个叶结点的副本，"
                    "按提升到的结点的样本重新计数，类别为“{label}”。这里没有剪去任何子树。"),
    "stop.unknown": "类别为“{label}”的叶结点（{code}）。",
    # TreeGenerate, Zhou's Figure 4.2, in the book's own words ('opt' is our stopping limits)
    "pseudo.input": ("输入：训练集 D = {(x₁,y₁), (x₂,y₂), …, (xₘ,yₘ)}；\n"
                     "      属性集 A = {a₁, a₂, …, a_d}。\n"
                     "过程：函数 TreeGenerate(D, A)"),
    "pseudo.1": "生成结点 node;",
    "pseudo.2": "if D 中样本全属于同一类别 C then",
    "pseudo.3": "    将 node 标记为 C 类叶结点; return",
    "pseudo.4": "end if",
    "pseudo.5": "if A = ∅ OR D 中样本在 A 上取值相同 then",
    "pseudo.6": "    将 node 标记为叶结点，其类别标记为 D 中样本数最多的类; return",
    "pseudo.7": "end if",
    "pseudo.opt": ("if 满足某个停止条件（最大深度、最少样本数） then "
                   "将 node 标记为叶结点，其类别标记为 D 中样本数最多的类; return"),
    "pseudo.8": "从 A 中选择最优划分属性 a*;",
    "pseudo.8.lowest": "从 A 中选择划分属性 a*（最差基线：有意取信息增益最小者）;",
    "pseudo.late": ("if a* 的得分小于最小增益，或没有哪种划分能让两个分支的权重都达到分支最小权重 "
                    "then 将 node 标记为叶结点，其类别标记为 D 中样本数最多的类; return"),
    "pseudo.9": "for a* 的每一个值 a*ᵛ do",
    "pseudo.10": "    为 node 生成一个分支; 令 Dᵥ 表示 D 中在 a* 上取值为 a*ᵛ 的样本子集;",
    "pseudo.9.keep": "for a* 上划分的两侧（a* ≤ t 与 a* > t，或其取值的两个子集）中的每一侧 do",
    "pseudo.10.keep": "    为 node 生成一个分支; 令 Dᵥ 表示 D 中落在这一侧的样本子集;",
    "pseudo.11": "    if Dᵥ 为空 then",
    "pseudo.12": "        将分支结点标记为叶结点，其类别标记为 D 中样本最多的类; return",
    "pseudo.13": "    else",
    "pseudo.14": "        以 TreeGenerate(Dᵥ, A \\ {a*}) 为分支结点",
    "pseudo.14.keep": ("        以 TreeGenerate(Dᵥ, A) 为分支结点：二分划分不把 a* 从 A 中"
                       "去掉，分支中可以再次用它划分"),
    "pseudo.15": "    end if",
    "pseudo.16": "end for",
    "pseudo.output": "输出：以 node 为根结点的一棵决策树",
    "pseudo.fired": "a* = {attribute}",
    "pseudo.fired.left_out": "{chosen}。{left_out}",
    "pseudo.fired.forced": "a* = {attribute}，在此强制指定",
    "pseudo.fired.random": "a* = {attribute}，随机抽取",
    "pseudo.code": "某一行对应的代码",
    "pseudo.code.line": "行",
    "pseudo.code.none_fired": "此处执行的步骤都没有对应的代码：请另选一行",
    "pseudo.code.source": ("`dtree_core/reference.py` 中 `generate`（递归的 TreeGenerate）"
                           "里标记为 {marks} 的语句。"),
    "pseudo.code.opt": ("图 4.2 中没有停止条件这一行：`dtree_core/reference.py` 的 `generate` "
                        "中调用 `early_stops`，在计算各属性的得分之前检查最大深度和最少样本数。"),
    "pseudo.code.late": ("图 4.2 中没有停止条件这一行：`dtree_core/reference.py` 的 `generate` "
                         "中调用 `late_stops`，在第 8 行选出 a* 之后，检查其得分是否小于最小增益，"
                         "以及划分能否留下两个权重不小于分支最小权重的分支。"),
    # 李航《统计学习方法》算法 5.2（ID3）与 5.3（C4.5），逐步；"*" 行为本应用的停止条件
    "pseudo.lihang.title": "李航《统计学习方法》算法 {number}",
    "pseudo.lihang.5.2.title": "李航《统计学习方法》算法 5.2（ID3 算法）",
    "pseudo.lihang.5.3.title": "李航《统计学习方法》算法 5.3（C4.5 的生成算法）",
    "pseudo.lihang.input": ("输入：训练数据集 D，特征集 A，阈值 ε = {epsilon}（侧边栏“划分所需的最"
                            "小增益”）"),
    "pseudo.lihang.5.3.input": ("输入：训练数据集 D，特征集 A，阈值 ε = {epsilon}（侧边栏“划分所需"
                                "的最小增益”，此处用来与信息增益比作比较）"),
    "pseudo.lihang.1": ("若 D 中所有实例属于同一类 Cₖ，则 T 为单结点树，并将类 Cₖ 作为该结点的类标"
                        "记，返回 T；"),
    "pseudo.lihang.2": ("若 A = ∅，则 T 为单结点树，并将 D 中实例数最大的类 Cₖ 作为该结点的类标记"
                        "，返回 T；"),
    "pseudo.lihang.opt": ("若满足某个停止条件（最大深度、最少样本数），则置 T 为单结点树，并将 D "
                          "中实例数最大的类作为该结点的类标记，返回 T；"),
    "pseudo.lihang.5.2.3": ("否则，按算法 5.1 计算 A 中各特征对 D 的信息增益，选择信息增益最大的特"
                            "征 A_g；"),
    "pseudo.lihang.5.3.3": ("否则，按式 (5.10) 计算 A 中各特征对 D 的信息增益比，选择信息增益比最"
                            "大的特征 A_g；"),
    "pseudo.lihang.branch_weight": ("若没有哪个特征能划分出两个权重都不小于分支最小权重的分支（C4."
                                    "5 的 MINOBJS），则置 T 为单结点树，并将 D 中实例数最大的类作"
                                    "为该结点的类标记，返回 T；"),
    "pseudo.lihang.5.2.4": ("如果 A_g 的信息增益小于阈值 ε，则置 T 为单结点树，并将 D 中实例数最大"
                            "的类 Cₖ 作为该结点的类标记，返回 T；"),
    "pseudo.lihang.5.3.4": ("如果 A_g 的信息增益比小于阈值 ε，则置 T 为单结点树，并将 D 中实例数最"
                            "大的类 Cₖ 作为该结点的类标记，返回 T；"),
    "pseudo.lihang.4.fired": "{symbol} = {value} < ε = {epsilon}",
    "pseudo.lihang.5": ("否则，对 A_g 的每一可能值 aᵢ，依 A_g = aᵢ 将 D 分割为若干非空子集 Dᵢ，将 "
                        "Dᵢ 中实例数最大的类作为标记，构建子结点，由结点及其子结点构成树 T，返回 T"
                        "；"),
    "pseudo.lihang.5.keep": ("否则，按 A_g 的切分点 t 将 D 分割为 D₁ = {{A_g ≤ t}}、"
                             "D₂ = {{A_g > t}} "
                             "两个非空子集（连续特征，周志华 §4.4.1），将各子集中实例数最大的类作"
                             "为标记，构建子结点，由结点及其子结点构成树 T，返回 T；"),
    "pseudo.lihang.6": ("对第 i 个子结点，以 Dᵢ 为训练集，以 A − {{A_g}} 为特征集，递归地调用步 (1)"
                        "～步 (5)，得到子树 Tᵢ，返回 Tᵢ"),
    "pseudo.lihang.6.keep": ("对第 i 个子结点，以 Dᵢ 为训练集，以 A 为特征集（连续特征 A_g 不从 A "
                             "中去掉，其后代结点仍可按它划分，周志华 §4.4.1），递归地调用步 (1)～"
                             "步 (5)，得到子树 Tᵢ，返回 Tᵢ"),
    "pseudo.lihang.output": "输出：决策树 T",
    "pseudo.lihang.fired": "A_g = {attribute}",
    "pseudo.lihang.fired.threshold": "A_g = {attribute}，切分点 t = {threshold}",
    "pseudo.lihang.fired.forced": "A_g = {attribute}，在此强制指定",
    "pseudo.lihang.fired.random": "A_g = {attribute}，随机抽取",
    "pseudo.lihang.5.2.not.same_values": ("注：算法 5.2 没有单列这种情形：D 中所有实例在 A 的每个"
                                          "特征上取值都相同，各特征的信息增益都为 0。若 ε > 0，步 "
                                          "(3)(4) 得到同样的叶结点；若 ε = 0，步 (5) 只得到一个子"
                                          "集 D₁ = D，要逐个去掉特征直到步 (2)，类标记相同。本应用"
                                          "按周志华图 4.2 第 5–6 行直接把它标记为叶结点，类别为 D "
                                          "中实例数最大的类。"),
    "pseudo.lihang.5.3.not.same_values": ("注：算法 5.3 没有单列这种情形：D 中所有实例在 A 的每个"
                                          "特征上取值都相同，各特征的 H_A(D) = 0，信息增益比 g_R(D"
                                          ", A) 为 0/0，步 (3) 无从比较。本应用按周志华图 4.2 第 5"
                                          "–6 行把它标记为叶结点，类标记为 D 中实例数最大的类。"),
    "pseudo.lihang.not.empty": ("注：算法 {number} 不为父结点的 D 中没有出现的取值构建子结点（步 ("
                                "5) 只保留非空子集）。本应用按周志华图 4.2 第 11–12 行处理这个分支"
                                "：标记为叶结点，类标记为父结点中实例数最大的类。"),
    "pseudo.lihang.not.empty_children": ("注：本应用还为 D 中没有出现的取值 {values} 生成了分支（"
                                         "周志华图 4.2 第 11–12 行），算法 {number} 步 (5) 不生成"
                                         "这些子结点。"),
    "pseudo.lihang.not.missing": ("注：算法 {number} 没有处理缺失值。本应用按周志华 §4.4.2：步 (3)"
                                  " 中有缺失值的特征在 D̃（该特征上无缺失的实例）上计算，再乘以 ρ"
                                  "（式 4.12）；A_g 上取值缺失的实例以权重 r̃ᵢ 同时进入每个 Dᵢ，所"
                                  "以各 Dᵢ 并不是 D 的划分。"),
    "pseudo.lihang.not.missing_scores": ("注：算法 {number} 没有处理缺失值。本应用按周志华 §4.4.2"
                                         "：步 (3) 中有缺失值的特征在 D̃（该特征上无缺失的实例）上"
                                         "计算，再乘以 ρ（式 4.12）。"),
    "pseudo.lihang.5.3.not.missing": (
        "注：算法 5.3 没有处理缺失值。本应用按周志华 §4.4.2 与 Quinlan 的 C4.5：步 (3) 中特征的"
        "信息增益在 D̃（该特征上无缺失的实例）上计算，再乘以 ρ（式 4.12）；H_A(D) 则把取值缺失的"
        "实例算作多出的一个分支，所以 g_R(D, A) = ρ·g(D̃, A) / H_A(D)；A_g 上取值缺失的实例以"
        "权重 r̃ᵢ 同时进入每个 Dᵢ，所以各 Dᵢ 并不是 D 的划分。"),
    "pseudo.lihang.5.3.not.missing_scores": (
        "注：算法 5.3 没有处理缺失值。本应用按周志华 §4.4.2 与 Quinlan 的 C4.5：步 (3) 中特征的"
        "信息增益在 D̃（该特征上无缺失的实例）上计算，再乘以 ρ（式 4.12）；H_A(D) 则把取值缺失的"
        "实例算作多出的一个分支，所以 g_R(D, A) = ρ·g(D̃, A) / H_A(D)。"),
    "pseudo.lihang.not.pre_pruned": ("注：预剪枝（周志华 §4.3.1）拒绝了步 (3) 选出的划分，因为它"
                                     "没有提高验证集精度；算法 {number} 的步骤中没有生成此叶结点"
                                     "的一步。"),
    "pseudo.lihang.not.pruned": ("注：剪枝在决策树生成之后把此子树替换为叶结点，算法 {number} 的生"
                                 "成步骤中没有这一步。"),
    "pseudo.lihang.not.raised": ("注：C4.5 的子树提升在决策树生成之后把此叶结点上移（最大分支中一个"
                                 "叶结点的副本），算法 {number} 的生成步骤中没有这一步。"),
    "pseudo.lihang.code.opt": ("算法 {number} 中没有这些停止条件：`dtree_core/reference.py` 的 `ge"
                               "nerate` 中调用 `early_stops`，在计算各特征的得分之前检查最大深度和"
                               "最少样本数。"),
    "pseudo.lihang.code.branch_weight": ("算法 {number} 中没有这一条件：`dtree_core/reference.py` "
                                         "的 `generate` 中调用 `late_stops`，在计算得分之后检查划"
                                         "分能否留下两个权重不小于分支最小权重的分支。"),
    "pseudo.lihang.code.4": ("步 (4)：`dtree_core/reference.py` 的 `generate` 中调用 `late_stops`"
                             "；得分小于 `options.min_gain`（ε）时置为叶结点。"),
    # 李航算法 5.6（CART 生成算法），按书中文字；“*”行是本应用的限制
    "pseudo.lihang.5.6.title": "李航《统计学习方法》算法 5.6（CART 生成算法）",
    "pseudo.lihang.5.6.input": "输入：训练数据集 D，停止计算的条件",
    "pseudo.lihang.5.6.output": "输出：CART 决策树",
    "pseudo.lihang.5.6.opt": ("若结点已达最大深度（本应用的限制，书中没有），则不再切分，该结点为叶"
                              "结点，类标记为 D 中实例数最大的类"),
    "pseudo.lihang.5.6.1": ("设结点的训练数据集为 D，计算现有特征对该数据集的基尼指数：对每一个特征"
                            " A，对其可能取的每个值 a，根据⟦样本⟧点对 A = a 的测试为“是”或“否”将 D "
                            "分割成 D₁ 和 D₂ 两部分，利用式 (5.25) 计算 A = a 时的基尼指数"),
    "pseudo.lihang.5.6.late": ("若最优切分使基尼指数的下降 ρ·(Gini(D̃) − Gini(D̃, A)) 小于最小增益，"
                               "或没有哪个切分能使两个子结点的权重都不小于分支最小权重（本应用的"
                               "限制，书中没有），则该结点为叶结点"),
    "pseudo.lihang.5.6.2": ("在所有可能的特征 A 以及它们所有可能的切分点 a 中，选择基尼指数最小的"
                            "特征及其对应的切分点作为最优特征与最优切分点；依最优特征与最优切分点，"
                            "从现结点生成两个子结点，将训练数据集依特征分配到两个子结点中去"),
    "pseudo.lihang.5.6.3": ("对两个子结点递归地调用 (1)、(2)，直至满足停止条件：结点中的⟦样本⟧个数"
                            "小于预定阈值（侧边栏的最少样本数），或⟦样本⟧集的基尼指数小于预定阈值"
                            "（⟦样本⟧基本属于同一类），或者没有更多特征"),
    "pseudo.lihang.5.6.4": "生成 CART 决策树",
    "pseudo.lihang.5.6.not.same_values": (
        "注：D 中所有实例在每个特征上的取值都相同，没有哪个切分点能把 D 分成两个非空部分，算法 5.6 "
        "没有单列这种情形。本应用按周志华图 4.2 第 5–6 行，把它作为叶结点，类标记为 D 中实例数最大"
        "的类。"),
    "pseudo.lihang.5.6.not.empty": (
        "注：算法 5.6 的两个子结点都有实例；这个子结点在父结点中没有实例。本应用按周志华图 4.2 "
        "第 11–12 行，把它作为叶结点，类标记为父结点中实例数最大的类。"),
    "pseudo.lihang.5.6.not.empty_children": (
        "注：本应用还为取值 {values} 生成了分支，D 中没有实例取这些值（周志华图 4.2 第 11–12 行）；"
        "算法 5.6 不生成这样的子结点。"),
    "pseudo.lihang.5.6.not.missing": (
        "注：算法 5.6 不处理缺失值。本应用按周志华 §4.4.2：步 (1) 中有缺失值的特征只按 D̃（取值已知"
        "的实例）计算，其基尼指数的下降按 ρ 加权，即 ρ·(Gini(D̃) − Gini(D̃, A))；A_g 缺失的实例以"
        "权重 r̃ᵢ 进入两个子结点，所以 D₁、D₂ 不是 D 的划分。"),
    "pseudo.lihang.5.6.not.missing_scores": (
        "注：算法 5.6 不处理缺失值。本应用按周志华 §4.4.2：步 (1) 中有缺失值的特征只按 D̃（取值已知"
        "的实例）计算，其基尼指数的下降按 ρ 加权。"),
    "pseudo.lihang.5.6.not.pre_pruned": (
        "注：预剪枝（周志华 §4.3.1）否决了步 (2) 选出的切分，因为它没有提高验证集精度；这个叶结点"
        "不是算法 5.6 的某一步生成的。"),
    "pseudo.lihang.5.6.not.threshold": (
        "注：算法 5.6 对离散特征按 A = a 是否成立切分；连续特征 A_g 在切分点 t 处分为 A_g ≤ t 与 "
        "A_g > t 两部分（周志华 §4.4.1），t 取相邻取值的中位点中基尼指数最小者。"),
    "pseudo.lihang.5.6.not.grouped": (
        "注：算法 5.6 按 A = a 是否成立切分；这里 A_g 在 D 中的取值两侧各有多个"
        "（{left} | {right}），这是 CART 在所有二分切分中找到的最优切分，不一定是一个取值对其余"
        "取值。"),
    "pseudo.lihang.5.6.not.search.partitions": (
        "注：对 {features}，这里的步 (1) 不只计算了 A = a 与 A ≠ a 的切分，还计算了 A 在 D 中取值的"
        "所有二分划分（包括两侧各有多个取值的，Breiman 的 CART），并取每个特征的最优者。"),
    "pseudo.lihang.5.6.not.search.ordered": (
        "注：{features} 的取值多于 {limit} 个，这里的步 (1) 按结点多数类所占比例给 D 中的取值排序，"
        "只计算了该顺序上的各个切分（Breiman 等 1984，定理 4.5：两类时即为最优二分划分，"
        "多类时不一定），并取每个特征在其中的最优者。"),
    "pseudo.lihang.5.6.not.search.cuts": (
        "注：这里的步 (1) 把连续特征（{features}）在相邻取值的中位点 t 处分为 A ≤ t 与 A > t 两部分"
        "（周志华 §4.4.1），而不是按 A = a 切分，并取每个特征的最优者。"),
    "pseudo.lihang.5.6.code.opt": (
        "最大深度不在算法 5.6 中（最少样本数是它步 (3) 的停止条件）：`generate`"
        "（`dtree_core/reference.py`）中对 `early_stops` 的调用在计算任何特征之前检查二者。"),
    "pseudo.lihang.5.6.code.late": (
        "不在算法 5.6 中：`generate`（`dtree_core/reference.py`）中对 `late_stops` 的调用在计算"
        "之后检查最优切分使基尼指数下降的量是否达到最小增益，以及两个子结点是否都达到分支最小权重。"),
    # ---- issue 5: compare, evaluate, predict and export pages
    "page.compare": "比较算法",
    "page.evaluate": "评估",
    "page.predict": "预测",
    "page.export": "规则与导出",
    "lab.failed": "无法生成这些决策树：{reason}",
    "lab.split_failed": "无法为评估划分这些数据：{reason}",
    # core error codes (ui.setup.error_text): SplitError, dtree_core.evaluate
    "error.holdout_share": "留出的比例必须在 0 和 1 之间；现在是 {value}。",
    "error.holdout_rows": "至少需要两行数据才能留出一部分；现在只有 {rows} 行。",
    "error.holdout_single_rows": ("每个类别都只有一行数据，留出任何一行，决策树都学不到它的类别；"
                                  "请增加数据或合并类别。"),
    "error.kfold_k": "k 折交叉验证要求 k 在 2 和数据行数（{rows}）之间；现在 k 是 {k}。",
    "error.kfold_lone_class": ("{k} 折交叉验证的第 {fold} 折，训练集只有一个类别（“{label}”）："
                               "另一个类别只有一行，用它作测试的那一折，训练集里就只剩“{label}”；"
                               "无论 k 或随机种子取什么都是如此，无法生成决策树。请改用留出法。"),
    "error.kfold_one_class": ("{k} 折交叉验证的第 {fold} 折，训练集只有一个类别（“{label}”），"
                              "无法生成决策树：请换一个 k 或随机种子，或改用留出法。"),
    # load errors (dtree_core.loading.LoadError codes; details may hold more than is used)
    "error.not_found": "找不到文件：{path}。",
    "error.directory": "“{path}”是目录，不是数据文件。",
    "error.unreadable": "无法读取“{path}”。",
    "error.empty": "文件或工作表是空的。",
    "error.empty_sheet": "“{name}”的工作表“{sheet}”是空的；请选择另一个工作表。",
    "error.too_large": ("文件大小为 {size_mb} MB，超过了 {limit_mb} MB 的上限：请只保留需要的行和列"
                        "后另存，或对数据行抽样。"),
    "error.binary": "这不是文本表格；请把数据另存为 CSV（UTF-8）或 Excel .xlsx 工作簿。",
    "error.old_xls": ("“{name}”是旧版 Excel .xls（或其他旧版 Office）文件，本工具无法读取；"
                      "请用 Excel 打开它，另存为 .xlsx 或 CSV（UTF-8）。"),
    "error.xlsx_text_name": ("“{name}”是 Excel 工作簿，却用了文本文件的文件名；请把它改名为 .xlsx，"
                             "或另存为 CSV。"),
    "error.web_page": ("“{name}”是网页（HTML），不是表格文件；请用 Excel 打开它，另存为 .xlsx "
                       "或 CSV。"),
    "error.xml_spreadsheet": ("“{name}”是 Excel 2003 XML 电子表格；请用 Excel 打开它，另存为 .xlsx "
                              "或 CSV。"),
    "error.encoding": ("无法用这种编码解码文件；请换一种编码（例如 GB18030 或 UTF-8）"
                       "后重新加载。"),
    "error.encoding_unknown": "未知的编码“{encoding}”。",
    "error.encoding_mixed": ("“{name}”在第 {line} 行之前都是 UTF-8，第 {line} 行含有另一种"
                             "编码的字节（是不是从 GBK 文件粘贴来的行？）；没有一种编码能同时"
                             "读取这两部分：请把这些行原来所在的文件另存为 UTF-8，再重新粘贴"
                             "这些行。"),
    "error.encoding_byte": ("无法用这种编码（{encoding}）解码“{name}”：位置 {position} 的字节 "
                            "0x{byte} 无法解码；请换一种编码（例如 GB18030 或 UTF-8）。"),
    "error.encoding_lines": ("“{name}”不是 {encoding} 编码：按它解码后，文件中的 {lines} 个换行"
                             "都不见了；请换一种编码（例如 GB18030 或 UTF-8）。"),
    "error.open_quote": "第 {line} 行开始的引号一直没有闭合。",
    "error.bad_quote": ("第 {line} 行某个值的右引号后面还有文字；"
                        '引号内的引号要写成两个引号（""）。'),
    "error.xlsx": "这不是可读取的 Excel .xlsx 工作簿。",
    "error.sheet": "工作簿中没有这个工作表。",
    "error.sheet_number": "工作簿只有 {count} 个工作表，没有第 {number} 个。",
    "error.chart_sheet": ("“{name}”的工作表“{sheet}”是图表，不是表格；包含表格的工作表有："
                          "{names}。"),
    "error.ragged_quote": ("第 {line} 行有一个引号没有正确闭合，因此有 {found} 个值，"
                           "而不是 {expected} 个。"),
    "error.header_only": "只有表头行，没有数据行。",
    "error.one_column": ("只找到一列，没有可用于划分的属性；"
                         "请用逗号、分号、制表符或全角逗号分隔各个值。"),
    "error.ragged": "第 {line} 行的值的个数与表头的列数不同；含有分隔符的值请加引号。",
    "error.duplicate_column": "列名“{column}”在表头中出现了两次。",
    "error.force.syntax": "强制划分的写法是 路径=属性（例如 root=纹理），这里是“{text}”。",
    "error.kind_conflict": "列“{column}”不能既是离散属性又是连续属性。",
    "error.target_empty": "目标列“{column}”没有任何取值。",
    "error.no_attributes": "除目标列“{column}”外已没有属性列；请至少选择一个属性。",
    "error.unknown_target": "没有名为“{column}”的目标列。",
    "error.title_row": ("第一行只有一个值（“{title}”），下一行有 {found} 个：它看起来是表格上方的"
                        "标题，而不是表头。请删除表头上方的行后重新上传文件。"),
    "error.group_titles": ("第一行的（{titles}）写在 {found} 个列名的上方：它们看起来是表头上方合并"
                           "单元格里的标题，而不是表头。请只保留一行表头，把每一列的名称都写在这一行"
                           "里，然后重新上传文件。"),
    "error.title_rows": ("前 {count} 行各只有一个值（{titles}），下一行有 {found} 个：它们看起来是"
                         "表格上方的标题，而不是表头。请删除表头上方的行后重新上传文件。"),
    "error.too_many_values": ("列“{column}”有 {values} 个不同取值，多路划分的分支太多，无法画出"
                              "（上限为 {limit}）：请把它从“使用的属性”中去掉；若它是数值，"
                              "可在“视为连续属性”中选中它；或在文件中合并它的取值。"),
    "error.unknown_column": "没有名为“{column}”的列。",
    "error.text_continuous": "列“{column}”不能作为连续属性：其中有文本值。",
    "error.target_missing": "目标列有缺失值；请先删除这些行。",
    "error.id_target": ("目标列“{column}”的 {rows} 行取值各不相同，像是给各行编号的 ID 列，而不是"
                        "类别：请选择存放类别的那一列。"),
    "error.numeric_target": ("目标列“{column}”是有 {values} 个不同取值的数值，这是回归问题；"
                             "本工具做分类，请选择类别列，或先把数值分成若干区间。"),
    "error.one_class": "目标列“{column}”只有一个类别；决策树至少需要两个类别。",
    "lab.config.count": "配置数",
    "lab.config.header": "配置 {n}",
    "lab.config.algorithm": "算法",
    "lab.config.options": "选项",
    "lab.config.depth": "深度 ≤ {depth}",
    "lab.config.min_samples": "最少样本数 {n}",
    "lab.config.min_gain": "最小增益 {gain}",
    "lab.config.seed": "随机种子 {seed}",
    "lab.config.label": "{name}（{options}）",
    "lab.config.prune.pre": "预剪枝",
    "lab.config.prune.rep": "错误率降低剪枝",
    "lab.config.prune.pep": "悲观剪枝",
    "lab.config.prune.ccp": "代价复杂度剪枝",
    "lab.config.prune.cost": "损失函数剪枝",
    "lab.split.test_size": "留出比例",
    "lab.split.seed": "划分的随机种子",
    "lab.split.method": "方法",
    "lab.split.method.holdout": "留出法（分层采样）",
    "lab.split.method.kfold": "k 折交叉验证（分层采样）",
    "lab.split.k": "折数（k）",
    "cmp.intro": ("用每个配置在同一份数据“{dataset}”上生成决策树。决策树、结点数和训练集精度"
                  "使用全部数据；测试集精度来自在一次固定随机种子的分层划分上生成的决策树。"),
    "cmp.intro.validated": ("用每个配置在同一份数据“{dataset}”上生成决策树。训练集精度使用全部"
                            "数据；不依据验证集剪枝的配置，其决策树和结点数也使用全部数据（其余配置"
                            "见下文）；测试集精度来自在一次固定随机种子的分层划分上生成的决策树。"),
    "cmp.view": "决策树",
    "cmp.view.end": "各自生成完毕",
    "cmp.view.together": "同步逐步生成",
    "cmp.step": "步骤（每棵树到自己的最后一步为止）",
    "cmp.not_grown": "无法生成这一配置的决策树。{reason}",
    "cmp.summary": "概览",
    "cmp.col.config": "配置",
    "cmp.col.nodes": "结点数",
    "cmp.col.leaves": "叶结点数",
    "cmp.col.depth": "深度",
    "cmp.col.train_accuracy": "训练集精度",
    "cmp.ties": "{label}：{sentence}",
    "cmp.col.test_accuracy": "测试集精度",
    "cmp.scores": "某一结点的得分表（所有划分准则）",
    "cmp.scores.rows": ("这些决策树是在不同的样本上生成的（上文给出了各自的样本数），同一路径上的"
                        "结点在各棵树中所含样本不同，因此不把它们的得分合并成一张表。"),
    "cmp.node": "结点（从根结点出发的路径，每棵树中都有）",
    "cmp.node.kept": ("你选的结点“{node}”现在并非每棵树都有：表格显示根结点，等每棵树都有它时"
                      "再显示它。"),
    "cmp.col.gini_multiway": "Gini_index（多路划分）",
    "cmp.col.gini_binary": "Gini_index（最优二分）",
    "cmp.col.pick": "{label} ✓",
    "cmp.tied_mark": "= 表示该属性与此配置选中的 ✓ 并列：按并列规则选了 ✓。",
    "cmp.tied_mark.axis": ("{labels} 选用线性划分，它不对应任何一行，也不与任何单个属性"
                           "并列：其列中的 = 表示并列最优的单属性，即线性划分所胜过的单属性"
                           "划分。"),
    "cmp.binary_elsewhere": ("连续属性的 {column} 取在基尼指数最小的划分点，与同一行的 t "
                             "不是同一个划分点：{items}。"),
    "cmp.binary_elsewhere.item": "{attribute} 在 t = {cut} 处为 {best}（在 t = {t} 处为 {at_t}）",
    "cmp.binary_elsewhere.item_uncut": ("{attribute} 在另一划分点处为 {best}"
                                        "（在 t = {t} 处为 {at_t}）"),
    "cmp.binary_only": ("只有二分划分的树（CART）有这个结点，所以 Gain、IV 和 Gain_ratio "
                        "都是针对它们的二分划分计算的。"),
    "cmp.chart": ("各算法在此结点、在它可以划分的属性上的划分准则，按其最优值缩放为 1（C4.5 "
                  "只在信息增益不低于平均值的属性中选择，所以它选中的属性可能低于 1；最差基线"
                  "的柱高为其最低信息增益除以各属性的信息增益）"),
    "cmp.chart.y": "相对于最优值",
    "cmp.chart.random": "{names} 随机抽取属性，因此图中没有它的数据。",
    "cmp.first": "这些决策树最先在哪里出现分歧",
    "cmp.why.none": "在共有的每个结点上，这些决策树都做出了相同的决策。",
    "cmp.why.root": "在根结点",
    "cmp.why.node": "在“{path}”处",
    "cmp.why.pick": "{label} 按 {criterion} 选择 {attribute}（{value}{rivals}）{at}",
    "cmp.why.pick.lowest": "{label} 按最低的 {criterion} 选择 {attribute}（{value}{rivals}）{at}",
    # after the bracket of numbers: one bracket after another read as a slip
    "cmp.why.at": "，划分点 t = {t}",
    "cmp.why.mean_gain": "，候选范围是 Gain ≥ 平均值 {mean} 的属性",
    "cmp.why.left_out": "，这排除了 {attributes}",
    "cmp.why.ties": "，与 {ties} 并列（{rule}）",
    "cmp.why.axis_ties": "，优于并列最优的单属性 {ties}（均为 {value}）",
    "cmp.why.tie_break.first": "取列顺序最靠前的",
    "cmp.why.tie_break.last": "取列顺序最靠后的",
    "cmp.why.tie_break.random": "由固定种子的随机抽取决定",
    "cmp.why.forced": "{label} 选择 {attribute}（强制指定）{at}",
    "cmp.why.random": "{label} 随机抽到 {attribute}{at}",
    "cmp.why.leaf": "{label} 在此停止划分，因为{reason}",
    "cmp.why.leaf.tied": "{reason}（{tie}）",
    "cmp.why.shape": "{where}，每棵树都用 {attribute} 划分，但分支不同：{clauses}。",
    "cmp.why.shape.clause": "{label}：{branches}",
    "cmp.why.among": "{labels} 在上述结点的决策相同，到更深的结点才出现分歧。{sentence}",
    "cmp.why.among.elsewhere": ("{labels} 在上述结点的决策相同，在另一个共有结点上出现分歧。"
                                "{sentence}"),
    "cmp.why.among.none": "{labels} 在其余共有的每个结点上都做出相同的决策。",
    "cmp.why.rows": ("这些决策树是在不同的样本上生成的（{clauses}），同一路径上的结点在各棵树中"
                     "所含样本不同，因此不比较它们的选择。"),
    "cmp.why.rows.clause": "{labels} 用了 {n} 个样本",
    # the same number of samples as a group named before (也), but other samples or weights
    "cmp.why.rows.clause.other": "{labels} 也用了 {n} 个样本，但样本或权重不同",
    "cmp.why.rows.clause.other.one": "{labels} 也用了 {n} 个样本，但样本或权重不同",
    "cmp.why.rows.among": "{labels} 是在相同的样本上生成的。{sentence}",
    "cmp.why.rows.among.none": ("{labels} 是在相同的样本上生成的，在共有的每个结点上都做出"
                                "相同的决策。"),
    "cmp.why.sentence": "{where}，{clauses}。",
    # forced splits a tree the sidebar did not grow could not make (trace.unmatched_force)
    "force.unmatched.folds": ("在“{path}”处指定的划分在 {k} 棵交叉验证树中有 {n} 棵无法实现："
                              "这些树在该处按算法自己的选择生成。"),
    "force.unmatched.all": ("在“{path}”处指定的划分在全部 {k} 棵交叉验证树中都无法实现："
                            "这些树在该处按算法自己的选择生成。"),
    "force.unmatched.one": "在“{path}”处指定的划分无法在“{tree}”中实现：该处按算法自己的选择生成。",
    "force.tree.fold": "{k} 棵交叉验证树中的一棵",
    "force.tree.holdout": "用训练集生成的决策树",
    "force.tree.holdout_of": "{label} 用训练集生成的决策树",
    "force.tree.config": "{label} 的决策树",
    "eval.intro": ("在训练集上生成决策树，再在它从未见过的数据上评估"
                   "（共 {rows} 个样本，选项取自侧边栏）。"),
    "eval.algorithms": "算法",
    "eval.pick_one": "请至少选择一个算法。",
    # how the split departs from the stratified one asked for (Evaluation.notes, by code)
    "eval.note.single_row": ("这些类别只有一行数据，它留在训练集中，因此这些类别都没有被测试："
                             "{classes}。"),
    "eval.note.single_row.one": "这个类别只有一行数据，它留在训练集中，因此没有被测试：{classes}。",
    "eval.note.kept": "留出了 {size} 行而不是 {asked} 行：每个类别都在训练集中保留一行。",
    "eval.note.kept.one": "留出了 {size} 行而不是 {asked} 行：每个类别都在训练集中保留一行。",
    "eval.note.grown": "留出了 {size} 行而不是 {asked} 行：每个类别留出一行，使每个类别都被测试。",
    "eval.note.untested": ("分层划分按各类别的样本数成比例地分配留出的样本，这些类别一行也没分到，"
                           "因此都没有被测试：{classes}。"),
    "eval.note.untested.one": ("分层划分按各类别的样本数成比例地分配留出的样本，这个类别一行也没"
                               "分到，因此没有被测试：{classes}。"),
    "eval.note.untrained": ("分层划分按各类别的样本数成比例地分配训练样本，这些类别一行也没分到，"
                            "因此决策树学不到它们：{classes}。"),
    "eval.note.untrained.one": ("分层划分按各类别的样本数成比例地分配训练样本，这个类别一行也没"
                                "分到，因此决策树学不到它：{classes}。"),
    "eval.note.few_rows": "这些类别的行数少于 k = {k}，因此有些折中没有它们的测试样本：{classes}。",
    "eval.note.few_rows.one": ("这个类别的行数少于 k = {k}，因此有些折中没有它的测试样本："
                               "{classes}。"),
    "eval.note.unstratified": ("每个类别的行数都少于 k = {k}，因此各折没有分层"
                               "（只是按固定种子随机打乱）。"),
    "eval.ties.one": ("有 1 个测试样本的预测在多个类别间并列：它被计为并列类别中在其决策树训练集里"
                      "最先出现的那个（{labels}）。"),
    "eval.ties.many": ("有 {n} 个测试样本的预测在多个类别间并列：每个都被计为并列类别中在其决策树"
                       "训练集里最先出现的那个（{labels}）。"),
    "eval.train_ties.one": ("有 1 个训练样本的预测在多个类别间并列：它被计为并列类别中在决策树"
                            "训练集里最先出现的那个（{labels}）。"),
    "eval.train_ties.many": ("有 {n} 个训练样本的预测在多个类别间并列：每个都被计为并列类别中在"
                             "决策树训练集里最先出现的那个（{labels}）。"),
    "eval.train_ties.kfold.one": ("各折决策树对各自训练集的预测中（一个样本在它参与训练的每一折"
                                  "各预测一次），有 1 个在多个类别间并列：它被计为并列类别中在其"
                                  "决策树训练集里最先出现的那个（{labels}）。"),
    "eval.train_ties.kfold.many": ("各折决策树对各自训练集的预测中（一个样本在它参与训练的每一折"
                                   "各预测一次），有 {n} 个在多个类别间并列：每个都被计为并列类别"
                                   "中在其决策树训练集里最先出现的那个（{labels}）。"),
    "list.join": "、",
    "list.semicolon": "；",
    "list.quoted": "“{name}”",
    "read_as.spaces": "“{written}”按属性 {attribute} 读取（忽略其中的空格）。",
    "read_as.case": "“{written}”按属性 {attribute} 读取（不区分大小写）。",
    "read_as.width": "“{written}”按属性 {attribute} 读取（不区分全角、半角）。",
    "read_as.case_width": "“{written}”按属性 {attribute} 读取（不区分大小写和全角、半角）。",
    "read_as.spaces_case": "“{written}”按属性 {attribute} 读取（忽略其中的空格，不区分大小写）。",
    "read_as.spaces_width": ("“{written}”按属性 {attribute} 读取（忽略其中的空格，不区分全角、"
                             "半角）。"),
    "read_as.spaces_case_width": ("“{written}”按属性 {attribute} 读取（忽略其中的空格，不区分"
                                  "大小写和全角、半角）。"),
    "sentence.pair": CLI_ZH["sentence.pair"],  # the command line's, one text
    "metric.delta_points": "{delta} 个百分点",
    "eval.accuracy": "测试集精度",
    "eval.accuracy.kfold": "交叉验证精度（各折留出样本的预测合在一起计算）",
    "eval.train_accuracy": "训练集精度",
    "eval.train_accuracy.kfold": "训练集精度（各折训练集精度的平均）",
    "eval.folds": "各折的精度：{values}（平均 {mean}）",
    "eval.report": "按类别",
    "eval.undefined": ("—：无定义（0/0）：从未被预测的类别没有查准率（TP + FP = 0），测试集中"
                       "没有样本的类别没有查全率（TP + FN = 0）；F1 = 2TP/(2TP + FP + FN) 只在"
                       "某类别既不在测试集中、也从未被预测时无定义。"),
    "eval.col.class": "类别",
    "eval.col.precision": "查准率",
    "eval.col.recall": "查全率",
    "eval.col.f1": "F1",
    "eval.col.support": "样本数",
    "eval.confusion": "混淆矩阵",
    "eval.confusion.true": "真实类别",
    "eval.confusion.pred": "预测类别",
    "eval.curve": "过拟合：精度随最大深度的变化",
    "eval.curve.algorithm": "曲线所用的算法",
    "eval.curve.train": "训练集",
    "eval.curve.test": "测试集",
    "eval.curve.x": "决策树的最大深度（此处 0 表示只有根结点这一个叶结点）",
    "eval.curve.y": "精度",
    "eval.curve.kfold": "k 折交叉验证时，曲线上每个点是 {k} 折精度的平均（即上面的“平均”），"
                        "不是把各折预测合在一起计算的交叉验证精度。",
    "pred.intro": "用侧边栏中以 {algorithm} 生成的决策树对一个新样本分类。",
    "pred.missing": "（缺失）",
    "pred.value.quoted": "“{value}”（数据中的取值）",
    "pred.submit": "预测",
    "pred.result": "预测的 {target}：**{label}**",
    "pred.result.tied": ("这是并列：{classes}的概率都是 {probability}；并列时取数据中排在前面的"
                         "类别“{label}”。"),
    "pred.col.class": "类别",
    "pred.col.probability": "概率",
    "pred.path": "决策树，框出了这个样本到达的结点",
    "pred.split_header": "缺失值在哪里把样本分开",
    "pred.split": ("在结点 #{node}，{attribute} 的值缺失，所以样本沿每个分支向下，"
                   "权重为各分支在训练数据中所占的比例："),
    "pred.split.more": ("另有 {more} 处划分因属性取值缺失而把样本分开，未逐一列出；"
                        "下面到达的叶结点的权重已包含它们。"),
    "pred.col.branch": "分支",
    "pred.col.weight": "权重",
    "pred.leaves": "到达的叶结点",
    "pred.col.leaf": "叶结点",
    "pred.col.path": "路径",
    "pred.rewritten": ("在结点 {nodes}，路径中写出的线性划分比图中多几位小数：用图中的权重手算，"
                       "这个样本会走向另一侧，而决策树用精确的权重计算 Σ wᵢ·aᵢ。这样写出的划分"
                       "条件把这个样本以及该结点的每个训练样本都送到决策树所送的一侧。"),
    "pred.col.label": "叶结点类别",
    "pred.fill": "填写表单后点击“预测”。",
    "exp.intro": "导出侧边栏中生成的决策树：{dataset}，{algorithm}。",
    "exp.tree": "决策树",
    "exp.dot": "DOT（Graphviz 源文件）",
    "exp.svg": "SVG 图片",
    "exp.svg.missing": ("生成 SVG 需要 Graphviz 的 dot 程序，而本服务器没有安装；请下载 DOT 文件，"
                        "在别处用 Graphviz 渲染。"),
    "exp.json": "JSON 生成过程记录（dtree-trace/1）",
    "exp.rules": "IF-THEN 规则，每个叶结点一条",
    "exp.rules.holdout": "在训练集上生成，在测试集上评估规则",
    "exp.rules.caption_holdout": ("这不是侧边栏中的决策树：这些规则编号为 H1、H2……，来自用侧边栏的"
                                  "设置只在 {train} 个训练样本上另外生成的一棵决策树，以便用它没有"
                                  "见过的 {test} 个留出样本评估每条规则的覆盖与精度。侧边栏决策树的"
                                  "规则编号为 R1、R2……（关闭此开关，或见下方各节）。"),
    "exp.rules.caption_holdout.carved": (
        "这不是侧边栏中的决策树：这些规则编号为 H1、H2……，来自用侧边栏的设置只在 "
        "{train} 个训练样本中的 {grown} 个上另外生成的一棵决策树（其余 {validation} 个"
        "由剪枝从训练样本中划出，作为它的验证集），以便用它没有见过的 {test} 个留出样本"
        "评估每条规则的覆盖与精度。侧边栏决策树的规则编号为 R1、R2……（关闭此开关，或见"
        "下方各节）。"),
    "exp.rules.caption_all": "{tree}的规则 R1、R2……",
    "exp.rules.sidebar_all": "侧边栏中用全部 {rows} 个样本生成的决策树",
    "exp.rules.sidebar_part": ("侧边栏中用 {total} 个样本中的 {rows} 个生成的决策树"
                               "（其余样本留作剪枝之用）"),
    "exp.rules.sidebar_section": ("{tree}的规则 R1、R2……，编号与上方关闭留出开关时的 IF-THEN "
                                  "规则一致。"),
    "exp.rule.prefix.holdout": "H",
    "exp.rules.undefined": "—：该规则不覆盖这一数据集中的任何样本，其精度无定义（0/0）。",
    "exp.rules.txt": "规则（文本）",
    "exp.rules.md": "规则（Markdown）",
    "exp.col.rule": "规则",
    "exp.col.if": "如果",
    "exp.col.then": "那么",
    "exp.rule.and": "且",
    "exp.rule.always": "恒成立（所有样本）",
    "exp.col.train_covered": "训练集覆盖样本数",
    "exp.col.train_coverage": "训练集覆盖率",
    "exp.col.train_accuracy": "训练集精度",
    "exp.col.test_covered": "测试集覆盖样本数",
    "exp.col.test_coverage": "测试集覆盖率",
    "exp.col.test_accuracy": "测试集精度",
    "exp.scores": "某一结点的得分表",
    "exp.node": "结点",
    "exp.csv": "CSV",
    "exp.md": "Markdown",
    "exp.latex": "LaTeX（booktabs）",
    "exp.latex.note": CLI_ZH["latex.note"],  # the command line's, one text
    "exp.cli": "用命令行生成同一棵决策树（在 {filename} 所在的目录运行）：",
    "exp.cli.pruned": ("该命令生成的 tree.dot 和 tree.svg 只画剪枝后的决策树；上方下载的 DOT 文件"
                       "（以及生成时的 SVG）还以灰色虚线画出剪枝时剪去的 {count} 个结点。"),
    "error.budget.rows": ("文件有 {figure} 行，超过本服务器 {allowed} 行的上限：请抽样，或使用不"
                          "设上限的命令行工具。"),
    "error.budget.rows.more_than": ("文件超过 {allowed} 行，即本服务器的上限：请抽样，或使用不设"
                                    "上限的命令行工具。"),
    "error.budget.columns": ("文件有 {figure} 列，超过本服务器 {allowed} 列的上限：请删去不需要"
                             "的列，或使用命令行工具。"),
    "error.budget.cells": ("文件有 {figure} 个单元格，超过本服务器 {allowed} 个的上限：请抽样或"
                           "删去一些列，或使用命令行工具。"),
    "error.budget.unpacked_bytes": ("工作表连同工作簿的共享部分（共享字符串、样式）解压后有 "
                                    "{figure} 字节，超过本服务器 {allowed} 字节的上限：请把这张"
                                    "工作表单独存为新的工作簿、缩短过长的文本，或另存为 CSV，"
                                    "或使用命令行工具。"),
    "error.budget.cells.more_than": ("文件超过 {allowed} 个单元格，即本服务器的上限：请抽样或删去"
                                     "一些列，或使用命令行工具。"),
    "error.budget.classes": ("目标列有 {figure} 个类别，超过本服务器 {allowed} 个的上限：请选择"
                             "存放类别的那一列，或把它的取值归并。"),
    "error.budget.classes.id_like": ("目标列的 {figure} 行取值各不相同，像是编号列，不是类别：请"
                                     "选择存放类别的那一列。"),
    "error.budget.nodes": ("决策树超过了本服务器 {allowed} 个结点的上限：请设置最大深度或增大“划"
                           "分所需的最少样本数”，或使用命令行工具。"),
    "error.budget.depth": ("决策树超过了本服务器 {allowed} 层的深度上限：请设置最大深度，或使用"
                           "命令行工具。"),
    "error.budget.seconds": ("生成决策树的时间超过了本服务器 {allowed} 秒的上限：请设置最大深度"
                             "或抽样，或使用命令行工具。"),
    "error.budget.seconds.pruning": ("生成并剪枝决策树的时间超过了本服务器 {allowed} 秒的上限："
                                     "请设置最大深度、换一种剪枝方法或抽样，或使用命令行工具。"),
    "error.budget.entries": ("决策树的下一层要计算 {figure} 个取值（该层的行数乘以属性数），超过"
                             "本服务器 {allowed} 个的上限：请对数据行抽样或减少属性，或使用"
                             "命令行工具。"),
    "error.budget.entries.copies": ("决策树的下一层要计算 {figure} 个取值（该层的行数乘以属性数），"
                                    "超过本服务器 {allowed} 个的上限：含缺失值的样本会以不同的权重"
                                    "同时划入每个分支（周志华 §4.4.2），这些副本逐层成倍增加。"
                                    "请设置分支最小权重（C4.5 的最少对象数）或最大深度，"
                                    "补全缺失值，或使用命令行工具。"),
    "error.memory": ("本服务器处理该请求时内存不足；你的数据和决策树保持原样。请设置最大深度，或"
                     "减少行数、列数。"),
}
