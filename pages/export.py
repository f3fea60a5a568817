"""Rules and exports: IF-THEN rules with coverage and accuracy; DOT, SVG, JSON, score tables."""

import pandas as pd
import streamlit as st

from dtree_core.data import DataError
from dtree_core.dot import to_dot
from dtree_core.export import (
    SvgTimeout,
    on_known_rows,
    score_table,
    svg_available,
    to_markdown,
    to_svg,
)
from dtree_core.labels import branch_text, joined_paths
from dtree_core.rules import (
    listed_conditions,
    prune_rules,
    pruned_rules_text,
    rule_table,
    rule_table_csv,
    rule_table_markdown,
    rules,
    rules_markdown,
    rules_text,
    with_tie,
)
from dtree_core.trace import dict_json, has_scores, json_size_estimate
from ui import analysis, engine, registry, state
from ui.command import grow_command, needs_validation_file
from ui.downloads import file_name
from ui.messages import current_language, labelled, t, tm
from ui.names import tree_dataset_name
from ui.state import ensure_entry_point
from ui.tables import BLANK, percent_format
from ui.widgets import node_titles, score_downloads, score_places, worded_table

ensure_entry_point()


# Graphviz's dot takes minutes on a tree of tens of thousands of nodes: the picture is drawn
# on request, refused past SVG_NODES, and stopped after SVG_SECONDS; the DOT file always works.
SVG_NODES = 2_000
SVG_SECONDS = 20
# A download is built whole in this server's memory before it is sent: a tree whose full JSON
# trace would pass this many MB (json_size_estimate) is offered as its outline instead.
JSON_MB = 50


def tree_downloads(current: dict) -> None:
    """DOT and the JSON trace, built when their button is clicked (a big tree's JSON takes
    seconds, not spent on every rerun), and the SVG picture on request."""
    trace = current["trace"]
    st.subheader(t("exp.tree"))
    cols = st.columns(3)
    cols[0].download_button(t("exp.dot"), lambda: to_dot(trace, None, highlight=False).source,
                            file_name("tree", "dot"), "text/vnd.graphviz", key="exp_dl_dot")
    json_download(cols[2], trace)
    with cols[1]:
        svg_download(current)


def json_download(column, trace: dict) -> None:
    """The JSON trace; a tree whose text would pass JSON_MB is offered as its outline (every
    node and decision, the score tables empty), with what to do for the whole of it."""
    estimate = json_size_estimate(trace)
    if estimate <= JSON_MB * 2**20:
        column.download_button(t("exp.json"), lambda: dict_json(trace),
                               file_name("trace", "json"), "application/json", key="exp_dl_json")
        return
    column.download_button(t("exp.json.outline"), lambda: dict_json(trace, scores=False),
                           file_name("trace_outline", "json"), "application/json",
                           key="exp_dl_json_outline")
    column.info(t("exp.json.too_big", mb=f"{estimate / 2**20:,.0f}", limit=JSON_MB,
                  nodes=len(trace["nodes"]), attributes=len(trace["attributes"]),
                  classes=len(trace["classes"])))


def svg_download(current: dict) -> None:
    """The SVG picture when asked for: refused for a tree too big to draw here, drawn within
    a time limit, its result (or failure) kept per tree so no rerun draws it again."""
    if not svg_available():
        st.info(t("exp.svg.missing"))
        return
    nodes = len(current["trace"]["nodes"])
    if nodes > SVG_NODES:
        st.info(t("exp.svg.too_big", nodes=nodes, limit=SVG_NODES))
        return
    if not st.toggle(t("exp.svg.render"), False, key=f"exp_svg::{current['trace_id']}",
                     help=t("exp.svg.render.help", seconds=SVG_SECONDS)):
        return
    outcome, value = svg_picture(current["trace_id"], current["trace"])
    if outcome == "svg":
        st.download_button(t("exp.svg"), value, file_name("tree", "svg"), "image/svg+xml",
                           key="exp_dl_svg")
    elif outcome == "timeout":
        st.warning(t("exp.svg.timeout", seconds=SVG_SECONDS))
    else:
        st.warning(tm("exp.svg.failed", reason=value))


@st.cache_data(max_entries=8, ttl=engine.CACHE_TTL, show_spinner=False)
def svg_picture(trace_id: str, _trace: dict) -> tuple[str, str]:
    """("svg", text), ("timeout", "") or ("failed", reason), once per tree (trace_id names
    it): a failure is kept like a success, so it is not retried on every rerun."""
    try:
        return "svg", to_svg(to_dot(_trace, None, highlight=False).source, timeout=SVG_SECONDS)
    except SvgTimeout:
        return "timeout", ""
    except DataError as error:  # "Graphviz could not draw this tree: <its own words>"
        return "failed", str(error).partition(": ")[2] or str(error)


