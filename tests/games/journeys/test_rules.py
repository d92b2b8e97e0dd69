"""The rules of Journeys in Middle-earth, one test per rule (named in each test's docstring).

Decks are set to known cards where a test needs known icons: steady-hand has 1 success, keep-low
1 fate, doubt (a weakness) nothing.
"""

import random

import pytest

import middleearth
from middleearth.core.contract import CHANCE, TERMINAL, sample_chance
from middleearth.core.errors import BadOption, IllegalAction
from middleearth.games.journeys.hexmap import Hex
from middleearth.games.journeys.attacks import best_hits

SUCCESS, FATE, BLANK = "steady-hand", "keep-low", "doubt"


def new(players=2, **options):
    """A state past setup's weakness draws: the party is choosing who takes the first turn. The
    damage and fear decks hold only plain cards (they turn facedown), unless a test says otherwise."""
    state = middleearth.load("journeys", players=players, **options).new_state()
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    state.wound_decks = {"damage": {"bruised": 28}, "fear": {"unease": 28}}
    return state


def deck(state, seat, card, n=10):
    state.heroes[seat]["deck"] = {card: n}
    state.heroes[seat]["discard"] = {}


def reveal_all(state):
    """Play every pending reveal (skill, damage and fear cards) with the card its deck holds most of."""
    while state.current_player == CHANCE and state.chance_outcomes()[0][0].text.split()[0] in ("reveal", "damage",
                                                                                             "fear"):
        state.apply(max(state.chance_outcomes(), key=lambda o: o[1])[0])


def turn(state, seat):
    state.apply(f"hero {state.heroes[seat]['name'].lower()}")


def quiet(state):
    """No enemy on the map, so a rule can be watched alone."""
    state.groups.clear()
    state.spawned.clear()


def end_round_turns(state):
    """Every hero ends their turn at once: the shadow phase begins."""
    while state.turn is not None or (state.current_player >= 0 and not state.stack and state.phase == "action"):
        state.apply("end" if state.turn is not None else state.legal_actions()[0])


# -- setup ------------------------------------------------------------------------------------

def test_setup_heroes_by_player_count_and_starting_decks():
    """Setup: one hero per seat (2-5, named or the first of heroes.toml); each skill deck is the 13
    starting cards plus a weakness from the weakness deck; role card 1 starts prepared."""
    state = new(players=4, heroes="gimli,legolas,bilbo,elena")
    assert state.game.seat_names() == ["Gimli", "Legolas", "Bilbo", "Elena"]
    for hero in state.heroes:
        assert sum(hero["deck"].values()) == 14
        cards = state.game.hero_cards[hero["name"]]
        assert sum(1 for c in hero["deck"] if cards[c].deck == "weakness") == 1
        assert len(hero["prepared"]) == 1 and cards[hero["prepared"][0]].number == 1
    with pytest.raises(BadOption, match="one different hero per seat"):
        middleearth.load("journeys", players=2, heroes="gimli")
    with pytest.raises(BadOption, match="from 2 to 5"):
        middleearth.load("journeys", players=6)


def test_setup_places_chapter_one_tiles_tokens_and_start_spawn():
    """Setup: the chapter revealed by `start` is placed (J1 explored, J2 unexplored), its tokens
    without `appears` come with it, and the `start` reaction spawns its group at the difficulty."""
    state = new()
    assert [t for t, _, _ in state.placements] == ["J1", "J2"]
    assert state.unexplored == ["J2"]
    assert set(state.tokens) == {"shepherd", "trampled-hedge"}
    assert state.groups["road-ruffians"]["figures"] == 1
    assert new(players=3, difficulty="hard").groups["road-ruffians"]["figures"] == 2  # 1 for two heroes


# -- the action phase -------------------------------------------------------------------------

def test_heroes_take_turns_in_the_order_the_party_chooses():
    """Action phase: heroes take turns in any order; each hero resolves their turn completely."""
    state = new()
    assert [a.text for a in state.legal_actions()] == ["hero aragorn", "hero beravor"]
    turn(state, 1)
    assert state.current_player == 1
    state.apply("end")
    assert state.turn == 0  # the last hero waiting starts at once


def test_travel_gives_two_moves_and_a_turn_has_two_actions():
    """Travel action: two moves to adjacent spaces; a hero performs at most two actions."""
    state = new()
    quiet(state)
    turn(state, 0)
    state.apply("travel")
    assert state.moves == 2 and state.actions_left == 1
    state.apply("move E")
    state.apply("travel")
    assert state.actions_left == 0 and state.moves == 3
    with pytest.raises(IllegalAction, match="used both actions"):
        state.apply("travel")


