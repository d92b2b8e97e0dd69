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


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=400:rollout=random"`` -> ``("ismcts", {"iterations": 400, ...})``.

    An agent's parameters ride in its name, so every place that takes an agent name (the lab,
    the command line, the hub) takes parameters too. Numbers become numbers.
    """
    name, *pairs = spec.strip().split(":")
    if name not in AGENTS:
        raise BadOption(f"no agent named {name!r}: the agents are {', '.join(agent_names())}")
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key or not text:
            raise BadOption(f"agent {spec!r}: parameters are written name:key=value[:key=value...], "
                            f"not {pair!r}")
        value: Any = text
        for convert in (int, float):
            try:
                value = convert(text)
                break
            except ValueError:
                continue
        params[key] = value
    return name, params


def make_agent(name: str, game: Game, seat: int, seed: int | None = None, **params: Any) -> Agent:
    """The agent called ``name`` (which may carry parameters, ``"ismcts:iterations=400"``) for
    ``seat``; BadOption lists the agents there are."""
    name, spec_params = parse_agent_spec(name)
    params = {**spec_params, **params}
    accepted = AGENTS[name].accepted_parameters(game)
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        allowed = ", ".join(accepted) or "none"
        raise BadOption(f"agent {name} has no parameter {unknown[0]!r} in {game.name}: its parameters are {allowed}")
    if game.hidden_information and name in NEEDS_FULL_INFORMATION:
        raise BadOption(f"{name} cannot play {game.name}, whose hands are hidden: its search needs every "
                        f"re-deal to allow the same actions; use {NEEDS_FULL_INFORMATION[name]} instead")
    return AGENTS[name](game, seat, seed=seed, **params)


__all__ = ["AGENTS", "Agent", "agent_names", "make_agent", "parse_agent_spec"]
