"""Escape user text for each output format: the only place labels and values are escaped.

Column names and values come from students' files and may hold quotes, backslashes, angle
brackets, braces, newlines or a megabyte of text. Each function takes any value (str() is applied)
and returns text safe to place inside that format's string or markup.
"""

from __future__ import annotations

import html
import re

ELLIPSIS = "\u2026"
DOT_MAX_LABEL = 120  # characters of user text kept in a DOT label before the ellipsis

# Characters no output format can carry: C0 controls except tab/newline/CR, DEL, and the
# noncharacters XML forbids. They are written as their codes (\x1b), as the terminal shows
# them: dropped, a name 'A\x1b[1m' read 'A[1m', a column the data does not have.
_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff\ud800-\udfff]")
_NEWLINE = re.compile(r"\r\n|\r|\n")


def _text(value) -> str:
    """Unprintables shown as their codes (\\xNN); C1 controls and bidi overrides as
    \\uNNNN too (a name that reverses the rule after it in HTML, an SVG tree or a PDF:
    "Trojan Source")."""
    text = value if isinstance(value, str) else str(value)
    return show_controls(_UNPRINTABLE.sub(lambda m: _code(m.group()), text))


def show_controls(text: str) -> str:
    """C1 controls and bidi overrides as \\xNN / \\uNNNN: what markup would act on."""
    return _SHOWN_CONTROLS.sub(lambda m: _code(m.group()), text)


def shorten(text, limit: int) -> str:
    """At most `limit` characters; longer text is cut and ends with an ellipsis."""
    text = text if isinstance(text, str) else str(text)
    if limit < 1:
        return ""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def shorten_middle(text: str, limit: int) -> str:
    """At most `limit` characters; longer text keeps its start and its end around an
    ellipsis, so two long conditions that differ only at the end (a long attribute's =k1 and
    =k2) stay apart."""
    if len(text) <= limit:
        return text
    tail = (limit - 1) // 2
    return text[: limit - 1 - tail] + ELLIPSIS + text[len(text) - tail:]


def escape_html(text) -> str:
    """Text for HTML element content or a quoted attribute value (& < > " ' escaped)."""
    return html.escape(_text(text), quote=True)


def plotly_text(text) -> str:
    """Text for Plotly's names, ticks, titles and hovers, which it reads as a little HTML:
    & < > escaped. Quotes stay as they are: Plotly decodes only a few named entities (amp,
    lt, gt among them, not quot), so &quot; would show as typed, and outside a tag a quote
    is plain text to it."""
    return html.escape(_text(text), quote=False)


_LATEX = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "%": r"\%",
    "_": r"\_",
    "^": r"\textasciicircum{}",
    "~": r"\textasciitilde{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "\t": " ",
    "\n": " ",
    "\r": " ",
}
_LATEX_TABLE = str.maketrans(_LATEX)


def escape_latex(text) -> str:
    """Text for LaTeX (and KaTeX's \\text{}): specials escaped, line breaks become spaces.

    Only macros both LaTeX and KaTeX know are used; a double quote is left as it is (it is not
    special, and \\textquotedbl needs T1 fonts and is missing from KaTeX).
    """
    return _text(text).translate(_LATEX_TABLE)


# In a LaTeX file (not KaTeX) TeX's ligatures would turn a name's -- into a dash and its ` or
# '' into curly quotes: each is written so it prints as typed (the kernel has these macros).
_LATEX_FILE_TABLE = str.maketrans({**_LATEX, "`": r"\textasciigrave{}",
                                   "'": r"\textquotesingle{}", "-": "-{}"})


def escape_latex_file(text) -> str:
    """Text for a .tex file: escape_latex's specials, and the characters TeX's ligatures
    would change (` ' -) written to print as typed."""
    return _text(text).translate(_LATEX_FILE_TABLE)


# Graphviz reads entities in a quoted label too (&amp; is drawn as &), so & is written as one.
_DOT_TABLE = str.maketrans({**{c: "\\" + c for c in '\\"<>{}|'}, "&": "&amp;"})