def condition_texts(trace: dict) -> list[str]:
    """Each node's path as a rule's IF part (纹理=清晰 AND 根蒂=蜷缩) with the session's AND,
    by id, each built on its parent's; the root's holds for every sample."""
    return [text or t("exp.rule.always")
            for text in joined_paths(trace, branch_text, f" {t('exp.rule.and')} ")]


def joined(conditions) -> str:
    return f" {t('exp.rule.and')} ".join(branch_text(c) for c in conditions)


def rule_id(number: int, held_out: bool) -> str:
    """R1, R2, … for the sidebar's tree (as in its downloads, rule table and post-pruning);
    H1, H2, … for the hold-out tree, so one name never means two trees' rules."""
    return f"{rule_prefix(held_out)}{number}"


def rule_prefix(held_out: bool, lang: str | None = None) -> str:
    return t("exp.rule.prefix.holdout", _lang=lang) if held_out else "R"


def rules_frame(trace: dict, found, held_out: bool = False) -> pd.DataFrame:
    """The tree's rules with the rows each covers (weights, exact), Han's coverage
    (n_covers/|D|) and accuracy in percent, numbers so a column sorts by value; a rule
    covering no row has no accuracy (NaN, shown as BLANK)."""
    rows, texts = [], condition_texts(trace)
    for i, rule in enumerate(found, 1):
        row = {t("exp.col.rule"): rule_id(i, held_out), t("exp.col.if"): texts[rule.leaf],
               t("exp.col.then"): with_tie(rule, rule.conclusion_text, current_language()),
               t("exp.col.train_covered"): rule.train.covered,
               t("exp.col.train_coverage"): percent_of(rule.train.share),
               t("exp.col.train_accuracy"): percent_of(rule.train.accuracy)}
        if rule.test is not None:
            row[t("exp.col.test_covered")] = rule.test.covered
            row[t("exp.col.test_coverage")] = percent_of(rule.test.share)
            row[t("exp.col.test_accuracy")] = percent_of(rule.test.accuracy)
        rows.append(row)
    return pd.DataFrame(rows)


def percent_of(share: float | None) -> float:
    return float("nan") if share is None else 100 * share


def undefined_accuracy(found) -> bool:
    return any(coverage is not None and coverage.accuracy is None
               for rule in found for coverage in (rule.train, rule.test))


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def tree_rules(key: tuple, _trace: dict, _rows: tuple):
    """The rules with their coverage, once per tree and split (key: the sidebar's trace_id,
    and the held-out share and seed), not on every rerun."""
    return rules(_trace, *_rows)


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def rules_files(key: tuple, lang: str, _trace: dict, _rows: tuple) -> tuple[str, str]:
    """The rules as text and Markdown downloads, once per tree, split and language (a big
    tree's took seconds on every rerun of the page)."""
    prefix = rule_prefix(_rows[0] is not None, lang)  # the hold-out tree's rules are H1, H2, …
    found = tree_rules(key, _trace, _rows)  # coverage routed once, not once per file
    return (rules_text(_trace, *_rows, lang=lang, prefix=prefix, found=found),
            rules_markdown(_trace, *_rows, lang=lang, prefix=prefix, found=found))


def sidebar_tree(current: dict, dataset: dict) -> str:
    """Which tree the sidebar grew, in words: on all rows, or on those left once validation
    rows were split off for its pruning."""
    grown = len(engine.grown_rows(current, dataset)[1])
    total = len(engine.ready(dataset["data"], dataset["filename"], current["choices"],
                             current["options"])[1])
    if grown == total:
        return t("exp.rules.sidebar_all", rows=grown)
    return t("exp.rules.sidebar_part", rows=grown, total=total)


def holdout_caption(n_grown: int, n_carved: int, n_test: int) -> None:
    """Which rows the held-out tree grew on: the split's training rows, less the validation
    rows its pruning carved out of them (holdout_tree), if it carved any."""
    if n_carved:
        st.caption(t("exp.rules.caption_holdout.carved", grown=n_grown, validation=n_carved,
                     train=n_grown + n_carved, test=n_test))
    else:
        st.caption(t("exp.rules.caption_holdout", train=n_grown, test=n_test))


