"""What each seat sees: everything on the table is public (decks hold no order to hide), so every
seat and the spectator see the same observation, with ``seat`` naming who looks."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from middleearth.core.contract import CHANCE, TERMINAL
from middleearth.games.journeys.hexmap import DIRECTIONS, HexMap

if TYPE_CHECKING:
    from middleearth.games.journeys.state import JourneysState


def observe(state: "JourneysState", seat: int | None) -> dict[str, Any]:
    game = state.game
    adventure = game.adventure
    names = game.seat_names()
    mover = state.current_player
    objective = adventure.objective[state.objective] if state.objective < len(adventure.objective) else None
    return {
        "seat": seat,
        "adventure": adventure.adventure.title,
        "round": state.round,
        "phase": state.phase,
        "to_move": names[mover] if mover >= 0 else ("chance" if mover == CHANCE else None),
        "waiting_for": state.stack[-1]["t"] if state.stack else ("turn" if state.turn is not None else "order"),
        "wanted": _wanted(state),
        "threat": state.threat,
        "damage_deck": state._deck_left("damage"),
        "fear_deck": state._deck_left("fear"),
        "threat_max": adventure.adventure.threat_max,
        "objective": objective.text if objective else None,
        "heroes": [
            {"name": h["name"], "space": list(h["at"]) if h["at"] else None, "inspiration": h["inspiration"],
             "damage": h["damage"], "fear": h["fear"], "faceup": list(h["faceup"]),
             "facedown": dict(h["facedown"]),
             "prepared": list(h["prepared"]), "items": list(h["items"]),
             "deck": sum(h["deck"].values()), "discard": sum(h["discard"].values()), "defeated": h["defeated"],
             "turn_taken": h["done"], "boons": list(h["boons"]), "trinket_tokens": dict(h["depletion"])}
            for h in state.heroes
        ],
        "turn": names[state.turn] if state.turn is not None else None,
        "actions_left": state.actions_left,
        "moves_left": state.moves,
        "tiles": [{"tile": t, "position": list(p), "rotation": r, "explored": t not in state.unexplored}
                  for t, p, r in state.placements],
        "tokens": [{"id": t, "space": list(at)} for t, at in state.tokens.items()],
        "enemies_waiting": list(state.held_back),
        "terrain": [{"id": t.id, "terrain": t.terrain, "space": list(state.tokens[t.id]), "toward": t.toward}
                    for t in adventure.terrain if t.id in state.tokens],
        "enemies": [{"id": g, "enemy": v["enemy"], "space": list(v["at"]), "figures": v["figures"],
                     "wounds": v["wounds"], "elite": list(v["elite"]), "exhausted": v["exhausted"],
                     "banner": v.get("banner"), "wounds_by_figure": list(v.get("wounds_by_figure", []))}
                    for g, v in state.groups.items()],
        "test": _test(state),
        "attack": _attack(state),
        "ability_window": state.stack[-1]["when"] if state.stack and state.stack[-1]["t"] == "window" else None,
        "variables": dict(state.variables),
        "lore": state.lore,
        "xp": state.xp,
        "rewards": list(state.rewards),
        "log": list(state.log),
        "result": state.result,
        "over": mover == TERMINAL,
        **_table_view(state),
    }


def _table_view(state: "JourneysState") -> dict[str, Any]:
    """What a drawn view needs beside the state, all of it public: every placed space (its hex, its
    tile, a printed darkness icon, the black borders figures cannot cross), each token's kind, each
    hero's printed board, each enemy group's menu and the threat bar's thresholds."""
    game = state.game
    hexmap = state._map()
    kinds = {t.id: t.kind for t in game.adventure.token}
    boards = {}
    for name in game.heroes:
        stats = game.table.hero(name).stats
        boards[name] = {"stats": {s: stats.stat(s) for s in ("might", "agility", "wisdom", "spirit", "wit")},
                        "limits": {"damage": stats.damage_limit, "fear": stats.fear_limit,
                                   "inspiration": stats.inspiration_limit},
                        "ability": game.table.hero(name).ability.text}
    menus = {}
    for group_id, group in state.groups.items():
        enemy, bonuses = state._enemy(group["enemy"]), [state._elite(b) for b in group["elite"]]
        menus[group_id] = {"enemy": enemy.name, "ranged": enemy.ranged, "move": enemy.move,
                           **{k: getattr(enemy, k) + sum(getattr(b, k) for b in bonuses)
                              for k in ("health", "armor", "sorcery")}}
    return {
        "spaces": [{**space, "at": list(space["at"]), "black": list(space["black"])} for space in _spaces(hexmap)],
        "tile_names": {t: game.tiles[t].name for t, _, _ in state.placements},
        "token_kinds": {t: kinds.get(t, "terrain") for t in state.tokens},
        # Each terrain kind on the map, named and summed up by the data (terrain.toml).
        "terrain_kinds": {record.terrain: {"name": kind.name, "summary": kind.summary}
                          for record in game.adventure.terrain if record.id in state.tokens
                          for kind in [state._terrain_rules(record.id)]},
        "hero_boards": boards,
        "enemy_menus": menus,
        "threat_events": [{"at": e.at, "text": " ".join(x.text for x in e.effects if x.text)}
                          for e in game.adventure.threat],
        "asked": _asked(state),
        "end_reason": state.end_reason or None,
    }


