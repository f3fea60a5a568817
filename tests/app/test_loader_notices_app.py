"""The loader's warnings in the app, worded from their codes in the session's language."""

from __future__ import annotations

import re

import pytest

from dtree_core.loading import NOTICES
from tests.app.app_helpers import new_app, uploaded_app
from tests.core.test_cli_languages import NOISY, english_fragments, english_in
from ui.messages import EN, ZH, t
from ui.names import dataset_name
from ui.sections import loading


def test_every_notice_code_has_words_in_both_languages():
    assert set(loading.EN) == set(loading.ZH) == {f"load.notice.{c}" for c in NOTICES}
    for code, text in NOTICES.items():
        assert EN[f"load.notice.{code}"] == text  # the English is the loader's own sentence
        assert ZH[f"load.notice.{code}"] != text


def uploaded(lang: str, name: str = "noisy.csv", data: bytes | None = None):
    """The app in `lang` after uploading `data` (NOISY's CSV by default) as `name`."""
    at = uploaded_app(name, NOISY.encode() if data is None else data, lang)
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
        assert "Skipped 1 empty row." in warnings
        assert len(found) >= 5  # the check below can fail
    else:
        assert found == []
        for line in ("跳过了 1 个空行。", "第 5 列在表头中没有名字，已命名为“column_5”。",
                     "列“sign”中有“+”和“-”，因此“-”被读作一个取值，而不是缺失值。",
                     "列“x”的数值中夹有“oops”这样的值，因此按文本读取。",
                     "列“y”中有 2 个值不是有限数（inf、nan），按缺失值读取。"):
            assert line in warnings


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_after_a_refused_upload_the_sidebar_says_whose_tree_the_pages_show(lang):
    """An upload whose target has one class loads but grows no tree: the sidebar said only
    "Using single_class.csv" while every page went on showing watermelon 2.0's tree."""
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    shown = at.session_state["current"]["source"]
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(
        ("single_class.csv", b"a,b,y\n1,x,p\n2,y,p\n3,x,p\n", "text/csv")).run()
    assert not at.exception and at.error  # refused, and said
    assert at.session_state["current"]["source"] == shown
    captions = [re.sub(r"\\(.)", r"\1", c.value) for c in at.sidebar.caption]
    name = re.sub(r"\\(.)", r"\1", dataset_name(shown, lang))
    note = (EN if lang == "en" else ZH)["setup.tree_of"].replace("{name}", name)
    assert note in captions
    # a file that grows says nothing of the kind
    at.file_uploader(key="upload").set_value(
        ("two_classes.csv", b"a,b,y\n1,x,p\n2,y,q\n3,x,p\n", "text/csv")).run()
    assert not at.error and at.session_state["current"]["source"]["filename"] == "two_classes.csv"
    assert not any(note.split("**")[0] in c for c in at.sidebar.caption)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_attribute_left_says_which_columns_were_left_out_and_why(lang):
    """b is ticked in the sidebar but has no values: the refusal says so (it said only "no
    attribute columns are left"), and why a is out, each in the loader's own words."""
    from test_server_app import uploaded as uploaded_file

    from dtree_core.loading import Notice

    at = uploaded_file(b"a,b,y\n1,,p\n2,,q\n3,,p\n4,,q\n", "empty_b.csv", lang=lang)
    said = unescaped(" ".join(e.value for e in at.error))
    assert t("error.no_attributes", _lang=lang, column="y") in said
    assert t("load.notice.no_values", _lang=lang, column="b") in said
    assert t("load.notice.excluded", _lang=lang, column="a") in said
    assert str(Notice("no_values", column="b")) not in said or lang == "en"


