"""The balance study of The Lord of the Rings (docs/fellowship-balance.md): every figure and table.

Plays seeded games for 2 to 5 players at Sauron 15, 12 and 10 with random and heuristic
(``greedy``) teams, and a few games of ismcts and allseeing teams in one cell; keeps one small
record per game in docs/figures/fellowship-results.json; draws the PNG plots under docs/figures/
and rewrites the tables of docs/fellowship-balance.md between its ``<!-- tables -->`` markers.

    .venv/bin/python scripts/fellowship_balance.py              # play everything, then draw
    .venv/bin/python scripts/fellowship_balance.py --draw-only  # redraw from the saved records
    .venv/bin/python scripts/fellowship_balance.py --search-only   # replay only the search teams
    .venv/bin/python scripts/fellowship_balance.py --workers 2 --random-games 500 --heuristic-games 300 \
        --search-iterations 10 --search-games 30

The same arguments give the same games: cell ``(agent, players, sauron)`` is seeded from
``--seed`` and its own numbers, and game ``i`` of a cell from that seed and ``i`` (the lab's
``derive_seed``), on any number of workers.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import middleearth
from middleearth.agents import make_agent
from middleearth.core.contract import CHANCE, sample_chance
from middleearth.games.fellowship.figures import figures
from middleearth.lab import derive_seed, simulate, wilson
from middleearth.lab.stats import mean_ci

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "docs" / "figures"
RESULTS = FIGURES / "fellowship-results.json"
DOC = ROOT / "docs" / "fellowship-balance.md"
PLAYERS = (2, 3, 4, 5)
SAURON = (15, 12, 10)  # introductory, standard, expert
SAURON_NAMES = {15: "15 (introductory)", 12: "12 (standard)", 10: "10 (expert)"}
AGENT_CODES = {"random": 1, "greedy": 2, "ismcts": 3, "allseeing": 4}
KEPT = ("destroyed", "score", "outcome", "location", "conflicts_completed", "last_event")


# -- playing ----------------------------------------------------------------------------------


def cell_seed(seed: int, agent: str, players: int, sauron: int) -> int:
    return derive_seed(seed, AGENT_CODES[agent], players, sauron)


def lab_cell(agent: str, players: int, sauron: int, games: int, seed: int, workers: int) -> dict[str, Any]:
    """A cell played by the lab (agents with their default parameters)."""
    begun = time.perf_counter()
    rows = simulate("fellowship", {"players": players, "sauron": str(sauron)}, agent, games=games,
                    seed=cell_seed(seed, agent, players, sauron), workers=workers)
    records = [{name: row.figures[name] for name in KEPT} for row in rows]
    return {"agent": agent, "players": players, "sauron": sauron, "iterations": None,
            "seconds": time.perf_counter() - begun, "games": records}


def search_game(job: tuple[str, int, int, int, int, int]) -> dict[str, Any]:
    """One game of a search team (every seat the same agent, ``iterations`` per decision)."""
    agent, players, sauron, iterations, game_seed, _index = job
    game = middleearth.load("fellowship", players=players, sauron=str(sauron))
    rng = random.Random(game_seed)
    seats = [make_agent(agent, game, seat, seed=derive_seed(game_seed, seat), iterations=iterations)
             for seat in range(players)]
    state = game.new_state()
    try:
        while not state.is_terminal():
            mover = state.current_player
            state.apply(sample_chance(state, rng) if mover == CHANCE else seats[mover].choose(state))
    except Exception as error:  # an engine error inside a search: counted and shown, never hidden
        return {"error": f"{type(error).__name__}: {error}"}
    found = figures(state)
    return {name: found[name] for name in KEPT}


def search_cell(agent: str, players: int, sauron: int, games: int, iterations: int, seed: int,
                workers: int) -> dict[str, Any]:
    begun = time.perf_counter()
    base = cell_seed(seed, agent, players, sauron)
    jobs = [(agent, players, sauron, iterations, derive_seed(base, i), i) for i in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            records = list(pool.map(search_game, jobs))
    else:
        records = [search_game(job) for job in jobs]
    errors = [r["error"] for r in records if "error" in r]
    return {"agent": agent, "players": players, "sauron": sauron, "iterations": iterations,
            "seconds": time.perf_counter() - begun, "games": [r for r in records if "error" not in r],
            "errors": errors}


def play_all(args: argparse.Namespace, kept: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Every cell; ``kept`` cells of the random and heuristic teams are reused instead of replayed."""
    cells = list(kept or [])
    for agent, games in (("random", args.random_games), ("greedy", args.heuristic_games)):
        if kept:
            break
        for players in PLAYERS:
            for sauron in SAURON:
                cell = lab_cell(agent, players, sauron, games, args.seed, args.workers)
                print(f"{agent:9} {players}p Sauron {sauron:2}: {_wins_text(cell)} in {cell['seconds']:.0f} s",
                      flush=True)
                cells.append(cell)
    if not kept:  # the long part is safe on disk before the search teams start
        save({"seed": args.seed, "workers": args.workers, "cells": cells, "engine": engine_version(),
              "total_seconds": sum(cell["seconds"] for cell in cells)})
    if len(args.search_games) != len(args.search_iterations):
        raise SystemExit("give one --search-games count for each --search-iterations value")
    for iterations, games in zip(args.search_iterations, args.search_games):
        for players in args.search_players:
            for sauron in args.search_sauron:
                for agent in ("ismcts", "allseeing"):
                    cell = search_cell(agent, players, sauron, games, iterations, args.seed, args.workers)
                    print(f"{agent:9} {players}p Sauron {sauron:2}, {iterations} iterations: "
                          f"{_wins_text(cell)} in {cell['seconds']:.0f} s", flush=True)
                    cells.append(cell)
    return {"seed": args.seed, "workers": args.workers, "cells": cells, "engine": engine_version(),
            "total_seconds": sum(cell["seconds"] for cell in cells)}


