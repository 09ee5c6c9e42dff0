"""The pure core stays pure: model, layout, validate and sim import no I/O libraries and open no files."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
PURE = ("model", "layout", "validate", "sim")
FORBIDDEN_IMPORTS = {"yaml", "reportlab", "svgwrite", "cairosvg", "click", "pypdf", "subprocess", "shutil"}
FORBIDDEN_CALLS = {"open"}


def pure_modules() -> list[Path]:
    return sorted(p for folder in PURE for p in (PACKAGE / folder).rglob("*.py"))


@pytest.mark.parametrize("module", pure_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_pure_core_has_no_io(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN_IMPORTS, f"{module.name} imports {name}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{module.name} calls {node.func.id}()"
        if isinstance(node, ast.Attribute) and node.attr in ("read_text", "write_text", "read_bytes", "write_bytes"):
            pytest.fail(f"{module.name} reads or writes files ({node.attr})")


def test_no_module_level_random() -> None:
    for module in pure_modules():
        text = module.read_text(encoding="utf-8")
        for bad in ("random.random(", "random.choice(", "random.shuffle(", "random.randint(", "random.seed("):
            assert bad not in text, f"{module.name} uses the module-level random generator ({bad})"
