"""The one interface between the app's half of Journeys in Middle-earth and the table's half.

In the box, the app runs the world (map, tokens, enemies, threat, story) and the players run the
heroes (skill decks, items, damage and fear). The app asks ("test wisdom", "suffer 2 damage, might
negates", "gain 1 inspiration") and the players answer with what their cards say ("2 successes",
"4 hits"). Here both halves are mixins of one ``JourneysState``, and each reaches the other only
through the methods below, so a real table, where players type in their successes, can replace
the simulated one without touching the world. tests/games/journeys/test_interface.py checks that
no half calls anything else of the other.

Both halves share ``state.py``: the task stack, the log (``_say``), and lookups of the game's data
(``_map``, ``_token``, ``_interaction``, ``_enemy``, ``_elite``, ``_item``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class TableSide(Protocol):
    """What the world asks of the heroes (``heroes.py``, ``abilities.py``, ``attacks.py``, ``wounds.py``).

    The world may read ``heroes[i]`` for ``name``, ``at`` (the space of the hero's figure) and
    ``defeated``, and nothing else of a hero.
    """

    heroes: list[dict[str, Any]]

    def _place_heroes(self, space: tuple[int, int]) -> None:
        """Setup: every hero's figure goes to ``space``."""

    def _refresh_heroes(self) -> None:
        """A new round: every standing hero may take a turn again."""

    def _standing(self) -> list[int]:
        """The seats of the heroes not defeated."""

    def _leader(self) -> int:
        """The seat that speaks for the party in its shared choices."""

    def _hero_name(self, seat: int | None) -> str:
        """The hero's name, or "the party" for None."""

    def _test(self, seat: int, stat: str, purpose: dict[str, Any]) -> None:
        """The hero tests ``stat``; the successes come back to the purpose's owner:
        ``_interaction_test`` for ``{"kind": "interaction"}``."""

    def _harm(self, seat: int, damage: int, fear: int, negate: str | None, from_enemy: bool = False,
              facedown: bool | tuple[str, ...] = False) -> None:
        """Damage and fear the hero may negate with a test of ``negate`` (None: no test); what is
        left of the kinds in ``facedown`` is suffered facedown (as ``_suffer``)."""

    def _suffer(self, seat: int, damage: int, fear: int, facedown: bool | tuple[str, ...] = False) -> None:
        """Damage and fear that cannot be negated; ``facedown`` (True, or the kinds, e.g. ``("damage",)``
        in mist) places those cards facedown, unread."""

    def _discard_wounds(self, seat: int, count: int, kinds: tuple[str, ...] = ("damage", "fear"),
                        facedown_only: bool = False) -> None:
        """The hero discards up to ``count`` damage or fear cards of ``kinds``: each a faceup card of
        their choice or a random facedown one (only facedown ones when ``facedown_only``)."""

    def _flip_wounds(self, seat: int, kind: str, count: int) -> None:
        """``count`` of the hero's facedown cards of ``kind``, at random, turn faceup and resolve."""

    def _inspire(self, seat: int, amount: int) -> None:
        """Inspiration gained (or lost, when negative), within the hero's limit."""

    def _end_turn_now(self, seat: int) -> None:
        """The hero's turn ends at once (a stream crossed in the action phase)."""

    def _give_item(self, seat: int, name: str) -> None:
        """A reward: an item of the table (``_item(name)`` finds it) goes to the hero."""

    def _gain_boon(self, seat: int, name: str) -> None:
        """The hero gains a boon (hidden, emboldened, determined), unless they hold one already."""

    def _avoids_attack(self, seat: int) -> bool:
        """An enemy attack would target the hero: True when the hero is hidden, discards the boon
        and the attack does not happen (ask before the attack is chosen)."""


class WorldSide(Protocol):
    """What the heroes report to the world, or ask of it (``world.py``, ``enemies.py``)."""

    def _hero_entered(self, seat: int, space: tuple[int, int], came_from: tuple[int, int] | None = None) -> None:
        """The hero's figure arrived in ``space`` from ``came_from`` (the world explores a new tile;
        a stream crossed ends the turn; a pit asks for a test)."""

    def _turn_ended(self, seat: int) -> None:
        """The hero's turn in the action phase is ending (a bush offers a wit test)."""

    def _damage_facedown(self, seat: int) -> bool:
        """Whether damage the hero suffers now lands facedown (mist in their space)."""

    def _free_conversions(self, task: dict[str, Any]) -> int:
        """Fate icons the hero's test may convert without inspiration (a boulder: one, when
        negating in its space)."""

    def _mist_shrouds(self, group_id: str) -> bool:
        """Whether a hero attacking this group may not convert fate (mist in its space)."""

    def _interactable(self, space: tuple[int, int]) -> list[str]:
        """The tokens a hero standing in ``space`` may interact with."""

    def _interact(self, seat: int, token: str) -> bool:
        """The hero interacts with ``token``: the world runs its interaction. True when the
        interaction provokes the enemies in the hero's space (terrain does not)."""

    def _interaction_test(self, interaction_id: str, seat: int, token: str | None, successes: int) -> None:
        """The successes of a test the world asked for."""

    def _provoke(self, seat: int) -> None:
        """The hero leaves or interacts in their space: readied enemies there attack first."""

    def _groups_within(self, space: tuple[int, int], reach: int) -> list[str]:
        """The enemy groups a hero in ``space`` can attack, up to ``reach`` spaces away."""

    def _terrain_here(self, space: tuple[int, int] | None, terrain: str) -> str | None:
        """The terrain token of that kind lying in ``space``, or None (a fire pit under an attack)."""

    def _group_space(self, group_id: str) -> tuple[int, int] | None:
        """Where the group stands, or None once defeated."""

    def _hits_landed(self, seat: int, group_id: str, hits: int, modifiers: Sequence[str] = ()) -> None:
        """The hits and modifiers (pierce, smite, sunder, cleave, lethal, stun) of the hero's
        attack, as the players would type them into the app; the group may counterattack."""

    def _apply_outside_attack(self, group_id: str, hits: int, modifiers: Sequence[str] = ()) -> None:
        """Hits and modifiers an effect "applies" outside an attack: never a counterattack."""
