"""The tree as IF-THEN rules, one per leaf, with coverage and accuracy (Zhou §4.1, §15.1;
Han §8.4.1: coverage(R) = n_covers/|D|, accuracy(R) = n_correct/n_covers).

n_covers is the weight of the rows a rule's leaf receives: a row with an unknown value on the
path (or a value the tree never saw, read as unknown) counts with its fractional share,
exactly as prediction routes it. Training figures come from the trace itself (the leaf's
class counts); other rows are routed through the tree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from .escape import one_line
from .export import Table, to_csv, to_markdown
from .fitted_trace import FittedTrace
from .growing import label_tie
from .labels import branch_text, format_number, joined_paths, node_path
from .split import Condition, members_text
from .wording import percent_places, percent_text, share_places  # noqa: F401  (public)


@dataclass(frozen=True)
class Coverage:
    """Rows a rule covers (weight) and how many of them it labels correctly (weight)."""

    covered: float
    correct: float
    total: float | None = None  # |D|: the rows the coverage is a share of

    @property
    def accuracy(self) -> float | None:
        """correct / covered; None for a rule that covers nothing."""
        return self.correct / self.covered if self.covered > 0 else None

    @property
    def share(self) -> float | None:
        """Han's coverage: covered / |D|; None without rows."""
        return self.covered / self.total if self.total else None


# The text forms' words (rules_text, rules_markdown, pruned_rules_text), English and Chinese with
# the same keys and placeholders; "en" is what the CLI's --rules has always printed.
LANGUAGES = ("en", "zh")
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "line": "{prefix}{number}: IF {conditions} THEN {conclusion}  [{stats}]",
        "and": " AND ",
        "always": "TRUE",
        # a leaf's label taken from a tie (growing.majority: the first class in the data)
        "tied": "{conclusion} (tied with {classes}; the one the data shows first is taken)",
        "tied_class": "{cls}",
        "training": "training: {coverage}",
        "held_out": "; held-out: {coverage}",
        "coverage": "coverage {covered}, accuracy {accuracy}",
        "share": "{covered}/{total} = {share}",
        "col.rule": "rule",
        "col.if": "IF",
        "col.then": "THEN",
        "col.train_coverage": "training coverage",
        "col.train_accuracy": "training accuracy",
        "col.test_coverage": "held-out coverage",
        "col.test_accuracy": "held-out accuracy",
        # the rule table's CSV: the classes a rule's class tied with, its class column the class
        "col.tied_with": "tied with (the one the data shows first is taken)",
        "pruned": ("R{number}: IF {conditions} THEN {conclusion}  [covers {covered}, errors "
                   "{errors}, pessimistic error rate {estimate}]"),
        "dropped": "  dropped: {conditions}",
        "list": ", ",
        "removed": "  REMOVED ({reason})",
        "removed.duplicate": "duplicate",
        "removed.no_cover": "no cover",
        "removed.not_better_than_default": "not better than default",
    },
    "zh": {
        "line": "{prefix}{number}：如果 {conditions} 那么 {conclusion}  [{stats}]",
        "and": " 且 ",
        "always": "恒成立",
        "tied": "{conclusion}（与{classes}并列，取数据中先出现者）",
        "tied_class": "“{cls}”",
        "training": "训练集：{coverage}",
        "held_out": "；测试集：{coverage}",
        "coverage": "覆盖率 {covered}，精度 {accuracy}",
        "share": "{covered}/{total}（{share}）",
        "col.rule": "规则",
        "col.if": "如果",
        "col.then": "那么",
        "col.train_coverage": "训练集覆盖率",
        "col.train_accuracy": "训练集精度",
        "col.test_coverage": "测试集覆盖率",
        "col.test_accuracy": "测试集精度",
        "col.tied_with": "与之并列的类别（取数据中先出现者）",
        "pruned": ("R{number}：如果 {conditions} 那么 {conclusion}  [覆盖 {covered}，错误 "
                   "{errors}，悲观错误率 {estimate}]"),
        "dropped": "  去掉的条件：{conditions}",
        "list": "、",
        "removed": "  已删除（{reason}）",
        "removed.duplicate": "与前面的规则重复",
        "removed.no_cover": "在训练集上覆盖为 0",  # in neither book's word for a row (样本/实例)
        "removed.not_better_than_default": "不比默认类别更好",
    },
}


