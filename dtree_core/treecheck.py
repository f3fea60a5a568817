"""Check my tree: read the tree a student's program printed and find where it first leaves ours.

Three forms are read (`read_tree`):
- our trace JSON (format dtree-trace/1, TRACE.md), score tables included;
- the nested dict course code builds, `{attribute: {value: subtree or label}}`, as JSON or a
  Python literal (read with ast.literal_eval, which evaluates no code). A continuous
  attribute's branches are `"<=0.3815"` / `">0.3815"` under the attribute, or the test is the
  key (`"密度<=0.3815"`) with `"是"`/`"否"` (yes/no, true/false) branches; a binary nominal
  test is `"纹理=清晰"` with yes/no branches, or branches `"in {a,b}"`;
- indented text like the CLI's summary (`纹理=清晰: 根蒂?  (是 7, 否 2)`), indented with
  spaces, tabs or tree-drawing characters (`|---`, `├──`); under a line that asks `纹理?`
  a branch may be its value alone (`清晰: 是`, `<=0.3815: 否`).

`check_tree` walks our trace and the student's tree together depth-first, branches in the
trace's order (the order TreeGenerate, Zhou Fig. 4.2, decides nodes), and stops at the first
node that differs: another attribute, threshold, leaf label, a branch missing or extra, or
(a pasted trace JSON only) a score that differs beyond the tolerance.
"""

from __future__ import annotations

import ast
import json
import math
import re
from dataclasses import dataclass, field

from . import algorithms
from .data import Listed
from .labels import branch_text, children_of
from .reading import Columns, Reading, read_name
from .split import (
    Condition,
    Split,
    format_number,
    record_threshold_text,
    threshold_text,
    too_few_decimals,
    written_decimals,
)
from .splitting import other_tied_thresholds
from .trace import FORMAT

MAX_CHARS = 2_000_000  # a classroom tree is kilobytes; a trace JSON with its scores, more
MAX_NODES = 20_000
MAX_DEPTH = 300  # levels of a pasted dict or text (the app's budget grows at most 200)
TOLERANCE = 1e-3  # scores in a pasted trace JSON: the book's three decimals
SCORE_FIELDS = ("gain", "iv", "gain_ratio", "gini_index")
YES = frozenset({"是", "yes", "y", "true", "1", "对", "真"})
NO = frozenset({"否", "no", "n", "false", "0", "错", "假"})

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# "<" and ">=" are read as "<=" and ">": the cut point is a midpoint between two data values
# (Zhou §4.4.1), so no row sits on it and the two forms send every row the same way.
_LOWER, _UPPER = ("<=", "≤", "<", "⩽"), (">", ">=", "≥", "⩾")
_OPS = "|".join(re.escape(op) for op in sorted(_LOWER + _UPPER, key=len, reverse=True))
_BARE_THRESHOLD = re.compile(rf"^({_OPS})\s*({_NUMBER})$")
_NAMED_THRESHOLD = re.compile(rf"^(.+?)\s*({_OPS})\s*({_NUMBER})$")
_SUBSET = re.compile(r"^(?:(?:in|∈)\s*)?[{｛](.*)[}｝]$")
_NAMED_SUBSET = re.compile(r"^(.+?)\s*(?:\sin|∈)\s*[{｛](.*)[}｝]$")
_NAMED_VALUE = re.compile(r"^(.+?)\s*==?\s*(.+)$")
_OPERATOR_ONLY = re.compile(r"^[\s<>≤≥⩽⩾!]+$")
# What a Chinese input method types in place of the syntax (＝ ＜＝ ＞ ？ and full-width
# digits): read as ASCII (： ， ｛｝ are read where they stand). Names keep their own
# characters (密度（g/cm³）).
_SYNTAX = str.maketrans({**{chr(0xFF10 + d): str(d) for d in range(10)},
                         "＝": "=", "＜": "<", "＞": ">", "？": "?", "．": ".", "≦": "≤",
                         "≧": "≥"})
# A node label of Zhou's figures asks its attribute: 纹理=? (Fig. 4.4), 密度≤0.381? (Fig. 4.10)
_ASKED = re.compile(r"\s*=?\s*\?$")
_CLI_HEADER = re.compile(r"(^\S.* tree, \d+ nodes:$)|(决策树，共 \d+ 个结点：$)")
# A tree's drawing before a line's text ('|--- ', '├── ', '`-- '); a '-' right before a
# digit is the text's own sign (a leaf '-1'), not drawing.
_DRAWING = re.compile(r"^(?:[\s|│├└─`+]|-(?![\d.]))*")
# (ASCII after a space, or full-width as a Chinese input method writes them: （是 8，否 9）
# holding a count, 【同类】)
_COUNTS = re.compile(r"\s+\([^()]*\)$|\s*（[^（）]*\d[^（）]*）$")
_STOP = re.compile(r"\s+\[[^\[\]]*\]$|\s*【[^【】]*】$")
# What follows an attribute's name in a branch's test: 纹理=清晰, 密度<=0.38, 色泽 in {…}
_AFTER_NAME = ("=", "<", ">", "≤", "≥", "⩽", "⩾", "in ", "in{", "∈")


