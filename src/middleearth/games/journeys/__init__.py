"""Journeys in Middle-earth: the table (heroes, cards, items, enemies; table.py), the world (map
tiles and adventures; hexmap.py, adventure.py) and the rules engine (state.py) that plays an
adventure from setup to its end. docs/journeys.md lists the rules covered and those still to come.
"""

from middleearth.games.journeys.actions import Move
from middleearth.games.journeys.game import JourneysGame
from middleearth.games.journeys.state import JourneysState

GAME = JourneysGame

__all__ = ["GAME", "JourneysGame", "JourneysState", "Move"]
