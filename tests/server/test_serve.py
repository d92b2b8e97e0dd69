"""`middleearth serve` refuses a database it cannot use with one clear line, no stack trace."""

import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize("url, hint", [
    ("not a url", "is not a database URL"),
    ("sqlite:////proc/no-such-folder/hub.sqlite3", "cannot use the database"),
    ("postgresql+psycopg://nobody@127.0.0.1:1/hub", "cannot use the database"),
])
def test_a_database_that_cannot_be_used_is_named_and_refused(url: str, hint: str) -> None:
    done = subprocess.run([sys.executable, "-c", "from middleearth.cli.main import run; run()",
                           "serve", "--database", url, "--port", "1"],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "200"})  # one line, unwrapped
    assert done.returncode != 0
    assert hint in done.stderr and "Traceback" not in done.stderr + done.stdout
