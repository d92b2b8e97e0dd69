"""The 24 events of the four Conflicts (conflicts.toml; rulebook "Story Tiles and Events") and the
Story tiles (rulebook "Story Tiles"): each event's success and failure, by the rule's effect."""

from collections import Counter

import pytest

from middleearth.games.fellowship.components import load_components

from .scenario import FRODO, PIPPIN, SAM, allowed, conflict_state, event_state, play, settle, task

PARTS = load_components()
ALL_TOKENS = [[1, 1, 1]] * 3  # nobody descends into darkness when a last event ends the Conflict


def options(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def rollers(state, faces: str = "blank") -> list[int]:
    """Roll the Threat die with ``faces`` (one per roll) while it is chance's turn to roll; the
    seats that rolled, in order."""
    seats = []
    for face in faces.split():
        settle(state)
        assert task(state) == "die", f"expected a roll, the next task is {state.pending[-1]}"
        seats.append(state.pending[-1][1])
        state.apply(f"die {face}")
    settle(state)
    return seats


def test_every_board_has_six_events_named_as_in_the_data():
    names = {c: [e.name for e in conflict.events] for c, conflict in PARTS.conflicts.items()}
    assert all(len(events) == 6 for events in names.values())
    assert names["mordor"][-1] == "The Ring Is Mine!"


UNPAID = [(board, number) for board, conflict in PARTS.conflicts.items()
          for number, event in enumerate(conflict.events, 1)
          if event.kind == "cost" and event.fail and all(effect[0] == "sauron" for effect in event.fail)]


@pytest.mark.parametrize("board, number", UNPAID)
def test_a_cost_nobody_can_pay_moves_sauron_as_printed(board, number):
    """Every event whose failure is only Sauron moving: with empty hands, no runes and no tokens."""
    spaces = sum(effect[1] for effect in PARTS.conflicts[board].events[number - 1].fail)
    state = event_state(board, number, tokens=ALL_TOKENS if number == 6 else None)
    assert state.sauron == 12 - spaces
    assert state.events_log == [f"{PARTS.conflicts[board].name}: {PARTS.conflicts[board].events[number - 1].name}"]


# -- Moria -----------------------------------------------------------------------------------------

def test_speak_friend_the_group_discards_friendship_and_a_star():
    state = event_state("moria", 1, hands=[["friendship-grey"], ["wild-brown"], []])
    play(state, "give friendship-grey", "done", "give wild-brown")
    assert state.sauron == 12 and state.discard == Counter({"friendship-grey": 1, "wild-brown": 1})
    assert state.events_log == ["Moria: Speak, Friend"]


def test_speak_friend_unpaid_sauron_moves_one_and_the_cards_return():
    state = event_state("moria", 1, hands=[["friendship-grey"], ["fighting-grey"], []])
    play(state, "give friendship-grey", "done")
    assert state.sauron == 11 and state.hands[FRODO]["friendship-grey"] == 1 and not state.discard


def test_watcher_in_the_water_each_player_discards_hiding_or_rolls():
    state = event_state("moria", 2, hands=[["hiding-grey"], ["hiding-brown"], []])
    play(state, "give hiding-grey", "done")
    assert rollers(state, "one two") == [SAM, PIPPIN]
    assert state.corruption == [0, 1, 2] and state.hands[SAM]["hiding-brown"] == 1


def test_an_each_player_event_goes_on_after_a_player_falls():
    state = event_state("moria", 2, corruption=[0, 11, 0], bearer=PIPPIN, active=SAM)
    assert rollers(state, "one") == [SAM]
    assert state.out == [False, True, False]
    assert rollers(state, "two two") == [PIPPIN, FRODO] and state.corruption[::2] == [2, 2]


def test_stone_in_the_well_two_matching_cards_win_the_pipe():
    state = event_state("moria", 3, hands=[["fighting-grey", "fighting-brown", "hiding-grey"], [], []])
    play(state, "reveal fighting-grey")
    assert set(options(state)) == {"give fighting-brown", "give fighting-grey", "done"}
    play(state, "give fighting-grey", "give fighting-brown")
    assert state.hands[FRODO] == Counter({"hiding-grey": 1, "pipe": 1}) and state.sauron == 12
    assert "pipe" not in state.waiting["moria"]


def test_stone_in_the_well_a_revealed_star_is_matched_only_by_stars():
    state = event_state("moria", 3, hands=[["fighting-grey", "wild-brown", "wild-brown"], [], []])
    play(state, "reveal wild-brown")
    assert options(state) == ["give wild-brown", "done"]


def test_stone_in_the_well_failed_sauron_moves_and_the_next_event_follows():
    state = event_state("moria", 3, hands=[["fighting-grey"], [], []], bearer=SAM, active=FRODO)
    play(state, "reveal hiding-grey")
    # Trapped! follows at once: its tracks are not complete, so Sauron moves 2 more and Sam rolls
    assert state.events_log == ["Moria: Stone in the Well", "Moria: Trapped!"] and state.event == 4
    assert rollers(state) == [SAM]
    assert state.sauron == 12 - 1 - 2 and state.hands[FRODO] == Counter({"fighting-grey": 1})


def test_trapped_complete_tracks_nothing_happens():
    state = event_state("moria", 4, positions={"traveling": 7, "hiding": 7})
    assert state.sauron == 12 and task(state) == "play"


def test_trapped_one_track_short_sauron_moves_two_and_the_bearer_rolls():
    state = event_state("moria", 4, positions={"traveling": 7, "hiding": 6}, bearer=SAM, active=PIPPIN)
    assert state.sauron == 10
    assert rollers(state, "three") == [SAM] and state.corruption == [0, 1, 0]  # Sam's loyalty: one space


def test_orcs_attack_the_group_discards_five_fighting():
    state = event_state("moria", 5, hands=[["gimli"], ["boromir", "fighting-grey"], []])
    play(state, "give gimli", "done", "give boromir", "give fighting-grey")
    assert state.sauron == 12 and sum(state.discard.values()) == 3


def test_orcs_attack_unpaid_sauron_moves_two():
    state = event_state("moria", 5, hands=[["gimli"], ["fighting-grey"], []])
    play(state, "give gimli", "done", "give fighting-grey", "done")
    assert state.sauron == 10 and state.hands[FRODO]["gimli"] == 1


def test_fly_you_fools_one_volunteer_moves_three_and_the_conflict_ends():
    state = event_state("moria", 6, tokens=ALL_TOKENS)
    play(state, "decline", "volunteer")
    assert state.corruption == [0, 3, 0] and state.sauron == 12 and state.conflict_over
    play(state, "deal hiding-grey", "deal hiding-grey")  # the Ring-bearer's two cards
    assert state.location_id == "lothlorien"


def test_fly_you_fools_nobody_volunteers_each_player_rolls():
    state = event_state("moria", 6, tokens=ALL_TOKENS, active=SAM)
    play(state, "decline", "decline", "decline")
    assert rollers(state, "one one one") == [SAM, PIPPIN, FRODO]
    assert state.corruption == [1, 1, 1]


# -- Helm's Deep -----------------------------------------------------------------------------------

def test_wormtongue_unmasked_paid_the_helms_deep_cards_stay():
    state = event_state("helms_deep", 1, hands=[[], ["friendship-grey", "wild-brown"], []])
    play(state, "give friendship-grey", "give wild-brown")
    assert len(state.waiting["helms_deep"]) == 4


def test_wormtongue_unmasked_unpaid_the_waiting_helms_deep_cards_leave_the_game():
    state = event_state("helms_deep", 1, hands=[["friendship-grey"], ["wild-brown"], []])
    play(state, "give friendship-grey", "done", "give wild-brown", "done")  # two players cannot share it
    assert state.waiting["helms_deep"] == []
    assert state.boxed == Counter({"theoden": 1, "shadowfax": 1, "eomer": 1, "riders-of-rohan": 1})


def test_riders_of_rohan_friendship_complete_the_active_player_gains_the_card():
    state = event_state("helms_deep", 2, positions={"friendship": 7}, active=PIPPIN)
    assert state.hands[PIPPIN]["riders-of-rohan"] == 1 and state.sauron == 12


def test_riders_of_rohan_friendship_incomplete_sauron_moves_and_the_bearer_rolls():
    state = event_state("helms_deep", 2, positions={"friendship": 6}, active=PIPPIN)
    assert state.sauron == 11 and rollers(state) == [FRODO]
    assert "riders-of-rohan" in state.waiting["helms_deep"]


def test_orcs_attack_the_gate_first_traveling_part_complete_each_player_draws_one():
    state = event_state("helms_deep", 3, positions={"traveling": 5})
    play(state, "deal hiding-grey", "deal hiding-grey", "deal hiding-grey")
    assert [sum(hand.values()) for hand in state.hands] == [1, 1, 1] and state.sauron == 12


def test_orcs_attack_the_gate_first_part_incomplete_sauron_moves_two():
    state = event_state("helms_deep", 3, positions={"traveling": 4})
    assert state.sauron == 10 and task(state) == "play"


def test_fire_of_orthanc_two_matching_cards_nothing_happens():
    state = event_state("helms_deep", 4, hands=[["traveling-grey", "traveling-brown"], [], []])
    play(state, "reveal traveling-grey", "give traveling-grey", "give traveling-brown")
    assert task(state) == "play" and state.corruption == [0, 0, 0]


def test_fire_of_orthanc_unmatched_each_player_rolls():
    state = event_state("helms_deep", 4, hands=[["traveling-grey"], [], []])
    play(state, "reveal traveling-grey", "give traveling-grey", "done")
    assert rollers(state, "one one one") == [FRODO, SAM, PIPPIN]
    assert state.hands[FRODO]["traveling-grey"] == 1


def test_orcs_storm_forward_the_group_gives_a_heart_a_sun_and_a_ring_token():
    state = event_state("helms_deep", 5, tokens=[[1, 0, 0], [0, 1, 1], [0, 0, 0]])
    play(state, "give heart", "done", "give sun", "give ring")
    assert state.sauron == 12 and state.tokens == [[0, 0, 0]] * 3
    assert state.supply == [3, 3, 5]


def test_orcs_storm_forward_without_a_sun_sauron_moves_two_and_tokens_return():
    state = event_state("helms_deep", 5, tokens=[[1, 0, 1], [0, 0, 0], [0, 0, 0]])
    play(state, "give heart", "give ring", "done")
    assert state.sauron == 10 and state.tokens[FRODO] == [1, 0, 1]


def test_orcs_conquer_helms_deep_traveling_complete_sauron_moves_two_without_rolls():
    state = event_state("helms_deep", 6, positions={"traveling": 10}, tokens=ALL_TOKENS)
    assert state.sauron == 10 and state.conflict_over
    assert "die" not in [str(a).split()[0] for a in state.history]


def test_orcs_conquer_helms_deep_traveling_incomplete_the_bearer_also_rolls_twice():
    state = event_state("helms_deep", 6, positions={"traveling": 9}, tokens=ALL_TOKENS, bearer=SAM, active=FRODO)
    assert state.sauron == 10
    assert rollers(state, "blank blank") == [SAM, SAM]


# -- Shelob's Lair ---------------------------------------------------------------------------------

def test_gollum_event_seven_runes_the_active_player_gains_gollum_and_the_others_draw():
    state = event_state("shelobs_lair", 1, runes=[4, 3, 0], active=SAM, bearer=FRODO)
    assert state.current_player == SAM
    play(state, "give runes 3", "done", "give runes 4")
    assert state.hands[SAM]["gollum"] == 1 and state.runes == [0, 0, 0]
    assert [state.pending[-1], state.pending[-2]] == [("deal", PIPPIN), ("deal", FRODO)]


def test_gollum_event_unpaid_gollum_leaves_the_game():
    state = event_state("shelobs_lair", 1, runes=[4, 2, 0])
    play(state, "give runes 4", "done", "give runes 2", "done")
    assert state.runes == [4, 2, 0] and state.boxed["gollum"] == 1
    assert "gollum" not in state.waiting["shelobs_lair"]


def test_faces_of_the_dead_each_player_discards_a_star_or_three_runes():
    state = event_state("shelobs_lair", 2, hands=[["wild-brown"], [], []], runes=[0, 5, 3])
    play(state, "give wild-brown", "done")  # Sam could call Gandalf's Guidance for two stars, and does not
    assert state.runes == [0, 2, 0] and not any(state.out)


def test_faces_of_the_dead_a_player_without_three_runes_is_eliminated():
    state = event_state("shelobs_lair", 2, hands=[["wild-brown"], ["hiding-grey"], []], runes=[0, 2, 3])
    play(state, "give wild-brown")
    assert state.out == [False, True, False] and state.hands[SAM] == Counter()
    assert state.runes[SAM] == 2  # an eliminated player keeps his runes for the score


def test_forbidden_pool_one_player_pays_five_runes_and_each_player_draws():
    state = event_state("shelobs_lair", 3, runes=[5, 5, 0])
    play(state, "give runes 5")
    assert state.runes == [0, 5, 0]
    play(state, "deal hiding-grey", "deal hiding-grey", "deal hiding-grey")
    assert [sum(hand.values()) for hand in state.hands] == [1, 1, 1] and state.sauron == 12


def test_forbidden_pool_unpaid_sauron_moves_two():
    state = event_state("shelobs_lair", 3, runes=[3, 2, 0])
    play(state, "give runes 3", "done", "give runes 2", "done")  # runes of two players do not add up
    assert state.sauron == 10 and state.runes == [3, 2, 0]


def test_lord_of_the_nazgul_searches_the_bearer_matches_three_and_gains_purity():
    state = event_state("shelobs_lair", 4, hands=[["hiding-grey"] * 3, ["hiding-grey", "legolas"], []],
                        bearer=SAM, active=FRODO, corruption=[0, 2, 0])
    play(state, "reveal hiding-brown")
    assert state.current_player == SAM  # the Ring-bearer, not the active player
    play(state, "give legolas", "give hiding-grey")
    assert state.corruption == [0, 1, 0] and state.hands[FRODO]["hiding-grey"] == 3


def test_lord_of_the_nazgul_searches_failed_each_player_rolls():
    state = event_state("shelobs_lair", 4, hands=[[], ["hiding-grey"], []], bearer=SAM, active=FRODO)
    play(state, "reveal hiding-brown", "give hiding-grey", "done")
    assert rollers(state, "blank blank blank") == [FRODO, SAM, PIPPIN]


@pytest.mark.parametrize("choice, sauron, rolls", [("choose 1", 12, 2), ("choose 2", 10, 0)])
def test_shelob_appears_the_active_player_rolls_twice_or_sauron_moves_two(choice, sauron, rolls):
    state = event_state("shelobs_lair", 5, active=PIPPIN)
    assert task(state) == "choice" and state.current_player == PIPPIN
    play(state, choice)
    assert state.sauron == sauron
    if rolls:
        assert rollers(state, "blank blank") == [PIPPIN, PIPPIN]
    assert task(state) == "play"


def test_shelob_attacks_the_group_discards_seven_fighting():
    state = event_state("shelobs_lair", 6, tokens=ALL_TOKENS,
                        hands=[["gimli", "anduril"], ["boromir", "fighting-grey"], []])
    play(state, "give anduril", "give gimli", "done", "give boromir", "give fighting-grey")
    assert state.sauron == 12 and state.conflict_over


def test_shelob_attacks_unpaid_sauron_moves_three():
    state = event_state("shelobs_lair", 6, tokens=ALL_TOKENS, hands=[["gimli"], [], []])
    play(state, "give gimli", "done")
    assert state.sauron == 9


# -- Mordor ----------------------------------------------------------------------------------------

def test_sam_saves_frodo_three_runes_buy_two_cards_or_purity():
    state = event_state("mordor", 1, runes=[3, 3, 2], corruption=[2, 2, 2])
    play(state, "choose 2", "choose 1")
    assert state.runes == [0, 0, 2] and state.corruption == [1, 2, 2]
    assert state.pending[-1] == ("deal", SAM) and state.pending[-2] == ("deal", SAM)


def test_lord_of_the_nazgul_attacks_eowyn_is_given_and_each_player_draws():
    state = event_state("mordor", 2, hands=[[], ["eowyn"], []])
    play(state, "give eowyn", "deal hiding-grey", "deal hiding-grey", "deal hiding-grey")
    assert [sum(hand.values()) for hand in state.hands] == [1, 1, 1] and state.discard["eowyn"] == 1


def test_lord_of_the_nazgul_attacks_without_eowyn_each_player_rolls():
    state = event_state("mordor", 2, hands=[["wild-brown"], [], []])
    assert rollers(state, "blank blank blank") == [FRODO, SAM, PIPPIN]


@pytest.mark.parametrize("number, token", [(3, "heart"), (4, "sun")])
def test_pelennor_and_mouth_of_sauron_each_player_shows_a_token_or_rolls_and_discards_two(number, token):
    held = [1, 0, 0] if token == "heart" else [0, 1, 0]
    hands = [["hiding-grey", "hiding-grey"], ["fighting-grey", "traveling-grey", "wild-brown"], []]
    state = event_state("mordor", number, tokens=[held, [0, 0, 0], held], hands=hands)
    play(state, f"give {token}")
    assert rollers(state, "blank") == [SAM]
    play(state, "discard fighting-grey", "discard wild-brown")
    assert state.hands[SAM] == Counter({"traveling-grey": 1})
    play(state, "done")  # Pippin keeps his token: he rolls and, holding no card, cannot pay
    assert rollers(state, "blank") == [PIPPIN]
    assert state.out == [False, False, True]


def test_surrounded_by_dark_forces_the_group_discards_any_seven_cards():
    hands = [["hiding-grey"] * 3 + ["gimli"], ["fighting-grey"] * 2 + ["miruvor"], []]
    state = event_state("mordor", 5, hands=hands)
    play(state, "give hiding-grey", "give hiding-grey", "give hiding-grey", "give gimli", "done",
         "give fighting-grey", "give fighting-grey", "give miruvor")
    assert state.sauron == 12 and not any(state.hands)


def test_surrounded_by_dark_forces_unpaid_sauron_moves_three():
    state = event_state("mordor", 5, hands=[["hiding-grey"] * 6, [], []])
    play(state, *["give hiding-grey"] * 6, "done")
    assert state.sauron == 9 and state.hands[FRODO]["hiding-grey"] == 6


def test_the_ring_is_mine_ends_the_game_lost():
    state = event_state("mordor", 6, positions={"traveling": 9})
    assert state.is_terminal() and state.outcome == "ring_is_mine"
    assert state.returns() == [56.0] * 3  # the main track's number on space 9


# -- Story tiles -----------------------------------------------------------------------------------

def test_an_activity_tile_advances_its_track_one_space_and_resolves_it():
    state = conflict_state("moria", active=SAM)
    play(state, "tile fighting")
    assert state.positions["fighting"] == 1 and state.runes == [0, 1, 0]  # space 1: a rune
    assert task(state) == "play"  # an activity tile ends the revealing


def test_an_activity_tile_without_a_track_here_is_wild():
    state = conflict_state("moria")
    play(state, "tile friendship")  # Moria has no Friendship track
    assert task(state) == "wild_tile"
    assert set(options(state)) == {"advance fighting", "advance hiding", "advance traveling"}
    play(state, "advance traveling")
    assert state.positions["traveling"] == 1 and state.runes[FRODO] == 1


def test_an_activity_tile_for_a_finished_track_is_wild():
    state = conflict_state("moria", positions={"hiding": 7})
    play(state, "tile hiding")
    assert task(state) == "wild_tile" and "advance hiding" not in options(state)


def test_rings_influence_moves_the_bearer_one_space_and_another_tile_is_revealed():
    state = conflict_state("moria", bearer=SAM, active=FRODO)
    play(state, "tile rings_influence")
    assert state.corruption == [0, 1, 0] and task(state) == "reveal_tile"


def test_saurons_will_a_volunteer_moves_two_spaces():
    state = conflict_state("moria", active=SAM)
    play(state, "tile saurons_will")
    assert state.current_player == SAM
    play(state, "decline", "volunteer")
    assert state.corruption == [0, 0, 2] and state.sauron == 12 and task(state) == "reveal_tile"


def test_saurons_will_without_a_volunteer_sauron_moves_one():
    state = conflict_state("moria")
    play(state, "tile saurons_will", "decline", "decline", "decline")
    assert state.sauron == 11 and task(state) == "reveal_tile"


def test_cycle_of_time_moves_the_event_marker_and_resolves_the_event():
    state = conflict_state("moria")
    play(state, "tile cycle_of_time")
    assert state.event == 1 and state.events_log == ["Moria: Speak, Friend"] and state.sauron == 11
    assert task(state) == "reveal_tile"


def test_out_of_options_three_cards_from_the_group_and_the_marker_stays():
    state = conflict_state("moria", hands=[["hiding-grey", "gimli"], ["wild-brown"], []])
    play(state, "tile out_of_options", "give gimli", "give hiding-grey", "done", "give wild-brown")
    assert state.event == 0 and not any(state.hands) and task(state) == "reveal_tile"


def test_out_of_options_unpaid_the_next_event_happens():
    state = conflict_state("moria", hands=[["hiding-grey"], [], []])
    play(state, "tile out_of_options", "give hiding-grey", "done")
    assert state.event == 1 and state.events_log == ["Moria: Speak, Friend"]


def test_losing_ground_a_card_a_token_and_a_rune_from_the_group():
    state = conflict_state("moria", hands=[["hiding-grey"], [], []], runes=[0, 1, 0], tokens=[[0, 0, 0], [0, 0, 0],
                                                                                             [0, 1, 0]])
    play(state, "tile losing_ground", "give hiding-grey", "done", "give runes 1", "done", "give sun")
    assert state.event == 0 and state.runes == [0, 0, 0] and state.tokens[PIPPIN] == [0, 0, 0]


def test_losing_ground_without_a_rune_the_next_event_happens():
    state = conflict_state("moria", hands=[["hiding-grey"], [], []], tokens=[[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    play(state, "tile losing_ground", "give hiding-grey", "give heart", "done")
    assert state.event == 1 and state.tokens[FRODO] == [1, 0, 0]


def test_a_new_conflict_shuffles_all_23_story_tiles_again():
    state = event_state("moria", 6, tokens=ALL_TOKENS)
    state.story = Counter({"fighting": 1})
    play(state, "decline", "decline", "volunteer")
    while state.location_id != "helms_deep":
        settle(state)
        if state.is_chance_node():
            state.apply(str(state.chance_outcomes()[0][0]))
        else:
            state.apply(str(state.legal_actions()[0]))
    assert sum(state.story.values()) == 23 and state.event == 0


def test_an_event_refuses_a_card_that_does_not_pay():
    state = event_state("moria", 2, hands=[["fighting-grey", "hiding-grey"], [], []])
    assert not allowed(state, "give fighting-grey")
