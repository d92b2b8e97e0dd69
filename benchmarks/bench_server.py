"""Load on the web hub: many Journey to Mordor matches at once, played and watched over websockets.

Starts `middleearth serve` on a loopback port with a fresh SQLite file (or --database), creates
--matches two-seat matches, and plays every seat with a random bot over its websocket, thinking
--think seconds before each move, while one spectator per match watches. The bots run in
--clients processes of their own at a lower priority (--nice), so that on the shared cores the
server's work comes first and the latencies measure the server rather than the clients' queue. Measures the
latency from an action sent to the new observation received by its sender; actions per
second (the seats' decisions; the server also plays chance between them); the CPU time per
decision of the server and of the clients (figures that hold when other programs share the
cores); and the machine's load average at the end (other programs on the same two cores
stretch every latency).
--lean has the clients ask for pushes without the text view, as a client drawing its own view
does (the hub's page for Mordor does). --profile FILE runs the server under cProfile and
writes its statistics to FILE (read them with `python -m pstats FILE`). --tail records the
server's pauses (each garbage collection, each database write, the event loop's stalls) to
find what makes the 99th percentile.

    .venv/bin/python benchmarks/bench_server.py --matches 200 --think 0.8 --lean
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


# The server under cProfile: its statistics are written when it stops (on SIGTERM).
PROFILED = """
import cProfile, signal, sys
from middleearth.cli.main import run
# uvicorn raises SIGTERM again once it has shut down: end through Python, so the stats are written.
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
profile = cProfile.Profile()
profile.enable()
try:
    run()
finally:
    profile.disable()
    profile.dump_stats({out!r})
"""

# The server with its pauses recorded, to find what makes the tail of the latencies: each
# garbage collection, each database write, and how late a task sleeping 5 ms wakes (the event
# loop's stalls). A summary goes to FILE when the server stops.
TAILED = """
import asyncio, gc, json, signal, sys, time
from middleearth.cli.main import run
from middleearth.server import hub, storage
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
collections, writes, stalls, began = [], [], [], [0.0]

def timed_collection(phase, info):
    if phase == "start":
        began[0] = time.perf_counter()
    else:
        collections.append((info["generation"], time.perf_counter() - began[0]))
gc.callbacks.append(timed_collection)

write = storage.Storage.append_many
def timed_write(self, batch):
    start = time.perf_counter()
    try:
        return write(self, batch)
    finally:
        writes.append(time.perf_counter() - start)
storage.Storage.append_many = timed_write

start = hub.Hub.start
async def watched_start(self):
    await start(self)
    async def watch_loop():
        while True:
            asleep = time.perf_counter()
            await asyncio.sleep(0.005)
            stalls.append(time.perf_counter() - asleep - 0.005)
    self.loop_watch = asyncio.create_task(watch_loop())
hub.Hub.start = watched_start

def summary(seconds):
    seconds = sorted(seconds)
    at = lambda fraction: round(1000 * seconds[int(fraction * (len(seconds) - 1))], 2)
    return {{"count": len(seconds), "p50_ms": at(0.5), "p99_ms": at(0.99), "p99.9_ms": at(0.999),
            "max_ms": at(1), "over_20ms": sum(s > 0.02 for s in seconds),
            "total_ms": round(1000 * sum(seconds))}} if seconds else {{"count": 0}}
try:
    run()
finally:
    tail = {{"loop_stalls": summary(stalls), "writes": summary(writes)}}
    for generation in range(3):
        tail[f"gc_generation_{{generation}}"] = summary([d for g, d in collections if g == generation])
    with open({out!r}, "w") as out:
        json.dump(tail, out)
