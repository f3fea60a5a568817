"""The exercises page's views: the worked solution and "check my numbers", over dtree_core's
solution and checking modules (which compute; this only words and lays out)."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import streamlit as st

from dtree_core.checking import (
    MAX_WORK_CHARS,
    TOLERANCE,
    Question,
    Report,
    Verdict,
    check,
    grade,
    make_quiz,
    written_number,
)
from dtree_core.export import Table, to_csv
from dtree_core.notation import Notation
from dtree_core.solution import (
    SCOPES,
    Sentence,
    nodes_in,
    sentence_text,
    solve,
    to_html,
    to_markdown,
)
from dtree_core.split import told_apart
from ui import engine, registry, state
from ui.downloads import file_name
from ui.messages import (
    current_language,
    has,
    labelled,
    literal,
    quoted_names,
    read_as_key,
    sentences,
    t,
    tm,
)
from ui.panel import book_notes
from ui.tables import book_printed
from ui.widgets import in_notation, node_title

# The text box's example: watermelon 2.0's root and 色泽 (Zhou p. 76), in the chosen notation.
EXAMPLE = (("entropy", "0.998"), ("gain", "0.109"), ("iv", "1.580"), ("gain_ratio", "0.068"))


def example_lines(names: Notation, trace: dict, node_id: int) -> str:
    """Ent(D) = 0.998, Gain(D, 色泽) = 0.109, … or Li Hang's H(D), g(D, 色泽), H_色泽(D), …:
    the book's numbers where they are this node's (watermelon 2.0's root); elsewhere the
    node's first attribute with '…' for each number, so no other data's numbers pass for
    this node's."""
    rows = trace["nodes"][node_id].get("scores") or ()
    attribute = rows[0]["attribute"] if rows else trace["attributes"][0]["name"]
    book = "\n".join(f"{names.text(quantity, 'D', '色泽')} = {value}"
                     for quantity, value in EXAMPLE)
    if attribute == "色泽" and all(v.counts_as_right for v in check(
            book, trace, node_id, TOLERANCE, names.key).verdicts):
        return book
    return "\n".join(f"{names.text(quantity, 'D', attribute)} = …" for quantity, _ in EXAMPLE)


@st.cache_data(max_entries=32, ttl=engine.CACHE_TTL, show_spinner=False)
def solution_texts(trace_id: str, _trace: dict, node_id: int, scope: str, dataset: str,
                   lang: str, notation: str = "zhou", first: int | None = None) -> str:
    """The worked solution's first nodes as Markdown, once per tree (trace_id,
    engine.trace_key), node, scope, language, notation (Zhou's or Li Hang's symbols) and
    number shown, not on every rerun."""
    worked = solve(_trace, node_id, scope, dataset=dataset, notation=notation, first=first)
    return to_markdown(worked, lang, level=3)  # level: below the tabs


def worked_solution(trace: dict, trace_id: str, node_id: int, dataset: str) -> None:
    """The hand computation of the node, its branch or the tree: on the page its first
    solution_nodes nodes (the budget's: the browser typesets every formula), in the downloads
    all of them, built when one is clicked."""
    scope = st.radio(t("ex.scope"), SCOPES, key="ex_scope", horizontal=True,
                     persist_state="session",
                     format_func=labelled(SCOPES, lambda s: t(f"ex.scope.{s}"), key="ex_scope"))
    lang, notation = current_language(), state.notation().key
    covered = nodes_in(trace, node_id, scope)
    limit = engine.app_budget().solution_nodes
    shown = len(covered) if limit is None else min(limit, len(covered))
    st.caption(solution_caption(trace, covered[:shown]))
    cols = st.columns(2)
    for col, render, kind, mime in ((cols[0], to_markdown, "md", "text/markdown"),
                                    (cols[1], to_html, "html", "text/html")):
        col.download_button(t(f"ex.download.{kind}"),
                            whole_solution(trace, node_id, scope, dataset, lang, notation, render),
                            file_name("solution", kind), mime, key=f"ex_dl_{kind}")
    if len(covered) > shown:
        st.info(first_nodes_sentence(len(covered), shown))
    st.markdown(solution_texts(trace_id, trace, node_id, scope, dataset, lang, notation,
                               shown))


def whole_solution(trace: dict, node_id: int, scope: str, dataset: str, lang: str,
                   notation: str, render) -> Callable[[], str]:
    """A download's data: the solution of every node the scope covers, built when the button
    is clicked (a 2,684-node tree's takes about 3 s and 4 MB a format), not on every rerun."""
    def build() -> str:
        worked = solve(trace, node_id, scope, dataset=dataset, notation=notation)
        return render(worked, lang)
    return build


def first_nodes_sentence(covered: int, shown: int) -> str:
    """How many of how many nodes the page works out, and where the others are."""
    return tm("ex.solution.first", shown=shown, total=covered, node=t("ex.node"),
              scope=t("ex.scope"), this_node=t("ex.scope.node"), page=t("page.export"))


def solution_caption(trace: dict, nodes: list[dict]) -> str:
    """How the numbers are shown and, where the solution covers a number a book prints rounded
    early (Zhou's Gain(D, 色泽) = 0.109 at watermelon 2.0's root), the book's and the exact value:
    on other data there is nothing of the kind to name."""
    notes = [note for node in nodes
             for note in book_notes(trace, node)] if book_printed(trace) else []
    return sentences([t("ex.solution.caption"), *map(literal, notes)])


def check_numbers(trace: dict, node_id: int) -> None:
    """The student's lines, checked against the trace once they press Check."""
    st.caption(t(in_notation("ex.check.intro")))
    text = st.text_area(t("ex.check.input"), key="ex_work", height=160, persist_state="session",
                        placeholder=example_lines(state.notation(), trace, node_id),
                        max_chars=MAX_WORK_CHARS)  # the box shows the count and the limit
    tolerance = st.number_input(t("ex.check.tolerance"), min_value=0.0, max_value=1.0,
                                value=TOLERANCE, step=0.0001, format="%.4f", key="ex_tolerance",
                                persist_state="session", help=t("ex.check.tolerance.help"))
    if st.button(t("ex.check.button"), key="ex_check"):
        st.session_state.ex_checked = True
    if st.session_state.get("ex_checked") and text.strip():
        show_report(check(text, trace, node_id, tolerance, state.notation().key))


def show_report(report: Report) -> None:
    right, checked = report.score
    if not checked:  # the lines' own verdicts say why none could be checked
        st.warning(t("ex.check.none"))
        for verdict in report.verdicts:
            show_verdict(verdict)
        return
    st.markdown(score_sentence(report))
    first = report.first_wrong
    unchecked = len(report.verdicts) - checked
    if first is None and right == checked:
        st.success(t("ex.check.all_checked_right", unchecked=unchecked) if unchecked
                   else t("ex.check.all_right"))
    if first is not None:
        st.error(tm("ex.check.first_wrong", line=first.claim.line, text=first.claim.text.strip()))
        st.markdown(f"{t('ex.check.right_formula')} {literal(formula_text(first))}")
    for verdict in report.verdicts:
        show_verdict(verdict)
    st.dataframe(report_frame(report), hide_index=True)


def score_sentence(report: Report) -> str:
    """The score, and, where some numbers count as right beyond the tolerance (rounded early
    as the book does, Li Hang's two decimals, Zhou's multiway Gini_index), how many: the
    tolerance alone did not decide them."""
    right, checked = report.score
    tolerance = f"{report.tolerance:g}"
    beyond = sum(v.counts_as_right and v.status != "right" for v in report.verdicts)
    if not beyond:
        return tm("ex.check.score", right=right, checked=checked, tolerance=tolerance)
    return tm("ex.check.score.beyond", right=right, checked=checked, tolerance=tolerance,
              within=right - beyond, beyond=beyond)


def show_verdict(verdict: Verdict) -> None:
    sentence = verdict_sentence(verdict)
    if verdict.status == "wrong":
        st.error(literal(sentence))
        st.caption(literal(formula_text(verdict)))
    elif verdict.counts_as_right:
        st.success(literal(sentence))
    else:
        st.warning(literal(sentence))


def verdict_sentence(verdict: Verdict) -> str:
    """One line's verdict in words: right, rounded early, wrong and why, or not read; for a
    set that took its attribute from another line (Ent(D¹) before Gain(D, 色泽)), which."""
    said = _verdict_sentence(verdict, followed=bool(verdict.taken or verdict.read_as))
    if verdict.read_as:  # 色 泽 typed: the verdict names 色泽, and says it read it so
        read = verdict.read_as
        return sentences([said, t(read_as_key(read["folds"]), written=read["written"],
                                  attribute=read["attribute"])])
    if not verdict.taken:
        return said
    written = ".written" if "written" in verdict.taken else ""  # Li Hang's A1 for 年龄
    return sentences([said, t(f"ex.line.taken{written}", **verdict.taken)])


def _verdict_sentence(verdict: Verdict, followed: bool = False) -> str:
    """The line's own sentence; `followed` by another, a right line's closes as the language
    closes a sentence that ends in its mark (Chinese ✓。: ex.line.right.followed)."""
    claim = verdict.claim
    exact = verdict.exact if verdict.exact is not None else float("nan")
    # Rounded early: the 4th decimal shows why 0.109 is not the exact 0.1081.
    values = {"line": claim.line, "quantity": quantity_name(verdict),
              "given": written_number(claim),
              "exact": _exact_against(exact, claim.given if verdict.status == "wrong" else None,
                                      4 if verdict.status == "rounded" else 3)}
    # the sentence the engine named (Verdict.variant): a D̃ or Dᵛ with no attribute, a t
    # forced by hand, CART's t (the smallest Gini_index's), a Dᵛ past a two-way split's
    # values each have their own, Quinlan's multiway IV, a multiway Dᵛ (with the tree's own)
    key = f"ex.line.{verdict.status}" + (f".{verdict.variant}" if verdict.variant else "")
    if verdict.status in ("unparsed", "unread_result", "past_range", "needs_attribute"):
        return t(in_notation(key), line=claim.line, **verdict.details)
    if verdict.status in ("unknown_attribute", "ambiguous_attribute", "none_scored",
                          "split_not_kept", "not_a_value", "value_no_split",
                          "other_threshold", "tied_threshold", "ambiguous_threshold",
                          "no_such_set", "unkept_threshold", "no_threshold", "no_split_point"):
        return t(key, line=claim.line, **worded(verdict.details))
    if verdict.status == "wrong":
        return t("ex.line.wrong", **values, why=slip_sentence(verdict))
    if verdict.status in ("multiway", "multiway_rounded"):  # Zhou's equation, the attribute
        # split two ways, the multiway quantity's name; rounded early: both of Zhou's values;
        # a Dᵛ's sentence names the tree's own two subsets (worded)
        return t(in_notation(key), **values | worded(verdict.details))
    if verdict.status == "right" and followed:
        return t("ex.line.right.followed", **values)
    return t(f"ex.line.{verdict.status}", **values)


def quantity_name(verdict: Verdict) -> str:
    """The quantity a line was judged as, as the book writes it: Gain(D, 色泽), H(D|色泽);
    Zhou's Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) has no place for the attribute, so words name it: '… of the
    split on 色泽' (ex.name.conditional_entropy)."""
    if verdict.claim.quantity != "conditional_entropy" or verdict.claim.attribute is None:
        return verdict.name
    return t(in_notation("ex.name.conditional_entropy"), name=verdict.name,
             attribute=verdict.claim.attribute)


def formula_text(verdict: Verdict) -> str:
    """The right computation; Zhou's Σᵥ |Dᵛ|/|D|·Ent(Dᵛ) after the split it is of."""
    if quantity_name(verdict) == verdict.name:
        return verdict.formula
    return t("ex.formula.split_on", attribute=verdict.claim.attribute, formula=verdict.formula)


def worded(details: dict) -> dict:
    """A copy of a verdict's details with a row's subsets ("sets": (set, condition) pairs) in
    the page's punctuation: 'D̃¹: 色泽 ∈ {乌黑,青绿}; D̃²: …', in Chinese D̃¹：色泽 ∈
    {乌黑,青绿}；D̃²：… (ex.subset, list.semicolon); the columns a name could mean each
    quoted (list.quoted)."""
    worded = dict(details)
    if "columns" in details:  # the columns a name could mean, quoted: 色泽 and 色 泽
        worded["columns"] = quoted_names(details["columns"].items)
    if "sets" in details:
        worded["sets"] = t("list.semicolon").join(
            t("ex.subset", set=subset, condition=condition)
            for subset, condition in details["sets"])
    return worded


def slip_sentence(verdict: Verdict) -> str:
    details = worded(verdict.details)
    if verdict.slip == "not_any_base":
        details["formula"] = t(in_notation(f"ex.formula.{details.pop('quantity')}"))
    if verdict.slip == "other_branch":  # the table and page that list the branches, as titled
        details |= {"table": t("node.branches", attribute=details["attribute"]),
                    "page": t("page.grow")}
    return t(in_notation(f"ex.slip.{verdict.slip}"), given=written_number(verdict.claim), **details)


def report_frame(report: Report) -> pd.DataFrame:
    return pd.DataFrame({
        t("ex.col.line"): [v.claim.line for v in report.verdicts],
        t("ex.col.yours"): [v.claim.text.strip() for v in report.verdicts],
        t("ex.col.exact"): [_exact(v.exact) if v.exact is not None else "" for v in
                            report.verdicts],
        t("ex.col.verdict"): [t(f"ex.verdict.{v.status}") for v in report.verdicts]})


def _given(x: float | None) -> str:
    return "" if x is None else f"{x:g}"


def _exact_against(exact: float, given: float | None, decimals: int) -> str:
    """The exact value to `decimals`, or to as many more as tell it from the value given: at
    tolerance 0, 0.1081 is not 0.108 (not "0.108, not 0.108")."""
    if given is None:
        return f"{exact:.{decimals}f}"
    return told_apart(exact, given, decimals)[0]


def _exact(x: float | None) -> str:
    """The book's 3 decimals, with the exact digits when rounding hides them (0.108 → 0.1081)."""
    if x is None:
        return ""
    shown = f"{x:.3f}"
    return shown if abs(float(shown) - x) < 5e-5 else f"{shown} ({x:.4f})"


# --------------------------------------------------------------------- the quiz

QUIZ_LENGTH = 6


def quiz(trace: dict) -> None:
    """Seeded questions in TreeGenerate's order, graded when submitted, the score as CSV.
    The answers and the grade are the tree's (state.attach_exercises): a new tree starts
    afresh."""
    st.caption(t(in_notation("ex.quiz.intro")))
    cols = st.columns(2)
    seed = int(cols[0].number_input(t("ex.quiz.seed"), min_value=0, max_value=10**6, value=0,
                                    step=1, key="ex_quiz_seed", persist_state="session"))
    tolerance = cols[1].number_input(t("ex.check.tolerance"), min_value=0.0, max_value=1.0,
                                     value=TOLERANCE, step=0.0001, format="%.4f",
                                     key="ex_quiz_tolerance", persist_state="session")
    questions = make_quiz(trace, seed, QUIZ_LENGTH, state.notation().key)
    if not questions:
        st.info(t("ex.quiz.none"))
        return
    with st.form(f"ex_quiz_{seed}"):
        responses = [ask(trace, i, q, seed) for i, q in enumerate(questions, start=1)]
        st.form_submit_button(t("ex.quiz.submit"), on_click=state.grade_quiz, args=(seed,))
    if state.quiz_graded(seed):
        show_grades(trace, questions, responses, tolerance)


def ask(trace: dict, number: int, question: Question, seed: int):
    """One question's widget, with its hint folded away."""
    node = trace["nodes"][question.node_id]
    st.markdown(tm("ex.quiz.question", number=number,
                   node=node_title(trace, node)))
    key = state.quiz_answer_key(seed, number)
    if question.kind == "winner":
        options = [None, *question.choices]
        response = st.selectbox(winner_question(trace, question), options, key=key,
                                persist_state="session",
                                # in a form: no key to labelled (see pages/predict.py)
                                format_func=labelled(options, lambda a: a or t("ex.quiz.pick")),
                                # None empties the box, which then shows its placeholder: the
                                # unpicked option's words, as on the Predict page
                                placeholder=t("ex.quiz.pick"))
    else:
        for note in question.notes:
            st.caption(note_text(note))
        response = st.number_input(literal(question.name), value=None, format="%.4f", key=key,
                                   step=0.001, persist_state="session")
    with st.expander(t("ex.quiz.hint")):
        st.markdown(literal(question.hint))
        for note in question.hint_notes:
            st.caption(note_text(note))
    return response


def note_text(note: Sentence) -> str:
    """A question's or hint's sentence in the page's language and the chosen book's terms."""
    return sentence_text(note, current_language(), literal, state.notation())


def winner_question(trace: dict, question: Question) -> str:
    """"Which attribute wins?" with the algorithm's own rule (Li Hang's C4.5 has no mean
    filter) in the chosen book's symbols: the most specific words the catalogue has."""
    rule, notation = registry.record(trace["algorithm"]).rule_code, state.notation().key
    keys = [f"ex.quiz.winner.{rule}.{notation}", f"ex.quiz.winner.{rule}",
            f"ex.quiz.winner.{question.quantity}.{notation}",
            f"ex.quiz.winner.{question.quantity}"]
    return t(next((k for k in keys if has(k)), keys[-1]))


def show_grades(trace: dict, questions: list[Question], responses: list, tolerance) -> None:
    graded = [grade(q, r, tolerance) for q, r in zip(questions, responses, strict=True)]
    right = sum(status is not None for status in graded)
    beyond = sum(status not in (None, "right") for status in graded)
    score = "ex.quiz.score.beyond" if beyond else "ex.quiz.score"
    st.markdown(tm(score, right=right, total=len(graded), tolerance=f"{tolerance:g}",
                   beyond=beyond))
    for number, (question, response, status) in enumerate(
            zip(questions, responses, graded, strict=True), start=1):
        sentence = grade_sentence(number, question, response, status, tolerance)
        (st.error if status is None else st.success)(literal(sentence))
    st.download_button(t("ex.quiz.download"), quiz_csv(trace, questions, responses, graded),
                       file_name("quiz", "csv"), "text/csv", key="ex_quiz_csv")


def grade_sentence(number: int, question: Question, response, status: str | None,
                   tolerance) -> str:
    """Right, wrong, or right by the book's early rounding, Zhou's multiway Gini_index or
    both (his multiway value rounded early), as Check my numbers words them: the value the
    response was within the tolerance of."""
    if status is None:
        return t("ex.quiz.wrong", number=number, answer=right_answer(question, response))
    if status == "right":
        return t("ex.quiz.right", number=number, answer=right_answer(question))
    reading = {"rounded": question.rounded, "multiway": question.multiway,
               "multiway_rounded": question.multiway_rounded}[status]
    multiway = f"{question.multiway:.4f}" if question.multiway is not None else ""
    return t(f"ex.quiz.right.{status}", number=number, given=_given(response),
             tolerance=f"{tolerance:g}", value=f"{reading:.4f}", multiway=multiway,
             answer=right_answer(question))


def right_answer(question: Question, response=None) -> str:
    """The winner(s), or the exact value to 3 decimals, or to as many more as tell it from
    a wrong response (at tolerance 0, 0.381 is wrong against 0.3812)."""
    if question.kind == "winner":
        return " / ".join(question.answers)
    given = response if isinstance(response, int | float) else None
    return f"{question.name} = {_exact_against(question.exact, given, 3)}"


def quiz_csv(trace: dict, questions: list[Question], responses: list, graded: list) -> str:
    """UTF-8 with a BOM, so Excel opens the Chinese names as written; written by the export
    module's CSV writer, so a name or an answer starting with = + - @ is not a formula."""
    columns = [t(k) for k in ("ex.quiz.col.question", "ex.node", "ex.quiz.col.asked",
                              "ex.col.yours", "ex.quiz.col.answer", "ex.quiz.col.correct")]
    rows = [[number, node_title(trace, trace["nodes"][q.node_id]),
             winner_question(trace, q) if q.kind == "winner" else q.name,
             "" if response is None else response,
             right_answer(q, None if correct else response), bool(correct)]
            for number, (q, response, correct) in enumerate(zip(questions, responses, graded,
                                                                strict=True), start=1)]
    return "\ufeff" + to_csv(Table(columns, rows))
