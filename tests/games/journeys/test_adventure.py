"""The adventure format: the packaged adventure is sound, and every validator rule rejects a broken
file naming the file, the component and the field (issue 6: "the adventure validator rejects a
broken adventure file with the file, component and field named")."""

from pathlib import Path

import pytest

from middleearth.core.errors import DataError
from middleearth.games.journeys.adventure import (CORE_ELITE, CORE_ENEMIES, GroupSize, Problem, elite_bonuses, enemy_kinds,
                                                  load_adventure, packaged_adventure_path, packaged_adventures,
                                                  validate_adventure)

PACKAGED = packaged_adventure_path("cold-lanterns")
TEXT = PACKAGED.read_text(encoding="utf-8")


def broken(tmp_path: Path, *replacements: tuple[str, str]) -> tuple[Path, list[Problem]]:
    text = TEXT
    for old, new in replacements:
        assert old in text, f"the sample no longer holds {old!r}"
        text = text.replace(old, new, 1)
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path, validate_adventure(load_adventure(path), enemies=CORE_ENEMIES, elites=CORE_ELITE)


def assert_problem(path: Path, problems: list[Problem], component: str, field: str, words: str) -> None:
    matching = [p for p in problems if p.component == component and p.field == field and words in p.message]
    assert matching, f"no problem at {component} / {field} saying {words!r}; got:\n" + "\n".join(map(str, problems))
    assert all(p.file == str(path) for p in matching)
    assert str(path) in str(matching[0]) and component in str(matching[0])


def test_the_packaged_adventure_validates():
    adventure = load_adventure(PACKAGED)
    assert validate_adventure(adventure) == []
    assert "cold-lanterns" in packaged_adventures()


def test_the_packaged_adventure_has_what_the_issue_asks_for():
    adventure = load_adventure(PACKAGED)
    meta = adventure.adventure
    assert meta.min_heroes <= 2 and meta.max_heroes >= 5
    assert len(adventure.chapter) >= 3 and len(adventure.objective) >= 3
    assert len({g.enemy for g in adventure.enemy_group}) >= 5
    assert any(t.kind == "darkness" for t in adventure.token)
    assert len(adventure.threat) >= 1
    assert adventure.final_objective.id == "reach-ford"
    # a group for each difficulty, and hard brings more
    assert any(g.hard and not g.normal for g in adventure.enemy_group)


def test_enemy_kinds_and_elite_bonuses_come_from_a_users_enemies_file(tmp_path):
    (tmp_path / "enemies.toml").write_text('[[enemy]]\nname = "Cave Bat"\n[[elite]]\nname = "Swift"\n')
    assert enemy_kinds(tmp_path) == ("Cave Bat",)
    assert elite_bonuses(tmp_path) == ("Swift",)


def test_an_elite_bonus_not_in_the_enemy_list(tmp_path):
    path, problems = broken(tmp_path, ('elite = ["Armored"], by_heroes', 'elite = ["Spiky"], by_heroes'))
    assert_problem(path, problems, "enemy_group 'downs-goblins'", "hard.elite[0]", "'Spiky' is not one of")


def test_a_declared_trigger_that_nothing_fires(tmp_path):
    path, problems = broken(tmp_path, ('"mist-falls"]', '"mist-falls", "forgotten"]'))
    assert_problem(path, problems, "triggers", "forgotten", "nothing fires it")


def test_a_trigger_that_is_fired_but_not_declared(tmp_path):
    path, problems = broken(tmp_path, ('fire = "crossed-ford"', 'fire = "crossed-the-ford"'))
    assert_problem(path, problems, "interaction 'safe-crossing'", "effects[0].fire", "not declared")


def test_a_token_on_a_space_the_tile_does_not_have(tmp_path):
    path, problems = broken(tmp_path, ('tile = "J2"\nspace = [2, 0]\ninteraction = "shepherd-tale"',
                                       'tile = "J2"\nspace = [5, 5]\ninteraction = "shepherd-tale"'))
    assert_problem(path, problems, "token 'shepherd'", "space", "has no space 5,5")


def test_a_token_on_a_tile_no_chapter_places(tmp_path):
    path, problems = broken(tmp_path, ('tile = "J1"\nspace = [1, 1]', 'tile = "B1"\nspace = [1, 1]'))
    assert_problem(path, problems, "token 'trampled-hedge'", "tile", "not placed by any chapter")


def test_a_token_no_hero_can_walk_to(tmp_path):
    path, problems = broken(tmp_path, ('{ tile = "J8", position = [12, -2] }', '{ tile = "J8", position = [30, 30] }'))
    assert_problem(path, problems, "token 'ford-stones'", "space", "cannot be reached")


