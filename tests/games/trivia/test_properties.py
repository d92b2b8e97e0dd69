"""Rules with many cases: every way to pay is a real one, chips are never made or lost, and a
hobbit never falls back past where its turn began."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import middleearth
from middleearth.games.trivia.actions import partial_payment, payments
from tests.games.trivia.helpers import new

counts = st.integers(min_value=0, max_value=4)
held_counts = st.integers(min_value=0, max_value=12)


def covers(paid, need):
    """Whether ``paid`` (ring, combat, travel) can be matched to ``need`` under the joker and
    five-for-one rules, found by search independent of ``payments``."""
    ring, combat, travel = paid
    need_ring, need_combat, need_travel = need
    if need_ring == need_combat == need_travel == 0:
        return paid == (0, 0, 0)  # exactly: nothing handed in beyond what is needed
    # Try to cover one needed chip in each way and recurse.
    for kind, amount in ((0, need_ring), (1, need_combat), (2, need_travel)):
        if amount == 0:
            continue
        rest = list(need)
        rest[kind] -= 1
        ways = [(kind, 1)] + ([(0, 1)] if kind else []) + [(other, 5) for other in (1, 2) if other != kind]
        for chip, n in ways:
            if paid[chip] >= n:
                left = list(paid)
                left[chip] -= n
                if covers(tuple(left), tuple(rest)):
                    return True
        return False
    return False


@given(need=st.tuples(counts, counts, counts), held=st.tuples(held_counts, held_counts, held_counts))
@settings(max_examples=300, deadline=None)
def test_every_payment_offered_is_held_and_pays_exactly(need, held):
    found = payments(need, held)
    for paid in found:
        assert all(p <= h for p, h in zip(paid, held))
        assert covers(paid, need)
    if all(h >= n for h, n in zip(held, need)):
        assert need in found  # paying in kind is always offered
    if not found:
        partial = partial_payment(need, held)
        assert all(p <= h for p, h in zip(partial, held)) and sum(partial) < sum(need)


def test_chips_are_never_made_or_lost_and_no_hobbit_falls_behind_its_turns_start():
    game = middleearth.load("trivia", players=3)
    total = list(game.components.supply)
    rng = random.Random(11)
    for _ in range(2):
        state = game.new_state()
        while not state.is_terminal():
            held = [sum(state.chips[s][k] for s in range(3)) + state.supply[k] for k in range(3)]
            assert held == total
            assert min(state.supply) >= 0 and all(min(c) >= 0 for c in state.chips)
            start, active = state.turn_start, state.active
            if state.is_chance_node():
                state.apply(middleearth.sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            if not state.is_terminal() and state.active == active:
                assert state.positions[active] >= start
            cards = [c for stack in state.stacks for batch in stack for c in batch]
            kept = [i for items in state.items for i in items if i in game.components.cards]
            assert len(set(cards)) == len(cards) and not set(cards) & set(kept)


def test_a_fresh_state_equals_another_and_a_clone_is_independent():
    state = new()
    other = state.clone()
    other.apply("linger")
    assert state != other and state == new()
