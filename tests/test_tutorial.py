"""docs/rules-files.md, the tutorial of rules files, run step by step: every file it writes is
written, every change made, every command run in its order, with the exit status and the line of
output it says to expect. A snippet of the page that no longer works fails here.

The page marks its steps with HTML comments before a fenced block (invisible when rendered):
``<!-- file: PATH -->`` writes the block to PATH, ``<!-- append: PATH -->`` adds it,
``<!-- replace: PATH -->`` replaces the top-level functions of the block in PATH, and
``<!-- run: exit=N expect="TEXT" -->`` runs each ``cardforge`` line of the block and checks the
last one's exit status and that TEXT is in its output.
"""

from __future__ import annotations

import ast
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "rules-files.md"
STEP = re.compile(r"<!-- (file|append|replace|run): ?(.*?) -->\n```[a-z]*\n(.*?)```", re.S)


def steps() -> list[tuple[str, str, str]]:
    return [(kind, argument.strip(), body) for kind, argument, body in STEP.findall(PAGE.read_text(encoding="utf-8"))]


def replace_functions(path: Path, block: str) -> None:
    """Each top-level function of ``block`` in place of the one of its name in ``path``."""
    text = path.read_text(encoding="utf-8")
    for function in ast.parse(block).body:
        assert isinstance(function, ast.FunctionDef), "a replace step holds functions"
        lines = text.splitlines(keepends=True)
        old = next(node for node in ast.parse(text).body
                   if isinstance(node, ast.FunctionDef) and node.name == function.name)
        new = "".join(block.splitlines(keepends=True)[function.lineno - 1:function.end_lineno])
        text = "".join(lines[:old.lineno - 1]) + new + "".join(lines[old.end_lineno:])
    path.write_text(text, encoding="utf-8")


def write_step(project: Path, kind: str, argument: str, body: str) -> None:
    """A ``file``, ``append`` or ``replace`` step of the page, done to the project's file ``argument``."""
    path = project / argument
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "file":
        path.write_text(body, encoding="utf-8")
    elif kind == "append":
        path.write_text(path.read_text(encoding="utf-8") + body, encoding="utf-8")
    else:
        replace_functions(path, body)


def run(line: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    args = shlex.split(line)
    assert args[0] == "cardforge", line
    return subprocess.run([sys.executable, "-m", "generator.cli.main", *args[1:]], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


def test_the_tutorial_runs_step_by_step(tmp_path: Path) -> None:
    project = tmp_path / "kites"
    ran = 0
    for kind, argument, body in steps():
        if kind in ("file", "append", "replace"):
            write_step(project, kind, argument, body)
            continue
        wanted = dict(re.findall(r'(\w+)=("[^"]*"|\S+)', argument))
        commands = [line for line in body.splitlines() if line.strip()]
        for number, line in enumerate(commands):
            done = run(line, project)
            ran += 1
            last = number == len(commands) - 1
            status = int(wanted.get("exit", "0")) if last else 0
            assert done.returncode == status, f"{line}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
            assert "Traceback" not in done.stderr, done.stderr
            if last and "expect" in wanted:
                assert wanted["expect"].strip('"') in done.stdout + done.stderr, f"{line}:\n{done.stdout}{done.stderr}"
    assert ran >= 8  # the page's commands all ran
    rules = (project / "card_defs" / "rules.py").read_text(encoding="utf-8")
    assert "def worth" in rules and "def facts" in rules
