"""Widgets shared by the pages: replay controls, the tree drawing, display settings.

All of them read the trace dict and session state only; words come from ui.messages.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from dtree_core.data import Listed
from dtree_core.dot import around_paths, depth_that_fits, to_dot
from dtree_core.escape import escape_html
from dtree_core.export import (
    SCORE_HEADERS,
    SCORE_QUANTITIES,
    Table,
    on_known_rows,
    to_csv,
    to_latex,
    to_markdown,
    worded,
)
from dtree_core.labels import branch_text, joined_paths, node_path
from dtree_core.paths import path_parts, unescape_part
from dtree_core.solution import compared_values
from dtree_core.split import format_number, places_among, told_apart, told_apart_percent
from ui import registry, state
from ui.downloads import file_name
from ui.messages import has, labelled, t, t_or, tm
from ui.tables import compared_places, replay_order

# Above this many nodes the whole tree is unreadable, so "auto" shows the neighbourhood.
BIG_TREE = 60
# Past this many nodes a drawing is also heavy for a student's browser tab (a 22k-node tree's
# DOT is 3 MB), so the pages without the Grow page's view setting draw a part (drawn_part).
DRAWN_MAX = 300
NEAR_LEVELS = 2  # levels drawn below the current node of such a tree: the Grow page's default
# Trees shown side by side share the page's width: a 3,000-row upload's trees, cut at depth
# 7-8 (300 nodes), shrank there to strips about 20 px high (Compare's three; the hand-edit
# tab's two, 512 x 23 px). Trees of up to this many nodes are drawn whole side by side (every
# bundled dataset's with the default options, but the Worst baseline's); past it, one tree a
# row at the page's width, each down to the deepest depth within this many nodes (such a
# tree's top 2-4 levels: 200-250 px high at 1,400 px wide).
SIDE_BY_SIDE_NODES = 30
KEYS = {"first": "Home", "prev": "Left", "next": "Right", "last": "End"}


def worded_table(table: Table, headers: list[str] | None = None,
                 known_only: bool = False) -> Table:
    """A core table in the session's words: headers (by default the notation's symbol for a
    score (Li Hang's g(D,A) for Gain), else `col.<header>` where the catalogue has it, else as
    the core wrote them) and kinds ('nominal')."""
    return worded(table, lambda header: header_words(header, known_only),
                  lambda kind: t(f"kind.{kind}"), headers)


def header_words(header: str, known_only: bool = False) -> str:
    """A core table's header in the session's words and the notation's symbols (of D̃ where
    `known_only`: Li Hang's Gini(D̃, A))."""
    names = state.notation()
    quantity = SCORE_QUANTITIES.get(header)
    symbol = names.header(quantity, known_only) if quantity and names.symbol_headers else None
    return symbol or t_or(f"col.{header}", header)


def score_downloads(table, key: str, decimals: int, places: dict[str, int] | None = None) -> None:
    """A score table as CSV (exact, with a BOM, for Excel), Markdown and LaTeX downloads (to
    the page's decimals, or the places of `places` by header; cut points as the tree's
    labels write them)."""
    cols = st.columns(3)
    cols[0].download_button(t("exp.csv"), to_csv(table).encode("utf-8-sig"),
                            file_name("scores", "csv"), "text/csv", key=f"{key}_dl_csv")
    cols[1].download_button(t("exp.md"), to_markdown(table, decimals, places),
                            file_name("scores", "md"), "text/markdown", key=f"{key}_dl_md")
    cols[2].download_button(t("exp.latex"), to_latex(table, decimals, places,
                                                      note=t("exp.latex.note")),
                            file_name("scores", "tex"), "text/x-tex", key=f"{key}_dl_tex")


def score_places(trace: dict, node: dict, decimals: int) -> dict[str, int]:
    """A node's score table (dtree_core.export.score_table, worded) column by column: the
    decimals of each score column the rule compared, by its worded header, as many as tell
    the winner from its rivals (ui.tables.compared_places)."""
    return {header_words(SCORE_HEADERS[field], on_known_rows(node)): places
            for field, places in compared_places(trace, node, decimals).items()
            if field in SCORE_HEADERS}


