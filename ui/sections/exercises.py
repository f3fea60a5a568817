"""Catalogue section: exercises (see ui/sections/__init__.py).

The exercises page: the worked solution (its sentences are dtree_core.solution.WORDS, merged
here, because the command line prints solutions too and dtree_core imports no UI module) and
"check my numbers" (the slips dtree_core.checking names, as `ex.slip.<code>`).
Zhou's terms: 信息熵 Ent(D), 信息增益 Gain(D,a), 固有值 IV(a), 增益率 Gain_ratio(D,a),
基尼值 Gini(D), 基尼指数 Gini_index(D,a), ρ, p̃ₖ, r̃ᵥ; the notation is the same in both.
"""

from __future__ import annotations

from dtree_core.solution import WORDS

EN: dict[str, str] = {
    **WORDS["en"],
    "page.exercises": "Exercises",
    "ex.intro": ("Work through {dataset} with {algorithm} by hand: read the worked solution, or "
                 "type your own numbers and have them checked against the trace."),
    "ex.node": "Node",
    "ex.tab.solution": "Worked solution",
    "ex.tab.check": "Check my numbers",
    "ex.scope": "Solve",
    "ex.scope.node": "This node",
    "ex.scope.branch": "This node and the branch below it",
    "ex.scope.tree": "The whole tree",
    "ex.solution.caption": ("Every number is the trace's. Results are shown to 3 decimals; a "
                            "term inside a formula gets as many more as it needs to add up to "
                            "the result shown (0.9975 − … = 0.108, not 0.998 − …)."),
    "ex.download.md": "Download as Markdown (LaTeX)",
    "ex.download.html": "Download as a printable HTML page",
    "ex.solution.first": ("This solution covers {total} nodes, more than the {shown} this "
                          "server works out on the page (the browser typesets every formula): "
                          "shown are the first {shown}, in the order TreeGenerate decided them. "
                          "To see another node's computation, pick it under **{node}** and "
                          "choose **{this_node}** under **{scope}**. Both downloads hold all "
                          "{total} nodes (built when you click one), and so does the "
                          "command-line tool: add `--solution solution.md` to the command on "
                          "the **{page}** page. A max depth grows a smaller tree."),
    "ex.check.intro": ("One quantity per line, as in the book: Ent(D) = 0.998, Gain(D,色泽) = "
                       "0.109, IV(色泽) = 1.580, Gain_ratio(D,色泽) = 0.068, Gini_index(D,色泽) "
                       "= 0.427, a branch's Ent(色泽=青绿) = 1.000, a continuous attribute's "
                       "Gain(D,含糖率,0.126) = 0.349 (eq. 4.8). Chinese names work too "
                       "(信息熵, 信息增益, 固有值, 增益率, 基尼值, 基尼指数), and Li Hang's "
                       "g(D,A), H(D), H_A(D), g_R(D,A)."),
    "ex.check.input": "Your computation at this node",
    "ex.check.tolerance": "Tolerance (±)",
    "ex.check.tolerance.help": ("How far a number may be from the exact value and still count: "
                                "±0.0005 is the book's 3 decimals."),
    "ex.check.button": "Check",
    "ex.check.none": "No line names a quantity this page can check.",
    "ex.check.score": "{right} of {checked} numbers right (tolerance ±{tolerance}).",
    "ex.check.score.beyond": ("{right} of {checked} numbers right: {within} within "
                              "±{tolerance} of the exact value, and {beyond} for the reason "
                              "its line gives below."),
    "ex.check.all_right": "Every number is right.",
    "ex.check.all_checked_right": ("Every number checked is right; {unchecked} of your "
                                   "quantities could not be checked (see below)."),
    "ex.verdict.none_scored": "nothing scored here",
    "ex.line.none_scored": ("Line {line}: no attribute was scored at this node (TreeGenerate "
                            "made it a leaf first), so {attribute} has no numbers here to "
                            "check."),
    "ex.check.first_wrong": "The first wrong step is line {line}: {text}",
    "ex.check.right_formula": "The right computation:",
    "ex.col.line": "line",
    "ex.col.yours": "yours",
    "ex.col.exact": "exact",
    "ex.col.verdict": "verdict",
    "ex.verdict.right": "✓ right",
    "ex.verdict.rounded": "✓ right (rounded early, as the book does)",
    "ex.verdict.multiway": "✓ right (Zhou's multiway split: one branch per value)",
    "ex.verdict.multiway_rounded": ("✓ right (Zhou's multiway split, rounded early as the "
                                    "book does)"),
    "ex.verdict.wrong": "✗ wrong",
    "ex.verdict.unparsed": "not read",
    "ex.verdict.unread_result": "not read",
    "ex.verdict.past_range": "not read",
    "ex.verdict.unknown_attribute": "unknown attribute",
    "ex.verdict.ambiguous_attribute": "which attribute?",
    "ex.verdict.needs_attribute": "which attribute?",
    "ex.line.right": "Line {line}: {quantity} = {exact} ✓",
    # a right line before another sentence (ex.line.taken): Chinese closes it, ✓。
    "ex.line.right.followed": "Line {line}: {quantity} = {exact} ✓",
    "ex.line.rounded": ("Line {line}: {quantity} = {given} is what rounding each step to 3 "
                        "decimals gives, as the book does; the exact value is {exact}."),
    "ex.line.wrong": "Line {line}: {quantity} = {exact}, not {given}. {why}",
    # Gain, IV, Gain_ratio or Gini_index: {equation} is Zhou's (4.2, 4.12, 4.4, 4.3, 4.6)
    "ex.line.multiway": ("Line {line}: {given} is Zhou's {multiway_name} with one branch per "
                         "value of {attribute} (eq. {equation}) ✓. This tree splits {attribute} "
                         "two ways: its {quantity} = {exact} is that of the best two-way split."),
    # the multiway IV with values missing: Quinlan's, the unknown rows' share ({unknown_share})
    # a term of its own, as the worked solution's solution.iv.unknown says; in either notation
    "ex.line.multiway.quinlan_iv": ("Line {line}: {given} is {multiway_name} with one branch "
                                    "per value of {attribute} (Zhou's eq. 4.4) and one more "
                                    "for the samples whose {attribute} is unknown, as Quinlan's "
                                    "C4.5 counts them (and this app's C4.5): its last term is "
                                    "their share, {unknown_share} ✓. This tree splits "
                                    "{attribute} two ways: its {quantity} = {exact} is that of "
                                    "the best two-way split."),
    "ex.line.multiway.quinlan_gain_ratio": (
        "Line {line}: {given} is {multiway_name} with one branch per value of {attribute} "
        "(Zhou's eq. 4.3: {gain} of eq. 4.12 over {iv}, which counts the samples whose "
        "{attribute} is unknown as one more value, as Quinlan's C4.5 does, and this app's "
        "C4.5: its last term is their share, {unknown_share}) ✓. This tree splits {attribute} "
        "two ways: its {quantity} = {exact} is that of the best two-way split."),
    # a Dᵛ of a CART row read as in Zhou's split one branch per value ({value}: the v-th value);
    # {sets}: the tree's own two subsets, D̃¹: 色泽 ∈ {乌黑,青绿}; D̃²: 色泽 ∈ {浅白}
    "ex.line.multiway.set": ("Line {line}: {given} is {quantity} of Zhou's split of {attribute} "
                             "one branch per value, where {set} is the samples whose "
                             "{attribute} is {value} ✓. This tree splits {attribute} two ways: "
                             "{sets}."),
    # the same, where the tree has a Dᵛ of its own ({own}: its number)
    "ex.line.multiway.set.own": ("Line {line}: {given} is {quantity} of Zhou's split of "
                                 "{attribute} one branch per value, where {set} is the samples "
                                 "whose {attribute} is {value} ✓. This tree splits {attribute} "
                                 "two ways ({sets}): its own {quantity} = {own}."),
    "ex.verdict.no_such_set": "no such set",
    "ex.line.no_such_set": ("Line {line}: {attribute} has no {set} at this node: its branches "
                            "are {sets}."),
    "ex.line.no_such_set.two_way": ("Line {line}: {attribute} has no {set} at this node: this "
                                    "tree splits it two ways ({sets}), and Zhou's split one "
                                    "branch per value has only {values} branches."),
    # Zhou's multiway value ({multiway}) and it rounded early ({multiway_rounded}): 4 decimals
    "ex.line.multiway_rounded": ("Line {line}: {given} is Zhou's {multiway_name} with one "
                                 "branch per value of {attribute} (eq. {equation}), rounded "
                                 "early as "
                                 "the book does: rounding each step to 3 decimals gives "
                                 "{multiway_rounded}, exactly it is {multiway} ✓. This tree "
                                 "splits {attribute} two ways: its {quantity} = {exact} is that "
                                 "of the best two-way split."),
    "ex.line.unparsed": ("Line {line} is not read: write one quantity per line, such as "
                         "Gain(D,色泽) = 0.108."),
    "ex.line.past_range": ("Line {line} is not read: its result is a number beyond the range "
                           "of any score."),
    # the quantity is named, but its result is a fraction, an expression or words
    "ex.line.unread_result": ("Line {line} is not read: its result must be a decimal number, "
                              "such as 0.381 or 38.1%, with a remark after it in brackets or "
                              "without digits (a fraction such as 3/8 or an expression is not "
                              "worked out)."),
    "ex.line.unknown_attribute": ("Line {line}: {attribute} is not a candidate at this node "
                                  "(candidates: {attributes})."),
    # a name typed with spaces inside that, the spaces ignored, spells two columns or more
    # (not "whose names differ only by spaces": spaces are compared folded, Wind speed and
    # windspeed differ by case too)
    "ex.line.ambiguous_attribute": ("Line {line}: '{attribute}' is not read: with its spaces "
                                    "ignored it could be any of the attributes {columns}; "
                                    "write it as the data spells it."),
    # … found only with its case or width folded too (reading.asked_variant)
    "ex.line.ambiguous_attribute.spaces_case": ("Line {line}: '{attribute}' is not read: with "
                                                "its spaces and case ignored it could be any "
                                                "of the attributes {columns}; write it as the "
                                                "data spells it."),
    "ex.line.ambiguous_attribute.spaces_width": ("Line {line}: '{attribute}' is not read: with "
                                                 "its spaces and full/half width ignored it "
                                                 "could be any of the attributes {columns}; "
                                                 "write it as the data spells it."),
    "ex.line.ambiguous_attribute.spaces_case_width": (
        "Line {line}: '{attribute}' is not read: with its spaces, case and full/half width "
        "ignored it could be any of the attributes {columns}; write it as the data spells it."),
    "ex.line.ambiguous_attribute.spelling": ("Line {line}: '{attribute}' is not read: in "
                                             "another case or width it could be any of the "
                                             "attributes {columns}, whose names differ only by "
                                             "case or width; write it as the data spells it."),
    "ex.line.split_not_kept": ("Line {line}: this trace splits {attribute} two ways and keeps "
                               "the counts of its best partition only "
                               "({kept_left} | {kept_right}), as traces "
                               "written by earlier versions did; {value} against the rest "
                               "needs {value}'s own counts. Grow the tree again to check this "
                               "line."),
    "ex.verdict.split_not_kept": "not kept by this tree",
    "ex.line.value_no_split": ("Line {line}: {attribute} = {value} splits nothing here: "
                               "{value}, or every other value of {attribute}, has no known "
                               "row at this node."),
    "ex.line.not_a_value": ("Line {line}: {value} is not a value of {attribute} (its values: "
                            "{values}); write a value as the data does."),
    "ex.verdict.not_a_value": "no such value",
    "ex.verdict.value_no_split": "no split here",
    "ex.verdict.other_threshold": "another t",
    "ex.verdict.no_threshold": "no t here",
    "ex.verdict.no_split_point": "no t here",
    # {attribute}'s t at the node, which need not be the attribute the node splits
    "ex.line.other_threshold": ("Line {line}: {attribute}'s split point at this node is t = "
                                "{threshold}, its best candidate split point (eqs. 4.7–4.8), "
                                "not t = {t}; only the numbers at t = {threshold} can be checked "
                                "here."),
    # CART (or another rule cutting by the Gini index): {algorithm} took the midpoint with the
    # smallest {score}, Gini_index(D, a, t) (of D̃ where values of a are missing), not eq. 4.8
    "ex.line.other_threshold.min_score": ("Line {line}: {attribute}'s split point at this node "
                                          "is t = {threshold}, not t = {t}: of the candidate "
                                          "split points, the midpoints of adjacent values (eq. "
                                          "4.7), {algorithm} takes the one with the smallest "
                                          "{score}, not the largest gain of eq. 4.8. Only the "
                                          "numbers at t = {threshold} can be checked here."),
    # the node's t was forced by hand (a force a@t in the options or the URL): no rule chose it
    "ex.line.other_threshold.forced": ("Line {line}: this node splits {attribute} at t = "
                                       "{threshold}, not at t = {t}: its split point was forced "
                                       "by hand (a forced split in the options), not chosen by "
                                       "the rule. Only the numbers at t = {threshold} can be "
                                       "checked here."),
    "ex.verdict.tied_threshold": "a tied t",
    # a t whose {score} (Gain, or CART's Gini_index) ties the node's t, asked of another
    # quantity ({quantity}: IV, Gain_ratio, …), which check judges at the node's t only
    "ex.line.tied_threshold": ("Line {line}: t = {t} splits {attribute} as well as t = "
                               "{threshold} does ({score} is the same at both); of tied split "
                               "points the smallest is taken, so {attribute}'s split point at "
                               "this node is t = {threshold}, and {quantity} is checked there "
                               "only: write its number at t = {threshold}."),
    "ex.verdict.ambiguous_threshold": "which t?",
    "ex.verdict.unkept_threshold": "which t?",
    "ex.line.ambiguous_threshold": ("Line {line}: t = {t} names several candidate split points "
                                    "of {attribute} ({points}) to the decimals written: write "
                                    "more decimals, as in the node's t = {threshold}."),
    "ex.line.unkept_threshold": ("Line {line}: the trace keeps the scores of {kept} of the "
                                 "{midpoints} midpoints of {attribute} at this node, so t = {t} "
                                 "may name one it does not keep: write t to the decimals of "
                                 "the node's t = {threshold}."),
    "ex.line.no_threshold": ("Line {line}: {attribute} is discrete here, so it has no split "
                             "point t (you wrote t = {t})."),
    "ex.line.no_split_point": ("Line {line}: no split point of {attribute} at this node leaves "
                               "two branches of the min branch weight, so it has no t to check "
                               "(you wrote t = {t})."),
    "ex.line.needs_attribute": ("Line {line}: name the attribute, as in Gain(D,色泽) or "
                                "IV(色泽)."),
    # a set taken for one attribute (Zhou's D̃, Dᵛ, D̃ᵛ) with no line naming one
    "ex.line.needs_attribute.set": ("Line {line}: {set} is taken for one attribute a (D̃: the "
                                    "samples whose value of a is known; Dᵛ: those with a's "
                                    "v-th value), so its number depends on a: name the "
                                    "attribute on its line, as in Ent(D̃¹, 色泽) or Gain(D̃, 色泽), "
                                    "or on a line before or after it, as in Gain(D, 色泽)."),
    # a set named without its attribute (Ent(D¹), Ent(D̃)) took it from line {source_line}
    "ex.line.taken": "Here {set} is taken for {attribute}, named on line {source_line}.",
    # the attribute named otherwise than the data spells it (Li Hang's A1 for 年龄)
    "ex.line.taken.written": ("Here {set} is taken for {attribute}, named {written} on line "
                              "{source_line}."),
    # one of a row's subsets in a sentence (ex.line.multiway.set's {sets}: joined by
    # list.semicolon): D̃¹: 色泽 ∈ {乌黑,青绿}
    "ex.subset": "{set}: {condition}",
    "ex.slip.log_base": ("{given} is the right formula computed with {base} instead of log₂ "
                         "({value}); the book's logarithms are base 2."),
    "ex.slip.not_any_base": ("{given} is not {formula} for {shares} in any base (log₂, ln or "
                             "log₁₀)."),
    "ex.slip.entropy_for_iv": ("{given} is Ent(D), the entropy of the classes; IV(a) is the "
                               "entropy of the attribute's values: the shares |Dᵛ|/|D|."),
    "ex.slip.gain_for_ratio": ("{given} is Gain(D,a) itself; the gain ratio divides it by "
                               "IV(a)."),
    "ex.slip.ratio_inverted": "{given} is IV(a)/Gain(D,a): the fraction is upside down.",
    "ex.slip.gini_for_index": ("{given} is Gini(D) of the whole node; Gini_index(D,a) weights "
                               "the Gini(Dᵛ) of the branches by |Dᵛ|/|D|."),
    "ex.slip.entropy_after_for_gain": ("{given} is Σᵥ |Dᵛ|/|D|·Ent(Dᵛ), the entropy left "
                                       "after the split; the gain subtracts it from Ent(D)."),
    "ex.slip.missing_branch": ("{given} leaves out the term of {branch}: the sum runs over all "
                               "{branches} branches."),
    # IV with values missing: its last term, the unknown rows' share (plugged.iv_parts)
    "ex.slip.missing_branch_of_iv": ("{given} leaves out the term of {branch}: IV sums over all "
                                     "{branches} branches and the samples whose {attribute} is "
                                     "unknown, share {share}, as one more (Quinlan's C4.5)."),
    "ex.slip.missing_unknown_term": ("{given} leaves out IV's last term: the samples whose "
                                     "{attribute} is unknown, share {share}, count as one more "
                                     "branch (Quinlan's C4.5, as this app computes IV)."),
    "ex.slip.carried": ("{given} = {expression} follows from your {source} on line "
                        "{source_line}: the step is right, the number it starts from is not."),
    # the score table lists attributes; the sets follow the tree's branches, which the
    # worked solution and the grow page's branch table (node.branches) list in that order
    "ex.slip.other_branch": ("Here {set} is {here}; {given} is {other_set}'s, {other}: the "
                             "sets are numbered in the order of {attribute}'s branches in "
                             "this tree, as the worked solution and the table {table} ({page}) "
                             "list them."),
    # Gini(D̃, a), read as D̃'s Gini value in Zhou's notation: the number is not the other
    # reading, Li Hang's Gini(D̃, A) ({index_name}: Gini_index(D̃, a)), either
    "ex.slip.gini_reading": ("Gini(D̃, {attribute}) is read as the Gini value of D̃, the "
                             "samples whose {attribute} is known (as Ent(D̃, {attribute}) is "
                             "their entropy); nor is {given} the Gini index on them, "
                             "{index_name} = {index} (Li Hang's Gini(D̃, A))."),
    "ex.slip.multiway_set": ("This tree splits {attribute} two ways ({sets}), so {set} is "
                             "read as in Zhou's split one branch per value: the samples whose "
                             "{attribute} is {value}."),
    "ex.slip.other": "Compare with the right computation below.",
    "ex.formula.entropy": "−Σₖ pₖ·log₂ pₖ",
    "ex.formula.iv": "−Σᵥ |Dᵛ|/|D|·log₂(|Dᵛ|/|D|)",
    # Zhou's Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) ({name}) names no attribute: Li Hang's H(D|A) has .lihang
    "ex.name.conditional_entropy": "{name} of the split on {attribute}",
    "ex.formula.split_on": "The split on {attribute}: {formula}",
    "ex.tab.quiz": "Quiz",
    "ex.quiz.intro": ("Before each step of TreeGenerate: predict which attribute wins, or "
                      "compute one number. The questions follow the seed; a number counts "
                      "when it is within the tolerance of the exact value, or, as Check my "
                      "numbers counts it, of the value rounding each step to 3 decimals gives "
                      "(as the book does) or of Zhou's multiway Gini_index (eq. 4.6), exact or "
                      "rounded early, where the tree splits two ways; the grade says which. "
                      "Each hint starts the formula."),
    "ex.quiz.seed": "Quiz seed",
    "ex.quiz.none": "This tree has no split to ask about.",
    "ex.quiz.question": "**Question {number}**, at node {node}",
    "ex.quiz.pick": "(pick an attribute)",
    "ex.quiz.winner.gain": "Which attribute wins? (ID3: the largest Gain(D,a))",
    "ex.quiz.winner.gain_ratio": ("Which attribute wins? (C4.5: among those with Gain(D,a) at "
                                  "least the mean, the largest Gain_ratio(D,a))"),
    "ex.quiz.winner.gini_index": "Which attribute wins? (CART: the smallest Gini_index(D,a))",
    # where a candidate has missing values, Gini_index(D̃,a) alone no longer ranks them
    "ex.quiz.winner.gini_gain": ("Which attribute wins? (CART, values missing here: the "
                                 "largest ρ·(Gini(D̃) − Gini_index(D̃,a)), ρ the share of rows "
                                 "whose value of a is known)"),
    "ex.quiz.winner.min_gain_worst": ("Which attribute wins? (Worst, a baseline: the "
                                      "smallest Gain(D,a))"),
    # a node whose winner is a linear test is not quizzed (no attribute names it)
    "ex.quiz.winner.oblique": ("Which attribute wins? (Oblique tree: of the linear test and "
                               "each single attribute's test, the largest ρ·(Gini(D̃) − "
                               "Gini_index); at this node a single attribute's test wins)"),
    "ex.quiz.hint": "Hint",
    "ex.quiz.score": "{right} of {total} answers right (tolerance ±{tolerance}).",
    "ex.quiz.score.beyond": ("{right} of {total} answers right (tolerance ±{tolerance}); "
                             "{beyond} of them for the reason its line gives below."),
    "ex.quiz.submit": "Grade my answers",
    "ex.quiz.right": "Question {number}: right ({answer}).",
    "ex.quiz.right.rounded": ("Question {number}: right (rounded early, as the book does): "
                              "{given} is within ±{tolerance} of {value}, what rounding each "
                              "step to 3 decimals gives; the exact value is {answer}."),
    "ex.quiz.right.multiway": ("Question {number}: right (Zhou's multiway Gini_index, eq. "
                               "4.6): {given} is within ±{tolerance} of {value}, the Gini_index "
                               "with one branch per value. This tree splits two ways: its "
                               "{answer} is that of the best two-way split."),
    "ex.quiz.right.multiway_rounded": ("Question {number}: right (Zhou's multiway Gini_index, "
                                       "eq. 4.6, rounded early as the book does): {given} is "
                                       "within ±{tolerance} of {value}, what rounding each step "
                                       "of the Gini_index with one branch per value to 3 "
                                       "decimals gives; exactly it is {multiway}. This tree "
                                       "splits two ways: its {answer} is that of the best "
                                       "two-way split."),
    "ex.quiz.wrong": "Question {number}: wrong; the answer is {answer}.",
    "ex.quiz.download": "Download the score (CSV)",
    "ex.quiz.col.question": "question",
    "ex.quiz.col.asked": "asked",
    "ex.quiz.col.answer": "answer",
    "ex.quiz.col.correct": "correct",
}

