"""Journey to Mordor in the browser: a match made in the hub, played to the end by clicking.

The page never applies rules: it offers the dice of the server's legal actions. These tests
check that the page offers exactly those, that a game clicked through ends as the server says,
and that the replay and the phone layout show the same table.
"""

from __future__ import annotations

import time

import pytest

from .conftest import ARTIFACTS, get_json, post_json

WAIT_MS = 30_000
PHONE = {"width": 390, "height": 844}


def create_from_hub(page, hub, players: int, variant: str, humans: int = 1) -> str:
    """Fill the hub's form (the first seats this browser's, the others greedy AIs) and start;
    the match id."""
    page.goto(f"{hub}/")
    page.click("button[data-game=mordor]")
    page.fill("input[name=option-players]", str(players))
    page.dispatch_event("input[name=option-players]", "input")
    page.select_option("select[name=option-variant]", variant)
    assert page.locator(".seat-row").count() == players
    for seat in range(1, humans):
        page.select_option(f"select[name=seat-{seat}]", "human")
    page.click("form button[type=submit]")
    page.wait_for_selector(".sheet")
    return page.url.split("#/match/")[1].split("?")[0]


def legal_now(page, hub, match_id: str) -> list[str]:
    token = page.evaluate(f"Object.values(JSON.parse(localStorage.getItem('middleearth:{match_id}')))[0]")
    return get_json(f"{hub}/api/matches/{match_id}?token={token}")["legal"]


def version(page) -> int:
    return int(page.get_attribute(".match", "data-version"))


def wait_past(page, before: int) -> None:
    """Wait for the server's next state after version ``before``."""
    page.wait_for_function(f"Number(document.querySelector('.match').dataset.version) > {before}",
                           timeout=WAIT_MS)


def wait_for_my_move_or_end(page) -> bool:
    """True when a roll waits for this seat's choice, False once the match is over."""
    page.wait_for_function(
        "document.querySelector('.die.choosable') || document.querySelector('.status-finished')",
        timeout=WAIT_MS)
    return page.locator(".status-finished").count() == 0


def set_aside_by_clicking(page) -> None:
    """Click offered dice until the selection is a legal choice, then confirm it."""
    before = version(page)
    confirm = page.locator("button.confirm")
    while confirm.is_disabled():
        page.locator(".die.choosable:not(.selected)").first.click()
    confirm.click()
    wait_past(page, before)


@pytest.fixture(scope="module")
def finished_match(hub) -> dict:
    """A two-player match between AI seats, waited for until it ends (its summary)."""
    body = {"game": "mordor", "options": {"players": 2, "variant": "locations"}, "seed": 5,
            "seats": [{"type": "ai", "agent": "greedy"}, {"type": "ai", "agent": "random"}]}
    match = post_json(f"{hub}/api/matches", body)["match"]
    deadline = time.monotonic() + 60
    while match["status"] != "finished":
        assert time.monotonic() < deadline, "the AI match did not finish in a minute"
        time.sleep(0.3)
        match = get_json(f"{hub}/api/matches/{match['id']}")
    return match


