"""The one place games are found: packages under ``middleearth.games`` and outside plugins.

An outside game registers itself through the entry-point group ``middleearth.games``.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from middleearth.core.contract import Game
from middleearth.core.errors import BadOption

ENTRY_POINT_GROUP = "middleearth.games"


@cache
def _game_classes() -> dict[str, type[Game]]:
    found: dict[str, type[Game]] = {}
    games_package = importlib.import_module("middleearth.games")
    for module in pkgutil.iter_modules(games_package.__path__):
        if module.ispkg:
            package = importlib.import_module(f"middleearth.games.{module.name}")
            game_class = getattr(package, "GAME", None)
            if game_class is not None:
                found[game_class.name] = game_class
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(entry.name, entry.load())
    return found


def games() -> list[str]:
    """The ids of every game, sorted: ``['mordor', ...]``."""
    return sorted(_game_classes())


def game_class(name: str) -> type[Game]:
    classes = _game_classes()
    if name not in classes:
        raise BadOption(f"no game named {name!r}: the games are {', '.join(sorted(classes))}")
    return classes[name]


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options`` checked (BadOption says what is allowed)."""
    return game_class(name)(**options)
