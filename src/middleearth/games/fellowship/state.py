"""The rules of The Lord of the Rings (Reiner Knizia's cooperative game) as a state machine.

The game is a stack of tasks. Automatic tasks (move Sauron, resolve a space) run at once; a
task that needs a choice stops the machine and names who chooses: a seat, or chance (a tile,
a card, the Threat die, a gold rune). Every "at any time" play happens in an explicit window:
each seat that could act is asked in turn from the active player, and a seat that acts
reopens the window for everyone, so nothing is decided behind a player's back.

Hands are hidden: chance deals a card *kind* from the deck (identical Quest cards are one kind),
so the deck has no hidden order and :meth:`FellowshipState.resample` only re-deals the cards a
seat has not seen.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import permutations
from typing import TYPE_CHECKING, Any

from middleearth.core.contract import CHANCE, TERMINAL, Action, State
from middleearth.games.fellowship.actions import Move
from middleearth.games.fellowship.components import ACTIVITIES, LOCATIONS, TOKENS, Conflict, Step
from middleearth.games.fellowship.costs import Costs
from middleearth.games.fellowship.windows import Windows

if TYPE_CHECKING:
    from middleearth.games.fellowship.game import FellowshipGame

HAVENS = ("bag_end", "rivendell", "lothlorien")
DECISIONS = {  # task kinds where a seat chooses; every other kind runs itself or is chance's
    "window", "gandalf_choose", "wild_tile", "play", "ring_advance", "cost", "volunteer", "choice",
    "exchange", "prepare", "distribute", "council", "discard", "arrange", "miruvor", "lembas", "fatty",
}
CHANCE_TASKS = {"deal", "reveal_tile", "reveal_card", "die", "gold"}


class FellowshipState(Costs, Windows, State):
    """One moment of the game. Seats sit clockwise; seat ``i`` plays ``game.seat_hobbits[i]``."""

    game: "FellowshipGame"

    def __init__(self, game: "FellowshipGame"):
        super().__init__(game)
        c = game.components
        n = game.num_players
        self.corruption = [0] * n
        self.sauron = game.sauron_start
        self.out = [False] * n
        self.hands: list[Counter[str]] = [Counter() for _ in range(n)]
        self.runes = [0] * n
        self.gold_held: list[list[int]] = [[] for _ in range(n)]
        self.tokens = [[0, 0, 0] for _ in range(n)]  # heart, sun, ring
        self.supply = [count for _, count in c.life_tokens]
        self.gold = list(c.gold_runes)
        self.bearer: int | None = 0
        self.ring_used = False
        self.location = 0
        self.board = "moria"  # the Conflict board on the table (Moria is set up at the start)
        self.positions = {a: 0 for a in ACTIVITIES}
        self.event = 0
        self.story: Counter[str] = Counter(dict(c.tiles))
        self.story_top: list[str] = []  # tiles Foresight put back in a known order
        self.story_seer: int | None = None
        self.deck: Counter[str] = Counter(dict(c.quest_counts))
        self.discard: Counter[str] = Counter()
        self.boxed: Counter[str] = Counter()
        self.waiting = {loc: list(ids) for loc, ids in c.legendary_by_location.items()}
        self.gandalf = list(c.gandalf_cards)
        # known[s][o]: cards seat s knows seat o holds (passed to o by s, or shown to all).
        self.known: list[list[Counter[str]]] = [[Counter() for _ in range(n)] for _ in range(n)]
        self.private: dict[int, tuple[int, ...]] = {}  # history index -> the only seats that saw it
        self.active = 0
        self.played: list[str] = []  # colours played this turn
        self.tile: str | None = None  # the Story tile being resolved
        self.conflict_over = False
        self.turn_over = False
        self.protected: set[int] = set()  # Athelas: these seats ignore missing tokens this time
        self.roll_state: dict[str, Any] = {}
        self.flags: set[str] = set()  # Gandalf's Staff or Magic waiting for their tile or event
        self.pledges: list[tuple[int, str]] = []  # (seat, item) offered to a cost, face up
        self.revealed: list[str] = []  # Quest cards face up for Preparations
        self.in_transit: dict[int, str] = {}  # Council: cards passed face down, not yet received
        self.outcome: str | None = None  # destroyed | doom | ring_is_mine | bearer_lost | all_lost
        self.traitor: int | None = None
        self.last_event: str | None = None
        self.last_turn: int | None = None  # who played the last turn of the last Conflict
        self.events_log: list[str] = []  # events resolved, in order (for the lab)
        self.pending: list[tuple] = [("haven", "bag_end", 0)]
        self._run()

    # -- the contract ------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        task = self.pending[-1]
        return CHANCE if task[0] in CHANCE_TASKS else self._chooser(task)

    def _legal_actions(self) -> list[Action]:
        return [Move(t) for t in self._options(self.pending[-1])]

    def _illegal_reason(self, action: Action) -> str | None:
        text = str(action)
        options = self._options(self.pending[-1])
        if text in options:
            return None
        return f"{text} is not possible now: {self.describe_decision()}"

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Move(text), p) for text, p in self._chance(self.pending[-1])]

    def _is_chance_outcome(self, action: Action) -> bool:
        return any(text == str(action) for text, _ in self._chance(self.pending[-1]))

    def _sample_chance(self, rng: random.Random) -> Action:
        outcomes = self._chance(self.pending[-1])
        texts = [t for t, _ in outcomes]
        return Move(rng.choices(texts, weights=[p for _, p in outcomes], k=1)[0])

    def _apply(self, action: Action) -> None:
        task = self.pending.pop()
        mover = CHANCE if task[0] in CHANCE_TASKS else self._chooser(task)
        seen_by = self._seen_only_by(task, str(action))
        if seen_by is not None:
            self.private[len(self.history)] = seen_by
        handler = getattr(self, f"_do_{task[0]}")
        handler(task, Move(str(action)).words if mover != CHANCE else str(action).split(" ", 1)[1])
        self._run()

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.traitor is not None:
            return [float(self.track_score()) if s == self.traitor else 0.0 for s in range(n)]
        if self.outcome == "destroyed":
            if self.game.options["competitive"]:
                return [60.0 + self.runes[s] for s in range(n)]
            return [60.0 + sum(self.runes)] * n
        return [float(self.track_score())] * n

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        from middleearth.games.fellowship.views import observe

        return observe(self, seat)

    def text(self, seat: int | None = None) -> str:
        from middleearth.games.fellowship.views import plain_text

        return plain_text(self, seat)

    def key(self) -> Any:
        return (
            tuple(self.corruption), self.sauron, tuple(self.out), tuple(tuple(sorted(h.items())) for h in self.hands),
            tuple(self.runes), tuple(map(tuple, self.tokens)), tuple(self.supply), tuple(self.gold), self.bearer,
            self.ring_used, self.location, self.board, tuple(self.positions.items()), self.event,
            tuple(sorted(self.story.items())), tuple(self.story_top), tuple(sorted(self.deck.items())),
            tuple(sorted(self.discard.items())), tuple(sorted(self.boxed.items())),
            tuple((k, tuple(v)) for k, v in self.waiting.items()), tuple(self.gandalf), self.active,
            tuple(self.played), self.tile, self.conflict_over, self.turn_over, tuple(sorted(self.protected)),
            tuple(self.pledges), tuple(self.revealed), tuple(sorted(self.in_transit.items())), self.outcome,
            self.traitor, self.last_turn, tuple(self.pending), tuple(sorted(self.roll_state.items())),
            tuple(sorted(self.flags)),
        )

    def clone(self) -> "FellowshipState":
        other = object.__new__(FellowshipState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.movers = list(self.movers)
        other.corruption = list(self.corruption)
        other.out = list(self.out)
        other.hands = [Counter(h) for h in self.hands]
        other.runes = list(self.runes)
        other.gold_held = [list(g) for g in self.gold_held]
        other.tokens = [list(t) for t in self.tokens]
        other.supply = list(self.supply)
        other.gold = list(self.gold)
        other.positions = dict(self.positions)
        other.story = Counter(self.story)
        other.story_top = list(self.story_top)
        other.deck = Counter(self.deck)
        other.discard = Counter(self.discard)
        other.boxed = Counter(self.boxed)
        other.waiting = {k: list(v) for k, v in self.waiting.items()}
        other.gandalf = list(self.gandalf)
        other.known = [[Counter(k) for k in row] for row in self.known]
        other.private = dict(self.private)
        other.played = list(self.played)
        other.protected = set(self.protected)
        other.roll_state = dict(self.roll_state)
        other.flags = set(self.flags)
        other.pledges = list(self.pledges)
        other.revealed = list(self.revealed)
        other.in_transit = dict(self.in_transit)
        other.events_log = list(self.events_log)
        other.pending = list(self.pending)
        return other

    def resample(self, seat: int, rng: random.Random) -> "FellowshipState":
        """A full state that agrees with all ``seat`` has seen: the other hands (and cards in
        transit, and Story tiles another seat arranged) are re-dealt from what ``seat`` cannot see."""
        other = self.clone()
        n = self.game.num_players
        pool = Counter(other.deck)
        sizes = {}
        for o in range(n):
            if o == seat:
                continue
            sizes[o] = sum(other.hands[o].values())
            pool += other.hands[o] - self.known[seat][o]
            if o in other.in_transit:
                pool[other.in_transit[o]] += 1
        # Legendary cards never go into the Quest deck: an unseen one is in some hand, so those are
        # dealt first among the unknown places in hands, then Quest cards fill the rest.
        cards = self.game.components.cards
        legendary = sorted(c for c in pool.elements() if not cards[c].quest)
        quest = sorted(c for c in pool.elements() if cards[c].quest)
        rng.shuffle(quest)
        slots: list[tuple[int, str]] = []  # (seat, "hand" or "transit") for every unseen place
        hands: dict[int, Counter[str]] = {}
        for o, size in sizes.items():
            hands[o] = Counter(self.known[seat][o]) & self.hands[o]
            slots += [(o, "hand")] * (size - sum(hands[o].values()))
            if o in other.in_transit:
                slots.append((o, "transit"))
        rng.shuffle(slots)
        filling = legendary + quest[: max(0, len(slots) - len(legendary))]
        rng.shuffle(filling)
        filling.sort(key=lambda c: cards[c].quest)  # legendary first, each to a random place
        for (o, place), card in zip(slots, filling):
            if place == "hand":
                hands[o][card] += 1
            else:
                other.in_transit[o] = card
        for o, hand in hands.items():
            other.hands[o] = hand
        other.deck = Counter(quest[max(0, len(slots) - len(legendary)):])
        if other.story_top and other.story_seer != seat:
            tiles = sorted((other.story + Counter(other.story_top)).elements())
            rng.shuffle(tiles)
            top = [tiles.pop() for _ in other.story_top]
            other.story_top, other.story = top, Counter(tiles)
        elif other.story_top:
            pass
        if self.game.options["competitive"]:
            other._resample_gold(seat, rng)
        return other

    def _resample_gold(self, seat: int, rng: random.Random) -> None:
        # Competitive runes lie face down: another seat's gold values are as unknown as the pile's.
        values = list(self.gold)
        holders = [o for o in range(self.game.num_players) if o != seat]
        for o in holders:
            values += self.gold_held[o]
        rng.shuffle(values)
        for o in holders:
            old = self.gold_held[o]
            new = [values.pop() for _ in old]
            self.runes[o] = max(0, self.runes[o] - sum(old) + sum(new))
            self.gold_held[o] = new
        self.gold = sorted(values)

    def log_text(self, index: int, seat: int | None) -> str | None:
        """``history[index]`` as ``seat`` saw it: None when that seat did not see it (a card dealt
        to another hand, a card passed face down between two others, tiles another arranged)."""
        seen_by = self.private.get(index)
        if seen_by is not None and seat not in seen_by:
            return None
        return str(self.history[index])

    # -- who chooses, and what ---------------------------------------------------------------

    def _chooser(self, task: tuple) -> int:
        kind = task[0]
        if kind == "window":
            return task[2][0]
        if kind in ("wild_tile", "play", "gandalf_choose"):
            return self.active
        if kind in ("ring_advance", "prepare"):
            return task[1]
        if kind == "cost":
            return task[2][0]
        if kind in ("volunteer", "exchange", "council", "fatty"):
            return task[1][0] if kind != "fatty" else task[1]
        return task[1]  # choice, distribute, discard, arrange, miruvor, lembas: the seat named first

    def describe_decision(self) -> str:
        """What the player to move is deciding, in words (for refusals and views)."""
        if self.outcome is not None:
            return "the game is over"
        task = self.pending[-1]
        if task[0] in CHANCE_TASKS:
            return "chance moves next (a tile, a card, the Threat die or a gold rune)"
        who = self.game.seat_hobbits[self._chooser(task)]
        kind = task[0]
        if kind == "window":
            return f"{who} may act now ({_MOMENTS[task[1]]}) or pass"
        if kind == "play":
            return f"{who} plays up to two cards (one brown, one grey), or refreshes"
        if kind == "cost":
            step: Step = task[1]
            return f"{step.name}: {who} may give {self._need_text(dict(task[3]))} ({task[4]}), or say done"
        if kind == "discard":
            return f"{who} must discard {task[2]} card(s)"
        return f"{who} decides: {_DECISION_WORDS.get(kind, kind)}"

    def _options(self, task: tuple) -> list[str]:
        kind = task[0]
        seat = self._chooser(task)
        if kind == "window":
            return [*self._window_options(task[1], seat), "pass"]
        if kind == "gandalf_choose":
            return self._gandalf_options(task[1])
        if kind == "wild_tile":
            return [f"advance {a}" for a in self._open_tracks()]
        if kind == "ring_advance":
            return [f"advance {a}" for a in self._open_tracks()]
        if kind == "play":
            return self._play_options()
        if kind == "cost":
            return [*self._give_options(task), "done"]
        if kind == "volunteer":
            return ["volunteer", "decline"]
        if kind == "choice":
            return [f"choose {i + 1}" for i in range(len(task[2]))]
        if kind == "exchange":
            return [*(f"choose {i + 1}" for i in range(len(task[3]))), "decline"]
        if kind == "prepare":
            return ["prepare", "decline"]
        if kind == "distribute":
            card = task[2][0]
            return [f"give {card} to {self.game.seat_hobbits[s]}" for s in self._in_play()]
        if kind == "council":
            return [f"give {card}" for card in sorted(self.hands[seat])]
        if kind == "discard":
            return [f"discard {card}" for card in sorted(self.hands[seat])]
        if kind == "arrange":
            return sorted({"arrange " + ",".join(p) for p in permutations(self.story_top)})
        if kind == "miruvor":
            return [f"give {card}" for card in sorted(self.hands[seat])]
        if kind == "lembas":
            return [*(f"discard {card}" for card in sorted(self.hands[seat])), "done"]
        if kind == "fatty":
            return ["draw", "decline"]
        raise AssertionError(f"no options for {kind}")

    def _chance(self, task: tuple) -> list[tuple[str, float]]:
        kind = task[0]
        if kind in ("deal", "reveal_card"):
            total = sum(self.deck.values())
            word = "deal" if kind == "deal" else "reveal"
            return [(f"{word} {card}", n / total) for card, n in sorted(self.deck.items()) if n]
        if kind == "reveal_tile":
            total = sum(self.story.values())
            return [(f"tile {tile}", n / total) for tile, n in sorted(self.story.items()) if n]
        if kind == "die":
            faces = self.game.components.die
            return [(f"die {face}", 1 / len(faces)) for face, _, _ in faces]
        if kind == "gold":
            values = Counter(self.gold)
            return [(f"gold {v}", n / len(self.gold)) for v, n in sorted(values.items())]
        raise AssertionError(kind)

    def _seen_only_by(self, task: tuple, text: str) -> tuple[int, ...] | None:
        kind = task[0]
        if kind == "deal":
            return (task[1],)
        if kind == "reveal_tile" and task[1] is not None:  # Foresight: only its user looks
            return (task[1],)
        if kind == "arrange":
            return (task[1],)
        if kind == "council":
            seat = task[1][0]
            return (seat, self._left_in_play(seat))
        if kind == "miruvor":
            return (task[1], task[2])
        return None

    # -- the machine -------------------------------------------------------------------------

    def _run(self) -> None:
        """Run automatic tasks until someone (or chance) must choose, or the game ends."""
        while self.outcome is None:
            if not self.pending:
                raise AssertionError("the task stack ran dry")
            task = self.pending[-1]
            kind = task[0]
            if kind in CHANCE_TASKS:
                if self._chance_ready(task):
                    return
                continue
            if kind in DECISIONS:
                if self._decision_ready(task):
                    return
                continue
            self.pending.pop()
            getattr(self, f"_do_{kind}")(task)

    def _chance_ready(self, task: tuple) -> bool:
        """A chance task with outcomes stops the machine; one without (an empty deck) is dropped."""
        kind = task[0]
        if kind in ("deal", "reveal_card"):
            if not self.deck:
                self._reshuffle()
            if not self.deck:
                self.pending.pop()
                return False
            if kind == "deal" and self.out[task[1]]:
                self.pending.pop()
                return False
        if kind == "reveal_tile" and task[1] is None and self.story_top:
            self.pending.pop()
            self._tile_revealed(self.story_top.pop(0))
            return False
        if kind == "reveal_tile" and not self.story:
            self.pending.pop()
            if task[1] is None:  # the pile ran out: the Conflict has nothing more to tell
                self.conflict_over = True
            return False
        if kind == "gold" and not self.gold:
            self.pending.pop()
            return False
        if kind == "die" and self.roll_state.get("cancelled"):
            self.pending.pop()
            return False
        return True

    def _decision_ready(self, task: tuple) -> bool:
        """Drop a decision nobody can take (a window no seat can use, a cost no one can pay)."""
        kind = task[0]
        if kind == "window":
            seats = [s for s in task[2] if not self.out[s] and self._window_options(task[1], s)]
            if not seats:
                self.pending.pop()
                return False
            if tuple(seats) != task[2]:
                self.pending[-1] = (task[0], task[1], tuple(seats))
            return True
        if kind == "play":
            if self.turn_over or self.conflict_over or self.out[self.active]:
                self.pending.pop()
                return False
            return True
        if kind == "cost":
            return self._cost_ready(task)
        if kind in ("volunteer", "exchange", "council"):
            seats = tuple(s for s in task[1] if not self.out[s] and self._can_take(kind, task, s))
            if not seats:
                self.pending.pop()
                self._finish_queue(task)
                return False
            if seats != task[1]:
                self.pending[-1] = (kind, seats, *task[2:])
            return True
        if kind == "discard":
            seat, count = task[1], task[2]
            if self.out[seat]:
                self.pending.pop()
                return False
            if sum(self.hands[seat].values()) < count:  # cannot pay: everything goes, and the hobbit
                self.pending.pop()
                self._eliminate(seat, by_sauron=False, bankrupt=True)
                return False
            return True
        if kind in ("distribute", "lembas", "miruvor", "choice", "ring_advance", "fatty", "prepare"):
            seat = self._chooser(task)
            if self.out[seat] or not self._options(task):
                self.pending.pop()
                return False
            if kind == "ring_advance" and not self._open_tracks():
                self.pending.pop()
                return False
            return True
        if kind == "wild_tile":
            if not self._open_tracks():
                self.pending.pop()
                return False
            return True
        return True

    def _push(self, *tasks: tuple) -> None:
        """Queue ``tasks`` so that the first runs first."""
        self.pending.extend(reversed(tasks))

    # -- seats ---------------------------------------------------------------------------------

    def _in_play(self) -> list[int]:
        return [s for s in range(self.game.num_players) if not self.out[s]]

    def _clockwise_from(self, seat: int) -> list[int]:
        n = self.game.num_players
        return [(seat + i) % n for i in range(n) if not self.out[(seat + i) % n]]

    def _left_in_play(self, seat: int) -> int:
        n = self.game.num_players
        for i in range(1, n + 1):
            if not self.out[(seat + i) % n]:
                return (seat + i) % n
        return seat

    def ability(self, seat: int) -> str:
        return self.game.seat_abilities[seat]

    def _take_from_hand(self, seat: int, card: str) -> None:
        """``card`` leaves ``seat``'s hand (played, given, discarded): nobody knows it is there now."""
        self.hands[seat][card] -= 1
        if not self.hands[seat][card]:
            del self.hands[seat][card]
        self._forget(seat, card)

    def _forget(self, seat: int, card: str) -> None:
        for row in self.known:
            if row[seat][card]:
                row[seat][card] -= 1
                if not row[seat][card]:
                    del row[seat][card]

    # -- locations -----------------------------------------------------------------------------

    @property
    def location_id(self) -> str:
        return LOCATIONS[self.location]

    @property
    def conflict(self) -> Conflict:
        return self.game.components.conflicts[self.board]

    def in_conflict(self) -> bool:
        return self.location_id not in HAVENS

    def _do_haven(self, task: tuple) -> None:
        _, haven, index = task
        steps = self.game.components.havens[haven]
        if index >= len(steps):
            self._push(("travel",))
            return
        self.active = self.bearer if self.bearer is not None else self.active
        self._push(("window", "haven", self._window_seats()), *self._step_tasks(steps[index], origin="haven"),
                   ("haven", haven, index + 1))

    def _do_travel(self, task: tuple) -> None:
        self.location += 1
        here = self.location_id
        if here in HAVENS:
            self.pending.append(("haven", here, 0))
            return
        self.board = here
        self.positions = {a: 0 for a in ACTIVITIES}
        self.event = 0
        self.story = Counter(dict(self.game.components.tiles))
        self.story_top, self.story_seer = [], None
        self.ring_used = False
        self.conflict_over = False
        self.flags = set()
        if not self.game.options["equal_turns"] or self.last_turn is None:
            self.active = self.bearer if self.bearer is not None else self.active
        else:  # turns go on clockwise from whoever ended the last Conflict
            self.active = self._left_in_play(self.last_turn)
        self.pending.append(("turn",))

    # -- a turn in a Conflict ------------------------------------------------------------------

    def _do_turn(self, task: tuple) -> None:
        self.played = []
        self.turn_over = False
        self.tile = None
        self._push(("reveal_loop",), ("play",), ("turn_end",))

    def _do_reveal_loop(self, task: tuple) -> None:
        if self.turn_over or self.conflict_over or self.out[self.active]:
            return
        self._push(("window", "before_reveal", self._window_seats()), ("reveal_tile", None), ("resolve_tile",))

    def _do_reveal_tile(self, task: tuple, outcome: str) -> None:
        _, foresight = task
        self.story[outcome] -= 1
        if not self.story[outcome]:
            del self.story[outcome]
        if foresight is not None:
            self.story_top.append(outcome)
            self.story_seer = foresight
            return
        self._tile_revealed(outcome)

    def _tile_revealed(self, tile: str) -> None:
        self.tile = tile
        if not self.story_top:
            self.story_seer = None
        self.pending.append(("window", "tile", self._window_seats()))

    def _do_resolve_tile(self, task: tuple) -> None:
        tile = self.tile
        if tile is None or self.conflict_over:
            self.flags.discard("staff")  # the Conflict ended first: the Staff's tile never came
            return
        if tile in ACTIVITIES:
            if tile in self._open_tracks():
                advance = ("advance", tile, 1, False)
            else:
                advance = ("wild_tile",)
            self._push(advance, ("window", "after", self._window_seats()))
            return
        tasks: list[tuple] = []
        if tile == "rings_influence":
            if self.bearer is not None:
                tasks.append(("corrupt", self.bearer, 1, False))
        elif tile == "saurons_will":
            tasks.append(("volunteer", tuple(self._clockwise_from(self.active)), 2, (("sauron", 1),)))
        elif tile == "cycle_of_time":
            tasks.append(("next_event",))
        elif tile in _TILE_COSTS:
            if "staff" in self.flags:  # Gandalf's Staff: no cost, and the Event marker stays
                self.flags.discard("staff")
            else:
                tasks += self._cost_tasks(_TILE_COSTS[tile], origin="tile")
        self._push(*tasks, ("reveal_loop",))

    def _do_wild_tile(self, task: tuple, words: list[str]) -> None:
        self._push(("advance", words[1], 1, False))

    def _do_turn_end(self, task: tuple) -> None:
        self.tile = None
        self.played = []
        if self.conflict_over:
            self.last_turn = self.active
            self._push(("conflict_end",))
            return
        self.active = self._left_in_play(self.active)
        self.pending.append(("turn",))

    # -- activity tracks -------------------------------------------------------------------------

    def _open_tracks(self) -> list[str]:
        return [t.activity for t in self.conflict.tracks if self.positions[t.activity] < t.length]

    def _do_advance(self, task: tuple) -> None:
        _, activity, spaces, by_ring = task
        track = self.conflict.track(activity)
        if track is None:
            return
        start = self.positions[activity]
        end = min(track.length, start + spaces)
        self.positions[activity] = end
        tasks: list[tuple] = []
        if not by_ring:
            tasks = [("space", activity, space) for space in range(start + 1, end + 1)]
        elif activity == self.conflict.main and end == track.length and self.conflict.finale \
                and self.game.components.rulings["mount_doom_by_ring"] == "roll":
            tasks = [("space", activity, end)]
        if activity == self.conflict.main and end == track.length:
            tasks.append(("main_complete",))
        self._push(*tasks)

    def _do_space(self, task: tuple) -> None:
        _, activity, space = task
        rewards = self.conflict.track(activity).rewards[space - 1]
        seat = self.active
        if self.out[seat]:
            return
        later: list[tuple] = []
        for reward in rewards:
            if reward == "rune":
                self.runes[seat] += 1
            elif reward == "gold":
                later.insert(0, ("gold", seat))
            elif reward in TOKENS:
                self._take_token(seat, reward)
            elif reward == "purity":
                self.corruption[seat] = max(0, self.corruption[seat] - 1)
            elif reward == "die":
                later.append(("roll", seat, False))
            elif reward.startswith("card:"):
                self._gain(seat, reward[5:])
        self._push(*later)

    def _take_token(self, seat: int, token: str) -> None:
        index = TOKENS.index(token)
        if self.supply[index]:
            self.supply[index] -= 1
            self.tokens[seat][index] += 1

    def _gain(self, seat: int, card: str) -> None:
        location = self.game.components.cards[card].location
        waiting = self.waiting.get(location, [])
        if card in waiting:
            waiting.remove(card)
            self.hands[seat][card] += 1
            for s in range(self.game.num_players):  # the card is taken face up
                self.known[s][seat][card] += 1

    def _do_gold(self, task: tuple, outcome: str) -> None:
        value = int(outcome)
        self.gold.remove(value)
        self.runes[task[1]] += value
        self.gold_held[task[1]].append(value)

    def _do_main_complete(self, task: tuple) -> None:
        if self.conflict.finale:
            if self.bearer is None or self.out[self.bearer]:
                return
            self.conflict_over = True
            self.turn_over = True
            self.bearer = None  # the Ring lies on Mount Doom: nobody carries it now
            roller = self._clockwise_from(self.active)
            self._push(("destroy", roller[0] if roller else None))
            return
        self.conflict_over = True

    def _do_destroy(self, task: tuple) -> None:
        _, roller = task
        if roller is None or self.out[roller]:
            remaining = [s for s in self._clockwise_from(roller or 0)]
            if not remaining:
                self.outcome = "doom"
                return
            roller = remaining[0]
        self._push(("roll", roller, False), ("destroy_check", roller))

    def _do_destroy_check(self, task: tuple) -> None:
        _, roller = task
        if self.out[roller]:
            remaining = self._clockwise_from(roller)
            if not remaining:
                self.outcome = "doom"
                return
            self._push(("destroy", remaining[0]))
            return
        self.pending.clear()
        self.pending.append(("gold", roller))
        self.pending.insert(0, ("destroyed",))

    def _do_destroyed(self, task: tuple) -> None:
        self.outcome = "destroyed"

    # -- events ----------------------------------------------------------------------------------

    def _do_next_event(self, task: tuple) -> None:
        events = self.conflict.events
        if self.event >= len(events):
            self.conflict_over = True
            return
        self.event += 1
        self.flags.discard("magic")
        self.protected = set()  # Athelas spares a player one event only
        self._push(("window", "event", self._window_seats()), ("resolve_event", self.event))

    def _do_resolve_event(self, task: tuple) -> None:
        _, number = task
        events = self.conflict.events
        step = events[number - 1]
        last = number == len(events)
        self.last_event = f"{self.conflict.name}: {step.name}"
        if "magic" in self.flags and not (last and self.conflict.finale):
            self.flags.discard("magic")
            tasks: list[tuple] = []
        else:
            self.events_log.append(self.last_event)
            tasks = list(self._step_tasks(step, origin="event"))
        if last:
            tasks.append(("event_track_end",))
        self._push(*tasks)

    def _do_event_track_end(self, task: tuple) -> None:
        self.conflict_over = True

    # -- steps: Safe Haven actions and events ------------------------------------------------------

    def _step_tasks(self, step: Step, origin: str) -> list[tuple]:
        kind = step.kind
        if kind == "effects":
            return [("effects", step.effects, None)]
        if kind == "cost":
            return self._cost_tasks(step, origin)
        if kind == "match":
            seat = self.active if step.who == "active" else self.bearer
            return [("reveal_card", "match"), ("match", step, seat)]
        if kind == "condition":
            ok = all(self.positions[a] >= self.conflict.track(a).length for a in step.complete
                     if self.conflict.track(a)) and all(self.positions[a] >= n for a, n in step.reached)
            return [("effects", step.success if ok else step.fail, None)]
        if kind == "volunteer":
            return [("volunteer", tuple(self._clockwise_from(self.active)), step.count, step.fail)]
        if kind == "choice":
            seat = self.active if step.who == "active" else self.bearer
            return [("choice", seat, step.choices)]
        if kind == "exchange":
            return [("exchange", tuple(self._clockwise_from(self.active)), step.runes, step.choices)]
        if kind == "preparations":
            return [("prepare", self.bearer, step.count)]
        if kind == "legendary":
            cards = tuple(self.waiting.get(self.location_id, []))
            if self.game.components.rulings["legendary_deal"] == "round_robin":
                return [("deal_round_robin", cards)]
            return [("distribute", self.bearer, cards, "legendary")] if cards else []
        if kind == "council":
            return [("council", tuple(self._clockwise_from(self.active))), ("council_end",)]
        raise AssertionError(kind)

    def _do_effects(self, task: tuple) -> None:
        _, effects, seat = task
        tasks: list[tuple] = []
        for effect in effects:
            tasks += self._effect_tasks(effect, seat)
        self._push(*tasks)

    def _who(self, who: str, seat: int | None) -> list[int]:
        if who == "active":
            return [self.active] if not self.out[self.active] else []
        if who == "ringbearer":
            return [self.bearer] if self.bearer is not None and not self.out[self.bearer] else []
        if who == "self":
            return [seat] if seat is not None and not self.out[seat] else []
        if who == "others":
            return [s for s in self._clockwise_from(self.active) if s != self.active]
        return self._clockwise_from(self.active)

    def _effect_tasks(self, effect: tuple, seat: int | None) -> list[tuple]:
        kind = effect[0]
        if kind == "sauron":
            return [("sauron", effect[1])]
        if kind == "next_event":
            return [("next_event",)]
        if kind == "lose":
            return [("lose",)]
        if kind == "gain":
            return [("gain", self.active, effect[1])]
        if kind == "remove":
            return [("remove", effect[1])]
        if kind == "remove_waiting":
            return [("remove_waiting", effect[1])]
        seats = self._who(effect[1], seat)
        if kind == "roll":
            return [("roll", s, False) for s in seats for _ in range(effect[2])]
        if kind == "draw":
            return [("deal", s) for s in seats for _ in range(effect[2])]
        if kind == "purity":
            return [("purity", s) for s in seats]
        if kind == "corrupt":
            return [("corrupt", s, effect[2], False) for s in seats]
        if kind == "discard":
            return [("discard", s, effect[2]) for s in seats]
        if kind == "runes":
            return [("pay_runes", s, effect[2]) for s in seats]
        raise AssertionError(kind)

    def _do_sauron(self, task: tuple) -> None:
        self.sauron = max(0, self.sauron - task[1])
        for seat in range(self.game.num_players):
            if not self.out[seat] and self.corruption[seat] >= self.sauron:
                self._eliminate(seat, by_sauron=True)
                if self.outcome:
                    return

    def _do_corrupt(self, task: tuple) -> None:
        _, seat, spaces, by_die = task
        if self.out[seat]:
            return
        if by_die and self.ability(seat) == "loyal":
            spaces = min(spaces, 1)
        self.corruption[seat] = min(self.corruption[seat] + spaces, self.game.components.corruption_spaces)
        if self.corruption[seat] >= self.sauron:
            self._eliminate(seat, by_sauron=True)

    def _do_purity(self, task: tuple) -> None:
        seat = task[1]
        if not self.out[seat]:
            self.corruption[seat] = max(0, self.corruption[seat] - 1)

    def _do_lose(self, task: tuple) -> None:
        self.outcome = "ring_is_mine"
        self.pending.clear()

    def _do_gain(self, task: tuple) -> None:
        if not self.out[task[1]]:
            self._gain(task[1], task[2])

    def _do_remove(self, task: tuple) -> None:
        card = task[1]
        location = self.game.components.cards[card].location
        if card in self.waiting.get(location, []):
            self.waiting[location].remove(card)
            self.boxed[card] += 1

    def _do_remove_waiting(self, task: tuple) -> None:
        for card in self.waiting.get(task[1], []):
            self.boxed[card] += 1
        self.waiting[task[1]] = []

    def _do_pay_runes(self, task: tuple) -> None:
        _, seat, amount = task
        if self.out[seat]:
            return
        if self.runes[seat] < amount:
            self._eliminate(seat, by_sauron=False, bankrupt=True)
            return
        self.runes[seat] -= amount

    def _do_deal_round_robin(self, task: tuple) -> None:
        seats = self._clockwise_from(self.bearer if self.bearer is not None else self.active)
        for i, card in enumerate(task[1]):
            self._give_from_waiting(card, seats[i % len(seats)])

    def _give_from_waiting(self, card: str, seat: int) -> None:
        location = self.game.components.cards[card].location
        if card in self.waiting.get(location, []):
            self.waiting[location].remove(card)
            self.hands[seat][card] += 1
            for s in range(self.game.num_players):
                self.known[s][seat][card] += 1

    # -- elimination and the end -----------------------------------------------------------------

    def _eliminate(self, seat: int, by_sauron: bool, bankrupt: bool = False) -> None:
        if self.out[seat]:
            return
        expert = self.game.options["competitive"] and self.game.options["expert"]
        if by_sauron and seat == self.bearer and expert and self.tokens[seat][2] >= 3:
            self.traitor = seat
        self.out[seat] = True
        self.discard += self.hands[seat]
        self.hands[seat] = Counter()
        for i in range(3):
            self.supply[i] += self.tokens[seat][i]
        self.tokens[seat] = [0, 0, 0]
        if bankrupt and seat in self.in_transit:
            self.discard[self.in_transit.pop(seat)] += 1
        for row in self.known:
            row[seat] = Counter()
        if seat == self.active:
            self.turn_over = True
        if self.traitor is not None:
            self.outcome = "traitor"
            self.pending.clear()
            return
        if seat == self.bearer:
            if self.game.options["pass_the_ring"] and not by_sauron and self._in_play():
                self.bearer = self._left_in_play(seat)
            else:
                self.outcome = "bearer_lost"
                self.pending.clear()
                return
        if not self._in_play():
            on_mount_doom = self.bearer is None and self.conflict.finale
            self.outcome = "doom" if on_mount_doom else "all_lost"
            self.pending.clear()

    def track_score(self) -> int:
        conflict = self.conflict
        track = conflict.main_track
        position = self.positions[conflict.main]
        return conflict.start_score if position == 0 else track.scores[position - 1]

    # -- the Threat die --------------------------------------------------------------------------

    def _do_roll(self, task: tuple) -> None:
        _, seat, for_ring = task
        if self.out[seat]:
            return
        self.roll_state = {"seat": seat, "ring": for_ring}
        tasks: list[tuple] = []
        if not for_ring:
            tasks.append(("window", "before_roll", self._window_seats()))
        tasks += [("die", seat), ("window", "after_roll", self._window_seats()), ("roll_apply", seat, for_ring)]
        self._push(*tasks)

    def _do_die(self, task: tuple, outcome: str) -> None:
        self.roll_state["face"] = outcome

    def _do_roll_apply(self, task: tuple) -> None:
        _, seat, for_ring = task
        state = self.roll_state
        self.roll_state = {}
        if state.get("cancelled") or "face" not in state:
            return
        face = next(f for f in self.game.components.die if f[0] == state["face"])
        tasks: list[tuple] = []
        if for_ring:
            tasks.append(("ring_advance", seat, max(0, 4 - face[2])))
        if not state.get("ignored"):
            effect = face[1].split(" ")
            if effect[0] == "corrupt":
                tasks.insert(0, ("corrupt", seat, int(effect[1]), True))
            elif effect[0] == "sauron":
                tasks.insert(0, ("sauron", int(effect[1])))
            elif effect[0] == "discard":
                count = 1 if self.ability(seat) == "loyal" else int(effect[1])
                tasks.insert(0, ("discard", seat, count))
        self._push(*tasks)

    def _do_ring_advance(self, task: tuple, words: list[str]) -> None:
        self._push(("advance", words[1], task[2], True))

    # -- other decisions ----------------------------------------------------------------------

    def _can_take(self, kind: str, task: tuple, seat: int) -> bool:
        if kind == "exchange":
            return self.runes[seat] >= task[2]
        if kind == "council":
            return bool(self.hands[seat])
        return True

    def _finish_queue(self, task: tuple) -> None:
        if task[0] == "volunteer":
            self._push(("effects", task[3], None))

    def _do_volunteer(self, task: tuple, words: list[str]) -> None:
        _, seats, spaces, fail = task
        if words[0] == "volunteer":
            self._push(("corrupt", seats[0], spaces, False))
            return
        if seats[1:]:
            self.pending.append(("volunteer", seats[1:], spaces, fail))
        else:
            self._push(("effects", fail, None))

    def _do_choice(self, task: tuple, words: list[str]) -> None:
        _, seat, choices = task
        self._push(("effects", choices[int(words[1]) - 1], seat))

    def _do_exchange(self, task: tuple, words: list[str]) -> None:
        _, seats, runes, choices = task
        seat = seats[0]
        tasks: list[tuple] = []
        if words[0] == "choose":
            self.runes[seat] -= runes
            tasks.append(("effects", choices[int(words[1]) - 1], seat))
        if seats[1:]:
            tasks.append(("exchange", seats[1:], runes, choices))
        self._push(*tasks)

    def _do_prepare(self, task: tuple, words: list[str]) -> None:
        _, seat, count = task
        if words[0] == "decline":
            return
        self.revealed = []
        self._push(("roll", seat, False), *[("reveal_card", "prepare")] * count, ("prepared", seat))

    def _do_prepared(self, task: tuple) -> None:
        cards = tuple(self.revealed)
        self.revealed = []
        seat = task[1]
        if cards and not self.out[seat]:
            self._push(("distribute", seat, cards, "prepare"))
        else:
            self.discard += Counter(cards)

    def _do_reveal_card(self, task: tuple, outcome: str) -> None:
        self.deck[outcome] -= 1
        if not self.deck[outcome]:
            del self.deck[outcome]
        if task[1] == "prepare":
            self.revealed.append(outcome)
        else:
            self.revealed = [outcome]

    def _do_match(self, task: tuple) -> None:
        _, step, seat = task
        if not self.revealed:
            self._push(("effects", step.fail, None))
            return
        card = self.revealed.pop()
        self.revealed = []
        self.discard[card] += 1
        symbol = self.game.components.cards[card].symbols[0]
        if seat is None or self.out[seat]:
            self._push(("effects", step.fail, None))
            return
        need = ((symbol, step.count),)
        self._push(("cost", replace(step, need=need), (seat,), need, "one", None))

    def _do_distribute(self, task: tuple, words: list[str]) -> None:
        _, seat, cards, purpose = task
        card, receiver = cards[0], self.game.seat_hobbits.index(words[3])
        if purpose == "legendary":
            self._give_from_waiting(card, receiver)
        else:
            self.hands[receiver][card] += 1
            for s in range(self.game.num_players):
                self.known[s][receiver][card] += 1
        if cards[1:]:
            self.pending.append(("distribute", seat, cards[1:], purpose))

    def _do_council(self, task: tuple, words: list[str]) -> None:
        seats = task[1]
        seat, card = seats[0], words[1]
        self._take_from_hand(seat, card)
        self.in_transit[seat] = card
        if seats[1:]:
            self.pending.append(("council", seats[1:]))

    def _do_council_end(self, task: tuple) -> None:
        for seat, card in sorted(self.in_transit.items()):
            receiver = self._left_in_play(seat)
            self.hands[receiver][card] += 1
            self.known[seat][receiver][card] += 1
        self.in_transit = {}

    def _do_discard(self, task: tuple, words: list[str]) -> None:
        _, seat, count = task
        card = words[1]
        self._take_from_hand(seat, card)
        self.discard[card] += 1
        if count > 1:
            self.pending.append(("discard", seat, count - 1))

    def _do_deal(self, task: tuple, outcome: str) -> None:
        self.deck[outcome] -= 1
        if not self.deck[outcome]:
            del self.deck[outcome]
        self.hands[task[1]][outcome] += 1

    def _reshuffle(self) -> None:
        """An empty Quest deck: used Legendary and Gandalf cards leave the game, Quest cards are
        shuffled into a new deck (no order to keep: chance deals from the counts)."""
        for card, count in list(self.discard.items()):
            if self.game.components.cards[card].quest:
                self.deck[card] += count
            else:
                self.boxed[card] += count
        self.discard = Counter()

    def _do_fatty(self, task: tuple, words: list[str]) -> None:
        if words[0] == "draw":
            self._push(("deal", task[1]), ("deal", task[1]))

    def _do_miruvor(self, task: tuple, words: list[str]) -> None:
        _, giver, receiver = task
        card = words[1]
        self._take_from_hand(giver, card)
        self.hands[receiver][card] += 1
        self.known[giver][receiver][card] += 1

    def _do_lembas(self, task: tuple, words: list[str]) -> None:
        seat = task[1]
        if words[0] == "discard":
            card = words[1]
            self._take_from_hand(seat, card)
            self.discard[card] += 1
            self.pending.append(("lembas", seat))
            return
        short = max(0, 6 - sum(self.hands[seat].values()))
        self._push(*[("deal", seat)] * short)

    def _do_arrange(self, task: tuple, words: list[str]) -> None:
        self.story_top = words[1].split(",")
        self.story_seer = task[1]

    # -- the end of a Conflict ----------------------------------------------------------------------

    def _do_conflict_end(self, task: tuple) -> None:
        self.protected = set()
        if self.conflict.finale:  # Mordor ends only on Mount Doom or with the last event
            self.outcome = "ring_is_mine"
            self.pending.clear()
            return
        self._push(("window", "conflict_end", self._window_seats()), ("descent",), ("new_bearer",), ("travel",))

    def _do_descent(self, task: tuple) -> None:
        tasks = []
        for seat in self._clockwise_from(self.active):
            if seat in self.protected:
                continue
            kinds = sum(1 for count in self.tokens[seat] if count)
            needed = 2 if self.ability(seat) == "one_token_fewer" else 3
            missing = max(0, needed - kinds)
            if missing:
                tasks.append(("corrupt", seat, missing, False))
        self.protected = set()
        self._push(*tasks)

    def _do_new_bearer(self, task: tuple) -> None:
        old = self.bearer
        if old is None:
            return
        rings = [self.tokens[s][2] if not self.out[s] else -1 for s in range(self.game.num_players)]
        most = max(rings)
        keeps = self.game.components.rulings["ring_bearer_tie"] == "bearer_keeps"
        if not (keeps and rings[old] == most):
            for seat in self._clockwise_from(self._left_in_play(old)):
                if rings[seat] == most:
                    self.bearer = seat
                    break
        for i in range(3):
            self.supply[i] += sum(self.tokens[s][i] for s in range(self.game.num_players))
        self.tokens = [[0, 0, 0] for _ in range(self.game.num_players)]
        tasks: list[tuple] = []
        if self.game.components.rulings["new_bearer_draws"] == "always" or self.bearer != old:
            tasks += [("deal", self.bearer), ("deal", self.bearer)]
        for seat in self._in_play():
            if self.ability(seat) == "draws_after_conflict":
                tasks.append(("fatty", seat))
        self._push(*tasks)

    # -- playing cards ------------------------------------------------------------------------------

    def _play_options(self) -> list[str]:
        seat = self.active
        options: list[str] = []
        if len(self.played) < 2:
            cards = self.game.components.cards
            any_two = self.ability(seat) == "any_two_cards"
            tracks = [t.activity for t in self.conflict.tracks]
            for card_id in sorted(self.hands[seat]):
                card = cards[card_id]
                if card.colour == "green":
                    continue
                if not any_two and card.colour in self.played:
                    continue
                flexible = card.quest and card.colour == "brown" and self.ability(seat) == "brown_as_wild"
                if "wild" in card.symbols:
                    options += [f"play {card_id} as {a}" for a in tracks]
                elif flexible:
                    options.append(f"play {card_id}")
                    options += [f"play {card_id} as {a}" for a in tracks if a != card.symbols[0]]
                else:
                    options.append(f"play {card_id}")
        if not self.played:
            options.append("refresh draw")
            if self.corruption[seat] > 0:
                options.append("refresh heal")
        else:
            options.append("end")
        return options

    def _do_play(self, task: tuple, words: list[str]) -> None:
        seat = self.active
        if words[0] == "end":
            return
        if words[0] == "refresh":
            if words[1] == "draw":
                self._push(("deal", seat), ("deal", seat))
            else:
                self._push(("purity", seat))
            return
        card_id = words[1]
        card = self.game.components.cards[card_id]
        self._take_from_hand(seat, card_id)
        self.discard[card_id] += 1
        self.played.append(card.colour)
        activity = words[3] if len(words) == 4 else card.symbols[0]
        tasks: list[tuple] = [("advance", activity, len(card.symbols), False)]
        if card.ability == "gollum":
            tasks.append(("roll", seat, False))
        tasks += [("window", "after", self._window_seats()), ("play",)]
        self._push(*tasks)

    # -- words for views --------------------------------------------------------------------------

    def _need_text(self, need: dict[str, int]) -> str:
        parts = [f"{n} {k.replace('card:', '')}" for k, n in sorted(need.items()) if n > 0]
        return ", ".join(parts) or "nothing more"


