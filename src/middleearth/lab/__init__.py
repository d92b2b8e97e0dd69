"""The lab: many games played by agents, summarised with confidence intervals, written and plotted.

>>> from middleearth.lab import simulate, summarize
>>> rows = simulate("mordor", {"players": 2}, "random", games=20, seed=7, backend="inline")
>>> summarize(rows).games
20
"""

from middleearth.lab.simulate import BACKENDS, Row, check_agents, derive_seed, play_game, simulate
from middleearth.lab.stats import Estimate, Summary, mean_ci, summarize, wilson

__all__ = [
    "BACKENDS", "Estimate", "Row", "Summary", "check_agents", "derive_seed", "mean_ci",
    "play_game", "simulate", "summarize", "wilson",
]