def display_settings() -> None:
    """Order, decimals and tree view: kept for the whole session, across pages."""
    with st.expander(t("grow.display")):
        cols = st.columns(3)
        orders, views = ["dfs", "bfs"], ["auto", "whole", "depth", "around"]
        cols[0].radio(t("grow.order"), orders, key="order",
                      format_func=labelled(orders, lambda o: t(f"grow.order.{o}"), key="order"),
                      persist_state="session")
        cols[1].number_input(t("grow.decimals"), 0, 12, key="decimals",
                             persist_state="session")
        cols[2].selectbox(t("grow.view"), views, key="view",
                          format_func=labelled(views, lambda v: t(f"grow.view.{v}"), key="view"),
                          persist_state="session")
        if st.session_state.view == "depth":
            cols[2].number_input(t("grow.view.depth_value"), 0, 50, 3, key="view_depth",
                                 persist_state="session")
        if st.session_state.view in ("around", "auto"):
            cols[2].number_input(t("grow.view.radius"), 0, 10, 2, key="view_radius",
                                 persist_state="session")


def autoplay_settings(last: int) -> float | None:
    """The play toggle and speed; returns the autoplay interval in seconds, or None."""
    state.stop_at_end(last)  # before the toggle: the fragment below may not switch it off
    cols = st.columns([1, 2])
    cols[0].toggle(t("grow.play"), key="playing", on_change=state.play_from_start,
                   args=(last,))
    cols[1].slider(t("grow.speed"), 0.2, 5.0, step=0.1, key="speed", persist_state="session")
    return float(st.session_state.speed) if st.session_state.playing else None


def step_buttons(last: int) -> None:
    """First, previous, next and last step, also on the keys Home, Left, Right and End."""
    cols = st.columns(4)
    moves = {"first": -last - 1, "prev": -1, "next": 1, "last": last + 1}
    for col, (name, delta) in zip(cols, moves.items(), strict=True):
        col.button(t(f"grow.{name}"), key=f"btn_{name}", shortcut=KEYS[name],
                   on_click=state.move, args=(delta, last), width="stretch",
                   help=t("grow.key_help", key=t(f"grow.key.{name}")))


def replay_controls(trace: dict, order: list[int]) -> None:
    """First/previous/next/last (Home/Left/Right/End), a step slider and a node picker."""
    step_buttons(len(order) - 1)
    step_pickers(trace, order)


def step_pickers(trace: dict, order: list[int]) -> None:
    """The step slider and the node picker (lecture mode puts them below the view)."""
    last = len(order) - 1
    st.session_state.step_slider = st.session_state.step
    st.slider(t("grow.step"), 0, max(last, 1), key="step_slider", disabled=last == 0,
              on_change=state.from_widget, args=("step_slider", last))
    titles = session_titles(trace)
    st.session_state.jump = order[st.session_state.step]
    st.selectbox(t("grow.jump"), order, key="jump", on_change=state.jump_to_node,
                 args=("jump", order), format_func=titles.__getitem__)


def session_titles(trace: dict) -> list[str]:
    """The session's tree's node_titles, built once per tree and language (the step picker
    asks on every rerun)."""
    key = (st.session_state.trace_id, st.session_state.lang)
    memo = st.session_state.get("node_titles")
    if memo is None or memo[0] != key:
        memo = (key, node_titles(trace))
        st.session_state.node_titles = memo
    return memo[1]


def node_titles(trace: dict) -> list[str]:
    """Every node's node_title, by id, each path built on its parent's (joined_paths)."""
    return [_titled(i, text) for i, text in enumerate(joined_paths(trace, branch_text, " / "))]


def _titled(node_id: int, path: str) -> str:
    """'#5  纹理=清晰', or the root's own form: '#0（根结点）' takes no space before a
    full-width bracket, so the catalogue words it whole."""
    return f"#{node_id}  {path}" if path else t("node.title.root", id=node_id)


def path_text(trace: dict, node: dict, root: str | None = None) -> str:
    """'纹理=清晰 / 根蒂=稍蜷', or '(root)' (plain text: escape it for Markdown); root: the
    root's words instead (a sentence that brackets the path itself says 'the root')."""
    return _joined_path(trace, node) or (t("node.root") if root is None else root)


def _joined_path(trace: dict, node: dict) -> str:
    return " / ".join(branch_text(c) for c in node_path(trace, node))


def node_title(trace: dict, node: dict) -> str:
    """'#5  纹理=清晰 / 根蒂=稍蜷' for pickers (plain text; widgets escape it themselves)."""
    return _titled(node["id"], _joined_path(trace, node))


