"""The actions of Journeys in Middle-earth: each is its canonical text.

Players: ``hero gimli`` (the party picks who takes the next turn), ``travel``, ``move NE``,
``interact shepherd``, ``attack road-ruffians sword might``, ``end`` (the turn), ``convert 2``
(inspiration spent on fate in a test), ``choose 1`` (an option of a decision), ``prepare
quick-feet`` / ``prepare none`` (scouting), ``discard watchful`` (a fifth prepared card),
``negate 2`` (successes against damage, the rest against fear), ``test wit`` (a test that offers
two stats), ``step SE`` (the party picks an enemy's space when several shortest paths tie).
Chance: ``reveal CARD`` (a skill card from the top of a deck), ``enemy N`` (the attack an enemy
makes, by its number in the table), ``weakness NAME`` (a weakness dealt), ``damage NAME`` /
``fear NAME`` (a damage or fear card revealed as it is suffered).
"""

from __future__ import annotations

import re

from middleearth.core.contract import Action
from middleearth.core.errors import IllegalAction

_ID = r"[a-z0-9][a-z0-9-]*"
GRAMMAR = [
    ("hero HERO", rf"hero {_ID}"),
    ("travel", r"travel"),
    ("move E|NE|NW|W|SW|SE", r"move (?:E|NE|NW|W|SW|SE)"),
    ("interact TOKEN", rf"interact {_ID}"),
    ("attack GROUP ITEM STAT", rf"attack {_ID} {_ID} (?:might|agility|wisdom|spirit|wit)"),
    ("end", r"end"),
    ("convert N", r"convert \d+"),
    ("choose N", r"choose \d+"),
    ("prepare CARD|none", rf"prepare {_ID}"),
    ("discard CARD", rf"discard {_ID}"),
    ("negate N", r"negate \d+"),
    ("test STAT", r"test (?:might|agility|wisdom|spirit|wit)"),
    ("step E|NE|NW|W|SW|SE", r"step (?:E|NE|NW|W|SW|SE)"),
    # chance
    ("reveal CARD", rf"reveal {_ID}"),
    ("enemy N", r"enemy \d+"),
    ("weakness CARD", rf"weakness {_ID}"),
    ("damage CARD", rf"damage {_ID}"),
    ("fear CARD", rf"fear {_ID}"),
]
PLAYER_FORMS = [form for form, _ in GRAMMAR[:-5]]
_PATTERN = re.compile("|".join(f"(?:{pattern})" for _, pattern in GRAMMAR))


def slug(name: str) -> str:
    """A name as it appears in an action: ``Battle Axe`` -> ``battle-axe``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class Move(Action):
    """One action, named by its text."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return type(other) is Move and other.text == self.text  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self):  # deepcopy and pickle of a slotted, frozen value
        return (Move, (self.text,))

    @property
    def verb(self) -> str:
        return self.text.split(" ", 1)[0]

    @property
    def words(self) -> list[str]:
        return self.text.split(" ")


def parse_action(text: str) -> Move:
    """The action written ``text`` (spaces tidied); IllegalAction lists the forms there are."""
    tidy = " ".join(str(text).split())
    if not _PATTERN.fullmatch(tidy):
        forms = ", ".join(PLAYER_FORMS)
        raise IllegalAction(f"{text!r} is not an action of Journeys in Middle-earth; actions look like: {forms}")
    return Move(tidy)
