"""The version with location features: each feature, and that the one in force is where the
active player STARTED the turn (rules/journey_to_mordor.txt, Version with Location Features)."""

from pathlib import Path

import pytest

from middleearth.games.mordor import Sheet

from .helpers import (GONDOR, HELMS_DEEP, LOTHLORIEN, MINAS_TIRITH, MORIA, RIVENDELL, ROHAN, SHELOB,
                      play, refused, sheets, table, user_data)

TREE_ENDS = "keep yellow:fellowship black:tree"


def at(space: int, players: int = 2, **options):
    """A locations game whose first seat starts its turn on ring-route space ``space``."""
    state = table(players=players, variant="locations", **options)
    state.sheets[0] = Sheet(ring=space)
    return state


def test_bag_end_has_no_feature():
    state = table(variant="locations")
    assert state.feature() == "none"
    play(state, "roll yellow:ring red:ring blue:fellowship green:fellowship black:fellowship")
    assert "different symbols" in refused(state, "keep yellow:ring red:ring").reason


def test_basic_game_ignores_the_locations():
    state = table()
    state.sheets[0] = Sheet(ring=RIVENDELL)
    play(state, "roll yellow:ring red:ring blue:fellowship green:fellowship black:fellowship")
    assert "different symbols" in refused(state, "keep yellow:ring red:ring").reason


def test_rivendell_sets_aside_identical_symbols():
    """Three rings on one roll: all three may be set aside."""
    state = play(at(RIVENDELL), "roll yellow:ring red:ring blue:ring green:fellowship black:tree",
                 "keep yellow:ring red:ring blue:ring green:fellowship black:tree")
    assert sheets(state)[0] == Sheet(ring=RIVENDELL + 3)


def test_rivendell_allows_several_nazgul_but_at_least_one():
    state = play(at(RIVENDELL), "roll yellow:nazgul red:ring blue:nazgul green:nazgul black:tree")
    keeps = [str(a) for a in state.legal_actions()]
    assert "keep yellow:nazgul blue:nazgul green:nazgul" in keeps
    assert all("nazgul" in keep for keep in keeps)
    assert "must be set aside" in refused(state, "keep red:ring black:tree").reason
    play(state, "keep yellow:nazgul blue:nazgul green:nazgul black:tree")
    assert sheets(state)[0] == Sheet(ring=RIVENDELL, marked=3)  # blue and green: no seat, so Frodo


def test_rivendell_applies_on_every_roll_of_the_turn():
    state = play(at(RIVENDELL), "roll yellow:fellowship red:ring blue:ring green:orc black:orc",
                 "keep yellow:fellowship", "roll red:ring blue:ring green:orc black:orc")
    assert "keep red:ring blue:ring" in [str(a) for a in state.legal_actions()]


def test_moria_gandalf_may_be_set_aside_but_has_no_effect():
    state = play(at(MORIA), "roll yellow:gandalf red:fellowship blue:fellowship green:fellowship black:tree",
                 "keep yellow:gandalf black:tree")
    assert sheets(state)[0] == Sheet(ring=MORIA)


def test_lothlorien_one_fellowship_member_cancels_two_orcs():
    state = play(at(LOTHLORIEN), "roll yellow:ring red:orc blue:fellowship green:orc black:orc",
                 "keep yellow:ring red:orc blue:fellowship", "roll green:orc black:orc", "keep green:orc",
                 "roll black:tree", "keep black:tree")
    assert sheets(state)[0] == Sheet(ring=LOTHLORIEN + 1)


def test_lothlorien_three_orcs_still_beat_one_fellowship_member():
    state = play(at(LOTHLORIEN), "roll yellow:ring red:orc blue:fellowship green:orc black:orc",
                 "keep yellow:ring red:orc blue:fellowship", "roll green:orc black:orc", "keep green:orc",
                 "roll black:orc", "keep black:orc")
    assert sheets(state)[0] == Sheet(ring=LOTHLORIEN)


def test_rohan_rerolls_each_roll_once():
    state = play(at(ROHAN), "roll yellow:nazgul red:nazgul blue:nazgul green:orc black:orc")
    assert "reroll" in [str(a) for a in state.legal_actions()]
    play(state, "reroll")
    assert state.rerolled and len(state.hand) == 5
    play(state, "roll yellow:nazgul red:orc blue:ring green:orc black:orc")
    assert "only once" in refused(state, "reroll").reason
    assert "reroll" not in [str(a) for a in state.legal_actions()]
    play(state, "keep yellow:nazgul blue:ring red:orc", "roll green:orc black:orc")
    assert "reroll" in [str(a) for a in state.legal_actions()]  # the next roll may be rerolled again
    play(state, "reroll", "roll green:fellowship black:tree", TREE_ENDS.replace("yellow", "green"))
    assert sheets(state)[0] == Sheet(ring=ROHAN + 1, marked=1)  # one orc, one Fellowship member


