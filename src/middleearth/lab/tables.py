"""Rows as files: CSV for any spreadsheet, Parquet (pyarrow) for pandas, polars and DuckDB."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from middleearth.lab.simulate import Row

FORMATS = ("csv", "parquet")


def write_rows(rows: Sequence[Row], folder: Path, fmt: str = "csv") -> Path:
    """One line per game in ``folder/games.csv`` or ``folder/games.parquet``; returns the path."""
    if fmt not in FORMATS:
        raise ValueError(f"no format {fmt!r}: use one of {', '.join(FORMATS)}")
    folder.mkdir(parents=True, exist_ok=True)
    records = [row.flat() for row in rows]
    path = folder / f"games.{fmt}"
    if fmt == "csv":
        with path.open("w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=list(records[0]))
            writer.writeheader()
            writer.writerows(records)
    else:
        pq.write_table(pa.Table.from_pylist(records), path)
    return path
