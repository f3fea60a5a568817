"""C4.5's subtree raising and J48's 0.1 margin (options subtree_raising, pep_margin).

Every expected number is worked out below from the definitions, not read back from the code:
a leaf of N rows with E errors is estimated at E + N·U_CF(E, N) − E, where U_CF is the upper
limit at confidence CF = 0.25 (z = Φ⁻¹(0.75) = 0.6744897…):
  E = 0:  N·(1 − CF^(1/N))              (exact; 4·(1 − 0.25^(1/4)) = 4 − 2√2)
  E ≥ 1:  Wilson's upper limit with f = (E + 0.5)/N (continuity correction), times N.
The decisions follow J48's `C45PruneableClassifierTree.prune`: a leaf if errors_leaf ≤
errors_tree + m and ≤ errors_branch + m; else raise if errors_branch ≤ errors_tree + m.
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.cli import main
from dtree_core.data import DataError
from dtree_core.labels import export_text
from dtree_core.options import Options
from dtree_core.pruning import pep_verdict, prune, tree_estimated_errors
from dtree_core.rules import rules
from dtree_core.trace import Trace
from tests.conftest import on_ci, xy

Z = 0.6744897501960817  # Φ⁻¹(1 − 0.25)


def estimate(correct: int, wrong: int) -> float:
    """A leaf's pessimistic errors, written out from Quinlan's formulas (not the code's)."""
    n, e = correct + wrong, wrong
    if e == 0:
        return n * (1 - 0.25 ** (1 / n))
    f = (e + 0.5) / n
    upper = (f + Z * Z / (2 * n) + Z * math.sqrt(f / n - f * f / n + Z * Z / (4 * n * n))) \
        / (1 + Z * Z / n)
    return n * upper


def raising_data():
    """X (a: 8 rows, b: 2) says nothing about the class; Y says everything. Forced to split on
    X first, the tree is X → Y twice, and the raise puts Y's test at the root."""
    X = pd.DataFrame({"X": ["a"] * 8 + ["b"] * 2,
                      "Y": ["p"] * 4 + ["q"] * 4 + ["p", "q"]})
    y = pd.Series(["yes"] * 4 + ["no"] * 4 + ["yes", "no"], name="c")
    return X, y


def fit_raising(**params):
    X, y = raising_data()
    return DecisionTree("id3", force={"root": "X"}, prune="pep", **params).fit(X, y)


def shape(trace: Trace) -> list[tuple]:
    """(depth, edge, split attribute or leaf label, class counts) of the nodes in the tree,
    in the order export_text prints them."""
    nodes = trace.nodes
    return [(nodes[i].depth, nodes[i].branch.text() if nodes[i].branch else "",
             nodes[i].decision.attribute if not nodes[i].is_leaf else nodes[i].decision.label,
             nodes[i].class_counts)
            for i in trace.steps if not nodes[i].pruned_away]


def test_the_estimates_used_below():
    # The closed form of E = 0 and the values the comments quote.
    assert estimate(4, 0) == pytest.approx(4 - 2 * math.sqrt(2))  # 1.171573
    assert estimate(5, 0) == pytest.approx(1.210709, abs=1e-6)
    assert estimate(1, 0) == 0.75
    assert estimate(5, 5) == pytest.approx(6.516244, abs=1e-6)


def test_a_hand_computed_raise():
    """Grown: root X; X=a (4 yes, 4 no) splits on Y into (4,0) and (0,4); X=b (1,1) splits on
    Y into (1,0) and (0,1).

    Node X=a: leaf (4,4) 5.394 > subtree 2·(4 − 2√2) = 2.343: kept (its largest branch, Y=q
    — a 4:4 tie goes to the last, as J48's maxBag — is a leaf: 5.394 again, not raised).
    Node X=b: leaf (1,1) 1.791 > subtree 0.75 + 0.75 = 1.5: kept.
    Root: leaf (5,5) 6.516; subtree 2.343 + 1.5 = 3.843; largest branch X=a (8 rows) with all
    10 rows: Y=p gets (5,0), Y=q (0,5): 2·5·(1 − 0.25^(1/5)) = 2.421. Not a leaf (6.516 >
    3.843); 2.421 ≤ 3.843: raised. The raised root is pruned again: its leaves (5,0), (0,5)
    sum to 2.421 < 6.516, and its largest branch (Y=q, the last of a 5:5 tie) is a leaf whose
    estimate with all rows is the leaf's own 6.516: kept.
    """
    trace = fit_raising(subtree_raising=True).trace_
    tree = 2 * estimate(4, 0) + 2 * estimate(1, 0)
    branch = 2 * estimate(5, 0)
    actions = [(e["node"], e["action"]) for e in trace.pruning]
    assert actions == [(1, "keep"), (4, "keep"), (0, "raise"), (0, "keep")]
    raise_ = trace.pruning[2]
    assert raise_["errors_leaf"] == pytest.approx(estimate(5, 5))
    assert raise_["errors_tree"] == pytest.approx(tree)  # 3.843
    assert raise_["errors_branch"] == pytest.approx(branch)  # 2.421
    assert raise_["before"] == raise_["errors_tree"] and raise_["after"] == raise_["errors_branch"]
    assert raise_["largest"] == 1 and raise_["replaced"] == [1, 4]
    assert trace.pruning[0]["largest"] == 3  # Y=q: the last of the 4:4 tie
    new = raise_["new_nodes"]
    assert new == [7, 8]  # ids after the grown tree's 0–6
    # The raised leaves are recounted with all 10 rows: (4,0) became (5,0), (0,4) became (0,5).
    assert shape(trace) == [(0, "", "Y", (5.0, 5.0)), (1, "Y=p", "yes", (5.0, 0.0)),
                            (1, "Y=q", "no", (0.0, 5.0))]
    root = trace.nodes[0]
    assert root.children == (7, 8) and root.decision.was.attribute == "X"
    assert [trace.nodes[i].pruned_away for i in range(7)] == [False] + [True] * 6
    assert [trace.nodes[i].decision.was.label for i in new] == ["yes", "no"]  # as grown
    assert trace.pruning[3]["errors_tree"] == pytest.approx(branch)
    assert tree_estimated_errors(trace) == pytest.approx(branch)
    X, y = raising_data()
    assert list(fit_raising(subtree_raising=True).predict(X)) == list(y)


def test_without_raising_the_same_tree_is_only_kept():
    trace = fit_raising().trace_
    assert [e["action"] for e in trace.pruning] == ["keep", "keep", "keep"]
    assert "errors_branch" not in trace.pruning[0] and "margin" not in trace.pruning[0]
    assert len(trace.nodes) == 7 and not any(n.pruned_away for n in trace.nodes)


def test_the_raised_tree_reads_the_same_everywhere():
    """Text export, rules, JSON round trip and prediction all see the raised tree."""
    trace = fit_raising(subtree_raising=True).trace_
    d = trace.to_dict()
    assert export_text(d).splitlines() == ["Y?  (yes 5, no 5)",  # moved up, not pruned
                                           "    Y=p: yes  (yes 5, no 0)  [raised]",
                                           "    Y=q: no  (yes 0, no 5)  [raised]"]
    assert [(r.leaf, r.condition_text, r.label) for r in rules(d)] == [(7, "Y=p", "yes"),
                                                                    (8, "Y=q", "no")]
    back = Trace.from_json(trace.to_json())
    assert back.to_dict() == json.loads(trace.to_json())
    assert d["params"]["subtree_raising"] is True and "pep_margin" not in d["params"]
    assert d["nodes"][7]["path"] == [{"attribute": "Y", "op": "=", "value": "p"}]
    assert d["nodes"][7]["scores"] == []  # a copy was never scored


def margin_data():
    """One attribute A: u has 2 yes / 3 no, v has 3 yes / 1 no; no attribute is left below."""
    X = pd.DataFrame({"A": ["u"] * 5 + ["v"] * 4})
    y = pd.Series(["yes", "yes", "no", "no", "no", "yes", "yes", "yes", "no"], name="c")
    return X, y


@pytest.mark.parametrize("raising", [False, True])
def test_j48s_margin_changes_the_outcome(raising):
    """Root (5 yes, 4 no) as a leaf: 4 errors, f = 4.5/9: 5.487. Its leaves u (2,3) and v
    (3,1): 2.5/5 → 3.322 and 1.5/4 → 2.072, sum 5.394. 5.487 > 5.394 but 5.487 ≤ 5.394 + 0.1:
    kept with margin 0, pruned with J48's 0.1. (Raising: the largest branch, u, is a leaf:
    with all 9 rows it is the root's own 5.487, so the margin decides alone there too.)"""
    leaf = estimate(5, 4)
    tree = estimate(3, 2) + estimate(3, 1)
    assert leaf == pytest.approx(5.4871, abs=1e-4) and tree == pytest.approx(5.3940, abs=1e-4)
    X, y = margin_data()
    for margin, action in ((0.0, "keep"), (0.1, "prune"), (0.09, "keep")):
        trace = DecisionTree("id3", prune="pep", pep_margin=margin,
                             subtree_raising=raising).fit(X, y).trace_
        (event,) = trace.pruning
        assert event["action"] == action, margin
        assert event["after"] == pytest.approx(leaf) and event["before"] == pytest.approx(tree)
        assert ("margin" in event) == (margin > 0 or raising)
        assert trace.nodes[0].is_leaf == (action == "prune")


def test_verdict_follows_j48s_order():
    # A leaf wins over a raise when both pass; a raise needs only the branch ≤ tree + m.
    assert pep_verdict(5.0, 5.0, 4.0, 0.1) == "raise"  # 5 ≤ 5.1 but 5 > 4.1: not a leaf
    assert pep_verdict(5.0, 5.0, 4.95, 0.1) == "prune"
    assert pep_verdict(5.0, 4.0, 3.0, 0.1) == "raise"
    assert pep_verdict(5.0, 4.0, 4.2, 0.1) == "keep"
    assert pep_verdict(4.0, 4.0, math.inf, 0.0) == "prune"


def test_a_raise_on_watermelon_3_alpha():
    """Zhou's watermelon 3.0α (17 rows, 密度 and 含糖率), C4.5 with minimum branch weight 2
    (J48's -M 2). Grown: 含糖率 ≤ 0.126 → (0 是, 5 否); > 0.126 → 密度: ≤ 0.3815 → (0,2);
    > 0.3815 → 含糖率: ≤ 0.2045 → (1,2), > 0.2045 → (7,0).

    Node 4, (1,2) and (7,0): leaf (8,2) 3.519 > subtree 3.302: kept (its largest branch,
    (7,0), is a leaf). Node 2 (8,4): leaf 5.666 > subtree (0,2) + (1,2) + (7,0) = 4.302;
    largest branch node 4 with node 2's 12 rows: the two rows of 密度 ≤ 0.3815 (10 and 15,
    否, 含糖率 0.267 and 0.370) join 含糖率 > 0.2045: (1,2) + (7,2) = 5.530 > 4.302: kept.
    Root (8,9): leaf 9.872; subtree (0,5) + (0,2) + (1,2) + (7,0) = 5.513; largest branch
    node 2 with all 17 rows: 密度 ≤ 0.3815 → rows 10, 11, 12, 15 (0,4); > 0.3815 → 含糖率
    ≤ 0.2045: row 7 是, rows 9, 13, 14, 16, 17 否 (1,5); > 0.2045: (7,0). 4.733 ≤ 5.513 and
    the leaf's 9.872 is worse than both: raised. Pruned again: the copy of node 4, (8,5):
    leaf 6.715 > 3.561: kept; the root: 9.872 > 4.733, and its largest branch (the 13 rows
    of 密度 > 0.3815) with all 17 rows: 含糖率 ≤ 0.2045 → (1,7), > 0.2045 → (7,2) (rows 10
    and 15): 5.857 > 4.733: kept.
    """
    X, y = xy("watermelon_3.0_alpha.csv", "好瓜", drop=["编号"], numeric=["密度", "含糖率"])
    trace = DecisionTree("c45", prune="pep", subtree_raising=True, min_branch_weight=2,
                         continuous=["密度", "含糖率"]).fit(X, y).trace_
    actions = [(e["node"], e["action"]) for e in trace.pruning]
    assert actions == [(4, "keep"), (2, "keep"), (0, "raise"), (8, "keep"), (0, "keep")]
    raise_ = trace.pruning[2]
    subtree = estimate(5, 0) + estimate(2, 0) + estimate(2, 1) + estimate(7, 0)
    branch = estimate(4, 0) + estimate(5, 1) + estimate(7, 0)
    assert raise_["errors_leaf"] == pytest.approx(estimate(9, 8))
    assert raise_["errors_tree"] == pytest.approx(subtree)
    assert raise_["errors_branch"] == pytest.approx(branch)
    assert subtree == pytest.approx(5.5127, abs=1e-4) and branch == pytest.approx(4.7327, abs=1e-4)
    node_2 = trace.pruning[1]  # 密度's node, its 12 rows routed through node 4
    assert node_2["errors_branch"] == pytest.approx(estimate(2, 1) + estimate(7, 2))
    assert node_2["errors_tree"] == pytest.approx(estimate(2, 0) + estimate(2, 1)
                                                  + estimate(7, 0))
    assert trace.pruning[3]["errors_leaf"] == pytest.approx(estimate(8, 5))
    last = trace.pruning[4]
    assert last["errors_branch"] == pytest.approx(estimate(7, 1) + estimate(7, 2))
    assert shape(trace) == [
        (0, "", "密度", (8.0, 9.0)), (1, "密度<=0.3815", "否", (0.0, 4.0)),
        (1, "密度>0.3815", "含糖率", (8.0, 5.0)), (2, "含糖率<=0.2045", "否", (1.0, 5.0)),
        (2, "含糖率>0.2045", "是", (7.0, 0.0))]


def test_unknown_values_are_shared_as_the_new_rows_know_them():
    """A row with an unknown Y at the raised split goes down both branches by the shares of
    the rows that reach it (J48 resets the distribution before splitting)."""
    X, y = raising_data()
    X = pd.concat([X, pd.DataFrame({"X": ["a"], "Y": [None]})], ignore_index=True)
    y = pd.concat([y, pd.Series(["yes"], name="c")], ignore_index=True)
    trace = DecisionTree("id3", force={"root": "X"}, prune="pep",
                         subtree_raising=True).fit(X, y).trace_
    raise_ = next(e for e in trace.pruning if e["action"] == "raise")
    p, q = (trace.nodes[i] for i in raise_["new_nodes"])
    # 5 known p and 5 known q among the root's rows: the unknown row counts ½ in each.
    assert p.class_counts == pytest.approx((5.5, 0.0))
    assert q.class_counts == pytest.approx((0.5, 5.0))
    assert p.weight + q.weight == pytest.approx(trace.nodes[0].weight)


def test_raising_needs_the_training_rows():
    trace = DecisionTree("id3").fit(*raising_data()).trace_
    with pytest.raises(DataError, match="training rows"):
        prune(trace, Options(prune="pep", subtree_raising=True))


@pytest.mark.parametrize("params,message", [
    ({"pep_margin": -0.1}, "pep_margin must be a finite number ≥ 0"),
    ({"pep_margin": float("nan")}, "pep_margin must be"),
    ({"subtree_raising": "yes"}, "subtree_raising must be true or false"),
])
def test_bad_options_are_refused(params, message):
    with pytest.raises(DataError, match=message):
        Options.build(prune="pep", **params)


def test_defaults_leave_old_traces_unchanged():
    params = Options.build(prune="pep").params()
    assert "subtree_raising" not in params and "pep_margin" not in params
    params = Options.build(prune="pep", subtree_raising=True, pep_margin=0.1).params()
    assert params["subtree_raising"] is True and params["pep_margin"] == 0.1


# --------------------------------------------------------------------- the command line


def _cli(capsys, tmp_path, *flags):
    X, y = raising_data()
    path = tmp_path / "raise.csv"
    pd.concat([X, y], axis=1).to_csv(path, index=False)
    out_json = tmp_path / "trace.json"
    try:
        code = main(["grow", str(path), "--target", "c", "--force", "root=X",
                     "--json", str(out_json), *flags])
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err, out_json


def test_cli_subtree_raising_and_margin(capsys, tmp_path):
    code, out, err, out_json = _cli(capsys, tmp_path, "--prune", "pep", "--subtree-raising",
                                    "--pep-margin", "0.1")
    assert code == 0, err
    d = json.loads(out_json.read_text(encoding="utf-8"))
    assert d["params"]["subtree_raising"] is True and d["params"]["pep_margin"] == 0.1
    assert [e["action"] for e in d["pruning"]] == ["keep", "keep", "raise", "keep"]
    assert "raise root" in out and "Y=p: yes  (yes 5, no 0)" in out


@pytest.mark.parametrize("flags,message", [
    (["--subtree-raising"], "--subtree-raising is only used by --prune pep"),
    (["--prune", "ccp", "--pep-margin", "0.1"], "--pep-margin is only used by --prune pep"),
    (["--prune", "pep", "--pep-margin", "-1"], "--pep-margin must be a finite number ≥ 0"),
])
def test_cli_refuses_raising_flags_without_pep(capsys, tmp_path, flags, message):
    code, _, err, _ = _cli(capsys, tmp_path, *flags)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------- against Weka's J48


# Weka 3.6.14's J48 (Debian's `weka`) on watermelon 3.0α as ARFF (密度 → density, 含糖率 →
# sugar, 是/否 → yes/no), default options (-C 0.25 -M 2: subtree raising, the 0.1 margin),
# with -S (no raising) and -U (unpruned). J48 moves a threshold down to a data value (0.36
# for our midpoint 0.3815): both send every training row the same way.
J48_WM3A = {
    "": """density <= 0.36: no (4.0)
density > 0.36
|   sugar <= 0.198: no (6.0/1.0)
|   sugar > 0.198: yes (7.0)""",
    "-S": """sugar <= 0.103: no (5.0)
sugar > 0.103
|   density <= 0.36: no (2.0)
|   density > 0.36
|   |   sugar <= 0.198: no (3.0/1.0)
|   |   sugar > 0.198: yes (7.0)""",
    "-U": """sugar <= 0.103: no (5.0)
sugar > 0.103
|   density <= 0.36: no (2.0)
|   density > 0.36
|   |   sugar <= 0.198: no (3.0/1.0)
|   |   sugar > 0.198: yes (7.0)""",
}
WM3A_NAMES = {"attribute": {"密度": "density", "含糖率": "sugar"}, "value": {},
              "class": {"是": "yes", "否": "no"}}


def j48_rows(text: str) -> list[tuple]:
    """(depth, attribute, op, value, leaf label, weight, errors) per line of J48's tree; a
    threshold as a number, weights as J48 prints them (2 decimals)."""
    rows = []
    for line in text.strip().splitlines():
        depth = line.count("|   ")
        test, _, leaf = line.replace("|   ", "").partition(": ")
        attribute, op, value = test.split(" ")
        label, weight, errors = None, None, None
        if leaf:
            label, counts = leaf.split(" ", 1)
            numbers = [float(x) for x in counts.strip("()").split("/")]
            weight, errors = numbers[0], numbers[1] if len(numbers) > 1 else 0.0
        rows.append((depth, attribute, op, value if op == "=" else float(value), label,
                     weight, errors))
    return rows


def our_rows(trace: Trace, names: dict) -> list[tuple]:
    """The same form from a trace, names mapped as in the ARFF (names: attribute, value —
    keyed by (attribute, value) — and class maps)."""
    rows = []
    for i in trace.steps:
        node = trace.nodes[i]
        if node.pruned_away or node.parent is None:
            continue
        leaf, branch = node.is_leaf, node.branch
        total, most = sum(node.class_counts), max(node.class_counts)
        value = names["value"][branch.attribute, str(branch.value)] if branch.op == "=" \
            else float(branch.value)
        rows.append((node.depth - 1, names["attribute"][branch.attribute], branch.op, value,
                     names["class"][node.decision.label] if leaf else None,
                     round(total, 2) if leaf else None, round(total - most, 2) if leaf else None))
    return rows


def same_tree(j48: list[tuple], ours: list[tuple], X: pd.DataFrame, names: dict) -> bool:
    """The same tests in the same order, the same leaves; each threshold routes the training
    rows as J48's (no value lies between J48's data value and our midpoint)."""
    plain = [(*r[:3], r[3] if r[2] == "=" else None, *r[4:]) for r in j48]
    if plain != [(*r[:3], r[3] if r[2] == "=" else None, *r[4:]) for r in ours]:
        return False
    columns = {names["attribute"][c]: pd.to_numeric(X[c], errors="coerce") for c in X.columns}
    return all(op == "=" or not ((columns[a] > j_t) & (columns[a] <= o_t)).any()
               for (_, a, op, j_t, *_), (*_, o_t, _, _, _) in zip(j48, ours, strict=True))


@pytest.mark.parametrize("j48_flags,params", [
    ("", {"prune": "pep", "subtree_raising": True, "pep_margin": 0.1}),
    ("-S", {"prune": "pep", "pep_margin": 0.1}),
    ("-U", {}),
])
def test_j48s_trees_on_watermelon_3_alpha(j48_flags, params):
    X, y = xy("watermelon_3.0_alpha.csv", "好瓜", drop=["编号"], numeric=["密度", "含糖率"])
    trace = DecisionTree("c45", min_branch_weight=2, continuous=["密度", "含糖率"],
                         **params).fit(X, y).trace_
    assert same_tree(j48_rows(J48_WM3A[j48_flags]), our_rows(trace, WM3A_NAMES), X, WM3A_NAMES)


def test_the_j48_comparison_can_fail():
    X, y = xy("watermelon_3.0_alpha.csv", "好瓜", drop=["编号"], numeric=["密度", "含糖率"])
    trace = DecisionTree("c45", min_branch_weight=2, continuous=["密度", "含糖率"],
                         prune="pep", pep_margin=0.1).fit(X, y).trace_  # no raising
    assert not same_tree(j48_rows(J48_WM3A[""]), our_rows(trace, WM3A_NAMES), X, WM3A_NAMES)


WEKA_JAR = "/usr/share/java/weka.jar"  # Debian's `weka` package (3.6.14); not a dependency


def _arff(X: pd.DataFrame, y: pd.Series, continuous: list[str], path) -> dict:
    """The data as ARFF with ASCII names (a0, v0, c0, …); returns the name maps our_rows
    reads."""
    names: dict = {"attribute": {}, "value": {}, "class": {}}
    lines = ["@relation data"]
    for i, column in enumerate(X.columns):
        names["attribute"][column] = f"a{i}"
        if column in continuous:
            lines.append(f"@attribute a{i} numeric")
            continue
        values = list(dict.fromkeys(str(v) for v in X[column].dropna()))
        names["value"].update({(column, v): f"v{j}" for j, v in enumerate(values)})
        lines.append(f"@attribute a{i} {{{','.join(f'v{j}' for j in range(len(values)))}}}")
    classes = list(dict.fromkeys(str(v) for v in y))
    names["class"] = {c: f"c{j}" for j, c in enumerate(classes)}
    lines += [f"@attribute cls {{{','.join(names['class'].values())}}}", "@data"]
    for i in range(len(X)):
        cells = ["?" if pd.isna(v) else repr(float(v)) if c in continuous
                 else names["value"][c, str(v)] for c, v in X.iloc[i].items()]
        lines.append(",".join([*cells, names["class"][str(y.iloc[i])]]))
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    return names


def _run_j48(path, *flags) -> str:
    import subprocess

    out = subprocess.run(["java", "-cp", WEKA_JAR, "weka.classifiers.trees.J48", *flags,
                          "-t", str(path), "-no-cv"], capture_output=True, text=True,
                         check=True).stdout
    return out.split("------------------")[1].split("Number of Leaves")[0].strip()


def _require_weka() -> None:
    """Skipped only off CI: .ci/run installs Weka (.ci/packages-test.txt)."""
    if Path(WEKA_JAR).exists() and shutil.which("java"):
        return
    if on_ci():
        pytest.fail(f"CI is set but {WEKA_JAR} or java is missing: .ci/run must install weka")
    pytest.skip("Weka's J48 is not installed (apt-get install weka)")


@pytest.mark.parametrize("key", ["watermelon_3.0_alpha", "watermelon_2.0_alpha", "play_tennis",
                                 "loan_lihang"])
def test_the_same_trees_as_weka_j48(key, tmp_path):
    """J48 itself, where it grows our C4.5's tree (MINOBJS 2): default (raising, margin 0.1)
    and -S. watermelon 2.0α has unknown values (fractional leaves), the others none."""
    _require_weka()
    from dtree_core.datasets import get
    from dtree_core.loading import load_path, prepare

    bundled = get(key)
    prepared = prepare(load_path(bundled.path), bundled.target)
    X, y, continuous = prepared.X, prepared.y, list(prepared.continuous)
    names = _arff(X, y, continuous, tmp_path / "data.arff")
    for flags, params in (((), {"subtree_raising": True}), (("-S",), {})):
        trace = DecisionTree("c45", min_branch_weight=2, nominal=prepared.nominal,
                             continuous=continuous, prune="pep", pep_margin=0.1,
                             **params).fit(X, y).trace_
        theirs = j48_rows(_run_j48(tmp_path / "data.arff", *flags))
        assert same_tree(theirs, our_rows(trace, names), X, names), (key, flags)


def test_the_rows_at_every_grown_node_are_the_rows_it_grew_with():
    """Raising reads a grown node's rows from where the rows end (its leaves); with unknown
    values a row's shares add back up to its weight at the node."""
    from dtree_core.data import encode, resolve_kinds
    from dtree_core.growing import grow
    from dtree_core.pruning import _Raising

    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])  # with unknown values
    options = Options.build(algorithm="c45")
    enc = encode(X, y.reset_index(drop=True), resolve_kinds(X, (), ()))
    trace = grow(enc, options.with_kinds(resolve_kinds(X, (), ())), "好瓜")
    raising = _Raising(trace, enc, 0.25, 0.0)
    for node in trace.nodes:
        rows, weight = raising.rows_at(node.id)
        assert raising.counts(rows, weight) == pytest.approx(node.class_counts), node.id
        assert len(rows) == node.n


