"""The predict and export pages as a review read them (helper-116): a tied prediction is said
to be a tie, leaves of no weight are not 'reached', the export table shows ties and Li Hang's
D̃, a long condition keeps its value in the drawing, the Chinese rule table says 如果/那么, a
.tex file prints names as typed, and rows that cannot be held out still leave the rules."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest
from app_helpers import page_app
from test_server_app import uploaded

from dtree_core import DecisionTree
from dtree_core.dot import to_dot
from dtree_core.export import Table, score_table, to_latex
from ui.messages import t

PREDICT = "FormSubmitter:pred_form-Predict"


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


# ------------------------------------------------------------ predict

@pytest.mark.parametrize(("lang", "tie"), [
    ("en", "A tie: 是, 否 each have probability 0.500; the tie goes to the class that comes "
           "first in the data, 是."),
    # the classes quoted: unquoted, "…的类别，即是。" read as "that is" (是 as a verb)
    ("zh", "这是并列：“是”、“否”的概率都是 0.500；并列时取数据中排在前面的类别“是”。")])
def test_a_tied_prediction_is_said_to_be_a_tie_with_its_rule(lang, tie):
    """纹理=清晰, 根蒂=稍蜷, 色泽=乌黑, the rest unknown: 是 0.5, 否 0.5 (ID3 on watermelon
    2.0); the first class in the data is taken, and the page says so."""
    at = page_app("pages/predict.py", lang=lang)
    for name, value in (("纹理", "清晰"), ("根蒂", "稍蜷"), ("色泽", "乌黑")):
        at.selectbox(key=f"pred::{name}").set_value(value)
    at.get("form_submit_button")[0].click().run()
    assert not at.exception
    proba = at.dataframe[0].value.iloc[:, 1].tolist()
    assert proba == pytest.approx([0.5, 0.5])
    [said] = [unescaped(s.value) for s in at.success]
    assert said.endswith(tie), said


def test_a_clear_prediction_says_no_tie():
    at = page_app("pages/predict.py", lang="en")
    at.selectbox(key="pred::纹理").set_value("清晰")
    at.selectbox(key="pred::根蒂").set_value("蜷缩")
    at.button(key=PREDICT).click().run()
    assert [s.value for s in at.success] == ["Predicted 好瓜: **是**"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_field_left_missing_says_missing_after_a_trip_to_another_page(lang):
    """Back on the page a field left missing holds no value, and a selectbox without one shows
    its placeholder: the missing option's words, not Streamlit's English 'Choose an option'."""
    at = page_app("pages/predict.py", lang=lang)
    at.selectbox(key="pred::纹理").set_value("清晰")
    at.get("form_submit_button")[0].click().run()
    at.switch_page("pages/grow.py").run()
    at.switch_page("pages/predict.py").run()
    assert not at.exception
    boxes = [box for box in at.selectbox if (box.key or "").startswith("pred::")]
    assert len(boxes) > 1
    for box in boxes:
        if box.key != "pred::纹理":
            assert box.value is None
            assert box.proto.placeholder == t("pred.missing", _lang=lang), box.key


def test_leaves_of_no_weight_are_not_reached():
    """Every value unknown on watermelon 2.0α: a branch no training row took gets a share of
    0, so its leaves are not listed as reached nor outlined."""
    at = page_app("pages/predict.py", dataset="watermelon_2.0_alpha", lang="en")
    at.button(key=PREDICT).click().run()
    assert not at.exception
    leaves = next(df.value for df in at.dataframe if "leaf" in df.value.columns)
    assert len(leaves) > 0 and (leaves["weight"] > 0).all(), leaves
    dot = at.get("graphviz_chart")[0].proto.spec
    assert "xlabel=0.000" not in dot


def test_the_tables_write_the_shares_as_the_drawing_does():
    """Every value unknown on watermelon 2.0α: 9/17 = 0.5294… of the sample goes down one
    branch; the tables wrote Streamlit's 0.5294 beside the drawing's 0.529."""
    at = page_app("pages/predict.py", dataset="watermelon_2.0_alpha", lang="en")
    at.button(key=PREDICT).click().run()
    drawn = set(re.findall(r"xlabel=\"?([0-9.]+)", at.get("graphviz_chart")[0].proto.spec))
    assert drawn and {len(share.split(".")[1]) for share in drawn} == {3}, drawn
    weight = t("pred.col.weight", _lang="en")
    tables = [df for df in at.dataframe if weight in df.value.columns]
    assert len(tables) >= 2  # a split's branches, the leaves reached
    for df in tables:
        assert json.loads(df.proto.columns)[weight]["type_config"]["format"] == "%.3f"


def test_a_share_close_to_one_is_not_drawn_as_one():
    """3999 rows took A=a and one A=b: a sample with A unknown reaches A=a's leaf with 0.99975
    of its weight, which 3 decimals wrote as 1.000 on an outlined, partly reached node."""
    rows = ["A,B,y", "b,u,q", *("a,u,p" for _ in range(3999))]
    at = uploaded("\n".join(rows).encode(), "lopsided.csv", algorithm="id3")
    at.switch_page("pages/predict.py").run()
    at.button(key=PREDICT).click().run()
    assert not at.exception
    dot = at.get("graphviz_chart")[0].proto.spec
    shares = re.findall(r"xlabel=\"?([0-9.]+)", dot)
    assert sorted(shares) == ["0.0003", "0.9998"], dot  # the decimals that keep them off 0, 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_value_written_like_the_missing_option_is_told_from_it(lang):
    missing = t("pred.missing", _lang=lang)
    rows = ["A,y", f"{missing},p", "b,q", f"{missing},p", "b,q"]
    at = uploaded("\n".join(rows).encode(), "odd.csv", lang=lang, algorithm="id3")
    at.switch_page("pages/predict.py").run()
    [options] = [box.options for box in at.selectbox if (box.key or "").startswith("pred::A")]
    assert len(set(options)) == len(options) == 3, options
    assert options[0] == missing and options.count(missing) == 1


# ------------------------------------------------------------ export

def markdown_tables(at) -> str:
    return "\n".join(m.value for m in at.markdown if m.value.lstrip().startswith("|"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_export_score_table_shows_ties(lang):
    """Node 纹理=清晰 of watermelon 2.0's ID3 tree: 根蒂, 脐部 and 触感 tie at Gain 0.458."""
    at = page_app("pages/export.py", lang=lang)
    trace = at.session_state["current"]["trace"]
    node = next(n for n in trace["nodes"] if n["decision"].get("ties"))
    at.selectbox(key="exp_node").set_value(node["id"]).run()
    table = markdown_tables(at)
    assert t("col.tied", _lang=lang) in table.splitlines()[0], table
    core = score_table(node)
    tied = [row[0] for row in core.rows if row[core.columns.index("tied")]]
    assert sorted(tied) == sorted([node["decision"]["attribute"], *node["decision"]["ties"]])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_li_hangs_export_heads_gini_on_the_known_rows_where_values_are_missing(lang):
    at = page_app("pages/export.py", dataset="watermelon_2.0_alpha", lang=lang,
                  algorithm="c45", notation="lihang")
    header = markdown_tables(at).splitlines()[0]
    assert "Gini(D̃, A)" in unescaped(header) and "Gini(D, A)" not in unescaped(header)


