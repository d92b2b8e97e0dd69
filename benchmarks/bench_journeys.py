"""Journeys in Middle-earth on one core: random and heuristic playouts (games/s, steps/s), the
heuristic hero's cost per decision, and what one step costs the hub (an observation, a clone).

A step is one applied action, chance included (every skill, damage and fear card revealed is
one). Playouts run for ``--seconds`` each, on both adventures.

    .venv/bin/python benchmarks/bench_journeys.py [--seconds 10] [--players 2 4]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import middleearth
from middleearth.games.journeys.heuristics import JourneysHeuristics

from playouts import play_for

ADVENTURES = ("cold-lanterns", "emberfall-skirmish")


def playouts(players: int, adventure: str, seconds: float, policy: str, seed: int = 1) -> dict[str, Any]:
    """Games played by ``policy`` (random, or the heuristic hero in every seat) for ``seconds``."""
    game = middleearth.load("journeys", players=players, adventure=adventure)
    heuristics = JourneysHeuristics()
    choose = None if policy == "random" else (lambda state: heuristics.policy(state, state.current_player))
    row = play_for(game, seconds, choose, seed)
    wins = sum(1 for returns in row.pop("returns") if returns[0] > 0)  # cooperative: one return for all
    return {"benchmark": "journeys playouts", "players": players, "adventure": adventure, "policy": policy,
            **row, "wins": wins}


def step_costs(players: int, seed: int = 1, samples: int = 300) -> dict[str, Any]:
    """Mean cost of what the hub does at each version: the spectator's observation, its text, a
    clone (what search does per node), over states met in a random game."""
    game = middleearth.load("journeys", players=players)
    rng = random.Random(seed)
    state, seen = game.new_state(), []
    while not state.is_terminal() and len(seen) < samples:
        seen.append(state.clone())
        state.apply(middleearth.sample_chance(state, rng) if state.is_chance_node()
                    else rng.choice(state.legal_actions()))
    row: dict[str, Any] = {"benchmark": "journeys step costs", "players": players, "states": len(seen)}
    for name, work in (("observation", lambda s: s.observation(None)), ("text", lambda s: s.text(None)),
                       ("legal_actions", lambda s: s.legal_actions()), ("clone", lambda s: s.clone())):
        begun = time.perf_counter()
        for each in seen:
            work(each)
        row[f"{name}_us"] = 1e6 * (time.perf_counter() - begun) / len(seen)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of playouts per row")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    rows = []
    for players in args.players:
        for adventure in ADVENTURES:
            for policy in ("random", "heuristic"):
                row = playouts(players, adventure, args.seconds, policy)
                rows.append(row)
                extra = (f", {row['policy_ms_per_decision']:.2f} ms per decision"
                         if "policy_ms_per_decision" in row else "")
                print(f"{players} heroes {adventure:18} {policy:9}: {row['games_per_s']:6.1f} games/s "
                      f"{row['steps_per_s']:7.0f} steps/s, won {row['wins']}/{row['games']}{extra}", flush=True)
        costs = step_costs(players)
        rows.append(costs)
        print(f"{players} heroes, per state: observation {costs['observation_us']:.0f} us, text "
              f"{costs['text_us']:.0f} us, legal actions {costs['legal_actions_us']:.0f} us, clone "
              f"{costs['clone_us']:.0f} us", flush=True)
    for row in rows:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
