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
        box = page.locator(".jm-map").bounding_box()
        assert box and box["width"] <= PHONE["width"], "the map fits the screen's width"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "journeys-phone.png"), full_page=True)
    finally:
        context.close()
