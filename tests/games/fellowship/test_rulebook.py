"""Every example of the rulebook (rules/lord_of_the_rings_cooperative.txt), one test each, named
after the example it checks."""

from collections import Counter

import pytest

from middleearth import IllegalAction
from tests.games.fellowship.helpers import activity_tile, deal_opening, new, pass_windows, play, start_conflict

SIX_HIDING = ["hiding-brown"] * 2 + ["fighting-grey"] * 4


def test_example_bag_end_gandalf_preparations_skipped_nazgul_paid_with_two_hiding_cards():
    """'Bag End' example: each player draws six cards; Frodo may skip Preparations (it says may);
    one player discards two single-Hiding cards for the Nazgûl and Sauron stays."""
    state = new(players=2)
    deal_opening(state, {0: SIX_HIDING, 1: ["traveling-brown"] * 6})
    assert [sum(h.values()) for h in state.hands] == [6, 6]
    assert state.pending[-1][0] == "prepare" and state.current_player == 0
    assert {str(a) for a in state.legal_actions()} == {"prepare", "decline"}
    play(state, "decline")
    assert state.current_player == 0 and "give hiding-brown" in map(str, state.legal_actions())
    play(state, "give hiding-brown", "give hiding-brown")
    assert state.sauron == 12
    assert state.hands[0]["hiding-brown"] == 0 and state.discard["hiding-brown"] == 2
    assert state.location_id == "rivendell"


def test_example_bag_end_nazgul_with_stars_instead():
    """'Wild cards (stars) may be discarded instead.'"""
    state = new(players=2)
    deal_opening(state, {0: ["wild-brown"] * 2 + ["fighting-grey"] * 4, 1: ["traveling-brown"] * 6})
    play(state, "decline", "give wild-brown", "give wild-brown")
    assert state.sauron == 12


def test_example_bag_end_nobody_pays_for_the_nazgul_so_sauron_moves_one():
    """'If no player can or wants to give up the required cards, Sauron moves one space.'"""
    state = new(players=2)
    deal_opening(state, {0: SIX_HIDING, 1: ["hiding-grey"] * 5 + ["traveling-grey"]})
    play(state, "decline", "done", "done")
    assert state.sauron == 11
    assert state.hands[0]["hiding-brown"] == 2 and state.hands[1]["hiding-grey"] == 5


def test_example_bag_end_one_player_pays_the_whole_nazgul_cost():
    """'one of the players' discards: two players may not split the two Hiding symbols."""
    state = new(players=2)
    deal_opening(state, {0: ["hiding-brown"] + ["fighting-grey"] * 5, 1: ["hiding-grey"] + ["fighting-brown"] * 5})
    play(state, "decline", "give hiding-brown")
    assert "done" in map(str, state.legal_actions())
    play(state, "done")  # Frodo cannot finish: his card comes back, Sam is asked alone
    assert state.hands[0]["hiding-brown"] == 1 and state.current_player == 1
    play(state, "give hiding-grey", "done")
    assert state.sauron == 11 and state.hands[1]["hiding-grey"] == 1


def test_example_gimli_two_fighting_spaces_give_two_runes_then_a_grey_fighting_card_a_ring_token():
    """'Turn Sequence' example: the brown Gimli advances Fighting two spaces, both silver runes;
    then a grey card with one Fighting symbol reaches the Ring Life token space."""
    state = start_conflict(new(players=2), "moria", {0: ["gimli", "fighting-grey"], 1: ["hiding-grey"]})
    pass_windows(state)
    activity_tile(state, "hiding")  # the Hiding track's first space: the Book of Mazarbul
    assert state.positions["hiding"] == 1 and state.hands[0]["book-of-mazarbul"] == 1
    play(state, "play gimli")
    assert state.positions["fighting"] == 2 and state.runes[0] == 2
    pass_windows(state)
    play(state, "play fighting-grey")
    assert state.positions["fighting"] == 3 and state.tokens[0] == [0, 0, 1]


def test_example_two_card_limit_one_brown_one_grey():
    """'play up to two ... a maximum of one brown and one grey'."""
    state = start_conflict(new(players=2), "moria",
                           {0: ["fighting-brown", "traveling-brown", "fighting-grey"], 1: ["hiding-grey"]})
    pass_windows(state)
    activity_tile(state, "traveling")
    play(state, "play fighting-brown")
    pass_windows(state)
    legal = set(map(str, state.legal_actions()))
    assert "play traveling-brown" not in legal and "play fighting-grey" in legal
    with pytest.raises(IllegalAction) as refusal:
        state.apply("play traveling-brown")
    assert "play fighting-grey" in refusal.value.legal


