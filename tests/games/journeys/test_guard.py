"""Guard X, Rest X and the items that prevent (Rules Reference: Keywords, Negate, Item Cards,
Trinket Item Cards): one test per rule, named after it.

Cards used (data/skills.toml): watchful Guard 1 for a hero in your space, second-wind Rest 1;
Gimli's Guardian cards you-cannot-pass Guard 2 (a hero in his space) and ready-defense Guard 1
(himself only). Items (data/items.toml): Helmet (trinket, prevent 1 damage), Handkerchief
(trinket, prevent 1 fear), Ring Mail (armor, prevent 1 damage once a round), Extra Rations
(trinket, Rest 1).
"""

import pytest

from middleearth.core.contract import CHANCE
from middleearth.core.errors import IllegalAction
from middleearth.games.journeys import abilities, attacks, heroes, wounds
from middleearth.games.journeys.table import KEYWORD_TIMING
from tests.games.journeys.test_rules import BLANK, deck, new, quiet, reveal_all, turn


def texts(state):
    return [a.text for a in state.legal_actions()]


def bare(state, *seats):
    """The heroes hold nothing that prevents, so a test watches only what it gives them."""
    for seat in seats:
        state.heroes[seat]["prepared"] = []
        state.heroes[seat]["items"] = []


def held(state, seat, *, prepared=(), items=()):
    hero = state.heroes[seat]
    hero["prepared"] = list(prepared)
    hero["items"] = list(items)
    for name in items:
        item = state._item(name)
        if item.slot == "trinket":
            hero["depletion"][name] = item.depletion


# -- Guard X -----------------------------------------------------------------------------------

def test_guard_prevents_damage_before_its_cards_are_revealed():
    """Guard X: discard the card to prevent X damage or fear; prevented cards are not revealed."""
    state = new()
    bare(state, 0, 1)
    held(state, 0, prepared=["watchful"])
    state._suffer(0, 2, 0)
    assert state.current_player == 0 and state.stack[-1]["when"] == "before_suffering"
    assert texts(state) == ["use watchful", "pass"]
    state.apply("use watchful")
    assert state.heroes[0]["prepared"] == [] and state.heroes[0]["discard"] == {"watchful": 1}
    assert state.current_player == CHANCE  # one card is left to reveal
    reveal_all(state)
    assert state.heroes[0]["damage"] == 1


def test_guard_must_be_used_before_the_cards_are_revealed():
    """A hero must choose to use Guard before damage and fear cards are revealed: passing the
    window reveals them, and no Guard is offered once revealing has begun."""
    state = new()
    bare(state, 0, 1)
    held(state, 0, prepared=["watchful"])
    state._suffer(0, 2, 0)
    state.apply("pass")
    assert state.current_player == CHANCE
    state.apply(state.chance_outcomes()[0][0])
    assert state.current_player == CHANCE and not [t for t in texts(state) if t.startswith("use")]
    reveal_all(state)
    assert state.heroes[0]["damage"] == 2 and state.heroes[0]["prepared"] == ["watchful"]


def test_guard_prevents_any_combination_of_damage_and_fear_the_user_chooses():
    """Guard X prevents any combination of X damage and fear: when both are due and X does not
    cover them, the hero who guards chooses the split (negate N: N against damage, the rest fear)."""
    state = new()
    bare(state, 0, 1)
    held(state, 0, prepared=["watchful"])
    state._suffer(0, 1, 1)
    state.apply("use watchful")
    assert state.current_player == 0 and texts(state) == ["negate 0", "negate 1"]
    state.apply("negate 0")
    reveal_all(state)
    assert (state.heroes[0]["damage"], state.heroes[0]["fear"]) == (1, 0)


def test_guard_larger_than_the_source_prevents_all_of_it_without_a_choice():
    """Guard X with X at least the damage and fear due prevents all of it: there is nothing to split."""
    state = new(heroes="gimli,legolas")
    bare(state, 0, 1)
    held(state, 0, prepared=["you-cannot-pass"])
    state._suffer(0, 1, 1)
    state.apply("use you-cannot-pass")
    assert not state.stack and (state.heroes[0]["damage"], state.heroes[0]["fear"]) == (0, 0)


def test_guard_protects_a_hero_in_your_space_and_not_one_elsewhere():
    """Guard X: "when you or a hero in your space would suffer": a hero in the sufferer's space may
    use it for them (use CARD HERO); a hero elsewhere is not asked."""
    state = new(heroes="gimli,legolas")
    bare(state, 0, 1)
    held(state, 0, prepared=["you-cannot-pass"])
    assert state.heroes[0]["at"] == state.heroes[1]["at"]
    state._suffer(1, 2, 0)
    assert state.current_player == 0 and texts(state) == ["use you-cannot-pass legolas", "pass"]
    state.apply("use you-cannot-pass legolas")
    assert not state.stack and state.heroes[1]["damage"] == 0

    away = new(heroes="gimli,legolas")
    bare(away, 0, 1)
    held(away, 0, prepared=["you-cannot-pass"])
    away.heroes[0]["at"] = (9, 9)
    away._suffer(1, 2, 0)
    assert away.current_player == CHANCE


