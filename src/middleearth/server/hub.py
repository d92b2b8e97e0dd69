"""Live matches: the one place where actions are checked, applied, stored and announced.

Each match is a :class:`Room` holding its state in memory. Every change happens under the
room's lock in the same order: check, apply, play chance, write the log to the database,
then queue the new view for every connection. A client therefore never hears of an action
the database does not hold, and a restarted server rebuilds each match from its log.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import importlib
import logging
import random
import secrets
from collections import deque
from dataclasses import replace
from fractions import Fraction
from typing import Any

import orjson

from middleearth.agents import AGENTS, Agent, make_agent, parse_agent_spec
from middleearth.core.contract import CHANCE, TERMINAL, Action, Game, State, sample_chance
from middleearth.core.errors import IllegalAction, MiddleEarthError
from middleearth.core.records import replay, rewind
from middleearth.core.registry import game_class, load
from middleearth.server.storage import Append, MatchRow, SeatRow, StaleVersion, Storage, now

log = logging.getLogger("middleearth.server")

STATUS = {
    "bad_request": 400, "bad_option": 422, "bad_token": 403, "not_found": 404, "seat_taken": 409,
    "not_running": 409, "not_your_turn": 409, "stale": 409, "illegal": 422, "hidden": 403,
    "too_large": 413, "rate_limited": 429, "no_odds": 404, "internal": 500,
}
FINISHED_LISTED = 50
FINISHED_KEPT = 16  # finished matches kept in memory with nobody connected (replays, records)
QUEUE_LIMIT = 256  # messages waiting for one slow client before it is dropped
CHAT_LENGTH = 300  # characters in one chat message
CHAT_KEPT = 100  # chat messages a match keeps for newcomers (in memory: table talk is not the record)


class ApiError(Exception):
    """A refusal for a client: a code from STATUS and a reason for a person. Nothing changed."""

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code, self.reason, self.status = code, reason, STATUS[code]

    def body(self) -> dict[str, str]:
        return {"error": self.code, "reason": self.reason}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def play_chance(state: State, seed: int) -> list[tuple[str, int]]:
    """Play chance while it is chance's move. Each draw is seeded by the match's seed and the
    version, so the same match always rolls the same dice (the log keeps them anyway)."""
    played = []
    while state.current_player == CHANCE:
        action = sample_chance(state, random.Random(f"{seed}:{len(state.history)}"))
        state.apply(action)
        played.append((str(action), CHANCE))
    return played


class Connection:
    """One websocket: the seat it plays (None watches) and its queue of outgoing messages
    (encoded pushes, replies as dicts, None to close)."""

    def __init__(self, seat: int | None, text: bool = True):
        self.seat, self.text = seat, text
        self.queue: asyncio.Queue[str | dict[str, Any] | None] = asyncio.Queue(QUEUE_LIMIT)
        self.logged = 0  # log entries this connection has already received
        # The observation it last received and its version: later pushes send only the changes.
        self.observation: dict[str, Any] | None = None
        self.observed: int | None = None


class Room:
    """One match: its state, seats, agents and connections."""

    def __init__(self, hub: "Hub", row: MatchRow, state: State):
        self.hub = hub
        self.id, self.seed, self.status, self.created = row.id, row.seed, row.status, row.created
        self.seats = row.seats
        self.rematch = row.rematch
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.state = state
        self.game: Game = state.game
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.agents: dict[int, Agent] = {
            s.seat: make_agent(s.agent, self.game, s.seat, seed=self.seed + s.seat)
            for s in self.seats if s.kind == "ai" and s.agent
        }
        self.ai_task: asyncio.Task | None = None
        self.odds_cache: tuple[int, Any] = (-1, None)  # (version, odds)
        # Each seat's observation, text and legal actions, built once per version however
        # many connections watch it.
        self.views_at = -1
        self.views: dict[Any, Any] = {}

    # -- what clients see -------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.state.history)

    def to_move(self) -> int | str:
        mover = self.state.current_player
        return "chance" if mover == CHANCE else "over" if mover == TERMINAL else mover

    def seat_of(self, token: str | None) -> int:
        """The seat holding ``token``; ApiError bad_token otherwise."""
        if token:
            digest = hash_token(token)
            for seat in self.seats:
                if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
        raise ApiError("bad_token", "this token is not a seat of this match (join to get one)")

    def summary(self) -> dict[str, Any]:
        connected = {c.seat for c in self.connections}
        finished = self.status == "finished"
        return {
            "id": self.id, "game": self.game.name, "title": self.game.title,
            "options": dict(self.game.options), "status": self.status, "version": self.version,
            "to_move": self.to_move(), "seats": seat_summaries(self.seats, connected),
            "returns": self.state.returns() if finished else None,
            "rematch": self.rematch, "created": self.created.isoformat(timespec="seconds"),
        }

    def public_log(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """Action texts from ``start`` on, as ``seat`` saw them: the game hides what that seat
        did not see (a card dealt to another hand, a card passed face down between two others)."""
        log_text = self.state.log_text
        return [
            {"version": index + 1, "mover": "chance" if mover == CHANCE else mover,
             "action": log_text(index, seat)}
            for index, mover in enumerate(self.state.movers[start:], start=start)
        ]

    def cached(self, part: str, seat: int | None) -> Any:
        """``part`` (observation, text or legal) of ``seat`` at the current version, built once."""
        if self.views_at != self.version:
            self.views_at, self.views = self.version, {}
        key = (part, seat)
        if key not in self.views:
            if part == "observation":
                self.views[key] = self._observation(seat)
            elif part == "text":
                self.views[key] = self.state.text(seat)
            else:
                mine = self.state.current_player == seat
                self.views[key] = [str(a) for a in self.state.legal_actions()] if mine else []
        return self.views[key]

    def _observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees. A game without hidden information shows every seat the whole
        table, as it shows the spectator: the spectator's observation is built once and each
        seat gets it named as theirs (``seat``), sharing every other value. A game with hidden
        information builds each seat's own, which no other seat ever receives."""
        if seat is None or self.game.hidden_information:
            return self.state.observation(seat)
        table = self.cached("observation", None)
        return {**table, "seat": seat} if "seat" in table else table

    def _patch(self, connection: Connection, observation: dict[str, Any]) -> dict[str, Any] | None:
        """``observation_patch`` from what ``connection`` holds. Without hidden information
        every seat's observation differs from the spectator's only by its constant ``seat``,
        so the patch from a version is the same for all connections: computed once."""
        if connection.observation is None:
            return None
        if self.game.hidden_information:
            return observation_patch(connection.observation, observation)
        key = ("patch", connection.observed)
        if key not in self.views:
            self.views[key] = observation_patch(connection.observation, observation)
        return self.views[key]

    def view(self, seat: int | None, text: bool = True) -> dict[str, Any]:
        """The whole view of ``seat`` (None: a spectator) with the whole log, as HTTP shows it."""
        message = {"type": "state", **self.summary(), "seat": seat,
                   "observation": self.cached("observation", seat), "legal": self.legal(seat),
                   "log": self.public_log(seat), "log_from": 0}
        if text:
            message["text"] = self.cached("text", seat)
        return message

    def legal(self, seat: int | None) -> list[str]:
        # Legal actions depend on the status too (none while a seat is open), not only the version.
        return self.cached("legal", seat) if self.status == "running" else []

    def push(self, connection: Connection, summary: dict[str, Any]) -> dict[str, Any]:
        """The ``state`` message for ``connection``: the log after what it has, and the
        observation whole the first time, then only what changed since the one it has."""
        seat = connection.seat
        observation = self.cached("observation", seat)
        message = {"type": "state", **summary, "seat": seat, "legal": self.legal(seat),
                   "log": self.public_log(seat, connection.logged), "log_from": connection.logged}
        patch = self._patch(connection, observation)
        if patch is None:
            message["observation"] = observation
        else:
            message["observation_patch"] = {"from": connection.observed, **patch}
        if connection.text:
            message["text"] = self.cached("text", seat)
        return message

    def announce(self) -> None:
        """Queue the current view for every connection (called under the lock, so in order).
        Connections that hold the same view get the same encoded message, built once."""
        summary = self.summary()
        observations = {}
        encoded: dict[tuple[Any, ...], str] = {}
        for connection in list(self.connections):
            key = (connection.seat, connection.logged, connection.observed, connection.text)
            if key not in encoded:
                encoded[key] = encode(self.push(connection, summary))
                observations[connection.seat] = self.cached("observation", connection.seat)
            try:
                connection.queue.put_nowait(encoded[key])
            except asyncio.QueueFull:
                log.warning("match %s: dropping a client that does not read its messages", self.id)
                self.detach(connection)
                connection.queue.get_nowait()  # make room for the closing signal
                connection.queue.put_nowait(None)
                continue
            connection.logged = self.version
            connection.observation, connection.observed = observations[connection.seat], self.version

    async def attach(self, connection: Connection) -> None:
        async with self.lock:
            self.connections.add(connection)
            self.announce()  # the newcomer gets its full view; the others see it connected
            if self.chat:
                self._queue(connection, {"type": "chat", "messages": list(self.chat)})

    async def say(self, seat: int | None, text: str) -> None:
        """Table talk: a seat's words to everyone at the match. Players may talk about their
        cards but never show them, so the chat carries words only, and only seats may speak."""
        if seat is None:
            raise ApiError("bad_token", "spectators may read the table's chat but not write in it: join a seat")
        words = " ".join(text.split())
        if not words:
            raise ApiError("bad_request", "a chat message needs some words")
        if len(words) > CHAT_LENGTH:
            raise ApiError("bad_request", f"a chat message may hold {CHAT_LENGTH} characters")
        said = {"seat": seat, "name": self.seats[seat].name, "text": words,
                "at": now().isoformat(timespec="seconds")}
        async with self.lock:
            self.chat.append(said)
            for connection in list(self.connections):
                self._queue(connection, {"type": "chat", "messages": [said]})

    def _queue(self, connection: Connection, message: dict[str, Any]) -> None:
        try:
            connection.queue.put_nowait(message)
        except asyncio.QueueFull:  # a client that does not read loses its table talk, not the game
            pass

    def detach(self, connection: Connection) -> None:
        self.connections.discard(connection)

    async def disconnect(self, connection: Connection) -> None:
        """A client went away: the others see its seat disconnected."""
        async with self.lock:
            if connection in self.connections:
                self.detach(connection)
                if connection.seat is not None:
                    self.announce()
        if self.status == "finished":
            self.hub.keep_finished(self)

    # -- what clients do --------------------------------------------------------------------

    async def play(self, seat: int, text: str, version: int) -> None:
        """Apply ``text`` for ``seat`` if it may play now; store it, then announce it."""
        async with self.lock:
            if self.status != "running":
                raise ApiError("not_running", "the match is over" if self.status == "finished"
                               else "the match waits for its open seats to be taken")
            if version != self.version:
                raise ApiError("stale", f"you saw version {version}, but the match is at "
                                        f"version {self.version}: look again and replay your move")
            if self.state.current_player != seat:
                raise ApiError("not_your_turn", f"it is not your move: {self._whose_move()}")
            try:
                self.state.apply(text)
            except IllegalAction as error:
                raise ApiError("illegal", str(error)) from None
            played = [(str(self.state.history[-1]), seat), *play_chance(self.state, self.seed)]
            await self._store(version, played)
            self.announce()
        if self.status == "finished":
            self.hub.keep_finished(self)
        self.schedule_ai()

    async def _store(self, version: int, played: list[tuple[str, int]]) -> None:
        finished = self.state.is_terminal()
        status = "finished" if finished else self.status
        try:
            await self.hub.append((self.id, version, played, status,
                                   self.state.returns() if finished else None))
        except Exception as error:
            # Not stored, so not played: back to the state the database holds.
            self.state = rewind(self.state, len(played))
            self.views_at = -1
            if isinstance(error, StaleVersion):
                raise ApiError("stale", "another server changed this match; look again") from None
            raise
        self.status = status

    def _whose_move(self) -> str:
        mover = self.state.current_player
        if mover >= 0:
            return f"it is {self.seats[mover].name}'s (seat {mover})"
        return "the game is over" if mover == TERMINAL else "chance is to play"

    async def join(self, seat: int | None, name: str | None) -> tuple[int, str]:
        async with self.lock:
            if self.status == "finished":
                raise ApiError("not_running", "the match is over: there is nothing to join")
            free = [s.seat for s in self.seats if s.kind == "open"]
            if seat is None:
                if not free:
                    raise ApiError("seat_taken", "no seat of this match is open; watch it instead")
                seat = free[0]
            elif not 0 <= seat < len(self.seats):
                raise ApiError("bad_request", f"there is no seat {seat}: the seats are 0 to {len(self.seats) - 1}")
            elif seat not in free:
                raise ApiError("seat_taken", f"seat {seat} is taken; open seats: {free or 'none'}")
            token = secrets.token_urlsafe(24)
            taken = SeatRow(seat, "human", None, name or self.game.seat_names()[seat], hash_token(token))
            status = "running" if len(free) == 1 else "open"
            await self.hub.storage.run(self.hub.storage.set_seat, self.id, taken, status)
            self.seats[seat], self.status = taken, status
            self.announce()
        self.schedule_ai()
        return seat, token

    async def leave(self, token: str) -> None:
        async with self.lock:
            seat = self.seat_of(token)
            if self.status == "finished":
                raise ApiError("not_running", "the match is over: there is nothing to leave")
            freed = SeatRow(seat, "open", None, self.game.seat_names()[seat])
            await self.hub.storage.run(self.hub.storage.set_seat, self.id, freed, "open")
            self.seats[seat], self.status = freed, "open"
            for connection in [c for c in self.connections if c.seat == seat]:
                self.detach(connection)
                connection.queue.put_nowait(None)
            self.announce()

    async def play_again(self, token: str) -> "Room":
        """The rematch: same game, options and seats; human seats keep their tokens."""
        async with self.lock:
            self.seat_of(token)
            if self.status != "finished":
                raise ApiError("not_running", "play again once this match is over")
            if self.rematch is not None:
                return await self.hub.room(self.rematch)
            seats = [replace(s) if s.kind != "open" else SeatRow(s.seat, "open", None, s.name)
                     for s in self.seats]
            try:
                room = await self.hub.open_room(self.game, seats, secrets.randbits(62), rematch_of=self.id)
            except StaleVersion:
                # Another copy of this finished match (loaded again after it left memory)
                # started the rematch first: the database names it.
                stored = await self.hub.storage.run(self.hub.storage.load, self.id, False)
                assert stored is not None and stored.rematch is not None
                room = await self.hub.room(stored.rematch)
            self.rematch = room.id
            self.announce()
        room.schedule_ai()
        return room

    async def odds(self) -> Any:
        """The game's odds of the current decision, computed on a copy in a worker thread."""
        if self.game.hidden_information:
            raise ApiError("hidden", "odds would reveal hidden information in this game")
        helper = odds_helper(self.game.name)
        if helper is None:
            raise ApiError("no_odds", f"{self.game.title} has no odds helper")
        async with self.lock:
            snapshot, version = self.state.clone(), self.version
        # Exact odds can take a second: one computation at a time, and each state's only once.
        async with self.hub.odds_gate:
            if self.odds_cache[0] != version:
                self.odds_cache = (version, plain(await asyncio.to_thread(helper, snapshot)))
            return self.odds_cache[1]

    async def seat_view(self, token: str | None) -> dict[str, Any]:
        """The whole view of the token's seat, or the spectator's without a token."""
        async with self.lock:
            return self.view(None if token is None else self.seat_of(token))

    def check_public(self) -> None:
        if self.game.hidden_information and self.status != "finished":
            raise ApiError("hidden", "the record of a hidden-information game is shown once it is over")

    # -- AI seats ---------------------------------------------------------------------------

    def schedule_ai(self) -> None:
        """Let the AI seat to move play after the hub's delay, in its own task."""
        mover = self.state.current_player
        if self.status == "running" and mover in self.agents and self.ai_task is None:
            self.ai_task = asyncio.create_task(self._ai_move(mover, self.version))

    async def _ai_move(self, seat: int, version: int) -> None:
        try:
            await asyncio.sleep(self.hub.ai_delay)
            async with self.lock:
                if self.version != version or self.status != "running":
                    return
                snapshot = self.state.clone()
            agent = self.agents[seat]
            agent.rng.seed(f"{self.seed}:{seat}:{version}")  # the same choice after a restart
            action = await asyncio.to_thread(agent.choose, snapshot)
            self.ai_task = None
            await self.play(seat, str(action), version)
        except ApiError as refusal:  # the match moved on meanwhile (a seat left): nothing to do
            log.info("match %s: AI seat %s did not play: %s", self.id, seat, refusal.reason)
        except Exception:
            log.exception("match %s: AI seat %s failed", self.id, seat)
        finally:
            if self.ai_task is asyncio.current_task():
                self.ai_task = None


