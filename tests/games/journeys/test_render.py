"""Journeys in Middle-earth at the terminal: what a player must be able to read off the screen
(the map, the hero boards, the enemy menus, the threat bar, the objective), and that the picture
holds at every moment of whole games."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

import middleearth
from middleearth.cli.main import app
from middleearth.core.contract import CHANCE, sample_chance
from middleearth.games.journeys.actions import PLAYER_FORMS
from middleearth.games.journeys.hexdraw import BAND, BORDERS, Cell, HexGrid, draw, marks_of, origin_of
from middleearth.games.journeys.hexmap import DIRECTIONS, Hex, HexMap, Placement
from middleearth.games.journeys.render import (BORDER_TERRAIN, HELP, TERRAIN, describe, group_codes, hero_codes,
                                               map_cells, render, render_again, table_map, terrain_borders)


def shown(renderable, width: int = 160) -> str:
    screen = io.StringIO()
    Console(file=screen, width=width, color_system=None).print(renderable)
    return screen.getvalue()


def new_game(players: int = 2, seed: int = 0):
    """A game past setup's chance (the weakness cards), at the party's first choice."""
    state = middleearth.load("journeys", players=players).new_state()
    rng = random.Random(seed)
    while state.current_player == CHANCE:
        state.apply(sample_chance(state, rng))
    return state


def walk_to(state, token: str, rng: random.Random, limit: int = 400, until: str | None = None):
    """Play until ``token`` has been interacted with (or the party is asked to decide ``until``):
    every hero walks to it by the shortest way, spends inspiration and takes the first choice of
    any other decision."""
    for _ in range(limit):
        if state.is_terminal() or token not in state.tokens or state.observation(None)["waiting_for"] == until:
            return state
        if state.current_player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        legal = [str(a) for a in state.legal_actions()]
        if f"interact {token}" in legal:
            state.apply(f"interact {token}")
            continue
        here = state.heroes[state.turn]["at"] if state.turn is not None and not state.stack else None
        if here is not None:
            hexmap = table_map(state.observation(None), state.game)
            target = state.tokens[token]
            closer = [m for m in legal if m.startswith("move ")
                      and (hexmap.distance(Hex(*here).step(m.split()[1]), target) or 99)
                      < hexmap.distance(here, target)]
            if closer:
                state.apply(closer[0])
                continue
            if "travel" in legal and tuple(here) != tuple(target):
                state.apply("travel")
                continue
        state.apply(legal[-1] if legal[0].startswith("convert") else legal[0])
    raise AssertionError(f"{token} was not reached in {limit} steps")


def box(text: str, at: Hex, hexmap: HexMap, inner: int) -> str:
    """The content of ``at``'s box in a drawing of ``hexmap`` made with boxes ``inner`` wide."""
    lines = text.splitlines()
    top, left = origin_of(hexmap, at, inner)
    return "\n".join(lines[top + i][left + 1:left + 1 + inner] if top + i < len(lines) else ""
                     for i in range(1, BAND))


def map_part(screen: str) -> str:
    """The drawing of the map alone: from the "Map" heading to the legend's first line."""
    start = screen.index("\nMap\n")
    return screen[start:screen.index("Ar Aragorn", start)]


def coordinate_count(text: str, at: Hex) -> int:
    return len(re.findall(rf"(?<![\d-]){at.q},{at.r}(?![\d])", text))


def whole_adventure_map(game) -> HexMap:
    placements = tuple(Placement(p.tile, tuple(p.position), p.rotation)
                       for chapter in game.adventure.chapter for p in chapter.tiles)
    return game.hexmap(placements)


# -- the map ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("inner", [11, 9, 7])
def test_the_map_draws_every_placed_space_once(inner):
    game = middleearth.load("journeys", players=2)
    hexmap = whole_adventure_map(game)
    cells = {at: Cell(coordinates=str(at)) for at in hexmap.spaces}
    text = draw(hexmap, cells, inner).plain
    assert len(hexmap.spaces) == 32
    for at in hexmap.spaces:
        assert coordinate_count(text, at) == 1, f"space {at} is drawn {coordinate_count(text, at)} times"
        assert str(at) in box(text, at, hexmap, inner)


