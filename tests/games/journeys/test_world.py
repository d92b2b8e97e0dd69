"""The map's rules of Journeys in Middle-earth: the battle map and its terrain, difficulty, the
single-player game, and the adventure validator's checks on rewards and spawn timing. One test per
rule of the Rules Reference (The Battle Map and Terrain; Terrain Types; Difficulty; Single-Player
Game), each named after it.

The battle-map tests play Embers at the Watch-fort (data/adventures/emberfall-skirmish.toml).
Seat 0 is Aragorn (every stat at least 2, so a deck of one-success cards passes a test of 2).
Map spaces: B1 is placed at 0,0 unturned, B2 at 0,2, so B2's local q,r is the map's q,r+2:
  fort    table 0,0; bush 2,0; barrels 1,1; boulder 0,1; a wall between 1,0 and 1,1; the raiders at 2,1
  orchard a stream between 0,2 and 1,1; pit 1,2; mist 0,3; statue 1,3
"""

import random
from pathlib import Path

import pytest

import middleearth
from middleearth.core.conformance import check_game
from middleearth.core.contract import CHANCE, sample_chance
from middleearth.games.journeys.adventure import (CORE_ELITE, CORE_ENEMIES, Problem, load_adventure,
                                                  packaged_adventure_path, validate_adventure)
from middleearth.games.journeys.hexmap import Hex
from tests.games.journeys.test_rules import BLANK, FATE, SUCCESS, deck, end_round_turns, new, quiet, reveal_all, turn

SKIRMISH = "emberfall-skirmish"


def battle(**options):
    """The skirmish past setup, with no enemy on the map."""
    state = new(adventure=SKIRMISH, **options)
    quiet(state)
    return state


def with_orchard(**options):
    """The skirmish with the orchard (B2) placed and its terrain down, and no enemy on the map."""
    state = new(adventure=SKIRMISH, **options)
    state._fire("fort-held", None)
    quiet(state)
    return state


def put_group(state, group_id, at, figures=2):
    state._spawn(group_id)
    state.groups[group_id].update(at=at, figures=figures, wounds=0, wounds_by_figure=[0] * figures,
                                  armor_lost_by_figure=[0] * figures)


def legal(state):
    return [a.text for a in state.legal_actions()]


# -- borders ----------------------------------------------------------------------------------

def test_neither_heroes_nor_enemies_move_across_a_black_border():
    """Black Borders: spaces parted by a black border are not adjacent unless aligned gray borders
    join them; neither heroes nor enemies move across. On The Cold Lanterns' barrow (dark tiles), a
    hero beside a black border is not offered that move, and an enemy's way goes around."""
    state = new()
    state._fire("heard-tale", None)
    state._fire("stones-read", None)  # places the barrow's dark tiles, J6 and J7
    quiet(state)
    hexmap = state._map()
    at, direction = next((a, d) for a in sorted(hexmap.spaces) for d in ("E", "NE", "NW", "W", "SW", "SE")
                         if hexmap.border(a, d) == "black")
    beyond = Hex(*at).step(direction)
    assert not hexmap.adjacent(at, beyond) and (hexmap.distance(at, beyond) or 99) > 1
    state.heroes[0]["at"] = tuple(at)
    turn(state, 0)
    state.apply("travel")
    assert f"move {direction}" not in legal(state)
    assert beyond not in hexmap.closer_steps(at, beyond)  # an enemy's step never crosses it either


# -- the battle map ---------------------------------------------------------------------------

def test_battle_map_tiles_are_never_unexplored_so_moving_explores_nothing():
    """Battle Map: there are no unexplored battle map tiles, so heroes do not explore when they move
    (and gain no inspiration for it)."""
    state = with_orchard()
    assert state.unexplored == []
    assert [t["explored"] for t in state.observation()["tiles"]] == [True, True]
    state.heroes[0]["at"] = (0, 1)
    state.heroes[0]["inspiration"] = 0
    turn(state, 0)
    state.apply("travel")
    state.apply("move SE")  # onto the orchard tile
    assert state.heroes[0]["at"] == (0, 2) and state.heroes[0]["inspiration"] == 0