class Hub:
    """Every match the server knows, the storage behind them, and the AI pace."""

    def __init__(self, storage: Storage, ai_delay: float = 0.8, keep: int = FINISHED_KEPT):
        self.storage = storage
        self.ai_delay = ai_delay
        self.keep = keep  # finished matches kept in memory though nobody is connected
        self.rooms: dict[str, Room] = {}
        self.finished: dict[str, None] = {}  # finished rooms in memory, least recently used first
        self.odds_gate = asyncio.Semaphore(1)
        self.pending: list[tuple[Append, asyncio.Future[bool]]] = []  # moves waiting to be written
        self.writer: asyncio.Task | None = None

    async def start(self) -> None:
        """Migrate the database and rebuild every unfinished match from its log."""
        await self.storage.run(self.storage.migrate)
        for row in await self.storage.run(self.storage.unfinished):
            try:
                self.rooms[row.id] = self._rebuild(row)
            except MiddleEarthError as error:
                log.error("match %s cannot be rebuilt and stays closed: %s", row.id, error)
        for room in self.rooms.values():
            room.schedule_ai()
        log.info("%d unfinished matches resumed", len(self.rooms))

    async def append(self, moves: Append) -> None:
        """Write one match's new actions; StaleVersion if its stored version moved. The moves
        of all matches that arrive while a write is under way go together in the next one."""
        written: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending.append((moves, written))
        if self.writer is None:
            self.writer = asyncio.create_task(self._write())
        if not await written:
            raise StaleVersion(moves[0])

    async def _write(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    results = await self.storage.run_short(self.storage.append_many, [m for m, _ in batch])
                except Exception as error:  # nothing of the batch is written: each play says so
                    for _, written in batch:
                        if not written.done():
                            written.set_exception(error)
                else:
                    for (_, written), result in zip(batch, results):
                        if not written.done():
                            written.set_result(result)
        finally:
            self.writer = None

    async def stop(self) -> None:
        for room in self.rooms.values():
            if room.ai_task is not None:
                room.ai_task.cancel()
            for connection in list(room.connections):
                room.detach(connection)
                connection.queue.put_nowait(None)
        await asyncio.to_thread(self.storage.close)

    def _rebuild(self, row: MatchRow) -> Room:
        state = replay({"format": "middleearth-record/1", "game": row.game, "options": row.options,
                        "actions": [text for text, _ in row.actions]})
        return Room(self, row, state)

    async def room(self, match_id: str) -> Room:
        """The match in memory, or rebuilt from the database (finished ones leave memory)."""
        room = self.rooms.get(match_id)
        if room is None:
            row = await self.storage.run(self.storage.load, match_id)
            if row is None:
                raise ApiError("not_found", f"no match {match_id!r}")
            room = self.rooms.setdefault(match_id, self._rebuild(row))
        if room.status == "finished":
            self.keep_finished(room)
        return room

    def keep_finished(self, room: Room) -> None:
        """Note ``room`` as the most recently used finished match, and let the least recently
        used ones that nobody is connected to leave memory: the database keeps them."""
        self.finished.pop(room.id, None)
        self.finished[room.id] = None
        for match_id in list(self.finished):
            if len(self.finished) <= self.keep:
                break
            kept = self.rooms.get(match_id)
            if kept is None or not kept.connections:
                del self.finished[match_id]
                self.rooms.pop(match_id, None)

    async def create(self, game_name: str, options: dict[str, Any], seats: list[dict[str, Any]] | None,
                     seed: int | None) -> tuple[Room, dict[int, str]]:
        """A new match; ``human`` seats are taken by the creator, whose tokens come back."""
        game = _load_game(game_name, options)
        specs = seats if seats is not None else [{"type": "open"}] * game.num_players
        if len(specs) != game.num_players:
            raise ApiError("bad_option", f"{game_name} with players={game.num_players} has "
                                         f"{game.num_players} seats, but {len(specs)} were given")
        tokens: dict[int, str] = {}
        rows = []
        for number, (spec, default) in enumerate(zip(specs, game.seat_names())):
            kind, name, agent = spec.get("type", "open"), spec.get("name") or default, spec.get("agent")
            if kind == "ai":
                _check_seat_agent(number, agent)
            token_hash = None
            if kind == "human":
                tokens[number] = secrets.token_urlsafe(24)
                token_hash = hash_token(tokens[number])
            rows.append(SeatRow(number, kind, agent if kind == "ai" else None, name, token_hash))
        room = await self.open_room(game, rows, secrets.randbits(62) if seed is None else seed)
        room.schedule_ai()
        return room, tokens

    async def open_room(self, game: Game, seats: list[SeatRow], seed: int,
                        rematch_of: str | None = None) -> Room:
        state = game.new_state()
        opening = play_chance(state, seed)
        status = "open" if any(s.kind == "open" for s in seats) else "running"
        row = MatchRow(secrets.token_hex(6), game.name, dict(game.options), seed, status,
                       len(opening), now(), seats, opening)
        try:
            room = Room(self, row, state)  # sets up the agents first: a failure stores nothing
        except MiddleEarthError as error:  # an agent's parameters, or one the game does not allow
            raise ApiError("bad_option", str(error)) from None
        await self.storage.run(self.storage.create, row, rematch_of)
        self.rooms[row.id] = room
        return room

    async def lobby(self) -> dict[str, list[dict[str, Any]]]:
        listed: dict[str, list[dict[str, Any]]] = {"open": [], "running": [], "finished": []}
        for room in self.rooms.values():
            if room.status != "finished":
                listed[room.status].append(room.summary())
        # Finished matches are summed up from the database, without replaying them.
        for row in await self.storage.run(self.storage.finished, FINISHED_LISTED):
            room = self.rooms.get(row.id)
            listed["finished"].append(room.summary() if room is not None else row_summary(row))
        listed["open"].sort(key=lambda s: s["created"], reverse=True)
        listed["running"].sort(key=lambda s: s["created"], reverse=True)
        return listed


def seat_summaries(seats: list[SeatRow], connected: set[int | None]) -> list[dict[str, Any]]:
    return [{"seat": s.seat, "name": s.name, "kind": s.kind, "agent": s.agent,
             "taken": s.kind != "open", "connected": s.kind == "ai" or s.seat in connected}
            for s in seats]


def row_summary(row: MatchRow) -> dict[str, Any]:
    """The summary of a finished match not in memory, as ``Room.summary`` gives it."""
    return {
        "id": row.id, "game": row.game, "title": game_class(row.game).title,
        "options": dict(row.options), "status": row.status, "version": row.version,
        "to_move": "over", "seats": seat_summaries(row.seats, set()), "returns": row.returns,
        "rematch": row.rematch, "created": row.created.isoformat(timespec="seconds"),
    }


def _check_seat_agent(number: int, agent: str | None) -> None:
    """Refuse an AI seat whose agent (a name, with parameters as ``name:key=value``) does not
    exist, cannot take a seat, or is written wrongly."""
    name = (agent or "").split(":")[0].strip()
    if name not in seat_agents():
        why = ("reads hidden information (an analysis tool) and cannot take a seat"
               if name in AGENTS else "is not an agent")
        raise ApiError("bad_option", f"seat {number}: {agent!r} {why}; the agents that "
                                     f"can play are {', '.join(seat_agents())}")
    try:
        parse_agent_spec(agent or "")
    except MiddleEarthError as error:
        raise ApiError("bad_option", f"seat {number}: {error}") from None


def seat_agents() -> list[str]:
    """The agents that may play a seat: never one that reads what its seat may not see."""
    return sorted(name for name, cls in AGENTS.items() if not getattr(cls, "sees_hidden", False))


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text, UTF-8 as is. orjson: about ten times as fast as the
    standard library's encoder on these messages, with the same text."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def observation_patch(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any] | None:
    """How ``after`` differs from ``before``, key by key: ``set`` holds the keys with a new
    value, ``append`` the items added at the end of lists that only grew (a game's log).
    None when the keys themselves differ: then the whole observation is sent."""
    if before is after:
        return {"set": {}, "append": {}}
    if before.keys() != after.keys():
        return None
    changed, appended = {}, {}
    for key, value in after.items():
        old = before[key]
        if value is old or value == old:
            continue
        if (type(value) is list and type(old) is list and len(value) > len(old)
                and value[:len(old)] == old):
            appended[key] = value[len(old):]
        else:
            changed[key] = value
    return {"set": changed, "append": appended}


def plain(value: Any) -> Any:
    """A game's answer as JSON-ready data: actions as their canonical text, dataclasses as
    objects, fractions as floats."""
    if isinstance(value, Action):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {key if isinstance(key, (str, int, float)) else str(key): plain(item)
                for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, Fraction):
        return float(value)
    return value


def odds_helper(game: str) -> Any:
    """``decision_odds`` of the game's ``odds`` module, or None when it has none."""
    try:
        return importlib.import_module(f"middleearth.games.{game}.odds").decision_odds
    except (ImportError, AttributeError):
        return None


def _load_game(name: str, options: dict[str, Any]) -> Game:
    try:
        spec = game_class(name).options_spec
        paths = [option.name for option in spec if option.kind == "path" and option.name in options]
        if paths:
            raise ApiError("bad_option", f"option {paths[0]!r} names a folder on the server: "
                                         "the hub does not take it")
        return load(name, **options)
    except MiddleEarthError as error:
        raise ApiError("bad_option", str(error)) from None
