"""Content files: TOML checked against a schema; errors name the file and the field; a user's data
folder replaces a packaged file of the same name."""

from pathlib import Path

import pytest

from middleearth.core.content import Sourced, Strict, load_content, parse_content
from middleearth.core.errors import DataError
from middleearth.games.mordor.components import DiceFile as MordorDice
from middleearth.games.mordor.components import HobbitsFile

PACKAGE = "middleearth.games.mordor"


class Die(Sourced):
    colour: str
    sides: int


class DiceFile(Strict):
    die: list[Die]


GOOD = '[[die]]\ncolour = "red"\nsides = 6\nprovenance = "design"\nsource = "ours"\n'


def test_a_good_file_parses_with_its_provenance():
    dice = parse_content(GOOD, DiceFile, "dice.toml")
    assert dice.die[0].colour == "red" and dice.die[0].provenance == "design"


@pytest.mark.parametrize("text,message", [
    ("[[die]\n", "dice.toml is not valid TOML: "),
    (GOOD.replace("sides = 6", 'sides = "six"'), "dice.toml: field die.0.sides: Input should be a valid integer"),
    (GOOD.replace("colour", "color"), "dice.toml: field die.0.colour: Field required; field die.0.color: Extra inputs"),
    (GOOD.replace('"design"', '"rumour"'), "field die.0.provenance: Input should be"),
    (GOOD.replace('"design"', '"disputed"'), "a disputed value must list its alternatives"),
])
def test_a_broken_file_names_the_file_and_the_field(text, message):
    with pytest.raises(DataError) as error:
        parse_content(text, DiceFile, "dice.toml")
    assert message in str(error.value)


def test_many_problems_show_the_first_three_and_count_the_rest():
    text = GOOD + '[[die]]\nsize = 1\nweight = 2\n'
    with pytest.raises(DataError) as error:
        parse_content(text, DiceFile, "dice.toml")
    assert str(error.value).count("field die.1.") == 3 and "more problems)" in str(error.value)


def test_a_users_folder_replaces_only_the_files_it_holds(tmp_path: Path):
    (tmp_path / "dice.toml").write_text(
        'black = "black"\n[[die]]\ncolour = "black"\nfaces = ["tree"]\nprovenance = "design"\nsource = "a test"\n',
        encoding="utf-8")
    assert [d.colour for d in load_content(PACKAGE, "dice.toml", MordorDice, tmp_path).die] == ["black"]
    assert len(load_content(PACKAGE, "hobbits.toml", HobbitsFile, tmp_path).hobbit) == 4  # packaged copy


def test_a_missing_or_unreadable_user_file_is_named(tmp_path: Path):
    with pytest.raises(DataError, match="does not exist or is not a folder"):
        load_content(PACKAGE, "dice.toml", MordorDice, tmp_path / "absent")
    (tmp_path / "dice.toml").write_bytes(b"\xff\xfe")
    with pytest.raises(DataError, match="cannot read .*dice.toml"):
        load_content(PACKAGE, "dice.toml", MordorDice, tmp_path)
