"""Random playouts through the public contract: games/s and steps/s of Journey to Mordor on one core.

In the same run, the same loop plays OpenSpiel's ``pig`` (a C++ game driven from Python), so the
figure can be read as a ratio that does not depend on how fast this machine is. A step is one
applied action, chance included.

    .venv/bin/python benchmarks/bench_playouts.py [--seconds 10]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any, Callable

import middleearth

GOAL_STEPS = 20_000


def timed_playouts(name: str, seconds: float, new_state: Callable[[], Any], step: Callable[[Any], None]) -> dict[str, Any]:
    """Play games from ``new_state`` with ``step`` (one action each) for ``seconds``."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state()
        while not state.is_terminal():
            step(state)
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"game": name, "games_per_s": games / elapsed, "steps_per_s": steps / elapsed}


def mordor_playouts(seconds: float, players: int, variant: str, seed: int = 1) -> dict[str, Any]:
    game = middleearth.load("mordor", players=players, variant=variant)
    rng = random.Random(seed)

    def step(state: middleearth.State) -> None:
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))

    return timed_playouts(f"mordor {players}p {variant}", seconds, game.new_state, step)


def pig_playouts(seconds: float, seed: int = 1) -> dict[str, Any] | None:
    """OpenSpiel's pig through its Python bindings, or None when open-spiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("pig")
    rng = random.Random(seed)

    def step(state: Any) -> None:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))

    return timed_playouts("open_spiel pig", seconds, game.new_initial_state, step)


def run(seconds: float) -> list[dict[str, Any]]:
    results = [mordor_playouts(seconds, players, variant) for players, variant in
               ((4, "basic"), (4, "locations"), (2, "basic"))]
    pig = pig_playouts(seconds)
    if pig is not None:
        for result in results:
            result["vs_pig"] = result["steps_per_s"] / pig["steps_per_s"]
        results.append(pig)
    for result in results:
        if result["game"].startswith("mordor"):
            result["meets_goal"] = result["steps_per_s"] >= GOAL_STEPS
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time spent on each game")
    args = parser.parse_args()
    for result in run(args.seconds):
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in result.items()}))


if __name__ == "__main__":
    main()
