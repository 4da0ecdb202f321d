"""Run every benchmark in bench/ (each module's `main()`), one after another.

`make bench` calls this; `python bench/run_all.py site deck` runs only those.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def load(path: Path):
    spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    # dataclasses and pickling look the module up by name while it executes.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    wanted = set(argv)
    failures = 0
    for path in sorted(BENCH.glob("*.py")):
        if path.name == Path(__file__).name or (wanted and path.stem not in wanted):
            continue
        module = load(path)
        if not hasattr(module, "main"):
            continue
        print(f"\n=== bench/{path.name}", flush=True)
        start = time.perf_counter()
        status = module.main()
        print(f"=== bench/{path.name}: {time.perf_counter() - start:.1f} s", flush=True)
        failures += bool(status)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