def tree_view_options(trace: dict) -> dict:
    """to_dot's collapse/neighbourhood arguments from the view setting (and a caption when
    "auto" shows a big tree's neighbourhood)."""
    if st.session_state.view == "auto" and len(trace["nodes"]) > BIG_TREE:
        st.caption(t("grow.view.big", nodes=len(trace["nodes"])))
    return view_arguments(trace)


def view_arguments(trace: dict) -> dict:
    """to_dot's collapse/neighbourhood arguments from the view setting."""
    view = st.session_state.view
    if view == "auto":
        view = "around" if len(trace["nodes"]) > BIG_TREE else "whole"
    if view == "depth":
        return {"collapse_depth": int(st.session_state.get("view_depth", 3))}
    if view == "around":
        return {"neighbourhood": int(st.session_state.get("view_radius", 2))}
    return {}


def drawn_part(trace: dict, step: int | None = None, *, pruning_step: int | None = None,
               focus=None, most: int | None = None) -> dict:
    """to_dot's arguments for a page's drawing: a tree of up to `most` nodes (DRAWN_MAX unless
    given) whole; a bigger one around the node at the step, along the paths to the `focus`
    nodes (with the branches not taken), or down to the deepest depth that fits, with a
    caption that says which."""
    nodes = len(trace["nodes"])
    most = DRAWN_MAX if most is None else most
    if nodes <= most:
        return {}
    if focus is not None:
        near = around_paths(trace, focus)
        depth = depth_that_fits(trace, most, among=near)
        st.caption(t("draw.paths", nodes=nodes) if depth is None else
                   t("draw.paths.depth", nodes=nodes, depth=depth))
        return {"only": near, "collapse_depth": depth}
    if step is not None or pruning_step is not None:
        st.caption(t("grow.view.big", nodes=nodes))
        return {"neighbourhood": NEAR_LEVELS}
    depth = depth_that_fits(trace, most)
    st.caption(t("draw.depth", nodes=nodes, depth=depth))
    return {"collapse_depth": depth}


def tree_chart(trace: dict, order: list[int]) -> str:
    """Draw the tree at the current step; returns the DOT source (tests read it)."""
    dot = to_dot(trace, st.session_state.step, order=order,
                 decimals=int(st.session_state.decimals), **tree_view_options(trace))
    source = dot.source
    st.graphviz_chart(source, width="stretch")
    return source


def current_order(trace: dict) -> list[int]:
    return replay_order(trace, st.session_state.order)


def html_lines(lines: list[tuple[str, str, bool]]) -> str:
    """(number, text, fired) rows as a small code listing; fired rows are highlighted."""
    rows = []
    for number, text, fired in lines:
        style = "background:#ffe08a;font-weight:600;" if fired else ""
        rows.append(f'<div style="{style}white-space:pre-wrap;padding:0 4px;'
                    f'text-indent:-2.2em;margin-left:2.2em">'
                    f'<span style="color:#999">{escape_html(number):>3} </span>'
                    f"{escape_html(text)}</div>")
    return ('<div style="font-family:monospace;font-size:0.82rem;line-height:1.5">'
            + "".join(rows) + "</div>")


def in_notation(key: str) -> str:
    """The catalogue's key for these words in the chosen book's symbols: `key.lihang` where
    the catalogue has one (Li Hang's g(D,A), Gini(D,A) in place of Gain, Gini_index), else key."""
    variant = f"{key}.{state.notation().key}"
    return variant if has(variant) else key


def stop_sentence(algorithm: str, stop: str | None, label: str, node: dict | None = None,
                  min_gain: float | None = None, decimals: int = 3) -> str:
    """Why a node became a leaf, in the algorithm's and the chosen book's terms (a min-gain
    leaf of C4.5 compared its pick's gain, CART's ρ·ΔGini, written as Li Hang's score table
    heads it under his notation (in_notation, for his book's algorithms), his ID3 his ε).
    Given the scored node and the limit, a stop that compared a score with it says both
    numbers (the score told apart from the limit, written in full: 0.41997 < 0.42), and the
    attribute where the rule's pick is not the largest."""
    record, names = registry.record(algorithm), state.notation()
    key = f"stop.{names.stop_key(stop or '', record)}"
    # his own words only for an algorithm of his book (the worked solution's gate, the same)
    worded = in_notation if names.own_algorithm(record) else (lambda key: key)
    compared = compared_values(node, record, names, min_gain, decimals) if node else None
    if compared and has(f"{key}.compared"):
        return t(worded(f"{key}.compared"), label=label, **compared)
    return t(worded(key) if has(key) else "stop.unknown", label=label, code=stop)


