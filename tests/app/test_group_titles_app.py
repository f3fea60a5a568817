"""A file with group titles in merged cells above its header is refused in the sidebar in
the session's language, and the dataset before it stays."""

from __future__ import annotations

import re

import pytest
from app_helpers import started_app

from tests.core.test_group_titles import GROUPS, HEADER, ROWS, text
from ui.messages import t


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_group_titles_are_refused_in_words_and_the_dataset_stays(lang):
    at = started_app(lang)
    before = at.session_state["dataset"]["key"]
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("分组.csv", text(GROUPS, HEADER, *ROWS),
                                              "text/csv")).run()
    assert not at.exception
    said = [re.sub(r"\\(.)", r"\1", e.value) for e in at.error]
    worded = t("error.group_titles", _lang=lang, titles="", found=10).split("：" if lang == "zh"
                                                                           else ":")[1]
    assert any(worded.strip() in e and "基本信息" in e for e in said), said
    assert at.session_state["dataset"]["key"] == before
