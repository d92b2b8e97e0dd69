"""The `middleearth` command: one Typer app; each sub-command lives in its own module."""

from __future__ import annotations

import typer

from middleearth.cli import games as games_command
from middleearth.cli import odds as odds_command
from middleearth.cli import play as play_command
from middleearth.cli import questions as questions_command
from middleearth.cli import serve as serve_command
from middleearth.cli import simulate as simulate_command

app = typer.Typer(
    name="middleearth",
    help="Lord of the Rings tabletop games: play them, ask exact odds, simulate thousands of games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
games_command.register(app)
odds_command.register(app)
play_command.register(app)
questions_command.register(app)
serve_command.register(app)
simulate_command.register(app)


@app.callback()
def main() -> None:
    """Lord of the Rings tabletop games: play them, ask exact odds, simulate thousands of games."""


def run() -> None:
    app()
