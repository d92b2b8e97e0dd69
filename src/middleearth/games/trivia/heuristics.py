"""The AI player of the Trivia Game: what it knows, and how it plays its chips and its luck.

Knowledge. An AI seat never reads the open card's answer from the state (a person's seat could
not). It has read the book instead: its memory is the question bank itself, the packs of the
match, as a player who had studied every card. Whether it *recalls* a given question is a chance
fixed per seat and question: a stable hash of the seat and the question's text, below the
recall rate of its knowledge level for the question's difficulty (``RECALL``). A seat that
recalls answers right; one that does not guesses among the options read out, also by a stable
hash. So an AI answers the same question the same way every time it meets it in a match, a
scholar knows all a fan of the same seat knows and more, and a match replays exactly. The
tests check that the choice never changes when :meth:`TriviaState.resample` moves the answer.

Strategy (option ``strategy``, per seat): ``bold`` moves on whenever it can pay; ``steady``
moves on while a failure would cost at most one location, or the next challenge is likely
won; ``careful`` moves on only when a failure costs nothing already won this turn, or the
next challenge is very likely won. Every strategy pays with the chips it values least (a Ring
chip is worth three of the others, since the way to Mount Doom asks for five of them), picks
the question whose reward is worth most, plays helps when they save a failure, and takes two
Ring chips on the White Tree while it holds fewer than three.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any, Hashable

from middleearth.core.contract import Action
from middleearth.core.heuristics import Heuristics
from middleearth.games.trivia.actions import Move

if TYPE_CHECKING:
    from middleearth.games.trivia.game import TriviaGame
    from middleearth.games.trivia.state import TriviaState

# Chance of recalling a question's answer, by knowledge level and the question's own difficulty.
RECALL = {
    "novice": {"easy": 0.50, "medium": 0.30, "hard": 0.15},
    "fan": {"easy": 0.80, "medium": 0.60, "hard": 0.40},
    "scholar": {"easy": 0.95, "medium": 0.85, "hard": 0.70},
}
CHIP_VALUE = {"ring": 3.0, "combat": 1.0, "travel": 1.0}
RINGS_WANTED = 3
# Success wanted before risking what the turn has won: (locations at risk allowed, chance enough).
PATIENCE = {"bold": (99, 0.0), "steady": (1, 0.6), "careful": (0, 0.85)}
SPECIAL_RISK = 0.85  # a location card may add damage or a second card to the question


def _unit(*parts: Any) -> float:
    """A number in [0, 1) fixed by ``parts``: the same on every run and every machine."""
    return zlib.crc32("|".join(map(str, parts)).encode("utf-8")) / 2**32


class TriviaHeuristics(Heuristics):
    """Evaluation, greedy policy and turn key for the Trivia Game, per seat knowledge and strategy."""

    def __init__(self, knowledge: tuple[str, ...] = (), strategies: tuple[str, ...] = ()):
        self.knowledge = tuple(knowledge)
        self.strategies = tuple(strategies)
        self._memories: dict[int, dict[str, list[tuple[frozenset[str], str, str]]]] = {}

    def describe(self) -> dict[str, Any]:
        return {"knowledge": list(self.knowledge), "strategy": list(self.strategies)}

    def level(self, seat: int) -> str:
        return self.knowledge[seat] if seat < len(self.knowledge) else "fan"

    def strategy(self, seat: int) -> str:
        return self.strategies[seat] if seat < len(self.strategies) else "steady"

    # -- knowledge ----------------------------------------------------------------------------

    def _memory(self, game: "TriviaGame") -> dict[str, list[tuple[frozenset[str], str, str]]]:
        """The bank as the AI has studied it: question -> [(its four options, answer, difficulty)]."""
        key = id(game)
        if key not in self._memories:
            memory: dict[str, list[tuple[frozenset[str], str, str]]] = {}
            for card in game.cards:
                for q in card.question:
                    memory.setdefault(q.text, []).append((frozenset(q.options), q.answer, q.difficulty))
            self._memories[key] = memory
        return self._memories[key]

    def recalls(self, game: "TriviaGame", seat: int, text: str, options: list[str]) -> str | None:
        """The answer ``seat`` remembers for the question read out, or None when it does not recall.

        Only the text and the options read out are used; of four options read, all four; of
        three, the card is found by its text and the options that were read."""
        found = [(answer, difficulty) for opts, answer, difficulty in self._memory(game).get(text, [])
                 if set(options) <= opts]
        if len(found) != 1:
            return None
        answer, difficulty = found[0]
        if answer not in options:
            return None
        if _unit("recall", seat, text) < RECALL[self.level(seat)][difficulty]:
            return answer
        return None

    def answer_index(self, state: "TriviaState", seat: int) -> int:
        """1-based option to answer the question read out: the one recalled, or a fixed guess."""
        question = state.observation(seat)["question"]
        options = question["options"]
        known = self.recalls(state.game, seat, question["text"], options)
        if known is not None:
            return options.index(known) + 1
        return int(_unit("guess", seat, question["text"]) * len(options)) + 1

    def success_chance(self, seat: int, difficulty: str) -> float:
        recall = RECALL[self.level(seat)][difficulty]
        read = 3 if difficulty == "easy" else 4
        return recall + (1 - recall) / read

    # -- evaluation -----------------------------------------------------------------------------

    def evaluate(self, state: "TriviaState", seat: int) -> float:  # type: ignore[override]
        """The returns once over; before, progress to Mount Doom (below a win) and a little for chips."""
        if state.is_terminal():
            return state.returns()[seat]
        goal = state.components.goal
        chips = sum(v * n for v, n in zip(CHIP_VALUE.values(), state.chips[seat]))
        return 0.8 * state.positions[seat] / goal + 0.01 * min(chips, 10) + 0.01 * min(len(state.items[seat]), 3)

    def turn_key(self, state: "TriviaState") -> Hashable:  # type: ignore[override]
        return state.turns

    # -- the greedy policy -----------------------------------------------------------------------

    def policy(self, state: "TriviaState", seat: int) -> Action:  # type: ignore[override]
        legal = [str(action) for action in state.legal_actions()]
        choose = getattr(self, f"_choose_{state.phase}", None)
        text = choose(state, seat, legal) if choose else None
        return Move(text if text in legal else legal[0])

    def _cost(self, text: str) -> float:
        total = 0.0
        for word in text.split()[1:]:
            name, _, n = word.partition(":")
            total += CHIP_VALUE[name] * int(n)
        return total

    def _next_chance(self, state: "TriviaState", seat: int) -> float:
        target = state.next_location(seat)
        if target is None:
            return 0.0
        c = state.components
        if c.kinds[target] == "special":
            return SPECIAL_RISK * self.success_chance(seat, "medium")
        return self.success_chance(seat, "easy" if c.eyes[target] == "green" else "medium")

    def _at_risk(self, state: "TriviaState", seat: int) -> int:
        """Locations already won this turn that a failure at the next one would give back."""
        target = state.next_location(seat)
        if target is None:
            return 0
        safe_behind = [i for i in range(target) if state.components.safe[i]]
        back = max([state.turn_start, *safe_behind])
        return state.positions[seat] - back

    def _choose_decide(self, state: "TriviaState", seat: int, legal: list[str]) -> str:
        moves = sorted((t for t in legal if t.startswith("move")), key=self._cost)
        hastes = [t for t in legal if t.startswith("play ")]
        if not moves and not hastes:
            return "linger"
        allowed_risk, enough = PATIENCE[self.strategy(seat)]
        if self._at_risk(state, seat) > allowed_risk and self._next_chance(state, seat) < enough:
            return "linger"
        if hastes and (not moves or "ring" in moves[0]):
            return hastes[0]
        return moves[0] if moves else hastes[0]

    def _reward_value(self, state: "TriviaState", reward: str) -> float:
        if reward == "die":
            return self._die_value(state)
        name, _, n = reward.partition(":")
        return CHIP_VALUE[name] * int(n)

    def _die_value(self, state: "TriviaState") -> float:
        c = state.components
        values = [2 * CHIP_VALUE["ring"] if face in c.tree_faces
                  else sum(v * n for v, n in zip(CHIP_VALUE.values(), c.face_chips[face])) for face in c.faces]
        return sum(values) / len(values)

    def _choose_choose(self, state: "TriviaState", seat: int, legal: list[str]) -> str:
        back = state.card_back()
        best = max(range(3), key=lambda n: (self._reward_value(state, back[n]), -n))
        return f"question {best + 1}"

    def _choose_ask(self, state: "TriviaState", seat: int, legal: list[str]) -> str:
        card = state.observation(seat).get("card") or []
        rank = {"easy": 0, "medium": 1, "hard": 2}
        if not card:
            return legal[0]
        hardest = max(card, key=lambda q: (rank[q["difficulty"]], -q["number"]))
        return f"ask {hardest['number']}"

    def _choose_answer(self, state: "TriviaState", seat: int, legal: list[str]) -> str:
        question = state.observation(seat)["question"]
        known = self.recalls(state.game, seat, question["text"], question["options"])
        helps = [t for t in legal if t.startswith("play ")]
        if known is None and helps:
            c = state.components
            companions = [t for t in helps if c.item_symbol(t.split()[1]) == "companions"]
            return (companions or helps)[0]
        return f"answer {self.answer_index(state, seat)}"

    def _choose_wrong(self, state: "TriviaState", seat: int, legal: list[str]) -> str:
        return legal[0]  # a Healing help when there is one, "accept" otherwise

    def _choose_damage(self, state: "TriviaState", seat: int, legal: list[str]) -> str:
        pays = sorted((t for t in legal if t.startswith("pay")), key=self._cost)
        protections = [t for t in legal if t.startswith("play ")]
        if protections and (not pays or self._cost(pays[0]) >= CHIP_VALUE["ring"]):
            return protections[0]
        return pays[0] if pays else (protections or ["accept"])[0]

    def _choose_tree(self, state: "TriviaState", seat: int, legal: list[str]) -> str:
        return "take rings" if state.chips[seat][0] < RINGS_WANTED else "take tile"
