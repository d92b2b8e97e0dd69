"""The rules of Journey to Mordor: rolling, setting aside, applying results, elimination, the end.

Each rule is a short method named after it; docs/mordor.md maps the rulebook to them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from middleearth.core.contract import CHANCE, TERMINAL, Action, State
from middleearth.games.mordor.actions import REROLL, Keep, Reroll, Roll
from middleearth.games.mordor.components import Components
from middleearth.games.mordor.views import observe, plain_text

if TYPE_CHECKING:
    from middleearth.games.mordor.game import MordorGame


@dataclass(frozen=True, slots=True)
class Sheet:
    """One player's sheet. ``splits`` is a bit per Nazgûl space that Gandalf split; ``marked``
    counts the units (whole spaces or halves) crossed off from the left."""

    ring: int = 0
    splits: int = 0
    marked: int = 0

    def units(self, spaces: int) -> int:
        return spaces + self.splits.bit_count()

    def unmarked_units(self, spaces: int) -> int:
        return self.units(spaces) - self.marked

    def eliminated(self, spaces: int) -> bool:
        return self.marked >= self.units(spaces)

    def spaces(self, spaces: int) -> list[dict[str, Any]]:
        """Each Nazgûl space as the sheet shows it: split or whole, and how many units are marked
        (0 or 1 for a whole space, 0 to 2 halves for a split one)."""
        shown, unit = [], 0
        for index in range(spaces):
            split = bool(self.splits >> index & 1)
            width = 2 if split else 1
            marked = max(0, min(width, self.marked - unit))
            shown.append({"split": split, "marked": marked})
            unit += width
        return shown

    def split_next(self, spaces: int) -> "Sheet":
        """Gandalf: split the first whole space not yet marked; no effect when none is left."""
        unit = 0
        for index in range(spaces):
            split = self.splits >> index & 1
            if not split and unit >= self.marked:
                return Sheet(self.ring, self.splits | 1 << index, self.marked)
            unit += 2 if split else 1
        return self

    def mark(self, count: int, spaces: int) -> "Sheet":
        return Sheet(self.ring, self.splits, min(self.units(spaces), self.marked + count))


@dataclass(frozen=True, slots=True)
class Tally:
    """The dice set aside at the end of a turn, counted as the rules read them."""

    rings: int
    orcs: int
    fellowship: int
    gandalf: int
    nazgul: tuple[int, ...]  # the die index of each set-aside Nazgûl


class MordorState(State):
    game: "MordorGame"

    def __init__(self, game: "MordorGame"):
        super().__init__(game)
        self.parts: Components = game.components
        self.sheets: list[Sheet] = [Sheet() for _ in range(game.num_players)]
        self.seat = 0  # whose turn it is
        self.hand: tuple[int, ...] = tuple(range(len(self.parts.dice)))  # dice still to roll
        self.roll: tuple[str, ...] | None = None  # faces of the dice in hand, once rolled
        self.kept: tuple[tuple[int, str], ...] = ()  # (die, face) set aside this turn
        self.rerolled = False  # Rohan: this roll was already rolled again
        self.final_round = False
        self.winners: tuple[int, ...] | None = None  # set when the game ends
        self.turns = 0
        self.events: tuple[tuple[int, str], ...] = ()  # (action number, what happened), for the log

    # -- who is who -------------------------------------------------------------------------

    def colour_owner(self, die: int) -> int | None:
        """The seat whose colour die ``die`` is, if that seat is still in the game."""
        colour = self.parts.dice[die]
        for seat, seat_colour in enumerate(self.game.seat_colours):
            if seat_colour == colour and not self.eliminated(seat):
                return seat
        return None

    def eliminated(self, seat: int) -> bool:
        return self.sheets[seat].eliminated(self.parts.nazgul_spaces)

    def reached(self, seat: int) -> bool:
        return self.sheets[seat].ring >= self.parts.goal

    def location(self, seat: int) -> str:
        return self.parts.locations[self.sheets[seat].ring]

    def feature(self, seat: int | None = None) -> str:
        """The location feature in force for ``seat``'s turn (none in the basic game)."""
        if not self.game.locations_variant:
            return "none"
        return self.parts.features[self.sheets[self.seat if seat is None else seat].ring]

    # -- the contract -------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.winners is not None:
            return TERMINAL
        return CHANCE if self.roll is None else self.seat

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return list(self.game.rolls(self.hand).items())

    def _is_chance_outcome(self, action: Action) -> bool:
        return action in self.game.rolls(self.hand)

    def _sample_chance(self, rng: random.Random) -> Action:
        # Die by die: the same distribution as the list of outcomes, without building it.
        colours, faces = self.parts.dice, self.parts.faces
        return Roll(tuple((colours[d], rng.choice(faces[d])) for d in self.hand))

    def _legal_actions(self) -> list[Action]:
        assert self.roll is not None
        # Each rolled die named once, not once per choice: a web hub lists these every move.
        named = [(self.parts.dice[die], face) for die, face in zip(self.hand, self.roll)]
        actions: list[Action] = [Keep(tuple([named[p] for p in choice])) for choice in self.keep_choices()]
        if self.may_reroll():
            actions.append(REROLL)
        return actions

    def may_reroll(self) -> bool:
        """Rohan: each roll may be rolled once more, before setting aside."""
        return self.feature() == "reroll_each_roll" and not self.rerolled

    def keep_choices(self) -> list[tuple[int, ...]]:
        """Every legal set of positions in the current roll to set aside, in a fixed order.

        At least one die; one die per symbol (any number in Rivendell); a rolled Nazgûl must be
        set aside, exactly one of them (at least one in Rivendell).
        """
        assert self.roll is not None
        by_symbol: dict[str, list[int]] = {}
        for position, face in enumerate(self.roll):
            by_symbol.setdefault(face, []).append(position)
        identical = self.feature() == "identical_symbols"
        choices: list[tuple[int, ...]] = [()]
        for face, positions in by_symbol.items():
            options = _subsets(positions) if identical else [()] + [(p,) for p in positions]
            if face == "nazgul":
                options = [option for option in options if option]
            choices = [choice + option for choice in choices for option in options]
        return [tuple(sorted(choice)) for choice in choices if choice]

    def _dice_named(self, positions: tuple[int, ...]) -> tuple[tuple[str, str], ...]:
        assert self.roll is not None
        return tuple((self.parts.dice[self.hand[p]], self.roll[p]) for p in positions)

    def _illegal_reason(self, action: Action) -> str | None:
        if isinstance(action, Roll):
            return "dice are rolled by chance, not by a player: set aside dice with 'keep'"
        if isinstance(action, Reroll):
            if self.feature() != "reroll_each_roll":
                return "only in Rohan (locations version) may a roll be rolled again"
            if self.rerolled:
                return "in Rohan each roll may be rolled again only once"
            return None
        assert isinstance(action, Keep) and self.roll is not None
        # parse_action already refuses these in text; an Action built in code must be refused too.
        if not action.dice:
            return "at least one die must be set aside after each roll"
        named = [colour for colour, _ in action.dice]
        if len(set(named)) != len(named):
            return "a die can be set aside only once"
        shown = dict(self._dice_named(tuple(range(len(self.hand)))))
        for colour, face in action.dice:
            if colour not in shown:
                return f"the {colour} die is already set aside this turn"
            if shown[colour] != face:
                return f"the {colour} die shows {shown[colour]}, not {face}"
        faces = [face for _, face in action.dice]
        if self.feature() != "identical_symbols" and len(set(faces)) != len(faces):
            return "the dice set aside from one roll must all show different symbols"
        if "nazgul" in self.roll and "nazgul" not in faces:
            return "a rolled Nazgûl must be set aside"
        return None

    def _apply(self, action: Action) -> None:
        if isinstance(action, Roll):
            self.roll = tuple(face for _, face in action.dice)
        elif isinstance(action, Reroll):
            self.roll = None
            self.rerolled = True
        else:
            assert isinstance(action, Keep)
            self._set_aside(action)

    def _set_aside(self, action: Keep) -> None:
        index = self.parts.colour_index
        chosen = {index(colour) for colour, _ in action.dice}
        self.kept += tuple((index(colour), face) for colour, face in action.dice)
        self.hand = tuple(d for d in self.hand if d not in chosen)
        self.roll = None
        self.rerolled = False
        white_tree = any(face == "tree" for _, face in action.dice)
        if white_tree or not self.hand:
            self._end_turn(white_tree)

    # -- applying results ---------------------------------------------------------------------

    def tally(self) -> Tally:
        """The set-aside dice as the rules count them, with this turn's location feature."""
        faces = [face for _, face in self.kept]
        feature = self.feature()
        rings = faces.count("ring")
        if feature == "one_ring_fewer":
            if self.parts.shelob == "minus_one":
                rings = max(0, rings - 1)
            elif rings < 2:
                rings = 0
        return Tally(
            rings=rings,
            orcs=faces.count("orc") * (2 if feature == "double_orcs" else 1),
            fellowship=faces.count("fellowship") * (2 if feature == "double_fellowship" else 1),
            gandalf=0 if feature == "no_gandalf" else faces.count("gandalf"),
            nazgul=tuple(die for die, face in self.kept if face == "nazgul"),
        )

    def nazgul_target(self, die: int, feature: str | None = None) -> int | None:
        """Who marks a space for a Nazgûl on die ``die`` this turn (None: nobody, in Gondor).

        ``feature`` is the one in force where the turn started (the roller may have moved since)."""
        feature = self.feature() if feature is None else feature
        if feature == "all_nazgul_on_you":
            return self.seat
        owner = None if die == self.parts.black else self.colour_owner(die)
        target = owner if owner is not None else self.seat
        if target == self.seat and feature == "nazgul_spare_you":
            return None
        return target

    def _end_turn(self, white_tree: bool) -> None:
        feature = self.feature()  # where the turn started, before the rings move the hobbit
        tally = self.tally()
        spaces = self.parts.nazgul_spaces
        seat = self.seat
        sheets = self.sheets
        name = self.game.seat_names()
        said: list[str] = []
        if white_tree:
            said.append(f"{name[seat]} sets aside the White Tree and stops")
        advance = tally.rings if tally.orcs <= tally.fellowship else 0
        if tally.rings and not advance:
            said.append(f"the orcs outnumber the fellowship: {name[seat]}'s rings are lost")
        sheet = sheets[seat]
        if advance:
            sheet = Sheet(min(self.parts.goal, sheet.ring + advance), sheet.splits, sheet.marked)
            said.append(f"{name[seat]} advances {advance} to {self.parts.locations[sheet.ring]}")
        for _ in range(tally.gandalf):  # Gandalf splits before the Nazgûl mark: never worse
            split = sheet.split_next(spaces)
            if split != sheet:
                said.append(f"Gandalf splits a space on {name[seat]}'s Nazgûl route")
            sheet = split
        sheets[seat] = sheet
        for die in tally.nazgul:
            target = self.nazgul_target(die, feature)
            colour = self.parts.dice[die]
            if target is None:
                said.append(f"the {colour} Nazgûl has no effect on {name[seat]} (Gondor)")
                continue
            if self.eliminated(target):
                continue
            sheets[target] = sheets[target].mark(1, spaces)
            said.append(f"{name[target]} marks a Nazgûl space ({colour} die)")
            if self.eliminated(target):
                said.append(f"{name[target]} is eliminated")
        self.events += tuple((len(self.history) + 1, line) for line in said)
        self.hand = tuple(range(len(self.parts.dice)))
        self.kept = ()
        self.turns += 1
        self._pass_turn()

    # -- the end of the game ------------------------------------------------------------------

    def _pass_turn(self) -> None:
        seats = range(self.game.num_players)
        active = [s for s in seats if not self.eliminated(s)]
        if not active:
            self._finish(())
            return
        if any(self.reached(s) for s in active):
            self.final_round = True
        following = [s for s in active if s > self.seat]
        if self.final_round and not following:  # the round is played to its end
            arrived = [s for s in active if self.reached(s)]
            if arrived:
                self._finish(self._best(arrived))
                return
            self.final_round = False  # whoever arrived was eliminated since: play on
        self.seat = following[0] if following else active[0]

    def _best(self, arrived: list[int]) -> tuple[int, ...]:
        """Several in Mordor: most unmarked whole and half spaces wins; still tied: they share."""
        spaces = self.parts.nazgul_spaces

        def left(seat: int) -> float:
            sheet = self.sheets[seat]
            if self.parts.tiebreak == "units":
                return sheet.unmarked_units(spaces)
            return sheet.unmarked_units(spaces) - _half_units_unmarked(sheet, spaces) / 2

        top = max(left(s) for s in arrived)
        return tuple(s for s in arrived if left(s) == top)

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.winners = winners
        self.roll = None
        names = self.game.seat_names()
        line = "everyone is eliminated: all have lost" if not winners else (
            " and ".join(names[s] for s in winners) + (" wins" if len(winners) == 1 else " share the win")
        )
        self.events += ((len(self.history) + 1, line),)

    def returns(self) -> list[float]:
        if not self.winners:
            return [0.0] * self.game.num_players
        share = 1.0 / len(self.winners)
        return [share if s in self.winners else 0.0 for s in range(self.game.num_players)]

    # -- views ----------------------------------------------------------------------------------

    def key(self) -> Any:
        return (tuple(self.sheets), self.seat, self.hand, self.roll, self.kept, self.rerolled,
                self.final_round, self.winners)

    def clone(self) -> "MordorState":
        other = MordorState.__new__(MordorState)
        other.__dict__.update(self.__dict__)
        other.history = self.history.copy()
        other.movers = self.movers.copy()
        other.sheets = self.sheets.copy()
        return other

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """Journey to Mordor hides nothing: every seat sees the whole table."""
        return observe(self, seat)

    def text(self, seat: int | None = None) -> str:
        return plain_text(self, seat)


def _subsets(items: list[int]) -> list[tuple[int, ...]]:
    subsets: list[tuple[int, ...]] = [()]
    for item in items:
        subsets += [subset + (item,) for subset in subsets]
    return subsets


def _half_units_unmarked(sheet: Sheet, spaces: int) -> int:
    return sum(2 - s["marked"] for s in sheet.spaces(spaces) if s["split"])