def test_an_enemy_group_cut_off_from_the_heroes(tmp_path):
    # The barrow tiles placed apart from the rest: the wight's hall joins nothing the heroes reach.
    path, problems = broken(tmp_path,
                            ('{ tile = "J6", position = [8, -1] }', '{ tile = "J6", position = [20, -1] }'),
                            ('{ tile = "J7", position = [7, 1], rotation = 2', '{ tile = "J7", position = [19, 1], rotation = 2'))
    assert_problem(path, problems, "enemy_group 'barrow-wight'", "space", "cannot be reached")


def test_an_objective_never_reached(tmp_path):
    # The stones' count no longer fires the trigger the second objective waits for.
    path, problems = broken(tmp_path, (', fire = "stones-read" }]', ' }]'))
    assert_problem(path, problems, "objective 'read-stones'", "completed_by", "never reached")
    assert_problem(path, problems, "chapter 'barrow'", "revealed_by", "never revealed")


def test_a_trigger_fired_only_from_a_part_that_is_never_reached(tmp_path):
    # The ford's token now waits for a trigger that only its own interaction fires.
    path, problems = broken(tmp_path, ('tile = "J8"\nspace = [0, 1]', 'tile = "J8"\nspace = [0, 1]\nappears = "crossed-ford"'))
    assert_problem(path, problems, "triggers", "crossed-ford", "never reached from the start")
    assert_problem(path, problems, "objective 'reach-ford'", "completed_by", "never reached")


def test_an_enemy_kind_not_in_the_enemy_list(tmp_path):
    path, problems = broken(tmp_path, ('enemy = "Warg"', 'enemy = "Fell Beast"'))
    assert_problem(path, problems, "enemy_group 'pursuing-wargs'", "enemy", "not an enemy kind")


def test_a_hill_troll_group_of_two(tmp_path):
    path, problems = broken(tmp_path, ('enemy = "Hill-troll"\ntile = "J2"\nspace = [2, 0]\nnormal = { figures = 1 }',
                                       'enemy = "Hill-troll"\ntile = "J2"\nspace = [2, 0]\nnormal = { figures = 2 }'))
    assert_problem(path, problems, "enemy_group 'hill-troll'", "normal.figures", "one figure")


def test_a_spawn_of_a_group_that_does_not_exist_and_a_group_never_spawned(tmp_path):
    path, problems = broken(tmp_path, ('spawn = "road-ruffians"', 'spawn = "road-bandits"'))
    assert_problem(path, problems, "reaction[0] on 'start'", "effects[0].spawn", "'road-bandits' does not exist")
    assert_problem(path, problems, "enemy_group 'road-ruffians'", "id", "no effect spawns it")


def test_a_branch_to_a_missing_interaction_and_an_interaction_nothing_opens(tmp_path):
    path, problems = broken(tmp_path, ('effects = [{ then = "douse-fire" }]', 'effects = [{ then = "douse-fires" }]'))
    assert_problem(path, problems, "interaction 'goblin-fire'", "options[1].effects[0].then", "does not exist")
    assert_problem(path, problems, "interaction 'douse-fire'", "id", "no token opens it")


def test_a_variable_that_is_not_declared(tmp_path):
    path, problems = broken(tmp_path, ('add = "runes"', 'add = "rune"'))
    assert_problem(path, problems, "interaction 'east-stone'", "on_pass[0].add", "'rune' is not in `variables`")


def test_tiles_that_overlap_or_do_not_exist(tmp_path):
    path, problems = broken(tmp_path, ('{ tile = "J2", position = [2, 0] }', '{ tile = "J2", position = [1, 0] }'),
                            ('{ tile = "J3", position = [6, -1] }', '{ tile = "J99", position = [6, -1] }'))
    assert_problem(path, problems, "chapter 'road'", "tiles[1].position", "overlaps")
    assert_problem(path, problems, "chapter 'downs'", "tiles[0].tile", "'J99' does not exist")


def test_a_battle_tile_on_a_journey_map(tmp_path):
    path, problems = broken(tmp_path, ('{ tile = "J8", position = [12, -2] }', '{ tile = "B1", position = [12, -2] }'))
    assert_problem(path, problems, "chapter 'ford'", "tiles[1].tile", "battle tile on a journey map")


def test_a_threat_threshold_at_or_past_the_full_bar(tmp_path):
    path, problems = broken(tmp_path, ("at = 50", "at = 60"))
    assert_problem(path, problems, "threat event at 60", "at", "not below threat_max 60")


def test_no_chapter_at_the_start(tmp_path):
    path, problems = broken(tmp_path, ('revealed_by = "start"', 'revealed_by = "heard-tale"'))
    assert_problem(path, problems, "chapter", "revealed_by", "starts with no map")


