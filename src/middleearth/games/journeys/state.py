"""The rules of Journeys in Middle-earth as a state machine, built from the two halves of the box.

The app's half (the world: ``world.py``, ``enemies.py``) and the table's half (the heroes:
``heroes.py``, ``abilities.py``, ``attacks.py``, ``wounds.py``) are mixins that talk only through
``interface.py``. This module holds what both share: the contract, the flow, and the task stack.

A round is the action phase (each hero's turn of up to two actions, heroes in the party's order),
the shadow phase (enemy activation, darkness, threat) and the rally phase (reset, scout 2). Work
that waits on someone is a task on ``stack``: a test revealing cards (chance), a fate conversion
or a decision (a seat), an enemy choosing its attack (chance). ``_advance`` runs everything that
needs nobody until a task or a hero's turn waits, so the state always rests at a choice.

A task of kind K is handled by methods the mixins define: ``_mover_K`` (who acts; the task's
hero when absent), ``_choices_K`` (a seat's options), ``_outcomes_K`` (chance's), ``_step_K``
(progress that needs nobody; False while it waits), ``_resolve_K`` (apply a move), ``_want_K``
(what a refusal says is wanted), or ``_do_K`` for a task that only runs. A new rule adds its
task kind in its own module without touching this one.

Skill decks hold counts by card id and no order: a reveal is a chance draw weighted by the
counts (as fellowship's decks). docs/journeys.md ("Rules coverage") lists what is modelled.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections import Counter
from typing import TYPE_CHECKING, Any

from middleearth.core.contract import TERMINAL, State
from middleearth.games.journeys.abilities import AbilityRules
from middleearth.games.journeys.actions import Move, slug
from middleearth.games.journeys.adventure import Interaction
from middleearth.games.journeys.attacks import AttackRules
from middleearth.games.journeys.enemies import EnemyRules
from middleearth.games.journeys.heroes import ACTIONS_PER_TURN, HeroRules
from middleearth.games.journeys.hexmap import Placement
from middleearth.games.journeys.world import WorldRules
from middleearth.games.journeys.wounds import WoundRules

if TYPE_CHECKING:
    from middleearth.games.journeys.game import JourneysGame

__all__ = ["JourneysState"]

START_INSPIRATION = 1  # design: the rulebook does not say; one token lets a first test convert a fate


class JourneysState(WorldRules, EnemyRules, HeroRules, AbilityRules, AttackRules, WoundRules, State):
    game: "JourneysGame"

    def __init__(self, game: "JourneysGame"):
        super().__init__(game)
        table, adventure = game.table, game.adventure
        self.heroes: list[dict[str, Any]] = []
        for name in game.heroes:
            hero = table.hero(name)
            deck = Counter(slug(c.name) for c in table.starting_deck(name, hero.start.role))
            self.heroes.append({
                "name": name, "at": None, "deck": dict(deck), "discard": {},
                "prepared": [slug(table.starting_role_card(hero.start.role).name)],
                "inspiration": min(START_INSPIRATION, hero.stats.inspiration_limit),
                "damage": 0, "fear": 0, "faceup": [], "items": list(hero.start.items), "defeated": False,
                "done": False, "ability": hero.ability.id, "ability_used": False,
                "facedown": {"damage": 0, "fear": 0},  # unread cards are counts, never names (wounds.py)
                "boons": [], "once_used": [], "turn_used": [],  # items' abilities spent this round / turn
                "depletion": {i: table.item(i).depletion for i in hero.start.items if table.item(i).depletion},
            })
        self.weakness_deck = {slug(w.name): w.copies for w in table.weaknesses}
        self.wound_decks = {kind: {slug(c.name): c.copies for c in getattr(table, kind).card}
                            for kind in ("damage", "fear")}
        self.round = 1
        self.phase = "setup"
        self.threat = 0
        self.result: str | None = None  # "win" or "loss"
        self.end_reason = ""
        self.placements: list[tuple[str, tuple[int, int], int]] = []
        self.unexplored: list[str] = []
        self.tokens: dict[str, tuple[int, int]] = {}
        self.removed_tokens: list[str] = []
        self.groups: dict[str, dict[str, Any]] = {}
        self.spawned: list[str] = []
        self.held_back: tuple[str, ...] = ()  # groups waiting for figures to come back to the box
        self.fired: list[str] = []
        self.variables = dict(adventure.variables)
        self.progress: dict[str, int] = {}
        self.objective = 0
        self.lore = 0
        self.xp = 0
        self.rewards: list[str] = []
        # The story so far, whole: a tuple, so clones share it and the hub's patches send only new lines.
        self.log: tuple[str, ...] = ()
        self.turn: int | None = None
        self.actions_left = 0
        self.moves = 0
        # Setup's chance: one weakness from the top of the weakness deck for each hero.
        self.stack: list[dict[str, Any]] = [{"t": "weakness", "hero": h} for h in reversed(range(len(self.heroes)))]
        self._advance()

    # -- the contract ------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.stack:
            return self._task_mover(self.stack[-1])
        if self.turn is not None:
            return self.turn
        return self._leader()

    def _task_mover(self, task: dict[str, Any]) -> int:
        mover = getattr(self, f"_mover_{task['t']}", None)
        return mover(task) if mover else task["hero"]

    def _legal_actions(self) -> list[Move]:
        if self.stack:
            choices = getattr(self, f"_choices_{self.stack[-1]['t']}", None)
            return [Move(t) for t in choices(self.stack[-1])] if choices else []
        if self.turn is None:
            return [Move(f"hero {slug(h['name'])}") for h in self.heroes if not h["done"] and not h["defeated"]]
        return [Move(t) for t in self._turn_choices(self.turn)]

    def _chance_outcomes(self) -> list[tuple[Move, float]]:
        task = self.stack[-1]
        return getattr(self, f"_outcomes_{task['t']}")(task)

    def _illegal_reason(self, action: Move) -> str | None:  # type: ignore[override]
        if action in self._legal_actions():
            return None
        seat = self.current_player
        who = self.game.seat_names()[seat]
        if self.stack:
            return f"{action} is not allowed now: {who} must choose {getattr(self, '_want_' + self.stack[-1]['t'])}"
        if self.turn is None:
            return f"{action} is not allowed now: the party picks which hero takes the next turn (hero NAME)"
        if action.verb in ("travel", "interact", "attack") and not self.actions_left:
            return f"{action} is not allowed: {who} has used both actions this turn"
        if action.verb == "move":
            return (f"{action} is not allowed: {who} has no moves left (travel gives two)" if not self.moves
                    else f"{action} is not allowed: no gray border joins {who}'s space that way")
        if action.verb == "interact":
            return f"{action} is not allowed: {who} can interact only with a token in their own space"
        if action.verb == "use":
            return (f"{action} is not allowed now: {who} may use a prepared card, item or boon only at its "
                    "timing, when it would do something, and while its cost can be paid")
        if action.verb == "attack":
            return (f"{action} is not allowed: {who} attacks an enemy group in their space (or adjacent with a "
                    "ranged item) with a carried item and one of its stat icons")
        return f"{action} is not allowed now: it is {who}'s turn"

    def _apply(self, action: Move) -> None:  # type: ignore[override]
        words = action.words
        if self.stack:
            self._resolve_task(self.stack[-1], words)
        elif self.turn is None:
            self.turn = next(i for i, h in enumerate(self.heroes) if slug(h["name"]) == words[1])
            self.actions_left, self.moves = ACTIONS_PER_TURN, 0
        else:
            self._turn_action(self.turn, words)
        self._advance()

    # -- the flow ----------------------------------------------------------------------------

    def _advance(self) -> None:
        """Run every step that needs nobody, until someone (or chance) must act or the game ends."""
        while self.result is None:
            if self.stack:
                if not self._step_task(self.stack[-1]):
                    return
                continue
            if self.phase == "setup":
                self._begin_adventure()
                continue
            if self.phase == "action":
                if self.turn is not None:
                    hero = self.heroes[self.turn]
                    if hero["defeated"] or not (self.actions_left or self.moves
                                                or self._offers(self.turn, ("own_turn",), None)):
                        self._end_turn()
                        continue
                    return
                waiting = [i for i, h in enumerate(self.heroes) if not h["done"] and not h["defeated"]]
                if not waiting:
                    self._begin_shadow()
                    continue
                if len(waiting) == 1:
                    self.turn, self.actions_left, self.moves = waiting[0], ACTIONS_PER_TURN, 0
                    continue
                return
            if self.phase in ("rally", "shadow"):
                self._new_round()
                continue

    def _step_task(self, task: dict[str, Any]) -> bool:
        """Resolve ``task`` as far as it goes without anyone; False when it waits for a move."""
        kind = task["t"]
        step = getattr(self, f"_step_{kind}", None)
        if step is not None:
            return step(task)
        run = getattr(self, f"_do_{kind}", None)
        if run is None:
            return False  # waits for its mover
        self.stack.pop()
        run(task)
        return True

    def _resolve_task(self, task: dict[str, Any], words: list[str]) -> None:
        getattr(self, f"_resolve_{task['t']}")(task, words)

    @staticmethod
    def _take(pile: dict[str, int], card: str) -> None:
        pile[card] -= 1
        if not pile[card]:
            del pile[card]

    # -- lookups -----------------------------------------------------------------------------

    def _map(self):
        return self._walled(self.game.hexmap(tuple(Placement(t, p, r) for t, p, r in self.placements)))

    def _interaction(self, interaction_id: str) -> Interaction:
        return next(i for i in self.game.adventure.interaction if i.id == interaction_id)

    def _token(self, token_id: str):
        adventure = self.game.adventure
        return next(t for t in (*adventure.token, *adventure.terrain) if t.id == token_id)

    def _enemy(self, name: str):
        return self.game.table.enemy(name)

    def _elite(self, name: str):
        return next(b for b in self.game.table.elites if b.name == name)

    def _item(self, name: str):
        return next((i for i in self.game.table.items if i.name == name), None)

    def _say(self, text: str) -> None:
        self.log = (*self.log, text)

    # -- views and identity ------------------------------------------------------------------

    def returns(self) -> list[float]:
        score = {"win": 1.0, "loss": -1.0}.get(self.result or "", 0.0)
        return [score] * self.game.num_players

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        from middleearth.games.journeys.views import observe

        return observe(self, seat)

    def text(self, seat: int | None = None) -> str:
        from middleearth.games.journeys.views import plain_text

        return plain_text(self, seat)

    def _snapshot(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()
                if k not in ("game", "history", "movers", "log")}

    def key(self) -> str:
        return json.dumps(self._snapshot(), sort_keys=True, default=list)

    def clone(self) -> "JourneysState":
        """An independent copy. The game and the story log (a tuple) are shared, the history's
        actions are immutable; the rest is plain data, which pickle copies about five times as
        fast as deepcopy (benchmarks/bench_journeys.py)."""
        other = copy.copy(self)
        shared = ("game", "log", "history", "movers")
        data = {name: value for name, value in self.__dict__.items() if name not in shared}
        other.__dict__.update(pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL)))
        other.history, other.movers = list(self.history), list(self.movers)
        return other
