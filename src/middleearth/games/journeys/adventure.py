"""The adventure format: the app's half of Journeys in Middle-earth, written as data.

An adventure is one TOML file (docs/journeys-adventures.md documents it for authors). Its parts
refer to each other by name: chapters place tiles when a trigger fires, tokens sit on tiles'
spaces and open interactions, interactions fire triggers, change variables, spawn enemy groups and
give rewards, objectives are completed by triggers, threat thresholds run effects. The schema
(pydantic) checks each part's shape; :func:`validate_adventure` checks every reference between
parts and against the tiles and enemies, and returns each problem with the file, the component
and the field, so an author can fix them all in one pass.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterator, Literal

from pydantic import Field, PrivateAttr, model_validator

from middleearth.core.content import Sourced, Strict, load_content, parse_content
from middleearth.core.errors import DataError
from middleearth.games.journeys.hexmap import (PACKAGE, Direction, HexMap, Placement, TerrainRecord, TileRecord,
                                               load_terrain, load_tiles, rotate_direction)

Stat = Literal["might", "agility", "wisdom", "spirit", "wit"]
Difficulty = Literal["normal", "hard"]
NAME = r"^[a-z0-9][a-z0-9-]*$"
START = "start"  # fired once by the engine when the adventure begins

# The core enemy groups (content notes section 3), used when data/enemies.toml is not there yet.
CORE_ENEMIES = ("Ruffian", "Goblin Scout", "Orc Hunter", "Orc Marauder", "Warg", "Hill-troll", "Wight")
CORE_ELITE = ("Large", "Bloodthirsty", "Armored")  # GP-YJ's elite bonuses (content notes section 3)


class Effect(Strict):
    """One step of an outcome. A table may hold several; they apply in the order of the fields."""
    text: str | None = None
    fire: str | None = None                      # a trigger
    set: str | None = None                       # a variable ...
    to: int | None = None                        # ... to this value
    add: str | None = None                       # a variable ...
    by: int | None = None                        # ... raised (or lowered) by this
    spawn: str | None = None                     # an enemy group
    then: str | None = None                      # another interaction, resolved at once (a branch)
    lore: int = Field(default=0, ge=0)
    xp: int = Field(default=0, ge=0)
    inspiration: int = Field(default=0, ge=0)
    threat: int = 0                              # negative lowers the bar
    damage: int = Field(default=0, ge=0)
    fear: int = Field(default=0, ge=0)
    item: str | None = None
    boon: Literal["hidden", "emboldened", "determined"] | None = None  # to the hero (or each hero standing)
    remove_token: bool = False

    @model_validator(mode="after")
    def _does_something(self) -> "Effect":
        if (self.set is None) != (self.to is None) or (self.add is None) != (self.by is None):
            raise ValueError("`set` goes with `to`, and `add` with `by`")
        if not (self.text or self.fire or self.set or self.add or self.spawn or self.then or self.item
                or self.boon or self.remove_token or self.lore or self.xp or self.inspiration or self.threat
                or self.damage or self.fear):
            raise ValueError("an effect must do something: text, fire, set/to, add/by, spawn, then, lore, xp, "
                             "inspiration, threat, damage, fear, item, boon or remove_token")
        return self


class Condition(Strict):
    """True when the trigger has fired, or the variable has at least / at most the value."""
    fired: str | None = None
    var: str | None = None
    at_least: int | None = None
    at_most: int | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> "Condition":
        if (self.fired is None) == (self.var is None):
            raise ValueError("a condition names either `fired` (a trigger) or `var` (a variable)")
        if self.var is not None and self.at_least is None and self.at_most is None:
            raise ValueError("a variable condition needs `at_least` or `at_most`")
        return self


class Option(Strict):
    label: str
    effects: tuple[Effect, ...] = Field(min_length=1)


class Interaction(Strict):
    id: str = Field(pattern=NAME)
    kind: Literal["text", "test", "decision", "branch"]
    text: str
    effects: tuple[Effect, ...] = ()             # after the text, before any test or choice
    # test
    stat: Stat | None = None
    alt_stat: Stat | None = None
    successes: int | None = Field(default=None, ge=1)
    cumulative: bool = False                     # successes add up over attempts until the total
    on_pass: tuple[Effect, ...] = ()
    on_fail: tuple[Effect, ...] = ()
    progress_text: str | None = None
    # decision
    options: tuple[Option, ...] = ()
    # branch
    condition: Condition | None = None
    if_true: tuple[Effect, ...] = ()
    if_false: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _fields_of_its_kind(self) -> "Interaction":
        if self.kind == "test" and (self.stat is None or self.successes is None):
            raise ValueError(f"test {self.id} needs `stat` and `successes`")
        if self.kind != "test" and (self.stat or self.successes or self.on_pass or self.on_fail or self.cumulative):
            raise ValueError(f"interaction {self.id}: stat, successes, cumulative, on_pass, on_fail are for tests")
        if self.kind == "decision" and len(self.options) < 2:
            raise ValueError(f"decision {self.id} needs at least two `options`")
        if self.kind != "decision" and self.options:
            raise ValueError(f"interaction {self.id}: options are for decisions")
        if self.kind == "branch" and self.condition is None:
            raise ValueError(f"branch {self.id} needs a `condition`")
        if self.kind != "branch" and (self.condition or self.if_true or self.if_false):
            raise ValueError(f"interaction {self.id}: condition, if_true, if_false are for branches")
        return self


class TilePlacement(Strict):
    tile: str
    position: tuple[int, int] = (0, 0)
    rotation: int = Field(default=0, ge=0, le=5)
    explored: bool = False                       # False: an exploration token waits in its box
    on_explore: str | None = None                # a trigger fired when a hero explores it


class Chapter(Strict):
    id: str = Field(pattern=NAME)
    revealed_by: str
    text: str | None = None
    tiles: tuple[TilePlacement, ...] = Field(min_length=1)


class Token(Strict):
    id: str = Field(pattern=NAME)
    kind: Literal["search", "person", "threat", "darkness"]
    tile: str
    space: tuple[int, int]
    interaction: str | None = None
    appears: str | None = None                   # a trigger; without one, with the tile's chapter
    person: Literal["human", "elf", "hobbit", "dwarf"] | None = None

    @model_validator(mode="after")
    def _darkness_is_silent(self) -> "Token":
        if self.kind == "darkness" and self.interaction:
            raise ValueError(f"token {self.id}: a darkness token has no interaction")
        if self.kind != "darkness" and not self.interaction:
            raise ValueError(f"token {self.id}: a {self.kind} token needs an `interaction`")
        if self.person and self.kind != "person":
            raise ValueError(f"token {self.id}: `person` is for person tokens")
        return self


class TerrainToken(Strict):
    """A terrain token of the battle map: on a space, or on the border of ``space`` facing ``toward``."""
    id: str = Field(pattern=NAME)
    terrain: str
    tile: str
    space: tuple[int, int]
    toward: Direction | None = None               # border terrain only (stream, wall)
    appears: str | None = None

    # A terrain token sits among the adventure's tokens on the map; it opens no story interaction
    # (its rules are the terrain card's: world.py).
    @property
    def kind(self) -> str:
        return "terrain"

    @property
    def interaction(self) -> None:
        return None


class GroupSize(Strict):
    figures: int = Field(ge=1, le=3)
    elite: tuple[str, ...] = ()
    # Figures for 2, 3, 4 and 5 heroes, when the party's size should change the group (as the
    # app's spawns grow with the party); absent: `figures` whatever the party.
    by_heroes: tuple[int, int, int, int] | None = None

    @model_validator(mode="after")
    def _sizes_of_a_group(self) -> "GroupSize":
        if self.by_heroes is not None and not all(1 <= n <= 3 for n in self.by_heroes):
            raise ValueError("by_heroes gives 1 to 3 figures for each party of 2, 3, 4 and 5 heroes")
        return self

    def count(self, heroes: int) -> int:
        """The group's figures for a party of ``heroes``."""
        return self.figures if self.by_heroes is None else self.by_heroes[min(max(heroes, 2), 5) - 2]