def test_reroll_outside_rohan_is_refused():
    state = play(at(HELMS_DEEP), "roll yellow:ring red:ring blue:fellowship green:fellowship black:tree")
    assert "only in Rohan" in refused(state, "reroll").reason
    state = play(table(), "roll yellow:ring red:ring blue:fellowship green:fellowship black:tree")
    assert "only in Rohan" in refused(state, "reroll").reason


def test_helms_deep_doubles_the_orcs():
    """One orc needs two Fellowship members."""
    one = play(at(HELMS_DEEP), "roll yellow:ring red:orc blue:fellowship green:fellowship black:tree",
               "keep yellow:ring red:orc blue:fellowship black:tree")
    assert sheets(one)[0] == Sheet(ring=HELMS_DEEP)
    two = play(at(HELMS_DEEP), "roll yellow:ring red:orc blue:fellowship green:fellowship black:fellowship",
               "keep yellow:ring red:orc blue:fellowship", "roll green:fellowship black:tree",
               "keep green:fellowship black:tree")
    assert sheets(two)[0] == Sheet(ring=HELMS_DEEP + 1)


def test_gondor_nazgul_spare_you_but_rivals_still_mark():
    state = play(at(GONDOR), "roll yellow:nazgul red:orc blue:orc green:orc black:nazgul",
                 "keep yellow:nazgul", "roll red:nazgul blue:orc green:orc black:nazgul",
                 "keep black:nazgul", "roll red:nazgul blue:orc green:nazgul", "keep red:nazgul",
                 "roll blue:nazgul green:fellowship", "keep blue:nazgul green:fellowship")
    assert sheets(state) == [Sheet(ring=GONDOR), Sheet(marked=1)]


def test_minas_tirith_all_nazgul_hit_you_and_the_rival_is_freed():
    state = play(at(MINAS_TIRITH), "roll yellow:fellowship red:nazgul blue:fellowship green:fellowship black:nazgul",
                 "keep red:nazgul", "roll yellow:fellowship blue:fellowship green:fellowship black:nazgul",
                 "keep yellow:fellowship black:nazgul", "roll blue:fellowship green:fellowship",
                 "keep blue:fellowship", "roll green:fellowship", "keep green:fellowship")
    assert sheets(state) == [Sheet(ring=MINAS_TIRITH, marked=2), Sheet()]


def test_shelob_one_ring_fewer_under_the_chosen_reading():
    """Reading 'minus_one' (data/rulings.toml): one ring gives nothing, two rings advance one."""
    one = play(at(SHELOB), "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
               "keep yellow:ring black:tree")
    assert sheets(one)[0] == Sheet(ring=SHELOB)
    two = play(at(SHELOB), *two_rings())
    assert sheets(two)[0] == Sheet(ring=SHELOB + 1)


def two_rings():
    return ("roll yellow:ring red:ring blue:fellowship green:fellowship black:fellowship",
            "keep yellow:ring", "roll red:ring blue:fellowship green:fellowship black:tree",
            "keep red:ring black:tree")


def test_shelob_threshold_reading_from_a_users_data_folder(tmp_path: Path):
    """The other reading of 'at least 2 rings to advance': with two rings, both count."""
    data = user_data(tmp_path, "rulings.toml", 'reading = "minus_one"', 'reading = "threshold"')
    two = play(at(SHELOB, data=data), *two_rings())
    assert sheets(two)[0] == Sheet(ring=SHELOB + 2)
    one = play(at(SHELOB, data=data), "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
               "keep yellow:ring black:tree")
    assert sheets(one)[0] == Sheet(ring=SHELOB)


@pytest.mark.parametrize("start,expected", [
    (MINAS_TIRITH - 1, Sheet(ring=MINAS_TIRITH)),  # Gondor spares the Nazgûl though the ring led on
    (GONDOR - 1, Sheet(ring=GONDOR, marked=1)),  # Helm's Deep rules, not Gondor
])
def test_the_feature_is_where_the_turn_starts(start, expected):
    state = play(at(start), "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:nazgul",
                 "keep yellow:ring black:nazgul", "roll red:fellowship blue:fellowship green:fellowship",
                 "keep red:fellowship", "roll blue:fellowship green:fellowship", "keep blue:fellowship",
                 "roll green:fellowship", "keep green:fellowship")
    assert sheets(state)[0] == expected


def test_arriving_in_rohan_gives_no_reroll_until_the_next_turn():
    state = play(at(ROHAN - 1), "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree")
    assert "reroll" not in [str(a) for a in state.legal_actions()]
    play(state, "keep yellow:ring black:tree")
    assert sheets(state)[0].ring == ROHAN and state.seat == 1
