"""Catalogue section: lecture mode and links (see ui/sections/__init__.py).

Lecture mode: one switch (or ?mode=lecture) for a projector; "export this step" as an SVG or
PNG frame and every step's frame in a zip for slides. Links: the URL carries the dataset,
options, forced splits, step, language and mode; what a link could not use is said here.
"""

from __future__ import annotations

EN: dict[str, str] = {
    "lecture.switch": "Lecture mode",
    "lecture.switch.help": ("For a projector: large fonts, the sidebar hidden, the tree beside "
                            "the scores the algorithm compares (every score: lecture mode off). "
                            "← and → step through the tree (Home, End: first and last step). The "
                            "link in the address bar opens this very step."),
    "lecture.keys": "Keys: ← previous step · → next step · Home first · End last",
    "lecture.export": "Export",
    "lecture.export.svg": "This step as SVG",
    "lecture.export.png": "This step as PNG",
    "lecture.export.no_dot": ("Graphviz's `dot` program is not installed on this server, so "
                              "frames cannot be drawn; the tree on screen is drawn by the "
                              "browser."),
    "lecture.zip": "Draw every step's frame (zip, for slides)",
    "lecture.zip.help": ("One SVG per step, named step_000_node_0.svg, … in replay order; at "
                         "most {seconds} s and {megabytes} MB of drawings."),
    "lecture.zip.progress": "Drawing frame {done} of {total}…",
    "lecture.zip.download": "Download the zip ({count} frames)",
    "lecture.zip.done": "The zip holds all {count} steps.",
    "lecture.zip.stopped.time": ("Stopped after {seconds} s: the zip holds the first {count} of "
                                 "{total} steps."),
    "lecture.zip.stopped.size": ("Stopped at {megabytes} MB of drawings: the zip holds the first "
                                 "{count} of {total} steps."),
    "lecture.zip.failed": "Graphviz could not draw every frame: {reason}",
    "lecture.no_scores": "A leaf: no attribute is scored here.",
    "link.caption": ("The address bar now opens this: the dataset, target, attributes, "
                     "algorithm, every option, the forced splits, the step, the language, the "
                     "notation and the mode (not display settings such as the decimals). Post "
                     "one link per slide."),
    "link.upload": ("This link was made with an uploaded file, **{filename}**: uploaded data "
                    "cannot travel in a link. Choose “Upload a file (CSV or Excel)” in the sidebar "
                    "and upload {filename} to see the same tree."),
    "link.problem.not_a_number": ("The link's {param}={value} is not a whole or decimal number "
                                  "the app can use, so the default is used."),
    "link.problem.not_whole": ("The link's {param}={value} is not a whole number (0, 1, 2, …), "
                               "so the default is used."),
    "link.problem.not_true_false": ("The link's {param}={value} is neither true nor false, so "
                                    "the default is used."),
    "link.problem.unreadable": ("The link's {param}={value} cannot be read as a value of this "
                                "setting, so the default is used."),
    "link.problem.refused": "The link's {param}={value} was not used: {reason}",
    "link.problem.unknown_value": ("The link's {param}={value} is not one of {allowed}, so the "
                                   "default is used."),
    "link.problem.range": ("The link's {param}={value} is outside what the sidebar offers "
                           "({range}), so the default is used."),
    "link.problem.range_compare": ("The link's {param}={value} is outside what the Compare page "
                                   "offers ({range}), so the default is used."),
    "link.problem.cmp_node": ("The link's {param}={value} is not a node that every tree "
                              "compared here has, so the scores at the root are shown."),
    "link.problem.cmp_step": ("The link's {param}={value} is past the longest tree's last step, "
                              "{last}: showing step {last}."),
    "link.problem.cmp_step_view": ("The link's {param}={value} is a step of the “Step together” "
                                   "view, which the link does not open (cmp_view=together), so "
                                   "each tree is shown at its end."),
    "link.problem.not_in_app": ("The link's {param}={value} is not a setting of this app (the "
                                "command line has it), so it was not used."),
    "link.problem.dataset": ("The link names a dataset “{value}” that is not bundled with this "
                             "app; the sidebar's dataset is shown instead."),
    "link.problem.target": ("The link's target “{value}” is not a column of this dataset; the "
                            "dataset's own target is used."),
    "link.problem.attributes": ("The link's attributes {value} are not columns of this dataset "
                                "(apart from the target); they were left out."),
    "link.problem.attributes_none": ("None of the link's attributes ({value}) is a column of "
                                     "this dataset (apart from the target), so its attributes "
                                     "are all used, as without the link."),
    "link.problem.step": ("The link asks for step {value}, but this tree's steps go from 0 to "
                          "{last}: showing step {last}."),
}

