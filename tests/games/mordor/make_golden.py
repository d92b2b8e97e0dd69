"""Write the golden playthroughs: seeded random games of Journey to Mordor, with the spectator's
observation after every action.

    .venv/bin/python tests/games/mordor/make_golden.py

Run it only when a change to the rules or to the views is meant, and read the diff of
golden/*.json: it is the change a player would see. To keep the files small, each observation is
stored as its changes from the one before (the first one whole).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # run as a script from anywhere
from tests.golden import write  # noqa: E402

FOLDER = Path(__file__).parent / "golden"
# Options and seed of each game. Random play mostly ends with everyone eliminated; these seeds
# were picked among the first 300 for the shortest games that end with a winner (the final round),
# with the design values of data/ (picked again whenever those change).
GAMES = {
    "2p_basic": ({"players": 2, "variant": "basic"}, 118),
    "3p_locations": ({"players": 3, "variant": "locations"}, 51),
    "4p_locations": ({"players": 4, "variant": "locations", "hobbits": "pippin,merry,sam,frodo"}, 202),
}

def main() -> None:
    write(FOLDER, "mordor", {name: (options, seed, None) for name, (options, seed) in GAMES.items()})


if __name__ == "__main__":
    main()
