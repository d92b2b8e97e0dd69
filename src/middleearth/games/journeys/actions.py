"""The actions of Journeys in Middle-earth: each is its canonical text.

Players: ``hero gimli`` (the party picks who takes the next turn), ``travel``, ``move NE``,
``interact shepherd``, ``attack road-ruffians sword might``, ``end`` (the turn), ``convert 2``
(inspiration spent on fate in a test), ``choose 1`` (an option of a decision), ``prepare
quick-feet`` / ``prepare none`` (scouting), ``discard watchful`` (a fifth prepared card),
``negate 2`` (successes against damage, the rest against fear), ``test wit`` (a test that offers
two stats), ``step SE`` (the party picks an enemy's space when several shortest paths tie), ``stand fear``
(which last stand comes first when both limits are reached), ``discard facedown-damage`` (a
random facedown card, where a faceup card could be discarded by name instead),
``attack wights sword+dagger might`` (several items sharing the stat), ``spend sword 2`` (an attack's
successes on the item's 2nd ability), ``apply`` (the attack's hits go to the group), ``target legolas``
(the party picks an enemy's target among equally near heroes),
``use sprint-card`` / ``use lay-of-twilight bilbo`` (a prepared card, item or boon used now, on a
hero for abilities that help another), ``pass`` (closes an ability window), ``lend 2`` (Elena's
inspiration paid for another hero's fate), ``fire smite`` (a fate card revealed in an attack, given to a
fire pit for pierce or smite).
Chance: ``reveal CARD`` (a skill card from the top of a deck), ``enemy N`` (the attack an enemy
makes, by its number in the table), ``weakness NAME`` (a weakness dealt), ``damage NAME`` /
``fear NAME`` (a damage or fear card revealed as it is suffered).
"""

from __future__ import annotations

import re

from middleearth.core.actions import Grammar, TextAction

_ID = r"[a-z0-9][a-z0-9-]*"
GRAMMAR = [
    ("hero HERO", rf"hero {_ID}"),
    ("travel", r"travel"),
    ("move E|NE|NW|W|SW|SE", r"move (?:E|NE|NW|W|SW|SE)"),
    ("interact TOKEN", rf"interact {_ID}"),
    ("attack GROUP ITEM[+ITEM] STAT", rf"attack {_ID} {_ID}(?:\+{_ID})* (?:might|agility|wisdom|spirit|wit)"),
    ("end", r"end"),
    ("convert N", r"convert \d+"),
    ("choose N", r"choose \d+"),
    ("prepare CARD|none", rf"prepare {_ID}"),
    ("discard CARD", rf"discard {_ID}"),
    ("negate N", r"negate \d+"),
    ("test STAT", r"test (?:might|agility|wisdom|spirit|wit)"),
    ("step E|NE|NW|W|SW|SE", r"step (?:E|NE|NW|W|SW|SE)"),
    ("stand damage|fear", r"stand (?:damage|fear)"),
    ("spend ITEM N", rf"spend {_ID} \d+"),
    ("apply", r"apply"),
    ("target HERO", rf"target {_ID}"),
    ("decline", r"decline"),
    ("use CARD|ITEM|BOON [HERO]", rf"use {_ID}(?: {_ID})?"),
    ("pass", r"pass"),
    ("lend N", r"lend \d+"),
    ("fire pierce|smite", r"fire (?:pierce|smite)"),
    # chance
    ("reveal CARD", rf"reveal {_ID}"),
    ("enemy N", r"enemy \d+"),
    ("weakness CARD", rf"weakness {_ID}"),
    ("damage CARD", rf"damage {_ID}"),
    ("fear CARD", rf"fear {_ID}"),
]
_GRAMMAR = Grammar("Journeys in Middle-earth", GRAMMAR, shown=-5)
PLAYER_FORMS = [form for form, _ in GRAMMAR[:-5]]


def slug(name: str) -> str:
    """A name as it appears in an action: ``Battle Axe`` -> ``battle-axe``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class Move(TextAction):
    """One action of this game, named by its text."""

    __slots__ = ()


def parse_action(text: str) -> Move:
    """The action written ``text`` (spaces tidied); IllegalAction lists the forms there are."""
    return _GRAMMAR.parse(text, Move)
