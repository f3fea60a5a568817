"""Session state: every key set once with setdefault, changed only through these callbacks.

The canonical replay position is `step` (an index into the current order). Widgets have their
own keys and are synced from it before they render, so buttons, keys, slider, picker and
autoplay never disagree.
"""

from __future__ import annotations

import copy
import inspect
import re
import time
from pathlib import Path

import streamlit as st

from dtree_core import links
from dtree_core import notation as notations
from dtree_core.data import Listed
from dtree_core.datasets import bundled
from dtree_core.options import Options
from ui import engine, messages, registry
from ui.messages import DEFAULT_LANGUAGE, LANGUAGES, current_notation
from ui.names import dataset_identity
from ui.tables import node_at_path, replay_order

LANGUAGE_PARAM = "lang"  # ?lang=zh|en: a shared link opens in the sender's language

DEFAULTS = {
    "dataset": None,        # the last dataset that loaded: {"filename", "data", "key", and
                            # "bundled_key" or an upload's "name"} (ui.names names it)
    "last_upload": None,    # the last uploaded file that loaded, as "dataset" holds it: the
                            # dataset again when the upload source is chosen again
    "trace_id": None,       # which trace `step` belongs to; a new trace restarts the replay
    "tree_number": 0,       # counts the trees attached: part of every per-node widget key
    "step": 0,
    "playing": False,
    "last_tick": 0.0,
    "speed": 1.0,
    "decimals": 3,
    "order": "dfs",
    "view": "auto",
    "forces": {},           # dataset key -> {node path: attribute chosen by hand}
    "manual": {},           # choose-the-split page (ui.manual): {"context", "picks", "shown"}
    "handedit": {"context": None, "edits": []},  # the prune-by-hand tab's edits (ui.handedit)
    "focus_path": None,     # the node to show once a forced choice has regrown the tree
    "prune_step": 0,        # the pruning phase's position: an index into trace["pruning"]
    "book_example": False,  # the sidebar's book-example button was pressed (ui.pruning)
    "lecture": False,       # lecture mode (the sidebar's switch, ?mode=lecture)
    "link_notes": [],       # what the opening link could not use: (code, details), shown once
    "notation": notations.DEFAULT,  # whose symbols: Zhou's or Li Hang's (?notation=lihang)
    "prediction": None,     # the predict page's last sample: (trace_id, row), see predicted
}


def init_state() -> None:
    """Called at the top of every run; setdefault keeps what the user already has.
    The first run of a session opens the URL's link (dataset, options, step, mode)."""
    first_run = "link_read" not in st.session_state
    keep_query()
    choose_language()
    for key, value in DEFAULTS.items():
        # a copy: DEFAULTS' dicts and lists must never be one object shared by every session
        st.session_state.setdefault(key, copy.deepcopy(value))
    if first_run:
        st.session_state.link_read = True
        open_link(links.decode(query_lists(), LINK_BASE, languages=tuple(LANGUAGES)))
    relabel_widgets()
    _open_upload()


def relabel_widgets() -> None:
    """After a switch of language or notation, give every worded widget its value again.

    Streamlit 1.67's selectbox, radio and multiselect send their pick as the label they
    showed, and a keyed widget stays the same widget to the browser when its labels change:
    without this the browser kept showing the old labels (a radio with nothing selected) and
    sent an old label back with the next rerun, which matched no new option, so Streamlit put
    the widget back to its first option (a breadth-first order became depth-first, its link
    said order=Level+by+level+(BFS)). A value set through session state is sent to the
    browser with the widget, in the new words. Here, at the top of the run, each value is
    still an option: the labels are read when each widget registers, further down."""
    worded_in = _words()
    if st.session_state.get("worded_in", worded_in) != worded_in:
        # read at call time: a reload of ui.messages (Streamlit's file watcher) makes a new set
        for key in messages.WORDED_WIDGETS & set(st.session_state):
            st.session_state[key] = st.session_state[key]


def words_sent() -> None:
    """At the end of a run that finished: its widgets went to the browser in this language
    and notation. A run cut short (a click reruns the script at once) leaves the words of the
    run before, so the next run gives the widgets not sent yet their value again."""
    st.session_state.worded_in = _words()


def _words() -> tuple[str, str]:
    return st.session_state.lang, st.session_state.notation


def choose_language() -> None:
    """`lang`: the URL's ?lang= if it names a language, else the session's choice so far, else
    the browser's preference, else English. The URL says it once write_link runs, in the link's
    one update: written here, before st.navigation, it was a history entry of its own (a page
    switch sends an empty query, and the URL still had the old page's path)."""
    asked = st.query_params.get(LANGUAGE_PARAM)
    if asked in LANGUAGES:
        st.session_state.lang = asked
    elif "lang" not in st.session_state:
        st.session_state.lang = browser_language()


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


