"""Cards, the Threat die, the Ring, elimination, the end of a Conflict, the endings and the variants
(rulebook pages 10-19: Play Cards, The Power of the Ring, End of a Conflict, Ending the Game,
Scoring, Other Rules, Hobbit Cards, Gandalf Cards, Legendary Story Cards, Game Variants)."""

from collections import Counter
from importlib import resources

import pytest

import middleearth
from middleearth.games.fellowship.components import load_components

from .scenario import (FATTY, FRODO, MERRY, PIPPIN, SAM, allowed, conflict_state, event_state, haven_state, play,
                       settle, table, task)

PARTS = load_components()
ALL_TOKENS = [[1, 1, 1]] * 5


def options(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def rolled(state) -> bool:
    """Whether chance is about to roll the Threat die (after passing windows)."""
    settle(state)
    return task(state) == "die"


def roll_for(seat: int, **kwargs):
    """A Conflict turn in which ``seat`` is about to roll the Threat die (as a die space asks)."""
    return conflict_state("moria", tasks=[("roll", seat, False)], **kwargs)


# -- Legendary Story cards -------------------------------------------------------------------------

def test_miruvor_lets_one_player_pass_a_card_to_another():
    state = conflict_state("moria", hands=[["miruvor"], ["hiding-grey", "fighting-grey"], []])
    assert "use miruvor Sam Pippin" in options(state)
    play(state, "use miruvor Sam Pippin")
    assert state.current_player == SAM and options(state) == ["give fighting-grey", "give hiding-grey"]
    play(state, "give hiding-grey")
    assert state.hands == [Counter(), Counter({"fighting-grey": 1}), Counter({"hiding-grey": 1})]
    assert state.discard["miruvor"] == 1
    assert state.known[SAM][PIPPIN]["hiding-grey"] == 1 and not state.known[FRODO][PIPPIN]


def test_mithril_shirt_ignores_the_result_of_one_roll():
    state = roll_for(SAM, hands=[["mithril-shirt"], [], []])
    play(state, "die three")
    assert options(state) == ["use mithril-shirt", "pass"] and state.current_player == FRODO
    play(state, "use mithril-shirt")
    settle(state)
    assert state.corruption == [0, 0, 0] and state.discard["mithril-shirt"] == 1


def test_mithril_shirt_does_not_change_how_far_the_ring_moves():
    state = conflict_state("moria", hands=[["mithril-shirt"], [], []], ring_used=False)
    play(state, "tile hiding", "ring", "die eye", "use mithril-shirt")
    assert state.sauron == 12  # the Eye is ignored
    play(state, "advance traveling")
    assert state.positions["traveling"] == 3  # still 4 minus the Eye's one symbol


def test_belt_of_galadriel_the_player_does_not_roll():
    state = roll_for(SAM, hands=[[], [], ["belt-of-galadriel"]])
    assert options(state) == ["use belt-of-galadriel", "pass"]
    play(state, "use belt-of-galadriel")
    assert not rolled(state) and task(state) == "play"


def test_belt_of_galadriel_cannot_stop_the_roll_of_the_ring():
    state = conflict_state("moria", hands=[["belt-of-galadriel"], [], []], ring_used=False)
    play(state, "tile hiding", "ring")
    assert task(state) == "die"  # no window before the Ring's roll


def test_gandalfs_staff_ignores_out_of_options_and_the_event_marker_stays():
    state = conflict_state("moria", hands=[[], ["gandalfs-staff"], []])
    play(state, "tile out_of_options", "use gandalfs-staff")
    settle(state)
    assert state.event == 0 and task(state) == "reveal_tile" and state.discard == Counter({"gandalfs-staff": 1})


def test_gandalfs_staff_ignores_losing_ground():
    state = conflict_state("moria", hands=[["gandalfs-staff", "hiding-grey"], [], []], runes=[1, 0, 0])
    play(state, "tile losing_ground", "use gandalfs-staff")
    settle(state)
    assert state.event == 0 and state.hands[FRODO]["hiding-grey"] == 1 and state.runes[FRODO] == 1


def test_gandalfs_staff_is_spent_on_its_own_tile():
    state = conflict_state("moria", positions={"fighting": 7}, ring_used=False, tokens=[[1, 1, 1]] * 3,
                           hands=[["gandalfs-staff"], ["hiding-grey"] * 3, []])
    # the Ring ends Moria before the Out of Options tile is resolved
    play(state, "tile out_of_options", "use gandalfs-staff", "ring", "die blank", "advance fighting")
    play(state, "deal wild-brown", "deal wild-brown")
    while state.board != "helms_deep":  # through Lothlórien, taking the first choice each time
        settle(state)
        state.apply(str(state.chance_outcomes()[0][0]) if state.is_chance_node() else options(state)[0])
    play(state, "tile out_of_options")
    settle(state)
    assert task(state) == "cost"  # Helm's Deep's Out of Options asks for its three cards


def test_gandalfs_staff_cannot_be_used_on_cycle_of_time():
    state = conflict_state("moria", hands=[["gandalfs-staff"], [], []])
    play(state, "tile cycle_of_time")
    assert state.event == 1 and state.hands[FRODO]["gandalfs-staff"] == 1


def test_athelas_spares_a_player_missing_life_tokens_at_the_end_of_a_conflict():
    state = _end_moria(tokens=[[0, 0, 0], [0, 0, 0], [0, 0, 0]], hands=[[], ["athelas"], []], pass_windows=False)
    assert task(state) == "window" and "use athelas Pippin" in options(state)
    play(state, "use athelas Pippin")
    settle(state)
    assert state.corruption == [3, 3, 0]


def test_athelas_spares_a_player_a_mordor_token_event():
    state = conflict_state("mordor", event=2, tasks=[("next_event",)], tokens=[[0, 0, 0]] * 3,
                           hands=[["athelas", "wild-brown", "wild-brown"], ["wild-brown"], ["wild-brown"] * 2])
    # before anyone shows a Heart token for the Battle of the Pelennor Fields
    assert state.pending[-1][:2] == ("window", "tokens")
    play(state, "use athelas Pippin")
    settle(state)
    assert rolled(state) and state.pending[-1][1] == FRODO
    play(state, "die blank", "discard wild-brown", "discard wild-brown")
    assert rolled(state) and state.pending[-1][1] == SAM
    play(state, "die blank")
    settle(state)
    assert state.out == [False, True, False]  # Sam had one card for two to discard
    assert state.hands[PIPPIN]["wild-brown"] == 2  # Pippin neither rolled nor discarded


def test_athelas_in_mordor_spares_one_event_only():
    state = conflict_state("mordor", event=2, tokens=[[1, 1, 0], [1, 1, 0], [0, 0, 0]],
                           hands=[["athelas"], [], ["wild-brown"] * 4])
    play(state, "tile cycle_of_time", "use athelas Pippin", "give heart", "give heart")
    assert state.hands[PIPPIN]["wild-brown"] == 4  # spared in the Battle of the Pelennor Fields
    play(state, "tile cycle_of_time", "give sun", "give sun")  # The Mouth of Sauron: Pippin has no Sun
    assert rolled(state) and state.pending[-1] == ("die", PIPPIN)


def test_phial_of_galadriel_no_more_tiles_straight_to_playing_cards():
    state = conflict_state("moria", hands=[[], [], ["phial-of-galadriel"]])
    play(state, "use phial-of-galadriel")
    assert task(state) == "play" and state.current_player == FRODO and sum(state.story.values()) == 23


def test_lembas_discard_any_cards_then_draw_up_to_six():
    state = conflict_state("moria", hands=[["lembas"], ["hiding-grey", "fighting-grey", "wild-brown"], []])
    play(state, "use lembas Sam")
    assert state.current_player == SAM
    play(state, "discard fighting-grey", "done")
    for _ in range(4):
        play(state, "deal traveling-grey")
    assert sum(state.hands[SAM].values()) == 6 and state.discard["fighting-grey"] == 1
    assert task(state) != "deal" or state.pending[-1][1] != SAM


def test_elessar_moves_a_hobbit_one_space_left_if_possible():
    state = conflict_state("moria", hands=[["elessar"], [], []], corruption=[0, 3, 0])
    assert [o for o in options(state) if o.startswith("use elessar")] == ["use elessar Sam"]
    play(state, "use elessar Sam")
    assert state.corruption == [0, 2, 0]


def test_story_cards_are_not_played_from_the_hand_as_activity_cards():
    state = conflict_state("moria", hands=[["elessar", "lembas", "hiding-grey"], [], []])
    settle(play(state, "tile fighting"))
    assert options(state) == ["play hiding-grey", "refresh draw"]


# -- Gollum ----------------------------------------------------------------------------------------

def test_gollum_played_advances_three_spaces_then_its_player_rolls():
    state = conflict_state("shelobs_lair", hands=[[], ["gollum"], []], active=SAM)
    play(state, "tile hiding", "play gollum as traveling")
    assert state.positions["traveling"] == 3 and state.runes == [0, 2, 0]  # rune, rune, and a Sun token
    assert state.tokens[SAM] == [0, 1, 0]
    assert rolled(state) and state.pending[-1] == ("die", SAM)


def test_gollum_discarded_for_its_stars_its_player_rolls():
    state = event_state("shelobs_lair", 2, hands=[["gollum"], [], []], runes=[0, 3, 3])
    play(state, "give gollum")
    assert rolled(state) and state.pending[-1] == ("die", FRODO)


def test_gollum_matching_a_revealed_star_its_player_rolls():
    state = event_state("shelobs_lair", 4, hands=[["gollum"], [], []], corruption=[2, 0, 0])
    play(state, "reveal wild-brown", "give gollum")  # The Lord of the Nazgûl Searches: three stars
    assert rolled(state) and state.pending[-1] == ("die", FRODO)
    play(state, "die blank")
    assert state.corruption == [1, 0, 0]  # and the event's reward follows


def test_gollum_discarded_as_a_mere_card_no_roll():
    state = event_state("mordor", 5, hands=[["gollum"] + ["hiding-grey"] * 6, [], []])
    play(state, "give gollum", *["give hiding-grey"] * 6)
    assert state.sauron == 12 and not rolled(state)


# -- Gandalf ---------------------------------------------------------------------------------------

def test_calling_gandalf_costs_runes_worth_five():
    state = conflict_state("moria", runes=[4, 7, 0], corruption=[2, 0, 0])
    # Frodo's 4 runes are not enough: only Sam is asked
    assert state.current_player == SAM and "call gandalf" in options(state)
    play(state, "call gandalf")
    assert state.runes == [4, 2, 0]
    assert state.current_player == FRODO  # the active player decides which card, and how


def test_gandalf_healing_moves_a_hobbit_up_to_two_spaces_left():
    state = conflict_state("moria", runes=[5, 0, 0], corruption=[0, 3, 1])
    play(state, "call gandalf", "gandalf healing Pippin")
    assert state.corruption == [0, 3, 0] and "healing" not in state.gandalf


def test_gandalf_persistence_a_player_draws_four():
    state = conflict_state("moria", runes=[5, 0, 0])
    play(state, "call gandalf", "gandalf persistence Sam", *["deal wild-brown"] * 4)
    assert state.hands[SAM] == Counter({"wild-brown": 4})


def test_gandalf_guidance_advances_one_track_two_spaces_as_a_double_star_card():
    state = conflict_state("moria", runes=[5, 0, 0])
    play(state, "tile hiding", "call gandalf")
    play(state, "gandalf guidance traveling")
    assert state.positions["traveling"] == 2 and state.runes[FRODO] == 2  # its two rune spaces


def test_gandalf_foresight_the_active_player_arranges_the_top_three_tiles():
    state = conflict_state("moria", runes=[5, 0, 0])
    play(state, "call gandalf", "gandalf foresight", "tile hiding", "tile cycle_of_time", "tile fighting")
    seen = len(state.history) - 1
    assert state.log_text(seen, FRODO) == "tile fighting" and state.log_text(seen, SAM) is None
    play(state, "arrange cycle_of_time,fighting,hiding")
    settle(state)
    # the pile is revealed in that order: the event, then the Fighting tile ends the revealing
    assert state.event == 1 and state.positions["fighting"] == 1 and state.story_top == ["hiding"]


def test_gandalf_magic_ignores_the_event():
    state = conflict_state("moria", runes=[5, 0, 0])
    play(state, "tile cycle_of_time", "pass", "call gandalf", "gandalf magic")  # after the marker moved
    settle(state)
    assert state.event == 1 and state.sauron == 12 and state.events_log == []


def test_gandalf_magic_on_the_last_event_the_conflict_still_ends():
    state = conflict_state("moria", event=5, runes=[5, 0, 0], tokens=ALL_TOKENS[:3])
    play(state, "tile cycle_of_time", "pass", "call gandalf", "gandalf magic")
    settle(state)
    assert state.conflict_over and state.corruption == [0, 0, 0]


def test_gandalf_magic_cannot_stop_the_ring_is_mine():
    state = conflict_state("mordor", event=5, runes=[10, 0, 0])
    play(state, "tile cycle_of_time", "pass", "call gandalf")
    assert state.pending[-1] == ("gandalf_choose", "event") and "gandalf magic" not in options(state)


def test_each_gandalf_card_is_used_once():
    state = conflict_state("moria", runes=[10, 0, 0])
    play(state, "call gandalf", "gandalf persistence Frodo", *["deal wild-brown"] * 4)
    play(state, "call gandalf")
    assert not any("persistence" in o for o in options(state))


# -- playing cards ---------------------------------------------------------------------------------

def test_at_most_one_brown_and_one_grey_card_a_turn():
    state = conflict_state("moria", active=SAM, bearer=SAM,
                           hands=[[], ["fighting-brown", "hiding-brown", "traveling-grey", "hiding-grey"], []])
    play(state, "tile fighting", "play fighting-brown")
    assert sorted(options(state)) == ["end", "play hiding-grey", "play traveling-grey"]
    play(state, "play traveling-grey")
    assert options(state) == ["end"]


def test_story_cards_do_not_count_toward_the_two_card_limit():
    state = conflict_state("moria", hands=[["fighting-brown", "hiding-grey", "elessar"], [], []],
                           corruption=[1, 0, 0])
    play(state, "tile traveling", "play fighting-brown", "play hiding-grey", "use elessar Frodo")
    settle(state)
    assert state.corruption == [0, 0, 0] and options(state) == ["end"]


def test_pippin_may_play_two_cards_of_one_colour():
    state = conflict_state("moria", active=PIPPIN, hands=[[], [], ["fighting-brown", "hiding-brown", "gimli"]])
    play(state, "tile fighting", "play fighting-brown")
    assert "play hiding-brown" in options(state) and "play gimli" in options(state)
    play(state, "play gimli")
    assert options(state) == ["end"]


def test_refresh_draw_two_or_step_left_instead_of_playing():
    state = conflict_state("moria", active=SAM, corruption=[0, 2, 0])
    play(state, "tile fighting")
    assert options(state) == ["refresh draw", "refresh heal"]
    play(state, "refresh heal")
    assert state.corruption == [0, 1, 0]


def test_frodo_plays_a_brown_quest_card_as_any_symbol():
    state = conflict_state("moria", hands=[["fighting-brown", "fighting-grey"], [], []])
    play(state, "tile fighting")
    assert "play fighting-brown as hiding" in options(state)
    assert "play fighting-grey as hiding" not in options(state)
    play(state, "play fighting-brown as hiding")
    assert state.positions["hiding"] == 1 and state.hands[FRODO]["book-of-mazarbul"] == 1


def test_only_frodo_plays_brown_cards_as_stars():
    state = conflict_state("moria", active=SAM, hands=[[], ["fighting-brown"], []])
    play(state, "tile fighting")
    assert options(state) == ["play fighting-brown", "refresh draw"]


def test_frodo_pays_a_cost_with_brown_cards_as_stars():
    state = haven_state("bag_end", 2, hands=[["fighting-brown", "traveling-brown"], [], []])
    play(state, "give fighting-brown", "give traveling-brown")
    assert state.sauron == 12


def test_a_card_with_two_stars_moves_one_track_two_spaces():
    state = conflict_state("moria", hands=[["aragorn"], [], []])
    play(state, "tile fighting")
    assert [o for o in options(state) if "aragorn" in o] == [
        "play aragorn as fighting", "play aragorn as hiding", "play aragorn as traveling"]
    play(state, "play aragorn as traveling")
    assert state.positions == {"fighting": 1, "friendship": 0, "hiding": 0, "traveling": 2}


def test_a_discarded_card_with_two_stars_may_stand_for_two_different_symbols():
    state = event_state("moria", 1, hands=[["aragorn"], [], []])
    play(state, "give aragorn")
    assert state.sauron == 12 and state.discard == Counter({"aragorn": 1})


def test_a_card_for_a_track_not_on_this_board_has_no_effect():
    state = conflict_state("moria", hands=[["friendship-grey"], [], []])
    play(state, "tile fighting", "play friendship-grey")
    assert state.positions == {"fighting": 1, "friendship": 0, "hiding": 0, "traveling": 0}
    assert state.discard["friendship-grey"] == 1


def test_a_card_advancing_several_spaces_carries_out_each_space():
    state = conflict_state("moria", hands=[["gimli"], [], []], positions={"fighting": 1})
    play(state, "tile hiding", "play gimli")  # fighting spaces 2 (rune) and 3 (Ring token)
    assert state.positions["fighting"] == 3 and state.runes[FRODO] == 1 and state.tokens[FRODO][2] == 1


def test_a_gold_rune_space_gives_one_face_down_gold_rune():
    state = conflict_state("moria", positions={"fighting": 9}, active=SAM, tokens=[[1, 1, 1]] * 3)
    play(state, "tile fighting")
    assert [str(a) for a, _ in state.chance_outcomes()] == ["gold 1", "gold 2", "gold 3"]
    play(state, "gold 3")
    assert state.runes == [0, 3, 0] and sorted(state.gold) == [1, 1, 2, 2, 3]


def test_a_die_space_makes_the_active_player_roll():
    state = conflict_state("moria", positions={"fighting": 6}, active=PIPPIN)
    play(state, "tile fighting")  # Moria's Fighting space 7
    assert rolled(state) and state.pending[-1] == ("die", PIPPIN)


def test_a_purity_space_moves_the_active_player_one_space_left():
    state = conflict_state("shelobs_lair", positions={"traveling": 7}, active=SAM, corruption=[2, 2, 2])
    play(state, "tile traveling")  # Shelob's Lair Traveling space 8
    assert state.corruption == [2, 1, 2]


# -- the Threat die --------------------------------------------------------------------------------

@pytest.mark.parametrize("face, corruption, sauron, cards", [
    ("blank", 0, 12, 3), ("one", 1, 12, 3), ("two", 2, 12, 3), ("three", 3, 12, 3), ("eye", 0, 11, 3),
    ("cards", 0, 12, 1)])
def test_threat_die_faces(face, corruption, sauron, cards):
    state = roll_for(PIPPIN, hands=[[], [], ["hiding-grey", "fighting-grey", "wild-brown"]])
    play(state, f"die {face}")
    if face == "cards":
        play(state, "discard hiding-grey", "discard wild-brown")
    settle(state)
    assert state.corruption == [0, 0, corruption] and state.sauron == sauron
    assert sum(state.hands[PIPPIN].values()) == cards


@pytest.mark.parametrize("face, corruption, cards", [("two", 1, 3), ("three", 1, 3), ("cards", 0, 2)])
def test_sams_loyalty_one_space_or_one_card_at_most(face, corruption, cards):
    state = roll_for(SAM, hands=[[], ["hiding-grey", "fighting-grey", "wild-brown"], []])
    play(state, f"die {face}")
    if face == "cards":
        play(state, "discard hiding-grey")
    settle(state)
    assert state.corruption == [0, corruption, 0] and sum(state.hands[SAM].values()) == cards


def test_sams_loyalty_does_not_cover_other_moves_toward_sauron():
    state = conflict_state("moria", active=SAM)
    play(state, "tile saurons_will", "volunteer")
    assert state.corruption == [0, 2, 0]


# -- the Ring --------------------------------------------------------------------------------------

@pytest.mark.parametrize("face, spaces", [("blank", 4), ("one", 3), ("two", 2), ("three", 1), ("eye", 3),
                                          ("cards", 2)])
def test_the_ring_moves_four_spaces_minus_the_symbols_on_the_die(face, spaces):
    state = conflict_state("moria", ring_used=False, hands=[["wild-brown"] * 2, [], []])
    play(state, "tile hiding", "ring", f"die {face}")
    if face == "cards":
        play(state, "discard wild-brown", "discard wild-brown")
    play(state, "advance fighting")
    assert state.positions["fighting"] == spaces


def test_the_ring_bearer_bears_the_roll_but_sams_loyalty_does_not_shorten_the_ring():
    state = conflict_state("moria", ring_used=False, bearer=SAM, active=FRODO)
    play(state, "tile hiding", "ring", "die three")
    settle(state)
    assert state.corruption == [0, 1, 0]  # Sam moves one space only
    play(state, "advance traveling")
    assert state.positions["traveling"] == 1  # still 4 minus three circles


def test_the_ring_spaces_are_not_carried_out():
    state = conflict_state("moria", ring_used=False)
    play(state, "tile fighting", "ring", "die blank", "advance traveling")
    # traveling spaces 1-4 give runes and a Sun: none are taken; the tile's fighting space 1 is
    assert state.positions["traveling"] == 4 and state.tokens[FRODO] == [0, 0, 0]
    settle(state)
    assert state.runes[FRODO] == 1 and state.positions["fighting"] == 1


def test_the_ring_stops_at_the_end_of_a_track():
    state = conflict_state("moria", ring_used=False, positions={"hiding": 6})
    play(state, "tile fighting", "ring", "die blank", "advance hiding")
    assert state.positions["hiding"] == 7


def test_the_ring_is_put_on_once_a_conflict_even_out_of_turn():
    state = conflict_state("moria", ring_used=False, bearer=SAM, active=PIPPIN)
    play(state, "tile hiding")
    assert state.current_player == SAM and options(state) == ["ring", "pass"]
    play(state, "ring", "die blank", "advance traveling")
    assert state.ring_used
    settle(state)
    play(state, "end" if "end" in options(state) else "refresh draw", "deal wild-brown", "deal wild-brown")
    play(state, "tile hiding")
    assert not any(o == "ring" for o in options(state))


# -- the Quest deck --------------------------------------------------------------------------------

def test_an_empty_quest_deck_is_reshuffled_without_used_legendary_and_gandalf_cards():
    state = conflict_state("moria", runes=[5, 0, 0])
    play(state, "call gandalf")
    state.deck = Counter()
    state.discard = Counter({"hiding-grey": 2, "gimli": 1, "miruvor": 1})
    play(state, "gandalf persistence Sam")  # four cards to draw from an empty deck
    assert state.boxed == Counter({"gimli": 1, "miruvor": 1}) and state.deck == Counter({"hiding-grey": 2})
    assert [str(a) for a, _ in state.chance_outcomes()] == ["deal hiding-grey"]
    assert "persistence" not in state.gandalf


def test_a_card_for_a_finished_track_has_no_effect():
    state = conflict_state("moria", hands=[["hiding-grey"], [], []], positions={"hiding": 7})
    play(state, "tile fighting", "play hiding-grey")
    assert state.positions["hiding"] == 7 and state.tokens[FRODO] == [0, 0, 0]


# -- elimination -----------------------------------------------------------------------------------

def test_a_hobbit_reaching_sauron_is_eliminated_and_loses_cards_and_tokens_but_not_runes():
    state = roll_for(PIPPIN, corruption=[0, 0, 10], runes=[0, 0, 4], tokens=[[0, 0, 0], [0, 0, 0], [1, 1, 0]],
                     hands=[[], [], ["hiding-grey"]])
    play(state, "die two")
    settle(state)
    assert state.out == [False, False, True] and state.runes[PIPPIN] == 4
    assert state.discard["hiding-grey"] == 1 and state.supply == [3, 3, 5]


def test_sauron_moving_onto_a_hobbit_eliminates_him():
    state = roll_for(PIPPIN, corruption=[0, 0, 11])
    play(state, "die eye")
    assert state.sauron == 11 and state.out == [False, False, True]


def test_the_ring_bearer_eliminated_ends_the_game():
    state = roll_for(FRODO, corruption=[11, 0, 0], positions={"fighting": 4})
    play(state, "die one")
    assert state.outcome == "bearer_lost" and state.returns() == [14.0] * 3  # Moria's space 4


def test_a_player_unable_to_pay_discards_everything_and_is_eliminated():
    state = roll_for(PIPPIN, hands=[[], [], ["hiding-grey"]])
    play(state, "die cards")
    settle(state)
    assert state.out == [False, False, True] and state.discard["hiding-grey"] == 1


def test_an_eliminated_active_player_ends_his_turn():
    state = conflict_state("moria", active=PIPPIN, corruption=[0, 0, 10], bearer=FRODO)
    play(state, "tile saurons_will", "volunteer")  # Pippin is asked first, and falls
    settle(state)
    assert state.out[PIPPIN] and task(state) == "reveal_tile" and state.active == FRODO


# -- the end of a Conflict -------------------------------------------------------------------------

def _end_moria(players: int = 3, pass_windows: bool = True, **kwargs):
    """Moria's main track completed by a Fighting tile (its last space gives a gold rune)."""
    state = conflict_state("moria", players=players, positions={"fighting": 9}, **kwargs)
    play(state, "tile fighting", "gold 1")
    if pass_windows:
        settle(state)
    return state


def test_descent_into_darkness_one_space_per_missing_kind_of_token():
    state = _end_moria(tokens=[[1, 1, 1], [2, 0, 1], [0, 0, 0]])
    assert state.corruption == [0, 1, 3]


def test_merry_needs_one_token_fewer():
    state = _end_moria(players=4, tokens=[[1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 0, 0]])
    assert state.corruption == [0, 0, 0, 1]
    state = _end_moria(players=4, tokens=[[1, 1, 1], [1, 1, 1], [1, 1, 1], [0, 1, 1]])
    assert state.corruption[MERRY] == 0
    state = _end_moria(players=4, tokens=[[1, 1, 1], [1, 1, 1], [1, 1, 1], [0, 0, 0]])
    assert state.corruption[MERRY] == 2


def test_the_player_with_most_ring_tokens_becomes_ring_bearer_and_draws_two():
    state = _end_moria(tokens=[[1, 1, 1], [1, 1, 1], [1, 1, 3]])
    assert state.bearer == PIPPIN and state.pending[-2:] == [("deal", PIPPIN), ("deal", PIPPIN)]
    assert state.tokens == [[0, 0, 0]] * 3 and state.supply == [3, 3, 5]


def test_a_tie_for_most_ring_tokens_goes_to_the_tied_player_closest_to_the_bearers_left():
    state = _end_moria(players=4, bearer=SAM, tokens=[[1, 1, 2], [1, 1, 0], [1, 1, 1], [1, 1, 2]])
    assert state.bearer == MERRY


def test_a_ring_bearer_with_the_most_ring_tokens_keeps_the_ring():
    state = _end_moria(bearer=SAM, tokens=[[1, 1, 2], [1, 1, 2], [1, 1, 2]])
    assert state.bearer == SAM


def test_fatty_may_draw_two_after_the_conflict():
    state = _end_moria(players=5, tokens=ALL_TOKENS)
    play(state, "deal wild-brown", "deal wild-brown")  # the Ring-bearer's two
    assert task(state) == "fatty" and state.current_player == FATTY
    play(state, "draw", "deal hiding-grey", "deal hiding-grey")
    assert state.hands[FATTY] == Counter({"hiding-grey": 2})


# -- the endings -----------------------------------------------------------------------------------

def _mount_doom(**kwargs):
    """The Mordor main track one space from Mount Doom, a Traveling tile about to take it there."""
    state = conflict_state("mordor", positions={"traveling": 13}, **kwargs)
    return play(state, "tile traveling")


def test_ring_destroyed_scores_sixty_plus_all_runes():
    state = _mount_doom(runes=[2, 3, 1], corruption=[0, 0, 11], active=PIPPIN)
    play(state, "die blank")  # Mount Doom's own die
    assert state.bearer is None and state.pending[-1] == ("die", PIPPIN)  # the destruction roll
    play(state, "die eye")  # Sauron moves onto Pippin: another player must roll
    assert state.out[PIPPIN] and state.pending[-1] == ("die", FRODO)
    play(state, "die blank", "gold 3")
    assert state.outcome == "destroyed"
    assert state.returns() == [60.0 + 2 + 3 + 1 + 3] * 3  # Pippin's runes count too


def test_all_fall_on_mount_doom_scores_sixty_without_runes():
    state = _mount_doom(runes=[5, 5, 5], corruption=[11, 11, 11], active=FRODO)
    play(state, "die blank", "die one", "die one", "die one")  # each roller in turn falls
    assert state.is_terminal() and state.returns() == [60.0] * 3


def test_all_fall_on_mount_doom_is_the_doom_ending():
    state = _mount_doom(corruption=[11, 11, 11], active=FRODO)
    play(state, "die blank", "die one", "die one", "die one")
    assert state.outcome == "doom"


def test_the_bearer_eliminated_by_mount_doom_s_own_die_loses_the_game():
    state = _mount_doom(corruption=[11, 0, 0])
    play(state, "die one")
    assert state.outcome == "bearer_lost"


def test_mithril_shirt_may_be_used_on_the_destruction_roll():
    state = _mount_doom(corruption=[11, 0, 0], hands=[[], ["mithril-shirt"], []])
    play(state, "die blank", "die one", "use mithril-shirt", "gold 1")
    assert state.outcome == "destroyed" and not state.out[FRODO]


def test_belt_of_galadriel_may_spare_the_destruction_roll():
    state = _mount_doom(corruption=[11, 0, 0], hands=[[], ["belt-of-galadriel"], []])
    play(state, "pass", "die blank", "use belt-of-galadriel", "gold 1")
    assert state.outcome == "destroyed"


def test_the_ring_reaching_mount_doom_skips_its_die_then_the_destruction_roll_follows():
    state = conflict_state("mordor", positions={"traveling": 10}, ring_used=False, active=SAM)
    play(state, "tile fighting", "ring", "die blank", "advance traveling")
    settle(state)
    assert state.positions["traveling"] == 14 and state.bearer is None
    assert state.pending[-1] == ("die", SAM)  # one roll only: the active player's, to destroy the Ring
    play(state, "die blank", "gold 2")
    assert state.outcome == "destroyed"


@pytest.mark.parametrize("board, space", [(board, space) for board in PARTS.conflicts for space in (0, 1, 5)])
def test_ring_bearer_lost_scores_the_main_tracks_printed_number(board, space):
    conflict = PARTS.conflicts[board]
    state = conflict_state(board, positions={conflict.main: space}, corruption=[11, 0, 0],
                           tasks=[("roll", FRODO, False)])
    play(state, "die one")
    printed = conflict.start_score if space == 0 else conflict.main_track.scores[space - 1]
    assert state.outcome == "bearer_lost" and state.returns() == [float(printed)] * 3


def test_competitive_each_player_scores_sixty_plus_his_own_runes():
    state = _mount_doom(runes=[2, 3, 1], competitive=True)
    play(state, "die blank", "die blank", "gold 3")
    assert state.returns() == [65.0, 63.0, 61.0]


def test_competitive_ring_not_destroyed_everyone_scores_the_track():
    state = roll_for(FRODO, corruption=[11, 0, 0], runes=[9, 0, 0], positions={"fighting": 2}, competitive=True)
    play(state, "die one")
    assert state.returns() == [12.0] * 3


def test_expert_a_bearer_with_three_ring_tokens_meeting_sauron_joins_him():
    state = roll_for(FRODO, corruption=[11, 0, 0], tokens=[[0, 0, 3], [0, 0, 0], [0, 0, 0]],
                     positions={"fighting": 5}, competitive=True, expert=True)
    play(state, "die one")
    assert state.outcome == "traitor" and state.returns() == [15.0, 0.0, 0.0]


def test_expert_needs_the_competitive_game():
    with pytest.raises(middleearth.BadOption, match="competitive"):
        table(3, expert=True)


def test_pass_the_ring_a_bearer_unable_to_pay_hands_the_ring_left():
    state = roll_for(FRODO, hands=[["hiding-grey"], [], []], pass_the_ring=True)
    play(state, "die cards")
    settle(state)
    assert state.out[FRODO] and state.outcome is None and state.bearer == SAM


def test_pass_the_ring_does_not_save_a_bearer_caught_by_sauron():
    state = roll_for(FRODO, corruption=[11, 0, 0], pass_the_ring=True)
    play(state, "die one")
    assert state.outcome == "bearer_lost"


def test_without_pass_the_ring_a_bearer_unable_to_pay_loses_the_game():
    state = roll_for(FRODO, hands=[["hiding-grey"], [], []])
    play(state, "die cards")
    assert state.outcome == "bearer_lost"


@pytest.mark.parametrize("equal_turns, first", [(False, FRODO), (True, PIPPIN)])
def test_equal_turns_keep_going_clockwise_into_the_next_conflict(equal_turns, first):
    state = conflict_state("shelobs_lair", positions={"fighting": 9}, active=SAM, bearer=FRODO,
                           tokens=[[1, 1, 2], [1, 1, 0], [1, 1, 0]], equal_turns=equal_turns)
    play(state, "tile fighting", "deal wild-brown", "deal wild-brown")  # Sam ends Shelob's Lair
    settle(state)
    assert state.board == "mordor" and state.bearer == FRODO and state.active == first


def test_equal_turns_keep_going_clockwise_across_a_safe_haven():
    state = conflict_state("moria", positions={"fighting": 9}, active=SAM, bearer=FRODO,
                           tokens=[[1, 1, 2], [1, 1, 0], [1, 1, 0]], equal_turns=True)
    play(state, "tile fighting", "gold 1", "deal wild-brown", "deal wild-brown")  # Sam ends Moria
    while state.board != "helms_deep":  # through Lothlórien, taking the first choice each time
        settle(state)
        state.apply(str(state.chance_outcomes()[0][0]) if state.is_chance_node() else options(state)[0])
    assert state.bearer == FRODO and state.active == PIPPIN


def test_the_ring_may_be_put_on_again_in_the_next_conflict():
    state = conflict_state("shelobs_lair", positions={"fighting": 9}, tokens=[[1, 1, 2], [1, 1, 0], [1, 1, 0]])
    assert state.ring_used
    play(state, "tile fighting", "deal wild-brown", "deal wild-brown")
    settle(state)
    assert state.board == "mordor" and not state.ring_used


def test_gandalf_guidance_may_pay_two_stars_of_a_cost():
    state = event_state("moria", 5, hands=[["gimli", "boromir"], [], []], runes=[5, 0, 0])
    play(state, "give gimli", "give boromir")  # 4 of the 5 Fighting symbols Orcs Attack needs
    assert any("gandalf" in o for o in options(state))


@pytest.mark.parametrize("sauron, space", [("introductory", 15), ("standard", 12), ("expert", 10), ("7", 7)])
def test_sauron_starts_on_the_chosen_space(sauron, space):
    assert table(3, sauron=sauron).sauron == space


def test_an_unknown_sauron_start_is_refused_with_the_choices():
    with pytest.raises(middleearth.BadOption, match="introductory"):
        table(3, sauron="16")


def test_seats_play_the_hobbits_of_the_setup_table():
    assert middleearth.load("fellowship", players=2).seat_names() == ["Frodo", "Sam"]
    assert middleearth.load("fellowship", players=5).seat_names() == ["Frodo", "Sam", "Pippin", "Merry", "Fatty"]


def test_an_illegal_play_is_refused_in_words():
    state = conflict_state("moria", hands=[["hiding-grey"], [], []])
    play(state, "tile fighting")
    assert not allowed(state, "play gimli")
    with pytest.raises(middleearth.IllegalAction, match="plays up to two cards"):
        state.apply("play gimli")


# -- the other readings of open points (rulings.toml) ---------------------------------------------

def ruling(tmp_path, name: str, reading: str) -> str:
    """A data folder whose rulings.toml plays ``reading`` for ``name``; the other files are ours."""
    text = resources.files("middleearth.games.fellowship").joinpath("data", "rulings.toml").read_text("utf-8")
    lines = text.splitlines()
    start = lines.index(f"[{name}]")
    lines[start + 1] = f'reading = "{reading}"'
    (tmp_path / "rulings.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(tmp_path)


def test_round_robin_deals_the_legendary_cards_one_by_one_from_the_bearer(tmp_path):
    state = haven_state("rivendell", 0, bearer=SAM, data=ruling(tmp_path, "legendary_deal", "round_robin"))
    rivendell = PARTS.legendary_by_location["rivendell"]
    settle(state)  # Miruvor may be played before the Council
    assert task(state) == "council" and state.waiting["rivendell"] == []
    assert state.hands[SAM][rivendell[0]] == 1 and state.hands[PIPPIN][rivendell[1]] == 1
    assert state.hands[FRODO][rivendell[2]] == 1 and [sum(h.values()) for h in state.hands] == [4, 4, 4]


def test_left_of_bearer_a_tied_bearer_gives_up_the_ring(tmp_path):
    state = _end_moria(bearer=SAM, tokens=[[1, 1, 2], [1, 1, 2], [1, 1, 1]],
                       data=ruling(tmp_path, "ring_bearer_tie", "left_of_bearer"))
    assert state.bearer == FRODO  # Pippin, left of Sam, is not tied; Frodo next to the left is


def test_when_changed_a_bearer_who_keeps_the_ring_draws_nothing(tmp_path):
    state = _end_moria(tokens=[[1, 1, 2], [1, 1, 1], [1, 1, 1]],
                       data=ruling(tmp_path, "new_bearer_draws", "when_changed"))
    assert state.bearer == FRODO and task(state) != "deal" and state.location_id == "lothlorien"


def test_mount_doom_roll_reading_the_ring_reaching_mount_doom_rolls_its_die(tmp_path):
    state = conflict_state("mordor", positions={"traveling": 10}, ring_used=False, active=SAM,
                           data=ruling(tmp_path, "mount_doom_by_ring", "roll"))
    play(state, "tile fighting", "ring", "die blank", "advance traveling", "die blank")  # Mount Doom's die
    settle(state)
    assert state.pending[-1] == ("die", SAM)  # then the destruction roll
    play(state, "die blank", "gold 1")
    assert state.outcome == "destroyed"
