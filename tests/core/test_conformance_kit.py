"""The conformance kit itself: a promise a game breaks is caught, named and explained."""

import pytest

from middleearth.core.conformance import ConformanceError, check_game
from tests.agents.toygame import TricksGame, registered


class ClaimsNothingHidden(TricksGame):
    """Two-suit tricks with hidden hands, wrongly declaring that every seat sees the same."""

    hidden_information = False


def test_a_game_declaring_no_hidden_information_must_show_every_seat_the_spectators_view():
    """Game.hidden_information False promises observation(seat) is the spectator's with its seat;
    the hub relies on it to build one view for all."""
    with registered(), pytest.raises(ConformanceError, match="differs from the spectator's"):
        check_game(ClaimsNothingHidden(), games=1, seed=1)  # the honest toy game passes: test_ismcts
