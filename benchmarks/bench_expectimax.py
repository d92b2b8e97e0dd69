"""Expectimax decision time with five dice rolled (the first decision of a turn), after warm-up.

Warm-up compiles each kind of turn met once (``middleearth.games.mordor.solver``); it is timed
apart. Each measured decision is a fresh agent on a fresh position (so nothing of that position
is cached), reached by greedy play from a seeded game. The plain search without the game's hook
is timed on a few positions of the same kind for comparison.

    .venv/bin/python benchmarks/bench_expectimax.py [--decisions 60] [--plain 2]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import middleearth
from middleearth.agents.expectimax import ExpectimaxAgent
from middleearth.games.mordor import solver


def positions(players: int, variant: str, count: int, seed: int) -> list[middleearth.State]:
    """``count`` positions with five dice just rolled, from greedy games."""
    game = middleearth.load("mordor", players=players, variant=variant)
    heuristics = game.heuristics()
    rng = random.Random(seed)
    found: list[middleearth.State] = []
    while len(found) < count:
        state = game.new_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply(middleearth.sample_chance(state, rng))
                if len(state.hand) == len(state.parts.dice) and not state.is_chance_node():
                    found.append(state.clone())
            else:
                state.apply(heuristics.policy(state, state.current_player))
    return found


def timed(agent: ExpectimaxAgent, state: middleearth.State) -> float:
    start = time.perf_counter()
    agent.choose(state)
    return time.perf_counter() - start


def measure(players: int, variant: str, decisions: int, plain: int) -> dict[str, object]:
    solver._GRAPHS.clear()
    found = positions(players, variant, decisions, seed=players)
    warm = [timed(ExpectimaxAgent(state.game, state.current_player), state) for state in found]
    cold = [t for t, kinds in zip(warm, _kinds_seen(found)) if kinds]
    times = sorted(timed(ExpectimaxAgent(state.game, state.current_player), state) for state in found)
    slow = [timed(ExpectimaxAgent(state.game, state.current_player, fast=False), state) for state in found[:plain]]
    return {
        "game": f"mordor {players}p {variant}",
        "decisions": len(times),
        "median_ms": 1000 * statistics.median(times),
        "p90_ms": 1000 * times[int(0.9 * (len(times) - 1))],
        "kinds_of_turn": len(solver._GRAPHS),
        "compile_median_s": statistics.median(cold) if cold else 0.0,
        "plain_search_s": statistics.median(slow) if slow else None,
    }


def _kinds_seen(found: list[middleearth.State]) -> list[bool]:
    """Whether each position was the first of its kind of turn (its timing includes compiling)."""
    seen: set[object] = set()
    first = []
    for state in found:
        classes = tuple(solver.relative_class(state, die) for die in range(len(state.parts.dice)))
        key = (state.feature(), classes)
        first.append(key not in seen)
        seen.add(key)
    return first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=60, help="positions measured per table")
    parser.add_argument("--plain", type=int, default=2, help="positions also timed without the game's hook")
    args = parser.parse_args()
    rows = [measure(players, variant, args.decisions, args.plain)
            for players, variant in ((2, "basic"), (3, "basic"), (4, "basic"), (2, "locations"), (4, "locations"))]
    print(f"{'game':22} {'median':>9} {'p90':>9} {'kinds':>6} {'compile':>9} {'plain search':>13}")
    for row in rows:
        plain = "-" if row["plain_search_s"] is None else f"{row['plain_search_s']:.2f} s"
        print(f"{row['game']:22} {row['median_ms']:7.1f}ms {row['p90_ms']:7.1f}ms {row['kinds_of_turn']:>6} "
              f"{row['compile_median_s']:7.2f} s {plain:>13}")
    for row in rows:
        print(json.dumps({"benchmark": "expectimax", **row}))


if __name__ == "__main__":
    main()
