"""The Lord of the Rings at one terminal: hidden hands stay hidden between the seats sharing it."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import middleearth
from middleearth.cli.main import app
from middleearth.cli.play import Session
from middleearth.core.contract import CHANCE
from middleearth.games.fellowship.render import render

HANDOVER = "Pass the device to "


def session(state, seats, ask, seed=1):
    screen = io.StringIO()
    console = Console(file=screen, width=110, color_system=None)
    return Session(state, seats, console, ask=ask, seed=seed), screen


class Driver:
    """Plays the first choice at every prompt and presses Enter at every handover; ends the input
    (as Ctrl-D would) once ``handovers`` screens have been passed, or at the first save prompt."""

    def __init__(self, handovers: int):
        self.handovers = handovers
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if "only you can see the screen" in prompt:
            self.handovers -= 1
            if self.handovers < 0:
                raise EOFError
            return ""
        if "Save before leaving" in prompt:
            return "no"
        return "1"


class Script:
    """Answers prompts from a list of lines, then ends the input; leaves without saving."""

    def __init__(self, *lines: str):
        self.lines = list(lines)

    def __call__(self, prompt: str) -> str:
        if "Save before leaving" in prompt:
            return "no"
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def hot_seat_game(handovers: int = 6):
    state = middleearth.load("fellowship", players=3).new_state()
    driver = Driver(handovers)
    play, screen = session(state, ["human", "human", "greedy"], driver)
    play.run()
    return play, screen.getvalue(), driver


def screens(shown: str) -> list[tuple[str | None, str]]:
    """The output cut at each handover: (the hobbit it was handed to, what followed)."""
    parts = shown.split(HANDOVER)
    cut = [(None, parts[0])]
    for part in parts[1:]:
        cut.append((part.split(".", 1)[0], part))
    return cut


def test_the_screen_is_handed_over_between_human_seats_and_hands_stay_private():
    play, shown, driver = hot_seat_game()
    cut = screens(shown)
    assert len(cut) >= 4, "Frodo and Sam each had the device more than once"
    assert {who for who, _ in cut[1:]} == {"Frodo", "Sam"}
    for who, part in cut:
        hands = set(re.findall(r"(\w+)'s hand \(\d+\)", part))
        owner = who or "Frodo"  # the first seat to move sees the screen first, without a handover
        assert hands <= {owner}, f"while {owner} plays, the screen showed the hand of {hands - {owner}}"
    assert "Pippin's hand" not in shown, "an AI seat's hand is never on screen"
    # Every handover waits for the next player before the hand appears.
    assert sum("only you can see the screen" in prompt for prompt in driver.prompts) >= 3


def test_cards_dealt_or_passed_face_down_are_never_announced():
    play, shown, _ = hot_seat_game(handovers=8)
    state = play.state
    assert re.search(r"\bdeal [a-z]", shown) is None, "no dealt card is named to the table"
    assert "a card is dealt face down to Frodo (x6)" in shown  # told only what all saw
    hidden = [i for i in range(len(state.history)) if state.log_text(i, None) is None]
    passes = [i for i in hidden if str(state.history[i]).startswith("give ")]
    assert passes, "the Council's face-down passes were played"
    for index in passes:
        mover = play.names[state.movers[index]]
        assert f"{mover:>10}  {state.history[index]}\n" not in shown
        assert "passes a card face down" in shown


def test_chance_goes_on_without_a_keypress():
    _, _, driver = hot_seat_game(handovers=2)
    assert not any("press Enter to roll" in prompt for prompt in driver.prompts)


def until(state, wanted, seed=4, limit=3000):
    """Play random legal moves (and chance) until ``wanted(state)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(state):
            return state
        if state.current_player == CHANCE:
            state.apply(middleearth.sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the wanted moment never came")


def frodo_plays_cards(state) -> bool:
    return (state.current_player == 0 and state.pending[-1][0] == "play"
            and any(str(a).startswith("play ") for a in state.legal_actions()))


@pytest.mark.parametrize("line, message", [
    ("dance", "is not an action of The Lord of the Rings; actions look like: pass, ring"),
    ("99", "there is no choice 99"),
    ("volunteer", "volunteer is not possible now: Frodo plays up to two cards"),
])
def test_bad_input_is_refused_with_a_clear_message(line, message):
    state = until(middleearth.load("fellowship", players=2).new_state(), frodo_plays_cards)
    before = state.clone()
    play, screen = session(state, ["human", "greedy"], Script(line))
    play.run()
    shown = screen.getvalue()
    assert message in shown
    assert "Traceback" not in shown
    assert play.state == before


def test_undo_takes_back_a_card_until_chance_speaks():
    state = until(middleearth.load("fellowship", players=2).new_state(), frodo_plays_cards)
    before = state.clone()
    card = next(str(a) for a in state.legal_actions() if str(a).startswith("play "))
    play, screen = session(state, ["human", "greedy"], Script(card, "undo"))
    play.run()
    assert f"Taken back: {card}" in screen.getvalue()
    assert play.state == before and play.state.history == before.history


def test_the_board_shows_tracks_events_and_only_your_own_hand():
    state = until(middleearth.load("fellowship", players=3).new_state(), frodo_plays_cards)
    screen = io.StringIO()
    Console(file=screen, width=110, color_system=None).print(render(state, 0))
    shown = screen.getvalue()
    cards = state.game.components.cards
    assert "Frodo's hand" in shown and "Sam's hand" not in shown
    for card_id in state.hands[0]:
        assert cards[card_id].name in shown
    assert "Corruption track" in shown and "Sauron" in shown
    assert "Conflict: Moria" in shown and "Speak, Friend" in shown and "Fly, You Fools!" in shown
    assert "[◆]" in shown or "[" in shown.split("Conflict: Moria")[1], "each track's marker shows without colour"
    assert "Frodo plays up to two cards" in shown

    spectator = io.StringIO()
    Console(file=spectator, width=110, color_system=None).print(render(state, None))
    assert "'s hand" not in spectator.getvalue()


def test_the_play_command_takes_fellowship_options():
    result = CliRunner().invoke(app, ["play", "fellowship", "--seats", "human,greedy", "-o", "sauron=easy"])
    assert result.exit_code == 2
    assert "option sauron='easy' is not allowed" in result.stderr
    result = CliRunner().invoke(app, ["play", "fellowship", "--seats", "human,greedy", "-o", "sauron"])
    assert result.exit_code == 2 and "write it as NAME=VALUE" in result.stderr
    result = CliRunner().invoke(app, ["play", "fellowship", "--seats", "human,greedy", "-o", "sauron=introductory"],
                                input="quit\nno\n")
    assert result.exit_code == 0, result.output
    assert "◉" in result.output.split("Sauron")[1].splitlines()[0]


def test_save_and_load_resume_the_same_moment(tmp_path):
    saved = tmp_path / "quest.json"
    state = until(middleearth.load("fellowship", players=2).new_state(), frodo_plays_cards)
    play, screen = session(state, ["human", "greedy"], Script("help", f"save {saved}", "quit"))
    assert play.run() == 0
    assert "The Lord of the Rings in short" in screen.getvalue()
    assert middleearth.load_record(saved) == state
    result = CliRunner().invoke(app, ["play", "fellowship", "--load", str(saved), "--seats", "human,greedy"],
                                input="quit\nno\n")
    assert result.exit_code == 0, result.output
    assert "Frodo plays up to two cards" in result.output and "Frodo's hand" in result.output


def test_a_seat_deciding_again_at_once_sees_its_hand_without_the_whole_board():
    state = until(middleearth.load("fellowship", players=2).new_state(), frodo_plays_cards)
    card = next(str(a) for a in state.legal_actions() if str(a).startswith("play "))
    play, screen = session(state, ["human", "greedy"], Script(card))
    play.run()
    shown = screen.getvalue()
    assert play.state.current_player == 0, "Frodo may play a second card or end his turn"
    assert shown.count("Frodo's hand") == 2 and shown.count("Corruption track") == 1


def test_ai_seats_play_a_whole_quest_and_show_no_hand():
    result = CliRunner().invoke(app, ["play", "fellowship", "--seats", "greedy,random", "--seed", "3", "--delay", "0"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "'s hand" not in result.output and re.search(r"\bdeal [a-z]", result.output) is None
    assert result.output.count("Corruption track") > 3, "spectators see the table at each new turn"
