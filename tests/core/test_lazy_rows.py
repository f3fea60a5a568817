"""The app's trace dict builds a node's score rows when they are first read, and the same."""

from __future__ import annotations

import json
import pickle

from dtree_core import DecisionTree


def test_lazy_rows_equal_the_eager_ones_and_pickle_as_lists(wm3):
    trace = DecisionTree("c45").fit(*wm3).trace_
    eager, lazy = trace.to_dict(), trace.to_dict(scores="lazy")
    assert json.dumps(lazy, ensure_ascii=False, default=list) == json.dumps(eager,
                                                                            ensure_ascii=False)
    again = pickle.loads(pickle.dumps(trace.to_dict(scores="lazy")))
    assert again == eager and isinstance(again["nodes"][0]["scores"], list)


def test_only_the_rows_read_are_built(wm2):
    lazy = DecisionTree("id3").fit(*wm2).trace_.to_dict(scores="lazy")
    tables = [node["scores"] for node in lazy["nodes"] if not isinstance(node["scores"], list)]
    assert tables and all(table._rows is None for table in tables)
    assert tables[0][0]["attribute"] and tables[0]._rows is not None
    assert all(table._rows is None for table in tables[1:])