def test_a_shape_error_names_the_file_and_the_field(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(TEXT.replace('stat = "spirit"', 'stat = "charisma"', 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.toml: field interaction\.\d+\.stat"):
        load_adventure(path)


def test_a_test_without_its_threshold_is_refused(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(TEXT.replace("successes = 6\n", "", 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.toml: field interaction\.\d+.*needs `stat` and `successes`"):
        load_adventure(path)


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(DataError, match="cannot read adventure"):
        load_adventure(tmp_path / "nowhere.toml")
    with pytest.raises(DataError, match="packaged adventures: cold-lanterns"):
        packaged_adventure_path("the-lost-one")


def test_the_example_in_the_authors_guide_is_a_sound_adventure(tmp_path):
    doc = (Path(__file__).parents[3] / "docs" / "journeys-adventures.md").read_text(encoding="utf-8")
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "the-locked-cellar.toml"
    path.write_text(example, encoding="utf-8")
    assert validate_adventure(load_adventure(path), enemies=CORE_ENEMIES, elites=CORE_ELITE) == []


BATTLE = """
triggers = ["troll-felled"]

[adventure]
id = "orchard-stand"
title = "A Stand in the Orchard"
intro = "A troll blunders through the burnt orchard towards the fort."
threat_max = 40
map = "battle"
provenance = "design"
source = "test sample"

[end]
win = "It falls."
loss_threat = "Too late."
loss_defeat = "Too few."

[[chapter]]
id = "field"
revealed_by = "start"
tiles = [{ tile = "B1", explored = true }, { tile = "B2", position = [4, 0], explored = true }]

[[objective]]
id = "fell-troll"
text = "Bring down the troll."
completed_by = "troll-felled"

[[terrain]]
id = "fort-wall"
terrain = "wall"
tile = "B1"
space = [1, 0]
toward = "E"

[[terrain]]
id = "orchard-pit"
terrain = "pit"
tile = "B2"
space = [0, 1]

[[enemy_group]]
id = "troll"
enemy = "Hill-troll"
tile = "B2"
space = [2, 0]
normal = { figures = 1 }
on_defeat = "troll-felled"

[[reaction]]
trigger = "start"
effects = [{ spawn = "troll" }]
"""


def battle(tmp_path: Path, old: str = "", new: str = "") -> tuple[Path, list[Problem]]:
    assert old in BATTLE
    path = tmp_path / "battle.toml"
    path.write_text(BATTLE.replace(old, new, 1), encoding="utf-8")
    return path, validate_adventure(load_adventure(path), enemies=CORE_ENEMIES, elites=CORE_ELITE)


def test_a_battle_map_with_terrain_on_spaces_and_borders_validates(tmp_path):
    assert battle(tmp_path)[1] == []


@pytest.mark.parametrize("old, new, component, field, words", [
    ('terrain = "pit"', 'terrain = "lava"', "orchard-pit", "terrain", "'lava' is not one of"),
    ('toward = "E"\n', "", "fort-wall", "toward", "lies on a border"),
    ('space = [0, 1]\n', 'space = [0, 1]\ntoward = "W"\n', "orchard-pit", "toward", "lies in a space"),
    ('space = [1, 0]\ntoward = "E"', 'space = [2, 0]\ntoward = "NE"', "fort-wall", "toward", "a space on each side"),
])
def test_a_misplaced_terrain_token(tmp_path, old, new, component, field, words):
    path, problems = battle(tmp_path, old, new)
    assert_problem(path, problems, f"terrain '{component}'", field, words)


def test_terrain_tokens_belong_to_battle_maps(tmp_path):
    path, problems = battle(tmp_path, 'map = "battle"', 'map = "journey"')
    assert_problem(path, problems, "terrain 'fort-wall'", "terrain", "belong to battle maps")


def test_a_groups_size_may_follow_the_partys_size():
    """Enemy groups: `by_heroes` gives a group's figures for 2, 3, 4 and 5 heroes (the app's
    spawns grow with the party); the validator keeps each between 1 and 3."""
    from tests.games.journeys.test_rules import new

    two, four = new(players=2, difficulty="hard"), new(players=4, difficulty="hard")
    record = next(g for g in two.game.adventure.enemy_group if g.id in two.groups)  # at the start
    assert record.hard.by_heroes is not None
    assert two.groups[record.id]["figures"] == record.hard.by_heroes[0]
    assert four.groups[record.id]["figures"] == record.hard.by_heroes[2]
    with pytest.raises(ValueError, match="by_heroes"):
        GroupSize(figures=2, by_heroes=(1, 2, 4, 2))