def test_terrain_tokens_are_placed_as_the_adventure_says_and_shown_to_every_seat():
    """Battle Map: the heroes place terrain tokens as the app indicates, in spaces or on borders."""
    state = with_orchard()
    seen = {t["id"]: t for t in state.observation(0)["terrain"]}
    assert seen["mess-table"] == {"id": "mess-table", "terrain": "table", "space": [0, 0], "toward": None}
    assert seen["fallen-wall"]["toward"] == "SE" and seen["root-pit"]["space"] == [1, 2]
    assert state.observation(0)["terrain"] == state.observation(None)["terrain"]


def test_a_wall_token_keeps_the_spaces_on_either_side_apart():
    """Wall: spaces on opposite sides of a wall token are not adjacent; nobody moves across it."""
    state = battle()
    hexmap = state._map()
    assert not hexmap.adjacent((1, 0), (1, 1)) and hexmap.border(Hex(1, 0), "SE") == "black"
    assert hexmap.adjacent((1, 0), (2, 0))  # the other borders of the space stay gray
    state.heroes[0]["at"] = (1, 0)
    turn(state, 0)
    state.apply("travel")
    assert "move SE" not in legal(state) and "move E" in legal(state)


def test_a_hero_crossing_a_stream_ends_their_turn_at_once():
    """Stream: the two spaces stay adjacent, but a hero who moves across it in the action phase
    ends their turn immediately (even with an action left)."""
    state = with_orchard()
    assert state._map().adjacent((1, 1), (0, 2))
    state.heroes[0]["at"] = (2, 1)
    turn(state, 0)
    state.apply("travel")
    state.apply("move W")  # to 1,1: no stream, the turn goes on
    assert state.turn == 0 and state.actions_left == 1
    state.apply("move SW")  # across the stream to 0,2
    assert state.heroes[0]["at"] == (0, 2) and state.heroes[0]["done"] and state.turn != 0


def test_an_enemy_crossing_a_stream_ends_its_activation():
    """Stream: an enemy that moves across a stream token ends its activation at once (it does not
    go on, nor attack); the same group on open ground walks up and attacks."""
    def activate(stream: bool):
        state = with_orchard()
        if not stream:
            del state.tokens["ash-stream"]
        put_group(state, "orchard-goblins", (0, 2))
        for hero in state.heroes:
            hero["at"] = (1, 1)  # across the stream from the goblins
        end_round_turns(state)
        if state.stack and state.stack[-1]["t"] == "target":  # both heroes equally near: the party picks
            state.apply(state.legal_actions()[0])
        return state

    stopped = activate(stream=True)
    assert stopped.groups["orchard-goblins"]["at"] == (1, 1)
    assert not any(t["t"] == "enemy_attack" for t in stopped.stack) and stopped.phase == "rally"
    walked = activate(stream=False)
    assert walked.groups["orchard-goblins"]["at"] == (1, 1) and walked.stack[-1]["t"] == "enemy_attack"


@pytest.mark.parametrize("card, damage", [(BLANK, 2), (SUCCESS, 0)])
def test_a_hero_moving_into_a_pit_tests_agility_and_suffers_two_damage_on_fewer_than_two_successes(card, damage):
    """Pit: a hero who moves into a space with a pit token, even passing through, tests agility;
    on fewer than two successes, they suffer two damage."""
    state = with_orchard()
    deck(state, 0, card)
    state.heroes[0]["at"] = (1, 1)
    turn(state, 0)
    state.apply("travel")
    state.apply("move SE")
    assert state.stack[-1]["t"] == "test" and state.stack[-1]["stat"] == "agility"
    reveal_all(state)
    assert state.heroes[0]["damage"] == damage
    assert state.turn == 0 and state.moves == 1  # passing through: the hero may go on


def test_damage_suffered_in_mist_is_facedown():
    """Mist: damage a hero would suffer in a space with a mist token is suffered facedown (the
    card's text is not read); elsewhere the same card stays faceup."""
    def suffer_at(space):
        state = with_orchard()
        state.wound_decks["damage"] = {"twisted-ankle": 28}  # a card that stays faceup when read
        state.heroes[0]["at"] = space
        state._suffer(0, 1, 0)
        reveal_all(state)
        return state.heroes[0]

    in_mist = suffer_at((0, 3))
    assert in_mist["damage"] == 1 and in_mist["faceup"] == []
    assert suffer_at((0, 2))["faceup"] == ["twisted-ankle"]


