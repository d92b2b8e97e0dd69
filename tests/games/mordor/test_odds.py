"""Exact odds of the choices on the table: hand-checked cases, brute-force agreement, the table."""

from __future__ import annotations

import pytest
from rich.console import Console
from typer.testing import CliRunner

import middleearth
from middleearth.agents.expectimax import ExpectimaxAgent
from middleearth.cli.main import app
from middleearth.games.mordor.odds import decision_odds, odds_table
from tests.agents.test_agents import roll_position
from tests.games.mordor.helpers import play, table

# Frodo (yellow) set aside a Ring, a Fellowship member and Gandalf, and rolls the last two dice.
TWO_LEFT = ("roll yellow:orc red:ring blue:fellowship green:gandalf black:orc",
            "keep red:ring blue:fellowship green:gandalf",
            "roll yellow:ring black:orc")


def by_text(rows):
    return {row.text: row for row in rows}


def test_two_dice_left_by_hand():
    rows = by_text(decision_odds(play(table(2), *TWO_LEFT)))
    both = rows["keep yellow:ring black:orc"]
    # Two rings, one orc, one Fellowship member: the orc is countered, both rings count.
    assert both.advance == {2: pytest.approx(1.0)}
    assert both.marks_on_you == {0: pytest.approx(1.0)} and both.white_tree == 0
    ring_only = rows["keep yellow:ring"]
    # The black die is rolled alone and kept as it falls: only its Ring adds a space, its
    # Nazgûl hits the roller, its White Tree ends the turn; the orc is countered either way.
    assert ring_only.advance == pytest.approx({2: 5 / 6, 3: 1 / 6})
    assert ring_only.marks_on_you == pytest.approx({0: 5 / 6, 1: 1 / 6})
    assert ring_only.marks_on_rivals == pytest.approx({0: 1.0})
    assert ring_only.white_tree == pytest.approx(1 / 6)


def brute_force(state, seat: int) -> dict:
    """The same odds by walking every chance outcome through the contract, the rest of the turn
    chosen by the plain expectimax search (no game hook)."""
    agent = ExpectimaxAgent(state.game, seat, fast=False)
    start_turn, start_ring = state.turns, state.sheets[seat].ring
    found: dict[object, dict] = {}

    def walk(current, probability, first):
        if current.is_chance_node():
            for outcome, p in current.chance_outcomes():
                after = current.clone()
                after.apply(outcome)
                walk(after, probability * p, first)
            return
        for action in current.legal_actions() if first is None else [agent.choose(current)]:
            after = current.clone()
            after.apply(action)
            key = action if first is None else first
            if after.turns == start_turn:
                walk(after, probability, key)
                continue
            dice = [(current.parts.colour_index(colour), face) for colour, face in getattr(action, "dice", ())]
            targets = [current.nazgul_target(die) for die, face in list(current.kept) + dice if face == "nazgul"]
            odds = found.setdefault(key, {"advance": {}, "you": {}, "rivals": {}, "tree": 0.0})
            for name, count in (("advance", after.sheets[seat].ring - start_ring),
                                ("you", targets.count(seat)),
                                ("rivals", sum(1 for t in targets if t not in (seat, None)))):
                odds[name][count] = odds[name].get(count, 0.0) + probability
            odds["tree"] += probability * any(face == "tree" for _, face in dice)

    walk(state, 1.0, None)
    return found


@pytest.mark.parametrize("players, variant, seed, actions, dice", [
    (2, "basic", 11, 6, 2), (3, "basic", 12, 20, 2), (4, "locations", 13, 40, 2), (2, "locations", 14, 30, 1),
    (3, "locations", 15, 16, 2),
])
def test_odds_agree_with_brute_force(players, variant, seed, actions, dice):
    state = roll_position(players, variant, seed, actions, dice_left=dice)
    expected = brute_force(state, state.current_player)
    for row in decision_odds(state):
        truth = expected[row.action]
        assert row.advance == pytest.approx(truth["advance"])
        assert row.marks_on_you == pytest.approx(truth["you"])
        assert row.marks_on_rivals == pytest.approx(truth["rivals"])
        assert row.white_tree == pytest.approx(truth["tree"])


@pytest.mark.parametrize("players, variant, seed", [(2, "basic", 1), (4, "basic", 2), (3, "locations", 3)])
def test_distributions_sum_to_one_and_the_best_row_is_the_agents_choice(players, variant, seed):
    state = roll_position(players, variant, seed, 0, dice_left=5)
    rows = decision_odds(state)
    assert {row.action for row in rows} == set(state.legal_actions())
    for row in rows:
        for distribution in (row.advance, row.marks_on_you, row.marks_on_rivals):
            assert sum(distribution.values()) == pytest.approx(1.0)
            assert all(p > 0 for p in distribution.values())
        assert 0.0 <= row.white_tree <= 1.0
    assert [row.value for row in rows] == sorted((row.value for row in rows), reverse=True)
    assert rows[0].best and not any(row.best for row in rows[1:])
    agent = ExpectimaxAgent(state.game, state.current_player)
    assert agent.choose(state) == rows[0].action


def test_the_table_marks_the_best_choice():
    state = play(table(2), *TWO_LEFT)
    console = Console(record=True, width=140)
    console.print(odds_table(state))
    shown = console.export_text()
    best = decision_odds(state)[0]
    assert "★" in shown and "Odds for Frodo" in shown
    assert f"{best.value:.1%}" in shown.split("★")[1].splitlines()[0]


def test_no_odds_without_a_roll_on_the_table():
    with pytest.raises(middleearth.MiddleEarthError, match="no decision on the table"):
        decision_odds(table(2))


def test_the_odds_command(tmp_path):
    runner = CliRunner()
    fresh = runner.invoke(app, ["odds", "mordor", "--players", "2", "--seed", "3"])
    assert fresh.exit_code == 0, fresh.output
    assert "★" in fresh.output
    record = tmp_path / "game.json"
    middleearth.save_record(play(table(2), *TWO_LEFT), record)
    saved = runner.invoke(app, ["odds", "mordor", "--record", str(record)])
    assert saved.exit_code == 0 and "Odds for Frodo" in saved.output
    middleearth.save_record(table(2), record)
    waiting = runner.invoke(app, ["odds", "mordor", "--record", str(record)])
    assert waiting.exit_code == 2 and "roll the dice first" in waiting.output
    assert "Traceback" not in waiting.output
    other = runner.invoke(app, ["odds", "trivia"])
    assert other.exit_code == 2 and "mordor" in other.output


def test_one_die_left_has_one_choice_and_a_certain_outcome():
    state = play(table(2), *TWO_LEFT[:2], "roll yellow:ring black:orc", "keep black:orc", "roll yellow:ring")
    [row] = decision_odds(state)
    # Rings 2, orc 1, Fellowship 1: the orc is countered and both rings count.
    assert row.best and row.advance == {2: pytest.approx(1.0)} and row.white_tree == 0