def escape_dot_label(text, max_length: int = DOT_MAX_LABEL) -> str:
    r"""Text for a double-quoted DOT label (plain or record shape, or the graphviz package).

    Backslash and quote are escaped, and so are < > { } | (Graphviz prints `\<` as `<`), which
    keeps record shapes intact and stops the graphviz package from taking `<...>` for HTML;
    & is written as an entity, since Graphviz decodes entities in these labels as well.
    Line breaks become DOT's centred `\n`; text over `max_length` characters ends in an ellipsis
    (cut before a control character is written as its code, \x1b, so no code is cut).
    """
    text = _text(shorten(text, max_length))
    return _NEWLINE.sub(r"\\n", text.translate(_DOT_TABLE))


def escape_dot_html(text, max_length: int = DOT_MAX_LABEL) -> str:
    """Text inside a Graphviz HTML-like label <...>: entities escaped, line breaks as <BR/>.

    Tabs become spaces (as Graphviz would draw them); empty text becomes one space, because
    Graphviz refuses an empty element such as <B></B>. A backslash is doubled: Graphviz
    expands its escapes (\\N: the node's name, \\G: the graph's) in HTML-like labels too,
    even when written as an entity. Text over `max_length` characters ends in an ellipsis
    (cut before a control character is written as its code, so no code is cut).
    """
    text = _text(shorten(text, max_length))
    text = text.replace("\t", " ")
    if not text:
        return " "
    return "<BR/>".join(html.escape(line, quote=True).replace("\\", "\\\\")
                        for line in _NEWLINE.split(text))


# Inside a table cell, after escape_html (< > & are entities): what still acts there. A
# cell starts no heading, list or block, so ui.messages.literal's larger set (# + - . ! ( ) {})
# for running Markdown is not needed; | ends the cell.
_TABLE_CELL_SPECIALS = str.maketrans({c: "\\" + c for c in "\\`*_[]|~$"})


def escape_markdown_cell(text) -> str:
    """Text for a Markdown table cell: HTML escaped, Markdown specials and | backslashed, and
    shortcodes kept as typed (GitHub, like Streamlit, turns :smile: into an emoji)."""
    text = without_shortcodes(escape_html(one_line(text)).translate(_TABLE_CELL_SPECIALS))
    return text or " "


# Streamlit's Markdown makes :smile: an emoji, :red[x] coloured text and :material/home: an
# icon, and a backslash before the colon stops only the emoji. Each starts with a colon
# followed by a name: that colon is written as its entity (a colon before a space is left).
_SHORTCODE_COLON = re.compile(r":(?=\S)")


def without_shortcodes(markdown: str) -> str:
    """Markdown text whose colons start no emoji, colour or icon shortcode."""
    return _SHORTCODE_COLON.sub("&#58;", markdown)


LINE_BREAK_SHOWN, TAB_SHOWN = "⏎", "⇥"


def one_line(text) -> str:
    """Text for a line of a one-item-per-line form (a rule, a node of the text tree, a table
    cell): a line break inside a name or value is shown as ⏎ and a tab as ⇥, so the next line
    still starts a rule or a node, and 'a⏎b', 'a⇥b' and 'a b' read as three values."""
    return _NEWLINE.sub(LINE_BREAK_SHOWN, str(text)).replace("\t", TAB_SHOWN)


# The bidi embeddings, overrides and isolates reorder the text shown after them (a name
# that reads backwards, "Trojan Source"), as C1's CSI (U+009B) starts a sequence like ESC [.
_BIDI = "\u202a-\u202e\u2066-\u2069"
_TERMINAL_CONTROLS = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{_BIDI}]")
# What JSON text leaves raw that a terminal acts on (JSON escapes C0 itself); what the
# markup formats show as codes (_text).
_JSON_TERMINAL_CONTROLS = _SHOWN_CONTROLS = re.compile(f"[\\x7f-\\x9f{_BIDI}]")


def escape_terminal(text) -> str:
    """Text for a terminal: control characters from the data (an ESC starting a colour or
    cursor sequence, a carriage return, C1's CSI, a bidi override) are shown as \\xNN or
    \\uNNNN instead of acting."""
    return _TERMINAL_CONTROLS.sub(lambda m: _code(m.group()), str(text))


def escape_json_for_terminal(text: str) -> str:
    """JSON text for a terminal: DEL, C1 controls and bidi controls as \\uNNNN escapes,
    which a JSON reader turns back into the same characters (they occur only in strings)."""
    return _JSON_TERMINAL_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _code(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
