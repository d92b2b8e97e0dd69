"""The hub over real HTTP and websockets: play, refusals, hidden tokens, restart, races, limits."""

from __future__ import annotations

import json
import random
import threading
import time
from contextlib import ExitStack
from typing import Any

import middleearth
from .live import Hub, follow, receive
from middleearth.core.contract import RECORD_FORMAT


def test_games_lists_mordor_options_and_agents(hub: Hub) -> None:
    listed = hub.http.get("/api/games").json()
    mordor = next(game for game in listed["games"] if game["name"] == "mordor")
    players = next(option for option in mordor["options"] if option["name"] == "players")
    assert (players["minimum"], players["maximum"], players["default"]) == (2, 4, 4)
    assert "data" not in [option["name"] for option in mordor["options"]]  # a server folder
    assert {"greedy", "random"} <= {agent["name"] for agent in listed["agents"]}


def test_two_humans_and_an_ai_play_a_whole_game_over_websockets(hub: Hub) -> None:
    created = hub.create([{"type": "human", "name": "Ana"}, {"type": "open"},
                          {"type": "ai", "agent": "greedy"}])
    match, first = created["match"], created["tokens"]["0"]
    assert match["status"] == "open" and list(created["tokens"]) == ["0"]
    joined = hub.http.post(f"/api/matches/{match['id']}/join", json={"name": "Bo"}).json()
    assert joined["seat"] == 1
    tokens = {0: first, 1: joined["token"]}
    assert hub.view(match["id"])["status"] == "running"

    rng = random.Random(3)
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(hub.socket(match["id"], token)) for seat, token in tokens.items()}
        watcher = stack.enter_context(hub.socket(match["id"]))
        heard: dict[int, list[str]] = {0: [], 1: []}
        logs: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
        last: dict[int, dict[str, Any]] = {}
        sent: dict[int, str] = {}
        deadline = time.monotonic() + 120
        while any(last.get(seat, {}).get("status") != "finished" for seat in sockets):
            assert time.monotonic() < deadline, "the game did not finish in two minutes"
            for seat, socket in sockets.items():
                if last.get(seat, {}).get("status") == "finished":
                    continue
                try:  # a seat with nothing new must not hold up the other
                    raw = socket.recv(timeout=0.5)
                except TimeoutError:
                    continue
                heard[seat].append(raw)
                message = json.loads(raw)
                if message.get("error") == "rate_limited":  # this client plays faster than a person may
                    time.sleep(0.3)
                    socket.send(sent[seat])
                    continue
                assert message["type"] == "state", message
                assert message["log_from"] == len(logs[seat])
                logs[seat] += message["log"]
                if seat in last:  # after the first push, only the changes since the last one
                    assert "observation" not in message
                    assert message["observation_patch"]["from"] == last[seat]["version"]
                    assert "log" not in message["observation_patch"]["set"]  # the game's log grows
                message["observation"] = follow(last.get(seat, {}).get("observation"), message)
                moved = last.get(seat, {}).get("version") == message["version"]  # a repeat view
                last[seat] = message
                if message["legal"] and not moved:
                    assert message["to_move"] == seat
                    sent[seat] = json.dumps({"type": "action", "action": rng.choice(message["legal"]),
                                             "version": message["version"]})
                    socket.send(sent[seat])
        spectator = receive(watcher)
        assert spectator["seat"] is None and spectator["legal"] == []
    record = hub.http.get(f"/api/matches/{match['id']}/record").json()
    assert record["format"] == RECORD_FORMAT
    state = middleearth.replay(record)
    assert state.is_terminal() and last[0]["returns"] == state.returns()
    for seat in (0, 1):
        assert [entry["action"] for entry in logs[seat]] == record["actions"]
        assert last[seat]["observation"] == state.observation(seat)
        other = tokens[1 - seat]
        assert not any(other in raw for raw in heard[seat])  # a seat never sees another's token
    assert any(entry["mover"] == 2 for entry in logs[0])  # the AI seat played its turns


