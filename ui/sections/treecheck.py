"""Catalogue section: "check my tree" and "why one tree is unstable" (see ui/sections/__init__.py).

Textbook terms: 决策树, 根结点, 叶结点, 分支, 划分属性, 信息增益 g(D,A), 信息增益比 g_R(D,A)
(Li Hang) / 增益率 (Zhou), 自助采样 (bootstrap sampling, Zhou §8.3.1), 多数投票 (majority
voting), Bagging, 测试集 / 留出 (held out).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "ex.tab.treecheck": "Check my tree",
    "ex.tab.instability": "Why one tree is unstable",
    # -- check my tree
    "tc.intro": ("Paste the tree your own program printed and it is compared with the "
                 "{algorithm} tree grown here, node by node, depth-first in the order "
                 "TreeGenerate decides them (Zhou Fig. 4.2), up to the first node that differs."),
    "tc.forms": ("Three forms are read: this app's trace JSON; the nested dict course code "
                 "builds, {example}, as JSON or a Python literal (a continuous attribute: "
                 "branches \"<=0.3815\" and \">0.3815\", or a key \"密度<=0.3815\" with 是/否 "
                 "branches); or indented text like the command line's, where under a line such "
                 "as 纹理? a branch may be its value alone (清晰: 是). Numbers in keys may be "
                 "rounded (0.382 for 0.3815)."),
    "tc.forms.example": "{open}attribute: {open}value: subtree or label{close}{close}",
    "tc.input": "Your tree",
    "tc.allow_empty": "Accept missing branches that no training sample reaches",
    "tc.allow_empty.help": ("Zhou's Fig. 4.2 (lines 11–13) makes a leaf for every value of the "
                            "attribute, even one no sample at the node has; course code that "
                            "branches on the values it sees leaves those branches out."),
    "tc.button": "Check my tree",
    "tc.form.trace": "trace JSON",
    "tc.form.nested": "nested dict",
    "tc.form.text": "indented text",
    "tc.read": "Read as {form}: {nodes} nodes.",
    "tc.match": ("Your tree is the {algorithm} tree: all {total} nodes agree (attributes, "
                 "branches and leaf labels)."),
    "tc.match.numbers": ("The same tree can still come from wrong numbers: Li Hang's exercise "
                         "5.1 gives C4.5's tree when the gain is divided by H(D) instead of "
                         "H_A(D). Paste a trace JSON to check its scores too, or download the "
                         "expected values below."),
    "tc.agreed": "{agreed} of the {total} nodes of the {algorithm} tree agreed before this one.",
    "tc.where": "At {where}:",
    "tc.root": "the root",
    "tc.diff.attribute": "your tree splits on {given}; the {algorithm} tree splits on {expected}.",
    "tc.diff.tied": ("your tree splits on {given}, which ties with {expected}. {rule} Not a "
                     "mistake: force {given} here on the Grow page to follow your tree."),
    "tc.diff.threshold": ("your tree cuts {expected_attribute} at {given}; the trace cuts it at "
                          "{expected}."),
    "tc.diff.tied_threshold": ("your tree cuts {expected_attribute} at {given}, where its "
                               "{criterion} is the same as at the trace's cut {expected}: of "
                               "tied thresholds the smallest is taken. Not a mistake."),
    "tc.diff.label": "your leaf says {given}; the trace's leaf says {expected}.",
    "tc.diff.leaf_at_split": ("your tree stops with the leaf {given}; the trace splits on "
                              "{expected}."),
    "tc.diff.split_at_leaf": ("your tree splits on {given}; the trace stops here with the leaf "
                              "{expected}."),
    "tc.diff.missing_branch": ("the split on {expected} has the branch {branch}, which your "
                               "tree lacks."),
    "tc.diff.missing_empty": ("No training sample reaches {branch}: Fig. 4.2 still makes it a "
                              "leaf labelled with the parent's majority. Tick the box above to "
                              "accept trees without such branches."),
    "tc.diff.extra_branch": "your branch {branch} is not one of the split on {expected}.",
    "tc.diff.score": ("your {field} of {attribute} is {given}; the trace's is {exact} "
                      "(tolerance {tolerance})."),
    # a name typed with spaces inside that, the spaces ignored, spells two columns or more
    "tc.diff.ambiguous_attribute": ("your tree's attribute '{given}' is not read: with its "
                                    "spaces ignored it could be any of the attributes "
                                    "{columns}; write it as the data spells it."),
    # … found only with its case or width folded too (reading.asked_variant)
    "tc.diff.ambiguous_attribute.spaces_case": ("your tree's attribute '{given}' is not read: "
                                                "with its spaces and case ignored it could be "
                                                "any of the attributes {columns}; write it as "
                                                "the data spells it."),
    "tc.diff.ambiguous_attribute.spaces_width": ("your tree's attribute '{given}' is not read: "
                                                 "with its spaces and full/half width ignored "
                                                 "it could be any of the attributes {columns}; "
                                                 "write it as the data spells it."),
    "tc.diff.ambiguous_attribute.spaces_case_width": (
        "your tree's attribute '{given}' is not read: with its spaces, case and full/half width "
        "ignored it could be any of the attributes {columns}; write it as the data spells it."),
    "tc.diff.ambiguous_attribute.spelling": ("your tree's attribute '{given}' is not read: in "
                                             "another case or width it could be any of the "
                                             "attributes {columns}, whose names differ only by "
                                             "case or width; write it as the data spells it."),
    "tc.why": "Why the trace decides so: {why}",
    "tc.scores": "The score table's rows for both attributes at this node:",
    "tc.scores.one": "The score table's row for this attribute at this node:",
    "tc.row.expected": "choice of {algorithm}",
    "tc.row.given": "yours",
    "tc.row.trace": "the trace",
    "tc.row.label": "whose",
    "tc.unknown_attribute": "{attribute} is not an attribute of this data: check its spelling.",
    "tc.not_candidate": ("{attribute} is not a candidate at this node: a nominal attribute is "
                         "used once on a path (or it has one known value here)."),
    "tc.error.empty": "Nothing was pasted.",
    "tc.error.too_long": "The text is {chars} characters long; a tree to check may have {limit}.",
    "tc.error.too_many_nodes": "The tree has more than {limit} nodes.",
    "tc.error.not_literal": ("The text starts like a dict but is not valid JSON or a Python "
                             "literal: {reason}"),
    "tc.error.trace_format": "This JSON is not a dtree-trace/1 trace (format: {format}).",
    "tc.error.trace_broken": "The trace JSON is incomplete: {reason}",
    "tc.error.one_key": ("A node of the nested form is a dict with one attribute as its key; "
                         "this one has {count} keys ({keys})."),
    "tc.error.branches_not_dict": ("Under the attribute {attribute} the branches must be a dict "
                                   "{{value: subtree or label}}."),
    "tc.error.bad_leaf": "A leaf must be a class label, not {leaf}.",
    "tc.error.no_lines": "No tree lines were found.",
    "tc.error.too_deep": "The tree is more than {limit} levels deep.",
    "tc.error.no_condition": "Line {line} has no branch condition such as 纹理=清晰.",
    "tc.error.second_root": "Line {line} starts a second tree: indent it under the first line.",
    "tc.error.bad_condition": ("Line {line}: {text} is not a branch condition such as 纹理=清晰 "
                               "or 密度<=0.3815."),
    "tc.error.bare_condition": ("Line {line}: {text} names no attribute: write it with one "
                                "(密度<=0.3815), or under a line asking the attribute (密度?)."),
    "tc.error.no_leaf": "Line {line}: the branch {text} has no leaf or subtree under it.",
    "tc.error.no_branches": "Line {line} splits but has no branches under it.",
    "tc.error.mixed_attributes": ("The branches under line {line} test different attributes "
                                  "({attributes})."),
    "tc.error.title_mismatch": "Line {line} says {title} but its branches test {attribute}.",
    "tc.file.header": "Expected values for students (a pytest file)",
    "tc.file.intro": ("A pytest file with this tree's chosen attributes, leaf labels and every "
                      "candidate's scores at each node, exact, compared within the tolerance. "
                      "Students save it beside their code as {name}, write build_tree (and, if "
                      "they like, info_gain, gain_ratio, gini_index) in their module and run "
                      "pytest on their own machines: no student code runs here."),
    "tc.file.module": "Students' module name",
    "tc.file.module.bad": "{module} is not a Python module name (letters, digits and _).",
    "tc.file.tolerance": "Tolerance",
    "tc.file.download": "Download the pytest file",
    "tc.file.missing": ("The data has missing values: the file checks the tree only (Zhou "
                        "§4.4.2's weighted rows are not a filter of whole rows)."),
    "tc.file.error.too_many_rows": ("The data has {rows} rows; an exercise file carries its "
                                    "data and takes at most {limit}."),
    "tc.file.error.oblique": "An oblique (linear) tree cannot be written as nested-dict branches.",
    "tc.file.error.pruned": ("This tree is pruned ({method}): the file carries the rows it grew "
                             "on but not the pruning (its parameters, or the validation rows it "
                             "judged by), so no student's code could build this tree from it. "
                             "Set the pruning method to \"{none}\" in the sidebar to download "
                             "the file for the tree as grown."),
    "tc.file.error.forced": ("This tree has {count} splits forced by hand: the file cannot tell "
                             "a student's build_tree about them, so a correct program would build "
                             "another tree. Remove the forced splits to download the file for the "
                             "tree the algorithm grows by itself."),
    "tc.file.error.forced.one": ("This tree has a split forced by hand: the file cannot tell a "
                                 "student's build_tree about it, so a correct program would "
                                 "build another tree. Remove the forced split to download the "
                                 "file for the tree the algorithm grows by itself."),
    "tc.file.error.random": ("{algorithm} picks each split attribute by a seeded random draw: no "
                             "student's code makes the same draws, so the file would fail a "
                             "correct program. Choose an algorithm that picks by a score (ID3, "
                             "C4.5, CART) to download the file."),
    "tc.file.error.random_ties": ("A tie in this tree was broken by a seeded random draw (the "
                                  "sidebar's tie rule): no student's code makes the same draw. "
                                  "Choose another tie rule (first or last in column order) to "
                                  "download the file."),
    # -- why one tree is unstable
    "inst.intro": ("One decision tree changes with small changes of its training samples (Zhou "
                   "ch. 8). Grow many trees with the sidebar's options, each on a bootstrap "
                   "sample of the training rows or with a few labels flipped, see how often the "
                   "root and the whole tree change, then let them vote: that is Bagging."),
    "inst.mode": "Each tree's training rows",
    "inst.mode.bootstrap": "Bootstrap sample (自助采样: n rows drawn with replacement)",
    "inst.mode.flip": "All rows, k labels flipped to another class",
    "inst.trees": "Number of trees N",
    "inst.trees.help": "This server grows at most {limit} trees of {rows} rows.",
    "inst.flips": "Labels flipped per tree k",
    "inst.seed": "Seed",
    "inst.test": "Share held out for testing",
    "inst.run": "Grow the trees",
    "inst.progress": "Growing tree {done} of {total}…",
    "inst.split": ("{train} training rows; {test} held-out rows (a seeded stratified split) "
                   "judge both the single tree and the vote."),
    "inst.unpruned": ("The sidebar's pruning needs validation rows these samples do not have: "
                      "all these trees are unpruned."),
    "inst.roots": "Root attribute of each tree",
    "inst.roots.axis": "trees",
    "inst.leaf_root": "(a single leaf)",
    "inst.root_summary": ("The root is {root} in {count} of {total} trees; {kinds} different "
                          "root attributes in all."),
    "inst.root_summary.tied": ("The root is {roots} in {count} of {total} trees each, a tie for "
                               "the most; {kinds} different root attributes in all."),
    "inst.root_summary.only": ("The root is {root} in {count} of {total} trees; no other "
                               "attribute is at a root."),
    "inst.root_summary.leaves": "{summary} {leaves} of the {total} trees are a single leaf.",
    "inst.root_summary.all_leaves": ("All {total} trees are a single leaf: none has a root "
                                     "attribute."),
    "inst.distinct": "Distinct trees",
    "inst.distinct.help": ("Trees that differ in any test, threshold, branch or leaf label "
                           "(the order the branches are listed in does not count). "
                           "{same} of the {total} are the single tree grown on all the training "
                           "rows."),
    "inst.single": "One tree, held-out accuracy",
    "inst.vote": "Majority vote (Bagging), held-out accuracy",
    "inst.mean": "Mean accuracy of the single trees",
    "inst.vote.sentence": ("On the {test} held-out rows, the majority vote (多数投票) of the "
                           "{total} trees is right on {vote}, one tree grown on all the "
                           "training rows on {single}, and the {total} trees one by one on "
                           "{mean} on average. A tied vote goes to the class that comes first "
                           "in the data."),
    "inst.small": ("With {test} held-out rows, one row is {step} of accuracy: on data this "
                   "small the comparison is a demonstration, not evidence."),
}

ZH: dict[str, str] = {
    "ex.tab.treecheck": "检查我的决策树",
    "ex.tab.instability": "为什么一棵树不稳定",
    "tc.intro": ("粘贴你自己的程序输出的决策树，与这里用 {algorithm} 生成的决策树逐个结点比较：按 "
                 "TreeGenerate（周志华图 4.2）决定结点的顺序深度优先，直到第一个不同的结点。"),
    "tc.forms": ("可读三种形式：本应用的生成过程 JSON；课程代码常用的嵌套字典 {example}（JSON 或"
                 " Python 字面量；连续属性的分支写作 \"<=0.3815\" 和 \">0.3815\"，或键写作 "
                 "\"密度<=0.3815\"、分支为 是/否）；或像命令行输出那样的缩进文本，在“纹理?”这样的"
                 "行之下，分支可以只写取值（清晰: 是）。键中的数可以四舍五入（0.382 代表 "
                 "0.3815）。"),
    "tc.forms.example": "{open}属性: {open}取值: 子树或类别{close}{close}",
    "tc.input": "你的决策树",
    "tc.allow_empty": "允许省略无训练样本到达的分支",
    "tc.allow_empty.help": ("周志华图 4.2（第 11–13 行）为属性的每个取值都生成分支，即使结点上没"
                            "有样本取该值；只按见到的取值分支的课程代码会省略这些分支。"),
    "tc.button": "检查我的决策树",
    "tc.form.trace": "生成过程 JSON",
    "tc.form.nested": "嵌套字典",
    "tc.form.text": "缩进文本",
    "tc.read": "按{form}读入：{nodes} 个结点。",
    "tc.match": ("你的决策树就是用 {algorithm} 生成的决策树：全部 {total} 个结点一致（划分属性、"
                 "分支和叶结点类别）。"),
    "tc.match.numbers": ("树相同，数值仍可能是错的：在李航习题 5.1 中，把信息增益除以 H(D) 而"
                         "不是 H_A(D)，得到的仍是 C4.5 的树。粘贴生成过程 JSON 可同时检查得"
                         "分，或下载下面的期望值文件。"),
    "tc.agreed": "用 {algorithm} 生成的决策树共 {total} 个结点，在此之前有 {agreed} 个一致。",
    "tc.where": "在{where}：",
    "tc.root": "根结点",
    "tc.diff.attribute": ("你的决策树按 {given} 划分；用 {algorithm} 生成的决策树按 {expected} "
                          "划分。"),
    "tc.diff.tied": ("你的决策树按 {given} 划分，它与 {expected} 并列。{rule}这不是错误：在“生成"
                     "决策树”页面于此结点强制选择 {given} 即可得到你的树。"),
    "tc.diff.threshold": ("你的决策树在 {given} 处划分 {expected_attribute}；生成过程在 "
                          "{expected} 处划分。"),
    "tc.diff.tied_threshold": ("你的决策树以 {given} 为划分点划分 {expected_attribute}，其 "
                               "{criterion} 与生成过程所用划分点 {expected} 的相同；划分点并列时"
                               "取最小者，因此这不算错误。"),
    "tc.diff.label": "你的叶结点是“{given}”类；生成过程的叶结点是“{expected}”类。",
    "tc.diff.leaf_at_split": ("你的决策树在此停止，叶结点为“{given}”类；生成过程按 {expected} "
                              "划分。"),
    "tc.diff.split_at_leaf": ("你的决策树按 {given} 划分；生成过程在此停止，叶结点为"
                              "“{expected}”类。"),
    "tc.diff.missing_branch": "按 {expected} 的划分有分支 {branch}，你的决策树没有。",
    "tc.diff.missing_empty": ("没有训练样本到达 {branch}：图 4.2 仍把它作为叶结点，类别为父结点"
                              "中样本最多的类。勾选上面的选项即可接受没有这类分支的决策树。"),
    "tc.diff.extra_branch": "你的分支 {branch} 不属于按 {expected} 的划分。",
    "tc.diff.score": ("你算的 {attribute} 的 {field} 为 {given}；生成过程为 {exact}（容差 "
                      "{tolerance}）。"),
    "tc.diff.ambiguous_attribute": ("你的决策树的划分属性“{given}”未读取：忽略其中的空格后，"
                                    "可能是属性{columns}中的任何一个；"
                                    "请按数据中的写法写出属性名。"),
    "tc.diff.ambiguous_attribute.spaces_case": ("你的决策树的划分属性“{given}”未读取：忽略其中的"
                                                "空格且不区分大小写时，可能是属性{columns}中的"
                                                "任何一个；请按数据中的写法写出属性名。"),
    "tc.diff.ambiguous_attribute.spaces_width": ("你的决策树的划分属性“{given}”未读取：忽略其中"
                                                 "的空格且不区分全角、半角时，可能是属性"
                                                 "{columns}中的任何一个；请按数据中的写法写出"
                                                 "属性名。"),
    "tc.diff.ambiguous_attribute.spaces_case_width": (
        "你的决策树的划分属性“{given}”未读取：忽略其中的空格且不区分大小写和全角、半角时，可能是"
        "属性{columns}中的任何一个；请按数据中的写法写出属性名。"),
    "tc.diff.ambiguous_attribute.spelling": ("你的决策树的划分属性“{given}”未读取：不区分大小写"
                                             "和全角、半角时，可能是属性{columns}中的任何一个"
                                             "（它们的名称只差大小写或全角、半角）；请按数据中的"
                                             "写法写出属性名。"),
    "tc.why": "生成过程这样决定的原因：{why}",
    "tc.scores": "此结点得分表中两个属性的行：",
    "tc.scores.one": "此结点得分表中该属性的行：",
    "tc.row.expected": "{algorithm}的选择",
    "tc.row.given": "你的",
    "tc.row.trace": "生成过程",
    "tc.row.label": "来源",
    "tc.unknown_attribute": "{attribute} 不是这份数据的属性：请检查拼写。",
    "tc.not_candidate": ("{attribute} 在此结点不是候选属性：离散属性在一条路径上只用一次（或它在"
                         "此只有一个已知取值）。"),
    "tc.error.empty": "没有粘贴任何内容。",
    "tc.error.too_long": "文本有 {chars} 个字符；可检查的决策树最多 {limit} 个字符。",
    "tc.error.too_many_nodes": "决策树超过 {limit} 个结点。",
    "tc.error.not_literal": "文本以字典开头，但不是有效的 JSON 或 Python 字面量：{reason}",
    "tc.error.trace_format": "这个 JSON 不是 dtree-trace/1 生成过程记录（format：{format}）。",
    "tc.error.trace_broken": "生成过程 JSON 不完整：{reason}",
    "tc.error.one_key": ("嵌套形式的每个结点是只有一个属性作键的字典；这个结点有 {count} "
                         "个键（{keys}）。"),
    "tc.error.branches_not_dict": "属性 {attribute} 下的分支必须是字典 {{取值: 子树或类别}}。",
    "tc.error.bad_leaf": "叶结点必须是类别，而不是 {leaf}。",
    "tc.error.no_lines": "没有找到决策树的行。",
    "tc.error.too_deep": "决策树超过 {limit} 层。",
    "tc.error.no_condition": "第 {line} 行没有分支条件（如 纹理=清晰）。",
    "tc.error.second_root": "第 {line} 行开始了第二棵树：请把它缩进到第一行之下。",
    "tc.error.bad_condition": "第 {line} 行：{text} 不是分支条件（如 纹理=清晰 或 密度<=0.3815）。",
    "tc.error.bare_condition": ("第 {line} 行：{text} 没有写属性：请连属性一起写（密度<=0.3815），"
                                "或把它放在问这个属性的一行（密度?）之下。"),
    "tc.error.no_leaf": "第 {line} 行：分支 {text} 下面没有叶结点或子树。",
    "tc.error.no_branches": "第 {line} 行要划分，但下面没有分支。",
    "tc.error.mixed_attributes": "第 {line} 行下的分支测试了不同的属性（{attributes}）。",
    "tc.error.title_mismatch": "第 {line} 行写的是 {title}，但其分支测试的是 {attribute}。",
    "tc.file.header": "给学生的期望值（pytest 文件）",
    "tc.file.intro": ("一个 pytest 文件，含这棵决策树每个结点的划分属性、叶结点类别和各候选属性"
                      "的得分（精确值，按容差比较）。学生把它保存为 {name} 放在自己的代码旁，在"
                      "自己的模块中写 build_tree（也可写 info_gain、gain_ratio、gini_index），在"
                      "自己的电脑上运行 pytest：学生的代码不会在这里运行。"),
    "tc.file.module": "学生的模块名",
    "tc.file.module.bad": "{module} 不是 Python 模块名（字母、数字和 _）。",
    "tc.file.tolerance": "容差",
    "tc.file.download": "下载 pytest 文件",
    "tc.file.missing": ("数据有缺失值：文件只检查决策树，不检查得分（周志华 §4.4.2 的样本加权不"
                        "是按整行筛选）。"),
    "tc.file.error.too_many_rows": "数据有 {rows} 行；练习文件包含数据，最多 {limit} 行。",
    "tc.file.error.oblique": "多变量（斜）决策树无法写成嵌套字典的分支。",
    "tc.file.error.pruned": ("这棵决策树经过了“{method}”：文件只包含生成它所用的样本，不包含剪枝"
                             "所需的信息（剪枝参数或所依据的验证集），学生的代码无法据此得到这棵树。"
                             "请在侧边栏把剪枝方法设为“{none}”，再下载未剪枝决策树的文件。"),
    "tc.file.error.forced": ("这棵决策树有 {count} 处划分是手动强制指定的：文件无法把它们告诉学生"
                             "的 build_tree，正确的程序也会生成另一棵树。请去掉强制指定的划分，再"
                             "下载算法自行生成的决策树的文件。"),
    "tc.file.error.forced.one": ("这棵决策树有 1 处划分是手动强制指定的：文件无法把它告诉学生"
                                 "的 build_tree，正确的程序也会生成另一棵树。请去掉这处强制指定"
                                 "的划分，再下载算法自行生成的决策树的文件。"),
    "tc.file.error.random": ("{algorithm} 按带随机种子的随机抽取选择每个划分属性：学生的代码无法做"
                             "出同样的抽取，正确的程序也通不过这个文件的测试。请选择按得分选择属性"
                             "的算法（ID3、C4.5、CART）再下载文件。"),
    "tc.file.error.random_ties": ("这棵决策树中的并列是按带随机种子的随机抽取打破的（侧边栏的"
                                  "并列规则）：学生的代码无法做出同样的抽取。请把并列规则改为按"
                                  "列顺序取第一个或最后一个，再下载文件。"),
    "inst.intro": ("一棵决策树会随训练样本的微小变化而改变（周志华第 8 章）。用侧边栏的选项生成"
                   "多棵决策树，每棵用训练样本的自助采样，或翻转少数样本的类别标记，观察根结点和整"
                   "棵树改变的频繁程度，再让它们投票：这就是 Bagging。"),
    "inst.mode": "每棵树的训练样本",
    "inst.mode.bootstrap": "自助采样（有放回地抽取 n 个样本）",
    "inst.mode.flip": "全部样本，其中 k 个类别标记翻转为另一类",
    "inst.trees": "决策树数目 N",
    "inst.trees.help": "本服务器最多生成 {limit} 棵 {rows} 个样本的决策树。",
    "inst.flips": "每棵树翻转的标记数 k",
    "inst.seed": "随机种子",
    "inst.test": "留作测试集的比例",
    "inst.run": "生成这些决策树",
    "inst.progress": "正在生成第 {done} 棵，共 {total} 棵…",
    "inst.split": ("训练集 {train} 个样本；测试集 {test} 个样本（分层采样，固定种子），用来评价"
                   "单棵树和投票。"),
    "inst.unpruned": "侧边栏的剪枝需要验证集，而这些样本没有：这些决策树都未剪枝。",
    "inst.roots": "每棵树的根结点属性",
    "inst.roots.axis": "决策树数目",
    "inst.leaf_root": "（只有一个叶结点）",
    "inst.root_summary": ("{total} 棵树中有 {count} 棵的根结点是 {root}；共有 {kinds} 种不同的根"
                          "结点属性。"),
    "inst.root_summary.tied": ("{total} 棵树中，根结点是 {roots} 的各有 {count} 棵，并列最多；共有 "
                               "{kinds} 种不同的根结点属性。"),
    "inst.root_summary.only": ("{total} 棵树中有 {count} 棵的根结点是 {root}；没有别的属性做根"
                               "结点。"),
    "inst.root_summary.leaves": "{summary}{total} 棵树中有 {leaves} 棵只有一个叶结点。",
    "inst.root_summary.all_leaves": "{total} 棵树都只有一个叶结点，没有根结点属性。",
    "inst.distinct": "不同的决策树",
    "inst.distinct.help": ("任何划分、划分点、分支或叶结点类别不同即算不同（分支排列的先后不算）。"
                           "{total} 棵中有 {same} 棵与用全部训练样本生成的单棵树相同。"),
    "inst.single": "单棵树的测试集精度",
    "inst.vote": "多数投票（Bagging）的测试集精度",
    "inst.mean": "各棵树的平均精度",
    "inst.vote.sentence": ("在 {test} 个测试样本上，{total} 棵树多数投票的精度为 {vote}，用全部"
                           "训练样本生成的单棵树为 {single}，{total} 棵树各自的平均精度为 "
                           "{mean}。票数相同时取数据中先出现的类别。"),
    "inst.small": ("测试集只有 {test} 个样本，一个样本就是 {step} 的精度：数据这么小，比较只是演"
                   "示，不是证据。"),
}
