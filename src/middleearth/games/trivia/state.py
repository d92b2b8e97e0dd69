"""The rules of The Lord of the Rings Trivia Game as a state machine.

A turn: from where the turn began, the active player moves one location (hands in the chips
printed between the two, then faces its challenge) or lingers and rolls the Strength die twice.
After each mastered challenge they choose again; a failure sends the hobbit back to where the
turn began, never past a safe location, and ends the turn. The first to master a final
challenge at Mount Doom wins.

``phase`` names the decision waiting: the active seat's (``decide``, ``choose``, ``answer``,
``wrong``, ``damage``, ``tree``), the reader's (``ask``: a hard question), or chance's
(``draw_question``, ``draw_location``, ``roll``, ``tile``).

Hidden information is the answer. ``keys[q]`` holds each question's (correct, bracket) option
indexes of the open question card. The reader seat (option ``reader=seat``) reads the card and
knows them; nobody else does until the question is answered. :meth:`TriviaState.resample` keeps
the card (its back and the question read are seen) and re-draws the keys among the options the
seat cannot tell apart, so a search by that seat sees each option read as equally likely.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from middleearth.core.contract import CHANCE, TERMINAL, Action, State
from middleearth.games.trivia.actions import (
    Chips, Move, chips_text, chips_words, partial_payment, payments,
)
from middleearth.games.trivia.components import EYE_DIFFICULTY

if TYPE_CHECKING:
    from middleearth.games.trivia.game import TriviaGame
    from middleearth.games.trivia.questions import Question

CHANCE_PHASES = {"draw_question", "draw_location", "roll", "tile"}
READER_PHASES = {"ask"}
LINGER_ROLLS = 2
TREE_RINGS = 2
# A safety net, not a rule: a match where nobody reaches Mount Doom in this many rounds ends
# without a winner (random players can wander for long; people never come near it).
MAX_ROUNDS = 500
OPTIONS_READ = {"easy": 3, "medium": 4, "hard": 4}


class TriviaState(State):
    """One moment of the game. Seats sit clockwise; the reader is the seat to the active one's
    right, the one who played before."""

    game: "TriviaGame"

    def __init__(self, game: "TriviaGame"):
        super().__init__(game)
        c = game.components
        n = game.num_players
        self.positions = [0] * n
        self.chips = [list(c.start) for _ in range(n)]
        self.items: list[list[str]] = [[] for _ in range(n)]
        self.supply = [s - n * h for s, h in zip(c.supply, c.start)]
        self.tiles = sorted(c.tiles)
        self.stacks: list[list[list[str]]] = [[list(s)] if s else [] for s in c.stacks]
        self.deck = list(range(len(game.cards)))
        self.active = 0
        self.turn_start = 0
        self.turns = 0
        self.phase = "decide"
        self.rolls_left = 0
        self.roll_for = ""
        self.difficulty = ""  # of the question being asked: easy | medium | hard
        self.location_card: str | None = None  # the location card being faced
        self.visit: list[str] = []  # location cards drawn this visit, back under the stack at its end
        self.damage_due: Chips = (0, 0, 0)
        self.qcard: int | None = None  # index into game.cards of the open question card
        self.qnumber: int | None = None  # 0..2: the question asked from it
        self.shown: tuple[int, ...] = ()  # option indexes read out, in order
        self.keys: list[tuple[int, int]] = []  # hidden: (correct, bracket) of each of the card's questions
        self.last: dict[str, Any] | None = None  # the last question answered, public
        self._reward_due = ""  # the reward on the back of the question just answered
        self.private: dict[int, tuple[int, ...]] = {}  # history index -> the only seats that saw it
        self.winner: int | None = None
        self.ended = False

    # -- the contract ------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.ended:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        if self.phase in READER_PHASES:
            return self.reader
        return self.active

    @property
    def reader(self) -> int:
        """The player to the right of the active one: in clockwise play, the one before."""
        return (self.active - 1) % self.game.num_players

    @property
    def knower(self) -> int | None:
        """The seat that reads the open card and so knows its answers, if a person's seat reads."""
        return self.reader if self.game.options["reader"] == "seat" else None

    def _legal_actions(self) -> list[Action]:
        return [Move(text) for text in self._options()]

    def _illegal_reason(self, action: Action) -> str | None:
        if str(action) in self._options():
            return None
        return f"{action} is not possible now: {self.describe_decision()}"

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Move(text), p) for text, p in self._chance()]

    def _is_chance_outcome(self, action: Action) -> bool:
        return any(text == str(action) for text, _ in self._chance())

    def _apply(self, action: Action) -> None:
        move = Move(str(action))
        getattr(self, f"_do_{self.phase}")(move)

    def returns(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.game.num_players)]

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        from middleearth.games.trivia.views import observe

        return observe(self, seat)

    def text(self, seat: int | None = None) -> str:
        from middleearth.games.trivia.views import plain_text

        return plain_text(self, seat)

    def key(self) -> Any:
        return (
            tuple(self.positions), tuple(map(tuple, self.chips)), tuple(map(tuple, self.items)), tuple(self.supply),
            tuple(self.tiles), tuple(tuple(map(tuple, s)) for s in self.stacks), tuple(self.deck), self.active,
            self.turn_start, self.turns, self.phase, self.rolls_left, self.roll_for, self.difficulty,
            self.location_card, tuple(self.visit), self.damage_due, self.qcard, self.qnumber, self.shown,
            tuple(self.keys), None if self.last is None else tuple(sorted(self.last.items())), self._reward_due,
            self.winner, self.ended,
        )

    def clone(self) -> "TriviaState":
        other = object.__new__(TriviaState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.movers = list(self.movers)
        other.positions = list(self.positions)
        other.chips = [list(c) for c in self.chips]
        other.items = [list(i) for i in self.items]
        other.supply = list(self.supply)
        other.tiles = list(self.tiles)
        other.stacks = [[list(batch) for batch in s] for s in self.stacks]
        other.deck = list(self.deck)
        other.visit = list(self.visit)
        other.keys = list(self.keys)
        other.last = dict(self.last) if self.last is not None else None
        other.private = dict(self.private)
        return other

    def resample(self, seat: int, rng: random.Random) -> "TriviaState":
        """A full state that agrees with all ``seat`` has seen: the open card stays (its back and
        the question read out are seen), but a seat that does not read it gets answers re-drawn
        among the options it cannot tell apart (for an easy question asked, the three read out)."""
        other = self.clone()
        if self.qcard is None or seat == self.knower:
            return other
        keys = []
        for number in range(3):
            if number == self.qnumber and self.difficulty == "easy":
                correct, bracket = rng.choice(self.shown), self.keys[number][1]
            else:
                correct, bracket = rng.sample(range(4), 2)
            keys.append((correct, bracket))
        other.keys = keys
        return other

    def log_text(self, index: int, seat: int | None) -> str | None:
        """``history[index]`` as ``seat`` saw it: a question card drawn is seen by its reader only."""
        seen_by = self.private.get(index)
        if seen_by is not None and seat not in seen_by:
            return None
        return str(self.history[index])

    # -- what is asked now ---------------------------------------------------------------------

    @property
    def components(self):
        return self.game.components

    def question(self, number: int | None = None) -> "Question | None":
        if self.qcard is None:
            return None
        number = self.qnumber if number is None else number
        return None if number is None else self.game.cards[self.qcard].question[number]

    def card_back(self) -> list[str]:
        """The rewards printed on the open card's back, question 1 to 3: everyone sees them."""
        if self.qcard is None:
            return []
        return [q.reward for q in self.game.cards[self.qcard].question]

    @property
    def is_final_question(self) -> bool:
        card = self.components.cards.get(self.location_card or "")
        return bool(card and card.final)

    def held(self, seat: int) -> Chips:
        ring, combat, travel = self.chips[seat]
        return (ring, combat, travel)

    def items_with(self, seat: int, symbol: str) -> list[str]:
        return sorted({item for item in self.items[seat] if self.components.item_symbol(item) == symbol})

    def next_location(self, seat: int) -> int | None:
        here = self.positions[seat]
        return here + 1 if here < self.components.goal else None

    def fall_back_to(self) -> int:
        """Where a failing hobbit goes: where the turn began, or the nearest safe location behind
        the one it failed at, whichever is further on."""
        here = self.positions[self.active]
        safe_behind = [i for i in range(here) if self.components.safe[i]]
        return max([self.turn_start, *safe_behind])

    def _options(self) -> list[str]:
        a = self.active
        phase = self.phase
        if phase == "decide":
            options = []
            target = self.next_location(a)
            if target is not None:
                ways = payments(self.components.costs[target], self.held(a))
                options += [f"move {chips_text(p)}".strip() for p in ways]
                options += [f"play {item}" for item in self.items_with(a, "haste")]
            return options + ["linger"]
        if phase == "choose":
            return [f"question {n}" for n in (1, 2, 3)]
        if phase == "ask":
            return [f"ask {n}" for n in (1, 2, 3)]
        if phase == "answer":
            options = [f"answer {k}" for k in range(1, len(self.shown) + 1)]
            if self.difficulty in ("easy", "medium") and not self.is_final_question:
                helps = self.items_with(a, "companions") + self.items_with(a, "gandalfs_hat")
                options += [f"play {item}" for item in helps]
            return options
        if phase == "wrong":
            return [f"play {item}" for item in self.items_with(a, "healing")] + ["accept"]
        if phase == "damage":
            options = [f"pay {chips_text(p)}" for p in payments(self.damage_due, self.held(a))]
            options += [f"play {item}" for item in self.items_with(a, "protection")]
            if not payments(self.damage_due, self.held(a)):
                options.append("accept")
            return options
        if phase == "tree":
            return ["take rings", "take tile"]
        return []

    def _chance(self) -> list[tuple[str, float]]:
        phase = self.phase
        if phase == "draw_question":
            share = 1.0 / len(self.deck)
            return [(f"card {self.game.cards[i].id}", share) for i in self.deck]
        if phase == "draw_location":
            batch = self._top_batch()
            return [(f"draw {card}", 1.0 / len(batch)) for card in sorted(batch)]
        if phase == "roll":
            faces = self.components.faces
            return [(f"die {face}", faces.count(face) / len(faces)) for face in dict.fromkeys(faces)]
        if phase == "tile":
            return [(f"tile {tile}", 1.0 / len(self.tiles)) for tile in self.tiles]
        return []

    def describe_decision(self) -> str:
        names = self.game.seat_names()
        who = names[self.current_player] if self.current_player >= 0 else "chance"
        return {
            "decide": f"{who} moves on (handing in chips), plays a Haste help, or lingers",
            "choose": f"{who} picks question 1, 2 or 3 by the reward on the card's back",
            "ask": f"{who}, the reader, picks the hardest of the card's three questions",
            "answer": f"{who} answers by the number of an option read out (1 to {len(self.shown)})",
            "wrong": f"{who} answered wrongly: play a Healing help or accept",
            "damage": f"{who} pays the damage of {chips_words(self.damage_due)}, plays a Protection help, "
                      "or accepts going back",
            "tree": f"{who} rolled the White Tree: take two Ring chips or an event tile",
            "draw_question": "the reader draws a question card",
            "draw_location": "a location card is drawn",
            "roll": "the Strength die is rolled",
            "tile": "an event tile is drawn",
        }.get(self.phase, "the game is over")

    # -- players' decisions ----------------------------------------------------------------------

    def _do_decide(self, move: Move) -> None:
        if move.verb == "linger":
            self.rolls_left, self.roll_for, self.phase = LINGER_ROLLS, "linger", "roll"
            return
        target = self.next_location(self.active)
        assert target is not None
        if move.verb == "play":  # Haste: on without handing in chips
            self._use_item(move.rest)
        else:
            self._pay(_parse_chips(move.rest))
        self._enter(target)

    def _do_choose(self, move: Move) -> None:
        self._ask(int(move.rest) - 1)

    def _do_ask(self, move: Move) -> None:
        self._ask(int(move.rest) - 1)

    def _do_answer(self, move: Move) -> None:
        question = self.question()
        assert question is not None and self.qnumber is not None
        correct = self.keys[self.qnumber][0]
        if move.verb == "play":
            symbol = self.components.item_symbol(move.rest)
            self._use_item(move.rest)
            self._close_question(given=None, how=symbol)
            # Companions: answered correctly, with the reward; Gandalf's Hat: without it.
            self._question_mastered(reward=symbol == "companions")
            return
        given = self.shown[int(move.rest) - 1]
        right = given == correct
        self._close_question(given=given, how="answer")
        if right:
            self._question_mastered(reward=True)
        elif self.items_with(self.active, "healing") and not self.is_final_question:
            self.phase = "wrong"
        else:
            self._fail()

    def _do_wrong(self, move: Move) -> None:
        if move.verb == "play":  # Healing: a new card, a question of the same level
            self._use_item(move.rest)
            self._start_question(self.difficulty)
        else:
            self._fail()

    def _do_damage(self, move: Move) -> None:
        if move.verb == "play":  # Protection: the damage is ignored
            self._use_item(move.rest)
            self._after_damage()
        elif move.verb == "pay":
            self._pay(_parse_chips(move.rest))
            self._after_damage()
        else:
            self._pay(partial_payment(self.damage_due, self.held(self.active)))
            self._fail()

    def _do_tree(self, move: Move) -> None:
        if move.rest == "tile":
            self.phase = "tile"
        else:
            self._take((TREE_RINGS, 0, 0))
            self._after_roll()

    # -- chance ----------------------------------------------------------------------------------

    def _do_draw_question(self, move: Move) -> None:
        card_id = move.rest
        index = self.game.card_index[card_id]
        self.deck.remove(index)
        self.qcard, self.qnumber = index, None
        self.keys = [(q.correct, q.bracket) for q in self.game.cards[index].question]
        self.private[len(self.history)] = () if self.knower is None else (self.knower,)
        if self.difficulty != "hard":
            self.phase = "choose"
        elif self.knower is not None:
            self.phase = "ask"
        else:
            self._ask(self._hardest())

    def _do_draw_location(self, move: Move) -> None:
        card_id = move.rest
        self._top_batch().remove(card_id)
        self.stacks[self.positions[self.active]] = [b for b in self.stacks[self.positions[self.active]] if b]
        self.visit.append(card_id)
        self.location_card = card_id
        card = self.components.cards[card_id]
        if any(card.damage):
            self._damage(card.damage)
        else:
            self._after_damage()

    def _do_roll(self, move: Move) -> None:
        face = move.rest
        if face in self.components.tree_faces:
            if self.tiles:
                self.phase = "tree"
                return
            self._take((TREE_RINGS, 0, 0))  # no event tile left: the two Ring chips
        else:
            self._take(self.components.face_chips[face])
        self._after_roll()

    def _do_tile(self, move: Move) -> None:
        self.tiles.remove(move.rest)
        self.items[self.active].append(move.rest)
        self._after_roll()

    # -- the flow of a turn ------------------------------------------------------------------------

    def _enter(self, target: int) -> None:
        self.positions[self.active] = target
        self.visit, self.location_card = [], None
        if self.components.kinds[target] == "special":
            self._draw_location()
        else:
            eye = self.components.eyes[target]
            assert eye is not None
            self._start_question(EYE_DIFFICULTY[eye])

    def _draw_location(self) -> None:
        if self._top_batch():
            self.phase = "draw_location"
        else:  # every card is held by players or drawn this visit: nothing is left to face
            self.location_card = None
            self._challenge_mastered()

    def _top_batch(self) -> list[str]:
        stack = self.stacks[self.positions[self.active]]
        return stack[0] if stack else []

    def _start_question(self, difficulty: str) -> None:
        if not self.deck:  # the box is empty: the cards asked go back in
            self.deck = list(range(len(self.game.cards)))
        self.difficulty, self.phase = difficulty, "draw_question"

    def _hardest(self) -> int:
        """With no person reading, the software asks the question marked hardest, the first of equals."""
        rank = {"easy": 0, "medium": 1, "hard": 2}
        questions = self.game.cards[self.qcard].question  # type: ignore[index]
        return max(range(3), key=lambda n: (rank[questions[n].difficulty], -n))

    def _ask(self, number: int) -> None:
        self.qnumber = number
        correct, bracket = self.keys[number]
        read = OPTIONS_READ[self.difficulty]
        self.shown = tuple(i for i in range(4) if read == 4 or i != bracket)
        self.phase = "answer"

    def _close_question(self, given: int | None, how: str) -> None:
        question = self.question()
        assert question is not None and self.qnumber is not None
        correct = self.keys[self.qnumber][0]
        self.last = {
            "seat": self.active, "question": question.text, "difficulty": self.difficulty,
            "given": None if given is None else question.options[given], "answer": question.options[correct],
            "right": given is None or given == correct, "how": how,
        }
        self._reward_due = question.reward
        self.qcard, self.qnumber, self.shown, self.keys = None, None, (), []

    def _question_mastered(self, reward: bool) -> None:
        card = self.components.cards.get(self.location_card or "")
        if card and card.final:  # the last question: the race is won, no reward is taken
            self._challenge_mastered()
            return
        if reward and not (card and card.danger):
            prize = self._reward_due
            if prize == "die":
                self.roll_for, self.rolls_left, self.phase = "reward", 1, "roll"
                return
            self._take(_parse_chips(prize))
        self._challenge_mastered()

    def _challenge_mastered(self) -> None:
        card = self.components.cards.get(self.location_card or "")
        if card and card.danger:
            self._draw_location()
            return
        if card and card.final:
            self.winner, self.ended, self.phase = self.active, True, "over"
            self._return_visit()
            return
        self._return_visit()
        self.phase = "decide"

    def _damage(self, need: Chips) -> None:
        self.damage_due = need
        ways = payments(need, self.held(self.active))
        if self.items_with(self.active, "protection") or len(ways) > 1:
            self.phase = "damage"
        elif ways:
            self._pay(ways[0])
            self._after_damage()
        else:  # hand in what there is, go back, and the card is not kept
            self._pay(partial_payment(need, self.held(self.active)))
            self._fail()

    def _after_damage(self) -> None:
        self.damage_due = (0, 0, 0)
        card = self.components.cards[self.location_card or ""]
        if card.border == "green":
            self.visit.remove(card.id)
            if card.symbol == "strength":  # used at once, then out of the game
                self.roll_for, self.rolls_left, self.phase = "strength", 1, "roll"
                return
            self.items[self.active].append(card.id)
            self._challenge_mastered()
        elif card.eye is not None:
            self._start_question(EYE_DIFFICULTY[card.eye])
        else:
            self._challenge_mastered()

    def _after_roll(self) -> None:
        self.rolls_left -= 1
        if self.roll_for == "linger":
            if self.rolls_left > 0:
                self.phase = "roll"
            else:
                self._end_turn()
        else:
            self._challenge_mastered()

    def _fail(self) -> None:
        self.positions[self.active] = self.fall_back_to()
        self._return_visit()
        self._end_turn()

    def _return_visit(self) -> None:
        """The location cards of this visit go back under their stack, shuffled (a batch of their own)."""
        if self.visit:
            where = self.components.cards[self.visit[0]].location
            self.stacks[where].append(sorted(self.visit))
        self.visit, self.location_card = [], None

    def _end_turn(self) -> None:
        self.turns += 1
        if self.turns >= MAX_ROUNDS * self.game.num_players:
            self.ended, self.phase = True, "over"
            return
        self.active = (self.active + 1) % self.game.num_players
        self.turn_start = self.positions[self.active]
        self.phase, self.roll_for, self.rolls_left, self.difficulty = "decide", "", 0, ""

    # -- chips and helps ---------------------------------------------------------------------------

    def _pay(self, chips: Chips) -> None:
        for kind, n in enumerate(chips):
            self.chips[self.active][kind] -= n
            self.supply[kind] += n

    def _take(self, chips: Chips) -> None:
        """Chips from the supply; when it runs short, what is left."""
        for kind, n in enumerate(chips):
            got = min(n, self.supply[kind])
            self.supply[kind] -= got
            self.chips[self.active][kind] += got

    def _use_item(self, item: str) -> None:
        self.items[self.active].remove(item)  # used helps leave the game


def _parse_chips(text: str) -> Chips:
    counts = dict.fromkeys(("ring", "combat", "travel"), 0)
    for word in text.split():
        name, _, n = word.partition(":")
        counts[name] += int(n)
    return (counts["ring"], counts["combat"], counts["travel"])