ZH: dict[str, str] = {
    "lecture.switch": "授课模式",
    "lecture.switch.help": ("用于投影：大字号、隐藏侧边栏、决策树与算法所比较的得分并排（全部得分："
                            "关闭授课模式）。按 ← 和 → 逐步浏览（Home、End：第一步和最后一步）。"
                            "地址栏中的链接会打开当前这一步。"),
    "lecture.keys": "按键：← 上一步 · → 下一步 · Home 第一步 · End 最后一步",
    "lecture.export": "导出",
    "lecture.export.svg": "将这一步导出为 SVG",
    "lecture.export.png": "将这一步导出为 PNG",
    "lecture.export.no_dot": ("本服务器未安装 Graphviz 的 `dot` 程序，无法绘制图片；屏幕上的决策树"
                              "由浏览器绘制。"),
    "lecture.zip": "绘制每一步的图片（zip，用于幻灯片）",
    "lecture.zip.help": ("每一步一个 SVG，按回放顺序命名为 step_000_node_0.svg 等；最多用时 "
                         "{seconds} 秒、图片总计 {megabytes} MB。"),
    "lecture.zip.progress": "正在绘制第 {done} 张，共 {total} 张…",
    "lecture.zip.download": "下载 zip（{count} 张图片）",
    "lecture.zip.done": "zip 包含全部 {count} 步。",
    "lecture.zip.stopped.time": "用时 {seconds} 秒后停止：zip 只包含 {total} 步中的前 {count} 步。",
    "lecture.zip.stopped.size": ("图片达到 {megabytes} MB 后停止：zip 只包含 {total} 步中的前 "
                                 "{count} 步。"),
    "lecture.zip.failed": "Graphviz 未能绘制全部图片：{reason}",
    "lecture.no_scores": "叶结点：此处不对属性评分。",
    "link.caption": ("地址栏中的链接会打开当前内容：数据集、目标、属性、算法、全部选项、指定的"
                     "划分、步骤、语言、符号和模式（不含小数位数等显示设置）。每张幻灯片发一个链接"
                     "即可。"),
    "link.upload": ("此链接基于上传的文件 **{filename}** 生成：上传的数据无法随链接传递。请在侧边栏"
                    "选择“上传文件（CSV 或 Excel）”并上传 {filename}，即可看到同一棵决策树。"),
    "link.problem.not_a_number": ("链接中的 {param}={value} 不是本应用可用的整数或小数，"
                                  "已改用默认值。"),
    "link.problem.not_whole": "链接中的 {param}={value} 不是整数（0、1、2……），已改用默认值。",
    "link.problem.not_true_false": ("链接中的 {param}={value} 既不是 true 也不是 false，"
                                    "已改用默认值。"),
    "link.problem.unreadable": "链接中的 {param}={value} 无法读作该设置的值，已改用默认值。",
    "link.problem.refused": ("链接中的 {param}={value} 未被采用："
                             "{reason}"),
    "link.problem.unknown_value": ("链接中的 {param}={value} 不在 {allowed} 之中，"
                                   "已改用默认值。"),
    "link.problem.range": ("链接中的 {param}={value} 超出侧边栏允许的范围（{range}），"
                           "已改用默认值。"),
    "link.problem.range_compare": ("链接中的 {param}={value} 超出“比较算法”页允许的范围"
                                   "（{range}），已改用默认值。"),
    "link.problem.cmp_node": ("链接中的 {param}={value} 不是这里比较的每棵树都有的结点，"
                              "因此显示根结点处的得分。"),
    "link.problem.cmp_step": ("链接中的 {param}={value} 超出了最长那棵树的最后一步（第 {last} "
                              "步）：显示第 {last} 步。"),
    "link.problem.cmp_step_view": ("链接中的 {param}={value} 是“同步逐步生成”视图的步骤，但链接"
                                   "没有打开该视图（cmp_view=together），因此各棵树显示生成完毕"
                                   "的样子。"),
    "link.problem.not_in_app": ("链接中的 {param}={value} 不是本应用的设置（命令行才有），"
                                "未被采用。"),
    "link.problem.dataset": ("链接中的数据集“{value}”不是本应用自带的数据集；"
                             "显示侧边栏当前的数据集。"),
    "link.problem.target": ("链接中的目标“{value}”不是该数据集的列；"
                            "改用数据集自己的目标。"),
    "link.problem.attributes": ("链接中的属性 {value} 不是该数据集的列（目标除外），"
                                "已略去。"),
    "link.problem.attributes_none": ("链接中的属性（{value}）都不是该数据集的列（目标除外），"
                                     "因此使用数据集的全部属性，与没有链接时相同。"),
    "link.problem.step": ("链接要求第 {value} 步，但这棵树的步骤为 0 到 {last}："
                          "显示第 {last} 步。"),
}