def test_attacking_a_group_in_mist_allows_no_fate_conversion():
    """Mist: attacking an enemy group in a space with a mist token, the hero cannot convert fate
    icons to success icons during the attack test."""
    def attack_at(space):
        state = with_orchard()
        put_group(state, "orchard-goblins", space)
        state.heroes[0]["at"] = space
        state.heroes[0]["inspiration"] = 2
        deck(state, 0, FATE)
        turn(state, 0)
        state.apply(next(a for a in legal(state) if a.startswith("attack orchard-goblins")))
        reveal_all(state)
        return legal(state)

    assert attack_at((0, 3)) == ["convert 0"]
    assert "convert 2" in attack_at((0, 2))


def test_the_table_interaction_does_not_provoke_and_one_success_gives_inspiration_and_emboldened():
    """Table: a hero in its space may interact (this does not provoke enemies): a spirit test; on
    at least one success, one inspiration and the emboldened boon."""
    state = battle()
    put_group(state, "fort-raiders", (0, 0))
    state.heroes[0]["at"] = (0, 0)
    state.heroes[0]["inspiration"] = 0
    deck(state, 0, SUCCESS)
    turn(state, 0)
    state.apply("interact mess-table")
    assert state.stack[-1]["t"] == "test" and state.stack[-1]["stat"] == "spirit"
    assert not any(t["t"] == "enemy_attack" for t in state.stack)
    reveal_all(state)
    assert state.heroes[0]["inspiration"] == 1 and state.heroes[0]["boons"] == ["emboldened"]
    assert "mess-table" in state.tokens  # the table stays


def test_barrels_need_an_enemy_group_nearby_and_two_successes_deal_four_hits_then_go():
    """Barrels: beside an enemy group (its space or an adjacent one), a hero in the barrels' space
    may interact without provoking: a wisdom test; on at least two successes, four hits and stun
    applied to one nearby group, then the token is discarded."""
    state = battle()
    state.heroes[0]["at"] = (1, 1)
    deck(state, 0, SUCCESS)
    turn(state, 0)
    assert "interact oil-barrels" not in legal(state)  # no enemy nearby
    put_group(state, "fort-raiders", (2, 1))
    assert "interact oil-barrels" in legal(state)
    state.apply("interact oil-barrels")
    assert state.stack[-1]["stat"] == "wisdom"
    reveal_all(state)
    assert state.groups["fort-raiders"]["wounds"] == 4  # a ruffian has 5 health and no armor
    assert state.groups["fort-raiders"]["exhausted"]  # stunned
    assert "oil-barrels" not in state.tokens and "oil-barrels" in state.removed_tokens


def test_a_statue_two_successes_deal_four_hits_to_a_group_in_the_heros_space_and_it_is_discarded():
    """Statue: a hero in its space may interact without provoking: a might test; on at least two
    successes, four hits and sunder applied to an enemy group in their space, then the token is
    discarded."""
    state = with_orchard()
    put_group(state, "orchard-goblins", (1, 3))
    state.heroes[0]["at"] = (1, 3)
    deck(state, 0, SUCCESS)
    turn(state, 0)
    state.apply("interact old-statue")
    assert not any(t["t"] == "enemy_attack" for t in state.stack)
    reveal_all(state)
    # A goblin scout has 3 health and 1 armor, which sunder takes away: 4 hits fell one figure and
    # the one left over wounds the next, whose armor sunder takes too.
    goblins = state.groups["orchard-goblins"]
    assert goblins["figures"] == 1 and goblins["wounds"] == 1 and "old-statue" not in state.tokens


def test_attacking_from_a_fire_pit_a_revealed_fate_card_buys_pierce_or_smite():
    """Fire Pit: attacking from its space, a hero may discard one card with a fate icon revealed in
    that attack test to apply pierce or smite; once, and only with such a card revealed."""
    def attack(card):
        state = with_orchard()
        pit = state.tokens["charcoal-pit"]
        put_group(state, "orchard-goblins", pit)
        state.heroes[0].update(at=pit, inspiration=0, prepared=[])
        deck(state, 0, card)
        turn(state, 0)
        state.apply(next(a for a in legal(state) if a.startswith("attack orchard-goblins")))
        reveal_all(state)
        while state.stack and state.stack[-1]["t"] == "test":
            state.apply(legal(state)[-1])
            reveal_all(state)
        return state

    fated = attack(FATE)
    assert {"fire pierce", "fire smite"} <= set(legal(fated))
    fated.apply("fire pierce")
    assert not any(a.startswith("fire") for a in legal(fated))  # one card, one modifier
    landed = [line for line in fated.log if line.startswith(f"{fated.heroes[0]['name']} attacks orchard-goblins")]
    assert landed and landed[-1].endswith("pierce")
    plain = attack(SUCCESS)  # successes only: no fate card to give the fire
    assert not any(a.startswith("fire") for a in legal(plain))


