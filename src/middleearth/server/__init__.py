"""The web hub: matches played over HTTP and websockets, kept in a SQLAlchemy database.

>>> from middleearth.server import create_app
>>> app = create_app("sqlite:///data/middleearth.sqlite3", ai_delay=0.8)   # then run with uvicorn
"""

from middleearth.server.app import DEFAULT_DATABASE, create_app

__all__ = ["DEFAULT_DATABASE", "create_app"]
