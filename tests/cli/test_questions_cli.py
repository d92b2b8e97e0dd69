"""`middleearth questions check` and `convert`: reports, round trips, and one-line refusals (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from middleearth.cli.main import app
from middleearth.games.trivia.questions import load_pack

GOLDEN = Path(__file__).parents[1] / "games" / "trivia" / "golden" / "pack.toml"


def run(*args: str):
    return CliRunner().invoke(app, ["questions", *args])


def test_check_a_sound_pack_prints_its_figures_and_exits_0():
    result = run("check", str(GOLDEN))
    assert result.exit_code == 0, result.output
    assert "12 cards, 36 questions" in result.stdout
    assert "ok: 0 errors" in result.stdout


def test_check_a_pack_with_errors_lists_them_and_exits_1(tmp_path):
    # The bracketed option (dropped for easy questions) made the right one: an error the validator names.
    text = GOLDEN.read_text(encoding="utf-8").replace("correct = 2\nbracket = 0", "correct = 2\nbracket = 2", 1)
    broken = tmp_path / "broken.toml"
    broken.write_text(text, encoding="utf-8")
    result = run("check", str(broken))
    assert result.exit_code == 1
    assert "card ap-0001, question 1" in result.stdout
    assert "refused: 1 errors" in result.stdout


def test_check_a_pack_that_cannot_be_read_is_one_line_exit_2(tmp_path):
    result = run("check", "no-such-pack")
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("error: no question pack named 'no-such-pack'")
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_convert_to_json_and_csv_and_back_keeps_every_question(tmp_path):
    json_file, csv_file, back = tmp_path / "q.json", tmp_path / "q.csv", tmp_path / "back.toml"
    assert run("convert", str(GOLDEN), str(json_file)).exit_code == 0
    assert run("convert", str(json_file), str(csv_file)).exit_code == 0
    result = run("convert", str(csv_file), str(back), "--pack-id", "mine", "--title", "Mine")
    assert result.exit_code == 0, result.output
    assert "wrote 12 cards (36 questions)" in result.stdout
    original, returned = load_pack(GOLDEN), load_pack(back)
    assert returned.info.id == "mine"
    assert [[q.text for q in card.question] for card in returned.cards] == \
        [[q.text for q in card.question] for card in original.cards]
    assert [[q.answer for q in card.question] for card in returned.cards] == \
        [[q.answer for q in card.question] for card in original.cards]


@pytest.mark.parametrize("make_args, expected", [
    (lambda d: [str(d / "missing.json"), str(d / "out.toml")], "missing.json does not exist"),
    (lambda d: [str(GOLDEN), str(d / "out.txt")], "cannot tell the format"),
    (lambda d: [str(GOLDEN), str(d / "exists.csv")], "exists already: choose another name, or add --force"),
    (lambda d: [str(d / "exists.csv"), str(d / "exists.csv"), "--force"], "is the source itself"),
    (lambda d: [str(d / "exists.csv"), str(d / "out.toml"), "--pack-id", "My Pack"], "--pack-id 'My Pack'"),
    (lambda d: [str(d / "exists.csv"), str(d / "out.toml"), "--title", " "], "--title is empty"),
    (lambda d: [str(d / "bad.json"), str(d / "out.toml")], "no 'results' list"),
])
def test_convert_refuses_in_one_line_with_exit_2(tmp_path, make_args, expected):
    (tmp_path / "exists.csv").write_text("", encoding="utf-8")
    (tmp_path / "bad.json").write_text('{"questions": []}', encoding="utf-8")
    result = run("convert", *make_args(tmp_path))
    assert result.exit_code == 2
    assert expected in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_convert_overwrites_only_with_force(tmp_path):
    target = tmp_path / "q.csv"
    target.write_text("old", encoding="utf-8")
    assert run("convert", str(GOLDEN), str(target), "--force").exit_code == 0
    assert target.read_text(encoding="utf-8").startswith("card,")


def test_help_names_both_commands():
    result = run("--help")
    assert result.exit_code == 0
    assert "check" in result.stdout and "convert" in result.stdout
