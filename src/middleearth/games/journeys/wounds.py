"""The table's half, continued: damage and fear.

Harm comes as a source (an attack, darkness, a story effect): the hero may negate it with a test,
then suffers the rest one card at a time from the shared decks, and the limits are checked once
the whole source is suffered. A hero at a limit makes a last stand: failing it defeats them.

Facedown cards are counts, never names: nobody reads a facedown card, so ``wound_decks`` holds the
names of every card not in view (the deck and all facedown cards alike) and a card's name is a
chance draw from it only when it is revealed, from the deck or by a flip. A card read and turned
facedown joins them again: once facedown it is not told apart from the others (our reading).
"""

from __future__ import annotations

from typing import Any

from middleearth.core.actions import TextAction
from middleearth.core.contract import CHANCE
from middleearth.games.journeys.actions import Move

WOUND_KINDS = ("damage", "fear")


def _facedown_kinds(facedown: bool | tuple[str, ...] | list[str]) -> list[str]:
    """The kinds suffered facedown: True means both; a bad kind is refused, naming those there are."""
    hidden = list(WOUND_KINDS) if facedown is True else list(facedown or ())
    if unknown := set(hidden) - set(WOUND_KINDS):
        raise ValueError(f"facedown names kinds of wound: {sorted(unknown)} is not among {list(WOUND_KINDS)}")
    return hidden


