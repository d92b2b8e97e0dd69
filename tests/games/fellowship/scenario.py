"""Setting up The Lord of the Rings at a chosen moment, for the rule tests.

A real game reaches a given event only after hundreds of chance outcomes, so these helpers build
the position directly: they start a game, overwrite the parts of the state a test names (hands,
tracks, corruption, runes, tokens...) and push the task the test wants to happen next on top of
the rest of an ordinary turn. From there on the test plays through the public contract
(``state.apply`` with action texts and chance outcomes it chooses).

Hands are taken out of the Quest deck, so ``deal CARD`` still means "the deck holds CARD".
Runes, Gandalf and green cards open out-of-turn windows; :func:`settle` passes them.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import middleearth
from middleearth.games.fellowship.components import ACTIVITIES, LOCATIONS
from middleearth.games.fellowship.state import FellowshipState

FRODO, SAM, PIPPIN, MERRY, FATTY = range(5)


@cache
def _game(players: int, options: tuple) -> middleearth.Game:
    # A game is immutable: tests share one instead of reading the data files again.
    return middleearth.load("fellowship", players=players, **dict(options))


def table(players: int = 3, **options) -> FellowshipState:
    """A new game, at its first chance move (Bag End's first card)."""
    return _game(players, tuple(sorted(options.items()))).new_state()


def _place(state: FellowshipState, hands, corruption, sauron, runes, tokens, bearer, active) -> None:
    n = state.game.num_players
    if hands is not None:
        state.deck = Counter(dict(state.game.components.quest_counts))
        state.hands = [Counter() for _ in range(n)]
        for seat, cards in enumerate(hands):
            for card in cards:
                if state.deck[card]:
                    state.deck[card] -= 1
                else:  # a Legendary card: it no longer waits at its location
                    location = state.game.components.cards[card].location
                    if card in state.waiting.get(location, []):
                        state.waiting[location].remove(card)
                state.hands[seat][card] += 1
        state.deck = +state.deck
    if corruption is not None:
        state.corruption = list(corruption)
    if sauron is not None:
        state.sauron = sauron
    state.runes = list(runes) if runes is not None else [0] * n
    state.tokens = [list(t) for t in tokens] if tokens is not None else [[0, 0, 0] for _ in range(n)]
    for i in range(3):
        held = sum(t[i] for t in state.tokens)
        state.supply[i] = dict(state.game.components.life_tokens)[("heart", "sun", "ring")[i]] - held
    state.bearer = bearer
    state.active = bearer if active is None else active


def conflict_state(board: str = "moria", players: int = 3, *, hands=None, positions=None, corruption=None,
                   sauron=None, runes=None, tokens=None, bearer: int = 0, active: int | None = None,
                   event: int = 0, ring_used: bool = True, tasks=(), **options) -> FellowshipState:
    """A state in the Conflict ``board`` during ``active``'s turn (the Ring-bearer's by default).

    hands: one list of card ids per seat (every hand empty by default). positions: {activity:
    space} on the board's tracks. tokens: one [heart, sun, ring] per seat. runes: one total per
    seat (none by default). ring_used: True keeps the Ring's window shut unless a test wants it.
    With no ``tasks`` the turn begins: chance reveals the first Story tile next. ``tasks`` (state
    tasks, first runs first) happen before the Play Cards step of the same turn.
    """
    state = table(players, **options)
    state.location = LOCATIONS.index(board)
    state.board = board
    state.positions = {a: 0 for a in ACTIVITIES}
    state.positions.update(positions or {})
    state.event = event
    state.story = Counter(dict(state.game.components.tiles))
    state.ring_used = ring_used
    _place(state, hands if hands is not None else [[] for _ in range(players)], corruption, sauron, runes,
           tokens, bearer, active)
    state.played, state.turn_over, state.conflict_over, state.tile = [], False, False, None
    if tasks:
        state.pending = [("turn_end",), ("play",), *reversed(tasks)]
    else:
        state.pending = [("turn_end",), ("play",), ("reveal_loop",)]
    state._run()
    return state


def haven_state(haven: str, step: int = 0, players: int = 3, *, hands=None, corruption=None, sauron=None,
                runes=None, tokens=None, bearer: int = 0, **options) -> FellowshipState:
    """A state at Safe Haven ``haven`` about to carry out its action number ``step`` (0 = first)."""
    state = table(players, **options)
    state.location = LOCATIONS.index(haven)
    state.board = "moria"  # the last Conflict board set up (Moria is laid out at the start)
    _place(state, hands if hands is not None else [[] for _ in range(players)], corruption, sauron, runes,
           tokens, bearer, None)
    state.pending = [("haven", haven, step)]
    state._run()
    return state


def event_state(board: str, number: int, **kwargs) -> FellowshipState:
    """Event ``number`` (1-6) of ``board`` about to be resolved: the Event marker has just moved
    onto it (as a Cycle of Time tile does) and the event's window is passed."""
    state = conflict_state(board, event=number - 1, tasks=[("next_event",)], **kwargs)
    return settle(state)


def settle(state: FellowshipState) -> FellowshipState:
    """Pass every out-of-turn window until a real decision or chance is next."""
    while not state.is_terminal() and not state.is_chance_node() and state.pending[-1][0] == "window":
        state.apply("pass")
    return state


def allowed(state: FellowshipState, text: str) -> bool:
    """Whether ``text`` is a legal action or chance outcome now."""
    if state.is_chance_node():
        return any(str(a) == text for a, _ in state.chance_outcomes())
    return text in {str(a) for a in state.legal_actions()}


def play(state: FellowshipState, *texts: str) -> FellowshipState:
    """Apply action texts in order; windows in the way of the next text are passed."""
    for text in texts:
        if not allowed(state, text):
            settle(state)
        state.apply(text)
    return state


def task(state: FellowshipState) -> str:
    """The kind of the task to be decided next (window, cost, play, die, deal...)."""
    return state.pending[-1][0] if state.pending else "none"