def test_the_chinese_rule_table_says_if_and_then_in_chinese():
    at = page_app("pages/export.py", lang="zh")
    columns = {c for df in at.dataframe for c in df.value.columns}
    assert {"如果", "那么"} <= columns and not {"IF", "THEN"} & columns


def test_rows_that_cannot_be_held_out_still_leave_the_rules_and_the_tables():
    """Two rows, one per class: no held-out split, said once; the rules of the sidebar's tree
    and the score table are still there."""
    at = uploaded(b"a,y\np,yes\nq,no\n", "two.csv", algorithm="id3")
    at.switch_page("pages/export.py").run()
    at.toggle(key="exp_holdout").set_value(True).run()  # asks for a split it cannot make
    assert not at.exception
    assert len(at.error) == 1
    columns = {c for df in at.dataframe for c in df.value.columns}
    assert t("exp.col.if", _lang="en") in columns
    assert markdown_tables(at)  # the score table
    captions = [c.value for c in at.caption]
    assert any(c.startswith("Rules R1, R2, … of") for c in captions), captions


# ------------------------------------------------------------ drawings and files

def test_a_long_condition_keeps_its_value_in_the_drawing():
    name = "@" + "L" * 199
    X = pd.DataFrame({name: ["k1", "k2", "k1", "k2"]})
    trace = DecisionTree("id3").fit(X, pd.Series(["p", "q", "p", "q"])).trace_.to_dict()
    source = to_dot(trace).source
    labels = re.findall(r'label=" (@L+…L+=k\d) "', source)
    assert sorted(label[-3:] for label in labels) == ["=k1", "=k2"], labels
    assert all(len(label) == 120 for label in labels)


