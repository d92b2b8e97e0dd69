"""The Lord of the Rings in colour for the terminal: the master board, the Conflict board, your hand.

Everything is drawn from ``state.observation(seat)`` (and the printed card names and symbols of
``game.components``), so the picture shows exactly what that seat may know: its own hand only.
``middleearth play`` finds :func:`render`, :func:`render_again`, :func:`describe`,
:func:`describe_hidden`, :func:`moment`, :data:`HELP` and :data:`CONFIRM_CHANCE` by their names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from middleearth.games.fellowship.views import LOCATION_NAMES, OUTCOMES

if TYPE_CHECKING:
    from middleearth.core.contract import Action
    from middleearth.games.fellowship.components import Card, Components
    from middleearth.games.fellowship.state import FellowshipState

# Tiles, cards and deals come after almost every decision: pausing for Enter before each would
# make a game hundreds of keypresses long, so chance speaks at once (undo still takes back a
# decision the same player follows with another, such as the first of two cards played).
CONFIRM_CHANCE = False

SYMBOLS = {"fighting": "⚔", "friendship": "♣", "hiding": "◐", "traveling": "➜", "wild": "✶"}
SYMBOL_STYLES = {"fighting": "bold red", "friendship": "bold green", "hiding": "bold magenta",
                 "traveling": "bold cyan", "wild": "bold yellow"}
CARD_STYLES = {"brown": "bold dark_orange3", "grey": "bold grey70", "green": "bold green3"}
TOKENS = {"heart": ("♥", "red"), "sun": ("☀", "yellow"), "ring": ("○", "gold1")}
REWARDS = {"rune": "✦", "gold": "G", "ring": "○", "heart": "♥", "sun": "☀", "die": "⚀", "purity": "✚"}
REWARD_STYLES = {"rune": "cyan", "gold": "gold1", "ring": "gold1", "heart": "red", "sun": "yellow",
                 "die": "red", "purity": "green"}
ABILITIES = {
    "brown_as_wild": "brown cards count as wild",
    "loyal": "may take Frodo's place",
    "any_two_cards": "may play any two cards",
    "one_token_fewer": "needs one Life token fewer",
    "draws_after_conflict": "draws after each Conflict",
}
HOBBIT_STYLES = ["bold bright_white", "bold dark_orange", "bold bright_green", "bold bright_blue", "bold orchid"]

HELP = """\
[bold]The Lord of the Rings in short[/]
Together you carry the Ring from Bag End to Mount Doom. In each Conflict (Moria, Helm's Deep, \
Shelob's Lair, Mordor) the active player reveals Story tiles: a grey event tile moves the event \
marker and the next event must be met (give the symbols or tokens it asks, or suffer it); an \
activity tile advances its track. A turn ends when an activity tile is revealed that the \
Fellowship can advance, and the player then plays up to two cards (one brown, one grey) to move \
the tracks, each space giving its reward, or refreshes (draws two cards, or heals).
Sauron waits on the corruption track: a hobbit who meets him is lost, and so is the quest if it is \
the Ring-bearer. The Threat die moves hobbits toward him. Once per Conflict the Ring-bearer may put \
on the Ring (advance a track) at the price of a roll; runes call Gandalf.
Out of turn, a window asks each hobbit who could act (Story cards, Gandalf, the Ring): act or pass.
Symbols: ⚔ fighting  ♣ friendship  ◐ hiding  ➜ traveling  ✶ wild.  Tokens: ♥ heart  ☀ sun  ○ ring.
Choose by number, or write the action: [cyan]play gimli[/], [cyan]play wild-brown as hiding[/], \
[cyan]give hiding-grey[/], [cyan]pass[/]."""


def symbol(name: str) -> Text:
    return Text(SYMBOLS.get(name, name), style=SYMBOL_STYLES.get(name, ""))


def card(info: "Card") -> Text:
    """A card by its printed name, in its colour, with its symbols (or the ability of a green card)."""
    text = Text(info.name, style=CARD_STYLES.get(info.colour, "bold"))
    text.append(" ")
    if info.symbols:
        for name in info.symbols:
            text.append_text(symbol(name))
    else:
        text.append("(story card)", style="italic green3")
    return text


def describe(action: "Action") -> Text:
    """An action's canonical text, bold verb first; a Legendary card it names is shown by its
    printed name and symbols (from the packaged cards: a data folder's own names show as ids)."""
    verb, _, rest = str(action).partition(" ")
    text = Text(verb, style="bold")
    if rest:
        text.append(" " + rest)
    for word in SYMBOLS:  # "as hiding", "advance fighting": show the symbol too
        if rest.endswith(word) and verb in ("play", "advance"):
            text.append(" ").append_text(symbol(word))
    named = _packaged_cards().get(rest.split(" ", 1)[0]) if verb in ("play", "give", "discard", "use") else None
    if named is not None and not named.quest:
        text.append("  ").append_text(card(named))
    return text


def _packaged_cards() -> dict[str, "Card"]:
    from middleearth.games.fellowship.components import load_components

    return load_components().cards


def describe_hidden(state: "FellowshipState", index: int) -> Text:
    """What the table may be told of ``history[index]`` when only some seats saw it."""
    action = str(state.history[index])
    hobbits = state.game.seat_hobbits
    seen_by = [hobbits[s] for s in state.private.get(index, ())]
    verb = action.split(" ", 1)[0]
    if verb == "deal" and seen_by:
        return Text(f"a card is dealt face down to {seen_by[0]}", style="dim")
    if verb == "give" and len(seen_by) == 2:
        return Text(f"{seen_by[0]} passes a card face down to {seen_by[1]}", style="dim")
    if verb == "tile" and seen_by:
        return Text(f"{seen_by[0]} looks at a Story tile", style="dim")
    if verb == "arrange" and seen_by:
        return Text(f"{seen_by[0]} puts the Story tiles back in an order of their choosing", style="dim")
    return Text(f"something only {' and '.join(seen_by) or 'some players'} may see", style="dim")


def render(state: "FellowshipState", seat: int | None = None) -> RenderableType:
    """The table as ``seat`` sees it."""
    seen = state.observation(seat)
    parts: list[RenderableType] = [_headline(seen), _corruption(seen), _players(seen)]
    conflict = seen["conflict"]
    if conflict and seen["location"] in LOCATION_NAMES:
        parts.append(_conflict(seen))
    parts.append(_table_items(seen))
    if "hand" in seen:
        parts.append(_hand(seen, state.game.components))
    parts.append(_deciding(seen))
    return Group(*parts)


def moment(state: "FellowshipState") -> tuple:
    """When spectators of AI seats see the table again: a new turn, event or place."""
    return (state.active, state.location, state.event)


def render_again(state: "FellowshipState", seat: int) -> RenderableType:
    """The same seat decides again at once (a second card, the next card to hand out): only what
    its decision may have changed, the Conflict board, the table, the hand and the question."""
    seen = state.observation(seat)
    parts: list[RenderableType] = []
    if seen["conflict"] and seen["location"] == seen["conflict"]["id"]:
        parts.append(_conflict(seen))
    parts += [_table_items(seen), _hand(seen, state.game.components), _deciding(seen)]
    return Group(*parts)


def _headline(seen: dict[str, Any]) -> Text:
    line = Text(seen["location_name"], style="bold gold1")
    bearer = seen["ring_bearer"]
    line.append("   Ring-bearer: ")
    line.append(bearer or "none (the Ring is on Mount Doom)", style="bold gold1" if bearer else "dim")
    if seen["ring_used"]:
        line.append(" (the Ring has been used this Conflict)", style="dim")
    line.append(f"   score {seen['score']:g}")
    gandalf = ", ".join(seen["gandalf"]) or "none"
    line.append(f"\nGandalf cards left: {gandalf}   gold runes left: {seen['gold_runes_left']}")
    line.append(f"   deck {seen['deck']}, discard {len(seen['discard'])}", style="dim")
    return line


def _hobbit_style(seen: dict[str, Any], hobbit: str) -> str:
    names = [p["hobbit"] for p in seen["players"]]
    return HOBBIT_STYLES[names.index(hobbit) % len(HOBBIT_STYLES)]


def _corruption(seen: dict[str, Any]) -> Table:
    """The corruption track: one column per space, Sauron on his row and each hobbit on theirs."""
    spaces = seen["corruption_spaces"]
    table = Table(title="Corruption track", title_justify="left", title_style="bold", box=None,
                  pad_edge=False, padding=(0, 0), show_header=True, header_style="dim")
    table.add_column("", no_wrap=True, min_width=8)
    for number in range(spaces + 1):
        table.add_column(str(number), justify="center", min_width=3)
    row: list[RenderableType] = [Text("Sauron", style="bold red")]
    row += [Text("◉" if i == seen["sauron"] else "·", style="bold red" if i == seen["sauron"] else "grey35")
            for i in range(spaces + 1)]
    table.add_row(*row)
    for player in seen["players"]:
        style = _hobbit_style(seen, player["hobbit"])
        cells: list[RenderableType] = [Text(player["hobbit"], style=style)]
        for i in range(spaces + 1):
            if player["eliminated"]:
                cells.append(Text("✗" if i == 0 else "", style="red"))
            elif i == player["corruption"]:
                cells.append(Text(player["hobbit"][0], style=f"reverse {style}"))
            else:
                cells.append(Text("·", style="grey35"))
        table.add_row(*cells)
    return table


def _tokens(tokens: dict[str, int]) -> Text:
    text = Text()
    for name, count in tokens.items():
        mark, style = TOKENS[name]
        if count:
            text.append(f"{mark}{count} " if count > 1 else f"{mark} ", style=f"bold {style}")
    return text if text.plain else Text("none", style="dim")


def _players(seen: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="dim")
    for column in ("", "hobbit", "ability", "cards", "Life tokens", "runes", ""):
        table.add_column(column, no_wrap=column != "")
    for player in seen["players"]:
        hobbit = player["hobbit"]
        marks = Text()
        if hobbit == seen["to_move"]:
            marks.append("▶", style="bold")
        if hobbit == seen["active"] and not seen["outcome"]:
            marks.append("•", style="bold gold1")
        name = Text(hobbit, style=_hobbit_style(seen, hobbit))
        if hobbit == seen["ring_bearer"]:
            name.append(" ○ Ring-bearer", style="bold gold1")
        runes = "?" if player["runes"] is None else str(player["runes"])
        notes = Text()
        if player["eliminated"]:
            notes.append("lost", style="bold red")
        elif player.get("known_cards"):
            notes.append("known: " + ", ".join(player["known_cards"]), style="italic")
        table.add_row(marks, name, Text(ABILITIES.get(player["ability"], player["ability"]), style="dim"),
                      "-" if player["eliminated"] else str(player["cards"]), _tokens(player["tokens"]), runes, notes)
    return table


def _reward(reward: str) -> Text:
    if reward == "-":
        return Text("·", style="grey35")
    text = Text()
    for part in reward.split("+"):
        if part.startswith("card:"):
            text.append("▭", style="bold green3")
        else:
            text.append(REWARDS.get(part, part), style=REWARD_STYLES.get(part, ""))
    return text


def _conflict(seen: dict[str, Any]) -> Panel:
    """Each track as a row of spaces (its reward; the marker in reverse), the main track's score
    under it, and the event track with the marker."""
    conflict = seen["conflict"]
    longest = max(t["length"] for t in conflict["tracks"])
    table = Table(box=None, pad_edge=False, padding=(0, 0), show_header=False)
    table.add_column("", no_wrap=True, min_width=13)
    for _ in range(longest + 1):
        table.add_column("", justify="center", min_width=3)
    table.add_column("", no_wrap=True)
    for track in conflict["tracks"]:
        activity = track["activity"]
        main = activity == conflict["main"]
        label = Text(SYMBOLS.get(activity, ""), style=SYMBOL_STYLES.get(activity, ""))
        label.append(f" {activity}", style="bold" if main else "")
        cells: list[RenderableType] = [label]
        for space in range(longest + 1):
            if space > track["length"]:
                cells.append("")
                continue
            shown = Text("▶", style="grey50") if space == 0 else _reward(track["rewards"][space - 1])
            if space == track["position"]:  # brackets, so the marker shows without colour too
                shown = Text(f"[{shown.plain if space else '◆'}]", style="bold reverse")
            cells.append(shown)
        end = Text(f" {track['position']}/{track['length']}", style="dim")
        if track["position"] >= track["length"]:
            end.append(" complete", style="bold green")
        if main:
            end.append(" main", style="bold")
        cells.append(end)
        table.add_row(*cells)
        if main and track["scores"]:
            table.add_row(Text("   score", style="dim"), "",
                          *(Text(str(score), style="dim") for score in track["scores"]))
    events = Table.grid(padding=(0, 2))
    for _ in range(3):
        events.add_column(no_wrap=True)
    cells = []
    for number, name in enumerate(conflict["events"], 1):
        here = number == conflict["event"]
        style = "bold reverse red" if here else ("grey50" if number < conflict["event"] else "")
        cells.append(Text(f"{'▶' if here else ' '}{number} {name}", style=style))
    for start in range(0, len(cells), 3):
        events.add_row(*cells[start:start + 3])
    footer = Text(f"Story tiles left: {conflict['story_tiles_left']}", style="dim")
    legend = Text("rewards: ✦ rune  G gold  ○ ring  ♥ heart  ☀ sun  ⚀ Threat die  ✚ purity  ▭ card", style="dim")
    ahead = "" if seen["location"] == conflict["id"] else " (the next Conflict)"
    return Panel(Group(table, Text("Events", style="bold"), events, footer, legend),
                 title=f"Conflict: {conflict['name']}{ahead}", title_align="left")


def _table_items(seen: dict[str, Any]) -> Group:
    lines: list[RenderableType] = []
    if seen["tile"]:
        lines.append(Text(f"Story tile: {seen['tile'].replace('_', ' ')}", style="bold"))
    if seen["last_event"]:
        lines.append(Text(f"Last event: {seen['last_event']}", style="italic"))
    if seen["offered"]:
        lines.append(Text("Offered to the cost: " + ", ".join(f"{o['hobbit']} {o['item']}" for o in seen["offered"])))
    if seen["revealed"]:
        lines.append(Text("Face up: " + ", ".join(seen["revealed"])))
    if seen.get("story_top"):
        lines.append(Text("Next Story tiles (you arranged them): " + ", ".join(seen["story_top"])))
    if seen.get("passing"):
        lines.append(Text(f"You are passing: {seen['passing']}", style="italic"))
    return Group(*lines)


def _hand(seen: dict[str, Any], components: "Components") -> Panel:
    """The seat's own cards, each by name, colour and symbols, with the id to type."""
    hand = Table(box=None, pad_edge=False, padding=(0, 1), show_header=False)
    hand.add_column(no_wrap=True)
    hand.add_column(style="dim", no_wrap=True)
    for card_id in seen["hand"]:
        info = components.cards.get(card_id)
        hand.add_row(card(info) if info else Text(card_id), card_id)
    me = seen["players"][seen["seat"]]["hobbit"]
    body: RenderableType = hand if seen["hand"] else Text("no cards", style="dim")
    return Panel(body, title=f"{me}'s hand ({len(seen['hand'])})", title_align="left", expand=False)


def _deciding(seen: dict[str, Any]) -> Text:
    if seen["outcome"]:
        return Text(f"Game over: {OUTCOMES.get(seen['outcome'], seen['outcome'])}.", style="bold gold1")
    return Text(seen["deciding"], style="bold")