def rules_section(current: dict, dataset: dict, sidebar: str) -> None:
    st.subheader(t("exp.rules"))
    options = analysis.variant(current["options"])
    # Off by default: the page exports the sidebar's tree (its intro says so) and Han's
    # coverage and accuracy count the rows it grew on; the hold-out tree is a comparison aid.
    held_out = st.toggle(t("exp.rules.holdout"), False, key="exp_holdout")
    if held_out:
        _, size, seed = analysis.split_inputs("exp", allow_kfold=False)
        # rows that cannot be split leave the sidebar's tree's rules, and the page below
        grown = analysis.safely(analysis.holdout_tree, dataset["data"], dataset["filename"],
                                current["choices"], options, size, seed, stop=False)
        held_out = grown is not None
    if held_out:
        trace, X_test, y_test, n_grown, n_carved = grown
        rows = (X_test, y_test)
        holdout_caption(n_grown, n_carved, len(y_test))
        analysis.warn_unmatched(analysis.unmatched_counts([trace]), 1, t("force.tree.holdout"))
    else:
        trace, rows = current["trace"], (None, None)
        st.caption(t("exp.rules.caption_all", tree=sidebar))
    key = (current["trace_id"], held_out, size, seed) if held_out else (current["trace_id"],)
    found = tree_rules(key, trace, rows)
    shares = [share for rule in found for c in (rule.train, rule.test) if c is not None
              for share in (c.accuracy, c.share)]
    percent = st.column_config.NumberColumn(format=percent_format(int(st.session_state.decimals),
                                                                  shares))
    st.dataframe(rules_frame(trace, found, held_out), hide_index=True, placeholder=BLANK,
                 column_config={t(f"exp.col.{column}"): percent for column in (
                     "train_coverage", "train_accuracy", "test_coverage", "test_accuracy")})
    if undefined_accuracy(found):
        st.caption(t("exp.rules.undefined"))
    cols = st.columns(2)
    text, markdown = rules_files(key, st.session_state.lang, trace, rows)
    stem = "rules_holdout" if held_out else "rules"
    cols[0].download_button(t("exp.rules.txt"), text, file_name(stem, "txt"),
                            "text/plain", key="exp_dl_rules_txt")
    cols[1].download_button(t("exp.rules.md"), markdown, file_name(stem, "md"),
                            "text/markdown", key="exp_dl_rules_md")


def pruned_rules_frame(found) -> pd.DataFrame:
    """Each rule's kept conditions, the ones it lost, its figures and whether it stays."""
    return pd.DataFrame([{
        t("exp.col.rule"): f"R{i}", t("exp.col.if"): joined(rule.kept) or t("exp.rule.always"),
        t("exp.col.then"): rule.rule.conclusion_text,
        t("rules.prune.col.dropped"): listed_conditions(rule.dropped, st.session_state.lang),
        t("rules.prune.col.covered"): rule.covered, t("rules.prune.col.errors"): rule.errors,
        t("rules.prune.col.estimate"): percent_of(rule.estimate),
        t("rules.prune.col.kept"): t(f"rules.prune.removed.{rule.removed or 'kept'}"),
    } for i, rule in enumerate(found, 1)])


def pruned_rules_columns(found) -> dict:
    """Every estimate to the same places, as the rules table writes its accuracies (3
    decimals: 20.6%, 50.0%; Streamlit's "percent" wrote 20.63% beside 50%); the reasons and
    the dropped conditions wide enough to read."""
    estimates = percent_format(int(st.session_state.decimals), [r.estimate for r in found])
    return {t("rules.prune.col.estimate"): st.column_config.NumberColumn(format=estimates),
            t("rules.prune.col.kept"): st.column_config.TextColumn(width="large"),
            t("rules.prune.col.dropped"): st.column_config.TextColumn(width="large")}


def rule_postpruning(current: dict, dataset: dict, sidebar: str) -> None:
    """C4.5's rule post-pruning of the sidebar's tree, on the rows it grew on."""
    st.subheader(t("rules.prune.header"))
    st.caption(t("exp.rules.sidebar_section", tree=sidebar))
    st.caption(t("rules.prune.caption"))
    if not st.toggle(t("rules.prune.toggle"), False, key="exp_rule_pruning"):
        return
    cf = float(st.number_input(t("prune.cf"), 0.01, 0.5, 0.25, step=0.05, key="exp_rule_cf",
                               help=t("prune.cf.help")))
    found, text = analysis.safely(pruned_rules, current["trace_id"], current, dataset, cf,
                                  st.session_state.lang)
    st.dataframe(pruned_rules_frame(found), hide_index=True,
                 column_config=pruned_rules_columns(found))
    st.download_button(t("exp.rules.txt"), text,
                       file_name("rules_pruned", "txt"), "text/plain", key="exp_dl_rules_pruned")


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def pruned_rules(trace_id: str, _current: dict, _dataset: dict, cf: float, lang: str):
    """The post-pruned rules and their text, once per tree (trace_id, engine.trace_key) and CF,
    not on every rerun."""
    X, y = engine.grown_rows(_current, _dataset)
    trace = _current["trace"]
    return prune_rules(trace, X, y, cf), pruned_rules_text(trace, X, y, cf, lang=lang)


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def tree_rule_table(trace_id: str, lang: str, _trace: dict):
    """Han's rule table, once per tree (trace_id) and language, not on every rerun."""
    return rule_table(_trace, lang)