class PasteError(ValueError):
    """The pasted text is not a tree we can read; `code` and `details` word it in the UI."""

    def __init__(self, message: str, code: str, **details):
        super().__init__(message)
        self.code = code
        self.details = details


# --------------------------------------------------------------------- the student's tree


@dataclass(frozen=True)
class Branch:
    """One edge of the student's tree: the condition it tests, in the split record's terms."""

    condition: Condition
    text: str  # as the student wrote it
    child: Pasted
    # The 'no' branch of a test key 'attr=v' (or 'attr in {…}'): every value but those.
    complement: bool = False
    # A cut point's number as the student wrote it ('0.380'; None: read from a trace JSON,
    # whose numbers are floats): its decimals set how near ours it must be (cut_as_written).
    written: str | None = None


@dataclass(frozen=True)
class Pasted:
    """A node of the student's tree: a split on `attribute`, or a leaf with `label`."""

    attribute: str | None = None
    label: str | None = None
    branches: tuple[Branch, ...] = ()
    scores: tuple[dict, ...] = ()  # a pasted trace's score rows

    @property
    def is_leaf(self) -> bool:
        return self.attribute is None


@dataclass(frozen=True)
class ReadTree:
    form: str  # "trace" | "nested" | "text"
    root: Pasted
    nodes: int


def read_tree(text: str) -> ReadTree:
    """The pasted tree in any of the three forms (PasteError says why one is not read)."""
    text = (text or "").strip()
    if not text:
        raise PasteError("Nothing was pasted.", "empty")
    if len(text) > MAX_CHARS:
        raise PasteError(f"The text is {len(text)} characters long; a tree to check may have "
                         f"{MAX_CHARS}.", "too_long", chars=len(text), limit=MAX_CHARS)
    data = _structured(text)
    try:
        if data is None:  # typed by hand: full-width syntax read as ASCII (a trace is not)
            root, form = _from_text(text.translate(_SYNTAX)), "text"
        elif isinstance(data, dict) and "format" in data and "nodes" in data:
            root, form = _from_trace(data), "trace"
        else:
            root, form = _from_nested(data), "nested"
    except RecursionError:  # the readers recurse once per level, MAX_DEPTH at most
        raise PasteError(f"The tree is more than {MAX_DEPTH} levels deep.", "too_deep",
                         limit=MAX_DEPTH) from None
    return ReadTree(form, root, _count(root))


def _finite_or_text(text: str) -> float | str:
    value = float(text)
    return value if math.isfinite(value) else text


def _structured(text: str):
    """JSON or a Python literal, or None when the text is neither (then: indented text)."""
    try:  # a number past float's range stays the student's text, not inf
        return json.loads(text, parse_float=_finite_or_text, parse_constant=str)
    except (ValueError, RecursionError):
        pass
    if text[0] not in "{[\"'":
        return None
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as error:
        raise PasteError(f"The text starts like a dict but is not valid JSON or a Python "
                         f"literal: {error}", "not_literal", reason=str(error)[:200]) from None


def _count(root: Pasted) -> int:
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise PasteError(f"The tree has more than {MAX_NODES} nodes.", "too_many_nodes",
                             limit=MAX_NODES)
        stack.extend(b.child for b in node.branches)
    return count


# -- the trace's JSON

def _from_trace(data: dict) -> Pasted:
    if data.get("format") != FORMAT:
        raise PasteError(f"This JSON is not a {FORMAT} trace (format: {data.get('format')!r}).",
                         "trace_format", format=str(data.get("format"))[:60])
    try:
        nodes = data["nodes"]
        children = children_of(data)
        built: dict[int, Pasted] = {}
        for node in sorted(nodes, key=lambda n: -n["depth"]):  # children before parents
            built[node["id"]] = _trace_node(node, nodes, children, built)
        return built[next(n["id"] for n in nodes if n["parent"] is None)]
    except (KeyError, TypeError, IndexError, StopIteration, ValueError) as error:
        raise PasteError(f"The trace JSON is incomplete: {error!r}.", "trace_broken",
                         reason=repr(error)[:200]) from None


def _trace_node(node: dict, nodes: list, children: dict, built: dict) -> Pasted:
    decision = node["decision"]
    scores = tuple(node.get("scores") or ())
    if decision["kind"] != "split":
        return Pasted(label=str(decision["label"]), scores=scores)
    branches = []
    for child_id in children[node["id"]]:
        condition = nodes[child_id]["branch"]
        branches.append(Branch(Condition.from_dict(condition), branch_text(condition),
                               built[child_id]))
    return Pasted(attribute=str(decision["attribute"]), branches=tuple(branches), scores=scores)


# -- the nested dict

def _from_nested(data) -> Pasted:
    return _nested_node(data, [0], 0)


