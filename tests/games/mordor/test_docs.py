"""docs/mordor.md stays true: every test its coverage table names exists, and every test of a
rulebook rule or location feature appears in the table."""

import re
from pathlib import Path

HERE = Path(__file__).parent
DOC = HERE.parents[2] / "docs" / "mordor.md"
NAMED = re.compile(r"\b(rulebook|locations|refusals|properties|golden|conformance)::([a-z_]+)")


def defined(module: str) -> set[str]:
    return set(re.findall(r"^def test_(\w+)\(", (HERE / f"test_{module}.py").read_text(encoding="utf-8"), re.M))


def test_every_test_the_doc_names_exists():
    named = {(module, name) for module, name in NAMED.findall(DOC.read_text(encoding="utf-8"))
             if name != "name"}  # the line that explains the notation
    missing = sorted(f"{module}::{name}" for module, name in named if name not in defined(module))
    assert not missing, f"docs/mordor.md names tests that do not exist: {missing}"


def test_every_rule_test_is_in_the_doc():
    named = set(NAMED.findall(DOC.read_text(encoding="utf-8")))
    absent = sorted(f"{module}::{name}" for module in ("rulebook", "locations")
                    for name in defined(module) if (module, name) not in named)
    assert not absent, f"add these tests to the coverage table of docs/mordor.md: {absent}"
