"""Attacks and enemies, one test per rule of the Rules Reference ("Attack Tests", "Applying Hits",
"Add and Apply", "Modifiers", "Counterattack", "Enemy Activation", "Elite Enemies", "Enemy Banners
and Duplicate Groups"), and this app's rule for a box out of figures."""

import pytest

from middleearth.core.contract import CHANCE
from middleearth.games.journeys.actions import parse_action

from tests.games.journeys.test_rules import BLANK, SUCCESS, deck, new, quiet, reveal_all, turn


def texts(state):
    return [a.text for a in state.legal_actions()]


def with_goblins(state):
    """Two Goblin Scouts (health 3, armor 1) on the map, nothing else."""
    state._fire("heard-tale", None)
    quiet(state)
    state._spawn("downs-goblins")
    return state.groups["downs-goblins"]


def with_wight(state, elite=None):
    """The barrow-wight: one Wight (health 6 + 2 for Large, sorcery 3), elite."""
    for trigger in ("heard-tale", "stones-read", "halls-entered"):
        state._fire(trigger, None)
    quiet(state)
    state._spawn("barrow-wight")
    group = state.groups["barrow-wight"]
    if elite is not None:
        group["elite"] = elite
    return group


def resize(group, figures):
    group.update(figures=figures, wounds=0, wounds_by_figure=[0] * figures, armor_lost_by_figure=[0] * figures)


def follow_steps(state):
    """The party answers the enemy's target and path choices with the first option."""
    while state.stack and state.stack[-1]["t"] in ("target", "step"):
        state.apply(state.legal_actions()[0])


def attack_with(state, seat, action, successes):
    """The hero takes the attack action; the test reveals ``successes`` one-success cards and the
    rest blanks."""
    deck(state, seat, SUCCESS, successes) if successes else deck(state, seat, BLANK)
    if successes:
        state.heroes[seat]["deck"][BLANK] = 10
    state.apply(action)
    while state.current_player == CHANCE and state.stack[-1]["t"] == "test":
        wanted = SUCCESS if state.stack[-1]["success"] < successes else BLANK
        state.apply(f"reveal {wanted}")


# -- attack tests -------------------------------------------------------------------------------

def test_an_attack_may_use_several_items_that_share_the_tested_stat():
    """Choose Item and Stat: any number of equipped items, all with the chosen stat's icon; an
    adjacent group only if every chosen item is ranged."""
    state = new()
    group = with_goblins(state)
    state.heroes[0]["items"] = ["Sword", "Battle Axe", "Dagger", "Great Bow"]
    state.heroes[0]["at"] = group["at"]
    turn(state, 0)
    choices = texts(state)
    assert "attack downs-goblins sword+battle-axe might" in choices
    assert not [c for c in choices if "sword+dagger" in c or "battle-axe+great-bow" in c]
    hexmap = state._map()
    state.heroes[0]["at"] = next(tuple(s) for s in hexmap.neighbours(group["at"]))
    assert [c for c in texts(state) if c.startswith("attack")] == ["attack downs-goblins great-bow agility"]


def test_the_hero_chooses_which_abilities_the_successes_buy_each_once_per_attack():
    """Perform Attack Test: successes are spent on the chosen items' abilities, each at most once
    per attack; the hero picks them, and may apply before spending all."""
    state = new()
    group = with_goblins(state)
    state.heroes[0]["items"] = ["Sword", "Battle Axe"]
    state.heroes[0]["at"] = group["at"]
    turn(state, 0)
    attack_with(state, 0, "attack downs-goblins sword+battle-axe might", 3)
    assert state.stack[-1]["t"] == "spend" and state.current_player == 0
    assert set(texts(state)) == {"spend sword 1", "spend sword 2", "spend battle-axe 1", "spend battle-axe 2",
                                 "apply"}
    assert state.observation(0)["attack"]["successes_left"] == 3
    assert "3 success(es) left to spend" in state.text(0)
    state.apply("spend sword 2")  # 2 successes: 5 hits
    assert set(texts(state)) == {"spend sword 1", "spend battle-axe 1", "apply"}
    state.apply("spend battle-axe 1")  # the last success: 3 hits; nothing is left to buy
    assert not state.stack or state.stack[-1]["t"] != "spend"
    # 8 hits: the first goblin takes 1 (armor) + 3, the second 1 + 3: both fall
    assert "downs-goblins" not in state.groups


