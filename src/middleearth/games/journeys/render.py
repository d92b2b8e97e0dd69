"""Journeys in Middle-earth in colour for the terminal: the map, the hero boards, the enemy menu,
the threat bar, the objective and the log.

Everything is drawn from ``state.observation(seat)`` and the game's components (tiles, heroes,
cards, enemies), never from the engine's private helpers, so the picture shows what that seat may
know and survives changes to the engine. ``middleearth play`` finds :func:`render`,
:func:`render_again`, :func:`describe`, :func:`moment`, :data:`HELP` and :data:`CONFIRM_CHANCE`
by their names. The map's drawing itself is in hexdraw.py.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Span, Text

from middleearth.games.journeys.hexdraw import BORDERS, Cell, HexGrid, marks_of
from middleearth.games.journeys.hexmap import Hex, HexMap, Placement, rotate_direction

if TYPE_CHECKING:
    from middleearth.core.contract import Action
    from middleearth.games.journeys.game import JourneysGame
    from middleearth.games.journeys.state import JourneysState

# Every skill card and damage card is a chance step: pausing for Enter before each would make a
# test several keypresses long, so chance speaks at once.
CONFIRM_CHANCE = False

HERO_STYLES = ("bold bright_cyan", "bold bright_green", "bold yellow", "bold orchid", "bold dark_orange")
ENEMY_STYLE = "bold red"
# Token kinds on the map: a glyph and its colour. "exploration" is the token in an unexplored
# tile's exploration box.
TOKENS = {
    "search": ("✧", "bold yellow"),
    "person": ("☺", "bold green"),
    "threat": ("▲", "bold red"),
    "darkness": ("●", "bold magenta"),
    "exploration": ("◆", "bold cyan"),
}
# Terrain tokens of battle maps that stand in a space: a glyph, its colour and the terrain's name.
# Walls and streams lie on a border and are drawn there (hexdraw.BORDERS "wall" and "stream").
TERRAIN = {
    "table": ("π", "bold yellow", "table"),
    "bush": ("♣", "bold green", "bush"),
    "barrels": ("◎", "bold dark_orange", "barrels"),
    "boulder": ("⬢", "bold grey70", "boulder"),
    "statue": ("♜", "bold white", "statue"),
    "mist": ("≋", "bold grey62", "mist"),
    "pit": ("◌", "bold orange4", "pit"),
    "fire_pit": ("☼", "bold red", "fire pit"),
}
BORDER_TERRAIN = ("wall", "stream")
DARKNESS_FILL = "░"
UNEXPLORED_FILL = "·"
STATS = ("might", "agility", "wisdom", "spirit", "wit")
ARROWS = {"E": "→", "NE": "↗", "NW": "↖", "W": "←", "SW": "↙", "SE": "↘"}
LOG_LINES = 5  # the play loop prints each event as it happens; the view recalls the latest
THREAT_BAR = 40  # characters of the threat bar
BOARD_WIDTH = 49  # a hero's board; two fit side by side on a console 100 wide
ENEMY_WIDTH = 38

HELP = """\
[bold]Journeys in Middle-earth in short[/]
The heroes play together against the adventure, which this program runs as the app would. Each \
round every hero takes a turn of two actions: [cyan]travel[/] (gain two moves, then [cyan]move DIR[/] \
one space at a time, E NE NW W SW SE, through gray borders only), [cyan]interact TOKEN[/] (a token in \
your space) or [cyan]attack GROUP ITEM STAT[/] (a group in your space, or next to you with a ranged \
item). Then the shadow phase: every readied enemy group moves and attacks, heroes in darkness \
suffer fear, and the threat rises; then the rally phase readies the enemies and each hero scouts.
A test reveals as many skill cards as the stat: each success counts, and each fate may become a \
success for one inspiration. Damage or fear that reaches a hero's limit calls for a last stand, a \
test that defeats the hero if failed; the party loses when the threat bar fills, or when a shadow \
phase begins with a hero defeated. Finish the objectives, in order, to win. Prepared cards, items \
and boons are used with [cyan]use NAME[/] when they can help, and [cyan]pass[/] closes the moment.
Map: each box is a space (its coordinates q,r at the top right, the tile's id on one of its \
spaces). ╌ gray border (open), ━ black border (closed), ─ the map's edge; ░ darkness, · an \
unexplored tile. Heroes by their first letters, enemy groups in red (letters and figures), tokens: \
✧ search ☺ person ▲ threat ● darkness ◆ exploration. Terrain of battle maps: π table ♣ bush \
◎ barrels ⬢ boulder ♜ statue ≋ mist ◌ pit ☼ fire pit in their space, ═ a wall (closed) and \
≈ a stream (crossing it ends the move) on their border.
Action words: [cyan]hero NAME[/], [cyan]travel[/], [cyan]move DIR[/], [cyan]interact TOKEN[/], \
[cyan]attack GROUP ITEM STAT[/], [cyan]end[/], [cyan]convert N[/], [cyan]choose N[/], \
[cyan]prepare CARD[/] or [cyan]prepare none[/], [cyan]discard CARD[/], [cyan]negate N[/], \
[cyan]test STAT[/], [cyan]step DIR[/], [cyan]stand damage|fear[/], [cyan]spend ITEM N[/], [cyan]apply[/], \
[cyan]target HERO[/], [cyan]decline[/], [cyan]use NAME [HERO][/], [cyan]pass[/], [cyan]lend N[/], [cyan]fire pierce|smite[/]. \
Choose by number, or write the action: [cyan]attack road-ruffians sword+dagger might[/]."""


def ink(pieces: list[tuple[str, str]]) -> Text:
    """One Text from (words, style) pieces, its spans laid at once (faster than appending)."""
    spans, at = [], 0
    for words, style in pieces:
        if style and words:
            spans.append(Span(at, at + len(words), style))
        at += len(words)
    text = Text("".join(words for words, _ in pieces))
    text.spans = spans
    return text


# -- actions ------------------------------------------------------------------------------------

def _explain(words: list[str]) -> str | None:
    """A few words on what an action does; None for an action word this view does not know."""
    verb, rest = words[0], words[1:]
    arg = rest[0] if rest else ""
    if verb == "hero" and rest:
        return f"{arg} takes the next turn"
    if verb == "travel":
        return "an action: gain moves"
    if verb in ("move", "step") and arg in ARROWS:
        return f"{ARROWS[arg]} one space" if verb == "move" else f"{ARROWS[arg]} the enemy steps that way"
    if verb == "interact" and rest:
        return "an action: the token in your space"
    if verb == "attack" and len(rest) == 3:
        return f"an action: {rest[1]}, a {rest[2]} test"
    if verb == "end":
        return "end the turn"
    if verb == "convert" and arg.isdigit():
        return "keep the fate as it is" if arg == "0" else f"{arg} inspiration: {arg} fate become successes"
    if verb == "choose" and arg.isdigit():
        return f"option {arg}"
    if verb == "prepare" and rest:
        return "prepare no card" if arg == "none" else "keep it prepared"
    if verb == "discard" and arg.startswith("facedown-"):
        return f"a random facedown {arg.removeprefix('facedown-')} card back to its deck"
    if verb == "discard" and rest:
        return "that card goes: a prepared card to the discard pile, a wound card back to its deck"
    if verb == "stand" and rest:
        return f"the last stand against the {arg} limit comes first"
    if verb == "spend" and len(rest) == 2:
        return f"successes buy {rest[0]}'s ability {rest[1]}"
    if verb == "apply":
        return "the attack's hits go to the group"
    if verb == "target" and rest:
        return f"the enemy goes for {arg}"
    if verb == "decline":
        return "no test"
    if verb == "use" and rest:
        return f"use it for {rest[1]}" if len(rest) > 1 else "use it now"
    if verb == "fire" and rest:
        return f"a revealed fate card into the fire pit: the attack gains {arg}"
    if verb == "pass":
        return "use nothing more now"
    if verb == "lend" and arg.isdigit():
        return f"Elena pays {arg} inspiration for the other hero's fate"
    if verb == "negate" and arg.isdigit():
        return f"{arg} success(es) against damage, the rest against fear"
    if verb == "test" and rest:
        return "the stat to test"
    if verb in ("reveal", "weakness", "damage", "fear") and rest:
        return "a card revealed"
    if verb == "enemy" and arg.isdigit():
        return "the attack the enemy makes"
    return None


VERB_STYLES = {"travel": "bold cyan", "move": "bold cyan", "interact": "bold yellow", "attack": "bold red",
               "end": "bold", "hero": "bold green", "reveal": "dim", "enemy": "red", "damage": "red",
               "fear": "magenta", "weakness": "dim"}


def describe(action: "Action") -> Text:
    """An action's text, coloured by its verb, with a few words on what it does; an action word
    this view does not know is shown as its text."""
    words = str(action).split()
    if not words:
        return Text(str(action))
    explained = _explain(words)
    if explained is None:
        return Text(str(action))
    return ink([(words[0], VERB_STYLES.get(words[0], "bold")), (" ".join(["", *words[1:]]), ""),
                (f"  {explained}", "dim")])


def moment(state: "JourneysState") -> tuple:
    """When spectators of AI seats see the table again: a new round, phase or hero's turn."""
    return (state.round, state.phase, state.turn)


# -- the whole picture ---------------------------------------------------------------------------

def render(state: "JourneysState", seat: int | None = None) -> RenderableType:
    """The table as ``seat`` sees it."""
    seen = state.observation(seat)
    game = state.game
    parts: list[RenderableType] = [_headline(seen), threat_bar(seen, game), _objective(seen),
                                   map_view(seen, game), hero_boards(seen, game)]
    if seen["enemies"] or seen.get("enemies_waiting"):
        parts.append(enemy_menu(seen, game))
    if seen.get("attack"):
        parts.append(_attack(seen, game))
    if seen["test"]:
        parts.append(_test(seen, game))
    if seen["log"]:
        parts.append(_log(seen))
    parts.append(_deciding(seen))
    return Group(*parts)


def render_again(state: "JourneysState", seat: int) -> RenderableType:
    """The same seat decides again at once: its board, the test or decision in hand, and the map
    only while it may move."""
    seen = state.observation(seat)
    game = state.game
    parts: list[RenderableType] = [_headline(seen)]
    if seen["waiting_for"] == "turn":
        parts.append(map_view(seen, game, legend=False))
    name = game.seat_names()[seat]
    parts.append(hero_boards(seen, game, only=name))
    if seen.get("attack"):
        parts.append(_attack(seen, game))
    if seen["test"]:
        parts.append(_test(seen, game))
    parts.append(_deciding(seen))
    return Group(*parts)


def _headline(seen: dict[str, Any]) -> Text:
    line = Text()
    line.append(seen["adventure"], style="bold gold1")
    line.append(f"   round {seen['round']}, {seen['phase']} phase")
    if seen.get("turn"):
        line.append("   ")
        line.append(f"{seen['turn']}'s turn", style="bold")
        line.append(f": {_count(seen['actions_left'], 'action')}, {_count(seen['moves_left'], 'move')} left")
    return line


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def threat_bar(seen: dict[str, Any], game: "JourneysGame") -> Text:
    """The threat against the adventure's maximum; each threshold of the adventure is a mark on
    the bar (filled once passed) and its value is listed."""
    threat, top = seen["threat"], max(1, seen["threat_max"])
    filled = round(threat / top * THREAT_BAR)
    marks = {min(THREAT_BAR - 1, max(0, round(event.at / top * THREAT_BAR) - 1)): event.at
             for event in game.adventure.threat}
    pieces: list[tuple[str, str]] = [("Threat ", "bold"), ("▕", "")]
    for column in range(THREAT_BAR):
        if column in marks:
            pieces.append(("┃", "bold red on red" if threat >= marks[column] else "bold yellow"))
        elif column < filled:
            pieces.append(("█", "red"))
        else:
            pieces.append(("░", "grey35"))
    pieces += [("▏", ""), (f" {threat}/{seen['threat_max']}", "bold red" if threat * 4 >= top * 3 else "bold")]
    if marks:
        pieces.append(("   thresholds " + " ".join(str(at) for at in sorted(marks.values())), "dim"))
    return ink(pieces)


def _objective(seen: dict[str, Any]) -> Panel:
    text = seen["objective"]
    body = Text()
    body.append(text or "every objective is complete", style="italic" if text else "dim")
    extra = []
    if seen.get("lore") or seen.get("xp"):
        extra.append(f"lore {seen['lore']}, experience {seen['xp']}")
    if seen.get("rewards"):
        extra.append("rewards: " + ", ".join(seen["rewards"]))
    if extra:
        body.append("\n" + "; ".join(extra), style="dim")
    return Panel(body, title="Objective", title_align="left", border_style="gold1")


# -- the map ------------------------------------------------------------------------------------

def table_map(seen: dict[str, Any], game: "JourneysGame") -> HexMap:
    """The map of the tiles on the table, as the observation lists them, its walls closed."""
    placements = tuple(Placement(t["tile"], tuple(t["position"]), t["rotation"]) for t in seen["tiles"])
    hexmap = game.hexmap(placements)
    for pair, kind in terrain_borders(seen, hexmap).items():
        if kind == "wall":
            hexmap = hexmap.with_wall(*pair)
    return hexmap


def terrain_borders(seen: dict[str, Any], hexmap: HexMap) -> dict[frozenset[Hex], str]:
    """The borders walls and streams lie on: the two spaces each parts, and its terrain. The
    observation names the border by its tile's own direction, so it is turned with the tile."""
    rotation = {t["tile"]: t["rotation"] for t in seen["tiles"]}
    borders: dict[frozenset[Hex], str] = {}
    for token in seen.get("terrain", ()):
        at = Hex(*token["space"])
        if token["terrain"] not in BORDER_TERRAIN or not token.get("toward") or at not in hexmap.spaces:
            continue
        toward = rotate_direction(token["toward"], rotation.get(hexmap.spaces[at].tile, 0))
        borders[frozenset((at, at.step(toward)))] = token["terrain"]
    return borders


def hero_codes(names: list[str]) -> dict[str, str]:
    """Two letters for each hero (Ar, Be, Bi...); a clash takes the first letter and a digit."""
    codes: dict[str, str] = {}
    for index, name in enumerate(names):
        code = (name[:2] or "?").title()
        if code in codes.values():
            code = f"{name[:1].upper()}{index + 1}"
        codes[name] = code
    return codes


def group_codes(group_ids: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Capital initials of each group id's words (road-ruffians: RR); a clash adds a digit."""
    return dict(_group_codes_of(tuple(group_ids)))


@lru_cache(maxsize=32)
def _group_codes_of(group_ids: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    codes: dict[str, str] = {}
    for group_id in group_ids:
        base = "".join(word[:1] for word in group_id.split("-") if word).upper() or group_id[:2].upper()
        code, n = base, 2
        while code in codes.values():
            code, n = f"{base}{n}", n + 1
        codes[group_id] = code
    return tuple(codes.items())


def _group_codes(game: "JourneysGame", seen: dict[str, Any]) -> dict[str, str]:
    # Codes come from every group the adventure may spawn, so a group keeps its code all game.
    ids = [g.id for g in game.adventure.enemy_group]
    ids += [e["id"] for e in seen["enemies"] if e["id"] not in ids]
    return group_codes(ids)


def _hero_style(seen: dict[str, Any], name: str) -> str:
    names = [h["name"] for h in seen["heroes"]]
    return HERO_STYLES[names.index(name) % len(HERO_STYLES)] if name in names else "bold"


def map_cells(seen: dict[str, Any], game: "JourneysGame", hexmap: HexMap) -> dict[Hex, Cell]:
    """What each placed space shows: its tile's id (on one space of the tile), coordinates, the
    heroes, enemy groups and tokens standing there; darkness (printed or a token) and unexplored
    tiles as fills."""
    unexplored = {t["tile"] for t in seen["tiles"] if not t["explored"]}
    labelled = _label_spaces(hexmap, game)
    cells: dict[Hex, Cell] = {}
    for at, space in hexmap.spaces.items():
        cell = Cell(coordinates=str(at))
        if at in labelled:
            cell.label = Text(space.tile + ("?" if space.tile in unexplored else ""), style="bold")
        if space.darkness:
            cell.fill, cell.fill_style = DARKNESS_FILL, "grey42"
        elif space.tile in unexplored:
            cell.fill, cell.fill_style = UNEXPLORED_FILL, "grey50"
        if space.tile in unexplored and space.exploration_box:
            cell.items.append(_token_glyph("exploration"))
        cells[at] = cell
    codes = hero_codes([h["name"] for h in seen["heroes"]])
    figures: dict[Hex, list[Text]] = {}
    for hero in seen["heroes"]:
        if hero["space"] is None:
            continue
        style = "dim strike" if hero["defeated"] else _hero_style(seen, hero["name"])
        figures.setdefault(Hex(*hero["space"]), []).append(Text(codes[hero["name"]], style=style))
    groups = _group_codes(game, seen)
    for enemy in seen["enemies"]:
        style = "red" if enemy["exhausted"] else ENEMY_STYLE
        figures.setdefault(Hex(*enemy["space"]), []).append(Text(f"{groups[enemy['id']]}{enemy['figures']}",
                                                                 style=style))
    kinds = {t.id: t.kind for t in game.adventure.token}
    terrain = {t["id"] for t in seen.get("terrain", ())}
    for token in seen["tokens"]:
        if token["id"] in terrain:
            continue  # drawn below, as its terrain
        at, kind = Hex(*token["space"]), kinds.get(token["id"], "")
        figures.setdefault(at, []).append(_token_glyph(kind))
        if kind == "darkness" and at in cells:  # a darkness token makes its space dark
            cells[at].fill, cells[at].fill_style = DARKNESS_FILL, "grey42"
    features: dict[Hex, list[Text]] = {}
    for token in seen.get("terrain", ()):
        if token["terrain"] not in BORDER_TERRAIN:
            features.setdefault(Hex(*token["space"]), []).append(_terrain_glyph(token["terrain"]))
    for at in cells:
        # The space's terrain first (a glyph never pushed out by a crowd), then the figures and
        # tokens, then the tokens already there (the exploration token).
        cells[at].items = features.get(at, []) + figures.get(at, []) + cells[at].items
    return cells


def _terrain_glyph(terrain: str) -> Text:
    glyph, style, _ = TERRAIN.get(terrain, ("?", "bold", terrain))
    return Text(glyph, style=style)


def _token_glyph(kind: str) -> Text:
    glyph, style = TOKENS.get(kind, ("•", "bold"))
    return Text(glyph, style=style)


def _label_spaces(hexmap: HexMap, game: "JourneysGame") -> set[Hex]:
    """The space of each tile that carries its id: the exploration box, else its first space."""
    chosen: dict[str, Hex] = {}
    for at, space in hexmap.spaces.items():
        if space.exploration_box:
            chosen[space.tile] = at
    for at, space in hexmap.spaces.items():
        if space.tile not in chosen:
            tile = game.tiles.get(space.tile)
            if tile is None or tuple(space.local) == tuple(tile.spaces[0]):
                chosen[space.tile] = at
    return set(chosen.values())


def map_view(seen: dict[str, Any], game: "JourneysGame", legend: bool = True) -> RenderableType:
    hexmap = table_map(seen, game)
    grid = HexGrid(hexmap, map_cells(seen, game, hexmap), marks_of(terrain_borders(seen, hexmap)))
    parts: list[RenderableType] = [grid]
    if legend:
        parts.append(_legend(seen, game))
    tokens = _token_list(seen, game, hexmap)
    if tokens is not None:
        parts.append(tokens)
    return Group(Text("Map", style="bold"), *parts)


def _legend(seen: dict[str, Any], game: "JourneysGame") -> Text:
    """What the marks of the map mean: the heroes and groups by their letters, the tokens, the
    fills and the borders; three short lines that fit a console 80 wide."""
    pieces: list[tuple[str, str]] = []
    for name, code in hero_codes([h["name"] for h in seen["heroes"]]).items():
        pieces += [(code, _hero_style(seen, name)), (f" {name}  ", "")]
    groups = _group_codes(game, seen)
    for group in seen["enemies"] or [{"id": "RR", "figures": 2, "enemy": "figures"}]:  # else an example
        pieces += [(f"{groups.get(group['id'], group['id'])}{group['figures']}", ENEMY_STYLE),
                   (f" {group['figures']} {group['enemy']}  ", "")]
    pieces.append(("\n", ""))
    for kind, (glyph, style) in TOKENS.items():
        pieces += [(glyph, style), (f" {kind}  ", "")]
    pieces += [("\n", ""), (DARKNESS_FILL * 2, "grey42"), (" darkness  ", ""), (UNEXPLORED_FILL * 2, "grey50"),
               (" unexplored tile (J2?)  ", "")]
    for kind, name in (("gray", "open"), ("black", "closed"), ("edge", "edge")):
        across, _, style = BORDERS[kind]
        pieces += [(across * 2, style), (f" {name}  ", "")]
    pieces += _terrain_key(seen)
    text = ink(pieces)
    return text


def _terrain_key(seen: dict[str, Any]) -> list[tuple[str, str]]:
    """A line (or two, on a console 80 wide) for each kind of terrain on the map, in the order of
    TERRAIN, walls and streams last; nothing on a map without terrain."""
    present = {t["terrain"] for t in seen.get("terrain", ())}
    entries: list[list[tuple[str, str]]] = []
    for terrain, (glyph, style, name) in TERRAIN.items():
        if terrain in present:
            entries.append([(glyph, style), (f" {name}  ", "")])
    for terrain, meaning in (("wall", "wall (closed)"), ("stream", "stream (ends a move)")):
        if terrain in present:
            across, _, style = BORDERS[terrain]
            entries.append([(across * 2, style), (f" {meaning}  ", "")])
    pieces: list[tuple[str, str]] = []
    width = 78
    for entry in entries:
        size = sum(len(words) for words, _ in entry)
        if width + size > 78:
            pieces.append(("\nterrain  ", "dim") if not pieces else ("\n         ", ""))
            width = 9
        pieces += entry
        width += size
    return pieces


def _token_list(seen: dict[str, Any], game: "JourneysGame", hexmap: HexMap) -> "SideBySide | None":
    """The tokens by name, so ``interact TOKEN`` can be written; terrain with its kind (and a wall's
    or stream's border by its direction on the map)."""
    kinds = {t.id: t.kind for t in game.adventure.token}
    terrain = {t["id"]: t for t in seen.get("terrain", ())}
    rotation = {t["tile"]: t["rotation"] for t in seen["tiles"]}
    entries = []
    for token in seen["tokens"]:
        entry = Text()
        record = terrain.get(token["id"])
        if record is None:
            entry.append_text(_token_glyph(kinds.get(token["id"], "")))
            entry.append(f" {token['id']} ({_place(hexmap, token['space'])})")
        elif record["terrain"] in BORDER_TERRAIN and record.get("toward"):
            across, _, style = BORDERS.get(record["terrain"], BORDERS["black"])
            at = Hex(*record["space"])
            tile = hexmap.spaces[at].tile if at in hexmap.spaces else ""
            toward = rotate_direction(record["toward"], rotation.get(tile, 0))
            entry.append(across, style=style)
            entry.append(f" {token['id']} {record['terrain']} ({_place(hexmap, token['space'])} {toward})")
        else:
            entry.append_text(_terrain_glyph(record["terrain"]))
            name = TERRAIN.get(record["terrain"], ("", "", record["terrain"]))[2]
            entry.append(f" {token['id']} {name} ({_place(hexmap, token['space'])})")
        entries.append(entry)
    return SideBySide(entries, max(e.cell_len for e in entries), gap=2) if entries else None


def _place(hexmap: HexMap, space: list[int] | tuple[int, int] | None) -> str:
    if space is None:
        return "-"
    at = Hex(*space)
    tile = hexmap.spaces[at].tile if at in hexmap.spaces else "?"
    return f"{tile} {at}"


class SideBySide:
    """Renderables of one width laid out in as many columns as the console's width holds (a
    lighter Columns: the width is known, so nothing is measured)."""

    def __init__(self, items: list[RenderableType], width: int, gap: int = 1):
        self.items, self.width, self.gap = items, width, gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        per_row = max(1, (options.max_width + self.gap) // (self.width + self.gap))
        grid = Table.grid(padding=(0, self.gap, 0, 0))
        for _ in range(min(per_row, len(self.items))):
            grid.add_column(width=self.width)
        for start in range(0, len(self.items), per_row):
            grid.add_row(*self.items[start:start + per_row])
        yield grid


# -- hero boards and enemies ----------------------------------------------------------------------

def _faceup_cards(game: "JourneysGame", names: list[str]) -> list[Any]:
    cards = []
    for name in names:
        try:
            cards.append(game.wound_card(name))
        except (KeyError, AttributeError):
            continue
    return cards


def _pips(label: str, value: int, limit: int, full: str, empty: str, style: str) -> list[tuple[str, str]]:
    """``value`` against ``limit``: a pip for each, then the numbers."""
    return [(f"{label} ", "dim"), (full * min(value, limit), style), (empty * max(0, limit - value), "grey35"),
            (f" {value}/{limit}", "bold" if value else "")]


def hero_boards(seen: dict[str, Any], game: "JourneysGame", only: str | None = None) -> RenderableType:
    """A board for each hero (or only the hero named ``only``), side by side as the width allows."""
    boards = [hero_board(hero, seen, game) for hero in seen["heroes"] if only is None or hero["name"] == only]
    return Group(Text("Heroes", style="bold"), SideBySide(boards, BOARD_WIDTH))


def hero_board(hero: dict[str, Any], seen: dict[str, Any], game: "JourneysGame") -> Panel:
    """Place, stats (lowered by faceup cards), damage and fear against their limits (how many of
    those cards lie facedown), inspiration, deck and discard, prepared cards, items with a
    trinket's tokens left, faceup cards and boons."""
    stats = game.table.hero(hero["name"]).stats
    faceup = _faceup_cards(game, hero["faceup"])
    codes = hero_codes([h["name"] for h in seen["heroes"]])
    title = Text()
    title.append("▶ " if seen.get("turn") == hero["name"] else "", style="bold")
    title.append(hero["name"], style=_hero_style(seen, hero["name"]))
    title.append(f" [{codes[hero['name']]}]")
    if hero["defeated"]:
        title.append(" defeated", style="bold red")
    else:
        title.append(f" at {_place(table_map(seen, game), hero['space'])}")
        if hero.get("turn_taken"):
            title.append(", turn taken", style="dim")
    pieces: list[tuple[str, str]] = []
    for stat in STATS:
        value = stats.stat(stat)
        lowered = sum(c.while_faceup.amount for c in faceup if c.while_faceup is not None
                      and c.while_faceup.effect == "stat_penalty" and c.while_faceup.stat == stat)
        pieces += [(f"{stat} ", "dim"), (f"{max(0, value - lowered)}" + (f" (-{lowered})" if lowered else ""),
                                         "bold red" if lowered else "bold"),
                   ("  " if stat != STATS[-1] else "\n", "")]
    limit = stats.inspiration_limit - sum(c.while_faceup.amount for c in faceup if c.while_faceup is not None
                                          and c.while_faceup.effect == "inspiration_limit")
    pieces += _pips("damage", hero["damage"], stats.damage_limit, "■", "□", "red")
    pieces += _pips("   fear", hero["fear"], stats.fear_limit, "■", "□", "magenta")
    hidden = hero.get("facedown") or {}
    if any(hidden.values()):
        # Facedown cards count against the limits above but are never read.
        pieces += [("\nfacedown ", "dim"), (f"{hidden.get('damage', 0)} damage, {hidden.get('fear', 0)} fear", "bold")]
    pieces += _pips("\ninspiration", hero["inspiration"], max(0, limit), "◆", "◇", "cyan")
    pieces.append((f"   deck {hero['deck']}, discard {hero['discard']}", "dim"))
    cards = game.hero_cards.get(hero["name"], {})
    pieces += [("\nprepared ", "dim"),
               (", ".join(cards[c].name if c in cards else c for c in hero["prepared"]) or "-", ""),
               ("\nitems ", "dim"), (", ".join(_item_label(game, i) for i in hero["items"]) or "-", "")]
    trinkets = hero.get("trinket_tokens") or {}
    if trinkets:
        pieces.append(("\ntrinket tokens ", "dim"))
        for index, (name, left) in enumerate(trinkets.items()):
            pieces += [(", " if index else "", ""), (f"{name} ", ""),
                       ("●" * left or "spent", "bold cyan" if left else "dim"), (f" {left}" if left else "", "")]
    if faceup:
        pieces += [("\nfaceup ", "dim"), (", ".join(c.name for c in faceup), "red")]
    boons = hero.get("boons")
    if boons:
        pieces += [("\nboons ", "dim"), (", ".join(boons), "green")]
    body = ink(pieces)
    return Panel(body, title=title, title_align="left", width=BOARD_WIDTH,
                 border_style="red" if hero["defeated"] else "grey50")


def _item_label(game: "JourneysGame", name: str) -> str:
    item = next((i for i in game.table.items if i.name == name), None)
    if item is None or not item.stats:
        return name
    return f"{name} ({'/'.join(item.stats)}{', ranged' if item.ranged else ''})"


def enemy_menu(seen: dict[str, Any], game: "JourneysGame") -> RenderableType:
    """A menu for each enemy group on the map: its stats with elite bonuses, wounds, figures,
    whether it is exhausted, and where it stands."""
    hexmap = table_map(seen, game)
    codes = _group_codes(game, seen)
    elites = {b.name: b for b in game.table.elites}
    menus = []
    for group in seen["enemies"]:
        enemy = game.table.enemy(group["enemy"])
        bonus = [elites[name] for name in group["elite"] if name in elites]
        stats = {k: getattr(enemy, k) + sum(getattr(b, k) for b in bonus) for k in ("health", "armor", "sorcery")}
        stats.update(seen.get("enemy_menus", {}).get(group["id"], {}))  # the observation's menu, where given
        title = Text()
        title.append(f"{codes[group['id']]}{group['figures']}", style=ENEMY_STYLE)
        title.append(f" {group['id']}")
        pieces = [(f"{group['figures']} {group['enemy']}", "bold"), (f" at {_place(hexmap, group['space'])}   ", ""),
                  ("exhausted", "dim") if group["exhausted"] else ("readied", "bold green")]
        for name in ("health", "armor", "sorcery"):
            value = stats[name]
            pieces += [(f"\n{name} " if name == "health" else f"  {name} ", "dim"), (str(value), "bold")]
        pieces += [("\nwounds ", "dim"), (str(group["wounds"]), "bold red" if group["wounds"] else "bold"),
                   ("  move ", "dim"), (f"{enemy.move}{' (ranged)' if enemy.ranged else ''}", "")]
        if group["elite"]:
            pieces += [("\nelite ", "dim"), (", ".join(group["elite"]), "bold yellow")]
        if group.get("banner"):
            pieces += [("\nbanner ", "dim"), (f"⚑ {group['banner']}", "bold magenta")]
        body = ink(pieces)
        menus.append(Panel(body, title=title, title_align="left", width=ENEMY_WIDTH,
                           border_style="grey50" if group["exhausted"] else "red"))
    parts: list[RenderableType] = [Text("Enemies", style="bold"), SideBySide(menus, ENEMY_WIDTH)]
    waiting = _waiting(seen, game)
    if waiting is not None:
        parts.append(waiting)
    return Group(*parts)


def _waiting(seen: dict[str, Any], game: "JourneysGame") -> Text | None:
    """Groups the app placed while every figure of their enemy was on the map: each comes once a
    group of that enemy is defeated."""
    waiting = seen.get("enemies_waiting") or []
    if not waiting:
        return None
    enemy_of = {g.id: g.enemy for g in game.adventure.enemy_group}
    pieces: list[tuple[str, str]] = [("Waiting for figures: ", "bold")]
    for index, group_id in enumerate(waiting):
        pieces += [(", " if index else "", ""), (group_id, ENEMY_STYLE),
                   (f" ({enemy_of[group_id]})" if group_id in enemy_of else "", "")]
    pieces.append(("; each comes when a group of its enemy is defeated", "dim"))
    return ink(pieces)


# -- the moment -----------------------------------------------------------------------------------

def _test(seen: dict[str, Any], game: "JourneysGame") -> Panel:
    test = seen["test"]
    cards = game.hero_cards.get(test["hero"], {})
    text = Text()
    text.append(f"{test['hero']} ", style=_hero_style(seen, test["hero"]))
    text.append("scouts" if test["stat"] == "scout" else f"tests {test['stat']}")
    text.append(": revealed ")
    text.append(", ".join(cards[c].name if c in cards else c for c in test["revealed"]) or "nothing yet",
                style="bold")
    if test["stat"] != "scout":
        text.append(f"   {test['successes']} success(es), {test['fate']} fate")
    if test["to_reveal"]:
        text.append(f"   {test['to_reveal']} more to reveal", style="dim")
    return Panel(text, title="Test", title_align="left", border_style="cyan")


def _attack(seen: dict[str, Any], game: "JourneysGame") -> Panel:
    """An attack whose successes are being spent: who attacks what with which items, the
    successes left, what they bought, and the hits and modifiers added so far."""
    attack = seen["attack"]
    text = Text()
    text.append(f"{attack['hero']} ", style=_hero_style(seen, attack["hero"]))
    text.append("attacks ")
    text.append(str(attack["group"]), style=ENEMY_STYLE)
    if attack.get("items"):
        text.append(f" with {', '.join(attack['items'])}")
    left = attack["successes_left"]
    text.append(f"\n{left} success{'' if left == 1 else 'es'} left to spend", style="bold")
    text.append("   bought: ", style="dim")
    text.append(", ".join(attack.get("bought") or []) or "nothing yet")
    text.append("\nhits added: ", style="dim")
    text.append(str(attack.get("added_hits", 0)), style="bold red" if attack.get("added_hits") else "bold")
    text.append("   modifiers: ", style="dim")
    text.append(", ".join(attack.get("added_modifiers") or []) or "none", style="bold")
    return Panel(text, title="Attack", title_align="left", border_style="red")


def _log(seen: dict[str, Any]) -> Text:
    text = Text()
    text.append("What happened", style="bold")
    for entry in seen["log"][-LOG_LINES:]:
        words = entry.get("text", entry) if isinstance(entry, dict) else entry
        text.append("\n" + " ".join(str(words).split()), style="italic")
    return text


def _deciding(seen: dict[str, Any]) -> Text:
    """Who is to move and what they decide; a story decision's options by number, an enemy's
    step or a split of successes with its numbers, where the observation gives them."""
    if seen["over"]:
        won = seen["result"] == "win"
        return Text("The heroes win." if won else "The heroes lose.", style="bold gold1" if won else "bold red")
    mover = seen["to_move"]
    if mover in (None, "chance"):
        return Text("The cards are being revealed.", style="dim")
    text = Text()
    text.append(f"{mover}", style=_hero_style(seen, mover))
    text.append(f" must {seen['wanted']}.")
    if seen.get("ability_window"):
        text.append(f"\nA moment to use abilities: {str(seen['ability_window']).replace('_', ' ')}.", style="dim")
    asked = seen.get("asked") or {}
    if asked.get("kind") == "choice":
        text.append("\n" + " ".join(str(asked.get("text", "")).split()), style="italic")
        for number, label in enumerate(asked.get("options", []), start=1):
            text.append(f"\n  choose {number}: ", style="bold")
            text.append(str(label))
    elif asked.get("kind") == "step":
        text.append(f"\nThe group {asked.get('group')} stands at {_xy(asked.get('space'))}.")
    elif asked.get("kind") == "split":
        text.append(f"\n{asked.get('successes')} success(es) against {asked.get('damage')} damage and "
                    f"{asked.get('fear')} fear.")
    return text


def _xy(space: list[int] | tuple[int, int] | None) -> str:
    return "-" if not space else f"{space[0]},{space[1]}"
