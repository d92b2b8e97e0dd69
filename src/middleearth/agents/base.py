"""The agent interface: a player that picks an action from what its seat may know."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from middleearth.core.contract import Action, Game, State
from middleearth.core.errors import BadOption


class Agent(ABC):
    """Plays one seat. ``choose`` may read ``state.observation(seat)``, the public history and
    ``state.resample(seat, rng)``; only agents with ``sees_hidden = True`` (analysis only, and
    named so) may read the rest of the state."""

    name: ClassVar[str]
    summary: ClassVar[str]
    sees_hidden: ClassVar[bool] = False
    parameters: ClassVar[tuple[str, ...]] = ()  # what ``name:key=value`` may set
    # Agents that play by the game's heuristics also take the game's ``heuristics_parameters``
    # (``greedy:knowledge=scholar``) and hand them on for their own seat.
    passes_heuristics_parameters: ClassVar[bool] = False

    @classmethod
    def accepted_parameters(cls, game: Game) -> tuple[str, ...]:
        """The parameters this agent takes in ``game``: its own, then the game's heuristics ones."""
        passed = game.heuristics_parameters if cls.passes_heuristics_parameters else ()
        return cls.parameters + tuple(name for name in passed if name not in cls.parameters)

    def __init__(self, game: Game, seat: int, seed: int | None = None, **params: Any):
        accepted = self.accepted_parameters(game)
        unknown = sorted(set(params) - set(accepted))
        if unknown:
            raise BadOption(f"agent {self.name} has no parameter {unknown[0]!r} in {game.name}: its parameters "
                            f"are {', '.join(accepted) or 'none'}")
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.params = params
        passed = {key: value for key, value in params.items()
                  if key in game.heuristics_parameters and key not in self.parameters}
        # the game's knowledge, lent to every agent, with this seat's parameters when it has some
        self.heuristics = game.heuristics(seat, **passed) if passed else game.heuristics()

    @abstractmethod
    def choose(self, state: State) -> Action:
        """A legal action for ``self.seat``, which must be the player to move."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat}>"


class RandomAgent(Agent):
    name = "random"
    summary = "picks any legal action, each as likely"

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


class GreedyAgent(Agent):
    name = "greedy"
    summary = "plays the game's own heuristic policy, without search"
    passes_heuristics_parameters = True

    def choose(self, state: State) -> Action:
        return self.heuristics.policy(state, self.seat)
