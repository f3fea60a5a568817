"""Catalogue section: one server for a whole class (see ui/sections/__init__.py).

The progress bar's phases (reading, preparing, growing depth k, pruning, drawing) and the export
page's SVG on request. Zhou's terms: 结点 (node), 深度 (depth), 决策树 (decision tree), 剪枝
(pruning).
"""

from __future__ import annotations

EN: dict[str, str] = {
    "server.phase.reading": "Reading {name}…",
    "server.phase.preparing": "Preparing the data: target, attributes and their kinds…",
    "server.phase.growing": "Growing depth {depth} ({nodes} nodes so far, {seconds} s)…",
    "server.phase.pruning": "Pruning: {method}, {seconds} s so far…",
    "server.phase.drawing": ("Grown: {nodes} nodes, depth {depth}, in {seconds} s. "
                             "Drawing the tree…"),
    "exp.svg.render": "Draw the SVG picture",
    "exp.svg.render.help": ("Graphviz draws the tree on this server when you ask, within "
                            "{seconds} s; the DOT file draws the same picture on your computer."),
    "exp.svg.too_big": ("This tree has {nodes} nodes, more than the {limit} this server draws as "
                        "a picture. Set a max depth to grow a smaller tree, or download the DOT "
                        "file and draw it on your computer with Graphviz (dot -Tsvg tree.dot)."),
    "exp.svg.timeout": ("Graphviz did not finish drawing this tree within {seconds} s, so it was "
                        "stopped. Set a max depth to grow a smaller tree, or download the DOT "
                        "file and draw it on your computer (dot -Tsvg tree.dot)."),
    "exp.svg.failed": "Graphviz could not draw this tree: {reason}",
    "exp.json.outline": "JSON trace, outline (no score tables)",
    "exp.json.too_big": ("This tree's full JSON trace is estimated at {mb} MB ({nodes} nodes, "
                         "{attributes} attributes, {classes} classes), more than the {limit} MB "
                         "this server builds for a download, so it offers the outline: every "
                         "node, branch and decision, with the score tables empty. Set a max "
                         "depth to grow a smaller tree, or run the command at the bottom of "
                         "this page: the command-line tool writes the full trace to trace.json."),
}

ZH: dict[str, str] = {
    "server.phase.reading": "正在读取 {name}…",
    "server.phase.preparing": "正在准备数据：目标列、属性及其类型…",
    "server.phase.growing": "正在生成第 {depth} 层（已有 {nodes} 个结点，用时 {seconds} 秒）…",
    "server.phase.pruning": "正在剪枝：{method}，已用时 {seconds} 秒…",
    "server.phase.drawing": ("已生成：{nodes} 个结点，深度 {depth}，用时 {seconds} 秒。"
                             "正在绘制决策树…"),
    "exp.svg.render": "绘制 SVG 图片",
    "exp.svg.render.help": ("按下后由本服务器用 Graphviz 绘制决策树，限时 {seconds} 秒；"
                            "DOT 文件可在你的电脑上画出同样的图。"),
    "exp.svg.too_big": ("这棵决策树有 {nodes} 个结点，超过本服务器绘图的上限 {limit} 个。"
                        "请设置最大深度以生成较小的树，或下载 DOT 文件，在你的电脑上用 Graphviz "
                        "绘制（dot -Tsvg tree.dot）。"),
    "exp.svg.timeout": ("Graphviz 未能在 {seconds} 秒内画完这棵决策树，已被停止。请设置最大深度以"
                        "生成较小的树，或下载 DOT 文件在你的电脑上绘制（dot -Tsvg tree.dot）。"),
    "exp.svg.failed": "Graphviz 无法绘制这棵决策树：{reason}",
    "exp.json.outline": "JSON 生成过程记录（概要，不含得分表）",
    "exp.json.too_big": ("这棵决策树完整的 JSON 生成过程记录估计有 {mb} MB（{nodes} 个结点、"
                         "{attributes} 个属性、{classes} 个类别），超过本服务器为下载生成的上限 "
                         "{limit} MB，因此这里提供概要：包含每个结点、分支和划分决定，得分表为空。"
                         "请设置最大深度以生成较小的树，或运行本页底部的命令：命令行工具会把完整记录"
                         "写入 trace.json。"),
}