def test_when_falling_terrain_could_hit_several_groups_the_hero_chooses():
    """Barrels hit one nearby group: with two in reach, the hero picks which (a player's choice)."""
    state = battle()
    put_group(state, "fort-raiders", (2, 1))
    put_group(state, "gate-archers", (1, 1), figures=1)
    state.heroes[0]["at"] = (1, 1)
    deck(state, 0, SUCCESS)
    turn(state, 0)
    state.apply("interact oil-barrels")
    reveal_all(state)
    assert state.current_player == 0 and legal(state) == ["choose 1", "choose 2"]
    state.apply("choose 2")
    assert state.groups["gate-archers"]["wounds"] == 3 and state.groups["fort-raiders"]["wounds"] == 0


@pytest.mark.parametrize("space, damage", [((0, 1), 1), ((1, 1), 2)])
def test_a_boulder_turns_one_fate_into_a_success_for_free_in_a_negate_test(space, damage):
    """Boulder: a hero in its space testing to negate damage and fear may convert one fate icon to
    a success without spending inspiration, once per negate test."""
    state = battle()
    state.heroes[0]["at"] = space
    state.heroes[0]["inspiration"] = 0
    state.heroes[0]["items"] = [i for i in state.heroes[0]["items"] if i != "Travel Garb"]  # its own free convert
    deck(state, 0, FATE)
    state._harm(0, 2, 0, "might")
    reveal_all(state)  # three fate icons, no inspiration
    if damage == 1:
        assert legal(state) == ["convert 0", "convert 1"]
        state.apply("convert 1")
    reveal_all(state)
    assert state.heroes[0]["damage"] == damage and state.heroes[0]["inspiration"] == 0


@pytest.mark.parametrize("answer, boons", [("test wit", ["hidden"]), ("decline", [])])
def test_a_hero_ending_their_turn_in_a_bush_may_test_wit_to_become_hidden(answer, boons):
    """Bush: a hero who ends their turn in a space with a bush token may test wit; on at least two
    successes, they become hidden."""
    state = battle()
    state.heroes[0]["at"] = (2, 0)
    deck(state, 0, SUCCESS)
    turn(state, 0)
    state.apply("end")
    assert state.current_player == 0 and legal(state) == ["test wit", "decline"]
    state.apply(answer)
    reveal_all(state)
    assert state.heroes[0]["boons"] == boons and state.heroes[0]["done"]


# -- difficulty -------------------------------------------------------------------------------

@pytest.mark.parametrize("difficulty, gained", [("normal", 1), ("hard", 0)])
def test_on_hard_heroes_gain_no_inspiration_for_exploring(difficulty, gained):
    """Difficulty: on hard, heroes do not gain inspiration when they explore an unexplored tile."""
    state = new(difficulty=difficulty)
    quiet(state)
    j2 = state._map().tile_spaces("J2")
    seat_at, step = next((a, d) for a in state._map().spaces if state._map().spaces[a].tile == "J1"
                         for d in ("E", "NE", "SE", "W", "NW", "SW") if Hex(*a).step(d) in j2
                         and state._map().adjacent(a, Hex(*a).step(d)))
    state.heroes[0]["at"] = tuple(seat_at)
    state.heroes[0]["inspiration"] = 0
    turn(state, 0)
    state.apply("travel")
    state.apply(f"move {step}")
    assert "J2" not in state.unexplored and state.heroes[0]["inspiration"] == gained


