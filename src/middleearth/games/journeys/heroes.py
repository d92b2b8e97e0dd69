"""The table's half of Journeys in Middle-earth: the heroes, their skill decks and items.

In the box the players handle this half: they take their turns, test by revealing skill cards,
convert fate with inspiration, attack with their items and scout in the rally phase; the app only
hears the results. The world reaches this half through ``interface.TableSide``; this half reaches
the world through ``interface.WorldSide``. Damage and fear are in ``wounds.py``; the abilities of
prepared cards, items and boons in ``abilities.py``.
"""

from __future__ import annotations

from typing import Any

from middleearth.core.actions import TextAction
from middleearth.core.contract import CHANCE
from middleearth.games.journeys.actions import Move
from middleearth.games.journeys.hexmap import DIRECTIONS, Hex

ACTIONS_PER_TURN = 2
MOVES_PER_TRAVEL = 2
SCOUT = 2
MAX_PREPARED = 4


class HeroRules:
    """Mixin of JourneysState: the heroes' turns, tests, decks and items."""

    # -- the world's requests (interface.TableSide) -------------------------------------------

    def _place_heroes(self, space: tuple[int, int]) -> None:
        for hero in self.heroes:
            hero["at"] = space

    def _refresh_heroes(self) -> None:
        """A new round: every standing hero may take a turn; once-a-round abilities return."""
        for hero in self.heroes:
            hero["done"] = False
            hero["once_used"] = []
            if hero["ability"] in ("hardy", "lend_heart"):
                hero["ability_used"] = False

    def _standing(self) -> list[int]:
        return [i for i, h in enumerate(self.heroes) if not h["defeated"]]

    def _leader(self) -> int:
        """The party's voice for choices of the whole party: the first hero still standing."""
        return next((i for i, h in enumerate(self.heroes) if not h["defeated"]), 0)

    def _hero_name(self, seat: int | None) -> str:
        return "the party" if seat is None else self.heroes[seat]["name"]

    # -- a hero's turn -----------------------------------------------------------------------

    def _turn_choices(self, seat: int) -> list[str]:
        hero = self.heroes[seat]
        here = hero["at"]
        choices = []
        if self.actions_left:
            choices.append("travel")
        if self.moves:
            choices += [f"move {d}" for d in DIRECTIONS if Hex(*here).step(d) in self._map().neighbours(here)]
        if self.actions_left:
            choices += [f"interact {t}" for t in self._interactable(here)]
            choices += self._attack_choices(seat)
        choices += self._offers(seat, ("own_turn",), None)
        choices.append("end")
        return choices

    def _turn_action(self, seat: int, words: list[str]) -> None:
        hero = self.heroes[seat]
        verb = words[0]
        if verb == "end":
            self._end_turn()  # also ends a turn whose hero could still use an ability
        elif verb == "travel":
            self.actions_left -= 1
            self.moves += max(0, MOVES_PER_TRAVEL - self._penalty(seat, "travel_penalty"))
            if hero["ability"] == "swift_step" and not hero["ability_used"]:
                hero["ability_used"] = True  # Beravor's swift_step: once a turn, one more move
                self.moves += 1
        elif verb == "move":
            self.moves -= 1
            self.stack.append({"t": "move_to", "hero": seat, "from": hero["at"],
                               "to": tuple(Hex(*hero["at"]).step(words[1]))})
            self._provoke(seat)
        elif verb == "use":
            self._ability_text(seat, words, ("own_turn",), None)
        elif verb == "interact":
            self.actions_left -= 1
            if self._interact(seat, words[1]):
                self._provoke(seat)
        elif verb == "attack":
            self.actions_left -= 1
            self._attack_reveals_hero(seat)
            self._begin_attack(seat, words)

    def _end_turn(self) -> None:
        self._turn_ended(self.turn)
        self.heroes[self.turn]["done"] = True
        if self.heroes[self.turn]["ability"] == "swift_step":
            self.heroes[self.turn]["ability_used"] = False
        self.heroes[self.turn]["turn_used"] = []
        self._open_window(self.turn, "end_of_turn")  # Rest's timing; it closes at once when nothing fits
        self.turn, self.actions_left, self.moves = None, 0, 0

    def _do_move_to(self, task: dict[str, Any]) -> None:
        hero = self.heroes[task["hero"]]
        if hero["defeated"]:
            return
        hero["at"] = task["to"]
        self._hero_entered(task["hero"], task["to"], task.get("from"))

    # -- tests, decks, the rally phase ------------------------------------------------------

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
        # Beneath what the test brings about (wounds, hits, a story), so it comes right after.
        self._open_window(seat, "after_test")
        kind = purpose["kind"]
        if kind == "negate":
            self._negate(seat, purpose["damage"], purpose["fear"], successes, purpose.get("enemy", False),
                         purpose.get("facedown", []))
        elif kind == "attack":
            fate_cards = [c for c in task["revealed"] if self.game.hero_cards[hero["name"]][c].fate]
            self._hero_attacks(seat, purpose["group"], purpose["items"], successes, {**purpose, "fate_cards": fate_cards})
        elif kind == "interaction":
            self._interaction_test(purpose["interaction"], seat, purpose["token"], successes)
        else:  # a purpose of another table module: its ``_tested_KIND(seat, purpose, successes)``
            getattr(self, f"_tested_{kind}")(seat, purpose, successes)

    def _tested_none(self, seat: int, purpose: dict[str, Any], successes: int) -> None:
        """A test for its own sake: what it leads to is only what is used after it (Hide...)."""

    def _reset_deck(self, seat: int) -> None:
        """An empty deck takes back its discard pile, shuffled (no order is kept anyway)."""
        hero = self.heroes[seat]
        for card, n in hero["discard"].items():
            hero["deck"][card] = hero["deck"].get(card, 0) + n
        hero["discard"] = {}

    def _do_rally(self, task: dict[str, Any]) -> None:
        """The rally phase: each hero resets their deck, then scouts."""
        self.phase = "rally"
        for seat in reversed(self._standing()):
            self._reset_deck(seat)
            reveals = max(1, SCOUT - self._penalty(seat, "scout_penalty")) + self._scout_bonus(seat)
            self._open_window(seat, "rally")  # after scouting: rally abilities, Bilbo's slip_away
            self.stack.append({"t": "scout", "hero": seat, "reveals": reveals, "revealed": []})

    def _scout_bonus(self, seat: int) -> int:
        """Aragorn's rally_scout_plus_one: he and each hero nearby (his space or an adjacent one)
        reveal one card more when scouting."""
        at = self.heroes[seat]["at"]
        return int(any(h["ability"] == "rally_scout_plus_one" and not h["defeated"]
                       and (self._map().distance(h["at"], at) or 0) <= 1 for h in self.heroes))

    def _inspire(self, seat: int, amount: int) -> None:
        hero = self.heroes[seat]
        hero["inspiration"] = max(0, min(self._inspiration_limit(seat), hero["inspiration"] + amount))

    def _inspiration_limit(self, seat: int) -> int:
        hero = self.heroes[seat]
        return self.game.table.hero(hero["name"]).stats.inspiration_limit - self._penalty(seat, "inspiration_limit")

    def _end_turn_now(self, seat: int) -> None:
        if self.turn == seat:
            self._end_turn()

    def _give_item(self, seat: int, name: str) -> None:
        self.heroes[seat]["items"].append(name)
        item = self._item(name)
        if item is not None and item.depletion:
            self.heroes[seat]["depletion"][name] = item.depletion  # a trinket comes with its tokens
        self._say(f"{self._hero_name(seat)} gains {name}")

    def _penalty(self, seat: int, effect: str, stat: str | None = None) -> int:
        """What the hero's faceup damage and fear cards take away."""
        total = 0
        for name in self.heroes[seat]["faceup"]:
            card = self.game.wound_card(name)
            if card.while_faceup.effect == effect and card.while_faceup.stat == stat:
                total += card.while_faceup.amount
        return total

    # -- tasks: tests, scouting, weakness ----------------------------------------------------

    _want_test = "an ability to use in the test (use NAME) or how much inspiration to spend on fate (convert N)"
    _want_scout = "which scouted card to prepare (prepare CARD or prepare none)"
    _want_trim = "which prepared card to discard: at most four stay prepared"

    def _mover_test(self, task: dict[str, Any]) -> int:
        return CHANCE if task["reveals"] > 0 else task["hero"]

    _mover_scout = _mover_test

    def _mover_weakness(self, task: dict[str, Any]) -> int:
        return CHANCE

    def _choices_test(self, task: dict[str, Any]) -> list[str]:
        """The test's ability window: abilities usable in a test, then ``convert N`` closes it."""
        most = min(task["fate"], self.heroes[task["hero"]]["inspiration"] + self._free_conversions(task))
        most = 0 if task["purpose"]["kind"] == "attack" and self._mist_shrouds(task["purpose"]["group"]) else most
        return [*self._offers(task["hero"], self._test_timings(task), task), *(f"convert {n}" for n in range(most + 1))]

    def _outcomes_test(self, task: dict[str, Any]) -> list[tuple[TextAction, float]]:
        return _draws("reveal", self.heroes[task["hero"]]["deck"])

    _outcomes_scout = _outcomes_test

    def _outcomes_weakness(self, task: dict[str, Any]) -> list[tuple[TextAction, float]]:
        return _draws("weakness", self.weakness_deck)

    def _step_test(self, task: dict[str, Any]) -> bool:
        hero = self.heroes[task["hero"]]
        if task["reveals"] > 0:
            if not hero["deck"]:
                self._reset_deck(task["hero"])
            if hero["deck"]:
                return False
            task["reveals"] = 0  # every card is revealed or prepared: nothing more to show
        if not task["decided"] and ((task["fate"] and (hero["inspiration"] or self._free_conversions(task)))
                                    or self._offers(task["hero"], self._test_timings(task), task)):
            return False
        lender = self._lender(task["hero"], task)
        if lender is not None:
            task["lend_asked"] = True
            self.stack.append({"t": "lend_heart", "hero": lender})
            return True
        self.stack.pop()
        self._finish_test(task)
        return True

    def _resolve_test(self, task: dict[str, Any], words: list[str]) -> None:
        hero = self.heroes[task["hero"]]
        if words[0] == "reveal":
            self._take(hero["deck"], words[1])
            card = self.game.hero_cards[hero["name"]][words[1]]
            task["revealed"].append(words[1])
            task["success"] += card.success
            task["fate"] += card.fate
            task["reveals"] -= 1
            return
        if words[0] == "use":
            self._ability_text(task["hero"], words, self._test_timings(task), task)
            return
        spent = int(words[1])
        hero["inspiration"] -= max(0, spent - self._free_conversions(task))
        task["fate"] -= spent
        task["success"] += spent
        task["decided"] = True

    def _step_scout(self, task: dict[str, Any]) -> bool:
        hero = self.heroes[task["hero"]]
        if task["reveals"] > 0 and not hero["deck"]:
            self._reset_deck(task["hero"])  # no cards left: the discard pile becomes the deck
        if task["reveals"] > 0 and hero["deck"]:
            return False
        task["reveals"] = 0
        if not task["revealed"]:
            self.stack.pop()
            return True
        return False

    def _choices_scout(self, task: dict[str, Any]) -> list[str]:
        return ["prepare none", *(f"prepare {c}" for c in sorted(set(task["revealed"])))]

    def _resolve_scout(self, task: dict[str, Any], words: list[str]) -> None:
        hero = self.heroes[task["hero"]]
        if words[0] == "reveal":
            self._take(hero["deck"], words[1])
            task["revealed"].append(words[1])
            task["reveals"] -= 1
            return
        kept = task["revealed"]
        if words[1] != "none":
            kept.remove(words[1])
            hero["prepared"].append(words[1])
        for card in kept:  # the rest go back on the deck; decks keep no order here
            hero["deck"][card] = hero["deck"].get(card, 0) + 1
        self.stack.pop()
        if len(hero["prepared"]) > MAX_PREPARED:
            self.stack.append({"t": "trim", "hero": task["hero"]})

    def _choices_trim(self, task: dict[str, Any]) -> list[str]:
        return [f"discard {c}" for c in sorted(set(self.heroes[task["hero"]]["prepared"]))]

    def _step_trim(self, task: dict[str, Any]) -> bool:
        if len(self.heroes[task["hero"]]["prepared"]) <= MAX_PREPARED:
            self.stack.pop()
            return True
        return False

    def _resolve_trim(self, task: dict[str, Any], words: list[str]) -> None:
        hero = self.heroes[task["hero"]]
        hero["prepared"].remove(words[1])
        hero["discard"][words[1]] = hero["discard"].get(words[1], 0) + 1

    def _step_weakness(self, task: dict[str, Any]) -> bool:
        if not any(self.weakness_deck.values()):
            self.stack.pop()
            return True
        return False

    def _resolve_weakness(self, task: dict[str, Any], words: list[str]) -> None:
        self._take(self.weakness_deck, words[1])
        hero = self.heroes[task["hero"]]
        pile = hero[task.get("to", "deck")]  # setup: into the deck; later: the discard pile
        pile[words[1]] = pile.get(words[1], 0) + 1
        self.stack.pop()


def _draws(verb: str, pile: dict[str, int]) -> list[tuple[TextAction, float]]:
    """A draw from a pile that keeps counts and no order: each card by its share of the pile."""
    total = sum(pile.values())
    return [(Move(f"{verb} {card}"), n / total) for card, n in sorted(pile.items()) if n]