def test_a_guard_card_for_yourself_does_not_protect_another_hero():
    """A Guard card whose target is the hero alone (target self) is not offered for a hero in the space."""
    state = new(heroes="gimli,legolas")
    bare(state, 0, 1)
    held(state, 0, prepared=["ready-defense"])
    state._suffer(1, 1, 0)
    assert state.current_player == CHANCE
    reveal_all(state)
    state._suffer(0, 1, 0)
    assert texts(state) == ["use ready-defense", "pass"]


def test_the_sufferer_decides_first_then_each_hero_in_their_space():
    """Each hero who could prevent gets a window before the cards are revealed, the sufferer first;
    a hero whose prevention would do nothing more is not asked."""
    state = new(heroes="gimli,legolas")
    bare(state, 0, 1)
    held(state, 0, prepared=["you-cannot-pass"])
    held(state, 1, prepared=["watchful"])
    state._suffer(1, 1, 0)
    assert state.current_player == 1 and texts(state) == ["use watchful", "pass"]
    state.apply("pass")
    assert state.current_player == 0 and texts(state) == ["use you-cannot-pass legolas", "pass"]

    spared = new(heroes="gimli,legolas")
    bare(spared, 0, 1)
    held(spared, 0, prepared=["you-cannot-pass"])
    held(spared, 1, prepared=["watchful"])
    spared._suffer(1, 1, 0)
    spared.apply("use watchful")
    assert not spared.stack and spared.heroes[0]["prepared"] == ["you-cannot-pass"]


def test_prevention_comes_after_negation():
    """If a hero can both prevent and negate, they negate first and then resolve what prevents:
    the window opens over what the negating test left."""
    state = new()
    bare(state, 0, 1)
    held(state, 0, prepared=["watchful"])
    deck(state, 0, BLANK)
    state._harm(0, 3, 0, "might")
    while state.stack[-1]["t"] == "test":
        state.apply(state.chance_outcomes()[0][0] if state.current_player == CHANCE else "convert 0")
    while state.stack[-1]["t"] == "window" and state.stack[-1]["when"] == "after_test":
        state.apply("pass")
    assert state.stack[-1]["when"] == "before_suffering" and state.stack[state.stack[-1]["source"]]["damage"] == 3
    state.apply("use watchful")
    reveal_all(state)
    assert state.heroes[0]["damage"] == 2


def test_prevented_facedown_cards_are_never_placed():
    """Guard works on facedown damage too (mist): what it prevents is not placed facedown."""
    state = new()
    bare(state, 0, 1)
    held(state, 0, prepared=["watchful"])
    state._suffer(0, 2, 0, facedown=True)
    assert state.heroes[0]["facedown"]["damage"] == 0  # nothing placed while the window is open
    state.apply("use watchful")
    assert state.heroes[0]["facedown"]["damage"] == 1 and state.heroes[0]["damage"] == 1


def test_gimli_is_hardy_before_the_preventions_he_chooses():
    """hardy prevents without a choice, so it comes first; Ring Mail and Guard see what is left."""
    state = new(heroes="gimli,legolas")
    bare(state, 0, 1)
    held(state, 0, items=["Ring Mail"])
    state._suffer_attack(0, 1, 0, from_enemy=True)
    assert not state.stack and state.heroes[0]["damage"] == 0  # hardy took it: no window opened
    state._suffer_attack(0, 1, 0, from_enemy=True)
    assert texts(state) == ["use ring-mail", "pass"]


# -- items that prevent -------------------------------------------------------------------------

def test_an_item_prevents_only_the_kind_it_names():
    """An item that prevents names what it prevents: a Helmet (damage) is not offered against fear,
    a Handkerchief (fear) not against damage."""
    state = new()
    bare(state, 0, 1)
    held(state, 0, items=["Helmet"])
    state._suffer(0, 0, 2)
    assert state.current_player == CHANCE
    reveal_all(state)
    state._suffer(0, 1, 1)
    assert texts(state) == ["use helmet", "pass"]
    state.apply("use helmet")  # only damage: no split to choose
    reveal_all(state)
    assert (state.heroes[0]["damage"], state.heroes[0]["fear"]) == (0, 2 + 1)


def test_a_trinket_that_prevents_spends_a_depletion_token_and_is_facedown_at_zero():
    """Trinkets: each use spends a depletion token; with none left the trinket is facedown."""
    state = new()
    bare(state, 0, 1)
    held(state, 0, items=["Handkerchief"])  # one token
    state._suffer(0, 0, 1)
    state.apply("use handkerchief")
    assert state.heroes[0]["fear"] == 0 and state.heroes[0]["depletion"]["Handkerchief"] == 0
    state._suffer(0, 0, 1)
    assert state.current_player == CHANCE


