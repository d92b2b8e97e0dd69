"""Journeys in Middle-earth in the browser (src/middleearth/games/journeys/web/view.js): a two-hero
match, one hero clicked by a person and one played by an AI seat.

The page applies no rules: its controls (arrows on the map, glowing tokens, attacks in an enemy's
menu, a hero's turn on their board, plain buttons for the rest) are exactly the server's legal
actions, and the map shows every hero on the space the observation gives."""

from __future__ import annotations

import random

import pytest

from .conftest import ARTIFACTS, get_json, post_json

WAIT_MS = 30_000
PHONE = {"width": 390, "height": 844}
READY = ("document.querySelector('.jm-action:not([disabled]):not([aria-disabled])')"
         " || document.querySelector('.status-finished')")


def new_match(hub, agent: str = "greedy", seed: int = 5) -> tuple[str, str]:
    body = {"game": "journeys", "options": {"players": 2}, "seed": seed,
            "seats": [{"type": "human"}, {"type": "ai", "agent": agent}]}
    created = post_json(f"{hub}/api/matches", body)
    return created["match"]["id"], created["tokens"]["0"]


def open_seat(page, hub, match_id: str, token: str) -> None:
    page.goto(f"{hub}/")
    page.evaluate(f"localStorage.setItem('middleearth:{match_id}', JSON.stringify({{'0': '{token}'}}))")
    page.goto(f"{hub}/#/match/{match_id}")
    page.wait_for_selector(".journeys .jm-map", timeout=WAIT_MS)


# What the page shows, read in one trip: every control's action (and those on the map), every
# hero figure's space on the map, and the spaces drawn.
SHOWN = """() => ({
  actions: [...document.querySelectorAll('.jm-action')].map(c => c.dataset.action),
  onMap: [...document.querySelectorAll('.jm-map .jm-action')].map(c => c.dataset.action),
  heroes: [...document.querySelectorAll('.jm-map .jm-hero')].map(h => [h.dataset.hero, h.dataset.at]),
  spaces: [...document.querySelectorAll('.jm-map .jm-space')].map(s => s.dataset.at),
})"""


def assert_heroes_stand_where_the_observation_says(shown: dict, observation: dict) -> None:
    expected = sorted([h["name"], f"{h['space'][0]},{h['space'][1]}"] for h in observation["heroes"] if h["space"])
    assert sorted(shown["heroes"]) == expected, "each hero is drawn once, on their space"
    for _, at in expected:
        assert at in shown["spaces"], f"the space {at} is drawn"


def pick(legal: list[str], rng: random.Random) -> str:
    """A choice that moves the story on: interact when a token allows it, travel and move often,
    anything legal otherwise (so every kind of control gets clicked now and then)."""
    for verb, odds in (("interact", 0.9), ("move", 0.75), ("travel", 0.7)):
        chosen = [t for t in legal if t.startswith(verb + " ") or t == verb]
        if chosen and rng.random() < odds:
            return rng.choice(chosen)
    return rng.choice(legal)


def play_by_clicking(page, hub, decisions: int, screenshot: str) -> set[str]:
    """A new match (a person's hero and a greedy AI's), played by clicking for ``decisions`` choices
    or to its end. Before each, the controls are exactly the legal actions and the heroes stand on
    the map where the observation puts them. Returns the verbs clicked on the map."""
    match_id, token = new_match(hub)
    open_seat(page, hub, match_id, token)
    assert page.locator(".jm-hero-board").count() == 2
    assert page.locator(".jm-threat .jm-threshold").count() > 0, "the threat bar shows its thresholds"
    rng = random.Random(11)
    played, clicked_on_map = 0, set()
    while played < decisions:
        page.wait_for_function(READY, timeout=WAIT_MS)
        if page.locator(".status-finished").count():
            break
        view = get_json(f"{hub}/api/matches/{match_id}?token={token}")
        if not view["legal"]:  # the AI hero is to move: the page catches up
            page.wait_for_timeout(100)
            continue
        page.wait_for_selector(f".match[data-version='{view['version']}']", timeout=WAIT_MS)
        shown = page.evaluate(SHOWN)
        assert sorted(shown["actions"]) == sorted(view["legal"]), "one control for each legal action, and no other"
        assert_heroes_stand_where_the_observation_says(shown, view["observation"])
        choice = pick(view["legal"], rng)
        if choice in shown["onMap"]:
            clicked_on_map.add(choice.split(" ")[0])
        page.locator(f".jm-action[data-action='{choice}']").click()
        page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {view['version']}",
                               timeout=WAIT_MS)
        played += 1
    assert played == decisions or page.locator(".status-finished").count()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / screenshot), full_page=True)
    return clicked_on_map


