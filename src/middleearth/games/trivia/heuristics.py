"""Placeholder replaced below."""
from middleearth.core.heuristics import Heuristics


class TriviaHeuristics(Heuristics):
    def __init__(self, knowledge=(), strategies=()):
        pass
