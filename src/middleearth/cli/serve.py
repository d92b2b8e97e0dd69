"""`middleearth serve`: the web hub on HTTP and websockets."""

from __future__ import annotations

import os

import typer


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0 for other devices)"),
    port: int = typer.Option(8000, min=1, max=65535, help="port to listen on"),
    database: str | None = typer.Option(
        None, help="SQLAlchemy URL of the database (default: $MIDDLEEARTH_DATABASE_URL, "
                   "else the SQLite file data/middleearth.sqlite3)"),
    ai_delay: float = typer.Option(0.8, min=0.0, max=60.0, help="seconds an AI seat waits before it moves"),
) -> None:
    """Start the web hub: play any game in the browser, with friends or AI seats."""
    import uvicorn
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from middleearth.server import DEFAULT_DATABASE, create_app
    from middleearth.server.limits import MAX_BODY

    url = database or os.environ.get("MIDDLEEARTH_DATABASE_URL") or DEFAULT_DATABASE
    try:
        make_url(url)
    except ArgumentError:
        raise typer.BadParameter(f"{url!r} is not a database URL (e.g. sqlite:///data/hub.sqlite3 "
                                 "or postgresql+psycopg://user:password@host/name)", param_hint="--database")
    shown = make_url(url).render_as_string()  # the password hidden
    try:  # fail here with one clear line rather than in the server's start-up
        app = create_app(url, ai_delay)
        app.state.hub.storage.migrate()
    except (SQLAlchemyError, ImportError, OSError) as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        typer.echo(f"cannot use the database {shown}: {reason}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"middleearth hub on http://{host}:{port}  (database: {shown})")
    # Views are small and loopback or LAN is cheap: compressing every push cost more CPU than it saved.
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_BODY, ws_per_message_deflate=False,
                log_level="warning", access_log=False)
