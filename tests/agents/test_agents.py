"""The agents: legal full games, strength against each other (by win shares), determinism."""

from __future__ import annotations

import random

import pytest

import middleearth
from middleearth.agents import AGENTS, make_agent
from middleearth.agents.expectimax import ExpectimaxAgent

QUICK = {"mcts": {"iterations": 8}}  # enough to exercise the tree, cheap enough for every table


def play(game, names: list[str], seed: int, params: dict | None = None) -> middleearth.State:
    """A full game; ``State.apply`` refuses any illegal action, so finishing proves legality."""
    params = params or {}
    rng = random.Random(seed)
    agents = [make_agent(name, game, seat, seed=seed, **params.get(name, {}))
              for seat, name in enumerate(names)]
    state = game.new_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            action = agents[state.current_player].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
    return state


def shares(variant: str, agent: str, rival: str, games: int) -> dict[str, float]:
    """Win shares of two agents over two-player games, seats swapped every other game."""
    game = middleearth.load("mordor", players=2, variant=variant)
    won = {agent: 0.0, rival: 0.0}
    for number in range(games):
        names = [agent, rival] if number % 2 == 0 else [rival, agent]
        state = play(game, names, seed=number)
        for seat in state.winners or ():
            won[names[seat]] += 1 / len(state.winners)
    return won


def test_every_agent_is_registered():
    assert {"random", "greedy", "expectimax", "mcts"} <= set(AGENTS)


@pytest.mark.parametrize("variant", ["basic", "locations"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("agent", ["random", "greedy", "mcts"])
def test_cheap_agents_play_full_games(agent, players, variant):
    game = middleearth.load("mordor", players=players, variant=variant)
    names = [agent] + ["greedy"] * (players - 1)
    state = play(game, names, seed=players, params=QUICK)
    assert state.is_terminal()
    assert sum(state.returns()) in (0.0, pytest.approx(1.0))


@pytest.mark.parametrize("players, variant", [(2, "basic"), (2, "locations"), (3, "basic"), (4, "basic")])
def test_expectimax_plays_full_games(players, variant):
    game = middleearth.load("mordor", players=players, variant=variant)
    state = play(game, ["expectimax"] + ["greedy"] * (players - 1), seed=players)
    assert state.is_terminal()


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_expectimax_plays_full_games_with_locations(players):
    game = middleearth.load("mordor", players=players, variant="locations")
    assert play(game, ["expectimax"] * players, seed=players).is_terminal()


def test_expectimax_beats_random_clearly():
    won = shares("basic", "expectimax", "random", games=12)
    assert won["expectimax"] >= 5 * won["random"]


def test_expectimax_beats_greedy():
    won = shares("basic", "expectimax", "greedy", games=GREEDY_GAMES)
    assert won["expectimax"] > 1.2 * won["greedy"]


GREEDY_GAMES = 40


def test_greedy_beats_random_clearly():
    won = shares("basic", "greedy", "random", games=20)
    assert won["greedy"] >= 5 * won["random"]


def test_mcts_is_deterministic_for_a_seed():
    game = middleearth.load("mordor", players=2, variant="locations")
    first = play(game, ["mcts", "mcts"], seed=5, params=QUICK)
    again = play(game, ["mcts", "mcts"], seed=5, params=QUICK)
    assert first.to_record() == again.to_record()


def test_mcts_refuses_bad_parameters():
    game = middleearth.load("mordor", players=2)
    for params in ({"iterations": 0}, {"rollout": "clever"}, {"horizon": -1}):
        with pytest.raises(middleearth.BadOption, match="mcts"):
            make_agent("mcts", game, 0, **params)


def test_unknown_agent_lists_the_agents():
    with pytest.raises(middleearth.BadOption, match="expectimax"):
        make_agent("oracle", middleearth.load("mordor", players=2), 0)


def roll_position(players: int, variant: str, seed: int, greedy_actions: int, dice_left: int):
    """A position with a roll on the table and at most ``dice_left`` dice in hand."""
    game = middleearth.load("mordor", players=players, variant=variant)
    heuristics = game.heuristics()
    rng = random.Random(seed)
    state = game.new_state()
    while greedy_actions > 0 or not (state.is_chance_node() and len(state.hand) <= dice_left):
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            state.apply(heuristics.policy(state, state.current_player))
            greedy_actions -= 1
    state.apply(middleearth.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("players, variant, seed, actions", [
    (2, "basic", 1, 10), (3, "locations", 2, 30), (4, "locations", 3, 45), (2, "locations", 4, 25),
])
def test_the_fast_path_gives_the_generic_search_values(players, variant, seed, actions):
    state = roll_position(players, variant, seed, actions, dice_left=3)
    seat = state.current_player
    fast = ExpectimaxAgent(state.game, seat).action_values(state)
    plain = ExpectimaxAgent(state.game, seat, fast=False).action_values(state)
    assert [action for action, _ in fast] == [action for action, _ in plain]
    for (_, mine), (_, theirs) in zip(fast, plain):
        assert mine == pytest.approx(theirs, abs=1e-9)


def test_the_second_decision_of_a_turn_reuses_the_solved_turn():
    state = roll_position(2, "basic", 6, 0, dice_left=5)
    agent = make_agent("expectimax", state.game, state.current_player)
    state.apply(agent.choose(state))
    solved = dict(agent.heuristics.solver.solved)
    state.apply(middleearth.sample_chance(state, random.Random(0)))
    if not state.is_chance_node() and not state.is_terminal():
        agent.choose(state)
        assert dict(agent.heuristics.solver.solved).keys() == solved.keys()
