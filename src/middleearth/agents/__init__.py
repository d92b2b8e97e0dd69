"""Players that choose actions: random, greedy (the game's heuristic), expectimax, mcts, ismcts,
and allseeing (analysis only: it reads hidden cards).

>>> import middleearth
>>> from middleearth.agents import make_agent
>>> agent = make_agent("random", middleearth.load("mordor", players=2), seat=0, seed=1)
"""

from __future__ import annotations

from typing import Any

from middleearth.agents.base import Agent, GreedyAgent, RandomAgent
from middleearth.agents.expectimax import ExpectimaxAgent
from middleearth.agents.ismcts import AllSeeingAgent, IsmctsAgent
from middleearth.agents.mcts import MctsAgent
from middleearth.core.contract import Game
from middleearth.core.errors import BadOption

AGENTS: dict[str, type[Agent]] = {
    cls.name: cls
    for cls in (RandomAgent, GreedyAgent, ExpectimaxAgent, MctsAgent, IsmctsAgent, AllSeeingAgent)
}


# Agents whose search breaks in a game with hidden hands, and the one to use there instead: mcts
# keeps one tree of actions, and an action legal in one re-deal is illegal in another.
NEEDS_FULL_INFORMATION = {"mcts": "ismcts"}


def agent_names() -> list[str]:
    return sorted(AGENTS)


def make_agent(name: str, game: Game, seat: int, seed: int | None = None, **params: Any) -> Agent:
    """The agent called ``name`` for ``seat``; BadOption lists the agents there are."""
    if name not in AGENTS:
        raise BadOption(f"no agent named {name!r}: the agents are {', '.join(agent_names())}")
    if game.hidden_information and name in NEEDS_FULL_INFORMATION:
        raise BadOption(f"{name} cannot play {game.name}, whose hands are hidden: its search needs every "
                        f"re-deal to allow the same actions; use {NEEDS_FULL_INFORMATION[name]} instead")
    return AGENTS[name](game, seat, seed=seed, **params)


__all__ = ["AGENTS", "Agent", "agent_names", "make_agent"]
