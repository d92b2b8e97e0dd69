"""Journey to Mordor: rules, components, views and the heuristics lent to the agents."""

from middleearth.games.mordor.actions import Keep, Reroll, Roll
from middleearth.games.mordor.game import MordorGame
from middleearth.games.mordor.state import MordorState, Sheet

GAME = MordorGame

__all__ = ["GAME", "Keep", "MordorGame", "MordorState", "Reroll", "Roll", "Sheet"]
