"""The hub's database: matches, their seats and their action logs, through SQLAlchemy.

A match's log is the truth: the server appends each applied action in the same transaction
that bumps the match's version, and rebuilds a match by replaying its log. The schema is
created and upgraded by the Alembic migrations in ``server/migrations``.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Callable, TypeVar

from sqlalchemy import (
    BigInteger, Column, DateTime, ForeignKey, Integer, MetaData, String, Table, Text, bindparam,
    create_engine, event, insert, select, update,
)
from sqlalchemy.engine import Engine, make_url

T = TypeVar("T")

metadata = MetaData()

matches = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("finished", DateTime(timezone=True)),
    Column("returns", Text),  # JSON, once finished
    Column("rematch", String(32)),
)

seats = Table(
    "seats", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # open, human, ai
    Column("agent", String(64)),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64)),  # sha256 of the seat token; the token itself is never kept
)

actions = Table(
    "actions", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("version", Integer, primary_key=True),  # the match's version after this action
    Column("action", Text, nullable=False),
    Column("mover", Integer, nullable=False),  # a seat, or -1 for chance
)

MIGRATIONS = Path(__file__).parent / "migrations"
# SQLite: the writes between two checkpoints (copying the write-ahead log into the database
# file, with an fsync that can take tens of milliseconds), done on a thread of their own.
CHECKPOINT_EVERY = 200

# Built once: an action's write is the hub's hottest path, and building statements costs more
# than running them.
BUMP = (update(matches)
        .where(matches.c.id == bindparam("match"), matches.c.version == bindparam("seen"))
        .values(version=bindparam("to"), status=bindparam("now_status"),
                returns=bindparam("final_returns"), finished=bindparam("finished_at")))
LOG = insert(actions)


# One match's new actions: (match id, version before them, [(text, mover)], status, returns).
Append = tuple[str, int, list[tuple[str, int]], str, "list[float] | None"]


class StaleVersion(Exception):
    """The match's version in the database is not the one the caller started from."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    agent: str | None
    name: str
    token_hash: str | None = None


@dataclass
class MatchRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    created: datetime
    seats: list[SeatRow]
    actions: list[tuple[str, int]] = field(default_factory=list)  # (text, mover)
    rematch: str | None = None
    returns: list[float] | None = None


