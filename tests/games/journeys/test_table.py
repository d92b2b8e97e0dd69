"""The table's components (heroes, skill cards, items, damage and fear, enemies) as data: the packaged
files load and hold what the rulebook and the content notes give; each schema rule refuses a broken
record, naming the file and the field; a user's data folder replaces a file."""

from importlib import resources
from pathlib import Path

import pytest

from middleearth.core.errors import DataError
from middleearth.games.journeys.table import KEYWORDS, KEYWORD_TIMING, load_table

HEROES = ("Aragorn", "Beravor", "Bilbo", "Elena", "Gimli", "Legolas")
ROLES = ("Burglar", "Captain", "Guardian", "Hunter", "Musician", "Pathfinder")


@pytest.fixture(scope="module")
def table():
    return load_table()


def packaged(filename: str) -> str:
    return resources.files("middleearth.games.journeys").joinpath("data", filename).read_text(encoding="utf-8")


def user_data(tmp_path: Path, filename: str, old: str, new: str) -> Path:
    """A data folder whose ``filename`` is ours with the first ``old`` replaced by ``new``."""
    text = packaged(filename)
    assert old in text, f"the sample {old!r} is no longer in {filename}"
    (tmp_path / filename).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


# --- the packaged data: counts from the rulebook's component list and the content notes -----------

def test_six_heroes_with_five_stats_limits_and_an_ability(table):
    assert tuple(h.name for h in table.heroes) == HEROES
    assert [h.app_id for h in table.heroes] == [1, 2, 3, 4, 5, 6]  # the official app's numbers
    for hero in table.heroes:
        assert all(hero.stats.stat(s) >= 1 for s in ("might", "agility", "wisdom", "spirit", "wit"))
        assert hero.ability.text


def test_design_stats_sum_to_fourteen_as_the_review_says(table):
    for hero in table.heroes:
        total = sum(hero.stats.stat(s) for s in ("might", "agility", "wisdom", "spirit", "wit"))
        assert total == 14, hero.name


def test_known_hero_values_keep_their_source(table):
    aragorn = table.hero("Aragorn").stats
    assert (aragorn.wisdom, aragorn.wit, aragorn.agility) == (4, 3, 2)
    assert (aragorn.damage_limit, aragorn.fear_limit, aragorn.inspiration_limit) == (5, 5, 4)
    assert aragorn.provenance == "disputed" and aragorn.alternatives
    assert table.hero("Beravor").stats.might == 3  # the rulebook's own example of a test
    assert table.hero("Bilbo").start.hands == 1  # a hobbit carries one hand item


def test_each_hero_starts_in_the_rulebooks_recommended_role_with_items_that_fit(table):
    recommended = {"Aragorn": "Captain", "Beravor": "Pathfinder", "Bilbo": "Burglar",
                   "Elena": "Musician", "Gimli": "Guardian", "Legolas": "Hunter"}
    for hero in table.heroes:
        assert hero.start.role == recommended[hero.name]
        assert table.role(hero.start.role).recommended_hero == hero.name
        items = [table.item(name) for name in hero.start.items]
        assert sum(i.hands for i in items) <= hero.start.hands
        assert [i.slot for i in items].count("armor") == 1


def test_six_roles_each_with_three_starting_cards_and_nine_to_buy(table):
    assert tuple(r.name for r in table.roles) == ROLES
    for role in ROLES:
        cards = table.cards("role", role)
        assert [c.number for c in cards] == list(range(1, 13))
        # experience costs of each role's twelve cards (TL-YJ; 6 x 12 = the rulebook's 72)
        assert [c.xp for c in cards] == [0, 0, 0, 3, 3, 3, 7, 7, 7, 7, 12, 12]
        assert table.starting_role_card(role).number == 1
        assert [c.number for c in table.bought_role_cards(role)] == list(range(4, 13))
    assert sum(len(table.cards("role", role)) for role in ROLES) == 72


