"""The one catalogue of user-visible words: t(key, **values) in the session's language.

English here, Chinese in ui.messages_zh (the same keys and placeholders): a new key goes into
both. The session's language is chosen by ui.state.choose_language.
Core codes (stop kinds such as `pure`, decision rules such as `max_gain`) are translated here
under `stop.*` and `rule.*`, so the core never emits prose the UI shows.
"""

from __future__ import annotations

import re

from dtree_core import notation as notations
from dtree_core.cli_messages import EN as CLI_EN
from dtree_core.cli_messages import sentences as cli_sentences
from dtree_core.data import Listed, listed_in
from dtree_core.escape import one_line, show_controls, without_shortcodes
from dtree_core.wording import fill
from ui.messages_zh import ZH
from ui.sections import SECTIONS

DEFAULT_LANGUAGE = "en"

EN = {
    # app and navigation
    "app.title": "dtree-lab",
    "page.grow": "Grow a tree",
    "lang.label": "Language / 语言",
    "widget.choose": "Choose options",
    # setup sidebar
    "setup.header": "Data and algorithm",
    "setup.source": "Data",
    "setup.source.bundled": "Bundled dataset",
    "setup.source.upload": "Upload a file (CSV or Excel)",
    "setup.dataset": "Dataset",
    "setup.dataset.source": "Source: {source}",
    "setup.upload": "CSV or Excel file",
    "setup.sheet": "Sheet",
    "setup.encoding": "Encoding",
    "setup.encoding.auto": "Detect automatically",
    "setup.encoding.help": ("Pick the file's encoding when the load report says it was a guess "
                            "(Excel on Chinese Windows saves GB18030/GBK)."),
    "setup.upload.help": "Any common encoding (UTF-8, GBK/GB18030, UTF-16) and delimiter.",
    "setup.upload.bad": "Could not read {name}: {reason} The previous dataset is still loaded.",
    "setup.upload.bad.first": "Could not read {name}: {reason}",
    "setup.upload.kept": "Using {name}, the file uploaded last. Upload a file to replace it.",
    "setup.budget_setting": ("A setting of this server's resource budget is not used, and its "
                             "default applies (tell whoever runs the server): {reason}"),
    "setup.budget_unknown": ("A setting of this server's resource budget names no setting and "
                             "is not used (tell whoever runs the server): {reason}"),
    "setup.using": "Using **{name}** ({rows} rows, {cols} columns).",
    "setup.tree_of": "No tree grew from it: the pages still show the tree of **{name}**.",
    "setup.report": "Load report",
    "setup.report.encoding": "Encoding: {value}",
    "setup.report.delimiter": "Delimiter: {value}",
    "delimiter.comma": "comma",
    "delimiter.semicolon": "semicolon",
    "delimiter.tab": "tab",
    "delimiter.full_width_comma": "full-width comma",
    "setup.report.sheet": "Sheet: {value}",
    "setup.report.guessed": ("The encoding {value} was a guess: if the Chinese text looks wrong, "
                             "choose the file's encoding under {widget} above, or save the file "
                             "as UTF-8 and upload it again."),
    "setup.report.rows": "Rows: {rows}, columns: {cols}",
    # the loader's markers (DEFAULT_MISSING, matched by data.marker_form), listed from the code
    "setup.report.markers": ("Read as missing: an empty cell; {markers} (in any letter case, "
                             "half- or full-width); a cell of dashes alone, such as `—` or `--`; "
                             "a spreadsheet's error value, such as `#N/A` or `#DIV/0!` (a warning "
                             "lists them); in a column of numbers, `nan`, `inf` or a number too "
                             "big for a float, such as `1e400` (a warning lists them too). In a "
                             "column of `+` and `-` alone, `-` is a value."),
    "setup.report.col.column": "column",
    "setup.report.col.kind": "kind",
    "setup.report.col.missing": "missing",
    "setup.target": "Target (class) column",
    "setup.attributes": "Attributes to use",
    "setup.id_note": ("'{column}' has a different value in every row, like a row number, so it "
                      "starts unselected; add it to see ID3's bias toward many-valued attributes."),
    "setup.id_note.numbers_as_text": ("'{column}' has a different value in every row, its "
                                      "numbers read as text (see the load report), so it starts "
                                      "unselected; save them as plain numbers to use it as a "
                                      "continuous attribute."),
    "setup.nominal": "Treat as nominal",
    "setup.continuous": "Treat as continuous",
    "setup.algorithm": "Algorithm",
    "setup.options": "Options",
    "setup.limits": ("The first four are stopping limits: they end a branch early, before the "
                     "book's stop cases would. They are not Zhou's pre-pruning, which consults a "
                     "validation set."),
    "setup.max_depth": "Max depth (0 = no limit)",
    "setup.max_depth.help": "Counts splits from the root, as scikit-learn does: 1 grows a stump.",
    "setup.min_samples": "Min samples to split",
    "setup.min_samples.help": ("A node with fewer samples than this becomes a leaf, whatever "
                               "its scores (a stopping limit; Fig. 4.2 has none)."),
    "setup.min_gain": "Min gain to split",
    "setup.min_gain.help": ("A node becomes a leaf when the split its rule picks scores below "
                            "this value. For {algorithm} the score is {score}."),
    # the score each algorithm's min gain is compared with (the registry's impurity_decrease)
    "setup.min_gain.score.gain": "the information gain",
    "setup.min_gain.score.gini_gain": "the decrease of the Gini index the split brings",
    "setup.min_gain.score.gain_ratio": "the gain ratio (Li Hang's threshold ε)",
    "setup.min_branch_weight": "Min branch weight (0 = off)",
    "setup.min_branch_weight.help": ("C4.5's minimum objects (J48's -M, 2 by default there): a "
                                     "split must leave at least this many samples in each of two "
                                     "of its branches, or the node becomes a leaf."),
    "setup.tie_rule": "Tie rule",
    "setup.tie_rule.help": ("Which of several equally good attributes wins. For thresholds the "
                            "smaller t always wins; for a leaf's label, the class seen first."),
    "tie.first": "First in column order (the book's Fig. 4.4)",
    "tie.last": "Last in column order",
    "tie.random": "Random (uses the seed)",
    "setup.seed": "Random seed (CLS, random tie rule)",
    "setup.clear_forces": "Undo {n} forced splits",
    "setup.growing": "Growing the tree…",
    "setup.grow_failed": "This tree cannot be grown: {reason}",
    "setup.tree_kept": ("The pages still show the last tree grown: **{name}** · {algorithm} · "
                        "{nodes} nodes."),
    "setup.no_data": "Pick a bundled dataset or upload a CSV or Excel file in the sidebar.",
    "setup.no_tree": "No tree has been grown from this data yet: the sidebar says what it needs.",
    "algo.id3": "ID3 (information gain)",
    "algo.c45": "C4.5 (gain ratio)",
    "algo.cart": "CART (Gini index)",
    "algo.cls": "CLS (random attribute)",
    "kind.nominal": "nominal",
    "kind.continuous": "continuous",
    # why a column has its kind (KindRule.code, with KindRule.details)
    "setup.report.col.why": "why",
    "kind_rule.no_values": "no values, so nominal",
    "kind_rule.text": "text (such as '{example}'), so nominal",
    "kind_rule.decimal": "numbers with decimals ({low} to {high}), so continuous",
    "kind_rule.integer_codes": ("whole numbers {low}–{high}, {distinct} distinct: codes (few "
                                "values in a nearly consecutive range), not a measurement, so "
                                "nominal"),
    "kind_rule.integer_measure": ("whole numbers {low}–{high}, {distinct} distinct: a "
                                  "measurement, not codes, so continuous"),
    "kind_rule.declared_nominal": "declared nominal",
    "kind_rule.declared_continuous": "declared continuous",
    "kind_rule.id_like": ("a different value in every row, like a row number: a many-valued "
                          "nominal attribute where it is included"),
    # replay controls
    "grow.header": "{dataset} · {algorithm} · {nodes} nodes",
    "grow.first": "First",
    "grow.prev": "Previous",
    "grow.next": "Next",
    "grow.last": "Last",
    "grow.key_help": "Keyboard: {key}",
    # the keys as the tooltip names them (the shortcuts themselves are Streamlit's names)
    "grow.key.first": "Home",
    "grow.key.prev": "Left",
    "grow.key.next": "Right",
    "grow.key.last": "End",
    "grow.step": "Step",
    "grow.step_of": "Step {step} of steps 0–{total}: node #{node}",
    "grow.play": "Autoplay",
    "grow.speed": "Seconds per step",
    "grow.jump": "Jump to node",
    "grow.order": "Order",
    "grow.order.dfs": "TreeGenerate (depth-first)",
    "grow.order.bfs": "Level by level (BFS)",
    "grow.decimals": "Decimals shown",
    "grow.view": "Tree view",
    "grow.view.auto": "Automatic: whole tree, or around the current node when it is big",
    "grow.view.whole": "Whole tree",
    "grow.view.depth": "Down to a depth",
    "grow.view.around": "Around the current node",
    "grow.view.depth_value": "Show depth",
    "grow.view.radius": "Levels below the current node",
    "grow.view.big": "This tree has {nodes} nodes: showing the current node's neighbourhood.",
    "draw.depth": ("This tree has {nodes} nodes: drawn down to depth {depth} (the root is depth "
                   "0); “⋯ k” stands for k nodes below."),
    "draw.paths": ("This tree has {nodes} nodes: drawn are the nodes the sample reached and the "
                   "branches it did not take; “⋯ k” stands for k nodes below."),
    "draw.paths.depth": ("This tree has {nodes} nodes: drawn are the nodes the sample reached "
                         "and the branches it did not take, down to depth {depth}; “⋯ k” "
                         "stands for k nodes below."),
    "grow.display": "Display",
    "grow.many_nodes": ("This tree has {nodes} nodes for {rows} rows, so many leaves hold a sample "
                        "or two. A min branch weight (sidebar, Options; C4.5 uses 2) stops a split "
                        "unless at least two of its branches hold that many samples."),
    "grow.pseudocode": "TreeGenerate (Zhou, Fig. 4.2)",
    "grow.force_unmatched.one": ("The split forced at {path} could not be made in this tree: it "
                                 "grows as the algorithm chooses there. The force stays set for "
                                 "trees that can make it."),
    "grow.force_unknown": ("The split forced at {path} names {attribute}, which is not a column "
                           "of this data."),
    "grow.force_unchosen": ("The split forced at {path} names {attribute}, a column of this data "
                            "that is not among the attributes chosen in the sidebar."),
    "grow.force_not_attribute": ("The split forced at {path} names {attribute}, which is not "
                                 "among the attributes of this tree."),
    "grow.force_target": ("The split forced at {path} names {attribute}, the target: a tree "
                          "cannot split on the class it predicts."),
    "grow.force_unmatched.many": ("The splits forced at {paths} could not be made in this tree: "
                                  "it grows as the algorithm chooses there. The forces stay set "
                                  "for trees that can make them."),
    # node panel
    "node.header": "Node #{node}",
    "node.path": "**Path from the root:** {path}",
    "node.root": "(root)",
    "node.root.bare": "the root",
    "node.title.root": "#{id} (root)",
    "node.size": "|D| = {n}",
    "node.weight": "weight {weight} (missing values spread as fractional weights)",
    "node.counts": "Class counts: {counts}",
    "node.scores": "Candidates",
    "node.no_scores": "No candidate attributes were scored here: the node stopped before choosing.",
    "node.inspect": "Inspect attribute",
    "node.force": "Split this node on",
    "node.force.auto": "(the algorithm's choice)",
    "node.force.help": ("Textbooks break ties by hand: pick an attribute to regrow the tree "
                        "with it forced here."),
    "node.branches": "Branches of {attribute}",
    "node.formulas": "Formulas for {attribute}",
    "node.formulas.places": ("Some terms have up to {places} decimals where the results have "
                             "{decimals}: rounded to {decimals} first, they would not add up to "
                             "the results shown (the way a book that rounds early gets its "
                             "last digit wrong)."),
    "node.curve": "Every candidate threshold of {attribute}",
    "node.curve.chosen": "chosen t = {t}",
    "node.curve.threshold": "threshold t",
    "node.chart.title": "{criterion} per attribute",
    "node.mean_gain": "Mean gain over the candidates that may split: {mean}",
    "node.ties": "Tied with the winner: {ties}. {rule}",
    "node.ties.forced_tied": ("{attribute} ties with {ties} on the score the rule ranks by; "
                              "it was used because it was forced, not by the tie rule."),
    "node.ties.forced_other": ("{ties} tie on the score the rule ranks by; the forced "
                               "{attribute} was used instead."),
    "node.no_split": ("{attribute} has no split to show: no midpoint leaves a weight of at "
                      "least {m} (the min branch weight) on both sides, so there are no "
                      "branches, formulas or threshold curve."),
    "node.one_value": ("{attribute} has one value left at this node, so no split of it in "
                       "two exists and the rule cannot take it: the branches below put every "
                       "row on one side, and a value absent here is on a side only to complete "
                       "the partition."),
    # column headers
    "col.attribute": "attribute",
    "col.kind": "kind",
    "col.threshold": "t",
    "col.rho": "ρ",
    "col.gain": "Gain",
    "col.iv": "IV",
    "col.gain_ratio": "Gain_ratio",
    "col.gini_index": "Gini_index",
    "col.above_average": "Gain ≥ mean",
    "col.tied": "tie",
    "col.chosen": "chosen",
    "col.eligible": "may split",
    "col.value": "value",
    "col.n": "|Dᵛ|",
    "col.weight": "weight",
    "col.rows": "rows",
    "col.weight.with_unknown": "weight with unknown {attribute}",
    "col.entropy": "Ent(Dᵛ)",
    "col.gini": "Gini(Dᵛ)",
    # why the winner won (decision.rule_code)
    "rule.max_gain": "{attribute} has the largest information gain, {gain}.",
    "rule.c45_gain_ratio": ("Of the {passed} attributes whose gain is at least the mean "
                            "({mean}), {attribute} has the largest gain ratio, {ratio}."),
    "rule.min_gini": ("{attribute} lowers the Gini index most: ρ·(Gini(D̃) − Gini_index) = "
                      "{gini_gain} (Gini_index {gini}; without missing values ρ = 1)."),
    "rule.min_gini.complete": ("{attribute}'s best two-way split has the smallest Gini_index, "
                               "{gini} (no value is missing here, so it lowers the Gini index "
                               "most)."),
    "rule.random": "{algorithm} takes a candidate at random (seed {seed}) and drew {attribute}.",
    "rule.unknown": "{algorithm} takes {attribute} by its own rule ({criterion} {value}).",
    "rule.forced": "{attribute} was forced at this node, whatever the scores say.",
    "rule.tie_break.first": "Ties go to the attribute that comes first in the data's columns.",
    "rule.tie_break.last": "Ties go to the attribute that comes last in the data's columns.",
    "rule.tie_break.random": "Ties are broken at random (seed {seed}).",
    "rule.threshold": "Its best threshold by {criterion} is t = {t}.",
    "rule.threshold.lihang": "Its best cut point by {criterion} is t = {t}.",
    "rule.threshold.forced": "Its threshold t = {t} was forced too.",
    "rule.threshold.tied": ("{criterion} is the same ({value}) at t = {others}: of tied "
                            "thresholds the smallest is taken."),
    "rule.threshold.tied.many": ("{criterion} is the same ({value}) at {n} other thresholds "
                                 "(t = {others}, …): of tied thresholds the smallest is taken."),
    # why a node became a leaf (decision.stop)
    "stop.pure": "All samples are of class {label}, so this is a leaf of that class.",
    "stop.no_attributes": ("No attributes are left to split on: "
                           "a leaf labelled {label}, the majority."),
    "stop.same_values": ("Every sample has the same values on the remaining attributes: "
                         "a leaf labelled {label}, the majority."),
    "stop.empty": "No samples reach this branch: a leaf labelled {label}, the parent's majority.",
    "stop.max_depth": "The maximum depth is reached: a leaf labelled {label}, the majority.",
    "stop.min_samples": ("Fewer samples than the minimum needed to split: "
                         "a leaf labelled {label}, the majority."),
    "stop.min_gain": ("The best gain is below the minimum gain: "
                      "a leaf labelled {label}, the majority."),
    "stop.min_gain.gini": ("The largest decrease of the Gini index (ρ·ΔGini) is below the minimum "
                           "gain: a leaf labelled {label}, the majority."),
    "stop.min_gain.compared": ("The best gain, {best}, is below the minimum gain {threshold}: a "
                               "leaf labelled {label}, the majority."),
    "stop.min_gain.gini.compared": ("The largest decrease of the Gini index, ρ·ΔGini = {best}, "
                                    "is below the minimum gain {threshold}: a leaf labelled "
                                    "{label}, the majority."),
    "stop.min_gain.chosen": ("The gain of the attribute the rule picks is below the minimum "
                             "gain: a leaf labelled {label}, the majority."),
    "stop.min_gain.chosen.compared": ("The rule picks {attribute}, whose gain, {best}, is below "
                                      "the minimum gain {threshold}: a leaf labelled {label}, "
                                      "the majority."),
    "stop.min_branch_weight": ("No split leaves two branches with at least the minimum branch "
                               "weight: a leaf labelled {label}, the majority."),
    "stop.pruned": "Pruning replaced this subtree by a leaf labelled {label}.",
    # the majority's classes tie (growing.majority takes the first in the data's order)
    "stop.tied_majority": ("{classes} tie with {count} each: the leaf takes {label}, the one "
                           "the data shows first."),
    "stop.tied_class": "{cls}",  # a class named in that list (Chinese quotes it)
    "stop.pre_pruned": ("Pre-pruning refused the split chosen here: it did not raise the "
                        "validation accuracy, so this is a leaf labelled {label}."),
    "stop.raised": ("C4.5's subtree raising moved this leaf up: a copy of a leaf of the largest "
                    "branch, recounted with the rows of the node it was raised into, labelled "
                    "{label}. Nothing was pruned here."),
    "stop.unknown": "A leaf labelled {label} ({code}).",
    # TreeGenerate, Zhou's Figure 4.2, line by line ('opt' is our stopping limits)
    "pseudo.input": "Input: training set D; attribute set A",
    "pseudo.1": "generate node",
    "pseudo.2": "if all samples in D are of the same class C then",
    "pseudo.3": "    mark node as a leaf of class C; return",
    "pseudo.4": "end if",
    "pseudo.5": "if A = ∅ OR all samples in D take the same values on A then",
    "pseudo.6": "    mark node as a leaf of D's majority class; return",
    "pseudo.7": "end if",
    "pseudo.opt": "if a stopping limit holds (max depth, min samples) then leaf; return",
    "pseudo.8": "choose the best splitting attribute a* from A",
    "pseudo.8.lowest": ("choose the splitting attribute a* from A (this baseline: the one "
                        "with the lowest Gain, the worst on purpose)"),
    "pseudo.late": ("if a*'s score is below the min gain, or no split leaves two branches of "
                    "the min branch weight, then leaf; return"),
    "pseudo.9": "for each value a*ᵛ of a* do",
    "pseudo.10": "    add a branch to node; Dᵥ = the samples of D with a* = a*ᵛ",
    # a two-way split (a* <= t, or a subset of a*'s values) has two sides, not a branch a value
    "pseudo.9.keep": "for each of the two sides of the split on a* (a* ≤ t | a* > t, or two "
                     "subsets of its values) do",
    "pseudo.10.keep": "    add a branch to node; Dᵥ = the samples of D on that side",
    "pseudo.11": "    if Dᵥ is empty then",
    "pseudo.12": "        mark the branch node as a leaf of D's majority class; return",
    "pseudo.13": "    else",
    "pseudo.14": "        use TreeGenerate(Dᵥ, A \\ {a*}) as the branch node",
    "pseudo.14.keep": ("        use TreeGenerate(Dᵥ, A) as the branch node: a two-way split "
                       "keeps a* in A, so a branch may split on it again"),
    "pseudo.15": "    end if",
    "pseudo.16": "end for",
    "pseudo.output": "Output: a decision tree rooted at node",
    "pseudo.fired": "a* = {attribute}",
    "pseudo.fired.left_out": "{chosen}. {left_out}",
    "pseudo.fired.forced": "a* = {attribute}, forced here",
    "pseudo.fired.random": "a* = {attribute}, drawn at random",
    "pseudo.code": "The code of a line",
    "pseudo.code.line": "Line",
    "pseudo.code.none_fired": "No step that ran here has code of its own: choose a line",
    "pseudo.code.source": ("The statements of `generate` in `dtree_core/reference.py` "
                           "(TreeGenerate, recursive) marked {marks}."),
    "pseudo.code.opt": ("Fig. 4.2 has no line for the stopping limits: the call of "
                        "`early_stops` in `generate` (`dtree_core/reference.py`) checks max "
                        "depth and min samples before any attribute is scored."),
    "pseudo.code.late": ("Fig. 4.2 has no line for the stopping limits: the call of "
                         "`late_stops` in `generate` (`dtree_core/reference.py`) checks, after "
                         "line 8 has chosen a*, its score against the min gain and that a split "
                         "leaves two branches of the min branch weight."),
    # Li Hang's Algorithm 5.2 (ID3) and 5.3 (C4.5), step by step; "*" rows are our limits
    "pseudo.lihang.title": "Li Hang, Algorithm {number}",
    "pseudo.lihang.5.2.title": "Li Hang, Algorithm 5.2 (the ID3 algorithm)",
    "pseudo.lihang.5.3.title": "Li Hang, Algorithm 5.3 (the C4.5 generation algorithm)",
    "pseudo.lihang.input": ("Input: training set D, feature set A, threshold ε = {epsilon} (the "
                            "sidebar's min gain to split)"),
    "pseudo.lihang.5.3.input": ("Input: training set D, feature set A, threshold ε = {epsilon} "
                                "(the sidebar's min gain to split, compared here with the "
                                "information gain ratio)"),
    "pseudo.lihang.1": ("if every instance in D belongs to one class Cₖ, T is a single node "
                        "labelled Cₖ; return T"),
    "pseudo.lihang.2": ("if A = ∅, T is a single node labelled with the class Cₖ with the most "
                        "instances in D; return T"),
    "pseudo.lihang.opt": ("if a stopping limit holds (max depth, min samples to split), T is a "
                          "single node labelled with the class with the most instances in D; "
                          "return T"),
    "pseudo.lihang.5.2.3": ("otherwise compute, by Algorithm 5.1, the information gain of each "
                            "feature in A on D and choose the feature A_g of largest gain"),
    "pseudo.lihang.5.3.3": ("otherwise compute, by eq. (5.10), the information gain ratio of "
                            "each feature in A on D and choose the feature A_g of largest gain "
                            "ratio"),
    "pseudo.lihang.branch_weight": (
        "if no feature leaves two branches of at least the min branch weight (C4.5's MINOBJS), "
        "T is a single node labelled with the class with the most instances in D; return T"),
    "pseudo.lihang.5.2.4": ("if the information gain of A_g is below the threshold ε, T is a "
                            "single node labelled with the class Cₖ with the most instances in "
                            "D; return T"),
    "pseudo.lihang.5.3.4": ("if the information gain ratio of A_g is below the threshold ε, T "
                            "is a single node labelled with the class Cₖ with the most instances "
                            "in D; return T"),
    "pseudo.lihang.4.fired": "{symbol} = {value} < ε = {epsilon}",
    "pseudo.lihang.5": ("otherwise split D by A_g = aᵢ, for each value aᵢ of A_g, into non-empty "
                        "subsets Dᵢ; each becomes a child labelled with the class with the most "
                        "instances in Dᵢ; T is the node and its children; return T"),
    "pseudo.lihang.5.keep": ("otherwise split D at the cut point t of A_g into two non-empty "
                             "subsets D₁ = {{A_g ≤ t}} and D₂ = {{A_g > t}} (a continuous feature, "
                             "Zhou §4.4.1); each becomes a child labelled with the class with "
                             "the most instances in it; T is the node and its children; return T"),
    "pseudo.lihang.6": ("for the i-th child, call steps (1)–(5) recursively on Dᵢ and A − {{A_g}}; "
                        "they return the subtree Tᵢ"),
    "pseudo.lihang.6.keep": ("for the i-th child, call steps (1)–(5) recursively on Dᵢ and A (a "
                             "continuous feature A_g stays in A, so a descendant may split on it "
                             "again, Zhou §4.4.1); they return the subtree Tᵢ"),
    "pseudo.lihang.output": "Output: decision tree T",
    "pseudo.lihang.fired": "A_g = {attribute}",
    "pseudo.lihang.fired.threshold": "A_g = {attribute}, cut point t = {threshold}",
    "pseudo.lihang.fired.forced": "A_g = {attribute}, forced here",
    "pseudo.lihang.fired.random": "A_g = {attribute}, drawn at random",
    "pseudo.lihang.5.2.not.same_values": (
        "Note: Algorithm 5.2 has no case of its own for this: every instance in D takes the "
        "same value on each feature of A, so every information gain is 0. With ε > 0 steps (3) "
        "and (4) make the same leaf; with ε = 0 step (5) makes one subset D₁ = D and the "
        "features are removed one by one until step (2), with the same label. The app makes "
        "the leaf at once, as Zhou's Fig. 4.2 lines 5–6 do, labelled with the class with the "
        "most instances in D."),
    "pseudo.lihang.5.3.not.same_values": (
        "Note: Algorithm 5.3 has no case of its own for this: every instance in D takes the "
        "same value on each feature of A, so every H_A(D) is 0 and the gain ratio g_R(D, A) is "
        "0/0, which step (3) cannot compare. The app makes the leaf as Zhou's Fig. 4.2 lines 5–6 "
        "do, labelled with the class with the most instances in D."),
    "pseudo.lihang.not.empty": (
        "Note: Algorithm {number} makes no child for a value absent from the parent's D (step "
        "(5) keeps non-empty subsets only). The app makes this branch as Zhou's Fig. 4.2 lines "
        "11–12 do: a leaf labelled with the class with the most instances in the parent."),
    "pseudo.lihang.not.empty_children": (
        "Note: the app also made branches for the values {values}, which no instance of D "
        "takes (Zhou's Fig. 4.2 lines 11–12); step (5) of Algorithm {number} makes no such "
        "child."),
    "pseudo.lihang.not.missing": (
        "Note: Algorithm {number} does not handle missing values. The app follows Zhou §4.4.2: "
        "in step (3) a feature with missing values is scored on D̃ (its instances with a known "
        "value) and the score multiplied by ρ (eq. 4.12); an instance whose A_g is missing "
        "goes into every Dᵢ with weight r̃ᵢ, so the Dᵢ do not partition D."),
    "pseudo.lihang.not.missing_scores": (
        "Note: Algorithm {number} does not handle missing values. The app follows Zhou §4.4.2: "
        "in step (3) a feature with missing values is scored on D̃ (its instances with a known "
        "value) and the score multiplied by ρ (eq. 4.12)."),
    # Algorithm 5.3's score is a ratio: ρ weights the gain, and H_A(D) gives the missing
    # share a branch of its own (Quinlan's C4.5), so "the score multiplied by ρ" is not it
    "pseudo.lihang.5.3.not.missing": (
        "Note: Algorithm 5.3 does not handle missing values. The app follows Zhou §4.4.2 and "
        "Quinlan's C4.5: in step (3) a feature's information gain is computed on D̃ (its "
        "instances with a known value) and multiplied by ρ (eq. 4.12), and H_A(D) counts the "
        "instances whose value is missing as one more branch, so g_R(D, A) = ρ·g(D̃, A) / "
        "H_A(D); an instance whose A_g is missing goes into every Dᵢ with weight r̃ᵢ, so the "
        "Dᵢ do not partition D."),
    "pseudo.lihang.5.3.not.missing_scores": (
        "Note: Algorithm 5.3 does not handle missing values. The app follows Zhou §4.4.2 and "
        "Quinlan's C4.5: in step (3) a feature's information gain is computed on D̃ (its "
        "instances with a known value) and multiplied by ρ (eq. 4.12), and H_A(D) counts the "
        "instances whose value is missing as one more branch, so g_R(D, A) = ρ·g(D̃, A) / "
        "H_A(D)."),
    "pseudo.lihang.not.pre_pruned": (
        "Note: pre-pruning (Zhou §4.3.1) refused the split step (3) chose, as it did not raise "
        "the validation accuracy; no step of Algorithm {number} made this leaf."),
    "pseudo.lihang.not.pruned": (
        "Note: pruning replaced this subtree by a leaf after the tree was generated; no step "
        "of Algorithm {number} made it."),
    "pseudo.lihang.not.raised": (
        "Note: C4.5's subtree raising moved this leaf up after the tree was generated (a copy "
        "of a leaf of the largest branch); no step of Algorithm {number} made it here."),
    "pseudo.lihang.code.opt": (
        "Not in Algorithm {number}: the call of `early_stops` in `generate` "
        "(`dtree_core/reference.py`) checks max depth and min samples before any feature is "
        "scored."),
    "pseudo.lihang.code.branch_weight": (
        "Not in Algorithm {number}: the call of `late_stops` in `generate` "
        "(`dtree_core/reference.py`) checks, after scoring, that a split leaves two branches of "
        "the min branch weight."),
    "pseudo.lihang.code.4": (
        "Step (4): the call of `late_stops` in `generate` (`dtree_core/reference.py`); a score "
        "below `options.min_gain` (ε) makes the leaf."),
    # Li Hang's Algorithm 5.6 (CART generation), his words; "*" rows are our limits
    "pseudo.lihang.5.6.title": "Li Hang, Algorithm 5.6 (the CART generation algorithm)",
    "pseudo.lihang.5.6.input": "Input: training set D, the conditions to stop",
    "pseudo.lihang.5.6.output": "Output: CART decision tree",
    "pseudo.lihang.5.6.opt": ("if the node is at the max depth (our limit, not the book's), it "
                              "is not cut: a leaf labelled with the class with the most "
                              "instances in D"),
    "pseudo.lihang.5.6.1": ("with D the node's training set, compute the Gini index of each "
                            "feature on D: for each feature A and each of its values a, cut D "
                            "into D₁ and D₂ by whether A = a holds, and compute the Gini index "
                            "for A = a by eq. (5.25)"),
    "pseudo.lihang.5.6.late": ("if the best cut lowers the Gini index, ρ·(Gini(D̃) − "
                               "Gini(D̃, A)), by less than the min gain, or no cut leaves two "
                               "children of the min branch weight (our limits, not the "
                               "book's), the node is a leaf"),
    "pseudo.lihang.5.6.2": ("among all features A and all their cut points a, choose the one "
                            "of smallest Gini index as the best feature and best cut point; by "
                            "them, make two children of the node and send the training set to "
                            "them by the feature"),
    "pseudo.lihang.5.6.3": ("call (1) and (2) recursively on the two children until a "
                            "stopping condition holds: fewer instances in the node than a set "
                            "threshold (the sidebar's min samples to split), a Gini index of "
                            "the node's instances below a set threshold (they belong to one "
                            "class), or no feature left"),
    "pseudo.lihang.5.6.4": "generate the CART decision tree",
    "pseudo.lihang.5.6.not.same_values": (
        "Note: every instance in D takes the same value on each feature, so no cut point parts "
        "D in two; Algorithm 5.6 has no case of its own for this. The app makes the leaf as "
        "Zhou's Fig. 4.2 lines 5–6 do, labelled with the class with the most instances in D."),
    "pseudo.lihang.5.6.not.empty": (
        "Note: both children of Algorithm 5.6 hold instances; this one holds none of the "
        "parent's. The app makes it as Zhou's Fig. 4.2 lines 11–12 do: a leaf labelled with "
        "the class with the most instances in the parent."),
    "pseudo.lihang.5.6.not.empty_children": (
        "Note: the app also made branches for the values {values}, which no instance of D "
        "takes (Zhou's Fig. 4.2 lines 11–12); Algorithm 5.6 makes no such child."),
    "pseudo.lihang.5.6.not.missing": (
        "Note: Algorithm 5.6 does not handle missing values. The app follows Zhou §4.4.2: in "
        "step (1) a feature with missing values is scored on D̃ (its instances with a known "
        "value) and its lowering of the Gini index weighted by ρ, ρ·(Gini(D̃) − Gini(D̃, A)); "
        "an instance whose A_g is missing goes into both children with weight r̃ᵢ, so D₁ and "
        "D₂ do not partition D."),
    "pseudo.lihang.5.6.not.missing_scores": (
        "Note: Algorithm 5.6 does not handle missing values. The app follows Zhou §4.4.2: in "
        "step (1) a feature with missing values is scored on D̃ (its instances with a known "
        "value) and its lowering of the Gini index weighted by ρ."),
    "pseudo.lihang.5.6.not.pre_pruned": (
        "Note: pre-pruning (Zhou §4.3.1) refused the cut step (2) chose, as it did not raise "
        "the validation accuracy; no step of Algorithm 5.6 made this leaf."),
    "pseudo.lihang.5.6.not.threshold": (
        "Note: Algorithm 5.6 cuts a discrete feature by whether A = a holds; a continuous A_g "
        "is cut at a point t into A_g ≤ t and A_g > t (Zhou §4.4.1), t the midpoint of two "
        "adjacent values with the smallest Gini index."),
    "pseudo.lihang.5.6.not.grouped": (
        "Note: Algorithm 5.6 cuts by whether A = a holds; here each side holds several of the "
        "values of A_g in D ({left} | {right}): the best two-way partition of its values CART "
        "found, which need not be one value against the rest."),
    "pseudo.lihang.5.6.not.search.partitions": (
        "Note: for {features}, step (1) here scored not only A = a against A ≠ a but every "
        "two-way partition of the values A takes in D, several values on each side included "
        "(Breiman's CART), and took each feature's best."),
    "pseudo.lihang.5.6.not.search.ordered": (
        "Note: for {features} (more than {limit} values each), step (1) here ordered the values "
        "D holds by the share of the node's majority class and scored only the cuts of that order "
        "(Breiman et al. 1984, Thm 4.5: the best partition for two classes, not always beyond), "
        "and took each feature's best of those."),
    "pseudo.lihang.5.6.not.search.cuts": (
        "Note: step (1) here cut the continuous features {features} at midpoints t of two "
        "adjacent values into A ≤ t and A > t (Zhou §4.4.1), not by A = a, and took each "
        "feature's best."),
    "pseudo.lihang.5.6.code.opt": (
        "Max depth is not in Algorithm 5.6 (min samples is its stopping condition in step "
        "(3)): the call of `early_stops` in `generate` (`dtree_core/reference.py`) checks both "
        "before any feature is scored."),
    "pseudo.lihang.5.6.code.late": (
        "Not in Algorithm 5.6: the call of `late_stops` in `generate` "
        "(`dtree_core/reference.py`) checks, after scoring, the best cut's lowering of the Gini "
        "index against the min gain and that it leaves two children of the min branch weight."),
    # ---- issue 5: compare, evaluate, predict and export pages
    "page.compare": "Compare algorithms",
    "page.evaluate": "Evaluate",
    "page.predict": "Predict",
    "page.export": "Rules and exports",
    "lab.failed": "These trees cannot be grown: {reason}",
    "lab.split_failed": "These rows cannot be split for evaluation: {reason}",
    # core error codes (ui.setup.error_text): SplitError, dtree_core.evaluate
    "error.holdout_share": "The held-out share must be between 0 and 1; it is {value}.",
    "error.holdout_rows": "At least two rows are needed to hold some out; there are {rows}.",
    "error.holdout_single_rows": ("Every class has a single row, so no row can be held out "
                                  "whose class the tree could learn; add rows or merge classes."),
    "error.kfold_k": ("k-fold cross-validation needs k between 2 and the number of rows "
                      "({rows}); k is {k}."),
    "error.kfold_lone_class": ("Fold {fold} of {k} trains on rows of one class ('{label}'): a "
                               "class with a single row leaves the fold that tests it the "
                               "other class alone, whatever k or seed, so no tree grows; use a "
                               "held-out split."),
    "error.kfold_one_class": ("Fold {fold} of {k} trains on rows of one class ('{label}'), "
                              "from which no tree grows: choose another k or seed, or a "
                              "held-out split."),
    # load errors (dtree_core.loading.LoadError codes; details may hold more than is used)
    "error.not_found": "File not found: {path}.",
    "error.budget.rows": ("The file has {figure} rows, over this server's limit of {allowed}: "
                          "sample the rows, or run the command-line tool, which has no limits."),
    "error.budget.rows.more_than": ("The file has more than {allowed} rows, this server's "
                                    "limit: sample the rows, or run the command-line tool, "
                                    "which has no limits."),
    "error.budget.columns": ("The file has {figure} columns, over this server's limit of "
                             "{allowed}: drop columns you do not need, or run the command-line "
                             "tool."),
    "error.budget.cells": ("The file has {figure} cells, over this server's limit of {allowed}: "
                           "sample the rows or drop columns, or run the command-line tool."),
    "error.budget.unpacked_bytes": ("The sheet and the workbook's shared parts (its shared "
                                    "strings and styles) unpack to {figure} bytes, over this "
                                    "server's limit of {allowed}: save the sheet alone in a new "
                                    "workbook, shorten long texts, or save it as CSV, or run "
                                    "the command-line tool."),
    "error.budget.cells.more_than": ("The file has more than {allowed} cells, this server's "
                                     "limit: sample the rows or drop columns, or run the "
                                     "command-line tool."),
    "error.budget.classes": ("The target has {figure} classes, over this server's limit of "
                             "{allowed}: choose the column that holds the classes, or group "
                             "its values."),
    "error.budget.classes.id_like": ("The target has a different value in each of its {figure} "
                                     "rows, like an ID column, not classes: choose the column "
                                     "that holds the classes."),
    "error.budget.nodes": ("The tree passed this server's limit of {allowed} nodes: set a max "
                           "depth or a larger min samples to split, or run the command-line "
                           "tool."),
    "error.budget.depth": ("The tree passed this server's depth limit of {allowed}: set a max "
                           "depth, or run the command-line tool."),
    "error.budget.seconds": ("Growing took longer than this server's limit of {allowed} "
                             "seconds: set a max depth, sample the rows, or run the "
                             "command-line tool."),
    "error.budget.seconds.pruning": ("Growing and pruning the tree took longer than this "
                                     "server's limit of {allowed} seconds: set a max depth, "
                                     "choose another pruning method, sample the rows, or run "
                                     "the command-line tool."),
    "error.budget.entries": ("The next depth of the tree would score {figure} values (its rows "
                             "times the attributes), over this server's limit of {allowed}: "
                             "sample the rows or use fewer attributes, or run the command-line "
                             "tool."),
    "error.budget.entries.copies": ("The next depth of the tree would score {figure} values (its "
                                    "rows times the attributes), over this server's limit of "
                                    "{allowed}: a row with a missing value goes down every branch "
                                    "(Zhou §4.4.2), so their copies multiply from depth to depth. "
                                    "Set a min branch weight (C4.5's minimum objects) or a max "
                                    "depth, fill in the missing values, or run the command-line "
                                    "tool."),
    "error.memory": ("This server ran out of memory for that request; your data and tree are "
                     "as they were. Try a max depth, fewer rows or fewer columns."),
    "error.directory": "'{path}' is a directory, not a data file.",
    "error.unreadable": "'{path}' cannot be read.",
    "error.empty": "The file or sheet is empty.",
    "error.empty_sheet": "Sheet '{sheet}' of '{name}' is empty; choose another sheet.",
    "error.too_large": ("The file is {size_mb} MB, over the {limit_mb} MB limit: save only the "
                        "rows and columns you need, or a sample of the rows."),
    "error.binary": ("This is not a text table; save the data as CSV (UTF-8) or as an Excel "
                     ".xlsx workbook."),
    "error.old_xls": ("'{name}' is an old-style Excel .xls (or other Office) file, which this "
                      "tool cannot read; open it in Excel and save it as .xlsx or as CSV "
                      "(UTF-8)."),
    "error.xlsx_text_name": ("'{name}' is an Excel workbook with a text-file name; rename it to "
                             ".xlsx or save it as CSV."),
    "error.web_page": ("'{name}' is a web page (HTML), not a table file; open it in Excel and "
                       "save it as .xlsx or CSV."),
    "error.xml_spreadsheet": ("'{name}' is an Excel 2003 XML spreadsheet; open it in Excel and "
                              "save it as .xlsx or CSV."),
    "error.encoding": ("The file cannot be decoded with this encoding; choose another (for "
                       "example GB18030 or UTF-8) and load it again."),
    "error.encoding_unknown": "Unknown encoding '{encoding}'.",
    "error.encoding_mixed": ("'{name}' is UTF-8 until line {line}, which holds bytes of "
                             "another encoding (rows pasted from a GBK file?); no one encoding "
                             "reads both parts: save the file those rows came from as UTF-8 "
                             "and paste them again."),
    "error.encoding_byte": ("'{name}' cannot be decoded with this encoding ({encoding}: the "
                            "byte 0x{byte} at position {position}); choose another (for example "
                            "GB18030 or UTF-8)."),
    "error.encoding_lines": ("'{name}' does not read as {encoding}: its {lines} line breaks are "
                             "gone once decoded; choose another encoding (for example GB18030 or "
                             "UTF-8)."),
    "error.open_quote": "The quote opened on line {line} is never closed.",
    "error.bad_quote": ("Line {line} has text after the closing quote of a value; write a quote "
                        'inside a quoted value as two quotes ("").'),
    "error.xlsx": "This is not a readable Excel .xlsx workbook.",
    "error.sheet": "The workbook has no such sheet.",
    "error.sheet_number": "The workbook has {count} sheets: there is no sheet number {number}.",
    "error.chart_sheet": ("Sheet '{sheet}' of '{name}' is a chart, not a table; the sheets with a "
                          "table are: {names}."),
    "error.ragged_quote": ("Line {line} has a quoted value that is never closed properly, so it "
                           "has {found} values instead of {expected}."),
    "error.header_only": "There is a header row but no data rows.",
    "error.one_column": ("Only one column was found, so there is nothing to split on; separate "
                         "values with commas, semicolons, tabs or full-width commas."),
    "error.ragged": ("Line {line} has a different number of values than the header has columns; "
                     "quote values that contain the delimiter."),
    "error.duplicate_column": "The column name '{column}' appears twice in the header.",
    "error.force.syntax": ("A forced split is written PATH=ATTRIBUTE (such as root=纹理); this "
                           "one is '{text}'."),
    "error.kind_conflict": "Column '{column}' cannot be both nominal and continuous.",
    "error.target_empty": "The target '{column}' has no values.",
    "error.no_attributes": ("No attribute columns are left besides the target '{column}'; "
                            "include at least one."),
    "error.unknown_target": "Unknown target column '{column}'.",
    "error.title_row": ("The first row holds one value ('{title}') and the next holds "
                        "{found}: it looks like a title above the table, not its header. "
                        "Delete the rows above the header and upload the file again."),
    "error.group_titles": ("The first row holds {titles} over the {found} columns named below "
                           "them: it looks like titles in merged cells above the header, not the "
                           "header itself. Keep one header row, with every column's name in it, "
                           "and upload the file again."),
    "error.title_rows": ("The first {count} rows hold one value each ({titles}) and the next "
                         "holds {found}: they look like titles above the table, not its header. "
                         "Delete the rows above the header and upload the file again."),
    "error.too_many_values": ("Column '{column}' has {values} different values, too many "
                              "branches for a multiway split to draw (the limit is {limit}): "
                              "leave it out of the attributes, choose it under “Treat as "
                              "continuous” if it holds numbers, or group its values in the "
                              "file."),
    "error.unknown_column": "Unknown column '{column}'.",
    "error.text_continuous": "Column '{column}' cannot be continuous: it holds text values.",
    "error.target_missing": "The target has missing values; drop those rows first.",
    "error.id_target": ("The target '{column}' has a different value in every one of its "
                        "{rows} rows, numbering them like an ID column, not classes: choose "
                        "the column that holds the classes."),
    "error.numeric_target": ("The target '{column}' is a number with {values} different values, "
                             "which is regression; this tool classifies, so choose a column of "
                             "classes or group the numbers into ranges first."),
    "error.one_class": "The target '{column}' has only one class; a tree needs at least two.",
    "lab.config.count": "Configurations",
    "lab.config.header": "Configuration {n}",
    "lab.config.algorithm": "Algorithm",
    "lab.config.options": "Options",
    "lab.config.depth": "depth ≤ {depth}",
    "lab.config.min_samples": "min samples {n}",
    "lab.config.min_gain": "min gain {gain}",
    "lab.config.seed": "seed {seed}",
    "lab.config.label": "{name} ({options})",
    "lab.config.prune.pre": "pre-pruning",
    "lab.config.prune.rep": "reduced-error pruning",
    "lab.config.prune.pep": "pessimistic pruning",
    "lab.config.prune.ccp": "cost-complexity pruning",
    "lab.config.prune.cost": "pruning by the loss C_α(T)",
    "lab.split.test_size": "Held-out share",
    "lab.split.seed": "Split seed",
    "lab.split.method": "Method",
    "lab.split.method.holdout": "Train/test split (stratified)",
    "lab.split.method.kfold": "k-fold cross-validation (stratified)",
    "lab.split.k": "Folds (k)",
    "cmp.intro": ("The same data, {dataset}, grown by each configuration. Trees, node counts and "
                  "training accuracy use every row; held-out accuracy comes from trees grown on "
                  "a seeded stratified split."),
    "cmp.intro.validated": ("The same data, {dataset}, grown by each configuration. Training "
                            "accuracy uses every row, and so do the trees and node counts of the "
                            "configurations that do not prune by validation rows (the others "
                            "are said below); held-out accuracy comes from trees grown on a "
                            "seeded stratified split."),
    "cmp.view": "Trees",
    "cmp.view.end": "Each at its end",
    "cmp.view.together": "Step together",
    "cmp.step": "Step (each tree stops at its last step)",
    "cmp.not_grown": "This configuration's tree cannot be grown. {reason}",
    "cmp.summary": "Summary",
    "cmp.col.config": "configuration",
    "cmp.col.nodes": "nodes",
    "cmp.col.leaves": "leaves",
    "cmp.col.depth": "depth",
    "cmp.col.train_accuracy": "training accuracy",
    "cmp.ties": "{label}: {sentence}",  # eval.ties.one/many of its held-out tree
    "cmp.col.test_accuracy": "held-out accuracy",
    "cmp.scores": "Score table at one node, every criterion",
    "cmp.scores.rows": ("The trees grew on different rows (the sentence above says how many), "
                        "so a node on the same path holds other rows in each: their scores are "
                        "not merged into one table."),
    "cmp.node": "Node (path from the root, in every tree)",
    "cmp.node.kept": ("The node you picked, {node}, is not in every tree now: the table shows "
                      "the root, and your node again once every tree has it."),
    "cmp.col.gini_multiway": "Gini_index (multiway)",
    "cmp.col.gini_binary": "Gini_index (best binary)",
    "cmp.col.pick": "{label} ✓",
    "cmp.tied_mark": ("= marks an attribute tied with the configuration's pick ✓: its tie "
                      "rule took the ✓."),
    "cmp.tied_mark.axis": ("{labels} picks a linear test, which has no row and ties with no one "
                           "attribute: in its column = marks the single attributes tied for "
                           "its best single attribute, the split the linear test beat."),
    "cmp.binary_elsewhere": ("{column} of a continuous attribute is that of its cut with the "
                             "lowest Gini_index, which is not the t in its row: "
                             "{items}."),
    "cmp.binary_elsewhere.item": "{attribute}, {best} at t = {cut} ({at_t} at t = {t})",
    "cmp.binary_elsewhere.item_uncut": ("{attribute}, {best} at another cut "
                                        "({at_t} at t = {t})"),
    "cmp.binary_only": ("Only trees of two-way splits (CART's) have this node, so Gain, IV and "
                        "Gain_ratio are for their two-way splits."),
    "cmp.chart": ("Each algorithm's criterion at this node, scaled so that its best value is 1, "
                  "over the attributes it may split on (C4.5 picks among those with Gain ≥ the "
                  "mean, so its pick may be below 1; the Worst baseline's bars are its lowest "
                  "Gain over each Gain)"),
    "cmp.chart.y": "relative to the best value",
    "cmp.chart.random": "{names} draws its attribute at random, so it has no series.",
    "cmp.first": "Where the trees first part",
    "cmp.why.none": "The trees make the same decision at every node they share.",
    "cmp.why.root": "At the root",
    "cmp.why.node": "At {path}",
    "cmp.why.pick": "{label} takes {attribute}{at} by {criterion} ({value}{rivals})",
    "cmp.why.pick.lowest": ("{label} takes {attribute}{at} by the lowest {criterion} "
                            "({value}{rivals})"),
    "cmp.why.at": " (t = {t})",
    "cmp.why.mean_gain": " among the attributes with Gain ≥ the mean {mean}",
    "cmp.why.left_out": ", which leaves out {attributes}",
    "cmp.why.ties": ", tied with {ties} ({rule})",
    "cmp.why.axis_ties": ", beating its best single attributes {ties} (tied at {value})",
    "cmp.why.tie_break.first": "the first column wins",
    "cmp.why.tie_break.last": "the last column wins",
    "cmp.why.tie_break.random": "a seeded draw decides",
    "cmp.why.forced": "{label} takes {attribute}{at} (forced)",
    "cmp.why.random": "{label} draws {attribute}{at} at random",
    # reason: the leaf's stop sentence run on (ui.compare.run_on), which says it is a leaf
    "cmp.why.leaf": "{label} stops splitting here because {reason}",
    "cmp.why.leaf.tied": "{reason} ({tie})",  # the tie: stop.tied_majority
    "cmp.why.shape": "{where}, every tree splits on {attribute} but into different branches: "
                     "{clauses}.",
    "cmp.why.shape.clause": "{label}: {branches}",
    "cmp.why.among": "{labels} decide alike there and part further down. {sentence}",
    "cmp.why.among.elsewhere": ("{labels} decide alike there and part at another node they "
                                "share. {sentence}"),
    "cmp.why.among.none": "{labels} decide alike at every other node they share.",
    "cmp.why.rows": ("The trees grew on different rows ({clauses}), so a node on the same path "
                     "holds other rows in each: their picks are not compared."),
    "cmp.why.rows.clause": "{labels} on {n}",
    # as many rows as trees named before, but other rows or other weights
    "cmp.why.rows.clause.other": "{labels} on {n} other rows or weights",
    "cmp.why.rows.clause.other.one": "{labels} on {n} other row or weight",
    "cmp.why.rows.among": "{labels} grew on the same rows. {sentence}",
    "cmp.why.rows.among.none": ("{labels} grew on the same rows and make the same decision at "
                                "every node they share."),
    "cmp.why.sentence": "{where}, {clauses}.",
    # forced splits a tree the sidebar did not grow could not make (trace.unmatched_force)
    "force.unmatched.folds": ("The split forced at {path} could not be made in {n} of the {k} "
                              "fold trees: they grow as the algorithm chooses there."),
    "force.unmatched.all": ("The split forced at {path} could not be made in any of the {k} "
                            "fold trees: they grow as the algorithm chooses there."),
    "force.unmatched.one": ("The split forced at {path} could not be made in {tree}: it grows "
                            "as the algorithm chooses there."),
    "force.tree.fold": "one of the {k} fold trees",
    "force.tree.holdout": "the tree grown on the training rows",
    "force.tree.holdout_of": "{label}'s tree grown on the training rows",
    "force.tree.config": "{label}'s tree",
    "eval.intro": ("Trees grown on training rows, scored on rows they never saw "
                   "({rows} rows, options from the sidebar)."),
    "eval.algorithms": "Algorithms",
    "eval.pick_one": "Pick at least one algorithm.",
    # how the split departs from the stratified one asked for (Evaluation.notes, by code)
    # (a key ending in .one: the note counts one row or names one class; SplitNote.key)
    "eval.note.single_row": ("These classes have a single row, which stays in training, so "
                             "none of them is tested: {classes}."),
    "eval.note.single_row.one": ("This class has a single row, which stays in training, so it "
                                 "is not tested: {classes}."),
    "eval.note.kept": ("{size} rows are held out instead of {asked}: every class keeps a "
                       "training row."),
    "eval.note.kept.one": ("{size} row is held out instead of {asked}: every class keeps a "
                           "training row."),
    "eval.note.grown": ("{size} rows are held out instead of {asked}: one row of every class, "
                        "so that every class is tested."),
    "eval.note.untested": ("A stratified split shares the held-out rows out in proportion to "
                           "the classes' sizes, and these classes got none, so none of them is "
                           "tested: {classes}."),
    "eval.note.untested.one": ("A stratified split shares the held-out rows out in proportion "
                               "to the classes' sizes, and this class got none, so it is not "
                               "tested: {classes}."),
    "eval.note.untrained": ("A stratified split shares the training rows out in proportion to "
                            "the classes' sizes, and these classes got none, so the tree never "
                            "learns them: {classes}."),
    "eval.note.untrained.one": ("A stratified split shares the training rows out in proportion "
                                "to the classes' sizes, and this class got none, so the tree "
                                "never learns it: {classes}."),
    "eval.note.few_rows": ("These classes have fewer rows than k = {k}, so some folds test none "
                           "of them: {classes}."),
    "eval.note.few_rows.one": ("This class has fewer rows than k = {k}, so some folds do not "
                               "test it: {classes}."),
    "eval.note.unstratified": ("Every class has fewer rows than k = {k}, so the folds are not "
                               "stratified (a plain seeded shuffle)."),
    # held-out predictions whose highest probability classes shared (Evaluation.tied_to)
    "eval.ties.one": ("1 held-out prediction was a tie between classes; it is counted as the "
                      "tied class that comes first in its tree's training rows ({labels})."),
    "eval.ties.many": ("{n} held-out predictions were ties between classes; each is counted as "
                       "the tied class that comes first in its tree's training rows ({labels})."),
    # training-set predictions whose highest probability classes shared (train_tied_to): the
    # training accuracy counts them (k-fold: every fold's tree on its own training rows)
    "eval.train_ties.one": ("1 training-set prediction was a tie between classes; it is counted "
                            "as the tied class that comes first in the tree's training rows "
                            "({labels})."),
    "eval.train_ties.many": ("{n} training-set predictions were ties between classes; each is "
                             "counted as the tied class that comes first in the tree's "
                             "training rows ({labels})."),
    "eval.train_ties.kfold.one": ("1 of the predictions the folds' trees made on their own "
                                  "training rows (a row once for each fold it trains in) was a "
                                  "tie between classes; it is counted as the tied class that "
                                  "comes first in its tree's training rows ({labels})."),
    "eval.train_ties.kfold.many": ("{n} of the predictions the folds' trees made on their own "
                                   "training rows (a row once for each fold it trains in) were "
                                   "ties between classes; each is counted as the tied class "
                                   "that comes first in its tree's training rows ({labels})."),
    "list.join": ", ",  # between the items of a list in a sentence
    "list.semicolon": "; ",  # between clauses (or items that hold commas) in a sentence
    # a name listed among names it could be taken for (色泽 and 色 泽: the quotes show the space)
    "list.quoted": "'{name}'",
    # a name read as a column the data spells otherwise (reading.read_name), by the folds the
    # match needed (read_as_key): spaces typed inside it, case, full/half width
    "read_as.spaces": "'{written}' is read as {attribute}, its spaces ignored.",
    "read_as.case": "'{written}' is read as {attribute}, its case ignored.",
    "read_as.width": "'{written}' is read as {attribute}, its full/half width ignored.",
    "read_as.case_width": ("'{written}' is read as {attribute}, its case and full/half width "
                           "ignored."),
    "read_as.spaces_case": "'{written}' is read as {attribute}, its spaces and case ignored.",
    "read_as.spaces_width": ("'{written}' is read as {attribute}, its spaces and full/half "
                             "width ignored."),
    "read_as.spaces_case_width": ("'{written}' is read as {attribute}, its spaces, case and "
                                  "full/half width ignored."),
    # two sentences (Chinese puts no space after 。): the command line's, one text
    "sentence.pair": CLI_EN["sentence.pair"],
    "metric.delta_points": "{delta} percentage points",  # a metric's change of a percentage
    "eval.accuracy": "Held-out accuracy",
    "eval.accuracy.kfold": "Cross-validation accuracy (every fold's held-out predictions together)",
    "eval.train_accuracy": "Training accuracy",
    "eval.train_accuracy.kfold": "Training accuracy (the mean of the folds' training rows)",
    "eval.folds": "Accuracy per fold: {values} (their mean: {mean})",
    "eval.report": "Per class",
    "eval.undefined": ("—: undefined (0 of 0): a class never predicted has no precision "
                       "(TP + FP = 0), a class with no held-out row no recall (TP + FN = 0); "
                       "F1 = 2TP/(2TP + FP + FN) has none only for a class neither held out "
                       "nor predicted."),
    "eval.col.class": "class",
    "eval.col.precision": "precision",
    "eval.col.recall": "recall",
    "eval.col.f1": "F1",
    "eval.col.support": "support",
    "eval.confusion": "Confusion matrix",
    "eval.confusion.true": "true class",
    "eval.confusion.pred": "predicted class",
    "eval.curve": "Overfitting: accuracy against the maximum depth",
    "eval.curve.algorithm": "Algorithm for the curve",
    "eval.curve.train": "training",
    "eval.curve.test": "held-out",
    "eval.curve.x": "maximum depth of the tree (here 0 = the root alone, a single leaf)",
    "eval.curve.y": "accuracy",
    "eval.curve.kfold": ("With k-fold cross-validation each point is the mean of the {k} folds' "
                         "accuracies (as \"their mean\" above), not the cross-validation "
                         "accuracy, which pools the folds' predictions."),
    "pred.intro": "Classify one new sample with the tree grown in the sidebar ({algorithm}).",
    "pred.missing": "(missing)",
    "pred.value.quoted": "\"{value}\" (a value of the data)",
    "pred.submit": "Predict",
    "pred.result": "Predicted {target}: **{label}**",
    "pred.result.tied": ("A tie: {classes} each have probability {probability}; the tie goes "
                         "to the class that comes first in the data, {label}."),
    "pred.col.class": "class",
    "pred.col.probability": "probability",
    "pred.path": "The tree, with the nodes this sample reaches outlined",
    "pred.split_header": "Where a missing value split the sample",
    "pred.split": ("At node #{node} the value of {attribute} is missing, so the sample goes down "
                   "every branch, weighted by the branch's share of the training rows:"),
    "pred.split.more": ("Splits on a missing value not listed here: {more}; the leaves "
                        "reached below carry their weights."),
    "pred.col.branch": "branch",
    "pred.col.weight": "weight",
    "pred.leaves": "Leaves reached",
    "pred.col.leaf": "leaf",
    "pred.col.path": "path",
    "pred.rewritten": ("At {nodes} the path writes the linear test with more decimals than the "
                       "drawing: worked by hand with the drawing's weights, this sample would go "
                       "the other way, while the tree adds up Σ wᵢ·aᵢ with its exact weights. "
                       "Written so, the test sends this sample, and every training sample at "
                       "the node, where the tree does."),
    "pred.col.label": "leaf class",
    "pred.fill": "Fill in the form and press Predict.",
    "exp.intro": "Take home the tree grown in the sidebar: {dataset}, {algorithm}.",
    "exp.tree": "The tree",
    "exp.dot": "DOT (Graphviz source)",
    "exp.svg": "SVG picture",
    "exp.svg.missing": ("SVG needs Graphviz's dot program, which is not installed on this "
                        "server; download the DOT file and render it with Graphviz elsewhere."),
    "exp.json": "JSON trace (dtree-trace/1)",
    "exp.rules": "IF-THEN rules, one per leaf",
    "exp.rules.holdout": "Grow on training rows and score the rules on held-out rows",
    "exp.rules.caption_holdout": ("Not the sidebar's tree: these rules, numbered H1, H2, …, "
                                  "come from a second tree grown with the sidebar's settings "
                                  "on {train} training rows only, so that {test} held-out rows "
                                  "it never saw measure each rule's coverage and accuracy. The "
                                  "rules of the sidebar's tree are R1, R2, … (switch this off, "
                                  "or see the sections below)."),
    "exp.rules.caption_holdout.carved": (
        "Not the sidebar's tree: these rules, numbered H1, H2, …, come from a second tree grown "
        "with the sidebar's settings on {grown} of the {train} training rows only (its pruning "
        "carved the other {validation} out of them as its validation rows), so that {test} "
        "held-out rows it never saw measure each rule's coverage and accuracy. The rules of the "
        "sidebar's tree are R1, R2, … (switch this off, or see the sections below)."),
    "exp.rules.caption_all": "Rules R1, R2, … of {tree}.",
    "exp.rules.sidebar_all": "the sidebar's tree, grown on all {rows} rows",
    "exp.rules.sidebar_part": ("the sidebar's tree, grown on {rows} of the {total} rows (the "
                               "other rows are held out for its pruning)"),
    "exp.rules.sidebar_section": ("Rules R1, R2, … of {tree}, numbered as its IF-THEN rules "
                                  "above with the hold-out switch off."),
    "exp.rule.prefix.holdout": "H",
    "exp.rules.undefined": ("—: the rule covers no row of that set, so its accuracy there is "
                            "undefined (0 of 0)."),
    "exp.rules.txt": "Rules as text",
    "exp.rules.md": "Rules as Markdown",
    "exp.col.rule": "rule",
    "exp.col.if": "IF",
    "exp.col.then": "THEN",
    "exp.rule.and": "AND",
    "exp.rule.always": "TRUE (every sample)",
    "exp.col.train_covered": "training rows covered",
    "exp.col.train_coverage": "training coverage",
    "exp.col.train_accuracy": "training accuracy",
    "exp.col.test_covered": "held-out rows covered",
    "exp.col.test_coverage": "held-out coverage",
    "exp.col.test_accuracy": "held-out accuracy",
    "exp.scores": "Score table of one node",
    "exp.node": "Node",
    "exp.csv": "CSV",
    "exp.md": "Markdown",
    "exp.latex": "LaTeX (booktabs)",
    # the LaTeX download's first line, a comment (export.LATEX_NOTE)
    "exp.latex.note": CLI_EN["latex.note"],  # the command line's, one text
    "exp.cli": "The same tree from the command line, run where {filename} is:",
    # the CLI draws a post-pruned tree without its pruned-away nodes (cli._pruned_tree)
    "exp.cli.pruned": ("Its tree.dot and tree.svg draw the pruned tree alone; the DOT download "
                       "above (and its SVG, when drawn) also draws the {count} nodes pruning cut "
                       "off, greyed and dashed."),
}

