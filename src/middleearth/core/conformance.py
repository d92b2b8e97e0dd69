"""The conformance kit: random games with the contract checked at every step.

Every game runs it for every option set (see tests/games/*/test_conformance.py)::

    report = check_game(middleearth.load("mordor", players=3), games=500, seed=1)

A broken promise raises ConformanceError naming the game, the step and the record so far.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field

from middleearth.core.contract import CHANCE, TERMINAL, Action, Game, State, sample_chance
from middleearth.core.errors import IllegalAction, MiddleEarthError
from middleearth.core.records import replay


class ConformanceError(AssertionError):
    pass


@dataclass
class ConformanceReport:
    games: int = 0
    steps: int = 0
    chance_steps: int = 0
    lengths: list[int] = field(default_factory=list)


def _fail(state: State, message: str) -> None:
    record = json.dumps(state.to_record())
    raise ConformanceError(f"{state.game!r}, after {len(state.history)} actions: {message}\nrecord: {record}")


def _check_illegal_refused(state: State, candidate: Action | str) -> None:
    before_key, before_length = state.key(), len(state.history)
    try:
        state.apply(candidate)
    except IllegalAction as error:
        if not str(error):
            _fail(state, f"IllegalAction for {candidate!s} has no message")
    else:
        _fail(state, f"illegal action {candidate!s} was accepted")
    if state.key() != before_key or len(state.history) != before_length:
        _fail(state, f"refusing {candidate!s} changed the state")


def check_step(state: State, rng: random.Random, seen_actions: list[Action], full: bool = True) -> None:
    """Every promise the contract makes about one state that is not terminal.

    ``full=False`` skips summing a chance node's probabilities (thousands of outcomes for five dice).
    """
    game = state.game
    mover = state.current_player
    if mover == CHANCE:
        outcomes = state.chance_outcomes()
        if not outcomes:
            _fail(state, "a chance node with no outcomes")
        if not full:
            return
        total = math.fsum(float(p) for _, p in outcomes)
        if abs(total - 1.0) > 1e-9:
            _fail(state, f"chance probabilities sum to {total}")
        if any(float(p) <= 0 for _, p in outcomes):
            _fail(state, "a chance outcome with no probability")
        if state.legal_actions():
            _fail(state, "legal actions listed at a chance node")
        return
    if not 0 <= mover < game.num_players:
        _fail(state, f"current_player {mover} is no seat, CHANCE or TERMINAL")
    legal = state.legal_actions()
    if not legal:
        _fail(state, f"seat {mover} is to move but has no legal action")
    if len(set(map(str, legal))) != len(legal):
        _fail(state, "two legal actions share a text")
    for action in legal:
        if game.parse_action(str(action)) != action:
            _fail(state, f"{action!s} does not survive parse_action(str(action))")
    if state.chance_outcomes():
        _fail(state, "chance outcomes listed at a player's node")
    _check_illegal_refused(state, "this is not an action")
    stranger = rng.choice(seen_actions) if seen_actions else None
    if stranger is not None and stranger not in legal:
        _check_illegal_refused(state, stranger)
    copy = state.clone()
    before = state.key()
    copy.apply(rng.choice(legal))
    if state.key() != before:
        _fail(state, "playing on a clone changed the original")


def check_observations(state: State, rng: random.Random) -> None:
    """Observations are JSON; a seat's observation is all it may see (resample keeps it equal)."""
    game = state.game
    for seat in [None, *range(game.num_players)]:
        observation = state.observation(seat)
        try:
            json.dumps(observation)
        except (TypeError, ValueError) as error:
            _fail(state, f"observation({seat}) is not JSON-ready: {error}")
        if not isinstance(state.text(seat), str):
            _fail(state, f"text({seat}) is not a text")
        if seat is not None and not game.hidden_information:
            spectator = state.observation(None)
            if isinstance(observation, dict) and "seat" in observation:
                spectator = {**spectator, "seat": seat}
            if observation != spectator:
                _fail(state, f"observation({seat}) differs from the spectator's, but the game declares no "
                             "hidden information")
        if seat is not None:
            other = state.resample(seat, rng)
            if other.observation(seat) != observation:
                _fail(state, f"resample({seat}) changed what seat {seat} has seen")
            if game.hidden_information and other.observation(None) != state.observation(None):
                _fail(state, f"the spectator's view changed when seat {seat}'s unseen cards were re-dealt: "
                             "it shows something hidden")
            for index in range(max(0, len(state.history) - 3), len(state.history)):
                if other.log_text(index, seat) != state.log_text(index, seat):
                    _fail(state, f"resample({seat}) changed how seat {seat} saw action {index + 1}")


def check_returns(state: State) -> None:
    returns = state.returns()
    if len(returns) != state.game.num_players or not all(isinstance(r, (int, float)) for r in returns):
        _fail(state, f"returns {returns!r} are not one number per seat")
    if not all(math.isfinite(r) for r in returns):
        _fail(state, f"returns {returns!r} are not finite")
    if state.game.cooperative and len(set(returns)) > 1:
        _fail(state, f"a cooperative game returned different scores {returns!r}")


def check_game(
    game: Game,
    games: int = 100,
    seed: int = 0,
    max_steps: int = 20_000,
    observe_every: int = 7,
) -> ConformanceReport:
    """Play ``games`` random games of ``game``, checking the contract at every step."""
    rng = random.Random(seed)
    report = ConformanceReport()
    seen_actions: list[Action] = []
    for _ in range(games):
        state = game.new_state()
        steps = 0
        while not state.is_terminal():
            if steps >= max_steps:
                _fail(state, f"no end after {max_steps} actions")
            full = steps % observe_every == 0
            check_step(state, rng, seen_actions, full)
            if full:
                check_observations(state, rng)
                check_returns(state)
            if state.is_chance_node():
                action = sample_chance(state, rng)
                report.chance_steps += 1
            else:
                action = rng.choice(state.legal_actions())
                if len(seen_actions) < 500:
                    seen_actions.append(action)
                elif rng.random() < 0.05:
                    seen_actions[rng.randrange(len(seen_actions))] = action
            state.apply(action)
            steps += 1
        if state.current_player != TERMINAL or state.legal_actions() or state.chance_outcomes():
            _fail(state, "a terminal state still offers actions")
        check_observations(state, rng)
        check_returns(state)
        _check_illegal_refused(state, seen_actions[0] if seen_actions else "this is not an action")
        try:
            replayed = replay(json.loads(json.dumps(state.to_record())))
        except MiddleEarthError as error:
            _fail(state, f"the record does not replay: {error}")
        if replayed != state:
            _fail(state, "the record replays to a different state")
        report.games += 1
        report.steps += steps
        report.lengths.append(steps)
    return report
