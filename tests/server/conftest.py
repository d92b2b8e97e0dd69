"""Every server test runs twice: on a SQLite file and on PostgreSQL when
MIDDLEEARTH_TEST_POSTGRES_URL names a server (`make test` starts one with
scripts/postgres-for-tests.sh); without it the PostgreSQL run is skipped, saying why.
"""

from __future__ import annotations

import os
import secrets
from typing import Iterator

import pytest

from .live import Hub

POSTGRES = "MIDDLEEARTH_TEST_POSTGRES_URL"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('hub') / 'hub.sqlite3'}"
        return
    admin = os.environ.get(POSTGRES)
    if not admin:
        pytest.skip(f"PostgreSQL run skipped: {POSTGRES} is not set (make test sets it when "
                    "scripts/postgres-for-tests.sh could start a server)")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"hub_test_{secrets.token_hex(4)}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as db:
            db.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # noqa: BLE001 - any failure means: no usable server
        pytest.skip(f"PostgreSQL run skipped: cannot create a database at {admin}: {error}")
    yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    with engine.connect() as db:
        db.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


@pytest.fixture(scope="module")
def hub(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    server = Hub(database, tmp_path_factory.mktemp("run"))
    server.start()
    yield server
    server.stop()
