"""Bad input is refused with a message naming the rule and what is allowed, and changes nothing:
illegal actions, bad options, broken data folders and records that break the rules."""

import json
from pathlib import Path

import pytest

import middleearth
from middleearth.games.mordor import Keep, Sheet

from .helpers import GOAL, NAZGUL_SPACES, QUIET_TURN, RIVENDELL, ROHAN, play, refused, sheets, table, user_data

ROLL = "roll yellow:ring red:ring blue:orc green:nazgul black:tree"


# -- illegal actions ------------------------------------------------------------------------------

@pytest.mark.parametrize("text,reason", [
    ("keep yellow:ring red:ring green:nazgul", "must all show different symbols"),
    ("keep yellow:ring black:tree", "a rolled Nazgûl must be set aside"),
    ("keep yellow:orc green:nazgul", "the yellow die shows ring, not orc"),
    ("keep green:ring", "the green die shows nazgul, not ring"),
    ("reroll", "only in Rohan"),
    ("roll yellow:ring red:ring blue:orc green:nazgul black:tree", "rolled by chance, not by a player"),
    ("hello Gandalf", "is not an action"),
    ("keep purple:ring", "there is no 'purple' die"),
    ("keep yellow:mithril", "'mithril' is no symbol"),
    ("keep yellow:ring yellow:ring", "names a die twice"),
    ("keep", "is not an action"),
    ("", "an empty action"),
])
def test_an_illegal_action_names_the_rule_lists_the_legal_ones_and_changes_nothing(text, reason):
    state = play(table(), ROLL)
    error = refused(state, text)
    assert reason in error.reason
    assert error.legal == [str(action) for action in state.legal_actions()]
    assert "Legal now: keep" in str(error)


def test_a_die_already_set_aside_cannot_be_set_aside_again():
    state = play(table(), ROLL, "keep yellow:ring green:nazgul", "roll red:ring blue:orc black:orc")
    assert "yellow die is already set aside" in refused(state, "keep yellow:ring").reason


def test_reroll_twice_in_rohan_is_refused():
    state = table(variant="locations")
    state.sheets[0] = Sheet(ring=ROHAN)
    play(state, ROLL, "reroll", ROLL)
    assert "only once" in refused(state, "reroll").reason


def test_keep_actions_built_in_code_are_checked_too():
    """parse_action refuses these texts; the same actions built as values must not slip through."""
    state = table(variant="locations")
    state.sheets[0] = Sheet(ring=RIVENDELL)
    play(state, "roll yellow:ring red:ring blue:fellowship green:fellowship black:tree")
    for action, reason in [(Keep(()), "at least one die"),
                           (Keep((("yellow", "ring"), ("yellow", "ring"))), "only once")]:
        before = state.clone()
        with pytest.raises(middleearth.IllegalAction, match=reason):
            state.apply(action)
        assert state == before


def test_a_player_action_at_a_chance_node_is_refused():
    state = table()
    error = refused(state, "keep yellow:ring")
    assert "not a possible chance outcome" in str(error)
    assert "not a possible chance outcome" in str(refused(state, "roll yellow:ring red:ring"))


def test_a_face_a_die_does_not_carry_is_refused():
    """Only the black die has the White Tree: no roll shows it elsewhere, no keep may claim it."""
    state = table()
    assert "not a possible chance outcome" in str(
        refused(state, "roll yellow:tree red:ring blue:ring green:ring black:ring"))
    play(state, "roll yellow:ring red:ring blue:ring green:ring black:ring")
    assert "the yellow die shows ring, not tree" in refused(state, "keep yellow:tree").reason


def test_acting_after_the_end_is_refused():
    state = table()
    state.sheets[0] = Sheet(ring=GOAL - 1)
    play(state, "roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
         "keep yellow:ring black:tree", *QUIET_TURN)
    assert state.is_terminal()
    assert "the game is over" in str(refused(state, QUIET_TURN[0]))


# -- bad options ----------------------------------------------------------------------------------

@pytest.mark.parametrize("options,message", [
    ({"players": 7}, "option players=7 is out of range: use a whole number from 2 to 4"),
    ({"players": "two"}, "option players='two' is not a number"),
    ({"variant": "x"}, "option variant='x' is not allowed: use one of 'basic', 'locations'"),
    ({"hobbits": "frodo,gollum"}, "no hobbit 'Gollum'; choose from Frodo, Sam, Merry, Pippin"),
    ({"hobbits": "sam,sam"}, "no two players may choose the same hobbit"),
    ({"players": 3, "hobbits": "sam,merry"}, "names 2 hobbits for 3 players"),
    ({"colour": "red"}, "mordor has no option 'colour': its options are players, variant, hobbits, data"),
])
def test_bad_options_are_refused_with_what_is_allowed(options, message):
    with pytest.raises(middleearth.BadOption) as error:
        middleearth.load("mordor", **options)
    assert message in str(error.value)


