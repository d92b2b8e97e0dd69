"""Bad input gets a clear message that says what is allowed, and changes nothing."""

import pytest

import middleearth
from middleearth import BadOption, IllegalAction
from tests.games.fellowship.helpers import deal_opening, new


@pytest.mark.parametrize("options,words", [
    ({"players": 6}, "from 2 to 5"),
    ({"players": 1}, "from 2 to 5"),
    ({"sauron": "hard"}, "introductory (15), standard (12), expert (10)"),
    ({"sauron": "16"}, "a number from 1 to 15"),
    ({"expert": True}, "competitive=true"),
    ({"pass_the_ring": "maybe"}, "true or false"),
    ({"colour": "red"}, "its options are"),
])
def test_bad_options_say_what_is_allowed(options, words):
    with pytest.raises(BadOption) as refusal:
        middleearth.load("fellowship", **options)
    assert words in str(refusal.value)


def test_a_broken_data_file_names_the_file_and_field(tmp_path):
    (tmp_path / "die.toml").write_text('provenance = "design"\nsource = "x"\n[[face]]\nid = "odd"\n'
                                       'effect = "explode"\nsymbols = 1\n')
    with pytest.raises(middleearth.MiddleEarthError) as refusal:
        middleearth.load("fellowship", data=str(tmp_path))
    assert "die.toml" in str(refusal.value) and "explode" in str(refusal.value)


@pytest.mark.parametrize("text,words", [
    ("play gimli", "not possible now"),
    ("fly to the eagles", "not an action of The Lord of the Rings"),
    ("give heart", "not possible now"),
])
def test_illegal_actions_are_refused_and_change_nothing(text, words):
    state = new(players=2)
    deal_opening(state, {0: ["hiding-brown"] * 6, 1: ["fighting-brown"] * 6})
    before, length = state.key(), len(state.history)
    with pytest.raises(IllegalAction) as refusal:
        state.apply(text)
    assert words in str(refusal.value)
    assert set(refusal.value.legal) == {"prepare", "decline"}
    assert state.key() == before and len(state.history) == length


def test_a_refusal_names_the_decision():
    state = new(players=2)
    deal_opening(state, {0: ["hiding-brown"] * 6, 1: ["fighting-brown"] * 6})
    state.apply("decline")
    with pytest.raises(IllegalAction) as refusal:
        state.apply("give fighting-brown")
    assert "Nazgûl Appears" in str(refusal.value) and "Frodo" in str(refusal.value)


def test_a_chance_outcome_that_cannot_happen_is_refused():
    state = new(players=2)
    with pytest.raises(IllegalAction):
        state.apply("deal gimli")  # Gimli waits in Rivendell, not in the Quest deck
    with pytest.raises(IllegalAction):
        state.apply("die seven")
