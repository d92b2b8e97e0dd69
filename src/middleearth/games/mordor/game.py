"""Journey to Mordor: the game, its options and its seats."""

from __future__ import annotations

from functools import cache
from typing import Any

from middleearth.core.contract import Action, Game
from middleearth.core.errors import BadOption
from middleearth.core.options import Option
from middleearth.games.mordor.actions import Roll, parse_action
from middleearth.games.mordor.components import SYMBOLS, Components, load_components
from middleearth.games.mordor.heuristics import MordorHeuristics
from middleearth.games.mordor.state import MordorState


class MordorGame(Game):
    """Journey to Mordor (Michael Rieneck, 2015): a push-your-luck dice race for 2 to 4.

    >>> import middleearth
    >>> game = middleearth.load("mordor", players=2, variant="locations")
    >>> game.seat_names()
    ['Frodo', 'Sam']
    """

    name = "mordor"
    title = "Journey to Mordor"
    summary = "A push-your-luck dice race to Mount Doom for 2 to 4 hobbits, the Nazgûl at their heels."
    options_spec = (
        Option("players", 4, "how many hobbits play", kind="int", minimum=2, maximum=4),
        Option("variant", "basic", "basic game, or the version with location features",
               choices=("basic", "locations")),
        Option("hobbits", "", "which hobbits play, in seat order, comma-separated "
               "(default: Frodo, Sam, Merry, Pippin as many as play)"),
        Option("data", None, "a folder of your own component files that replace ours", kind="path"),
    )

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.components: Components = load_components(self.options["data"])
        self.seat_hobbits = self._choose_hobbits(self.options["hobbits"])
        by_hobbit = dict(zip(self.components.hobbits, self.components.colours))
        self.seat_colours = tuple(by_hobbit[h] for h in self.seat_hobbits)

    def _choose_hobbits(self, text: str) -> tuple[str, ...]:
        known = self.components.hobbits
        if not text:
            if self.num_players > len(known):
                raise BadOption(f"players={self.num_players}, but the sheet has only {len(known)} hobbits")
            return known[: self.num_players]
        wanted = [word.strip().capitalize() for word in text.split(",") if word.strip()]
        for hobbit in wanted:
            if hobbit not in known:
                raise BadOption(f"option hobbits: no hobbit {hobbit!r}; choose from {', '.join(known)}")
        if len(set(wanted)) != len(wanted):
            raise BadOption("option hobbits: no two players may choose the same hobbit")
        if len(wanted) != self.num_players:
            raise BadOption(f"option hobbits names {len(wanted)} hobbits for {self.num_players} players")
        return tuple(wanted)

    @property
    def locations_variant(self) -> bool:
        return self.options["variant"] == "locations"

    def seat_names(self) -> list[str]:
        return list(self.seat_hobbits)

    def new_state(self) -> MordorState:
        return MordorState(self)

    def rolls(self, hand: tuple[int, ...]) -> dict[Action, float]:
        """Every roll of the dice ``hand``, with its probability."""
        return _roll_actions(self.components, hand)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.components.dice, SYMBOLS)

    def heuristics(self) -> MordorHeuristics:
        return MordorHeuristics()


@cache
def _roll_actions(components: Components, hand: tuple[int, ...]) -> dict[Action, float]:
    colours = components.dice
    return {
        Roll(tuple((colours[d], face) for d, face in zip(hand, faces))): float(p)
        for faces, p in components.roll_outcomes(hand)
    }
