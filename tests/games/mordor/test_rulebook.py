"""The basic game, rule by rule, and every example of the rulebook (rules/journey_to_mordor.txt).

Each test names the paragraph or example it checks; docs/mordor.md maps them to the code.
"""

import middleearth
from middleearth.games.mordor import Sheet

from .helpers import ALL_SPLIT, GOAL, NAZGUL_SPACES, QUIET_TURN, play, refused, sheets, table


# -- Dice rolls -----------------------------------------------------------------------------------

def test_a_turn_starts_with_all_five_dice_rolled():
    state = table()
    assert state.current_player == middleearth.CHANCE
    assert {str(a).count(":") for a, _ in state.chance_outcomes()} == {5}


def test_setting_aside_one_die_per_symbol_then_rolling_the_rest():
    state = play(table(), "roll yellow:ring red:ring blue:orc green:fellowship black:gandalf",
                 "keep yellow:ring black:gandalf")
    assert state.current_player == middleearth.CHANCE
    assert state.observation()["dice"]["in_hand"] == ["red", "blue", "green"]


def test_later_rolls_may_repeat_a_symbol_already_set_aside():
    """A ring on the first roll and another ring on the second: both count."""
    state = play(table(), "roll yellow:ring red:ring blue:fellowship green:fellowship black:gandalf",
                 "keep yellow:ring", "roll red:ring blue:fellowship green:fellowship black:gandalf",
                 "keep red:ring blue:fellowship black:gandalf", "roll green:fellowship",
                 "keep green:fellowship")
    assert sheets(state)[0] == Sheet(ring=2, splits=0b1)


def test_all_dice_must_be_set_aside_before_the_results_apply():
    state = play(table(), "roll yellow:ring red:orc blue:orc green:orc black:orc", "keep yellow:ring")
    assert sheets(state) == [Sheet(), Sheet()] and state.seat == 0
    play(state, "roll red:orc blue:orc green:orc black:orc", "keep red:orc",
         "roll blue:orc green:orc black:orc", "keep blue:orc", "roll green:orc black:orc",
         "keep green:orc", "roll black:ring", "keep black:ring")
    assert state.seat == 1  # the turn passed to the left only once every die was set aside


# -- Ring, orcs, Fellowship ------------------------------------------------------------------------

def test_frodo_one_ring_example():
    """'Player Frodo ... has a ring result set aside, so they may mark 1 space.'"""
    state = play(table(), "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
                 "keep yellow:ring black:tree")
    assert sheets(state) == [Sheet(ring=1), Sheet()]


def test_two_rings_mark_two_spaces():
    state = play(table(), "roll yellow:ring red:ring blue:gandalf green:gandalf black:tree",
                 "keep yellow:ring black:tree")
    assert sheets(state)[0].ring == 1
    state = play(table(), "roll yellow:ring red:ring blue:fellowship green:fellowship black:fellowship",
                 "keep yellow:ring", "roll red:ring blue:fellowship green:fellowship black:tree",
                 "keep red:ring black:tree")
    assert sheets(state)[0].ring == 2


def test_orcs_outnumbering_fellowship_cancel_all_rings():
    """Two rings, two orcs and one Fellowship member: no space on the Ring-bearer's route."""
    state = play(table(), "roll yellow:ring red:ring blue:orc green:orc black:fellowship",
                 "keep yellow:ring blue:orc black:fellowship", "roll red:ring green:orc",
                 "keep red:ring green:orc")
    assert sheets(state)[0] == Sheet()


def test_equal_orcs_and_fellowship_keep_every_ring():
    state = play(table(), "roll yellow:ring red:ring blue:orc green:orc black:fellowship",
                 "keep yellow:ring blue:orc black:fellowship", "roll red:ring green:orc",
                 "keep red:ring", "roll green:fellowship", "keep green:fellowship")
    assert sheets(state)[0] == Sheet(ring=2)


def test_fewer_orcs_than_fellowship_keep_every_ring():
    state = play(table(), "roll yellow:ring red:orc blue:fellowship green:fellowship black:fellowship",
                 "keep yellow:ring red:orc blue:fellowship", "roll green:fellowship black:tree",
                 "keep green:fellowship black:tree")
    assert sheets(state)[0] == Sheet(ring=1)


# -- Nazgûl and colours -----------------------------------------------------------------------------

