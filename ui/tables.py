"""Plain data drawn from a trace dict for the views: orders, node lookups, tables.

No Streamlit here, so the numbers a page shows can be tested without a running app.
Numbers are passed through exactly; rounding happens only in the widgets' display formats.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque

import numpy as np
import pandas as pd

from dtree_core import criteria
from dtree_core import notation as notations
from dtree_core.algorithms import j48_pick
from dtree_core.compare import deciding_score
from dtree_core.export import is_tied
from dtree_core.labels import children_of, format_number
from dtree_core.paths import node_key, path_keys
from dtree_core.rules import percent_places, share_places
from dtree_core.split import places_apart, record_threshold_text
from dtree_core.splitting import tie_margin
from dtree_core.trace import Condition
from ui import registry


def bfs_order(trace: dict) -> list[int]:
    """The nodes level by level (a breadth-first view of the same decisions)."""
    children, order, queue = children_of(trace), [], deque([trace["steps"][0]])
    while queue:
        node = queue.popleft()
        order.append(node)
        queue.extend(children[node])
    return order


def replay_order(trace: dict, order: str = "dfs") -> list[int]:
    """The trace's own steps (TreeGenerate's recursion), or the BFS view."""
    return bfs_order(trace) if order == "bfs" else list(trace["steps"])


def ancestors(trace: dict, node_id: int) -> list[int]:
    """Ids from the root down to node_id's parent."""
    nodes, chain, parent = trace["nodes"], [], trace["nodes"][node_id]["parent"]
    while parent is not None:
        chain.append(parent)
        parent = nodes[parent]["parent"]
    return chain[::-1]


def node_at_path(trace: dict, key: str) -> int | None:
    """The node whose node_key is key ('root', '纹理=清晰/根蒂=稍蜷'), if any."""
    return next((i for i, k in enumerate(path_keys(trace)) if k == key), None)


def threshold_formatter(thresholds, digits):
    """A display format for a column of cuts: each t as its record writes it (more digits
    where 6 would misplace the cut), not the whole column to the most any row needs (beside a
    cut needing 17 digits, 1.2 would read 1.2000000000000002). A format sees the value alone,
    so rows of one t share the most digits any of them has."""
    most: dict[float, int] = {}
    for t_, d in zip(thresholds, digits, strict=True):
        if d is not None and pd.notna(d) and pd.notna(t_):
            most[t_] = max(most.get(t_, 0), int(d))
    written = {t_: record_threshold_text({"threshold": t_, "threshold_digits": d})
               for t_, d in most.items()}
    return lambda t_: written.get(t_) or format_number(t_)


def styled_numbers(frame: pd.DataFrame, decimals: int, formats: dict):
    """The frame with every float column to `decimals` places except those `formats` names
    (a column of cuts: threshold_formatter), gaps as BLANK; display only, the data stay
    exact numbers, so a column still sorts by value."""
    shown = {column: formats.get(column, f"{{:.{decimals}f}}") for column in frame.columns
             if pd.api.types.is_float_dtype(frame[column])}
    return frame.style.format(shown, na_rep=BLANK)


def counts_text(counts: dict, classes: list, decimals: int = 3) -> str:
    """'是 8 · 否 9' in the trace's class order."""
    return " · ".join(f"{c} {format_number(counts.get(c, 0), decimals)}" for c in classes)


TWO_WAY_COLUMNS = ("gain", "iv", "gain_ratio", "gini_index")  # of the split the tree makes


def shown_columns(algorithm: str, notation: str = notations.DEFAULT) -> tuple[str, ...]:
    """The algorithm's score columns; a two-way splitter's also get Zhou's multiway
    Gini_index (eq. 4.6), since its own Gini_index is of the best two-way split. A notation's
    derived columns (Li Hang's H(D|A)) go before the gain they make up."""
    record = registry.record(algorithm)
    columns = record.columns
    if record.nominal_shape == "binary" and "gini_index_multiway" not in record.columns:
        columns = (*record.columns, "gini_index_multiway")
    extra = tuple(c for c in notations.get(notation).columns if c not in columns)
    if extra and "gain" in columns:
        at = columns.index("gain")
        columns = (*columns[:at], *extra, *columns[at:])
    return columns


