"""Actions that are their text, and the grammar that reads them.

Games whose rules decide at each moment what is legal (fellowship, trivia, journeys) need no
more of an action than its canonical text: :class:`TextAction` is that, immutable and hashable,
and :class:`Grammar` checks a typed text against the forms a game knows, so a typo is refused
with the list of forms rather than with "not legal now".
"""

from __future__ import annotations

import re
from typing import TypeVar

from middleearth.core.contract import Action
from middleearth.core.errors import IllegalAction


class TextAction(Action):
    """One action, named by its text (``play gimli``, ``answer 2``, ``move NE``)."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.text == self.text  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self):  # deepcopy and pickle of a slotted, frozen value
        return (type(self), (self.text,))

    @property
    def verb(self) -> str:
        return self.text.split(" ", 1)[0]

    @property
    def words(self) -> list[str]:
        return self.text.split(" ")

    @property
    def rest(self) -> str:
        return self.text.split(" ", 1)[1] if " " in self.text else ""


Kind = TypeVar("Kind", bound=TextAction)


class Grammar:
    """The forms of a game's actions: ``(form shown to people, regular expression)`` pairs.

    ``shown`` forms are listed when a text does not parse (players' forms; chance's are left out).
    """

    def __init__(self, game_title: str, forms: list[tuple[str, str]], shown: int | None = None):
        self.game_title = game_title
        self.forms = forms
        self.shown = [form for form, _ in forms[:shown]]
        self.pattern = re.compile("|".join(f"(?:{pattern})" for _, pattern in forms))

    def parse(self, text: str, kind: type[Kind]) -> Kind:
        """The action written ``text`` (spaces tidied); IllegalAction lists the forms there are."""
        tidy = " ".join(str(text).split())
        if not self.pattern.fullmatch(tidy):
            raise IllegalAction(f"{text!r} is not an action of {self.game_title}; actions look like: "
                                f"{', '.join(self.shown)}")
        return kind(tidy)