for _section in SECTIONS:  # each feature's words, English and Chinese together
    EN.update(_section.EN)
    ZH.update(_section.ZH)

LANGUAGES = {"zh": ("中文", ZH), "en": ("English", EN)}


def _session_value(key: str, default=None):
    """A session-state value, or `default` outside a running app (tests, scripts)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return default
    import streamlit as st

    return st.session_state.get(key, default)


def current_language() -> str:
    """The session's language, or the default outside a running app (tests, scripts)."""
    return _session_value("lang", DEFAULT_LANGUAGE)


def current_notation() -> notations.Notation:
    """The session's notation (the sidebar's switch), or Zhou's outside a running app."""
    return notations.get(_session_value("notation"))


def t(key: str, /, *, _lang: str | None = None, _notation: str | None = None, **values) -> str:
    """The message for key, filled with values; falls back to English, then to the key. Its
    words are the chosen book's (Li Hang's 特征 for Zhou's 属性: Notation.in_terms).

    key is positional-only so a message may have a {key} placeholder of its own.
    """
    catalogue = LANGUAGES.get(_lang or current_language(), LANGUAGES[DEFAULT_LANGUAGE])[1]
    names = notations.get(_notation) if _notation else current_notation()
    text = names.in_terms(catalogue.get(key, EN.get(key, key)))
    return fill(text, listed_in(values, catalogue.get("list.join", EN["list.join"]))) \
        if values else text


