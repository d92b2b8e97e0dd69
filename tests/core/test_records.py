"""Records: replay rebuilds a state exactly; a broken record names its problem and action number;
rewind and can_undo take back a decision."""

import json
from pathlib import Path

import pytest

import middleearth
from middleearth.core.contract import RECORD_FORMAT
from middleearth.core.records import can_undo, rewind

ROLL = "roll yellow:ring red:ring blue:orc green:fellowship black:gandalf"


def started() -> middleearth.State:
    state = middleearth.load("mordor", players=2).new_state()
    state.apply(ROLL)
    state.apply("keep yellow:ring blue:orc")
    return state


def record(**changed) -> dict:
    return {**started().to_record(), **changed}


def test_a_record_holds_the_options_and_the_action_texts():
    assert started().to_record() == {
        "format": RECORD_FORMAT, "game": "mordor",
        "options": {"players": 2, "variant": "basic", "hobbits": "", "data": None},
        "actions": [ROLL, "keep yellow:ring blue:orc"]}


def test_replay_rebuilds_the_same_state():
    state = started()
    again = middleearth.replay(json.loads(json.dumps(state.to_record())))
    assert again == state and again.history == state.history and again.movers == state.movers


@pytest.mark.parametrize("bad,message", [
    ([], "a record is a JSON object"),
    ({"format": RECORD_FORMAT, "game": "mordor", "options": {}}, "the record has no field 'actions'"),
    (record(format="chess-pgn"), "record format 'chess-pgn' is not 'middleearth-record/1'"),
    (record(options=[2]), "options must be an object and its actions a list"),
    (record(actions="roll"), "options must be an object and its actions a list"),
    (record(game="monopoly"), "the record's game cannot be set up: no game named 'monopoly'"),
    (record(actions=[ROLL, 7]), "action 2 is not a text: 7"),
    (record(actions=["keep yellow:ring"]), "action 1 ('keep yellow:ring') breaks the rules"),
    (record(actions=[ROLL, "keep yellow:ring red:ring"]), "action 2 ('keep yellow:ring red:ring') breaks the rules"),
])
def test_a_broken_record_says_what_is_wrong(bad, message):
    with pytest.raises(middleearth.RecordError) as error:
        middleearth.replay(bad)
    assert message in str(error.value)


def test_a_rule_breaking_record_carries_the_action_number():
    with pytest.raises(middleearth.RecordError) as error:
        middleearth.replay(record(actions=[ROLL, "keep yellow:ring", "keep red:ring"]))
    assert error.value.action_number == 3


def test_save_and_load_round_trip(tmp_path: Path):
    state = started()
    path = middleearth.save_record(state, tmp_path / "game.json")
    assert middleearth.load_record(path) == state


@pytest.mark.parametrize("content,message", [
    (None, "no record file at"),
    (b"{not json", "is not JSON: line 1, column 2"),
    (b"\xff\xfe\x00", "cannot read"),
])
def test_an_unreadable_record_file_is_named(tmp_path: Path, content, message):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(middleearth.RecordError) as error:
        middleearth.load_record(path)
    assert message in str(error.value)


def test_a_record_file_that_breaks_the_rules_names_the_file_and_the_action(tmp_path: Path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record(actions=[ROLL, "keep yellow:gandalf"])), encoding="utf-8")
    with pytest.raises(middleearth.RecordError) as error:
        middleearth.load_record(path)
    assert str(path) in str(error.value) and error.value.action_number == 2


def test_a_decision_can_be_undone_while_it_is_the_last_action():
    state = started()
    assert can_undo(state, 0) and not can_undo(state, 1)
    before = rewind(state)
    assert before.history == state.history[:1] and before.current_player == 0
    assert before == middleearth.replay(record(actions=[ROLL]))


def test_no_undo_once_chance_has_spoken_or_before_any_action():
    state = started()
    state.apply("roll red:ring green:orc black:ring")
    assert not can_undo(state, 0)
    assert not can_undo(middleearth.load("mordor", players=2).new_state(), 0)


def test_rewinding_more_than_the_history_gives_the_new_state():
    state = started()
    assert rewind(state, 10) == state.game.new_state()
