"""The grow page through AppTest: smoke per page, the watermelon ID3 flow, uploads."""

from __future__ import annotations

import ast
import re
import time

import pytest
from app_helpers import DATA, ROOT, dot_source, node_widget, trace


def registered_pages() -> list[str]:
    """The page files app.py hands to st.navigation (read from its PAGES table)."""
    tree = ast.parse((ROOT / "app.py").read_text(encoding="utf-8"))
    table = next(node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                 and any(getattr(target, "id", "") == "PAGES" for target in node.targets))
    return [row[0] for row in ast.literal_eval(table)]


PAGES = registered_pages()


def scores(at) -> dict[str, dict]:
    """The candidate table as shown (exact values; the Styler rounds only on screen)."""
    frame = _score_frame(at)
    return {row["attribute"]: row for row in frame.to_dict("records")}


def _score_frame(at):
    for df in at.dataframe:
        if "Gain_ratio" in df.value.columns:
            return df.value
    raise AssertionError("no score table on the page")


def choose_watermelon_id3(at):
    at.radio(key="source").set_value("bundled")
    at.selectbox(key="bundled_key").set_value("watermelon_2.0")
    at.selectbox(key="algorithm").set_value("id3")
    at.run()
    assert not at.exception
    return at


def test_app_smoke(app):
    assert not at_errors(app)
    assert "current" in app.session_state


@pytest.mark.parametrize("page", PAGES)
def test_every_page_smoke(app, page):
    app.switch_page(page).run()
    assert not app.exception
    assert "pages/grow.py" in PAGES


def shown(element) -> str:
    """Markdown text as the reader sees it: user text is backslash-escaped (ui.messages.literal)."""
    return re.sub(r"\\(.)", r"\1", element.value)


def at_errors(at):
    return [e.value for e in at.error]


def test_watermelon_id3_root_numbers(app):
    at = choose_watermelon_id3(app)
    root = trace(at)["nodes"][0]
    assert round(root["entropy"], 3) == 0.998
    table = scores(at)
    assert round(table["纹理"]["Gain"], 3) == 0.381
    assert round(table["脐部"]["Gain"], 3) == 0.289
    assert round(table["色泽"]["Gain"], 4) == 0.1081
    assert round(table["触感"]["IV"], 3) == 0.874
    assert round(table["色泽"]["IV"], 3) == 1.580
    assert table["纹理"]["chosen"] == "✓"
    assert "0.998" in at.latex[0].value and r"\tfrac{8}{17}" in at.latex[0].value
    assert any("纹理 has the largest information gain, 0.381" in shown(i) for i in at.info)


def test_dot_at_steps_0_and_3_and_to_the_end(app):
    at = choose_watermelon_id3(app)
    dot = dot_source(at)
    assert re.search(r'n0 \[label=<#0<BR/>是 8 · 否 9<BR/><B>纹理</B>>[^\]]*current', dot)
    assert re.search(r'n1 \[[^\]]*class="dt-pending"[^\]]*style="dashed,rounded"', dot)
    assert 'label=" 纹理=清晰 "' in dot and "n0 -> n13" in dot
    for _ in range(3):
        at.button(key="btn_next").click().run()
    assert at.session_state["step"] == 3
    dot = dot_source(at)
    assert re.search(r"n3 \[label=<#3<BR/>是 2 · 否 1<BR/><B>色泽</B>>[^\]]*current", dot)
    assert "n0 [" in dot and "dt-current" not in dot.split("n0 [")[1].split("]")[0]
    last = len(trace(at)["steps"]) - 1
    for _ in range(last - 3):
        at.button(key="btn_next").click().run()
    assert at.session_state["step"] == last
    assert "dt-pending" not in dot_source(at)
    at.button(key="btn_next").click().run()  # past the end stays at the end
    assert at.session_state["step"] == last
    at.button(key="btn_first").click().run()
    assert at.session_state["step"] == 0


def test_slider_and_node_picker_move_the_step(app):
    at = choose_watermelon_id3(app)
    at.slider(key="step_slider").set_value(5).run()
    assert at.session_state["step"] == 5
    at.selectbox(key="jump").set_value(10).run()
    assert at.session_state["step"] == 10
    at.button(key="btn_last").click().run()
    assert at.session_state["step"] == len(trace(at)["steps"]) - 1


