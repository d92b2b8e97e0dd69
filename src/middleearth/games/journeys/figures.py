"""The figures the lab records for each finished adventure of Journeys in Middle-earth.

They answer a designer's questions: did the party win, how many rounds did it take, how full was
the threat bar at the end, what ended the adventure (``win``, ``threat``: the bar filled,
``defeat``: a hero fell, ``rounds``: the app's round cap), how far the story got, and how
battered each hero was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from middleearth.games.journeys.state import JourneysState


def figures(state: "JourneysState") -> dict[str, Any]:
    heroes = state.heroes
    return {
        "won": state.result == "win",
        "end_reason": state.end_reason or "unfinished",
        "rounds": state.round,
        "threat": state.threat,
        "objectives": state.objective,
        "heroes_defeated": sum(1 for h in heroes if h["defeated"]),
        "groups_left": len(state.groups),
        "tiles_unexplored": len(state.unexplored),
        "damage": [h["damage"] for h in heroes],
        "fear": [h["fear"] for h in heroes],
    }
