"""Lecture mode and links in the app: the switch, the projector's style, the step's frames, and
the notes about what an opening link could not use.

The frames are dtree_core.frames' drawings of the very DOT the page shows; the link itself is
ui.state's (it owns the session and the URL).
"""

from __future__ import annotations

import streamlit as st

from dtree_core import frames
from dtree_core.data import DataError
from dtree_core.export import ExportUnavailable
from ui import panel, state
from ui.downloads import file_name
from ui.messages import literal, t, tm
from ui.tables import compared_places, rule_columns, score_frame

# Fonts grow with the screen: 18 px on a 1280-wide projector, 24 px at 1920. The tree is
# kept within the window's height below the header, so it and the score table beside it are
# seen whole. Streamlit sizes the tree's text in rem, which would outgrow Graphviz's boxes:
# it keeps the size it has at the usual 16 px (the drawing itself scales to the column).
# A squeezed table would wrap 色泽 one character a line and push its rows (the chosen one
# too) below the fold: its cells do not wrap, and its headers wrap only at spaces.
STYLE = """
<style>
html { font-size: clamp(18px, 1.25vw, 28px); }
[data-testid="stGraphVizChart"] svg { max-height: calc(100vh - 16rem); width: 100%; }
[data-testid="stGraphVizChart"] svg text { font-size: 9.6px !important; }
[data-testid="stTable"] table { font-size: 0.9rem; }
[data-testid="stTable"] th, [data-testid="stTable"] td { padding: 0.3rem 0.4rem !important; }
[data-testid="stTable"] td, [data-testid="stTable"] td * { white-space: nowrap !important; }
[data-testid="stTable"] th, [data-testid="stTable"] th * { white-space: normal !important;
                                                           word-break: keep-all !important; }
[data-testid="stMainBlockContainer"] { padding-top: 3rem; }
h1 { font-size: 1.5rem !important; padding-bottom: 0.25rem !important; }
</style>
"""


# Streamlit's shortcut keys (the step buttons' ← and →) ignore a key pressed in an <input>, and
# a clicked switch keeps the focus: hidden with the collapsed sidebar, it would swallow the
# first keys of the lecture. Drawn when lecture mode starts, this script lets the focus go.
BLUR_SIDEBAR = """
<script>
const focused = document.activeElement;
if (focused && focused.closest('[data-testid="stSidebar"]')) { focused.blur(); }
</script>
"""


def switch() -> None:
    """The sidebar's lecture-mode switch (ui.state keeps it, the URL says it); once on, the
    focus leaves the sidebar, so that the arrow keys step at once."""
    st.toggle(t("lecture.switch"), key="lecture", help=t("lecture.switch.help"))
    if st.session_state.lecture:
        st.html(BLUR_SIDEBAR, unsafe_allow_javascript=True)  # our own constant, no input


# A formula wider than its column (a Gain with many branches) would be cut off with no sign
# that more follows: it scrolls, with a scrollbar that shows. (Chromium and Safari draw an
# overlay scrollbar, hidden until scrolled, unless the page styles its own.)
FORMULA_STYLE = """
<style>
.katex-display { overflow-x: auto; overflow-y: hidden;
                 scrollbar-width: auto; scrollbar-color: auto; }
.katex-display::-webkit-scrollbar { height: 8px; }
.katex-display::-webkit-scrollbar-thumb { background: #aaa; border-radius: 4px; }
</style>
"""


def style() -> None:
    """The page's CSS, and lecture mode's (an st.html with only a <style> takes no room)."""
    st.html(FORMULA_STYLE + (STYLE if st.session_state.lecture else ""))


def link_notes() -> None:
    """Once: what the opening link could not use."""
    for code, details in st.session_state.link_notes:
        st.warning(tm(f"link.problem.{code}", **details))
    st.session_state.link_notes = []


def upload_note() -> None:
    """Until it is uploaded: which file an upload link needs."""
    wanted = st.session_state.get("link_upload")
    dataset = st.session_state.dataset
    if wanted is not None and dataset is not None and dataset["filename"] == wanted:
        del st.session_state.link_upload  # the file the link names is here now
    elif wanted is not None:
        st.info(tm("link.upload", filename=wanted))


