"""Damage and fear to the end: facedown cards, flips, discards, last stands and defeat (Rules
Reference: Damage and Fear, Discarding Damage and Fear, Last Stands, Defeated; FAQ 22.8 and 54.3).

The helpers of test_rules.py give a party choosing its first turn, with damage and fear decks of
plain cards (28 Bruised, 28 Unease) unless a test sets others.
"""

import json

import pytest

import middleearth
from middleearth.core.contract import CHANCE
from middleearth.core.errors import DataError, IllegalAction
from middleearth.games.journeys.actions import slug
from middleearth.games.journeys.table import load_table
from tests.games.journeys.test_rules import BLANK, SUCCESS, deck, new, quiet, reveal_all
from tests.games.journeys.test_table import user_data


def texts(state):
    return [a.text for a in state.legal_actions()]


def chance_texts(state):
    return [a.text for a, _ in state.chance_outcomes()]


def held(state, seat, kind, facedown=0, faceup=()):
    """Give the hero cards as if suffered: ``facedown`` unread ones and the named faceup ones."""
    hero = state.heroes[seat]
    if facedown:
        state._suffer(seat, *((facedown, 0) if kind == "damage" else (0, facedown)), facedown=(kind,))
        state._advance()
    for name in faceup:
        state.wound_decks[kind][name] = state.wound_decks[kind].get(name, 0)
        hero["faceup"].append(name)
        hero[kind] += 1


# -- facedown ---------------------------------------------------------------------------------

def test_facedown_damage_is_placed_without_reading_it():
    """Facedown: the hero places the card facedown without reading it; no card is revealed, so no
    name is drawn, and the deck is smaller by the cards placed."""
    state = new()
    state._suffer(0, 2, 1, facedown=True)
    state._advance()
    hero = state.heroes[0]
    assert hero["facedown"] == {"damage": 2, "fear": 1} and (hero["damage"], hero["fear"]) == (2, 1)
    assert hero["faceup"] == [] and state.current_player != CHANCE
    assert state.wound_decks["damage"] == {"bruised": 28}  # no name was taken out
    assert state._deck_left("damage") == 26 and state._deck_left("fear") == 27


def test_mist_places_only_the_damage_facedown():
    """Mist: damage suffered there is facedown; fear is still revealed and read."""
    state = new()
    state._suffer(0, 1, 1, facedown=("damage",))
    state._advance()
    assert state.heroes[0]["facedown"]["damage"] == 1
    assert chance_texts(state) == ["fear unease"]


def test_what_a_negating_test_leaves_is_suffered_facedown_in_mist():
    """Mist: damage that would be suffered there is facedown, also after a test that negates."""
    state = new()
    deck(state, 0, BLANK)
    state._harm(0, 2, 1, "might", facedown=("damage",))
    state._advance()
    while state.stack[-1]["t"] == "test":
        state.apply(state.chance_outcomes()[0][0])
    assert state.heroes[0]["facedown"] == {"damage": 2, "fear": 0}
    assert chance_texts(state) == ["fear unease"]


def test_observations_show_facedown_counts_never_names():
    """A facedown card's front stays unknown: every seat sees how many, and no name."""
    state = new()
    state.wound_decks["damage"] = {"bruised": 20, "twisted-ankle": 8}
    state._suffer(0, 3, 0, facedown=True)
    state._advance()
    for seat in (0, 1, None):
        view = state.observation(seat)
        assert view["heroes"][0]["facedown"] == {"damage": 3, "fear": 0}
        assert view["damage_deck"] == 25
        assert "twisted-ankle" not in json.dumps(view) and "bruised" not in json.dumps(view)
    assert "facedown 3/0" in state.text(0)


def test_a_card_that_says_suffer_more_is_suffered_facedown_in_the_same_source():
    """Deep Wound: "suffer 1 more damage facedown": the extra card is placed unread, with no reveal."""
    state = new()
    state.wound_decks["damage"] = {"deep-wound": 28}
    state._suffer(0, 1, 0)
    state.apply("damage deep-wound")
    hero = state.heroes[0]
    assert (hero["damage"], hero["facedown"]["damage"]) == (2, 2)
    assert state.current_player != CHANCE


