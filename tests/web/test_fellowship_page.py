"""The Lord of the Rings in the browser: a match against AI seats made in the hub, played by clicking.

The page applies no rules: its buttons are the server's legal actions, and a card's plays are the
legal actions that name it. These tests check that, that only the seat's own hand is shown, and
that the out-of-turn windows say who may act.
"""

from __future__ import annotations

import json
from pathlib import Path

from middleearth.games.fellowship.components import load_components

from .conftest import ARTIFACTS, get_json, post_json

WAIT_MS = 30_000
PHONE = {"width": 390, "height": 844}
CARDS_JSON = Path(__file__).resolve().parents[2] / "src/middleearth/games/fellowship/web/cards.json"


def test_the_views_card_list_matches_the_game_data():
    shipped = json.loads(CARDS_JSON.read_text())["cards"]
    cards = load_components().cards
    assert sorted(shipped) == sorted(cards), "cards.json lists exactly the cards of data/cards.toml"
    for card_id, card in cards.items():
        assert (shipped[card_id]["name"], shipped[card_id]["colour"], tuple(shipped[card_id]["symbols"])) == \
            (card.name, card.colour, card.symbols), f"{card_id} differs from data/cards.toml"


def version(page) -> int:
    return int(page.get_attribute(".match", "data-version"))


def wait_past(page, before: int) -> None:
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {before}", timeout=WAIT_MS)


def my_token(page, match_id: str) -> str:
    return page.evaluate(f"Object.values(JSON.parse(localStorage.getItem('middleearth:{match_id}')))[0]")


def legal_now(page, hub, match_id: str) -> list[str]:
    return get_json(f"{hub}/api/matches/{match_id}?token={my_token(page, match_id)}")["legal"]


def wait_for_my_move_or_end(page) -> bool:
    page.wait_for_function(
        "document.querySelector('.fs-decision.mine .fs-action:not([disabled])') || document.querySelector('.status-finished')",
        timeout=WAIT_MS)
    return page.locator(".status-finished").count() == 0


def create_from_hub(page, hub, players: int = 3) -> str:
    page.goto(f"{hub}/")
    page.click("button[data-game=fellowship]")
    page.fill("input[name=option-players]", str(players))
    page.dispatch_event("input[name=option-players]", "input")
    for seat in range(1, players):
        page.select_option(f"select[name=seat-{seat}]", "ai:greedy")
    page.click("form button[type=submit]")
    page.wait_for_selector(".fellowship .fs-hobbit")
    return page.url.split("#/match/")[1].split("?")[0]


def click_through(page, hub, match_id: str, decisions: int) -> tuple[int, int]:
    """Play ``decisions`` choices by clicking: through a card's plays when one is offered, else the
    first button. Before each, the buttons are exactly the legal actions. (decisions, card clicks)."""
    played = cards_clicked = 0
    while played < decisions and wait_for_my_move_or_end(page):
        legal = legal_now(page, hub, match_id)
        offered = page.locator(".fs-decision .fs-action").evaluate_all("bs => bs.map(b => b.dataset.action)")
        assert sorted(offered) == sorted(legal)
        before = version(page)
        playable = page.locator(".fs-card.playable")
        if playable.count():
            card = playable.first.get_attribute("data-card")
            playable.first.click()
            plays = page.locator(".fs-card-plays .fs-action").evaluate_all("bs => bs.map(b => b.dataset.action)")
            assert plays and sorted(plays) == sorted(text for text in legal if text.split(" ")[1:2] == [card])
            if not cards_clicked:
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "fellowship-card-plays.png"), full_page=True)
            page.locator(".fs-card-plays .fs-action").first.click()
            cards_clicked += 1
        else:
            page.locator(".fs-decision .fs-action").first.click()
        wait_past(page, before)
        played += 1
    return played, cards_clicked


def test_a_match_against_ai_seats_is_played_by_clicking(page, hub):
    match_id = create_from_hub(page, hub)
    assert page.locator(".fs-hobbit").count() == 3
    assert page.locator(".fs-corruption .fs-space").count() == 16
    assert page.locator(".fs-space.sauron .fs-eye").count() == 1
    assert "You play Frodo" in page.inner_text(".match-head")

    played, cards_clicked = click_through(page, hub, match_id, decisions=12)
    assert played == 12
    assert cards_clicked > 0, "some decision asked for a card, chosen from the hand"
    # Only Frodo's own hand is on the page; the others show how many cards they hold.
    assert page.inner_text(".fs-hand h3").startswith("Frodo's hand")
    summary = get_json(f"{hub}/api/matches/{match_id}?token={my_token(page, match_id)}")
    hand = summary["observation"]["hand"]
    shown = page.locator(".fs-card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(shown) == sorted(set(hand))
    assert "outcomes not shown to the table" in page.inner_text(".fs-side .log"), "dealt cards stay face down in the log"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "fellowship-board.png"), full_page=True)


