"""Exact play of one Journey to Mordor turn, fast enough for a decision in a few milliseconds.

Every turn of the same kind (the same location feature, the same dice whose Nazgûl hit the same
seats, counted from the roller) has the same tree: which dice may be set aside after which roll
does not depend on the sheets. So the tree is compiled once per kind of turn into numpy arrays,
and solving a new position only scores the turn's few possible outcomes with the evaluation and
sweeps the arrays from the last die back to the first: the best choice for each roll, the
probability-weighted sum over rolls.

A state of the turn is (dice kept, dice in hand). Dice in hand are known by their class: whom
their Nazgûl hits and their faces; dice of one class are interchangeable. Kept dice only count
through their faces (and a Nazgûl's target), so they are a vector of counts, coded as one integer
in base 6 (a turn has five dice): setting dice aside adds a number to the code, which lets the
compiler handle every kept set of a hand at once.

The rules are not repeated here: legal choices come from ``MordorState.keep_choices``, the count of
the kept dice from ``MordorState.tally`` and the outcome from ``MordorState._end_turn``, each called
on a scratch state standing for the whole class of states.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Hashable

import numpy as np

if TYPE_CHECKING:
    from middleearth.games.mordor.state import MordorState

DieClass = tuple[int, tuple[str, ...]]  # (whom its Nazgûl hits, counted from the roller; its faces)
Hand = tuple[int, ...]  # sorted class numbers of the dice in hand
NOBODY = -2  # the Nazgûl target in Gondor: it hits no one
# Faces counted in the kept code; a Nazgûl is counted by its target. The White Tree counts for
# nothing in the rules, but the code keeps it so the odds can tell how a turn ended.
PLAIN = ("ring", "gandalf", "fellowship", "orc", "tree")
BASE = 6  # more than the dice of a turn, so counts never carry
PAD = -1  # the last slot of the value vector, which holds -inf: a missing choice never wins
GRAPH_LIMIT = 64  # kinds of turn kept compiled; a game meets a few dozen at most


def nazgul_slot(target: int | None) -> int:
    """A Nazgûl target as a number that sorts: the seat, or NOBODY."""
    return NOBODY if target is None else target


def relative_class(state: "MordorState", die: int) -> DieClass:
    """A die's class counted from the roller, so turns of different seats share a graph."""
    target = state.nazgul_target(die)
    relative = NOBODY if target is None else (target - state.seat) % state.game.num_players
    return (relative, state.parts.faces[die])


@dataclass(frozen=True)
class Outcome:
    """What a finished turn does: the roller's advance, Gandalf's splits, the seat (counted from
    the roller) each Nazgûl hits."""

    advance: int
    gandalf: int
    nazgul: tuple[int, ...]


@dataclass
class Block:
    """The chance nodes of one hand (rolled for the first time, or again in Rohan): one per kept
    code, each with its rolls; ``table[k, r]`` lists the nodes the choices after roll r lead to."""

    start: int  # index of the first node in the value vector
    codes: np.ndarray  # sorted kept codes
    probabilities: np.ndarray  # of each roll
    table: np.ndarray  # node indices, shape (codes, rolls, choices), padded with PAD
    children: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int32))  # table without PAD
    firsts: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.int64))  # each row's first child

    def pack(self) -> None:
        """Keep the table's real entries in one flat run (row after row): solving reads only them."""
        real = self.table != PAD
        self.children = self.table[real]
        counts = real.sum(axis=2).ravel()
        self.firsts = np.concatenate(([0], np.cumsum(counts)[:-1]))


