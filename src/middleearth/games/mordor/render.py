"""Journey to Mordor in colour for the terminal: the sheets, the dice tray and the log.

Everything is drawn from ``state.observation(seat)``, so the picture shows exactly what that seat
may know. ``middleearth play`` finds :func:`render` by the module's name; :func:`describe`
colours an action's text, and :data:`HELP` is the rules summary behind the ``help`` command.
"""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from middleearth.core.contract import Action
    from middleearth.games.mordor.state import MordorState

# How each die looks on screen: a black die is drawn light on dark grey so it stays visible.
DIE_STYLES = {
    "yellow": "bold black on yellow",
    "red": "bold white on red3",
    "blue": "bold white on blue",
    "green": "bold black on green3",
    "black": "bold white on grey23",
}
INK = {"yellow": "yellow", "red": "red", "blue": "dodger_blue1", "green": "green", "black": "grey70"}
FACES = {"ring": "Ring", "gandalf": "Gandalf", "fellowship": "Fellowship", "orc": "Orc",
         "nazgul": "Nazgûl", "tree": "White Tree"}
FEATURES = {
    "identical_symbols": "you may set aside identical symbols",
    "no_gandalf": "Gandalf has no effect",
    "double_fellowship": "each Fellowship member counts twice",
    "reroll_each_roll": "you may roll each roll once more ('reroll')",
    "double_orcs": "each Orc counts twice",
    "nazgul_spare_you": "the Nazgûl do not affect you",
    "all_nazgul_on_you": "all Nazgûl affect you, whatever their colour",
    "one_ring_fewer": "one Ring fewer counts",
}
SHORT_FEATURES = {
    "identical_symbols": "same symbols ok",
    "no_gandalf": "no Gandalf",
    "double_fellowship": "Fellowship x2",
    "reroll_each_roll": "reroll once",
    "double_orcs": "Orcs x2",
    "nazgul_spare_you": "Nazgûl spare you",
    "all_nazgul_on_you": "all Nazgûl on you",
    "one_ring_fewer": "one Ring fewer",
}
LOG_LINES = 4  # the play loop prints every event as it happens; the view recalls the latest
NAZGUL_KEY = Text("□ free  ■ marked  ▫▫ split by Gandalf, ▪ a half marked", style="dim")

HELP = """\
[bold]Journey to Mordor in short[/]
On your turn the five dice are rolled. After each roll you set aside at least one die, each \
showing a different symbol; a rolled Nazgûl must be set aside (exactly one). The rest are rolled \
again until every die is set aside, or until you set aside the White Tree (black die only), which \
ends the turn at once.
Then the dice set aside count. Each Ring moves you one space toward Mordor, unless the Orcs \
outnumber the Fellowship members. Each Gandalf splits one of your Nazgûl spaces in two halves. \
Each Nazgûl marks a space on the Nazgûl route of the hobbit of that die's colour; the black die, \
your own colour and the colour of nobody playing mark yours. Marking the last space eliminates.
When a hobbit reaches Mordor the round is played out; of those in Mordor, the one with the most \
unmarked Nazgûl spaces (halves count) wins.
Locations variant: the feature of the place where your turn starts is in force.
Choose by number, or write the move: [cyan]keep yellow:ring black:tree[/]."""


def die(colour: str, face: str | None = None) -> Text:
    """One die as a coloured block showing its face (or just its colour while in hand)."""
    label = colour if face is None else FACES.get(face, face)
    return Text(f" {label} ", style=DIE_STYLES.get(colour, "reverse"))


def describe(action: "Action") -> Text:
    """An action's canonical text with each named die drawn in its colour."""
    verb, *dice = str(action).split()
    text = Text(verb, style="bold")
    for word in dice:
        colour, _, face = word.partition(":")
        text.append(" ")
        text.append_text(die(colour, face))
    return text


def render(state: "MordorState", seat: int | None = None) -> RenderableType:
    """The table as ``seat`` sees it: both routes of every sheet, the dice, the recent log."""
    seen = state.observation(seat)
    parts: list[RenderableType] = [_log(seen)] if seen["log"] else []
    return Group(*parts, _ring_routes(seen), _nazgul_routes(seen), NAZGUL_KEY, _tray(seen))


def _hobbit(player: dict[str, Any], seen: dict[str, Any]) -> Text:
    turn = seen["winners"] is None and player["seat"] == seen["turn_of"]
    return Text(("▶ " if turn else "  ") + player["hobbit"], style=f"bold {INK.get(player['colour'], '')}")


