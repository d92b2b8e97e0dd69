"""Journeys in Middle-earth: the game, its options (heroes, adventure, difficulty) and its seats."""

from __future__ import annotations

from functools import cache
from typing import Any

from middleearth.core.contract import Game
from middleearth.core.errors import BadOption, DataError
from middleearth.core.options import Option
from middleearth.games.journeys.actions import Move, parse_action, slug
from middleearth.games.journeys.adventure import (Adventure, load_adventure, packaged_adventure_path,
                                                  packaged_adventures, validate_adventure)
from middleearth.games.journeys.hexmap import HexMap, Placement, load_tiles
from middleearth.games.journeys.state import JourneysState
from middleearth.games.journeys.table import Table, load_table


class JourneysGame(Game):
    """A party of 2 to 5 heroes plays one adventure; the engine plays the app's part.

    >>> import middleearth
    >>> game = middleearth.load("journeys", players=2)
    >>> game.seat_names()
    ['Aragorn', 'Beravor']
    """

    name = "journeys"
    title = "Journeys in Middle-earth"
    summary = ("A cooperative adventure for 2 to 5 heroes: travel a map revealed tile by tile, test your "
               "skill decks, fight enemy groups and finish the story's objectives before the threat bar fills.")
    cooperative = True
    # The heuristic hero's weights (heuristics.WEIGHTS): greedy:explore=8:danger=3
    heuristics_parameters = ("step", "objective", "explore", "claimed", "darkness", "danger", "kill", "wound",
                             "inspiration", "threat", "ability")
    options_spec = (
        Option("players", 2, "how many heroes play (one seat each)", kind="int", minimum=2, maximum=5),
        Option("heroes", "", "the heroes, comma-separated (e.g. gimli,legolas); empty: the first heroes of "
               "heroes.toml"),
        Option("adventure", "cold-lanterns", "a packaged adventure's id, or the path of an adventure file"),
        Option("difficulty", "normal", "normal or hard (more enemies; no inspiration for exploring)",
               choices=("normal", "hard")),
        Option("data", None, "a folder of your own component files that replace ours", kind="path"),
    )

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.table: Table = _table(self.options["data"])
        self.adventure: Adventure = _adventure(str(self.options["adventure"]), self.options["data"])
        self.tiles = load_tiles(self.options["data"])
        meta = self.adventure.adventure
        if not meta.min_heroes <= self.num_players <= meta.max_heroes:
            raise BadOption(f"{meta.title} is for {meta.min_heroes} to {meta.max_heroes} heroes, not "
                            f"players={self.num_players}")
        self.heroes = self._heroes(str(self.options["heroes"]))
        # Each hero's cards by their action name. Names repeat across decks, never within one
        # deck with different icons (two copies of a card share its name).
        self.hero_cards = {}
        for name in self.heroes:
            role = self.table.hero(name).start.role
            cards = (*self.table.starting_deck(name, role), self.table.starting_role_card(role),
                     *self.table.weaknesses)
            self.hero_cards[name] = {slug(c.name): c for c in cards}
        self.wound_cards = {kind: {slug(c.name): c for c in getattr(self.table, kind).card}
                            for kind in ("damage", "fear")}

    def wound_card(self, name: str):
        """A damage or fear card by its action name (the two decks share no name)."""
        return self.wound_cards["damage"].get(name) or self.wound_cards["fear"][name]

    def _heroes(self, text: str) -> tuple[str, ...]:
        by_slug = {slug(h.name): h.name for h in self.table.heroes}
        words = [slug(w) for w in text.split(",") if w.strip()]
        if not words:
            if len(by_slug) < self.num_players:
                raise BadOption(f"players={self.num_players}, but there are only {len(by_slug)} heroes")
            return tuple(h.name for h in self.table.heroes[: self.num_players])
        for word in words:
            if word not in by_slug:
                raise BadOption(f"option heroes: {word!r} is not a hero; heroes are {', '.join(by_slug)}")
        if len(words) != self.num_players or len(set(words)) != len(words):
            raise BadOption(f"option heroes names {len(set(words))} different heroes for players="
                            f"{self.num_players}: name one different hero per seat")
        return tuple(by_slug[w] for w in words)

    def seat_names(self) -> list[str]:
        return list(self.heroes)

    def hexmap(self, placements: tuple[Placement, ...]) -> HexMap:
        """The map of these placements, built once per game (maps are immutable)."""
        return _hexmap(self, placements)

    def new_state(self) -> JourneysState:
        return JourneysState(self)

    def parse_action(self, text: str) -> Move:
        return parse_action(text)

    def heuristics(self, seat: int | None = None, **weights: Any):
        """The heuristic hero (heuristics.py), its weights overridden by ``weights``."""
        from middleearth.games.journeys.heuristics import JourneysHeuristics

        return JourneysHeuristics(**weights)


@cache
def _hexmap(game: JourneysGame, placements: tuple[Placement, ...]) -> HexMap:
    return HexMap(game.tiles, placements)


@cache
def _table(data_dir: str | None) -> Table:
    return load_table(data_dir)


@cache
def _adventure(name: str, data_dir: str | None) -> Adventure:
    """A packaged adventure by id, or a file; refused with every problem the validator finds."""
    if name in packaged_adventures():
        path = packaged_adventure_path(name)
    elif name.endswith(".toml"):
        path = name
    else:
        raise BadOption(f"option adventure={name!r}: give a packaged adventure ({', '.join(packaged_adventures())}) "
                        "or the path of a .toml adventure file")
    adventure = load_adventure(path)
    problems = validate_adventure(adventure, data_dir=data_dir)
    if problems:
        shown = "\n".join(str(p) for p in problems[:10])
        raise DataError(f"adventure {name} has {len(problems)} problem(s):\n{shown}")
    return adventure
