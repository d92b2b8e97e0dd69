"""The agent interface: a player that picks an action from what its seat may know."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from middleearth.core.contract import Action, Game, State


class Agent(ABC):
    """Plays one seat. ``choose`` may read ``state.observation(seat)``, the public history and
    ``state.resample(seat, rng)``; only agents with ``sees_hidden = True`` (analysis only, and
    named so) may read the rest of the state."""

    name: ClassVar[str]
    summary: ClassVar[str]
    sees_hidden: ClassVar[bool] = False
    parameters: ClassVar[tuple[str, ...]] = ()  # what ``name:key=value`` may set

    def __init__(self, game: Game, seat: int, seed: int | None = None, **params: Any):
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.params = params
        self.heuristics = game.heuristics()  # the game's knowledge, lent to every agent

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

    def choose(self, state: State) -> Action:
        return self.heuristics.policy(state, self.seat)
