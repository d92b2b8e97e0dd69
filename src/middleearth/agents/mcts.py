"""Monte Carlo tree search (UCT) that knows chance is a player.

Decision nodes pick children by UCB1 from the mover's point of view; chance nodes draw an outcome
with its probability (``middleearth.sample_chance``), so the tree holds the outcomes met so far.
Each new leaf is scored by a rollout with the game's greedy policy (or uniformly random moves)
for ``horizon`` turns, then by the game's evaluation of every seat (or to the end of the game
when ``horizon`` is 0: exact returns, but far slower). Every node keeps the sum of each seat's
score, so each mover maximises its own. The same seed gives the same choices.

Parameters: ``iterations`` (simulations per decision, default 100), ``exploration`` (the UCB1
constant, default 0.1: choices differ by a few points of win chance, so a larger constant spreads
visits almost evenly and the pick becomes noise), ``rollout`` ("greedy" or "random"),
``horizon`` (turns a rollout plays before it is scored, default 1: the end of the turn).
"""

from __future__ import annotations

import math
from typing import Any

from middleearth.agents.base import Agent
from middleearth.core.contract import Action, Game, State, sample_chance
from middleearth.core.errors import BadOption

ROLLOUTS = ("greedy", "random")


class Node:
    """Statistics of one state in the tree: visits, and the sum of returns of every seat."""

    __slots__ = ("visits", "totals", "children", "untried")

    def __init__(self, seats: int, untried: list[Action] | None):
        self.visits = 0
        self.totals = [0.0] * seats
        self.children: dict[Action, Node] = {}
        self.untried = untried  # None at a chance node: its children come from sampling


class MctsAgent(Agent):
    name = "mcts"
    parameters = ("iterations", "exploration", "rollout", "horizon")
    passes_heuristics_parameters = True  # its rollouts and evaluation are the game's heuristics
    summary = "Monte Carlo tree search (UCT) with sampled chance and greedy rollouts"

    def __init__(self, game: Game, seat: int, seed: int | None = None, **params: Any):
        super().__init__(game, seat, seed, **params)
        self.iterations = int(params.get("iterations", 100))
        self.exploration = float(params.get("exploration", 0.1))
        self.rollout = str(params.get("rollout", "greedy"))
        self.horizon = int(params.get("horizon", 1))
        if self.horizon < 0:
            raise BadOption(f"{self.name}: horizon must be 0 (to the end) or more turns, not {self.horizon}")
        if self.iterations < 1:
            raise BadOption(f"{self.name}: iterations must be at least 1, not {self.iterations}")
        if self.rollout not in ROLLOUTS:
            raise BadOption(f"{self.name}: rollout {self.rollout!r} is not one of {', '.join(ROLLOUTS)}")
        self.seats = game.num_players

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = Node(self.seats, list(actions))
        for _ in range(self.iterations):
            self._simulate(root, self._determinize(state))
        return max(root.children.items(), key=lambda pair: pair[1].visits)[0]

    def _determinize(self, state: State) -> State:
        """A full state agreeing with what this seat knows (a plain copy when nothing is hidden)."""
        return state.resample(self.seat, self.rng)

    def _simulate(self, root: Node, state: State) -> None:
        """Descend, expand one node, roll out, and add the returns along the path."""
        path = [root]
        node = root
        while not state.is_terminal():
            if state.is_chance_node():
                outcome = sample_chance(state, self.rng)
                state.apply(outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = self._node(state)
                    path.append(child)
                    break
                node = child
            elif node.untried:
                action = node.untried.pop(self.rng.randrange(len(node.untried)))
                state.apply(action)
                child = node.children[action] = self._node(state)
                path.append(child)
                break
            else:
                action, node = self._select(node, state.current_player)
                state.apply(action)
            path.append(node)
        returns = self._rollout(state)
        for visited in path:
            visited.visits += 1
            for seat, value in enumerate(returns):
                visited.totals[seat] += value

    def _node(self, state: State) -> Node:
        if state.is_chance_node() or state.is_terminal():
            return Node(self.seats, None)
        return Node(self.seats, list(state.legal_actions()))

    def _select(self, node: Node, mover: int) -> tuple[Action, Node]:
        """UCB1 for the seat to move."""
        log_visits = math.log(node.visits)

        def score(child: Node) -> float:
            mean = child.totals[mover] / child.visits
            return mean + self.exploration * math.sqrt(log_visits / child.visits)

        return max(node.children.items(), key=lambda pair: score(pair[1]))

    def _rollout(self, state: State) -> list[float]:
        heuristics = self.heuristics
        turns_left = self.horizon
        turn = heuristics.turn_key(state)
        while not state.is_terminal():
            if self.horizon and heuristics.turn_key(state) != turn:
                turns_left -= 1
                if not turns_left:
                    return [heuristics.evaluate(state, seat) for seat in range(self.seats)]
                turn = heuristics.turn_key(state)
            if state.is_chance_node():
                state.apply(sample_chance(state, self.rng))
            elif self.rollout == "greedy":
                state.apply(self.heuristics.policy(state, state.current_player))
            else:
                state.apply(self.rng.choice(state.legal_actions()))
        return state.returns()