def test_moves_follow_gray_borders_only():
    """Adjacency: a hero moves only to a space joined by a gray border."""
    state = new()
    quiet(state)
    turn(state, 0)
    state.apply("travel")
    moves = {a.text for a in state.legal_actions() if a.text.startswith("move")}
    assert moves == {"move E", "move SE"}


def test_entering_an_unexplored_tile_explores_it_and_gives_inspiration():
    """Exploration: moving into an unexplored tile explores it; the hero gains one inspiration
    (normal difficulty) and threat no longer counts the tile."""
    state = new()
    quiet(state)
    walk_into_the_next_tile(state)
    assert state.unexplored == [] and state.heroes[0]["inspiration"] == 1


def walk_into_the_next_tile(state):
    """The first hero, with no inspiration, travels two spaces east: into the unexplored J2."""
    state.heroes[0]["inspiration"] = 0
    turn(state, 0)
    state.apply("travel")
    state.apply("move E")
    state.apply("move E")


def test_interacting_needs_the_token_in_the_heros_space():
    """Interact action: only a token in the hero's own space."""
    state = new()
    quiet(state)
    turn(state, 0)
    with pytest.raises(IllegalAction, match="own space"):
        state.apply("interact shepherd")


# -- tests ------------------------------------------------------------------------------------

def test_a_test_reveals_cards_equal_to_the_stat():
    """Tests: reveal cards equal to the tested stat (Aragorn's wit, 3)."""
    state = new()
    quiet(state)
    deck(state, 0, SUCCESS)
    state.heroes[0]["at"] = state.tokens["trampled-hedge"]
    turn(state, 0)
    state.apply("interact trampled-hedge")
    assert state.stack[-1]["reveals"] == 3
    reveal_all(state)
    assert sum(state.heroes[0]["discard"].values()) == 3  # revealed cards are discarded after the test


def test_fate_is_converted_by_spending_inspiration():
    """Convert fate: each inspiration spent turns one fate into a success; at most the fate shown
    and the inspiration held."""
    state = new()
    quiet(state)
    deck(state, 0, FATE)
    state.heroes[0]["inspiration"] = 2
    state.heroes[0]["at"] = state.tokens["trampled-hedge"]
    turn(state, 0)
    state.apply("interact trampled-hedge")
    reveal_all(state)
    assert [a.text for a in state.legal_actions()] == ["convert 0", "convert 1", "convert 2"]
    state.apply("convert 1")
    assert state.heroes[0]["inspiration"] == 2 - 1 + 1  # spent one; passing the hedge gives one back
    assert "Small iron-shod feet" in " ".join(state.log)  # one success passes "wit; 1"


def test_an_empty_deck_is_reset_from_the_discard_pile():
    """Reset: a hero who must reveal from an empty deck shuffles the discard pile into a new deck."""
    state = new()
    quiet(state)
    state.heroes[0]["deck"] = {SUCCESS: 1}
    state.heroes[0]["discard"] = {FATE: 5}
    state.heroes[0]["at"] = state.tokens["trampled-hedge"]
    turn(state, 0)
    state.apply("interact trampled-hedge")
    state.apply(f"reveal {SUCCESS}")
    assert [a.text for a, _ in state.chance_outcomes()] == [f"reveal {FATE}"]
    assert state.heroes[0]["discard"] == {}


def test_reveals_are_chance_draws_weighted_by_card_counts():
    """Decks have no hidden order: each reveal is drawn with the share of that card in the deck."""
    state = new()
    quiet(state)
    state.heroes[0]["deck"] = {SUCCESS: 3, FATE: 1}
    state.heroes[0]["at"] = state.tokens["trampled-hedge"]
    turn(state, 0)
    state.apply("interact trampled-hedge")
    assert dict((a.text, p) for a, p in state.chance_outcomes()) == {f"reveal {FATE}": 0.25,
                                                                        f"reveal {SUCCESS}": 0.75}


# -- interactions and the story ---------------------------------------------------------------

def test_a_story_token_fires_its_trigger_reveals_a_chapter_and_advances_the_objective():
    """Interactions: text effects apply; a fired trigger reveals its chapter, runs its reactions
    and completes the objective that waits on it."""
    state = new()
    quiet(state)
    state.heroes[0]["at"] = state.tokens["shepherd"]
    turn(state, 0)
    state.apply("interact shepherd")
    assert "heard-tale" in state.fired and state.objective == 1 and state.lore == 1
    assert {"J3", "J5"} <= {t for t, _, _ in state.placements}
    assert "shepherd" not in state.tokens and {"east-stone", "west-stone", "goblin-fire"} <= set(state.tokens)
    assert "downs-goblins" in state.groups and "stone-archers" not in state.groups  # hard only


