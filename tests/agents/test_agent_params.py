"""Agents hand the game's heuristics parameters (trivia's knowledge and strategy) to their heuristic."""

from __future__ import annotations

import pytest

import middleearth
from middleearth.agents import make_agent
from middleearth.core.contract import Game
from middleearth.core.errors import BadOption


@pytest.fixture(scope="module")
def trivia():
    return middleearth.load("trivia", players=3, knowledge="novice", strategy="bold")


@pytest.mark.parametrize("agent", ["greedy", "mcts:iterations=2", "ismcts:iterations=2", "allseeing:iterations=2"])
def test_a_heuristic_agent_plays_its_own_seat_with_its_parameters(trivia, agent):
    # mcts refuses hidden-hand games by name, so build it without make_agent's guard
    name = agent.split(":")[0]
    if name == "mcts":
        from middleearth.agents import AGENTS

        player = AGENTS["mcts"](trivia, 1, iterations=2, knowledge="scholar", strategy="careful")
    else:
        player = make_agent(f"{agent}:knowledge=scholar:strategy=careful", trivia, 1)
    assert player.heuristics.describe() == {
        "knowledge": ["novice", "scholar", "novice"],
        "strategy": ["bold", "careful", "bold"],
    }


def test_without_parameters_the_game_options_decide(trivia):
    assert make_agent("greedy", trivia, 0).heuristics.describe() == {
        "knowledge": ["novice"] * 3, "strategy": ["bold"] * 3}


def test_one_parameter_leaves_the_other_to_the_options(trivia):
    described = make_agent("greedy:strategy=steady", trivia, 2).heuristics.describe()
    assert described == {"knowledge": ["novice"] * 3, "strategy": ["bold", "bold", "steady"]}


def test_the_game_heuristics_without_a_seat_set_every_seat(trivia):
    assert trivia.heuristics(knowledge="scholar").describe()["knowledge"] == ["scholar"] * 3


def test_a_bad_value_names_the_allowed_ones(trivia):
    with pytest.raises(BadOption, match="knowledge 'genius' is not allowed: use novice, fan, scholar"):
        make_agent("greedy:knowledge=genius", trivia, 0)


def test_an_unknown_parameter_lists_what_the_agent_takes_in_this_game(trivia):
    with pytest.raises(BadOption, match="no parameter 'wisdom' in trivia: its parameters are knowledge, strategy"):
        make_agent("greedy:wisdom=3", trivia, 0)


def test_an_agent_that_ignores_heuristics_refuses_them(trivia):
    with pytest.raises(BadOption, match="agent random has no parameter 'knowledge'"):
        make_agent("random:knowledge=fan", trivia, 0)


def test_a_game_without_heuristics_parameters_refuses_them():
    mordor = middleearth.load("mordor", players=2)
    with pytest.raises(BadOption, match="no parameter 'strategy' in mordor: its parameters are none"):
        make_agent("greedy:strategy=bold", mordor, 0)
    with pytest.raises(BadOption, match="takes no heuristics parameters, not 'strategy'"):
        Game.heuristics(mordor, strategy="bold")


def test_a_direct_construction_checks_too(trivia):
    from middleearth.agents import AGENTS

    with pytest.raises(BadOption, match="no parameter 'iterations'"):
        AGENTS["greedy"](trivia, 0, iterations=3)


def test_the_parameters_change_the_play():
    # From the same state with ground won this turn, careful lingers where bold moves on.
    from tests.games.trivia.helpers import ask, new, place, play, right

    state = new(knowledge="novice", strategy="steady")
    place(state, 0, "Anduin", ring=1, combat=3, travel=2)
    play(state, "move ring:1 combat:2")
    ask(state)
    play(state, right(state))
    choices = {strategy: str(make_agent(f"greedy:strategy={strategy}", state.game, 0).choose(state)).split()[0]
               for strategy in ("careful", "bold")}
    assert choices == {"careful": "linger", "bold": "move"}
