"""`middleearth simulate`: play many games with agents, show the figures, write rows and plots.

    middleearth simulate mordor --players 4 --agents expectimax,greedy,greedy,greedy \\
        --games 10000 --workers 2 --seed 1 --out results/ --format parquet --variant locations
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from middleearth.core.errors import MiddleEarthError
from middleearth.core.registry import load
from middleearth.lab.simulate import BACKENDS, check_agents, simulate
from middleearth.lab.stats import PARTY_WIN_FIGURE, Summary, summarize
from middleearth.lab.tables import FORMATS


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)


def simulate_command(
    game: str = typer.Argument(..., help="the game to play, e.g. mordor"),
    players: Optional[int] = typer.Option(None, help="how many players (the game's default if not given)"),
    agents: str = typer.Option("random", help="one agent per seat, comma-separated, or one for all"),
    games: int = typer.Option(1000, help="how many games to play"),
    seed: int = typer.Option(0, help="the same seed gives the same games on any number of workers"),
    workers: int = typer.Option(1, help="processes playing at once"),
    backend: str = typer.Option("process", help=f"where games run: {', '.join(BACKENDS)}"),
    variant: Optional[str] = typer.Option(None, help="the game's variant, e.g. basic or locations"),
    data: Optional[Path] = typer.Option(None, help="a folder of your own component files"),
    option: list[str] = typer.Option([], "--option", "-o", help="any other game option, as NAME=VALUE"),
    out: Optional[Path] = typer.Option(None, help="write one row per game and the PNG plots here"),
    fmt: str = typer.Option("csv", "--format", help=f"format of the rows: {', '.join(FORMATS)}"),
) -> None:
    """Play many games with the chosen agents and report win shares (the party's win rate in a
    cooperative game) and the game's figures."""
    console = Console()
    try:
        options = _game_options(players, variant, data, option)
        if fmt not in FORMATS:
            raise MiddleEarthError(f"--format {fmt!r}: use one of {', '.join(FORMATS)}")
        loaded = load(game, **options)  # checks the options before the bar appears
        seat_agents = check_agents(agents, loaded.num_players)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task(f"{game}: playing", total=games)
            rows = simulate(game, options, agents, games=games, seed=seed, workers=workers,
                            backend=backend, progress=lambda done: bar.advance(task, done))
    except MiddleEarthError as error:
        Console(stderr=True).print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)  # one line, however narrow the terminal
        raise typer.Exit(2) from None
    summary = summarize(rows)
    names = loaded.seat_names()
    title = f"{game}: {games} games, seed {seed}"
    if summary.cooperative:
        console.print(_party_table(summary, names, seat_agents, title))
        if summary.seat_figures:
            console.print(_seat_table(summary, names, seat_agents, None))
    else:
        console.print(_seat_table(summary, names, seat_agents, title))
    console.print(_game_table(summary))
    if summary.shares:
        console.print(_shares_table(summary))
    if out is not None:
        from middleearth.lab.plots import write_plots  # matplotlib loads slowly: only when plotting
        from middleearth.lab.tables import write_rows

        written = [write_rows(rows, out, fmt)]
        written += write_plots(rows, summary, names, out, game)
        console.print("wrote " + ", ".join(str(path) for path in written))


def _game_options(players: int | None, variant: str | None, data: Path | None,
                  pairs: list[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise MiddleEarthError(f"--option {pair!r}: write it as NAME=VALUE")
        options[name.strip()] = value.strip()
    given = {"players": players, "variant": variant, "data": None if data is None else str(data)}
    options.update({name: value for name, value in given.items() if value is not None})
    return options


def _seat_table(summary: Summary, names: list[str], agents: tuple[str, ...], title: str | None) -> Table:
    """One row per seat: its agent, its win share (not in a cooperative game, where every seat
    shares the party's result) and the means of the game's per-seat figures."""
    shares = not summary.cooperative
    caption = ("win share with its 95% confidence interval; other columns are means" if shares
               else "each seat's figures: means")
    table = Table(title=title, caption=caption)
    for column in ["seat", "agent", *(["win share"] if shares else []), *summary.seat_figures]:
        table.add_column(column.replace("_", " "))
    for seat, name in enumerate(names):
        means = [f"{per_seat[seat].value:.2f}" for per_seat in summary.seat_figures.values()]
        table.add_row(name, agents[seat], *([summary.wins[seat].percent()] if shares else []), *means)
    return table


def _party_table(summary: Summary, names: list[str], agents: tuple[str, ...], title: str) -> Table:
    """A cooperative game: the seats win or lose together, so one rate (and one score) says it all."""
    table = Table(title=title, caption="cooperative: every seat's return is the same in every game, so the "
                  "party wins or loses as one; 95% confidence intervals")
    table.add_column("party")
    table.add_column("party win rate")
    table.add_column("party score (mean)")
    wins = summary.party_wins.percent() if summary.party_wins is not None else "- (returns are a score)"
    score = summary.party_score.text(2) if summary.party_score is not None else ""
    table.add_row(", ".join(f"{name} ({agent})" for name, agent in zip(names, agents)), wins, score)
    return table


def _game_table(summary: Summary) -> Table:
    table = Table(caption="each with its 95% confidence interval; spread: least · quartiles · greatest")
    table.add_column("per game")
    table.add_column("value")
    table.add_column("spread")
    if not summary.cooperative:
        table.add_row("no winner", summary.no_winner.percent(), "")
    table.add_row("turns", summary.turns.text(1), "")
    table.add_row("actions", summary.actions.text(1), "")
    for name, estimate in summary.rates.items():
        if summary.cooperative and name == PARTY_WIN_FIGURE:
            continue  # the party table shows it
        table.add_row(name.replace("_", " "), estimate.percent(), "")
    for name, estimate in summary.means.items():
        shown = summary.spreads.get(name)
        table.add_row(name.replace("_", " ") + " (mean)", estimate.text(2), shown.text() if shown else "")
    return table


SHOWN_SHARES = 6  # the most frequent values of each text figure; the rows on disk hold them all


def _shares_table(summary: Summary) -> Table:
    """The game's text figures (how it ended, where, after which event): the most frequent values."""
    table = Table(caption=f"share of games, 95% confidence interval; the {SHOWN_SHARES} most frequent of each")
    table.add_column("figure")
    table.add_column("value")
    table.add_column("share")
    for name, shares in summary.shares.items():
        for rank, (text, estimate) in enumerate(list(shares.items())[:SHOWN_SHARES]):
            table.add_row(name.replace("_", " ") if rank == 0 else "", text.replace("_", " "), estimate.percent())
    return table
