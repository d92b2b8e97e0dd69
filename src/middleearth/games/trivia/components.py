"""The Trivia Game's components as data: the board, the location cards, the event tiles, the
chips and the Strength die.

The schemas here check the TOML files in ``data/`` (or a user's data folder, file by file) and
build the one immutable :class:`Components` value the rules read. The question cards come from
the packs (:mod:`middleearth.games.trivia.questions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from middleearth.core.content import Sourced, Strict, load_content
from middleearth.core.errors import DataError

PACKAGE = "middleearth.games.trivia"
CHIPS = ("ring", "combat", "travel")
SYMBOLS = ("companions", "gandalfs_hat", "haste", "healing", "protection", "strength")
EYE_DIFFICULTY = {"green": "easy", "blue": "medium", "red": "hard"}

Eye = Literal["green", "blue", "red"]
Symbol = Literal["companions", "gandalfs_hat", "haste", "healing", "protection", "strength"]


class ChipCount(Strict):
    ring: int = Field(0, ge=0, le=9)
    combat: int = Field(0, ge=0, le=9)
    travel: int = Field(0, ge=0, le=9)

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.ring, self.combat, self.travel)


class LocationRecord(Sourced):
    name: str = Field(min_length=1)
    kind: Literal["start", "plain", "special"]
    eye: Literal["green", "blue"] | None = None
    cost: ChipCount | None = None
    safe: bool = False
    final: bool = False

    @model_validator(mode="after")
    def _kind_fits(self) -> "LocationRecord":
        if self.kind == "plain" and self.eye is None:
            raise ValueError(f"{self.name}: a plain location needs an eye (green or blue)")
        if self.kind != "plain" and self.eye is not None:
            raise ValueError(f"{self.name}: only a plain location has an eye; a {self.kind} location has none")
        if self.kind != "start" and self.cost is None:
            raise ValueError(f"{self.name}: every location after the start needs a cost (chips to enter it)")
        return self


class BoardFile(Strict):
    location: list[LocationRecord] = Field(min_length=2)

    @model_validator(mode="after")
    def _shape(self) -> "BoardFile":
        kinds = [loc.kind for loc in self.location]
        if kinds[0] != "start" or kinds.count("start") != 1:
            raise ValueError("the first location, and only it, is the start (kind = \"start\")")
        if not self.location[-1].final or sum(loc.final for loc in self.location) != 1:
            raise ValueError("the last location, and only it, is the goal (final = true)")
        if self.location[-1].kind != "special":
            raise ValueError("the goal is a special location: its final challenge is a location card")
        names = [loc.name for loc in self.location]
        if len(set(names)) != len(names):
            raise ValueError("two locations share a name")
        return self


class LocationCardRecord(Sourced):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    location: str
    border: Literal["red", "green"]
    eye: Eye | None = None
    danger: bool = False
    damage: ChipCount = ChipCount()
    symbol: Symbol | None = None
    final: bool = False

    @model_validator(mode="after")
    def _kind_fits(self) -> "LocationCardRecord":
        if self.border == "green" and (self.eye is not None or self.symbol is None or self.final):
            raise ValueError(f"{self.id}: a green card is a help: a symbol, no eye, never final")
        if self.border == "red" and self.symbol is not None:
            raise ValueError(f"{self.id}: a red card is a challenge: an eye and damage, no helping symbol")
        if self.final and (self.eye is None or self.danger):
            raise ValueError(f"{self.id}: a final challenge has an eye (its last question) and no danger symbol")
        return self


class LocationCardsFile(Strict):
    card: list[LocationCardRecord] = Field(min_length=1)


class TileRecord(Sourced):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    symbol: Literal["companions", "haste", "healing", "protection"]


class TilesFile(Strict):
    tile: list[TileRecord] = Field(default_factory=list)


class SourcedChips(ChipCount, Sourced):
    ring: int = Field(0, ge=0, le=999)
    combat: int = Field(0, ge=0, le=999)
    travel: int = Field(0, ge=0, le=999)


class FaceRecord(Sourced):
    name: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    chips: ChipCount = ChipCount()
    tree: bool = False

    @model_validator(mode="after")
    def _gives_something(self) -> "FaceRecord":
        if self.tree == any(self.chips.as_tuple()):
            raise ValueError(f"face {self.name}: give either chips or tree = true")
        return self


class ChipsFile(Strict):
    supply: SourcedChips
    start: SourcedChips
    face: list[FaceRecord] = Field(min_length=1)


@dataclass(frozen=True)
class LocationCard:
    id: str
    name: str
    location: int  # board index
    border: str
    eye: str | None
    danger: bool
    damage: tuple[int, int, int]
    symbol: str | None
    final: bool

    @property
    def difficulty(self) -> str | None:
        return EYE_DIFFICULTY[self.eye] if self.eye else None


@dataclass(frozen=True)
class Components:
    """Everything printed on the board, cards, tiles and die, as the rules need it."""

    locations: tuple[str, ...]
    kinds: tuple[str, ...]  # start | plain | special
    eyes: tuple[str | None, ...]
    costs: tuple[tuple[int, int, int], ...]  # costs[i]: chips to enter location i (ring, combat, travel)
    safe: tuple[bool, ...]
    cards: dict[str, LocationCard]
    stacks: tuple[tuple[str, ...], ...]  # stacks[i]: the card ids of location i (empty when plain)
    tiles: dict[str, str]  # tile id -> symbol
    supply: tuple[int, int, int]
    start: tuple[int, int, int]
    faces: tuple[str, ...]
    face_chips: dict[str, tuple[int, int, int]]
    tree_faces: frozenset[str]

    @property
    def goal(self) -> int:
        return len(self.locations) - 1

    def item_symbol(self, item: str) -> str:
        """The symbol of a green card or an event tile a player holds."""
        return self.tiles[item] if item in self.tiles else str(self.cards[item].symbol)

    def item_name(self, item: str) -> str:
        if item in self.tiles:
            return f"event tile ({self.tiles[item].replace('_', ' ')})"
        card = self.cards[item]
        return f"{card.name} ({str(card.symbol).replace('_', ' ')})"


def load_components(data_dir: str | Path | None = None) -> Components:
    """The checked components; a user's ``data_dir`` replaces any file it holds."""
    return _load(str(data_dir) if data_dir else None)


