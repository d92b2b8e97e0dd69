"""Write the golden playthroughs of The Lord of the Rings: seeded random games with one seat's
observation (its hand included) after every action.

    .venv/bin/python tests/games/fellowship/make_golden.py

Run it only when a change to the rules or the views is meant, and read the diff of golden/*.json.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # run as a script from anywhere
from tests.golden import write  # noqa: E402

FOLDER = Path(__file__).parent / "golden"
# (options, seed, seat). The seeds were picked among the first 150 for games that reach Mordor:
# both end with the Ring-bearer lost there.
GAMES = {
    "2p_standard": ({"players": 2}, 141, 0),
    "4p_introductory_pass_the_ring": ({"players": 4, "sauron": "introductory", "pass_the_ring": True}, 127, 2),
}


def main() -> None:
    write(FOLDER, "fellowship", GAMES)


if __name__ == "__main__":
    main()
