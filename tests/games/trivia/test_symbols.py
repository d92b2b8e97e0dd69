"""Every symbol of The Symbols, every kind of location card, and the final question at Mount Doom."""

import pytest

from middleearth.core.contract import CHANCE
from tests.games.trivia.helpers import ask, chips, new, place, play, right, where, wrong


def legal(state):
    return [str(a) for a in state.legal_actions()]


def at_bruinenfurt_question(items=(), reward="travel:3"):
    """Frodo has just entered the Bruinenfurt and is asked an easy question."""
    state = new()
    place(state, 0, "Weathertop", travel=2)
    state.items[0] = list(items)
    play(state, "move travel:2")
    ask(state, reward=reward)
    return state


def test_companions_answers_an_easy_or_medium_question_with_its_reward():
    state = at_bruinenfurt_question(items=["strider"])
    assert "play strider" in legal(state)
    play(state, "play strider")
    assert chips(state) == (0, 0, 3) and state.items[0] == [] and state.phase == "decide"
    assert state.last["how"] == "companions" and state.last["right"]


def test_companions_from_an_event_tile_too():
    state = at_bruinenfurt_question(items=["companions-1"])
    play(state, "play companions-1")
    assert chips(state) == (0, 0, 3) and state.items[0] == []


def test_gandalfs_hat_answers_without_reward():
    state = at_bruinenfurt_question(items=["gandalfs-staff-light"])
    play(state, "play gandalfs-staff-light")
    assert chips(state) == (0, 0, 0) and state.phase == "decide"


def test_no_question_help_on_a_hard_question():
    state = new(players=2)
    place(state, 0, "Bree", combat=3, travel=1)
    state.items[0] = ["strider", "legolas"]
    play(state, "move combat:2 travel:1", "draw morgul-knife")
    ask(state, number=2)
    assert not any(a.startswith("play") for a in legal(state))


def test_haste_moves_on_without_handing_in_chips():
    state = new()
    place(state, 0, "Bree")
    state.items[0] = ["haste-2"]
    assert legal(state) == ["play haste-2", "linger"]
    play(state, "play haste-2")
    assert where(state) == "Weathertop" and chips(state) == (0, 0, 0) and state.items[0] == []
    assert state.phase == "draw_location"


def test_healing_after_a_wrong_answer_asks_a_new_question_of_the_same_level():
    state = at_bruinenfurt_question(items=["lembas"])
    play(state, wrong(state))
    assert state.phase == "wrong" and legal(state) == ["play lembas", "accept"]
    play(state, "play lembas")
    assert state.phase == "draw_question" and state.difficulty == "easy" and state.items[0] == []
    ask(state, reward="travel:3")
    play(state, right(state))
    assert where(state) == "Bruinenfurt" and chips(state) == (0, 0, 3)


def test_healing_refused_is_a_failure():
    state = at_bruinenfurt_question(items=["healing-1"])
    play(state, wrong(state), "accept")
    assert where(state) == "Weathertop" and state.items[0] == ["healing-1"] and state.active == 1


def test_damage_is_handed_in_at_once_before_the_question():
    state = new()
    place(state, 0, "Rivendell", combat=3, travel=2)
    play(state, "move combat:2 travel:1", "draw watcher-in-the-water")
    assert chips(state) == (0, 1, 0)  # one Travel of damage, the only way to pay
    assert state.phase == "draw_question" and state.difficulty == "medium"


def test_damage_with_a_choice_of_chips_lets_the_player_choose():
    state = new()
    place(state, 0, "Rivendell", ring=1, combat=3, travel=2)
    play(state, "move combat:2 travel:1", "draw watcher-in-the-water")
    assert state.phase == "damage" and legal(state) == ["pay travel:1", "pay ring:1"]
    play(state, "pay ring:1")
    assert chips(state) == (0, 1, 1)


def test_protection_ignores_the_damage_of_a_card_once():
    state = new()
    place(state, 0, "Bruinenfurt", combat=1, travel=1)
    state.items[0] = ["protection-1", "mithril-coat"]
    play(state, "move combat:1 travel:1", "draw boromir")
    assert state.phase == "damage" and legal(state) == ["play mithril-coat", "play protection-1", "accept"]
    play(state, "play protection-1")
    assert where(state) == "Rivendell" and state.items[0] == ["mithril-coat"] and state.phase == "decide"


