"""Golden playthroughs: replay each recorded game and compare every observation with the file.

A failure names the game, the action and each field that differs. When a change to the rules
or the views is meant, run make_golden.py and review the diff of golden/*.json.
"""

import pytest

from tests.golden import changes, check, patched

from .make_golden import FOLDER, GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    state = check(FOLDER / f"{name}.json")
    assert state.is_terminal() and state.winners


def test_changes_and_patched_are_inverse():
    old = {"a": [1, {"b": 2}], "c": None, "log": [1]}
    new = {"a": [1, {"b": 3}, 4], "c": {"d": 1}, "log": [1, 2, 3]}
    found = changes(old, new)
    assert patched(old, found) == new and old["log"] == [1]
    assert [["log", "+"], [2, 3]] in found
    assert patched([1, 2], changes([1, 2], [3])) == [3]
