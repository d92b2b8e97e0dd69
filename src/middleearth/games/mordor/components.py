"""Journey to Mordor's components as data: hobbits and colours, dice faces, routes, rulings.

The schemas here check the TOML files in ``data/`` (or a user's data folder) and turn them into
the one immutable :class:`Components` value the rules read.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from middleearth.core.chance import roll_distribution
from middleearth.core.content import Sourced, Strict, load_content
from middleearth.core.errors import DataError

SYMBOLS = ("ring", "gandalf", "fellowship", "orc", "nazgul", "tree")
Symbol = Literal["ring", "gandalf", "fellowship", "orc", "nazgul", "tree"]
Feature = Literal[
    "none",
    "identical_symbols",
    "no_gandalf",
    "double_fellowship",
    "reroll_each_roll",
    "double_orcs",
    "nazgul_spare_you",
    "all_nazgul_on_you",
    "one_ring_fewer",
]
PACKAGE = "middleearth.games.mordor"


class HobbitRecord(Sourced):
    name: str
    colour: str


class HobbitsFile(Strict):
    hobbit: list[HobbitRecord] = Field(min_length=2)

    @model_validator(mode="after")
    def _distinct(self) -> "HobbitsFile":
        for field in ("name", "colour"):
            values = [getattr(h, field) for h in self.hobbit]
            if len(set(values)) != len(values):
                raise ValueError(f"two hobbits share a {field}")
        return self


class DieRecord(Sourced):
    colour: str
    faces: list[Symbol] = Field(min_length=1)


class DiceFile(Strict):
    black: str
    die: list[DieRecord] = Field(min_length=1)

    @model_validator(mode="after")
    def _black_die_exists(self) -> "DiceFile":
        colours = [d.colour for d in self.die]
        if len(set(colours)) != len(colours):
            raise ValueError("two dice share a colour")
        if self.black not in colours:
            raise ValueError(f"black names {self.black!r}, which is not a die's colour")
        return self


class LocationRecord(Strict):
    name: str
    spaces: int = Field(ge=1)
    feature: Feature


class RingRoute(Sourced):
    location: list[LocationRecord] = Field(min_length=2)

    @field_validator("location")
    @classmethod
    def _ends_are_single_spaces(cls, locations: list[LocationRecord]) -> list[LocationRecord]:
        if locations[0].spaces != 1 or locations[-1].spaces != 1:
            raise ValueError("the start and the goal must be one space each")
        return locations


class NazgulRoute(Sourced):
    spaces: int = Field(ge=1, le=60)


class RoutesFile(Strict):
    ring_route: RingRoute
    nazgul_route: NazgulRoute


class Ruling(Sourced):
    reading: str


class ShelobRuling(Ruling):
    reading: Literal["minus_one", "threshold"]


class TiebreakRuling(Ruling):
    reading: Literal["units", "length"]


class FinalTieRuling(Ruling):
    reading: Literal["shared"]


class RulingsFile(Strict):
    shelob: ShelobRuling
    tiebreak: TiebreakRuling
    final_tie: FinalTieRuling


@dataclass(frozen=True)
class Components:
    """Everything printed on the sheets and dice, as the rules need it."""

    hobbits: tuple[str, ...]
    colours: tuple[str, ...]  # colours[i] is hobbits[i]'s colour
    dice: tuple[str, ...]  # colour of each die, in table order; black last
    faces: tuple[tuple[str, ...], ...]  # faces[d]: the faces of die d
    black: int  # index of the black die
    locations: tuple[str, ...]  # location of each ring-route space; [0] is the start, [-1] the goal
    features: tuple[str, ...]  # feature of each ring-route space
    nazgul_spaces: int
    shelob: str
    tiebreak: str

    @property
    def goal(self) -> int:
        """Ring-route marks needed to reach Mordor."""
        return len(self.locations) - 1

    def colour_index(self, colour: str) -> int:
        return self.dice.index(colour)

    def roll_outcomes(self, dice: tuple[int, ...]) -> list[tuple[tuple[str, ...], Fraction]]:
        """Exact outcomes of rolling the dice ``dice`` together (faces in the same order)."""
        return _roll_table(tuple(self.faces[d] for d in dice))


@cache
def _roll_table(faces: tuple[tuple[str, ...], ...]) -> list[tuple[tuple[str, ...], Fraction]]:
    return roll_distribution(faces)


def load_components(data_dir: str | Path | None = None) -> Components:
    hobbits = load_content(PACKAGE, "hobbits.toml", HobbitsFile, data_dir).hobbit
    dice = load_content(PACKAGE, "dice.toml", DiceFile, data_dir)
    routes = load_content(PACKAGE, "routes.toml", RoutesFile, data_dir)
    rulings = load_content(PACKAGE, "rulings.toml", RulingsFile, data_dir)
    die_colours = [d.colour for d in dice.die]
    for hobbit in hobbits:
        if hobbit.colour not in die_colours:
            raise DataError(f"hobbits.toml: {hobbit.name}'s colour {hobbit.colour!r} has no die in dice.toml")
    # Table order: the hobbits' dice in hobbit order, then any others, the black die last.
    hobbit_colours = [h.colour for h in hobbits]
    others = [c for c in die_colours if c not in hobbit_colours]
    ordered = [c for c in hobbit_colours + others if c != dice.black] + [dice.black]
    faces_by_colour = {d.colour: tuple(d.faces) for d in dice.die}
    for colour, faces in faces_by_colour.items():
        if "tree" in faces and colour != dice.black:
            raise DataError(f"dice.toml: the {colour} die has a White Tree, which only the black die carries")
    locations: list[str] = []
    features: list[str] = []
    for location in routes.ring_route.location:
        locations += [location.name] * location.spaces
        features += [location.feature] * location.spaces
    return Components(
        hobbits=tuple(h.name for h in hobbits),
        colours=tuple(h.colour for h in hobbits),
        dice=tuple(ordered),
        faces=tuple(faces_by_colour[c] for c in ordered),
        black=len(ordered) - 1,
        locations=tuple(locations),
        features=tuple(features),
        nazgul_spaces=routes.nazgul_route.spaces,
        shelob=rulings.shelob.reading,
        tiebreak=rulings.tiebreak.reading,
    )