def test_skill_card_counts_match_the_component_list(table):
    basics = table.cards("basic")
    assert [c.number for c in basics] == [1, 2, 3, 4, 5, 6]
    assert sum(c.copies for c in basics) == 30  # 30 basic skill cards: five sets of six
    assert sum(len(table.cards("hero", h)) for h in HEROES) == 30  # five hero cards per hero
    assert sum(c.copies for c in table.weaknesses) == 20


def test_a_starting_deck_holds_fourteen_cards_with_the_weakness(table):
    # Setup: basics 1-6, hero 1-5, role 1-3 and one weakness; the role's card 1 is prepared.
    deck = table.starting_deck("Gimli", "Guardian")
    assert len(deck) + 1 == 14
    assert sorted(c.number for c in deck if c.deck == "role") == [2, 3]  # card 1 is prepared, 4+ are bought


def test_weaknesses_have_no_icons_and_no_ability(table):
    assert all(c.success == 0 and c.fate == 0 and c.ability is None for c in table.weaknesses)


def test_every_skill_card_but_weaknesses_has_an_ability_and_keywords_keep_their_timing(table):
    used = set()
    for card in table.skills:
        if card.deck == "weakness":
            continue
        assert card.ability is not None, card.name
        if card.ability.effect in KEYWORDS:
            used.add(card.ability.effect)
            assert card.ability.when == KEYWORD_TIMING[card.ability.effect]
    assert used == set(KEYWORDS)  # every keyword of the rulebook appears on some card


def test_the_sword_spends_successes_as_the_rulebook_example(table):
    sword = table.item("Sword")
    assert [(a.cost, a.amount) for a in sword.ability] == [(1, 2), (2, 5)]
    assert sword.stats == ("might",) and sword.hands == 1 and sword.upgrade_lore == 27


def test_items_from_the_fan_data(table):
    bow = table.item("Great Bow")
    assert bow.ranged and bow.hands == 2 and bow.stats == ("agility",)
    assert table.item("Battle Axe").hands == 2
    depletion = {i.name: i.depletion for i in table.items if i.slot == "trinket"}
    assert depletion == {"Boots": 2, "Brooch": 2, "Extra Rations": 2, "Handkerchief": 1, "Helmet": 2,
                         "Old Map": 3, "Old Pipe": 2, "Rope": 2, "Tome": 2, "Torch": 1}


def test_28_damage_and_28_fear_cards(table):
    assert table.damage.size == 28
    assert table.fear.size == 28


def test_three_boons_fifteen_cards(table):
    assert sorted(b.name for b in table.boons) == ["determined", "emboldened", "hidden"]
    assert [b.name for b in table.boons if b.lost_on_attack] == ["hidden"]
    assert sum(b.copies for b in table.boons) == 15


def test_core_enemies_from_the_fan_data(table):
    expected = {  # health, armor, sorcery, ranged, largest group, figures in the box
        "Ruffian": (5, 0, 0, False, 3, 6), "Goblin Scout": (3, 1, 0, False, 3, 6),
        "Orc Hunter": (5, 1, 0, True, 3, 3), "Orc Marauder": (5, 2, 0, False, 3, 3),
        "Warg": (8, 1, 0, False, 3, 3), "Hill-troll": (14, 2, 0, False, 1, 1), "Wight": (6, 0, 3, False, 3, 3),
    }
    got = {e.name: (e.health, e.armor, e.sorcery, e.ranged, e.max_group, e.figures) for e in table.enemies}
    assert got == expected
    assert sum(e.figures for e in table.enemies) == 25  # 25 enemy figures in the box
    assert table.banners == 12


def test_every_attack_table_covers_each_group_size(table):
    for enemy in table.enemies:
        for attack in enemy.attacks.attack:
            assert len(attack.damage) == len(attack.fear) == enemy.max_group


def test_elite_bonuses_include_the_fan_apps_three(table):
    names = {b.name for b in table.elites}
    assert {"Large", "Bloodthirsty", "Armored"} <= names