def test_upload_gbk_csv(app, watermelon_text):
    at = app
    at.radio(key="source").set_value("upload").run()
    data = watermelon_text.encode("gbk")
    at.file_uploader(key="upload").set_value(("西瓜数据.csv", data, "text/csv")).run()
    assert not at.exception and not at_errors(at)
    assert at.session_state["dataset"]["name"] == "西瓜数据.csv"
    assert trace(at)["nodes"][0]["decision"]["attribute"] == "纹理"
    assert any("gb" in c.value.lower() for c in at.caption)


def test_bad_upload_keeps_previous_dataset_and_tree(app):
    at = choose_watermelon_id3(app)
    before = at.session_state["current"]["trace_id"]
    at.button(key="btn_next").click().run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("broken.csv", b"a,b\n1,2,3\n4\n", "text/csv"))
    at.run()
    assert not at.exception
    assert any("broken.csv" in message.replace("\\", "") for message in at_errors(at))
    assert at.session_state["dataset"]["key"] != "" and at.session_state["current"][
        "trace_id"] == before
    assert at.session_state["step"] == 1
    assert "纹理" in dot_source(at)


def test_impossible_options_keep_the_tree(app):
    at = choose_watermelon_id3(app)
    before = at.session_state["current"]["trace_id"]
    attrs = [m for m in at.multiselect if m.key and m.key.startswith("attrs::")][0]
    attrs.set_value([]).run()
    assert not at.exception
    assert at_errors(at)
    assert at.session_state["current"]["trace_id"] == before


def test_missing_values_show_rho_and_known_row_shares(app):
    at = app
    at.selectbox(key="bundled_key").set_value("watermelon_2.0_alpha")
    at.selectbox(key="algorithm").set_value("c45").run()
    assert not at.exception
    table = scores(at)
    assert round(table["纹理"]["ρ"], 3) == 0.882
    assert table["纹理"]["chosen"] == "✓"
    latex = [item.value for item in at.latex]
    gain = next(v for v in latex if v.startswith("$$\n\\mathrm{Gain}("))
    assert r"\rho" in gain and r"\tfrac{7}{15}" in gain and "= 0.424" in gain
    iv = next(v for v in latex if "IV}(" in v and "log" in v)
    assert r"\tfrac{2}{17}" in iv  # the unknown rows count as one more branch
    assert "(7.933)" in dot_source(at)  # fractional weight on the edge


def test_continuous_attribute_shows_every_threshold(app):
    at = app
    at.selectbox(key="bundled_key").set_value("watermelon_3.0")
    at.selectbox(key="algorithm").set_value("id3").run()
    at.selectbox(key=node_widget(at, "inspect_", 0)).set_value("密度").run()
    assert not at.exception
    curve = trace(at)["nodes"][0]
    density = next(s for s in curve["scores"] if s["attribute"] == "密度")
    assert density["threshold"] == pytest.approx(0.3815)
    table = next(df.value for df in at.dataframe if "Gain" in df.value.columns
                 and "t" in df.value.columns and len(df.value) > 10)
    assert list(table["t"]) == density["curve"]["threshold"]
    assert table["Gain"].max() == pytest.approx(density["gain"])


def test_bfs_order_and_leaf_pseudocode(app):
    at = choose_watermelon_id3(app)
    at.radio(key="order").set_value("bfs").run()
    at.button(key="btn_next").click().run()
    assert not at.exception
    root_children = trace(at)["nodes"][0]["children"]
    assert "dt-current" in next(line for line in dot_source(at).splitlines()
                                if line.strip().startswith(f"n{root_children[0]} ["))
    at.radio(key="order").set_value("dfs").run()
    at.slider(key="step_slider").set_value(2).run()  # node 2: a pure leaf
    html = at.get("html")[0].proto.body
    fired = re.findall(r'background:#ffe08a[^>]*><span[^>]*>\s*(\d+)', html)
    assert fired == ["2", "3"]


def test_hostile_column_names_upload_without_errors(app):
    at = app
    at.radio(key="source").set_value("upload").run()
    rows = [("p", "q", "y", "y"), ("p", "r", "n", "n"), ("q", "q", "y", "y"),
            ("q", "r", "n", "n"), ("p", "q", "n", "n"), ("q", "r", "y", "y")]
    text = ('"**bold**","$x$","<b>tag</b>",class\n'
            + "".join(",".join(row) + "\n" for row in rows))
    at.file_uploader(key="upload").set_value(("odd.csv", text.encode(), "text/csv")).run()
    assert not at.exception and not at_errors(at)
    assert at.session_state["dataset"]["name"] == "odd.csv"
    assert trace(at)["nodes"][0]["decision"]["attribute"] == "<b>tag</b>"
    dot = dot_source(at)
    assert "<b>tag</b>" not in dot and "&lt;b&gt;tag&lt;/b&gt;" in dot
    latex = " ".join(item.value for item in at.latex)
    assert r"\text{\textless{}b\textgreater{}tag" in latex
    assert any("<b>tag</b>" in shown(m) for m in at.markdown)