def test_on_hard_enemy_groups_come_from_the_hard_table():
    """Difficulty: the hard setting adds more enemies: each group comes at its hard size, and
    groups with only a hard size come only on hard."""
    normal, hard = new(adventure=SKIRMISH), new(adventure=SKIRMISH, difficulty="hard")
    assert (normal.groups["fort-raiders"]["figures"], normal.groups["fort-raiders"]["elite"]) == (3, [])
    assert (hard.groups["fort-raiders"]["figures"], hard.groups["fort-raiders"]["elite"]) == (3, ["Bloodthirsty"])
    normal._fire("fort-held", None)
    hard._fire("fort-held", None)
    assert hard.groups["orchard-goblins"]["elite"] == ["Armored"] and normal.groups["orchard-goblins"]["elite"] == []
    cold_normal, cold_hard = new(), new(difficulty="hard")
    cold_normal._fire("heard-tale", None)  # places the stones' tile (J5) and spawns its archers
    cold_hard._fire("heard-tale", None)
    assert "stone-archers" not in cold_normal.groups and "stone-archers" in cold_hard.groups


# -- the single-player game ---------------------------------------------------------------------

def test_one_player_runs_each_hero_apart_and_finishes_a_heros_turn_before_another_begins():
    """Single-Player Game: one player controls two to four heroes, each with their own play area
    (no shared decks, items or tokens), and resolves a hero's turn completely before another's.
    Here a seat is a hero: one person plays every seat, and the party is one side."""
    game = middleearth.load("journeys", players=3, heroes="aragorn,gimli,bilbo")
    state = new(players=3, heroes="aragorn,gimli,bilbo")
    assert game.seat_names() == ["Aragorn", "Gimli", "Bilbo"]
    assert len({id(h["deck"]) for h in state.heroes}) == 3 and len({id(h["items"]) for h in state.heroes}) == 3
    turn(state, 1)
    state.apply("travel")
    assert all(not a.startswith("hero") for a in legal(state))  # no other hero may start now
    state.apply("end")
    assert sorted(legal(state)) == ["hero aragorn", "hero bilbo"]
    returns = state.returns()
    assert len(set(returns)) == 1  # one side: every seat wins or loses together


# -- the second adventure ----------------------------------------------------------------------

def fighter(state):
    """Make for the nearest enemy, attack, use the fort's barrels and the statue, spend inspiration."""
    moves = [a for a in legal(state) if a != "interact mess-table"]
    for prefix in ("convert", "attack", "interact", "choose 1", "test wit", "prepare"):
        chosen = [a for a in moves if a.startswith(prefix)]
        if chosen:
            return chosen[-1] if prefix in ("convert", "prepare") else chosen[0]
    if state.turn is None or state.stack:
        return moves[0]
    here, hexmap = state.heroes[state.turn]["at"], state._map()
    goals = [g["at"] for g in state.groups.values()]
    if goals:
        target = min(goals, key=lambda g: hexmap.distance(here, g) or 99)
        steps = hexmap.closer_steps(here, target) if state.moves else ()
        for move in moves:
            if steps and move.startswith("move") and Hex(*here).step(move.split()[1]) == steps[0]:
                return move
        if "travel" in moves and tuple(here) != tuple(target):
            return "travel"
    return "end"


def idler(state):
    """Never fights nor moves: ends each turn, takes the first choice offered."""
    return "end" if state.turn is not None and not state.stack else legal(state)[0]


def play(seed, party=fighter, **options):
    rng = random.Random(seed)
    state = middleearth.load("journeys", adventure=SKIRMISH, **options).new_state()
    while not state.is_terminal():
        state.apply(sample_chance(state, rng) if state.current_player == CHANCE else party(state))
    return state


def test_the_skirmish_validates_and_uses_a_battle_map_with_terrain():
    adventure = load_adventure(packaged_adventure_path(SKIRMISH))
    assert validate_adventure(adventure) == []
    assert adventure.adventure.map == "battle"
    assert {t.terrain for t in adventure.terrain} >= {"wall", "stream", "pit", "mist", "table", "bush"}


def test_the_conformance_kit_passes_on_the_battle_map():
    """The contract holds on the skirmish too (legal moves, chance, observations hide nothing)."""
    report = check_game(middleearth.load("journeys", players=3, adventure=SKIRMISH), games=2, seed=4,
                        observe_every=9)
    assert report.games == 2 and report.chance_steps > 0


def test_the_skirmish_can_be_won_and_can_be_lost():
    """The second adventure plays to its end: a fighting party wins; a party that does not fight
    loses, to the threat bar or to a defeat."""
    won = play(0, players=2)
    assert won.result == "win" and won.fired[-1] == "orchard-cleared"
    lost = play(0, party=idler, players=2, difficulty="hard")
    assert lost.result == "loss" and lost.end_reason in ("threat", "defeat")


