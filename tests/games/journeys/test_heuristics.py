"""The heuristic hero (greedy agent): it plays The Cold Lanterns far better than chance, takes the
objective's token it stands on, keeps a hero near a limit away from a test that would defeat it,
and only ever chooses legal actions."""

import random

import pytest

import middleearth
from middleearth.agents import make_agent
from middleearth.core.contract import CHANCE, sample_chance
from middleearth.core.errors import BadOption
from middleearth.games.journeys import heuristics as journeys_heuristics
from middleearth.games.journeys.heuristics import WEIGHTS, JourneysHeuristics
from middleearth.lab import simulate, wilson


@pytest.fixture
def strict_scoring(monkeypatch):
    """A pricing error raises instead of being scored 0, so the tests see it."""
    monkeypatch.setattr(journeys_heuristics._Scorer, "strict", True)


def test_the_heuristic_party_wins_clearly_more_often_than_random_seats(strict_scoring):
    games = 10
    runs = {agent: simulate("journeys", {"players": 2}, agent, games=games, seed=11, backend="inline")
            for agent in ("greedy", "random")}
    wins = {agent: sum(row.figures["won"] for row in rows) for agent, rows in runs.items()}
    # The same seeds for both: the heuristic's lower bound clears random play's upper bound.
    assert wilson(wins["greedy"], games).low > wilson(wins["random"], games).high, wins


def _at_a_turn(players=2, seed=0, until=None, adventure="cold-lanterns"):
    """A game played by greedy heroes until ``until(state)`` holds at the start of a hero's turn
    (or, without ``until``, the first hero's first turn)."""
    game = middleearth.load("journeys", players=players, adventure=adventure)
    agents = [make_agent("greedy", game, seat, seed=seat) for seat in range(players)]
    state = game.new_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if state.turn is not None and not state.stack and state.actions_left == 2 and (until is None or until(state)):
            return state
        state.apply(agents[state.current_player].choose(state))
    pytest.fail("the game ended before the wanted moment")


def test_a_hero_standing_on_the_objectives_token_interacts_with_it(strict_scoring):
    state = _at_a_turn()
    seat = state.turn
    state.heroes[seat]["at"] = state.tokens["shepherd"]  # the first objective: hear the shepherd's tale
    state.groups.clear()  # no enemy to weigh against it
    assert str(JourneysHeuristics().policy(state, seat)) == "interact shepherd"


def test_a_hero_travels_toward_the_objective_when_it_is_out_of_reach(strict_scoring):
    state = _at_a_turn()
    choice = str(JourneysHeuristics().policy(state, state.turn))
    assert choice == "travel"


def _at_tamsin(state):
    return "tamsin" in state.tokens


def test_a_hero_one_fear_from_its_limit_does_not_risk_the_binding_test_but_a_fresh_one_does(strict_scoring):
    state = _at_a_turn(players=2, seed=1, until=_at_tamsin)
    seat = state.turn
    hero = state.heroes[seat]
    hero["at"] = state.tokens["tamsin"]
    state.groups.clear()
    limit = state.game.table.hero(hero["name"]).stats.fear_limit
    hero["damage"], hero["fear"] = 0, 0
    assert str(JourneysHeuristics().policy(state, seat)) == "interact tamsin"
    hero["fear"] = limit - 1  # a failed call to Tamsin costs one fear: a defeat, and the game
    assert str(JourneysHeuristics().policy(state, seat)) != "interact tamsin"


def test_the_heuristic_only_chooses_legal_actions_over_many_random_states(strict_scoring):
    heuristics = JourneysHeuristics()
    checked = 0
    for players in (2, 3, 5):
        game = middleearth.load("journeys", players=players, difficulty="hard" if players == 3 else "normal")
        state = game.new_state()
        rng = random.Random(players)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if rng.random() < 0.3:  # ask the heuristic here, then play on at random
                assert heuristics.policy(state, state.current_player) in legal
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 50


def test_the_weights_are_parameters_of_the_greedy_agent():
    game = middleearth.load("journeys", players=2)
    assert set(game.heuristics_parameters) == set(WEIGHTS)
    agent = make_agent("greedy:explore=9:danger=0.5", game, seat=0, seed=1)
    assert agent.heuristics.weights["explore"] == 9 and agent.heuristics.weights["danger"] == 0.5
    assert game.heuristics().weights == WEIGHTS


@pytest.mark.parametrize("weights,named", [({"bravery": 2}, "no weight 'bravery'"),
                                           ({"explore": "lots"}, "explore='lots': give a number")])
def test_a_bad_weight_is_refused_with_what_is_allowed(weights, named):
    with pytest.raises(BadOption, match=named) as refused:
        middleearth.load("journeys", players=2).heuristics(**weights)
    if "bravery" in weights:
        assert "explore" in str(refused.value)  # the message lists the weights there are


def test_the_evaluation_is_the_return_at_the_end_and_between_minus_one_and_one_before(strict_scoring):
    heuristics = JourneysHeuristics()
    state = _at_a_turn()
    assert -1 < heuristics.evaluate(state, 0) < 1
    rows_state = _at_a_turn(players=2, seed=1, until=_at_tamsin)
    assert heuristics.evaluate(rows_state, 0) > heuristics.evaluate(state, 0)  # two objectives further


def test_an_action_word_it_does_not_know_is_priced_as_doing_nothing(strict_scoring):
    """Rules are still being added: a new action neither breaks the hero nor lures it away."""
    state = _at_a_turn()
    travel, unknown, end = JourneysHeuristics().scores(state, state.turn, ["travel", "sing loudly", "end"])
    assert travel > end > unknown > end - 0.01


def test_a_hero_attacks_the_group_whose_defeat_completes_the_objective(strict_scoring):
    """The Emberfall skirmish is won by defeating groups, not by tokens; its terrain (a table to
    use, a bush) is priced as doing nothing, so it does not lure the hero from the fight."""
    state = _at_a_turn(adventure="emberfall-skirmish")
    seat = state.turn
    state.heroes[seat]["at"] = state.groups["fort-raiders"]["at"]
    choice = str(JourneysHeuristics().policy(state, seat))
    assert choice.startswith("attack fort-raiders "), choice