@lru_cache(maxsize=256)
def _spaces(hexmap: HexMap) -> tuple[dict[str, Any], ...]:
    """The placed spaces as a view draws them; a map never changes, so each is worked out once."""
    return tuple({"at": (at.q, at.r), "tile": space.tile, "darkness": space.darkness,
                  "exploration_box": space.exploration_box,
                  "black": tuple(d for d in DIRECTIONS if hexmap.border(at, d) == "black")}
                 for at, space in hexmap.spaces.items())


def _wanted(state: "JourneysState") -> str | None:
    """What the seat to move must decide, in the words the engine's refusals use (None: chance)."""
    if state.current_player < 0:
        return None
    if state.stack:
        return "choose " + getattr(state, f"_want_{state.stack[-1]['t']}", state.stack[-1]["t"])
    if state.turn is not None:
        return "take an action or end the turn"
    return "pick which hero takes the next turn (hero NAME)"


def _asked(state: "JourneysState") -> dict[str, Any] | None:
    """What a party's decision is about, so a view can label its choices: the options of a story
    decision, the enemy group whose step is chosen, the damage and fear a negation splits."""
    task = state.stack[-1] if state.stack else None
    if task is None:
        return None
    if task["t"] == "choice":
        interaction = state._interaction(task["interaction"])
        return {"kind": "choice", "text": interaction.text, "options": [o.label for o in interaction.options]}
    if task["t"] == "step":
        return {"kind": "step", "group": task["group"], "space": list(task["at"])}
    if task["t"] == "split":
        return {"kind": "split", "damage": task["damage"], "fear": task["fear"], "successes": task["successes"]}
    if task["t"] == "stat":
        return {"kind": "stat", "stats": list(task["stats"])}
    return None


def _test(state: "JourneysState") -> dict[str, Any] | None:
    task = state.stack[-1] if state.stack else None
    if task is None or task["t"] not in ("test", "scout"):
        return None
    return {"hero": state.heroes[task["hero"]]["name"], "stat": task.get("stat", "scout"),
            "revealed": list(task["revealed"]), "successes": task.get("success", 0), "fate": task.get("fate", 0),
            "to_reveal": task["reveals"]}


def _attack(state: "JourneysState") -> dict[str, Any] | None:
    """An attack whose successes are being spent: what is left, and what was bought."""
    task = state.stack[-1] if state.stack else None
    if task is None or task["t"] != "spend":
        return None
    return {"hero": state.heroes[task["hero"]]["name"], "group": task["group"], "items": list(task["items"]),
            "successes_left": task["left"], "bought": [f"{name} {number}" for name, number in task["bought"]],
            "added_hits": task["added_hits"], "added_modifiers": list(task["added_modifiers"])}


def plain_text(state: "JourneysState", seat: int | None) -> str:
    view = observe(state, seat)
    lines = [f"{view['adventure']}, round {view['round']} ({view['phase']} phase); threat "
             f"{view['threat']}/{view['threat_max']}; objective: {view['objective'] or '-'}"]
    for h in view["heroes"]:
        faceup = f" ({', '.join(h['faceup'])})" if h["faceup"] else ""
        hidden = h["facedown"]
        facedown = f" facedown {hidden['damage']}/{hidden['fear']}" if any(hidden.values()) else ""
        state_word = "defeated" if h["defeated"] else f"at {h['space'][0]},{h['space'][1]}" if h["space"] else ""
        lines.append(f"  {h['name']:<8} {state_word}  inspiration {h['inspiration']}  damage {h['damage']}  "
                     f"fear {h['fear']}{faceup}{facedown}  deck {h['deck']}/discard {h['discard']}  prepared "
                     f"{', '.join(h['prepared']) or '-'}  items {', '.join(h['items'])}"
                     + (f"  boons {', '.join(h['boons'])}" if h["boons"] else ""))
    for e in view["enemies"]:
        lines.append(f"  enemy {e['id']}: {e['figures']} {e['enemy']} at {e['space'][0]},{e['space'][1]}"
                     + (f" banner {e['banner']}" if e["banner"] else "") + (" (exhausted)" if e["exhausted"] else ""))
    if view["tokens"]:
        lines.append("  tokens: " + ", ".join(f"{t['id']} at {t['space'][0]},{t['space'][1]}" for t in view["tokens"]))
    if view["attack"]:
        a = view["attack"]
        lines.append(f"  {a['hero']} attacks {a['group']}: {a['successes_left']} success(es) left to spend")
    if view["test"]:
        t = view["test"]
        lines.append(f"  {t['hero']} tests {t['stat']}: revealed {', '.join(t['revealed']) or '-'}")
    lines += [f"  > {line}" for line in view["log"][-3:]]
    if view["over"]:
        lines.append("The heroes win." if view["result"] == "win" else "The heroes lose.")
    else:
        lines.append(f"To move: {view['to_move']}")
    return "\n".join(lines)
