"""Seat decisions to time an agent on: states met along seeded games (not a benchmark itself)."""

from __future__ import annotations

import random
from typing import Callable

import middleearth


def decision_states(game: middleearth.Game, count: int, seed: int,
                    play: Callable[[middleearth.State, random.Random], middleearth.Action],
                    keep: float = 1.0) -> list[middleearth.State]:
    """``count`` copies of states where a seat chooses between two or more actions, each kept
    with chance ``keep``, along games where ``play`` picks the seats' moves."""
    rng = random.Random(seed)
    found: list[middleearth.State] = []
    while len(found) < count:
        state = game.new_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply(middleearth.sample_chance(state, rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < keep:
                found.append(state.clone())
            state.apply(play(state, rng))
    return found