def test_workbook_sheet_picker(app):
    at = app
    at.radio(key="source").set_value("upload").run()
    data = (DATA / "two_sheets.xlsx").read_bytes()
    at.file_uploader(key="upload").set_value(("two.xlsx", data, "application/vnd.ms-excel"))
    at.run()
    assert at_errors(at)  # the first sheet holds one column: an error box, nothing replaced
    sheet = next(s for s in at.selectbox if s.key and s.key.startswith("sheet::"))
    sheet.set_value("西瓜").run()
    assert not at.exception and not at_errors(at)
    assert at.session_state["dataset"]["name"] == "two.xlsx · 西瓜"
    assert trace(at)["nodes"][0]["decision"]["attribute"] == "纹理"


def test_autoplay_advances_and_restarts_from_the_end(app):
    at = choose_watermelon_id3(app)
    at.slider(key="speed").set_value(0.2).run()
    at.toggle(key="playing").set_value(True).run()
    time.sleep(0.25)
    at.run()
    assert at.session_state["step"] >= 1
    at.button(key="btn_last").click().run()
    at.toggle(key="playing").set_value(False).run()
    at.toggle(key="playing").set_value(True).run()  # from the end, play starts over
    assert at.session_state["step"] <= 1


def test_autoplay_stops_at_the_last_step_in_a_full_run(app):
    """A full run (any sidebar or display change) whose due tick found the last step set
    `playing` after its toggle was drawn: StreamlitWidgetAlreadyInstantiatedError. Playing
    ends there, and the toggle shows it off."""
    at = choose_watermelon_id3(app)
    at.toggle(key="playing").set_value(True).run()
    at.button(key="btn_last").click().run()
    time.sleep(1.0)  # a tick is due (speed 1 s)
    at.number_input(key="decimals").set_value(4).run()
    assert not at.exception
    assert at.session_state["step"] == len(trace(at)["steps"]) - 1
    assert at.toggle(key="playing").value is False


def test_autoplay_plays_to_the_last_step_then_stops(app):
    """Left alone, autoplay steps to the end and switches itself off there."""
    at = choose_watermelon_id3(app)
    at.slider(key="speed").set_value(0.2).run()
    at.toggle(key="playing").set_value(True).run()
    last = len(trace(at)["steps"]) - 1
    for _ in range(last + 2):
        time.sleep(0.2)
        at.run()
        assert not at.exception
    assert at.session_state["step"] == last
    assert at.toggle(key="playing").value is False


def test_big_tree_shows_the_neighbourhood_then_a_depth_cut(app):
    at = app
    at.selectbox(key="bundled_key").set_value("penguins")
    at.selectbox(key="algorithm").set_value("cls").run()
    nodes = len(trace(at)["nodes"])
    assert nodes >= 200
    at.button(key="btn_last").click().run()
    drawn = re.findall(r"^\s*n\d+ \[", dot_source(at), flags=re.M)
    assert 0 < len(drawn) < 60 and "⋯" in dot_source(at)
    assert any(str(nodes) in c.value for c in at.caption)  # says why the view is partial
    at.selectbox(key="view").set_value("depth").run()
    at.number_input(key="view_depth").set_value(1).run()
    assert not at.exception
    depths = {trace(at)["nodes"][int(i)]["depth"]
              for i in re.findall(r"^\s*n(\d+) \[", dot_source(at), flags=re.M)}
    assert depths == {0, 1}


def test_forcing_a_tied_node_regrows_and_stays_there(app):
    at = choose_watermelon_id3(app)
    at.slider(key="step_slider").set_value(3).run()  # node 3: 色泽 and 触感 tie
    before = trace(at)["nodes"][3]
    assert before["decision"]["attribute"] == "色泽" and "触感" in before["decision"]["ties"]
    at.selectbox(key=node_widget(at, "force_", 3)).set_value("触感").run()
    assert not at.exception and not at_errors(at)
    node = trace(at)["nodes"][trace(at)["steps"][at.session_state["step"]]]
    assert node["path"] == before["path"]  # still looking at the node just forced
    assert node["decision"]["attribute"] == "触感" and node["decision"]["forced"]
    assert any("forced" in shown(i) for i in at.info)
    assert "<B>触感</B>" in dot_source(at)
    at.button(key="clear_forces").click().run()
    assert trace(at)["nodes"][3]["decision"]["attribute"] == "色泽"