def test_the_table_is_immutable(table):
    with pytest.raises(Exception):
        table.heroes[0].stats.might = 9  # type: ignore[misc]
    with pytest.raises(Exception):
        table.banners = 3  # type: ignore[misc]


# --- each schema rule refuses a broken record, naming the file and the field ----------------------

BROKEN = [
    # keywords keep the rulebook's timing
    ("skills.toml", 'when = "attack_test", effect = "strike"', 'when = "own_turn", effect = "strike"',
     "field card.0.ability: Value error, strike is used at 'attack_test'"),
    # a keyword is used by discarding the card
    ("skills.toml", 'effect = "sprint", amount = 1 }', 'effect = "sprint", amount = 1, then = "keep" }',
     "then must be 'discard'"),
    # guard helps a hero in your space, nothing further
    ("skills.toml", 'target = "hero_in_space"', 'target = "nearby_hero"', "guard may target self, hero_in_space"),
    ("skills.toml", 'effect = "hide" }', 'effect = "fly" }', "field card.4.ability.effect: Input should be"),
    ("skills.toml", "number = 6\n", "number = 7\n", "field card.5: Value error, a basic card is numbered 1 to 6"),
    ("skills.toml", 'deck = "weakness"\ncopies = 5\n', 'deck = "weakness"\ncopies = 5\nsuccess = 1\n',
     "a weakness card has no icons"),
    ("skills.toml", 'owner = "Aragorn"\nnumber = 2', 'owner = "Aragorn"\nnumber = 1',
     "two hero cards share owner 'Aragorn' and number 1"),
    ("skills.toml", 'owner = "Legolas"\nnumber = 5', 'owner = "Legolas"\nnumber = 6',
     "a hero card is numbered 1 to 5"),
    ("skills.toml", 'owner = "Gimli"', 'owner = "Gandalf"', "field owner: 'Gandalf' is not a hero in heroes.toml"),
    ("skills.toml", 'owner = "Hunter"', 'owner = "Archer"', "field owner: 'Archer' is not a role in roles.toml"),
    ("skills.toml", 'name = "Weariness"', 'name = "Doubt"', "two weakness records share the name 'Doubt'"),
    ("heroes.toml", "might = 3\n", "might = 3\nstrength = 4\n", "field hero.0.stats.strength: Extra inputs"),
    ("heroes.toml", "wisdom = 4", "wisdom = 9", "field hero.0.stats.wisdom: Input should be less than or equal to 6"),
    ("heroes.toml", 'id = "keen_shot"', 'id = "eagle_eye"', "field hero.5.ability.id: Input should be"),
    ("heroes.toml", 'alternatives = [', 'unused = [', "field hero.0.stats"),
    ("heroes.toml", 'items = ["Great Bow", "Cloak"]', 'items = ["Great Bow", "Elven Rope"]',
     "hero Legolas, field start.items: 'Elven Rope' is not an item in items.toml"),
    ("heroes.toml", 'items = ["Dagger", "Cloak"]', 'items = ["Battle Axe", "Cloak"]',
     "hero Bilbo, field start.items: 2 hand icons, but Bilbo may equip 1"),
    ("heroes.toml", 'role = "Hunter"', 'role = "Archer"', "field start.role: 'Archer' is not a role in roles.toml"),
    ("items.toml", 'cost = 1, when = "attack_test"', 'cost = 1, when = "own_turn"',
     "is used at 'attack_test'"),
    ("items.toml", "hands = 1\n", "hands = 0\n", "field item.0: Value error, a hand item has 1 or 2 hand icons"),
    ("items.toml", "depletion = 2\n", "", "a trinket has at least one depletion token"),
    ("items.toml", 'modifiers = ["pierce"]', 'modifiers = ["pierce", "pierce"]',
     "the same modifier cannot apply twice"),
    ("items.toml", 'modifiers = ["pierce"]', 'modifiers = ["crush"]', "field item.1.ability.1.modifiers.0"),
    ("items.toml", 'amount = 1, against = "damage", limit', 'amount = 1, limit',
     "prevent names what it prevents"),
    ("items.toml", 'stats = ["agility"]\nranged = true', "ranged = true",
     "field item.3: Value error, an item with success-cost abilities needs a stat icon"),
    ("items.toml", 'series = "Cloak"', 'series = "Cloak"\nranged = true',
     "field item.7: Value error, only an item that attacks (with a stat icon) can be ranged"),
    ("damage_fear.toml", 'then = "faceup"\n', 'then = "facedown"\n',
     "a card that stays faceup has a while_faceup effect"),
    ("damage_fear.toml", 'effect = "stat_penalty", stat = "might"', 'effect = "stat_penalty"',
     "stat is given exactly for stat_penalty"),
    ("damage_fear.toml", 'name = "hidden"', 'name = "invisible"', "field boon.0.name"),
    ("enemies.toml", "damage = [2, 3, 3]", "damage = [2, 3]", "damage and fear give one value per group size each"),
    ("enemies.toml", "damage = [4]\nfear = [1]", "damage = [4, 5]\nfear = [1, 1]",
     "attack 1 gives 2 group sizes; this enemy's groups have 1 to 1"),
    ("enemies.toml", 'negate = "might"', 'negate = "courage"', "field enemy.0.attacks.attack.0.negate"),
    ("enemies.toml", "health = 2\n", "health = 0\n", "an elite bonus must change something"),
    ("enemies.toml", 'provenance = "fan-data"', 'provenance = "disputed"',
     "a disputed value must list its alternatives"),
    ("enemies.toml", 'provenance = "fan-data"', 'provenance = "guess"', "field enemy.0.provenance"),
    ("skills.toml", 'effect = "modifier", modifier = "sunder"', 'effect = "modifier"',
     "a modifier is given exactly when effect is 'modifier'"),
    ("skills.toml", '{ when = "rally", effect = "inspire"', '{ when = "end_of_turn", effect = "inspire"',
     "inspire may be used at own_turn, rally, after_test"),
    ("skills.toml", 'deck = "basic"\n', 'deck = "basic"\nowner = "Aragorn"\n', "basic cards have none"),
    ("skills.toml", 'text = "During your attack test, discard to add 1 hit (Strike 1)."', 'text = ""',
     "a skill card needs its text"),
    ("heroes.toml", 'name = "Beravor"', 'name = "Aragorn"', "two heroes share a name"),
    ("heroes.toml", 'items = ["Battle Axe", "Ring Mail"]', 'items = ["Battle Axe", "Ring Mail", "Cloak"]',
     "hero Gimli, field start.items: a hero equips at most one armor"),
    ("items.toml", 'pay = "none", when = "rally"', 'pay = "deplete", when = "rally"', "only trinkets are depleted"),
    ("items.toml", 'effect = "inspire", amount = 1 }', 'effect = "inspire", amount = 1, modifiers = ["stun"] }',
     "modifiers ride on an ability that adds hits"),
    ("items.toml", 'pay = "none", when = "rally"', 'pay = "none", cost = 1, when = "rally"', "has no cost"),
    ("items.toml", 'effect = "inspire", amount = 1 }', 'effect = "inspire", amount = 1, against = "fear" }',
     "against is given only for prevent and convert"),
    ("items.toml", 'when = "before_suffering", effect = "prevent"', 'when = "own_turn", effect = "prevent"',
     "prevent is used at 'before_suffering'"),
    ("items.toml", 'when = "attack_test", effect = "hits", amount = 2 }]',
     'when = "own_turn", effect = "hits", amount = 2 }]',
     "hits are added during an attack test"),
    ("items.toml", 'stats = ["might"]', 'stats = ["might", "might"]', "a stat icon is listed twice"),
    ("damage_fear.toml", 'effect = "lose_inspiration"', 'effect = "lose_heart"',
     "field damage.card.2.immediate.effect"),
    ("damage_fear.toml", 'name = "emboldened"', 'name = "hidden"', "two boon records share a name"),
    ("enemies.toml", "damage = [2, 3, 3]", "damage = [2, 3, 9]", "damage and fear values are 0 to 8"),
    ("enemies.toml", "max_group = 3\nfigures = 6", "max_group = 3\nfigures = 2",
     "a group cannot hold more figures than the box has"),
    ("enemies.toml", 'name = "Warg"', 'name = "Ruffian"', "two enemies share a name"),
    ("enemies.toml", 'immune = ["stun", "lethal"]', 'immune = ["stun", "fire"]', "field elite.5.immune.1"),
    ("skills.toml", "number = 4\nxp = 3", "number = 4\nxp = 0", "higher numbers are bought with experience"),
    ("skills.toml", 'owner = "Burglar"\nnumber = 2\n', 'owner = "Burglar"\nnumber = 2\nxp = 3\n',
     "role cards 1 to 3 are the free starting cards"),
    ("skills.toml", 'deck = "basic"\n', 'deck = "basic"\nxp = 3\n', "only role cards cost experience"),
]


