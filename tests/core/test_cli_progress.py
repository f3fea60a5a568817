"""The command line's progress line: on stderr where it is a terminal, nowhere else."""

from __future__ import annotations

import io
import os
import sys

import pytest

from dtree_core.cli import main
from tests.conftest import dataset_path

CLEAR = "\r\x1b[K"


class TerminalStringIO(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def watermelon() -> str:
    return str(dataset_path("watermelon_2.0.csv"))


def grow(monkeypatch, *args: str, terminal: bool) -> tuple[int, str]:
    """(exit status, what stderr got) of a grow run, stderr a terminal or not."""
    stderr = TerminalStringIO() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    status = main(["grow", watermelon(), "--target", "好瓜", *args])
    monkeypatch.undo()
    return status, stderr.getvalue()


@pytest.mark.parametrize(("lang", "reading", "growing", "writing"), [
    ("en", "Reading watermelon_2.0.csv ({mb} MB)…", "Growing the tree: depth 0, 1 node so far…",
     "Writing JSON shown.json: 1 of 14 nodes…"),
    ("zh", "正在读取 watermelon_2.0.csv（{mb} MB）…", "正在生成决策树：第 0 层，已有 1 个结点…",
     "正在写出 JSON shown.json：已写 1 个结点，共 14 个…"),
])
def test_a_terminal_is_told_each_phase_in_the_language(tmp_path, monkeypatch, capsys, lang,
                                                       reading, growing, writing):
    shown, plain = tmp_path / "shown.json", tmp_path / "plain.json"
    status, err = grow(monkeypatch, "--json", str(shown), "--lang", lang, terminal=True)
    assert status == 0
    lines = [line.removesuffix("\x1b[K") for line in err.split("\r")]
    mb = f"{os.path.getsize(watermelon()) / 1e6:.2g}"  # 0.00061: a small file's size
    assert lines[0] == "" and reading.format(mb=mb) in lines and growing in lines
    assert writing in lines
    assert err.endswith(CLEAR)  # the summary on stdout starts on a clean line
    out = capsys.readouterr().out
    # the same run without a terminal: the same summary and the same bytes of JSON
    assert grow(monkeypatch, "--json", str(plain), "--lang", lang, terminal=False) == (0, "")
    assert capsys.readouterr().out == out
    assert shown.read_bytes() == plain.read_bytes()


@pytest.mark.parametrize(("lang", "pruning"), [("en", "Pruning: C4.5's pessimistic pruning…"),
                                               ("zh", "正在剪枝：C4.5 悲观剪枝…")])
def test_pruning_is_a_phase_of_its_own(monkeypatch, lang, pruning):
    status, err = grow(monkeypatch, "--algorithm", "c45", "--prune", "pep", "--lang", lang,
                       terminal=True)
    assert status == 0 and pruning + "\x1b[K" in err.split("\r")


@pytest.mark.parametrize("args", [("--rules",), ("--json", "-"), ("--dot", "-")])
def test_without_a_terminal_stderr_holds_what_it_held_before(monkeypatch, args):
    """Progress is for a terminal alone: a pipe, a file or a test's capture gets what it
    always got (a note on what was done to the data when stdout holds an output, else
    nothing); on a terminal that same text follows the progress, on a clean line."""
    note = ("note: '编号' is left out because it has a different value in every row, like a "
            "row number, so it cannot generalise; include ID columns (--include-ids) to see "
            "ID3's bias toward many-valued attributes.\n") if "-" in args else ""
    assert grow(monkeypatch, *args, terminal=False) == (0, note)
    status, err = grow(monkeypatch, *args, terminal=True)
    assert status == 0 and "Growing the tree: depth 0" in err
    assert err.endswith(CLEAR + note)


def test_budget_limits_hold_and_the_line_is_cleared_before_the_refusal(monkeypatch):
    monkeypatch.setenv("DTREE_BUDGET_DEPTH", "1")
    stderr = TerminalStringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["grow", watermelon(), "--target", "好瓜", "--budget"]) == 2
    err = stderr.getvalue()
    assert "\rGrowing the tree: depth 0, 1 node so far…\x1b[K" in err
    assert err.count("\n") == 1 and CLEAR + "error: The tree has reached depth 2" in err


def test_the_line_is_throttled_cut_to_the_terminal_and_cleared():
    from dtree_core.cli_progress import ProgressLine

    now = [0.0]
    stream = TerminalStringIO()
    with ProgressLine("en", stream=stream, clock=lambda: now[0]) as line:
        for depth in range(5):  # the same phase within a tenth of a second: shown once
            line.say("growing", depth=depth, nodes=depth)
        now[0] = 0.2
        line.say("growing", depth=5, nodes=9)
        line.say("outline", nodes=9)  # a new phase at once
        line.say("writing", target="x" * 200)
    parts = stream.getvalue().split("\r")
    assert parts[1:4] == ["Growing the tree: depth 0, 0 nodes so far…\x1b[K",
                          "Growing the tree: depth 5, 9 nodes so far…\x1b[K",
                          "Collecting the tree's 9 nodes…\x1b[K"]
    assert parts[4].startswith("Writing xxx") and len(parts[4]) == 79 + len("\x1b[K")
    assert parts[5:] == ["\x1b[K"]
    quiet = io.StringIO()
    with ProgressLine("en", stream=quiet) as line:
        line.say("preparing")
    assert quiet.getvalue() == ""


@pytest.mark.parametrize("dashed", ["--scores-csv", "--scores-md", "--scores-latex"])
def test_an_output_on_standard_output_is_never_mixed_with_the_line(tmp_path, monkeypatch,
                                                                   capsys, dashed):
    """stdout and stderr may be one terminal: the line is cleared before stdout is written
    (the score tables are made together; any one of them may be the one given '-')."""
    files = {flag: str(tmp_path / f"t{k}") for k, flag in
             enumerate(("--scores-csv", "--scores-md", "--scores-latex"))}
    files[dashed] = "-"
    stream = TerminalStringIO()
    writes = []  # (stream, text) in the order written, as one terminal would show them
    for name, fake in (("stdout", TerminalStringIO()), ("stderr", stream)):
        fake.write = lambda text, name=name, base=fake.write: (writes.append((name, text)),
                                                                base(text))[1]
        monkeypatch.setattr(sys, name, fake)
    args = [word for flag, target in files.items() for word in (flag, target)]
    assert main(["grow", watermelon(), "--target", "好瓜", *args]) == 0
    first_out = next(k for k, (name, _) in enumerate(writes) if name == "stdout")
    shown = "".join(text for name, text in writes[:first_out] if name == "stderr")
    assert "Growing the tree" in shown and shown.endswith(CLEAR)
