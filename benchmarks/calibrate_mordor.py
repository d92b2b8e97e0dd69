"""Journey to Mordor's design values, tried with the lab (docs/mordor.md, "Design values").

Each candidate is a set of dice faces and route lengths written to a temporary data folder
(the same override a user's ``--data DIR`` uses) and played by greedy agents for every player
count and both variants. One line per candidate and option set is printed as a Markdown table.

    .venv/bin/python benchmarks/calibrate_mordor.py --games 400 --workers 2 [--only NAME ...]
"""

from __future__ import annotations

import argparse
import tempfile
from dataclasses import dataclass
from pathlib import Path

from middleearth.lab import simulate, summarize

LOCATIONS = ("Rivendell", "Moria", "Lothlórien", "Rohan", "Helm's Deep", "Gondor", "Minas Tirith",
             "Shelob's Lair")
FEATURES = ("identical_symbols", "no_gandalf", "double_fellowship", "reroll_each_roll", "double_orcs",
            "nazgul_spare_you", "all_nazgul_on_you", "one_ring_fewer")
COLOURS = ("yellow", "red", "blue", "green")


@dataclass(frozen=True)
class Candidate:
    name: str
    coloured: tuple[str, ...]  # the faces of each of the four coloured dice
    black: tuple[str, ...]
    spaces: int  # ring-route spaces per location between Bag End and Mordor
    nazgul: int

    def write(self, folder: Path) -> None:
        dice = ['black = "black"']
        for colour, faces in [(c, self.coloured) for c in COLOURS] + [("black", self.black)]:
            dice += ["[[die]]", f'colour = "{colour}"', f"faces = {list(faces)!r}".replace("'", '"'),
                     'provenance = "design"', 'source = "calibration candidate"']
        (folder / "dice.toml").write_text("\n".join(dice) + "\n", encoding="utf-8")
        route = ["[ring_route]", 'provenance = "design"', 'source = "calibration candidate"']
        stops = [("Bag End", 1, "none"), *((n, self.spaces, f) for n, f in zip(LOCATIONS, FEATURES)),
                 ("Mordor", 1, "none")]
        for name, spaces, feature in stops:
            route += ["[[ring_route.location]]", f'name = "{name}"', f"spaces = {spaces}", f'feature = "{feature}"']
        route += ["[nazgul_route]", f"spaces = {self.nazgul}", 'provenance = "design"',
                  'source = "calibration candidate"']
        (folder / "routes.toml").write_text("\n".join(route) + "\n", encoding="utf-8")


ONE_OF_EACH = ("ring", "ring", "gandalf", "fellowship", "orc", "nazgul")
BLACK_TREE = ("ring", "tree", "gandalf", "fellowship", "orc", "nazgul")
CANDIDATES = [
    Candidate("A: first guess", ONE_OF_EACH, BLACK_TREE, 2, 8),
    Candidate("B", ONE_OF_EACH, BLACK_TREE, 3, 10),
    Candidate("C", ONE_OF_EACH, BLACK_TREE, 3, 12),
    Candidate("D", ONE_OF_EACH, BLACK_TREE, 4, 12),
    Candidate("E", ONE_OF_EACH, BLACK_TREE, 4, 14),
    Candidate("F", ONE_OF_EACH, BLACK_TREE, 4, 16),
    Candidate("H", ONE_OF_EACH, BLACK_TREE, 4, 15),
    Candidate("I", ONE_OF_EACH, ("ring", "tree", "gandalf", "nazgul", "nazgul", "orc"), 4, 18),
    Candidate("G", ("ring", "ring", "ring", "gandalf", "orc", "nazgul"), BLACK_TREE, 3, 14),
]
OPTION_SETS = [(players, variant) for players in (4, 3, 2) for variant in ("basic", "locations")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="greedy")
    parser.add_argument("--players", type=int, nargs="*", default=[4, 3, 2])
    parser.add_argument("--only", nargs="*", help="candidate names starting with these letters")
    args = parser.parse_args()
    print("| candidate | players | variant | turns | all lost | someone eliminated | eliminations |")
    print("|---|---|---|---|---|---|---|")
    for candidate in CANDIDATES:
        if args.only and not candidate.name.startswith(tuple(args.only)):
            continue
        with tempfile.TemporaryDirectory() as folder:
            candidate.write(Path(folder))
            for players, variant in OPTION_SETS:
                if players not in args.players:
                    continue
                options = {"players": players, "variant": variant, "data": folder}
                rows = simulate("mordor", options, args.agents, games=args.games, seed=args.seed,
                                workers=args.workers)
                s = summarize(rows)
                print(f"| {candidate.name} | {players} | {variant} | {s.turns.text(1)} | "
                      f"{s.rates['all_lost'].percent()} | {s.rates['any_eliminated'].percent()} | "
                      f"{s.means['eliminations'].text(2)} |", flush=True)


if __name__ == "__main__":
    main()