def test_the_conflict_board_shows_tracks_events_and_an_out_of_turn_window(page, hub):
    body = {"game": "fellowship", "options": {"players": 2}, "seed": 3,
            "seats": [{"type": "human"}, {"type": "human"}]}
    created = post_json(f"{hub}/api/matches", body)
    match_id, tokens = created["match"]["id"], created["tokens"]
    # Both seats play over HTTP (the first choice, passing windows) until one may act out of turn.
    for _ in range(600):
        views = [get_json(f"{hub}/api/matches/{match_id}?token={token}") for token in tokens.values()]
        view = next(v for v in views if v["legal"])
        if "pass" in view["legal"] and view["observation"]["location"] == "moria":
            break
        choice = "pass" if "pass" in view["legal"] else view["legal"][0]
        post_json(f"{hub}/api/matches/{match_id}/actions",
                  {"token": tokens[str(view["seat"])], "action": choice, "version": view["version"]})
    else:
        raise AssertionError("no out-of-turn window in Moria within 600 decisions")
    seat = str(view["seat"])
    hobbit = view["observation"]["players"][int(seat)]["hobbit"]
    page.goto(f"{hub}/")
    page.evaluate(f"localStorage.setItem('middleearth:{match_id}', JSON.stringify({{'{seat}': '{tokens[seat]}'}}))")
    page.goto(f"{hub}/#/match/{match_id}")
    page.wait_for_selector(".fs-decision.window .fs-action", timeout=WAIT_MS)
    assert f"{hobbit} may act now" in page.inner_text(".fs-window")
    assert page.locator(".fs-group.group-pass .fs-action[data-action=pass]").count() == 1
    assert page.locator(".fs-conflict .fs-track").count() == 3
    assert page.locator(".fs-conflict .fs-track.main .fs-score").count() == 10
    assert page.locator(".fs-events li").count() == 6 and "Speak, Friend" in page.inner_text(".fs-events")
    assert page.locator(".fs-track .fs-cell.marker").count() == 3, "each track shows its marker"
    other = next(s for s in tokens if s != seat)
    other_hobbit = view["observation"]["players"][int(other)]["hobbit"]
    assert page.locator(".fs-hand h3").inner_text().startswith(f"{hobbit}'s hand")
    assert f"{other_hobbit}'s hand" not in page.inner_text(".fellowship")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "fellowship-window.png"), full_page=True)
    before = version(page)
    page.click(".fs-action[data-action=pass]")
    wait_past(page, before)


def test_phone_screen_has_no_horizontal_scroll(browser, hub):
    body = {"game": "fellowship", "options": {"players": 4}, "seed": 2,
            "seats": [{"type": "human"}, {"type": "ai", "agent": "random"}, {"type": "ai", "agent": "random"},
                      {"type": "ai", "agent": "random"}]}
    created = post_json(f"{hub}/api/matches", body)
    match_id, token = created["match"]["id"], created["tokens"]["0"]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{hub}/")
        page.evaluate(f"localStorage.setItem('middleearth:{match_id}', JSON.stringify({{'0': '{token}'}}))")
        page.goto(f"{hub}/#/match/{match_id}")
        page.wait_for_selector(".fellowship .fs-hobbit", timeout=WAIT_MS)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the match is {width}px wide on a {PHONE['width']}px screen"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "fellowship-phone.png"), full_page=True)
    finally:
        context.close()


def test_hot_seat_covers_the_hand_until_the_next_player_has_the_device(page, hub):
    page.goto(f"{hub}/")
    page.click("button[data-game=fellowship]")
    page.fill("input[name=option-players]", "2")
    page.dispatch_event("input[name=option-players]", "input")
    page.select_option("select[name=seat-1]", "human")
    page.click("form button[type=submit]")
    page.wait_for_selector(".fs-decision.cover", timeout=WAIT_MS)
    assert "Pass the device to Frodo" in page.inner_text(".fs-decision")
    assert page.locator(".fs-card").count() == 0 and page.locator(".fs-decision .fs-action").count() == 0
    page.click(".fs-reveal")
    seen_by_frodo = page.locator(".fs-card").count()
    assert seen_by_frodo > 0 and page.inner_text(".fs-hand h3").startswith("Frodo's hand")

    for _ in range(60):  # Frodo clicks through his decisions until the page passes to Sam
        page.wait_for_selector(".fs-decision.mine .fs-action:not([disabled]), .fs-decision.cover", timeout=WAIT_MS)
        if page.locator(".fs-decision.cover").count():
            break
        before = version(page)
        page.locator(".fs-decision .fs-action").first.click()
        wait_past(page, before)
    else:
        raise AssertionError("the page never passed to Sam")
    assert "?seat=1" in page.url
    assert "Pass the device to Sam" in page.inner_text(".fs-decision")
    assert page.locator(".fs-card").count() == 0, "Sam's hand stays covered until Sam has the device"
    assert "You know they hold" not in page.inner_text(".fellowship")
    page.click(".fs-reveal")
    page.wait_for_selector(".fs-card")
    assert page.inner_text(".fs-hand h3").startswith("Sam's hand")


def test_the_table_chat_carries_words_not_cards(page, hub):
    """'Players may not reveal what cards they have in hand, though they may freely talk about
    them': the hub's table chat, under the board."""
    create_from_hub(page, hub)
    page.fill(".match-chat input", "I can pay the Nazgûl with two Hiding cards")
    page.click(".match-chat button[type=submit]")
    page.wait_for_selector(".chat-lines li", timeout=WAIT_MS)
    assert "two Hiding cards" in page.inner_text(".chat-lines")
    assert page.locator(".chat-lines li").count() == 1  # said once, shown once