def _too_deep(depth: int) -> None:
    if depth > MAX_DEPTH:
        raise PasteError(f"The tree is more than {MAX_DEPTH} levels deep.", "too_deep",
                         limit=MAX_DEPTH)


def _nested_node(data, seen: list, depth: int) -> Pasted:
    """seen[0] counts the nodes read so far (a bound on what a paste may ask us to build)."""
    seen[0] += 1
    _too_deep(depth)
    if seen[0] > MAX_NODES:
        raise PasteError(f"The tree has more than {MAX_NODES} nodes.", "too_many_nodes",
                         limit=MAX_NODES)
    if not isinstance(data, dict):
        return Pasted(label=_leaf_text(data))
    if len(data) != 1:
        keys = Listed(_text(k) for k in list(data)[:5])
        raise PasteError(f"A node of the nested form is a dict with one attribute as its key; "
                         f"this one has {len(data)} keys ({keys}).", "one_key", count=len(data),
                         keys=keys)
    (key, branches), = data.items()
    if not isinstance(branches, dict) or not branches:
        raise PasteError(f"Under the attribute '{_text(key)}' the branches must be a dict "
                         f"{{value: subtree or label}}.", "branches_not_dict", attribute=_text(key))
    attribute, test = _attribute_key(_text(key), branches)
    return Pasted(attribute=attribute, branches=tuple(
        _nested_branch(attribute, _text(key).strip(), test, k, v, seen, depth + 1)
        for k, v in branches.items()))


def _attribute_key(key: str, branches: dict) -> tuple[str, tuple | None]:
    """(attribute, ((yes, no), number)) when the key is a test and the branches are yes/no:
    each side as (condition, complement), and the cut point as written (None: a value test);
    else (the key as the attribute's name, None)."""
    key = _ASKED.sub("", key.strip().translate(_SYNTAX))
    if not all(_text(k).strip().lower() in YES | NO for k in branches):
        return key, None
    threshold = _NAMED_THRESHOLD.match(key.strip())
    if threshold:
        name, op, number = threshold.groups()
        lower, upper = Split("threshold", name.strip(), threshold=float(number)).conditions()
        # "密度>0.38" with 是/否: yes is the upper side.
        sides = ((lower, False), (upper, False)) if op in _LOWER else \
            ((upper, False), (lower, False))
        return name.strip(), (sides, number)
    subset = _NAMED_SUBSET.match(key.strip())  # 纹理∈{清晰}, 纹理 in {清晰}: CART's side
    if subset:
        name = subset.group(1).strip()
        side = Condition(name, "in", _members(subset.group(2)))
        return name, (((side, False), (side, True)), None)
    value = _NAMED_VALUE.match(key.strip())
    if value:
        name = value.group(1).strip()
        side = Condition(name, "in", (value.group(2).strip(),))
        return name, (((side, False), (side, True)), None)
    return key.strip(), None


def _nested_branch(attribute: str, test_key: str, test, key, child, seen: list,
                   depth: int) -> Branch:
    text = _text(key).translate(_SYNTAX)
    subtree = _nested_node(child, seen, depth)
    if test is None:
        op, value, written = _branch_condition(attribute, text)
        return Branch(Condition(attribute, op, value), text, subtree, written=written)
    sides, written = test
    condition, complement = sides[0] if text.strip().lower() in YES else sides[1]
    # the test key with the answer ('密度<=0.38: 是'), as the student reads the branch
    return Branch(condition, f"{test_key}: {text}", subtree, complement, written)


def _branch_condition(attribute: str, text: str) -> tuple[str, object, str | None]:
    """A branch key as (op, value, the cut point as written or None): '<=0.38', '>0.38',
    'in {a,b}' or '∈ {a,b}', 'attr=value' or 'value'."""
    bare = text.strip()
    rest = _test_after(bare, attribute)
    if rest is not None:
        bare = rest.lstrip("=").strip()  # 'attr=value', 'attr==value', 'attr<=0.38'
    threshold = _BARE_THRESHOLD.match(bare)
    if threshold:
        op, number = threshold.groups()
        return ("<=" if op in _LOWER else ">"), float(number), number
    subset = _SUBSET.match(bare)
    if subset:
        return "in", _members(subset.group(1)), None
    return "=", bare, None


def _test_after(text: str, attribute: str) -> str | None:
    """What follows the attribute's name where a branch's text begins with a test of it
    ('=清晰' of 纹理=清晰, '<=0.38' of 密度<=0.38, the syntax a Chinese input method types read
    as ASCII); None where the text is a value alone (清晰)."""
    rest = text[len(attribute):].lstrip() if text.startswith(attribute) else ""
    return rest if rest.translate(_SYNTAX).startswith(_AFTER_NAME) else None


