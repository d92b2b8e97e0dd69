"""The engine contract: every game is a state machine with explicit chance.

Players, agents, the lab, the server and outside tools use only these names. A game subclasses
:class:`Game` and :class:`State` and fills in the underscored hooks; the public methods here do
the checking, so every game refuses bad input the same way and leaves its state unchanged.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from middleearth.core.heuristics import Heuristics

from middleearth.core.errors import IllegalAction
from middleearth.core.options import Option, check_options

CHANCE = -1
"""``state.current_player`` when chance (dice, shuffles, draws) acts next."""

TERMINAL = -2
"""``state.current_player`` once the game is over."""

RECORD_FORMAT = "middleearth-record/1"


class Action:
    """An immutable move with one canonical text form: ``str(action)``.

    ``game.parse_action(str(action)) == action`` holds for every action of every game.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class Game(ABC):
    """A game with its options checked. Immutable; cheap to share between states.

    >>> import middleearth
    >>> game = middleearth.load("mordor", players=3)
    >>> game.num_players
    3
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    options_spec: ClassVar[tuple[Option, ...]]
    cooperative: ClassVar[bool] = False
    # False promises that every seat sees what the spectator sees: observation(seat) is
    # observation(None) with its "seat" set (the hub builds one view for all; the kit checks it).
    hidden_information: ClassVar[bool] = False
    heuristics_parameters: ClassVar[tuple[str, ...]] = ()  # what an agent may set in heuristics(...)

    def __init__(self, **options: Any):
        self.options: dict[str, Any] = check_options(self.options_spec, options, self.name)

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @abstractmethod
    def new_state(self) -> "State":
        """The state before the first action."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose canonical text is ``text``; IllegalAction if it does not parse."""

    def seat_names(self) -> list[str]:
        return [f"seat {seat}" for seat in range(self.num_players)]

    def heuristics(self, seat: int | None = None, **params: Any) -> "Heuristics":
        """The game's knowledge lent to the generic agents (evaluation, greedy policy, keys).

        ``params``, named in ``heuristics_parameters``, set how ``seat`` plays (every seat when
        ``seat`` is None); agents pass theirs through (``greedy:knowledge=scholar``)."""
        from middleearth.core.errors import BadOption
        from middleearth.core.heuristics import Heuristics

        if params:
            raise BadOption(f"{self.name} takes no heuristics parameters, not {sorted(params)[0]!r}")
        return Heuristics()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.options == self.options  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted((k, str(v)) for k, v in self.options.items()))))

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<{type(self).__name__} {shown}>"


class State(ABC):
    """One moment of a game. ``apply`` changes it in place; ``clone`` gives an independent copy."""

    def __init__(self, game: Game):
        self.game = game
        self.history: list[Action] = []
        # Who took each action in history (a seat or CHANCE): the public log and undo need it.
        self.movers: list[int] = []

    # -- what the game fills in ------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, or CHANCE, or TERMINAL."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions of the player to move, in a fixed order."""

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    def _is_chance_outcome(self, action: Action) -> bool:
        """Games with many outcomes answer this faster than a scan of the list."""
        return any(outcome == action for outcome, _ in self._chance_outcomes())

    def _sample_chance(self, rng: random.Random) -> Action:
        """One outcome drawn with its probability; games may draw faster (e.g. die by die),
        but must keep the same distribution."""
        actions, weights = zip(*self._chance_outcomes())
        return rng.choices(actions, weights=weights, k=1)[0]

    @abstractmethod
    def _illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` is not allowed for the player to move (naming the rule), or None."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Play a legal action."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One number per seat: the result so far (final once terminal)."""

    @abstractmethod
    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-ready: all that ``seat`` may know and nothing more; None is the spectator."""

    @abstractmethod
    def text(self, seat: int | None = None) -> str:
        """A person's view of ``observation(seat)`` for the terminal."""

    @abstractmethod
    def key(self) -> Any:
        """A hashable value equal for two states exactly when the rules see them as the same."""

    # -- the contract ----------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list[Action]:
        """Actions of the player to move; empty at chance nodes and at the end."""
        if self.current_player < 0:
            return []
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[(action, probability), ...]`` at a chance node, probabilities summing to one."""
        if self.current_player != CHANCE:
            return []
        return self._chance_outcomes()

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an Action or its text). IllegalAction leaves the state unchanged."""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except IllegalAction as error:
                if error.legal or self.current_player < 0:
                    raise
                # A player who mistyped sees what they may play, as for any other refusal.
                raise IllegalAction(error.reason, [str(a) for a in self._legal_actions()]) from None
        mover = self.current_player
        if mover == TERMINAL:
            raise IllegalAction(f"the game is over; {action} cannot be played")
        if mover == CHANCE:
            if not self._is_chance_outcome(action):
                raise IllegalAction(f"{action} is not a possible chance outcome here: it is chance's move, so the "
                                    "next action is a roll, shuffle or draw the game lists in chance_outcomes()")
        else:
            reason = self._illegal_reason(action)
            if reason is not None:
                raise IllegalAction(reason, [str(a) for a in self._legal_actions()])
        self._apply(action)
        self.history.append(action)
        self.movers.append(mover)

    def log_text(self, index: int, seat: int | None) -> str | None:
        """``history[index]`` as ``seat`` saw it (None: the spectator), or None when that seat did
        not see it: a card dealt into another hand stays hidden in every public log."""
        return str(self.history[index])

    def clone(self) -> "State":
        """An independent copy. Games with big immutable parts override this to share them."""
        return copy.deepcopy(self, {id(self.game): self.game})

    def resample(self, seat: int, rng: random.Random) -> "State":
        """A full state agreeing with all that ``seat`` has seen. Perfect information: a clone."""
        return self.clone()

    def to_record(self) -> dict[str, Any]:
        """The save file: options and action texts; ``middleearth.replay`` rebuilds the state."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "options": dict(self.game.options),
            "actions": [str(action) for action in self.history],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game == self.game and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __str__(self) -> str:
        return self.text()


def sample_chance(state: State, rng: random.Random) -> Action:
    """One chance outcome drawn with its probability, for simulations."""
    if state.current_player != CHANCE:
        raise IllegalAction("no chance outcome to sample: it is not chance's move")
    return state._sample_chance(rng)