def test_a_test_below_its_threshold_fails():
    """Tests with a threshold: fewer successes than required fail (east stone: wisdom; 2)."""
    state = new()
    state.apply("hero aragorn")
    state.apply("end")
    state._fire("heard-tale", None)
    quiet(state)
    deck(state, 1, BLANK)
    state.heroes[1]["at"] = state.tokens["east-stone"]
    state.apply("interact east-stone")
    reveal_all(state)
    assert state.threat == 2 and "east-stone" in state.tokens


def test_cumulative_tests_add_successes_until_the_total():
    """Cumulative tests: successes add up over attempts until they reach the threshold."""
    state = new()
    for trigger in ("heard-tale", "stones-read", "halls-entered"):
        state._fire(trigger, None)
    quiet(state)
    state.objective = 2
    deck(state, 0, SUCCESS)
    state.heroes[0]["at"] = state.tokens["tamsin"]
    turn(state, 0)
    state.apply("interact tamsin")
    reveal_all(state)
    assert state.progress["bound-captive"] == 2 and "tamsin" in state.tokens
    assert "tamsin-freed" not in state.fired
    state.progress["bound-captive"] = 4  # as if other attempts had gone before
    state.apply("interact tamsin")
    reveal_all(state)
    assert "tamsin-freed" in state.fired and "tamsin" not in state.tokens


def test_a_decision_lets_the_hero_choose_an_option():
    """Decisions: the party chooses one option; its effects apply (rush the sentries: a spawn)."""
    state = new()
    state._fire("heard-tale", None)
    quiet(state)
    state.heroes[0]["at"] = state.tokens["goblin-fire"]
    turn(state, 0)
    state.apply("interact goblin-fire")
    assert [a.text for a in state.legal_actions()] == ["choose 1", "choose 2"]
    state.apply("choose 1")
    assert "hollow-sentries" in state.groups and "goblin-fire" not in state.tokens


def test_the_final_objective_wins():
    """The end: the heroes win when the final objective's trigger fires."""
    state = new()
    for trigger in ("heard-tale", "stones-read", "halls-entered", "tamsin-freed"):
        state._fire(trigger, None)
    quiet(state)
    state.heroes[0]["at"] = state.tokens["ford-stones"]
    turn(state, 0)
    state.apply("interact ford-stones")
    assert state.current_player == TERMINAL and state.result == "win" and state.returns() == [1.0, 1.0]


# -- shadow and rally -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4])
def test_threat_rises_two_per_hero_one_per_threat_token_and_unexplored_tile(players):
    """Threat step: two per hero, one per threat token on the map, one per unexplored tile."""
    state = new(players=players)
    quiet(state)
    end_round_turns(state)
    assert state.threat == 2 * players + 0 + 1  # J2 unexplored, no threat token yet


def test_a_threshold_fires_its_threat_event():
    """Threat events: reaching a threshold runs its effects (20: the hill-troll comes)."""
    state = new()
    quiet(state)
    state.threat = 18
    end_round_turns(state)
    assert "hill-troll" in state.groups


def test_a_full_threat_bar_loses():
    """Threat: the adventure is lost when the bar fills."""
    state = new()
    quiet(state)
    state.threat = 58
    end_round_turns(state)
    assert state.result == "loss" and state.end_reason == "threat" and state.returns() == [-1.0, -1.0]


def test_a_defeated_hero_loses_at_the_next_shadow_phase():
    """Defeat: a hero who fails a last stand is defeated; unless the final objective is met
    before the next shadow phase begins, the heroes lose."""
    state = new()
    quiet(state)
    deck(state, 0, BLANK)  # the last stand's test finds no success
    state._suffer(0, 5, 0)
    state._advance()
    reveal_all(state)
    assert state.heroes[0]["defeated"] and state.result is None
    assert state.turn == 1  # only Beravor plays on
    state.apply("end")
    assert state.result == "loss" and state.end_reason == "defeat"


