"""The conformance kit over random games of every player count, and the hidden answer checked:
the active seat's view never holds the correct option before it answers."""

import random

import pytest

import middleearth
from middleearth.core.conformance import check_game
from tests.games.trivia.helpers import ask, new, place, play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit_over_random_games(players):
    report = check_game(middleearth.load("trivia", players=players), games=3, seed=players, observe_every=11)
    assert report.games == 3 and report.chance_steps > 0


def test_conformance_with_the_software_reading_and_teams():
    game = middleearth.load("trivia", players=3, reader="software", teams=True)
    assert check_game(game, games=2, seed=8, observe_every=11).games == 2


def open_question(players=3, reader="seat", difficulty="medium"):
    state = new(players=players, reader=reader)
    if difficulty == "medium":
        place(state, 1, "Anduin", ring=1, combat=2)
        play(state, "move ring:1 combat:2")
    else:
        place(state, 1, "Weathertop", travel=2)
        play(state, "move travel:2")
    ask(state, number=2)
    return state


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_the_active_seat_sees_the_question_and_options_but_not_the_answer(difficulty):
    state = open_question(difficulty=difficulty)
    question = state.question()
    view = state.observation(1)
    assert view["question"]["text"] == question.text
    assert view["question"]["options"] == [question.options[i] for i in state.shown]
    assert view["card"] is None and "correct" not in repr(view) and "bracket" not in repr(view)
    assert "=>" not in state.text(1)  # the reader's mark of the right option


def test_only_the_reader_seat_sees_the_answers_and_the_brackets():
    state = open_question(players=3)
    reader = state.reader
    assert reader == 0
    card = state.observation(reader)["card"]
    assert [(q["correct"], q["bracket"]) for q in card] == state.keys
    assert "=>" in state.text(reader)
    for seat in (None, 1, 2):
        assert state.observation(seat)["card"] is None


def test_with_the_software_reading_nobody_sees_the_answer():
    state = open_question(reader="software")
    for seat in (None, 0, 1, 2):
        assert state.observation(seat)["card"] is None
    assert all(state.log_text(i, s) is None for s in (None, 0, 1, 2)
               for i, text in enumerate(map(str, state.history)) if text.startswith("card "))


def test_the_question_card_drawn_is_in_the_log_of_its_reader_only():
    state = open_question(players=3)
    index = next(i for i, action in enumerate(state.history) if str(action).startswith("card "))
    assert state.log_text(index, 0) == str(state.history[index])
    assert state.log_text(index, 1) is None and state.log_text(index, None) is None


def test_the_answer_is_public_once_given():
    state = open_question()
    answer = state.question().options[state.keys[state.qnumber][0]]
    play(state, "answer 1")
    for seat in (None, 0, 1, 2):
        assert state.observation(seat)["last_answer"]["answer"] == answer


def test_resample_moves_the_answer_among_the_options_read_and_keeps_what_the_seat_saw():
    state = open_question(difficulty="easy")
    rng = random.Random(3)
    seen = set()
    for _ in range(60):
        other = state.resample(1, rng)
        assert other.observation(1) == state.observation(1)
        assert other.observation(None) == state.observation(None)
        correct = other.keys[other.qnumber][0]
        assert correct in state.shown  # an easy question's answer is one of the three read
        seen.add(correct)
    assert seen == set(state.shown)
    assert all(state.resample(0, rng).keys == state.keys for _ in range(5))  # the reader knows


def test_the_terminal_picture_shows_the_answer_to_the_reader_only():
    from rich.console import Console

    from middleearth.games.trivia.render import render

    state = open_question(players=3)
    answer = state.question().options[state.keys[state.qnumber][0]]

    def picture(seat):
        console = Console(width=200, record=True, color_system=None)
        console.print(render(state, seat))
        return console.export_text()

    assert "the card (you read it)" in picture(0) and answer in picture(0)
    assert "the card (you read it)" not in picture(1) and state.question().text in picture(1)
