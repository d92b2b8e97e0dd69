"""Question packs for the Trivia Game: the TOML format, loading, a validator, import and export.

A pack is a folder (or a single file) of TOML files; each file has a ``[pack]`` table and
``[[card]]`` records of three questions each (docs/trivia-questions.md gives the format).
The packaged pack is ``middleearth``; a user keeps packs of their own under
``<data_dir>/questions/`` (a folder or a ``.toml`` file per pack) or names any path.

Loading checks the schema and refuses a pack with errors; :func:`validate` lists every problem
(errors and warnings) and :func:`check_pack` is the report a person reads. Import and export
speak the Open Trivia DB JSON format (multiple choice) and a CSV of one row per question.
"""

from __future__ import annotations

import csv
import difflib
import html
import io
import json
import math
import re
import tomllib
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import Any, Iterable, Literal

from pydantic import Field, PrivateAttr, ValidationError

from middleearth.core.content import Sourced, Strict
from middleearth.core.errors import DataError

PACKAGE = "middleearth.games.trivia"
PACKAGED_PACK = "middleearth"

Difficulty = Literal["easy", "medium", "hard"]
Category = Literal["book", "characters", "places", "lore"]
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")
CATEGORIES: tuple[str, ...] = ("book", "characters", "places", "lore")

REWARD_PATTERN = r"^((ring|combat|travel):[1-3]|die)$"
PACK_ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
CARD_ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"

# The bank's intended mix (issue 5, the questions format): a pack strays at most TOLERANCE from it.
DIFFICULTY_TARGET = {"easy": 0.40, "medium": 0.35, "hard": 0.25}
DIFFICULTY_TOLERANCE = 0.10
CATEGORY_FLOOR = 0.15
# The right answer's position: each of the four within 25% +- 10 points.
POSITION_RANGE = (0.15, 0.35)
# Shares say little about a handful of questions: balance warnings start at this many.
BALANCE_MINIMUM = 30

# Near-duplicates, by difflib's ratio over normalised text (docs/trivia-questions.md gives the
# figures behind these): questions with the same answer from 0.65, any two questions from 0.95.
SAME_ANSWER_SIMILARITY = 0.65
SIMILARITY_THRESHOLD = 0.95
# Texts sharing fewer of their words than this cannot reach SIMILARITY_THRESHOLD in practice.
TOKEN_OVERLAP_THRESHOLD = 0.7

UNCHECKED_REFERENCE = "unchecked"

# Chapter titles by volume and book, to check a reference names a chapter that exists.
CHAPTERS: dict[tuple[str, str], tuple[str, ...]] = {
    ("FR", "I"): (
        "A Long-expected Party", "The Shadow of the Past", "Three is Company",
        "A Short Cut to Mushrooms", "A Conspiracy Unmasked", "The Old Forest",
        "In the House of Tom Bombadil", "Fog on the Barrow-downs",
        "At the Sign of the Prancing Pony", "Strider", "A Knife in the Dark", "Flight to the Ford",
    ),
    ("FR", "II"): (
        "Many Meetings", "The Council of Elrond", "The Ring Goes South", "A Journey in the Dark",
        "The Bridge of Khazad-dûm", "Lothlórien", "The Mirror of Galadriel", "Farewell to Lórien",
        "The Great River", "The Breaking of the Fellowship",
    ),
    ("TT", "III"): (
        "The Departure of Boromir", "The Riders of Rohan", "The Uruk-hai", "Treebeard",
        "The White Rider", "The King of the Golden Hall", "Helm's Deep", "The Road to Isengard",
        "Flotsam and Jetsam", "The Voice of Saruman", "The Palantír",
    ),
    ("TT", "IV"): (
        "The Taming of Sméagol", "The Passage of the Marshes", "The Black Gate is Closed",
        "Of Herbs and Stewed Rabbit", "The Window on the West", "The Forbidden Pool",
        "Journey to the Cross-roads", "The Stairs of Cirith Ungol", "Shelob's Lair",
        "The Choices of Master Samwise",
    ),
    ("RK", "V"): (
        "Minas Tirith", "The Passing of the Grey Company", "The Muster of Rohan",
        "The Siege of Gondor", "The Ride of the Rohirrim", "The Battle of the Pelennor Fields",
        "The Pyre of Denethor", "The Houses of Healing", "The Last Debate", "The Black Gate Opens",
    ),
    ("RK", "VI"): (
        "The Tower of Cirith Ungol", "The Land of Shadow", "Mount Doom", "The Field of Cormallen",
        "The Steward and the King", "Many Partings", "Homeward Bound", "The Scouring of the Shire",
        "The Grey Havens",
    ),
}
APPENDICES = "ABCDEF"
_CHAPTER_REFERENCE = re.compile(r"^(FR|TT|RK) (I|II|III|IV|V|VI)\.(\d{1,2}) (.+)$")
_OTHER_REFERENCE = re.compile(r"^(FR Prologue|RK Appendix [A-F])(\b.*)?$")

