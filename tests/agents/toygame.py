"""Two-suit tricks: a small hidden-hand card game for testing search that must not peek.

Twelve cards, red and blue, ranked 1 to 6. Chance deals four to each of two seats, one card at a
time; the other four stay face down in the deck. The leader plays any card, then the other seat
plays any card: a higher card of the led suit takes the trick, anything else leaves it to the
leader. The taker scores the ranks of both cards, draws first (the other seat second) while the
deck lasts, and leads next. Once every card is played, more points wins (a tie gives each half).

Each seat sees its own hand, every card played, the scores and how many cards the other seat
holds; ``resample`` re-deals only the cards that seat has not seen. Strategy matters a great
deal: take tricks as cheaply as possible, throw your lowest card under those you cannot take,
and lead where the other hand is unlikely to beat you (the greedy policy wins about 78% against
random play, information-set MCTS nearly 90%).

The game is not in the registry; tests add it for a while with ``registered()``.
"""

from __future__ import annotations

import functools
import random
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from middleearth.core import registry
from middleearth.core.contract import CHANCE, TERMINAL, Action, Game, State
from middleearth.core.errors import IllegalAction
from middleearth.core.heuristics import Heuristics
from middleearth.core.options import Option

SUITS = "rb"
RANKS = 6
CARDS = tuple(range(len(SUITS) * RANKS))
HAND_SIZE = 4


def suit(card: int) -> int:
    return card // RANKS


def rank(card: int) -> int:
    return card % RANKS + 1


def card_text(card: int) -> str:
    return f"{SUITS[suit(card)]}{rank(card)}"


def parse_card(text: str) -> int:
    if len(text) == 2 and text[0] in SUITS and text[1].isdigit() and 1 <= int(text[1]) <= RANKS:
        return SUITS.index(text[0]) * RANKS + int(text[1]) - 1
    raise IllegalAction(f"{text!r} is not a card: a card is a suit (r or b) and a rank 1 to {RANKS}, like r5")


@dataclass(frozen=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return f"play {card_text(self.card)}"


@dataclass(frozen=True)
class Draw(Action):
    """Chance: the next card off the deck, to the seat whose turn it is to receive one."""

    card: int

    def __str__(self) -> str:
        return f"draw {card_text(self.card)}"


class TricksGame(Game):
    name = "toy-tricks"
    title = "Two-suit tricks (test game)"
    summary = "a two-seat trick-taking game with hidden hands, for testing the agents"
    options_spec = (Option("players", 2, "seats (always two)", kind="int", minimum=2, maximum=2),)
    hidden_information = True

    def new_state(self) -> "TricksState":
        return TricksState(self)

    def parse_action(self, text: str) -> Action:
        verb, _, card = text.strip().partition(" ")
        kinds = {"play": Play, "draw": Draw}
        if verb not in kinds:
            raise IllegalAction(f"{text!r} is not an action: actions are 'play <card>' and 'draw <card>'")
        return kinds[verb](parse_card(card.strip()))

    def heuristics(self) -> Heuristics:
        return TricksHeuristics()


class TricksState(State):
    def __init__(self, game: Game):
        super().__init__(game)
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = list(CARDS)  # face down, in no order: a draw is chance's pick
        self.receivers: list[int] = [0, 1] * HAND_SIZE  # seats owed a card, in the order they get it
        self.leader = 0
        self.trick: list[int] = []
        self.played: list[int] = []
        self.points = [0, 0]
        self.draw_receivers: dict[int, int] = {}  # history index of each draw: the seat that got the card

    # -- rules -----------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.receivers:
            return CHANCE
        if not self.hands[0] and not self.hands[1]:
            return TERMINAL
        return self.leader if not self.trick else 1 - self.leader

    def _legal_actions(self) -> list[Action]:
        return [Play(card) for card in self.hands[self.current_player]]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Draw(card), 1 / len(self.deck)) for card in self.deck]

    def _is_chance_outcome(self, action: Action) -> bool:
        return isinstance(action, Draw) and action.card in self.deck

    def _sample_chance(self, rng: random.Random) -> Action:
        return Draw(rng.choice(self.deck))

    def _illegal_reason(self, action: Action) -> str | None:
        if not isinstance(action, Play):
            return f"{action} is chance's move: a seat plays a card from its hand"
        hand = self.hands[self.current_player]
        if action.card not in hand:
            return f"{card_text(action.card)} is not in your hand"
        return None

    def _apply(self, action: Action) -> None:
        if isinstance(action, Draw):
            self.deck.remove(action.card)
            self.draw_receivers[len(self.history)] = self.receivers[0]
            self.hands[self.receivers.pop(0)].append(action.card)
            self.hands[0].sort()
            self.hands[1].sort()
            return
        assert isinstance(action, Play)
        self.hands[self.current_player].remove(action.card)
        self.trick.append(action.card)
        self.played.append(action.card)
        if len(self.trick) == 2:
            led, answer = self.trick
            taker = self.leader if suit(answer) != suit(led) or rank(led) > rank(answer) else 1 - self.leader
            self.points[taker] += rank(led) + rank(answer)
            self.leader = taker
            self.trick = []
            if self.deck:
                self.receivers = [taker, 1 - taker]

    def returns(self) -> list[float]:
        if self.current_player != TERMINAL:
            return [0.0, 0.0]
        if self.points[0] == self.points[1]:
            return [0.5, 0.5]
        return [1.0, 0.0] if self.points[0] > self.points[1] else [0.0, 1.0]

    # -- what each seat knows ---------------------------------------------------------------------

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        seen: dict[str, Any] = {
            "hand_sizes": [len(hand) for hand in self.hands],
            "deck_size": len(self.deck),
            "played": [card_text(card) for card in self.played],
            "trick": [card_text(card) for card in self.trick],
            "leader": self.leader,
            "points": list(self.points),
        }
        if seat is not None:
            seen["seat"] = seat
            seen["hand"] = [card_text(card) for card in self.hands[seat]]
        return seen

    def log_text(self, index: int, seat: int | None) -> str | None:
        """A draw is seen only by the seat that got the card; every play is public."""
        action = self.history[index]
        if isinstance(action, Draw) and seat != self.draw_receivers[index]:
            return None
        return str(action)

    def text(self, seat: int | None = None) -> str:
        seen = self.observation(seat)
        hand = f"your hand: {' '.join(seen['hand'])}; " if seat is not None else ""
        return f"{hand}trick: {' '.join(seen['trick']) or '-'}; points {seen['points']}"

    def resample(self, seat: int, rng: random.Random) -> "TricksState":
        """The other hand and the deck dealt again from the cards ``seat`` has not seen.

        The draws of the other hand's cards in the history are rewritten to match, so the
        resampled state's record replays to it.
        """
        other = self.clone()
        unseen = sorted(set(CARDS) - set(self.hands[seat]) - set(self.played))
        rng.shuffle(unseen)
        held = self.hands[1 - seat]
        dealt = dict(zip(held, unseen[:len(held)]))
        other.hands[1 - seat] = sorted(dealt.values())
        other.deck = sorted(unseen[len(held):])
        other.history = [Draw(dealt[a.card]) if isinstance(a, Draw) and a.card in dealt else a
                         for a in self.history]
        return other

    def key(self) -> Any:
        return (tuple(map(tuple, self.hands)), tuple(sorted(self.deck)), tuple(self.receivers), self.leader,
                tuple(self.trick), tuple(self.played), tuple(self.points))

    def clone(self) -> "TricksState":
        other = TricksState.__new__(TricksState)
        other.game = self.game
        other.history = list(self.history)
        other.movers = list(self.movers)
        other.hands = [list(hand) for hand in self.hands]
        other.deck = list(self.deck)
        other.receivers = list(self.receivers)
        other.leader = self.leader
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.points = list(self.points)
        other.draw_receivers = dict(self.draw_receivers)
        return other


