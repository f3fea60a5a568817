"""Watch the tree grow: step through TreeGenerate node by node, seeing why at each node."""

import streamlit as st

from ui import panel, state, widgets
from ui.messages import t
from ui.pseudocode import listing


def replay(trace: dict) -> None:
    """Everything that changes with the step; reruns alone when the step changes."""
    order = widgets.current_order(trace)
    last = len(order) - 1
    if st.session_state.playing:
        state.tick(last, float(st.session_state.speed))
        if not st.session_state.playing:
            st.rerun(scope="app")
    widgets.replay_controls(trace, order)
    node = trace["nodes"][order[st.session_state.step]]
    st.caption(t("grow.step_of", step=st.session_state.step, total=last, node=node["id"]))
    decimals = int(st.session_state.decimals)
    tree_col, code_col = st.columns([3, 2])
    with tree_col:
        st.session_state.dot_source = widgets.tree_chart(trace, order)
    with code_col:
        st.markdown(f"**{t('grow.pseudocode')}**")
        st.html(widgets.html_lines(listing(node)))
    panel.node_panel(trace, node, decimals)


current = st.session_state.get("current")
if current is None:
    st.info(t("setup.no_data"))
    st.stop()
trace = current["trace"]
state.attach_trace(current["trace_id"], len(trace["steps"]) - 1)
st.title(t("page.grow"))
st.caption(t("grow.header", dataset=current["dataset"],
             algorithm=t(f"algo.{trace['algorithm']}"), nodes=len(trace["nodes"])))
widgets.display_settings()
interval = widgets.autoplay_settings()
st.fragment(replay, run_every=interval)(trace)
