"""The Lord of the Rings on one core: random and heuristic playouts (games/s, steps/s), the
heuristic policy's cost per decision, and ismcts decisions per second.

A step is one applied action, chance included. Playouts run for ``--seconds`` each. The ismcts
positions are seat decisions with two or more options met in seeded games of the heuristic team;
each is timed with a fresh agent (no tree reused), with the default greedy rollouts to the end
of the turn, for a few iteration counts.

    .venv/bin/python benchmarks/bench_fellowship.py [--seconds 10] [--players 3] \\
        [--decisions 20] [--iterations 10 30 100]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import middleearth
from middleearth.agents import make_agent
from middleearth.games.fellowship.heuristics import FellowshipHeuristics

from decisions import decision_states
from playouts import play_for


def playouts(players: int, seconds: float, policy: str, seed: int = 1) -> dict[str, Any]:
    """Games played by ``policy`` (random, or the heuristic for every seat) for ``seconds``."""
    game = middleearth.load("fellowship", players=players)
    heuristics = FellowshipHeuristics()
    choose = None if policy == "random" else (lambda state: heuristics.policy(state, state.current_player))
    row = play_for(game, seconds, choose, seed)
    del row["returns"]
    if "policy_ms_per_decision" in row:
        row["policy_us_per_decision"] = 1e3 * row.pop("policy_ms_per_decision")
    return {"benchmark": "fellowship playouts", "players": players, "policy": policy, **row}


def positions(players: int, count: int, seed: int) -> list[middleearth.State]:
    """``count`` seat decisions with two or more options, spread over seeded heuristic games."""
    heuristics = FellowshipHeuristics()
    return decision_states(middleearth.load("fellowship", players=players), count, seed,
                           lambda state, rng: heuristics.policy(state, state.current_player), keep=0.1)


def ismcts_speed(found: list[middleearth.State], iterations: int, agent: str = "ismcts") -> dict[str, Any]:
    times = []
    for number, state in enumerate(found):
        chooser = make_agent(agent, state.game, state.current_player, seed=number, iterations=iterations)
        begun = time.perf_counter()
        chooser.choose(state)
        times.append(time.perf_counter() - begun)
    median = statistics.median(times)
    return {"benchmark": "fellowship search", "agent": agent, "players": found[0].game.num_players,
            "iterations": iterations, "median_ms": 1000 * median, "decisions_per_s": 1 / median,
            "mean_ms": 1000 * statistics.mean(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of playouts per row")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=20, help="positions timed per ismcts row")
    parser.add_argument("--iterations", type=int, nargs="+", default=[10, 30, 100])
    args = parser.parse_args()
    rows = [playouts(args.players, args.seconds, policy) for policy in ("random", "heuristic")]
    for row in rows:
        extra = f", {row['policy_us_per_decision']:.0f} us per policy call" if "policy_us_per_decision" in row else ""
        print(f"{args.players}p {row['policy']:9} playouts: {row['games_per_s']:7.1f} games/s "
              f"{row['steps_per_s']:9.0f} steps/s{extra}", flush=True)
    found = positions(args.players, args.decisions, seed=1)
    for iterations in args.iterations:
        row = ismcts_speed(found, iterations)
        rows.append(row)
        print(f"{args.players}p ismcts {iterations:>4} iterations: median {row['median_ms']:8.1f} ms "
              f"({row['decisions_per_s']:.2f} decisions/s, mean {row['mean_ms']:.1f} ms)", flush=True)
    for row in rows:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
