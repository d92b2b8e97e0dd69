"""ismcts decisions per second on the two-suit tricks test game, for a few iteration counts.

The game is the small hidden-hand game of the agent tests (``tests/agents/toygame.py``): two
seats, four cards each. Positions are every decision with more than one choice in seeded random
games; each is timed with a fresh agent, so no tree is reused. Rollouts are random to the end of
the game (``horizon=0``) or the game's greedy policy for one trick (``horizon=1``, the default).
The all-seeing agent is timed once for comparison: same search on the true state, no re-deal.

    .venv/bin/python benchmarks/bench_ismcts.py [--decisions 40] [--iterations 50 100 200 400]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "agents"))

import middleearth  # noqa: E402
from middleearth.agents import make_agent  # noqa: E402
from toygame import TricksGame  # noqa: E402

from decisions import decision_states  # noqa: E402

SETTINGS = {"random rollouts to the end": {"rollout": "random", "horizon": 0},
            "greedy rollouts, one trick": {"rollout": "greedy", "horizon": 1}}


def positions(count: int, seed: int) -> list[middleearth.State]:
    """``count`` states where a seat chooses between two or more cards."""
    return decision_states(TricksGame(), count, seed, lambda state, rng: rng.choice(state.legal_actions()))


def measure(agent: str, iterations: int, params: dict, found: list[middleearth.State]) -> dict[str, float]:
    times = []
    for number, state in enumerate(found):
        chooser = make_agent(agent, state.game, state.current_player, seed=number, iterations=iterations, **params)
        start = time.perf_counter()
        chooser.choose(state)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    return {"median_ms": 1000 * median, "decisions_per_s": 1 / median,
            "iterations_per_s": iterations * len(times) / sum(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40, help="positions timed per row")
    parser.add_argument("--iterations", type=int, nargs="+", default=[50, 100, 200, 400])
    args = parser.parse_args()
    found = positions(args.decisions, seed=1)
    rows = []
    for setting, params in SETTINGS.items():
        for iterations in args.iterations:
            rows.append({"agent": "ismcts", "setting": setting, "iterations": iterations,
                         **measure("ismcts", iterations, params, found)})
    middle = sorted(args.iterations)[len(args.iterations) // 2]
    rows.append({"agent": "allseeing", "setting": "random rollouts to the end", "iterations": middle,
                 **measure("allseeing", middle, SETTINGS["random rollouts to the end"], found)})
    print(f"{'agent':10} {'setting':28} {'iterations':>10} {'median':>9} {'decisions/s':>12} {'iterations/s':>13}")
    for row in rows:
        print(f"{row['agent']:10} {row['setting']:28} {row['iterations']:>10} {row['median_ms']:7.1f}ms "
              f"{row['decisions_per_s']:12.1f} {row['iterations_per_s']:13.0f}")
    for row in rows:
        print(json.dumps({"benchmark": "ismcts", "game": "toy-tricks", **row}))


if __name__ == "__main__":
    main()
