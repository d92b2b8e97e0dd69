"""The actions of The Lord of the Rings: each is its canonical text, as a move is its UCI text.

Players' actions (``play gimli``, ``give hiding-brown``, ``ring``, ``pass`` ...) and chance's
(``tile cycle_of_time``, ``deal fighting-grey``, ``die eye``, ``gold 2``) share one small class:
the rules decide what is legal at each moment, so the text is all an action needs to carry.
"""

from __future__ import annotations

import re

from middleearth.core.contract import Action
from middleearth.core.errors import IllegalAction

_WORD = r"[A-Za-z_'\-]+"
GRAMMAR = [
    ("pass", r"pass"),
    ("ring", r"ring"),
    ("call gandalf", r"call gandalf"),
    ("gandalf CARD [TARGET]", rf"gandalf {_WORD}(?: {_WORD})?"),
    ("use CARD [HOBBIT [HOBBIT]]", rf"use {_WORD}(?: {_WORD}){{0,2}}"),
    ("advance TRACK", rf"advance {_WORD}"),
    ("play CARD [as TRACK]", rf"play {_WORD}(?: as {_WORD})?"),
    ("refresh draw|heal", r"refresh (?:draw|heal)"),
    ("end", r"end"),
    ("give CARD|TOKEN [to HOBBIT]", rf"give {_WORD}(?: to {_WORD})?"),
    ("give runes N", r"give runes \d+"),
    ("done", r"done"),
    ("volunteer", r"volunteer"),
    ("decline", r"decline"),
    ("prepare", r"prepare"),
    ("draw", r"draw"),
    ("choose N", r"choose \d+"),
    ("discard CARD", rf"discard {_WORD}"),
    ("arrange TILE,TILE,...", rf"arrange {_WORD}(?:,{_WORD})*"),
    # chance
    ("tile TILE", rf"tile {_WORD}"),
    ("deal CARD", rf"deal {_WORD}"),
    ("reveal CARD", rf"reveal {_WORD}"),
    ("die FACE", rf"die {_WORD}"),
    ("gold N", r"gold \d+"),
]
_PATTERN = re.compile("|".join(f"(?:{pattern})" for _, pattern in GRAMMAR))


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
        forms = ", ".join(form for form, _ in GRAMMAR[:-5])
        raise IllegalAction(f"{text!r} is not an action of this game; actions look like: {forms}")
    return Move(tidy)
