"""Exact dice distributions: fractions, not floats, and repeated faces merged."""

from fractions import Fraction

from middleearth.core.chance import face_distribution, roll_distribution

D6 = ("ring", "ring", "gandalf", "fellowship", "orc", "nazgul")


def test_a_die_with_a_repeated_face_gives_it_its_share():
    assert face_distribution(D6) == [("ring", Fraction(1, 3)), ("gandalf", Fraction(1, 6)),
                                     ("fellowship", Fraction(1, 6)), ("orc", Fraction(1, 6)),
                                     ("nazgul", Fraction(1, 6))]


def test_rolling_dice_together_lists_every_outcome_once_with_its_exact_probability():
    outcomes = roll_distribution([D6, D6, ("tree", "ring")])
    assert len(outcomes) == 5 * 5 * 2
    assert len({faces for faces, _ in outcomes}) == len(outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[("ring", "ring", "tree")] == Fraction(1, 3) * Fraction(1, 3) * Fraction(1, 2)
    assert dict(outcomes)[("orc", "nazgul", "ring")] == Fraction(1, 72)


def test_outcomes_keep_the_order_of_the_dice():
    assert roll_distribution([("a",), ("b", "c")]) == [(("a", "b"), Fraction(1, 2)), (("a", "c"), Fraction(1, 2))]


def test_no_dice_is_one_certain_outcome():
    assert roll_distribution([]) == [((), Fraction(1))]