@cache
def _load(data_dir: str | None) -> Components:
    board = load_content(PACKAGE, "board.toml", BoardFile, data_dir).location
    cards_file = load_content(PACKAGE, "location_cards.toml", LocationCardsFile, data_dir).card
    tiles = load_content(PACKAGE, "tiles.toml", TilesFile, data_dir).tile
    chips = load_content(PACKAGE, "chips.toml", ChipsFile, data_dir)
    names = [loc.name for loc in board]
    index = {name: i for i, name in enumerate(names)}
    stacks: list[list[str]] = [[] for _ in board]
    cards: dict[str, LocationCard] = {}
    for record in cards_file:
        if record.location not in index or board[index[record.location]].kind != "special":
            specials = ", ".join(loc.name for loc in board if loc.kind == "special")
            raise DataError(f"location_cards.toml: card {record.id} lies on {record.location!r}, "
                            f"which is no special location of board.toml ({specials})")
        if record.id in cards:
            raise DataError(f"location_cards.toml: two cards have the id {record.id}")
        where = index[record.location]
        if record.final and where != len(board) - 1:
            raise DataError(f"location_cards.toml: card {record.id} is final but lies on {record.location}, "
                            "not on the goal")
        cards[record.id] = LocationCard(record.id, record.name, where, record.border, record.eye, record.danger,
                                        record.damage.as_tuple(), record.symbol, record.final)
        stacks[where].append(record.id)
    for i, loc in enumerate(board):
        if loc.kind == "special" and not stacks[i]:
            raise DataError(f"location_cards.toml: the special location {loc.name} has no cards")
    goal_stack = [cards[c] for c in stacks[-1]]
    if not any(card.final for card in goal_stack):
        raise DataError(f"location_cards.toml: {names[-1]} has no final challenge (final = true)")
    stuck = [card.id for card in goal_stack if not card.final and not card.danger]
    if stuck:
        # Mastering a card that is neither final nor a danger would leave a hobbit on the goal
        # without a win and nowhere to go.
        raise DataError(f"location_cards.toml: {', '.join(stuck)} on {names[-1]} must be final or carry "
                        "danger = true, so a visit goes on to a final challenge")
    tile_ids = [t.id for t in tiles]
    if len(set(tile_ids)) != len(tile_ids) or set(tile_ids) & set(cards):
        raise DataError("tiles.toml: every tile needs an id of its own, unlike every other tile and location card")
    face_names = [f.name for f in chips.face]
    if len(set(face_names)) != len(face_names):
        raise DataError("chips.toml: two die faces share a name")
    return Components(
        locations=tuple(names),
        kinds=tuple(loc.kind for loc in board),
        eyes=tuple(loc.eye for loc in board),
        costs=tuple(loc.cost.as_tuple() if loc.cost else (0, 0, 0) for loc in board),
        safe=tuple(loc.safe for loc in board),
        cards=cards,
        stacks=tuple(tuple(s) for s in stacks),
        tiles={t.id: t.symbol for t in tiles},
        supply=chips.supply.as_tuple(),
        start=chips.start.as_tuple(),
        faces=tuple(face_names),
        face_chips={f.name: f.chips.as_tuple() for f in chips.face},
        tree_faces=frozenset(f.name for f in chips.face if f.tree),
    )
