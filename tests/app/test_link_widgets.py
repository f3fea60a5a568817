"""A shared link's limits reach the sidebar's widgets without Streamlit's warning that a widget
had both a default value and a value set through session state."""

from __future__ import annotations

import logging

from app_helpers import new_app


class _Kept(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def test_a_links_limits_set_the_widgets_without_a_warning():
    kept = _Kept()
    loggers = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)
               if name.startswith("streamlit")] + [logging.getLogger()]
    for logger in loggers:
        logger.addHandler(kept)
    try:
        at = new_app()
        for key, value in {"data": "watermelon_2.0", "max_depth": "2", "min_samples_split": "3",
                           "min_gain": "0.01", "seed": "5"}.items():
            at.query_params[key] = value
        at.run()
    finally:
        for logger in loggers:
            logger.removeHandler(kept)
    assert not at.exception
    assert at.session_state["max_depth"] == 2 and at.session_state["min_samples"] == 3
    assert [m for m in kept.messages if "default value" in m] == []
