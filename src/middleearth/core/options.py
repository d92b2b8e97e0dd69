"""Game options: each game declares them once; the CLI, the server and records check them here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from middleearth.core.errors import BadOption


@dataclass(frozen=True)
class Option:
    """One option of a game, with its default and what values are allowed.

    ``choices`` lists allowed values; ``minimum``/``maximum`` bound an integer;
    ``kind`` is ``int``, ``str``, ``bool`` or ``path`` (a folder, kept as text).
    """

    name: str
    default: Any
    help: str
    kind: str = "str"
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind == "int":
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.kind == "bool":
            return "true or false"
        return "a text"

    def check(self, value: Any) -> Any:
        """The value converted to this option's kind, or BadOption saying what is allowed."""
        converted = self._convert(value)
        if self.choices is not None and converted not in self.choices:
            raise BadOption(f"option {self.name}={value!r} is not allowed: use {self.allowed()}")
        if self.kind == "int":
            low_ok = self.minimum is None or converted >= self.minimum
            high_ok = self.maximum is None or converted <= self.maximum
            if not (low_ok and high_ok):
                raise BadOption(f"option {self.name}={value!r} is out of range: use {self.allowed()}")
        return converted

    def _convert(self, value: Any) -> Any:
        if value is None and self.default is None:
            return None
        if self.kind == "int":
            if isinstance(value, bool):
                raise BadOption(f"option {self.name}={value!r} is not a number: use {self.allowed()}")
            try:
                return int(value)
            except (TypeError, ValueError):
                raise BadOption(f"option {self.name}={value!r} is not a number: use {self.allowed()}") from None
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise BadOption(f"option {self.name}={value!r} is not a yes/no value: use {self.allowed()}")
        return str(value)


def check_options(declared: Sequence[Option], given: Mapping[str, Any], game: str) -> dict[str, Any]:
    """All options of a game, defaults filled in, each checked; unknown names are refused."""
    by_name = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise BadOption(f"{game} has no option {unknown[0]!r}: its options are {known}")
    return {
        name: option.check(given[name]) if name in given else option.default
        for name, option in by_name.items()
    }
