"""Exercises: the worked solution of a node, a branch or the tree, and "check my numbers"."""

import streamlit as st

from ui import analysis, exercises, handedit, instability, presets, registry, treecheck
from ui.messages import labelled, t, tm
from ui.names import tree_dataset_name
from ui.state import attach_exercises, ensure_entry_point, kept_tab
from ui.widgets import node_titles

ensure_entry_point()

current = analysis.current_or_stop()
trace = current["trace"]
attach_exercises(current["trace_id"], trace["nodes"][0]["id"])  # a new tree starts afresh
dataset = tree_dataset_name(current)
st.title(t("page.exercises"))
st.caption(tm("ex.intro", dataset=dataset, algorithm=registry.name(trace["algorithm"])))
ids = [node["id"] for node in trace["nodes"] if not node.get("pruned_away")]
titles = node_titles(trace)
node_id = st.selectbox(t("ex.node"), ids, key="ex_node", persist_state="session",
                       format_func=labelled(ids, titles.__getitem__, key="ex_node"))
if node_id not in ids:  # a regrown tree may have fewer nodes than the one picked from
    node_id = ids[0]
TABS = ["solution", "check", "quiz", "treecheck", "instability", "presets", "handedit"]
# keyed and rerun on a click, so the open tab is known and stays open in another language
solution_tab, check_tab, quiz_tab, tree_tab, unstable_tab, book_tab, hand_tab = st.tabs(
    kept_tab("ex_tab", TABS, lambda name: t(f"ex.tab.{name}")), key="ex_tab", on_change="rerun")
with solution_tab:
    exercises.worked_solution(trace, current["trace_id"], node_id, dataset)
with check_tab:
    exercises.check_numbers(trace, node_id)
with quiz_tab:
    exercises.quiz(trace)
with tree_tab:
    treecheck.check_my_tree(trace)
    treecheck.expected_values_file(current)
with unstable_tab:
    instability.unstable_trees(current)
with book_tab:
    presets.book_exercises()
with hand_tab:
    handedit.hand_edit(current)