def test_a_two_hero_match_is_played_by_clicking_only_the_legal_actions(page, hub):
    clicked_on_map = play_by_clicking(page, hub, decisions=15, screenshot="journeys-board.png")
    assert "move" in clicked_on_map, "moves were made with the map's arrows"


@pytest.mark.slow
def test_forty_decisions_by_clicking_keep_the_controls_equal_to_the_legal_actions(page, hub):
    play_by_clicking(page, hub, decisions=40, screenshot="journeys-later.png")


def test_phone_screen_shows_the_map_without_horizontal_scroll(browser, hub):
    match_id, token = new_match(hub, agent="random", seed=2)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_seat(page, hub, match_id, token)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the match is {width}px wide on a {PHONE['width']}px screen"
        frame = page.locator(".jm-map-frame").bounding_box()
        assert frame and frame["width"] <= PHONE["width"], "the map's frame fits the screen's width"
        hexagon = page.locator(".jm-map .jm-hex").first.bounding_box()
        assert hexagon and hexagon["width"] >= 40, "a hex stays big enough to tap (the map scrolls in its frame)"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "journeys-phone.png"), full_page=True)
    finally:
        context.close()


# The view alone, on the hub's origin, given a frame made from a real state of the engine: where
# each control lands and what the board shows do not need a match to be played.

def table_with_every_kind_of_control() -> tuple[dict, list[str]]:
    """The observation and legal actions of the first state, over a few seeded random games,
    where the hero whose turn it is may move, interact and attack at once."""
    import middleearth
    from middleearth.core.contract import sample_chance

    for seed in range(40):
        state, rng = middleearth.load("journeys", players=2).new_state(), random.Random(seed)
        for _ in range(600):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
                continue
            legal = [str(a) for a in state.legal_actions()]
            if {"move", "interact", "attack"} <= {text.split(" ")[0] for text in legal}:
                return state.observation(state.current_player), legal
            state.apply(rng.choice(legal))
    raise AssertionError("no state in 40 random games offers a move, an interaction and an attack at once")


def show_view(page, hub, observation: dict, legal: list[str]) -> None:
    """The journeys view drawn into a fresh element of the hub's page, its acts kept in window.acted."""
    page.goto(f"{hub}/")
    page.evaluate("""async ([observation, legal]) => {
      const { createView } = await import('/static/games/journeys/view.js');
      const style = document.createElement('link');
      style.rel = 'stylesheet';
      style.href = '/static/games/journeys/view.css';
      document.head.append(style);
      const root = document.createElement('div');
      root.id = 'view-under-test';
      document.body.prepend(root);
      window.acted = [];
      const view = createView(root, { act: (text) => window.acted.push(text), names: () => ['Ana', 'AI'] });
      view.update({ version: 1, status: 'running', seat: 0, observation, legal, log: [] });
    }""", [observation, legal])
    page.wait_for_selector("#view-under-test .jm-map")


def test_each_legal_action_is_one_control_where_it_belongs(page, hub):
    """Moves as arrows on the map, an interaction on its token, an attack in its group's menu,
    a hero's turn on their board; anything else, even a verb the view never heard of, a button."""
    observation, legal = table_with_every_kind_of_control()
    legal = [*legal, "ponder the-lights"]
    show_view(page, hub, observation, legal)
    view = page.locator("#view-under-test")
    shown = view.locator(".jm-action").evaluate_all("cs => cs.map(c => c.dataset.action)")
    assert sorted(shown) == sorted(legal)
    moves = sorted(t for t in legal if t.startswith("move "))
    assert sorted(view.locator(".jm-map .jm-action").evaluate_all("cs => cs.map(c => c.dataset.action)")) == sorted(
        moves + [t for t in legal if t.startswith("interact ")])
    for text in (t for t in legal if t.startswith("interact ")):
        token = text.split(" ")[1]
        assert view.locator(f".jm-action[data-action='{text}'] .jm-token[data-token='{token}']").count() == 1
    for text in (t for t in legal if t.startswith("attack ")):
        group = text.split(" ")[1]
        assert view.locator(f".jm-menu[data-group='{group}'] .jm-action[data-action='{text}']").count() == 1
    assert view.locator(".group-other .jm-action[data-action='ponder the-lights']").count() == 1
    view.locator(f".jm-map .jm-action[data-action='{moves[0]}']").click()
    assert page.evaluate("window.acted") == [moves[0]]
    assert view.locator("button.jm-action:not([disabled])").count() == 0, "one choice is sent once"


