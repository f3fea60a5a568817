"""Check my tree: the three pasted forms, the first differing node, Li Hang's exercise 5.1
mistake (gain divided by H(D) instead of H_A(D)), and the downloadable pytest file."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dtree_core import DecisionTree
from dtree_core.cli import main
from dtree_core.expected import MAX_ROWS, ExerciseFileError, expected_tests
from dtree_core.labels import export_text
from dtree_core.options import PRUNE_METHODS
from dtree_core.treecheck import PasteError, check_tree, known_attribute, read_tree
from tests.conftest import ROOT, dataset_path, read_dataset, xy


def grown(X, y, algorithm: str) -> dict:
    return DecisionTree(algorithm).fit(X, y).trace_.to_dict()


@pytest.fixture
def wm2_c45(wm2):
    return grown(*wm2, "c45")


@pytest.fixture
def loan():
    return xy("loan_lihang.csv", "类别", drop=["ID"])


# Zhou's C4.5 tree of watermelon 2.0 as course code builds it (the trace's, written by hand).
WM2_C45_NESTED = """{'纹理': {'清晰': {'触感': {'硬滑': '是', '软粘': {'色泽': {
    '青绿': {'根蒂': {'蜷缩': '是', '稍蜷': '是', '硬挺': '否'}}, '乌黑': '否', '浅白': '否'}}}},
    '稍糊': {'触感': {'硬滑': '否', '软粘': '是'}}, '模糊': '否'}}"""


def test_the_cli_text_form_of_the_same_tree_matches(wm2_c45):
    result = check_tree(export_text(wm2_c45), wm2_c45)
    assert result.form == "text"
    assert result.matches and result.agreed == result.total == 14


def test_the_trace_json_of_the_same_tree_matches(wm2_c45):
    result = check_tree(json.dumps(wm2_c45, ensure_ascii=False), wm2_c45)
    assert result.form == "trace" and result.matches and result.agreed == 14


def test_the_nested_dict_form_matches_as_a_python_literal_and_as_json(wm2_c45):
    as_literal = check_tree(WM2_C45_NESTED, wm2_c45)
    assert as_literal.form == "nested" and as_literal.matches and as_literal.agreed == 14
    as_json = json.dumps(eval(WM2_C45_NESTED), ensure_ascii=False)  # our own literal
    assert check_tree(as_json, wm2_c45).matches


def test_a_wrong_leaf_label_is_the_first_difference(wm2_c45):
    wrong = WM2_C45_NESTED.replace("'模糊': '否'", "'模糊': '是'")
    difference = check_tree(wrong, wm2_c45).difference
    assert difference.kind == "label"
    assert difference.path == ("纹理=模糊",)
    assert (difference.expected, difference.given, difference.stop) == ("否", "是", "pure")


def test_the_id3_tree_is_flagged_against_c45_where_they_first_differ(wm2, wm2_c45):
    """Ranking by Gain (ID3; also by gain/H(D), the same order) on watermelon 2.0: the
    first node that differs from Zhou's C4.5 is 纹理=清晰, where ID3 takes 根蒂 (Gain 0.458,
    tied with 触感) and C4.5 触感 (Gain_ratio 0.499 against 根蒂's 0.339)."""
    id3 = grown(*wm2, "id3")
    result = check_tree(export_text(id3), wm2_c45)
    difference = result.difference
    assert result.agreed == 1  # the root 纹理 agrees
    assert difference.kind == "attribute" and difference.path == ("纹理=清晰",)
    assert (difference.expected, difference.given) == ("触感", "根蒂")
    assert difference.expected_row["gain_ratio"] == pytest.approx(0.498865, abs=1e-6)
    assert difference.given_row["gain_ratio"] == pytest.approx(0.338925, abs=1e-6)
    assert difference.given_row["gain"] == difference.expected_row["gain"]


def test_a_tie_is_named_as_a_tie_not_a_mistake(wm2, wm2_c45):
    """Under ID3 at 纹理=清晰, 根蒂 and 触感 tie on Gain: a student's 触感 is tied, not wrong."""
    id3 = grown(*wm2, "id3")
    difference = check_tree(export_text(wm2_c45), id3).difference
    assert difference.kind == "tied" and difference.path == ("纹理=清晰",)
    assert (difference.expected, difference.given) == ("根蒂", "触感")


def loan_tree_by(score: str, X, y) -> dict:
    """Li Hang's Table 5.1 grown by ranking on `score` at every node: "gain_ratio" is
    C4.5's g_R(D,A) = g(D,A)/H_A(D); "gain_over_h" is the manual's g(D,A)/H(D), which at one
    node orders the attributes as g(D,A) does, so its tree is ID3's: grown here as ID3's,
    with every gain_ratio recomputed as the manual computes it."""
    if score == "gain_ratio":
        return grown(X, y, "c45")
    tree = copy.deepcopy(grown(X, y, "id3"))
    for node in tree["nodes"]:
        for row in node["scores"]:
            row["gain_ratio"] = row["gain"] / node["entropy"]
    return tree


def test_li_hang_51_the_manuals_tree_has_c45s_shape_but_not_its_numbers(loan):
    """On Table 5.1 the g/H(D) tree and C4.5's are the same tree: 有自己的房子, then 有工作
    on its 否 branch (g_R = 1.000 there, and g/H(D) = 1.000 too, as H_A(D) = H(D) for the
    chosen attributes). Pasted as a nested dict the tree is right; pasted as a trace with its
    numbers, the root's first candidate shows the slip: g/H(D) = 0.083/0.971 = 0.086 for 年龄,
    where g_R = 0.083/1.585 = 0.052."""
    c45 = loan_tree_by("gain_ratio", *loan)
    manual = loan_tree_by("gain_over_h", *loan)
    second = c45["nodes"][1]
    assert second["decision"]["attribute"] == "有工作"
    assert [r["gain_ratio"] for r in second["scores"] if r["chosen"]] == [pytest.approx(1.0)]
    as_nested = "{'有自己的房子': {'是': '是', '否': {'有工作': {'是': '是', '否': '否'}}}}"
    assert check_tree(as_nested, c45).matches
    assert check_tree(export_text(manual), c45).matches
    result = check_tree(json.dumps(manual, ensure_ascii=False), c45)
    difference = result.difference
    assert result.agreed == 0 and difference.kind == "score" and difference.path == ()
    assert (difference.score_attribute, difference.score_field) == ("年龄", "gain_ratio")
    assert difference.given_value == pytest.approx(0.0830 / 0.971, abs=1e-3)
    assert difference.exact_value == pytest.approx(0.0830 / 1.585, abs=1e-3)
    assert difference.given_row["gain_ratio"] == difference.given_value  # the pasted row
    assert difference.expected_row["gain_ratio"] == difference.exact_value  # ours
    assert difference.expected_row["attribute"] == difference.given_row["attribute"] == "年龄"


def test_the_manuals_numbers_are_right_for_id3_itself(loan):
    """The same pasted trace against ID3 with its own gain ratios is not flagged: the check
    compares numbers, not the algorithm's name."""
    manual = loan_tree_by("gain_over_h", *loan)
    own = grown(*loan, "id3")
    assert not check_tree(json.dumps(own, ensure_ascii=False), own).difference
    assert check_tree(json.dumps(manual, ensure_ascii=False), own).difference.kind == "score"


def test_continuous_keys_in_the_forms_course_code_writes(wm3):
    trace = grown(*wm3, "c45")
    node = next(n for n in trace["nodes"] if n["decision"]["attribute"] == "密度")
    attribute, t = "密度", node["decision"]["threshold"]
    assert t == pytest.approx(0.3815)  # written 0.382 by students who round to 3 decimals
    text = export_text(trace)
    assert check_tree(text, trace).matches
    rounded = text.replace(f"{attribute}<={t:.6g}", f"{attribute}<={t:.3f}") \
        .replace(f"{attribute}>{t:.6g}", f"{attribute}>{t:.3f}")
    assert rounded != text and check_tree(rounded, trace).matches
    moved = text.replace(f"{attribute}<={t:.6g}", f"{attribute}<={t + 0.01:.3f}") \
        .replace(f"{attribute}>{t:.6g}", f"{attribute}>{t + 0.01:.3f}")
    assert check_tree(moved, trace).difference.kind == "threshold"


def test_a_threshold_test_as_the_key_with_yes_no_branches():
    from dtree_core.treecheck import branch_matches
    tree = read_tree("{'密度<=0.3815': {'是': '否', '否': '是'}}").root
    assert tree.attribute == "密度"
    yes, no = tree.branches
    assert branch_matches(yes, {"attribute": "密度", "op": "<=", "value": 0.3815})
    assert branch_matches(no, {"attribute": "密度", "op": ">", "value": 0.3815})
    assert not branch_matches(yes, {"attribute": "密度", "op": ">", "value": 0.3815})


def _single_cut(x: list[float], labels: str, name: str = "density") -> dict:
    """A C4.5 trace of one continuous column whose root cut leaves two pure leaves."""
    import pandas as pd
    return grown(pd.DataFrame({name: x}), pd.Series(list(labels), name="y"), "c45")


@pytest.mark.parametrize("form", ["{'density': {'<=%s': 'b', '>%s': 'a'}}",
                                  "{'density<=%s': {'yes': 'b', 'no': 'a'}}",
                                  "{'density<=%s': {'1': 'b', '0': 'a'}}",
                                  "{'density<=%s': {1: 'b', 0: 'a'}}",
                                  "{'density': {'density<=%s': 'b', 'density>%s': 'a'}}",
                                  "density<=%s: b\ndensity>%s: a"])
def test_a_far_cut_is_another_cut_in_every_form_whatever_the_name(form):
    """The decimals a student wrote are those of the number, not of text before an 'e' in
    the name ('density'), nor none for a yes/no under a test key (both read 0.9 as 0.5185),
    nor those of an answer written 1/0 after it (read as the last number: 0 decimals)."""
    trace = _single_cut([0.243, 0.403, 0.437, 0.481, 0.556, 0.608, 0.634, 0.697], "bbbbaaaa")
    assert trace["nodes"][0]["decision"]["threshold"] == pytest.approx(0.5185)
    assert check_tree(form.replace("%s", "0.519"), trace).matches
    assert check_tree(form.replace("%s", "0.52"), trace).matches
    assert check_tree(form.replace("%s", "0.9"), trace).difference.kind == "threshold"


def test_a_full_width_cut_under_a_test_key_is_read_as_its_number():
    """An input method's ０．９ is the number 0.9 (one decimal), not ０ and ９ apart."""
    trace = _single_cut([0.243, 0.403, 0.437, 0.481, 0.556, 0.608, 0.634, 0.697], "bbbbaaaa",
                        name="密度")
    assert check_tree('{"密度≤０．５２": {"是": "b", "否": "a"}}', trace).matches
    assert check_tree('{"密度≤０．９": {"是": "b", "否": "a"}}', trace).difference.kind \
        == "threshold"


def test_a_cut_written_with_a_positive_exponent_has_no_decimals_to_spare():
    """1e3 is a whole number: within half a unit, as 1000 is, not within 500."""
    trace = _single_cut([1000.0, 1200.0, 1600.0, 1800.0], "bbaa", name="w")
    assert trace["nodes"][0]["decision"]["threshold"] == 1400.0
    for written in ("1e3", "1000", "1.0e3"):
        nested = "{'w': {'<=%s': 'b', '>%s': 'a'}}".replace("%s", written)
        assert check_tree(nested, trace).difference.kind == "threshold", written
    assert check_tree("{'w': {'<=1.4e3': 'b', '>1.4e3': 'a'}}", trace).matches


def test_a_cut_that_needs_more_digits_is_checked_to_them():
    """1.2345672 lies between 1.2345671 and 1.2345673; 1.23457 sends both to one side."""
    trace = _single_cut([1.2345671, 1.2345673, 1.5, 1.6], "baaa")
    root = trace["nodes"][0]["decision"]
    assert root["threshold_digits"] == 8
    nested = "{'density': {'<=%s': 'b', '>%s': 'a'}}"
    assert check_tree(nested.replace("%s", "1.2345672"), trace).matches
    assert check_tree(nested.replace("%s", "1.23457"), trace).difference.kind == "threshold"


def test_cart_binary_subsets_in_nested_and_text_forms(wm2):
    trace = grown(*wm2, "cart")
    assert check_tree(export_text(trace), trace).matches
    root = trace["nodes"][0]
    sides = [trace["nodes"][c]["branch"]["value"] for c in root["children"]]
    attribute = root["decision"]["attribute"]
    single = next(s for s in sides if len(s) == 1)
    nested = read_tree(json.dumps({f"{attribute}={single[0]}": {"是": "x", "否": "y"}},
                                  ensure_ascii=False)).root
    from dtree_core.treecheck import branch_matches
    conditions = [trace["nodes"][c]["branch"] for c in root["children"]]
    yes, no = nested.branches
    assert [branch_matches(yes, c) for c in conditions] == [s == single for s in sides]
    assert [branch_matches(no, c) for c in conditions] == [s != single for s in sides]


def test_a_missing_empty_branch_is_flagged_unless_allowed(wm2_c45):
    without = WM2_C45_NESTED.replace(", '浅白': '否'", "")
    strict = check_tree(without, wm2_c45).difference
    assert strict.kind == "missing_branch" and strict.branch == "色泽=浅白"
    assert check_tree(without, wm2_c45, allow_missing_empty=True).matches


def test_an_extra_branch_and_a_split_where_the_trace_stops(wm2_c45):
    extra = WM2_C45_NESTED.replace("'模糊': '否'", "'模糊': '否', '其他': '是'")
    assert check_tree(extra, wm2_c45).difference.kind == "extra_branch"
    deeper = WM2_C45_NESTED.replace("'模糊': '否'", "'模糊': {'色泽': {'青绿': '否'}}")
    difference = check_tree(deeper, wm2_c45).difference
    assert difference.kind == "split_at_leaf" and difference.given == "色泽"
    shallow = WM2_C45_NESTED.replace("'稍糊': {'触感': {'硬滑': '否', '软粘': '是'}}",
                                     "'稍糊': '否'")
    difference = check_tree(shallow, wm2_c45).difference
    assert difference.kind == "leaf_at_split" and difference.expected == "触感"


def test_other_indentation_styles_are_read():
    tabs = "纹理?\n\t纹理=清晰: 是\n\t纹理=稍糊: 否\n\t纹理=模糊: 否"
    drawn = "纹理=清晰\n├── 根蒂=蜷缩: 是\n└── 根蒂=硬挺: 否\n纹理=模糊: 否"
    sklearn = "|--- 纹理 = 清晰\n|   |--- class: 是\n|--- 纹理 = 模糊\n|   |--- class: 否"
    assert [b.condition.value for b in read_tree(tabs).root.branches] == ["清晰", "稍糊", "模糊"]
    root = read_tree(drawn).root
    assert root.attribute == "纹理" and root.branches[0].child.attribute == "根蒂"
    assert [b.child.label for b in read_tree(sklearn).root.branches] == ["是", "否"]


@pytest.mark.parametrize(("text", "code"), [
    ("", "empty"),
    ("{'纹理': {'清晰': '是'}, '色泽': {}}", "one_key"),
    ("{'纹理': ['清晰', '模糊']}", "branches_not_dict"),
    ("{'纹理': {'清晰': None}}", "bad_leaf"),
    ("{'纹理': {'清晰': '是'", "not_literal"),
    ('{"format": "other", "nodes": []}', "trace_format"),
    ('{"format": "dtree-trace/1", "nodes": [{"id": 0}]}', "trace_broken"),
    ("纹理?\n    清晰 是", "no_condition"),
    ("纹理?\n    根蒂=蜷缩: 是\n    纹理=清晰: 否", "mixed_attributes"),
    ("色泽?\n    纹理=清晰: 是", "title_mismatch"),
    ("纹理?\n    纹理=清晰: 根蒂?", "no_branches"),
    ("纹理?\n    纹理=清晰: 是\n根蒂?", "second_root"),
    ("[1, 2]", "bad_leaf"),
    ('{"a": {"v": ' * 400 + '"x"' + "}}" * 400, "too_deep"),
    ("{'a': {'v': " * 2000 + "'x'" + "}}" * 2000, "not_literal"),  # Python's own limit
    ("a?\n" + "".join(" " * i + "a=v: a?\n" for i in range(1, 400)), "too_deep"),
])
def test_what_is_not_understood_is_named(text, code):
    with pytest.raises(PasteError) as caught:
        read_tree(text)
    assert caught.value.code == code


def test_code_in_a_pasted_literal_is_never_run(tmp_path):
    marker = tmp_path / "ran"
    text = f"{{'a': __import__('pathlib').Path({str(marker)!r}).touch()}}"
    with pytest.raises(PasteError):
        read_tree(text)
    assert not marker.exists()


# --------------------------------------------------------------------- the pytest file

CORRECT_STUDENT = '''
import math
from collections import Counter

from dtree_core import DecisionTree
import pandas as pd


def _tree(trace, node_id=0):
    node = trace["nodes"][node_id]
    decision = node["decision"]
    if decision["kind"] == "leaf":
        return decision["label"]
    branches = {}
    for child in node["children"]:
        condition = trace["nodes"][child]["branch"]
        key = condition["value"] if condition["op"] == "=" else \\
            f"{condition['op']}{condition['value']}"
        branches[key] = _tree(trace, child)
    return {decision["attribute"]: branches}


def build_tree(rows, attributes, target):
    frame = pd.DataFrame(rows)
    model = DecisionTree("c45").fit(frame[attributes], frame[target])
    return _tree(model.trace_.to_dict())


def _entropy(labels):
    n = len(labels)
    return -sum(c / n * math.log2(c / n) for c in Counter(labels).values())


def _split(rows, attribute):
    parts = {}
    for row in rows:
        parts.setdefault(row[attribute], []).append(row)
    return parts.values()


def info_gain(rows, attribute, target):
    after = sum(len(p) / len(rows) * _entropy([r[target] for r in p])
                for p in _split(rows, attribute))
    return _entropy([r[target] for r in rows]) - after


def gain_ratio(rows, attribute, target):
    return info_gain(rows, attribute, target) / {DENOMINATOR}
'''

RIGHT = "_entropy([r[attribute] for r in rows])"  # H_A(D), Li Hang (5.10)
MANUAL = "_entropy([r[target] for r in rows])"  # H(D): the solution manual's slip


def run_pytest(folder: Path, text: str, student: str) -> subprocess.CompletedProcess:
    (folder / "test_expected.py").write_text(text, encoding="utf-8")
    (folder / "mytree.py").write_text(student, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder), str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "--rootdir", str(folder), str(folder / "test_expected.py")],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture
