"""python -m dtree_core: exit 0 with a readable summary; exit 2 and one line for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT, dataset_path


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dtree_core", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_grow_prints_the_tree_and_root_scores():
    result = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "纹理?  (是 8, 否 9)" in out
    assert "    纹理=模糊: 否  (是 0, 否 3)  [pure]" in out
    assert "ID3 takes the attribute with the largest information gain: 纹理." in out
    assert "0.381" in out and "编号" in out  # the ID column is named in a note


# a grow run's path, rules, exports and a C4.5 pessimistic pruning (its only scipy call)
_LIGHT_RUN = """
import sys
from dtree_core.cli import main
code = main(sys.argv[1:])
heavy = sorted({m.split('.')[0] for m in sys.modules} & {'sklearn', 'scipy', 'streamlit'})
print('heavy:', ','.join(heavy), file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.parametrize("extra", [[], ["--rules", "--algorithm", "c45", "--rules-md"]])
def test_a_grow_run_imports_no_scikit_learn(extra, tmp_path):
    """The command line grows with dtree_core.fitting, not the scikit-learn estimator: a run
    pays none of scikit-learn's 0.8 s (nor scipy's 0.15 s) of imports."""
    result = subprocess.run([sys.executable, "-c", _LIGHT_RUN, "grow",
                             str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                             *extra, *([str(tmp_path / "rules.md")] if extra else [])],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr.rstrip().endswith("heavy:"), result.stderr[-200:]


def test_pessimistic_pruning_from_the_command_line_still_reads_scipy():
    """The other side of the test above: scipy imported where its one use is (U_CF's normal
    quantile), so the check above is one that can fail."""
    result = subprocess.run([sys.executable, "-c", _LIGHT_RUN, "grow",
                             str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                             "--algorithm", "c45", "--prune", "pep"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr.rstrip().endswith("heavy: scipy"), result.stderr[-200:]


def test_grow_writes_json_and_forces_a_node(tmp_path):
    out = tmp_path / "t.json"
    result = run("grow", str(dataset_path("watermelon_3.0.csv")), "--target", "好瓜",
                 "--algorithm", "c45", "--force", "root=含糖率", "--json", str(out))
    assert result.returncode == 0, result.stderr
    trace = json.loads(out.read_text(encoding="utf-8"))
    assert trace["format"] == "dtree-trace/1" and trace["algorithm"] == "c45"
    assert trace["nodes"][0]["decision"]["attribute"] == "含糖率"
    assert trace["nodes"][0]["decision"]["forced"] is True


def test_force_with_a_threshold_path(tmp_path):
    result = run("grow", str(dataset_path("watermelon_3.0.csv")), "--target", "好瓜",
                 "--force", "root=密度", "密度>0.381500=纹理", "--json", "-")
    assert result.returncode == 0, result.stderr
    nodes = json.loads(result.stdout)["nodes"]
    forced = [n for n in nodes if n["decision"]["forced"]]
    assert [n["decision"]["attribute"] for n in forced] == ["密度", "纹理"]
    assert forced[1]["path"] == [{"attribute": "密度", "op": ">", "value": 0.3815}]


def test_forcing_a_leaf_says_so():
    result = run("grow", str(dataset_path("watermelon_3.0.csv")), "--target", "好瓜",
                 "--force", "纹理=模糊=触感")
    assert result.returncode == 2
    assert "is a leaf (pure)" in result.stderr


def test_nominal_and_exclude_flags_take_several_values():
    result = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                 "--nominal", "编号", "--exclude", "色泽", "触感", "--max-depth", "1")
    assert result.returncode == 0, result.stderr
    assert "\n编号?  (是 8, 否 9)\n" in result.stdout
    assert "色泽" not in result.stdout.split("Root scores")[1]


@pytest.mark.parametrize("args,message", [
    (["grow", "missing.csv", "--target", "y"], "not found"),
    (["grow", "WM", "--target", "甜度"], "Unknown target column '甜度'"),
    (["grow", "WM", "--target", "好瓜", "--algorithm", "c50"], "invalid choice: 'c50'"),
    (["grow", "WM"], "the following arguments are required: --target"),
    (["grow", "WM", "--target", "好瓜", "--max-depth", "two"], "invalid int value: 'two'"),
    (["grow", "WM", "--target", "好瓜", "--force", "纹理=透明=根蒂"], "No node has the path"),
    (["grow", "WM", "--target", "好瓜", "--force", "root=甜度"], "Cannot force '甜度'"),
    (["grow", "WM", "--target", "好瓜", "--nominal", "甜度"], "甜度"),
    # beyond what the trace's JSON writes (a traceback from the JSON writer before)
    (["grow", "WM", "--target", "好瓜", "--seed", str(2**64), "--json", "-"],
     f"--seed must be from {-(2**63)} to {2**64 - 1}, got {2**64}."),
    (["grow", "WM", "--target", "好瓜", "--seed", str(-(2**63) - 1), "--json", "-"], "--seed"),
    (["grow", "WM", "--target", "好瓜", "--max-depth", "9" * 23, "--json", "-"], "--max-depth"),
    (["grow", "WM", "--target", "好瓜", "--min-samples-split", "9" * 23], "--min-samples-split"),
])
def test_bad_input_exits_2_with_one_line(args, message):
    args = [str(dataset_path("watermelon_2.0.csv")) if a == "WM" else a for a in args]
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_min_branch_weight_flag_and_non_finite_numbers(tmp_path, capsys):
    from dtree_core.cli import main
    from tests.conftest import dataset_path

    data = str(dataset_path("watermelon_2.0_alpha.csv"))
    out = tmp_path / "t.json"
    assert main(["grow", data, "--target", "好瓜", "--algorithm", "c45",
                 "--min-branch-weight", "2", "--json", str(out)]) == 0
    import json

    assert json.loads(out.read_text(encoding="utf-8"))["params"]["min_branch_weight"] == 2
    for flag, value in (("--min-gain", "nan"), ("--min-gain", "inf"),
                        ("--min-branch-weight", "-1")):
        capsys.readouterr()
        assert main(["grow", data, "--target", "好瓜", flag, value]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"error: {flag} must be a finite number" in err


def test_each_note_is_printed_once_and_each_kind_has_its_rule(capsys):
    from dtree_core.cli import main
    from tests.conftest import dataset_path

    assert main(["grow", str(dataset_path("watermelon_3.0.csv")), "--target", "好瓜"]) == 0
    out = capsys.readouterr().out
    notes = [line for line in out.splitlines() if line.startswith("note:")]
    assert len(notes) == len(set(line.split(": ", 2)[-1] for line in notes)) == 1
    kinds = [line for line in out.splitlines() if line.startswith("kind:")]
    assert len(kinds) == 8 and any("密度" in k and "continuous" in k for k in kinds)


def test_terminal_output_shows_control_characters_instead_of_obeying_them(tmp_path, capsys):
    from dtree_core.cli import main

    path = tmp_path / "ansi.csv"
    path.write_text("colour,ok\n\x1b[31mred,yes\nblue,no\n\x1b[31mred,yes\nblue,no\n",
                    encoding="utf-8")
    assert main(["grow", str(path), "--target", "ok"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[31mred" in out


def test_special_files_and_a_sheet_for_a_csv_are_refused(tmp_path, capsys):
    import os

    from dtree_core.cli import main
    from tests.conftest import dataset_path

    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    assert main(["grow", str(fifo), "--target", "y"]) == 2
    assert "not a regular file" in capsys.readouterr().err
    if os.path.exists("/dev/zero"):  # a device reads without end: refused before a read
        assert main(["grow", "/dev/zero", "--target", "y"]) == 2
        assert "not a regular file" in capsys.readouterr().err
    assert main(["grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                 "--sheet", "S1"]) == 2
    assert "--sheet is for .xlsx" in capsys.readouterr().err


def test_a_line_break_in_the_data_does_not_start_a_fake_line(tmp_path, capsys):
    """A quoted value holding a line break and text that looks like a branch: the tree text
    and the rules keep one node and one rule a line (the break is shown as ⏎)."""
    from dtree_core.cli import main

    path = tmp_path / "nl.csv"
    path.write_text('colour,ok\n"red\ncolor=fake: yes  (x 9)",yes\nblue,no\n'
                    '"red\ncolor=fake: yes  (x 9)",yes\nblue,no\n', encoding="utf-8")
    assert main(["grow", str(path), "--target", "ok", "--rules-txt", "-"]) == 0
    out = capsys.readouterr().out
    assert not [line for line in out.splitlines() if line.startswith("color=fake")]
    assert "colour=red⏎color=fake: yes  (x 9)" in out
    rules = [line for line in out.splitlines() if "IF" in line]
    assert len(rules) == 2 and all(line.startswith("R") for line in rules)
    # the rules at '-' are alone on standard output: the tree text is the summary's
    assert main(["grow", str(path), "--target", "ok", "--rules"]) == 0
    out = capsys.readouterr().out
    assert not [line for line in out.splitlines() if line.startswith("color=fake")]
    assert "colour=red⏎color=fake: yes  (x 9)" in out


def test_a_line_break_in_an_attribute_name_stays_in_its_score_table_row(tmp_path, capsys):
    """The root's score table and the rule sentence after it, a row and a line each."""
    from dtree_core.cli import main

    path = tmp_path / "nl2.csv"
    path.write_text('"a\nfake  1.0",b,ok\nx,p,yes\ny,p,no\nx,q,yes\ny,q,no\n',
                    encoding="utf-8")
    assert main(["grow", str(path), "--target", "ok"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert not [line for line in out if line.startswith("fake")]
    assert any(line.startswith("a⏎fake  1.0  1.000") for line in out)


def test_an_export_written_to_a_terminal_shows_control_characters(tmp_path, capsys,
                                                                   monkeypatch):
    from dtree_core.cli import main

    path = tmp_path / "ansi.csv"
    path.write_text("colour,ok\n\x1b[2Jred,yes\nblue,no\n\x1b[2Jred,yes\nblue,no\n",
                    encoding="utf-8")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["grow", str(path), "--target", "ok", "--rules-txt", "-"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2Jred" in out


@pytest.mark.parametrize("extra", [["--rules-txt", "-"], ["--rules"], ["--dot", "-"]])
def test_json_on_standard_output_is_alone_there(extra, capsys):
    """`--json - --rules-txt -` wrote JSON and then text (no longer JSON), and with --rules
    the rules were silently not printed: both are refused, naming the flag, in each language."""
    from dtree_core.cli import main

    data = str(dataset_path("watermelon_2.0.csv"))
    assert main(["grow", data, "--target", "好瓜", "--json", "-", *extra]) == 2
    captured = capsys.readouterr()
    assert extra[0] in captured.err and captured.out == ""
    assert main(["grow", data, "--target", "好瓜", "--json", "-", *extra, "--lang", "zh"]) == 2
    assert "标准输出" in capsys.readouterr().err
    assert main(["grow", data, "--target", "好瓜", "--json", "-"]) == 0
    json.loads(capsys.readouterr().out)


STDOUT_OUTPUTS = ["--json", "--dot", "--svg", "--rules-txt", "--rules-md", "--scores-csv",
                  "--scores-md", "--scores-latex", "--solution"]


def test_the_outputs_on_standard_output_are_every_output_flag():
    from dtree_core.cli import OUTPUT_FLAGS, _flag

    assert sorted(STDOUT_OUTPUTS) == sorted(map(_flag, OUTPUT_FLAGS))


@pytest.mark.parametrize("flag", STDOUT_OUTPUTS)
def test_an_output_on_standard_output_is_alone_there(flag, tmp_path, capsys):
    """`--dot - | dot -Tsvg` failed: the readable summary followed the DOT on standard output.
    Every output at '-' now holds standard output alone, as --json - did: exactly what the
    file form writes (the CSV less its BOM), no summary; the data's notes go to stderr."""
    from dtree_core.cli import main
    from dtree_core.export import svg_available

    if flag == "--svg" and not svg_available():
        pytest.skip("needs Graphviz's dot program")
    wm = str(dataset_path("watermelon_2.0.csv"))
    target = tmp_path / ("out.md" if flag == "--solution" else "out")
    assert main(["grow", wm, "--target", "好瓜", flag, str(target)]) == 0
    capsys.readouterr()
    written = target.read_text(encoding="utf-8-sig" if flag == "--scores-csv" else "utf-8")
    assert main(["grow", wm, "--target", "好瓜", flag, "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out == written
    assert "ID3 tree" not in captured.out and "编号" not in captured.out
    assert "note: '编号' is left out" in captured.err  # the note the summary holds, on stderr
    if flag == "--dot":
        assert captured.out.startswith("digraph tree {") and captured.out.endswith("\n}\n")
    if flag == "--json":
        json.loads(captured.out)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("flags", [("--dot", "--svg"), ("--rules-txt", "--scores-md"),
                                   ("--solution", "--rules-md"), ("--scores-csv", "--dot")])
def test_two_outputs_on_standard_output_are_refused(flags, lang, capsys):
    """`--dot - --rules-txt -` wrote both (and the summary) into one stream no reader can
    part: refused before any work, exit 2, one line naming both flags, in each language."""
    from dtree_core.cli import main

    wm = str(dataset_path("watermelon_2.0.csv"))
    assert main(["grow", wm, "--target", "好瓜", flags[0], "-", flags[1], "-",
                 "--lang", lang]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert all(flag in captured.err for flag in flags)
    assert ("标准输出" if lang == "zh" else "standard output") in captured.err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_rules_with_an_output_on_standard_output_are_refused(lang, capsys):
    """--rules prints the rules in the summary, which an output at '-' leaves out: refused
    (as with --json -), naming --rules and the flag that writes the rules to a file."""
    from dtree_core.cli import main

    wm = str(dataset_path("watermelon_2.0.csv"))
    assert main(["grow", wm, "--target", "好瓜", "--dot", "-", "--rules", "--lang", lang]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert all(flag in captured.err for flag in ("--dot", "--rules", "--rules-txt FILE"))


CONTROLLED = ("a\x1b[31mRED,b\u202e,y\n0\x1b[2J,x\u009b31m,p\n1,z\u009b31m,p\n"
              "2,x\u009b31m,q\n0,z\u009b31m,q\n1,x\u2066,p\n2,z\u2066,q\n")  # C1 CSI, bidi


def test_json_and_summary_on_a_terminal_escape_c1_and_bidi_controls(tmp_path, capsys,
                                                                    monkeypatch):
    """`--json -` wrote the data's U+009B (CSI) and bidi overrides raw to a terminal, and the
    summary printed U+202E raw; now both show them escaped, and the JSON is the same JSON."""
    from dtree_core.cli import main

    path = tmp_path / "controls.csv"
    path.write_text(CONTROLLED, encoding="utf-8")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["grow", str(path), "--target", "y", "--json", "-"]) == 0
    out = capsys.readouterr().out
    assert not set("\x1b\u009b\u202e\u2066") & set(out)
    names = [a["name"] for a in json.loads(out)["attributes"]]
    assert names == ["a\x1b[31mRED", "b\u202e"]
    assert main(["grow", str(path), "--target", "y"]) == 0
    out = capsys.readouterr().out
    assert not set("\x1b\u009b\u202e\u2066") & set(out)
    assert "\\u202e" in out


def test_an_encoding_for_a_workbook_is_refused_not_ignored(tmp_path, capsys):
    """--sheet on a CSV was refused while --encoding on an .xlsx was silently ignored; a
    text validation file still takes it."""
    import pandas as pd

    from dtree_core.cli import main

    book = tmp_path / "t.xlsx"
    pd.DataFrame({"a": ["x", "y", "x", "y"], "y": ["p", "q", "p", "q"]}).to_excel(book,
                                                                                 index=False)
    assert main(["grow", str(book), "--target", "y", "--encoding", "gbk"]) == 2
    assert "--encoding is for text files" in capsys.readouterr().err
    assert main(["grow", str(book), "--target", "y"]) == 0
    validation = tmp_path / "v.csv"
    validation.write_text("a,y\nx,p\ny,q\n", encoding="gbk")
    assert main(["grow", str(book), "--target", "y", "--prune", "rep", "--validation",
                 str(validation), "--encoding", "gbk"]) == 0


def test_pruning_lines_name_each_node_by_its_force_path(tmp_path, capsys):
    """A pruning line names its node as the tree writes it and, where --force writes the
    path otherwise, by that key too: a value holding '/' is escaped (色泽=乌\\/黑), so the
    key copied into --force finds that node (色泽=乌/黑 is two conditions to --force)."""
    import pandas as pd

    from dtree_core.cli import main

    files = []
    for name in ("watermelon_2.0_train.csv", "watermelon_2.0_validation.csv"):
        frame = pd.read_csv(dataset_path(name))
        frame["色泽"] = frame["色泽"].replace({"乌黑": "乌/黑"})
        files.append(tmp_path / name)
        frame.to_csv(files[-1], index=False)
    common = ["grow", str(files[0]), "--target", "好瓜"]
    assert main([*common, "--validation", str(files[1]), "--prune", "rep"]) == 0
    out = capsys.readouterr().out
    assert "  prune 色泽=乌/黑/根蒂=稍蜷 (--force path 色泽=乌\\/黑/根蒂=稍蜷): " in out
    assert "  keep  色泽=乌/黑 (--force path 色泽=乌\\/黑): " in out
    assert "  prune 色泽=青绿: " in out  # the same either way: written once
    assert main([*common, "--force", "色泽=乌\\/黑/根蒂=稍蜷=脐部", "--json", "-"]) == 0
    trace = json.loads(capsys.readouterr().out)
    forced = [n for n in trace["nodes"] if n["decision"]["forced"]]
    assert [n["decision"]["attribute"] for n in forced] == ["脐部"]


def test_pruning_lines_write_cuts_as_the_tree_does_and_the_path_still_forces(tmp_path, capsys):
    """Cuts needing more than 6 significant digits (x<=104680.9) are written as the tree
    writes them (a line read 'x<=104681', on the other side of 104680.95), and that text
    copied into --force names the node (cuts match to 6 digits), so no key is added."""
    import numpy as np
    import pandas as pd

    from dtree_core.cli import main

    rng = np.random.default_rng(0)
    x = np.round(100000 + rng.random(60) * 10000, 1)
    y = np.where((x > 105000) ^ (rng.random(60) < 0.2), "a", "b")
    path = tmp_path / "big.csv"
    pd.DataFrame({"x": x, "y": y}).to_csv(path, index=False)
    common = ["grow", str(path), "--target", "y", "--algorithm", "cart"]
    assert main([*common, "--prune", "pep"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines()
             if line.startswith(("  keep ", "  prune "))]
    deep = next(line for line in lines if "x<=104680.9/x<=102847.5/" in line)
    assert "--force" not in deep and "104681" not in deep
    where = deep.split(maxsplit=1)[1].split(": ")[0]
    assert main([*common, "--force", f"{where}=x", "--json", "-"]) == 0
    trace = json.loads(capsys.readouterr().out)
    assert sum(n["decision"]["forced"] for n in trace["nodes"]) == 1


def test_a_value_that_looks_like_a_cut_is_forced_by_the_path_its_pruning_line_gives(tmp_path,
                                                                                     capsys):
    """A nominal value '>0.10': the path 'A=>0.10' was read as a cut on an attribute 'A=',
    so the path a pruning line gave found no node under --force."""
    import pandas as pd

    from dtree_core.cli import main
    from dtree_core.paths import canonical_path

    assert canonical_path("A=>0.10") == "A=>0.10"
    assert canonical_path("x<=0.38150001") == "x<=0.3815"
    rows = [(">0.10", "p", "u"), (">0.10", "q", "u"), (">0.10", "p", "v"), ("<0", "q", "u"),
            ("<0", "q", "v"), ("<0", "q", "u")] * 3
    path = tmp_path / "a.csv"
    pd.DataFrame(rows, columns=["A", "y", "B"]).to_csv(path, index=False)
    assert main(["grow", str(path), "--target", "y", "--algorithm", "id3",
                 "--force", "A=>0.10=B", "--json", "-"]) == 0
    trace = json.loads(capsys.readouterr().out)
    forced = [n for n in trace["nodes"] if n["decision"]["forced"]]
    assert [n["decision"]["attribute"] for n in forced] == ["B"]


def test_a_seed_at_either_end_of_the_range_is_written_to_json():
    """The range Options refuses beyond is the one the JSON writer holds (64 bits)."""
    import pandas as pd

    from dtree_core import DecisionTree

    X, y = pd.DataFrame({"a": list("xxyy")}), ["p", "p", "q", "q"]
    for seed in (2**64 - 1, -(2**63)):
        assert json.loads(DecisionTree(seed=seed).fit(X, y).trace_.to_json())["params"][
            "seed"] == seed
    with pytest.raises(ValueError, match="seed must be from"):  # not the writer's TypeError
        DecisionTree(seed=2**70).fit(X, y)


def test_json_on_stdout_still_tells_what_was_done_to_the_data(tmp_path):
    """With --json - standard output holds the JSON alone; the loader's warnings and the
    notes of preparing the data (a column left out, rows dropped) go to stderr, as they
    went nowhere before."""
    data = tmp_path / "notes.csv"
    data.write_text("id,age,city,cls\n1,23,北京,yes\n2,35,?,no\n3,#N/A,上海,yes\n4,41,NA,no\n"
                    "5,29,北京,yes\n6,33,上海,\n", encoding="utf-8")
    result = run("grow", str(data), "--target", "cls", "--json", "-")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["algorithm"] == "id3"
    lines = result.stderr.splitlines()
    assert any(line.startswith("warning: Column 'age' has 1 value holding a spreadsheet error")
               for line in lines), lines
    assert "note: 'id' is left out" in result.stderr
    assert "note: Dropped 1 row with no value for the target 'cls'." in lines


def test_help_and_refusals_say_what_the_code_does():
    prune = run("grow", "--help").stdout
    assert "none (the default)" in prune and "Li Hang's cost (C_α)" in prune
    wm = str(dataset_path("watermelon_2.0.csv"))
    both = run("grow", wm, "--target", "好瓜", "--json", "-", "--rules")
    assert both.returncode == 2 and "--rules-txt FILE" in both.stderr
    dot = run("grow", wm, "--target", "好瓜", "--json", "-", "--dot", "-")
    assert dot.returncode == 2 and "--rules-txt" not in dot.stderr
    unknown = run("grow", wm, "--target", "好瓜", "--force", "root=密度@0.3815")
    assert unknown.returncode == 2
    assert "it is not one of the attributes (a column left out, or no column of that name)" \
        in unknown.stderr
    left_out = run("grow", wm, "--target", "好瓜", "--force", "root=编号")  # an ID: left out
    assert "Cannot force '编号' at 'root': it is not one of the attributes" in left_out.stderr
    weight = run("grow", wm, "--target", "好瓜", "--min-branch-weight", "inf")
    assert weight.returncode == 2 and "finite number > 0" in weight.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("extra", [[], ["--json", "-"], ["--rules-txt", "-"], ["--lang", "zh"]])
def test_a_standard_output_that_cannot_be_written_is_refused_in_one_line(extra):
    """A full disk behind standard output gave a traceback and exit 1 (the summary's print,
    the JSON's writer): it is a file that cannot be written, refused in one line, exit 2."""
    wm = str(dataset_path("watermelon_2.0.csv"))
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "dtree_core", "grow", wm, "--target",
                                 "好瓜", *extra], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                                text=True, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1
    assert ("无法写入标准输出：磁盘空间不足。" if extra[-1:] == ["zh"] else
            "Cannot write to standard output: No space left on device.") in result.stderr


@pytest.mark.parametrize("flag", ["--json", "--dot", "--rules-txt", "--scores-md", "--solution"])
def test_an_empty_output_file_name_is_refused_not_read_as_no_flag(flag, tmp_path, capsys):
    """`--json "$OUT"` with OUT unset wrote nothing and said nothing (exit 0): an empty name
    is refused naming the flag, before any work, in each language."""
    from dtree_core.cli import main

    wm = str(dataset_path("watermelon_2.0.csv"))
    assert main(["grow", wm, "--target", "好瓜", flag, ""]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (
        f"error: {flag} is an empty file name; name the file to write, or '-' for standard "
        "output.\n")
    assert main(["grow", wm, "--target", "好瓜", flag, "", "--lang", "zh"]) == 2
    assert f"{flag} 的文件名为空" in capsys.readouterr().err


def test_an_empty_input_file_name_is_refused_naming_its_flag(capsys):
    """An empty DATA was read as the folder '.' (a message naming a file never given), and
    an empty --validation was silently no validation file."""
    from dtree_core.cli import main

    assert main(["grow", "", "--target", "好瓜"]) == 2
    assert capsys.readouterr().err == "error: DATA is an empty file name; name the file to read.\n"
    wm = str(dataset_path("watermelon_2.0.csv"))
    assert main(["grow", wm, "--target", "好瓜", "--validation", ""]) == 2
    assert "--validation is an empty file name" in capsys.readouterr().err


def test_two_outputs_never_share_a_file_and_none_replaces_an_input(tmp_path, capsys):
    """`--json t.json --dot t.json` exited 0 with the DOT in t.json and the trace lost, and
    `--json DATA` replaced the data file: both are refused before any file is written."""
    import shutil

    from dtree_core.cli import main

    data = tmp_path / "wm.csv"
    shutil.copy(dataset_path("watermelon_2.0.csv"), data)
    before = data.read_bytes()
    out = tmp_path / "t.json"
    (tmp_path / "link").symlink_to(tmp_path)  # the same file by another name
    assert main(["grow", str(data), "--target", "好瓜", "--json", str(out), "--dot",
                 str(tmp_path / "link" / "t.json")]) == 2
    assert "--json and --dot both write" in capsys.readouterr().err and not out.exists()
    assert main(["grow", str(data), "--target", "好瓜", "--rules-md", str(data)]) == 2
    assert capsys.readouterr().err == (f"error: --rules-md would overwrite DATA, '{data}', "
                                       "which it reads; write to another file.\n")
    assert main(["grow", str(data), "--target", "好瓜", "--prune", "rep", "--validation",
                 str(out), "--json", str(out), "--lang", "zh"]) == 2
    assert "--json 会覆盖所读取的 --validation" in capsys.readouterr().err
    assert data.read_bytes() == before
    assert main(["grow", str(data), "--target", "好瓜", "--json", str(out), "--dot",
                 str(tmp_path / "t.dot")]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "dtree-trace/1"


def test_an_output_in_a_missing_folder_is_refused_before_anything_is_written(tmp_path, capsys):
    """`--json ok.json --dot missing/t.dot` grew the tree, wrote ok.json and then exited 2
    naming only t.dot; every output's folder is checked first, and nothing is written."""
    from dtree_core.cli import main

    wm = str(dataset_path("watermelon_2.0.csv"))
    ok, lost = tmp_path / "ok.json", tmp_path / "missing" / "t.dot"
    assert main(["grow", wm, "--target", "好瓜", "--json", str(ok), "--dot", str(lost)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"error: Cannot write '{lost}': No such file or directory.\n"
    assert captured.out == "" and not ok.exists()
    assert main(["grow", wm, "--target", "好瓜", "--rules-md", str(tmp_path)]) == 2
    assert "Is a directory" in capsys.readouterr().err
    assert main(["grow", wm, "--target", "好瓜", "--json", f"{wm}/t.json", "--lang", "zh"]) == 2
    assert "路径中有一部分不是目录" in capsys.readouterr().err


@pytest.mark.parametrize("flag,value,needs", [
    ("--scores-node", "纹理=清晰", "--scores-csv|--scores-md|--scores-latex"),
    ("--solution-node", "纹理=清晰", "--solution"),
    ("--solution-scope", "node", "--solution"),
    ("--solution-lang", "zh", "--solution"),
])
def test_a_flag_for_an_output_not_asked_for_is_refused(flag, value, needs, capsys):
    """--scores-node without --scores-* (and --solution-* without --solution) exited 0 having
    done nothing with it, where a pruning flag the chosen --prune ignores is refused."""
    from dtree_core.cli import main

    wm = str(dataset_path("watermelon_2.0.csv"))
    assert main(["grow", wm, "--target", "好瓜", flag, value]) == 2
    assert capsys.readouterr().err == (
        f"error: {flag} is only used by {needs}, which is not given.\n")
    assert main(["grow", wm, "--target", "好瓜", flag, value, "--lang", "zh"]) == 2
    assert f"{flag} 只用于 {needs}" in capsys.readouterr().err
    output = "--scores-md" if flag == "--scores-node" else "--solution"
    assert main(["grow", wm, "--target", "好瓜", flag, value, output, "-"]) == 0


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("flag", ["--nominal", "--force"])
def test_data_read_as_a_list_flags_value_is_named(flag, lang, capsys):
    """`--nominal 色泽 DATA.csv` makes DATA one of --nominal's columns, and argparse then
    misses DATA: the refusal says where it went and how to write it."""
    from dtree_core.cli import main
    from dtree_core.cli_messages import say

    data = str(dataset_path("watermelon_2.0.csv"))
    value = "色泽" if flag == "--nominal" else "root=色泽"
    with pytest.raises(SystemExit) as exited:
        main(["grow", "--lang", lang, "--target", "好瓜", flag, value, data])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    hint = say(lang, "error.data_in_list", refusal="", flag=flag, data=data)
    assert hint.lstrip(".。 ") in err, err
    # ended with --, or with DATA first, it is read as the data
    assert main(["grow", "--lang", lang, "--target", "好瓜", flag, value, "--", data]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit):  # no file among the list's words: argparse's own refusal
        main(["grow", "--lang", lang, "--target", "好瓜", flag, value])
    assert "a --" not in capsys.readouterr().err


def test_outputs_may_share_a_device_or_a_pipe():
    """Two outputs naming /dev/null or /dev/stdout (a pipe here) were refused as 'both write
    one file': nothing written to a device or a pipe replaces what another output wrote, and
    each output's text arrives whole."""
    wm = str(dataset_path("watermelon_2.0.csv"))
    assert run("grow", wm, "--target", "好瓜", "--json", os.devnull, "--dot",
               os.devnull).returncode == 0
    result = run("grow", wm, "--target", "好瓜", "--json", "/dev/stdout", "--rules-md",
                 "/dev/stdout")
    assert result.returncode == 0, result.stderr
    assert '{"format":"dtree-trace/1"' in result.stdout and "| R1 |" in result.stdout


WEIGHED = "色泽,根蒂,重量\n青绿,蜷缩,20kg\n乌黑,稍蜷,25kg\n浅白,硬挺,20kg\n青绿,蜷缩,25kg\n"


def test_a_target_of_numbers_with_a_unit_gets_no_advice_to_make_it_continuous(tmp_path):
    """'20kg' kept as text is right for a target (its values are classes): the notice's
    advice to write the numbers alone, for a continuous attribute, is said of attributes
    only."""
    data = tmp_path / "weighed.csv"
    data.write_text(WEIGHED, encoding="utf-8")
    as_target = run("grow", str(data), "--target", "重量")
    assert as_target.returncode == 0, as_target.stderr
    assert "continuous attribute" not in as_target.stdout + as_target.stderr
    as_attribute = run("grow", str(data), "--target", "根蒂")
    assert as_attribute.returncode == 0, as_attribute.stderr
    assert "Column '重量' is read as text" in as_attribute.stdout


@pytest.mark.parametrize("lang, heading", [("en", "usage: "), ("zh", "用法")])
def test_the_cli_module_run_itself_answers_like_the_package(lang, heading):
    """`python -m dtree_core.cli` ran the module without calling main(): no output, exit 0."""
    result = subprocess.run([sys.executable, "-m", "dtree_core.cli", "--lang", lang, "--help"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(heading) and "grow" in result.stdout
    grown = subprocess.run([sys.executable, "-m", "dtree_core.cli", "grow",
                            str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜"],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert grown.returncode == 0 and "纹理?  (是 8, 否 9)" in grown.stdout


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_root_sentence_names_what_min_branch_weight_left_out(tmp_path, lang):
    """ID3 on watermelon 2.0 with M = 6 takes 脐部 as "the largest gain" though 纹理's is
    larger: the line after the rule names the trace's ineligible rows, 纹理 among them."""
    from dtree_core.cli_messages import say

    out = tmp_path / "t.json"
    result = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                 "--min-branch-weight", "6", "--lang", lang, "--json", str(out))
    assert result.returncode == 0, result.stderr
    root = json.loads(out.read_text(encoding="utf-8"))["nodes"][0]
    left_out = [r["attribute"] for r in root["scores"] if not r["eligible"]]
    assert "纹理" in left_out and root["decision"]["attribute"] == "脐部"
    said = say(lang, "ineligible.weight", mean="", attributes=say(lang, "list").join(left_out),
               m="6")
    lines = result.stdout.splitlines()
    assert lines[lines.index(said) - 1].endswith(("脐部.", "脐部。"))  # after the rule


def test_no_sentence_of_left_out_candidates_without_them():
    result = run("grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜")
    assert result.returncode == 0, result.stderr
    assert "Left out of the choice" not in result.stdout
