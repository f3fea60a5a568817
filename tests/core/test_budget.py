"""The app's resource budget: each limit refuses before the work it bounds, in words.

No timings are asserted (the machine is shared; bench/ measures speed): a refusal "before the
work" is checked by what was counted or read, not by the clock."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

from dtree_core import DecisionTree
from dtree_core.budget import Budget, BudgetError
from dtree_core.cli_messages import error_text
from dtree_core.data import DataError
from dtree_core.loading import load_bytes, prepare


def refused(call, limit: str) -> BudgetError:
    with pytest.raises(BudgetError) as caught:
        call()
    assert caught.value.code == f"budget.{limit}" and caught.value.details["limit"] == limit
    return caught.value


def test_a_wide_header_is_refused_before_parsing():
    n = 80_000  # issue 13: an 80k-column header took 64 s to load
    data = (",".join(f"c{i}" for i in range(n)) + "\n" + ",".join("1" * n) + "\n").encode()
    error = refused(lambda: load_bytes(data, "wide.csv", budget=Budget()), "columns")
    assert error.details["figure"] == n and "drop columns" in str(error)


def test_rows_are_counted_exactly_before_parsing():
    data = ("x,y\n" + "\n".join(f"{i},{i % 2}" for i in range(1000))).encode()
    assert len(load_bytes(data, "r.csv", budget=Budget(rows=1000)).frame) == 1000
    refused(lambda: load_bytes(data, "r.csv", budget=Budget(rows=999)), "rows")
    refused(lambda: load_bytes(data, "r.csv", budget=Budget(cells=1999)), "cells")


def test_a_small_xlsx_of_many_cells_stops_at_the_limit():
    frame = pd.DataFrame(np.zeros((5000, 3), dtype=int), columns=["a", "b", "c"])
    buffer = io.BytesIO()
    frame.to_excel(buffer, index=False)
    refused(lambda: load_bytes(buffer.getvalue(), "many.xlsx", budget=Budget(rows=100)), "rows")


def test_a_target_with_a_class_per_row_is_named_an_id_column():
    data = ("x,name\n" + "\n".join(f"{i % 3},row{i}" for i in range(200))).encode()
    table = load_bytes(data, "ids.csv")
    error = refused(lambda: prepare(table, "name", budget=Budget()), "classes")
    assert "ID column" in str(error) and error.details["id_like"]
    many = ("x,c\n" + "\n".join(f"{i % 3},k{i % 150}" for i in range(300))).encode()
    refused(lambda: prepare(load_bytes(many, "c.csv"), "c", budget=Budget()), "classes")
    assert prepare(load_bytes(many, "c.csv"), "c").y.nunique() == 150  # the CLI: no limits


def test_growth_stops_at_the_node_and_depth_limits():
    n = 400  # a chain: one more node per row
    X, y = pd.DataFrame({"x": np.arange(n) + 0.5}), pd.Series(np.arange(n) % 2).map(str)
    refused(lambda: DecisionTree("id3").fit(X, y, budget=Budget(nodes=100)), "nodes")
    refused(lambda: DecisionTree("id3").fit(X, y, budget=Budget(depth=50)), "depth")
    assert len(DecisionTree("id3").fit(X, y, budget=Budget.unlimited()).trace_.nodes) == 2 * n - 1


def test_the_budget_comes_from_secrets_then_the_environment():
    budget = Budget.configured({"DTREE_BUDGET_ROWS": "5000", "DTREE_BUDGET_SECONDS": "none"},
                               {"budget": {"rows": 10, "classes": 7}})
    assert (budget.rows, budget.classes, budget.seconds) == (5000, 7, None)
    with pytest.raises(ValueError, match="rows"):
        Budget.configured({"DTREE_BUDGET_ROWS": "-3"})


def test_the_cli_keeps_no_limits_unless_asked(tmp_path, capsys, monkeypatch):
    from dtree_core.cli import main

    path = tmp_path / "chain.csv"
    path.write_text("x,y\n" + "\n".join(f"{i + 0.5},{i % 2}" for i in range(300)))
    assert main(["grow", str(path), "--target", "y"]) == 0
    monkeypatch.setenv("DTREE_BUDGET_NODES", "50")
    capsys.readouterr()
    assert main(["grow", str(path), "--target", "y", "--budget"]) == 2
    assert "limit of 50" in capsys.readouterr().err


@pytest.mark.parametrize(("limit", "figure", "sentence"), [
    ("rows", 1001, "The file has 1,001 rows, over this server's limit of 1,000"),  # as in zh
    ("seconds", 0.013, "Growing has taken 0.013 seconds, over this server's limit of 0.01"),
    ("depth", 3, "The tree has reached depth 3, over this server's limit of 2"),
    ("seconds", 2.5, "Growing has taken 2.5 seconds, over this server's limit of 2"),
])
def test_the_sentence_says_what_was_measured(limit, figure, sentence):
    budget = Budget(rows=1000, depth=2, seconds=2.0 if figure >= 1 else 0.01)
    error = refused(lambda: budget.check(limit, figure), limit)
    assert str(error).startswith(sentence)


# --------------------------------------------------------- row copies (issue 13)


def blanked(n: int, share: float = 0.2, seed: int = 0):
    """Two continuous columns with a share of blanks and a random label: each row with a
    blank goes down both branches, so the copies multiply with depth."""
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({"a": rng.random(n), "b": rng.random(n)})
    X = X.mask(rng.random(X.shape) < share)
    return X, pd.Series(rng.choice(["p", "q"], n))


def test_row_copies_are_refused_before_the_depth_that_holds_them():
    """A blanked copy of 30,000 rows took 32 s and 3.4 GB before the nodes limit refused it;
    the entries limit stops it at the first depth whose rows × attributes pass it."""
    X, y = blanked(3000)
    error = refused(lambda: DecisionTree("cart").fit(X, y, budget=Budget(entries=60_000)),
                    "entries")
    assert 60_000 < error.details["figure"] <= 2 * 60_000 * 2  # one depth past: ≤ 2 branches
    assert "missing values" in str(error)


def test_complete_data_within_the_cells_limit_never_meets_the_entries_limit():
    """Without missing values a depth holds each row once: rows × attributes ≤ cells."""
    rng = np.random.default_rng(1)
    X = pd.DataFrame({f"x{j}": rng.random(500) for j in range(4)})
    y = pd.Series(rng.choice(["p", "q"], 500))
    DecisionTree("c45").fit(X, y, budget=Budget(cells=2000, entries=2000))
    refused(lambda: DecisionTree("c45").fit(X, y, budget=Budget(entries=1999)), "entries")


def test_an_applied_budget_bounds_every_tree_grown_without_one():
    from dtree_core.budget import applied, applied_budget

    X, y = blanked(400, share=0.0)
    with applied(Budget(nodes=5)):
        refused(lambda: DecisionTree("cart").fit(X, y), "nodes")
        DecisionTree("cart").fit(X, y, budget=Budget.unlimited())  # its own comes first
    assert applied_budget() is None
    assert len(DecisionTree("cart").fit(X, y).trace_.nodes) > 5


def test_han_s_robustness_reports_a_refused_copy_and_goes_on():
    from dtree_core.budget import applied
    from dtree_core.compare import han_criteria
    from dtree_core.evaluate import stratified_split
    from dtree_core.options import Options

    X, y = blanked(3000, share=0.0)
    split = stratified_split(y, 0.3, 0)
    with applied(Budget(entries=60_000)):
        result = han_criteria(Options(algorithm="cart"), X, y, split, 0.2, 0.3, 0)
    assert result.noisy_accuracy is not None and 0 <= result.accuracy <= 1
    assert result.blanked_accuracy is None
    assert result.refused["blanked"][0] == "budget.entries"
    assert "noisy" not in result.refused


@pytest.mark.parametrize(("value", "said"), [("abc", "'abc'"), ("0.5", "at least 1"),
                                             ("-3", "'-3'"), ("inf", "'inf'")])
def test_a_budget_that_is_not_a_limit_is_refused_by_its_name(value, said):
    """DTREE_BUDGET_ROWS=abc said only "could not convert string to float", and 0.5 became a
    limit of 0 rows that refused every file."""
    with pytest.raises(ValueError, match="DTREE_BUDGET_ROWS") as refused:
        Budget.configured({"DTREE_BUDGET_ROWS": value})
    assert said in str(refused.value)
    assert Budget.configured({"DTREE_BUDGET_SECONDS": "0.5"}).seconds == 0.5
    assert Budget.configured({"DTREE_BUDGET_ROWS": "none"}).rows is None


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\n"])
def test_rows_and_columns_are_counted_alike_whatever_ends_the_lines(newline):
    """A file with old-Mac \r endings was counted as one line of 45,010 columns."""
    lines = ["a,b,c,y"] + [f"{i % 3},{i % 5},{i % 7},{'pq'[i % 2]}" for i in range(300)]
    data = (newline.join(lines) + newline).encode()
    assert load_bytes(data, "lines.csv", budget=Budget(columns=4, rows=300)).frame.shape == (300, 4)
    assert refused(lambda: load_bytes(data, "lines.csv", budget=Budget(rows=299)),
                   "rows").details["figure"] == 300
    assert refused(lambda: load_bytes(data, "lines.csv", budget=Budget(columns=3)),
                   "columns").details["figure"] == 4


@pytest.mark.parametrize("n", [30, 200])
def test_a_numeric_target_that_numbers_the_rows_is_named_an_id_column_at_any_size(n):
    """Row numbers 1..200 as the target were called regression (past 50 values), while 1..30
    got the ID-column sentence; measures spread wider are still regression."""
    data = ("a,b,id\n" + "\n".join(f"{'uvw'[i % 3]},{i % 5},{i + 1}" for i in range(n))).encode()
    with pytest.raises(DataError) as caught:
        prepare(load_bytes(data, "ids.csv", budget=Budget()), "id", budget=Budget())
    assert "ID column" in str(caught.value) and "regression" not in str(caught.value)
    spread = ("a,m\n" + "\n".join(f"{i % 3},{i * 37}" for i in range(200))).encode()
    with pytest.raises(DataError, match="regression"):
        prepare(load_bytes(spread, "m.csv"), "m", budget=Budget())


class _Clock:
    """The budget's clock, moved by hand: no test waits on real time."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