def test_play_a_match_to_the_end_by_clicking(page, hub):
    match_id = create_from_hub(page, hub, players=3, variant="locations")
    assert page.locator(".sheet").count() == 3
    assert page.locator(".sheet .place-feature").count() > 0, "the locations version shows the features"

    # The first choice: exactly the dice named by some legal action are offered.
    assert wait_for_my_move_or_end(page)
    legal = legal_now(page, hub, match_id)
    offered = {die.get_attribute("data-colour") for die in page.locator(".die.choosable").all()}
    assert offered == {word.split(":")[0] for text in legal if text.startswith("keep") for word in text.split()[1:]}
    assert page.locator("button.confirm").is_disabled(), "nothing chosen yet: nothing to confirm"

    decisions = 0
    while wait_for_my_move_or_end(page):
        set_aside_by_clicking(page)
        decisions += 1
    assert decisions > 0

    summary = get_json(f"{hub}/api/matches/{match_id}")
    winners = [seat for seat, share in enumerate(summary["returns"]) if share > 0]
    heading = page.inner_text(".turn-line")
    hobbits = [player["hobbit"] for player in summary["observation"]["players"]]
    if winners:
        assert all(hobbits[seat] in heading for seat in winners)
    else:
        assert "eliminated" in heading
    assert page.locator(".sheet .badge.winner").count() == len(winners)
    for seat in winners:  # a winner's token stands on Mordor, the last space of the route
        assert page.locator(f".sheet[data-seat='{seat}'] .place").last.get_attribute("class").endswith("here")
    final = summary["observation"]["log"][-1]["text"]
    assert page.locator(".log li").last.inner_text().endswith(final)
    assert page.locator(".die.choosable, button.confirm").count() == 0, "no choice is offered once it is over"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "mordor-board-end.png"), full_page=True)

    # Play again: a new match with the same seats, this browser still Frodo.
    page.click("text=Play again")
    page.wait_for_function(f"!location.hash.includes('{match_id}')", timeout=WAIT_MS)
    again = get_json(f"{hub}/api/matches/{match_id}")["rematch"]
    assert again and again in page.url
    page.wait_for_selector(f".match[data-match='{again}'][data-version] .sheet", timeout=WAIT_MS)
    assert "You play Frodo" in page.inner_text(".match-head")


def test_only_legal_selections_can_be_confirmed(page, hub):
    create_from_hub(page, hub, players=2, variant="basic")
    assert wait_for_my_move_or_end(page)
    match_id = page.url.split("#/match/")[1].split("?")[0]
    legal = {frozenset(word.split(":")[0] for word in text.split()[1:])
             for text in legal_now(page, hub, match_id) if text.startswith("keep")}
    dice = page.locator(".dice.rolled .die")
    for index in range(dice.count()):  # every die alone: confirmable exactly when it is a legal choice
        die = dice.nth(index)
        colour = die.get_attribute("data-colour")
        if "blocked" in die.get_attribute("class"):
            assert not any(colour in choice for choice in legal)
            continue
        die.click()
        assert page.locator("button.confirm").is_enabled() == (frozenset([colour]) in legal)
        page.locator(f".dice.rolled .die[data-colour={colour}]").click()  # unselect
        assert page.locator(".die.selected").count() == 0

    # The keyboard plays too: the dice's numbers pick them, Enter sets them aside.
    colours = [die.get_attribute("data-colour") for die in dice.all()]
    choice = sorted(legal, key=len)[-1]
    before = version(page)
    for colour in choice:
        page.keyboard.press(str(colours.index(colour) + 1))
    assert page.locator("button.confirm").is_enabled()
    page.keyboard.press("Enter")
    wait_past(page, before)


def test_odds_on_request_list_every_choice(page, hub):
    match_id = create_from_hub(page, hub, players=2, variant="basic")
    assert wait_for_my_move_or_end(page)
    legal = legal_now(page, hub, match_id)
    page.click(".odds-button")
    page.wait_for_selector(".odds-table", timeout=WAIT_MS)
    rows = page.locator(".odds-table tr[data-action]")
    assert sorted(row.get_attribute("data-action") for row in rows.all()) == sorted(legal)
    assert page.locator(".odds-table tr.best").count() == 1
    best = page.get_attribute(".odds-table tr.best", "data-action")
    page.click(".odds-table tr.best")  # a row picks its dice
    if best.startswith("keep"):
        chosen = {die.get_attribute("data-colour") for die in page.locator(".die.selected").all()}
        assert chosen == {word.split(":")[0] for word in best.split()[1:]}
        assert page.locator("button.confirm").is_enabled()


