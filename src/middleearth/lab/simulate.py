"""Play many games with chosen agents and get one row per game.

The rows depend only on the game, its options, the agents and the seed: game ``i`` draws its
dice from a seed derived from ``(seed, i)`` and each agent from ``(that seed, seat)``, so the
same call gives the same rows in process, on a pool of any size, or on a Ray cluster.

A game may lend the lab its own figures: a module ``figures`` in the game's package with a
function ``figures(state) -> dict`` called on each finished game. A value is a number, a yes/no
(shown as a rate), a text (an outcome, a place: shown as the share of games for each text), or
a list with one number per seat. A ``turns`` entry, if given, is the
game's own count of turns; otherwise a turn is counted each time the seat to move changes.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Iterable, Sequence

from middleearth.agents import make_agent, parse_agent_spec
from middleearth.core.contract import CHANCE, Game, State, sample_chance
from middleearth.core.errors import BadOption
from middleearth.core.registry import load

BACKENDS = ("inline", "process", "ray")
Figures = dict[str, Any]


@dataclass(frozen=True)
class Row:
    """One finished game. ``winners`` are the seats with the highest return, when it is above 0."""

    index: int
    seed: int
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    actions: int
    turns: int
    figures: Figures = field(default_factory=dict)

    def flat(self) -> dict[str, Any]:
        """One flat record for a table: per-seat values become ``name_0``, ``name_1``, ..."""
        record: dict[str, Any] = {
            "game": self.index,
            "seed": self.seed,
            "winners": " ".join(map(str, self.winners)),
            "actions": self.actions,
            "turns": self.turns,
        }
        record.update({f"return_{seat}": value for seat, value in enumerate(self.returns)})
        for name, value in self.figures.items():
            if isinstance(value, (list, tuple)):
                record.update({f"{name}_{seat}": v for seat, v in enumerate(value)})
            else:
                record[name] = value
        return record


def derive_seed(*parts: int) -> int:
    """A 63-bit seed from integers, the same on every machine and Python (unlike ``hash``)."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def simulate(
    game_name: str,
    options: dict[str, Any] | None = None,
    agents: Sequence[str] | str = "random",
    games: int = 100,
    seed: int = 0,
    workers: int = 1,
    backend: str = "process",
    progress: Callable[[int], None] | None = None,
) -> list[Row]:
    """Play ``games`` games of ``game_name`` and return their rows in game order.

    ``agents`` names one agent per seat (or one name for every seat). ``progress`` is called
    with the number of games just finished. Bad options raise BadOption before any game runs.

    >>> rows = simulate("mordor", {"players": 2}, "random", games=3, seed=1, backend="inline")
    >>> [row.index for row in rows]
    [0, 1, 2]
    """
    options = dict(options or {})
    game = load(game_name, **options)
    seats = check_agents(agents, game.num_players)
    if games < 1:
        raise BadOption(f"games={games}: play at least 1 game")
    if workers < 1:
        raise BadOption(f"workers={workers}: use at least 1 worker")
    if backend not in BACKENDS:
        raise BadOption(f"no backend {backend!r}: use one of {', '.join(BACKENDS)}")
    job = (game_name, tuple(sorted(options.items())), seats, seed)
    chunks = _chunks(games, workers)
    if backend == "inline" or (backend == "process" and workers == 1):
        results: Iterable[list[Row]] = (_play_chunk(job, chunk) for chunk in chunks)
    elif backend == "process":
        results = _on_pool(job, chunks, workers)
    else:
        results = _on_ray(job, chunks, workers)
    rows: list[Row] = []
    for done in results:
        rows += done
        if progress is not None:
            progress(len(done))
    rows.sort(key=lambda row: row.index)
    return rows


def check_agents(agents: Sequence[str] | str, players: int) -> tuple[str, ...]:
    """One known agent name per seat; one name alone plays every seat."""
    names = [a.strip() for a in agents.split(",")] if isinstance(agents, str) else list(agents)
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise BadOption(f"{len(names)} agents for {players} players: name one agent per seat, or one for all")
    for name in names:
        parse_agent_spec(name)  # a known agent, parameters well written
    return tuple(names)


def play_game(game: Game, agents: Sequence[str], index: int, seed: int) -> Row:
    """Game ``index`` of a run seeded ``seed``, played to the end."""
    game_seed = derive_seed(seed, index)
    rng = random.Random(game_seed)
    players = [make_agent(name, game, seat, seed=derive_seed(game_seed, seat)) for seat, name in enumerate(agents)]
    state = game.new_state()
    while not state.is_terminal():
        mover = state.current_player
        state.apply(sample_chance(state, rng) if mover == CHANCE else players[mover].choose(state))
    returns = tuple(state.returns())
    top = max(returns)
    figures = game_figures(game)(state)
    turns = figures.pop("turns", None)
    return Row(
        index=index,
        seed=game_seed,
        winners=tuple(s for s, r in enumerate(returns) if r == top) if top > 0 else (),
        returns=returns,
        actions=len(state.history),
        turns=_turns(state) if turns is None else int(turns),
        figures=figures,
    )


@cache
def game_figures(game: Game) -> Callable[[State], Figures]:
    """The game's ``figures`` hook, or one that adds nothing."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.figures")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.figures":
            raise
        return lambda state: {}
    return module.figures


def _turns(state: State) -> int:
    seats = [m for m in state.movers if m != CHANCE]
    return sum(1 for i, m in enumerate(seats) if i == 0 or m != seats[i - 1])


def _chunks(games: int, workers: int) -> list[range]:
    # Several chunks per worker keep the progress bar moving and the workers evenly loaded.
    size = max(1, min(200, games // (workers * 8) or 1))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


Job = tuple[str, tuple[tuple[str, Any], ...], tuple[str, ...], int]


@cache
def _game(name: str, options: tuple[tuple[str, Any], ...]) -> Game:
    return load(name, **dict(options))


def _play_chunk(job: Job, chunk: range) -> list[Row]:
    name, options, agents, seed = job
    game = _game(name, options)
    return [play_game(game, agents, index, seed) for index in chunk]


def _on_pool(job: Job, chunks: list[range], workers: int) -> Iterable[list[Row]]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_chunk, job, chunk) for chunk in chunks]
        for future in as_completed(futures):
            yield future.result()


def _on_ray(job: Job, chunks: list[range], workers: int) -> Iterable[list[Row]]:
    try:
        import ray  # a large optional dependency: imported only when asked for
    except ImportError:
        raise BadOption("backend 'ray' needs Ray: pip install 'middleearth[ray]'") from None
    if not ray.is_initialized():
        ray.init(num_cpus=workers, ignore_reinit_error=True, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_play_chunk)
    pending = [remote.remote(job, chunk) for chunk in chunks]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])