class EnemyGroup(Strict):
    id: str = Field(pattern=NAME)
    enemy: str
    tile: str
    space: tuple[int, int]
    normal: GroupSize | None = None              # absent: the group does not come at this difficulty
    hard: GroupSize | None = None
    on_defeat: str | None = None                 # a trigger fired when its last figure falls

    @model_validator(mode="after")
    def _comes_at_some_difficulty(self) -> "EnemyGroup":
        if self.normal is None and self.hard is None:
            raise ValueError(f"enemy group {self.id} needs `normal` or `hard` (or both)")
        return self


class Objective(Strict):
    id: str = Field(pattern=NAME)
    text: str
    completed_by: str
    effects: tuple[Effect, ...] = ()


class ThreatEvent(Strict):
    at: int = Field(ge=1)
    effects: tuple[Effect, ...] = Field(min_length=1)


class Reaction(Strict):
    """Effects that run whenever a trigger fires (a spawn at the start, a story beat, a new token)."""
    trigger: str
    effects: tuple[Effect, ...] = Field(min_length=1)


class End(Strict):
    win: str
    loss_threat: str
    loss_defeat: str


class Meta(Sourced):
    id: str = Field(pattern=NAME)
    title: str
    intro: str
    min_heroes: int = Field(default=2, ge=1, le=5)
    max_heroes: int = Field(default=5, ge=1, le=5)
    threat_max: int = Field(ge=1)
    darkness_fear: int = Field(default=2, ge=0)   # fear per hero in darkness, spirit negates
    map: Literal["journey", "battle"] = "journey"


