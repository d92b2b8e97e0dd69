"""Exact odds of every choice on the table: what the rest of the turn brings, by full enumeration.

For the roll in front of the player, each legal choice gets the exact distribution of the turn's
outcome (every later roll weighed by its probability, no sampling) when the rest of the turn is
played by the expectimax agent: the spaces advanced, the Nazgûl marks the roller takes, the marks
rivals take, the chance the turn ends by the White Tree, and the choice's value (the evaluation's
estimate of the roller's chance to win once the turn is over).

>>> import random, middleearth
>>> from middleearth.games.mordor.odds import decision_odds
>>> state = middleearth.load("mordor", players=2).new_state()
>>> state.apply(middleearth.sample_chance(state, random.Random(7)))
>>> rows = decision_odds(state)
>>> abs(sum(rows[0].advance.values()) - 1) < 1e-9
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from middleearth.core.contract import Action
from middleearth.core.errors import MiddleEarthError
from middleearth.games.mordor.solver import NOBODY
from middleearth.games.mordor.views import SYMBOL_GLYPHS

if TYPE_CHECKING:
    from middleearth.games.mordor.state import MordorState

BARS = " ▁▂▃▄▅▆▇█"


@dataclass
class ChoiceOdds:
    """One legal choice and the exact distribution of its turn's outcome (probabilities by count)."""

    action: Action
    value: float  # the roller's estimated chance to win once the turn is over
    advance: dict[int, float] = field(default_factory=dict)  # spaces on the Ring-bearer's route
    marks_on_you: dict[int, float] = field(default_factory=dict)  # Nazgûl that hit the roller
    marks_on_rivals: dict[int, float] = field(default_factory=dict)  # Nazgûl that hit rivals
    white_tree: float = 0.0  # chance the turn ends by setting aside the White Tree
    best: bool = False  # the choice the expectimax agent plays

    @property
    def text(self) -> str:
        return str(self.action)

    def mean(self, distribution: dict[int, float]) -> float:
        return sum(count * p for count, p in distribution.items())


def decision_odds(state: "MordorState") -> list[ChoiceOdds]:
    """Every legal choice of the decision on the table with its exact odds, best value first.

    Raises MiddleEarthError when no player has a roll in front of them (dice to roll, or the
    game is over).
    """
    if state.is_terminal() or state.is_chance_node():
        raise MiddleEarthError("no decision on the table: odds are for a roll waiting to be set aside"
                               + (" (the game is over)" if state.is_terminal() else " (roll the dice first)"))
    heuristics = state.game.heuristics()
    solver = heuristics.solver
    seat = state.current_player
    graph, nodes = solver.choice_nodes(state)
    _, values = solver.values(state, seat)
    outcomes = list(graph.outcomes)
    goal_left = state.parts.goal - state.sheets[seat].ring
    rows = []
    for action, node in zip(state.legal_actions(), nodes):
        odds = ChoiceOdds(action, float(values[node]))
        for leaf, p in enumerate(graph.reach(node, values).tolist()):
            if p <= 0.0:
                continue
            code = int(graph.leaf_codes[leaf])
            outcome = outcomes[graph.leaf_outcome[leaf]]
            on_you = outcome.nazgul.count(0)  # targets count from the roller: 0 is the roller
            on_rivals = sum(1 for target in outcome.nazgul if target not in (0, NOBODY))
            _add(odds.advance, min(outcome.advance, goal_left), p)
            _add(odds.marks_on_you, on_you, p)
            _add(odds.marks_on_rivals, on_rivals, p)
            odds.white_tree += p * graph.count(code, "tree")
        rows.append(odds)
    best = max(rows, key=lambda row: row.value)  # first of the best, as the agent picks
    best.best = True
    return sorted(rows, key=lambda row: -row.value)


def _add(distribution: dict[int, float], count: int, p: float) -> None:
    distribution[count] = distribution.get(count, 0.0) + p


def odds_table(state: "MordorState") -> Group:
    """The odds of the decision on the table as a Rich table, best choice first and marked.

    Each distribution is a bar per count (0, 1, 2, ...) with its mean; percentages are exact
    figures rounded for reading.
    """
    rows = decision_odds(state)
    names = state.game.seat_names()
    seat = state.current_player
    top = max(max(row.advance) for row in rows)
    marks_top = max(max(max(row.marks_on_you), max(row.marks_on_rivals)) for row in rows)
    table = Table(title=f"Odds for {names[seat]}: the rest of the turn played by expectimax",
                  caption="value: estimated chance to win after the turn. Bars: one per count, "
                  f"0 to {top} spaces, 0 to {marks_top} marks; then the mean and the likeliest count.",
                  header_style="bold")
    table.add_column("", width=1, style="bold green")
    table.add_column("choice")
    table.add_column("value", justify="right")
    table.add_column("spaces advanced", justify="left")
    table.add_column("marks on you", justify="left")
    table.add_column("marks on rivals", justify="left")
    table.add_column("White Tree", justify="right")
    for row in rows:
        style = "bold green" if row.best else ""
        table.add_row(
            "★" if row.best else "",
            _choice_text(row.action),
            Text(f"{row.value:.1%}", style=style),
            _bar(row, row.advance, top),
            _bar(row, row.marks_on_you, marks_top),
            _bar(row, row.marks_on_rivals, marks_top),
            f"{row.white_tree:.0%}" if row.white_tree else "-",
        )
    return Group(table)


def _choice_text(action: Action) -> Text:
    """The dice of a choice, each face written in its die's colour."""
    dice = getattr(action, "dice", None)
    if dice is None:
        return Text(str(action), style="bold")
    text = Text()
    for colour, face in dice:
        style = "bold white on grey30" if colour == "black" else f"bold {colour}"
        text.append(SYMBOL_GLYPHS.get(face, face), style=style)
        text.append(" ")
    return text


def _bar(row: ChoiceOdds, distribution: dict[int, float], top: int) -> Text:
    """A bar per count from 0 to ``top`` (height by probability) and the mean."""
    bars = "".join(BARS[round(distribution.get(count, 0.0) * (len(BARS) - 1))] for count in range(top + 1))
    likeliest = max(distribution, key=lambda count: distribution[count])
    text = Text(bars, style="cyan")
    text.append(f" {row.mean(distribution):.2f}", style="bold")
    text.append(f" {likeliest}:{distribution[likeliest]:.0%}", style="dim")
    return text