"""


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process (Linux), to cost the server's work per action
    even when other programs share the cores."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def play_seat(url: str, match_id: str, token: str, think: float, rng: random.Random,
                    latencies: list[float], query: str) -> int:
    """Play one seat to the end; each latency is from send to the next view of this seat."""
    moves, sent_at, sent_version = 0, None, -1
    async with connect(f"{url}/ws/matches/{match_id}?token={token}{query}", max_size=2**22) as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] != "state":
                raise RuntimeError(f"refused: {message}")
            if sent_at is not None and message["version"] > sent_version:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["status"] == "finished":
                return moves
            if message["legal"] and sent_at is None and message["version"] > sent_version:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_version = message["version"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": rng.choice(message["legal"]),
                                          "version": sent_version}))
                moves += 1
    return moves


async def watch(url: str, match_id: str, query: str) -> int:
    """A spectator: count the views until the match ends."""
    views = 0
    async with connect(f"{url}/ws/matches/{match_id}?{query}", max_size=2**22) as ws:
        async for raw in ws:
            views += 1
            if json.loads(raw)["status"] == "finished":
                return views
    return views


async def play_share(ws_url: str, matches: list[dict], think: float, seed: int,
                     lean: bool) -> tuple[list[float], int]:
    """Play and watch ``matches`` to their ends: the latencies seen and the decisions made."""
    query = "&text=0" if lean else ""
    rng = random.Random(seed)
    latencies: list[float] = []
    tasks = []
    for match in matches:
        match_id = match["match"]["id"]
        tasks.append(watch(ws_url, match_id, query))
        for token in match["tokens"].values():
            tasks.append(play_seat(ws_url, match_id, token, think, random.Random(rng.random()),
                                   latencies, query))
    results = await asyncio.gather(*tasks)
    return latencies, sum(results[i] for i in range(len(results)) if i % 3)


def client_process(ws_url: str, matches: list[dict], think: float, seed: int, lean: bool,
                   niceness: int, ready: Any, go: Any, answer: Any) -> None:
    """One load generator process: lowered priority, so that on shared cores the server's work
    comes first and the figures are the server's, not the clients' queueing."""
    os.nice(niceness)
    ready.set()
    go.wait()
    cpu = time.process_time()
    try:
        latencies, moves = asyncio.run(play_share(ws_url, matches, think, seed, lean))
    except Exception as error:  # the parent waits for an answer: it gets the reason instead
        answer.send(f"a client process failed: {error!r}")
        return
    answer.send((latencies, moves, time.process_time() - cpu))


def create_matches(http_url: str, matches: int) -> list[dict]:
    created = []
    with httpx.Client(base_url=http_url, timeout=60) as http:
        for number in range(matches):
            answer = http.post("/api/matches", json={
                "game": "mordor", "options": {"players": 2}, "seed": number,
                "seats": [{"type": "human"}, {"type": "human"}]})
            answer.raise_for_status()
            created.append(answer.json())
    return created


def load(http_url: str, matches: int, think: float, seed: int, server_pid: int,
         lean: bool = False, clients: int = 2, niceness: int = 10) -> dict[str, Any]:
    """Create the matches, then play them from ``clients`` processes at once; the figures."""
    created = create_matches(http_url, matches)
    ws_url = http_url.replace("http://", "ws://")
    spawn = multiprocessing.get_context("spawn")
    go = spawn.Event()
    workers = []
    for number in range(clients):
        ready, (answer, sent) = spawn.Event(), spawn.Pipe(duplex=False)
        process = spawn.Process(target=client_process, daemon=True, args=(
            ws_url, created[number::clients], think, seed * 1000 + number, lean, niceness, ready, go, sent))
        process.start()
        workers.append((process, ready, answer))
    for _, ready, _ in workers:
        ready.wait()
    started, cpu = time.perf_counter(), cpu_seconds(server_pid)
    go.set()
    latencies: list[float] = []
    moves, client_cpu = 0, 0.0
    for process, _, answer in workers:
        reply = answer.recv()
        if isinstance(reply, str):
            raise SystemExit(reply)
        seen, made, spent = reply
        latencies += seen
        moves += made
        client_cpu += spent
        process.join()
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(server_pid) - cpu
    latencies.sort()

    def ms(fraction: float) -> float:
        return round(1000 * latencies[int(fraction * (len(latencies) - 1))], 1)

    return {
        "matches": matches, "think_s": think, "text_views": not lean,
        "client_processes": clients, "client_niceness": niceness,
        "decisions": moves, "seconds": round(elapsed, 1),
        "decisions_per_s": round(moves / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1),
        "p90_ms": ms(0.9), "p99_ms": ms(0.99), "p99.9_ms": ms(0.999),
        "max_ms": round(1000 * latencies[-1], 1),
        "server_cpu_ms_per_decision": round(1000 * cpu / moves, 2),
        "clients_cpu_ms_per_decision": round(1000 * client_cpu / moves, 2),
        "load_average_1min": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.8, help="mean seconds a bot waits before moving")
    parser.add_argument("--database", help="SQLAlchemy URL (default: a fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lean", action="store_true", help="clients ask for pushes without the text view")
    parser.add_argument("--profile", metavar="FILE", help="profile the server with cProfile into FILE")
    parser.add_argument("--tail", action="store_true",
                        help="record the server's pauses (collections, writes, event-loop stalls) "
                             "and report them under server_tail")
    parser.add_argument("--clients", type=int, default=2, help="processes the load generator runs in")
    parser.add_argument("--nice", type=int, default=10, help="how much lower the clients' priority is")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        port = free_port()
        start = "from middleearth.cli.main import run; run()"
        tail_file = Path(tmp) / "tail.json"
        if args.profile:
            start = PROFILED.format(out=str(Path(args.profile).resolve()))
        elif args.tail:
            start = TAILED.format(out=str(tail_file))
        server = subprocess.Popen(
            [sys.executable, "-c", start, "serve",
             "--port", str(port), "--database", database, "--ai-delay", "0"], cwd=tmp)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    if httpx.get(f"{url}/api/games").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.1)
            figures = load(url, args.matches, args.think, args.seed, server.pid, args.lean,
                           args.clients, args.nice)
        finally:
            server.terminate()
            server.wait()
        if args.tail:
            figures["server_tail"] = json.loads(tail_file.read_text())
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