_TILE_COSTS = {
    "out_of_options": Step(
        name="Out of Options", kind="cost", optional=False, scope="group", need=(("cards", 3),), who="active",
        count=0, runes=0, complete=(), reached=(), effects=(), success=(), fail=(("next_event",),), choices=(),
        choice_texts=()),
    "losing_ground": Step(
        name="Losing Ground", kind="cost", optional=False, scope="group",
        need=(("cards", 1), ("runes", 1), ("token", 1)), who="active", count=0, runes=0, complete=(), reached=(),
        effects=(), success=(), fail=(("next_event",),), choices=(), choice_texts=()),
}

_MOMENTS = {
    "before_reveal": "before the next Story tile",
    "tile": "a Story tile is revealed, not yet resolved",
    "after": "after a tile or card was resolved",
    "event": "an event is about to happen",
    "before_roll": "before the Threat die is rolled",
    "after_roll": "the Threat die has been rolled",
    "tokens": "before each player shows a Life token",
    "conflict_end": "the Conflict has ended, before the Descent into Darkness",
    "haven": "before the next Safe Haven action",
}

_DECISION_WORDS = {
    "gandalf_choose": "which Gandalf card to use, and how",
    "wild_tile": "which track the wild tile advances",
    "ring_advance": "which track the Ring advances",
    "volunteer": "volunteer to move toward Sauron, or decline",
    "choice": "which consequence to take",
    "exchange": "whether to spend runes, and for what",
    "prepare": "whether to take the Preparations",
    "distribute": "who receives the card",
    "council": "which card to pass face down to the left",
    "arrange": "the order of the Story tiles on top of the pile",
    "miruvor": "which card to pass",
    "lembas": "which cards to discard before drawing up to six",
    "fatty": "whether to draw two Quest cards",
}