PRUNINGS = [dict(prune="pep", subtree_raising=True), dict(prune="pep"),
            dict(prune="ccp", ccp_alpha=0.5), dict(prune="cost", ccp_alpha=50.0),
            dict(prune="rep"), dict(prune="pre")]


@pytest.mark.parametrize("pruning", PRUNINGS, ids=lambda p: p["prune"] + str(len(p)))
def test_pruning_counts_against_the_fit_s_time_limit(monkeypatch, pruning):
    """The seconds bound fit as a whole: growth that ends within them, followed by pruning
    past them, is refused while pruning (C4.5's raising took 36 s under a 5 s budget)."""
    import dtree_core.budget as budget_module
    import dtree_core.fitting as fitting_module  # where fit grows (DecisionTree.fit calls it)

    clock = _Clock()
    monkeypatch.setattr(budget_module, "_now", clock)
    real_grow = fitting_module.grow

    def growth_then_ten_seconds_later(*args, **kwargs):
        trace = real_grow(*args, **kwargs)
        clock.now += 10  # growth ended within the limit; the next check is past it
        return trace

    monkeypatch.setattr(fitting_module, "grow", growth_then_ten_seconds_later)
    rng = np.random.default_rng(0)
    X = pd.DataFrame({f"x{j}": rng.integers(0, 4, 300).astype(str) for j in range(4)})
    y = pd.Series(rng.choice(["p", "q"], 300), name="y")
    tree = DecisionTree(algorithm="c45" if pruning["prune"] == "pep" else "cart", **pruning)
    with pytest.raises(BudgetError) as refused:
        tree.fit(X, y, validation=(X, y), budget=Budget(seconds=5))
    assert refused.value.code == "budget.seconds"
    # said of the fit, not of growth alone (which ended within the limit)
    assert str(refused.value).startswith("Growing and pruning the tree have taken 10")
    assert error_text(refused.value, "en").startswith("Growing and pruning the tree have taken")
    assert error_text(refused.value, "zh").startswith(
        "生成并剪枝决策树已用了 10 秒，超过了 --budget 的 5 秒上限")
    tree.fit(X, y, validation=(X, y), budget=Budget(seconds=60))  # within the limit: pruned