def test_replay_steps_forward_and_back(page, hub, finished_match):
    match = finished_match
    page.goto(f"{hub}/#/replay/{match['id']}")
    page.wait_for_selector(".sheet")
    total = match["version"]
    assert page.inner_text(".counter") == f"{total} / {total}"
    assert page.locator(".sheet .badge.winner").count() == sum(1 for share in match["returns"] if share > 0)
    page.click("button[aria-label=first]")
    page.wait_for_function("document.querySelector('.counter').textContent.startsWith('0 /')")
    assert page.locator(".sheet .place.here .place-name").all_inner_texts() == ["Bag End", "Bag End"]
    assert page.locator(".dice.rolled .die").count() == 0
    page.click("button[aria-label=forward]")
    page.wait_for_function("document.querySelector('.counter').textContent.startsWith('1 /')")
    assert page.locator(".dice.rolled .die").count() == 5, "the first action rolls all five dice"
    assert page.inner_text(".replay-action").startswith("chance: roll")
    page.click("button[aria-label=back]")
    page.wait_for_function("document.querySelector('.counter').textContent.startsWith('0 /')")
    assert page.locator(".die.choosable").count() == 0, "a replay offers no choice"


def test_text_view_plays_with_buttons(page, hub):
    match_id = create_from_hub(page, hub, players=2, variant="basic")
    page.goto(f"{hub}/#/match/{match_id}?view=text")
    page.wait_for_selector(".legal button.action", timeout=WAIT_MS)
    assert "Frodo" in page.inner_text(".game-text")
    texts = page.locator(".legal button.action").all_inner_texts()
    assert sorted(texts) == sorted(legal_now(page, hub, match_id))
    before = version(page)
    page.locator(".legal button.action").first.click()
    wait_past(page, before)
    assert page.locator(".generic .log li").count() >= 2, "the roll and the choice are in the log"


def test_phone_screen_has_no_horizontal_scroll(browser, hub, finished_match):
    match = finished_match
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        for where, ready in (("/", ".game-card"), (f"/#/match/{match['id']}", ".match .sheet"),
                             (f"/#/replay/{match['id']}", ".replay .sheet")):
            page.goto(f"{hub}{where}")
            page.wait_for_selector(ready)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{where} is {width}px wide on a {PHONE['width']}px screen"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mordor-phone.png"), full_page=True)
    finally:
        context.close()


def test_hot_seat_passes_the_device_to_the_next_hobbit(page, hub):
    create_from_hub(page, hub, players=2, variant="basic", humans=2)
    assert "You play Frodo" in page.inner_text(".match-head")
    while "You play Frodo" in page.inner_text(".match-head"):  # Frodo's turn, clicked through
        assert wait_for_my_move_or_end(page)
        set_aside_by_clicking(page)
    page.wait_for_selector(".die.choosable", timeout=WAIT_MS)
    assert "You play Sam" in page.inner_text(".match-head")
    assert "?seat=1" in page.url


def test_join_an_open_seat_from_the_lobby(page, hub):
    body = {"game": "mordor", "options": {"players": 2},
            "seats": [{"type": "ai", "agent": "greedy"}, {"type": "open"}]}
    match = post_json(f"{hub}/api/matches", body)["match"]
    assert match["status"] == "open"
    page.goto(f"{hub}/")
    page.fill("input[name=player-name]", "Bo")
    page.dispatch_event("input[name=player-name]", "change")
    page.click(f".match-list li[data-match='{match['id']}'] a")
    page.wait_for_function("document.querySelector('.status-running')", timeout=WAIT_MS)
    assert "You play Bo" in page.inner_text(".match-head")
    assert get_json(f"{hub}/api/matches/{match['id']}")["seats"][1]["name"] == "Bo"
    assert page.locator(".sheet").count() == 2


def test_a_join_link_asks_a_nameless_player_for_a_name_first(page, hub):
    body = {"game": "mordor", "options": {"players": 2},
            "seats": [{"type": "human", "name": "Ana"}, {"type": "open"}]}
    match = post_json(f"{hub}/api/matches", body)["match"]
    page.goto(f"{hub}/#/match/{match['id']}?join=1")
    page.wait_for_selector("form.ask-name")
    assert get_json(f"{hub}/api/matches/{match['id']}")["seats"][1]["kind"] == "open"  # not yet
    page.click("form.ask-name button[type=submit]")  # no name: refused on the page
    page.wait_for_selector("#toast.error")
    assert get_json(f"{hub}/api/matches/{match['id']}")["seats"][1]["kind"] == "open"
    page.fill("form.ask-name input[name=player-name]", "Dora")
    page.click("form.ask-name button[type=submit]")
    page.wait_for_function("document.querySelector('.status-running')", timeout=WAIT_MS)
    assert "You play Dora" in page.inner_text(".match-head")
    assert get_json(f"{hub}/api/matches/{match['id']}")["seats"][1]["name"] == "Dora"


