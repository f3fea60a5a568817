"""Download names and rules text in the session's language (ui.downloads, dtree_core.rules)."""

from __future__ import annotations

import re

import pytest
from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from tests.app.app_helpers import content, new_app
from ui.downloads import file_name, safe_stem


@pytest.fixture
def downloads(monkeypatch):
    """Every download_button's (file_name, data) as the script hands them to Streamlit, and
    the names Streamlit's media storage was given."""
    given, stored = [], []
    button, load = DeltaGenerator.download_button, MemoryMediaFileStorage.load_and_get_id

    def recorded(self, label, data, file_name=None, *args, **kwargs):
        given.append((file_name, data))
        return button(self, label, data, file_name, *args, **kwargs)

    def storing(self, path_or_data, mimetype, kind, filename=None):
        stored.append(filename)
        return load(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(DeltaGenerator, "download_button", recorded)
    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", storing)
    return given, stored


def export_page(lang: str):
    at = new_app()
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("pages/export.py").run()
    at.toggle(key="exp_holdout").set_value(True).run()
    assert not at.exception, at.exception
    return at


def test_chinese_names_and_rules(downloads):
    given, stored = downloads
    export_page("zh")
    names = dict(given)
    assert "西瓜数据集_2.0_决策树.dot" in names and "西瓜数据集_2.0_生成过程.json" in names
    assert "西瓜数据集_2.0_得分表.csv" in names
    assert "西瓜数据集_2.0_留出法决策树规则.txt" in stored  # Streamlit took the non-ASCII name
    rules = content(names["西瓜数据集_2.0_留出法决策树规则.txt"]).splitlines()
    # The hold-out switch on: grown on a training split, judged on the held-out rows; named
    # H1, H2, … as on the page, apart from the sidebar's tree's R1, R2, ….
    line_form = (r"H\d+：如果 .+ 那么 好瓜=[是否]  \[训练集：覆盖率 \d+/\d+（.+），"
                 r"精度 .+；测试集：覆盖率 \d+/\d+（.+），精度 .+\]")
    assert rules and all(re.fullmatch(line_form, line) for line in rules)
    assert sum(" 且 " in line for line in rules) > 1
    assert not any(word in "".join(rules) for word in ("IF", "AND", "THEN", "training"))
    assert "| 规则 | 如果 | 那么 |" in content(names["西瓜数据集_2.0_留出法决策树规则.md"])
    assert content(names["西瓜数据集_2.0_规则表.csv"]).startswith("规则,")


def test_english_names_and_rules(downloads):
    given, _ = downloads
    export_page("en")
    names = dict(given)
    assert "Watermelon_2.0_(Chinese)_tree.dot" in names
    rules = content(names["Watermelon_2.0_(Chinese)_rules_hold-out_tree.txt"]).splitlines()
    line_form = (r"H\d+: IF .+ THEN 好瓜=[是否]  \[training: coverage \d+/\d+ = .+, "
                 r"accuracy .+; held-out: coverage \d+/\d+ = .+, accuracy .+\]")
    assert rules and all(re.fullmatch(line_form, line)
                         for line in rules)


@pytest.mark.parametrize(("name", "stem"), [
    ("../../etc/passwd", "etc_passwd"),
    ("a/b\\c:d*e?f\"g<h>i|j", "a_b_c_d_e_f_g_h_i_j"),
    ("bad\x00\x1b[31mname\u202egnp.exe", "bad[31mnamegnp.exe"),
    ("  .hidden  file. ", "hidden_file"),
    ("西瓜数据集 2.0（英文）", "西瓜数据集_2.0（英文）"),
    ("x" * 300, "x" * 80),
    ("\x07\x08", ""),
])
def test_names_from_the_data_are_made_safe(name, stem):
    assert safe_stem(name) == stem


def test_a_name_always_has_its_word_and_extension(monkeypatch):
    monkeypatch.setattr("ui.downloads.t", lambda key: {"file.tree": "tree"}[key])
    assert file_name("tree", "svg", dataset="西瓜.csv") == "西瓜_tree.svg"
    assert file_name("tree", "svg", dataset="/tmp/a.xlsx · Sheet 1") == "a_Sheet_1_tree.svg"
    assert file_name("tree", "svg", dataset="\x00/..") == "tree.svg"
