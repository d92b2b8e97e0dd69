"""What each connection is shown: a game without hidden information shows every seat the
spectator's table, built once per version; a game with hidden information builds each seat's
own observation, and no seat receives another's."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import middleearth
from middleearth.core.contract import sample_chance
from middleearth.core.registry import game_class, games
from middleearth.server.hub import Connection, Hub, Room
from middleearth.server.storage import Storage

from .live import follow

OPEN_GAMES = [name for name in games() if not game_class(name).hidden_information]


@pytest.mark.parametrize("name", OPEN_GAMES)
def test_a_game_without_hidden_information_shows_every_seat_the_spectators_table(name: str) -> None:
    """The hub relies on it: it builds the spectator's observation and hands it to each seat
    with ``seat`` naming who looks."""
    state = middleearth.load(name, players=2).new_state()
    rng = random.Random(3)
    for _ in range(40):
        table = state.observation(None)
        for seat in range(2):
            expected = {**table, "seat": seat} if "seat" in table else table
            assert state.observation(seat) == expected
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(rng.choice(legal) if legal else sample_chance(state, rng))


def drain(connection: Connection, kept: dict[str, Any] | None) -> tuple[dict[str, Any] | None, int]:
    """Apply every queued push to the observation ``connection``'s client keeps; how many came."""
    pushes = 0
    while not connection.queue.empty():
        message = connection.queue.get_nowait()
        if isinstance(message, str):
            decoded = json.loads(message)
            if decoded["type"] == "state":
                kept = follow(kept, decoded)
                pushes += 1
    return kept, pushes


def count_observations(room: Room) -> list[int | None]:
    """The seats the game is asked to build an observation for, from now on."""
    asked: list[int | None] = []
    build = room.state.observation

    def counted(seat: int | None = None) -> dict[str, Any]:
        asked.append(seat)
        return build(seat)

    room.state.observation = counted  # type: ignore[method-assign]
    return asked


def uncounted(room: Room, seat: int | None) -> dict[str, Any]:
    """The game's own observation of ``seat``, not counted by ``count_observations``."""
    return type(room.state).observation(room.state, seat)


def test_every_seat_of_an_open_information_match_gets_the_spectators_table_built_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Storage(f"sqlite:///{tmp_path / 'hub.sqlite3'}"), ai_delay=0)
        await hub.start()
        room, _ = await hub.create("mordor", {"players": 2}, [{"type": "human"}] * 2, 5)
        asked = count_observations(room)
        connections = [Connection(0, text=False), Connection(1, text=False), Connection(None, text=False)]
        for connection in connections:
            await room.attach(connection)
        kept = [drain(connection, None)[0] for connection in connections]
        rng = random.Random(5)
        for _ in range(30):
            mover = room.state.current_player
            await room.play(mover, str(rng.choice(room.state.legal_actions())), room.version)
            for number, connection in enumerate(connections):
                kept[number], pushes = drain(connection, kept[number])
                assert pushes == 1
            assert kept == [uncounted(room, 0), uncounted(room, 1), uncounted(room, None)]
        # One table per version, whoever watches: the version they attached at and thirty moves.
        assert asked.count(None) == 1 + 30 and asked.count(0) == asked.count(1) == 0
        seat_view, table = room.cached("observation", 0), room.cached("observation", None)
        assert seat_view["seat"] == 0 and table["seat"] is None
        assert all(seat_view[key] is table[key] for key in table if key != "seat")
        await hub.stop()

    asyncio.run(scenario())


def test_a_hidden_information_match_builds_each_seats_own_observation(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Storage(f"sqlite:///{tmp_path / 'hub.sqlite3'}"), ai_delay=0)
        await hub.start()
        room, _ = await hub.create("fellowship", {"players": 2}, [{"type": "human"}] * 2, 7)
        asked = count_observations(room)
        connections = [Connection(0, text=False), Connection(1, text=False), Connection(None, text=False)]
        for connection in connections:
            await room.attach(connection)
        seen = [drain(connection, None)[0] for connection in connections]
        assert seen == [uncounted(room, 0), uncounted(room, 1), uncounted(room, None)]
        assert sorted(set(asked), key=str) == [0, 1, None]
        hands = [view.get("hand") for view in seen]
        assert hands[0] and hands[1] and hands[0] != hands[1]  # each seat its own six cards
        assert "hand" not in seen[2]
        await hub.stop()

    asyncio.run(scenario())