def rule_columns(algorithm: str, notation: str = notations.DEFAULT) -> tuple[str, ...]:
    """Lecture mode's score columns: those the algorithm's rule reads (its record's
    rule_columns), with a notation's derived columns that make up a gain it reads (Li Hang's
    H(D|A)); a projector's half screen has no room for the scores it does not compare."""
    shown = shown_columns(algorithm, notation)
    read = registry.record(algorithm).rule_columns
    if read is None:
        return shown
    derived = notations.get(notation).columns if "gain" in read else ()
    return tuple(c for c in shown if c in read or c in derived)


def is_two_way(algorithm: str, column: str) -> bool:
    """Is this column's number that of a two-way split (CART's), not the book's multiway one?"""
    return registry.record(algorithm).nominal_shape == "binary" and column in TWO_WAY_COLUMNS


def score_frame(node: dict, algorithm: str, notation: str = notations.DEFAULT) -> pd.DataFrame:
    """One row per candidate attribute with the algorithm's score columns, exactly as recorded
    (a notation's derived column from the row's own numbers: dtree_core.notation)."""
    columns, names = shown_columns(algorithm, notation), notations.get(notation)
    rows = [notations.with_derived(row, names) for row in node["scores"]]
    return pd.DataFrame([{
        "attribute": row["attribute"], "kind": row["kind"], "threshold": row["threshold"],
        "threshold_digits": row.get("threshold_digits"), "rho": row["rho"],
        **{col: row.get(col) for col in columns},
        "tied": is_tied(node, row), "chosen": row["chosen"],
        "eligible": row.get("eligible", True),
    } for row in rows])


def branch_frame(score: dict, classes: list) -> pd.DataFrame:
    """The branch table of one candidate: its rows, |Dᵛ| (the weight of the rows whose value
    is known, which the formulas use), the weight with the unknown rows' shares, class counts,
    Ent, Gini."""
    rows = []
    for branch in score["branches"]:
        counts = branch["class_counts"]
        rows.append({
            "value": branch_value_text(branch, score["attribute"]), "rows": branch["n"],
            "n": sum(counts.values()), "weight": branch["weight"],
            **{c: counts.get(c, 0) for c in classes},
            "entropy": branch["entropy"], "gini": branch["gini"],
        })
    return pd.DataFrame(rows)


# The split record's text writes ASCII '<='; the table shows the books' '≤' (Zhou Fig. 4.8).
TEXTBOOK_SYMBOLS = (("<=", "≤"),)


def branch_value_text(branch: dict, attribute: str = "") -> str:
    """A branch's condition without the attribute, the column being named after it, in the
    split record's one text form (dtree_core.split): '青绿', '≤0.126' / '>0.126',
    'in {青绿,乌黑}'. A branch recorded without its op (an older trace) shows its value."""
    if "op" not in branch:
        value = branch["value"]
        return "{" + ",".join(map(str, value)) + "}" if isinstance(value, list) else str(value)
    text = Condition.from_dict({**branch, "attribute": attribute}).text(named=False)
    for ascii_op, symbol in TEXTBOOK_SYMBOLS:
        if text.startswith(ascii_op):
            return symbol + text[len(ascii_op):]
    return text


def score_of(node: dict, attribute: str) -> dict | None:
    return next((row for row in node["scores"] if row["attribute"] == attribute), None)


def winner(node: dict) -> dict | None:
    return next((row for row in node["scores"] if row["chosen"]), None)


def compared_places(trace: dict, node: dict, decimals: int) -> dict[str, int]:
    """The decimals each score column is written to at this node: `decimals`, or as many more
    as tell apart what the rule compared (dtree_core.split.places_apart), so a winner never
    reads the same as a rival it beat: the deciding score, the winner's against every other
    candidate it was ranked among (C4.5: those that passed the mean); C4.5's Gain, each
    candidate's against the mean (the mean is written alike). A tie reads as one."""
    decision = node["decision"]
    if decision["kind"] != "split" or not node["scores"]:
        return {}
    pairs: dict[str, list[tuple[float, float]]] = {}
    record = registry.record(trace["algorithm"])
    column = deciding_score(record, node)
    best = winner(node)
    rivals = eligible_rows(node)
    if decision.get("mean_gain") is not None:
        mean = decision["mean_gain"]
        pairs["gain"] = [(row["gain"], mean) for row in rivals]
        rivals = [row for row in rivals if row["attribute"] in (decision.get("passed") or ())]
    value = best.get(column) if best is not None else {  # a linear test has no row of its own
        "gini_index": decision.get("linear_impurity"),
        "gini_gain": decision.get("linear_gain")}.get(column)
    if value is not None:
        pairs.setdefault(column, []).extend(
            (value, row[column]) for row in rivals
            if row is not best and row.get(column) is not None)
    return {name: places_apart(compared, decimals) for name, compared in pairs.items()}


