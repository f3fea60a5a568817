"""One catalogue: every key the UI asks for exists, and every core code has words."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from dtree_core import algorithms
from dtree_core.decide import TIE_BREAKS
from dtree_core.evaluate import NOTE_TEXT
from ui.messages import EN, LANGUAGES, t
from ui.pseudocode import FIRED_BY_STOP, LINES

ROOT = Path(__file__).resolve().parents[2]
MINE = [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py")),
        *sorted((ROOT / "ui").glob("*.py"))]
LITERAL_KEY = re.compile(r"""\b(?:t|tm|t_or)\(\s*["']([a-z_]+(?:\.[A-Za-z0-9_]+)+)["']""")


def test_every_literal_key_is_in_the_catalogue():
    used = {key for path in MINE for key in LITERAL_KEY.findall(path.read_text("utf-8"))}
    assert used, "the pattern found no t() calls"
    assert sorted(used - set(EN)) == []


def test_core_codes_are_translated():
    """Every built-in algorithm's name and rule, every stop case, every pseudocode line."""
    for stop in [*FIRED_BY_STOP, "pure", "empty"]:
        assert f"stop.{stop}" in EN
    assert "rule.forced" in EN
    registered = algorithms.keys()  # a function of the registry, not a dict
    for record in map(algorithms.get, registered):
        assert record.name_key in EN and record.rule_key in EN
        assert all(f"col.{column}" in EN for column in record.columns)
    assert all(f"pseudo.{line}" in EN for line in LINES)
    assert all(f"eval.note.{code}" in EN for code in NOTE_TEXT)
    for code, text in NOTE_TEXT.items():  # the same placeholders as the note's details
        assert placeholders(EN[f"eval.note.{code}"]) == placeholders(text)
    assert all(f"tie.{rule}" in EN and f"cmp.why.tie_break.{rule}" in EN for rule in TIE_BREAKS)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_t_fills_values_and_falls_back():
    assert t("node.header", node=5) == "Node #5"
    assert t("no.such.key") == "no.such.key"
    assert t("grow.key_help", key="Left") == "Keyboard: Left"  # a {key} placeholder is fine
    assert "en" in LANGUAGES


def test_literal_keeps_user_text_out_of_markdown():
    from ui.messages import literal, tm

    assert literal("a*b_$c$<i>") == r"a\*b\_\$c\$\<i\>"
    assert tm("setup.using", name="**x**", rows=1, cols=2).startswith(r"Using **\*\*x\*\***")


def test_literal_writes_colons_so_streamlit_s_directives_do_not_act():
    """:smile: became an emoji, :red[x] an empty coloured span and :material/home: an icon
    (the browser test shows them as typed); the entity is a colon to Markdown."""
    from ui.messages import literal

    assert literal(":smile:") == "&#58;smile:"
    assert literal(":red[x]") == r"&#58;red\[x\]"
    assert literal(":material/home:") == "&#58;material/home:"
    assert literal("Note: a:b") == "Note: a&#58;b"  # a colon before a space starts nothing


def test_split_errors_are_worded_from_their_codes():
    """Each SplitError the evaluate page can meet has words of its own, filled from details."""
    import pytest

    from dtree_core.evaluate import SplitError, holdout_notes, kfold_notes
    from ui.setup import error_text

    for call, code in ((lambda: holdout_notes(["a", "b"], 1.5), "holdout_share"),
                       (lambda: holdout_notes(["a"], 0.3), "holdout_rows"),
                       (lambda: holdout_notes(["a", "b"], 0.3), "holdout_single_rows"),
                       (lambda: kfold_notes(["a", "b", "a"], 4), "kfold_k")):
        with pytest.raises(SplitError) as caught:
            call()
        assert caught.value.code == code
        assert placeholders(EN[f"error.{code}"]) == set(caught.value.details)
        assert error_text(caught.value) == t(f"error.{code}", **caught.value.details)


def test_every_loader_refusal_an_upload_can_meet_has_its_words_in_both_languages():
    """The app words a core refusal by its code (ui.setup.error_text) and falls back to the
    core's English: every code the loader raises needs its message in both catalogues.
    A path that is not a regular file and an unknown bundled dataset reach only the CLI."""
    from ui.messages_zh import ZH

    cli_only = {"not_a_file", "unknown_dataset"}
    source = "".join(p.read_text(encoding="utf-8")
                     for p in (Path(__file__).parents[2] / "dtree_core").glob("*.py"))
    codes = set(re.findall(r'(?:LoadError|DataError)\((?:[^()]|\([^()]*\))*?,\s*"([a-z_.]+)"',
                           source, re.S))
    assert "too_many_values" in codes and len(codes) > 15
    missing = sorted(c for c in codes - cli_only if f"error.{c}" not in EN
                     or f"error.{c}" not in ZH)
    assert missing == []


def test_a_column_with_too_many_values_is_refused_in_chinese():
    from dtree_core.loading import LoadError
    from ui.setup import error_text

    error = LoadError("Column 'x' has 300 different values", "too_many_values", column="x",
                      values=300, limit=256)
    assert error_text(error) == t("error.too_many_values", column="x", values=300, limit=256)
    assert "300" in t("error.too_many_values", _lang="zh", column="x", values=300, limit=256)


def test_a_time_limit_reached_while_pruning_is_worded_as_pruning():
    """The refusal's pruning flag picks its own words (not "growing took longer")."""
    import pytest

    from dtree_core.budget import Budget, BudgetError
    from ui.setup import error_text

    with pytest.raises(BudgetError) as caught:
        Budget(seconds=5).check("seconds", 9.0, pruning=True)
    assert error_text(caught.value) == t("error.budget.seconds.pruning", **caught.value.details)
    assert "pruning" in error_text(caught.value)


def test_a_code_the_app_has_no_words_for_is_said_in_the_sessions_language(monkeypatch):
    """Only refused options fell back to the command line's Chinese: an empty validation set
    or a bad budget setting reached the Chinese app in English."""
    from dtree_core.budget import _limit
    from dtree_core.cli_messages import ERRORS_ZH
    from dtree_core.data import CodedError
    from ui.setup import error_text

    monkeypatch.setattr("ui.messages.current_language", lambda: "zh")
    monkeypatch.setattr("ui.setup.current_language", lambda: "zh")
    empty = CodedError("There are no validation rows to prune with.", "validation_empty")
    assert error_text(empty) == ERRORS_ZH["validation_empty"]
    with pytest.raises(CodedError) as caught:
        _limit("many", "rows", "DTREE_MAX_ROWS")
    assert error_text(caught.value) == ERRORS_ZH["budget.setting"].format(
        key="DTREE_MAX_ROWS", value="many")


@pytest.mark.parametrize("name", ["x\n===\ny", "x\r\n---", "a\n\n    code", "a\rb"])
def test_a_name_with_a_line_break_stays_on_the_sentences_line(name):
    """'x\\n===' made the sentence before it a Markdown heading, and a blank line then four
    spaces a code block: a name's line break is shown as ⏎, as the text forms show it."""
    from ui.messages import literal

    shown = literal(name)
    assert "\n" not in shown and "\r" not in shown and "⏎" in shown
