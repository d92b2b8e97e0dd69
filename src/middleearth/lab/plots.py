"""PNG plots of a run of games, drawn with matplotlib's Agg backend (no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import matplotlib

matplotlib.use("Agg")  # files only: works on servers and in tests without a display

import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

from middleearth.lab.simulate import Row  # noqa: E402
from middleearth.lab.stats import Estimate, Summary  # noqa: E402


def write_plots(rows: Sequence[Row], summary: Summary, seat_names: Sequence[str], folder: Path,
                title: str) -> list[Path]:
    """Win share per seat (the party's wins and losses in a cooperative game), game length, the
    game's rates, its text figures and the spread of its numeric figures, as PNG files in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    if summary.party_wins is not None:
        wins = summary.party_wins
        lost = Estimate(1 - wins.value, max(0.0, 1 - wins.high), min(1.0, 1 - wins.low))
        shares = _bars(folder / "win_share.png", f"{title}: the party's result (95% CI)",
                       ["party wins", "party loses"], [wins, lost], "share of games")
    else:
        shares = _bars(folder / "win_share.png", f"{title}: win share per seat (95% CI)",
                       list(seat_names) + ["no winner"], summary.wins + [summary.no_winner], "share of games")
    written = [shares, _histogram(folder / "length.png", f"{title}: game length", [row.turns for row in rows])]
    if summary.rates:
        written.append(_bars(folder / "rates.png", f"{title}: how often (95% CI)",
                             [name.replace("_", " ") for name in summary.rates],
                             list(summary.rates.values()), "share of games"))
    for name, shares in summary.shares.items():  # text figures: the most frequent values, one plot each
        top = list(shares.items())[:SHOWN_SHARES]
        written.append(_bars(folder / f"shares_{name}.png", f"{title}: {name.replace('_', ' ')} (95% CI)",
                             [text.replace("_", " ") for text, _ in top], [e for _, e in top], "share of games",
                             rotate=len(top) > 3))
    if summary.means:  # numeric figures: how they spread over the games, one small plot each in one file
        written.append(_spreads(folder / "spreads.png", title,
                                {name: [row.figures[name] for row in rows] for name in summary.means}))
    return written


SHOWN_SHARES = 8


def _bars(path: Path, title: str, labels: list[str], estimates: list[Estimate], ylabel: str,
          rotate: bool = False) -> Path:
    figure, axes = plt.subplots(figsize=(7, 4))
    values = [e.value for e in estimates]
    # Rounding can put a bound a hair past its value (1 - 0.0 beside 1 - 1e-17): never a negative bar.
    errors = [[max(0.0, e.value - e.low) for e in estimates], [max(0.0, e.high - e.value) for e in estimates]]
    axes.bar(labels, values, yerr=errors, capsize=6, color="#6a8caf")
    axes.set_ylim(0, max(1e-9, max(e.high for e in estimates)) * 1.15)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if rotate:  # long texts (event names) read better slanted
        axes.tick_params(axis="x", labelrotation=35, labelsize=7)
        for label in axes.get_xticklabels():
            label.set_horizontalalignment("right")
    return _save(figure, path)


def _spreads(path: Path, title: str, columns: dict[str, list[float]]) -> Path:
    """One histogram per numeric figure, side by side in a grid (one file: cheaper than many)."""
    across = min(3, len(columns))
    down = -(-len(columns) // across)
    figure, grid = plt.subplots(down, across, figsize=(3.4 * across, 2.6 * down), squeeze=False)
    for axes, (name, values) in zip(grid.flat, columns.items()):
        _fill(axes, values, "#6aaf8c")
        axes.set_title(name.replace("_", " "), fontsize=9)
        axes.tick_params(labelsize=7)
    for axes in list(grid.flat)[len(columns):]:
        axes.set_visible(False)
    figure.suptitle(f"{title}: how the figures spread over the games", fontsize=10)
    return _save(figure, path)


def _fill(axes, values: list[float], color: str) -> None:
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values) and high - low <= 200:
        axes.hist(values, bins=range(int(low), int(high) + 2), color=color, align="left")
    else:  # fractions, or a wide range: let matplotlib choose the bins
        axes.hist(values, bins=20, color=color)


def _histogram(path: Path, title: str, values: list[float], label: str = "turns") -> Path:
    figure, axes = plt.subplots(figsize=(7, 4))
    _fill(axes, values, "#8f6aaf")
    axes.set_xlabel(label)
    axes.set_ylabel("games")
    axes.set_title(title)
    return _save(figure, path)


def _save(figure: plt.Figure, path: Path) -> Path:
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path