def loan_file(loan):
    X, y = loan
    return expected_tests(grown(X, y, "c45"), X, y, "Li Hang 5.1")


def test_the_exercise_file_is_python_with_exact_values(loan_file):
    compile(loan_file, "test_expected.py", "exec")
    namespace: dict = {}
    constants = loan_file[loan_file.index("EXERCISE ="):loan_file.index("student =")]
    exec(constants, namespace)  # our own generated literals, no student code
    root = namespace["NODES"][0]
    assert (root["attribute"], root["branches"]) == ("有自己的房子", 2)
    assert [n["label"] for n in namespace["NODES"] if n["attribute"] is None] == ["否", "是", "是"]
    scores = {(s[0], s[2], s[3]): s[4] for s in namespace["SCORES"]}
    assert scores[("root", "有自己的房子", "info_gain")] == pytest.approx(0.41997309402197)
    assert scores[("有自己的房子=否", "有工作", "gain_ratio")] == 1.0
    assert namespace["TOLERANCE"] == 1e-3


def test_a_correct_student_passes_the_exercise_file(tmp_path, loan_file):
    done = run_pytest(tmp_path, loan_file, CORRECT_STUDENT.replace("{DENOMINATOR}", RIGHT))
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "failed" not in done.stdout


def test_the_manuals_gain_over_h_fails_the_exercise_file(tmp_path, loan_file):
    done = run_pytest(tmp_path, loan_file, CORRECT_STUDENT.replace("{DENOMINATOR}", MANUAL))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "gain_ratio(年龄)" in done.stdout
    failed = [line for line in done.stdout.splitlines() if line.startswith("FAILED")]
    assert failed and all("::test_score[" in line for line in failed)  # the tree is right


