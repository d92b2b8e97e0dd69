"""Prepared skill cards, item abilities, trinkets, boons and the hero abilities slip_away and
lend_heart: one test per rule (Rules Reference: Keywords, Prepared Skill Cards, Item Cards,
Trinket Item Cards, Boon Cards), named after it.

Cards used (their abilities are in data/skills.toml): quick-feet Sprint 1, look-ahead Scout 2,
keep-low Hide (and 1 fate), steady-hand Strike 1 (and 1 success), the-tookish-part convert 1
(Bilbo), lay-of-twilight inspire 1 a nearby hero (Elena), fury sunder (Gimli).
"""

from middleearth.core.contract import CHANCE
from middleearth.core.errors import IllegalAction
from tests.games.journeys.test_rules import BLANK, FATE, SUCCESS, deck, end_round_turns, new, quiet, reveal_all, turn


def texts(state):
    return [a.text for a in state.legal_actions()]


def start_test(state, seat, stat, purpose):
    """A test the world asks for, run up to its conversion step."""
    state._test(seat, stat, purpose)
    state._advance()
    reveal_all(state)


def test_sprint_discards_the_card_to_move_more_with_actions_between():
    """Sprint X: during your turn, discard the prepared card to move X more spaces; actions may
    come between the moves."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] = ["quick-feet"]
    turn(state, 0)
    assert "use quick-feet" in texts(state) and not state.moves
    state.apply("use quick-feet")
    assert state.moves == 1 and state.heroes[0]["prepared"] == []
    assert state.heroes[0]["discard"] == {"quick-feet": 1}
    assert "travel" in texts(state) and "move E" in texts(state)


def test_a_hero_may_still_use_an_own_turn_ability_after_both_actions():
    """Abilities are used during your turn: the turn waits for `end` while one is still usable."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] = ["quick-feet"]
    turn(state, 0)
    state.apply("travel")
    state.apply("travel")
    for _ in range(4):
        state.apply("move E" if "move E" in texts(state) else "move W")
    assert state.turn == 0 and texts(state) == ["use quick-feet", "end"]
    state.apply("end")
    assert state.heroes[0]["done"] and state.turn == 1  # the last hero waiting takes their turn


def test_a_keyword_needs_its_card_prepared():
    """A hero can only discard a card to use a keyword if that card is prepared."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] = []
    deck(state, 0, "quick-feet")
    turn(state, 0)
    assert not [t for t in texts(state) if t.startswith("use")]


def test_scout_x_reveals_x_cards_and_prepares_one():
    """Scout X: reveal X cards from the top of your deck; you may prepare one of them."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] = ["look-ahead"]
    deck(state, 0, FATE, n=5)
    turn(state, 0)
    state.apply("use look-ahead")
    assert state.current_player == CHANCE and state.stack[-1]["reveals"] == 2
    reveal_all(state)
    assert texts(state) == ["prepare none", f"prepare {FATE}"]
    state.apply(f"prepare {FATE}")
    assert state.heroes[0]["prepared"] == [FATE] and state.heroes[0]["deck"] == {FATE: 4}
    assert state.turn == 0  # back to the turn


def test_hide_after_a_test_gives_the_hidden_boon_unless_already_hidden():
    """Hide: after performing a test, discard the card to gain a Hidden boon; a hero cannot use
    Hide if they are already hidden."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] = [FATE]
    deck(state, 0, BLANK)
    start_test(state, 0, "wit", {"kind": "none"})
    assert state.stack[-1]["t"] == "window" and texts(state) == [f"use {FATE}", "pass"]
    state.apply(f"use {FATE}")
    assert state.heroes[0]["boons"] == ["hidden"] and not state.stack
    state.heroes[0]["prepared"] = [FATE]
    start_test(state, 0, "wit", {"kind": "none"})
    assert not state.stack  # already hidden: no window opens


def test_strike_and_modifier_cards_add_to_the_attack_in_progress():
    """Strike X: during your attack test, discard the card to add X hits; a modifier card adds its
    modifier. Both ride on the attack's purpose (added_hits, added_modifiers) for its resolution."""
    state = new(heroes="gimli,legolas")
    state.heroes[0]["prepared"] = [SUCCESS, "fury"]
    deck(state, 0, BLANK)
    state.heroes[0]["at"] = state.groups["road-ruffians"]["at"]
    turn(state, 0)
    state.apply("attack road-ruffians battle-axe might")
    reveal_all(state)
    assert set(texts(state)) == {f"use {SUCCESS}", "use fury", "convert 0"}
    purpose = state.stack[-1]["purpose"]
    state.apply(f"use {SUCCESS}")
    state.apply("use fury")
    assert purpose["added_hits"] == 1 and purpose["added_modifiers"] == ["sunder"]
    assert state.heroes[0]["prepared"] == []


def test_strike_is_not_offered_outside_an_attack_test():
    """Strike X is used during your attack test, not in other tests."""
    state = new()
    state.heroes[0]["prepared"] = [SUCCESS]
    deck(state, 0, BLANK)
    start_test(state, 0, "wit", {"kind": "none"})
    assert not state.stack


