"""The export page's command line grows the very tree the page shows."""

from __future__ import annotations

import json
import re
import shlex
import shutil

from app_helpers import bundled_app, content, new_app, node_widget, trace

from dtree_core import cli
from dtree_core.datasets import bundled
from ui.messages import t


def sidebar(algorithm: str = "id3"):
    return bundled_app("watermelon_2.0", algorithm)


def force_at_node(at, node: int, attribute: str) -> None:
    at.slider(key="step_slider").set_value(trace(at)["steps"].index(node)).run()
    at.selectbox(key=node_widget(at, "force_", node)).set_value(attribute).run()
    assert not at.exception and not at.error


def shown_command(at) -> list[str]:
    at.switch_page("pages/export.py").run()
    assert not at.exception and not at.error
    blocks = [c.value for c in at.code if c.value.startswith("python -m dtree_core grow ")]
    assert len(blocks) == 1
    return shlex.split(blocks[0])


def run_command(argv: list[str], tmp_path, monkeypatch) -> dict:
    """The command's arguments through the CLI, in tmp_path, with the bundled file's path."""
    assert argv[:4] == ["python", "-m", "dtree_core", "grow"]
    args = argv[3:]
    args[1] = str(next(d.path for d in bundled() if d.path.name == args[1]))
    if shutil.which("dot") is None:  # SVG needs Graphviz; the JSON is what is compared
        at = args.index("--svg")
        del args[at:at + 2]
    monkeypatch.chdir(tmp_path)
    assert cli.main(args) == 0
    return json.loads((tmp_path / "trace.json").read_text(encoding="utf-8"))


def test_command_with_a_force_a_tie_rule_and_a_max_depth(tmp_path, monkeypatch):
    at = sidebar()
    at.selectbox(key="tie_break").set_value("last")
    at.number_input(key="max_depth").set_value(3).run()
    force_at_node(at, 1, "触感")  # 纹理=清晰 splits on 根蒂 by itself
    shown = trace(at)
    assert shown["nodes"][1]["decision"]["forced"]
    argv = shown_command(at)
    command = " ".join(argv)
    assert "--tie-break last" in command and "--max-depth 3" in command
    assert "--force 纹理=清晰=触感" in command and "--exclude 编号" in command
    written = run_command(argv, tmp_path, monkeypatch)
    assert written["nodes"] == shown["nodes"]
    assert written["params"] == shown["params"]


def test_a_force_the_tree_could_not_make_is_left_out(tmp_path, monkeypatch):
    at = sidebar()
    force_at_node(at, 1, "触感")
    at.selectbox(key="algorithm").set_value("cart").run()  # CART has no node 纹理=清晰
    shown = trace(at)
    assert shown["unmatched_force"] == ["纹理=清晰"]
    argv = shown_command(at)
    assert "--force" not in argv and "--algorithm" in argv
    assert run_command(argv, tmp_path, monkeypatch)["nodes"] == shown["nodes"]


def test_values_are_shell_quoted():
    from dtree_core.options import Options
    from ui.command import grow_command

    options = Options.build(algorithm="cart", nominal=["a b"], continuous=["-x"],
                            min_gain=0.05, min_branch_weight=2.0, seed=7, tie_break="random",
                            force={"root": "a b"})
    choices = {"target": "it's", "attributes": ["a b", "-x"], "sheet": "S 1",
               "encoding": "gb18030"}
    command = grow_command("my data.xlsx", choices, ["a b", "-x", "id", "it's"], options,
                           {"nodes": [{"scores": []}]})
    argv = shlex.split(command)
    assert argv[4:8] == ["my data.xlsx", "--target", "it's", "--include-ids"]
    for expected in (["--exclude", "id"], ["--nominal", "a b"], ["--continuous=-x"],
                     ["--sheet", "S 1"], ["--encoding", "gb18030"], ["--min-gain", "0.05"],
                     ["--min-branch-weight", "2"], ["--seed", "7"], ["--tie-break", "random"],
                     ["--force", "root=a b"]):
        start = argv.index(expected[0])
        assert argv[start:start + len(expected)] == expected
    assert "--scores-csv" not in argv  # a root leaf has no score table to write
    parsed = cli.build_parser().parse_args(argv[3:])
    assert (parsed.continuous, parsed.target, parsed.min_gain) == (["-x"], "it's", 0.05)