def test_a_bad_facedown_kind_is_refused_with_what_is_allowed():
    state = new()
    with pytest.raises(ValueError, match=r"\['wounds'\] is not among \['damage', 'fear'\]"):
        state._suffer(0, 1, 0, facedown=("wounds",))


# -- flipping ---------------------------------------------------------------------------------

def test_a_flip_reveals_a_random_facedown_card_and_resolves_it_faceup():
    """Flip (FAQ 22.8): a facedown card, chosen at random, turns faceup and is resolved as if just
    suffered: a card that stays faceup hinders the hero."""
    state = new()
    state.wound_decks["damage"] = {"bruised": 3, "twisted-ankle": 1}
    held(state, 0, "damage", facedown=2)
    state._flip_wounds(0, "damage", 1)
    state._advance()
    assert {a.text: p for a, p in state.chance_outcomes()} == {"damage bruised": 0.75, "damage twisted-ankle": 0.25}
    state.apply("damage twisted-ankle")
    hero = state.heroes[0]
    assert hero["faceup"] == ["twisted-ankle"] and hero["facedown"]["damage"] == 1 and hero["damage"] == 2
    assert state.wound_decks["damage"] == {"bruised": 3}


def test_a_flipped_card_that_says_discard_goes_back_to_the_deck():
    """Flip: the card is resolved as suffered faceup; Glancing Blow says discard it, so it no longer
    counts toward the limit."""
    state = new()
    state.wound_decks["damage"] = {"glancing-blow": 2}
    held(state, 0, "damage", facedown=1)
    state._flip_wounds(0, "damage", 1)
    state._advance()
    state.apply("damage glancing-blow")
    hero = state.heroes[0]
    assert (hero["damage"], hero["facedown"]["damage"], hero["faceup"]) == (0, 0, [])
    assert state.wound_decks["damage"] == {"glancing-blow": 2} and state._deck_left("damage") == 2


def test_a_flip_flips_no_more_cards_than_are_facedown():
    """Flip: only the cards facedown when told to flip; one turned facedown again stays so."""
    state = new()
    held(state, 0, "fear", facedown=1)
    state._flip_wounds(0, "fear", 3)
    state._advance()
    state.apply("fear unease")
    assert state.current_player != CHANCE and state.heroes[0]["facedown"]["fear"] == 1  # Unease turns facedown


def test_a_flipped_card_that_adds_damage_brings_a_last_stand():
    """Flip: a flipped card that makes the hero suffer more is suffering, so the limit is checked
    (Aragorn's damage limit is 5)."""
    state = new()
    state.wound_decks["damage"] = {"deep-wound": 4, "bruised": 24}
    held(state, 0, "damage", facedown=4)
    state._flip_wounds(0, "damage", 1)
    state._advance()
    state.apply("damage deep-wound")
    assert state.heroes[0]["damage"] == 5
    assert state.stack[-1]["t"] == "test" and state.stack[-1]["purpose"]["kind"] == "last_stand"


def test_an_attacks_flip_damage_after_effect_flips_a_facedown_card():
    """Enemy attacks: an Orc Marauder's sweep (its fourth attack) flips 1 facedown damage faceup
    once the hero has suffered."""
    state = new()
    quiet(state)
    state._spawn("road-marauders")
    deck(state, 0, BLANK)
    state.wound_decks["damage"] = {"bruised": 27, "wounded-arm": 1}
    state.stack.append(state._attack_task("road-marauders", 0))
    state._advance()
    state.apply("enemy 4")
    while state.stack[-1]["t"] != "flip":  # the agility test finds nothing; three Bruised turn facedown
        state.apply(max(state.chance_outcomes(), key=lambda o: o[1])[0])
    assert state.heroes[0]["facedown"]["damage"] == 3
    state.apply("damage wounded-arm")
    assert state.heroes[0]["faceup"] == ["wounded-arm"] and state.heroes[0]["facedown"]["damage"] == 2


# -- discarding -------------------------------------------------------------------------------

def test_discarding_is_a_faceup_card_of_the_heros_choice_or_a_random_facedown_one():
    """Discarding damage or fear: a faceup card of the hero's choice or a random facedown card, back
    to its deck."""
    state = new()
    held(state, 0, "damage", facedown=1, faceup=["twisted-ankle"])
    state._discard_wounds(0, 1)
    state._advance()
    assert state.current_player == 0
    assert texts(state) == ["discard facedown-damage", "discard twisted-ankle"]
    state.apply("discard twisted-ankle")
    hero = state.heroes[0]
    assert hero["faceup"] == [] and (hero["damage"], hero["facedown"]["damage"]) == (1, 1)
    assert state.wound_decks["damage"]["twisted-ankle"] == 1 and not state.stack


