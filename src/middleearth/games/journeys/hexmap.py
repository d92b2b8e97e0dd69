"""The map of Journeys in Middle-earth: hex spaces on tiles, placed and turned, joined by borders.

Coordinates are axial (q, r) on a grid of pointy-topped hexes; every space is one hex. A tile keeps
its spaces in local coordinates; a placement moves the tile's origin to ``position`` and turns it
``rotation`` sixths of a turn clockwise. Two spaces are adjacent when their hexes touch and the
border between them lets a figure through:

- inside one tile, every shared border is gray unless the tile lists it as black;
- between two tiles, the border joins only when the edges on both sides are gray (aligned gray
  borders); a gray edge meeting a black one, or two black edges, keep the spaces apart;
- a wall token laid on a border (battle maps) blocks it whatever its colour.

The tiles themselves are the project's own design (data/tiles.toml): the printed tiles are not ours
to copy, so only their kind of geometry is.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import Field, model_validator

from middleearth.core.content import Sourced, load_content
from middleearth.core.errors import DataError

PACKAGE = "middleearth.games.journeys"

Direction = Literal["E", "NE", "NW", "W", "SW", "SE"]
# Counter-clockwise from east, so a clockwise turn steps one place back in this list.
DIRECTIONS: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
STEPS = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}
OPPOSITE = {d: DIRECTIONS[(i + 3) % 6] for i, d in enumerate(DIRECTIONS)}


class Hex(NamedTuple):
    q: int
    r: int

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def step(self, direction: str) -> "Hex":
        dq, dr = STEPS[direction]
        return Hex(self.q + dq, self.r + dr)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two cells on an open grid, ignoring tiles and borders."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(cell: tuple[int, int], turns: int) -> Hex:
    """``cell`` turned ``turns`` sixths of a turn clockwise about the origin."""
    q, r = cell
    for _ in range(turns % 6):
        q, r = -r, q + r
    return Hex(q, r)


def rotate_direction(direction: str, turns: int) -> str:
    return DIRECTIONS[(DIRECTIONS.index(direction) - turns) % 6]


# ---------------------------------------------------------------------------------------------
# Tiles and terrain as data

Cell = tuple[int, int]
Edge = tuple[int, int, Direction]


class TileRecord(Sourced):
    id: str = Field(pattern=r"^[A-Z][0-9]+$")
    name: str
    kind: Literal["journey", "battle"]
    # A dark tile (caves, halls, mountains) has black outer edges except the gray ones listed;
    # a light tile has gray outer edges except the black ones listed.
    dark: bool = False
    spaces: tuple[Cell, ...] = Field(min_length=1)
    gray_edges: tuple[Edge, ...] = ()
    black_edges: tuple[Edge, ...] = ()
    darkness: tuple[Cell, ...] = ()
    exploration_box: Cell | None = None

    @model_validator(mode="after")
    def _consistent(self) -> "TileRecord":
        cells = set(self.spaces)
        if len(cells) != len(self.spaces):
            raise ValueError(f"tile {self.id}: a space is listed twice")
        for name, listed in (("darkness", self.darkness), ("exploration_box",
                                                          [self.exploration_box] if self.exploration_box else [])):
            for cell in listed:
                if tuple(cell) not in cells:
                    raise ValueError(f"tile {self.id}: {name} names {cell[0]},{cell[1]}, not one of its spaces")
        for name, edges in (("gray_edges", self.gray_edges), ("black_edges", self.black_edges)):
            for q, r, _ in edges:
                if (q, r) not in cells:
                    raise ValueError(f"tile {self.id}: {name} names {q},{r}, not one of its spaces")
        if self.kind == "journey" and self.exploration_box is None:
            raise ValueError(f"journey tile {self.id} needs an exploration_box (the space that holds it)")
        if self.kind == "battle" and self.exploration_box is not None:
            raise ValueError(f"battle tile {self.id} has no exploration box: battle tiles are never unexplored")
        if not self.dark and self.gray_edges:
            raise ValueError(f"tile {self.id}: gray_edges are for dark tiles; a light tile's edges are gray already")
        return self

    @cached_property
    def black(self) -> frozenset[tuple[Cell, str]]:
        """Every black edge of the tile, in local coordinates, seen from the space it belongs to."""
        cells = set(self.spaces)
        black = set()
        for q, r, d in self.black_edges:
            black.add(((q, r), d))
            other = Hex(q, r).step(d)
            if tuple(other) in cells:  # an inner border is black from both sides
                black.add((tuple(other), OPPOSITE[d]))
        if self.dark:
            gray = {((q, r), d) for q, r, d in self.gray_edges}
            for cell in cells:
                for d in DIRECTIONS:
                    if tuple(Hex(*cell).step(d)) not in cells and (cell, d) not in gray:
                        black.add((cell, d))
        return frozenset(black)


class TilesFile(Sourced):
    tile: tuple[TileRecord, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> "TilesFile":
        ids = [t.id for t in self.tile]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"tile ids must be unique; listed twice: {', '.join(twice)}")
        return self


class TerrainRecord(Sourced):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    placed_on: Literal["space", "border"]
    # For border terrain: whether the two spaces stay adjacent (stream) or not (wall).
    joins: bool | None = None
    ends_movement: bool = False
    interact_stat: Literal["might", "agility", "wisdom", "spirit", "wit"] | None = None
    test_stat: Literal["might", "agility", "wisdom", "spirit", "wit"] | None = None
    successes: int | None = Field(default=None, ge=1)
    summary: str

    @model_validator(mode="after")
    def _border_says_whether_it_joins(self) -> "TerrainRecord":
        if (self.placed_on == "border") != (self.joins is not None):
            raise ValueError(f"terrain {self.id}: `joins` is set for border terrain, and only for it")
        return self


class TerrainFile(Sourced):
    terrain: tuple[TerrainRecord, ...] = Field(min_length=10, max_length=10)


@cache
def _packaged_tiles() -> dict[str, TileRecord]:
    return {t.id: t for t in load_content(PACKAGE, "tiles.toml", TilesFile).tile}


def load_tiles(data_dir: str | Path | None = None) -> dict[str, TileRecord]:
    """The journey and battle tiles by id: a user's ``tiles.toml`` replaces the packaged one."""
    if data_dir is None:
        return _packaged_tiles()
    return {t.id: t for t in load_content(PACKAGE, "tiles.toml", TilesFile, data_dir).tile}


