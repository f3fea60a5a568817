"""Score tables as CSV (formulas neutralised), Markdown and LaTeX booktabs; SVG via Graphviz."""

from __future__ import annotations

import csv
import io
import shutil
from textwrap import dedent

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.dot import to_dot
from dtree_core.escape import escape_markdown_cell
from dtree_core.export import (
    ExportUnavailable,
    Table,
    neutralise,
    score_table,
    to_csv,
    to_latex,
    to_markdown,
    to_svg,
)


@pytest.fixture
def root(wm2):
    X, y = wm2
    trace = DecisionTree("id3").fit(X, y).trace_
    return trace.node_dict(trace.nodes[0])


def test_latex_booktabs_golden(root):
    assert to_latex(score_table(root)) == dedent(r"""
        % needs \usepackage{booktabs}; Chinese text also needs ctex (or xeCJK)
        \begin{tabular}{lllrrrrll}
        \toprule
        attribute & kind & threshold & Gain & IV & Gain\_ratio & Gini\_index & tied & chosen \\
        \midrule
        色泽 & nominal & -- & 0.108 & 1.580 & 0.068 & 0.427 &  &  \\
        根蒂 & nominal & -- & 0.143 & 1.402 & 0.102 & 0.422 &  &  \\
        敲声 & nominal & -- & 0.141 & 1.333 & 0.106 & 0.424 &  &  \\
        纹理 & nominal & -- & 0.381 & 1.447 & 0.263 & 0.277 &  & $\bullet$ \\
        脐部 & nominal & -- & 0.289 & 1.549 & 0.187 & 0.345 &  &  \\
        触感 & nominal & -- & 0.006 & 0.874 & 0.007 & 0.494 &  &  \\
        \bottomrule
        \end{tabular}
        """).lstrip("\n")


def test_latex_escapes_user_text():
    table = Table(["a_b", "x"], [["50% & $5 #1 {x}", 0.5]])
    text = to_latex(table, digits=2)
    assert r"a\_b & x \\" in text
    assert r"50\% \& \$5 \#1 \{x\} & 0.50 \\" in text


def test_markdown_golden(root):
    lines = to_markdown(score_table(root)).splitlines()
    assert lines[0] == ("| attribute | kind | threshold | Gain | IV | Gain\\_ratio | "
                        "Gini\\_index | tied | chosen |")
    assert lines[1] == "|---|---|---|---:|---:|---:|---:|---|---|"
    assert lines[5] == "| 纹理 | nominal | — | 0.381 | 1.447 | 0.263 | 0.277 |  | ✓ |"


def test_markdown_cells_cannot_break_the_table():
    assert escape_markdown_cell("a|b") == r"a\|b"
    assert escape_markdown_cell("<script>x</script>") == "&lt;script&gt;x&lt;/script&gt;"
    assert escape_markdown_cell("*x*_y_") == r"\*x\*\_y\_"
    # a line break and a tab are shown as every other form shows them, so the three read apart
    assert escape_markdown_cell("two\nlines") == "two⏎lines"
    assert escape_markdown_cell("two\tlines") == "two⇥lines"
    assert escape_markdown_cell("two lines") == "two lines"


def test_csv_is_exact_and_neutralises_formulas(root):
    rows = list(csv.reader(io.StringIO(to_csv(score_table(root)))))
    assert rows[0][:4] == ["attribute", "kind", "threshold", "Gain"]
    texture = next(r for r in rows if r[0] == "纹理")
    assert float(texture[3]) == root["scores"][3]["gain"]  # exact, not rounded
    assert texture[-1] == "1"
    table = Table(["=name", "v"], [["=1+1", -0.5], ["+cmd", 1], ["-2+3", None], ["@SUM(A1)", 2],
                                   ["safe", 3]])
    rows = list(csv.reader(io.StringIO(to_csv(table))))
    assert rows[0] == ["'=name", "v"]
    assert [r[0] for r in rows[1:]] == ["'=1+1", "'+cmd", "'-2+3", "'@SUM(A1)", "safe"]
    assert rows[1][1] == "-0.5"  # a number stays a number
    assert neutralise("\tx") == "'\tx"


def test_a_signed_number_written_as_text_keeps_its_text():
    """Classes -1/+1 and values -2/+3 run nothing in a spreadsheet: a quote before them would
    be read back as data ('-1); text that computes (-2+3, +A1, -cmd|…) keeps its quote."""
    numbers = ["-1", "+1", "-2", "+3", "-0.5", "+.5", "-1.", "-1e3", "+2.5E-3"]
    formulas = ["-2+3", "+A1", "-cmd|' /C calc'!A0", "-1 ", "-1e", "--1", "-", "+-1", "-1,5",
                "-0x1F", "-inf", "-١"]
    cells = numbers + formulas
    read = pd.read_csv(io.StringIO(to_csv(Table(["class"], [[c] for c in cells]))), dtype=str,
                       keep_default_na=False)
    assert list(read["class"]) == numbers + ["'" + f for f in formulas]
    assert to_csv(Table(["-1", "+A1"], [])) == "-1,'+A1\n"  # a header as a cell


