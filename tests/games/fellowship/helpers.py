"""Small tools for the rulebook tests: play chosen actions, deal chosen cards, start a Conflict."""

from __future__ import annotations

from collections import Counter

import middleearth
from middleearth.games.fellowship.state import FellowshipState


def new(players: int = 2, **options) -> FellowshipState:
    return middleearth.load("fellowship", players=players, **options).new_state()


def play(state: FellowshipState, *actions: str) -> FellowshipState:
    for action in actions:
        state.apply(action)
    return state


def deal_opening(state: FellowshipState, hands: dict[int, list[str]]) -> None:
    """Bag End's six cards each, chosen: ``hands[seat]`` lists six Quest card ids."""
    for seat in range(state.game.num_players):
        for card in hands[seat]:
            assert state.pending[-1] == ("deal", seat), state.pending[-1]
            state.apply(f"deal {card}")


def start_conflict(state: FellowshipState, board: str, hands: dict[int, list[str]] | None = None,
                   active: int = 0) -> FellowshipState:
    """Put the Fellowship at the start of ``board``'s first turn, hands as given (taken from the deck)."""
    from middleearth.games.fellowship.components import LOCATIONS

    for seat, cards in (hands or {}).items():
        state.deck += state.hands[seat]
        state.hands[seat] = Counter(cards)
        state.deck -= Counter(cards)
    state.location = LOCATIONS.index(board) - 1
    state.bearer = active
    state.active = active
    state.pending = [("travel",)]
    state._run()
    return state


def activity_tile(state: FellowshipState, activity: str) -> FellowshipState:
    """Reveal an activity tile for the active player and let every window pass."""
    state.apply(f"tile {activity}")
    pass_windows(state)
    return state


def pass_windows(state: FellowshipState) -> None:
    while state.pending and state.pending[-1][0] == "window":
        state.apply("pass")