def test_the_map_shows_darkness_unexplored_tiles_tokens_and_enemy_groups_as_observed(page, hub):
    observation, legal = table_with_every_kind_of_control()
    observation["enemies"][0]["exhausted"] = True
    show_view(page, hub, observation, legal)
    view = page.locator("#view-under-test")
    at = lambda space: f"{space[0]},{space[1]}"  # noqa: E731
    explored = {t["tile"]: t["explored"] for t in observation["tiles"]}
    dark_tokens = {at(t["space"]) for t in observation["tokens"] if observation["token_kinds"][t["id"]] == "darkness"}
    spaces = observation["spaces"]
    assert view.locator(".jm-space").count() == len(spaces)
    shown_dark = view.locator(".jm-space.dark").evaluate_all("cs => cs.map(c => c.dataset.at)")
    assert sorted(shown_dark) == sorted(at(s["at"]) for s in spaces if s["darkness"] or at(s["at"]) in dark_tokens)
    shown_fog = view.locator(".jm-space.unexplored").evaluate_all("cs => cs.map(c => c.dataset.at)")
    assert sorted(shown_fog) == sorted(at(s["at"]) for s in spaces if not explored[s["tile"]])
    assert sorted(view.locator(".jm-token").evaluate_all("cs => cs.map(c => c.dataset.token)")) == sorted(
        t["id"] for t in observation["tokens"])
    for group in observation["enemies"]:
        drawn = view.locator(f".jm-map .jm-group[data-group='{group['id']}']")
        assert drawn.get_attribute("data-at") == at(group["space"])
        assert drawn.locator("text").text_content().startswith(f"{group['figures']}×")
        assert ("exhausted" in drawn.get_attribute("class")) == group["exhausted"]


def test_boons_facedown_cards_and_trinket_tokens_are_board_items_and_unknown_keys_still_show(page, hub):
    """A hero's boons, facedown damage and fear (counted in the meters, never named) and a trinket's
    depletion tokens have their own places on the board; a key the view never heard of is still
    listed under the board, so a new rule reaches the page before the view learns it."""
    observation, legal = table_with_every_kind_of_control()
    hero = observation["heroes"][0]
    hero.update(boons=["hidden", "emboldened"], facedown={"damage": 2, "fear": 1}, damage=max(2, hero["damage"]),
                fear=max(1, hero["fear"]), items=[*hero["items"], "Boots"], trinket_tokens={"Boots": 1},
                omens=["a crow"])
    show_view(page, hub, observation, legal)
    board = page.locator(f"#view-under-test .jm-hero-board[data-hero='{hero['name']}']")
    assert board.locator(".jm-boons .chip").all_inner_texts() == ["hidden", "emboldened"]
    assert "emboldened" not in (board.locator(".jm-boons .chip").first.get_attribute("title") or "hidden")
    assert board.locator(".jm-facedown").inner_text() == "facedown: 2 damage · 1 fear"
    assert board.locator(".jm-damage .pip.facedown").count() == 2 and board.locator(".jm-fear .pip.facedown").count() == 1
    assert board.locator(".chip[data-item='Boots'] .jm-trinket-tokens").get_attribute("data-tokens") == "1"
    extras = board.locator(".jm-extras [data-key]").evaluate_all("ks => ks.map(k => k.dataset.key)")
    assert extras == ["omens"], "only the key the view does not know is in the generic list"
    assert "a crow" in board.locator(".jm-extras [data-key=omens]").inner_text()
    stats = observation["hero_boards"][hero["name"]]["stats"]
    assert board.locator(".jm-stats .stat-value").all_inner_texts() == [str(stats[s]) for s in
                                                                      ("might", "agility", "wisdom", "spirit", "wit")]
    limits = observation["hero_boards"][hero["name"]]["limits"]
    assert f"damage {hero['damage']}/{limits['damage']}" in board.inner_text()


def test_a_spectator_and_a_replay_see_the_table_without_controls(page, hub):
    body = {"game": "journeys", "options": {"players": 2}, "seed": 8,
            "seats": [{"type": "ai", "agent": "greedy"}, {"type": "ai", "agent": "random"}]}
    match_id = post_json(f"{hub}/api/matches", body)["match"]["id"]
    page.goto(f"{hub}/#/match/{match_id}")
    page.wait_for_selector(".journeys .jm-map .jm-hero", timeout=WAIT_MS)
    page.wait_for_function("Number(document.querySelector('.match').dataset.version) > 30", timeout=WAIT_MS)
    assert page.locator(".jm-action").count() == 0, "a spectator has nothing to click"
    assert page.locator(".jm-hero-board").count() == 2
    page.goto("about:blank")  # a fresh page: the match's board must not stand in for the replay's
    page.goto(f"{hub}/#/replay/{match_id}?step=30")
    page.wait_for_selector(".journeys .jm-map .jm-hero", timeout=WAIT_MS)
    assert page.locator(".jm-action").count() == 0, "a replay has nothing to click"
    replayed = get_json(f"{hub}/api/matches/{match_id}/replay/30")["observation"]
    drawn = page.locator(".jm-map .jm-hero").evaluate_all("hs => hs.map(h => [h.dataset.hero, h.dataset.at])")
    assert sorted(drawn) == sorted([h["name"], f"{h['space'][0]},{h['space'][1]}"] for h in replayed["heroes"]
                                   if h["space"])