def test_stale_illegal_out_of_turn_and_bad_token_are_refused_and_change_nothing(hub: Hub) -> None:
    created = hub.create([{"type": "human"}, {"type": "human"}])
    match_id, tokens = created["match"]["id"], created["tokens"]
    before = hub.view(match_id, tokens["0"])
    assert before["to_move"] == 0 and before["legal"]
    legal, version = before["legal"][0], before["version"]
    refusals = [
        (hub.play(match_id, tokens["0"], legal, version - 1), 409, "stale"),
        (hub.play(match_id, tokens["0"], "keep purple:ring", version), 422, "illegal"),
        (hub.play(match_id, tokens["0"], "fly to mordor", version), 422, "illegal"),
        (hub.play(match_id, tokens["1"], legal, version), 409, "not_your_turn"),
        (hub.play(match_id, "not-a-token", legal, version), 403, "bad_token"),
    ]
    for answer, status, code in refusals:
        assert (answer.status_code, answer.json()["error"]) == (status, code), answer.text
        assert answer.json()["reason"]
    assert hub.view(match_id, tokens["0"]) == before

    with hub.socket(match_id, tokens["1"]) as socket:
        first = receive(socket)  # a (re)connecting seat gets its whole view and the whole log
        assert (first["version"], first["log_from"], len(first["log"])) == (version, 0, version)
        assert first["seat"] == 1 and first["observation"] == hub.view(match_id, tokens["1"])["observation"]
        socket.send(json.dumps({"type": "action", "action": legal, "version": version}))
        refused = receive(socket)
        assert (refused["type"], refused["error"], refused["version"]) == ("refused", "not_your_turn", version)
        socket.send("{not json")
        assert receive(socket)["error"] == "bad_request"
        socket.send(json.dumps({"type": "action", "action": "x" * 5000, "version": version}))
        assert receive(socket)["error"] == "too_large"
    with hub.socket(match_id, text=False) as spectator:
        assert "text" not in receive(spectator)  # asked for pushes without the text view
        spectator.send(json.dumps({"type": "action", "action": legal, "version": version}))
        assert receive(spectator)["error"] == "bad_token"
    with hub.socket(match_id, "forged") as intruder:
        assert receive(intruder)["error"] == "bad_token"
    assert hub.view(match_id, tokens["0"]) == before


def test_odds_of_the_current_decision_cover_each_legal_action(hub: Hub) -> None:
    created = hub.create([{"type": "human"}, {"type": "human"}])
    match_id, token = created["match"]["id"], created["tokens"]["0"]
    rows = hub.http.get(f"/api/matches/{match_id}/odds").json()
    assert sorted(row["action"] for row in rows) == sorted(hub.view(match_id, token)["legal"])
    assert sum(row["best"] for row in rows) == 1
    assert all(abs(sum(row["advance"].values()) - 1) < 1e-9 for row in rows)


def test_two_clients_racing_the_same_version_apply_exactly_one(hub: Hub) -> None:
    created = hub.create([{"type": "human"}, {"type": "human"}])
    match_id, token = created["match"]["id"], created["tokens"]["0"]
    before = hub.view(match_id, token)
    barrier = threading.Barrier(4)
    answers: list[Any] = []

    def send() -> None:
        barrier.wait()
        answers.append(hub.play(match_id, token, before["legal"][0], before["version"]))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answer.status_code for answer in answers) == [200, 409, 409, 409]
    assert {answer.json()["error"] for answer in answers if answer.status_code == 409} == {"stale"}
    record = hub.http.get(f"/api/matches/{match_id}/record").json()
    assert record["actions"].count(before["legal"][0]) == 1 + before["log"].count(before["legal"][0])


def test_a_restarted_server_resumes_the_match_where_it_was(hub: Hub) -> None:
    created = hub.create([{"type": "human"}, {"type": "ai", "agent": "greedy"}])
    match_id, token = created["match"]["id"], created["tokens"]["0"]
    for _ in range(3):
        seen = wait_for_move(hub, match_id, token)
        assert hub.play(match_id, token, seen["legal"][-1], seen["version"]).status_code == 200
    before = wait_for_move(hub, match_id, token)
    machines = hub.create([{"type": "ai", "agent": "greedy"}, {"type": "ai", "agent": "random"}])["match"]["id"]
    hub.restart(crash=True)  # while the AI seats of `machines` are busy
    after = hub.view(match_id, token)
    assert after == before
    resumed = wait_until_finished(hub, machines)
    played = middleearth.replay(hub.http.get(f"/api/matches/{machines}/record").json())
    assert played.is_terminal() and resumed["returns"] == played.returns()
    while (seen := wait_for_move(hub, match_id, token))["status"] != "finished":
        assert hub.play(match_id, token, seen["legal"][-1], seen["version"]).status_code == 200
    state = middleearth.replay(hub.http.get(f"/api/matches/{match_id}/record").json())
    assert state.is_terminal() and state.to_record()["actions"][: len(before["log"])] == \
        [entry["action"] for entry in before["log"]]


