"""A cooperative game in the lab: found from the returns (every seat alike in every game), reported
as the party's win rate instead of per-seat win shares; numeric figures with their spread."""

import csv

import pytest
from typer.testing import CliRunner

from middleearth.cli.main import app
from middleearth.lab.simulate import Row
from middleearth.lab.stats import is_cooperative, spread, summarize, wilson

runner = CliRunner()


def _row(index, returns, figures=None):
    top = max(returns)
    winners = tuple(s for s, r in enumerate(returns) if r == top) if top > 0 else ()
    return Row(index, index, winners, returns, 10, 5, figures or {})


def test_a_game_whose_seats_always_score_alike_is_cooperative_and_gets_a_party_win_rate():
    rows = [_row(0, (1.0, 1.0, 1.0)), _row(1, (-1.0, -1.0, -1.0)), _row(2, (1.0, 1.0, 1.0)),
            _row(3, (-1.0, -1.0, -1.0))]
    summary = summarize(rows)
    assert summary.cooperative and is_cooperative(rows)
    assert summary.party_wins == wilson(2, 4)


def test_one_game_with_different_returns_makes_it_competitive():
    rows = [_row(0, (1.0, 1.0)), _row(1, (1.0, 0.0))]
    summary = summarize(rows)
    assert not summary.cooperative and summary.party_wins is None


def test_one_seat_alone_is_not_a_party():
    assert not is_cooperative([_row(0, (1.0,))])


def test_the_party_win_is_the_games_won_figure_when_the_game_lends_one():
    # A score shared by every seat (above 0 even when the quest failed): the game's own figure decides.
    rows = [_row(0, (30.0, 30.0), {"won": False}), _row(1, (64.0, 64.0), {"won": True}),
            _row(2, (12.0, 12.0), {"won": False})]
    assert summarize(rows).party_wins == wilson(1, 3)


def test_numeric_figures_get_their_spread_least_quartiles_greatest():
    assert spread([7, 1, 3, 5, 9]).text() == "1 · 3 · 5 · 7 · 9"
    halves = spread([1, 2, 3, 4])
    assert (halves.q1, halves.median, halves.q3) == (1.75, 2.5, 3.25)
    rows = [_row(i, (1.0, 1.0), {"threat": t}) for i, t in enumerate((40, 52, 60))]
    assert summarize(rows).spreads["threat"].high == 60
    with pytest.raises(ValueError, match="at least one value"):
        spread([])


def test_simulate_journeys_reports_the_party_win_rate_rounds_and_threat(tmp_path):
    result = runner.invoke(app, ["simulate", "journeys", "--players", "2", "--agents", "greedy", "--games", "3",
                                 "--seed", "5", "--out", str(tmp_path)], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    for text in ("party win rate", "Aragorn (greedy)", "rounds (mean)", "threat (mean)", "end reason",
                 "heroes defeated", "least · quartiles · greatest"):
        assert text in result.output, text
    assert "win share" not in result.output and "no winner" not in result.output
    with (tmp_path / "games.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert {"won", "end_reason", "rounds", "threat", "heroes_defeated", "fear_1"} <= set(rows[0])
    assert all(row["end_reason"] in ("win", "threat", "defeat", "rounds") for row in rows)
    for plot in ("win_share.png", "spreads.png", "shares_end_reason.png"):
        assert (tmp_path / plot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_shared_score_without_a_won_figure_gives_no_win_rate_but_the_party_score():
    rows = [_row(0, (30.0, 30.0)), _row(1, (64.0, 64.0))]
    summary = summarize(rows)
    assert summary.cooperative and summary.party_wins is None
    assert summary.party_score.value == 47.0


def test_simulate_fellowship_shows_the_party_score_and_the_win_rate_its_won_figure_gives():
    """Fellowship's returns are a score; its `won` figure (the Ring destroyed) gives the win rate."""
    result = runner.invoke(app, ["simulate", "fellowship", "--players", "2", "--agents", "random", "--games", "3",
                                 "--seed", "1"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "party score (mean)" in result.output and "party win rate" in result.output
    assert "0.0% [0.0, 56.1]" in result.output  # random hobbits never destroy the Ring in these 3 games


@pytest.mark.parametrize("won", [False, True])
def test_the_partys_plot_is_drawn_when_it_always_loses_or_always_wins(tmp_path, won):
    from middleearth.lab.plots import write_plots

    # 100 games: there the Wilson bound of 0 wins lands a hair above 0 (3e-18), which once broke the bars.
    rows = [_row(i, (1.0, 1.0) if won else (-1.0, -1.0), {"won": won, "threat": 40 + i % 7}) for i in range(100)]
    written = write_plots(rows, summarize(rows), ["Aragorn", "Beravor"], tmp_path, "journeys")
    assert tmp_path / "win_share.png" in written and (tmp_path / "spreads.png").exists()