# Options that can be true beside another option: with the bracket dropped they change meaning.
_ALL_OR_NONE = re.compile(r"^(all|none|both|neither)( of (the|these|them|those)( above)?)?$")


# -- the format --------------------------------------------------------------------------------

class PackInfo(Sourced):
    """The ``[pack]`` table, the same in every file of a pack."""

    id: str = Field(pattern=PACK_ID_PATTERN)
    title: str = Field(min_length=1)
    language: str = Field(min_length=2)


class Question(Strict):
    text: str = Field(min_length=1)
    options: tuple[str, str, str, str]
    correct: int = Field(ge=0, le=3)
    bracket: int = Field(ge=0, le=3)
    difficulty: Difficulty
    reward: str = Field(pattern=REWARD_PATTERN)
    category: Category
    reference: str = Field(min_length=1)

    @property
    def answer(self) -> str:
        return self.options[self.correct]


class Card(Strict):
    id: str = Field(pattern=CARD_ID_PATTERN)
    question: tuple[Question, Question, Question]
    # The file (or import) the card came from, so a problem can name it.
    _origin: str = PrivateAttr(default="")

    @property
    def origin(self) -> str:
        return self._origin


def _card(raw: Any, origin: str) -> Card:
    card = Card.model_validate(raw)
    card._origin = origin
    return card


@dataclass(frozen=True)
class Pack:
    info: PackInfo
    cards: tuple[Card, ...]
    files: tuple[str, ...]


# -- loading -----------------------------------------------------------------------------------

def _field_path(location: tuple[Any, ...]) -> str:
    """``('question', 1, 'correct')`` -> ``question 2, field correct`` (questions count from 1)."""
    parts: list[str] = []
    rest = list(location)
    if len(rest) >= 2 and rest[0] == "question" and isinstance(rest[1], int):
        parts.append(f"question {rest[1] + 1}")
        rest = rest[2:]
    if rest:
        parts.append("field " + ".".join(str(part) for part in rest))
    return ", ".join(parts) or "the card"


def _explain(error: ValidationError, shown: int = 4) -> list[str]:
    explained: list[str] = []
    for problem in error.errors():
        location, kind = tuple(problem["loc"]), problem["type"]
        message = problem["msg"]
        if kind == "literal_error":
            message = f"{message} (got {problem['input']!r})"
        elif kind == "string_pattern_mismatch":
            message = f"{problem['input']!r} is not allowed: {_PATTERN_WORDS.get(problem['ctx']['pattern'], message)}"
        if location[-1:] in (("correct",), ("bracket",)) and kind != "missing":
            message = f"{problem['input']!r} is not allowed: give the index of an option, 0 (the first) to 3"
        if kind in ("missing", "too_long", "too_short", "tuple_type"):
            if "options" in location:
                location = location[: location.index("options") + 1]
                message = "a question has exactly four options"
            elif location[:1] == ("question",) and (len(location) == 1 or len(location) == 2 and kind == "missing"):
                location, message = ("question",), "a card has exactly three [[card.question]] tables"
        line = f"{_field_path(location)}: {message}"
        if line not in explained:
            explained.append(line)
    if len(explained) > shown:
        explained = explained[:shown] + [f"and {len(explained) - shown} more"]
    return explained


_PATTERN_WORDS = {
    REWARD_PATTERN: "a reward is ring:N, combat:N or travel:N with N 1 to 3, or die",
    PACK_ID_PATTERN: "an id is lowercase letters and digits, words joined by dashes",
}