class Adventure(Strict):
    adventure: Meta
    triggers: tuple[str, ...] = ()
    variables: dict[str, int] = {}
    # Rewards of the party that are not items of the table (a key, a map): an `item` effect names
    # one of these or an item of items.toml.
    rewards: tuple[str, ...] = ()
    chapter: tuple[Chapter, ...] = Field(min_length=1)
    token: tuple[Token, ...] = ()
    terrain: tuple[TerrainToken, ...] = ()
    interaction: tuple[Interaction, ...] = ()
    enemy_group: tuple[EnemyGroup, ...] = ()
    objective: tuple[Objective, ...] = Field(min_length=1)
    threat: tuple[ThreatEvent, ...] = ()
    reaction: tuple[Reaction, ...] = ()
    end: End
    _file: str = PrivateAttr(default="<adventure>")

    @property
    def file(self) -> str:
        return self._file

    @property
    def final_objective(self) -> Objective:
        return self.objective[-1]


def load_adventure(path: str | Path) -> Adventure:
    """Read and check the shape of an adventure file; DataError names the file and the field."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"cannot read adventure {path}: {error}") from None
    adventure = parse_content(text, Adventure, str(path))
    adventure._file = str(path)
    return adventure


def packaged_adventures() -> list[str]:
    folder = resources.files(PACKAGE).joinpath("data", "adventures")
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))


def packaged_adventure_path(adventure_id: str) -> Path:
    if adventure_id not in packaged_adventures():
        raise DataError(f"no adventure {adventure_id!r}; packaged adventures: {', '.join(packaged_adventures())}")
    return Path(str(resources.files(PACKAGE).joinpath("data", "adventures", f"{adventure_id}.toml")))


def _enemy_file_names(key: str, data_dir: str | Path | None) -> tuple[str, ...]:
    """The ``name`` of every ``[[key]]`` record in enemies.toml: a user's, else the packaged one."""
    candidates = [Path(data_dir) / "enemies.toml"] if data_dir else []
    candidates.append(Path(str(resources.files(PACKAGE).joinpath("data", "enemies.toml"))))
    for path in candidates:
        if path.is_file():
            try:
                raw = tomllib.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
                raise DataError(f"cannot read enemy names from {path}: {error}") from None
            records = raw.get(key, [])
            return tuple(r["name"] for r in records if isinstance(r, dict) and isinstance(r.get("name"), str))
    return ()


