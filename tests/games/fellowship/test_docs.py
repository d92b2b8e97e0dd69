"""docs/fellowship.md stays true: every test and code name its coverage table gives exists, and
every rulebook example test appears in it."""

import fnmatch
import re
from pathlib import Path

HERE = Path(__file__).parent
DOC = (HERE.parents[2] / "docs" / "fellowship.md").read_text(encoding="utf-8")
CODE = HERE.parents[2] / "src" / "middleearth" / "games" / "fellowship"
ROWS = [line for line in DOC.splitlines() if line.startswith("| ") and line.count("|") == 4]


def defined_tests(module: str) -> list[str]:
    return re.findall(r"^def (test_\w+)\(", (HERE / f"{module}.py").read_text(encoding="utf-8"), re.M)


def test_every_test_the_table_names_exists():
    missing = []
    for row in ROWS:
        cell = row.split("|")[3]
        module = None
        for word in re.findall(r"(test_[a-z_*]+)", cell):
            if (HERE / f"{word}.py").exists():
                module = word
                continue
            if module and not fnmatch.filter(defined_tests(module), word):
                missing.append(f"{module}::{word}")
    assert not missing, f"docs/fellowship.md names tests that do not exist: {missing}"


def test_every_function_the_table_names_exists():
    source = "\n".join(path.read_text(encoding="utf-8") for path in CODE.glob("*.py"))
    named = {word for row in ROWS for word in re.findall(r"`(_?[a-z_]+)[`*]", row.split("|")[2])}
    missing = sorted(name for name in named if not name.endswith(".py") and
                     not re.search(rf"\b{name.rstrip('_')}", source))
    assert not missing, f"docs/fellowship.md names code that does not exist: {missing}"


def test_every_rulebook_example_is_in_the_table():
    table = "\n".join(ROWS)
    absent = [name for name in defined_tests("test_rulebook")
              if name not in table and not any(fnmatch.fnmatch(name, pattern)
                                                for pattern in re.findall(r"test_example_[a-z_]*\*", table))]
    assert not absent, f"add these rulebook examples to the table in docs/fellowship.md: {absent}"
