"""The Lord of the Rings Trivia Game: the game, its options and its seats."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from middleearth.core.contract import Game
from middleearth.core.errors import BadOption
from middleearth.core.options import Option
from middleearth.games.trivia.actions import Move, parse_action
from middleearth.games.trivia.components import Components, load_components
from middleearth.games.trivia.questions import Card, Pack, load_packs
from middleearth.games.trivia.state import TriviaState

if TYPE_CHECKING:
    from middleearth.games.trivia.heuristics import TriviaHeuristics

HOBBITS = ("Frodo", "Sam", "Merry", "Pippin")
KNOWLEDGE_LEVELS = ("novice", "fan", "scholar")
STRATEGIES = ("steady", "bold", "careful")


class TriviaGame(Game):
    """A race from Bag End to Mount Doom, paid in strength chips, won with questions on the book.

    >>> import middleearth
    >>> game = middleearth.load("trivia", players=3)
    >>> game.seat_names(), game.components.locations[2]
    (['Frodo', 'Sam', 'Merry'], 'Weathertop')
    """

    name = "trivia"
    title = "The Lord of the Rings Trivia Game"
    summary = ("A race from Bag End to Mount Doom for 2 to 4 players or teams: hand in strength chips to move on, "
               "answer questions on The Lord of the Rings, and face the location cards of six special places.")
    hidden_information = True
    heuristics_parameters = ("knowledge", "strategy")  # greedy:knowledge=scholar:strategy=careful
    options_spec = (
        Option("players", 2, "how many players or teams", kind="int", minimum=2, maximum=4),
        Option("teams", False, "teams play instead of single players (the seats are named Team 1, Team 2 ...)",
               kind="bool"),
        Option("packs", "middleearth", "the question packs to draw from, comma-separated: packaged names, "
               "packs in <data>/questions/, or paths"),
        Option("reader", "seat", "who reads the questions: the seat to the active player's right (it sees the "
               "answers), or the software (nobody sees them before the answer)", choices=("seat", "software")),
        Option("knowledge", "fan", "for AI seats: how much they know, novice, fan or scholar, one for all or "
               "one per seat comma-separated (an agent's own knowledge=... overrides it for its seat)"),
        Option("strategy", "steady", "for AI seats: steady, bold or careful, one for all or one per seat "
               "comma-separated (an agent's own strategy=... overrides it for its seat)"),
        Option("data", None, "a folder of your own component files (and questions/ packs) that replace ours",
               kind="path"),
    )

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.components: Components = load_components(self.options["data"])
        names = [name.strip() for name in str(self.options["packs"]).split(",") if name.strip()]
        if not names:
            raise BadOption("option packs names no pack: give at least one, for example packs=middleearth")
        self.packs = _load_packs(tuple(names), self.options["data"])
        self.cards: tuple[Card, ...] = tuple(card for pack in self.packs for card in pack.cards)
        if not self.cards:
            raise BadOption(f"the packs {', '.join(names)} hold no question card")
        self.card_index = {card.id: i for i, card in enumerate(self.cards)}
        self.knowledge = self._per_seat("knowledge", KNOWLEDGE_LEVELS)
        self.strategies = self._per_seat("strategy", STRATEGIES)

    def _per_seat(self, option: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        words = [word.strip().lower() for word in str(self.options[option]).split(",")]
        for word in words:
            if word not in allowed:
                raise BadOption(f"option {option}: {word!r} is not allowed: use {', '.join(allowed)}, one for all "
                                "seats or one per seat separated by commas")
        if len(words) == 1:
            return tuple(words * self.num_players)
        if len(words) != self.num_players:
            raise BadOption(f"option {option} names {len(words)} values for {self.num_players} seats: give one "
                            "for all or one per seat")
        return tuple(words)

    def seat_names(self) -> list[str]:
        if self.options["teams"]:
            return [f"Team {seat + 1}" for seat in range(self.num_players)]
        return list(HOBBITS[: self.num_players])

    def new_state(self) -> TriviaState:
        return TriviaState(self)

    def parse_action(self, text: str) -> Move:
        return parse_action(text)

    def heuristics(self, seat: int | None = None, knowledge: Any = None,  # type: ignore[override]
                   strategy: Any = None) -> "TriviaHeuristics":
        """The AI's play: the options' knowledge and strategy per seat, or those given for ``seat``
        (for every seat when ``seat`` is None), as an agent's parameters give them."""
        from middleearth.games.trivia.heuristics import TriviaHeuristics

        levels, strategies = list(self.knowledge), list(self.strategies)
        seats = range(self.num_players) if seat is None else [seat]
        for name, value, allowed, per_seat in (("knowledge", knowledge, KNOWLEDGE_LEVELS, levels),
                                               ("strategy", strategy, STRATEGIES, strategies)):
            if value is None:
                continue
            word = str(value).strip().lower()
            if word not in allowed:
                raise BadOption(f"trivia {name} {value!r} is not allowed: use {', '.join(allowed)}")
            for each in seats:
                per_seat[each] = word
        return TriviaHeuristics(tuple(levels), tuple(strategies))


@cache
def _load_packs(names: tuple[str, ...], data_dir: str | None) -> tuple[Pack, ...]:
    """The packs checked once per process, as the components are: every replay loads the game again."""
    return tuple(load_packs(names, data_dir))
