"""The pure core stays pure: model, layout, validate and sim import no I/O libraries and open no files."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
PURE = ("model", "layout", "validate", "sim", "playtest")
FORBIDDEN_IMPORTS = {"yaml", "reportlab", "svgwrite", "cairosvg", "click", "pypdf", "subprocess", "shutil"}
FORBIDDEN_CALLS = {"open"}


def pure_modules() -> list[Path]:
    """The shared pure core, and every game's modules but its loader (the I/O edge of a game:
    ``loader.py``, and ``loader_*.py`` modules a large loader is split into)."""
    shared = [p for folder in PURE for p in (PACKAGE / folder).rglob("*.py")]
    games = [p for p in (PACKAGE / "games").rglob("*.py") if p.name != "loader.py" and not p.name.startswith("loader_")]
    return sorted(shared + games)


@pytest.mark.parametrize("module", pure_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_pure_core_has_no_io(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    typing_only = {id(n) for block in ast.walk(tree) if _is_type_checking(block) for n in ast.walk(block)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
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


def _is_type_checking(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:``: imports for the type checker only, never run."""
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def test_no_module_level_random() -> None:
    for module in pure_modules():
        text = module.read_text(encoding="utf-8")
        for bad in ("random.random(", "random.choice(", "random.shuffle(", "random.randint(", "random.seed("):
            assert bad not in text, f"{module.name} uses the module-level random generator ({bad})"


def _imports(module: Path) -> list[str]:
    """Every module a file imports, relative imports resolved to absolute names."""
    package = ".".join(module.relative_to(PACKAGE.parent).with_suffix("").parts)
    if module.name == "__init__.py":
        package = package.rsplit(".", 1)[0] + ".__init__"
    names: list[str] = []
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: -node.level]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            names += [prefix] + [f"{prefix}.{alias.name}" for alias in node.names]
    return names


def test_only_the_games_import_a_game() -> None:
    """The machinery asks the registry; nothing outside generator/games imports a game's modules."""
    for module in sorted(PACKAGE.rglob("*.py")):
        if module.is_relative_to(PACKAGE / "games"):
            continue
        for name in _imports(module):
            parts = name.split(".")
            assert not (parts[:2] == ["generator", "games"] and len(parts) > 2 and parts[2] != "BUILTIN"), \
                f"{module.relative_to(PACKAGE)} imports {name}: ask generator.registry instead"


def test_a_game_imports_no_other_game() -> None:
    games = PACKAGE / "games"
    for folder in sorted(p for p in games.iterdir() if p.is_dir() and not p.name.startswith("_")):
        for module in sorted(folder.rglob("*.py")):
            for name in _imports(module):
                parts = name.split(".")
                if parts[:2] == ["generator", "games"] and len(parts) > 2:
                    assert parts[2] == folder.name, f"{module.relative_to(PACKAGE)} imports {name}"


def test_the_command_table_matches_the_commands() -> None:
    """``cardforge --help`` lists commands from a table without importing them: it must say what
    each command's own help says."""
    import click

    from generator.cli.main import COMMANDS, cli

    context = click.Context(cli)
    for name, (_, _, text) in COMMANDS.items():
        command = cli.get_command(context, name)
        assert command is not None and command.name == name
        first = " ".join((command.help or "").split("\n\n")[0].split())
        assert text == first, name


def test_light_commands_import_no_pdf_or_image_library() -> None:
    """--help, list, validate, deck, simulate and replay start without the renderers' libraries."""
    import subprocess
    import sys

    heavy = ("reportlab", "pikepdf", "cairosvg", "cairocffi", "svgwrite", "fontTools", "PIL", "pymupdf", "fitz")
    script = (
        "import sys\n"
        "from generator.cli.main import cli\n"
        "for args in (['--help'], ['list'], ['validate'], ['deck', 'hanabi'], ['board', 'sequence'],\n"
        "             ['simulate', 'hanabi', '-k', '2', '-w', '1'], ['replay', 'hanabi', '--help']):\n"
        "    try:\n"
        "        cli(args, prog_name='cardforge')\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r})))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"