@pytest.mark.parametrize("width, inner", [(80, 5), (110, 7), (140, 9), (170, 11)])
def test_the_map_takes_the_widest_boxes_that_fit_the_console(width, inner):
    game = middleearth.load("journeys", players=2)
    hexmap = whole_adventure_map(game)
    assert HexGrid(hexmap, {}).inner_width(width) == inner
    lines = shown(HexGrid(hexmap, {at: Cell(coordinates=str(at)) for at in hexmap.spaces}), width).splitlines()
    assert max(len(line.rstrip()) for line in lines) <= width
    for at in hexmap.spaces:
        assert coordinate_count("\n".join(lines), at) == 1, at


@pytest.mark.parametrize("inner", [5, 7, 11])
def test_figures_that_do_not_fit_a_box_are_counted(inner):
    """Five heroes and two groups may share a space: what the box cannot hold shows as +N."""
    hexmap = HexMap(middleearth.load("journeys", players=2).tiles, (Placement("J1"),))
    at = next(iter(hexmap.spaces))
    codes = ["Ar", "Be", "Bi", "El", "Gi", "RR3", "DG2"]
    for count in range(1, len(codes) + 1):
        cell = Cell(items=[Text(code) for code in codes[:count]])
        inside = box(draw(hexmap, {at: cell}, inner).plain, at, hexmap, inner).split("\n", 1)[1]
        more = re.search(r"\+(\d+)", inside)
        shown_codes = [code for code in codes[:count] if code in inside.split()]
        assert len(shown_codes) + (int(more.group(1)) if more else 0) == count, (count, inside)


