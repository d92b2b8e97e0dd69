"""A heuristic hero for Journeys in Middle-earth: the greedy agent's policy and an evaluation.

Everything is public in this game, so the hero reads the whole state, but only through its
attributes (heroes, groups, tokens, threat, objective, placements, unexplored, round) and the
adventure's data, and it always picks one of ``state.legal_actions()``. An action word it does not
know is priced as doing nothing (just below ending the turn, in a turn), so rules added later
never break it.

How a hero plays its turn, priced on one scale (one move toward the goal is worth ``step``):

- its goal is the best of: a token whose interaction leads to the current objective (found by
  following the adventure's triggers backwards: a token that appears, a tile whose exploring
  fires it, a group whose defeat fires it), an unexplored tile (each costs one threat a round),
  or a token whose effects are worth taking; each is worth its value less the moves to reach
  it, and a goal another hero is nearer to is worth less (``claimed``), except a cumulative test
  that every hero may add to;
- it searches the rest of its turn (travel, moves, interactions on the way) for where to end:
  near its goal, out of darkness and, when wounded, out of the enemies' reach; it attacks a group
  it can hurt (more for figures it can kill, for a group whose defeat is the objective, for one
  within reach of a wounded hero, for one in its own space that would be provoked);
- in tests it spends inspiration on fate when it matters: enough to pass an interaction test,
  every fate in a cumulative one, enough to kill one more figure in an attack, and against
  damage or fear when the hero is near a limit; it splits negating successes to protect the
  limit that is closer;
- the party lets a hero standing on its goal (or able to attack) act first; a decision takes the
  option whose effects score best; a scouted card is prepared when its ability outweighs the
  successes it takes out of the deck.

The weights are the parameters: ``middleearth.load("journeys").heuristics(explore=8)``, or for
an agent ``greedy:explore=8:danger=3``. ``WEIGHTS`` lists them with their defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable

from middleearth.core.contract import Action
from middleearth.core.errors import BadOption
from middleearth.core.heuristics import Heuristics
from middleearth.games.journeys.actions import slug
from middleearth.games.journeys.hexmap import Hex, Placement

if TYPE_CHECKING:
    from middleearth.games.journeys.state import JourneysState

MOVES_PER_TRAVEL = 2  # the rulebook's travel action
LATER = 0.95  # a gain later in the turn, against the same gain now
DEFEAT = 100.0  # a defeated hero loses the game at the next shadow phase: never worth it

# The weights, each on the scale of one move toward the hero's goal (``step``).
WEIGHTS: dict[str, float] = {
    "step": 1.0,          # one move closer to the goal
    "objective": 14.0,    # reaching and using a token (or tile, or group) that leads to the objective
    "explore": 7.0,       # an unexplored tile explored (one threat less every round, an inspiration)
    "claimed": 0.3,       # share of a goal's value left when another hero is nearer to it
    "darkness": 2.0,      # ending the turn in darkness, times what its fear (less spirit) costs the hero
    "danger": 1.5,        # per point of an enemy attack that could reach the hero, times its frailty
    "kill": 4.0,          # one enemy figure defeated
    "wound": 0.4,         # one hit that does not kill (it stays on the figure)
    "inspiration": 1.0,   # one inspiration kept for later
    "threat": 0.8,        # one point of threat
    "ability": 0.5,       # a prepared card's ability, against the successes it takes from the deck
}


@dataclass
class _Goal:
    value: float
    spaces: tuple[Hex, ...]
    kind: str            # objective, explore, optional
    shared: bool = False  # every hero may work on it (a cumulative test)


class JourneysHeuristics(Heuristics):
    """Evaluation and greedy policy for Journeys in Middle-earth, priced by ``weights``."""

    def __init__(self, **weights: Any):
        unknown = sorted(set(weights) - set(WEIGHTS))
        if unknown:
            raise BadOption(f"journeys heuristics has no weight {unknown[0]!r}: the weights are "
                            f"{', '.join(WEIGHTS)}")
        self.weights = dict(WEIGHTS)
        for name, value in weights.items():
            try:
                self.weights[name] = float(value)
            except (TypeError, ValueError):
                raise BadOption(f"journeys heuristics weight {name}={value!r}: give a number") from None

    def describe(self) -> dict[str, Any]:
        return dict(self.weights)

    # -- evaluation ---------------------------------------------------------------------------

    def evaluate(self, state: "JourneysState", seat: int) -> float:  # type: ignore[override]
        """The final return when over; before that, between -1 and 1: objectives done raise it,
        threat and the worst hero's wounds lower it."""
        if state.result is not None:
            return state.returns()[seat]
        adventure = state.game.adventure
        progress = state.objective / len(adventure.objective)
        threat = state.threat / adventure.adventure.threat_max
        frailty = max((1 - _margin(state, i) / _limits(state, i)) for i in range(len(state.heroes))
                      if not state.heroes[i]["defeated"]) if _standing(state) else 1.0
        return max(-0.95, min(0.95, 0.9 * progress - 0.5 * threat - 0.3 * frailty))

    # -- the policy ---------------------------------------------------------------------------

    def policy(self, state: "JourneysState", seat: int) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scores = _Scorer(self.weights, state, seat).scores([str(a) for a in legal])
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return legal[best]

    def scores(self, state: "JourneysState", seat: int, texts: list[str]) -> list[float]:
        """Each action's score (tests and the docs read them)."""
        return _Scorer(self.weights, state, seat).scores(texts)


