"""Expectimax to the end of the turn: exact over every chance outcome, scored by the game's evaluation.

The search walks the whole chance tree of the current turn (every roll, every choice) and stops
where ``heuristics.turn_key`` changes, scoring that state with ``heuristics.evaluate``. Values
are kept in a transposition table keyed by ``heuristics.search_key``, so states a game calls
equal are solved once, and the table lives on between decisions: the second decision of a turn
finds its whole subtree already solved.

Optional game hooks, used when the game's heuristics define them (the results are the same,
only faster; pass ``fast=False`` to use the plain search):

- ``action_values(state, seat) -> [(action, value), ...]``: every legal action with its exact
  value by this very search, computed the game's own faster way (Journey to Mordor compiles
  each kind of turn into arrays once: see ``middleearth.games.mordor.solver``).
- ``chance_groups(state) -> [(action, probability), ...]``: the chance outcomes with those that
  lead to equal search keys merged into one (probabilities added).
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

from middleearth.agents.base import Agent
from middleearth.core.contract import Action, Game, State

TABLE_LIMIT = 2_000_000  # entries kept before the table starts afresh (memory stays bounded)


class ExpectimaxAgent(Agent):
    name = "expectimax"
    summary = "exact expectimax over the turn's dice, scored by the game's evaluation at the turn's end"

    parameters = ("fast",)

    def __init__(self, game: Game, seat: int, seed: int | None = None, **params: Any):
        super().__init__(game, seat, seed, **params)
        self.table: dict[Hashable, float] = {}
        self.fast = bool(params.get("fast", True)) and hasattr(self.heuristics, "action_values")
        self._groups: Callable[[State], list[tuple[Action, float]]] = getattr(
            self.heuristics, "chance_groups", lambda state: state.chance_outcomes()
        )

    def choose(self, state: State) -> Action:
        values = self.action_values(state)
        return max(values, key=lambda pair: pair[1])[0]

    def action_values(self, state: State) -> list[tuple[Action, float]]:
        """Each legal action with its expected evaluation at the end of the turn, for ``self.seat``."""
        if self.fast:
            return self.heuristics.action_values(state, self.seat)
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        turn = self.heuristics.turn_key(state)
        root = state.resample(self.seat, self.rng)  # what this seat may know (all, in a game hiding nothing)
        values = []
        for action in root.legal_actions():
            child = root.clone()
            child.apply(action)
            values.append((action, self.value(child, turn)))
        return values

    def value(self, state: State, turn: Hashable) -> float:
        """The expected evaluation for ``self.seat`` of ``state``, played out to the end of ``turn``.

        Decisions of ``self.seat`` take the best action; decisions of another seat inside the
        turn (none in a game where a turn belongs to one player) follow the game's greedy policy.
        """
        heuristics = self.heuristics
        if state.is_terminal() or heuristics.turn_key(state) != turn:
            return heuristics.evaluate(state, self.seat)
        key = heuristics.search_key(state)
        known = self.table.get(key)
        if known is not None:
            return known
        mover = state.current_player
        if state.is_chance_node():
            result = 0.0
            for action, probability in self._groups(state):
                child = state.clone()
                child.apply(action)
                result += probability * self.value(child, turn)
        elif mover == self.seat:
            result = float("-inf")
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                result = max(result, self.value(child, turn))
        else:
            child = state.clone()
            child.apply(heuristics.policy(state, mover))
            result = self.value(child, turn)
        self.table[key] = result
        return result
