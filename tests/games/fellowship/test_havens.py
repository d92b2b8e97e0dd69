"""The Safe Havens (rulebook, "Safe Havens" and the Bag End example; board.toml): each action of
Bag End, Rivendell and Lothlórien, in order, with the Ring-bearer acting as the active player."""

from collections import Counter

import pytest

import middleearth
from middleearth.games.fellowship.components import load_components

from .scenario import FRODO, PIPPIN, SAM, allowed, haven_state, play, settle, table, task

PARTS = load_components()
BAG_END_DEALS = ["hiding-grey"] * 2 + ["fighting-brown"] * 4 + ["traveling-brown"] * 6 + ["friendship-brown"] * 6


def options(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# -- Bag End ---------------------------------------------------------------------------------------

def test_bag_end_gandalf_each_player_draws_six_quest_cards():
    state = table(3)
    for card in BAG_END_DEALS:
        assert task(state) == "deal"
        state.apply(f"deal {card}")
    assert [sum(hand.values()) for hand in state.hands] == [6, 6, 6]
    assert state.hands[FRODO] == Counter({"hiding-grey": 2, "fighting-brown": 4})
    assert sum(state.deck.values()) == 60 - 18


def test_bag_end_preparations_may_be_declined_and_nothing_is_rolled():
    state = table(3)
    play(state, *(f"deal {card}" for card in BAG_END_DEALS))
    assert task(state) == "prepare" and state.current_player == FRODO
    play(state, "decline")
    assert task(state) == "cost" and state.pending[-1][1].name == "Nazgûl Appears"
    assert [sum(hand.values()) for hand in state.hands] == [6, 6, 6]
    assert "die" not in [str(a).split()[0] for a in state.history]


def test_bag_end_preparations_taken_the_bearer_rolls_then_gives_out_four_revealed_cards():
    state = table(3)
    play(state, *(f"deal {card}" for card in BAG_END_DEALS), "prepare")
    assert state.pending[-1] == ("die", FRODO)
    play(state, "die two")
    assert state.corruption == [2, 0, 0]
    play(state, "reveal wild-brown", "reveal hiding-brown", "reveal traveling-grey", "reveal fighting-grey")
    assert task(state) == "distribute" and state.current_player == FRODO
    play(state, "give wild-brown to Sam", "give hiding-brown to Pippin", "give traveling-grey to Frodo",
         "give fighting-grey to Frodo")
    assert [sum(hand.values()) for hand in state.hands] == [8, 7, 7]
    assert state.hands[SAM]["wild-brown"] == 1 and state.hands[PIPPIN]["hiding-brown"] == 1
    # the cards were face up: everyone knows where they went
    assert state.known[PIPPIN][SAM]["wild-brown"] == 1


def _nazgul(hands):
    state = haven_state("bag_end", 2, hands=hands)
    assert state.location_id == "bag_end" and state.pending[-1][1].name == "Nazgûl Appears"
    return state


def test_nazgul_appears_paid_with_two_single_hiding_cards():
    state = _nazgul([["hiding-grey", "hiding-brown", "fighting-grey"], [], []])
    play(state, "give hiding-grey", "give hiding-brown")
    assert state.sauron == 12
    assert state.discard == Counter({"hiding-grey": 1, "hiding-brown": 1})
    assert state.location_id == "rivendell"


def test_nazgul_appears_paid_with_one_double_hiding_card():
    state = _nazgul([[], ["legolas"], []])
    assert state.current_player == SAM  # Frodo holds nothing that helps: he is not asked
    play(state, "give legolas")
    assert state.sauron == 12 and state.discard["legolas"] == 1


def test_nazgul_appears_paid_with_stars():
    state = _nazgul([["wild-brown", "wild-brown"], [], []])
    play(state, "give wild-brown", "give wild-brown")
    assert state.sauron == 12


def test_nazgul_appears_is_paid_by_one_player_alone():
    """Two players with one Hiding card each cannot share the cost: Sauron moves."""
    state = _nazgul([["hiding-grey"], ["hiding-grey"], []])
    play(state, "give hiding-grey")
    assert options(state) == ["done"]
    play(state, "done")
    assert state.hands[FRODO]["hiding-grey"] == 1  # the card shown is taken back
    assert state.current_player == SAM
    play(state, "give hiding-grey", "done")
    assert state.sauron == 11
    assert state.hands[SAM]["hiding-grey"] == 1 and not state.discard


def test_nazgul_appears_nobody_able_to_pay_sauron_moves_one():
    state = haven_state("bag_end", 2, hands=[["fighting-grey"], ["traveling-grey"], []])
    assert state.sauron == 11 and state.location_id == "rivendell"


# -- Rivendell -------------------------------------------------------------------------------------

def test_elrond_the_bearer_gives_each_rivendell_card_to_a_player():
    state = haven_state("rivendell", 0)
    rivendell = PARTS.legendary_by_location["rivendell"]
    assert len(rivendell) == 12
    seats = [FRODO, SAM, PIPPIN] * 4
    for card, seat in zip(rivendell, seats):
        assert state.current_player == FRODO
        play(state, f"give {card} to {state.game.seat_hobbits[seat]}")
    assert state.waiting["rivendell"] == []
    assert [sum(hand.values()) for hand in state.hands] == [4, 4, 4]
    assert state.hands[SAM][rivendell[1]] == 1
    settle(state)  # Miruvor may be played before the Council
    assert state.pending[-1][0] == "council"


def test_safe_haven_actions_are_led_by_the_ring_bearer():
    state = haven_state("rivendell", 0, bearer=SAM)
    assert state.current_player == SAM and task(state) == "distribute"


def test_council_each_player_passes_one_card_face_down_to_the_left():
    state = haven_state("rivendell", 1, hands=[["fighting-grey"], ["hiding-grey"], ["traveling-grey"]])
    assert task(state) == "council" and state.current_player == FRODO
    play(state, "give fighting-grey")
    # face down and not yet received: Sam cannot pass on what Frodo gave him
    assert options(state) == ["give hiding-grey"]
    first = len(state.history) - 1
    play(state, "give hiding-grey", "give traveling-grey")
    assert state.hands == [Counter({"traveling-grey": 1}), Counter({"fighting-grey": 1}),
                           Counter({"hiding-grey": 1})]
    assert state.log_text(first, PIPPIN) is None and state.log_text(first, SAM) is not None
    assert state.known[FRODO][SAM]["fighting-grey"] == 1 and not state.known[PIPPIN][SAM]


def test_fellowship_each_player_discards_one_friendship_or_rolls():
    state = haven_state("rivendell", 2, hands=[["friendship-grey"], ["friendship-brown"], ["hiding-grey"]])
    assert state.pending[-1][1].name == "Fellowship" and state.current_player == FRODO
    play(state, "give friendship-grey")
    assert state.current_player == SAM
    play(state, "done")  # Sam keeps his card and takes the roll
    assert state.pending[-1] == ("die", SAM)
    play(state, "die one")
    assert state.corruption == [0, 1, 0]
    assert state.pending[-1] == ("die", PIPPIN)  # no Friendship card: Pippin rolls
    play(state, "die blank")
    assert state.hands[SAM]["friendship-brown"] == 1 and state.discard == Counter({"friendship-grey": 1})
    assert state.location_id == "moria"


# -- Lothlórien ------------------------------------------------------------------------------------

def test_galadriel_the_bearer_gives_out_the_lothlorien_cards():
    state = haven_state("lothlorien", 0, bearer=PIPPIN)
    cards = PARTS.legendary_by_location["lothlorien"]
    assert len(cards) == 12
    for card in cards:
        assert state.current_player == PIPPIN
        play(state, f"give {card} to Frodo")
    assert sum(state.hands[FRODO].values()) == 12 and state.waiting["lothlorien"] == []


def test_recovery_two_runes_buy_two_cards_or_one_step_of_purity():
    state = haven_state("lothlorien", 1, runes=[2, 3, 1], corruption=[0, 4, 2])
    assert task(state) == "exchange" and state.current_player == FRODO
    play(state, "choose 1")
    assert state.runes[FRODO] == 0
    play(state, "deal hiding-grey", "deal wild-brown")
    assert sum(state.hands[FRODO].values()) == 2
    assert state.current_player == SAM
    play(state, "choose 2")
    assert state.runes == [0, 1, 1] and state.corruption == [0, 3, 2]
    # Pippin holds one rune: he is not asked, and Test of Galadriel follows
    assert state.pending[-1][1].name == "Test of Galadriel"


def test_recovery_may_be_declined():
    state = haven_state("lothlorien", 1, runes=[2, 0, 0], corruption=[3, 0, 0])
    play(state, "decline")
    assert state.runes[FRODO] == 2 and state.corruption[FRODO] == 3


def test_test_of_galadriel_each_player_discards_one_star_or_rolls():
    state = haven_state("lothlorien", 2, hands=[["wild-brown"], ["fighting-grey"], []])
    play(state, "give wild-brown")
    assert state.pending[-1] == ("die", SAM)  # a Fighting card is no star
    play(state, "die eye", "die blank")
    assert state.sauron == 11 and state.discard == Counter({"wild-brown": 1})
    assert state.location_id == "helms_deep" and state.board == "helms_deep"


def test_haven_refuses_a_card_the_player_does_not_hold():
    state = _nazgul([["hiding-grey"], [], []])
    assert not allowed(state, "give legolas")
    with pytest.raises(middleearth.IllegalAction, match="Nazgûl Appears"):
        state.apply("give legolas")
