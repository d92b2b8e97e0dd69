"""The actions of The Lord of the Rings: each is its canonical text, as a move is its UCI text.

Players' actions (``play gimli``, ``give hiding-brown``, ``ring``, ``pass`` ...) and chance's
(``tile cycle_of_time``, ``deal fighting-grey``, ``die eye``, ``gold 2``) share one small class:
the rules decide what is legal at each moment, so the text is all an action needs to carry.
"""

from __future__ import annotations


from middleearth.core.actions import Grammar, TextAction

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
_GRAMMAR = Grammar("The Lord of the Rings", GRAMMAR, shown=-5)


class Move(TextAction):
    """One action of this game, named by its text."""

    __slots__ = ()


def parse_action(text: str) -> Move:
    """The action written ``text`` (spaces tidied); IllegalAction lists the forms there are."""
    return _GRAMMAR.parse(text, Move)