def _text(value) -> str:
    """A key or leaf as text: numbers as the file would write them (1, 0.5), True as True."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float) and math.isfinite(value):
        return format_number(value)
    return str(value)


def _leaf_text(value) -> str:
    if isinstance(value, list | tuple | set) or value is None:
        raise PasteError(f"A leaf must be a class label, not {value!r}.", "bad_leaf",
                         leaf=repr(value)[:60])
    return _text(value)


# -- indented text

@dataclass
class _Line:
    number: int
    indent: int
    condition: tuple | None  # (attribute, op, value, text)
    title: str | None
    children: list = field(default_factory=list)
    bare: str | None = None  # a branch written as its value alone ('清晰: 是' under '纹理?')


def _from_text(text: str) -> Pasted:
    lines = _tree_lines(text)
    if not lines:
        raise PasteError("No tree lines were found.", "no_lines")
    if lines[0].bare is not None:  # a value alone with no line above to name its attribute
        _condition(lines[0].bare, lines[0].number)  # refused, as any such line is
    root = _Line(0, -1, None, None) if lines[0].condition else lines.pop(0)
    stack = [root]
    for line in lines:
        while stack and stack[-1].indent >= line.indent and stack[-1] is not root:
            stack.pop()
        if line.bare is not None:
            line.condition = _named_condition(stack[-1], line.bare, line.number)
        if line.condition is None and _names_leaf(stack[-1], line):
            stack[-1].title = line.title  # scikit-learn's '|--- class: 是' under its branch
            continue
        if line.indent <= root.indent:
            raise PasteError(f"Line {line.number} starts a second tree: indent it under the "
                             f"first line.", "second_root", line=line.number)
        if line.condition is None and _BARE_THRESHOLD.match(line.title or ""):
            # '<=0.3815' with nothing under it, where a branch was due: its leaf is missing
            raise PasteError(f"Line {line.number}: the branch {line.title} has no leaf or "
                             f"subtree under it.", "no_leaf", line=line.number,
                             text=line.title[:60])
        if line.condition is None:
            raise PasteError(f"Line {line.number} has no branch condition such as 纹理=清晰.",
                             "no_condition", line=line.number)
        stack[-1].children.append(line)
        stack.append(line)
        _too_deep(len(stack))
    return _line_node(root)


def _names_leaf(parent: _Line, line: _Line) -> bool:
    """A title-only line right under a branch line that has no title: that branch's leaf."""
    return (parent.condition is not None and parent.title is None and not parent.children
            and line.title is not None and line.indent > parent.indent)


def _tree_lines(text: str) -> list[_Line]:
    """The tree's lines (after a CLI header if there is one, up to the first blank line)."""
    raw = text.expandtabs(4).splitlines()
    start = next((i + 1 for i, line in enumerate(raw) if _CLI_HEADER.search(line.strip())), 0)
    lines: list[_Line] = []
    for number, line in enumerate(raw[start:], start=start + 1):
        if not line.strip():
            if lines:
                break
            continue
        lines.append(_read_line(number, line))
    for line, below in zip(lines, [*lines[1:], None], strict=True):
        if line.bare is not None and line.title is None and (
                below is None or below.indent <= line.indent):
            line.title, line.bare = line.bare, None  # nothing under it: a leaf ('{好瓜}')
    return lines


def _read_line(number: int, line: str) -> _Line:
    indent = len(_DRAWING.match(line).group(0))
    content = _COUNTS.sub("", _STOP.sub("", line[indent:].strip())).strip()
    sklearn_leaf = re.match(r"^class:\s*(.+)$", content)
    if sklearn_leaf:
        return _Line(number, indent, None, sklearn_leaf.group(1).strip())
    head, sep, tail = content.partition(": ")
    if not sep:
        head, sep, tail = content.partition("：")
    if sep:
        head = head.strip()
        condition = _condition(head, number, required=False)
        return _Line(number, indent, condition, tail.strip() or None,
                     bare=None if condition else head)
    if content.endswith(("?", "？")):
        return _Line(number, indent, None, content)
    if _bare(content):  # its leaf on the lines below
        return _Line(number, indent, None, None, bare=content)
    condition = _condition(content, number, required=False)
    return _Line(number, indent, condition, None if condition else content)


def _named_condition(parent: _Line, bare: str, number: int) -> tuple:
    """_condition of a branch written as its value alone, named with the attribute its
    parent line asks about ('纹理?' then '清晰: 是' is 纹理=清晰; '密度?' then '<=0.3815' is
    密度<=0.3815), read as the nested dict's keys are (_branch_condition); under a line that
    asks no attribute ('纹理=清晰?' asks a test) it is refused, as any such line is."""
    asked = parent.title.rstrip("?？").strip() if parent.title and parent.title.endswith(
        ("?", "？")) else None
    test = _NAMED_THRESHOLD.match(asked) if asked else None
    if test and bare.strip().lower() in YES | NO:  # Zhou's '密度≤0.381?' with 是/否 under it
        return _answered(test, bare.strip().lower() in YES)
    if not asked or _condition(asked, parent.number, required=False):
        return _condition(bare, number)  # raises: no attribute to name it with
    op, value, written = _branch_condition(asked, bare)
    return asked, op, value, Condition(asked, op, value).text(), written