def notation() -> notations.Notation:
    """The session's notation: Zhou's symbols or Li Hang's (the sidebar's switch)."""
    return current_notation()


def set_notation(widget_key: str) -> None:
    """on_change of the sidebar's notation switch (the link carries it: write_link)."""
    st.session_state.notation = st.session_state[widget_key]


def set_language(widget_key: str) -> None:
    """on_change of the sidebar's language picker: the session and the URL follow it (the
    URL's ?lang= is read first in the run this callback starts: choose_language)."""
    st.session_state.lang = st.session_state[widget_key]
    st.query_params[LANGUAGE_PARAM] = st.session_state.lang


def no_tree_key() -> str:
    """Why a page has no tree to show: no data chosen yet, or data that has grown none (an
    option refused, a validation file still to come: the sidebar says which)."""
    return "setup.no_data" if st.session_state.get("dataset") is None else "setup.no_tree"


def ensure_entry_point() -> None:
    """Pages run inside app.py, which set the state up. Call first thing in every page.

    A pages/ folder makes Streamlit's legacy mode run a deep-linked page (/compare) alone on
    a fresh server's first request, without app.py; going through app.py ends that mode.
    app.py then opens the page asked for (open_asked_page), with the link's query kept.
    """
    if "lang" not in st.session_state:
        caller = Path(inspect.currentframe().f_back.f_code.co_filename)
        st.session_state.asked_page = f"{caller.parent.name}/{caller.name}"
        st.switch_page("app.py", query_params=query_lists())


def open_asked_page(pages: dict[str, st.Page], current: st.Page) -> None:
    """In app.py after st.navigation: go on to the page a cold deep link asked for."""
    asked = pages.get(st.session_state.pop("asked_page", None))
    if asked is not None and asked.url_path != current.url_path:
        st.switch_page(asked, query_params=query_lists())


def attach_trace(trace_id: str, trace: dict) -> None:
    """A new tree starts at step 0 (or at the node just forced); the same one keeps its place."""
    last_step = len(trace["steps"]) - 1
    if st.session_state.trace_id != trace_id:
        st.session_state.trace_id = trace_id
        st.session_state.step = _focus_step(trace)
        st.session_state.playing = False
        st.session_state.prune_step = 0
        st.session_state.tree_number += 1
        _forget_node_choices()
    # a new tree's link step, or the shown one's once it is the link's: the file a link
    # names, uploaded with the very bytes of the set shown before, is the same tree
    _linked_step(last_step, trace_id)
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


def node_widget_key(prefix: str, node_id: int) -> str:
    """The key of a node's widget (prefix one of NODE_KEY_PREFIXES), new with each tree and
    with each language and notation.

    A new tree's node 3 is another node. Deleting the old key is not enough: a widget of the
    same key is the same widget to the browser, which sends its old pick back with the next
    rerun (a selectbox's line, a table's ticked row). A selectbox sends its pick as the label
    it showed, so after a switch of language its old label matched no option and came back as
    a value: "(the algorithm's choice)" was forced at the root as if it were an attribute."""
    return (f"{prefix}{node_id}_{st.session_state.get('tree_number', 0)}"  # 0: no tree yet
            f"_{st.session_state.get('lang')}_{st.session_state.get('notation')}")


def _forget_node_choices() -> None:
    """Drop the old tree's per-node keys (node_widget_key makes new ones): they would pile up."""
    for key in [k for k in st.session_state if str(k).startswith(NODE_KEY_PREFIXES)]:
        del st.session_state[key]


# The exercises page (ui.exercises): the picked node, the quiz's answers and its grade belong to
# the tree they were given for. Answers are keyed by seed and question number (quiz_answer_key).
QUIZ_ANSWER = re.compile(r"ex_quiz_\d+_\d+")


def quiz_answer_key(seed: int, number: int) -> str:
    return f"ex_quiz_{seed}_{number}"


def attach_exercises(trace_id: str, root: int) -> None:
    """A new tree's node #7 is another node, and it asks new questions: it opens at its root,
    ungraded with empty answers (the old tree's question 2 is another number). The same tree
    keeps them. Widgets are reset by writing their new value, not deleted: the browser shows
    what the server writes, and would send a deleted widget's old value back with the next
    rerun."""
    if st.session_state.get("ex_tree") == trace_id:
        return
    if "ex_node" in st.session_state:
        st.session_state.ex_node = root
    for key in [k for k in st.session_state if QUIZ_ANSWER.fullmatch(str(k))]:
        st.session_state[key] = None
    st.session_state.pop("ex_quiz_graded", None)
    st.session_state.ex_tree = trace_id