def parse_pack_text(text: str, where: str) -> tuple[PackInfo, list[Card]]:
    """One pack file's text; DataError names ``where``, the card (id and number) and the field."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{where} is not valid TOML: {error}") from None
    unknown = sorted(set(raw) - {"pack", "card"})
    if unknown:
        raise DataError(f"{where}: unknown table {', '.join(unknown)}; a pack file holds [pack] and [[card]] only")
    if "pack" not in raw:
        raise DataError(
            f"{where}: no [pack] table; every file of a pack starts with one (id, title, language, provenance, source)"
        )
    try:
        info = PackInfo.model_validate(raw["pack"])
    except ValidationError as error:
        raise DataError(f"{where}: [pack] {'; '.join(_explain(error))}") from None
    cards_raw = raw.get("card", [])
    if not isinstance(cards_raw, list):
        raise DataError(f"{where}: 'card' must be a list of [[card]] tables")
    cards, problems = [], []
    for number, card_raw in enumerate(cards_raw, start=1):
        card_id = card_raw.get("id") if isinstance(card_raw, dict) else None
        name = f"card {card_id} (card {number} of the file)" if card_id else f"card {number} of the file"
        try:
            cards.append(_card(card_raw, where))
        except ValidationError as error:
            problems.append(f"{name}, {'; '.join(_explain(error))}")
    if problems:
        more = f" (and {len(problems) - 5} more cards with problems)" if len(problems) > 5 else ""
        raise DataError(f"{where}: " + " | ".join(problems[:5]) + more)
    return info, cards


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"cannot read {path}: {error}") from None


def load_pack(path: str | Path) -> Pack:
    """The pack in ``path``: one TOML file, or a folder whose every ``*.toml`` file shares its [pack] id.

    Only the schema is checked here; :func:`load_packs` and :func:`check_pack` also validate.
    """
    path = Path(path)
    if path.is_dir():
        files = sorted(path.glob("*.toml"))
        if not files:
            raise DataError(f"pack folder {path} holds no .toml files")
    elif path.is_file():
        files = [path]
    else:
        raise DataError(f"no question pack at {path}: give a .toml file or a folder of them")
    return _pack_from_texts([(_read(file), str(file)) for file in files])


def _pack_from_texts(texts: list[tuple[str, str]]) -> Pack:
    info: PackInfo | None = None
    cards: list[Card] = []
    for text, where in texts:
        file_info, file_cards = parse_pack_text(text, where)
        if info is not None and file_info.id != info.id:
            raise DataError(
                f"{where}: [pack] id {file_info.id!r} differs from {info.id!r} in {texts[0][1]}; "
                "every file of a pack has the same id"
            )
        info = info or file_info
        cards.extend(file_cards)
    assert info is not None
    return Pack(info, tuple(cards), tuple(where for _, where in texts))


def _packaged_pack() -> Pack:
    folder = resources.files(PACKAGE).joinpath("data", "questions")
    files = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".toml")), key=lambda entry: entry.name)
    texts = [(entry.read_text(encoding="utf-8"), f"{PACKAGE}/data/questions/{entry.name}") for entry in files]
    return _pack_from_texts(texts)


def available_packs(data_dir: str | Path | None = None) -> list[str]:
    """Pack names :func:`load_packs` knows: the packaged one and those in ``<data_dir>/questions/``."""
    names = [PACKAGED_PACK]
    folder = Path(data_dir) / "questions" if data_dir else None
    if folder and folder.is_dir():
        for entry in sorted(folder.iterdir()):
            name = entry.stem if entry.suffix == ".toml" else entry.name if entry.is_dir() else None
            if name and name not in names:
                names.append(name)
    return names


def _resolve(name_or_path: str | Path, data_dir: str | Path | None) -> Pack:
    text = str(name_or_path)
    if data_dir:
        folder = Path(data_dir)
        if not folder.is_dir():
            raise DataError(f"data folder {folder} does not exist or is not a folder")
        for candidate in (folder / "questions" / text, folder / "questions" / f"{text}.toml"):
            if re.fullmatch(PACK_ID_PATTERN, text) and candidate.exists():
                return load_pack(candidate)
    if text == PACKAGED_PACK:
        return _packaged_pack()
    path = Path(text)
    if path.exists() or not re.fullmatch(PACK_ID_PATTERN, text):
        return load_pack(path)  # a path that is not there says so
    raise DataError(
        f"no question pack named {text!r}: the packs are {', '.join(available_packs(data_dir))}, "
        "or give the path of a pack file or folder"
    )


def load_packs(names: Iterable[str | Path] = (PACKAGED_PACK,), data_dir: str | Path | None = None) -> list[Pack]:
    """The packs chosen for a match, by name or path, checked together.

    A name is looked up first in ``<data_dir>/questions/`` (a folder ``<name>/`` or a file
    ``<name>.toml``), then among the packaged packs. Any validator error (duplicate card ids
    across packs among them) raises DataError naming the records; warnings do not stop a match.
    """
    packs = [_resolve(name, data_dir) for name in names]
    if not packs:
        raise DataError("no question pack chosen: name at least one (the packaged pack is 'middleearth')")
    ids = Counter(pack.info.id for pack in packs)
    twice = sorted(pack_id for pack_id, count in ids.items() if count > 1)
    if twice:
        raise DataError(f"pack {', '.join(twice)} chosen twice; choose each pack once")
    errors = validate([card for pack in packs for card in pack.cards], warnings=False)
    if errors:
        shown = "; ".join(str(problem) for problem in errors[:5])
        more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
        raise DataError(f"the question packs have {len(errors)} errors: {shown}{more}")
    return packs


# -- the validator -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    severity: Literal["error", "warning"]
    rule: str
    message: str
    card: str = ""
    question: int | None = None
    origin: str = ""

    def __str__(self) -> str:
        where = [self.origin] if self.origin else []
        if self.card:
            where.append(f"card {self.card}")
        if self.question:
            where.append(f"question {self.question}")
        place = f" {', '.join(where)}:" if where else ""
        return f"{self.severity} [{self.rule}]{place} {self.message}"


def normalise(text: str) -> str:
    """Case, accents, punctuation and runs of spaces do not make two texts different."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(re.sub(r"[^\w\s]", " ", plain).split())


