"""The Compare page's own choices in a link (dtree_core.links.encode_compare/decode_compare):
they survive a URL, only what differs from the page's defaults travels, and a bad value is a
problem with the default kept, never an exception."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import parse_qs, urlencode

import pytest

from dtree_core.links import (
    COMPARE_FIELDS,
    COMPARE_PARAMS,
    COMPARE_SLOTS,
    Comparison,
    Link,
    config_param,
    decode,
    decode_compare,
    encode_compare,
)

# The page's defaults as the app gives them (ui.state.compare_defaults): the first algorithms
# in turn, no limits, the sidebar's pruning; the root; 30% held out, seed 0.
ALGORITHMS = ("id3", "c45", "cart", "cls")
# The trees at their end (step 0 when stepped together); Han's copies with 20% noise and blanks.
DEFAULT = Comparison(count=3, node="root", test_size=0.3, split_seed=0, view="end", step=0,
                     noise=0.2, blank=0.2, configs=tuple(
    {"algorithm": ALGORITHMS[i], "max_depth": None, "min_samples_split": 2, "min_gain": 0.0,
     "seed": 0, "prune": "none"} for i in range(COMPARE_SLOTS)))


def through_url(params: dict) -> dict[str, list[str]]:
    return parse_qs(urlencode(params, doseq=True), keep_blank_values=True)


def with_config(comparison: Comparison, slot: int, **changes) -> Comparison:
    configs = list(comparison.configs)
    configs[slot] = {**configs[slot], **changes}
    return replace(comparison, configs=tuple(configs))


def opened(link: Comparison, default: Comparison = DEFAULT) -> Comparison:
    """What a page with these defaults shows once the link's choices are set."""
    configs = tuple({**usual, **asked} for usual, asked in zip(default.configs, link.configs,
                                                               strict=True))
    return Comparison(
        count=default.count if link.count is None else link.count, configs=configs,
        node=link.node or default.node,
        test_size=default.test_size if link.test_size is None else link.test_size,
        split_seed=default.split_seed if link.split_seed is None else link.split_seed,
        **{name: getattr(default if getattr(link, name) is None else link, name)
           for name in ("view", "step", "noise", "blank")})


# One value other than the default for every field of a configuration.
CHANGED = {"algorithm": "cart", "max_depth": 3, "min_samples_split": 5, "min_gain": 0.0125,
           "seed": 42, "prune": "pep"}


def test_every_configuration_field_has_a_changed_value():
    assert set(CHANGED) == set(COMPARE_FIELDS)
    assert all(CHANGED[name] != DEFAULT.configs[1][name] for name in CHANGED)


def test_the_defaults_travel_as_nothing():
    assert encode_compare(DEFAULT, DEFAULT) == {}
    link, problems = decode_compare({})
    assert problems == [] and opened(link) == DEFAULT


@pytest.mark.parametrize("name", COMPARE_FIELDS)
def test_each_configuration_field_alone_round_trips(name):
    shown = with_config(DEFAULT, 1, **{name: CHANGED[name]})
    params = encode_compare(shown, DEFAULT)
    assert params == {f"cmp2_{name}": str(CHANGED[name])}
    link, problems = decode_compare(through_url(params))
    assert problems == [] and opened(link) == shown


def test_a_whole_comparison_round_trips_through_a_url():
    shown = replace(with_config(with_config(DEFAULT, 0, algorithm="cart", max_depth=2), 3,
                                algorithm="c45", prune="rep", min_gain=0.1 + 0.2),
                    count=4, node="纹理=清晰/根蒂=稍蜷", test_size=0.35, split_seed=7)
    params = encode_compare(shown, DEFAULT)
    assert set(params) == {"cmp_n", "cmp1_algorithm", "cmp1_max_depth", "cmp4_algorithm",
                           "cmp4_prune", "cmp4_min_gain", "cmp_node", "cmp_test_size",
                           "cmp_split_seed"}
    link, problems = decode_compare(through_url(params))
    assert problems == [] and opened(link) == shown  # min_gain 0.30000000000000004 exactly
    # and inside a whole link, beside the grow page's own parameters
    whole = decode(through_url({"data": "watermelon_2.0", "algorithm": "c45", **params}))
    assert whole.problems == () and whole.options == {"algorithm": "c45"}
    assert opened(whole.compare) == shown


@pytest.mark.parametrize(("changes", "params"), [
    ({"view": "together"}, {"cmp_view": "together"}),
    ({"view": "together", "step": 4}, {"cmp_view": "together", "cmp_step": "4"}),
    ({"noise": 0.35}, {"cmp_noise": "0.35"}),
    ({"blank": 0.0}, {"cmp_blank": "0.0"}),
    ({"noise": 0.5, "blank": 0.05}, {"cmp_noise": "0.5", "cmp_blank": "0.05"}),
])
def test_the_view_its_step_and_han_s_shares_round_trip(changes, params):
    shown = replace(DEFAULT, **changes)
    assert encode_compare(shown, DEFAULT) == params
    link, problems = decode_compare(through_url(params))
    assert problems == [] and opened(link) == shown


def test_the_step_travels_only_with_the_view_that_shows_it():
    """The trees at their end show no step: a step the slider kept from before is left out."""
    assert encode_compare(replace(DEFAULT, step=4), DEFAULT) == {}
    assert encode_compare(replace(DEFAULT, view="together", step=0), DEFAULT) == {
        "cmp_view": "together"}