def test_a_wrong_tree_fails_the_exercise_file_at_its_node(tmp_path, wm2):
    X, y = wm2
    text = expected_tests(grown(X, y, "c45"), X, y, "Zhou 4.3")
    student = CORRECT_STUDENT.replace('DecisionTree("c45")', 'DecisionTree("id3")') \
        .replace("{DENOMINATOR}", RIGHT)
    done = run_pytest(tmp_path, text, student)
    assert done.returncode == 1
    assert "纹理=清晰: expected a split on 触感, yours splits on 根蒂" in done.stdout


def test_a_tree_only_student_passes_on_continuous_data_and_score_tests_skip(tmp_path, wm3):
    """Thresholds are keyed '<=0.3815' / '>0.3815'; a module without score functions has
    those tests skipped, not failed."""
    X, y = wm3
    text = expected_tests(grown(X, y, "c45"), X, y, "Zhou 4.4.1")
    student = CORRECT_STUDENT.split("def _entropy")[0].replace("{DENOMINATOR}", RIGHT)
    done = run_pytest(tmp_path, text, student)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " skipped" in done.stdout and "failed" not in done.stdout


@pytest.mark.parametrize(("written", "passes"), [("0.13", True), ("0.1", False), ("0", False)])
def test_a_cut_written_past_a_training_value_fails_the_exercise_file(tmp_path, wm3, written,
                                                                     passes):
    """The root cuts 含糖率 at 0.126, between the rows at 0.103 and 0.149: 0.13 routes every
    row alike (a rounding), 0.1 and 0 send the row at 0.103 the other way (another cut),
    though each was within half a unit of its last written decimal."""
    X, y = wm3
    text = expected_tests(grown(X, y, "c45"), X, y, "Zhou 4.4.1")
    student = CORRECT_STUDENT.split("def _entropy")[0].replace("{DENOMINATOR}", RIGHT) \
        .replace('f"{condition[\'op\']}{condition[\'value\']}"',
                 f'f"{{condition[\'op\']}}{{\'{written}\' if condition[\'value\'] == 0.126 '
                 f'else condition[\'value\']}}"')
    assert written in student
    done = run_pytest(tmp_path, text, student)
    assert (done.returncode == 0) == passes, done.stdout + done.stderr


