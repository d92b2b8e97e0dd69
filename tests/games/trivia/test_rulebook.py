"""Every example of rules/trivia.txt, by name, and the rules of a turn around them."""

import pytest

from middleearth.core.contract import CHANCE
from tests.games.trivia.helpers import ask, card_with, chips, new, place, play, right, where, wrong


def test_setup_one_chip_of_each_kind_everyone_on_bag_end():
    state = new(players=4)
    assert state.positions == [0, 0, 0, 0] and where(state) == "Bag End"
    assert all(chips(state, s) == (1, 1, 1) for s in range(4))
    assert state.supply == [25 - 4, 44 - 4, 44 - 4]
    assert len(state.tiles) == 11
    assert all(sum(map(len, state.stacks[i])) == 8 for i, kind in enumerate(state.components.kinds)
               if kind == "special")


def test_bree_to_weathertop_costs_two_combat_and_one_travel():
    state = new()
    place(state, 0, "Bree", combat=2, travel=1)
    assert "move combat:2 travel:1" in [str(a) for a in state.legal_actions()]
    play(state, "move combat:2 travel:1")
    assert where(state) == "Weathertop" and chips(state) == (0, 0, 0)
    assert state.phase == "draw_location" and state.current_player == CHANCE  # a special location draws a card


def test_without_the_chips_a_player_cannot_move_and_must_linger():
    state = new()
    place(state, 0, "Bree", combat=1, travel=1)
    assert [str(a) for a in state.legal_actions()] == ["linger"]


def test_a_ring_chip_is_a_joker_for_combat_or_travel():
    state = new()
    place(state, 0, "Bree", ring=2, travel=1)
    assert [str(a) for a in state.legal_actions()] == ["move ring:2 travel:1", "linger"]


def test_the_exchange_of_five_chips_replaces_any_one_chip():
    # Five Travel chips stand in for the Ring chip of Anduin -> Amon Hen.
    state = new()
    place(state, 0, "Anduin", combat=2, travel=5)
    assert "move combat:2 travel:5" in [str(a) for a in state.legal_actions()]
    play(state, "move combat:2 travel:5")
    assert chips(state) == (0, 0, 0) and where(state) == "Amon Hen"
    # Five Combat chips stand in for a Travel chip; four are not enough.
    state = new()
    place(state, 0, "Bag End", combat=5)
    assert "move combat:5" in [str(a) for a in state.legal_actions()]
    place(state, 0, "Bag End", combat=4)
    assert [str(a) for a in state.legal_actions()] == ["linger"]


def test_bruinenfurt_easy_question_three_options_reward_and_still_on_turn():
    state = new()
    place(state, 0, "Weathertop", travel=2)
    play(state, "move travel:2")
    assert where(state) == "Bruinenfurt" and state.difficulty == "easy"
    state.apply(f"card {card_with(state, 1, reward='travel:3')}")
    assert state.current_player == 0 and state.phase == "choose"  # the active player picks by the back
    state.apply("question 1")
    question = state.question()
    assert len(state.shown) == 3 and question.bracket not in state.shown  # the bracketed answer is not read
    state.apply(right(state))
    assert chips(state) == (0, 0, 3)
    assert state.active == 0 and state.phase == "decide"  # he is still on turn


def test_medium_questions_read_all_four_options():
    state = new()
    place(state, 0, "Anduin", ring=1, combat=2)
    play(state, "move ring:1 combat:2")
    ask(state)
    assert state.difficulty == "medium" and state.shown == (0, 1, 2, 3)


def test_anduin_and_amon_hen():
    state = new()
    place(state, 0, "Anduin", ring=2, combat=4, travel=1)
    play(state, "move ring:1 combat:2")
    ask(state)
    play(state, wrong(state))
    assert where(state, 0) == "Anduin" and state.active == 1  # back, and the turn ends
    state.apply("linger")
    play(state, "die combat", "die combat")
    assert state.active == 0 and state.turn_start == state.positions[0]
    play(state, "move ring:1 combat:2")  # re-entering pays again
    assert chips(state) == (0, 0, 1)
    ask(state, reward="combat:2")
    play(state, right(state))
    assert where(state) == "Amon Hen" and state.phase == "decide" and chips(state) == (0, 2, 1)