def test_join_leave_and_play_again_with_the_same_tokens(hub: Hub) -> None:
    created = hub.create([{"type": "open"}, {"type": "ai", "agent": "random"}])
    match_id = created["match"]["id"]
    seat = hub.http.post(f"/api/matches/{match_id}/join", json={"seat": 0}).json()
    taken = hub.http.post(f"/api/matches/{match_id}/join", json={"seat": 0})
    assert (taken.status_code, taken.json()["error"]) == (409, "seat_taken")
    left = hub.http.post(f"/api/matches/{match_id}/leave", json={"token": seat["token"]})
    assert left.json()["status"] == "open" and left.json()["seats"][0]["kind"] == "open"
    assert hub.http.get(f"/api/matches/{match_id}", params={"token": seat["token"]}).status_code == 403
    token = hub.http.post(f"/api/matches/{match_id}/join", json={"name": "Cy"}).json()["token"]
    while (seen := wait_for_move(hub, match_id, token))["status"] != "finished":
        hub.play(match_id, token, seen["legal"][0], seen["version"])
    lobby = hub.http.get("/api/matches", params={"status": "finished"}).json()
    assert match_id in [listed["id"] for listed in lobby["finished"]]
    again = hub.http.post(f"/api/matches/{match_id}/rematch", json={"token": token}).json()["match"]
    assert again["status"] == "running" and again["seats"][0]["name"] == "Cy"
    assert hub.view(again["id"], token)["seat"] == 0  # the same token plays the new match
    assert hub.http.post(f"/api/matches/{match_id}/rematch", json={"token": token}).json()["match"]["id"] == again["id"]
    assert hub.view(match_id)["rematch"] == again["id"]


def test_replay_steps_show_the_public_view_after_each_action(hub: Hub) -> None:
    created = hub.create([{"type": "ai", "agent": "greedy"}, {"type": "ai", "agent": "greedy"}])
    match_id = created["match"]["id"]
    wait_until_finished(hub, match_id)
    record = hub.http.get(f"/api/matches/{match_id}/record").json()
    total = len(record["actions"])
    step = hub.http.get(f"/api/matches/{match_id}/replay/2").json()
    partial = dict(record, actions=record["actions"][:2])
    assert step["total"] == total and step["action"] == record["actions"][1]
    assert step["observation"] == middleearth.replay(partial).observation(None)
    assert hub.http.get(f"/api/matches/{match_id}/replay/{total + 1}").status_code == 404


def test_bad_requests_get_clear_json_errors(hub: Hub) -> None:
    listed_before = hub.http.get("/api/matches").json()
    cases = [
        (hub.http.post("/api/matches", content=b"{nope", headers={"content-type": "application/json"}),
         400, "bad_request", "JSON"),
        (hub.http.post("/api/matches", json={"game": "chess"}), 422, "bad_option", "mordor"),
        (hub.http.post("/api/matches", json={"game": "mordor", "options": {"players": 7}}),
         422, "bad_option", "2 to 4"),
        (hub.http.post("/api/matches", json={"game": "mordor", "options": {"colour": "red"}}),
         422, "bad_option", "players"),
        (hub.http.post("/api/matches", json={"game": "mordor", "options": {"data": "/etc"}}),
         422, "bad_option", "folder"),
        (hub.http.post("/api/matches", json={"game": "mordor", "options": {"players": 2},
                                             "seats": [{"type": "open"}]}), 422, "bad_option", "2 seats"),
        (hub.http.post("/api/matches", json={"game": "mordor", "options": {"players": 2},
                                             "seats": [{"type": "ai", "agent": "oracle"}, {}]}),
         422, "bad_option", "greedy"),
        (hub.http.post("/api/matches", json={"game": "mordor", "options": {"players": 2}, "seats": [
            {"type": "robot"}, {}]}), 400, "bad_request", "seats.0.type"),
        (hub.http.post("/api/matches", content=b"x" * 70_000, headers={"content-type": "application/json"}),
         413, "too_large", "bytes"),
        (hub.http.get("/api/matches/nosuchmatch"), 404, "not_found", "nosuchmatch"),
        (hub.http.get("/api/nowhere"), 404, "not_found", "/api/nowhere"),
        (hub.http.post("/api/matches/nosuchmatch/join", json={}), 404, "not_found", "nosuchmatch"),
    ]
    for answer, status, code, hint in cases:
        assert answer.status_code == status, answer.text
        body = answer.json()
        assert body["error"] == code and hint in body["reason"], body
    assert hub.http.get("/api/matches").json() == listed_before  # nothing was created


