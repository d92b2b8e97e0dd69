"""Journeys in Middle-earth: the table's components as data (heroes, skill cards, items, enemies).

The TOML files in ``data/`` (or a user's data folder) are checked here and turned into one
immutable :class:`Table` value that the rules read. Every ability is written in a small closed
vocabulary (``effect``, ``when``, ``amount``...) that the rules interpret; a card's ``text`` is
for people only. docs/journeys.md says what each word means in rules terms.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from middleearth.core.content import Sourced, Strict, load_content
from middleearth.core.errors import DataError

PACKAGE = "middleearth.games.journeys"
STATS = ("might", "agility", "wisdom", "spirit", "wit")
MODIFIERS = ("pierce", "smite", "sunder", "cleave", "lethal", "stun")
KEYWORDS = ("scout", "strike", "guard", "sprint", "rest", "hide")
BOONS = ("hidden", "emboldened", "determined")

Stat = Literal["might", "agility", "wisdom", "spirit", "wit"]
Modifier = Literal["pierce", "smite", "sunder", "cleave", "lethal", "stun"]
# When an ability may be used. "before_suffering" is before damage or fear cards are revealed.
Timing = Literal["own_turn", "attack_test", "any_test", "before_suffering", "end_of_turn", "after_test", "rally"]
SkillEffect = Literal["scout", "strike", "guard", "sprint", "rest", "hide", "inspire", "convert", "modifier"]
Target = Literal["self", "hero_in_space", "nearby_hero"]
HeroAbility = Literal["rally_scout_plus_one", "swift_step", "slip_away", "lend_heart", "hardy", "keen_shot"]

# The rulebook fixes when each keyword may be used (Rules Reference, "Keywords").
KEYWORD_TIMING = {
    "scout": "own_turn",
    "strike": "attack_test",
    "guard": "before_suffering",
    "sprint": "own_turn",
    "rest": "end_of_turn",
    "hide": "after_test",
}
# Who else an effect may help: Guard covers a hero in your space; inspiration may be given nearby.
EFFECT_TARGETS = {"guard": ("self", "hero_in_space"), "inspire": ("self", "nearby_hero")}
EFFECT_TIMINGS = {
    "inspire": ("own_turn", "rally", "after_test"),
    "convert": ("any_test", "attack_test"),
    "modifier": ("attack_test",),
}


# --- heroes -----------------------------------------------------------------------------------

class HeroStats(Sourced):
    might: int = Field(ge=0, le=6)
    agility: int = Field(ge=0, le=6)
    wisdom: int = Field(ge=0, le=6)
    spirit: int = Field(ge=0, le=6)
    wit: int = Field(ge=0, le=6)
    damage_limit: int = Field(ge=1, le=12)
    fear_limit: int = Field(ge=1, le=12)
    inspiration_limit: int = Field(ge=1, le=10)

    def stat(self, name: str) -> int:
        return getattr(self, name)


class HeroAbilityRecord(Sourced):
    id: HeroAbility
    text: str = Field(min_length=1)


class HeroStart(Sourced):
    role: str
    items: tuple[str, ...] = Field(min_length=1)
    hands: int = Field(default=2, ge=1, le=2)  # how many hand icons the hero may equip


class HeroRecord(Strict):
    name: str
    app_id: int = Field(ge=1)  # the official app's hero number, so saved games can be matched
    stats: HeroStats
    ability: HeroAbilityRecord
    start: HeroStart


class HeroesFile(Strict):
    hero: list[HeroRecord] = Field(min_length=1)

    @model_validator(mode="after")
    def _distinct(self) -> "HeroesFile":
        for field in ("name", "app_id"):
            values = [getattr(h, field) for h in self.hero]
            if len(set(values)) != len(values):
                raise ValueError(f"two heroes share a {field}")
        return self


# --- roles and skill cards --------------------------------------------------------------------

class RoleRecord(Sourced):
    name: str
    purpose: str = Field(min_length=1)
    recommended_hero: str = ""


class RolesFile(Strict):
    role: list[RoleRecord] = Field(min_length=1)

    @model_validator(mode="after")
    def _distinct(self) -> "RolesFile":
        names = [r.name for r in self.role]
        if len(set(names)) != len(names):
            raise ValueError("two roles share a name")
        return self


class SkillAbility(Strict):
    """A prepared card's ability; it is used by discarding the card unless ``then = "keep"``."""

    when: Timing
    effect: SkillEffect
    amount: int = Field(default=1, ge=1, le=5)
    target: Target = "self"
    modifier: Modifier | None = None
    then: Literal["discard", "keep"] = "discard"

    @model_validator(mode="after")
    def _vocabulary_fits(self) -> "SkillAbility":
        if self.effect in KEYWORD_TIMING:
            if self.when != KEYWORD_TIMING[self.effect]:
                raise ValueError(f"{self.effect} is used at {KEYWORD_TIMING[self.effect]!r} (the rulebook's "
                                 f"timing for the keyword), not {self.when!r}")
            if self.then != "discard":
                raise ValueError(f"a keyword ({self.effect}) is used by discarding its card: then must be 'discard'")
        else:
            allowed = EFFECT_TIMINGS[self.effect]
            if self.when not in allowed:
                raise ValueError(f"{self.effect} may be used at {', '.join(allowed)}, not {self.when!r}")
        targets = EFFECT_TARGETS.get(self.effect, ("self",))
        if self.target not in targets:
            raise ValueError(f"{self.effect} may target {', '.join(targets)}, not {self.target!r}")
        if (self.effect == "modifier") != (self.modifier is not None):
            raise ValueError("a modifier is given exactly when effect is 'modifier'")
        return self


