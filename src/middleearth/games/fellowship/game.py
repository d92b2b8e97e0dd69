"""The Lord of the Rings (Reiner Knizia's cooperative game): the game, its options and seats."""

from __future__ import annotations

from typing import Any

from middleearth.core.contract import Game
from middleearth.core.errors import BadOption
from middleearth.core.options import Option
from middleearth.games.fellowship.actions import Move, parse_action
from middleearth.games.fellowship.components import Components, load_components
from middleearth.games.fellowship.state import FellowshipState

SAURON_STARTS = {"introductory": 15, "standard": 12, "expert": 10}


class FellowshipGame(Game):
    """The Fellowship carries the Ring from Bag End through four Conflicts to Mount Doom.

    >>> import middleearth
    >>> game = middleearth.load("fellowship", players=3, sauron="introductory")
    >>> game.seat_names(), game.sauron_start
    (['Frodo', 'Sam', 'Pippin'], 15)
    """

    name = "fellowship"
    title = "The Lord of the Rings"
    summary = ("Reiner Knizia's cooperative game: 2 to 5 hobbits carry the Ring through Moria, Helm's Deep "
               "and Shelob's Lair to Mount Doom, with hidden hands, story tiles and Sauron closing in.")
    hidden_information = True
    options_spec = (
        Option("players", 4, "how many hobbits play (a solo player takes two or more seats)", kind="int",
               minimum=2, maximum=5),
        Option("sauron", "standard", "Sauron's starting space: introductory (15), standard (12), expert (10), "
               "or a number"),
        Option("competitive", False, "competitive game: runes face down, each player scores his own", kind="bool"),
        Option("expert", False, "with competitive: a Ring-bearer with 3 Ring tokens who meets Sauron joins him",
               kind="bool"),
        Option("pass_the_ring", False, "a Ring-bearer eliminated other than by Sauron passes the Ring left",
               kind="bool"),
        Option("equal_turns", False, "turns keep going clockwise instead of the Ring-bearer starting each "
               "Conflict", kind="bool"),
        Option("data", None, "a folder of your own component files that replace ours", kind="path"),
    )

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.components: Components = load_components(self.options["data"])
        self.sauron_start = self._sauron_start(str(self.options["sauron"]))
        self.options["sauron"] = str(self.options["sauron"])
        if self.options["expert"] and not self.options["competitive"]:
            raise BadOption("option expert is the competitive game's extra rule: set competitive=true as well")
        if self.num_players > len(self.components.hobbits):
            raise BadOption(f"players={self.num_players}, but there are only {len(self.components.hobbits)} hobbits")
        self.seat_hobbits = self.components.hobbits[: self.num_players]
        self.seat_abilities = self.components.abilities[: self.num_players]
        # Every seat scores alike unless the competitive variant splits the runes.
        self.cooperative = not self.options["competitive"]

    def _sauron_start(self, text: str) -> int:
        top = self.components.corruption_spaces
        if text in SAURON_STARTS:
            return SAURON_STARTS[text]
        if text.isdigit() and 1 <= int(text) <= top:
            return int(text)
        raise BadOption(f"option sauron={text!r} is not allowed: use introductory (15), standard (12), "
                        f"expert (10) or a number from 1 to {top}")

    def seat_names(self) -> list[str]:
        return list(self.seat_hobbits)

    def new_state(self) -> FellowshipState:
        return FellowshipState(self)

    def parse_action(self, text: str) -> Move:
        return parse_action(text)

    def heuristics(self):
        from middleearth.games.fellowship.heuristics import FellowshipHeuristics

        return FellowshipHeuristics()