def test_tie_rule_option_regrows_the_book_tie(app):
    """Table 4.2's training rows tie 色泽 and 脐部 at the root; the book takes 脐部."""
    at = app
    at.selectbox(key="bundled_key").set_value("watermelon_2.0_train")
    at.selectbox(key="algorithm").set_value("id3").run()
    root = trace(at)["nodes"][0]["decision"]
    assert (root["attribute"], root["ties"]) == ("色泽", ["脐部"])
    at.selectbox(key="tie_break").set_value("last").run()
    assert not at.exception
    root = trace(at)["nodes"][0]["decision"]
    assert (root["attribute"], root["ties"]) == ("脐部", ["色泽"])
    assert trace(at)["params"]["tie_break"] == "last"


def test_upload_encoding_picker_overrides_detection(app, watermelon_text):
    """A wrong encoding is refused with the catalogue's sentence for its code; the right one
    loads."""
    at = app
    at.radio(key="source").set_value("upload").run()
    data = watermelon_text.encode("gbk")
    at.file_uploader(key="upload").set_value(("西瓜数据.csv", data, "text/csv")).run()
    picker = next(s for s in at.selectbox if str(s.key).startswith("encoding::"))
    assert picker.value == "auto"
    picker.set_value("utf-8").run()
    assert not at.exception
    errors = [message.replace("\\", "") for message in at_errors(at)]
    assert any("cannot be decoded with this encoding (utf-8: the byte 0x" in message
               for message in errors), errors  # the file, the encoding and the byte named
    picker = next(s for s in at.selectbox if str(s.key).startswith("encoding::"))
    picker.set_value("gb18030").run()
    assert not at.exception and not at_errors(at)
    assert at.session_state["dataset"]["encoding"] == "gb18030"
    assert trace(at)["nodes"][0]["decision"]["attribute"] == "纹理"


def test_a_forced_path_the_new_tree_lacks_is_named_and_the_tree_grows(app):
    at = choose_watermelon_id3(app)
    at.slider(key="step_slider").set_value(1).run()  # node 1: 纹理=清晰
    at.selectbox(key=node_widget(at, "force_", 1)).set_value("触感").run()
    assert not at.warning
    at.selectbox(key="algorithm").set_value("cart").run()  # two-way: no node 纹理=清晰
    assert not at.exception and not at_errors(at)
    assert trace(at)["algorithm"] == "cart"
    assert trace(at)["unmatched_force"] == ["纹理=清晰"]
    assert [shown(w) for w in at.warning] == [
        "The split forced at 纹理=清晰 could not be made in this tree: it grows as the "
        "algorithm chooses there. The force stays set for trees that can make it."]
    at.selectbox(key="algorithm").set_value("id3").run()  # the force applies again
    assert not at.warning and trace(at)["nodes"][1]["decision"]["attribute"] == "触感"
    at.selectbox(key="algorithm").set_value("cart").run()
    at.button(key="clear_forces_grow").click().run()
    assert not at.warning and "unmatched_force" not in trace(at)
    assert trace(at)["params"]["force"] == {}


def test_the_inspected_attribute_survives_a_step_away_and_back(app):
    """Picked at the root, then Next and Prev: the pick came back as the winner."""
    at = app
    at.selectbox(key="bundled_key").set_value("watermelon_2.0")
    at.selectbox(key="algorithm").set_value("id3").run()
    at.selectbox(key=node_widget(at, "inspect_", 0)).set_value("色泽").run()
    at.button(key="btn_next").click().run()
    at.button(key="btn_prev").click().run()
    assert not at.exception and at.session_state["step"] == 0
    assert at.selectbox(key=node_widget(at, "inspect_", 0)).value == "色泽"


def test_an_upload_of_a_bundled_set_s_bytes_names_the_tree_after_the_file():
    """The tree is the same (its cache key is the bytes and options), but it now grew from
    the upload: the pages named it after the bundled set picked before."""
    from app_helpers import new_app

    at = new_app()
    at.run()
    assert at.session_state["current"]["source"].get("bundled_key") == "watermelon_2.0"
    data = (DATA / "watermelon2.csv").read_bytes()  # the bundled set's bytes
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="upload").set_value(("我的西瓜.csv", data, "text/csv")).run()
    assert not at.exception
    source = at.session_state["current"]["source"]
    assert source["filename"] == "我的西瓜.csv" and not source.get("bundled_key")
