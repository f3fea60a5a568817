"""A word a catalogue text quotes from a book by name is marked ⟦ ⟧ and kept as written under
any notation, the brackets dropped (Notation.in_terms), in the app and on the command line."""

from __future__ import annotations

import pytest

from dtree_core import cli_messages, notation

QUOTE = "准确率即周志华书中的“⟦精度⟧”；{where} 的精度"


@pytest.mark.parametrize(("key", "own"), [("zhou", "精度"), ("lihang", "准确率")])
def test_a_quoted_word_stays_as_written(key, own):
    shown = notation.get(key).in_terms(QUOTE)
    assert shown == f"准确率即周志华书中的“精度”；{{where}} 的{own}"


@pytest.mark.parametrize("names", [None, notation.get("lihang")])
def test_the_command_line_drops_the_brackets_too(names, monkeypatch):
    monkeypatch.setitem(cli_messages.CATALOGUE["zh"], "test.quote", QUOTE)
    said = cli_messages.say("zh", "test.quote", _names=names, where="根结点")
    assert "⟦" not in said and "⟧" not in said and "书中的“精度”" in said
