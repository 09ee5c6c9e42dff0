"""The layers of generator/ and what keeps them: each imports only from its own layer and those
below it, no import goes round in a circle (function-level and type-only imports included), the
pure core imports no I/O library and opens no file, and docs/architecture.md draws the same layers."""

from __future__ import annotations

import ast
import functools
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


LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("generator.model", "generator.layout", "generator.validate", "generator.sim", "generator.playtest")),
    ("edge", ("generator.files", "generator.loader", "generator.render")),
    ("games", ("generator.games.api", "generator.games")),
    ("app", ("generator.app",)),
    ("cli", ("generator.cli",)),
)
"""The packages of generator/ from the bottom up: each may import from itself and those before it."""

COMPAT = {"generator.registry": "generator.games.api and generator.app.catalog"}
"""Old import paths kept for one release (they re-export what moved): nothing of ours imports them."""

ROOT = "generator"
"""The package itself (its version): everything may import it."""


def _modules() -> dict[str, Path]:
    """Every module of generator/ by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


@functools.cache
def _imports(module: Path, root: Path = PACKAGE.parent) -> list[str]:
    """Every name a file (under the folder ``root``) imports, at the top, in a function or for
    type checking only, relative imports resolved: ``from a import b`` gives ``a.b`` when that is
    a module, else ``a``."""
    package = ".".join(module.relative_to(root).with_suffix("").parts).rsplit(".", 1)[0]
    names: list[str] = []
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            for alias in node.names:
                full = f"{prefix}.{alias.name}"
                names.append(full if full in MODULES else prefix)
    return names


def _layer(name: str) -> int | None:
    """The rank of the package ``name`` belongs to (the longest prefix of LAYERS), None for ROOT."""
    if name == ROOT:
        return None
    ranked = [(len(prefix), rank) for rank, prefix in enumerate(p for _, group in LAYERS for p in group)
              if name == prefix or name.startswith(prefix + ".")]
    assert ranked, f"{name} is in no layer: add its package to LAYERS (and to docs/architecture.md)"
    return max(ranked)[1]


@functools.cache
def _edges() -> dict[str, set[str]]:
    """Module -> the modules of generator/ it imports."""
    edges: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        targets = set()
        for imported in _imports(path):
            while imported and imported not in MODULES:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        edges[name] = targets
    return edges


def test_every_module_is_in_a_layer() -> None:
    for name in MODULES:
        if name not in COMPAT:
            _layer(name)


def _upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import of ``edges`` that goes up a layer, or to an old path kept for compatibility."""
    found = []
    for name, targets in sorted(edges.items()):
        if name in COMPAT:
            continue
        for target in sorted(targets):
            own, other = _layer(name), _layer(target) if target not in COMPAT else len(LAYERS) * 10
            if other is not None and (own is None or other > own):
                found.append(f"{name} imports {target}")
    return found


def test_no_import_goes_up_a_layer() -> None:
    assert _upward(_edges()) == []


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle() -> None:
    assert _cycles(_edges()) == []


def test_the_checks_find_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    """The checks themselves: a module of the core importing the game catalog in a function (as
    the registry's askers did) is read, ranked below it and reported; a circle of three is found."""
    fake = tmp_path / "generator" / "layout" / "x.py"
    fake.parent.mkdir(parents=True)
    fake.write_text("def f():\n    from ..app.catalog import GAMES\n", encoding="utf-8")
    assert _imports(fake, tmp_path) == ["generator.app.catalog"]
    edges = {"generator.layout.x": {"generator.app.catalog", "generator.model"}, "generator.model": set()}
    assert _upward(edges) == ["generator.layout.x imports generator.app.catalog"]
    assert _upward({"generator.cli.main": {"generator.registry"}}) == ["generator.cli.main imports generator.registry"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_architecture_page_draws_these_layers() -> None:
    """docs/architecture.md lists the layers top down, with the packages of each in the same order."""
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("<!-- layers -->", 2)[1]
    drawn = [line.split()[0] for line in block.strip("`\n").splitlines() if line.strip() and not line.startswith(" ")]
    expected = [name for name, _ in reversed(LAYERS)]
    assert drawn == expected
    packages = [f"{p.replace('.', '/')}" for _, group in reversed(LAYERS) for p in reversed(group)]
    positions = [block.find(f"{package}/") if not package.endswith("api") else block.find(f"{package}.py")
                 for package in packages]
    assert -1 not in positions and positions == sorted(positions), list(zip(packages, positions))


def test_only_the_games_import_a_game() -> None:
    """The machinery is handed a game's description; nothing outside generator/games imports a
    game's modules (the game API, generator/games/api.py, and the list of built-in games are not a game)."""
    for module in sorted(PACKAGE.rglob("*.py")):
        if module.is_relative_to(PACKAGE / "games"):
            continue
        for name in _imports(module):
            parts = name.split(".")
            assert not (parts[:2] == ["generator", "games"] and len(parts) > 2 and parts[2] not in ("BUILTIN", "api")), \
                f"{module.relative_to(PACKAGE)} imports {name}: a game is found by generator.app.catalog"


def test_a_game_imports_no_other_game() -> None:
    games = PACKAGE / "games"
    for folder in sorted(p for p in games.iterdir() if p.is_dir() and not p.name.startswith("_")):
        for module in sorted(folder.rglob("*.py")):
            for name in _imports(module):
                parts = name.split(".")
                if parts[:2] == ["generator", "games"] and len(parts) > 2:
                    assert parts[2] in (folder.name, "api"), f"{module.relative_to(PACKAGE)} imports {name}"


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


@pytest.mark.e2e
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