def test_the_hero_may_apply_without_spending_every_success():
    state = new()
    group = with_goblins(state)
    state.heroes[0]["at"] = group["at"]
    turn(state, 0)
    attack_with(state, 0, "attack downs-goblins sword might", 3)
    state.apply("spend sword 1")  # 2 hits, though the two successes left could buy 5 more
    state.apply("apply")
    assert group["figures"] == 2 and group["wounds"] == 1


def test_an_attack_adds_the_hits_and_modifiers_other_abilities_add_to_it():
    """Add and Apply: an ability that "adds" hits or modifiers (Strike X, a modifier card) alters
    the attack in progress: the test's purpose carries ``added_hits`` and ``added_modifiers``."""
    state = new()
    group = with_goblins(state)
    state.heroes[0]["at"] = group["at"]
    turn(state, 0)
    deck(state, 0, BLANK)
    state.apply("attack downs-goblins sword might")
    state.stack[-1]["purpose"].update(added_hits=2, added_modifiers=["pierce"])
    reveal_all(state)
    assert group["figures"] == 2 and group["wounds"] == 2  # pierce: the armor does not take one


# -- applying hits and modifiers ----------------------------------------------------------------

def test_pierce_ignores_armor():
    state = new()
    group = with_goblins(state)
    state._apply_hits("downs-goblins", 3)
    assert group["wounds_by_figure"] == [2, 0]
    state._apply_hits("downs-goblins", 1, ["pierce"])
    assert group["figures"] == 1


def test_smite_ignores_sorcery():
    state = new()
    group = with_wight(state)
    state._apply_hits("barrow-wight", 5)
    assert group["wounds"] == 2
    state._apply_hits("barrow-wight", 5, ["smite"])
    assert group["wounds"] == 7


def test_sunder_reduces_armor_for_good_and_reaches_the_next_figure_if_the_first_falls():
    """Sunder: the topmost figure loses one armor before hits; if it is defeated, the next one
    also loses one armor."""
    state = new()
    group = with_goblins(state)
    state._apply_hits("downs-goblins", 1, ["sunder"])
    assert group["wounds_by_figure"] == [1, 0]
    state._apply_hits("downs-goblins", 1)  # its armor is gone for good
    assert group["wounds_by_figure"] == [2, 0]
    state._apply_hits("downs-goblins", 2, ["sunder"])  # the first falls with 1 hit to spare
    assert group["figures"] == 1 and group["wounds"] == 1  # the second's armor was sundered too
    assert group["armor_lost_by_figure"] == [1]


def test_cleave_strikes_every_figure_with_all_the_hits():
    state = new()
    group = with_goblins(state)
    state._apply_hits("downs-goblins", 3, ["cleave"])
    assert group["wounds_by_figure"] == [2, 2]
    state._apply_hits("downs-goblins", 2, ["cleave"])
    assert "downs-goblins" not in state.groups


def test_lethal_defeats_a_figure_that_loses_at_least_half_its_current_health():
    state = new()
    group = state.groups["road-ruffians"]  # one Ruffian: health 5, no armor
    state._apply_hits("road-ruffians", 2, ["lethal"])
    assert group["wounds"] == 2  # 2 of 5: less than half
    state._apply_hits("road-ruffians", 2, ["lethal"])  # 2 of the 3 left: at least half
    assert "road-ruffians" not in state.groups


def test_stun_exhausts_the_group_and_an_elite_group_cannot_counterattack_it():
    state = new()
    group = with_wight(state)
    state.heroes[0]["at"] = group["at"]
    state._hits_landed(0, "barrow-wight", 0, ["stun"])
    assert group["exhausted"] and not state.stack


