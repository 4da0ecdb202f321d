"""The core under `gong/` is pure Python: no module but the entry point `gong/cli.py` imports a
face's libraries, so a web table or a script can use the referee without them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

GONG = Path(__file__).resolve().parents[2] / "gong"
FACE_LIBRARIES = {"click", "tqdm", "matplotlib", "flask", "PIL", "server", "printables", "terminal"}
ENTRY_POINT = GONG / "cli.py"


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def core_modules() -> list[Path]:
    return sorted(p for p in GONG.rglob("*.py") if p != ENTRY_POINT)


def test_no_core_module_imports_a_face_library():
    found = {str(p.relative_to(GONG)): imported_roots(p) & FACE_LIBRARIES for p in core_modules()}
    assert len(found) > 10  # the scan sees the whole core
    assert {name: libs for name, libs in found.items() if libs} == {}
    assert "click" in imported_roots(ENTRY_POINT)  # the scan does see imports


def test_importing_the_whole_core_loads_no_face_library():
    modules = [
        ".".join(p.relative_to(GONG.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in core_modules()
    ]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(sorted(set({sorted(FACE_LIBRARIES)!r}) & set(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
