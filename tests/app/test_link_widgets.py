"""A shared link's limits reach the sidebar's widgets without Streamlit's warning that a widget
had both a default value and a value set through session state; a value the link's reader
cannot read is said as such, in the page's language."""

from __future__ import annotations

import pytest
from app_helpers import default_value_warnings, new_app, open_link, warnings

from dtree_core import links
from ui.messages import t


def test_a_links_limits_set_the_widgets_without_a_warning(monkeypatch):
    with default_value_warnings(monkeypatch) as messages:
        at = new_app()
        for key, value in {"data": "watermelon_2.0", "max_depth": "2", "min_samples_split": "3",
                           "min_gain": "0.01", "seed": "5"}.items():
            at.query_params[key] = value
        at.run()
    assert not at.exception
    assert at.session_state["max_depth"] == 2 and at.session_state["min_samples"] == 3
    assert [m for m in messages if "default value" in m] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_text_the_reader_cannot_read_is_said_with_its_reason(monkeypatch, lang):
    """A text field's reader that fails (none does today: a guard for the next one) was noted
    as "refused" with an empty reason: "The link's algorithm=c45 was not used: " and no more."""
    def unreadable(text):
        raise ValueError(text)

    monkeypatch.setitem(links._READERS, "str", unreadable)
    at = open_link({"data": "watermelon_2.0", "algorithm": "c45"}, lang)
    assert warnings(at) == [t("link.problem.unreadable", _lang=lang, param="algorithm",
                              value="c45")]
    assert at.session_state["algorithm"] == "id3"