def wait_for_move(hub: Hub, match_id: str, token: str) -> dict[str, Any]:
    """The seat's view once it may move (or the match is over): the AI seat moves on its own."""
    while not ((seen := hub.view(match_id, token))["legal"] or seen["status"] == "finished"):
        time.sleep(0.01)
    return seen


def wait_until_finished(hub: Hub, match_id: str) -> dict[str, Any]:
    while (seen := hub.view(match_id))["status"] != "finished":
        time.sleep(0.05)
    return seen




def test_a_hidden_hand_game_shows_each_seat_only_its_own_draws(hub: Hub) -> None:
    answer = hub.http.post("/api/matches", json={"game": "fellowship", "options": {"players": 2},
                                                 "seats": [{"type": "human", "name": "Ana"},
                                                           {"type": "human", "name": "Bo"}], "seed": 7})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    match_id, tokens = created["match"]["id"], created["tokens"]
    frodo, sam, watcher = (hub.view(match_id, tokens["0"]), hub.view(match_id, tokens["1"]),
                           hub.view(match_id))
    deals = [entry for entry in frodo["log"] if entry["mover"] == "chance"]
    assert len(deals) == 12  # Bag End: six cards each, dealt by chance
    mine = [e["action"] for e in frodo["log"][:6]]
    assert all(text and text.startswith("deal ") for text in mine)
    assert sorted(t.split()[1] for t in mine) == sorted(frodo["observation"]["hand"])
    assert all(e["action"] is None for e in frodo["log"][6:12])  # Sam's six stay hidden from Frodo
    assert all(e["action"] is None for e in sam["log"][:6]) and all(e["action"] for e in sam["log"][6:12])
    assert all(e["action"] is None for e in watcher["log"][:12])
    assert "hand" not in watcher["observation"]
    refused = hub.http.get(f"/api/matches/{match_id}/record")
    assert refused.status_code != 200 and "over" in refused.text


def test_the_table_chat_reaches_everyone_and_only_seats_may_speak(hub: Hub) -> None:
    created = hub.create([{"type": "human", "name": "Ana"}, {"type": "human", "name": "Bo"}])
    match_id, tokens = created["match"]["id"], created["tokens"]

    def next_of(socket, kind: str) -> dict[str, Any]:
        while True:
            message = receive(socket)
            if message["type"] == kind:
                return message

    with hub.socket(match_id, tokens["0"]) as ana, hub.socket(match_id, tokens["1"]) as bo, \
            hub.socket(match_id) as watcher:
        ana.send(json.dumps({"type": "chat", "text": "  I hold   two Hiding cards  "}))
        for socket in (ana, bo, watcher):
            said = next_of(socket, "chat")["messages"]
            assert said[0]["seat"] == 0 and said[0]["name"] == "Ana"
            assert said[0]["text"] == "I hold two Hiding cards"
        watcher.send(json.dumps({"type": "chat", "text": "psst"}))
        refused = next_of(watcher, "refused")
        assert refused["error"] == "bad_token" and "join a seat" in refused["reason"]
        bo.send(json.dumps({"type": "chat", "text": "x" * 301}))
        assert next_of(bo, "refused")["error"] == "bad_request"
    with hub.socket(match_id) as late:  # a newcomer reads what was said before
        assert [m["text"] for m in next_of(late, "chat")["messages"]] == ["I hold two Hiding cards"]