def grade_quiz(seed: int) -> None:
    """on_click of the quiz's submit button: this tree's quiz of this seed is graded."""
    st.session_state.ex_quiz_graded = (st.session_state.get("ex_tree"), seed)


def quiz_graded(seed: int) -> bool:
    return st.session_state.get("ex_quiz_graded") == (st.session_state.get("ex_tree"), seed)


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


def tick(last_step: int, interval: float) -> bool:
    """One autoplay step, at most once per interval whatever reran the view; True when a
    due tick finds the last step. It never sets `playing`: in a full run the toggle of that
    key is already drawn, and Streamlit refuses the change (stop_at_end makes it)."""
    now = time.monotonic()
    if now - st.session_state.last_tick < 0.8 * interval:
        return False
    st.session_state.last_tick = now
    if st.session_state.step >= last_step:
        return True
    move(1, last_step)
    return False


def stop_at_end(last_step: int) -> None:
    """Playing ends at the last step, decided before the play toggle is drawn: a widget's
    state may be set in a run only before the widget is."""
    if st.session_state.playing and st.session_state.step >= last_step:
        st.session_state.playing = False


# The predict page: the sample predicted, kept while the form shows it for the same tree.


def sample_field(name: str, values: list | None) -> str:
    """The predict form's key for an attribute's input (values: a nominal attribute's, None for
    a continuous one). An input kept from another tree that this one cannot show (a value
    the attribute no longer has, text for a number, a number for a value) is dropped first,
    so the field starts empty rather than showing what it does not hold."""
    key = f"pred::{name}"
    kept = st.session_state.get(key)
    number = isinstance(kept, int | float) and not isinstance(kept, bool)
    if kept is not None and not (number if values is None else kept in values):
        del st.session_state[key]
    return key


def predicted(trace_id: str, row: dict, submitted: bool) -> dict | None:
    """The sample whose prediction the page shows: the form's `row` when it was just
    submitted, or when it is still the one last submitted, for this tree. A new tree (data,
    target, attributes, kinds, options) or a form showing other values drops it: the
    prediction shown is always the tree's for the values in the form."""
    shown = (trace_id, dict(row))
    if submitted:
        st.session_state.prediction = shown
    elif st.session_state.prediction != shown:
        st.session_state.prediction = None
    return row if st.session_state.prediction is not None else None


def kept_tab(key: str, names: list[str], label_of) -> list[str]:
    """The labels of st.tabs(key=key, on_change="rerun"), whose open tab stays open across a
    switch of language: the tabs send the open tab's label, and a label of the language
    before matches none, so Streamlit opened the first tab. The open tab is kept by its name
    (`names`, label_of(name) its words) and given back in the words of now; given back too
    when other tabs join or leave (Evaluate's algorithms), as Streamlit opens new tabs at
    their first."""
    labels = [label_of(name) for name in names]
    shown, kept = st.session_state.get(key), f"{key}::name"
    if shown in labels:
        st.session_state[kept] = names[labels.index(shown)]
    if st.session_state.get(kept) in names:
        st.session_state[key] = label_of(st.session_state[kept])
    return labels


# The pruning phase (ui.pruning): its own position, moved like the growth's.


def keep_prune_step(last_step: int) -> None:
    st.session_state.prune_step = max(0, min(st.session_state.prune_step, last_step))


def move_prune(delta: int, last_step: int) -> None:
    st.session_state.prune_step = max(0, min(st.session_state.prune_step + delta, last_step))


def prune_from_widget(key: str, last_step: int) -> None:
    """on_change of the pruning slider: its value is the new event, counted from 1."""
    st.session_state.prune_step = max(0, min(int(st.session_state[key]) - 1, last_step))


# Links (dtree_core.links): the URL opens exactly a step, and follows the session.

# What the sidebar builds when nothing is changed: links name only what differs from it.
LINK_BASE = Options(force_missing="skip")