def test_the_cli_s_budget_reads_the_validation_file_within_it_and_advises_the_cli(
        tmp_path, capsys, monkeypatch):
    """--validation was read without --budget's limits, and a refusal advised "run the
    command-line tool, which has no limits" to someone running it."""
    from dtree_core.cli import main

    train, validation = tmp_path / "train.csv", tmp_path / "validation.csv"
    train.write_text("x,y\n" + "".join(f"{i % 3},{'pq'[i % 2]}\n" for i in range(10)))
    validation.write_text("x,y\n" + "".join(f"{i % 3},{'pq'[i % 2]}\n" for i in range(40)))
    monkeypatch.setenv("DTREE_BUDGET_ROWS", "20")
    capsys.readouterr()
    assert main(["grow", str(train), "--target", "y", "--budget", "--prune", "rep",
                 "--validation", str(validation)]) == 2
    said = capsys.readouterr().err
    assert "40 rows" in said and "drop --budget" in said and "command-line tool" not in said
    assert main(["grow", str(train), "--target", "y", "--prune", "rep",
                 "--validation", str(validation)]) == 0  # no --budget: no limits
    monkeypatch.setenv("DTREE_BUDGET_ROWS", "5")
    assert main(["grow", str(train), "--target", "y", "--budget"]) == 2
    said = capsys.readouterr().err
    assert "10 rows" in said and "drop --budget" in said and "command-line tool" not in said


