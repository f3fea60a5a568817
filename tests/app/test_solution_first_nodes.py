"""A branch's or the whole tree's worked solution shows its first nodes on the page, the
budget's solution_nodes, and says how many of how many and where the rest are: a 1,722-node
tree's drew every formula, and the page was busy for 82-91 s. The downloads hold every node,
built when one is clicked, not on every rerun."""

from __future__ import annotations

import pytest
from app_helpers import content, page_app

from dtree_core.solution import nodes_in, solve, to_markdown
from ui import engine
from ui import exercises as exercises_view
from ui.messages import t

PAGE = "pages/exercises.py"
LIMIT = 5


@pytest.fixture
def few_solution_nodes(monkeypatch):
    monkeypatch.setenv("DTREE_BUDGET_SOLUTION_NODES", str(LIMIT))
    engine.app_budget.cache_clear()
    exercises_view.solution_texts.clear()
    yield
    monkeypatch.delenv("DTREE_BUDGET_SOLUTION_NODES")
    engine.app_budget.cache_clear()
    exercises_view.solution_texts.clear()


def markdown_text(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def first_sentence(lang: str, shown: int, total: int) -> str:
    return t("ex.solution.first", _lang=lang, shown=shown, total=total,
             node=t("ex.node", _lang=lang), scope=t("ex.scope", _lang=lang),
             this_node=t("ex.scope.node", _lang=lang), page=t("page.export", _lang=lang))


def whole_tree(lang: str):
    at = page_app(PAGE, lang=lang)
    at.radio(key="ex_scope").set_value("tree").run()
    assert not at.exception and not at.error
    return at


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_whole_tree_shows_its_first_nodes_and_says_how_many_of_how_many(
        lang, few_solution_nodes):
    at = whole_tree(lang)
    trace = at.session_state["current"]["trace"]
    covered = nodes_in(trace, 0, "tree")
    assert len(covered) == 14  # Fig. 4.4: more than the limit
    page = markdown_text(at)
    assert page.count("#### ") == LIMIT
    first = to_markdown(solve(trace, 0, "tree", first=LIMIT), lang, level=3)
    headings = [line for line in first.splitlines() if line.startswith("#### ")]
    assert all(heading in page for heading in headings)  # the first five, in the tree's order
    said = first_sentence(lang, LIMIT, 14)
    assert [i.value for i in at.info if i.value.startswith(said[:12])] == [said]
    assert ("5" in said and "14" in said and "--solution" in said)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_root_s_branch_is_the_whole_tree_and_is_cut_the_same(lang, few_solution_nodes):
    at = page_app(PAGE, lang=lang)
    at.radio(key="ex_scope").set_value("branch").run()
    assert markdown_text(at).count("#### ") == LIMIT
    assert first_sentence(lang, LIMIT, 14) in [i.value for i in at.info]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_solution_within_the_limit_is_whole_and_says_nothing(lang, few_solution_nodes):
    at = page_app(PAGE, lang=lang)  # the root alone
    assert markdown_text(at).count("#### ") == 1
    said = first_sentence(lang, LIMIT, 14)[:12]
    assert not [i for i in at.info if i.value.startswith(said)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_downloads_hold_every_node_built_only_when_clicked(lang, few_solution_nodes,
                                                               downloads, monkeypatch):
    solved = []
    real = exercises_view.solve

    def counted(*args, **kwargs):
        solved.append(kwargs.get("first"))
        return real(*args, **kwargs)

    monkeypatch.setattr(exercises_view, "solve", counted)
    at = whole_tree(lang)
    at.run()  # a rerun
    assert solved and None not in solved  # the page never built the whole solution
    solution = t("file.solution", _lang=lang)  # named <dataset>_<the word>.md
    files = {name.rsplit(".", 1)[1]: data for name, data in downloads
             if name.rsplit(".", 1)[0].endswith(solution)}
    markdown, html = content(files["md"]), content(files["html"])
    assert markdown.count("\n## ") == 14 and html.count("<h2>") == 14
    assert solved[-2:] == [None, None]  # built when clicked
