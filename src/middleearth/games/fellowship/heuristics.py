"""The heuristic team-mate for The Lord of the Rings: a greedy policy and an evaluation.

It decides from what its seat may know: the public board (corruption, Sauron, tracks, tokens,
runes, how many cards each hand holds, cards shown face up) and its own hand. It never reads
another hand, the deck's order or tiles another seat arranged; the tests check that it chooses
the same on every re-deal of what the seat has not seen.

The policy prices everything on one scale, roughly "spaces of the main track": a space of the
main track is worth ``MAIN_SPACE``, a card in hand about one, a space of corruption two, and
losing a hobbit (the Ring-bearer above all) far more. Each decision takes the option that
scores best on that scale:

- play the cards that advance the main track, and side tracks only for the rewards the seat
  lacks (a Life token of a kind it has none of, a card, purity), never onto a die space when
  the die could finish the seat; refresh by healing when Sauron is close, by drawing otherwise;
- use the Ring once a Conflict, when it may finish the main track or the events grow late, and
  only when the bearer can survive the worst face of the die;
- give to an event when failing costs more than the cards; a cost only one seat may pay is paid
  by the first seat that can pay it whole;
- volunteer when the seat is the safest one left to ask and the corruption costs less than the
  failure; call Gandalf, and play green cards, when they save a hobbit or an event; keep five
  runes for the Forbidden Pool until Shelob's Lair is behind, and in Mordor, where runes buy
  nothing else, call Gandalf's Guidance (two spaces toward Mount Doom) as soon as possible.

Measured (docs/fellowship-balance.md): the Ring destroyed in about a quarter of 3-player games at
Sauron 15 and a tenth at 12, against never for random play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

from middleearth.core.contract import Action
from middleearth.core.heuristics import Heuristics
from middleearth.games.fellowship.actions import Move
from middleearth.games.fellowship.components import ACTIVITIES, LOCATIONS, TOKENS

if TYPE_CHECKING:
    from middleearth.games.fellowship.state import FellowshipState

MAIN_SPACE = 2.0  # one space of the main track: the score, and one step closer to escaping the events
FINISH_MAIN = 4.0  # completing the main track ends the Conflict before its late events
SIDE_SPACE = 0.25  # a side track space with nothing on it
CORRUPTION = 2.0  # one space toward Sauron, for a hobbit far from him
LOST_HOBBIT = 30.0
LOST_BEARER = 80.0  # the game ends
RUNE = 0.3
GOLD = 0.8
NEEDED_TOKEN = 2.0  # a Life token of a kind the seat has none of (the Descent costs a space each)
SPARE_TOKEN = 0.3
NEXT_EVENT = 3.5
CARD = 1.0  # a Quest card in hand, on average
RUNE_EVENTS_AT = "shelobs_lair"  # the Forbidden Pool (5 runes from one hobbit), Gollum, Faces of the Dead
# The Threat die: six faces, each as likely (face effect, symbols) read from the data at run time.


class FellowshipHeuristics(Heuristics):
    """Evaluation, greedy policy and turn key for The Lord of the Rings."""

    # -- evaluation ---------------------------------------------------------------------------

    def evaluate(self, state: "FellowshipState", seat: int) -> float:  # type: ignore[override]
        """The score so far plus small credits for what carries the team further (0 to ~100).

        A destroyed Ring scores 60 plus the runes, a lost game the main track reached; before
        the end, the score so far is raised by the Ring-bearer's distance to Sauron, the other
        hobbits' distance, the cards in hand, tokens and runes, but stays below a win.
        """
        if state.outcome is not None:
            return state.returns()[seat]
        score = float(state.returns()[seat])
        bearer = state.bearer
        live = [s for s in range(state.game.num_players) if not state.out[s]]
        margins = {s: state.sauron - state.corruption[s] for s in live}
        if bearer is not None and not state.out[bearer]:
            score += 1.2 * min(margins[bearer], 8)
        others = [margins[s] for s in live if s != bearer]
        if others:
            score += 0.4 * min(min(others), 6)
        score += 0.5 * len(live)
        score += 0.25 * min(sum(sum(state.hands[s].values()) for s in live), 20)
        score += 0.3 * sum(1 for s in live for count in state.tokens[s] if count)
        if state.game.options["competitive"]:
            score += 0.05 * state.runes[seat]
        else:
            score += 0.05 * sum(state.runes)
        return min(score, 59.0)

    def turn_key(self, state: "FellowshipState") -> Hashable:  # type: ignore[override]
        # The active seat changes every turn of a Conflict; the location at every Safe Haven.
        return (state.location, state.active, state.conflict_over)

    # -- the policy ---------------------------------------------------------------------------

    def policy(self, state: "FellowshipState", seat: int) -> Action:  # type: ignore[override]
        """The option that scores best for the team, decided from what ``seat`` can see."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        text = self.choice(state, seat, [str(a) for a in legal])
        return Move(text) if text is not None else legal[0]

    def choice(self, state: "FellowshipState", seat: int, texts: list[str]) -> str | None:
        """The text of the chosen option among ``texts`` (the legal ones), or None for a kind of
        decision without a rule of its own (the policy then takes the first option)."""
        choose = getattr(self, f"_choose_{state.pending[-1][0]}", None)
        return choose(state, seat, texts) if choose is not None else None

    # -- prices -------------------------------------------------------------------------------

    def margin(self, state: "FellowshipState", seat: int) -> int:
        """Spaces between ``seat``'s hobbit and Sauron: 0 means eliminated."""
        return state.sauron - state.corruption[seat]

    def loss(self, state: "FellowshipState", seat: int) -> float:
        return LOST_BEARER if seat == state.bearer else LOST_HOBBIT

    def corruption_cost(self, state: "FellowshipState", seat: int, spaces: int) -> float:
        """What moving ``seat`` ``spaces`` toward Sauron costs, the closer the dearer."""
        if spaces <= 0 or state.out[seat]:
            return 0.0
        margin = self.margin(state, seat)
        if spaces >= margin:
            return self.loss(state, seat)
        left = margin - spaces
        return spaces * CORRUPTION * (1.0 + 2.0 / left)

    def sauron_cost(self, state: "FellowshipState", spaces: int) -> float:
        """Sauron moving ``spaces`` toward every hobbit at once."""
        return sum(self.corruption_cost(state, s, spaces) for s in self._live(state))

    def die_cost(self, state: "FellowshipState", seat: int) -> float:
        """The average cost of one roll of the Threat die by ``seat`` (its Mithril Shirt aside)."""
        faces = state.game.components.die
        total = 0.0
        for _, effect, _ in faces:
            total += self._face_cost(state, seat, effect)
        return total / len(faces)

    def _face_cost(self, state: "FellowshipState", seat: int, effect: str) -> float:
        words = effect.split(" ")
        if words[0] == "corrupt":
            spaces = int(words[1])
            if state.ability(seat) == "loyal":
                spaces = min(spaces, 1)
            return self.corruption_cost(state, seat, spaces)
        if words[0] == "sauron":
            return self.sauron_cost(state, int(words[1]))
        if words[0] == "discard":
            count = 1 if state.ability(seat) == "loyal" else int(words[1])
            held = self._cards(state, seat)
            return self.loss(state, seat) if held < count else CARD * count
        return 0.0

    def effects_cost(self, state: "FellowshipState", effects, subject: int | None) -> float:
        """What a list of event effects costs the team (negative: a gain)."""
        total = 0.0
        for effect in effects:
            kind = effect[0]
            if kind == "sauron":
                total += self.sauron_cost(state, effect[1])
            elif kind == "next_event":
                total += NEXT_EVENT
            elif kind == "lose":
                total += 1000.0
            elif kind in ("remove", "remove_waiting"):
                total += 1.0
            elif kind == "gain":
                total -= 2.0
            else:
                for s in self._who(state, effect[1], subject):
                    if kind == "roll":
                        total += effect[2] * self.die_cost(state, s)
                    elif kind == "draw":
                        total -= CARD * effect[2]
                    elif kind == "purity":
                        total -= CORRUPTION if state.corruption[s] else 0.0
                    elif kind == "corrupt":
                        total += self.corruption_cost(state, s, effect[2])
                    elif kind == "discard":
                        total += self.loss(state, s) if self._cards(state, s) < effect[2] else CARD * effect[2]
                    elif kind == "runes":
                        total += self.loss(state, s) if self._runes_seen(state, s) < effect[2] else RUNE * effect[2]
        return total

    def card_value(self, state: "FellowshipState", seat: int, card_id: str, pressure: float | None = None) -> float:
        """What keeping a card is worth to ``seat``: more symbols, wild, or the main activity, more.
        ``pressure`` is ``_reserve_pressure(state)``, passed in when many cards are priced at once."""
        card = state.game.components.cards[card_id]
        if card.colour == "green":
            return 2.5
        main = state.conflict.main
        value = 0.0
        for symbol in card.symbols:
            value += 1.25 if symbol == "wild" else (1.0 if symbol == main else 0.8)
        if card.ability == "gollum":
            value -= 0.5
        held = self._cards(state, seat)
        value *= min(1.0, 5.0 / max(held, 1))  # a large hand spares its cards for the side tracks
        return value * (1.0 + (self._reserve_pressure(state) if pressure is None else pressure))

    def _reserve_pressure(self, state: "FellowshipState") -> float:
        """How much the events still ahead in this Conflict will ask of the team's hands: the
        cards they need over the cards the team holds (0 when nothing is asked)."""
        needed = 0
        live = self._live(state)
        for step in state.conflict.events[state.event:]:
            if step.kind != "cost":
                continue
            units = sum(n for key, n in step.need if key not in TOKENS and key not in ("runes", "token"))
            needed += units * (len(live) if step.scope == "each" else 1)
        if not needed:
            return 0.0
        held = sum(self._cards(state, s) for s in live)
        return min(1.0, needed / max(held, 1))

    def token_value(self, state: "FellowshipState", seat: int, token: str) -> float:
        index = TOKENS.index(token)
        if not state.supply[index]:
            return 0.0
        asked = any(step.kind == "cost" and step.scope == "each" and dict(step.need).get(token)
                    for step in state.conflict.events[state.event:])
        if state.tokens[seat][index] == 0 and (asked or not state.conflict.finale):
            value = NEEDED_TOKEN * (1.5 if self.margin(state, seat) <= 3 else 1.0)
        else:
            value = SPARE_TOKEN
        if token == "ring":
            value += 0.2  # Ring tokens choose the next bearer: worth a little more than a spare token
        return value

    def reward_value(self, state: "FellowshipState", seat: int, rewards) -> float:
        value = 0.0
        for reward in rewards:
            if reward == "rune":
                value += RUNE
            elif reward == "gold":
                value += GOLD
            elif reward in TOKENS:
                value += self.token_value(state, seat, reward)
            elif reward == "purity":
                value += CORRUPTION if state.corruption[seat] else 0.2
            elif reward == "die":
                value -= self.die_cost(state, seat)
            elif reward.startswith("card:"):
                card = reward[5:]
                waiting = state.waiting.get(state.game.components.cards[card].location, [])
                value += 2.0 if card in waiting else 0.0
        return value

    def advance_value(self, state: "FellowshipState", seat: int, activity: str, spaces: int,
                      by_ring: bool = False) -> float:
        """What moving ``activity``'s marker ``spaces`` spaces is worth (rewards count unless by the Ring)."""
        conflict = state.conflict
        track = conflict.track(activity)
        if track is None:
            return -1.0
        start = state.positions[activity]
        end = min(track.length, start + spaces)
        if end == start:
            return -1.0
        value = 0.0
        if activity == conflict.main:
            value += MAIN_SPACE * (end - start)
            if end == track.length:
                value += 200.0 if conflict.finale else FINISH_MAIN
        else:
            value += SIDE_SPACE * (end - start) + self._condition_value(state, activity, start, end)
        if not by_ring:
            for space in range(start + 1, end + 1):
                value += self.reward_value(state, seat, track.rewards[space - 1])
        return value

    def _condition_value(self, state: "FellowshipState", activity: str, start: int, end: int) -> float:
        """Side tracks that an event still to come checks (complete it, or reach a space)."""
        value = 0.0
        track = state.conflict.track(activity)
        for number, step in enumerate(state.conflict.events, start=1):
            if number <= state.event or step.kind != "condition":
                continue
            if activity in step.complete:
                value += 1.5 * (end - start) / track.length + (3.0 if end == track.length else 0.0)
            for name, needed in step.reached:
                if name == activity and start < needed:
                    value += 1.0 * (min(end, needed) - start) / needed + (2.0 if end >= needed else 0.0)
        return value

    # -- decisions ----------------------------------------------------------------------------

    def _choose_play(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        plays = self._play_values(state, seat, texts)
        best = max(plays, key=lambda t: plays[t]) if plays else None
        if "end" in texts:
            return best if best is not None and plays[best] > 0 else "end"
        # Before the first card: the turn's best two cards (one of each colour) against a refresh.
        planned = 0.0
        if best is not None and plays[best] > 0:
            planned = plays[best] + self._second_play(state, seat, plays, best)
        heal = self._heal_value(state, seat) if "refresh heal" in texts else -1.0
        draw = self._draw_value(state, seat)
        if best is not None and planned >= max(heal, draw):
            return best
        return "refresh heal" if heal > draw else "refresh draw"

    def _play_values(self, state: "FellowshipState", seat: int, texts: list[str]) -> dict[str, float]:
        """Each card play's worth: the track it moves, less the card kept for later events."""
        values = {}
        cards = state.game.components.cards
        pressure = self._reserve_pressure(state)
        for text in texts:
            words = text.split(" ")
            if words[0] != "play":
                continue
            card = cards[words[1]]
            activity = words[3] if len(words) == 4 else card.symbols[0]
            value = self.advance_value(state, seat, activity, len(card.symbols)) \
                - self.card_value(state, seat, words[1], pressure)
            if card.ability == "gollum":
                value -= self.die_cost(state, seat)
            values[text] = value
        return values

    def _second_play(self, state: "FellowshipState", seat: int, plays: dict[str, float], first: str) -> float:
        """The best play that may follow ``first`` this turn (another card, of the other colour
        unless the seat plays any two), priced as if the board had not moved."""
        cards = state.game.components.cards
        first_card = first.split(" ")[1]
        colour = cards[first_card].colour
        any_two = state.ability(seat) == "any_two_cards"
        best = 0.0
        for text, value in plays.items():
            card = text.split(" ")[1]
            if card == first_card and state.hands[seat][card] < 2:
                continue
            if not any_two and cards[card].colour == colour:
                continue
            best = max(best, value)
        return best

    def _heal_value(self, state: "FellowshipState", seat: int) -> float:
        """One space away from Sauron: worth little far from him, everything next to him."""
        margin = max(self.margin(state, seat), 1)
        return (0.8 + 8.0 / margin ** 1.5) * (1.3 if seat == state.bearer else 1.0)

    def _draw_value(self, state: "FellowshipState", seat: int) -> float:
        held = self._cards(state, seat)
        return 2 * CARD * (1.6 if held <= 2 else 1.0 if held <= 5 else 0.5)

    def _choose_wild_tile(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        return self._best_track(state, state.active, texts, by_ring=False)

    def _choose_ring_advance(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        task = state.pending[-1]
        values = {t: self.advance_value(state, seat, t.split(" ")[1], task[2], by_ring=True) for t in texts}
        return max(texts, key=lambda t: values[t])

    def _best_track(self, state: "FellowshipState", seat: int, texts: list[str], by_ring: bool) -> str:
        return max(texts, key=lambda t: self.advance_value(state, seat, t.split(" ")[1], 1, by_ring))

    def _choose_window(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        moment = state.pending[-1][1]
        if "ring" in texts and self._ring_now(state, seat):
            return "ring"
        for text in texts:
            if text.startswith("use ") and self._use_card_now(state, seat, moment, text):
                return text
        if "call gandalf" in texts and self._gandalf_plan(state, seat, moment) is not None:
            return "call gandalf"
        return "pass"

    def _ring_now(self, state: "FellowshipState", seat: int) -> bool:
        """Use the Ring when it may finish the main track, or before the late events, if the bearer
        survives the worst face and nobody is one Eye away from Sauron."""
        if self.margin(state, seat) <= 3 and state.ability(seat) != "loyal":
            return False
        if self.margin(state, seat) <= 1:
            return False
        if any(self.margin(state, s) <= 1 for s in self._live(state)):
            return False
        conflict = state.conflict
        main = conflict.main_track
        left = main.length - state.positions[conflict.main]
        if left <= 0:
            return False
        return left <= 4 or state.event >= len(conflict.events) - 3

    def _use_card_now(self, state: "FellowshipState", seat: int, moment: str, text: str) -> bool:
        words = text.split(" ")
        ability = state.game.components.cards[words[1]].ability
        hobbits = state.game.seat_hobbits
        targets = [hobbits.index(w) for w in words[2:]]
        roll = state.roll_state
        if ability == "mithril":
            face = next(f for f in state.game.components.die if f[0] == roll.get("face"))
            return self._face_cost(state, roll["seat"], face[1]) >= 2 * CORRUPTION
        if ability == "belt":
            return self.die_cost(state, roll["seat"]) >= 2 * CORRUPTION
        if ability == "staff":
            return True
        if ability == "phial":
            return state.event >= len(state.conflict.events) - 3 and self._cards(state, state.active) > 0
        if ability == "elessar":
            target = targets[0]
            return target == self._closest(state) and self.margin(state, target) <= 4
        if ability == "lembas":
            target = targets[0]
            return target == min(self._live(state), key=lambda s: self._cards(state, s)) \
                and self._cards(state, target) <= 2
        if ability == "athelas":
            target = targets[0]
            if moment == "conflict_end":
                missing = self._missing_kinds(state, target)
                worst = max(self._live(state), key=lambda s: self._missing_kinds(state, s))
                return target == worst and missing >= 2
            return False
        return False

    def rune_value(self, state: "FellowshipState", seat: int) -> float:
        """A rune is worth more while events that ask for runes are still ahead on the path."""
        ahead = state.location <= LOCATIONS.index(RUNE_EVENTS_AT)
        return RUNE * (2.0 if ahead else 1.0)

    def _gandalf_plan(self, state: "FellowshipState", seat: int, moment: str) -> str | None:
        """The Gandalf card worth its five runes now, as its option text, or None."""
        options = state._gandalf_options(moment)
        if not options:
            return None
        if state.location <= LOCATIONS.index(RUNE_EVENTS_AT) and state.runes[seat] - 5 < 5 \
                and self.margin(state, self._closest(state)) > 1:
            return None  # keep five runes for the Forbidden Pool unless a hobbit is about to fall
        closest = self._closest(state)
        name = state.game.seat_hobbits[closest]
        if f"gandalf healing {name}" in options and self.margin(state, closest) <= 2:
            return f"gandalf healing {name}"
        if "gandalf magic" in options:
            step = state.conflict.events[state.event - 1] if state.event else None
            if step is not None and self._event_threat(state, step) >= 8.0:
                return "gandalf magic"
        conflict = state.conflict
        left = conflict.main_track.length - state.positions[conflict.main]
        guidance = f"gandalf guidance {conflict.main}"
        if guidance in options and (0 < left <= 2 or (conflict.finale and left > 0)):
            return guidance  # on the way to Mount Doom runes buy nothing else: two spaces at once
        persistence = f"gandalf persistence {state.game.seat_hobbits[seat]}"
        if conflict.finale and persistence in options and self._cards(state, seat) <= 3:
            return persistence  # four more cards for the last track
        return None

    def _event_threat(self, state: "FellowshipState", step) -> float:
        """How bad an event is at worst (the failure if it has one to pay, its effects otherwise)."""
        if step.kind == "effects":
            return self.effects_cost(state, step.effects, None)
        if step.kind == "condition":
            ok = all(state.positions[a] >= state.conflict.track(a).length for a in step.complete
                     if state.conflict.track(a)) and all(state.positions[a] >= n for a, n in step.reached)
            return self.effects_cost(state, step.success if ok else step.fail, None)
        if step.kind == "choice":
            return min(self.effects_cost(state, c, state.active) for c in step.choices)
        if step.kind in ("cost", "match", "volunteer"):
            return 0.5 * self.effects_cost(state, step.fail, None)
        return 0.0

    def _choose_gandalf_choose(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        plan = self._gandalf_plan(state, seat, state.pending[-1][1])
        if plan in texts:
            return plan
        closest = state.game.seat_hobbits[self._closest(state)]
        for preferred in (f"gandalf healing {closest}", f"gandalf guidance {state.conflict.main}",
                          f"gandalf persistence {state.game.seat_hobbits[seat]}"):
            if preferred in texts:
                return preferred
        return texts[0]

    def _choose_cost(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        task = state.pending[-1]
        _, step, seats, need_items, scope, subject = task
        need = {k: v for k, v in need_items if v > 0}
        gives = [t for t in texts if t != "done"]
        if not gives:
            return "done"
        fail = self.effects_cost(state, step.fail, subject if scope == "each" else None)
        success = self.effects_cost(state, step.success, subject) if step.success else 0.0
        plan = self._cover(state, seat, need)
        if scope == "one":
            if plan is None:
                return "done"  # only one hobbit may pay: leave it to one who can pay it whole
        items = plan if plan is not None else self._partial(state, seat, need)
        price = sum(self._item_value(state, seat, item) for item in items)
        if plan is None:
            # The others pay the rest: count it at a card per unit still missing after ours.
            price += CARD * max(0, sum(need.values()) - len(items))
        if fail - success <= price or not items:
            return "done"
        return f"give {items[0]}" if f"give {items[0]}" in texts else gives[0]

    def _cover(self, state: "FellowshipState", seat: int, need: dict[str, int]) -> list[str] | None:
        """The cheapest items by which ``seat`` alone meets ``need`` (greedy), or None."""
        items = self._partial(state, seat, need)
        left = dict(need)
        for item in items:
            left = self._after(state, seat, item, left)
        return items if not any(v > 0 for v in left.values()) else None

    def _partial(self, state: "FellowshipState", seat: int, need: dict[str, int]) -> list[str]:
        """What ``seat`` would give toward ``need``: exact symbols first, the cheapest first."""
        hand = dict(state.hands[seat])
        tokens = list(state.tokens[seat])
        runes = state.runes[seat]
        left = dict(need)
        chosen: list[str] = []
        pressure = self._reserve_pressure(state)
        while any(v > 0 for v in left.values()):
            best, best_price = None, None
            for card, count in hand.items():
                if not count:
                    continue
                used = state._card_units(seat, card, left)
                if not used:
                    continue
                price = self.card_value(state, seat, card, pressure) / sum(used.values())
                if best_price is None or price < best_price:
                    best, best_price = card, price
            for index, token in enumerate(TOKENS):
                if tokens[index] and (left.get(token, 0) > 0 or left.get("token", 0) > 0):
                    price = self.token_value(state, seat, token)
                    if best_price is None or price < best_price:
                        best, best_price = token, price
            if left.get("runes", 0) > 0 and runes:
                amount = min(runes, left["runes"])
                price = self.rune_value(state, seat) * amount
                if best_price is None or price < best_price:
                    best, best_price = f"runes {amount}", price
            if best is None:
                break
            chosen.append(best)
            if best in hand:
                hand[best] -= 1
            elif best in TOKENS:
                tokens[TOKENS.index(best)] -= 1
            else:
                runes -= int(best.split(" ")[1])
            left = self._after(state, seat, best, left)
        return chosen

    def _after(self, state: "FellowshipState", seat: int, item: str, need: dict[str, int]) -> dict[str, int]:
        left = dict(need)
        if item.startswith("runes "):
            left["runes"] -= int(item.split(" ")[1])
        elif item in TOKENS:
            key = item if left.get(item, 0) > 0 else "token"
            left[key] -= 1
        else:
            for key, units in state._card_units(seat, item, left).items():
                left[key] -= units
        return left

    def _item_value(self, state: "FellowshipState", seat: int, item: str) -> float:
        if item.startswith("runes "):
            return self.rune_value(state, seat) * int(item.split(" ")[1])
        if item in TOKENS:
            return self.token_value(state, seat, item)
        return self.card_value(state, seat, item)

    def _choose_volunteer(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        _, seats, spaces, fail = state.pending[-1]
        fail_cost = self.effects_cost(state, fail, None)

        def own_cost(s: int) -> float:
            return self.corruption_cost(state, s, spaces) * (1.5 if s == state.bearer else 1.0)

        best = min(seats, key=own_cost)
        return "volunteer" if best == seat and own_cost(seat) < fail_cost else "decline"

    def _choose_choice(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        _, chooser, choices = state.pending[-1]
        costs = [self.effects_cost(state, effects, chooser) for effects in choices]
        return f"choose {costs.index(min(costs)) + 1}"

    def _choose_exchange(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        _, seats, runes, choices = state.pending[-1]
        values = [-self.effects_cost(state, effects, seat) for effects in choices]
        best = max(range(len(values)), key=lambda i: values[i])
        return f"choose {best + 1}" if values[best] > self.rune_value(state, seat) * runes else "decline"

    def _choose_prepare(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        count = state.pending[-1][2]
        return "prepare" if CARD * count > self.die_cost(state, seat) else "decline"

    def _choose_distribute(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        # The card goes to the hobbit holding fewest cards (the safest one on a tie).
        hobbits = state.game.seat_hobbits

        def need(text: str) -> tuple:
            s = hobbits.index(text.split(" ")[-1])
            return (self._cards(state, s), -self.margin(state, s))

        return min(texts, key=need)

    def _choose_council(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        return min(texts, key=lambda t: self.card_value(state, seat, t.split(" ")[1]))

    def _choose_discard(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        return min(texts, key=lambda t: self.card_value(state, seat, t.split(" ")[1]))

    def _choose_miruvor(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        return max(texts, key=lambda t: self.card_value(state, seat, t.split(" ")[1]))

    def _choose_lembas(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        return "done"  # draw up to six: every card kept is worth about a fresh one

    def _choose_fatty(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        return "draw"

    def _choose_arrange(self, state: "FellowshipState", seat: int, texts: list[str]) -> str:
        # Activity tiles first: each ends a turn's reveals before the harmful tiles behind it.
        def harm(text: str) -> tuple:
            tiles = text.split(" ")[1].split(",")
            return tuple(0 if tile in ACTIVITIES else 1 for tile in tiles)

        return min(texts, key=harm)

    # -- small facts --------------------------------------------------------------------------

    def _live(self, state: "FellowshipState") -> list[int]:
        return [s for s in range(state.game.num_players) if not state.out[s]]

    def _runes_seen(self, state: "FellowshipState", seat: int) -> int:
        """Another hobbit's runes, as far as anyone sees them: in the competitive game they lie
        face down, and only their own seat (the one deciding, when it pays) knows them."""
        if state.game.options["competitive"] and seat != self._deciding(state):
            return 99
        return state.runes[seat]

    def _deciding(self, state: "FellowshipState") -> int:
        return state.current_player

    def _cards(self, state: "FellowshipState", seat: int) -> int:
        return sum(state.hands[seat].values())  # a count every seat sees

    def _closest(self, state: "FellowshipState") -> int:
        """The live hobbit nearest Sauron (the Ring-bearer on a tie)."""
        return min(self._live(state), key=lambda s: (self.margin(state, s), s != state.bearer))

    def _missing_kinds(self, state: "FellowshipState", seat: int) -> int:
        kinds = sum(1 for count in state.tokens[seat] if count)
        needed = 2 if state.ability(seat) == "one_token_fewer" else 3
        return max(0, needed - kinds)

    def _who(self, state: "FellowshipState", who: str, subject: int | None) -> list[int]:
        live = self._live(state)
        if who == "active":
            return [state.active] if state.active in live else []
        if who == "ringbearer":
            return [state.bearer] if state.bearer in live else []
        if who == "self":
            return [subject] if subject in live else ([state.active] if state.active in live else [])
        if who == "others":
            return [s for s in live if s != state.active]
        return live
