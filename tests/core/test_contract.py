"""The contract's own checks, the same for every game (played here on Journey to Mordor)."""

import random

import pytest

import middleearth

ROLL = "roll yellow:ring red:ring blue:orc green:fellowship black:gandalf"


def fresh() -> middleearth.State:
    return middleearth.load("mordor", players=2).new_state()


def test_chance_and_players_each_have_their_own_list():
    state = fresh()
    assert state.is_chance_node() and state.legal_actions() == []
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
    state.apply(ROLL)
    assert state.current_player == 0 and state.chance_outcomes() == [] and state.legal_actions()


def test_sample_chance_only_at_a_chance_node():
    state = fresh()
    outcome = middleearth.sample_chance(state, random.Random(1))
    assert outcome in dict(state.chance_outcomes())
    state.apply(outcome)
    with pytest.raises(middleearth.IllegalAction, match="it is not chance's move"):
        middleearth.sample_chance(state, random.Random(1))


def test_a_clone_is_independent_and_equal():
    state = fresh()
    state.apply(ROLL)
    copy = state.clone()
    assert copy == state and hash(copy) == hash(state)
    copy.apply("keep yellow:ring")
    assert copy != state and state.history == [state.game.parse_action(ROLL)] and state.current_player == 0


def test_states_of_different_games_are_not_equal():
    assert fresh() != middleearth.load("mordor", players=3).new_state()
    assert fresh() == fresh()


def test_every_refusal_leaves_history_and_movers_alone():
    state = fresh()
    state.apply(ROLL)
    for text in ("keep yellow:ring red:ring", "nonsense", ROLL):
        with pytest.raises(middleearth.IllegalAction):
            state.apply(text)
    assert len(state.history) == len(state.movers) == 1 and state.movers == [middleearth.CHANCE]


def test_the_text_view_is_the_str_of_a_state():
    state = fresh()
    assert str(state) == state.text() and "Frodo" in str(state)