def _title_key(title: str) -> str:
    return normalise(title).replace(" ", "")


def reference_problem(reference: str) -> str | None:
    """Why ``reference`` is not a well-formed place in the book, or None when it is."""
    if reference.strip() != reference or "  " in reference:
        return f"reference {reference!r} has stray spaces"
    if _OTHER_REFERENCE.match(reference):
        return None
    found = _CHAPTER_REFERENCE.match(reference)
    if not found:
        return (
            f"reference {reference!r} is not a place in the book: write 'FR I.3 Three is Company' "
            "(volume FR, TT or RK, book I to VI, chapter number and title), 'FR Prologue' or 'RK Appendix A' to 'F'"
        )
    volume, book, number, title = found.groups()
    chapters = CHAPTERS.get((volume, book))
    if chapters is None:
        books = ", ".join(b for v, b in CHAPTERS if v == volume)
        return f"reference {reference!r}: {volume} holds books {books}, not book {book}"
    if not 1 <= int(number) <= len(chapters):
        return f"reference {reference!r}: book {book} has chapters 1 to {len(chapters)}"
    expected = chapters[int(number) - 1]
    if _title_key(title) != _title_key(expected):
        return f"reference {reference!r}: chapter {book}.{number} is {expected!r}"
    return None


def similarity(first: str, second: str) -> float:
    """difflib's ratio of matching characters over two normalised texts (1.0 the same)."""
    return difflib.SequenceMatcher(None, normalise(first), normalise(second), autojunk=False).ratio()


def _token_overlap(first: set[str], second: set[str]) -> float:
    return len(first & second) / len(first | second) if first | second else 1.0


def _question_errors(question: Question) -> list[tuple[str, str]]:
    """The (rule, message) errors of one question on its own."""
    found = []
    options = [normalise(option) for option in question.options]
    for index, option in enumerate(options):
        if not option:
            found.append(("options-distinct", f"option {index} is empty once spaces and punctuation are dropped"))
    repeated = sorted({option for option in options if option and options.count(option) > 1})
    if repeated:
        shown = ", ".join(map(repr, repeated))
        message = f"options repeat {shown} (case, accents and spaces aside); the four must differ"
        found.append(("options-distinct", message))
    vague = [question.options[index] for index, option in enumerate(options) if _ALL_OR_NONE.match(option)]
    if vague:
        message = f"option {vague[0]!r} can be right beside another; each option is a single answer"
        found.append(("one-correct", message))
    if question.bracket == question.correct:
        found.append((
            "bracket-correct",
            f"bracket {question.bracket} is the right answer {question.answer!r}; the bracket marks a wrong option",
        ))
    if question.reference != UNCHECKED_REFERENCE:
        problem = reference_problem(question.reference)
        if problem:
            found.append(("reference", problem))
    return found


def validate(cards: Iterable[Card], *, warnings: bool = True) -> list[Problem]:
    """Every problem of ``cards`` taken as one bank: errors first, then warnings (when asked)."""
    cards = list(cards)
    problems: list[Problem] = []

    def error(rule: str, message: str, card: Card, number: int | None = None) -> None:
        problems.append(Problem("error", rule, message, card.id, number, card.origin))

    def warn(rule: str, message: str, card: Card, number: int | None = None) -> None:
        if warnings:
            problems.append(Problem("warning", rule, message, card.id, number, card.origin))

    first_seen: dict[str, Card] = {}
    for card in cards:
        if card.id in first_seen:
            elsewhere = first_seen[card.id].origin or "another card"
            error("duplicate-id", f"card id {card.id!r} is also used in {elsewhere}; ids are unique across packs", card)
        else:
            first_seen[card.id] = card

    seen_texts: dict[str, tuple[Card, int]] = {}
    for card in cards:
        for number, question in enumerate(card.question, start=1):
            for rule, message in _question_errors(question):
                error(rule, message, card, number)
            if question.reference == UNCHECKED_REFERENCE:
                warn("reference", "reference 'unchecked' (an import): check the fact, name its chapter", card, number)
            key = normalise(question.text)
            if key in seen_texts:
                other, other_number = seen_texts[key]
                error("duplicate-question", f"same question as card {other.id} question {other_number}", card, number)
            else:
                seen_texts[key] = (card, number)
            if question.reward.startswith("ring:3"):
                warn("reward", "ring:3: ring chips are the rarest, give ring:1 or ring:2", card, number)
        rewards = [question.reward for question in card.question]
        if len(set(rewards)) == 1:
            warn("reward", f"all three questions give {rewards[0]}; mix the rewards so the choice matters", card)

    if warnings:
        problems.extend(_near_duplicates(cards))
        problems.extend(_balance(cards))
    return sorted(problems, key=lambda problem: problem.severity != "error")