def test_a_convert_card_turns_fate_into_success_without_inspiration():
    """Convert N: turn up to N revealed fate into successes, spending no inspiration."""
    state = new(heroes="bilbo,elena")
    state.heroes[0]["prepared"] = ["the-tookish-part"]
    state.heroes[0]["inspiration"] = 0
    deck(state, 0, FATE)
    start_test(state, 0, "wit", {"kind": "none"})
    task = state.stack[-1]
    assert task["fate"] == 3 and "use the-tookish-part" in texts(state)
    state.apply("use the-tookish-part")
    assert (task["success"], task["fate"], state.heroes[0]["inspiration"]) == (1, 2, 0)


def test_inspire_gives_inspiration_to_a_nearby_hero_within_their_limit():
    """Inspire: a nearby hero (same or adjacent space) gains inspiration, up to their limit."""
    state = new(heroes="elena,bilbo")
    quiet(state)
    state.heroes[0]["prepared"] = ["lay-of-twilight"]
    state.heroes[1]["inspiration"] = 0
    state.heroes[0]["inspiration"] = 5  # Elena at her limit: she is not offered
    turn(state, 0)
    assert [t for t in texts(state) if t.startswith("use")] == ["use lay-of-twilight bilbo"]
    state.apply("use lay-of-twilight bilbo")
    assert state.heroes[1]["inspiration"] == 1


def test_a_trinket_spends_a_token_per_use_and_is_facedown_at_zero():
    """Trinkets: using one spends a depletion token; after the last, it is facedown and none of
    its abilities can be used."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] = []
    state._give_item(0, "Boots")  # deplete to sprint 1
    tokens = state.game.table.item("Boots").depletion
    assert state.heroes[0]["depletion"]["Boots"] == tokens
    turn(state, 0)
    for used in range(1, tokens + 1):
        state.apply("use boots")
        assert state.moves == used and state.heroes[0]["depletion"]["Boots"] == tokens - used
    assert "use boots" not in texts(state)


def test_an_item_convert_against_a_kind_works_only_in_tests_negating_it():
    """Item convert with `against`: Cloak turns a fate into a success only in a test that negates
    damage; it is free and used once in the test."""
    state = new(heroes="bilbo,elena")
    state.heroes[0]["prepared"] = []
    state.heroes[0]["inspiration"] = 1  # keeps the test open at its conversion step
    deck(state, 0, FATE)
    start_test(state, 0, "wit", {"kind": "none"})
    assert "use cloak" not in texts(state)
    state.stack.clear()
    start_test(state, 0, "agility", {"kind": "negate", "damage": 5, "fear": 0})
    assert "use cloak" in texts(state)
    state.apply("use cloak")
    assert state.stack[-1]["success"] == 1 and "use cloak" not in texts(state)


def test_a_once_per_round_item_ability_returns_in_the_next_round():
    """limit once_per_round: Travel Garb's free convert is used once a round."""
    state = new()
    state.heroes[0]["inspiration"] = 1  # keeps the test open at its conversion step
    deck(state, 0, FATE)
    start_test(state, 0, "might", {"kind": "negate", "damage": 5, "fear": 0})
    state.apply("use travel-garb")
    assert state.heroes[0]["once_used"] == ["Travel Garb"]
    state.stack.clear()
    start_test(state, 0, "might", {"kind": "negate", "damage": 5, "fear": 0})
    assert "use travel-garb" not in texts(state)
    state._refresh_heroes()
    assert "use travel-garb" in texts(state)


def test_a_hero_holds_at_most_one_of_each_boon():
    """Boons: a hero who would gain a boon they already have does not gain another copy."""
    state = new()
    state._gain_boon(0, "emboldened")
    state._gain_boon(0, "emboldened")
    state._gain_boon(0, "determined")
    assert state.heroes[0]["boons"] == ["emboldened", "determined"]


def test_emboldened_adds_a_success_and_determined_reveals_two_more():
    """Emboldened: discard during a test to add 1 success. Determined: discard when revealing for
    a test to reveal 2 more cards."""
    state = new()
    state.heroes[0]["prepared"] = []
    state.heroes[0]["inspiration"] = 0
    deck(state, 0, BLANK)
    state._gain_boon(0, "emboldened")
    state._gain_boon(0, "determined")
    start_test(state, 0, "might", {"kind": "none"})
    task = state.stack[-1]
    state.apply("use emboldened")
    assert task["success"] == 1
    state.apply("use determined")
    assert state.current_player == CHANCE and task["reveals"] == 2
    reveal_all(state)
    assert len(task["revealed"]) == 5 and state.heroes[0]["boons"] == []


def test_a_hidden_hero_avoids_an_enemy_attack():
    """Hidden: when an enemy attack would target you, discard the boon and the attack does not
    happen."""
    state = new()
    deck(state, 0, BLANK)
    deck(state, 1, BLANK)
    state._gain_boon(0, "hidden")
    end_round_turns(state)
    if state.stack[-1]["t"] == "target":  # both heroes equally near: the party picks the hidden one
        state.apply(f"target {state.heroes[0]['name'].lower()}")
    assert state.groups["road-ruffians"]["at"] == state.heroes[0]["at"]
    assert not any(t["t"] == "enemy_attack" for t in state.stack)
    assert state.heroes[0]["boons"] == [] and state.heroes[0]["damage"] == 0


