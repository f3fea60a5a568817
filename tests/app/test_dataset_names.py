"""A bundled dataset is named in the language the UI speaks now, on every page, whatever the
language was when it was picked (ui.names): a refused upload, or a refused growth, kept the
dataset (and the tree) of before with the name saved when it was picked, so the English UI
read 身高、发色与眼睛（8 人） and the Chinese one Height, hair and eyes (8 people)."""

from __future__ import annotations

import pytest
from app_helpers import started_app

from dtree_core.datasets import get
from ui.messages import EN, ZH

PAGES = ("pages/compare.py", "pages/export.py", "pages/exercises.py", "pages/evaluate.py",
         "pages/predict.py", "pages/manual.py")
# Where a page names the tree's dataset in its intro (the others: only in the sidebar's
# "Using …" and in download names)
INTRO = {"pages/compare.py": "cmp.intro", "pages/export.py": "exp.intro",
         "pages/exercises.py": "ex.intro"}
CATALOGUES = {"en": EN, "zh": ZH}
SWITCHES = [("zh", "en"), ("en", "zh")]
ONE_COLUMN = ("one_col.csv", b"a\n1\n2\n3\n4\n", "text/csv")  # refused: no attribute


def name(key: str, lang: str) -> str:
    dataset = get(key)
    return dataset.name_zh if lang == "zh" else dataset.name


def shown(at) -> list[str]:
    """Every sentence the run drew, Markdown's escapes removed."""
    kinds = ("title", "caption", "markdown", "info", "warning", "error", "subheader")
    return [element.value.replace("\\", "") for kind in kinds for element in getattr(at, kind)]


def switched(at, lang: str):
    at.selectbox(key="lang_picker").set_value(lang).run()
    assert not at.exception
    return at


def assert_named(at, key: str, lang: str, other: str, downloads: list[tuple]) -> None:
    """Named in lang wherever named; never in the other language."""
    wrong, right = name(key, other), name(key, lang)
    assert not [s for s in shown(at) if wrong in s]
    # the stem of a download name: characters a file name cannot hold become _
    assert not [n for n, _ in downloads if name(key, other).split(" ")[0] in n]
    using = CATALOGUES[lang]["setup.using"].split("{rows}")[0].format(name=right)
    assert any(s.startswith(using) for s in shown(at)), shown(at)


def refused_upload(first: str):
    """people_8 picked in one language, then an upload that is refused (the sidebar keeps
    people_8 and its tree)."""
    at = started_app(first)
    at.selectbox(key="bundled_key").set_value("people_8").run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(ONE_COLUMN).run()
    assert at.error and at.session_state["dataset"]["key"] == \
        at.session_state["current"]["source"]["key"]
    return at


@pytest.mark.parametrize(("first", "then"), SWITCHES)
def test_after_a_refused_upload_every_page_names_the_dataset_in_the_new_language(
        first, then, downloads):
    at = switched(refused_upload(first), then)
    right = name("people_8", then)
    header = [s for s in shown(at) if s.startswith(f"{right} · ID3")]
    assert header, shown(at)  # the grow page's header
    assert_named(at, "people_8", then, first, downloads)
    for page in PAGES:
        downloads.clear()
        at.switch_page(page).run()
        assert not at.exception, page
        assert_named(at, "people_8", then, first, downloads)
        if page in INTRO:
            opening = CATALOGUES[then][INTRO[page]].split("{")[0]
            assert any(s.startswith(opening) and right in s for s in shown(at)), shown(at)
        if page == "pages/export.py":  # the tree's downloads carry its name
            stem = right.split(" ")[0]
            assert any(n.startswith(stem) for n, _ in downloads), downloads


@pytest.mark.parametrize(("first", "then"), SWITCHES)
def test_after_a_refused_growth_the_header_names_the_tree_in_the_new_language(first, then):
    """All Electronics with age and student read as numbers: the growth is refused, the
    tree of before stays (the same dataset's), named in the language switched to."""
    at = started_app(first)
    at.selectbox(key="bundled_key").set_value("all_electronics").run()
    continuous = next(m for m in at.multiselect if str(m.key).startswith("continuous::"))
    continuous.set_value(["age", "student"]).run()
    assert at.error and not at.exception
    at = switched(at, then)
    right = name("all_electronics", then)
    assert any(s.startswith(f"{right} · ID3") for s in shown(at)), shown(at)
    assert not [s for s in shown(at) if name("all_electronics", first) in s]


@pytest.mark.parametrize(("first", "then"), SWITCHES)
def test_the_manual_page_names_the_paired_validation_set(first, then):
    """Its held-out caption named the catalogue key (watermelon_2.0_validation)."""
    at = started_app(first)
    at.selectbox(key="bundled_key").set_value("watermelon_2.0_train").run()
    at.switch_page("pages/manual.py").run()
    at = switched(at, then)
    paired = name("watermelon_2.0_validation", then)
    assert any(paired in s for s in shown(at)), shown(at)
    assert not [s for s in shown(at) if "watermelon_2.0_validation" in s]