def _answered(test: re.Match, yes: bool) -> tuple:
    """The branch of a cut asked as a question ('密度<=0.381?'; '密度>0.381?' asks the upper
    side) answered yes or no: the side of the cut it holds."""
    name, op, value = test.groups()
    lower = (op in _LOWER) == yes
    condition = Condition(name.strip(), "<=" if lower else ">", float(value))
    return condition.attribute, condition.op, condition.value, condition.text(), value


def _condition(text: str, number: int, required: bool = True) -> tuple | None:
    """(attribute, op, value, text, the cut point as written or None) of '纹理=清晰',
    '密度<=0.3815' or '色泽 in {青绿,乌黑}'; a cut or a set alone ('<=0.3815', '{青绿,乌黑}')
    names no attribute (it is not an attribute '<' equal to '0.3815')."""
    found = None if _bare(text) else _named(text)
    if found is None and required and _bare(text):
        raise PasteError(f"Line {number}: '{text[:60]}' names no attribute: write 密度<=0.3815, "
                         f"or put it under a line asking the attribute (密度?).",
                         "bare_condition", line=number, text=text[:60])
    if found is None and required:
        raise PasteError(f"Line {number}: '{text[:60]}' is not a branch condition such as "
                         f"纹理=清晰 or 密度<=0.3815.", "bad_condition", line=number,
                         text=text[:60])
    return found


def _named(text: str) -> tuple | None:
    threshold = _NAMED_THRESHOLD.match(text)
    if threshold:
        name, op, value = threshold.groups()
        return name.strip(), "<=" if op in _LOWER else ">", float(value), text, value
    subset = _NAMED_SUBSET.match(text)
    if subset:
        return subset.group(1).strip(), "in", _members(subset.group(2)), text, None
    value = _NAMED_VALUE.match(text)
    if value and not _OPERATOR_ONLY.match(value.group(1)):  # '<=50K' names no attribute '<'
        return value.group(1).strip(), "=", value.group(2).strip(), text, None
    return None


def _members(listed: str) -> tuple[str, ...]:
    """A written set's values, split at each comma (or full-width comma) as Condition.text
    writes them: '\\,' is a comma inside a value and '\\\\' a backslash ({a\\,b,c} holds
    a,b and c); a backslash before anything else is the value's own (C:\\temp typed)."""
    values, current, i = [], [], 0
    while i < len(listed):
        if listed[i] == "\\" and listed[i + 1:i + 2] in ("\\", ",", "，"):
            current.append(listed[i + 1])
            i += 2
            continue
        if listed[i] in ",，":
            values.append("".join(current))
            current = []
        else:
            current.append(listed[i])
        i += 1
    values.append("".join(current))
    return tuple(v.strip() for v in values if v.strip())


def _bare(text: str) -> bool:
    """A branch written as its cut or its set of values alone ('<=0.3815', '{青绿,乌黑}')."""
    return bool(_BARE_THRESHOLD.match(text) or _SUBSET.match(text))


def _line_node(line: _Line) -> Pasted:
    """The node a line stands for, its attribute read from its children's conditions."""
    title = line.title
    asks = title is not None and title.endswith(("?", "？"))
    if not line.children:
        if title is None or asks:
            raise PasteError(f"Line {line.number} splits but has no branches under it.",
                             "no_branches", line=line.number)
        return Pasted(label=title)
    names = {child.condition[0] for child in line.children}
    if len(names) > 1:
        raise PasteError(f"The branches under line {line.number} test different attributes "
                         f"({', '.join(sorted(names))}).", "mixed_attributes", line=line.number,
                         attributes=Listed(sorted(names)))
    attribute = names.pop()
    if title is not None and (not asks or _asked_attribute(title) != attribute):
        raise PasteError(f"Line {line.number} says '{title}' but its branches test "
                         f"'{attribute}'.", "title_mismatch", line=line.number, title=title,
                         attribute=attribute)
    return Pasted(attribute=attribute, branches=tuple(
        Branch(Condition(*c.condition[:3]), c.condition[3], _line_node(c),
               written=c.condition[4])
        for c in line.children))


def _asked_attribute(title: str) -> str:
    """The attribute a question line asks: '纹理?' asks 纹理, '密度<=0.381?' asks 密度."""
    asked = title.rstrip("?？").strip()
    test = _NAMED_THRESHOLD.match(asked)
    return test.group(1).strip() if test else asked


# --------------------------------------------------------------------- the comparison


# What can differ at a node (Difference.kind); the UI words each.
KINDS = ("attribute", "tied", "threshold", "tied_threshold", "label", "leaf_at_split",
         "split_at_leaf", "missing_branch", "extra_branch", "score", "ambiguous_attribute")


