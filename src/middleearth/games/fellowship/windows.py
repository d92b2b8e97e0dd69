"""Windows: the out-of-turn plays (the Ring, Gandalf, the Legendary Story cards).

At each moment every seat that could act is asked in turn from the active player, act or
``pass``; acting reopens the window for everyone, so nothing is decided behind a player's back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from middleearth.games.fellowship.state import FellowshipState

    Base = FellowshipState
else:
    Base = object

# Moments where the "at any time" plays (Miruvor, Elessar, Lembas, Healing, Persistence) are
# offered: between the steps of a turn, before each event and each Safe Haven action.
ANYTIME = ("tile", "after", "before_reveal", "event", "haven", "conflict_end")


class Windows(Base):
    """The out-of-turn rules, mixed into :class:`FellowshipState`."""

    # -- windows: the out-of-turn plays ------------------------------------------------------------

    def _window_seats(self) -> tuple[int, ...]:
        return tuple(self._clockwise_from(self.active))

    def _window_options(self, moment: str, seat: int) -> list[str]:
        """What ``seat`` may do out of turn at ``moment`` (without "pass")."""
        if self.out[seat]:
            return []
        options: list[str] = []
        hobbits = self.game.seat_hobbits
        if moment in ("tile", "after") and seat == self.bearer and not self.ring_used and self.in_conflict() \
                and not self.conflict_over and self._open_tracks():
            options.append("ring")
        if self.gandalf and self.runes[seat] >= self.game.components.gandalf_cost and \
                self._gandalf_options(moment):
            options.append("call gandalf")
        cards = self.game.components.cards
        for card_id in sorted(self.hands[seat]):
            ability = cards[card_id].ability
            if ability is None or ability == "gollum":
                continue
            for use in self._story_uses(ability, moment):
                options.append(f"use {card_id}{use}")
        return options

    def _story_uses(self, ability: str, moment: str) -> list[str]:
        hobbits = self.game.seat_hobbits
        live = self._in_play()
        anytime = moment in ANYTIME
        if ability == "miruvor" and anytime:
            return [f" {hobbits[a]} {hobbits[b]}" for a in live for b in live if a != b and self.hands[a]]
        if ability == "elessar" and anytime:
            return [f" {hobbits[s]}" for s in live if self.corruption[s] > 0]
        if ability == "lembas" and anytime:
            return [f" {hobbits[s]}" for s in live]
        if ability == "mithril" and moment == "after_roll" and "face" in self.roll_state:
            return [""]
        if ability == "belt" and moment == "before_roll" and not self.roll_state.get("ring"):
            return [""]
        if ability == "staff" and moment == "tile" and self.tile in ("out_of_options", "losing_ground"):
            return [""]
        if ability == "phial" and moment == "before_reveal":
            return [""]
        if ability == "athelas" and moment in ("conflict_end", "tokens"):
            return [f" {hobbits[s]}" for s in live if s not in self.protected]
        return []

    def _do_window(self, task: tuple, words: list[str]) -> None:
        _, moment, seats = task
        seat = seats[0]
        if words[0] == "pass":
            if seats[1:]:
                self.pending.append(("window", moment, seats[1:]))
            return
        reopen = ("window", moment, self._window_seats())
        hobbits = self.game.seat_hobbits
        if words[0] == "ring":
            self.ring_used = True
            self._push(("roll", seat, True), reopen)
            return
        if words == ["call", "gandalf"]:
            self.runes[seat] -= self.game.components.gandalf_cost
            self._push(("gandalf_choose", moment), reopen)
            return
        card, ability = words[1], self.game.components.cards[words[1]].ability
        self._take_from_hand(seat, card)
        self.discard[card] += 1
        targets = [hobbits.index(w) for w in words[2:]]
        tasks: list[tuple] = []
        if ability == "miruvor":
            tasks.append(("miruvor", targets[0], targets[1]))
        elif ability == "elessar":
            tasks.append(("purity", targets[0]))
        elif ability == "lembas":
            tasks.append(("lembas", targets[0]))
        elif ability == "mithril":
            self.roll_state["ignored"] = True
        elif ability == "belt":
            self.roll_state["cancelled"] = True
        elif ability == "staff":
            self.flags.add("staff")
        elif ability == "phial":
            self.turn_over_reveals()
        elif ability == "athelas":
            self.protected.add(targets[0])
        if moment in ("before_roll", "after_roll") and ability in ("belt", "mithril"):
            self._push(*tasks)  # one card settles this roll; the window closes
            return
        if ability == "phial":
            self._push(*tasks)
            return
        self._push(*tasks, reopen)

    def turn_over_reveals(self) -> None:
        """Phial of Galadriel: no more Story tiles this turn; straight to playing cards."""
        while self.pending and self.pending[-1][0] in ("reveal_tile", "resolve_tile"):
            self.pending.pop()

    # -- Gandalf ---------------------------------------------------------------------------------

    def _gandalf_options(self, moment: str) -> list[str]:
        hobbits = self.game.seat_hobbits
        live = self._in_play()
        options: list[str] = []
        for card in self.gandalf:
            if card == "healing" and moment in ANYTIME:
                options += [f"gandalf healing {hobbits[s]}" for s in live if self.corruption[s] > 0]
            elif card == "persistence" and moment in ANYTIME:
                options += [f"gandalf persistence {hobbits[s]}" for s in live]
            elif card == "guidance" and moment in ("tile", "after") and self.in_conflict() \
                    and not self.conflict_over:
                options += [f"gandalf guidance {a}" for a in self._open_tracks()]
            elif card == "foresight" and moment == "before_reveal" and self.story and not self.story_top:
                options.append("gandalf foresight")
            elif card == "magic" and moment == "event":
                last = self.event == len(self.conflict.events)
                if not (last and self.conflict.finale):
                    options.append("gandalf magic")
        return options

    def _do_gandalf_choose(self, task: tuple, words: list[str]) -> None:
        card = words[1]
        self.gandalf.remove(card)
        hobbits = self.game.seat_hobbits
        if card == "healing":
            seat = hobbits.index(words[2])
            self._push(("purity", seat), ("purity", seat))
        elif card == "persistence":
            self._push(*[("deal", hobbits.index(words[2]))] * 4)
        elif card == "guidance":
            self._push(("advance", words[2], 2, False))
        elif card == "foresight":
            count = min(3, sum(self.story.values()))
            self._push(*[("reveal_tile", self.active)] * count, ("arrange", self.active))
        elif card == "magic":
            self.flags.add("magic")
