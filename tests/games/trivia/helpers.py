"""Small tools for the Trivia Game's tests: put a hobbit somewhere with chosen chips, draw chosen
cards, answer right or wrong by the card (as a test may; an agent may not)."""

from __future__ import annotations

import middleearth
from middleearth.games.trivia.state import TriviaState


def new(players: int = 2, **options) -> TriviaState:
    return middleearth.load("trivia", players=players, **options).new_state()


def place(state: TriviaState, seat: int, location: str, ring: int = 0, combat: int = 0, travel: int = 0) -> None:
    """``seat`` stands on ``location`` at the start of its turn, holding exactly these chips."""
    where = state.components.locations.index(location)
    for kind, n in enumerate((ring, combat, travel)):
        state.supply[kind] += state.chips[seat][kind] - n
        state.chips[seat][kind] = n
    state.positions[seat] = where
    state.active = seat
    state.turn_start = where
    state.phase = "decide"


def where(state: TriviaState, seat: int = 0) -> str:
    return state.components.locations[state.positions[seat]]


def play(state: TriviaState, *actions: str) -> TriviaState:
    for action in actions:
        state.apply(action)
    return state


def card_with(state: TriviaState, number: int = 1, reward: str | None = None, not_reward: str | None = None) -> str:
    """A question card of the match whose question ``number`` carries ``reward`` (or any reward but
    ``not_reward``), still in the box."""
    for index in state.deck:
        card = state.game.cards[index]
        got = card.question[number - 1].reward
        if (reward is None or got == reward) and (not_reward is None or got != not_reward):
            return card.id
    raise LookupError(f"no card with reward {reward} on question {number}")


def right(state: TriviaState) -> str:
    """The answer action that is right, read from the hidden keys (a test may look)."""
    correct = state.keys[state.qnumber][0]
    return f"answer {state.shown.index(correct) + 1}"


def wrong(state: TriviaState) -> str:
    correct = state.keys[state.qnumber][0]
    return f"answer {next(k for k, i in enumerate(state.shown, start=1) if i != correct)}"


def ask(state: TriviaState, number: int = 1, reward: str | None = None, not_reward: str | None = "die") -> None:
    """Draw a question card (by default one whose reward is chips) and pick question ``number``."""
    state.apply(f"card {card_with(state, number, reward, not_reward)}")
    if state.phase == "choose":
        state.apply(f"question {number}")
    elif state.phase == "ask":
        state.apply(f"ask {number}")


def chips(state: TriviaState, seat: int = 0) -> tuple[int, int, int]:
    return state.held(seat)