def test_merry_black_and_blue_nazgul_example_and_the_red_die_on_sam():
    """Merry sets aside the blue and black Nazgûl (2 marks for Merry), and the red one (Sam marks 1)."""
    state = play(table(hobbits="merry,sam"),
                 "roll yellow:ring red:nazgul blue:nazgul green:ring black:nazgul",
                 "keep yellow:ring blue:nazgul", "roll red:nazgul green:ring black:nazgul",
                 "keep green:ring black:nazgul", "roll red:nazgul", "keep red:nazgul")
    assert sheets(state) == [Sheet(ring=2, marked=2), Sheet(marked=1)]


def test_the_red_nazgul_on_sam_during_merrys_turn():
    state = play(table(players=4), *QUIET_TURN, *QUIET_TURN,
                 "roll yellow:fellowship red:nazgul blue:fellowship green:fellowship black:tree",
                 "keep red:nazgul black:tree")
    assert sheets(state) == [Sheet(), Sheet(marked=1), Sheet(), Sheet()]
    assert state.seat == 3


def test_a_rolled_nazgul_must_be_set_aside_exactly_one():
    state = play(table(), "roll yellow:nazgul red:nazgul blue:ring green:ring black:ring")
    assert all(str(a).count("nazgul") == 1 for a in state.legal_actions())
    assert "must be set aside" in refused(state, "keep blue:ring").reason
    assert "different symbols" in refused(state, "keep yellow:nazgul red:nazgul").reason


def test_an_unused_colour_hits_the_roller_with_fewer_than_four_players():
    """Frodo and Sam play: the blue (Merry) and green (Pippin) Nazgûl count for the roller."""
    state = play(table(), "roll yellow:fellowship red:fellowship blue:nazgul green:nazgul black:tree",
                 "keep blue:nazgul", "roll yellow:fellowship red:fellowship green:nazgul black:tree",
                 "keep green:nazgul black:tree")
    assert sheets(state) == [Sheet(marked=2), Sheet()]


def test_nazgul_of_a_seated_colour_hit_that_player_with_three_players():
    state = play(table(players=3), "roll yellow:nazgul red:fellowship blue:fellowship green:fellowship black:tree",
                 "keep yellow:nazgul", "roll red:fellowship blue:nazgul green:fellowship black:tree",
                 "keep blue:nazgul black:tree")
    assert sheets(state) == [Sheet(marked=1), Sheet(), Sheet(marked=1)]


# -- Gandalf -----------------------------------------------------------------------------------------

def test_merry_worked_example_ring_gandalf_fellowship_orc_nazgul():
    """The Fellowship member cancels the orc, the ring applies, Gandalf splits the first space and
    the Nazgûl crosses off only half of it."""
    state = play(table(hobbits="merry,sam"),
                 "roll yellow:ring red:gandalf blue:fellowship green:orc black:nazgul",
                 "keep yellow:ring red:gandalf blue:fellowship green:orc black:nazgul")
    assert sheets(state) == [Sheet(ring=1, splits=0b1, marked=1), Sheet()]


def test_sam_worked_example_two_nazgul_orc_gandalf_ring_and_blue_nazgul_on_merry():
    """After Merry's example: Sam's ring is lost to the orc, Gandalf splits Sam's first space, the
    red Nazgûl marks half of it, and the blue Nazgûl crosses off Merry's second half."""
    state = play(table(hobbits="merry,sam"),
                 "roll yellow:ring red:gandalf blue:fellowship green:orc black:nazgul",
                 "keep yellow:ring red:gandalf blue:fellowship green:orc black:nazgul",
                 "roll yellow:ring red:nazgul blue:nazgul green:orc black:gandalf",
                 "keep yellow:ring red:nazgul green:orc black:gandalf", "roll blue:nazgul",
                 "keep blue:nazgul")
    assert sheets(state) == [Sheet(ring=1, splits=0b1, marked=2), Sheet(splits=0b1, marked=1)]


def test_sam_gandalf_example_split_then_mark_a_half():
    """Sam's first space is marked by Merry's red Nazgûl; Sam's Gandalf splits the next space and
    Sam's Nazgûl marks one of its halves."""
    state = play(table(hobbits="merry,sam"),
                 "roll yellow:fellowship red:nazgul blue:fellowship green:fellowship black:tree",
                 "keep red:nazgul black:tree")
    assert sheets(state) == [Sheet(), Sheet(marked=1)]
    play(state, "roll yellow:gandalf red:nazgul blue:orc green:orc black:orc",
         "keep yellow:gandalf red:nazgul", "roll blue:fellowship green:fellowship black:tree",
         "keep blue:fellowship black:tree")
    assert sheets(state) == [Sheet(), Sheet(splits=0b10, marked=2)]


