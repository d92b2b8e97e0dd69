"""Golden playthroughs for any game: seeded random games stored with every observation, and the
check that replays them. Each game's make_golden.py names its games; test_golden.py checks them.

To keep the files small, each observation is stored as its changes from the one before (the
first one whole), one line per action, so a diff of the file points at the action that changed.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import middleearth

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


def playthrough(game: str, options: dict[str, Any], seed: int, seat: int | None = None) -> dict[str, Any]:
    """One random game: its record and every observation of ``seat`` as changes from the one before."""
    rng = random.Random(seed)
    state = middleearth.load(game, **options).new_state()
    seen = state.observation(seat)
    steps: list[Any] = [seen]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        now = state.observation(seat)
        steps.append(changes(seen, now))
        seen = now
    return {"seat": seat, "record": state.to_record(), "observations": steps}


def dump(golden: dict[str, Any]) -> str:
    lines = ",\n  ".join(json.dumps(step, ensure_ascii=False) for step in golden["observations"])
    record = json.dumps(golden["record"], ensure_ascii=False)
    return f'{{\n "seat": {json.dumps(golden["seat"])},\n "record": {record},\n "observations": [\n  {lines}\n ]\n}}\n'


def write(folder: Path, game: str, games: dict[str, tuple[dict[str, Any], int, int | None]]) -> None:
    folder.mkdir(exist_ok=True)
    for name, (options, seed, seat) in games.items():
        path = folder / f"{name}.json"
        path.write_text(dump(playthrough(game, options, seed, seat)), encoding="utf-8")
        print(f"{path}: {path.stat().st_size} bytes")


def check(path: Path) -> middleearth.State:
    """Replay the golden file at ``path``; an AssertionError names the action and each field that differs."""
    golden = json.loads(path.read_text(encoding="utf-8"))
    record, steps, seat = golden["record"], golden["observations"], golden.get("seat")
    assert len(steps) == len(record["actions"]) + 1
    state = middleearth.load(record["game"], **record["options"]).new_state()
    expected = steps[0]
    for number, (text, step) in enumerate(zip([None, *record["actions"]], steps)):
        if text is not None:
            state.apply(text)
            expected = patched(expected, step)
        seen = state.observation(seat)
        if seen != expected:
            lines = [f"  {'.'.join(map(str, path_))}: {word} {value!r}"
                     for word, found in (("expected", changes(seen, expected)), ("got", changes(expected, seen)))
                     for path_, value in found]
            raise AssertionError(f"{path.name}: after action {number} ({text!r}) the observation differs "
                                 "(run make_golden.py if the change is meant):\n" + "\n".join(lines))
    return state
