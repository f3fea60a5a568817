"""The branch table says what the formulas use where values are missing (Zhou §4.4.2): its
|D̃ᵛ| column is the weight of the rows whose value is known (the formulas' |D̃ᵛ|), the row
count and the weight with the unknown rows' shares are columns of their own, headed as such,
and Li Hang's score table heads its known-row quantities H(D̃|A) and Gini(D̃, A)."""

from __future__ import annotations

import pytest

from tests.app.app_helpers import page_app, trace
from ui.messages import t

HEADERS = {("en", "zhou"): ("|D̃ᵛ|", "Ent(D̃ᵛ)"), ("zh", "lihang"): ("|D̃ᵢ|", "H(D̃ᵢ)")}


def branch_table(at, known_header: str):
    return next(df.value for df in at.dataframe if known_header in df.value.columns)


def inspected(at, step: int):
    """The node shown at `step` and the score row the panel inspects there."""
    tr = trace(at)
    node = tr["nodes"][tr["steps"][step]]
    box = next(s for s in at.selectbox if str(s.key).startswith("inspect_"))
    return node, next(r for r in node["scores"] if r["attribute"] == box.value)


@pytest.mark.parametrize(("lang", "notation"), list(HEADERS))
def test_the_branch_table_heads_the_known_rows_and_the_unknown_shares(lang, notation):
    at = page_app(None, "watermelon_2.0_alpha", lang, "c45", notation)
    size, entropy = HEADERS[lang, notation]
    node, score = inspected(at, 0)
    assert score["rho"] < 1  # 纹理 is missing on two rows at the root
    table = branch_table(at, size)
    weight = t("col.weight.with_unknown", attribute=score["attribute"], _lang=lang,
               _notation=notation)
    assert table[size].tolist() == [sum(b["class_counts"].values()) for b in score["branches"]]
    assert table[weight].tolist() == [b["weight"] for b in score["branches"]]
    assert table[entropy].tolist() == [b["entropy"] for b in score["branches"]]
    assert t("col.rows", _lang=lang) not in table.columns  # every row weighs 1 at the root


def test_a_node_of_fractional_rows_shows_its_row_count_beside_the_weights():
    """Below the root the two rows with unknown 纹理 weigh 7/15 each: |Dᵛ| is the weight the
    formulas divide by, not the number of rows (4 rows of 色泽=青绿 weigh 3.467 there)."""
    at = page_app(None, "watermelon_2.0_alpha", "en", "c45")
    at.slider(key="step_slider").set_value(1).run()
    node, score = inspected(at, 1)
    assert abs(node["weight"] - node["n"]) > 1e-9
    header = "|D̃ᵛ|" if score["rho"] < 1 else t("col.n", _lang="en")
    table = branch_table(at, header)
    known = [sum(b["class_counts"].values()) for b in score["branches"]]
    assert table[header].tolist() == known
    assert table[t("col.rows", _lang="en")].tolist() == [b["n"] for b in score["branches"]]
    assert known != [b["n"] for b in score["branches"]]


def test_li_hangs_score_table_heads_the_known_row_quantities_with_d_tilde():
    at = page_app(None, "watermelon_2.0_alpha", "zh", "c45", "lihang")
    headers = [c for df in at.dataframe for c in df.value.columns]
    assert "H(D̃|A)" in headers and "Gini(D̃, A)" in headers
    assert "g(D, A)" in headers and "H_A(D)" in headers  # Gain and IV are of all of D
    plain = page_app(None, "watermelon_2.0", "zh", "c45", "lihang")
    assert "H(D|A)" in [c for df in plain.dataframe for c in df.value.columns]
