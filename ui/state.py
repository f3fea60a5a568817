"""Session state: every key set once with setdefault, changed only through these callbacks.

The canonical replay position is `step` (an index into the current order). Widgets have their
own keys and are synced from it before they render, so buttons, keys, slider, picker and
autoplay never disagree.
"""

from __future__ import annotations

import time

import streamlit as st

from ui.messages import DEFAULT_LANGUAGE, LANGUAGES
from ui.tables import node_at_path, replay_order

LANGUAGE_PARAM = "lang"  # ?lang=zh|en: a shared link opens in the sender's language

DEFAULTS = {
    "dataset": None,        # the last dataset that loaded: {"name", "filename", "data", "key"}
    "trace_id": None,       # which trace `step` belongs to; a new trace restarts the replay
    "step": 0,
    "playing": False,
    "last_tick": 0.0,
    "speed": 1.0,
    "decimals": 3,
    "order": "dfs",
    "view": "auto",
    "forces": {},           # dataset key -> {node path: attribute chosen by hand}
    "focus_path": None,     # the node to show once a forced choice has regrown the tree
    "prune_step": 0,        # the pruning phase's position: an index into trace["pruning"]
    "book_example": False,  # the sidebar's book-example button was pressed (ui.pruning)
}


def init_state() -> None:
    """Called at the top of every run; setdefault keeps what the user already has."""
    choose_language()
    for key, value in DEFAULTS.items():
        st.session_state.setdefault(key, value)


def choose_language() -> None:
    """`lang`: the URL's ?lang= if it names a language, else the session's choice so far, else
    the browser's preference, else English. The URL then carries it (pages drop the query)."""
    asked = st.query_params.get(LANGUAGE_PARAM)
    if asked in LANGUAGES:
        st.session_state.lang = asked
    elif "lang" not in st.session_state:
        st.session_state.lang = browser_language()
    if asked != st.session_state.lang:
        st.query_params[LANGUAGE_PARAM] = st.session_state.lang


def browser_language() -> str:
    """The first of the browser's languages the catalogue speaks ('zh-CN' -> 'zh')."""
    for tag in preferred_tags():
        code = tag.split("-")[0].split("_")[0].strip().lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def preferred_tags() -> list[str]:
    """navigator.language first, then the Accept-Language header's tags by their weight."""
    headers = st.context.headers or {}
    return [st.context.locale or "", *accept_language(headers.get("Accept-Language") or "")]


def accept_language(header: str) -> list[str]:
    """'zh-CN,zh;q=0.9,en;q=0.8' -> ['zh-CN', 'zh', 'en'] (highest weight first, stable)."""
    weighted = []
    for part in header.split(","):
        tag, _, params = part.strip().partition(";")
        weight = params.strip().removeprefix("q=")
        try:
            weighted.append((-float(weight) if params else -1.0, tag.strip()))
        except ValueError:
            continue
    return [tag for _, tag in sorted(weighted, key=lambda pair: pair[0]) if tag]


def set_language(widget_key: str) -> None:
    """on_change of the sidebar's language picker: the session and the URL follow it."""
    st.session_state.lang = st.session_state[widget_key]
    st.query_params[LANGUAGE_PARAM] = st.session_state.lang


def ensure_entry_point() -> None:
    """Pages run inside app.py, which set the state up. Call first thing in every page.

    A pages/ folder makes Streamlit's legacy mode run a deep-linked page (/grow) alone on a
    fresh server's first request, without app.py; going through app.py ends that mode.
    """
    if "lang" not in st.session_state:
        st.switch_page("app.py")


def attach_trace(trace_id: str, trace: dict) -> None:
    """A new tree starts at step 0 (or at the node just forced); the same one keeps its place."""
    last_step = len(trace["steps"]) - 1
    if st.session_state.trace_id != trace_id:
        st.session_state.trace_id = trace_id
        st.session_state.step = _focus_step(trace)
        st.session_state.playing = False
        st.session_state.prune_step = 0
        _forget_node_choices()
    st.session_state.focus_path = None  # a force that failed to grow leaves the tree as it was
    st.session_state.step = max(0, min(st.session_state.step, last_step))


def _focus_step(trace: dict) -> int:
    path, st.session_state.focus_path = st.session_state.focus_path, None
    node = node_at_path(trace, path) if path else None
    return 0 if node is None else replay_order(trace, st.session_state.order).index(node)


def force_here(widget_key: str, dataset_key: str, path: str) -> None:
    """on_change of the node's "split on" picker: force that attribute there (or stop forcing).

    Forces below this node are dropped: its subtree is about to change shape.
    """
    kept = {p: a for p, a in st.session_state.forces.get(dataset_key, {}).items()
            if p != path and path != "root" and not p.startswith(path + "/")}
    if st.session_state[widget_key]:
        kept[path] = st.session_state[widget_key]
    st.session_state.forces = {**st.session_state.forces, dataset_key: kept}
    st.session_state.focus_path = path
    st.session_state.regrow = True  # the replay fragment reruns the whole app to grow


def clear_forces(dataset_key: str) -> None:
    st.session_state.forces = {**st.session_state.forces, dataset_key: {}}


# Per-node widget keys (ui.panel, ui.replay): the inspected attribute, the table/bar
# selections, the forced attribute and the pseudocode line whose code is shown.
NODE_KEY_PREFIXES = ("inspect_", "scores_", "bars_", "curve_", "force_", "code_line_")


def _forget_node_choices() -> None:
    """A new tree's node 3 is another node: drop what was picked at the old one."""
    for key in [k for k in st.session_state if str(k).startswith(NODE_KEY_PREFIXES)]:
        del st.session_state[key]


def go_to(step: int, last_step: int) -> None:
    st.session_state.step = max(0, min(int(step), last_step))


def move(delta: int, last_step: int) -> None:
    go_to(st.session_state.step + delta, last_step)


def from_widget(key: str, last_step: int) -> None:
    """on_change of the slider: its value is the new step."""
    go_to(st.session_state[key], last_step)


def jump_to_node(key: str, order: list[int]) -> None:
    """on_change of the node picker: the step at which that node is decided."""
    go_to(order.index(st.session_state[key]), len(order) - 1)


def play_from_start(last_step: int) -> None:
    """on_change of the play toggle: playing from the last step starts over."""
    if st.session_state.playing and st.session_state.step >= last_step:
        st.session_state.step = 0
    st.session_state.last_tick = time.monotonic()


def tick(last_step: int, interval: float) -> None:
    """One autoplay step, at most once per interval whatever reran the view."""
    now = time.monotonic()
    if now - st.session_state.last_tick < 0.8 * interval:
        return
    st.session_state.last_tick = now
    if st.session_state.step >= last_step:
        st.session_state.playing = False
    else:
        move(1, last_step)


# The pruning phase (ui.pruning): its own position, moved like the growth's.


def keep_prune_step(last_step: int) -> None:
    st.session_state.prune_step = max(0, min(st.session_state.prune_step, last_step))


def move_prune(delta: int, last_step: int) -> None:
    st.session_state.prune_step = max(0, min(st.session_state.prune_step + delta, last_step))


def prune_from_widget(key: str, last_step: int) -> None:
    """on_change of the pruning slider: its value is the new event."""
    st.session_state.prune_step = max(0, min(int(st.session_state[key]), last_step))
