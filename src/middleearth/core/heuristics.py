"""What a game lends the generic agents: an evaluation, a greedy policy and search keys.

A game returns one from ``Game.heuristics()``; agents in ``middleearth.agents`` use it and know
nothing else of the game.
"""

from __future__ import annotations

from typing import Any, Hashable

from middleearth.core.contract import Action, State


class Heuristics:
    """Defaults that work for any game; a game overrides what it knows better."""

    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat``, on the scale of ``returns()`` (final returns when over)."""
        return state.returns()[seat]

    def policy(self, state: State, seat: int) -> Action:
        """The game's own quick choice for ``seat`` (the ``greedy`` agent plays it)."""
        return state.legal_actions()[0]

    def turn_key(self, state: State) -> Hashable:
        """Equal for two states of the same turn: a search 'to the end of the turn' stops when it changes."""
        return len(state.history)

    def search_key(self, state: State) -> Hashable:
        """A transposition key: states equal for every future purpose share it."""
        return state.key()

    def describe(self) -> dict[str, Any]:
        return {}