ZH: dict[str, str] = {
    **WORDS["zh"],
    "page.exercises": "习题",
    "ex.intro": ("用 {algorithm} 手算 {dataset}：查看完整的手算过程，或输入你自己算出的数值，"
                 "与记录的精确值核对。"),
    "ex.node": "结点",
    "ex.tab.solution": "手算过程",
    "ex.tab.check": "核对我的计算",
    "ex.scope": "计算范围",
    "ex.scope.node": "此结点",
    "ex.scope.branch": "此结点及其下的分支",
    "ex.scope.tree": "整棵决策树",
    "ex.solution.caption": ("所有数值都取自记录。结果显示 3 位小数；公式中的个别项按需多写几位，"
                            "使算式与所示结果相符（0.9975 − … = 0.108，而不是 0.998 − …）。"),
    "ex.download.md": "下载 Markdown（含 LaTeX）",
    "ex.download.html": "下载可打印的 HTML 页面",
    "ex.solution.first": ("这份手算过程共有 {total} 个结点，超过本服务器在页面上演算的上限 "
                          "{shown} 个（浏览器要排版每一个公式）：这里按 TreeGenerate 作出划分"
                          "决定的顺序显示前 {shown} 个。要查看其他结点的计算，请在“{node}”中"
                          "选中它，并在“{scope}”中选“{this_node}”。两个下载按钮都包含全部 "
                          "{total} 个结点（点击时才生成）；命令行工具也能写出完整的手算过程："
                          "在“{page}”页的命令后加上 `--solution solution.md`。设置最大深度可"
                          "生成较小的决策树。"),
    "ex.check.intro": ("每行写一个量，写法同书中：Ent(D) = 0.998、Gain(D,色泽) = 0.109、"
                       "IV(色泽) = 1.580、Gain_ratio(D,色泽) = 0.068、Gini_index(D,色泽) = 0.427，"
                       "某一分支的 Ent(色泽=青绿) = 1.000，连续属性的 Gain(D,含糖率,0.126) = 0.349"
                       "（式 4.8）。"
                       "也可写中文名称（信息熵、信息增益、固有值、增益率、基尼值、基尼指数），"
                       "或李航书中的 g(D,A)、H(D)、H_A(D)、g_R(D,A)。"),
    "ex.check.input": "你在此结点的计算",
    "ex.check.tolerance": "容差（±）",
    "ex.check.tolerance.help": "数值与精确值相差不超过此值即算正确；±0.0005 即书中的 3 位小数。",
    "ex.check.button": "核对",
    "ex.check.none": "没有一行写出本页能核对的量。",
    "ex.check.score": "{checked} 个数值中 {right} 个正确（容差 ±{tolerance}）。",
    "ex.check.score.beyond": ("{checked} 个数值中 {right} 个正确：{within} 个与精确值相差不超过 "
                              "±{tolerance}，另 {beyond} 个按下面该行说明的理由算作正确。"),
    "ex.check.all_right": "所有数值都正确。",
    "ex.check.all_checked_right": ("核对过的数值都正确；你写的量中有 {unchecked} 个无法核对"
                                   "（见下文）。"),
    "ex.verdict.none_scored": "此处未计算得分",
    "ex.line.none_scored": ("第 {line} 行：此结点没有计算任何属性的得分（TreeGenerate 先将它"
                            "标记为叶结点），{attribute} 在此没有可核对的数值。"),
    "ex.check.first_wrong": "第一处错误在第 {line} 行：{text}",
    "ex.check.right_formula": "正确的计算：",
    "ex.col.line": "行",
    "ex.col.yours": "你的值",
    "ex.col.exact": "精确值",
    "ex.col.verdict": "结果",
    "ex.verdict.right": "✓ 正确",
    "ex.verdict.rounded": "✓ 正确（同书中一样提前舍入）",
    "ex.verdict.multiway": "✓ 正确（周志华书中的多路划分：每个取值一个分支）",
    "ex.verdict.multiway_rounded": "✓ 正确（周志华书中的多路划分，同书中一样提前舍入）",
    "ex.verdict.wrong": "✗ 错误",
    "ex.verdict.unparsed": "无法识别",
    "ex.verdict.unread_result": "无法识别",
    "ex.verdict.past_range": "无法识别",
    "ex.verdict.unknown_attribute": "未知属性",
    "ex.verdict.ambiguous_attribute": "哪个属性？",
    "ex.verdict.needs_attribute": "缺少属性",
    "ex.line.right": "第 {line} 行：{quantity} = {exact} ✓",
    "ex.line.right.followed": "第 {line} 行：{quantity} = {exact} ✓。",
    "ex.line.rounded": ("第 {line} 行：{quantity} = {given} 是每步先舍入到 3 位小数所得"
                        "（书中即如此）；精确值为 {exact}。"),
    "ex.line.wrong": "第 {line} 行：{quantity} = {exact}，而不是 {given}。{why}",
    "ex.line.multiway": ("第 {line} 行：{given} 是周志华书中按 {attribute} 多路划分（每个取值"
                         "一个分支）的 {multiway_name}（式 {equation}）✓。这棵树把 {attribute} "
                         "二分：它的 {quantity} = {exact} 是最优二分划分的值。"),
    "ex.line.multiway.quinlan_iv": ("第 {line} 行：{given} 是按 {attribute} 多路划分（每个取值"
                                    "一个分支，周志华书中式 4.4）、并把 {attribute} 取值缺失的"
                                    "样本算作一个单独取值的 {multiway_name}，Quinlan 的 C4.5 "
                                    "正是这样计算的（本应用的 C4.5 也是）；其中最后一项 "
                                    "{unknown_share} 是这些样本所占的比例 ✓。这棵树把 "
                                    "{attribute} 二分：它的 {quantity} = {exact} 是最优二分划分"
                                    "的值。"),
    "ex.line.multiway.quinlan_gain_ratio": (
        "第 {line} 行：{given} 是按 {attribute} 多路划分（每个取值一个分支）的 {multiway_name}"
        "（周志华书中式 4.3：式 4.12 的 {gain} 除以 {iv}；{iv} 把 {attribute} 取值缺失的样本"
        "算作一个单独的取值，Quinlan 的 C4.5 正是这样计算的，本应用的 C4.5 也是；其中最后一项 "
        "{unknown_share} 是这些样本所占的比例）✓。这棵树把 {attribute} 二分：它的 {quantity} "
        "= {exact} 是最优二分划分的值。"),
    "ex.line.multiway.set": ("第 {line} 行：{given} 是周志华书中按 {attribute} 多路划分（每个"
                             "取值一个分支）时的 {quantity}，其中 {set} 是 {attribute} 取 "
                             "{value} 的样本 ✓。这棵树把 {attribute} 二分：{sets}。"),
    "ex.line.multiway.set.own": ("第 {line} 行：{given} 是周志华书中按 {attribute} 多路划分"
                                 "（每个取值一个分支）时的 {quantity}，其中 {set} 是 {attribute} "
                                 "取 {value} 的样本 ✓。这棵树把 {attribute} 二分（{sets}），"
                                 "按它自己的划分，{quantity} = {own}。"),
    "ex.verdict.no_such_set": "无此子集",
    "ex.line.no_such_set": "第 {line} 行：此结点上 {attribute} 没有 {set}：它的分支是 {sets}。",
    "ex.line.no_such_set.two_way": ("第 {line} 行：此结点上 {attribute} 没有 {set}：这棵树把它"
                                    "二分（{sets}），按周志华书中的多路划分（每个取值一个分支）"
                                    "也只有 {values} 个分支。"),
    "ex.line.multiway_rounded": ("第 {line} 行：{given} 是周志华书中按 {attribute} 多路划分"
                                 "（每个取值一个分支）的 {multiway_name}（式 {equation}），"
                                 "且同书中一样提前舍入：每步先舍入到 3 位小数得 "
                                 "{multiway_rounded}，精确值为 {multiway} ✓。这棵树把 "
                                 "{attribute} 二分：它的 {quantity} = {exact} 是最优二分划分"
                                 "的值。"),
    "ex.line.unparsed": "第 {line} 行无法识别：请每行写一个量，例如 Gain(D,色泽) = 0.108。",
    "ex.line.past_range": "第 {line} 行无法识别：结果的数值超出了任何得分的范围。",
    "ex.line.unread_result": ("第 {line} 行无法识别：结果须写成一个小数，例如 0.381 或 38.1%，"
                              "其后的说明须写在括号里或不含数字（分数如 3/8 或算式不会被计算）。"),
    "ex.line.unknown_attribute": ("第 {line} 行：{attribute} 不是此结点的候选属性"
                                  "（候选属性：{attributes}）。"),
    "ex.line.ambiguous_attribute": ("第 {line} 行未读取：“{attribute}”忽略其中的空格后，"
                                    "可能是属性{columns}中的任何一个；"
                                    "请按数据中的写法写出属性名。"),
    "ex.line.ambiguous_attribute.spaces_case": ("第 {line} 行未读取：“{attribute}”忽略其中的"
                                                "空格且不区分大小写时，可能是属性{columns}中的"
                                                "任何一个；请按数据中的写法写出属性名。"),
    "ex.line.ambiguous_attribute.spaces_width": ("第 {line} 行未读取：“{attribute}”忽略其中的"
                                                 "空格且不区分全角、半角时，可能是属性{columns}"
                                                 "中的任何一个；请按数据中的写法写出属性名。"),
    "ex.line.ambiguous_attribute.spaces_case_width": (
        "第 {line} 行未读取：“{attribute}”忽略其中的空格且不区分大小写和全角、半角时，可能是属性"
        "{columns}中的任何一个；请按数据中的写法写出属性名。"),
    "ex.line.ambiguous_attribute.spelling": ("第 {line} 行未读取：“{attribute}”不区分大小写"
                                             "和全角、半角时，可能是属性{columns}中的任何一个"
                                             "（它们的名称只差大小写或全角、半角）；请按数据中的"
                                             "写法写出属性名。"),
    "ex.line.split_not_kept": ("第 {line} 行：这份生成过程记录对 {attribute} 做二分，只保存了"
                               "最优划分（{kept_left} | {kept_right}）两侧的计数"
                               "（旧版本写出的生成过程记录没有各取值的计数）；"
                               "{value} 与其余取值的划分需要 {value} 自己的计数。请重新生成决策树"
                               "后再检查这一行。"),
    "ex.verdict.split_not_kept": "此树未保存",
    "ex.line.value_no_split": ("第 {line} 行：{attribute} = {value} 在这里分不开样本：此结点上"
                               "没有 {attribute} 取 {value} 的已知样本，或者没有取其他值的"
                               "已知样本。"),
    "ex.line.not_a_value": ("第 {line} 行：{value} 不是 {attribute} 的取值（它的取值有："
                            "{values}）；请按数据中的写法写出取值。"),
    "ex.verdict.not_a_value": "无此取值",
    "ex.verdict.value_no_split": "此处无此划分",
    "ex.verdict.tied_threshold": "并列的划分点",
    "ex.line.tied_threshold": ("第 {line} 行：在 t = {t} 处划分 {attribute} 与在 t = {threshold} "
                               "处一样好（两处的 {score} 相同）；划分点并列时取最小者，所以"
                               "此结点对 {attribute} 取的划分点是 t = {threshold}，{quantity} "
                               "只在该处核对：请写出它在 t = {threshold} 处的值。"),
    "ex.verdict.other_threshold": "划分点不同",
    "ex.verdict.no_threshold": "无划分点",
    "ex.verdict.no_split_point": "无划分点",
    "ex.line.other_threshold": ("第 {line} 行：此结点对 {attribute} 取的划分点是 t = {threshold}"
                                "（候选划分点中最优的一个，式 4.7–4.8），而不是 t = {t}；这里只能"
                                "核对 t = {threshold} 处的数值。"),
    "ex.line.other_threshold.min_score": ("第 {line} 行：此结点对 {attribute} 取的划分点是 "
                                          "t = {threshold}，而不是 t = {t}：{algorithm} 在候选"
                                          "划分点（相邻取值的中位点，式 4.7）中取 {score} 最小"
                                          "的一个，而不是式 4.8 中信息增益最大的一个；这里只能"
                                          "核对 t = {threshold} 处的数值。"),
    "ex.line.other_threshold.forced": ("第 {line} 行：此结点对 {attribute} 取的划分点是 t = "
                                       "{threshold}，而不是 t = {t}：这个划分点是手动强制指定的"
                                       "（选项中的强制划分），并非由划分规则选出；这里只能核对 "
                                       "t = {threshold} 处的数值。"),
    "ex.verdict.ambiguous_threshold": "哪个划分点？",
    "ex.verdict.unkept_threshold": "哪个划分点？",
    "ex.line.ambiguous_threshold": ("第 {line} 行：按所写的小数位数，t = {t} 可能指 {attribute} "
                                    "的多个候选划分点（{points}）；请像此结点的 t = {threshold} "
                                    "那样多写几位小数。"),
    "ex.line.unkept_threshold": ("第 {line} 行：此结点上 {attribute} 有 {midpoints} 个中位点，"
                                 "生成过程记录只保存了其中 {kept} 个的得分，t = {t} 可能指某个"
                                 "未保存的中位点：请写到与此结点的 t = {threshold} 相同的小数"
                                 "位数。"),
    "ex.line.no_threshold": ("第 {line} 行：{attribute} 在此是离散属性，没有划分点 t"
                             "（你写了 t = {t}）。"),
    "ex.line.no_split_point": ("第 {line} 行：此结点上 {attribute} 没有哪个划分点能让两个分支的权重"
                               "都达到分支最小权重，因此没有可核对的 t（你写了 t = {t}）。"),
    "ex.line.needs_attribute": "第 {line} 行：请写出属性，例如 Gain(D,色泽) 或 IV(色泽)。",
    "ex.line.needs_attribute.set": ("第 {line} 行：{set} 是针对某个属性 a 而言的（D̃：属性 a 上"
                                    "无缺失值的样本；Dᵛ：在 a 上取第 v 个值的样本），它的数值"
                                    "随 a 而变：请在这一行写出属性，例如 Ent(D̃¹, 色泽) 或 "
                                    "Gain(D̃, 色泽)，或在它前后的一行写出，例如 Gain(D, 色泽)。"),
    "ex.line.taken": "此处的 {set} 是针对第 {source_line} 行写出的 {attribute} 而言的。",
    "ex.line.taken.written": ("此处的 {set} 是针对第 {source_line} 行写作 {written} 的 "
                              "{attribute} 而言的。"),
    "ex.subset": "{set}：{condition}",
    "ex.slip.log_base": ("{given} 是用 {base} 代替 log₂ 按正确公式算出的值（{value}）；"
                         "书中的对数以 2 为底。"),
    "ex.slip.not_any_base": ("{given} 不是 {shares} 的 {formula}，无论以 2、e 还是 10 为底"
                             "（log₂、ln、log₁₀）。"),
    "ex.slip.entropy_for_iv": ("{given} 是 Ent(D)，即类别的信息熵；固有值 IV(a) 是属性取值的"
                               "熵，所用比例为 |Dᵛ|/|D|。"),
    "ex.slip.gain_for_ratio": "{given} 就是信息增益 Gain(D,a)；增益率还要除以固有值 IV(a)。",
    "ex.slip.ratio_inverted": "{given} 是 IV(a)/Gain(D,a)：分子分母颠倒了。",
    "ex.slip.gini_for_index": ("{given} 是整个结点的基尼值 Gini(D)；基尼指数 Gini_index(D,a) "
                               "是各分支 Gini(Dᵛ) 按 |Dᵛ|/|D| 的加权和。"),
    "ex.slip.entropy_after_for_gain": ("{given} 是划分后的 Σᵥ |Dᵛ|/|D|·Ent(Dᵛ)；"
                                       "信息增益是 Ent(D) 减去它。"),
    "ex.slip.missing_branch": "{given} 漏掉了 {branch} 这一项：求和应遍历全部 {branches} 个分支。",
    "ex.slip.missing_branch_of_iv": ("{given} 漏掉了 {branch} 这一项：IV 应遍历全部 {branches} 个"
                                     "分支，再加上 {attribute} 缺失的样本这一项，比例 {share}"
                                     "（Quinlan 的 C4.5）。"),
    "ex.slip.missing_unknown_term": ("{given} 漏掉了 IV 的最后一项：{attribute} 缺失的样本算作"
                                     "多出的一个分支，比例 {share}（Quinlan 的 C4.5，本应用的 IV "
                                     "也这样算）。"),
    "ex.slip.carried": ("{given} = {expression} 是由你第 {source_line} 行的 {source} 算出的："
                        "这一步的算法没错，错在所用的数值。"),
    "ex.slip.other_branch": ("此处 {set} 是 {here}；{given} 是 {other_set}（{other}）的值："
                             "各子集按这棵树中 {attribute} 各分支的顺序编号，与手算过程及"
                             "“{page}”页面中“{table}”表所列的顺序相同。"),
    "ex.slip.gini_reading": ("Gini(D̃, {attribute}) 理解为 D̃ 的基尼值，D̃ 为 {attribute} 上"
                             "无缺失值的样本（如同 Ent(D̃, {attribute}) 是它们的信息熵）；"
                             "{given} 也不是在这些样本上的基尼指数 {index_name} = {index}"
                             "（李航记作 Gini(D̃, A)）。"),
    "ex.slip.multiway_set": ("这棵树把 {attribute} 二分（{sets}），所以 {set} 按周志华书中的"
                             "多路划分（每个取值一个分支）理解：{attribute} 取 {value} 的样本。"),
    "ex.slip.other": "请对照下面正确的计算。",
    "ex.formula.entropy": "−Σₖ pₖ·log₂ pₖ",
    "ex.formula.iv": "−Σᵥ |Dᵛ|/|D|·log₂(|Dᵛ|/|D|)",
    "ex.name.conditional_entropy": "按 {attribute} 划分的 {name}",
    "ex.formula.split_on": "按 {attribute} 划分：{formula}",
    "ex.tab.quiz": "测验",
    "ex.quiz.intro": ("在 TreeGenerate 的每一步之前：预测哪个属性被选为划分属性，或算出一个数值。"
                      "题目由随机种子决定；数值与精确值相差不超过容差即算正确；与“核对我的计算”"
                      "一样，与每步先舍入到 3 位小数所得的值（书中即如此）相差不超过容差，"
                      "或在树做二分时与周志华书中多路划分的基尼指数（式 4.6，精确值或提前舍入所得的"
                      "值）相差不超过容差，"
                      "也算正确，评分时会注明按哪种情况算对。每个提示给出公式的开头。"),
    "ex.quiz.seed": "测验随机种子",
    "ex.quiz.none": "这棵树没有可以出题的划分。",
    "ex.quiz.question": "**第 {number} 题**，结点 {node}",
    "ex.quiz.pick": "（选择一个属性）",
    "ex.quiz.winner.gain": "哪个属性被选为划分属性？（ID3：信息增益 Gain(D,a) 最大）",
    "ex.quiz.winner.gain_ratio": ("哪个属性被选为划分属性？（C4.5：在信息增益不低于平均值的属性中，"
                                  "增益率 Gain_ratio(D,a) 最高）"),
    "ex.quiz.winner.gini_index": "哪个属性被选为划分属性？（CART：基尼指数 Gini_index(D,a) 最小）",
    "ex.quiz.winner.gini_gain": ("哪个属性被选为划分属性？（CART，此处有缺失值：ρ·(Gini(D̃) − "
                                 "Gini_index(D̃,a)) 最大，ρ 为属性 a 上无缺失值样本所占的比例）"),
    "ex.quiz.winner.min_gain_worst": ("哪个属性被选为划分属性？（最差基线：信息增益 Gain(D,a) "
                                      "最小）"),
    "ex.quiz.winner.oblique": ("哪个属性被选为划分属性？（斜决策树：在线性划分与各单属性划分中，"
                               "取 ρ·(Gini(D̃) − Gini_index) 最大者；此结点选中的是单属性划分）"),
    "ex.quiz.hint": "提示",
    "ex.quiz.score": "{total} 题中答对 {right} 题（容差 ±{tolerance}）。",
    "ex.quiz.score.beyond": ("{total} 题中答对 {right} 题（容差 ±{tolerance}）；其中 {beyond} 题"
                             "按下面该题说明的理由算作正确。"),
    "ex.quiz.submit": "评分",
    "ex.quiz.right": "第 {number} 题：正确（{answer}）。",
    "ex.quiz.right.rounded": ("第 {number} 题：正确（同书中一样提前舍入）：{given} 与每步先舍入到 "
                              "3 位小数所得的 {value} 相差不超过 ±{tolerance}；精确值为 "
                              "{answer}。"),
    "ex.quiz.right.multiway": ("第 {number} 题：正确（周志华书中多路划分的基尼指数，式 4.6）："
                               "{given} 与多路划分（每个取值一个分支）的基尼指数 {value} "
                               "相差不超过 ±{tolerance}。这棵树做二分：答案 {answer} 是最优二分"
                               "划分的基尼指数。"),
    "ex.quiz.right.multiway_rounded": ("第 {number} 题：正确（周志华书中多路划分的基尼指数，"
                                       "式 4.6，同书中一样提前舍入）：{given} 与按多路划分（每个"
                                       "取值一个分支）计算、每步先舍入到 3 位小数所得的基尼指数 "
                                       "{value} 相差不超过 ±{tolerance}；其精确值为 {multiway}。"
                                       "这棵树做二分：答案 {answer} 是最优二分划分的基尼指数。"),
    "ex.quiz.wrong": "第 {number} 题：错误；答案是 {answer}。",
    "ex.quiz.download": "下载得分（CSV）",
    "ex.quiz.col.question": "题号",
    "ex.quiz.col.asked": "问题",
    "ex.quiz.col.answer": "答案",
    "ex.quiz.col.correct": "是否正确",
}