# Options field -> (sidebar widget key, range the widget accepts, widget value for None).
# Fields missing here (force, nominal, continuous) are set per dataset by _open_dataset.
# The split widgets' first values (analysis.split_inputs) and every seed widget's range: the
# Compare page's link leaves out what equals them (compare_defaults)
SPLIT_START = {"test_size": 0.3, "seed": 0}
SEEDS = (0, 2**31 - 1)
SIDEBAR = {
    "algorithm": ("algorithm", None, None),
    "max_depth": ("max_depth", (1, 100), 0),  # the sidebar's 0 is "no limit"
    "min_samples_split": ("min_samples", (2, 10_000), None),
    "min_gain": ("min_gain", (0.0, 1.0), None),
    "min_branch_weight": ("min_branch_weight", (0.0, 10_000.0), 0.0),
    "tie_break": ("tie_break", None, None),
    "seed": ("seed", SEEDS, None),
    "prune": ("prune", None, None),
    "prune_on_tie": ("prune_on_tie", None, None),
    "cf": ("prune_cf", (0.01, 0.5), None),
    "subtree_raising": ("prune_raising", None, None),
    "pep_margin": ("prune_margin", (0.0, 1.0), None),
    "ccp_alpha": ("ccp_alpha", (0.0, 1.0), None),
}
# A field whose input depends on the pruning method: Li Hang's α (prune=cost) is ccp_alpha's
# field, and his input takes any α ≥ 0 (a loss in bits, not CART's per-row alpha).
BY_PRUNE = {("ccp_alpha", "cost"): ("ccp_alpha", (0.0, 1e6), None)}
PER_DATASET = ("force", "nominal", "continuous")
NOT_IN_SIDEBAR = ("force_missing", "curve_points")  # the sidebar fixes these (CLI options)

# The Compare page's widgets (ui.analysis.config_picker and split_inputs("cmp")), as SIDEBAR:
# each configuration's field -> (widget key of slot i, range, widget value for None).
COMPARE_CONFIG = {
    "algorithm": ("cmp_algo_{}", None, None),
    "max_depth": ("cmp_depth_{}", (1, 100), 0),  # the page's 0 is "no limit"
    "min_samples_split": ("cmp_min_{}", (2, 10_000), None),
    "min_gain": ("cmp_gain_{}", (0.0, 1.0), None),
    "seed": ("cmp_seed_{}", SEEDS, None),
    "prune": ("cmp_prune_{}", None, None),
}
COMPARE_COUNT_WIDGET = ("cmp_n", (2, links.COMPARE_SLOTS), None)
COMPARE_SPLIT_SEED_WIDGET = ("cmp_seed", SEEDS, None)
COMPARE_TEST_SIZE_WIDGET = "cmp_test_size"
HELD_OUT = (0.1, 0.5, 0.05)  # the summary's held-out share: from, to, by (a slider)
COMPARE_VIEW_WIDGET, COMPARE_STEP_WIDGET = "cmp_view", "cmp_step"  # the trees side by side
# Han's criteria: the shares of labels made noisy and of values blanked (two sliders)
HAN_NOISE_WIDGET, HAN_BLANK_WIDGET = "han_noise", "han_blank"
HAN_SHARES = (0.0, 0.5, 0.05)  # from, to, by
HAN_START = 0.2


def compare_defaults(base: Options) -> links.Comparison:
    """The Compare page before the user changes it: three configurations, the first
    algorithms registered (one each, in turn), no limits, the sidebar's pruning (`base`);
    the scores at the root; 30% of the rows held out, seed 0; the trees at their end (step 0
    when stepped together); Han's copies with 20% noisy labels and 20% blanked values."""
    keys = registry.keys()
    return links.Comparison(
        count=3, node="root", test_size=SPLIT_START["test_size"],
        split_seed=SPLIT_START["seed"], view=links.COMPARE_VIEWS[0], step=0,
        noise=HAN_START, blank=HAN_START,
        configs=tuple({"algorithm": keys[i % len(keys)], "max_depth": None,
                       "min_samples_split": 2, "min_gain": 0.0, "seed": 0, "prune": base.prune}
                      for i in range(links.COMPARE_SLOTS)))


def start_widget(key: str, default) -> str:
    """A widget's first value, set through session state (the widget is then drawn without a
    value of its own): a link may have set it already, and Streamlit warns about a widget
    given both. Returns the key."""
    st.session_state.setdefault(key, default)
    return key


def restart_widget(key: str, start, started_for) -> str:
    """A widget that starts at `start` again whenever what it was started for (`started_for`,
    e.g. the tree shown) changes, and otherwise keeps the user's choice: a widget's own
    value= is read once, so it kept pointing where the first tree put it. Returns the key."""
    mark = f"{key}::started_for"
    if st.session_state.get(mark) != started_for:
        st.session_state[mark] = started_for
        st.session_state[key] = start
    return key


