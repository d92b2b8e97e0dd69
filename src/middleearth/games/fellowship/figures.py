"""The figures the lab records for each finished game of The Lord of the Rings.

They answer the balance questions of docs/fellowship-balance.md: was the Ring destroyed, how
far did the Fellowship get, what ended the quest, and how close each hobbit came to Sauron.
"""

from __future__ import annotations

from typing import Any

from middleearth.games.fellowship.components import LOCATIONS
from middleearth.games.fellowship.state import FellowshipState

# The Conflicts in the order they are played: how many were completed follows from where the
# game stopped (a Conflict is behind the Fellowship once it has travelled on from it).
CONFLICTS = ("moria", "helms_deep", "shelobs_lair", "mordor")


def figures(state: FellowshipState) -> dict[str, Any]:
    seats = range(state.game.num_players)
    here = LOCATIONS.index(state.location_id)
    completed = sum(1 for conflict in CONFLICTS if LOCATIONS.index(conflict) < here)
    if state.outcome == "destroyed":
        completed = len(CONFLICTS)
    return {
        "won": state.outcome == "destroyed",  # the lab's party win rate of a cooperative game
        "destroyed": state.outcome == "destroyed",
        "outcome": state.outcome or "unfinished",
        "score": state.returns()[0] if state.game.cooperative else state.track_score(),
        "location": state.location_id,
        "conflicts_completed": completed,
        "last_event": state.events_log[-1] if state.events_log else "none",
        "events": len(state.events_log),
        "sauron": state.sauron,
        "eliminated": [int(state.out[s]) for s in seats],
        "corruption": [state.corruption[s] for s in seats],
    }