def test_a_refused_option_is_explained_and_creates_nothing(page, hub):
    before = len(get_json(f"{hub}/api/matches")["running"])
    page.goto(f"{hub}/")
    page.click("button[data-game=mordor]")
    page.fill("input[name=option-hobbits]", "Gollum")
    page.click("form button[type=submit]")
    page.wait_for_selector("#toast.error")
    assert "Gollum" in page.inner_text("#toast")
    assert "#/match/" not in page.url
    assert len(get_json(f"{hub}/api/matches")["running"]) == before


def drive_until(hub, match_id: str, tokens: dict[str, str], wanted) -> tuple[str, dict]:
    """Play both human seats over HTTP (rings first) until ``wanted(legal)``; the seat and its view."""
    for _ in range(400):
        views = [get_json(f"{hub}/api/matches/{match_id}?token={token}") for token in tokens.values()]
        view = next(view for view in views if view["legal"])
        if wanted(view["legal"]):
            return str(view["seat"]), view
        keeps = [text for text in view["legal"] if text.startswith("keep")]
        action = max(keeps, key=lambda text: (text.count(":ring"), -len(text.split())))
        post_json(f"{hub}/api/matches/{match_id}/actions",
                  {"token": tokens[str(view["seat"])], "action": action, "version": view["version"]})
    raise AssertionError("the wanted choice never came in 400 decisions")


def open_as(page, hub, match_id: str, seat: str, token: str) -> None:
    page.goto(f"{hub}/")
    page.evaluate(f"localStorage.setItem('middleearth:{match_id}', JSON.stringify({{'{seat}': '{token}'}}))")
    page.goto(f"{hub}/#/match/{match_id}")
    page.wait_for_selector(".die.choosable", timeout=WAIT_MS)


def test_white_tree_stop_and_rohan_reroll(page, hub):
    body = {"game": "mordor", "options": {"players": 2, "variant": "locations"}, "seed": 1,
            "seats": [{"type": "human"}, {"type": "human"}]}
    created = post_json(f"{hub}/api/matches", body)
    match_id, tokens = created["match"]["id"], created["tokens"]

    seat, view = drive_until(hub, match_id, tokens, lambda legal: any(":tree" in text for text in legal))
    open_as(page, hub, match_id, seat, tokens[seat])
    stop = min((text for text in view["legal"] if ":tree" in text), key=len)
    for word in stop.split()[1:]:
        page.click(f".dice.rolled .die[data-colour={word.split(':')[0]}]")
    assert "White Tree" in page.inner_text("button.confirm")
    page.click("button.confirm")
    page.wait_for_function("[...document.querySelectorAll('.log li')].some(li => li.textContent.includes('White Tree'))",
                           timeout=WAIT_MS)

    seat, view = drive_until(hub, match_id, tokens, lambda legal: "reroll" in legal)
    open_as(page, hub, match_id, seat, tokens[seat])
    assert "You may reroll each roll once" in page.inner_text(".tray")
    before = version(page)
    page.click("button.reroll")
    wait_past(page, before)
    page.wait_for_selector(".die.choosable", timeout=WAIT_MS)
    assert page.locator("button.reroll").count() == 0, "each roll may be rerolled only once"


def test_an_unknown_match_is_explained(page, hub):
    page.goto(f"{hub}/#/match/nosuchmatch")
    page.wait_for_selector("main .error")
    assert "nosuchmatch" in page.inner_text("main .error")
    assert page.locator("main a[href='#/']").count() == 1
