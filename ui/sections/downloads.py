"""Catalogue section: what a downloaded file holds, the last part of its name (ui.downloads).

Kept short and free of spaces: they end up in file names such as 西瓜数据集_2.0_决策树.svg.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "file.tree": "tree",
    "file.tree_yours": "your_tree",
    "file.tree_theirs": "algorithm_tree",
    "file.trace": "trace",
    "file.rules": "rules",
    "file.rules_holdout": "rules_hold-out_tree",
    "file.rules_pruned": "rules_post-pruned",
    "file.rule_table": "rule_table",
    "file.scores": "scores",
    "file.solution": "solution",
    "file.quiz": "quiz",
    "file.ties": "validation_ties",
    "file.frames": "frames",
}

ZH: dict[str, str] = {
    "file.tree": "决策树",
    "file.tree_yours": "你的决策树",
    "file.tree_theirs": "算法的决策树",
    "file.trace": "生成过程",
    "file.rules": "规则",
    "file.rules_holdout": "留出法决策树规则",
    "file.rules_pruned": "后剪枝规则",
    "file.rule_table": "规则表",
    "file.scores": "得分表",
    "file.solution": "手算过程",
    "file.quiz": "测验",
    "file.ties": "验证集精度相同的结点",
    "file.frames": "逐步图",
}