def test_an_elite_group_is_immune_to_the_modifiers_its_bonus_names():
    """A prohibited modifier has no effect (the elite bonus Wary: stun and lethal)."""
    state = new()
    group = with_wight(state, elite=["Wary"])  # health 6, sorcery 3
    state.heroes[0]["at"] = group["at"]
    state._apply_outside_attack("barrow-wight", 5, ["stun", "lethal", "smite"])
    # smite works (all 5 through); lethal would fell it (5 of 6) and stun exhaust it, but neither does
    assert group["wounds"] == 5 and not group["exhausted"] and "barrow-wight" in state.groups
    state._hits_landed(0, "barrow-wight", 0, ["stun"])
    assert state.stack[-1]["t"] == "enemy_attack"  # not stunned: it counterattacks
    assert state.stack[-1]["t"] == "enemy_attack"  # not stunned: it counterattacks


def test_a_modifier_applies_once_however_many_abilities_give_it():
    state = new()
    group = with_goblins(state)
    state._apply_hits("downs-goblins", 1, ["sunder", "sunder"])
    assert group["armor_lost_by_figure"] == [1, 0]


def test_an_applied_effect_is_not_an_attack_and_never_causes_a_counterattack():
    """Apply: hits and modifiers from an effect resolve outside an attack; no counterattack, even
    from a readied group in the hero's space."""
    state = new()
    group = with_goblins(state)
    state.heroes[0]["at"] = group["at"]
    state._apply_outside_attack("downs-goblins", 2, ["stun"])
    assert group["wounds"] == 1 and group["exhausted"] and not state.stack


# -- counterattacks -------------------------------------------------------------------------------

def test_a_readied_group_in_range_counterattacks_even_after_no_hits_and_is_exhausted():
    state = new()
    group = with_goblins(state)
    state.heroes[0]["at"] = group["at"]
    state._hits_landed(0, "downs-goblins", 0)
    assert state.stack[-1] == {"t": "enemy_attack", "group": "downs-goblins", "group_enemy": "Goblin Scout",
                               "hero": 0}
    assert group["exhausted"]


def test_an_exhausted_group_does_not_counterattack_unless_elite():
    state = new()
    group = with_goblins(state)
    group["exhausted"] = True
    state.heroes[0]["at"] = group["at"]
    state._hits_landed(0, "downs-goblins", 1)
    assert not state.stack


def test_a_group_out_of_range_of_its_attacker_does_not_counterattack():
    """A hero shooting from an adjacent space is out of a melee group's range."""
    state = new()
    group = with_goblins(state)
    state.heroes[0]["at"] = next(tuple(s) for s in state._map().neighbours(group["at"]))
    state._hits_landed(0, "downs-goblins", 1)
    assert not state.stack and not group["exhausted"]


def test_a_ranged_group_counterattacks_a_hero_in_an_adjacent_space():
    """In range: a group with the ranged icon reaches an adjacent space."""
    state = new(difficulty="hard")
    state._fire("heard-tale", None)
    quiet(state)
    state._spawn("stone-archers")  # Orc Hunters: ranged
    group = state.groups["stone-archers"]
    state.heroes[0]["at"] = next(tuple(s) for s in state._map().neighbours(group["at"]))
    state._hits_landed(0, "stone-archers", 0)
    assert state.stack[-1]["t"] == "enemy_attack" and group["exhausted"]


def test_a_defeated_group_does_not_counterattack():
    state = new()
    with_goblins(state)
    state._hits_landed(0, "downs-goblins", 8)
    assert "downs-goblins" not in state.groups and not state.stack


def test_a_provoked_group_is_not_exhausted():
    state = new()
    group = state.groups["road-ruffians"]
    state.heroes[0]["at"] = group["at"]
    state._provoke(0)
    state.apply("enemy 1")
    assert not group["exhausted"]


# -- enemy activation -----------------------------------------------------------------------------

def test_the_party_chooses_the_target_among_equally_near_heroes():
    """Enemy activation: when several heroes are equally near, the heroes choose the target."""
    state = new()
    state.heroes[1]["at"] = state.heroes[0]["at"]
    state.stack.append({"t": "activate", "queue": ["road-ruffians"]})
    state._advance()
    assert state.stack[-1]["t"] == "target" and state.current_player == state._leader()
    assert texts(state) == ["target aragorn", "target beravor"]
    state.apply("target beravor")
    follow_steps(state)
    assert state.stack[-1] == {"t": "enemy_attack", "group": "road-ruffians", "group_enemy": "Ruffian", "hero": 1}


