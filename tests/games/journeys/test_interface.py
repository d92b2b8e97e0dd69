"""The app's half and the table's half talk only through interface.py (issue: "keep the app's half
apart from the table's half behind one clear interface"), so a real table can replace ours."""

import ast
import inspect
from pathlib import Path

from middleearth.core.contract import State
from middleearth.games.journeys import state as journeys_state
from middleearth.games.journeys.interface import TableSide, WorldSide

PACKAGE = Path(journeys_state.__file__).parent
WORLD = ("world.py", "enemies.py")
TABLE = ("heroes.py", "abilities.py", "attacks.py", "wounds.py")
# What each half keeps of the state; the other half never touches it.
WORLD_DATA = {"placements", "unexplored", "tokens", "removed_tokens", "groups", "spawned", "fired",
              "variables", "progress", "objective", "lore", "xp", "rewards", "threat", "result", "end_reason"}
TABLE_DATA = {"heroes", "weakness_deck", "wound_decks", "turn", "actions_left", "moves"}


def _self_attributes(path: Path) -> set[str]:
    """Every ``self.NAME`` the module reads, writes or calls."""
    tree = ast.parse(path.read_text())
    return {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"}


def _defined(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for node in cls.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _protocol(cls) -> set[str]:
    """The methods and attributes a Protocol declares (not those Protocol itself brings)."""
    return {name for name, value in vars(cls).items()
            if inspect.isfunction(value) and not name.startswith("__")} | set(cls.__annotations__)


def _shared(package: Path) -> set[str]:
    """What both halves may use: state.py's methods and the contract of State."""
    return _defined(package / "state.py") | {n for n in dir(State)} | {"game", "stack", "log", "phase", "round"}


def _foreign(half: tuple[str, ...], own_data: set[str], allowed: set[str], package: Path = PACKAGE) -> list[str]:
    """What ``half`` uses that is neither its own, nor shared, nor the other half's interface."""
    own = set().union(*(_defined(package / f) for f in half)) | own_data
    used = set().union(*(_self_attributes(package / f) for f in half))
    return sorted(used - own - _shared(package) - allowed)


def test_the_world_reaches_the_heroes_only_through_the_table_side():
    assert _foreign(WORLD, WORLD_DATA, _protocol(TableSide)) == []


def test_the_heroes_reach_the_world_only_through_the_world_side():
    assert _foreign(TABLE, TABLE_DATA, _protocol(WorldSide)) == []


def test_each_side_of_the_interface_is_implemented_by_its_half():
    world = set().union(*(_defined(PACKAGE / f) for f in WORLD))
    table = set().union(*(_defined(PACKAGE / f) for f in TABLE))
    assert _protocol(WorldSide) - {"heroes"} <= world
    assert _protocol(TableSide) - {"heroes"} <= table | _defined(PACKAGE / "state.py")


def test_the_check_catches_a_world_that_reaches_into_a_heros_deck(tmp_path):
    """The check itself can fail: a world module that reads the damage deck or resets a skill
    deck is caught."""
    peek = "\n    def _peek(self):\n        return self.wound_decks, self._reset_deck(0)\n"
    (tmp_path / "world.py").write_text((PACKAGE / "world.py").read_text() + peek)
    for name in ("enemies.py", "heroes.py", "attacks.py", "wounds.py", "state.py"):
        (tmp_path / name).write_text((PACKAGE / name).read_text())
    assert _foreign(WORLD, WORLD_DATA, _protocol(TableSide), tmp_path) == ["_reset_deck", "wound_decks"]


def test_no_two_modules_of_the_rules_define_the_same_method():
    """The halves are mixins of one class: a name defined twice would silently hide one rule."""
    modules = (*WORLD, *TABLE, "state.py")
    seen: dict[str, str] = {}
    twice = []
    for module in modules:
        for name in _defined(PACKAGE / module):
            if name in seen and not name.startswith("__"):
                twice.append(f"{name}: {seen[name]} and {module}")
            seen.setdefault(name, module)
    assert twice == []
