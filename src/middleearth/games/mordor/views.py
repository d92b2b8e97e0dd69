"""What a seat sees of Journey to Mordor: the observation dict and a plain-text view."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from middleearth.core.contract import CHANCE, TERMINAL

if TYPE_CHECKING:
    from middleearth.games.mordor.state import MordorState

SYMBOL_GLYPHS = {"ring": "Ring", "gandalf": "Gandalf", "fellowship": "Fellowship", "orc": "Orc",
                 "nazgul": "Nazgûl", "tree": "White Tree"}


def observe(state: "MordorState", seat: int | None) -> dict[str, Any]:
    """The whole table (nothing is hidden in this game), as JSON-ready data."""
    parts = state.parts
    game = state.game
    spaces = parts.nazgul_spaces
    mover = state.current_player
    return {
        "game": "mordor",
        "seat": seat,
        "variant": game.options["variant"],
        "to_move": "chance" if mover == CHANCE else "over" if mover == TERMINAL else mover,
        "turn_of": state.seat,
        "final_round": state.final_round,
        "goal": parts.goal,
        "route": list(parts.locations),
        # The feature of each route space (all "none" in the basic game): the back of the sheet.
        "route_features": list(parts.features) if game.locations_variant else ["none"] * len(parts.features),
        "players": [
            {
                "seat": s,
                "hobbit": game.seat_hobbits[s],
                "colour": game.seat_colours[s],
                "ring": sheet.ring,
                "location": parts.locations[sheet.ring],
                "feature": parts.features[sheet.ring] if game.locations_variant else "none",
                "nazgul_route": [{"split": split, "marked": marked}
                                 for split, marked in _route(sheet.splits, sheet.marked, spaces)],
                "unmarked": sheet.unmarked_units(spaces),
                "eliminated": sheet.eliminated(spaces),
                "reached_mordor": sheet.ring >= parts.goal,
            }
            for s, sheet in enumerate(state.sheets)
        ],
        "dice": {
            "in_hand": [parts.dice[d] for d in state.hand],
            "roll": None if state.roll is None else [
                {"colour": parts.dice[d], "face": face} for d, face in zip(state.hand, state.roll)
            ],
            "kept": [{"colour": parts.dice[d], "face": face} for d, face in state.kept],
            "rerolled": state.rerolled,
            "feature": state.feature() if state.winners is None else "none",
        },
        "winners": None if state.winners is None else list(state.winners),
        "log": _log_entries(state),
    }


@lru_cache(maxsize=4096)
def _route(splits: int, marked: int, spaces: int) -> tuple[tuple[bool, int], ...]:
    """A sheet's Nazgûl spaces as (split, marked) pairs: a web hub asks for the same few sheets
    thousands of times a second."""
    from middleearth.games.mordor.state import Sheet

    return tuple((space["split"], space["marked"]) for space in Sheet(0, splits, marked).spaces(spaces))


def _log_entries(state: "MordorState") -> list[dict[str, Any]]:
    """The log as dicts. The events only ever grow, so the entries built for an earlier view of
    this game (kept on the state, and shared by its clones) are reused and only the new events
    are turned into entries. The entries are shared between views: treat them as read-only."""
    events = state.events
    seen, entries = state.__dict__.get("_log_view", ((), []))
    if events is not seen:
        done = len(seen)
        if len(events) >= done and events[:done] == seen:
            entries = entries + [{"action": number, "text": text} for number, text in events[done:]]
        else:
            entries = [{"action": number, "text": text} for number, text in events]
        state.__dict__["_log_view"] = (events, entries)
    return list(entries)


def plain_text(state: "MordorState", seat: int | None = None) -> str:
    """A compact text picture of the table, for logs, tests and terminals without colour."""
    parts = state.parts
    game = state.game
    spaces = parts.nazgul_spaces
    lines = []
    for s, sheet in enumerate(state.sheets):
        track = "".join("x" if i < sheet.ring else ("@" if i == sheet.ring else ".")
                        for i in range(parts.goal + 1))
        nazgul = []
        for split, marked in _route(sheet.splits, sheet.marked, spaces):
            if split:
                nazgul.append("[" + "x" * marked + "." * (2 - marked) + "]")
            else:
                nazgul.append("[x]" if marked else "[ ]")
        status = " ELIMINATED" if sheet.eliminated(spaces) else (" IN MORDOR" if sheet.ring >= parts.goal else "")
        marker = ">" if s == state.seat and state.winners is None else " "
        lines.append(f"{marker} {game.seat_names()[s]:<8} ring {track} {parts.locations[sheet.ring]}{status}")
        lines.append(f"  {'':<8} nazgul {''.join(nazgul)}")
    if state.winners is not None:
        lines.append("Game over: " + (", ".join(game.seat_names()[w] for w in state.winners) + " won"
                                      if state.winners else "everyone lost"))
        return "\n".join(lines)
    feature = state.feature()
    if feature != "none":
        lines.append(f"Location feature: {feature.replace('_', ' ')}")
    if state.kept:
        lines.append("Set aside: " + ", ".join(f"{parts.dice[d]} {SYMBOL_GLYPHS[f]}" for d, f in state.kept))
    if state.roll is not None:
        lines.append("Rolled: " + ", ".join(f"{parts.dice[d]} {SYMBOL_GLYPHS[f]}"
                                            for d, f in zip(state.hand, state.roll)))
    else:
        lines.append(f"{game.seat_names()[state.seat]} rolls {len(state.hand)} dice")
    return "\n".join(lines)
