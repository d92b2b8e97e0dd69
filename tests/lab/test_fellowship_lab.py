"""The lab on The Lord of the Rings: the game's own figures in every row, text figures as shares."""

import csv

from typer.testing import CliRunner

from middleearth.cli.main import app
from middleearth.games.fellowship.figures import CONFLICTS
from middleearth.lab import simulate, summarize

OUTCOMES = {"destroyed", "doom", "ring_is_mine", "bearer_lost", "all_lost", "traitor"}


def test_rows_hold_the_outcome_score_place_and_last_event():
    rows = simulate("fellowship", {"players": 3}, "random,greedy,greedy", games=12, seed=3, backend="inline")
    for row in rows:
        fig = row.figures
        assert fig["outcome"] in OUTCOMES
        assert fig["destroyed"] == (fig["outcome"] == "destroyed")
        # A destroyed Ring scores 60 plus the runes; a lost game its main track, at most 60 on Mordor's.
        assert fig["score"] >= 60 if fig["destroyed"] else fig["score"] <= 60
        assert 10 <= fig["score"] == row.returns[0]
        assert fig["location"] in (*CONFLICTS, "bag_end", "rivendell", "lothlorien")
        assert 0 <= fig["conflicts_completed"] <= 4
        if fig["location"] == "mordor" and not fig["destroyed"]:
            assert fig["conflicts_completed"] == 3
        assert fig["events"] >= 1 and ":" in fig["last_event"]
        assert len(fig["eliminated"]) == len(fig["corruption"]) == 3
        if fig["outcome"] == "all_lost":
            assert all(fig["eliminated"])


def test_text_figures_are_summarised_as_shares_of_the_games():
    rows = simulate("fellowship", {"players": 2}, "random", games=20, seed=5, backend="inline")
    summary = summarize(rows)
    assert set(summary.shares) == {"outcome", "location", "last_event"}
    for name, shares in summary.shares.items():
        counts = [round(estimate.value * 20) for estimate in shares.values()]
        assert sum(counts) == 20 and counts == sorted(counts, reverse=True)
        for text, estimate in shares.items():
            assert estimate.low <= estimate.value <= estimate.high
            assert sum(row.figures[name] == text for row in rows) == round(estimate.value * 20)
    assert "destroyed" in summary.rates and "score" in summary.means


def test_simulate_command_shows_and_writes_the_fellowship_figures(tmp_path):
    result = CliRunner().invoke(app, ["simulate", "fellowship", "--players", "3", "--agents", "greedy",
                                      "--games", "4", "--seed", "2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for text in ("destroyed", "score", "conflicts completed", "outcome", "last event", "location"):
        assert text in result.output
    with (tmp_path / "games.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 4
    assert {"outcome", "score", "location", "last_event", "conflicts_completed", "corruption_2"} <= set(rows[0])
    for plot in ("shares_outcome.png", "shares_location.png", "shares_last_event.png"):
        assert (tmp_path / plot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
