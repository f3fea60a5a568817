"""Node paths with backslashes and commas in names and values (TRACE.md: a `/` or `=` in a
value is written `\\/` or `\\=`). A review found two paths the tree made that no --force could
name: a value ending in a backslash (`A\\\\=x\\\\` read as an escaped '='), and CART subsets
whose values hold commas ('a,b' and c read as a, b, c: two sibling branches keyed alike)."""

from __future__ import annotations

import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.cli import main
from dtree_core.paths import canonical_path, parse_force, path_keys, path_parts, unescaped_at


@pytest.mark.parametrize("text, char, found", [
    ("A=x", "=", [1]), ("A\\=x", "=", []), ("A\\\\=x", "=", [3]), ("A\\\\\\=x", "=", []),
    ("a\\,b,c", ",", [4]), ("x\\\\/y/z", "/", [3, 5])])
def test_a_separator_is_escaped_by_an_odd_number_of_backslashes(text, char, found):
    assert unescaped_at(text, char) == found


def test_a_value_ending_in_a_backslash_is_a_path_of_its_own():
    assert parse_force("A\\\\=x\\\\=B") == ("A\\\\=x\\\\", "B")
    assert path_parts("A\\\\=x\\\\/C<=1.50") == ["A\\\\=x\\\\", "C<=1.50"]
    assert canonical_path("A\\\\=x\\\\/C<=1.50") == "A\\\\=x\\\\/C<=1.5"


def backslashes() -> tuple[pd.DataFrame, pd.Series]:
    X = pd.DataFrame({"A\\": ["x\\", "z", "x\\", "z", "x\\", "x\\"],
                      "B": ["p", "q", "q", "p", "p", "q"]})
    return X, pd.Series(["1", "0", "1", "0", "0", "1"])


def test_every_node_key_forces_its_own_node():
    X, y = backslashes()
    trace = DecisionTree("id3").fit(X, y).trace_.to_dict(scores=False)
    keys = path_keys(trace)
    assert "A\\\\=x\\\\" in keys
    for key in keys:
        assert canonical_path(key) == key
    forced = DecisionTree("id3", force={"A\\\\=x\\\\": "B"}).fit(X, y).trace_.to_dict()
    node = forced["nodes"][path_keys(forced).index("A\\\\=x\\\\")]
    assert node["decision"]["attribute"] == "B" and node["decision"]["forced"]


def commas() -> tuple[pd.DataFrame, pd.Series]:
    X = pd.DataFrame({"A": ["a,b", "c", "a", "b,c", "a,b", "c", "a", "b,c"],
                      "C": ["p", "q", "p", "q", "q", "p", "q", "p"]})
    return X, pd.Series(["1", "0", "1", "0", "0", "1", "1", "0"])


def test_subsets_of_values_with_commas_read_and_key_apart(tmp_path, capsys):
    X, y = commas()
    trace = DecisionTree("cart").fit(X, y).trace_.to_dict(scores=False)
    keys = path_keys(trace)
    assert len(set(keys)) == len(keys)
    subsets = [k.rsplit("/", 1)[-1] for k in keys if k.count("/") == 2]
    assert sorted(subsets) == ["A in {a,b\\,c}", "A in {a\\,b,c}"]
    data = tmp_path / "commas.csv"
    pd.concat([X, y.rename("y")], axis=1).to_csv(data, index=False)
    out = tmp_path / "scores.md"
    node = "A in {b\\,c,c,a\\,b}/C in {p}"  # the values in another order, commas escaped
    assert canonical_path(node) in keys
    # as the summary now writes it (∈): the same node
    assert canonical_path(node.replace(" in ", " ∈ ")) == canonical_path(node)
    assert canonical_path(node.replace(" in ", "∈")) == canonical_path(node)  # typed tight
    assert main(["grow", str(data), "--target", "y", "--algorithm", "cart",
                 "--scores-node", node, "--scores-md", str(out)]) == 0
    assert out.read_text(encoding="utf-8").count("\n") >= 2
    printed = capsys.readouterr().out
    assert "A ∈ {a,b\\,c}: 0" in printed and "A ∈ {a\\,b,c}: 1" in printed


def test_a_shown_subset_reads_as_one_subset_only():
    """Condition.text of a subset: distinct lists of values are written apart, whatever
    commas and backslashes they hold ({x\\, z} was written as {x,z})."""
    import itertools

    from dtree_core.split import Condition

    pieces = ["x", "z", ",", "\\", "，"]
    values = {"".join(p) for n in (1, 2, 3) for p in itertools.product(pieces, repeat=n)}
    texts = {}
    for size in (1, 2):
        for members in itertools.permutations(sorted(values), size):
            text = Condition("A", "in", members).text()
            assert texts.setdefault(text, members) == members, (text, members)