def test_a_facedown_card_discarded_goes_back_unread():
    """Facedown damage is always discarded at random: it goes back to the deck without anyone
    learning its name."""
    state = new()
    held(state, 0, "damage", facedown=2)
    before = dict(state.wound_decks["damage"])
    state._discard_wounds(0, 1)
    state._advance()  # the only kind of choice: no decision
    assert state.heroes[0]["facedown"]["damage"] == 1 and state.heroes[0]["damage"] == 1
    assert state.wound_decks["damage"] == before and state._deck_left("damage") == 27


def test_rest_discards_only_facedown_cards_in_any_mix():
    """Rest X: discard any combination of X facedown damage or fear; faceup cards are not offered."""
    state = new()
    held(state, 0, "damage", facedown=1, faceup=["wounded-arm"])
    held(state, 0, "fear", facedown=2)
    state._discard_wounds(0, 2, facedown_only=True)
    state._advance()
    assert texts(state) == ["discard facedown-damage", "discard facedown-fear"]
    state.apply("discard facedown-damage")
    assert not state.stack  # the second can only be fear: no choice left to make
    assert state.heroes[0]["facedown"] == {"damage": 0, "fear": 1} and state.heroes[0]["faceup"] == ["wounded-arm"]


def test_a_refused_discard_says_what_is_allowed():
    state = new()
    held(state, 0, "damage", facedown=1, faceup=["twisted-ankle"])
    state._discard_wounds(0, 1)
    state._advance()
    before = state.key()
    with pytest.raises(IllegalAction, match="discard facedown-damage or discard facedown-fear"):
        state.apply("discard cut")
    assert state.key() == before


# -- a prepared card lost ---------------------------------------------------------------------

def test_the_hero_chooses_which_prepared_card_a_damage_card_discards():
    """Dazed: "discard 1 of your prepared cards": which one is the hero's choice."""
    state = new()
    state.heroes[0]["prepared"] = ["well-provisioned", SUCCESS]
    state.wound_decks["damage"] = {"dazed": 28}
    state._suffer(0, 1, 0)
    state.apply("damage dazed")
    assert state.current_player == 0
    assert texts(state) == [f"discard {SUCCESS}", "discard well-provisioned"]
    state.apply("discard well-provisioned")
    hero = state.heroes[0]
    assert hero["prepared"] == [SUCCESS] and hero["discard"]["well-provisioned"] == 1
    assert hero["damage"] == 0  # Dazed itself is discarded


# -- last stands ------------------------------------------------------------------------------

def test_reaching_a_limit_calls_for_a_last_stand_test_of_the_apps_stat():
    """Last stands: damage cards, faceup or facedown, at the damage limit call for a last stand; the
    app's test (design data: might for damage)."""
    state = new()
    stand = state.game.table.last_stand("damage")
    held(state, 0, "damage", facedown=3)
    assert not state.stack  # below the limit
    state._suffer(0, 2, 0)
    state._advance()
    state.apply("damage bruised")
    assert state.stack[-1]["t"] == "wound"  # the source is not resolved yet
    state.apply("damage bruised")
    task = state.stack[-1]
    assert task["t"] == "test" and task["stat"] == stand.stat and task["purpose"]["limit"] == "damage"


def test_failing_a_last_stand_defeats_the_hero():
    """Defeated: failing a last stand defeats the hero; the figure leaves the map and the hero's
    damage and fear cards stay where they are."""
    state = new()
    deck(state, 0, BLANK)
    state._suffer(0, 0, 5, facedown=True)  # Aragorn's fear limit is 5
    state._advance()
    reveal_all(state)
    hero = state.heroes[0]
    assert hero["defeated"] and hero["at"] is None
    assert hero["fear"] == 5 and hero["facedown"]["fear"] == 5


