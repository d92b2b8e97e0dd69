"""The app's half, continued: enemy groups. They appear, activate, move, attack and take hits.

A hero's attack is the table's (a test, items, abilities: ``heroes.py``); what its hits do to a
group, and the group's counterattack, are the app's, as in the box, where the players type the
hits into the app.
"""

from __future__ import annotations

from typing import Any

from middleearth.core.contract import CHANCE
from middleearth.core.actions import TextAction
from middleearth.games.journeys.actions import Move
from middleearth.games.journeys.hexmap import DIRECTIONS, Hex


class EnemyRules:
    """Mixin of JourneysState: enemy groups, run by the app."""

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

    def _step_step(self, task: dict[str, Any]) -> bool:
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

    _want_step = "which space, each closing the distance, the enemy moves into (step DIR)"

    def _mover_step(self, task: dict[str, Any]) -> int:
        return task["hero"]  # the party's voice

    def _choices_step(self, task: dict[str, Any]) -> list[str]:
        return [f"step {d}" for d in task["choices"]]

    def _resolve_step(self, task: dict[str, Any], words: list[str]) -> None:
        task["at"] = tuple(Hex(*task["at"]).step(words[1]))
        task["moves"] -= 1
        task["choices"] = []

    def _do_ready(self, task: dict[str, Any]) -> None:
        for group in self.groups.values():
            group["exhausted"] = False  # readied at the end of the shadow phase

    def _provoke(self, seat: int) -> None:
        """Each readied group in the hero's space attacks before the hero leaves or interacts."""
        here = self.heroes[seat]["at"]
        for group_id in reversed(self.spawned):
            group = self.groups.get(group_id)
            if group is not None and group["at"] == here and not group["exhausted"]:
                self.stack.append(self._attack_task(group_id, seat))

    def _attack_task(self, group_id: str, seat: int) -> dict[str, Any]:
        return {"t": "enemy_attack", "group": group_id, "group_enemy": self.groups[group_id]["enemy"], "hero": seat}

    def _mover_enemy_attack(self, task: dict[str, Any]) -> int:
        return CHANCE

    def _outcomes_enemy_attack(self, task: dict[str, Any]) -> list[tuple[TextAction, float]]:
        attacks = self._enemy(task["group_enemy"]).attacks.attack
        return [(Move(f"enemy {n}"), 1 / len(attacks)) for n in range(1, len(attacks) + 1)]

    def _step_enemy_attack(self, task: dict[str, Any]) -> bool:
        if (task["group"] not in self.groups or self.heroes[task["hero"]]["defeated"]
                or self._avoids_attack(task["hero"])):
            self.stack.pop()
            return True
        return False

    def _resolve_enemy_attack(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        self._enemy_attacks(task, int(words[1]) - 1)

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

    def _groups_within(self, space: tuple[int, int], reach: int) -> list[str]:
        """The groups a hero in ``space`` can attack: in the space, or up to ``reach`` away."""
        hexmap = self._map()
        return [g for g, group in self.groups.items()
                if (d := hexmap.distance(space, group["at"])) is not None and d <= reach]

    def _group_space(self, group_id: str) -> tuple[int, int] | None:
        """Where the group stands, or None once it is defeated."""
        group = self.groups.get(group_id)
        return None if group is None else group["at"]

    def _hits_landed(self, seat: int, group_id: str, hits: int) -> None:
        """A hero's attack lands ``hits`` on the group; a readied (or elite) survivor in range
        counterattacks."""
        self._apply_hits(group_id, hits)
        group = self.groups.get(group_id)
        if group is None:
            return
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
