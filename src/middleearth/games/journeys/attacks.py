"""The table's half, continued: a hero's attack.

The hero picks one or more equipped items sharing a stat icon and tests that stat; then the hero
spends the successes on the chosen items' abilities, one ability at a time (``spend ITEM N``: the
item's N-th printed ability), each at most once per attack, and ``apply`` sends the hits and
modifiers to the world (``_hits_landed``), as players type them into the app. Abilities that add
hits or modifiers to the attack from elsewhere (Strike X, modifier cards) put them in the test's
purpose as ``added_hits`` and ``added_modifiers``; the attack adds them.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from middleearth.games.journeys.actions import slug
from middleearth.games.journeys.table import MODIFIERS


class AttackRules:
    """Mixin of JourneysState: the heroes' attacks."""

    def _attack_choices(self, seat: int) -> list[str]:
        """Any set of equipped items with a stat icon in common attacks with that stat: a group in
        the hero's space, or in an adjacent one when every chosen item is ranged."""
        hero = self.heroes[seat]
        weapons = [item for name in hero["items"] if (item := self._item(name)) is not None and item.stats]
        choices = []
        for size in range(1, len(weapons) + 1):
            for chosen in combinations(weapons, size):
                shared = [s for s in chosen[0].stats if all(s in item.stats for item in chosen)]
                if not shared:
                    continue
                reach = 1 if all(item.ranged for item in chosen) else 0
                names = "+".join(slug(item.name) for item in chosen)
                for group_id in self._groups_within(hero["at"], reach):
                    choices += [f"attack {group_id} {names} {stat}" for stat in shared]
        return choices

    def _begin_attack(self, seat: int, words: list[str]) -> None:
        """``attack GROUP ITEM[+ITEM] STAT``: the attack test of the chosen stat."""
        wanted = words[2].split("+")
        items = [name for name in self.heroes[seat]["items"] if slug(name) in wanted]
        self._test(seat, words[3], {"kind": "attack", "group": words[1], "items": items})

    def _hero_attacks(self, seat: int, group_id: str, items: str | list[str], successes: int,
                      purpose: dict[str, Any] | None = None) -> None:
        """The attack test is done: the hero spends its successes on the items' abilities (a
        ``spend`` task while any is affordable), then the hits land."""
        if self._group_space(group_id) is None:
            return  # the group fell before the test ended (an interrupt); the attack has no target
        purpose = purpose or {}
        task = {"t": "spend", "hero": seat, "group": group_id,
                "items": [items] if isinstance(items, str) else list(items),
                "left": successes, "bought": [], "added_hits": purpose.get("added_hits", 0),
                "added_modifiers": list(purpose.get("added_modifiers", [])),
                # Terrain Types, Fire Pit: attacking from its space, a fate card revealed in the test
                # may be given to the fire for pierce or smite (once: one card).
                "fire": bool(purpose.get("fate_cards")) and self._terrain_here(self.heroes[seat]["at"], "fire_pit")
                is not None}
        if self._affordable(task) or task["fire"]:
            self.stack.append(task)
        else:
            self._land_attack(task)

    def _affordable(self, task: dict[str, Any]) -> list[tuple[str, int]]:
        """The abilities not yet used in this attack whose success cost the hero can still pay."""
        options = []
        for name in task["items"]:
            item = self._item(name)
            for number, ability in enumerate(item.ability if item else (), start=1):
                if (ability.pay == "successes" and ability.cost <= task["left"]
                        and [name, number] not in task["bought"]):
                    options.append((name, number))
        return options

    _want_spend = ("an ability of an attacking item to spend successes on (spend ITEM N, its N-th ability), "
                   "a fate card for the fire pit (fire pierce or fire smite), or apply to send the hits")

    def _choices_spend(self, task: dict[str, Any]) -> list[str]:
        """The dearest affordable abilities first (usually the strongest), then ``apply``."""
        options = sorted(self._affordable(task), key=lambda o: -self._item(o[0]).ability[o[1] - 1].cost)
        fire = [f"fire {m}" for m in ("pierce", "smite") if m not in task["added_modifiers"]] if task["fire"] else []
        return [f"spend {slug(name)} {number}" for name, number in options] + fire + ["apply"]

    def _step_spend(self, task: dict[str, Any]) -> bool:
        if self._affordable(task) or task["fire"]:
            return False
        self.stack.pop()
        self._land_attack(task)
        return True

    def _resolve_spend(self, task: dict[str, Any], words: list[str]) -> None:
        if words[0] == "apply":
            self.stack.pop()
            self._land_attack(task)
            return
        if words[0] == "fire":
            task["fire"] = False
            task["added_modifiers"].append(words[1])
            self._say(f"{self._hero_name(task['hero'])} feeds a fate card to the fire pit: {words[1]}")
            return
        name = next(n for n in task["items"] if slug(n) == words[1])
        number = int(words[2])
        task["left"] -= self._item(name).ability[number - 1].cost
        task["bought"].append([name, number])

    def _land_attack(self, task: dict[str, Any]) -> None:
        """The bought abilities' hits and modifiers, plus those other abilities added, go to the
        world; a modifier counts once however many abilities give it."""
        seat, group_id = task["hero"], task["group"]
        space = self._group_space(group_id)
        if space is None:
            return
        hits = task["added_hits"]
        modifiers = set(task["added_modifiers"])
        for name, number in task["bought"]:
            ability = self._item(name).ability[number - 1]
            if ability.effect == "hits":
                hits += ability.amount
                modifiers.update(ability.modifiers)
        hero = self.heroes[seat]
        if hero["ability"] == "keen_shot" and self._map().distance(hero["at"], space) == 1:
            hits += 1  # Legolas's keen_shot: a group in an adjacent space takes 1 more hit
        ordered = [m for m in MODIFIERS if m in modifiers]
        with_what = " and ".join(task["items"])
        self._say(f"{self._hero_name(seat)} attacks {group_id} with {with_what}: {hits} hit(s)"
                  + (f", {', '.join(ordered)}" if ordered else ""))
        self._hits_landed(seat, group_id, hits, ordered)


def best_hits(item, successes: int) -> int:
    """The most hits ``successes`` can buy from one item's abilities, each used at most once per
    attack (Rules Reference); unspent successes do nothing. A yardstick for agents and tests: the
    hero's own choice is the ``spend`` task."""
    if item is None:
        return 0
    paid = [a for a in item.ability if a.pay == "successes" and a.effect == "hits"]
    best = 0
    for n in range(1, len(paid) + 1):
        for chosen in combinations(paid, n):
            if sum(a.cost for a in chosen) <= successes:
                best = max(best, sum(a.amount for a in chosen))
    return best