def step_view(trace: dict, node: dict, order: list[int], tree_chart) -> str:
    """The tree and the score table side by side; returns the DOT the tree was drawn from."""
    tree_col, table_col = st.columns([9, 11])  # the table has up to 11 columns
    with tree_col:
        source = tree_chart(trace, order)
    with table_col:
        st.info(literal(panel.why_text(trace, node, int(st.session_state.decimals))))
        scores(trace, node)
    st.caption(t("lecture.keys"))
    return source


def scores(trace: dict, node: dict) -> None:
    """The node's score table as an HTML table (it scales with the page's font, unlike the
    canvas of st.dataframe); the winner's row highlighted, ties marked, as on the panel. Only
    the scores the rule reads, and no kind column: the table shares the screen with the tree."""
    if not node["scores"]:
        st.caption(t("lecture.no_scores"))
        return
    notation = state.notation().key  # Li Hang's headers and his H(D|A) column, as on the panel
    frame = score_frame(node, trace["algorithm"], notation)
    decimals = int(st.session_state.decimals)
    st.table(panel.styled_scores(frame, rule_columns(trace["algorithm"], notation), decimals,
                                  trace["algorithm"], compared_places(trace, node, decimals),
                                  kinds=False))


def export_step(dot_source: str, step: int, node_id: int) -> None:
    """This step's tree as an SVG or a PNG file, drawn when the button is pressed."""
    if not frames.available():
        st.caption(t("lecture.export.no_dot"))
        return
    cols = st.columns(2)
    for col, fmt in zip(cols, frames.FORMATS, strict=True):
        col.download_button(t(f"lecture.export.{fmt}"), _drawing(dot_source, fmt),
                            frames.frame_name(step, node_id, fmt), frames.FORMATS[fmt],
                            key=f"export_{fmt}", on_click="ignore", width="stretch")


def _drawing(dot_source: str, fmt: str):
    """Deferred: Streamlit calls this only when the download is asked for."""
    return lambda: frames.render(dot_source, fmt)


def every_step(trace: dict, order: list[int], view: dict) -> None:
    """A zip of every step's frame, drawn on request with a progress bar, within bounds."""
    key = (st.session_state.trace_id, tuple(order), int(st.session_state.decimals),
           tuple(sorted(view.items())))
    bounds = {"seconds": f"{frames.MAX_SECONDS:g}",
              "megabytes": f"{frames.MAX_BYTES / 2**20:g}"}
    if st.button(t("lecture.zip"), key="frames_zip", help=t("lecture.zip.help", **bounds)):
        bar = st.progress(0.0)
        try:
            made = frames.step_frames(
                trace, order, decimals=key[2], view=view,
                progress=lambda done, total: bar.progress(
                    done / total, text=t("lecture.zip.progress", done=done, total=total)))
        except ExportUnavailable:
            st.error(t("lecture.export.no_dot"))
            return
        except DataError as error:  # Graphviz failed or timed out on one frame
            st.error(tm("lecture.zip.failed", reason=str(error)))
            return
        finally:
            bar.empty()
        st.session_state.frames_zip_made = (key, made)
    held = st.session_state.get("frames_zip_made")
    if held is None or held[0] != key:
        return
    made = held[1]
    if made.complete:
        st.caption(t("lecture.zip.done", count=made.count))
    else:
        st.warning(t(f"lecture.zip.stopped.{made.stopped_by}", count=made.count,
                     total=made.total, **bounds))
    st.download_button(t("lecture.zip.download", count=made.count), made.data,
                       file_name("frames", "zip"),
                       "application/zip", key="frames_zip_download", on_click="ignore")


def export_panel(trace: dict, order: list[int], dot_source: str, view: dict) -> None:
    """Export: this step (SVG, PNG) and every step (zip), with the link's caption."""
    with st.expander(t("lecture.export"), expanded=st.session_state.lecture):
        node_id = order[st.session_state.step]
        export_step(dot_source, st.session_state.step, node_id)
        every_step(trace, order, view)
        st.caption(t("link.caption"))
