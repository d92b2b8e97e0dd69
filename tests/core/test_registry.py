"""The registry: games are found by name; an unknown name lists the known ones."""

import pytest

import middleearth
from middleearth.core.registry import game_class


def test_mordor_is_found_and_loaded_with_its_options():
    assert "mordor" in middleearth.games()
    assert middleearth.games() == sorted(middleearth.games())
    game = middleearth.load("mordor", players=3)
    assert game.name == "mordor" and game.num_players == 3
    assert game_class("mordor") is type(game)


def test_an_unknown_game_lists_the_games():
    with pytest.raises(middleearth.BadOption) as error:
        middleearth.load("monopoly")
    assert "no game named 'monopoly'" in str(error.value)
    assert "mordor" in str(error.value)


def test_games_with_equal_options_are_equal():
    assert middleearth.load("mordor", players=2) == middleearth.load("mordor", players="2")
    assert middleearth.load("mordor", players=2) != middleearth.load("mordor", players=3)
