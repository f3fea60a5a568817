"""One escaping function per output format, tested against the real consumers: Graphviz's `dot`
for DOT, Python's HTML parser for HTML, and a scan for unescaped specials in LaTeX."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser

import graphviz
import pytest

from dtree_core.escape import (
    DOT_MAX_LABEL,
    ELLIPSIS,
    escape_dot_html,
    escape_dot_label,
    escape_html,
    escape_latex,
    escape_markdown_cell,
    shorten,
)

NASTY = [
    'say "hi"',
    "back\\slash",
    "ends with \\",
    "\\n is not a newline",
    "<b>bold</b>",
    "<x>",
    "{record|fields}",
    "a > b & c < d",
    "line one\nline two\r\nline three\rfour",
    "tab\there",
    "$x^2_i$ 100% #1 ~home & {}",
    "'single' `back`",
    "控制\x00\x01\x1b字符",
    "西瓜 \u3000好瓜？",
    "]]>-->",
    "\\N", "C:\\temp\\G \\E \\L \\T \\H",  # Graphviz's own escapes: the node's name, …
    "&amp; &lt;tag&gt; &#65; &nbsp; &",  # entities Graphviz would decode
    "",
    "长" * 1_000_000,
]

DOT = shutil.which("dot")
needs_dot = pytest.mark.skipif(DOT is None, reason="Graphviz's dot is not installed")


def render_svg(source: str) -> str:
    done = subprocess.run([DOT, "-Tsvg"], input=source.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    assert not done.stderr, done.stderr.decode()  # no syntax warnings either
    return done.stdout.decode()


def svg_texts(svg: str) -> list[str]:
    """The text Graphviz drew, unescaped, in document order."""

    class Texts(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.texts, self.inside = [], False

        def handle_starttag(self, tag, attrs):
            self.inside = tag == "text"

        def handle_endtag(self, tag):
            self.inside = False

        def handle_data(self, data):
            if self.inside:
                self.texts.append(data)

    parser = Texts()
    parser.feed(svg)
    return parser.texts


def as_codes(text: str) -> str:
    """Control characters written as their codes (\\x1b), as every format shows them: a
    name dropping them reads as another name (A\\x1b[1m as A[1m)."""
    return re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", lambda m: f"\\x{ord(m.group()):02x}",
                  text)


def shown(text: str, limit: int = DOT_MAX_LABEL) -> list[str]:
    """The lines a label shows: control characters as their codes, cut with an ellipsis,
    split."""
    text = as_codes(text)
    return [line for line in re.split(r"\r\n|\r|\n", shorten(text, limit))]


# ---------------------------------------------------------------- DOT


@needs_dot
@pytest.mark.parametrize("shape", ["box", "record"])
def test_dot_labels_render_exactly_with_the_graphviz_package(shape):
    graph = graphviz.Digraph()
    for i, text in enumerate(NASTY):
        graph.node(f"n{i}", escape_dot_label(text), shape=shape)
        graph.edge("n0", f"n{i}", label=escape_dot_label(text))
    svg = render_svg(graph.source)
    drawn = svg_texts(svg)
    for text in NASTY:
        for line in shown(text):
            if line.strip():
                assert line.strip() in [t.strip() for t in drawn], line[:50]


@needs_dot
def test_dot_labels_written_by_hand_are_valid():
    nodes = "\n".join(f'  n{i} [label="{escape_dot_label(t)}"];' for i, t in enumerate(NASTY))
    svg = render_svg(f"digraph {{\n{nodes}\n}}\n")
    assert "say &quot;hi&quot;" in svg and "back\\slash" in svg and "&lt;x&gt;" in svg


def test_dot_label_escapes():
    assert escape_dot_label('a"b\\c') == 'a\\"b\\\\c'
    assert escape_dot_label("x\ny\r\nz") == "x\\ny\\nz"
    assert escape_dot_label("<{|}>") == "\\<\\{\\|\\}\\>"
    assert escape_dot_label(1.5) == "1.5"


def test_dot_label_is_cut_with_an_ellipsis():
    label = escape_dot_label("长" * 1_000_000)
    assert label == "长" * (DOT_MAX_LABEL - 1) + ELLIPSIS
    assert escape_dot_label("abcdef", max_length=4) == "abc" + ELLIPSIS
    assert escape_dot_label('""""', max_length=3) == '\\"\\"' + ELLIPSIS  # cut before escaping


@needs_dot
def test_dot_html_labels_render_exactly():
    graph = graphviz.Digraph()
    for i, text in enumerate(NASTY):
        graph.node(f"n{i}", f"<<B>{escape_dot_html(text)}</B>>", shape="box")
    drawn = [t.strip() for t in svg_texts(render_svg(graph.source))]
    for text in NASTY:
        for line in shown(text.replace("\t", " ")):
            if line.strip():
                assert line.strip() in drawn, line[:50]


def test_dot_html_escapes():
    assert escape_dot_html('<a href="x">&</a>') == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
    assert escape_dot_html("one\ntwo") == "one<BR/>two"
    assert escape_dot_html("x" * 500, max_length=10) == "x" * 9 + ELLIPSIS
    # a control character is written as its code, its backslash escaped as every backslash
    assert escape_dot_html("") == " " and escape_dot_html("\x00") == "\\\\x00"


# ---------------------------------------------------------------- HTML


@pytest.mark.parametrize("text", NASTY[:-1] + ["长" * 1000])
def test_html_round_trips_through_the_parser(text):
    class Collect(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.tags, self.data, self.attr = [], [], None

        def handle_starttag(self, tag, attrs):
            self.tags.append(tag)
            self.attr = dict(attrs).get("title", self.attr)

        def handle_data(self, data):
            self.data.append(data)

    escaped = escape_html(text)
    parser = Collect()
    parser.feed(f'<span title="{escaped}">{escaped}</span>')
    parser.close()
    clean = as_codes(text)
    assert parser.tags == ["span"]  # no tag smuggled in
    assert "".join(parser.data) == clean
    assert parser.attr == clean


def test_html_escapes():
    assert escape_html("<script>alert('x & y')</script>") == (
        "&lt;script&gt;alert(&#x27;x &amp; y&#x27;)&lt;/script&gt;")
    assert escape_html(None) == "None"


# ---------------------------------------------------------------- LaTeX

# After escaping, a special character may only appear as part of an escape we produced.
_LATEX_ESCAPES = re.compile(
    r"\\textbackslash\{\}|\\textasciicircum\{\}|\\textasciitilde\{\}|\\textless\{\}"
    r"|\\textgreater\{\}|\\textbar\{\}|\\[{}$&#%_]")


@pytest.mark.parametrize("text", NASTY)
def test_latex_leaves_no_unescaped_special(text):
    escaped = escape_latex(text)
    rest = _LATEX_ESCAPES.sub("", escaped)
    assert not set(rest) & set("\\{}$&#%_^~<>|\n\r")
    assert not re.search(r"[\x00-\x1f\x7f]", rest)


def test_latex_escapes():
    assert escape_latex("a_b & 50% {x} \\ ~ ^") == (
        r"a\_b \& 50\% \{x\} \textbackslash{} \textasciitilde{} \textasciicircum{}")
    assert escape_latex("two\n\nparagraphs") == "two  paragraphs"  # no paragraph break in a cell
    assert escape_latex("色泽=青绿") == "色泽=青绿"


# ---------------------------------------------------------------- shorten


def test_shorten():
    assert shorten("abc", 3) == "abc"
    assert shorten("abcd", 3) == "ab" + ELLIPSIS
    assert shorten("abcd", 1) == ELLIPSIS
    assert shorten("abcd", 0) == ""
    assert shorten(12345, 4) == "123" + ELLIPSIS


def _streamlit_katex():
    try:
        import streamlit
    except ImportError:  # pragma: no cover - streamlit is a requirement of the app
        return None
    from pathlib import Path

    found = sorted(Path(streamlit.__file__).parent.glob("static/static/js/katex*.js"))
    return found[0] if found else None


KATEX = _streamlit_katex()
NODE = shutil.which("node")


@pytest.mark.skipif(KATEX is None or NODE is None, reason="node or Streamlit's KaTeX missing")
def test_latex_renders_in_streamlits_katex(tmp_path):
    """st.latex renders with KaTeX: every escaped label inside \\text{} must parse there."""
    import json

    (tmp_path / "katex.mjs").write_bytes(KATEX.read_bytes())
    (tmp_path / "check.mjs").write_text(
        'import katex from "./katex.mjs";\n'
        'import fs from "fs";\n'
        'const items = JSON.parse(fs.readFileSync(0, "utf8"));\n'
        "console.log(JSON.stringify(items.map(s => { try {\n"
        '  katex.renderToString(s, {throwOnError: true, strict: "ignore"}); return "ok";\n'
        "} catch (e) { return String(e.message); } })));\n")
    formulas = [rf"\text{{{escape_latex(t)}}}" for t in NASTY[:-1]]
    done = subprocess.run([NODE, str(tmp_path / "check.mjs")], input=json.dumps(formulas),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["ok"] * len(formulas)


@pytest.mark.parametrize("escape", [escape_html, escape_latex, escape_dot_label,
                                    escape_markdown_cell])
def test_bidi_overrides_and_c1_controls_are_shown_not_obeyed(escape):
    """U+202E reversed the rule after a name in the solution HTML and the SVG; U+009B is
    C1's CSI. Each markup form shows them as codes."""
    text = escape("x\u202eyes\u2066\x9bz")
    assert not {"\u202e", "\u2066", "\x9b"} & set(text)
    assert "u202e" in text and "u2066" in text and "x9b" in text


def test_a_markdown_cell_writes_colons_as_entities():
    """GitHub's Markdown, like Streamlit's, turns :smile: into an emoji."""
    assert escape_markdown_cell(":smile: a:b c: d") == "&#58;smile: a&#58;b c: d"


def test_a_control_character_in_markup_is_shown_as_its_code_not_dropped():
    """A column 'A\\x1b[1m': the Markdown rules named 'A[1m', a column the data does not
    have, while the terminal showed 'A\\x1b[1m'. Every format shows the code now."""
    from dtree_core.escape import escape_markdown_cell

    cell = escape_markdown_cell("A\x1b[1m")
    assert re.sub(r"\\(.)", r"\1", cell) == "A\\x1b[1m"  # Markdown's one unescaping
    assert escape_html("A\x1b") == "A\\x1b" and escape_latex("A\x1b") == r"A\textbackslash{}x1b"


def test_an_edge_label_with_a_control_character_keeps_its_value():
    """A column 'A\\x1b[1m': its code (four characters for one) ran the edge label past its
    own length, which cut the value off: every branch read ' A\\x1b[1…'."""
    import pandas as pd

    from dtree_core import DecisionTree
    from dtree_core.dot import to_dot

    X = pd.DataFrame({"A\x1b[1m": list("pqrpqr")})
    trace = DecisionTree("id3").fit(X, list("xyzxyz")).trace_.to_dict()
    source = to_dot(trace).source
    for value in "pqr":
        assert f"A\\\\x1b[1m={value}" in source, source
