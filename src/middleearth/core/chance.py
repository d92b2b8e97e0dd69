"""Chance helpers: exact distributions of dice, for chance nodes and exact odds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Hashable, Sequence, TypeVar

Face = TypeVar("Face", bound=Hashable)


def face_distribution(faces: Sequence[Face]) -> list[tuple[Face, Fraction]]:
    """A die's distinct faces with their exact probabilities, in first-seen order."""
    counts = Counter(faces)
    total = len(faces)
    return [(face, Fraction(counts[face], total)) for face in dict.fromkeys(faces)]


def roll_distribution(dice: Sequence[Sequence[Face]]) -> list[tuple[tuple[Face, ...], Fraction]]:
    """Every outcome of rolling ``dice`` together (one face per die, in order), with its probability.

    Faces repeated on a die are merged, so a die with two ring faces gives one outcome of weight 2/6.
    """
    per_die = [face_distribution(die) for die in dice]
    outcomes = []
    for combination in product(*per_die):
        probability = Fraction(1)
        for _, p in combination:
            probability *= p
        outcomes.append((tuple(face for face, _ in combination), probability))
    return outcomes
