"""Confidence intervals checked against values worked out by hand and against their definitions."""

import math

import pytest

from middleearth.lab.simulate import Row
from middleearth.lab.stats import Z95, mean_ci, summarize, wilson


def test_wilson_matches_the_formula_for_half_of_a_hundred():
    # p = 0.5, n = 100: centre 0.5, half width z/(1+z²/n) * sqrt(0.25/n + z²/(4n²)).
    z2 = Z95 ** 2
    half = Z95 / (1 + z2 / 100) * math.sqrt(0.25 / 100 + z2 / 40000)
    estimate = wilson(50, 100)
    assert estimate.value == 0.5
    assert estimate.low == pytest.approx(0.5 - half) and estimate.high == pytest.approx(0.5 + half)
    assert estimate.low == pytest.approx(0.4038, abs=1e-4)


def test_wilson_at_zero_successes_has_a_positive_upper_bound():
    # The textbook interval collapses to [0, 0]; Wilson's upper bound is z²/(n+z²).
    estimate = wilson(0, 20)
    assert estimate.low == 0.0
    assert estimate.high == pytest.approx(Z95 ** 2 / (20 + Z95 ** 2))


def test_wilson_is_symmetric_between_successes_and_failures():
    a, b = wilson(3, 40), wilson(37, 40)
    assert a.low == pytest.approx(1 - b.high) and a.high == pytest.approx(1 - b.low)


@pytest.mark.parametrize("successes,trials", [(-1, 5), (6, 5), (0, 0)])
def test_wilson_refuses_impossible_counts(successes, trials):
    with pytest.raises(ValueError):
        wilson(successes, trials)


def test_mean_interval_uses_the_sample_standard_deviation():
    values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]  # mean 5, sample variance 32/7
    estimate = mean_ci(values)
    half = Z95 * math.sqrt(32 / 7 / 8)
    assert estimate.value == 5.0
    assert (estimate.low, estimate.high) == (pytest.approx(5 - half), pytest.approx(5 + half))


def test_mean_of_one_value_has_no_width():
    assert mean_ci([3.0]).low == mean_ci([3.0]).high == 3.0


def _row(index, winners, returns, turns, figures):
    return Row(index, index, winners, returns, turns * 3, turns, figures)


def test_summary_counts_wins_rates_means_and_per_seat_figures():
    rows = [
        _row(0, (0,), (1.0, 0.0), 10, {"all_lost": False, "eliminations": 1, "ring": [5, 2]}),
        _row(1, (), (0.0, 0.0), 20, {"all_lost": True, "eliminations": 2, "ring": [3, 4]}),
        _row(2, (0, 1), (0.5, 0.5), 30, {"all_lost": False, "eliminations": 0, "ring": [7, 7]}),
        _row(3, (1,), (0.0, 1.0), 40, {"all_lost": False, "eliminations": 1, "ring": [1, 7]}),
    ]
    summary = summarize(rows)
    assert [w.value for w in summary.wins] == [0.5, 0.5]  # a shared win counts for both
    assert summary.no_winner.value == 0.25
    assert summary.turns.value == 25 and summary.actions.value == 75
    assert summary.rates["all_lost"] == wilson(1, 4)
    assert summary.means["eliminations"].value == 1.0
    assert [e.value for e in summary.seat_figures["ring"]] == [4.0, 5.0]


def test_summary_of_nothing_is_refused():
    with pytest.raises(ValueError, match="no games"):
        summarize([])