class WoundRules:
    """Mixin of JourneysState: damage, fear, their cards and the heroes' limits."""

    def _harm(self, seat: int, damage: int, fear: int, negate: str | None, from_enemy: bool = False,
              facedown: bool | tuple[str, ...] = False) -> None:
        """Damage and fear with a chance to negate: a test of ``negate``, each success prevents one;
        what is left is suffered, the kinds in ``facedown`` facedown (as ``_suffer``)."""
        if not damage and not fear:
            return
        hidden = _facedown_kinds(facedown)
        if negate is None:
            self._suffer(seat, damage, fear, tuple(hidden))
            return
        self._test(seat, negate, {"kind": "negate", "damage": damage, "fear": fear, "enemy": from_enemy,
                                  "facedown": hidden})

    def _negate(self, seat: int, damage: int, fear: int, successes: int, from_enemy: bool = False,
                facedown: bool | tuple[str, ...] | list[str] = False) -> None:
        """Each success prevents one damage or fear; when both are due and the successes do not
        cover them, the hero chooses the split (``negate N``: N against damage, the rest fear)."""
        if successes >= damage + fear:
            return
        hidden = _facedown_kinds(facedown)
        low, high = max(0, successes - fear), min(successes, damage)
        if low == high:
            self._suffer_attack(seat, damage - low, max(0, fear - (successes - low)), from_enemy, hidden)
            return
        self.stack.append({"t": "split", "hero": seat, "damage": damage, "fear": fear, "successes": successes,
                           "low": low, "high": high, "enemy": from_enemy, "facedown": hidden})

    def _suffer_attack(self, seat: int, damage: int, fear: int, from_enemy: bool,
                       facedown: list[str] | tuple[str, ...] = ()) -> None:
        """Prevention comes after negation: Gimli's `hardy` prevents 1 damage of the round's first
        enemy attack that would hurt him. It needs no choice, so it comes first; the chosen
        preventions (Guard, items) follow in ``_suffer``'s window, before any card is revealed."""
        hero = self.heroes[seat]
        if from_enemy and damage and hero["ability"] == "hardy" and not hero["ability_used"]:
            hero["ability_used"] = True
            damage -= 1
            self._say(f"{hero['name']} shrugs off 1 damage (hardy)")
        self._suffer(seat, damage, fear, tuple(facedown))

    def _suffer(self, seat: int, damage: int, fear: int, facedown: bool | tuple[str, ...] = False) -> None:
        """Each damage or fear is a card revealed from its deck and resolved one at a time; limits
        are checked once the whole source is suffered (the ``wound`` task). Kinds in ``facedown``
        (True: both) are placed facedown without anyone reading them."""
        hero = self.heroes[seat]
        if hero["defeated"] or not (damage or fear):
            return
        hidden = _facedown_kinds(facedown)
        if "damage" not in hidden and self._damage_facedown(seat):
            hidden.append("damage")  # mist: the world says damage suffered here is facedown
        self._say(f"{hero['name']} suffers {damage} damage and {fear} fear"
                  + (f" ({' and '.join(hidden)} facedown)" if hidden else ""))
        task = {"t": "wound", "hero": seat, "damage": damage, "fear": fear, "facedown": hidden, "placed": False}
        self.stack.append(task)
        guards = [g for g in self._guarders(seat) if self._offers(g, ("before_suffering",), self._guard_window(g))]
        if not guards:
            self._place_hidden(task)
            return
        # Guard X and items that prevent: a window for each hero who may prevent, the sufferer
        # first (on top), before any card of the source is placed or revealed.
        for guard in reversed(guards):
            self.stack.append(self._guard_window(guard))

    def _guarders(self, seat: int) -> list[int]:
        """The sufferer, then every other standing hero in their space (Guard's "a hero in your space")."""
        return self._targets(seat, "hero_in_space")

    def _guard_window(self, seat: int) -> dict[str, Any]:
        """A before_suffering window of ``seat`` over the wound task on top of the stack (its source)."""
        source = next(i for i in reversed(range(len(self.stack))) if self.stack[i]["t"] == "wound")
        return {"t": "window", "hero": seat, "when": "before_suffering", "used": [], "source": source}

    def _place_hidden(self, task: dict[str, Any]) -> None:
        """What is left of the facedown kinds, once prevention is over, is placed unread."""
        task["placed"] = True
        for kind in task.get("facedown", ()):
            self._place_facedown(task["hero"], kind, task[kind])
            task[kind] = 0

    def _prevent(self, seat: int, window: dict[str, Any], amount: int, kinds: tuple[str, ...]) -> None:
        """Prevent up to ``amount`` of the source's ``kinds``: those cards are never revealed. When
        both kinds are due and the amount does not cover them, ``seat`` (who prevents) chooses the
        split, in the words of a negating split (``negate N``: N against damage, the rest fear)."""
        source = self.stack[window["source"]]
        due = {kind: source[kind] if kind in kinds else 0 for kind in WOUND_KINDS}
        low, high = max(0, amount - due["fear"]), min(amount, due["damage"])
        if low >= high:
            self._prevented(window["source"], high, min(due["fear"], amount - high))
            return
        # hero, damage, fear and successes as in a negating split, so both read alike
        self.stack.append({"t": "prevent_split", "by": seat, "hero": source["hero"], "source": window["source"],
                           "damage": source["damage"], "fear": source["fear"], "successes": amount,
                           "low": low, "high": high})

    def _prevented(self, source_at: int, damage: int, fear: int) -> None:
        source = self.stack[source_at]
        source["damage"] -= damage
        source["fear"] -= fear
        self._say(f"{self.heroes[source['hero']]['name']} is spared {damage} damage and {fear} fear (prevented)")

    _want_prevent_split = "how much of the prevention goes against damage, the rest against fear (negate N)"

    def _mover_prevent_split(self, task: dict[str, Any]) -> int:
        return task["by"]  # the hero who prevents chooses, for themselves or the hero they guard

    def _choices_prevent_split(self, task: dict[str, Any]) -> list[str]:
        return [f"negate {n}" for n in range(task["low"], task["high"] + 1)]

    def _resolve_prevent_split(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        n = int(words[1])
        self._prevented(task["source"], n, task["successes"] - n)

    def _deck_left(self, kind: str) -> int:
        """The cards still in the deck: what is not in view, less every hero's facedown cards."""
        return sum(self.wound_decks[kind].values()) - sum(h["facedown"][kind] for h in self.heroes)

    def _place_facedown(self, seat: int, kind: str, count: int) -> None:
        hero = self.heroes[seat]
        for _ in range(count):
            if self._deck_left(kind):
                hero["facedown"][kind] += 1
            hero[kind] += 1  # with the deck empty it still counts, as a card with no effect

    _want_split = "how many successes negate damage, the rest negating fear (negate N)"

    def _choices_split(self, task: dict[str, Any]) -> list[str]:
        return [f"negate {n}" for n in range(task["low"], task["high"] + 1)]

    def _resolve_split(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        n = int(words[1])
        self._suffer_attack(task["hero"], task["damage"] - n, max(0, task["fear"] - (task["successes"] - n)),
                            task["enemy"], task.get("facedown", []))

    def _mover_wound(self, task: dict[str, Any]) -> int:
        return CHANCE

    def _outcomes_wound(self, task: dict[str, Any]) -> list[tuple[TextAction, float]]:
        return self._unseen_outcomes("damage" if task["damage"] else "fear")

    def _unseen_outcomes(self, kind: str) -> list[tuple[TextAction, float]]:
        """A card revealed from the deck or flipped: any card not in view, weighted by its copies."""
        pile = self.wound_decks[kind]
        total = sum(pile.values())
        return [(Move(f"{kind} {c}"), n / total) for c, n in sorted(pile.items()) if n]

    def _step_wound(self, task: dict[str, Any]) -> bool:
        hero = self.heroes[task["hero"]]
        if not task.get("placed", True):
            self._place_hidden(task)  # the guard windows above it have closed
        for wound in WOUND_KINDS:
            if task[wound] and not hero["defeated"]:
                if self._deck_left(wound):
                    return False
                # The deck ran out: the wound still counts, as a card with no effect.
                hero[wound] += task[wound]
                task[wound] = 0
        self.stack.pop()
        self._check_limits(task["hero"])
        return True

    def _resolve_wound(self, task: dict[str, Any], words: list[str]) -> None:
        kind, name = words
        self._take(self.wound_decks[kind], name)
        task[kind] -= 1
        self._resolve_card(task["hero"], kind, name)

    def _resolve_card(self, seat: int, kind: str, name: str) -> bool:
        """A card faceup in front of the hero: its immediate effect, then facedown, faceup or back to
        the deck. True when it made the hero suffer more (facedown, as part of the same source)."""
        hero = self.heroes[seat]
        card = self.game.wound_cards[kind][name]
        self._say(f"{hero['name']} reveals {card.name}")
        suffered = False
        if card.immediate is not None:
            effect, amount = card.immediate.effect, card.immediate.amount
            if effect in ("suffer_damage", "suffer_fear"):
                self._place_facedown(seat, effect.removeprefix("suffer_"), amount)
                suffered = True
            else:
                self._setback(seat, effect, amount)
        if card.then == "discard":
            self._to_deck(kind, name)
            return suffered
        hero[kind] += 1
        if card.then == "faceup":
            hero["faceup"].append(name)
            self._inspire(seat, 0)  # a lower inspiration limit loses what is above it
        else:
            self._to_deck(kind, name)  # facedown: unread again, one of the cards not in view
            hero["facedown"][kind] += 1
        return suffered

    def _to_deck(self, kind: str, name: str) -> None:
        self.wound_decks[kind][name] = self.wound_decks[kind].get(name, 0) + 1

    def _setback(self, seat: int, effect: str, amount: int) -> None:
        """The small losses damage and fear cards and enemy attacks share."""
        hero = self.heroes[seat]
        if effect == "lose_inspiration":
            hero["inspiration"] = max(0, hero["inspiration"] - amount)
        elif effect == "discard_prepared":
            self.stack.append({"t": "lose_prepared", "hero": seat, "count": amount})
        elif effect == "gain_weakness" and any(self.weakness_deck.values()):
            self.stack.append({"t": "weakness", "hero": seat, "to": "discard"})
        elif effect in ("flip_damage", "flip_fear"):
            self._flip_wounds(seat, effect.removeprefix("flip_"), amount)

    def _do_after(self, task: dict[str, Any]) -> None:
        if not self.heroes[task["hero"]]["defeated"]:
            self._setback(task["hero"], task["effect"], task["amount"])

    # -- a prepared card lost: the hero chooses which ---------------------------------------

    _want_lose_prepared = "which prepared card to discard (discard CARD)"

    def _choices_lose_prepared(self, task: dict[str, Any]) -> list[str]:
        return [f"discard {card}" for card in sorted(set(self.heroes[task["hero"]]["prepared"]))]

    def _step_lose_prepared(self, task: dict[str, Any]) -> bool:
        hero = self.heroes[task["hero"]]
        if hero["defeated"] or not task["count"] or not hero["prepared"]:
            self.stack.pop()
            return True
        if len(set(hero["prepared"])) == 1:  # no choice to make
            self._lose_prepared(task, hero["prepared"][0])
            return True
        return False

    def _resolve_lose_prepared(self, task: dict[str, Any], words: list[str]) -> None:
        self._lose_prepared(task, words[1])

    def _lose_prepared(self, task: dict[str, Any], card: str) -> None:
        hero = self.heroes[task["hero"]]
        hero["prepared"].remove(card)
        hero["discard"][card] = hero["discard"].get(card, 0) + 1
        task["count"] -= 1
        self._say(f"{hero['name']} discards the prepared {card}")

    # -- flipping facedown cards faceup ------------------------------------------------------

    def _flip_wounds(self, seat: int, kind: str, count: int) -> None:
        """``count`` of the hero's facedown cards of ``kind``, chosen at random, turn faceup and are
        resolved one at a time (FAQ 22.8); limits are checked after if one made the hero suffer."""
        if kind not in WOUND_KINDS:
            raise ValueError(f"a flip turns damage or fear cards, not {kind!r}")
        hero = self.heroes[seat]
        count = min(count, hero["facedown"][kind])  # a card turned facedown again is not flipped twice
        if not hero["defeated"] and count:
            self.stack.append({"t": "flip", "hero": seat, "kind": kind, "count": count, "suffered": False})

    def _mover_flip(self, task: dict[str, Any]) -> int:
        return CHANCE

    def _outcomes_flip(self, task: dict[str, Any]) -> list[tuple[TextAction, float]]:
        return self._unseen_outcomes(task["kind"])

    def _step_flip(self, task: dict[str, Any]) -> bool:
        hero = self.heroes[task["hero"]]
        if task["count"] and hero["facedown"][task["kind"]] and not hero["defeated"]:
            return False
        self.stack.pop()
        if task["suffered"]:
            self._check_limits(task["hero"])
        return True

    def _resolve_flip(self, task: dict[str, Any], words: list[str]) -> None:
        kind, name = words
        hero = self.heroes[task["hero"]]
        self._take(self.wound_decks[kind], name)
        hero["facedown"][kind] -= 1
        hero[kind] -= 1  # it counts again as the card is resolved
        task["count"] -= 1
        task["suffered"] |= self._resolve_card(task["hero"], kind, name)

    # -- discarding damage and fear ----------------------------------------------------------

    def _discard_wounds(self, seat: int, count: int, kinds: tuple[str, ...] = WOUND_KINDS,
                        facedown_only: bool = False) -> None:
        """Up to ``count`` cards go back to their decks, one at a time: a faceup card of the hero's
        choice or a random facedown card (only facedown ones when ``facedown_only``, as Rest)."""
        if unknown := set(kinds) - set(WOUND_KINDS):
            raise ValueError(f"kinds names kinds of wound: {sorted(unknown)} is not among {list(WOUND_KINDS)}")
        if not self.heroes[seat]["defeated"] and count:
            self.stack.append({"t": "discard_wounds", "hero": seat, "count": count, "kinds": list(kinds),
                               "facedown_only": facedown_only})

    _want_discard_wounds = ("which damage or fear card to discard (discard CARD for a faceup card, "
                            "discard facedown-damage or discard facedown-fear for a random facedown one)")

    def _choices_discard_wounds(self, task: dict[str, Any]) -> list[str]:
        hero = self.heroes[task["hero"]]
        choices = [f"discard facedown-{kind}" for kind in task["kinds"] if hero["facedown"][kind]]
        if not task["facedown_only"]:
            choices += [f"discard {name}" for name in sorted(set(hero["faceup"]))
                        if self._kind_of(name) in task["kinds"]]
        return choices

    def _step_discard_wounds(self, task: dict[str, Any]) -> bool:
        done = self.heroes[task["hero"]]["defeated"] or not task["count"]
        choices = [] if done else self._choices_discard_wounds(task)
        if not choices:
            self.stack.pop()
            return True
        if len(choices) == 1:  # no choice to make
            self._resolve_discard_wounds(task, choices[0].split())
            return True
        return False

    def _resolve_discard_wounds(self, task: dict[str, Any], words: list[str]) -> None:
        hero = self.heroes[task["hero"]]
        card = words[1]
        task["count"] -= 1
        if card.startswith("facedown-"):
            kind = card.removeprefix("facedown-")
            hero["facedown"][kind] -= 1  # its name stays unread among the cards not in view
            self._say(f"{hero['name']} discards a facedown {kind} card")
        else:
            kind = self._kind_of(card)
            hero["faceup"].remove(card)
            self._to_deck(kind, card)
            self._say(f"{hero['name']} discards {self.game.wound_cards[kind][card].name}")
        hero[kind] -= 1

    def _kind_of(self, name: str) -> str:
        return "damage" if name in self.game.wound_cards["damage"] else "fear"

    # -- limits, last stands, defeat ---------------------------------------------------------

    def _limit(self, seat: int, kind: str) -> int:
        """The printed limit less what faceup cards take from it, the effects adding up; at least 1
        (our reading: a hero always has some endurance)."""
        stats = self.game.table.hero(self.heroes[seat]["name"]).stats
        printed = stats.damage_limit if kind == "damage" else stats.fear_limit
        return max(1, printed - self._penalty(seat, f"{kind}_limit"))

    def _check_limits(self, seat: int) -> None:
        """After suffering: a hero whose cards of a kind (faceup or facedown) reach its limit makes a
        last stand; both limits reached, two, in the order the hero chooses."""
        hero = self.heroes[seat]
        if hero["defeated"]:
            return
        reached = [kind for kind in WOUND_KINDS if hero[kind] >= self._limit(seat, kind)]
        if len(reached) == 2:
            self.stack.append({"t": "stand_order", "hero": seat})
        elif reached:
            self.stack.append({"t": "last_stand", "hero": seat, "limit": reached[0]})

    _want_stand_order = "which last stand comes first (stand damage or stand fear)"

    def _choices_stand_order(self, task: dict[str, Any]) -> list[str]:
        return [f"stand {kind}" for kind in WOUND_KINDS]

    def _resolve_stand_order(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        first = words[1]
        second = next(kind for kind in WOUND_KINDS if kind != first)
        self.stack += [{"t": "last_stand", "hero": task["hero"], "limit": kind} for kind in (second, first)]

    def _do_last_stand(self, task: dict[str, Any]) -> None:
        """The app's test for the limit reached; faceup cards alone at the limit fail it (FAQ 54.3)."""
        seat, kind = task["hero"], task["limit"]
        hero = self.heroes[seat]
        if hero["defeated"]:
            return
        faceup = sum(1 for name in hero["faceup"] if self._kind_of(name) == kind)
        if faceup >= self._limit(seat, kind):
            self._say(f"{hero['name']}'s faceup {kind} alone reaches the limit: the last stand fails")
            self._defeat_hero(seat)
            return
        stand = self.game.table.last_stand(kind)
        self._say(f"{hero['name']} makes a last stand ({kind}): {stand.text}")
        self._test(seat, stand.stat, {"kind": "last_stand", "limit": kind})

    def _tested_last_stand(self, seat: int, purpose: dict[str, Any], successes: int) -> None:
        stand = self.game.table.last_stand(purpose["limit"])
        if successes < stand.successes:
            self._defeat_hero(seat)
            return
        self._say(f"{self.heroes[seat]['name']} stands firm")
        self._discard_wounds(seat, stand.discard_facedown, kinds=(stand.limit,), facedown_only=True)

    def _defeat_hero(self, seat: int) -> None:
        """The figure leaves the map; the hero's cards stay where they are."""
        hero = self.heroes[seat]
        hero["defeated"] = True
        hero["at"] = None
        self._say(f"{hero['name']} is defeated; the party must finish before the next shadow phase")
