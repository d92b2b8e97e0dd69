"""The Trivia Game's actions: each is its canonical text, as a move is its UCI text.

Players: ``move ring:1 combat:2`` (the chips handed in), ``linger``, ``play haldir`` (a green
card or event tile), ``question 2`` (by the reward on the card's back), ``ask 3`` (the reader
picks a hard question), ``answer 2`` (the second option read out), ``pay combat:1`` (damage),
``accept`` (take a failure without help), ``take rings`` / ``take tile`` (the White Tree).
Chance: ``card ID`` (a question card), ``draw ID`` (a location card), ``die FACE``, ``tile ID``.
"""

from __future__ import annotations

from itertools import product

from middleearth.core.actions import Grammar, TextAction

CHIP_NAMES = ("ring", "combat", "travel")
_ID = r"[a-z0-9]+(?:-[a-z0-9_]+)*"
_CHIPS = r"(?: (?:ring|combat|travel):\d+)*"
GRAMMAR = [
    ("move [CHIP:N ...]", rf"move{_CHIPS}"),
    ("linger", r"linger"),
    ("play ITEM", rf"play {_ID}"),
    ("question N", r"question [1-3]"),
    ("ask N", r"ask [1-3]"),
    ("answer N", r"answer [1-4]"),
    ("pay CHIP:N ...", rf"pay{_CHIPS}"),
    ("accept", r"accept"),
    ("take rings|tile", r"take (?:rings|tile)"),
    # chance
    ("card ID", r"card [^\s]+"),
    ("draw ID", rf"draw {_ID}"),
    ("die FACE", rf"die {_ID}"),
    ("tile ID", rf"tile {_ID}"),
]
_GRAMMAR = Grammar("the Trivia Game", GRAMMAR, shown=-4)


class Move(TextAction):
    """One action of this game, named by its text."""

    __slots__ = ()


def parse_action(text: str) -> Move:
    """The action written ``text`` (spaces tidied); IllegalAction lists the forms there are."""
    return _GRAMMAR.parse(text, Move)


Chips = tuple[int, int, int]  # ring, combat, travel


def chips_text(chips: Chips) -> str:
    """``(1, 2, 0)`` -> ``ring:1 combat:2`` (nothing for no chips)."""
    return " ".join(f"{name}:{n}" for name, n in zip(CHIP_NAMES, chips) if n)


def chips_words(chips: Chips) -> str:
    """``(1, 2, 0)`` -> ``1 Ring, 2 Combat`` for people."""
    shown = [f"{n} {name.capitalize()}" for name, n in zip(CHIP_NAMES, chips) if n]
    return ", ".join(shown) or "nothing"


def payments(need: Chips, held: Chips) -> list[Chips]:
    """Every different handful of chips from ``held`` that pays ``need``, fewest chips first.

    A Ring chip stands in for one Combat or one Travel chip; five Travel or five Combat chips
    stand in for any one other chip (rules/trivia.txt, Handing in strength chips).
    """
    ring, combat, travel = need
    found: set[Chips] = set()
    # ring units: paid by a Ring, or five Travel (r_t), or five Combat (r_c)
    # combat units: by Combat, a Ring (c_r), or five Travel (c_t)
    # travel units: by Travel, a Ring (t_r), or five Combat (t_c)
    for r_t, r_c in product(range(ring + 1), repeat=2):
        if r_t + r_c > ring:
            continue
        for c_r, c_t in product(range(combat + 1), repeat=2):
            if c_r + c_t > combat:
                continue
            for t_r, t_c in product(range(travel + 1), repeat=2):
                if t_r + t_c > travel:
                    continue
                paid = (
                    ring - r_t - r_c + c_r + t_r,
                    combat - c_r - c_t + 5 * (r_c + t_c),
                    travel - t_r - t_c + 5 * (r_t + c_t),
                )
                if all(p <= h for p, h in zip(paid, held)):
                    found.add(paid)
    return sorted(found, key=lambda p: (sum(p), p[0], p))


def partial_payment(need: Chips, held: Chips) -> Chips:
    """What a player who cannot pay ``need`` in full hands in: each chip of the kind asked for,
    then Ring chips for what is still missing (our reading of "hand in this part")."""
    own = [min(n, h) for n, h in zip(need, held)]
    missing = sum(need) - sum(own)
    spare_rings = held[0] - own[0]
    own[0] += min(spare_rings, missing)
    return (own[0], own[1], own[2])
