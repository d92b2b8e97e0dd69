"""The figures the lab records for each finished game of Journey to Mordor.

They are what the design values are tuned for (docs/mordor.md, "Design values"): how long a
game runs, how often a hobbit is eliminated, how often everyone loses, how far each ring got.
"""

from __future__ import annotations

from typing import Any

from middleearth.games.mordor.state import MordorState


def figures(state: MordorState) -> dict[str, Any]:
    seats = range(state.game.num_players)
    out = [state.eliminated(s) for s in seats]
    return {
        "turns": state.turns,
        "eliminations": sum(out),
        "any_eliminated": any(out),
        "all_lost": all(out),
        "ring": [state.sheets[s].ring for s in seats],
        "nazgul_marks": [state.sheets[s].marked for s in seats],
        "gandalf_splits": [state.sheets[s].splits.bit_count() for s in seats],
        "eliminated": [int(x) for x in out],
    }
