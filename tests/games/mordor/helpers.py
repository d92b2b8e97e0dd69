"""Setting up Journey to Mordor tables for the rule tests, through the public contract.

Dice are named by colour. With the default hobbits: Frodo yellow, Sam red, Merry blue,
Pippin green; the black die belongs to nobody and carries the White Tree.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

import middleearth
from middleearth.games.mordor import MordorState, Sheet
from middleearth.games.mordor.components import PACKAGE, load_components

# A turn with no effect at all: the White Tree ends it with only a Fellowship member kept.
QUIET_TURN = ("roll yellow:fellowship red:fellowship blue:fellowship green:fellowship black:tree",
              "keep yellow:fellowship black:tree")

# Ring-route spaces (sheet.ring) where each location starts, read from data/routes.toml so the
# tests follow the design values (docs/mordor.md#design-values) rather than fix them.
_PARTS = load_components()
RIVENDELL, MORIA, LOTHLORIEN, ROHAN, HELMS_DEEP, GONDOR, MINAS_TIRITH, SHELOB, MORDOR = (
    _PARTS.locations.index(name) for name in ("Rivendell", "Moria", "Lothlórien", "Rohan", "Helm's Deep",
                                              "Gondor", "Minas Tirith", "Shelob's Lair", "Mordor"))
NAZGUL_SPACES = _PARTS.nazgul_spaces
GOAL = _PARTS.goal
ALL_SPLIT = (1 << NAZGUL_SPACES) - 1  # Sheet.splits once Gandalf has split every space


def table(players: int = 2, variant: str = "basic", hobbits: str = "", data: str | None = None) -> MordorState:
    """A new state, at the first roll of the first seat."""
    return _game(players, variant, hobbits, data).new_state()


@cache
def _game(players: int, variant: str, hobbits: str, data: str | None) -> middleearth.Game:
    # A game is immutable, so the property tests share one instead of reading the data each time.
    return middleearth.load("mordor", players=players, variant=variant, hobbits=hobbits, data=data)


def play(state: MordorState, *texts: str) -> MordorState:
    """Apply action texts in order (rolls for chance, keeps and rerolls for the player)."""
    for text in texts:
        state.apply(text)
    return state


def sheets(state: MordorState) -> list[Sheet]:
    return list(state.sheets)


def refused(state: MordorState, text: str) -> middleearth.IllegalAction:
    """The IllegalAction raised by ``text``, after checking that the state did not change."""
    before = state.clone()
    try:
        state.apply(text)
    except middleearth.IllegalAction as error:
        assert state == before and state.history == before.history
        return error
    raise AssertionError(f"{text!r} was accepted")


def user_data(folder: Path, filename: str, old: str = "", new: str = "") -> str:
    """A user's data folder holding the packaged ``filename`` with ``old`` replaced by ``new``."""
    text = resources.files(PACKAGE).joinpath("data", filename).read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {filename}"
    (folder / filename).write_text(text.replace(old, new), encoding="utf-8")
    return str(folder)