def test_hidden_is_lost_when_its_holder_attacks():
    """Hidden is discarded, unused, when the hero makes an attack."""
    state = new()
    state._gain_boon(0, "hidden")
    state.heroes[0]["at"] = state.groups["road-ruffians"]["at"]
    turn(state, 0)
    state.apply("attack road-ruffians sword might")
    assert "hidden" not in state.heroes[0]["boons"]


def test_bilbo_slips_away_in_the_rally_phase_when_no_enemy_shares_his_space():
    """Bilbo's slip_away: in the rally phase, after scouting, he becomes hidden if no enemy group
    shares his space."""
    state = new(heroes="bilbo,elena")
    quiet(state)
    state._do_rally({"t": "rally"})
    while state.stack:
        state.apply(state.legal_actions()[0] if state.current_player != CHANCE else state.chance_outcomes()[0][0])
    assert state.heroes[0]["boons"] == ["hidden"] and state.heroes[1]["boons"] == []
    crowded = new(heroes="bilbo,elena")
    crowded.groups["road-ruffians"]["at"] = crowded.heroes[0]["at"]
    crowded._do_rally({"t": "rally"})
    while crowded.stack:
        crowded.apply(crowded.legal_actions()[0] if crowded.current_player != CHANCE
                      else crowded.chance_outcomes()[0][0])
    assert crowded.heroes[0]["boons"] == []


def test_the_banner_inspires_in_the_rally_phase_after_scouting():
    """A rally item ability (Banner: gain 1 inspiration) is offered in the rally window."""
    state = new()
    quiet(state)
    state.heroes[0]["inspiration"] = 0
    state._do_rally({"t": "rally"})
    while state.stack and state.stack[-1]["t"] != "window":
        state.apply(state.legal_actions()[0] if state.current_player != CHANCE else state.chance_outcomes()[0][0])
    assert state.stack[-1]["hero"] == 0 and texts(state) == ["use banner", "pass"]
    state.apply("use banner")
    assert state.heroes[0]["inspiration"] == 1


def test_elena_lends_heart_to_a_nearby_hero_once_a_round():
    """Elena's lend_heart: once per round, when a nearby hero converts fate in a test, Elena may
    pay inspiration for them (her player's choice)."""
    state = new(heroes="bilbo,elena")
    state.heroes[0]["prepared"] = []
    state.heroes[0]["inspiration"] = 1
    state.heroes[1]["inspiration"] = 3
    deck(state, 0, FATE)
    start_test(state, 0, "wit", {"kind": "none"})
    task = state.stack[-1]
    state.apply("convert 1")
    assert state.current_player == 1 and texts(state) == ["lend 0", "lend 1", "lend 2"]
    state.apply("lend 2")
    assert task not in state.stack and state.heroes[1]["inspiration"] == 1 and state.heroes[0]["inspiration"] == 0
    assert state.heroes[1]["ability_used"]
    start_test(state, 0, "wit", {"kind": "none"})
    assert not state.stack and state.heroes[1]["inspiration"] == 1  # no lending again this round


def test_an_ability_out_of_its_timing_is_refused_with_the_rule():
    """A card's ability is used only at the timing it names: a Hide card cannot be used on the
    turn, and the refusal says what is allowed."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] = [FATE]
    turn(state, 0)
    before = state.key()
    try:
        state.apply(f"use {FATE}")
    except IllegalAction as refusal:
        assert "only at its timing" in str(refusal)
    else:
        raise AssertionError("a Hide card was used outside its timing")
    assert state.key() == before


def test_the_end_of_turn_window_waits_for_nobody_while_rest_is_not_modelled():
    """Rest X is used at the end of a turn; until it is modelled its window closes at once."""
    state = new()
    quiet(state)
    state.heroes[0]["prepared"] = ["second-wind"]
    turn(state, 0)
    state.apply("end")
    assert not state.stack and state.heroes[0]["prepared"] == ["second-wind"]


def test_a_card_that_keeps_itself_stays_prepared_and_is_used_once_a_window():
    """A skill card's ability discards the card unless it says to keep it (`then = "keep"`, not a
    keyword); a kept card's ability is used once in each window."""
    state = new(heroes="elena,bilbo")
    quiet(state)
    cards = state.game.hero_cards["Elena"]
    card = cards["lay-of-twilight"]
    cards["lay-of-twilight"] = card.model_copy(update={"ability": card.ability.model_copy(update={"then": "keep"})})
    state.heroes[0]["prepared"] = ["lay-of-twilight"]
    state.heroes[0]["inspiration"] = 5
    state.heroes[1]["inspiration"] = 0
    turn(state, 0)
    state.apply("use lay-of-twilight bilbo")
    assert state.heroes[0]["prepared"] == ["lay-of-twilight"] and state.heroes[1]["inspiration"] == 1
    assert not [t for t in texts(state) if t.startswith("use")]