def after_a_lone_gandalf(sheet: Sheet) -> Sheet:
    """Frodo's sheet after a turn that sets aside one Gandalf and nothing else that counts."""
    state = table()
    state.sheets[0] = sheet
    play(state, "roll yellow:gandalf red:fellowship blue:fellowship green:fellowship black:tree",
         "keep yellow:gandalf black:tree")
    return state.sheets[0]


def test_gandalf_has_no_effect_once_every_space_is_split():
    assert after_a_lone_gandalf(Sheet(splits=ALL_SPLIT, marked=3)) == Sheet(splits=ALL_SPLIT, marked=3)


def test_the_last_mordor_space_may_be_split_but_never_twice():
    halves = 2 * (NAZGUL_SPACES - 1)  # every half before Mordor marked
    only_mordor_whole = Sheet(splits=ALL_SPLIT >> 1, marked=halves)
    split = after_a_lone_gandalf(only_mordor_whole)
    assert split == Sheet(splits=ALL_SPLIT, marked=halves) and not split.eliminated(NAZGUL_SPACES)
    assert after_a_lone_gandalf(split) == split


def test_gandalf_skips_a_split_space_already_half_marked():
    assert after_a_lone_gandalf(Sheet(splits=0b1, marked=1)) == Sheet(splits=0b11, marked=1)


# -- White Tree ----------------------------------------------------------------------------------

def test_pippin_white_tree_example_ring_nazgul_and_tree_end_the_turn():
    """Pippin sets aside 1 ring, 1 Nazgûl and the White Tree; the second ring and the orc left in
    the roll do not count."""
    roll = "roll yellow:ring red:ring blue:orc green:nazgul black:tree"
    state = play(table(hobbits="pippin,frodo"), roll)
    assert "different symbols" in refused(state, "keep yellow:ring red:ring green:nazgul black:tree").reason
    play(state, "keep yellow:ring green:nazgul black:tree")
    assert sheets(state) == [Sheet(ring=1, marked=1), Sheet()]
    assert state.seat == 1 and state.current_player == middleearth.CHANCE


def test_pippin_could_instead_keep_ring_and_nazgul_and_roll_on():
    state = play(table(hobbits="pippin,frodo"), "roll yellow:ring red:ring blue:orc green:nazgul black:tree",
                 "keep yellow:ring green:nazgul")
    assert state.seat == 0 and state.current_player == middleearth.CHANCE
    assert state.observation()["dice"]["in_hand"] == ["red", "blue", "black"]
    assert sheets(state) == [Sheet(), Sheet()]  # nothing applies before the end of the turn


def test_with_the_white_tree_a_rolled_nazgul_must_still_be_set_aside():
    state = play(table(), "roll yellow:ring red:ring blue:orc green:nazgul black:tree")
    assert "Nazgûl must be set aside" in refused(state, "keep yellow:ring black:tree").reason


# -- Elimination ---------------------------------------------------------------------------------

def test_pippin_eliminated_the_others_play_on():
    state = table(players=4)
    state.sheets[3] = Sheet(marked=NAZGUL_SPACES - 1)
    play(state, *QUIET_TURN, *QUIET_TURN, *QUIET_TURN,
         "roll yellow:fellowship red:fellowship blue:fellowship green:nazgul black:tree",
         "keep green:nazgul black:tree")
    assert state.eliminated(3) and not state.is_terminal()
    assert state.seat == 0


def test_elimination_during_a_rivals_turn():
    """Sam's blue Nazgûl crosses off Merry's last space: Merry is out and never plays again."""
    state = table(players=3)
    state.sheets[2] = Sheet(marked=NAZGUL_SPACES - 1)
    play(state, *QUIET_TURN, "roll yellow:fellowship red:fellowship blue:nazgul green:fellowship black:tree",
         "keep blue:nazgul black:tree")
    assert state.eliminated(2)
    assert state.seat == 0  # Merry's turn is skipped


def test_the_eliminated_players_colour_then_hits_the_roller():
    state = table(players=3)
    state.sheets[2] = Sheet(marked=NAZGUL_SPACES)
    play(state, "roll yellow:fellowship red:fellowship blue:nazgul green:fellowship black:tree",
         "keep blue:nazgul black:tree")
    assert sheets(state) == [Sheet(marked=1), Sheet(), Sheet(marked=NAZGUL_SPACES)]