def _word(lang: str, key: str, **values) -> str:
    if lang not in WORDS:
        raise ValueError(f"Unknown language '{lang}'; use one of {', '.join(LANGUAGES)}.")
    return WORDS[lang][key].format(**values)


def listed_conditions(conditions, lang: str = "en") -> str:
    """'纹理=清晰, 根蒂=蜷缩' ('纹理=清晰、根蒂=蜷缩'): conditions one by one (a pruned rule's
    dropped ones), a list, not a conjunction."""
    return _word(lang, "list").join(branch_text(c) for c in conditions)


def conditions_text(conditions, lang: str = "en") -> str:
    """'纹理=清晰 AND 根蒂=蜷缩' ('纹理=清晰 且 根蒂=蜷缩'), or TRUE for the root's rule."""
    return (_word(lang, "and").join(branch_text(c) for c in conditions)
            or _word(lang, "always"))


def path_conditions_texts(trace: dict, lang: str = "en") -> list[str]:
    """conditions_text of every node's path, by id, each built on its parent's (a rule's
    text from its whole path writes every condition once per leaf below it)."""
    return [text or _word(lang, "always")
            for text in joined_paths(trace, branch_text, _word(lang, "and"))]


@dataclass(frozen=True)
class Rule:
    leaf: int  # the leaf's node id
    conditions: tuple[dict, ...]  # TRACE.md condition dicts, root first
    target: str
    label: str
    train: Coverage
    test: Coverage | None = None
    # the classes the label tied with on the leaf's counts (the label was the first in the data)
    tied_with: tuple[str, ...] = ()

    @property
    def condition_text(self) -> str:
        return conditions_text(self.conditions)

    @property
    def conclusion_text(self) -> str:
        return f"{self.target}={self.label}"


def with_tie(rule: Rule, conclusion: str, lang: str = "en") -> str:
    """The conclusion ('好瓜=是', or the class alone), saying when the leaf's label won a
    tie: '好瓜=是 (tied with 否; the one the data shows first is taken)'."""
    if not rule.tied_with:
        return conclusion
    classes = _word(lang, "list").join(_word(lang, "tied_class", cls=c) for c in rule.tied_with)
    return _word(lang, "tied", conclusion=conclusion, classes=classes)


def _leaves(trace: dict) -> list[dict]:
    """The tree's leaves in the trace's step order (pruned-away nodes are not in the tree)."""
    nodes = trace["nodes"]
    return [nodes[i] for i in trace["steps"]
            if nodes[i]["decision"]["kind"] == "leaf" and not nodes[i].get("pruned_away")]


def _training(node: dict, total: float) -> Coverage:
    label = node["decision"]["label"]
    return Coverage(float(node["weight"]), float(node["class_counts"].get(label, 0.0)), total)


def rules(trace: dict, X: pd.DataFrame | None = None, y=None) -> list[Rule]:
    """One rule per leaf; with X and y, also each rule's coverage and accuracy on those rows."""
    test = coverage_on(trace, X, y) if X is not None else {}
    total = float(trace["nodes"][0]["weight"])
    return [Rule(node["id"], tuple(node_path(trace, node)), trace["target"],
                 node["decision"]["label"], _training(node, total),
                 test.get(node["id"], Coverage(0.0, 0.0, float(len(X)))) if test else None,
                 label_tie(trace["classes"], node)[1:])
            for node in _leaves(trace)]