def test_the_book_example_pruned_by_its_validation_file(tmp_path, monkeypatch):
    """Table 4.2 with reduced-error pruning: --prune rep --validation FILE, the same tree."""
    from test_pruning_app import book_app

    at = book_app()
    shown = trace(at)
    assert shown["params"]["prune"] == "rep" and shown.get("pruning")
    argv = shown_command(at)
    at_flag = argv.index("--validation")
    argv[at_flag + 1] = str(next(d.path for d in bundled() if d.path.name == argv[at_flag + 1]))
    assert "--prune" in argv and "--force" in argv
    written = run_command(argv, tmp_path, monkeypatch)
    assert written["nodes"] == shown["nodes"] and written["pruning"] == shown["pruning"]


def test_a_chinese_session_s_command_prints_in_chinese(tmp_path, monkeypatch, capsys):
    at = new_app()
    at.query_params["lang"] = "zh"
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_2.0")
    at.selectbox(key="algorithm").set_value("id3").run()
    argv = shown_command(at)
    assert "--lang" in argv and argv[argv.index("--lang") + 1] == "zh"
    written = run_command(argv, tmp_path, monkeypatch)
    assert written["nodes"] == trace(at)["nodes"]  # the same tree, worded in Chinese
    assert "划分属性" in capsys.readouterr().out
    assert "--lang" not in shown_command(sidebar())  # English: the CLI's own default


def test_the_commands_score_files_are_worded_as_the_pages_table(tmp_path, monkeypatch):
    """A Chinese session in Li Hang's notation: the command carries --lang zh --notation
    lihang, and its score files head their columns and word their kinds as the page does."""
    at = new_app()
    at.query_params["lang"], at.query_params["notation"] = "zh", "lihang"
    at.run()
    at.selectbox(key="bundled_key").set_value("watermelon_3.0")
    at.selectbox(key="algorithm").set_value("c45").run()
    argv = shown_command(at)
    assert argv[argv.index("--notation") + 1] == "lihang"
    page_table = next(m.value for m in at.markdown if m.value.startswith("| "))
    run_command(argv, tmp_path, monkeypatch)
    written = (tmp_path / "scores.md").read_text(encoding="utf-8")
    header = page_table.splitlines()[0]
    assert written.splitlines()[0] == header and "g\\_R(D, A)" in header and "类型" in header
    kinds = {line.split(" | ")[1] for line in written.splitlines()[2:]}
    assert kinds == {"离散", "连续"}
    csv_header = (tmp_path / "scores.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    assert csv_header.split(",")[:2] == ["特征", "类型"]  # Li Hang's word, as the page says
    assert "--notation" not in shown_command(sidebar())  # Zhou's: the CLI's own default


def drawn_nodes(dot: str) -> set[int]:
    return {int(i) for i in re.findall(r"^\s*n(\d+) \[", dot, flags=re.M)}


def dot_files(downloads, argv, tmp_path, monkeypatch) -> tuple[str, str]:
    """The page's DOT download and the command's tree.dot."""
    run_command(argv, tmp_path, monkeypatch)
    page = content(next(data for name, data in downloads if name.endswith(".dot")))
    return page, (tmp_path / "tree.dot").read_text(encoding="utf-8")


def test_a_pruned_tree_s_caption_says_which_drawing_each_gives(downloads, tmp_path,
                                                                monkeypatch):
    """The page's DOT draws the nodes pruning cut off (greyed); the command's tree.dot draws
    the pruned tree alone: the caption beside the command says so, with how many."""
    from test_pruning_app import book_app

    at = book_app()
    argv = shown_command(at)
    at_flag = argv.index("--validation")
    argv[at_flag + 1] = str(next(d.path for d in bundled() if d.path.name == argv[at_flag + 1]))
    away = {n["id"] for n in trace(at)["nodes"] if n.get("pruned_away")}
    assert away
    page, command = dot_files(downloads, argv, tmp_path, monkeypatch)
    assert drawn_nodes(page) - drawn_nodes(command) == away
    assert t("exp.cli.pruned", _lang="en", count=len(away)) in [c.value for c in at.caption]


def test_an_unpruned_tree_s_files_are_the_same_drawing(downloads, tmp_path, monkeypatch):
    at = sidebar()
    argv = shown_command(at)
    page, command = dot_files(downloads, argv, tmp_path, monkeypatch)
    assert page.strip() == command.strip()
    assert not any("tree.dot" in c.value for c in at.caption)