def test_reaching_mordor_and_eliminated_in_the_same_turn_is_eliminated():
    state = table(players=2)
    state.sheets[0] = Sheet(ring=GOAL - 1, marked=NAZGUL_SPACES - 1)
    play(state, "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:nazgul",
         "keep yellow:ring black:nazgul", "roll red:fellowship blue:fellowship green:fellowship",
         "keep red:fellowship")
    play(state, "roll blue:fellowship green:fellowship", "keep blue:fellowship",
         "roll green:fellowship", "keep green:fellowship")
    assert state.eliminated(0) and state.reached(0)
    assert not state.is_terminal() and state.seat == 1  # no win for Frodo; Sam plays on


def test_all_eliminated_everyone_loses():
    state = table(players=2)
    state.sheets = [Sheet(marked=NAZGUL_SPACES - 1), Sheet(marked=NAZGUL_SPACES - 1)]
    play(state, "roll yellow:fellowship red:nazgul blue:fellowship green:fellowship black:nazgul",
         "keep red:nazgul", "roll yellow:fellowship blue:fellowship green:fellowship black:nazgul",
         "keep black:nazgul", "roll yellow:fellowship blue:fellowship green:fellowship",
         "keep yellow:fellowship", "roll blue:fellowship green:fellowship", "keep blue:fellowship",
         "roll green:fellowship", "keep green:fellowship")
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.observation()["winners"] == []


# -- End of the game -----------------------------------------------------------------------------

def test_leftover_rings_are_ignored_at_mordor():
    state = table(players=2)
    state.sheets[0] = Sheet(ring=GOAL - 1)
    play(state, "roll yellow:ring red:ring blue:ring green:ring black:ring", "keep yellow:ring",
         "roll red:ring blue:ring green:ring black:ring", "keep red:ring",
         "roll blue:ring green:ring black:ring", "keep blue:ring", "roll green:ring black:tree",
         "keep green:ring black:tree")
    assert sheets(state)[0] == Sheet(ring=GOAL)


def test_the_final_round_is_played_to_its_end_and_a_lone_arrival_wins():
    state = table(players=3)
    state.sheets[1] = Sheet(ring=GOAL - 1)
    play(state, *QUIET_TURN, "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
         "keep yellow:ring black:tree")
    assert state.reached(1) and state.final_round and not state.is_terminal()
    assert state.seat == 2  # Merry still plays the round out
    play(state, *QUIET_TURN)
    assert state.is_terminal() and state.returns() == [0.0, 1.0, 0.0]


def test_the_first_seat_arriving_lets_everyone_else_finish_the_round():
    state = table(players=3)
    state.sheets[0] = Sheet(ring=GOAL - 1)
    play(state, "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
         "keep yellow:ring black:tree", *QUIET_TURN)
    assert not state.is_terminal() and state.seat == 2
    play(state, *QUIET_TURN)
    assert state.returns() == [1.0, 0.0, 0.0]


def test_tie_break_on_unmarked_whole_and_half_spaces():
    """Sam and Merry both reach Mordor in the final round: Merry has more unmarked units."""
    state = table(players=3)
    state.sheets[1] = Sheet(ring=GOAL - 1, marked=1)  # N - 1 whole spaces left
    state.sheets[2] = Sheet(ring=GOAL - 1, splits=0b1111, marked=4)  # 4 halves and N - 4 whole: N units
    arrive = ("roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
              "keep yellow:ring black:tree")
    play(state, *QUIET_TURN, *arrive)
    assert not state.is_terminal()
    play(state, *arrive)
    assert state.returns() == [0.0, 0.0, 1.0]


def test_a_tie_after_the_tie_break_is_a_shared_win():
    state = table(players=2)
    state.sheets = [Sheet(ring=GOAL - 1, marked=2), Sheet(ring=GOAL - 1, splits=0b1, marked=3)]
    arrive = ("roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
              "keep yellow:ring black:tree")
    play(state, *arrive, *arrive)
    assert state.returns() == [0.5, 0.5]


def test_a_reacher_eliminated_in_the_final_round_does_not_win_and_play_goes_on():
    state = table(players=3)
    state.sheets[0] = Sheet(ring=GOAL - 1, marked=NAZGUL_SPACES - 1)
    play(state, "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
         "keep yellow:ring black:tree",
         "roll yellow:nazgul red:fellowship blue:fellowship green:fellowship black:tree",
         "keep yellow:nazgul black:tree", *QUIET_TURN)
    assert state.eliminated(0) and not state.is_terminal()
    assert not state.final_round and state.seat == 1