def test_strength_on_a_location_card_rolls_the_die_once():
    state = new()
    place(state, 0, "Bruinenfurt", combat=1, travel=1)
    play(state, "move combat:1 travel:1", "draw the-ring-goes-south")
    assert state.phase == "roll" and state.current_player == CHANCE
    play(state, "die combat-2")
    assert chips(state) == (0, 2, 0) and state.phase == "decide" and where(state) == "Rivendell"
    assert "the-ring-goes-south" not in state.items[0]  # used at once, then out of the game
    assert all("the-ring-goes-south" not in batch for batch in state.stacks[4])


def test_a_red_card_without_an_eye_is_mastered_once_its_damage_is_paid():
    state = new()
    place(state, 0, "Bruinenfurt", ring=1, combat=1, travel=1)
    play(state, "move combat:1 travel:1", "draw boromir")
    assert state.phase == "decide"


def test_a_green_card_with_danger_is_kept_even_when_the_next_card_fails():
    state = new()
    place(state, 0, "Rivendell", combat=2, travel=1)
    play(state, "move combat:2 travel:1", "draw doors-of-durin")
    assert state.items[0] == ["doors-of-durin"] and state.phase == "draw_location"
    play(state, "draw balins-tomb")
    ask(state)
    play(state, wrong(state))
    assert where(state) == "Rivendell" and state.items[0] == ["doors-of-durin"]
    assert state.stacks[5][-1] == ["balins-tomb"]


def test_green_cards_used_leave_the_game():
    state = new()
    place(state, 0, "Bree", combat=2, travel=3)
    play(state, "move combat:2 travel:1", "draw strider", "move travel:2")
    ask(state)
    play(state, "play strider")
    every_card = [c for stack in state.stacks for batch in stack for c in batch]
    assert "strider" not in every_card and "strider" not in state.items[0]


# -- the final question ------------------------------------------------------------------------

def at_mount_doom(items=()):
    state = new()
    place(state, 0, "Cirith Ungol", ring=2, travel=2)
    state.items[0] = list(items)
    play(state, "move ring:2 travel:2")
    return state


def test_the_final_question_wins_the_game():
    state = at_mount_doom()
    play(state, "draw gollums-fate")
    assert state.difficulty == "hard"
    ask(state)
    play(state, right(state))
    assert state.is_terminal() and state.winner == 0 and state.returns() == [1.0, 0.0]
    assert state.observation(None)["winner"] == "Frodo"


def test_the_final_question_allows_no_help():
    state = at_mount_doom(items=["strider", "legolas", "lembas", "companions-2"])
    play(state, "draw cracks-of-doom")
    ask(state)
    assert not any(a.startswith("play") for a in legal(state))
    play(state, wrong(state))
    assert where(state) == "Cirith Ungol" and state.active == 1  # no Healing either


def test_the_other_mount_doom_cards_lead_on_to_a_final_challenge():
    state = at_mount_doom()
    play(state, "draw the-eye-searches")
    ask(state)
    play(state, right(state))
    assert state.phase == "draw_location" and not state.is_terminal()
    play(state, "draw cracks-of-doom")
    ask(state)
    play(state, right(state))
    assert state.winner == 0


@pytest.mark.parametrize("symbol", ["companions", "gandalfs_hat", "haste", "healing", "protection", "strength"])
def test_every_symbol_is_on_some_card_or_tile(symbol):
    c = new().components
    assert any(card.symbol == symbol for card in c.cards.values()) or symbol in c.tiles.values()


def test_every_kind_of_location_card_is_in_the_data():
    cards = new().components.cards.values()
    kinds = {(card.border, card.eye, card.danger, any(card.damage), card.final) for card in cards}
    assert ("red", "green", True, False, False) in kinds  # danger
    assert ("red", "blue", False, False, False) in kinds
    assert ("red", "red", False, True, False) in kinds  # hard, with damage
    assert ("red", None, False, True, False) in kinds  # damage only
    assert ("green", None, True, False, False) in kinds  # a help with danger
    assert ("green", None, False, False, False) in kinds
    assert ("red", "red", False, False, True) in kinds  # final
    assert len(list(cards)) == 48


def test_healing_after_a_hard_question_has_the_reader_pick_again():
    state = new()
    place(state, 0, "Bree", combat=3, travel=1)
    state.items[0] = ["healing-3"]
    play(state, "move combat:2 travel:1", "draw morgul-knife")
    ask(state, number=1)
    play(state, wrong(state), "play healing-3")
    assert state.difficulty == "hard" and state.phase == "draw_question"
    ask(state, number=3)
    assert state.qnumber == 2 and len(state.shown) == 4


def test_haste_into_a_special_location_still_draws_its_card():
    state = new()
    place(state, 0, "Bruinenfurt")
    state.items[0] = ["haldir"]
    play(state, "play haldir")
    assert where(state) == "Rivendell" and state.phase == "draw_location"
