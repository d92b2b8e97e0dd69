"""Information-set MCTS, and an all-seeing MCTS kept for analysis.

``ismcts`` is single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012). Its
seat cannot see the other hands, so each iteration searches a different full state drawn with
``state.resample(seat, rng)``, and all iterations share one tree whose nodes stand for what the
seat knows, not for one full state:

- a decision (the seat's own, or another seat's: their actions are public) has one child per
  action text met so far. An action may be legal in some draws and not in others (a card the
  other seat may or may not hold), so each child counts how often it was *available* and UCB1
  uses that count where plain UCT uses the parent's visits;
- chance is sampled with ``middleearth.sample_chance``, and its outcomes are keyed by their text
  as the seat saw it (``state.log_text``): a draw into another hand, which the seat does not see
  (None), leaves one branch rather than one per card; a die roll, or a card the seat draws
  itself, has a branch per outcome.

Rollouts, the evaluation and the parameters are those of ``mcts`` (``iterations``, ``exploration``,
``rollout``, ``horizon``, and the game's heuristics parameters, passed on). The
agent reads ``current_player`` and ``legal_actions()`` of the real
state at its own decision and full states only from ``resample``: nothing hidden. In a game that
hides nothing, ``resample`` is a copy and this is plain MCTS.

``allseeing`` is ``mcts`` run on the true state, other hands included: it cheats, so it is for
analysis only (how much do hidden hands cost a team?) and says so with ``sees_hidden = True``.
"""

from __future__ import annotations

import math
from typing import Any, Hashable

from middleearth.agents.mcts import MctsAgent
from middleearth.core.contract import Action, Game, State, sample_chance


class InfoNode:
    """What the observing seat knows at one point of the search, with the returns met from it."""

    __slots__ = ("visits", "available", "totals", "children")

    def __init__(self, seats: int):
        self.visits = 0
        self.available = 1  # iterations in which this child was a legal choice of its parent
        self.totals = [0.0] * seats
        self.children: dict[Hashable, InfoNode] = {}


class IsmctsAgent(MctsAgent):
    name = "ismcts"
    summary = "information-set MCTS: searches states re-dealt from what its seat has seen, never the hidden ones"

    def __init__(self, game: Game, seat: int, seed: int | None = None, **params: Any):
        super().__init__(game, seat, seed, **params)
        self.root: InfoNode | None = None  # the tree of the last decision searched, for analysis

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = self.root = InfoNode(self.seats)
        for _ in range(self.iterations):
            self._iterate(root, state.resample(self.seat, self.rng))
        # The most visited action; ties go to the first in the game's order, so a seed decides all.
        best, most = actions[0], -1
        for action in actions:
            child = root.children.get(str(action))
            if child is not None and child.visits > most:
                best, most = action, child.visits
        return best

    def _iterate(self, root: InfoNode, state: State) -> None:
        """One determinization: descend, add one node, roll out, and add the returns along the path."""
        path = [root]
        node = root
        while not state.is_terminal():
            if state.is_chance_node():
                outcome = sample_chance(state, self.rng)
                state.apply(outcome)
                key = state.log_text(len(state.history) - 1, self.seat)  # None: the seat saw nothing of it
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = InfoNode(self.seats)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            legal = state.legal_actions()
            texts = [str(action) for action in legal]
            untried = [index for index, text in enumerate(texts) if text not in node.children]
            for text in texts:
                if text in node.children:
                    node.children[text].available += 1
            if untried:
                index = untried[self.rng.randrange(len(untried))]
                state.apply(legal[index])
                child = node.children[texts[index]] = InfoNode(self.seats)
                path.append(child)
                break
            index = self._pick(node, texts, state.current_player)
            state.apply(legal[index])
            node = node.children[texts[index]]
            path.append(node)
        returns = self._rollout(state)
        for visited in path:
            visited.visits += 1
            for seat, value in enumerate(returns):
                visited.totals[seat] += value

    def _pick(self, node: InfoNode, texts: list[str], mover: int) -> int:
        """UCB1 over the actions legal in this determinization, counting availability, for the mover."""
        best, best_score = 0, -math.inf
        for index, text in enumerate(texts):
            child = node.children[text]
            score = child.totals[mover] / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = index, score
        return best


class AllSeeingAgent(MctsAgent):
    name = "allseeing"
    summary = "analysis only: reads every hidden card (MCTS on the true state, to measure what hidden hands cost)"
    sees_hidden = True

    def _determinize(self, state: State) -> State:
        return state.clone()  # the real state, every hand in it: this is what makes it cheat
