"""A shared link's limits reach the sidebar's widgets without Streamlit's warning that a widget
had both a default value and a value set through session state."""

from __future__ import annotations

from app_helpers import default_value_warnings, new_app


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