def enemy_kinds(data_dir: str | Path | None = None) -> tuple[str, ...]:
    """Enemy names from enemies.toml (``[[enemy]] name``); the core groups when there is none."""
    return _enemy_file_names("enemy", data_dir) or CORE_ENEMIES


def item_names(data_dir: str | Path | None = None) -> tuple[str, ...]:
    """The names of the table's items (items.toml: a user's, else the packaged one)."""
    from middleearth.games.journeys.table import ItemsFile

    return tuple(i.name for i in load_content(PACKAGE, "items.toml", ItemsFile, data_dir).item)


def elite_bonuses(data_dir: str | Path | None = None) -> tuple[str, ...]:
    """Elite bonus names from enemies.toml (``[[elite]] name``); the core app's three when there is none."""
    return _enemy_file_names("elite", data_dir) or CORE_ELITE


# ---------------------------------------------------------------------------------------------
# The validator

@dataclass(frozen=True)
class Problem:
    file: str
    component: str      # e.g. "token 'old-well'"
    field: str          # e.g. "on_pass[0].fire"
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.component}: {self.field}: {self.message}"


def _effect_lists(adventure: Adventure) -> Iterator[tuple[str, str, tuple[Effect, ...], str | None]]:
    """Every list of effects: (component, field, effects, the trigger that runs them or None when
    an interaction runs them)."""
    for i in adventure.interaction:
        name = f"interaction '{i.id}'"
        yield name, "effects", i.effects, None
        yield name, "on_pass", i.on_pass, None
        yield name, "on_fail", i.on_fail, None
        yield name, "if_true", i.if_true, None
        yield name, "if_false", i.if_false, None
        for n, option in enumerate(i.options):
            yield name, f"options[{n}].effects", option.effects, None
    for o in adventure.objective:
        yield f"objective '{o.id}'", "effects", o.effects, o.completed_by
    for t in adventure.threat:
        yield f"threat event at {t.at}", "effects", t.effects, "<threat>"
    for n, r in enumerate(adventure.reaction):
        yield f"reaction[{n}] on '{r.trigger}'", "effects", r.effects, r.trigger