def test_the_nearest_hero_in_reach_is_targeted_without_a_choice():
    state = new()
    hexmap = state._map()
    group = state.groups["road-ruffians"]
    far = max(hexmap.spaces, key=lambda s: hexmap.distance(group["at"], s) or 0)
    state.heroes[1]["at"] = tuple(far)
    state.stack.append({"t": "activate", "queue": ["road-ruffians"]})
    state._advance()
    follow_steps(state)
    assert state.stack[-1]["t"] == "enemy_attack" and state.stack[-1]["hero"] == 0


def test_a_group_with_no_target_moves_toward_the_nearest_hero_without_attacking():
    """No Target: a group that cannot get in range of any hero ignores the instruction and takes a
    new one: it moves its move toward the nearest hero, every step closing the distance."""
    state = new()
    for trigger in ("heard-tale", "stones-read", "halls-entered"):
        state._fire(trigger, None)  # a map large enough to be out of reach
    quiet(state)
    state._spawn("road-ruffians")
    hexmap = state._map()
    group = state.groups["road-ruffians"]  # moves 2
    start = group["at"]
    far = max(hexmap.spaces, key=lambda s: hexmap.distance(start, s) or 0)
    assert hexmap.distance(start, far) > 3
    for hero in state.heroes:
        hero["at"] = tuple(far)
    state.stack.append({"t": "activate", "queue": ["road-ruffians"]})
    state._advance()
    follow_steps(state)
    assert hexmap.distance(group["at"], far) == hexmap.distance(start, far) - 2
    assert not state.stack or state.stack[-1]["t"] != "enemy_attack"
    assert "Ruffian (road-ruffians): no target" in state.log


def test_enemies_are_readied_at_the_end_of_the_shadow_phase():
    state = new()
    group = state.groups["road-ruffians"]
    group["exhausted"] = True
    state.phase = "shadow"
    state.stack.append({"t": "ready"})
    state._advance()
    assert not group["exhausted"]


# -- banners and the figure pool ------------------------------------------------------------------

def test_a_second_group_of_one_enemy_and_an_elite_group_carry_banners():
    """Banners mark elite groups and each additional group of an enemy already on the map; a
    banner leaves with its group."""
    state = new()
    state._fire("heard-tale", None)
    quiet(state)
    state._spawn("downs-goblins")
    state._spawn("hollow-sentries")
    assert state.groups["downs-goblins"]["banner"] is None
    assert state.groups["hollow-sentries"]["banner"] == 1
    state._apply_hits("hollow-sentries", 8)
    state.spawned.remove("hollow-sentries")
    state._spawn("hollow-sentries")
    assert state.groups["hollow-sentries"]["banner"] == 1  # freed, then taken again
    assert with_wight(new())["banner"] == 1  # elite (Large): a banner though alone


def test_a_group_takes_no_more_figures_than_the_box_has_left():
    """App rule: the box holds 6 Goblin Scouts. A group gets the figures left; with none left it
    waits, and appears once a defeated group gives figures back."""
    state = new()
    state._fire("heard-tale", None)
    quiet(state)
    state._spawn("downs-goblins")
    resize(state.groups["downs-goblins"], 5)
    state._spawn("hollow-sentries")
    assert state.groups["hollow-sentries"]["figures"] == 1
    state.groups.pop("hollow-sentries")
    state.spawned.remove("hollow-sentries")
    resize(state.groups["downs-goblins"], 6)
    state._spawn("hollow-sentries")
    assert "hollow-sentries" not in state.groups and state.held_back == ("hollow-sentries",)
    assert state.observation(0)["enemies_waiting"] == ["hollow-sentries"]
    state._apply_outside_attack("downs-goblins", 30, ["cleave"])
    assert state.groups["hollow-sentries"]["figures"] == 2 and state.held_back == ()


# -- grammar --------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["attack wights sword+battle-axe might", "spend sword 2", "apply",
                                  "target legolas"])
def test_the_combat_actions_parse(text):
    assert parse_action(text).text == text