def test_darkness_makes_heroes_test_spirit_against_fear():
    """Darkness step: each hero in darkness suffers the adventure's fear; spirit negates."""
    state = new()
    quiet(state)
    state._fire("mist-falls", None)  # a darkness token on J1 0,0, where the heroes stand
    deck(state, 0, BLANK)
    deck(state, 1, SUCCESS)
    end_round_turns(state)
    reveal_all(state)
    reveal_all(state)
    assert state.heroes[0]["fear"] == 2 and state.heroes[1]["fear"] == 0


def test_rally_scouts_two_and_keeps_at_most_four_prepared():
    """Rally: reset, scout 2 (prepare one of them), and a fifth prepared card is discarded."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] += [SUCCESS, FATE, "watchful"]
    end_round_turns(state)
    assert state.phase == "rally" and state.stack[-1]["t"] == "scout"
    assert state.stack[-1]["reveals"] == 2 + 1  # Aragorn's rally_scout_plus_one
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    card = state.stack[-1]["revealed"][0]
    state.apply(f"prepare {card}")
    assert state.stack[-1]["t"] == "trim"
    state.apply(f"discard {FATE}")
    assert len(state.heroes[0]["prepared"]) == 4 and FATE in state.heroes[0]["discard"]


# -- enemies ----------------------------------------------------------------------------------

def test_enemies_move_toward_the_nearest_hero_and_attack():
    """Enemy activation: the group moves up to its move along a shortest path and attacks once in
    the hero's space; damage and fear come from its attack table by group size."""
    state = new()
    deck(state, 0, BLANK)
    deck(state, 1, BLANK)
    end_round_turns(state)
    state.apply(f"target {state.heroes[0]['name'].lower()}")  # both heroes equally near: the party picks
    assert state.groups["road-ruffians"]["at"] == (0, 0)  # two spaces: a Ruffian moves 2
    state.apply("enemy 1")
    attack = state.game.table.enemy("Ruffian").attacks.attack[0]
    reveal_all(state)
    assert (state.heroes[0]["damage"], state.heroes[0]["fear"]) == (attack.damage[0], attack.fear[0])


def test_negating_prevents_one_damage_or_fear_per_success():
    """Negate: each success of the negating test prevents one damage or fear."""
    state = new()
    deck(state, 0, SUCCESS)
    end_round_turns(state)
    state.apply(f"target {state.heroes[0]['name'].lower()}")  # both heroes equally near: the party picks
    state.apply("enemy 1")
    reveal_all(state)
    assert state.heroes[0]["damage"] + state.heroes[0]["fear"] == 0


def test_hero_attacks_spend_successes_on_item_abilities():
    """Attack tests: successes buy item abilities, each once per attack (Sword: 1 for 2 hits,
    2 for 5 hits: 3 successes give 7)."""
    sword = middleearth.load("journeys", players=2).table.item("Sword")
    assert [best_hits(sword, n) for n in range(5)] == [0, 2, 5, 7, 7]


def test_armor_absorbs_hits_and_a_group_falls_figure_by_figure():
    """Applying hits: armor and sorcery take hits first, for each figure; a figure at 0 health is
    removed; a group with no figure left is defeated."""
    state = new()
    state._fire("heard-tale", None)
    group = state.groups["downs-goblins"]  # 2 Goblin Scouts: health 3, armor 1
    state._apply_hits("downs-goblins", 4)
    assert group["figures"] == 1 and group["wounds"] == 0
    state._apply_hits("downs-goblins", 1)
    assert group["wounds"] == 0  # all absorbed by armor
    state._apply_hits("downs-goblins", 4)
    assert "downs-goblins" not in state.groups


def test_an_attack_needs_the_group_in_range_of_the_item():
    """Attack action: a group in the hero's space, or adjacent with a ranged item."""
    state = new()
    turn(state, 0)
    assert not [a for a in state.legal_actions() if a.text.startswith("attack")]
    state.heroes[0]["at"] = state.groups["road-ruffians"]["at"]
    assert "attack road-ruffians sword might" in [a.text for a in state.legal_actions()]


def test_leaving_a_readied_enemys_space_provokes_it():
    """Provoke: moving out of a space with a readied enemy group makes it attack first."""
    state = new()
    state.heroes[0]["at"] = state.groups["road-ruffians"]["at"]
    turn(state, 0)
    state.apply("travel")
    state.apply(next(a for a in state.legal_actions() if a.text.startswith("move")))
    assert state.current_player == CHANCE and state.stack[-1]["t"] == "enemy_attack"


