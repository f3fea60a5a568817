"""A link that opens exactly this step: the app's state as URL query parameters, and back.

Every Options field travels under its own name, only where it differs from a base (the
sidebar's settings), so a link stays short and a new field travels without a new table row:
its annotation says how to write and read it. Besides the options a link names the bundled
dataset (or the uploaded file to upload again), the target, the attributes, the replay step
and order, the language and the mode; on the Compare page also that page's own choices
(Comparison: how many configurations, each one's fields, the node, the split, how the trees
are drawn and at which step, Han's noise and blank shares).

Reading never raises: a value that cannot be read, or that Options refuses, is a Problem
(a stable code and its details, worded by the UI) and the base's value stays.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from .data import DataError
from .notation import NOTATIONS_ORDER
from .options import Options, normalise_force
from .paths import escape_part

# Link parameters that are not Options fields.
DATASET, UPLOAD, TARGET, ATTRIBUTES = "data", "upload", "target", "attrs"
STEP, ORDER, LANG, MODE = "step", "order", "lang", "mode"
NOTATION = "notation"  # zhou (the default) or lihang: dtree_core.notation
ORDERS = ("dfs", "bfs")
MODES = ("lecture",)
NONE = "none"  # an optional number switched off (max_depth, min_branch_weight)
TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")
_WHOLE = re.compile(r"^[-+]?\d+$")

# The Compare page's own choices. Each configuration's fields travel as cmpN_FIELD, N from 1
# as the page numbers them (cmp2_max_depth=3); the page's defaults depend on the app (the
# algorithms registered, the sidebar's pruning), so encode_compare is given them.
COMPARE_COUNT, COMPARE_NODE = "cmp_n", "cmp_node"
COMPARE_TEST_SIZE, COMPARE_SPLIT_SEED = "cmp_test_size", "cmp_split_seed"
COMPARE_VIEW, COMPARE_STEP = "cmp_view", "cmp_step"  # the trees at their end, or all at a step
COMPARE_VIEWS = ("end", "together")  # the step is the together view's: it travels only with it
COMPARE_NOISE, COMPARE_BLANK = "cmp_noise", "cmp_blank"  # Han's criteria: the copies' shares
COMPARE_FIELDS = ("algorithm", "max_depth", "min_samples_split", "min_gain", "seed", "prune")
COMPARE_SLOTS = 4  # the page's most configurations


def config_param(slot: int, name: str) -> str:
    """The parameter of configuration `slot`'s (from 0) field `name`: cmp1_algorithm, …"""
    return f"cmp{slot + 1}_{name}"


COMPARE_PARAMS = (COMPARE_COUNT, *(config_param(i, name) for i in range(COMPARE_SLOTS)
                                   for name in COMPARE_FIELDS),
                  COMPARE_NODE, COMPARE_TEST_SIZE, COMPARE_SPLIT_SEED, COMPARE_VIEW,
                  COMPARE_STEP, COMPARE_NOISE, COMPARE_BLANK)


@dataclass(frozen=True)
class Problem:
    """A link parameter that was not used: `code` names why (the UI words it)."""
    # not_a_number, not_whole, not_true_false, unreadable, refused, unknown_value,
    # cmp_step_view
    code: str
    param: str
    value: str
    reason: str = ""  # the core's sentence when Options refused the value
    # that refusal itself, so a UI can say it in its language (its code and details)
    error: Exception | None = field(default=None, compare=False)
    allowed: tuple[str, ...] = ()  # the values the parameter takes (unknown_value)


def _no_configs() -> tuple[dict, ...]:
    return tuple({} for _ in range(COMPARE_SLOTS))


@dataclass(frozen=True)
class Comparison:
    """The Compare page's choices; None (or an empty dict) where a link says nothing.
    configs: one dict per slot (COMPARE_SLOTS of them), COMPARE_FIELDS -> value."""
    count: int | None = None
    configs: tuple[dict, ...] = field(default_factory=_no_configs)
    node: str | None = None  # a node's compared key (dtree_core.compare), "root" first
    test_size: float | None = None  # the summary's held-out share
    split_seed: int | None = None  # and its seed
    view: str | None = None  # one of COMPARE_VIEWS
    step: int | None = None  # the together view's step
    noise: float | None = None  # Han's criteria: the share of labels made noisy
    blank: float | None = None  # and of values blanked


@dataclass(frozen=True)
class Link:
    """What a link asks for; None (or an empty dict) where it says nothing."""
    options: dict = field(default_factory=dict)  # Options field -> value, each checked
    dataset: str | None = None
    upload: str | None = None
    target: str | None = None
    attributes: tuple[str, ...] | None = None
    step: int | None = None
    order: str | None = None
    lang: str | None = None
    mode: str | None = None
    notation: str | None = None
    compare: Comparison = field(default_factory=Comparison)
    problems: tuple[Problem, ...] = ()


