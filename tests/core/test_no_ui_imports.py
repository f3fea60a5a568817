"""dtree_core is the engine: importing all of it must not import a UI library."""

from __future__ import annotations

import ast
import subprocess
import sys

from tests.conftest import ROOT

UI_LIBRARIES = ("streamlit", "plotly", "altair", "matplotlib", "ui")


def test_importing_every_module_loads_no_ui_library():
    modules = sorted(p.stem for p in (ROOT / "dtree_core").glob("*.py") if p.stem != "__main__")
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module('dtree_core.' + m)\n"
            f"print(sorted(k for k in sys.modules if k.split('.')[0] in {UI_LIBRARIES!r}))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_no_module_names_a_ui_library_in_its_imports():
    for path in (ROOT / "dtree_core").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            assert not any(n.split(".")[0] in UI_LIBRARIES for n in names), (path, names)