def table_with_every_tile_placed() -> dict:
    """An observation once two greedy heroes have revealed the whole map, while one takes a turn."""
    import middleearth
    from middleearth.agents import make_agent
    from middleearth.core.contract import sample_chance

    game = middleearth.load("journeys", players=2)
    tiles = {placement.tile for chapter in game.adventure.chapter for placement in chapter.tiles}
    for seed in range(5):
        state, rng = game.new_state(), random.Random(seed)
        heroes = [make_agent("greedy", game, seat, seed=seed) for seat in range(2)]
        for _ in range(3000):
            if state.is_terminal():
                break
            seen = state.observation(0)
            if len(seen["tiles"]) == len(tiles) and seen["turn"] and not state.is_chance_node():
                return seen
            state.apply(sample_chance(state, rng) if state.is_chance_node() else heroes[state.current_player].choose(state))
    raise AssertionError("two greedy heroes never revealed the whole map in 5 games")


def test_a_phone_scrolls_the_whole_map_in_its_frame_and_shows_the_hero_whose_turn_it_is(browser, hub):
    observation = table_with_every_tile_placed()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        show_view(page, hub, observation, [])
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        frame = page.locator(".jm-map-frame")
        assert frame.evaluate("f => f.scrollWidth > f.clientWidth"), "the whole map is wider than a phone"
        hexagon = page.locator(".jm-map .jm-hex").first.bounding_box()
        assert hexagon and hexagon["width"] >= 40, "a hex stays big enough to tap"
        turn = page.locator(f".jm-map .jm-hero[data-hero='{observation['turn']}'] circle").bounding_box()
        box = frame.bounding_box()
        assert turn and box["x"] <= turn["x"] and turn["x"] + turn["width"] <= box["x"] + box["width"], \
            "the frame scrolls to the hero whose turn it is"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "journeys-phone-map.png"), full_page=True)
    finally:
        context.close()


def first_decisions_of_the_party() -> dict[str, tuple[dict, list[str]]]:
    """For each kind of party decision (a story choice, a negation split, an enemy's tied steps), the
    observation and legal actions where it first comes up in seeded games of two greedy heroes
    (who reach the story's decisions) and of two random ones (whom enemies catch in the open)."""
    import middleearth
    from middleearth.agents import make_agent
    from middleearth.core.contract import sample_chance

    game, found = middleearth.load("journeys", players=2), {}
    for seed in range(20):
        for agent in ("greedy", "random"):
            state, rng = game.new_state(), random.Random(seed)
            heroes = [make_agent(agent, game, seat, seed=seed) for seat in range(2)]
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(sample_chance(state, rng))
                    continue
                asked = state.observation(state.current_player)["asked"]
                if asked and asked["kind"] not in found:
                    found[asked["kind"]] = (state.observation(state.current_player),
                                            [str(a) for a in state.legal_actions()])
                state.apply(heroes[state.current_player].choose(state))
            if {"choice", "split", "step"} <= set(found):
                return found
    raise AssertionError(f"40 seeded games met only these party decisions: {sorted(found)}")


def test_a_party_decision_names_its_choices(page, hub):
    """A story decision's buttons carry its options' words, a negation split says how much damage
    and fear each choice stops, and an enemy's tied steps are arrows from the enemy's space."""
    found = first_decisions_of_the_party()
    observation, legal = found["choice"]
    show_view(page, hub, observation, legal)
    shown = page.locator("#view-under-test .jm-action").all_inner_texts()
    assert shown == observation["asked"]["options"]
    assert observation["asked"]["text"] in page.inner_text("#view-under-test .jm-decision")

    observation, legal = found["split"]
    show_view(page, hub, observation, legal)
    successes = observation["asked"]["successes"]
    for text in legal:
        n = int(text.split(" ")[1])
        label = page.locator(f"#view-under-test .jm-action[data-action='{text}']").inner_text()
        assert label == f"{n} against damage, {successes - n} against fear"

    observation, legal = found["step"]
    show_view(page, hub, observation, legal)
    arrows = page.locator("#view-under-test .jm-map .jm-action").evaluate_all("cs => cs.map(c => c.dataset.action)")
    assert sorted(arrows) == sorted(legal)
    space = observation["asked"]["space"]
    group = page.locator(f"#view-under-test .jm-map .jm-group[data-group='{observation['asked']['group']}']")
    assert group.get_attribute("data-at") == f"{space[0]},{space[1]}", "the arrows start where the enemy stands"


