"""Journey to Mordor's heuristics: the evaluation, the greedy policy and the search keys."""

from __future__ import annotations

import random

import pytest

import middleearth
from middleearth.games.mordor import Sheet
from middleearth.games.mordor.actions import REROLL, Keep
from tests.games.mordor.helpers import QUIET_TURN, play, table


def keep(*dice: str) -> Keep:
    return Keep(tuple(tuple(die.split(":")) for die in dice))


def test_evaluation_is_a_win_chance_along_a_game():
    state = table(3, "locations")
    heuristics = state.game.heuristics()
    rng = random.Random(4)
    while not state.is_terminal():
        values = [heuristics.evaluate(state, seat) for seat in range(3)]
        assert all(0.0 <= value <= 1.0 for value in values)
        assert sum(values) <= 1.0 + 1e-9  # at most one hobbit wins (a tie shares the win)
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            state.apply(heuristics.policy(state, state.current_player))
    assert [heuristics.evaluate(state, seat) for seat in range(3)] == state.returns()


def test_progress_and_danger_move_the_evaluation():
    state = table(2)
    heuristics = state.game.heuristics()
    spaces = state.parts.nazgul_spaces
    even = heuristics.evaluate(state, 0)
    state.sheets[0] = Sheet(ring=6)
    ahead = heuristics.evaluate(state, 0)
    state.sheets[0] = Sheet(ring=6, marked=spaces - 1)
    hunted = heuristics.evaluate(state, 0)
    assert ahead > even > hunted
    state.sheets[0] = Sheet(marked=spaces)
    assert heuristics.evaluate(state, 0) == 0.0  # eliminated


def test_final_round_favours_the_hobbit_in_mordor():
    state = table(2)
    state.sheets[0] = Sheet(ring=state.parts.goal - 1)
    state.sheets[1] = Sheet(ring=2)
    # Frodo rolls two rings and reaches Mordor; Sam, far behind, has one turn left.
    play(state, "roll yellow:ring red:ring blue:ring green:ring black:ring", "keep yellow:ring",
         "roll red:ring blue:ring green:ring black:tree", "keep red:ring black:tree")
    assert state.final_round and state.current_player != 0
    heuristics = state.game.heuristics()
    assert heuristics.evaluate(state, 0) > 0.9 > 0.1 > heuristics.evaluate(state, 1)


def test_greedy_sets_the_nazgul_on_a_rival():
    state = play(table(3), "roll yellow:nazgul red:nazgul blue:ring green:orc black:fellowship")
    choice = state.game.heuristics().policy(state, 0)
    assert ("red", "nazgul") in choice.dice and ("yellow", "nazgul") not in choice.dice
    assert ("blue", "ring") in choice.dice  # a ring is worth keeping at once


def test_greedy_sets_fellowship_against_kept_orcs():
    state = play(table(2), "roll yellow:orc red:ring blue:gandalf green:ring black:orc", "keep yellow:orc red:ring",
                 "roll blue:fellowship green:ring black:orc")
    choice = state.game.heuristics().policy(state, 0)
    assert ("blue", "fellowship") in choice.dice


def test_greedy_stops_with_the_white_tree_when_orcs_threaten_its_rings():
    state = play(table(2), "roll yellow:ring red:gandalf blue:orc green:orc black:orc", "keep yellow:ring",
                 "roll red:ring blue:orc green:orc black:tree")
    choice = state.game.heuristics().policy(state, 0)
    assert ("black", "tree") in choice.dice and ("red", "ring") in choice.dice


def test_greedy_rolls_a_bad_roll_again_in_rohan():
    state = table(2, "locations")
    rohan = state.parts.features.index("reroll_each_roll")
    state.sheets[0] = Sheet(ring=rohan)
    play(state, "roll yellow:nazgul red:orc blue:orc green:orc black:orc")
    assert state.game.heuristics().policy(state, 0) == REROLL
    good = table(2, "locations")
    good.sheets[0] = Sheet(ring=rohan)
    play(good, "roll yellow:ring red:nazgul blue:ring green:fellowship black:gandalf")
    assert good.game.heuristics().policy(good, 0) != REROLL


def test_turn_key_changes_when_the_turn_ends():
    state = table(2)
    heuristics = state.game.heuristics()
    first = heuristics.turn_key(state)
    state.apply(QUIET_TURN[0])
    assert heuristics.turn_key(state) == first
    state.apply(QUIET_TURN[1])
    assert heuristics.turn_key(state) != first


def test_search_key_merges_dice_that_hit_the_same_seat():
    heuristics = table(2).game.heuristics()
    # Two players: green belongs to nobody, so its Nazgûl hits the roller as Frodo's yellow does.
    one = play(table(2), "roll yellow:ring red:orc blue:gandalf green:nazgul black:orc")
    same = play(table(2), "roll yellow:nazgul red:orc blue:gandalf green:ring black:orc")
    other = play(table(2), "roll yellow:ring red:nazgul blue:gandalf green:orc black:orc")
    assert heuristics.search_key(one) == heuristics.search_key(same)
    assert heuristics.search_key(one) != heuristics.search_key(other)  # red's Nazgûl hits Sam


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_plays_legally(players):
    state = table(players, "locations")
    heuristics = state.game.heuristics()
    rng = random.Random(players)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            action = heuristics.policy(state, state.current_player)
            assert action in state.legal_actions()
            state.apply(action)
