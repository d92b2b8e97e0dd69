"""The engine core: the contract, errors, options, chance, content, records, conformance kit."""

from middleearth.core.contract import CHANCE, TERMINAL, Action, Game, State, sample_chance
from middleearth.core.errors import BadOption, DataError, IllegalAction, MiddleEarthError, RecordError
from middleearth.core.options import Option
from middleearth.core.records import can_undo, load_record, replay, rewind, save_record
from middleearth.core.registry import game_class, games, load

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Game", "State", "sample_chance",
    "BadOption", "DataError", "IllegalAction", "MiddleEarthError", "RecordError",
    "Option", "can_undo", "load_record", "replay", "rewind", "save_record",
    "game_class", "games", "load",
]
