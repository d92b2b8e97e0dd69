"""Write the golden playthroughs: seeded random games of the Trivia Game with one seat's (or the
spectator's) observation after every action.

    .venv/bin/python tests/games/trivia/make_golden.py     (from the repository's root)

The games draw from golden/pack.toml, a frozen dozen cards of the packaged pack, so they do not
change when the bank grows. Run this only when a change to the rules, the data or the views is
meant, and read the diff of golden/*.json: it is the change a player would see.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))  # run as a script from anywhere
from tests.golden import write  # noqa: E402

FOLDER = Path(__file__).parent / "golden"
PACK = "tests/games/trivia/golden/pack.toml"  # relative to the repository's root, as records keep it
# Options, seed and seat of each game: seeds picked among the first 60 for the shortest random games
# that end with a winner, with the design values of data/ (picked again whenever those change).
GAMES = {
    "2p_reader_seat_view": ({"players": 2, "packs": PACK}, 51, 0),
    "3p_teams_software": ({"players": 3, "packs": PACK, "reader": "software", "teams": True}, 53, None),
    "4p_spectator": ({"players": 4, "packs": PACK}, 1, None),
}


def main() -> None:
    import os

    os.chdir(ROOT)
    write(FOLDER, "trivia", GAMES)


if __name__ == "__main__":
    main()