# ------------------------------------------------------------------ one value each way


def _text_of(value, kind: str) -> str | list[str]:
    """An Options value as the link writes it (a list: the parameter repeats)."""
    if kind == "force":
        return [f"{path}={escape_part(attribute)}" for path, attribute in value]
    if kind == "tuple[str, ...]":
        return [str(v) for v in value]
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)  # repr: exact floats


def _whole(text: str) -> int:
    if not _WHOLE.match(text.strip()):
        raise ValueError(text)
    return int(text)


def _number(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(text)
    return number


def _boolean(text: str) -> bool:
    word = text.strip().lower()
    if word not in TRUE + FALSE:
        raise ValueError(text)
    return word in TRUE


_READERS = {"str": str, "int": _whole, "float": _number, "bool": _boolean,
            "int | None": _whole, "float | None": _number}


def _value_of(texts: list[str], kind: str):
    """The link's texts for one field back into its value (ValueError/DataError if bad)."""
    if kind == "force":
        return normalise_force(texts)
    if kind == "tuple[str, ...]":
        return tuple(texts)
    text = texts[-1]
    if kind.endswith("| None") and text.strip().lower() == NONE:
        return None
    return _READERS[kind](text)


def _kind(f) -> str:
    return "force" if f.name == "force" else str(f.type)


OPTION_KINDS = {f.name: _kind(f) for f in fields(Options)}


def _problem_code(kind: str) -> str:
    """Why a field's reader failed on the link's text. Never "refused": that names a refusal
    by Options and carries its sentence, which a reader's failure has none of."""
    if kind in ("int", "int | None"):  # 1.5 is a number, but not one a whole field takes
        return "not_whole"
    if kind in ("float", "float | None"):
        return "not_a_number"
    return "not_true_false" if kind == "bool" else "unreadable"


# ------------------------------------------------------------------ writing


def encode(options: Options, base: Options | None = None, **state) -> dict[str, str | list[str]]:
    """Query parameters for these options (those differing from base) and the other state
    (data, upload, target, attrs, step, order, lang, mode; None leaves one out)."""
    base = base or Options()
    params: dict[str, str | list[str]] = {}
    for name, kind in OPTION_KINDS.items():
        value = getattr(options, name)
        if value != getattr(base, name):
            params[name] = _text_of(value, kind)
    names = {"dataset": DATASET, "upload": UPLOAD, "target": TARGET, "attributes": ATTRIBUTES,
             "step": STEP, "order": ORDER, "lang": LANG, "mode": MODE, "notation": NOTATION}
    for key, value in state.items():
        if value is not None:
            params[names[key]] = [str(v) for v in value] if key == "attributes" else str(value)
    return params


def encode_compare(shown: Comparison, default: Comparison) -> dict[str, str]:
    """Query parameters for the Compare page's choices that differ from its defaults; the
    configurations past `shown.count` are not on the page and are left out."""
    params: dict[str, str] = {}
    if shown.count != default.count:
        params[COMPARE_COUNT] = str(shown.count)
    for slot in range(shown.count if shown.count is not None else default.count or 0):
        ours, theirs = shown.configs[slot], default.configs[slot]
        for name in COMPARE_FIELDS:
            if name in ours and ours[name] != theirs.get(name):
                params[config_param(slot, name)] = _text_of(ours[name], OPTION_KINDS[name])
    together = (shown.view or default.view) == "together"
    for name, value, usual in ((COMPARE_NODE, shown.node, default.node),
                               (COMPARE_TEST_SIZE, shown.test_size, default.test_size),
                               (COMPARE_SPLIT_SEED, shown.split_seed, default.split_seed),
                               (COMPARE_VIEW, shown.view, default.view),
                               (COMPARE_STEP, shown.step if together else None, default.step),
                               (COMPARE_NOISE, shown.noise, default.noise),
                               (COMPARE_BLANK, shown.blank, default.blank)):
        if value is not None and value != usual:
            params[name] = _text_of(value, "number")
    return params


# ------------------------------------------------------------------ reading


def _texts(params: Mapping, name: str) -> list[str]:
    """Every value of a parameter (a Mapping of lists, or of single strings)."""
    value = params.get(name)
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]


def _read_option(params: Mapping, name: str, base: Options,
                 param: str | None = None) -> tuple[dict, list[Problem]]:
    """Options field `name` from the link's parameter `param` (by default its own name)."""
    param = param or name
    texts = _texts(params, param)
    if not texts:
        return {}, []
    kind, shown = OPTION_KINDS[name], " ; ".join(texts)
    try:
        value = _value_of(texts, kind)
    except DataError as error:  # a force that is not PATH=ATTRIBUTE
        return {}, [Problem("refused", param, shown, str(error), error)]
    except (ValueError, OverflowError):
        return {}, [Problem(_problem_code(kind), param, shown)]
    try:
        base.but(**{name: value})
    except DataError as error:
        return {}, [Problem("refused", param, shown, str(error), error)]
    except OverflowError:  # Options' checks compare as floats: 10**400 does not fit one
        return {}, [Problem("not_a_number", param, shown)]
    return {name: value}, []