def test_anduin_and_amon_hen_failing_on_at_emyn_muil_goes_back_to_the_turns_start():
    state = new()
    place(state, 0, "Anduin", ring=1, combat=3, travel=2)
    play(state, "move ring:1 combat:2")
    ask(state)
    play(state, right(state))
    play(state, "move combat:1 travel:2")
    assert where(state) == "Emyn Muil"
    ask(state)
    play(state, wrong(state))
    assert where(state) == "Anduin" and state.active == 1


def test_staying_at_amon_hen_and_lingering_ends_the_turn_with_the_rolls():
    state = new()
    place(state, 0, "Anduin", ring=1, combat=2)
    play(state, "move ring:1 combat:2")
    ask(state, reward="combat:1")
    play(state, right(state), "linger", "die combat", "die travel-2")
    assert chips(state) == (0, 1 + 1, 2) and state.active == 1 and where(state) == "Amon Hen"


def test_the_moria_failure_goes_back_to_rivendell_a_safe_location():
    state = new()
    place(state, 0, "Bruinenfurt", ring=0, combat=3, travel=2)
    play(state, "move combat:1 travel:1", "draw council-of-elrond")
    ask(state)
    play(state, right(state))
    assert where(state) == "Rivendell"
    play(state, "move combat:2 travel:1", "draw balins-tomb")
    ask(state)
    play(state, wrong(state))
    assert where(state) == "Rivendell"  # not all the way back to the Bruinenfurt
    assert state.active == 1


def test_failing_at_a_safe_location_goes_back_to_where_the_turn_began():
    state = new()
    place(state, 0, "Bruinenfurt", combat=1, travel=1)
    play(state, "move combat:1 travel:1", "draw council-of-elrond")
    ask(state)
    play(state, wrong(state))
    assert where(state) == "Bruinenfurt"


def test_pale_king_a_medium_question_its_reward_then_a_new_choice():
    state = new()
    place(state, 0, "Bree", combat=2, travel=1)
    play(state, "move combat:2 travel:1", "draw pale-king")
    assert state.difficulty == "medium"
    ask(state, reward="ring:1")
    play(state, right(state))
    assert chips(state) == (1, 0, 0) and state.phase == "decide" and where(state) == "Weathertop"


def test_the_danger_chain_no_reward_then_another_card():
    state = new()
    place(state, 0, "Bree", combat=2, travel=1)
    play(state, "move combat:2 travel:1", "draw shadow-of-darkness")
    assert state.difficulty == "easy"
    ask(state, reward="travel:3")
    play(state, right(state))
    assert chips(state) == (0, 0, 0)  # no reward under the danger symbol
    assert state.phase == "draw_location"  # danger persists: another card
    assert "draw shadow-of-darkness" not in [str(a) for a, _ in state.chance_outcomes()]
    play(state, "draw pale-king")
    ask(state)
    play(state, wrong(state))
    assert where(state) == "Bree" and state.active == 1
    # Both cards went back under the stack, after the cards not yet drawn.
    stack = state.stacks[state.components.locations.index("Weathertop")]
    assert stack[-1] == ["pale-king", "shadow-of-darkness"] and len(stack[0]) == 6


def test_legolas_card_is_kept_and_the_player_is_still_on_turn():
    state = new()
    place(state, 0, "Bruinenfurt", combat=1, travel=1)
    play(state, "move combat:1 travel:1", "draw legolas")
    assert state.items[0] == ["legolas"] and state.phase == "decide" and state.active == 0
    assert "legolas" not in [c for batch in state.stacks[4] for c in batch]


def test_legolas_gandalfs_hat_answers_an_easy_question_without_reward():
    state = new()
    place(state, 0, "Weathertop", travel=2)
    state.items[0] = ["legolas"]
    play(state, "move travel:2")
    ask(state, reward="travel:3")
    assert "play legolas" in [str(a) for a in state.legal_actions()]
    play(state, "play legolas")
    assert chips(state) == (0, 0, 0) and state.items[0] == [] and state.phase == "decide"
    assert where(state) == "Bruinenfurt"


