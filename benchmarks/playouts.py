"""Timed playouts through the public contract, shared by the game benchmarks (not a benchmark itself)."""

from __future__ import annotations

import random
import time
from typing import Any, Callable

import middleearth


def play_for(game: middleearth.Game, seconds: float, choose: Callable[[middleearth.State], middleearth.Action] | None,
             seed: int = 1) -> dict[str, Any]:
    """Whole games for ``seconds``: chance sampled, seats played by ``choose`` (None: random
    legal actions). Returns games/s, steps/s (a step is one applied action, chance included), the
    games and their finished states' returns, and the ms ``choose`` took per decision."""
    rng = random.Random(seed)
    games = steps = decisions = 0
    policy_time = 0.0
    returns = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(middleearth.sample_chance(state, rng))
            elif choose is None:
                state.apply(rng.choice(state.legal_actions()))
            else:
                begun = time.perf_counter()
                action = choose(state)
                policy_time += time.perf_counter() - begun
                decisions += 1
                state.apply(action)
            steps += 1
        games += 1
        returns.append(state.returns())
    elapsed = time.perf_counter() - start
    row = {"games_per_s": games / elapsed, "steps_per_s": steps / elapsed, "games": games, "returns": returns}
    if decisions:
        row["policy_ms_per_decision"] = 1e3 * policy_time / decisions
    return row