def slider_values(low: float, high: float, by: float) -> tuple[float, ...]:
    """Every value a slider from `low` to `high` by `by` offers: HELD_OUT's 0.1, 0.15, …, 0.5."""
    return tuple(round(low + by * i, 2) for i in range(round((high - low) / by) + 1))


def query_lists() -> dict[str, list[str]]:
    """The URL's query, every parameter as the list of its values."""
    return {key: st.query_params.get_all(key) for key in st.query_params}


def _note(code: str, param: str = "", value="", **details) -> None:
    """`details`: the note's other placeholders by name (reason, last, …). A new list each
    time: DEFAULTS' empty list is shared by every session."""
    note = (code, {"param": param, "value": _text(value),
                   **{name: _text(detail) for name, detail in details.items()}})
    st.session_state.link_notes = [*st.session_state.link_notes, note]


def _text(value) -> str:
    """A note's value as text; a list stays Listed, to be joined in the note's language."""
    return value if isinstance(value, Listed) else str(value)


def open_link(link: links.Link) -> None:
    """Put what the link asks for where the sidebar and the replay read it; the rest is
    noted (link_notes) and keeps its default."""
    for problem in link.problems:
        # the refusal in the link's language (ui.setup imports this module: imported here)
        from ui.setup import error_text
        reason = problem.reason if problem.error is None else error_text(problem.error)
        _note(problem.code, problem.param, problem.value, reason=reason,
              allowed=Listed(problem.allowed))
    st.session_state.lecture = link.mode == "lecture"
    if link.notation is not None:
        st.session_state.notation = link.notation
    if link.order is not None:
        st.session_state.order = link.order
    if link.step is not None:
        st.session_state.link_step = link.step
        st.session_state.link_step_file = link.upload  # None: the step is the link's dataset's
    for name, value in link.options.items():
        if name in SIDEBAR:
            _set_widget(name, value, BY_PRUNE.get((name, link.options.get("prune"))))
        elif name in NOT_IN_SIDEBAR:
            _note("not_in_app", name, value)
    if link.upload is not None:
        st.session_state.source = "upload"
        st.session_state.link_upload = link.upload  # the page asks for it (ui.lecture)
        st.session_state.link_for_upload = link  # its per-dataset parts wait for the file
    elif link.dataset is not None:
        _open_dataset(link)
    _open_compare(link.compare)


def use_dataset(chosen: dict, uploaded: bool) -> None:
    """The sidebar's dataset; an uploaded one is also the one the upload source shows again
    once the uploader has forgotten its file (ui.setup._last_upload)."""
    st.session_state.dataset = chosen
    if uploaded:
        st.session_state.last_upload = chosen


def set_sidebar(options: Options) -> None:
    """Every sidebar widget of SIDEBAR to the options' value (an on_click: the book example
    puts its whole setup in the sidebar, the limits too)."""
    for name in SIDEBAR:
        _set_widget(name, getattr(options, name), BY_PRUNE.get((name, options.prune)))


def _set_widget(name: str, value, entry: tuple | None = None, code: str = "range") -> None:
    """Link parameter `name`'s value into its widget (entry: its key, range and value for None;
    by default the sidebar's), or a note that it is out of the widget's range."""
    key, bounds, for_none = entry or SIDEBAR[name]
    if value is None:
        st.session_state[key] = for_none
        return
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        _note(code, name, value, range=f"{_bound(bounds[0])}–{_bound(bounds[1])}")
        return
    st.session_state[key] = value


def _bound(number) -> str:
    """A widget's limit as a note says it: 0.5, 10000, 2147483647 (not 2.14748e+09)."""
    return str(number) if isinstance(number, int) else f"{number:g}"


def _open_compare(compare: links.Comparison) -> None:
    """The Compare page's choices into its widgets' keys (they persist for the session, so the
    page opens with them whenever it is first shown); the node waits for the page's trees."""
    if compare.count is not None:
        _set_widget(links.COMPARE_COUNT, compare.count, COMPARE_COUNT_WIDGET, "range_compare")
    for slot, config in enumerate(compare.configs):
        for name, value in config.items():
            key, bounds, for_none = COMPARE_CONFIG[name]
            _set_widget(links.config_param(slot, name), value,
                        (key.format(slot), bounds, for_none), "range_compare")
    if compare.split_seed is not None:
        _set_widget(links.COMPARE_SPLIT_SEED, compare.split_seed, COMPARE_SPLIT_SEED_WIDGET,
                    "range_compare")
    for param, value, key, slider in (
            (links.COMPARE_TEST_SIZE, compare.test_size, COMPARE_TEST_SIZE_WIDGET, HELD_OUT),
            (links.COMPARE_NOISE, compare.noise, HAN_NOISE_WIDGET, HAN_SHARES),
            (links.COMPARE_BLANK, compare.blank, HAN_BLANK_WIDGET, HAN_SHARES)):
        if value is not None:
            _set_slider(param, value, key, slider_values(*slider))
    if compare.view is not None:
        st.session_state[COMPARE_VIEW_WIDGET] = compare.view
    if compare.step is not None:  # waits for the trees: their longest replay is its range
        st.session_state.link_cmp_step = compare.step
    if compare.node is not None:
        st.session_state.link_cmp_node = compare.node