def load_terrain(data_dir: str | Path | None = None) -> dict[str, TerrainRecord]:
    return {t.id: t for t in load_content(PACKAGE, "terrain.toml", TerrainFile, data_dir).terrain}


# ---------------------------------------------------------------------------------------------
# The map

@dataclass(frozen=True)
class Placement:
    tile: str
    position: Cell = (0, 0)
    rotation: int = 0  # sixths of a turn clockwise


@dataclass(frozen=True)
class Space:
    """One hex of the map: where it is, on which tile, and where it sits on that tile."""
    at: Hex
    tile: str
    local: Cell
    darkness: bool
    exploration_box: bool


@dataclass(frozen=True)
class HexMap:
    """Tiles placed into one map. Immutable: ``placed`` gives a bigger map, as the story reveals it.

    ``walls`` are borders closed by a wall token: pairs of hexes, in either order.
    """
    tiles: dict[str, TileRecord] = field(hash=False)
    placements: tuple[Placement, ...] = ()
    walls: frozenset[frozenset[Hex]] = frozenset()
    spaces: dict[Hex, Space] = field(init=False, compare=False, repr=False)
    _black: frozenset[tuple[Hex, str]] = field(init=False, compare=False, repr=False)
    # Distances from a space, kept because the map never changes (enemies ask every activation).
    _distances: dict[Hex, dict[Hex, int]] = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        spaces: dict[Hex, Space] = {}
        black: set[tuple[Hex, str]] = set()
        seen: set[str] = set()
        for placement in self.placements:
            tile = self.tiles.get(placement.tile)
            if tile is None:
                raise DataError(f"tile {placement.tile!r} does not exist; "
                                f"tiles are: {', '.join(sorted(self.tiles))}")
            if placement.tile in seen:
                raise DataError(f"tile {placement.tile} is placed twice; each tile exists once")
            if not 0 <= placement.rotation <= 5:
                raise DataError(f"tile {placement.tile}: rotation {placement.rotation} must be 0 to 5 "
                                "(sixths of a turn)")
            seen.add(placement.tile)
            origin = placement.position
            for cell in tile.spaces:
                turned = rotate(cell, placement.rotation)
                at = Hex(turned.q + origin[0], turned.r + origin[1])
                if at in spaces:
                    raise DataError(f"tile {placement.tile} overlaps tile {spaces[at].tile} at {at}")
                in_box = tile.exploration_box is not None and tuple(cell) == tuple(tile.exploration_box)
                spaces[at] = Space(at, tile.id, tuple(cell), tuple(cell) in tile.darkness, in_box)
            for cell, direction in tile.black:
                turned = rotate(cell, placement.rotation)
                black.add((Hex(turned.q + origin[0], turned.r + origin[1]),
                           rotate_direction(direction, placement.rotation)))
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "_black", frozenset(black))
        object.__setattr__(self, "_distances", {})

    def placed(self, placement: Placement) -> "HexMap":
        return HexMap(self.tiles, (*self.placements, placement), self.walls)

    def with_wall(self, a: tuple[int, int], b: tuple[int, int]) -> "HexMap":
        return HexMap(self.tiles, self.placements, self.walls | {frozenset((Hex(*a), Hex(*b)))})

    def space_of(self, tile: str, local: tuple[int, int]) -> Hex:
        """The map hex of a tile's local space; DataError when the tile is not placed or lacks it."""
        for at, space in self.spaces.items():
            if space.tile == tile and space.local == tuple(local):
                return at
        raise DataError(f"tile {tile} has no space {local[0]},{local[1]} on this map")

    def border(self, a: Hex, direction: str) -> Literal["gray", "black", "edge"]:
        """What a figure meets leaving ``a`` towards ``direction``: 'edge' when no space lies there."""
        b = a.step(direction)
        if b not in self.spaces or a not in self.spaces:
            return "edge"
        if frozenset((a, b)) in self.walls:
            return "black"
        if (a, direction) in self._black or (b, OPPOSITE[direction]) in self._black:
            return "black"
        return "gray"

    @cached_property
    def _neighbours(self) -> dict[Hex, tuple[Hex, ...]]:
        return {a: tuple(a.step(d) for d in DIRECTIONS if self.border(a, d) == "gray") for a in self.spaces}

    def neighbours(self, at: tuple[int, int]) -> tuple[Hex, ...]:
        return self._neighbours.get(Hex(*at), ())

    def adjacent(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        return Hex(*b) in self.neighbours(a)

    def distances_from(self, start: tuple[int, int]) -> dict[Hex, int]:
        """Spaces reachable from ``start`` with the fewest moves to each (borders respected)."""
        start = Hex(*start)
        if start in self._distances:
            return self._distances[start]
        if start not in self.spaces:
            raise DataError(f"{start} is not a space of this map")
        seen = {start: 0}
        queue = deque([start])
        while queue:
            at = queue.popleft()
            for nxt in self._neighbours[at]:
                if nxt not in seen:
                    seen[nxt] = seen[at] + 1
                    queue.append(nxt)
        self._distances[start] = seen
        return seen

    def distance(self, a: tuple[int, int], b: tuple[int, int]) -> int | None:
        """Moves from ``a`` to ``b``, or None when borders cut them apart."""
        return self.distances_from(b).get(Hex(*a))

    def closer_steps(self, at: tuple[int, int], target: tuple[int, int]) -> tuple[Hex, ...]:
        """The neighbours of ``at`` that bring a figure one move nearer ``target``: an enemy's
        every step must close the distance, and when several do, the party chooses."""
        towards = self.distances_from(target)
        here = towards.get(Hex(*at))
        if here is None or here == 0:
            return ()
        return tuple(n for n in self.neighbours(at) if towards.get(n) == here - 1)

    def shortest_paths(self, a: tuple[int, int], b: tuple[int, int]) -> list[tuple[Hex, ...]]:
        """Every shortest path from ``a`` to ``b`` (both ends included), in a fixed order. Their number
        grows fast on open ground: for a step at a time (enemy movement) use ``closer_steps``."""
        towards = self.distances_from(b)
        if Hex(*a) not in towards:
            return []
        paths = [(Hex(*a),)]
        while paths[0][-1] != Hex(*b):
            paths = [p + (n,) for p in paths for n in sorted(self.neighbours(p[-1]))
                     if towards.get(n) == towards[p[-1]] - 1]
        return paths

    def shortest_path(self, a: tuple[int, int], b: tuple[int, int]) -> tuple[Hex, ...] | None:
        paths = self.shortest_paths(a, b)
        return paths[0] if paths else None

    def tile_spaces(self, tile: str) -> tuple[Hex, ...]:
        return tuple(at for at, space in self.spaces.items() if space.tile == tile)
