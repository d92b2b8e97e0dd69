"""The hub's SQLite storage keeps the write-ahead log's checkpoints off the event loop."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import middleearth
from middleearth.server import storage as storage_module
from middleearth.server.storage import MatchRow, SeatRow, Storage, now


def test_sqlite_checkpoints_run_on_their_own_thread_every_so_many_writes(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(storage_module, "CHECKPOINT_EVERY", 5)
    storage = Storage(f"sqlite:///{tmp_path / 'hub.sqlite3'}")
    storage.migrate()
    with storage.engine.connect() as db:  # SQLite would checkpoint inside a write otherwise
        assert db.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    game = middleearth.load("mordor", players=2)
    storage.create(MatchRow("m1", game.name, dict(game.options), 1, "running", 0, now(),
                            [SeatRow(0, "human", None, "a"), SeatRow(1, "human", None, "b")]))
    ran_on: list[str] = []
    checkpoint = storage.checkpoint

    def recorded() -> None:
        ran_on.append(threading.current_thread().name)
        checkpoint()

    monkeypatch.setattr(storage, "checkpoint", recorded)

    async def write(start: int, times: int) -> None:
        for version in range(start, start + times):
            batch = [("m1", version, [("keep x:ring", 0)], "running", None)]
            assert await storage.run_short(storage.append_many, batch) == [True]

    loop_thread = threading.current_thread().name
    asyncio.run(write(0, 9))
    assert storage.checkpointing is not None
    storage.checkpointing.result(timeout=20)
    assert len(ran_on) == 1 and ran_on[0].startswith("checkpoint") and ran_on[0] != loop_thread
    asyncio.run(write(9, 1))  # the tenth write: the second checkpoint
    storage.checkpointing.result(timeout=20)
    assert len(ran_on) == 2
    stored = storage.load("m1")
    assert stored is not None and stored.version == 10 and len(stored.actions) == 10
    storage.close()