@dataclass(frozen=True)
class Difference:
    """The first node where the student's tree leaves the trace's.

    kind: attribute | tied (the student's attribute ties with the trace's) | threshold |
    tied_threshold (the student's cut ties with the trace's by the score it cuts by) |
    label | leaf_at_split | split_at_leaf | missing_branch | extra_branch | score |
    ambiguous_attribute (the student's attribute, its spaces ignored or, `by` "spelling", in
    another case or width, spells two or more of the data's columns: `columns` names them,
    and `given` is the name as written).
    The student's attribute is named as the data spells the column it reads as (read_name:
    windy for Windy, 色 泽 for 色泽), and so it is in an extra branch's text.
    """

    kind: str
    node_id: int
    path: tuple[str, ...]  # the branch conditions from the root, as text
    expected: str | None = None  # the trace's attribute, threshold or label
    given: str | None = None  # the student's
    branch: str | None = None  # the missing or extra branch
    branch_weight: float | None = None  # a missing branch's training weight (0: empty)
    stop: str | None = None  # the trace leaf's stop code
    expected_row: dict | None = None  # the trace's score row for its attribute here
    given_row: dict | None = None  # the trace's score row for the student's attribute here
    # (kind "score": the trace's and the student's rows for score_attribute)
    score_field: str | None = None  # kind "score": which number
    score_attribute: str | None = None
    given_value: float | None = None
    exact_value: float | None = None
    columns: tuple[str, ...] = ()  # kind "ambiguous_attribute": the columns it could mean
    by: str = ""  # … and how it spells them (Reading.by: "spelling" | "spaces")
    folds: tuple[str, ...] = ()  # … and the folds that match needed (Reading.folds)


@dataclass(frozen=True)
class TreeCheck:
    form: str
    agreed: int  # trace nodes that matched before the first difference (all, if none)
    total: int  # nodes of the trace's tree (pruned-away nodes not counted)
    difference: Difference | None
    pasted_nodes: int = 0  # nodes read from the student's tree
    tolerance: float = TOLERANCE
    # The student's attributes compared, written otherwise than the data spells their column:
    # {written, attribute (the column), by ("spelling": another case or width | "spaces"),
    # folds (Reading.folds: which of spaces, case, width the match needed)}, once each, in
    # the order the walk met them.
    read_as: tuple[dict, ...] = ()

    @property
    def matches(self) -> bool:
        return self.difference is None


def check_tree(text: str, trace: dict, allow_missing_empty: bool = False,
               tolerance: float = TOLERANCE) -> TreeCheck:
    """Read the pasted text and compare it with the trace (see compare)."""
    pasted = read_tree(text)
    return compare(pasted, trace, allow_missing_empty, tolerance)


def compare(pasted: ReadTree, trace: dict, allow_missing_empty: bool = False,
            tolerance: float = TOLERANCE) -> TreeCheck:
    """Walk both trees depth-first in the trace's branch order; stop at the first difference.

    allow_missing_empty: a trace branch with no training rows (Fig. 4.2 line 12's leaf) may
    be absent from the student's tree, as course code that branches on the values it sees
    leaves it out.
    """
    nodes, children = trace["nodes"], children_of(trace)
    root = next(n for n in nodes if n["parent"] is None)
    total = sum(1 for n in nodes if not n.get("pruned_away"))
    agreed, stack = 0, [(root["id"], pasted.root, ())]
    threshold_by = algorithms.get(trace["algorithm"]).threshold_by
    columns, read_as = columns_of(trace), {}
    while stack:
        node_id, student, path = stack.pop()
        node = nodes[node_id]
        reading = _read_attribute(student, columns, read_as)
        difference = _node_difference(node, student, reading, path, tolerance, threshold_by)
        pairs = []
        if difference is None and node["decision"]["kind"] == "split":
            difference, pairs = _match_branches(node, student, path, nodes,
                                                children[node_id], allow_missing_empty)
        if difference is not None:
            return TreeCheck(pasted.form, agreed, total, difference, pasted.nodes, tolerance,
                             tuple(read_as.values()))
        agreed += 1
        stack.extend(reversed(pairs))
    return TreeCheck(pasted.form, agreed, total, None, pasted.nodes, tolerance,
                     tuple(read_as.values()))


def _read_attribute(student: Pasted, columns: Columns, read_as: dict) -> Reading | None:
    """The student's attribute read among the data's columns (None: a leaf); a name written
    otherwise than its column is noted in read_as, once."""
    if student.is_leaf:
        return None
    reading = read_name(student.attribute, columns)
    if reading.column not in (None, student.attribute) and reading.folds:
        read_as.setdefault(student.attribute, {"written": student.attribute,
                                               "attribute": reading.column, "by": reading.by,
                                               "folds": reading.folds})
    return reading


def columns_of(trace: dict) -> Columns:
    """The data's columns, as the student's attributes are read among them (read_name).

    Not numbered, as the numbers check numbers them (Li Hang's A1, A2, …): a tree is a
    program's printout or a figure copied, and both name their columns. A program given the
    data's names prints them (scikit-learn's export_text with feature_names, Weka's J48 from
    the ARFF header); one given none numbers the columns from 0 (export_text's feature_0,
    plot_tree's x[0]), so A1 read 1-based as Li Hang counts would be the column after the
    one a program's 0-based A1 means, and the tree would be judged against a column the
    student did not mean. The books' trees name the columns too (Li Hang's Example 5.3
    splits on 有自己的房子). A numbered name (A1, feature_0) is no column of the data, and the
    student is told so (tc.unknown_attribute)."""
    return Columns(tuple(str(a["name"]) for a in trace.get("attributes") or ()), numbered=0)


