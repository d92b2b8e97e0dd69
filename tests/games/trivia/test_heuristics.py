"""The AI player: it knows by chance per question and level, never by reading the answer, and
its strategies choose as they say."""

import random

import middleearth
from middleearth.agents import make_agent
from middleearth.games.trivia.heuristics import RECALL, TriviaHeuristics
from tests.games.trivia.helpers import ask, new, place, play


def test_the_policy_never_reads_the_hidden_answer():
    heuristics = TriviaHeuristics(("scholar", "scholar"), ("steady", "steady"))
    rng = random.Random(2)
    for seed in range(12):
        state = new()
        place(state, 0, "Anduin", ring=1, combat=2)
        play(state, "move ring:1 combat:2")
        state.apply(f"card {state.game.cards[state.deck[seed * 7]].id}")
        state.apply("question 1")
        choice = str(heuristics.policy(state, 0))
        for _ in range(6):
            assert str(heuristics.policy(state.resample(0, rng), 0)) == choice


def test_a_scholar_recalls_all_a_fan_of_the_same_seat_recalls_and_more():
    game = middleearth.load("trivia", players=2)
    scholar, fan, novice = (TriviaHeuristics((level, level)) for level in ("scholar", "fan", "novice"))
    counts = {"scholar": 0, "fan": 0, "novice": 0}
    for card in game.cards:
        for q in card.question:
            options = list(q.options)
            known = {name: h.recalls(game, 0, q.text, options) for name, h in
                     (("scholar", scholar), ("fan", fan), ("novice", novice))}
            for name, answer in known.items():
                if answer is not None:
                    assert answer == q.answer
                    counts[name] += 1
            if known["novice"]:
                assert known["fan"]
            if known["fan"]:
                assert known["scholar"]
    total = 3 * len(game.cards)
    assert counts["novice"] < counts["fan"] < counts["scholar"]
    # Near the rates of RECALL for the bank's mix of difficulties (within ten points).
    expected = sum(RECALL["fan"][q.difficulty] for card in game.cards for q in card.question) / total
    assert abs(counts["fan"] / total - expected) < 0.10


def test_knowledge_is_set_per_seat_through_the_game_options_and_the_greedy_agent():
    game = middleearth.load("trivia", players=2, knowledge="scholar,novice", strategy="bold")
    agent = make_agent("greedy", game, seat=0)
    assert agent.heuristics.describe() == {"knowledge": ["scholar", "novice"], "strategy": ["bold", "bold"]}


def test_a_scholar_beats_a_novice_most_of_the_time():
    game = middleearth.load("trivia", players=2, knowledge="scholar,novice")
    wins = [0, 0]
    for seed in range(10):
        state = game.new_state()
        rng = random.Random(seed)
        agents = [make_agent("greedy", game, seat, seed=seed) for seat in (0, 1)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(middleearth.sample_chance(state, rng))
            else:
                state.apply(agents[state.current_player].choose(state))
        if state.winner is not None:
            wins[state.winner] += 1
    assert wins[0] >= 8


def test_careful_lingers_with_won_ground_at_risk_and_bold_goes_on():
    for strategy, expected in (("careful", "linger"), ("bold", "move travel:2 combat:1")):
        state = new(strategy=strategy, knowledge="novice")
        place(state, 0, "Anduin", ring=1, combat=3, travel=2)
        play(state, "move ring:1 combat:2")
        ask(state)
        correct = state.keys[state.qnumber][0]
        play(state, f"answer {state.shown.index(correct) + 1}")
        assert state.phase == "decide"
        chosen = str(state.game.heuristics().policy(state, 0))
        assert chosen.split()[0] == expected.split()[0], strategy


def test_it_pays_with_the_chips_it_values_least():
    state = new()
    place(state, 0, "Bree", ring=1, combat=2, travel=1)
    assert str(state.game.heuristics().policy(state, 0)) == "move combat:2 travel:1"


def test_it_picks_the_richest_reward_and_as_reader_the_hardest_question():
    state = new(players=2)
    place(state, 0, "Weathertop", travel=2)
    play(state, "move travel:2")
    card = next(c for c in state.game.cards if [q.reward for q in c.question].count("ring:1") == 1
                and "die" not in [q.reward for q in c.question] and "ring:2" not in [q.reward for q in c.question])
    state.apply(f"card {card.id}")
    rewards = [q.reward for q in card.question]
    assert str(state.game.heuristics().policy(state, 0)) == f"question {rewards.index('ring:1') + 1}"
    state = new(players=2)
    place(state, 0, "Bree", combat=3, travel=1)
    play(state, "move combat:2 travel:1", "draw morgul-knife")
    rank = {"easy": 0, "medium": 1, "hard": 2}
    card = next(c for c in state.game.cards if len({q.difficulty for q in c.question}) == 3)
    state.apply(f"card {card.id}")
    hardest = max(range(3), key=lambda n: rank[card.question[n].difficulty])
    assert str(state.game.heuristics().policy(state, state.reader)) == f"ask {hardest + 1}"


def test_it_plays_companions_only_on_a_question_it_does_not_recall():
    heuristics = TriviaHeuristics(("novice", "novice"))
    for seed in range(40):
        state = new(knowledge="novice")
        place(state, 0, "Weathertop", travel=2)
        state.items[0] = ["strider"]
        play(state, "move travel:2")
        state.apply(f"card {state.game.cards[state.deck[seed]].id}")
        state.apply("question 1")
        q = state.observation(0)["question"]
        recalled = heuristics.recalls(state.game, 0, q["text"], q["options"])
        chosen = str(heuristics.policy(state, 0))
        assert (chosen == "play strider") == (recalled is None)


def test_the_lab_records_turns_to_win_by_knowledge_and_strategy():
    from middleearth.lab.simulate import simulate

    rows = simulate("trivia", {"players": 2, "knowledge": "scholar,novice", "strategy": "careful,bold"},
                    agents="greedy", games=2, seed=4)
    for row in rows:
        figures = row.figures
        assert figures["won"] and row.turns > 0 and figures["rounds"] == round(row.turns / 2, 2)
        winner = row.winners[0]
        assert figures["winner_knowledge"] == ("scholar", "novice")[winner]
        assert figures["winner_strategy"] == ("careful", "bold")[winner]
        assert figures["positions"][winner] == 13
        flat = row.flat()  # the row written to disk names every seat's play
        assert (flat["knowledge_0"], flat["strategy_0"], flat["knowledge_1"], flat["strategy_1"]) == \
            ("scholar", "careful", "novice", "bold")


def test_ismcts_plays_from_resampled_answers():
    game = middleearth.load("trivia", players=2)
    state = game.new_state()
    agent = make_agent("ismcts:iterations=20", game, seat=0, seed=1)
    rng = random.Random(1)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        elif state.current_player == 0:
            action = agent.choose(state)
            assert action in state.legal_actions()
            state.apply(action)
        else:
            state.apply(rng.choice(state.legal_actions()))
