"""The table's half, continued: the abilities of prepared skill cards, items and boons.

One mechanism serves every timing: an ability window. At a timing (``own_turn``, a test, after a
test, the rally phase, the end of a turn) the hero is offered each ability they may use now, as
``use NAME`` (``use NAME HERO`` when it helps another hero), and uses any number of them before
passing. The own turn's window is the turn itself (its ``use`` choices sit beside travel and
end); a test's window is its conversion step (``convert N`` closes it); the others are ``window``
tasks closed by ``pass``.

An effect E is offered when ``_fits_E`` says it would do something now and is applied by
``_use_E``; an effect without them would never be offered, so adding one is adding its two methods
(test_guard.py checks that every effect the data names has them). Guard and items that prevent
are offered in ``before_suffering`` windows that ``_suffer`` opens over the source (wounds.py):
one for each hero who could prevent, the sufferer first. The cost is paid first: a skill card is
discarded from the prepared area, a trinket spends a depletion token (at 0 it is facedown and offers nothing),
a once-per-round item is marked for the round, a free item ability (or a card that says
``then = "keep"``) is used once per window.
"""

from __future__ import annotations

from typing import Any

from middleearth.games.journeys.actions import slug


class AbilityRules:
    """Mixin of JourneysState: ability windows and the effects of cards, items and boons."""

    _want_window = "an ability to use now (use NAME, or use NAME HERO) or pass"
    _want_lend_heart = "how much of her own inspiration Elena pays for the fate of the test (lend N)"

    # -- what may be used now ----------------------------------------------------------------

    def _offers(self, seat: int, timings: tuple[str, ...], task: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
        """Each ability the hero may use now, by its action text."""
        hero = self.heroes[seat]
        if hero["defeated"]:
            return {}
        found: list[dict[str, Any]] = []
        cards = self.game.hero_cards[hero["name"]]
        used = hero["turn_used"] if task is None else task.get("used", [])
        for card_id in dict.fromkeys(hero["prepared"]):
            ability = cards[card_id].ability
            if ability is not None and ability.when in timings and card_id not in used:
                found.append({"source": "card", "key": card_id, "effect": ability.effect, "amount": ability.amount,
                              "target": ability.target, "modifiers": [ability.modifier] if ability.modifier else [],
                              "keep": ability.then == "keep"})
        for name in hero["items"]:
            item = self._item(name)
            if item is None or (item.slot == "trinket" and not hero["depletion"].get(name)):
                continue  # a trinket without tokens is facedown: none of its abilities work
            for index, ability in enumerate(item.ability):
                if ability.pay == "successes" or ability.when not in timings:
                    continue  # success costs are spent when the attack resolves (attacks.py)
                if ability.limit == "once_per_round" and name in hero["once_used"]:
                    continue
                if ability.pay == "none" and f"{name}#{index}" in used:
                    continue  # a free ability is used once per window (the own turn is one window)
                if ability.effect == "convert" and not self._negates(task, ability.against):
                    continue
                found.append({"source": "item", "key": slug(name), "item": name, "index": index,
                              "effect": ability.effect, "amount": ability.amount, "target": "self",
                              "modifiers": list(ability.modifiers), "pay": ability.pay, "limit": ability.limit,
                              "against": ability.against})
        if task is not None and task["t"] == "test":
            for boon in self.game.table.boons:
                if boon.name in hero["boons"] and boon.use in ("add_success", "reveal_more"):
                    found.append({"source": "boon", "key": boon.name, "effect": boon.use, "amount": boon.amount,
                                  "target": "self", "modifiers": []})
        offers: dict[str, dict[str, Any]] = {}
        for offer in found:
            fits = getattr(self, f"_fits_{offer['effect']}", None)
            if fits is None:
                continue  # an effect without its methods is never offered (test_guard.py checks the data)
            for target in self._targets(seat, offer["target"]):
                if fits(seat, target, offer, task):
                    named = offer["target"] == "nearby_hero" or (offer["target"] == "hero_in_space" and target != seat)
                    text = f"use {offer['key']}" + (f" {slug(self.heroes[target]['name'])}" if named else "")
                    offers.setdefault(text, {**offer, "to": target})
        return offers

    def _targets(self, seat: int, target: str) -> list[int]:
        """Whom an ability may help: the hero, the heroes nearby, or the heroes in their space."""
        if target == "nearby_hero":
            return self._nearby(seat)
        if target == "hero_in_space":
            at = self.heroes[seat]["at"]
            return [seat, *(i for i in self._standing() if i != seat and at is not None and self.heroes[i]["at"] == at)]
        return [seat]

    def _nearby(self, seat: int) -> list[int]:
        """The hero and every standing hero in their space or an adjacent one (our reading of nearby)."""
        at = self.heroes[seat]["at"]
        return [i for i in self._standing() if at is not None and self.heroes[i]["at"] is not None
                and (self._map().distance(self.heroes[i]["at"], at) or 0) <= 1]

    @staticmethod
    def _negates(task: dict[str, Any] | None, against: str | None) -> bool:
        """A convert with ``against`` works only in a test that negates that kind of harm."""
        if task is None or task["t"] != "test":
            return False
        if against is None:
            return True
        purpose = task["purpose"]
        if purpose.get("kind") != "negate":
            return False
        kinds = {"damage": purpose.get("damage", 0) > 0, "fear": purpose.get("fear", 0) > 0}
        return kinds["damage"] or kinds["fear"] if against == "both" else kinds[against]

    def _test_timings(self, task: dict[str, Any]) -> tuple[str, ...]:
        return ("any_test", "attack_test") if task["purpose"].get("kind") == "attack" else ("any_test",)

    # -- using one -----------------------------------------------------------------------------

    def _use_offer(self, seat: int, offer: dict[str, Any], task: dict[str, Any] | None) -> None:
        """Pay the ability's cost, then resolve its effect."""
        hero = self.heroes[seat]
        used = hero["turn_used"] if task is None else task.setdefault("used", [])
        if offer["source"] == "card" and offer["keep"]:
            used.append(offer["key"])  # a card that stays prepared is used once per window
        elif offer["source"] == "card":
            hero["prepared"].remove(offer["key"])
            hero["discard"][offer["key"]] = hero["discard"].get(offer["key"], 0) + 1
        elif offer["source"] == "boon":
            hero["boons"].remove(offer["key"])
        else:
            name = offer["item"]
            if offer["pay"] == "deplete":
                hero["depletion"][name] -= 1
                if not hero["depletion"][name]:
                    self._say(f"{name} is spent: facedown for the rest of the adventure")
            if offer["limit"] == "once_per_round":
                hero["once_used"].append(name)
            elif offer["pay"] == "none":
                used.append(f"{name}#{offer['index']}")
        self._say(f"{hero['name']} uses {offer['key']} ({offer['effect']} {offer['amount']})")
        getattr(self, f"_use_{offer['effect']}")(seat, offer, task)

    def _ability_text(self, seat: int, words: list[str], timings: tuple[str, ...], task: dict[str, Any] | None) -> None:
        self._use_offer(seat, self._offers(seat, timings, task)[" ".join(words)], task)

    # -- the effects: when each does something, and what it does ------------------------------

    def _fits_scout(self, seat, target, offer, task) -> bool:
        hero = self.heroes[seat]
        return bool(hero["deck"] or hero["discard"])

    def _use_scout(self, seat, offer, task) -> None:
        if not self.heroes[seat]["deck"]:
            self._reset_deck(seat)  # an empty deck is reset before cards are revealed
        self.stack.append({"t": "scout", "hero": seat, "reveals": offer["amount"], "revealed": []})

    def _fits_sprint(self, seat, target, offer, task) -> bool:
        return True

    def _use_sprint(self, seat, offer, task) -> None:
        self.moves += offer["amount"]  # moves like travel's: actions may come between them

    def _fits_hide(self, seat, target, offer, task) -> bool:
        return "hidden" not in self.heroes[seat]["boons"]

    def _use_hide(self, seat, offer, task) -> None:
        self._gain_boon(seat, "hidden")

    def _fits_inspire(self, seat, target, offer, task) -> bool:
        return self.heroes[target]["inspiration"] < self._inspiration_limit(target)

    def _use_inspire(self, seat, offer, task) -> None:
        self._inspire(offer["to"], offer["amount"])

    def _fits_convert(self, seat, target, offer, task) -> bool:
        return task is not None and task["t"] == "test" and task["fate"] > 0

    def _use_convert(self, seat, offer, task) -> None:
        turned = min(offer["amount"], task["fate"])
        task["fate"] -= turned
        task["success"] += turned

    def _fits_strike(self, seat, target, offer, task) -> bool:
        return task is not None and task["t"] == "test" and task["purpose"].get("kind") == "attack"

    def _use_strike(self, seat, offer, task) -> None:
        """The contract with the attack's resolution: added hits and modifiers ride on the purpose."""
        purpose = task["purpose"]
        purpose["added_hits"] = purpose.get("added_hits", 0) + offer["amount"]
        added = purpose.setdefault("added_modifiers", [])
        added += [m for m in offer["modifiers"] if m not in added]

    def _fits_modifier(self, seat, target, offer, task) -> bool:
        return self._fits_strike(seat, target, offer, task) and any(
            m not in task["purpose"].get("added_modifiers", []) for m in offer["modifiers"])

    def _use_modifier(self, seat, offer, task) -> None:
        added = task["purpose"].setdefault("added_modifiers", [])
        added += [m for m in offer["modifiers"] if m not in added]

    _fits_hits = _fits_strike  # a trinket that adds hits (and modifiers) to the attack in progress
    _use_hits = _use_strike

    def _fits_add_success(self, seat, target, offer, task) -> bool:
        return True

    def _use_add_success(self, seat, offer, task) -> None:
        task["success"] += offer["amount"]

    def _fits_reveal_more(self, seat, target, offer, task) -> bool:
        hero = self.heroes[seat]
        return bool(hero["deck"] or hero["discard"])

    def _use_reveal_more(self, seat, offer, task) -> None:
        task["reveals"] += offer["amount"]  # chance reveals them before the test goes on

    # Guard and prevent: in a before_suffering window, over the source not yet revealed.

    def _source_due(self, target: int, task: dict[str, Any] | None, against: str) -> bool:
        """The window is over ``target``'s source and some of ``against`` is still due."""
        if task is None or task.get("when") != "before_suffering":
            return False
        source = self.stack[task["source"]]
        kinds = ("damage", "fear") if against == "both" else (against,)
        return source["hero"] == target and any(source[kind] for kind in kinds)

    def _fits_guard(self, seat, target, offer, task) -> bool:
        return self._source_due(target, task, "both")

    def _use_guard(self, seat, offer, task) -> None:
        self._prevent(seat, task, offer["amount"], ("damage", "fear"))

    def _fits_prevent(self, seat, target, offer, task) -> bool:
        return self._source_due(target, task, offer["against"])

    def _use_prevent(self, seat, offer, task) -> None:
        kinds = ("damage", "fear") if offer["against"] == "both" else (offer["against"],)
        self._prevent(seat, task, offer["amount"], kinds)

    # Rest: at the end of the turn, facedown cards go back to their decks.

    def _fits_rest(self, seat, target, offer, task) -> bool:
        return any(self.heroes[seat]["facedown"].values())

    def _use_rest(self, seat, offer, task) -> None:
        self._discard_wounds(seat, offer["amount"], facedown_only=True)

    # -- boons ---------------------------------------------------------------------------------

    def _gain_boon(self, seat: int, name: str) -> None:
        """The hero takes a boon card, unless they hold one of that kind already."""
        hero = self.heroes[seat]
        if name not in hero["boons"]:
            hero["boons"].append(name)
            self._say(f"{hero['name']} becomes {name}")

    def _avoids_attack(self, seat: int) -> bool:
        """An enemy attack would target the hero: a hidden hero discards the boon and the attack
        does not happen (the boon's text says to discard it, so no choice is asked)."""
        hero = self.heroes[seat]
        if "hidden" not in hero["boons"]:
            return False
        hero["boons"].remove("hidden")
        self._say(f"{hero['name']} stays hidden: the attack does not happen")
        return True

    def _attack_reveals_hero(self, seat: int) -> None:
        """The hidden boon is lost, unused, when its holder attacks."""
        lost = [b.name for b in self.game.table.boons if b.lost_on_attack and b.name in self.heroes[seat]["boons"]]
        for name in lost:
            self.heroes[seat]["boons"].remove(name)

    # -- the window task (after a test, the rally phase, the end of a turn) -------------------

    def _open_window(self, seat: int, when: str) -> None:
        self.stack.append({"t": "window", "hero": seat, "when": when, "used": []})

    def _step_window(self, task: dict[str, Any]) -> bool:
        seat = task["hero"]
        if task["when"] == "rally" and not task.get("slipped"):
            task["slipped"] = True
            self._slip_away(seat)
        if self._offers(seat, (task["when"],), task):
            return False
        self.stack.pop()
        return True

    def _choices_window(self, task: dict[str, Any]) -> list[str]:
        return [*self._offers(task["hero"], (task["when"],), task), "pass"]

    def _resolve_window(self, task: dict[str, Any], words: list[str]) -> None:
        if words[0] == "pass":
            self.stack.pop()
            return
        self._ability_text(task["hero"], words, (task["when"],), task)

    def _slip_away(self, seat: int) -> None:
        """Bilbo's slip_away: in the rally phase, after scouting, he becomes hidden when no enemy
        group shares his space."""
        hero = self.heroes[seat]
        if hero["ability"] == "slip_away" and not hero["defeated"] and not self._groups_within(hero["at"], 0):
            self._gain_boon(seat, "hidden")

    # -- Elena's lend_heart ------------------------------------------------------------------

    def _lender(self, seat: int, task: dict[str, Any]) -> int | None:
        """Elena, when she may pay inspiration for the fate left in a nearby hero's test."""
        if not task["fate"] or task.get("lend_asked"):
            return None
        for elena in self._nearby(seat):
            hero = self.heroes[elena]
            if elena != seat and hero["ability"] == "lend_heart" and not hero["ability_used"] and hero["inspiration"]:
                return elena
        return None

    def _choices_lend_heart(self, task: dict[str, Any]) -> list[str]:
        test = self.stack[-2]
        most = min(test["fate"], self.heroes[task["hero"]]["inspiration"])
        return [f"lend {n}" for n in range(most + 1)]

    def _resolve_lend_heart(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        test, amount = self.stack[-1], int(words[1])
        if amount:
            elena = self.heroes[task["hero"]]
            elena["inspiration"] -= amount
            elena["ability_used"] = True  # once per round
            test["fate"] -= amount
            test["success"] += amount
            self._say(f"{elena['name']} lends heart: {amount} fate become successes")
