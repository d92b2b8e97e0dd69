"""The app's half, continued: enemy groups. They appear, activate, move, attack and take hits.

A hero's attack is the table's (a test, items, abilities: ``heroes.py``); what its hits do to a
group, and the group's counterattack, are the app's, as in the box, where the players type the
hits into the app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from middleearth.core.contract import CHANCE
from middleearth.core.actions import TextAction
from middleearth.games.journeys.actions import Move, slug
from middleearth.games.journeys.hexmap import DIRECTIONS, Hex
from middleearth.games.journeys.table import MODIFIERS


class EnemyRules:
    """Mixin of JourneysState: enemy groups, run by the app."""

    # Groups the app placed while the box had no figure of their enemy left: each appears once a
    # defeated group frees figures (a rule of this app; the rulebook does not say).
    held_back = ()  # group ids, in the order they were placed

    def _spawn(self, group_id: str) -> None:
        """A group comes once, at the difficulty's size, with no more figures than the box has left;
        none when the difficulty has no table. An elite group, and each further group of an enemy
        already on the map, takes a free banner."""
        record = self._group_record(group_id)
        size = getattr(record, self.game.options["difficulty"])
        if size is None or group_id in self.spawned:
            return
        if record.tile not in {tile for tile, _, _ in self.placements}:
            return  # its tile is not on the table yet: the validator's reachability allows this
        self.spawned.append(group_id)
        self._place_group(group_id)

    def _place_group(self, group_id: str) -> None:
        record = self._group_record(group_id)
        size = getattr(record, self.game.options["difficulty"])
        figures = min(size.count(len(self.heroes)), self._figures_in_box(record.enemy))
        if not figures:
            self.held_back = (*self.held_back, group_id)
            self._say(f"{group_id} waits: every {record.enemy} figure is on the map")
            return
        duplicate = any(g["enemy"] == record.enemy for g in self.groups.values())
        banner = self._free_banner() if size.elite or duplicate else None
        self.groups[group_id] = {"enemy": record.enemy, "at": tuple(self._map().space_of(record.tile, record.space)),
                                 "figures": figures, "wounds": 0, "elite": list(size.elite), "exhausted": False,
                                 "banner": banner, "wounds_by_figure": [0] * figures,
                                 "armor_lost_by_figure": [0] * figures}
        marked = f" under banner {banner}" if banner else ""
        self._say(f"{figures} {record.enemy} ({group_id}) appear on tile {record.tile}{marked}")

    def _figures_in_box(self, enemy: str) -> int:
        """The enemy's figures not on the map (enemies.toml ``figures``: the box's count)."""
        return self._enemy(enemy).figures - sum(g["figures"] for g in self.groups.values() if g["enemy"] == enemy)

    def _free_banner(self) -> int | None:
        """The lowest-numbered banner token no group carries; None when all are out."""
        used = {g.get("banner") for g in self.groups.values()}
        return next((n for n in range(1, self.game.table.banners + 1) if n not in used), None)

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
        """The group targets the nearest hero it can get in range of this activation and moves
        toward them; when several are equally near, the party chooses. A group that can reach no
        one ignores that instruction and takes the "no target" one: it moves toward the nearest
        hero, each step closing the distance, and does not attack."""
        group = self.groups[group_id]
        enemy = self._enemy(group["enemy"])
        hexmap = self._map()
        reach = 1 if enemy.ranged else 0
        group["exhausted"] = True
        distances = {i: d for i, h in enumerate(self.heroes) if not h["defeated"]
                     for d in [hexmap.distance(group["at"], h["at"])] if d is not None}
        reachable = {i: d for i, d in distances.items() if d - enemy.move <= reach}
        if not reachable:
            self._say(f"{group['enemy']} ({group_id}): no target")
        candidates = reachable or distances
        if not candidates:
            return  # no hero on a connected space: nothing to move toward
        nearest = min(candidates.values())
        tied = [i for i, d in candidates.items() if d == nearest]
        if len(tied) > 1:
            self.stack.append({"t": "target", "hero": self._leader(), "group": group_id, "candidates": tied})
        else:
            self.stack.append(self._movement(group_id, tied[0]))

    def _movement(self, group_id: str, seat: int) -> dict[str, Any]:
        enemy = self._enemy(self.groups[group_id]["enemy"])
        return {"t": "step", "hero": self._leader(), "group": group_id, "target": seat,
                "at": self.groups[group_id]["at"], "moves": enemy.move, "reach": 1 if enemy.ranged else 0,
                "choices": []}

    _want_target = "which of the equally near heroes the enemy targets (target HERO)"

    def _choices_target(self, task: dict[str, Any]) -> list[str]:
        return [f"target {slug(self.heroes[i]['name'])}" for i in task["candidates"]]

    def _resolve_target(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        seat = next(i for i in task["candidates"] if slug(self.heroes[i]["name"]) == words[1])
        if task["group"] in self.groups:
            self.stack.append(self._movement(task["group"], seat))

    def _step_step(self, task: dict[str, Any]) -> bool:
        """One space at a time, each closing the distance; the party picks among tied spaces. In
        range, the group stops and attacks."""
        group = self.groups.get(task["group"])
        if group is None:
            self.stack.pop()
            return True
        if self._crossed_stream(group["at"], task["at"]):  # a stream crossed ends the activation
            task["moves"], task["reach"] = 0, -1
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
        if attack.after != "none":
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

    def _hits_landed(self, seat: int, group_id: str, hits: int, modifiers: Sequence[str] = ()) -> None:
        """A hero's attack lands ``hits`` and ``modifiers`` on the group (even no hits: it may still
        counterattack). A survivor in range of the attacker counterattacks if readied, or if elite
        even when exhausted, unless the attack stunned it; the counterattack exhausts it."""
        effective = self._apply_hits(group_id, hits, modifiers)
        group = self.groups.get(group_id)
        if group is None or "stun" in effective:
            return
        reach = 1 if self._enemy(group["enemy"]).ranged else 0
        distance = self._map().distance(group["at"], self.heroes[seat]["at"])
        if distance is not None and distance <= reach and (not group["exhausted"] or group["elite"]):
            group["exhausted"] = True
            self.stack.append(self._attack_task(group_id, seat))

    def _apply_outside_attack(self, group_id: str, hits: int, modifiers: Sequence[str] = ()) -> None:
        """An effect that "applies" hits or modifiers (not an attack): they land as an attack's
        would, and the group never counterattacks."""
        if group_id in self.groups:
            self._apply_hits(group_id, hits, modifiers)

    def _apply_hits(self, group_id: str, hits: int, modifiers: Sequence[str] = ()) -> set[str]:
        """Hits go to one figure at a time, the topmost first: through its armor, then its sorcery,
        then its health; a figure that falls passes the rest on to the next, whose armor and
        sorcery count again (a survivor regains them). Cleave strikes every figure with all the
        hits instead. Returns the modifiers that took effect (an elite group is immune to some)."""
        group = self.groups[group_id]
        enemy = self._enemy(group["enemy"])
        bonus = [self._elite(b) for b in group["elite"]]
        effective = set(modifiers) & set(MODIFIERS)
        effective -= {m for b in bonus for m in b.immune}
        armor = enemy.armor + sum(b.armor for b in bonus)
        sorcery = 0 if "smite" in effective else enemy.sorcery + sum(b.sorcery for b in bonus)
        health = enemy.health + sum(b.health for b in bonus)
        wounds = list(group.get("wounds_by_figure") or [group["wounds"]] + [0] * (group["figures"] - 1))
        lost = list(group.get("armor_lost_by_figure") or [0] * group["figures"])

        def strike(index: int, incoming: int) -> int | None:
            """The figure takes ``incoming`` hits: the hits left once it falls, or None if it stands."""
            if "sunder" in effective:
                lost[index] = min(armor, lost[index] + 1)  # before hits, for good
            shield = (0 if "pierce" in effective else armor - lost[index]) + sorcery
            through = max(0, incoming - shield)
            remaining = health - wounds[index]
            if through >= remaining:
                return through - remaining
            if "lethal" in effective and through and 2 * through >= remaining:
                return 0  # at least half its current health at once: it falls
            wounds[index] += through
            return None

        fallen = set()
        if "cleave" in effective:
            fallen = {i for i in range(len(wounds)) if strike(i, hits) is not None}
        else:
            index, incoming = 0, hits
            while index < len(wounds):
                left = strike(index, incoming)
                if left is None:
                    break
                fallen.add(index)
                index, incoming = index + 1, left
        group["wounds_by_figure"] = [w for i, w in enumerate(wounds) if i not in fallen]
        group["armor_lost_by_figure"] = [a for i, a in enumerate(lost) if i not in fallen]
        group["figures"] = len(group["wounds_by_figure"])
        group["wounds"] = sum(group["wounds_by_figure"])
        if fallen:
            self._say(f"{len(fallen)} {group['enemy']} of {group_id} fall")
        if not group["figures"]:
            self._defeat_group(group_id)
        elif "stun" in effective:
            group["exhausted"] = True
        return effective

    def _defeat_group(self, group_id: str) -> None:
        """The group's last figure falls: its banner goes with it, its figures go back to the box
        (a group held back for want of them may now appear), and its ``on_defeat`` fires."""
        group = self.groups.pop(group_id)
        self._say(f"{group_id} is defeated")
        waiting = [g for g in self.held_back if self._group_record(g).enemy == group["enemy"]]
        if waiting:
            self.held_back = tuple(g for g in self.held_back if g != waiting[0])
            self._place_group(waiting[0])
        record = self._group_record(group_id)
        if record.on_defeat:
            self._fire(record.on_defeat, None)

    def _group_record(self, group_id: str):
        return next(g for g in self.game.adventure.enemy_group if g.id == group_id)