def _answer_key(answer: str) -> str:
    return re.sub(r"^(the|a|an) ", "", normalise(answer))


def _candidate_pairs(entries: list[tuple[Card, int, str, str]]) -> set[tuple[int, int]]:
    """Pairs worth a character ratio: those with the same answer, and those whose word sets may
    overlap by TOKEN_OVERLAP_THRESHOLD (found by prefix filtering: two sets that overlap that much
    share a word among their rarest few, so only those are indexed)."""
    pairs: set[tuple[int, int]] = set()
    by_answer: dict[str, list[int]] = {}
    for index, entry in enumerate(entries):
        by_answer.setdefault(entry[3], []).append(index)
    for group in by_answer.values():
        pairs.update(combinations(group, 2))
    tokens = [set(entry[2].split()) for entry in entries]
    frequency = Counter(token for words in tokens for token in words)
    index_of: dict[str, list[int]] = {}
    for index, words in enumerate(tokens):
        ranked = sorted(words, key=lambda token: (frequency[token], token))
        keep = len(ranked) - math.ceil(TOKEN_OVERLAP_THRESHOLD * len(ranked)) + 1
        near = {other for token in ranked[:keep] for other in index_of.get(token, ())}
        pairs.update(
            (other, index) for other in near if _token_overlap(tokens[other], words) >= TOKEN_OVERLAP_THRESHOLD
        )
        for token in ranked[:keep]:
            index_of.setdefault(token, []).append(index)
    return pairs


def _near_duplicates(cards: list[Card]) -> list[Problem]:
    """Pairs that ask the same thing: the same answer and much the same words, or almost the same text.

    Template questions ("What did Galadriel give Sam?" / "...give Frodo?") share most characters
    but not their answer, so the answer-blind threshold is kept near identity.
    """
    entries = [
        (card, number, normalise(question.text), _answer_key(question.answer))
        for card in cards for number, question in enumerate(card.question, start=1)
    ]
    found = []
    for first, second in sorted(_candidate_pairs(entries)):
        same_answer = entries[first][3] == entries[second][3]
        if entries[first][2] == entries[second][2]:
            continue  # an exact duplicate, an error of its own
        ratio = difflib.SequenceMatcher(None, entries[first][2], entries[second][2], autojunk=False).ratio()
        if ratio >= (SAME_ANSWER_SIMILARITY if same_answer else SIMILARITY_THRESHOLD):
            card, number, _, _ = entries[second]
            other, other_number, _, _ = entries[first]
            reason = "with the same answer" if same_answer else "in wording"
            message = f"{ratio:.0%} like card {other.id} question {other_number} {reason}; ask another fact or reword"
            found.append(Problem("warning", "near-duplicate", message, card.id, number, card.origin))
    return found


def figures(cards: Iterable[Card]) -> dict[str, Counter]:
    """Counts over the questions of ``cards``: difficulty, category, answer position, reward kind."""
    questions = [question for card in cards for question in card.question]
    return {
        "difficulty": Counter(question.difficulty for question in questions),
        "category": Counter(question.category for question in questions),
        "position": Counter(question.correct for question in questions),
        "reward": Counter(question.reward.split(":")[0] for question in questions),
    }


def _shares(counts: Counter, keys: Iterable[Any]) -> str:
    total = sum(counts.values())
    return ", ".join(f"{key} {counts[key]} ({counts[key] / total:.0%})" for key in keys)


def _balance(cards: list[Card]) -> list[Problem]:
    counts = figures(cards)
    total = sum(counts["difficulty"].values())
    if total < BALANCE_MINIMUM:
        return []
    found = []
    off = [
        level for level in DIFFICULTIES
        if abs(counts["difficulty"][level] / total - DIFFICULTY_TARGET[level]) > DIFFICULTY_TOLERANCE
    ]
    if off:
        target = ", ".join(f"{level} {share:.0%}" for level, share in DIFFICULTY_TARGET.items())
        found.append(Problem(
            "warning", "balance",
            f"difficulties {_shares(counts['difficulty'], DIFFICULTIES)}: {', '.join(off)} strays more than "
            f"{DIFFICULTY_TOLERANCE:.0%} from the mix {target}",
        ))
    low = [category for category in CATEGORIES if counts["category"][category] / total < CATEGORY_FLOOR]
    if low:
        found.append(Problem(
            "warning", "balance",
            f"categories {_shares(counts['category'], CATEGORIES)}: {', '.join(low)} under {CATEGORY_FLOOR:.0%}",
        ))
    low_share, high_share = POSITION_RANGE
    skewed = [position for position in range(4) if not low_share <= counts["position"][position] / total <= high_share]
    if skewed:
        found.append(Problem(
            "warning", "answer-position",
            f"right answers at positions {_shares(counts['position'], range(4))}: position "
            f"{', '.join(map(str, skewed))} outside {low_share:.0%} to {high_share:.0%}; a player could guess by place",
        ))
    return found