@pytest.mark.parametrize("filename, old, new, message", BROKEN)
def test_a_broken_record_is_refused_naming_the_file_and_the_field(tmp_path, filename, old, new, message):
    with pytest.raises(DataError) as error:
        load_table(user_data(tmp_path, filename, old, new))
    assert filename in str(error.value)
    assert message in str(error.value)


def test_a_hero_without_hero_cards_is_refused(tmp_path):
    frodo = ('[[hero]]\nname = "Frodo"\napp_id = 7\n'
             '[hero.stats]\nmight = 2\nagility = 3\nwisdom = 3\nspirit = 4\nwit = 2\n'
             'damage_limit = 5\nfear_limit = 5\ninspiration_limit = 4\nprovenance = "design"\nsource = "test"\n'
             '[hero.ability]\nid = "slip_away"\ntext = "t"\nprovenance = "design"\nsource = "test"\n'
             '[hero.start]\nrole = "Burglar"\nitems = ["Cloak"]\nprovenance = "design"\nsource = "test"\n\n')
    (tmp_path / "heroes.toml").write_text(frodo + packaged("heroes.toml"), encoding="utf-8")
    with pytest.raises(DataError, match=r"skills.toml: the hero cards of Frodo are numbered \[\]; they must be numbered"):
        load_table(tmp_path)