def test_an_elite_group_counterattacks_the_hero_who_attacked_it():
    """Counterattack: a group still standing and in range attacks back; an elite one even when
    exhausted."""
    state = new()
    state._fire("heard-tale", None)
    state._fire("stones-read", None)
    state._fire("halls-entered", None)
    quiet(state)
    state._spawn("barrow-wight")  # elite (Large)
    state.groups["barrow-wight"]["exhausted"] = True
    deck(state, 0, BLANK)
    state.heroes[0]["at"] = state.groups["barrow-wight"]["at"]
    turn(state, 0)
    state.apply("attack barrow-wight sword might")
    reveal_all(state)
    assert state.current_player == CHANCE and state.stack[-1]["t"] == "enemy_attack"


def test_hard_difficulty_gives_no_inspiration_for_exploring():
    """Difficulty: on hard, heroes gain no inspiration when they explore a tile."""
    state = new(difficulty="hard")
    quiet(state)
    walk_into_the_next_tile(state)
    assert state.unexplored == [] and state.heroes[0]["inspiration"] == 0


def test_the_apps_round_cap_ends_a_stalled_adventure():
    """App rule (the adventure has no round limit): after ROUND_CAP rounds the game ends lost."""
    from middleearth.games.journeys.world import ROUND_CAP

    state = new()
    quiet(state)
    state.round = ROUND_CAP
    end_round_turns(state)
    while not state.is_terminal():  # the rally's scouting, then the cap
        state.apply(state.chance_outcomes()[0][0] if state.current_player == CHANCE else state.legal_actions()[0])
    assert state.result == "loss" and state.end_reason == "rounds"


def test_a_refusal_says_what_the_rule_allows():
    """Errors: a refused action names the rule, and the state is unchanged."""
    state = new()
    before = state.key()
    with pytest.raises(IllegalAction, match="picks which hero takes the next turn"):
        state.apply("travel")
    with pytest.raises(IllegalAction, match="not an action of Journeys"):
        state.apply("fly to Rivendell")
    assert state.key() == before


# -- damage and fear cards --------------------------------------------------------------------

def test_each_damage_is_a_card_revealed_and_resolved():
    """Damage and fear: each is a card from its deck, resolved one at a time; a card that goes back
    to the deck does not count toward the limit, one that stays (facedown or faceup) does."""
    state = new()
    state.wound_decks["damage"] = {"glancing-blow": 1, "bruised": 1}
    state._suffer(0, 2, 0)
    assert [a.text for a, _ in state.chance_outcomes()] == ["damage bruised", "damage glancing-blow"]
    state.apply("damage glancing-blow")
    state.apply("damage glancing-blow")  # it went back to the deck
    assert state.heroes[0]["damage"] == 0 and state.wound_decks["damage"]["glancing-blow"] == 1


def test_limits_are_checked_once_the_whole_source_is_suffered():
    """Damage and fear: the limit is checked after all the cards of one source, and reaching it
    calls for a last stand (Aragorn's damage limit is 5)."""
    state = new()
    state._suffer(0, 3, 0)
    state._advance()
    reveal_all(state)
    state._suffer(0, 2, 0)
    state.apply("damage bruised")
    assert state.heroes[0]["damage"] == 4 and state.stack[-1]["t"] == "wound"
    state.apply("damage bruised")
    assert state.heroes[0]["damage"] == 5 and state.stack[-1]["purpose"] == {"kind": "last_stand", "limit": "damage"}


def test_a_faceup_card_hinders_its_tests():
    """Faceup cards: a stat penalty makes tests of that stat reveal fewer cards, at least one."""
    state = new()
    quiet(state)
    state.wound_decks["fear"] = {"haunted": 3}
    state._suffer(0, 0, 2)
    state.apply("fear haunted")
    state.apply("fear haunted")
    assert state.heroes[0]["faceup"] == ["haunted", "haunted"]
    state.stack.clear()
    state._test(0, "spirit", {"kind": "negate", "damage": 0, "fear": 0})
    assert state.stack[-1]["reveals"] == 1  # Aragorn's spirit 2, less 2, but one at least


def test_an_attacks_after_effect_follows_the_suffering():
    """Enemy attacks: the attack's after effect is resolved once the hero has suffered (a Goblin
    Scout's fourth attack: discard a prepared card)."""
    state = new()
    state._fire("heard-tale", None)
    quiet(state)
    state._spawn("downs-goblins")
    deck(state, 0, BLANK)
    state.stack.append(state._attack_task("downs-goblins", 0))
    state.apply("enemy 4")
    assert len(state.heroes[0]["prepared"]) == 1  # not before the test and the wounds
    reveal_all(state)
    assert state.heroes[0]["prepared"] == [] and state.heroes[0]["damage"] == 2


