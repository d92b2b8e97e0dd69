"""The Lord of the Rings, the cooperative game by Reiner Knizia: rules, components, views and the
heuristics lent to the agents."""

from middleearth.games.fellowship.actions import Move
from middleearth.games.fellowship.game import FellowshipGame
from middleearth.games.fellowship.state import FellowshipState

GAME = FellowshipGame

__all__ = ["GAME", "FellowshipGame", "FellowshipState", "Move"]