# Highest card number per deck. Role cards 1-3 start in the deck; 4-12 are bought with experience.
DECK_NUMBERS = {"basic": 6, "hero": 5, "role": 12}
STARTING_ROLE_CARDS = 3


class SkillCard(Sourced):
    name: str
    deck: Literal["basic", "hero", "role", "weakness"]
    owner: str = ""  # the hero (hero cards) or the role (role cards) named at the card's foot
    number: int | None = None
    copies: int = Field(default=1, ge=1, le=20)  # copies in the box
    xp: int = Field(default=0, ge=0, le=30)  # experience a role card costs between adventures
    success: int = Field(default=0, ge=0, le=3)
    fate: int = Field(default=0, ge=0, le=3)
    traits: tuple[str, ...] = ()
    text: str = ""
    ability: SkillAbility | None = None

    @model_validator(mode="after")
    def _deck_rules(self) -> "SkillCard":
        if self.deck == "weakness":
            # Rules Reference: weaknesses have no effect and contribute no icons.
            if self.success or self.fate or self.ability or self.number is not None or self.owner:
                raise ValueError("a weakness card has no icons, no ability, no number and no owner")
            return self
        top = DECK_NUMBERS[self.deck]
        if self.number is None or not 1 <= self.number <= top:
            raise ValueError(f"a {self.deck} card is numbered 1 to {top}, not {self.number}")
        if (self.deck == "basic") == bool(self.owner):
            raise ValueError("hero and role cards name their owner; basic cards have none")
        if not self.text:
            raise ValueError("a skill card needs its text (in our own words)")
        if self.deck == "role" and (self.xp == 0) != (self.number <= STARTING_ROLE_CARDS):
            raise ValueError(f"role cards 1 to {STARTING_ROLE_CARDS} are the free starting cards (xp 0); "
                             "higher numbers are bought with experience (xp above 0)")
        if self.deck != "role" and self.xp:
            raise ValueError("only role cards cost experience")
        return self


