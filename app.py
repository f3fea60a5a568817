"""dtree-lab entry point: shared state and setup, then the page the user chose.

Navigation is st.navigation alone (pages/ holds the page files it names), so each page
appears once; a new page is one more entry in PAGES. The URL carries the session's link
(ui.state): the first run opens it, every run after writes it.
"""

import streamlit as st

from ui import engine, lecture, setup
from ui.messages import t
from ui.state import init_state, open_asked_page, words_sent, write_link

# (file, title key, url path): issue 5's compare/evaluate pages are added here.
PAGES = [
    ("pages/grow.py", "page.grow", "grow"),
    ("pages/compare.py", "page.compare", "compare"),
    ("pages/evaluate.py", "page.evaluate", "evaluate"),
    ("pages/predict.py", "page.predict", "predict"),
    ("pages/export.py", "page.export", "export"),
    ("pages/exercises.py", "page.exercises", "exercises"),
    ("pages/manual.py", "page.manual", "manual"),
]

init_state()  # first, so a lecture link's first page already has its sidebar collapsed
st.set_page_config(page_title=t("app.title"), page_icon="🌳", layout="wide",
                   initial_sidebar_state="collapsed" if st.session_state.lecture else "auto")
# The default page is served at "/" alone: Streamlit ignores its url_path, so once app.py has
# run on this server its own path (/grow) would be "Page not found". A hidden page runs the same
# file at that path, in place: a switch to "/" pushed a history entry that Back returned to (and
# was sent on from again), and its run, drawing no sidebar, dropped the sidebar's choices.
pages = {path: st.Page(path, title=t(title), url_path="" if i == 0 else url, default=i == 0)
         for i, (path, title, url) in enumerate(PAGES)}
home_path, home_title, home_url = PAGES[0]
own_path = st.Page(home_path, title=t(home_title), url_path=home_url, visibility="hidden")
page = st.navigation([*pages.values(), own_path])
open_asked_page(pages, page)
lecture.style()
with st.sidebar:
    lecture.switch()
with engine.budgeted():  # the page's every tree, not only the one it shows (issue 13)
    progress = setup.sidebar()
    lecture.link_notes()
    lecture.upload_note()
    try:
        page.run()
    finally:  # one write (one history entry), once the page has settled its own widgets
        write_link(page.url_path)  # (Compare's node may fall back), also if it stops early
if progress is not None:
    progress.clear()  # "drawing the tree…" is done once the page has drawn it
words_sent()  # last: a run cut short sends its words again (ui.state.relabel_widgets)