def _node_difference(node: dict, student: Pasted, reading: Reading | None, path: tuple,
                     tolerance: float, threshold_by: str):
    """The node's difference, the student's attribute judged as the column it reads as."""
    decision = node["decision"]
    here = {"node_id": node["id"], "path": path}
    leaf = decision["kind"] != "split"
    expected = str(decision["label"] if leaf else decision["attribute"])
    if reading is not None and reading.columns:  # asked which, whatever the trace does here
        return Difference("ambiguous_attribute", expected=expected, given=student.attribute,
                          columns=reading.columns, by=reading.by, folds=reading.folds,
                          **here)
    given = None if reading is None else reading.column or student.attribute
    if leaf:
        if not student.is_leaf:
            return Difference("split_at_leaf", expected=expected, given=given,
                              stop=decision.get("stop"), given_row=_row(node, given), **here)
        if not same_value(student.label, decision["label"]):
            return Difference("label", expected=expected, given=student.label,
                              stop=decision.get("stop"), **here)
        return None
    if student.is_leaf:
        return Difference("leaf_at_split", expected=expected, given=student.label,
                          expected_row=_row(node, expected), **here)
    if given != expected:
        kind = "tied" if given in (decision.get("ties") or ()) else "attribute"
        return Difference(kind, expected=expected, given=given,
                          expected_row=_row(node, expected),
                          given_row=_row(node, given), **here)
    return _threshold_difference(node, student, here, threshold_by) or \
        _score_difference(node, student, tolerance, here)


def _threshold_difference(node: dict, student: Pasted, here: dict, threshold_by: str):
    """The student's cut of the trace's attribute against the trace's: the same (between
    its neighbouring candidates), one its score ties with (tied_threshold: the rule took
    the smallest of tied cuts; by Gain, or CART's Gini_index), or another."""
    threshold = node["decision"].get("threshold")
    given = [b for b in student.branches if isinstance(b.condition.value, float)]
    digits = node["decision"].get("threshold_digits")
    if threshold is None or not given:
        return None
    attribute = node["decision"]["attribute"]
    low, high = cut_bounds(node, {"op": "<=", "value": threshold, "attribute": attribute})
    if any(cut_as_written(b, threshold, digits) and low < b.condition.value < high
           for b in given):
        return None
    row = _row(node, attribute)
    tied = [cut_bounds(node, {"op": "<=", "value": t, "attribute": attribute})
            for t in (other_tied_thresholds(row, threshold_by) if row else ())]
    kind = "tied_threshold" if any(low_t < b.condition.value < high_t for low_t, high_t in tied
                                   for b in given) else "threshold"
    # the number alone, as written: the sentence names the attribute once
    return Difference(kind, expected=record_threshold_text(node["decision"]),
                      given=given[0].written or threshold_text(given[0].condition.value),
                      expected_row=row, given_row=row, **here)


def _score_difference(node: dict, student: Pasted, tolerance: float, here: dict):
    """A pasted trace's numbers against ours, row by row in the trace's column order."""
    given = {row.get("attribute"): row for row in student.scores if isinstance(row, dict)}
    for row in node.get("scores") or ():
        mine = given.get(row["attribute"])
        for name in SCORE_FIELDS if mine else ():
            value, exact = mine.get(name), row.get(name)
            if _differs(value, exact, tolerance):  # both rows: this attribute's, ours, theirs
                attribute = node["decision"]["attribute"]
                return Difference("score", expected=str(attribute), given=str(attribute),
                                  expected_row=dict(row), given_row=dict(mine),
                                  score_field=name, score_attribute=row["attribute"],
                                  given_value=_number(value), exact_value=exact, **here)
    return None


def _differs(value, exact, tolerance: float) -> bool:
    if exact is None or value is None:
        return (exact is None) != (value is None)
    number = _number(value)
    return number is None or not abs(number - float(exact)) <= tolerance


def _number(value) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _match_branches(node, student: Pasted, path: tuple, nodes, child_ids, allow_missing_empty):
    """(difference or None, [(child id, student's subtree, path)] in branch order)."""
    unused, pairs = list(student.branches), []
    for child_id in child_ids:
        child = nodes[child_id]
        condition = child["branch"]
        text = branch_text(condition)
        bounds, present = cut_bounds(node, condition), present_values(node, condition)
        found = next((b for b in unused if branch_matches(b, condition, bounds, present)), None)
        if found is None:
            if allow_missing_empty and not child["weight"]:
                continue
            return Difference("missing_branch", node_id=node["id"], path=path, branch=text,
                              branch_weight=float(child["weight"]),
                              expected=str(node["decision"]["attribute"])), []
        unused.remove(found)
        pairs.append((child_id, found.child, (*path, text)))
    if unused:
        expected = str(node["decision"]["attribute"])
        return Difference("extra_branch", node_id=node["id"], path=path,
                          branch=_named_as_column(unused[0].text, student.attribute, expected),
                          expected=expected), []
    return None, pairs


