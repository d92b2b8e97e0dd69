"""What each seat sees: the observation (JSON-ready) and its plain-text rendering.

Everything on the table is public: the hobbits, chips, helps in front of each player, the
stacks' sizes, the back of the open question card and the question read out with its options.
The open card's answers (and its bracketed options) are seen by the reader seat alone, when a
person's seat reads (option ``reader=seat``); everyone learns the answer once it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from middleearth.games.trivia.actions import CHIP_NAMES

if TYPE_CHECKING:
    from middleearth.games.trivia.state import TriviaState


def observe(state: "TriviaState", seat: int | None) -> dict[str, Any]:
    game = state.game
    c = game.components
    names = game.seat_names()
    current = state.current_player
    view: dict[str, Any] = {
        "seat": seat,
        "active": names[state.active],
        "reader": names[state.reader],
        "to_move": names[current] if current >= 0 else None,
        "deciding": state.describe_decision(),
        "phase": state.phase,
        "turn_start": c.locations[state.turn_start],
        "road": [
            {"name": name, "eye": c.eyes[i], "safe": c.safe[i], "special": c.kinds[i] == "special",
             "cost": " ".join(f"{n} {kind}" for kind, n in zip(CHIP_NAMES, c.costs[i]) if n)}
            for i, name in enumerate(c.locations)
        ],
        "players": [
            {
                "name": names[s],
                "location": c.locations[state.positions[s]],
                "space": state.positions[s],
                "chips": dict(zip(CHIP_NAMES, state.chips[s])),
                "helps": [{"id": item, "symbol": c.item_symbol(item)} for item in sorted(state.items[s])],
            }
            for s in range(game.num_players)
        ],
        "supply": dict(zip(CHIP_NAMES, state.supply)),
        "event_tiles_left": len(state.tiles),
        "stacks": {c.locations[i]: sum(map(len, stack)) for i, stack in enumerate(state.stacks) if c.stacks[i]},
        "location_card": _location_card(state),
        "difficulty": state.difficulty or None,
        "card_back": state.card_back(),
        "question": None,
        "card": None,  # the whole open card: the reader's seat only
        "last_answer": dict(state.last) if state.last else None,
        "winner": names[state.winner] if state.winner is not None else None,
        "over": state.ended,
    }
    question = state.question()
    if question is not None:
        view["question"] = {
            "number": (state.qnumber or 0) + 1,
            "text": question.text,
            "options": [question.options[i] for i in state.shown],
            "reward": question.reward,
        }
    if seat is not None and seat == state.knower and state.qcard is not None:
        # The reader holds the card: every question, its right option and its bracketed one.
        view["card"] = [
            {"number": n + 1, "text": q.text, "options": list(q.options), "difficulty": q.difficulty,
             "reward": q.reward, "correct": state.keys[n][0], "bracket": state.keys[n][1]}
            for n, q in enumerate(game.cards[state.qcard].question)
        ]
    return view


def _location_card(state: "TriviaState") -> dict[str, Any] | None:
    card = state.components.cards.get(state.location_card or "")
    if card is None:
        return None
    return {"id": card.id, "name": card.name, "border": card.border, "eye": card.eye, "danger": card.danger,
            "damage": dict(zip(CHIP_NAMES, card.damage)), "symbol": card.symbol, "final": card.final}


def _chips(chips: dict[str, int]) -> str:
    return " ".join(f"{name[0].upper()}{n}" for name, n in chips.items())


def plain_text(state: "TriviaState", seat: int | None) -> str:
    """A compact terminal view of ``observe(state, seat)``."""
    view = observe(state, seat)
    c = state.components
    lines = []
    board = []
    for i, name in enumerate(c.locations):
        here = "".join(p["name"][0] for p in view["players"] if p["space"] == i)
        mark = "*" if c.safe[i] else ""
        board.append(f"{name}{mark}" + (f"[{here}]" if here else ""))
    lines.append(" > ".join(board))
    for p in view["players"]:
        helps = ", ".join(h["id"] for h in p["helps"]) or "no helps"
        lines.append(f"  {p['name']:<7} at {p['location']:<13} chips {_chips(p['chips'])}  {helps}")
    lines.append(f"supply {_chips(view['supply'])}, {view['event_tiles_left']} event tiles left "
                 "(R Ring, C Combat, T Travel; * safe)")
    card = view["location_card"]
    if card:
        extra = [f"{card['eye']} eye" if card["eye"] else "", "danger" if card["danger"] else "",
                 f"damage {_chips(card['damage'])}" if any(card["damage"].values()) else "",
                 str(card["symbol"] or "").replace("_", " "), "final challenge" if card["final"] else ""]
        lines.append(f"Location card: {card['name']} ({card['border']}; {', '.join(e for e in extra if e)})")
    if view["card_back"]:
        lines.append(f"Question card ({view['difficulty']}), rewards on the back: "
                     + ", ".join(f"{n}: {r}" for n, r in enumerate(view["card_back"], start=1)))
    if view.get("card"):
        lines.append("You are the reader. The card:")
        for q in view["card"]:
            options = "; ".join(("=>" if i == q["correct"] else "") + (f"({o})" if i == q["bracket"] else o)
                                for i, o in enumerate(q["options"]))
            lines.append(f"  {q['number']}. [{q['difficulty']}] {q['text']}  {options}")
    if view["question"]:
        q = view["question"]
        lines.append(f"Question {q['number']}: {q['text']}")
        lines += [f"  {k}) {option}" for k, option in enumerate(q["options"], start=1)]
    last = view["last_answer"]
    if last and not view["question"]:
        if last["given"] is None:
            verdict = f"answered by {last['how'].replace('_', ' ')}"
        else:
            verdict = "right" if last["right"] else f"wrong: {last['given']} was answered"
        lines.append(f"Last question: {last['question']} -> {last['answer']} ({verdict})")
    if view["over"]:
        lines.append(f"Game over: {view['winner']} wins." if view["winner"] else "Game over without a winner.")
    else:
        lines.append(view["deciding"])
    return "\n".join(lines)
