"""Node paths as text, for --force and for matching a node the user names (TRACE.md)."""

from __future__ import annotations

import re
from itertools import pairwise

from .data import CodedError
from .labels import joined_paths, node_path
from .split import PATH_MEMBER, Condition

_THRESHOLD = re.compile(r"^(.*?)(<=|>)\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)$")


def escape_part(text: str) -> str:
    return str(text).replace("\\", "\\\\").replace("/", "\\/").replace("=", "\\=")


def unescape_part(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def unescaped_at(text: str, char: str) -> list[int]:
    """Where char stands unescaped in text: after an even number of backslashes ('A\\\\=x' has
    an escaped backslash, then a separator; 'A\\=x' an escaped '=')."""
    found, i = [], 0
    while i < len(text):
        if text[i] == "\\":
            i += 2  # the backslash and the character it escapes
            continue
        if text[i] == char:
            found.append(i)
        i += 1
    return found


def _split_unescaped(text: str, char: str) -> list[str]:
    bounds = [-1, *unescaped_at(text, char), len(text)]
    return [text[a + 1:b] for a, b in pairwise(bounds)]


def path_number(t: float) -> str:
    """A threshold in a path key: 6 significant digits (TRACE.md's matching rule), the
    same for a written number as for the threshold, so a summary's 1000001.7, 1e+06 and
    the key itself all match (whole numbers written whole did not: 1000000 ≠ 1e+06)."""
    return f"{float(t) + 0.0:.6g}"  # + 0.0: -0.0 is 0


_SUBSET = re.compile(r"^(.*?)(?: in |\s*∈\s*)\{(.*)\}$")


def condition_key(c: Condition) -> str:
    """A branch condition as --force paths and node keys write it."""
    return _listed_in_order(c.text(part=escape_part, number=path_number, member=PATH_MEMBER))


def _listed_in_order(part: str) -> str:
    """A written subset's values sorted, as condition_key lists them: '纹理 in {稍糊,模糊}',
    '纹理 in {模糊,稍糊}' and '纹理 ∈ {模糊,稍糊}' (as every other text shows it) name one branch,
    whatever order the user lists them in (the tree lists them as the data first shows them).
    The key's text is sorted as the user's is, piece by piece between commas, so both read
    alike even where a value holds a comma."""
    match = _SUBSET.match(part) if part.endswith("}") else None  # most parts: no regex
    if not match:
        return part
    name, values = match.groups()
    return f"{name}{PATH_MEMBER}{{{','.join(sorted(_split_unescaped(values, ',')))}}}"


def path_key(conditions) -> str:
    return "/".join(condition_key(c) for c in conditions) or "root"


def node_key(trace: dict, node_id: int) -> str:
    """A trace dict node's path as --force writes it: 'root', '纹理=清晰/根蒂=稍蜷',
    '密度<=0.3815'."""
    return path_key(Condition.from_dict(c) for c in node_path(trace, trace["nodes"][node_id]))


def path_keys(trace: dict, condition=Condition.from_dict) -> list[str]:
    """Every node's node_key, by id, each built on its parent's (joined_paths); `condition`
    reads each branch's condition (compare.compared_keys reads it by its rows)."""
    keys = joined_paths(trace, lambda c: condition_key(condition(c)), "/")
    return [key or "root" for key in keys]


def nodes_by_key(trace: dict, keys: list[str] | None = None) -> dict[str, dict]:
    """Node by node_key, the nodes a pruning cut off left out; keys: the trace's path_keys."""
    keys = path_keys(trace) if keys is None else keys
    return {k: n for k, n in zip(keys, trace["nodes"], strict=True) if not n.get("pruned_away")}


def _normalise_part(part: str) -> str:
    part = part.strip()
    match = _THRESHOLD.match(part)
    # 'A=>0.10' is A's value '>0.10' (the unescaped '=' says so), not a cut on 'A='
    if match and not part.endswith("\\") and not _ends_unescaped_equal(match.group(1)):
        name, op, t = match.groups()
        return f"{name.strip()}{op}{path_number(float(t))}"
    return _listed_in_order(part)


def _ends_unescaped_equal(text: str) -> bool:
    stripped = text.rstrip()
    cuts = unescaped_at(stripped, "=")
    return bool(cuts) and cuts[-1] == len(stripped) - 1


def parse_force(text: str) -> tuple[str, str]:
    """'PATH=ATTRIBUTE' -> (canonical path, attribute); the last unescaped '=' separates them."""
    cuts = unescaped_at(text, "=")
    if not cuts or cuts[-1] == len(text) - 1:
        raise CodedError(f"--force needs PATH=ATTRIBUTE, got '{text}'.", "force.syntax",
                         text=text)
    path, attribute = text[:cuts[-1]], unescape_part(text[cuts[-1] + 1:].strip())
    return canonical_path(path), attribute


_FORCED_THRESHOLD = re.compile(r"^(.*?)@\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)$")


def force_text(attribute: str, threshold: float | None = None) -> str:
    """What a force sets at a node: 'ATTRIBUTE', or 'ATTRIBUTE@T' to cut a continuous
    attribute at T (one of its candidate midpoints; repr keeps the number exact)."""
    return attribute if threshold is None else f"{attribute}@{float(threshold)!r}"


def forced_split(text: str, names) -> tuple[str, float | None]:
    """force_text read back: (attribute, threshold or None). A text that names an attribute
    as it stands wins, so an attribute may have '@' in its name."""
    match = _FORCED_THRESHOLD.match(text)
    if text in names or not match:
        return text, None
    return match.group(1).strip(), float(match.group(2))


def same_threshold(a: float, b: float) -> bool:
    """Thresholds match when equal, or written alike to 6 significant digits (as in paths)."""
    return a == b or path_number(a) == path_number(b)


def path_parts(path: str) -> list[str]:
    """A path's conditions as written (still escaped), split at each unescaped '/'."""
    return [p for p in _split_unescaped(path.strip(), "/") if p.strip()]


def canonical_path(path: str) -> str:
    """A user-written path in the form path_key gives (thresholds to 6 significant digits)."""
    canonical = "/".join(_normalise_part(p) for p in path_parts(path))
    return canonical if canonical and canonical != "root" else "root"
