"""Costs: cards, symbols, Life tokens and runes given to an event or a Story tile.

Items are offered one by one (``give gimli``, ``give heart``, ``give runes 2``, ``done``) and lie
face up; a cost met discards them, a cost failed gives them back (everyone has seen them). A
"group" cost takes from every seat in turn, a "one player" cost from one seat alone (the next seat
starts afresh), an "each player" cost asks every seat for its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from middleearth.games.fellowship.components import ACTIVITIES, TOKENS, Card, Step

if TYPE_CHECKING:
    from middleearth.games.fellowship.state import FellowshipState

    Base = FellowshipState
else:
    Base = object


class Costs(Base):
    """The cost rules, mixed into :class:`FellowshipState`."""

    # -- costs: cards, tokens and runes given to an event ------------------------------------------

    def _cost_tasks(self, step: Step, origin: str) -> list[tuple]:
        seats = tuple(self._clockwise_from(self.active))
        if step.scope == "each":
            tasks: list[tuple] = []
            if any(need in TOKENS for need, _ in step.need):
                tasks.append(("window", "tokens", self._window_seats()))
            for seat in seats:
                tasks.append(("cost", step, (seat,), step.need, "each", seat))
            return tasks
        return [("cost", step, seats, step.need, step.scope, None)]

    def _cost_ready(self, task: tuple) -> bool:
        _, step, seats, need_items, scope, _ = task
        need = dict(need_items)
        if not any(need.values()):
            self.pending.pop()
            self._cost_paid(task)
            return False
        if scope == "each" and seats and seats[0] in self.protected and any(n in TOKENS for n in need):
            self.pending.pop()
            self._return_pledges()
            return False
        # A seat stays in the queue while it could still give (for "one player" costs: once the
        # seats before it have taken their cards back) or has cards on offer.
        live = tuple(s for s in seats if not self.out[s] and (self._give_options(task, s, waiting=s != seats[0])
                                                               or any(p[0] == s for p in self.pledges)))
        if not live:
            self.pending.pop()
            self._cost_failed(task)
            return False
        if live != seats:
            self.pending[-1] = (task[0], step, live, need_items, scope, task[5])
        return True

    def _card_units(self, seat: int, card_id: str, need: dict[str, int]) -> dict[str, int]:
        """What giving ``card_id`` would cover of ``need``: symbols to the symbols needed, stars
        first to a need for stars, then to any symbol still needed (a discarded card's stars may
        stand for different symbols)."""
        card: Card = self.game.components.cards[card_id]
        left = dict(need)
        used: dict[str, int] = {}

        def take(key: str) -> bool:
            if left.get(key, 0) > 0:
                left[key] -= 1
                used[key] = used.get(key, 0) + 1
                return True
            return False

        if f"card:{card_id}" in left:
            take(f"card:{card_id}")
            return used
        flexible = card.quest and card.colour == "brown" and self.ability(seat) == "brown_as_wild"
        for symbol in card.symbols:
            if symbol == "wild" or flexible:
                if (symbol != "wild" and take(symbol)) or take("wild"):
                    continue
                for activity in ACTIVITIES:
                    if take(activity):
                        break
            else:
                take(symbol)
        if not used:
            take("cards")
        return used

    def _give_options(self, task: tuple, seat: int | None = None, waiting: bool = False) -> list[str]:
        _, step, seats, need_items, scope, _ = task
        need = dict(need_items)
        seat = seats[0] if seat is None else seat
        if scope == "one" and any(p[0] != seat for p in self.pledges):
            if not waiting:
                return []
            need = dict(step.need)
        options = []
        for card in sorted(self.hands[seat]):
            if self._card_units(seat, card, need):
                options.append(f"give {card}")
        for index, token in enumerate(TOKENS):
            if self.tokens[seat][index] and (need.get(token, 0) > 0 or need.get("token", 0) > 0):
                options.append(f"give {token}")
        if need.get("runes", 0) > 0 and self.runes[seat]:
            for amount in range(1, min(self.runes[seat], need["runes"]) + 1):
                options.append(f"give runes {amount}")
        if "guidance" in self.gandalf and self.runes[seat] >= self.game.components.gandalf_cost \
                and self._star_units(need, 2):
            options.append("call gandalf")  # Guidance, as a discarded card with two stars
        return options

    def _star_units(self, need: dict[str, int], stars: int) -> dict[str, int]:
        left, used = dict(need), {}
        for _ in range(stars):
            for key in ("wild", *ACTIVITIES):
                if left.get(key, 0) > 0:
                    left[key] -= 1
                    used[key] = used.get(key, 0) + 1
                    break
        return used

    def _do_cost(self, task: tuple, words: list[str]) -> None:
        _, step, seats, need_items, scope, subject = task
        seat = seats[0]
        if words[0] == "done":
            if scope in ("one", "each"):
                self._return_pledges()
                if scope == "each":
                    self._cost_failed(task)
                    return
            rest = seats[1:]
            if rest:  # the next seat starts afresh when one player must pay it all
                self.pending.append(("cost", step, rest, step.need if scope == "one" else need_items, scope, subject))
            else:
                self._return_pledges()
                self._cost_failed(task)
            return
        need = dict(need_items)
        if words[0] == "call":
            self.runes[seat] -= self.game.components.gandalf_cost
            self.gandalf.remove("guidance")
            for key, units in self._star_units(need, 2).items():
                need[key] -= units
            self.pledges.append((seat, "gandalf guidance"))
        elif words[1] == "runes":
            amount = int(words[2])
            self.runes[seat] -= amount
            need["runes"] -= amount
            self.pledges.append((seat, f"runes {amount}"))
        elif words[1] in TOKENS:
            index = TOKENS.index(words[1])
            self.tokens[seat][index] -= 1
            key = words[1] if need.get(words[1], 0) > 0 else "token"
            need[key] -= 1
            self.pledges.append((seat, words[1]))
        else:
            card = words[1]
            for key, units in self._card_units(seat, card, need).items():
                need[key] -= units
            self._take_from_hand(seat, card)
            self.pledges.append((seat, card))
        self.pending.append(("cost", step, seats, tuple(sorted(need.items())), scope, subject))

    def _return_pledges(self) -> None:
        for seat, item in self.pledges:
            if item == "gandalf guidance":  # the call is taken back with the rest
                self.runes[seat] += self.game.components.gandalf_cost
                order = self.game.components.gandalf_cards
                self.gandalf = [c for c in order if c in self.gandalf or c == "guidance"]
            elif item.startswith("runes "):
                self.runes[seat] += int(item.split()[1])
            elif item in TOKENS:
                self.tokens[seat][TOKENS.index(item)] += 1
            else:
                self.hands[seat][item] += 1
                for row in self.known:  # shown face up, then taken back: everyone saw it
                    row[seat][item] += 1
        self.pledges = []

    def _cost_paid(self, task: tuple) -> None:
        _, step, seats, need, scope, subject = task
        rolls: list[tuple] = []
        for seat, item in self.pledges:
            if item.startswith("runes ") or item == "gandalf guidance":
                continue
            if item in TOKENS:
                self.supply[TOKENS.index(item)] += 1
                continue
            self.discard[item] += 1
            units = self._card_units(seat, item, dict(step.need))
            if self.game.components.cards[item].ability == "gollum" and set(units) - {"cards"}:
                rolls.append(("roll", seat, False))
        self.pledges = []
        self._push(*rolls, ("effects", step.success, subject))

    def _cost_failed(self, task: tuple) -> None:
        _, step, seats, need, scope, subject = task
        self._return_pledges()
        self._push(("effects", step.fail, subject))
