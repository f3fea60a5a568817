"""Links (dtree_core.links): every Options field and the app's state survive a URL, and a bad
parameter is a problem with the default kept, never an exception."""

from __future__ import annotations

from dataclasses import fields
from urllib.parse import parse_qs, urlencode

import pytest

from dtree_core import links
from dtree_core.links import ORDERS, Link, Problem, decode, encode
from dtree_core.options import Options

# One value other than the default for every field: a new field must be added here, or
# test_every_field_has_a_value fails.
NON_DEFAULT = {
    "algorithm": "c45",
    "max_depth": 3,
    "min_samples_split": 5,
    "min_gain": 0.125,
    "seed": 42,
    "tie_break": "random",
    "force": {"纹理=清晰/根蒂=稍蜷": "色泽", "root": "纹理", "密度<=0.3815": "含糖率@0.126"},
    "min_branch_weight": 2.5,
    "force_missing": "skip",
    "nominal": ["色泽", "根蒂"],
    "continuous": ["密度"],
    "curve_points": 64,
    "prune": "pep",
    "ccp_alpha": 0.015,
    "cf": 0.1,
    "prune_on_tie": True,
    "subtree_raising": True,
    "pep_margin": 0.1,
}


def through_url(params: dict) -> dict[str, list[str]]:
    """What a browser sends back: percent-encoded, repeated keys for lists."""
    return parse_qs(urlencode(params, doseq=True), keep_blank_values=True)


def test_every_field_has_a_value():
    assert set(NON_DEFAULT) == {f.name for f in fields(Options)}
    defaults = Options()
    built = Options.build(**NON_DEFAULT)
    assert all(getattr(built, name) != getattr(defaults, name) for name in NON_DEFAULT)


@pytest.mark.parametrize("name", list(NON_DEFAULT))
def test_each_field_alone_round_trips(name):
    options = Options.build(**{name: NON_DEFAULT[name]})
    params = encode(options)
    assert list(params) == [name]  # only what differs from the defaults travels
    link = decode(through_url(params))
    assert link.problems == ()
    assert Options.build(**link.options) == options


def test_all_fields_together_round_trip():
    options = Options.build(**NON_DEFAULT)
    link = decode(through_url(encode(options)))
    assert link.problems == () and Options.build(**link.options) == options


def test_only_what_differs_from_the_base_travels():
    base = Options(force_missing="skip")
    assert encode(base, base) == {}
    assert encode(base.but(max_depth=None, seed=1), base) == {"seed": "1"}
    assert decode({}, base).options == {}


def test_optional_numbers_switched_off_travel_as_none():
    base = Options(max_depth=4, min_branch_weight=2.0)
    params = encode(Options(), base)
    assert params == {"max_depth": "none", "min_branch_weight": "none"}
    assert decode(through_url(params), base).options == {"max_depth": None,
                                                          "min_branch_weight": None}


def test_floats_travel_exactly():
    options = Options(min_gain=0.1 + 0.2, ccp_alpha=1 / 3)
    assert Options.build(**decode(through_url(encode(options))).options) == options


@pytest.mark.parametrize("force", [
    {"纹理=清晰/根蒂=稍蜷": "色泽"},
    {"root": "a=b/c\\d"},  # an attribute named with the path's own separators
    {"纹理=清晰/密度<=0.381500": "含糖率"},  # thresholds written canonically (6 digits)
    {"色泽=乌黑": "密度@0.3815"},  # a forced threshold
    {"名 字=值 一": "属性 二"},  # spaces
])
def test_forces_with_chinese_paths_round_trip(force):
    options = Options.build(force=force)
    link = decode(through_url(encode(options)))
    assert link.problems == ()
    assert Options.build(**link.options).force == options.force


def test_the_app_state_round_trips():
    params = encode(Options(), dataset="watermelon_2.0", target="好瓜", attributes=["色泽", "纹理"],
                    step=7, order="bfs", lang="zh", mode="lecture")
    link = decode(through_url(params))
    assert link == Link(options={}, dataset="watermelon_2.0", target="好瓜",
                        attributes=("色泽", "纹理"), step=7, order="bfs", lang="zh",
                        mode="lecture")
    upload = decode(through_url(encode(Options(), upload="我的 数据.csv")))
    assert upload.upload == "我的 数据.csv" and upload.dataset is None


def test_single_strings_read_like_lists():
    """st.query_params.to_dict() gives the last value as a string: read the same."""
    assert decode({"max_depth": "3", "nominal": "色泽"}).options == {"max_depth": 3,
                                                                    "nominal": ("色泽",)}