class SkillsFile(Strict):
    card: list[SkillCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_card_per_number(self) -> "SkillsFile":
        numbered: set[tuple[str, str, int | None]] = set()
        weaknesses: set[str] = set()
        for card in self.card:
            if card.deck == "weakness":
                if card.name in weaknesses:
                    raise ValueError(f"two weakness records share the name {card.name!r}; give copies instead")
                weaknesses.add(card.name)
                continue
            key = (card.deck, card.owner, card.number)
            if key in numbered:
                raise ValueError(f"two {card.deck} cards share owner {card.owner!r} and number {card.number}")
            numbered.add(key)
        return self


# --- items ------------------------------------------------------------------------------------

class ItemAbility(Strict):
    pay: Literal["successes", "deplete", "none"]
    cost: int = Field(default=0, ge=0, le=5)  # successes spent, when pay = "successes"
    when: Timing
    effect: Literal["hits", "prevent", "convert", "inspire", "scout", "sprint", "rest", "hide"]
    amount: int = Field(default=1, ge=1, le=10)
    modifiers: tuple[Modifier, ...] = ()
    # prevent: what it prevents; convert: None in any test, else only in tests that negate this
    against: Literal["damage", "fear", "both"] | None = None
    limit: Literal["each_time", "once_per_round"] = "each_time"

    @model_validator(mode="after")
    def _vocabulary_fits(self) -> "ItemAbility":
        if self.pay == "successes":
            # Rules Reference, "Item Cards": success costs are paid only during an attack test.
            if self.when != "attack_test" or self.cost < 1:
                raise ValueError("an ability paid with successes costs at least 1 and is used at 'attack_test'")
        elif self.cost:
            raise ValueError(f"cost counts successes; an ability paid by {self.pay!r} has no cost")
        if self.modifiers and self.effect != "hits":
            raise ValueError("modifiers ride on an ability that adds hits")
        if len(set(self.modifiers)) != len(self.modifiers):
            raise ValueError("the same modifier cannot apply twice to one attack")
        if self.effect == "prevent" and self.against is None:
            raise ValueError("prevent names what it prevents: against = damage, fear or both")
        if self.against is not None and self.effect not in ("prevent", "convert"):
            raise ValueError("against is given only for prevent and convert")
        if self.effect == "prevent" and self.when != "before_suffering":
            raise ValueError("prevent is used at 'before_suffering', before cards are revealed")
        if self.effect == "hits" and self.when != "attack_test":
            raise ValueError("hits are added during an attack test")
        return self


class ItemRecord(Sourced):
    name: str
    series: str
    tier: int = Field(ge=1, le=4)
    slot: Literal["hand", "armor", "trinket"]
    hands: int = Field(default=0, ge=0, le=2)
    stats: tuple[Stat, ...] = ()  # the stat icons: an item with stats may attack
    ranged: bool = False
    depletion: int = Field(default=0, ge=0, le=6)  # depletion tokens each adventure (trinkets)
    upgrade_lore: int | None = Field(default=None, ge=0)  # campaign lore for the next tier
    traits: tuple[str, ...] = ()
    text: str = Field(min_length=1)
    ability: list[ItemAbility] = []

    @model_validator(mode="after")
    def _slot_rules(self) -> "ItemRecord":
        if (self.slot == "hand") != (self.hands > 0):
            raise ValueError("a hand item has 1 or 2 hand icons; armor and trinkets have none")
        if (self.slot == "trinket") != (self.depletion > 0):
            raise ValueError("a trinket has at least one depletion token; other items have none")
        paid = [a for a in self.ability if a.pay == "successes"]
        if paid and not self.stats:
            raise ValueError("an item with success-cost abilities needs a stat icon to attack with")
        if self.ranged and not self.stats:
            raise ValueError("only an item that attacks (with a stat icon) can be ranged")
        if any(a.pay == "deplete" for a in self.ability) and self.slot != "trinket":
            raise ValueError("only trinkets are depleted")
        if len(set(self.stats)) != len(self.stats):
            raise ValueError("a stat icon is listed twice")
        return self


class ItemsFile(Strict):
    item: list[ItemRecord] = Field(min_length=1)

    @model_validator(mode="after")
    def _distinct(self) -> "ItemsFile":
        names = [i.name for i in self.item]
        if len(set(names)) != len(names):
            raise ValueError("two items share a name")
        return self


# --- damage, fear and boons -------------------------------------------------------------------

class Immediate(Strict):
    """What a damage or fear card does as it is revealed faceup."""

    effect: Literal["lose_inspiration", "discard_prepared", "gain_weakness", "suffer_damage", "suffer_fear"]
    amount: int = Field(default=1, ge=1, le=3)


class WhileFaceup(Strict):
    """A persistent card's effect, for as long as it stays faceup."""

    # damage_limit / fear_limit lower that limit ("some game effects may increase or decrease
    # these limits; multiple such effects are cumulative").
    effect: Literal["stat_penalty", "inspiration_limit", "travel_penalty", "scout_penalty", "damage_limit",
                    "fear_limit"]
    amount: int = Field(default=1, ge=1, le=3)
    stat: Stat | None = None

    @model_validator(mode="after")
    def _stat_only_for_stat_penalty(self) -> "WhileFaceup":
        if (self.effect == "stat_penalty") != (self.stat is not None):
            raise ValueError("stat is given exactly for stat_penalty")
        return self


class WoundCard(Strict):
    name: str
    copies: int = Field(default=1, ge=1, le=28)
    text: str = Field(min_length=1)
    immediate: Immediate | None = None
    then: Literal["facedown", "discard", "faceup"]
    while_faceup: WhileFaceup | None = None

    @model_validator(mode="after")
    def _persistent_has_effect(self) -> "WoundCard":
        if (self.then == "faceup") != (self.while_faceup is not None):
            raise ValueError("a card that stays faceup has a while_faceup effect, and only such a card")
        return self


class WoundDeck(Sourced):
    card: list[WoundCard] = Field(min_length=1)

    @property
    def size(self) -> int:
        return sum(c.copies for c in self.card)


class BoonRecord(Sourced):
    name: Literal["hidden", "emboldened", "determined"]
    copies: int = Field(ge=1, le=15)
    use: Literal["avoid_attack", "add_success", "reveal_more"]
    amount: int = Field(default=1, ge=1, le=3)
    lost_on_attack: bool = False  # discarded, unused, when its holder makes an attack
    text: str = Field(min_length=1)


class LastStand(Sourced):
    """The app's last stand at one limit: the test, and what passing it does."""

    limit: Literal["damage", "fear"]
    stat: Stat
    successes: int = Field(ge=1, le=5)
    discard_facedown: int = Field(default=0, ge=0, le=5)  # passed: random facedown cards of that limit go back
    text: str = Field(min_length=1)


class DamageFearFile(Strict):
    damage: WoundDeck
    fear: WoundDeck
    boon: list[BoonRecord] = Field(min_length=1)
    last_stand: list[LastStand] = Field(min_length=2, max_length=2)

    @model_validator(mode="after")
    def _one_last_stand_per_limit(self) -> "DamageFearFile":
        if sorted(s.limit for s in self.last_stand) != ["damage", "fear"]:
            raise ValueError("give one last_stand for the damage limit and one for the fear limit")
        return self

    @model_validator(mode="after")
    def _boons_distinct(self) -> "DamageFearFile":
        names = [b.name for b in self.boon]
        if len(set(names)) != len(names):
            raise ValueError("two boon records share a name")
        return self


# --- enemies ----------------------------------------------------------------------------------

class EnemyAttack(Strict):
    """One attack the app may show. damage[i] and fear[i] are for a group of i + 1 figures."""

    negate: Stat
    damage: tuple[int, ...] = Field(min_length=1, max_length=3)
    fear: tuple[int, ...] = Field(min_length=1, max_length=3)
    after: Literal["none", "flip_damage", "flip_fear", "discard_prepared", "gain_weakness",
                   "lose_inspiration"] = "none"
    after_amount: int = Field(default=1, ge=1, le=3)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _sizes_agree(self) -> "EnemyAttack":
        if len(self.damage) != len(self.fear):
            raise ValueError("damage and fear give one value per group size each")
        if any(v < 0 or v > 8 for v in (*self.damage, *self.fear)):
            raise ValueError("damage and fear values are 0 to 8")
        return self


class AttackTable(Sourced):
    attack: list[EnemyAttack] = Field(min_length=1)


class EnemyRecord(Sourced):
    name: str
    health: int = Field(ge=1, le=40)
    armor: int = Field(ge=0, le=6)
    sorcery: int = Field(ge=0, le=6)
    move: int = Field(ge=0, le=6)
    ranged: bool = False
    max_group: int = Field(ge=1, le=3)
    figures: int = Field(ge=1, le=12)  # figures in the box: the spawn pool
    tags: tuple[str, ...] = ()
    attacks: AttackTable

    @model_validator(mode="after")
    def _tables_cover_group_sizes(self) -> "EnemyRecord":
        for index, attack in enumerate(self.attacks.attack):
            if len(attack.damage) != self.max_group:
                raise ValueError(f"attack {index + 1} gives {len(attack.damage)} group sizes; "
                                 f"this enemy's groups have 1 to {self.max_group} figures")
        if self.max_group > self.figures:
            raise ValueError("a group cannot hold more figures than the box has")
        return self


class EliteBonus(Sourced):
    name: str
    health: int = Field(default=0, ge=0, le=10)
    armor: int = Field(default=0, ge=0, le=3)
    sorcery: int = Field(default=0, ge=0, le=3)
    damage: int = Field(default=0, ge=0, le=3)  # added to each attack's damage
    fear: int = Field(default=0, ge=0, le=3)
    immune: tuple[Modifier, ...] = ()

    @model_validator(mode="after")
    def _does_something(self) -> "EliteBonus":
        if not (self.health or self.armor or self.sorcery or self.damage or self.fear or self.immune):
            raise ValueError("an elite bonus must change something")
        return self


class Banners(Sourced):
    count: int = Field(ge=1, le=30)


class EnemiesFile(Strict):
    enemy: list[EnemyRecord] = Field(min_length=1)
    elite: list[EliteBonus] = Field(min_length=1)
    banners: Banners

    @model_validator(mode="after")
    def _distinct(self) -> "EnemiesFile":
        named = (("enemies", [e.name for e in self.enemy]), ("elite bonuses", [b.name for b in self.elite]))
        for kind, names in named:
            if len(set(names)) != len(names):
                raise ValueError(f"two {kind} share a name")
        return self


# --- the table --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """Everything printed on the table's cards, as the rules need it. Records are frozen."""

    heroes: tuple[HeroRecord, ...]
    roles: tuple[RoleRecord, ...]
    skills: tuple[SkillCard, ...]
    items: tuple[ItemRecord, ...]
    damage: WoundDeck
    fear: WoundDeck
    boons: tuple[BoonRecord, ...]
    enemies: tuple[EnemyRecord, ...]
    elites: tuple[EliteBonus, ...]
    banners: int
    last_stands: tuple[LastStand, ...] = ()

    def last_stand(self, limit: str) -> LastStand:
        return next(s for s in self.last_stands if s.limit == limit)

    def hero(self, name: str) -> HeroRecord:
        return _named(self.heroes, name, "hero")

    def item(self, name: str) -> ItemRecord:
        return _named(self.items, name, "item")

    def enemy(self, name: str) -> EnemyRecord:
        return _named(self.enemies, name, "enemy")

    def role(self, name: str) -> RoleRecord:
        return _named(self.roles, name, "role")

    def cards(self, deck: str, owner: str = "") -> tuple[SkillCard, ...]:
        """The cards of one deck (and owner), in number order."""
        chosen = [c for c in self.skills if c.deck == deck and (not owner or c.owner == owner)]
        return tuple(sorted(chosen, key=lambda c: (c.number or 0, c.name)))

    def starting_deck(self, hero: str, role: str) -> tuple[SkillCard, ...]:
        """The 13 cards a hero shuffles at setup: basics 1-6, the hero's 1-5, role 2-3. Role card 1 is
        prepared instead, and the 14th card, a weakness, comes from the top of the weakness deck."""
        role_cards = [c for c in self.cards("role", role) if 1 < (c.number or 0) <= STARTING_ROLE_CARDS]
        return (*self.cards("basic"), *self.cards("hero", hero), *role_cards)

    def bought_role_cards(self, role: str) -> tuple[SkillCard, ...]:
        """The role's cards that heroes buy with experience between adventures (campaign play)."""
        return tuple(c for c in self.cards("role", role) if (c.number or 0) > STARTING_ROLE_CARDS)

    def starting_role_card(self, role: str) -> SkillCard:
        return next(c for c in self.cards("role", role) if c.number == 1)

    @property
    def weaknesses(self) -> tuple[SkillCard, ...]:
        return self.cards("weakness")


def _named(records, name: str, kind: str):
    for record in records:
        if record.name == name:
            return record
    known = ", ".join(r.name for r in records)
    raise KeyError(f"no {kind} named {name!r}; known: {known}")


def _check_references(heroes: HeroesFile, roles: RolesFile, skills: SkillsFile, items: ItemsFile) -> None:
    """Rules across files: heroes name real roles and items, and every deck is complete."""
    role_names = [r.name for r in roles.role]
    item_by_name = {i.name: i for i in items.item}
    hero_names = [h.name for h in heroes.hero]
    for hero in heroes.hero:
        where = f"heroes.toml: hero {hero.name}, field start"
        if hero.start.role not in role_names:
            raise DataError(f"{where}.role: {hero.start.role!r} is not a role in roles.toml "
                            f"(roles: {', '.join(role_names)})")
        hands = 0
        slots: list[str] = []
        for name in hero.start.items:
            if name not in item_by_name:
                raise DataError(f"{where}.items: {name!r} is not an item in items.toml")
            item = item_by_name[name]
            hands += item.hands
            slots.append(item.slot)
        if hands > hero.start.hands:
            raise DataError(f"{where}.items: {hands} hand icons, but {hero.name} may equip {hero.start.hands}")
        for slot in ("armor", "trinket"):
            if slots.count(slot) > 1:
                raise DataError(f"{where}.items: a hero equips at most one {slot}")
    for card in skills.card:
        owners = {"hero": (hero_names, "heroes.toml"), "role": (role_names, "roles.toml")}.get(card.deck)
        if owners is not None and card.owner not in owners[0]:
            raise DataError(f"skills.toml: card {card.name!r}, field owner: {card.owner!r} "
                            f"is not a {card.deck} in {owners[1]}")
    for owner_kind, owners in (("hero", hero_names), ("role", role_names)):
        for owner in owners:
            numbers = sorted(c.number for c in skills.card if c.deck == owner_kind and c.owner == owner)
            # A hero has exactly cards 1-5; a role its starting 1-3, then any bought ones, without gaps.
            if owner_kind == "hero":
                wanted = list(range(1, DECK_NUMBERS["hero"] + 1))
            else:
                wanted = list(range(1, max(len(numbers), STARTING_ROLE_CARDS) + 1))
            if numbers != wanted:
                raise DataError(f"skills.toml: the {owner_kind} cards of {owner} are numbered {numbers}; "
                                f"they must be numbered {wanted}")
    basics = sorted(c.number for c in skills.card if c.deck == "basic")
    if basics != list(range(1, DECK_NUMBERS["basic"] + 1)):
        raise DataError(f"skills.toml: the basic cards are numbered {basics}; each of 1 to 6 must appear once")
    if not any(c.deck == "weakness" for c in skills.card):
        raise DataError("skills.toml: the weakness deck is empty; each hero starts with one weakness")


def load_table(data_dir: str | Path | None = None) -> Table:
    heroes = load_content(PACKAGE, "heroes.toml", HeroesFile, data_dir)
    roles = load_content(PACKAGE, "roles.toml", RolesFile, data_dir)
    skills = load_content(PACKAGE, "skills.toml", SkillsFile, data_dir)
    items = load_content(PACKAGE, "items.toml", ItemsFile, data_dir)
    wounds = load_content(PACKAGE, "damage_fear.toml", DamageFearFile, data_dir)
    enemies = load_content(PACKAGE, "enemies.toml", EnemiesFile, data_dir)
    _check_references(heroes, roles, skills, items)
    return Table(
        heroes=tuple(heroes.hero),
        roles=tuple(roles.role),
        skills=tuple(skills.card),
        items=tuple(items.item),
        damage=wounds.damage,
        fear=wounds.fear,
        boons=tuple(wounds.boon),
        enemies=tuple(enemies.enemy),
        elites=tuple(enemies.elite),
        banners=enemies.banners.count,
        last_stands=tuple(wounds.last_stand),
    )