# grade reads as decimals in the whole file (2.5 in the row without a class), as whole
# numbers 1-3 (codes, nominal) in the rows the tree grows on
KIND_SHIFT = "a,grade,y\nx,1,是\ny,2,否\nx,3,是\ny,1,否\nx,2,是\ny,2.5,\n"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_report_gives_the_kinds_the_tree_uses_and_says_the_rows_it_dropped(lang):
    """Rows without a target value are dropped before the kinds are decided: the report
    showed grade continuous ("numbers with decimals") while the tree split it as codes, and
    no element said a row was dropped."""
    from dtree_core.loading import load_bytes, prepare

    prepared = prepare(load_bytes(KIND_SHIFT.encode(), "kind_shift.csv"), "y")
    assert prepared.kinds["grade"] == "nominal" and prepared.dropped_rows == 1
    at = uploaded_app("kind_shift.csv", KIND_SHIFT.encode(), lang)
    assert not at.exception and not at.error
    report = next(df.value for df in at.dataframe
                  if t("setup.report.col.why", _lang=lang) in df.value.columns)
    row = report.set_index(t("setup.report.col.column", _lang=lang)).loc["grade"]
    assert row[t("setup.report.col.kind", _lang=lang)] == t("kind.nominal", _lang=lang)
    rule = prepared.kind_rules["grade"]
    said = t(f"kind_rule.{rule.code}", _lang=lang, **rule.details)
    assert row[t("setup.report.col.why", _lang=lang)] == said
    dropped = t("load.notice.dropped_target", _lang=lang, count=1, target="y")
    assert dropped in [unescaped(w.value) for w in at.warning]
    tree = at.session_state["current"]["trace"]
    assert {a["name"]: a["kind"] for a in tree["attributes"]}["grade"] == "nominal"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_id_column_left_unselected_is_not_said_to_be_included(lang):
    """编号 starts unselected (the caption beside the attributes says so); its kind's reason
    in the report said "included as a many-valued nominal attribute"."""
    from tests.app.app_helpers import page_app

    at = page_app(None, "watermelon_2.0", lang)
    assert "编号" not in at.multiselect(key=next(
        m.key for m in at.multiselect if str(m.key).startswith("attrs::"))).value
    report = next(df.value for df in at.dataframe
                  if t("setup.report.col.why", _lang=lang) in df.value.columns)
    why = report.set_index(t("setup.report.col.column", _lang=lang)).loc[
        "编号", t("setup.report.col.why", _lang=lang)]
    assert why == t("kind_rule.id_like", _lang=lang)
    assert ("where it is included" if lang == "en" else "选用时") in why


def test_a_refused_input_is_not_prepared_again_on_every_rerun(monkeypatch):
    """A numeric target with 200 values is refused (regression) when the tree is grown, and
    the refusal is kept; the load report asked for the prepared data again on every rerun
    (st.cache_data keeps no exception), preparing the file each time."""
    from ui import engine

    calls = []
    real = engine.prepare
    monkeypatch.setattr(engine, "prepare", lambda *a, **k: calls.append(1) or real(*a, **k))
    rows = "".join(f"{i % 3},{i}.5\n" for i in range(200))
    at = new_app()
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("regression.csv", f"a,y\n{rows}".encode(),
                                              "text/csv")).run()
    assert at.error  # refused, and said why
    before = len(calls)
    for _ in range(3):
        at.run()
    assert len(calls) == before and at.error


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_old_xls_upload_says_what_it_is_and_what_to_do(lang):
    xls = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600
    at = uploaded_app("成绩.xls", xls, lang, "application/vnd.ms-excel")
    said = unescaped(at.error[0].value)
    assert t("error.old_xls", _lang=lang, name="成绩.xls") in said