# Keys of the widgets whose options are worded in the session's language and notation
# (labelled's key): ui.state gives them their values again after a switch (relabel_widgets).
WORDED_WIDGETS: set[str] = set()


def labelled(options, label_of, *, key: str | None = None):
    """A widget's format_func with every option's label worded now, in the session's language.

    Streamlit words options while the script runs, but AppTest calls format_func afterwards,
    outside any session, where t() could only fall back to the default language. The widget's
    key, given here, is recorded in WORDED_WIDGETS; a key that already changes with the
    language and the notation (ui.state.node_widget_key) needs none.
    """
    if key is not None:
        WORDED_WIDGETS.add(key)
    labels = {option: label_of(option) for option in options}
    return labels.__getitem__


def sentences(parts: list[str]) -> str:
    """Sentences one after another, as the session's language runs them on
    (cli_messages.sentences: a space after an English full stop, none after 。)."""
    return cli_sentences(current_language(), parts)


def has(key: str) -> bool:
    return key in EN


def t_or(key: str, fallback: str, /, **values) -> str:
    """t(key) when the catalogue has the key, else fallback (a name the core gave, such as a
    registered algorithm's label), so the reader never sees a bare key."""
    return t(key, **values) if has(key) else fallback


# ASCII punctuation Markdown (and Streamlit's $...$ LaTeX) would act on; a backslash makes
# each one literal (CommonMark lets any ASCII punctuation be escaped this way).
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|~$<>&])")


def literal(text) -> str:
    """User text (names from a file, loader messages) shown as written inside Markdown, on
    one line: a line break in a name is shown as ⏎ (a break followed by '===' made the
    sentence before it a heading; a blank line and four spaces, a code block), and :smile:
    not as an emoji (without_shortcodes)."""
    return without_shortcodes(_MARKDOWN_SPECIALS.sub(r"\\\1", show_controls(one_line(text))))


def quoted_names(names) -> Listed:
    """Names listed each in the language's quotes (list.quoted): where they differ by a space
    or a case ('色泽', '色 泽'), the reader sees where each begins and ends."""
    return Listed(t("list.quoted", name=name) for name in names)


def read_as_key(folds) -> str:
    """The sentence saying a name was read as a column the data spells otherwise, naming
    exactly the folds the match needed (Reading.folds: spaces, case, width, in that order)."""
    return "read_as." + "_".join(folds)


def tm(key: str, /, **values) -> str:
    """t() for Markdown elements: the catalogue's own markup stays, the values are literal."""
    return t(key, **{name: Listed(map(literal, value.items)) if isinstance(value, Listed)
                     else literal(value) for name, value in values.items()})