@pytest.mark.parametrize(("written", "matches"), [("0.13", True), ("0.1", False), ("0", False)])
def test_a_pasted_cut_past_a_candidate_cut_is_another_cut(wm3, written, matches):
    """The same cuts pasted: 0.1 and 0 lie below the candidate cut 0.101 next under 0.126
    (the midpoint below the row at 0.103), so they are other cuts; 0.13 is 0.126 rounded."""
    trace = grown(*wm3, "c45")
    text = export_text(trace).replace("0.126", written)
    result = check_tree(text, trace)
    assert result.matches == matches
    if not matches:
        assert result.difference.kind == "threshold"


# CART's textbook student: its tree as nested dicts (a two-way split keyed by the tuples
# of values on each side), Gain (4.2, 4.8) and Gini_index (4.6) one branch per value or at
# the best cut point, as the header says, and CART's own score, the smallest Gini_index over
# the splits in two.
CART_STUDENT = '''
import math
from collections import Counter
from itertools import combinations

import pandas as pd

from dtree_core import DecisionTree


def _tree(trace, node_id=0):
    node = trace["nodes"][node_id]
    if node["decision"]["kind"] == "leaf":
        return node["decision"]["label"]
    branches = {}
    for child in node["children"]:
        c = trace["nodes"][child]["branch"]
        key = tuple(c["value"]) if c["op"] == "in" else \\
            c["value"] if c["op"] == "=" else f"{c['op']}{c['value']}"
        branches[key] = _tree(trace, child)
    return {node["decision"]["attribute"]: branches}


def build_tree(rows, attributes, target):
    frame = pd.DataFrame(rows)
    return _tree(DecisionTree("ALGORITHM").fit(frame[attributes], frame[target]).trace_.to_dict())


def _ent(rows, target):
    n = len(rows)
    return -sum(c / n * math.log2(c / n) for c in Counter(r[target] for r in rows).values())


def _gini(rows, target):
    return 1 - sum((c / len(rows)) ** 2 for c in Counter(r[target] for r in rows).values())


def _after(parts, rows, target, impurity):
    return sum(len(p) / len(rows) * impurity(p, target) for p in parts if p)


def _splits(rows, a):
    # one branch per value, or each midpoint's two sides for a continuous attribute
    if not isinstance(rows[0][a], float):
        return [[[r for r in rows if r[a] == v] for v in {r[a] for r in rows}]]
    values = sorted({r[a] for r in rows})
    cuts = [(x + y) / 2 for x, y in zip(values, values[1:])]
    return [[[r for r in rows if r[a] <= t], [r for r in rows if r[a] > t]] for t in cuts]


def info_gain(rows, a, target):
    return _ent(rows, target) - min(_after(p, rows, target, _ent) for p in _splits(rows, a))


def gini_index(rows, a, target):
    return min(_after(p, rows, target, _gini) for p in _splits(rows, a))


def gini_index_binary(rows, a, target):
    if isinstance(rows[0][a], float):
        return gini_index(rows, a, target)
    values = sorted({r[a] for r in rows})
    return min(_after([[r for r in rows if r[a] in left], [r for r in rows if r[a] not in left]],
                      rows, target, _gini)
               for k in range(1, len(values)) for left in combinations(values, k))
'''


def cart_file(X, y, exercise: str) -> tuple[str, dict]:
    """A CART tree's exercise file and its expected scores by (where, attribute, function)."""
    text = expected_tests(grown(X, y, "cart"), X, y, exercise)
    namespace: dict = {}
    exec(text[text.index("EXERCISE ="):text.index("student =")], namespace)
    return text, {(s[0], s[2], s[3]): s[4] for s in namespace["SCORES"]}


