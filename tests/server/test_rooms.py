"""The hub's rooms in process: which agents may take a seat, finished matches leaving memory,
and pushes that carry only what changed."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import middleearth
from middleearth.agents import AGENTS
from middleearth.agents.base import RandomAgent
from middleearth.core.contract import sample_chance
from middleearth.server.hub import ApiError, Connection, Hub, observation_patch, seat_agents
from middleearth.server.storage import Storage

from .live import follow


class PeekingAgent(RandomAgent):
    """Stands for an analysis-only agent that reads hidden information."""

    name = "peeking"
    sees_hidden = True


def test_agents_that_see_hidden_information_are_neither_offered_nor_seated(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(AGENTS, "peeking", PeekingAgent)
    assert "peeking" not in seat_agents() and "random" in seat_agents()
    hub = Hub(Storage(f"sqlite:///{tmp_path / 'hub.sqlite3'}"), ai_delay=0)
    seats = [{"type": "human"}, {"type": "ai", "agent": "peeking"}]
    with pytest.raises(ApiError) as refused:
        asyncio.run(hub.create("mordor", {"players": 2}, seats, seed=1))
    assert refused.value.code == "bad_option"
    assert "seat 1" in refused.value.reason and "hidden information" in refused.value.reason
    assert "random" in refused.value.reason  # the agents that can play are named


def test_agent_parameters_ride_in_the_name_and_wrong_ones_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Storage(f"sqlite:///{tmp_path / 'hub.sqlite3'}"), ai_delay=0)
        await hub.start()
        room, _ = await hub.create("mordor", {"players": 2}, [{"type": "human"},
                                   {"type": "ai", "agent": "mcts:iterations=20"}], seed=1)
        assert room.agents[1].name == "mcts"
        for wrong, hint in [("mcts:iterations", "key=value"), ("mcts:depth=3", "iterations"),
                            ("oracle", "is not an agent")]:
            with pytest.raises(ApiError) as refused:
                await hub.create("mordor", {"players": 2}, [{"type": "human"},
                                 {"type": "ai", "agent": wrong}], seed=1)
            assert refused.value.code == "bad_option" and hint in refused.value.reason
        await hub.stop()

    asyncio.run(scenario())


async def play_out(hub: Hub, seed: int) -> str:
    """An AI-against-AI match played to its end; its id."""
    room, _ = await hub.create("mordor", {"players": 2}, [{"type": "ai", "agent": "random"}] * 2, seed)
    while room.status != "finished":
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.01)  # the AI task finishes its turn
    return room.id


def test_finished_matches_leave_memory_and_come_back_from_the_database(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Storage(f"sqlite:///{tmp_path / 'hub.sqlite3'}"), ai_delay=0, keep=1)
        await hub.start()
        first, second = [await play_out(hub, seed) for seed in (1, 2)]
        assert first not in hub.rooms and second in hub.rooms  # keep=1: the most recent stays
        listed = await hub.lobby()
        assert first not in hub.rooms  # the lobby reads finished matches from the database
        summaries = {summary["id"]: summary for summary in listed["finished"]}
        room = await hub.room(first)  # on demand: rebuilt from its log
        assert room.status == "finished" and summaries[first] == room.summary()
        assert middleearth.replay(room.state.to_record()).returns() == summaries[first]["returns"]
        assert second not in hub.rooms  # and the other one made room for it
        watcher = Connection(None)
        await room.attach(watcher)
        await play_out(hub, 3)
        assert first in hub.rooms  # someone is watching it: it stays
        await room.disconnect(watcher)
        await hub.stop()

    asyncio.run(scenario())


def test_a_rematch_asked_through_two_copies_of_a_match_is_started_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Storage(f"sqlite:///{tmp_path / 'hub.sqlite3'}"), ai_delay=0)
        await hub.start()
        room, tokens = await hub.create("mordor", {"players": 2}, [{"type": "human"},
                                                                   {"type": "ai", "agent": "random"}], 4)
        while room.status != "finished":
            if room.state.current_player == 0:
                await room.play(0, str(room.state.legal_actions()[0]), room.version)
            await asyncio.sleep(0)
        old = hub._rebuild(await hub.storage.run(hub.storage.load, room.id))  # a second copy
        again = await room.play_again(tokens[0])
        assert (await old.play_again(tokens[0])).id == again.id
        await hub.stop()

    asyncio.run(scenario())


def test_patches_rebuild_each_observation_and_carry_only_the_new_log_entries() -> None:
    state = middleearth.load("mordor", players=2).new_state()
    kept: dict[str, Any] | None = None
    before = None
    for step in range(120):
        if state.is_terminal():
            break
        now = state.observation(0)
        message: dict[str, Any] = {"observation": now} if before is None else \
            {"observation_patch": observation_patch(before, now)}
        if before is not None:
            patch = message["observation_patch"]
            assert set(patch["set"]) | set(patch["append"]) == {k for k in now if now[k] != before[k]}
            assert patch["append"].get("log", []) == now["log"][len(before["log"]):]
        kept = follow(kept, json.loads(json.dumps(message)))
        assert kept == now
        before = now
        if state.current_player >= 0:
            legal = state.legal_actions()
            state.apply(legal[step % len(legal)])
        else:
            state.apply(sample_chance(state, random.Random(step)))


def test_one_write_for_several_matches_skips_only_the_one_whose_version_moved(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(Storage(f"sqlite:///{tmp_path / 'hub.sqlite3'}"), ai_delay=0)
        await hub.start()
        seats = [{"type": "human"}, {"type": "human"}]
        rooms = [(await hub.create("mordor", {"players": 2}, seats, seed))[0] for seed in (1, 2, 3)]
        fresh = [room.version for room in rooms]
        batch = [(room.id, version, [("keep x:ring", 0)], "running", None)
                 for room, version in zip(rooms, fresh)]
        batch[1] = (rooms[1].id, fresh[1] - 1, [("keep x:ring", 0)], "running", None)  # stale
        assert await hub.storage.run(hub.storage.append_many, batch) == [True, False, True]
        stored = [await hub.storage.run(hub.storage.load, room.id) for room in rooms]
        assert [row.version - version for row, version in zip(stored, fresh)] == [1, 0, 1]
        assert [len(row.actions) for row in stored] == [row.version for row in stored]
        await hub.stop()

    asyncio.run(scenario())