def engine_version() -> str:
    """The commit the games ran on, marked when the fellowship package had uncommitted changes."""
    import subprocess

    def git(*words: str) -> str:
        return subprocess.run(["git", *words], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    dirty = git("status", "--porcelain", "--", "src/middleearth/games/fellowship")
    return git("rev-parse", "--short", "HEAD") + (" with uncommitted changes to the game" if dirty else "")


def _wins_text(cell: dict[str, Any]) -> str:
    games = cell["games"]
    return (f"{wilson(sum(g['destroyed'] for g in games), len(games)).percent()} destroyed, "
            f"mean score {statistics.mean(g['score'] for g in games):.1f} ({len(games)} games)")


def save(results: dict[str, Any]) -> None:
    """The records, one row of ``KEPT`` values per game (a third the size of one object each)."""
    cells = [{**cell, "games": [[g[name] for name in KEPT] for g in cell["games"]]} for cell in results["cells"]]
    text = json.dumps({**results, "fields": list(KEPT), "cells": cells}, separators=(",", ":"))
    RESULTS.write_text(text.replace("]],", "]],\n"), encoding="utf-8")


def load() -> dict[str, Any]:
    results = json.loads(RESULTS.read_text(encoding="utf-8"))
    fields = results.pop("fields", None)
    if fields is not None:
        for cell in results["cells"]:
            cell["games"] = [dict(zip(fields, values)) for values in cell["games"]]
    return results


# -- tables -----------------------------------------------------------------------------------


def find(results: dict[str, Any], agent: str, players: int, sauron: int) -> dict[str, Any] | None:
    for cell in results["cells"]:
        if (cell["agent"], cell["players"], cell["sauron"]) == (agent, players, sauron):
            return cell
    return None


def win_table(results: dict[str, Any], agent: str) -> str:
    lines = ["| players | " + " | ".join(f"Sauron {SAURON_NAMES[s]}" for s in SAURON) + " |",
             "|---|" + "---|" * len(SAURON)]
    for players in PLAYERS:
        cells = []
        for sauron in SAURON:
            cell = find(results, agent, players, sauron)
            games = cell["games"]
            cells.append(wilson(sum(g["destroyed"] for g in games), len(games)).percent())
        lines.append(f"| {players} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def score_table(results: dict[str, Any], agent: str) -> str:
    """Mean score with its interval, and the quartiles, per cell."""
    lines = ["| players | " + " | ".join(f"Sauron {s}: mean [95% CI]; quartiles" for s in SAURON) + " |",
             "|---|" + "---|" * len(SAURON)]
    for players in PLAYERS:
        cells = []
        for sauron in SAURON:
            scores = [g["score"] for g in find(results, agent, players, sauron)["games"]]
            q1, q2, q3 = statistics.quantiles(scores, n=4)
            cells.append(f"{mean_ci(scores).text(1)}; {q1:g} / {q2:g} / {q3:g}")
        lines.append(f"| {players} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def search_table(results: dict[str, Any]) -> str:
    lines = ["| team | players | Sauron | iterations | games | Ring destroyed [95% CI] | mean score [95% CI] | "
             "reached Mordor | seconds | games stopped by an engine error |", "|---|---|---|---|---|---|---|---|---|---|"]
    search = [c for c in results["cells"] if c["iterations"] is not None]
    if not search:
        return "(no search cells in this run)"
    players, sauron = search[0]["players"], search[0]["sauron"]
    cells = [find(results, agent, players, sauron) for agent in ("random", "greedy")]
    for cell in [c for c in cells if c is not None] + search:
        agent = cell["agent"]
        games = cell["games"]
        mordor = sum(g["location"] == "mordor" or g["destroyed"] for g in games)
        lines.append(f"| {_team(agent)} | {players} | {sauron} | {cell['iterations'] or '-'} | {len(games)} | "
                     f"{wilson(sum(g['destroyed'] for g in games), len(games)).percent()} | "
                     f"{mean_ci([g['score'] for g in games]).text(1)} | "
                     f"{wilson(mordor, len(games)).percent()} | {cell['seconds']:.0f} | "
                     f"{len(cell.get('errors', [])) if agent in ('ismcts', 'allseeing') else '-'} |")
    return "\n".join(lines)


def _team(agent: str) -> str:
    return {"greedy": "heuristic (greedy)"}.get(agent, agent)


def ends_table(results: dict[str, Any], field: str, top: int) -> str:
    """What most often ended the quest, for the random and heuristic teams over all their cells."""
    lines = [f"| {'value':s} | heuristic team | random team |", "|---|---|---|"]
    counts = {agent: Counter() for agent in ("greedy", "random")}
    totals = {agent: 0 for agent in counts}
    for cell in results["cells"]:
        if cell["agent"] in counts:
            for g in cell["games"]:
                if not g["destroyed"]:
                    counts[cell["agent"]][_place(g[field])] += 1
                    totals[cell["agent"]] += 1
    order = [v for v, _ in (counts["greedy"] + counts["random"]).most_common(top)]
    for value in order:
        shares = [wilson(counts[a][value], totals[a]).percent() if totals[a] else "-" for a in ("greedy", "random")]
        lines.append(f"| {value} | " + " | ".join(shares) + " |")
    lines.append(f"| (lost games) | {totals['greedy']} | {totals['random']} |")
    return "\n".join(lines)


def _place(value: Any) -> str:
    names = {"moria": "Moria", "helms_deep": "Helm's Deep", "shelobs_lair": "Shelob's Lair", "mordor": "Mordor",
             "bag_end": "Bag End", "rivendell": "Rivendell", "lothlorien": "Lothlórien"}
    return names.get(value, str(value).replace("_", " "))


def outcome_table(results: dict[str, Any]) -> str:
    lines = ["| outcome | heuristic team | random team |", "|---|---|---|"]
    counts = {agent: Counter() for agent in ("greedy", "random")}
    for cell in results["cells"]:
        if cell["agent"] in counts:
            counts[cell["agent"]].update(g["outcome"] for g in cell["games"])
    totals = {a: sum(c.values()) for a, c in counts.items()}
    for value, _ in (counts["greedy"] + counts["random"]).most_common():
        lines.append(f"| {value.replace('_', ' ')} | " + " | ".join(
            wilson(counts[a][value], totals[a]).percent() for a in ("greedy", "random")) + " |")
    return "\n".join(lines)


def tables(results: dict[str, Any]) -> str:
    search = [c for c in results["cells"] if c["iterations"] is not None]
    lab_seconds = {a: sum(c["seconds"] for c in results["cells"] if c["agent"] == a) for a in ("random", "greedy")}
    sizes = {a: len(find(results, a, 2, 15)["games"]) for a in ("random", "greedy")}
    parts = [
        f"Engine: commit {results.get('engine', 'unrecorded')}. "
        f"Seed {results['seed']}, {results['workers']} worker(s); {sizes['random']} games per cell for the random "
        f"team ({lab_seconds['random'] / 60:.1f} min in all), {sizes['greedy']} for the heuristic team "
        f"({lab_seconds['greedy'] / 60:.1f} min), and the search teams "
        f"({sum(c['seconds'] for c in search) / 60:.1f} min): {results['total_seconds'] / 60:.1f} minutes of wall "
        "time for the whole study.",
        "### Ring destroyed: the heuristic team (95% Wilson intervals)", win_table(results, "greedy"),
        "### Ring destroyed: the random team", win_table(results, "random"),
        "### Score: the heuristic team (mean with its 95% interval; first quartile / median / third quartile)",
        score_table(results, "greedy"),
        "### Score: the random team", score_table(results, "random"),
        "### Search teams against the others, in one cell", search_table(results),
        "### How the quest ends (every cell of each team)", outcome_table(results),
        "### Where a lost quest stops (the Conflict or Safe Haven reached)", ends_table(results, "location", 8),
        "### The last event before a lost quest ends (the ten most frequent)", ends_table(results, "last_event", 10),
    ]
    return "\n\n".join(parts)


def write_tables(results: dict[str, Any]) -> None:
    text = DOC.read_text(encoding="utf-8")
    begin, end = "<!-- tables: begin (scripts/fellowship_balance.py writes this part) -->", "<!-- tables: end -->"
    if begin not in text or end not in text:
        raise SystemExit(f"{DOC} has no {begin} ... {end} markers: add them where the tables go")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    DOC.write_text(f"{head}{begin}\n\n{tables(results)}\n\n{end}{tail}", encoding="utf-8")


# -- plots ------------------------------------------------------------------------------------


def plots(results: dict[str, Any]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []
    figure, axes = plt.subplots(1, len(SAURON), figsize=(12, 4), sharey=True)
    for ax, sauron in zip(axes, SAURON):
        for agent, colour, shift in (("greedy", "#3c6e9f", -0.12), ("random", "#b0792f", 0.12)):
            xs, ys, low, high = [], [], [], []
            for players in PLAYERS:
                games = find(results, agent, players, sauron)["games"]
                rate = wilson(sum(g["destroyed"] for g in games), len(games))
                xs.append(players + shift)
                ys.append(100 * rate.value)
                low.append(max(0.0, 100 * (rate.value - rate.low)))  # never below 0 by rounding
                high.append(max(0.0, 100 * (rate.high - rate.value)))
            ax.errorbar(xs, ys, yerr=[low, high], fmt="o", capsize=4, color=colour, label=_team(agent))
        ax.set_title(f"Sauron starts on {sauron}")
        ax.set_xlabel("players")
        ax.set_xticks(PLAYERS)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("Ring destroyed, % of games (95% CI)")
    axes[0].legend()
    written.append(_save(plt, figure, FIGURES / "fellowship-win-rate.png"))

    figure, axes = plt.subplots(1, len(SAURON), figsize=(12, 4), sharey=True)
    for ax, sauron in zip(axes, SAURON):
        data = [[g["score"] for g in find(results, "greedy", p, sauron)["games"]] for p in PLAYERS]
        ax.boxplot(data, tick_labels=[str(p) for p in PLAYERS])
        ax.axhline(60, color="#999999", linestyle="--", linewidth=1)
        ax.set_title(f"heuristic team, Sauron {sauron}")
        ax.set_xlabel("players")
    axes[0].set_ylabel("score (Ring destroyed: 60 + runes; lost: 60 at most)")
    written.append(_save(plt, figure, FIGURES / "fellowship-scores.png"))

    figure, ax = plt.subplots(figsize=(9, 4))
    places = ["moria", "helms_deep", "shelobs_lair", "mordor", "destroyed"]
    labels = []
    bottoms = []
    shares = {place: [] for place in places}
    for sauron in SAURON:
        for players in PLAYERS:
            games = find(results, "greedy", players, sauron)["games"]
            labels.append(f"{players}p/{sauron}")
            for place in places:
                if place == "destroyed":
                    count = sum(g["destroyed"] for g in games)
                else:
                    count = sum(g["location"] == place and not g["destroyed"] for g in games)
                shares[place].append(100 * count / len(games))
    bottoms = [0.0] * len(labels)
    colours = ["#6b4f3a", "#8c8c5a", "#5a6b8c", "#8c3a3a", "#3a8c4f"]
    for place, colour in zip(places, colours):
        ax.bar(labels, shares[place], bottom=bottoms, color=colour, label=_place(place) if place != "destroyed"
               else "Ring destroyed")
        bottoms = [b + s for b, s in zip(bottoms, shares[place])]
    ax.set_ylabel("% of games")
    ax.set_title("heuristic team: where the quest ends (players / Sauron's start)")
    ax.tick_params(axis="x", labelrotation=60)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    written.append(_save(plt, figure, FIGURES / "fellowship-ends.png"))
    return written


def _save(plt: Any, figure: Any, path: Path) -> Path:
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--random-games", type=int, default=500)
    parser.add_argument("--heuristic-games", type=int, default=300)
    parser.add_argument("--search-games", type=int, nargs="+", default=[30],
                        help="games of each search team, one count per --search-iterations value")
    parser.add_argument("--search-iterations", type=int, nargs="+", default=[10])
    parser.add_argument("--search-players", type=int, nargs="+", default=[3])
    parser.add_argument("--search-sauron", type=int, nargs="+", default=[15])
    parser.add_argument("--draw-only", action="store_true", help="redraw plots and tables from the saved records")
    parser.add_argument("--search-only", action="store_true",
                        help="replay only the ismcts and allseeing cells, keeping the saved random and heuristic ones")
    args = parser.parse_args()
    FIGURES.mkdir(parents=True, exist_ok=True)
    if args.draw_only:
        results = load()
    elif args.search_only:
        results = play_all(args, kept=[c for c in load()["cells"] if c["iterations"] is None])
        save(results)
    else:
        results = play_all(args)
        save(results)
    for path in plots(results):
        print(f"wrote {path.relative_to(ROOT)}")
    write_tables(results)
    print(f"wrote the tables of {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