def _set_slider(param: str, value: float, key: str, offered: tuple[float, ...]) -> None:
    """A link's share into its slider: one of the values it `offered`, or a note listing them."""
    match = [share for share in offered if abs(value - share) < 1e-9]
    if match:
        st.session_state[key] = match[0]
    else:
        _note("unknown_value", param, value, allowed=Listed(f"{share:g}" for share in offered))


def linked_compare_step(last: int) -> int | None:
    """Before the Compare page's step slider is drawn (`last`: its last step, the longest
    replay's), the first time: the step the link names becomes its value, or `last` when the
    step is past it, as the grow page's step is clamped to its tree's. Returns that step when it
    was past `last`, for the page to say so."""
    step = st.session_state.pop("link_cmp_step", None)
    if step is None:
        return None
    st.session_state[COMPARE_STEP_WIDGET] = min(step, last)
    return step if step > last else None


def kept_compare_node(keys: list[str], trees: tuple) -> str | None:
    """The Compare page's node pick outlives a configuration whose tree lacks it: the picker
    shows the root meanwhile and takes the pick again once every tree has it (it was lost).
    `trees`: what the trees were grown from (target, attributes); a pick made on other data
    is dropped. Returns the pick these trees do not all have, for the page to say so."""
    kept = st.session_state.get("cmp_node_kept")
    if kept is None or kept[0] != trees:
        st.session_state.cmp_node_kept = None
        return None
    if kept[1] in keys:
        st.session_state.cmp_node = kept[1]
        return None
    return kept[1]


def keep_compare_node(trees: tuple) -> None:
    """The picker's on_change: the user's own pick is the one kept (kept_compare_node)."""
    st.session_state.cmp_node_kept = (trees, st.session_state.cmp_node)


def linked_compare_node(keys: list[str], trees: tuple) -> str | None:
    """Before the Compare page's node picker is drawn (`keys`: its nodes), the first time:
    the node the link names becomes its pick, kept as a pick made on these trees is
    (kept_compare_node). Returns that node when these trees do not all have it (the picker
    keeps its first node, the root), for the page to say so."""
    node = st.session_state.pop("link_cmp_node", None)
    if node is None or node in keys:
        if node is not None:
            st.session_state.cmp_node = node
            keep_compare_node(trees)
        return None
    return node


def _open_dataset(link: links.Link) -> None:
    """The bundled dataset the link names, with its target, attributes, kinds and forces."""
    dataset = {d.key: d for d in bundled()}.get(link.dataset)
    if dataset is None:
        _note("dataset", "data", link.dataset)
        return
    data = dataset.path.read_bytes()
    table = _table(data, dataset.path.name)
    if table is None:
        return
    st.session_state.source, st.session_state.bundled_key = "bundled", dataset.key
    columns = [str(c) for c in table.frame.columns]
    _open_columns(link, engine.data_key(data), columns, table.likely_target(dataset.target))


def _open_upload() -> None:
    """Once the file an upload link names is uploaded: the link's target, attributes, kinds
    and forces for it (the uploader's value is in the session before the sidebar runs)."""
    link, upload = st.session_state.get("link_for_upload"), st.session_state.get("upload")
    if link is None or upload is None or upload.name != link.upload:
        return
    del st.session_state.link_for_upload
    data = upload.getvalue()
    sheets = engine.sheet_names(data, upload.name)
    sheet = sheets[0] if len(sheets) > 1 else None  # the sidebar's first choices: sheet 1,
    table = _table(data, upload.name, sheet)  # encoding detected (None)
    if table is not None:  # the sidebar's target, as it opens the file (ui.setup._target)
        _open_columns(link, engine.data_key(data, f"{sheet}|None"),
                      [str(c) for c in table.frame.columns], table.likely_target())


def _table(data: bytes, filename: str, sheet: str | None = None):
    try:
        return engine.load_table(data, filename, sheet)
    except (ValueError, MemoryError):  # LoadError, BudgetError: the sidebar says why
        return None