def now() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """SQLite hands back naive times; every time the hub stores is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Storage:
    """Synchronous storage; the server calls it through ``run`` so the event loop runs on."""

    def __init__(self, url: str):
        self.url = url
        self.engine: Engine = _engine(url)
        # SQLite has one writer at a time; threads queueing on its file lock sleep in steps of
        # up to 100 ms, so one thread does all the work. Other databases take a few at once.
        self.sqlite = self.engine.dialect.name == "sqlite"
        self.executor = ThreadPoolExecutor(1 if self.sqlite else 8, thread_name_prefix="storage")
        self.busy = 0  # calls under way on the storage's threads
        # SQLite's automatic checkpoints (off, see _engine) would run inside a write, often on
        # the event loop; the hub's run on this thread instead, while writes go on.
        self.checkpointer = ThreadPoolExecutor(1, thread_name_prefix="checkpoint") if self.sqlite else None
        self.checkpointing: Future[None] | None = None
        self.since_checkpoint = 0  # writes since the last checkpoint began

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(*args)`` on the storage's threads, leaving the event loop free."""
        self.busy += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, work, *args)
        finally:
            self.busy -= 1

    async def run_short(self, work: Callable[..., T], *args: Any) -> T:
        """Run a short write: on SQLite, right here when no thread of ours holds the file (a
        write to a local file takes a fraction of a millisecond, less than the hand-over to a
        thread costs); otherwise as ``run`` does."""
        try:
            if self.sqlite and self.busy == 0:
                return work(*args)
            return await self.run(work, *args)
        finally:
            self.wrote()

    def wrote(self) -> None:
        """Count a write; on SQLite, start a checkpoint every CHECKPOINT_EVERY writes."""
        self.since_checkpoint += 1
        if self.checkpointer is None or self.since_checkpoint < CHECKPOINT_EVERY:
            return
        if self.checkpointing is None or self.checkpointing.done():
            self.since_checkpoint = 0
            self.checkpointing = self.checkpointer.submit(self.checkpoint)

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database file without stopping readers or the
        writer (PASSIVE: what cannot be copied now waits for the next one)."""
        with self.engine.connect() as db:
            db.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (creating it on a new database)."""
        from alembic import command  # only needed at start; slow to import
        from alembic.config import Config

        config = Config(str(MIGRATIONS.parent / "alembic.ini"))
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def create(self, match: MatchRow, rematch_of: str | None = None) -> None:
        """A new match with its seats and any opening chance actions, in one transaction."""
        with self.engine.begin() as db:
            db.execute(insert(matches).values(
                id=match.id, game=match.game, options=json.dumps(match.options), seed=match.seed,
                status=match.status, version=match.version, created=match.created))
            db.execute(insert(seats), [
                {"match_id": match.id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                 "name": s.name, "token_hash": s.token_hash} for s in match.seats])
            if match.actions:
                db.execute(insert(actions), [
                    {"match_id": match.id, "version": number, "action": text, "mover": mover}
                    for number, (text, mover) in enumerate(match.actions, start=1)])
            if rematch_of is not None:
                # One rematch per match, even if two copies of a finished match ask at once.
                named = db.execute(update(matches).where(matches.c.id == rematch_of,
                                                         matches.c.rematch.is_(None))
                                   .values(rematch=match.id))
                if named.rowcount != 1:
                    raise StaleVersion(rematch_of)

    def append(self, match_id: str, version: int, played: list[tuple[str, int]], status: str,
               returns: list[float] | None = None) -> None:
        """Log ``played`` after ``version`` and bump the version, atomically; StaleVersion if the
        stored version moved (another writer got there first) and nothing is written."""
        if not self.append_many([(match_id, version, played, status, returns)])[0]:
            raise StaleVersion(match_id)

    def append_many(self, batch: list[Append]) -> list[bool]:
        """Several matches' ``append`` in one transaction (one commit for a tick's moves); for
        each, whether it was written (False: its stored version moved, nothing of it written)."""
        written, logged = [], []
        with self.engine.begin() as db:
            for match_id, version, played, status, returns in batch:
                bump = {"match": match_id, "seen": version, "to": version + len(played),
                        "now_status": status,
                        "final_returns": None if returns is None else json.dumps(returns),
                        "finished_at": None if returns is None else now()}
                written.append(db.execute(BUMP, bump).rowcount == 1)
                if written[-1]:
                    logged += [{"match_id": match_id, "version": number, "action": text, "mover": mover}
                               for number, (text, mover) in enumerate(played, start=version + 1)]
            if logged:
                db.execute(LOG, logged)
        return written

    def set_seat(self, match_id: str, seat: SeatRow, status: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(seats).where(seats.c.match_id == match_id, seats.c.seat == seat.seat)
                       .values(kind=seat.kind, name=seat.name, token_hash=seat.token_hash))
            db.execute(update(matches).where(matches.c.id == match_id).values(status=status))

    def load(self, match_id: str, with_actions: bool = True) -> MatchRow | None:
        with self.engine.connect() as db:
            row = db.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            return self._match(db, row, with_actions)

    def unfinished(self) -> list[MatchRow]:
        with self.engine.connect() as db:
            rows = db.execute(select(matches).where(matches.c.status != "finished")).all()
            return [self._match(db, row) for row in rows]

    def finished(self, limit: int) -> list[MatchRow]:
        """The ``limit`` most recently finished matches with their seats, without their logs."""
        with self.engine.connect() as db:
            query = (select(matches).where(matches.c.status == "finished")
                     .order_by(matches.c.finished.desc()).limit(limit))
            return [self._match(db, row, with_actions=False) for row in db.execute(query).all()]

    def _match(self, db: Any, row: Any, with_actions: bool = True) -> MatchRow:
        seat_rows = db.execute(select(seats).where(seats.c.match_id == row.id).order_by(seats.c.seat))
        logged = db.execute(select(actions.c.action, actions.c.mover)
                            .where(actions.c.match_id == row.id).order_by(actions.c.version)) if with_actions else []
        return MatchRow(
            id=row.id, game=row.game, options=json.loads(row.options), seed=row.seed,
            status=row.status, version=row.version, created=as_utc(row.created), rematch=row.rematch,
            seats=[SeatRow(s.seat, s.kind, s.agent, s.name, s.token_hash) for s in seat_rows],
            actions=[(a.action, a.mover) for a in logged],
            returns=None if row.returns is None else json.loads(row.returns),
        )

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.shutdown()
        self.executor.shutdown()
        self.engine.dispose()


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        # WAL lets readers go on while a writer commits; NORMAL still survives a process crash.
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA wal_autocheckpoint=0")  # Storage.checkpoint does it off the event loop
        cursor.close()

    return engine