def validate_adventure(adventure: Adventure, tiles: dict[str, TileRecord] | None = None,
                       enemies: tuple[str, ...] | None = None, elites: tuple[str, ...] | None = None,
                       data_dir: str | Path | None = None,
                       terrain: dict[str, TerrainRecord] | None = None,
                       items: tuple[str, ...] | None = None) -> list[Problem]:
    """Every broken reference and unreachable part of ``adventure``; an empty list when it is sound.

    Tiles and enemy names come from ``data_dir`` (a user's data folder) or the packaged files,
    unless given."""
    tiles = load_tiles(data_dir) if tiles is None else tiles
    enemies = enemy_kinds(data_dir) if enemies is None else enemies
    elites = elite_bonuses(data_dir) if elites is None else elites
    terrain = load_terrain(data_dir) if terrain is None else terrain
    items = item_names(data_dir) if items is None else items
    file = adventure.file
    problems: list[Problem] = []

    def problem(component: str, field: str, message: str) -> None:
        problems.append(Problem(file, component, field, message))

    meta = adventure.adventure
    if meta.min_heroes > meta.max_heroes:
        problem("adventure", "min_heroes", f"{meta.min_heroes} heroes at least but {meta.max_heroes} at most")

    declared = set(adventure.triggers)
    if START in declared:
        problem("triggers", "triggers", f"'{START}' is fired by the engine and must not be declared")
    known_triggers = declared | {START}
    interactions = {i.id: i for i in adventure.interaction}
    groups = {g.id: g for g in adventure.enemy_group}
    for kind, ids in (("chapter", [c.id for c in adventure.chapter]),
                      ("token", [t.id for t in adventure.token] + [t.id for t in adventure.terrain]),
                      ("interaction", list(interactions)), ("enemy_group", list(groups)),
                      ("objective", [o.id for o in adventure.objective])):
        for twice in sorted({i for i in ids if ids.count(i) > 1}):
            problem(f"{kind} '{twice}'", "id", f"two {kind}s are called '{twice}'; ids must be unique")

    def check_trigger(component: str, field: str, name: str | None) -> None:
        if name is not None and name not in known_triggers:
            problem(component, field, f"trigger '{name}' is not declared in `triggers`")

    # Chapters: which tile each places, and the whole map they make (no overlaps).
    chapter_of_tile: dict[str, str] = {}
    placements: list[Placement] = []
    for c in adventure.chapter:
        component = f"chapter '{c.id}'"
        check_trigger(component, "revealed_by", c.revealed_by)
        for n, p in enumerate(c.tiles):
            check_trigger(component, f"tiles[{n}].on_explore", p.on_explore)
            if p.tile not in tiles:
                problem(component, f"tiles[{n}].tile",
                        f"tile '{p.tile}' does not exist; tiles are {', '.join(sorted(tiles))}")
                continue
            kind = tiles[p.tile].kind
            if kind != meta.map:
                problem(component, f"tiles[{n}].tile", f"tile '{p.tile}' is a {kind} tile on a {meta.map} map")
            if kind == "battle" and not p.explored:
                problem(component, f"tiles[{n}].explored",
                        f"battle tile '{p.tile}' is never unexplored; set explored = true")
            if p.tile in chapter_of_tile:
                problem(component, f"tiles[{n}].tile",
                        f"tile '{p.tile}' is already placed by chapter '{chapter_of_tile[p.tile]}'")
                continue
            chapter_of_tile[p.tile] = c.id
            placements.append(Placement(p.tile, p.position, p.rotation))
            try:
                HexMap(tiles, tuple(placements))
            except DataError as error:
                problem(component, f"tiles[{n}].position", str(error))
                placements.pop()

    def check_space(component: str, tile: str, space: tuple[int, int]) -> None:
        if tile not in chapter_of_tile:
            problem(component, "tile", f"tile '{tile}' is not placed by any chapter")
        elif tuple(space) not in {tuple(s) for s in tiles[tile].spaces}:
            problem(component, "space", f"tile '{tile}' has no space {space[0]},{space[1]}; its spaces are "
                    + " ".join(f"{q},{r}" for q, r in tiles[tile].spaces))

    # On the whole map, which spaces a hero can walk to from where the heroes start.
    whole_map = HexMap(tiles, tuple(placements))
    # Walls there from the start close their borders to walking (one that `appears` may come later).
    rotation_of = {p.tile: p.rotation for p in placements}
    for t in adventure.terrain:
        kind = terrain.get(t.terrain)
        if kind is None or kind.joins is not False or t.toward is None or t.appears or t.tile not in rotation_of:
            continue
        try:
            at = whole_map.space_of(t.tile, t.space)
        except DataError:
            continue  # reported by check_space
        whole_map = whole_map.with_wall(at, at.step(rotate_direction(t.toward, rotation_of[t.tile])))
    first_tiles = [p.tile for c in adventure.chapter if c.revealed_by == START for p in c.tiles if p.tile in tiles]
    walkable: set = set()
    for tile in first_tiles:
        if tile in {p.tile for p in placements}:
            # The heroes start on the first space of the first tile placed (world._begin_adventure).
            walkable = set(whole_map.distances_from(whole_map.space_of(tile, tiles[tile].spaces[0])))
            break

    def check_walkable(component: str, tile: str, space: tuple[int, int]) -> None:
        if not walkable or tile not in chapter_of_tile:
            return
        try:
            at = whole_map.space_of(tile, space)
        except DataError:
            return  # reported by check_space
        if at not in walkable:
            problem(component, "space", f"space {space[0]},{space[1]} of tile '{tile}' cannot be reached from the "
                    "heroes' starting space: black borders, walls or gaps cut it off")

    used_interactions: set[str] = set()
    for t in adventure.token:
        component = f"token '{t.id}'"
        check_space(component, t.tile, t.space)
        if t.kind != "darkness":
            check_walkable(component, t.tile, t.space)
        check_trigger(component, "appears", t.appears)
        if t.interaction is not None:
            used_interactions.add(t.interaction)
            if t.interaction not in interactions:
                problem(component, "interaction", f"interaction '{t.interaction}' does not exist")

    for t in adventure.terrain:
        component = f"terrain '{t.id}'"
        check_space(component, t.tile, t.space)
        check_trigger(component, "appears", t.appears)
        if meta.map != "battle":
            problem(component, "terrain", "terrain tokens belong to battle maps; this adventure's map is journey")
        kind = terrain.get(t.terrain)
        if kind is None:
            problem(component, "terrain", f"terrain '{t.terrain}' is not one of {', '.join(sorted(terrain))}")
        elif kind.placed_on == "border" and t.toward is None:
            problem(component, "toward",
                    f"{t.terrain} lies on a border: say which, with toward = E, NE, NW, W, SW or SE")
        elif kind.placed_on == "space" and t.toward is not None:
            problem(component, "toward", f"{t.terrain} lies in a space, not on a border; remove `toward`")
        elif t.toward is not None and t.tile in chapter_of_tile:
            try:
                at = whole_map.space_of(t.tile, t.space)
            except DataError:
                continue  # reported by check_space
            placement = next(p for p in placements if p.tile == t.tile)
            facing = rotate_direction(t.toward, placement.rotation)
            if whole_map.border(at, facing) == "edge":
                problem(component, "toward", f"no space lies {t.toward} of {t.space[0]},{t.space[1]} on tile "
                        f"'{t.tile}': a border token needs a space on each side")

    for g in adventure.enemy_group:
        component = f"enemy_group '{g.id}'"
        check_space(component, g.tile, g.space)
        check_walkable(component, g.tile, g.space)
        check_trigger(component, "on_defeat", g.on_defeat)
        if g.enemy not in enemies:
            problem(component, "enemy", f"enemy '{g.enemy}' is not an enemy kind; kinds are {', '.join(enemies)}")
        for level in ("normal", "hard"):
            size = getattr(g, level)
            for n, bonus in enumerate(size.elite if size else ()):
                if bonus not in elites:
                    problem(component, f"{level}.elite[{n}]",
                            f"elite bonus '{bonus}' is not one of {', '.join(elites)}")
        if g.enemy == "Hill-troll":
            for level in ("normal", "hard"):
                size = getattr(g, level)
                if size is not None and max((size.figures, *(size.by_heroes or ()))) > 1:
                    problem(component, f"{level}.figures", "a Hill-troll group has one figure (the box holds one)")

    variables = set(adventure.variables)
    for i in adventure.interaction:
        if i.condition is not None:
            check_trigger(f"interaction '{i.id}'", "condition.fired", i.condition.fired)
            if i.condition.var is not None and i.condition.var not in variables:
                problem(f"interaction '{i.id}'", "condition.var", f"variable '{i.condition.var}' is not in `variables`")
    for o in adventure.objective:
        check_trigger(f"objective '{o.id}'", "completed_by", o.completed_by)
    for n, r in enumerate(adventure.reaction):
        check_trigger(f"reaction[{n}] on '{r.trigger}'", "trigger", r.trigger)
    thresholds = [t.at for t in adventure.threat]
    for t in adventure.threat:
        if t.at >= meta.threat_max:
            problem(f"threat event at {t.at}", "at", f"threshold {t.at} is not below threat_max {meta.threat_max}")
        if thresholds.count(t.at) > 1:
            problem(f"threat event at {t.at}", "at", f"two threat events share threshold {t.at}")

    spawned: set[str] = set()
    for component, field, effects, _ in _effect_lists(adventure):
        for n, e in enumerate(effects):
            where = f"{field}[{n}]"
            check_trigger(component, f"{where}.fire", e.fire)
            for var_field in ("set", "add"):
                name = getattr(e, var_field)
                if name is not None and name not in variables:
                    problem(component, f"{where}.{var_field}", f"variable '{name}' is not in `variables`")
            if e.spawn is not None:
                spawned.add(e.spawn)
                if e.spawn not in groups:
                    problem(component, f"{where}.spawn", f"enemy group '{e.spawn}' does not exist")
            if e.item is not None and e.item not in items and e.item not in adventure.rewards:
                problem(component, f"{where}.item", f"'{e.item}' is neither an item of items.toml nor one of the "
                        "adventure's declared `rewards`; declare it in `rewards` or name an item")
            if e.then is not None:
                used_interactions.add(e.then)
                if e.then not in interactions:
                    problem(component, f"{where}.then", f"interaction '{e.then}' does not exist")
            if e.remove_token and not component.startswith("interaction"):
                problem(component, f"{where}.remove_token", "only an interaction opened from a token can remove it")

    for i in adventure.interaction:
        if i.id not in used_interactions:
            problem(f"interaction '{i.id}'", "id", "no token opens it and no `then` leads to it")
    for g in adventure.enemy_group:
        if g.id not in spawned:
            problem(f"enemy_group '{g.id}'", "id",
                    "no effect spawns it (spawn it from a reaction on 'start' to begin with it)")

    # Which triggers can fire at all, following the story from the start.
    fired_by: dict[str, list[str]] = {name: [] for name in known_triggers}
    reachable, _ = _reachable_triggers(adventure, fired_by)
    for name in sorted(declared):
        if not fired_by.get(name):
            problem("triggers", name, f"trigger '{name}' is declared but nothing fires it")
        elif name not in reachable:
            problem("triggers", name, f"trigger '{name}' can never fire: what fires it is never reached from the start")
    for c in adventure.chapter:
        if c.revealed_by in known_triggers and c.revealed_by not in reachable:
            problem(f"chapter '{c.id}'", "revealed_by",
                    f"trigger '{c.revealed_by}' never fires, so the chapter is never revealed")
    for o in adventure.objective:
        if o.completed_by in known_triggers and o.completed_by not in reachable:
            problem(f"objective '{o.id}'", "completed_by",
                    f"objective '{o.id}' is never reached: trigger '{o.completed_by}' never fires")
    _check_spawn_timing(adventure, chapter_of_tile, problem)
    if START not in {c.revealed_by for c in adventure.chapter}:
        problem("chapter", "revealed_by", f"no chapter is revealed by '{START}', so the adventure starts with no map")
    return problems