@pytest.mark.parametrize("more_than", [False, True])
def test_the_cli_words_every_budget_refusal_as_its_own_and_says_more_than_a_stopped_count(
        more_than):
    """The CLI's English advises dropping --budget, never "run the command-line tool" (the
    app's advice), and a count stopped at the limit is "more than" it, not a wrong figure."""
    from dtree_core.budget import LIMITS

    for limit in LIMITS:
        with pytest.raises(BudgetError) as refused:
            Budget(**{limit: 10}).check(limit, 11, more_than=more_than)
        said = error_text(refused.value, "en")
        assert "command-line tool" not in said, said
        if more_than and limit in ("rows", "cells"):
            assert "more than 10" in said and "11" not in said, said


def test_the_entries_refusal_names_missing_values_only_where_rows_were_copied():
    """A 100 x 2 table with no missing value over an entries limit of 150 was told "a row
    with a missing value goes down every branch … fill in the missing values"."""
    import pandas as pd

    from dtree_core import DecisionTree

    X = pd.DataFrame({"a": [i % 7 for i in range(100)], "b": [i % 5 for i in range(100)]})
    y = [str(i % 3) for i in range(100)]
    error = refused(lambda: DecisionTree("id3", nominal=["a", "b"]).fit(
        X, y, budget=Budget(entries=150)), "entries")
    assert "copies" not in error.details and "missing" not in str(error)
    X.loc[::2, "a"] = None  # 50 rows go down each of a's branches at depth 1: 400 rows
    error = refused(lambda: DecisionTree("c45", nominal=["a", "b"]).fit(
        X, y, budget=Budget(entries=250)), "entries")
    assert error.details.get("copies") is True and "fill in the missing values" in str(error)


def test_a_setting_of_true_or_a_lower_case_name_is_no_silent_limit():
    """rows = true in secrets.toml read as float(True), a limit of 1 row that refused every
    upload without a word; DTREE_BUDGET_rows was neither read nor named."""
    budget, problems = Budget.configured_leniently(environ={"DTREE_BUDGET_rows": "5"},
                                                   secrets={"budget": {"rows": True}})
    assert budget.rows == Budget().rows
    assert sorted(p.code for p in problems) == ["budget.setting", "budget.unknown_setting"]


@pytest.mark.parametrize("prune", ["none", "pep"])
def test_a_watched_fit_tells_each_depth_then_that_pruning_begins(wm2, prune):
    """on_pruning is told once, after growth's last depth, and only by a fit that prunes;
    the limits stay unlimited where the budget was Budget.unlimited()."""
    told = []
    budget = Budget.unlimited().watched(lambda depth, nodes: told.append(("depth", depth)),
                                        on_pruning=lambda: told.append(("pruning",)))
    DecisionTree("c45", prune=prune).fit(*wm2, budget=budget)
    depths = [event for event in told if event[0] == "depth"]
    assert depths[0] == ("depth", 0) and len(depths) > 2
    assert told == depths + ([("pruning",)] if prune != "none" else [])


def test_the_solution_nodes_shown_are_a_setting_like_the_limits():
    """The Exercises page's solution_nodes: configured as the limits are."""
    assert Budget().solution_nodes == 50
    assert Budget.configured({"DTREE_BUDGET_SOLUTION_NODES": "7"}).solution_nodes == 7
    assert Budget.configured({}, {"budget": {"solution_nodes": "none"}}).solution_nodes is None
    assert Budget.configured_leniently({"DTREE_BUDGET_SOLUTION_NODES": "0"})[1]
