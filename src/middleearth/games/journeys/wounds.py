"""The table's half, continued: damage and fear.

Harm comes as a source (an attack, darkness, a story effect): the hero may negate it with a test,
then suffers the rest one card at a time from the shared decks, and the limits are checked once
the whole source is suffered.
"""

from __future__ import annotations

from typing import Any

from middleearth.core.actions import TextAction
from middleearth.core.contract import CHANCE
from middleearth.games.journeys.actions import Move


class WoundRules:
    """Mixin of JourneysState: damage, fear, their cards and the heroes' limits."""

    def _harm(self, seat: int, damage: int, fear: int, negate: str | None, from_enemy: bool = False) -> None:
        """Damage and fear with a chance to negate: a test of ``negate``, each success prevents one."""
        if not damage and not fear:
            return
        if negate is None:
            self._suffer(seat, damage, fear)
            return
        self._test(seat, negate, {"kind": "negate", "damage": damage, "fear": fear, "enemy": from_enemy})

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

    def _suffer(self, seat: int, damage: int, fear: int, facedown: bool = False) -> None:
        """Each damage or fear is a card revealed from its deck and resolved one at a time; limits
        are checked once the whole source is suffered (the ``wound`` task)."""
        hero = self.heroes[seat]
        if hero["defeated"] or not (damage or fear):
            return
        self._say(f"{hero['name']} suffers {damage} damage and {fear} fear")
        self.stack.append({"t": "wound", "hero": seat, "damage": damage, "fear": fear, "facedown": facedown})

    _want_split = "how many successes negate damage, the rest negating fear (negate N)"

    def _choices_split(self, task: dict[str, Any]) -> list[str]:
        return [f"negate {n}" for n in range(task["low"], task["high"] + 1)]

    def _resolve_split(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        n = int(words[1])
        self._suffer_attack(task["hero"], task["damage"] - n, max(0, task["fear"] - (task["successes"] - n)),
                            task["enemy"])

    def _mover_wound(self, task: dict[str, Any]) -> int:
        return CHANCE

    def _outcomes_wound(self, task: dict[str, Any]) -> list[tuple[TextAction, float]]:
        kind = "damage" if task["damage"] else "fear"
        pile = self.wound_decks[kind]
        total = sum(pile.values())
        return [(Move(f"{kind} {c}"), n / total) for c, n in sorted(pile.items()) if n]

    def _step_wound(self, task: dict[str, Any]) -> bool:
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

    def _resolve_wound(self, task: dict[str, Any], words: list[str]) -> None:
        self._wound(task, words[0], words[1])

    def _wound(self, task: dict[str, Any], kind: str, name: str) -> None:
        """One damage or fear card: its immediate effect, then facedown, faceup or back to the deck."""
        seat = task["hero"]
        hero = self.heroes[seat]
        self._take(self.wound_decks[kind], name)
        task[kind] -= 1
        if task.get("facedown") or (kind == "damage" and self._damage_facedown(seat)):
            hero[kind] += 1  # facedown, unread: the card's text does nothing
            return
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
