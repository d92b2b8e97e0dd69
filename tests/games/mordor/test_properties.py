"""Property tests: the rules of setting aside and of the Nazgûl sheet, over many random cases."""

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

import middleearth
from middleearth.games.mordor import Sheet
from middleearth.games.mordor.actions import Roll

from .helpers import (GONDOR, HELMS_DEEP, LOTHLORIEN, MINAS_TIRITH, MORDOR, MORIA, NAZGUL_SPACES, RIVENDELL,
                      ROHAN, SHELOB, play, sheets, table)

FULL = NAZGUL_SPACES


@st.composite
def rolled(draw):
    """A state at a player's choice: some dice in hand, any faces, in Rivendell or not."""
    rivendell = draw(st.booleans())
    state = table(players=draw(st.integers(2, 4)), variant="locations")
    state.sheets[0] = Sheet(ring=RIVENDELL if rivendell else 0)
    state.hand = tuple(sorted(draw(st.sets(st.integers(0, 4), min_size=1))))
    parts = state.parts
    faces = [draw(st.sampled_from(parts.faces[die])) for die in state.hand]
    state.apply(Roll(tuple((parts.dice[die], face) for die, face in zip(state.hand, faces))))
    return state


def allowed(faces: list[str], roll: tuple[str, ...], rivendell: bool) -> bool:
    """The rulebook's test for one choice of dice from one roll, written out plainly."""
    if not faces:
        return False
    if not rivendell and len(set(faces)) != len(faces):
        return False
    return "nazgul" in faces or "nazgul" not in roll


@given(rolled())
def test_legal_keeps_are_exactly_the_subsets_the_rules_allow(state):
    """Brute force over every subset of the roll: a subset is offered exactly when it is legal,
    and every subset that is not offered is refused and changes nothing."""
    rivendell = state.feature() == "identical_symbols"
    colours = [state.parts.dice[die] for die in state.hand]
    offered = {str(action) for action in state.legal_actions()}
    for size in range(1, len(colours) + 1):
        for positions in combinations(range(len(colours)), size):
            text = "keep " + " ".join(f"{colours[p]}:{state.roll[p]}" for p in positions)
            faces = [state.roll[p] for p in positions]
            assert (text in offered) == allowed(faces, state.roll, rivendell), text
            if text not in offered:
                before = state.clone()
                try:
                    state.apply(text)
                except middleearth.IllegalAction:
                    assert state == before
                else:
                    raise AssertionError(f"{text} was accepted")


@given(rolled())
def test_every_legal_keep_obeys_the_rules(state):
    rivendell = state.feature() == "identical_symbols"
    nazgul_rolled = "nazgul" in state.roll
    for action in state.legal_actions():
        faces = [face for _, face in action.dice]
        assert faces
        if not rivendell:
            assert len(set(faces)) == len(faces)
        if nazgul_rolled:
            assert faces.count("nazgul") >= 1
            assert rivendell or faces.count("nazgul") == 1
        else:
            assert "nazgul" not in faces


sheets_strategy = st.builds(
    lambda splits, fraction: Sheet(splits=splits, marked=round(fraction * (FULL + splits.bit_count()))),
    st.integers(0, 2**FULL - 1), st.floats(0, 1))


def gandalf_first(sheet: Sheet, gandalf: int, nazgul: int) -> Sheet:
    for _ in range(gandalf):
        sheet = sheet.split_next(FULL)
    return sheet.mark(nazgul, FULL)


def nazgul_first(sheet: Sheet, gandalf: int, nazgul: int) -> Sheet:
    sheet = sheet.mark(nazgul, FULL)
    if sheet.eliminated(FULL):  # the player is out before Gandalf could help
        return sheet
    for _ in range(gandalf):
        sheet = sheet.split_next(FULL)
    return sheet


@given(sheets_strategy, st.integers(0, 5), st.integers(0, 5))
def test_gandalf_before_nazgul_is_never_worse(sheet, gandalf, nazgul):
    """The engine splits before it marks; the other order never leaves more unmarked, never
    saves a player the first order eliminates."""
    first, second = gandalf_first(sheet, gandalf, nazgul), nazgul_first(sheet, gandalf, nazgul)
    assert first.unmarked_units(FULL) >= second.unmarked_units(FULL)
    assert second.eliminated(FULL) or not first.eliminated(FULL)


def test_the_engine_splits_before_it_marks():
    """One space left: Gandalf splits it and the Nazgûl marks only half; the other order would
    eliminate."""
    state = table()
    state.sheets[0] = Sheet(marked=FULL - 1)
    play(state, "roll yellow:gandalf red:fellowship blue:fellowship green:fellowship black:nazgul",
         "keep yellow:gandalf black:nazgul", "roll red:fellowship blue:fellowship green:fellowship",
         "keep red:fellowship", "roll blue:fellowship green:fellowship", "keep blue:fellowship",
         "roll green:fellowship", "keep green:fellowship")
    assert sheets(state)[0] == Sheet(splits=1 << (FULL - 1), marked=FULL)
    assert not state.eliminated(0)
    assert nazgul_first(Sheet(marked=FULL - 1), 1, 1).eliminated(FULL)


