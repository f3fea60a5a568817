"""The loader's warnings in the app, worded from their codes in the session's language."""

from __future__ import annotations

import re

import pytest

from dtree_core.loading import NOTICES
from tests.app.app_helpers import new_app
from tests.core.test_cli_languages import NOISY, english_fragments, english_in
from ui.messages import EN, ZH
from ui.sections import loading


def test_every_notice_code_has_words_in_both_languages():
    assert set(loading.EN) == set(loading.ZH) == {f"load.notice.{c}" for c in NOTICES}
    for code, text in NOTICES.items():
        assert EN[f"load.notice.{code}"] == text  # the English is the loader's own sentence
        assert ZH[f"load.notice.{code}"] != text


def uploaded(lang: str):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("noisy.csv", NOISY.encode(), "text/csv")).run()
    assert not at.exception
    return at


def unescaped(text: str) -> str:
    """A Markdown element's text as read: the backslashes of ui.messages.literal dropped."""
    return re.sub(r"\\(.)", r"\1", text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_upload_with_several_warnings_shows_them_in_the_sessions_language(lang):
    warnings = [unescaped(w.value) for w in uploaded(lang).warning]
    fragments = english_fragments(NOTICES.values())
    found = english_in("\n".join(warnings), fragments)
    if lang == "en":
        assert "Skipped 1 empty row(s)." in warnings
        assert len(found) >= 5  # the check below can fail
    else:
        assert found == []
        for line in ("跳过了 1 个空行。", "第 5 列在表头中没有名字，已命名为“column_5”。",
                     "列“sign”中有“+”和“-”，因此“-”被读作一个取值，而不是缺失值。",
                     "列“x”的数值中夹有“oops”这样的值，因此按文本读取。",
                     "列“y”中有 2 个值不是有限数（inf, nan），按缺失值读取。"):
            assert line in warnings