# -- the validator: rewards and spawn timing ---------------------------------------------------

COLD = packaged_adventure_path("cold-lanterns").read_text(encoding="utf-8")
SKIRMISH_TEXT = packaged_adventure_path(SKIRMISH).read_text(encoding="utf-8")


def validate_text(tmp_path: Path, text: str) -> tuple[Path, list[Problem]]:
    path = tmp_path / "changed.toml"
    path.write_text(text, encoding="utf-8")
    return path, validate_adventure(load_adventure(path), enemies=CORE_ENEMIES, elites=CORE_ELITE)


def test_an_item_reward_must_name_an_item_of_the_table_or_a_declared_party_reward(tmp_path):
    """Validator: an `item` effect names an item of items.toml or one of the adventure's `rewards`."""
    path, problems = validate_text(tmp_path, COLD.replace('rewards = ["Barrow Knife"]', "rewards = []"))
    [problem] = [p for p in problems if p.field.endswith(".item")]
    assert (problem.file, problem.component) == (str(path), "interaction 'barrow-hoard'")
    assert "'Barrow Knife' is neither an item of items.toml" in problem.message
    _, problems = validate_text(tmp_path, COLD.replace('item = "Barrow Knife"', 'item = "Sword"')
                                .replace('rewards = ["Barrow Knife"]', "rewards = []"))
    assert not [p for p in problems if p.field.endswith(".item")]  # Sword is an item of the table


def test_walls_that_shut_a_space_in_make_what_stands_there_unreachable(tmp_path):
    """Validator: a token or group must be reachable on foot; walls (which no one crosses) count.
    Three walls round the fort's north-east corner (2,0) cut off the archers who stand there."""
    text = SKIRMISH_TEXT.replace("# --- Tokens", "".join(
        f'[[terrain]]\nid = "corner-wall-{n}"\nterrain = "wall"\ntile = "B1"\nspace = [2, 0]\ntoward = "{d}"\n\n'
        for n, d in enumerate(("W", "SW", "SE"))) + "# --- Tokens", 1)
    path, problems = validate_text(tmp_path, text)
    [problem] = problems
    assert (problem.file, problem.component, problem.field) == (str(path), "enemy_group 'gate-archers'", "space")
    assert "cannot be reached" in problem.message
    assert validate_text(tmp_path, SKIRMISH_TEXT)[1] == []


def test_a_group_that_could_spawn_before_its_tile_is_placed_is_refused(tmp_path):
    """Validator: a group's tile must be on the table whenever its spawn runs; a spawn the story can
    reach before the tile's chapter is revealed is refused with the file, component and field."""
    # The barrow's wight now wakes at the start, before the barrow (J7) is revealed.
    text = COLD.replace('trigger = "start"\neffects = [{ spawn = "road-ruffians" }]',
                        'trigger = "start"\neffects = [{ spawn = "road-ruffians" }, { spawn = "barrow-wight" }]')
    path, problems = validate_text(tmp_path, text)
    [problem] = [p for p in problems if "before its tile" in p.message]
    assert (problem.file, problem.component, problem.field) == (str(path), "reaction[0] on 'start'",
                                                                "effects[1].spawn")
    assert "'J7'" in problem.message and "revealed by 'stones-read'" in problem.message
    # A threat event can fire at any time, so it may spawn only on tiles placed from the start.
    _, problems = validate_text(tmp_path, COLD.replace('spawn = "hill-troll"', 'spawn = "pursuing-wargs"'))
    assert [p.component for p in problems if "before its tile" in p.message] == ["threat event at 20"]


def test_a_story_effect_may_grant_a_boon():
    """An adventure's effect may give a boon (the app grants boons as the story says): The Cold
    Lanterns' raid on the goblin camp leaves the hero who passed it hidden."""
    cold = middleearth.load("journeys", players=2)
    raid = next(i for i in cold.adventure.interaction if any(e.boon == "hidden" for e in i.on_pass))
    state = new()
    state._run_effects(raid.on_pass, 0, None)
    assert state.heroes[0]["boons"] == ["hidden"] and state.heroes[1]["boons"] == []
