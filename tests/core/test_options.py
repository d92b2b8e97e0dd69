"""Options: each is checked on its own, with a message saying what is allowed."""

import pytest

from middleearth.core.errors import BadOption
from middleearth.core.options import Option, check_options

PLAYERS = Option("players", 4, "how many play", kind="int", minimum=2, maximum=4)
VARIANT = Option("variant", "basic", "which rules", choices=("basic", "locations"))
FAST = Option("fast", False, "skip the animations", kind="bool")
DATA = Option("data", None, "a folder", kind="path")


@pytest.mark.parametrize("value,expected", [(3, 3), ("2", 2), (" 4 ", 4)])
def test_an_int_option_accepts_whole_numbers_in_range(value, expected):
    assert PLAYERS.check(value) == expected


@pytest.mark.parametrize("value,message", [
    (7, "option players=7 is out of range: use a whole number from 2 to 4"),
    (1, "option players=1 is out of range"),
    ("many", "option players='many' is not a number: use a whole number from 2 to 4"),
    (True, "option players=True is not a number"),
    (None, "option players=None is not a number"),
])
def test_a_bad_int_option_says_what_is_allowed(value, message):
    with pytest.raises(BadOption) as error:
        PLAYERS.check(value)
    assert message in str(error.value)


def test_a_choice_option_lists_its_choices():
    assert VARIANT.check("locations") == "locations"
    with pytest.raises(BadOption, match="option variant='x' is not allowed: use one of 'basic', 'locations'"):
        VARIANT.check("x")


@pytest.mark.parametrize("value,expected", [(True, True), ("yes", True), ("0", False), ("Off", False)])
def test_a_bool_option_reads_yes_and_no(value, expected):
    assert FAST.check(value) is expected


def test_a_bad_bool_option_says_true_or_false():
    with pytest.raises(BadOption, match="option fast='maybe' is not a yes/no value: use true or false"):
        FAST.check("maybe")


def test_a_path_option_may_stay_unset():
    assert DATA.check(None) is None
    assert DATA.check("/tmp/dice") == "/tmp/dice"


def test_check_options_fills_defaults_and_checks_each_given_value():
    declared = (PLAYERS, VARIANT, FAST, DATA)
    assert check_options(declared, {"players": "3"}, "demo") == {
        "players": 3, "variant": "basic", "fast": False, "data": None}


def test_an_unknown_option_is_named_with_the_known_ones():
    with pytest.raises(BadOption, match="demo has no option 'speed': its options are players, variant"):
        check_options((PLAYERS, VARIANT), {"speed": 2}, "demo")