def rule_table_section(trace: dict, sidebar: str) -> None:
    """Han's rule table of the sidebar's tree: one row per root-to-leaf path, one column per
    attribute."""
    st.subheader(t("rules.table.header"))
    st.caption(t("exp.rules.sidebar_section", tree=sidebar))
    st.caption(t("rules.table.caption"))
    lang = st.session_state.lang
    table = tree_rule_table(st.session_state.current["trace_id"], lang, trace)
    st.dataframe(pd.DataFrame(table.rows, columns=table.columns), hide_index=True)
    cols = st.columns(2)
    # Built when clicked: a tree of thousands of leaves takes a second per format.
    cols[0].download_button(t("exp.csv"),
                            lambda: rule_table_csv(trace, lang).encode("utf-8-sig"),
                            file_name("rule_table", "csv"), "text/csv",
                            key="exp_dl_rule_table_csv")
    cols[1].download_button(t("exp.md"), lambda: rule_table_markdown(trace, lang),
                            file_name("rule_table", "md"),
                            "text/markdown", key="exp_dl_rule_table_md")


@st.cache_data(max_entries=16, ttl=engine.CACHE_TTL, show_spinner=False)
def scored_titles(trace_id: str, lang: str, _trace: dict) -> dict[int, str]:
    """Every scored node's picker title, once per tree and language (a path each)."""
    titles = node_titles(_trace)
    return {n["id"]: titles[n["id"]] for n in _trace["nodes"] if has_scores(n)}


def scores_section(trace: dict) -> None:
    st.subheader(t("exp.scores"))
    scored = [n for n in trace["nodes"] if has_scores(n) and not n.get("pruned_away")]
    if not scored:
        st.info(t("node.no_scores"))
        return
    by_id = {n["id"]: n for n in scored}
    titles = scored_titles(st.session_state.current["trace_id"], st.session_state.lang, trace)
    node = by_id[st.selectbox(t("exp.node"), list(by_id), key="exp_node",
                              format_func=labelled(by_id, titles.__getitem__, key="exp_node"))]
    table = worded_table(score_table(node), known_only=on_known_rows(node))
    decimals = int(st.session_state.decimals)
    places = score_places(trace, node, decimals)
    st.markdown(to_markdown(table, decimals, places))
    score_downloads(table, "exp", decimals, places)


def cli_command(current: dict, dataset: dict) -> None:
    """The command that grows this very tree: the sidebar's data choices and options."""
    table = engine.load_table(dataset["data"], dataset["filename"], dataset.get("sheet"),
                              dataset.get("encoding"))
    columns = [str(c) for c in table.frame.columns]
    st.caption(tm("exp.cli", filename=dataset["filename"]))
    st.code(grow_command(dataset["filename"], current["choices"], columns, current["options"],
                         current["trace"], st.session_state.lang, state.notation().key),
            language="bash", wrap_lines=True)
    if needs_validation_file(current["choices"], current["options"]):
        st.caption(t("exp.cli.validation_file"))
    # the downloads draw the whole trace, pruned-away nodes greyed; the command's files do not
    away = sum(1 for node in current["trace"]["nodes"] if node.get("pruned_away"))
    if away:
        st.caption(t("exp.cli.pruned", count=away))


current = analysis.current_or_stop()
dataset, trace = st.session_state.dataset, current["trace"]
st.title(t("page.export"))
st.caption(tm("exp.intro", dataset=tree_dataset_name(current),
              algorithm=registry.name(trace["algorithm"])))
tree_downloads(current)
sidebar = sidebar_tree(current, dataset)  # which tree, in words: said in three sections
rules_section(current, dataset, sidebar)
rule_postpruning(current, dataset, sidebar)
rule_table_section(trace, sidebar)
scores_section(trace)
cli_command(current, dataset)
