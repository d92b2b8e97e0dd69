"""`middleearth games`: the games and their options."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from middleearth.core.registry import game_class, games


def register(app: typer.Typer) -> None:
    app.command("games")(list_games)


def list_games() -> None:
    """List the games and the options each one takes."""
    console = Console()
    for name in games():
        cls = game_class(name)
        table = Table(title=f"{name}: {cls.title}", caption=cls.summary, show_lines=False)
        for column in ("option", "default", "allowed", "what it does"):
            table.add_column(column)
        for option in cls.options_spec:
            table.add_row(option.name, repr(option.default), option.allowed(), option.help)
        console.print(table)