def coverage_on(trace: dict, X: pd.DataFrame, y) -> dict[int, Coverage]:
    """Each leaf's covered and correctly labelled weight over the rows of X (classes compared
    as the trace writes them: a numeric 1 is the leaf's "1")."""
    truth = as_text_array(y)
    total = float(len(truth))
    leaves = {n["id"]: n["decision"]["label"] for n in _leaves(trace)}
    found = {leaf: Coverage(0.0, 0.0, total) for leaf in leaves}
    for node_id, rows, weight in FittedTrace.from_dict(trace).reach(X):
        if node_id in leaves:
            hit = truth[rows] == leaves[node_id]
            found[node_id] = Coverage(float(weight.sum()), float(weight[hit].sum()), total)
    return found


def coverage_text(coverage: Coverage, digits: int = 3, lang: str = "en") -> str:
    """'coverage 5/17 = 29.4%, accuracy 100.0%': Han's n_covers/|D| (a fractional n_covers
    only where unknown values split rows)."""
    return _word(lang, "coverage", covered=share_text(coverage, digits, lang),
                 accuracy=percent_text(coverage.accuracy, digits))


def share_text(coverage: Coverage, digits: int = 3, lang: str = "en") -> str:
    """'5/17 = 29.4%', or the covered weight alone where there are no rows to share."""
    covered = format_number(coverage.covered, digits)
    if coverage.share is None:
        return covered
    return _word(lang, "share", covered=covered, total=format_number(coverage.total, digits),
                 share=percent_text(coverage.share, digits))


def rule_line(number: int, rule: Rule, digits: int = 3, lang: str = "en",
              prefix: str = "R", if_text: str | None = None) -> str:
    """'R1: IF 纹理=清晰 AND 根蒂=蜷缩 THEN 好瓜=是  [training: coverage 5, accuracy 100.0%]',
    or in Chinese 'R1：如果 纹理=清晰 且 根蒂=蜷缩 那么 好瓜=是  [训练集：覆盖 5，精度 100.0%]'
    (prefix: the letter before the rule's number, so two trees' rules can be told apart;
    if_text: the rule's conditions_text, if the caller has it)."""
    stats = _word(lang, "training", coverage=coverage_text(rule.train, digits, lang))
    if rule.test is not None:
        stats += _word(lang, "held_out", coverage=coverage_text(rule.test, digits, lang))
    if if_text is None:
        if_text = conditions_text(rule.conditions, lang)
    return one_line(_word(lang, "line", prefix=prefix, number=number, conditions=if_text,
                          conclusion=with_tie(rule, rule.conclusion_text, lang), stats=stats))


def rules_text(trace: dict, X: pd.DataFrame | None = None, y=None, digits: int = 3,
               lang: str = "en", prefix: str = "R", found: list[Rule] | None = None) -> str:
    """Every rule on its own line (what `python -m dtree_core grow ... --rules` prints);
    found: rules(trace, X, y), if the caller has them."""
    found = rules(trace, X, y) if found is None else found
    texts = path_conditions_texts(trace, lang)
    return "\n".join(rule_line(i, r, digits, lang, prefix, texts[r.leaf])
                     for i, r in enumerate(found, 1))


def rules_markdown(trace: dict, X: pd.DataFrame | None = None, y=None, digits: int = 3,
                   lang: str = "en", prefix: str = "R", found: list[Rule] | None = None) -> str:
    """The rules as a Markdown table, held-out columns only when rows were given; found:
    rules(trace, X, y), if the caller has them."""
    found = rules(trace, X, y) if found is None else found
    texts = path_conditions_texts(trace, lang)
    names = ["rule", "if", "then", "train_coverage", "train_accuracy"]
    if X is not None:
        names += ["test_coverage", "test_accuracy"]
    columns = [_word(lang, f"col.{name}") for name in names]
    rows = []
    for i, rule in enumerate(found, 1):
        row = [f"{prefix}{i}", texts[rule.leaf], with_tie(rule, rule.conclusion_text, lang)]
        for coverage in (rule.train, rule.test):
            if coverage is not None:
                row += [share_text(coverage, digits, lang), percent_text(coverage.accuracy, digits)]
        rows.append(row)
    return to_markdown(Table(columns, rows), digits)


