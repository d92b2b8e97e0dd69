"""Content as data: component files checked against a schema, with provenance on every record.

Each game keeps TOML files in its ``data/`` folder. A user who owns the physical game can put a
file of the same name in their own data folder; it replaces the packaged one, and is checked the
same way. Errors name the file and the field.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from middleearth.core.errors import DataError

Provenance = Literal["rulebook", "board", "fan-data", "disputed", "design"]


class Strict(BaseModel):
    """A schema that refuses unknown fields, so a typo in a data file is an error, not a silence."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(Strict):
    """Where a value comes from. ``disputed`` records list the alternatives they chose between."""

    provenance: Provenance
    source: str
    alternatives: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _disputed_lists_alternatives(self) -> "Sourced":
        if self.provenance == "disputed" and not self.alternatives:
            raise ValueError("a disputed value must list its alternatives")
        return self


Model = TypeVar("Model", bound=BaseModel)


def _describe(error: ValidationError, shown: int = 3) -> str:
    """The first few problems: a typo'd key shows as a missing field AND an unknown one, and the
    user needs both to see what happened."""
    problems = [
        f"field {'.'.join(str(part) for part in problem['loc']) or '(top)'}: {problem['msg']}"
        for problem in error.errors()[:shown]
    ]
    more = f" (and {error.error_count() - shown} more problems)" if error.error_count() > shown else ""
    return "; ".join(problems) + more


def parse_content(text: str, model: type[Model], where: str) -> Model:
    """Parse TOML ``text`` into ``model``; DataError names ``where``, the line or the field."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{where} is not valid TOML: {error}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise DataError(f"{where}: {_describe(error)}") from None


def load_content(package: str, filename: str, model: type[Model], data_dir: str | Path | None = None) -> Model:
    """The component file ``filename``: from ``data_dir`` when it holds one, else the packaged copy."""
    if data_dir:
        folder = Path(data_dir)
        if not folder.is_dir():
            raise DataError(f"data folder {folder} does not exist or is not a folder")
        override = folder / filename
        if override.is_file():
            try:
                text = override.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise DataError(f"cannot read {override}: {error}") from None
            return parse_content(text, model, str(override))
    packaged = resources.files(package).joinpath("data", filename)
    return parse_content(packaged.read_text(encoding="utf-8"), model, f"{package}/data/{filename}")
