"""The Lord of the Rings Trivia Game (2003): rules, components, question packs, views and the
heuristics lent to the agents.

``questions`` reads, checks, imports and exports question packs; the packaged pack
``middleearth`` lives in ``data/questions/``. The board, location cards, event tiles, chips and
die are in ``data/*.toml`` (docs/trivia.md says where each value comes from).
"""

from middleearth.games.trivia.actions import Move
from middleearth.games.trivia.game import TriviaGame
from middleearth.games.trivia.state import TriviaState

GAME = TriviaGame

__all__ = ["GAME", "Move", "TriviaGame", "TriviaState"]
