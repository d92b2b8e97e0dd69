"""Golden playthroughs: replay each recorded game and compare every observation with the file.

A failure names the game, the action and each field that differs. When a change to the rules,
the data, the adventures or the views is meant, run make_golden.py and review the diff of
golden/*.json.
"""

import pytest

from tests.golden import check

from .make_golden import FOLDER, GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    state = check(FOLDER / f"{name}.json")
    assert state.is_terminal() and state.result in ("win", "loss")
