"""Rates and means with 95% confidence intervals, and the summary of a run of games.

Rates use the Wilson score interval: unlike the textbook ``p ± 1.96·sqrt(p(1-p)/n)`` it stays
inside [0, 1] and is honest for rare events (an all-lost rate of 2 games in 1000). Means use the
normal approximation, which is sound for the thousands of games the lab plays.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from middleearth.lab.simulate import Row

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return self.text()

    def text(self, digits: int = 3) -> str:
        return f"{self.value:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"

    def percent(self) -> str:
        return f"{100 * self.value:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def wilson(successes: int, trials: int, z: float = Z95) -> Estimate:
    """The share ``successes / trials`` with its Wilson score interval.

    >>> str(wilson(50, 100))
    '0.500 [0.404, 0.596]'
    """
    if trials <= 0:
        raise ValueError("a rate needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials is impossible")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean with a normal-approximation interval (zero width for fewer than two values)."""
    n = len(values)
    if n == 0:
        raise ValueError("a mean needs at least one value")
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, mean, mean)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


@dataclass(frozen=True)
class Spread:
    """How a numeric figure spread over the games: its least, quartiles and greatest values."""

    low: float
    q1: float
    median: float
    q3: float
    high: float

    def text(self) -> str:
        return " · ".join(f"{v:g}" for v in (self.low, self.q1, self.median, self.q3, self.high))


def spread(values: Sequence[float]) -> Spread:
    """The five-number summary of ``values`` (quartiles by linear interpolation).

    >>> spread([1, 2, 3, 4, 5]).text()
    '1 · 2 · 3 · 4 · 5'
    """
    if not values:
        raise ValueError("a spread needs at least one value")
    ordered = sorted(values)

    def at(fraction: float) -> float:
        position = fraction * (len(ordered) - 1)
        below = math.floor(position)
        above = min(below + 1, len(ordered) - 1)
        return ordered[below] + (ordered[above] - ordered[below]) * (position - below)

    return Spread(ordered[0], at(0.25), at(0.5), at(0.75), ordered[-1])


def is_cooperative(rows: Sequence[Row]) -> bool:
    """A game whose seats always score alike (a party that wins or loses together), as the
    rows show it: more than one seat, and equal returns in every game."""
    return len(rows[0].returns) > 1 and all(len(set(row.returns)) == 1 for row in rows)


PARTY_WIN_FIGURE = "won"  # a game's own yes/no figure for "the party won", when it lends one
WIN_LOSS_SCALE = {-1.0, 0.0, 1.0}  # returns that say loss, draw or win (not a score)


def party_won(row: Row) -> bool | None:
    """The party won: the game's ``won`` figure when it lends one; else a shared return of 1 on a
    win/loss scale; None when the returns are a score that says nothing of winning."""
    won = row.figures.get(PARTY_WIN_FIGURE)
    if isinstance(won, bool):
        return won
    if row.returns[0] in WIN_LOSS_SCALE:
        return row.returns[0] > 0
    return None


@dataclass(frozen=True)
class Summary:
    """What a run of games shows: per seat, the game as a whole, and the game's own figures.

    ``seat_figures[name][seat]`` is the mean of a per-seat figure; ``rates`` hold yes/no figures,
    ``means`` the numeric ones and ``spreads`` how they spread; ``shares[name][value]`` the share
    of games in which a text figure (an outcome, a place, an event) took that value, most frequent
    first. In a cooperative game (every seat's return equal in every game) ``party_score`` is the
    mean shared return and ``party_wins`` the share of games the party won (None when the game's
    returns are a score and it lends no ``won`` figure); the per-seat win shares say nothing more.
    """

    games: int
    wins: list[Estimate]
    no_winner: Estimate
    actions: Estimate
    turns: Estimate
    rates: dict[str, Estimate]
    means: dict[str, Estimate]
    seat_figures: dict[str, list[Estimate]]
    shares: dict[str, dict[str, Estimate]] = field(default_factory=dict)
    spreads: dict[str, Spread] = field(default_factory=dict)
    cooperative: bool = False
    party_wins: Estimate | None = None
    party_score: Estimate | None = None


def summarize(rows: Sequence[Row]) -> Summary:
    """The summary of ``rows`` (at least one). A shared win counts as a win for each sharer."""
    if not rows:
        raise ValueError("nothing to summarize: no games were played")
    n = len(rows)
    seats = len(rows[0].returns)
    rates: dict[str, Estimate] = {}
    means: dict[str, Estimate] = {}
    seat_figures: dict[str, list[Estimate]] = {}
    shares: dict[str, dict[str, Estimate]] = {}
    spreads: dict[str, Spread] = {}
    for name, value in rows[0].figures.items():
        column = [row.figures[name] for row in rows]
        if isinstance(value, bool):
            rates[name] = wilson(sum(map(bool, column)), n)
        elif isinstance(value, str):
            counts = Counter(map(str, column))
            shares[name] = {text: wilson(count, n) for text, count in counts.most_common()}
        elif isinstance(value, (list, tuple)):
            seat_figures[name] = [mean_ci([v[s] for v in column]) for s in range(seats)]
        else:
            means[name] = mean_ci(column)
            spreads[name] = spread(column)
    cooperative = is_cooperative(rows)
    return Summary(
        games=n,
        wins=[wilson(sum(seat in row.winners for row in rows), n) for seat in range(seats)],
        no_winner=wilson(sum(not row.winners for row in rows), n),
        actions=mean_ci([row.actions for row in rows]),
        turns=mean_ci([row.turns for row in rows]),
        rates=rates,
        means=means,
        seat_figures=seat_figures,
        shares=shares,
        spreads=spreads,
        cooperative=cooperative,
        party_wins=_party_wins(rows) if cooperative else None,
        party_score=mean_ci([row.returns[0] for row in rows]) if cooperative else None,
    )


def _party_wins(rows: Sequence[Row]) -> Estimate | None:
    won = [party_won(row) for row in rows]
    return None if None in won else wilson(sum(map(bool, won)), len(rows))
