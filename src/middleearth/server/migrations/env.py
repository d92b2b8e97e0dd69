"""Alembic environment: runs on the server's own connection, or on ``-x url=...`` by hand."""

from alembic import context
from sqlalchemy import create_engine

from middleearth.server.storage import metadata


def run(connection) -> None:
    # SQLite alters tables by copying them: batch mode does that for us.
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise SystemExit("give the database with: alembic -x url=DATABASE_URL upgrade head")
    with create_engine(url).begin() as own:
        run(own)
