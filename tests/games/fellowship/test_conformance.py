"""The conformance kit over random games of every player count and variant; `make sweep` plays more."""

import pytest

import middleearth
from middleearth.core.conformance import check_game

OPTION_SETS = [
    {"players": 2},
    {"players": 3, "sauron": "introductory"},
    {"players": 4, "sauron": "expert", "equal_turns": True},
    {"players": 5, "pass_the_ring": True},
    {"players": 3, "competitive": True, "expert": True},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_conformance_kit_over_random_games(options):
    report = check_game(middleearth.load("fellowship", **options), games=12, seed=options["players"], observe_every=5)
    assert report.games == 12 and report.chance_steps > 0


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_conformance_sweep(options):
    report = check_game(middleearth.load("fellowship", **options), games=1000, seed=77, observe_every=11)
    assert report.games == 1000