@pytest.mark.parametrize(("params", "code", "param"), [
    ({"max_depth": "three"}, "not_whole", "max_depth"),
    ({"max_depth": "2.5"}, "not_whole", "max_depth"),
    ({"seed": "1e3"}, "not_whole", "seed"),
    ({"min_gain": "nan"}, "not_a_number", "min_gain"),
    ({"min_gain": "inf"}, "not_a_number", "min_gain"),
    ({"min_gain": "-0.5"}, "refused", "min_gain"),
    ({"cf": "0.9"}, "refused", "cf"),
    ({"algorithm": "c5"}, "refused", "algorithm"),
    ({"tie_break": "coin"}, "refused", "tie_break"),
    ({"prune": "all"}, "refused", "prune"),
    ({"prune_on_tie": "maybe"}, "not_true_false", "prune_on_tie"),
    ({"force": "no equals sign"}, "refused", "force"),
    ({"force": "纹理=清晰="}, "refused", "force"),
    ({"force": ["root=色泽", "root=纹理"]}, "refused", "force"),  # not the last one, unseen
    ({"force": ["密度<=0.3815=色泽", "密度<=0.381500=根蒂"]}, "refused", "force"),  # one path
    ({"step": "-1"}, "not_whole", "step"),
    ({"step": "two"}, "not_whole", "step"),
    ({"order": "random"}, "unknown_value", "order"),
    ({"mode": "party"}, "unknown_value", "mode"),
    ({"lang": "fr"}, "unknown_value", "lang"),
])
def test_a_bad_parameter_is_a_problem_and_the_default_stays(params, code, param):
    link = decode(through_url(params))
    assert [(p.code, p.param) for p in link.problems] == [(code, param)]
    assert link.options == {} and link.step is None and link.mode is None
    assert link.order is None and link.lang is None


def test_a_value_not_among_the_choices_carries_the_choices_not_a_reason():
    """The UI words `reason` as a sentence (link.problem.refused); the choices are `allowed`."""
    [problem] = decode(through_url({"order": "random"})).problems
    assert problem == Problem("unknown_value", "order", "random", allowed=ORDERS)
    assert problem.reason == ""


@pytest.mark.parametrize("name", sorted(links.OPTION_KINDS))
def test_a_reader_that_fails_says_why_without_a_refusal_sentence(monkeypatch, name):
    """A field's text its reader cannot read was "refused" with no reason for a text field
    (algorithm, prune, …): the UI wrote "was not used: " and nothing after. Every failed
    reading has a code of its own; "refused" is left to Options' refusals, with their
    sentence."""
    def unreadable(texts, kind):
        raise ValueError(texts)

    monkeypatch.setattr(links, "_value_of", unreadable)
    [problem] = decode(through_url({name: "x"})).problems
    assert problem.code != "refused" and problem.reason == ""
    if links.OPTION_KINDS[name] in ("str", "force", "tuple[str, ...]"):
        assert problem.code == "unreadable"


def test_one_bad_value_does_not_hide_the_good_ones():
    link = decode(through_url({"algorithm": "c45", "max_depth": "x", "cf": "2", "seed": "9"}))
    assert link.options == {"algorithm": "c45", "seed": 9}
    assert {p.param for p in link.problems} == {"max_depth", "cf"}
    refused = next(p for p in link.problems if p.param == "cf")
    assert refused == Problem("refused", "cf", "2", "cf must be a number in (0, 0.5], got 2.0.")


def test_garbage_never_raises():
    for junk in ["", " ", "\x00", "%%", "=" * 50, "9" * 400, "1e999", "-", "[]", "None"]:
        link = decode({name: [junk] for name in [*NON_DEFAULT, "step", "order", "mode"]})
        assert isinstance(link, Link)


def test_orders_are_the_replays():
    assert ORDERS == ("dfs", "bfs")


def test_the_same_split_forced_twice_is_one():
    link = decode(through_url({"force": ["root=纹理", "root=纹理"]}))
    assert link.problems == () and link.options == {"force": (("root", "纹理"),)}


def test_two_splits_forced_at_one_node_are_refused_by_the_options_too():
    """The API, the command line and a link share Options' rule: neither split is dropped
    unseen in favour of the other."""
    from dtree_core.data import CodedError

    for force in (["root=色泽", "root=纹理"], [("root", "色泽"), ("", "纹理")]):
        with pytest.raises(CodedError) as refused:
            Options.build(force=force)
        assert refused.value.code == "force.twice"
        assert refused.value.details == {"path": "root", "first": "色泽", "second": "纹理"}
