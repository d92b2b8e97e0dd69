"""Peak memory of a 10,000-game simulation of Journey to Mordor (random agents, in process).

The process's peak resident size (getrusage), which counts the interpreter and its libraries
too; with --trace, also the peak of Python allocations (tracemalloc, which slows the run several
times over). The rows themselves are most of what stays: about one small record per game.

    .venv/bin/python benchmarks/bench_memory.py [--games 10000] [--trace]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
import tracemalloc

from middleearth.lab import simulate


def measure(games: int, players: int = 4, trace: bool = False) -> dict[str, float]:
    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    rows = simulate("mordor", {"players": players}, "random", games=games, seed=1, backend="inline")
    elapsed = time.perf_counter() - start
    figures: dict[str, float] = {}
    if trace:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        figures = {"tracemalloc_peak_mb": peak / 2**20, "bytes_per_game": peak / len(rows)}
    # ru_maxrss is in kilobytes on Linux and in bytes on macOS.
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (1024 if sys.platform == "darwin" else 1)
    rss = peak_kb / 1024
    return {"games": len(rows), **figures, "max_rss_mb": rss, "seconds": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--trace", action="store_true", help="also trace Python allocations (slow)")
    args = parser.parse_args()
    print(json.dumps({k: round(v, 2) for k, v in measure(args.games, trace=args.trace).items()}))


if __name__ == "__main__":
    main()
