"""Journey to Mordor's terminal view: what a player must be able to read off the screen."""

from __future__ import annotations

import io

from rich.console import Console

import middleearth
from middleearth.games.mordor import Sheet
from middleearth.games.mordor.render import describe, render


def shown(state, seat=0) -> str:
    screen = io.StringIO()
    Console(file=screen, width=100, color_system=None).print(render(state, seat))
    return screen.getvalue()


def test_the_dice_tray_shows_each_die_and_what_is_set_aside():
    state = middleearth.load("mordor", players=2).new_state()
    assert "To roll" in shown(state) and "yellow   red   blue   green   black" in shown(state)
    state.apply("roll yellow:ring red:orc blue:gandalf green:fellowship black:tree")
    state.apply("keep yellow:ring")
    state.apply("roll red:nazgul blue:ring green:orc black:tree")
    screen = shown(state)
    assert "Turn of Frodo" in screen
    set_aside = screen[screen.index("Set aside"):screen.index("Rolled")]
    assert "Ring" in set_aside and "Nazgûl" not in set_aside
    rolled = screen[screen.index("Rolled"):]
    for face in ("Nazgûl", "Ring", "Orc", "White Tree"):
        assert face in rolled


def test_both_routes_show_position_marks_elimination_and_mordor():
    state = middleearth.load("mordor", players=3).new_state()
    goal = state.parts.goal
    spaces = state.parts.nazgul_spaces
    state.sheets[0] = Sheet(ring=goal, splits=0b1, marked=1)  # in Mordor, half of space 1 marked
    state.sheets[1] = Sheet(ring=3, marked=spaces)  # every Nazgûl space marked: eliminated
    screen = shown(state)
    frodo = next(line for line in screen.splitlines() if "Frodo" in line and "unmarked" in line)
    assert "▪▫" in frodo and "in Mordor" in frodo and f"{spaces} unmarked" in frodo
    sam = next(line for line in screen.splitlines() if "Sam" in line and "■" in line)
    assert sam.count("■") == spaces and "eliminated" in sam
    mordor = next(line for line in screen.splitlines() if line.startswith("Mordor"))
    assert mordor.split()[1] == "◉"  # Frodo's token stands on the goal


def test_the_feature_in_force_is_named_in_the_locations_variant():
    state = middleearth.load("mordor", players=2, variant="locations").new_state()
    state.sheets[0] = Sheet(ring=1)  # Frodo starts his turn in Rivendell
    assert "At Rivendell: you may set aside identical symbols" in shown(state)
    basic = middleearth.load("mordor", players=2).new_state()
    basic.sheets[0] = Sheet(ring=1)
    assert "At Rivendell" not in shown(basic)


def test_the_log_tells_what_happened():
    state = middleearth.load("mordor", players=2).new_state()
    state.apply("roll yellow:ring red:orc blue:gandalf green:fellowship black:tree")
    state.apply("keep yellow:ring black:tree")
    screen = shown(state)
    assert "Frodo sets aside the White Tree and stops" in screen
    assert "Frodo advances 1 to" in screen


def test_an_action_keeps_its_dice_in_order():
    action = middleearth.load("mordor", players=2).parse_action("keep black:tree yellow:ring")
    assert describe(action).plain == "keep  Ring   White Tree "