def _ring_routes(seen: dict[str, Any]) -> Table:
    """One row per location, one column per sheet: ● passed, ◉ the hobbit, ○ ahead.

    Locations run down the page so the table fits a narrow terminal with four players.
    """
    table = Table(title="Ring-bearer's route", title_justify="left", title_style="bold",
                  box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    table.add_column("", no_wrap=True)
    # The back of the sheet: each location's feature, when the observation carries them.
    features = seen.get("route_features") if seen["variant"] == "locations" else None
    if features:
        table.add_column("", style="italic cyan")
    for player in seen["players"]:
        table.add_column(_hobbit(player, seen), justify="center", no_wrap=True)
    space = 0
    for name, group in groupby(seen["route"]):
        size = len(list(group))
        row: list[RenderableType] = [name]
        if features:
            row.append(SHORT_FEATURES.get(features[space], ""))
        for player in seen["players"]:
            ink = INK.get(player["colour"], "")
            cell = Text()
            for at in range(space, space + size):
                if at < player["ring"]:
                    cell.append("●", style="grey50")
                elif at == player["ring"]:
                    cell.append("◉", style=f"bold {ink}")
                else:
                    cell.append("○", style="grey35")
            row.append(cell)
        table.add_row(*row)
        space += size
    return table


def _nazgul_routes(seen: dict[str, Any]) -> Table:
    """One row per sheet, one column per space: □ free, ■ marked; a space Gandalf split shows
    its two halves, ▫▫ free, ▪▫ half marked, ▪▪ both marked."""
    table = Table(title="Nazgûl route", title_justify="left", title_style="bold", box=None,
                  pad_edge=False, padding=(0, 1), header_style="dim")
    table.add_column("", no_wrap=True)
    spaces = len(seen["players"][0]["nazgul_route"])
    for number in range(1, spaces + 1):
        table.add_column("Mordor" if number == spaces else str(number), justify="center", no_wrap=True)
    table.add_column("", no_wrap=True)
    for player in seen["players"]:
        cells: list[RenderableType] = [_hobbit(player, seen)]
        for space in player["nazgul_route"]:
            marked = space["marked"]
            if space["split"]:
                cells.append(Text("▪" * marked + "▫" * (2 - marked), style="cyan"))
            else:
                cells.append(Text("■", style="red") if marked else Text("□"))
        table.add_row(*cells, _status(player))
    return table


def _status(player: dict[str, Any]) -> Text:
    if player["eliminated"]:
        return Text("eliminated", style="bold red")
    status = Text(f"{player['unmarked']} unmarked", style="dim")
    if player["reached_mordor"]:
        status.append("  in Mordor", style="bold gold1")
    return status


def _tray(seen: dict[str, Any]) -> Panel:
    """Whose turn, the feature in force, the dice rolled, set aside and still in hand."""
    dice = seen["dice"]
    players = seen["players"]
    lines: list[RenderableType] = []
    if seen["winners"] is not None:
        winners = [players[w]["hobbit"] for w in seen["winners"]]
        lines.append(Text("Game over: " + (" and ".join(winners) + " won" if winners else "everyone lost"),
                          style="bold gold1"))
        return Panel(Group(*lines), title="Dice", title_align="left")
    player = players[seen["turn_of"]]
    turn = Text("Turn of ")
    turn.append(player["hobbit"], style=f"bold {INK.get(player['colour'], '')}")
    if seen["final_round"]:
        turn.append("   final round: a hobbit has reached Mordor", style="bold gold1")
    lines.append(turn)
    if dice["feature"] != "none":
        lines.append(Text(f"At {player['location']}: {FEATURES.get(dice['feature'], dice['feature'])}",
                          style="italic cyan"))
    lines.append(_dice_row("Set aside", [(d["colour"], d["face"]) for d in dice["kept"]]))
    if dice["roll"] is not None:
        label = "Rerolled" if dice["rerolled"] else "Rolled"
        lines.append(_dice_row(label, [(d["colour"], d["face"]) for d in dice["roll"]]))
    else:
        lines.append(_dice_row("To roll", [(colour, None) for colour in dice["in_hand"]]))
    return Panel(Group(*lines), title="Dice", title_align="left")


def _dice_row(label: str, dice: list[tuple[str, str | None]]) -> Table:
    """A row of dice: each die's colour named above the face it shows."""
    row = Table.grid(padding=(0, 1))
    row.add_column(width=10, style="bold")
    for _ in dice:
        row.add_column(justify="center")
    if not dice:
        row.add_row(label, Text("none", style="dim"))
        return row
    if any(face is not None for _, face in dice):
        row.add_row("", *(Text(colour, style="dim") for colour, _ in dice))
    row.add_row(label, *(die(colour, face) for colour, face in dice))
    return row


def _log(seen: dict[str, Any]) -> Table:
    table = Table(title="What happened", title_justify="left", title_style="bold", box=None,
                  show_header=False, pad_edge=False)
    table.add_column("", style="dim", justify="right")
    table.add_column("")
    for entry in seen["log"][-LOG_LINES:]:
        table.add_row(f"#{entry['action']}", entry["text"])
    return table
