"""The figures the lab records for each finished game of the Trivia Game.

How long the race ran (turns, and rounds: turns per player, the measure of docs/trivia.md), how
far each hobbit got, and how the turns were spent: questions answered, lingering, helps played.
Each seat's knowledge and strategy (``knowledge_0``, ``strategy_0``, ... and the winner's) come
from the match's options, so the lab's rows can be grouped by them. An agent's own parameters
(``greedy:strategy=bold``) do not reach these figures, which see only the finished state: for lab
runs set knowledge and strategy with the options (``-o strategy=bold,careful``).
"""

from __future__ import annotations

from typing import Any

from middleearth.games.trivia.state import TriviaState


def figures(state: TriviaState) -> dict[str, Any]:
    players = state.game.num_players
    texts = [str(action) for action in state.history]
    result: dict[str, Any] = {
        "turns": state.turns,
        "rounds": round(state.turns / players, 2),
        "won": state.winner is not None,
        "winner_knowledge": state.game.knowledge[state.winner] if state.winner is not None else "none",
        "winner_strategy": state.game.strategies[state.winner] if state.winner is not None else "none",
        "positions": list(state.positions),
        "answers": sum(text.startswith("answer ") for text in texts),
        "lingers": texts.count("linger"),
        "helps_played": sum(text.startswith("play ") for text in texts),
    }
    # One text per seat (the lab's tables take lists of numbers only), named as the rows name
    # per-seat columns.
    for seat in range(players):
        result[f"knowledge_{seat}"] = state.game.knowledge[seat]
        result[f"strategy_{seat}"] = state.game.strategies[seat]
    return result