def test_a_role_with_a_gap_in_its_cards_is_refused(tmp_path):
    text = packaged("skills.toml")
    start = text.index('[[card]]\nname = "Sneaking"')  # Burglar's card 5
    end = text.index("[[card]]", start + 1)
    (tmp_path / "skills.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(DataError, match=r"skills.toml: the role cards of Burglar are numbered \[1, 2, 3, 4, 6,"):
        load_table(tmp_path)


def test_broken_toml_is_refused_with_the_file_named(tmp_path):
    (tmp_path / "roles.toml").write_text("[[role]\nname = ", encoding="utf-8")
    with pytest.raises(DataError, match="roles.toml is not valid TOML"):
        load_table(tmp_path)


def test_a_missing_data_folder_is_named(tmp_path):
    with pytest.raises(DataError, match="does not exist"):
        load_table(tmp_path / "nowhere")


# --- a user's data folder -----------------------------------------------------------------------

def test_a_users_file_replaces_ours_and_the_others_stay(tmp_path):
    # An owner of the game types in Bilbo's printed card; everything else is still packaged.
    data = user_data(tmp_path, "heroes.toml", "might = 1\n", "might = 2\n")
    table = load_table(data)
    assert table.hero("Bilbo").stats.might == 2
    assert table.damage.size == 28


def test_a_users_enemy_file_changes_the_enemies(tmp_path):
    data = user_data(tmp_path, "enemies.toml", "health = 14", "health = 16")
    assert load_table(data).enemy("Hill-troll").health == 16