class TurnGraph:
    """One kind of turn, compiled. ``solve`` gives the value of every node from the outcomes'."""

    def __init__(self, state: "MordorState"):
        self._scratch = state.clone()
        dice = range(len(state.parts.dice))
        by_die = [relative_class(state, die) for die in dice]
        self.kinds: list[DieClass] = sorted(set(by_die))
        self.die_kind = [self.kinds.index(cls) for cls in by_die]
        self._dice_of = {k: [d for d in dice if self.die_kind[d] == k] for k in range(len(self.kinds))}
        slots = sorted({cls[0] for cls in self.kinds})
        self.place = {face: BASE**i for i, face in enumerate(PLAIN)}
        self.place.update({slot: BASE ** (len(PLAIN) + i) for i, slot in enumerate(slots)})
        self._codes = {(k, face): self._code(k, face) for k, cls in enumerate(self.kinds) for face in cls[1]}
        self.rohan = state.feature() == "reroll_each_roll"
        self._outcome_dice: dict[tuple, list[list[tuple[int, str]]]] = {}
        self.rolls: dict[tuple[Hand, bool], list[tuple[float, list[tuple[int, Hand | None]]]]] = {}
        start = tuple(sorted(self.die_kind))
        self._explore(start)
        self._compile(start)

    # -- exploring the hands --------------------------------------------------------------------

    def _explore(self, start: Hand) -> None:
        """List the rolls of every hand the turn can reach, with each legal choice as
        (kept code added, hand left, or None when the turn ends)."""
        todo = {start}
        while todo:
            hand = todo.pop()
            for rerolled in (False, True) if self.rohan else (False,):
                rows = [(p, self._choices(hand, faces, rerolled)) for faces, p in self._grouped_rolls(hand)]
                self.rolls[hand, rerolled] = rows
            rests = {rest for _, row in self.rolls[hand, False] for _, rest in row if rest and rest != hand}
            todo |= {rest for rest in rests if (rest, False) not in self.rolls}

    def _choices(self, hand: Hand, faces: tuple[str, ...], rerolled: bool) -> list[tuple[int, Hand | None]]:
        scratch = self._scratch
        scratch.hand, scratch.roll, scratch.rerolled = self._representatives(hand), faces, rerolled
        choices = [self.step(hand, faces, choice) for choice in scratch.keep_choices()]
        if scratch.may_reroll():
            choices.append((0, hand))  # the same hand, rolled again: told apart by its position
        return choices

    def step(self, hand: Hand, faces: tuple[str, ...], choice: tuple[int, ...]) -> tuple[int, Hand | None]:
        """Setting aside the dice at positions ``choice``: the kept code added and the hand left
        (None when the turn ends: a White Tree set aside or no die left)."""
        codes = self._codes
        delta = 0
        ends = False
        for p in choice:
            delta += codes[hand[p], faces[p]]
            ends = ends or faces[p] == "tree"
        rest = tuple(kind for p, kind in enumerate(hand) if p not in choice)
        return delta, None if ends or not rest else rest

    def _code(self, kind: int, face: str) -> int:
        if face == "nazgul":
            return self.place[self.kinds[kind][0]]
        return self.place[face]

    def code_of(self, kept: tuple[tuple[int, str], ...]) -> int:
        return sum(self._code(self.die_kind[die], face) for die, face in kept)

    def hand_of(self, dice: tuple[int, ...]) -> list[int]:
        return [self.die_kind[die] for die in dice]

    def _representatives(self, hand: Hand) -> tuple[int, ...]:
        used: dict[int, int] = {}
        dice = []
        for kind in hand:
            dice.append(self._dice_of[kind][used.get(kind, 0)])
            used[kind] = used.get(kind, 0) + 1
        return tuple(dice)

    def _grouped_rolls(self, hand: Hand) -> list[tuple[tuple[str, ...], float]]:
        """The rolls of ``hand``, rolls that differ only among dice of one class merged; faces in
        hand order (dice of a class in face order)."""
        grouped: dict[tuple[str, ...], float] = {}
        for faces, probability in self._scratch.parts.roll_outcomes(self._representatives(hand)):
            merged = tuple(face for _, face in sorted(zip(hand, faces)))
            grouped[merged] = grouped.get(merged, 0.0) + float(probability)
        return list(grouped.items())

    # -- compiling ------------------------------------------------------------------------------

    def _compile(self, start: Hand) -> None:
        """Find the kept codes each hand is reached with, number every node and fill the tables."""
        hands = sorted({hand for hand, _ in self.rolls}, key=len, reverse=True)
        reached: dict[Hand, list[np.ndarray]] = {start: [np.zeros(1, dtype=np.int64)]}
        ends: list[np.ndarray] = []
        for hand in hands:  # parents have more dice, so they are done first
            codes = np.unique(np.concatenate(reached[hand]))
            reached[hand] = [codes]
            moves = {move for _, row in self.rolls[hand, False] for move in row}
            for delta, rest in moves:
                (ends if rest is None else reached.setdefault(rest, [])).append(codes + delta)
        self.leaf_codes = np.unique(np.concatenate(ends))
        self._outcomes()
        position = len(self.leaf_codes)
        self.blocks: dict[tuple[Hand, bool], Block] = {}
        for hand in reversed(hands):  # fewest dice first: children before parents
            codes = reached[hand][0]
            for rerolled in (True, False) if self.rohan else (False,):
                rows = self.rolls[hand, rerolled]
                block = Block(position, codes, np.array([p for p, _ in rows]), np.empty(0, dtype=np.int64))
                self.blocks[hand, rerolled] = block
                position += len(codes)
                block.table = self._table(hand, rerolled, block)
                block.pack()
        self.size = position + 1  # the last slot holds -inf, the padding of the tables
        self._policy_for: np.ndarray | None = None
        self._policy_cache: dict[tuple[Hand, bool], np.ndarray] = {}

    def _table(self, hand: Hand, rerolled: bool, block: Block) -> np.ndarray:
        rows = self.rolls[hand, rerolled]
        width = max(len(row) for _, row in rows)
        moves: dict[tuple[int, Hand | None, bool], int] = {}
        layout = np.full((len(rows), width), -1, dtype=np.int64)
        for r, (_, row) in enumerate(rows):
            for c, (delta, rest) in enumerate(row):
                again = rest == hand and delta == 0  # Rohan: the same dice rolled once more
                layout[r, c] = moves.setdefault((delta, rest, again), len(moves))
        targets = np.full((len(block.codes), len(moves) + 1), PAD, dtype=np.int64)
        for (delta, rest, again), m in moves.items():
            targets[:, m] = self.node_indices(block.codes + delta, rest, again)
        return targets[:, layout].astype(np.int32)  # layout's -1 picks the last column: padding

    def node_indices(self, codes: np.ndarray, rest: Hand | None, again: bool = False) -> np.ndarray:
        """Indices of the nodes reached with kept ``codes`` and ``rest`` in hand (leaves if None)."""
        if rest is None:
            return np.searchsorted(self.leaf_codes, codes)
        block = self.blocks[rest, again]
        return block.start + np.searchsorted(block.codes, codes)

    def _outcomes(self) -> None:
        """What each leaf code does, merged into distinct outcomes, by the rules' own count."""
        scratch = self._scratch
        self.outcomes: dict[Outcome, int] = {}  # in index order
        self.outcome_codes: list[int] = []
        leaf_outcome = []
        slots = die_for_slot(scratch)
        for code in self.leaf_codes.tolist():
            scratch.kept = tuple(self.kept_dice(code, slots))
            tally = scratch.tally()
            outcome = Outcome(
                advance=tally.rings if tally.orcs <= tally.fellowship else 0,
                gandalf=tally.gandalf,
                nazgul=tuple(sorted(self.kinds[self.die_kind[die]][0] for die in tally.nazgul)),
            )
            if outcome not in self.outcomes:
                self.outcomes[outcome] = len(self.outcomes)
                self.outcome_codes.append(code)
            leaf_outcome.append(self.outcomes[outcome])
        self.leaf_outcome = np.array(leaf_outcome, dtype=np.int64)

    def outcome_dice(self, slots: dict[int, int]) -> list[list[tuple[int, str]]]:
        """Real dice standing for each outcome, given which die hits which seat (cached: a game
        has few such mappings)."""
        key = tuple(sorted(slots.items()))
        dice = self._outcome_dice.get(key)
        if dice is None:
            dice = self._outcome_dice[key] = [self.kept_dice(code, slots) for code in self.outcome_codes]
        return dice

    def kept_dice(self, code: int, die_for_slot: dict[int, int]) -> list[tuple[int, str]]:
        """Real dice that stand for a kept code: any die for a plain face, a die whose Nazgûl
        hits the same seat for a Nazgûl."""
        dice = []
        for key, place in self.place.items():
            count = code // place % BASE
            if isinstance(key, str):
                dice += [(0, key)] * count
            else:
                dice += [(die_for_slot[key], "nazgul")] * count
        return dice

    # -- solving --------------------------------------------------------------------------------

    def count(self, code: int, key: str | int) -> int:
        """How many kept dice of the code show ``key``: a face, or a Nazgûl target slot."""
        return code // self.place[key] % BASE

    def policy(self, values: np.ndarray) -> dict[tuple[Hand, bool], np.ndarray]:
        """For each block, the node the best choice after each roll leads to (shape codes x rolls);
        ties go to the first choice listed, as ``max`` does."""
        chosen = {}
        for key, block in self.blocks.items():
            best = values[block.table].argmax(axis=2)
            chosen[key] = np.take_along_axis(block.table, best[..., None], axis=2)[..., 0]
        return chosen

    def reach(self, start: int, values: np.ndarray) -> np.ndarray:
        """The chance of ending at each leaf from node ``start``, playing the best choices."""
        mass = np.zeros(self.size)
        mass[start] = 1.0
        for key, block in reversed(self.blocks.items()):  # parents before children
            here = mass[block.start : block.start + len(block.codes)]
            if not here.any():
                continue
            children = self._policy(values)[key]
            weights = here[:, None] * block.probabilities[None, :]
            mass += np.bincount(children.ravel(), weights=weights.ravel(), minlength=self.size)
        return mass[: len(self.leaf_codes)]

    def _policy(self, values: np.ndarray) -> dict[tuple[Hand, bool], np.ndarray]:
        if self._policy_for is not values:
            self._policy_cache, self._policy_for = self.policy(values), values
        return self._policy_cache

    def solve(self, outcome_values: np.ndarray) -> np.ndarray:
        """The value of every node, given the value of every outcome (in outcome order)."""
        values = np.empty(self.size)
        values[: len(self.leaf_codes)] = outcome_values[self.leaf_outcome]
        values[-1] = -np.inf
        for block in self.blocks.values():  # in the order placed: children first
            best = np.maximum.reduceat(values[block.children], block.firsts)
            values[block.start : block.start + len(block.codes)] = (
                best.reshape(len(block.codes), -1) @ block.probabilities)
        return values


