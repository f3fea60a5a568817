"""Draw a trace as Graphviz DOT: the tree as it stood after a step of the replay.

Labels hold numbers, data values and symbols only, never words, so every UI language shares
them. Text from the data goes through dtree_core.escape; the graphviz package does the quoting.
Node names are `n<id>`, the trace's ids, so the SVG's <title> says which node is which.
"""

from __future__ import annotations

import graphviz

from dtree_core.escape import escape_dot_html, escape_dot_label
from dtree_core.labels import branch_text, children_of, format_number

CURRENT = "#d62728"
SPLIT_FILL, LEAF_FILL, CURRENT_FILL = "#e8f0fb", "#e6f4e6", "#fff1c1"
PENDING = "#8a8a8a"


def replay_state(trace: dict, step: int | None, order: list[int] | None = None):
    """(decided ids, pending ids, current id) after `step` of `order` (None: the whole tree)."""
    order = list(trace["steps"]) if order is None else order
    decided = order if step is None else order[: step + 1]
    decided_set = set(decided)
    pending = {
        node["id"] for node in trace["nodes"]
        if node["id"] not in decided_set and node["parent"] in decided_set
    }
    current = None if step is None else order[step]
    return decided_set, pending, current


def _path_to_root(trace: dict, node_id: int) -> list[int]:
    chain = [node_id]
    while trace["nodes"][chain[-1]]["parent"] is not None:
        chain.append(trace["nodes"][chain[-1]]["parent"])
    return chain


def _within(children, start: int, levels: int) -> set[int]:
    """start and its descendants down to `levels` below it."""
    found, frontier = {start}, [start]
    for _ in range(levels):
        frontier = [c for node in frontier for c in children[node]]
        found.update(frontier)
    return found


def visible_nodes(trace, shown, current, *, collapse_depth=None, neighbourhood=None) -> set[int]:
    """Which of the shown nodes to draw: all, down to a depth, or around the current node."""
    visible = set(shown)
    if collapse_depth is not None:
        visible = {i for i in visible if trace["nodes"][i]["depth"] <= collapse_depth}
    if neighbourhood is not None and current is not None:
        children = children_of(trace)
        path = _path_to_root(trace, current)
        near = set(path) | {c for node in path[1:] for c in children[node]}
        near |= _within(children, current, neighbourhood)
        visible &= near
    return visible


def _hidden_below(children, node_id: int, shown: set[int], visible: set[int]) -> int:
    """How many shown nodes hang below node_id but are not drawn."""
    stack, count = [c for c in children[node_id] if c in shown and c not in visible], 0
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(c for c in children[node] if c in shown)
    return count


def _node_label(trace: dict, node: dict, decided: bool, decimals: int) -> str:
    """HTML-like label: '#id', class counts, then the split attribute or the leaf's class."""
    counts = " · ".join(
        f"{escape_dot_html(str(c))} {format_number(node['class_counts'].get(c, 0), decimals)}"
        for c in trace["classes"])
    lines = [f"#{node['id']}", counts]
    decision = node["decision"]
    if decided and decision["kind"] == "split":
        lines.append(f"<B>{escape_dot_html(str(decision['attribute']))}</B>")
    elif decided:
        lines.append(f"<B>→ {escape_dot_html(str(decision['label']))}</B>")
    return "<" + "<BR/>".join(lines) + ">"


def _node_style(node: dict, decided: bool, is_current: bool, next_up: bool) -> dict[str, str]:
    """Filled when decided, dashed while pending (red when the current node is its parent)."""
    if not decided:
        return {"style": "dashed,rounded", "color": CURRENT if next_up else PENDING,
                "fontcolor": PENDING, "class": "dt-pending"}
    leaf = node["decision"]["kind"] == "leaf"
    style = {"style": "filled" if leaf else "rounded,filled",
             "fillcolor": LEAF_FILL if leaf else SPLIT_FILL,
             "class": "dt-leaf" if leaf else "dt-split"}
    if is_current:
        style.update(fillcolor=CURRENT_FILL, color=CURRENT, penwidth="3",
                     **{"class": style["class"] + " dt-current"})
    return style


def _edge_label(node: dict, decimals: int) -> str:
    text = branch_text(node["branch"])
    if abs(node["weight"] - node["n"]) > 1e-12:
        text += f"\n({format_number(node['weight'], decimals)})"
    # Spaces keep neighbouring edge labels from running into each other.
    return escape_dot_label(f" {text} ")


def _new_graph(fontname: str) -> graphviz.Digraph:
    font = {"fontname": fontname, "fontsize": "11"}
    return graphviz.Digraph(
        "tree", graph_attr={"rankdir": "TB", "bgcolor": "transparent", "nodesep": "0.5",
                            "ranksep": "0.45", **font},
        node_attr={"shape": "box", **font}, edge_attr={"fontcolor": "#333333", **font})


def to_dot(trace: dict, step: int | None = None, *, order: list[int] | None = None,
           collapse_depth: int | None = None, neighbourhood: int | None = None,
           fontname: str = "Noto Sans CJK SC", highlight: bool = True,
           decimals: int = 3) -> graphviz.Digraph:
    """The tree after `step` of `order` (default: the trace's steps; step None: all of it).

    Decided nodes are filled, the current one outlined in red (SVG class `dt-current`), children
    still pending are dashed; hidden subtrees collapse into a '⋯ k' stub counting their nodes.
    """
    decided, pending, current = replay_state(trace, step, order)
    shown = decided | pending
    visible = visible_nodes(trace, shown, current, collapse_depth=collapse_depth,
                            neighbourhood=neighbourhood)
    children, graph = children_of(trace), _new_graph(fontname)
    for node in trace["nodes"]:
        if node["id"] not in visible:
            continue
        is_decided, name = node["id"] in decided, f"n{node['id']}"
        is_current = highlight and node["id"] == current
        next_up = highlight and current is not None and node["parent"] == current
        graph.node(name, _node_label(trace, node, is_decided, decimals),
                   **_node_style(node, is_decided, is_current, next_up))
        if node["parent"] is not None and node["parent"] in visible:
            edge_style = {} if is_decided else {
                "style": "dashed", "color": CURRENT if next_up else PENDING}
            graph.edge(f"n{node['parent']}", name, label=_edge_label(node, decimals),
                       **edge_style)
        hidden = _hidden_below(children, node["id"], shown, visible)
        if hidden:
            graph.node(f"h{node['id']}", f"⋯ {hidden}", shape="plaintext", fontcolor=PENDING)
            graph.edge(name, f"h{node['id']}", style="dotted", color=PENDING)
    return graph
