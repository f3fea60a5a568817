"""The one catalogue of user-visible words: t(key, **values) in the session's language.

English now; Chinese arrives as one more dict under LANGUAGES' key "zh" with the same keys.
Core codes (stop kinds such as `pure`, decision rules such as `max_gain`) are translated here
under `stop.*` and `rule.*`, so the core never emits prose the UI shows.
"""

from __future__ import annotations

import re

DEFAULT_LANGUAGE = "en"

EN = {
    # app and navigation
    "app.title": "dtree-lab",
    "page.grow": "Grow a tree",
    "lang.label": "Language",
    # setup sidebar
    "setup.header": "Data and algorithm",
    "setup.source": "Data",
    "setup.source.bundled": "Bundled dataset",
    "setup.source.upload": "Upload a CSV",
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
    "setup.using": "Using **{name}** ({rows} rows, {cols} columns).",
    "setup.report": "Load report",
    "setup.report.encoding": "Encoding: {value}",
    "setup.report.delimiter": "Delimiter: {value}",
    "setup.report.sheet": "Sheet: {value}",
    "setup.report.guessed": ("The encoding {value} was a guess: if the Chinese text looks wrong, "
                             "save the file as UTF-8 and upload it again."),
    "setup.report.rows": "Rows: {rows}, columns: {cols}",
    "setup.report.col.column": "column",
    "setup.report.col.kind": "kind",
    "setup.report.col.missing": "missing",
    "setup.target": "Target (class) column",
    "setup.attributes": "Attributes to use",
    "setup.id_note": ("'{column}' has a different value in every row, like a row number, so it "
                      "starts unselected; add it to see ID3's bias toward many-valued attributes."),
    "setup.nominal": "Treat as nominal",
    "setup.continuous": "Treat as continuous",
    "setup.algorithm": "Algorithm",
    "setup.options": "Options",
    "setup.max_depth": "Max depth (0 = no limit)",
    "setup.max_depth.help": "Counts splits from the root, as scikit-learn does: 1 grows a stump.",
    "setup.min_samples": "Min samples to split",
    "setup.min_gain": "Min gain to split",
    "setup.tie_rule": "Tie rule",
    "setup.tie_rule.help": ("Which of several equally good attributes wins. For thresholds the "
                            "smaller t always wins; for a leaf's label, the class seen first."),
    "tie.first": "First in column order (the book's Fig. 4.4)",
    "tie.last": "Last in column order",
    "tie.random": "Random (uses the seed)",
    "setup.seed": "Random seed (CLS, random tie rule)",
    "setup.clear_forces": "Undo {n} forced split(s)",
    "setup.growing": "Growing the tree…",
    "setup.grow_failed": "This tree cannot be grown: {reason}",
    "setup.no_data": "Pick a bundled dataset or upload a CSV in the sidebar.",
    "algo.id3": "ID3 (information gain)",
    "algo.c45": "C4.5 (gain ratio)",
    "algo.cart": "CART (Gini index)",
    "algo.cls": "CLS (random attribute)",
    "kind.nominal": "nominal",
    "kind.continuous": "continuous",
    # replay controls
    "grow.header": "{dataset} · {algorithm} · {nodes} nodes",
    "grow.first": "First",
    "grow.prev": "Previous",
    "grow.next": "Next",
    "grow.last": "Last",
    "grow.key_help": "Keyboard: {key}",
    "grow.step": "Step",
    "grow.step_of": "Step {step} of {total}: node #{node}",
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
    "grow.display": "Display",
    "grow.pseudocode": "TreeGenerate (Zhou, Fig. 4.2)",
    # node panel
    "node.header": "Node #{node}",
    "node.path": "Path from the root",
    "node.root": "(root)",
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
    "node.curve": "Every candidate threshold of {attribute}",
    "node.curve.chosen": "chosen t = {t}",
    "node.curve.threshold": "threshold t",
    "node.chart.title": "{criterion} per attribute",
    "node.mean_gain": "Mean gain over the candidates: {mean}",
    "node.ties": "Tied with the winner: {ties}. {rule}",
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
    "col.value": "value",
    "col.n": "|D^v|",
    "col.weight": "weight",
    "col.entropy": "Ent(D^v)",
    "col.gini": "Gini(D^v)",
    # why the winner won (decision.rule_code)
    "rule.max_gain": "{attribute} has the largest information gain, {gain}.",
    "rule.c45_gain_ratio": ("Of the {passed} attributes whose gain is at least the mean ({mean}), "
                            "{attribute} has the largest gain ratio, {ratio}."),
    "rule.min_gini": "{attribute} gives the smallest Gini index, {gini}.",
    "rule.random": "CLS takes a candidate at random (seed {seed}) and drew {attribute}.",
    "rule.forced": "{attribute} was forced at this node, whatever the scores say.",
    "rule.tie_break.first": "Ties go to the attribute that comes first in the data's columns.",
    "rule.tie_break.last": "Ties go to the attribute that comes last in the data's columns.",
    "rule.tie_break.random": "Ties are broken at random (seed {seed}).",
    "rule.threshold": "Its best threshold is t = {t}.",
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
    "stop.pruned": "Pruning replaced this subtree by a leaf labelled {label}.",
    "stop.unknown": "A leaf labelled {label} ({code}).",
    # TreeGenerate, Zhou's Figure 4.2, line by line ('opt' is our stopping options)
    "pseudo.input": "Input: training set D; attribute set A",
    "pseudo.1": "generate node",
    "pseudo.2": "if all samples in D are of the same class C then",
    "pseudo.3": "    mark node as a leaf of class C; return",
    "pseudo.4": "end if",
    "pseudo.5": "if A = ∅ OR all samples in D take the same values on A then",
    "pseudo.6": "    mark node as a leaf of D's majority class; return",
    "pseudo.7": "end if",
    "pseudo.opt": "if a stopping option holds (max depth, min samples, min gain) then leaf; return",
    "pseudo.8": "choose the best splitting attribute a* from A",
    "pseudo.9": "for each value a*ᵛ of a* do",
    "pseudo.10": "    add a branch to node; Dᵥ = the samples of D with a* = a*ᵛ",
    "pseudo.11": "    if Dᵥ is empty then",
    "pseudo.12": "        mark the branch node as a leaf of D's majority class; return",
    "pseudo.13": "    else",
    "pseudo.14": "        use TreeGenerate(Dᵥ, A \\ {a*}) as the branch node",
    "pseudo.15": "    end if",
    "pseudo.16": "end for",
    "pseudo.output": "Output: a decision tree rooted at node",
    "pseudo.fired": "a* = {attribute}",
    # ---- issue 5: compare, evaluate, predict and export pages
    "page.compare": "Compare algorithms",
    "page.evaluate": "Evaluate",
    "page.predict": "Predict",
    "page.export": "Rules and exports",
    "lab.failed": "These trees cannot be grown: {reason}",
    "lab.config.count": "Configurations",
    "lab.config.header": "Configuration {n}",
    "lab.config.algorithm": "Algorithm",
    "lab.config.options": "Options",
    "lab.config.depth": "depth ≤ {depth}",
    "lab.config.min_samples": "min samples {n}",
    "lab.config.min_gain": "min gain {gain}",
    "lab.config.seed": "seed {seed}",
    "lab.split.test_size": "Held-out share",
    "lab.split.seed": "Split seed",
    "lab.split.method": "Method",
    "lab.split.method.holdout": "Train/test split (stratified)",
    "lab.split.method.kfold": "k-fold cross-validation (stratified)",
    "lab.split.k": "Folds (k)",
    "cmp.intro": ("The same data ({dataset}) grown by each configuration. Trees, node counts and "
                  "training accuracy use every row; held-out accuracy comes from trees grown on "
                  "a seeded stratified split."),
    "cmp.view": "Trees",
    "cmp.view.end": "Each at its end",
    "cmp.view.together": "Step together",
    "cmp.step": "Step (each tree stops at its last step)",
    "cmp.summary": "Summary",
    "cmp.col.config": "configuration",
    "cmp.col.nodes": "nodes",
    "cmp.col.leaves": "leaves",
    "cmp.col.depth": "depth",
    "cmp.col.train_accuracy": "training accuracy",
    "cmp.col.test_accuracy": "held-out accuracy",
    "cmp.scores": "Score table at one node, every criterion",
    "cmp.node": "Node (path from the root, in every tree)",
    "cmp.col.gini_multiway": "Gini_index (multiway)",
    "cmp.col.gini_binary": "Gini_index (best binary)",
    "cmp.col.pick": "{label} ✓",
    "cmp.binary_only": ("Only CART's tree has this node, so Gain, IV and Gain_ratio are for its "
                        "two-way splits."),
    "cmp.chart": "Each algorithm's criterion, relative to its best attribute (1 = its pick)",
    "cmp.chart.y": "criterion ÷ best",
    "cmp.chart.cls": "CLS draws its attribute at random, so it has no series.",
    "cmp.first": "Where the trees first part",
    "cmp.why.none": "The trees make the same decision at every node they share.",
    "cmp.why.root": "At the root",
    "cmp.why.node": "At {path}",
    "cmp.why.pick": "{label} takes {attribute}{at} by {criterion} ({value}{rivals})",
    "cmp.why.at": " (t = {t})",
    "cmp.why.c45": " among the attributes with Gain ≥ the mean {mean}",
    "cmp.why.left_out": ", which leaves out {attributes}",
    "cmp.why.ties": ", tied with {ties} (the first column wins)",
    "cmp.why.forced": "{label} takes {attribute}{at} (forced)",
    "cmp.why.random": "{label} draws {attribute}{at} at random",
    "cmp.why.leaf": "{label} makes a leaf: {reason}",
    "cmp.why.shape": "{where}, every tree splits on {attribute} but into different branches: "
                     "{clauses}.",
    "cmp.why.sentence": "{where}, {clauses}.",
    "eval.intro": ("Trees grown on training rows, scored on rows they never saw "
                   "({rows} rows, options from the sidebar)."),
    "eval.algorithms": "Algorithms",
    "eval.pick_one": "Pick at least one algorithm.",
    "eval.accuracy": "Held-out accuracy",
    "eval.train_accuracy": "Training accuracy",
    "eval.folds": "Accuracy per fold: {values}",
    "eval.report": "Per class",
    "eval.col.class": "class",
    "eval.col.precision": "precision",
    "eval.col.recall": "recall",
    "eval.col.f1": "F1",
    "eval.col.support": "support",
    "eval.confusion": "Confusion matrix",
    "eval.confusion.true": "true class",
    "eval.confusion.pred": "predicted class",
    "eval.curve": "Overfitting: accuracy against max_depth",
    "eval.curve.algorithm": "Algorithm for the curve",
    "eval.curve.train": "training",
    "eval.curve.test": "held-out",
    "eval.curve.x": "max_depth (0 = a single leaf)",
    "eval.curve.y": "accuracy",
    "pred.intro": "Classify one new sample with the tree grown in the sidebar ({algorithm}).",
    "pred.missing": "(missing)",
    "pred.submit": "Predict",
    "pred.result": "Predicted {target}: **{label}**",
    "pred.col.class": "class",
    "pred.col.probability": "probability",
    "pred.path": "The tree, with the nodes this sample reaches outlined",
    "pred.split_header": "Where a missing value split the sample",
    "pred.split": ("At node #{node} the value of {attribute} is missing, so the sample goes down "
                   "every branch, weighted by the branch's share of the training rows:"),
    "pred.col.branch": "branch",
    "pred.col.weight": "weight",
    "pred.leaves": "Leaves reached",
    "pred.col.leaf": "leaf",
    "pred.col.path": "path",
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
    "exp.rules.caption_holdout": ("Rules of a tree grown on {train} training rows; held-out "
                                  "figures are the other {test} rows."),
    "exp.rules.caption_all": "Rules of the sidebar's tree, grown on all {rows} rows.",
    "exp.rules.txt": "Rules as text",
    "exp.rules.md": "Rules as Markdown",
    "exp.col.rule": "rule",
    "exp.col.if": "IF",
    "exp.col.then": "THEN",
    "exp.col.train_coverage": "training coverage",
    "exp.col.train_accuracy": "training accuracy",
    "exp.col.test_coverage": "held-out coverage",
    "exp.col.test_accuracy": "held-out accuracy",
    "exp.scores": "Score table of one node",
    "exp.node": "Node",
    "exp.csv": "CSV",
    "exp.md": "Markdown",
    "exp.latex": "LaTeX (booktabs)",
    "exp.cli": "The same from the command line:",
}

LANGUAGES = {"en": ("English", EN)}


def current_language() -> str:
    """The session's language, or the default outside a running app (tests, scripts)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return DEFAULT_LANGUAGE
    import streamlit as st

    return st.session_state.get("lang", DEFAULT_LANGUAGE)


def t(key: str, /, *, _lang: str | None = None, **values) -> str:
    """The message for key, filled with values; falls back to English, then to the key.

    key is positional-only so a message may have a {key} placeholder of its own.
    """
    catalogue = LANGUAGES.get(_lang or current_language(), LANGUAGES[DEFAULT_LANGUAGE])[1]
    text = catalogue.get(key, EN.get(key, key))
    return text.format(**values) if values else text


def has(key: str) -> bool:
    return key in EN


# ASCII punctuation Markdown (and Streamlit's $...$ LaTeX) would act on; a backslash makes
# each one literal (CommonMark lets any ASCII punctuation be escaped this way).
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|~$<>&])")


def literal(text) -> str:
    """User text (names from a file, loader messages) shown as written inside Markdown."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", str(text))


def tm(key: str, /, **values) -> str:
    """t() for Markdown elements: the catalogue's own markup stays, the values are literal."""
    return t(key, **{name: literal(value) for name, value in values.items()})
