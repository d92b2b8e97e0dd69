"""Write the golden playthroughs: seeded random games of Journey to Mordor, with the spectator's
observation after every action.

    .venv/bin/python tests/games/mordor/make_golden.py

Run it only when a change to the rules or to the views is meant, and read the diff of
golden/*.json: it is the change a player would see. To keep the files small, each observation is
stored as its changes from the one before (the first one whole).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import middleearth

FOLDER = Path(__file__).parent / "golden"
# Options and seed of each game. Random play mostly ends with everyone eliminated; these seeds
# were picked among the first 300 for the shortest games that end with a winner (the final round),
# with the design values of data/ (picked again whenever those change).
GAMES = {
    "2p_basic": ({"players": 2, "variant": "basic"}, 118),
    "3p_locations": ({"players": 3, "variant": "locations"}, 51),
    "4p_locations": ({"players": 4, "variant": "locations", "hobbits": "pippin,merry,sam,frodo"}, 202),
}

Change = list  # [path, value]: path is a list of keys and indices; a last "+" appends to a list


def changes(old: Any, new: Any, path: tuple = ()) -> list[Change]:
    """The changes that turn ``old`` into ``new``; a list that only grew gives its new items."""
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return [change for key in new for change in changes(old[key], new[key], path + (key,))]
    if isinstance(old, list) and isinstance(new, list) and len(new) >= len(old):
        found = [change for i in range(len(old)) for change in changes(old[i], new[i], path + (i,))]
        if len(new) > len(old):
            found.append([[*path, "+"], new[len(old):]])
        return found
    return [] if old == new else [[list(path), new]]


def patched(old: Any, found: list[Change]) -> Any:
    """``old`` with the changes applied (a copy: ``old`` is left as it was)."""
    new = copy.deepcopy(old)
    for path, value in found:
        if not path:
            new = copy.deepcopy(value)
            continue
        *head, last = path
        target = new
        for key in head:
            target = target[key]
        if last == "+":
            target.extend(copy.deepcopy(value))
        else:
            target[last] = copy.deepcopy(value)
    return new


def playthrough(options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One random game: its record and every observation as changes from the one before."""
    rng = random.Random(seed)
    state = middleearth.load("mordor", **options).new_state()
    seen = state.observation()
    steps: list[Any] = [seen]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        now = state.observation()
        steps.append(changes(seen, now))
        seen = now
    return {"record": state.to_record(), "observations": steps}


def dump(golden: dict[str, Any]) -> str:
    """One line per observation, so that a diff of the file points at the action that changed."""
    lines = ",\n  ".join(json.dumps(step, ensure_ascii=False) for step in golden["observations"])
    record = json.dumps(golden["record"], ensure_ascii=False)
    return f'{{\n "record": {record},\n "observations": [\n  {lines}\n ]\n}}\n'


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for name, (options, seed) in GAMES.items():
        path = FOLDER / f"{name}.json"
        path.write_text(dump(playthrough(options, seed)), encoding="utf-8")
        print(f"{path}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