def test_a_raised_leaf_is_not_marked_or_worded_as_pruned():
    """The leaves subtree raising copies up carry stop "pruned" in the trace (TRACE.md), so the
    drawing marked them ✂ and the panel said "Pruning replaced this subtree by a leaf": nothing
    was cut there. A leaf that pruning did make keeps both."""
    from dtree_core.dot import SCISSORS, to_dot
    from dtree_core.solution import WORDS, leaf_steps
    from dtree_core.trace import leaf_stop

    raised = fit_raising(subtree_raising=True).trace_.to_dict()
    new = raised["pruning"][2]["new_nodes"]
    assert [raised["nodes"][i]["decision"]["stop"] for i in new] == ["pruned", "pruned"]
    assert [leaf_stop(raised["nodes"][i]["decision"]) for i in new] == ["raised", "raised"]
    assert SCISSORS not in to_dot(raised).source
    steps = leaf_steps(raised["nodes"][new[0]])
    assert [s.key for s in steps] == ["stop.raised"] and "solution.stop.raised" in WORDS["zh"]
    # pruned to a leaf: ✂, and its words
    X, y = raising_data()
    pruned = DecisionTree("id3", force={"root": "X"}, prune="pep", pep_margin=10).fit(X, y)
    root = pruned.trace_.to_dict()["nodes"][0]
    assert leaf_stop(root["decision"]) == "pruned"
    assert SCISSORS in to_dot(pruned.trace_.to_dict()).source
    assert [s.key for s in leaf_steps(root)] == ["stop.pruned"]
