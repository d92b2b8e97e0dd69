"""`middleearth simulate`: the summary, the rows on disk, the plots, and bad options."""

import csv

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from middleearth.cli.main import app

runner = CliRunner()
BASE = ["simulate", "mordor", "--players", "2", "--agents", "random,greedy", "--games", "8", "--seed", "4"]
COLUMNS = {"game", "seed", "winners", "actions", "turns", "return_0", "return_1", "eliminations",
           "any_eliminated", "all_lost", "ring_0", "ring_1", "nazgul_marks_0", "eliminated_1"}


def test_summary_names_each_seat_and_the_rates():
    result = runner.invoke(app, BASE + ["--variant", "locations"])
    assert result.exit_code == 0, result.output
    for text in ("Frodo", "Sam", "greedy", "win share", "no winner", "all lost", "turns"):
        assert text in result.output


def test_csv_rows_and_plots_are_written(tmp_path):
    result = runner.invoke(app, BASE + ["--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with (tmp_path / "games.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 8 and COLUMNS <= set(rows[0])
    assert [int(row["game"]) for row in rows] == list(range(8))
    for plot in ("win_share.png", "length.png", "rates.png"):
        assert (tmp_path / plot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_parquet_rows_match_the_csv(tmp_path):
    runner.invoke(app, BASE + ["--out", str(tmp_path / "a")])
    result = runner.invoke(app, BASE + ["--out", str(tmp_path / "b"), "--format", "parquet"])
    assert result.exit_code == 0, result.output
    table = pq.read_table(tmp_path / "b" / "games.parquet")
    assert table.num_rows == 8 and COLUMNS <= set(table.column_names)
    with (tmp_path / "a" / "games.csv").open() as file:
        assert [int(row["turns"]) for row in csv.DictReader(file)] == table.column("turns").to_pylist()


@pytest.mark.parametrize("extra,named", [
    (["--players", "9"], "players"),
    (["--agents", "random,random,random"], "3 agents for 2 players"),
    (["--agents", "oracle"], "no agent named 'oracle'"),
    (["--format", "xlsx"], "--format 'xlsx'"),
    (["--variant", "hard"], "variant"),
    (["--backend", "cloud"], "no backend 'cloud'"),
    (["--option", "hobbits"], "NAME=VALUE"),
    (["--data", "/no/such/folder"], "does not exist"),
    (["--games", "0"], "games=0"),
])
def test_bad_options_give_one_line_and_exit_2(extra, named, tmp_path):
    result = runner.invoke(app, BASE + extra + ["--out", str(tmp_path)])
    assert result.exit_code == 2
    assert named in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())  # nothing written


def test_bad_game_name_exits_2():
    result = runner.invoke(app, ["simulate", "chess"])
    assert result.exit_code == 2 and "no game named 'chess'" in result.output
