"""The rules of Journeys in Middle-earth as a state machine: the app's half and the table's half.

A round is the action phase (each hero's turn of up to two actions, heroes in the party's order),
the shadow phase (enemy activation, darkness, threat) and the rally phase (reset, scout 2). Work
that waits on someone is a task on ``stack``: a test revealing cards (chance), a fate conversion
or a decision (a seat), an enemy choosing its attack (chance). ``_advance`` runs everything that
needs nobody until a task or a hero's turn waits, so the state always rests at a choice.

Skill decks hold counts by card id and no order: a reveal is a chance draw weighted by the
counts (as fellowship's decks). docs/journeys.md ("Rules coverage") lists what is modelled.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING, Any

from middleearth.core.contract import CHANCE, TERMINAL, State
from middleearth.games.journeys.actions import Move, slug
from middleearth.games.journeys.adventure import START, Effect, Interaction
from middleearth.games.journeys.hexmap import DIRECTIONS, Hex, Placement

if TYPE_CHECKING:
    from middleearth.games.journeys.game import JourneysGame

ACTIONS_PER_TURN = 2
MOVES_PER_TRAVEL = 2
SCOUT = 2
MAX_PREPARED = 4
THREAT_PER_HERO = 2
START_INSPIRATION = 1  # design: the rulebook does not say; one token lets a first test convert a fate
ROUND_CAP = 40  # a rule of this app: the adventure file has no round limit, so a stalled game ends lost
PHYSICAL = ("might", "agility")
LOG_KEPT = 8


class JourneysState(State):
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
        self.fired: list[str] = []
        self.variables = dict(adventure.variables)
        self.progress: dict[str, int] = {}
        self.objective = 0
        self.lore = 0
        self.xp = 0
        self.rewards: list[str] = []
        self.log: list[str] = []
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

    def _leader(self) -> int:
        """The party's voice for choices of the whole party: the first hero still standing."""
        return next((i for i, h in enumerate(self.heroes) if not h["defeated"]), 0)

    def _task_mover(self, task: dict[str, Any]) -> int:
        kind = task["t"]
        if kind in ("weakness", "enemy_attack", "wound"):
            return CHANCE
        if kind in ("test", "scout"):
            return CHANCE if task["reveals"] > 0 else task["hero"]
        return task["hero"]  # choice, trim, split, stat; a step is the party's

    def _legal_actions(self) -> list[Move]:
        if self.stack:
            return [Move(t) for t in self._task_choices(self.stack[-1])]
        if self.turn is None:
            return [Move(f"hero {slug(h['name'])}") for h in self.heroes if not h["done"] and not h["defeated"]]
        return [Move(t) for t in self._turn_choices(self.turn)]

    def _task_choices(self, task: dict[str, Any]) -> list[str]:
        kind = task["t"]
        if kind == "test":
            most = min(task["fate"], self.heroes[task["hero"]]["inspiration"])
            return [f"convert {n}" for n in range(most + 1)]
        if kind == "choice":
            options = self._interaction(task["interaction"]).options
            return [f"choose {n}" for n in range(1, len(options) + 1)]
        if kind == "scout":
            return ["prepare none", *(f"prepare {c}" for c in sorted(set(task["revealed"])))]
        if kind == "trim":
            return [f"discard {c}" for c in sorted(set(self.heroes[task["hero"]]["prepared"]))]
        if kind == "split":
            return [f"negate {n}" for n in range(task["low"], task["high"] + 1)]
        if kind == "stat":
            return [f"test {stat}" for stat in task["stats"]]
        if kind == "step":
            return [f"step {d}" for d in task["choices"]]
        return []

    def _turn_choices(self, seat: int) -> list[str]:
        hero = self.heroes[seat]
        here = hero["at"]
        choices = []
        if self.actions_left:
            choices.append("travel")
        if self.moves:
            choices += [f"move {d}" for d in DIRECTIONS if Hex(*here).step(d) in self._map().neighbours(here)]
        if self.actions_left:
            choices += [f"interact {t}" for t, at in self.tokens.items()
                        if at == here and self._token(t).kind != "darkness"]
            choices += self._attack_choices(seat)
        choices.append("end")
        return choices

    def _attack_choices(self, seat: int) -> list[str]:
        hero = self.heroes[seat]
        choices = []
        for name in hero["items"]:
            item = self._item(name)
            if item is None or not item.stats:
                continue
            for group_id, group in self.groups.items():
                distance = self._map().distance(hero["at"], group["at"])
                if distance == 0 or (distance == 1 and item.ranged):
                    choices += [f"attack {group_id} {slug(name)} {stat}" for stat in item.stats]
        return choices

    def _chance_outcomes(self) -> list[tuple[Move, float]]:
        task = self.stack[-1]
        if task["t"] == "weakness":
            pile = self.weakness_deck
        elif task["t"] == "wound":
            kind = "damage" if task["damage"] else "fear"
            pile = self.wound_decks[kind]
            total = sum(pile.values())
            return [(Move(f"{kind} {c}"), n / total) for c, n in sorted(pile.items()) if n]
        elif task["t"] == "enemy_attack":
            attacks = self._enemy(task["group_enemy"]).attacks.attack
            return [(Move(f"enemy {n}"), 1 / len(attacks)) for n in range(1, len(attacks) + 1)]
        else:
            pile = self.heroes[task["hero"]]["deck"]
        total = sum(pile.values())
        return [(Move(f"reveal {c}" if task["t"] != "weakness" else f"weakness {c}"), n / total)
                for c, n in sorted(pile.items()) if n]

    def _illegal_reason(self, action: Move) -> str | None:  # type: ignore[override]
        if action in self._legal_actions():
            return None
        seat = self.current_player
        who = self.game.seat_names()[seat]
        if self.stack:
            wanted = {"test": "how much inspiration to spend on fate (convert N)",
                      "choice": "an option of the decision (choose N)",
                      "scout": "which scouted card to prepare (prepare CARD or prepare none)",
                      "trim": "which prepared card to discard: at most four stay prepared",
                      "split": "how many successes negate damage, the rest negating fear (negate N)",
                      "stat": "which of the listed stats to test (test STAT)",
                      "step": "which space, each closing the distance, the enemy moves into (step DIR)",
                      }[self.stack[-1]["t"]]
            return f"{action} is not allowed now: {who} must choose {wanted}"
        if self.turn is None:
            return f"{action} is not allowed now: the party picks which hero takes the next turn (hero NAME)"
        if action.verb in ("travel", "interact", "attack") and not self.actions_left:
            return f"{action} is not allowed: {who} has used both actions this turn"
        if action.verb == "move":
            return (f"{action} is not allowed: {who} has no moves left (travel gives two)" if not self.moves
                    else f"{action} is not allowed: no gray border joins {who}'s space that way")
        if action.verb == "interact":
            return f"{action} is not allowed: {who} can interact only with a token in their own space"
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
                    if hero["defeated"] or not (self.actions_left or self.moves):
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
        if kind == "test":
            hero = self.heroes[task["hero"]]
            if task["reveals"] > 0:
                if not hero["deck"]:
                    self._reset_deck(task["hero"])
                if hero["deck"]:
                    return False
                task["reveals"] = 0  # every card is revealed or prepared: nothing more to show
            if task["fate"] and hero["inspiration"] and not task["decided"]:
                return False
            self.stack.pop()
            self._finish_test(task)
            return True
        if kind == "scout":
            hero = self.heroes[task["hero"]]
            if task["reveals"] > 0 and hero["deck"]:
                return False
            task["reveals"] = 0
            if not task["revealed"]:
                self.stack.pop()
                return True
            return False
        if kind == "trim":
            if len(self.heroes[task["hero"]]["prepared"]) <= MAX_PREPARED:
                self.stack.pop()
                return True
            return False
        if kind == "wound":
            hero = self.heroes[task["hero"]]
            for wound in ("damage", "fear"):
                if task[wound] and not hero["defeated"]:
                    if any(self.wound_decks[wound].values()):
                        return False
                    # The deck ran out: the wound still counts, as a card with no effect.
                    hero[wound] += task[wound]
                    task[wound] = 0
            self.stack.pop()
            self._check_limits(task["hero"])
            return True
        if kind == "step":
            return self._enemy_step(task)
        if kind in ("weakness", "enemy_attack", "choice", "split", "stat"):
            if kind == "enemy_attack" and (task["group"] not in self.groups or self.heroes[task["hero"]]["defeated"]):
                self.stack.pop()
                return True
            if kind == "weakness" and not any(self.weakness_deck.values()):
                self.stack.pop()
                return True
            return False
        self.stack.pop()
        getattr(self, f"_do_{kind}")(task)
        return True

    def _resolve_task(self, task: dict[str, Any], words: list[str]) -> None:
        kind = task["t"]
        if kind == "weakness":
            self._take(self.weakness_deck, words[1])
            hero = self.heroes[task["hero"]]
            pile = hero[task.get("to", "deck")]  # setup: into the deck; later: the discard pile
            pile[words[1]] = pile.get(words[1], 0) + 1
            self.stack.pop()
        elif kind == "wound":
            self._wound(task, words[0], words[1])
        elif kind == "test" and words[0] == "reveal":
            hero = self.heroes[task["hero"]]
            self._take(hero["deck"], words[1])
            card = self.game.hero_cards[hero["name"]][words[1]]
            task["revealed"].append(words[1])
            task["success"] += card.success
            task["fate"] += card.fate
            task["reveals"] -= 1
        elif kind == "test":
            spent = int(words[1])
            self.heroes[task["hero"]]["inspiration"] -= spent
            task["fate"] -= spent
            task["success"] += spent
            task["decided"] = True
        elif kind == "scout" and words[0] == "reveal":
            self._take(self.heroes[task["hero"]]["deck"], words[1])
            task["revealed"].append(words[1])
            task["reveals"] -= 1
        elif kind == "scout":
            hero = self.heroes[task["hero"]]
            kept = task["revealed"]
            if words[1] != "none":
                kept.remove(words[1])
                hero["prepared"].append(words[1])
            for card in kept:  # the rest go back on the deck; decks keep no order here
                hero["deck"][card] = hero["deck"].get(card, 0) + 1
            self.stack.pop()
            if len(hero["prepared"]) > MAX_PREPARED:
                self.stack.append({"t": "trim", "hero": task["hero"]})
        elif kind == "trim":
            hero = self.heroes[task["hero"]]
            hero["prepared"].remove(words[1])
            hero["discard"][words[1]] = hero["discard"].get(words[1], 0) + 1
        elif kind == "split":
            self.stack.pop()
            n = int(words[1])
            self._suffer_attack(task["hero"], task["damage"] - n, max(0, task["fear"] - (task["successes"] - n)),
                                task["enemy"])
        elif kind == "stat":
            self.stack.pop()
            self._test(task["hero"], words[1], task["purpose"])
        elif kind == "step":
            task["at"] = tuple(Hex(*task["at"]).step(words[1]))
            task["moves"] -= 1
            task["choices"] = []
        elif kind == "choice":
            self.stack.pop()
            option = self._interaction(task["interaction"]).options[int(words[1]) - 1]
            self._say(f"{self._hero_name(task['hero'])} chooses: {option.label}")
            self._run_effects(option.effects, task["hero"], task["token"])
        elif kind == "enemy_attack":
            self.stack.pop()
            self._enemy_attacks(task, int(words[1]) - 1)

    @staticmethod
    def _take(pile: dict[str, int], card: str) -> None:
        pile[card] -= 1
        if not pile[card]:
            del pile[card]

    def _reset_deck(self, seat: int) -> None:
        """An empty deck takes back its discard pile, shuffled (no order is kept anyway)."""
        hero = self.heroes[seat]
        for card, n in hero["discard"].items():
            hero["deck"][card] = hero["deck"].get(card, 0) + n
        hero["discard"] = {}

    # -- setup and rounds --------------------------------------------------------------------

    def _begin_adventure(self) -> None:
        adventure = self.game.adventure
        self.phase = "action"
        self._say(adventure.adventure.intro.strip())
        self._fire(START, None)
        # Heroes start on the first space of the first tile the adventure places.
        first = next(c for c in adventure.chapter if c.revealed_by == START).tiles[0].tile
        start = self._map().space_of(first, self.game.tiles[first].spaces[0])
        for hero in self.heroes:
            hero["at"] = tuple(start)

    def _end_turn(self) -> None:
        self.heroes[self.turn]["done"] = True
        if self.heroes[self.turn]["ability"] == "swift_step":
            self.heroes[self.turn]["ability_used"] = False
        self.turn, self.actions_left, self.moves = None, 0, 0

    def _begin_shadow(self) -> None:
        if any(h["defeated"] for h in self.heroes):
            self._lose("defeat")
            return
        self.phase = "shadow"
        # Tasks run last-in first: activation, then darkness, then threat, then rally.
        self.stack += [{"t": "rally"}, {"t": "threat_step"}, {"t": "darkness"},
                       {"t": "activate", "queue": [g for g in self.spawned if g in self.groups]}]

    def _do_activate(self, task: dict[str, Any]) -> None:
        queue = list(task["queue"])
        while queue:
            group_id = queue.pop(0)
            group = self.groups.get(group_id)
            if group is None or group["exhausted"]:
                continue
            self.stack.append({"t": "activate", "queue": queue})
            self._activate(group_id)
            return

    def _activate(self, group_id: str) -> None:
        """The group targets the nearest hero it can get in range of this activation (the first seat
        on a tie) and moves toward them; a group that can reach no one stays ("no target")."""
        group = self.groups[group_id]
        enemy = self._enemy(group["enemy"])
        hexmap = self._map()
        reach = 1 if enemy.ranged else 0
        group["exhausted"] = True
        targets = sorted((d, i) for i, h in enumerate(self.heroes) if not h["defeated"]
                         for d in [hexmap.distance(group["at"], h["at"])] if d is not None and d - enemy.move <= reach)
        if targets:
            self.stack.append({"t": "step", "hero": self._leader(), "group": group_id, "target": targets[0][1],
                               "at": group["at"], "moves": enemy.move, "reach": reach, "choices": []})

    def _enemy_step(self, task: dict[str, Any]) -> bool:
        """One space at a time, each closing the distance; the party picks among tied spaces. In
        range, the group stops and attacks."""
        group = self.groups.get(task["group"])
        if group is None:
            self.stack.pop()
            return True
        group["at"] = task["at"]
        target = self.heroes[task["target"]]["at"]
        distance = self._map().distance(group["at"], target)
        if distance is not None and distance > task["reach"] and task["moves"]:
            steps = self._map().closer_steps(group["at"], target)
            if len(steps) == 1:
                task["at"], task["moves"] = tuple(steps[0]), task["moves"] - 1
                return True
            task["choices"] = [d for d in DIRECTIONS if Hex(*group["at"]).step(d) in steps]
            return False
        self.stack.pop()
        if distance is not None and distance <= task["reach"]:
            self.stack.append(self._attack_task(task["group"], task["target"]))
        return True

    def _attack_task(self, group_id: str, seat: int) -> dict[str, Any]:
        return {"t": "enemy_attack", "group": group_id, "group_enemy": self.groups[group_id]["enemy"], "hero": seat}

    def _enemy_attacks(self, task: dict[str, Any], index: int) -> None:
        group = self.groups[task["group"]]
        attack = self._enemy(group["enemy"]).attacks.attack[index]
        bonus = [self._elite(b) for b in group["elite"]]
        damage = attack.damage[group["figures"] - 1] + sum(b.damage for b in bonus)
        fear = attack.fear[group["figures"] - 1] + sum(b.fear for b in bonus)
        if attack.after in ("lose_inspiration", "discard_prepared", "gain_weakness"):
            # Beneath the test and the wounds: it happens once the hero has suffered.
            self.stack.append({"t": "after", "hero": task["hero"], "effect": attack.after,
                               "amount": attack.after_amount})
        self._say(f"{group['enemy']} ({task['group']}) attacks {self._hero_name(task['hero'])}: {attack.text} "
                  f"{damage} damage, {fear} fear; {attack.negate} negates")
        self._harm(task["hero"], damage, fear, attack.negate, from_enemy=True)

    def _harm(self, seat: int, damage: int, fear: int, negate: str | None, from_enemy: bool = False) -> None:
        """Damage and fear with a chance to negate: a test of ``negate``, each success prevents one."""
        if not damage and not fear:
            return
        if negate is None:
            self._suffer(seat, damage, fear)
            return
        self._test(seat, negate, {"kind": "negate", "damage": damage, "fear": fear, "enemy": from_enemy})

    def _do_darkness(self, task: dict[str, Any]) -> None:
        amount = self.game.adventure.adventure.darkness_fear
        for seat in reversed(range(len(self.heroes))):
            hero = self.heroes[seat]
            if not hero["defeated"] and self._in_darkness(hero["at"]):
                self._say(f"{hero['name']} is in darkness: {amount} fear, spirit negates")
                self._harm(seat, 0, amount, "spirit")

    def _in_darkness(self, at: tuple[int, int]) -> bool:
        space = self._map().spaces[Hex(*at)]
        return space.darkness or any(self._token(t).kind == "darkness" and where == at
                                     for t, where in self.tokens.items())

    def _do_threat_step(self, task: dict[str, Any]) -> None:
        rise = (THREAT_PER_HERO * len(self.heroes)
                + sum(1 for t in self.tokens if self._token(t).kind == "threat") + len(self.unexplored))
        self._raise_threat(rise)

    def _do_rally(self, task: dict[str, Any]) -> None:
        self.phase = "rally"
        for group in self.groups.values():
            group["exhausted"] = False  # readied at the end of the shadow phase
        for seat in reversed(range(len(self.heroes))):
            if not self.heroes[seat]["defeated"]:
                self._reset_deck(seat)
                reveals = max(1, SCOUT - self._penalty(seat, "scout_penalty")) + self._scout_bonus(seat)
                self.stack.append({"t": "scout", "hero": seat, "reveals": reveals, "revealed": []})

    def _scout_bonus(self, seat: int) -> int:
        """Aragorn's rally_scout_plus_one: he and each hero nearby (his space or an adjacent one)
        reveal one card more when scouting."""
        at = self.heroes[seat]["at"]
        return int(any(h["ability"] == "rally_scout_plus_one" and not h["defeated"]
                       and (self._map().distance(h["at"], at) or 0) <= 1 for h in self.heroes))

    def _new_round(self) -> None:
        if self.round >= ROUND_CAP:
            self._lose("rounds")
            return
        self.round += 1
        self.phase = "action"
        for hero in self.heroes:
            hero["done"] = False
            if hero["ability"] == "hardy":
                hero["ability_used"] = False  # once each round

    # -- a hero's turn -----------------------------------------------------------------------

    def _turn_action(self, seat: int, words: list[str]) -> None:
        hero = self.heroes[seat]
        verb = words[0]
        if verb == "end":
            self.actions_left, self.moves = 0, 0
        elif verb == "travel":
            self.actions_left -= 1
            self.moves += max(0, MOVES_PER_TRAVEL - self._penalty(seat, "travel_penalty"))
            if hero["ability"] == "swift_step" and not hero["ability_used"]:
                hero["ability_used"] = True  # Beravor's swift_step: once a turn, one more move
                self.moves += 1
        elif verb == "move":
            self.moves -= 1
            self.stack.append({"t": "move_to", "hero": seat, "to": tuple(Hex(*hero["at"]).step(words[1]))})
            self._provoke(seat)
        elif verb == "interact":
            self.actions_left -= 1
            self.stack.append({"t": "interact", "hero": seat, "token": words[1]})
            self._provoke(seat)
        elif verb == "attack":
            self.actions_left -= 1
            item = next(name for name in hero["items"] if slug(name) == words[2])
            self._test(seat, words[3], {"kind": "attack", "group": words[1], "item": item})

    def _provoke(self, seat: int) -> None:
        """Each readied group in the hero's space attacks before the hero leaves or interacts."""
        here = self.heroes[seat]["at"]
        for group_id in reversed(self.spawned):
            group = self.groups.get(group_id)
            if group is not None and group["at"] == here and not group["exhausted"]:
                self.stack.append(self._attack_task(group_id, seat))

    def _do_move_to(self, task: dict[str, Any]) -> None:
        hero = self.heroes[task["hero"]]
        if hero["defeated"]:
            return
        hero["at"] = task["to"]
        tile = self._map().spaces[Hex(*task["to"])].tile
        if tile in self.unexplored:
            self._explore(task["hero"], tile)

    def _explore(self, seat: int, tile: str) -> None:
        """Entering an unexplored tile explores it: the token goes, the hero gains one inspiration
        (not on hard), and the tile's trigger fires."""
        self.unexplored.remove(tile)
        self._say(f"{self._hero_name(seat)} explores tile {tile}")
        if self.game.options["difficulty"] == "normal":
            self._inspire(seat, 1)
        placement = next(p for c in self.game.adventure.chapter for p in c.tiles if p.tile == tile)
        if placement.on_explore:
            self._fire(placement.on_explore, seat)

    def _do_interact(self, task: dict[str, Any]) -> None:
        if self.heroes[task["hero"]]["defeated"] or task["token"] not in self.tokens:
            return
        self._open(self._token(task["token"]).interaction, task["hero"], task["token"])

    # -- tests -------------------------------------------------------------------------------

    def _test(self, seat: int, stat: str, purpose: dict[str, Any]) -> None:
        """Reveal cards equal to the stat (at least one), then convert fate with inspiration."""
        value = self.game.table.hero(self.heroes[seat]["name"]).stats.stat(stat)
        value -= self._penalty(seat, "stat_penalty", stat)
        self.stack.append({"t": "test", "hero": seat, "stat": stat, "reveals": max(1, value), "revealed": [],
                           "success": 0, "fate": 0, "decided": False, "purpose": purpose})

    def _finish_test(self, task: dict[str, Any]) -> None:
        seat, successes, purpose = task["hero"], task["success"], task["purpose"]
        hero = self.heroes[seat]
        for card in task["revealed"]:
            hero["discard"][card] = hero["discard"].get(card, 0) + 1
        self._say(f"{hero['name']} tests {task['stat']}: {successes} success(es)")
        kind = purpose["kind"]
        if kind == "negate":
            self._negate(seat, purpose["damage"], purpose["fear"], successes, purpose.get("enemy", False))
        elif kind == "attack":
            self._hero_attacks(seat, purpose["group"], purpose["item"], successes)
        elif kind == "interaction":
            self._interaction_test(purpose["interaction"], seat, purpose["token"], successes)

    def _negate(self, seat: int, damage: int, fear: int, successes: int, from_enemy: bool = False) -> None:
        """Each success prevents one damage or fear; when both are due and the successes do not
        cover them, the hero chooses the split (``negate N``: N against damage, the rest fear)."""
        if successes >= damage + fear:
            return
        low, high = max(0, successes - fear), min(successes, damage)
        if low == high:
            self._suffer_attack(seat, damage - low, max(0, fear - (successes - low)), from_enemy)
            return
        self.stack.append({"t": "split", "hero": seat, "damage": damage, "fear": fear, "successes": successes,
                           "low": low, "high": high, "enemy": from_enemy})

    def _suffer_attack(self, seat: int, damage: int, fear: int, from_enemy: bool) -> None:
        """Prevention comes after negation: Gimli's `hardy` prevents 1 damage of the round's first
        enemy attack that would hurt him."""
        hero = self.heroes[seat]
        if from_enemy and damage and hero["ability"] == "hardy" and not hero["ability_used"]:
            hero["ability_used"] = True
            damage -= 1
            self._say(f"{hero['name']} shrugs off 1 damage (hardy)")
        self._suffer(seat, damage, fear)

    def _suffer(self, seat: int, damage: int, fear: int) -> None:
        """Each damage or fear is a card revealed from its deck and resolved one at a time; limits
        are checked once the whole source is suffered (the ``wound`` task)."""
        hero = self.heroes[seat]
        if hero["defeated"] or not (damage or fear):
            return
        self._say(f"{hero['name']} suffers {damage} damage and {fear} fear")
        self.stack.append({"t": "wound", "hero": seat, "damage": damage, "fear": fear})

    def _wound(self, task: dict[str, Any], kind: str, name: str) -> None:
        """One damage or fear card: its immediate effect, then facedown, faceup or back to the deck."""
        seat = task["hero"]
        hero = self.heroes[seat]
        self._take(self.wound_decks[kind], name)
        task[kind] -= 1
        card = self.game.wound_cards[kind][name]
        if card.immediate is not None:
            effect, amount = card.immediate.effect, card.immediate.amount
            if effect == "suffer_damage":
                task["damage"] += amount
            elif effect == "suffer_fear":
                task["fear"] += amount
            else:
                self._setback(seat, effect, amount)
        if card.then == "discard":
            self.wound_decks[kind][name] = self.wound_decks[kind].get(name, 0) + 1
            return
        hero[kind] += 1
        if card.then == "faceup":
            hero["faceup"].append(name)
            self._inspire(seat, 0)  # a lower inspiration limit loses what is above it
        self._say(f"{hero['name']} reveals {card.name}")

    def _setback(self, seat: int, effect: str, amount: int) -> None:
        """The small losses cards and attacks share; the hero's choice of prepared card to lose is
        made for them (the latest prepared)."""
        hero = self.heroes[seat]
        if effect == "lose_inspiration":
            hero["inspiration"] = max(0, hero["inspiration"] - amount)
        elif effect == "discard_prepared":
            for _ in range(min(amount, len(hero["prepared"]))):
                card = hero["prepared"].pop()
                hero["discard"][card] = hero["discard"].get(card, 0) + 1
        elif effect == "gain_weakness" and any(self.weakness_deck.values()):
            self.stack.append({"t": "weakness", "hero": seat, "to": "discard"})

    def _do_after(self, task: dict[str, Any]) -> None:
        if not self.heroes[task["hero"]]["defeated"]:
            self._setback(task["hero"], task["effect"], task["amount"])

    def _check_limits(self, seat: int) -> None:
        hero = self.heroes[seat]
        stats = self.game.table.hero(hero["name"]).stats
        if not hero["defeated"] and (hero["damage"] >= stats.damage_limit or hero["fear"] >= stats.fear_limit):
            hero["defeated"] = True  # last stands are not modelled yet: reaching a limit defeats
            self._say(f"{hero['name']} is defeated; the party must finish before the next shadow phase")

    def _penalty(self, seat: int, effect: str, stat: str | None = None) -> int:
        """What the hero's faceup damage and fear cards take away."""
        total = 0
        for name in self.heroes[seat]["faceup"]:
            card = self.game.wound_card(name)
            if card.while_faceup.effect == effect and card.while_faceup.stat == stat:
                total += card.while_faceup.amount
        return total

    def _hero_attacks(self, seat: int, group_id: str, item_name: str, successes: int) -> None:
        group = self.groups.get(group_id)
        if group is None:
            return
        hits = best_hits(self._item(item_name), successes)
        if self.heroes[seat]["ability"] == "keen_shot" and self._map().distance(
                self.heroes[seat]["at"], group["at"]) == 1:
            hits += 1  # Legolas's keen_shot: a group in an adjacent space takes 1 more hit
        self._say(f"{self._hero_name(seat)} attacks {group_id} with {item_name}: {hits} hit(s)")
        self._apply_hits(group_id, hits)
        group = self.groups.get(group_id)
        if group is None:
            return
        # Counterattack: in range, and readied or elite.
        reach = 1 if self._enemy(group["enemy"]).ranged else 0
        distance = self._map().distance(group["at"], self.heroes[seat]["at"])
        if distance is not None and distance <= reach and (not group["exhausted"] or group["elite"]):
            group["exhausted"] = True
            self.stack.append(self._attack_task(group_id, seat))

    def _apply_hits(self, group_id: str, hits: int) -> None:
        """Hits go through one figure's armor and sorcery, then its health; a figure that falls lets
        the rest go on to the next, whose armor counts again."""
        group = self.groups[group_id]
        enemy = self._enemy(group["enemy"])
        bonus = [self._elite(b) for b in group["elite"]]
        defence = enemy.armor + enemy.sorcery + sum(b.armor + b.sorcery for b in bonus)
        health = enemy.health + sum(b.health for b in bonus)
        while hits > defence and group["figures"]:
            hits -= defence
            need = health - group["wounds"]
            if hits >= need:
                hits -= need
                group["figures"] -= 1
                group["wounds"] = 0
            else:
                group["wounds"] += hits
                hits = 0
        if not group["figures"]:
            del self.groups[group_id]
            self._say(f"{group_id} is defeated")
            record = next(g for g in self.game.adventure.enemy_group if g.id == group_id)
            if record.on_defeat:
                self._fire(record.on_defeat, None)

    # -- the adventure -----------------------------------------------------------------------

    def _open(self, interaction_id: str | None, seat: int | None, token: str | None) -> None:
        if interaction_id is None:
            return
        interaction = self._interaction(interaction_id)
        self._say(interaction.text.strip())
        self._run_effects(interaction.effects, seat, token)
        if interaction.kind == "test":
            if seat is None:
                return
            purpose = {"kind": "interaction", "interaction": interaction.id, "token": token}
            if interaction.alt_stat is not None and interaction.alt_stat != interaction.stat:
                self.stack.append({"t": "stat", "hero": seat, "stats": [interaction.stat, interaction.alt_stat],
                                   "purpose": purpose})
            else:
                self._test(seat, interaction.stat, purpose)
        elif interaction.kind == "decision":
            self.stack.append({"t": "choice", "hero": self._leader() if seat is None else seat,
                               "interaction": interaction.id, "token": token})
        elif interaction.kind == "branch":
            condition = interaction.condition
            if condition.fired is not None:
                holds = condition.fired in self.fired
            else:
                value = self.variables.get(condition.var, 0)
                holds = ((condition.at_least is None or value >= condition.at_least)
                         and (condition.at_most is None or value <= condition.at_most))
            self._run_effects(interaction.if_true if holds else interaction.if_false, seat, token)

    def _interaction_test(self, interaction_id: str, seat: int, token: str | None, successes: int) -> None:
        interaction = self._interaction(interaction_id)
        if interaction.cumulative:
            total = self.progress.get(interaction_id, 0) + successes
            self.progress[interaction_id] = total
            passed = total >= interaction.successes
            if not passed and interaction.progress_text:
                self._say(f"{interaction.progress_text} ({total} of {interaction.successes})")
        else:
            passed = successes >= interaction.successes
        self._run_effects(interaction.on_pass if passed else interaction.on_fail, seat, token)

    def _run_effects(self, effects: tuple[Effect, ...], seat: int | None, token: str | None) -> None:
        """Effects in the file's order; within one table, in the order docs/journeys-adventures.md
        gives. ``seat`` None (threat events, reactions) means every hero standing."""
        for effect in effects:
            if self.result is not None:
                return
            if effect.text:
                self._say(effect.text.strip())
            if effect.fire:
                self._fire(effect.fire, seat)
            if effect.set:
                self.variables[effect.set] = effect.to
            if effect.add:
                self.variables[effect.add] = self.variables.get(effect.add, 0) + effect.by
            if effect.spawn:
                self._spawn(effect.spawn)
            if effect.then:
                self._open(effect.then, seat, token)
            self.lore += effect.lore
            self.xp += effect.xp
            heroes = [seat] if seat is not None else [i for i, h in enumerate(self.heroes) if not h["defeated"]]
            for each in heroes:
                if effect.inspiration:
                    self._inspire(each, effect.inspiration)
                if effect.damage or effect.fear:
                    self._suffer(each, effect.damage, effect.fear)
            if effect.item:
                self._gain_item(self._leader() if seat is None else seat, effect.item)
            if effect.threat:
                self._raise_threat(effect.threat)
            if effect.remove_token and token in self.tokens:
                del self.tokens[token]
                self.removed_tokens.append(token)

    def _gain_item(self, seat: int, name: str) -> None:
        """An item of the table goes to the hero; any other reward is kept as the party's."""
        if self._item(name) is not None:
            self.heroes[seat]["items"].append(name)
        else:
            self.rewards.append(name)
        self._say(f"{self._hero_name(seat)} gains {name}")

    def _fire(self, trigger: str, seat: int | None) -> None:
        """A trigger fires once: its chapters, tokens, reactions and objectives follow."""
        if trigger in self.fired:
            return
        self.fired.append(trigger)
        adventure = self.game.adventure
        for chapter in adventure.chapter:
            if chapter.revealed_by == trigger:
                if chapter.text:
                    self._say(chapter.text.strip())
                for placement in chapter.tiles:
                    self.placements.append((placement.tile, tuple(placement.position), placement.rotation))
                    if not placement.explored:
                        self.unexplored.append(placement.tile)
        self._place_tokens()
        for reaction in adventure.reaction:
            if reaction.trigger == trigger:
                self._run_effects(reaction.effects, seat, None)
        while self.result is None and self.objective < len(adventure.objective):
            objective = adventure.objective[self.objective]
            if objective.completed_by not in self.fired:
                break
            self.objective += 1
            self._run_effects(objective.effects, None, None)
            if self.objective == len(adventure.objective):
                self.result, self.end_reason = "win", "win"
                self._say(adventure.end.win)

    def _place_tokens(self) -> None:
        placed = {tile for tile, _, _ in self.placements}
        for token in self.game.adventure.token:
            if (token.id in self.tokens or token.id in self.removed_tokens or token.tile not in placed
                    or (token.appears is not None and token.appears not in self.fired)):
                continue
            self.tokens[token.id] = tuple(self._map().space_of(token.tile, token.space))

    def _spawn(self, group_id: str) -> None:
        """A group comes once, at the difficulty's size; none when the difficulty has no table."""
        record = next(g for g in self.game.adventure.enemy_group if g.id == group_id)
        size = getattr(record, self.game.options["difficulty"])
        if size is None or group_id in self.spawned:
            return
        if record.tile not in {tile for tile, _, _ in self.placements}:
            return  # its tile is not on the table yet: the validator's reachability allows this
        self.spawned.append(group_id)
        self.groups[group_id] = {"enemy": record.enemy, "at": tuple(self._map().space_of(record.tile, record.space)),
                                 "figures": size.figures, "wounds": 0, "elite": list(size.elite),
                                 "exhausted": False}
        self._say(f"{size.figures} {record.enemy} ({group_id}) appear on tile {record.tile}")

    def _raise_threat(self, amount: int) -> None:
        before = self.threat
        meta = self.game.adventure.adventure
        self.threat = max(0, min(meta.threat_max, self.threat + amount))
        for event in sorted(self.game.adventure.threat, key=lambda e: e.at):
            if before < event.at <= self.threat and self.result is None:
                self._run_effects(event.effects, None, None)
        if self.threat >= meta.threat_max and self.result is None:
            self._lose("threat")

    def _inspire(self, seat: int, amount: int) -> None:
        hero = self.heroes[seat]
        limit = self.game.table.hero(hero["name"]).stats.inspiration_limit - self._penalty(seat, "inspiration_limit")
        hero["inspiration"] = max(0, min(limit, hero["inspiration"] + amount))

    def _lose(self, why: str) -> None:
        end = self.game.adventure.end
        self.result, self.end_reason = "loss", why
        self._say({"threat": end.loss_threat, "defeat": end.loss_defeat}.get(
            why, f"The adventure runs out of time after {ROUND_CAP} rounds (a limit of this app)."))
        self.stack = []

    # -- lookups -----------------------------------------------------------------------------

    def _map(self):
        return self.game.hexmap(tuple(Placement(t, p, r) for t, p, r in self.placements))

    def _interaction(self, interaction_id: str) -> Interaction:
        return next(i for i in self.game.adventure.interaction if i.id == interaction_id)

    def _token(self, token_id: str):
        return next(t for t in self.game.adventure.token if t.id == token_id)

    def _enemy(self, name: str):
        return self.game.table.enemy(name)

    def _elite(self, name: str):
        return next(b for b in self.game.table.elites if b.name == name)

    def _item(self, name: str):
        return next((i for i in self.game.table.items if i.name == name), None)

    def _hero_name(self, seat: int | None) -> str:
        return "the party" if seat is None else self.heroes[seat]["name"]

    def _say(self, text: str) -> None:
        self.log = [*self.log[-(LOG_KEPT - 1):], text]

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
        other = copy.copy(self)
        for name, value in self.__dict__.items():
            if name != "game":
                setattr(other, name, copy.deepcopy(value))
        return other


def best_hits(item, successes: int) -> int:
    """The most hits ``successes`` buy from the item's abilities, each used at most once per attack
    (Rules Reference); unspent successes do nothing. The hero's choice is made for them."""
    if item is None:
        return 0
    paid = [a for a in item.ability if a.pay == "successes" and a.effect == "hits"]
    best = 0
    for n in range(1, len(paid) + 1):
        for chosen in combinations(paid, n):
            if sum(a.cost for a in chosen) <= successes:
                best = max(best, sum(a.amount for a in chosen))
    return best