def _open_columns(link: links.Link, key: str, columns: list[str], target: str) -> None:
    """Target, attributes, kinds and forced splits as the sidebar's per-dataset widgets
    (their keys name the dataset by its fingerprint `key`, as ui.setup writes them)."""
    if link.target is not None and link.target not in columns:
        _note("target", "target", link.target)
    elif link.target is not None:
        target = st.session_state[f"target::{key}"] = link.target
    attributes = [c for c in columns if c != target]
    if link.attributes is not None:
        wrong = [a for a in link.attributes if a not in attributes]
        chosen = [a for a in link.attributes if a in attributes]
        if not chosen:  # nothing of the link's to use: the dataset's attributes, as without it
            _note("attributes_none", "attrs", Listed(wrong))
        else:
            if wrong:
                _note("attributes", "attrs", Listed(wrong))
            attributes = chosen
            st.session_state[f"attrs::{key}::{target}"] = attributes
    for kind in ("nominal", "continuous"):
        chosen = link.options.get(kind, ())
        if set(chosen) - set(attributes):
            _note("attributes", kind, Listed(sorted(set(chosen) - set(attributes))))
        st.session_state[f"{kind}::{key}"] = [a for a in chosen if a in attributes]
    if "force" in link.options:
        st.session_state.forces = {**st.session_state.forces, key: dict(link.options["force"])}


def note_grown(trace_id: str, dataset: dict) -> None:
    """setup.grow grew a tree: the first one of a session with a linked step is the link's,
    unless the link names a file to upload and this tree grew from other data (a bundled
    dataset picked first): the step waits for the file's tree, as the link's target and
    forces do."""
    if "link_step" not in st.session_state or "link_tree" in st.session_state:
        return
    wanted = st.session_state.get("link_step_file")
    if wanted is None or dataset_identity(dataset) == (None, wanted):
        st.session_state.link_tree = trace_id


def _linked_step(last_step: int, trace_id: str) -> None:
    """The link's tree opens at the link's step (if it had one); another tree shown first (the
    data or options changed on another page) drops it: the step was another tree's."""
    if "link_tree" not in st.session_state and st.session_state.get("link_step_file"):
        return  # the step waits for the tree of the file the link names (note_grown)
    step = st.session_state.pop("link_step", None)
    if step is None or st.session_state.get("link_tree", trace_id) != trace_id:
        return
    if step > last_step:
        _note("step", "step", step, last=last_step)
    st.session_state.step = min(step, last_step)


def link_params(page: str = "") -> dict | None:
    """This session's link: what differs from the sidebar's defaults, and where it is; on
    the Compare page (`page`: its url_path) also what differs from that page's defaults."""
    current, dataset = st.session_state.get("current"), st.session_state.dataset
    state = {"lang": st.session_state.lang,
             "mode": "lecture" if st.session_state.lecture else None,
             "order": st.session_state.order if st.session_state.order != "dfs" else None,
             "notation": (st.session_state.notation
                          if st.session_state.notation != notations.DEFAULT else None),
             "step": None}
    if current is None or dataset is None:
        return None  # nothing grown yet (a link's file still to upload): the URL stays
    if st.session_state.trace_id == current["trace_id"]:  # the step is this tree's
        state["step"] = st.session_state.step or None
    elif st.session_state.get("link_tree") == current["trace_id"]:  # not opened yet
        state["step"] = st.session_state.get("link_step")
    choices = current["choices"]
    where = ({"dataset": dataset["bundled_key"]} if dataset.get("bundled_key")
             else {"upload": dataset["filename"]})
    target = choices["target"] if choices["target"] != dataset.get("target") else None
    usual = _usual_attributes(dataset, choices["target"])
    attributes = choices["attributes"] if choices["attributes"] != usual else None
    params = links.encode(current["options"], LINK_BASE, **where, target=target,
                          attributes=attributes, **state)
    if page == COMPARE_PAGE:
        default = compare_defaults(current["options"])
        params.update(links.encode_compare(_compare_shown(default), default))
    return params


COMPARE_PAGE = "compare"  # its url_path (app.PAGES)


