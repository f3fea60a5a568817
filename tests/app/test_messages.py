"""One catalogue: every key the UI asks for exists, and every core code has words."""

from __future__ import annotations

import re
from pathlib import Path

from ui.messages import EN, LANGUAGES, t
from ui.pseudocode import FIRED_BY_STOP, LINES

ROOT = Path(__file__).resolve().parents[2]
MINE = [ROOT / "app.py", ROOT / "pages" / "grow.py", *sorted((ROOT / "ui").glob("*.py"))]
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z_]+(?:\.[A-Za-z0-9_]+)+)["']""")


def test_every_literal_key_is_in_the_catalogue():
    used = {key for path in MINE for key in LITERAL_KEY.findall(path.read_text("utf-8"))}
    assert used, "the pattern found no t() calls"
    assert sorted(used - set(EN)) == []


def test_core_codes_are_translated():
    for stop in [*FIRED_BY_STOP, "pure", "empty"]:
        assert f"stop.{stop}" in EN
    for rule in ("max_gain", "c45_gain_ratio", "min_gini", "random", "forced"):
        assert f"rule.{rule}" in EN
    for algorithm in ("id3", "c45", "cart", "cls"):
        assert f"algo.{algorithm}" in EN
    assert all(f"pseudo.{line}" in EN for line in LINES)


def test_t_fills_values_and_falls_back():
    assert t("node.header", node=5) == "Node #5"
    assert t("no.such.key") == "no.such.key"
    assert t("grow.key_help", key="Left") == "Keyboard: Left"  # a {key} placeholder is fine
    assert "en" in LANGUAGES


def test_literal_keeps_user_text_out_of_markdown():
    from ui.messages import literal, tm

    assert literal("a*b_$c$<i>") == r"a\*b\_\$c\$\<i\>"
    assert tm("setup.using", name="**x**", rows=1, cols=2).startswith(r"Using **\*\*x\*\***")