def has_fractions(node: dict) -> bool:
    """Did missing values make this node's weight differ from its row count?"""
    return abs(node["weight"] - node["n"]) > 1e-12


BLANK = "—"  # a cell with no value (st.dataframe's placeholder), as the static tables print it


def percent_format(decimals: int, shares=()) -> str:
    """The printf format of a percentage column of these shares, to the places percent_text
    gives the one that needs the most (2999 of 3000 is 99.97%, not 100.0%)."""
    places = max((share_places(s, decimals) for s in shares if s is not None),
                 default=percent_places(decimals))
    return f"%.{places}f%%"


# --------------------------------------------------------------------- where a lesson applies

def _same(a: float, b: float) -> bool:
    """Equal as the core's ties are (splitting.tie_margin: relative, with a floor near 0)."""
    return abs(a - b) <= tie_margin(max(abs(a), abs(b)))


def eligible_rows(node: dict) -> list[dict]:
    return [row for row in node["scores"] if row.get("eligible", True)]


def smaller_gini_loser(node: dict) -> dict | None:
    """The candidate with the smallest Gini_index when it is not the split made: CART ranks
    by ρ·(Gini(D̃) − Gini_index), so a small ρ or a purer D̃ can make it lose."""
    rows, best = eligible_rows(node), winner(node)
    if best is None or not rows:
        return None
    smallest = min(rows, key=lambda row: row["gini_index"])
    if smallest["attribute"] == best["attribute"] or _same(smallest["gini_index"],
                                                            best["gini_index"]):
        return None
    return smallest


def gains_at_mean(node: dict) -> list[str]:
    """Candidates whose Gain equals C4.5's mean exactly: '>' would drop them, '≥' keeps them."""
    mean = node["decision"].get("mean_gain")
    if mean is None:
        return []
    return [row["attribute"] for row in eligible_rows(node) if _same(row["gain"], mean)]


def continuous_penalty_changes_pick(node: dict) -> str | None:
    """J48's pick (dtree_core.algorithms.j48_pick) when it differs from the book's C4.5 pick
    at this node, else None."""
    best = winner(node)
    if best is None or not any(row["kind"] == "continuous" for row in node["scores"]):
        return None
    pick = j48_pick(node)
    return pick if pick not in (None, best["attribute"]) else None


# --------------------------------------------------------------------- numbers books round early


def dataset_fingerprint(trace: dict) -> str:
    """Names the data a trace was grown on: target, attributes with their values, classes, root
    counts and how many rows know each attribute's value at the root. The last tells Zhou's
    2.0 from 2.0α (Table 4.4: the same names and class counts, with missing values)."""
    root = trace["nodes"][trace["steps"][0]]
    known = {row["attribute"]: sum(b["n"] for b in row["branches"]) for row in root["scores"]}
    facts = [trace["target"],
             [[a["name"], a["kind"], a.get("values")] for a in trace["attributes"]],
             [[str(c), root["class_counts"].get(c, 0)] for c in trace["classes"]],
             [known.get(a["name"]) for a in trace["attributes"]], root["n"]]
    return hashlib.sha256(json.dumps(facts, ensure_ascii=False).encode()).hexdigest()[:12]


