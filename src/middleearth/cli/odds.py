"""`middleearth odds`: the exact odds of every choice of the decision on the table.

    middleearth odds mordor --record saved.json
    middleearth odds mordor --players 3 --variant locations --seed 7 --turns 5
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from middleearth.core.contract import sample_chance
from middleearth.core.errors import MiddleEarthError
from middleearth.core.records import load_record
from middleearth.core.registry import load

GAMES = ("mordor",)  # games whose odds are computed exactly


def register(app: typer.Typer) -> None:
    app.command("odds")(odds_command)


def odds_command(
    game: str = typer.Argument(..., help=f"the game: {', '.join(GAMES)}"),
    record: Optional[Path] = typer.Option(None, help="a saved record (JSON) whose last position has a roll on the table"),
    players: int = typer.Option(4, help="players in a fresh position (when no record is given)"),
    variant: str = typer.Option("basic", help="basic or locations, for a fresh position"),
    seed: int = typer.Option(0, help="the seed of a fresh position's dice"),
    turns: int = typer.Option(0, help="turns the greedy agent plays before the fresh position's roll"),
) -> None:
    """Show every choice of the roll on the table with the exact odds of the rest of the turn.

    Later rolls are enumerated, not sampled; the expectimax agent plays the rest of the turn.

    Without --record, a fresh position is dealt from --seed (after --turns of greedy play).
    """
    from middleearth.games.mordor.odds import odds_table  # numpy loads only for this command

    console = Console()
    try:
        if game not in GAMES:
            raise MiddleEarthError(f"no exact odds for {game!r}: odds are computed for {', '.join(GAMES)}")
        state = load_record(record) if record is not None else _fresh(players, variant, seed, turns)
        if state.game.name not in GAMES:
            raise MiddleEarthError(f"{record} is a record of {state.game.name!r}, not of {game!r}")
        table = odds_table(state)
    except MiddleEarthError as error:
        Console(stderr=True).print(f"[red]error:[/red] {error}", highlight=False)
        raise typer.Exit(2) from None
    console.print(state.text())
    console.print(table)


def _fresh(players: int, variant: str, seed: int, turns: int):
    """A new game, ``turns`` turns of greedy play, then the dice rolled: all drawn from ``seed``."""
    if turns < 0:
        raise MiddleEarthError(f"--turns {turns}: give 0 or more turns")
    state = load("mordor", players=players, variant=variant).new_state()
    heuristics = state.game.heuristics()
    rng = random.Random(seed)
    while not state.is_terminal() and (state.turns < turns or not state.is_chance_node()):
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(heuristics.policy(state, state.current_player))
    if state.is_terminal():
        raise MiddleEarthError(f"the game ended before turn {turns}: ask for fewer --turns")
    state.apply(sample_chance(state, rng))
    return state