def test_passing_a_last_stand_follows_the_apps_instruction():
    """Last stands: a hero who passes follows the app's instruction (design data: discard random
    facedown cards of that limit)."""
    state = new()
    stand = state.game.table.last_stand("damage")
    deck(state, 0, SUCCESS)
    state.heroes[0]["inspiration"] = 0
    state._suffer(0, 5, 0, facedown=True)
    state._advance()
    reveal_all(state)
    hero = state.heroes[0]
    assert not hero["defeated"] and hero["at"] is not None
    assert hero["damage"] == 5 - stand.discard_facedown and hero["facedown"]["damage"] == 5 - stand.discard_facedown


def test_both_limits_reached_make_two_last_stands_in_the_order_the_hero_chooses():
    """Last stands: a hero at both limits performs two successive last stands, in the order of
    their choice."""
    state = new()
    held(state, 0, "damage", facedown=4)
    held(state, 0, "fear", facedown=4)
    state._suffer(0, 1, 1)
    state._advance()
    reveal_all(state)
    assert state.current_player == 0 and texts(state) == ["stand damage", "stand fear"]
    state.apply("stand fear")
    assert state.stack[-1]["stat"] == state.game.table.last_stand("fear").stat
    assert state.stack[-2] == {"t": "last_stand", "hero": 0, "limit": "damage"}


def test_a_hero_defeated_in_the_first_last_stand_makes_no_second():
    state = new()
    deck(state, 0, BLANK)
    state._suffer(0, 5, 5, facedown=True)
    state._advance()
    state.apply("stand damage")
    reveal_all(state)
    assert state.heroes[0]["defeated"] and not any(t["t"] in ("last_stand", "test") for t in state.stack)


def test_faceup_cards_alone_at_the_limit_fail_the_last_stand():
    """FAQ 54.3: a hero whose faceup damage reaches the damage limit fails the last stand, no test."""
    state = new()
    deck(state, 0, SUCCESS)
    state.wound_decks["damage"] = {"twisted-ankle": 28}
    state._suffer(0, 5, 0)
    state._advance()
    reveal_all(state)
    assert state.heroes[0]["defeated"]


# -- defeat -----------------------------------------------------------------------------------

def test_a_defeated_hero_takes_no_turn():
    """Defeated: the hero can no longer take part: the party picks turns among the others."""
    state = new(players=3, heroes="aragorn,beravor,bilbo")
    quiet(state)
    state._defeat_hero(0)
    state._advance()
    assert texts(state) == ["hero beravor", "hero bilbo"]


def test_an_attack_on_a_hero_defeated_before_it_lands_does_not_happen():
    """Defeated: enemies no longer attack a defeated hero."""
    state = new()
    state.stack.append(state._attack_task("road-ruffians", 0))
    state._defeat_hero(0)
    state._advance()
    assert not any(t["t"] == "enemy_attack" for t in state.stack)


# -- the data ---------------------------------------------------------------------------------

def test_the_last_stands_are_one_per_limit_in_the_data(tmp_path):
    """The app's last stands (design data): one for the damage limit and one for the fear limit."""
    table = load_table()
    assert sorted(s.limit for s in table.last_stands) == ["damage", "fear"]
    assert all(s.provenance == "design" and s.successes >= 1 for s in table.last_stands)
    with pytest.raises(DataError, match="one last_stand for the damage limit and one for the fear limit"):
        load_table(user_data(tmp_path, "damage_fear.toml", 'limit = "fear"', 'limit = "damage"'))


def test_faceup_cards_may_lower_a_limit_and_such_effects_add_up(tmp_path):
    """Damage and fear limits: some effects lower a limit, several adding up (a user's data may
    hold such cards); the last stand comes at the lowered limit, never below 1."""
    folder = user_data(tmp_path, "damage_fear.toml", 'while_faceup = { effect = "travel_penalty", amount = 1 }',
                       'while_faceup = { effect = "damage_limit", amount = 2 }')
    state = middleearth.load("journeys", players=2, data=str(folder)).new_state()
    card = next(slug(c.name) for c in state.game.table.damage.card
                if c.while_faceup and c.while_faceup.effect == "damage_limit")
    printed = state.game.table.hero(state.heroes[0]["name"]).stats.damage_limit
    assert state._limit(0, "damage") == printed
    state.heroes[0]["faceup"] = [card]
    assert state._limit(0, "damage") == printed - 2
    state.heroes[0]["faceup"] = [card] * 10
    assert state._limit(0, "damage") == 1
