"""Draw a trace as Graphviz DOT: the tree as it stood after a step of the replay.

Labels hold numbers, data values and symbols only, never words, so every UI language shares
them. Text from the data goes through dtree_core.escape; the graphviz package does the quoting.
Node names are `n<id>`, the trace's ids, so the SVG's <title> says which node is which.

Pruning: the whole tree draws nodes a post-pruning cut off (`pruned_away`) greyed and dashed,
and a pruned leaf with ✂. The growth replay draws the tree as it grew (a post-pruned node
still splits). `pruning_step=k` draws the tree once the pruning events 0..k are decided:
event k's node outlined (red: pruned, green: kept) with its before → after numbers.
"""

from __future__ import annotations

from collections import Counter

import graphviz

from dtree_core.escape import DOT_MAX_LABEL, escape_dot_html, escape_dot_label, shorten_middle
from dtree_core.labels import branch_text, children_of, format_number
from dtree_core.pruning import event_number, relation
from dtree_core.trace import leaf_stop

CURRENT = "#d62728"
SPLIT_FILL, LEAF_FILL, CURRENT_FILL = "#e8f0fb", "#e6f4e6", "#fff1c1"
PENDING = "#8a8a8a"
PRUNED = "#b5b5b5"
KEPT = "#2ca02c"
SCISSORS = "✂"


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


def visible_nodes(trace, shown, current, *, collapse_depth=None, neighbourhood=None,
                  only=None) -> set[int]:
    """Which of the shown nodes to draw: all, down to a depth, around the current node, or
    among `only` (see around_paths)."""
    visible = set(shown)
    if only is not None:
        visible &= set(only)
    if collapse_depth is not None:
        visible = {i for i in visible if trace["nodes"][i]["depth"] <= collapse_depth}
    if neighbourhood is not None and current is not None:
        children = children_of(trace)
        path = _path_to_root(trace, current)
        near = set(path) | {c for node in path[1:] for c in children[node]}
        near |= _within(children, current, neighbourhood)
        visible &= near
    return visible


def around_paths(trace: dict, ids) -> set[int]:
    """The nodes `ids`, every node on their paths from the root, and those nodes' children:
    the paths a sample took with the branches it did not take."""
    nodes, on_path = trace["nodes"], set()
    for node_id in ids:
        # a walk stops where an earlier one passed, so the whole set costs O(nodes)
        while node_id is not None and node_id not in on_path:
            on_path.add(node_id)
            node_id = nodes[node_id]["parent"]
    children = children_of(trace)
    return on_path | {c for node_id in on_path for c in children[node_id]}


def depth_that_fits(trace: dict, limit: int, among=None) -> int | None:
    """The deepest depth down to which at most `limit` of the nodes (or of `among`) lie; None
    when they all fit. The root alone always fits, so the answer is at least 0."""
    ids = range(len(trace["nodes"])) if among is None else among
    per_depth, total, fitting = Counter(trace["nodes"][i]["depth"] for i in ids), 0, 0
    for depth in sorted(per_depth):
        total += per_depth[depth]
        if total > limit:
            return fitting
        fitting = depth
    return None


def _hidden_below(children, node_id: int, shown: set[int], visible: set[int]) -> int:
    """How many shown nodes hang below node_id but are not drawn."""
    stack, count = [c for c in children[node_id] if c in shown and c not in visible], 0
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(c for c in children[node] if c in shown)
    return count


def _name_html(value) -> str:
    """A class or attribute name in a node label. A long one keeps its start and its end
    (as an edge's condition does): two classes that differ only at the end ('C…1', 'C…2')
    must still say which leaf predicts which."""
    return escape_dot_html(shorten_middle(str(value), DOT_MAX_LABEL))


def _node_label(trace: dict, node: dict, decided: bool, decimals: int,
                decision: dict | None = None, note: str | None = None) -> str:
    """HTML-like label: '#id', class counts, then the split attribute or the leaf's class
    (✂ for a pruned leaf), then a pruning event's numbers."""
    counts = " · ".join(
        f"{_name_html(c)} {format_number(node['class_counts'].get(c, 0), decimals)}"
        for c in trace["classes"])
    lines = [f"#{node['id']}", counts]
    decision = decision or node["decision"]
    if decided and decision["kind"] == "split":
        lines.append(f"<B>{_name_html(decision['attribute'])}</B>")
    elif decided:
        cut_here = leaf_stop(decision) in ("pruned", "pre_pruned")  # not a raised copy
        cut = f" {SCISSORS}" if cut_here else ""
        lines.append(f"<B>→ {_name_html(decision['label'])}{cut}</B>")
    if note:
        lines.append(escape_dot_html(note))
    return "<" + "<BR/>".join(lines) + ">"