def _choice(params: Mapping, name: str, allowed: tuple[str, ...]) -> tuple[str | None, list]:
    texts = _texts(params, name)
    if not texts:
        return None, []
    if texts[-1] in allowed:
        return texts[-1], []
    return None, [Problem("unknown_value", name, texts[-1], allowed=tuple(allowed))]


def _step(params: Mapping, name: str = STEP) -> tuple[int | None, list[Problem]]:
    """A replay step (`name`: the grow page's or the Compare page's): a whole number ≥ 0;
    whether the trees have it is the app's to check."""
    step, problems = _read(params, name, _whole, "not_whole")
    if step is not None and step < 0:
        return None, [Problem("not_whole", name, _texts(params, name)[-1])]
    return step, problems


def _compare_step(params: Mapping, view: str | None) -> tuple[int | None, list[Problem]]:
    """The together view's step: a link that does not open that view has no step to show."""
    step, problems = _step(params, COMPARE_STEP)
    if step is not None and view != "together":
        return None, [Problem("cmp_step_view", COMPARE_STEP, _texts(params, COMPARE_STEP)[-1])]
    return step, problems


def _read(params: Mapping, name: str, reader, code: str) -> tuple:
    """A number of the link (reader: _whole or _number; the last one written), or a
    problem."""
    texts = _texts(params, name)
    if not texts:
        return None, []
    try:
        return reader(texts[-1]), []
    except (ValueError, OverflowError):
        return None, [Problem(code, name, texts[-1])]


def decode_compare(params: Mapping,
                   base: Options | None = None) -> tuple[Comparison, list[Problem]]:
    """The Compare page's choices a link asks for, and what it could not read. Each
    configuration's field passes Options' own checks, as the sidebar's do; the ranges of the
    page's widgets are the app's to check."""
    base = base or Options()
    problems: list[Problem] = []
    count, found = _read(params, COMPARE_COUNT, _whole, "not_whole")
    problems += found
    configs = []
    for slot in range(COMPARE_SLOTS):
        config: dict = {}
        for name in COMPARE_FIELDS:
            value, found = _read_option(params, name, base, config_param(slot, name))
            config.update(value)
            problems += found
        configs.append(config)
    test_size, found = _read(params, COMPARE_TEST_SIZE, _number, "not_a_number")
    problems += found
    seed, found = _read(params, COMPARE_SPLIT_SEED, _whole, "not_whole")
    problems += found
    view, found = _choice(params, COMPARE_VIEW, COMPARE_VIEWS)
    problems += found
    step, found = _compare_step(params, view)
    problems += found
    noise, found = _read(params, COMPARE_NOISE, _number, "not_a_number")
    problems += found
    blank, found = _read(params, COMPARE_BLANK, _number, "not_a_number")
    problems += found
    return Comparison(count=count, configs=tuple(configs), node=_last(params, COMPARE_NODE),
                      test_size=test_size, split_seed=seed, view=view, step=step,
                      noise=noise, blank=blank), problems


def decode(params: Mapping, base: Options | None = None, *,
           languages: tuple[str, ...] = ("en", "zh")) -> Link:
    """What the query parameters ask for; never raises (bad values become problems).

    The options together must also pass Options' checks; if they do not, each is kept
    only if it passes on its own, so one bad value never hides the others."""
    base = base or Options()
    options, problems = {}, []
    for name in OPTION_KINDS:
        value, found = _read_option(params, name, base)
        options.update(value)
        problems += found
    try:
        base.but(**options)
    except DataError as error:  # fields that pass alone but not together: drop them all
        problems.append(Problem("refused", "+".join(options), "", str(error)))
        options = {}
    step, found = _step(params)
    problems += found
    order, found_order = _choice(params, ORDER, ORDERS)
    lang, found_lang = _choice(params, LANG, languages)
    mode, found_mode = _choice(params, MODE, MODES)
    notation, found_notation = _choice(params, NOTATION, NOTATIONS_ORDER)
    attributes = _texts(params, ATTRIBUTES)
    compare, found_compare = decode_compare(params, base)
    return Link(options=options, dataset=_last(params, DATASET), upload=_last(params, UPLOAD),
                target=_last(params, TARGET), attributes=tuple(attributes) if attributes else None,
                step=step, order=order, lang=lang, mode=mode, notation=notation,
                compare=compare,
                problems=tuple(problems + found_order + found_lang + found_mode
                               + found_notation + found_compare))


def _last(params: Mapping, name: str) -> str | None:
    texts = _texts(params, name)
    return texts[-1] if texts else None