def test_boromirs_damage_unpaid_sends_the_player_back_and_the_card_under_the_stack():
    state = new()
    place(state, 0, "Bruinenfurt", combat=1, travel=1)
    play(state, "move combat:1 travel:1", "draw boromir")
    assert where(state) == "Bruinenfurt" and state.active == 1  # he has no Ring chip to hand in
    assert state.stacks[4][-1] == ["boromir"]


def test_boromirs_damage_paid_with_a_ring_chip_masters_rivendell():
    state = new()
    place(state, 0, "Bruinenfurt", ring=1, combat=1, travel=1)
    play(state, "move combat:1 travel:1", "draw boromir")
    assert where(state) == "Rivendell" and chips(state) == (0, 0, 0) and state.phase == "decide"


def test_damage_paid_in_part_hands_in_what_there_is():
    state = new()
    place(state, 0, "Ithilien", ring=2, combat=3)
    play(state, "move ring:1 combat:3")  # into Cirith Ungol with one Ring chip left
    play(state, "draw shelob")  # two Combat of damage: the Ring chip pays one, the other is missing
    assert chips(state) == (0, 0, 0) and where(state) == "Ithilien"


def test_a_hard_question_is_picked_by_the_reader_and_read_with_four_options():
    state = new(players=3)
    place(state, 1, "Bree", combat=3, travel=1)
    play(state, "move combat:2 travel:1", "draw morgul-knife")  # one Combat of damage, paid
    assert state.difficulty == "hard"
    state.apply(f"card {card_with(state)}")
    assert state.phase == "ask" and state.current_player == 0  # the player to the right of seat 1
    play(state, "ask 3")
    assert state.qnumber == 2 and len(state.shown) == 4 and state.current_player == 1


def test_with_the_software_reading_the_hardest_question_is_asked():
    state = new(reader="software")
    place(state, 0, "Bree", combat=3, travel=1)
    play(state, "move combat:2 travel:1", "draw morgul-knife")
    card_id = card_with(state)
    state.apply(f"card {card_id}")
    card = state.game.cards[state.game.card_index[card_id]]
    rank = {"easy": 0, "medium": 1, "hard": 2}
    assert rank[card.question[state.qnumber].difficulty] == max(rank[q.difficulty] for q in card.question)
    assert state.phase == "answer"


def test_lingering_rolls_the_strength_die_twice_and_ends_the_turn():
    state = new()
    place(state, 0, "Bree")
    play(state, "linger", "die combat", "die travel-2")  # the rulebook's sword, then two Travel
    assert chips(state) == (0, 1, 2) and state.active == 1


def test_the_white_tree_gives_two_ring_chips_or_an_event_tile():
    state = new()
    place(state, 0, "Bree")
    play(state, "linger", "die tree")
    assert state.phase == "tree" and state.current_player == 0
    play(state, "take tile", "tile haste-1", "die tree", "take rings")
    assert state.items[0] == ["haste-1"] and chips(state) == (2, 0, 0)


def test_with_no_event_tile_left_the_white_tree_gives_two_ring_chips():
    state = new()
    place(state, 0, "Bree")
    state.tiles = []
    play(state, "linger", "die tree")
    assert chips(state) == (2, 0, 0) and state.phase == "roll"


def test_a_die_reward_rolls_once_and_the_turn_goes_on():
    state = new()
    place(state, 0, "Weathertop", travel=2)
    play(state, "move travel:2")
    ask(state, reward="die", not_reward=None)
    play(state, right(state))
    assert state.phase == "roll" and state.current_player == CHANCE
    play(state, "die ring")
    assert chips(state) == (1, 0, 0) and state.phase == "decide" and state.active == 0


def test_the_reader_is_the_player_to_the_right():
    state = new(players=4)
    assert [((s - 1) % 4) for s in range(4)] == [3, 0, 1, 2]
    for seat in range(4):
        state.active = seat
        assert state.reader == (seat - 1) % 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_goes_round_clockwise(players):
    state = new(players=players)
    for expected in list(range(1, players)) + [0]:
        play(state, "linger", "die combat", "die combat")
        assert state.active == expected


def test_teams_are_seats_named_as_teams():
    state = new(players=3, teams=True)
    assert state.game.seat_names() == ["Team 1", "Team 2", "Team 3"]
    assert state.observation(0)["active"] == "Team 1"
