"""Write the golden playthroughs: seeded random games of Journeys in Middle-earth with one seat's
(or the spectator's) observation after every action.

    .venv/bin/python tests/games/journeys/make_golden.py     (from the repository's root)

Run this only when a change to the rules, the data, the adventures or the views is meant, and
read the diff of golden/*.json: it is the change a player would see.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))  # run as a script from anywhere
from tests.golden import write  # noqa: E402

FOLDER = Path(__file__).parent / "golden"
# Options, seed and seat of each game: both adventures, both difficulties, 2 to 4 heroes.
GAMES = {
    "2h_cold_lanterns_seat_view": ({"players": 2, "heroes": "gimli,legolas"}, 1, 0),
    "3h_skirmish_spectator": ({"players": 3, "adventure": "emberfall-skirmish"}, 2, None),
    "4h_cold_lanterns_hard": ({"players": 4, "heroes": "aragorn,beravor,bilbo,elena", "difficulty": "hard"},
                              3, None),
}


def main() -> None:
    write(FOLDER, "journeys", GAMES)


if __name__ == "__main__":
    main()
