"""Switching the sidebar's data source away and back keeps what the user had: the bundled
dataset picked (its widget is not drawn while the upload source shows), and the last file
that loaded (the uploader forgets its file when the bundled source shows)."""

from __future__ import annotations

import pytest
from app_helpers import started_app, uploaded_app

from ui.messages import literal, t

BAD = ("empty.csv", b"", "text/csv")
GOOD = ("two.csv", b"a,b,y\n1,x,yes\n2,x,no\n3,z,yes\n4,z,no\n", "text/csv")


def _bundled_at_step(lang: str):
    at = started_app(lang)
    at.selectbox(key="bundled_key").set_value("watermelon_3.0")
    at.selectbox(key="algorithm").set_value("c45").run()
    at.slider(key="step_slider").set_value(3).run()
    assert not at.exception and not at.error
    return at


def _where(at) -> tuple:
    dataset = at.session_state["dataset"]
    return (dataset.get("bundled_key"), dataset["key"], at.selectbox(key="algorithm").value,
            at.slider(key="step_slider").value)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("upload", [None, BAD], ids=["no file", "a file that fails"])
def test_the_bundled_dataset_picked_is_kept_across_a_look_at_the_uploader(lang, upload):
    """The uploader shown (and a bad file refused, whose message says the dataset before it
    is kept): back on the bundled source, the same dataset, algorithm and step, not the
    catalogue's first dataset at step 0."""
    at = _bundled_at_step(lang)
    before = _where(at)
    at.radio(key="source").set_value("upload").run()
    if upload is not None:
        at.file_uploader(key="upload").set_value(upload).run()
        assert at.error  # refused, and said so
    assert at.session_state["dataset"]["key"] == before[1]
    at.radio(key="source").set_value("bundled").run()
    assert not at.exception and not at.error
    assert at.selectbox(key="bundled_key").value == "watermelon_3.0"
    assert _where(at) == before


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_last_file_that_loaded_comes_back_with_the_upload_source(lang):
    """A file loaded, the bundled source looked at, the upload source again: the file is the
    dataset again (the uploader has forgotten it: Streamlit drops an undrawn widget's value),
    and a caption says so and how to replace it."""
    at = uploaded_app(*GOOD[:2], lang)
    assert not at.exception and not at.error
    uploaded = at.session_state["dataset"]["key"]
    at.radio(key="source").set_value("bundled").run()
    assert at.session_state["dataset"]["key"] != uploaded
    at.radio(key="source").set_value("upload").run()
    assert not at.exception and not at.error
    assert at.session_state["dataset"]["key"] == uploaded
    said = t("setup.upload.kept", _lang=lang, name=literal("two.csv"))  # as Markdown
    assert any(said in c.value for c in at.caption), [c.value for c in at.caption]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_datasets_target_and_attributes_outlive_a_look_at_another(lang):
    """The file's target and attributes picked, the bundled source looked at, the upload
    source again: the same tree (its pickers were dropped, undrawn, and it regrew on the
    last column with every attribute)."""
    at = uploaded_app(*GOOD[:2], lang)
    key = at.session_state["dataset"]["key"]
    at.selectbox(key=f"target::{key}").set_value("b").run()
    at.multiselect(key=f"attrs::{key}::b").set_value(["y"]).run()
    assert not at.exception and not at.error
    grown = at.session_state["current"]["trace_id"]
    trace = at.session_state["current"]["trace"]
    assert trace["target"] == "b" and [a["name"] for a in trace["attributes"]] == ["y"]
    at.radio(key="source").set_value("bundled").run()
    assert at.session_state["current"]["trace_id"] != grown
    at.radio(key="source").set_value("upload").run()
    assert not at.exception and not at.error
    assert at.session_state["current"]["trace_id"] == grown
