"""The app's half of Journeys in Middle-earth: the adventure, its map and tokens, the round.

In the box an app runs this half: it places tiles and tokens as triggers fire, tells the story,
runs interactions, raises threat and fires its events, and decides the end. It reaches the
heroes only through the table's interface (``interface.TableSide``): ask for a test, harm a hero,
give inspiration or an item, read where the heroes stand. Enemy groups are in ``enemies.py``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from middleearth.games.journeys.adventure import START, Effect, TerrainToken
from middleearth.games.journeys.hexmap import Hex, HexMap, TerrainRecord, load_terrain, rotate_direction

THREAT_PER_HERO = 2
TERRAIN_TEST = "terrain:"  # a test's purpose names the terrain card's rule, apart from the story's interactions
# Terrain Types: barrels apply four hits and stun to a nearby group, a statue four hits and sunder.
TERRAIN_BLOWS = {"barrels": (4, ("stun",)), "statue": (4, ("sunder",))}
PIT_DAMAGE = 2
ROUND_CAP = 40  # a rule of this app: the adventure file has no round limit, so a stalled game ends lost


class WorldRules:
    """Mixin of JourneysState: the adventure's rules, run by the app."""

    # -- rounds ------------------------------------------------------------------------------

    def _begin_adventure(self) -> None:
        adventure = self.game.adventure
        self.phase = "action"
        self._say(adventure.adventure.intro.strip())
        self._fire(START, None)
        # Heroes start on the first space of the first tile the adventure places.
        first = next(c for c in adventure.chapter if c.revealed_by == START).tiles[0].tile
        start = self._map().space_of(first, self.game.tiles[first].spaces[0])
        self._place_heroes(tuple(start))

    def _begin_shadow(self) -> None:
        if any(h["defeated"] for h in self.heroes):
            self._lose("defeat")
            return
        self.phase = "shadow"
        # Tasks run last-in first: activation, darkness, threat, readying, then the rally phase.
        self.stack += [{"t": "rally"}, {"t": "ready"}, {"t": "threat_step"}, {"t": "darkness"},
                       {"t": "activate", "queue": [g for g in self.spawned if g in self.groups]}]

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

    def _new_round(self) -> None:
        if self.round >= ROUND_CAP:
            self._lose("rounds")
            return
        self.round += 1
        self.phase = "action"
        self._refresh_heroes()

    def _raise_threat(self, amount: int) -> None:
        before = self.threat
        meta = self.game.adventure.adventure
        self.threat = max(0, min(meta.threat_max, self.threat + amount))
        for event in sorted(self.game.adventure.threat, key=lambda e: e.at):
            if before < event.at <= self.threat and self.result is None:
                self._run_effects(event.effects, None, None)
        if self.threat >= meta.threat_max and self.result is None:
            self._lose("threat")

    def _lose(self, why: str) -> None:
        end = self.game.adventure.end
        self.result, self.end_reason = "loss", why
        self._say({"threat": end.loss_threat, "defeat": end.loss_defeat}.get(
            why, f"The adventure runs out of time after {ROUND_CAP} rounds (a limit of this app)."))
        self.stack = []

    # -- exploring and interacting -------------------------------------------------------------

    def _hero_entered(self, seat: int, space: tuple[int, int], came_from: tuple[int, int] | None = None) -> None:
        """A hero's figure arrives in ``space``: an unexplored tile is explored; on a battle map a
        stream crossed ends the turn and a pit asks for an agility test."""
        if came_from is not None and self.phase == "action" and self._crossed_stream(came_from, space):
            self._say(f"{self._hero_name(seat)} wades across the stream: the turn ends")
            self._end_turn_now(seat)
        tile = self._map().spaces[Hex(*space)].tile
        if tile in self.unexplored:
            self._explore(seat, tile)
        pit = self._terrain_here(space, "pit")
        if pit is not None:
            self._terrain_check(seat, pit)

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

    def _interact(self, seat: int, token: str) -> bool:
        """The hero interacts with a token (once any provoked attacks are over). True when it
        provokes: interacting with terrain (barrels, statue, table) does not."""
        self.stack.append({"t": "interact", "hero": seat, "token": token})
        return self._token(token).kind != "terrain"

    def _interactable(self, space: tuple[int, int]) -> list[str]:
        """The tokens a hero in ``space`` may interact with: story tokens (not darkness), and terrain
        whose card offers an interaction (barrels only with an enemy group nearby)."""
        found = []
        for token, at in self.tokens.items():
            kind = self._token(token).kind
            if at != space or kind == "darkness":
                continue
            if kind == "terrain":
                rules = self._terrain_rules(token)
                if rules.interact_stat is None or (rules.id == "barrels" and not self._groups_within(space, 1)):
                    continue
            found.append(token)
        return found

    def _do_interact(self, task: dict[str, Any]) -> None:
        if self.heroes[task["hero"]]["defeated"] or task["token"] not in self.tokens:
            return
        if self._token(task["token"]).kind == "terrain":
            self._terrain_check(task["hero"], task["token"])
            return
        self._open(self._token(task["token"]).interaction, task["hero"], task["token"])

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
        if interaction_id.startswith(TERRAIN_TEST):
            self._terrain_result(seat, token, successes)
            return
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
                if effect.boon:
                    self._gain_boon(each, effect.boon)
            if effect.item:
                self._reward(self._leader() if seat is None else seat, effect.item)
            if effect.threat:
                self._raise_threat(effect.threat)
            if effect.remove_token and token in self.tokens:
                del self.tokens[token]
                self.removed_tokens.append(token)

    def _reward(self, seat: int, name: str) -> None:
        """An item of the table goes to the hero; any other reward is kept as the party's."""
        if self._item(name) is not None:
            self._give_item(seat, name)
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
        for token in (*self.game.adventure.token, *self.game.adventure.terrain):
            if (token.id in self.tokens or token.id in self.removed_tokens or token.tile not in placed
                    or (token.appears is not None and token.appears not in self.fired)):
                continue
            self.tokens[token.id] = tuple(self._map().space_of(token.tile, token.space))

    # -- the adventure's decisions -----------------------------------------------------------

    _want_choice = "an option of the decision (choose N)"
    _want_stat = "which of the listed stats to test (test STAT)"

    def _choices_choice(self, task: dict[str, Any]) -> list[str]:
        options = self._interaction(task["interaction"]).options
        return [f"choose {n}" for n in range(1, len(options) + 1)]

    def _resolve_choice(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        option = self._interaction(task["interaction"]).options[int(words[1]) - 1]
        self._say(f"{self._hero_name(task['hero'])} chooses: {option.label}")
        self._run_effects(option.effects, task["hero"], task["token"])

    def _choices_stat(self, task: dict[str, Any]) -> list[str]:
        return [f"test {stat}" for stat in task["stats"]]

    def _resolve_stat(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        self._test(task["hero"], words[1], task["purpose"])

    # -- terrain of the battle map -----------------------------------------------------------
    # The terrain cards' rules (rulebook, Terrain Types). What they do to a hero's cards (boons,
    # facedown damage, fate) is asked of the table's half through the interface.

    def _terrain_rules(self, token: str) -> TerrainRecord:
        record = self._token(token)
        return _terrain_types(self.game.options["data"])[record.terrain]

    def _terrain_here(self, space: tuple[int, int] | None, terrain: str) -> str | None:
        """The terrain token of that type lying in ``space`` (space terrain), or None."""
        if space is None:
            return None
        for record in self.game.adventure.terrain:
            if record.terrain == terrain and record.toward is None and self.tokens.get(record.id) == tuple(space):
                return record.id
        return None

    def _borders_of(self, terrain: str) -> frozenset[frozenset[Hex]]:
        """The borders (pairs of map hexes) that tokens of that type lie on."""
        borders = set()
        for record in self.game.adventure.terrain:
            if record.terrain == terrain and record.id in self.tokens:
                borders.add(self._border_of(record))
        return frozenset(borders)

    def _border_of(self, record: TerrainToken) -> frozenset[Hex]:
        rotation = next(r for tile, _, r in self.placements if tile == record.tile)
        at = Hex(*self.tokens[record.id])
        return frozenset((at, at.step(rotate_direction(record.toward, rotation))))

    def _walled(self, hexmap: HexMap) -> HexMap:
        """The map with its wall tokens: a wall closes the border it lies on."""
        walls = self._borders_of("wall") if self.game.adventure.terrain else frozenset()
        return _with_walls(hexmap, walls) if walls else hexmap

    def _crossed_stream(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when a figure stepping from ``a`` to ``b`` crosses a stream token."""
        return bool(self.game.adventure.terrain) and frozenset((Hex(*a), Hex(*b))) in self._borders_of("stream")

    def _damage_facedown(self, seat: int) -> bool:
        """Mist: damage a hero suffers in a space with a mist token is suffered facedown."""
        return self._terrain_here(self.heroes[seat]["at"], "mist") is not None

    def _free_conversions(self, task: dict[str, Any]) -> int:
        """Boulder: negating damage and fear in its space, one fate icon may become a success
        without spending inspiration, once per negate test."""
        at = self.heroes[task["hero"]]["at"]
        return int(task["purpose"]["kind"] == "negate" and self._terrain_here(at, "boulder") is not None)

    def _mist_shrouds(self, group_id: str) -> bool:
        """Mist: a hero attacking a group in a mist space cannot convert fate to success."""
        return self._terrain_here(self._group_space(group_id), "mist") is not None

    def _terrain_check(self, seat: int, token: str) -> None:
        """The test a terrain card asks for (pit, barrels, statue, table, bush)."""
        rules = self._terrain_rules(token)
        stat = rules.interact_stat or rules.test_stat
        self._test(seat, stat, {"kind": "interaction", "interaction": TERRAIN_TEST + rules.id, "token": token})

    def _terrain_result(self, seat: int, token: str, successes: int) -> None:
        rules = self._terrain_rules(token)
        passed = successes >= rules.successes
        name = self._hero_name(seat)
        if rules.id == "pit":
            if not passed:
                self._say(f"{name} stumbles in the pit")
                self._suffer(seat, PIT_DAMAGE, 0)
        elif rules.id == "table" and passed:
            self._say(f"{name} takes heart at the table")
            self._inspire(seat, 1)
            self._gain_boon(seat, "emboldened")
        elif rules.id == "bush" and passed:
            self._say(f"{name} slips out of sight in the bush")
            self._gain_boon(seat, "hidden")
        elif rules.id in ("barrels", "statue") and passed and token in self.tokens:
            # Barrels reach a group nearby (this space or an adjacent one); a statue only this space.
            reach = 1 if rules.id == "barrels" else 0
            groups = self._groups_within(self.heroes[seat]["at"], reach)
            del self.tokens[token]
            self.removed_tokens.append(token)
            if len(groups) == 1:
                self._terrain_hits(seat, groups[0], rules.id)
            elif groups:
                self.stack.append({"t": "terrain_target", "hero": seat, "groups": groups, "terrain": rules.id})
            else:
                self._say(f"{rules.name}: no enemy group in reach to take the hits")

    def _terrain_hits(self, seat: int, group_id: str, terrain: str) -> None:
        """Applied, not an attack: no counterattack follows."""
        hits, modifiers = TERRAIN_BLOWS[terrain]
        self._say(f"{self._hero_name(seat)} brings the {terrain} down on {group_id}: {hits} hits and "
                  f"{' and '.join(modifiers)}")
        self._apply_outside_attack(group_id, hits, modifiers)

    _want_terrain_target = "which enemy group the falling terrain hits (choose N)"
    _want_bush = "whether to test wit in the bush to become hidden (test wit, or decline)"

    def _choices_terrain_target(self, task: dict[str, Any]) -> list[str]:
        return [f"choose {n}" for n in range(1, len(task["groups"]) + 1)]

    def _resolve_terrain_target(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        group = task["groups"][int(words[1]) - 1]
        if group in self.groups:
            self._terrain_hits(task["hero"], group, task["terrain"])

    def _turn_ended(self, seat: int) -> None:
        """Bush: a hero ending their turn in a space with a bush token may test wit."""
        bush = self._terrain_here(self.heroes[seat]["at"], "bush")
        if bush is not None and not self.heroes[seat]["defeated"] and self.phase == "action":
            self.stack.append({"t": "bush", "hero": seat, "token": bush})

    def _choices_bush(self, task: dict[str, Any]) -> list[str]:
        return ["test wit", "decline"]

    def _resolve_bush(self, task: dict[str, Any], words: list[str]) -> None:
        self.stack.pop()
        if words[0] == "test":
            self._terrain_check(task["hero"], task["token"])


@cache
def _terrain_types(data_dir: str | None) -> dict[str, TerrainRecord]:
    return load_terrain(data_dir)


@lru_cache(maxsize=256)
def _with_walls(hexmap: HexMap, walls: frozenset[frozenset[Hex]]) -> HexMap:
    """Kept per map and walls, so the map's distances are worked out once."""
    return HexMap(hexmap.tiles, hexmap.placements, hexmap.walls | walls)
