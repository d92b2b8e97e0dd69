"""Bounds on what one client may send: body size per request, message rate per connection."""

from __future__ import annotations

import json
import time
from typing import Any, Callable

MAX_BODY = 64 * 1024
MAX_MESSAGE = 4 * 1024
RATE = 20.0   # messages a second, sustained
BURST = 40.0  # messages allowed at once


class RateLimit:
    """A token bucket: ``allow()`` is False once a connection sends faster than ``rate``."""

    def __init__(self, rate: float = RATE, burst: float = BURST, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.last = clock()

    def allow(self) -> bool:
        moment = self.clock()
        self.tokens = min(self.burst, self.tokens + (moment - self.last) * self.rate)
        self.last = moment
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class BodyLimit:
    """ASGI middleware refusing request bodies over ``limit`` bytes with 413, before the app
    reads them: by Content-Length when given, else by counting the streamed chunks."""

    def __init__(self, app: Any, limit: int = MAX_BODY):
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return await self._refuse(send)
        seen = 0

        async def counted() -> dict:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except BodyTooLarge:
            await self._refuse(send)

    async def _refuse(self, send: Callable) -> None:
        body = json.dumps({"error": "too_large",
                           "reason": f"the request body is over {self.limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    """Raised inside the app's receive when a streamed body passes the limit."""