class TurnSolver:
    """Values of every choice of a decision, by the turn's graph. Graphs are shared by every
    solver; the last positions solved are kept, so the next decision of a turn costs little."""

    def __init__(self, evaluate: Callable[["MordorState", int], float]):
        self.evaluate = evaluate
        self.solved: OrderedDict[Hashable, np.ndarray] = OrderedDict()

    def graph(self, state: "MordorState") -> TurnGraph:
        """The graph of ``state``'s kind of turn (compiled on first need, then shared)."""
        classes = tuple(relative_class(state, die) for die in range(len(state.parts.dice)))
        key = (state.parts, state.feature(), classes)
        graph = _GRAPHS.get(key)
        if graph is None:
            graph = _GRAPHS[key] = TurnGraph(state)
            if len(_GRAPHS) > GRAPH_LIMIT:
                _GRAPHS.popitem(last=False)
        _GRAPHS.move_to_end(key)
        return graph

    def values(self, state: "MordorState", seat: int) -> tuple[TurnGraph, np.ndarray]:
        """The graph of ``state``'s turn and the value for ``seat`` of each of its nodes."""
        graph = self.graph(state)
        key = (graph, tuple(state.sheets), state.seat, state.final_round, seat)
        values = self.solved.get(key)
        if values is None:
            values = graph.solve(self.outcome_values(state, graph, seat))
            self.solved[key] = values
            if len(self.solved) > 8:
                self.solved.popitem(last=False)
        return graph, values

    def outcome_values(self, state: "MordorState", graph: TurnGraph, seat: int) -> np.ndarray:
        """The evaluation for ``seat`` after each of the turn's outcomes, played by the rules."""
        after = state.clone()
        after.history, after.movers = [], []  # not read by the end of a turn: spare the copies
        values = []
        for kept in graph.outcome_dice(die_for_slot(state)):
            end_of_turn(state, kept, after)
            values.append(self.evaluate(after, seat))
        return np.array(values)

    def choice_nodes(self, state: "MordorState") -> tuple[TurnGraph, list[int]]:
        """The graph node each legal action of ``state`` leads to, in ``legal_actions`` order."""
        graph = self.graph(state)
        assert state.roll is not None
        code = np.array([graph.code_of(state.kept)])
        hand = graph.hand_of(state.hand)
        order = sorted(range(len(hand)), key=lambda p: (hand[p], state.roll[p]))
        nodes = []
        for choice in state.keep_choices():
            chosen = sorted(order.index(p) for p in choice)
            delta, rest = graph.step(tuple(hand[p] for p in order), tuple(state.roll[p] for p in order),
                                     tuple(chosen))
            nodes.append(int(graph.node_indices(code + delta, rest)[0]))
        if state.may_reroll():
            nodes.append(int(graph.node_indices(code, tuple(sorted(hand)), again=True)[0]))
        return graph, nodes


def die_for_slot(state: "MordorState") -> dict[int, int]:
    """For each Nazgûl target counted from the roller, a die of ``state`` that hits it."""
    slots: dict[int, int] = {}
    for die in range(len(state.parts.dice)):
        slots.setdefault(relative_class(state, die)[0], die)
    return slots


def end_of_turn(state: "MordorState", kept: list[tuple[int, str]], after: "MordorState") -> None:
    """Make ``after`` (a clone of ``state``, reused) the state once ``state``'s turn ends with
    ``kept`` set aside, by the rules."""
    after.sheets = state.sheets.copy()
    after.seat, after.turns, after.events = state.seat, state.turns, state.events
    after.final_round, after.winners = state.final_round, state.winners
    after.kept, after.roll = tuple(kept), None
    after._end_turn(white_tree=False)


_GRAPHS: OrderedDict[Hashable, TurnGraph] = OrderedDict()
