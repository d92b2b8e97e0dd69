"""The Lord of the Rings (Knizia)'s components as data: boards, tracks, events, cards, tiles, die.

The TOML files in ``data/`` (or a user's data folder) are checked here and turned into one
immutable :class:`Components` value. A step (a Safe Haven action or a Conflict event) keeps its
printed facts: which symbols a cost needs, what happens on success or failure; the rules that
carry a step out by its ``kind`` are code (state.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from middleearth.core.content import Provenance, Sourced, Strict, load_content
from middleearth.core.errors import DataError

PACKAGE = "middleearth.games.fellowship"
ACTIVITIES = ("fighting", "friendship", "hiding", "traveling")
SYMBOLS = (*ACTIVITIES, "wild")
TOKENS = ("heart", "sun", "ring")
ABILITIES = ("brown_as_wild", "loyal", "any_two_cards", "one_token_fewer", "draws_after_conflict")
STORY_ABILITIES = ("miruvor", "mithril", "staff", "athelas", "belt", "phial", "lembas", "elessar")
GANDALF_CARDS = ("healing", "persistence", "guidance", "foresight", "magic")
TILES = ("fighting", "friendship", "hiding", "traveling", "cycle_of_time", "rings_influence",
         "saurons_will", "out_of_options", "losing_ground")
LOCATIONS = ("bag_end", "rivendell", "moria", "lothlorien", "helms_deep", "shelobs_lair", "mordor")

Activity = Literal["fighting", "friendship", "hiding", "traveling"]
Symbol = Literal["fighting", "friendship", "hiding", "traveling", "wild"]

_WHO = r"(active|ringbearer|each|others|self)"
EFFECT_PATTERNS = {
    "sauron": re.compile(r"sauron (\d+)"),
    "roll": re.compile(rf"roll {_WHO}(?: (\d+))?"),
    "draw": re.compile(rf"draw {_WHO} (\d+)"),
    "purity": re.compile(rf"purity {_WHO}"),
    "corrupt": re.compile(rf"corrupt {_WHO} (\d+)"),
    "discard": re.compile(rf"discard {_WHO} (\d+)"),
    "runes": re.compile(rf"runes {_WHO} (\d+)"),
    "gain": re.compile(r"gain ([a-z-]+)"),
    "remove": re.compile(r"remove ([a-z-]+)"),
    "remove_waiting": re.compile(r"remove_waiting ([a-z_]+)"),
    "next_event": re.compile(r"next_event"),
    "lose": re.compile(r"lose"),
}
FACE_EFFECT = re.compile(r"nothing|corrupt [1-3]|sauron 1|discard [1-9]")
REWARD = re.compile(r"-|rune|gold|ring|heart|sun|die|purity|card:[a-z-]+")
NEEDS = (*SYMBOLS, *TOKENS, "cards", "runes", "token")

Effect = tuple  # ("sauron", 2), ("roll", "each", 1), ("gain", "pipe"), ...


def parse_effect(text: str) -> Effect:
    """``"roll ringbearer 2"`` -> ``("roll", "ringbearer", 2)``; ValueError names what is allowed."""
    for kind, pattern in EFFECT_PATTERNS.items():
        match = pattern.fullmatch(text.strip())
        if match:
            parts = [kind]
            for group in match.groups():
                if group is not None:
                    parts.append(int(group) if group.isdigit() else group)
            if kind == "roll" and len(parts) == 2:
                parts.append(1)
            return tuple(parts)
    raise ValueError(f"effect {text!r} is not one of: sauron N, roll WHO [N], draw WHO N, purity WHO, "
                     "corrupt WHO N, discard WHO N, runes WHO N, gain CARD, remove CARD, "
                     "remove_waiting LOCATION, next_event, lose (WHO: active, ringbearer, each, others, self)")


class HobbitRecord(Sourced):
    name: str
    ability: Literal["brown_as_wild", "loyal", "any_two_cards", "one_token_fewer", "draws_after_conflict"]


class HobbitsFile(Strict):
    hobbit: list[HobbitRecord] = Field(min_length=2, max_length=5)


class FaceRecord(Strict):
    id: str
    effect: str
    symbols: int = Field(ge=0, le=4)
    symbols_provenance: Provenance | None = None
    symbols_source: str | None = None

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, effect: str) -> str:
        if not FACE_EFFECT.fullmatch(effect):
            raise ValueError(f"die effect {effect!r} is not one of: nothing, corrupt 1-3, sauron 1, discard N")
        return effect


class DieFile(Sourced):
    face: list[FaceRecord] = Field(min_length=1)


class TilesFile(Sourced):
    counts: dict[Literal["fighting", "friendship", "hiding", "traveling", "cycle_of_time", "rings_influence",
                         "saurons_will", "out_of_options", "losing_ground"], int]

    @field_validator("counts")
    @classmethod
    def _some_activity(cls, counts: dict[str, int]) -> dict[str, int]:
        if any(n < 0 for n in counts.values()):
            raise ValueError("a tile count cannot be negative")
        if sum(counts.get(a, 0) for a in ACTIVITIES) == 0:
            raise ValueError("the story pile needs at least one activity tile, or no turn could end")
        return counts


class QuestKind(Strict):
    symbol: Symbol
    brown: int = Field(ge=0)
    grey: int = Field(ge=0)
    provenance: Provenance | None = None
    source: str | None = None
    alternatives: tuple[str, ...] = ()


class QuestDeck(Sourced):
    card: list[QuestKind] = Field(min_length=1)


class LegendaryRecord(Sourced):
    id: str = Field(pattern=r"^[a-z-]+$")
    name: str
    location: Literal["rivendell", "moria", "lothlorien", "helms_deep", "shelobs_lair", "mordor"]
    colour: Literal["brown", "grey", "green"]
    symbols: list[Symbol] = []
    ability: Literal["miruvor", "mithril", "staff", "athelas", "belt", "phial", "lembas", "elessar",
                     "gollum"] | None = None

    @model_validator(mode="after")
    def _green_cards_have_abilities(self) -> "LegendaryRecord":
        if self.colour == "green" and (self.ability is None or self.symbols):
            raise ValueError(f"{self.id}: a green Legendary Story card has an ability and no symbols")
        if self.colour != "green" and not self.symbols:
            raise ValueError(f"{self.id}: a brown or grey card needs at least one symbol")
        if len(set(s for s in self.symbols if s != "wild") | ({"wild"} if "wild" in self.symbols else set())) > 1:
            raise ValueError(f"{self.id}: a card's symbols are all of one kind")
        return self


class GandalfRecord(Sourced):
    cards: list[Literal["healing", "persistence", "guidance", "foresight", "magic"]]
    cost: int = Field(ge=1)


class GoldRecord(Sourced):
    values: list[int] = Field(min_length=1)


class LifeRecord(Sourced):
    heart: int = Field(ge=0)
    sun: int = Field(ge=0)
    ring: int = Field(ge=0)


class CardsFile(Strict):
    quest: QuestDeck
    legendary: list[LegendaryRecord]
    gandalf: GandalfRecord
    gold_runes: GoldRecord
    life_tokens: LifeRecord


class StepRecord(Strict):
    """A Safe Haven action or a Conflict event: its kind is a rule, the rest printed facts."""

    name: str
    kind: Literal["effects", "cost", "match", "condition", "volunteer", "choice", "exchange",
                  "preparations", "legendary", "council"]
    optional: bool = False
    scope: Literal["group", "one", "each"] = "group"
    need: dict[str, int] = {}
    who: Literal["active", "ringbearer"] = "active"
    count: int = Field(default=0, ge=0)
    runes: int = Field(default=0, ge=0)
    complete: list[Activity] = []
    reached: dict[Activity, int] = {}
    effects: list[str] = []
    success: list[str] = []
    fail: list[str] = []
    choices: list[str] = []
    provenance: Provenance | None = None
    source: str | None = None
    alternatives: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _well_formed(self) -> "StepRecord":
        for need, amount in self.need.items():
            if need not in NEEDS and not need.startswith("card:"):
                raise ValueError(f"{self.name}: need {need!r} is not one of {', '.join(NEEDS)} or card:ID")
            if amount < 1:
                raise ValueError(f"{self.name}: need {need} must be at least 1")
        for text in (*self.effects, *self.success, *self.fail, *self.choices):
            parse_effect(text)
        if self.kind == "cost" and not self.need:
            raise ValueError(f"{self.name}: a cost step needs `need`")
        if self.kind in ("match", "volunteer", "preparations") and self.count < 1:
            raise ValueError(f"{self.name}: a {self.kind} step needs `count`")
        if self.kind in ("choice", "exchange") and len(self.choices) < 2:
            raise ValueError(f"{self.name}: a {self.kind} step offers at least two choices")
        if self.kind == "condition" and not (self.complete or self.reached):
            raise ValueError(f"{self.name}: a condition step names `complete` or `reached` tracks")
        return self


class HavenRecord(Sourced):
    id: Literal["bag_end", "rivendell", "lothlorien"]
    name: str
    step: list[StepRecord]


class BoardFile(Sourced):
    corruption_spaces: int = Field(ge=5, le=40)
    path: list[str]
    haven: list[HavenRecord]

    @field_validator("path")
    @classmethod
    def _path(cls, path: list[str]) -> list[str]:
        if tuple(path) != LOCATIONS:
            raise ValueError(f"the path is fixed by the rules: {', '.join(LOCATIONS)}")
        return path


class TrackRecord(Strict):
    activity: Activity
    rewards: list[str] = Field(min_length=1)
    scores: list[int] = []
    milestones: list[int] = []
    provenance: Provenance | None = None
    source: str | None = None
    alternatives: tuple[str, ...] = ()

    @field_validator("rewards")
    @classmethod
    def _rewards(cls, rewards: list[str]) -> list[str]:
        for space, text in enumerate(rewards, 1):
            for part in text.split("+"):
                if not REWARD.fullmatch(part):
                    raise ValueError(f"space {space}: reward {part!r} is not one of -, rune, gold, ring, heart, "
                                     "sun, die, purity, card:ID")
        return rewards


class ConflictRecord(Sourced):
    id: Literal["moria", "helms_deep", "shelobs_lair", "mordor"]
    name: str
    main: Activity
    start_score: int
    finale: bool = False
    track: list[TrackRecord]
    event: list[StepRecord] = Field(min_length=1)

    @model_validator(mode="after")
    def _main_track_scores(self) -> "ConflictRecord":
        activities = [t.activity for t in self.track]
        if len(set(activities)) != len(activities):
            raise ValueError(f"{self.id}: two tracks of one activity")
        if self.main not in activities:
            raise ValueError(f"{self.id}: the main track {self.main} is not among its tracks")
        for track in self.track:
            if track.activity == self.main and len(track.scores) != len(track.rewards):
                raise ValueError(f"{self.id}: the main track needs one score per space")
        return self


class ConflictsFile(Strict):
    conflict: list[ConflictRecord]


class DealRuling(Sourced):
    reading: Literal["bearer_chooses", "round_robin"]


class TieRuling(Sourced):
    reading: Literal["bearer_keeps", "left_of_bearer"]


class DrawRuling(Sourced):
    reading: Literal["always", "when_changed"]


class DoomRuling(Sourced):
    reading: Literal["no_roll", "roll"]


class RulingsFile(Strict):
    legendary_deal: DealRuling
    ring_bearer_tie: TieRuling
    new_bearer_draws: DrawRuling
    mount_doom_by_ring: DoomRuling


# -- the value the rules read ----------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    name: str
    kind: str
    optional: bool
    scope: str
    need: tuple[tuple[str, int], ...]
    who: str
    count: int
    runes: int
    complete: tuple[str, ...]
    reached: tuple[tuple[str, int], ...]
    effects: tuple[Effect, ...]
    success: tuple[Effect, ...]
    fail: tuple[Effect, ...]
    choices: tuple[tuple[Effect, ...], ...]
    choice_texts: tuple[str, ...]


@dataclass(frozen=True)
class Track:
    activity: str
    rewards: tuple[tuple[str, ...], ...]  # rewards[i]: what space i + 1 gives
    scores: tuple[int, ...]
    milestones: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.rewards)


@dataclass(frozen=True)
class Conflict:
    id: str
    name: str
    main: str
    start_score: int
    finale: bool
    tracks: tuple[Track, ...]
    events: tuple[Step, ...]

    def track(self, activity: str) -> Track | None:
        for track in self.tracks:
            if track.activity == activity:
                return track
        return None

    @property
    def main_track(self) -> Track:
        return self.track(self.main)  # type: ignore[return-value]


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    colour: str  # brown, grey, green
    symbols: tuple[str, ...]
    ability: str | None = None
    location: str | None = None  # None: a Quest card

    @property
    def quest(self) -> bool:
        return self.location is None


@dataclass(frozen=True)
class Components:
    hobbits: tuple[str, ...]
    abilities: tuple[str, ...]
    corruption_spaces: int
    havens: dict[str, tuple[Step, ...]]
    haven_names: dict[str, str]
    conflicts: dict[str, Conflict]
    cards: dict[str, Card]
    quest_counts: tuple[tuple[str, int], ...]  # (card id, copies) of the Quest deck
    legendary_by_location: dict[str, tuple[str, ...]]
    gandalf_cards: tuple[str, ...]
    gandalf_cost: int
    gold_runes: tuple[int, ...]
    life_tokens: tuple[tuple[str, int], ...]
    tiles: tuple[tuple[str, int], ...]
    die: tuple[tuple[str, str, int], ...]  # (face id, effect, symbols)
    rulings: dict[str, str]

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other


def _step(record: StepRecord) -> Step:
    return Step(
        name=record.name, kind=record.kind, optional=record.optional, scope=record.scope,
        need=tuple(sorted(record.need.items())), who=record.who, count=record.count, runes=record.runes,
        complete=tuple(record.complete), reached=tuple(sorted(record.reached.items())),
        effects=tuple(map(parse_effect, record.effects)), success=tuple(map(parse_effect, record.success)),
        fail=tuple(map(parse_effect, record.fail)),
        choices=tuple((parse_effect(text),) for text in record.choices), choice_texts=tuple(record.choices),
    )


def _quest_id(symbol: str, colour: str) -> str:
    return f"{symbol}-{colour}"


def _check_references(cards: dict[str, Card], steps: list[tuple[str, Step]], conflicts: dict[str, Conflict]) -> None:
    for where, step in steps:
        for effect in (*step.effects, *step.success, *step.fail, *(e for c in step.choices for e in c)):
            if effect[0] in ("gain", "remove") and effect[1] not in cards:
                raise DataError(f"{where}, {step.name}: no card {effect[1]!r} in cards.toml")
        for need, _ in step.need:
            if need.startswith("card:") and need[5:] not in cards:
                raise DataError(f"{where}, {step.name}: no card {need[5:]!r} in cards.toml")
    for conflict in conflicts.values():
        for track in conflict.tracks:
            for space, rewards in enumerate(track.rewards, 1):
                for reward in rewards:
                    if reward.startswith("card:") and reward[5:] not in cards:
                        raise DataError(f"conflicts.toml, {conflict.id} {track.activity} space {space}: "
                                        f"no card {reward[5:]!r} in cards.toml")


@cache
def _load(data_dir: str | None) -> Components:
    hobbits = load_content(PACKAGE, "hobbits.toml", HobbitsFile, data_dir).hobbit
    die = load_content(PACKAGE, "die.toml", DieFile, data_dir)
    tiles = load_content(PACKAGE, "tiles.toml", TilesFile, data_dir)
    cards_file = load_content(PACKAGE, "cards.toml", CardsFile, data_dir)
    board = load_content(PACKAGE, "board.toml", BoardFile, data_dir)
    conflicts_file = load_content(PACKAGE, "conflicts.toml", ConflictsFile, data_dir)
    rulings = load_content(PACKAGE, "rulings.toml", RulingsFile, data_dir)

    cards: dict[str, Card] = {}
    quest_counts: list[tuple[str, int]] = []
    for kind in cards_file.quest.card:
        for colour in ("brown", "grey"):
            copies = getattr(kind, colour)
            if copies:
                card_id = _quest_id(kind.symbol, colour)
                cards[card_id] = Card(card_id, f"{kind.symbol.capitalize()} ({colour})", colour, (kind.symbol,))
                quest_counts.append((card_id, copies))
    by_location: dict[str, list[str]] = {}
    for record in cards_file.legendary:
        if record.id in cards:
            raise DataError(f"cards.toml: two cards have the id {record.id!r}")
        cards[record.id] = Card(record.id, record.name, record.colour, tuple(record.symbols), record.ability,
                                record.location)
        by_location.setdefault(record.location, []).append(record.id)

    conflicts: dict[str, Conflict] = {}
    for record in conflicts_file.conflict:
        conflicts[record.id] = Conflict(
            id=record.id, name=record.name, main=record.main, start_score=record.start_score, finale=record.finale,
            tracks=tuple(Track(t.activity, tuple(tuple(r.split("+")) if r != "-" else () for r in t.rewards),
                               tuple(t.scores), tuple(t.milestones)) for t in record.track),
            events=tuple(_step(e) for e in record.event),
        )
    missing = [c for c in ("moria", "helms_deep", "shelobs_lair", "mordor") if c not in conflicts]
    if missing:
        raise DataError(f"conflicts.toml: no board for {', '.join(missing)}")
    havens = {h.id: tuple(_step(s) for s in h.step) for h in board.haven}
    missing = [h for h in ("bag_end", "rivendell", "lothlorien") if h not in havens]
    if missing:
        raise DataError(f"board.toml: no Safe Haven {', '.join(missing)}")
    steps = [(f"board.toml {h}", s) for h, ss in havens.items() for s in ss]
    steps += [(f"conflicts.toml {c.id}", s) for c in conflicts.values() for s in c.events]
    _check_references(cards, steps, conflicts)

    return Components(
        hobbits=tuple(h.name for h in hobbits),
        abilities=tuple(h.ability for h in hobbits),
        corruption_spaces=board.corruption_spaces,
        havens=havens,
        haven_names={h.id: h.name for h in board.haven},
        conflicts=conflicts,
        cards=cards,
        quest_counts=tuple(quest_counts),
        legendary_by_location={loc: tuple(ids) for loc, ids in by_location.items()},
        gandalf_cards=tuple(cards_file.gandalf.cards),
        gandalf_cost=cards_file.gandalf.cost,
        gold_runes=tuple(sorted(cards_file.gold_runes.values)),
        life_tokens=(("heart", cards_file.life_tokens.heart), ("sun", cards_file.life_tokens.sun),
                     ("ring", cards_file.life_tokens.ring)),
        tiles=tuple((tile, n) for tile, n in tiles.counts.items() if n),
        die=tuple((f.id, f.effect, f.symbols) for f in die.face),
        rulings={name: getattr(rulings, name).reading for name in RulingsFile.model_fields},
    )


def load_components(data_dir: str | Path | None = None) -> Components:
    """The checked components; a user's ``data_dir`` replaces any file it holds."""
    return _load(str(data_dir) if data_dir else None)