def _named_as_column(text: str, written: str, column: str) -> str:
    """A branch's text as the student wrote it, its attribute named as the data spells the
    column it was read as (色 泽=青绿 for 色泽): a value alone (青绿) names none."""
    return column + text[len(written):] if _test_after(text, written) is not None else text


def cut_bounds(node: dict, condition: dict) -> tuple[float, float]:
    """The node's candidate cuts next below and above the condition's threshold (its score
    row's curve: the midpoints between its values), open bounds where none is known. A cut
    written at or beyond one of them is on the far side of a training value, so another cut
    (0.1 for 0.126, whose lower neighbour 0.101 is the midpoint below the row at 0.103)."""
    t = condition.get("value")
    if condition.get("op") not in ("<=", ">") or condition.get("weights") or \
            not isinstance(t, int | float):
        return -math.inf, math.inf
    curve = (_row(node, condition["attribute"]) or {}).get("curve") or {}
    cuts = curve.get("threshold") or ()
    return (max((c for c in cuts if c < t), default=-math.inf),
            min((c for c in cuts if c > t), default=math.inf))


def present_values(node: dict, condition: dict) -> set[str] | None:
    """The values of a two-way split's attribute that rows at the node hold (its score row's
    value_counts), which alone tell the sides apart there: a value no row holds may be on
    either side (None: not known, every value counts)."""
    if condition.get("op") != "in":
        return None
    counts = (_row(node, condition["attribute"]) or {}).get("value_counts")
    return set(map(str, counts)) if counts else None


def branch_matches(branch: Branch, condition: dict,
                   bounds: tuple[float, float] = (-math.inf, math.inf),
                   present: set[str] | None = None) -> bool:
    """Does the student's branch stand for the trace's condition? The same test on the same
    value: a threshold as written (rounded, and strictly between the node's neighbouring
    candidate cuts: bounds), a side of values as a set (of the values rows at the node hold,
    where `present` says which); a complement is the side that shares no value with the
    student's."""
    expected, given = Condition.from_dict(condition), branch.condition
    if branch.complement:
        return isinstance(expected.value, tuple) and not _held(expected.value, present) & \
            _held(given.value, present)
    if given.op == "=" and expected.op == "in":  # Li Hang's A = a for CART's side {a}
        return _held(expected.value, present) == _held((given.value,), present)
    if given.op != expected.op:
        return False
    if isinstance(expected.value, tuple):
        return isinstance(given.value, tuple) and \
            _held(given.value, present) == _held(expected.value, present)
    if isinstance(given.value, float):
        return cut_as_written(branch, expected.value, expected.threshold_digits) and \
            bounds[0] < given.value < bounds[1]
    return same_value(given.value, expected.value)


def _held(values, present: set[str] | None) -> set[str]:
    """The values as text, of those rows at the node hold where that is known."""
    texts = {str(v) for v in values} if isinstance(values, tuple | list | set | frozenset) \
        else {str(values)}
    return texts if present is None else texts & present


def cut_as_written(branch: Branch, exact: float, digits: int | None = None) -> bool:
    """The student's cut point is ours as written: 0.382 or 0.3815 for 0.3815 (within half a
    unit of the last decimal the student wrote). Where six digits would land on the wrong
    side of a training value (the record's threshold_digits), the student writes at least
    the decimals that keep it between them: 1.23457 for 1.2345672 sends both its neighbours
    1.2345671 and 1.2345673 to one side, so it is another cut."""
    value = branch.condition.value
    if not isinstance(value, float):
        return False
    written = branch.written or repr(value)
    if too_few_decimals(written, exact, digits):
        return False
    decimals = written_decimals(written)
    return abs(value - float(exact)) <= 0.5 * 10.0 ** -decimals + 1e-12 * (1 + abs(exact))


def same_value(given, expected) -> bool:
    """Labels and values as text, or as numbers when both are (1 and 1.0 are the same)."""
    if str(given).strip() == str(expected).strip():
        return True
    a, b = _number(given), _number(expected)
    return a is not None and b is not None and a == b


def _row(node: dict, attribute: str | None) -> dict | None:
    """The node's score row for an attribute (None: not a candidate there)."""
    if attribute is None:
        return None
    return next((dict(r) for r in node.get("scores") or () if r["attribute"] == attribute), None)


def known_attribute(trace: dict, attribute: str | None) -> bool:
    """Is it a column of the data the trace grew from, read as the checker reads the
    student's attributes (read_name; else a typo or another dataset)?"""
    return attribute is not None and read_name(attribute, columns_of(trace)).column is not None
