"""`middleearth questions`: check a Trivia Game question pack, convert between pack formats.

    middleearth questions check my-pack.toml
    middleearth questions check mine --data my-data/
    middleearth questions convert quiz.json my-pack.toml --pack-id mine --title "My questions"
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from middleearth.core.errors import MiddleEarthError
from middleearth.games.trivia.questions import PACK_ID_PATTERN, check_pack, convert

FORMATS_HELP = "a pack (.toml file or folder), Open Trivia DB JSON (.json) or CSV (.csv), told by the suffix"

questions_app = typer.Typer(
    name="questions",
    help="Trivia Game question packs: check one, or convert between our TOML, Open Trivia DB JSON and CSV.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def register(app: typer.Typer) -> None:
    app.add_typer(questions_app, name="questions")


def _fail(message: str) -> None:
    """One line on stderr and exit 2: the way every command reports what it cannot do."""
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


CHECK_HELP = (
    "Check a pack: schema, duplicates and near-duplicates, one right option, distinct options, the bracketed "
    "option wrong, references, the balance of difficulties and categories. Exit 0 without errors (warnings "
    "allowed), 1 with errors, 2 when the pack cannot be read."
)
CONVERT_HELP = (
    "Convert questions between our TOML packs, Open Trivia DB JSON and CSV. Imported questions are marked "
    "unchecked: run `middleearth questions check` on the result before playing it."
)


@questions_app.command("check", help=CHECK_HELP)
def check_command(
    pack: str = typer.Argument(..., help="a pack's name (middleearth, or one in DATA/questions/), file or folder"),
    data: Optional[Path] = typer.Option(None, help="a data folder whose questions/ holds packs by name"),
) -> None:
    report = check_pack(pack, None if data is None else str(data))
    if not report.cards and report.errors:
        _fail(report.errors[0].message)  # nothing was read: the reason is the whole report
    Console(highlight=False, soft_wrap=True).print(report.text(), markup=False)
    if not report.ok:
        raise typer.Exit(1)


@questions_app.command("convert", help=CONVERT_HELP)
def convert_command(
    source: Path = typer.Argument(..., help=f"the cards to read: {FORMATS_HELP}"),
    target: Path = typer.Argument(..., help="the file to write: .toml (a pack), .json (Open Trivia DB) or .csv"),
    pack_id: str = typer.Option("imported", help="the id of a new pack, when SOURCE is not a pack of its own"),
    title: str = typer.Option("Imported questions", help="the title of a new pack"),
    force: bool = typer.Option(False, "--force", help="overwrite TARGET if it exists"),
) -> None:
    if not source.exists():
        _fail(f"{source} does not exist: give a .toml pack (or its folder), a .json or a .csv file")
    if target.exists() and not force:
        _fail(f"{target} exists already: choose another name, or add --force to overwrite it")
    if target.resolve() == source.resolve():
        _fail(f"{target} is the source itself: write to another file")
    if not re.fullmatch(PACK_ID_PATTERN, pack_id):
        _fail(f"--pack-id {pack_id!r}: use lower-case letters and digits, words joined by '-' (my-questions)")
    if not title.strip():
        _fail("--title is empty: give the pack a title")
    try:
        cards = convert(source, target, pack_id, title)
    except MiddleEarthError as error:
        _fail(str(error))
    print(f"wrote {len(cards)} cards ({3 * len(cards)} questions) to {target}")
