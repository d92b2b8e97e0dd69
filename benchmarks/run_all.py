"""Run every benchmark in turn and print one JSON line per figure (`make bench`).

Each benchmark is a script beside this one with a ``main()``; they run one after another, never
at once, so none steals the core another measures.
"""

from __future__ import annotations

import importlib.util
import platform
import sys
from pathlib import Path

HERE = Path(__file__).parent
BENCHMARKS = sorted(path for path in HERE.glob("bench_*.py"))


def main() -> None:
    print(f"# python {platform.python_version()} on {platform.machine()}, {platform.platform()}")
    for path in BENCHMARKS:
        print(f"# {path.name}", flush=True)
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.argv = [str(path)]  # each benchmark with its own defaults
        module.main()


if __name__ == "__main__":
    main()