def test_a_tex_file_prints_names_as_typed():
    """TeX would print a name's -- as a dash and its ` and '' as curly quotes."""
    tex = to_latex(Table(["name"], [["a--b `c' ''d''"]]))
    row = tex.splitlines()[5]
    assert "--" not in row and "`" not in row and "''" not in row
    assert r"a-{}-{}b \textasciigrave{}c\textquotesingle{}" in row


@pytest.mark.parametrize(("lang", "tie"), [
    ("en", "y=yes (tied with no; the one the data shows first is taken)"),
    ("zh", "y=yes（与“no”并列，取数据中先出现者）")])
def test_the_rules_table_says_a_leaf_won_a_tie(lang, tie):
    """a=p holds yes 1 : no 1, labelled yes as the class the data shows first: its THEN says
    so, as the panel does; a=q's clear majority reads plain."""
    at = uploaded(b"a,y\np,yes\np,no\nq,no\nq,no\n", "tie.csv", lang=lang, algorithm="id3")
    at.switch_page("pages/export.py").run()
    at.toggle(key="exp_holdout").set_value(False).run()
    assert not at.exception
    then = t("exp.col.then", _lang=lang)
    frame = next(df.value for df in at.dataframe if then in df.value.columns)
    assert list(frame[then]) == [tie, "y=no"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_rule_table_csv_holds_the_class_and_says_a_tie_in_its_own_column(lang, downloads):
    """Watermelon 2.0, ID3 with max_depth 3: R3's leaf is 是 1 : 否 1. The rule table's CSV
    wrote the sentence of the tie in the class column (好瓜), which a program reads as the
    class; the table on the page still says it in the class's cell."""
    import csv
    import io

    from app_helpers import content, grown_app

    from dtree_core.rules import WORDS

    at = grown_app("watermelon_2.0", "id3", lang=lang)
    at.number_input(key="max_depth").set_value(3).run()
    at.switch_page("pages/export.py").run()
    assert not at.exception
    [data] = [d for name, d in downloads if "csv" in name and ("rule_table" in name
                                                              or "规则表" in name)]
    rows = list(csv.DictReader(io.StringIO(content(data))))
    assert [r["好瓜"] for r in rows] == ["是", "是", "是", "是", "否", "否", "是", "否"]
    assert [r[WORDS[lang]["col.tied_with"]] for r in rows] == ["", "", "否"] + [""] * 5
    shown = next(df.value for df in at.dataframe if "纹理" in df.value.columns
                 and "好瓜" in df.value.columns)
    assert shown["好瓜"].tolist()[2] != "是" and shown["好瓜"].tolist()[2].startswith("是")
