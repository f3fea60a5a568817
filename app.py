"""dtree-lab entry point: shared state and setup, then the page the user chose.

Navigation is st.navigation alone (pages/ holds the page files it names), so each page
appears once; a new page is one more entry in PAGES.
"""

import streamlit as st

from ui import setup
from ui.messages import t
from ui.state import init_state

# (file, title key, url path): issue 5's compare/evaluate pages are added here.
PAGES = [
    ("pages/grow.py", "page.grow", "grow"),
    ("pages/compare.py", "page.compare", "compare"),
    ("pages/evaluate.py", "page.evaluate", "evaluate"),
    ("pages/predict.py", "page.predict", "predict"),
    ("pages/export.py", "page.export", "export"),
    ("pages/exercises.py", "page.exercises", "exercises"),
]

st.set_page_config(page_title=t("app.title"), page_icon="🌳", layout="wide")
init_state()
page = st.navigation([st.Page(path, title=t(title), url_path=url, default=i == 0)
                      for i, (path, title, url) in enumerate(PAGES)])
setup.sidebar()
page.run()