def _check_spawn_timing(adventure: Adventure, chapter_of_tile: dict[str, str], problem) -> None:
    """A group appears on its tile, so the tile must be on the table whenever its spawn runs: the
    story must be unable to reach the spawning component without first firing the trigger that
    reveals the tile's chapter (the engine would otherwise skip the spawn)."""
    groups = {g.id: g for g in adventure.enemy_group}
    revealed_by = {c.id: c.revealed_by for c in adventure.chapter}
    reached_without: dict[str, set[str]] = {}
    for component, field, effects, _ in _effect_lists(adventure):
        for n, e in enumerate(effects):
            group = groups.get(e.spawn) if e.spawn else None
            if group is None or group.tile not in chapter_of_tile:
                continue  # reported elsewhere
            trigger = revealed_by[chapter_of_tile[group.tile]]
            if trigger == START:
                continue
            if trigger not in reached_without:
                reached_without[trigger] = _reachable_triggers(adventure, {}, blocked=trigger)[1]
            if component in reached_without[trigger]:
                problem(component, f"{field}[{n}].spawn",
                        f"enemy group '{group.id}' can spawn before its tile '{group.tile}' is placed (chapter "
                        f"'{chapter_of_tile[group.tile]}', revealed by '{trigger}'): spawn it only after "
                        f"'{trigger}' fires, or place its tile earlier")


