"""middleearth: Lord of the Rings tabletop games, played exactly by their rules.

>>> import middleearth
>>> game = middleearth.load("mordor", players=2)
>>> state = game.new_state()
>>> state.current_player == middleearth.CHANCE   # the first roll
True
"""

# Import the games package before binding the function ``games`` below: the first import of a
# subpackage sets it as an attribute of its parent, which would hide ``middleearth.games()``.
import middleearth.games as _games_package  # noqa: F401
from middleearth.core import (
    CHANCE,
    TERMINAL,
    Action,
    BadOption,
    DataError,
    Game,
    IllegalAction,
    MiddleEarthError,
    RecordError,
    State,
    games,
    load,
    load_record,
    replay,
    sample_chance,
    save_record,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "TERMINAL", "Action", "BadOption", "DataError", "Game", "IllegalAction",
    "MiddleEarthError", "RecordError", "State", "games", "load", "load_record", "replay",
    "sample_chance", "save_record",
]
