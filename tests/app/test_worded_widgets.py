"""Widgets whose options are worded in the session's language and notation (ui.messages.labelled)
get their value again after a switch, so the browser shows the pick in the new words (Streamlit
1.67 sends a pick as the label it showed: an old label came back, matched no option and put the
widget back to its first option; tests/e2e/test_languages_browser.py watches that in chromium)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from app_helpers import ROOT, grown_app

# Widgets in a form are not given their value again after a switch: that value is the one
# last submitted, and it would be sent over a pick not yet submitted (and None, a missing value
# or no answer yet, empties a selectbox). Their None's label stays in the old words until the
# page reloads; submitted, it still reads as None (Streamlit falls back to the first option).
IN_FORM = {("predict.py", "key"), ("exercises.py", "key")}
# Widgets with a format_func of their own, and why they need no labelled key
OWN_FORMAT = {
    "lang_picker": "each language is named in its own words, whatever the session's",
    "jump": "ui.widgets.step_pickers sets its value before every run",
    "THRESHOLD_KEY": "numbers, the same in every language",
}


def _app_sources() -> list[Path]:
    return [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py")),
            *sorted((ROOT / "ui").glob("*.py"))]


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _node_key_names(function: ast.AST) -> set[str]:
    """Names assigned from state.node_widget_key, whose keys change with the words already."""
    return {target.id for node in ast.walk(function) if isinstance(node, ast.Assign)
            and "node_widget_key" in ast.unparse(node.value)
            for target in node.targets if isinstance(target, ast.Name)}


def _format_func_widgets():
    """(file, widget key source, format_func call, names keyed per node) for every widget."""
    for path in _app_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.Module):
                continue
            per_node = _node_key_names(function)
            for call in ast.walk(function):
                if isinstance(call, ast.Call) and _keyword(call, "format_func") is not None:
                    yield path.name, _keyword(call, "key"), _keyword(call, "format_func"), per_node


def test_every_worded_widget_gives_its_key_to_labelled():
    seen = 0
    for name, key, format_func, per_node in _format_func_widgets():
        key_source = ast.unparse(key)
        if key_source in per_node or "node_widget_key" in key_source:
            continue
        if not (isinstance(format_func, ast.Call) and ast.unparse(format_func.func) == "labelled"):
            assert key_source.strip("'\"") in OWN_FORMAT, (name, key_source)
            continue
        given = _keyword(format_func, "key")
        if (name, key_source) in IN_FORM:
            assert given is None, (name, key_source)
            continue
        assert given is not None and ast.unparse(given) == key_source, (name, key_source)
        seen += 1
    assert seen >= 25  # the scan found the app's widgets


@pytest.mark.parametrize("switch", ["lang", "notation"])
def test_a_switch_sends_every_shown_worded_pick_again(switch):
    at = grown_app("watermelon_2.0", "cart", lang="en")
    at.selectbox(key="tie_break").set_value("last").run()
    at.run()
    assert not any(box.proto.set_value for box in at.sidebar.selectbox
                   if box.key in ("algorithm", "tie_break"))  # nothing to send: no switch
    if switch == "lang":
        at.selectbox(key="lang_picker").set_value("zh").run()
    else:
        at.radio(key="notation_picker").set_value("lihang").run()
    assert not at.exception
    sent = {box.key: box.proto.raw_value for box in at.selectbox if box.proto.set_value}
    words = "zh" if switch == "lang" else "en"
    assert sent["algorithm"] == at.selectbox(key="algorithm").format_func("cart")
    assert sent["tie_break"] == at.selectbox(key="tie_break").format_func("last")
    assert at.session_state["tie_break"] == "last" and at.session_state["lang"] == words
    at.run()
    assert not any(box.proto.set_value for box in at.selectbox
                   if box.key in ("algorithm", "tie_break"))  # once, after the switch


def test_a_switch_run_cut_short_sends_the_words_again(monkeypatch):
    """A click while the run after a switch is still going stops it: widgets it had not yet
    drawn never got their value in the new words. The switch counts as done only at the end
    of a run that finished (ui.state.words_sent), so the next run sends them again."""
    from ui import state

    at = grown_app("watermelon_2.0", "cart", lang="en")
    at.selectbox(key="tie_break").set_value("last").run()
    finished = state.words_sent
    monkeypatch.setattr(state, "words_sent", lambda: None)  # this run ends before its end
    at.selectbox(key="lang_picker").set_value("zh").run()
    monkeypatch.setattr(state, "words_sent", finished)
    at.run()
    sent = {box.key: box.proto.raw_value for box in at.selectbox if box.proto.set_value}
    assert sent["tie_break"] == at.selectbox(key="tie_break").format_func("last")
    at.run()
    assert not at.selectbox(key="tie_break").proto.set_value  # and then no more
