"""Hidden hands stay hidden: observations, the public log, and resample's re-deals."""

import random
from collections import Counter

import middleearth
from tests.games.fellowship.helpers import deal_opening, new, play


def random_state(steps: int, seed: int, players: int = 3, **options):
    rng = random.Random(seed)
    state = new(players=players, **options)
    for _ in range(steps):
        if state.is_terminal():
            break
        action = middleearth.sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply(action)
    return state


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    state = new(players=3)
    deal_opening(state, {0: ["gimli"] * 0 + ["fighting-brown"] * 6, 1: ["hiding-grey"] * 5 + ["wild-brown"],
                         2: ["traveling-brown"] * 6})
    view = state.observation(1)
    assert view["hand"] == ["hiding-grey"] * 5 + ["wild-brown"]
    assert [p["cards"] for p in view["players"]] == [6, 6, 6]
    text = repr(view)
    assert "fighting-brown" not in text and "traveling-brown" not in text
    assert "hand" not in state.observation(None)
    assert "hiding-grey" not in state.text(None) and "hiding-grey" in state.text(1)


def test_cards_dealt_to_another_hand_are_hidden_in_the_log():
    state = new(players=2)
    state.apply("deal wild-brown")  # to Frodo
    assert state.log_text(0, 0) == "deal wild-brown"
    assert state.log_text(0, 1) is None and state.log_text(0, None) is None


def test_a_card_passed_face_down_is_known_to_giver_and_receiver_only():
    state = new(players=3)
    deal_opening(state, {0: ["hiding-brown"] * 2 + ["fighting-grey"] * 4, 1: ["wild-brown"] * 6,
                         2: ["traveling-brown"] * 6})
    play(state, "decline", "give hiding-brown", "give hiding-brown")  # Nazgûl Appears paid
    while state.pending[-1][0] == "distribute":  # Elrond's cards, all to Pippin
        state.apply(f"give {state.pending[-1][2][0]} to Pippin")
    while state.pending[-1][0] == "window":  # Pippin may play Miruvor before the Council
        state.apply("pass")
    assert state.pending[-1][0] == "council" and state.current_player == 0
    passed = len(state.history)
    play(state, "give fighting-grey", "give wild-brown", "give traveling-brown")
    assert state.log_text(passed, 0) == "give fighting-grey" and state.log_text(passed, 1) == "give fighting-grey"
    assert state.log_text(passed, 2) is None
    assert state.hands[1]["fighting-grey"] == 1
    assert state.observation(0)["players"][1]["known_cards"] == ["fighting-grey"]
    assert "known_cards" not in state.observation(2)["players"][1]


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest():
    rng = random.Random(5)
    differs = 0
    for seed in range(30):
        state = random_state(120, seed)
        if state.is_terminal():
            continue
        for seat in range(3):
            other = state.resample(seat, rng)
            assert other.hands[seat] == state.hands[seat]
            assert other.observation(seat) == state.observation(seat)
            for o in range(3):
                assert sum(other.hands[o].values()) == sum(state.hands[o].values())
                assert (state.known[seat][o] - other.hands[o]) == Counter()  # known cards stay put
            total = lambda s: sum((sum(s.hands, Counter()) + s.deck).values())  # noqa: E731
            assert total(other) == total(state)
            differs += other.hands != state.hands
    assert differs > 20  # it really re-deals


def test_foresight_tiles_are_seen_by_their_user_only():
    state = random_state(0, 0, players=2)
    state.story_top, state.story_seer = ["fighting", "cycle_of_time"], 0
    state.story -= Counter(state.story_top)
    assert state.observation(0)["story_top"] == ["fighting", "cycle_of_time"]
    assert "story_top" not in state.observation(1)
    rng = random.Random(1)
    assert state.resample(0, rng).story_top == ["fighting", "cycle_of_time"]
    tops = {tuple(state.resample(1, rng).story_top) for _ in range(20)}
    assert len(tops) > 1


def test_competitive_runes_lie_face_down():
    state = random_state(0, 0, players=3, competitive=True)
    state.runes = [4, 7, 2]
    view = state.observation(1)
    assert [p["runes"] for p in view["players"]] == [None, 7, None]
    assert all(p["runes"] is None for p in state.observation(None)["players"])