def test_example_pippin_may_play_two_cards_of_one_colour():
    state = start_conflict(new(players=3), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"],
                                                     2: ["fighting-brown", "traveling-brown"]}, active=2)
    pass_windows(state)
    activity_tile(state, "hiding")
    play(state, "play fighting-brown")
    pass_windows(state)
    assert "play traveling-brown" in map(str, state.legal_actions())


def test_example_refresh_draw_two_or_heal_one():
    """'Refresh Option': no card played, then draw two Quest cards or move one space left."""
    state = start_conflict(new(players=2), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    state.corruption[0] = 3
    pass_windows(state)
    activity_tile(state, "traveling")
    play(state, "refresh heal")
    assert state.corruption[0] == 2
    state = start_conflict(new(players=2), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    pass_windows(state)
    activity_tile(state, "traveling")
    play(state, "refresh draw", "deal wild-brown", "deal hiding-brown")
    assert sum(state.hands[0].values()) == 3


@pytest.mark.parametrize("face,spaces", [("blank", 4), ("eye", 3), ("three", 1), ("one", 3), ("two", 2)])
def test_example_the_power_of_the_ring_four_spaces_minus_the_die_symbols(face, spaces):
    """'The Power of the Ring' example: blank 4 spaces, the Eye 3, three circles 1; spaces the
    Ring moves over are not carried out."""
    state = start_conflict(new(players=2), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    pass_windows(state)
    state.apply("tile hiding")
    assert "ring" in map(str, state.legal_actions())
    play(state, "ring", f"die {face}")
    pass_windows(state)
    play(state, "advance traveling")
    assert state.positions["traveling"] == spaces
    assert state.runes[0] == 0 and state.tokens[0][1] == 0  # runes and Sun tokens skipped
    assert state.ring_used


def test_example_the_ring_once_per_conflict_even_out_of_turn():
    """'Once during each Conflict ... even if it isn't his turn.'"""
    state = start_conflict(new(players=2), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"]}, active=0)
    state.bearer = 1  # Sam carries the Ring; Frodo is active
    pass_windows(state)
    state.apply("tile hiding")
    assert state.current_player == 1 and "ring" in map(str, state.legal_actions())
    play(state, "ring", "die blank")
    pass_windows(state)
    play(state, "advance fighting")
    assert state.positions["fighting"] == 4
    pass_windows(state)
    assert state.active == 0
    assert all("ring" not in map(str, state.legal_actions()) for _ in [0])


def test_example_friendship_tile_advances_the_friendship_track():
    """'Story Tiles' example: a pipe (Friendship) tile moves the Friendship marker one space."""
    state = start_conflict(new(players=2), "helms_deep", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    pass_windows(state)
    state.apply("tile friendship")
    pass_windows(state)
    assert state.positions["friendship"] == 1


def test_example_activity_tile_without_its_track_is_wild():
    """A Friendship tile in Moria (no Friendship track) advances a track of the player's choice."""
    state = start_conflict(new(players=2), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    pass_windows(state)
    state.apply("tile friendship")
    pass_windows(state)
    assert {str(a) for a in state.legal_actions()} == {"advance fighting", "advance hiding", "advance traveling"}
    play(state, "advance traveling")
    assert state.positions["traveling"] == 1 and state.runes[0] == 1


def test_example_cycle_of_time_moria_first_event_paid_by_the_group():
    """'Events' example: Cycle of Time moves the Event marker; Moria's first event asks the group
    for a Friendship card and a star card; then the active player reveals another tile."""
    state = start_conflict(new(players=2), "moria", {0: ["friendship-grey"], 1: ["wild-brown"]})
    pass_windows(state)
    state.apply("tile cycle_of_time")
    pass_windows(state)
    assert state.event == 1
    play(state, "give friendship-grey", "done", "give wild-brown")
    assert state.sauron == 12 and state.discard["wild-brown"] == 1
    pass_windows(state)
    assert state.current_player == -1 and state.pending[-1] == ("reveal_tile", None)


def test_example_cycle_of_time_moria_first_event_unpaid_moves_sauron():
    state = start_conflict(new(players=2), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    pass_windows(state)
    state.apply("tile cycle_of_time")
    pass_windows(state)
    assert state.sauron == 11 and state.event == 1


def test_example_three_fighting_symbols_from_one_single_card_and_gimli():
    """'Activity Tracks' example: Gimli counts as two Fighting symbols when discarded."""
    state = start_conflict(new(players=2), "shelobs_lair", {0: ["gimli", "fighting-grey"], 1: ["hiding-grey"]})
    state.event = 5  # the next event is Shelob Attacks, which asks for seven Fighting symbols
    step = state.conflict.events[5]
    state.pending.append(("cost", step, (0, 1), (("fighting", 3),), "group", None))
    state._run()
    play(state, "give gimli", "give fighting-grey")
    assert state.discard["gimli"] == 1 and state.discard["fighting-grey"] == 1
    assert state.sauron == 12


def test_example_two_star_card_discarded_may_stand_for_two_different_symbols():
    """'When a card with two star symbols is discarded to pay for an effect, these may represent
    any two symbols, even two different ones'."""
    state = start_conflict(new(players=2), "moria", {0: ["aragorn"], 1: ["hiding-grey"]})
    pass_windows(state)
    state.apply("tile cycle_of_time")
    pass_windows(state)
    play(state, "give aragorn")  # one card pays both the Friendship and the star
    assert state.sauron == 12 and state.discard["aragorn"] == 1


def test_example_stars_on_a_played_card_go_to_one_track():
    """'all stars must be applied to the same Activity Track'."""
    state = start_conflict(new(players=2), "moria", {0: ["glamdring"], 1: ["hiding-grey"]})
    pass_windows(state)
    activity_tile(state, "fighting")
    legal = {str(a) for a in state.legal_actions()}
    assert {"play glamdring as hiding", "play glamdring as traveling"} <= legal
    play(state, "play glamdring as traveling")
    assert state.positions["traveling"] == 2 and state.positions["hiding"] == 0


def test_example_scoring_ring_destroyed_sixty_plus_runes():
    """'Scoring' example: runes worth 25 in all and the Ring destroyed score 60 + 25 = 85."""
    state = start_conflict(new(players=2), "mordor", {0: ["traveling-grey"], 1: ["hiding-grey"]})
    state.runes = [20, 5]
    state.positions["traveling"] = 13
    pass_windows(state)
    activity_tile(state, "traveling")  # Mount Doom: its die, then the roll that destroys the Ring
    play(state, "die blank")
    pass_windows(state)
    assert state.bearer is None  # the Ring lies on Mount Doom
    play(state, "die blank")
    pass_windows(state)
    state.apply(state.chance_outcomes()[0][0])  # the destroyer's gold rune
    assert state.outcome == "destroyed"
    assert state.returns() == [60 + 25 + state.runes[0] - 20] * 2


def test_example_scoring_ring_bearer_lost_on_52_scores_52():
    """'Scoring' example: the Ring-bearer eliminated with Mordor's marker on 52 scores 52."""
    state = start_conflict(new(players=2), "mordor", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    state.positions["traveling"] = 4  # the fourth space is numbered 52
    state.runes = [10, 10]
    state.sauron = 1
    state.corruption[0] = 0
    pass_windows(state)
    state.apply("tile rings_influence")
    pass_windows(state)  # Frodo, the Ring-bearer, meets Sauron
    assert state.outcome == "bearer_lost" and state.is_terminal()
    assert state.returns() == [52, 52]


def test_example_everyone_falls_on_mount_doom_scores_sixty():
    """'If the Fellowship reaches Mount Doom, but all players are eliminated before they can destroy
    the Ring, they score 60 points'."""
    state = start_conflict(new(players=2), "mordor", {0: ["traveling-grey"], 1: ["hiding-grey"]})
    state.positions["traveling"] = 13
    state.sauron = 4
    state.corruption = [2, 3]
    state.runes = [9, 9]
    pass_windows(state)
    activity_tile(state, "traveling")
    play(state, "die blank")
    pass_windows(state)
    play(state, "die two")  # Frodo rolls to destroy the Ring and falls; the die passes to Sam
    pass_windows(state)
    assert state.out[0] and not state.is_terminal()
    play(state, "die two")  # loyal Sam moves one space only, but that is Sauron's space
    pass_windows(state)
    assert state.out == [True, True] and state.returns() == [60, 60]


def test_example_the_ring_is_mine_ends_the_game():
    """'The Eye of Sauron': the last Mordor event ends the game at once."""
    state = start_conflict(new(players=2), "mordor", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    state.event = 5
    state.positions["traveling"] = 6  # numbered 53
    pass_windows(state)
    state.apply("tile cycle_of_time")
    pass_windows(state)
    assert state.outcome == "ring_is_mine" and state.returns() == [53, 53]


def test_example_merry_needs_one_token_fewer():
    """'Merry requires one Life token fewer': with one token he moves one space, with none two."""
    state = start_conflict(new(players=4), "moria", {s: ["hiding-grey"] for s in range(4)})
    state.tokens = [[1, 1, 1], [1, 0, 0], [1, 0, 0], [1, 0, 0]]
    state.conflict_over = True
    state.pending = [("travel",), ("new_bearer",), ("descent",)]
    state._run()
    assert state.corruption == [0, 2, 2, 1]


def test_example_merry_without_tokens_moves_two():
    state = start_conflict(new(players=4), "moria", {s: ["hiding-grey"] for s in range(4)})
    state.tokens = [[1, 1, 1], [1, 1, 1], [1, 1, 1], [0, 0, 0]]
    state.pending = [("travel",), ("new_bearer",), ("descent",)]
    state._run()
    assert state.corruption == [0, 0, 0, 2]


def test_example_new_ring_bearer_most_ring_tokens_ties_to_the_left():
    """'End of a Conflict': most Ring tokens takes the Ring; a tie goes to the tied player
    closest to the current Ring-bearer's left; the new bearer draws two cards."""
    state = start_conflict(new(players=4), "moria", {s: ["hiding-grey"] for s in range(4)})
    state.bearer = 0
    state.tokens = [[1, 1, 1], [1, 1, 2], [1, 1, 0], [1, 1, 2]]
    state.supply = [0, 0, 0]
    state.pending = [("travel",), ("new_bearer",)]
    state._run()
    assert state.bearer == 1
    assert state.pending[-1] == ("deal", 1)
    assert state.tokens == [[0, 0, 0]] * 4 and state.supply == [4, 4, 5]


def test_example_ring_bearer_with_the_most_keeps_the_ring():
    state = start_conflict(new(players=3), "moria", {s: ["hiding-grey"] for s in range(3)})
    state.bearer = 2
    state.tokens = [[0, 0, 2], [0, 0, 0], [0, 0, 2]]
    state.pending = [("travel",), ("new_bearer",)]
    state._run()
    assert state.bearer == 2


def test_example_sam_moves_only_one_space_on_the_threat_die():
    """Sam's loyalty: at most one space toward Sauron from the die, one card instead of two."""
    state = start_conflict(new(players=2), "moria", {0: ["hiding-grey"], 1: ["hiding-grey", "fighting-grey"]})
    state.pending.append(("roll", 1, False))
    state._run()
    pass_windows(state)
    play(state, "die three")
    pass_windows(state)
    assert state.corruption[1] == 1
    state.pending.append(("roll", 1, False))
    state._run()
    pass_windows(state)
    play(state, "die cards")
    pass_windows(state)
    assert state.pending[-1] == ("discard", 1, 1)


def test_example_unable_to_pay_a_cost_eliminates():
    """'if at any time a player does not have enough cards or runes to pay a cost, he must discard
    everything he has and is immediately eliminated'."""
    state = start_conflict(new(players=3), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"], 2: ["fighting-grey"]})
    state.pending.append(("roll", 2, False))
    state._run()
    pass_windows(state)
    play(state, "die cards")
    pass_windows(state)
    assert state.out[2] and state.hands[2] == Counter() and state.discard["fighting-grey"] == 1
    assert not state.is_terminal()


def test_example_quest_deck_reshuffle_removes_used_legendary_and_gandalf_cards():
    """'When the Quest deck has been exhausted, remove the used Legendary cards ... reshuffle'."""
    state = start_conflict(new(players=2), "moria", {0: ["hiding-grey"], 1: ["hiding-grey"]})
    state.discard = state.deck + Counter({"gimli": 1})
    state.deck = Counter()
    pass_windows(state)
    activity_tile(state, "traveling")
    play(state, "refresh draw")
    assert state.boxed["gimli"] == 1 and "gimli" not in state.deck
    assert sum(state.deck.values()) == 58
    play(state, "deal wild-brown", "deal hiding-brown")
    assert sum(state.deck.values()) == 56 and not state.discard


def test_example_introductory_standard_expert_sauron():
    """'Game Variants': Sauron starts on 15 (introductory), 12 (standard), 10 (expert)."""
    assert [new(sauron=s).sauron for s in ("introductory", "standard", "expert", "7")] == [15, 12, 10, 7]