def test_numpy_numbers_are_numbers_in_every_format():
    """A class report's np.int64 support or a negative np.float64 is a number, not a formula."""
    import numpy as np

    table = Table(["n", "x", "mark"], [[np.int64(-3), np.float64(-0.5), np.bool_(True)]])
    assert to_csv(table).splitlines()[1] == "-3,-0.5,1"
    assert "|---:|---:|---|" in to_markdown(table)
    assert "| -3 | -0.500 | ✓ |" in to_markdown(table)
    assert r"\begin{tabular}{rrl}" in to_latex(table)


def test_svg_with_graphviz(wm2):
    if shutil.which("dot") is None:
        pytest.skip("graphviz is not installed")
    X, y = wm2
    svg = to_svg(to_dot(DecisionTree("id3").fit(X, y).trace_.to_dict(scores=False)).source)
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert svg.count('class="node') >= 13 and "纹理" in svg


def test_svg_without_graphviz_says_so(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(ExportUnavailable, match="Graphviz's 'dot' program"):
        to_svg("digraph { a }")


# --------------------------------------------------------------------- the CLI's export flags


def _grow(*args):
    import subprocess
    import sys

    from tests.conftest import ROOT, dataset_path

    return subprocess.run([sys.executable, "-m", "dtree_core", "grow",
                           str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_cli_writes_every_export(tmp_path):
    out = {name: tmp_path / name for name in
           ("r.txt", "r.md", "s.csv", "s.md", "s.tex", "t.svg")}
    result = _grow("--rules-txt", str(out["r.txt"]), "--rules-md", str(out["r.md"]),
                   "--scores-csv", str(out["s.csv"]), "--scores-md", str(out["s.md"]),
                   "--scores-latex", str(out["s.tex"]), "--scores-node", "纹理=清晰",
                   *(["--svg", str(out["t.svg"])] if shutil.which("dot") else []))
    assert result.returncode == 0, result.stderr
    rules = out["r.txt"].read_text(encoding="utf-8").splitlines()
    assert rules[0] == ("R1: IF 纹理=清晰 AND 根蒂=蜷缩 THEN 好瓜=是  "
                        "[training: coverage 5/17 = 29.4%, accuracy 100.0%]")
    assert len(rules) == 9
    assert out["r.md"].read_text(encoding="utf-8").startswith("| rule | IF | THEN |")
    raw = out["s.csv"].read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # BOM: Excel then reads the Chinese names
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    chosen = [r[0] for r in rows[1:] if r[-1] == "1"]
    assert chosen == ["根蒂"] and "纹理" not in [r[0] for r in rows]  # the 纹理=清晰 node
    assert r"\toprule" in out["s.tex"].read_text(encoding="utf-8")
    assert "| 根蒂 |" in out["s.md"].read_text(encoding="utf-8")
    if shutil.which("dot"):
        assert "<svg" in out["t.svg"].read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["--scores-csv", "/nonexistent/dir/s.csv"], "Cannot write '/nonexistent/dir/s.csv'"),
    (["--scores-md", "-", "--scores-node", "纹理=无"], "No node at '纹理=无'"),
    (["--rules-md", "/nonexistent/r.md"], "Cannot write"),
])
def test_cli_bad_export_paths_exit_2_with_one_line(args, message):
    result = _grow(*args)
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_text_forms_keep_one_rule_and_one_node_a_line():
    """A value holding line breaks (a cell typed with Alt+Enter in Excel) is shown as ⏎ in
    the rules, the post-pruned rules and the tree text, which are read a line at a time."""
    import pandas as pd

    from dtree_core import DecisionTree
    from dtree_core.labels import export_text
    from dtree_core.rules import pruned_rules_text, rules_text

    X = pd.DataFrame({"a": ["line1\nline2", "x\r\ny", "line1\nline2", "x\r\ny", "z\tw", "z\tw"]})
    y = pd.Series(["p", "q", "p", "q", "p", "q"], name="t")
    trace = DecisionTree("id3").fit(X, y).trace_.to_dict()
    for lang in ("en", "zh"):
        lines = rules_text(trace, lang=lang).splitlines()
        assert len(lines) == 3 and all(line.startswith("R") for line in lines)
        assert len(pruned_rules_text(trace, X, y, lang=lang).splitlines()) == 3
    assert any("a=line1⏎line2" in line for line in rules_text(trace).splitlines())
    assert len(export_text(trace).splitlines()) == len(trace["nodes"]) == 4


def test_a_latex_row_starting_with_a_bracket_or_a_star_is_not_an_argument():
    r"""\midrule[1em] and \\[x] take a row's leading [..] for a length, \\* its star."""
    table = Table(["[h", "n"], [["[1em]A", 1.0], ["*x", 2.0], ["a[1]", 3.0]])
    lines = to_latex(table).splitlines()
    assert lines[3] == r"{}[h & n \\" and lines[5] == r"{}[1em]A & 1.000 \\"
    assert lines[6] == r"{}*x & 2.000 \\" and lines[7] == r"a[1] & 3.000 \\"