# -- the pricing of one decision ---------------------------------------------------------------

class _Scorer:
    """Everything one decision needs, worked out once: the map, each hero's frailty, the goals."""

    strict = False  # tests set it: a pricing error raises instead of scoring the action 0

    def __init__(self, weights: dict[str, float], state: "JourneysState", seat: int):
        self.w = weights
        self.state = state
        self.seat = seat
        self.game = state.game
        self.adventure = state.game.adventure
        self.map = state.game.hexmap(tuple(Placement(t, tuple(p), r) for t, p, r in state.placements))

    def scores(self, texts: list[str]) -> list[float]:
        task = self._task()
        out = []
        for text in texts:
            words = text.split()
            method = getattr(self, f"_score_{words[0]}", None)
            try:
                out.append(method(words, task) if method is not None else self.neutral(task))
            except (KeyError, IndexError, ValueError, TypeError, AttributeError, StopIteration):
                if self.strict:
                    raise
                out.append(self.neutral(task))  # a rule added since changed what we read: play goes on
        return out

    def neutral(self, task: dict[str, Any]) -> float:
        """An action we cannot price: as good as doing nothing, a hair below ending the turn (which
        is sure to end; an unknown action might repeat)."""
        if task or self.state.turn is None:
            return 0.0
        return self.final(self.hero(self.seat)["at"]) - 0.001

    def _task(self) -> dict[str, Any]:
        stack = getattr(self.state, "stack", None)
        return stack[-1] if stack else {}

    # -- map helpers ---------------------------------------------------------------------------

    def distance(self, a, b) -> int | None:
        if a is None or b is None:
            return None
        try:
            return self.map.distance(tuple(a), tuple(b))
        except Exception:  # a space not on the map (tiles may change under us): treat as unreachable
            return None

    def dark(self, at) -> bool:
        space = self.map.spaces.get(Hex(*at))
        if space is not None and space.darkness:
            return True
        return any(self._token(t) is not None and self._token(t).kind == "darkness" and tuple(where) == tuple(at)
                   for t, where in self.state.tokens.items())

    def _token(self, token_id: str):
        return self._tokens.get(token_id)

    @cached_property
    def _tokens(self):
        return {t.id: t for t in self.adventure.token}

    @cached_property
    def _interactions(self):
        return {i.id: i for i in self.adventure.interaction}

    # -- heroes and enemies --------------------------------------------------------------------

    def hero(self, seat: int) -> dict[str, Any]:
        return self.state.heroes[seat]

    def stat(self, seat: int, stat: str) -> int:
        return self.game.table.hero(self.hero(seat)["name"]).stats.stat(stat)

    def card_odds(self, seat: int) -> tuple[float, float]:
        """Mean successes and fates of one card revealed from the hero's deck (discard when empty)."""
        hero = self.hero(seat)
        pile = hero["deck"] if sum(hero["deck"].values()) else hero["discard"]
        cards = self.game.hero_cards[hero["name"]]
        total = sum(pile.values())
        if not total:
            return 0.6, 0.3
        success = sum(cards[c].success * n for c, n in pile.items() if c in cards) / total
        fate = sum(cards[c].fate * n for c, n in pile.items() if c in cards) / total
        return success, fate

    def expected_successes(self, seat: int, stat: str, spend: bool = True) -> float:
        success, fate = self.card_odds(seat)
        cards = max(1, self.stat(seat, stat))
        converted = min(self.hero(seat)["inspiration"], cards * fate) if spend else 0.0
        return cards * success + converted

    def pass_chance(self, seat: int, stat: str, need: int) -> float:
        """A rough chance to reach ``need`` successes (a smooth step around the expectation)."""
        expected = self.expected_successes(seat, stat)
        return max(0.05, min(0.95, 0.5 + 0.35 * (expected - need + 0.5)))

    def margin(self, seat: int) -> int:
        return _margin(self.state, seat)

    def frailty(self, seat: int) -> float:
        """How much a point of harm hurts this hero: 1 when fresh, far more near a limit."""
        return 1.0 + 3.0 / max(0.5, self.margin(seat) - 1)

    def harm_cost(self, seat: int, damage: int, fear: int) -> float:
        """What suffering this costs the hero: dearer near a limit, and a defeat loses the game."""
        hero = self.hero(seat)
        stats = self.game.table.hero(hero["name"]).stats
        cost = 0.0
        for taken, had, limit in ((damage, hero["damage"], stats.damage_limit), (fear, hero["fear"], stats.fear_limit)):
            left = limit - had
            if taken <= 0:
                continue
            cost += DEFEAT * taken if taken >= left else taken * (1 + 3.0 / max(0.5, left - taken))
        return cost

    def group_attack(self, group: dict[str, Any]) -> float:
        """The mean damage plus fear of one attack by the group, before negation."""
        enemy = self.game.table.enemy(group["enemy"])
        attacks = enemy.attacks.attack
        size = max(1, min(group["figures"], 3)) - 1
        elites = [b for b in self.game.table.elites if b.name in group["elite"]]
        bonus = sum(b.damage + b.fear for b in elites)
        return sum(a.damage[size] + a.fear[size] for a in attacks) / len(attacks) + bonus

    def reach(self, group: dict[str, Any]) -> int:
        enemy = self.game.table.enemy(group["enemy"])
        return enemy.move + (1 if enemy.ranged else 0)

    def danger(self, seat: int, at) -> float:
        """The harm enemy groups could bring to ``seat`` standing at ``at`` in the next shadow
        phase; halved for a group that has another hero nearer to it."""
        total = 0.0
        for group in self.state.groups.values():
            d = self.distance(group["at"], at)
            if d is None or d > self.reach(group):
                continue
            nearer = any(i != seat and not h["defeated"] and (self.distance(group["at"], h["at"]) or 99) < d
                         for i, h in enumerate(self.state.heroes))
            total += self.group_attack(group) * (0.5 if nearer else 1.0)
        return total

    def kills(self, group: dict[str, Any], hits: int) -> tuple[int, int]:
        """Figures killed and wounds left by ``hits`` (the engine's order: armor and sorcery, then
        health, figure by figure)."""
        enemy = self.game.table.enemy(group["enemy"])
        elites = [b for b in self.game.table.elites if b.name in group["elite"]]
        defence = enemy.armor + enemy.sorcery + sum(b.armor + b.sorcery for b in elites)
        health = enemy.health + sum(b.health for b in elites)
        figures, wounds, killed, dealt = group["figures"], group["wounds"], 0, 0
        while hits > defence and figures:
            hits -= defence
            need = health - wounds
            if hits >= need:
                hits -= need
                figures, wounds, killed = figures - 1, 0, killed + 1
            else:
                dealt, hits = hits, 0
        return killed, dealt

    # -- effects -------------------------------------------------------------------------------

    @cached_property
    def wanted(self) -> set[str]:
        """The triggers that lead to the current objective: its own, then, backwards, the triggers
        that make a token appear or fire on exploring, when those lead to it."""
        state = self.state
        if state.objective >= len(self.adventure.objective):
            return set()
        wanted = {self.adventure.objective[state.objective].completed_by}
        for _ in range(4):
            grown = set(wanted)
            for token in self.adventure.token:
                if token.appears and token.appears not in state.fired and self.leads(token.interaction, wanted):
                    grown.add(token.appears)
            if grown == wanted:
                break
            wanted = grown
        return wanted - set(state.fired)

    def leads(self, interaction_id: str | None, wanted: set[str], depth: int = 0) -> bool:
        """Whether the interaction can fire one of ``wanted`` (through its branches and options)."""
        interaction = self._interactions.get(interaction_id) if interaction_id else None
        if interaction is None or depth > 6:
            return False
        tables = [interaction.effects, interaction.on_pass, interaction.on_fail, interaction.if_true,
                  interaction.if_false, *(o.effects for o in interaction.options)]
        return any(e.fire in wanted or (e.then and self.leads(e.then, wanted, depth + 1))
                   for table in tables for e in table)

    def effects_value(self, effects: Iterable[Any], seat: int, token: str | None, depth: int = 0) -> float:
        """What a table of adventure effects is worth to the party."""
        w = self.w
        total = 0.0
        for effect in effects:
            if effect.fire and effect.fire in self.wanted:
                total += w["objective"]
            if effect.spawn and effect.spawn not in self.state.spawned:
                total -= 2 * w["kill"]
            total -= w["threat"] * effect.threat
            total += w["inspiration"] * effect.inspiration
            total -= self.harm_cost(seat, effect.damage, effect.fear)
            if effect.item:
                total += 2.0
            total += 0.3 * (effect.lore + effect.xp)
            if effect.remove_token and token is not None:
                kind = self._token(token).kind
                if kind in ("threat", "darkness"):
                    total += w["threat"] * 4  # a threat token raises the bar every round
            if effect.then and depth < 6:
                total += self.interaction_value(effect.then, seat, token, depth + 1)
        return total

    def interaction_value(self, interaction_id: str | None, seat: int, token: str | None, depth: int = 0) -> float:
        interaction = self._interactions.get(interaction_id) if interaction_id else None
        if interaction is None:
            return 0.0
        value = self.effects_value(interaction.effects, seat, token, depth)
        if interaction.kind == "test":
            stat = interaction.stat
            if interaction.alt_stat and self.stat(seat, interaction.alt_stat) > self.stat(seat, stat):
                stat = interaction.alt_stat
            need = interaction.successes or 1
            passed = self.effects_value(interaction.on_pass, seat, token, depth)
            failed = self.effects_value(interaction.on_fail, seat, token, depth)
            if interaction.cumulative:
                done = getattr(self.state, "progress", {}).get(interaction.id, 0)
                share = min(1.0, self.expected_successes(seat, stat) / max(1, need - done))
                value += share * passed + (failed if share < 1 else 0.0)
            else:
                chance = self.pass_chance(seat, stat, need)
                value += chance * passed + (1 - chance) * failed
        elif interaction.kind == "decision" and interaction.options:
            value += max(self.effects_value(o.effects, seat, token, depth) for o in interaction.options)
        elif interaction.kind == "branch":
            value += max(self.effects_value(interaction.if_true, seat, token, depth),
                         self.effects_value(interaction.if_false, seat, token, depth))
        return value

    # -- goals ---------------------------------------------------------------------------------

    def goals(self, seat: int) -> list[_Goal]:
        state, w = self.state, self.w
        goals = []
        for token_id, at in state.tokens.items():
            token = self._token(token_id)
            if token is None or token.kind == "darkness" or not token.interaction:
                continue
            interaction = self._interactions.get(token.interaction)
            if self.leads(token.interaction, self.wanted):
                fitness = 1.0
                if interaction is not None and interaction.kind == "test" and interaction.stat:
                    best = max(self.stat(seat, s) for s in (interaction.stat, interaction.alt_stat) if s)
                    fitness = 0.8 + 0.1 * best
                shared = bool(interaction is not None and interaction.cumulative)
                goals.append(_Goal(w["objective"] * fitness, (Hex(*at),), "objective", shared))
            else:
                value = self.interaction_value(token.interaction, seat, token_id)
                if value > 0:
                    goals.append(_Goal(value, (Hex(*at),), "optional"))
        for tile in state.unexplored:
            spaces = self.map.tile_spaces(tile)
            placement = next((p for c in self.adventure.chapter for p in c.tiles if p.tile == tile), None)
            fires = placement is not None and placement.on_explore in self.wanted
            goals.append(_Goal(w["objective"] if fires else w["explore"], spaces,
                               "objective" if fires else "explore"))
        for group_id, group in state.groups.items():
            record = next((g for g in self.adventure.enemy_group if g.id == group_id), None)
            if record is not None and record.on_defeat in self.wanted:
                goals.append(_Goal(w["objective"], (Hex(*group["at"]),), "objective"))
        return goals

    def plan(self, seat: int) -> tuple[tuple[Hex, ...], float]:
        """The spaces of the hero's best goal, and its value (none: stay where it is)."""
        here = self.hero(seat)["at"]
        best: tuple[float, tuple[Hex, ...], float] = (0.0, (Hex(*here),), 0.0)
        for goal in self.goals(seat):
            d = self.nearest(here, goal.spaces)
            if d is None:
                continue
            value = goal.value
            if not goal.shared and self.claimed(seat, goal.spaces, d):
                value *= self.w["claimed"]
            net = value - self.w["step"] * d
            if net > best[0]:
                best = (net, goal.spaces, value)
        return best[1], best[2]

    def nearest(self, here, spaces: Iterable[Hex]) -> int | None:
        found = [d for d in (self.distance(here, s) for s in spaces) if d is not None]
        return min(found) if found else None

    def claimed(self, seat: int, spaces: tuple[Hex, ...], mine: int) -> bool:
        """Another standing hero is nearer the goal (or as near, and asked first)."""
        for i, h in enumerate(self.state.heroes):
            if i == seat or h["defeated"]:
                continue
            d = self.nearest(h["at"], spaces)
            if d is not None and (d < mine or (d == mine and i < seat)):
                return True
        return False

    # -- the hero's turn -----------------------------------------------------------------------

    @cached_property
    def my_plan(self) -> tuple[tuple[Hex, ...], float]:
        return self.plan(self.seat)

    def final(self, at) -> float:
        """What ending the turn at ``at`` is worth: near the goal, out of darkness and out of the
        enemies' reach (both dearer for a frail hero)."""
        if at in self._final_memo:
            return self._final_memo[at]
        spaces, _ = self.my_plan
        d = self.nearest(at, spaces)
        value = -self.w["step"] * (d if d is not None else 20)
        seat = self.seat
        if self.dark(at):
            fear = self.adventure.adventure.darkness_fear - 0.7 * self.expected_successes(seat, "spirit", spend=False)
            value -= self.w["darkness"] * self.harm_cost(seat, 0, max(0.0, fear))
        harm = self.danger(seat, at)
        if harm:
            value -= self.w["danger"] * harm * self.frailty(seat) / 4
        self._final_memo[at] = value
        return value

    @cached_property
    def _final_memo(self) -> dict:
        return {}

    def provoke_cost(self, here) -> float:
        """Readied groups in the hero's space attack when it leaves or interacts: one attack more
        than staying (the group attacks in the shadow phase either way), dear only to a frail hero."""
        harm = sum(self.group_attack(g) for g in self.state.groups.values()
                   if tuple(g["at"]) == tuple(here) and not g["exhausted"])
        return 0.25 * harm * (self.frailty(self.seat) - 1)

    def explore_bonus(self, at, explored: frozenset) -> tuple[float, frozenset]:
        space = self.map.spaces.get(Hex(*at))
        if space is not None and space.tile in self.state.unexplored and space.tile not in explored:
            return self.w["explore"] / 2, explored | {space.tile}
        return 0.0, explored

    def rest_of_turn(self, at, actions: int, moves: int, used: frozenset, explored: frozenset,
                     swift: bool) -> float:
        """The best the hero can still make of this turn from here: travel, moves, interactions
        with tokens on the way, then where it ends (a small search, remembered by its state)."""
        key = (Hex(*at), actions, moves, used, explored, swift)
        memo = self._turn_memo
        if key in memo:
            return memo[key]
        memo[key] = best = self.final(at)  # also guards against cycles: ending is always possible
        if moves:
            leave = self.provoke_cost(at)
            for n in self.map.neighbours(at):
                bonus, seen = self.explore_bonus(n, explored)
                best = max(best, bonus - leave - 0.01 + self.rest_of_turn(n, actions, moves - 1, used, seen, swift))
        if actions:
            extra = 1 if swift else 0
            best = max(best, self.rest_of_turn(at, actions - 1, moves + MOVES_PER_TRAVEL + extra, used, explored,
                                               False))
            for token_id, where in self.state.tokens.items():
                if tuple(where) == tuple(at) and token_id not in used and self.interactable(token_id):
                    value = self.interaction_value(self._token(token_id).interaction, self.seat, token_id)
                    # Later is a little worse than now: the plan may change on the way.
                    value = value * LATER if value > 0 else value
                    best = max(best, value - self.provoke_cost(at)
                               + self.rest_of_turn(at, actions - 1, moves, used | {token_id}, explored, swift))
        memo[key] = best
        return best

    @cached_property
    def _turn_memo(self) -> dict:
        return {}

    def interactable(self, token_id: str) -> bool:
        token = self._token(token_id)
        return token is not None and token.kind != "darkness" and bool(token.interaction)

    def _turn(self) -> tuple[Any, int, int, bool]:
        hero = self.hero(self.seat)
        swift = hero.get("ability") == "swift_step" and not hero.get("ability_used")
        return hero["at"], self.state.actions_left, self.state.moves, swift

    def _score_end(self, words, task) -> float:
        return self.final(self.hero(self.seat)["at"])

    def _score_move(self, words, task) -> float:
        at, actions, moves, swift = self._turn()
        to = Hex(*at).step(words[1])
        bonus, seen = self.explore_bonus(to, frozenset())
        return bonus - self.provoke_cost(at) + self.rest_of_turn(to, actions, moves - 1, frozenset(), seen, swift)

    def _score_travel(self, words, task) -> float:
        at, actions, moves, swift = self._turn()
        extra = 1 if swift else 0
        return self.rest_of_turn(at, actions - 1, moves + MOVES_PER_TRAVEL + extra, frozenset(), frozenset(), False)

    def _score_interact(self, words, task) -> float:
        token = self._token(words[1])
        if token is None:  # not a story token (terrain, a rule added since): priced as doing nothing
            return self.neutral(task)
        at, actions, moves, swift = self._turn()
        value = self.interaction_value(token.interaction, self.seat, words[1])
        return (value - self.provoke_cost(at)
                + self.rest_of_turn(at, actions - 1, moves, frozenset({words[1]}), frozenset(), swift))

    def _score_attack(self, words, task) -> float:
        group = self.state.groups.get(words[1])
        if group is None:
            return 0.0
        seat = self.seat
        hero = self.hero(seat)
        # Several items may attack together (``sword+dagger``): their abilities are bought from one pool.
        items = [i for part in words[2].split("+") for i in self.game.table.items if slug(i.name) == part]
        successes = int(self.expected_successes(seat, words[3]))
        hits = _best_hits(items, successes)
        if hero.get("ability") == "keen_shot" and self.distance(hero["at"], group["at"]) == 1:
            hits += 1
        killed, dealt = self.kills(group, hits)
        value = self.w["kill"] * killed + self.w["wound"] * dealt
        record = next((g for g in self.adventure.enemy_group if g.id == words[1]), None)
        if record is not None and record.on_defeat in self.wanted:
            # Its defeat moves the story on: each figure is a share of the objective.
            value += self.w["objective"] * (killed + dealt / 10) / max(1, group["figures"])
        if killed < group["figures"]:
            # It still stands: a readied or elite group in range answers, and still threatens.
            reach = 1 if self.game.table.enemy(group["enemy"]).ranged else 0
            if (self.distance(group["at"], hero["at"]) or 0) <= reach and (not group["exhausted"] or group["elite"]):
                value -= 0.5 * self.group_attack(group) * self.frailty(seat) / 2
        # Groups that threaten a frail hero, or sit where the hero must leave (a provoke), matter more.
        frail = max((self.frailty(i) for i, h in enumerate(self.state.heroes) if not h["defeated"]
                     and (self.distance(group["at"], h["at"]) or 99) <= self.reach(group)), default=1.0)
        value *= min(frail, 4.0)
        if tuple(group["at"]) == tuple(hero["at"]) and not group["exhausted"] and killed == group["figures"]:
            value += self.provoke_cost(hero["at"])
        at, actions, moves, swift = self._turn()
        return value + self.rest_of_turn(at, actions - 1, moves, frozenset(), frozenset(), swift)

    # -- the party's order ---------------------------------------------------------------------

    def _score_hero(self, words, task) -> float:
        """The hero standing on its goal, or in a fight, acts first; then the nearest to its goal."""
        seat = next(i for i, h in enumerate(self.state.heroes) if slug(h["name"]) == words[1])
        spaces, value = self.plan(seat)
        d = self.nearest(self.hero(seat)["at"], spaces) or 0
        in_fight = any(self.distance(g["at"], self.hero(seat)["at"]) == 0 for g in self.state.groups.values())
        return value - d + (2.0 if in_fight else 0.0)

    # -- tests ---------------------------------------------------------------------------------

    def _score_convert(self, words, task) -> float:
        n = int(words[1])
        seat = task.get("hero", self.seat)
        successes = task.get("success", 0) + n
        purpose = task.get("purpose", {})
        kind = purpose.get("kind")
        cost = self.w["inspiration"] * n
        if kind == "interaction":
            interaction = self._interactions.get(purpose.get("interaction"))
            if interaction is None or not interaction.successes:
                return -cost
            if interaction.cumulative:
                return 2.0 * n - cost * 0.5  # every success counts toward the total
            need = interaction.successes
            passed = successes >= need
            before = task.get("success", 0) >= need
            if before:
                return -cost
            return (self.w["objective"] if passed else 0.0) - cost
        if kind == "attack":
            group = self.state.groups.get(purpose.get("group"))
            names = purpose.get("items") or [purpose.get("item")]
            items = [i for i in self.game.table.items if i.name in names]
            if group is None:
                return -cost
            killed, dealt = self.kills(group, _best_hits(items, successes))
            return self.w["kill"] * killed + self.w["wound"] * dealt - cost
        if kind == "negate":
            # Each success prevents one: against the limit that is nearer, as the split would.
            damage, fear = purpose.get("damage", 0), purpose.get("fear", 0)
            best = min(self.harm_cost(seat, damage - a, fear - (successes - a))
                       for a in range(max(0, successes - fear), min(successes, damage) + 1)) \
                if successes < damage + fear else 0.0
            return -best - cost
        return -cost

    def _score_negate(self, words, task) -> float:
        """Successes against damage (N) and fear (the rest): keep away from the nearer limit."""
        n = int(words[1])
        damage = task.get("damage", 0) - n
        fear = max(0, task.get("fear", 0) - (task.get("successes", 0) - n))
        return -self.harm_cost(task.get("hero", self.seat), damage, fear)

    def _score_test(self, words, task) -> float:
        return float(self.stat(task.get("hero", self.seat), words[1]))

    # -- decisions and cards -------------------------------------------------------------------

    def _score_choose(self, words, task) -> float:
        interaction = self._interactions.get(task.get("interaction"))
        seat = task.get("hero", self.seat)
        option = interaction.options[int(words[1]) - 1]
        return self.effects_value(option.effects, seat, task.get("token"))

    def card_value(self, seat: int, card_id: str) -> float:
        """A card kept prepared: its ability, less the successes and fates it takes from tests."""
        card = self.game.hero_cards[self.hero(seat)["name"]].get(card_id)
        if card is None:
            return 0.0
        success, fate = self.card_odds(seat)
        in_tests = (card.success + 0.5 * card.fate) - (success + 0.5 * fate)
        ability = getattr(card, "ability", None)
        worth = (1.0 + 0.3 * (getattr(ability, "amount", 1) or 1)) if ability is not None else 0.0
        return self.w["ability"] * worth - in_tests

    def _score_prepare(self, words, task) -> float:
        if words[1] == "none":
            return 0.0
        seat = task.get("hero", self.seat)
        value = self.card_value(seat, words[1])
        prepared = self.hero(seat)["prepared"]
        if len(prepared) >= 4:  # a fifth card forces one out
            value -= max(0.0, min(self.card_value(seat, c) for c in prepared))
        return value

    def _score_discard(self, words, task) -> float:
        return -self.card_value(task.get("hero", self.seat), words[1])

    def _score_target(self, words, task) -> float:
        """An enemy's attack among heroes equally near: the one who can best take it."""
        seat = next(i for i, h in enumerate(self.state.heroes) if slug(h["name"]) == words[1])
        return -self.frailty(seat)

    def _score_step(self, words, task) -> float:
        """The party places a moving enemy: away from other heroes, out of frail heroes' spaces."""
        at = Hex(*task["at"]).step(words[1])
        cost = 0.0
        for i, h in enumerate(self.state.heroes):
            if h["defeated"] or i == task.get("target"):
                continue
            d = self.distance(at, h["at"])
            if d is not None and d <= 1:
                cost += self.frailty(i) * (2 - d)
        return -cost


def _best_hits(items, successes: int) -> int:
    """The most hits ``successes`` buy from the items' paid abilities, each once per attack."""
    paid = [a for item in items for a in item.ability if a.pay == "successes" and a.effect == "hits"]
    best = 0
    for mask in range(1, 1 << len(paid)):
        chosen = [a for i, a in enumerate(paid) if mask >> i & 1]
        if sum(a.cost for a in chosen) <= successes:
            best = max(best, sum(a.amount for a in chosen))
    return best


def _standing(state: "JourneysState") -> list[int]:
    return [i for i, h in enumerate(state.heroes) if not h["defeated"]]


def _limits(state: "JourneysState", seat: int) -> int:
    stats = state.game.table.hero(state.heroes[seat]["name"]).stats
    return min(stats.damage_limit, stats.fear_limit)


def _margin(state: "JourneysState", seat: int) -> int:
    """Damage or fear the hero can still take before a limit, whichever is nearer."""
    hero = state.heroes[seat]
    stats = state.game.table.hero(hero["name"]).stats
    return min(stats.damage_limit - hero["damage"], stats.fear_limit - hero["fear"])


__all__ = ["JourneysHeuristics", "WEIGHTS"]