def _reachable_triggers(adventure: Adventure, fired_by: dict[str, list[str]],
                        blocked: str | None = None) -> tuple[set[str], set[str]]:
    """The triggers that can fire from the start: a fixed point over chapters, tokens, interactions,
    enemy defeats, reactions and threat events. Fills ``fired_by`` (trigger -> what fires it).
    Also returns the components whose effects can run. With ``blocked``, that trigger never
    fires: what is still reached can happen before it."""
    interactions = {i.id: i for i in adventure.interaction}
    groups = {g.id: g for g in adventure.enemy_group}

    def effects_of(interaction: Interaction) -> list[tuple[Effect, ...]]:
        return [interaction.effects, interaction.on_pass, interaction.on_fail, interaction.if_true,
                interaction.if_false, *(o.effects for o in interaction.options)]

    # Each source of firing, with the triggers that must have fired before it can run.
    sources: list[tuple[frozenset[str], str, tuple[Effect, ...] | None, str | None]] = []
    chapter_trigger = {p.tile: c.revealed_by for c in adventure.chapter for p in c.tiles}
    for c in adventure.chapter:
        for p in c.tiles:
            if p.on_explore and not p.explored:
                sources.append((frozenset({c.revealed_by}), f"chapter '{c.id}' tile {p.tile}", None, p.on_explore))
    token_needs: dict[str, frozenset[str]] = {}
    for t in adventure.token:
        need = {chapter_trigger.get(t.tile, "<never>")} | ({t.appears} if t.appears else set())
        if t.interaction:
            token_needs.setdefault(t.interaction, frozenset(need))
    for n, r in enumerate(adventure.reaction):
        sources.append((frozenset({r.trigger}), f"reaction[{n}] on '{r.trigger}'", r.effects, None))
    for o in adventure.objective:
        sources.append((frozenset({o.completed_by}), f"objective '{o.id}'", o.effects, None))
    for t in adventure.threat:
        sources.append((frozenset(), f"threat event at {t.at}", t.effects, None))

    reachable = {START}
    ran: set[str] = set()
    open_interactions: set[str] = set()
    spawned: set[str] = set()
    changed = True
    while changed:
        changed = False
        pending: list[tuple[str, tuple[Effect, ...]]] = []
        for interaction_id, need in token_needs.items():
            if need <= reachable and interaction_id not in open_interactions and interaction_id in interactions:
                open_interactions.add(interaction_id)
                changed = True
        for interaction_id in list(open_interactions):
            for effects in effects_of(interactions[interaction_id]):
                pending.append((f"interaction '{interaction_id}'", effects))
        for need, name, effects, fires in sources:
            if need <= reachable:
                if effects is not None:
                    pending.append((name, effects))
                if fires is not None:
                    fired_by.setdefault(fires, []).append(name)
                    if fires not in reachable and fires != blocked:
                        reachable.add(fires)
                        changed = True
        for group_id in spawned:
            group = groups.get(group_id)
            if group is not None and group.on_defeat and group.on_defeat not in reachable | {blocked}:
                reachable.add(group.on_defeat)
                changed = True
        for name, effects in pending:
            ran.add(name)
            for e in effects:
                if e.fire is not None and e.fire not in reachable | {blocked}:
                    reachable.add(e.fire)
                    changed = True
                if e.then is not None and e.then in interactions and e.then not in open_interactions:
                    open_interactions.add(e.then)
                    changed = True
                if e.spawn is not None and e.spawn not in spawned:
                    spawned.add(e.spawn)
                    changed = True
    # Who fires what, whether reached or not, so "nothing fires it" differs from "never reached".
    for name, effects in ((f"interaction '{i.id}'", es) for i in adventure.interaction for es in effects_of(i)):
        for e in effects:
            if e.fire is not None:
                fired_by.setdefault(e.fire, []).append(name)
    for _, name, effects, _ in sources:
        for e in effects or ():
            if e.fire is not None:
                fired_by.setdefault(e.fire, []).append(name)
    for g in adventure.enemy_group:
        if g.on_defeat:
            fired_by.setdefault(g.on_defeat, []).append(f"enemy_group '{g.id}'")
    return reachable, ran