class TricksHeuristics(Heuristics):
    """A sensible player: take a trick as cheaply as possible, else throw the lowest card."""

    def evaluate(self, state: State, seat: int) -> float:
        if state.is_terminal():
            return state.returns()[seat]
        mine, theirs = state.points[seat], state.points[1 - seat]  # type: ignore[attr-defined]
        return 0.5 + (mine - theirs) / (2 * 2 * RANKS * (RANKS + 1))

    def policy(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        trick = state.trick  # type: ignore[attr-defined]
        if trick:
            winners = [a for a in legal if suit(a.card) == suit(trick[0]) and rank(a.card) > rank(trick[0])]
            if winners:
                return min(winners, key=lambda a: rank(a.card))
        return min(legal, key=lambda a: rank(a.card)) if trick else max(legal, key=lambda a: rank(a.card))

    def turn_key(self, state: State) -> Any:
        return len(state.played) // 2  # type: ignore[attr-defined]


class HiddenRead(AssertionError):
    """An agent read what its seat may not know."""


HIDDEN_FIELDS = frozenset({"hands", "deck", "history"})  # the history holds chance's draws


def _opened(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` of a sealed state, allowed to read the hidden fields while it runs."""

    @functools.wraps(method)
    def run(self: "SealedState", *args: Any, **kwargs: Any) -> Any:
        object.__setattr__(self, "_opened_calls", object.__getattribute__(self, "_opened_calls") + 1)
        try:
            return method(self, *args, **kwargs)
        finally:
            object.__setattr__(self, "_opened_calls", object.__getattribute__(self, "_opened_calls") - 1)

    return run


class SealedState(TricksState):
    """The real state as a fair agent should meet it: reading a hand, the deck or the raw history
    raises HiddenRead, except inside the calls a fair agent may make (``observation``, ``log_text``,
    ``resample``, ``current_player``, ``legal_actions`` at its own turn) and ``apply`` (the table's)."""

    _opened_calls = 0

    def __getattribute__(self, name: str) -> Any:
        if name in HIDDEN_FIELDS and not object.__getattribute__(self, "_opened_calls"):
            raise HiddenRead(f"an agent read the hidden field {name!r} of the real state")
        return object.__getattribute__(self, name)

    current_player = property(_opened(TricksState.current_player.fget))  # type: ignore[arg-type]
    log_text = _opened(TricksState.log_text)  # the public history, as the seat saw it
    legal_actions = _opened(TricksState.legal_actions)
    observation = _opened(TricksState.observation)
    resample = _opened(TricksState.resample)
    apply = _opened(TricksState.apply)


def sealed(state: TricksState) -> SealedState:
    """A copy of ``state`` whose hidden fields only the fair calls may read."""
    copy = SealedState.__new__(SealedState)
    copy.__dict__.update(state.clone().__dict__)
    return copy


@contextmanager
def registered() -> Iterator[type[TricksGame]]:
    """The toy game in the registry for the duration, so records of it replay."""
    classes = registry._game_classes()
    classes[TricksGame.name] = TricksGame
    try:
        yield TricksGame
    finally:
        classes.pop(TricksGame.name, None)
