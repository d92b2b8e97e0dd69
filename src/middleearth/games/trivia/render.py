"""The Trivia Game in colour for the terminal: the road to Mount Doom, the chips, the question.

Everything is drawn from ``state.observation(seat)``, so the picture shows exactly what that seat
may know: the right answer only to the reader's seat. ``middleearth play`` finds :func:`render`,
:func:`describe`, :func:`describe_hidden` and :data:`HELP` by their names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from middleearth.core.contract import Action
    from middleearth.games.trivia.state import TriviaState

CHIP_STYLES = {"ring": "bold gold1", "combat": "bold red", "travel": "bold cyan"}
CHIP_LETTERS = {"ring": "R", "combat": "C", "travel": "T"}
EYE_STYLES = {"green": "bold green", "blue": "bold blue", "red": "bold red"}
SEAT_STYLES = ["bold bright_white", "bold dark_orange", "bold bright_green", "bold bright_blue"]

HELP = """\
[bold]The Trivia Game in short[/]
Race from Bag End to Mount Doom. On your turn, move on one location or linger. To move on, hand \
in the chips shown between the two locations ([gold1]R[/] Ring, [red]C[/] Combat, [cyan]T[/] \
Travel; a Ring chip stands in for either other, five of one kind for any one), then face the \
location: a green eye asks an easy question (three options), a blue eye a medium one (four); the \
six special locations draw a location card (red: a challenge, maybe with damage or Danger in \
Delay; green: a help you keep). A right answer earns the reward on the card's back and you choose \
again; a wrong one sends you back to where your turn began (never past a safe location *) and ends \
the turn. Lingering rolls the Strength die twice and ends the turn. Win by mastering the final \
question at Mount Doom, with no help.
Write [cyan]move combat:2 travel:1[/], [cyan]linger[/], [cyan]question 2[/], [cyan]answer 3[/], \
[cyan]play haldir[/], or choose by number."""


def _chips(chips: dict[str, int]) -> Text:
    text = Text()
    for name, count in chips.items():
        text.append(f"{CHIP_LETTERS[name]}{count} ", style=CHIP_STYLES[name])
    return text


def render(state: "TriviaState", seat: int | None = None) -> RenderableType:
    view = state.observation(seat)
    c = state.components
    parts: list[RenderableType] = []
    road = Text()
    for i, name in enumerate(c.locations):
        style = "bold green" if c.safe[i] else "bold magenta" if c.kinds[i] == "special" else ""
        if c.eyes[i]:
            road.append("●", style=EYE_STYLES[c.eyes[i]])
        road.append(name + ("*" if c.safe[i] else ""), style=style)
        for s, player in enumerate(view["players"]):
            if player["space"] == i:
                road.append(f"[{player['name'][0]}]", style=SEAT_STYLES[s % len(SEAT_STYLES)])
        if i < c.goal:
            road.append(" > ", style="dim")
            road.append(f"{_cost(c.costs[i + 1])} ", style="dim")
    parts.append(road)
    table = Table(box=None, pad_edge=False, show_header=False)
    for s, player in enumerate(view["players"]):
        helps = ", ".join(f"{h['id']} ({h['symbol'].replace('_', ' ')})" for h in player["helps"]) or "-"
        marks = " (to move)" if player["name"] == view["to_move"] else ""
        marks += " (reader)" if player["name"] == view["reader"] and view["phase"] not in ("decide", "over") else ""
        table.add_row(Text(player["name"] + marks, style=SEAT_STYLES[s % len(SEAT_STYLES)]),
                      Text(player["location"]), _chips(player["chips"]), Text(helps, style="green"))
    parts.append(table)
    supply = Text("supply ").append_text(_chips(view["supply"])).append(
        f"  event tiles {view['event_tiles_left']}", style="dim")
    parts.append(supply)
    card = view["location_card"]
    if card:
        line = Text(f"{card['name']}", style="bold red" if card["border"] == "red" else "bold green")
        if card["eye"]:
            line.append(f"  {card['eye']} eye", style=EYE_STYLES[card["eye"]])
        if card["danger"]:
            line.append("  Danger in Delay", style="bold yellow")
        if any(card["damage"].values()):
            line.append("  damage ").append_text(_chips({k: v for k, v in card["damage"].items() if v}))
        if card["symbol"]:
            line.append(f"  {card['symbol'].replace('_', ' ')}", style="green")
        if card["final"]:
            line.append("  the final challenge", style="bold")
        parts.append(Panel(line, title="location card", expand=False))
    question = _question(view)
    if question is not None:
        parts.append(question)
    last = view["last_answer"]
    if last and not view["question"]:
        how = last["how"].replace("_", " ")
        verdict = ("right" if last["right"] else "wrong") if last["given"] is not None else how
        parts.append(Text(f"Last question: {last['question']} -> {last['answer']} ({verdict})", style="dim"))
    if view["over"]:
        parts.append(Text(f"Game over: {view['winner']} wins." if view["winner"] else "Game over without a winner.",
                          style="bold"))
    else:
        parts.append(Text(view["deciding"], style="italic"))
    return Group(*parts)


def _cost(cost: tuple[int, int, int]) -> str:
    return "".join(f"{n}{letter}" for n, letter in zip(cost, "RCT") if n)


def _question(view: dict) -> RenderableType | None:
    lines: list[RenderableType] = []
    if view["card_back"]:
        back = Text(f"{view['difficulty']} question; rewards on the back: ")
        back.append("  ".join(f"{n}: {r}" for n, r in enumerate(view["card_back"], start=1)), style="gold1")
        lines.append(back)
    for q in view.get("card") or []:
        line = Text(f"{q['number']}. [{q['difficulty']}] {q['text']}  ", style="dim")
        for i, option in enumerate(q["options"]):
            shown = f"({option})" if i == q["bracket"] else option
            line.append(shown + "  ", style="bold green" if i == q["correct"] else "")
        lines.append(line)
    if view["question"]:
        q = view["question"]
        lines.append(Text(f"Question {q['number']}: {q['text']}", style="bold"))
        for k, option in enumerate(q["options"], start=1):
            lines.append(Text(f"  {k}) {option}"))
    if not lines:
        return None
    title = "the card (you read it)" if view.get("card") else "question"
    return Panel(Group(*lines), title=title, expand=False)


def describe(action: "Action") -> Text:
    text = str(action)
    verb, _, rest = text.partition(" ")
    line = Text(verb, style="bold")
    for word in rest.split():
        name, _, count = word.partition(":")
        line.append(" ")
        line.append(word, style=CHIP_STYLES.get(name, "cyan") if count else "cyan")
    return line


def describe_hidden(state: "TriviaState", index: int) -> Text:
    return Text("the reader draws a question card")
