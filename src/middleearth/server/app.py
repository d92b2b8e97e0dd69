"""The hub's HTTP and websocket API (docs/api.md describes it for clients).

Every refusal reaches the client as ``{"error": code, "reason": sentence}``; nothing a client
sends can make the server answer with a stack trace.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import re
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Literal

import orjson
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketDisconnect

import middleearth
from middleearth.agents import AGENTS
from middleearth.core.registry import game_class, games
from middleearth.server.hub import ApiError, Connection, Hub, Room, encode, odds_helper, seat_agents
from middleearth.server.limits import MAX_MESSAGE, BodyLimit, RateLimit
from middleearth.server.storage import Storage

log = logging.getLogger("middleearth.server")

WEB = Path(middleearth.__file__).parent / "web"
DEFAULT_DATABASE = "sqlite:///data/middleearth.sqlite3"
# The cyclic garbage collector stops every match while it runs, and the hub makes almost no
# cycles (refcounting frees its garbage): young collections every 10 000 new objects instead
# of 700 are a fourteenth as many (each a few ms), and full ones come only when the heap has
# grown by a quarter after a hundred middle ones (not once in a run of the load benchmark).
GC_THRESHOLDS = (10_000, 10, 100)


class SeatSpec(BaseModel):
    type: Literal["open", "human", "ai"] = "open"
    agent: str | None = Field(None, description="the agent's name, for an ai seat")
    name: str | None = Field(None, max_length=40, description="shown to all; default the seat's name")


class NewMatch(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(None, max_length=16, description="default: every seat open")
    seed: int | None = Field(None, ge=0, lt=2**62, description="seeds the match's chance")


class Join(BaseModel):
    seat: int | None = None
    name: str | None = Field(None, max_length=40)


class SeatToken(BaseModel):
    token: str = Field(max_length=128)


class Play(SeatToken):
    action: str = Field(max_length=1000)
    version: int


def create_app(database_url: str = DEFAULT_DATABASE, ai_delay: float = 0.8) -> FastAPI:
    """The hub on ``database_url``; AI seats wait ``ai_delay`` seconds before they move."""
    hub = Hub(Storage(database_url), ai_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        for name in ("uvicorn.access", "uvicorn.error"):
            logging.getLogger(name).addFilter(redact_tokens)
        await hub.start()
        settle_collector()
        yield
        await hub.stop()

    app = FastAPI(title="middleearth hub", version=middleearth.__version__, lifespan=lifespan,
                  description="Play the middleearth games in the browser: see docs/api.md.")
    app.state.hub = hub
    app.add_middleware(BodyLimit)
    _errors(app)
    _api(app, hub)
    _websocket(app, hub)
    _pages(app)
    return app


def settle_collector() -> None:
    """Once the hub has started: what exists now (modules, classes, resumed matches) lives as
    long as the server, so it leaves the collector's sight (a full collection walked those
    hundreds of thousands of objects for 0.3 s, stalling every match); then the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def refused(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.body(), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": "bad_request", "reason": describe(error.errors())}, status_code=400)

    @app.exception_handler(HTTPException)
    async def http(request: Request, error: HTTPException) -> JSONResponse:
        if error.status_code == 404:
            return JSONResponse({"error": "not_found", "reason": f"nothing at {request.url.path}: "
                                 "the API is under /api (see /docs)"}, status_code=404)
        return JSONResponse({"error": "bad_request", "reason": f"{request.method} {request.url.path}: "
                             f"{error.detail}"}, status_code=error.status_code)

    @app.exception_handler(Exception)
    async def bug(_request: Request, _error: Exception) -> JSONResponse:
        return JSONResponse({"error": "internal", "reason": "the server failed on this request: "
                             "a bug, logged on the server"}, status_code=500)


def describe(errors: Any) -> str:
    """Pydantic's validation errors as one sentence naming each field."""
    parts = []
    for error in errors:
        if error.get("type") == "json_invalid":
            return "the body is not valid JSON"
        if tuple(error.get("loc", ())) == ("body",):
            return "the body must be a JSON object (with Content-Type: application/json)"
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
        parts.append(f"{where or 'body'}: {error.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is malformed"


def _api(app: FastAPI, hub: Hub) -> None:
    @app.get("/api/games", summary="The games, their options and the AI agents that can take a seat")
    async def list_games() -> dict[str, Any]:
        listed = []
        for name in games():
            cls = game_class(name)
            listed.append({
                "name": name, "title": cls.title, "summary": cls.summary,
                "cooperative": cls.cooperative, "hidden_information": cls.hidden_information,
                "has_odds": odds_helper(name) is not None,
                "options": [{"name": o.name, "default": o.default, "help": o.help, "kind": o.kind,
                             "choices": o.choices, "minimum": o.minimum, "maximum": o.maximum}
                            for o in cls.options_spec if o.kind != "path"],
            })
        agents = [{"name": name, "summary": AGENTS[name].summary} for name in seat_agents()]
        return {"games": listed, "agents": agents}

    @app.post("/api/matches", status_code=201, summary="Create a match")
    async def create(body: NewMatch) -> dict[str, Any]:
        seats = None if body.seats is None else [seat.model_dump() for seat in body.seats]
        room, tokens = await hub.create(body.game, body.options, seats, body.seed)
        return {"match": room.summary(), "tokens": {str(seat): token for seat, token in tokens.items()}}

    @app.get("/api/matches", summary="The lobby: open, running and finished matches")
    async def lobby(status: Literal["open", "running", "finished"] | None = None) -> dict[str, Any]:
        listed = await hub.lobby()
        return listed if status is None else {status: listed[status]}

    @app.get("/api/matches/{match_id}", summary="A match as a spectator, or as a seat with ?token=")
    async def show(match_id: str, token: str | None = None) -> dict[str, Any]:
        return await (await hub.room(match_id)).seat_view(token)

    @app.post("/api/matches/{match_id}/join", summary="Take an open seat: its token comes back")
    async def join(match_id: str, body: Join) -> dict[str, Any]:
        seat, token = await (await hub.room(match_id)).join(body.seat, body.name)
        return {"seat": seat, "token": token}

    @app.post("/api/matches/{match_id}/leave", summary="Give a seat back")
    async def leave(match_id: str, body: SeatToken) -> dict[str, Any]:
        room = await hub.room(match_id)
        await room.leave(body.token)
        return room.summary()

    @app.post("/api/matches/{match_id}/actions", summary="Play an action (the websocket's fallback)")
    async def play(match_id: str, body: Play) -> dict[str, Any]:
        room = await hub.room(match_id)
        await room.play(room.seat_of(body.token), body.action, body.version)
        return await room.seat_view(body.token)

    @app.get("/api/matches/{match_id}/odds", summary="Odds of the current decision")
    async def odds(match_id: str) -> Any:
        return await (await hub.room(match_id)).odds()

    @app.get("/api/matches/{match_id}/record", summary="The middleearth record of the match")
    async def record(match_id: str) -> dict[str, Any]:
        room = await hub.room(match_id)
        room.check_public()
        return room.state.to_record()

    @app.get("/api/matches/{match_id}/replay/{step}", summary="The spectator's view after `step` actions")
    async def replay_step(match_id: str, step: int) -> dict[str, Any]:
        room = await hub.room(match_id)
        room.check_public()
        return await asyncio.to_thread(_replay_step, room, step)

    @app.post("/api/matches/{match_id}/rematch", summary="Play again with the same seats")
    async def rematch(match_id: str, body: SeatToken) -> dict[str, Any]:
        room = await (await hub.room(match_id)).play_again(body.token)
        return {"match": room.summary()}


def _replay_step(room: Room, step: int) -> dict[str, Any]:
    record = room.state.to_record()
    total = len(record["actions"])
    if not 0 <= step <= total:
        raise ApiError("not_found", f"no step {step}: this match has steps 0 to {total}")
    record["actions"] = record["actions"][:step]
    state = middleearth.replay(record)
    mover = room.state.movers[step - 1] if step else None
    return {"step": step, "total": total, "action": record["actions"][-1] if step else None,
            "mover": "chance" if mover == middleearth.CHANCE else mover,
            "observation": state.observation(None), "text": state.text(None)}


def _websocket(app: FastAPI, hub: Hub) -> None:
    @app.websocket("/ws/matches/{match_id}")
    async def connect(websocket: WebSocket, match_id: str, token: str | None = None,
                      text: bool = True) -> None:
        await websocket.accept()
        try:
            room = await hub.room(match_id)
            seat = None if token is None else room.seat_of(token)
        except ApiError as error:
            await websocket.send_json({"type": "error", **error.body()})
            await websocket.close(code=4404 if error.code == "not_found" else 4403)
            return
        connection = Connection(seat, text)
        sender = asyncio.create_task(_send(websocket, connection))
        await room.attach(connection)
        limit = RateLimit()
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                reply = await _answer(room, connection, message, limit)
                if reply is not None and connection in room.connections:
                    connection.queue.put_nowait(reply)
        except (WebSocketDisconnect, RuntimeError, asyncio.QueueFull):
            pass
        finally:
            sender.cancel()
            await room.disconnect(connection)


async def _send(websocket: WebSocket, connection: Connection) -> None:
    """Write the connection's queue in order; None closes it."""
    try:
        while (message := await connection.queue.get()) is not None:
            await websocket.send_text(message if isinstance(message, str) else encode(message))
        await websocket.close()
    except Exception:  # the client went away; the receive loop ends the connection
        pass


async def _answer(room: Room, connection: Connection, message: dict, limit: RateLimit) -> dict | None:
    """Handle one client message; the reply to queue, or None when the state push answers."""
    text = message.get("text")
    if text is None:
        text = (message.get("bytes") or b"").decode("utf-8", "replace")
    if len(text) > MAX_MESSAGE:
        return {"type": "error", "error": "too_large", "reason": f"a message may hold {MAX_MESSAGE} bytes"}
    if not limit.allow():
        return {"type": "error", "error": "rate_limited", "reason": "too many messages: slow down"}
    try:
        request = orjson.loads(text)
    except orjson.JSONDecodeError:
        request = None
    kind = request.get("type") if isinstance(request, dict) else None
    if kind == "ping":
        return {"type": "pong", "version": room.version}
    if kind == "chat":
        words = request.get("text")
        try:
            if not isinstance(words, str):
                raise ApiError("bad_request", 'a chat message is {"type": "chat", "text": WORDS}')
            await room.say(connection.seat if connection in room.connections else None, words)
        except ApiError as refusal:
            return {"type": "refused", **refusal.body(), "version": room.version}
        return None
    if kind != "action":
        return {"type": "error", "error": "bad_request",
                "reason": 'send {"type": "action", "action": TEXT, "version": N}, {"type": "chat", "text": WORDS} '
                          'or {"type": "ping"}'}
    action, version = request.get("action"), request.get("version")
    if not isinstance(action, str) or not isinstance(version, int) or isinstance(version, bool):
        return {"type": "error", "error": "bad_request",
                "reason": "an action message needs action (a text) and version (a whole number)"}
    try:
        if connection.seat is None:
            raise ApiError("bad_token", "spectators cannot play: join a seat to play")
        if connection not in room.connections:
            raise ApiError("bad_token", "this seat was given up: join again to play")
        await room.play(connection.seat, action, version)
    except ApiError as refusal:
        return {"type": "refused", **refusal.body(), "version": room.version}
    return None


def _pages(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def hub_page() -> FileResponse:
        page = WEB / "templates" / "index.html"
        if not page.is_file():
            raise ApiError("not_found", "the web pages are not installed")
        return FileResponse(page)

    for name in games():
        folder = Path(sys.modules[game_class(name).__module__].__file__ or "").parent / "web"
        app.mount(f"/static/games/{name}", StaticFiles(directory=folder, check_dir=False))
    app.mount("/static", StaticFiles(directory=WEB / "static", check_dir=False))


TOKEN = re.compile(r"token=[^&\s\"]+")


def redact_tokens(record: logging.LogRecord) -> bool:
    """Seat tokens ride in websocket URLs; keep them out of the server's logs."""
    if isinstance(record.args, tuple):
        record.args = tuple(TOKEN.sub("token=***", a) if isinstance(a, str) else a for a in record.args)
    return True