@pytest.mark.parametrize("params", [{"cmp_step": "3"}, {"cmp_view": "end", "cmp_step": "3"},
                                    {"cmp_view": "sideways", "cmp_step": "3"}])
def test_a_step_without_its_view_is_a_problem(params):
    link, problems = decode_compare(through_url(params))
    assert ("cmp_step_view", "cmp_step", "3") in [(p.code, p.param, p.value) for p in problems]
    assert link.step is None and opened(link).view == "end"


def test_configurations_past_the_count_are_left_out():
    shown = replace(with_config(with_config(DEFAULT, 1, max_depth=2), 2, max_depth=4), count=2)
    assert encode_compare(shown, DEFAULT) == {"cmp_n": "2", "cmp2_max_depth": "2"}


def test_a_default_that_depends_on_the_sidebar_is_compared_with_it():
    """The configurations' pruning starts at the sidebar's: the same method is left out, and
    a configuration kept unpruned beside a pruned sidebar says so."""
    pruned = Comparison(**{**DEFAULT.__dict__, "configs": tuple(
        {**c, "prune": "rep"} for c in DEFAULT.configs)})
    assert encode_compare(pruned, pruned) == {}
    shown = with_config(pruned, 0, prune="none")
    assert encode_compare(shown, pruned) == {"cmp1_prune": "none"}


def test_single_strings_read_like_lists():
    link, problems = decode_compare({"cmp_n": "2", "cmp1_max_depth": "3"})
    assert problems == [] and link.count == 2 and link.configs[0] == {"max_depth": 3}


def test_a_configuration_without_a_depth_limit_reads_none():
    link, problems = decode_compare({"cmp1_max_depth": "none"})
    assert problems == [] and link.configs[0] == {"max_depth": None}


@pytest.mark.parametrize(("params", "code"), [
    ({"cmp_n": "three"}, "not_whole"),
    ({"cmp_n": "2.5"}, "not_whole"),
    ({"cmp1_algorithm": "c5"}, "refused"),
    ({"cmp2_max_depth": "2.5"}, "not_whole"),
    ({"cmp2_max_depth": "-1"}, "refused"),
    ({"cmp3_min_samples_split": "0"}, "refused"),
    ({"cmp3_min_gain": "nan"}, "not_a_number"),
    ({"cmp4_min_gain": "-0.5"}, "refused"),
    ({"cmp1_seed": "1e3"}, "not_whole"),
    ({"cmp1_seed": "9" * 30}, "refused"),  # past 64 bits: Options' own range
    ({"cmp2_prune": "all"}, "refused"),
    ({"cmp_test_size": "most"}, "not_a_number"),
    ({"cmp_test_size": "inf"}, "not_a_number"),
    ({"cmp_split_seed": "x"}, "not_whole"),
    ({"cmp_view": "sideways"}, "unknown_value"),
    ({"cmp_view": "Together"}, "unknown_value"),
    ({"cmp_noise": "lots"}, "not_a_number"),
    ({"cmp_noise": "nan"}, "not_a_number"),
    ({"cmp_blank": "-inf"}, "not_a_number"),
])
def test_a_bad_value_is_a_problem_and_the_default_stays(params, code):
    link, problems = decode_compare(through_url(params))
    [param] = params
    assert [(p.code, p.param, p.value) for p in problems] == [(code, param, params[param])]
    assert opened(link) == DEFAULT
    assert [(p.code, p.param) for p in decode(through_url(params)).problems] == [(code, param)]


@pytest.mark.parametrize("step", ["-1", "2.5", "two", "1e3"])
def test_a_step_that_is_not_a_whole_number_from_0_is_a_problem(step):
    """As the grow page's step: a bad step is not_whole; one past the longest replay is the
    app's to clamp (it knows the trees)."""
    params = {"cmp_view": "together", "cmp_step": step}
    link, problems = decode_compare(through_url(params))
    assert [(p.code, p.param, p.value) for p in problems] == [("not_whole", "cmp_step", step)]
    assert opened(link) == replace(DEFAULT, view="together")
    assert decode_compare({"cmp_view": "together", "cmp_step": "999"})[0].step == 999


def test_one_bad_value_does_not_hide_the_good_ones():
    link, problems = decode_compare(through_url(
        {"cmp_n": "2", "cmp1_algorithm": "c5", "cmp1_max_depth": "2", "cmp2_prune": "x"}))
    assert link.count == 2 and link.configs[:2] == ({"max_depth": 2}, {})
    assert {p.param for p in problems} == {"cmp1_algorithm", "cmp2_prune"}


def test_the_parameters_are_named_by_slot_from_one():
    assert config_param(0, "algorithm") == "cmp1_algorithm"
    assert len(COMPARE_PARAMS) == len(set(COMPARE_PARAMS)) == 8 + COMPARE_SLOTS * 6
    assert "cmp5_algorithm" not in COMPARE_PARAMS  # someone else's: not read
    assert decode_compare({"cmp5_algorithm": "c5"}) == (Comparison(), [])


def test_garbage_never_raises():
    for junk in ["", " ", "\x00", "%%", "=" * 50, "9" * 400, "1e999", "-", "[]", "None"]:
        link = decode({name: [junk] for name in COMPARE_PARAMS})
        assert isinstance(link, Link)
