"""`middleearth play`: the loop driven by scripted input, as a person would type it."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Callable

import pytest
from rich.console import Console
from typer.testing import CliRunner

import middleearth
from middleearth.cli import play as play_module
from middleearth.cli.main import app
from middleearth.cli.play import Session
from middleearth.core.contract import CHANCE, State

# A first roll with a ring on the yellow die and the White Tree on the black one.
FIRST_ROLL = "roll yellow:ring red:orc blue:gandalf green:fellowship black:tree"


class Script:
    """Answers prompts from a list of lines, then ends the input (as Ctrl-D would)."""

    def __init__(self, *lines: str):
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def session(state: State, seats: list[str], ask: Callable[[str], str], seed: int = 1) -> tuple[Session, io.StringIO]:
    screen = io.StringIO()
    console = Console(file=screen, width=100, color_system=None)
    return Session(state, seats, console, ask=ask, seed=seed), screen


def rolled(players: int = 2) -> State:
    """A new game in which Frodo (seat 0) has rolled FIRST_ROLL and must choose."""
    state = middleearth.load("mordor", players=players).new_state()
    state.apply(FIRST_ROLL)
    return state


def test_ai_seats_play_a_whole_game():
    result = CliRunner().invoke(app, ["play", "mordor", "--seats", "greedy,random,greedy", "--seed", "7",
                                      "--delay", "0"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Sam's turn (random)" in result.output  # spectators see each turn begin, with the table
    assert result.output.count("Ring-bearer's route") > 3
    assert "wins" in result.output or "share the win" in result.output or "all have lost" in result.output


def test_the_same_seed_plays_the_same_game():
    games = [Session(middleearth.load("mordor", players=2).new_state(), ["greedy", "random"],
                     Console(file=io.StringIO()), seed=3) for _ in range(2)]
    for game in games:
        assert game.run() == 0
    assert games[0].state.to_record() == games[1].state.to_record()


def test_a_human_chooses_by_number():
    state = rolled()
    legal = state.legal_actions()
    play, screen = session(state, ["human", "greedy"], Script("3"))
    assert play.run() == 130  # the script ends at the next prompt
    assert state.history[1] == legal[2]
    assert f"3.  {legal[2]}" in screen.getvalue()


def test_a_human_chooses_by_text_in_any_order_and_case():
    state = rolled()
    script = Script("KEEP black:tree yellow:ring")
    play, _ = session(state, ["human", "greedy"], script)
    play.run()
    assert str(play.state.history[1]) == "keep yellow:ring black:tree"
    # The White Tree ended Frodo's turn: he may still take it back before Sam's dice are rolled.
    assert play.state.current_player == CHANCE
    assert script.prompts[-2].startswith("Frodo, press Enter to end your turn")


@pytest.mark.parametrize("line, reason", [
    ("99", "there is no choice 99"),
    ("keep red:ring", "the red die shows orc, not ring"),
    ("keep purple:ring", "no 'purple' die"),
    ("dance", "is not an action"),
])
def test_a_bad_choice_is_refused_with_the_legal_list(line, reason):
    state = rolled()
    before = state.clone()
    play, screen = session(state, ["human", "greedy"], Script(line))
    play.run()
    shown = screen.getvalue()
    assert reason in shown
    after_refusal = shown[shown.index(reason):]
    assert "1.  keep" in after_refusal and f"{len(before.legal_actions())}.  keep" in after_refusal
    assert play.state == before and play.state.history == before.history


def test_undo_takes_a_decision_back_before_the_roll():
    state = rolled()
    play, screen = session(state, ["human", "greedy"], Script("keep yellow:ring", "undo"))
    play.run()
    assert "Taken back: keep" in screen.getvalue()
    assert play.state == rolled() and play.state.current_player == 0


def test_undo_is_refused_once_chance_has_spoken():
    state = rolled()
    play, screen = session(state, ["human", "greedy"], Script("keep yellow:ring", "", "undo"))
    play.run()
    assert "Cannot undo: the dice have been rolled since your last decision" in screen.getvalue()
    assert len(play.state.history) == 3  # roll, keep, roll: nothing taken back


def test_undo_is_refused_across_another_players_decision():
    state = middleearth.load("mordor", players=2).new_state()
    state.apply(FIRST_ROLL)
    state.apply("keep yellow:ring black:tree")  # Frodo stops; Sam rolls next
    state.apply("roll yellow:ring red:ring blue:ring green:ring black:tree")
    state.apply("keep yellow:ring black:tree")  # Sam stops; Frodo's turn
    play, screen = session(state, ["human", "greedy"], Script("undo"))
    play.run()
    assert "Cannot undo: Sam has decided since" in screen.getvalue()
    assert len(play.state.history) == 4


def test_hot_seat_names_whose_turn_it_is():
    def ask(prompt: str) -> str:
        asked.append(prompt)
        if prompt.startswith("Sam, your choice"):  # the screen has passed to Sam: enough
            raise EOFError
        return "1" if "your choice" in prompt else ""

    asked: list[str] = []
    play, screen = session(middleearth.load("mordor", players=2).new_state(), ["human", "human"], ask)
    play.run()
    assert "Frodo's turn" in screen.getvalue() and "Sam's turn" in screen.getvalue()
    assert any(p.startswith("Sam, press Enter to roll") for p in asked)
    assert any(p.startswith("Frodo, press Enter to end your turn") for p in asked)


def test_save_then_load_resumes_the_exact_state(tmp_path: Path):
    saved = tmp_path / "game.json"
    state = rolled(players=3)
    play, screen = session(state, ["human", "greedy", "greedy"], Script("keep yellow:ring", f"save {saved}", "quit", ""))
    assert play.run() == 0
    assert f"Saved to {saved}" in screen.getvalue()
    assert middleearth.load_record(saved) == play.state

    result = CliRunner().invoke(app, ["play", "mordor", "--load", str(saved), "--seats", "human,greedy,greedy"],
                                input="quit\n\n")
    assert result.exit_code == 0, result.output
    assert "Frodo, press Enter to roll" in result.output  # the game resumes at the very same moment
    assert json.loads(saved.read_text())["actions"] == [str(a) for a in play.state.history]


def test_end_of_input_offers_to_save_and_leaves():
    script = Script()
    play, screen = session(rolled(), ["human", "greedy"], script)
    assert play.run() == 130
    assert "Save before leaving?" in script.prompts[-1] and "Left the game." in screen.getvalue()


def test_leaving_can_save(tmp_path: Path):
    saved = tmp_path / "left.json"
    state = rolled()
    play, _ = session(state, ["human", "greedy"], Script("quit", str(saved)))
    assert play.run() == 0
    assert middleearth.load_record(saved) == state


def test_help_and_odds_change_nothing():
    state = rolled()
    play, screen = session(state, ["human", "greedy"], Script("help", "odds"))
    play.run()
    assert "Journey to Mordor in short" in screen.getvalue() and "save FILE" in screen.getvalue()
    assert play.state == rolled()


@pytest.mark.parametrize("arguments, message", [
    (["--players", "7"], "option players=7 is out of range"),
    (["--variant", "extreme"], "option variant='extreme' is not allowed"),
    (["--seats", "human,wizard"], "no player 'wizard'; each seat is one of human, "),
    (["--players", "3", "--seats", "human,greedy"], "--seats names 2 seats for 3 players"),
    (["--hobbits", "Frodo,Gollum", "--players", "2"], "no hobbit 'Gollum'"),
    (["--data", "no/such/folder"], "data folder no/such/folder does not exist"),
    (["--load", "no/such/game.json"], "no record file at no/such/game.json"),
])
def test_bad_options_exit_2_with_one_clear_line(arguments, message):
    result = CliRunner().invoke(app, ["play", "mordor", *arguments])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_broken_files_exit_2(tmp_path: Path):
    record = tmp_path / "broken.json"
    record.write_text("{not json")
    result = CliRunner().invoke(app, ["play", "mordor", "--load", str(record)])
    assert result.exit_code == 2 and "is not JSON" in result.stderr

    data = tmp_path / "data"
    data.mkdir()
    (data / "dice.toml").write_text("black = 'black'\n[[die]]\ncolour = 'black'\nfaces = ['wand']\n")
    result = CliRunner().invoke(app, ["play", "mordor", "--data", str(data)])
    assert result.exit_code == 2 and "dice.toml" in result.stderr


def test_load_refuses_options_that_the_record_already_fixes(tmp_path: Path):
    record = tmp_path / "game.json"
    state = rolled()
    middleearth.save_record(state, record)
    result = CliRunner().invoke(app, ["play", "mordor", "--load", str(record), "--players", "3"])
    assert result.exit_code == 2 and "leave out --players" in result.stderr


def test_enter_takes_the_only_choice():
    state = rolled()
    state.apply("keep yellow:ring red:orc blue:gandalf green:fellowship")
    state.apply("roll black:orc")
    assert [str(a) for a in state.legal_actions()] == ["keep black:orc"]
    play, _ = session(state, ["human", "greedy"], Script(""))
    play.run()
    assert str(play.state.history[3]) == "keep black:orc"


def test_a_game_without_render_or_odds_falls_back_to_text(monkeypatch):
    monkeypatch.setattr(play_module, "_game_module", lambda game, name: None)
    state = rolled()
    play, screen = session(state, ["human", "greedy"], Script("odds"))
    play.run()
    shown = screen.getvalue()
    assert state.text(0).splitlines()[0] in shown
    assert "odds are not available for this game" in shown


def test_a_failing_ai_seat_stops_the_game_cleanly(tmp_path: Path):
    state = rolled()
    state.apply("keep yellow:ring black:tree")  # Sam, an AI seat, rolls next
    saved = tmp_path / "kept.json"
    play, screen = session(state, ["human", "greedy"], Script("", str(saved)))
    play.agents[1].choose = lambda state: middleearth.load("mordor").parse_action("keep red:tree")
    assert play.run() == 1
    assert "The game cannot go on:" in screen.getvalue()
    assert middleearth.load_record(saved) == play.state


def test_odds_come_from_the_game_for_a_choice_only(monkeypatch):
    asked: list[State] = []

    class Odds:
        @staticmethod
        def odds_table(state: State) -> str:
            asked.append(state)
            return "ODDS TABLE"

    monkeypatch.setattr(play_module, "_game_module", lambda game, name: Odds if name == "odds" else None)
    state = middleearth.load("mordor", players=2).new_state()
    play, screen = session(state, ["human", "greedy"], Script("odds", "", "odds"))
    play.run()
    shown = screen.getvalue()
    assert "odds are for a choice" in shown and shown.count("ODDS TABLE") == 1
    assert asked == [play.state] and play.state.current_player == 0


def test_answering_no_to_save_leaves_without_a_file(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    play, screen = session(rolled(), ["human", "greedy"], Script("quit", "no"))
    assert play.run() == 0
    assert "Left the game." in screen.getvalue()
    assert list(tmp_path.iterdir()) == []
