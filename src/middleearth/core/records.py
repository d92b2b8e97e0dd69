"""Records: the save file, the server's storage, the golden fixture and the bug report.

A record holds the game, its options and the action texts; loading it replays every action
through the rules, so a record that breaks them fails with the action's number and the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from middleearth.core.contract import RECORD_FORMAT, State
from middleearth.core.errors import MiddleEarthError, RecordError
from middleearth.core.registry import load


def replay(record: dict[str, Any]) -> State:
    """The state a record describes, rebuilt by playing every action again."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with format, game, options and actions")
    missing = [field for field in ("format", "game", "options", "actions") if field not in record]
    if missing:
        raise RecordError(f"the record has no field {missing[0]!r}")
    if record["format"] != RECORD_FORMAT:
        raise RecordError(f"record format {record['format']!r} is not {RECORD_FORMAT!r}")
    if not isinstance(record["options"], dict) or not isinstance(record["actions"], list):
        raise RecordError("the record's options must be an object and its actions a list of texts")
    try:
        game = load(record["game"], **record["options"])
    except MiddleEarthError as error:
        raise RecordError(f"the record's game cannot be set up: {error}") from None
    state = game.new_state()
    for number, text in enumerate(record["actions"], start=1):
        if not isinstance(text, str):
            raise RecordError(f"action {number} is not a text: {text!r}", number)
        try:
            state.apply(text)
        except MiddleEarthError as error:
            raise RecordError(f"action {number} ({text!r}) breaks the rules: {error}", number) from None
    return state


def rewind(state: State, actions: int = 1) -> State:
    """The state as it was ``actions`` actions ago, rebuilt by replay."""
    record = state.to_record()
    record["actions"] = record["actions"][: max(0, len(record["actions"]) - actions)]
    return replay(record)


def save_record(state: State, path: str | Path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(state.to_record(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def load_record(path: str | Path) -> State:
    """Read a record file and replay it; RecordError names the problem and the action number."""
    path = Path(path)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"no record file at {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read {path}: {error}") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not JSON: line {error.lineno}, column {error.colno}: {error.msg}") from None
    try:
        return replay(record)
    except RecordError as error:
        raise RecordError(f"{path}: {error}", error.action_number) from None


def can_undo(state: State, seat: int) -> bool:
    """A decision may be taken back while it is the last action: not after chance has spoken,
    nor across another player's decision."""
    return bool(state.movers) and state.movers[-1] == seat
