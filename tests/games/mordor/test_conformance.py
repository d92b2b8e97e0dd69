"""The conformance kit over random games of every player count and variant.

`make test` plays a few dozen games per option set; `make sweep` plays thousands.
"""

import pytest

import middleearth
from middleearth.core.conformance import check_game

OPTION_SETS = [(players, variant) for players in (2, 3, 4) for variant in ("basic", "locations")]


@pytest.mark.parametrize("players,variant", OPTION_SETS)
def test_conformance_kit_over_random_games(players, variant):
    game = middleearth.load("mordor", players=players, variant=variant)
    report = check_game(game, games=40, seed=players * 10 + len(variant))
    assert report.games == 40 and report.chance_steps > 0


def test_conformance_with_chosen_hobbits():
    game = middleearth.load("mordor", players=2, hobbits="merry,pippin", variant="locations")
    check_game(game, games=30, seed=3)


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", OPTION_SETS)
def test_conformance_sweep(players, variant):
    game = middleearth.load("mordor", players=players, variant=variant)
    report = check_game(game, games=2000, seed=1000 + players, observe_every=23)
    assert report.games == 2000