def test_the_end_says_who_won_and_why(page, hub):
    """A full threat bar loses the adventure: the page says who won and why, and offers nothing to click."""
    observation, _ = table_with_every_kind_of_control()
    observation.update(over=True, result="loss", end_reason="threat", to_move=None, turn=None)
    show_view(page, hub, observation, [])
    decision = page.inner_text("#view-under-test .jm-decision")
    assert "The heroes lose the adventure." in decision and "The threat bar is full." in decision
    assert page.locator("#view-under-test .jm-action").count() == 0


# -- battle maps ---------------------------------------------------------------------------------

# What a terrain's tooltip must say of its effect (Terrain Types), a word or two of each.
TERRAIN_EFFECT_WORDS = {"table": "spirit", "bush": "wit", "barrels": "wisdom", "boulder": "fate", "statue": "might",
                        "mist": "facedown", "pit": "agility", "fire_pit": "pierce", "wall": "nobody moves across",
                        "stream": "ends"}
TERRAIN_NAMES = {"fire_pit": "Fire Pit"}

DRAWN_TERRAIN = """ts => ts.map(t => ({
  id: t.dataset.terrain, kind: t.dataset.kind, at: t.dataset.at, toward: t.dataset.toward ?? null,
  title: (t.querySelector(':scope > title') ?? t.parentNode.querySelector(':scope > title'))?.textContent ?? '',
}))"""


def test_a_skirmish_with_the_orchard_placed_shows_every_terrain_token_on_the_map(page, hub):
    """The Battle Map and Terrain: each terrain token of the observation is on the map, in its space
    (walls and streams on their border), with a tooltip naming the terrain and its effect; the table
    the hero stands on is the control for interacting with it."""
    import middleearth
    from middleearth.core.contract import sample_chance

    state = middleearth.load("journeys", players=2, adventure="emberfall-skirmish").new_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    state._fire("fort-held", None)  # the orchard chapter (B2) and its terrain
    state.apply("hero aragorn")
    observation, legal = state.observation(0), [str(a) for a in state.legal_actions()]
    terrain = {t["id"]: t for t in observation["terrain"]}
    assert {t["terrain"] for t in terrain.values()} == set(TERRAIN_EFFECT_WORDS), "every terrain type is down"
    assert "interact mess-table" in legal
    show_view(page, hub, observation, legal)
    view = page.locator("#view-under-test")
    drawn = view.locator(".jm-map .jm-terrain").evaluate_all(DRAWN_TERRAIN)
    assert sorted(d["id"] for d in drawn) == sorted(terrain), "each terrain token drawn once"
    for shown in drawn:
        token = terrain[shown["id"]]
        assert shown["kind"] == token["terrain"]
        assert shown["at"] == f"{token['space'][0]},{token['space'][1]}", f"{shown['id']} in its space"
        assert shown["toward"] == token["toward"], "a border terrain on its border (the skirmish's tiles are unturned)"
        name = TERRAIN_NAMES.get(token["terrain"], token["terrain"].title())
        assert f"{name} ({shown['id'].replace('-', ' ')}): " in shown["title"], shown
        assert TERRAIN_EFFECT_WORDS[token["terrain"]] in shown["title"], f"{shown['title']} says what it does"
    assert view.locator(".jm-map .jm-wall line").count() == 1 and view.locator(".jm-map .jm-stream path").count() == 1
    assert view.locator(".jm-map .jm-token").count() == len(observation["tokens"]) - len(terrain), \
        "terrain is not drawn again as a plain token"
    live = view.locator(".jm-map .jm-action[data-action='interact mess-table'] .jm-terrain[data-terrain='mess-table']")
    assert live.count() == 1
    assert sorted(view.locator(".jm-action").evaluate_all("cs => cs.map(c => c.dataset.action)")) == sorted(legal)
    assert view.locator(".jm-extras [data-key=terrain]").count() == 0
    assert "fire pit" in view.locator(".jm-terrain-key").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "journeys-skirmish.png"), full_page=True)
