"""Browser tests: the hub served by uvicorn on a free loopback port, pages in Debian's chromium.

The browser is /usr/bin/chromium (scripts/ensure-chromium.sh installs it; `make test` runs
that script). No browser is ever downloaded.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
START_TIMEOUT = 60  # seconds: the machine is shared, the server may be slow to import


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def post_json(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.fixture(scope="session")
def hub(tmp_path_factory):
    """The base URL of a fresh hub with its own SQLite file; AI seats move almost at once."""
    folder = tmp_path_factory.mktemp("hub")
    port = free_port()
    command = [str(Path(sys.executable).parent / "middleearth"), "serve", "--port", str(port),
               "--database", f"sqlite:///{folder / 'hub.sqlite3'}", "--ai-delay", "0.05"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    log = (folder / "server.log").open("w")
    server = subprocess.Popen(command, cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            get_json(f"{base}/api/games")
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"the hub did not start: {(folder / 'server.log').read_text()[-2000:]}")
            time.sleep(0.2)
    yield base
    server.terminate()
    server.wait(timeout=10)
    log.close()


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium: run scripts/ensure-chromium.sh (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A desktop-sized page whose script errors fail the test; no animations to wait for."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}"
