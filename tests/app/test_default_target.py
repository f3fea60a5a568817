"""A file whose last column numbers its rows (a price, a weight: different in every row)
opens with the last other column as its target: that column as a target is refused as an
ID, and the loader's warning about it was hidden while it was the target."""

from __future__ import annotations

import pytest
from app_helpers import open_link, uploaded_app

from tests.core.test_likely_target import PRICED


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_upload_ending_in_a_price_grows_a_tree_on_the_class_before_it(lang):
    at = uploaded_app("价格.csv", PRICED.encode(), lang)
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert at.selectbox(key=next(s.key for s in at.selectbox
                                 if s.key.startswith("target::"))).value == "好瓜"
    assert at.session_state["current"]["trace"]["target"] == "好瓜"
    # the price column is left out of the attributes as an ID, and the box says why
    names = [a["name"] for a in at.session_state["current"]["trace"]["attributes"]]
    assert names == ["色泽", "密度"]
    # and the loader's warning of its formatted numbers shows (hidden while it was the target)
    assert any("价格" in w.value and "1,137" in w.value for w in at.warning), \
        [w.value for w in at.warning]


def test_an_upload_link_without_a_target_opens_on_the_same_target():
    """A link naming the file (and its attributes) keys them under the target the sidebar
    opens with: the link's attributes apply."""
    at = open_link({"upload": "价格.csv", "attrs": "密度"}, lang="zh")
    at.file_uploader(key="upload").set_value(("价格.csv", PRICED.encode(), "text/csv")).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    trace = at.session_state["current"]["trace"]
    assert trace["target"] == "好瓜"
    assert [a["name"] for a in trace["attributes"]] == ["密度"]
