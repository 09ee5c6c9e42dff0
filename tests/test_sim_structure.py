"""The shape of every game's engine package (``generator/games/<game>/sim``): its modules import
one another without a circle, and they read rule options only through their typed rule settings.

Every import counts: at module level, inside functions, and under ``TYPE_CHECKING`` (a circle
hidden there still ties the modules together for a reader and for a type checker)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "generator" / "games"
PACKAGES = tuple(sorted(p.parent.parent.name for p in GAMES.glob("*/sim/__init__.py")))
FILE_FORMATS = {"hanablive.py"}
"""Readers of community game files: their ``options`` are the file's table options, not rule options."""


def sim(package: str) -> Path:
    return GAMES / package / "sim"


def imports_within(package: Path) -> dict[str, set[str]]:
    """Module name -> the modules of the same package it imports (relative ``from .x import``)."""
    modules = {path.stem for path in package.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
        graph[path.stem] = {name for name in found if name in modules and name != path.stem}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` as a path (first module repeated at the end), or []."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_find_cycle_finds_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle(package: str) -> None:
    graph = imports_within(sim(package))
    assert graph, f"no modules found in {package}"
    cycle = find_cycle(graph)
    assert not cycle, f"import circle in generator/games/{package}/sim: {' -> '.join(cycle)}"


def test_shared_vocabulary_is_a_leaf() -> None:
    graph = imports_within(sim("firecrackers"))
    assert graph["vocab"] == set()
    assert "state" not in graph["actions"] | graph["shop"] | graph["observation"] | graph["invariants"]
    assert "scoring" not in graph["scoreworks"]


@pytest.mark.parametrize("package", PACKAGES)
def test_options_are_read_only_through_the_typed_rule_settings(package: str) -> None:
    """No ``options.get(name, default)``: a default belongs to the definition's ``options:`` block."""
    for path in sorted(sim(package).glob("*.py")):
        if path.name in FILE_FORMATS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                    and isinstance(node.func.value, ast.Attribute | ast.Name)
                    and getattr(node.func.value, "attr", getattr(node.func.value, "id", "")) == "options"):
                pytest.fail(f"{path.name}:{node.lineno} reads a rule option with options.get()")
