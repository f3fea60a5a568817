"""Rules and exports: IF-THEN rules with coverage and accuracy; DOT, SVG, JSON, score tables."""

import json
import shlex

import pandas as pd
import streamlit as st

from dtree_core.dot import to_dot
from dtree_core.export import score_table, svg_available, to_markdown
from dtree_core.rules import rules, rules_markdown, rules_text
from ui import analysis
from ui.messages import t, tm
from ui.state import ensure_entry_point
from ui.widgets import node_title, score_downloads

ensure_entry_point()


def tree_downloads(trace: dict) -> None:
    """DOT, SVG (only where Graphviz is installed, else a note) and the JSON trace."""
    st.subheader(t("exp.tree"))
    source = to_dot(trace, None, highlight=False).source
    cols = st.columns(3)
    cols[0].download_button(t("exp.dot"), source, "tree.dot", "text/vnd.graphviz",
                            key="exp_dl_dot")
    if svg_available():
        svg = analysis.safely(analysis.svg, source)
        cols[1].download_button(t("exp.svg"), svg, "tree.svg", "image/svg+xml", key="exp_dl_svg")
    else:
        cols[1].info(t("exp.svg.missing"))
    text = json.dumps(trace, ensure_ascii=False, indent=1, allow_nan=False)
    cols[2].download_button(t("exp.json"), text, "trace.json", "application/json",
                            key="exp_dl_json")


def rules_frame(found) -> pd.DataFrame:
    """The rules with exact coverage (weights) and accuracy; formats round on screen."""
    rows = []
    for i, rule in enumerate(found, 1):
        row = {t("exp.col.rule"): f"R{i}", t("exp.col.if"): rule.condition_text,
               t("exp.col.then"): rule.conclusion_text,
               t("exp.col.train_coverage"): rule.train.covered,
               t("exp.col.train_accuracy"): rule.train.accuracy}
        if rule.test is not None:
            row[t("exp.col.test_coverage")] = rule.test.covered
            row[t("exp.col.test_accuracy")] = rule.test.accuracy
        rows.append(row)
    return pd.DataFrame(rows)


def rules_section(current: dict, dataset: dict) -> None:
    st.subheader(t("exp.rules"))
    base = current["options"]
    held_out = st.toggle(t("exp.rules.holdout"), True, key="exp_holdout")
    if held_out:
        _, size, seed = analysis.split_inputs("exp", allow_kfold=False)
        trace, *rows, n_train = analysis.safely(analysis.holdout_tree, dataset["data"],
                                                dataset["filename"], base, size, seed)
        st.caption(t("exp.rules.caption_holdout", train=n_train, test=len(rows[1])))
    else:
        trace, rows = current["trace"], (None, None)
        st.caption(t("exp.rules.caption_all", rows=sum(
            current["trace"]["nodes"][0]["class_counts"].values())))
    found = rules(trace, *rows)
    pct = {"format": "percent"}
    st.dataframe(rules_frame(found), hide_index=True, column_config={
        t("exp.col.train_accuracy"): st.column_config.NumberColumn(**pct),
        t("exp.col.test_accuracy"): st.column_config.NumberColumn(**pct)})
    cols = st.columns(2)
    cols[0].download_button(t("exp.rules.txt"), rules_text(trace, *rows), "rules.txt",
                            "text/plain", key="exp_dl_rules_txt")
    cols[1].download_button(t("exp.rules.md"), rules_markdown(trace, *rows), "rules.md",
                            "text/markdown", key="exp_dl_rules_md")


def scores_section(trace: dict) -> None:
    st.subheader(t("exp.scores"))
    scored = [n for n in trace["nodes"] if n["scores"] and not n.get("pruned_away")]
    if not scored:
        st.info(t("node.no_scores"))
        return
    by_id = {n["id"]: n for n in scored}
    node = by_id[st.selectbox(t("exp.node"), list(by_id), key="exp_node",
                              format_func=lambda i: node_title(by_id[i]))]
    table = score_table(node)
    st.markdown(to_markdown(table, int(st.session_state.decimals)))
    score_downloads(table, key="exp")


current = analysis.current_or_stop()
dataset, trace = st.session_state.dataset, current["trace"]
st.title(t("page.export"))
st.caption(tm("exp.intro", dataset=current["dataset"],
              algorithm=t(f"algo.{trace['algorithm']}")))
tree_downloads(trace)
rules_section(current, dataset)
scores_section(trace)
st.caption(t("exp.cli"))
st.code(f"python -m dtree_core grow DATA.csv --target {shlex.quote(trace['target'])} "
        f"--algorithm {trace['algorithm']} --json trace.json --dot tree.dot --svg tree.svg "
        "--rules-txt rules.txt --rules-md rules.md --scores-csv scores.csv "
        "--scores-md scores.md --scores-latex scores.tex", language="bash")