def test_chosen_hobbits_sit_in_the_order_given():
    game = middleearth.load("mordor", players=3, hobbits="Pippin, sam ,merry")
    assert game.seat_names() == ["Pippin", "Sam", "Merry"]
    assert game.seat_colours == ("green", "red", "blue")


# -- broken data folders --------------------------------------------------------------------------

@pytest.mark.parametrize("filename,old,new,message", [
    ("dice.toml", 'black = "black"', "black = ", "dice.toml is not valid TOML"),
    ("hobbits.toml", 'colour = "red"\n', "", "hobbits.toml: field hobbit.1.colour: Field required"),
    ("dice.toml", 'colour = "yellow"\nfaces = ["ring", "ring"', 'colour = "yellow"\nfaces = ["tree", "ring"',
     "dice.toml: the yellow die has a White Tree, which only the black die carries"),
    ("routes.toml", f"spaces = {NAZGUL_SPACES}", "spacse = 8", "routes.toml: field nazgul_route.spaces"),
    ("routes.toml", f"spaces = {NAZGUL_SPACES}", "spacse = 8", "nazgul_route.spacse: Extra inputs are not permitted"),
    ("dice.toml", '"orc"', '"troll"', "dice.toml: field die.0.faces.4: Input should be"),
    ("rulings.toml", 'reading = "minus_one"', 'reading = "half"', "rulings.toml: field shelob.reading"),
    ("hobbits.toml", 'colour = "green"', 'colour = "purple"', "Pippin's colour 'purple' has no die"),
])
def test_a_broken_data_file_names_the_file_and_the_field(tmp_path: Path, filename, old, new, message):
    data = user_data(tmp_path, filename, old, new)
    with pytest.raises(middleearth.DataError) as error:
        middleearth.load("mordor", data=data)
    assert message in str(error.value)
    assert filename in str(error.value)


def test_a_missing_data_folder_is_named(tmp_path: Path):
    with pytest.raises(middleearth.DataError, match="does not exist"):
        middleearth.load("mordor", data=str(tmp_path / "nowhere"))


def test_a_users_dice_file_replaces_ours(tmp_path: Path):
    """A table whose dice carry no orcs: no roll shows one, and the rest of our data still loads."""
    data = user_data(tmp_path, "dice.toml", '"orc"', '"fellowship"')
    state = middleearth.load("mordor", data=data).new_state()
    assert all("orc" not in faces for faces in state.parts.faces)
    assert not any("orc" in str(action) for action, _ in state.chance_outcomes())
    assert state.parts.nazgul_spaces == NAZGUL_SPACES


def test_the_length_tie_break_reading_from_a_users_rulings(tmp_path: Path):
    """With halves counted as half a space, N - 4 whole spaces and four halves (N - 2) lose to N - 1
    whole ones (N Nazgûl spaces)."""
    data = user_data(tmp_path, "rulings.toml", 'reading = "units"', 'reading = "length"')
    state = table(data=data)
    state.sheets = [Sheet(ring=GOAL - 1, marked=1), Sheet(ring=GOAL - 1, splits=0b1111, marked=4)]
    arrive = ("roll yellow:ring red:fellowship blue:fellowship green:fellowship black:tree",
              "keep yellow:ring black:tree")
    play(state, *arrive, *arrive)
    assert state.returns() == [1.0, 0.0]


# -- records --------------------------------------------------------------------------------------

def played(turns: int = 3) -> middleearth.State:
    state = table(players=3, variant="locations")
    for _ in range(turns):
        play(state, ROLL, "keep yellow:ring green:nazgul black:tree")
    return state


def test_a_record_saves_and_loads_to_the_same_state(tmp_path: Path):
    state = played()
    path = middleearth.save_record(state, tmp_path / "game.json")
    loaded = middleearth.load_record(path)
    assert loaded == state and loaded.history == state.history
    assert loaded.observation() == state.observation()
    assert json.loads(path.read_text(encoding="utf-8"))["actions"][:2] == [ROLL, "keep yellow:ring green:nazgul black:tree"]


def test_a_record_that_breaks_the_rules_fails_with_the_action_number(tmp_path: Path):
    record = played().to_record()
    record["actions"][3] = "keep yellow:ring red:ring"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(middleearth.RecordError) as error:
        middleearth.load_record(path)
    assert error.value.action_number == 4
    assert "action 4 ('keep yellow:ring red:ring') breaks the rules" in str(error.value)
    assert "different symbols" in str(error.value) and "broken.json" in str(error.value)


def test_a_record_with_bad_options_fails_clearly():
    record = played().to_record()
    record["options"]["players"] = 9
    with pytest.raises(middleearth.RecordError, match="cannot be set up: option players=9 is out of range"):
        middleearth.replay(record)
