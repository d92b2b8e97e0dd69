"""What Journey to Mordor lends the generic agents: an evaluation, a greedy policy, search keys.

The evaluation is a cheap win-probability estimate read off the sheets. The greedy policy scores
each legal way to set dice aside by what the kept dice are worth now plus what the dice left in
hand are worth on average when rolled again. The search key merges dice that only differ in a
way the roller cannot feel for the rest of the game (two dice whose Nazgûl would hit the same
seat, showing the same face), which is what makes exact search to the end of a turn fast;
``action_values`` goes further and solves the turn on its compiled graph (``solver``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Hashable

from middleearth.core.contract import Action
from middleearth.core.heuristics import Heuristics
from middleearth.games.mordor.actions import REROLL, Keep
from middleearth.games.mordor.solver import DieClass, TurnSolver, nazgul_slot

if TYPE_CHECKING:
    from middleearth.games.mordor.state import MordorState

# Measured with greedy self-play on the packaged dice (100 games each for 2, 3 and 4 players):
# a turn advances the roller about 1.7 spaces; a seat loses about 0.45 Nazgûl units a turn (1.1
# marks, less 0.7 of Gandalf's splits). Other dice change them; they only scale the estimate.
ADVANCE_PER_TURN = 1.7
MARKS_PER_TURN = 0.45
SPREAD = 1.2  # spread of the Nazgûl marks over n turns, in units, per square root of a turn
RACE_SCALE = 1.5  # turns: how uncertain the order of arrival is between two hobbits
# What the greedy policy counts one kept die as worth, in Ring-route spaces.
GANDALF = 0.45
NAZGUL_ON_YOU = 0.9
NAZGUL_ON_RIVAL = 0.35
SPARE_FELLOWSHIP = 0.08
LOOSE_ORC = 0.3


class MordorHeuristics(Heuristics):
    """Evaluation, greedy policy and search keys for Journey to Mordor."""

    def __init__(self) -> None:
        self.solver = TurnSolver(self.evaluate)

    # -- evaluation ---------------------------------------------------------------------------

    def evaluate(self, state: "MordorState", seat: int) -> float:  # type: ignore[override]
        """An estimate of ``seat``'s chance to win, between 0 and 1 (exact once the game is over).

        Each hobbit still in the game needs some turns to reach Mordor and survives them with
        some chance. ``seat`` wins if it survives and no rival both survives and arrives first
        (a race of uncertain length: a logistic in the difference of turns needed).
        """
        if state.winners is not None:
            return state.returns()[seat]
        if state.eliminated(seat):
            return 0.0
        active = [s for s in range(state.game.num_players) if not state.eliminated(s)]
        if state.final_round:
            return self._final_round(state, seat, active)
        turns = {s: self._turns_needed(state, s) for s in active}
        chance = self._survival(state, seat, turns[seat])
        for rival in active:
            if rival != seat:
                first = 1.0 / (1.0 + math.exp((turns[rival] - turns[seat]) / RACE_SCALE))
                chance *= 1.0 - self._survival(state, rival, turns[rival]) * first
        return chance

    def _turns_needed(self, state: "MordorState", seat: int) -> float:
        """Turns ``seat`` needs to reach Mordor, with a little for who moves first in the round
        (little, because the round is played to its end once someone arrives)."""
        remaining = state.parts.goal - state.sheets[seat].ring
        players = state.game.num_players
        order = (seat - state.seat) % players
        return remaining / ADVANCE_PER_TURN + 0.25 * order / players

    def _survival(self, state: "MordorState", seat: int, turns: float) -> float:
        """Chance that ``seat``'s Nazgûl route lasts ``turns`` more turns (a normal estimate)."""
        left = state.sheets[seat].unmarked_units(state.parts.nazgul_spaces)
        expected = MARKS_PER_TURN * turns
        spread = SPREAD * math.sqrt(max(turns, 1.0))
        return 0.5 * (1.0 + math.erf((left - 0.5 - expected) / (spread * math.sqrt(2.0))))

    def _final_round(self, state: "MordorState", seat: int, active: list[int]) -> float:
        """Someone reached Mordor: only those who have arrived, or still move this round, can win."""
        spaces = state.parts.nazgul_spaces
        to_move = {s for s in active if s >= state.seat}  # state.seat moves now, if not done
        chance = {}
        for s in active:
            if state.reached(s):
                chance[s] = 1.0 + state.sheets[s].unmarked_units(spaces) / (2 * spaces)
            elif s in to_move:
                needed = state.parts.goal - state.sheets[s].ring
                chance[s] = 0.5 ** max(0.0, needed - 1) * 0.5
            else:
                chance[s] = 0.0
        total = sum(chance.values())
        return chance[seat] / total if total else 0.0

    # -- the greedy policy --------------------------------------------------------------------

    def policy(self, state: "MordorState", seat: int) -> Keep:  # type: ignore[override]
        """Set aside the dice that score best now, counting the rest at their average reroll.

        In Rohan, roll again when the best choice on the table scores below what a fresh roll of
        the same dice is worth on average.
        """
        assert state.roll is not None and seat == state.seat
        scored = [(self._choice_score(state, choice), choice) for choice in state.keep_choices()]
        best_score, best = max(scored, key=lambda pair: pair[0])
        if state.may_reroll() and best_score < self._fresh_roll(state):
            return REROLL  # type: ignore[return-value]
        return Keep(state._dice_named(best))

    def _choice_score(self, state: "MordorState", choice: tuple[int, ...]) -> float:
        assert state.roll is not None
        kept = [(die, face) for die, face in state.kept]
        kept += [(state.hand[p], state.roll[p]) for p in choice]
        if any(face == "tree" for _, face in kept):
            return self.tally_value(state, kept)
        left = [state.hand[p] for p in range(len(state.hand)) if p not in choice]
        return self.tally_value(state, kept) + sum(self._reroll_gain(state, kept, die) for die in left)

    def _reroll_gain(self, state: "MordorState", kept: list[tuple[int, str]], die: int) -> float:
        """What one more die adds on average, rolled and set aside as it falls."""
        base = self.tally_value(state, kept)
        faces = [face for face in state.parts.faces[die] if face != "tree"]
        return sum(self.tally_value(state, kept + [(die, face)]) - base for face in faces) / len(
            state.parts.faces[die]
        )

    def _fresh_roll(self, state: "MordorState") -> float:
        """The value of the dice kept so far plus every die in hand at its average."""
        kept = list(state.kept)
        return self.tally_value(state, kept) + sum(self._reroll_gain(state, kept, d) for d in state.hand)

    def tally_value(self, state: "MordorState", kept: list[tuple[int, str]]) -> float:
        """What a set of kept dice is worth to the roller, in Ring-route spaces, with the location."""
        feature = state.feature()
        faces = [face for _, face in kept]
        rings = faces.count("ring")
        if feature == "one_ring_fewer":
            rings = max(0, rings - 1) if state.parts.shelob == "minus_one" else rings * (rings >= 2)
        orcs = faces.count("orc") * (2 if feature == "double_orcs" else 1)
        fellowship = faces.count("fellowship") * (2 if feature == "double_fellowship" else 1)
        value = rings if orcs <= fellowship else 0.0
        value -= LOOSE_ORC * max(0, orcs - fellowship)
        value += SPARE_FELLOWSHIP * min(2, max(0, fellowship - orcs))
        if feature != "no_gandalf":
            value += GANDALF * faces.count("gandalf")
        spaces = state.parts.nazgul_spaces
        for die, face in kept:
            if face != "nazgul":
                continue
            target = state.nazgul_target(die)
            if target == state.seat:
                left = state.sheets[target].unmarked_units(spaces)
                value -= NAZGUL_ON_YOU * (1.0 + 2.0 / max(left, 1))
            elif target is not None:
                left = state.sheets[target].unmarked_units(spaces)
                value += NAZGUL_ON_RIVAL * (1.0 + 2.0 / max(left, 1))
        return value

    # -- search keys --------------------------------------------------------------------------

    def turn_key(self, state: "MordorState") -> Hashable:  # type: ignore[override]
        return state.turns

    def search_key(self, state: "MordorState") -> Hashable:  # type: ignore[override]
        """The state with each die replaced by its class for this turn.

        A die's class is whom its Nazgûl would hit (the roller, a rival seat, or nobody in
        Gondor) and its faces (so the black die, the only one with a White Tree, stands apart).
        Kept dice only matter through their faces and Nazgûl targets, so they are counted.
        """
        classes = {die: self.die_class(state, die) for die in range(len(state.parts.dice))}
        kept = tuple(sorted((face, classes[die][0] if face == "nazgul" else 0) for die, face in state.kept))
        hand = tuple(sorted(classes[die] for die in state.hand))
        roll = None
        if state.roll is not None:
            roll = tuple(sorted((classes[die], face) for die, face in zip(state.hand, state.roll)))
        return (tuple(state.sheets), state.seat, state.final_round, state.winners,
                kept, hand, roll, state.rerolled)

    def die_class(self, state: "MordorState", die: int) -> DieClass:
        """Whom a die's Nazgûl would hit this turn (NOBODY in Gondor), with the die's faces."""
        return (nazgul_slot(state.nazgul_target(die)), state.parts.faces[die])

    # -- the fast path for expectimax -----------------------------------------------------------

    def action_values(self, state: "MordorState", seat: int) -> list[tuple[Action, float]]:
        """Each legal action with its exact expectimax value to the end of the turn, for ``seat``.

        The same numbers as the generic search in ``middleearth.agents.expectimax``, computed
        on the turn's precompiled graph (``middleearth.games.mordor.solver``).
        """
        graph, nodes = self.solver.choice_nodes(state)
        _, values = self.solver.values(state, seat)
        return list(zip(state.legal_actions(), values[nodes].tolist()))