def majority_tie(tied, count: float, shown=str) -> str:
    """The sentence naming the classes a leaf's label won a tie of (the label first, the one
    growing.majority took) and the weight each holds: the grow panel's and the compare
    page's one wording. shown: how a class is written (literal, in Markdown)."""
    named = t("list.join").join(t("stop.tied_class", cls=shown(c)) for c in tied)
    return t("stop.tied_majority", classes=named, count=format_number(count, 3),
             label=shown(tied[0]))


def path_words(path: str, root: str | None = None) -> str:
    """A path key ('root', '纹理=清晰/根蒂=稍蜷': a forced split's, an edit's) as the reader
    reads it: '纹理=清晰 / 根蒂=稍蜷', or the root in words (the node picker's (root), or
    `root`). The key itself reached the Chinese warnings as 在“root”处."""
    if path == "root":
        return t("node.root") if root is None else root
    return " / ".join(unescape_part(part) for part in path_parts(path))


def score_header(column: str | None, known_only: bool = False) -> str:
    """A score's header: the notation's symbol (Li Hang's g(D,A), …; H(D̃|A), Gini(D̃, A) on
    the known rows where `known_only`) or the catalogue's."""
    names = state.notation()
    symbol = names.header(column, known_only) if names.symbol_headers and column else None
    return symbol or t_or(in_notation(f"col.{column}"), str(column))


def number_formats(frame: pd.DataFrame, decimals: int, counts=(), apart=()) -> dict:
    """Display-only column formats: `decimals` places, weights as integers while they are
    whole (plain frames render faster than a Styler); the data stay numbers, so a column
    sorts by value. Pass placeholder=BLANK with them. A column of cuts is not formatted here:
    its rows need their own digits (ui.tables.threshold_formatter, through a Styler).
    Columns in `apart` (accuracies of configurations side by side) take as many more places
    as tell their rows apart (split.places_among)."""
    config = {}
    for column in frame.columns:
        if not pd.api.types.is_float_dtype(frame[column]):
            continue
        whole = column in counts and (frame[column] % 1 == 0).all()
        places = places_among(frame[column], decimals) if column in apart else decimals
        config[column] = st.column_config.NumberColumn(
            format="%d" if whole else f"%.{places}f")
    return config


def percent_change(before: float, after: float) -> tuple[str, str, dict]:
    """Two shares a pair of metrics compares, as percentages told apart
    (split.told_apart_percent), and st.metric's arguments for the change: in percentage
    points, to as many places as show it (coloured by its sign); a tie is grey and has no
    arrow ("0.0 percentage points", not a green rise)."""
    shown = told_apart_percent(before, after)
    places = len(shown[0].rstrip("%").partition(".")[2])
    if shown[0] == shown[1]:
        return (*shown, {"delta": t("metric.delta_points", delta=f"{0:.{places}f}"),
                         "delta_color": "off", "delta_arrow": "off"})
    points = 100 * (after - before)
    delta = told_apart(abs(points), 0.0, places)[0]  # never a +0.0 that differs
    return (*shown, {"delta": t("metric.delta_points",
                                delta=("+" if points > 0 else "-") + delta)})


def ties_sentence(tied_to, kind: str = "eval.ties") -> str | None:
    """Markdown saying how many predictions broke a tie between classes and the classes they
    went to; None without one. kind: "eval.ties" of held-out ones (Evaluation.tied_to),
    "eval.train_ties" of training-set ones (Evaluation.train_tied_to), "eval.train_ties.kfold"
    of those k folds' trees made on their own training rows."""
    if not len(tied_to):
        return None
    labels = Listed(dict.fromkeys(map(str, tied_to)))
    return tm(f"{kind}.one" if len(tied_to) == 1 else f"{kind}.many", n=len(tied_to),
              labels=labels)


def side_by_side(traces: list[dict | None]) -> bool:
    """Whether the trees (None: one that was not grown) fit side by side."""
    return all(trace is None or len(trace["nodes"]) <= SIDE_BY_SIDE_NODES for trace in traces)


def tree_places(traces: list[dict | None]) -> list:
    """A column each when the trees fit side by side, else a row each (SIDE_BY_SIDE_NODES:
    big trees in a share of the page were unreadable strips); draw each with
    drawn_part(trace, ..., most=SIDE_BY_SIDE_NODES)."""
    if side_by_side(traces):
        return st.columns(len(traces))
    return [st.container() for _ in traces]
