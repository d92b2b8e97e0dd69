"""Bad input is refused with a message that says what is wrong and what is allowed, and changes nothing."""

import pytest

import middleearth
from middleearth.core.errors import BadOption, DataError, IllegalAction
from tests.games.trivia.helpers import ask, new, place, play


def refused(state, text):
    before, length = state.key(), len(state.history)
    with pytest.raises(IllegalAction) as error:
        state.apply(text)
    assert state.key() == before and len(state.history) == length
    return str(error.value)


def test_a_text_that_is_no_action_lists_the_forms():
    message = refused(new(), "fly to mordor")
    assert "not an action of the Trivia Game" in message and "move [CHIP:N ...]" in message
    assert "Legal now: move travel:1" in message


def test_moving_without_the_chips_says_what_is_legal():
    state = new()
    message = refused(state, "move combat:2 travel:1")
    assert "is not possible now" in message and "Legal now: move travel:1, move ring:1, linger" in message


def test_an_option_that_was_not_read_cannot_be_answered():
    state = new()
    place(state, 0, "Weathertop", travel=2)
    play(state, "move travel:2")
    ask(state)
    message = refused(state, "answer 4")
    assert "1 to 3" in message


def test_a_player_cannot_act_for_chance_nor_chance_for_a_player():
    state = new()
    play(state, "move travel:1")
    assert "chance's move" in refused(state, "answer 1")
    assert "not possible now" in refused(new(), "die ring")


def test_a_help_not_held_cannot_be_played():
    state = new()
    assert "not possible now" in refused(state, "play haldir")


def test_the_game_over_refuses_everything():
    state = new()
    state.winner, state.ended = 0, True
    assert "the game is over" in refused(state, "linger")


@pytest.mark.parametrize("options,words", [
    ({"players": 5}, "from 2 to 4"),
    ({"players": 1}, "from 2 to 4"),
    ({"reader": "me"}, "'seat', 'software'"),
    ({"knowledge": "genius"}, "novice, fan, scholar"),
    ({"strategy": "bold,careful,steady"}, "3 values for 2 seats"),
    ({"packs": " , "}, "at least one"),
    ({"colour": "red"}, "its options are players, teams, packs"),
])
def test_bad_options_say_what_is_allowed(options, words):
    with pytest.raises(BadOption) as error:
        middleearth.load("trivia", **options)
    assert words in str(error.value)


def test_an_unknown_pack_names_the_packs_there_are():
    with pytest.raises(DataError) as error:
        middleearth.load("trivia", packs="elvish-poetry")
    assert "no question pack named 'elvish-poetry'" in str(error.value) and "middleearth" in str(error.value)


def test_a_broken_board_in_a_users_data_folder_names_the_file_and_the_problem(tmp_path):
    (tmp_path / "board.toml").write_text(
        '[[location]]\nname = "Bag End"\nkind = "start"\nprovenance = "design"\nsource = "mine"\n'
        '[[location]]\nname = "Bree"\nkind = "plain"\ncost = { travel = 1 }\nprovenance = "design"\nsource = "mine"\n',
        encoding="utf-8")
    with pytest.raises(DataError) as error:
        middleearth.load("trivia", data=str(tmp_path))
    assert "board.toml" in str(error.value) and "needs an eye" in str(error.value)


def test_a_users_board_replaces_ours(tmp_path):
    from importlib import resources

    text = resources.files("middleearth.games.trivia").joinpath("data", "board.toml").read_text(encoding="utf-8")
    (tmp_path / "board.toml").write_text(text.replace("cost = { travel = 1 }", "cost = { combat = 1 }"), "utf-8")
    state = middleearth.load("trivia", data=str(tmp_path)).new_state()
    assert [str(a) for a in state.legal_actions()] == ["move combat:1", "move ring:1", "linger"]


def test_a_record_replays_and_a_broken_one_names_the_action():
    state = new()
    play(state, "linger", "die tree", "take tile", "tile healing-2", "die ring")
    record = state.to_record()
    assert middleearth.replay(record) == state
    record["actions"][3] = "tile nothing"
    with pytest.raises(middleearth.RecordError) as error:
        middleearth.replay(record)
    assert error.value.action_number == 4
