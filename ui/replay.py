"""The grow page's replay view: everything that changes with the step, as one fragment.

A step change (button, key, slider, picker, autoplay tick) reruns only this fragment, so its
server time is the step-change time; it is kept in session state for bench/bench_step.py.
"""

from __future__ import annotations

import time

import streamlit as st

from dtree_core.paths import forced_split
from ui import boundary, lecture, panel, pruning, pseudocode, registry, state, widgets
from ui.messages import labelled, t, tm
from ui.names import tree_dataset_name


def _autoplay(last: int) -> None:
    """Advance one step per tick; past the last one rerun the app: its run turns the toggle
    off before drawing it (state.stop_at_end) and drops the timer."""
    if state.tick(last, float(st.session_state.speed)):
        st.rerun(scope="app")


def replay(trace: dict) -> None:
    """The step's view (the study view, or lecture mode's), then its export."""
    started = time.perf_counter()
    if st.session_state.pop("regrow", False):
        st.rerun(scope="app")  # a forced split changed the options: the sidebar must regrow
    order = widgets.current_order(trace)
    last = len(order) - 1
    if st.session_state.playing:
        _autoplay(last)
    state.write_link()  # the step may have moved in this fragment alone: the URL follows it
    if st.session_state.lecture:
        lecture_view(trace, order)
    else:
        study_view(trace, order)
    lecture.export_panel(trace, order, st.session_state.dot_source,
                         widgets.view_arguments(trace))
    st.session_state.render_seconds = time.perf_counter() - started


def _step_caption(trace: dict, order: list[int]) -> dict:
    """'Step 3 of 16: node #5'; returns the step's node."""
    node = trace["nodes"][order[st.session_state.step]]
    st.caption(t("grow.step_of", step=st.session_state.step, total=len(order) - 1,
                 node=node["id"]))
    return node


def study_view(trace: dict, order: list[int]) -> None:
    """Controls, the tree beside TreeGenerate, and the current node's whole panel."""
    widgets.replay_controls(trace, order)
    node = _step_caption(trace, order)
    tree_col, code_col = st.columns([3, 2])
    with tree_col:
        st.session_state.dot_source = widgets.tree_chart(trace, order)
    with code_col:
        pseudocode_panel(trace, node)
    boundary.decision_regions(trace, order, st.session_state.step)
    panel.node_panel(trace, node, int(st.session_state.decimals))


def lecture_view(trace: dict, order: list[int]) -> None:
    """For a projector: the step buttons (←/→), then the tree beside the score table; the
    pickers, Fig. 4.2 and the node's facts below, out of the first screen."""
    widgets.step_buttons(len(order) - 1)
    node = _step_caption(trace, order)
    st.session_state.dot_source = lecture.step_view(trace, node, order, widgets.tree_chart)
    widgets.step_pickers(trace, order)
    figure = pseudocode.figure_for(trace, state.notation().key)
    with st.expander(pseudocode.title(figure)):
        st.html(widgets.html_lines(pseudocode.listing(trace, node, state.notation().key)))
    boundary.decision_regions(trace, order, st.session_state.step)
    panel.node_facts(trace, node, int(st.session_state.decimals))


def pseudocode_panel(trace: dict, node: dict) -> None:
    """Fig. 4.2 (or, in Li Hang's notation, his Algorithm 5.2 or 5.3) with this node's lines
    lit, and the reference's code for a chosen line."""
    notation = state.notation().key
    figure = pseudocode.figure_for(trace, notation)
    st.markdown(f"**{pseudocode.title(figure)}**")
    st.html(widgets.html_lines(pseudocode.listing(trace, node, notation)))
    with st.expander(t("pseudo.code")):
        line_code(trace, node, figure)


def line_code(trace: dict, node: dict, figure: pseudocode.Figure) -> None:
    """The code of one line (first the first fired one) in dtree_core/reference.py."""
    offered = pseudocode.lines_with_code(figure)
    default = pseudocode.first_fired_with_code(node, figure)
    line = st.selectbox(
        t("pseudo.code.line"), offered, key=state.node_widget_key("code_line_", node["id"]),
        index=None if default is None else offered.index(default),
        placeholder=t("pseudo.code.none_fired"),
        format_func=labelled(offered, lambda n: f"{pseudocode.number_shown(n, figure)}  "
                             f"{pseudocode.line_text(trace, node, n, figure).strip()}"))
    if line is None:
        return
    st.code("\n".join(pseudocode.code_of(line, figure)), language="python")
    st.caption(pseudocode.code_source(line, figure))


def many_nodes_hint(trace: dict) -> None:
    """More nodes than rows: leaves of a sample or two, which a minimum branch weight stops."""
    rows, nodes = trace["nodes"][0]["n"], len(trace["nodes"])
    if nodes > rows:
        st.info(t("grow.many_nodes", nodes=nodes, rows=rows))


def unmatched_forces(trace: dict) -> None:
    """Forced paths this tree could not make, with the sidebar's way to undo the forces."""
    paths = trace.get("unmatched_force", [])
    if not paths:
        return
    said = {path: widgets.path_words(path, t("node.root.bare")) for path in paths}
    if len(paths) == 1:
        st.warning(tm("grow.force_unmatched.one", path=said[paths[0]]))
    else:
        st.warning(tm("grow.force_unmatched.many",
                      paths=t("list.semicolon").join(said[path] for path in paths)))
    dataset_key = st.session_state.dataset["key"]
    forces = st.session_state.forces.get(dataset_key, {})
    names = [a["name"] for a in trace["attributes"]]
    for path in paths:  # why, where the force names an attribute this tree does not have
        attribute = forced_split(forces.get(path, ""), names)[0]
        if path in forces and attribute not in names:
            st.warning(tm(_why_not_an_attribute(attribute, trace["target"]), path=said[path],
                          attribute=attribute))
    st.button(t("setup.clear_forces", n=len(forces)), key="clear_forces_grow",
              on_click=state.clear_forces, args=(dataset_key,))


def _why_not_an_attribute(attribute: str, target: str) -> str:
    """The catalogue key saying why a force names no attribute of the tree: the target, a
    column the sidebar left out, or no column at all; where the data cannot be read again
    to tell the last two apart, only that it is none of the tree's attributes."""
    if attribute == target:
        return "grow.force_target"
    columns = state.data_columns(st.session_state.current["source"])
    if columns is None:
        return "grow.force_not_attribute"
    return "grow.force_unchosen" if attribute in columns[0] else "grow.force_unknown"


def page() -> None:
    """The whole grow page: header, settings, then the replay fragment."""
    current = st.session_state.get("current")
    if current is None:
        st.info(t(state.no_tree_key()))
        return
    trace = current["trace"]
    grown = pruning.growth_view(trace)  # growth replays the tree as grown; pruning comes after
    state.attach_trace(current["trace_id"], grown)
    st.title(t("page.grow"))
    st.caption(tm("grow.header", dataset=tree_dataset_name(current),
                 algorithm=registry.name(trace["algorithm"]), nodes=len(trace["nodes"])))
    lecture.link_notes()  # a link's step past this tree's last one is said here
    many_nodes_hint(trace)
    unmatched_forces(trace)
    view = st.container()
    # Lecture mode: the tree and the score table first, the settings below them.
    with st.container() if st.session_state.lecture else view:
        widgets.display_settings()
        interval = widgets.autoplay_settings(len(grown["steps"]) - 1)
        pruning.book_panel()
    with view:
        st.fragment(replay, run_every=interval)(grown)
    st.fragment(pruning.phase)(trace)
