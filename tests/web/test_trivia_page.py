"""The Trivia Game in the browser (src/middleearth/games/trivia/web/view.js): a match against an
AI seat played by clicking. The view's buttons are the server's legal actions, and the right
answer is never on the page of the seat that answers."""

from __future__ import annotations

from .conftest import ARTIFACTS, get_json, post_json

WAIT_MS = 30_000


def test_a_match_is_played_by_clicking_and_the_answer_stays_hidden(page, hub):
    body = {"game": "trivia", "options": {"players": 2}, "seed": 4,
            "seats": [{"type": "human"}, {"type": "ai", "agent": "greedy"}]}
    created = post_json(f"{hub}/api/matches", body)
    match_id, token = created["match"]["id"], created["tokens"]["0"]
    page.goto(f"{hub}/")
    page.evaluate(f"localStorage.setItem('middleearth:{match_id}', JSON.stringify({{'0': '{token}'}}))")
    page.goto(f"{hub}/#/match/{match_id}")
    page.wait_for_selector(".trivia .tv-road", timeout=WAIT_MS)
    assert page.locator(".tv-place").count() == 14
    answered = 0
    for _ in range(40):
        page.wait_for_function("document.querySelector('.tv-action, .tv-option:not([disabled])')"
                               " || document.querySelector('.status-finished')", timeout=WAIT_MS)
        if page.locator(".status-finished").count():
            break
        view = get_json(f"{hub}/api/matches/{match_id}?token={token}")
        if not view["legal"]:  # the AI seat is to move: the page catches up
            page.wait_for_timeout(150)
            continue
        page.wait_for_selector(f".match[data-version='{view['version']}']", timeout=WAIT_MS)
        legal = view["legal"]
        options = page.locator(".tv-option:not([disabled])")
        if options.count():
            assert page.locator(".tv-reader-card").count() == 0, "the answering seat does not see the card"
            assert sorted(o.get_attribute("data-action") for o in options.all()) == sorted(
                t for t in legal if t.startswith("answer "))
            options.first.click()
            answered += 1
        else:
            shown = [b.get_attribute("data-action") for b in page.locator(".tv-action").all()]
            assert shown == [t for t in legal if not t.startswith("answer ")]
            page.locator(".tv-action").first.click()
        page.wait_for_timeout(150)
    assert answered > 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "trivia-board.png"), full_page=True)