def _compare_shown(default: links.Comparison) -> links.Comparison:
    """The Compare page's choices as its widgets hold them (a default where a widget has not
    been drawn yet); the node and the step a link names until the page has opened them."""
    ss = st.session_state
    configs = []
    for slot, usual in enumerate(default.configs):
        config = dict(usual)
        for name, (key, _, for_none) in COMPARE_CONFIG.items():
            value = ss.get(key.format(slot), usual[name])
            config[name] = None if for_none is not None and value == for_none else value
        configs.append(config)
    return links.Comparison(
        count=int(ss.get(COMPARE_COUNT_WIDGET[0], default.count)), configs=tuple(configs),
        node=ss.get("link_cmp_node", ss.get("cmp_node", default.node)),
        test_size=ss.get(COMPARE_TEST_SIZE_WIDGET, default.test_size),
        split_seed=ss.get(COMPARE_SPLIT_SEED_WIDGET[0], default.split_seed),
        view=ss.get(COMPARE_VIEW_WIDGET, default.view),
        step=ss.get("link_cmp_step", ss.get(COMPARE_STEP_WIDGET, default.step)),
        noise=ss.get(HAN_NOISE_WIDGET, default.noise),
        blank=ss.get(HAN_BLANK_WIDGET, default.blank))


def _usual_attributes(dataset: dict, target: str) -> list[str] | None:
    """The sidebar's attributes for this target before the user changes them (all columns
    but the target and row-ID-like ones); None if it cannot load."""
    known = data_columns(dataset)
    if known is None:
        return None
    columns, ids = known
    return [c for c in columns if c != target and c not in ids]


def data_columns(dataset: dict) -> tuple[list[str], list[str]] | None:
    """The dataset's columns and its row-ID-like ones, remembered per dataset (the last one
    asked for); None if it cannot load."""
    memo = st.session_state.get("link_columns")
    if memo is None or memo[0] != dataset["key"]:
        try:
            table = engine.load_table(dataset["data"], dataset["filename"], dataset.get("sheet"),
                                      dataset.get("encoding"))
        except (ValueError, MemoryError):
            return None
        memo = (dataset["key"], [str(c) for c in table.frame.columns],
                list(table.report.id_columns))
        st.session_state.link_columns = memo
    return memo[1], memo[2]


# Every parameter a link may carry: anything else in the URL is someone else's and stays.
LINK_KEYS = (*links.OPTION_KINDS, links.DATASET, links.UPLOAD, links.TARGET, links.ATTRIBUTES,
             links.STEP, links.ORDER, links.LANG, links.MODE, links.NOTATION,
             *links.COMPARE_PARAMS)


def write_link(page: str | None = None) -> None:
    """Make the URL say this session's link on `page` (its url_path; None: the page app.py
    last named). Only this link's parameters change, all in one update: each update is a
    browser history entry (Streamlit pushes one per st.query_params change), so Back undoes
    a change at once and passes no half-written link. No widget is bound to the URL (its
    query is replaced whole: from_dict refuses a bound parameter)."""
    if st.session_state.pop("link_switched", False):
        return  # the page is leaving by switch_page, which carried the link
    if page is not None:
        st.session_state.link_page = page
    shown = query_lists()
    query = _link_query(shown, link_params(st.session_state.get("link_page", "")))
    if query != shown:
        st.query_params.from_dict(query)
    st.session_state.link_query = query  # the address bar's query (keep_query)


def switch_page(page: str, url_path: str) -> None:
    """st.switch_page to `page` (its file; url_path as app.PAGES names it) with this session's
    link on that page, in the switch's own history entry. app.py's write_link, as the old page
    leaves, then writes nothing: Streamlit emptied the query for the switch, and the link
    written back there was a second entry (at the old page's path), the new page's a third."""
    query = _link_query(query_lists(), link_params(url_path))
    st.session_state.link_page, st.session_state.link_query = url_path, query
    st.session_state.link_switched = True
    st.switch_page(page, query_params=query)


def _link_query(shown: dict[str, list[str]], params: dict | None) -> dict[str, list[str]]:
    """The URL's query (`shown`) saying the link `params`, in the URL's order: the others'
    parameters and this link's that stay, then the new ones. No link yet (nothing grown: a
    link's file still to upload) keeps the URL's link and only says the language."""
    if params is None:
        return {**shown, links.LANG: [st.session_state.lang]}
    wanted = {k: v if isinstance(v, list) else [v] for k, v in params.items()}
    query = {k: wanted.get(k, v) for k, v in shown.items() if k in wanted or k not in LINK_KEYS}
    query.update({k: v for k, v in wanted.items() if k not in query})
    return query


def keep_query() -> None:
    """Before st.navigation: a sidebar page switch sends an empty query (Streamlit drops it)
    while the address bar still shows the old page's, as write_link last wrote it. Written
    back here, in that order, it is no change to the browser (Streamlit pushes a history entry
    only for a query whose text differs) and the new page's own entry carries it: one entry
    per page switch. Written after st.navigation, the link was a second entry."""
    kept = st.session_state.get("link_query")
    if kept and not len(st.query_params):
        st.query_params.from_dict(kept)
