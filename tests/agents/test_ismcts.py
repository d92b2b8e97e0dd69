"""Information-set MCTS and the all-seeing analysis agent, on a small hidden-hand card game."""

from __future__ import annotations

import random

import pytest

import middleearth
from middleearth.agents import AGENTS, make_agent
from middleearth.core.conformance import check_game
from middleearth.core.records import replay
from middleearth.lab.stats import wilson

from toygame import HiddenRead, TricksState, rank, registered, sealed, suit

Z_SURE = 3.29  # two-sided 99.9%: a bound this wide is passed by luck about once in two thousand runs
CHEAP = {"iterations": 40, "horizon": 0, "rollout": "random"}


@pytest.fixture
def game():
    with registered() as game_class:  # records of the toy game replay while it is registered
        yield game_class()


def play(game, agents: list, seed: int, seal: tuple[int, ...] = ()) -> TricksState:
    """A full game; ``State.apply`` refuses illegal actions. Seats in ``seal`` choose on a sealed copy."""
    rng = random.Random(seed)
    state = game.new_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
            continue
        mover = state.current_player
        shown = sealed(state) if mover in seal else state
        action = agents[mover].choose(shown)
        assert action in state.legal_actions()
        state.apply(action)
    return state


def position(game, seed: int, decisions: int) -> TricksState:
    """A state where a seat is to move, after ``decisions`` random plays."""
    rng = random.Random(seed)
    state = game.new_state()
    while state.is_chance_node() or decisions > 0:
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
            decisions -= 1
    return state


def test_the_toy_game_keeps_the_contract(game):
    report = check_game(game, games=150, seed=3, observe_every=1)
    assert report.games == 150


def test_resample_redeals_only_what_the_seat_has_not_seen(game):
    state = position(game, seed=4, decisions=3)
    seat = state.current_player
    rng = random.Random(0)
    others = [state.resample(seat, rng) for _ in range(30)]
    assert all(other.observation(seat) == state.observation(seat) for other in others)
    assert all(other.hands[seat] == state.hands[seat] and other.played == state.played for other in others)
    assert len({tuple(other.hands[1 - seat]) for other in others}) > 1  # the other hand is really re-dealt
    assert all(replay(other.to_record()) == other for other in others)


def test_both_agents_are_registered_and_made_by_name(game):
    assert AGENTS["ismcts"].sees_hidden is False
    for name in ("ismcts", "allseeing"):
        agent = make_agent(name, game, 1, seed=2, iterations=10)
        assert agent.name == name and agent.seat == 1


def test_allseeing_says_it_is_for_analysis_and_reads_hidden_cards():
    allseeing = AGENTS["allseeing"]
    assert allseeing.sees_hidden is True
    assert allseeing.summary.startswith("analysis only: reads every hidden card")
    assert [name for name, agent in AGENTS.items() if agent.sees_hidden] == ["allseeing"]


def test_ismcts_refuses_bad_parameters(game):
    for params in ({"iterations": 0}, {"rollout": "clever"}, {"horizon": -1}):
        with pytest.raises(middleearth.BadOption, match="ismcts"):
            make_agent("ismcts", game, 0, **params)


def test_mcts_is_refused_where_hands_are_hidden_and_ismcts_offered(game):
    with pytest.raises(middleearth.BadOption, match="use ismcts"):
        make_agent("mcts", game, 0)


@pytest.mark.parametrize("params", [CHEAP, {"iterations": 40, "rollout": "greedy", "horizon": 1}])
def test_ismcts_plays_only_legal_actions(game, params):
    for seed in range(4):
        agents = [make_agent("ismcts", game, seat, seed=seed, **params) for seat in (0, 1)]
        assert play(game, agents, seed).is_terminal()


def test_ismcts_gives_the_same_choices_for_the_same_seed(game):
    def record(seed: int) -> dict:
        agents = [make_agent("ismcts", game, seat, seed=seed, **CHEAP) for seat in (0, 1)]
        return play(game, agents, seed=9).to_record()

    assert record(1) == record(1)
    assert record(1) != record(2)  # the seed does decide something


def test_ismcts_never_reads_the_hidden_state(game):
    for seed in range(3):
        agents = [make_agent("ismcts", game, seat, seed=seed, **CHEAP) for seat in (0, 1)]
        assert play(game, agents, seed, seal=(0, 1)).is_terminal()


def test_the_seal_catches_an_agent_that_peeks(game):
    state = position(game, seed=5, decisions=0)
    with pytest.raises(HiddenRead):
        make_agent("allseeing", game, state.current_player, seed=1, **CHEAP).choose(sealed(state))


def test_ismcts_chooses_alike_whatever_the_unseen_cards_are(game):
    """Two deals that look the same to the seat give the same choice: only what it sees counts."""
    rng = random.Random(8)
    for seed in range(6):
        state = position(game, seed=seed, decisions=seed % 3)
        seat = state.current_player
        other = state.resample(seat, rng)
        choices = [make_agent("ismcts", game, seat, seed=seed, **CHEAP).choose(s) for s in (state, other)]
        assert choices[0] == choices[1]


def test_draws_into_the_other_hand_share_one_branch(game):
    """Chance is keyed by what the seat saw of it: its own draws branch by card, the other seat's
    draws (unseen, logged as None) stay one branch whatever card the re-deal gave."""
    state = position(game, seed=5, decisions=1)  # the seat answers r1 holding r3 r5 b5 b6; both then draw
    seat, led = state.current_player, state.trick[0]
    # A wide exploration spreads the visits, so every action is searched a few levels deep.
    agent = make_agent("ismcts", game, seat, seed=3, iterations=300, exploration=1.0, horizon=0, rollout="random")
    agent.choose(state)
    seen_draws = {True: set(), False: set()}  # by whether the seat takes the trick
    for action in state.legal_actions():
        takes = suit(action.card) == suit(led) and rank(action.card) > rank(led)
        first = agent.root.children[str(action)].children  # the taker draws first
        second = {key for node in first.values() for key in node.children}
        mine, theirs = (first, second) if takes else (second, first)
        assert set(theirs) <= {None} and (theirs or not takes)
        assert all(key.startswith("draw ") for key in mine)
        seen_draws[takes] |= set(mine)
    # Both kinds of action were searched deep enough to meet several of the seat's own draws.
    assert len(seen_draws[True]) > 1 and len(seen_draws[False]) > 1


def test_ismcts_beats_random_play_clearly(game):
    games, won, lost = 60, 0, 0
    for number in range(games):
        seat = number % 2  # ismcts takes each seat in turn
        agents = [make_agent("random", game, s, seed=number) for s in (0, 1)]
        agents[seat] = make_agent("ismcts", game, seat, seed=number, iterations=60, horizon=0, rollout="random")
        result = play(game, agents, seed=1000 + number).returns()[seat]
        won += result == 1.0
        lost += result == 0.0
    # Its share of the decided games is above one half even at the low end of a 99.9% interval.
    assert wilson(won, won + lost, z=Z_SURE).low > 0.5, (won, lost)


def test_ismcts_is_plain_mcts_when_nothing_is_hidden():
    """Journey to Mordor hides nothing: resample is a copy and ismcts plays full games with it."""
    game = middleearth.load("mordor", players=2)
    rng = random.Random(3)
    agents = [make_agent("ismcts", game, seat, seed=seat, iterations=8) for seat in (0, 1)]
    state = game.new_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(middleearth.sample_chance(state, rng))
        else:
            state.apply(agents[state.current_player].choose(state))
    assert sum(state.returns()) == pytest.approx(1.0) or sum(state.returns()) == 0.0