@dataclass
class PackReport:
    """What :func:`check_pack` found: the cards, every problem, and the pack's figures."""

    source: str
    cards: list[Card] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [problem for problem in self.problems if problem.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [problem for problem in self.problems if problem.severity == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def text(self) -> str:
        lines = [f"{self.source}: {len(self.cards)} cards, {3 * len(self.cards)} questions"]
        if self.cards:
            counts = figures(self.cards)
            lines.append("  difficulty: " + _shares(counts["difficulty"], DIFFICULTIES))
            lines.append("  category:   " + _shares(counts["category"], CATEGORIES))
            lines.append("  position:   " + _shares(counts["position"], range(4)))
            lines.append("  reward:     " + _shares(counts["reward"], ("ring", "combat", "travel", "die")))
        lines.extend(f"  {problem}" for problem in self.problems)
        verdict = "ok" if self.ok else "refused"
        lines.append(f"{verdict}: {len(self.errors)} errors, {len(self.warnings)} warnings")
        return "\n".join(lines)


def check_pack(path: str | Path, data_dir: str | Path | None = None) -> PackReport:
    """The report on one pack (a name, a file or a folder): schema errors, then every rule."""
    report = PackReport(str(path))
    try:
        pack = _resolve(path, data_dir)
    except DataError as error:
        report.problems.append(Problem("error", "schema", str(error)))
        return report
    report.cards = list(pack.cards)
    report.problems = validate(report.cards)
    return report


# -- writing our TOML --------------------------------------------------------------------------

def _toml_string(text: str) -> str:
    # A JSON string is a valid TOML basic string once non-ASCII is kept as it is.
    return json.dumps(text, ensure_ascii=False)


def pack_to_toml(info: PackInfo, cards: Iterable[Card]) -> str:
    lines = ["[pack]"]
    for key in ("id", "title", "language", "provenance", "source"):
        lines.append(f"{key} = {_toml_string(getattr(info, key))}")
    if info.alternatives:
        lines.append("alternatives = [" + ", ".join(map(_toml_string, info.alternatives)) + "]")
    for card in cards:
        lines += ["", "[[card]]", f"id = {_toml_string(card.id)}"]
        for question in card.question:
            lines += [
                "",
                "[[card.question]]",
                f"text = {_toml_string(question.text)}",
                "options = [" + ", ".join(map(_toml_string, question.options)) + "]",
                f"correct = {question.correct}",
                f"bracket = {question.bracket}",
                f"difficulty = {_toml_string(question.difficulty)}",
                f"reward = {_toml_string(question.reward)}",
                f"category = {_toml_string(question.category)}",
                f"reference = {_toml_string(question.reference)}",
            ]
    return "\n".join(lines) + "\n"


# -- Open Trivia DB JSON -----------------------------------------------------------------------

OPENTDB_CATEGORY = "Entertainment: Books"
# What a bare OpenTDB question lacks, filled by its place on the card (docs: "Importing").
DEFAULT_REWARDS = ("travel:2", "combat:2", "ring:1")
DEFAULT_CATEGORY = "book"


def _escape(text: str) -> str:
    """OpenTDB's default encoding: HTML entities, apostrophes as &#039;."""
    return html.escape(text, quote=True).replace("&#x27;", "&#039;")


def cards_to_opentdb(cards: Iterable[Card]) -> dict[str, Any]:
    """The OpenTDB API's response shape, three results per card, with our fields as extensions."""
    results = []
    for card in cards:
        for number, question in enumerate(card.question, start=1):
            wrong = [option for index, option in enumerate(question.options) if index != question.correct]
            results.append({
                "type": "multiple",
                "difficulty": question.difficulty,
                "category": OPENTDB_CATEGORY,
                "question": _escape(question.text),
                "correct_answer": _escape(question.answer),
                "incorrect_answers": [_escape(option) for option in wrong],
                # Extensions (not OpenTDB's): enough to rebuild the card exactly.
                "card": card.id,
                "number": number,
                "answer_position": question.correct,
                "bracketed_answer": _escape(question.options[question.bracket]),
                "reward": question.reward,
                "topic": question.category,
                "reference": question.reference,
            })
    return {"response_code": 0, "results": results}


def cards_from_opentdb(
    data: dict[str, Any] | list[Any], where: str = "OpenTDB data", id_prefix: str = "otdb"
) -> list[Card]:
    """Cards from OpenTDB JSON (the API response, or its ``results`` list).

    Results that carry ``card`` and ``number`` (our export) are grouped by card; bare results
    make cards three at a time in file order, ids ``<id_prefix>-0001``... and missing fields are
    filled as docs/trivia-questions.md says.
    """
    results = data.get("results") if isinstance(data, dict) else data
    if not isinstance(results, list):
        raise DataError(f"{where}: no 'results' list; OpenTDB JSON is {{\"response_code\": 0, \"results\": [...]}}")
    questions: list[tuple[str | None, dict[str, Any]]] = []
    for number, result in enumerate(results, start=1):
        name = f"{where}: result {number}"
        if not isinstance(result, dict):
            raise DataError(f"{name} is not an object")
        if result.get("type", "multiple") != "multiple":
            kind = result.get("type")
            raise DataError(f"{name} has type {kind!r}: only 'multiple' (four options) makes a card question")
        questions.append((result.get("card"), _opentdb_question(result, name, len(questions))))
    grouped: dict[str, list[dict[str, Any]]] = {}
    if questions and all(card_id for card_id, _ in questions):
        for card_id, question in questions:
            grouped.setdefault(str(card_id), []).append(question)
    else:
        if len(questions) % 3:
            short = 3 - len(questions) % 3
            raise DataError(
                f"{where}: {len(questions)} questions do not make whole cards of three; "
                f"add {short} or remove {3 - short}"
            )
        for start in range(0, len(questions), 3):
            grouped[f"{id_prefix}-{start // 3 + 1:04d}"] = [question for _, question in questions[start:start + 3]]
    cards = []
    for card_id, card_questions in grouped.items():
        for place, question in enumerate(card_questions):
            question.setdefault("reward", DEFAULT_REWARDS[place % 3])
        try:
            cards.append(_card({"id": card_id, "question": card_questions}, where))
        except ValidationError as error:
            raise DataError(f"{where}: card {card_id}, {'; '.join(_explain(error))}") from None
    return cards


def _opentdb_question(result: dict[str, Any], name: str, index: int) -> dict[str, Any]:
    for key in ("question", "correct_answer", "incorrect_answers"):
        if key not in result:
            raise DataError(
                f"{name} has no {key!r}; a multiple-choice result has question, correct_answer and incorrect_answers"
            )
    wrong = result["incorrect_answers"]
    if not isinstance(wrong, list) or len(wrong) != 3:
        raise DataError(f"{name}: incorrect_answers must list three answers, not {wrong!r}")
    correct = html.unescape(str(result["correct_answer"]))
    wrong = [html.unescape(str(option)) for option in wrong]
    if normalise(correct) in map(normalise, wrong):
        raise DataError(
            f"{name}: the correct answer {correct!r} is also among incorrect_answers; exactly one option is right"
        )
    # A bare question puts its answer at 0, 1, 2, 3 in turn, so positions spread evenly.
    position = result.get("answer_position", index % 4)
    if position not in range(4):
        raise DataError(f"{name}: answer_position must be 0 to 3, not {position!r}")
    options = wrong[:position] + [correct] + wrong[position:]
    bracketed = result.get("bracketed_answer")
    if bracketed is None:
        bracket = options.index(wrong[-1])
    else:
        bracketed = html.unescape(str(bracketed))
        if bracketed not in wrong:
            raise DataError(f"{name}: bracketed_answer {bracketed!r} is not one of incorrect_answers")
        bracket = options.index(bracketed)
    question = {
        "text": html.unescape(str(result["question"])),
        "options": options,
        "correct": position,
        "bracket": bracket,
        "difficulty": result.get("difficulty", "medium"),
        "category": result.get("topic", DEFAULT_CATEGORY),
        "reference": result.get("reference", UNCHECKED_REFERENCE),
    }
    if "reward" in result:
        question["reward"] = result["reward"]
    return question


# -- CSV, one row per question -----------------------------------------------------------------

CSV_COLUMNS = (
    "card", "number", "question", "option_a", "option_b", "option_c", "option_d",
    "correct", "bracket", "difficulty", "reward", "category", "reference",
)
LETTERS = "ABCD"


def cards_to_csv(cards: Iterable[Card]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for card in cards:
        for number, question in enumerate(card.question, start=1):
            writer.writerow([
                card.id, number, question.text, *question.options, LETTERS[question.correct],
                LETTERS[question.bracket], question.difficulty, question.reward, question.category,
                question.reference,
            ])
    return out.getvalue()


def cards_from_csv(text: str, where: str = "CSV") -> list[Card]:
    """Cards from our CSV: one row per question, the rows of a card together, numbered 1 to 3."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [column for column in CSV_COLUMNS if column not in (reader.fieldnames or [])]
    if missing:
        raise DataError(f"{where}: missing columns {', '.join(missing)}; the header is {','.join(CSV_COLUMNS)}")
    grouped: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for row_number, row in enumerate(reader, start=2):
        name = f"{where}: row {row_number} (card {row['card'] or '?'})"
        letters = {}
        for column in ("correct", "bracket"):
            letter = (row[column] or "").strip().upper()
            if letter not in LETTERS or not letter:
                raise DataError(f"{name}, column {column}: {row[column]!r}; write the option's letter A, B, C or D")
            letters[column] = LETTERS.index(letter)
        if row["number"] not in ("1", "2", "3"):
            raise DataError(f"{name}, column number: {row['number']!r}; a card's questions are numbered 1, 2, 3")
        question = {
            "text": row["question"],
            "options": [row[f"option_{letter}"] for letter in "abcd"],
            **letters,
            **{column: row[column] for column in ("difficulty", "reward", "category", "reference")},
        }
        grouped.setdefault(row["card"], []).append((int(row["number"]), question))
    cards = []
    for card_id, numbered in grouped.items():
        numbers = sorted(number for number, _ in numbered)
        if numbers != [1, 2, 3]:
            raise DataError(f"{where}: card {card_id} has questions numbered {numbers}; a card has exactly 1, 2 and 3")
        try:
            in_order = [question for _, question in sorted(numbered, key=lambda item: item[0])]
            cards.append(_card({"id": card_id, "question": in_order}, where))
        except ValidationError as error:
            raise DataError(f"{where}: card {card_id}, {'; '.join(_explain(error))}") from None
    return cards


# -- files -------------------------------------------------------------------------------------

def read_cards(path: str | Path, id_prefix: str = "otdb") -> list[Card]:
    """Cards from a file by its suffix: ``.toml`` (a pack), ``.json`` (OpenTDB) or ``.csv``."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".toml" or path.is_dir():
        return list(load_pack(path).cards)
    if suffix == ".json":
        try:
            data = json.loads(_read(path))
        except json.JSONDecodeError as error:
            raise DataError(f"{path} is not valid JSON: {error}") from None
        return cards_from_opentdb(data, str(path), id_prefix)
    if suffix == ".csv":
        return cards_from_csv(_read(path), str(path))
    raise DataError(f"{path}: cannot tell the format; use .toml (a pack), .json (Open Trivia DB) or .csv")


def write_cards(cards: Iterable[Card], path: str | Path, info: PackInfo | None = None) -> None:
    """Write ``cards`` to ``path`` in the format its suffix names (``.toml`` needs the pack's ``info``)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".json":
        text = json.dumps(cards_to_opentdb(cards), ensure_ascii=False, indent=1) + "\n"
    elif suffix == ".csv":
        text = cards_to_csv(cards)
    elif suffix == ".toml":
        if info is None:
            raise DataError(f"{path}: a pack file needs its [pack] table (id, title, language, provenance, source)")
        text = pack_to_toml(info, cards)
    else:
        raise DataError(f"{path}: cannot tell the format; use .toml, .json (Open Trivia DB) or .csv")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise DataError(f"cannot write {path}: {error}") from None


def convert(
    source: str | Path, target: str | Path, pack_id: str = "imported", title: str = "Imported questions"
) -> list[Card]:
    """Read ``source`` and write ``target`` in the formats their suffixes name; a new pack file gets
    ``pack_id`` and ``title`` unless the source is a pack of its own."""
    source, target = Path(source), Path(target)
    if source.suffix.lower() == ".toml" or source.is_dir():
        pack = load_pack(source)
        cards, info = list(pack.cards), pack.info
    else:
        cards = read_cards(source, id_prefix=pack_id)
        info = PackInfo(
            id=pack_id, title=title, language="en", provenance="fan-data",
            source=f"imported from {source.name}; check every question before play",
        )
    write_cards(cards, target, info)
    return cards


def main(argv: list[str] | None = None) -> int:
    """``check PACK`` prints the report (exit 1 on errors); ``convert SOURCE TARGET`` imports or exports."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m middleearth.games.trivia.questions", description=main.__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate a pack: a name, a .toml file or a folder")
    check.add_argument("pack")
    check.add_argument("--data-dir", default=None)
    change = commands.add_parser("convert", help="between .toml packs, Open Trivia DB .json and .csv")
    change.add_argument("source")
    change.add_argument("target")
    change.add_argument("--pack-id", default="imported")
    change.add_argument("--title", default="Imported questions")
    arguments = parser.parse_args(argv)
    try:
        if arguments.command == "check":
            report = check_pack(arguments.pack, arguments.data_dir)
            print(report.text())
            return 0 if report.ok else 1
        cards = convert(arguments.source, arguments.target, arguments.pack_id, arguments.title)
        print(f"wrote {len(cards)} cards ({3 * len(cards)} questions) to {arguments.target}")
        return 0
    except DataError as error:
        print(f"error: {error}")
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