# --------------------------------------------------------------------- C4.5 rule post-pruning


@dataclass(frozen=True)
class PrunedRule:
    """A rule after C4.5's rule post-pruning (Quinlan 1993, ch. 5).

    kept: the conditions left; dropped: those removed, in the order they were dropped;
    covered/errors: the training rows the kept conditions cover and how many are not of the
    rule's class; estimate: the pessimistic error rate U_CF(errors, covered); removed: None
    for a rule that stays, else why it went ("duplicate", "no_cover", "not_better_than_default").
    """

    rule: Rule
    kept: tuple[dict, ...]
    dropped: tuple[dict, ...]
    covered: float
    errors: float
    estimate: float
    removed: str | None = None

    @property
    def condition_text(self) -> str:
        return conditions_text(self.kept)



def condition_holds(condition: dict, X: pd.DataFrame) -> np.ndarray:
    """Rows of X that satisfy one condition (a TRACE.md condition dict): the split record's."""
    return Condition.from_dict(condition).holds(X)


def _covers(conditions, X: pd.DataFrame) -> np.ndarray:
    covered = np.ones(len(X), dtype=bool)
    for condition in conditions:
        covered &= condition_holds(condition, X)
    return covered


def pessimistic_rate(covered: float, errors: float, cf: float) -> float:
    """U_CF(E, N): the upper confidence limit of the error rate (C4.5's, as pruning uses);
    1 for a rule that covers nothing, so it never looks good."""
    from .pruning import added_errors

    if covered <= 0:
        return 1.0
    return (errors + added_errors(covered, errors, cf)) / covered


def generalise(rule: Rule, X: pd.DataFrame, truth: np.ndarray, cf: float) -> PrunedRule:
    """Drop conditions one at a time, each time the one whose removal gives the lowest
    pessimistic error rate, while that rate is no worse than the rule's current one."""
    holds = [condition_holds(c, X) for c in rule.conditions]  # each condition tested once
    wrong = truth != rule.label

    def estimate(indices: list[int]) -> tuple[float, float, float]:
        covered = np.ones(len(X), dtype=bool)
        for j in indices:
            covered &= holds[j]
        n, errors = float(covered.sum()), float(wrong[covered].sum())
        return n, errors, pessimistic_rate(n, errors, cf)

    kept, dropped = list(range(len(rule.conditions))), []
    current = estimate(kept)
    while kept:
        trials = [(estimate(kept[:i] + kept[i + 1:]), i) for i in range(len(kept))]
        best, i = min(trials, key=lambda trial: (trial[0][2], trial[1]))
        if best[2] > current[2] + 1e-12:
            break
        dropped.append(kept.pop(i))
        current = best
    return PrunedRule(rule, tuple(rule.conditions[j] for j in kept),
                      tuple(rule.conditions[j] for j in dropped), *current)


def prune_rules(trace: dict, X: pd.DataFrame, y, cf: float = 0.25) -> list[PrunedRule]:
    """Every leaf's rule generalised on the training rows (X, y), then the rules that no
    longer help marked `removed`: one whose kept conditions and class repeat an earlier
    rule's, one that covers no training row, and one whose pessimistic error rate is no
    better than the default rule's (every row labelled with the majority class: a rule left
    with no condition is that rule)."""
    X = X.reset_index(drop=True)
    truth = as_text_array(y)
    generalised = [generalise(rule, X, truth, cf) for rule in rules(trace)]
    _, counts = np.unique(truth, return_counts=True)
    default = pessimistic_rate(float(len(truth)), float(len(truth) - counts.max()), cf)
    seen, out = set(), []
    for found in generalised:
        key = (tuple(sorted(branch_text(c) for c in found.kept)), found.rule.label)
        reason = ("duplicate" if key in seen else "no_cover" if found.covered == 0
                  else "not_better_than_default" if found.estimate >= default - 1e-12
                  else None)
        seen.add(key)
        out.append(replace(found, removed=reason))
    return out


