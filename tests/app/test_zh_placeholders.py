"""No select box or multiselect that can stand empty shows Streamlit's own English placeholder
("Choose an option", "Choose options", ...): each that can has one from the catalogue, in both
languages (user review: English in the Chinese UI)."""

from __future__ import annotations

import re

import pytest
from app_helpers import page_app

PAGES = ["pages/grow.py", "pages/predict.py", "pages/exercises.py", "pages/export.py",
         "pages/compare.py", "pages/evaluate.py", "pages/manual.py"]
CJK = re.compile(r"[\u4e00-\u9fff]")


def can_stand_empty(widget, multiple: bool) -> bool:
    """A multiselect can always be emptied; a select box shows its placeholder when it has no
    value (index=None, or None set in session state) or no options."""
    return multiple or widget.value is None or not widget.options


def bare(at, lang: str) -> list[str]:
    """The keys of the widgets that can stand empty and would show Streamlit's placeholder
    (the proto's placeholder is "" when none was given), or, in Chinese, an English one."""
    found = []
    for widgets, multiple in ((at.selectbox, False), (at.multiselect, True)):
        for widget in widgets:
            if not can_stand_empty(widget, multiple):
                continue
            shown = widget.proto.placeholder
            if not shown.strip() or (lang == "zh" and not CJK.search(shown)):
                found.append(f"{widget.key}: {shown!r}")
    return found


def hand_edit_forms(at):
    """The exercises page's hand edits that hold multiselects: regrouping and the automatic
    pruning with locked nodes."""
    at.selectbox(key="he_node").set_value("root").run()
    for action in ("regroup", "auto"):
        at.radio(key="he_action").set_value(action).run()
        assert not at.exception and not at.error
        yield at


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("page", PAGES)
def test_no_streamlit_placeholder(page, lang):
    at = page_app(page, "watermelon_2.0", lang)
    assert bare(at, lang) == []
    if page == "pages/exercises.py":
        for state in hand_edit_forms(at):
            assert bare(state, lang) == []
