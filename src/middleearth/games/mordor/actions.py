"""Journey to Mordor's actions and their canonical texts.

- ``roll yellow:ring red:orc black:tree``: chance rolls the dice still in hand;
- ``keep yellow:ring black:tree``: the player sets these dice aside;
- ``reroll``: in Rohan, the player rolls the same dice once more.

A die is named by its colour and the face it shows, so a text reads like the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from middleearth.core.contract import Action
from middleearth.core.errors import IllegalAction

Dice = tuple[tuple[str, str], ...]  # ((colour, face), ...) in table order


@dataclass(frozen=True, slots=True)
class Roll(Action):
    dice: Dice

    def __str__(self) -> str:
        return "roll " + " ".join(f"{colour}:{face}" for colour, face in self.dice)


@dataclass(frozen=True, slots=True)
class Keep(Action):
    dice: Dice

    def __str__(self) -> str:
        return "keep " + " ".join(f"{colour}:{face}" for colour, face in self.dice)


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    def __str__(self) -> str:
        return "reroll"


REROLL = Reroll()

HOW_TO_WRITE = "write 'keep COLOUR:FACE ...' (for example 'keep yellow:ring black:tree') or 'reroll'"


def parse_action(text: str, colours: tuple[str, ...], symbols: tuple[str, ...]) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction(f"an empty action: {HOW_TO_WRITE}")
    verb, rest = words[0], words[1:]
    if verb == "reroll" and not rest:
        return REROLL
    if verb not in ("roll", "keep") or not rest:
        raise IllegalAction(f"{text!r} is not an action: {HOW_TO_WRITE}")
    dice: list[tuple[str, str]] = []
    for word in rest:
        colour, _, face = word.partition(":")
        if colour not in colours:
            raise IllegalAction(f"{text!r}: there is no {colour!r} die (the dice are {', '.join(colours)})")
        if face not in symbols:
            raise IllegalAction(f"{text!r}: {face!r} is no symbol (the symbols are {', '.join(symbols)})")
        dice.append((colour, face))
    order = {colour: i for i, colour in enumerate(colours)}
    named = [colour for colour, _ in dice]
    if len(set(named)) != len(named):
        raise IllegalAction(f"{text!r} names a die twice")
    canonical = tuple(sorted(dice, key=lambda die: order[die[0]]))
    return Roll(canonical) if verb == "roll" else Keep(canonical)