def test_each_border_is_drawn_by_its_kind_gray_black_or_the_map_edge():
    """Gray borders let figures through, black ones do not; the drawing tells them apart."""
    game = middleearth.load("journeys", players=2)
    hexmap = whole_adventure_map(game)
    inner = 9
    lines = draw(hexmap, {}, inner).plain.splitlines()
    half = (inner + 1) // 2
    kinds_seen = set()
    for at in hexmap.spaces:
        top, left = origin_of(hexmap, at, inner)
        middle = {"NW": (top, left + half // 2), "NE": (top, left + half + half // 2),
                  "SW": (top + BAND, left + half // 2), "SE": (top + BAND, left + half + half // 2),
                  "W": (top + 2, left), "E": (top + 2, left + inner + 1)}
        for direction in DIRECTIONS:
            kind = hexmap.border(at, direction)
            kinds_seen.add(kind)
            line, column = middle[direction]
            across, down, _ = BORDERS[kind]
            expected = down if direction in ("E", "W") else across
            assert lines[line][column] == expected, f"{at} {direction} is {kind}"
    assert kinds_seen == {"gray", "black", "edge"}


def test_heroes_groups_and_tokens_are_drawn_in_the_space_where_they_stand():
    state = new_game(players=4)
    seen = state.observation(0)
    hexmap = table_map(seen, state.game)
    text = draw(hexmap, map_cells(seen, state.game, hexmap), 11).plain
    codes = hero_codes([h["name"] for h in seen["heroes"]])
    for hero in seen["heroes"]:
        assert codes[hero["name"]] in box(text, Hex(*hero["space"]), hexmap, 11)
    groups = group_codes([g.id for g in state.game.adventure.enemy_group])
    assert seen["enemies"], "The Cold Lanterns spawns a group at the start"
    for group in seen["enemies"]:
        inside = box(text, Hex(*group["space"]), hexmap, 11)
        assert f"{groups[group['id']]}{group['figures']}" in inside
    shepherd = next(t for t in seen["tokens"] if t["id"] == "shepherd")
    assert "☺" in box(text, Hex(*shepherd["space"]), hexmap, 11)
    # Each hero appears once on the map, however many share the space.
    for code in codes.values():
        assert text.count(code) == 1


def test_hidden_tiles_are_not_drawn_before_their_chapter_is_revealed():
    state = new_game()
    game = state.game
    downs = [p.tile for c in game.adventure.chapter if c.revealed_by == "heard-tale" for p in c.tiles]
    every_space = whole_adventure_map(game).spaces
    hidden = [at for at, space in every_space.items() if space.tile in downs]
    before = map_part(shown(render(state, 0)))
    for tile in downs:
        assert tile not in before
    for at in hidden:
        assert coordinate_count(before, at) == 0
    assert "J2?" in before, "an unexplored tile is marked"
    walk_to(state, "shepherd", random.Random(2))
    assert "heard-tale" in state.fired
    after = map_part(shown(render(state, 0)))
    for tile in downs:
        assert f"{tile}?" in after, f"{tile} is revealed, still unexplored"
    for at in hidden:
        assert coordinate_count(after, at) == 1


def test_darkness_is_drawn_on_spaces_with_a_darkness_icon_or_a_darkness_token():
    game = middleearth.load("journeys", players=2)
    hexmap = whole_adventure_map(game)
    mist = next(t for t in game.adventure.token if t.kind == "darkness" and t.appears == "mist-falls")
    misty = hexmap.space_of(mist.tile, mist.space)
    assert not hexmap.spaces[misty].darkness
    seen = {"tiles": [{"tile": p.tile, "position": list(p.position), "rotation": p.rotation, "explored": True}
                      for p in hexmap.placements], "heroes": [], "enemies": [],
            "tokens": [{"id": mist.id, "space": list(misty)}]}
    text = draw(hexmap, map_cells(seen, game, hexmap), 9).plain
    for at, space in hexmap.spaces.items():
        assert ("░" in box(text, at, hexmap, 9)) == (space.darkness or at == misty), at
    assert "●" in box(text, misty, hexmap, 9)


def test_a_story_decision_shows_its_text_and_numbered_options():
    state = new_game()
    rng = random.Random(2)
    walk_to(state, "shepherd", rng)
    walk_to(state, "goblin-fire", rng, until="choice")
    assert not state.is_terminal() and state.observation(None)["waiting_for"] == "choice"
    decision = next(i for i in state.game.adventure.interaction if i.id == "goblin-fire")
    for picture in (render(state, state.current_player), render_again(state, state.current_player)):
        screen = " ".join(shown(picture).split())
        assert decision.text in screen
        for number, option in enumerate(decision.options, start=1):
            assert f"choose {number}: {option.label}" in screen


# -- boards, menus, threat, objective ------------------------------------------------------------------

def test_hero_boards_show_the_numbers_of_the_state():
    state = new_game()
    aragorn = state.heroes[0]
    aragorn.update(damage=2, fear=1, inspiration=3, faceup=["wounded-arm"])
    limits = state.game.table.hero("Aragorn").stats
    screen = shown(render(state, 0), width=60)  # one board under the other
    board = screen[screen.index("Aragorn [Ar]"):screen.index("Beravor [Be]")]
    assert f"damage ■■{'□' * (limits.damage_limit - 2)} 2/{limits.damage_limit}" in board
    assert f"fear ■{'□' * (limits.fear_limit - 1)} 1/{limits.fear_limit}" in board
    assert f"3/{limits.inspiration_limit}" in board
    assert f"might {limits.might - 1} (-1)" in board, "Wounded Arm: might tests reveal one card fewer"
    assert "Wounded Arm" in board and "Sword (might)" in board
    prepared = state.game.hero_cards["Aragorn"][aragorn["prepared"][0]].name
    assert prepared in board
    assert f"deck {sum(aragorn['deck'].values())}" in board


def test_the_enemy_menu_shows_each_group_with_its_elite_stats_wounds_and_place():
    state = new_game()
    group_id, group = next(iter(state.groups.items()))
    enemy = state.game.table.enemy(group["enemy"])
    group.update(wounds=1, exhausted=True, elite=["Armored"])
    screen = shown(render(state, 0), width=60)
    menu = screen[screen.index("Enemies"):]
    assert group_id in menu and group["enemy"] in menu
    assert f"health {enemy.health}" in menu and f"armor {enemy.armor + 1}" in menu, "Armored adds 1 armor"
    assert f"sorcery {enemy.sorcery}" in menu and "wounds 1" in menu
    assert "exhausted" in menu and "elite Armored" in menu
    tile = table_map(state.observation(0), state.game).spaces[Hex(*group["at"])].tile
    assert f"at {tile} {group['at'][0]},{group['at'][1]}" in menu


def test_the_threat_bar_shows_the_threat_against_the_maximum_with_its_thresholds():
    state = new_game()
    state.threat = 30
    line = next(l for l in shown(render(state, 0)).splitlines() if l.startswith("Threat"))
    meta = state.game.adventure.adventure
    assert f"30/{meta.threat_max}" in line
    thresholds = sorted(e.at for e in state.game.adventure.threat)
    assert line.endswith("thresholds " + " ".join(map(str, thresholds)))
    bar = line[line.index("▕") + 1:line.index("▏")]
    assert bar.count("┃") == len(thresholds)
    filled = round(len(bar) * 30 / meta.threat_max)
    assert "░" not in bar[:filled] and "█" not in bar[filled:], "the bar is filled in proportion to the threat"


def test_the_objective_round_phase_turn_and_log_are_shown():
    state = new_game()
    state.apply(f"hero {state.game.seat_names()[0].lower()}")
    screen = shown(render(state, 0))
    assert state.game.adventure.objective[0].text in " ".join(screen.split())
    assert "round 1, action phase" in screen and "Aragorn's turn: 2 actions, 0 moves left" in screen
    assert "Aragorn must take an action or end the turn." in screen
    assert "1 Ruffian (road-ruffians) appear" in screen


def test_render_again_is_a_short_picture_of_the_seat_deciding():
    state = new_game()
    state.apply("hero aragorn")
    state.apply("travel")
    again = shown(render_again(state, 0))
    assert "Aragorn [Ar]" in again and "Beravor [Be]" not in again
    assert "Map" in again, "while the hero may move, the map is shown"
    assert "Objective" not in again and "Enemies" not in again
    assert len(again.splitlines()) < len(shown(render(state, 0)).splitlines())


# -- actions and help ------------------------------------------------------------------------------

def test_each_action_is_described_after_its_text_and_an_unknown_word_falls_back_to_the_text():
    state = new_game()
    rng = random.Random(4)
    seen = set()
    for _ in range(300):
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            action = sample_chance(state, rng)
        else:
            for legal in state.legal_actions():
                words = describe(legal).plain
                assert words.startswith(str(legal)) and len(words) > len(str(legal)), str(legal)
                seen.add(str(legal).split()[0])
            action = rng.choice(state.legal_actions())
        assert describe(action).plain.startswith(str(action))
        state.apply(action)
    assert {"hero", "travel", "move", "end", "convert"} <= seen
    assert describe("sing loudly").plain == "sing loudly"


def test_help_names_every_action_word():
    for form in PLAYER_FORMS:
        assert f"[cyan]{form.split()[0]}" in HELP, form


# -- whole games -----------------------------------------------------------------------------------

def play_and_render(players: int, seed: int, every_state: bool) -> int:
    """A random game; at every state the picture is built and the map drawn, and the whole screen
    is printed at each new round and at the first decision of each kind (at every state if
    ``every_state``: a slow sweep).
    Returns how many screens were printed."""
    state = middleearth.load("journeys", players=players).new_state()
    rng = random.Random(seed)
    widths = (80, 120, 170)  # the three box widths of the map
    printed, last, kinds = 0, None, set()
    while True:
        seat = state.current_player
        viewer = seat if seat >= 0 else None
        picture = render(state, viewer)
        seen = state.observation(viewer)
        hexmap = table_map(seen, state.game)
        draw(hexmap, map_cells(seen, state.game, hexmap), 11)
        moment, kind = seen["round"], (seen["waiting_for"], seat >= 0)
        if every_state or moment != last or kind not in kinds or state.is_terminal():
            screen = shown(picture, widths[printed % 3])
            assert "Threat" in screen and "Heroes" in screen
            if seat >= 0:
                shown(render_again(state, seat), 100)
            printed += 1
            last = moment
            kinds.add(kind)
        if state.is_terminal():
            assert "The heroes win." in screen or "The heroes lose." in screen
            return printed
        state.apply(sample_chance(state, rng) if seat == CHANCE else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players, seed", [(2, 7), (4, 8)])
def test_render_works_at_every_state_of_random_games(players, seed):
    assert play_and_render(players, seed, every_state=False) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_screen_of_random_games_prints(players):
    for seed in range(3):
        play_and_render(players, seed, every_state=True)


def test_the_play_command_runs_a_game_of_ai_seats_to_the_end():
    result = CliRunner().invoke(app, ["play", "journeys", "--players", "2", "--seats", "random,random",
                                      "--seed", "5", "--delay", "0"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert result.output.count("Threat ▕") > 3, "spectators see the table at each new turn"


# -- battle maps: terrain, and the new hero and enemy state -----------------------------------------

SKIRMISH = "emberfall-skirmish"


def skirmish_with_orchard():
    """The skirmish past setup with its orchard chapter (B2) placed: every terrain type is down."""
    state = middleearth.load("journeys", players=2, adventure=SKIRMISH).new_state()
    rng = random.Random(0)
    while state.current_player == CHANCE:
        state.apply(sample_chance(state, rng))
    state._fire("fort-held", None)
    return state


def border_middle(hexmap: HexMap, at: Hex, direction: str, inner: int) -> tuple[int, int]:
    """The (line, column) of a character in the middle of ``at``'s border towards ``direction``."""
    top, left = origin_of(hexmap, at, inner)
    half = (inner + 1) // 2
    return {"NW": (top, left + half // 2), "NE": (top, left + half + half // 2),
            "SW": (top + BAND, left + half // 2), "SE": (top + BAND, left + half + half // 2),
            "W": (top + 2, left), "E": (top + 2, left + inner + 1)}[direction]


@pytest.mark.parametrize("inner", [11, 7, 5])
def test_each_terrain_token_of_the_skirmish_appears_in_its_own_box(inner):
    """The Battle Map and Terrain: a terrain token lies in a space; its symbol is drawn in that
    space's box and no other, at every box width, even in a crowded space."""
    state = skirmish_with_orchard()
    seen = state.observation(0)
    in_spaces = [t for t in seen["terrain"] if t["terrain"] not in BORDER_TERRAIN]
    assert {t["terrain"] for t in in_spaces} == set(TERRAIN), "the skirmish has every terrain type"
    hexmap = table_map(seen, state.game)
    text = draw(hexmap, map_cells(seen, state.game, hexmap), inner).plain
    for token in in_spaces:
        glyph = TERRAIN[token["terrain"]][0]
        inside = [at for at in hexmap.spaces if glyph in box(text, at, hexmap, inner)]
        assert inside == [Hex(*token["space"])], f"{token['id']} ({glyph}) is drawn in {inside}"
    # The terrain token is not drawn a second time as a plain token ("•").
    assert "•" not in text


def test_a_wall_s_border_is_drawn_closed_and_a_stream_s_distinctly():
    """Terrain Types: a wall closes the border it lies on (drawn as a wall, and closed on the map
    the view measures); a stream lies on a border that stays open, drawn as a stream."""
    state = skirmish_with_orchard()
    seen = state.observation(0)
    hexmap = table_map(seen, state.game)
    borders = terrain_borders(seen, hexmap)
    wall = next(pair for pair, kind in borders.items() if kind == "wall")
    stream = next(pair for pair, kind in borders.items() if kind == "stream")
    assert wall == {Hex(1, 0), Hex(1, 1)} and stream == {Hex(0, 2), Hex(1, 1)}, "as the adventure places them"
    a, b = sorted(wall)
    assert hexmap.border(a, "SE") == "black", "the wall closes its border"
    assert not hexmap.adjacent(a, b)
    assert hexmap.adjacent(*stream), "a stream's border stays open"
    inner = 9
    lines = draw(hexmap, {}, inner, marks_of(borders)).plain.splitlines()
    for pair, kind, direction in ((wall, "wall", "SE"), (stream, "stream", "NE")):
        at = min(pair, key=lambda h: h.r) if direction == "SE" else max(pair, key=lambda h: h.r)
        line, column = border_middle(hexmap, at, direction, inner)
        assert lines[line][column] == BORDERS[kind][0], f"the {kind} is drawn on its border"
    assert BORDERS["wall"][0] != BORDERS["stream"][0] != BORDERS["gray"][0]
    screen = shown(render(state, 0))
    assert "══ wall (closed)" in screen and "≈≈ stream" in screen, "the key names both"
    assert "fallen-wall wall (B1 1,0 SE)" in screen and "ash-stream stream (B2 0,2 NE)" in screen


def test_boards_show_facedown_counts_boons_and_trinket_tokens_set_on_the_state():
    """Facedown cards count against a hero's limits without being read; boons and a trinket's
    depletion tokens are on the board."""
    state = skirmish_with_orchard()
    aragorn = state.heroes[0]
    aragorn.update(damage=3, fear=1, facedown={"damage": 2, "fear": 1}, boons=["hidden", "emboldened"],
                   depletion={"Boots": 2})
    limits = state.game.table.hero("Aragorn").stats
    screen = shown(render(state, 0), width=60)
    board = screen[screen.index("Aragorn [Ar]"):screen.index("Beravor [Be]")]
    assert f"damage ■■■{'□' * (limits.damage_limit - 3)} 3/{limits.damage_limit}" in board
    assert "facedown 2 damage, 1 fear" in board
    assert "boons hidden, emboldened" in board
    assert "trinket tokens Boots ●● 2" in board
    beravor = screen[screen.index("Beravor [Be]"):]
    assert "facedown" not in beravor.split("Enemies")[0], "no facedown line without facedown cards"


def test_enemy_menus_show_banners_and_groups_waiting_for_figures():
    state = skirmish_with_orchard()
    group_id, group = next(iter(state.groups.items()))
    group["banner"] = 2
    state.held_back = ("orchard-goblins",)
    menu = shown(render(state, 0), width=100)
    menu = menu[menu.index("Enemies"):]
    assert "banner ⚑ 2" in menu
    assert "Waiting for figures: orchard-goblins (Goblin Scout)" in " ".join(menu.split())


def test_the_attack_in_progress_shows_successes_left_and_what_they_bought():
    """Attacking: the successes of the test are spent on the items' abilities, then the hits go
    to the group; the screen shows what is left and what was added."""
    state = middleearth.load("journeys", players=2, adventure=SKIRMISH).new_state()
    rng = random.Random(0)
    for _ in range(2000):
        attack = state.observation(None)["attack"]
        if attack and attack["successes_left"]:
            break
        state.apply(sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_actions()))
    else:
        raise AssertionError("no attack reached its spending in 2000 steps")
    state.stack[-1].update(added_hits=2, added_modifiers=["pierce"])
    attack = state.observation(None)["attack"]
    for picture in (render(state, state.current_player), render_again(state, state.current_player)):
        screen = " ".join(shown(picture).split())
        assert f"{attack['hero']} attacks {attack['group']} with {', '.join(attack['items'])}" in screen
        left = attack["successes_left"]
        assert f"{left} success{'' if left == 1 else 'es'} left to spend" in screen
        assert "hits added: 2" in screen and "modifiers: pierce" in screen


def test_a_random_skirmish_renders_at_every_state():
    """A whole random game on the battle map: every screen prints, terrain and all."""
    state = middleearth.load("journeys", players=2, adventure=SKIRMISH).new_state()
    rng = random.Random(3)
    for step in range(3000):
        if step % 7 == 0 or state.is_terminal():
            viewer = state.current_player if state.current_player >= 0 else None
            screen = shown(render(state, viewer), 100)
            assert "Threat" in screen
            for token in state.observation(viewer)["terrain"]:
                assert f" {token['id']} {token['terrain']}" in screen.replace("fire pit", "fire_pit")
        if state.is_terminal():
            return
        state.apply(sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end in 3000 steps")
