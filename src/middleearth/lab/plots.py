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
    """Win share per seat, game length, the game's rates and its text figures, as PNG files in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [
        _bars(folder / "win_share.png", f"{title}: win share per seat (95% CI)",
              list(seat_names) + ["no winner"], summary.wins + [summary.no_winner], "share of games"),
        _histogram(folder / "length.png", f"{title}: game length", [row.turns for row in rows]),
    ]
    if summary.rates:
        written.append(_bars(folder / "rates.png", f"{title}: how often (95% CI)",
                             [name.replace("_", " ") for name in summary.rates],
                             list(summary.rates.values()), "share of games"))
    for name, shares in summary.shares.items():  # text figures: the most frequent values, one plot each
        top = list(shares.items())[:SHOWN_SHARES]
        written.append(_bars(folder / f"shares_{name}.png", f"{title}: {name.replace('_', ' ')} (95% CI)",
                             [text.replace("_", " ") for text, _ in top], [e for _, e in top], "share of games",
                             rotate=len(top) > 3))
    return written


SHOWN_SHARES = 8


def _bars(path: Path, title: str, labels: list[str], estimates: list[Estimate], ylabel: str,
          rotate: bool = False) -> Path:
    figure, axes = plt.subplots(figsize=(7, 4))
    values = [e.value for e in estimates]
    errors = [[e.value - e.low for e in estimates], [e.high - e.value for e in estimates]]
    axes.bar(labels, values, yerr=errors, capsize=6, color="#6a8caf")
    axes.set_ylim(0, max(1e-9, max(e.high for e in estimates)) * 1.15)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if rotate:  # long texts (event names) read better slanted
        axes.tick_params(axis="x", labelrotation=35, labelsize=7)
        for label in axes.get_xticklabels():
            label.set_horizontalalignment("right")
    return _save(figure, path)


def _histogram(path: Path, title: str, turns: list[int]) -> Path:
    figure, axes = plt.subplots(figsize=(7, 4))
    low, high = min(turns), max(turns)
    axes.hist(turns, bins=range(low, high + 2), color="#8f6aaf", align="left")
    axes.set_xlabel("turns")
    axes.set_ylabel("games")
    axes.set_title(title)
    return _save(figure, path)


def _save(figure: plt.Figure, path: Path) -> Path:
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path