@given(sheets_strategy, st.lists(st.one_of(st.just("split"), st.integers(1, 3)), max_size=12))
def test_marks_and_splits_keep_the_sheet_consistent(sheet, steps):
    for step in steps:
        before = sheet
        if step == "split":
            sheet = sheet.split_next(FULL)
            added = sheet.splits & ~before.splits
            assert sheet.marked == before.marked and added.bit_count() <= 1
            if added:  # the space split was whole and unmarked
                index = added.bit_length() - 1
                assert before.spaces(FULL)[index] == {"split": False, "marked": 0}
            else:
                assert all(s["split"] or s["marked"] for s in before.spaces(FULL))
        else:
            sheet = sheet.mark(step, FULL)
            assert sheet.splits == before.splits
            assert sheet.marked == min(before.marked + step, sheet.units(FULL))
        assert before.splits & ~sheet.splits == 0  # a split is never undone
        shown = sheet.spaces(FULL)
        assert 0 <= sheet.marked <= sheet.units(FULL) == FULL + sum(s["split"] for s in shown)
        assert sum(s["marked"] for s in shown) == sheet.marked
        widths = [2 if s["split"] else 1 for s in shown]
        # Marks fill from the left: only the first space not full may be part-marked.
        first_open = next((i for i, s in enumerate(shown) if s["marked"] < widths[i]), len(shown))
        assert all(s["marked"] == 0 for s in shown[first_open + 1:])
        assert sheet.eliminated(FULL) == (sheet.marked == sheet.units(FULL))


# Where each feature starts on the ring route (helpers' constants), read off the sheet's back.
FEATURE_FROM = [(SHELOB, "shelob"), (MINAS_TIRITH, "minas_tirith"), (GONDOR, "gondor"),
                (HELMS_DEEP, "helms_deep"), (ROHAN, "rohan"), (LOTHLORIEN, "lothlorien"),
                (MORIA, "moria"), (RIVENDELL, "rivendell"), (0, "bag_end")]


def place(ring: int) -> str:
    return next(name for start, name in FEATURE_FROM if ring >= start)


@st.composite
def last_die(draw):
    """A turn with four dice set aside and the black die about to be kept: any sheets, any
    faces, any seat, either variant."""
    players = draw(st.integers(2, 4))
    state = table(players=players, variant=draw(st.sampled_from(["basic", "locations"])))
    for seat in range(players):
        splits = draw(st.integers(0, 2**FULL - 1))
        units = FULL + splits.bit_count()
        state.sheets[seat] = Sheet(draw(st.integers(0, MORDOR - 1)), splits, draw(st.integers(0, units)))
    alive = [seat for seat in range(players) if not state.eliminated(seat)]
    if not alive:
        state.sheets[0] = Sheet()
        alive = [0]
    state.seat = draw(st.sampled_from(alive))
    black = state.parts.black
    state.kept = tuple((die, draw(st.sampled_from(state.parts.faces[die]))) for die in range(black))
    state.hand = (black,)
    return state, draw(st.sampled_from(state.parts.faces[black]))


@given(last_die())
def test_the_end_of_a_turn_follows_the_rulebook_arithmetic(case):
    """An independent reading of the rulebook, on the sheet as printed (spaces, halves), against
    the engine: rings against orcs and Fellowship, Gandalf then the Nazgûl by colour, with the
    feature of the space where the turn started."""
    state, face = case
    parts, seat = state.parts, state.seat
    here = place(state.sheets[seat].ring) if state.game.locations_variant else "bag_end"
    dice = [(parts.dice[die], kept) for die, kept in state.kept] + [("black", face)]
    count = [kept for _, kept in dice].count
    routes = [sheet.spaces(FULL) for sheet in state.sheets]
    rings = [sheet.ring for sheet in state.sheets]
    owners = {state.game.seat_colours[s]: s for s in range(len(routes)) if not full(routes[s])}

    ring_count = max(0, count("ring") - 1) if here == "shelob" else count("ring")
    orcs = count("orc") * (2 if here == "helms_deep" else 1)
    fellowship = count("fellowship") * (2 if here == "lothlorien" else 1)
    if orcs <= fellowship:
        rings[seat] = min(MORDOR, rings[seat] + ring_count)
    for _ in range(0 if here == "moria" else count("gandalf")):
        whole = next((space for space in routes[seat] if not space["split"] and not space["marked"]), None)
        if whole:
            whole["split"] = True
    for colour, kept in dice:
        if kept != "nazgul":
            continue
        target = seat if here == "minas_tirith" or colour == "black" else owners.get(colour, seat)
        if here == "gondor" and target == seat:
            continue
        space = next((space for space in routes[target] if space["marked"] < 1 + space["split"]), None)
        if space:
            space["marked"] += 1

    play(state, f"roll black:{face}", f"keep black:{face}")
    assert [sheet.ring for sheet in state.sheets] == rings
    assert [sheet.spaces(FULL) for sheet in state.sheets] == routes


def full(route: list[dict]) -> bool:
    return all(space["marked"] == 1 + space["split"] for space in route)
