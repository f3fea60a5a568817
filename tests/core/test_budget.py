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
    ("rows", 1001, "This needs 1,001 rows, over this server's limit of 1,000"),
    ("depth", 3, "The tree has reached depth 3, over this server's limit of 2"),
    ("seconds", 2.5, "Growing has taken 2.5 seconds, over this server's limit of 2"),
])
def test_the_sentence_says_what_was_measured(limit, figure, sentence):
    budget = Budget(rows=1000, depth=2, seconds=2.0)
    error = refused(lambda: budget.check(limit, figure), limit)
    assert str(error).startswith(sentence)