# -- choices the party makes ------------------------------------------------------------------

def test_the_hero_splits_negating_successes_between_damage_and_fear():
    """Negate: when both damage and fear are due, the hero chooses what each success negates."""
    state = new()
    state._negate(0, 2, 2, 1)
    assert [a.text for a in state.legal_actions()] == ["negate 0", "negate 1"]
    state.apply("negate 1")
    reveal_all(state)
    assert (state.heroes[0]["damage"], state.heroes[0]["fear"]) == (1, 2)


def test_a_test_of_one_stat_from_a_list_lets_the_hero_pick():
    """Tests: a hero told to test one of several stats chooses which (west stone: wisdom or wit)."""
    state = new()
    state._fire("heard-tale", None)
    quiet(state)
    state.heroes[0]["at"] = state.tokens["west-stone"]
    turn(state, 0)
    state.apply("interact west-stone")
    assert [a.text for a in state.legal_actions()] == ["test wisdom", "test wit"]
    state.apply("test wit")
    assert state.stack[-1]["stat"] == "wit" and state.stack[-1]["reveals"] == 3


def test_the_party_picks_between_tied_shortest_steps_of_an_enemy():
    """Enemy activation: every step must close the distance; when several do, the party chooses."""
    state = new()
    state._fire("heard-tale", None)
    quiet(state)
    hexmap = state._map()
    hero_at = state.heroes[0]["at"]
    start = next(at for at in hexmap.spaces if len(hexmap.closer_steps(at, hero_at)) > 1
                 and hexmap.distance(at, hero_at) == 2)
    state._spawn("road-ruffians")
    state.groups["road-ruffians"]["at"] = tuple(start)
    state.heroes[1]["at"] = state.heroes[0]["at"]
    state.stack.append({"t": "activate", "queue": ["road-ruffians"]})
    state._advance()
    state.apply(f"target {state.heroes[0]['name'].lower()}")  # both heroes equally near: the party picks
    choices = [a.text for a in state.legal_actions()]
    assert len(choices) > 1 and all(c.startswith("step") for c in choices)
    assert {Hex(*start).step(c.split()[1]) for c in choices} == set(hexmap.closer_steps(start, hero_at))
    state.apply(choices[-1])
    assert state.groups["road-ruffians"]["at"] == hero_at  # its second step, then its attack
    assert state.current_player == CHANCE and state.stack[-1]["t"] == "enemy_attack"


# -- hero abilities (design ids, docs/journeys.md) -----------------------------------------------

def test_gimli_is_hardy_once_a_round():
    """hardy: the first enemy attack each round that would damage Gimli does 1 less."""
    state = new(heroes="gimli,legolas")
    state.heroes[0]["prepared"], state.heroes[0]["items"] = [], ["Battle Axe"]  # no Guard, no Ring Mail
    state._suffer_attack(0, 2, 0, from_enemy=True)
    reveal_all(state)
    state._suffer_attack(0, 2, 0, from_enemy=True)
    reveal_all(state)
    assert state.heroes[0]["damage"] == 1 + 2


def test_legolas_keen_shot_adds_a_hit_at_range():
    """keen_shot: an attack on a group in an adjacent space gains 1 hit."""
    state = new(heroes="legolas,gimli")
    group = state.groups["road-ruffians"]
    state.heroes[0]["at"] = (1, 0)  # next to the Ruffian on J2 0,0
    state._hero_attacks(0, "road-ruffians", "Great Bow", 0)
    assert group["wounds"] == 1


def test_beravor_swift_step_gives_one_more_move_a_turn():
    """swift_step: once in each of her turns, a travel gives Beravor one more move."""
    state = new(heroes="beravor,gimli")
    quiet(state)
    turn(state, 0)
    state.apply("travel")
    assert state.moves == 3
    state.apply("travel")
    assert state.moves == 5


def test_the_story_log_keeps_every_line_so_the_terminal_prints_all_of_it():
    """The app tells the whole story: the log only grows (the terminal prints what is new, the
    hub sends only new lines), and a clone shares it rather than copying it."""
    state = new()
    rng = random.Random(3)
    seen = []
    for _ in range(300):
        if state.is_terminal():
            break
        assert list(state.log[:len(seen)]) == seen  # nothing dropped, nothing rewritten
        seen = list(state.log)
        state.apply(sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_actions()))
    assert len(state.log) > 8
    assert state.clone().log is state.log
