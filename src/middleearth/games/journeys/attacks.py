"""The table's half, continued: a hero's attack. A test of an item's stat, whose successes buy the
item's abilities (hits and modifiers); the hits go to the world (``_hits_landed``), as players
type them into the app.
"""

from __future__ import annotations

from itertools import combinations

from middleearth.games.journeys.actions import slug


class AttackRules:
    """Mixin of JourneysState: the heroes' attacks."""

    def _attack_choices(self, seat: int) -> list[str]:
        """An item with a stat icon attacks a group in the hero's space, or adjacent if ranged."""
        hero = self.heroes[seat]
        choices = []
        for name in hero["items"]:
            item = self._item(name)
            if item is None or not item.stats:
                continue
            for group_id in self._groups_within(hero["at"], 1 if item.ranged else 0):
                choices += [f"attack {group_id} {slug(name)} {stat}" for stat in item.stats]
        return choices

    def _hero_attacks(self, seat: int, group_id: str, item_name: str, successes: int) -> None:
        """The attack test's successes buy the item's abilities; the world applies the hits."""
        space = self._group_space(group_id)
        if space is None:
            return
        hits = best_hits(self._item(item_name), successes)
        if self.heroes[seat]["ability"] == "keen_shot" and self._map().distance(self.heroes[seat]["at"], space) == 1:
            hits += 1  # Legolas's keen_shot: a group in an adjacent space takes 1 more hit
        self._say(f"{self._hero_name(seat)} attacks {group_id} with {item_name}: {hits} hit(s)")
        self._hits_landed(seat, group_id, hits)


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