def test_a_textbook_cart_student_passes_the_exercise_file(tmp_path, wm2):
    """CART's trace holds its two-way split's numbers (root Gain(纹理) 0.337, Gini_index
    0.286); the file expects the formulas its header cites, Zhou's 0.381 and 0.277, and the
    two-way Gini_index under gini_index_binary."""
    text, scores = cart_file(*wm2, "Zhou 4.2.3")
    assert scores[("root", "纹理", "info_gain")] == pytest.approx(0.380592, abs=1e-6)
    assert scores[("root", "纹理", "gini_index")] == pytest.approx(0.277124, abs=1e-6)
    assert scores[("root", "纹理", "gini_index_binary")] == pytest.approx(0.285948, abs=1e-6)
    assert "gini_index_binary(rows, attribute, target)" in text
    done = run_pytest(tmp_path, text, CART_STUDENT.replace("ALGORITHM", "cart"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "failed" not in done.stdout and "skipped" not in done.stdout


def test_a_textbook_cart_student_passes_on_continuous_data(tmp_path, wm3):
    """Watermelon 3.0: CART cuts 含糖率 at its smallest Gini_index (0.2045), where Gain is
    0.337; info_gain expects eq. 4.8's largest Gain over the cut points, 0.349 at 0.126."""
    text, scores = cart_file(*wm3, "Zhou 4.4.1")
    assert scores[("root", "含糖率", "info_gain")] == pytest.approx(0.349294, abs=1e-6)
    assert scores[("root", "含糖率", "gini_index")] == pytest.approx(0.285948, abs=1e-6)
    done = run_pytest(tmp_path, text, CART_STUDENT.replace("ALGORITHM", "cart"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "failed" not in done.stdout
    wrong = run_pytest(tmp_path, text, CART_STUDENT.replace("ALGORITHM", "id3"))
    assert wrong.returncode == 1, wrong.stdout + wrong.stderr
    failed = [line for line in wrong.stdout.splitlines() if line.startswith("FAILED")]
    assert failed and all("::test_node[" in line for line in failed)  # the scores are right


def test_the_exercise_file_refuses_big_data_and_says_so(wm2):
    X, y = wm2
    trace = grown(X, y, "id3")
    big_X = X.sample(MAX_ROWS + 1, replace=True, random_state=0)
    with pytest.raises(ExerciseFileError) as caught:
        expected_tests(trace, big_X, y.loc[big_X.index], "big")
    assert caught.value.code == "too_many_rows"


@pytest.mark.parametrize("method", [m for m in PRUNE_METHODS if m != "none"])
def test_the_exercise_file_refuses_a_pruned_tree(method):
    """The file carries the rows the tree grew on, not the pruning (validation rows,
    parameters): no student's code could build the pruned tree it would expect."""
    X, y = xy("watermelon_2.0_train.csv", "好瓜", drop=["编号"])
    validation = xy("watermelon_2.0_validation.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("id3", prune=method).fit(X, y, validation=validation).trace_.to_dict()
    with pytest.raises(ExerciseFileError) as caught:
        expected_tests(trace, X, y, "Zhou 4.3")
    assert (caught.value.code, caught.value.details) == ("pruned", {"method": method})


def test_the_exercise_file_refuses_a_random_draw(wm2):
    """CLS draws its attributes (seeded): no student's code makes the same draws."""
    X, y = wm2
    with pytest.raises(ExerciseFileError) as caught:
        expected_tests(grown(X, y, "cls"), X, y, "CLS")
    assert (caught.value.code, caught.value.details) == ("random", {"algorithm": "cls"})


def test_the_exercise_file_refuses_a_tree_with_forced_splits(wm3):
    """A split forced by hand (here a cut at another midpoint, which also changes the two-way
    score the file would expect) is not something build_tree is told: refused, counted."""
    X, y = wm3
    trace = DecisionTree("cart", force=["root=密度@0.3515"]).fit(X, y).trace_.to_dict()
    with pytest.raises(ExerciseFileError) as caught:
        expected_tests(trace, X, y, "forced")
    assert (caught.value.code, caught.value.details) == ("forced", {"count": 1})
    expected_tests(DecisionTree("cart").fit(X, y).trace_.to_dict(), X, y, "as grown")


def test_missing_values_leave_the_scores_out_and_say_why():
    X, y = xy("watermelon_2.0_alpha.csv", "好瓜", drop=["编号"])
    text = expected_tests(grown(X, y, "c45"), X, y, "Zhou 4.4.2")
    assert "checks the tree only" in text and "\nSCORES = []" in text
    compile(text, "t.py", "exec")


def test_a_name_with_quotes_stays_data(wm2):
    X, y = wm2
    X = X.rename(columns={"色泽": 'co"""l\'or'})
    text = expected_tests(grown(X, y, "id3"), X, y, 'x"""; import os')
    namespace: dict = {}
    exec(text[text.index("EXERCISE ="):text.index("student =")], namespace)
    assert namespace["EXERCISE"] == 'x"""; import os'
    assert 'co"""l\'or' in namespace["ATTRIBUTES"]


def test_a_pruned_tree_is_checked_as_pruned():
    """Reduced-error pruning on the book's Table 4.2 split: the pasted pruned tree matches,
    the unpruned one is flagged where pruning made 色泽=青绿 a leaf."""
    X, y = xy("watermelon_2.0_train.csv", "好瓜", drop=["编号"])
    validation = xy("watermelon_2.0_validation.csv", "好瓜", drop=["编号"])
    pruned = DecisionTree("id3", prune="rep").fit(X, y, validation=validation).trace_.to_dict()
    result = check_tree(export_text(pruned), pruned)
    assert result.matches and result.total == 7
    difference = check_tree(export_text(grown(X, y, "id3")), pruned).difference
    assert (difference.kind, difference.path, difference.stop) == \
        ("split_at_leaf", ("色泽=青绿",), "pruned")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_whole_cli_output_pasted_is_read_after_its_header(capsys, wm2_c45, lang):
    """Notes, kind lines, the header, the tree, then the root's score table: only the tree
    is read (after '… tree, 14 nodes:' or '… 决策树，共 14 个结点：')."""
    assert main(["grow", str(dataset_path("watermelon_2.0.csv")), "--target", "好瓜",
                 "--algorithm", "c45", "--lang", lang]) == 0
    printed = capsys.readouterr().out
    assert "Root scores" in printed or "根结点" in printed
    result = check_tree(printed, wm2_c45)
    assert result.form == "text" and result.matches and result.agreed == 14


def test_full_width_syntax_and_the_figures_question_marks_are_read(wm2_c45):
    """Typed with a Chinese input method (＝ ： ＜＝ ０．３８１) or labelled as Zhou's figures do
    (纹理=?, 密度≤0.381?), the same tree is read as the same tree."""
    full_width = export_text(wm2_c45).replace("=", "＝").replace(": ", "：")
    assert check_tree(full_width, wm2_c45).matches
    asked = WM2_C45_NESTED.replace("{'纹理':", "{'纹理=?':", 1)
    assert check_tree(asked, wm2_c45).matches
    wm3 = DecisionTree("id3").fit(*xy("watermelon_3.0.csv", "好瓜", drop=["编号"],
                                      numeric=["密度", "含糖率"])).trace_.to_dict()
    root = wm3["nodes"][0]["decision"]
    assert root["attribute"] == "纹理"
    below = next(n for n in wm3["nodes"] if n["decision"].get("threshold") is not None)
    name, t = below["decision"]["attribute"], below["decision"]["threshold"]
    for keys in ((f"＜＝{t}", f"＞{t}"), (f"<={t}", f">{t}")):
        read = read_tree(json.dumps({name: {keys[0]: "否", keys[1]: "是"}}, ensure_ascii=False))
        assert [b.condition.op for b in read.root.branches] == ["<=", ">"]
    asked = read_tree(json.dumps({f"{name}<={t}?": {"是": "否", "否": "是"}}, ensure_ascii=False))
    assert asked.root.attribute == name


def test_indented_branches_may_be_written_as_their_values_alone():
    """A student's printout names the attribute once, on its line ('纹理?'), and each branch
    by its value ('清晰: …', '<=0.3815: 否'): such text was refused as "not a branch
    condition". It now reads as the same tree as the named form."""
    named = ("纹理?\n    纹理=清晰: 根蒂?\n        根蒂=蜷缩: 是\n        根蒂=稍蜷: 密度?\n"
             "            密度<=0.3815: 否\n            密度>0.3815: 是\n        根蒂=硬挺: 否\n"
             "    纹理 ∈ {稍糊,模糊}: 否\n")
    bare = ("纹理?\n    清晰: 根蒂?\n        蜷缩: 是\n        稍蜷：密度？\n"
            "            <=0.3815: 否\n            >0.3815: 是\n        硬挺: 否\n"
            "    in {稍糊,模糊}: 否\n")
    assert read_tree(bare).root == read_tree(named).root
    # TRACE.md's 'in', as a path writes it, reads as the same branches (its text as written)
    typed = read_tree(named.replace(" ∈ ", " in "))
    assert [b.condition for b in typed.root.branches] == [
        b.condition for b in read_tree(named).root.branches]
    # a value alone under a line that asks about no attribute is still refused, with its line
    for text, line in (("纹理=清晰: 是\n清晰: 否\n", 2), ("root\n    清晰: 是\n", 2),
                       ("清晰: 是\n", 1), ("清晰: 根蒂?\n    蜷缩: 是\n", 1),
                       ("纹理=清晰?\n    是: 好\n", 2)):
        with pytest.raises(PasteError) as refused:
            read_tree(text)
        assert refused.value.code == "bad_condition", text
        assert refused.value.details["line"] == line, text


def test_a_cut_alone_on_its_own_line_is_read_under_the_line_asking_its_attribute():
    """'<=0.3815' alone on a line, its leaf on the line below, under '密度?': it read as an
    attribute '<' equal to '=0.3815' (and under a line naming no attribute it was taken as
    that attribute too). It is the same tree as the named form; where no line asks the
    attribute it is refused as naming none."""
    named = "纹理=清晰: 密度?\n    密度<=0.3815: 否\n    密度>0.3815: 是\n"
    alone = "纹理=清晰: 密度?\n    <=0.3815\n        否\n    >0.3815\n        是\n"
    assert read_tree(alone).root == read_tree(named).root
    for text, line in (("纹理=清晰\n    <=0.38\n        是\n", 2), ("<=0.38\n    是\n", 1),
                       ("纹理=清晰\n    <=0.38: 是\n", 2), ("in {青绿,乌黑}: 是\n", 1)):
        with pytest.raises(PasteError) as refused:
            read_tree(text)
        assert refused.value.code == "bare_condition", text
        assert refused.value.details["line"] == line, text
    # with nothing under it, such a line is a leaf, as it always was ('{好瓜}' is a label)
    braced = read_tree("色泽=青绿\n    {好瓜}\n色泽=乌黑\n    ｛坏瓜｝\n").root
    assert [b.child.label for b in braced.branches] == ["{好瓜}", "｛坏瓜｝"]


def test_a_leaf_that_looks_like_a_test_or_a_sign_stays_the_leaf_written():
    """A class '<=50K' under its branch read as an attribute '<' equal to '50K' (and the
    tree as a split with no branches); a leaf '-1' lost its sign to the drawing's dashes."""
    income = read_tree("收入<=50\n    <=50K\n收入>50\n    >50K\n").root
    assert [b.child.label for b in income.branches] == ["<=50K", ">50K"]
    signed = read_tree("x?\n    <=1\n        -1\n    >1\n        1\n").root
    assert [b.child.label for b in signed.branches] == ["-1", "1"]
    sklearn = read_tree("|--- x <= 0.5\n|   |--- class: -1\n|--- x >  0.5\n|   |--- class: 1\n")
    assert [b.child.label for b in sklearn.root.branches] == ["-1", "1"]


def test_a_cut_with_nothing_under_it_is_said_to_lack_its_leaf():
    """'<=0.3815' under '密度?' with no line under it: it was "has no branch condition such
    as 纹理=清晰", though it is one; its leaf is what is missing."""
    with pytest.raises(PasteError) as refused:
        read_tree("密度?\n    <=0.3815\n    >0.3815\n        是\n")
    assert (refused.value.code, refused.value.details) == (
        "no_leaf", {"line": 2, "text": "<=0.3815"})


@pytest.mark.parametrize(("lang", "listed"), [("en", "根蒂, 纹理"), ("zh", "根蒂、纹理")])
def test_a_refused_paste_lists_names_as_the_language_lists_them(lang, listed):
    """The attributes of mixed branches are named joined by the sentence's language: the
    details carried the English ", " into the Chinese one (data.Listed)."""
    from ui.messages import t

    with pytest.raises(PasteError) as refused:
        read_tree("纹理?\n  纹理=清晰: 是\n  根蒂=蜷缩: 否\n")
    error = refused.value
    assert error.code == "mixed_attributes"
    assert listed in t(f"tc.error.{error.code}", _lang=lang, **error.details)


@pytest.mark.parametrize("text, label", [("1e999", "1e999"), ('{"纹理": {"清晰": 1e999}}', "1e999"),
                                         ('{"纹理": {"清晰": Infinity}}', "Infinity")])
def test_a_number_past_floats_range_stays_the_students_text(text, label):
    """JSON reads 1e999 as inf: the pasted leaf is named as the student wrote it."""
    root = read_tree(text).root
    leaf = root if root.attribute is None else root.branches[0].child
    assert leaf.label == label


def test_li_hangs_cart_tree_written_a_equals_a_matches(loan):
    """His Example 5.4 writes a side of one value as 有自己的房子=是; the check (and the
    pytest file's branch lookup) read it as the side {是}, not as a missing branch."""
    trace = grown(*loan, "cart")
    text = export_text(trace).replace(" ∈ {", "=").replace("}:", ":")
    assert "有自己的房子=否" in text
    assert check_tree(text, trace).matches
    nested = "{'有自己的房子': {'是': '是', '否': {'有工作': {'是': '是', '否': '否'}}}}"
    assert check_tree(nested, trace).matches


def test_counts_and_stops_in_full_width_brackets_are_read_as_the_ascii_ones(wm2_c45):
    """A Chinese input method writes （是 8，否 9） and 【同类】."""
    text = export_text(wm2_c45)
    full = text.replace("  (", "（").replace(")", "）").replace("  [", "【").replace("]", "】")
    full = full.replace(", ", "，")
    assert "（" in full and "【" in full
    assert check_tree(full, wm2_c45).matches


def test_a_cart_student_writing_a_for_the_side_of_a_passes_the_exercise_file(tmp_path, loan):
    """Li Hang's Example 5.4 tree keyed '是', not ('是',), for a side of one value."""
    text, _ = cart_file(*loan, "Li Hang 5.1")
    student = CART_STUDENT.replace("ALGORITHM", "cart").replace(
        'key = tuple(c["value"]) if c["op"] == "in" else',
        'key = (c["value"][0] if len(c["value"]) == 1 else tuple(c["value"])) '
        'if c["op"] == "in" else')
    assert 'c["value"][0] if len' in student
    done = run_pytest(tmp_path, text, student)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_tied_pick_passes_the_exercise_file_and_its_subtree_is_skipped(tmp_path):
    """Table 4.2's training set ties 色泽 and 脐部 at the root (Gain 0.2755); the file's tree
    takes 色泽 (first in column order), the book 脐部. A student building the book's tree is
    not wrong: the root passes, the nodes under 色泽's branches are skipped."""
    X, y = xy("watermelon_2.0_train.csv", "好瓜", drop=["编号"])
    trace = grown(X, y, "id3")
    assert trace["nodes"][0]["decision"]["attribute"] == "色泽"
    assert "脐部" in trace["nodes"][0]["decision"]["ties"]
    text = expected_tests(trace, X, y, "Zhou 4.2")
    book = CORRECT_STUDENT.split("def _entropy")[0].replace(
        'DecisionTree("c45")', 'DecisionTree("id3", force={"root": "脐部"})')
    done = run_pytest(tmp_path, text, book)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " skipped" in done.stdout and "failed" not in done.stdout
    wrong = CORRECT_STUDENT.split("def _entropy")[0].replace(
        'DecisionTree("c45")', 'DecisionTree("id3", force={"root": "触感"})')
    assert run_pytest(tmp_path, text, wrong).returncode == 1  # not tied: wrong


def test_no_file_for_a_tie_broken_by_a_draw():
    X, y = xy("watermelon_2.0_train.csv", "好瓜", drop=["编号"])
    trace = DecisionTree("id3", tie_break="random", seed=3).fit(X, y).trace_.to_dict()
    with pytest.raises(ExerciseFileError) as refused:
        expected_tests(trace, X, y, "Zhou 4.2")
    assert refused.value.code == "random_ties"


def test_a_cut_difference_names_the_attribute_once(wm3):
    """'your tree cuts 含糖率 at 0.2; the trace cuts it at 0.126', not 'at 含糖率<=0.2'."""
    trace = grown(*wm3, "c45")
    difference = check_tree(export_text(trace).replace("0.126", "0.2"), trace).difference
    assert (difference.kind, difference.given, difference.expected) == ("threshold", "0.2",
                                                                        "0.126")


def test_a_value_no_row_at_the_node_holds_may_sit_on_either_side():
    """Play-tennis's CART node Outlook ∈ {Sunny,Rain} ∧ Humidity ∈ {High} holds Sunny and Rain
    rows only; the trace writes its sides {Sunny} and {Overcast,Rain}. {Rain} and
    {Sunny,Overcast} route every training row alike: the same tree (check and pytest file)."""
    X, y = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    trace = grown(X, y, "cart")
    text = export_text(trace)
    moved = text.replace("        Humidity ∈ {High}: Outlook?  (No 4, Yes 1)\n"
                         "            Outlook ∈ {Sunny}:", "        Humidity ∈ {High}: Outlook?  "
                         "(No 4, Yes 1)\n            Outlook ∈ {Sunny,Overcast}:", 1)
    moved = moved.replace("            Outlook ∈ {Overcast,Rain}: Wind?",
                          "            Outlook ∈ {Rain}: Wind?", 1)
    assert moved != text and "Outlook ∈ {Rain}: Wind?" in moved
    assert check_tree(moved, trace).matches
    wrong = moved.replace("Outlook ∈ {Rain}: Wind?", "Outlook ∈ {Sunny}: Wind?", 1) \
        .replace("Outlook ∈ {Sunny,Overcast}:", "Outlook ∈ {Rain,Overcast}:", 1)
    assert not check_tree(wrong, trace).matches


def test_a_value_no_row_holds_may_sit_on_either_side_in_the_exercise_file(tmp_path):
    X, y = xy("play_tennis.csv", "PlayTennis", drop=["Day"])
    text, _ = cart_file(X, y, "Mitchell 3")
    student = CART_STUDENT.replace("ALGORITHM", "cart") + '''

_build = build_tree


def _move(tree):
    """Overcast (no row of it below Outlook ∈ {Sunny,Rain}) moved to Sunny's side."""
    if not isinstance(tree, dict):
        return tree
    (attribute, branches), = tree.items()
    moved = {("Sunny", "Overcast") if k == ("Sunny",) and ("Overcast", "Rain") in branches
             else ("Rain",) if k == ("Overcast", "Rain") and ("Sunny",) in branches else k:
             _move(v) for k, v in branches.items()}
    return {attribute: moved}


def build_tree(rows, attributes, target):
    return _move(_build(rows, attributes, target))
'''
    done = run_pytest(tmp_path, text, student)
    assert done.returncode == 0, done.stdout + done.stderr
    assert ('("Rain",)' in student) and "passed" in done.stdout


@pytest.mark.parametrize("sign", ["∈", " in ", " ∈ "])
def test_a_subset_test_as_the_key_with_yes_no_branches(loan, sign):
    """{'有自己的房子∈{是}': {'是': …, '否': …}} is CART's split, not an attribute named so."""
    trace = grown(*loan, "cart")
    inner = "{'有工作" + sign + "{是}': {'yes': '是', 'no': '否'}}"
    nested = "{'有自己的房子" + sign + "{是}': {'是': '是', '否': " + inner + "}}"
    assert check_tree(nested, trace).matches


@pytest.mark.parametrize("values", [["a\\b", "c", "d"], ["a,b", "c", "d"], ["x\\", "y,z", "w"],
                                    ["青绿，带斑", "乌黑", "浅白"]])
def test_the_apps_own_text_of_a_cart_tree_whose_values_hold_backslashes_or_commas_matches(values):
    """CART's subsets write a comma in a value as \\, and a backslash as \\\\ (Condition.text):
    the pasted text of the tree itself was read as other values ({a\\\\b,c} as a\\\\b, c)."""
    import pandas as pd

    X = pd.DataFrame({"v": values * 2})
    trace = DecisionTree("cart").fit(X, ["p", "p", "q", "p", "p", "q"]).trace_.to_dict()
    assert check_tree(export_text(trace), trace).matches


@pytest.mark.parametrize("algorithm", ["id3", "c45", "cart"])
def test_a_cut_tied_with_the_traces_is_told_apart_from_another_cut(algorithm):
    """x = 1..6 with classes a b b b b a: t = 1.5 and 5.5 split off one a alike (Gain and
    Gini_index the same) and the rule took the smallest; a tree cut at 5.5 was told it cut
    elsewhere, as one cut at 2.5 is."""
    import pandas as pd

    X, y = pd.DataFrame({"x": [1.0, 2, 3, 4, 5, 6]}), list("abbbba")
    trace = DecisionTree(algorithm, continuous=["x"]).fit(X, y).trace_.to_dict()
    assert trace["nodes"][0]["decision"]["threshold"] == 1.5
    for cut, kind in ((5.5, "tied_threshold"), (2.5, "threshold")):
        other = DecisionTree(algorithm, continuous=["x"], force={"root": f"x@{cut}"}).fit(
            X, y).trace_.to_dict()
        difference = check_tree(export_text(other), trace).difference
        assert (difference.kind, difference.node_id) == (kind, 0)


def test_zhous_question_with_yes_and_no_under_it_reads_as_the_two_sides_of_the_cut():
    """Zhou draws a cut as a question, 密度≤0.381?, with 是 and 否 under it (Fig. 4.10): the
    indented text form refused '是' as no branch condition (the nested form read it)."""
    import pandas as pd

    data = pd.read_csv(dataset_path("watermelon_3.0.csv"))
    X = data.drop(columns=["编号", "好瓜"])
    trace = DecisionTree("id3", continuous=["密度", "含糖率"]).fit(X, data["好瓜"]).trace_.to_dict()
    pasted = ("纹理?\n  清晰: 密度≤0.3815?\n    是: 否\n    否: 是\n"
              "  稍糊: 触感?\n    硬滑: 否\n    软粘: 是\n  模糊: 否\n")
    assert check_tree(pasted, trace).matches
    upper = pasted.replace("密度≤0.3815?\n    是: 否\n    否: 是",
                           "密度>0.3815?\n    是: 是\n    否: 否")
    assert check_tree(upper, trace).matches
    wrong = pasted.replace("是: 否\n    否: 是", "是: 是\n    否: 否")
    assert check_tree(wrong, trace).difference.kind == "label"


# --------------------------------------------------------------------- names as written


@pytest.fixture
def tennis():
    return grown(*xy("play_tennis.csv", "PlayTennis", drop=["Day"]), "id3")


@pytest.mark.parametrize("written, folds", [("outlook", ("case",)),
                                            ("ＯＵＴＬＯＯＫ", ("case", "width")),
                                            ("OutLook", ("case",))])
@pytest.mark.parametrize("form", ["text", "nested"])
def test_a_name_in_another_case_or_width_is_read_as_its_column_and_said(tennis, written, folds,
                                                                         form):
    """A pasted ＯＵＴＬＯＯＫ or outlook for the column Outlook was 'not an attribute of this
    data': it is read as the numbers check reads it (folded), and the check says so."""
    text = export_text(tennis) if form == "text" else (
        "{'Outlook': {'Sunny': {'Humidity': {'High': 'No', 'Normal': 'Yes'}}, "
        "'Overcast': 'Yes', 'Rain': {'Wind': {'Weak': 'Yes', 'Strong': 'No'}}}}")
    result = check_tree(text.replace("Outlook", written), tennis)
    assert result.matches and result.agreed == result.total
    assert result.read_as == ({"written": written, "attribute": "Outlook", "by": "spelling",
                               "folds": folds},)
    assert check_tree(text, tennis).read_as == ()  # as the data spells it: nothing to say


@pytest.mark.parametrize("form", ["text", "nested"])
def test_a_name_typed_with_spaces_inside_is_read_as_the_column_it_spells(wm2, form):
    """A Chinese input method leaves 纹 理 for 纹理: read as the column, said once each."""
    trace = grown(*wm2, "id3")
    text = export_text(trace) if form == "text" else json.dumps(
        _nested(trace), ensure_ascii=False)
    result = check_tree(text.replace("纹理", "纹 理").replace("根蒂", "根  蒂"), trace)
    assert result.matches
    assert result.read_as == ({"written": "纹 理", "attribute": "纹理", "by": "spaces",
                               "folds": ("spaces",)},
                              {"written": "根  蒂", "attribute": "根蒂", "by": "spaces",
                               "folds": ("spaces",)})


def _nested(trace: dict, node_id: int = 0):
    """The trace's tree as course code's nested dict."""
    from dtree_core.labels import children_of

    node = trace["nodes"][node_id]
    if node["decision"]["kind"] != "split":
        return node["decision"]["label"]
    return {node["decision"]["attribute"]: {
        trace["nodes"][c]["branch"]["value"]: _nested(trace, c)
        for c in children_of(trace)[node_id]}}


def test_a_difference_names_the_column_as_the_data_spells_it(wm2, tennis):
    """The student's attribute is judged as the column it reads as, and named so: its score
    row, a tie with the trace's choice, an extra branch's attribute."""
    humidity = "humidity?\n    humidity=High: No\n    humidity=Normal: Yes"
    difference = check_tree(humidity, tennis).difference
    assert (difference.kind, difference.given) == ("attribute", "Humidity")
    assert difference.given_row["attribute"] == "Humidity"
    assert known_attribute(tennis, "humidity") and known_attribute(tennis, "ＨＵＭＩＤＩＴＹ")
    id3 = grown(*wm2, "id3")
    tied = ("纹理?\n    纹理=清晰: 触 感?\n        触 感=硬滑: 是\n        触 感=软粘: 否\n"
            "    纹理=稍糊: 否\n    纹理=模糊: 否")
    difference = check_tree(tied, id3).difference
    assert (difference.kind, difference.given) == ("tied", "触感")
    extra = export_text(id3).replace("纹理", "纹 理") + "\n    纹 理=其他: 否"
    difference = check_tree(extra, id3).difference
    assert (difference.kind, difference.branch) == ("extra_branch", "纹理=其他")


@pytest.fixture
def spaced_twice(wm2):
    """Watermelon 2.0 with a copy of 色泽 named 色 泽: the two differ only by spaces."""
    X, y = wm2
    X = X.copy()
    X.insert(1, "色 泽", X["色泽"])
    return grown(X, y, "id3")


def test_a_name_two_columns_spell_without_spaces_is_asked_which(spaced_twice):
    """A third spacing (色  泽) could mean either column: refused, naming both, wherever the
    tree has it (here at the root, where the trace splits on 纹理)."""
    difference = check_tree("色  泽?\n    色  泽=青绿: 是\n    色  泽=乌黑: 否\n"
                            "    色  泽=浅白: 否", spaced_twice).difference
    assert (difference.kind, difference.given, difference.columns, difference.node_id) == (
        "ambiguous_attribute", "色  泽", ("色泽", "色 泽"), 0)


def test_the_exact_spelling_wins_over_any_fold(spaced_twice):
    """色 泽 is a column of its own here: read as itself, not as 色泽 nor as ambiguous. ID3's
    tie of the two copies goes to 色泽, first in column order: 色 泽 is the tied one."""
    id3 = export_text(spaced_twice)
    assert check_tree(id3, spaced_twice).matches
    difference = check_tree(id3.replace("色泽", "色 泽"), spaced_twice).difference
    assert (difference.kind, difference.expected, difference.given) == ("tied", "色泽", "色 泽")
    frame = read_dataset("play_tennis.csv")
    X = frame.drop(columns=["Day", "PlayTennis"])
    X["wind"] = X["Wind"]  # after Wind: ID3's tie of the two goes to Wind
    trace = grown(X, frame["PlayTennis"], "id3")
    text = export_text(trace)
    assert check_tree(text, trace).matches and "Wind=Weak" in text
    difference = check_tree(text.replace("Wind", "wind"), trace).difference
    assert (difference.kind, difference.given) == ("tied", "wind")


def test_li_hangs_numbers_and_a_programs_feature_names_are_no_columns(wm2):
    """Not numbered (columns_of): A4 or feature_3 for 纹理 is told as no column of the data,
    as the numbers check's A4 would be read by a 1-based count a program does not keep."""
    trace = grown(*wm2, "id3")
    for name in ("A4", "feature_3"):
        difference = check_tree(export_text(trace).replace("纹理", name), trace).difference
        assert (difference.kind, difference.given) == ("attribute", name)
        assert not known_attribute(trace, name)


def test_a_name_two_columns_spell_in_another_case_is_asked_which():
    """WIND folds to Wind and to wind: it was read as Wind, the first in column order, a
    guess the tree was then judged by; it is asked which, naming both."""
    frame = read_dataset("play_tennis.csv")
    X = frame.drop(columns=["Day", "PlayTennis"])
    X["wind"] = X["Wind"]
    trace = grown(X, frame["PlayTennis"], "id3")
    difference = check_tree(export_text(trace).replace("Wind", "WIND"), trace).difference
    assert (difference.kind, difference.by, difference.given, difference.columns) == (
        "ambiguous_attribute", "spelling", "WIND", ("Wind", "wind"))
    assert difference.path == ("Outlook=Rain",)
