"""What each seat sees: the observation (JSON-ready) and its plain-text rendering.

A seat sees its own hand and what it was shown; of the other hands only how many cards they
hold (and the cards it knows are there: passed by it, or taken face up). In the competitive game
the runes lie face down, so a seat sees only its own total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from middleearth.games.fellowship.components import TOKENS

if TYPE_CHECKING:
    from middleearth.games.fellowship.state import FellowshipState

LOCATION_NAMES = {
    "bag_end": "Bag End", "rivendell": "Rivendell", "moria": "Moria", "lothlorien": "Lothlórien",
    "helms_deep": "Helm's Deep", "shelobs_lair": "Shelob's Lair", "mordor": "Mordor",
}


def _hand(counter) -> list[str]:
    return sorted(counter.elements())


def observe(state: "FellowshipState", seat: int | None) -> dict[str, Any]:
    game = state.game
    hobbits = game.seat_hobbits
    competitive = game.options["competitive"]
    conflict = state.conflict
    players = []
    for s, hobbit in enumerate(hobbits):
        player: dict[str, Any] = {
            "hobbit": hobbit,
            "ability": game.seat_abilities[s],
            "corruption": state.corruption[s],
            "eliminated": state.out[s],
            "cards": sum(state.hands[s].values()),
            "tokens": dict(zip(TOKENS, state.tokens[s])),
            "runes": state.runes[s] if (not competitive or s == seat) else None,
        }
        if seat is not None and s != seat and state.known[seat][s]:
            player["known_cards"] = _hand(state.known[seat][s])
        players.append(player)
    current = state.current_player
    view: dict[str, Any] = {
        "seat": seat,
        "location": state.location_id,
        "location_name": LOCATION_NAMES[state.location_id],
        "sauron": state.sauron,
        "corruption_spaces": game.components.corruption_spaces,
        "ring_bearer": hobbits[state.bearer] if state.bearer is not None else None,
        "ring_used": state.ring_used,
        "active": hobbits[state.active],
        "to_move": hobbits[current] if current >= 0 else None,
        "deciding": state.describe_decision(),
        "players": players,
        "conflict": {
            "id": conflict.id,
            "name": conflict.name,
            "main": conflict.main,
            "tracks": [
                {"activity": t.activity, "position": state.positions[t.activity], "length": t.length,
                 "rewards": ["+".join(r) or "-" for r in t.rewards], "scores": list(t.scores),
                 "milestones": list(t.milestones)}
                for t in conflict.tracks
            ],
            "event": state.event,
            "events": [e.name for e in conflict.events],
            "story_tiles_left": sum(state.story.values()),
        },
        "tile": state.tile,
        "score": state.returns()[seat if seat is not None else 0],
        "deck": sum(state.deck.values()),
        "discard": _hand(state.discard),
        "removed": _hand(state.boxed),
        "waiting": {loc: list(cards) for loc, cards in state.waiting.items() if cards},
        "gandalf": list(state.gandalf),
        "gold_runes_left": len(state.gold),
        "life_tokens_left": dict(zip(TOKENS, state.supply)),
        "offered": [{"hobbit": hobbits[s], "item": item} for s, item in state.pledges],
        "revealed": list(state.revealed),
        "played_colours": list(state.played),
        "choices": _choices(state),
        "last_event": state.last_event,
        "outcome": state.outcome,
    }
    if seat is not None:
        view["hand"] = _hand(state.hands[seat])
        if seat in state.in_transit:
            view["passing"] = state.in_transit[seat]
        if state.story_top and state.story_seer == seat:
            view["story_top"] = list(state.story_top)
    return view


def _choices(state: "FellowshipState") -> list[str]:
    """The words behind ``choose N`` at a choice or an exchange (N counts from 1)."""
    if state.outcome is not None or not state.pending:
        return []
    task = state.pending[-1]
    if task[0] == "choice":
        return [_effect_words(choice[0]) for choice in task[2]]
    if task[0] == "exchange":
        return [f"spend {task[2]} runes: {_effect_words(choice[0])}" for choice in task[3]]
    return []


def _effect_words(effect: tuple) -> str:
    kind = effect[0]
    who = {"self": "you", "active": "the active player", "ringbearer": "the Ring-bearer", "each": "each player",
           "others": "the others"}
    if kind == "sauron":
        return f"Sauron moves {effect[1]} toward the hobbits"
    if kind == "roll":
        times = "" if effect[2] == 1 else f" {effect[2]} times"
        return f"{who[effect[1]]} rolls the Threat die{times}"
    if kind == "draw":
        return f"{who[effect[1]]} draws {effect[2]} Quest cards"
    if kind == "purity":
        return f"{who[effect[1]]} moves one space away from Sauron"
    return " ".join(str(part) for part in effect)


def plain_text(state: "FellowshipState", seat: int | None) -> str:
    """A compact terminal view of ``observe(state, seat)``."""
    view = observe(state, seat)
    lines = [f"{view['location_name']} - Sauron on {view['sauron']} of {view['corruption_spaces']}; "
             f"Ring-bearer: {view['ring_bearer'] or 'none (the Ring is on Mount Doom)'}"
             f"{' (Ring used)' if view['ring_used'] else ''}; score so far {view['score']:g}"]
    track = ["."] * (view["corruption_spaces"] + 1)
    track[min(view["sauron"], len(track) - 1)] = "S"
    for player in view["players"]:
        if not player["eliminated"]:
            position = player["corruption"]
            track[position] = player["hobbit"][0] if track[position] in ".S" else "*"
    lines.append("corruption  " + " ".join(track))
    for player in view["players"]:
        tokens = " ".join(f"{k}:{v}" for k, v in player["tokens"].items() if v) or "no tokens"
        runes = "?" if player["runes"] is None else player["runes"]
        status = "ELIMINATED" if player["eliminated"] else f"{player['cards']} cards"
        known = f" (you know: {', '.join(player['known_cards'])})" if player.get("known_cards") else ""
        lines.append(f"  {player['hobbit']:<7} corruption {player['corruption']:>2}  {status:<10} runes {runes:<3} "
                     f"{tokens}{known}")
    conflict = view["conflict"]
    if view["location"] in LOCATION_NAMES and conflict:
        lines.append(f"{conflict['name']}: event {conflict['event']} of {len(conflict['events'])}"
                     f"{' (' + conflict['events'][conflict['event'] - 1] + ')' if conflict['event'] else ''}, "
                     f"{conflict['story_tiles_left']} story tiles left")
        for t in conflict["tracks"]:
            main = " (main)" if t["activity"] == conflict["main"] else ""
            bar = "".join("#" if i < t["position"] else "-" for i in range(t["length"]))
            lines.append(f"  {t['activity']:<10} {bar} {t['position']}/{t['length']}{main}")
    if view["tile"]:
        lines.append(f"Story tile: {view['tile'].replace('_', ' ')}")
    if view["offered"]:
        lines.append("Offered: " + ", ".join(f"{o['hobbit']} {o['item']}" for o in view["offered"]))
    for number, words in enumerate(view["choices"], 1):
        lines.append(f"  choose {number}: {words}")
    if view["revealed"]:
        lines.append("Face up: " + ", ".join(view["revealed"]))
    if "hand" in view:
        lines.append("Your hand: " + (", ".join(view["hand"]) or "empty"))
    if view.get("story_top"):
        lines.append("Top story tiles (you arranged them): " + ", ".join(view["story_top"]))
    if view["outcome"]:
        lines.append(f"Game over: {OUTCOMES.get(view['outcome'], view['outcome'])}.")
    else:
        lines.append(view["deciding"])
    return "\n".join(lines)


OUTCOMES = {
    "destroyed": "the Ring is destroyed",
    "doom": "every hobbit fell on Mount Doom before the Ring was destroyed",
    "ring_is_mine": "the Ring is Mine! Sauron has it",
    "bearer_lost": "the Ring-bearer is lost",
    "all_lost": "every hobbit is lost",
    "traitor": "the Ring-bearer has joined Sauron",
}