def test_a_rerun_reads_the_reports_kinds_from_the_tree_not_the_cache(monkeypatch):
    """The load report's kinds and notes are kept with the tree when it grows: a rerun
    (every click) asked the cache for the prepared table again, hashing the file's bytes and
    unpickling the table each time."""
    from ui import engine

    at = new_app()
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("kind_shift.csv", KIND_SHIFT.encode(),
                                              "text/csv")).run()
    calls = []
    real = engine.prepared_data
    monkeypatch.setattr(engine, "prepared_data", lambda *a, **k: calls.append(1) or real(*a, **k))
    for _ in range(3):
        at.run()
    assert calls == [] and not at.exception
    report = next(df.value for df in at.dataframe
                  if t("setup.report.col.why", _lang="en") in df.value.columns)
    assert report.set_index(t("setup.report.col.column", _lang="en")).loc[
        "grade", t("setup.report.col.kind", _lang="en")] == t("kind.nominal", _lang="en")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_decimal_commas_kept_as_text_are_said_so_not_called_row_numbers(lang):
    """A comma-separated upload with "0,697": the column stayed text without a word and
    started unselected as 'a different value in every row, like a row number'."""
    data = ('色泽,密度,好瓜\n青绿,"0,697",是\n乌黑,"0,774",是\n浅白,"0,403",否\n'
            '青绿,"0,245",否\n').encode()
    at = uploaded(lang, "comma.csv", data)
    warnings = [unescaped(w.value) for w in at.warning]
    assert t("load.notice.decimal_comma_text", _lang=lang, column="密度",
             example="0,697") in warnings
    captions = [unescaped(c.value) for c in at.sidebar.caption]
    assert t("setup.id_note.numbers_as_text", _lang=lang, column="密度") in captions
    assert t("setup.id_note", _lang=lang, column="密度") not in captions


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_decimal_marks_in_a_column_are_said_so_in_the_app(lang):
    """A semicolon upload whose 密度 holds 1.234 beside 0,697: read as 1234 (a thousands dot)
    with no word of it. The column stays as written, the warning names both marks with an
    example of each, and it is left out for its numbers read as text, not as a row number."""
    data = ('色泽;密度;好瓜\n青绿;0,697;是\n乌黑;1.234;是\n浅白;0,403;否\n'
            '青绿;0,245;否\n').encode()
    at = uploaded(lang, "semicolon.csv", data)
    warnings = [unescaped(w.value) for w in at.warning]
    assert t("load.notice.decimal_marks", _lang=lang, column="密度", points=1, point="1.234",
             commas=3, comma="0,697") in warnings
    captions = [unescaped(c.value) for c in at.sidebar.caption]
    assert t("setup.id_note.numbers_as_text", _lang=lang, column="密度") in captions


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_chinese_full_stop_as_the_decimal_point_is_said_so_in_the_app(lang):
    """0。697 (typed in Chinese punctuation) kept the column as text without a word, and it
    started unselected as 'a different value in every row, like a row number'."""
    data = "色泽,密度,好瓜\n青绿,0。697,是\n乌黑,0。774,是\n浅白,0。403,否\n青绿,0。245,否\n"
    at = uploaded(lang, "stops.csv", data.encode())
    warnings = [unescaped(w.value) for w in at.warning]
    assert t("load.notice.ideographic_point", _lang=lang, column="密度",
             example="0。697") in warnings
    captions = [unescaped(c.value) for c in at.sidebar.caption]
    assert t("setup.id_note.numbers_as_text", _lang=lang, column="密度") in captions


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_refused_upload_names_the_tree_kept_once(lang):
    """The error box added "the pages still show the last tree grown: …" beside the sidebar's
    "No tree grew from it: the pages still show the tree of …": one fact said twice on one
    screen. The sidebar says it for another dataset; the error only for the tree's own."""
    at = uploaded_app("single_class.csv", b"a,b,y\n1,x,p\n2,y,p\n3,x,p\n", lang)
    words = EN if lang == "en" else ZH
    kept = words["setup.tree_kept"].split("**")[0]
    assert at.error and not [e for e in at.error if kept in re.sub(r"\\(.)", r"\1", e.value)]
    said = words["setup.tree_of"].split("**")[0]
    assert [c for c in at.sidebar.caption if said in re.sub(r"\\(.)", r"\1", c.value)]


def test_the_chinese_note_of_the_tree_kept_does_not_call_a_bundled_set_an_upload():
    """A bundled dataset waiting for its validation file grows no tree yet: the sidebar's
    note said 新上传的数据 (newly uploaded data) of watermelon 3.0, which nobody uploaded."""
    at = new_app()
    at.query_params["lang"] = "zh"
    at.run()
    at.selectbox(key="prune").set_value("rep").run()
    at.radio(key="validation_source::False").set_value("upload").run()
    shown = at.session_state["current"]["source"]
    at.selectbox(key="bundled_key").set_value("watermelon_3.0").run()
    assert not at.exception and at.session_state["current"]["source"] == shown
    name = re.sub(r"\\(.)", r"\1", dataset_name(shown, "zh"))
    note = ZH["setup.tree_of"].replace("{name}", name)
    captions = [re.sub(r"\\(.)", r"\1", c.value) for c in at.sidebar.caption]
    assert note in captions and "上传" not in note


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_prices_with_thousands_separators_and_a_dash_are_named_in_the_report(lang):
    """价格 holding 1,234 / — / 980 (a GBK CSV from Chinese Excel): the report said nothing
    of it and ID3 split it seven ways (价格=—, 价格=1,234). The dash is counted as missing and
    the column named as numbers a spreadsheet formatted, in the session's language."""
    from tests.core.test_loading import priced_melons

    at = uploaded(lang, "价格.csv", priced_melons("—").encode("gbk"))
    assert not at.error
    notice = t("load.notice.formatted_numbers", _lang=lang, column="价格", example="1,234")
    assert notice in [unescaped(w.value) for w in at.warning]
    report = next(df.value for df in at.dataframe
                  if t("setup.report.col.why", _lang=lang) in df.value.columns)
    missing = report.set_index(t("setup.report.col.column", _lang=lang))[
        t("setup.report.col.missing", _lang=lang)]
    assert missing.to_dict() == {"色泽": 0, "价格": 1, "好瓜": 0}
    root = at.session_state["current"]["trace"]["nodes"][0]
    (price,) = [s for s in root["scores"] if s["attribute"] == "价格"]
    assert [b["value"] for b in price["branches"]] == ["1,234", "980", "2,500", "1,100",
                                                        "3,001", "750"]  # no branch 价格=—
