"""The game's knowledge lent to the generic agents (placeholder until the heuristic team-mate)."""

from middleearth.core.heuristics import Heuristics


class FellowshipHeuristics(Heuristics):
    pass