def test_ring_mail_prevents_once_per_round():
    """Ring Mail: once per round, before damage is revealed, prevent 1 damage."""
    state = new(heroes="gimli,legolas")
    bare(state, 0, 1)
    held(state, 0, items=["Ring Mail"])
    state._suffer(0, 1, 0)
    state.apply("use ring-mail")
    state._suffer(0, 1, 0)
    assert state.current_player == CHANCE  # used this round
    reveal_all(state)
    assert state.heroes[0]["damage"] == 1
    state.heroes[0]["once_used"] = []  # as a new round does (heroes.py)
    state._suffer(0, 1, 0)
    assert "use ring-mail" in texts(state)


# -- Rest X -----------------------------------------------------------------------------------

def test_rest_discards_facedown_cards_at_the_end_of_your_turn():
    """Rest X: at the end of your turn, discard the card to discard X of your facedown damage or
    fear cards, in any combination."""
    state = new()
    quiet(state)
    bare(state, 0, 1)
    held(state, 0, prepared=["second-wind"])
    state._suffer(0, 1, 1, facedown=True)
    state._advance()
    turn(state, 0)
    state.apply("end")
    assert state.current_player == 0 and texts(state) == ["use second-wind", "pass"]
    state.apply("use second-wind")
    assert texts(state) == ["discard facedown-damage", "discard facedown-fear"]
    state.apply("discard facedown-fear")
    hero = state.heroes[0]
    assert hero["facedown"] == {"damage": 1, "fear": 0} and (hero["damage"], hero["fear"]) == (1, 0)
    assert hero["discard"] == {"second-wind": 1}


def test_rest_is_offered_only_with_facedown_cards():
    """Rest discards facedown cards only: with faceup cards alone it would do nothing, so the end of
    the turn asks nothing."""
    state = new()
    quiet(state)
    bare(state, 0, 1)
    held(state, 0, prepared=["second-wind"])
    state.heroes[0]["faceup"].append("bruised")
    state.heroes[0]["damage"] = 1
    turn(state, 0)
    state.apply("end")
    assert state.heroes[0]["prepared"] == ["second-wind"] and state.current_player != 0


def test_a_trinket_that_rests_spends_a_token():
    """Extra Rations: deplete at the end of your turn to discard 1 facedown damage or fear."""
    state = new()
    quiet(state)
    bare(state, 0, 1)
    held(state, 0, items=["Extra Rations"])
    state._suffer(0, 1, 0, facedown=True)
    state._advance()
    turn(state, 0)
    state.apply("end")
    state.apply("use extra-rations")
    assert state.heroes[0]["facedown"]["damage"] == 0 and state.heroes[0]["depletion"]["Extra Rations"] == 1


# -- refusals and the vocabulary ----------------------------------------------------------------

def test_a_refused_prevention_says_what_is_allowed():
    """A use outside what the window offers is refused, naming what may be chosen, and changes nothing."""
    state = new()
    bare(state, 0, 1)
    held(state, 0, prepared=["watchful"])
    state._suffer(0, 1, 1)
    state.apply("use watchful")
    before = state.key()
    with pytest.raises(IllegalAction, match=r"against damage, the rest against fear \(negate N\)"):
        state.apply("negate 2")
    assert state.key() == before


def test_every_effect_the_data_names_is_implemented():
    """Every (when, effect) pair of skills.toml and items.toml does something: each effect has its
    `_fits_`/`_use_` pair (or, for an item paid with successes, the attack's own spending), and each
    timing is one the engine opens a window at. New data cannot silently do nothing."""
    state = new()
    table = state.game.table
    pairs = {(c.ability.when, c.ability.effect, "card") for c in table.skills if c.ability is not None}
    pairs |= {(a.when, a.effect, a.pay) for i in table.items for a in i.ability}
    assert {effect for _, effect, _ in pairs} >= set(KEYWORD_TIMING) | {"prevent"}
    engine = "".join(open(m.__file__).read() for m in (abilities, attacks, heroes, wounds))
    for when, effect, pay in sorted(pairs):
        if pay == "successes":
            # the attack's spend task buys these; it reads hits (and their modifiers) only
            assert effect == "hits" and callable(getattr(state, "_resolve_spend", None)), (when, effect)
            continue
        assert callable(getattr(state, f"_fits_{effect}", None)), f"{effect} ({when}) has no _fits_{effect}"
        assert callable(getattr(state, f"_use_{effect}", None)), f"{effect} ({when}) has no _use_{effect}"
        assert f'"{when}"' in engine, f"no window is opened at {when!r} for {effect}"