# fingerprint -> {(node path key, attribute, score field): (citation's catalogue key, printed
# value)}: only values a book prints rounded from rounded intermediate terms (its last digit is
# not the exact one's). The field is the book's multiway quantity (Zhou's Gain, eq. 4.2).
BOOK_PRINTED = {
    "watermelon_2.0": {("root", "色泽", "gain"): ("lesson.cite.zhou_4_2_1", "0.109")},
    "watermelon_2.0_en": {("root", "color", "gain"): ("lesson.cite.zhou_4_2_1", "0.109")},
    "all_electronics": {("root", "age", "gain"): ("lesson.cite.han_8_2_2", "0.246")},
}
BOOK_FINGERPRINTS = {  # dataset_fingerprint of the bundled file -> its BOOK_PRINTED entry
    "621f9c3ffc36": "watermelon_2.0",
    "db8c55220da5": "watermelon_2.0_en",
    "3e6073fc78a6": "all_electronics",
}


def book_printed(trace: dict) -> dict:
    """The trace's BOOK_PRINTED entry: empty unless it was grown on a bundled book's file."""
    return BOOK_PRINTED.get(BOOK_FINGERPRINTS.get(dataset_fingerprint(trace)), {})


def book_rounded(trace: dict, node: dict) -> list[tuple[str, str, str, str, float]]:
    """(attribute, field, citation key, printed, exact) where a book prints this node's number
    rounded early: the exact value, rounded to the printed digits, is not what the book prints.
    None where the trace's field is not the book's quantity: a two-way splitter's Gain is of
    its best two-way split (CART's 0.0935 for 色泽), not the book's multiway Gain."""
    found = []
    for (key, attribute, field), (book, printed) in book_printed(trace).items():
        if is_two_way(trace["algorithm"], field) or node_key(trace, node["id"]) != key:
            continue
        row = score_of(node, attribute)
        digits = len(printed.split(".")[1])
        if row is not None and f"{row[field]:.{digits}f}" != printed:
            found.append((attribute, field, book, printed, row[field]))
    return found


def book_note_fields(trace: dict, node: dict, names: notations.Notation) -> list[dict]:
    """The placeholders of each 'lesson.book_rounded' sentence at this node: the citation's
    catalogue key, the printed value, the quantity's symbol in the chosen notation (Zhou's
    Gain(D, 色泽), Li Hang's g(D, 色泽)) and the exact value to four decimals."""
    return [{"book": book, "printed": printed, "symbol": names.text(field, "D", str(attribute)),
             "exact": f"{exact:.4f}"}
            for attribute, field, book, printed, exact in book_rounded(trace, node)]


# --------------------------------------------------------------------- impurity measures


# The views' measure names -> the trace's node fields (the third is Duda's misclassification).
IMPURITY_FIELDS = {"entropy": "entropy", "gini": "gini", "error": "misclassification"}
MEASURES = {"entropy": criteria.entropy, "gini": criteria.gini,
            "misclassification": criteria.misclassification}


def node_impurities(node: dict, classes: list) -> dict[str, float]:
    """The node's Ent(D), Gini(D) and misclassification impurity as the trace records them;
    a trace written before the last was recorded gets the core's formulas on its counts."""
    if all(field in node for field in IMPURITY_FIELDS.values()):
        return {name: node[field] for name, field in IMPURITY_FIELDS.items()}
    counts = np.array([node["class_counts"].get(c, 0) for c in classes], dtype=float)
    return {name: float(MEASURES[field](counts)) for name, field in IMPURITY_FIELDS.items()}


def impurity_maxima(classes: int) -> dict[str, float]:
    """Each measure at equal shares: log₂|Y| (Zhou), 1 − 1/|Y|, 1 − 1/|Y| (dtree_core)."""
    top = criteria.impurity_maxima(classes)
    return {name: top[field] for name, field in IMPURITY_FIELDS.items()}


def impurity_curves(points: int = 101) -> dict[str, list[float]]:
    """The three measures for two classes against p, the share of the first: the core's
    formulas (dtree_core.criteria) on the counts (p, 1 − p)."""
    ps = np.linspace(0.0, 1.0, points)
    counts = np.stack([ps, 1 - ps], axis=-1)
    return {"p": ps.tolist(), **{name: MEASURES[field](counts).tolist()
                                 for name, field in IMPURITY_FIELDS.items()}}


def class_shares(node: dict, classes: list) -> list[float]:
    weight = sum(node["class_counts"].get(c, 0) for c in classes)
    return [node["class_counts"].get(c, 0) / weight if weight else 0.0 for c in classes]
