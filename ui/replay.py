"""The grow page's replay view: everything that changes with the step, as one fragment.

A step change (button, key, slider, picker, autoplay tick) reruns only this fragment, so its
server time is the step-change time; it is kept in session state for bench/bench_step.py.
"""

from __future__ import annotations

import time

import streamlit as st

from ui import panel, state, widgets
from ui.messages import t, tm
from ui.pseudocode import listing


def _autoplay(last: int) -> None:
    """Advance one step per tick; at the end stop, and rerun the app to drop the timer."""
    state.tick(last, float(st.session_state.speed))
    if not st.session_state.playing:
        st.rerun(scope="app")


def replay(trace: dict) -> None:
    """Controls, the tree beside TreeGenerate, and the current node's panel."""
    started = time.perf_counter()
    if st.session_state.pop("regrow", False):
        st.rerun(scope="app")  # a forced split changed the options: the sidebar must regrow
    order = widgets.current_order(trace)
    last = len(order) - 1
    if st.session_state.playing:
        _autoplay(last)
    widgets.replay_controls(trace, order)
    node = trace["nodes"][order[st.session_state.step]]
    st.caption(t("grow.step_of", step=st.session_state.step, total=last, node=node["id"]))
    tree_col, code_col = st.columns([3, 2])
    with tree_col:
        st.session_state.dot_source = widgets.tree_chart(trace, order)
    with code_col:
        st.markdown(f"**{t('grow.pseudocode')}**")
        st.html(widgets.html_lines(listing(node)))
    panel.node_panel(trace, node, int(st.session_state.decimals))
    st.session_state.render_seconds = time.perf_counter() - started


def page() -> None:
    """The whole grow page: header, settings, then the replay fragment."""
    current = st.session_state.get("current")
    if current is None:
        st.info(t("setup.no_data"))
        return
    trace = current["trace"]
    state.attach_trace(current["trace_id"], trace)
    st.title(t("page.grow"))
    st.caption(tm("grow.header", dataset=current["dataset"],
                 algorithm=t(f"algo.{trace['algorithm']}"), nodes=len(trace["nodes"])))
    widgets.display_settings()
    interval = widgets.autoplay_settings(len(trace["steps"]) - 1)
    st.fragment(replay, run_every=interval)(trace)