# Every tree node is a rounded box, whatever its state: the app's charts (st.graphviz_chart,
# d3-graphviz) morph one step's drawing into the next, matching a node's SVG children by
# position, so a node turning from a rounded box (a <path>) into a plain one (a <polygon>)
# was drawn as bare text. A node's state shows in its fill, colour, pen width and dashes.
def _node_style(node: dict, decided: bool, is_current: bool, next_up: bool) -> dict[str, str]:
    """Filled when decided (leaves green, splits blue), dashed while pending (red when the
    current node is its parent)."""
    if not decided:
        return {"style": "dashed,rounded", "color": CURRENT if next_up else PENDING,
                "fontcolor": PENDING, "class": "dt-pending"}
    leaf = node["decision"]["kind"] == "leaf"
    style = {"style": "rounded,filled",
             "fillcolor": LEAF_FILL if leaf else SPLIT_FILL,
             "class": "dt-leaf" if leaf else "dt-split"}
    if is_current:
        style.update(fillcolor=CURRENT_FILL, color=CURRENT, penwidth="3",
                     **{"class": style["class"] + " dt-current"})
    return style


def _cut_style() -> dict[str, str]:
    """A node a pruning cut off: greyed and dashed, kept in the drawing so the cut shows."""
    return {"style": "dashed,rounded", "color": PRUNED, "fontcolor": PRUNED,
            "class": "dt-pruned"}


def grown_decision(node: dict) -> dict:
    """The decision the node got while growing: a post-pruned node (one with children) split."""
    was = node["decision"].get("was")
    return was if was is not None and node.get("children") else node["decision"]


def _edge_label(node: dict, decimals: int) -> str:
    # a long condition keeps its value: the end of 'long name=k1' tells the branches apart
    text = shorten_middle(branch_text(node["branch"]), DOT_MAX_LABEL)
    if abs(node["weight"] - node["n"]) > 1e-12:
        text += f"\n({format_number(node['weight'], decimals)})"
    # Spaces keep neighbouring edge labels from running into each other; the text is
    # shortened above, in the middle, and not cut again at its end
    return escape_dot_label(f" {text} ", max_length=len(text) + 2)


def _new_graph(fontname: str) -> graphviz.Digraph:
    font = {"fontname": fontname, "fontsize": "11"}
    return graphviz.Digraph(
        "tree", graph_attr={"rankdir": "TB", "bgcolor": "transparent", "nodesep": "0.5",
                            "ranksep": "0.45", **font},
        node_attr={"shape": "box", **font}, edge_attr={"fontcolor": "#333333", **font})


def to_dot(trace: dict, step: int | None = None, *, order: list[int] | None = None,
           collapse_depth: int | None = None, neighbourhood: int | None = None,
           only=None, fontname: str = "Noto Sans CJK SC", highlight: bool = True,
           decimals: int = 3, pruning_step: int | None = None) -> graphviz.Digraph:
    """The tree after `step` of `order` (default: the trace's steps; step None: all of it),
    or after `pruning_step` of the trace's pruning events; drawn whole, or only down to
    `collapse_depth`, around the current node, or among the ids `only` (see visible_nodes).

    Decided nodes are filled, the current one outlined in red (SVG class `dt-current`), children
    still pending are dashed; hidden subtrees collapse into a '⋯ k' stub counting their nodes.
    """
    if pruning_step is not None:
        return pruning_dot(trace, pruning_step, fontname=fontname, decimals=decimals,
                           collapse_depth=collapse_depth, neighbourhood=neighbourhood,
                           only=only)
    decided, pending, current = replay_state(trace, step, order)
    shown = decided | pending
    visible = visible_nodes(trace, shown, current, collapse_depth=collapse_depth,
                            neighbourhood=neighbourhood, only=only)
    children, graph = children_of(trace), _new_graph(fontname)
    for node in trace["nodes"]:
        if node["id"] not in visible:
            continue
        is_decided, name = node["id"] in decided, f"n{node['id']}"
        is_current = highlight and node["id"] == current
        next_up = highlight and current is not None and node["parent"] == current
        cut = step is None and node.get("pruned_away", False)
        decision = node["decision"] if step is None else grown_decision(node)
        graph.node(name, _node_label(trace, node, is_decided, decimals, decision),
                   **(_cut_style() if cut else
                      _node_style({**node, "decision": decision}, is_decided, is_current,
                                  next_up)))
        if node["parent"] is not None and node["parent"] in visible:
            edge_style = {} if is_decided and not cut else {
                "style": "dashed", "color": PRUNED if cut else CURRENT if next_up else PENDING}
            graph.edge(f"n{node['parent']}", name, label=_edge_label(node, decimals),
                       **edge_style)
        hidden = _hidden_below(children, node["id"], shown, visible)
        if hidden:
            graph.node(f"h{node['id']}", f"⋯ {hidden}", shape="plaintext", fontcolor=PENDING)
            graph.edge(name, f"h{node['id']}", style="dotted", color=PENDING)
    return graph


