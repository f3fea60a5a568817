"""Choose the split: the student grows a tree by hand beside the algorithm's (ui.manual)."""

import streamlit as st

from ui import analysis, manual
from ui.messages import t
from ui.state import ensure_entry_point

ensure_entry_point()

current = analysis.current_or_stop()
st.title(t("page.manual"))
manual.page(st.session_state.dataset, current)
