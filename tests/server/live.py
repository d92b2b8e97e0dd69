"""A real hub for the tests: `middleearth serve` in a subprocess on a free loopback port."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


class Hub:
    """A server process and helpers to talk to it; ``restart`` keeps the database."""

    def __init__(self, database: str, tmp: Path):
        self.database, self.tmp = database, tmp
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.http = httpx.Client(base_url=self.url, timeout=20)

    def start(self) -> None:
        command = [sys.executable, "-c", "from middleearth.cli.main import run; run()", "serve",
                   "--port", str(self.port), "--database", self.database, "--ai-delay", "0"]
        self.log = open(self.tmp / f"server-{self.port}.log", "a")
        self.process = subprocess.Popen(command, cwd=self.tmp, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {(self.tmp / f'server-{self.port}.log').read_text()}")
            try:
                if self.http.get("/api/games").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 60 s")

    def stop(self, crash: bool = False) -> None:
        """Stop the server: politely, or as a crash would (SIGKILL, nothing flushed)."""
        if self.process is not None:
            self.process.kill() if crash else self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None
            self.log.close()

    def restart(self, crash: bool = False) -> None:
        self.stop(crash)
        self.start()

    def create(self, seats: list[dict[str, Any]], players: int | None = None, **options: Any) -> dict[str, Any]:
        options["players"] = players or len(seats)
        answer = self.http.post("/api/matches", json={"game": "mordor", "options": options,
                                                      "seats": seats, "seed": 7})
        assert answer.status_code == 201, answer.text
        return answer.json()

    def view(self, match_id: str, token: str | None = None) -> dict[str, Any]:
        params = {"token": token} if token else {}
        answer = self.http.get(f"/api/matches/{match_id}", params=params)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def play(self, match_id: str, token: str, action: str, version: int) -> httpx.Response:
        return self.http.post(f"/api/matches/{match_id}/actions",
                              json={"token": token, "action": action, "version": version})

    def socket(self, match_id: str, token: str | None = None, text: bool = True) -> ClientConnection:
        query = "?" + "&".join(([f"token={token}"] if token else []) + ([] if text else ["text=0"]))
        return connect(f"ws://127.0.0.1:{self.port}/ws/matches/{match_id}{query}", open_timeout=20)


def receive(socket: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    return json.loads(socket.recv(timeout=timeout))


def follow(observation: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The whole observation after a ``state`` push, as a client keeps it (docs/api.md)."""
    if "observation" in message:
        return message["observation"]
    patch = message["observation_patch"]
    assert observation is not None, "a patch came before any whole observation"
    whole = {**observation, **patch["set"]}
    for key, items in patch["append"].items():
        whole[key] = observation[key] + items
    return whole


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