def as_text_array(y) -> np.ndarray:
    """Class labels as the trace writes them (text)."""
    from .data import as_text

    return as_text(pd.Series(y).reset_index(drop=True)).to_numpy(dtype=object)


def pruned_rules_text(trace: dict, X: pd.DataFrame, y, cf: float = 0.25,
                      digits: int = 3, lang: str = "en") -> str:
    """The post-pruned rules, one a line, each with the conditions it lost; removed rules
    follow, with why."""
    lines = []
    for i, found in enumerate(prune_rules(trace, X, y, cf), 1):
        line = _word(lang, "pruned", number=i, conditions=conditions_text(found.kept, lang),
                     conclusion=found.rule.conclusion_text,
                     covered=format_number(found.covered, digits),
                     errors=format_number(found.errors, digits),
                     estimate=percent_text(found.estimate, digits))
        if found.dropped:
            line += _word(lang, "dropped", conditions=listed_conditions(found.dropped, lang))
        if found.removed:
            line += _word(lang, "removed", reason=_word(lang, f"removed.{found.removed}"))
        lines.append(one_line(line))
    return "\n".join(lines)


# --------------------------------------------------------------------- Han's 2-D rule table


def _condition_cell(conditions: list[dict], lang: str = "en") -> str:
    """'清晰' (a value, as Han's table shows it), '<=0.381 AND >0.2', 'in {青绿,乌黑}': the
    tests without the attribute, which is the column's name."""
    return _word(lang, "and").join(Condition.from_dict(c).text(named=False) for c in conditions)


def rule_table(trace: dict, lang: str = "en", tie_column: bool = False) -> Table:
    """One row per root-to-leaf path, one column per attribute (its tests on the path, empty
    where the path does not test it), then the class: Han, Kamber & Pei's rule table. A
    linear test (an oblique tree's Σ wᵢ·aᵢ ≤ t) tests no one attribute: it has a column of
    its own, named by the test, after the attributes'.

    A class that won a tie says so in its cell (with_tie), or, with tie_column (a file a
    program reads), the class column holds the class alone and a last column the classes it
    tied with (empty without a tie), between commas as a subset's members are (members_text:
    a comma in a class is '\\,', so 'q\\, r,s' is two classes and 'q,r,s' three, in either
    language)."""
    attributes = [str(a["name"]) for a in trace["attributes"]]
    found = rules(trace)
    tested = [_by_column(rule) for rule in found]
    linear = [name for name in dict.fromkeys(k for by in tested for k in by)
              if name not in set(attributes)]
    columns = [*attributes, *linear]
    rows = [[f"R{i}", *(_condition_cell(by.get(c, []), lang) for c in columns),
             *([rule.label, members_text(rule.tied_with)] if tie_column
               else [with_tie(rule, rule.label, lang)])]
            for i, (rule, by) in enumerate(zip(found, tested, strict=True), 1)]
    names = [*columns, str(trace["target"])]
    if tie_column:
        names.append(_unused(_word(lang, "col.tied_with"), names))
    return Table([_unused(_word(lang, "col.rule"), names), *names], rows)


def _unused(header: str, names: list[str]) -> str:
    """The rule column's header, '#'-suffixed while an attribute has that name (a column
    called 'rule' or 规则 would make two columns alike)."""
    while header in names:
        header += "#"
    return header


def _by_column(rule) -> dict[str, list[dict]]:
    """A rule's conditions by the column they go in: their attribute, or a linear test's name."""
    by: dict[str, list[dict]] = {}
    for condition in rule.conditions:
        by.setdefault(str(condition["attribute"]), []).append(condition)
    return by


def rule_table_csv(trace: dict, lang: str = "en") -> str:
    """The rule table for a program: the class column holds the class, a tie its own column."""
    return to_csv(rule_table(trace, lang, tie_column=True))


def rule_table_markdown(trace: dict, lang: str = "en") -> str:
    return to_markdown(rule_table(trace, lang))