# --------------------------------------------------------------------- the pruning replay


def pruning_view(trace: dict, k: int) -> dict:
    """The tree after pruning events 0..k: {"decision": node id -> decision drawn, "cut":
    ids cut off by a prune so far, "shown": ids drawn, "pending": ids not yet decided,
    "current": the event's node}.

    Post-pruning (the trace keeps the grown nodes): a node whose prune event has not come yet
    still splits. Pre-pruning (the trace holds only the nodes it made): a node appears once its
    parent's split is kept, and is pending until its own event.
    """
    events = trace["pruning"][: k + 1]
    pruned = {e["node"] for e in events if e["action"] == "prune"}
    decided_by_event = {e["node"] for e in events}
    children = children_of(trace)
    decision = {n["id"]: n["decision"] if n["id"] in pruned else grown_decision(n)
                for n in trace["nodes"]}
    if trace.get("params", {}).get("prune") == "pre":
        later = {e["node"] for e in trace["pruning"]} - decided_by_event
        shown = {0} | {c for e in events if e["action"] == "keep" for c in children[e["node"]]}
        return {"decision": decision, "cut": set(), "shown": shown,
                "pending": shown & later, "current": events[-1]["node"] if events else None}
    cut = {d for p in pruned for d in _within(children, p, len(trace["nodes"])) if d != p}
    return {"decision": decision, "cut": cut, "shown": {n["id"] for n in trace["nodes"]},
            "pending": set(), "current": events[-1]["node"] if events else None}


# A cost-complexity event compares a node's effective alpha g(t) with ccp_alpha: not a
# before and an after, so its note is the comparison (by pruning.relation, as it decided).
_ALPHA_SIGN = {"gt": "<", "eq": "=", "lt": ">"}


def event_note(event: dict, decimals: int) -> str:
    """'42.9% → 57.1%' (validation accuracy) or the two numbers the event compared:
    'g(t) 0.075 > α 0.050' for cost-complexity pruning."""
    before, after = (event_number(event, event[side], decimals) for side in ("before", "after"))
    if event.get("measure") == "effective_alpha":
        sign = _ALPHA_SIGN[relation(event["before"], event["after"])]
        return f"g(t) {before} {sign} α {after}"
    return f"{before} → {after}"  # as the event's sentence writes them: told apart


def _event_style(event: dict) -> dict[str, str]:
    colour = CURRENT if event["action"] == "prune" else KEPT
    return {"color": colour, "penwidth": "3", "fillcolor": CURRENT_FILL,
            "class": f"dt-current dt-{event['action']}"}


def pruning_dot(trace: dict, k: int, *, fontname: str = "Noto Sans CJK SC", decimals: int = 3,
                collapse_depth: int | None = None, neighbourhood: int | None = None,
                only=None) -> graphviz.Digraph:
    """The tree after pruning events 0..k (see pruning_view), the event's node outlined."""
    view = pruning_view(trace, k)
    event = trace["pruning"][k] if trace["pruning"] else None
    visible = visible_nodes(trace, view["shown"], view["current"],
                            collapse_depth=collapse_depth, neighbourhood=neighbourhood,
                            only=only)
    graph = _new_graph(fontname)
    for node in trace["nodes"]:
        if node["id"] not in visible:
            continue
        _pruning_node(graph, trace, node, view, event, decimals)
        if node["parent"] is not None and node["parent"] in visible:
            faded = node["id"] in view["cut"] or node["id"] in view["pending"]
            graph.edge(f"n{node['parent']}", f"n{node['id']}",
                       label=_edge_label(node, decimals),
                       **({"style": "dashed", "color": PRUNED} if faded else {}))
    return graph


def _pruning_node(graph, trace: dict, node: dict, view: dict, event: dict | None,
                  decimals: int) -> None:
    node_id = node["id"]
    decision = view["decision"][node_id]
    is_event = event is not None and node_id == event["node"]
    pending = node_id in view["pending"]
    note = event_note(event, decimals) if is_event else None
    label = _node_label(trace, node, not pending, decimals, decision, note)
    if node_id in view["cut"]:
        style = _cut_style()
    elif pending:
        style = _node_style(node, False, False, False)
    else:
        style = _node_style({**node, "decision": decision}, True, False, False)
        if is_event:
            style.update(_event_style(event))
    graph.node(f"n{node_id}", label, **style)
