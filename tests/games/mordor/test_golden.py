"""Golden playthroughs: replay each recorded game and compare every observation with the file.

A failure names the game, the action and each field that differs. When a change to the rules
or the views is meant, run make_golden.py and review the diff of golden/*.json.
"""

import json

import pytest

import middleearth

from .make_golden import FOLDER, GAMES, changes, patched


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    golden = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    record, steps = golden["record"], golden["observations"]
    assert len(steps) == len(record["actions"]) + 1
    state = middleearth.load(record["game"], **record["options"]).new_state()
    expected = steps[0]
    for number, (text, step) in enumerate(zip([None, *record["actions"]], steps)):
        if text is not None:
            state.apply(text)
            expected = patched(expected, step)
        seen = state.observation()
        if seen != expected:
            lines = [f"  {'.'.join(map(str, path))}: {word} {value!r}"
                     for word, found in (("expected", changes(seen, expected)), ("got", changes(expected, seen)))
                     for path, value in found]
            pytest.fail(f"{name}: after action {number} ({text!r}) the observation differs "
                        "(run make_golden.py if the change is meant):\n" + "\n".join(lines))
    assert state.is_terminal() and state.winners


def test_changes_and_patched_are_inverse():
    old = {"a": [1, {"b": 2}], "c": None, "log": [1]}
    new = {"a": [1, {"b": 3}, 4], "c": {"d": 1}, "log": [1, 2, 3]}
    found = changes(old, new)
    assert patched(old, found) == new and old["log"] == [1]
    assert [["log", "+"], [2, 3]] in found
    assert patched([1, 2], changes([1, 2], [3])) == [3]
